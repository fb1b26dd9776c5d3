//! Directories gitvow creates and removes, and the temporary files a killed run left.

use super::resolve::resolve_target;
use super::{TEMP_PREFIX, TargetScope};
use crate::error::{Error, Result};
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// Remove the temporary files a killed gitvow run left in `dir`, and return them. Files of a run
/// that is still alive are kept (the pid is in the name; on systems without `/proc`, files younger
/// than a minute are kept instead). Call it while holding the [`super::InstallLock`].
pub fn remove_stale_temps(dir: &Path) -> Result<Vec<PathBuf>> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::io("list", dir, &e)),
    };
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(TEMP_PREFIX)) else { continue };
        // Never follow or delete anything but a plain file, whatever its name.
        let Ok(meta) = entry.path().symlink_metadata() else { continue };
        if !meta.file_type().is_file() {
            continue;
        }
        let pid = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(|pid| writer_may_be_alive(pid, &meta)) {
            continue;
        }
        let path = entry.path();
        super::faults::step("remove a leftover temporary file");
        fs::remove_file(&path).map_err(|e| Error::io("remove the leftover temporary file", &path, &e))?;
        removed.push(path);
    }
    Ok(removed)
}

fn writer_may_be_alive(pid: u32, meta: &fs::Metadata) -> bool {
    if Path::new("/proc/self").exists() {
        return Path::new(&format!("/proc/{pid}")).exists();
    }
    meta.modified().ok().and_then(|m| m.elapsed().ok()).is_none_or(|age| age < std::time::Duration::from_secs(60))
}

/// The directories above `path` that do not exist yet, outermost first: what
/// [`create_parent_dirs`] would create. The install record names them before they are made, so
/// that a run killed after making them still has them removed by uninstall.
pub fn missing_parent_dirs(path: &Path, scope: &TargetScope) -> Result<Vec<PathBuf>> {
    // The directories of the resolved target: a dangling user-scope link points into them.
    let real = resolve_target(path, scope)?;
    let mut missing = Vec::new();
    let mut cur = real.parent();
    while let Some(dir) = cur {
        if dir.as_os_str().is_empty() || fs::symlink_metadata(dir).is_ok() {
            break;
        }
        missing.push(dir.to_path_buf());
        cur = dir.parent();
    }
    missing.reverse();
    Ok(missing)
}

/// Create the missing directories above `path`, outermost first, and return the ones created so
/// that uninstall can remove them again. In repository scope the existing part must not lead
/// outside the repository (checked by [`resolve_target`] first).
pub fn create_parent_dirs(path: &Path, scope: &TargetScope) -> Result<Vec<PathBuf>> {
    let missing = missing_parent_dirs(path, scope)?;
    let mut created = Vec::new();
    for dir in missing {
        super::faults::step("create a directory");
        match fs::create_dir(&dir) {
            Ok(()) => {
                super::attrs::give_new_dir(&dir).map_err(|e| Error::io("give the directory to its owner", &dir, &e))?;
                created.push(dir)
            }
            // Someone else made it meanwhile: not ours to remove later.
            Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
            Err(e) => return Err(Error::io("create the directory", &dir, &e)),
        }
    }
    Ok(created)
}

/// Remove directories gitvow created (as returned by [`create_parent_dirs`], outermost first),
/// innermost first, stopping at the first one that is not empty: uninstall and rollback use it.
pub fn remove_empty_dirs(created: &[PathBuf]) {
    for dir in created.iter().rev() {
        super::faults::step("remove a directory");
        if fs::remove_dir(dir).is_err() {
            break;
        }
    }
}
