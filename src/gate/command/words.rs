//! Words as paths: what a word names once the shell expands it, where the analysis can know it
//! (`~`, `$HOME`, `$PWD`, `$TMPDIR`, `$(mktemp -d)`, `$(pwd)`, globs in a known directory).

use super::syntax::{self, Part, Word};
use super::{Dirs, Glob, Touch, Walk, effects};
use std::path::Path;

impl Walk<'_> {
    /// `for NAME in WORDS`: literal words (at most [`MAX_LOOP_WORDS`]) are what NAME holds in the
    /// body; any other list leaves NAME computed.
    pub(super) fn loop_head(&mut self, words: &[Word], dirs: &Dirs) {
        let Some(name) = words.first().and_then(Word::literal).filter(|n| syntax::is_name(n)) else { return };
        self.seen.loops.retain(|(n, ..)| *n != name);
        match words.get(1).and_then(Word::literal).as_deref() {
            Some("in") => {}
            None | Some("do") => return self.loop_over_parameters(name, dirs),
            _ => return,
        }
        // Literal words, or patterns of names in a literal directory (`*.txt`, `src/*.py`): each
        // value is one of the names the pattern matches there. `$(ls *.txt)` lists the names its
        // patterns match; `$(seq 1 5)` and its kind print names without a slash (any name here).
        let mut values = Vec::new();
        let mut shell_picked = true;
        // A substitution's list is split at blanks (`for f in $(find …)`): so are the names in it.
        let mut split = false;
        for w in &words[2..] {
            match w.parts.as_slice() {
                [Part::Subst { raw, .. }] if one_name(raw) => values.push(Word { parts: vec![Part::Glob("*".into())] }),
                [Part::Subst { raw, .. }] if self.substituted_list(raw).is_some() => {
                    values.extend(self.substituted_list(raw).unwrap_or_default());
                    split = true;
                    let inner = raw.strip_prefix("$(").and_then(|r| r.strip_suffix(')'));
                    shell_picked &=
                        inner.or_else(|| raw.strip_prefix('`')?.strip_suffix('`')).is_some_and(super::loops::lists_shell_picked);
                    self.say_substituted(&name, raw);
                }
                [Part::Subst { raw, .. }] => match listed_patterns(raw) {
                    Some(patterns) => values.extend(patterns),
                    None => return,
                },
                // `for f in "$d"/*` inside `for d in ~/.gitvow`: with each name of the outer loop.
                _ if let Some((k, outer)) = w.parts.iter().enumerate().find_map(|(k, p)| self.loop_values(p).map(|v| (k, v))) => {
                    for v in outer {
                        let mut each = w.clone();
                        each.parts.splice(k..=k, v.parts);
                        values.push(self.with_values(&each));
                    }
                }
                // `for f in "$d"/*` with `d=~/.gitvow` assigned before: the value's names.
                _ => values.push(self.with_values(w)),
            }
        }
        let listed = |w: &Word| w.parts.iter().all(super::loops::spliceable);
        if !values.is_empty() && values.len() <= MAX_LOOP_WORDS && values.iter().all(listed) {
            self.hold_values(name, values, shell_picked, split, dirs);
        }
    }

    /// The word an option's value is in: `-d DIR`, `--directory=DIR`, `-dDIR` (the option's text
    /// taken off the word, which may go on computed: `--root=$HOME/x`).
    pub(super) fn option_word(words: &[Word], flags: &[&str]) -> Option<Word> {
        for (i, w) in words.iter().enumerate() {
            let Some(Part::Lit(first)) = w.parts.first() else { continue };
            for f in flags {
                if w.text() == *f {
                    return words.get(i + 1).cloned();
                }
                let rest = match first.strip_prefix(f) {
                    Some(r) if f.starts_with("--") => r.strip_prefix('='),
                    Some(r) if f.len() == 2 && (!r.is_empty() || w.parts.len() > 1) => Some(r),
                    _ => None,
                };
                if let Some(rest) = rest {
                    let mut value = w.clone();
                    value.parts[0] = Part::Lit(rest.to_string());
                    return Some(value);
                }
            }
        }
        None
    }

    /// The absolute paths a word names, or `None` when the shell computes where it is.
    pub(super) fn paths(&self, word: &Word, dirs: &Dirs) -> Option<Vec<Touch>> {
        // `a{1..3}.csv`, `{,new.}name`: each word the shell spells out.
        if let Some(words) = super::braces::expand(word) {
            let mut all = Vec::new();
            for w in words {
                all.extend(self.paths(&w, dirs)?);
            }
            return Some(all);
        }
        // `$(date +%F)`, `$((n+1))`, `$RANDOM`, `$(basename "$f")`: text without a slash, one name
        // in its directory.
        if let Some(k) = word.parts.iter().enumerate().position(|(k, p)| match p {
            // `rt-$(basename "$f")`, `x-${f##*/}`: a base name after literal text in its
            // component is a name there, neither `.`, `..`, empty nor starting with a dot.
            Part::Subst { raw, .. } | Part::Computed(raw) if self.base_name(raw) && after_text(word, k) => true,
            Part::Subst { raw, .. } => one_name(raw) || self.loop_basename(raw),
            // A known variable's value keeps such a substitution as computed text.
            Part::Computed(t) => t.starts_with("$((") || t.starts_with("${#") || t == "$$" || one_name(t),
            Part::Var(n) => NUMBERS.contains(&n.as_str()),
            _ => false,
        }) {
            let mut w = word.clone();
            w.parts[k] = Part::Glob("*".into());
            return self.paths(&w, dirs);
        }
        // A loop variable over literal words names each of them in turn.
        if let Some((k, values)) = word.parts.iter().enumerate().find_map(|(k, p)| self.loop_values(p).map(|v| (k, v))) {
            let mut all = Vec::new();
            for v in values {
                let mut w = word.clone();
                w.parts.splice(k..=k, v.parts.iter().cloned());
                all.extend(self.paths(&w, dirs)?);
            }
            return Some(all);
        }
        // A finder's name reshaped: the new name under its start, and the guarded places it can be.
        if let Some(k) = word.parts.iter().position(super::loops::is_found_named) {
            return self.found_named_paths(word, k, dirs);
        }
        let (rel, glob) = match self.expand(word)? {
            Expanded::Exact(p) => (p, None),
            Expanded::Pattern(p, hidden) => (p, Some(Glob { hidden: hidden || self.seen.dot_names })),
        };
        match dirs.join_with(&rel, &|p| self.link_at(p)) {
            Dirs::Known(ps) => Some(ps.into_iter().map(|path| Touch { path: self.through_symlinks(path), glob }).collect()),
            Dirs::Unknown => None,
        }
    }

    /// `$(basename ARG [SUFFIX])` (no option, nothing piped) or `${NAME##*/}`, expanded in double
    /// quotes: text without a `/` (or `/` alone), one word.
    fn base_name(&self, raw: &str) -> bool {
        let quoted = |t: &str| !self.seen.unquoted.iter().any(|u| u == t);
        if let Some(name) = raw.strip_prefix("${").and_then(|r| r.strip_suffix("##*/}")) {
            return syntax::is_name(name) && quoted(name);
        }
        let inner = raw.strip_prefix("$(").and_then(|r| r.strip_suffix(')')).or_else(|| raw.strip_prefix('`')?.strip_suffix('`'));
        let Some(inner) = inner else { return false };
        let words: Vec<&str> = inner.split_whitespace().collect();
        quoted(raw)
            && matches!(words.as_slice(), ["basename", _] | ["basename", _, _])
            && words[1..].iter().all(|w| !w.trim_start_matches(['"', '\'']).starts_with('-'))
            && !inner.contains(['|', ';', '&', '<', '>', '\n'])
    }

    /// `ln -s TARGET NAME` (or `cp -s`, `--symbolic`): for the rest of the call, NAME and the
    /// names under it are where the link leads. Made by the call, the link is not there yet when
    /// the gate looks, so `ln -s ~/.gitvow/policy.json p && echo '{}' > p` writes gitvow's policy
    /// through a name the file system cannot show. A relative TARGET is read from NAME's directory.
    pub(super) fn symlink_made(&mut self, args: &[String], ops: &[&Word], dirs: &Dirs) {
        let symbolic = args.iter().any(|a| {
            matches!(a.as_str(), "--symbolic" | "--symbolic-link") || (a.starts_with('-') && !a.starts_with("--") && a.contains('s'))
        });
        let [target, name] = ops else { return };
        if !symbolic {
            return;
        }
        let Some(links) = self.paths(name, dirs) else { return };
        let text = target.literal();
        for mut link in links.into_iter().filter(|l| l.glob.is_none()) {
            // Into a directory that is there, the link is named after its target.
            if link.path.symlink_metadata().is_ok_and(|m| m.is_dir())
                && let Some(base) = text.as_deref().and_then(|t| Path::new(t).file_name())
            {
                link.path = link.path.join(base);
            }
            let leads_to = match text.as_deref() {
                Some(t) if !t.starts_with(['/', '~']) => link.path.parent().map(|d| super::lexical(&d.join(t))),
                _ => self.paths(target, dirs).and_then(|t| t.into_iter().next()).map(|t| t.path),
            };
            if let Some(to) = leads_to {
                self.seen.symlinks.push((link.path, to));
            }
        }
    }

    /// Whether `path` is a symbolic link the call made earlier (`ln -s ~/.claude c; echo x >
    /// c/../.bashrc` writes `~/.bashrc`), or one on disk.
    fn link_at(&self, path: &Path) -> crate::gate::place::LinkAt {
        match self.seen.symlinks.iter().rev().find(|(link, _)| link == path) {
            Some((_, to)) => crate::gate::place::LinkAt::To(to.clone()),
            None => crate::gate::place::on_disk(path),
        }
    }

    /// `path` as the call's own symbolic links make it (see [`Walk::symlink_made`]).
    fn through_symlinks(&self, path: std::path::PathBuf) -> std::path::PathBuf {
        for (link, to) in self.seen.symlinks.iter().rev() {
            if let Ok(rest) = path.strip_prefix(link) {
                return if rest.as_os_str().is_empty() { to.clone() } else { to.join(rest) };
            }
        }
        path
    }

    /// Whether the call has assigned HOME before this word (as a prefix too: conservatively).
    fn home_assigned(&self) -> bool {
        self.seen.assigned.iter().any(|a| a == "HOME")
    }

    /// A word as a path: literal (`~` and `$HOME` known), or a pattern in a known directory
    /// (`dir/*.json`, `build/$name`: the shell picks names in `dir`, `build`).
    pub(super) fn expand(&self, word: &Word) -> Option<Expanded> {
        if word.parts.iter().any(|p| *p == Part::Glob(String::new())) {
            // Brace expansion (`{.claude,x}`) makes any name from its parts: anything in the
            // directory before the brace.
            let mut head = Word { parts: word.parts.iter().take_while(|p| !matches!(p, Part::Glob(_))).cloned().collect() };
            if let Some(Part::Lit(t)) = head.parts.last_mut()
                && let Some(open) = t.find('{')
            {
                t.truncate(open);
            }
            let dir = match self.expand(&head)? {
                Expanded::Exact(s) => s.rfind('/').map_or_else(|| ".".to_string(), |k| s[..k.max(1)].to_string()),
                Expanded::Pattern(..) => return None,
            };
            return Some(Expanded::Pattern(format!("{dir}/*"), true));
        }
        let mut s = String::new();
        for (k, p) in word.parts.iter().enumerate() {
            match p {
                Part::Lit(t) | Part::Ansi(t) => s.push_str(t),
                // `~` and `$HOME` are the person's home until the call assigns HOME: after
                // `HOME=~/.gitvow`, `~/record.key` is another file, computed as any variable's.
                Part::Tilde if !self.home_assigned() => s.push_str(&self.ctx.home?.to_string_lossy()),
                // Known only at the start of a path (`"$HOME/x"` starts with an empty literal).
                Part::Var(name) if name == "HOME" && s.is_empty() && !self.home_assigned() => {
                    s.push_str(&self.ctx.home?.to_string_lossy());
                }
                // Where the shell is when the word is read: `cd ~/.gitvow; cat $PWD/record.key`.
                Part::Var(name) if name == "PWD" && s.is_empty() => s.push('.'),
                Part::Var(name) if s.is_empty() && self.seen.temps.contains(name) => s.push_str("/tmp/mktemp.XXXXXXXXXX"),
                // `$TMPDIR/x`, `${TMPDIR:-/tmp}/x`: the environment's temporary directory.
                Part::Var(name) if s.is_empty() && self.temp_variable(name) => s.push_str("/tmp"),
                Part::Computed(t) if s.is_empty() && self.temp_default(t) => s.push_str("/tmp"),
                Part::Computed(t) if self.unset_default(t).is_some() => s.push_str(self.unset_default(t).unwrap_or_default()),
                Part::Subst { script, raw } if s.is_empty() => s.push_str(&self.known_output(*script, raw)?),
                _ => {
                    let hidden = !matches!(p, Part::Glob(_));
                    // A glob keeps its pattern; a computed name could be any name.
                    let mut rest = if hidden { "*".to_string() } else { Word { parts: word.parts[k..].to_vec() }.text() };
                    // A computed part's pattern stops at the first `/` after it: deeper names are in
                    // what it names. A glob keeps its deeper names (`*/__pycache__` names
                    // `__pycache__` one level down, not everything: `*` never matches `.git`).
                    let prefix = match s.rfind('/') {
                        Some(slash) => s[..=slash].to_string(),
                        None => String::new(),
                    };
                    let head = s[prefix.len()..].to_string();
                    if let Some(slash) = rest.find('/')
                        && (hidden || rest[slash..].trim_end_matches('/').is_empty())
                    {
                        rest.truncate(slash);
                    }
                    if s.is_empty() && !matches!(p, Part::Glob(_)) {
                        // `$X/…`: not even the directory is known.
                        return None;
                    }
                    let dir = if prefix.is_empty() { ".".to_string() } else { prefix };
                    let name = if hidden { "*".to_string() } else { format!("{head}{rest}") };
                    // A group may be zsh's `(D)`, which matches dot names too.
                    let dots = hidden || head.starts_with('.') || name.contains('(');
                    return Some(Expanded::Pattern(format!("{dir}/{name}"), dots));
                }
            }
        }
        Some(Expanded::Exact(s))
    }

    /// The output of `$(which gitvow)`, `$(command -v x)`, `$(pwd)`, `$(git rev-parse --show-toplevel)`:
    /// substitutions agents write for a path whose value the analysis can know.
    pub(super) fn known_output(&self, _script: usize, raw: &str) -> Option<String> {
        let inner = raw.strip_prefix("$(")?.strip_suffix(')')?.trim();
        let words: Vec<&str> = inner.split_whitespace().collect();
        match words.as_slice() {
            ["pwd"] | ["pwd", "-L" | "-P"] => Some(".".to_string()),
            ["mktemp", ..] if is_mktemp(raw) => Some("/tmp/mktemp.XXXXXXXXXX".to_string()),
            ["git", "rev-parse", "--show-toplevel"] => self.ctx.repo_top.map(|t| t.to_string_lossy().into_owned()),
            ["which", name] | ["command", "-v", name] | ["type", "-p", name] | ["type", "-P", name] => {
                crate::paths::find_on_path(name.trim_matches(['"', '\''])).map(|p| p.to_string_lossy().into_owned())
            }
            _ => None,
        }
    }

    /// `TMPDIR`, `TMP`, `TEMP`, when the call does not set them itself.
    pub(super) fn temp_variable(&self, name: &str) -> bool {
        TEMP_VARIABLES.contains(&name) && !self.seen.assigned.iter().any(|a| a == name)
    }

    /// `${OUT:-build}` (or `-`, `:=`, `=`) of a variable the call does not set: its default, when
    /// that is plain text (a value from the environment is the person's own, as `$HOME` is).
    fn unset_default<'t>(&self, computed: &'t str) -> Option<&'t str> {
        let inner = computed.strip_prefix("${")?.strip_suffix('}')?;
        let op = inner.find([':', '-', '='])?;
        let (name, rest) = inner.split_at(op);
        let default = rest
            .strip_prefix(":-")
            .or_else(|| rest.strip_prefix(":="))
            .or_else(|| rest.strip_prefix('-'))
            .or_else(|| rest.strip_prefix('='))?;
        let plain = !default.is_empty() && default.chars().all(|c| c.is_ascii_alphanumeric() || "._-/+@%,".contains(c));
        (syntax::is_name(name) && plain && !self.seen.assigned.iter().any(|a| a == name)).then_some(default)
    }

    /// `${TMPDIR:-/tmp}` (or `-`, `:=`, `=`): the temporary directory, or a default that is one.
    pub(super) fn temp_default(&self, computed: &str) -> bool {
        let Some(inner) = computed.strip_prefix("${").and_then(|t| t.strip_suffix('}')) else { return false };
        let Some(op) = inner.find([':', '-', '=']) else { return false };
        let default = inner[op..].trim_start_matches(':').trim_start_matches(['-', '=']);
        self.temp_variable(&inner[..op]) && ["/tmp", "/var/tmp"].iter().any(|t| default.trim_end_matches('/') == *t)
    }

    /// A path as a text for the rules: `~/…` in the home directory, else as it is.
    pub(super) fn shown(&self, path: &Path) -> String {
        effects::shown(path, self.ctx.home)
    }
}

