//! The gate's protection of itself, on top of any policy: an agent must not switch its own gate off
//! by removing, moving, replacing or changing the mode of the gitvow executable, an agent's
//! configuration directory, gitvow's own directory or a git hook directory, nor of a directory
//! that holds one of them (`rm -rf ~/.config` takes `~/.config/opencode` with it). Path rules judge
//! the files inside those directories; this judges the directories and the executable as wholes,
//! which no regular expression over one path can.

use super::location::resolve;
use super::pattern;
use super::place::{Glob, Touch, lexical};
use std::path::{Path, PathBuf};

/// Agent configuration directories in the home directory (hooks live there), and gitvow's own.
const HOME_DIRS: &[(&str, &str)] = &[
    (".claude", AGENT),
    (".codex", AGENT),
    (".gemini", AGENT),
    (".cursor", AGENT),
    (".copilot", AGENT),
    (".factory", AGENT),
    (".config/opencode", AGENT),
    (".qwen", AGENT),
    (".augment", AGENT),
    (".cline", AGENT),
    ("Documents/Cline/Hooks", AGENT),
    (".config/kilo", AGENT),
    (".gitvow", GITVOW_HOME),
];

/// The same in a repository, with git's hook directories.
const REPO_DIRS: &[(&str, &str)] = &[
    (".claude", AGENT),
    (".codex", AGENT),
    (".gemini", AGENT),
    (".cursor", AGENT),
    (".github/hooks", AGENT),
    (".opencode", AGENT),
    (".factory", AGENT),
    (".qwen", AGENT),
    (".augment", AGENT),
    (".cline", AGENT),
    (".clinerules", AGENT),
    (".kilo", AGENT),
    (".gitvow", GITVOW),
    (".git/hooks", GIT_HOOKS),
    (".husky", GIT_HOOKS),
];

/// Directory names that are an agent's configuration wherever they are (a nested project).
const NAMES: &[&str] = &[
    ".claude",
    ".codex",
    ".gemini",
    ".cursor",
    ".copilot",
    ".factory",
    ".opencode",
    ".qwen",
    ".augment",
    ".cline",
    ".clinerules",
    ".kilo",
    ".gitvow",
];

/// Files and directories the default policy guards by their path (shell start-up files, git's and
/// the agents' other configuration): not wholes the gate protects itself, but what a pattern that
/// could name them is taken to name, so that the path rules judge it (`~/.profil?` is `~/.profile`).
const HOME_FILES: &[&str] = &[
    ".profile",
    ".bashrc",
    ".bash_profile",
    ".bash_login",
    ".bash_logout",
    ".bash_aliases",
    ".bash_functions",
    ".bash_env",
    ".zshenv",
    ".zshrc",
    ".zprofile",
    ".zlogin",
    ".zlogout",
    ".kshrc",
    ".mkshrc",
    ".cshrc",
    ".tcshrc",
    ".login",
    ".envrc",
    ".xprofile",
    ".xsessionrc",
    ".xinitrc",
    ".pam_environment",
    ".bashrc.d",
    ".zshrc.d",
    ".profile.d",
    ".config/environment.d",
    ".config/fish",
    ".oh-my-zsh/custom",
    ".gitconfig",
    ".config/git/config",
    ".claude.json",
    ".pi/agent",
    ".hermes",
];

const REPO_FILES: &[&str] = &[
    ".git/config",
    ".pre-commit-config.yaml",
    ".pre-commit-config.yml",
    "lefthook.yml",
    "lefthook.yaml",
    "opencode.json",
    "opencode.jsonc",
    "kilo.json",
    "kilo.jsonc",
    ".pi",
    ".github/workflows",
    "CODEOWNERS",
    ".mcp.json",
    ".vscode/mcp.json",
];

pub const SYSTEM_FILES: &[&str] = &[
    "/etc/gitvow",
    "/etc/profile",
    "/etc/profile.d",
    "/etc/bash.bashrc",
    "/etc/bashrc",
    "/etc/zsh",
    "/etc/zshenv",
    "/etc/zshrc",
    "/etc/zprofile",
    "/etc/environment",
    "/etc/claude-code",
    "/etc/codex",
    "/etc/gemini-cli",
];

