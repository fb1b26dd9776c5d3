//! Hook log and ledger, and bad input: blocked in the agent's form during PreToolUse, silent else.

use crate::support::{Sandbox, bash};
use serde_json::{Value, json};

#[test]
fn one_line_per_call_without_command_text_and_a_ledger_at_stop() {
    let env = Sandbox::with_repo();
    let secret = "echo hunter2-secret && git push --force";
    env.hook("claude", "SessionStart", json!({"session_id": "ab/../c d", "cwd": env.repo()}).to_string());
    env.hook("claude", "UserPromptSubmit", json!({"session_id": "ab/../c d", "cwd": env.repo(), "prompt": "hunter2-secret"}).to_string());
    let mut p = bash(env.repo(), secret);
    p["session_id"] = "ab/../c d".into();
    env.hook("claude", "PreToolUse", p.to_string());
    env.hook("claude", "PostToolUse", p.to_string());
    env.hook("claude", "Stop", json!({"session_id": "ab/../c d", "cwd": env.repo()}).to_string());

    let text = std::fs::read_to_string(env.repo().join(".git/gitvow-hooks.log")).unwrap();
    assert!(!text.contains("hunter2"), "{text}");
    let lines = env.log_lines();
    assert_eq!(lines.len(), 5);
    let keys: Vec<&str> = lines[2].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["time", "agent", "event", "handler", "session", "tool", "verdict", "reason", "rule", "approval", "duration_ms", "repo"]
    );
    assert_eq!(lines[2]["verdict"], "deny");
    assert_eq!(lines[2]["tool"], "Bash");
    assert_eq!(lines[2]["reason"], "force push rewrites the remote's history");
    assert_eq!(lines[1]["verdict"], "recorded");
    assert!(lines[2]["duration_ms"].as_f64().unwrap() >= 0.0);

    let ledger: Value = serde_json::from_str(&std::fs::read_to_string(env.home().join(".gitvow/ledger/ab_.._c_d.json")).unwrap()).unwrap();
    assert_eq!(ledger["session"], "ab/../c d");
    assert_eq!(ledger["agent"], "claude");
    assert_eq!(ledger["calls"], 5);
    assert_eq!(ledger["verdicts"]["deny"], 1);
    assert_eq!(ledger["verdicts"]["recorded"], 4);
    assert_eq!(ledger["repository"], env.repo().to_str().unwrap());
    assert!(ledger["first"].as_str().unwrap() <= ledger["last"].as_str().unwrap());
}

#[test]
fn outside_a_repository_the_log_is_in_the_home() {
    let env = Sandbox::with_repo();
    let outside = env.home().join("work");
    std::fs::create_dir_all(&outside).unwrap();
    env.hook(
        "gemini",
        "AfterTool",
        json!({"session_id": "g", "cwd": outside, "tool_name": "run_shell_command", "tool_input": {"command": "ls"}}).to_string(),
    );
    let text = std::fs::read_to_string(env.home().join(".gitvow/hooks.log")).unwrap();
    assert_eq!(text.lines().count(), 1);
    assert!(text.contains("\"handler\":\"PostToolUse\""));
}

/// A `.git` directory that holds no repository (the empty mount target a sandbox leaves under
/// `/tmp`, or one anybody made there) is passed over as git passes over it: the walk goes on up.
#[test]
fn an_empty_git_directory_is_not_a_repository() {
    let env = Sandbox::with_repo();
    let scratch = env.outside("scratch");
    std::fs::create_dir_all(scratch.join(".git")).unwrap();
    std::fs::create_dir_all(scratch.join("work")).unwrap();
    let nested = env.repo().join("vendor/lib");
    std::fs::create_dir_all(nested.join(".git")).unwrap();
    for cwd in [scratch.join("work"), nested.clone()] {
        env.hook(
            "gemini",
            "AfterTool",
            json!({"session_id": "g", "cwd": cwd, "tool_name": "run_shell_command", "tool_input": {"command": "ls"}}).to_string(),
        );
    }
    let home_log = std::fs::read_to_string(env.home().join(".gitvow/hooks.log")).unwrap();
    assert_eq!(home_log.lines().count(), 1, "{home_log}");
    assert_eq!(std::fs::read_dir(scratch.join(".git")).unwrap().count(), 0);
    assert_eq!(std::fs::read_dir(nested.join(".git")).unwrap().count(), 0);
    assert_eq!(env.log_lines().len(), 1, "the call in vendor/lib is the outer repository's");
    let out = env.run(["doctor", scratch.join("work").to_str().unwrap()]);
    assert_eq!(out.code, 64, "{out:?}");
    out.stderr_has("is not inside a git repository");
}

#[test]
fn recording_never_blocks() {
    let env = Sandbox::with_repo();
    // The log's place is a directory: the append fails, the call goes on.
    std::fs::create_dir_all(env.repo().join(".git/gitvow-hooks.log")).unwrap();
    let out = env.hook("codex", "PreToolUse", bash(env.repo(), "ls").to_string());
    assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (0, "", ""));
}

#[test]
fn concurrent_hooks_never_tear_lines() {
    let env = Sandbox::with_repo();
    let payload = bash(env.repo(), "ls").to_string();
    std::thread::scope(|s| {
        for _ in 0..8 {
            s.spawn(|| {
                for _ in 0..10 {
                    env.hook("codex", "PreToolUse", &payload);
                }
            });
        }
    });
    assert_eq!(env.log_lines().len(), 80);
}

