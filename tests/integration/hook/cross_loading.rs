//! An agent that runs another agent's hook file (Copilot CLI running a repository's
//! `.claude/settings.json`): the entry answers in the caller's form, logs the caller, and the call is
//! judged once when gitvow's entries of both files fire for it. Payloads and variables as Copilot
//! CLI 1.0.102 sent them (see src/agents/also_loads.rs).

use crate::support::Sandbox;
use serde_json::{Value, json};

const STAMP_MS: u64 = 1_796_317_162_323;
const STAMP: &str = "2026-12-03T16:59:22.323Z";

/// What Copilot sends to an entry of Claude's file: Claude's shape with a timestamp, no
/// `permission_mode`, no `transcript_path`.
fn claude_form(env: &Sandbox, command: &str) -> Value {
    json!({"hook_event_name": "PreToolUse", "session_id": "7a11b4a3", "timestamp": STAMP,
           "cwd": env.repo(), "tool_name": "Bash", "tool_input": {"command": command, "description": "run it"}})
}

/// What it sends to an entry of its own file for the same call.
fn copilot_form(env: &Sandbox, command: &str) -> Value {
    json!({"sessionId": "7a11b4a3", "timestamp": STAMP_MS, "cwd": env.repo(), "toolName": "bash",
           "toolArgs": {"command": command, "description": "run it"}})
}

fn copilot() -> Sandbox {
    Sandbox::with_repo().env("COPILOT_CLI", "1").env("COPILOT_CLI_BINARY_VERSION", "1.0.102")
}

fn pre_tool_lines(env: &Sandbox) -> Vec<Value> {
    env.log_lines().into_iter().filter(|l| l["handler"] == "PreToolUse").collect()
}

#[test]
fn claudes_entry_run_by_copilot_answers_in_copilots_form_and_logs_copilot() {
    let env = copilot();
    let out = env.hook("claude", "PreToolUse", claude_form(&env, "git push --force origin main").to_string());
    assert_eq!(out.code, 0, "{out:?}");
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["permissionDecision"], "deny", "{out:?}");
    assert!(v["permissionDecisionReason"].as_str().unwrap().starts_with("BLOCKED by gitvow: force push"), "{out:?}");
    let lines = pre_tool_lines(&env);
    assert_eq!((lines.len(), lines[0]["agent"].as_str()), (1, Some("copilot")), "{lines:?}");
}

#[test]
fn a_confirm_is_copilots_own_question() {
    let env = copilot();
    let out = env.hook("claude", "PreToolUse", claude_form(&env, "git reset --hard").to_string());
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["permissionDecision"], "ask", "{out:?}");
    assert!(v["permissionDecisionReason"].as_str().unwrap().contains("git reset --hard"), "{out:?}");
    assert!(!env.home().join(".gitvow/approvals").exists(), "no approval code where Copilot asks itself");
}

#[test]
fn claude_itself_inside_a_copilot_session_is_still_claude() {
    // Claude started from a Copilot shell inherits COPILOT_CLI, and sends fields only it sends.
    let env = copilot();
    let mut payload = env.payload("claude-bash.json");
    payload["tool_input"]["command"] = "git push --force origin main".into();
    let out = env.hook("claude", "PreToolUse", payload.to_string());
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.starts_with("BLOCKED by gitvow"), "{out:?}");
    assert_eq!(pre_tool_lines(&env)[0]["agent"], "claude");
}

#[test]
fn both_entries_for_one_call_give_one_answer_from_one_decision() {
    for command in ["git push --force origin main", "ls", "git reset --hard"] {
        let env = copilot();
        let own = env.hook("copilot", "preToolUse", copilot_form(&env, command).to_string());
        let claudes = env.hook("claude", "PreToolUse", claude_form(&env, command).to_string());
        assert_eq!((own.code, &own.stdout, &own.stderr), (claudes.code, &claudes.stdout, &claudes.stderr), "{command}");
        assert_eq!(pre_tool_lines(&env).len(), 1, "{command}: one decision in the log: {:?}", env.log_lines());
        // The next call (another instant) is judged afresh.
        let mut next = claude_form(&env, command);
        next["timestamp"] = "2026-12-03T16:59:30.001Z".into();
        env.hook("claude", "PreToolUse", next.to_string());
        assert_eq!(pre_tool_lines(&env).len(), 2, "{command}");
    }
}

#[test]
fn a_kept_answer_gitvow_did_not_seal_counts_for_nothing() {
    let env = copilot();
    let command = "git push --force origin main";
    // The first entry keeps its answer; an agent then rewrites it into an allow.
    env.hook("copilot", "preToolUse", copilot_form(&env, command).to_string());
    let dir = env.home().join(".gitvow/same-call");
    let kept: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&kept[0]).unwrap()).unwrap();
    v["stdout"] = "{\"permissionDecision\":\"allow\"}\n".into();
    std::fs::write(&kept[0], v.to_string()).unwrap();
    let out = env.hook("claude", "PreToolUse", claude_form(&env, command).to_string());
    let answer: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(answer["permissionDecision"], "deny", "{out:?}");
    assert_eq!(pre_tool_lines(&env).len(), 2, "judged again");
}

#[test]
fn a_read_tool_stamped_like_the_call_before_is_judged_on_its_own_arguments() {
    // Copilot may stamp two calls with one instant: the second, reading the record key, must not
    // be given the first's answer because both are the `view` tool.
    let env = copilot();
    env.write("~/.gitvow/record.key", "0123456789abcdef0123456789abcdef");
    let view = |path: &str| {
        json!({"sessionId": "7a11b4a3", "timestamp": STAMP_MS, "cwd": env.repo(), "toolName": "view",
               "toolArgs": {"path": path}})
    };
    let first = env.hook("copilot", "preToolUse", view("README.md").to_string());
    let v: Value = serde_json::from_str(&first.stdout).unwrap_or_default();
    assert_eq!((first.code, v["permissionDecision"].as_str()), (0, Some("allow")), "{first:?}");
    let key = env.home().join(".gitvow/record.key");
    let second = env.hook("copilot", "preToolUse", view(key.to_str().unwrap()).to_string());
    let v: Value = serde_json::from_str(&second.stdout).unwrap_or_default();
    assert!(matches!(v["permissionDecision"].as_str(), Some("deny" | "ask")), "{second:?}");
    // The other entry of the same read stops it too.
    let mut claudes = claude_form(&env, "");
    claudes["tool_name"] = "view".into();
    claudes["tool_input"] = json!({"path": key});
    let again = env.hook("claude", "PreToolUse", claudes.to_string());
    let v: Value = serde_json::from_str(&again.stdout).unwrap_or_default();
    assert!(matches!(v["permissionDecision"].as_str(), Some("deny" | "ask")), "{again:?}");
}
