//! SHA-256, the one hash gitvow uses for everything that names or identifies bytes: an original's
//! side file and what install last wrote to a file (the install record), a trusted policy file, an
//! approval's call, a cached policy, install's `--json`, and the HMAC that seals records
//! ([`crate::gate::seal`]).

use sha2::{Digest, Sha256};

/// The SHA-256 of the concatenation of `parts`, without copying them together.
pub fn sha256(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for part in parts {
        h.update(part);
    }
    h.finalize().into()
}

/// The SHA-256 of `bytes`, as lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&sha256(&[bytes]))
}

/// `bytes` as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
