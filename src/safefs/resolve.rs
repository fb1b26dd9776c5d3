//! Resolving a path to a [`Spot`] by the rules of its scope and area.
//!
//! In a repository the handle is reached component by component from the repository's top, and
//! the kernel never follows a symlink on the way: gitvow reads a link itself and follows it only
//! while it stays inside the repository and out of its git directory. A directory swapped for a
//! link during the run therefore never leads anywhere else: at worst the walk meets the link and
//! refuses it. In the git directory (the record and the lock) no link is followed at all.

use super::spot::{DirIdentity, Spot, identity, mode_of, not_a_directory, open_dir_at, refusal, refusal_in_repo, stat_at};
use crate::error::{Error, Result};
use crate::paths::{Repo, Scope, display};
use rustix::fs::{self as rfs, FileType, Mode, OFlags};
use std::collections::VecDeque;
use std::ffi::{OsStr, OsString};
use std::io;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

/// Which area of its [`Scope`](crate::paths::Scope) a file lies in. The two decide together how
/// much of a symlink gitvow follows: in the user's scope, a symlinked file (dotfile managers) is
/// followed in either area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    /// The agents' settings files and the policy. In a repository: its work tree, possibly from a
    /// stranger, where nothing may lead outside its top or into its git directory.
    Config,
    /// gitvow's own state: the install record, its originals and the lock. In a repository: its git
    /// directory, reached only when it is a real git directory, and no link inside it is followed.
    State,
}

/// As many links as the kernel follows in one path lookup.
const MAX_LINKS: usize = 40;

/// How a walk treats links.
enum Rules {
    /// The user's own files: links are followed wherever they lead (dotfile managers link them).
    Follow,
    /// Below an open root, resolved by gitvow without the kernel following any link.
    Beneath {
        root: OwnedFd,
        root_path: PathBuf,
        /// What the root is, for messages: "the repository", "the git directory".
        what: &'static str,
        /// A directory the walk must not enter (the git directory, from the work tree).
        avoid: Option<DirIdentity>,
        /// Whether links inside the root are followed at all.
        links: bool,
    },
}

/// Where writing `path` really writes, after the rules of `area` of `scope`: a link at the file
/// itself is followed (in a repository only while it stays inside), and an existing file must be a
/// regular one (in a repository's work tree, without other hard links).
pub(super) fn locate(path: &Path, scope: &Scope, area: Area) -> Result<Spot> {
    let spot = walk(path, scope, area, true)?;
    if spot.missing.is_empty()
        && let Some(stat) = stat_at(&spot.dir, &spot.name).map_err(|e| Error::io("read", path, &e))?
    {
        if let Some(kind) = crate::paths::special_kind(mode_of(&stat)) {
            return Err(refusal(path, &format!("it is {kind}, not a regular file")));
        }
        if matches!((scope, area), (Scope::Repo(_), Area::Config)) && stat.st_nlink > 1 {
            return Err(refusal_in_repo(path, "it is a hard link (another name shares its content, possibly outside the repository)"));
        }
    }
    Ok(spot)
}

/// The entry `path` names, itself (a link at the end is not followed): for removing a directory.
pub(super) fn locate_entry(path: &Path, scope: &Scope, area: Area) -> Result<Spot> {
    walk(path, scope, area, false)
}

fn walk(path: &Path, scope: &Scope, area: Area, follow_last: bool) -> Result<Spot> {
    match rules(scope, area)? {
        Rules::Follow => walk_following(path, follow_last),
        Rules::Beneath { root, root_path, what, avoid, links } => {
            let rel = path.strip_prefix(&root_path).map_err(|_| refusal_in_repo(path, &format!("it lies outside {what}")))?;
            let mut walk = Beneath { root, root_path, what, avoid, links, named: path, stack: Vec::new(), followed: 0 };
            walk.resolve(rel, follow_last)
        }
    }
}

fn rules(scope: &Scope, area: Area) -> Result<Rules> {
    Ok(match (scope, area) {
        // The machine's files are root's own: links there are root's (`/etc` holds many).
        (Scope::User { .. } | Scope::System { .. }, _) => Rules::Follow,
        (Scope::Repo(Repo { top, git_dir }), Area::Config) => {
            let root = open_dir(top).map_err(|e| Error::io("open the repository", top, &e))?;
            let avoid = rfs::stat(git_dir).ok().map(|s| identity(&s));
            Rules::Beneath { root, root_path: top.clone(), what: "the repository", avoid, links: true }
        }
        (Scope::Repo(Repo { top, git_dir }), Area::State) => {
            let root = open_git_dir(top, git_dir)?;
            Rules::Beneath { root, root_path: git_dir.clone(), what: "the git directory", avoid: None, links: false }
        }
    })
}

