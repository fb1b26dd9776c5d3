//! What `find` acts on when no name test bounds it but its depth or its path test does:
//! `find . -maxdepth 1 -type f -delete` removes the regular files of the directory and nothing
//! below it, listed at judging time and each judged by its own path; `find . -path './build/*'
//! -delete` removes what is under `./build`. Anything else is left to the caller (the starts
//! whole).
//!
//! The tests before the first action are evaluated on each entry with three values: a test the
//! analyser can decide on disk (`-name`, `-path`, `-type`, `-true`, `-false`) says yes or no (a
//! pattern that may match is a maybe: the matcher errs on matching), any other test is a maybe,
//! and only an entry every reading rules out is left out. A negated maybe stays a maybe.

use super::super::syntax::{Part, Word};
use super::stat;
use crate::gate::pattern;
use std::path::Path;

/// Entries of a start directory listed per call; past it the start counts as found whole.
const MAX_LISTED: usize = 512;
/// Entries acted on one by one; past it the start counts as found whole.
const MAX_FOUND: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub(super) enum Tri {
    No,
    Maybe,
    Yes,
}

/// One entry as find sees it: its name, its path as find prints it, and its type letter.
pub(super) struct Entry<'a> {
    pub(super) name: &'a str,
    pub(super) path: &'a str,
    pub(super) kind: char,
    /// What it is on disk (not following a link), and where, for the tests that read it.
    pub(super) meta: Option<&'a std::fs::Metadata>,
    pub(super) disk: Option<&'a Path>,
}

/// What the expression `args` (after the starts) acts on under `starts`, each start's directory
/// `dir_of` resolves: `Some((found, trees))` when its depth or a path test bounds it, with `trees`
/// when each found name stands for what is under it.
pub(super) fn found(starts: &[Word], args: &[String], dir_of: impl Fn(&Word) -> Option<std::path::PathBuf>) -> Option<(Vec<Word>, bool)> {
    let expression: Vec<&str> = super::expression_of(args);
    let tests = tests_of(&expression)?;
    if let Some(under) = path_prefix(tests, starts) {
        return Some((vec![under], true));
    }
    // Of repeated bounds, the widest.
    let depths =
        |option: &str| expression.windows(2).filter(|p| p[0] == option).map(|p| p[1].parse::<usize>().ok()).collect::<Option<Vec<_>>>();
    let (max, min) = (depths("-maxdepth")?.into_iter().max()?, depths("-mindepth")?.into_iter().min().unwrap_or(0));
    if max > 1 {
        return None;
    }
    let mut found = Vec::new();
    for start in starts {
        let text = start.literal()?;
        let dir = dir_of(start)?;
        let meta = std::fs::symlink_metadata(&dir).ok()?;
        if meta.file_type().is_symlink() {
            // `find link/` follows it and `find link` does not: the starts are found whole.
            return None;
        }
        let name = Path::new(&text).file_name().map_or(text.clone(), |n| n.to_string_lossy().into_owned());
        if min == 0
            && eval(tests, &Entry { name: &name, path: &text, kind: kind_of(&meta.file_type()), meta: Some(&meta), disk: Some(&dir) })?
                != Tri::No
        {
            found.push(start.clone());
        }
        if max == 0 || !meta.is_dir() {
            continue;
        }
        let entries = std::fs::read_dir(&dir).ok()?;
        for (listed, e) in entries.enumerate() {
            let e = e.ok()?;
            if listed >= MAX_LISTED || found.len() > MAX_FOUND {
                return None;
            }
            let name = e.file_name().to_string_lossy().into_owned();
            let path = if text.ends_with('/') { format!("{text}{name}") } else { format!("{text}/{name}") };
            let kind = kind_of(&e.file_type().ok()?);
            let (meta, disk) = (e.metadata().ok(), e.path());
            if eval(tests, &Entry { name: &name, path: &path, kind, meta: meta.as_ref(), disk: Some(&disk) })? != Tri::No {
                let mut parts = start.parts.clone();
                parts.push(Part::Lit(if text.ends_with('/') { name } else { format!("/{name}") }));
                found.push(Word { parts });
            }
        }
    }
    Some((found, false))
}

