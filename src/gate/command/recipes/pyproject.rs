//! Python projects' scripts in pyproject.toml: pdm's `[tool.pdm.scripts]` (`pdm run wipe`) and
//! rye's `[tool.rye.scripts]` (`rye run wipe`), Poe
//! the Poet's `[tool.poe.tasks]` (`poe wipe`, `poetry poe wipe`) and hatch's
//! `[tool.hatch.envs.ENV.scripts]` (`hatch run wipe`, `hatch run ENV:wipe`, also in hatch.toml).
//! A script that calls Python (`call`, `script`, `expr`) is code the analyser does not read.

use super::data::{Options, asked, file_of, joined, key_line, toml, toml_strings};
use super::file::{Recipes, Written};
use super::walk::{Recipe, Runner, Step, walk};
use std::path::Path;
use toml_edit::{DocumentMut, Item};

const PYTHON_CODE: &str = "it runs a script that calls Python code, which the analyser does not read";

const PDM_OPTIONS: Options =
    Options { dir: &["-p", "--project"], file: &[], valued: &["-v"], nothing: &["-l", "--list", "-h", "--help", "--json"] };

const PDM: Runner = Runner {
    noun: "pdm script",
    computed: "GITVOW_PDM_COMPUTED",
    too_many: "its pdm scripts call more scripts than the analyser follows",
    unknown: |_| Ok(()),
};

/// `pdm run NAME`: the script with its `pre_` and `post_` hooks; a `composite` runs each item.
pub(super) fn pdm(args: &[String], dir: &Path, written: Written) -> Recipes {
    run_scripts(args, dir, written, "pdm", &PDM)
}

const RYE: Runner = Runner {
    noun: "rye script",
    computed: "GITVOW_RYE_COMPUTED",
    too_many: "its rye scripts call more scripts than the analyser follows",
    unknown: |_| Ok(()),
};

/// `rye run NAME`: the script of `[tool.rye.scripts]`, written as pdm's are; a `chain` runs each item.
pub(super) fn rye(args: &[String], dir: &Path, written: Written) -> Recipes {
    run_scripts(args, dir, written, "rye", &RYE)
}

