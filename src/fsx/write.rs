//! Reading, replacing and removing one file, compared before the write.

use crate::error::{Error, Result};
use crate::paths::display;
use std::fs::{self, File, OpenOptions};
use std::io::{self, ErrorKind, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use super::{Replaced, TargetScope, TEMP_PREFIX};
use super::resolve::resolve_target;
use std::sync::atomic::{AtomicU64, Ordering};


/// The bytes of the file `path` names after the rules of `scope`; `None` when it does not exist.
/// The planner reads through this so it sees exactly what the write will replace.
pub fn read_target(path: &Path, scope: &TargetScope) -> Result<Option<Vec<u8>>> {
    let real = resolve_target(path, scope)?;
    read_optional(&real).map_err(|e| Error::io("read", path, &e))
}

fn read_optional(path: &Path) -> io::Result<Option<Vec<u8>>> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Replace the file `target` with `new`, only if it still holds `expected` (`None`: it must not
/// exist). Atomic; keeps the permission bits and, where allowed, the owner of an existing file;
/// a new file gets 0666 less the umask. The resolution of `target` is checked again right before
/// the rename, so a symlink swapped in since planning is refused. The parent directory must exist
/// (see [`create_parent_dirs`]).
pub fn replace_if_unchanged(
    target: &Path,
    scope: &TargetScope,
    expected: Option<&[u8]>,
    new: &[u8],
) -> Result<Replaced> {
    let real = resolve_target(target, scope)?;
    let current = read_optional(&real).map_err(|e| Error::io("read", target, &e))?;
    if current.as_deref() != expected {
        return Ok(Replaced::Changed(current));
    }
    let dir = parent_dir(&real);
    let old_meta = fs::metadata(&real).ok();
    let temp = TempFile::create(dir, old_meta.as_ref())
        .map_err(|e| Error::io("create a temporary file in", dir, &e))?;
    temp.write_all(new).map_err(|e| Error::io("write", target, &e))?;

    // The last look before the rename: the planner read these bytes a while ago, the agent may
    // have rewritten its settings since, and a symlink may have been swapped in.
    let again = resolve_target(target, scope)?;
    if again != real {
        return Err(Error::new(format!(
            "{} was replaced by a link while gitvow was writing it",
            display(target)
        ))
        .hint("nothing was written; run the command again"));
    }
    let current = read_optional(&real).map_err(|e| Error::io("read", target, &e))?;
    if current.as_deref() != expected {
        return Ok(Replaced::Changed(current));
    }
    if expected.is_none() {
        // A hard link fails when the name exists, so a file created at the last moment by someone
        // else is not overwritten. Some file systems have no hard links: fall back to rename.
        match fs::hard_link(&temp.path, &real) {
            Ok(()) => {}
            Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                let current = read_optional(&real).map_err(|e| Error::io("read", target, &e))?;
                return Ok(Replaced::Changed(current));
            }
            Err(_) => temp.rename_to(&real).map_err(|e| Error::io("write", target, &e))?,
        }
    } else {
        match exchange(&temp.path, &real) {
            Ok(()) => {
                // The temporary name now holds the file just displaced. If another program wrote
                // between the last look and the exchange, its bytes are there: put them back and
                // let the caller plan again, so that its write is never lost.
                let displaced = read_optional(&temp.path).map_err(|e| Error::io("read", target, &e))?;
                if displaced.as_deref() != expected {
                    exchange(&temp.path, &real).map_err(|e| Error::io("write", target, &e))?;
                    sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))?;
                    return Ok(Replaced::Changed(displaced));
                }
            }
            // File systems without an atomic exchange: a plain rename, after the last look above.
            Err(e) if matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP)) => {
                temp.rename_to(&real).map_err(|e| Error::io("write", target, &e))?;
            }
            Err(e) => return Err(Error::io("write", target, &e)),
        }
    }
    sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))?;
    Ok(Replaced::Done)
}

/// Swaps two names atomically (Linux `renameat2` with `RENAME_EXCHANGE`).
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let a = std::ffi::CString::new(a.as_os_str().as_bytes()).map_err(|_| io::Error::from(ErrorKind::InvalidInput))?;
    let b = std::ffi::CString::new(b.as_os_str().as_bytes()).map_err(|_| io::Error::from(ErrorKind::InvalidInput))?;
    // SAFETY: both arguments are valid NUL-terminated paths that outlive the call.
    let rc = unsafe { libc::renameat2(libc::AT_FDCWD, a.as_ptr(), libc::AT_FDCWD, b.as_ptr(), libc::RENAME_EXCHANGE) };
    if rc == 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
}

/// Creates `target`, readable by its owner only, with `bytes`: written whole to a temporary file
/// with mode 0600 and linked into place, so the name never shows partial content and is never
/// readable by others; fails when `target` exists. For gitvow's own files that may hold secrets.
pub fn create_private(target: &Path, bytes: &[u8]) -> Result<()> {
    let dir = parent_dir(target);
    let temp = TempFile::reserve_name(dir);
    let write = || -> io::Result<()> {
        let mut file = OpenOptions::new().write(true).create_new(true).mode(0o600).open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::hard_link(&temp, target)
    };
    let result = write();
    let _ = fs::remove_file(&temp);
    result.map_err(|e| Error::io("write", target, &e))?;
    sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))
}

/// Delete the file `target` (one gitvow owns), only if it still holds `expected`.
pub fn remove_if_unchanged(target: &Path, scope: &TargetScope, expected: &[u8]) -> Result<Replaced> {
    let real = resolve_target(target, scope)?;
    let current = read_optional(&real).map_err(|e| Error::io("read", target, &e))?;
    if current.as_deref() != Some(expected) {
        return Ok(Replaced::Changed(current));
    }
    // Move the file aside first and look at what was moved: a write that slipped in after the
    // comparison goes back in place instead of being deleted.
    let dir = parent_dir(&real);
    let aside = TempFile::reserve_name(dir);
    fs::rename(&real, &aside).map_err(|e| Error::io("remove", target, &e))?;
    let moved = read_optional(&aside).map_err(|e| Error::io("read", target, &e))?;
    if moved.as_deref() != Some(expected) {
        fs::rename(&aside, &real).map_err(|e| Error::io("restore", target, &e))?;
        return Ok(Replaced::Changed(moved));
    }
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
        let nanos =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        dir.join(format!("{TEMP_PREFIX}{}-{n}-{nanos:08x}", std::process::id()))
    }

    fn create(dir: &Path, like: Option<&fs::Metadata>) -> io::Result<TempFile> {
        let mode = like.map_or(0o666, |m| m.permissions().mode() & 0o7777);
        loop {
            let path = TempFile::reserve_name(dir);
            match OpenOptions::new().write(true).create_new(true).mode(mode).open(&path) {
                Ok(file) => {
                    let temp = TempFile { path, file, done: std::cell::Cell::new(false) };
                    if let Some(meta) = like {
                        // The umask may have cleared bits of an existing file's mode: set them
                        // exactly, and keep the owner when running as root for another user.
                        temp.file.set_permissions(fs::Permissions::from_mode(mode))?;
                        let _ = std::os::unix::fs::fchown(&temp.file, Some(meta.uid()), Some(meta.gid()));
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
        f.write_all(bytes)?;
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
            let _ = fs::remove_file(&self.path);
        }
    }
}
