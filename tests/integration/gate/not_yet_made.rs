//! gitvow's files that do not exist yet: the record key is made on first need and an approval on
//! each answer, so a finder judged before then (`find ~ -name record.key -exec cat {} +`) would
//! reach them when it runs later. Each is judged as it is once the file exists: by `gitvow check`,
//! which makes no key, and by the hook in the payload forms of Claude Code, Codex and Copilot CLI;
//! the project's own finds pass.

use super::own_files::judge;
use crate::support::Sandbox;

fn without_key_or_approvals() -> Sandbox {
    let env = Sandbox::with_repo();
    env.write("~/.gitvow/policy.json", "{}");
    env.write("notes.txt", "x");
    env
}

#[test]
fn check_takes_a_finder_to_the_record_key_before_it_is_made() {
    let env = without_key_or_approvals();
    let verdict = |command: &str| {
        let out = env.run_in(env.repo(), ["check", "--json", "--", command]);
        let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{command}: {e}: {out:?}"));
        json["verdict"].as_str().unwrap_or_default().to_string()
    };
    for command in [
        "find ~ -name record.key -exec cat {} +",
        "find / -name 'record.*' -exec base64 {} \\;",
        "find ~ -name '*.key' | xargs cat",
        "find ~ -iname RECORD.KEY -exec cp {} /tmp/k \\;",
        "fd -H record.key ~ -x cat",
    ] {
        assert_ne!(verdict(command), "allow", "{command}");
    }
    for command in ["find . -name '*.key' -exec cat {} +", "find src -name record.key -exec cat {} +"] {
        assert_eq!(verdict(command), "allow", "{command}");
    }
    assert!(!env.home().join(".gitvow/record.key").exists(), "check made the key");
}

#[test]
fn a_finder_reaches_approvals_before_the_first_is_made() {
    let env = without_key_or_approvals();
    judge(
        &env,
        &["find ~/.gitvow -name '*.json' -exec cat {} +", "find ~ -name 'k*.json' | xargs base64"],
        &["find . -name '*.json' -exec cat {} +", "find . -name '*.json' | xargs wc -c"],
    );
    assert!(!env.home().join(".gitvow/approvals").exists());
}

/// A script, program or recipe file named outside the project that is not on disk when judged may
/// be written, with any text, by a job an earlier call started before it runs: asked about in every
/// agent's form. The same names written first by the call, and the project's own files that are
/// not made yet, pass.
#[test]
fn a_file_run_from_outside_the_project_that_is_not_there_yet_is_asked_about() {
    let env = super::own_files::installed();
    judge(
        &env,
        &[
            "bash ~/later/wipe.sh",
            ". ~/later/env.sh",
            "python3 ~/later/sweep.py",
            "node ../later/x.js",
            "awk -f ~/later/x.awk notes.txt",
            "make -f ~/later/x.mk",
            "cmake -P ~/later/x.cmake",
        ],
        &[
            "echo 'echo hi' > ~/later.sh && bash ~/later.sh",
            "printf 'all:\\n\\techo hi\\n' > ~/later.mk && make -f ~/later.mk",
            "bash scripts/not-made.sh",
            "python3 manage.py check",
            "make",
        ],
    );
}