#[test]
fn bad_input_blocks_pre_tool_use_in_the_agents_form_and_nothing_else() {
    let env = Sandbox::with_repo();
    let deep = "[".repeat(100_000);
    let huge = format!("{{\"x\": \"{}\"}}", "a".repeat(17 << 20));
    let wrong_types = json!({"session_id": 5, "tool_name": "Bash", "tool_input": {"command": "ls"}}).to_string();
    let wrong_command = json!({"session_id": "s", "tool_name": "Bash", "tool_input": {"command": ["ls"]}}).to_string();
    let cases: Vec<(&str, &[u8], &str)> = vec![
        ("empty", b"", "the payload on stdin is empty"),
        ("not json", b"hello", "the payload on stdin is not valid JSON"),
        ("array", b"[1, 2]", "the payload on stdin is not a JSON object"),
        ("wrong types", wrong_types.as_bytes(), "`session_id` is not a string"),
        ("wrong command", wrong_command.as_bytes(), "the shell command is not a string"),
        ("deep", deep.as_bytes(), "the payload on stdin is not valid JSON (recursion limit exceeded"),
        ("huge", huge.as_bytes(), "the payload on stdin is larger than 16 MiB"),
    ];
    for (name, input, why) in cases {
        for (agent, event) in [
            ("claude", "PreToolUse"),
            ("codex", "PreToolUse"),
            ("gemini", "BeforeTool"),
            ("factory", "PreToolUse"),
            ("opencode", "PreToolUse"),
        ] {
            let out = env.hook(agent, event, input);
            assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{name} {agent}");
            assert!(out.stderr.starts_with(&format!("BLOCKED by gitvow: {why}")), "{name} {agent}: {out:?}");
        }
        let out = env.hook("cursor", "beforeShellExecution", input);
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!((out.code, v["permission"].as_str()), (0, Some("deny")), "{name}");
        let out = env.hook("copilot", "preToolUse", input);
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(v["permissionDecision"], "deny", "{name}");
        assert!(v["permissionDecisionReason"].as_str().unwrap().starts_with("BLOCKED by gitvow: "));
        for (agent, event) in [
            ("claude", "PostToolUse"),
            ("codex", "Stop"),
            ("gemini", "SessionEnd"),
            ("cursor", "afterFileEdit"),
            ("copilot", "sessionStart"),
        ] {
            let out = env.hook(agent, event, input);
            assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (0, "", ""), "{name} {agent} {event}");
        }
    }
}

#[test]
fn the_log_never_holds_the_content_of_an_unparsable_patch() {
    let env = Sandbox::with_repo();
    let mut p = env.payload("codex-patch.json");
    p["tool_input"]["command"] = "*** Begin Patch\n*** Update File: a\nSECRET-TOKEN-123\n*** End Patch".into();
    let out = env.hook("codex", "PreToolUse", p.to_string());
    assert_eq!(out.code, 2);
    // The agent sees the line; the log does not.
    assert!(out.stderr.contains("SECRET-TOKEN-123"), "{out:?}");
    let line = env.log_lines().last().unwrap().clone();
    assert!(!line.to_string().contains("SECRET"), "{line}");
    assert_eq!(line["reason"], "unparsable patch (line 3)");
    assert_eq!(line["session"], p["session_id"]);
}

#[test]
fn a_full_log_is_set_aside_so_it_stays_bounded() {
    let env = Sandbox::with_repo();
    let log = env.repo().join(".git/gitvow-hooks.log");
    let old_line = "{\"old\":true}\n";
    std::fs::write(&log, old_line.repeat((9 << 20) / old_line.len())).unwrap();
    env.hook("claude", "SessionStart", json!({"session_id": "s", "cwd": env.repo()}).to_string());
    assert_eq!(env.log_lines().len(), 1, "the new part starts with this call");
    let aside = std::fs::metadata(env.repo().join(".git/gitvow-hooks.log.1")).unwrap();
    assert!(aside.len() > 8 << 20);
}

/// Many hooks at once, right when the log is full: it is set aside exactly once, and every line,
/// old and new, is still in the log or its set-aside part. The hooks are started first and all
/// wait for their payload on stdin, so that they reach the full log together.
#[test]
fn concurrent_hooks_across_a_rotation_keep_every_line() {
    use std::io::Write;
    use std::process::Stdio;
    let count =
        |p: &std::path::Path, needle: &str| std::fs::read_to_string(p).unwrap_or_default().lines().filter(|l| l.contains(needle)).count();
    for round in 0..4 {
        let env = Sandbox::with_repo();
        let log = env.repo().join(".git/gitvow-hooks.log");
        let old_line = "{\"old\":true}\n";
        let old = (8 << 20) / old_line.len() + 1;
        std::fs::write(&log, old_line.repeat(old)).unwrap();
        let payload = bash(env.repo(), "ls").to_string();
        let mut children: Vec<_> = (0..24)
            .map(|_| {
                let mut cmd = env.gitvow().args(["hook", "--agent", "codex", "PreToolUse"]).command();
                cmd.stdin(Stdio::piped()).stdout(Stdio::null()).stderr(Stdio::null());
                cmd.spawn().unwrap()
            })
            .collect();
        std::thread::sleep(std::time::Duration::from_millis(200));
        let pipes: Vec<_> = children.iter_mut().map(|c| c.stdin.take().unwrap()).collect();
        for mut pipe in pipes {
            pipe.write_all(payload.as_bytes()).unwrap();
        }
        for mut c in children {
            c.wait().unwrap();
        }
        let aside = env.repo().join(".git/gitvow-hooks.log.1");
        assert_eq!(count(&aside, "\"old\":true") + count(&log, "\"old\":true"), old, "round {round}: the set-aside part was replaced");
        assert_eq!(count(&aside, "\"agent\":\"codex\"") + count(&log, "\"agent\":\"codex\""), 24, "round {round}: a new line was lost");
    }
}
