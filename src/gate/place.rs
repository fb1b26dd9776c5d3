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

/// `a/./b/../c` → `a/c`, without touching the file system (the file may not exist yet).
pub fn lexical(path: &Path) -> PathBuf {
    if is_lexical(path) {
        return path.to_path_buf();
    }
    by_components(path)
}

/// [`lexical`] of a path the caller owns: the same path when it is lexical already. A compound
/// command's working directories are joined with each `cd`'s operand, thousands of paths, most
/// of them lexical already.
pub fn lexical_owned(path: PathBuf) -> PathBuf {
    if is_lexical(&path) { path } else { by_components(&path) }
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
}