const AGENT: &str = "an agent's configuration directory";
const GITVOW: &str = "gitvow's own directory";
/// `~/.gitvow`: its policy, record key, approvals and install record. Removing or moving it whole
/// is switching the gate off, denied as such (`rm -rf ~/.gitvow`, `mv ~/.gitv* /tmp`).
const GITVOW_HOME: &str = "gitvow's home";
const GIT_HOOKS: &str = "a git hook directory";
const EXECUTABLE: &str = "the gitvow executable";

struct Root {
    path: PathBuf,
    what: &'static str,
}

/// What the gate protects, for one call.
pub struct Guard {
    roots: Vec<Root>,
    home: Option<PathBuf>,
    repo_top: Option<PathBuf>,
    /// [`Guard::guarded_places`], listed once per call: each path the call touches asks for them.
    places: std::cell::OnceCell<Vec<PathBuf>>,
}

impl Guard {
    pub fn new(home: Option<&Path>, repo_top: Option<&Path>) -> Guard {
        let mut guard =
            Guard { roots: Vec::new(), home: home.map(lexical), repo_top: repo_top.map(lexical), places: std::cell::OnceCell::new() };
        // Each root in both forms: as named, and where its links lead. The base (home, repository)
        // is resolved once and listed once; a root itself is followed only when it is a link, and
        // only a root the listing shows, as a link or holding one, costs an `lstat` of its own
        // (this runs on the hot path, for every call that changes a file).
        for (base, dirs) in [(home, HOME_DIRS), (repo_top, REPO_DIRS)] {
            if let Some(base) = base {
                let real_base = resolve(base);
                let listing = Listing::of(&real_base, dirs);
                for (rel, what) in dirs {
                    let rel = Path::new(rel);
                    guard.add(lexical(&base.join(rel)), real_base.join(rel), listing.may_be_link(rel), what);
                }
            }
        }
        // The running executable is the one the hooks name (install writes its path), also under
        // the name the hook started it by (a link given to `--command`); one found on the PATH may
        // be named by hooks installed with `--command gitvow`. Each distinct path is looked at once.
        let running = std::env::current_exe().ok();
        let invoked = std::env::args_os().next().map(PathBuf::from).filter(|p| p.is_absolute());
        let mut seen: Vec<PathBuf> = Vec::new();
        // The PATH in its order, each directory once (a PATH often names one twice).
        let mut path: Vec<PathBuf> = Vec::new();
        for dir in crate::paths::path_dirs() {
            if !path.contains(&dir) {
                path.push(dir);
            }
        }
        for exe in running.iter().cloned().chain(invoked).chain(crate::paths::find_executable("gitvow", &path)) {
            let exe = Path::new("/").join(exe);
            if seen.contains(&exe) {
                continue;
            }
            // Linux names the running executable by its path with every link resolved already.
            let canonical = cfg!(target_os = "linux") && running.as_ref() == Some(&exe);
            let real = if canonical { exe.clone() } else { resolve(&exe) };
            guard.add(lexical(&real), real.clone(), !canonical, EXECUTABLE);
            if real != exe {
                guard.add(lexical(&exe), exe.clone(), true, EXECUTABLE);
            }
            seen.push(exe);
        }
        guard
    }

    /// A root as `named`, and where it really is: `real` (its base resolved), followed further
    /// when it may be a link or lie behind one (`~/.config` a link to `~/cfg` puts OpenCode's
    /// folder at `~/cfg/opencode`).
    fn add(&mut self, named: PathBuf, mut real: PathBuf, may_be_link: bool, what: &'static str) {
        self.places.take();
        if may_be_link {
            real = resolve(&real);
        }
        if real != named {
            self.roots.push(Root { path: real, what });
        }
        self.roots.push(Root { path: named, what });
    }

    /// What a pattern (`~/.gitv*/policy.json`, `~/.profil?`) could name that the gate protects,
    /// or that the default policy guards by its path, each as the path the rules then judge;
    /// nothing for a touch that is no pattern.
    pub fn could_name(&self, touch: &Touch) -> Vec<Touch> {
        let Some(Glob { hidden }) = touch.glob else { return Vec::new() };
        let path = lexical(&touch.path);
        if !pattern::has_pattern(&path) {
            return Vec::new();
        }
        let known = self.guarded_files();
        let roots = self.roots.iter().map(|r| r.path.as_path());
        pattern::could_name(&path, hidden, roots.chain(known.iter().map(PathBuf::as_path)))
            .into_iter()
            .map(|path| {
                let glob = path.file_name().is_some_and(|n| pattern::is_pattern(&n.to_string_lossy())).then_some(Glob { hidden });
                Touch { path, glob }
            })
            .collect()
    }

