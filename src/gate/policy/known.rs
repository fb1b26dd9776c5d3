//! What the hook knew of the policy files at its last looks (`~/.gitvow/known-policies`): for a
//! file of a given identity (device, inode, size, modification and change times), the entry of
//! [`super::validated`] its bytes have under a build, and the identity of the prepared policy kept
//! for that entry when its authentication code last held. A call that finds both files as they were
//! neither reads the policy file nor hashes anything: hashing tens of kilobytes of policies was
//! the part of every call that did not depend on the call, and the first SHA-256 of a process
//! probes the CPU's features, which a virtual machine's hypervisor answers slowly. The built-in
//! policy is known the same way, under its own name: its bytes are part of the build, so under one
//! build they never change, and a home with no policy file of its own hashes nothing either.
//!
//! Why an identity stands for the bytes: every write, truncation, rename or change of mode sets a
//! file's change time to the clock's time, and nothing but the kernel sets it. An identity is
//! recorded only when both of its times are [`SETTLED_SECS`] in the past, so that a change within
//! the same tick of the clock as the look cannot go unseen. The index is sealed under gitvow's key
//! (SipHash-2-4, [`crate::digest::siphash24`]): one that anything else wrote or changed counts for
//! nothing, and then every file is read and checked as without it. An older gitvow does not know
//! this file: it neither reads it nor undoes it, and entries are kept per build, so two builds
//! sharing a home do not take turns replacing each other's.

use super::buffer::Buffer;
use crate::digest::siphash24;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

const HEADER: &str = "gitvow known policies 1\n";
/// The policy files of a few builds and the repositories someone works in; the oldest go first.
const MAX_ENTRIES: usize = 32;
/// How long ago a file's last change must be before its identity may stand for its bytes.
const SETTLED_SECS: i64 = 2;

/// What the index knows a policy by: a file by its identity, the built-in policy by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    File(Identity),
    /// The policy compiled into the build: an entry of a build stands for it without a look at any
    /// file, as its bytes cannot change under that build.
    BuiltIn,
}

impl Named {
    /// The field of the index's lines that names the policy.
    fn text(&self) -> String {
        match self {
            Named::File(file) => file.text(),
            Named::BuiltIn => "built-in".into(),
        }
    }

    /// Whether the policy's bytes can no longer change unseen ([`Identity::settled`]).
    fn settled(&self, now: SystemTime) -> bool {
        match self {
            Named::File(file) => file.settled(now),
            Named::BuiltIn => true,
        }
    }

    /// How the lines of this policy begin after the build, whatever its bytes: a file's device
    /// and inode (a changed file has the same), or the built-in's name.
    fn same(&self) -> String {
        match self {
            Named::File(file) => format!("{}:{}:", file.dev, file.ino),
            Named::BuiltIn => format!("{}\t", self.text()),
        }
    }
}

/// A file as the kernel names it: any change to its bytes gives it another identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Identity {
    dev: u64,
    ino: u64,
    size: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Identity {
    /// The identity of a regular file; `None` for anything else.
    pub fn of(meta: &std::fs::Metadata) -> Option<Identity> {
        meta.is_file().then(|| Identity {
            dev: meta.dev(),
            ino: meta.ino(),
            size: meta.size(),
            mtime: (meta.mtime(), meta.mtime_nsec()),
            ctime: (meta.ctime(), meta.ctime_nsec()),
        })
    }

    /// The identity of the file at `path` (a symlink followed, as a policy is read).
    pub fn at(path: &Path) -> Option<Identity> {
        Identity::of(&std::fs::metadata(path).ok()?)
    }

    /// Whether the file last changed long enough before `now` that any later change shows.
    fn settled(&self, now: SystemTime) -> bool {
        let now = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
        self.mtime.0.max(self.ctime.0).saturating_add(SETTLED_SECS + 1) <= now
    }

    fn text(&self) -> String {
        let Identity { dev, ino, size, mtime: (ms, mn), ctime: (cs, cn) } = self;
        format!("{dev}:{ino}:{size}:{ms}.{mn}:{cs}.{cn}")
    }

    fn parse(text: &str) -> Option<Identity> {
        let mut parts = text.split(':');
        let mut next = || parts.next();
        let time = |t: &str| t.split_once('.').and_then(|(s, n)| Some((s.parse().ok()?, n.parse().ok()?)));
        let id = Identity {
            dev: next()?.parse().ok()?,
            ino: next()?.parse().ok()?,
            size: next()?.parse().ok()?,
            mtime: time(next()?)?,
            ctime: time(next()?)?,
        };
        next().is_none().then_some(id)
    }
}

