//! How gitvow's PreToolUse entry blocks the call when gitvow itself cannot answer.
//!
//! An agent that starts the entry through a shell and blocks on exit 2 gets a wrapper in the
//! command: codex 0.169, gemini 0.61, droid 0.225.2, qwen 0.24.4 and auggie 0.36.0 let a call
//! through when a hook is missing, exits 1 or dies of a signal, and none has a field that says
//! otherwise. The wrapper is POSIX shell (sh, bash, zsh: what those agents start it with).
//!
//! Whether gitvow's entry may carry the agent's fail-closed field (claude's `"onFailure": "block"`):
//! the field is only understood from one version on, and an agent that meets a value it does not
//! know drops every hook in the file (seen with claude 2.1.332 and `"onFailure": "bogus"`), so it is
//! written only when every copy of the agent on this machine says it is new enough.

use crate::agents::{AgentSpec, FailClosedBy, FailClosedField, Handler};
use crate::paths;
use std::path::PathBuf;

/// Where the wrapper starts: what comes before it is the gitvow command line. Found by this start,
/// not the whole text, so that an entry written with another wording of the message is still
/// recognised (and rewritten by the next install).
const WRAP_START: &str = " || { s=$?; ";

/// The line that reaches the model when gitvow could not answer: one line, what and what to do.
const COULD_NOT_RUN: &str = "BLOCKED: gitvow could not run (exit status $s: 127 is not found, above 128 a signal); the call is blocked until it can: run gitvow doctor";

/// The command gitvow's entry for `event` runs, given the gitvow command: for a PreToolUse event of
/// an agent closed by a wrapper, `<line> || { … exit 2; }`, where gitvow's own answers (exit 0, and
/// exit 2 with its reason) pass unchanged and every other exit (not found, a crash, a signal)
/// becomes exit 2 with one line saying so. Lifecycle events stay bare: a broken gate must not stop
/// a session from starting.
pub fn entry_command(agent: &AgentSpec, gitvow: &str, event: &str) -> String {
    let line = agent.hook_command(gitvow, event);
    if wraps(agent, event) { format!("{line}{WRAP_START}[ $s -eq 2 ] || echo \"{COULD_NOT_RUN}\" >&2; exit 2; }}") } else { line }
}

/// Whether gitvow's entry for `event` carries the wrapper.
pub fn wraps(agent: &AgentSpec, event: &str) -> bool {
    agent.fail_closed_by() == FailClosedBy::Wrapper && agent.handler_for(event) == Some(Handler::PreToolUse)
}

/// The gitvow command line inside an entry's command, without the wrapper.
pub fn unwrapped(command: &str) -> &str {
    command.find(WRAP_START).map_or(command, |i| &command[..i])
}

/// The exit status of the gitvow command as the wrapper reported it (in what it wrote to stderr).
pub fn status_behind_wrapper(stderr: &str) -> Option<i32> {
    let (before, _) = COULD_NOT_RUN.split_once("$s")?;
    let at = stderr.find(before)? + before.len();
    stderr[at..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// Whether an installed command carries the wrapper.
pub fn is_wrapped(command: &str) -> bool {
    command.contains(WRAP_START)
}

/// What install decided for one agent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FailClosedChoice {
    /// Every copy found is new enough: the field is written.
    Write,
    /// Left out, and why (one clause, for the install summary and doctor).
    Omit(String),
}

/// The decision for `agent`, or `None` when the agent has no such field.
pub fn decide(agent: &AgentSpec) -> Option<FailClosedChoice> {
    let field = agent.install.fail_closed_field.as_ref()?;
    let found = copies(field);
    if found.is_empty() {
        return Some(FailClosedChoice::Omit(format!("no `{}` found to ask its version", field.program)));
    }
    let since = format!("{}.{}.{}", field.since.0, field.since.1, field.since.2);
    for path in &found {
        match version_in(&version_output(path)) {
            Some(v) if v >= field.since => {}
            Some(v) => {
                return Some(FailClosedChoice::Omit(format!("{} is {}.{}.{}, older than {since}", paths::display(path), v.0, v.1, v.2)));
            }
            None => return Some(FailClosedChoice::Omit(format!("`{} --version` gave no version", paths::display(path)))),
        }
    }
    Some(FailClosedChoice::Write)
}

/// What `<path> --version` prints, given 10 s: a copy that hangs counts as one without a version
/// (the field is then left out, which is the safe side: claude reads the file either way).
pub(crate) fn version_output(path: &std::path::Path) -> String {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let Ok(mut child) = Command::new(path).arg("--version").stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn()
    else {
        return String::new();
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if std::time::Instant::now() < deadline => std::thread::sleep(std::time::Duration::from_millis(10)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return String::new();
            }
        }
    }
    let mut out = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        let _ = stdout.read_to_string(&mut out);
    }
    out
}

/// Every executable copy of the agent: on the PATH and at the usual per-user install places,
/// each real file once.
fn copies(field: &FailClosedField) -> Vec<PathBuf> {
    let mut candidates: Vec<PathBuf> = paths::path_dirs().into_iter().map(|d| d.join(field.program)).collect();
    if let Some(home) = paths::home() {
        candidates.extend(field.install_locations.iter().map(|l| home.join(l)));
    }
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for c in candidates.into_iter().filter(|c| paths::is_executable(c)) {
        let real = std::fs::canonicalize(&c).unwrap_or_else(|_| c.clone());
        if !seen.contains(&real) {
            seen.push(real);
            out.push(c);
        }
    }
    out
}

/// The first `major.minor.patch` in a `--version` answer ("2.1.332 (Claude Code)").
fn version_in(text: &str) -> Option<(u64, u64, u64)> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.')).find_map(|word| {
        let mut parts = word.split('.').map(|p| p.parse::<u64>().ok());
        Some((parts.next()??, parts.next()??, parts.next()??))
    })
}

#[cfg(test)]
mod tests {
    use super::version_in;

    #[test]
    fn reads_the_version_claude_prints() {
        assert_eq!(version_in("2.1.332 (Claude Code)\n"), Some((2, 1, 332)));
        assert_eq!(version_in("claude v2.1.295"), Some((2, 1, 295)));
        assert_eq!(version_in("unknown"), None);
        assert_eq!(version_in("1.2"), None);
    }
}
