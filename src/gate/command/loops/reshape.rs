//! A loop variable's value reshaped by a parameter expansion (`${f%.txt}`, `${f/.c/.cc}`,
//! `${f#./}`): what the shell makes of each value, where the analyser can bound it.
//!
//! A value is text with patterns in it (`src/*.c`: a name the shell picked in `src`). Where the
//! expansion only touches literal text, the result is computed exactly and judged as any word is
//! (`${f#src/}` of `src/a.c` is `a.c`, in the working directory). Where it may touch what a pattern
//! picked, it is bounded when it can only reshape the last component: the result is then some
//! name in the value's directory (`src/*`). That holds when the directory part is literal and the
//! expansion's text cannot match across or into it, and the new last component can be neither
//! empty (the directory itself) nor start with a dot (`.git`, `..`): a pattern the shell expands
//! picks no name that starts with a dot, and an expansion that keeps the first character, or puts
//! a first character that is no dot, keeps it that way. Anything else (a pattern in the expansion's
//! text, a `/` put in, `~` or a variable in the replacement, a changed directory the analyser
//! cannot compute) leaves the name computed.
//!
//! Only the shell's own patterns are bounded so: a finder's stand-in (`./*.c` for what
//! `find . -name '*.c'` lists) stands for names at any depth whose first character may be a dot,
//! so what an expansion makes of the part it hides (`${f//x/}` of `.github/workflowsx/a.yml`) can
//! be any name under the start, and is computed unless the value is all literal text.

use super::super::syntax::{Part, Word};

/// One character of a value, and whether a pattern gives it (`*`, `?`, `[…]`) or it is literal.
type Ch = (char, bool);

/// Text an expansion uses as it is: no pattern, quoting, expansion or escape in it.
fn plain(t: &str) -> bool {
    !t.contains(['*', '?', '[', ']', '\\', '$', '`', '\'', '"', '~', '{', '}', '!', '(', ')', '|', '@', '+'])
}

/// What `${NAME OP}` makes of `value`, `op` being the expansion after the name (`%.txt`,
/// `//a/b`); `None` when the analyser cannot bound it. `shell_picked`: the value's patterns are
/// the shell's (see the module's note).
pub(super) fn reshaped(value: &Word, op: &str, shell_picked: bool) -> Option<Word> {
    // `${1:-dist}`: the default where the value is empty (`purge` called with no argument), the
    // value itself where it is not.
    if let Some(default) = op.strip_prefix(":-") {
        if value.parts.iter().any(|p| !matches!(p, Part::Lit(t) if t.is_empty())) {
            return Some(value.clone());
        }
        return (!default.is_empty() && plain(default)).then(|| Word { parts: vec![Part::Lit(default.to_string())] });
    }
    let v = Value::of(value)?;
    // A finder's stand-in keeps its name test as text (`./*.c`): a pattern all the same.
    if !shell_picked && v.full.iter().any(|&(c, g)| g || matches!(c, '*' | '?' | '[')) {
        return None;
    }
    if let Some(rest) = op.strip_prefix("%%") {
        v.suffix(rest, true)
    } else if let Some(rest) = op.strip_prefix('%') {
        v.suffix(rest, false)
    } else if let Some(rest) = op.strip_prefix("##").or_else(|| op.strip_prefix('#')) {
        v.head(rest, "")
    } else if let Some(rest) = op.strip_prefix("//") {
        let (pat, rep) = rest.split_once('/').unwrap_or((rest, ""));
        v.replaced(pat, rep, true)
    } else if let Some(rest) = op.strip_prefix("/#") {
        let (pat, rep) = rest.split_once('/').unwrap_or((rest, ""));
        if !plain(rep) {
            return None;
        }
        v.head(pat, rep)
    } else if let Some(rest) = op.strip_prefix("/%") {
        let (pat, rep) = rest.split_once('/').unwrap_or((rest, ""));
        v.tail(pat, rep)
    } else if let Some(rest) = op.strip_prefix('/') {
        let (pat, rep) = rest.split_once('/').unwrap_or((rest, ""));
        v.replaced(pat, rep, false)
    } else {
        None
    }
}

