//! Names cut at blanks. An unquoted `$f`, the list of `for f in $(…)` and the input of `xargs`
//! without `-0` or `-d` are split at blanks, each piece expanded as a pattern, so that a found name
//! `./x .claude/settings.json y.c` reaches the command as three names, the second a place the gate
//! guards. What names a listed value stands for is read from the directories at judging time
//! (bounded): each blank-separated piece of each such name is one more value; a name whose pieces
//! would be expanded or unquoted (a pattern character, a quote, a backslash) is not bounded.

use super::super::syntax::{Part, Word};
use super::super::{Dirs, Touch, Walk, lit_word};
use super::{FOUND, is_found_named};
use std::path::{Path, PathBuf};

/// Why a call that splits names it lists is asked about.
const UNSPLIT: &str = "it splits the names it lists at blanks, and what they split into cannot be bounded";

/// Entries looked at under the directories a call's split names are in, at most.
const MAX_ENTRIES: usize = 10_000;
/// Pieces of split names kept as values, at most: past it the values are not bounded.
const MAX_PIECES: usize = 32;
/// What makes a piece other than itself: a pattern the shell expands, quoting `xargs` removes,
/// the backslash `read` without `-r` removes.
const UNBOUNDED: &[char] = &['*', '?', '[', '\\', '\'', '"'];

impl Walk<'_> {
    /// `values` with every piece of every name they stand for that holds a blank, as a command
    /// receives them once the shell or `xargs` splits them; `None` when those names are not bounded
    /// (too many entries, a piece that would be expanded, a name the analyser cannot see).
    /// `cut` false: names are taken whole, only unquoted (`read` without `-r`).
    pub(in crate::gate::command) fn split_values(&self, values: &[Word], dirs: &Dirs, cut: bool) -> Option<Vec<Word>> {
        let mut out = values.to_vec();
        let mut budget = MAX_ENTRIES;
        for v in values {
            for name in self.standing_for(v, dirs, &mut budget)? {
                if name.contains(UNBOUNDED) {
                    return None;
                }
                for piece in name.split_whitespace().filter(|_| cut && name.contains(char::is_whitespace)) {
                    let piece = lit_word(piece);
                    if !out.contains(&piece) {
                        out.push(piece);
                    }
                }
                if out.len() > values.len() + MAX_PIECES {
                    return None;
                }
            }
        }
        Some(out)
    }

    /// `values` split ([`Walk::split_values`]), or as they are when that is not bounded: then the
    /// call is asked about, as what those names split into is not known.
    pub(in crate::gate::command) fn split_or_opaque(&mut self, values: Vec<Word>, dirs: &Dirs, cut: bool) -> Vec<Word> {
        match self.split_values(&values, dirs, cut) {
            Some(split) => split,
            None => {
                self.opaque(UNSPLIT);
                values
            }
        }
    }

    /// A text about to be walked expands outside double quotes loop variables that hold names
    /// taken whole so far (`… | while read f; do sh -c "rm $f"`): what they split into is not
    /// known here.
    pub(in crate::gate::command) fn split_later(&mut self, unquoted: &[String]) {
        let late: Vec<String> =
            unquoted.iter().filter(|n| !self.seen.split.contains(n) && self.seen.loops.iter().any(|(m, ..)| m == *n)).cloned().collect();
        if !late.is_empty() {
            self.opaque(UNSPLIT);
            self.seen.split.extend(late);
        }
    }

    /// Registers loop variable `name` with `values`: split first when `split` (its list is cut at
    /// blanks) or when it is expanded outside double quotes.
    pub(in crate::gate::command) fn hold_values(&mut self, name: String, values: Vec<Word>, shell_picked: bool, split: bool, dirs: &Dirs) {
        self.seen.split.retain(|n| *n != name);
        let values = if split || self.seen.unquoted.contains(&name) {
            self.seen.split.push(name.clone());
            self.split_or_opaque(values, dirs, true)
        } else {
            values
        };
        self.seen.loops.push((name, values, shell_picked));
    }

    /// The names on disk with a character that splits or expands that `value` stands for: itself
    /// when literal; for a pattern or a finder's stand-in, the names under its literal directory
    /// (a finder's at any depth, the shell's as deep as the pattern) whose last component the
    /// pattern matches, as the shell or the finder prints them.
    fn standing_for(&self, value: &Word, dirs: &Dirs, budget: &mut usize) -> Option<Vec<String>> {
        // `$(ls DIR)`: the bare names DIR holds.
        if let [Part::Computed(t)] = value.parts.as_slice()
            && let Some(dir) = t.strip_prefix("$(ls ").and_then(|d| d.strip_suffix(')'))
        {
            let word = match dir.strip_prefix('~') {
                Some(rest) => Word { parts: vec![Part::Tilde, Part::Lit(rest.to_string())] },
                None => lit_word(dir),
            };
            let mut names = Vec::new();
            for t in self.paths(&word, dirs)? {
                under(&t.path, "", 1, "*", budget, &mut names)?;
            }
            return Some(names);
        }
        let any = |p: &Part| matches!(p, Part::Computed(t) if t == FOUND) || is_found_named(p);
        let pattern = |p: &Part| matches!(p, Part::Glob(_)) || matches!(p, Part::Lit(t) if t.contains(['*', '?', '[']));
        let Some(first) = value.parts.iter().position(|p| any(p) || pattern(p)) else {
            if value.parts.iter().all(|p| matches!(p, Part::Lit(_) | Part::Tilde)) {
                let path = |t: Touch| t.path.to_string_lossy().into_owned();
                return Some(self.paths(value, dirs)?.into_iter().map(path).collect());
            }
            // A name the analyser cannot see at all (`$(locate …)`) stands for its pieces too.
            return matches!(value.parts.as_slice(), [Part::Computed(_) | Part::Subst { .. }]).then(Vec::new);
        };
        if value.parts.iter().any(|p| !matches!(p, Part::Lit(_) | Part::Glob(_) | Part::Tilde) && !any(p)) {
            return None;
        }
        // The literal directory before the first pattern, and the pattern after it.
        let shape: String =
            value.parts.iter().map(|p| if any(p) { "*".to_string() } else { Word { parts: vec![p.clone()] }.text() }).collect();
        let head: String = value.parts[..first].iter().map(|p| Word { parts: vec![p.clone()] }.text()).collect();
        let head = match &value.parts[first] {
            Part::Lit(t) => format!("{head}{}", &t[..t.find(['*', '?', '[']).unwrap_or(t.len())]),
            _ => head,
        };
        let (dir_text, _) = head.rsplit_once('/').map_or((String::new(), ""), |(d, r)| (format!("{d}/"), r));
        let rest = &shape[dir_text.len()..];
        let last = rest.rsplit('/').next().unwrap_or(rest);
        // The shell's pattern goes as deep as it has components; a finder's at any depth.
        let finder = !value.parts.iter().any(|p| matches!(p, Part::Glob(_)));
        let depth = if finder { usize::MAX } else { rest.split('/').count() };
        let base: Vec<PathBuf> = if dir_text.is_empty() {
            let Dirs::Known(ds) = dirs else { return None };
            ds.clone()
        } else {
            let touches = self.paths(&lit_or_tilde(value, &dir_text), dirs)?;
            touches.into_iter().map(|t| t.path).collect()
        };
        // As printed: the written directory, or the expanded home's.
        let tilde = matches!(value.parts.first(), Some(Part::Tilde));
        let mut names = Vec::new();
        for b in base {
            // What the call itself writes there is not on disk yet: a pattern, or a name that splits.
            let unseen = |t: &&Touch| t.glob.is_some() || odd(&t.path.to_string_lossy());
            if self.out.touched.iter().filter(|t| t.path.starts_with(&b)).any(|t| unseen(&t)) {
                return None;
            }
            let printed = if tilde { format!("{}/", b.to_string_lossy().trim_end_matches('/')) } else { dir_text.clone() };
            under(&b, &printed, depth, last, budget, &mut names)?;
        }
        Some(names)
    }
}

