//! The gate: a normalised call against the policy, in the order the policy promises.
//! `bash_deny` → `bash_confirm` → `path_confirm` → `mcp_deny` → `mcp_allow` → providers →
//! classifier → allow.

use super::classifier;
use super::location::rule_path;
use super::normalize::{Action, Call};
use super::policy::{Policy, Question, RuleList};
use super::reach::Reach;
use super::providers::{self, Outcome, Query, Reply};
use std::path::Path;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Decision {
    Allow,
    Confirm,
    Deny,
}

impl Decision {
    pub fn name(self) -> &'static str {
        match self {
            Decision::Allow => "allow",
            Decision::Confirm => "confirm",
            Decision::Deny => "deny",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Verdict {
    pub decision: Decision,
    /// Why, in the policy's words; recorded in the hook log (never the command or the content).
    pub reason: String,
    /// What decided: `bash_deny[1]` (the list and the rule's index), `providers: topology`, …
    pub rule: String,
    /// The text the agent (and the person) reads; empty for a plain allow.
    pub message: String,
}

impl Verdict {
    pub fn allow(reason: impl Into<String>) -> Verdict {
        Verdict { decision: Decision::Allow, reason: reason.into(), rule: String::new(), message: String::new() }
    }

    /// A blocking verdict with its message: deny starts `BLOCKED`, confirm `CONFIRMATION REQUIRED`.
    pub fn blocking(decision: Decision, reason: &str, rule: &str, file: Option<&str>, source: &str) -> Verdict {
        let mut message = match decision {
            Decision::Deny => "BLOCKED by gitvow: ".to_string(),
            _ => "CONFIRMATION REQUIRED by gitvow: ".to_string(),
        };
        message.push_str(reason);
        if let Some(f) = file {
            message.push_str(&format!(" (file: {f})"));
        }
        let mut origin = vec![];
        if !rule.is_empty() {
            origin.push(format!("rule {rule}"));
        }
        if !source.is_empty() {
            origin.push(format!("policy: {source}"));
        }
        if !origin.is_empty() {
            message.push_str(&format!(" [{}]", origin.join("; ")));
        }
        if decision == Decision::Confirm {
            message.push_str(". Ask the user to confirm this call before going on.");
        }
        Verdict { decision, reason: reason.to_string(), rule: rule.to_string(), message }
    }

    /// A failure of gitvow itself during PreToolUse (bad payload, bad policy, adapter): blocked.
    pub fn failure(what: &str) -> Verdict {
        Verdict {
            decision: Decision::Deny,
            reason: what.to_string(),
            rule: "error".into(),
            message: format!("BLOCKED by gitvow: {what}"),
        }
    }
}

/// The time one PreToolUse may spend on providers and the classifier together. Agents give a hook
/// 30 s, and Codex, Gemini and Copilot let the call through when it runs longer: the gate must
/// answer well before that, slow helpers or not.
pub const CALL_BUDGET: Duration = Duration::from_secs(24);

pub struct Gate<'a> {
    pub policy: &'a Policy,
    pub cwd: &'a Path,
    pub repo_top: Option<&'a Path>,
    /// When the providers and the classifier must have answered; see [`CALL_BUDGET`].
    pub deadline: Instant,
}

/// What the policy's rules say about one action.
enum Ruled {
    Blocked(Verdict),
    Observed(String),
    Open,
}

impl Gate<'_> {
    /// The verdict on a whole call: the strongest verdict of its actions, so that a deny or confirm
    /// on any file of a patch blocks the patch. The rules (cheap) run for every action first; the
    /// providers and the classifier (slow) only when no rule blocked, all files' questions in one
    /// concurrent batch, all within the deadline.
    pub fn judge(&self, call: &Call) -> Verdict {
        let source = self.policy.source.describe();
        let paths: Vec<Option<String>> = call.actions.iter().map(|a| a.edited_path().map(|p| rule_path(p, self.cwd, self.repo_top))).collect();
        let mut strongest: Option<Verdict> = None;
        let mut observed: Option<String> = None;
        for action in &call.actions {
            match self.rules(action, &source) {
                Ruled::Blocked(v) => {
                    if strongest.as_ref().is_none_or(|s| v.decision > s.decision) {
                        strongest = Some(v);
                    }
                }
                Ruled::Observed(reason) => {
                    observed.get_or_insert(reason);
                }
                Ruled::Open => {}
            }
        }
        if let Some(v) = strongest {
            return v;
        }
        if let Some(v) = self.ask_providers(call, &paths) {
            return v;
        }
        if let Some(classifier) = &self.policy.classifier {
            for (action, path) in call.actions.iter().zip(&paths) {
                if let Some(v) = classifier::judge(classifier, &action.hook_json(call), path.as_deref(), &source, self.deadline) {
                    return v;
                }
            }
        }
        match observed {
            Some(reason) => Verdict::allow(format!("observed: {reason}")),
            None => Verdict::allow(""),
        }
    }

