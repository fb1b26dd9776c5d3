//! One rule for `--json` on every command (the README's "JSON output"): one document on stdout,
//! snake_case keys, absolute paths, `null` for what is absent, and failures as `{"error": …}`.

use crate::support::{CMD, Output, Sandbox, bash};
use serde_json::Value;

/// The values that are text for a person (they name paths as a person reads them).
const PROSE: [&str; 6] = ["shown_as", "message", "hint", "reason", "what", "problem"];

/// Every key and value of `value` follows the rule; `at` names where, for the message.
fn follows_the_rule(value: &Value, at: &str) {
    match value {
        Value::String(s) => {
            assert!(!s.is_empty(), "{at}: \"\" where the rule says null");
            let prose = PROSE.iter().any(|k| at.rsplit('.').next().is_some_and(|last| last.starts_with(k)));
            assert!(prose || !s.starts_with("~/"), "{at}: {s:?} is not an absolute path");
        }
        Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| follows_the_rule(v, &format!("{at}[{i}]"))),
        Value::Object(map) => {
            for (k, v) in map {
                assert!(k.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'), "{at}: key {k:?} is not snake_case");
                follows_the_rule(v, &format!("{at}.{k}"));
            }
        }
        _ => {}
    }
}

#[track_caller]
fn document(out: &Output) -> Value {
    let value = out.json();
    follows_the_rule(&value, "$");
    value
}

#[test]
fn every_command_prints_one_document_under_the_rule() {
    let env = Sandbox::with_repo();
    env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    env.hook("claude", "PreToolUse", bash(env.repo(), "ls").to_string()).ok();
    let commands: Vec<Vec<&str>> = vec![
        vec!["install", "--user", "--agent", "cursor", "--dry-run", "--json", "--command", CMD, "--force"],
        vec!["uninstall", "--user", "--agent", "claude", "--dry-run", "--json"],
        vec!["check", "--json", "--", "rm -rf / && ls"],
        vec!["check", "--json", "--path", "src/a.rs"],
        vec!["ask", "gate_bearing", "src/a.rs", "--json"],
        vec!["policy", "--json"],
        vec!["policy", "check", "--json"],
        vec!["log", "--json"],
    ];
    for args in commands {
        let out = env.run(&args);
        assert!(matches!(out.code, 0 | 2 | 3), "{args:?}: {out:?}");
        document(&out);
    }
    let check = env.run(["check", "--json", "--", "rm -rf /"]).json();
    assert_eq!(check["seen"][0], serde_json::json!({"what": "runs", "text": "rm -rf /"}));
    let user_policy = env.home().join(".gitvow/policy.json");
    assert_eq!(check["policy"][0], serde_json::json!({"file": user_policy, "kind": "user", "trust": "not needed"}));
}

#[test]
fn a_failure_under_json_is_an_error_document_on_stdout_with_the_same_exit_code() {
    let env = Sandbox::with_repo();
    let plain = env.outside("plain");
    std::fs::create_dir_all(&plain).unwrap();
    let plain = plain.to_str().unwrap();
    let missing = env.outside("missing");
    let failing: Vec<(Vec<&str>, i32)> = vec![
        (vec!["install", "--json", "--agent", "nosuch"], 64),
        (vec!["uninstall", plain, "--json"], 64),
        (vec!["doctor", "--json", "--agent", "nosuch"], 64),
        (vec!["check", "--json", "--bogus"], 64),
        (vec!["ask", "no_such_question", "x", "--json"], 64),
        (vec!["policy", missing.to_str().unwrap(), "--json"], 64),
        (vec!["log", "--json", "--since", "soon"], 64),
    ];
    for (args, code) in failing {
        let out = env.run(&args);
        assert_eq!(out.code, code, "{args:?}: {out:?}");
        let doc = document(&out);
        let error = doc["error"].as_object().unwrap_or_else(|| panic!("{args:?}: {doc}"));
        assert!(error["message"].is_string() && (error["hint"].is_string() || error["hint"].is_null()), "{args:?}: {doc}");
        out.stderr_has(error["message"].as_str().unwrap());
    }
    // A policy that does not load: the commands that read it fail with the error document too.
    env.write("~/.gitvow/policy.json", "{\"bash_deny\": 3}");
    let out = env.run(["check", "--json", "--", "ls"]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(document(&out)["error"]["message"].as_str().unwrap().contains("bash_deny"), "{out:?}");
    let out = env.run(["policy", "check", "--json"]).status(1);
    let doc = document(&out);
    assert_eq!((doc["ok"].clone(), doc["error"]["message"].is_string()), (Value::Bool(false), true), "{doc}");
}
