//! Safe file writes: atomic replace, permission bits, locks, and the symlink and hard-link rules.
//!
//! Every write the installer makes goes through here, so that:
//! - a crash leaves the old bytes or the new bytes, never a mix (temporary file in the same
//!   directory, fsync, rename, fsync of the directory);
//! - a concurrent writer is never overwritten: the target is re-read just before the rename and,
//!   when it no longer holds the bytes the plan was computed on, nothing is written and the caller
//!   gets the current bytes to plan again ([`Replaced::Changed`]);
//! - a hostile repository cannot make gitvow write outside itself ([`resolve_target`]).
//!
//! Temporary files are created with std only (no `tempfile`): `tempfile` creates them with mode
//! 0600, and a new settings file must get the ordinary mode (0666 less the umask), which std's
//! `OpenOptions::mode` gives by letting the kernel apply the umask.

use crate::error::{Error, Result};
use crate::paths::display;
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, ErrorKind, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Name prefix of gitvow's temporary files, so a later run can recognise and remove leftovers.
pub const TEMP_PREFIX: &str = ".gitvow-tmp-";

/// Where a target file lives, which decides how much of a symlink gitvow will follow.
#[derive(Clone, Debug)]
pub enum TargetScope {
    /// The user's own files: a symlinked settings file (dotfile managers) is followed.
    User,
    /// A repository, possibly from a stranger: nothing may lead outside `top` or into `git_dir`.
    Repo { top: PathBuf, git_dir: PathBuf },
}

/// The result of a compare-before-write operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replaced {
    /// The file now holds the new bytes (or is gone, for a removal).
    Done,
    /// Nothing was written: the file no longer holds the expected bytes. These are its bytes now
    /// (`None`: it does not exist); plan again on them.
    Changed(Option<Vec<u8>>),
}

// ---------------------------------------------------------------------------------------------
// Target resolution

/// The file that writing `path` really writes, after the rules of `scope`.
///
/// User scope: symlinks are followed to their final target (which may not exist yet).
/// Repository scope: refused, by name, when the target or one of its directories leads outside the
/// repository or into its git directory, or when the target is a hard link. In both scopes an
/// existing target must be a regular file (a FIFO would hang the read, a directory cannot be
/// replaced).
pub fn resolve_target(path: &Path, scope: &TargetScope) -> Result<PathBuf> {
    let resolved = match scope {
        TargetScope::User => follow_links(path)?,
        TargetScope::Repo { top, git_dir } => resolve_in_repo(path, top, git_dir)?,
    };
    match fs::metadata(&resolved) {
        Ok(meta) => {
            if !meta.file_type().is_file() {
                return Err(refusal(path, &format!("it is {}, not a regular file", kind_of(&meta))));
            }
            if matches!(scope, TargetScope::Repo { .. }) && meta.nlink() > 1 {
                return Err(refusal(
                    path,
                    "it is a hard link (another name shares its content, possibly outside the repository)",
                ));
            }
            Ok(resolved)
        }
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(resolved),
        Err(e) if e.raw_os_error() == Some(20) => {
            // ENOTDIR: some directory on the way is a regular file.
            Err(refusal(path, "a directory on its path is a regular file"))
        }
        Err(e) => Err(Error::io("read", path, &e)),
    }
}

/// Follow a chain of symlinks at `path` itself (not its directories, which the OS follows), up to
/// the limit the kernel uses. A dangling final link is fine: the file will be created there.
fn follow_links(path: &Path) -> Result<PathBuf> {
    let mut cur = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&cur) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&cur).map_err(|e| Error::io("read the link", &cur, &e))?;
                cur = match cur.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            Ok(_) => return Ok(cur),
            Err(e) if e.kind() == ErrorKind::NotFound || e.raw_os_error() == Some(20) => return Ok(cur),
            Err(e) => return Err(Error::io("read", &cur, &e)),
        }
    }
    Err(refusal(path, "it is a symlink loop"))
}

fn resolve_in_repo(path: &Path, top: &Path, git_dir: &Path) -> Result<PathBuf> {
    let top = fs::canonicalize(top).map_err(|e| Error::io("open the repository", top, &e))?;
    let git_dir = fs::canonicalize(git_dir).map_err(|e| Error::io("open the git directory", git_dir, &e))?;
    let check = |real: &Path, what: &str| -> Result<()> {
        if real.starts_with(&git_dir) {
            Err(refusal(path, &format!("{what} {} inside the repository's git directory", display(real))))
        } else if !real.starts_with(&top) {
            Err(refusal(path, &format!("{what} {}, outside the repository", display(real))))
        } else {
            Ok(())
        }
    };
    // The directory first: a symlinked `.claude/` leading outside is as bad as a symlinked file.
    if let Some(dir) = path.parent() {
        let real_dir = canonicalize_lenient(dir, path)?;
        if real_dir != dir {
            check(&real_dir, "its directory leads to")?;
        } else {
            check(&real_dir, "it lies in")?;
        }
    }
    let is_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let real = if is_link {
        canonicalize_lenient(&follow_links(path)?, path)?
    } else {
        canonicalize_lenient(path, path)?
    };
    check(&real, if is_link { "it is a symlink to" } else { "it resolves to" })?;
    Ok(real)
}

