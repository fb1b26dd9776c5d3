//! `gitvow ask`: put one question to every configured provider, show each answer and what the gate
//! would decide.

use super::location::rule_path;
use super::policy::{self, Question};
use super::providers::{self, Outcome, Query, Reply};
use crate::cli::AskArgs;
use crate::error::{Error, Result};
use serde_json::{Value, json};

pub fn run(args: &AskArgs) -> Result<i32> {
    let question = Question::parse(&args.question)
        .ok_or_else(|| Error::usage(format!("unknown question `{}`", args.question)).hint("ask gate_bearing, route_gate or route_callers"))?;
    let cwd = std::env::current_dir().map_err(|e| Error::new(format!("cannot read the current directory: {e}")))?;
    let repo = crate::paths::find_repo(&cwd);
    let top = repo.as_ref().map(|r| r.top.as_path());
    let policy = policy::load(top).map_err(Error::new)?;

    let (subject, path) = match question {
        Question::GateBearing => {
            let p = rule_path(&args.subject, &cwd, top);
            (p.clone(), args.path.as_deref().map(|f| rule_path(f, &cwd, top)).unwrap_or(p))
        }
        _ => (args.subject.clone(), args.path.as_deref().map(|f| rule_path(f, &cwd, top)).unwrap_or_default()),
    };
    let query = Query { question, subject, path, tool_name: "Edit".into() };
    let replies = providers::ask(&policy.providers, std::slice::from_ref(&query), top.unwrap_or(&cwd), None);
    let blocking: Vec<&Reply> = replies.iter().filter(|r| r.blocks()).collect();
    let decision = if blocking.is_empty() { "allow" } else { "confirm" };

    if args.json {
        let answers: Vec<Value> = replies
            .iter()
            .map(|r| match &r.outcome {
                Outcome::Answer { answer, evidence, confidence } => {
                    json!({"provider": r.provider, "answer": answer, "evidence": evidence, "confidence": confidence})
                }
                Outcome::Failure(why) => json!({"provider": r.provider, "error": why}),
            })
            .collect();
        let out = json!({
            "question": question.name(),
            "subject": query.subject,
            "path": query.path,
            "policy": policy.source.describe(),
            "answers": answers,
            "decision": decision,
        });
        crate::output::line(&serde_json::to_string_pretty(&out).unwrap_or_default());
        return Ok(0);
    }

    let mut out = format!("{} {} (policy: {})\n", question.name(), query.subject, policy.source.describe());
    if replies.is_empty() {
        out.push_str(&format!("no provider answers {}\n", question.name()));
    }
    for r in &replies {
        match &r.outcome {
            Outcome::Answer { answer, evidence, confidence } => {
                let conf = confidence.map(|c| format!(" (confidence {c})")).unwrap_or_default();
                out.push_str(&format!("{}: {answer}{conf}\n", r.provider));
                for e in evidence {
                    out.push_str(&format!("  evidence: {e}\n"));
                }
            }
            Outcome::Failure(why) => out.push_str(&format!("{}: failed: {why}\n", r.provider)),
        }
    }
    let names: Vec<&str> = blocking.iter().map(|r| r.provider.as_str()).collect();
    if names.is_empty() {
        out.push_str("decision: allow\n");
    } else {
        out.push_str(&format!("decision: confirm ({})\n", names.join(", ")));
    }
    crate::output::print(&out);
    Ok(0)
}
