//! The lock that serialises gitvow runs on one scope.

use crate::error::{Error, Result};
use std::fs::{self, File, OpenOptions};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};


/// An exclusive lock that serialises gitvow runs on one scope; released on drop. The lock file
/// itself is left in place: deleting it would let a third run lock a fresh file while a second
/// still holds the old one.
#[derive(Debug)]
pub struct InstallLock {
    _file: File,
}

impl InstallLock {
    /// `~/.gitvow/install.lock`, given gitvow's home directory.
    pub fn user_path(gitvow_home: &Path) -> PathBuf {
        gitvow_home.join("install.lock")
    }

    /// `<git dir>/gitvow-install.lock`: inside the git directory, never in the tree.
    pub fn repo_path(git_dir: &Path) -> PathBuf {
        git_dir.join("gitvow-install.lock")
    }

    /// Take the lock, waiting for another run to finish; its directory is created when missing.
    /// `on_wait` is called once if the lock is busy, so the caller can say why it is waiting.
    pub fn acquire(path: &Path, on_wait: impl FnOnce()) -> Result<InstallLock> {
        if let Some(dir) = path.parent() {
            super::faults::step("create the lock directory");
            fs::create_dir_all(dir).map_err(|e| Error::io("create the directory", dir, &e))?;
        }
        super::faults::step("open the lock file");
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o644)
            .open(path)
            .map_err(|e| Error::io("open the lock file", path, &e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                on_wait();
                file.lock().map_err(|e| Error::io("lock", path, &e))?;
            }
            Err(fs::TryLockError::Error(e)) => return Err(Error::io("lock", path, &e)),
        }
        Ok(InstallLock { _file: file })
    }
}
