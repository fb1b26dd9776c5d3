//! Task runners whose task files the analyser does not read as recipes: Gradle, sbt, Leiningen,
//! Babashka, Grunt, mask, Earthly, moon, Maven's `exec` and `antrun` goals, `nix run` of a local
//! flake, and `run-parts`. A task the project's own files define (`gradle wipeShop` where
//! build.gradle registers `wipeShop`) runs code nobody judged: opaque, so it is asked about. A task
//! they do not define is the tool's or a plugin's own (`gradle build`, `sbt test`, `lein test`): it
//! builds and tests the project, as `cargo test` does, and passes.

use super::file::{FileText, Recipes, Written, read};
use std::path::{Path, PathBuf};

const DEFINED: &str = "it runs a task the project's build files define, in a language the analyser does not read";
const ALWAYS: &str = "it runs a task of the project's own, which the analyser does not read";

/// Files of one runner's project listed at most (sbt's `project/`, Gradle's subprojects).
const MAX_FILES: usize = 64;

/// Whether `name` is one of the runners this module answers for.
pub(super) fn is_runner(name: &str) -> bool {
    matches!(
        name,
        "gradle" | "gradlew" | "sbt" | "lein" | "bb" | "grunt" | "mask" | "earthly" | "moon" | "mvn" | "mvnw" | "nix" | "run-parts"
    )
}

/// What `name args…` runs from `dir`: opaque when it runs a task the project defines.
pub(super) fn of(name: &str, args: &[String], dir: &Path, written: Written) -> Recipes {
    if args.iter().any(|a| matches!(a.as_str(), "-h" | "--help" | "--version")) {
        return Recipes::Lines(Vec::new());
    }
    let found = match name {
        "gradle" | "gradlew" => gradle(args, dir, written),
        "sbt" => sbt(args, dir, written),
        "lein" => lein(args, dir, written),
        "bb" => bb(args, dir, written),
        "grunt" => grunt(args, dir, written),
        "mask" => mask(args, dir, written),
        "mvn" | "mvnw" => Ok(operands(args, MAVEN_VALUED).iter().any(|g| maven_runs_programs(g)).then_some(ALWAYS)),
        "earthly" => Ok(operands(args, EARTHLY_VALUED).iter().any(|t| t.contains('+')).then_some(ALWAYS)),
        "moon" => Ok(matches!(operands(args, &[]).first().map(String::as_str), Some("run" | "r" | "check" | "ci")).then_some(ALWAYS)),
        "nix" => Ok(nix_runs_local(args).then_some(ALWAYS)),
        "run-parts" => Ok((!args.iter().any(|a| a == "--test" || a == "--list")).then_some("it runs every program in a directory")),
        _ => Ok(None),
    };
    match found {
        Ok(Some(why)) | Err(why) => Recipes::Opaque(why),
        Ok(None) => Recipes::Lines(Vec::new()),
    }
}

/// The words of `args` that are not options, past the values of the options in `valued`, up to `--`.
fn operands(args: &[String], valued: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in args.iter().take_while(|a| *a != "--") {
        if std::mem::take(&mut skip) {
            continue;
        }
        if a.starts_with('-') {
            skip = valued.contains(&a.as_str());
        } else {
            out.push(a.clone());
        }
    }
    out
}

/// Whether any of `files` (relative to `dir`) satisfies `defines`: `Err` when one cannot be read.
fn any_defines(dir: &Path, files: &[PathBuf], written: Written, defines: &dyn Fn(&str) -> bool) -> Result<bool, &'static str> {
    for file in files {
        match read(&dir.join(file), written) {
            FileText::Absent => {}
            FileText::Opaque(why) => return Err(why),
            FileText::Text(readings) if readings.iter().any(|t| defines(t)) => return Ok(true),
            FileText::Text(_) => {}
        }
    }
    Ok(false)
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

/// Whether `text` holds `name` as a word of its own.
fn mentions(text: &str, name: &str) -> bool {
    text.split(|c: char| !is_name_char(c)).any(|w| w == name)
}

