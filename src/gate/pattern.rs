//! Paths as the shell will see them: a word with `*`, `?` or `[…]` in any of its components
//! (`~/.gitv*/policy.json`, `~/.c?aude/settings.json`, `~/.[g]itvow/…`) is a pattern the shell
//! expands into the names that exist. Matched component by component against what the gate
//! protects (a pattern that could name a protected file is that file), and, where its directories
//! exist at judging time, expanded against the file system so that every match is judged.
//!
//! What the shell's options can make of a pattern is what it is taken to match, since the agent's
//! shell may have them on (its user's start-up files, `shopt -s` earlier in the call, `BASHOPTS` in
//! the environment): a group (bash's `@(…)`, `!(…)`, `+(…)`, `*(…)`, `?(…)` under `extglob`, zsh's
//! `(a|b)` and qualifiers) matches as `*` does, and letters match in either case (`nocaseglob`,
//! and the case-insensitive file systems of macOS and Windows).

use std::path::{Component, Path, PathBuf};

/// Entries read from one directory while expanding, at most: past it the expansion is not
/// complete, and the pattern is judged as the patterns it could be only.
const MAX_LISTED: usize = 4096;
/// Names one pattern expands to, at most (each is then judged, and resolved, on its own).
const MAX_MATCHES: usize = 64;

/// Whether `text` holds a character the shell's file-name expansion reads.
pub fn is_pattern(text: &str) -> bool {
    text.contains(['*', '?', '[']) || text.find('(').is_some_and(|open| text[open..].contains(')'))
}

/// `pattern` with each group (and the `@ ! + * ?` before it) as the `*` it is matched as: what a
/// group matches is a name of any text, `!(x)` included (`!(x)` matches `.gitvow`).
fn without_groups(pattern: &str) -> std::borrow::Cow<'_, str> {
    if !pattern.contains('(') {
        return pattern.into();
    }
    let mut out = String::new();
    let mut depth = 0;
    for c in pattern.chars() {
        match c {
            '(' => {
                if depth == 0 {
                    if out.ends_with(['@', '!', '+', '*', '?']) {
                        out.pop();
                    }
                    out.push('*');
                }
                depth += 1;
            }
            ')' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out.into()
}

/// Whether the patterns of `command` may match names that start with a dot: it names an option
/// that makes them (bash's `dotglob`, or `GLOBIGNORE`, which sets it; zsh's `globdots`, its case and
/// underscores free), or the shell gets one from the environment it starts with (`BASHOPTS`).
pub fn dot_names_matched(command: &str) -> bool {
    names_dot_option(command) || std::env::var("BASHOPTS").is_ok_and(|o| names_dot_option(&o))
}

/// Read off the bytes, ASCII letters lower-cased: every hook call reads its whole command here (a
/// 2 KB compound command lower-cased character by character cost 88,000 instructions). No other
/// character lower-cases to a letter of these words (only the Kelvin sign and `İ` lower-case to
/// ASCII: `k`, which none holds, and `i` followed by a combining dot, which none holds either).
fn names_dot_option(text: &str) -> bool {
    let plain: Vec<u8> = text.bytes().filter(|&b| b != b'_').map(|b| b.to_ascii_lowercase()).collect();
    ["dotglob", "globdots", "globignore"].iter().any(|o| memchr::memmem::find(&plain, o.as_bytes()).is_some())
}

/// Whether any component of `path` is a pattern.
pub fn has_pattern(path: &Path) -> bool {
    // Nearly every path holds none of the characters a pattern needs: said from its bytes, without
    // making each component text (what `is_pattern` looks for is ASCII, which a lossy conversion
    // leaves as it is).
    if !path.as_os_str().as_encoded_bytes().iter().any(|b| matches!(b, b'*' | b'?' | b'[' | b'(')) {
        return false;
    }
    path.components().any(|c| is_pattern(&c.as_os_str().to_string_lossy()))
}

/// Whether component `pattern` of a path can name `name`: equal, or matched as a pattern (a
/// leading dot matched by a dot unless `hidden`, as the shell does without `dotglob`).
pub fn component_matches(pattern: &str, name: &str, hidden: bool) -> bool {
    if is_pattern(pattern) { matches(pattern, name, hidden) } else { pattern == name }
}

/// The paths `pattern` could name among `known` (absolute, normalised): a known path whose
/// components the pattern's first ones match, with the pattern's deeper components after it
/// (`~/.gitv*/policy.json` is `~/.gitvow/policy.json`), or the known path's directory that a
/// shorter pattern names whole (`~/.c*` is `~/.claude`, which holds a protected directory). A
/// `**` component before others matches any number of directories, none included, as it does
/// under bash's `globstar` and always in zsh (`~/**/.gitvow/record.key`).
pub fn could_name<'a>(pattern: &Path, hidden: bool, known: impl IntoIterator<Item = &'a Path>) -> Vec<PathBuf> {
    let parts: Vec<String> = pattern.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    let mut out = Vec::new();
    for path in known {
        let names: Vec<String> = path.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        for (i, j, close) in alignments(&parts, &names, hidden) {
            // A name that is not there is named only by a pattern written for it (`.profil?`, not
            // `*.json`): the shell expands a pattern to what exists, and a broad one matches a
            // missing name only in theory.
            // A pattern that goes on into a guarded directory, though, names a file there whether
            // the directory is there yet or not (`mkdir -p .claude && echo … > .c*/settings.json`):
            // the path rules judge what it would be.
            let named_here: PathBuf = names[..j].iter().collect();
            // (Not with a `**`, which names what is there only.)
            let inside = j == names.len() && i < parts.len() && !parts.iter().any(|p| matches!(p.as_str(), "**" | "***"));
            if !close && !inside && std::fs::symlink_metadata(&named_here).is_err() {
                continue;
            }
            let mut named = named_here;
            named.extend(&parts[i..]);
            if !out.contains(&named) {
                out.push(named);
            }
        }
    }
    out
}

