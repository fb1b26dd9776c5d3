//! Safe file writes: atomic replace, permission bits, locks, and the symlink and hard-link rules.
//!
//! Every write the installer makes goes through here, so that:
//! - a crash leaves the old bytes or the new bytes, never a mix (temporary file in the same
//!   directory, fsync, rename, fsync of the directory);
//! - a concurrent writer is never overwritten: the target is re-read just before the rename and,
//!   when it no longer holds the bytes the plan was computed on, nothing is written and the caller
//!   gets the current bytes to plan again ([`Replaced::Changed`]);
//! - a hostile repository cannot make gitvow read or write outside itself: every path is reached
//!   from a directory handle, component by component, without the kernel following a link
//!   ([`spot`]).
//!
//! Temporary files are created with std only (no `tempfile`): `tempfile` creates them with mode
//! 0600, and a new settings file must get the ordinary mode (0666 less the umask), which std's
//! `OpenOptions::mode` gives by letting the kernel apply the umask.

mod attrs;
mod dirs;
pub(crate) mod faults;
mod lock;
mod spot;
mod stable;
mod sys;
#[cfg(test)]
mod tests;
mod transaction;
mod write;

pub use attrs::own_new_files_like;
pub use dirs::{create_parent_dirs, missing_parent_dirs, remove_empty_dirs, remove_files_except, remove_stale_temps};
pub use lock::InstallLock;
pub use transaction::{Applied, FileOp, Transaction, TxOutcome, TxStep};
pub use write::{create_private, file_exists, read_target, remove_if_unchanged, replace_if_unchanged};

use std::path::PathBuf;

/// A file's bytes, shared between the plan, the transaction and its undo rather than copied: a
/// settings file may be megabytes, and each copy would count against the run's memory.
pub type Bytes = std::sync::Arc<Vec<u8>>;

/// Name prefix of gitvow's temporary files, so a later run can recognise and remove leftovers.
pub const TEMP_PREFIX: &str = ".gitvow-tmp-";

/// Where a target file lives, which decides how much of a symlink gitvow will follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetScope {
    /// The user's own files: a symlinked settings file (dotfile managers) is followed.
    User,
    /// A repository's work tree, possibly from a stranger: nothing may lead outside `top` or into
    /// `git_dir`.
    Repo { top: PathBuf, git_dir: PathBuf },
    /// A repository's git directory, where gitvow keeps its record and lock: reached only when it
    /// is a real git directory, and no link inside it is followed.
    GitDir { top: PathBuf, git_dir: PathBuf },
}

/// The result of a compare-before-write operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replaced {
    /// The file now holds the new bytes (or is gone, for a removal).
    Done,
    /// Nothing was written: the file no longer holds the expected bytes. These are its bytes now
    /// (`None`: it does not exist); plan again on them.
    Changed(Option<Vec<u8>>),
}
