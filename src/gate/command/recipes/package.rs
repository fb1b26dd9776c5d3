//! `package.json` scripts: the script asked for with its `pre` and `post` scripts, and the
//! lifecycle scripts an install runs.

use super::super::options::OptionWords;
use super::file::{FileText, RecipeLine, Recipes, Written, read};
use std::path::Path;

/// The lifecycle scripts a package manager's own command runs from the project's `package.json`,
/// in the order it runs them (npm's documented order): installing the project's dependencies,
/// packing or publishing it (`--dry-run` runs them too), bumping its version, rebuilding or linking it.
const INSTALL: &[&str] = &["preinstall", "install", "postinstall", "preprepare", "prepare", "postprepare"];
const PACK: &[&str] = &["prepack", "prepare", "postpack"];
const PUBLISH: &[&str] = &["prepublishOnly", "prepack", "prepare", "postpack", "publish", "postpublish"];
const VERSION: &[&str] = &["preversion", "version", "postversion"];
const REBUILD: &[&str] = &["preinstall", "install", "postinstall", "prepare"];
/// `npm restart` runs the restart script, or stop then start where there is none.
const RESTART: &[&str] = &["prerestart", "restart", "prestop", "stop", "poststop", "prestart", "start", "poststart", "postrestart"];

/// The lifecycle scripts `name first …` runs, where it is a package manager's own command that
/// runs them; `alone` when `first` has no operand (a bare `npm link` links the project itself).
fn lifecycle(name: &str, first: Option<&str>, alone: bool) -> Option<&'static [&'static str]> {
    Some(match (name, first) {
        (_, Some("install" | "i" | "ci" | "add")) | ("yarn", None) if alone => INSTALL,
        (_, Some("pack")) => PACK,
        (_, Some("publish")) => PUBLISH,
        ("npm" | "pnpm", Some("version")) if !alone => VERSION,
        ("npm" | "pnpm", Some("rebuild" | "rb")) => REBUILD,
        ("npm" | "pnpm" | "yarn" | "bun", Some("link" | "ln")) if alone => INSTALL,
        ("npm" | "pnpm", Some("restart")) => RESTART,
        _ => return None,
    })
}

/// The directory a package manager's option `a` runs it in (`--prefix d`, `-C d`, `--dir=d`,
/// `--cwd d`), taking the option's value from `options` when it is the next word.
fn directory_option<'a>(a: &'a str, options: &mut OptionWords<'a>) -> Option<&'a str> {
    if matches!(a, "--prefix" | "-C" | "--dir" | "--cwd") {
        return options.value();
    }
    a.strip_prefix("--prefix=").or_else(|| a.strip_prefix("--dir=")).or_else(|| a.strip_prefix("--cwd="))
}

/// The directories a package manager run in `dir` with `args` reads its settings in: `dir`, and
/// the one a directory option names (yarn reads `yarnPath` where it was started or in `--cwd`:
/// both are read, so neither hides the other).
pub fn settings_dirs(args: &[String], dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = vec![dir.to_path_buf()];
    let mut options = OptionWords::new(args);
    while let Some(a) = options.next() {
        if let Some(d) = directory_option(a, &mut options) {
            out.push(dir.join(d));
        }
    }
    out
}

