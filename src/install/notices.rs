//! What a person must know about an install before saying yes to it, printed after the preview
//! (so that a pager does not carry it off the screen) and before the question: the bare `gitvow`
//! the entries name is not the one that would run, the agent is gated twice (installed in the
//! other scope too), a new repository policy counts in full only once trusted.

use super::inspect::Inspected;
use super::plan::Plan;
use crate::agents::AgentSpec;
use crate::paths::{Scope, display};

/// The warnings and notes of an install of `agents` into `scope` whose entries run `command`.
pub fn install(scope: &Scope, agents: &[&'static AgentSpec], command: &str, plan: &Plan) -> Vec<String> {
    let mut out = Vec::new();
    // A repository's entries name a bare `gitvow`, found on the PATH of whoever runs the agent there.
    if scope.is_repo() && command == "gitvow" {
        out.extend(super::command_line::bare_command_warning(agents));
    }
    if let Some(other) = other_scope(scope) {
        out.extend(agents.iter().filter(|a| Inspected::read(&other, a).installed_here()).map(|a| gated_twice(scope, &other, a)));
    }
    out.extend(untrusted_policy(scope, plan));
    out
}

/// The scope whose install of the same agent runs beside this one's: the user's for a
/// repository, the repository the command runs in for the user's.
fn other_scope(scope: &Scope) -> Option<Scope> {
    match scope {
        Scope::Repo(_) => crate::paths::home().map(|home| Scope::User { home }),
        Scope::User { .. } => std::env::current_dir().ok().and_then(|d| crate::paths::find_repo(&d)).map(Scope::Repo),
        Scope::System { .. } => None,
    }
}

/// The agent reads both scopes' files, and runs both of gitvow's entries for each call.
fn gated_twice(scope: &Scope, other: &Scope, agent: &AgentSpec) -> String {
    let name = agent.name;
    let theirs = display(&other.agent_file(agent));
    let undo = super::command_line::uninstall_command(other, agent);
    match other {
        Scope::User { .. } => format!(
            "warning: {name} already runs gitvow from {theirs} (your user install), and reads {} too: each of its calls in this repository will be judged twice, once by each; to judge once, leave {name} out of this install, or run `{undo}` (then only repositories with their own install are gated)",
            display(&scope.agent_file(agent))
        ),
        _ => format!(
            "warning: {name} also runs gitvow from {theirs} (the install of the repository you are in): each of its calls there will be judged twice, once by each; to judge once there, run `{undo}`"
        ),
    }
}

/// A repository policy this run writes that names programs or exceptions nobody trusted yet:
/// until then its programs do not run and its exceptions do not apply.
fn untrusted_policy(scope: &Scope, plan: &Plan) -> Option<String> {
    let Scope::Repo(repo) = scope else { return None };
    let path = scope.policy_path();
    let bytes = plan.changes.iter().find(|c| c.path == path)?.after.as_ref()?;
    let text = std::str::from_utf8(bytes).ok()?;
    let policy = crate::gate::policy::parse(text, crate::gate::policy::Source::File(path.clone())).ok()?;
    if !policy.needs_trust() || crate::gate::policy::trust_record::is_trusted(&path, bytes) {
        return None;
    }
    Some(format!(
        "note: {} is not trusted yet: its programs do not run and its exceptions do not apply until you read it and run `gitvow trust {}` in your own terminal",
        display(&path),
        crate::output::shell_path(&repo.top)
    ))
}