/// The bytes of gitvow's own file at `path` and its identity while they were read; `None` unless
/// it is a regular file (not through a symlink) that only its owner, this user, may write, of at
/// most `limit` bytes, unchanged while read.
pub fn read_own(path: &Path, limit: u64) -> Option<(Buffer, Identity)> {
    let mut file =
        std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_NOFOLLOW).open(path).ok()?;
    let meta = file.metadata().ok()?;
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    if meta.uid() != me || meta.mode() & 0o022 != 0 || meta.len() > limit {
        return None;
    }
    let before = Identity::of(&meta)?;
    // Room for the whole file and the one byte that tells it grew, so that reading reallocates
    // (and copies) nothing.
    let bytes = Buffer::read(&mut file, (meta.len() as usize).saturating_add(1))?;
    let after = Identity::of(&file.metadata().ok()?)?;
    (before == after && bytes.len() as u64 == after.size).then_some((bytes, after))
}

/// The index as read at the start of a call.
pub struct Known {
    path: PathBuf,
    secret: [u8; 16],
    build: String,
    /// Every build's entries as their lines (build, file, entry, prepared policy), newest first. A
    /// line is parsed only when it is the one a call looks for: an index holds the policy files of
    /// every repository someone works in, under a few builds, and parsing all of their identities
    /// on every call was most of the cost of reading it.
    lines: Vec<String>,
    changed: bool,
}

impl Known {
    /// The index of `gitvow_home` for `build`, sealed under `key` (gitvow's record key); empty when
    /// there is none or it is not exactly what [`Known::save`] wrote under that key.
    pub fn open(gitvow_home: &Path, build: &str, key: &[u8; 32]) -> Known {
        let mut secret = [0u8; 16];
        secret.copy_from_slice(&key[..16]);
        let path = gitvow_home.join("known-policies");
        let build = format!("{:016x}", siphash24(&[0; 16], build.as_bytes()));
        let lines = read_own(&path, 64 << 10).and_then(|(bytes, _)| parse(&bytes, &secret)).unwrap_or_default();
        Known { path, secret, build, lines, changed: false }
    }

    /// The entry and the prepared policy's identity recorded for `policy`. Lines are only ever
    /// written with [`Named::text`], so a policy's line is found by its text.
    pub fn lookup(&self, policy: &Named) -> Option<(&str, Identity)> {
        let start = format!("{}\t{}\t", self.build, policy.text());
        let rest = self.lines.iter().find_map(|line| line.strip_prefix(start.as_str()))?;
        let (key, prepared) = rest.split_once('\t')?;
        Some((key, Identity::parse(prepared)?))
    }

    /// Records that `policy` has the bytes of entry `key`, whose prepared policy of identity
    /// `prepared` was checked whole; nothing when either changed too recently.
    pub fn remember(&mut self, policy: Named, key: &str, prepared: Identity) {
        let now = SystemTime::now();
        if !policy.settled(now) || !prepared.settled(now) || self.lookup(&policy).is_some_and(|(k, p)| k == key && p == prepared) {
            return;
        }
        // One line per policy and build: what this build recorded of it before goes.
        let same = format!("{}\t{}", self.build, policy.same());
        self.lines.retain(|line| !line.starts_with(&same));
        self.lines.insert(0, format!("{}\t{}\t{key}\t{}", self.build, policy.text(), prepared.text()));
        self.lines.truncate(MAX_ENTRIES);
        self.changed = true;
    }

