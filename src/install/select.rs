//! Which scope and which agents a run of install, uninstall or doctor takes.

use super::{adapter_agent, record::InstallRecord, settings::RequestedScope};
use crate::agents::{self, AgentSpec};
use crate::error::{Error, Result};
use crate::paths::{self, Scope, display};
use std::path::Path;

/// The scope `--user` or a repository path names (default: the current directory's repository).
pub fn resolve_scope(place: &RequestedScope) -> Result<Scope> {
    let repo = match place {
        RequestedScope::User => {
            let home = paths::home().ok_or_else(|| Error::new("cannot find the home directory").hint("set HOME"))?;
            return Ok(Scope::User { home });
        }
        RequestedScope::Repo(repo) => repo,
        RequestedScope::System => return Ok(Scope::System { root: paths::system_root() }),
    };
    let start = match repo {
        Some(p) => {
            Error::named_directory(p)?;
            p.clone()
        }
        None => std::env::current_dir().map_err(|e| Error::new(format!("cannot read the current directory: {e}")))?,
    };
    let start = start.canonicalize().map_err(|e| Error::io("open", &start, &e))?;
    let repo = paths::find_repo(&start)
        .ok_or_else(|| Error::not_in_repo(&start).hint("pass --user to configure your own agents, or the path of a repository"))?;
    // The record and the lock go into the git directory: a `.git` file naming some other directory
    // must not make gitvow create anything there.
    if !paths::is_git_dir(&repo.git_dir) {
        return Err(Error::new(format!(
            "{}/.git names {} as its git directory, which is not one",
            display(&repo.top),
            display(&repo.git_dir)
        ))
        .hint("fix the `gitdir:` line of the .git file (git itself would refuse it); nothing was written"));
    }
    Ok(Scope::Repo(repo))
}

/// Which agents a run takes when no `--agent` names any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoneNamed {
    /// Every agent found on this machine: install.
    Found,
    /// Every built-in agent, and the adapters' agents the install record names: uninstall and
    /// doctor, which then look in each file for gitvow's entries.
    All,
}

/// The agents named with `--agent`, or with none those `none_named` says.
pub fn select_agents(names: &[String], scope: &Scope, none_named: NoneNamed) -> Result<Vec<&'static AgentSpec>> {
    if !names.is_empty() {
        let mut out: Vec<&'static AgentSpec> = Vec::new();
        for name in names {
            // Also by the agent's program (`droid` is factory's), as a person knows it from the terminal.
            let by_program = || agents::AGENTS.iter().find(|a| a.install.detect_commands.contains(&name.as_str()));
            let agent = match agents::find(name).or_else(by_program) {
                Some(agent) => agent,
                None if crate::gate::adapter::find(name).is_ok() => adapter_agent::spec(name)?,
                None => {
                    let known: Vec<&str> = agents::AGENTS.iter().map(|a| a.name).collect();
                    if let Some(near) = crate::spelling::closest(name, &known) {
                        return Err(Error::usage(format!("unknown agent `{name}`; did you mean `{near}`?"))
                            .hint(format!("known agents: {}", known.join(", "))));
                    }
                    return Err(Error::usage(format!("unknown agent `{name}`")).hint(format!(
                        "known agents: {}; another agent needs an adapter `gitvow-agent-{name}` on the PATH or in ~/.gitvow/agents/",
                        known.join(", ")
                    )));
                }
            };
            if !out.iter().any(|a| a.name == agent.name) {
                out.push(agent);
            }
        }
        return Ok(out);
    }
    if none_named == NoneNamed::All {
        let mut all: Vec<&'static AgentSpec> = agents::AGENTS.iter().collect();
        let record = InstallRecord::load(scope)?;
        let mut adapters: Vec<&str> = record.files.values().filter_map(|f| f.adapter.as_deref()).collect();
        adapters.sort_unstable();
        adapters.dedup();
        for name in adapters {
            match adapter_agent::spec(name) {
                Ok(agent) => all.push(agent),
                Err(e) => crate::say!("gitvow: skipping agent `{name}`: {}", e.message),
            }
        }
        return Ok(all);
    }
    let found: Vec<&'static AgentSpec> = agents::AGENTS.iter().filter(|a| is_present(a, scope)).collect();
    if found.is_empty() {
        return Err(Error::new("no agent found on this machine (no config directory, no command on the PATH)")
            .hint("name the agents to configure with --agent, e.g. --agent claude --agent codex"));
    }
    let names: Vec<&str> = found.iter().map(|a| a.name).collect();
    crate::output::line(&format!("Agents found: {}", names.join(", ")));
    Ok(found)
}

fn is_present(agent: &AgentSpec, scope: &Scope) -> bool {
    // An agent with no repository file is not installed in one, wherever it is.
    if agent.install.repo_file.is_empty() && !scope.is_user() {
        return false;
    }
    let home = paths::home();
    let in_home =
        home.as_ref().is_some_and(|h| agent.install.detect_dirs.iter().any(|d| crate::agents::homes::in_home(h, agent, d).is_dir()));
    let in_scope = scope.agent_file(agent).parent().is_some_and(Path::is_dir);
    in_home || in_scope || agent.install.detect_commands.iter().any(|c| paths::on_path(c))
}
