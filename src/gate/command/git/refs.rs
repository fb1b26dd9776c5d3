//! What the repository holds at judging time, read on disk (bounded): whether a ref may exist,
//! whether an operation a subcommand ends may be in progress; what cannot be read may exist.

use crate::gate::command::Dirs;

/// Whether the ref `full` (`refs/heads/x`, `refs/tags/v1`) may exist in the repository of each
/// directory git may run in: a loose ref, a line of `packed-refs`, or refs git keeps in a form not
/// read here (reftable); where no repository or directory can be told, it may. A branch HEAD
/// names is the one being worked on, even before its first commit.
pub fn ref_may_exist(full: &str, dirs: &Dirs) -> bool {
    let Dirs::Known(ds) = dirs else { return true };
    ds.is_empty()
        || ds.iter().any(|d| {
            let Some(repo) = crate::paths::find_repo(d) else { return true };
            let common = crate::gate::target::common_dir(&repo.git_dir);
            let head = crate::gate::regular_file::read_text(&repo.git_dir.join("HEAD"), "HEAD", 4096);
            if head.map_or(true, |h| h.is_some_and(|h| h.trim().strip_prefix("ref: ") == Some(full))) {
                return true;
            }
            // Bounded: a `packed-refs` too large to read here may hold it.
            let packed = crate::gate::regular_file::read_text(&common.join("packed-refs"), "packed-refs", 16 << 20);
            common.join("reftable").exists()
                || common.join(full).symlink_metadata().is_ok()
                || packed.map_or(true, |p| p.is_some_and(|p| p.lines().any(|l| l.split_whitespace().nth(1) == Some(full))))
        })
}

/// What git keeps in its directory while an operation of a subcommand is in progress, which that
/// subcommand's `--abort` or `--skip` acts on (with none of them, git refuses and changes nothing):
/// a rebase's state directories (`am` shares `rebase-apply`), a merge's `MERGE_HEAD`, and the
/// sequencer of a cherry-pick or revert, either of which ends the other's.
const IN_PROGRESS: &[(&str, &[&str])] = &[
    ("rebase", &["rebase-merge", "rebase-apply"]),
    ("am", &["rebase-apply"]),
    ("merge", &["MERGE_HEAD"]),
    ("cherry-pick", &["CHERRY_PICK_HEAD", "REVERT_HEAD", "sequencer"]),
    ("revert", &["CHERRY_PICK_HEAD", "REVERT_HEAD", "sequencer"]),
];

/// Whether an operation `sub` ends (`rebase`, `merge`, `cherry-pick`, …) may be in progress in the
/// repository of each directory git may run in: its state is there, or cannot be told absent (a
/// name that cannot be looked up, an unknown subcommand, no repository or directory to tell).
pub fn in_progress(sub: &str, dirs: &Dirs) -> bool {
    let Some((_, states)) = IN_PROGRESS.iter().find(|(s, _)| *s == sub) else { return true };
    let Dirs::Known(ds) = dirs else { return true };
    ds.is_empty()
        || ds.iter().any(|d| {
            let Some(repo) = crate::paths::find_repo(d) else { return true };
            states.iter().any(|s| !surely_absent(&repo.git_dir.join(s)))
        })
}

/// Whether nothing is at `path`: a lookup that fails for another reason than absence may hide
/// something.
fn surely_absent(path: &std::path::Path) -> bool {
    path.symlink_metadata().is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
}

/// A name git takes as a ref name as it is written: no option, pattern or path trick in it.
pub fn plain_ref(n: &str) -> bool {
    !n.is_empty()
        && !n.starts_with(['-', '/'])
        && !n.contains("..")
        && n.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '/'))
}
