//! What one install or uninstall is asked to do, in plain values. The command line's words become
//! these once, before any work (`cli::settings`), so that nothing here knows how they were parsed.

use std::path::PathBuf;

/// Where gitvow installs: the user's agents, or a repository's (`None`: the current directory's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestedScope {
    User,
    Repo(Option<PathBuf>),
    /// The machine's managed layers (`--system`).
    System,
}

/// What a run does with its plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Preview, confirm (unless told yes), apply.
    Apply,
    /// Preview and write nothing.
    DryRun,
    /// Write nothing and list the files that would change: the exit code is the answer.
    Check,
}

/// What install and uninstall share.
#[derive(Clone, Debug)]
pub struct Settings {
    pub place: RequestedScope,
    /// The agents named; none named: as the action decides (see `NoneNamed`).
    pub agents: Vec<String>,
    pub mode: Mode,
    /// Apply without asking.
    pub yes: bool,
    /// One JSON document instead of the preview.
    pub json: bool,
    /// The whole text of files gitvow writes whole, not one line for each.
    pub verbose: bool,
    /// A long preview on a terminal goes through `$PAGER`.
    pub pager: bool,
    /// Colour the diff: decided once, from `--color`, `NO_COLOR` and the terminal.
    pub color: bool,
}

#[derive(Clone, Debug)]
pub struct InstallRequest {
    pub settings: Settings,
    /// The command the hooks run (default: this executable in user scope, `gitvow` in a repository).
    pub command: Option<String>,
    /// Write `command` even when no such executable exists here.
    pub force: bool,
    /// `--system` only: switch on each agent's "managed hooks only" setting too.
    pub managed_only: bool,
    /// Switch on the agents' own sandboxes too, told what gitvow protects.
    pub sandbox: bool,
}

#[derive(Clone, Debug)]
pub struct UninstallRequest {
    pub settings: Settings,
    /// Also remove the scope's default policy once no agent of the scope uses it.
    pub purge_policy: bool,
    /// With `purge_policy`: remove the policy even when it differs from the default.
    pub force: bool,
}