/// What `${NAME OP}` makes of a finder's stand-in `DIR/PAT` (a name at any depth under DIR whose
/// last component PAT matches, dot names too), when OP can change only that last component and
/// leaves the directories the name is in as they are: DIR, and the patterns the new last
/// component matches (`*` for `${f%.bak}` of `*.bak`; the name unchanged too where a letter's case
/// decides, as `-iname` matches `*.JPG` on `a.jpg`). `None` for anything else: a replacement
/// anywhere in the name (`${f//x/}` reaches the directories it hides), a cut that may start in
/// them (`${f%%.*}`, `${f%x*}` where the last component's literal end holds no `x`), a start
/// taken off beyond `./`.
pub(super) fn found_reshaped(value: &Word, op: &str) -> Option<(String, Vec<String>)> {
    let v = Value::of(value)?;
    let (dir, last) = (v.dir(), Value::text(&v.full[v.cut..]));
    if last.contains('\\') || !crate::gate::pattern::is_pattern(&last) {
        return None;
    }
    // The literal end of the last component, after its last pattern character.
    let end = last.rfind(['*', '?', ']', ')']).map_or(0, |k| k + 1);
    let (stem, tail) = last.split_at(end);
    let cased = |t: &str| t.chars().any(char::is_alphabetic);
    let literal = |t: &str| !t.is_empty() && plain(t) && !t.contains('/');
    // `%SUF`: taken off where the literal end holds it (in some case), the name left as it is
    // where it does not.
    let cut = |suffix: &str| -> Option<Vec<String>> {
        if !literal(suffix) || !suffix.is_ascii() || tail.len() < suffix.len() {
            return None;
        }
        let mut out = Vec::new();
        let (kept, end) = tail.split_at_checked(tail.len() - suffix.len())?;
        if end.eq_ignore_ascii_case(suffix) {
            out.push(format!("{stem}{kept}"));
        }
        if !tail.ends_with(suffix) || cased(suffix) {
            out.push(last.clone());
        }
        Some(out)
    };
    let patterns = if op.starts_with("%%") {
        return None;
    } else if let Some(rest) = op.strip_prefix('%') {
        match rest.strip_suffix('*') {
            // `%LIT*`: from the last LIT on, which must be in the literal end.
            Some(lit) if literal(lit) && !cased(lit) => vec![format!("{stem}{}", &tail[..tail.rfind(lit)?])],
            Some(_) => return None,
            None => cut(rest)?,
        }
    } else if let Some(rest) = op.strip_prefix("/%") {
        let (pat, rep) = rest.split_once('/').unwrap_or((rest, ""));
        if !(rep.is_empty() || literal(rep)) {
            return None;
        }
        // The name left as it is (where its case decides) gets no replacement.
        cut(pat)?.into_iter().map(|p| if p == last { p } else { format!("{p}{rep}") }).collect()
    } else if let Some(prefix) = op.strip_prefix("##").or_else(|| op.strip_prefix('#')) {
        // A start taken off within DIR: `./` off `./` keeps the same directory; one that does
        // not begin DIR leaves the name as it is.
        if prefix.is_empty() || !plain(prefix) {
            return None;
        }
        return if dir == "./" && prefix == "./" {
            Some((String::new(), vec![last]))
        } else if prefix.starts_with(&dir) || dir.starts_with(prefix) {
            None
        } else {
            Some((dir, vec![last]))
        };
    } else {
        return None;
    };
    Some((dir, patterns))
}

/// Whether the last component of `value` is a name the shell picked or wrote that starts with no
/// dot (so `basename` of it prints one name in the working directory, not `.`, `..` or `/`):
/// a pattern only where the shell picked it (a finder's `*` picks `.bashrc` too).
pub(super) fn plain_last_name(value: &Word, shell_picked: bool) -> bool {
    Value::of(value).is_some_and(|v| v.keeps_start() && (shell_picked || v.full.iter().all(|&(c, g)| !g && !matches!(c, '*' | '?' | '['))))
}

/// A value's characters, and where its last component starts (after its last literal `/`).
struct Value {
    full: Vec<Ch>,
    cut: usize,
}