    /// Where another name of a protected file may be: each root the gate protects (both forms),
    /// and the files and directories the default policy guards by their path, shallowest first.
    pub fn guarded_places(&self) -> Vec<PathBuf> {
        self.places().to_vec()
    }

    /// The places of [`Guard::guarded_places`], listed on the first use.
    fn places(&self) -> &[PathBuf] {
        self.places.get_or_init(|| {
            let mut places: Vec<PathBuf> = self.roots.iter().map(|r| r.path.clone()).collect();
            for p in self.guarded_files() {
                // Compared as bytes: `Path`'s equality walks both paths' components, a cost of every
                // call (a duplicate this misses only costs a second look).
                if !places.iter().any(|q| q.as_os_str() == p.as_os_str()) {
                    places.push(p);
                }
            }
            places
        })
    }

    /// `path` spelt as the place the gate guards that it names in another case
    /// (`~/.GITVOW/policy.json` is `~/.gitvow/policy.json`): a file system that ignores case
    /// (macOS's, by default) opens the same file, and the gate cannot tell each directory's file
    /// system, so it always folds case for what it guards. `None` when no such place is named so.
    pub fn in_guarded_case(&self, path: &Path) -> Option<PathBuf> {
        self.places().iter().find_map(|place| in_case_of(path, place))
    }

    /// The files and directories the default policy guards by their path, here.
    fn guarded_files(&self) -> Vec<PathBuf> {
        let home = self.home.iter().flat_map(|h| HOME_FILES.iter().map(move |f| h.join(f)));
        let repo = self.repo_top.iter().flat_map(|r| REPO_FILES.iter().map(move |f| r.join(f)));
        home.chain(repo).chain(SYSTEM_FILES.iter().map(PathBuf::from)).collect()
    }

    /// Why changing `touch` would change something the gate protects, if it would, and the
    /// protected directory or file it reaches, changed as a whole.
    #[cfg(test)]
    pub fn reason(&self, touch: &Touch) -> Option<(String, PathBuf)> {
        self.judge(touch, Reaching::Whole).protected
    }

