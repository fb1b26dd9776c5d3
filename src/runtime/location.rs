//! The form of a file path that path rules see: repository-relative with `/` inside the repository,
//! `~/…` in the home directory, else absolute. So `(^|/)\.claude/settings\.json$` matches the
//! repository's file and the user's `~/.claude/settings.json` alike.

use std::path::{Component, Path, PathBuf};

/// `path` as an agent gave it (absolute, relative to `cwd`, or `~/…`), in the form path rules see.
pub fn rule_path(path: &str, cwd: &Path, repo_top: Option<&Path>) -> String {
    let home = crate::paths::home();
    let given = Path::new(path);
    let absolute = if let (Some(rest), Some(home)) = (path.strip_prefix("~/"), home.as_ref()) {
        home.join(rest)
    } else if given.is_absolute() {
        given.to_path_buf()
    } else {
        cwd.join(given)
    };
    let absolute = lexical(&absolute);
    if let Some(top) = repo_top
        && let Ok(rel) = absolute.strip_prefix(lexical(top))
    {
        return slashes(rel);
    }
    if let Some(home) = home
        && let Ok(rel) = absolute.strip_prefix(lexical(&home))
    {
        return format!("~/{}", slashes(rel));
    }
    slashes(&absolute)
}

/// `a/./b/../c` → `a/c`, without touching the file system (the file may not exist yet).
fn lexical(path: &Path) -> PathBuf {
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
}
