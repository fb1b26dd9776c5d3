//! Providers (the provider protocol): programs that know which files and routes are gate-bearing.
//! Each is asked only the questions it declares, all questions at once, each within its timeout.

use super::policy::{Provider, Question};
use super::process;
use serde_json::{Value, json};
use std::path::Path;
use std::time::Instant;

/// One question about one subject.
#[derive(Clone, Debug)]
pub struct Query {
    pub question: Question,
    /// The repository-relative path (gate_bearing) or the route literal as written.
    pub subject: String,
    /// The file being edited, repository-relative.
    pub path: String,
    pub tool_name: String,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Answer {
        answer: String,
        evidence: Vec<String>,
        confidence: Option<f64>,
    },
    /// Anything but exit 0 with a valid object: the gate turns it into confirm.
    Failure(Failure),
}

/// Why a provider gave no answer, as the gate and `ask` show it, and whether it ran out of time:
/// doctor, which asks with a shorter cap than the policy's timeout, says so only for a timeout.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    pub why: String,
    pub timed_out: bool,
}

impl Failure {
    fn new(why: impl Into<String>) -> Failure {
        Failure { why: why.into(), timed_out: false }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.why)
    }
}

/// `ask --json` names the failure by its text.
impl serde::Serialize for Failure {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.why)
    }
}

#[derive(Clone, Debug)]
pub struct Reply {
    pub provider: String,
    pub query: Query,
    pub outcome: Outcome,
}

impl Reply {
    pub fn is_yes(&self) -> bool {
        matches!(&self.outcome, Outcome::Answer { answer, .. } if answer == "yes")
    }

    /// A `yes` or a failure: either makes the gate ask for confirmation.
    pub fn blocks(&self) -> bool {
        self.is_yes() || matches!(self.outcome, Outcome::Failure(_))
    }
}

/// Asks every provider each query it declares, concurrently. `repo` is the repository's top level,
/// the providers' working directory. With a `deadline` (the hook's), no provider runs past it.
pub fn ask(providers: &[Provider], queries: &[Query], repo: &Path, deadline: Option<Instant>) -> Vec<Reply> {
    let jobs: Vec<(&Provider, &Query)> =
        providers.iter().flat_map(|p| queries.iter().filter(|q| p.questions.contains(&q.question)).map(move |q| (p, q))).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .iter()
            .map(|(p, q)| {
                scope.spawn(move || Reply { provider: p.name.clone(), query: (*q).clone(), outcome: ask_one(p, q, repo, deadline) })
            })
            .collect();
        handles
            .into_iter()
            .zip(&jobs)
            .map(|(h, (p, q))| {
                h.join().unwrap_or_else(|_| Reply {
                    provider: p.name.clone(),
                    query: (*q).clone(),
                    outcome: Outcome::Failure(Failure::new("internal error")),
                })
            })
            .collect()
    })
}

/// The request a provider reads on stdin for `query` (the provider protocol, version 1). `path`
/// (and a gate_bearing `subject`) is relative to `repo` inside it, absolute outside it: the gate's
/// `~/…` for a file in the home directory is a name for people, which a provider joining `repo`
/// and `path` would misread.
pub fn request(query: &Query, repo: &Path) -> Value {
    json!({
        "protocol": 1,
        "question": query.question.name(),
        "subject": without_tilde(&query.subject),
        "repo": repo.to_string_lossy(),
        "path": without_tilde(&query.path),
        "tool_name": query.tool_name,
    })
}

/// `~/x` as the absolute path it names.
fn without_tilde(path: &str) -> String {
    match (path.strip_prefix("~/"), crate::paths::home()) {
        (Some(rest), Some(home)) => home.join(rest).to_string_lossy().into_owned(),
        _ => path.to_string(),
    }
}

fn ask_one(provider: &Provider, query: &Query, repo: &Path, deadline: Option<Instant>) -> Outcome {
    let request = request(query, repo);
    let (timeout, cut) = process::within(provider.timeout, deadline);
    let finished = match process::run(&provider.argv, request.to_string().as_bytes(), Some(repo), timeout) {
        Ok(f) => f,
        Err(e) => return Outcome::Failure(Failure { why: process::cut_short(&e, cut), timed_out: e.timed_out() }),
    };
    if !finished.status.success() {
        return Outcome::Failure(Failure::new(process::failure(&finished)));
    }
    if finished.stdout.len() >= process::OUTPUT_LIMIT {
        return Outcome::Failure(Failure::new(format!("its output is over the {} MiB an answer may take", process::OUTPUT_LIMIT >> 20)));
    }
    parse_response(&finished.stdout)
}