/// The ways the first `i` components of the pattern `parts` match the first `j` of `names`, with
/// one of them used up (`j` all of `names`, or `i` all of `parts`), and whether every pattern
/// that matched a name was written for it (see [`written_for`]); a `**` that matched names was not.
fn alignments(parts: &[String], names: &[String], hidden: bool) -> Vec<(usize, usize, bool)> {
    let mut out = Vec::new();
    let mut todo = vec![(0, 0, true)];
    let mut seen = Vec::new();
    while let Some(state @ (i, j, close)) = todo.pop() {
        if seen.contains(&state) {
            continue;
        }
        seen.push(state);
        // A `**` last is one name's `*` (`~/**` is what the home holds, not the home).
        let globstar = i + 1 < parts.len() && matches!(parts[i].as_str(), "**" | "***");
        if globstar {
            todo.push((i + 1, j, close));
        }
        if i == parts.len() || j == names.len() {
            out.push(state);
            continue;
        }
        let part = &parts[i];
        if globstar {
            if matches("*", &names[j], hidden) {
                todo.push((i, j + 1, false));
            }
        } else if component_matches(part, &names[j], hidden) {
            todo.push((i + 1, j + 1, close && (!is_pattern(part) || written_for(part, &names[j]))));
        }
    }
    out
}

/// Whether a pattern component is written for `name`, a hidden name: it starts with the dot and
/// its literal characters are at least half of the name (`.gitv*`, `.c?aude`, `.[g]itvow` for
/// `.gitvow`, `.claude`; not `.*`, `.*rc`, nor `*.json` for `kilo.json`).
fn written_for(pattern: &str, name: &str) -> bool {
    let pattern = without_groups(pattern);
    if !(name.starts_with('.') && pattern.starts_with('.')) {
        return false;
    }
    let mut literal = 0;
    let mut in_class = false;
    for c in pattern.chars() {
        match c {
            '[' => in_class = true,
            ']' => in_class = false,
            '*' | '?' => {}
            _ if !in_class => literal += 1,
            _ => {}
        }
    }
    literal * 2 >= name.chars().count()
}