pub(super) fn package_script(name: &str, args: &[String], dir: &Path, written: Written) -> Option<Recipes> {
    let mut dir = dir.to_path_buf();
    let mut words = Vec::new();
    let mut ignore_scripts = false;
    // The workspaces named (`-w x`, `--filter x`), or all of them (`--workspaces`, `pnpm -r`).
    let mut named: Vec<String> = Vec::new();
    let mut every = false;
    let mut options = OptionWords::new(args);
    while let Some(a) = options.next() {
        if a == "--ignore-scripts" || a == "--ignore-scripts=true" {
            ignore_scripts = true;
        } else if let Some(d) = directory_option(a, &mut options) {
            dir = dir.join(d);
        } else if matches!((name, a), ("npm", "-w" | "--workspace") | ("pnpm", "-F" | "--filter" | "--filter-prod")) {
            named.extend(options.value().map(String::from));
        } else if let Some(w) = a.strip_prefix("--workspace=").or_else(|| a.strip_prefix("--filter=")) {
            named.push(w.to_string());
        } else if matches!((name, a), ("npm", "--workspaces" | "-ws") | ("pnpm", "-r" | "--recursive")) {
            every = true;
        } else if !a.starts_with('-') {
            words.push(a);
        }
    }
    // `yarn workspace x run wipe`, `yarn workspaces foreach run wipe`: the rest in those workspaces.
    if name == "yarn" {
        match words.as_slice() {
            ["workspace", w, ..] => {
                named.push(w.to_string());
                words.drain(..2);
            }
            ["workspaces", "foreach", ..] => {
                every = true;
                words.drain(..2);
            }
            _ => {}
        }
    }
    let (first, second) = (words.first().copied(), words.get(1).copied());
    let script = match (name, first) {
        _ if lifecycle(name, first, words.len() <= 1).is_some() => "",
        (_, Some("run" | "run-script" | "rum" | "urn")) => second?,
        ("npm" | "pnpm", Some("test" | "t" | "tst" | "start" | "stop")) => match first? {
            "t" | "tst" => "test",
            s => s,
        },
        // `npm install-test`: the install's lifecycle scripts, then the test script.
        ("npm", Some("install-test" | "it")) => "test",
        ("yarn" | "pnpm", Some(s)) if !is_package_manager_command(s) => s,
        // `bun NAME` runs the script NAME; a file (`bun x.ts`) or bun's own command is no script.
        ("bun", Some(s)) if !is_bun_command(s) && !s.contains(['.', '/']) => s,
        _ => return None,
    };
    // `--ignore-scripts` leaves out every lifecycle script, and the pre and post scripts of a
    // script run by name, which still runs itself.
    let which: Vec<String> = match lifecycle(name, first, words.len() <= 1) {
        Some(_) if ignore_scripts => Vec::new(),
        Some(scripts) => scripts.iter().map(|s| s.to_string()).collect(),
        None if ignore_scripts => vec![script.to_string()],
        None if matches!(first, Some("install-test" | "it")) => {
            INSTALL.iter().map(|s| s.to_string()).chain(["pretest", "test", "posttest"].map(String::from)).collect()
        }
        None => vec![format!("pre{script}"), script.to_string(), format!("post{script}")],
    };
    let dirs = match (every, named.is_empty()) {
        (true, _) => workspaces(&dir, written),
        (false, true) => vec![dir],
        // A workspace found by its directory or its package's name; one named by a pattern the
        // analyser does not match (`--filter '@scope/*'`) may be any of them.
        (false, false) => {
            let all = workspaces(&dir, written);
            let mut found = Vec::new();
            for w in &named {
                match dir.join(w.trim_start_matches("./")).join("package.json").is_file() {
                    true => found.push(dir.join(w.trim_start_matches("./"))),
                    false => match all.iter().find(|d| package_name(d, written).as_deref() == Some(w.as_str())) {
                        Some(d) => found.push(d.clone()),
                        None if w.contains(['*', '{', '.', '!', '^']) => found.extend(all.iter().cloned()),
                        None => {}
                    },
                }
            }
            found
        }
    };
    let mut out = Vec::new();
    for dir in dirs {
        let path = dir.join("package.json");
        let text = match read(&path, written) {
            FileText::Absent => continue,
            FileText::Opaque(why) => return Some(Recipes::Opaque(why)),
            FileText::Text(t) => t,
        };
        let Some(json) = text.iter().rev().find_map(|t| serde_json::from_str::<serde_json::Value>(t).ok()) else {
            return Some(Recipes::Opaque("it runs a script of a package.json the analyser cannot parse"));
        };
        let scripts = json.get("scripts");
        for which in &which {
            if let Some(body) = scripts.and_then(|s| s.get(which)).and_then(|b| b.as_str()) {
                let origin = format!("the {which} script of package.json");
                out.push(RecipeLine { origin, text: body.to_string(), dir: dir.clone() });
            }
        }
    }
    Some(Recipes::Lines(out))
}

