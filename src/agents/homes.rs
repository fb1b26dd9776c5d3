//! Agents whose user folder an environment variable moves, joined to the agent table by name: the
//! user file of such an agent is looked for where the agent itself will read it.

use crate::agents::AgentSpec;
use crate::paths::Scope;
use std::path::{Path, PathBuf};

/// How a variable's value that is not an absolute path is read.
#[derive(Clone, Copy)]
enum Relative {
    /// Below the home directory (a leading `~/` too).
    Home,
    /// Not at all: the variable counts as unset. XDG's rule; OpenCode and Kilo would take it relative
    /// to the directory they start in, which no install can know.
    Unset,
}

/// (agent, variable, the home-relative folder the variable stands for, a relative value).
const MOVED: &[(&str, &str, &str, Relative)] = &[
    // hermes 0.19.0: `get_hermes_home()` is HERMES_HOME when set.
    ("hermes", "HERMES_HOME", ".hermes", Relative::Home),
    // pi 1.6.0: "PI_CODING_AGENT_DIR: override the config directory; default is ~/.pi/agent".
    ("pi", "PI_CODING_AGENT_DIR", ".pi/agent", Relative::Home),
    // opencode 1.18.33 and kilo 7.7.9 (`debug paths`, `debug config`): with XDG_CONFIG_HOME set,
    // config and plugins come from `$XDG_CONFIG_HOME/opencode` (`/kilo`) only; ~/.config is not read.
    ("opencode", "XDG_CONFIG_HOME", ".config", Relative::Unset),
    ("kilo", "XDG_CONFIG_HOME", ".config", Relative::Unset),
];

/// The agent's user file under `home`, or under the folder its variable names.
pub(crate) fn user_file(home: &Path, agent: &AgentSpec) -> PathBuf {
    in_home(home, agent, agent.install.user_file)
}

/// `rel`, a path of `agent`'s below the home directory (its user file, a folder that shows it is
/// there), where the agent reads it now.
pub(crate) fn in_home(home: &Path, agent: &AgentSpec, rel: &str) -> PathBuf {
    for &(name, var, dir, relative) in MOVED {
        let Some(value) = std::env::var_os(var).filter(|v| !v.is_empty()) else { continue };
        let Ok(rest) = Path::new(rel).strip_prefix(dir) else { continue };
        if agent.name != name {
            continue;
        }
        let value = PathBuf::from(value);
        let base = match (value.strip_prefix("~"), relative) {
            _ if value.is_absolute() => value,
            (_, Relative::Unset) => continue,
            (Ok(under_home), Relative::Home) => home.join(under_home),
            (Err(_), Relative::Home) => home.join(value),
        };
        return base.join(rest);
    }
    home.join(rel)
}

// The agent's file in a scope is an agent fact (where it reads its file), so it is written here,
// above `paths`, which knows no agent.
impl Scope {
    /// The agent's file in this scope.
    pub(crate) fn agent_file(&self, agent: &AgentSpec) -> PathBuf {
        match self {
            Scope::User { home } => user_file(home, agent),
            Scope::Repo(r) => r.top.join(agent.install.repo_file),
            // Only agents with a managed layer are installed here (`install::system`).
            Scope::System { .. } => self.under_root(super::managed::layer(agent.name).map_or("", |l| l.file)),
        }
    }
}
