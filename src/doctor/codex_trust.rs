//! Codex skips a hook nobody trusted, without a word. Trust is recorded in `~/.codex/config.toml`
//! as `[hooks.state."<hooks.json path>:<event>:<i>:<j>"] trusted_hash = "…"` (the keys and hashes
//! `codex app-server` reports in `hooks/list`). Doctor looks for a record at each of gitvow's
//! positions; the hash itself is codex's business (it changes with the hook's text), so a record
//! whose hash is stale still reads as present here.

use super::{CheckResult, CheckedScopes};
use crate::install::inspect::Inspected;
use crate::paths::display;
use std::path::Path;
use toml_edit::{DocumentMut, TomlError};

const FIX: &str = "run /hooks in codex and trust the gitvow entries";

pub(crate) fn check(_ctx: &CheckedScopes, ins: &Inspected) -> CheckResult {
    let positions: Vec<(String, usize, usize)> = ins
        .found
        .iter()
        .filter(|f| ins.agent.install.events.iter().any(|e| e.name == f.event))
        .map(|f| (f.event.clone(), f.index, f.inner.unwrap_or(0)))
        .collect();
    if positions.is_empty() {
        return CheckResult::warn("codex-trust", "no gitvow hook to trust", FIX);
    }
    let Some(config) = crate::paths::home().map(|h| h.join(".codex/config.toml")) else {
        return CheckResult::warn("codex-trust", "cannot find the home directory", FIX);
    };
    let text = std::fs::read_to_string(&config).unwrap_or_default();
    let trusted = match trusted_keys(&text) {
        Ok(keys) => keys,
        Err(e) => {
            return CheckResult::warn("codex-trust", format!("{}: cannot read the trust records: {}", display(&config), e.message()), FIX);
        }
    };
    let missing: Vec<String> = positions
        .iter()
        .filter(|(event, i, j)| !trusted.iter().any(|k| matches(k, &ins.path, event, *i, *j)))
        .map(|(event, i, j)| format!("{event}:{i}:{j}"))
        .collect();
    if missing.is_empty() {
        CheckResult::ok("codex-trust", format!("{} holds a trust record for each of gitvow's {} hooks", display(&config), positions.len()))
    } else {
        CheckResult::warn(
            "codex-trust",
            format!(
                "{} holds no trust record for gitvow's hooks at {}: codex skips them without a word",
                display(&config),
                missing.join(", ")
            ),
            FIX,
        )
    }
}

/// Whether `[projects."<repo>"] trust_level = "trusted"`, under the path as given or as resolved.
pub(super) fn project_trusted(text: &str, repo: &Path) -> Result<bool, TomlError> {
    let doc: DocumentMut = text.parse()?;
    let Some(projects) = doc.get("projects").and_then(|p| p.as_table_like()) else { return Ok(false) };
    let names = [Some(repo.to_path_buf()), std::fs::canonicalize(repo).ok()];
    Ok(projects.iter().any(|(k, v)| {
        names.iter().flatten().any(|n| Path::new(k) == n) && v.get("trust_level").and_then(|t| t.as_str()) == Some("trusted")
    }))
}

/// The keys of `[hooks.state."…"]` tables that carry a `trusted_hash`.
fn trusted_keys(text: &str) -> Result<Vec<String>, TomlError> {
    let doc: DocumentMut = text.parse()?;
    let Some(state) = doc.get("hooks").and_then(|h| h.get("state")).and_then(|s| s.as_table_like()) else { return Ok(Vec::new()) };
    Ok(state
        .iter()
        .filter(|(_, v)| v.get("trusted_hash").and_then(|h| h.as_str()).is_some_and(|h| !h.is_empty()))
        .map(|(k, _)| k.to_string())
        .collect())
}

/// Whether a trust key names this position of this file. The event is compared without case and
/// underscores, so `PreToolUse` and `pre_tool_use` both match.
fn matches(key: &str, file: &Path, event: &str, i: usize, j: usize) -> bool {
    let mut parts = key.rsplitn(4, ':');
    let (Some(kj), Some(ki), Some(kev), Some(kfile)) = (parts.next(), parts.next(), parts.next(), parts.next()) else { return false };
    let norm = |s: &str| s.replace('_', "").to_ascii_lowercase();
    let same_file =
        Path::new(kfile) == file || std::fs::canonicalize(kfile).ok().zip(std::fs::canonicalize(file).ok()).is_some_and(|(a, b)| a == b);
    same_file && norm(kev) == norm(event) && ki == i.to_string() && kj == j.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_match_positions() {
        let text = "[hooks.state.\"/h/.codex/hooks.json:pre_tool_use:0:0\"]\ntrusted_hash = \"sha256:x\"\n[hooks.state.\"/h/.codex/hooks.json:Stop:1:0\"]\n";
        let keys = trusted_keys(text).unwrap();
        assert_eq!(keys, vec!["/h/.codex/hooks.json:pre_tool_use:0:0".to_string()]);
        assert!(matches(&keys[0], Path::new("/h/.codex/hooks.json"), "PreToolUse", 0, 0));
        assert!(!matches(&keys[0], Path::new("/h/.codex/hooks.json"), "PreToolUse", 1, 0));
    }
}
