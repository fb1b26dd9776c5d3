//! The README's one exit-code table, held for every subcommand and each failure class it can meet.

use crate::support::{CMD, Sandbox, bash};

const SUBCOMMANDS: [&str; 12] =
    ["install", "uninstall", "check", "ask", "doctor", "trust", "policy", "approve", "log", "completions", "man", "help"];

/// Every subcommand into each failure class it can meet, in one table: a usage error, a policy
/// that does not load, a declined prompt, `--check`'s three answers, a refusal, and `check`'s
/// three verdicts.
#[test]
fn every_subcommand_exits_by_the_one_table() {
    {
        let env = Sandbox::with_repo();
        for sub in SUBCOMMANDS {
            let out = env.run([sub, "--no-such-option"]);
            assert_eq!(out.code, 64, "{sub}: {out:?}");
            assert!(out.stderr.starts_with("gitvow: "), "{sub}: {out:?}");
        }
        let out = env.gitvow().args(["hook", "--no-such-option", "PreToolUse"]).stdin(bash(env.repo(), "ls").to_string()).run();
        assert_eq!(out.code, 2, "{out:?}");
    }
    {
        let env = Sandbox::with_repo();
        env.write(
            "~/.gitvow/policy.json",
            r#"{"bash_deny": [{"pattern": "^shred", "reason": "no"}], "bash_confirm": [{"pattern": "^curl", "reason": "ask"}]}"#,
        );
        env.run(["check", "--", "ls"]).status(0);
        env.run(["check", "--", "shred x"]).status(2);
        env.run(["check", "--", "curl example.com"]).status(3);
    }
    {
        let env = Sandbox::with_repo();
        env.write("~/.gitvow/policy.json", "{\"bash_deny\": 3}");
        for args in [vec!["check", "--", "ls"], vec!["ask", "gate_bearing", "a.txt"], vec!["policy"], vec!["policy", "check"]] {
            let out = env.run(&args);
            assert_eq!(out.code, 1, "{args:?}: {out:?}");
        }
    }
    {
        let env = Sandbox::new();
        let out = env.in_terminal(["install", "--user", "--agent", "claude", "--command", CMD, "--force"], "n\n");
        assert_eq!(out.code, 1, "{out:?}");
        assert!(!env.home().join(".claude/settings.json").exists());
    }
    {
        let env = Sandbox::new();
        let args = ["install", "--user", "--agent", "claude", "--check", "--command", CMD, "--force"];
        env.run(args).status(1);
        env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
        env.run(args).status(0);
        env.write("~/.claude/settings.json", "{ not json");
        env.run(args).status(2);
    }
    {
        let env = Sandbox::with_repo();
        env.write(".gitvow/policy.json", "{}");
        assert_eq!(env.run(["trust"]).code, 1);
        assert_eq!(env.run(["approve", "abcdef"]).code, 1);
    }
}
