//! The `PATH` a test's child gets: the system's programs, but none that gitvow looks for to decide
//! something (an agent's CLI, gitvow itself, the programs an agent's sandbox needs).
//!
//! `/usr/local/bin:/usr/bin:/bin` as it is would make a test's outcome depend on the machine: with a
//! `claude` installed globally, install detects Claude Code and reads its version; with `bwrap`
//! installed, `install --sandbox` no longer refuses. So the tests run with a directory of their own
//! (under the build's temporary directory) holding a link to every program of those directories, in
//! their order, except the names gitvow decides by; a test that wants one of them puts a stand-in
//! first on its own `PATH`. The directory is named by a hash of what it holds, so that parallel test
//! binaries share it and a changed machine gets a new one.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The system's program directories, in the order a shell searches them.
const SYSTEM_DIRS: [&str; 3] = ["/usr/local/bin", "/usr/bin", "/bin"];

/// A directory holding every system program except `left_out` and every agent's CLI (the agent
/// table's `detect_commands`) and `gitvow`, to be used as the whole `PATH`.
pub fn without(left_out: &[&str]) -> PathBuf {
    let mut excluded: Vec<&str> = gitvow::agents::AGENTS.iter().flat_map(|a| a.install.detect_commands.iter().copied()).collect();
    excluded.extend(["gitvow"]);
    excluded.extend(left_out);
    let mut programs = BTreeMap::new();
    for dir in SYSTEM_DIRS {
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if excluded.contains(&name.as_str()) || programs.contains_key(&name) || !is_program(&entry.path()) {
                continue;
            }
            programs.insert(name, entry.path());
        }
    }
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    programs.hash(&mut hasher);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("system-path-{:016x}", hasher.finish()));
    if dir.is_dir() {
        return dir;
    }
    // Built aside and renamed into place, so that a test binary running at the same time never
    // sees half of it.
    let building = dir.with_extension(format!("building-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&building);
    std::fs::create_dir_all(&building).unwrap_or_else(|e| panic!("create {}: {e}", building.display()));
    for (name, target) in &programs {
        std::os::unix::fs::symlink(target, building.join(name)).unwrap_or_else(|e| panic!("link {name}: {e}"));
    }
    if std::fs::rename(&building, &dir).is_err() {
        // Another test binary renamed its copy first: theirs holds the same links.
        let _ = std::fs::remove_dir_all(&building);
        assert!(dir.is_dir(), "{} was not built", dir.display());
    }
    dir
}

/// Whether `path` is a file anyone may execute (following a link, as the shell does).
fn is_program(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}
