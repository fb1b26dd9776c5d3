//! The languages whose program text [`super::read()`] reads: a module of its own so that the lexer
//! and the parser, children of `code`, name it without importing their parent.

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
