//! What a real repository holds when the call is judged decides whether a git command discards
//! anything, in the payload forms of Claude Code, Codex and Copilot CLI: ending a merge, rebase,
//! cherry-pick, revert or am that is not in progress changes nothing (git refuses), ending one
//! that is throws away the person's resolution; writing a file back from the index changes nothing
//! where the file's stat data match its entry (git leaves it as it is). The repositories are made
//! with git itself.

use super::own_files::{installed, judge};
use crate::support::Sandbox;

/// Runs git in the sandbox's repository with the sandbox's home and no system settings, as a
/// fixed committer; whether it succeeded.
fn git(env: &Sandbox, args: &[&str]) -> bool {
    std::process::Command::new("git")
        .current_dir(env.repo())
        .env("HOME", env.home())
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_EDITOR", "true")
        .args(["-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"])
        .args(args)
        .output()
        .unwrap()
        .status
        .success()
}

/// A repository with two commits on `main` and a branch `side` whose one commit changes
/// `notes.txt` as `main`'s second does: merging, rebasing or cherry-picking it conflicts.
fn conflicting() -> Sandbox {
    let env = installed();
    assert!(git(&env, &["checkout", "-q", "-b", "main"]));
    assert!(git(&env, &["add", "notes.txt"]) && git(&env, &["commit", "-qm", "first"]));
    assert!(git(&env, &["checkout", "-q", "-b", "side"]));
    env.write("notes.txt", "side\n");
    assert!(git(&env, &["commit", "-qam", "side"]));
    assert!(git(&env, &["checkout", "-q", "main"]));
    env.write("notes.txt", "main\n");
    assert!(git(&env, &["commit", "-qam", "main"]));
    env
}

const ENDINGS: &[&str] = &[
    "git rebase --abort 2>/dev/null || true",
    "git merge --abort",
    "git cherry-pick --abort 2>/dev/null; true",
    "git revert --skip",
    "git am --abort",
];

#[test]
fn ending_an_operation_that_is_not_in_progress_changes_nothing() {
    let env = conflicting();
    judge(&env, &["git pull; git merge --abort", "GIT_DIR=.git git rebase --abort", "git merge side || git merge --abort"], ENDINGS);
    // A merge in progress: its abort throws the resolution away; a rebase's or an am's does not.
    assert!(!git(&env, &["merge", "side"]));
    env.write("notes.txt", "resolved by hand\n");
    judge(&env, &["git merge --abort", "git merge --abort 2>/dev/null || true"], &["git rebase --abort", "git am --skip"]);
    assert!(git(&env, &["merge", "--abort"]));
    // A rebase in progress, and a cherry-pick.
    assert!(git(&env, &["checkout", "-q", "side"]));
    assert!(!git(&env, &["rebase", "main"]));
    // (A rebase keeps its state in `rebase-merge`: `git am` refuses to end it.)
    judge(&env, &["git rebase --abort 2>/dev/null || true", "git rebase --skip"], &["git merge --abort", "git am --abort"]);
    assert!(git(&env, &["rebase", "--abort"]));
    assert!(git(&env, &["checkout", "-q", "main"]));
    assert!(!git(&env, &["cherry-pick", "side"]));
    judge(&env, &["git cherry-pick --abort", "git revert --abort"], &["git rebase --abort"]);
}

#[test]
fn a_state_that_cannot_be_read_may_be_in_progress() {
    let env = conflicting();
    // A dangling link and a FIFO where the state would be: something is there.
    std::os::unix::fs::symlink("/nonexistent/state", env.repo().join(".git/MERGE_HEAD")).unwrap();
    let fifo = env.repo().join(".git/CHERRY_PICK_HEAD");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    judge(&env, &["git merge --abort", "git cherry-pick --abort", "git revert --skip"], &["git rebase --abort"]);
}

#[test]
fn writing_back_a_file_that_holds_no_change_loses_nothing() {
    let env = conflicting();
    env.write("docs/readme.txt", "readme\n");
    env.write("src/app.py", "VALUE = 1\n");
    // The index is written after the files' last change (not "racily clean"): git trusts their
    // stat data, and so does the gate.
    std::thread::sleep(std::time::Duration::from_millis(50));
    assert!(git(&env, &["add", "docs", "src"]) && git(&env, &["commit", "-qm", "docs"]));
    // A change of the same size: only the file's times tell it.
    env.write("src/app.py", "VALUE = 2\n");
    judge(
        &env,
        &[
            "git restore src/app.py",
            "git restore docs/readme.txt src/app.py",
            "git checkout -- src/app.py",
            "git checkout src/app.py",
            "git restore docs",
            "git restore 'docs/*.txt'",
            "git restore --source=HEAD~1 docs/readme.txt",
            "git stash pop; git restore docs/readme.txt",
            "GIT_INDEX_FILE=/dev/null git restore docs/readme.txt",
        ],
        &[
            "git restore docs/readme.txt",
            "git restore -- docs/readme.txt",
            "git checkout -- docs/readme.txt",
            "git checkout docs/readme.txt",
            "cd docs && git restore readme.txt",
            "git restore --staged src/app.py",
        ],
    );
    // A mode change is a change; an index that cannot be read tells nothing.
    std::fs::set_permissions(env.repo().join("docs/readme.txt"), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    judge(&env, &["git restore docs/readme.txt"], &[]);
    std::fs::set_permissions(env.repo().join("docs/readme.txt"), std::os::unix::fs::PermissionsExt::from_mode(0o644)).unwrap();
    std::fs::remove_file(env.repo().join(".git/index")).unwrap();
    assert!(std::process::Command::new("mkfifo").arg(env.repo().join(".git/index")).status().unwrap().success());
    judge(&env, &["git restore notes.txt", "git checkout -- notes.txt"], &[]);
}
