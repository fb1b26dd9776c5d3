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

/// Gives the file `original` names (a settings file about to be replaced, in the Config area) the
/// second name `side` (a side file of the State area), so that its bytes are kept without being
/// written again: the exchange that puts the new file at `original`'s name leaves the old inode
/// at `side` alone. Only where it holds `expected`, compared once linked (an agent may have written
/// it since it was planned on); its data and the new name are flushed, as a copy would be.
/// `Ok(false)`: nothing is linked (another file system, no hard links, a repository, where a
/// settings file with two names is refused, or other bytes): write a copy instead.
pub(crate) fn link_private_in(original: &Path, side: &Path, scope: &Scope, expected: &[u8]) -> Result<bool> {
    if scope.is_repo() {
        return Ok(false);
    }
    let from = super::resolve::locate(original, scope, Area::Config)?;
    let to = locate_entry(side, scope, Area::State)?;
    let (Some(from_dir), Some(to_dir)) = (from.parent(), to.parent()) else { return Ok(false) };
    faults::step("link a private file into place");
    if rfs::linkat(from_dir, from.name.as_os_str(), to_dir, to.name.as_os_str(), AtFlags::empty()).is_err() {
        return Ok(false);
    }
    let kept = match super::stable::look_quiet(&to, Some(expected)) {
        Ok(Some((held, super::stable::Compared::Same))) => held.file.sync_data().is_ok() && fsync_dir(to_dir).is_ok(),
        _ => false,
    };
    if !kept {
        faults::step("remove a file");
        rfs::unlinkat(to_dir, to.name.as_os_str(), AtFlags::empty()).map_err(|e| Error::io("remove", side, &e.into()))?;
    }
    Ok(kept)
}

/// Whether `side` is a private file of its own: there, with no other name (not still a second
/// name of a settings file, as [`link_private_in`] makes one until the file is replaced).
pub(crate) fn private_file_exists(side: &Path, scope: &Scope, area: Area) -> Result<bool> {
    let spot = locate_entry(side, scope, area)?;
    let Some(dir) = spot.parent() else { return Ok(false) };
    let stat = super::spot::stat_at(dir, &spot.name).map_err(|e| Error::io("read", side, &e))?;
    Ok(stat.is_some_and(|s| s.st_nlink == 1))
}

/// Removes the entry `side` names, if any (not following a link).
pub(crate) fn remove_private(side: &Path, scope: &Scope, area: Area) -> Result<()> {
    let spot = locate_entry(side, scope, area)?;
    let Some(dir) = spot.parent() else { return Ok(()) };
    if super::spot::stat_at(dir, &spot.name).map_err(|e| Error::io("read", side, &e))?.is_none() {
        return Ok(());
    }
    faults::step("remove a file");
    rfs::unlinkat(dir, spot.name.as_os_str(), AtFlags::empty()).map_err(|e| Error::io("remove", side, &e.into()))
}

/// Makes the private file `side` readable by its owner only, once it has no other name: a side
/// file [`link_private_in`] made keeps the settings file's mode until the settings are replaced.
pub(crate) fn make_private(side: &Path, scope: &Scope, area: Area) -> Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let spot = locate_entry(side, scope, area)?;
    let Some(file) = spot.open_read().map_err(|e| Error::io("read", side, &e))? else { return Ok(()) };
    let meta = file.metadata().map_err(|e| Error::io("read", side, &e))?;
    if meta.nlink() == 1 && meta.mode() & 0o7777 != 0o600 {
        file.set_permissions(std::fs::Permissions::from_mode(0o600)).map_err(|e| Error::io("restrict", side, &e))?;
    }
    Ok(())
}
