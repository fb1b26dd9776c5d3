//! The policy layers in force for the scope: which files, whether each loads and every pattern
//! compiles, whether a repository's programs are trusted, whether the classifier's program exists,
//! and whether each provider answers a harmless question. A policy that does not load blocks every
//! tool call (fail closed), so that is a failure, not a warning.

use super::{CheckResult, CheckedScopes};
use crate::gate::policy::layers::{self, LayerKind, Trust};
use crate::gate::policy::{Provider, Question};
use crate::gate::process;
use crate::gate::providers::{self, Failure, Outcome, Query};
use crate::paths::Scope;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub(crate) fn checks(ctx: &CheckedScopes) -> Vec<CheckResult> {
    let top = match &ctx.scope {
        Scope::Repo(r) => Some(r.top.as_path()),
        Scope::User { .. } | Scope::System { .. } => None,
    };
    let mut out = Vec::new();
    let mut base_seen = false;
    // The files that do not load, in the order of the layers, for the command that checks each.
    let mut failing = failing_files(top).into_iter();
    for result in layers::load_each(top) {
        let layer = match result {
            Ok(l) => l,
            Err(e) => {
                let fix = match failing.next() {
                    Some(path) => format!(
                        "fix it, then check it with `gitvow policy check {}`: until then every tool call is blocked",
                        crate::output::shell_path(&path)
                    ),
                    None => "fix the policy file: until then every tool call is blocked".to_string(),
                };
                out.push(CheckResult::fail("policy", e.message, fix));
                continue;
            }
        };
        let file = layer.policy.source.describe();
        // The first layer is the base (the system policy, when root wrote one); the others add to it.
        let role = if base_seen { "adds to the base" } else { "the base" };
        base_seen = true;
        // The built-in layer's name is its description: said once.
        let which = match layer.kind {
            LayerKind::BuiltIn => file.clone(),
            kind => format!("{} policy, {file}", kind.name()),
        };
        out.push(CheckResult::ok("policy", format!("in force: the {which} ({role}; {} patterns compile)", layer.policy.pattern_count())));
        if layer.trust == Trust::Untrusted {
            // Absolute and quoted: pasted anywhere, it names this repository.
            let repo = layer.repo.as_deref().map(crate::output::shell_path).unwrap_or_default();
            out.push(CheckResult::warn(
                "policy-trust",
                format!(
                    "{file} names programs or exceptions that are not trusted: they do not run, and calls that would ask them are confirmed"
                ),
                format!("read the file, then run `gitvow trust {repo}` in your own terminal"),
            ));
            continue;
        }
        let cwd = top.map(Path::to_path_buf).or_else(crate::paths::home);
        out.extend(provider_checks(&layer.policy.providers, cwd.as_deref(), &file));
        if let Some(c) = &layer.policy.classifier {
            out.push(program("classifier", "`llm_classifier`", &c.argv[0], cwd.as_deref(), &file));
        }
    }
    if let Some(first) = crate::gate::approvals::ignored_records().first() {
        out.push(CheckResult::warn(
            "records",
            format!("ignored, not sealed by gitvow: {first}"),
            "remove it: only `gitvow approve` and `gitvow trust` write records",
        ));
    }
    out
}

/// The policy files of the layers that do not load: the system's, the user's, the repositories'.
fn failing_files(top: Option<&Path>) -> Vec<PathBuf> {
    let system = layers::LayerFile { kind: LayerKind::System, path: PathBuf::from(crate::paths::SYSTEM_POLICY), repo: None };
    let user = crate::paths::gitvow_home().map(|h| layers::LayerFile { kind: LayerKind::User, path: h.join("policy.json"), repo: None });
    std::iter::once(system)
        .chain(user)
        .chain(layers::repository_files(top))
        .filter(|f| layers::load_file(f).is_err())
        .map(|f| f.path)
        .collect()
}
/// A program the gate runs without a shell: a path (relative to the repository, where it runs) or
/// a name on the PATH.
fn program(check: &'static str, what: &str, name: &str, cwd: Option<&Path>, file: &str) -> CheckResult {
    match locate(name, cwd) {
        Some(p) => CheckResult::ok(check, format!("{what}: {} is executable", p.display())),
        None => missing(check, what, name, file),
    }
}

