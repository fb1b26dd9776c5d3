//! The form of a file path that path rules see: repository-relative with `/` inside the repository,
//! `~/…` in the home directory, else absolute. So `(^|/)\.claude/settings\.json$` matches the
//! repository's file and the user's `~/.claude/settings.json` alike.
//!
//! A path is seen twice: as written (normalised: `a/./b/../c` → `a/c`) and as resolved (symlinks
//! followed, relative to the call's cwd). An edit of `cfg/policy.json` where `cfg -> .gitvow` is an
//! edit of `.gitvow/policy.json`; a rule that matches either form applies.

use super::place::lexical;
use foldhash::HashMapExt;
use std::borrow::Cow;
use std::ffi::OsStr;
use std::path::{Component, Path, PathBuf};

/// How many symbolic links one path may pass through (Linux's own limit).
const MAX_LINKS: usize = 40;

/// One file as path rules see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The normalised path, in rule form: what messages name.
    pub shown: String,
    /// The resolved path in rule form, when it differs.
    pub resolved: Option<String>,
    /// The absolute normalised path (for the gate's own protection).
    pub absolute: PathBuf,
}

impl Place {
    /// The forms a rule is matched against.
    pub fn forms(&self) -> Vec<String> {
        std::iter::once(self.shown.clone()).chain(self.resolved.clone()).collect()
    }
}

/// `path` as an agent gave it (absolute, relative to `cwd`, or `~/…`), in the form path rules see.
pub fn rule_path(path: &str, cwd: &Path, repo_top: Option<&Path>) -> String {
    form(&absolute(path, cwd), repo_top, crate::paths::home().as_deref())
}

/// Both forms of a path an agent gave.
pub fn place(path: &str, cwd: &Path, repo_top: Option<&Path>) -> Place {
    place_of(&absolute(path, cwd), repo_top)
}

/// Both forms of an absolute path; its last component may be a glob pattern, which is kept.
pub fn place_of(absolute: &Path, repo_top: Option<&Path>) -> Place {
    Places::new(repo_top).of(absolute)
}

/// The repository and the home directory in both forms, for the places of one call.
pub struct Places {
    top: Option<PathBuf>,
    home: Option<PathBuf>,
    real_top: Option<PathBuf>,
    real_home: Option<PathBuf>,
}

impl Places {
    pub fn new(repo_top: Option<&Path>) -> Places {
        let home = crate::paths::home();
        // The repository and the home directory may sit behind links themselves (`/tmp` → `/private/tmp`).
        Places { real_top: repo_top.map(resolve), real_home: home.as_deref().map(resolve), top: repo_top.map(Path::to_path_buf), home }
    }

    pub fn of(&self, absolute: &Path) -> Place {
        // `link/../x` goes up from where the link points: resolve the path as given, not normalised.
        let real = resolve(absolute);
        let absolute = lexical(absolute);
        let shown = form(&absolute, self.top.as_deref(), self.home.as_deref());
        let resolved = form(&real, self.real_top.as_deref(), self.real_home.as_deref());
        Place { resolved: (resolved != shown).then_some(resolved), shown, absolute }
    }
}

fn absolute(path: &str, cwd: &Path) -> PathBuf {
    let home = crate::paths::home();
    let given = Path::new(path);
    if let (Some(rest), Some(home)) = (path.strip_prefix("~/"), home.as_ref()) {
        home.join(rest)
    } else if given.is_absolute() {
        given.to_path_buf()
    } else {
        cwd.join(given)
    }
}

fn form(absolute: &Path, repo_top: Option<&Path>, home: Option<&Path>) -> String {
    let absolute = lexical(absolute);
    if let Some(top) = repo_top
        && let Ok(rel) = absolute.strip_prefix(lexical(top))
    {
        return slashes(rel);
    }
    if let Some(home) = home
        && let Ok(rel) = absolute.strip_prefix(lexical(home))
    {
        return format!("~/{}", slashes(rel));
    }
    slashes(&absolute)
}

/// The path with every symbolic link on the way followed, like `realpath -m`: components that do
/// not exist yet are kept as they are. Links past [`MAX_LINKS`] stop the walk where it is. Each path
/// once per thread, as [`look`] looks: a compound command resolves the same long paths again and
/// again (every `cd` of it makes the working directory deeper).
pub fn resolve(path: &Path) -> PathBuf {
    use std::cell::RefCell;
    thread_local! {
        static RESOLVED: RefCell<ByBytes<PathBuf>> = RefCell::new(ByBytes::with_capacity(CALL_PATHS));
    }
    if let Some(real) = RESOLVED.with(|r| r.borrow().get(path.as_os_str()).cloned()) {
        return real;
    }
    let real = walk(path);
    RESOLVED.with(|r| r.borrow_mut().insert(path.as_os_str().to_owned(), real.clone()));
    real
}

/// The answers [`resolve`] and [`look`] keep for the call, by the path's bytes. A `Path` hashes
/// component by component (one hasher write per name) and a compound command looks up hundreds
/// of long paths: by their bytes the lookups cost a fifth as much. Two spellings of one path (`a/b`
/// and `a//b`) are then two keys, which costs a second look and never changes an answer.
///
/// Hashed by foldhash rather than SipHash: a tenth of the instructions per long path. The keys are
/// paths the call's text names, so its author chooses them; foldhash's seed is random per process
/// and the process lives for one call, so nobody can learn it to make keys collide, and the walk's
/// budget bounds how many keys a call makes anyway.
type ByBytes<T> = foldhash::HashMap<std::ffi::OsString, T>;

