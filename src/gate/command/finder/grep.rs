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
            // No file named: it searches its input, whose name it prints as `(standard input)`.
            return if starts.is_empty() { Feed::Unknown } else { Feed::Found(starts, false) };
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

/// What `grep [-v] [-i] [-F|-E] [-w] [-x] PATTERN` (or `-e P…`) keeps of the lines on its input,
/// as a test of one line; `None` for options or a pattern the analyser does not read exactly (a
/// back reference, `\<`, a class other than the POSIX bracket ones), or a computed word.
pub(super) fn keeps(name: &str, words: &[Word]) -> Option<impl Fn(&str) -> bool> {
    let args = words.iter().map(Word::literal).collect::<Option<Vec<String>>>()?;
    let (mut invert, mut ci, mut word, mut line) = (false, false, false, false);
    let mut syntax = match name {
        "egrep" => 'E',
        "fgrep" => 'F',
        _ => 'G',
    };
    let (mut patterns, mut operands, mut given) = (Vec::new(), Vec::new(), false);
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        match a {
            "--invert-match" => invert = true,
            "--ignore-case" => ci = true,
            "--word-regexp" => word = true,
            "--line-regexp" => line = true,
            "--fixed-strings" => syntax = 'F',
            "--extended-regexp" => syntax = 'E',
            "--basic-regexp" => syntax = 'G',
            "-" => operands.push(a.to_string()),
            _ if a.starts_with("--regexp=") => {
                patterns.push(a["--regexp=".len()..].to_string());
                given = true;
            }
            _ if a.starts_with('-') && !a.starts_with("--") => {
                let cluster = &a[1..];
                for (k, c) in cluster.char_indices() {
                    match c {
                        'v' => invert = true,
                        'i' | 'y' => ci = true,
                        'w' => word = true,
                        'x' => line = true,
                        'F' | 'E' | 'G' => syntax = c,
                        's' | 'a' | 'U' => {}
                        'e' => {
                            let rest = &cluster[k + 1..];
                            let value = if rest.is_empty() { args.get(i).inspect(|_| i += 1).cloned()? } else { rest.to_string() };
                            patterns.push(value);
                            given = true;
                            break;
                        }
                        _ => return None,
                    }
                }
            }
            _ if a.starts_with("--") => return None,
            _ => operands.push(a.to_string()),
        }
    }
    if !given {
        if operands.is_empty() {
            return None;
        }
        patterns.push(operands.remove(0));
    }
    if !operands.iter().all(|o| o == "-") {
        return None;
    }
    // A pattern of several lines is one pattern a line.
    let patterns: Vec<String> = patterns.iter().flat_map(|p| p.split('\n').map(str::to_string)).collect();
    let mut alternatives = Vec::new();
    for p in &patterns {
        let body = match syntax {
            'F' => regex_lite::escape(p),
            'E' => posix_regex(p, true)?,
            _ => posix_regex(p, false)?,
        };
        alternatives.push(format!("(?:{body})"));
    }
    let any = alternatives.join("|");
    // `-w`: a match with no word character on either side of it (ASCII only, checked below).
    let any = if line {
        format!("^(?:{any})$")
    } else if word {
        format!("(?:^|[^0-9A-Za-z_])(?:{any})(?:[^0-9A-Za-z_]|$)")
    } else {
        any
    };
    let re = regex_lite::RegexBuilder::new(&any).case_insensitive(ci).build().ok()?;
    // A line with other than ASCII is kept: regex_lite folds case and tells word characters
    // apart in ASCII only, and a kept line is only a name more to judge.
    Some(move |l: &str| !l.is_ascii() || re.is_match(l) != invert)
}

/// A POSIX basic (`extended` false) or extended regular expression as `regex_lite` reads it, when
/// it means the same there: literal characters, `.`, `*`, anchors, bracket expressions, and the
/// grouping, alternation and repetition of each syntax (GNU's `\|`, `\+`, `\?` in basic ones).
/// `None` for anything else.
fn posix_regex(p: &str, extended: bool) -> Option<String> {
    let chars: Vec<char> = p.chars().collect();
    let literal = |c: char| regex_lite::escape(&c.to_string());
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        // Where an anchor or a leading `*` can stand: first, or after an opening or a bar.
        let first = out.is_empty() || out.ends_with('(') || out.ends_with('|');
        let last = i == chars.len() || (!extended && chars[i] == '\\' && matches!(chars.get(i + 1), Some(')' | '|')));
        match c {
            '\\' => {
                let next = *chars.get(i)?;
                i += 1;
                match next {
                    '(' | ')' | '|' | '+' | '?' | '{' | '}' if !extended => out.push(next),
                    _ if next.is_ascii_alphanumeric() || next == '<' || next == '>' || next == '`' || next == '\'' => return None,
                    _ => out.push_str(&literal(next)),
                }
            }
            '[' => {
                let (class, end) = bracket(&chars, i)?;
                out.push_str(&class);
                i = end;
            }
            '(' | ')' | '|' | '+' | '?' | '{' | '}' if !extended => out.push_str(&literal(c)),
            '{' if !chars[i..].iter().take_while(|c| **c != '}').all(|c| c.is_ascii_digit() || *c == ',') => return None,
            '*' if first => {
                if extended {
                    return None;
                }
                out.push_str("\\*");
            }
            '^' if !first && !extended => out.push_str("\\^"),
            '$' if !last && !extended => out.push_str("\\$"),
            _ => out.push(c),
        }
    }
    Some(out)
}

