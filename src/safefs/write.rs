//! Reading, replacing and removing one file, compared before the write.

use crate::error::{Error, Result};
use rustix::fs::{self as rfs, AtFlags, Mode, OFlags};
use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::io::{self, Write};
use std::os::fd::OwnedFd;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use super::faults;
use super::resolve::Area;
use super::resolve::locate;
use super::spot::Spot;
use super::stable::{Compared, Held, look_quiet, read_quiet};
use crate::paths::Scope;

/// Name prefix of gitvow's temporary files, so a later run can recognise and remove leftovers.
pub const TEMP_PREFIX: &str = ".gitvow-tmp-";

/// The result of a compare-before-write operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replaced {
    /// The file now holds the new bytes (or is gone, for a removal).
    Done,
    /// Nothing was written: the file no longer holds the expected bytes. These are its bytes now
    /// (`None`: it does not exist); plan again on them.
    Changed(Option<Vec<u8>>),
}

/// The bytes of the file `path` names after the rules of `area` of `scope`; `None` when it does not
/// exist.
/// The planner reads through this so it sees exactly what the write will replace, and never a
/// state another program is still writing (see [`super::stable`]).
pub fn read_target(path: &Path, scope: &Scope, area: Area) -> Result<Option<Vec<u8>>> {
    let spot = locate(path, scope, area)?;
    Ok(read_quiet(&spot).map_err(|e| Error::io("read", path, &e))?.map(|(_, bytes)| bytes))
}

/// Whether the file `path` names may still hold `expected` (`None`: that it does not exist), told
/// from its size without reading it: a file of the expected size is compared at the write's last
/// look ([`replace_if_unchanged`]), so the bytes are read once while writing, not once per check.
/// `Err`: what it holds instead (`None`: it does not exist), read as [`read_target`] reads it.
pub(crate) fn may_hold(
    path: &Path,
    scope: &Scope,
    area: Area,
    expected: Option<&[u8]>,
) -> Result<std::result::Result<(), Option<Vec<u8>>>> {
    let spot = locate(path, scope, area)?;
    let stat = match spot.parent() {
        Some(dir) => super::spot::stat_at(dir, &spot.name).map_err(|e| Error::io("read", path, &e))?,
        None => None,
    };
    Ok(match (stat, expected) {
        (None, None) => Ok(()),
        (None, Some(_)) => Err(None),
        (Some(stat), Some(expected)) if stat.st_size as u64 == expected.len() as u64 => Ok(()),
        (Some(_), expected) => match read_quiet(&spot).map_err(|e| Error::io("read", path, &e))? {
            Some((_, bytes)) if Some(bytes.as_slice()) == expected => Ok(()),
            found => Err(found.map(|(_, bytes)| bytes)),
        },
    })
}

