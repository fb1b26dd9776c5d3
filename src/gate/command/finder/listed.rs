//! What `find` prints for a pipe or a loop (`find . -type f | grep -v test | xargs sed -i …`,
//! `for f in $(find . | grep '\.xml$')`), listed at judging time when its starts are in the
//! project: each entry find would reach is walked (links not followed, within [`MAX_WALKED`]
//! entries), its tests evaluated on it as [`super::bounds::acts_on`] does, and the names it prints are
//! the list, exactly, which a filter after it narrows and a reader after it acts on one by one.
//!
//! What is not there yet is listed only where a name test names it, as for find's actions (a
//! git hook, an agent's settings: [`Walk::guarded_named`]); past the name tests a guarded place
//! comes to be there only by a change the gate judges on its own, in this call (an earlier
//! command changing the tree keeps the stand-in) or in another. Links followed where there is a
//! link, a name that splits into lines, a start that is computed or guarded, or a test the
//! analyser does not know keep the stand-in the caller had too.

use super::super::syntax::Word;
use super::super::{Dirs, Walk, lit_word};
use super::bounds::{Entry, Tri, acts_on, kind_of};
use super::{MAX_WALKED, expression_of};
use crate::gate::{location, protect};
use std::path::Path;

/// Names printed, at most: past it the list is left to the caller's stand-in.
pub(super) const MAX_PRINTED: usize = 256;

impl Walk<'_> {
    /// The names `find STARTS ARGS` prints, as find prints them (`./src/a.c`), listed at judging
    /// time (see the module's comment); `None` when they cannot be listed so. `follows`: `-L` or
    /// `-H`, which find without a link under its starts does not tell apart from `-P`.
    pub(super) fn listed_found(&self, starts: &[Word], args: &[String], dirs: &Dirs, follows: bool) -> Option<Vec<Word>> {
        let changed =
            !self.out.effects.is_empty() || !self.out.touched.is_empty() || self.out.opaque.is_some() || !self.seen.scripts.is_empty();
        if changed {
            return None;
        }
        let top = location::resolve(self.ctx.repo_top?);
        let expression = expression_of(args);
        // No expression: everything is printed.
        let expression = if expression.is_empty() { vec!["-true"] } else { expression };
        let depth = |option: &str| -> Option<Option<usize>> {
            let values: Option<Vec<usize>> = expression.windows(2).filter(|p| p[0] == option).map(|p| p[1].parse().ok()).collect();
            Some(values?.into_iter().max())
        };
        let (max, min) = (depth("-maxdepth")?.unwrap_or(usize::MAX), depth("-mindepth")?.unwrap_or(0));
        if expression.iter().any(|a| matches!(*a, "-L" | "-H" | "-follow" | "-files0-from")) {
            return None;
        }
        let guarded = protect::guarded_places(self.ctx.home, self.ctx.repo_top);
        let mut list = Listing { t: &expression, min, max, follows, seen: 0, names: Vec::new() };
        for s in starts {
            let text = s.literal()?;
            let paths = self.paths(s, dirs)?;
            let [t] = paths.as_slice() else { return None };
            let real = location::resolve(&t.path);
            if t.glob.is_some() || !real.starts_with(&top) || guarded.iter().any(|g| t.path.starts_with(g) || real.starts_with(g)) {
                return None;
            }
            // A start that is not there, or a link (followed with a slash after it), keeps the
            // stand-in.
            let meta = std::fs::symlink_metadata(&t.path).ok()?;
            if meta.file_type().is_symlink() {
                return None;
            }
            list.walk(&t.path, &text, meta)?;
            // What its name tests may find there that is not there yet, as for its actions.
            if let Some(names) = super::name_tests(args) {
                for place in self.guarded_named(&t.path, &names) {
                    let shown = place.strip_prefix(&t.path).map_or(place.clone(), |rest| Path::new(&text).join(rest));
                    let shown = shown.to_string_lossy().into_owned();
                    if !list.names.contains(&shown) {
                        list.names.push(shown);
                    }
                }
            }
        }
        (list.names.len() <= MAX_PRINTED).then(|| list.names.iter().map(|n| lit_word(n)).collect())
    }
}

/// One listing: the expression, its depth bounds, and what it printed so far.
struct Listing<'a> {
    t: &'a [&'a str],
    min: usize,
    max: usize,
    follows: bool,
    seen: usize,
    names: Vec<String>,
}

impl Listing<'_> {
    /// Lists what find prints at and under `disk` (the start `path` as given, whose metadata is
    /// `meta`); `None` past the bound, at a link when links are followed, at a name that splits
    /// into lines or is not text, or at a word the analyser does not know.
    fn walk(&mut self, disk: &Path, path: &str, meta: std::fs::Metadata) -> Option<()> {
        let mut todo = vec![(disk.to_path_buf(), path.to_string(), 0, meta)];
        while let Some((disk, path, level, meta)) = todo.pop() {
            self.seen += 1;
            if self.seen > MAX_WALKED || path.contains('\n') || (self.follows && meta.file_type().is_symlink()) {
                return None;
            }
            let name = name_of(&path);
            let kind = kind_of(&meta.file_type());
            let (acts, pruned) = acts_on(self.t, &Entry { name: &name, path: &path, kind, meta: Some(&meta), disk: Some(&disk) })?;
            if level >= self.min && acts != Tri::No {
                self.names.push(path.clone());
                if self.names.len() > MAX_PRINTED {
                    return None;
                }
            }
            if pruned || kind != 'd' || level >= self.max {
                continue;
            }
            for e in std::fs::read_dir(&disk).ok()? {
                let e = e.ok()?;
                let child = e.file_name().into_string().ok()?;
                let sep = if path.ends_with('/') { "" } else { "/" };
                let meta = e.metadata().ok()?;
                todo.push((e.path(), format!("{path}{sep}{child}"), level + 1, meta));
            }
        }
        Some(())
    }
}

/// The last component of a path as find prints it (`.` for `.`).
fn name_of(path: &str) -> String {
    Path::new(path).file_name().map_or(path.to_string(), |n| n.to_string_lossy().into_owned())
}
