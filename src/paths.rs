//! Locations: the home directory, repositories, and how paths are shown to a person.

use std::path::{Path, PathBuf};

/// The home directory. `HOME` wins so that tests and dotfile bootstraps can point it elsewhere.
pub fn home() -> Option<PathBuf> {
    match std::env::var_os("HOME") {
        Some(h) if !h.is_empty() => Some(PathBuf::from(h)),
        _ => dirs::home_dir(),
    }
}

/// gitvow's own directory in the home directory (`~/.gitvow`).
pub fn gitvow_home() -> Option<PathBuf> {
    home().map(|h| h.join(".gitvow"))
}

/// What gitvow may make in its own directory, by name under it, a record directory by one record
/// of its shape (`<code>.json`). Some are made on first need (the record key on the first question,
/// an approval on each answer): a finder judged before one exists (`find ~ -name record.key -exec
/// cat {} +`) may still reach it, so the gate takes what a name test could find here as found.
pub const GITVOW_FILES: &[&str] = &[
    "policy.json",
    "record.key",
    "trust.json",
    "install-record.json",
    "known-policies",
    "validated-policies",
    "same-call",
    "hooks.log",
    "approvals/k2m4p6q8.json",
    "ledger/session.json",
];

/// A path as a person should read it: `~/…` inside the home directory.
pub fn display(path: &Path) -> String {
    if let Some(home) = home()
        && let Ok(rest) = path.strip_prefix(&home)
    {
        return if rest.as_os_str().is_empty() { "~".to_string() } else { format!("~/{}", rest.display()) };
    }
    path.display().to_string()
}

/// The repository around `dir`: its top level and its git directory, found by walking up for `.git`
/// (a directory holding a repository, or a file `gitdir: …` in worktrees and submodules). No `git` process is started:
/// this runs on the hook's hot path. A `.git` that cannot be read as a small file is passed over.
pub fn find_repo(dir: &Path) -> Option<Repo> {
    find_repo_checked(dir).ok().flatten()
}

/// [`find_repo`], with a `.git` that is a FIFO, a device or a file of no end (a link to a `/proc`
/// file) as an error (its one-line reason): the hook answers such a call as a broken setup instead
/// of judging it as if no repository were there, or waiting on the FIFO.
pub fn find_repo_checked(dir: &Path) -> Result<Option<Repo>, String> {
    let mut cur = Some(dir);
    while let Some(d) = cur {
        let dot_git = d.join(".git");
        if let Ok(meta) = std::fs::metadata(&dot_git) {
            if meta.is_dir() {
                // git passes over a `.git` directory that holds no repository (an empty mount
                // target a sandbox made under /tmp, or one anybody can create there) and keeps
                // walking up; so does the gate, or it would take /tmp for a repository.
                if holds_repository(&dot_git) {
                    return Ok(Some(Repo { top: d.to_path_buf(), git_dir: dot_git }));
                }
                cur = d.parent();
                continue;
            }
            let text = read_dot_git(&dot_git).map_err(|why| format!("{}: the repository's .git file {why}", display(&dot_git)))?;
            if let Some(rest) = text.trim().strip_prefix("gitdir:") {
                let gd = PathBuf::from(rest.trim());
                let git_dir = if gd.is_absolute() { gd } else { d.join(gd) };
                return Ok(Some(Repo { top: d.to_path_buf(), git_dir }));
            }
        }
        cur = d.parent();
    }
    Ok(None)
}

/// A `.git` file's text: a `gitdir:` line and a path, so at most [`DOT_GIT_LIMIT`] bytes, counted
/// as read. This is [`crate::gate::regular_file`]'s rule written small, because the modules that
/// reader's errors need (`error`) depend on this one.
fn read_dot_git(path: &Path) -> Result<String, String> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
        .map_err(|e| format!("cannot be read ({e})"))?;
    let meta = file.metadata().map_err(|e| format!("cannot be read ({e})"))?;
    if let Some(kind) = special_kind(std::os::unix::fs::MetadataExt::mode(&meta)) {
        return Err(format!("is {kind}, not a regular file"));
    }
    let mut bytes = Vec::new();
    file.take(DOT_GIT_LIMIT + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot be read ({e})"))?;
    if bytes.len() as u64 > DOT_GIT_LIMIT {
        return Err(format!("is larger than {} KiB", DOT_GIT_LIMIT >> 10));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

const DOT_GIT_LIMIT: u64 = 64 << 10;

/// Whether `dir` is a git directory as git itself recognises one: a directory (not a symlink) with
/// a `HEAD` file and either an object store or, for a worktree, a `commondir` file. A `.git` file
/// may name any path; gitvow writes into what it names only when it passes this.
pub fn is_git_dir(dir: &Path) -> bool {
    std::fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir()) && holds_repository(dir)
}

/// Whether a directory holds what git looks for in a git directory: a `HEAD` file and an object
/// store or, for a worktree, a `commondir` file (the entries themselves, never links).
fn holds_repository(dir: &Path) -> bool {
    let is_dir = |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.is_dir());
    let is_file = |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.is_file());
    is_file(&dir.join("HEAD")) && (is_dir(&dir.join("objects")) || is_file(&dir.join("commondir")))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repo {
    pub top: PathBuf,
    pub git_dir: PathBuf,
}

