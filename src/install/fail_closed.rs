//! Whether gitvow's entry may carry the agent's fail-closed field (claude's `"onFailure": "block"`).
//! The field is only understood from one version on, and an agent that meets a value it does not
//! know drops every hook in the file (seen with claude 2.1.332 and `"onFailure": "bogus"`), so it is
//! written only when every copy of the agent on this machine says it is new enough.

use crate::agents::{AgentSpec, FailClosedField};
use crate::paths;
use std::path::PathBuf;

/// What install decided for one agent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Every copy found is new enough: the field is written.
    Write,
    /// Left out, and why (one clause, for the install summary and doctor).
    Omit(String),
}

/// The decision for `agent`, or `None` when the agent has no such field.
pub fn decide(agent: &AgentSpec) -> Option<Decision> {
    let field = agent.fail_closed_field.as_ref()?;
    let found = copies(field);
    if found.is_empty() {
        return Some(Decision::Omit(format!("no `{}` found to ask its version", field.program)));
    }
    let since = format!("{}.{}.{}", field.since.0, field.since.1, field.since.2);
    for path in &found {
        match version_in(&version_output(path)) {
            Some(v) if v >= field.since => {}
            Some(v) => {
                return Some(Decision::Omit(format!("{} is {}.{}.{}, older than {since}", paths::display(path), v.0, v.1, v.2)));
            }
            None => return Some(Decision::Omit(format!("`{} --version` gave no version", paths::display(path)))),
        }
    }
    Some(Decision::Write)
}

/// What `<path> --version` prints, given 10 s: a copy that hangs counts as one without a version
/// (the field is then left out, which is the safe side: claude reads the file either way).
fn version_output(path: &std::path::Path) -> String {
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
