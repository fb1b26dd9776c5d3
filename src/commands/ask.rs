//! `gitvow ask`: put one question to every configured provider, show each answer and what the gate
//! would decide. The decision is the gate's for an edit of that path: the rules of every layer, the
//! providers' answers and the classifier, so `ask` and `check --path` agree.

use crate::agents::Handler;
use crate::error::{Error, Result};
use crate::gate::judge::{self, CALL_BUDGET, Gate};
use crate::gate::location::rule_path;
use crate::gate::normalize::{Action, Call};
use crate::gate::policy::layers::Layers;
use crate::gate::policy::{self, Question};
use crate::gate::providers::{self, Outcome, Query, Reply};
use crate::gate::verdict::{Decision, Verdict};
use serde_json::{Map, Value, json};
use std::path::Path;
use std::time::Instant;

/// `gitvow ask <question> <subject> [--path FILE] [--json]`.
#[derive(Clone, Debug)]
pub struct AskRequest {
    pub(crate) question: String,
    pub(crate) subject: String,
    pub(crate) path: Option<String>,
    pub(crate) json: bool,
}

pub fn run(args: &AskRequest) -> Result<i32> {
    let question = Question::parse(&args.question).ok_or_else(|| {
        Error::usage(format!("unknown question `{}`", args.question)).hint("ask gate_bearing, route_gate or route_callers")
    })?;
    let cwd = std::env::current_dir().map_err(|e| Error::new(format!("cannot read the current directory: {e}")))?;
    let repo = crate::paths::find_repo(&cwd);
    let top = repo.as_ref().map(|r| r.top.as_path());
    let layers = policy::layers::load(top)?;

    let query = locate(args, question, &cwd, top);
    let asked = ask_layers(&layers, &query, &cwd, top);
    let verdict = judge_edit(&layers, &query, &asked.given, &cwd, top);
    let decision = verdict.as_ref().filter(|v| v.decision != Decision::Allow);
    if args.json {
        show_json(&layers, &query, &asked, decision);
    } else {
        show_text(&layers, &query, &asked, decision);
    }
    Ok(0)
}

/// The question as the gate would put it: the subject and the path the gate names (a gate-bearing
/// question's path is its subject unless `--path` names another).
fn locate(args: &AskRequest, question: Question, cwd: &Path, top: Option<&Path>) -> Query {
    let (subject, path) = match question {
        Question::GateBearing => {
            let p = rule_path(&args.subject, cwd, top);
            (p.clone(), args.path.as_deref().map(|f| rule_path(f, cwd, top)).unwrap_or(p))
        }
        _ => (args.subject.clone(), args.path.as_deref().map(|f| rule_path(f, cwd, top)).unwrap_or_default()),
    };
    Query { question, subject, path, tool_name: "Edit".into() }
}

/// What the layers' providers said: every reply, the verdict each layer's providers give it (`None`
/// for a layer without providers), and the layers whose providers did not run (untrusted).
struct Asked {
    replies: Vec<Reply>,
    given: Vec<Option<Verdict>>,
    untrusted: Vec<String>,
}

/// Each layer's providers, answering as the gate would ask them, and the verdict they give that
/// layer; an untrusted layer's do not run.
fn ask_layers(layers: &Layers, query: &Query, cwd: &Path, top: Option<&Path>) -> Asked {
    let mut asked = Asked { replies: Vec::new(), given: Vec::new(), untrusted: Vec::new() };
    for layer in &layers.layers {
        asked.given.push(if layer.policy.providers.is_empty() {
            None
        } else if !layer.counts_fully() {
            asked.untrusted.push(layer.describe());
            Some(judge::untrusted(layer, "its providers", Some(&query.path)))
        } else {
            // Within the hook's budget, so that `ask` answers what the hook would.
            let deadline = Some(Instant::now() + CALL_BUDGET);
            let answered = providers::ask(&layer.policy.providers, std::slice::from_ref(query), top.unwrap_or(cwd), deadline);
            let verdict = judge::providers_verdict(&answered, &layer.describe());
            asked.replies.extend(answered);
            verdict
        });
    }
    asked
}