/// `TOOL run NAME` of pdm or rye: the script of `[tool.TOOL.scripts]` (a name it does not define
/// is an installed program, run as it is).
fn run_scripts(args: &[String], dir: &Path, written: Written, tool: &str, runner: &Runner) -> Recipes {
    if args.first().is_none_or(|a| a != "run") {
        return Recipes::Lines(Vec::new());
    }
    let Some(asked) = asked(&args[1..], dir, &PDM_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    let Some(name) = asked.words.first() else { return Recipes::Lines(Vec::new()) };
    let (doc, text, shown) = match pyproject(&asked, written) {
        Ok(found) => found,
        Err(done) => return done,
    };
    let Some(table) = doc.get("tool").and_then(|t| t.get(tool)).and_then(|t| t.get("scripts")).and_then(Item::as_table_like) else {
        return Recipes::Lines(Vec::new());
    };
    let names: Vec<String> = table.iter().map(|(k, _)| k.to_string()).collect();
    let is_script = |w: &str| names.iter().any(|n| n == w);
    let scripts: Vec<Recipe> = table
        .iter()
        .map(|(key, item)| {
            let line = key_line(&text, &format!("tool.{tool}.scripts"), key);
            let mut recipe = Recipe { name: key.to_string(), deps: Vec::new(), steps: Vec::new(), unreadable: None };
            if let Some(command) = item.as_str() {
                recipe.steps.push(Step::Run(line, command.to_string()));
            } else if let Some(t) = item.as_table_like() {
                if t.contains_key("call") {
                    recipe.unreadable = Some(PYTHON_CODE);
                }
                for field in ["cmd", "shell"] {
                    if let Some(words) = t.get(field).and_then(toml_strings) {
                        let command = if t.get(field).is_some_and(|i| i.as_array().is_some()) { joined(&words) } else { words.concat() };
                        recipe.steps.push(Step::Run(line, command));
                    }
                }
                for each in ["composite", "chain"].iter().flat_map(|k| t.get(k).and_then(toml_strings).unwrap_or_default()) {
                    recipe.steps.push(super::data::step(line, &each, &is_script));
                }
            }
            recipe
        })
        .collect();
    let wanted = [format!("pre_{name}"), name.clone(), format!("post_{name}")];
    walk(runner, &scripts, &wanted, &shown, &asked.dir)
}

const POE_OPTIONS: Options = Options {
    dir: &["-C", "--directory", "--root"],
    file: &[],
    valued: &["-e", "--executor"],
    nothing: &["-d", "--dry-run", "-h", "--help", "--version"],
};

const POE: Runner = Runner {
    noun: "poe task",
    computed: "GITVOW_POE_COMPUTED",
    too_many: "its poe tasks call more tasks than the analyser follows",
    unknown: |_| Ok(()),
};

/// `poe NAME` (or `poetry poe NAME`): the task, its `deps`, and the tasks a sequence or a `ref` names.
pub(super) fn poe(args: &[String], dir: &Path, written: Written) -> Recipes {
    let Some(asked) = asked(args, dir, &POE_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    let Some(name) = asked.words.first() else { return Recipes::Lines(Vec::new()) };
    let (doc, text, shown) = match pyproject(&asked, written) {
        Ok(found) => found,
        Err(done) => return done,
    };
    let Some(table) = doc.get("tool").and_then(|t| t.get("poe")).and_then(|t| t.get("tasks")).and_then(Item::as_table_like) else {
        return Recipes::Lines(Vec::new());
    };
    let tasks: Vec<Recipe> = table
        .iter()
        .map(|(key, item)| {
            let line = key_line(&text, "tool.poe.tasks", key);
            let mut recipe = Recipe { name: key.to_string(), deps: Vec::new(), steps: Vec::new(), unreadable: None };
            poe_task(item, line, &mut recipe);
            recipe
        })
        .collect();
    walk(&POE, &tasks, std::slice::from_ref(name), &shown, &asked.dir)
}

/// One poe task's steps: a string is a command, an array a sequence of task names, a table says its kind.
fn poe_task(item: &Item, line: usize, recipe: &mut Recipe) {
    if let Some(command) = item.as_str() {
        recipe.steps.push(Step::Run(line, command.to_string()));
        return;
    }
    if item.as_array().is_some() {
        for each in toml_strings(item).unwrap_or_default() {
            recipe.steps.push(Step::Call(each));
        }
        return;
    }
    let Some(t) = item.as_table_like() else { return };
    if ["script", "expr", "switch"].iter().any(|k| t.contains_key(k)) {
        recipe.unreadable = Some(PYTHON_CODE);
    }
    recipe.deps = t.get("deps").and_then(toml_strings).unwrap_or_default();
    for field in ["cmd", "shell"] {
        if let Some(command) = t.get(field).and_then(Item::as_str) {
            recipe.steps.push(Step::Run(line, command.to_string()));
        }
    }
    if let Some(target) = t.get("ref").and_then(Item::as_str) {
        recipe.steps.push(Step::Call(target.split_whitespace().next().unwrap_or_default().to_string()));
    }
    for each in t.get("sequence").and_then(Item::as_array).into_iter().flatten() {
        match each.as_str() {
            Some(name) => recipe.steps.push(Step::Call(name.to_string())),
            None => match each.as_inline_table().and_then(|t| t.get("cmd").or_else(|| t.get("shell"))).and_then(|c| c.as_str()) {
                Some(command) => recipe.steps.push(Step::Run(line, command.to_string())),
                None => recipe.unreadable = Some(PYTHON_CODE),
            },
        }
    }
}

const HATCH_OPTIONS: Options = Options { dir: &[], file: &[], valued: &["-e", "--env"], nothing: &["-h", "--help"] };

const HATCH: Runner = Runner {
    noun: "hatch script",
    computed: "GITVOW_HATCH_COMPUTED",
    too_many: "its hatch scripts call more scripts than the analyser follows",
    unknown: |_| Ok(()),
};

/// `hatch run [ENV:]NAME`: the environment's script, each command whose first word names another
/// script running that one (as hatch expands it).
pub(super) fn hatch(args: &[String], dir: &Path, written: Written) -> Recipes {
    if args.first().is_none_or(|a| a != "run") {
        return Recipes::Lines(Vec::new());
    }
    let Some(asked) = asked(&args[1..], dir, &HATCH_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    // `+py=3.12` and `-py=…` choose matrix variables.
    let Some(asked_name) = asked.words.iter().find(|w| !w.starts_with('+')) else { return Recipes::Lines(Vec::new()) };
    let (env, name) = asked_name.split_once(':').unwrap_or(("default", asked_name));
    let found = match pyproject(&asked, written) {
        Ok((doc, text, shown)) => doc
            .get("tool")
            .and_then(|t| t.get("hatch"))
            .and_then(|h| h.get("envs"))
            .and_then(|e| e.get(env))
            .and_then(|e| e.get("scripts"))
            .and_then(Item::as_table_like)
            .map(|t| hatch_scripts(t, &text, &format!("tool.hatch.envs.{env}")))
            .map(|s| (s, shown)),
        Err(Recipes::Opaque(why)) => return Recipes::Opaque(why),
        Err(_) => None,
    };
    let found = found.or_else(|| {
        let (doc, text, shown) = file_of(&asked, &["hatch.toml"], written, toml, "").ok()?;
        let t = doc.get("envs")?.get(env)?.get("scripts")?.as_table_like()?;
        Some((hatch_scripts(t, &text, &format!("envs.{env}")), shown))
    });
    let Some((scripts, shown)) = found else { return Recipes::Lines(Vec::new()) };
    walk(&HATCH, &scripts, &[name.to_string()], &shown, &asked.dir)
}

fn hatch_scripts(table: &dyn toml_edit::TableLike, text: &str, section: &str) -> Vec<Recipe> {
    let names: Vec<String> = table.iter().map(|(k, _)| k.to_string()).collect();
    table
        .iter()
        .map(|(key, item)| {
            let line = key_line(text, section, key);
            let steps = toml_strings(item)
                .unwrap_or_default()
                .iter()
                .map(|command| match command.split_whitespace().next() {
                    Some(first) if names.iter().any(|n| n == first) && first != key => Step::Call(first.to_string()),
                    _ => Step::Run(line, command.clone()),
                })
                .collect();
            Recipe { name: key.to_string(), deps: Vec::new(), steps, unreadable: None }
        })
        .collect()
}

fn pyproject(asked: &super::data::Asked, written: Written) -> Result<(DocumentMut, String, String), Recipes> {
    file_of(asked, &["pyproject.toml"], written, toml, "it runs a script of a pyproject.toml the analyser cannot parse")
}
