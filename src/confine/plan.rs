//! Which paths the box protects, and how: read-only, hidden, pinned or masked. Only paths that
//! exist when the box starts can be bound (a mount needs a mount point); what does not exist yet is
//! left to the gate, which judges every write to those names as it does outside the box.

use crate::agents::{AGENTS, OffSwitch, managed};
use crate::paths::Repo;
use std::path::{Component, Path, PathBuf};

/// Why the box could not be made: one line for the person.
#[derive(Debug)]
pub(crate) struct Refused(pub String);

/// The shells' and git's start-up files in the home directory: what runs in a person's own shell,
/// outside the box, the next time they open one or run git.
const HOME_START_UP: &[&str] = &[
    ".profile",
    ".bash_profile",
    ".bash_login",
    ".bashrc",
    ".bash_logout",
    ".bash_aliases",
    ".zshenv",
    ".zprofile",
    ".zshrc",
    ".zlogin",
    ".zlogout",
    ".config/fish/config.fish",
    ".config/fish/conf.d",
    ".inputrc",
    ".gitconfig",
    ".config/git/config",
];

/// Agent directories in a repository that hold only configuration (hooks, settings, plugins):
/// read-only as wholes, so that no new settings file can appear in them either.
const REPO_AGENT_DIRS: &[&str] = &[
    ".claude",
    ".codex",
    ".gemini",
    ".cursor",
    ".github/hooks",
    ".opencode",
    ".factory",
    ".qwen",
    ".augment",
    ".cline",
    ".clinerules",
    ".kilo",
    ".pi",
    ".gitvow",
    ".husky",
];

/// Where the person's terminal multiplexers, desktop and session bus listen, relative to `/`
/// (`{uid}` is the user's id): a process that reaches them can type into the person's terminal.
const SESSION_SOCKETS: &[&str] = &["run/user/{uid}", "tmp/tmux-{uid}", "tmp/.X11-unix", "run/screen", "tmp/screens"];

/// What the box does to which path.
#[derive(Debug, Default)]
pub(crate) struct Plan {
    /// Bound onto themselves, read-only.
    pub(crate) read_only: Vec<PathBuf>,
    /// Read as empty: `/dev/null` is bound over them, read-only.
    pub(crate) hidden: Vec<PathBuf>,
    /// Bound onto themselves, writable as before: a mount point cannot be renamed or removed.
    pub(crate) pinned: Vec<PathBuf>,
    /// Covered by an empty private file system.
    pub(crate) masked: Vec<PathBuf>,
    /// Inside a read-only directory, bound onto themselves and writable again.
    pub(crate) writable: Vec<PathBuf>,
}

/// Where the box's paths come from.
pub(crate) struct Places<'a> {
    pub(crate) home: &'a Path,
    pub(crate) gitvow_home: &'a Path,
    /// `/` outside tests (see [`crate::paths::system_root`]).
    pub(crate) system_root: &'a Path,
    pub(crate) repo: Option<&'a Repo>,
    /// The gitvow executables the hooks may name.
    pub(crate) executables: &'a [PathBuf],
    /// Inside gitvow's directory, the one place that stays writable: where the hook in the box
    /// writes its questions for the person.
    pub(crate) questions: Option<&'a Path>,
    pub(crate) uid: u32,
}

/// The names the box holds read-only, by where they live. [`Plan::new`] binds those that exist;
/// `install --sandbox` writes them all into the agents' own sandboxes.
#[derive(Debug, Default)]
pub(crate) struct Protected {
    /// Relative to the home directory (gitvow's own directory is named apart: it may live elsewhere).
    pub(crate) home: Vec<&'static str>,
    /// Relative to a repository's top level.
    pub(crate) repo: Vec<&'static str>,
    /// Absolute, under the system root.
    pub(crate) system: Vec<&'static str>,
}

impl Protected {
    pub(crate) fn names() -> Protected {
        let mut names = Protected { system: vec!["/etc/gitvow", crate::paths::SYSTEM_STATE], ..Protected::default() };
        for agent in AGENTS {
            names.home.extend(Some(agent.install.user_file).filter(|f| !f.is_empty()));
            names.repo.extend(Some(agent.install.repo_file).filter(|f| !f.is_empty()));
            for switch in agent.install.off_switches {
                match switch {
                    OffSwitch::TomlFeature(rel) => names.home.push(rel),
                    OffSwitch::JsonFlag { also_in, .. } => names.home.extend(also_in.iter()),
                    OffSwitch::ManagedJson { files, dirs, .. } => names.system.extend(files.iter().chain(dirs.iter())),
                    OffSwitch::ManagedToml { file, .. } => names.system.push(file),
                    OffSwitch::VersionAndFailClosed | OffSwitch::HooksConfig => {}
                }
            }
            names.system.extend(managed::layer(agent.name).map(|l| l.file));
        }
        names.home.extend(HOME_START_UP);
        names.repo.extend(REPO_AGENT_DIRS);
        for list in [&mut names.home, &mut names.repo, &mut names.system] {
            list.sort_unstable();
            list.dedup();
        }
        names
    }
}

