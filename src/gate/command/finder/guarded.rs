//! The places the gate guards that a name test can match under a finder's start, whether or not
//! they are there when the gate looks: what `find . -name 'settings*.json' -exec sed -i …` may
//! change is `.claude/settings.json` even in a project that has none yet (the same call, or
//! anything running beside it, may make one before find looks), and what a loop makes of the
//! names a finder found (`${f%.bak}` of `*.bak` is any name, `~/.bashrc` too) is judged by the
//! places its new name can match.
//!
//! The places are those the gate protects or the default policy guards by their path, the files
//! the agents' hooks are installed in and the box holds (`Protected::names`), and git's hooks by
//! their names. A place is matched by any of its components below the start: a name test that
//! matches `.github` finds the directory `.github/workflows` is in.

use super::super::Walk;
use crate::gate::{location, pattern, protect};
use std::path::{Path, PathBuf};

/// The names git runs as hooks from its hook directory.
const GIT_HOOKS: &[&str] = &[
    "applypatch-msg",
    "pre-applypatch",
    "post-applypatch",
    "pre-commit",
    "pre-merge-commit",
    "prepare-commit-msg",
    "commit-msg",
    "post-commit",
    "pre-rebase",
    "post-checkout",
    "post-merge",
    "pre-push",
    "pre-receive",
    "update",
    "proc-receive",
    "post-receive",
    "post-update",
    "reference-transaction",
    "push-to-checkout",
    "pre-auto-gc",
    "post-rewrite",
    "sendemail-validate",
    "fsmonitor-watchman",
    "post-index-change",
];

impl Walk<'_> {
    /// Each known guarded place under `start` (as named, or where its links lead) that one of
    /// `names` (a pattern, and whether it ignores case) matches by one of its components below
    /// `start`: the path down to that component.
    pub(in crate::gate::command) fn guarded_named(&self, start: &Path, names: &[(String, bool)]) -> Vec<PathBuf> {
        let hit = |component: &str| {
            names.iter().any(|(p, ci)| {
                if *ci {
                    pattern::matches(&p.to_lowercase(), &component.to_lowercase(), true)
                } else {
                    pattern::matches(p, component, true)
                }
            })
        };
        let real = location::resolve(start);
        let mut found: Vec<PathBuf> = Vec::new();
        for place in self.known_places() {
            for base in [start, real.as_path()] {
                let Ok(rest) = place.strip_prefix(base) else { continue };
                let mut at = base.to_path_buf();
                for c in rest.components() {
                    at.push(c);
                    if hit(&c.as_os_str().to_string_lossy()) && !found.contains(&at) {
                        found.push(at.clone());
                    }
                }
            }
        }
        found
    }

    /// The places [`Walk::guarded_named`] looks for, there or not.
    fn known_places(&self) -> Vec<PathBuf> {
        let (home, top) = (self.ctx.home, self.ctx.repo_top);
        let names = crate::confine::plan::Protected::names();
        let mut places = protect::guarded_places(home, top);
        places.extend(home.into_iter().flat_map(|h| names.home.iter().map(move |n| h.join(n))));
        places.extend(top.into_iter().flat_map(|t| names.repo.iter().map(move |n| t.join(n))));
        places.extend(top.into_iter().flat_map(|t| GIT_HOOKS.iter().map(move |n| t.join(".git/hooks").join(n))));
        places.extend(crate::paths::gitvow_home());
        places.extend(home.into_iter().flat_map(|h| crate::paths::GITVOW_FILES.iter().map(move |n| h.join(".gitvow").join(n))));
        places.extend(names.system.iter().map(PathBuf::from));
        places
    }
}
