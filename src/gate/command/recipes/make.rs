//! make: the recipes of the targets asked for, their prerequisites first, with make's expansions done.

use super::super::options::{Dashes, OptionWords};
use super::file::{MAX_RECIPES, RecipeLine, Recipes, Written, recipe_file};
use crate::gate::command::syntax::is_name;
use std::path::Path;

/// Make variables expanded inside each other, at most.
const MAX_EXPANSION: usize = 8;

struct Rule {
    targets: Vec<String>,
    prerequisites: Vec<String>,
    /// (line number, recipe line)
    recipe: Vec<(usize, String)>,
}

struct Makefile {
    vars: Vec<(String, String)>,
    rules: Vec<Rule>,
    name: String,
    /// (line number, command) of what make runs while it reads the file, whatever the target:
    /// `$(shell …)` outside a recipe and `VAR != command`.
    parse_time: Vec<(usize, String)>,
}

pub(super) fn make(args: &[String], dir: &Path, written: Written) -> Recipes {
    let mut dir = dir.to_path_buf();
    let mut file = None;
    let mut targets = Vec::new();
    let mut overrides = Vec::new();
    let mut prints_only = false;
    let mut words = OptionWords::with(args, Dashes::Word);
    while let Some(a) = words.next() {
        // The value of `flag`: the next word after it alone, else the rest of its word (`-Cdir`).
        let mut value = |flag: &str| -> Option<String> {
            if a == flag {
                return words.value().map(str::to_string);
            }
            a.strip_prefix(flag).map(|v| v.trim_start_matches('=').to_string())
        };
        if matches!(a, "-v" | "--version" | "-h" | "--help") {
            return Recipes::Lines(Vec::new());
        }
        // `-p` prints the data base and then runs as usual; `-t` touches the targets instead.
        if matches!(a, "-n" | "--dry-run" | "--just-print" | "--recon" | "-q" | "--question" | "-t" | "--touch") {
            // It prints or checks; reading the Makefile still runs its `$(shell …)`, and a recipe
            // line marked `+` or naming `$(MAKE)` still runs (see `make_target`).
            prints_only = true;
            continue;
        }
        if let Some(d) = value("-C").or_else(|| value("--directory")) {
            dir = dir.join(d);
        } else if let Some(f) = value("-f").or_else(|| value("--file")).or_else(|| value("--makefile")) {
            file = Some(f);
        } else if matches!(a, "-j" | "-l" | "-o" | "-W" | "-I" | "--jobs" | "--load-average" | "--old-file" | "--what-if" | "--include-dir")
        {
            words.value();
        } else if a.starts_with('-') {
        } else if let Some((k, v)) = a.split_once('=').filter(|(k, _)| is_name(k.trim_end_matches([':', '+', '?']))) {
            overrides.push((k.trim_end_matches([':', '+', '?']).to_string(), v.to_string()));
        } else {
            targets.push(a.to_string());
        }
    }
    let fed = |f: &str| matches!(f, "-" | "/dev/stdin") && written(Path::new(super::file::STDIN)).is_some_and(|t| t.is_some());
    if file.as_deref().is_some_and(|f| !fed(f) && (f == "-" || f.starts_with("/dev/") || f.starts_with("/proc/"))) {
        return Recipes::Opaque("it runs a Makefile read from standard input or a device, which the analyser does not see");
    }
    let (text, shown) = match recipe_file(&dir, file.as_deref(), &["GNUmakefile", "makefile", "Makefile"], written) {
        Ok(found) => found,
        Err(done) => return done,
    };
    let mut makefile = parse_makefile(&text, shown);
    for (k, v) in overrides {
        makefile.vars.insert(0, (k, v));
    }
    if makefile.vars.iter().any(|(k, _)| k == "\u{0}include") {
        return Recipes::Opaque("its Makefile includes other files, which the analyser does not read");
    }
    let mut out: Vec<RecipeLine> = makefile
        .parse_time
        .iter()
        .map(|(n, command)| RecipeLine {
            origin: format!("a command make runs as it reads {} ({}:{n})", makefile.name, makefile.name),
            text: expand(&makefile, command, "", &[], 0),
            dir: dir.clone(),
        })
        .collect();
    if targets.is_empty() {
        match makefile.rules.iter().flat_map(|r| &r.targets).find(|t| !t.starts_with('.') && !t.contains('%')) {
            Some(t) => targets.push(t.clone()),
            None => return Recipes::Lines(out),
        }
    }
    let mut done = Vec::new();
    for t in &targets {
        if let Err(why) = make_target(&makefile, t, &dir, prints_only, &mut done, &mut out, 0) {
            return Recipes::Opaque(why);
        }
    }
    Recipes::Lines(out)
}