/// The name right after `marker` in `line`, past `<…>`, `(`, blanks and one quote:
/// `tasks.register<Delete>("wipe")`, `task wipe(type: Delete)`, `lazy val wipe = taskKey`.
fn names_after<'a>(line: &'a str, marker: &str) -> impl Iterator<Item = &'a str> {
    line.match_indices(marker).filter_map(move |(i, m)| {
        if line[..i].chars().next_back().is_some_and(is_name_char) {
            return None;
        }
        let mut rest = &line[i + m.len()..];
        if rest.starts_with('<') {
            rest = &rest[rest.find('>')? + 1..];
        }
        let rest = rest.trim_start_matches(|c: char| c == '(' || c.is_whitespace()).trim_start_matches(['"', '\'']);
        let name = &rest[..rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len())];
        (!name.is_empty() && line[i + m.len()..].starts_with(['<', '(', ' ', '\t'])).then_some(name)
    })
}

/// The quoted strings of `line`.
fn quoted(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for q in ['"', '\''] {
        out.extend(line.split(q).skip(1).step_by(2));
    }
    out
}

const GRADLE_VALUED: &[&str] = &[
    "-b",
    "--build-file",
    "-c",
    "--settings-file",
    "-g",
    "--gradle-user-home",
    "-I",
    "--init-script",
    "-p",
    "--project-dir",
    "-x",
    "--exclude-task",
    "--include-build",
    "--console",
    "--warning-mode",
    "--max-workers",
    "-D",
    "-P",
];

/// Tasks every Gradle build has: a name the build does not define exactly is matched against the
/// build's own by Gradle's abbreviation (`wS` for `wipeShop`), never one of these.
const GRADLE_OWN: &[&str] = &[
    "build",
    "test",
    "check",
    "clean",
    "assemble",
    "tasks",
    "help",
    "dependencies",
    "projects",
    "properties",
    "jar",
    "run",
    "init",
    "wrapper",
];

/// `gradle [:sub:]TASK…`: each asked task against the tasks the root's and the subprojects' build
/// files (as settings.gradle includes them) define.
fn gradle(args: &[String], dir: &Path, written: Written) -> Result<Option<&'static str>, &'static str> {
    let dir = match args.iter().position(|a| a == "-p" || a == "--project-dir") {
        Some(k) => dir.join(args.get(k + 1).map_or("", String::as_str)),
        None => dir.to_path_buf(),
    };
    let asked: Vec<String> =
        operands(args, GRADLE_VALUED).iter().filter_map(|t| t.rsplit(':').next().filter(|n| !n.is_empty()).map(str::to_string)).collect();
    if asked.is_empty() {
        return Ok(None);
    }
    let mut files: Vec<PathBuf> = Vec::new();
    let settings = ["settings.gradle", "settings.gradle.kts"];
    for project in std::iter::once(String::new()).chain(subprojects(&dir, &settings, written)?) {
        for name in ["build.gradle", "build.gradle.kts"] {
            files.push(Path::new(&project).join(name));
        }
    }
    files.extend(settings.iter().map(PathBuf::from));
    let defined = |text: &str| {
        text.lines().any(|line| {
            ["task", "register", "create"]
                .iter()
                .flat_map(|m| names_after(line, m))
                .chain(["registering", "creating"].iter().filter(|m| line.contains(*m)).flat_map(|_| names_after(line, "val")))
                .any(|def| asked.iter().any(|a| gradle_names(a, def)))
        })
    };
    Ok(any_defines(&dir, &files, written, &defined)?.then_some(DEFINED))
}

/// Whether Gradle runs the task `def` for the asked name `asked`: the same name, or its
/// abbreviation by the camel-case humps (`wS`, `wipeS`), or by a prefix that is not one of
/// [`GRADLE_OWN`].
fn gradle_names(asked: &str, def: &str) -> bool {
    let humps = |s: &str| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in s.chars() {
            match out.last_mut() {
                Some(h) if !c.is_uppercase() => h.push(c),
                _ => out.push(c.to_string()),
            }
        }
        out
    };
    let (a, d) = (humps(asked), humps(def));
    asked == def
        || (a.len() > 1 && a.len() <= d.len() && a.iter().zip(&d).all(|(x, y)| y.starts_with(x.as_str())))
        || (def.starts_with(asked) && !GRADLE_OWN.contains(&asked))
}

