//! Which policy files this very build of gitvow has already compiled whole, so that the hook can
//! compile only the patterns a call needs (`~/.gitvow/validated-policies`), and what it made of
//! them (`~/.gitvow/prepared-policies/<entry>`).
//!
//! An entry is a hash of the build (gitvow's version and the identity of its executable: device,
//! inode, size, modification and change times) and of a policy file's exact bytes. It says one
//! thing: "these bytes compiled without error under this build". Next to it, the policy those bytes
//! parse to, with each pattern's prefilter analysis, in a binary form ([`Policy::encode`]): a
//! call that finds it neither parses the file nor analyses its patterns. Nothing else is kept: the
//! file is still read on every call (its bytes are the key), trust is still read from the trust
//! record, every verdict is still reached from the policy. So a changed byte, a new gitvow or a
//! rebuilt binary finds no entry and compiles everything again, with the errors that blocks every
//! call on. A file that is not ours, is writable by others, or does not read exactly as this
//! module writes it is ignored as a whole (and replaced by the next write): it can cost time,
//! never a check. A prepared policy counts only under an entry of the list, and only when it
//! names that entry and its authentication code holds (or while it is the very file whose code
//! held when [`super::known`]'s sealed index recorded it). The list and every prepared policy are
//! sealed with gitvow's own key ([`crate::gate::seal`]): the entry names are readable and the
//! encoding is simple, so without a key anyone who can write the directory could make a policy
//! file's bytes stand for an empty policy. What [`super::known`] recorded of a file and its prepared
//! policy spares the calls after that reading and hashing them again while neither changes.

use super::known::{Identity, Known, Named, read_own};
use super::{Policy, Source};
use crate::gate::regular_file;
use crate::safefs::{Existing, write_private};
use std::path::{Path, PathBuf};
use std::sync::Arc;

const HEADER: &str = "gitvow validated policies 1\n";
/// Enough for the base and the repositories someone works in; the oldest entries go first.
const MAX_ENTRIES: usize = 64;
/// 128 bits, as 32 hexadecimal digits.
const KEY_LEN: usize = 32;
const PREPARED_HEADER: &[u8] = b"gitvow prepared policy 1\n";

/// The cache as read at the start of a call.
pub struct Validated {
    path: PathBuf,
    build: String,
    /// The list's entries, read and checked when a call first needs them: a call that finds its
    /// files in [`Known`] never does.
    keys: std::cell::OnceCell<Vec<String>>,
    added: bool,
    secret: [u8; 32],
    known: Known,
}

impl Validated {
    /// The cache of this home and build; `None` when either cannot be known (then every file is
    /// compiled whole, as without a cache).
    pub fn open() -> Option<Validated> {
        let home = crate::paths::gitvow_home()?;
        let path = cache_path(&home);
        let build = running_build()?;
        let secret = crate::gate::seal::cache_key()?;
        let known = Known::open(&home, &build, &secret);
        Some(Validated { path, build, keys: Default::default(), added: false, secret, known })
    }

    /// A cache in `home`, sealed under `secret`, for tests of what reads it.
    #[cfg(test)]
    pub fn for_test(home: &Path, secret: [u8; 32]) -> Validated {
        let known = Known::open(home, "test", &secret);
        Validated { path: cache_path(home), build: "test".into(), keys: Vec::new().into(), added: false, secret, known }
    }

    fn keys(&self) -> &Vec<String> {
        self.keys.get_or_init(|| match regular_file::read_private(&self.path, "the policy cache") {
            Ok(Some(bytes)) => parse(&bytes, &self.secret).unwrap_or_default(),
            _ => Vec::new(),
        })
    }

    /// The entry `bytes` have under this build.
    pub fn key(&self, bytes: &[u8]) -> String {
        key(&self.build, bytes)
    }

    /// Whether this build compiled the bytes of entry `k` whole before.
    pub fn contains(&self, k: &str) -> bool {
        self.keys().iter().any(|x| x == k)
    }

    /// Records that the bytes of entry `k` compiled whole (kept by [`Validated::save`]).
    pub fn add(&mut self, k: &str) {
        if !self.contains(k) {
            let mut keys = self.keys().clone();
            keys.insert(0, k.to_string());
            keys.truncate(MAX_ENTRIES);
            self.keys = keys.into();
            self.added = true;
        }
    }

    /// The policy kept for entry `k` (which [`Validated::contains`]), read as coming from `source`,
    /// with the identity of the file it was read from; `None` when none is kept or it is not
    /// exactly what [`Validated::keep_prepared`] wrote.
    pub fn prepared(&self, k: &str, source: Source) -> Option<(Policy, Identity)> {
        let (bytes, identity) = read_own(&self.prepared_dir().join(k), regular_file::MAX_BYTES)?;
        let (sum, payload) = split_prepared(k, &bytes)?;
        if sum != checksum(&self.secret, k, payload) {
            return None;
        }
        let start = bytes.len() - payload.len();
        Policy::decode_kept(Arc::new(bytes), start, source).map(|p| (p, identity))
    }

