//! What `grep` tells of the files it searches: with `-l` the names of those that match, which a
//! reader after it (`xargs cat`) reads; without, lines of them.

use super::super::syntax::{Part, Word};
use super::super::{Dirs, Feed, Walk, lit_word};
use super::holding::holding;
use crate::gate::protect;

impl Walk<'_> {
    /// `grep -l PATTERN FILES…`, `grep -rl PATTERN [DIRS…]`: the files named, or what is under
    /// the directories (the stand-in `DIR/*`, and the guarded files there the pattern could match).
    pub(super) fn grep_listing(&self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) -> Feed {
        let explicit = args.iter().position(|a| a == "-e" || a == "--regexp" || a == "-f");
        let mut rest: Vec<(&Word, &String)> = words.iter().zip(args).filter(|(_, a)| !a.starts_with('-')).collect();
        let pattern = match explicit {
            Some(k) => args.get(k + 1).cloned().filter(|_| args[k] != "-f"),
            None if rest.is_empty() => return Feed::Unknown,
            None => Some(rest.remove(0).1.clone()),
        };
        if let Some(k) = explicit {
            rest.retain(|(_, a)| Some(*a) != args.get(k + 1));
        }
        let recursive = name != "grep" && name != "egrep" && name != "fgrep"
            || args.iter().any(|a| {
                a == "-r"
                    || a == "-R"
                    || a.starts_with("--recursive")
                    || (!a.starts_with("--") && a.starts_with('-') && a.contains(['r', 'R']))
            });
        let mut found: Vec<Word> = Vec::new();
        let fixed = name == "fgrep"
            || args.iter().any(|a| a == "-F" || a == "--fixed-strings" || (!a.starts_with("--") && a.starts_with('-') && a.contains('F')));
        let ci = args.iter().any(|a| a == "-i" || a == "--ignore-case" || (!a.starts_with("--") && a.starts_with('-') && a.contains('i')));
        let needle = pattern
            .filter(|p| !p.is_empty() && (fixed || !p.contains(['.', '[', ']', '*', '^', '$', '\\', '+', '?', '(', ')', '{', '}', '|'])));
        let starts: Vec<Word> =
            if rest.is_empty() && recursive { vec![lit_word(".")] } else { rest.iter().map(|(w, _)| (*w).clone()).collect() };
        if !recursive {
            return Feed::Found(starts, false);
        }
        for s in &starts {
            found.push(Word { parts: with_slash_star(s) });
            for t in self.paths(s, dirs).unwrap_or_default().into_iter().filter(|t| t.glob.is_none()) {
                for place in protect::guarded_places(self.ctx.home, self.ctx.repo_top) {
                    if place.starts_with(&t.path) {
                        holding(&place, needle.as_deref(), ci, &mut found);
                    }
                }
            }
        }
        Feed::Found(found, false)
    }
}

/// Whether grep's options make it print the names of files rather than lines.
pub(super) fn lists_files(args: &[String]) -> bool {
    args.iter().any(|a| {
        matches!(a.as_str(), "--files-with-matches" | "--files-without-match" | "--files")
            || (a.starts_with('-') && !a.starts_with("--") && a.contains(['l', 'L']))
    })
}

/// What a grep searches: its operands but the first, its pattern, unless an option gives the
/// pattern (`-e PAT`, `-f FILE`, `--regexp=PAT`, `-ePAT`), whose value is no operand either.
pub(super) fn searched<'a>(words: &'a [Word], args: &[String]) -> Vec<&'a Word> {
    let mut operands = Vec::new();
    let mut given = false;
    let mut k = 0;
    while k < args.len() {
        let a = args[k].as_str();
        let short = a.starts_with('-') && !a.starts_with("--");
        if matches!(a, "--regexp" | "--file") || short && a.ends_with(['e', 'f']) {
            given = true;
            k += 1;
        } else if a.starts_with("--regexp=") || a.starts_with("--file=") || short && a.contains(['e', 'f']) {
            given = true;
        } else if !a.starts_with('-') {
            operands.extend(words.get(k));
        }
        k += 1;
    }
    operands.into_iter().skip(usize::from(!given)).collect()
}

/// `DIR/*`: the stand-in for the files under a directory.
fn with_slash_star(w: &Word) -> Vec<Part> {
    let mut parts = w.parts.clone();
    if !w.text().ends_with('/') {
        parts.push(Part::Lit("/".into()));
    }
    parts.push(Part::Glob("*".into()));
    parts
}
