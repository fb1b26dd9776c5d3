//! A regular file with more than one name (a hard link) is each of its names: after
//! `ln ~/.gitvow/policy.json ~/todo.json`, writing `~/todo.json` writes gitvow's policy. So a file
//! a call writes that has other names is judged as each of them the gate protects or the default
//! policy guards. Only such a file is looked up: its link count comes from the look that resolved
//! its path, so an ordinary write costs nothing more. The lookup lists the guarded directories
//! breadth first (shallow names, where the protected files are, before deep ones) and compares the
//! inode number each listing gives, so that only a match costs a `stat`.

use super::location::FileId;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};

/// How deep below a guarded directory another name is looked for: the guarded files are at most
/// this deep (`~/.config/fish/conf.d/x.fish`, `~/.claude/hooks/x/y`).
const DEPTH: usize = 3;
/// How many directory entries one lookup reads at most.
const ENTRIES: usize = 20_000;
/// Directories inside the guarded ones that hold an agent's transcripts, caches and history
/// (thousands of files, none of them guarded): not listed, so that a heavy user's
/// `~/.claude/projects` does not use up [`ENTRIES`].
const UNGUARDED: &[&str] =
    &["projects", "todos", "shell-snapshots", "statsig", "file-history", "sessions", "history", "cache", "logs", "tmp", "debug"];

/// What a lookup found.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct OtherNames {
    /// The names of the file among the guarded places.
    pub found: Vec<PathBuf>,
    /// The search ended at [`ENTRIES`] before every place was listed and every other name found.
    pub incomplete: bool,
}

/// The names, other than `written`, that the file `id` has among `places` (files and directories,
/// each listed down to [`DEPTH`]).
pub fn among(id: FileId, written: &Path, places: &[PathBuf]) -> OtherNames {
    let mut out = OtherNames::default();
    // Every name but the written one is somewhere; once all are found, nothing is left to look for.
    let others = usize::try_from(id.links.saturating_sub(1)).unwrap_or(usize::MAX);
    let mut queue: VecDeque<(PathBuf, usize)> = places.iter().map(|p| (p.clone(), 0)).collect();
    let mut read = 0;
    while let Some((path, depth)) = queue.pop_front() {
        if out.found.len() >= others {
            return out;
        }
        let Ok(meta) = std::fs::symlink_metadata(&path) else { continue };
        if meta.is_file() {
            if is(id, &meta) && path != written && !out.found.contains(&path) {
                out.found.push(path);
            }
            continue;
        }
        if !meta.is_dir() || depth >= DEPTH {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&path) else { continue };
        for entry in entries.flatten() {
            read += 1;
            if read > ENTRIES {
                out.incomplete = true;
                return out;
            }
            let Ok(kind) = entry.file_type() else { continue };
            if kind.is_dir() {
                if !UNGUARDED.iter().any(|u| entry.file_name() == *u) {
                    queue.push_back((entry.path(), depth + 1));
                }
            } else if kind.is_file() && std::os::unix::fs::DirEntryExt::ino(&entry) == id.ino {
                // The listing's inode number matched: the file's own metadata says whether it is
                // the same file (the same device too).
                let name = entry.path();
                if name != written && !out.found.contains(&name) && std::fs::symlink_metadata(&name).is_ok_and(|m| is(id, &m)) {
                    out.found.push(name);
                }
            }
        }
    }
    out
}

fn is(id: FileId, meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    meta.dev() == id.dev && meta.ino() == id.ino
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id_of(path: &Path) -> FileId {
        FileId::of_linked(&std::fs::metadata(path).unwrap()).expect("a file with other names")
    }

    #[test]
    fn finds_the_guarded_names_of_a_linked_file() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("guarded/hooks/deep")).unwrap();
        std::fs::write(root.join("guarded/hooks/deep/x"), "x").unwrap();
        std::fs::write(root.join("guarded/other"), "y").unwrap();
        std::fs::hard_link(root.join("guarded/hooks/deep/x"), root.join("todo")).unwrap();
        let got = among(id_of(&root.join("todo")), &root.join("todo"), &[root.join("guarded")]);
        assert_eq!(got, OtherNames { found: vec![root.join("guarded/hooks/deep/x")], incomplete: false });
        // A guarded file named as a place is compared itself.
        let got = among(id_of(&root.join("todo")), &root.join("todo"), &[root.join("guarded/hooks/deep/x")]);
        assert_eq!(got.found, vec![root.join("guarded/hooks/deep/x")]);
        // The written name is not another name.
        let got = among(id_of(&root.join("todo")), &root.join("guarded/hooks/deep/x"), &[root.join("guarded")]);
        assert!(got.found.is_empty() && !got.incomplete);
    }

    #[test]
    fn a_name_too_deep_or_outside_is_not_searched_for() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("guarded/a/b/c")).unwrap();
        std::fs::write(root.join("guarded/a/b/c/x"), "x").unwrap();
        std::fs::hard_link(root.join("guarded/a/b/c/x"), root.join("todo")).unwrap();
        let got = among(id_of(&root.join("todo")), &root.join("todo"), &[root.join("guarded"), root.join("missing")]);
        assert_eq!(got, OtherNames::default());
    }

    #[test]
    fn an_agents_transcripts_are_not_listed() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("guarded/projects/p")).unwrap();
        for k in 0..=ENTRIES {
            std::fs::write(root.join(format!("guarded/projects/p/{k}.jsonl")), "").unwrap();
        }
        std::fs::write(root.join("guarded/settings.json"), "x").unwrap();
        std::fs::hard_link(root.join("guarded/settings.json"), root.join("todo")).unwrap();
        // A third name outside: the search goes on after the guarded one.
        std::fs::hard_link(root.join("guarded/settings.json"), root.join("elsewhere")).unwrap();
        let got = among(id_of(&root.join("todo")), &root.join("todo"), &[root.join("guarded")]);
        assert_eq!(got, OtherNames { found: vec![root.join("guarded/settings.json")], incomplete: false });
    }

    #[test]
    fn a_search_cut_short_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("guarded")).unwrap();
        for k in 0..=ENTRIES {
            std::fs::write(root.join(format!("guarded/{k}")), "").unwrap();
        }
        std::fs::write(root.join("x"), "x").unwrap();
        std::fs::hard_link(root.join("x"), root.join("todo")).unwrap();
        let got = among(id_of(&root.join("todo")), &root.join("todo"), &[root.join("guarded"), root.join("x")]);
        assert!(got.incomplete && got.found.is_empty(), "{got:?}");
    }
}
