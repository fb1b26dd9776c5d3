//! What a rewritten file keeps besides its bytes and mode: its extended attributes, POSIX ACLs
//! (stored as the extended attributes `system.posix_acl_access` and `system.posix_acl_default`) and
//! security labels among them.

use super::sys;
use std::ffi::CString;
use std::fs::File;
use std::io;

/// Copies every extended attribute of `from` onto `to`. A file system without extended attributes
/// has none to lose; an attribute this process may not set (`security.*` without the privilege)
/// fails the write rather than dropping it silently.
pub(super) fn copy_xattrs(from: &File, to: &File) -> io::Result<()> {
    let names = match sized(|buf| sys::list_xattrs(from, buf)) {
        Ok(names) => names,
        Err(e) if matches!(e.raw_os_error(), Some(libc::ENOTSUP)) => return Ok(()),
        Err(e) => return Err(e),
    };
    for name in names.split(|b| *b == 0).filter(|n| !n.is_empty()) {
        let name = CString::new(name).map_err(|_| io::Error::from(io::ErrorKind::InvalidData))?;
        let value = sized(|buf| sys::get_xattr(from, &name, buf))?;
        if let Err(e) = sys::set_xattr(to, &name, &value) {
            return Err(io::Error::new(e.kind(), format!("cannot keep its extended attribute {}: {e}", name.to_string_lossy())));
        }
    }
    Ok(())
}

/// Calls `fill(buffer)` (a list or get call giving a length), growing the buffer until it fits.
fn sized(mut fill: impl FnMut(&mut [u8]) -> io::Result<usize>) -> io::Result<Vec<u8>> {
    loop {
        let need = fill(&mut [])?;
        let mut buf = vec![0u8; need];
        match fill(&mut buf) {
            Ok(got) => {
                buf.truncate(got);
                return Ok(buf);
            }
            // The attributes grew between the two calls: ask again.
            Err(e) if e.raw_os_error() == Some(libc::ERANGE) => {}
            Err(e) => return Err(e),
        }
    }
}

/// Who gets what gitvow creates: set when root installs into a home directory or repository that
/// someone else owns, so that the owner's own gitvow (and agent) can later change it.
static NEW_OWNER: std::sync::Mutex<Option<(u32, u32)>> = std::sync::Mutex::new(None);

/// Makes files and directories created from now on belong to the owner (and group) of `root`,
/// when this process runs as root and `root` belongs to another user; otherwise they stay the
/// process's own, as usual.
pub(crate) fn own_new_files_like(root: &std::path::Path) {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid has no preconditions.
    let euid = unsafe { libc::geteuid() };
    let owner = std::fs::metadata(root).ok().filter(|m| euid == 0 && m.uid() != 0).map(|m| (m.uid(), m.gid()));
    *NEW_OWNER.lock().unwrap_or_else(|e| e.into_inner()) = owner;
}

fn new_owner() -> Option<(u32, u32)> {
    *NEW_OWNER.lock().unwrap_or_else(|e| e.into_inner())
}

/// Gives a file gitvow just created to the owner chosen by [`own_new_files_like`].
pub(super) fn give_new_file(file: &File) -> io::Result<()> {
    match new_owner() {
        Some((uid, gid)) => std::os::unix::fs::fchown(file, Some(uid), Some(gid)),
        None => Ok(()),
    }
}

/// The same for a directory gitvow just created, open.
pub(super) fn give_new_dir(dir: &std::os::fd::OwnedFd) -> io::Result<()> {
    match new_owner() {
        Some((uid, gid)) => std::os::unix::fs::fchown(dir, Some(uid), Some(gid)),
        None => Ok(()),
    }
}
