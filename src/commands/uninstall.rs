//! `gitvow uninstall`: takes out what install wrote (the record says what), through the same
//! plan, preview and apply as install.

use super::install::apply_command;
use crate::agents::{self, AgentSpec};
use crate::error::Result;
use crate::install::plan::Operation;
use crate::install::record::InstallRecord;
use crate::install::settings::UninstallRequest;
use crate::install::{NoneNamed, inspect, resolve_scope, select_agents};
use crate::paths::{Scope, display};
use crate::safefs::{self, Area};

/// `gitvow uninstall`.
pub fn run(request: &UninstallRequest) -> Result<i32> {
    let settings = &request.settings;
    if settings.json {
        crate::output::for_machines();
    }
    // Taking the hooks out switches the gate off: never an agent's own doing.
    if settings.mode == crate::install::settings::Mode::Apply {
        crate::person::require_no_agent("gitvow uninstall")?;
    }
    let scope = resolve_scope(&settings.place)?;
    let agents = if scope.is_system() {
        crate::install::system::require_root("uninstall")?;
        crate::install::system::select(&settings.agents, &scope, false)?
    } else {
        select_agents(&settings.agents, &scope, NoneNamed::All)?
    };
    // A policy that must stay keeps only itself: the hooks still come out.
    let kept = if request.purge_policy { policy_kept(&scope, &agents, request.force)? } else { None };
    let code = super::install::plan_and_apply(
        settings,
        &scope,
        &agents,
        &Operation::Uninstall { purge_policy: request.purge_policy && kept.is_none() },
    )?;
    if let Some(kept) = kept {
        crate::output::line(&kept);
    }
    Ok(code)
}

/// `--purge-policy` removes only what gitvow wrote and nobody still uses: the default policy (an
/// edited one only with `--force`), once no other agent of the scope is left with gitvow's hooks.
/// The line that says why the policy stays, when it does.
fn policy_kept(scope: &Scope, agents: &[&'static AgentSpec], force: bool) -> Result<Option<String>> {
    let path = scope.policy_path();
    let Some(bytes) = safefs::read_target(&path, scope, Area::Config)? else { return Ok(None) };
    let keep = |why: String, fix: String| Ok(Some(format!("policy: kept {}: {why}; {fix}", display(&path))));
    if bytes != crate::gate::policy::DEFAULT_POLICY.as_bytes() && !force {
        let again = format!("{} --force", apply_command());
        return keep("it differs from the default policy (your edits)".into(), format!("to remove it anyway: {again}"));
    }
    let mut users: Vec<&str> = agents::AGENTS
        .iter()
        .filter(|a| !agents.iter().any(|s| s.name == a.name) && inspect::Inspected::read(scope, a).installed_here())
        .map(|a| a.name)
        .collect();
    let record = InstallRecord::load(scope)?;
    users.extend(record.files.values().filter_map(|f| f.adapter.as_deref()).filter(|n| !agents.iter().any(|s| s.name == *n)));
    users.sort_unstable();
    users.dedup();
    if !users.is_empty() {
        let list = users.join(",");
        return keep(format!("{} still use it", users.join(", ")), format!("uninstall those too (--agent {list}) to remove it"));
    }
    Ok(None)
}