fn locate(name: &str, cwd: Option<&Path>) -> Option<PathBuf> {
    if name.contains('/') {
        let path = Path::new(name);
        let path = if path.is_absolute() { path.to_path_buf() } else { cwd.map_or(path.to_path_buf(), |d| d.join(path)) };
        crate::paths::is_executable(&path).then_some(path)
    } else {
        crate::paths::find_on_path(name)
    }
}

fn missing(check: &'static str, what: &str, name: &str, file: &str) -> CheckResult {
    CheckResult::fail(
        check,
        format!("{what}: program `{name}` is not found or not executable: the gate turns every question to it into a confirmation"),
        format!("install `{name}` or fix its `command` in {file}"),
    )
}

/// The providers of one layer, each asked its harmless question side by side, so that doctor costs
/// at most one provider's wait however many the policy names.
fn provider_checks(list: &[Provider], cwd: Option<&Path>, file: &str) -> Vec<CheckResult> {
    std::thread::scope(|s| {
        let handles: Vec<_> = list.iter().map(|p| s.spawn(move || provider(p, cwd, file))).collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| CheckResult::fail("provider", "the check crashed", "report this bug")))
            .collect()
    })
}

/// One provider: its program exists, and it answers a question the way the gate asks it (same
/// request, same working directory), within its timeout or doctor's cap, whichever is shorter.
fn provider(p: &Provider, cwd: Option<&Path>, file: &str) -> CheckResult {
    let what = format!("provider `{}`", p.name);
    let Some(path) = locate(&p.argv[0], cwd) else { return missing("provider", &what, &p.argv[0], file) };
    let Some(query) = harmless_query(p) else {
        return CheckResult::ok("provider", format!("{what}: {} is executable; it declares no question this version asks", path.display()));
    };
    let asked = format!("{} `{}`", query.question.name(), query.subject);
    let capped = Provider { timeout: p.timeout.min(super::probe::PROBE_CAP), ..p.clone() };
    let repo = cwd.map_or_else(|| PathBuf::from("/"), Path::to_path_buf);
    let started = Instant::now();
    let reply = providers::ask(std::slice::from_ref(&capped), std::slice::from_ref(&query), &repo, None);
    let took = started.elapsed().as_millis();
    match reply.into_iter().next().map(|r| r.outcome) {
        Some(Outcome::Answer { answer, .. }) => {
            CheckResult::ok("provider", format!("{what}: asked {asked}, answered `{answer}` in {took} ms"))
        }
        Some(Outcome::Failure(why)) => CheckResult::fail(
            "provider",
            format!(
                "{what}: asked {asked}: {why}{}: the gate turns every question to it into a confirmation",
                cap_note(&why, p.timeout, capped.timeout)
            ),
            format!(
                "run it by hand to see why: echo {} | {}",
                shell_words::quote(&providers::request(&query, &repo).to_string()),
                shell_words::join(&p.argv)
            ),
        ),
        None => CheckResult::ok("provider", format!("{what}: {} is executable", path.display())),
    }
}

/// A question whose answer changes nothing: about a file or route no repository has. The first
/// question the provider declares, so that it is asked something it claims to answer.
fn harmless_query(p: &Provider) -> Option<Query> {
    let question = *p.questions.first()?;
    let subject = match question {
        Question::GateBearing => "gitvow-doctor-probe/none.txt",
        Question::RouteGate | Question::RouteCallers => "/gitvow-doctor-probe",
    };
    Some(Query { question, subject: subject.into(), path: "gitvow-doctor-probe/none.txt".into(), tool_name: "Edit".into() })
}

/// Says so when the provider timed out at doctor's cap, before its own timeout: it may still answer
/// the gate in time.
fn cap_note(why: &Failure, own: Duration, waited: Duration) -> String {
    if waited < own && why.timed_out {
        format!(" (doctor waits at most {}; the policy allows it {})", process::seconds(waited), process::seconds(own))
    } else {
        String::new()
    }
}
