//! `gitvow policy`: the layers in force for a directory, where each came from, whether its programs
//! are trusted, and every problem; `gitvow policy check` validates one file.

use crate::error::{Error, Result};
use crate::gate::policy::layers::{self, Layer, LayerFile, LayerKind, Trust};
use crate::gate::policy::{ListKey, Policy};
use serde_json::{Map, Value, json};
use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub enum PolicyRequest {
    Show { dir: Option<PathBuf>, json: bool, color: bool },
    Check { file: Option<PathBuf>, json: bool },
}

pub fn run(request: &PolicyRequest) -> Result<i32> {
    let cwd = std::env::current_dir().map_err(|e| Error::new(format!("cannot read the current directory: {e}")))?;
    match request {
        PolicyRequest::Show { dir, json, color } => show(&directory(&cwd, dir.as_deref())?, *json, *color),
        PolicyRequest::Check { file: Some(file), json } => check(&cwd.join(file), true, *json),
        PolicyRequest::Check { file: None, json } => check(&default_file(&cwd), false, *json),
    }
}

/// The directory `gitvow policy DIR` names: one that exists (`gitvow policy shwo` is a typo, not a
/// place with no policy).
fn directory(cwd: &Path, dir: Option<&Path>) -> Result<PathBuf> {
    let Some(dir) = dir else { return Ok(cwd.to_path_buf()) };
    let path = cwd.join(dir);
    Error::named_directory(&path).map_err(|e| match e.message.ends_with("is not a directory") {
        true => e.hint(format!("to validate a policy file: gitvow policy check {}", crate::output::shell_path(&path))),
        false => e.hint("`gitvow policy` shows the layers for the current directory; `gitvow policy check FILE` validates a file"),
    })?;
    Ok(path)
}

/// One policy layer in JSON, the same shape wherever a command names the policy in force: the
/// file's absolute path (`null` for the built-in default), its kind and its trust.
pub(crate) fn layer_json(layer: &Layer) -> Value {
    let file = match &layer.policy.source {
        crate::gate::policy::Source::File(path) => Value::from(path.to_string_lossy()),
        crate::gate::policy::Source::BuiltIn => Value::Null,
    };
    json!({"file": file, "kind": layer.kind.name(), "trust": trust_name(layer.trust)})
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

fn show(dir: &Path, as_json: bool, color: bool) -> Result<i32> {
    let top = crate::paths::find_repo(dir).map(|r| r.top);
    let results = layers::load_each(top.as_deref());
    let problems: Vec<&str> = results.iter().filter_map(|r| r.as_ref().err()).map(|e| e.message.as_str()).collect();
    if as_json {
        let layers: Vec<Value> = results
            .iter()
            .map(|r| match r {
                Ok(l) => {
                    let mut layer = layer_json(l);
                    layer["rules"] = Value::Object(counts(&l.policy));
                    layer["programs"] = json!(l.policy.programs());
                    layer
                }
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
                Err(e) => out.push_str(&format!("  {}    {}\n", crate::output::paint("PROBLEM", "31", color), e.message)),
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

/// Validates `file`; `named` when the person named it (a bare `gitvow policy check` with no policy
/// file anywhere is not a failure: the built-in default is in force).
fn check(file: &Path, named: bool, as_json: bool) -> Result<i32> {
    let shown = crate::paths::display(file);
    let absolute = file.to_string_lossy();
    let loaded = layers::load_file(&LayerFile { kind: LayerKind::User, path: file.to_path_buf(), repo: None });
    let result = match loaded {
        Ok(Some(layer)) => Ok(Some(layer)),
        Ok(None) if !named => Ok(None),
        Ok(None) => Err(Error::usage(format!("{shown}: no such file")).hint("name a policy file that exists")),
        Err(e) => Err(e.hint("fix the file: while it does not load, every tool call under it is blocked")),
    };
    if as_json {
        let out = match &result {
            Ok(Some(l)) => json!({"file": absolute, "ok": true, "rules": counts(&l.policy), "programs": l.policy.programs()}),
            Ok(None) => json!({"file": null, "ok": true, "built_in": true}),
            Err(e) => {
                crate::say!("{e}");
                let mut out = e.as_json();
                out["file"] = Value::from(absolute);
                out["ok"] = Value::Bool(false);
                out
            }
        };
        crate::output::json(&out);
        return Ok(match &result {
            Ok(_) => 0,
            Err(e) => e.code(),
        });
    }
    match result?.as_ref() {
        Some(l) => crate::output::line(&format!("ok: {shown} ({} patterns compile; {})", l.policy.pattern_count(), summary(l))),
        None => crate::output::line(&format!(
            "ok: no policy file ({shown} does not exist): the built-in default policy is in force (`gitvow policy` lists the layers)"
        )),
    }
    Ok(0)
}
