//! The classifier: a program (often a small model behind a script) asked about the calls no rule and
//! no provider decided. It reads the normalised hook JSON and prints `ALLOW`, `CONFIRM <reason>` or
//! `DENY <reason>`; anything else, or a failure, is a confirm.

use super::gate::{Decision, Verdict};
use super::policy::Classifier;
use super::process;
use serde_json::Value;
use std::time::{Duration, Instant};

/// Agents give a hook 30 s or more; the classifier must answer well within that.
const TIMEOUT: Duration = Duration::from_secs(20);

/// `None` when the classifier allows the call.
/// `deadline` is the hook's: the classifier gets its timeout or the time left, whichever is shorter.
pub fn judge(classifier: &Classifier, hook_json: &Value, file: Option<&str>, source: &str, deadline: Instant) -> Option<Verdict> {
    let confirm = |why: String| Some(Verdict::blocking(Decision::Confirm, &why, "llm_classifier", file, source));
    let (timeout, cut) = process::within(TIMEOUT, Some(deadline));
    let finished = match process::run(&classifier.argv, hook_json.to_string().as_bytes(), None, timeout) {
        Ok(f) => f,
        Err(e) => return confirm(format!("the classifier failed: {}", process::cut_short(e, cut))),
    };
    if !finished.status.success() {
        return confirm(format!("the classifier failed: {}", process::failure(&finished)));
    }
    let stdout = String::from_utf8_lossy(&finished.stdout);
    let line = stdout.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let reason = |default: &str| if rest.trim().is_empty() { default.to_string() } else { format!("classifier: {}", rest.trim()) };
    match word {
        "ALLOW" if rest.trim().is_empty() => None,
        "CONFIRM" => Some(Verdict::blocking(Decision::Confirm, &reason("the classifier asks for confirmation"), "llm_classifier", file, source)),
        "DENY" => Some(Verdict::blocking(Decision::Deny, &reason("the classifier denies this call"), "llm_classifier", file, source)),
        _ => confirm("the classifier gave no ALLOW, CONFIRM or DENY answer".into()),
    }
}
