//! The install record: what install created and what the files held before, so that uninstall takes
//! out exactly what install put in. Kept under `~/.gitvow/` for the user scope and inside the git
//! directory for a repository (never in the work tree, where it would be committed).

use super::entries::Created;
use crate::edit::toml::TomlChange;
use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The bytes a file had before gitvow first wrote to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Original {
    /// The file did not exist.
    Absent,
    Text { text: String },
    /// The file was edited by someone else since gitvow wrote it, or held gitvow entries already.
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRecord {
    pub original: Original,
    /// Hash of the bytes gitvow last wrote, to tell whether the file changed since.
    pub written: String,
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

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    #[serde(default)]
    pub files: BTreeMap<PathBuf, FileRecord>,
}

impl Record {
    /// Reads the record at `path`; a missing record is an empty one.
    pub fn load(path: &Path) -> Result<Record> {
        match std::fs::read(path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| {
                let what = e.to_string();
                let what = what.split(" at line ").next().unwrap_or(&what);
                Error::new(format!("{}:{}:{}: the install record does not parse: {what}", crate::paths::display(path), e.line(), e.column()))
                    .hint("move the file away; uninstall then falls back to removing entries recognised by their command")
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Record::default()),
            Err(e) => Err(Error::io("read", path, &e)),
        }
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut text = serde_json::to_string_pretty(self).expect("the record serialises");
        text.push('\n');
        text.into_bytes()
    }
}

/// A stable 64-bit FNV-1a hash, as hex: enough to tell whether a file changed since gitvow wrote it.
pub fn hash(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}
