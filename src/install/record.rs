//! The install record: what install created and what the files held before, so that uninstall takes
//! out exactly what install put in. Kept under `~/.gitvow/` for the user scope and inside the git
//! directory for a repository (never in the work tree, where it would be committed).

use super::entries::Created;
use super::plan::Scope;
use crate::edit::toml::TomlChange;
use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The bytes a file had before gitvow first wrote to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Original {
    /// The file did not exist.
    Absent,
    Text {
        text: String,
    },
    /// The file was edited by someone else since gitvow wrote it, or held gitvow entries already.
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRecord {
    pub original: Original,
    /// Hash of the bytes gitvow last wrote, to tell whether the file changed since.
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
    /// Whether `bytes` are what gitvow wrote to this file.
    pub fn wrote(&self, bytes: &[u8]) -> bool {
        let h = hash(bytes);
        self.written == h || self.also_written.contains(&h)
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
            _ => false,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    #[serde(default)]
    pub files: BTreeMap<PathBuf, FileRecord>,
}

impl Record {
    /// Reads the scope's record; a missing record is an empty one.
    pub fn load(scope: &Scope) -> Result<Record> {
        let path = scope.record_path();
        let Some(bytes) = Record::read(scope)? else { return Ok(Record::default()) };
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
        crate::fsx::read_target(&path, &super::state_scope(scope))
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
