//! `find START… EXPR -exec cmd {} ;` and `-delete`: what it finds, as far as its name tests bound
//! it, and what it does to each thing found.
//!
//! A name test (`-name '*.c'`) matches at any depth: besides the stand-in `START/PATTERN` for the
//! project's own files, what it finds is every place the gate protects or the default policy guards
//! under START (the agents' and gitvow's directories, git's hooks and config) whose own name or
//! whose files' names it matches there on disk, so that `find . -name pre-commit -exec sed -i …`
//! is judged as the edit of `.git/hooks/pre-commit` it is.

use super::syntax::{Part, Word};
use super::{Dirs, Feed, ShellState, Walk, effects, lit_word};
use crate::gate::{pattern, protect};
use std::path::{Path, PathBuf};

/// Entries of a guarded directory looked at per call; past it the directory counts as found whole.
const MAX_LISTED: usize = 512;
/// Guarded files found by name that are judged one by one; past it their directories are.
const MAX_HITS: usize = 16;

impl Walk<'_> {
    /// `find DIR … -exec cmd {} \;` runs cmd on what it finds under DIR; `-delete` removes it.
    pub(super) fn find(&mut self, words: &[Word], args: &[String], dirs: &Dirs, shell: &mut ShellState, reparse: usize) {
        let starts: Vec<Word> =
            words.iter().take_while(|w| !w.text().starts_with('-') && !matches!(w.text().as_str(), "(" | "!")).cloned().collect();
        let starts = if starts.is_empty() { vec![lit_word(".")] } else { starts };
        let found = self.found(&starts, args, dirs);
        // Without name tests, `{}` stands for every file under a start: `.git`'s too.
        let trees = name_tests(args).is_none();
        if args.iter().any(|a| a == "-delete") {
            for w in &found {
                self.effect(effects::EffectKind::DeleteRecursive, w, dirs);
            }
        }
        let mut i = 0;
        while i < args.len() {
            if matches!(args[i].as_str(), "-exec" | "-execdir" | "-ok" | "-okdir" | "-x" | "--exec" | "-X" | "--exec-batch") {
                let begin = i + 1;
                let mut end = begin;
                while end < args.len() && args[end] != ";" && args[end] != "+" {
                    end += 1;
                }
                // `{}` is each thing found: the start directory (or its pattern) stands for all.
                for f in &found {
                    let inner: Vec<Word> = words[begin..end].iter().map(|w| if w.text() == "{}" { f.clone() } else { w.clone() }).collect();
                    let before = self.out.effects.len();
                    let reads_before = self.out.reads.len();
                    self.run(inner, dirs.clone(), &Feed::None, &[], shell, reparse);
                    // What it reads of `{}` is every file under the start.
                    if trees {
                        self.out.reads[reads_before..].iter_mut().for_each(|r| r.recursive = true);
                    }
                    // Run on everything found below the start, a deletion of each is a deletion of the
                    // tree, and a rewrite of each file under a start (`truncate`, `sed -i`) a rewrite of
                    // the tree: of the history in `.git` when the start holds it.
                    for e in &mut self.out.effects[before..] {
                        match e.kind {
                            effects::EffectKind::Delete => e.kind = effects::EffectKind::DeleteRecursive,
                            effects::EffectKind::Overwrite if trees => e.kind = effects::EffectKind::OverwriteRecursive,
                            _ => {}
                        }
                    }
                }
                i = end;
            }
            i += 1;
        }
    }

    /// What `find` finds under its starts: the starts themselves (anything under them) unless
    /// name tests bound it; then `START/PATTERN` for each pattern, and the guarded places under
    /// START the patterns match by name.
    fn found(&self, starts: &[Word], args: &[String], dirs: &Dirs) -> Vec<Word> {
        let Some(names) = name_tests(args) else { return starts.to_vec() };
        let mut found = Vec::new();
        let mut hits: Vec<PathBuf> = Vec::new();
        for s in starts {
            for (p, _) in &names {
                found.push(Word { parts: s.parts.iter().cloned().chain([Part::Lit(format!("/{p}"))]).collect() });
            }
            for t in self.paths(s, dirs).unwrap_or_default().into_iter().filter(|t| t.glob.is_none()) {
                for place in protect::guarded_places(self.ctx.home, self.ctx.repo_top) {
                    if place.starts_with(&t.path) || place.starts_with(crate::gate::location::resolve(&t.path)) {
                        named_in(&place, &names, &mut hits);
                    }
                }
            }
        }
        if hits.len() > MAX_HITS {
            // Too many to judge one by one: the guarded places holding them, whole.
            let places: Vec<PathBuf> = protect::guarded_places(self.ctx.home, self.ctx.repo_top);
            let mut holders: Vec<PathBuf> = places.into_iter().filter(|p| hits.iter().any(|h| h.starts_with(p))).collect();
            holders.dedup();
            hits = holders;
        }
        found.extend(hits.iter().map(|h| lit_word(&h.to_string_lossy())));
        found
    }
}

/// The `-name`/`-iname` patterns (and whether each ignores case) that bound everything `find`
/// acts on; `None` when they do not: no name test, a negation, a pattern that could name a
/// directory the gate protects as a whole, or an alternative (`-o`) with neither a name test nor
/// `-prune`.
fn name_tests(args: &[String]) -> Option<Vec<(String, bool)>> {
    let expression: Vec<&str> = args.iter().map(String::as_str).skip_while(|a| !a.starts_with('-') && !matches!(*a, "(" | "!")).collect();
    let action =
        expression.iter().position(|a| a.starts_with("-exec") || a.starts_with("-ok") || *a == "-delete").unwrap_or(expression.len());
    if expression.iter().any(|a| matches!(*a, "!" | "-not")) {
        return None;
    }
    let mut names = Vec::new();
    for alternative in expression[..action].split(|a| matches!(*a, "-o" | "-or" | ",")) {
        let mut named = false;
        for pair in alternative.windows(2) {
            if matches!(pair[0], "-name" | "-iname") {
                if pair[1].contains('/') || protect::may_name_protected(pair[1]) {
                    return None;
                }
                names.push((pair[1].to_string(), pair[0] == "-iname"));
                named = true;
            }
        }
        if !named && !alternative.contains(&"-prune") {
            return None;
        }
    }
    (!names.is_empty()).then_some(names)
}

/// `place` and what is below it (bounded, links not followed) whose name one of `names` matches.
fn named_in(place: &Path, names: &[(String, bool)], hits: &mut Vec<PathBuf>) {
    let matches = |path: &Path| {
        let Some(name) = path.file_name().map(|n| n.to_string_lossy()) else { return false };
        names.iter().any(|(p, ci)| {
            if *ci { pattern::matches(&p.to_lowercase(), &name.to_lowercase(), true) } else { pattern::matches(p, &name, true) }
        })
    };
    let Ok(meta) = std::fs::symlink_metadata(place) else { return };
    let mut seen = 0;
    let mut todo = vec![(place.to_path_buf(), meta.is_dir())];
    while let Some((path, is_dir)) = todo.pop() {
        if matches(&path) && !hits.contains(&path) {
            hits.push(path.clone());
        }
        if !is_dir {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&path) else { continue };
        for e in entries.flatten() {
            seen += 1;
            if seen > MAX_LISTED {
                // More than the gate lists per call: the place counts as found whole.
                if !hits.contains(&place.to_path_buf()) {
                    hits.push(place.to_path_buf());
                }
                return;
            }
            todo.push((e.path(), e.file_type().is_ok_and(|t| t.is_dir())));
        }
    }
}
