//! The one way gitvow reads a file it did not just create (a policy, a record, a `.git` file, a
//! kubeconfig, a file a command reads), and opens its own hook log: without ever waiting on it and
//! without ever holding more than a cap. A FIFO, a device, a directory or a socket at the path is an
//! error at once (a FIFO would otherwise block every hook call until the agent's timeout lets the
//! call through); so is a file that yields more bytes than the cap, counted as they are read, since
//! `/proc` files say they are empty and never end. gitvow's own files (records, the key, the log)
//! are never reached through a symlink: one placed there would make gitvow read, or append to,
//! whatever it names.

use crate::error::{Error, Result};
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// No policy or record is this large; reading a larger one would cost the hook's time and memory.
pub const MAX_BYTES: u64 = 1 << 20;

/// The file's bytes, `None` when there is no file at `path`.
/// `what` names the file in messages: "the policy".
/// Whether `path` is a FIFO, a device or a socket (not `/dev/null`): a program that reads a
/// script from it reads what is written when it reads, never text on disk the gate could judge.
pub fn written_when_read(path: &Path) -> bool {
    path != Path::new("/dev/null") && std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

pub fn read(path: &Path, what: &str) -> Result<Option<Vec<u8>>> {
    read_bounded(path, what, MAX_BYTES)
}

/// [`read`] with another size limit.
pub fn read_bounded(path: &Path, what: &str, limit: u64) -> Result<Option<Vec<u8>>> {
    read_checked(path, what, limit, |_| Ok(()))
}

/// [`read_bounded`] as text (invalid UTF-8 replaced), for files that are only searched.
pub fn read_text(path: &Path, what: &str, limit: u64) -> Result<Option<String>> {
    Ok(read_bounded(path, what, limit)?
        .map(|b| String::from_utf8(b).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())))
}

/// [`read`], for one of gitvow's own files, which only its owner may have written: an error unless
/// the file itself (a symlink is not followed) belongs to the effective user and is writable by no
/// one else.
pub fn read_private(path: &Path, what: &str) -> Result<Option<Vec<u8>>> {
    use std::os::unix::fs::MetadataExt;
    read_opened(path, what, MAX_BYTES, true, |meta| {
        // SAFETY: geteuid has no preconditions and cannot fail.
        let me = unsafe { libc::geteuid() };
        if meta.uid() != me || meta.mode() & 0o022 != 0 {
            return Err(Error::new(format!("{}: {what} is not private to its owner", crate::paths::display(path))));
        }
        Ok(())
    })
}

fn read_checked(path: &Path, what: &str, limit: u64, check: impl Fn(&std::fs::Metadata) -> Result<()>) -> Result<Option<Vec<u8>>> {
    read_opened(path, what, limit, false, check)
}

fn read_opened(
    path: &Path,
    what: &str,
    limit: u64,
    own: bool,
    check: impl Fn(&std::fs::Metadata) -> Result<()>,
) -> Result<Option<Vec<u8>>> {
    let shown = crate::paths::display(path);
    let look = if own { std::fs::symlink_metadata(path) } else { std::fs::metadata(path) };
    let meta = match look {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io(&format!("read {what}"), path, &e)),
    };
    check_kind(&meta, &shown, what, limit)?;
    // Non-blocking: if the path was swapped for a FIFO since the look above, opening it cannot hang;
    // the look at the opened file below then refuses it.
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | if own { libc::O_NOFOLLOW } else { 0 })
        .open(path)
        .map_err(|e| opening(path, what, &e))?;
    let meta = file.metadata().map_err(|e| Error::io(&format!("read {what}"), path, &e))?;
    check_kind(&meta, &shown, what, limit)?;
    check(&meta)?;
    let mut bytes = Vec::with_capacity(meta.len().min(limit) as usize);
    (&mut file).take(limit + 1).read_to_end(&mut bytes).map_err(|e| Error::io(&format!("read {what}"), path, &e))?;
    if bytes.len() as u64 > limit {
        return Err(too_large(&shown, what, limit));
    }
    Ok(Some(bytes))
}

fn check_kind(meta: &std::fs::Metadata, shown: &str, what: &str, limit: u64) -> Result<()> {
    match crate::paths::special_kind(std::os::unix::fs::MetadataExt::mode(meta)) {
        None if meta.len() > limit => Err(too_large(shown, what, limit)),
        None => Ok(()),
        Some(kind) => Err(Error::new(format!("{shown}: {what} is {kind}, not a regular file"))),
    }
}

/// The error of an open that failed; `ELOOP` is a symlink where gitvow's own file must be.
fn opening(path: &Path, what: &str, e: &std::io::Error) -> Error {
    if e.raw_os_error() == Some(libc::ELOOP) {
        return Error::new(format!("{}: {what} is a symlink, not a regular file", crate::paths::display(path)));
    }
    Error::io(&format!("read {what}"), path, e)
}

/// The hook log at `path`, opened to append (created when missing): never through a
/// symlink, never waiting (a FIFO there would hold every hook call), and only a regular file.
pub fn open_log(path: &Path) -> std::io::Result<std::fs::File> {
    let file = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    Ok(file)
}

/// Whether what is at `path` (not following a symlink) may be one of gitvow's own files: nothing
/// yet, or a regular file. A symlink, a FIFO, a socket or a device there could make gitvow write
/// elsewhere or wait: the one-line reason, for a call answered as a broken setup. (A directory only
/// makes the write fail, which costs the record, never the call.)
pub fn check_own(path: &Path, what: &str) -> Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(meta) => match crate::paths::special_kind(std::os::unix::fs::MetadataExt::mode(&meta)) {
            None => Ok(()),
            Some(kind) => Err(Error::new(format!(
                "{}: {what} is {kind}, not a regular file; gitvow leaves it alone: remove it",
                crate::paths::display(path)
            ))),
        },
        Err(_) => Ok(()),
    }
}

fn too_large(shown: &str, what: &str, limit: u64) -> Error {
    let size = if limit >= 1 << 20 { format!("{} MiB", limit >> 20) } else { format!("{} KiB", limit >> 10) };
    Error::new(format!("{shown}: {what} is larger than {size}"))
}
