//! Tasks written as JSON strings: composer.json's scripts (`composer run-script wipe`,
//! `composer wipe`) and deno.json's tasks (`deno task wipe`).

use super::data::{Options, asked, file_of, json, key_line};
use super::file::{Recipes, Written};
use super::walk::{Recipe, Runner, Step, walk};
use serde_json::Value;
use std::path::Path;

const COMPOSER_OPTIONS: Options = Options {
    dir: &["-d", "--working-dir"],
    file: &[],
    valued: &["--timeout"],
    nothing: &["-l", "--list", "-h", "--help", "-V", "--version"],
};

const COMPOSER: Runner = Runner {
    noun: "composer script",
    computed: "GITVOW_COMPOSER_COMPUTED",
    too_many: "its composer scripts call more scripts than the analyser follows",
    unknown: |_| Ok(()),
};

/// `composer run-script NAME`, `composer run NAME`, `composer NAME`: the script and the scripts it
/// names with `@`. A PHP callback (`Vendor\\Class::method`) is code the analyser does not read.
pub(super) fn composer(args: &[String], dir: &Path, written: Written) -> Recipes {
    let Some(asked) = asked(args, dir, &COMPOSER_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    let name = match asked.words.first().map(String::as_str) {
        Some("run-script" | "run") => asked.words.get(1),
        _ => asked.words.first(),
    };
    let Some(name) = name else { return Recipes::Lines(Vec::new()) };
    let names = match composer_events(name) {
        _ if args.iter().any(|a| a == "--no-scripts") => return Recipes::Lines(Vec::new()),
        Some(events) => events.iter().map(|e| e.to_string()).collect(),
        None => vec![name.clone()],
    };
    let (doc, text, shown) =
        match file_of(&asked, &["composer.json"], written, json, "it runs a script of a composer.json the analyser cannot parse") {
            Ok(found) => found,
            Err(done) => return done,
        };
    let scripts: Vec<Recipe> = doc
        .get("scripts")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(key, value)| composer_script(key, value, &text))
        .collect();
    walk(&COMPOSER, &scripts, &names, &shown, &asked.dir)
}

/// The event scripts composer's own command runs from the project's composer.json (composer's
/// documented command events), where it is one that runs them.
fn composer_events(command: &str) -> Option<&'static [&'static str]> {
    const AUTOLOAD: [&str; 2] = ["pre-autoload-dump", "post-autoload-dump"];
    Some(match command {
        "install" | "i" => &["pre-install-cmd", "post-install-cmd", AUTOLOAD[0], AUTOLOAD[1]],
        "update" | "u" | "upgrade" | "require" | "r" | "remove" | "rm" => &["pre-update-cmd", "post-update-cmd", AUTOLOAD[0], AUTOLOAD[1]],
        "dump-autoload" | "dumpautoload" => &AUTOLOAD,
        "archive" => &["pre-archive-cmd", "post-archive-cmd"],
        "status" => &["pre-status-cmd", "post-status-cmd"],
        _ => return None,
    })
}

fn composer_script(name: &str, value: &Value, text: &str) -> Recipe {
    let line = key_line(text, "\"scripts\"", name);
    let entries: Vec<&str> = match value {
        Value::String(s) => vec![s.as_str()],
        Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let mut recipe = Recipe { name: name.to_string(), deps: Vec::new(), steps: Vec::new(), unreadable: None };
    for entry in entries {
        let entry = entry.trim();
        if let Some(rest) = entry.strip_prefix('@') {
            let (first, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            match first {
                "php" | "composer" => recipe.steps.push(Step::Run(line, format!("{first} {args}"))),
                "putenv" => {}
                other => recipe.steps.push(Step::Call(other.to_string())),
            }
        } else if !entry.contains(char::is_whitespace) && entry.contains("::") {
            recipe.unreadable = Some("it runs a composer script that is a PHP callback, which the analyser does not read");
        } else {
            recipe.steps.push(Step::Run(line, entry.to_string()));
        }
    }
    recipe
}

const DENO_OPTIONS: Options =
    Options { dir: &["--cwd"], file: &["-c", "--config"], valued: &["-f", "--filter"], nothing: &["-h", "--help", "--eval"] };

const DENO: Runner = Runner {
    noun: "deno task",
    computed: "GITVOW_DENO_COMPUTED",
    too_many: "its deno tasks depend on more tasks than the analyser follows",
    unknown: |_| Ok(()),
};

/// `deno task NAME`: the task and the tasks it depends on, from deno.json or deno.jsonc.
pub(super) fn deno(args: &[String], dir: &Path, written: Written) -> Recipes {
    if args.first().is_none_or(|a| a != "task") {
        return Recipes::Lines(Vec::new());
    }
    let Some(asked) = asked(&args[1..], dir, &DENO_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    let Some(name) = asked.words.first() else { return Recipes::Lines(Vec::new()) };
    let names = ["deno.json", "deno.jsonc"];
    let (doc, text, shown) = match file_of(&asked, &names, written, json, "it runs a task of a deno.json the analyser cannot parse") {
        Ok(found) => found,
        Err(done) => return done,
    };
    let tasks: Vec<Recipe> = doc
        .get("tasks")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(key, value)| {
            let line = key_line(&text, "\"tasks\"", key);
            let (command, deps) = match value {
                Value::String(s) => (Some(s.as_str()), Vec::new()),
                Value::Object(o) => (
                    o.get("command").and_then(Value::as_str),
                    o.get("dependencies")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .filter_map(Value::as_str)
                        .map(String::from)
                        .collect(),
                ),
                _ => (None, Vec::new()),
            };
            Recipe {
                name: key.clone(),
                deps,
                steps: command.map(|c| Step::Run(line, c.to_string())).into_iter().collect(),
                unreadable: None,
            }
        })
        .collect();
    walk(&DENO, &tasks, std::slice::from_ref(name), &shown, &asked.dir)
}