    /// The regular-expression rules, in the policy's order, and the gate's own protection.
    fn rules(&self, action: &Action, source: &str) -> Ruled {
        let mut observed: Option<String> = None;
        let mut decided = |list: &'_ RuleList, subjects: &[String], decision: Decision, key: &str, file: Option<&str>| -> Option<Verdict> {
            let (index, rule) = list.first_match(subjects)?;
            if rule.observe {
                observed.get_or_insert_with(|| rule.reason.clone());
                return None;
            }
            Some(Verdict::blocking(decision, &rule.reason, &format!("{key}[{index}]"), file, source))
        };

        let reach = Reach::of(action, self.cwd, self.repo_top);
        if let Some(v) = decided(&self.policy.bash_deny, &reach.texts, Decision::Deny, "bash_deny", None) {
            return Ruled::Blocked(v);
        }
        // What the analyser cannot see it asks about: never a match on the raw text.
        if let Some(why) = reach.opaque {
            return Ruled::Blocked(Verdict::blocking(Decision::Confirm, &format!("the command could not be analysed: {why}"), "analysis", None, ""));
        }
        if let Some(v) = decided(&self.policy.bash_confirm, &reach.texts, Decision::Confirm, "bash_confirm", None) {
            return Ruled::Blocked(v);
        }
        for place in &reach.places {
            if let Some(v) = decided(&self.policy.path_confirm, &place.forms(), Decision::Confirm, "path_confirm", Some(&place.shown)) {
                return Ruled::Blocked(v);
            }
        }
        if let Some((why, file)) = &reach.protected {
            return Ruled::Blocked(Verdict::blocking(Decision::Confirm, why, "self-protection", Some(file), ""));
        }
        if action.is_mcp() {
            let name = [action.tool_name.clone()];
            if let Some((index, _)) = self.policy.mcp_deny.first_match(&name) {
                let reason = format!("MCP tool {} is in mcp_deny", action.tool_name);
                return Ruled::Blocked(Verdict::blocking(Decision::Deny, &reason, &format!("mcp_deny[{index}]"), None, source));
            }
            if !self.policy.mcp_allow.is_empty() && self.policy.mcp_allow.first_match(&name).is_none() {
                let reason = format!("MCP tool {} is not in mcp_allow", action.tool_name);
                return Ruled::Blocked(Verdict::blocking(Decision::Confirm, &reason, "mcp_allow", None, source));
            }
        }
        match observed {
            Some(reason) => Ruled::Observed(reason),
            None => Ruled::Open,
        }
    }

    /// The questions the call's edits raise, put to the providers in one batch; any `yes` or
    /// failure → confirm.
    fn ask_providers(&self, call: &Call, paths: &[Option<String>]) -> Option<Verdict> {
        if self.policy.providers.is_empty() {
            return None;
        }
        let mut queries = Vec::new();
        for (action, path) in call.actions.iter().zip(paths) {
            let Some(path) = path else { continue };
            let (mut old, new) = action.change();
            if action.tool_name == "Write" && old.is_empty() {
                // A Write replaces the whole file: the routes it removes are in the file as it is now.
                old = read_small(&self.cwd.join(action.edited_path().unwrap_or_default()));
            }
            let (added, removed) = providers::route_changes(&old, &new);
            let query = |question, subject: &str| Query { question, subject: subject.to_string(), path: path.clone(), tool_name: action.tool_name.clone() };
            queries.push(query(Question::GateBearing, path));
            queries.extend(added.iter().map(|r| query(Question::RouteGate, r)));
            queries.extend(removed.iter().map(|r| query(Question::RouteCallers, r)));
        }
        if queries.is_empty() {
            return None;
        }
        let repo = self.repo_top.unwrap_or(self.cwd);
        let replies = providers::ask(&self.policy.providers, &queries, repo, Some(self.deadline));
        let blocking: Vec<&Reply> = replies.iter().filter(|r| r.blocks()).collect();
        let first = blocking.first()?;
        let reasons: Vec<String> = blocking
            .iter()
            .map(|r| match &r.outcome {
                Outcome::Answer { evidence, .. } => format!(
                    "provider {} answered yes to {} for {}{}",
                    r.provider,
                    r.query.question.name(),
                    r.query.subject,
                    if evidence.is_empty() { String::new() } else { format!(": {}", evidence.join("; ")) }
                ),
                Outcome::Failure(why) => format!("provider {} failed on {} for {}: {why}", r.provider, r.query.question.name(), r.query.subject),
            })
            .collect();
        let mut names: Vec<&str> = blocking.iter().map(|r| r.provider.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        let mut verdict = Verdict::blocking(Decision::Confirm, &reasons.join(" | "), &format!("providers: {}", names.join(", ")), Some(&first.query.path), &self.policy.source.describe());
        // Route subjects and evidence can quote the edited file: the log names the providers only.
        verdict.reason = format!("providers asked for confirmation: {}", names.join(", "));
        Some(verdict)
    }
}

fn read_small(path: &Path) -> String {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() && m.len() <= 4 << 20 => std::fs::read_to_string(path).unwrap_or_default(),
        _ => String::new(),
    }
}
