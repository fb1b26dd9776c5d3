//! gitvow's record key as a test reaches it: to seal a record as gitvow itself would have (a test
//! of what time does to an approval, a cache entry a test needs honoured), which nothing but a
//! holder of the key can do.

use std::path::Path;

/// The key in `home`'s `~/.gitvow/record.key`, made (as gitvow makes it: 32 bytes, mode 0600) when
/// there is none yet.
pub fn record_key(home: &Path) -> Vec<u8> {
    let path = home.join(".gitvow/record.key");
    if !path.exists() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, [0x42u8; 32]).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    std::fs::read(path).unwrap()
}

/// HMAC-SHA-256 in hexadecimal, written out here so that the tests do not lean on gitvow's own.
pub fn hmac_hex(key: &[u8], message: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let mut pad = [0u8; 64];
    pad[..key.len()].copy_from_slice(key);
    let inner = Sha256::new().chain_update(pad.map(|b| b ^ 0x36)).chain_update(message).finalize();
    let outer = Sha256::new().chain_update(pad.map(|b| b ^ 0x5c)).chain_update(inner).finalize();
    outer.iter().map(|b| format!("{b:02x}")).collect()
}
