//! Task runners whose tasks are code: Rake's tasks in a Rakefile (`rake wipe`), invoke's in
//! tasks.py (`invoke wipe`, `inv wipe`), nox's sessions in noxfile.py (`nox -s wipe`). A task's body
//! is read by the interpreters' reader (`code`), the runner's context bound (`c.run("…")`,
//! `session.run("rm", "-rf", …)`, `sh "…"`), and what it does is handed on as the command lines
//! that do the same; what the reader cannot see makes the task opaque.

use super::data::{Options, asked, file_of};
use super::file::{Recipes, Written};
use super::walk::{Recipe, Runner, Step, walk};
use crate::gate::command::code::{self, CodeEffect, Language, TaskContext};
use std::path::Path;

const RAKE_OPTIONS: Options = Options {
    dir: &["-C", "--directory"],
    file: &["-f", "--rakefile"],
    valued: &["-I", "--libdir", "-r", "--require", "-j", "--jobs", "-e", "--execute", "-p", "--execute-print", "-E", "--execute-continue"],
    nothing: &[
        "-T",
        "--tasks",
        "-D",
        "--describe",
        "-P",
        "--prereqs",
        "-W",
        "--where",
        "-n",
        "--dry-run",
        "-h",
        "--help",
        "-V",
        "--version",
    ],
};

const RAKE: Runner = Runner {
    noun: "rake task",
    computed: "GITVOW_RAKE_COMPUTED",
    too_many: "its rake tasks depend on more tasks than the analyser follows",
    unknown: |_| Ok(()),
};

/// `rake NAME[args] …` (the task `default` when none is named).
pub(super) fn rake(args: &[String], dir: &Path, written: Written) -> Recipes {
    let Some(asked) = asked(args, dir, &RAKE_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    let mut wanted: Vec<String> =
        asked.words.iter().filter(|w| !w.contains('=')).map(|w| w.split('[').next().unwrap_or_default().to_string()).collect();
    if wanted.is_empty() {
        wanted.push("default".to_string());
    }
    let names = ["Rakefile", "rakefile", "Rakefile.rb", "rakefile.rb"];
    let (tasks, _, shown) = match file_of(&asked, &names, written, |t| Some(rake_tasks(t)), "") {
        Ok(found) => found,
        Err(done) => return done,
    };
    walk(&RAKE, &tasks, &wanted, &shown, &asked.dir)
}

/// The tasks of a Rakefile, read by indentation: `task :name => [:dep] do … end`, `task name: :dep`,
/// `task(:name) { … }`, inside `namespace :ns do … end`.
fn rake_tasks(text: &str) -> Vec<Recipe> {
    let lines: Vec<&str> = text.lines().collect();
    let mut spaces: Vec<(usize, String)> = Vec::new();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let indent = line.len() - line.trim_start().len();
        let t = line.trim();
        spaces.retain(|(at, _)| *at < indent || t.is_empty());
        if let Some(rest) = t.strip_prefix("namespace ") {
            spaces.push((indent, symbol(rest).0));
            continue;
        }
        let Some(rest) = t.strip_prefix("task ").or_else(|| t.strip_prefix("task(")) else { continue };
        let (name, after) = symbol(rest);
        if name.is_empty() {
            continue;
        }
        let full: Vec<&str> = spaces.iter().map(|(_, n)| n.as_str()).chain([name.as_str()]).collect();
        let mut recipe = Recipe { name: full.join(":"), deps: deps(after), steps: Vec::new(), unreadable: None };
        let body = if let Some(open) = after.find('{') {
            after[open + 1..].rsplit_once('}').map_or("", |(b, _)| b).to_string()
        } else if let Some(block) = one_line_block(after) {
            block
        } else if after.trim_end().ends_with("do") || format!(" {after}").contains(" do |") {
            let end = lines[i + 1..].iter().position(|l| l.trim() == "end" && l.len() - l.trim_start().len() <= indent);
            end.map_or_else(|| lines[i + 1..].join("\n"), |e| lines[i + 1..i + 1 + e].join("\n"))
        } else {
            String::new()
        };
        code_steps(&mut recipe, Language::Ruby, &body, "", None, i + 1);
        out.push(recipe);
    }
    out
}

/// `do sh "…" end`, `=> :dep do |t| sh "…" end`: a block on one line, its parameters aside.
fn one_line_block(after: &str) -> Option<String> {
    let padded = format!(" {}", after.trim_end());
    let open = padded.find(" do ")?;
    let block = padded[open + 4..].strip_suffix(" end")?.trim();
    let block = match block.strip_prefix('|') {
        Some(rest) => rest.split_once('|').map_or("", |(_, b)| b),
        None => block,
    };
    Some(block.to_string())
}