/// `fs::canonicalize` for a path whose last components may not exist yet: the deepest existing
/// ancestor is canonicalised and the missing rest appended. `..` in the missing part is refused,
/// since it cannot be resolved without the directory existing.
fn canonicalize_lenient(p: &Path, named: &Path) -> Result<PathBuf> {
    let mut missing: Vec<OsString> = Vec::new();
    let mut cur = p.to_path_buf();
    loop {
        match fs::canonicalize(&cur) {
            Ok(real) => {
                let mut out = real;
                for part in missing.iter().rev() {
                    out.push(part);
                }
                return Ok(out);
            }
            Err(e) if e.kind() == ErrorKind::NotFound => {
                // A dangling symlink is "not found" too; following it is the caller's business,
                // so here it is only appended by name.
                let Some(name) = cur.file_name().map(|n| n.to_os_string()) else {
                    return Err(Error::io("resolve", named, &e));
                };
                if cur.components().next_back() == Some(Component::ParentDir) {
                    return Err(refusal(named, "its path climbs out of a directory that does not exist"));
                }
                missing.push(name);
                cur = match cur.parent() {
                    Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
                    _ => PathBuf::from("."),
                };
            }
            Err(e) if e.raw_os_error() == Some(20) => {
                return Err(refusal(named, "a directory on its path is a regular file"));
            }
            Err(e) => return Err(Error::io("resolve", named, &e)),
        }
    }
}

fn refusal(path: &Path, why: &str) -> Error {
    Error::new(format!("refusing to write {}: {why}", display(path)))
        .hint("nothing was written; replace it with a regular file of its own, or install with --user")
}

fn kind_of(meta: &fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_block_device() || t.is_char_device() {
        "a device"
    } else {
        "a special file"
    }
}

// ---------------------------------------------------------------------------------------------
// Reading, replacing, removing

/// The bytes of the file `path` names after the rules of `scope`; `None` when it does not exist.
/// The planner reads through this so it sees exactly what the write will replace.
pub fn read_target(path: &Path, scope: &TargetScope) -> Result<Option<Vec<u8>>> {
    let real = resolve_target(path, scope)?;
    read_optional(&real).map_err(|e| Error::io("read", path, &e))
}

fn read_optional(path: &Path) -> io::Result<Option<Vec<u8>>> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Replace the file `target` with `new`, only if it still holds `expected` (`None`: it must not
/// exist). Atomic; keeps the permission bits and, where allowed, the owner of an existing file;
/// a new file gets 0666 less the umask. The resolution of `target` is checked again right before
/// the rename, so a symlink swapped in since planning is refused. The parent directory must exist
/// (see [`create_parent_dirs`]).
pub fn replace_if_unchanged(
    target: &Path,
    scope: &TargetScope,
    expected: Option<&[u8]>,
    new: &[u8],
) -> Result<Replaced> {
    let real = resolve_target(target, scope)?;
    let current = read_optional(&real).map_err(|e| Error::io("read", target, &e))?;
    if current.as_deref() != expected {
        return Ok(Replaced::Changed(current));
    }
    let dir = parent_dir(&real);
    let old_meta = fs::metadata(&real).ok();
    let temp = TempFile::create(dir, old_meta.as_ref())
        .map_err(|e| Error::io("create a temporary file in", dir, &e))?;
    temp.write_all(new).map_err(|e| Error::io("write", target, &e))?;

    // The last look before the rename: the planner read these bytes a while ago, the agent may
    // have rewritten its settings since, and a symlink may have been swapped in.
    let again = resolve_target(target, scope)?;
    if again != real {
        return Err(Error::new(format!(
            "{} was replaced by a link while gitvow was writing it",
            display(target)
        ))
        .hint("nothing was written; run the command again"));
    }
    let current = read_optional(&real).map_err(|e| Error::io("read", target, &e))?;
    if current.as_deref() != expected {
        return Ok(Replaced::Changed(current));
    }
    if expected.is_none() {
        // A hard link fails when the name exists, so a file created at the last moment by someone
        // else is not overwritten. Some file systems have no hard links: fall back to rename.
        match fs::hard_link(&temp.path, &real) {
            Ok(()) => {}
            Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                let current = read_optional(&real).map_err(|e| Error::io("read", target, &e))?;
                return Ok(Replaced::Changed(current));
            }
            Err(_) => temp.rename_to(&real).map_err(|e| Error::io("write", target, &e))?,
        }
    } else {
        match exchange(&temp.path, &real) {
            Ok(()) => {
                // The temporary name now holds the file just displaced. If another program wrote
                // between the last look and the exchange, its bytes are there: put them back and
                // let the caller plan again, so that its write is never lost.
                let displaced = read_optional(&temp.path).map_err(|e| Error::io("read", target, &e))?;
                if displaced.as_deref() != expected {
                    exchange(&temp.path, &real).map_err(|e| Error::io("write", target, &e))?;
                    sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))?;
                    return Ok(Replaced::Changed(displaced));
                }
            }
            // File systems without an atomic exchange: a plain rename, after the last look above.
            Err(e) if matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP)) => {
                temp.rename_to(&real).map_err(|e| Error::io("write", target, &e))?;
            }
            Err(e) => return Err(Error::io("write", target, &e)),
        }
    }
    sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))?;
    Ok(Replaced::Done)
}

