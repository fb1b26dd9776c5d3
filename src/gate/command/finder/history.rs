//! `find .` at the repository's top without a name test stands for everything under it, `.git`
//! too: `find . -inum 128128 -delete` and `find . -size +1M -exec mv {} big/ \;` were judged as
//! rewriting git's history. What the expression acts on under `.git` can be read on disk at
//! judging time (bounded): when it acts on nothing there, nor on the top itself (a recursive
//! command run on `.` reaches `.git`), the finder stands for the top's entries under which it
//! may act, each with all it holds; an entry where it acts on nothing (an agent's directory the
//! gate guards whole, a link) is left out.

use super::super::syntax::{Part, Word};
use super::super::{Dirs, Walk};
use super::bounds::{Entry, Tri, acts_on, kind_of};
use std::path::Path;

impl Walk<'_> {
    /// Each start at the repository's top, when what the expression acts on there can be read on
    /// disk and is nothing under `.git` (see this module's documentation): the top's entries where it may act in
    /// its place.
    /// Only for a finder that is the call's first command besides `cd`: an earlier one may change
    /// what `.git` holds before it runs (`git add big && find . -size +1M -delete`).
    pub(super) fn beside_history(&self, starts: Vec<Word>, words: &[Word], args: &[String], dirs: &Dirs) -> Vec<Word> {
        let Some(top) = self.ctx.repo_top.map(crate::gate::place::lexical) else { return starts };
        let first = self.out.texts.iter().filter(|t| !matches!(t.split_whitespace().next(), Some("cd" | "pushd"))).count() <= 1;
        let at = words.iter().position(|w| w.text().starts_with('-') || matches!(w.text().as_str(), "(" | "!")).unwrap_or(words.len());
        // Every word of the tests is literal: a computed one decides nothing.
        let mut in_command = false;
        for w in &words[at..] {
            let text = w.text();
            if in_command {
                in_command = !matches!(text.as_str(), ";" | "+");
            } else if text.starts_with("-exec") || text.starts_with("-ok") {
                in_command = true;
            } else if w.literal().is_none() {
                return starts;
            }
        }
        if !first {
            return starts;
        }
        let expression: Vec<&str> = args[at.min(args.len())..].iter().map(String::as_str).collect();
        let mut out = Vec::new();
        for s in starts {
            let at_top = self
                .paths(&s, dirs)
                .is_some_and(|ps| ps.len() == 1 && ps[0].glob.is_none() && crate::gate::place::lexical(&ps[0].path) == top);
            let names = s.literal().filter(|_| at_top).and_then(|text| acted_entries(&top, &text, &expression).map(|ns| (text, ns)));
            match names {
                Some((text, names)) => {
                    let sep = if text.ends_with('/') { "" } else { "/" };
                    out.extend(
                        names.iter().map(|n| Word { parts: s.parts.iter().cloned().chain([Part::Lit(format!("{sep}{n}"))]).collect() }),
                    );
                }
                None => out.push(s),
            }
        }
        out
    }
}

/// Entries evaluated per call, `.git`'s first; an entry of the top not evaluated whole within it
/// is kept, and `.git` not evaluated whole within it keeps the top.
const MAX_ENTRIES: usize = 4096;
/// Entries of the top listed in place of it; past it the top stands for itself.
const MAX_TOP_ENTRIES: usize = 256;

/// The names of the entries of `top` under which the expression `t` (after the start `start`, as
/// find prints it) may act, when it certainly acts neither on `top` itself nor on anything at or
/// under `top/.git`; `None` otherwise, or past the bounds.
pub(super) fn acted_entries(top: &Path, start: &str, t: &[&str]) -> Option<Vec<String>> {
    if t.iter().any(|a| matches!(*a, "-L" | "-H" | "-follow")) {
        return None;
    }
    let depth = |option: &str| -> Option<Option<usize>> {
        let values: Option<Vec<usize>> = t.windows(2).filter(|p| p[0] == option).map(|p| p[1].parse().ok()).collect();
        Some(values?.into_iter().max())
    };
    let (max, min) = (depth("-maxdepth")?.unwrap_or(usize::MAX), depth("-mindepth")?.unwrap_or(0));
    let meta = std::fs::symlink_metadata(top).ok()?;
    if !meta.is_dir() {
        return None;
    }
    let name = Path::new(start).file_name().map_or(start.to_string(), |n| n.to_string_lossy().into_owned());
    let (acts, pruned) = acts_on(t, &Entry { name: &name, path: start, kind: 'd', meta: Some(&meta), disk: Some(top) })?;
    if min == 0 && acts != Tri::No {
        return None;
    }
    let mut names = Vec::new();
    for e in std::fs::read_dir(top).ok()? {
        names.push(e.ok()?.file_name().to_string_lossy().into_owned());
        if names.len() > MAX_TOP_ENTRIES {
            return None;
        }
    }
    if pruned || max == 0 {
        return Some(Vec::new());
    }
    // `.git` first: the rest of the budget goes to the other entries.
    names.sort_by_key(|n| (n != ".git", n.clone()));
    let walk = Tree { t, min, max, seen: std::cell::Cell::new(0) };
    let sep = if start.ends_with('/') { "" } else { "/" };
    let mut acted = Vec::new();
    for n in names {
        let reached = walk.may_act(&top.join(&n), &format!("{start}{sep}{n}"), 1);
        match reached {
            Some(false) => {}
            _ if n == ".git" => return None,
            _ => acted.push(n),
        }
    }
    Some(acted)
}

/// A bounded walk that does not follow links, as find's without `-L`.
struct Tree<'a> {
    t: &'a [&'a str],
    min: usize,
    max: usize,
    seen: std::cell::Cell<usize>,
}

impl Tree<'_> {
    /// Whether the expression may act on `disk` (find's `path` at `level`) or on anything under
    /// it; `None` past the budget or for a word the analyser does not know.
    fn may_act(&self, disk: &Path, path: &str, level: usize) -> Option<bool> {
        let mut todo = vec![(disk.to_path_buf(), path.to_string(), level)];
        while let Some((disk, path, level)) = todo.pop() {
            let Ok(meta) = std::fs::symlink_metadata(&disk) else { continue };
            self.seen.set(self.seen.get() + 1);
            if self.seen.get() > MAX_ENTRIES {
                return None;
            }
            let name = disk.file_name()?.to_string_lossy().into_owned();
            let kind = kind_of(&meta.file_type());
            let (acts, pruned) = acts_on(self.t, &Entry { name: &name, path: &path, kind, meta: Some(&meta), disk: Some(&disk) })?;
            if level >= self.min && acts != Tri::No {
                return Some(true);
            }
            if pruned || kind != 'd' || level >= self.max {
                continue;
            }
            for e in std::fs::read_dir(&disk).ok()? {
                let e = e.ok()?;
                let child = e.file_name().to_string_lossy().into_owned();
                todo.push((e.path(), format!("{path}/{child}"), level + 1));
            }
        }
        Some(false)
    }
}
