//! The classifier: a program (often a small model behind a script) asked about the calls no rule and
//! no provider decided. It reads the normalised hook JSON and prints `ALLOW`, `CONFIRM <reason>` or
//! `DENY <reason>`; anything else, or a failure, is a confirm.

use super::policy::Classifier;
use super::process;
use super::rule_ref::RuleRef;
use super::verdict::{Decision, Verdict};
use serde_json::Value;
use std::time::{Duration, Instant};

/// Agents give a hook 30 s or more; the classifier must answer well within that.
const TIMEOUT: Duration = Duration::from_secs(20);

/// `None` when the classifier allows the call.
/// `deadline` is the hook's: the classifier gets its timeout or the time left, whichever is shorter.
pub fn judge(classifier: &Classifier, hook_json: &Value, file: Option<&str>, source: &str, deadline: Instant) -> Option<Verdict> {
    let confirm = |why: String| {
        let mut v = Verdict::blocking(Decision::Confirm, &why, RuleRef::Classifier, file, source);
        // Its stderr can quote the call: not for the log.
        v.reason = "the classifier failed".into();
        Some(v)
    };
    let (timeout, cut) = process::within(TIMEOUT, Some(deadline));
    let finished = match process::run(&classifier.argv, hook_json.to_string().as_bytes(), None, timeout) {
        Ok(f) => f,
        Err(e) => return confirm(format!("the classifier failed: {}", process::cut_short(&e, cut))),
    };
    if !finished.status.success() {
        return confirm(format!("the classifier failed: {}", process::failure(&finished)));
    }
    let stdout = String::from_utf8_lossy(&finished.stdout);
    let line = stdout.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let reason = |default: &str| if rest.trim().is_empty() { default.to_string() } else { format!("classifier: {}", rest.trim()) };
    // The classifier's own words may quote the call: the log keeps the plain decision only.
    let decided = |decision, default: &str| {
        let mut v = Verdict::blocking(decision, &reason(default), RuleRef::Classifier, file, source);
        v.reason = default.to_string();
        Some(v)
    };
    match word {
        "ALLOW" if rest.trim().is_empty() => None,
        "CONFIRM" => decided(Decision::Confirm, "the classifier asks for confirmation"),
        "DENY" => decided(Decision::Deny, "the classifier denies this call"),
        _ => confirm("the classifier gave no ALLOW, CONFIRM or DENY answer".into()),
    }
}