/// Swaps two names atomically (Linux `renameat2` with `RENAME_EXCHANGE`).
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let a = std::ffi::CString::new(a.as_os_str().as_bytes()).map_err(|_| io::Error::from(ErrorKind::InvalidInput))?;
    let b = std::ffi::CString::new(b.as_os_str().as_bytes()).map_err(|_| io::Error::from(ErrorKind::InvalidInput))?;
    // SAFETY: both arguments are valid NUL-terminated paths that outlive the call.
    let rc = unsafe { libc::renameat2(libc::AT_FDCWD, a.as_ptr(), libc::AT_FDCWD, b.as_ptr(), libc::RENAME_EXCHANGE) };
    if rc == 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
}

/// Creates `target`, readable by its owner only, with `bytes`: written whole to a temporary file
/// with mode 0600 and linked into place, so the name never shows partial content and is never
/// readable by others; fails when `target` exists. For gitvow's own files that may hold secrets.
pub fn create_private(target: &Path, bytes: &[u8]) -> Result<()> {
    let dir = parent_dir(target);
    let temp = TempFile::reserve_name(dir);
    let write = || -> io::Result<()> {
        let mut file = OpenOptions::new().write(true).create_new(true).mode(0o600).open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::hard_link(&temp, target)
    };
    let result = write();
    let _ = fs::remove_file(&temp);
    result.map_err(|e| Error::io("write", target, &e))?;
    sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))
}

/// Delete the file `target` (one gitvow owns), only if it still holds `expected`.
pub fn remove_if_unchanged(target: &Path, scope: &TargetScope, expected: &[u8]) -> Result<Replaced> {
    let real = resolve_target(target, scope)?;
    let current = read_optional(&real).map_err(|e| Error::io("read", target, &e))?;
    if current.as_deref() != Some(expected) {
        return Ok(Replaced::Changed(current));
    }
    // Move the file aside first and look at what was moved: a write that slipped in after the
    // comparison goes back in place instead of being deleted.
    let dir = parent_dir(&real);
    let aside = TempFile::reserve_name(dir);
    fs::rename(&real, &aside).map_err(|e| Error::io("remove", target, &e))?;
    let moved = read_optional(&aside).map_err(|e| Error::io("read", target, &e))?;
    if moved.as_deref() != Some(expected) {
        fs::rename(&aside, &real).map_err(|e| Error::io("restore", target, &e))?;
        return Ok(Replaced::Changed(moved));
    }
    fs::remove_file(&aside).map_err(|e| Error::io("remove", target, &e))?;
    sync_dir(dir).map_err(|e| Error::io("flush the directory", dir, &e))?;
    Ok(Replaced::Done)
}

fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Flush a directory entry change (the rename) to disk. Some file systems (network, FUSE) refuse
/// fsync on a directory; the rename has happened by then, so that refusal is not a failed write.
fn sync_dir(dir: &Path) -> io::Result<()> {
    match File::open(dir)?.sync_all() {
        Err(e) if matches!(e.kind(), ErrorKind::InvalidInput | ErrorKind::Unsupported) => Ok(()),
        other => other,
    }
}

/// A temporary file next to the target; removed on drop unless renamed into place.
struct TempFile {
    path: PathBuf,
    file: File,
    done: std::cell::Cell<bool>,
}

impl TempFile {
    /// A fresh temporary name in `dir`. The pid comes first after the prefix:
    /// `remove_stale_temps` reads it back to spare the temporary files of a run that is still alive.
    fn reserve_name(dir: &Path) -> PathBuf {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let nanos =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        dir.join(format!("{TEMP_PREFIX}{}-{n}-{nanos:08x}", std::process::id()))
    }

