//! The policy layers in force for the scope: which files, whether each loads and every pattern
//! compiles, whether a repository's programs are trusted, and whether the providers' and the
//! classifier's programs exist. A policy that does not load blocks every tool call (fail closed), so
//! that is a failure, not a warning.

use super::{Check, Context};
use crate::install::plan::Scope;
use crate::runtime::policy::layers::{self, LayerKind, Trust};
use std::path::Path;

pub fn checks(ctx: &Context) -> Vec<Check> {
    let top = match &ctx.scope {
        Scope::Repo(r) => Some(r.top.as_path()),
        Scope::User { .. } => None,
    };
    let mut out = Vec::new();
    for result in layers::load_each(top) {
        let layer = match result {
            Ok(l) => l,
            Err(e) => {
                out.push(Check::fail(
                    "policy",
                    e,
                    "fix the policy file (try `gitvow policy check FILE`): until then every tool call is blocked",
                ));
                continue;
            }
        };
        let file = layer.policy.source.describe();
        let role = if layer.kind == LayerKind::Repository { "adds to the base" } else { "the base" };
        out.push(Check::ok(
            "policy",
            format!("in force: the {} policy, {file} ({role}; {} patterns compile)", layer.kind.name(), layer.policy.pattern_count()),
        ));
        if layer.trust == Trust::Untrusted {
            let repo = layer.repo.as_deref().map(crate::paths::display).unwrap_or_default();
            out.push(Check::warn(
                "policy-trust",
                format!(
                    "{file} names programs or exceptions that are not trusted: they do not run, and calls that would ask them are confirmed"
                ),
                format!("read the file, then run `gitvow trust {repo}` in your own terminal"),
            ));
            continue;
        }
        let cwd = top.map(Path::to_path_buf).or_else(crate::paths::home);
        for p in &layer.policy.providers {
            out.push(program("provider", &format!("provider `{}`", p.name), &p.argv[0], cwd.as_deref(), &file));
        }
        if let Some(c) = &layer.policy.classifier {
            out.push(program("classifier", "`llm_classifier`", &c.argv[0], cwd.as_deref(), &file));
        }
    }
    out
}

/// A program the gate runs without a shell: a path (relative to the repository, where it runs) or
/// a name on the PATH.
fn program(check: &'static str, what: &str, name: &str, cwd: Option<&Path>, file: &str) -> Check {
    let found = if name.contains('/') {
        let path = Path::new(name);
        let path = if path.is_absolute() { path.to_path_buf() } else { cwd.map_or(path.to_path_buf(), |d| d.join(path)) };
        crate::paths::is_executable(&path).then_some(path)
    } else {
        crate::paths::find_on_path(name)
    };
    match found {
        Some(p) => Check::ok(check, format!("{what}: {} is executable", p.display())),
        None => Check::fail(
            check,
            format!("{what}: program `{name}` is not found or not executable: the gate turns every question to it into a confirmation"),
            format!("install `{name}` or fix its `command` in {file}"),
        ),
    }
}