    /// What changing `touch` as `how` says reaches of what the gate protects: the protected
    /// directory or file it changes (with why), or the entries of a git hook directory it reaches
    /// one by one, for the path rules to judge each.
    pub fn judge(&self, touch: &Touch, how: Reaching) -> Judged {
        let mut judged = Judged::default();
        // A mode or owner changer fails on a name that is not there (a pattern's expands to what is).
        if how == Reaching::Attributes && touch.glob.is_none() && std::fs::symlink_metadata(&touch.path).is_err() {
            return judged;
        }
        let (dir, name) = split(&touch.path);
        let forms = [(lexical(&dir), name.clone()), (resolve(&dir), name.clone())];
        for (dir, name) in &forms {
            let whole = dir.join(name);
            let home = self.roots.iter().any(|r| r.what == GITVOW_HOME && r.path == whole);
            if touch.glob.is_none() && !home && whole.file_name().is_some_and(|n| NAMES.iter().any(|p| n == *p)) {
                let why = format!("it would remove, move or change {AGENT} as a whole ({})", crate::paths::display(&whole));
                judged.protected = Some((why, whole));
                return judged;
            }
            for root in &self.roots {
                // Whether `touch` names the root itself (or a pattern inside it), or only a
                // directory that holds it.
                let (hit, itself) = match touch.glob {
                    // A pattern inside a root changes it; a pattern in `dir` reaches a root at or
                    // below `dir` through the name it matches there.
                    Some(Glob { hidden }) => {
                        let reached = (!apart(&root.path, dir, Case::Exact))
                            .then(|| root.path.strip_prefix(dir).ok())
                            .flatten()
                            // (A mode or owner changer's pattern names only what is there.)
                            .filter(|rest| {
                                (rest.components().count() == 1 && how != Reaching::Attributes)
                                    || std::fs::symlink_metadata(&root.path).is_ok()
                            });
                        let inside = starts_with(dir, &root.path);
                        let through = reached.filter(|rest| {
                            rest.components()
                                .next()
                                .is_some_and(|first| pattern::matches(name, &first.as_os_str().to_string_lossy(), hidden))
                        });
                        (inside || through.is_some(), inside || through.is_some_and(|rest| rest.components().count() == 1))
                    }
                    // The root itself, or a directory holding it (which must exist to hold it).
                    // (Equal paths begin with each other: a root `apart` from `whole` is neither.)
                    None => {
                        let near = !apart(&root.path, &whole, Case::Exact);
                        let itself = near && root.path == whole;
                        (itself || (near && root.path.starts_with(&whole) && std::fs::symlink_metadata(&root.path).is_ok()), itself)
                    }
                };
                if !hit {
                    continue;
                }
                match how {
                    // A directory's own mode or owner are not those of what it holds.
                    Reaching::Attributes if !itself => continue,
                    Reaching::Each if root.what == GIT_HOOKS => {
                        if let Some(entries) = hook_entries(&root.path) {
                            for e in entries {
                                if !judged.entries.contains(&e) {
                                    judged.entries.push(e);
                                }
                            }
                            continue;
                        }
                    }
                    _ => {}
                }
                let shown = crate::paths::display(&root.path);
                // Only gitvow's home named itself: a directory that holds it (`rm -rf /`, `rm -rf
                // ~`) is left to the policy's rules, which name what such a deletion is.
                judged.switches_off = root.what == GITVOW_HOME && how != Reaching::Attributes && itself;
                let why = if judged.switches_off {
                    format!(
                        "it would remove, move or replace gitvow's whole home ({shown}): its policy, record key and approvals go with it, which switches the gate off"
                    )
                } else {
                    format!("it would remove, move or change {} as a whole ({shown})", root.what)
                };
                judged.protected = Some((why, root.path.clone()));
                return judged;
            }
        }
        self.judge_between(touch, &forms, &mut judged);
        judged
    }

    /// A directory inside a root, between it and the files the rules guard there
    /// (`~/.copilot/hooks` holds `gitvow.json`): moving, replacing or changing the mode of it
    /// changes each file it holds (`mv ~/.copilot/hooks ~/.copilot/hooks.off`, `chmod 000
    /// ~/.copilot/hooks` take the hook file away), so each goes to the path rules as the file
    /// itself would. One that cannot be listed within the bound counts as the root changed whole.
    /// Only a directory inside a root costs a listing.
    fn judge_between(&self, touch: &Touch, forms: &[(PathBuf, String)], judged: &mut Judged) {
        if touch.glob.is_some() {
            return;
        }
        for (dir, name) in forms {
            let whole = dir.join(name);
            let Some(root) = self.roots.iter().find(|r| r.what != EXECUTABLE && r.path != whole && starts_with(&whole, &r.path)) else {
                continue;
            };
            let Ok(meta) = std::fs::symlink_metadata(&whole) else { continue };
            if !(meta.is_dir() || (meta.file_type().is_symlink() && whole.is_dir())) {
                continue;
            }
            match hook_entries(&whole) {
                Some(entries) => judged.entries.extend(entries),
                None => {
                    let why = format!("it would remove, move or change {} as a whole ({})", root.what, crate::paths::display(&root.path));
                    judged.protected = Some((why, root.path.clone()));
                }
            }
            return;
        }
    }
}

/// How a change reaches the path it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reaching {
    /// The path and all it holds: removed, moved, written, or its whole tree changed.
    Whole,
    /// Each file a finder found under it, one by one (`find . -type f -exec chmod 644 {} +`, xargs
    /// on what find printed): a git hook directory under it is reached by what it holds now.
    Each,
    /// Its own mode or owner only (`chmod g+w .git`): what it holds is not changed.
    Attributes,
}

/// What [`Guard::judge`] found.
#[derive(Debug, Default)]
pub struct Judged {
    /// Why the change would change something the gate protects as a whole, and that place.
    pub protected: Option<(String, PathBuf)>,
    /// The change takes gitvow's home away whole: the gate switched off, denied.
    pub switches_off: bool,
    /// The entries of git hook directories it reaches one by one, each for the path rules.
    pub entries: Vec<PathBuf>,
}