/// Room for the paths an ordinary call looks at, so that the tables are not grown step by step.
const CALL_PATHS: usize = 64;

/// [`resolve`]'s walk, one component at a time on one buffer (the components still to walk are a
/// stack, the next on top).
fn walk(path: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    let mut rest: Vec<Cow<'_, OsStr>> = path.components().rev().filter_map(component_name).collect();
    let mut links = 0;
    let mut exists = true;
    while let Some(name) = rest.pop() {
        if *name == *".." {
            out.pop();
            continue;
        }
        out.push(&name);
        if exists && links < MAX_LINKS {
            match look(&out) {
                Entry::Link(target) => {
                    links += 1;
                    out.pop();
                    if target.is_absolute() {
                        out = PathBuf::from("/");
                    }
                    rest.extend(target.components().rev().filter_map(component_name).map(|c| Cow::Owned(c.into_owned())));
                    continue;
                }
                Entry::Other(_) | Entry::Fifo => {}
                Entry::Missing => exists = false,
            }
        }
    }
    out
}

/// What a path names on disk, as [`resolve`] needs it.
#[derive(Clone)]
enum Entry {
    Missing,
    /// A symbolic link, with its target.
    Link(PathBuf),
    /// A named pipe: what is written there is read by whatever holds its other end.
    Fifo,
    /// Anything else that exists; a regular file with more than one name carries its identity.
    Other(Option<FileId>),
}

/// A file's identity on disk: its device and inode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileId {
    pub dev: u64,
    pub ino: u64,
    /// How many names it has.
    pub links: u64,
}

impl FileId {
    /// The identity of a regular file with more than one name, from its metadata.
    pub fn of_linked(meta: &std::fs::Metadata) -> Option<FileId> {
        use std::os::unix::fs::MetadataExt;
        (meta.file_type().is_file() && meta.nlink() > 1).then(|| FileId { dev: meta.dev(), ino: meta.ino(), links: meta.nlink() })
    }
}

/// The identity of the regular file at `real` (a path [`resolve`] gave) when it has other names
/// (hard links): the look [`resolve`] made already answers, so the hot path pays nothing more.
pub fn hard_linked(real: &Path) -> Option<FileId> {
    match look(real) {
        Entry::Other(id) => id,
        _ => None,
    }
}

/// Whether `real` (a path [`resolve`] gave) is a named pipe, from the same look.
pub fn is_fifo(real: &Path) -> bool {
    matches!(look(real), Entry::Fifo)
}

/// `path` looked at without following a link; each path once per thread. One call resolves the same
/// directories many times (the file, the repository, the home, every root the gate protects), and
/// a hook is over in a millisecond: the answers of its first look stand for the whole call.
fn look(path: &Path) -> Entry {
    use std::cell::RefCell;
    thread_local! {
        static SEEN: RefCell<ByBytes<Entry>> = RefCell::new(ByBytes::with_capacity(CALL_PATHS));
    }
    if let Some(entry) = SEEN.with(|seen| seen.borrow().get(path.as_os_str()).cloned()) {
        return entry;
    }
    let entry = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::read_link(path).map_or(Entry::Other(None), Entry::Link),
        Ok(meta) if std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type()) => Entry::Fifo,
        Ok(meta) => Entry::Other(FileId::of_linked(&meta)),
        Err(_) => Entry::Missing,
    };
    SEEN.with(|seen| seen.borrow_mut().insert(path.as_os_str().to_owned(), entry.clone()));
    entry
}

fn component_name(c: Component<'_>) -> Option<Cow<'_, OsStr>> {
    match c {
        Component::Normal(n) => Some(Cow::Borrowed(n)),
        Component::ParentDir => Some(Cow::Borrowed(OsStr::new(".."))),
        _ => None,
    }
}

/// gitvow runs on Unix, where the separator already is `/`.
fn slashes(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let top = Path::new("/work/repo");
        assert_eq!(rule_path("/work/repo/src/a.rs", Path::new("/x"), Some(top)), "src/a.rs");
        assert_eq!(rule_path("../.claude/settings.json", Path::new("/work/repo/sub"), Some(top)), ".claude/settings.json");
        assert_eq!(rule_path("/etc/passwd", Path::new("/work/repo"), Some(top)), "/etc/passwd");
    }

    #[test]
    fn links_are_followed_relative_to_where_they_are() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join(".gitvow")).unwrap();
        std::os::unix::fs::symlink(".gitvow", root.join("cfg")).unwrap();
        std::os::unix::fs::symlink("cfg/../loop", root.join("loop")).unwrap();
        assert_eq!(resolve(&root.join("cfg/policy.json")), root.join(".gitvow/policy.json"));
        assert_eq!(resolve(&root.join("cfg/../cfg/x")), root.join(".gitvow/x"));
        // A loop ends at the limit instead of running forever.
        let _ = resolve(&root.join("loop/x"));
        let p = place_of(&root.join("cfg/policy.json"), Some(&root));
        assert_eq!((p.shown.as_str(), p.resolved.as_deref()), ("cfg/policy.json", Some(".gitvow/policy.json")));
    }
}