/// The git directory, open: `<top>/.git` when it is a directory (not a link), or the directory a
/// `.git` file names, and in both cases only when it is a git directory as git recognises one.
fn open_git_dir(top: &Path, git_dir: &Path) -> Result<OwnedFd> {
    let fd = if git_dir == top.join(".git") {
        let top_fd = open_dir(top).map_err(|e| Error::io("open the repository", top, &e))?;
        open_dir_at(&top_fd, OsStr::new(".git"))
    } else {
        open_dir(git_dir)
    }
    .map_err(|e| match e.raw_os_error() {
        Some(libc::ELOOP | libc::ENOTDIR) => Error::new(format!("refusing to use {}: it is not a directory", display(git_dir)))
            .hint("gitvow keeps its record there; make it the repository's real git directory; nothing was written"),
        _ => Error::io("open the git directory", git_dir, &e),
    })?;
    let is = |name: &str, kind: FileType| {
        stat_at(&fd, OsStr::new(name)).ok().flatten().is_some_and(|s| FileType::from_raw_mode(s.st_mode) == kind)
    };
    if !(is("HEAD", FileType::RegularFile) && (is("objects", FileType::Directory) || is("commondir", FileType::RegularFile))) {
        return Err(Error::new(format!("refusing to use {}: it is not a git directory", display(git_dir)))
            .hint("fix the `gitdir:` line of the .git file (git itself would refuse it); nothing was written"));
    }
    Ok(fd)
}

/// The user's scope: the kernel follows the directories, gitvow the file's own links (a dangling
/// one names where the file will be created).
fn walk_following(path: &Path, follow_last: bool) -> Result<Spot> {
    let target = if follow_last { follow_links(path)? } else { path.to_path_buf() };
    let name = file_name(&target, path)?;
    let mut dir_path = parent_of(&target);
    let mut missing = Vec::new();
    let dir = loop {
        match open_dir(&dir_path) {
            Ok(fd) => break fd,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                missing.push(file_name(&dir_path, path)?);
                dir_path = parent_of(&dir_path);
            }
            Err(e) if e.raw_os_error() == Some(libc::ENOTDIR) => {
                // The outermost entry on the way that is not a directory is the one to move.
                let blocker = dir_path.ancestors().collect::<Vec<_>>().into_iter().rev().find(|p| !p.is_dir()).unwrap_or(&dir_path);
                return Err(not_a_directory(path, blocker));
            }
            Err(e) => return Err(Error::io("open the directory of", path, &e)),
        }
    };
    missing.reverse();
    Ok(Spot { dir, dir_path, missing, name, named: path.to_path_buf() })
}

/// Follows a chain of links at `path` itself, up to the kernel's limit. A dangling final link is
/// fine: the file will be created where it points.
fn follow_links(path: &Path) -> Result<PathBuf> {
    let mut cur = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&cur) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&cur).map_err(|e| Error::io("read the link", &cur, &e))?;
                cur = parent_of(&cur).join(link);
            }
            Ok(_) => return Ok(cur),
            Err(e) if e.kind() == io::ErrorKind::NotFound || e.raw_os_error() == Some(libc::ENOTDIR) => return Ok(cur),
            Err(e) => return Err(Error::io("read", &cur, &e)),
        }
    }
    Err(refusal(path, "it is a symlink loop"))
}

/// A walk below a root, one component at a time.
struct Beneath<'a> {
    root: OwnedFd,
    root_path: PathBuf,
    what: &'static str,
    avoid: Option<DirIdentity>,
    links: bool,
    named: &'a Path,
    /// The directories entered below the root, with their names.
    stack: Vec<(OwnedFd, OsString)>,
    followed: usize,
}

