//! What a filter, a directory lister or `locate` passes on as names, where they may name gitvow's
//! secrets: the lists a reader after them (`xargs cat`) reads.

use super::super::syntax::{Part, Word};
use super::super::{Dirs, Feed, Walk, lit_word};
use super::holding::holding;
use crate::gate::command::programs;
use crate::gate::{pattern, protect};

impl Walk<'_> {
    /// What a filter passes on of the names on its input (`find ~/.gitvow | sort | xargs cat`):
    /// a filter of lines (`sort`, `head`, `grep` of its input) some of the same names; one that
    /// reshapes them (`cut`, `sed`, `awk`, `tr`) names within the same places, each now standing
    /// for all under it. `None` for a program that reads files of its own, or no list.
    /// Only names that reach gitvow's directory are followed so (the project's own lists are
    /// judged as before).
    pub(in crate::gate::command) fn filtered(&mut self, name: &str, words: &[Word], feed: &Feed, dirs: &Dirs) -> Option<Feed> {
        // `find . -name '*.php' | grep -v vendor | xargs chmod 644`: some of the same names, when
        // they are bounded ones (no start standing for all under it, no computed part).
        // `find . -type f | grep -v test | xargs sed -i …`: what a finder listed on disk, through
        // a grep read exactly, is what it keeps of those names.
        if let Feed::Found(names, trees) = feed
            && passes_lines(name, words)
            && let Some((_, listed)) = self.seen.listed.iter().find(|((n, t), _)| n == names && t == trees)
            && let Some(keeps) = super::grep::keeps(name, words)
        {
            let kept: Vec<Word> = listed.iter().filter(|w| keeps(&w.text())).cloned().collect();
            let stand_in = (kept.clone(), false);
            self.seen.listed.retain(|(s, _)| *s != stand_in);
            self.seen.listed.push((stand_in, kept.clone()));
            return Some(Feed::Found(kept, false));
        }
        let bounded = |w: &Word| w.parts.iter().all(|p| matches!(p, Part::Lit(_) | Part::Glob(_)));
        if let Feed::Found(names, false) = feed
            && names.iter().all(bounded)
            && passes_lines(name, words)
        {
            return Some(Feed::Found(names.clone(), false));
        }
        let (names, trees) = match feed {
            Feed::Found(names, trees) => (names.clone(), *trees),
            // `echo ~/.gitvow/policy.json | sed …`: names the analyser knows as text.
            Feed::Text(t) => (t.split_whitespace().map(lit_word).collect(), false),
            _ => return None,
        };
        let secrets = crate::paths::gitvow_home()?;
        let reaches = |w: &Word| {
            self.paths(w, dirs).is_some_and(|ts| ts.iter().any(|t| secrets.starts_with(&t.path) || t.path.starts_with(&secrets)))
        };
        if !names.iter().any(reaches) {
            return None;
        }
        let operands = words.iter().filter(|w| !w.text().starts_with('-')).count();
        match name {
            "sort" | "uniq" | "head" | "tail" | "tac" | "shuf" | "tee" | "column" | "nl" if operands == 0 || name == "tee" => {
                Some(Feed::Found(names, trees))
            }
            "grep" | "egrep" | "fgrep" | "rg" if operands <= 1 => Some(Feed::Found(names, trees)),
            // A name in gitvow's directory reshaped (`sed s/policy.json/record.key/`) may be any
            // name there: the directory, whole.
            "cut" | "sed" | "gsed" | "awk" | "gawk" | "mawk" | "nawk" | "tr" | "rev" | "paste" | "perl" | "xargs" | "realpath"
            | "readlink" | "dirname" => {
                let dir = lit_word(&secrets.to_string_lossy());
                Some(Feed::Found(names.iter().map(|w| if reaches(w) { dir.clone() } else { w.clone() }).collect(), true))
            }
            _ => None,
        }
    }

    /// What any other program given a directory that holds (or lies in) gitvow's prints may name
    /// anything under it (`du -a ~/.gitvow`, `tree -fi ~`): a reader of those names reads those
    /// directories whole, and names the analyser cannot see. Unknown output otherwise, as before
    /// (a write to a name the shell computes is asked about anyway).
    pub(in crate::gate::command) fn printed_under(&self, operands: &[&Word], dirs: &Dirs) -> Feed {
        let Some(secrets) = crate::paths::gitvow_home() else { return Feed::Unknown };
        // Only a directory prints names under it: whether it is one is asked first, so a name
        // that is not (`grep -rn TODO src` in a long command, its `cd`s nesting) is never resolved.
        let reaches = |t: &crate::gate::place::Touch| {
            t.glob.is_none()
                && t.path.is_dir()
                && (secrets.starts_with(&t.path)
                    || t.path.starts_with(&secrets)
                    || secrets.starts_with(crate::gate::location::resolve(&t.path)))
        };
        let mut found: Vec<Word> =
            operands.iter().filter(|w| self.paths(w, dirs).is_some_and(|ts| ts.iter().any(reaches))).map(|w| (*w).clone()).collect();
        if found.is_empty() {
            return Feed::Unknown;
        }
        found.push(Word { parts: vec![Part::Computed("$(output)".into())] });
        Feed::Found(found, true)
    }

    /// `locate PATTERN…`: names from a database of the whole file system, so any name it could
    /// print, and among them each guarded file (bounded) whose path one of its patterns matches
    /// (a part of the path, or the whole path for a pattern with wildcards; the last name with
    /// `-b`; any case with `-i`; every one for a regular expression).
    pub(in crate::gate::command) fn located(&self, args: &[String]) -> Feed {
        let short = |c: char| args.iter().any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains(c));
        let regex = short('r') || args.iter().any(|a| a.starts_with("--regex") || a == "--regexp");
        let (base, ci) = (short('b') || args.iter().any(|a| a == "--basename"), short('i') || args.iter().any(|a| a == "--ignore-case"));
        let at = programs::skip_options(args, "dlnr", &["--database", "--limit", "--regexp"]);
        let patterns: Vec<String> = args[at.min(args.len())..].iter().map(|p| if ci { p.to_lowercase() } else { p.clone() }).collect();
        let mut found = vec![Word { parts: vec![Part::Computed("$(locate …)".into())] }];
        let mut held = Vec::new();
        for place in protect::guarded_places(self.ctx.home, self.ctx.repo_top) {
            holding(&place, None, false, &mut held);
        }
        for w in held {
            let text = w.text();
            let path = if ci { text.to_lowercase() } else { text.clone() };
            let subject = if base { path.rsplit('/').next().unwrap_or_default().to_string() } else { path.clone() };
            let hit = |p: &String| {
                let p = p.trim_start_matches('\\');
                regex || if pattern::is_pattern(p) { pattern::matches(p, &subject, true) } else { subject.contains(p) }
            };
            if patterns.is_empty() || patterns.iter().any(hit) {
                found.push(w);
            }
        }
        Feed::Found(found, false)
    }
}

