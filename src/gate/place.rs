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
