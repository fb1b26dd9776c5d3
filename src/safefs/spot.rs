//! Naming a file by an open directory and a name in it.
//!
//! Every file operation of the installer goes through a [`Spot`]: the directory that holds the
//! file, open, and the file's name in it. The operations are made relative to that handle
//! (`openat`, `renameat`, `linkat`, `unlinkat`, `mkdirat`), so what they touch is the directory
//! that was checked, whatever happens to the path meanwhile. How a path becomes a spot is
//! [`super::resolve`]'s part.

use crate::error::{Error, Result};
use crate::paths::display;
use rustix::fs::{self as rfs, AtFlags, Mode, OFlags};
use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io;
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};

/// How long gitvow waits for another program to finish writing a file (or to let go of its
/// lease) before it gives up.
pub(crate) const WAIT_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// A file named by its open directory and its name there. The directory may lie deeper than what
/// exists yet: `dir` is then the deepest existing one and `missing` the directories to create.
pub(super) struct Spot {
    /// The deepest existing directory on the way to the file.
    pub(crate) dir: OwnedFd,
    /// Its path: for messages, and for the install record, which names the directories it made.
    pub(crate) dir_path: PathBuf,
    /// Directories below `dir` that do not exist yet, outermost first.
    pub(crate) missing: Vec<OsString>,
    /// The file's name in its directory.
    pub(crate) name: OsString,
    /// The path as the caller named it, for messages.
    pub(crate) named: PathBuf,
}

/// The identity of a directory, to recognise the git directory whatever name leads to it.
pub(super) type DirIdentity = (u64, u64);

impl Spot {
    /// The directory that holds the file, when it exists.
    pub(crate) fn parent(&self) -> Option<&OwnedFd> {
        self.missing.is_empty().then_some(&self.dir)
    }

    /// The directories to create for the file, as paths, outermost first.
    pub(crate) fn missing_paths(&self) -> Vec<PathBuf> {
        let mut p = self.dir_path.clone();
        self.missing
            .iter()
            .map(|m| {
                p.push(m);
                p.clone()
            })
            .collect()
    }

    /// Creates the missing directories, each relative to the one before and entered without
    /// following a link, and returns the ones this call made (not those another program made
    /// meanwhile). `made(fd)` runs on each new directory (to give it to its owner).
    pub(crate) fn create_missing(&mut self, made: impl Fn(&OwnedFd) -> io::Result<()>) -> Result<Vec<PathBuf>> {
        let mut created = Vec::new();
        for name in std::mem::take(&mut self.missing) {
            super::faults::step("create a directory");
            let path = self.dir_path.join(&name);
            let new = match rfs::mkdirat(&self.dir, name.as_os_str(), Mode::from_raw_mode(0o777)) {
                Ok(()) => true,
                Err(rustix::io::Errno::EXIST) => false,
                Err(e) => return Err(Error::io("create the directory", &path, &e.into())),
            };
            let fd = open_dir_at(&self.dir, &name).map_err(|e| match e.raw_os_error() {
                Some(libc::ELOOP | libc::ENOTDIR) => refusal(&self.named, &format!("{} was replaced by a link or a file", display(&path))),
                _ => Error::io("open the directory", &path, &e),
            })?;
            if new {
                made(&fd).map_err(|e| Error::io("give the directory to its owner", &path, &e))?;
                created.push(path.clone());
            }
            self.dir = fd;
            self.dir_path = path;
        }
        Ok(created)
    }

    /// Opens the file read-only without following a link; `None`: it does not exist.
    pub(crate) fn open_read(&self) -> io::Result<Option<File>> {
        let Some(dir) = self.parent() else { return Ok(None) };
        let started = std::time::Instant::now();
        loop {
            // O_NONBLOCK: should a FIFO be swapped in after the checks, opening it must not hang.
            let flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::NOFOLLOW | OFlags::CLOEXEC;
            return match rfs::openat(dir, self.name.as_os_str(), flags, Mode::empty()) {
                Ok(fd) => Ok(Some(File::from(fd))),
                Err(rustix::io::Errno::NOENT) => Ok(None),
                Err(rustix::io::Errno::LOOP) => Err(io::Error::new(io::ErrorKind::InvalidInput, "it was replaced by a symlink meanwhile")),
                // The write lease another gitvow run holds on its new file for the instant of its
                // exchange (`write::replace_if_unchanged`) refuses a non-blocking open instead of
                // making it wait; the lease is let go within milliseconds.
                Err(rustix::io::Errno::WOULDBLOCK) if started.elapsed() < WAIT_LIMIT => {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                    continue;
                }
                Err(e) => Err(e.into()),
            };
        }
    }

    /// Flushes the directory's entries (a rename, a link, a removal) to disk. Some file systems
    /// (network, FUSE) refuse fsync on a directory; the change has happened by then, so that
    /// refusal is not a failed write.
    pub(crate) fn sync_dir(&self) -> Result<()> {
        super::faults::step("flush the directory");
        fsync_dir(&self.dir).map_err(|e| Error::io("flush the directory", &self.dir_path, &e))
    }
}

/// Flushes the entries of the directory `dir` to disk, taking a file system's refusal of fsync on
/// a directory for done (see [`Spot::sync_dir`]).
pub(super) fn fsync_dir(dir: &OwnedFd) -> io::Result<()> {
    match rfs::fsync(dir) {
        Ok(()) | Err(rustix::io::Errno::INVAL | rustix::io::Errno::NOTSUP | rustix::io::Errno::ROFS) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// The identity (device, inode) of what `stat` describes. The casts are for the systems whose
/// `stat` fields are narrower or signed.
#[allow(clippy::unnecessary_cast)]
pub(super) fn identity(stat: &rfs::Stat) -> DirIdentity {
    (stat.st_dev as u64, stat.st_ino as u64)
}

/// The `st_mode` of `stat`, as a u32 on every system.
#[allow(clippy::unnecessary_cast)]
pub(super) fn mode_of(stat: &rfs::Stat) -> u32 {
    stat.st_mode as u32
}

/// `fstatat` without following a link; `None`: no such entry.
pub(super) fn stat_at(dir: impl AsFd, name: &OsStr) -> io::Result<Option<rfs::Stat>> {
    match rfs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW) {
        Ok(s) => Ok(Some(s)),
        Err(rustix::io::Errno::NOENT) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// Opens the directory `name` in `dir`, refusing a link (`ELOOP` or `ENOTDIR`).
pub(super) fn open_dir_at(dir: impl AsFd, name: &OsStr) -> io::Result<OwnedFd> {
    Ok(rfs::openat(dir, name, OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC, Mode::empty())?)
}

pub(super) fn refusal(path: &Path, why: &str) -> Error {
    Error::new(format!("refusing to write {}: {why}", display(path))).hint("nothing was written; replace it with a regular file of its own")
}

/// [`refusal`] of a file in a repository, where the user's scope is the other way.
pub(super) fn refusal_in_repo(path: &Path, why: &str) -> Error {
    refusal(path, why).hint("nothing was written; replace it with a regular file of its own, or install with --user")
}

/// A file (`blocker`) stands where a directory on the way to `path` must be.
pub(super) fn not_a_directory(path: &Path, blocker: &Path) -> Error {
    Error::new(format!("refusing to write {}: {} is a file, where a directory must be", display(path), display(blocker)))
        .hint(format!("nothing was written; move {} out of the way, then run gitvow again", display(blocker)))
}