/// Replace the file `target` with `new`, only if it still holds `expected` (`None`: it must not
/// exist). Atomic; keeps the owner, group, mode and extended attributes of an existing file; a new
/// file gets 0666 less the umask, or 0777 less the umask when it is a script (starts with `#!`). Every step is made relative to the directory handle `target` was
/// located in ([`super::resolve`]), and a symlink swapped in at the name since is never followed.
/// The parent directory must exist (see [`super::dirs::create_parent_dirs`]).
///
/// No write of another program is lost: the last look and the exchange happen under a read lease,
/// and when a program opened the old file for writing meanwhile (it waits on the lease, or, without
/// one, its truncate shows in the inode), the exchange is undone before it writes, so its write
/// lands in the file at the name; the caller then plans again on what it wrote.
pub fn replace_if_unchanged(target: &Path, scope: &Scope, area: Area, expected: Option<&[u8]>, new: &[u8]) -> Result<Replaced> {
    let spot = locate(target, scope, area)?;
    let read = || -> Result<Option<(Held, Vec<u8>)>> { read_quiet(&spot).map_err(|e| Error::io("read", target, &e)) };
    // The file whose owner, mode and attributes the new one takes. Its bytes are compared once,
    // at the last look under the lease: comparing them here too would read the file twice.
    let old = match expected {
        Some(expected) => match spot.open_read().map_err(|e| Error::io("read", target, &e))? {
            Some(file) if file.metadata().is_ok_and(|m| m.len() == expected.len() as u64) => Some(file),
            _ => match look_quiet(&spot, Some(expected)).map_err(|e| Error::io("read", target, &e))? {
                Some((held, Compared::Same)) => Some(held.file.try_clone().map_err(|e| Error::io("read", target, &e))?),
                other => return Ok(Replaced::Changed(other.map(|(_, found)| found.into_bytes(expected)))),
            },
        },
        None => match read()? {
            None => None,
            other => return Ok(Replaced::Changed(other.map(|(_, b)| b))),
        },
    };
    let dir = parent(&spot)?;
    let name = spot.name.as_os_str();
    // The temporary file is written and flushed before the lease is taken again, so that an agent
    // never waits on gitvow's disk flush.
    let temp = TempFile::create(dir, old.as_ref(), new.starts_with(b"#!"))
        .map_err(|e| Error::io("create a temporary file in", &spot.dir_path, &e))?;
    temp.write_all(new).map_err(|e| Error::io("write", target, &e))?;

    // The last look: the agent may have rewritten its settings since.
    let Some(expected) = expected else { return create_new(&spot, target, &temp) };
    let held = match last_look(&spot, target, expected)? {
        Ok(held) => held,
        Err(changed) => return Ok(changed),
    };
    // Anyone who opens gitvow's file while it stands at the name waits until gitvow has decided
    // whether it stays there (see `swap_back`).
    let held_openers = temp.hold_openers();
    faults::step("exchange the new file with the old");
    match super::sys::exchange(dir, temp.name.as_os_str(), name) {
        Ok(()) => {}
        // File systems without an atomic exchange: a plain rename, under the lease.
        Err(e) if matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP)) => {
            faults::step("rename the new file into place");
            temp.rename_to(name).map_err(|e| Error::io("write", target, &e))?;
            temp.let_openers_go();
            drop(held);
            spot.sync_dir()?;
            return Ok(Replaced::Done);
        }
        Err(e) => return Err(Error::io("write", target, &e)),
    }
    // The temporary name now holds what was at the name: the inode gitvow read, unless a program
    // renamed its own file into place since. And a program that opened the old inode for writing
    // before the exchange is waiting on the lease (or, without one, has truncated it). Either way,
    // swap back, so that its bytes are at the name and are never deleted with the temporary file.
    //
    // A program that opened gitvow's file in the moment it stood at the name is still waiting on
    // its lease: before letting it go on, gitvow's file is given the bytes now at the name, so a
    // program that saves by renaming works from them, never from bytes gitvow planned on a file
    // that was replaced (it would drop what that file added).
    let swap_back = |why: &str| -> Result<Replaced> {
        faults::step(why);
        super::sys::exchange(dir, temp.name.as_os_str(), name).map_err(|e| Error::io("write", target, &e))?;
        spot.sync_dir()?;
        let now = read()?.map(|(_, b)| b);
        if held_openers {
            temp.refill(now.as_deref().unwrap_or_default()).map_err(|e| Error::io("write", target, &e))?;
            temp.let_openers_go();
        }
        Ok(Replaced::Changed(now))
    };
    // First of all (one stat): a program that renamed its own file into place since the last look
    // gets it back at once, before anyone reads gitvow's bytes, which were planned on the file it
    // replaced. (The exchange cannot be made conditional on the inode at the name: this is the
    // shortest gitvow's bytes can stand there.)
    if !held.stamp.is_at(dir, temp.name.as_os_str()) {
        return swap_back("exchange back for a renamed file");
    }
    let displaced = held.release();
    if displaced.writer_came || !displaced.is_at(dir, temp.name.as_os_str()) {
        return swap_back("exchange back for a writer");
    }
    // gitvow's file stays: whoever opened it may read it now (and gitvow's own look below would
    // otherwise wait on its own lease).
    if held_openers {
        temp.let_openers_go();
    }
    spot.sync_dir()?;
    // A writer whose open had looked the name up just before the exchange reaches the old inode
    // after the lease is gone; its truncate shows in the inode by now. Give its bytes back the name
    // while it still holds gitvow's (the temporary file keeps the old inode until here).
    if displaced.inode_changed() && look_quiet(&spot, Some(new)).ok().flatten().is_some_and(|(_, found)| matches!(found, Compared::Same)) {
        return swap_back("exchange back for a late writer");
    }
    Ok(Replaced::Done)
}

