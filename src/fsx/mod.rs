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
mod resolve;
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

/// A file's bytes, shared between the plan, the transaction and its undo rather than copied: a
/// settings file may be megabytes, and each copy would count against the run's memory.
pub type Bytes = std::sync::Arc<Vec<u8>>;

/// Name prefix of gitvow's temporary files, so a later run can recognise and remove leftovers.
pub const TEMP_PREFIX: &str = ".gitvow-tmp-";

/// Which area of its [`Scope`](crate::paths::Scope) a file lies in. The two decide together how
/// much of a symlink gitvow follows: in the user's scope, a symlinked file (dotfile managers) is
/// followed in either area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    /// The agents' settings files and the policy. In a repository: its work tree, possibly from a
    /// stranger, where nothing may lead outside its top or into its git directory.
    Config,
    /// gitvow's own state: the install record, its originals and the lock. In a repository: its git
    /// directory, reached only when it is a real git directory, and no link inside it is followed.
    State,
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
