//! Safe file-system operations (hence the name): atomic replace, permission bits, locks, and the
//! symlink and hard-link rules.
//!
//! Every write the installer makes goes through here, so that:
//! - a crash leaves the old bytes or the new bytes, never a mix: the new bytes go into a temporary
//!   file in the same directory (flushed), which is linked into place for a new file (a hard link
//!   fails when someone created the name meanwhile) and exchanged with the old file otherwise (an
//!   atomic exchange, a rename where the file system has none), then the directory is flushed;
//! - a concurrent writer is never overwritten: the target is looked at last under a read lease and,
//!   when it no longer holds the bytes the plan was computed on, nothing is written and the caller
//!   gets the current bytes to plan again ([`Replaced::Changed`]); a program that renamed its own
//!   file into place or opened the old one for writing during the exchange gets its file swapped
//!   back the same way;
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
mod private;
mod resolve;
mod spot;
mod stable;
mod sys;
#[cfg(test)]
mod tests;
mod transaction;
mod write;

pub(crate) use attrs::own_new_files_like;
pub(crate) use dirs::{create_parent_dirs, missing_parent_dirs, remove_empty_dirs, remove_files_except, remove_stale_temps};
pub(crate) use lock::InstallLock;
pub(crate) use private::{Existing, link_private_in, make_private, private_file_exists, remove_private, write_private, write_private_in};
pub use resolve::Area;
pub(crate) use transaction::Bytes;
pub(crate) use transaction::{Applied, Transaction, TxOutcome};
pub(crate) use write::remove_if_unchanged;
pub use write::{Replaced, TEMP_PREFIX, read_target, replace_if_unchanged};
