//! Other spellings of what the gate guards: a guarded directory named in another case (on a file
//! system that ignores case, as macOS's does by default, the same files; the gate cannot tell each
//! directory's file system, so it always folds case for what it guards), and a copy of gitvow run
//! with a subcommand a variable holds.

use super::own_files::{edits, installed, judge, stops};

#[test]
fn a_guarded_place_in_another_case_is_that_place() {
    let env = installed();
    judge(
        &env,
        &[
            "cp notes.txt ~/.GITVOW/policy.json",
            "cat ~/.GitVow/record.key",
            "base64 < ~/.gitVOW/approvals/ab12",
            "cp notes.txt ~/.Claude/settings.json",
            "rm -rf ~/.CODEX",
            "echo 'gitvow() { :; }' >> ~/.BASHRC",
            "tar czf /tmp/x.tgz ~/.GITVOW",
        ],
        &["cat ~/.GITVOW/policy.json", "cp notes.txt ~/Notes.txt", "ls ~/.GITVOW"],
    );
    let mut wrong = Vec::new();
    for at in ["~/.GITVOW/policy.json", "~/.Claude/settings.json", "~/.Bashrc"] {
        for (agent, event, payload) in edits(&env, &env.path(at)) {
            let out = env.hook(agent, event, payload.to_string());
            if !stops(&out) {
                wrong.push(format!("{agent}: edit {at}: want stopped, got {out:?}"));
            }
        }
    }
    let read = crate::support::claude_payload(env.repo(), "Read", serde_json::json!({"file_path": env.path("~/.GITVOW/record.key")}));
    let out = env.hook("claude", "PreToolUse", read.to_string());
    if !stops(&out) {
        wrong.push(format!("claude: Read ~/.GITVOW/record.key: want stopped, got {out:?}"));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A copy of gitvow run with a subcommand the shell computes is asked about, or judged as the
/// subcommand the call gave the variable; another program with a computed argument passes.
#[test]
fn a_copy_of_gitvow_with_a_computed_subcommand_is_gitvow() {
    let env = installed();
    let copy = env.repo().join("tools/gv");
    std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
    crate::support::copy_executable(crate::support::BIN, &copy);
    env.script("tools/app", "echo app");
    judge(
        &env,
        &[
            "x=uninstall; ./tools/gv $x --user --yes",
            "x=trust; tools/gv \"$x\" .",
            "./tools/gv $(printf unin; printf stall) --user",
            "./tools/gv \"$SUB\" --user --yes",
            "s=approve; ./tools/gv ${s} ab12",
        ],
        &["x=status; ./tools/app $x", "./tools/app \"$1\"", "x=--version; ./tools/gv $x", "cd $HOME", "echo $x"],
    );
}
