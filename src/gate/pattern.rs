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

fn names_dot_option(text: &str) -> bool {
    let plain: String = text.chars().filter(|c| *c != '_').flat_map(char::to_lowercase).collect();
    ["dotglob", "globdots", "globignore"].iter().any(|o| plain.contains(o))
}

/// Whether any component of `path` is a pattern.
pub fn has_pattern(path: &Path) -> bool {
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
/// shorter pattern names whole (`~/.c*` is `~/.claude`, which holds a protected directory).
pub fn could_name<'a>(pattern: &Path, hidden: bool, known: impl IntoIterator<Item = &'a Path>) -> Vec<PathBuf> {
    let parts: Vec<String> = pattern.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    let mut out = Vec::new();
    for path in known {
        let names: Vec<String> = path.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        let shared = parts.len().min(names.len());
        if !(0..shared).all(|i| component_matches(&parts[i], &names[i], hidden)) {
            continue;
        }
        // A name that is not there is named only by a pattern written for it (`.profil?`, not
        // `*.json`): the shell expands a pattern to what exists, and a broad one matches a
        // missing name only in theory.
        let close = (0..shared).all(|i| !is_pattern(&parts[i]) || written_for(&parts[i], &names[i]));
        let named_here: PathBuf = names[..shared].iter().collect();
        if !close && std::fs::symlink_metadata(&named_here).is_err() {
            continue;
        }
        let mut named = named_here;
        named.extend(&parts[shared..]);
        if !out.contains(&named) {
            out.push(named);
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

/// Shell pattern matching of one name: `*`, `?`, `[…]` (any one character), groups (as `*`),
/// letters in either case. A leading dot must be matched by a dot unless `hidden` (an unknown name
/// may be anything; `dotglob` is on).
pub fn matches(pattern: &str, name: &str, hidden: bool) -> bool {
    let pattern = without_groups(pattern);
    if name.starts_with('.') && !pattern.starts_with('.') && !hidden {
        return false;
    }
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    // Iterative wildcard matching with one backtrack point: linear in practice, never recursive.
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() && p[pi] == '[' {
            // Any one character (a bracket expression is taken to match whatever it could).
            if let Some(close) = bracket_end(&p, pi) {
                pi = close + 1;
                ni += 1;
                continue;
            }
        }
        if pi < p.len() && (p[pi] == '?' || same_letter(p[pi], n[ni])) {
            pi += 1;
            ni += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ni));
            pi += 1;
        } else if let Some((sp, sn)) = star {
            pi = sp + 1;
            ni = sn + 1;
            star = Some((sp, sn + 1));
        } else {
            return false;
        }
    }
    while pi < p.len() && p[pi] == '*' {
        pi += 1;
    }
    pi == p.len()
}

/// One character as the other, a letter in either case.
fn same_letter(a: char, b: char) -> bool {
    a == b || a.to_lowercase().eq(b.to_lowercase())
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
mod tests {
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
    fn groups_and_either_case_match_as_the_shells_options_make_them() {
        for pattern in [".@(gitvow|x)", ".+(g)itvow", ".!(x)", ".?(g)itvow", ".(gitvow|x)", ".gitvow(N)", ".GITV*", ".GitVow", ".*(D)"] {
            assert!(matches(pattern, ".gitvow", false), "{pattern}");
        }
        assert_eq!(without_groups(".@(a|b(c))x"), ".*x");
        assert!(is_pattern(".@(gitvow)") && !is_pattern("plain(") && !is_pattern("name.json"));
        assert!(names_dot_option("shopt -s dotglob; ls") && names_dot_option("setopt GLOB_DOTS") && !names_dot_option("ls *"));
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
    /// (`@(c|q)`, `?(c)`, `!(q)…`) or of zsh (`(c|q)`).
    fn disguised(name: &'static str) -> impl Strategy<Value = String> {
        let chars: Vec<char> = name.chars().collect();
        prop::collection::vec(0u8..9, chars.len()).prop_map(move |how| {
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