/// The subproject directories a Gradle settings file includes (`include("app", ":lib:core")`).
fn subprojects(dir: &Path, settings: &[&str], written: Written) -> Result<Vec<String>, &'static str> {
    let mut out = Vec::new();
    for name in settings {
        let text = match read(&dir.join(name), written) {
            FileText::Absent => continue,
            FileText::Opaque(why) => return Err(why),
            FileText::Text(t) => t.join("\n"),
        };
        for line in text.lines().filter(|l| l.trim_start().starts_with("include")) {
            out.extend(quoted(line).into_iter().map(|p| p.trim_start_matches(':').replace(':', "/")).filter(|p| !p.contains("..")));
        }
    }
    out.truncate(MAX_FILES);
    Ok(out)
}

/// `sbt TASK…`, `sbt "proj/task arg" ";clean;wipe"`: each command's name against the keys and
/// commands build.sbt and project/*.scala|*.sbt define.
fn sbt(args: &[String], dir: &Path, written: Written) -> Result<Option<&'static str>, &'static str> {
    let asked: Vec<String> = operands(args, &["-J", "--java-home", "--sbt-dir"])
        .iter()
        .flat_map(|o| o.split(';').map(str::to_string).collect::<Vec<_>>())
        .filter_map(|c| {
            c.split_whitespace().next().map(|w| w.trim_start_matches(['~', '+']).rsplit('/').next().unwrap_or_default().to_string())
        })
        .filter(|n| !n.is_empty())
        .collect();
    if asked.is_empty() {
        return Ok(None);
    }
    let mut files = vec![PathBuf::from("build.sbt")];
    if let Ok(entries) = std::fs::read_dir(dir.join("project")) {
        files.extend(
            entries
                .flatten()
                .map(|e| e.file_name())
                .filter(|n| n.to_str().is_some_and(|n| n.ends_with(".scala") || n.ends_with(".sbt")))
                .map(|n| Path::new("project").join(n))
                .take(MAX_FILES),
        );
    }
    let markers = ["taskKey", "inputKey", "TaskKey", "InputKey", "addCommandAlias", "Command."];
    let defined = |text: &str| {
        text.lines()
            .filter(|l| markers.iter().any(|m| l.contains(m)))
            .any(|line| quoted(line).into_iter().chain(names_after(line, "val")).any(|def| asked.iter().any(|a| a == def)))
    };
    Ok(any_defines(dir, &files, written, &defined)?.then_some(DEFINED))
}

/// `lein TASK`, `lein do a, b`: an alias project.clj defines, or a task of the project's own
/// (`src/leiningen/NAME.clj`).
fn lein(args: &[String], dir: &Path, written: Written) -> Result<Option<&'static str>, &'static str> {
    let ops = operands(args, &["-o", "-U"]);
    let asked: Vec<String> = match ops.first().map(String::as_str) {
        Some("do") => ops[1..].join(" ").split(',').filter_map(|c| c.split_whitespace().next().map(str::to_string)).collect(),
        Some(task) => vec![task.to_string()],
        None => return Ok(None),
    };
    let own_task = |t: &String| {
        let path = dir.join(format!("src/leiningen/{}.clj", t.replace('-', "_")));
        written(&path).is_some() || path.exists()
    };
    if asked.iter().any(own_task) {
        return Ok(Some(DEFINED));
    }
    let defined = |text: &str| {
        text.find(":aliases").is_some_and(|at| {
            let after = &text[at..];
            quoted(after).into_iter().any(|q| asked.iter().any(|a| a == q))
        })
    };
    Ok(any_defines(dir, &[PathBuf::from("project.clj")], written, &defined)?.then_some(DEFINED))
}

