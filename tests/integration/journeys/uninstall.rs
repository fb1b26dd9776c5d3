//! Taking gitvow out again: an edited policy stays, the hooks go all the same.

use super::pasted::{paste, printed_commands};
use crate::support::{CMD, Sandbox};

#[test]
fn purge_policy_with_an_edited_policy_still_removes_the_hooks_and_says_how_to_remove_it() {
    let env = Sandbox::new();
    env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    env.write("~/.gitvow/policy.json", "{\"bash_deny\": []}\n");
    let run = env.run(["uninstall", "--user", "--purge-policy", "--yes"]).ok();
    assert!(!env.home().join(".claude/settings.json").exists(), "the hooks came out (with the file install made)");
    assert_eq!(env.read("~/.gitvow/policy.json"), "{\"bash_deny\": []}\n", "the edited policy stays");
    let commands = printed_commands(&run.stdout);
    assert_eq!(commands, ["gitvow uninstall --user --purge-policy --yes --force"], "{}", run.stdout);
    paste(&env, env.home(), &commands[0]).ok().stdout_has("removed, with your edits (--force)");
    assert!(!env.home().join(".gitvow/policy.json").exists());
}

#[test]
fn uninstall_leaves_no_lock_file_behind() {
    let env = Sandbox::with_repo();
    env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    env.run(["install", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    assert!(env.home().join(".gitvow/install.lock").exists() && env.repo().join(".git/gitvow-install.lock").exists());
    // Taking one agent of two out keeps the lock: gitvow is still installed there.
    env.run(["install", "--user", "--agent", "gemini", "--yes", "--command", CMD, "--force"]).ok();
    env.run(["uninstall", "--user", "--agent", "claude", "--yes"]).ok();
    assert!(env.home().join(".gitvow/install.lock").exists());
    env.run(["uninstall", "--user", "--yes"]).ok();
    env.run(["uninstall", "--yes"]).ok();
    assert!(!env.home().join(".gitvow/install.lock").exists());
    assert!(!env.repo().join(".git/gitvow-install.lock").exists());
    // And the next install locks afresh.
    env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    assert!(env.home().join(".gitvow/install.lock").exists());
}