/// The variables that name the temporary directory.
/// Words of a `for` list the analysis follows.
const MAX_LOOP_WORDS: usize = 32;

/// Variables whose value is a number.
const NUMBERS: &[&str] = &["RANDOM", "SECONDS", "PPID", "BASHPID", "EPOCHSECONDS", "LINENO", "UID", "EUID"];

/// A substitution whose output is one name without a slash that does not start with a dot: a
/// date in a format without `/` (`$(date +%Y%m%d)`), numbers (`seq`, `nproc`, `id -u`), the user,
/// the host, the system's name.
pub(super) fn one_name(raw: &str) -> bool {
    let Some(inner) = raw.strip_prefix("$(").and_then(|r| r.strip_suffix(')')).or_else(|| raw.strip_prefix('`')?.strip_suffix('`')) else {
        return false;
    };
    let mut words: Vec<&str> = inner.split_whitespace().collect();
    // `/bin/date +%F`: the system's program by its full name.
    if let Some(first) = words.first_mut() {
        *first = first.strip_prefix("/usr/bin/").or_else(|| first.strip_prefix("/bin/")).unwrap_or(first);
    }
    let plain = |w: &str| w.chars().all(|c| c.is_ascii_alphanumeric() || "+-_.:%,".contains(c));
    if !words.iter().all(|w| plain(w)) {
        return false;
    }
    match words.as_slice() {
        ["date", rest @ ..] => rest.iter().all(|w| {
            w.strip_prefix('+').is_some_and(|f| !f.starts_with('.') && !f.contains("%D") && !f.contains("%x") && !f.contains("%c"))
                || matches!(*w, "-u" | "--utc")
        }),
        ["seq", rest @ ..] => rest.iter().all(|w| w.parse::<f64>().is_ok() || *w == "-w"),
        // `mktemp -u XXXX`: a name made from a template in the working directory, not made.
        ["mktemp", "-u", t] => !t.starts_with('.') && t.ends_with("XXX"),
        ["whoami"] | ["nproc"] | ["hostname"] | ["hostname", "-s"] | ["uname", _] | ["id", "-u" | "-g" | "-un" | "-gn"] => true,
        _ => false,
    }
}

