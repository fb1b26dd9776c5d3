//! Reading a file that another program may be writing in place.
//!
//! Agents (Claude Code among them) save their settings with an ordinary open-truncate-write. A
//! reader can then see an empty or half-written file, and a write can land in an inode gitvow is
//! about to swap out. So gitvow reads a settings file only while nobody holds it open for writing:
//! it takes a read lease (`F_SETLEASE`, `F_RDLCK`), which Linux grants only when no one has the file
//! open for writing, and which makes any program that opens it for writing (or truncates it) wait
//! until gitvow lets go, while telling gitvow (`F_GETLEASE` then reports a pending break). gitvow
//! holds it for the few milliseconds of a read, or of the last look and the exchange.
//!
//! Where a lease is not available (a file system without leases, another user's file), the read is
//! checked instead: the inode, size and times must agree before and after the read, and an empty
//! file that was changed in the last [`QUIET`] is taken for an agent between its truncate and its
//! write, so gitvow waits for the write.

use super::spot::{Spot, WAIT_LIMIT, identity, stat_at};
use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, ErrorKind, Read};
use std::os::fd::OwnedFd;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime};

/// Longer than the longest pause an agent makes between truncating its file and writing it (200 ms
/// seen), so that an empty file this young is not taken for a finished write.
pub(crate) const QUIET: Duration = Duration::from_millis(300);

/// The largest file gitvow reads.
pub(crate) const MAX_SIZE: u64 = 64 << 20;

const POLL: Duration = Duration::from_millis(5);

/// What identifies one state of a file's content: any write or truncate changes it. (Not the
/// change time: renaming the file, as the exchange does, changes that too.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Stamp {
    dev: u64,
    ino: u64,
    size: u64,
    mtime: (i64, i64),
}

impl Stamp {
    pub(super) fn of(file: &File) -> io::Result<Stamp> {
        let m = file.metadata()?;
        Ok(Stamp { dev: m.dev(), ino: m.ino(), size: m.size(), mtime: (m.mtime(), m.mtime_nsec()) })
    }

    /// Whether `name` in `dir` is the inode this stamp is of.
    pub(super) fn is_at(&self, dir: &OwnedFd, name: &OsStr) -> bool {
        stat_at(dir, name).ok().flatten().is_some_and(|s| identity(&s) == (self.dev, self.ino))
    }

    fn changed_within(&self, window: Duration) -> bool {
        let latest = self.mtime;
        let at = SystemTime::UNIX_EPOCH + Duration::new(latest.0.max(0) as u64, latest.1.clamp(0, 999_999_999) as u32);
        // A time in the future (a skewed clock) is not "just now": waiting would not make it older.
        SystemTime::now().duration_since(at).is_ok_and(|age| age < window)
    }
}

/// An open read-only handle on a file, holding a read lease when the system grants one. Dropping
/// it releases the lease, letting a writer that waited go on.
pub(super) struct Held {
    pub(crate) file: File,
    pub(crate) stamp: Stamp,
    leased: bool,
}

impl Held {
    /// Whether another program has started to open the file for writing (or to truncate it) since
    /// the lease was taken; it is waiting for gitvow to let go. Without a lease: whether the inode
    /// changed since it was read.
    pub(super) fn writer_came(&self) -> bool {
        if self.leased { !super::sys::lease_intact(&self.file) } else { Stamp::of(&self.file).map_or(true, |s| s != self.stamp) }
    }

    /// Whether the inode was written or truncated since it was read (leased or not).
    pub(super) fn inode_changed(&self) -> bool {
        Stamp::of(&self.file).map_or(true, |s| s != self.stamp)
    }
}

impl Held {
    /// Lets go of the lease (a waiting writer goes on) and keeps the file open, with what was
    /// learnt just before.
    pub(super) fn release(self) -> Released {
        let writer_came = self.writer_came();
        let released = Released { file: self.file.try_clone().ok(), stamp: self.stamp, writer_came };
        drop(self);
        released
    }
}