/// Where gitvow is being installed: the user's own files, or a repository. Every file gitvow
/// touches lies in one of the scope's two areas ([`crate::safefs::Area`]), which decide how far a
/// link is followed on the way to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    User {
        home: PathBuf,
    },
    Repo(Repo),
    /// The machine's managed layers (`install --system`): `root` is `/`, or for tests the folder
    /// `GITVOW_SYSTEM_ROOT` names (install and doctor only; the hook never reads it).
    System {
        root: PathBuf,
    },
}

/// gitvow's system policy: the first layer of every call on this machine. A fixed path, never
/// taken from the environment: an agent's process chain could set any variable.
pub const SYSTEM_POLICY: &str = "/etc/gitvow/policy.json";

/// Where `install --system` keeps its record and the originals of the files it changed.
pub const SYSTEM_STATE: &str = "/var/lib/gitvow";

/// Where the machine's own settings live for install and doctor: `/`, or for tests the folder
/// `GITVOW_SYSTEM_ROOT` names. The hook never reads it (an agent's process chain could set it):
/// the system policy's path is fixed.
pub fn system_root() -> PathBuf {
    std::env::var_os("GITVOW_SYSTEM_ROOT").filter(|r| !r.is_empty()).map_or_else(|| "/".into(), PathBuf::from)
}

impl Scope {
    /// The directory the agents' paths are relative to.
    pub fn root(&self) -> &Path {
        match self {
            Scope::User { home } => home,
            Scope::Repo(r) => &r.top,
            Scope::System { root } => root,
        }
    }

    /// An absolute system path (`/etc/…`) under this scope's root.
    pub fn under_root(&self, absolute: &str) -> PathBuf {
        self.root().join(absolute.trim_start_matches('/'))
    }

    pub fn policy_path(&self) -> PathBuf {
        self.policy_dir().join("policy.json")
    }

    /// `.gitvow/` in the home directory or the repository, `/etc/gitvow/` for the system: where
    /// the policy lives.
    pub fn policy_dir(&self) -> PathBuf {
        match self {
            Scope::System { .. } => self.under_root(SYSTEM_POLICY).parent().map(Path::to_path_buf).unwrap_or_default(),
            _ => self.root().join(".gitvow"),
        }
    }

    /// gitvow's private state for this scope: never inside a repository's work tree.
    pub fn state_dir(&self) -> PathBuf {
        match self {
            Scope::User { home } => home.join(".gitvow"),
            Scope::Repo(r) => r.git_dir.join("gitvow"),
            Scope::System { .. } => self.under_root(SYSTEM_STATE),
        }
    }

    /// The lock that serialises gitvow runs on this scope: `~/.gitvow/install.lock`, or
    /// `<git dir>/gitvow-install.lock` (inside the git directory, never in the tree).
    pub fn lock_path(&self) -> PathBuf {
        match self {
            Scope::User { home } => home.join(".gitvow").join("install.lock"),
            Scope::Repo(r) => r.git_dir.join("gitvow-install.lock"),
            Scope::System { .. } => self.state_dir().join("install.lock"),
        }
    }

    pub fn record_path(&self) -> PathBuf {
        self.state_dir().join("install-record.json")
    }

    /// Where the record keeps the original bytes of the files gitvow changed, one file per digest.
    pub fn originals_dir(&self) -> PathBuf {
        self.state_dir().join("originals")
    }

    pub fn original_path(&self, sha256: &str) -> PathBuf {
        self.originals_dir().join(sha256)
    }

    pub fn is_user(&self) -> bool {
        matches!(self, Scope::User { .. })
    }

    pub fn is_repo(&self) -> bool {
        matches!(self, Scope::Repo(_))
    }

    pub fn is_system(&self) -> bool {
        matches!(self, Scope::System { .. })
    }
}

/// Whether `command` is an executable file in a directory of the PATH.
pub fn on_path(command: &str) -> bool {
    find_on_path(command).is_some()
}

/// The first executable file named `command` in a directory of the PATH.
pub fn find_on_path(command: &str) -> Option<PathBuf> {
    find_executable(command, &path_dirs())
}

/// The directories of the PATH, in order.
pub fn path_dirs() -> Vec<PathBuf> {
    std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default()
}

/// The first executable regular file named `name` in `dirs`.
pub fn find_executable(name: &str, dirs: &[PathBuf]) -> Option<PathBuf> {
    dirs.iter().map(|dir| dir.join(name)).find(|p| is_executable(p))
}

/// Whether `path` is a regular file (after symlinks) with an execute bit.
pub fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Whether a file name given to a program stands for what it reads on standard input (`-`, or a
/// descriptor's own name), whose content the name does not tell.
pub fn is_stdin_path(p: &str) -> bool {
    p == "-" || p == "/dev/stdin" || p.starts_with("/dev/fd/") || p.starts_with("/proc/self/fd/")
}

/// What a non-regular file is, as messages name it (`a FIFO`), from its `st_mode`; `None` for a
/// regular file.
#[allow(clippy::useless_conversion)] // `mode_t` is 16 bits on some systems: compared as u32
pub fn special_kind(mode: u32) -> Option<&'static str> {
    let is = |kind: libc::mode_t| mode & u32::from(libc::S_IFMT) == u32::from(kind);
    Some(if is(libc::S_IFREG) {
        return None;
    } else if is(libc::S_IFDIR) {
        "a directory"
    } else if is(libc::S_IFIFO) {
        "a FIFO"
    } else if is(libc::S_IFSOCK) {
        "a socket"
    } else if is(libc::S_IFBLK) || is(libc::S_IFCHR) {
        "a device"
    } else if is(libc::S_IFLNK) {
        "a symlink"
    } else {
        "a special file"
    })
}
