//! Reading, replacing and removing one file, compared before the write.

use crate::error::{Error, Result};
use crate::paths::display;
use std::fs::{self, File, OpenOptions};
use std::io::{self, ErrorKind, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::faults;
use super::resolve::resolve_target;
use super::stable::{Held, read_quiet};
use super::{Replaced, TEMP_PREFIX, TargetScope};

/// The bytes of the file `path` names after the rules of `scope`; `None` when it does not exist.
/// The planner reads through this so it sees exactly what the write will replace, and never a
/// state another program is still writing (see [`super::stable`]).
pub fn read_target(path: &Path, scope: &TargetScope) -> Result<Option<Vec<u8>>> {
    let real = resolve_target(path, scope)?;
    Ok(read_quiet(&real).map_err(|e| Error::io("read", path, &e))?.map(|(_, bytes)| bytes))
}

/// Replace the file `target` with `new`, only if it still holds `expected` (`None`: it must not
/// exist). Atomic; keeps the owner, group, mode and extended attributes of an existing file; a new
/// file gets 0666 less the umask. The resolution of `target` is checked again right before the
/// exchange, so a symlink swapped in since planning is refused. The parent directory must exist
/// (see [`super::create_parent_dirs`]).
///
/// No write of another program is lost: the last look and the exchange happen under a read lease,
/// and when a program opened the old file for writing meanwhile (it waits on the lease, or, without
/// one, its truncate shows in the inode), the exchange is undone before it writes, so its write
/// lands in the file at the name; the caller then plans again on what it wrote.
pub fn replace_if_unchanged(target: &Path, scope: &TargetScope, expected: Option<&[u8]>, new: &[u8]) -> Result<Replaced> {
    let real = resolve_target(target, scope)?;
    let read = || -> Result<Option<(Held, Vec<u8>)>> { read_quiet(&real).map_err(|e| Error::io("read", target, &e)) };
    let old = match read()? {
        Some((held, bytes)) if Some(bytes.as_slice()) == expected => {
            Some(held.file.try_clone().map_err(|e| Error::io("read", target, &e))?)
        }
        None if expected.is_none() => None,
        other => return Ok(Replaced::Changed(other.map(|(_, b)| b))),
    };
    // The temporary file is written and flushed before the lease is taken again, so that an agent
    // never waits on gitvow's disk flush.
    let dir = parent_dir(&real);
    let temp = TempFile::create(dir, old.as_ref()).map_err(|e| Error::io("create a temporary file in", dir, &e))?;
    temp.write_all(new).map_err(|e| Error::io("write", target, &e))?;

    // The last look: the agent may have rewritten its settings since, and a symlink may have been
    // swapped in.
    if resolve_target(target, scope)? != real {
        return Err(Error::new(format!("{} was replaced by a link while gitvow was writing it", display(target)))
            .hint("nothing was written; run the command again"));
    }
    let Some(expected) = expected else {
        if let Some((_, bytes)) = read()? {
            return Ok(Replaced::Changed(Some(bytes)));
        }
        // A hard link fails when the name exists, so a file created at the last moment by someone
        // else is not overwritten. Some file systems have no hard links: fall back to rename.
        faults::step("link the new file into place");
        match fs::hard_link(&temp.path, &real) {
            Ok(()) => {}
            Err(e) if e.kind() == ErrorKind::AlreadyExists => return Ok(Replaced::Changed(read()?.map(|(_, b)| b))),
            Err(_) => temp.rename_to(&real).map_err(|e| Error::io("write", target, &e))?,
        }
        sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))?;
        return Ok(Replaced::Done);
    };
    let held = match read()? {
        Some((held, bytes)) if bytes == expected && !held.writer_came() => held,
        Some((held, bytes)) if bytes == expected => {
            // A writer is waiting to open the file: let it write, then plan on what it wrote.
            drop(held);
            return Ok(Replaced::Changed(read()?.map(|(_, b)| b)));
        }
        other => return Ok(Replaced::Changed(other.map(|(_, b)| b))),
    };
    faults::step("exchange the new file with the old");
    match super::sys::exchange(&temp.path, &real) {
        Ok(()) => {}
        // File systems without an atomic exchange: a plain rename, under the lease.
        Err(e) if matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP)) => {
            faults::step("rename the new file into place");
            temp.rename_to(&real).map_err(|e| Error::io("write", target, &e))?;
            drop(held);
            sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))?;
            return Ok(Replaced::Done);
        }
        Err(e) => return Err(Error::io("write", target, &e)),
    }
    // The temporary name now holds what was at the name: the inode gitvow read, unless a program
    // renamed its own file into place since. And a program that opened the old inode for writing
    // before the exchange is waiting on the lease (or, without one, has truncated it). Either way,
    // swap back, so that its bytes are at the name and are never deleted with the temporary file.
    let displaced = held.release();
    if displaced.writer_came || !displaced.is_at(&temp.path) {
        faults::step("exchange back for a writer");
        super::sys::exchange(&temp.path, &real).map_err(|e| Error::io("write", target, &e))?;
        sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))?;
        drop(displaced);
        return Ok(Replaced::Changed(read()?.map(|(_, b)| b)));
    }
    sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))?;
    // A writer whose open had looked the name up just before the exchange reaches the old inode
    // after the lease is gone; its truncate shows in the inode by now. Give its bytes back the name
    // while it still holds gitvow's (the temporary file keeps the old inode until here).
    if displaced.inode_changed() && read_quiet(&real).ok().flatten().is_some_and(|(_, b)| b == new) {
        faults::step("exchange back for a late writer");
        super::sys::exchange(&temp.path, &real).map_err(|e| Error::io("write", target, &e))?;
        sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))?;
        return Ok(Replaced::Changed(read()?.map(|(_, b)| b)));
    }
    Ok(Replaced::Done)
}