/// A Ruby symbol, string or hash key at the start of `text` (`:wipe`, `"wipe"`, `wipe:`), and what follows it.
fn symbol(text: &str) -> (String, &str) {
    let t = text.trim_start().trim_start_matches('(');
    let (name, rest) = match t.strip_prefix(':') {
        Some(r) => r.split_at(r.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(r.len())),
        None if t.starts_with(['"', '\'']) => {
            let q = &t[..1];
            t[1..].split_once(q).unwrap_or((&t[1..], ""))
        }
        None => t.split_at(t.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(t.len())),
    };
    (name.to_string(), rest.trim_start_matches(':').trim_start())
}

/// A task's prerequisites: `=> :dep`, `=> [:a, "b"]`, or the value of its `name:` key.
fn deps(after: &str) -> Vec<String> {
    let value = after.trim_start().trim_start_matches("=>").trim_start();
    let value = value.split(" do").next().unwrap_or_default().split('{').next().unwrap_or_default().trim().trim_end_matches(')');
    let value = value.trim_start_matches('[').trim_end_matches(']');
    value.split(',').map(|d| symbol(d).0).filter(|d| !d.is_empty() && d != "do").collect()
}

/// The effects of a task's body as steps: each as the command line that does the same.
fn code_steps(recipe: &mut Recipe, lang: Language, body: &str, param: &str, context: Option<TaskContext>, line: usize) {
    for effect in code::read_task(lang, body, param, context) {
        let run = match effect {
            CodeEffect::Run { command } => command,
            CodeEffect::Remove { path, recursive } => format!("rm {} {}", if recursive { "-rf" } else { "-f" }, shell_path(&path)),
            CodeEffect::Write { path } => format!(": >> {}", shell_path(&path)),
            CodeEffect::Move { from, to } => format!("mv {} {}", shell_path(&from), shell_path(&to)),
            CodeEffect::Opaque { why } => {
                recipe.unreadable = Some(why);
                continue;
            }
        };
        recipe.steps.push(Step::Run(line, run));
    }
}

/// A path as the shell reads it back: `~` left as the home directory, the rest in single quotes.
fn shell_path(path: &str) -> String {
    let quoted = |p: &str| format!("'{}'", p.replace('\'', r"'\''"));
    match path.strip_prefix('~') {
        Some("") => "~".to_string(),
        Some(rest) if rest.starts_with('/') => format!("~/{}", quoted(&rest[1..])),
        _ => quoted(path),
    }
}

/// A top-level Python function: its name, first parameter, decorators (as written), body and line.
struct PyFunction {
    name: String,
    param: String,
    decorators: Vec<String>,
    body: String,
    line: usize,
}

fn python_functions(text: &str) -> Vec<PyFunction> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut decorators: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        if line.starts_with('@') {
            // A decorator's call may go on over lines until its parentheses close.
            let mut text = line.to_string();
            while text.matches('(').count() > text.matches(')').count() && i < lines.len() {
                text.push(' ');
                text.push_str(lines[i].trim());
                i += 1;
            }
            decorators.push(text);
            continue;
        }
        let Some(rest) = line.strip_prefix("def ").or_else(|| line.strip_prefix("async def ")) else {
            if !line.trim().is_empty() && !line.starts_with([' ', '\t', '#']) {
                decorators.clear();
            }
            continue;
        };
        let name = rest.split('(').next().unwrap_or_default().trim().to_string();
        let param = rest.split_once('(').map_or("", |(_, p)| p).split([',', ')', ':', '=']).next().unwrap_or_default().trim().to_string();
        let start = i;
        while i < lines.len() && (lines[i].trim().is_empty() || lines[i].starts_with([' ', '\t'])) {
            i += 1;
        }
        let indent = lines[start..i].iter().filter(|l| !l.trim().is_empty()).map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
        let body = lines[start..i].iter().map(|l| l.get(indent..).unwrap_or_default()).collect::<Vec<_>>().join("\n");
        out.push(PyFunction { name, param, decorators: std::mem::take(&mut decorators), body, line: start });
    }
    out
}

/// The names in a decorator's list argument (`pre=[clean, build]`), or its positional names.
fn decorator_names(decorator: &str, key: &str) -> Vec<String> {
    let Some((_, args)) = decorator.split_once('(') else { return Vec::new() };
    let args = args.rsplit_once(')').map_or(args, |(a, _)| a);
    let list = match args.find(&format!("{key}=")) {
        Some(at) => args[at + key.len() + 1..].trim_start().trim_start_matches('[').split(']').next().unwrap_or_default(),
        None if key == "pre" => args,
        None => return Vec::new(),
    };
    let ident = |s: &&str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.');
    list.split(',').map(str::trim).filter(ident).map(|s| s.rsplit('.').next().unwrap_or(s).to_string()).collect()
}

const INVOKE_OPTIONS: Options = Options {
    dir: &["-r", "--search-root"],
    file: &[],
    valued: &["-c", "--collection", "-f", "--config", "-w", "--write-pyc"],
    nothing: &["-l", "--list", "-h", "--help", "-V", "--version", "--complete", "--print-completion-script"],
};

