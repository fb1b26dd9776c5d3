//! What a task runner runs: the recipe of a make target, a `package.json` script, a justfile
//! recipe, a Taskfile's task, read from the file on disk at judging time (or from the text the same call wrote
//! there), never run. A file over the size cap, or a recipe built from values only the runner
//! computes, is opaque.

mod file;
mod just;
mod make;
mod package;
mod task;
mod walk;

pub use file::{Recipes, Written};
use std::path::Path;

/// Whether `name` is a task runner whose recipes the analyser reads.
pub fn is_runner(name: &str) -> bool {
    matches!(name, "make" | "gmake" | "npm" | "pnpm" | "yarn" | "bun" | "just" | "task" | "go-task")
}

/// The recipe lines `name args…` runs from `dir` (none when it runs no recipe).
pub fn of(name: &str, args: &[String], dir: &Path, written: Written) -> Recipes {
    match name {
        "make" | "gmake" => make::make(args, dir, written),
        "just" => just::just(args, dir, written),
        "task" | "go-task" => task::task(args, dir, written),
        _ => package::package_script(name, args, dir, written).unwrap_or(Recipes::Lines(Vec::new())),
    }
}

#[cfg(test)]
mod tests;
