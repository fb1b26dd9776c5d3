//! Where a command runs and the files it reaches, as the analyser and the gate's self-protection
//! both name them (a module of its own, so that neither depends on the other).

use std::path::{Component, Path, PathBuf};

/// Where a command runs.
pub struct Context<'a> {
    /// The call's working directory (the agent's `cwd`, joined with its directory parameter).
    pub cwd: &'a Path,
    pub home: Option<&'a Path>,
    pub repo_top: Option<&'a Path>,
}

/// A file a command changes: an absolute path (normalised, symlinks not followed), or a glob the
/// shell expands in a directory (`rm -rf .claude/*`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Touch {
    pub path: PathBuf,
    /// The last component is a pattern: `*`, `?` and `[…]` match, and `hidden` says whether it
    /// matches names starting with a dot (an unknown name, `$f`, matches anything).
    pub glob: Option<Glob>,
}

/// A file or directory a command reads: an operand or an input it names, or (`recursive`) a
/// directory it reads whole (`cp -r`, `tar`, `grep -r`, `ln -s` to it). A path that is not
/// absolute is a name in a directory the shell computes (`$X/record.key`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    pub touch: Touch,
    pub recursive: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Glob {
    pub hidden: bool,
}

/// `a/./b/../c` → `a/c`, as the kernel goes: a `..` after a component that is a symbolic link
/// goes up from where the link leads (`link/../x`, [`physical`]), and the rest is read off the
/// text (the file may not exist yet). Where a link leads only the process that follows it knows
/// (`/proc/self/cwd/..`), the text alone.
pub fn lexical(path: &Path) -> PathBuf {
    if is_lexical(path) {
        return path.to_path_buf();
    }
    physical_owned(path.to_path_buf(), &on_disk).unwrap_or_else(|| by_components(path))
}

/// [`lexical`] of a path the caller owns: the same path when it is lexical already. A compound
/// command's working directories are joined with each `cd`'s operand, thousands of paths, most
/// of them lexical already.
pub fn lexical_owned(path: PathBuf) -> PathBuf {
    if is_lexical(&path) { path } else { physical_owned(path.clone(), &on_disk).unwrap_or_else(|| by_components(&path)) }
}

/// `a/./b/../c` → `a/c` on the text alone, links or not: what the shell's `cd` does (`cd link/..`
/// stays where it is, as bash's logical `cd` goes).
pub fn logical(path: PathBuf) -> PathBuf {
    if is_lexical(&path) { path } else { by_components(&path) }
}

/// What the last component of an absolute path is, for [`physical_with`].
pub enum LinkAt {
    /// Not a symbolic link (or not there).
    No,
    /// A symbolic link, with its target as it reads.
    To(PathBuf),
    /// A link whose target is the following process's own: its working directory
    /// (`/proc/self/cwd`, `/proc/<pid>/cwd`), an open file (`/proc/self/fd/3`, `/dev/fd/3`, `/dev/stdin`).
    Unknown,
}

/// How many symbolic links one path may pass through (Linux's own limit).
const MAX_LINKS: usize = 40;

/// An absolute path made lexical as the kernel resolves it, with the links on disk: `None` when a
/// `..` follows a link whose target the gate cannot know ([`LinkAt::Unknown`]).
pub fn physical(path: &Path) -> Option<PathBuf> {
    physical_with(path, &on_disk)
}

/// [`physical`] with `link_at` telling what each component before a `..` is (the links a call
/// makes before the file system has them, then the disk's). Only a component that a `..` follows
/// is looked at: a path without `..` costs nothing, and one with costs a look per `..` (the disk's
/// answers kept for the call). A path that is not absolute is made lexical on its text.
pub fn physical_with(path: &Path, link_at: &dyn Fn(&Path) -> LinkAt) -> Option<PathBuf> {
    if below_process_link(path) {
        return None;
    }
    if is_lexical(path) {
        return Some(path.to_path_buf());
    }
    physical_owned(path.to_path_buf(), link_at)
}