/// Whether a name is split or expanded when unquoted.
fn odd(s: &str) -> bool {
    s.contains(char::is_whitespace) || s.contains(UNBOUNDED)
}

/// The word of `value`'s directory `dir_text` (its `~` kept).
fn lit_or_tilde(value: &Word, dir_text: &str) -> Word {
    match value.parts.first() {
        Some(Part::Tilde) => Word { parts: vec![Part::Tilde, Part::Lit(dir_text[1..].to_string())] },
        _ => lit_word(dir_text),
    }
}

/// The names under `dir` (printed after `printed`), `depth` levels down at most, whose last
/// component `last` matches and whose printed name holds a blank or an unbounded character;
/// `None` past the entries' budget or for a name that is not text.
fn under(dir: &Path, printed: &str, depth: usize, last: &str, budget: &mut usize, names: &mut Vec<String>) -> Option<()> {
    if depth == 0 {
        return Some(());
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return Some(()) };
    for entry in entries {
        *budget = budget.checked_sub(1)?;
        let Ok(entry) = entry else { return None };
        let name = entry.file_name().into_string().ok()?;
        let shown = format!("{printed}{name}");
        if odd(&shown) && crate::gate::pattern::component_matches(last, &name, true) {
            names.push(shown.clone());
        }
        // A finder does not follow links; neither does the shell's pattern past a directory's name.
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            under(&entry.path(), &format!("{shown}/"), depth - 1, last, budget, names)?;
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::super::super::syntax::parse;

    /// What is expanded outside double quotes is noted, by its variable's name or its text.
    #[test]
    fn expansions_outside_double_quotes_are_noted() {
        let p = parse(r#"cat "$a" ""$b "${c}" ${d%.c} "$(x $e)" $(y) `z` x${g[@]}"#);
        assert_eq!(p.unquoted, ["b", "d", "e", "$(y)", "`z`", "g"]);
        assert!(
            parse(
                r#"cat "$f" <<EOF
$h
EOF"#
            )
            .unquoted
            .is_empty()
        );
    }
}
