//! Which policy files this very build of gitvow has already compiled whole, so that the hook can
//! compile only the patterns a call needs (`~/.gitvow/validated-policies`).
//!
//! An entry is a hash of the build (gitvow's version and the identity of its executable: device,
//! inode, size, modification and change times) and of a policy file's exact bytes. It says one
//! thing only: "these bytes compiled without error under this build". Nothing else is cached: the
//! file is still read and parsed on every call, trust is still read from the trust record, every
//! verdict is still reached from the policy itself. So a changed byte, a new gitvow or a rebuilt
//! binary finds no entry and compiles everything again, with the errors that blocks every call on.
//! A file that is not ours, is writable by others, or does not read exactly as this module writes
//! it is ignored as a whole (and replaced by the next write): it can cost time, never a check.

use crate::runtime::regular_file;
use std::hash::Hasher;
use std::io::Write;
use std::path::{Path, PathBuf};

const HEADER: &str = "gitvow validated policies 1\n";
/// Enough for the base and the repositories someone works in; the oldest entries go first.
const MAX_ENTRIES: usize = 64;
/// 128 bits, as 32 hexadecimal digits.
const KEY_LEN: usize = 32;

/// The cache as read at the start of a call.
pub struct Validated {
    path: PathBuf,
    build: String,
    keys: Vec<String>,
    added: bool,
}

impl Validated {
    /// The cache of this home and build; `None` when either cannot be known (then every file is
    /// compiled whole, as without a cache).
    pub fn open() -> Option<Validated> {
        let path = cache_path(&crate::paths::gitvow_home()?);
        let build = build_id(&running_executable()?)?;
        let keys = match regular_file::read_private(&path, "the policy cache") {
            Ok(Some(bytes)) => parse(&bytes).unwrap_or_default(),
            _ => Vec::new(),
        };
        Some(Validated { path, build, keys, added: false })
    }

    /// Whether this build compiled `bytes` whole before.
    pub fn contains(&self, bytes: &[u8]) -> bool {
        let k = key(&self.build, bytes);
        self.keys.contains(&k)
    }

    /// Records that `bytes` compiled whole (kept by [`Validated::save`]).
    pub fn add(&mut self, bytes: &[u8]) {
        let k = key(&self.build, bytes);
        if !self.keys.contains(&k) {
            self.keys.insert(0, k);
            self.keys.truncate(MAX_ENTRIES);
            self.added = true;
        }
    }

    /// Writes the cache whole (a private temporary file renamed over it) if anything was added. A
    /// cache that cannot be written only costs the next call the time to compile again.
    pub fn save(&self) {
        if !self.added {
            return;
        }
        let Some(dir) = self.path.parent() else { return };
        let mut text = String::from(HEADER);
        for k in &self.keys {
            text.push_str(k);
            text.push('\n');
        }
        let write = || -> std::io::Result<()> {
            std::fs::create_dir_all(dir)?;
            // `tempfile` creates the file with mode 0600, in the same directory: the rename is atomic.
            let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
            tmp.write_all(text.as_bytes())?;
            tmp.persist(&self.path).map_err(|e| e.error)?;
            Ok(())
        };
        let _ = write();
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

/// The entry for `bytes` under `build`: two SipHash digests with different prefixes, 128 bits.
/// Not a cryptographic hash, and it needs none: whoever could forge an entry could as well write
/// the policy it stands for, and an entry only ever skips a compile, never a check.
pub fn key(build: &str, bytes: &[u8]) -> String {
    let digest = |domain: u8| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        h.write_u8(domain);
        h.write(build.as_bytes());
        h.write_u8(0xff);
        h.write(bytes);
        h.finish()
    };
    format!("{:016x}{:016x}", digest(1), digest(2))
}

fn running_executable() -> Option<PathBuf> {
    // One `stat` through the kernel's link, where there is one; the portable way otherwise.
    let proc_link = Path::new("/proc/self/exe");
    if proc_link.exists() { Some(proc_link.to_path_buf()) } else { std::env::current_exe().ok() }
}

/// The entries of a cache file, or `None` when it is not exactly what [`Validated::save`] writes.
fn parse(bytes: &[u8]) -> Option<Vec<String>> {
    let text = std::str::from_utf8(bytes).ok()?;
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

    #[test]
    fn reads_only_what_it_writes() {
        let k = key("b", b"{}");
        assert_eq!(parse(format!("{HEADER}{k}\n").as_bytes()), Some(vec![k.clone()]));
        assert_eq!(parse(HEADER.as_bytes()), Some(vec![]));
        for bad in [
            format!("{HEADER}{k}"),
            format!("{HEADER}{}\n", &k[1..]),
            format!("{HEADER}{k}\nzz\n"),
            format!("other\n{k}\n"),
            format!("{HEADER}{}\n", k.to_uppercase()),
        ] {
            assert_eq!(parse(bad.as_bytes()), None, "{bad:?}");
        }
    }

    #[test]
    fn keys_differ_by_build_and_by_byte() {
        assert_ne!(key("a", b"{}"), key("b", b"{}"));
        assert_ne!(key("a", b"{}"), key("a", b"{ }"));
        assert_eq!(key("a", b"{}").len(), KEY_LEN);
    }
}