/// Whether part `k` of `word` comes after literal text in the same component (`rt-` in
/// `/tmp/rt-$(…)`).
fn after_text(word: &Word, k: usize) -> bool {
    let before = word.parts[..k].iter().rev().find(|p| !matches!(p, Part::Lit(t) if t.is_empty()));
    matches!(before, Some(Part::Lit(t)) if !t.ends_with('/'))
}

/// The patterns `$(ls PATTERN…)` lists the names of: patterns of names in a literal directory
/// (`*.txt`, `src/*.py`), with none of ls's options that print more than the names.
fn listed_patterns(raw: &str) -> Option<Vec<Word>> {
    let inner = raw.strip_prefix("$(").and_then(|r| r.strip_suffix(')')).or_else(|| raw.strip_prefix('`')?.strip_suffix('`'))?;
    let mut words = inner.split_whitespace();
    if words.next()? != "ls" {
        return None;
    }
    let mut patterns = Vec::new();
    for w in words {
        if matches!(w, "-1" | "-t" | "-r" | "-S" | "-tr" | "-rt" | "-d" | "-X") {
            continue;
        }
        let (dir, name) = w.split_at(w.rfind('/').map_or(0, |k| k + 1));
        let literal = |t: &str| !t.contains(['*', '?', '[', ']', '{', '}', '$', '`', '\\', '\'', '"', '~']);
        let star = name.find('*').filter(|_| w.matches('*').count() == 1 && !w.starts_with('-'))?;
        if !literal(dir) || !literal(&name.replacen('*', "", 1)) {
            return None;
        }
        let parts = vec![Part::Lit(format!("{dir}{}", &name[..star])), Part::Glob("*".into()), Part::Lit(name[star + 1..].to_string())];
        patterns.push(Word { parts: parts.into_iter().filter(|p| *p != Part::Lit(String::new())).collect() });
    }
    (!patterns.is_empty()).then_some(patterns)
}