/// Creates `target`, readable by its owner only, with `bytes`: written whole to a temporary file
/// with mode 0600 and linked into place, so the name never shows partial content and is never
/// readable by others; fails when `target` exists. For gitvow's own files that may hold secrets.
pub fn create_private(target: &Path, bytes: &[u8]) -> Result<()> {
    let dir = parent_dir(target);
    let temp = TempFile::reserve_name(dir);
    let write = || -> io::Result<()> {
        faults::step("create a private temporary file");
        let mut file = OpenOptions::new().write(true).create_new(true).mode(0o600).open(&temp)?;
        super::attrs::give_new_file(&file)?;
        faults::step("write a private temporary file");
        file.write_all(bytes)?;
        faults::step("flush a private temporary file");
        file.sync_all()?;
        faults::step("link a private file into place");
        fs::hard_link(&temp, target)
    };
    let result = write();
    faults::step("remove a private temporary name");
    let _ = fs::remove_file(&temp);
    result.map_err(|e| Error::io("write", target, &e))?;
    sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))
}

/// Delete the file `target` (one gitvow owns), only if it still holds `expected`. Like
/// [`replace_if_unchanged`], under a read lease: a program that opened the file for writing
/// meanwhile gets it back at its name.
pub fn remove_if_unchanged(target: &Path, scope: &TargetScope, expected: &[u8]) -> Result<Replaced> {
    let real = resolve_target(target, scope)?;
    let read = || read_quiet(&real).map_err(|e| Error::io("read", target, &e));
    let held = match read()? {
        Some((held, bytes)) if bytes == expected && !held.writer_came() => held,
        other => return Ok(Replaced::Changed(other.map(|(_, b)| b))),
    };
    // Moved aside first and deleted only once nobody came to write it.
    let dir = parent_dir(&real);
    let aside = TempFile::reserve_name(dir);
    faults::step("move a file aside to remove it");
    fs::rename(&real, &aside).map_err(|e| Error::io("remove", target, &e))?;
    let moved = held.release();
    if moved.writer_came || moved.inode_changed() || !moved.is_at(&aside) {
        faults::step("put back a file someone is writing");
        fs::rename(&aside, &real).map_err(|e| Error::io("restore", target, &e))?;
        drop(moved);
        return Ok(Replaced::Changed(read()?.map(|(_, b)| b)));
    }
    faults::step("remove a file");
    fs::remove_file(&aside).map_err(|e| Error::io("remove", target, &e))?;
    sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))?;
    Ok(Replaced::Done)
}

fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Flush a directory entry change (the rename) to disk. Some file systems (network, FUSE) refuse
/// fsync on a directory; the rename has happened by then, so that refusal is not a failed write.
fn sync_dir(dir: &Path) -> io::Result<()> {
    faults::step("flush the directory");
    match File::open(dir)?.sync_all() {
        Err(e) if matches!(e.kind(), ErrorKind::InvalidInput | ErrorKind::Unsupported) => Ok(()),
        other => other,
    }
}

/// A temporary file next to the target; removed on drop unless renamed into place.
struct TempFile {
    path: PathBuf,
    file: File,
    done: std::cell::Cell<bool>,
}

impl TempFile {
    /// A fresh temporary name in `dir`. The pid comes first after the prefix:
    /// `remove_stale_temps` reads it back to spare the temporary files of a run that is still alive.
    fn reserve_name(dir: &Path) -> PathBuf {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        dir.join(format!("{TEMP_PREFIX}{}-{n}-{nanos:08x}", std::process::id()))
    }

    /// A new temporary file in `dir`; `like`: the file it will replace, whose owner, group,
    /// extended attributes and mode it takes.
    fn create(dir: &Path, like: Option<&File>) -> io::Result<TempFile> {
        let like_file = like;
        let like = match like {
            Some(f) => Some(f.metadata()?),
            None => None,
        };
        let like = like.as_ref();
        let mode = like.map_or(0o666, |m| m.permissions().mode() & 0o7777);
        loop {
            let path = TempFile::reserve_name(dir);
            faults::step("create a temporary file");
            match OpenOptions::new().write(true).create_new(true).mode(mode).open(&path) {
                Ok(file) => {
                    let temp = TempFile { path, file, done: std::cell::Cell::new(false) };
                    if let Some(meta) = like {
                        // The owner first (changing it clears setuid and setgid), then the extended
                        // attributes (ACLs among them), then the exact mode the umask may have cut.
                        let _ = std::os::unix::fs::fchown(&temp.file, Some(meta.uid()), Some(meta.gid()));
                        if let Some(from) = like_file {
                            super::attrs::copy_xattrs(from, &temp.file)?;
                        }
                        temp.file.set_permissions(fs::Permissions::from_mode(mode))?;
                    } else {
                        super::attrs::give_new_file(&temp.file)?;
                    }
                    return Ok(temp);
                }
                Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
    }

    fn write_all(&self, bytes: &[u8]) -> io::Result<()> {
        let mut f = &self.file;
        faults::step("write a temporary file");
        f.write_all(bytes)?;
        faults::step("flush a temporary file");
        f.sync_all()
    }

    fn rename_to(&self, target: &Path) -> io::Result<()> {
        fs::rename(&self.path, target)?;
        self.done.set(true);
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        // After a hard link the temporary name is still there and must go too.
        if !self.done.get() {
            faults::step("remove a temporary file");
            let _ = fs::remove_file(&self.path);
        }
    }
}