/// [`physical_with`] of a path the caller owns, kept as it is when it is lexical already.
pub fn physical_owned(path: PathBuf, link_at: &dyn Fn(&Path) -> LinkAt) -> Option<PathBuf> {
    if below_process_link(&path) {
        return None;
    }
    if is_lexical(&path) {
        return Some(path);
    }
    if !path.is_absolute() {
        return Some(by_components(&path));
    }
    let mut rest: Vec<std::ffi::OsString> = Vec::new();
    push_names(&mut rest, &path);
    let mut out = PathBuf::from("/");
    let mut links = 0;
    while let Some(name) = rest.pop() {
        if name != ".." {
            out.push(name);
            continue;
        }
        if out.parent().is_none() {
            continue;
        }
        match link_at(&out) {
            LinkAt::Unknown => return None,
            LinkAt::To(target) if links < MAX_LINKS => {
                links += 1;
                // Up from where the link leads: its target walked again, then this `..`.
                rest.push("..".into());
                push_names(&mut rest, &target);
                if target.is_absolute() {
                    out = PathBuf::from("/");
                } else {
                    out.pop();
                }
            }
            _ => {
                out.pop();
            }
        }
    }
    Some(out)
}

/// The names of `path` (`..` among them) put on a stack to walk, the first on top.
fn push_names(rest: &mut Vec<std::ffi::OsString>, path: &Path) {
    for c in path.components().rev() {
        match c {
            Component::Normal(n) => rest.push(n.to_owned()),
            Component::ParentDir => rest.push("..".into()),
            _ => {}
        }
    }
}

/// What `path` is on disk (a link's target read once per call and thread), the process's own
/// links under `/proc` and `/dev` told by their names.
pub fn on_disk(path: &Path) -> LinkAt {
    use std::cell::RefCell;
    thread_local! {
        // foldhash, as `location`'s tables (see there why it is safe here).
        static SEEN: RefCell<foldhash::HashMap<std::ffi::OsString, Option<PathBuf>>> = RefCell::default();
    }
    if let Some(known) = process_link(path) {
        return known;
    }
    let target = SEEN.with(|seen| seen.borrow().get(path.as_os_str()).cloned()).unwrap_or_else(|| {
        let target =
            std::fs::symlink_metadata(path).ok().filter(|m| m.file_type().is_symlink()).and_then(|_| std::fs::read_link(path).ok());
        SEEN.with(|seen| seen.borrow_mut().insert(path.as_os_str().to_owned(), target.clone()));
        target
    });
    target.map_or(LinkAt::No, LinkAt::To)
}

/// The links of `/proc/<process>/` and `/dev/` whose target is the following process's: its root
/// (`/` for every process the gate judges), its working directory and its open files (unknown).
fn process_link(path: &Path) -> Option<LinkAt> {
    let names: Vec<&std::ffi::OsStr> = path.components().skip(1).map(Component::as_os_str).collect();
    let names: Vec<&str> = names.iter().map(|n| n.to_str().unwrap_or("")).collect();
    match names.as_slice() {
        ["proc", _, "root"] | ["proc", _, "task", _, "root"] => Some(LinkAt::To(PathBuf::from("/"))),
        ["proc", _, "cwd" | "exe"] | ["proc", _, "task", _, "cwd" | "exe"] => Some(LinkAt::Unknown),
        ["proc", _, "fd" | "map_files", _] | ["proc", _, "task", _, "fd", _] => Some(LinkAt::Unknown),
        ["dev", "fd", _] | ["dev", "stdin" | "stdout" | "stderr"] => Some(LinkAt::Unknown),
        _ => None,
    }
}

/// Whether `path` goes on below a link whose target is the following process's own
/// (`/proc/self/cwd/record.key` is `record.key` in whatever directory the reader runs in, not in
/// the gate's own): where it is only that process knows. Read off the text first, so that
/// another path costs a look at its first bytes.
fn below_process_link(path: &Path) -> bool {
    let bytes = path.as_os_str().as_encoded_bytes();
    if !(bytes.starts_with(b"/proc/") || bytes.starts_with(b"/dev/")) {
        return false;
    }
    let mut prefix = PathBuf::from("/");
    let mut names = path.components().skip(1).peekable();
    while let Some(name) = names.next() {
        prefix.push(name);
        if names.peek().is_some() && matches!(process_link(&prefix), Some(LinkAt::Unknown)) {
            return true;
        }
    }
    false
}

