//! Tasks written in TOML: mise's `[tasks]` (`mise run wipe`, `mise wipe`), with its file tasks
//! (`mise-tasks/wipe`), and cargo-make's Makefile.toml (`cargo make wipe`, `makers wipe`).

use super::data::{Options, asked, file_of, joined, key_line, toml, toml_strings};
use super::file::{FileText, Recipes, Written, read};
use super::walk::{Recipe, Runner, Step, walk};
use std::path::Path;
use toml_edit::Item;

const MISE_OPTIONS: Options = Options {
    dir: &["-C", "--cd"],
    file: &[],
    valued: &["-j", "--jobs", "-E", "--env", "-t", "--tool", "-o", "--output", "-s", "--shell", "--timeout"],
    nothing: &["-n", "--dry-run", "-h", "--help", "--version"],
};

/// The configuration files mise reads tasks from, in a project's directory.
const MISE_FILES: &[&str] = &[
    "mise.toml",
    ".mise.toml",
    "mise.local.toml",
    ".mise.local.toml",
    ".config/mise.toml",
    ".config/mise/config.toml",
    "mise/config.toml",
    ".mise/config.toml",
];
/// The directories whose executable files are tasks.
const MISE_TASK_DIRS: &[&str] = &["mise-tasks", ".mise-tasks", "mise/tasks", ".mise/tasks", ".config/mise/tasks"];

const MISE: Runner = Runner {
    noun: "mise task",
    computed: "GITVOW_MISE_COMPUTED",
    too_many: "its mise tasks depend on more tasks than the analyser follows",
    unknown: |_| Ok(()),
};

/// `mise run NAME [::: NAME…]`, `mise r NAME`, `mise tasks run NAME`, or `mise NAME` for a task the
/// project defines: the tasks with what they depend on.
pub(super) fn mise(args: &[String], dir: &Path, written: Written) -> Recipes {
    let Some(asked) = asked(args, dir, &MISE_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    let words: Vec<&str> = asked.words.iter().map(String::as_str).collect();
    let (named, from) = match words.as_slice() {
        ["run" | "r", ..] => (true, 1),
        ["tasks" | "task" | "t", "run" | "r", ..] => (true, 2),
        _ => (false, 0),
    };
    let mut wanted: Vec<String> = words.get(from).map(|w| w.to_string()).into_iter().collect();
    wanted.extend(words.windows(2).filter(|w| w[0] == ":::").map(|w| w[1].to_string()));
    if wanted.is_empty() {
        return Recipes::Lines(Vec::new());
    }
    let mut tasks = Vec::new();
    let mut shown = String::from("mise.toml");
    for name in MISE_FILES {
        let path = asked.dir.join(name);
        let text = match read(&path, written) {
            FileText::Absent => continue,
            FileText::Opaque(why) => return Recipes::Opaque(why),
            FileText::Text(t) => t.join("\n"),
        };
        let Some(doc) = toml(&text) else { return Recipes::Opaque("it runs a task of a mise file the analyser cannot parse") };
        shown = name.to_string();
        if let Some(table) = doc.get("tasks").and_then(Item::as_table_like) {
            tasks.extend(table.iter().map(|(key, item)| mise_task(key, item, key_line(&text, "tasks", key))));
        }
    }
    for name in &wanted {
        if tasks.iter().any(|t: &Recipe| &t.name == name) {
            continue;
        }
        match file_task(&asked.dir, name, written) {
            Ok(Some(task)) => tasks.push(task),
            Ok(None) => {}
            Err(why) => return Recipes::Opaque(why),
        }
    }
    // `mise NAME` runs a task only when the project has one of that name; else it is mise's own command.
    if !named && !tasks.iter().any(|t| t.name == wanted[0]) {
        return Recipes::Lines(Vec::new());
    }
    walk(&MISE, &tasks, &wanted, &shown, &asked.dir)
}

fn mise_task(name: &str, item: &Item, line: usize) -> Recipe {
    let mut recipe = Recipe { name: name.to_string(), deps: Vec::new(), steps: Vec::new(), unreadable: None };
    if let Some(command) = item.as_str() {
        recipe.steps.push(Step::Run(line, command.to_string()));
        return recipe;
    }
    let Some(t) = item.as_table_like() else { return recipe };
    // `depends = ["lint", "build --release"]`: a task's name and its arguments.
    recipe.deps = t
        .get("depends")
        .and_then(toml_strings)
        .unwrap_or_default()
        .iter()
        .filter_map(|d| d.split_whitespace().next())
        .map(String::from)
        .collect();
    if t.contains_key("file") {
        recipe.unreadable = Some("it runs a mise task from a file the analyser does not read");
    }
    let run = t.get("run");
    for command in run.and_then(toml_strings).unwrap_or_default() {
        recipe.steps.push(Step::Run(line, command));
    }
    for each in run.and_then(Item::as_array).into_iter().flatten() {
        if let Some(other) = each.as_inline_table().and_then(|i| i.get("task")).and_then(|v| v.as_str()) {
            recipe.steps.push(Step::Call(other.split_whitespace().next().unwrap_or_default().to_string()));
        }
    }
    recipe
}

/// A task in mise's task directories (`mise-tasks/db/reset` is `db:reset`): a shell script is its
/// text, a script in another language is code the analyser does not read.
fn file_task(dir: &Path, name: &str, written: Written) -> Result<Option<Recipe>, &'static str> {
    for tasks in MISE_TASK_DIRS {
        let path = dir.join(tasks).join(name.replace(':', "/"));
        let text = match read(&path, written) {
            FileText::Absent => continue,
            FileText::Opaque(why) => return Err(why),
            FileText::Text(t) => t.join("\n"),
        };
        let first = text.lines().next().unwrap_or_default();
        let shell = !first.starts_with("#!")
            || ["sh", "bash", "zsh", "dash"].iter().any(|s| first.ends_with(&format!("/{s}")) || first.ends_with(&format!(" {s}")));
        let mut recipe = Recipe { name: name.to_string(), deps: Vec::new(), steps: Vec::new(), unreadable: None };
        match shell {
            true => recipe.steps.push(Step::Run(1, text)),
            false => recipe.unreadable = Some("it runs a mise task written in a language the analyser does not read here"),
        }
        return Ok(Some(recipe));
    }
    Ok(None)
}

