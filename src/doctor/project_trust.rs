//! Whether the agent reads a repository's hook file at all: codex and gemini read it only in a
//! project the person trusted, each recording that in a file of its own.

use super::CheckResult;
use crate::agents::{ProjectTrust, TrustRecord};
use crate::edit::jsonc::JsonDoc;
use crate::paths::display;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// What the trust record says about a repository, in words for the check's line.
enum Verdict {
    Trusted(String),
    /// Why not; the agent ignores the repository's hook file.
    NotTrusted(String),
}

/// Whether `repo` is a trusted project for the agent: without that, it never reads its hook file.
pub(crate) fn check(agent: &str, trust: &ProjectTrust, repo: &Path) -> CheckResult {
    let fix = trust.note.replace("<repo>", &repo.display().to_string());
    let Some(home) = crate::paths::home() else {
        return CheckResult::fail("project-trust", "cannot find the home directory", "set HOME");
    };
    let verdict = match trust.record {
        TrustRecord::CodexProjects => codex(&home.join(trust.file), repo),
        TrustRecord::GeminiFolders => {
            // gemini 0.61.0: GEMINI_CLI_TRUSTED_FOLDERS_PATH moves the file.
            let moved = std::env::var_os("GEMINI_CLI_TRUSTED_FOLDERS_PATH").filter(|v| !v.is_empty());
            gemini(&home, &moved.map_or_else(|| home.join(trust.file), PathBuf::from), repo)
        }
    };
    // The folder of the agent's settings in the repository: `.codex`, `.gemini`.
    let folder = Path::new(trust.file).parent().map_or_else(String::new, |dir| dir.display().to_string());
    match verdict {
        Verdict::Trusted(why) => CheckResult::ok("project-trust", why),
        Verdict::NotTrusted(why) => CheckResult::fail(
            "project-trust",
            format!("{why}: {agent} ignores the repository's {folder}/ settings, gitvow's hooks with them"),
            fix,
        ),
    }
}

fn codex(config: &Path, repo: &Path) -> Verdict {
    let text = std::fs::read_to_string(config).unwrap_or_default();
    match super::codex_trust::project_trusted(&text, repo) {
        Ok(true) => Verdict::Trusted(format!("{} trusts {}", display(config), display(repo))),
        Ok(false) => Verdict::NotTrusted(format!("{} does not trust {}", display(config), display(repo))),
        Err(e) => Verdict::NotTrusted(format!("{}: {}", display(config), e.message())),
    }
}

/// gemini 0.61.0 (`checkPathTrust`), as its binary showed: the folder is trusted when folder trust
/// is off in the user's settings, or when the longest rule whose folder holds it (a
/// `TRUST_PARENT` rule's folder being the rule path's parent) is `TRUST_FOLDER` or `TRUST_PARENT`;
/// `DO_NOT_TRUST` or no rule at all is untrusted. (`GEMINI_CLI_TRUST_WORKSPACE=true` in gemini's
/// environment trusts every folder; `--skip-trust` does not make it read the repository's settings.)
fn gemini(home: &Path, file: &Path, repo: &Path) -> Verdict {
    let settings = home.join(".gemini/settings.json");
    let off = read_json(&settings).ok().flatten().and_then(|v| v.pointer("/security/folderTrust/enabled").and_then(Value::as_bool));
    if off == Some(false) {
        return Verdict::Trusted(format!(
            "folder trust is off in {} (security.folderTrust.enabled: false): gemini reads every folder's settings",
            display(&settings)
        ));
    }
    let rules = match read_json(file) {
        Ok(Some(Value::Object(rules))) => rules,
        Ok(None) => serde_json::Map::new(),
        Ok(Some(_)) => return Verdict::NotTrusted(format!("{} is not a JSON object, and gemini refuses to start", display(file))),
        Err(why) => return Verdict::NotTrusted(format!("{why}, and gemini refuses to start")),
    };
    let real = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let here = real(repo);
    let deciding = rules
        .iter()
        .filter(|(rule, level)| {
            let rule = Path::new(rule.as_str());
            let folder = if level.as_str() == Some("TRUST_PARENT") { rule.parent().unwrap_or(rule) } else { rule };
            here.starts_with(real(folder))
        })
        .max_by_key(|(rule, _)| rule.len());
    match deciding {
        Some((rule, level)) if matches!(level.as_str(), Some("TRUST_FOLDER" | "TRUST_PARENT")) => {
            Verdict::Trusted(format!("{} trusts {} (\"{rule}\": {level})", display(file), display(repo)))
        }
        Some((rule, level)) => Verdict::NotTrusted(format!("{} does not trust {} (\"{rule}\": {level})", display(file), display(repo))),
        None => Verdict::NotTrusted(format!(
            "{} has no rule for {} (headless, gemini refuses to start there, exit 55; with --skip-trust it starts without the folder's settings)",
            display(file),
            display(repo)
        )),
    }
}

/// The JSON value of a file gemini reads with comments allowed; `None` when it does not exist.
/// The error names the file: `~/.gemini/trustedFolders.json:3:7: <what>`.
fn read_json(path: &Path) -> Result<Option<Value>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(crate::error::Error::io("read", path, &e).message),
    };
    let doc = JsonDoc::parse(&text, crate::agents::Strictness::Comments).map_err(|e| {
        let (line, column) = crate::edit::jsonc::line_col(&text, e.offset);
        format!("{}:{line}:{column}: {}", display(path), e.message)
    })?;
    Ok(doc.get(&[]))
}