impl Value {
    /// A value made of literal text and patterns, with a literal directory part and a last
    /// component; `None` for any other.
    fn of(value: &Word) -> Option<Value> {
        let mut full: Vec<Ch> = Vec::new();
        for p in &value.parts {
            match p {
                Part::Lit(t) => full.extend(t.chars().map(|c| (c, false))),
                Part::Glob(t) if !t.is_empty() => full.extend(t.chars().map(|c| (c, true))),
                _ => return None,
            }
        }
        let cut = full.iter().rposition(|&(c, g)| c == '/' && !g).map_or(0, |k| k + 1);
        (!full[..cut].iter().any(|&(_, g)| g) && cut < full.len()).then_some(Value { full, cut })
    }

    fn text(chars: &[Ch]) -> String {
        chars.iter().map(|&(c, _)| c).collect()
    }

    /// The directory part (with its `/`), all literal.
    fn dir(&self) -> String {
        Self::text(&self.full[..self.cut])
    }

    /// Whether the last component starts with a character that is no dot (a pattern the shell
    /// expands picks no name that starts with one).
    fn keeps_start(&self) -> bool {
        matches!(self.full[self.cut], (c, false) if c != '.') || matches!(self.full[self.cut], ('*' | '?', true))
    }

    /// How many characters at the end are literal.
    fn literal_tail(&self) -> usize {
        self.full.iter().rev().take_while(|&&(_, g)| !g).count()
    }

    /// Some name in the value's directory, when a new last component that keeps the old one's
    /// first character, or puts `rep` first, can be neither empty nor start with a dot: `pat`
    /// (what is taken off or replaced) starting with a dot cannot match where the name starts.
    fn in_directory(&self, pat: &str, rep: &str) -> Option<Word> {
        let bounded = self.keeps_start()
            && !pat.contains('/')
            && !rep.contains('/')
            && (pat.starts_with('.') || rep.chars().next().is_some_and(|c| c != '.'));
        bounded.then(|| Word { parts: vec![Part::Lit(self.dir()), Part::Glob("*".into())] })
    }

    /// The value's text with characters `from..to` replaced by `rep`, as a word; `None` when
    /// nothing is left.
    fn spliced(&self, from: usize, to: usize, rep: &str) -> Option<Word> {
        let chars: Vec<Ch> =
            self.full[..from].iter().copied().chain(rep.chars().map(|c| (c, false))).chain(self.full[to..].iter().copied()).collect();
        if chars.is_empty() {
            return None;
        }
        let mut parts: Vec<Part> = Vec::new();
        for (c, g) in chars {
            match parts.last_mut() {
                Some(Part::Glob(t)) if g => t.push(c),
                Some(Part::Lit(t)) if !g => t.push(c),
                _ => parts.push(if g { Part::Glob(c.to_string()) } else { Part::Lit(c.to_string()) }),
            }
        }
        Some(Word { parts })
    }

    /// `${f%PAT}`, `${f%%PAT}`: PAT literal, or `LIT*` (taken off from the last `LIT`, or with
    /// `%%` from the first).
    fn suffix(&self, pat: &str, longest: bool) -> Option<Word> {
        let n = self.full.len();
        if let Some(lit) = pat.strip_suffix('*') {
            if lit.is_empty() || !plain(lit) || lit.contains('/') {
                return None;
            }
            let l: Vec<char> = lit.chars().collect();
            let at = |k: usize| self.full[k..k + l.len()].iter().map(|&(c, g)| (!g).then_some(c)).eq(l.iter().map(|&c| Some(c)));
            let literal_at: Vec<usize> = (0..=n.saturating_sub(l.len())).filter(|&k| k + l.len() <= n && at(k)).collect();
            // All literal: the cut is where the shell makes it.
            if self.full.iter().all(|&(_, g)| !g) {
                let k = if longest { literal_at.first() } else { literal_at.last() };
                return match k {
                    Some(&k) => self.spliced(k, n, ""),
                    None => self.spliced(n, n, ""),
                };
            }
            let in_dir = literal_at.iter().any(|&k| k < self.cut);
            let in_base = literal_at.iter().any(|&k| k >= self.cut);
            if in_dir && (longest || !in_base) {
                return None;
            }
            return self.in_directory(lit, "");
        }
        if pat.is_empty() || !plain(pat) {
            return None;
        }
        self.tail(pat, "")
    }