/// Put the written `temp` at `spot`'s name, which must still be free: a file created there at the
/// last moment by someone else is never overwritten (it is returned to plan again on).
fn create_new(spot: &Spot, target: &Path, temp: &TempFile) -> Result<Replaced> {
    let read = || read_quiet(spot).map_err(|e| Error::io("read", target, &e));
    if let Some((_, bytes)) = read()? {
        return Ok(Replaced::Changed(Some(bytes)));
    }
    let dir = parent(spot)?;
    // A hard link fails when the name exists, so a file created at the last moment by someone
    // else is not overwritten. Some file systems have no hard links: fall back to rename.
    faults::step("link the new file into place");
    match rfs::linkat(dir, temp.name.as_os_str(), dir, spot.name.as_os_str(), AtFlags::empty()) {
        Ok(()) => {}
        Err(rustix::io::Errno::EXIST) => return Ok(Replaced::Changed(read()?.map(|(_, b)| b))),
        Err(_) => temp.rename_to(spot.name.as_os_str()).map_err(|e| Error::io("write", target, &e))?,
    }
    spot.sync_dir()?;
    Ok(Replaced::Done)
}

/// The last look before gitvow changes the file at `spot`: it still holds `expected` and nobody is
/// about to write it (`Ok`, with the lease, which keeps a writer waiting until it is dropped), or
/// what to plan again on (the file is compared as it is read, and copied only when it changed).
fn last_look(spot: &Spot, target: &Path, expected: &[u8]) -> Result<std::result::Result<Held, Replaced>> {
    let read = || read_quiet(spot).map_err(|e| Error::io("read", target, &e));
    Ok(Err(match look_quiet(spot, Some(expected)).map_err(|e| Error::io("read", target, &e))? {
        Some((held, Compared::Same)) if !held.writer_came() => return Ok(Ok(held)),
        // A writer is waiting to open the file: let it write, then plan on what it wrote.
        Some((held, Compared::Same)) => {
            drop(held);
            Replaced::Changed(read()?.map(|(_, b)| b))
        }
        other => Replaced::Changed(other.map(|(_, found)| found.into_bytes(expected))),
    }))
}

/// Delete the file `target` (one gitvow owns), only if it still holds `expected`. Like
/// [`replace_if_unchanged`], under a read lease: a program that opened the file for writing
/// meanwhile gets it back at its name.
pub(crate) fn remove_if_unchanged(target: &Path, scope: &Scope, area: Area, expected: &[u8]) -> Result<Replaced> {
    let spot = locate(target, scope, area)?;
    let read = || read_quiet(&spot).map_err(|e| Error::io("read", target, &e));
    let held = match last_look(&spot, target, expected)? {
        Ok(held) => held,
        Err(changed) => return Ok(changed),
    };
    // Moved aside first and deleted only once nobody came to write it.
    let dir = parent(&spot)?;
    let (name, aside) = (spot.name.as_os_str(), TempFile::reserve_name());
    faults::step("move a file aside to remove it");
    rfs::renameat(dir, name, dir, aside.as_os_str()).map_err(|e| Error::io("remove", target, &e.into()))?;
    let moved = held.release();
    if moved.writer_came || moved.inode_changed() || !moved.is_at(dir, &aside) {
        faults::step("put back a file someone is writing");
        rfs::renameat(dir, aside.as_os_str(), dir, name).map_err(|e| Error::io("restore", target, &e.into()))?;
        drop(moved);
        return Ok(Replaced::Changed(read()?.map(|(_, b)| b)));
    }
    faults::step("remove a file");
    rfs::unlinkat(dir, aside.as_os_str(), AtFlags::empty()).map_err(|e| Error::io("remove", target, &e.into()))?;
    spot.sync_dir()?;
    Ok(Replaced::Done)
}

/// Sets the permission bits of the file `target` names (a file gitvow just put back).
pub(super) fn set_mode(target: &Path, scope: &Scope, area: Area, mode: u32) -> Result<()> {
    let spot = locate(target, scope, area)?;
    let file = spot.open_read().map_err(|e| Error::io("restore the mode of", target, &e))?;
    let file = file.ok_or_else(|| Error::new(format!("{} vanished while gitvow restored it", crate::paths::display(target))))?;
    file.set_permissions(fs::Permissions::from_mode(mode)).map_err(|e| Error::io("restore the mode of", target, &e))
}