const CARGO_MAKE_OPTIONS: Options = Options {
    dir: &["--cwd"],
    file: &["--makefile"],
    valued: &["-p", "--profile", "-e", "--env", "--env-file", "-l", "--loglevel", "--output-format", "--output-file", "--time-summary"],
    nothing: &["--list-all-steps", "--list-category-steps", "--print-steps", "--diff-steps", "-h", "--help", "-V", "--version"],
};

const CARGO_MAKE: Runner = Runner {
    noun: "cargo-make task",
    computed: "GITVOW_CARGO_MAKE_COMPUTED",
    too_many: "its cargo-make tasks depend on more tasks than the analyser follows",
    // A name Makefile.toml does not define is one of cargo-make's own tasks (`build`, `test`).
    unknown: |_| Ok(()),
};

/// `cargo make NAME` or `makers NAME` (the task `default` when none is named, `-t NAME` too): the
/// task of Makefile.toml with its dependencies, the task it runs, its command and its script.
pub(super) fn cargo_make(args: &[String], dir: &Path, written: Written) -> Recipes {
    let Some(asked) = asked(args, dir, &CARGO_MAKE_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    // `-t NAME` names the task as a word alone does; the words after it are the task's arguments.
    let name = asked.words.first().cloned().unwrap_or_else(|| "default".to_string());
    let (doc, text, shown) =
        match file_of(&asked, &["Makefile.toml"], written, toml, "it runs a task of a Makefile.toml the analyser cannot parse") {
            Ok(found) => found,
            Err(done) => return done,
        };
    let Some(table) = doc.get("tasks").and_then(Item::as_table_like) else { return Recipes::Lines(Vec::new()) };
    let tasks: Vec<Recipe> = table.iter().map(|(key, item)| cargo_make_task(key, item, key_line(&text, "tasks", key))).collect();
    walk(&CARGO_MAKE, &tasks, &[name], &shown, &asked.dir)
}

/// A name, or the `name` of a table (`{ name = "x" }`), in a list of them or alone.
fn task_names(item: Option<&Item>) -> Vec<String> {
    let Some(item) = item else { return Vec::new() };
    if let Some(names) = toml_strings(item) {
        return names;
    }
    if let Some(t) = item.as_table_like() {
        return task_names(t.get("name"));
    }
    let items = item.as_array().into_iter().flatten();
    items.filter_map(|v| v.as_inline_table().and_then(|t| t.get("name")).and_then(|n| n.as_str()).map(String::from)).collect()
}

fn cargo_make_task(name: &str, item: &Item, line: usize) -> Recipe {
    let mut recipe = Recipe { name: name.to_string(), deps: Vec::new(), steps: Vec::new(), unreadable: None };
    let Some(t) = item.as_table_like() else { return recipe };
    recipe.deps = task_names(t.get("dependencies"));
    for alias in ["alias", "linux_alias", "mac_alias"] {
        if let Some(other) = t.get(alias).and_then(Item::as_str) {
            recipe.steps.push(Step::Call(other.to_string()));
        }
    }
    if let Some(command) = t.get("command").and_then(Item::as_str) {
        let mut words = vec![command.to_string()];
        words.extend(t.get("args").and_then(toml_strings).unwrap_or_default());
        recipe.steps.push(Step::Run(line, joined(&words)));
    }
    let runner = t.get("script_runner").and_then(Item::as_str).unwrap_or("@shell");
    let shell = runner == "@shell" || ["sh", "bash", "zsh", "dash"].iter().any(|s| runner.ends_with(s));
    if let Some(script) = t.get("script") {
        match toml_strings(script) {
            Some(lines) if shell => recipe.steps.push(Step::Run(line, lines.join("\n"))),
            _ => recipe.unreadable = Some("it runs a cargo-make script the analyser does not read"),
        }
    }
    for other in task_names(t.get("run_task")) {
        recipe.steps.push(Step::Call(other));
    }
    recipe
}

const PIPENV_OPTIONS: Options = Options { dir: &[], file: &[], valued: &["--python"], nothing: &["-h", "--help", "--version"] };

const PIPENV: Runner = Runner {
    noun: "pipenv script",
    computed: "GITVOW_PIPENV_COMPUTED",
    too_many: "its pipenv scripts call more scripts than the analyser follows",
    unknown: |_| Ok(()),
};

/// `pipenv run NAME`: the script of that name in the Pipfile's `[scripts]`. A name the Pipfile does
/// not define is a program pipenv runs, judged as the wrapped command.
pub(super) fn pipenv(args: &[String], dir: &Path, written: Written) -> Recipes {
    let Some(asked) = asked(args, dir, &PIPENV_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    let (Some("run"), Some(name)) = (asked.words.first().map(String::as_str), asked.words.get(1)) else {
        return Recipes::Lines(Vec::new());
    };
    let (doc, text, shown) = match file_of(&asked, &["Pipfile"], written, toml, "it runs a script of a Pipfile the analyser cannot parse") {
        Ok(found) => found,
        Err(done) => return done,
    };
    let scripts: Vec<Recipe> = doc
        .get("scripts")
        .and_then(Item::as_table_like)
        .into_iter()
        .flat_map(|t| t.iter())
        .map(|(key, item)| {
            let steps = toml_strings(item).unwrap_or_default().into_iter().map(|c| Step::Run(key_line(&text, "scripts", key), c));
            Recipe { name: key.to_string(), deps: Vec::new(), steps: steps.collect(), unreadable: None }
        })
        .collect();
    runs_task_named(&PIPENV, &scripts, name, &shown, &asked.dir)
}

const PIXI_OPTIONS: Options = Options {
    dir: &[],
    file: &["--manifest-path", "-m"],
    valued: &["-e", "--environment", "--color"],
    nothing: &["-h", "--help", "--dry-run", "-n"],
};

const PIXI: Runner = Runner {
    noun: "pixi task",
    computed: "GITVOW_PIXI_COMPUTED",
    too_many: "its pixi tasks depend on more tasks than the analyser follows",
    unknown: |_| Ok(()),
};

/// `pixi run NAME` (or `pixi r NAME`): the task of that name in pixi.toml's `[tasks]` (or
/// pyproject.toml's `[tool.pixi.tasks]`) with the tasks it depends on. A name no manifest defines
/// is a program pixi runs, judged as the wrapped command.
pub(super) fn pixi(args: &[String], dir: &Path, written: Written) -> Recipes {
    let Some(asked) = asked(args, dir, &PIXI_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    let (Some("run" | "r"), Some(name)) = (asked.words.first().map(String::as_str), asked.words.get(1)) else {
        return Recipes::Lines(Vec::new());
    };
    let (doc, text, shown) = match file_of(
        &asked,
        &["pixi.toml", "pyproject.toml"],
        written,
        toml,
        "it runs a task of a pixi manifest the analyser cannot parse",
    ) {
        Ok(found) => found,
        Err(done) => return done,
    };
    let table = match shown.as_str() {
        "pyproject.toml" => doc.get("tool").and_then(|t| t.get("pixi")).and_then(|p| p.get("tasks")),
        _ => doc.get("tasks"),
    };
    let tasks: Vec<Recipe> = table
        .and_then(Item::as_table_like)
        .into_iter()
        .flat_map(|t| t.iter())
        .map(|(key, item)| {
            let line = key_line(&text, "tasks", key);
            let mut recipe = Recipe { name: key.to_string(), deps: Vec::new(), steps: Vec::new(), unreadable: None };
            let table = item.as_table_like();
            let cmd = table.map_or(Some(item), |t| t.get("cmd"));
            if let Some(words) = cmd.and_then(toml_strings) {
                // `cmd = ["rm", "-rf", "x"]` is one command in words; a string is a shell line.
                let command = if cmd.is_some_and(Item::is_array) { joined(&words) } else { words.join("\n") };
                recipe.steps.push(Step::Run(line, command));
            }
            let deps = table.and_then(|t| t.get("depends-on").or_else(|| t.get("depends_on")));
            recipe.deps = task_names(deps).into_iter().chain(deps.and_then(toml_strings).unwrap_or_default()).collect();
            recipe.deps.dedup();
            recipe
        })
        .collect();
    runs_task_named(&PIXI, &tasks, name, &shown, &asked.dir)
}

/// The task `name` with what it depends on, where the file defines it; none where it does not
/// (the runner then runs a program of that name, which the wrapper's reading judges).
fn runs_task_named(runner: &Runner, tasks: &[Recipe], name: &str, shown: &str, dir: &Path) -> Recipes {
    if !tasks.iter().any(|t| t.name == name) {
        return Recipes::Lines(Vec::new());
    }
    walk(runner, tasks, &[name.to_string()], shown, dir)
}
