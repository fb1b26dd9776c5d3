//! The walk every named-recipe runner shares (just, task): the recipes asked for, each one's
//! dependencies and the recipes it calls first, each followed once, with `{{…}}` templating as a
//! value only the runner computes. What differs between runners is a [`Runner`] row.

use super::file::{MAX_RECIPES, RecipeLine, Recipes};
use std::path::Path;

/// A recipe as its file states it.
pub(super) struct Recipe {
    pub(super) name: String,
    /// Recipes run before it.
    pub(super) deps: Vec<String>,
    pub(super) steps: Vec<Step>,
    /// Why its body cannot be read (another language, say); told when it would run, after its
    /// dependencies.
    pub(super) unreadable: Option<&'static str>,
}

pub(super) enum Step {
    /// A command line and its line number.
    Run(usize, String),
    /// Another recipe, run at this point.
    Call(String),
}

/// What one runner says in the walk.
pub(super) struct Runner {
    /// How `gitvow check` names a recipe of it: `recipe`, `task`.
    pub(super) noun: &'static str,
    /// The variable a `{{…}}` interpolation stands for.
    pub(super) computed: &'static str,
    /// Why a call that follows more than [`MAX_RECIPES`] recipes is opaque.
    pub(super) too_many: &'static str,
    /// A name the file does not define: nothing runs (the runner fails), or why it is opaque.
    pub(super) unknown: fn(&str) -> Result<(), &'static str>,
}

/// The lines `wanted` runs, in order, from the file `shown` in `dir`.
pub(super) fn walk(runner: &Runner, recipes: &[Recipe], wanted: &[String], shown: &str, dir: &Path) -> Recipes {
    let mut walk = Walk { runner, recipes, shown, dir, done: Vec::new(), out: Vec::new() };
    for name in wanted {
        if let Err(why) = walk.follow(name) {
            return Recipes::Opaque(why);
        }
    }
    Recipes::Lines(walk.out)
}

struct Walk<'a> {
    runner: &'a Runner,
    recipes: &'a [Recipe],
    shown: &'a str,
    dir: &'a Path,
    done: Vec<String>,
    out: Vec<RecipeLine>,
}

impl Walk<'_> {
    fn follow(&mut self, name: &str) -> Result<(), &'static str> {
        if self.done.iter().any(|d| d == name) {
            return Ok(());
        }
        if self.done.len() >= MAX_RECIPES {
            return Err(self.runner.too_many);
        }
        self.done.push(name.to_string());
        let recipes = self.recipes;
        let Some(r) = recipes.iter().find(|r| r.name == name) else { return (self.runner.unknown)(name) };
        for d in &r.deps {
            self.follow(d)?;
        }
        if let Some(why) = r.unreadable {
            return Err(why);
        }
        for step in &r.steps {
            match step {
                Step::Call(other) => self.follow(other)?,
                Step::Run(n, line) => self.out.push(RecipeLine {
                    origin: format!("the {} {name} ({}:{n})", self.runner.noun, self.shown),
                    text: computed(line, self.runner.computed),
                    dir: self.dir.to_path_buf(),
                }),
            }
        }
        Ok(())
    }
}

/// `line` with each `{{…}}` replaced by `${variable}`: a value the analysis cannot know.
fn computed(line: &str, variable: &str) -> String {
    let mut text = String::new();
    let mut rest = line;
    while let Some(open) = rest.find("{{") {
        text.push_str(&rest[..open]);
        text.push_str("${");
        text.push_str(variable);
        text.push('}');
        rest = rest[open..].find("}}").map_or("", |close| &rest[open + close + 2..]);
    }
    text.push_str(rest);
    text
}
