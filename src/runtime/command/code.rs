//! Program text given to an interpreter on its command line (`python3 -c`, `node -e`, `deno eval`,
//! `bun -e`, `perl -e`, `ruby -e`, `php -r`, `awk '…'`), read for the file-system and process calls
//! of its language.
//!
//! The text is tokenised the way its language would (strings with their escapes and both quote
//! kinds, f-strings and template literals, comments), never searched as a whole: a call is a name
//! followed by `(`, its arguments are literals, home spellings or something computed. A literal
//! target becomes an [`Effect`] with the path as written; a home spelling becomes `~`; anything
//! computed where a target or a command stands, and every obfuscated way of reaching a call
//! (`getattr(shutil, 'rmtree')`, `__import__('shutil')`, `require('f' + 's')`), is
//! [`Effect::Opaque`]. Plain computation and reads give nothing.

// The shell analyser calls `read` once it dispatches on interpreters and dialects (branch gate-effects).
#![allow(dead_code)]

/// The interpreter whose language a program text is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Python,
    /// JavaScript and TypeScript as `node`, `deno` and `bun` run them.
    Node,
    Perl,
    Ruby,
    Php,
    Awk,
}

/// What a program text (or a PowerShell script) does to files and processes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Deletes `path` (as written, `~` for the home directory); `recursive` for a tree removal.
    Remove { path: String, recursive: bool },
    /// Creates, overwrites or appends to `path`.
    Write { path: String },
    /// Moves or renames `from` to `to` (a copy is a [`Effect::Write`] of its destination).
    Move { from: String, to: String },
    /// Runs `command` as a shell command line (argument lists joined as words, shell-quoted).
    Run { command: String },
    /// Does something the reader cannot see: a computed target or command, or an obfuscated call.
    Opaque { why: &'static str },
}

/// The file-system and process effects of `text`, a program in `lang`.
pub fn read(lang: Language, text: &str) -> Vec<Effect> {
    let _ = (lang, text);
    vec![Effect::Opaque { why: "program text not read yet" }]
}