pub(super) fn kind_of(t: &std::fs::FileType) -> char {
    if t.is_symlink() {
        'l'
    } else if t.is_dir() {
        'd'
    } else if t.is_file() {
        'f'
    } else {
        'o'
    }
}

/// The tests before the first action, when everything after it is actions (`-exec … ;`,
/// `-delete`, `-print`) and no option follows links; `None` otherwise.
fn tests_of<'a>(expression: &'a [&'a str]) -> Option<&'a [&'a str]> {
    if expression.iter().any(|a| matches!(*a, "-L" | "-H" | "-follow")) {
        return None;
    }
    let first = expression.iter().position(|a| is_action(a)).unwrap_or(expression.len());
    let mut i = first;
    while i < expression.len() {
        let a = expression[i];
        if a.starts_with("-exec") || a.starts_with("-ok") {
            i += 1;
            while i < expression.len() && !matches!(expression[i], ";" | "+") {
                i += 1;
            }
        } else if matches!(a, "-printf" | "-fprint" | "-fprint0" | "-fls") {
            i += 1;
        } else if !is_action(a) {
            return None;
        }
        i += 1;
    }
    Some(&expression[..first])
}

fn is_action(a: &str) -> bool {
    a.starts_with("-exec")
        || a.starts_with("-ok")
        || a.starts_with("-print")
        || a.starts_with("-fprint")
        || matches!(a, "-delete" | "-ls" | "-fls" | "-quit")
}

/// `-path './build/*'` in a plain conjunction of tests: the directory its literal beginning names,
/// when that is below a start, holds all it matches.
fn path_prefix(tests: &[&str], starts: &[Word]) -> Option<Word> {
    if tests.iter().any(|a| matches!(*a, "-o" | "-or" | "!" | "-not" | "," | "(" | ")")) {
        return None;
    }
    let pattern = tests.windows(2).find(|p| matches!(p[0], "-path" | "-wholename")).map(|p| p[1])?;
    let glob = pattern.find(['*', '?', '[', '\\'])?;
    let dir = pattern[..glob].rsplit_once('/')?.0;
    let below = |s: &Word| s.literal().is_some_and(|t| dir.starts_with(&format!("{}/", t.trim_end_matches('/'))));
    (starts.len() == 1 && below(&starts[0]) && !dir.split('/').any(|c| c == "..")).then(|| super::super::lit_word(dir))
}

/// The tests evaluated on `entry`; `None` when the analyser does not know a word of them.
fn eval(tests: &[&str], entry: &Entry) -> Option<Tri> {
    Some(acts_on(tests, entry)?.0)
}

/// Whether the whole expression `t` (tests, operators and actions) acts on `entry`: an action
/// reached acts (no action at all: the expression's value is printed), and whether it is
/// certainly pruned there (`-prune` reached on a certain path, without `-depth` or `-delete`,
/// which make it do nothing); `None` when the analyser does not know a word of it.
pub(super) fn acts_on(t: &[&str], entry: &Entry) -> Option<(Tri, bool)> {
    let prunes = !t.iter().any(|a| matches!(*a, "-depth" | "-d" | "-delete"));
    let mut e = Eval { t, i: 0, e: entry, acted: Tri::No, pruned: false, prunes, now: std::time::SystemTime::now() };
    let value = e.list(Tri::Yes)?;
    (e.i == t.len()).then_some(())?;
    let acts = t.iter().any(|a| is_action(a));
    Some((if acts { e.acted } else { value }, e.pruned))
}

fn not(v: Tri) -> Tri {
    match v {
        Tri::No => Tri::Yes,
        Tri::Maybe => Tri::Maybe,
        Tri::Yes => Tri::No,
    }
}

fn least(a: Tri, b: Tri) -> Tri {
    if a < b { a } else { b }
}

fn most(a: Tri, b: Tri) -> Tri {
    if a > b { a } else { b }
}

/// One evaluation: each level is given how surely it is reached (find evaluates `A -a B`'s B only
/// when A holds, `A -o B`'s only when it does not).
struct Eval<'a> {
    t: &'a [&'a str],
    i: usize,
    e: &'a Entry<'a>,
    acted: Tri,
    pruned: bool,
    prunes: bool,
    now: std::time::SystemTime,
}

