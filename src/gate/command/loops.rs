//! What a loop variable holds when its list is one the analyser can bound: `… | while read -r f`
//! over a finder's matches, a project list file or literal lines, and `for f in $(find …)`. The
//! variable then names each of those (see [`Walk::loop_head`]); any other list leaves it computed.

use super::syntax::{self, Part, Word};
use super::{Feed, Walk, lit_word};

/// Names a loop variable is given from one list, at most: past it the variable stays computed.
const MAX_LOOP_NAMES: usize = 32;
/// The computed part standing for a name a finder finds under its start.
const FOUND: &str = "$(find)";

impl Walk<'_> {
    /// `read [-r] [-d DELIM] NAME` on `feed`: NAME holds each name of the list the pipe or the
    /// redirection gives it, when the list is bounded ([`Walk::bounded_list`]); else it is
    /// computed. `-a`, `-u`, `-n`, several names or a prompt leave every name it sets computed.
    pub(super) fn read_line(&mut self, words: &[Word], feed: &Feed) {
        let mut names = Vec::new();
        let mut plain = true;
        let mut i = 0;
        while i < words.len() {
            let Some(t) = words[i].literal() else {
                plain = false;
                break;
            };
            match t.as_str() {
                "-r" | "-e" | "-s" | "-re" | "-er" | "-rs" | "-sr" => {}
                "-d" | "-rd" => i += 1,
                _ if t.starts_with('-') => plain = false,
                _ => names.push(t),
            }
            i += 1;
        }
        for n in &names {
            self.seen.loops.retain(|(m, _)| m != n);
        }
        let [name] = names.as_slice() else { return };
        if !plain || !syntax::is_name(name) {
            return;
        }
        if let Some(values) = self.bounded_list(feed) {
            if let (Feed::Found(..), Some(lister)) = (feed, &self.seen.lister) {
                self.out.sources.push(format!("${name} holds each name {lister} lists"));
            }
            self.seen.loops.push((name.clone(), values));
        }
    }

    /// The names `feed` lists, one a line, when the analyser can bound them: a finder's matches
    /// bounded by name tests (each `START/PATTERN`, with the guarded files the pattern matches),
    /// what a list file in the project holds, or literal lines of plain names.
    pub(super) fn bounded_list(&self, feed: &Feed) -> Option<Vec<Word>> {
        // A line is one name: no blank, quoting or expansion in it, and no pattern (the shell
        // would match an unquoted `$f` holding `*` against the directory).
        let plain = |l: &str| !l.is_empty() && !l.chars().any(|c| c.is_whitespace() || "'\"\\$`*?[~".contains(c));
        let lines = |names: Vec<&str>| names.iter().all(|n| plain(n)).then(|| names.iter().map(|n| lit_word(n)).collect::<Vec<_>>());
        let values: Vec<Word> = match feed {
            // A finder's stand-in `START/PATTERN` names the files it matches, each a real name.
            Feed::Found(found, false) => found.clone(),
            // Without name tests, each start stands for any name under it, as a computed name in
            // that directory does (`.` for the project's own `.git` and agents' directories), and
            // the start itself, which a read takes whole ([`Walk::names_trees`]).
            Feed::Found(starts, true) => starts
                .iter()
                .flat_map(|s| {
                    let slash = (!s.text().ends_with('/')).then(|| Part::Lit("/".into()));
                    [s.clone(), Word { parts: s.parts.iter().cloned().chain(slash).chain([Part::Computed(FOUND.into())]).collect() }]
                })
                .collect(),
            Feed::Text(text) => lines(text.lines().map(str::trim).filter(|l| !l.is_empty()).collect())?,
            Feed::File(path) => lines(self.listed(path)?.iter().map(String::as_str).collect())?,
            _ => return None,
        };
        // Spliced into a word, a value must not name another loop variable (which could name itself).
        let spliced = |w: &Word| w.parts.iter().all(spliceable);
        (!values.is_empty() && values.len() <= MAX_LOOP_NAMES && values.iter().all(spliced)).then_some(values)
    }

    /// `for f in $(find . -name '*.c')`: the names the substitution's list names, when bounded.
    pub(super) fn substituted_list(&self, raw: &str) -> Option<Vec<Word>> {
        let (_, feed) = self.seen.substituted.iter().find(|(r, _)| r == raw)?;
        self.bounded_list(feed)
    }

    /// For `gitvow check`: what a `for` variable over a substitution's list holds.
    pub(super) fn say_substituted(&mut self, name: &str, raw: &str) {
        let inner = raw.strip_prefix("$(").and_then(|r| r.strip_suffix(')')).or_else(|| raw.strip_prefix('`')?.strip_suffix('`'));
        self.out.sources.push(format!("${name} holds each name {} lists", inner.unwrap_or(raw).trim()));
    }

    /// Whether `word` holds a loop variable that stands for all a finder finds under a start
    /// (`find ~/.gitvow | while read f; do cat "$f"`): what reads it reads the start whole.
    pub(super) fn names_trees(&self, word: &Word) -> bool {
        let found = Part::Computed(FOUND.into());
        word.parts.iter().any(|p| {
            let name = match p {
                Part::Var(n) => n.as_str(),
                Part::Computed(t) => t.strip_prefix("${").and_then(|t| t.split(['%', '#', '/', ':', '}']).next()).unwrap_or(""),
                _ => return false,
            };
            self.seen.loops.iter().any(|(n, values)| n == name && values.iter().any(|v| v.parts.contains(&found)))
        })
    }
}

