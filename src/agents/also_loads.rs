//! Who loads whose hook files: an agent that also runs the hooks another agent's files hold runs
//! gitvow's entries written for that agent. The hook then answers in the caller's form and logs the
//! caller ([`caller`]); install's summary and doctor name every agent that runs a file's entries.
//!
//! Measured with the real binaries here: Copilot CLI 1.0.102 runs the hooks of a repository's
//! `.claude/settings.json` and `.claude/settings.local.json` (in a trusted folder, or under `-p` with
//! `GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true`), never `~/.claude/settings.json`; it sets
//! `COPILOT_CLI=1` (and `COPILOT_CLI_BINARY_VERSION`, `COPILOT_PROJECT_DIR`) for them and sends
//! Claude's event names with Claude-shaped payloads that carry a `timestamp` and no
//! `permission_mode`; it reads Copilot's JSON answer (and Claude's `hookSpecificOutput`) from them.
//! With its own file too, it runs its own entry first, then Claude's, one after the other, with the
//! same session id and the same timestamp (milliseconds in its own payload, RFC 3339 in Claude's).
//! qwen 0.24.4, auggie 0.36.0, gemini 0.61.0, droid 0.225.2 and codex 0.169.0 loaded neither of
//! Claude's files. Cursor's row comes from its documentation (its CLI does not run here).

use crate::paths::Scope;
use serde_json::{Map, Value};

/// Where the loaded files are. Neither loader opens the managed layer (`/etc/claude-code`, what
/// `install --system` writes): Copilot CLI 1.0.102 never does (strace), and Cursor's documentation
/// names only the user's and the repository's files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scopes {
    /// The user's and the repository's files.
    Both,
    /// Only a repository's (copilot never loads `~/.claude/settings.json`).
    RepoOnly,
}

impl Scopes {
    /// Whether the loader runs the files of `scope`.
    pub(crate) fn cover(self, scope: &Scope) -> bool {
        match scope {
            Scope::Repo(_) => true,
            Scope::User { .. } => self == Scopes::Both,
            Scope::System { .. } => false,
        }
    }
}

/// One agent that runs another agent's hook files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AlsoLoads {
    /// The agent that loads them.
    pub(crate) agent: &'static str,
    /// The agent whose files they are.
    pub(crate) loads: &'static str,
    pub(crate) scopes: Scopes,
    /// When it does, in the agent's own words.
    pub(crate) when: &'static str,
    /// How a person stops it, for an agent whose setting doctor cannot read; `None` where gitvow
    /// answers the loader in its own form and judges each call once.
    pub(crate) fix: Option<&'static str>,
    /// Variables the loader sets for the hooks it runs (measured): with one set, the loader is the
    /// caller. Empty where that is not measured; the entry then answers as the agent it was
    /// written for.
    pub(crate) caller_env: &'static [&'static str],
    /// Payload fields that only the loaded agent itself sends: a payload carrying one is its own
    /// (the loaded agent started inside a session of the loader inherits the variables).
    pub(crate) own_fields: &'static [&'static str],
}

pub(crate) static ALSO_LOADS: &[AlsoLoads] = &[
    AlsoLoads {
        agent: "copilot",
        loads: "claude",
        scopes: Scopes::RepoOnly,
        when: "Copilot CLI runs the hooks of a repository's .claude/settings.json and .claude/settings.local.json in a folder it trusts",
        fix: None,
        caller_env: &["COPILOT_CLI"],
        own_fields: &["permission_mode", "tool_use_id", "prompt_id"],
    },
    AlsoLoads {
        agent: "cursor",
        loads: "claude",
        scopes: Scopes::Both,
        when: "when Cursor's setting \"Include third-party Plugins, Skills, and other configs\" is on, Cursor also runs Claude's hooks (~/.claude/settings.json, .claude/settings.json)",
        fix: Some("turn that setting off in Cursor Settings → Rules, Skills, Subagents"),
        caller_env: &[],
        own_fields: &[],
    },
];

/// The agents that also run `agent`'s files in `scope`.
pub(crate) fn loaders_of<'a>(agent: &'a str, scope: &'a Scope) -> impl Iterator<Item = &'static AlsoLoads> + 'a {
    ALSO_LOADS.iter().filter(move |a| a.loads == agent && a.scopes.cover(scope))
}

/// The names of the agents known to run `agent`'s entries in `scope` (measured: the hook tells
/// them apart), for install's summary and doctor to name.
pub(crate) fn runners_of(agent: &str, scope: &Scope) -> Vec<&'static str> {
    loaders_of(agent, scope).filter(|a| !a.caller_env.is_empty()).map(|a| a.agent).collect()
}

/// The agents whose files `agent` also runs.
pub(crate) fn loaded_by(agent: &str) -> impl Iterator<Item = &'static AlsoLoads> + '_ {
    ALSO_LOADS.iter().filter(move |a| a.agent == agent)
}

/// Which agent really runs an entry written for `entry_agent`: a loader whose variable is set, unless
/// the payload (when read) carries a field only `entry_agent` sends. `None`: `entry_agent` itself.
pub(crate) fn caller(entry_agent: &str, payload: Option<&Map<String, Value>>) -> Option<&'static str> {
    let set = |v: &&str| std::env::var_os(v).is_some_and(|x| !x.is_empty());
    ALSO_LOADS
        .iter()
        .filter(|a| a.loads == entry_agent)
        .filter(|a| a.caller_env.iter().any(set))
        .find(|a| payload.is_none_or(|p| !a.own_fields.iter().any(|f| p.contains_key(*f))))
        .map(|a| a.agent)
}