/// What `pattern` expands to on disk now: every existing path whose components it matches (as
/// the shell does: a pattern that matches nothing stays the word it is, and names no file that
/// exists). `None` when the expansion was cut short by [`MAX_LISTED`] or [`MAX_MATCHES`].
pub fn on_disk(pattern: &Path, hidden: bool) -> Option<Vec<PathBuf>> {
    let mut found = vec![PathBuf::from("/")];
    let parts: Vec<Component> = pattern.components().filter(|c| !matches!(c, Component::RootDir | Component::Prefix(_))).collect();
    for (i, part) in parts.iter().enumerate() {
        let text = part.as_os_str().to_string_lossy();
        let last = i + 1 == parts.len();
        if !is_pattern(&text) {
            found = found
                .into_iter()
                .map(|dir| dir.join(part))
                .filter(|p| if last { p.symlink_metadata().is_ok() } else { p.is_dir() })
                .collect();
            continue;
        }
        let mut next = Vec::new();
        for dir in &found {
            let Ok(entries) = std::fs::read_dir(dir) else { continue };
            for (n, entry) in entries.enumerate() {
                let entry = entry.ok()?;
                if n >= MAX_LISTED || next.len() >= MAX_MATCHES {
                    return None;
                }
                let name = entry.file_name();
                if matches(&text, &name.to_string_lossy(), hidden) {
                    next.push(dir.join(name));
                }
            }
        }
        found = next;
    }
    Some(found)
}

/// Shell pattern matching of one name: `*`, `?`, `[…]` (its ranges, classes and negation), groups
/// (as `*`), letters in either case. A leading dot must be matched by a dot unless `hidden` (an
/// unknown name may be anything; `dotglob` is on).
///
/// The name is matched as the shell would with `nocaseglob` on and with it off: a pattern that
/// either can match names the file. The two differ only where an excluded letter is matched in
/// the other case (`.c[!L]aude` is `.claude` with the option off), so the exact pass runs only for a
/// pattern that excludes.
pub fn matches(pattern: &str, name: &str, hidden: bool) -> bool {
    let pattern = without_groups(pattern);
    if name.starts_with('.') && !pattern.starts_with('.') && !hidden {
        return false;
    }
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    wildcard(&p, &n, true) || (excludes(&p) && wildcard(&p, &n, false))
}

/// Whether `pattern` matches `text` as fnmatch does without flags (find's `-name` and `-path`:
/// `*` matches any text, a slash and a leading dot too), when the pattern holds only `*`, `?` and
/// plain characters; `None` for any other (a bracket, an escaped wildcard), which [`matches()`]
/// errs on.
pub fn matches_plainly(pattern: &str, text: &str) -> Option<bool> {
    // An escaped plain character is that character (`*/\.*`); an escaped wildcard is not plain.
    let mut p: Vec<char> = Vec::new();
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '[' => return None,
            '\\' => match chars.next() {
                Some(e) if !matches!(e, '*' | '?' | '[' | '\\') => p.push(e),
                _ => return None,
            },
            c => p.push(c),
        }
    }
    let n: Vec<char> = text.chars().collect();
    Some(wildcard(&p, &n, false))
}

/// Whether a bracket expression of `p` excludes what it lists (`[!x]`, `[^x]`).
fn excludes(p: &[char]) -> bool {
    p.windows(2).any(|w| w[0] == '[' && matches!(w[1], '!' | '^'))
}

/// Iterative wildcard matching with one backtrack point: linear in practice, never recursive.
/// Letters compare in either case when `fold`.
fn wildcard(p: &[char], n: &[char], fold: bool) -> bool {
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        let one = if pi >= p.len() {
            None
        } else if p[pi] == '['
            && let Some(close) = bracket_end(p, pi)
        {
            Some((bracket_holds(&p[pi + 1..close], n[ni], fold), close + 1))
        } else if p[pi] == '*' {
            None
        } else {
            Some((p[pi] == '?' || same_char(p[pi], n[ni], fold), pi + 1))
        };
        match one {
            Some((true, next)) => {
                pi = next;
                ni += 1;
            }
            _ if pi < p.len() && p[pi] == '*' => {
                star = Some((pi, ni));
                pi += 1;
            }
            _ => {
                let Some((sp, sn)) = star else { return false };
                pi = sp + 1;
                ni = sn + 1;
                star = Some((sp, sn + 1));
            }
        }
    }
    while pi < p.len() && p[pi] == '*' {
        pi += 1;
    }
    pi == p.len()
}

