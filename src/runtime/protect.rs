//! The gate's protection of itself, on top of any policy: an agent must not switch its own gate off
//! by removing, moving, replacing or changing the mode of the gitvow executable, an agent's
//! configuration directory, gitvow's own directory or a git hook directory, nor of a directory
//! that holds one of them (`rm -rf ~/.config` takes `~/.config/opencode` with it). Path rules judge
//! the files inside those directories; this judges the directories and the executable as wholes,
//! which no regular expression over one path can.

use super::command::{Glob, Touch, lexical};
use super::location::resolve;
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
    (".gitvow", GITVOW),
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

const AGENT: &str = "an agent's configuration directory";
const GITVOW: &str = "gitvow's own directory";
const GIT_HOOKS: &str = "a git hook directory";
const EXECUTABLE: &str = "the gitvow executable";

struct Root {
    path: PathBuf,
    what: &'static str,
}

/// What the gate protects, for one call.
pub struct Guard {
    roots: Vec<Root>,
}

impl Guard {
    pub fn new(home: Option<&Path>, repo_top: Option<&Path>) -> Guard {
        let mut roots = Vec::new();
        // Each root in both forms: as named, and where its links lead. The base (home, repository)
        // is resolved once; a root itself is followed only when it is a link (one `lstat` each,
        // on the hot path).
        let mut add = |base: &Path, real_base: &Path, rel: &Path, what| {
            let named = lexical(&base.join(rel));
            let mut real = real_base.join(rel);
            if std::fs::symlink_metadata(&real).is_ok_and(|m| m.file_type().is_symlink()) {
                real = resolve(&real);
            }
            if real != named {
                roots.push(Root { path: real, what });
            }
            roots.push(Root { path: named, what });
        };
        for (base, dirs) in [(home, HOME_DIRS), (repo_top, REPO_DIRS)] {
            if let Some(base) = base {
                let real_base = resolve(base);
                for (rel, what) in dirs {
                    add(base, &real_base, Path::new(rel), what);
                }
            }
        }
        // The running executable is the one the hooks name (install writes its path), also under
        // the name the hook started it by (a link given to `--command`); one found on the PATH may
        // be named by hooks installed with `--command gitvow`.
        let invoked = std::env::args_os().next().map(PathBuf::from).filter(|p| p.is_absolute());
        for exe in std::env::current_exe().ok().into_iter().chain(invoked).chain(crate::paths::find_on_path("gitvow")) {
            let real = resolve(&exe);
            add(Path::new("/"), Path::new("/"), &real, EXECUTABLE);
            add(Path::new("/"), Path::new("/"), exe.strip_prefix("/").unwrap_or(&exe), EXECUTABLE);
        }
        Guard { roots }
    }

    /// Why changing `touch` would change something the gate protects, if it would.
    pub fn reason(&self, touch: &Touch) -> Option<String> {
        let (dir, name) = split(&touch.path);
        let forms = [(lexical(&dir), name.clone()), (resolve(&dir), name.clone())];
        for (dir, name) in &forms {
            let whole = dir.join(name);
            if touch.glob.is_none() && whole.file_name().is_some_and(|n| NAMES.iter().any(|p| n == *p)) {
                return Some(format!("it would remove, move or change {AGENT} as a whole ({})", crate::paths::display(&whole)));
            }
            for root in &self.roots {
                let hit = match touch.glob {
                    // A pattern inside a root changes it; a pattern in `dir` reaches a root at or
                    // below `dir` through the name it matches there.
                    Some(Glob { hidden }) => {
                        let reached = root
                            .path
                            .strip_prefix(dir)
                            .ok()
                            .filter(|rest| rest.components().count() == 1 || std::fs::symlink_metadata(&root.path).is_ok());
                        dir.starts_with(&root.path)
                            || reached
                                .and_then(|rest| rest.components().next())
                                .is_some_and(|first| matches(name, &first.as_os_str().to_string_lossy(), hidden))
                    }
                    // The root itself, or a directory holding it (which must exist to hold it).
                    None => root.path == whole || (root.path.starts_with(&whole) && std::fs::symlink_metadata(&root.path).is_ok()),
                };
                if hit {
                    return Some(format!(
                        "it would remove, move or change {} as a whole ({})",
                        root.what,
                        crate::paths::display(&root.path)
                    ));
                }
            }
        }
        None
    }
}

fn split(path: &Path) -> (PathBuf, String) {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let dir = path.parent().map_or_else(|| PathBuf::from("/"), Path::to_path_buf);
    (dir, name)
}

/// Shell pattern matching of one name: `*`, `?`, `[…]` (any one character). A leading dot must be
/// matched by a dot unless `hidden` (an unknown name may be anything).
pub fn matches(pattern: &str, name: &str, hidden: bool) -> bool {
    if name.starts_with('.') && !pattern.starts_with('.') && !hidden {
        return false;
    }
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    // Iterative wildcard matching with one backtrack point: linear in practice, never recursive.
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() && p[pi] == '[' {
            let close = p[pi..].iter().position(|c| *c == ']').map(|k| pi + k);
            if let Some(close) = close {
                pi = close + 1;
                ni += 1;
                continue;
            }
        }
        if pi < p.len() && (p[pi] == '?' || p[pi] == n[ni]) {
            pi += 1;
            ni += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ni));
            pi += 1;
        } else if let Some((sp, sn)) = star {
            pi = sp + 1;
            ni = sn + 1;
            star = Some((sp, sn + 1));
        } else {
            return false;
        }
    }
    while pi < p.len() && p[pi] == '*' {
        pi += 1;
    }
    pi == p.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(p: &str, glob: Option<Glob>) -> Touch {
        Touch { path: PathBuf::from(p), glob }
    }

    #[test]
    fn wholes_and_their_holders_are_protected() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(home.join(".config/opencode")).unwrap();
        let guard = Guard::new(Some(&home), None);
        let at = |rel: &str| home.join(rel).to_string_lossy().into_owned();
        assert!(guard.reason(&touch(&at(".claude"), None)).is_some());
        assert!(guard.reason(&touch(&at(".config"), None)).is_some());
        assert!(guard.reason(&touch(&at(".config/other"), None)).is_none());
        assert!(guard.reason(&touch(&at(".c*"), Some(Glob { hidden: false }))).is_some());
        assert!(guard.reason(&touch(&at("*"), Some(Glob { hidden: false }))).is_none());
        assert!(guard.reason(&touch(&at("*"), Some(Glob { hidden: true }))).is_some());
        assert!(guard.reason(&touch("/tmp/x/.codex", None)).is_some());
        let exe = std::env::current_exe().unwrap();
        assert!(guard.reason(&touch(&exe.to_string_lossy(), None)).is_some());
    }

    #[test]
    fn patterns() {
        assert!(matches("*.json", "a.json", false));
        assert!(!matches("*", ".claude", false));
        assert!(matches(".cl*e", ".claude", false));
        assert!(matches("[.]claude", "xclaude", false));
        assert!(!matches("a?c", "ac", false));
    }
}
