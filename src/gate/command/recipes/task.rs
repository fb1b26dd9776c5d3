//! Task (go-task): the tasks asked for in a Taskfile, their `deps` and the tasks their commands
//! call first. Templating (`{{.VAR}}`) is a value the analysis cannot know; a command in a form
//! the reader does not follow (a loop, an included Taskfile's task) is opaque.

use super::super::options::OptionWords;
use super::file::{Recipes, Written, recipe_file};
use super::walk::{Recipe, Runner, Step, walk};
use std::path::Path;

const NAMES: &[&str] = &["Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml", "Taskfile.dist.yml", "taskfile.dist.yml"];

pub(super) fn task(args: &[String], dir: &Path, written: Written) -> Recipes {
    let mut dir = dir.to_path_buf();
    let mut file = None;
    let mut names = Vec::new();
    // What follows `--` is handed to the tasks as CLI_ARGS.
    let mut words = OptionWords::new(args);
    while let Some(a) = words.next() {
        match a {
            "-l" | "--list" | "-a" | "--list-all" | "-n" | "--dry" | "--summary" | "-h" | "--help" | "--version" | "-i" | "--init" => {
                return Recipes::Lines(Vec::new());
            }
            "-t" | "--taskfile" => file = words.value().map(str::to_string),
            "-d" | "--dir" => {
                if let Some(d) = words.value() {
                    dir = dir.join(d);
                }
            }
            "-o" | "--output" | "-c" | "--concurrency" | "--interval" | "--sort" => {
                words.value();
            }
            _ if a.starts_with('-') || a.contains('=') => {}
            _ => names.push(a.to_string()),
        }
    }
    let (text, shown) = match recipe_file(&dir, file.as_deref(), NAMES, written) {
        Ok(found) => found,
        Err(done) => return done,
    };
    let tasks = match parse(&text) {
        Ok(tasks) => tasks,
        Err(why) => return Recipes::Opaque(why),
    };
    if names.is_empty() {
        names.push("default".to_string());
    }
    walk(&TASK, &tasks, &names, &shown, &dir)
}

const TASK: Runner = Runner {
    noun: "task",
    computed: "GITVOW_TASK_COMPUTED",
    too_many: "its tasks call more tasks than the analyser follows",
    // A namespaced task comes from an included Taskfile, which the reader does not follow;
    // another unknown name makes task fail.
    unknown: |name| {
        if name.contains(':') { Err("it runs a task from an included Taskfile, which the analyser does not read") } else { Ok(()) }
    },
};

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// A YAML scalar as written: quotes taken off.
fn scalar(v: &str) -> String {
    let v = v.trim();
    let unquoted =
        v.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')).or_else(|| v.strip_prefix('"').and_then(|s| s.strip_suffix('"')));
    unquoted.unwrap_or(v).to_string()
}

/// `[a, b]`: the items of a flow list.
fn flow_list(v: &str) -> Option<Vec<String>> {
    let inner = v.trim().strip_prefix('[')?.strip_suffix(']')?;
    Some(inner.split(',').map(scalar).filter(|s| !s.is_empty()).collect())
}