/// Entries of a git hook directory listed per change reaching it one by one; past it the
/// directory counts as changed whole.
const MAX_HOOK_ENTRIES: usize = 64;

/// What a change reaching the git hook directory `root` one by one (or a directory inside any
/// root: [`Guard::judge_between`]) can reach there now: every
/// entry (links not followed, subdirectories listed), but the `*.sample` files git puts there and
/// never runs. `None` when that cannot be told within the bound: `root` is a link (where it leads
/// is another place), cannot be listed, or holds more than [`MAX_HOOK_ENTRIES`] entries.
fn hook_entries(root: &Path) -> Option<Vec<PathBuf>> {
    let Ok(meta) = std::fs::symlink_metadata(root) else { return Some(Vec::new()) };
    if meta.file_type().is_symlink() {
        return None;
    }
    if !meta.is_dir() {
        return Some(vec![root.to_path_buf()]);
    }
    let mut entries = Vec::new();
    let mut todo = vec![root.to_path_buf()];
    let mut seen = 0;
    while let Some(dir) = todo.pop() {
        for e in std::fs::read_dir(&dir).ok()? {
            let e = e.ok()?;
            seen += 1;
            if seen > MAX_HOOK_ENTRIES {
                return None;
            }
            let kind = e.file_type().ok()?;
            let path = e.path();
            if kind.is_dir() {
                todo.push(path.clone());
            } else if kind.is_file() && path.extension().is_some_and(|x| x == "sample") {
                continue;
            }
            entries.push(path);
        }
    }
    Some(entries)
}

/// What one listing of a base directory says about its roots: which of their first components
/// are there, and whether each may be a link (its type says so, or the file system does not say).
/// `None` when the directory could not be listed: then every root is looked at on its own.
struct Listing(Option<Vec<(Vec<u8>, bool)>>);

impl Listing {
    #[cfg(target_os = "linux")]
    fn of(dir: &Path, roots: &[(&str, &str)]) -> Listing {
        use rustix::fs::{FileType, Mode, OFlags, RawDir};
        let first = |rel: &str| rel.split('/').next().unwrap_or(rel).as_bytes().to_vec();
        let wanted: Vec<Vec<u8>> = roots.iter().map(|(rel, _)| first(rel)).collect();
        let Ok(fd) = rustix::fs::open(dir, OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC, Mode::empty()) else {
            return Listing(None);
        };
        let mut buf = [std::mem::MaybeUninit::<u8>::uninit(); 16 << 10];
        let mut entries = RawDir::new(fd, &mut buf);
        let mut found = Vec::new();
        while let Some(entry) = entries.next() {
            let Ok(entry) = entry else { return Listing(None) };
            let name = entry.file_name().to_bytes();
            if wanted.iter().any(|w| w.as_slice() == name) {
                found.push((name.to_vec(), matches!(entry.file_type(), FileType::Symlink | FileType::Unknown)));
            }
        }
        Listing(Some(found))
    }

    #[cfg(not(target_os = "linux"))]
    fn of(_dir: &Path, _roots: &[(&str, &str)]) -> Listing {
        Listing(None)
    }

    /// Whether `rel` (below the listed directory) may be a link: not when its first component is
    /// not there; a deeper root below a first component that is there is looked at.
    fn may_be_link(&self, rel: &Path) -> bool {
        let Some(found) = &self.0 else { return true };
        let mut parts = rel.components();
        let Some(first) = parts.next() else { return true };
        let first = first.as_os_str().as_encoded_bytes();
        match found.iter().find(|(name, _)| name.as_slice() == first) {
            None => false,
            Some((_, link)) => *link || parts.next().is_some(),
        }
    }
}

/// The directories the gate protects and the files and directories the default policy guards by
/// their path, in the home directory and the repository (where `find` looks for what its name
/// tests could match).
pub fn guarded_places(home: Option<&Path>, repo_top: Option<&Path>) -> Vec<PathBuf> {
    let home =
        home.into_iter().flat_map(|h| HOME_DIRS.iter().map(|(rel, _)| *rel).chain(HOME_FILES.iter().copied()).map(move |rel| h.join(rel)));
    let repo = repo_top
        .into_iter()
        .flat_map(|r| REPO_DIRS.iter().map(|(rel, _)| *rel).chain(REPO_FILES.iter().copied()).map(move |rel| r.join(rel)));
    home.chain(repo).map(|p| lexical(&p)).collect()
}

