//! The checks of `gitvow doctor`: proof, per agent and scope, that the installed hooks will really fire.
//!
//! Most agents treat a hook they cannot run as a non-blocking error and carry on ungated, so a
//! broken install looks exactly like a working one. Each check names one way that happens, and the
//! fix. Doctor writes nothing, except the one hook-log line each live probe leaves (tagged with the
//! probe's session id, which the activity check ignores).

pub(crate) mod answerer;
pub(crate) mod checks;
mod codex_trust;
pub(crate) mod confined;
mod node;
mod pi;
pub(crate) mod policy;
pub(crate) mod probe;
mod project_trust;
pub(crate) mod system;
pub(crate) mod version;
mod yaml_hooks;

use crate::agents::AgentSpec;
use crate::install::inspect::Finding;
use crate::paths::Scope;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Ok,
    Warn,
    Fail,
}

impl Status {
    pub(crate) fn text(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Warn => "warn",
            Status::Fail => "FAIL",
        }
    }

    /// The status word padded to one column width, coloured for a terminal: the padding goes
    /// outside the escape codes, which take no room on screen.
    pub(crate) fn padded(self, color: bool) -> String {
        let word = self.text();
        let pad = " ".repeat(4 - word.len());
        if !color {
            return format!("{word}{pad}");
        }
        let code = match self {
            Status::Ok => "32",
            Status::Warn => "33",
            Status::Fail => "31",
        };
        format!("\x1b[{code}m{word}\x1b[0m{pad}")
    }
}

/// The result of one check, one line of the report: what was found and, when not ok, the fix in one
/// sentence.
#[derive(Clone, Debug)]
pub(crate) struct CheckResult {
    pub(crate) name: &'static str,
    pub(crate) status: Status,
    pub(crate) detail: String,
    pub(crate) fix: Option<String>,
}

impl CheckResult {
    pub(crate) fn ok(name: &'static str, detail: impl Into<String>) -> CheckResult {
        CheckResult { name, status: Status::Ok, detail: detail.into(), fix: None }
    }

    pub(crate) fn warn(name: &'static str, detail: impl Into<String>, fix: impl Into<String>) -> CheckResult {
        CheckResult { name, status: Status::Warn, detail: detail.into(), fix: Some(fix.into()) }
    }

    pub(crate) fn fail(name: &'static str, detail: impl Into<String>, fix: impl Into<String>) -> CheckResult {
        CheckResult { name, status: Status::Fail, detail: detail.into(), fix: Some(fix.into()) }
    }

    /// What install's inspection found, as a check: ok when fine, a failure when wrong.
    pub(crate) fn of(name: &'static str, finding: Finding) -> CheckResult {
        match finding {
            Finding::Fine(detail) => CheckResult::ok(name, detail),
            Finding::Wrong { detail, fix } => CheckResult::fail(name, detail, fix),
        }
    }
}

/// The scopes a doctor run checks: every check may need to know them.
pub(crate) struct CheckedScopes {
    pub(crate) scope: Scope,
    /// The other scope whose installation may double the gate: the user's for a repository, the
    /// current directory's repository for `--user`.
    pub(crate) other: Option<Scope>,
}

impl CheckedScopes {
    pub(crate) fn scope_name(&self) -> &'static str {
        scope_name(&self.scope)
    }

    /// The install command that fixes most problems, for this agent and scope.
    pub(crate) fn install_command(&self, agent: &AgentSpec) -> String {
        crate::install::command_line::install_command(&self.scope, agent)
    }

    /// [`CheckedScopes::install_command`] with this gitvow's executable as `--command`.
    pub(crate) fn reinstall_command(&self, agent: &AgentSpec) -> String {
        crate::install::command_line::reinstall_command(&self.scope, agent)
    }

    /// This doctor's command line for the scope, to run again after a fix.
    pub(crate) fn doctor_command(&self) -> String {
        crate::install::command_line::doctor_command(&self.scope)
    }
}

pub(crate) fn scope_name(scope: &Scope) -> &'static str {
    match scope {
        Scope::User { .. } => "user",
        Scope::Repo(_) => "repo",
        Scope::System { .. } => "system",
    }
}
