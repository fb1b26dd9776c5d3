//! Directories gitvow creates and removes, and the temporary files a killed run left.

use super::resolve::Area;
use super::resolve::{locate, locate_entry};
use super::spot::stat_at;
use super::write::TEMP_PREFIX;
use crate::error::{Error, Result};
use crate::paths::Scope;
use rustix::fs::{AtFlags, FileType};
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// Remove the temporary files a killed gitvow run left beside the file `path` names, and return
/// them. Only in a directory the scope's rules accept (in a repository: inside it, reached without
/// following a link out), so that no file elsewhere is deleted for its name. Files of a run that
/// is still alive are kept (the pid is in the name; on systems without `/proc`, files younger than
/// a minute are kept instead). Call it while holding the [`super::lock::InstallLock`].
pub(crate) fn remove_stale_temps(path: &Path, scope: &Scope, area: Area) -> Result<Vec<PathBuf>> {
    let spot = locate(path, scope, area)?;
    let Some(dir) = spot.parent() else { return Ok(Vec::new()) };
    let entries = rustix::fs::Dir::read_from(dir).map_err(|e| Error::io("list", &spot.dir_path, &e.into()))?;
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let name = OsStr::from_bytes(entry.file_name().to_bytes());
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(TEMP_PREFIX)) else { continue };
        // Never follow or delete anything but a plain file, whatever its name.
        let Ok(Some(stat)) = stat_at(dir, name) else { continue };
        if FileType::from_raw_mode(stat.st_mode) != FileType::RegularFile {
            continue;
        }
        let pid = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(|pid| writer_may_be_alive(pid, &stat)) {
            continue;
        }
        let path = spot.dir_path.join(name);
        super::faults::step("remove a leftover temporary file");
        rustix::fs::unlinkat(dir, name, AtFlags::empty()).map_err(|e| Error::io("remove the leftover temporary file", &path, &e.into()))?;
        removed.push(path);
    }
    Ok(removed)
}

/// Remove the plain files in the directory `dir` whose name `keep` refuses, and return them; a
/// missing directory holds none. For a directory of gitvow's own (never followed through a link
/// where the scope's rules forbid it). Call it while holding the [`super::lock::InstallLock`].
pub(crate) fn remove_files_except(dir: &Path, scope: &Scope, area: Area, keep: &dyn Fn(&str) -> bool) -> Result<Vec<PathBuf>> {
    // Located as the parent of a name inside it, as the files it holds are.
    let spot = locate(&dir.join(TEMP_PREFIX), scope, area)?;
    let Some(handle) = spot.parent() else { return Ok(Vec::new()) };
    let entries = rustix::fs::Dir::read_from(handle).map_err(|e| Error::io("list", dir, &e.into()))?;
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let name = OsStr::from_bytes(entry.file_name().to_bytes());
        if name.to_str().is_some_and(keep) || name == "." || name == ".." {
            continue;
        }
        let Ok(Some(stat)) = stat_at(handle, name) else { continue };
        if FileType::from_raw_mode(stat.st_mode) != FileType::RegularFile {
            continue;
        }
        let path = dir.join(name);
        super::faults::step("remove a file no longer needed");
        rustix::fs::unlinkat(handle, name, AtFlags::empty()).map_err(|e| Error::io("remove", &path, &e.into()))?;
        removed.push(path);
    }
    Ok(removed)
}

#[allow(clippy::unnecessary_cast)] // `st_mtime` is not an i64 everywhere
fn writer_may_be_alive(pid: u32, stat: &rustix::fs::Stat) -> bool {
    if Path::new("/proc/self").exists() {
        return Path::new(&format!("/proc/{pid}")).exists();
    }
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    now - (stat.st_mtime as i64) < 60
}

/// The directories above `path` that do not exist yet, outermost first: what
/// [`create_parent_dirs`] would create. The install record names them before they are made, so
/// that a run killed after making them still has them removed by uninstall.
pub(crate) fn missing_parent_dirs(path: &Path, scope: &Scope, area: Area) -> Result<Vec<PathBuf>> {
    // The directories of the resolved target: a dangling user-scope link points into them.
    Ok(locate(path, scope, area)?.missing_paths())
}

/// Create the missing directories above `path`, outermost first, each from the handle of the one
/// above, and return the ones created so that uninstall can remove them again.
pub(crate) fn create_parent_dirs(path: &Path, scope: &Scope, area: Area) -> Result<Vec<PathBuf>> {
    locate(path, scope, area)?.create_missing(super::attrs::give_new_dir)
}

/// Remove directories gitvow created (as returned by [`create_parent_dirs`], outermost first),
/// innermost first, stopping at the first one that is not empty (or no longer a directory of the
/// scope): uninstall and rollback use it.
pub(crate) fn remove_empty_dirs(scope: &Scope, area: Area, created: &[PathBuf]) {
    for dir in created.iter().rev() {
        let Ok(spot) = locate_entry(dir, scope, area) else { break };
        let Some(parent) = spot.parent() else { break };
        super::faults::step("remove a directory");
        if rustix::fs::unlinkat(parent, spot.name.as_os_str(), AtFlags::REMOVEDIR).is_err() {
            break;
        }
    }
}