/// Filters that print whole lines of their input, unchanged, and nothing else: (program, its
/// option letters that take no value, those that take one). An option that changes what a line
/// says (`grep -o`, `-n`, `--color`, `uniq -c`, `head -c`) or a file of their own is not here.
const LINE_FILTERS: &[(&str, &str, &str)] = &[
    ("sort", "bdfghiMnrRsuVz", "ktST"),
    ("uniq", "diDuz", "fsw"),
    ("head", "qz", "n"),
    ("tail", "qz", "n"),
    ("grep", "vixwEFGPsaUz", "ef"),
    ("egrep", "vixwsaUz", "ef"),
    ("fgrep", "vixwsaUz", "ef"),
    ("tac", "", ""),
    ("shuf", "z", "n"),
    ("cat", "", ""),
    ("pv", "lq", ""),
];

/// Long options of [`LINE_FILTERS`] that change no line either.
const LINE_FILTER_LONG: &[&str] = &[
    "--reverse",
    "--numeric-sort",
    "--unique",
    "--ignore-case",
    "--invert-match",
    "--fixed-strings",
    "--extended-regexp",
    "--word-regexp",
    "--line-regexp",
    "--line-mode",
    "--quiet",
    "--null-data",
    "--zero-terminated",
];

/// Whether `name` with `words` (all literal: a computed one may be any option) prints only lines
/// of its input as they are: `grep`'s one pattern (none after `-e`/`-f`), `head -400`, `cat -`.
fn passes_lines(name: &str, words: &[Word]) -> bool {
    let Some((_, flags, values)) = LINE_FILTERS.iter().find(|(p, _, _)| *p == name) else { return false };
    let Some(args) = words.iter().map(Word::literal).collect::<Option<Vec<String>>>() else { return false };
    let (mut operands, mut patterns_given, mut i) = (0, false, 0);
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        if a == "-" || !a.starts_with('-') {
            operands += usize::from(a != "-");
            continue;
        }
        if a.starts_with("--") {
            if !LINE_FILTER_LONG.contains(&a) {
                return false;
            }
            continue;
        }
        let cluster = &a[1..];
        if matches!(name, "head" | "tail") && cluster.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        for (k, c) in cluster.char_indices() {
            if values.contains(c) {
                patterns_given |= matches!(c, 'e' | 'f');
                // The value is the rest of the cluster, or the next word.
                i += usize::from(k + 1 == cluster.len());
                break;
            }
            if !flags.contains(c) {
                return false;
            }
        }
    }
    let grep = matches!(name, "grep" | "egrep" | "fgrep");
    operands == usize::from(grep && !patterns_given)
}