/// An edit of the path, judged as the hook judges it: every layer's rules, the providers' verdicts,
/// then the classifier of each layer they leave open. Without a path, the strictest of the verdicts.
fn judge_edit(layers: &Layers, query: &Query, given: &[Option<Verdict>], cwd: &Path, top: Option<&Path>) -> Option<Verdict> {
    if query.path.is_empty() {
        return given.iter().flatten().max_by_key(|v| v.decision).cloned();
    }
    let mut input = Map::new();
    input.insert("file_path".into(), Value::from(query.path.as_str()));
    let call = Call {
        handler: Handler::PreToolUse,
        session: "ask".into(),
        cwd: cwd.to_path_buf(),
        transcript_path: None,
        permission_mode: None,
        tool_name: Some("Edit".into()),
        actions: vec![Action::new("Edit", input)],
        gate: true,
    };
    let gate = Gate { layers, cwd, repo_top: top, deadline: Instant::now() + CALL_BUDGET, programs: true };
    Some(gate.judge_after(&call, Some(given)))
}

/// `--json`: the question, the layers, every answer and the decision as one object.
fn show_json(layers: &Layers, query: &Query, asked: &Asked, decision: Option<&Verdict>) {
    let mut answers: Vec<Value> = asked
        .replies
        .iter()
        .map(|r| match &r.outcome {
            Outcome::Answer { answer, evidence, confidence } => {
                json!({"provider": r.provider, "answer": answer, "evidence": evidence, "confidence": confidence})
            }
            Outcome::Failure(why) => json!({"provider": r.provider, "error": why}),
        })
        .collect();
    answers.extend(asked.untrusted.iter().map(|l| json!({"policy": l, "error": "not trusted: its providers did not run"})));
    let out = json!({
        "question": query.question.name(),
        "subject": query.subject,
        "path": Some(&query.path).filter(|p| !p.is_empty()),
        "policy": layers.layers.iter().map(crate::commands::policy::layer_json).collect::<Vec<_>>(),
        "answers": answers,
        "decision": decision.map_or("allow", |v| v.decision.name()),
        "reason": decision.map(|v| v.reason.clone()),
    });
    crate::output::json(&out);
}

/// The answers and the decision for a person.
fn show_text(layers: &Layers, query: &Query, asked: &Asked, decision: Option<&Verdict>) {
    let question = query.question;
    let policies: Vec<String> = layers.layers.iter().map(|l| l.describe()).collect();
    // A provider's words (and the subject) are shown, never obeyed: no line break or escape of
    // theirs can forge a line of this output (`decision: allow`) or move the terminal's cursor.
    let shown = crate::visible::visible_line;
    let mut out = format!("{} {} (policy: {})\n", question.name(), shown(&query.subject), policies.join(", "));
    if asked.replies.is_empty() && asked.untrusted.is_empty() {
        out.push_str(&format!("no provider answers {}\n", question.name()));
    }
    for r in &asked.replies {
        match &r.outcome {
            Outcome::Answer { answer, evidence, confidence } => {
                let conf = confidence.map(|c| format!(" (confidence {c})")).unwrap_or_default();
                out.push_str(&format!("{}: {answer}{conf}\n", shown(&r.provider)));
                for e in evidence {
                    out.push_str(&format!("  evidence: {}\n", shown(e)));
                }
            }
            Outcome::Failure(why) => out.push_str(&format!("{}: failed: {}\n", shown(&r.provider), shown(&why.to_string()))),
        }
    }
    for l in &asked.untrusted {
        out.push_str(&format!("{l}: not trusted, its providers did not run (`gitvow trust`)\n"));
    }
    match decision {
        None => out.push_str("decision: allow\n"),
        Some(v) => out.push_str(&format!("decision: {} ({})\n", v.decision.name(), shown(&v.reason))),
    }
    crate::output::print(&out);
}