impl Beneath<'_> {
    fn resolve(&mut self, rel: &Path, follow_last: bool) -> Result<Spot> {
        let mut todo: VecDeque<OsString> = components(rel, self.named)?;
        let mut missing: Vec<OsString> = Vec::new();
        while let Some(part) = todo.pop_front() {
            let last = todo.is_empty();
            if part == ".." {
                if missing.pop().is_none() && self.stack.pop().is_none() {
                    return Err(refusal_in_repo(self.named, &format!("its path climbs out of {}", self.what)));
                }
                continue;
            }
            if last && missing.is_empty() && !follow_last {
                return self.spot(missing, part);
            }
            if !missing.is_empty() {
                if last {
                    return self.spot(missing, part);
                }
                missing.push(part);
                continue;
            }
            let here = self.current();
            let stat = stat_at(here, &part).map_err(|e| Error::io("read", self.named, &e))?;
            match stat.map(|s| FileType::from_raw_mode(s.st_mode)) {
                None if last => return self.spot(missing, part),
                None => missing.push(part),
                Some(FileType::Symlink) => {
                    let target = self.read_link(&part, last)?;
                    for part in target.into_iter().rev() {
                        todo.push_front(part);
                    }
                }
                Some(_) if last => return self.spot(missing, part),
                Some(FileType::Directory) => match open_dir_at(here, &part) {
                    Ok(fd) => self.enter(fd, part)?,
                    // Swapped for a link since the look: look again (the loop limit bounds it).
                    Err(e) if matches!(e.raw_os_error(), Some(libc::ELOOP | libc::ENOTDIR)) => {
                        self.count_link()?;
                        todo.push_front(part);
                    }
                    Err(e) => return Err(Error::io("open the directory of", self.named, &e)),
                },
                Some(_) => return Err(not_a_directory(self.named, &self.path_of(&part))),
            }
        }
        Err(refusal_in_repo(self.named, "it names no file"))
    }

    fn current(&self) -> &OwnedFd {
        self.stack.last().map_or(&self.root, |(fd, _)| fd)
    }

    fn enter(&mut self, fd: OwnedFd, name: OsString) -> Result<()> {
        if let Some(avoid) = self.avoid {
            let s = rfs::fstat(&fd).map_err(|e| Error::io("read", self.named, &e.into()))?;
            if identity(&s) == avoid {
                return Err(refusal_in_repo(self.named, "it leads into the repository's git directory"));
            }
        }
        self.stack.push((fd, name));
        Ok(())
    }

    fn count_link(&mut self) -> Result<()> {
        self.followed += 1;
        if self.followed > MAX_LINKS {
            return Err(refusal_in_repo(self.named, "it is a symlink loop, or a link keeps being swapped in"));
        }
        Ok(())
    }

    /// The components a link at `name` stands for, relative to the directory the walk is in (an
    /// absolute link is made relative to the root, and the walk goes back there). `last`: the link
    /// is the file itself, not one of its directories.
    fn read_link(&mut self, name: &OsStr, last: bool) -> Result<VecDeque<OsString>> {
        if !self.links {
            return Err(refusal_in_repo(
                self.named,
                &format!("{} is a symlink, and gitvow follows none in {}", display(&self.path_of(name)), self.what),
            ));
        }
        self.count_link()?;
        let target = rfs::readlinkat(self.current(), name, Vec::new()).map_err(|e| Error::io("read the link", self.named, &e.into()))?;
        let target = PathBuf::from(OsStr::from_bytes(target.as_bytes()));
        if target.is_absolute() {
            let canonical = std::fs::canonicalize(&self.root_path).unwrap_or_else(|_| self.root_path.clone());
            let Ok(rel) = target.strip_prefix(&canonical).or_else(|_| target.strip_prefix(&self.root_path)) else {
                let link = if last {
                    "it is a symlink to".to_string()
                } else {
                    format!("its directory {} leads to", display(&self.path_of(name)))
                };
                return Err(refusal_in_repo(self.named, &format!("{link} {}, outside {}", display(&target), self.what)));
            };
            let rel = rel.to_path_buf();
            self.stack.clear();
            return components(&rel, self.named);
        }
        components(&target, self.named)
    }

    fn path_of(&self, name: &OsStr) -> PathBuf {
        let mut p = self.root_path.clone();
        p.extend(self.stack.iter().map(|(_, n)| n));
        p.push(name);
        p
    }

    fn spot(&mut self, missing: Vec<OsString>, name: OsString) -> Result<Spot> {
        let dir_path = self.path_of(OsStr::new(""));
        let dir_path = dir_path.components().collect::<PathBuf>();
        let dir = match self.stack.pop() {
            Some((fd, _)) => fd,
            // Out of descriptors is the machine's state, said as such, not a crash.
            None => self.root.try_clone().map_err(|e| Error::io("open", &self.root_path, &e))?,
        };
        Ok(Spot { dir, dir_path, missing, name, named: self.named.to_path_buf() })
    }
}

/// The names of a relative path, `..` kept (the walk resolves it), `.` dropped.
fn components(rel: &Path, named: &Path) -> Result<VecDeque<OsString>> {
    rel.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .map(|c| match c {
            Component::Normal(n) => Ok(n.to_os_string()),
            Component::ParentDir => Ok(OsString::from("..")),
            _ => Err(refusal(named, "its path is not relative to its root")),
        })
        .collect()
}

fn open_dir(path: &Path) -> io::Result<OwnedFd> {
    Ok(rfs::open(path, OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC, Mode::empty())?)
}

fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn file_name(path: &Path, named: &Path) -> Result<OsString> {
    match path.file_name() {
        Some(n) => Ok(n.to_os_string()),
        None => Err(refusal(named, "its path climbs out of a directory that does not exist")),
    }
}
