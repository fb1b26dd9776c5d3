//! The README's one exit-code table, held for every subcommand and each failure class it can meet.

use crate::support::{CMD, Sandbox, bash};

const SUBCOMMANDS: [&str; 12] =
    ["install", "uninstall", "check", "ask", "doctor", "trust", "policy", "approve", "log", "completions", "man", "help"];

#[test]
fn a_usage_error_is_64_in_every_subcommand_and_the_blocking_answer_under_hook() {
    let env = Sandbox::with_repo();
    for sub in SUBCOMMANDS {
        let out = env.run([sub, "--no-such-option"]);
        assert_eq!(out.code, 64, "{sub}: {out:?}");
        assert!(out.stderr.starts_with("gitvow: "), "{sub}: {out:?}");
    }
    let out = env.gitvow().args(["hook", "--no-such-option", "PreToolUse"]).stdin(bash(env.repo(), "ls").to_string()).run();
    assert_eq!(out.code, 2, "{out:?}");
}

#[test]
fn check_tells_allow_deny_and_confirm_apart() {
    let env = Sandbox::with_repo();
    env.write(
        "~/.gitvow/policy.json",
        r#"{"bash_deny": [{"pattern": "^shred", "reason": "no"}], "bash_confirm": [{"pattern": "^curl", "reason": "ask"}]}"#,
    );
    env.run(["check", "--", "ls"]).status(0);
    env.run(["check", "--", "shred x"]).status(2);
    env.run(["check", "--", "curl example.com"]).status(3);
}

#[test]
fn a_policy_that_does_not_load_fails_every_command_that_reads_it_with_1() {
    let env = Sandbox::with_repo();
    env.write("~/.gitvow/policy.json", "{\"bash_deny\": 3}");
    for args in [vec!["check", "--", "ls"], vec!["ask", "gate_bearing", "a.txt"], vec!["policy"], vec!["policy", "check"]] {
        let out = env.run(&args);
        assert_eq!(out.code, 1, "{args:?}: {out:?}");
    }
}

#[test]
fn a_declined_prompt_is_1_and_writes_nothing() {
    let env = Sandbox::new();
    let out = env.in_terminal(["install", "--user", "--agent", "claude", "--command", CMD, "--force"], "n\n");
    assert_eq!(out.code, 1, "{out:?}");
    assert!(!env.home().join(".claude/settings.json").exists());
}

#[test]
fn check_mode_is_0_current_1_would_change_2_could_not_tell() {
    let env = Sandbox::new();
    let args = ["install", "--user", "--agent", "claude", "--check", "--command", CMD, "--force"];
    env.run(args).status(1);
    env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    env.run(args).status(0);
    env.write("~/.claude/settings.json", "{ not json");
    env.run(args).status(2);
}

#[test]
fn a_refusal_of_trust_and_approve_without_a_terminal_is_1() {
    let env = Sandbox::with_repo();
    env.write(".gitvow/policy.json", "{}");
    assert_eq!(env.run(["trust"]).code, 1);
    assert_eq!(env.run(["approve", "abcdef"]).code, 1);
}