    fn create(dir: &Path, like: Option<&fs::Metadata>) -> io::Result<TempFile> {
        let mode = like.map_or(0o666, |m| m.permissions().mode() & 0o7777);
        loop {
            let path = TempFile::reserve_name(dir);
            match OpenOptions::new().write(true).create_new(true).mode(mode).open(&path) {
                Ok(file) => {
                    let temp = TempFile { path, file, done: std::cell::Cell::new(false) };
                    if let Some(meta) = like {
                        // The umask may have cleared bits of an existing file's mode: set them
                        // exactly, and keep the owner when running as root for another user.
                        temp.file.set_permissions(fs::Permissions::from_mode(mode))?;
                        let _ = std::os::unix::fs::fchown(&temp.file, Some(meta.uid()), Some(meta.gid()));
                    }
                    return Ok(temp);
                }
                Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
    }

    fn write_all(&self, bytes: &[u8]) -> io::Result<()> {
        let mut f = &self.file;
        f.write_all(bytes)?;
        f.sync_all()
    }

    fn rename_to(&self, target: &Path) -> io::Result<()> {
        fs::rename(&self.path, target)?;
        self.done.set(true);
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        // After a hard link the temporary name is still there and must go too.
        if !self.done.get() {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Remove the temporary files a killed gitvow run left in `dir`, and return them. Files of a run
/// that is still alive are kept (the pid is in the name; on systems without `/proc`, files younger
/// than a minute are kept instead). Call it while holding the [`InstallLock`].
pub fn remove_stale_temps(dir: &Path) -> Result<Vec<PathBuf>> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::io("list", dir, &e)),
    };
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(TEMP_PREFIX)) else { continue };
        // Never follow or delete anything but a plain file, whatever its name.
        let Ok(meta) = entry.path().symlink_metadata() else { continue };
        if !meta.file_type().is_file() {
            continue;
        }
        let pid = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(|pid| writer_may_be_alive(pid, &meta)) {
            continue;
        }
        let path = entry.path();
        fs::remove_file(&path).map_err(|e| Error::io("remove the leftover temporary file", &path, &e))?;
        removed.push(path);
    }
    Ok(removed)
}

fn writer_may_be_alive(pid: u32, meta: &fs::Metadata) -> bool {
    if Path::new("/proc/self").exists() {
        return Path::new(&format!("/proc/{pid}")).exists();
    }
    meta.modified()
        .ok()
        .and_then(|m| m.elapsed().ok())
        .is_none_or(|age| age < std::time::Duration::from_secs(60))
}

/// Create the missing directories above `path`, outermost first, and return the ones created so
/// that uninstall can remove them again. In repository scope the existing part must not lead
/// outside the repository (checked by [`resolve_target`] first).
pub fn create_parent_dirs(path: &Path, scope: &TargetScope) -> Result<Vec<PathBuf>> {
    // The directories of the resolved target: a dangling user-scope link points into them.
    let real = resolve_target(path, scope)?;
    let mut missing = Vec::new();
    let mut cur = real.parent();
    while let Some(dir) = cur {
        if dir.as_os_str().is_empty() || fs::symlink_metadata(dir).is_ok() {
            break;
        }
        missing.push(dir.to_path_buf());
        cur = dir.parent();
    }
    let mut created = Vec::new();
    for dir in missing.into_iter().rev() {
        match fs::create_dir(&dir) {
            Ok(()) => created.push(dir),
            // Someone else made it meanwhile: not ours to remove later.
            Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
            Err(e) => return Err(Error::io("create the directory", &dir, &e)),
        }
    }
    Ok(created)
}

// ---------------------------------------------------------------------------------------------
// Lock

/// An exclusive lock that serialises gitvow runs on one scope; released on drop. The lock file
/// itself is left in place: deleting it would let a third run lock a fresh file while a second
/// still holds the old one.
#[derive(Debug)]
pub struct InstallLock {
    _file: File,
}

impl InstallLock {
    /// `~/.gitvow/install.lock`, given gitvow's home directory.
    pub fn user_path(gitvow_home: &Path) -> PathBuf {
        gitvow_home.join("install.lock")
    }

    /// `<git dir>/gitvow-install.lock`: inside the git directory, never in the tree.
    pub fn repo_path(git_dir: &Path) -> PathBuf {
        git_dir.join("gitvow-install.lock")
    }

    /// Take the lock, waiting for another run to finish; its directory is created when missing.
    /// `on_wait` is called once if the lock is busy, so the caller can say why it is waiting.
    pub fn acquire(path: &Path, on_wait: impl FnOnce()) -> Result<InstallLock> {
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|e| Error::io("create the directory", dir, &e))?;
        }
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o644)
            .open(path)
            .map_err(|e| Error::io("open the lock file", path, &e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                on_wait();
                file.lock().map_err(|e| Error::io("lock", path, &e))?;
            }
            Err(fs::TryLockError::Error(e)) => return Err(Error::io("lock", path, &e)),
        }
        Ok(InstallLock { _file: file })
    }
}

// ---------------------------------------------------------------------------------------------
// Transactions

/// What a transaction does to one file.
#[derive(Clone, Debug)]
pub enum FileOp {
    /// Write these bytes (creating the file and its missing directories when needed).
    Write(Vec<u8>),
    /// Delete the file.
    Delete,
}

/// One file of a transaction: the bytes the plan was computed on (`None`: absent) and what to do.
#[derive(Clone, Debug)]
pub struct TxStep {
    pub path: PathBuf,
    pub expected: Option<Vec<u8>>,
    pub op: FileOp,
}

/// The result of [`Transaction::apply`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TxOutcome {
    /// Every step was applied. `created_dirs`: directories made for new files, outermost first.
    Applied { created_dirs: Vec<PathBuf> },
    /// `path` no longer holds the bytes its step expected (`current`: its bytes now). Nothing of
    /// the transaction remains written: plan again on the new bytes and apply the new plan.
    Changed { path: PathBuf, current: Option<Vec<u8>> },
}