/// The directory of the file, which the caller has created (see [`super::dirs::create_parent_dirs`]).
pub(super) fn parent(spot: &Spot) -> Result<&OwnedFd> {
    spot.parent().ok_or_else(|| {
        Error::new(format!(
            "cannot write {}: its directory {} does not exist",
            crate::paths::display(&spot.named),
            crate::paths::display(&spot.missing_paths()[0])
        ))
        .hint("nothing was written; run gitvow again")
    })
}

/// A temporary file in the directory of the file it will replace; removed on drop unless renamed
/// into place.
pub(super) struct TempFile<'a> {
    dir: &'a OwnedFd,
    pub(super) name: OsString,
    pub(super) file: File,
    done: std::cell::Cell<bool>,
}

impl<'a> TempFile<'a> {
    /// A fresh temporary name. The pid comes first after the prefix: `remove_stale_temps` reads it
    /// back to spare the temporary files of a run that is still alive.
    fn reserve_name() -> OsString {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        OsString::from(format!("{TEMP_PREFIX}{}-{n}-{nanos:08x}", std::process::id()))
    }

    /// A new temporary file in `dir`; `like`: the file it will replace, whose owner, group,
    /// extended attributes and mode it takes; without one, `script` makes it executable.
    fn create(dir: &'a OwnedFd, like: Option<&File>, script: bool) -> io::Result<TempFile<'a>> {
        let Some(like) = like else {
            let temp = TempFile::create_mode(dir, if script { 0o777 } else { 0o666 })?;
            super::attrs::give_new_file(&temp.file)?;
            return Ok(temp);
        };
        let meta = like.metadata()?;
        let mode = meta.permissions().mode() & 0o7777;
        let temp = TempFile::create_mode(dir, mode)?;
        // The owner first (changing it clears setuid and setgid), then the extended attributes
        // (ACLs among them), then the exact mode the umask may have cut.
        let _ = std::os::unix::fs::fchown(&temp.file, Some(meta.uid()), Some(meta.gid()));
        super::attrs::copy_xattrs(like, &temp.file)?;
        temp.file.set_permissions(fs::Permissions::from_mode(mode))?;
        Ok(temp)
    }

    /// A new temporary file with `mode` less the umask (the kernel applies it).
    pub(super) fn create_mode(dir: &'a OwnedFd, mode: u32) -> io::Result<TempFile<'a>> {
        loop {
            let name = TempFile::reserve_name();
            faults::step("create a temporary file");
            let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
            match rfs::openat(dir, name.as_os_str(), flags, Mode::from_raw_mode(mode as _)) {
                Ok(fd) => return Ok(TempFile { dir, name, file: File::from(fd), done: std::cell::Cell::new(false) }),
                Err(rustix::io::Errno::EXIST) => continue,
                Err(e) => return Err(e.into()),
            }
        }
    }

    pub(super) fn write_all(&self, bytes: &[u8]) -> io::Result<()> {
        let mut f = &self.file;
        faults::step("write a temporary file");
        f.write_all(bytes)?;
        faults::step("flush a temporary file");
        f.sync_all()
    }

    /// Takes a write lease on the file, so that anyone who opens it waits until
    /// [`TempFile::let_openers_go`]; false where the system or file system grants none.
    fn hold_openers(&self) -> bool {
        !faults::leases_disabled() && super::sys::take_lease(&self.file, super::sys::Lease::Write).is_ok()
    }

    fn let_openers_go(&self) {
        super::sys::release_lease(&self.file);
    }

    /// Replaces the file's bytes in place: only for a file that no longer stands at any name but
    /// its temporary one, as a torn write there loses nothing.
    fn refill(&self, bytes: &[u8]) -> io::Result<()> {
        use std::os::unix::fs::FileExt;
        self.file.set_len(0)?;
        self.file.write_all_at(bytes, 0)
    }

    pub(super) fn rename_to(&self, name: &OsStr) -> io::Result<()> {
        rfs::renameat(self.dir, self.name.as_os_str(), self.dir, name)?;
        self.done.set(true);
        Ok(())
    }
}

impl Drop for TempFile<'_> {
    fn drop(&mut self) {
        // After a hard link the temporary name is still there and must go too.
        if !self.done.get() {
            faults::step("remove a temporary file");
            let _ = rfs::unlinkat(self.dir, self.name.as_os_str(), AtFlags::empty());
        }
    }
}
