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

/// What a program text (or a PowerShell script) does to files and processes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeEffect {
    /// Deletes `path` (as written, `~` for the home directory); `recursive` for a tree removal.
    Remove { path: String, recursive: bool },
    /// Creates, overwrites or appends to `path`.
    Write { path: String },
    /// Moves or renames `from` to `to` (a copy is a [`CodeEffect::Write`] of its destination).
    Move { from: String, to: String },
    /// Runs `command` as a shell command line (argument lists joined as words, shell-quoted).
    Run { command: String },
    /// Does something the reader cannot see: a computed target or command, or an obfuscated call.
    Opaque { why: &'static str },
}

mod calls;
mod language;
mod lex;
mod parse;
mod read;
mod value;

pub use language::Language;

/// Effects one text yields, at most: past it the text is opaque.
const MAX_EFFECTS: usize = 256;

/// The file-system and process effects of `text`, a program in `lang`.
pub fn read(lang: Language, text: &str) -> Vec<CodeEffect> {
    read::program(lang, text)
}

/// Adds `e` to what a reader found, once; past [`MAX_EFFECTS`] the text is opaque instead (the
/// PowerShell reader shares the bound).
pub(super) fn emit(out: &mut Vec<CodeEffect>, e: CodeEffect) {
    if out.len() >= MAX_EFFECTS {
        if !out.iter().any(|o| matches!(o, CodeEffect::Opaque { .. })) {
            out.push(CodeEffect::Opaque { why: "too many effects" });
        }
        return;
    }
    if !out.contains(&e) {
        out.push(e);
    }
}

#[cfg(test)]
mod tests;