/// An ordered list of file changes applied all or nothing: every target is resolved (and refused
/// when the scope's rules say so) before anything is written; if a step fails or finds its file
/// changed, the steps already applied are undone, each with the same compare-before-write rule so
/// that the undo never clobbers a file someone else changed meanwhile.
#[derive(Clone, Debug)]
pub struct Transaction {
    scope: TargetScope,
    steps: Vec<TxStep>,
}

/// What must be done to undo one applied step.
struct Undo {
    path: PathBuf,
    /// The bytes the step wrote (`None`: it deleted the file).
    written: Option<Vec<u8>>,
    /// The bytes before (`None`: the file did not exist).
    before: Option<Vec<u8>>,
    /// Permission bits of a deleted file, to recreate it as it was.
    mode: Option<u32>,
    created_dirs: Vec<PathBuf>,
}

impl Transaction {
    pub fn new(scope: TargetScope) -> Transaction {
        Transaction { scope, steps: Vec::new() }
    }

    pub fn write(&mut self, path: impl Into<PathBuf>, expected: Option<Vec<u8>>, new: Vec<u8>) -> &mut Self {
        self.steps.push(TxStep { path: path.into(), expected, op: FileOp::Write(new) });
        self
    }

    pub fn delete(&mut self, path: impl Into<PathBuf>, expected: Vec<u8>) -> &mut Self {
        self.steps.push(TxStep { path: path.into(), expected: Some(expected), op: FileOp::Delete });
        self
    }

    /// Apply every step in order. An error names the failing file; the files already written by
    /// this call are restored first (an error that also names files which could not be restored,
    /// when that happens).
    pub fn apply(&self) -> Result<TxOutcome> {
        self.apply_with(&mut |_| Ok(()))
    }

    /// `before_step` runs before each step's write; tests use it to inject faults between planning
    /// and writing.
    fn apply_with(&self, before_step: &mut dyn FnMut(usize) -> Result<()>) -> Result<TxOutcome> {
        // Refusals and changed files are found before anything is written.
        for step in &self.steps {
            let current = read_target(&step.path, &self.scope)?;
            if current != step.expected {
                return Ok(TxOutcome::Changed { path: step.path.clone(), current });
            }
        }
        let mut done: Vec<Undo> = Vec::new();
        for (i, step) in self.steps.iter().enumerate() {
            let result = before_step(i).and_then(|()| self.apply_step(step));
            match result {
                Ok(Ok(undo)) => done.push(undo),
                Ok(Err(current)) => {
                    self.undo(done)?;
                    return Ok(TxOutcome::Changed { path: step.path.clone(), current });
                }
                Err(err) => {
                    return Err(match self.undo(done) {
                        Ok(()) => err,
                        Err(undo_err) => Error::new(format!("{}; {}", err.message, undo_err.message))
                            .hint("check the files named above by hand: they hold what this run wrote"),
                    });
                }
            }
        }
        let created_dirs = done.into_iter().flat_map(|u| u.created_dirs).collect();
        Ok(TxOutcome::Applied { created_dirs })
    }

    /// `Ok(Err(current))`: the file changed since the plan.
    fn apply_step(&self, step: &TxStep) -> Result<std::result::Result<Undo, Option<Vec<u8>>>> {
        let expected = step.expected.as_deref();
        let (outcome, written, mode, created_dirs) = match &step.op {
            FileOp::Write(new) => {
                let created = if expected.is_none() {
                    create_parent_dirs(&step.path, &self.scope)?
                } else {
                    Vec::new()
                };
                match replace_if_unchanged(&step.path, &self.scope, expected, new) {
                    Ok(outcome) => (outcome, Some(new.clone()), None, created),
                    Err(err) => {
                        remove_empty_dirs(&created);
                        return Err(err);
                    }
                }
            }
            FileOp::Delete => {
                let mode = resolve_target(&step.path, &self.scope)
                    .ok()
                    .and_then(|real| fs::metadata(real).ok())
                    .map(|m| m.permissions().mode() & 0o7777);
                let outcome = remove_if_unchanged(&step.path, &self.scope, expected.unwrap_or_default())?;
                (outcome, None, mode, Vec::new())
            }
        };
        Ok(match outcome {
            Replaced::Done => Ok(Undo {
                path: step.path.clone(),
                written,
                before: step.expected.clone(),
                mode,
                created_dirs,
            }),
            Replaced::Changed(current) => {
                remove_empty_dirs(&created_dirs);
                Err(current)
            }
        })
    }

    /// Undo applied steps, last first. Files someone changed after gitvow wrote them are left
    /// alone and named in the error.
    fn undo(&self, done: Vec<Undo>) -> Result<()> {
        let mut not_restored = Vec::new();
        for u in done.into_iter().rev() {
            let result = match (&u.before, &u.written) {
                (Some(before), None) => restore_deleted(&u.path, &self.scope, before, u.mode),
                (Some(before), Some(written)) => {
                    replace_if_unchanged(&u.path, &self.scope, Some(written), before)
                }
                (None, Some(written)) => remove_if_unchanged(&u.path, &self.scope, written),
                (None, None) => Ok(Replaced::Done),
            };
            match result {
                Ok(Replaced::Done) => remove_empty_dirs(&u.created_dirs),
                Ok(Replaced::Changed(_)) | Err(_) => not_restored.push(display(&u.path)),
            }
        }
        if not_restored.is_empty() {
            Ok(())
        } else {
            Err(Error::new(format!(
                "could not restore {} (changed meanwhile or unwritable)",
                not_restored.join(", ")
            ))
            .hint("check the files named above by hand: they hold what this run wrote"))
        }
    }
}

