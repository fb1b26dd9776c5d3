//! What the gate leaves to gitvow's box ([`crate::confine`]): when the hook finds, from the kernel's
//! view of itself, that it and the agent run boxed, a command whose file names it cannot see, or
//! one that could reach a file the box holds read-only, passes instead of asking. What the box does
//! not confine is judged as outside: what runs (a computed program, text fed to a shell), removals,
//! pushes, publishes, the network, and every rule of the policy.
//!
//! The box holds only what existed when it started (a mount needs something to mount on): a
//! protected name that does not exist yet (a repository's `.codex/hooks.json`, `~/.bash_profile`) or
//! was made since is not held, so a computed name that could be one is still asked about.

use super::command::{COMPUTED, NAMES_ONLY, lexical};
use super::reach::Reach;
use crate::confine::detect::Boxed;
use crate::confine::plan::Protected;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The box this process runs in, looked at once and only when a verdict would depend on it.
fn view() -> Option<&'static Boxed> {
    static VIEW: OnceLock<Option<Boxed>> = OnceLock::new();
    VIEW.get_or_init(|| crate::paths::gitvow_home().and_then(|home| crate::confine::detect::boxed(&home).ok())).as_ref()
}

/// Whether a command that could not be analysed for `why` is confined by the box it runs in: the
/// reason leaves only the names it writes unknown, and none of them, as far as the call shows them
/// ([`Reach::computed_names`]), can be a protected name the box does not hold in the project at
/// `repo_top` or the home directory.
pub fn confines_opaque(why: &str, reach: &Reach, repo_top: Option<&Path>) -> bool {
    let Some(b) = view().filter(|_| NAMES_ONLY.contains(&why)) else { return false };
    let unheld = unheld(b, repo_top, &reach.made_dirs);
    let may_be = |names: &[String], among: &[(String, bool)]| {
        names.iter().any(|name| among.iter().any(|(u, _)| u.is_empty() || name.is_empty() || could_be(name, u)))
    };
    // A file only changed must exist: only a protected name made since the box started can be it.
    let existing: Vec<(String, bool)> = unheld.iter().filter(|(_, exists)| *exists).cloned().collect();
    !may_be(&reach.computed_names, &unheld) && !may_be(&reach.computed_existing, &existing)
}

/// Whether the kernel keeps `root` (what the gate protects as a whole) from this call.
pub fn holds(root: &Path) -> bool {
    let path = lexical(root);
    view().is_some_and(|b| b.holds_read_only(&std::fs::canonicalize(&path).unwrap_or(path)))
}

/// The last components of the protected names the box does not hold: each such name, and each of
/// its directories that is missing (a directory made elsewhere and moved into place makes the name
/// whole). An empty one when such a name is a directory that exists or that the call makes (`made`):
/// any name may be written into it. Each with whether it exists now.
fn unheld(b: &Boxed, repo_top: Option<&Path>, made: &[PathBuf]) -> Vec<(String, bool)> {
    let names = Protected::names();
    let mut places: Vec<(PathBuf, PathBuf)> = Vec::new();
    if let Some(home) = crate::paths::home() {
        places.extend(names.home.iter().map(|n| (home.clone(), home.join(n))));
    }
    if let Some(own) = crate::paths::gitvow_home() {
        places.push((own.clone(), own));
    }
    if let Some(top) = repo_top {
        places.extend(names.repo.iter().map(|n| (top.to_path_buf(), top.join(n))));
    }
    let root = crate::paths::system_root();
    places.extend(names.system.iter().map(|n| (root.clone(), root.join(n.trim_start_matches('/')))));
    let held = |p: &Path| b.holds_read_only(&std::fs::canonicalize(p).unwrap_or_else(|_| lexical(p)));
    let mut out = Vec::new();
    for (base, name) in places {
        if made.iter().any(|d| name.starts_with(d) || d.starts_with(&name)) && !held(&name) {
            out.push((String::new(), false));
        }
        let mut at = Some(name.as_path());
        while let Some(p) = at.filter(|p| p.starts_with(&base) && *p != base && !held(p)) {
            match std::fs::symlink_metadata(p) {
                // A directory above that exists: nothing to make there.
                Ok(_) if p != name => break,
                Ok(meta) if meta.is_dir() => out.push((String::new(), true)),
                found => out.extend(p.file_name().map(|n| (n.to_string_lossy().into_owned(), found.is_ok()))),
            }
            at = p.parent();
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether `name` (literal text with [`COMPUTED`] where the shell computes) can be `component`.
fn could_be(name: &str, component: &str) -> bool {
    let pieces: Vec<&str> = name.split(COMPUTED).collect();
    let (first, last) = (pieces[0], pieces[pieces.len() - 1]);
    if pieces.len() == 1 {
        return name == component;
    }
    let Some(mut rest) = component.strip_prefix(first) else { return false };
    for piece in &pieces[1..pieces.len() - 1] {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

#[cfg(test)]
mod tests {
    use super::could_be;

    #[test]
    fn a_computed_name_can_be_what_its_known_text_allows() {
        for (name, component) in
            [("\0", "hooks.json"), ("\0.json", "hooks.json"), ("\0aude", ".claude"), ("settings.\0.json", "settings.local.json")]
        {
            assert!(could_be(name, component), "{name:?} {component}");
        }
        for (name, component) in
            [("\0.orig", "hooks.json"), ("\0.bak", ".bash_profile"), ("version.txt", "settings.json"), ("a\0b\0c", "abc.d")]
        {
            assert!(!could_be(name, component), "{name:?} {component}");
        }
    }
}
