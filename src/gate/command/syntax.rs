//! Shell syntax read into plain data: scripts of pipelines of simple commands, words made of parts
//! (literal text, globs, parameters, substitutions), redirections and heredoc bodies.
//!
//! One pass over the text. Nesting (`$(…)`, `(…)`, backticks, `<(…)`) recurses, but never deeper
//! than [`MAX_NESTING`]: a 16 MiB payload of `$($($(…` must not overflow the stack, so past the
//! limit the parser stops and reports the command as not analysable. Everything else is a loop.
//!
//! `tree` is the data; `lex` cuts the text into tokens with their places, and `parse` reads the
//! tokens into the tree.

mod lex;
mod parse;
mod tree;

pub use tree::*;

/// The tree of a command line.
pub fn parse(text: &str) -> Parsed {
    parse::parse(text)
}

#[cfg(test)]
mod tests;