/// The answer a provider printed, or why it is none. Every field that is there must have its
/// protocol shape (`evidence` a list of strings, `confidence` a number from 0 to 1): a malformed
/// answer is a failure, which confirms, not an answer read halfway.
fn parse_response(stdout: &[u8]) -> Outcome {
    let failure = |why: &str| Outcome::Failure(Failure::new(why));
    let Ok(Value::Object(obj)) = serde_json::from_slice::<Value>(stdout) else { return failure("its output is not a JSON object") };
    let answer = match obj.get("answer").and_then(Value::as_str) {
        Some(a @ ("yes" | "no" | "unknown")) => a.to_string(),
        Some(other) => return failure(&format!("it answered `{other}` (expected yes, no or unknown)")),
        None => return failure("its output has no `answer`"),
    };
    let evidence = match obj.get("evidence") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => match items.iter().map(|e| e.as_str().map(str::to_string)).collect::<Option<Vec<_>>>() {
            Some(evidence) => evidence,
            None => return failure("its `evidence` holds something other than strings"),
        },
        Some(_) => return failure("its `evidence` is not a list of strings"),
    };
    let confidence = match obj.get("confidence") {
        None | Some(Value::Null) => None,
        Some(c) => match c.as_f64().filter(|c| (0.0..=1.0).contains(c)) {
            Some(c) => Some(c),
            None => return failure(&format!("its `confidence` {c} is not a number from 0 to 1")),
        },
    };
    Outcome::Answer { answer, evidence, confidence }
}

/// Quoted strings in `text` that look like URL paths: they start with `/`, hold no blank, do not
/// start with `//`, and their last segment has no `.` (so `/etc/passwd.conf` or `/static/app.js`
/// are not routes).
pub fn route_literals(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let q = bytes[i];
        if matches!(q, b'"' | b'\'' | b'`')
            && let Some(len) = text[i + 1..].find(q as char)
        {
            let inner = &text[i + 1..i + 1 + len];
            if is_route(inner) && !out.iter().any(|r| r == inner) {
                out.push(inner.to_string());
            }
            if is_route(inner) {
                i += len + 2;
                continue;
            }
        }
        i += 1;
    }
    out
}

fn is_route(s: &str) -> bool {
    s.starts_with('/') && !s.starts_with("//") && !s.chars().any(char::is_whitespace) && !s.rsplit('/').next().unwrap_or("").contains('.')
}

/// Routes added by an edit (`route_gate`) and removed by it (`route_callers`).
pub fn route_changes(old: &str, new: &str) -> (Vec<String>, Vec<String>) {
    let before = route_literals(old);
    let after = route_literals(new);
    let added = after.iter().filter(|r| !before.contains(r)).cloned().collect();
    let removed = before.into_iter().filter(|r| !after.contains(r)).collect();
    (added, removed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_deadline_cuts_a_provider_short_and_names_it() {
        let slow = Provider {
            name: "slow".into(),
            argv: vec!["sleep".into(), "5".into()],
            questions: vec![Question::GateBearing],
            timeout: Duration::from_secs(10),
        };
        let query = Query { question: Question::GateBearing, subject: "a".into(), path: "a".into(), tool_name: "Edit".into() };
        // The provider's own 10 s would let its 5 s sleep finish and answer: only the deadline
        // makes it a failure that says so, however long the loaded machine took to get there.
        let replies = ask(&[slow], &[query], Path::new("/"), Some(Instant::now() + Duration::from_millis(300)));
        assert_eq!(replies[0].provider, "slow");
        assert!(replies[0].blocks());
        assert!(
            matches!(&replies[0].outcome, Outcome::Failure(f) if f.timed_out && f.why.contains("time limit")),
            "{:?}",
            replies[0].outcome
        );
    }

    /// The policy refuses a provider timeout the hook could not wait for.
    #[test]
    fn the_longest_provider_timeout_is_the_hooks_budget() {
        assert_eq!(Duration::from_secs_f64(crate::gate::policy::PROVIDER_TIMEOUT_MAX), crate::gate::judge::CALL_BUDGET);
    }

    #[test]
    fn routes() {
        let text = r#"@Path("/v1/orders") get("/export") x = "/static/app.js" y = "//cdn" z = "/a b" w = '/admin/'"#;
        assert_eq!(route_literals(text), ["/v1/orders", "/export", "/admin/"]);
        let (added, removed) = route_changes(r#"@Path("/old") @Path("/same")"#, r#"@Path("/new") @Path("/same")"#);
        assert_eq!(added, ["/new"]);
        assert_eq!(removed, ["/old"]);
    }
}
