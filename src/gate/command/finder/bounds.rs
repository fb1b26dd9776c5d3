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
use crate::gate::pattern;
use std::path::Path;

/// Entries of a start directory listed per call; past it the start counts as found whole.
const MAX_LISTED: usize = 512;
/// Entries acted on one by one; past it the start counts as found whole.
const MAX_FOUND: usize = 64;

#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Tri {
    No,
    Maybe,
    Yes,
}

/// One entry as find sees it: its name, its path as find prints it, and its type letter.
struct Entry<'a> {
    name: &'a str,
    path: &'a str,
    kind: char,
}

/// What the expression `args` (after the starts) acts on under `starts`, each start's directory
/// `dir_of` resolves: `Some((found, trees))` when its depth or a path test bounds it, with `trees`
/// when each found name stands for what is under it.
pub(super) fn found(starts: &[Word], args: &[String], dir_of: impl Fn(&Word) -> Option<std::path::PathBuf>) -> Option<(Vec<Word>, bool)> {
    let expression: Vec<&str> = args.iter().map(String::as_str).skip_while(|a| !a.starts_with('-') && !matches!(*a, "(" | "!")).collect();
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
        if min == 0 && eval(tests, &Entry { name: &name, path: &text, kind: kind_of(&meta.file_type()) })? != Tri::No {
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
            if eval(tests, &Entry { name: &name, path: &path, kind })? != Tri::No {
                let mut parts = start.parts.clone();
                parts.push(Part::Lit(if text.ends_with('/') { name } else { format!("/{name}") }));
                found.push(Word { parts });
            }
        }
    }
    Some((found, false))
}

fn kind_of(t: &std::fs::FileType) -> char {
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
    let mut i = 0;
    let value = or(tests, &mut i, entry)?;
    (i == tests.len()).then_some(value)
}

fn or(t: &[&str], i: &mut usize, e: &Entry) -> Option<Tri> {
    let mut value = and(t, i, e)?;
    while *i < t.len() && matches!(t[*i], "-o" | "-or") {
        *i += 1;
        let right = and(t, i, e)?;
        value = if value > right { value } else { right };
    }
    Some(value)
}

fn and(t: &[&str], i: &mut usize, e: &Entry) -> Option<Tri> {
    let mut value = unary(t, i, e)?;
    while *i < t.len() && !matches!(t[*i], "-o" | "-or" | ")") {
        if matches!(t[*i], "-a" | "-and") {
            *i += 1;
        }
        let right = unary(t, i, e)?;
        value = if value < right { value } else { right };
    }
    Some(value)
}

fn unary(t: &[&str], i: &mut usize, e: &Entry) -> Option<Tri> {
    let a = *t.get(*i)?;
    *i += 1;
    match a {
        "!" | "-not" => Some(match unary(t, i, e)? {
            Tri::No => Tri::Yes,
            Tri::Maybe => Tri::Maybe,
            Tri::Yes => Tri::No,
        }),
        "(" => {
            let value = or(t, i, e)?;
            (t.get(*i) == Some(&")")).then(|| *i += 1)?;
            Some(value)
        }
        _ => primary(a, t, i, e),
    }
}

/// A test and its argument, if it takes one.
fn primary(a: &str, t: &[&str], i: &mut usize, e: &Entry) -> Option<Tri> {
    let may = |hit: bool| if hit { Tri::Maybe } else { Tri::No };
    match a {
        "-true"
        | "-prune"
        | "-depth"
        | "-d"
        | "-xdev"
        | "-mount"
        | "-noleaf"
        | "-daystart"
        | "-ignore_readdir_race"
        | "-nowarn"
        | "-warn" => Some(Tri::Yes),
        "-false" => Some(Tri::No),
        "-empty" | "-readable" | "-writable" | "-executable" | "-nouser" | "-nogroup" => Some(Tri::Maybe),
        _ => {
            let arg = *t.get(*i)?;
            *i += 1;
            match a {
                "-maxdepth" | "-mindepth" | "-regextype" => Some(Tri::Yes),
                "-name" => Some(may(pattern::matches(arg, e.name, true))),
                "-iname" => Some(may(pattern::matches(&arg.to_lowercase(), &e.name.to_lowercase(), true))),
                "-path" | "-wholename" => Some(may(pattern::matches(arg, e.path, true))),
                "-ipath" | "-iwholename" => Some(may(pattern::matches(&arg.to_lowercase(), &e.path.to_lowercase(), true))),
                "-type" => Some(if arg.split(',').any(|k| k.len() == 1 && k.starts_with(e.kind)) {
                    Tri::Yes
                } else if e.kind == 'o' {
                    Tri::Maybe
                } else {
                    Tri::No
                }),
                _ if a.starts_with("-newer") || ONE_ARGUMENT.contains(&a) => Some(Tri::Maybe),
                _ => None,
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
