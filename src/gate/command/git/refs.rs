//! What the repository holds at judging time, read on disk (bounded): whether a ref may exist,
//! whether a rebase may be in progress; what cannot be read may exist.

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

/// Whether a rebase may be in progress in the repository of each directory git may run in (its
/// state directory is there); where no repository or directory can be told, it may.
pub fn rebase_may_be_in_progress(dirs: &Dirs) -> bool {
    let Dirs::Known(ds) = dirs else { return true };
    ds.is_empty()
        || ds.iter().any(|d| {
            let Some(repo) = crate::paths::find_repo(d) else { return true };
            ["rebase-merge", "rebase-apply"].iter().any(|s| repo.git_dir.join(s).symlink_metadata().is_ok())
        })
}

/// A name git takes as a ref name as it is written: no option, pattern or path trick in it.
pub fn plain_ref(n: &str) -> bool {
    !n.is_empty()
        && !n.starts_with(['-', '/'])
        && !n.contains("..")
        && n.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '/'))
}
