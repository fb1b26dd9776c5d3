//! Trust in repository policies: `~/.gitvow/trust.json` holds, per repository policy file a person
//! trusted, the SHA-256 of the exact bytes they saw. A repository policy's programs (providers, the
//! classifier) run, and its exceptions apply, only while the file still has those bytes: any change
//! makes it untrusted again. `gitvow trust` is the only writer, and it seals each entry with
//! gitvow's key: an entry without a code that holds (typed in, copied from elsewhere, or written
//! before entries were sealed) trusts nothing.

use crate::error::{Error, Result};
use crate::gate::regular_file;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn record_path() -> Option<PathBuf> {
    crate::paths::gitvow_home().map(|h| h.join("trust.json"))
}

pub(crate) use crate::digest::sha256_hex as digest;

/// The key of a policy file in the record: its canonical path, so that a second path to the same
/// file (a symlinked checkout) is the same trust.
pub(crate) fn key(policy: &Path) -> String {
    policy.canonicalize().unwrap_or_else(|_| policy.to_path_buf()).to_string_lossy().into_owned()
}

/// The trusted files, `file → entry`. A record that cannot be read trusts nothing.
pub(crate) fn read_record() -> serde_json::Map<String, Value> {
    let Some(path) = record_path() else { return Default::default() };
    match regular_file::read_private(&path, "the trust record") {
        Ok(Some(bytes)) => match serde_json::from_slice::<Value>(&bytes) {
            Ok(Value::Object(mut o)) => match o.remove("trusted") {
                Some(Value::Object(files)) => files,
                _ => Default::default(),
            },
            _ => Default::default(),
        },
        _ => Default::default(),
    }
}

/// Whether the person trusted `policy` with exactly these bytes.
pub fn is_trusted(policy: &Path, bytes: &[u8]) -> bool {
    let files = read_record();
    let key = key(policy);
    files.get(&key).is_some_and(|e| {
        e.get("sha256").and_then(Value::as_str) == Some(digest(bytes).as_str()) && check(&key, e) == crate::gate::seal::Check::Holds
    })
}

/// Whether the record has an entry for `policy` (whatever it says): without one the file is
/// untrusted, whatever its bytes.
pub(crate) fn names(policy: &Path) -> bool {
    read_record().contains_key(&key(policy))
}

/// What an entry's code seals: the file it is for and everything the entry says.
fn sealed_bytes(file: &str, entry: &Value) -> Vec<u8> {
    let mut bare = entry.clone();
    if let Some(o) = bare.as_object_mut() {
        o.remove("mac");
    }
    let mut bytes = b"gitvow trust 1\n".to_vec();
    bytes.extend(file.as_bytes());
    bytes.push(0);
    bytes.extend(serde_json::to_vec(&bare).unwrap_or_default());
    bytes
}

/// How the code of the entry for `file` reads back.
pub(crate) fn check(file: &str, entry: &Value) -> crate::gate::seal::Check {
    crate::gate::seal::check(entry.get("mac").and_then(Value::as_str), &sealed_bytes(file, entry))
}

/// `entry` for `file`, sealed.
pub(crate) fn sealed(file: &str, mut entry: Value) -> Result<Value> {
    let mac = crate::gate::seal::seal(&sealed_bytes(file, &entry))?;
    if let Some(o) = entry.as_object_mut() {
        o.insert("mac".into(), Value::from(mac));
    }
    Ok(entry)
}

/// Writes the record whole (mode 0600: it says what the person trusts).
pub(crate) fn write_record(files: serde_json::Map<String, Value>) -> Result<()> {
    let path = record_path().ok_or_else(|| Error::new("cannot find the home directory for ~/.gitvow/trust.json"))?;
    let text = serde_json::to_string_pretty(&json!({"version": 1, "trusted": files})).unwrap_or_default() + "\n";
    crate::safefs::write_private(&path, text.as_bytes(), crate::safefs::Existing::Replace).map_err(|e| Error::io("write", &path, &e))
}
