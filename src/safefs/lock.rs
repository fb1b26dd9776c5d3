//! The lock that serialises gitvow runs on one scope.

use super::resolve::Area;
use crate::error::{Error, Result};
use crate::paths::{Scope, display};
use rustix::fs::{Mode, OFlags};
use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::fd::OwnedFd;
use std::path::Path;
use std::time::{Duration, Instant};

/// An exclusive lock that serialises gitvow runs on one scope; released on drop. The lock file
/// stays while gitvow is installed; the run that takes the last of it out removes it
/// ([`InstallLock::remove`]). A run that waited on a file removed meanwhile locks the new one: a
/// lock counts only while its path still names the file locked.
#[derive(Debug)]
pub(crate) struct InstallLock {
    file: File,
    dir: OwnedFd,
    name: OsString,
}

impl InstallLock {
    /// Take the lock of `scope` ([`Scope::lock_path`]), waiting up to 30 s (see `lock_wait`) for
    /// another run to finish; its directory is created when missing. `on_wait(holder)` is called
    /// once if the lock is busy, with the process id the holder wrote into it, so the caller can say
    /// who it is waiting for. The lock file is opened from its directory's handle without following
    /// a symlink: in a repository anyone could point it elsewhere.
    pub(crate) fn acquire(scope: &Scope, on_wait: impl FnOnce(Option<u32>)) -> Result<InstallLock> {
        let path = &scope.lock_path();
        let mut spot = super::resolve::locate(path, scope, Area::State)?;
        spot.create_missing(super::attrs::give_new_dir)?;
        let mut on_wait = Some(on_wait);
        loop {
            let file = lock_at(&spot.dir, &spot.name, path, &mut |holder| on_wait.take().map_or((), |f| f(holder)))?;
            // Removed (or replaced) by the run that held it: what this run locked guards nothing.
            let named = super::spot::stat_at(&spot.dir, &spot.name).map_err(|e| Error::io("lock", path, &e))?;
            let locked = rustix::fs::fstat(&file).map_err(|e| Error::io("lock", path, &e.into()))?;
            if named.is_some_and(|n| super::spot::identity(&n) == super::spot::identity(&locked)) {
                return Ok(InstallLock { file, dir: spot.dir, name: spot.name });
            }
        }
    }

    /// Removes the lock file, still held: the run that took gitvow's last file out leaves none
    /// behind. A run waiting on it meanwhile notices and locks afresh (see [`InstallLock::acquire`]).
    pub(crate) fn remove(self) {
        let locked = rustix::fs::fstat(&self.file);
        let named = super::spot::stat_at(&self.dir, &self.name);
        // Only the file this run holds, never one another program put at its name.
        if let (Ok(locked), Ok(Some(named))) = (locked, named)
            && super::spot::identity(&locked) == super::spot::identity(&named)
        {
            let _ = rustix::fs::unlinkat(&self.dir, self.name.as_os_str(), rustix::fs::AtFlags::empty());
        }
    }
}

/// Opens the lock file `name` in `dir` and locks it (waiting as [`InstallLock::acquire`] says).
fn lock_at(dir: &OwnedFd, name: &OsStr, path: &Path, on_wait: &mut dyn FnMut(Option<u32>)) -> Result<File> {
    super::faults::step("open the lock file");
    let flags = OFlags::RDWR | OFlags::CREATE | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
    let mut file = rustix::fs::openat(dir, name, flags, Mode::from_raw_mode(0o644)).map(File::from).map_err(|e| match e {
        rustix::io::Errno::LOOP => {
            Error::new(format!("refusing to use the lock {}: it is a symlink", display(path))).hint("remove the link; nothing was written")
        }
        _ => Error::io("open the lock file", path, &e.into()),
    })?;
    super::attrs::give_new_file(&file).map_err(|e| Error::io("give the lock file to its owner", path, &e))?;
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(Error::new(format!("refusing to use the lock {}: it is not a regular file", display(path)))
            .hint("remove it; nothing was written"));
    }
    match file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => {
            let holder = holder_of(&mut file);
            on_wait(holder);
            let started = Instant::now();
            loop {
                std::thread::sleep(Duration::from_millis(50));
                match file.try_lock() {
                    Ok(()) => break,
                    Err(fs::TryLockError::WouldBlock) if started.elapsed() < lock_wait() => {}
                    Err(fs::TryLockError::WouldBlock) => {
                        let who = holder.map_or("another gitvow run".to_string(), |p| format!("another gitvow run (process {p})"));
                        return Err(Error::new(format!(
                            "{who} still holds {} after {} s; gave up waiting",
                            display(path),
                            lock_wait().as_secs()
                        ))
                        .hint("let it finish (or stop it), then run gitvow again; nothing was written"));
                    }
                    Err(fs::TryLockError::Error(e)) => return Err(Error::io("lock", path, &e)),
                }
            }
        }
        Err(fs::TryLockError::Error(e)) => return Err(Error::io("lock", path, &e)),
    }
    // Who holds the lock, for a run that has to wait. The file is never deleted (see above), so
    // its content is only ever this process id.
    super::faults::step("write the lock holder");
    let _ = file.set_len(0).and_then(|()| file.write_all(format!("{}\n", std::process::id()).as_bytes()));
    Ok(file)
}

/// How long a run waits for another one: 30 s (debug builds: `GITVOW_TEST_LOCK_WAIT_SECS`, so the
/// test of giving up does not take half a minute).
fn lock_wait() -> Duration {
    let test = cfg!(debug_assertions).then(|| std::env::var("GITVOW_TEST_LOCK_WAIT_SECS").ok()?.parse().ok()).flatten();
    Duration::from_secs(test.unwrap_or(30))
}

fn holder_of(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.seek(SeekFrom::Start(0)).ok()?;
    file.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}
