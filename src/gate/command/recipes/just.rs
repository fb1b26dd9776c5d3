//! just: the recipes asked for, their dependencies first.

use super::file::{MAX_RECIPES, RecipeLine, Recipes, Written, recipe_file};
use std::path::Path;

pub(super) fn just(args: &[String], dir: &Path, written: Written) -> Recipes {
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