/// One character as the other; a letter in either case when `fold`.
fn same_char(a: char, b: char, fold: bool) -> bool {
    a == b || (fold && a.to_lowercase().eq(b.to_lowercase()))
}

/// Whether the bracket expression whose inside is `inner` (between `[` and its `]`) matches `c`:
/// its characters, ranges (`a-f`, by code point, as bash's `globasciiranges` and zsh compare
/// them; in either case when `fold`, which also covers a locale whose ranges mix the cases),
/// classes (`[:alpha:]`), equivalence classes and collating symbols, excluded after `!` or `^`.
/// What cannot be told here (a class gitvow does not know, an equivalence class of a letter
/// outside ASCII, a collating symbol's name) may hold `c`: then the expression matches, listing
/// or excluding.
fn bracket_holds(inner: &[char], c: char, fold: bool) -> bool {
    let (negated, items) = match inner.first() {
        Some('!' | '^') => (true, &inner[1..]),
        _ => (false, inner),
    };
    let mut held = false;
    let mut k = 0;
    while k < items.len() {
        if items[k] == '['
            && let Some(kind) = items.get(k + 1).copied().filter(|c| matches!(c, ':' | '=' | '.'))
            && let Some(end) = (k + 2..items.len().saturating_sub(1)).find(|&e| items[e] == kind && items[e + 1] == ']')
        {
            let text: String = items[k + 2..end].iter().collect();
            match member(kind, &text, c, fold) {
                None => return true,
                Some(yes) => held |= yes,
            }
            k = end + 2;
            continue;
        }
        if items.get(k + 1) == Some(&'-') && k + 2 < items.len() {
            let (lo, hi) = (items[k], items[k + 2]);
            let within = |x: char| lo <= x && x <= hi;
            held |= within(c) || (fold && (c.to_lowercase().any(within) || c.to_uppercase().any(within)));
            k += 3;
            continue;
        }
        held |= same_char(items[k], c, fold);
        k += 1;
    }
    held != negated
}

/// Whether `c` is a member of the class `[:text:]` (`kind` `:`), the equivalence class `[=text=]`
/// (`=`) or the collating symbol `[.text.]` (`.`); `None` when that cannot be told.
fn member(kind: char, text: &str, c: char, fold: bool) -> Option<bool> {
    let one = |t: &str| {
        let mut chars = t.chars();
        chars.next().filter(|_| chars.next().is_none())
    };
    match kind {
        ':' => Some(match text {
            "alpha" => c.is_alphabetic(),
            "alnum" => c.is_alphanumeric(),
            "digit" => c.is_ascii_digit(),
            "xdigit" => c.is_ascii_hexdigit(),
            // With case folded, an upper or lower letter is any letter.
            "upper" if fold => c.is_alphabetic(),
            "lower" if fold => c.is_alphabetic(),
            "upper" => c.is_uppercase(),
            "lower" => c.is_lowercase(),
            "space" => c.is_whitespace(),
            "blank" => c == ' ' || c == '\t',
            "punct" => c.is_ascii_punctuation(),
            "cntrl" => c.is_control(),
            "print" => !c.is_control(),
            "graph" => !c.is_control() && !c.is_whitespace(),
            "word" => c.is_alphanumeric() || c == '_',
            _ => return None,
        }),
        // A letter outside ASCII may be equivalent to an ASCII one in the locale (`[=ö=]` and `o`).
        '=' => one(text).filter(char::is_ascii).map(|x| same_char(x, c, fold)),
        _ => one(text).map(|x| same_char(x, c, fold)),
    }
}

