//! gitvow's own private files (`~/.gitvow`: approvals, the trust record, the record key, the policy
//! caches, the session ledger): the one way they are written. The file appears whole or not at
//! all, is readable by its owner only, and survives a crash once this returns.

use std::io::{self, Write};
use std::path::Path;

/// What to do when the file exists already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Replace it.
    Replace,
    /// Keep it, and fail with `AlreadyExists` (a key made once, by whoever comes first).
    Keep,
}

/// Writes `path` whole: a temporary file in the same directory (created with mode 0600 by
/// `tempfile`), flushed, renamed (or linked, for [`Existing::Keep`]) into place, then the directory
/// flushed. A link at `path` is replaced, never written through. The directory is created (mode
/// 0700) when missing.
pub fn write_private(path: &Path, bytes: &[u8], existing: Existing) -> io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    match existing {
        Existing::Replace => tmp.persist(path).map_err(|e| e.error)?,
        Existing::Keep => tmp.persist_noclobber(path).map_err(|e| e.error)?,
    };
    std::fs::File::open(dir)?.sync_all()
}
