//! Doctor's checks of an agent whose hooks live in a YAML file (hermes): gitvow's entries as install
//! writes them, and the person's consent, without which hermes skips them.

use super::{CheckResult, CheckedScopes};
use crate::edit::yaml;
use crate::install::inspect::Inspected;
use crate::install::yaml_hooks;
use crate::paths::display;

/// hermes 0.19.0 keeps the person's consent to each (event, command) here, beside config.yaml.
const ALLOWLIST: &str = "shell-hooks-allowlist.json";

pub(crate) fn entries(ctx: &CheckedScopes, ins: &Inspected, gitvow: &str) -> Vec<CheckResult> {
    let agent = ins.agent;
    let fix = format!("run `{}`: it updates gitvow's entries in place and keeps the rest of the file", ctx.install_command(agent));
    let text = ins.text.as_deref().unwrap_or("");
    let Ok(found) = yaml_hooks::found(text) else { return Vec::new() };
    let mut problems = Vec::new();
    for ev in agent.install.events {
        let here: Vec<_> = found.iter().filter(|f| f.event == ev.name).collect();
        match here.as_slice() {
            [] => problems.push(CheckResult::fail("entries", format!("no gitvow entry under `hooks.{}`", ev.name), fix.clone())),
            [one] if yaml_hooks::is_current(agent, gitvow, one) => {}
            [one, ..] => problems.push(CheckResult::fail(
                "entries",
                format!(
                    "{}:{}:{}: gitvow's entry under `hooks.{}` is not the one this version writes",
                    display(&ins.path),
                    one.line,
                    one.col,
                    ev.name
                ),
                fix.clone(),
            )),
        }
    }
    if problems.is_empty() {
        return vec![CheckResult::ok(
            "entries",
            format!("gitvow's {} entries are the ones this version writes", agent.install.events.len()),
        )];
    }
    problems
}

/// Whether hermes will run gitvow's hooks: the person consented to each, or switched consent off.
pub(crate) fn consent(ins: &Inspected) -> Option<CheckResult> {
    let text = ins.text.as_deref()?;
    let found = yaml_hooks::found(text).ok().filter(|f| !f.is_empty())?;
    if yaml::top_scalar(text, "hooks_auto_accept").is_some_and(|v| v.eq_ignore_ascii_case("true")) {
        return Some(CheckResult::ok("consent", "hooks_auto_accept: true: hermes runs every hook in the file without asking"));
    }
    let path = ins.path.with_file_name(ALLOWLIST);
    let approvals: Vec<(String, String)> = std::fs::read(&path)
        .ok()
        .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
        .and_then(|v| v.get("approvals")?.as_array().cloned())
        .unwrap_or_default()
        .iter()
        .filter_map(|a| Some((a.get("event")?.as_str()?.to_string(), a.get("command")?.as_str()?.trim().to_string())))
        .collect();
    let missing: Vec<&str> = found
        .iter()
        .filter(|f| !approvals.iter().any(|(e, c)| *e == f.event && *c == f.command.trim()))
        .map(|f| f.event.as_str())
        .collect();
    if missing.is_empty() {
        return Some(CheckResult::ok("consent", format!("{} lists every gitvow hook as consented to", display(&path))));
    }
    Some(CheckResult::fail(
        "consent",
        format!("hermes skips gitvow's hooks for {} until you consent to them ({} does not list them)", missing.join(", "), display(&path)),
        "start `hermes` in a terminal and accept gitvow's hooks when it asks (or start it once with --accept-hooks); gitvow does not consent for you",
    ))
}
