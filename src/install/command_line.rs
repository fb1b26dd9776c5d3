//! The `gitvow install` command line for one agent in one scope: the fix most problems have, named
//! by doctor's checks and by install's own reports.

use crate::agents::AgentSpec;
use crate::paths::Scope;

pub fn install_command(scope: &Scope, agent: &AgentSpec) -> String {
    match scope {
        Scope::User { .. } => format!("gitvow install --user --agent {}", agent.name),
        Scope::Repo(r) => format!("gitvow install {} --agent {}", crate::output::shell_path(&r.top), agent.name),
    }
}