impl Eval<'_> {
    /// `A , B`: both evaluated, B's value.
    fn list(&mut self, reached: Tri) -> Option<Tri> {
        let mut value = self.or(reached)?;
        while self.t.get(self.i) == Some(&",") {
            self.i += 1;
            value = self.or(reached)?;
        }
        Some(value)
    }

    fn or(&mut self, reached: Tri) -> Option<Tri> {
        let mut value = self.and(reached)?;
        while self.i < self.t.len() && matches!(self.t[self.i], "-o" | "-or") {
            self.i += 1;
            let right = self.and(least(reached, not(value)))?;
            value = most(value, right);
        }
        Some(value)
    }

    fn and(&mut self, reached: Tri) -> Option<Tri> {
        let mut value = self.unary(reached)?;
        while self.i < self.t.len() && !matches!(self.t[self.i], "-o" | "-or" | ")" | ",") {
            if matches!(self.t[self.i], "-a" | "-and") {
                self.i += 1;
            }
            let right = self.unary(least(reached, value))?;
            value = least(value, right);
        }
        Some(value)
    }

    fn unary(&mut self, reached: Tri) -> Option<Tri> {
        let a = *self.t.get(self.i)?;
        self.i += 1;
        match a {
            "!" | "-not" => Some(not(self.unary(reached)?)),
            "(" => {
                let value = self.list(reached)?;
                (self.t.get(self.i) == Some(&")")).then(|| self.i += 1)?;
                Some(value)
            }
            _ if is_action(a) => self.action(a, reached),
            "-prune" => {
                self.pruned |= self.prunes && reached == Tri::Yes;
                Some(Tri::Yes)
            }
            _ => self.primary(a),
        }
    }

    /// An action reached acts on the entry; what `-exec` returns is its command's status.
    fn action(&mut self, a: &str, reached: Tri) -> Option<Tri> {
        self.acted = most(self.acted, reached);
        if a.starts_with("-exec") || a.starts_with("-ok") {
            while !matches!(*self.t.get(self.i)?, ";" | "+") {
                self.i += 1;
            }
            self.i += 1;
            return Some(Tri::Maybe);
        }
        self.i += match a {
            "-printf" | "-fprint" | "-fprint0" | "-fls" => 1,
            "-fprintf" => 2,
            _ => 0,
        };
        (self.i <= self.t.len()).then_some(if a == "-quit" { Tri::Maybe } else { Tri::Yes })
    }

    /// A test and its argument, if it takes one.
    fn primary(&mut self, a: &str) -> Option<Tri> {
        let e = self.e;
        let may = |hit: bool| if hit { Tri::Maybe } else { Tri::No };
        let known = |hit: bool| if hit { Tri::Yes } else { Tri::No };
        match a {
            "-true" | "-depth" | "-d" | "-xdev" | "-mount" | "-noleaf" | "-daystart" | "-ignore_readdir_race" | "-nowarn" | "-warn" => {
                Some(Tri::Yes)
            }
            "-false" => Some(Tri::No),
            "-empty" => Some(match (e.meta, e.disk) {
                (Some(m), Some(d)) => stat::empty(m, d).map_or(Tri::Maybe, known),
                _ => Tri::Maybe,
            }),
            "-readable" | "-writable" | "-executable" | "-nouser" | "-nogroup" => Some(Tri::Maybe),
            _ => {
                let arg = *self.t.get(self.i)?;
                self.i += 1;
                // A pattern plain enough to be matched exactly decides; any other may match.
                let path_like = |pattern: &str, text: &str| match pattern::matches_plainly(pattern, text) {
                    Some(hit) => known(hit),
                    None => may(pattern::matches(pattern, text, true)),
                };
                match a {
                    "-maxdepth" | "-mindepth" | "-regextype" => Some(Tri::Yes),
                    "-name" => Some(path_like(arg, e.name)),
                    "-iname" => Some(may(pattern::matches(&arg.to_lowercase(), &e.name.to_lowercase(), true))),
                    "-path" | "-wholename" => Some(path_like(arg, e.path)),
                    "-ipath" | "-iwholename" => Some(may(pattern::matches(&arg.to_lowercase(), &e.path.to_lowercase(), true))),
                    "-type" => Some(if arg.split(',').any(|k| k.len() == 1 && k.starts_with(e.kind)) {
                        Tri::Yes
                    } else if e.kind == 'o' {
                        Tri::Maybe
                    } else {
                        Tri::No
                    }),
                    // Times measured from the start of the day are not decided here.
                    _ if self.t.contains(&"-daystart") && (a.ends_with("time") || a.ends_with("min")) => Some(Tri::Maybe),
                    _ => match e.meta.and_then(|m| stat::decide(a, arg, m, self.now)) {
                        Some(hit) => Some(known(hit)),
                        None if a.starts_with("-newer") || ONE_ARGUMENT.contains(&a) => Some(Tri::Maybe),
                        None => None,
                    },
                }
            }
        }
    }
}