/// Where the bracket expression opening at `open` closes, as the shell reads it: a `]` first (after
/// `!` or `^`) is one of its characters, and a class `[:alpha:]` (or `[=a=]`, `[.a.]`) is one unit.
fn bracket_end(p: &[char], open: usize) -> Option<usize> {
    let mut k = open + 1;
    if p.get(k).is_some_and(|c| matches!(c, '!' | '^')) {
        k += 1;
    }
    if p.get(k) == Some(&']') {
        k += 1;
    }
    while k < p.len() {
        if p[k] == '['
            && let Some(kind) = p.get(k + 1).filter(|c| matches!(c, ':' | '=' | '.'))
            && let Some(end) = (k + 2..p.len().saturating_sub(1)).find(|&e| p[e] == *kind && p[e + 1] == ']')
        {
            k = end + 2;
            continue;
        }
        if p[k] == ']' {
            return Some(k);
        }
        k += 1;
    }
    None
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn bracket_expressions_close_where_the_shell_closes_them() {
        for pattern in [".gitv[[:alpha:]]w", ".gitv[]o]w", ".gitv[!]x]w", ".gi[[:lower:][:digit:]]vow", ".gitv[[=o=]]w", ".gitv[^x]w"] {
            assert!(matches(pattern, ".gitvow", false), "{pattern}");
        }
        assert!(!matches(".gitv[[:alpha:]]x", ".gitvow", false));
        assert!(matches("[a", "[a", false));
    }

    #[test]
    fn a_bracket_expression_matches_what_it_lists_and_not_what_it_excludes() {
        for (pattern, yes) in [
            (".c[!l]aude", false),
            (".c[^l]aude", false),
            (".c[!a-z]aude", false),
            (".c[a-k]aude", false),
            (".c[[:digit:]]aude", false),
            (".c[![:alpha:]]aude", false),
            (".c[!kl]aude", false),
            (".c[[=x=]]aude", false),
            (".c[!x]aude", true),
            (".c[k-m]aude", true),
            (".c[A-Z]aude", true),
            (".c[![:upper:]]aude", true),
            (".c[[:lower:]]aude", true),
            // Without nocaseglob `[!L]` takes `l`; with it, a letter in either case.
            (".c[!L]aude", true),
            (".C[L]AUDE", true),
            // What gitvow cannot tell may be `l`.
            (".c[[:nope:]]aude", true),
            (".c[![=ö=]]aude", true),
            (".c[[.hyphen.]]aude", true),
        ] {
            assert_eq!(matches(pattern, ".claude", false), yes, "{pattern}");
        }
        assert!(!matches(".C[!L]AUDE", ".claude", false));
    }

    #[test]
    fn a_globstar_matches_any_number_of_directories() {
        let dir = tempfile::tempdir().unwrap();
        let h = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(h.join("a/b/.claude")).unwrap();
        std::fs::create_dir_all(h.join(".gitvow")).unwrap();
        let (gitvow, claude, gone) = (h.join(".gitvow"), h.join("a/b/.claude"), h.join("n/.codex"));
        let named = |p: &str, hidden| could_name(&h.join(p), hidden, [gitvow.as_path(), claude.as_path(), gone.as_path()]);
        assert!(named("**/.gitvow/record.key", false).contains(&gitvow.join("record.key")));
        assert!(named("**/.claude/settings.json", false).contains(&claude.join("settings.json")));
        assert!(named("a/***/.claude", false).contains(&claude));
        // Only directories that are there are matched by a `**` (the shell expands what exists).
        assert!(named("**/.codex", false).is_empty());
        // Hidden directories are entered only with dotglob, and a `**` last names what the directory holds, not itself.
        assert!(named("**/record.key", false).is_empty());
        assert!(named("**/record.key", true).contains(&gitvow.join("record.key")));
        assert_eq!(named("**", false), [h.join("a")]);
    }

    #[test]
    fn groups_and_either_case_match_as_the_shells_options_make_them() {
        for pattern in [".@(gitvow|x)", ".+(g)itvow", ".!(x)", ".?(g)itvow", ".(gitvow|x)", ".gitvow(N)", ".GITV*", ".GitVow", ".*(D)"] {
            assert!(matches(pattern, ".gitvow", false), "{pattern}");
        }
        assert_eq!(without_groups(".@(a|b(c))x"), ".*x");
        assert!(is_pattern(".@(gitvow)") && !is_pattern("plain(") && !is_pattern("name.json"));
        assert!(names_dot_option("shopt -s dotglob; ls") && names_dot_option("setopt GLOB_DOTS") && !names_dot_option("ls *"));
        // As lower-casing every character says: the Kelvin sign and `İ` are the only characters
        // that lower-case to ASCII letters.
        let by_chars = |t: &str| {
            let plain: String = t.chars().filter(|c| *c != '_').flat_map(char::to_lowercase).collect();
            ["dotglob", "globdots", "globignore"].iter().any(|o| plain.contains(o))
        };
        for text in [
            "DotGlob",
            "GLOB_IGNORE=x",
            "glob\u{130}gnore",
            "GLOB\u{130}GNORE",
            "do\u{212a}tglob",
            "globdot\u{17f}",
            "dot_g_l_o_b",
            "dotglöb",
            "",
        ] {
            assert_eq!(names_dot_option(text), by_chars(text), "{text:?}");
        }
        assert!(
            (0..=0x10ffff)
                .filter_map(char::from_u32)
                .filter(|c| !c.is_ascii())
                .all(|c| c.to_lowercase().all(|l| !l.is_ascii() || l == 'k' || (c == '\u{130}' && l == 'i')))
        );
    }

    #[test]
    fn patterns_name_what_they_could_match() {
        let known = [Path::new("/h/.gitvow"), Path::new("/h/.claude"), Path::new("/h/.profile")];
        let named = |p: &str, hidden| could_name(Path::new(p), hidden, known);
        assert_eq!(named("/h/.gitv*/policy.json", true), [PathBuf::from("/h/.gitvow/policy.json")]);
        assert_eq!(named("/h/.[g]itvow/record.key", true), [PathBuf::from("/h/.gitvow/record.key")]);
        assert_eq!(named("/h/.profil?", true), [PathBuf::from("/h/.profile")]);
        assert_eq!(named("/h/.cl?ude", true), [PathBuf::from("/h/.claude")]);
        // `.c*` is written for no one name: it names `.claude` where that is there.
        assert_eq!(named("/h/.c*", true), Vec::<PathBuf>::new());
        assert_eq!(named("/h/*/settings.json", false), Vec::<PathBuf>::new());
        assert_eq!(named("/h/src/*.rs", false), Vec::<PathBuf>::new());
        // Broad patterns name only what exists.
        assert_eq!(named("/h/.*", true), Vec::<PathBuf>::new());
        assert_eq!(named("/h/.*e", true), Vec::<PathBuf>::new());
        assert_eq!(could_name(Path::new("/r/*.json"), false, [Path::new("/r/kilo.json")]), Vec::<PathBuf>::new());
        // Into a guarded directory, a broad pattern names the file there, made yet or not: the
        // shell expands `.c*/settings.json` once `mkdir -p .claude` ran.
        assert_eq!(named("/h/.c*/settings.json", true), [PathBuf::from("/h/.claude/settings.json")]);
        assert_eq!(named("/h/.g*w/record.key", false), [PathBuf::from("/h/.gitvow/record.key")]);
        assert_eq!(named("/h/*/settings.json", false), Vec::<PathBuf>::new());
    }

    #[test]
    fn patterns_expand_on_disk() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(home.join(".gitvow")).unwrap();
        std::fs::create_dir_all(home.join("src/a")).unwrap();
        std::fs::write(home.join(".gitvow/policy.json"), "").unwrap();
        std::fs::write(home.join("src/a/x"), "").unwrap();
        assert!(on_disk(&home.join("*/y"), false).unwrap().is_empty());
        let got = on_disk(&home.join(".gitv?w/policy.json"), true).unwrap();
        assert_eq!(got, [home.join(".gitvow/policy.json")]);
        assert_eq!(on_disk(&home.join("sr*/*/x"), false).unwrap(), [home.join("src/a/x")]);
        assert!(on_disk(&home.join("nope*/x"), false).unwrap().is_empty());
    }

    use proptest::prelude::*;

    /// Protected names as the shell would be given them: a dot name keeps its dot (the shell
    /// matches a leading dot only by a dot), any other character may become `?`, `[c]`, the
    /// start of a `*`, the other case of a letter (`nocaseglob`), a group of bash's `extglob`
    /// (`@(c|q)`, `?(c)`, `!(q)…`) or of zsh (`(c|q)`), a bracket expression excluding another
    /// character, a range ending in it or a class holding it.
    pub(crate) fn disguised(name: &str) -> impl Strategy<Value = String> + use<> {
        let chars: Vec<char> = name.chars().collect();
        prop::collection::vec(0u8..13, chars.len()).prop_map(move |how| {
            let mut out = String::new();
            let mut star = false;
            for (i, c) in chars.iter().enumerate() {
                if star {
                    continue;
                }
                match how[i] {
                    _ if i == 0 && *c == '.' => out.push('.'),
                    1 => out.push('?'),
                    2 => out.push_str(&format!("[{c}]")),
                    3 if i + 2 >= chars.len() => {
                        out.push('*');
                        star = true;
                    }
                    4 => out.extend(c.to_uppercase()),
                    5 => out.push_str(&format!("@({c}|q)")),
                    6 => out.push_str(&format!("?({c})")),
                    7 => out.push_str(&format!("({c}|q)")),
                    8 if i + 2 >= chars.len() => {
                        out.push_str("!(q)");
                        star = true;
                    }
                    9 => out.push_str("[!#]"),
                    10 => out.push_str("[^%#]"),
                    11 => {
                        let below = char::from_u32(*c as u32 - 1).filter(|b| !matches!(b, '!' | '^' | '[' | ']' | '/')).unwrap_or(*c);
                        out.push_str(&format!("[{below}-{c}]"));
                    }
                    12 if c.is_alphabetic() => out.push_str("[[:alpha:]]"),
                    12 => out.push_str("[[:punct:]]"),
                    _ => out.push(*c),
                }
            }
            out
        })
    }

    fn protected() -> impl Strategy<Value = (&'static str, &'static str)> {
        prop::sample::select(vec![
            (".gitvow", "policy.json"),
            (".gitvow", "record.key"),
            (".claude", "settings.json"),
            (".copilot", "hooks"),
            (".gemini", "settings.json"),
            (".profile", ""),
            (".bashrc", ""),
            (".codex", "hooks.json"),
        ])
    }

    proptest! {
        #[test]
        fn a_disguised_protected_path_names_it((dir, file, pattern) in protected().prop_flat_map(|(d, f)| (Just(d), Just(f), disguised(d)))) {
            // Only a word with a pattern character is a pattern: the other case of a letter alone
            // (`.codEx`) is another name, which the shell leaves as it is, nocaseglob or not.
            prop_assume!(pattern == dir || pattern.contains(['?', '*', '[', '(']));
            let tmp = tempfile::tempdir().unwrap();
            let home = tmp.path();
            let known = home.join(dir);
            std::fs::create_dir_all(&known).unwrap();
            let written = if file.is_empty() { home.join(&pattern) } else { home.join(&pattern).join(file) };
            let named = could_name(&written, true, [known.as_path()]);
            let want = if file.is_empty() { known.clone() } else { known.join(file) };
            prop_assert!(named.contains(&want), "{} named {:?}", written.display(), named);
            // On disk too, when the directory holds the file.
            if !file.is_empty() {
                std::fs::write(known.join(file), "").unwrap();
                prop_assert!(on_disk(&written, true).unwrap().contains(&want), "{}", written.display());
            }
        }

        #[test]
        fn a_pattern_into_a_protected_directory_names_its_file_before_it_is_made((dir, file, pattern) in protected().prop_filter("a directory's file", |(_, f)| !f.is_empty()).prop_flat_map(|(d, f)| (Just(d), Just(f), disguised(d)))) {
            // As above: the other case of a letter alone is another name, not a pattern.
            prop_assume!(pattern == dir || pattern.contains(['?', '*', '[', '(']));
            let home = Path::new("/nowhere-made");
            let written = home.join(&pattern).join(file);
            let named = could_name(&written, true, [home.join(dir).as_path()]);
            prop_assert!(named.contains(&home.join(dir).join(file)), "{} named {:?}", written.display(), named);
        }

        #[test]
        fn a_literal_difference_names_nothing((dir, file) in protected(), at in any::<prop::sample::Index>(), with in "[a-z0-9_]") {
            let chars: Vec<char> = dir.chars().collect();
            let i = 1 + at.index(chars.len() - 1);
            prop_assume!(chars[i].to_string() != with);
            let mut changed = chars.clone();
            changed[i] = with.chars().next().unwrap();
            let changed: String = changed.into_iter().collect();
            let home = Path::new("/h");
            let written = home.join(&changed).join(file);
            prop_assert!(could_name(&written, true, [home.join(dir).as_path()]).is_empty(), "{}", written.display());
        }
    }
}
