//! Which file writing a path really writes, after the rules of its scope.

use super::TargetScope;
use crate::error::{Error, Result};
use crate::paths::display;
use std::ffi::OsString;
use std::fs;
use std::io::ErrorKind;
use std::os::unix::fs::MetadataExt;
use std::path::{Component, Path, PathBuf};

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
                return Err(refusal(path, "it is a hard link (another name shares its content, possibly outside the repository)"));
            }
            Ok(resolved)
        }
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(resolved),
        Err(e) if e.raw_os_error() == Some(libc::ENOTDIR) => {
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
            Err(e) if e.kind() == ErrorKind::NotFound || e.raw_os_error() == Some(libc::ENOTDIR) => return Ok(cur),
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
    let real = if is_link { canonicalize_lenient(&follow_links(path)?, path)? } else { canonicalize_lenient(path, path)? };
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
            Err(e) if e.raw_os_error() == Some(libc::ENOTDIR) => {
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
    crate::paths::special_kind(meta).unwrap_or("a regular file")
}
