//! The policy in force for the scope: which file, whether it loads, whether every pattern compiles,
//! and whether the providers' and the classifier's programs exist. A policy that does not load
//! blocks every tool call (fail closed), so this is a failure, not a warning.

use super::{Check, Context};
use crate::install::plan::Scope;
use crate::runtime::policy::{self, Source};
use std::path::Path;

pub fn checks(ctx: &Context) -> Vec<Check> {
    let top = match &ctx.scope {
        Scope::Repo(r) => Some(r.top.as_path()),
        Scope::User { .. } => None,
    };
    let policy = match policy::load(top) {
        Ok(p) => p,
        Err(e) => {
            return vec![Check::fail(
                "policy",
                e,
                "fix the policy file (try it with `gitvow check -- true`): until then every tool call is blocked",
            )];
        }
    };
    let patterns = [&policy.bash_deny, &policy.bash_confirm, &policy.path_confirm, &policy.mcp_allow, &policy.mcp_deny]
        .iter()
        .map(|l| l.rules.len())
        .sum::<usize>();
    let which = match &policy.source {
        Source::File(p) if top.is_some_and(|t| p.starts_with(t)) => "repository",
        Source::File(_) => "user",
        Source::BuiltIn => "built-in",
    };
    let mut out = vec![Check::ok("policy", format!("in force: the {which} policy, {} ({patterns} patterns compile)", policy.source.describe()))];
    let file = policy.source.describe();
    let cwd = top.map(Path::to_path_buf).or_else(crate::paths::home);
    for p in &policy.providers {
        out.push(program("provider", &format!("provider `{}`", p.name), &p.argv[0], cwd.as_deref(), &file));
    }
    if let Some(c) = &policy.classifier {
        out.push(program("classifier", "`llm_classifier`", &c.argv[0], cwd.as_deref(), &file));
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
