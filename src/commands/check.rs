//! `gitvow check`: what would the gate say about this command, path or MCP tool?

use crate::agents::Handler;
use crate::error::{Error, Result};
use crate::gate::command;
use crate::gate::command::span::{Origins, Span};
use crate::gate::judge::{CALL_BUDGET, Gate};
use crate::gate::location::rule_path;
use crate::gate::normalize::{Action, Call};
use crate::gate::policy::{self, layers::Layers};
use crate::gate::rule_ref::RuleRef;
use crate::gate::target;
use crate::gate::verdict::{Decision, Verdict};
use serde_json::{Map, Value};
use std::path::Path;
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

pub fn run(subject: &CheckSubject, json: bool, color: bool) -> Result<i32> {
    let cwd = std::env::current_dir().map_err(|e| Error::new(format!("cannot read the current directory: {e}")))?;
    let repo = crate::paths::find_repo(&cwd);
    let top = repo.as_ref().map(|r| r.top.as_path());
    let layers = policy::layers::load(top)?;

    let (action, read) = read_subject(subject, &cwd, top);
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
    let at = match subject {
        CheckSubject::Command(line) => decided_at(&layers, &read, &verdict, &cwd).map(|span| (line.as_str(), span)),
        _ => None,
    };
    if json {
        show_json(&layers, &read, &verdict, at);
    } else {
        show_text(&layers, &read, &verdict, at, color);
    }
    Ok(exit_code(verdict.decision))
}