fn make_target(
    mf: &Makefile,
    target: &str,
    dir: &Path,
    prints_only: bool,
    done: &mut Vec<String>,
    out: &mut Vec<RecipeLine>,
    depth: usize,
) -> Result<(), &'static str> {
    if done.iter().any(|d| d == target) {
        return Ok(());
    }
    done.push(target.to_string());
    if done.len() > MAX_RECIPES || depth > MAX_EXPANSION {
        return Err("its recipes depend on more targets than the analyser follows");
    }
    let explicit: Vec<&Rule> = mf.rules.iter().filter(|r| r.targets.iter().any(|t| t == target)).collect();
    let rules: Vec<&Rule> = if explicit.is_empty() {
        // A file made by a pattern rule (`%.o: %.c`), when one matches.
        mf.rules.iter().filter(|r| r.targets.iter().any(|t| pattern_matches(t, target))).take(1).collect()
    } else {
        explicit
    };
    for rule in &rules {
        for p in &rule.prerequisites {
            let p = expand(mf, p, target, &rule.prerequisites, 0);
            for p in p.split_whitespace() {
                if !p.contains('$') {
                    make_target(mf, p, dir, prints_only, done, out, depth + 1)?;
                }
            }
        }
    }
    for rule in rules {
        for (n, line) in &rule.recipe {
            let body = line.trim_start_matches(['@', '-', '+', ' ', '\t']);
            let line = match prints_only {
                // `make -n` prints each recipe line, but still runs one marked `+` and one naming
                // `$(MAKE)` (whose make prints only, as MAKEFLAGS tells it).
                true if line[..line.len() - body.len()].contains('+') => body.to_string(),
                true if body.contains("$(MAKE)") || body.contains("${MAKE}") => {
                    body.replace("$(MAKE)", "make -n").replace("${MAKE}", "make -n")
                }
                true => continue,
                false => body.to_string(),
            };
            let text = expand(mf, &line, target, &rule.prerequisites, 0);
            out.push(RecipeLine { origin: format!("the recipe of make target {target} ({}:{n})", mf.name), text, dir: dir.to_path_buf() });
        }
    }
    Ok(())
}

fn pattern_matches(pattern: &str, target: &str) -> bool {
    match pattern.split_once('%') {
        Some((pre, post)) => target.len() > pre.len() + post.len() && target.starts_with(pre) && target.ends_with(post),
        None => false,
    }
}

fn parse_makefile(text: &str, name: String) -> Makefile {
    let mut mf = Makefile { vars: Vec::new(), rules: Vec::new(), name, parse_time: Vec::new() };
    // Logical lines: a backslash at the end joins the next one.
    let mut lines: Vec<(usize, String)> = Vec::new();
    let mut pending: Option<(usize, String)> = None;
    for (n, raw) in text.lines().enumerate() {
        let (start, mut acc) = pending.take().unwrap_or((n + 1, String::new()));
        if let Some(body) = raw.strip_suffix('\\') {
            acc.push_str(body);
            acc.push(' ');
            pending = Some((start, acc));
            continue;
        }
        acc.push_str(raw);
        lines.push((start, acc));
    }
    lines.extend(pending);
    let mut current: Option<usize> = None;
    for (n, line) in lines {
        if let Some(recipe) = line.strip_prefix('\t') {
            if let Some(r) = current
                && !recipe.trim().is_empty()
                && !recipe.trim_start().starts_with('#')
            {
                mf.rules[r].recipe.push((n, recipe.to_string()));
            }
            continue;
        }
        let code = line.split('#').next().unwrap_or("");
        if code.trim().is_empty() {
            continue;
        }
        mf.parse_time.extend(shell_calls(code).into_iter().map(|c| (n, c)));
        let trimmed = code.trim_start();
        let word = trimmed.split_whitespace().next().unwrap_or("");
        if matches!(word, "include" | "-include" | "sinclude") {
            mf.vars.push(("\u{0}include".into(), String::new()));
            current = None;
            continue;
        }
        if matches!(word, "ifeq" | "ifneq" | "ifdef" | "ifndef" | "else" | "endif" | "define" | "endef" | "override" | "unexport") {
            continue;
        }
        let assignment = trimmed.strip_prefix("export ").unwrap_or(trimmed);
        if let Some((name, value)) = variable(assignment) {
            // `VAR != command`: the shell runs it now, its output is the value.
            if assignment.find('=').is_some_and(|eq| assignment[..eq].ends_with('!')) {
                mf.parse_time.push((n, value.0.clone()));
            }
            mf.vars.retain(|(k, _)| *k != name || value.1);
            let (value, append) = value;
            match mf.vars.iter_mut().find(|(k, _)| *k == name).filter(|_| append) {
                Some((_, v)) => {
                    v.push(' ');
                    v.push_str(&value);
                }
                None => mf.vars.push((name, value)),
            }
            current = None;
            continue;
        }
        if let Some((targets, rest)) = code.split_once(':') {
            let rest = rest.strip_prefix(':').unwrap_or(rest);
            let (prerequisites, inline) = match rest.split_once(';') {
                Some((p, r)) => (p, Some(r.trim().to_string())),
                None => (rest, None),
            };
            let prerequisites = prerequisites.split('|').flat_map(str::split_whitespace).map(str::to_string).collect();
            let rule = Rule {
                targets: targets.split_whitespace().map(str::to_string).collect(),
                prerequisites,
                recipe: inline.filter(|r| !r.is_empty()).map(|r| (n, r)).into_iter().collect(),
            };
            mf.rules.push(rule);
            current = Some(mf.rules.len() - 1);
        }
    }
    mf
}

