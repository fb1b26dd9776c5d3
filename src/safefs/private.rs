//! gitvow's own private files (the install record and its side files, approvals, the trust
//! record, the record key, the policy caches, the session ledger): the one way they are written.
//! The file appears whole or not at all, is readable by its owner only, survives a crash once the
//! write returns, and a link at its name is replaced (or, for [`Existing::Keep`], counts as a
//! file there), never written through.

use super::faults;
use super::resolve::{Area, locate_entry};
use super::spot::fsync_dir;
use super::write::{TempFile, parent};
use crate::error::{Error, Result};
use crate::paths::Scope;
use rustix::fs::{self as rfs, AtFlags, Mode, OFlags};
use std::ffi::OsStr;
use std::io;
use std::os::fd::OwnedFd;
use std::path::Path;

/// What to do when the file exists already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Existing {
    /// Replace it.
    Replace,
    /// Keep it, and fail with `AlreadyExists` (a key made once, by whoever comes first; a side
    /// file named by its digest).
    Keep,
}

/// Writes `path`, a file of gitvow's own directory in the home directory (`~/.gitvow`, which may
/// be a dotfile manager's link: the directories on the way are reached as the kernel resolves
/// them). Its directory is created (mode 0700) when missing.
pub(crate) fn write_private(path: &Path, bytes: &[u8], existing: Existing) -> io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    let name = path.file_name().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    let dir = rfs::open(dir, OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC, Mode::empty())?;
    write_into(&dir, name, bytes, existing)
}

/// Writes `target`, a file of `area` of an install's `scope` (the record and its side files),
/// reached by the scope's rules ([`super::resolve`]: in a repository, inside its git directory
/// without following any link). Its directory must exist ([`super::create_parent_dirs`]).
pub(crate) fn write_private_in(target: &Path, scope: &Scope, area: Area, bytes: &[u8], existing: Existing) -> Result<()> {
    let spot = locate_entry(target, scope, area)?;
    write_into(parent(&spot)?, &spot.name, bytes, existing).map_err(|e| Error::io("write", target, &e))
}

/// The write itself: a temporary file in `dir`, created with mode 0600 (and given to the owner of
/// what root installs into), written and flushed, renamed into place (or, for [`Existing::Keep`],
/// hard-linked: the link fails when the name exists), then `dir` flushed.
fn write_into(dir: &OwnedFd, name: &OsStr, bytes: &[u8], existing: Existing) -> io::Result<()> {
    let temp = TempFile::create_mode(dir, 0o600)?;
    super::attrs::give_new_file(&temp.file)?;
    temp.write_all(bytes)?;
    match existing {
        Existing::Replace => {
            faults::step("rename a private file into place");
            temp.rename_to(name)?;
        }
        Existing::Keep => {
            faults::step("link a private file into place");
            rfs::linkat(dir, temp.name.as_os_str(), dir, name, AtFlags::empty())?;
        }
    }
    drop(temp);
    faults::step("flush the directory");
    fsync_dir(dir)
}