/// The bracket expression whose members start at `chars[at]` (after its `[`), as `regex_lite`
/// reads it, and where the pattern goes on after its `]`: a `]` right after `[` or `[^` is a
/// member, a backslash is one, and POSIX classes (`[:alpha:]`) stay; `None` for collating
/// elements and equivalence classes, or no closing `]`.
fn bracket(chars: &[char], at: usize) -> Option<(String, usize)> {
    let mut out = String::from("[");
    let mut k = at;
    if chars.get(k) == Some(&'^') {
        out.push('^');
        k += 1;
    }
    let first = k;
    // `--` is a set difference to regex_lite.
    if chars[k..].windows(2).take_while(|w| w[0] != ']').any(|w| w == ['-', '-']) {
        return None;
    }
    loop {
        let c = *chars.get(k)?;
        if c == ']' && k > first {
            out.push(']');
            return Some((out, k + 1));
        }
        if c == '[' && matches!(chars.get(k + 1), Some('.' | '=')) {
            return None;
        }
        if c == '[' && chars.get(k + 1) == Some(&':') {
            let end = (k + 2..chars.len().saturating_sub(1)).find(|&e| chars[e] == ':' && chars[e + 1] == ']')?;
            out.extend(&chars[k..end + 2]);
            k = end + 2;
            continue;
        }
        // A range's dash stays; every other punctuation is escaped, as regex_lite allows.
        if c == '-' || c.is_alphanumeric() || !c.is_ascii() {
            out.push(c);
        } else {
            out.push('\\');
            out.push(c);
        }
        k += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::lit_word;
    use super::*;

    /// The lines of `lines` that `grep WORDS…` keeps, or `None` when it is not read exactly.
    fn kept(name: &str, words: &[&str], lines: &[&'static str]) -> Option<Vec<&'static str>> {
        let words: Vec<Word> = words.iter().map(|w| lit_word(w)).collect();
        let keeps = keeps(name, &words)?;
        Some(lines.iter().copied().filter(|l| keeps(l)).collect())
    }

    const NAMES: &[&str] = &["./a.pyc", "./.git/hooks/pre-commit", "./src/x.xml", "./t e.c", "./x+y", "./A.PY"];

    #[test]
    fn basic_and_extended_patterns_keep_what_grep_keeps() {
        assert_eq!(kept("grep", &["-E", r"(__pycache__|\.pyc$)"], NAMES).unwrap(), ["./a.pyc"]);
        assert_eq!(kept("grep", &[r".xml$"], NAMES).unwrap(), ["./src/x.xml"]);
        assert_eq!(kept("grep", &["-v", ".git"], NAMES).unwrap(), ["./a.pyc", "./src/x.xml", "./t e.c", "./x+y", "./A.PY"]);
        // In a basic pattern `+` is itself; in an extended one a repetition.
        assert_eq!(kept("grep", &["x+y"], NAMES).unwrap(), ["./x+y"]);
        assert_eq!(kept("egrep", &["x+y"], NAMES).unwrap(), Vec::<&str>::new());
        assert_eq!(kept("grep", &[r"\(pyc\|xml\)$"], NAMES).unwrap(), ["./a.pyc", "./src/x.xml"]);
        assert_eq!(kept("grep", &["-i", r"\.py$"], NAMES).unwrap(), ["./A.PY"]);
        assert_eq!(kept("grep", &["-F", "x+y"], NAMES).unwrap(), ["./x+y"]);
        assert_eq!(kept("grep", &["-w", "pre"], NAMES).unwrap(), ["./.git/hooks/pre-commit"]);
        assert_eq!(kept("grep", &["-x", "./a.pyc"], NAMES).unwrap(), ["./a.pyc"]);
        assert_eq!(kept("grep", &["-v", "-e", "git", "-e", "pyc"], NAMES).unwrap(), ["./src/x.xml", "./t e.c", "./x+y", "./A.PY"]);
        assert_eq!(kept("grep", &["[[:space:]]"], NAMES).unwrap(), ["./t e.c"]);
        assert_eq!(kept("grep", &["-v", "^..$"], &[".", "..", "ab", "abc"]).unwrap(), [".", "abc"]);
        assert_eq!(kept("grep", &["[]x]"], &["]", "x", "y"]).unwrap(), ["]", "x"]);
    }

    #[test]
    fn what_is_not_read_exactly_is_no_filter() {
        for words in [&[r"\<pre"][..], &[r"\(a\)\1"], &["-o", "x"], &["-z", "x"], &["-f", "list"], &["x", "file"], &["[[.a.]]"]] {
            assert!(kept("grep", words, NAMES).is_none(), "{words:?}");
        }
    }
}