fn restore_deleted(path: &Path, scope: &TargetScope, bytes: &[u8], mode: Option<u32>) -> Result<Replaced> {
    let outcome = replace_if_unchanged(path, scope, None, bytes)?;
    if let (Replaced::Done, Some(mode)) = (&outcome, mode) {
        let real = resolve_target(path, scope)?;
        fs::set_permissions(&real, fs::Permissions::from_mode(mode))
            .map_err(|e| Error::io("restore the mode of", path, &e))?;
    }
    Ok(outcome)
}

/// Remove directories gitvow created (as returned by [`create_parent_dirs`], outermost first),
/// innermost first, stopping at the first one that is not empty: uninstall and rollback use it.
pub fn remove_empty_dirs(created: &[PathBuf]) {
    for dir in created.iter().rev() {
        if fs::remove_dir(dir).is_err() {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn write(path: &Path, bytes: &str) {
        fs::write(path, bytes).unwrap();
    }

    fn read(path: &Path) -> String {
        fs::read_to_string(path).unwrap()
    }

    /// A temporary repository `top` with a `.git` directory, and a directory outside it.
    struct Fixture {
        _tmp: tempfile::TempDir,
        top: PathBuf,
        outside: PathBuf,
        scope: TargetScope,
    }

    fn repo() -> Fixture {
        let tmp = tempfile::tempdir().unwrap();
        let top = tmp.path().join("repo");
        let outside = tmp.path().join("outside");
        fs::create_dir_all(top.join(".git")).unwrap();
        fs::create_dir_all(top.join(".claude")).unwrap();
        fs::create_dir_all(&outside).unwrap();
        let scope = TargetScope::Repo { top: top.clone(), git_dir: top.join(".git") };
        Fixture { _tmp: tmp, top, outside, scope }
    }

    fn refused(path: &Path, scope: &TargetScope, why: &str) {
        let err = replace_if_unchanged(path, scope, None, b"{}").unwrap_err();
        assert!(err.message.starts_with("refusing to write"), "{}", err.message);
        assert!(err.message.contains(why), "{} should say {why}", err.message);
    }

    #[test]
    fn replace_keeps_permission_bits() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("settings.json");
        write(&f, "old");
        fs::set_permissions(&f, fs::Permissions::from_mode(0o600)).unwrap();
        let out = replace_if_unchanged(&f, &TargetScope::User, Some(b"old"), b"new").unwrap();
        assert_eq!(out, Replaced::Done);
        assert_eq!(read(&f), "new");
        assert_eq!(fs::metadata(&f).unwrap().permissions().mode() & 0o7777, 0o600);
    }

    #[test]
    fn new_file_gets_the_ordinary_mode() {
        let dir = tempfile::tempdir().unwrap();
        let reference = dir.path().join("reference");
        File::create(&reference).unwrap();
        let f = dir.path().join("new.json");
        assert_eq!(replace_if_unchanged(&f, &TargetScope::User, None, b"{}").unwrap(), Replaced::Done);
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode(&f), mode(&reference));
        assert_eq!(read(&f), "{}");
    }

    #[test]
    fn user_scope_follows_a_symlinked_settings_file() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("dotfiles-settings.json");
        let link = dir.path().join("settings.json");
        write(&real, "old");
        symlink("dotfiles-settings.json", &link).unwrap();
        assert_eq!(read_target(&link, &TargetScope::User).unwrap().as_deref(), Some(&b"old"[..]));
        replace_if_unchanged(&link, &TargetScope::User, Some(b"old"), b"new").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
        assert_eq!(read(&real), "new");
    }

    #[test]
    fn user_scope_dangling_link_creates_its_target_and_directories() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("settings.json");
        let real = dir.path().join("dotfiles/claude/settings.json");
        symlink(&real, &link).unwrap();
        let created = create_parent_dirs(&link, &TargetScope::User).unwrap();
        assert_eq!(created, vec![dir.path().join("dotfiles"), dir.path().join("dotfiles/claude")]);
        replace_if_unchanged(&link, &TargetScope::User, None, b"{}").unwrap();
        assert_eq!(read(&real), "{}");
    }

    #[test]
    fn repo_scope_refuses_a_symlink_outside() {
        let fx = repo();
        let victim = fx.outside.join("bashrc");
        write(&victim, "export A=1\n");
        let target = fx.top.join(".claude/settings.json");
        symlink(&victim, &target).unwrap();
        refused(&target, &fx.scope, "outside the repository");
        assert_eq!(read(&victim), "export A=1\n");
    }

    #[test]
    fn repo_scope_refuses_a_symlink_into_the_git_directory() {
        let fx = repo();
        write(&fx.top.join(".git/config"), "[core]\n");
        let target = fx.top.join(".claude/settings.json");
        symlink("../.git/config", &target).unwrap();
        refused(&target, &fx.scope, "git directory");
        assert_eq!(read(&fx.top.join(".git/config")), "[core]\n");
    }

    #[test]
    fn repo_scope_allows_a_symlink_inside_the_repository() {
        let fx = repo();
        write(&fx.top.join("shared.json"), "old");
        let target = fx.top.join(".claude/settings.json");
        symlink("../shared.json", &target).unwrap();
        replace_if_unchanged(&target, &fx.scope, Some(b"old"), b"new").unwrap();
        assert_eq!(read(&fx.top.join("shared.json")), "new");
    }

    #[test]
    fn repo_scope_refuses_a_symlinked_directory_outside() {
        let fx = repo();
        fs::remove_dir(fx.top.join(".claude")).unwrap();
        symlink(&fx.outside, fx.top.join(".claude")).unwrap();
        refused(&fx.top.join(".claude/settings.json"), &fx.scope, "its directory leads to");
        assert!(!fx.outside.join("settings.json").exists());
    }

    #[test]
    fn repo_scope_refuses_a_hard_link() {
        let fx = repo();
        let victim = fx.outside.join("other.json");
        write(&victim, "theirs");
        let target = fx.top.join(".claude/settings.json");
        fs::hard_link(&victim, &target).unwrap();
        let err = replace_if_unchanged(&target, &fx.scope, Some(b"theirs"), b"ours").unwrap_err();
        assert!(err.message.contains("hard link"), "{}", err.message);
        assert_eq!(read(&victim), "theirs");
    }

    #[test]
    fn repo_scope_refuses_a_directory_and_a_fifo() {
        let fx = repo();
        let dir_target = fx.top.join(".claude/settings.json");
        fs::create_dir(&dir_target).unwrap();
        refused(&dir_target, &fx.scope, "a directory, not a regular file");
        let fifo = fx.top.join(".claude/settings.local.json");
        let status = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(status.success());
        refused(&fifo, &fx.scope, "a FIFO");
        // The FIFO must be refused before anyone tries to read it (which would hang).
        assert!(read_target(&fifo, &TargetScope::User).is_err());
    }

    #[test]
    fn repo_scope_refuses_a_path_under_a_regular_file() {
        let fx = repo();
        write(&fx.top.join(".codex"), "not a directory");
        refused(&fx.top.join(".codex/hooks.json"), &fx.scope, "regular file");
    }

    #[test]
    fn a_changed_file_is_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("settings.json");
        write(&f, "agent rewrote this");
        let out = replace_if_unchanged(&f, &TargetScope::User, Some(b"planned on this"), b"new").unwrap();
        assert_eq!(out, Replaced::Changed(Some(b"agent rewrote this".to_vec())));
        assert_eq!(read(&f), "agent rewrote this");
        // "Must not exist" but it does.
        let out = replace_if_unchanged(&f, &TargetScope::User, None, b"new").unwrap();
        assert_eq!(out, Replaced::Changed(Some(b"agent rewrote this".to_vec())));
        // Deletion is compared the same way; a missing file is reported as such.
        let out = remove_if_unchanged(&f, &TargetScope::User, b"planned on this").unwrap();
        assert_eq!(out, Replaced::Changed(Some(b"agent rewrote this".to_vec())));
        assert_eq!(
            remove_if_unchanged(&f, &TargetScope::User, b"agent rewrote this").unwrap(),
            Replaced::Done
        );
        assert!(!f.exists());
        let out = replace_if_unchanged(&f, &TargetScope::User, Some(b"x"), b"new").unwrap();
        assert_eq!(out, Replaced::Changed(None));
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0, "no temporary file left");
    }

    /// Three files: `a` and `b` exist, `c` is new under a missing directory.
    fn three_files(fx: &Fixture) -> (Transaction, [PathBuf; 3]) {
        let a = fx.top.join(".claude/settings.json");
        let b = fx.top.join(".claude/other.json");
        let c = fx.top.join(".codex/hooks.json");
        write(&a, "a-old");
        write(&b, "b-old");
        let mut tx = Transaction::new(fx.scope.clone());
        tx.write(&a, Some(b"a-old".to_vec()), b"a-new".to_vec())
            .write(&b, Some(b"b-old".to_vec()), b"b-new".to_vec())
            .write(&c, None, b"c-new".to_vec());
        (tx, [a, b, c])
    }

    #[test]
    fn transaction_applies_every_step() {
        let fx = repo();
        let (tx, [a, b, c]) = three_files(&fx);
        let out = tx.apply().unwrap();
        assert_eq!(
            out,
            TxOutcome::Applied { created_dirs: vec![fs::canonicalize(&fx.top).unwrap().join(".codex")] }
        );
        assert_eq!((read(&a), read(&b), read(&c)), ("a-new".into(), "b-new".into(), "c-new".into()));
    }

    #[test]
    fn transaction_rolls_back_when_the_second_of_three_fails() {
        let fx = repo();
        let (tx, [a, b, c]) = three_files(&fx);
        // Between planning and writing, a directory appears where the 2nd file was.
        let err = tx
            .apply_with(&mut |i| {
                if i == 1 {
                    fs::remove_file(&b).unwrap();
                    fs::create_dir(&b).unwrap();
                }
                Ok(())
            })
            .unwrap_err();
        assert!(err.message.contains("other.json") && err.message.contains("directory"), "{}", err.message);
        assert_eq!(read(&a), "a-old", "the first file is restored");
        assert!(!c.exists() && !fx.top.join(".codex").exists(), "the third is never written");
    }

    #[test]
    fn transaction_refuses_everything_before_writing_anything() {
        let fx = repo();
        let (mut tx, [a, _, _]) = three_files(&fx);
        write(&fx.top.join(".factory"), "a regular file");
        tx.write(fx.top.join(".factory/hooks.json"), None, b"{}".to_vec());
        assert!(tx.apply().is_err());
        assert_eq!(read(&a), "a-old");
    }

    #[test]
    fn transaction_reports_a_file_changed_since_the_plan_and_undoes_the_rest() {
        let fx = repo();
        let (tx, [a, b, c]) = three_files(&fx);
        let out = tx
            .apply_with(&mut |i| {
                if i == 1 {
                    write(&b, "b-agent");
                }
                Ok(())
            })
            .unwrap();
        assert_eq!(out, TxOutcome::Changed { path: b.clone(), current: Some(b"b-agent".to_vec()) });
        assert_eq!((read(&a), read(&b)), ("a-old".into(), "b-agent".into()));
        assert!(!c.exists());
        // Changed before anything is written: found by the first pass.
        write(&a, "a-agent");
        let out = tx.apply().unwrap();
        assert_eq!(out, TxOutcome::Changed { path: a.clone(), current: Some(b"a-agent".to_vec()) });
    }

    #[test]
    fn a_symlink_swapped_in_after_planning_is_refused() {
        let fx = repo();
        let (tx, [a, b, _]) = three_files(&fx);
        let victim = fx.outside.join("bashrc");
        write(&victim, "b-old");
        let err = tx
            .apply_with(&mut |i| {
                if i == 1 {
                    fs::remove_file(&b).unwrap();
                    symlink(&victim, &b).unwrap();
                }
                Ok(())
            })
            .unwrap_err();
        assert!(err.message.contains("other.json") && err.message.contains("outside"), "{}", err.message);
        assert_eq!(read(&victim), "b-old", "nothing outside the repository changed");
        assert_eq!(read(&a), "a-old");
    }

    #[test]
    fn transaction_undoes_a_deletion_with_its_mode() {
        let fx = repo();
        let owned = fx.top.join(".claude/gitvow.json");
        write(&owned, "ours");
        fs::set_permissions(&owned, fs::Permissions::from_mode(0o640)).unwrap();
        let dir_target = fx.top.join(".claude/blocked.json");
        let mut tx = Transaction::new(fx.scope.clone());
        tx.delete(&owned, b"ours".to_vec()).write(&dir_target, None, b"{}".to_vec());
        let err = tx
            .apply_with(&mut |i| {
                if i == 1 {
                    fs::create_dir(&dir_target).unwrap();
                }
                Ok(())
            })
            .unwrap_err();
        assert!(err.message.contains("blocked.json"), "{}", err.message);
        assert_eq!(read(&owned), "ours");
        assert_eq!(fs::metadata(&owned).unwrap().permissions().mode() & 0o7777, 0o640);
    }

    #[test]
    fn stale_temporary_files_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        // No pid can be this large (Linux caps pids at 2^22).
        let stale = dir.path().join(format!("{TEMP_PREFIX}999999999-0-0"));
        let live = dir.path().join(format!("{TEMP_PREFIX}{}-0-0", std::process::id()));
        let other = dir.path().join("settings.json");
        for f in [&stale, &live, &other] {
            write(f, "x");
        }
        let removed = remove_stale_temps(dir.path()).unwrap();
        assert_eq!(removed, vec![stale.clone()]);
        assert!(!stale.exists() && live.exists() && other.exists());
        assert!(remove_stale_temps(&dir.path().join("missing")).unwrap().is_empty());
    }

    #[test]
    fn the_lock_serialises_runs() {
        let dir = tempfile::tempdir().unwrap();
        let path = InstallLock::repo_path(dir.path());
        let first = InstallLock::acquire(&path, || panic!("the first run must not wait")).unwrap();
        let waited = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = waited.clone();
        let p = path.clone();
        let second = std::thread::spawn(move || {
            let _lock = InstallLock::acquire(&p, || flag.store(true, Ordering::SeqCst)).unwrap();
        });
        std::thread::sleep(std::time::Duration::from_millis(200));
        drop(first);
        second.join().unwrap();
        assert!(waited.load(Ordering::SeqCst));
    }
}
