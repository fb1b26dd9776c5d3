//! The `gitvow install` command line for one agent in one scope: the fix most problems have, named
//! by doctor's checks and by install's own reports.

use crate::agents::AgentSpec;
use crate::paths::{Scope, display};

pub fn install_command(scope: &Scope, agent: &AgentSpec) -> String {
    match scope {
        Scope::User { .. } => format!("gitvow install --user --agent {}", agent.name),
        Scope::Repo(r) => format!("gitvow install {} --agent {}", shell_words::quote(&display(&r.top)), agent.name),
    }
}
