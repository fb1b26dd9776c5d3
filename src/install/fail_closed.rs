//! How gitvow's PreToolUse entry blocks the call when gitvow itself cannot answer.
//!
//! An agent that starts the entry through a shell gets a wrapper in the command: codex 0.169,
//! gemini 0.61, droid 0.225.2, qwen 0.24.4 and auggie 0.36.0 let a call through when a hook is
//! missing, exits 1, dies of a signal or hangs past the entry's timeout, and copilot 1.0.102 when it
//! hangs; none has a field that says otherwise. The wrapper runs gitvow under the watchdog
//! ([`crate::agents::watchdog`]) and answers the agent's block itself for every end that is not one
//! of gitvow's answers. It is POSIX shell (sh, bash, zsh: what those agents start it with).
//!
//! Whether gitvow's entry may carry the agent's fail-closed field (claude's `"onFailure": "block"`):
//! the field is only understood from one version on, and an agent that meets a value it does not
//! know drops every hook in the file (seen with claude 2.1.332 and `"onFailure": "bogus"`), so it is
//! left out only when a copy of the agent on this machine says it is older (or gives no version).
//! When install finds no copy at all it is written: the agent installed later is a current one, and
//! an entry without it lets every call through when gitvow is missing.

use crate::agents::{AgentSpec, FailClosedBy, FailClosedField, Handler, ResponseForm, watchdog};
use crate::paths;
use std::path::PathBuf;

/// The wrapper of entries written before the watchdog (`<line> || { s=$?; … }`): still read, so
/// that doctor names such an entry and the next install rewrites it.
const OLD_WRAP_START: &str = " || { s=$?; ";

/// Why gitvow could not answer, as the wrapper tells the model: one line, what and what to do.
/// `$s` is the exit status the watchdog left.
fn could_not_run() -> String {
    format!(
        "BLOCKED: gitvow could not run (exit status $s: {} is no answer within {} s, 127 is not found, above 128 a signal); the call is blocked until it can: run gitvow doctor",
        watchdog::NO_ANSWER,
        watchdog::SECONDS
    )
}

/// The command gitvow's entry for `event` runs, given the gitvow command: for a PreToolUse event of
/// an agent closed by a wrapper, gitvow under the watchdog, where gitvow's own answers pass
/// unchanged and every other end (not found, a crash, a signal, no answer in time) becomes the
/// agent's block with one line saying so: exit 2 and the line on stderr, or copilot's `deny`.
/// Lifecycle events stay bare: a broken gate must not stop a session from starting.
pub fn entry_command(agent: &AgentSpec, gitvow: &str, event: &str) -> String {
    let line = agent.hook_command(gitvow, event);
    if !wraps(agent, event) {
        return line;
    }
    let block = match agent.gate.response {
        // gitvow answers copilot with exit 0 and its decision on stdout, a deny included.
        ResponseForm::Copilot => {
            let deny = serde_json::json!({"permissionDecision": "deny", "permissionDecisionReason": could_not_run().replace("$s", "%s")});
            // Single-quoted for the shell: the text holds no single quote.
            format!("printf '{deny}\\n' \"$s\"")
        }
        _ => format!("[ $s -eq 2 ] || echo \"{}\" >&2; exit 2", could_not_run()),
    };
    format!("{}; [ $s -eq 0 ] && exit 0; {block}", watchdog::watched(&line))
}

/// Whether gitvow's entry for `event` carries the wrapper.
pub fn wraps(agent: &AgentSpec, event: &str) -> bool {
    agent.fail_closed_by() == FailClosedBy::Wrapper && agent.handler_for(event) == Some(Handler::PreToolUse)
}

/// The gitvow command line inside an entry's command, without the wrapper.
pub fn unwrapped(command: &str) -> &str {
    watchdog::line_of(command).unwrap_or_else(|| command.find(OLD_WRAP_START).map_or(command, |i| &command[..i]))
}

/// The exit status of the gitvow command as the wrapper reported it (in what it wrote to stderr or,
/// for copilot, stdout).
pub fn status_behind_wrapper(output: &str) -> Option<i32> {
    let text = could_not_run();
    let (before, _) = text.split_once("$s")?;
    let at = output.find(before)? + before.len();
    output[at..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// Whether an installed command carries the wrapper (with the watchdog, or the older one without).
pub fn is_wrapped(command: &str) -> bool {
    watchdog::line_of(command).is_some() || command.contains(OLD_WRAP_START)
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
///
/// A program copied into place a moment ago can refuse to start (`ETXTBSY`) while any process that
/// forked during the copy still holds its written file open, until that process execs: starting is
/// tried again within the same 10 s, or `--command gitvow-just-copied` would be called no gitvow.
pub(crate) fn version_output(path: &std::path::Path) -> String {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let mut child = loop {
        match Command::new(path).arg("--version").stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn() {
            Ok(child) => break child,
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(_) => return String::new(),
        }
    };
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
