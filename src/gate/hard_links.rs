//! A regular file with more than one name (a hard link) is each of its names: after
//! `ln ~/.gitvow/policy.json ~/todo.json`, writing `~/todo.json` writes gitvow's policy. So a file
//! a call writes that has other names is judged as each of them the gate protects or the default
//! policy guards. Only such a file is looked up: its link count comes from the look that resolved
//! its path, so an ordinary write costs nothing more. The lookup lists the guarded directories
//! breadth first (shallow names, where the protected files are, before deep ones) and compares the
//! inode number each listing gives, so that only a match costs a `stat`.
//!
//! The same holds for what a call reads: after `ln ~/.gitvow/record.key k`, `cat k` reads gitvow's
//! key, whatever the later call is named. A file a call reads is compared with the key and the
//! approval records by inode, only when it has more than one name; a directory read whole, a name in
//! a directory the shell computes or a pattern is looked through only while the key has other names
//! (its link count says so), which is never the case unless something linked it.

use super::command::Read;
use super::location::{self, FileId};
use super::pattern;
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
    search(id, written, places, DEPTH, UNGUARDED)
}

/// The names of the file `id` in `places`, down to `depth` and past the directories named `skip`,
/// other than `written`.
fn search(id: FileId, written: &Path, places: &[PathBuf], depth_limit: usize, skip: &[&str]) -> OtherNames {
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
        if !meta.is_dir() || depth >= depth_limit {
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
                if !skip.iter().any(|u| entry.file_name() == *u) {
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

/// How a call's reads reach gitvow's secrets through another of their names.
#[derive(Debug, PartialEq, Eq)]
pub enum SecretRead {
    /// A read reaches the secret: the name it reads by, and the secret's own name.
    Found(PathBuf, PathBuf),
    /// The record key has other names, and a read may reach one the gate cannot look for: why.
    Unsearched(String),
}

/// Whether any of `reads` reaches the record key or an approval record in `gitvow_dir` by another
/// name (a hard link). A file read by name is compared by inode when it has more than one name; a
/// directory read whole is searched for the key, a pattern expanded on disk and a name in a
/// computed directory taken as possibly the key, only while the key has more than one name.
pub fn secret_read(reads: &[Read], gitvow_dir: &Path) -> Option<SecretRead> {
    let key = gitvow_dir.join("record.key");
    let key_id = std::fs::symlink_metadata(&key).ok().and_then(|m| FileId::of_linked(&m));
    for read in reads {
        let path = &read.touch.path;
        if let Some(glob) = read.touch.glob.filter(|_| pattern::has_pattern(path) && path.is_absolute()) {
            let Some(id) = key_id else { continue };
            let Some(names) = pattern::on_disk(path, glob.hidden) else {
                return Some(SecretRead::Unsearched(format!(
                    "it reads what {} matches, too many files to compare with gitvow's record key, which has other names",
                    crate::paths::display(path)
                )));
            };
            if let Some(name) = names.into_iter().find(|n| is_file(id, n)) {
                return Some(SecretRead::Found(name, key));
            }
            continue;
        }
        if path.is_relative() {
            if key_id.is_some() {
                return Some(SecretRead::Unsearched(format!(
                    "it reads …/{} in a directory the shell computes, and gitvow's record key has other names",
                    path.display()
                )));
            }
            continue;
        }
        let real = location::resolve(path);
        if read.recursive
            && let Some(id) = key_id
        {
            let found = search(id, &key, std::slice::from_ref(&real), usize::MAX, &[]);
            if let Some(name) = found.found.into_iter().next() {
                return Some(SecretRead::Found(name, key));
            }
            if found.incomplete {
                return Some(SecretRead::Unsearched(format!(
                    "it reads {} whole, too large to look through for another name of gitvow's record key, which has other names",
                    crate::paths::display(path)
                )));
            }
        }
        let Some(id) = location::hard_linked(&real) else { continue };
        if key_id.is_some_and(|k| k.dev == id.dev && k.ino == id.ino) {
            return Some(SecretRead::Found(path.clone(), key));
        }
        let approvals = search(id, &real, &[gitvow_dir.join("approvals")], 1, &[]);
        if let Some(record) = approvals.found.into_iter().next() {
            return Some(SecretRead::Found(path.clone(), record));
        }
        if approvals.incomplete {
            return Some(SecretRead::Unsearched(format!(
                "it reads {}, a file with {} names, and gitvow's approvals are too many to compare with it",
                crate::paths::display(path),
                id.links
            )));
        }
    }
    None
}

/// Whether `path` (a link followed) is the file `id`.
fn is_file(id: FileId, path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| is(id, &m))
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
    fn a_read_of_another_name_of_the_key_is_a_read_of_the_key() {
        use crate::gate::command::{Glob, Touch};
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let vow = root.join(".gitvow");
        std::fs::create_dir_all(vow.join("approvals")).unwrap();
        std::fs::create_dir_all(root.join("work/deep")).unwrap();
        for (name, text) in [(".gitvow/record.key", "k"), (".gitvow/approvals/ab.json", "{}"), ("plain", "p")] {
            std::fs::write(root.join(name), text).unwrap();
        }
        let read = |rel: &str, recursive: bool, glob: Option<Glob>| {
            let path = rel.strip_prefix('/').map_or_else(|| PathBuf::from(rel), |r| root.join(r));
            secret_read(&[Read { touch: Touch { path, glob }, recursive }], &vow)
        };
        // Nothing linked: nothing is looked through.
        std::fs::hard_link(root.join("plain"), root.join("work/plain2")).unwrap();
        assert_eq!(read("/work/plain2", false, None), None);
        assert_eq!(read("/work", true, None), None);
        assert_eq!(read("x", false, None), None);
        std::fs::hard_link(vow.join("record.key"), root.join("work/deep/k")).unwrap();
        std::fs::hard_link(vow.join("approvals/ab.json"), root.join("work/a")).unwrap();
        let key = vow.join("record.key");
        assert_eq!(read("/work/deep/k", false, None), Some(SecretRead::Found(root.join("work/deep/k"), key.clone())));
        assert_eq!(read("/work/a", false, None), Some(SecretRead::Found(root.join("work/a"), vow.join("approvals/ab.json"))));
        assert_eq!(read("/work", true, None), Some(SecretRead::Found(root.join("work/deep/k"), key.clone())));
        assert_eq!(read("/work/deep/?", false, Some(Glob { hidden: false })), Some(SecretRead::Found(root.join("work/deep/k"), key)));
        assert!(matches!(read("x", false, None), Some(SecretRead::Unsearched(_))));
        assert_eq!(read("/work/plain2", false, None), None);
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
