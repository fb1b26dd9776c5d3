//! Program text given to an interpreter on its command line (`python3 -c`, `node -e`, `deno eval`,
//! `bun -e`, `perl -e`, `ruby -e`, `php -r`, `awk '…'`), read for the file-system and process calls
//! of its language.
//!
//! The text is tokenised the way its language would (strings with their escapes and both quote
//! kinds, f-strings and template literals, comments), never searched as a whole: a call is a name
//! followed by `(`, its arguments are literals, home spellings or something computed. A literal
//! target becomes a [`CodeEffect`] with the path as written; a home spelling becomes `~`; anything
//! computed where a target or a command stands, and every obfuscated way of reaching a call
//! (`getattr(shutil, 'rmtree')`, `__import__('shutil')`, `require('f' + 's')`), is
//! [`CodeEffect::Opaque`]. Plain computation and reads give nothing.
//!
//! `lex` cuts the text into tokens, `parse` makes them a tree of expressions, `read` gives their
//! effects; what the reader knows of each language by name (its modules, its calls as rows) is
//! `calls`, and the values it computes with are `value`.

pub mod applescript;
mod calls;
mod effect;
mod language;
mod lex;
mod parse;
mod read;
mod value;

pub use effect::CodeEffect;
pub(super) use effect::emit;
pub use language::Language;

/// The file-system and process effects of `text`, a program in `lang`.
pub fn read(lang: Language, text: &str) -> Vec<CodeEffect> {
    read::program(lang, text)
}

/// The object a task runner hands a task's function: the first parameter of an invoke task
/// (`c.run("…")` runs a shell command line) or of a nox session (`session.run("rm", "-rf", …)`
/// runs its words).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskContext {
    Invoke,
    Nox,
}

/// The effects of a task's body, `name` bound to the runner's `context`.
pub fn read_task(lang: Language, text: &str, name: &str, context: Option<TaskContext>) -> Vec<CodeEffect> {
    match context {
        Some(TaskContext::Invoke) => read::bound(lang, text, &[(name, "invoke.Context")]),
        Some(TaskContext::Nox) => read::bound(lang, text, &[(name, "nox.Session")]),
        None => read::program(lang, text),
    }
}

#[cfg(test)]
mod tests;