/// A part a loop variable's value may hold: one that names no other variable (a value naming a
/// loop variable could name itself), or the stand-in for what a finder finds under its start.
pub(super) fn spliceable(p: &Part) -> bool {
    matches!(p, Part::Lit(_) | Part::Glob(_) | Part::Tilde | Part::Subst { .. }) || matches!(p, Part::Computed(t) if t == FOUND)
}

#[cfg(test)]
mod tests {
    use super::super::{Analysis, Context, analyse_in};
    use std::path::Path;

    fn analysed(cmd: &str) -> Analysis {
        analyse_in(cmd, &Context { cwd: Path::new("/r"), home: Some(Path::new("/h")), repo_top: Some(Path::new("/r")) })
    }

    fn touched(a: &Analysis) -> Vec<String> {
        a.touched.iter().map(|t| t.path.to_string_lossy().into_owned()).collect()
    }

    #[test]
    fn a_variable_read_from_a_bounded_list_names_each_name() {
        for cmd in [
            r#"find . -name '*.c' | while read -r f; do rm "$f"; done"#,
            r#"find . -name '*.c' -print0 | while IFS= read -r -d '' f; do rm -f "$f"; done"#,
            r#"for f in $(find . -name '*.c'); do rm "$f"; done"#,
        ] {
            let a = analysed(cmd);
            assert!(a.opaque.is_none(), "{cmd}: {a:?}");
            assert_eq!(touched(&a), ["/r/*.c"], "{cmd}");
        }
        let a = analysed(r#"printf 'a.txt\nb.txt\n' | while read f; do mv "$f" "${f%.txt}.md"; done"#);
        assert!(a.opaque.is_none(), "{a:?}");
        assert_eq!(touched(&a)[..2], ["/r/a.txt", "/r/b.txt"]);
    }

    #[test]
    fn check_says_where_the_names_come_from() {
        let a = analysed("find . -name '*.o' | xargs rm -f");
        assert!(a.sources.contains(&"rm -f on the names find . -name '*.o' lists".to_string()), "{a:?}");
        let a = analysed(r#"find . -name '*.py' | while read -r f; do touch "$f"; done"#);
        assert!(a.sources.contains(&"$f holds each name find . -name '*.py' lists".to_string()), "{a:?}");
        let a = analysed(r#"for d in $(find . -type d -name build); do rm -rf "$d"; done"#);
        assert!(a.sources.contains(&"$d holds each name find . -type d -name build lists".to_string()), "{a:?}");
    }

    #[test]
    fn unbounded_lists_leave_the_variable_computed() {
        for cmd in [
            r#"cat names | while read f; do rm "$f"; done"#,
            r#"printf '*\n' | while read f; do rm -rf $f; done"#,
            r#"printf 'a b\n' | while read f; do rm -rf "$f"; done"#,
            r#"find . -name '*.c' | while read a b; do rm "$a"; done"#,
            r#"find . -name '*.c' | while read -u 3 f; do rm "$f"; done"#,
        ] {
            assert!(analysed(cmd).opaque.is_some(), "{cmd}");
        }
    }

    #[test]
    fn a_finder_without_name_tests_stands_for_all_under_its_start() {
        let a = analysed(r#"find /h/.gitvow | while read f; do cat "$f"; done"#);
        assert!(a.reads.iter().any(|r| r.recursive && r.touch.path == Path::new("/h/.gitvow")), "{a:?}");
        let a = analysed(r#"find . -type f | while read f; do sed -i 's/a/b/' "$f"; done"#);
        assert!(touched(&a).contains(&"/r".to_string()), "{a:?}");
    }
}
