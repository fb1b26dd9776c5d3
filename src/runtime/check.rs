//! `gitvow check`: what would the gate say about this command, path or MCP tool?

use super::command;
use super::gate::{CALL_BUDGET, Gate};
use super::location::rule_path;
use super::normalize::{Action, Call};
use super::policy::{self, layers::Layers};
use super::rule_ref::RuleRef;
use super::verdict::Decision;
use crate::agents::Handler;
use crate::error::{Error, Result};
use serde_json::{Map, Value};
use std::time::Instant;

/// What `gitvow check` judges.
#[derive(Clone, Debug)]
pub enum CheckSubject {
    /// A whole command line.
    Command(String),
    /// A file path, as if the agent edited it.
    Path(String),
    /// An MCP tool name.
    Mcp(String),
}

pub fn run(subject: &CheckSubject, json: bool) -> Result<i32> {
    let cwd = std::env::current_dir().map_err(|e| Error::new(format!("cannot read the current directory: {e}")))?;
    let repo = crate::paths::find_repo(&cwd);
    let top = repo.as_ref().map(|r| r.top.as_path());
    let layers = policy::layers::load(top)?;

    let mut input = Map::new();
    let mut seen = Vec::new();
    let tool_name = match subject {
        CheckSubject::Path(path) => {
            input.insert("file_path".into(), Value::from(path.as_str()));
            seen.push(format!("path:    {}", rule_path(path, &cwd, top)));
            "Edit".to_string()
        }
        CheckSubject::Mcp(tool) => tool.clone(),
        CheckSubject::Command(line) => {
            // The analyser may list a command twice (as written, and in the form git rules see):
            // shown once.
            for text in command::simple_commands(line) {
                let text = format!("runs:    {text}");
                if !seen.contains(&text) {
                    seen.push(text);
                }
            }
            input.insert("command".into(), Value::from(line.as_str()));
            "Bash".to_string()
        }
    };
    let action = Action::new(tool_name, input);
    let call = Call {
        handler: Handler::PreToolUse,
        session: "check".into(),
        cwd: cwd.clone(),
        transcript_path: None,
        permission_mode: None,
        tool_name: Some(action.tool_name.clone()),
        actions: vec![action],
        gate: true,
    };
    let verdict = Gate { layers: &layers, cwd: &cwd, repo_top: top, deadline: Instant::now() + CALL_BUDGET, programs: true }.judge(&call);
    let reason = if verdict.reason.is_empty() { "no rule matched" } else { verdict.reason.as_str() };
    let pattern = verdict.layer.zip(verdict.rule.as_ref()).and_then(|(i, rule)| pattern_of(&layers, i, rule));
    let untrusted = |layer: &policy::layers::Layer| matches!(layer.trust, policy::layers::Trust::Untrusted);
    if json {
        crate::output::json(&serde_json::json!({
            "verdict": verdict.decision.name(),
            "reason": reason,
            "rule": verdict.rule,
            "pattern": pattern,
            "decided_by": verdict.layer.map(|i| layers.layers[i].describe()),
            "exception": verdict.exception,
            "policy": layers.layers.iter().map(|l| serde_json::json!({"layer": l.describe(), "trusted": !untrusted(l)})).collect::<Vec<_>>(),
            "seen": seen,
        }));
        return Ok(if verdict.decision == Decision::Allow { 0 } else { 2 });
    }
    let mut out = format!("verdict: {}\n", verdict.decision.name());
    out.push_str(&format!("reason:  {reason}\n"));
    if let Some(rule) = &verdict.rule {
        match pattern {
            Some(pattern) => out.push_str(&format!("rule:    {rule}: {pattern}\n")),
            None => out.push_str(&format!("rule:    {rule}\n")),
        }
    }
    if let Some(i) = verdict.layer {
        out.push_str(&format!("decided: {}\n", layers.layers[i].describe()));
    }
    if let Some(exception) = &verdict.exception {
        out.push_str(&format!("exception: {exception} let it skip a confirm rule\n"));
    }
    for layer in &layers.layers {
        let trust = if untrusted(layer) { " [programs and exceptions not trusted: `gitvow trust`]" } else { "" };
        out.push_str(&format!("policy:  {}{trust}\n", layer.describe()));
    }
    for line in seen {
        out.push_str(&line);
        out.push('\n');
    }
    crate::output::print(&out);
    Ok(if verdict.decision == Decision::Allow { 0 } else { 2 })
}

/// The pattern of the rule a verdict names (`bash_deny[1]` of layer `i`): messages to the agent name
/// the rule, not its regular expression; `gitvow check` shows both.
fn pattern_of<'a>(layers: &'a Layers, i: usize, rule: &RuleRef) -> Option<&'a str> {
    let RuleRef::Listed { list, index } = *rule else { return None };
    layers.layers.get(i)?.policy.list(list).rules.get(index).map(|r| r.pattern.as_str())
}
