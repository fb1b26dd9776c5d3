//! git writing tracked files back into the working tree (`checkout-index`, `checkout -- PATH`,
//! `restore`): it never writes `.git`, so it is no change of git's hooks; what it loses is
//! uncommitted work, which the rules name, and `checkout-index` without `--force` overwrites
//! nothing. A `--prefix` elsewhere writes there.

use crate::support::Sandbox;

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("classes-git-worktree-writes", "allow", "git checkout-index -a"),
    ("classes-git-worktree-writes", "allow", "git checkout-index -a -u -q"),
    ("classes-git-worktree-writes", "allow", "git restore --staged -- ."),
    ("classes-git-worktree-writes", "confirm", "git checkout-index -f -a"),
    ("classes-git-worktree-writes", "confirm", "git checkout-index --force --all"),
    ("classes-git-worktree-writes", "confirm", "git checkout -- ."),
    ("classes-git-worktree-writes", "confirm", "git checkout -- src"),
    ("classes-git-worktree-writes", "confirm", "git restore -- ."),
];

/// The reason says what is lost: uncommitted work, not a hook directory.
#[test]
fn writing_tracked_files_back_names_the_work_it_throws_away() {
    let env = Sandbox::with_repo();
    for command in ["git checkout -- .", "git restore -- .", "git checkout-index -f -a"] {
        let out = env.run_in(env.repo(), ["check", "--", command]);
        assert!(out.stdout.contains("discards work that git cannot give back"), "{command}: {out:?}");
        assert!(!out.stdout.contains("hook directory"), "{command}: {out:?}");
    }
}