/// `bb run NAME`, `bb NAME`: a task of bb.edn's `:tasks` (a script file or a subcommand of bb's
/// own is not a task).
fn bb(args: &[String], dir: &Path, written: Written) -> Result<Option<&'static str>, &'static str> {
    let ops = operands(args, &["--config", "--deps-root", "-m", "--main", "-x", "--exec"]);
    let own =
        ["tasks", "repl", "nrepl-server", "socket-repl", "uberscript", "uberjar", "version", "help", "print-deps", "prepare", "describe"];
    let task = match ops.first().map(String::as_str) {
        Some("run") => ops.get(1),
        Some(t) if !t.contains(['.', '/']) && !own.contains(&t) => ops.first(),
        _ => None,
    };
    let Some(task) = task else { return Ok(None) };
    let defined = |text: &str| text.find(":tasks").is_some_and(|at| mentions(&text[at + ":tasks".len()..], task));
    Ok(any_defines(dir, &[PathBuf::from("bb.edn")], written, &defined)?.then_some(DEFINED))
}

/// `grunt [TASK[:target]…]` (the task `default` when none is named): a task or target the
/// Gruntfile names (registered, or configured for a plugin's task).
fn grunt(args: &[String], dir: &Path, written: Written) -> Result<Option<&'static str>, &'static str> {
    let mut asked: Vec<String> =
        operands(args, &["--gruntfile", "--base"]).iter().map(|t| t.split(':').next().unwrap_or_default().to_string()).collect();
    if asked.is_empty() {
        asked.push("default".to_string());
    }
    let files = [PathBuf::from("Gruntfile.js"), PathBuf::from("Gruntfile.coffee"), PathBuf::from("gruntfile.js")];
    let defined = |text: &str| asked.iter().any(|a| mentions(text, a));
    Ok(any_defines(dir, &files, written, &defined)?.then_some(DEFINED))
}

/// `mask NAME…`: a command maskfile.md defines as a heading (`## wipe`).
fn mask(args: &[String], dir: &Path, written: Written) -> Result<Option<&'static str>, &'static str> {
    let ops = operands(args, &["--maskfile"]);
    let Some(command) = ops.first() else { return Ok(None) };
    let defined = |text: &str| {
        text.lines().any(|l| l.starts_with('#') && l.trim_start_matches('#').split_whitespace().next() == Some(command.as_str()))
    };
    Ok(any_defines(dir, &[PathBuf::from("maskfile.md")], written, &defined)?.then_some(DEFINED))
}

const MAVEN_VALUED: &[&str] = &[
    "-f",
    "--file",
    "-s",
    "--settings",
    "-gs",
    "--global-settings",
    "-P",
    "--activate-profiles",
    "-pl",
    "--projects",
    "-rf",
    "--resume-from",
    "-T",
    "--threads",
    "-l",
    "--log-file",
    "-t",
    "--toolchains",
    "-D",
];

/// A Maven goal that runs a program or script the pom configures (`exec:exec@wipe`, `antrun:run`).
fn maven_runs_programs(goal: &str) -> bool {
    ["exec:", "antrun:"].iter().any(|p| goal.starts_with(p)) || goal.contains("exec-maven-plugin") || goal.contains("maven-antrun-plugin")
}

const EARTHLY_VALUED: &[&str] =
    &["--build-arg", "--secret", "-s", "--platform", "--config", "--buildkit-host", "--remote-cache", "--org", "--sat"];

/// `nix run [REF]`: the app of a flake in the project (`.`, `.#wipe`, `./tools#x`, `path:…`,
/// `git+file:…`; `.` when no reference is given), not a package of a registry (`nixpkgs#hello`).
fn nix_runs_local(args: &[String]) -> bool {
    let ops = operands(args, &["--override-input", "--inputs-from", "--option", "-f", "--file", "--expr"]);
    if ops.first().is_none_or(|s| s != "run") {
        return false;
    }
    match ops.get(1) {
        None => true,
        Some(r) => r.starts_with(['.', '/', '#']) || r.starts_with("path:") || r.starts_with("git+file:") || r.starts_with("self"),
    }
}