/// A file whose lease was let go, still open, to tell whether it was written since.
pub(super) struct Released {
    file: Option<File>,
    stamp: Stamp,
    /// A writer was waiting on the lease when it was let go.
    pub(crate) writer_came: bool,
}

impl Released {
    /// Whether `name` in `dir` is this very inode: after an exchange, the temporary name must hold
    /// the file gitvow read. Another inode there means a program renamed its own file into place
    /// in between, which must not be deleted.
    pub(super) fn is_at(&self, dir: &OwnedFd, name: &OsStr) -> bool {
        self.stamp.is_at(dir, name)
    }

    /// Whether the inode was written or truncated since it was read.
    pub(super) fn inode_changed(&self) -> bool {
        self.file.as_ref().is_none_or(|f| Stamp::of(f).map_or(true, |s| s != self.stamp))
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        if self.leased {
            super::sys::release_lease(&self.file);
        }
    }
}

/// Opens the file at `spot` once nobody is writing it and reads it whole: the bytes are a state the
/// file was really in, never a half-written one. `Ok(None)`: the file does not exist. The returned
/// handle keeps the lease; drop it as soon as possible.
pub(super) fn read_quiet(spot: &Spot) -> io::Result<Option<(Held, Vec<u8>)>> {
    Ok(look_quiet(spot, None)?.map(|(held, found)| (held, found.into_bytes(&[]))))
}

/// What a careful read found, against the bytes the caller expected.
pub(super) enum Compared {
    /// The file holds exactly the expected bytes (which were not copied).
    Same,
    /// The file holds these bytes.
    Other(Vec<u8>),
}

impl Compared {
    /// The file's bytes, given the bytes that were expected.
    pub(super) fn into_bytes(self, expected: &[u8]) -> Vec<u8> {
        match self {
            Compared::Same => expected.to_vec(),
            Compared::Other(bytes) => bytes,
        }
    }
}

/// [`read_quiet`], compared with `expected` as it reads: a file that still holds what the caller
/// planned on (the last look before a write) is never copied into memory, which for a settings
/// file of megabytes is a copy fewer at the run's peak.
pub(super) fn look_quiet(spot: &Spot, expected: Option<&[u8]>) -> io::Result<Option<(Held, Compared)>> {
    let started = Instant::now();
    loop {
        match try_read(spot, expected)? {
            Attempt::Absent => return Ok(None),
            Attempt::Read(held, found) => return Ok(Some((held, found))),
            Attempt::Busy => {
                if started.elapsed() > WAIT_LIMIT {
                    return Err(io::Error::new(
                        ErrorKind::WouldBlock,
                        format!("another program kept it open for writing for {} s", WAIT_LIMIT.as_secs()),
                    ));
                }
                notice_wait(&spot.named);
                std::thread::sleep(POLL);
            }
        }
    }
}

enum Attempt {
    Absent,
    Busy,
    Read(Held, Compared),
}

fn try_read(spot: &Spot, expected: Option<&[u8]>) -> io::Result<Attempt> {
    let Some(file) = spot.open_read()? else { return Ok(Attempt::Absent) };
    let meta = file.metadata()?;
    if !meta.file_type().is_file() {
        return Err(io::Error::new(ErrorKind::InvalidInput, "it is not a regular file"));
    }
    // Refused before reading: no settings file is this large, and a link to a disk image must not
    // be read whole into memory.
    if meta.len() > MAX_SIZE {
        return Err(io::Error::new(
            ErrorKind::FileTooLarge,
            format!("it holds {} MiB, more than the {} MiB gitvow edits", meta.len() >> 20, MAX_SIZE >> 20),
        ));
    }
    let leased = match take_lease(&file) {
        Ok(()) => true,
        Err(e) if e.raw_os_error() == Some(libc::EAGAIN) => return Ok(Attempt::Busy),
        // No lease on this file system or for this file: check the read instead.
        Err(_) => false,
    };
    let stamp = Stamp::of(&file)?;
    let found = read_comparing(&file, stamp.size as usize, expected.filter(|e| e.len() as u64 == stamp.size))?;
    let held = Held { file, stamp, leased };
    let bytes = match &found {
        Compared::Same => expected.unwrap_or_default(),
        Compared::Other(bytes) => bytes,
    };
    if held.writer_came() || held.inode_changed() || bytes.len() as u64 != stamp.size {
        return Ok(Attempt::Busy);
    }
    // An empty file that just changed: most likely an agent between its truncate and its write
    // (with a lease this cannot be, as the agent still holds the file open for writing then).
    if !leased && bytes.iter().all(u8::is_ascii_whitespace) && stamp.changed_within(QUIET) {
        return Ok(Attempt::Busy);
    }
    Ok(Attempt::Read(held, found))
}

