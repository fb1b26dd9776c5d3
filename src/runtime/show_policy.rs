//! `gitvow policy`: the layers in force for a directory, where each came from, whether its programs
//! are trusted, and every problem; `gitvow policy check` validates one file.

use super::policy::layers::{self, Layer, LayerFile, LayerKind, Trust};
use super::policy::{ListKey, Policy};
use crate::error::{Error, Result};
use serde_json::{Map, Value, json};
use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub enum PolicyRequest {
    Show { dir: Option<PathBuf>, json: bool },
    Check { file: Option<PathBuf>, json: bool },
}

pub fn run(request: &PolicyRequest) -> Result<i32> {
    let cwd = std::env::current_dir().map_err(|e| Error::new(format!("cannot read the current directory: {e}")))?;
    match request {
        PolicyRequest::Show { dir, json } => show(&dir.as_deref().map_or(cwd.clone(), |d| cwd.join(d)), *json),
        PolicyRequest::Check { file, json } => check(&file.as_deref().map_or_else(|| default_file(&cwd), |f| cwd.join(f)), *json),
    }
}

fn counts(policy: &Policy) -> Map<String, Value> {
    ListKey::ALL
        .iter()
        .filter(|k| !policy.list(**k).is_empty())
        .map(|k| (k.name().to_string(), Value::from(policy.list(*k).len())))
        .collect()
}

fn trust_name(trust: Trust) -> &'static str {
    match trust {
        Trust::NotNeeded => "not needed",
        Trust::Trusted => "trusted",
        Trust::Untrusted => "untrusted",
    }
}

fn summary(layer: &Layer) -> String {
    let c = counts(&layer.policy);
    let rules: Vec<String> = c.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let mut s = if rules.is_empty() { "no rules".to_string() } else { rules.join(", ") };
    let programs = layer.policy.programs();
    if !programs.is_empty() {
        s.push_str(&format!("; {} program(s)", programs.len()));
    }
    match layer.trust {
        Trust::Trusted => s.push_str("; trusted"),
        Trust::Untrusted => s.push_str("; NOT trusted: its programs do not run and its exceptions do not apply (`gitvow trust`)"),
        Trust::NotNeeded => {}
    }
    s
}

fn show(dir: &Path, as_json: bool) -> Result<i32> {
    let top = crate::paths::find_repo(dir).map(|r| r.top);
    let results = layers::load_each(top.as_deref());
    let problems: Vec<&str> = results.iter().filter_map(|r| r.as_ref().err()).map(|e| e.message.as_str()).collect();
    if as_json {
        let layers: Vec<Value> = results
            .iter()
            .map(|r| match r {
                Ok(l) => json!({
                    "file": l.policy.source.describe(),
                    "kind": l.kind.name(),
                    "trust": trust_name(l.trust),
                    "rules": counts(&l.policy),
                    "programs": l.policy.programs(),
                }),
                Err(e) => json!({"problem": e.message}),
            })
            .collect();
        let out = json!({"directory": dir.to_string_lossy(), "layers": layers, "problems": problems});
        crate::output::line(&serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        let mut out = format!("policy layers in force for {} (strictest verdict wins):\n", crate::paths::display(dir));
        for r in &results {
            match r {
                Ok(l) => out.push_str(&format!("  {:<10} {}: {}\n", l.kind.name(), l.policy.source.describe(), summary(l))),
                Err(e) => out.push_str(&format!("  PROBLEM    {}\n", e.message)),
            }
        }
        if !problems.is_empty() {
            out.push_str("every tool call is blocked until each problem is fixed\n");
        }
        crate::output::print(&out);
    }
    Ok(if problems.is_empty() { 0 } else { 1 })
}

/// The file a bare `gitvow policy check` validates: the repository's policy when there is one, else
/// the user's.
fn default_file(cwd: &Path) -> PathBuf {
    if let Some(repo) = crate::paths::find_repo(cwd) {
        let p = repo.top.join(".gitvow/policy.json");
        if p.exists() {
            return p;
        }
    }
    crate::paths::gitvow_home().map_or_else(|| PathBuf::from(".gitvow/policy.json"), |h| h.join("policy.json"))
}

fn check(file: &Path, as_json: bool) -> Result<i32> {
    let shown = crate::paths::display(file);
    let loaded = layers::load_file(&LayerFile { kind: LayerKind::User, path: file.to_path_buf(), repo: None });
    let result = match loaded {
        Ok(Some(layer)) => Ok(layer),
        Ok(None) => Err(Error::config(format!("{shown}: no such file"))),
        Err(e) => Err(e),
    };
    if as_json {
        let out = match &result {
            Ok(l) => json!({"file": shown, "ok": true, "rules": counts(&l.policy), "programs": l.policy.programs()}),
            Err(e) => json!({"file": shown, "ok": false, "error": e.message}),
        };
        crate::output::line(&serde_json::to_string_pretty(&out).unwrap_or_default());
        return Ok(if result.is_ok() { 0 } else { 1 });
    }
    match result {
        Ok(l) => {
            crate::output::line(&format!("ok: {shown} ({} patterns compile; {})", l.policy.pattern_count(), summary(&l)));
            Ok(0)
        }
        Err(e) => Err(e.hint("fix the file: a policy that does not load blocks every tool call")),
    }
}
