//! What a change reaches of a git hook directory it does not name: a finder's action on each file
//! found under a start that holds `.git/hooks` (`find . -type f -exec chmod 644 {} +`, xargs on
//! what find printed) reaches what that directory holds now, each entry judged by the path rules,
//! and git's `*.sample` files (which git never runs) are no hooks; a mode or owner change of a
//! directory that holds the hooks, without recursion (`chmod g+w .git`), changes that directory
//! only. Removing, moving or changing the hook directory itself, or a tree holding it recursively,
//! is still a change of it as a whole. In the payload forms of Claude Code, Codex and Copilot CLI.

use super::own_files::judge;
use crate::support::Sandbox;

/// A repository whose hook directory holds only git's samples.
fn samples_only() -> Sandbox {
    let env = Sandbox::with_repo();
    for sample in ["pre-commit.sample", "pre-push.sample", "commit-msg.sample"] {
        env.write(format!(".git/hooks/{sample}"), "#!/bin/sh\nexit 0\n");
    }
    env.write("src/main.c", "int main(void) { return 0; }\n");
    env.write("notes.txt", "x");
    env
}

/// A real hook beside the samples: executable, and run by git.
fn with_a_hook(env: &Sandbox, name: &str) {
    let hook = env.write(format!(".git/hooks/{name}"), "#!/bin/sh\ngitvow hook\n");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(hook, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// What the whole-directory changes are, whatever the directory holds.
const WHOLE: &[&str] = &[
    "rm -rf .git/hooks",
    "mv .git x",
    "mv .git/hooks /tmp/",
    "chmod -R 000 .git",
    "chmod 000 .git/hooks",
    "chmod -x .git/hooks",
    "chgrp -R nobody .git",
];

#[test]
fn finders_reach_a_hook_directory_by_what_it_holds() {
    let env = samples_only();
    judge(
        &env,
        WHOLE,
        &[
            "find . -type f -exec chmod 644 {} \\;",
            "find . -type f -exec chmod 644 {} +",
            "find . -type f -print0 | xargs -0 chmod 644",
            "find . -type f | xargs chmod 644",
            "find . -type d -exec touch {} +",
            "find . -type f -ok chown $(whoami) {} \\;",
        ],
    );
    // A finder started in the hook directory names it: the path rules judge that name.
    judge(&env, &["find .git/hooks -type f -exec chmod -x {} +"], &[]);
    // A hook git runs is one of what the finder reaches. (Another sandbox: an agent's entries
    // for the same call share one answer for a minute.)
    let env = samples_only();
    with_a_hook(&env, "pre-commit");
    judge(
        &env,
        &[
            "find . -type f -exec chmod 644 {} \\;",
            "find . -type f -exec chmod 644 {} +",
            "find . -type f -print0 | xargs -0 chmod 644",
            "find . -type f | xargs chmod 644",
            "find .git -type f -exec chmod -x {} +",
            "find . -type f -exec cp /dev/null {} \\;",
        ],
        &["find src -type f -exec chmod 644 {} +"],
    );
}

#[test]
fn a_hook_directory_too_full_to_list_is_reached_whole() {
    let env = samples_only();
    for k in 0..80 {
        env.write(format!(".git/hooks/extra-{k}.sample"), "");
    }
    judge(&env, &["find . -type f -exec chmod 644 {} +", "find . -type f -print0 | xargs -0 chmod 644"], &[]);
}

#[test]
fn a_mode_or_owner_change_of_a_holder_is_not_one_of_what_it_holds() {
    let env = samples_only();
    with_a_hook(&env, "pre-push");
    judge(
        &env,
        &["chmod -R g+w .git", "chmod 644 .git/hooks/pre-push", "chmod g+w .git/hooks", "chmod -x .git/hooks/*"],
        &["chmod g+w .git", "chmod 2775 .git", "chmod g+w .[^.]* ..?*", "chgrp nobody .git", "chmod g+w .*"],
    );
}
