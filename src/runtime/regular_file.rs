//! Reading one of gitvow's small files (a policy, the trust record) without ever waiting on it: a
//! FIFO, a device, a directory or a socket at its path is an error at once (a FIFO would otherwise
//! block every hook call until the agent's timeout lets the call through), and so is a file over
//! [`MAX_BYTES`].

use crate::error::{Error, Result};
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// No policy or record is this large; reading a larger one would cost the hook's time and memory.
pub const MAX_BYTES: u64 = 1 << 20;

/// The file's bytes, `None` when there is no file at `path`.
/// `what` names the file in messages: "the policy".
pub fn read(path: &Path, what: &str) -> Result<Option<Vec<u8>>> {
    read_bounded(path, what, MAX_BYTES)
}

/// [`read`] with another size limit.
pub fn read_bounded(path: &Path, what: &str, limit: u64) -> Result<Option<Vec<u8>>> {
    read_checked(path, what, limit, |_| Ok(()))
}

/// [`read`], for a file only its owner may have written: an error unless the file belongs to the
/// effective user and is writable by no one else.
pub fn read_private(path: &Path, what: &str) -> Result<Option<Vec<u8>>> {
    use std::os::unix::fs::MetadataExt;
    read_checked(path, what, MAX_BYTES, |meta| {
        // SAFETY: geteuid has no preconditions and cannot fail.
        let me = unsafe { libc::geteuid() };
        if meta.uid() != me || meta.mode() & 0o022 != 0 {
            return Err(Error::new(format!("{}: {what} is not private to its owner", crate::paths::display(path))));
        }
        Ok(())
    })
}

fn read_checked(path: &Path, what: &str, limit: u64, check: impl Fn(&std::fs::Metadata) -> Result<()>) -> Result<Option<Vec<u8>>> {
    let shown = crate::paths::display(path);
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io(&format!("read {what}"), path, &e)),
    };
    check_kind(&meta, &shown, what, limit)?;
    // Non-blocking: if the path was swapped for a FIFO since the look above, opening it cannot hang;
    // the look at the opened file below then refuses it.
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
        .map_err(|e| Error::io(&format!("read {what}"), path, &e))?;
    let meta = file.metadata().map_err(|e| Error::io(&format!("read {what}"), path, &e))?;
    check_kind(&meta, &shown, what, limit)?;
    check(&meta)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
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

fn too_large(shown: &str, what: &str, limit: u64) -> Error {
    Error::new(format!("{shown}: {what} is larger than {} MiB", limit >> 20))
}

/// Writes one of gitvow's private files whole: a temporary file in the same directory (created with
/// mode 0600), flushed and renamed over `path`, so a reader never sees half of it. The directory is
/// created (mode 0700) when missing.
pub fn write_private(path: &Path, text: &str) -> Result<()> {
    use std::io::Write;
    use std::os::unix::fs::DirBuilderExt;
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir).map_err(|e| Error::io("create", dir, &e))?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| Error::io("create a temporary file in", dir, &e))?;
    tmp.write_all(text.as_bytes()).and_then(|_| tmp.as_file().sync_all()).map_err(|e| Error::io("write", tmp.path(), &e))?;
    tmp.persist(path).map_err(|e| Error::io("write", path, &e.error))?;
    Ok(())
}
