//! What a task runner runs: the recipe of a make target, a `package.json` script, a justfile
//! recipe, read from the file on disk at judging time (or from the text the same call wrote
//! there), never run. A file over the size cap, or a recipe built from values only the runner
//! computes, is opaque.

use std::path::{Path, PathBuf};

/// Runner files read, at most (bytes); a larger one is opaque.
pub const MAX_RECIPE_FILE: u64 = 256 << 10;
/// Recipes followed per runner call, prerequisites and `pre`/`post` scripts included.
const MAX_RECIPES: usize = 64;
/// Make variables expanded inside each other, at most.
const MAX_EXPANSION: usize = 8;

/// One recipe line the runner hands to a shell, in its directory.
#[derive(Debug, PartialEq)]
pub struct RecipeLine {
    /// `the recipe of make target clean (Makefile:12)`, as `gitvow check` explains it.
    pub origin: String,
    pub text: String,
    pub dir: PathBuf,
}

/// What a runner call runs: recipe lines, nothing (no recipe asked for, or the file is absent:
/// the runner fails), or something the analyser cannot read.
pub enum Recipes {
    Lines(Vec<RecipeLine>),
    Opaque(&'static str),
}

/// The runner file's text: as the same call wrote it (`Some(None)` when it cannot tell what),
/// else from disk.
pub type Written<'a> = &'a dyn Fn(&Path) -> Option<Option<String>>;

/// Whether `name` is a task runner whose recipes the analyser reads.
pub fn is_runner(name: &str) -> bool {
    matches!(name, "make" | "gmake" | "npm" | "pnpm" | "yarn" | "bun" | "just")
}

/// The recipe lines `name args…` runs from `dir` (none when it runs no recipe).
pub fn of(name: &str, args: &[String], dir: &Path, written: Written) -> Recipes {
    match name {
        "make" | "gmake" => make(args, dir, written),
        "just" => just(args, dir, written),
        _ => package_script(name, args, dir, written).unwrap_or(Recipes::Lines(Vec::new())),
    }
}

enum FileText {
    Absent,
    /// The file's text; a text the same call wrote with escapes is also read as printf would
    /// write it (`printf 'x:\n\trm …' > Makefile`): two readings, both judged.
    Text(Vec<String>),
    Opaque(&'static str),
}

fn read(path: &Path, written: Written) -> FileText {
    match written(path) {
        Some(Some(text)) if text.contains('\\') => {
            let decoded = text.replace("\\n", "\n").replace("\\t", "\t").replace("\\\\", "\\");
            return FileText::Text(vec![text, decoded]);
        }
        Some(Some(text)) => return FileText::Text(vec![text]),
        Some(None) => return FileText::Opaque("it runs a recipe from a file the same call wrote with text the analyser cannot see"),
        None => {}
    }
    let Ok(meta) = std::fs::metadata(path) else { return FileText::Absent };
    if !meta.is_file() {
        return FileText::Absent;
    }
    if meta.len() > MAX_RECIPE_FILE {
        return FileText::Opaque("it runs a recipe from a file larger than the analyser reads");
    }
    match crate::gate::regular_file::read_text(path, "a runner's file", MAX_RECIPE_FILE) {
        Ok(Some(text)) => FileText::Text(vec![text]),
        _ => FileText::Opaque("it runs a recipe from a file the analyser cannot read"),
    }
}

fn first_existing(dir: &Path, names: &[&str], written: Written) -> Option<PathBuf> {
    names.iter().map(|n| dir.join(n)).find(|p| written(p).is_some() || p.is_file())
}

/// A runner's recipe file (`file` as named, or the first of `names` in `dir`): its text and the
/// name `gitvow check` shows; the answer itself when there is no file or it cannot be read.
fn recipe_file(dir: &Path, file: Option<&str>, names: &[&str], written: Written) -> Result<(String, String), Recipes> {
    let path = match file {
        Some(f) => dir.join(f),
        None => first_existing(dir, names, written).ok_or(Recipes::Lines(Vec::new()))?,
    };
    let text = match read(&path, written) {
        FileText::Absent => return Err(Recipes::Lines(Vec::new())),
        FileText::Opaque(why) => return Err(Recipes::Opaque(why)),
        FileText::Text(t) => t.join("\n"),
    };
    Ok((text, path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()))
}

// --- make ---------------------------------------------------------------------------------

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
}

fn make(args: &[String], dir: &Path, written: Written) -> Recipes {
    let mut dir = dir.to_path_buf();
    let mut file = None;
    let mut targets = Vec::new();
    let mut overrides = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        let value = |flag: &str, i: &mut usize| -> Option<String> {
            if a == flag {
                *i += 1;
                return args.get(*i - 1).cloned();
            }
            a.strip_prefix(flag).map(|v| v.trim_start_matches('=').to_string())
        };
        if matches!(
            a,
            "-n" | "--dry-run"
                | "--just-print"
                | "--recon"
                | "-q"
                | "--question"
                | "-p"
                | "--print-data-base"
                | "-v"
                | "--version"
                | "-h"
                | "--help"
        ) {
            // It prints or checks; a `+` line would still run, which a dry run of a recipe rarely has.
            return Recipes::Lines(Vec::new());
        }
        if let Some(d) = value("-C", &mut i).or_else(|| value("--directory", &mut i)) {
            dir = dir.join(d);
        } else if let Some(f) = value("-f", &mut i).or_else(|| value("--file", &mut i)).or_else(|| value("--makefile", &mut i)) {
            file = Some(f);
        } else if matches!(a, "-j" | "-l" | "-o" | "-W" | "-I" | "--jobs" | "--load-average" | "--old-file" | "--what-if" | "--include-dir")
        {
            i += 1;
        } else if a.starts_with('-') {
        } else if let Some((k, v)) = a.split_once('=').filter(|(k, _)| super::syntax::is_name(k.trim_end_matches([':', '+', '?']))) {
            overrides.push((k.trim_end_matches([':', '+', '?']).to_string(), v.to_string()));
        } else {
            targets.push(a.to_string());
        }
    }
    if file.as_deref().is_some_and(|f| f == "-" || f.starts_with("/dev/") || f.starts_with("/proc/")) {
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
    if targets.is_empty() {
        match makefile.rules.iter().flat_map(|r| &r.targets).find(|t| !t.starts_with('.') && !t.contains('%')) {
            Some(t) => targets.push(t.clone()),
            None => return Recipes::Lines(Vec::new()),
        }
    }
    let mut out = Vec::new();
    let mut done = Vec::new();
    for t in &targets {
        if let Err(why) = make_target(&makefile, t, &dir, &mut done, &mut out, 0) {
            return Recipes::Opaque(why);
        }
    }
    Recipes::Lines(out)
}

fn make_target(
    mf: &Makefile,
    target: &str,
    dir: &Path,
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
                    make_target(mf, p, dir, done, out, depth + 1)?;
                }
            }
        }
    }
    for rule in rules {
        for (n, line) in &rule.recipe {
            let text = expand(mf, line.trim_start_matches(['@', '-', '+', ' ', '\t']), target, &rule.prerequisites, 0);
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
    let mut mf = Makefile { vars: Vec::new(), rules: Vec::new(), name };
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

/// `NAME = value`, `NAME := value`, `NAME ?= value`, `NAME += value` (appending: `true`).
fn variable(line: &str) -> Option<(String, (String, bool))> {
    let eq = line.find('=')?;
    let colon = line.find(':');
    if colon.is_some_and(|c| c < eq && !line[c..eq].chars().all(|ch| ch == ':')) {
        return None;
    }
    let name = line[..eq].trim_end_matches([':', '?', '+', '!']).trim();
    if !super::syntax::is_name(&name.replace(['.', '-'], "_")) {
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

// --- package.json scripts ---------------------------------------------------------------------

/// Stands for the lifecycle scripts an install of the project's dependencies runs.
const INSTALL: &str = "\u{0}install";

fn package_script(name: &str, args: &[String], dir: &Path, written: Written) -> Option<Recipes> {
    let mut dir = dir.to_path_buf();
    let mut words = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        if a == "--" {
            break;
        }
        if matches!(a, "--prefix" | "-C" | "--dir" | "--cwd") {
            if let Some(d) = args.get(i) {
                dir = dir.join(d);
            }
            i += 1;
        } else if let Some(d) = a.strip_prefix("--prefix=").or_else(|| a.strip_prefix("--dir=")).or_else(|| a.strip_prefix("--cwd=")) {
            dir = dir.join(d);
        } else if !a.starts_with('-') {
            words.push(a);
        }
    }
    let (first, second) = (words.first().copied(), words.get(1).copied());
    let script = match (name, first) {
        // Installing the project's own dependencies runs its lifecycle scripts.
        (_, Some("install" | "i" | "ci" | "add")) | ("yarn", None) if words.len() == 1 || name == "yarn" && words.is_empty() => INSTALL,
        (_, Some("run" | "run-script" | "rum" | "urn")) => second?,
        ("npm" | "pnpm", Some("test" | "t" | "tst" | "start" | "stop" | "restart")) => match first? {
            "t" | "tst" => "test",
            s => s,
        },
        ("yarn" | "pnpm", Some(s)) if !is_package_manager_command(s) => s,
        ("yarn", None) => return None,
        _ => return None,
    };
    let path = dir.join("package.json");
    let text = match read(&path, written) {
        FileText::Absent => return Some(Recipes::Lines(Vec::new())),
        FileText::Opaque(why) => return Some(Recipes::Opaque(why)),
        FileText::Text(t) => t,
    };
    let Some(json) = text.iter().rev().find_map(|t| serde_json::from_str::<serde_json::Value>(t).ok()) else {
        return Some(Recipes::Opaque("it runs a script of a package.json the analyser cannot parse"));
    };
    let scripts = json.get("scripts");
    let mut out = Vec::new();
    let which: Vec<String> = if script == INSTALL {
        ["preinstall", "install", "postinstall", "preprepare", "prepare", "postprepare"].map(String::from).to_vec()
    } else {
        vec![format!("pre{script}"), script.to_string(), format!("post{script}")]
    };
    for which in which {
        if let Some(body) = scripts.and_then(|s| s.get(&which)).and_then(|b| b.as_str()) {
            let origin = format!("the {which} script of package.json");
            out.push(RecipeLine { origin, text: body.to_string(), dir: dir.clone() });
        }
    }
    Some(Recipes::Lines(out))
}

/// yarn's and pnpm's own commands, which are not scripts of the package.
fn is_package_manager_command(word: &str) -> bool {
    matches!(
        word,
        "add"
            | "install"
            | "i"
            | "remove"
            | "rm"
            | "upgrade"
            | "up"
            | "update"
            | "why"
            | "info"
            | "list"
            | "ls"
            | "outdated"
            | "audit"
            | "init"
            | "create"
            | "dlx"
            | "exec"
            | "x"
            | "publish"
            | "pack"
            | "link"
            | "unlink"
            | "config"
            | "cache"
            | "global"
            | "workspace"
            | "workspaces"
            | "import"
            | "login"
            | "logout"
            | "version"
            | "versions"
            | "bin"
            | "dedupe"
            | "prune"
            | "store"
            | "patch"
            | "patch-commit"
            | "plugin"
            | "set"
            | "npm"
            | "node"
            | "help"
            | "licenses"
            | "owner"
            | "tag"
            | "team"
            | "unplug"
            | "rebuild"
            | "fetch"
            | "setup"
            | "env"
            | "check"
            | "autoclean"
            | "generate-lock-entry"
            | "policies"
            | "explain"
            | "constraints"
            | "import-lock"
            | "deploy"
            | "licences"
    )
}

// --- just -----------------------------------------------------------------------------------

fn just(args: &[String], dir: &Path, written: Written) -> Recipes {
    let mut dir = dir.to_path_buf();
    let mut file = None;
    let mut names = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        if matches!(
            a,
            "-n" | "--dry-run"
                | "-l"
                | "--list"
                | "--summary"
                | "--show"
                | "-s"
                | "--evaluate"
                | "--help"
                | "-h"
                | "--version"
                | "-V"
                | "--dump"
                | "--variables"
                | "--choose"
                | "--edit"
                | "-e"
                | "--init"
                | "--fmt"
        ) {
            return if matches!(a, "--choose") {
                Recipes::Opaque("it runs a recipe chosen at run time")
            } else {
                Recipes::Lines(Vec::new())
            };
        }
        if matches!(a, "-f" | "--justfile") {
            file = args.get(i).cloned();
            i += 1;
        } else if matches!(a, "-d" | "--working-directory") {
            if let Some(d) = args.get(i) {
                dir = dir.join(d);
            }
            i += 1;
        } else if matches!(a, "--set" | "--shell" | "--shell-arg" | "--color" | "--dotenv-filename" | "--dotenv-path") {
            i += if a == "--set" { 2 } else { 1 };
        } else if !a.starts_with('-') {
            names.push(a.to_string());
        }
    }
    let (text, shown) = match recipe_file(&dir, file.as_deref(), &["justfile", "Justfile", ".justfile", "JUSTFILE"], written) {
        Ok(found) => found,
        Err(done) => return done,
    };
    let recipes = parse_justfile(&text);
    // `just build arg`: words after a recipe name may be its arguments; only recipe names count.
    let mut wanted: Vec<String> = names.into_iter().filter(|n| recipes.iter().any(|r| r.name == *n)).collect();
    if wanted.is_empty() {
        match recipes.iter().find(|r| r.name == "default").or(recipes.first()) {
            Some(r) => wanted.push(r.name.clone()),
            None => return Recipes::Lines(Vec::new()),
        }
    }
    let mut out = Vec::new();
    let mut done = Vec::new();
    for name in wanted {
        if let Err(why) = just_recipe(&recipes, &name, &shown, &dir, &mut done, &mut out) {
            return Recipes::Opaque(why);
        }
    }
    Recipes::Lines(out)
}

/// A recipe's dependencies, then its body: each line with `{{…}}` interpolations as values the
/// analysis cannot know.
fn just_recipe(
    recipes: &[JustRecipe],
    name: &str,
    shown: &str,
    dir: &Path,
    done: &mut Vec<String>,
    out: &mut Vec<RecipeLine>,
) -> Result<(), &'static str> {
    if done.iter().any(|d| d == name) {
        return Ok(());
    }
    if done.len() >= MAX_RECIPES {
        return Err("its recipes depend on more recipes than the analyser follows");
    }
    done.push(name.to_string());
    let Some(r) = recipes.iter().find(|r| r.name == name) else { return Ok(()) };
    for d in &r.dependencies {
        just_recipe(recipes, d, shown, dir, done, out)?;
    }
    if r.body.first().is_some_and(|(_, l)| l.starts_with("#!") && !["sh", "bash", "zsh", "dash"].iter().any(|s| l.ends_with(s))) {
        return Err("it runs a justfile recipe written in another language");
    }
    for (n, line) in &r.body {
        let mut text = String::new();
        let mut rest = line.trim_start_matches(['@', '-']);
        while let Some(open) = rest.find("{{") {
            text.push_str(&rest[..open]);
            text.push_str("${GITVOW_JUST_COMPUTED}");
            rest = rest[open..].find("}}").map_or("", |close| &rest[open + close + 2..]);
        }
        text.push_str(rest);
        out.push(RecipeLine { origin: format!("the recipe {name} ({shown}:{n})"), text, dir: dir.to_path_buf() });
    }
    Ok(())
}

struct JustRecipe {
    name: String,
    dependencies: Vec<String>,
    body: Vec<(usize, String)>,
}

fn parse_justfile(text: &str) -> Vec<JustRecipe> {
    let mut recipes: Vec<JustRecipe> = Vec::new();
    let mut in_body = false;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with([' ', '\t']) {
            if in_body
                && !line.trim().is_empty()
                && let Some(r) = recipes.last_mut()
            {
                r.body.push((n + 1, line.trim().to_string()));
            }
            continue;
        }
        in_body = false;
        let code = line.split('#').next().unwrap_or("").trim();
        if code.is_empty() || code.starts_with('[') || code.contains(":=") || code.starts_with("set ") || code.starts_with("alias ") {
            continue;
        }
        let Some((head, deps)) = code.split_once(':') else { continue };
        let name = head.trim_start_matches('@').split_whitespace().next().unwrap_or("").to_string();
        if name.is_empty() {
            continue;
        }
        let dependencies =
            deps.split("&&").next().unwrap_or("").split_whitespace().filter(|d| !d.starts_with('(')).map(str::to_string).collect();
        recipes.push(JustRecipe { name, dependencies, body: Vec::new() });
        in_body = true;
    }
    recipes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(name: &str, args: &[&str], files: &[(&str, &str)]) -> Vec<String> {
        let files: Vec<(PathBuf, String)> = files.iter().map(|(p, t)| (Path::new("/p").join(p), t.to_string())).collect();
        let written = |p: &Path| files.iter().find(|(f, _)| f == p).map(|(_, t)| Some(t.clone()));
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        match of(name, &args, Path::new("/p"), &written) {
            Recipes::Lines(ls) => ls.into_iter().map(|l| format!("{}: {}", l.origin, l.text)).collect(),
            Recipes::Opaque(why) => vec![format!("opaque: {why}")],
        }
    }

    #[test]
    fn make_targets_run_their_recipes_and_prerequisites() {
        let mf = "RMF := rm -rf\nOUT = build\n\nall: build\n\nclean: tidy\n\t@$(RMF) $(OUT) ~/$$HOME_DIR\n\ntidy:\n\t-rm -f *.o\n";
        assert_eq!(
            lines("make", &["clean"], &[("Makefile", mf)]),
            [
                "the recipe of make target tidy (Makefile:10): rm -f *.o",
                "the recipe of make target clean (Makefile:7): rm -rf build ~/$HOME_DIR",
            ]
        );
        assert_eq!(lines("make", &["-n", "clean"], &[("Makefile", mf)]), Vec::<String>::new());
        assert_eq!(lines("make", &["clean"], &[]), Vec::<String>::new());
        assert_eq!(
            lines("make", &["x"], &[("Makefile", "x:\n\t$(shell_cmd) -rf /\n")]),
            ["the recipe of make target x (Makefile:2): ${GITVOW_MAKE_COMPUTED} -rf /"]
        );
        assert!(lines("make", &[], &[("Makefile", "include a.mk\nx:\n\trm -rf ~\n")])[0].starts_with("opaque"));
    }

    #[test]
    fn package_scripts_run_with_their_pre_and_post_scripts() {
        let pkg = r#"{"scripts": {"prepurge": "echo go", "purge": "rm -rf ~", "test": "jest"}}"#;
        assert_eq!(
            lines("npm", &["run", "purge"], &[("package.json", pkg)]),
            ["the prepurge script of package.json: echo go", "the purge script of package.json: rm -rf ~"]
        );
        assert_eq!(lines("yarn", &["purge"], &[("package.json", pkg)]).len(), 2);
        assert_eq!(lines("npm", &["test"], &[("package.json", pkg)]), ["the test script of package.json: jest"]);
        assert_eq!(lines("yarn", &["add", "purge"], &[("package.json", pkg)]), Vec::<String>::new());
        let hooks = r#"{"scripts": {"postinstall": "rm -rf ~", "prepare": "husky"}}"#;
        for install in [&["install"][..], &["ci"], &["i"], &[]] {
            let want = ["the postinstall script of package.json: rm -rf ~", "the prepare script of package.json: husky"];
            let name = if install.is_empty() { "yarn" } else { "npm" };
            assert_eq!(lines(name, install, &[("package.json", hooks)]), want, "{install:?}");
        }
        assert_eq!(lines("npm", &["install", "left-pad"], &[("package.json", hooks)]), Vec::<String>::new());
        // Written with escapes (`printf '…\\n' > package.json`): read as printf writes it too.
        assert_eq!(lines("npm", &["run", "x"], &[("package.json", r#"{"scripts":{"x":"ls"}}\n"#)]).len(), 1);
    }

    #[test]
    fn just_recipes_run_with_their_dependencies() {
        let jf = "default: build\n\nbuild:\n    cargo build\n\nwipe: build\n    @rm -rf {{ dir }}\n";
        assert_eq!(
            lines("just", &["wipe"], &[("justfile", jf)]),
            ["the recipe build (justfile:4): cargo build", "the recipe wipe (justfile:7): rm -rf ${GITVOW_JUST_COMPUTED}"]
        );
    }
}