/// Whether `path` is what [`lexical`] makes of it: no `.`, `..` or empty component and no
/// separator at its end (the root alone excepted). Read off the bytes, where the components cost
/// several times more; on Unix, where `/` is the one separator and no path has a prefix.
fn is_lexical(path: &Path) -> bool {
    let bytes = path.as_os_str().as_encoded_bytes();
    let rest = bytes.strip_prefix(b"/").unwrap_or(bytes);
    cfg!(unix) && (rest.is_empty() || rest.split(|&b| b == b'/').all(|c| !matches!(c, b"" | b"." | b"..")))
}

fn by_components(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lexical_path_is_kept_and_any_other_made_so() {
        let cases = "/ a /a/b a/b.c/.d /a/..b/c. . .. ./a a/. a/.. /a/./b /a/../b a//b //a /a/ a/b/ /.. ../a a/... /.git/x";
        for case in std::iter::once("").chain(cases.split(' ')) {
            let path = Path::new(case);
            assert_eq!(lexical(path), by_components(path), "{case:?}");
            assert_eq!(lexical_owned(path.to_path_buf()), by_components(path), "{case:?}");
            assert_eq!(is_lexical(path), by_components(path).as_os_str() == path.as_os_str(), "{case:?}");
        }
    }

    #[test]
    fn a_parent_after_a_link_is_where_the_link_leads() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("home/.gitvow/approvals")).unwrap();
        std::fs::create_dir_all(root.join("repo/src")).unwrap();
        std::os::unix::fs::symlink(root.join("home/.gitvow/approvals"), root.join("repo/a")).unwrap();
        std::os::unix::fs::symlink("../home/.gitvow", root.join("repo/v")).unwrap();
        std::os::unix::fs::symlink("a", root.join("repo/b")).unwrap();
        let cases = [
            ("repo/a/../record.key", "home/.gitvow/record.key"),
            ("repo/src/../a/../record.key", "home/.gitvow/record.key"),
            ("repo/b/../policy.json", "home/.gitvow/policy.json"),
            ("repo/v/../.bashrc", "home/.bashrc"),
            ("repo/a/x/../../record.key", "home/.gitvow/record.key"),
            ("repo/src/../README.md", "repo/README.md"),
            ("repo/new/../x", "repo/x"),
            ("repo/a/x", "repo/a/x"),
        ];
        for (path, want) in cases {
            assert_eq!(lexical(&root.join(path)), root.join(want), "{path}");
        }
        assert_eq!(logical(root.join("repo/a/../x")), root.join("repo/x"));
        assert_eq!(physical(Path::new("/proc/self/cwd/../etc/x")), None);
        assert_eq!(physical(Path::new("/dev/fd/3/../k")), None);
        assert_eq!(physical(Path::new("/proc/self/root/../etc/passwd")), Some(PathBuf::from("/etc/passwd")));
        assert_eq!(physical(Path::new("/proc/self/cwd/x")), None);
        assert_eq!(physical(Path::new("/proc/1234/task/1234/cwd/.gitvow/record.key")), None);
        assert_eq!(physical(Path::new("/dev/fd/3/policy.json")), None);
        assert_eq!(physical(Path::new("/proc/self/cwd")), Some(PathBuf::from("/proc/self/cwd")));
        assert_eq!(physical(Path::new("/proc/self/status")), Some(PathBuf::from("/proc/self/status")));
        let made = |p: &Path| if p == root.join("repo/c") { LinkAt::To(root.join("home/.claude")) } else { on_disk(p) };
        assert_eq!(physical_with(&root.join("repo/c/../.bashrc"), &made), Some(root.join("home/.bashrc")));
    }
}