/// Whether `name` is that of an agent's configuration directory (or gitvow's), wherever it is.
pub fn is_agent_dir_name(name: &str) -> bool {
    NAMES.contains(&name)
}

/// Whether a name pattern (`find -name PATTERN`) can match a directory or file the gate protects
/// (an agent's directory, gitvow's own, git's directory or its hooks, the executable), at any depth.
pub fn may_name_protected(pattern: &str) -> bool {
    let components = HOME_DIRS.iter().chain(REPO_DIRS).flat_map(|(rel, _)| rel.split('/'));
    NAMES.iter().copied().chain(components).chain([".git", "gitvow"]).any(|name| super::pattern::matches(pattern, name, true))
}

/// `path` with its leading components spelt as `place`'s when they name it in another case;
/// `None` when they do not, or spell it exactly.
pub fn in_case_of(path: &Path, place: &Path) -> Option<PathBuf> {
    if apart(path, place, Case::Folded) {
        return None;
    }
    let mut rest = path.components();
    let mut differs = false;
    for want in place.components() {
        let got = rest.next()?;
        if got != want {
            let (g, w) = (got.as_os_str().to_str()?, want.as_os_str().to_str()?);
            if g.to_lowercase() != w.to_lowercase() {
                return None;
            }
            differs = true;
        }
    }
    differs.then(|| place.join(rest.as_path()))
}

/// How [`apart`] compares letters.
#[derive(Clone, Copy, PartialEq)]
enum Case {
    Exact,
    /// As [`in_case_of`] does, where an ASCII letter is also its other case.
    Folded,
}

/// Whether `path` surely does not begin with the components of `base`, told from their bytes
/// alone; `false` when the bytes cannot tell (then the components decide). A call compares every
/// path it changes with each of the hundred places the gate guards, and walking two paths'
/// components costs a hundred times more than comparing the bytes up to their first difference:
/// the bytes decide when, up to it, neither has an empty or `.` component (which components skip),
/// and the first different byte is no separator and no `.` component in either. Then the component it falls
/// in differs, or `path` ends within or before base's last one. Folded, an ASCII byte differing
/// only in case is no difference, and a difference at a non-ASCII byte cannot tell (a whole
/// component in lower case may still be equal).
fn apart(path: &Path, base: &Path, case: Case) -> bool {
    let (p, b) = (path.as_os_str().as_encoded_bytes(), base.as_os_str().as_encoded_bytes());
    let same = |x: u8, y: u8| x == y || (case == Case::Folded && x.eq_ignore_ascii_case(&y));
    let mut n = 0;
    while n < p.len() && n < b.len() && same(p[n], b[n]) {
        n += 1;
    }
    // Letters aside, the bytes before `n` are the same in both: `path`'s tell for both.
    let before = &p[..n];
    if before.windows(2).any(|w| w == b"//") || before.windows(3).any(|w| w == b"/./") {
        return false;
    }
    // A separator, or a `.` that is a component of its own, where components would move on.
    let breaks = |s: &[u8]| s[n] == b'/' || (s[n] == b'.' && (n == 0 || s[n - 1] == b'/') && s.get(n + 1).is_none_or(|c| *c == b'/'));
    match (p.get(n), b.get(n)) {
        // `path` ends first, before a byte of a component of `base`'s: it has fewer components,
        // or a shorter last one.
        (None, Some(_)) => !breaks(b),
        (Some(&x), Some(&y)) => !breaks(p) && !breaks(b) && (case == Case::Exact || (x.is_ascii() && y.is_ascii())),
        _ => false,
    }
}

/// [`Path::starts_with`], decided from the bytes where [`apart`] can.
fn starts_with(path: &Path, base: &Path) -> bool {
    !apart(path, base, Case::Exact) && path.starts_with(base)
}

fn split(path: &Path) -> (PathBuf, String) {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let dir = path.parent().map_or_else(|| PathBuf::from("/"), Path::to_path_buf);
    (dir, name)
}

#[cfg(test)]
mod tests;
