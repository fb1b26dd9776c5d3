//! Agents whose user folder an environment variable moves, joined to the agent table by name: the
//! user file of such an agent is looked for where the agent itself will read it.

use crate::agents::AgentSpec;
use crate::paths::Scope;
use std::path::{Path, PathBuf};

/// (agent, variable, the home-relative folder the variable stands for).
const MOVED: &[(&str, &str, &str)] = &[
    // hermes 0.19.0: `get_hermes_home()` is HERMES_HOME when set.
    ("hermes", "HERMES_HOME", ".hermes"),
    // pi 1.6.0: "PI_CODING_AGENT_DIR: override the config directory; default is ~/.pi/agent".
    ("pi", "PI_CODING_AGENT_DIR", ".pi/agent"),
];

/// The agent's user file under `home`, or under the folder its variable names.
pub fn user_file(home: &Path, agent: &AgentSpec) -> PathBuf {
    for (name, var, dir) in MOVED {
        let Some(value) = std::env::var_os(var).filter(|v| !v.is_empty()) else { continue };
        let Ok(rest) = Path::new(agent.user_file).strip_prefix(dir) else { continue };
        if agent.name != *name {
            continue;
        }
        let value = PathBuf::from(value);
        let base = match value.strip_prefix("~") {
            Ok(under_home) => home.join(under_home),
            Err(_) if value.is_absolute() => value,
            Err(_) => home.join(value),
        };
        return base.join(rest);
    }
    home.join(agent.user_file)
}

// The agent's file in a scope is an agent fact (where it reads its file), so it is written here,
// above `paths`, which knows no agent.
impl Scope {
    /// The agent's file in this scope.
    pub fn agent_file(&self, agent: &AgentSpec) -> PathBuf {
        match self {
            Scope::User { home } => user_file(home, agent),
            Scope::Repo(r) => r.top.join(agent.repo_file),
        }
    }
}
