//! gitvow's verdict in the agent's own form: exit codes, stderr or the agent's JSON.

use super::verdict::{Decision, Verdict};
use crate::agents::{AgentSpec, ResponseForm};
use serde_json::json;

/// What the process answers: exit code, stdout, stderr.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Answer {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Answer {
    /// Exit 0 and nothing else: events that do not gate, and events gitvow does not map.
    pub fn silent() -> Answer {
        Answer::default()
    }

    pub fn exit2(message: &str) -> Answer {
        // Codex treats exit 2 with an empty stderr as a failed hook that lets the call through.
        let message = if message.trim().is_empty() { "BLOCKED by gitvow" } else { message };
        Answer { code: 2, stdout: String::new(), stderr: format!("{message}\n") }
    }
}

/// Claude's permission modes in which its native `ask` works on every version. Older versions ran the
/// call without asking under bypassPermissions (anthropics/claude-code#77212, fixed by 2.1.233): in
/// the row's `asks_in_more_modes` a Claude must say it is newer; in any other mode (`auto`, a mode
/// gitvow does not know) a confirm is exit 2 with an approval code, which blocks on every version.
const PROMPTING_MODES: &[&str] = &["default", "acceptEdits", "plan"];

/// Whether the agent asks the person itself when gitvow answers confirm (a native `ask` that works in
/// this mode); elsewhere a confirm carries an approval code for `gitvow approve`.
pub fn asks_natively(spec: &AgentSpec, permission_mode: Option<&str>) -> bool {
    match spec.gate.response {
        ResponseForm::Claude => {
            let more = |m: &str| spec.gate.asks_in_more_modes.as_ref().is_some_and(|a| a.holds(m));
            permission_mode.is_some_and(|m| PROMPTING_MODES.contains(&m) || more(m))
        }
        ResponseForm::Cursor | ResponseForm::Copilot => true,
        ResponseForm::ExitCode | ResponseForm::Cancel | ResponseForm::Decision => false,
    }
}

/// The answer to a PreToolUse call. A native question shows the person the verdict's `question`
/// (what, why, which rule); the model's channel (stderr, `agent_message`) keeps the message.
/// `native`: the agent asks the person itself here ([`asks_natively`]).
pub fn pre_tool_use(form: ResponseForm, verdict: &Verdict, native: bool) -> Answer {
    let message = verdict.message.as_str();
    let question = verdict.question.as_deref().unwrap_or(message);
    match (form, verdict.decision) {
        (ResponseForm::Claude | ResponseForm::ExitCode, Decision::Allow) => Answer::silent(),
        (ResponseForm::Claude, Decision::Confirm) if native => Answer {
            code: 0,
            stdout: json!({"hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "ask",
                "permissionDecisionReason": question,
            }})
            .to_string()
                + "\n",
            stderr: String::new(),
        },
        (ResponseForm::Claude | ResponseForm::ExitCode, _) => Answer::exit2(message),
        (ResponseForm::Cursor, decision) => {
            let body = match decision {
                Decision::Allow => json!({"permission": "allow"}),
                Decision::Confirm => json!({"permission": "ask", "user_message": question, "agent_message": message}),
                Decision::Deny => json!({"permission": "deny", "user_message": message, "agent_message": message}),
            };
            Answer { code: 0, stdout: body.to_string() + "\n", stderr: String::new() }
        }
        // The agent stops the whole task on a cancel and does not tell the model why: the reason
        // goes to stderr too, where the agent's log keeps it.
        (ResponseForm::Cancel, Decision::Allow) => Answer { code: 0, stdout: "{\"cancel\":false}\n".into(), stderr: String::new() },
        (ResponseForm::Cancel, _) => {
            Answer { code: 0, stdout: json!({"cancel": true, "errorMessage": message}).to_string() + "\n", stderr: format!("{message}\n") }
        }
        (ResponseForm::Decision, Decision::Allow) => Answer::silent(),
        (ResponseForm::Decision, _) => {
            Answer { code: 0, stdout: json!({"decision": "block", "reason": message}).to_string() + "\n", stderr: String::new() }
        }
        (ResponseForm::Copilot, decision) => {
            let body = match decision {
                Decision::Allow => json!({"permissionDecision": "allow"}),
                Decision::Confirm => json!({"permissionDecision": "ask", "permissionDecisionReason": question}),
                Decision::Deny => json!({"permissionDecision": "deny", "permissionDecisionReason": message}),
            };
            Answer { code: 0, stdout: body.to_string() + "\n", stderr: String::new() }
        }
    }
}