/// Tests of one argument the analyser does not decide: they may hold for any entry.
const ONE_ARGUMENT: &[&str] = &[
    "-mtime",
    "-atime",
    "-ctime",
    "-mmin",
    "-amin",
    "-cmin",
    "-size",
    "-user",
    "-group",
    "-uid",
    "-gid",
    "-perm",
    "-inum",
    "-links",
    "-samefile",
    "-used",
    "-regex",
    "-iregex",
    "-lname",
    "-ilname",
    "-xtype",
    "-fstype",
    "-context",
    "-anewer",
    "-cnewer",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn acts(expression: &str, name: &str, path: &str, kind: char) -> (Tri, bool) {
        let t: Vec<&str> = expression.split_whitespace().collect();
        acts_on(&t, &Entry { name, path, kind, meta: None, disk: None }).unwrap()
    }

    #[test]
    fn actions_act_only_where_find_reaches_them() {
        let git = |e: &str| acts(e, ".git", "./.git", 'd');
        assert_eq!(git("-name .git -prune -o -type f -exec rm {} ;"), (Tri::No, true));
        assert_eq!(git("-path ./.git -prune -o -print"), (Tri::No, true));
        // `-delete` makes find go depth first: `-prune` then does nothing.
        assert_eq!(git("-name .git -prune -o -delete"), (Tri::No, false));
        assert_eq!(git("-not ( -name .svn -prune -o -name .git -prune ) -type f -exec rm {} ;"), (Tri::No, true));
        assert_eq!(git("-false -delete"), (Tri::No, false));
        assert_eq!(git("-name '*.c' -o -delete"), (Tri::Yes, false));
        assert_eq!(git("-type d -exec chmod 755 {} +"), (Tri::Yes, false));
        assert_eq!(git("-newer x -delete"), (Tri::Maybe, false));
        // Without an action, what the expression holds for is printed.
        assert_eq!(git("-name .git"), (Tri::Yes, false));
        assert_eq!(git("-name '*.c'"), (Tri::No, false));
        // A test the analyser does not know decides nothing.
        assert!(acts_on(&["-frobnicate", "-delete"], &Entry { name: "x", path: "./x", kind: 'f', meta: None, disk: None }).is_none());
    }

    #[test]
    fn plain_path_patterns_decide_both_ways() {
        let head = |e: &str| acts(e, "HEAD", "./.git/HEAD", 'f').0;
        assert_eq!(head("-not -path */.git/* -exec rm {} ;"), Tri::No);
        assert_eq!(head("! -path */\\.git/* -delete"), Tri::No);
        assert_eq!(head("-path */.git/* -delete"), Tri::Yes);
        // A bracket is matched generously: the test may hold, and so may its negation.
        assert_eq!(head("-not -path */[.]git/* -delete"), Tri::Maybe);
    }
}