/// Reads `file` of `size` bytes: compared chunk by chunk with `expected` (of that size) when
/// given, and copied only from where it differs on.
fn read_comparing(mut file: &File, size: usize, expected: Option<&[u8]>) -> io::Result<Compared> {
    // One byte more than the size: the end of the file is then found without growing the buffer
    // (which would double it for a large file).
    let whole = |read: [&[u8]; 2], file: &mut &File| -> io::Result<Compared> {
        let mut bytes = Vec::with_capacity(size + 1);
        read.iter().for_each(|part| bytes.extend_from_slice(part));
        file.read_to_end(&mut bytes)?;
        Ok(Compared::Other(bytes))
    };
    let Some(expected) = expected else { return whole([&[], &[]], &mut file) };
    let mut chunk = vec![0; (64 << 10).min(size + 1)];
    let mut at = 0;
    loop {
        let n = match file.read(&mut chunk) {
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if n == 0 {
            // Shorter than its size said: a write under way, which the caller sees in the length.
            return Ok(if at == expected.len() { Compared::Same } else { Compared::Other(expected[..at].to_vec()) });
        }
        if expected.get(at..at + n) != Some(&chunk[..n]) {
            return whole([&expected[..at], &chunk[..n]], &mut file);
        }
        at += n;
    }
}

fn take_lease(file: &File) -> io::Result<()> {
    if super::faults::leases_disabled() {
        return Err(io::Error::from(ErrorKind::Unsupported));
    }
    super::sys::take_lease(file, super::sys::Lease::Read)
}

/// Says once per file and run that gitvow is waiting for another program's write.
fn notice_wait(path: &Path) {
    static NOTICED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    let mut noticed = NOTICED.lock().unwrap_or_else(|e| e.into_inner());
    if !noticed.iter().any(|p| p == path) {
        noticed.push(path.to_path_buf());
        crate::say!("gitvow: {} is being written by another program; waiting for it to finish", crate::paths::display(path));
    }
}

#[cfg(test)]
mod tests {
    use super::{Compared, read_comparing};

    fn read(content: &[u8], expected: Option<&[u8]>) -> Compared {
        let mut file = tempfile::tempfile().unwrap();
        std::io::Write::write_all(&mut file, content).unwrap();
        std::io::Seek::rewind(&mut file).unwrap();
        read_comparing(&file, content.len(), expected).unwrap()
    }

    #[test]
    fn a_file_is_copied_only_from_where_it_differs_from_what_was_expected() {
        let big: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        assert!(matches!(read(&big, Some(&big)), Compared::Same));
        assert!(matches!(read(b"", Some(b"")), Compared::Same));
        for at in [0, 1, 65_535, 65_536, 150_000, 199_999] {
            let mut other = big.clone();
            other[at] ^= 1;
            match read(&other, Some(&big)) {
                Compared::Other(bytes) => assert!(bytes == other, "a change at {at}"),
                Compared::Same => panic!("a change at {at} was taken for the same bytes"),
            }
        }
        match read(&big, None) {
            Compared::Other(bytes) => assert!(bytes == big),
            Compared::Same => panic!("nothing was expected"),
        }
    }
}