/// Workspaces read at most, so that a pattern over a large tree stays bounded.
const MAX_WORKSPACES: usize = 200;

/// The project's workspace directories that hold a package.json: package.json's `workspaces`
/// (a list, or `{"packages": […]}`) and pnpm-workspace.yaml's `packages`, each a directory or a
/// pattern whose last component is `*` (`packages/*`); other patterns are not expanded.
fn workspaces(dir: &Path, written: Written) -> Vec<std::path::PathBuf> {
    let mut patterns: Vec<String> = Vec::new();
    if let FileText::Text(text) = read(&dir.join("package.json"), written)
        && let Some(json) = text.iter().rev().find_map(|t| serde_json::from_str::<serde_json::Value>(t).ok())
    {
        let list = json.get("workspaces").map(|w| w.get("packages").unwrap_or(w));
        patterns.extend(list.and_then(|l| l.as_array()).into_iter().flatten().filter_map(|p| p.as_str()).map(String::from));
    }
    if let FileText::Text(text) = read(&dir.join("pnpm-workspace.yaml"), written) {
        let lines = text.last().map(|t| t.lines().map(str::trim).map(String::from).collect::<Vec<_>>()).unwrap_or_default();
        let items = lines.iter().filter_map(|l| l.strip_prefix("- ")).map(|p| p.trim().trim_matches(['\'', '"']).to_string());
        patterns.extend(items.filter(|p| !p.starts_with('!')));
    }
    let mut out = Vec::new();
    for pattern in patterns {
        let pattern = pattern.trim_start_matches("./").trim_end_matches('/');
        let found: Vec<std::path::PathBuf> = match pattern.strip_suffix("/*").or_else(|| pattern.strip_suffix("/**")) {
            Some(parent) => {
                std::fs::read_dir(dir.join(parent)).into_iter().flatten().flatten().map(|e| e.path()).take(MAX_WORKSPACES).collect()
            }
            None if !pattern.contains(['*', '?', '[', '{']) => vec![dir.join(pattern)],
            None => Vec::new(),
        };
        out.extend(found.into_iter().filter(|d| d.join("package.json").is_file()));
        if out.len() >= MAX_WORKSPACES {
            break;
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The `name` of the package in `dir`.
fn package_name(dir: &Path, written: Written) -> Option<String> {
    let FileText::Text(text) = read(&dir.join("package.json"), written) else { return None };
    let json = text.iter().rev().find_map(|t| serde_json::from_str::<serde_json::Value>(t).ok())?;
    json.get("name")?.as_str().map(String::from)
}

/// `npm-run-all a b`, `run-s a b`, `run-p a b`: each script named, as `npm run` runs it; a
/// pattern (`build:*`) names scripts the analyser does not list.
pub(super) fn run_all(args: &[String], dir: &Path, written: Written) -> Recipes {
    let mut out = Vec::new();
    for a in args.iter().filter(|a| !a.starts_with('-')) {
        if a.contains(['*', '{']) {
            return Recipes::Opaque("it runs the scripts a pattern names, which the analyser does not list");
        }
        // `"build -- --watch"`: the script's name, then its arguments.
        let name = a.split_whitespace().next().unwrap_or_default().to_string();
        match package_script("npm", &["run".to_string(), name], dir, written) {
            Some(Recipes::Lines(lines)) => out.extend(lines),
            Some(opaque) => return opaque,
            None => {}
        }
    }
    Recipes::Lines(out)
}

/// bun's own commands, which are not scripts of the package.
fn is_bun_command(word: &str) -> bool {
    is_package_manager_command(word)
        || matches!(word, "test" | "build" | "repl" | "a" | "c" | "pm" | "upgrade" | "completions" | "discord" | "getcompletes")
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