impl Plan {
    pub(crate) fn new(at: &Places) -> Plan {
        let mut plan = Plan::default();
        plan.read_only.push(at.gitvow_home.to_path_buf());
        plan.hidden.push(at.gitvow_home.join("record.key"));
        let names = Protected::names();
        plan.read_only.extend(names.home.iter().map(|rel| at.home.join(rel)));
        plan.read_only.extend(names.system.iter().map(|p| at.system_root.join(p.trim_start_matches('/'))));
        if let Some(repo) = at.repo {
            plan.read_only.extend(names.repo.iter().map(|rel| repo.top.join(rel)));
            let common = common_git_dir(&repo.git_dir);
            plan.read_only.push(common.join("hooks"));
            plan.read_only.push(common.join("config"));
        }
        plan.read_only.extend(at.executables.iter().cloned());
        for socket in SESSION_SOCKETS {
            plan.masked.push(at.system_root.join(socket.replace("{uid}", &at.uid.to_string())));
        }
        plan.finish();
        plan.writable.extend(at.questions.and_then(|q| std::fs::canonicalize(q).ok()));
        plan
    }

    /// Keeps what exists (resolved, once each), and pins every directory above it.
    fn finish(&mut self) {
        for list in [&mut self.read_only, &mut self.hidden, &mut self.masked] {
            let mut kept: Vec<PathBuf> = list.iter().filter_map(|p| std::fs::canonicalize(p).ok()).collect();
            kept.sort();
            kept.dedup();
            *list = kept;
        }
        // A hidden file stays hidden inside a read-only directory: it is bound after it.
        let mut pinned: Vec<PathBuf> = Vec::new();
        for path in self.read_only.iter().chain(&self.hidden) {
            let mut above = path.parent();
            while let Some(dir) = above.filter(|d| d.components().any(|c| matches!(c, Component::Normal(_)))) {
                pinned.push(dir.to_path_buf());
                above = dir.parent();
            }
        }
        pinned.sort();
        pinned.dedup();
        // A directory already bound read-only needs no pin of its own.
        pinned.retain(|d| !self.read_only.contains(d));
        self.pinned = pinned;
    }
}

/// The repository's common git directory (a worktree's `.git` names its own, and `commondir`
/// leads to the one that holds the hooks and the config).
fn common_git_dir(git_dir: &Path) -> PathBuf {
    match std::fs::read_to_string(git_dir.join("commondir")) {
        Ok(rel) => git_dir.join(rel.trim_end_matches(['\n', '\r'])),
        Err(_) => git_dir.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_exists_is_planned_and_every_directory_above_it_is_pinned() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        std::fs::create_dir_all(home.join(".gitvow")).unwrap();
        std::fs::write(home.join(".gitvow/record.key"), [0u8; 32]).unwrap();
        std::fs::create_dir_all(home.join(".claude")).unwrap();
        std::fs::write(home.join(".claude/settings.json"), "{}").unwrap();
        std::fs::write(home.join(".bashrc"), "").unwrap();
        let root = dir.path().join("root");
        std::fs::create_dir_all(&root).unwrap();
        let plan = Plan::new(&Places {
            home: &home,
            gitvow_home: &home.join(".gitvow"),
            system_root: &root,
            repo: None,
            executables: &[],
            questions: None,
            uid: 1000,
        });
        let home = std::fs::canonicalize(&home).unwrap();
        assert_eq!(plan.read_only, vec![home.join(".bashrc"), home.join(".claude/settings.json"), home.join(".gitvow")]);
        assert_eq!(plan.hidden, vec![home.join(".gitvow/record.key")]);
        assert!(plan.pinned.contains(&home) && plan.pinned.contains(&home.join(".claude")));
        assert!(!plan.pinned.contains(&home.join(".gitvow")), "{:?}", plan.pinned);
        assert!(plan.masked.is_empty());
    }
}