/// The tasks of a Taskfile, read by indentation: each task's `deps`, and its `cmds` (or `cmd`)
/// as command lines and calls of other tasks.
fn parse(text: &str) -> Result<Vec<Recipe>, &'static str> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(n, l)| (n + 1, l))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    let Some(start) = lines.iter().position(|(_, l)| l.trim_end() == "tasks:") else { return Ok(Vec::new()) };
    let mut tasks: Vec<Recipe> = Vec::new();
    let mut i = start + 1;
    let Some(task_indent) = lines.get(i).map(|(_, l)| indent(l)).filter(|&d| d > 0) else { return Ok(Vec::new()) };
    while i < lines.len() && indent(lines[i].1) >= task_indent {
        let (n, line) = lines[i];
        i += 1;
        if indent(line) != task_indent {
            continue;
        }
        let Some((name, value)) = line.trim().split_once(':') else { continue };
        let mut task = Recipe { name: scalar(name), deps: Vec::new(), steps: Vec::new(), unreadable: None };
        let value = value.trim();
        if !value.is_empty() {
            // `name: cmd` and `name: [a, b]`: commands in short form.
            let cmds = flow_list(value).unwrap_or_else(|| vec![scalar(value)]);
            task.steps.extend(cmds.into_iter().map(|c| Step::Run(n, c)));
        }
        let body_end = lines[i..].iter().position(|(_, l)| indent(l) <= task_indent).map_or(lines.len(), |k| i + k);
        body(&lines[i..body_end], &mut task)?;
        i = body_end;
        tasks.push(task);
    }
    Ok(tasks)
}

/// A task's keys: `deps`, `cmds` and `cmd`; the others (`desc`, `vars`, `sources`…) run nothing.
fn body(lines: &[(usize, &str)], task: &mut Recipe) -> Result<(), &'static str> {
    let Some(key_indent) = lines.first().map(|(_, l)| indent(l)) else { return Ok(()) };
    let mut i = 0;
    while i < lines.len() {
        let (n, line) = lines[i];
        i += 1;
        if indent(line) != key_indent {
            continue;
        }
        let Some((key, value)) = line.trim().split_once(':') else { continue };
        let end = lines[i..].iter().position(|(_, l)| indent(l) <= key_indent).map_or(lines.len(), |k| i + k);
        let items = &lines[i..end];
        match key.trim() {
            "deps" => match flow_list(value) {
                Some(names) => task.deps.extend(names),
                None => {
                    for (_, item) in items.iter().filter(|(_, l)| l.trim_start().starts_with("- ")) {
                        let item = item.trim_start()[2..].trim();
                        task.deps.push(scalar(item.strip_prefix("task:").unwrap_or(item)));
                    }
                }
            },
            "cmd" if value.trim().starts_with(['|', '>']) => task.steps.push(Step::Run(n, block(items))),
            "cmd" => task.steps.push(Step::Run(n, scalar(value))),
            "cmds" => match flow_list(value) {
                Some(cmds) => task.steps.extend(cmds.into_iter().map(|c| Step::Run(n, c))),
                None => commands(items, task)?,
            },
            _ => {}
        }
        i = end;
    }
    Ok(())
}

/// The items of `cmds:`: a command, `task: name`, `cmd: …` (or `defer: …`), or a block scalar.
fn commands(items: &[(usize, &str)], task: &mut Recipe) -> Result<(), &'static str> {
    let Some(item_indent) = items.first().map(|(_, l)| indent(l)) else { return Ok(()) };
    let mut i = 0;
    while i < items.len() {
        let (n, line) = items[i];
        i += 1;
        let Some(item) = line.trim_start().strip_prefix("- ").filter(|_| indent(line) == item_indent) else { continue };
        let end = items[i..].iter().position(|(_, l)| indent(l) <= item_indent).map_or(items.len(), |k| i + k);
        let item = item.trim();
        let (key, value) = match item.split_once(": ") {
            Some((k, v)) if k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => (Some(k), v),
            _ => (None, item),
        };
        let value = match key {
            Some("task") => {
                task.steps.push(Step::Call(scalar(value)));
                i = end;
                continue;
            }
            Some("cmd" | "defer") | None => value,
            Some(_) => return Err("it runs a Taskfile command in a form the analyser does not read"),
        };
        let text = if value.starts_with(['|', '>']) { block(&items[i..end]) } else { scalar(value) };
        task.steps.push(Step::Run(n, text));
        i = end;
    }
    Ok(())
}

/// A block scalar's lines, as one script.
fn block(lines: &[(usize, &str)]) -> String {
    lines.iter().map(|(_, l)| l.trim()).collect::<Vec<_>>().join("\n")
}