const INVOKE: Runner = Runner {
    noun: "invoke task",
    computed: "GITVOW_INVOKE_COMPUTED",
    too_many: "its invoke tasks call more tasks than the analyser follows",
    unknown: |_| Ok(()),
};

/// `invoke NAME …` or `inv NAME …`: each task of tasks.py named (`my_task` answers to `my-task`),
/// its `pre` tasks first and its `post` tasks after.
pub(super) fn invoke(args: &[String], dir: &Path, written: Written) -> Recipes {
    let Some(asked) = asked(args, dir, &INVOKE_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    let (functions, _, shown) = match file_of(&asked, &["tasks.py"], written, |t| Some(python_functions(t)), "") {
        Ok(found) => found,
        Err(done) => return done,
    };
    let tasks: Vec<Recipe> = functions
        .iter()
        .filter(|f| f.decorators.iter().any(|d| d.starts_with("@task") || d.starts_with("@invoke.task")))
        .map(|f| {
            let decorator = f.decorators.iter().find(|d| d.contains("task")).map_or("", String::as_str);
            let mut recipe =
                Recipe { name: f.name.replace('_', "-"), deps: decorator_names(decorator, "pre"), steps: Vec::new(), unreadable: None };
            code_steps(&mut recipe, Language::Python, &f.body, &f.param, Some(TaskContext::Invoke), f.line);
            recipe.steps.extend(decorator_names(decorator, "post").into_iter().map(|p| Step::Call(p.replace('_', "-"))));
            recipe.deps = recipe.deps.iter().map(|d| d.replace('_', "-")).collect();
            recipe
        })
        .collect();
    let wanted: Vec<String> = asked.words.iter().map(|w| w.replace('_', "-")).collect();
    walk(&INVOKE, &tasks, &wanted, &shown, &asked.dir)
}

const NOX_OPTIONS: Options = Options {
    dir: &[],
    file: &["-f", "--noxfile"],
    valued: &["-p", "--python", "--pythons", "--envdir", "--default-venv-backend", "-db", "--force-venv-backend", "-fb", "--extra-python"],
    nothing: &["-l", "--list", "--list-sessions", "-h", "--help", "--version", "--json"],
};

const NOX: Runner = Runner {
    noun: "nox session",
    computed: "GITVOW_NOX_COMPUTED",
    too_many: "it runs more nox sessions than the analyser follows",
    unknown: |_| Ok(()),
};

/// `nox -s NAME …` (every session, or those `nox.options.sessions` names, when none is): each
/// session's body. A selection by keyword or tag (`-k`, `-t`) names sessions the analyser does not list.
pub(super) fn nox(args: &[String], dir: &Path, written: Written) -> Recipes {
    if args.iter().any(|a| matches!(a.as_str(), "-k" | "--keywords" | "-t" | "--tags")) {
        return Recipes::Opaque("it runs the nox sessions a keyword or a tag selects, which the analyser does not list");
    }
    let Some(asked) = asked(args, dir, &NOX_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    let (functions, text, shown) = match file_of(&asked, &["noxfile.py"], written, |t| Some(python_functions(t)), "") {
        Ok(found) => found,
        Err(done) => return done,
    };
    let sessions: Vec<Recipe> = functions
        .iter()
        .filter(|f| f.decorators.iter().any(|d| d.starts_with("@nox.session") || d.starts_with("@session")))
        .map(|f| {
            let decorator = f.decorators.iter().find(|d| d.contains("session")).map_or("", String::as_str);
            let named = decorator
                .split_once("name=")
                .and_then(|(_, r)| r.trim_start().strip_prefix(['"', '\'']))
                .and_then(|r| r.split(['"', '\'']).next());
            let mut recipe = Recipe { name: named.unwrap_or(&f.name).to_string(), deps: Vec::new(), steps: Vec::new(), unreadable: None };
            code_steps(&mut recipe, Language::Python, &f.body, &f.param, Some(TaskContext::Nox), f.line);
            recipe
        })
        .collect();
    // `-s tests-3.12`, `-s "tests(python='3.12')"`: a parametrised session is its function's.
    let given = args.iter().filter_map(|a| a.strip_prefix("--session=").or_else(|| a.strip_prefix("--sessions="))).map(String::from);
    let mut wanted: Vec<String> = asked
        .words
        .iter()
        .cloned()
        .chain(given)
        .map(|w| match sessions.iter().any(|s| s.name == w) {
            true => w,
            false => w.split(['(', '-']).next().unwrap_or_default().to_string(),
        })
        .collect();
    if wanted.is_empty() {
        let chosen = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("nox.options.sessions"))
            .map(|v| v.split(['"', '\'']).skip(1).step_by(2).map(String::from).collect::<Vec<_>>());
        wanted = chosen.unwrap_or_else(|| sessions.iter().map(|s| s.name.clone()).collect());
    }
    walk(&NOX, &sessions, &wanted, &shown, &asked.dir)
}