    /// Writes the index whole if anything was recorded; failing to costs the next calls only time.
    pub fn save(&self) {
        if !self.changed {
            return;
        }
        let mut text = String::from(HEADER);
        for line in &self.lines {
            text.push_str(line);
            text.push('\n');
        }
        text.push_str(&format!("{:016x}\n", siphash24(&self.secret, text.as_bytes())));
        let _ = crate::safefs::write_private(&self.path, text.as_bytes(), crate::safefs::Existing::Replace);
    }
}

/// The lines of an index, or `None` when it is not exactly what [`Known::save`] writes and seals.
fn parse(bytes: &[u8], secret: &[u8; 16]) -> Option<Vec<String>> {
    let text = std::str::from_utf8(bytes).ok()?.strip_suffix('\n')?;
    let (body, mac) = text.rsplit_once('\n')?;
    let body = &text[..body.len() + 1];
    let expected = format!("{:016x}", siphash24(secret, body.as_bytes()));
    if !crate::gate::seal::constant_eq(mac.as_bytes(), expected.as_bytes()) {
        return None;
    }
    let mut lines = Vec::new();
    for line in body.strip_prefix(HEADER)?.split_terminator('\n') {
        // A build, a file, an entry and a prepared policy.
        if line.bytes().filter(|&b| b == b'\t').count() != 3 {
            return None;
        }
        lines.push(line.to_string());
    }
    (lines.len() <= MAX_ENTRIES).then_some(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: [u8; 32] = [7; 32];

    fn old_file(dir: &Path, name: &str, text: &str) -> (PathBuf, Identity) {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(SystemTime::now() - std::time::Duration::from_secs(60)).unwrap();
        let mut id = Identity::at(&path).unwrap();
        // The change time cannot be set back; the test ages its copy of the identity instead.
        id.ctime.0 -= 60;
        (path, id)
    }

    #[test]
    fn remembers_settled_files_and_reads_back_only_its_own_sealed_index() {
        let dir = tempfile::tempdir().unwrap();
        let (_, policy) = old_file(dir.path(), "policy.json", "{}");
        let (_, prepared) = old_file(dir.path(), "prepared", "p");
        let mut known = Known::open(dir.path(), "build", &KEY);
        known.remember(Named::File(policy), "k1", prepared);
        known.save();
        let again = Known::open(dir.path(), "build", &KEY);
        assert_eq!(again.lookup(&Named::File(policy)), Some(("k1", prepared)));
        assert_eq!(Known::open(dir.path(), "another build", &KEY).lookup(&Named::File(policy)), None, "another build's entry");
        assert_eq!(Known::open(dir.path(), "build", &[8; 32]).lookup(&Named::File(policy)), None, "sealed under another key");
        let path = dir.path().join("known-policies");
        let good = std::fs::read_to_string(&path).unwrap();
        for bad in [good.replace("\tk1\t", "\tk2\t"), good[..good.len() - 1].to_string(), format!("{good}x\n")] {
            std::fs::write(&path, bad).unwrap();
            assert_eq!(Known::open(dir.path(), "build", &KEY).lookup(&Named::File(policy)), None);
        }
    }

    #[test]
    fn the_newest_lines_are_kept_and_other_builds_lines_as_they_were() {
        let dir = tempfile::tempdir().unwrap();
        let (_, policy) = old_file(dir.path(), "policy.json", "{}");
        let (_, prepared) = old_file(dir.path(), "prepared", "p");
        let (_, other_policy) = old_file(dir.path(), "other.json", "{}");
        for build in (0..MAX_ENTRIES).map(|i| format!("old build {i}")) {
            let mut known = Known::open(dir.path(), &build, &KEY);
            known.remember(Named::File(policy), &build, prepared);
            known.save();
        }
        let path = dir.path().join("known-policies");
        let lines = |path: &Path| std::fs::read_to_string(path).unwrap().lines().map(String::from).collect::<Vec<_>>();
        let before = lines(&path);
        assert_eq!(before.len(), MAX_ENTRIES + 2, "the header, every build's entry and the code");
        let mut known = Known::open(dir.path(), "build", &KEY);
        known.remember(Named::File(other_policy), "k2", prepared);
        known.remember(Named::File(policy), "k1", prepared);
        known.save();
        let after = lines(&path);
        assert_eq!(after.len(), MAX_ENTRIES + 2);
        // This build's two entries, newest first, then the other builds' lines as they were, the
        // oldest two gone.
        assert!(after[1].contains("\tk1\t") && after[2].contains("\tk2\t"), "{after:?}");
        assert_eq!(after[3..MAX_ENTRIES + 1], before[1..MAX_ENTRIES - 1]);
        let again = Known::open(dir.path(), "build", &KEY);
        assert_eq!(
            (again.lookup(&Named::File(policy)), again.lookup(&Named::File(other_policy))),
            (Some(("k1", prepared)), Some(("k2", prepared)))
        );
        let newest_other = Known::open(dir.path(), &format!("old build {}", MAX_ENTRIES - 1), &KEY);
        assert_eq!(newest_other.lookup(&Named::File(policy)).map(|(k, _)| k.to_string()), Some(format!("old build {}", MAX_ENTRIES - 1)));
        assert_eq!(Known::open(dir.path(), "old build 0", &KEY).lookup(&Named::File(policy)), None, "the oldest build's entry went");
        // A file that changed replaces its own line of this build, and no other build's.
        let mut known = Known::open(dir.path(), "build", &KEY);
        let mut changed = policy;
        changed.size += 1;
        known.remember(Named::File(changed), "k3", prepared);
        known.save();
        let again = Known::open(dir.path(), "build", &KEY);
        assert_eq!((again.lookup(&Named::File(policy)), again.lookup(&Named::File(changed))), (None, Some(("k3", prepared))));
        assert_eq!(lines(&path).len(), MAX_ENTRIES + 2);
        assert!(Known::open(dir.path(), &format!("old build {}", MAX_ENTRIES - 1), &KEY).lookup(&Named::File(policy)).is_some());
    }

    /// The built-in policy has a line of its own per build, found by its name whatever the files.
    #[test]
    fn the_built_in_policy_is_known_by_name_under_its_build() {
        let dir = tempfile::tempdir().unwrap();
        let (_, policy) = old_file(dir.path(), "policy.json", "{}");
        let (_, prepared) = old_file(dir.path(), "prepared", "p");
        let mut known = Known::open(dir.path(), "build", &KEY);
        known.remember(Named::BuiltIn, "k1", prepared);
        known.remember(Named::File(policy), "k2", prepared);
        known.save();
        let again = Known::open(dir.path(), "build", &KEY);
        assert_eq!((again.lookup(&Named::BuiltIn), again.lookup(&Named::File(policy))), (Some(("k1", prepared)), Some(("k2", prepared))));
        assert_eq!(Known::open(dir.path(), "another build", &KEY).lookup(&Named::BuiltIn), None);
        // Another entry replaces the built-in's line, and the file's stays.
        let mut known = Known::open(dir.path(), "build", &KEY);
        known.remember(Named::BuiltIn, "k3", prepared);
        known.save();
        let again = Known::open(dir.path(), "build", &KEY);
        assert_eq!((again.lookup(&Named::BuiltIn), again.lookup(&Named::File(policy))), (Some(("k3", prepared)), Some(("k2", prepared))));
        assert_eq!(std::fs::read_to_string(dir.path().join("known-policies")).unwrap().lines().count(), 4);
    }

    #[test]
    fn a_file_changed_in_the_last_seconds_is_not_remembered() {
        let dir = tempfile::tempdir().unwrap();
        let (path, prepared) = old_file(dir.path(), "prepared", "p");
        std::fs::write(dir.path().join("policy.json"), "{}").unwrap();
        let fresh = Identity::at(&dir.path().join("policy.json")).unwrap();
        let mut known = Known::open(dir.path(), "build", &KEY);
        known.remember(Named::File(fresh), "k1", prepared);
        assert_eq!(known.lookup(&Named::File(fresh)), None);
        assert!(read_own(&path, 10).is_some_and(|(b, id)| &b[..] == b"p" && id == Identity::at(&path).unwrap()));
        assert!(read_own(&path, 0).is_none(), "over the limit");
    }
}
