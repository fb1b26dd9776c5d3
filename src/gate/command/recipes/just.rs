//! just: the recipes asked for, their dependencies first.

use super::super::options::{Dashes, OptionWords};
use super::file::{Recipes, Written, recipe_file};
use super::walk::{Recipe, Runner, Step, walk};
use std::path::Path;

pub(super) fn just(args: &[String], dir: &Path, written: Written) -> Recipes {
    let mut dir = dir.to_path_buf();
    let mut file = None;
    let mut names = Vec::new();
    let mut words = OptionWords::with(args, Dashes::Word);
    while let Some(a) = words.next() {
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
            file = words.value().map(str::to_string);
        } else if matches!(a, "-d" | "--working-directory") {
            if let Some(d) = words.value() {
                dir = dir.join(d);
            }
        } else if matches!(a, "--set" | "--shell" | "--shell-arg" | "--color" | "--dotenv-filename" | "--dotenv-path") {
            // `--set NAME VALUE` takes two.
            words.value();
            if a == "--set" {
                words.value();
            }
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
    walk(&JUST, &recipes, &wanted, &shown, &dir)
}

const JUST: Runner = Runner {
    noun: "recipe",
    computed: "GITVOW_JUST_COMPUTED",
    too_many: "its recipes depend on more recipes than the analyser follows",
    unknown: |_| Ok(()),
};

/// A recipe's body runs under a shell unless its first line names another language.
const SHELL_LANGUAGE: &str = "it runs a justfile recipe written in another language";

/// The recipes of a justfile: each one's dependencies (`a: b (c "arg")`) and body lines, `@` and
/// `-` taken off. Dependencies after `&&` (`a: b && c`) run after the body: they become calls at
/// its end.
fn parse_justfile(text: &str) -> Vec<Recipe> {
    let mut recipes: Vec<Recipe> = Vec::new();
    let mut in_body = false;
    let mut after: Vec<String> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with([' ', '\t']) {
            if in_body
                && !line.trim().is_empty()
                && let Some(r) = recipes.last_mut()
            {
                let line = line.trim();
                if r.steps.is_empty() && line.starts_with("#!") && !["sh", "bash", "zsh", "dash"].iter().any(|s| line.ends_with(s)) {
                    r.unreadable = Some(SHELL_LANGUAGE);
                }
                r.steps.push(Step::Run(n + 1, line.trim_start_matches(['@', '-']).to_string()));
            }
            continue;
        }
        in_body = false;
        close_body(&mut recipes, &mut after);
        let code = line.split('#').next().unwrap_or("").trim();
        if code.is_empty() || code.starts_with('[') || code.contains(":=") || code.starts_with("set ") || code.starts_with("alias ") {
            continue;
        }
        let Some((head, deps)) = code.split_once(':') else { continue };
        let name = head.trim_start_matches('@').split_whitespace().next().unwrap_or("").to_string();
        if name.is_empty() {
            continue;
        }
        let (before, later) = deps.split_once("&&").unwrap_or((deps, ""));
        after = dependency_names(later);
        recipes.push(Recipe { name, deps: dependency_names(before), steps: Vec::new(), unreadable: None });
        in_body = true;
    }
    close_body(&mut recipes, &mut after);
    recipes
}

/// The last recipe's body is complete: the dependencies it runs after its body are called there.
fn close_body(recipes: &mut [Recipe], after: &mut Vec<String>) {
    if let Some(r) = recipes.last_mut() {
        r.steps.extend(after.drain(..).map(Step::Call));
    }
}

/// The recipe names of a dependency list: `b` and `(c "arg" x)` both name a recipe (the second
/// with arguments, whose words are skipped up to the closing parenthesis).
fn dependency_names(list: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_call = false;
    for word in list.split_whitespace() {
        if in_call {
            in_call = !word.ends_with(')');
        } else if let Some(call) = word.strip_prefix('(') {
            in_call = !call.ends_with(')');
            names.push(call.trim_end_matches(')').to_string());
        } else {
            names.push(word.to_string());
        }
    }
    names.retain(|n| !n.is_empty());
    names
}
