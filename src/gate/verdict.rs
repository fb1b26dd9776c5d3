//! What the gate decides about a call, and the message the agent reads.

use super::rule_ref::RuleRef;

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
    /// Why, in full: `reason` and what the log must not carry because it can quote the call or the
    /// edited file (a provider's evidence, a classifier's words). The agent's message and the
    /// person's question say this.
    pub why: String,
    /// What decided: `bash_deny[1]` (the list and the rule's index), `providers: topology`, …;
    /// nothing for a plain allow.
    pub rule: Option<RuleRef>,
    /// The text the agent (and the person) reads; empty for a plain allow.
    pub message: String,
    /// The index, in [`Layers`](super::policy::layers::Layers), of the layer whose rule decided.
    pub layer: Option<usize>,
    /// An exception (`bash_allow`, `path_allow`) that let the call skip a confirm rule.
    pub exception: Option<String>,
    /// The policy file (and layer) whose rule decided, as messages name it.
    pub source: String,
    /// For a confirm on an agent that asks the person itself: the question written for them.
    pub question: Option<String>,
}

impl Verdict {
    pub fn allow(reason: impl Into<String>) -> Verdict {
        let reason = reason.into();
        Verdict {
            decision: Decision::Allow,
            why: reason.clone(),
            reason,
            rule: None,
            message: String::new(),
            layer: None,
            exception: None,
            source: String::new(),
            question: None,
        }
    }

    /// A blocking verdict with its message: deny starts `BLOCKED`, confirm `CONFIRMATION REQUIRED`.
    pub fn blocking(decision: Decision, reason: &str, rule: impl Into<Option<RuleRef>>, file: Option<&str>, source: &str) -> Verdict {
        let rule = rule.into();
        let mut message = match decision {
            Decision::Deny => "BLOCKED by gitvow: ".to_string(),
            _ => "CONFIRMATION REQUIRED by gitvow: ".to_string(),
        };
        message.push_str(reason);
        if let Some(f) = file {
            message.push_str(&format!(" (file: {f})"));
        }
        let mut origin = vec![];
        if let Some(rule) = &rule {
            origin.push(format!("rule {rule}"));
        }
        if !source.is_empty() {
            origin.push(format!("policy: {source}"));
        }
        if !origin.is_empty() {
            message.push_str(&format!(" [{}]", origin.join("; ")));
        }
        if decision == Decision::Confirm {
            message.push_str(ASK_THE_USER);
        }
        Verdict {
            decision,
            reason: reason.to_string(),
            why: reason.to_string(),
            rule,
            message,
            layer: None,
            exception: None,
            source: source.to_string(),
            question: None,
        }
    }

    /// A failure of gitvow itself during PreToolUse (bad payload, bad policy, adapter): blocked.
    pub fn failure(what: &str) -> Verdict {
        Verdict {
            decision: Decision::Deny,
            reason: what.to_string(),
            why: what.to_string(),
            rule: Some(RuleRef::Failure),
            message: format!("BLOCKED by gitvow: {what}"),
            layer: None,
            exception: None,
            source: String::new(),
            question: None,
        }
    }
}

/// How a confirm message ends when the agent itself asks the person; an approval code replaces it
/// where the agent cannot ask (see `approvals.rs`).
pub const ASK_THE_USER: &str = ". Ask the user to confirm this call before going on.";
