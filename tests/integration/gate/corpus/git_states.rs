//! What the repository holds when the call is judged decides whether a git command discards
//! anything: ending an operation (`--abort`, `--skip`) that is not in progress changes nothing,
//! since git refuses; one in progress is the person's (the world holds a merge and a cherry-pick in
//! progress, and no rebase), and so is one a git command earlier in the call may start. Where git
//! is told another directory, the state read where it runs says nothing. Writing a file back from
//! the index where its stat data match the entry changes nothing either (git leaves it); the
//! world's repository has no index, so nothing there can be told unchanged.

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("classes-git-states", "allow", "git rebase --abort"),
    ("classes-git-states", "allow", "git rebase --abort 2>/dev/null || true"),
    ("classes-git-states", "allow", "git -C sub rebase --skip"),
    ("classes-git-states", "allow", "git am --abort 2>/dev/null; true"),
    ("classes-git-states", "allow", "git status --short && git am --skip"),
    ("classes-git-states", "confirm", "git merge --abort 2>/dev/null || true"),
    ("classes-git-states", "confirm", "git revert --abort"),
    ("classes-git-states", "confirm", "git cherry-pick --skip; true"),
    ("classes-git-states", "confirm", "git pull; git rebase --abort"),
    ("classes-git-states", "confirm", "git am ../fix.patch || git am --abort"),
    ("classes-git-states", "confirm", "GIT_DIR=../other/.git git rebase --abort"),
    ("classes-git-states", "confirm", "git --git-dir=../other/.git rebase --abort"),
    ("classes-git-states", "confirm", "git --work-tree=../other am --abort"),
    ("classes-git-states", "confirm", "git restore docs"),
    ("classes-git-states", "confirm", "git checkout -- drop.sql"),
    ("classes-git-states", "confirm", "git restore scripts/ci.sh"),
    ("classes-git-states", "allow", "git restore --staged scripts/ci.sh"),
];
