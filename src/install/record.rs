//! The install record: what install created and what the files held before, so that uninstall takes
//! out exactly what install put in. Kept under `~/.gitvow/` for the user scope and inside the git
//! directory for a repository (never in the work tree, where it would be committed).

use super::entries::Created;
use crate::edit::toml::TomlChange;
use crate::error::{Error, Result};
use crate::paths::Scope;
use crate::safefs::Bytes;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The bytes a file had before gitvow first wrote to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Original {
    /// The file did not exist.
    Absent,
    /// The bytes inside the record, as earlier versions kept them: still read, and moved to a side
    /// file the next time the record is saved.
    Text { text: String },
    /// The bytes are in the side file `originals/<sha256>` of the state directory: kept out of the
    /// record so that the record stays small however large the settings file is (it is read,
    /// compared and written several times a run).
    Saved { sha256: String },
    /// Bytes this run read, shared with its plan, with their digest: saved as a side file (and
    /// the entry as [`Original::Saved`]) before any record names them. Never in a record file.
    #[serde(skip)]
    Read { bytes: Bytes, sha256: String },
    /// The file was edited by someone else since gitvow wrote it, or held gitvow entries already.
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRecord {
    pub original: Original,
    /// Hash of the bytes gitvow last wrote, to tell whether the file changed since: their SHA-256
    /// ([`digest`]), or in a record of an earlier version their [`legacy_hash`].
    pub written: String,
    /// Hashes of other bytes that are equally "as gitvow left it": the record is written before the
    /// file (so that a kill leaves a record for whatever the file holds), and until the write is
    /// done the file may still hold what an earlier run wrote.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_written: Vec<String>,
    #[serde(default)]
    pub created: Created,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toml: Option<TomlChange>,
    /// Directories install created for this file, outermost first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dirs: Vec<PathBuf>,
    /// The agent of an external adapter, so that a plain `uninstall` finds it again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adapter: Option<String>,
}

impl FileRecord {
    /// Whether `bytes` are what gitvow wrote to this file. Each recorded hash is compared as the
    /// kind it is (a record may hold both: an earlier version's, carried into `also_written`).
    pub fn wrote(&self, bytes: &[u8]) -> bool {
        let (sha256, legacy) = (std::cell::OnceCell::new(), std::cell::OnceCell::new());
        std::iter::once(&self.written).chain(&self.also_written).any(|h| match h.len() {
            LEGACY_HASH_LEN => *h == *legacy.get_or_init(|| legacy_hash(bytes)),
            _ => *h == *sha256.get_or_init(|| digest(bytes)),
        })
    }

    /// Whether the file holds its original bytes, as if gitvow had never written it (a run killed
    /// before it wrote, or one that was undone): the record then says nothing about the file.
    pub fn is_stale(&self, now: Option<&[u8]>) -> bool {
        if now.is_some_and(|b| self.wrote(b)) {
            return false;
        }
        match (&self.original, now) {
            (Original::Absent, None) => true,
            (Original::Text { text }, Some(b)) => text.as_bytes() == b,
            (Original::Read { bytes, .. }, Some(b)) => bytes.as_slice() == b,
            (Original::Saved { sha256 }, Some(b)) => *sha256 == digest(b),
            _ => false,
        }
    }
}

impl Original {
    /// The original of a file read as `bytes`, to be saved as a side file.
    pub fn read(bytes: &Bytes) -> Original {
        Original::Read { sha256: digest(bytes), bytes: Bytes::clone(bytes) }
    }

    /// The side file this original is (or is to be) saved in, by digest.
    pub fn side_file(&self) -> Option<&str> {
        match self {
            Original::Saved { sha256 } | Original::Read { sha256, .. } => Some(sha256),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InstallRecord {
    #[serde(default)]
    pub files: BTreeMap<PathBuf, FileRecord>,
}

impl InstallRecord {
    /// Reads the scope's record; a missing record is an empty one.
    pub fn load(scope: &Scope) -> Result<InstallRecord> {
        let path = scope.record_path();
        let Some(bytes) = InstallRecord::read(scope)? else { return Ok(InstallRecord::default()) };
        serde_json::from_slice(&bytes).map_err(|e| {
            let what = e.to_string();
            let what = what.split(" at line ").next().unwrap_or(&what);
            Error::new(format!("{}:{}:{}: the install record does not parse: {what}", crate::paths::display(&path), e.line(), e.column()))
                .hint("move the file away; uninstall then falls back to removing entries recognised by their command")
        })
    }

    /// The bytes of the scope's record file. A symlink is refused: the record says what uninstall
    /// deletes, and in a repository anyone could point it elsewhere (there no link in the git
    /// directory is followed at all; `~/.gitvow` itself may be a dotfile manager's link).
    pub fn read(scope: &Scope) -> Result<Option<Vec<u8>>> {
        let path = scope.record_path();
        if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Error::new(format!("refusing to use the install record {}: it is a symlink", crate::paths::display(&path)))
                .hint("remove the link; gitvow keeps its record in a directory of its own"));
        }
        crate::safefs::read_target(&path, scope, crate::safefs::Area::State)
    }

    /// The digests of the side files this record names.
    pub fn side_files(&self) -> impl Iterator<Item = &str> {
        self.files.values().filter_map(|f| f.original.side_file())
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut text = serde_json::to_string_pretty(self).expect("the record serialises");
        text.push('\n');
        text.into_bytes()
    }
}

/// The SHA-256 of `bytes`, as hex: names an original's side file, and tells that a file holds
/// its original bytes again without reading the side file.
pub use crate::digest::sha256_hex as digest;

/// How long a [`legacy_hash`] is: 16 hex digits, where a [`digest`] has 64.
const LEGACY_HASH_LEN: usize = 16;

/// The 64-bit FNV-1a hash, as hex, that the records of earlier versions hold for the bytes gitvow
/// wrote. Only read, never written (new records name bytes by [`digest`]): an install made by an
/// earlier version must still be recognised as unchanged, or uninstall could not give its files
/// back exactly.
fn legacy_hash(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}