    /// The entry and policy of `policy` (read as coming from `source`) without reading its file
    /// or hashing anything, when it and the policy prepared from it are the very ones whose bytes
    /// a call of this build checked ([`super::known`]); `None` when they must be read.
    pub fn known(&self, policy: &Named, source: Source) -> Option<(String, Policy)> {
        // The index names an entry only once the list held it, and bytes that compiled whole
        // under this build always will: the list itself is not read.
        let (k, prepared) = self.known.lookup(policy)?;
        let (bytes, identity) = read_own(&self.prepared_dir().join(k), regular_file::MAX_BYTES)?;
        let (_, payload) = split_prepared(k, &bytes).filter(|_| identity == prepared)?;
        let start = bytes.len() - payload.len();
        Policy::decode_kept(Arc::new(bytes), start, source).map(|p| (k.to_string(), p))
    }

    /// Records that `policy` has the bytes of entry `k`, whose prepared policy of identity
    /// `prepared` was just checked whole (kept by [`Validated::save`]).
    pub fn remember(&mut self, policy: Named, k: &str, prepared: Identity) {
        self.known.remember(policy, k, prepared);
    }

    /// Keeps `policy`, which the bytes of entry `k` parse to, for the calls after this one, and
    /// removes what is kept for entries no longer in the list. Failing to costs only time.
    pub fn keep_prepared(&self, k: &str, policy: &Policy) {
        let dir = self.prepared_dir();
        let payload = policy.encode();
        let mut bytes = PREPARED_HEADER.to_vec();
        bytes.extend_from_slice(k.as_bytes());
        bytes.push(b'\n');
        bytes.extend_from_slice(&checksum(&self.secret, k, &payload));
        bytes.extend_from_slice(&payload);
        if write_private(&dir.join(k), &bytes, Existing::Replace).is_err() {
            return;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else { return };
        for entry in entries.flatten() {
            let name = entry.file_name();
            if !name.to_str().is_some_and(|n| n == k || self.contains(n)) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }

    fn prepared_dir(&self) -> PathBuf {
        self.path.with_file_name("prepared-policies")
    }

    /// Writes the cache whole (a private temporary file renamed over it) if anything was added. A
    /// cache that cannot be written only costs the next call the time to compile again.
    pub fn save(&self) {
        self.known.save();
        if !self.added {
            return;
        }
        let mut text = String::from(HEADER);
        for k in self.keys() {
            text.push_str(k);
            text.push('\n');
        }
        let mac = list_mac(&self.secret, &text);
        text.push_str(&mac);
        text.push('\n');
        let _ = write_private(&self.path, text.as_bytes(), Existing::Replace);
    }
}

/// Where the cache of a `~/.gitvow` directory is.
pub fn cache_path(gitvow_home: &Path) -> PathBuf {
    gitvow_home.join("validated-policies")
}

/// The build of gitvow that `exe` is: its version and the file's identity, which any upgrade,
/// rebuild or copy changes. `None` when the file cannot be looked at.
pub fn build_id(exe: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(exe).ok()?;
    Some(format!(
        "gitvow {} {}:{}:{}:{}.{}:{}.{}",
        env!("CARGO_PKG_VERSION"),
        m.dev(),
        m.ino(),
        m.size(),
        m.mtime(),
        m.mtime_nsec(),
        m.ctime(),
        m.ctime_nsec()
    ))
}

/// The entry for `bytes` under `build`: the first 128 bits of their SHA-256 (an entry only skips
/// compiling and parsing bytes that loaded whole before; a file's trust is still decided by the
/// SHA-256 of its own bytes in the trust record).
pub fn key(build: &str, bytes: &[u8]) -> String {
    crate::digest::hex(&crate::digest::sha256(&[build.as_bytes(), &[0xff], bytes])[..16])
}

const CHECKSUM_LEN: usize = 32;

/// A prepared policy's file as its code and what the code seals, when it is for entry `k`.
fn split_prepared<'a>(k: &str, bytes: &'a [u8]) -> Option<(&'a [u8], &'a [u8])> {
    bytes.strip_prefix(PREPARED_HEADER)?.strip_prefix(k.as_bytes())?.strip_prefix(b"\n")?.split_at_checked(CHECKSUM_LEN)
}

/// What a prepared policy's bytes must be sealed with: a kept file that was cut short, changed on
/// disk or written by anything but gitvow is refused, not decoded into another policy.
fn checksum(secret: &[u8; 32], k: &str, payload: &[u8]) -> [u8; CHECKSUM_LEN] {
    crate::gate::seal::hmac_parts(secret, &[b"gitvow prepared policy\0", k.as_bytes(), b"\0", payload])
}

/// The last line of the list: the code of everything before it.
fn list_mac(secret: &[u8; 32], text: &str) -> String {
    crate::gate::seal::hmac_parts(secret, &[b"gitvow validated policies\0", text.as_bytes()]).iter().map(|b| format!("{b:02x}")).collect()
}

fn running_build() -> Option<String> {
    // One `stat` through the kernel's link, where there is one; the portable way otherwise.
    build_id(Path::new("/proc/self/exe")).or_else(|| build_id(&std::env::current_exe().ok()?))
}

/// The entries of a cache file, or `None` when it is not exactly what [`Validated::save`] writes
/// and sealed.
fn parse(bytes: &[u8], secret: &[u8; 32]) -> Option<Vec<String>> {
    let text = std::str::from_utf8(bytes).ok()?.strip_suffix('\n')?;
    let (text, mac) = text.rsplit_once('\n').map(|(t, m)| (&bytes[..t.len() + 1], m))?;
    let text = std::str::from_utf8(text).ok()?;
    if !crate::gate::seal::constant_eq(mac.as_bytes(), list_mac(secret, text).as_bytes()) {
        return None;
    }
    let body = text.strip_prefix(HEADER)?;
    let mut keys = Vec::new();
    for line in body.split_terminator('\n') {
        if line.len() != KEY_LEN || !line.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return None;
        }
        keys.push(line.to_string());
    }
    if !body.is_empty() && !body.ends_with('\n') || keys.len() > MAX_ENTRIES {
        return None;
    }
    Some(keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: [u8; 32] = [7; 32];

    fn sealed(text: &str) -> String {
        format!("{text}{}\n", list_mac(&SECRET, text))
    }

    #[test]
    fn reads_only_what_it_writes() {
        let k = key("b", b"{}");
        assert_eq!(parse(sealed(&format!("{HEADER}{k}\n")).as_bytes(), &SECRET), Some(vec![k.clone()]));
        assert_eq!(parse(sealed(HEADER).as_bytes(), &SECRET), Some(vec![]));
        assert_eq!(parse(sealed(HEADER).as_bytes(), &[8; 32]), None, "sealed under another key");
        assert_eq!(parse(format!("{HEADER}{k}\n").as_bytes(), &SECRET), None, "not sealed");
        for bad in [
            format!("{HEADER}{k}"),
            format!("{HEADER}{}\n", &k[1..]),
            format!("{HEADER}{k}\nzz\n"),
            format!("other\n{k}\n"),
            format!("{HEADER}{}\n", k.to_uppercase()),
        ] {
            assert_eq!(parse(sealed(&bad).as_bytes(), &SECRET), None, "{bad:?}");
        }
    }

    #[test]
    fn a_prepared_policy_counts_only_whole_and_under_its_own_entry() {
        let dir = tempfile::tempdir().unwrap();
        let known = Known::open(dir.path(), "b", &SECRET);
        let cache =
            Validated { path: cache_path(dir.path()), build: "b".into(), keys: Vec::new().into(), added: false, secret: SECRET, known };
        let policy = crate::gate::policy::parse(r#"{"bash_deny": [{"pattern": "^rm\\b", "reason": "r"}]}"#, Source::BuiltIn).unwrap();
        let (k, other) = (cache.key(b"one"), cache.key(b"two"));
        cache.keep_prepared(&k, &policy);
        assert!(cache.prepared(&k, Source::BuiltIn).is_some());
        let file = cache.prepared_dir().join(&k);
        let good = std::fs::read(&file).unwrap();
        std::fs::copy(&file, cache.prepared_dir().join(&other)).unwrap();
        assert!(cache.prepared(&other, Source::BuiltIn).is_none(), "another entry's file");
        for at in [PREPARED_HEADER.len() + 3, good.len() - 12, good.len() - 1] {
            let mut bad = good.clone();
            bad[at] ^= 1;
            std::fs::write(&file, &bad).unwrap();
            assert!(cache.prepared(&k, Source::BuiltIn).is_none(), "a changed byte at {at}");
        }
        std::fs::write(&file, &good[..good.len() - 1]).unwrap();
        assert!(cache.prepared(&k, Source::BuiltIn).is_none(), "cut short");
    }

    #[test]
    fn keys_differ_by_build_and_by_byte() {
        assert_ne!(key("a", b"{}"), key("b", b"{}"));
        assert_ne!(key("a", b"{}"), key("a", b"{ }"));
        assert_ne!(key("a", b"{}"), key("a", b"{}\0"));
        assert_ne!(key("ab", b"c"), key("a", b"bc"));
        assert_eq!(key("a", b"{}").len(), KEY_LEN);
    }
}