const TEMP_VARIABLES: &[&str] = &["TMPDIR", "TMP", "TEMP"];

/// `$(mktemp …)` (or `` `mktemp …` ``) that makes its name in the temporary directory: by
/// default, with `-t`/`--tmpdir`, in a directory (`-p DIR`, `--tmpdir=DIR`) or after a template
/// (`/tmp/build.XXXX`, `"${TMPDIR:-/tmp}/x.XXXX"`) that is a temporary one. A bare relative
/// template without `-t` is in the working directory.
pub(super) fn is_mktemp(raw: &str) -> bool {
    let inner =
        raw.strip_prefix("$(").and_then(|t| t.strip_suffix(')')).or_else(|| raw.strip_prefix('`').and_then(|t| t.strip_suffix('`')));
    let Some(inner) = inner else { return false };
    let words: Vec<&str> = inner.split_whitespace().map(|w| w.trim_matches(['"', '\''])).collect();
    if words.first() != Some(&"mktemp") {
        return false;
    }
    let mut in_temp = false;
    let mut dir: Option<&str> = None;
    let mut template: Option<&str> = None;
    let mut i = 1;
    while i < words.len() {
        let w = words[i];
        i += 1;
        if let Some(d) = w.strip_prefix("--tmpdir=").or_else(|| w.strip_prefix("-p").filter(|d| !d.is_empty())) {
            dir = Some(d);
        } else if w == "--tmpdir" {
            in_temp = true;
        } else if w == "--" {
            template = words.get(i).copied();
            break;
        } else if let Some(flags) = w.strip_prefix('-').filter(|f| !f.starts_with('-')) {
            in_temp |= flags.contains('t');
            if flags.ends_with('p') {
                dir = words.get(i).copied();
                i += 1;
            }
        } else if !w.starts_with('-') {
            template = Some(w);
        }
    }
    match (template, dir) {
        (Some(t), _) if t.starts_with('/') || t.starts_with('$') => is_temp_path(t),
        (_, Some(d)) => is_temp_path(&format!("{}/", d.trim_end_matches('/'))),
        (Some(_), None) => in_temp,
        (None, None) => true,
    }
}

/// A path in the temporary directory: under `/tmp/`, `/var/tmp/` or `$TMPDIR/` (`${TMPDIR:-/tmp}/`).
fn is_temp_path(path: &str) -> bool {
    let Some(slash) = path.find('/') else { return false };
    let (head, rest) = path.split_at(slash);
    if head.is_empty() {
        return ["/tmp/", "/var/tmp/"].iter().any(|t| path.starts_with(t)) && !path.contains("/../");
    }
    let var = head.trim_start_matches('$').trim_start_matches('{').trim_end_matches('}');
    let name = var.split([':', '-', '=']).next().unwrap_or("");
    TEMP_VARIABLES.contains(&name) && !rest.contains("/../")
}

pub(super) enum Expanded {
    Exact(String),
    /// A path whose last component is a pattern; `true` when it may name hidden files.
    Pattern(String, bool),
}