    /// `${f/%PAT/REP}` (and `${f%PAT}`, REP empty): PAT literal at the end, replaced.
    fn tail(&self, pat: &str, rep: &str) -> Option<Word> {
        if pat.is_empty() || !plain(pat) || !plain(rep) {
            return None;
        }
        let l = pat.chars().count();
        let n = self.full.len();
        if self.literal_tail() >= l {
            return if Self::text(&self.full[n - l..]) == pat { self.spliced(n - l, n, rep) } else { self.spliced(n, n, "") };
        }
        self.in_directory(pat, rep)
    }

    /// `${f#PAT}`, `${f/#PAT/REP}`: PAT literal at the start, replaced (exact where the start is
    /// literal).
    fn head(&self, pat: &str, rep: &str) -> Option<Word> {
        if pat.is_empty() || !plain(pat) {
            return None;
        }
        let l = pat.chars().count();
        if self.full.iter().take_while(|&&(_, g)| !g).count() < l {
            return None;
        }
        if Self::text(&self.full[..l]) == pat { self.spliced(0, l, rep) } else { self.spliced(0, 0, "") }
    }

    /// `${f/PAT/REP}`, `${f//PAT/REP}`: PAT literal, replaced once or everywhere.
    fn replaced(&self, pat: &str, rep: &str, all: bool) -> Option<Word> {
        if pat.is_empty() || !plain(pat) || !plain(rep) {
            return None;
        }
        if self.full.iter().all(|&(_, g)| !g) {
            let text = Self::text(&self.full);
            let new = if all { text.replace(pat, rep) } else { text.replacen(pat, rep, 1) };
            return (!new.is_empty()).then(|| Word { parts: vec![Part::Lit(new)] });
        }
        if self.dir().contains(pat) {
            return None;
        }
        self.in_directory(pat, rep)
    }
}

#[cfg(test)]
mod tests {
    use super::{found_reshaped, plain_last_name, reshaped};
    use crate::gate::command::syntax::{Part, Word};

    /// What the expansion makes of a value the shell picked (a `for` word's pattern).
    fn picked(value: &Word, op: &str) -> Option<Word> {
        reshaped(value, op, true)
    }

    fn glob(dir: &str, pattern: &str, ext: &str) -> Word {
        Word { parts: vec![Part::Lit(dir.into()), Part::Glob(pattern.into()), Part::Lit(ext.into())] }
    }

    fn lit(t: &str) -> Word {
        Word { parts: vec![Part::Lit(t.into())] }
    }

    fn text(w: Option<Word>) -> Option<String> {
        w.map(|w| w.text())
    }

    #[test]
    fn literal_text_is_reshaped_as_the_shell_does() {
        assert_eq!(text(picked(&lit("src/a.c"), "%.c")), Some("src/a".into()));
        assert_eq!(text(picked(&lit("./a.b.c"), "%%.*")), None, "`./a.b.c` cut at its first dot is empty");
        assert_eq!(text(picked(&lit("src/a.b.c"), "%%.*")), Some("src/a".into()));
        assert_eq!(text(picked(&lit("src/a.c"), "#src/")), Some("a.c".into()));
        assert_eq!(text(picked(&lit("src/a.c"), "/src/~")), None, "a `~` put in is computed");
        assert_eq!(text(picked(&lit("src/a.c"), "/src/lib")), Some("lib/a.c".into()));
        assert_eq!(text(picked(&lit("a.c.c"), "//.c/.h")), Some("a.h.h".into()));
        assert_eq!(text(picked(&lit("src/a.c"), "/#src/\\/etc")), None);
    }

    #[test]
    fn a_picked_name_reshaped_in_its_last_component_stays_in_its_directory() {
        let v = glob("src/", "*", ".c");
        for op in ["%.c", "%.*", "/.c/.cc", "//.c/.h", "/%.c/.cc", "/a/b", "%%.*"] {
            let got = text(picked(&v, op));
            assert!(got.as_deref().is_some_and(|t| t.starts_with("src/")), "{op}: {got:?}");
        }
        assert_eq!(text(picked(&glob("./", "*", ".c"), "#./")), Some("*.c".into()));
        assert_eq!(text(picked(&glob("./", "*", ".c"), "/%.c/.cc")), Some("./*.cc".into()));
    }