/// What the analyser sees in the subject: the path, the commands it runs (and where each comes
/// from), their effects, what it cannot read.
struct Read {
    seen: Vec<(&'static str, String)>,
    effects: Vec<command::effects::Effect>,
    opaque: Option<&'static str>,
    /// The texts the rules read, and where in the line each comes from.
    texts: Vec<String>,
    origins: Origins,
}

/// The subject as the gate receives it (the tool call), and what the analyser sees in it.
fn read_subject(subject: &CheckSubject, cwd: &Path, top: Option<&Path>) -> (Action, Read) {
    let mut input = Map::new();
    let mut read = Read { seen: Vec::new(), effects: Vec::new(), opaque: None, texts: Vec::new(), origins: Origins::default() };
    let tool_name = match subject {
        CheckSubject::Path(path) => {
            input.insert("file_path".into(), Value::from(path.as_str()));
            read.seen.push(("path", crate::visible::visible_line(&rule_path(path, cwd, top))));
            "Edit".to_string()
        }
        CheckSubject::Mcp(tool) => tool.clone(),
        CheckSubject::Command(line) => {
            // The analyser may list a command twice (as written, and in the form git rules see):
            // shown once.
            let home = crate::paths::home();
            let analysis = command::analyse_in(line, &command::Context { cwd, home: home.as_deref(), repo_top: top });
            for text in analysis.texts.iter().filter(|t| !t.starts_with("effect ")) {
                let text = ("runs", crate::visible::visible_line(text));
                if !read.seen.contains(&text) {
                    read.seen.push(text);
                }
            }
            for source in &analysis.sources {
                read.seen.push(("runs", crate::visible::visible_line(source)));
            }
            read.effects = analysis.effects;
            read.opaque = analysis.opaque;
            read.texts = analysis.texts;
            read.origins = analysis.origins;
            input.insert("command".into(), Value::from(line.as_str()));
            "Bash".to_string()
        }
    };
    (Action::new(tool_name, input), read)
}

/// The verdict's reason, or what a plain allow says.
fn reason_of(verdict: &Verdict) -> &str {
    if verdict.reason.is_empty() { "no rule matched" } else { verdict.reason.as_str() }
}

/// `--json`: the verdict, what decided it, the layers and what the analyser saw, as one object.
fn show_json(layers: &Layers, read: &Read, verdict: &Verdict, at: Option<(&str, Span)>) {
    let pattern = verdict.layer.zip(verdict.rule.as_ref()).and_then(|(i, rule)| pattern_of(layers, i, rule));
    crate::output::json(&serde_json::json!({
        "verdict": verdict.decision.name(),
        "reason": reason_of(verdict),
        "rule": verdict.rule,
        "pattern": pattern,
        "decided_by": verdict.layer.map(|i| crate::commands::policy::layer_json(&layers.layers[i])),
        "exception": verdict.exception,
        "at": at.map(|(line, span)| serde_json::json!({"start": span.start, "end": span.end, "text": span.of(line)})),
        "policy": layers.layers.iter().map(crate::commands::policy::layer_json).collect::<Vec<_>>(),
        "seen": read.seen.iter().map(|(what, text)| serde_json::json!({"what": what, "text": text})).collect::<Vec<_>>(),
        "opaque": read.opaque,
        "effects": read.effects.iter().map(|e| {
            let judged = judged_by(layers, e);
            serde_json::json!({
                "kind": e.kind.name(),
                "class": e.class.name(),
                "path": e.path,
                "text": e.text(),
                "rule": judged.as_ref().map(|j| &j.0),
                "reason": judged.as_ref().map(|j| &j.1),
            })
        }).collect::<Vec<_>>(),
    }));
}

/// The verdict and what decided it, then the layers and what the analyser saw, for a person.
fn show_text(layers: &Layers, read: &Read, verdict: &Verdict, at: Option<(&str, Span)>, color: bool) {
    let pattern = verdict.layer.zip(verdict.rule.as_ref()).and_then(|(i, rule)| pattern_of(layers, i, rule));
    let untrusted = |layer: &policy::layers::Layer| matches!(layer.trust, policy::layers::Trust::Untrusted);
    let mut out = format!("verdict: {}\n", crate::output::paint_verdict(verdict.decision.name(), color));
    out.push_str(&format!("reason:  {}\n", reason_of(verdict)));
    if let Some(rule) = &verdict.rule {
        match pattern {
            Some(pattern) => out.push_str(&format!("rule:    {rule}: {pattern}\n")),
            None => out.push_str(&format!("rule:    {rule}\n")),
        }
    }
    if let Some(i) = verdict.layer {
        out.push_str(&format!("decided: {}\n", layers.layers[i].describe()));
    }
    // Pointing at the whole line would say nothing.
    if let Some((line, span)) = at.filter(|(line, span)| span.of(line) != line.trim()) {
        out.push_str(&pointed(line, span));
    }
    if let Some(exception) = &verdict.exception {
        out.push_str(&format!("exception: {exception} let it skip a confirm rule\n"));
    }
    for layer in &layers.layers {
        let trust = if untrusted(layer) { " [programs and exceptions not trusted: `gitvow trust`]" } else { "" };
        out.push_str(&format!("policy:  {}{trust}\n", layer.describe()));
    }
    for (what, text) in &read.seen {
        out.push_str(&format!("{:<8} {text}\n", format!("{what}:")));
    }
    if let Some(why) = read.opaque {
        out.push_str(&format!("effect:  executes: opaque ({why}) [the analysis: always confirmed]\n"));
    }
    for e in &read.effects {
        let judged = match judged_by(layers, e) {
            Some((rule, reason)) => format!("{rule} ({reason})"),
            None => "no rule".to_string(),
        };
        out.push_str(&format!("effect:  {} [{judged}]\n", crate::visible::visible_line(&e.describe())));
    }
    crate::output::print(&out);
}

/// Where in the command line the text that decided the verdict comes from: the simple command
/// whose text (or effect) the deciding command rule matches first.
fn decided_at(layers: &Layers, read: &Read, verdict: &Verdict, cwd: &Path) -> Option<Span> {
    let Some(RuleRef::Listed { list, index }) = verdict.rule else { return None };
    if !matches!(list, policy::ListKey::BashDeny | policy::ListKey::BashConfirm) {
        return None;
    }
    let rules = layers.layers.get(verdict.layer?)?.policy.list(list);
    let reached = |text: &str| target::reach(text, cwd);
    // The rule that decided is the first to match any text, so a text it matches is matched by
    // no rule before it.
    let k = read.texts.iter().position(|t| rules.first_match(&[t], &reached).is_some_and(|(i, _)| i == index))?;
    read.origins.text(k)
}

/// Lines that point at `span` of `line`: the line of the command it starts on, with `^` under
/// it. A long line is cut around it.
fn pointed(line: &str, span: Span) -> String {
    const AROUND: usize = 40;
    let (start, end) = (span.start.min(line.len()), span.end.min(line.len()));
    let from = line[..start].rfind('\n').map_or(0, |n| n + 1);
    let to = line[start..].find('\n').map_or(line.len(), |n| start + n);
    let number = line[..start].matches('\n').count() + 1;
    let shown = |text: &str| crate::visible::visible_line(text);
    let before: Vec<char> = shown(&line[from..start]).chars().collect();
    let before: String = match before.len().checked_sub(AROUND) {
        Some(cut) if cut > 0 => std::iter::once('…').chain(before[cut..].iter().copied()).collect(),
        _ => before.into_iter().collect(),
    };
    let part = cut_after(&shown(&line[start..end.clamp(start, to)]), 2 * AROUND);
    let after = cut_after(&shown(&line[end.clamp(start, to)..to]), AROUND);
    let head = if line.contains('\n') { format!("line {number}: ") } else { String::new() };
    let pad = head.chars().count() + before.chars().count();
    let width = part.chars().count().max(1);
    format!("at:      {head}{before}{part}{after}\n         {}{}\n", " ".repeat(pad), "^".repeat(width))
}

/// The first `n` characters of `text`, with `…` where it goes on.
fn cut_after(text: &str, n: usize) -> String {
    match text.char_indices().nth(n) {
        Some((k, _)) => format!("{}…", &text[..k]),
        None => text.to_string(),
    }
}

/// The README's "Exit codes": 0 allow, 2 deny, 3 confirm (a script can tell "never" from "ask a
/// person").
fn exit_code(decision: Decision) -> i32 {
    match decision {
        Decision::Allow => 0,
        Decision::Deny => 2,
        Decision::Confirm => 3,
    }
}

/// The pattern of the rule a verdict names (`bash_deny[1]` of layer `i`): messages to the agent name
/// the rule, not its regular expression; `gitvow check` shows both.
fn pattern_of<'a>(layers: &'a Layers, i: usize, rule: &RuleRef) -> Option<&'a str> {
    let RuleRef::Listed { list, index } = *rule else { return None };
    layers.layers.get(i)?.policy.list(list).get(index).map(|r| r.pattern())
}

/// The first command rule of any layer that judges `effect` (deny rules first), as
/// (`bash_deny[13] in <layer>`, its reason).
fn judged_by(layers: &Layers, effect: &command::effects::Effect) -> Option<(String, String)> {
    let text = effect.text();
    for key in [policy::ListKey::BashDeny, policy::ListKey::BashConfirm] {
        for layer in &layers.layers {
            let list = layer.policy.list(key);
            if let Some(i) = list.matches(&text) {
                return Some((format!("{}[{i}] in {}", key.name(), layer.describe()), list.get(i)?.reason.clone()));
            }
        }
    }
    None
}
