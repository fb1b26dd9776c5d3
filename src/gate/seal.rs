//! gitvow's own key, and the authentication codes it seals its records with (approvals, trust):
//! a record that anything but gitvow wrote or changed does not carry a code that holds, and counts
//! for nothing. The key is `~/.gitvow/record.key`, 32 random bytes, mode 0600, made on first need.
//! An agent that could read it could forge a record, so the gate keeps it among its own files (see
//! [`super::protect`]); code the agent runs outside the gate is beyond this (see the README's
//! "What gitvow protects, and what it cannot").

use super::regular_file;
use crate::digest::{hex, sha256};
use crate::error::{Error, Result};
use std::path::PathBuf;

/// Where the key is.
pub fn key_path() -> Option<PathBuf> {
    crate::paths::gitvow_home().map(|h| h.join("record.key"))
}

const KEY_LEN: usize = 32;

/// The key on file; `None` when there is none yet. A key file that is not exactly gitvow's (a
/// symlink, other owners, readable by others, the wrong length) is an error: nothing it would seal
/// or check could be trusted. So is a key with another name (a hard link): whatever reads that name
/// has the key, by a path the gate may never see named (a program's own code reading it), so the
/// key seals and checks nothing until it is replaced.
fn read_key() -> Result<Option<[u8; KEY_LEN]>> {
    let path = key_path().ok_or_else(|| Error::new("cannot find the home directory for ~/.gitvow/record.key"))?;
    let Some(bytes) = regular_file::read_private(&path, "gitvow's record key")? else { return Ok(None) };
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::symlink_metadata(&path).ok();
    if let Some(names) = meta.as_ref().map(MetadataExt::nlink).filter(|n| *n > 1) {
        let shown = crate::paths::display(&path);
        return Err(Error::new(format!(
            "{shown}: gitvow's record key has {names} names: something made another (a hard link), and whatever reads it could seal approvals and trust"
        ))
        .hint(format!(
            "remove the key itself, not only its other name (`rm {shown}`): gitvow makes a new one, the other name keeps a key that seals nothing, and the approvals and trust sealed with the old one are asked for again"
        )));
    }
    let private = meta.is_some_and(|m| m.mode() & 0o077 == 0);
    match <[u8; KEY_LEN]>::try_from(bytes.as_slice()) {
        Ok(key) if private => Ok(Some(key)),
        _ => Err(Error::new(format!("{}: gitvow's record key is damaged or readable by others", crate::paths::display(&path)))
            .hint("remove it: gitvow makes a new one, and the approvals and trust sealed with the old one are asked for again")),
    }
}

/// The key, made when there is none: 32 bytes from the system's random source, written to a private
/// temporary file and linked into place only if no other process made one meanwhile (whose key
/// then wins).
fn key() -> Result<[u8; KEY_LEN]> {
    if let Some(key) = read_key()? {
        return Ok(key);
    }
    let path = key_path().ok_or_else(|| Error::new("cannot find the home directory for ~/.gitvow/record.key"))?;
    let mut key = [0u8; KEY_LEN];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut key))
        .map_err(|e| Error::io("read random bytes from", std::path::Path::new("/dev/urandom"), &e))?;
    match crate::safefs::write_private(&path, &key, crate::safefs::Existing::Keep) {
        Ok(()) => Ok(key),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => read_key()?.ok_or_else(|| Error::new("gitvow's record key vanished")),
        Err(e) => Err(Error::io("write", &path, &e)),
    }
}

/// Makes the key if there is none yet (`gitvow run` hides it, and only a file that exists can be
/// hidden).
pub fn ensure_key() -> Result<()> {
    key().map(|_| ())
}

/// The key, for a cache that seals what it keeps ([`super::policy::validated`]); `None` when it
/// cannot be had, and then nothing is kept.
pub fn cache_key() -> Option<[u8; KEY_LEN]> {
    key().ok()
}

/// HMAC-SHA-256 (RFC 2104) of `message` under `key`: a few lines over the one hash crate gitvow has.
pub fn hmac(key: &[u8; KEY_LEN], message: &[u8]) -> [u8; 32] {
    hmac_parts(key, &[message])
}

/// [`hmac`] of the concatenation of `parts`, without copying them together (a prepared policy is
/// large, and the hook's memory is counted).
pub fn hmac_parts(key: &[u8; KEY_LEN], parts: &[&[u8]]) -> [u8; 32] {
    let mut pad = [0u8; 64];
    pad[..KEY_LEN].copy_from_slice(key);
    let inner_pad = pad.map(|b| b ^ 0x36);
    let outer_pad = pad.map(|b| b ^ 0x5c);
    let inner: Vec<&[u8]> = std::iter::once(&inner_pad[..]).chain(parts.iter().copied()).collect();
    sha256(&[&outer_pad, &sha256(&inner)])
}

/// What a record's code seals: its `label` line, then the record as JSON as written without its
/// code (`bare` has its `mac` taken out by the caller). One layout for every sealed record.
pub fn record_bytes(label: &str, bare: &impl serde::Serialize) -> Vec<u8> {
    let mut bytes = format!("{label}\n").into_bytes();
    bytes.extend(serde_json::to_vec(bare).unwrap_or_default());
    bytes
}

/// The code that seals `message` (a record's exact bytes, with what kind of record it is), making
/// the key if there is none yet.
pub fn seal(message: &[u8]) -> Result<String> {
    Ok(hex(&hmac(&key()?, message)))
}

/// How a record's code reads back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Sealed by gitvow, unchanged since.
    Holds,
    /// No code: written before records were sealed.
    Missing,
    /// A code that does not hold: written or changed by something else (or under another key).
    Broken,
}

/// Whether `mac` seals `message`. Without a readable key nothing holds.
pub fn check(mac: Option<&str>, message: &[u8]) -> Check {
    let Some(mac) = mac else { return Check::Missing };
    match read_key() {
        Ok(Some(key)) if constant_eq(mac.as_bytes(), hex(&hmac(&key, message)).as_bytes()) => Check::Holds,
        _ => Check::Broken,
    }
}

/// Whether two codes are equal, in a time that does not tell where they differ.
pub fn constant_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hmac_matches_rfc_4231() {
        // RFC 4231 test case 2 has a short key; this is case 1's shape with a 32-byte key of 0x0b,
        // checked against `openssl dgst -sha256 -mac HMAC -macopt hexkey:0b…0b`.
        let key = [0x0b; KEY_LEN];
        assert_eq!(hex(&hmac(&key, b"Hi There")), "198a607eb44bfbc69903a0f1cf2bbdc5ba0aa3f3d9ae3c1c7a3b1696a0b68cf7");
    }
}