    #[test]
    fn what_can_change_the_directory_or_make_a_dot_name_stays_computed() {
        let v = glob("src/", "*", ".c");
        for op in [
            "/src/~",   // the directory part holds the text replaced
            "/.c/\\/x", // a `/` put in
            "/*/x",     // a pattern, which matches across `/`
            "/a/.git",  // a name put first that starts with a dot
            "/a",       // a first character taken off: what follows may be a dot
            "#*/",      // a pattern taken off the start
            "%%c*",     // taken off from a `c` that may be in the directory's name
            "^^",       // a case change, which changes the directory's name
            "/x/$HOME", // a variable put in
        ] {
            assert_eq!(text(picked(&v, op)), None, "{op}");
        }
        assert_eq!(text(picked(&glob("./", "*", ""), "%c")), None, "`c` alone would leave nothing");
        let found = Word { parts: vec![Part::Lit("./".into()), Part::Computed("$(find)".into())] };
        assert_eq!(text(picked(&found, "%.txt")), None, "any name under `.`, `.git`'s too");
    }

    /// A finder's stand-in (`./*.yml` for `find . -name '*.yml'`) hides names at any depth, dot
    /// names too: what an expansion makes of the hidden part (`${f//x/}` of
    /// `.github/workflowsx/a.yml`) is computed, where the same value a `for` word's pattern
    /// gives is bounded; all literal text is still computed exactly.
    #[test]
    fn a_finders_names_reshaped_stay_computed() {
        let found = glob("./", "*", ".yml");
        let named = lit("./*.yml");
        for op in ["//x/", "%.yml", "/%.yml/.yaml"] {
            assert_eq!(text(reshaped(&named, op, false)), None, "a name test kept as text: {op}");
        }
        assert!(!plain_last_name(&named, false));
        for op in ["//x/", "/sx/s", "%.yml", "%x*", "/%.yml/.yaml", "#./"] {
            assert_eq!(text(reshaped(&found, op, false)), None, "{op}");
        }
        assert_eq!(text(reshaped(&found, "/%.yml/.yaml", true)), Some("./*.yaml".into()));
        assert_eq!(text(reshaped(&lit("src/a.c"), "%.c", false)), Some("src/a".into()));
        assert!(plain_last_name(&found, true) && !plain_last_name(&found, false), "find's * picks .bashrc");
        assert!(plain_last_name(&lit("src/a.c"), false));
    }

    /// A finder's stand-in reshaped in its last component only: the directory it was found under
    /// and the patterns its new last component matches; anything that may reach the directories
    /// it hides is not bounded.
    #[test]
    fn a_finders_name_reshaped_in_its_last_component_is_a_new_name_test() {
        let named = |v: &str, op: &str| found_reshaped(&lit(v), op);
        let one = |d: &str, p: &str| Some((d.to_string(), vec![p.to_string()]));
        assert_eq!(named("./*.c", "%.c"), Some(("./".into(), vec!["*".into(), "*.c".into()])), "-iname may have matched `.C`");
        assert_eq!(named("./*.tar.gz", "%.*"), one("./", "*.tar"));
        assert_eq!(named("docs/*.txt", "/%.txt/.rst"), Some(("docs/".into(), vec!["*.rst".into(), "*.txt".into()])));
        assert_eq!(named("./*.py", "#./"), one("", "*.py"));
        assert_eq!(named("./*.py", "#src/"), one("./", "*.py"), "a start that is not there leaves the name");
        assert_eq!(named("./*.1", "%.1"), one("./", "*"));
        for (v, op) in [
            ("./*.yml", "//x/"),      // anywhere: the hidden directories too
            ("./*.yml", "/x/"),       // the first may be in them
            ("./*.txt", "%%.*"),      // from the first dot, which may be in them
            ("./*", "%.*"),           // no literal end: the dot may be in them
            ("./*.c", "%x.c"),        // longer than the literal end
            ("docs/*.txt", "#docs/"), // another directory: any below it
            ("./*.txt", "#./a"),      // beyond the start
            ("./*.txt", "%.t/xt"),    // a `/`
            ("./*.txt", "^^"),
        ] {
            assert_eq!(named(v, op), None, "{v} {op}");
        }
        assert_eq!(named("src/a.c", "%.c"), None, "all literal text is reshaped exactly");
    }
}
