//! Whether a file of the working tree holds a change that writing it back from the index would
//! throw away (`git restore FILE`, `git checkout -- FILE`). git itself leaves a file alone whose
//! stat data match its index entry and were recorded before the index was written (not "racily
//! clean"), so the same test, read from the index on disk (bounded, versions 2 and 3, SHA-1),
//! tells that the command loses nothing. What cannot be read or told is taken as changed.

use crate::gate::command::Dirs;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// A larger index than any the hook reads in its time: not read.
const MAX_INDEX: u64 = 32 << 20;

/// Bytes of an index entry before its name (stat data, mode, size, object name, flags).
const FIXED: usize = 62;

/// Whether the file `name` (as the call writes it, relative to each directory git may run in)
/// matches its index entry in every such directory: a regular file, tracked, not in conflict,
/// not marked assume-unchanged, skip-worktree or intent-to-add.
pub fn unchanged(name: &str, dirs: &Dirs) -> bool {
    let Dirs::Known(ds) = dirs else { return false };
    !ds.is_empty() && ds.iter().all(|d| unchanged_at(&crate::gate::place::lexical(&d.join(name))))
}

fn unchanged_at(path: &Path) -> bool {
    let Some(repo) = path.parent().and_then(crate::paths::find_repo) else { return false };
    let Some(rel) = path.strip_prefix(&repo.top).ok().and_then(Path::to_str).filter(|r| !r.is_empty()) else { return false };
    let index = repo.git_dir.join("index");
    let (Ok(file), Ok(written)) = (path.symlink_metadata(), index.symlink_metadata()) else { return false };
    // Another object format than SHA-1 has longer names in each entry: not read here.
    let config = crate::gate::regular_file::read_text(&crate::gate::target::common_dir(&repo.git_dir).join("config"), "config", 1 << 20);
    if !config.is_ok_and(|c| c.is_some_and(|c| !c.to_ascii_lowercase().contains("objectformat"))) {
        return false;
    }
    let Ok(Some(bytes)) = crate::gate::regular_file::read_bounded(&index, "the git index", MAX_INDEX) else { return false };
    file.is_file() && entry(&bytes, rel).is_some_and(|e| e.matches(&file) && e.mtime < (written.mtime(), written.mtime_nsec()))
}

/// The stat data git keeps for a file, as `lstat` gives them (truncated to 32 bits as git does).
#[derive(Debug, PartialEq)]
struct Entry {
    ctime: (i64, i64),
    mtime: (i64, i64),
    ino: u32,
    mode: u32,
    uid: u32,
    gid: u32,
    size: u32,
}

impl Entry {
    /// Whether git finds the file as its entry left it: a regular file of the same executable
    /// bit, times, inode, owner and size.
    fn matches(&self, m: &std::fs::Metadata) -> bool {
        let exec = |mode: u32| mode & 0o111 != 0;
        self.mode & 0o170000 == 0o100000
            && exec(self.mode) == exec(m.mode())
            && self.ctime == (m.ctime(), m.ctime_nsec())
            && self.mtime == (m.mtime(), m.mtime_nsec())
            && self.ino == m.ino() as u32
            && (self.uid, self.gid) == (m.uid(), m.gid())
            && self.size == m.size() as u32
    }
}

/// The one entry of `rel` at stage 0 in the index `bytes`; `None` when there is none, more than
/// one, one in conflict or marked so git does not look at the file, or the index is of a form not
/// read here (version 4's compressed names, a split or sparse index whose entries are elsewhere).
fn entry(bytes: &[u8], rel: &str) -> Option<Entry> {
    let be = |at: usize| bytes.get(at..at + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
    if bytes.get(..4) != Some(b"DIRC") || !(2..=3).contains(&be(4)?) {
        return None;
    }
    let mut found = None;
    let mut at = 12;
    for _ in 0..be(8)? {
        let flags = u16::from_be_bytes([*bytes.get(at + 60)?, *bytes.get(at + 61)?]);
        let extended = flags & 0x4000 != 0;
        let name_at = at + FIXED + if extended { 2 } else { 0 };
        let len = memchr::memchr(0, bytes.get(name_at..)?)?;
        if &bytes[name_at..name_at + len] == rel.as_bytes() {
            let hidden = flags & 0xb000 != 0 || (extended && u16::from_be_bytes([bytes[at + 62], bytes[at + 63]]) & 0x6000 != 0);
            if found.is_some() || hidden {
                return None;
            }
            let time = |k: usize| Some((i64::from(be(at + k)?), i64::from(be(at + k + 4)?)));
            found = Some(Entry {
                ctime: time(0)?,
                mtime: time(8)?,
                ino: be(at + 20)?,
                mode: be(at + 24)?,
                uid: be(at + 28)?,
                gid: be(at + 32)?,
                size: be(at + 36)?,
            });
        }
        // Each entry is padded with one to eight NULs to a multiple of eight bytes.
        at += (name_at - at + len + 8) & !7;
    }
    // Extensions up to the closing checksum: a split index (`link`) or a sparse one (`sdir`)
    // keeps entries elsewhere.
    let end = bytes.len().checked_sub(20)?;
    while at + 8 <= end {
        if matches!(&bytes[at..at + 4], b"link" | b"sdir") {
            return None;
        }
        at = at.checked_add(8 + be(at + 4)? as usize)?;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::entry;

    /// An index of `entries` (name, flags), each with stat data counting up from 1.
    fn index(version: u32, entries: &[(&str, u16)]) -> Vec<u8> {
        let mut b = b"DIRC".to_vec();
        b.extend(version.to_be_bytes());
        b.extend((entries.len() as u32).to_be_bytes());
        for (name, flags) in entries {
            let start = b.len();
            for k in 0..10u32 {
                b.extend(if k == 6 { 0o100644 } else { k + 1 }.to_be_bytes());
            }
            b.extend([0u8; 20]);
            b.extend((flags | name.len() as u16).to_be_bytes());
            if flags & 0x4000 != 0 {
                b.extend(0u16.to_be_bytes());
            }
            b.extend(name.as_bytes());
            b.extend(std::iter::repeat_n(0, 8 - (b.len() - start) % 8));
        }
        b.extend([0u8; 20]);
        b
    }

    #[test]
    fn an_entry_is_found_only_where_git_would_look_at_the_file() {
        let plain = index(2, &[("a.txt", 0), ("docs/readme.txt", 0), ("z", 0)]);
        let e = entry(&plain, "docs/readme.txt").unwrap();
        assert_eq!((e.ctime, e.mtime, e.ino, e.mode, e.size), ((1, 2), (3, 4), 6, 0o100644, 10));
        assert!(entry(&plain, "docs").is_none());
        assert!(entry(&plain, "z").is_some());
        // In conflict, assume-unchanged, version 4, cut short.
        assert!(entry(&index(2, &[("a", 0x1000), ("a", 0x2000)]), "a").is_none());
        assert!(entry(&index(2, &[("a", 0x8000)]), "a").is_none());
        assert!(entry(&index(4, &[("a", 0)]), "a").is_none());
        assert!(entry(&plain[..40], "a.txt").is_none());
        // Version 3's extended flags (skip-worktree, intent-to-add) are read and stepped over.
        let extended = index(3, &[("a", 0x4000), ("b", 0)]);
        assert!(entry(&extended, "a").is_some() && entry(&extended, "b").is_some());
        let mut split = plain.clone();
        split.splice(plain.len() - 20..plain.len() - 20, *b"link\0\0\0\0");
        assert!(entry(&split, "a.txt").is_none());
    }
}