/// The commands of the `$(shell …)` (or `${shell …}`) calls in a line, each with its own nested
/// parentheses.
fn shell_calls(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for open in ["$(shell ", "${shell "] {
        let close = if open.starts_with("$(") { ')' } else { '}' };
        let mut rest = line;
        while let Some(at) = rest.find(open) {
            let body = &rest[at + open.len()..];
            let mut level = 1;
            let end = body.char_indices().find_map(|(j, ch)| {
                if ch == open.as_bytes()[1] as char {
                    level += 1;
                } else if ch == close {
                    level -= 1;
                }
                (level == 0).then_some(j)
            });
            out.push(body[..end.unwrap_or(body.len())].to_string());
            rest = &body[end.unwrap_or(body.len())..];
        }
    }
    out
}

/// `NAME = value`, `NAME := value`, `NAME ?= value`, `NAME += value` (appending: `true`).
fn variable(line: &str) -> Option<(String, (String, bool))> {
    let eq = line.find('=')?;
    let colon = line.find(':');
    if colon.is_some_and(|c| c < eq && !line[c..eq].chars().all(|ch| ch == ':')) {
        return None;
    }
    let name = line[..eq].trim_end_matches([':', '?', '+', '!']).trim();
    if !is_name(&name.replace(['.', '-'], "_")) {
        return None;
    }
    let append = line[..eq].ends_with('+');
    Some((name.to_string(), (line[eq + 1..].trim().to_string(), append)))
}

/// A recipe line with make's expansions done: `$$` is `$`, variables the Makefile defines are
/// their values, automatic variables their target and prerequisites; anything else (functions,
/// variables from the environment or other files) becomes a shell variable the analysis cannot
/// know, so that what depends on it is opaque.
fn expand(mf: &Makefile, text: &str, target: &str, prerequisites: &[String], depth: usize) -> String {
    let mut out = String::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c != '$' {
            out.push(c);
            continue;
        }
        let Some(&(_, next)) = chars.peek() else {
            out.push('$');
            break;
        };
        chars.next();
        let name: String = match next {
            '$' => {
                out.push('$');
                continue;
            }
            '(' | '{' => {
                let close = if next == '(' { ')' } else { '}' };
                let start = i + 2;
                let mut level = 1;
                let mut end = start;
                for (j, ch) in chars.by_ref() {
                    if ch == next {
                        level += 1;
                    } else if ch == close {
                        level -= 1;
                        if level == 0 {
                            end = j;
                            break;
                        }
                    }
                    end = j + ch.len_utf8();
                }
                text[start..end.min(text.len())].to_string()
            }
            c => c.to_string(),
        };
        out.push_str(&value(mf, &name, target, prerequisites, depth));
    }
    out
}

fn value(mf: &Makefile, name: &str, target: &str, prerequisites: &[String], depth: usize) -> String {
    match name {
        "@" => return target.to_string(),
        "<" => return prerequisites.first().cloned().unwrap_or_default(),
        "^" | "+" | "?" => return prerequisites.join(" "),
        _ => {}
    }
    if depth < MAX_EXPANSION
        && let Some((_, v)) = mf.vars.iter().find(|(k, _)| k == name)
    {
        return expand(mf, v, target, prerequisites, depth + 1);
    }
    let builtin = match name {
        "MAKE" => "make",
        "RM" => "rm -f",
        "CC" => "cc",
        "CXX" => "g++",
        "AR" => "ar",
        "AS" => "as",
        "CPP" => "cc -E",
        "LD" => "ld",
        "MAKEFLAGS" | "MFLAGS" | "CFLAGS" | "CXXFLAGS" | "CPPFLAGS" | "LDFLAGS" | "LDLIBS" | "ARFLAGS" => "",
        "SHELL" => "/bin/sh",
        "HOME" => "${HOME}",
        "CURDIR" | "PWD" => ".",
        _ => "${GITVOW_MAKE_COMPUTED}",
    };
    builtin.to_string()
}
