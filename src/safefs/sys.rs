//! The system calls that differ between the Unix systems gitvow builds for. Each has a Linux form,
//! a macOS form where macOS has one, and an "unsupported" answer elsewhere, for which the callers
//! have a fallback (a plain rename instead of an exchange, checking the read instead of a lease,
//! no extended attributes to keep).

use std::ffi::{CString, OsStr};
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};

fn unsupported() -> io::Error {
    io::Error::from_raw_os_error(libc::ENOSYS)
}

#[cfg_attr(not(any(target_os = "linux", target_vendor = "apple")), allow(dead_code))]
fn check(rc: libc::c_int) -> io::Result<()> {
    if rc == 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
}

/// Swaps two names in `dir` atomically: Linux `renameat2(RENAME_EXCHANGE)`, macOS
/// `renameatx_np(RENAME_SWAP)`. `ENOSYS`, `EINVAL` or `EOPNOTSUPP` mean the system or file system
/// cannot; the caller falls back to a plain rename. `GITVOW_TEST_NO_EXCHANGE` (debug builds) takes
/// that path on purpose.
pub(super) fn exchange(dir: &OwnedFd, a: &OsStr, b: &OsStr) -> io::Result<()> {
    if cfg!(debug_assertions) && std::env::var_os("GITVOW_TEST_NO_EXCHANGE").is_some() {
        return Err(unsupported());
    }
    #[cfg(any(target_os = "linux", target_vendor = "apple"))]
    return Ok(rustix::fs::renameat_with(dir, a, dir, b, rustix::fs::RenameFlags::EXCHANGE)?);
    #[cfg(not(any(target_os = "linux", target_vendor = "apple")))]
    {
        let _ = (dir, a, b);
        Err(unsupported())
    }
}

/// Which lease gitvow takes on a file.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Lease {
    /// Granted only while nobody has the file open for writing; a later writer then waits for
    /// gitvow to let go.
    Read,
    /// Granted only while gitvow alone has the file open; anyone who then opens it, to read or to
    /// write, waits for gitvow to let go.
    Write,
}

/// Takes a lease (Linux `F_SETLEASE`). Elsewhere: unsupported.
#[cfg(target_os = "linux")]
pub(super) fn take_lease(file: &File, lease: Lease) -> io::Result<()> {
    static IGNORE_SIGIO: std::sync::Once = std::sync::Once::new();
    // The kernel tells a lease holder of a waiting opener with SIGIO, whose default action ends the
    // process; gitvow asks with F_GETLEASE instead.
    // SAFETY: installing SIG_IGN for SIGIO, before any lease exists.
    IGNORE_SIGIO.call_once(|| unsafe {
        libc::signal(libc::SIGIO, libc::SIG_IGN);
    });
    let kind = match lease {
        Lease::Read => libc::F_RDLCK,
        Lease::Write => libc::F_WRLCK,
    };
    // SAFETY: F_SETLEASE on an open descriptor has no memory effects.
    check(unsafe { libc::fcntl(file.as_raw_fd(), libc::F_SETLEASE, kind) })
}

#[cfg(not(target_os = "linux"))]
pub(super) fn take_lease(_: &File, _: Lease) -> io::Result<()> {
    Err(unsupported())
}

/// Whether the read lease is still whole: it is broken (downgraded) once a writer waits.
#[cfg(target_os = "linux")]
pub(super) fn lease_intact(file: &File) -> bool {
    // SAFETY: F_GETLEASE on an open descriptor has no memory effects.
    unsafe { libc::fcntl(file.as_raw_fd(), libc::F_GETLEASE) == libc::F_RDLCK }
}

#[cfg(not(target_os = "linux"))]
pub(super) fn lease_intact(_: &File) -> bool {
    false
}

#[cfg(target_os = "linux")]
pub(super) fn release_lease(file: &File) {
    // SAFETY: releasing a lease on an open descriptor.
    unsafe { libc::fcntl(file.as_raw_fd(), libc::F_SETLEASE, libc::F_UNLCK) };
}

#[cfg(not(target_os = "linux"))]
pub(super) fn release_lease(_: &File) {}

fn length(n: isize) -> io::Result<usize> {
    if n < 0 { Err(io::Error::last_os_error()) } else { Ok(n as usize) }
}

/// The extended attribute names of `file`, NUL-separated, into `buf` (an empty buffer asks for the
/// size). `ENOTSUP` where the system or file system has none; `ERANGE` when `buf` is too small.
pub(super) fn list_xattrs(file: &File, buf: &mut [u8]) -> io::Result<usize> {
    let fd = file.as_raw_fd();
    #[cfg(target_os = "linux")]
    // SAFETY: the buffer pointer and length describe `buf`.
    return length(unsafe { libc::flistxattr(fd, buf.as_mut_ptr().cast(), buf.len()) });
    #[cfg(target_vendor = "apple")]
    // SAFETY: as above; no options.
    return length(unsafe { libc::flistxattr(fd, buf.as_mut_ptr().cast(), buf.len(), 0) });
    #[cfg(not(any(target_os = "linux", target_vendor = "apple")))]
    {
        let _ = (fd, buf, length);
        Err(io::Error::from_raw_os_error(libc::ENOTSUP))
    }
}

pub(super) fn get_xattr(file: &File, name: &CString, buf: &mut [u8]) -> io::Result<usize> {
    let fd = file.as_raw_fd();
    #[cfg(target_os = "linux")]
    // SAFETY: valid descriptor, NUL-terminated name, and a buffer of the given length.
    return length(unsafe { libc::fgetxattr(fd, name.as_ptr(), buf.as_mut_ptr().cast(), buf.len()) });
    #[cfg(target_vendor = "apple")]
    // SAFETY: as above; position 0 and no options.
    return length(unsafe { libc::fgetxattr(fd, name.as_ptr(), buf.as_mut_ptr().cast(), buf.len(), 0, 0) });
    #[cfg(not(any(target_os = "linux", target_vendor = "apple")))]
    {
        let _ = (fd, name, buf);
        Err(io::Error::from_raw_os_error(libc::ENOTSUP))
    }
}

pub(super) fn set_xattr(file: &File, name: &CString, value: &[u8]) -> io::Result<()> {
    let fd = file.as_raw_fd();
    #[cfg(target_os = "linux")]
    // SAFETY: valid descriptor, NUL-terminated name, and a value of the given length.
    return check(unsafe { libc::fsetxattr(fd, name.as_ptr(), value.as_ptr().cast(), value.len(), 0) });
    #[cfg(target_vendor = "apple")]
    // SAFETY: as above; position 0 and no options.
    return check(unsafe { libc::fsetxattr(fd, name.as_ptr(), value.as_ptr().cast(), value.len(), 0, 0) });
    #[cfg(not(any(target_os = "linux", target_vendor = "apple")))]
    {
        let _ = (fd, name, value);
        Err(io::Error::from_raw_os_error(libc::ENOTSUP))
    }
}
