//! What a task runner runs: the recipe of a make target, a `package.json` script, a justfile
//! recipe, a Taskfile's task, a composer or deno script, pyproject's pdm, poe and hatch scripts, a
//! mise or cargo-make task, a tox environment's commands, a rake or invoke task's or a nox
//! session's code (read by the interpreters' reader), read from the file on disk at judging time (or from the text the same call wrote
//! there), never run. A file over the size cap, or a recipe built from values only the runner
//! computes, is opaque.

mod code_tasks;
mod data;
mod file;
mod json_tasks;
mod just;
mod make;
mod package;
mod pyproject;
mod task;
mod toml_tasks;
mod tox;
mod walk;

pub use file::{Recipes, Written};
use std::path::Path;

/// Whether `name` is a task runner whose recipes the analyser reads.
pub fn is_runner(name: &str) -> bool {
    matches!(
        name,
        "make"
            | "gmake"
            | "npm"
            | "pnpm"
            | "yarn"
            | "bun"
            | "just"
            | "task"
            | "go-task"
            | "composer"
            | "deno"
            | "pdm"
            | "poe"
            | "poetry"
            | "hatch"
            | "mise"
            | "cargo"
            | "makers"
            | "tox"
            | "npm-run-all"
            | "run-s"
            | "run-p"
            | "rake"
            | "invoke"
            | "inv"
            | "nox"
    )
}

/// The recipe lines `name args…` runs from `dir` (none when it runs no recipe).
pub fn of(name: &str, args: &[String], dir: &Path, written: Written) -> Recipes {
    match name {
        "make" | "gmake" => make::make(args, dir, written),
        "just" => just::just(args, dir, written),
        "task" | "go-task" => task::task(args, dir, written),
        "composer" => json_tasks::composer(args, dir, written),
        "deno" => json_tasks::deno(args, dir, written),
        "pdm" => pyproject::pdm(args, dir, written),
        "poe" => pyproject::poe(args, dir, written),
        "poetry" if args.first().is_some_and(|a| a == "poe") => pyproject::poe(&args[1..], dir, written),
        "hatch" => pyproject::hatch(args, dir, written),
        "mise" => toml_tasks::mise(args, dir, written),
        "makers" => toml_tasks::cargo_make(args, dir, written),
        "cargo" if args.first().is_some_and(|a| a == "make") => toml_tasks::cargo_make(&args[1..], dir, written),
        "tox" => tox::tox(args, dir, written),
        "npm-run-all" | "run-s" | "run-p" => package::run_all(args, dir, written),
        "rake" => code_tasks::rake(args, dir, written),
        "invoke" | "inv" => code_tasks::invoke(args, dir, written),
        "nox" => code_tasks::nox(args, dir, written),
        "poetry" | "cargo" => Recipes::Lines(Vec::new()),
        _ => package::package_script(name, args, dir, written).unwrap_or(Recipes::Lines(Vec::new())),
    }
}

#[cfg(test)]
mod tests;
