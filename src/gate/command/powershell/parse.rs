//! Tokens into a tree: a script is statements (split at `;`, a newline, `&&`, `||`), a statement a
//! pipeline of elements (split at `|`), and an element its words and the files its redirections
//! name, wherever they stand. Any tokens give a tree.

use super::lex::{PsPart, PsToken};

/// One element of a pipeline: a command or an expression, as its words.
pub(super) struct Element<'t> {
    /// The words, redirections taken out.
    pub words: Vec<&'t PsToken>,
    /// The files written by `>`, `>>`, `2>`, `*>`, in order (a redirection before no word names none).
    pub redirects: Vec<&'t [PsPart]>,
}

/// The script's statements, each its pipeline's elements in order.
pub(super) fn statements(toks: &[PsToken]) -> impl Iterator<Item = Vec<&[PsToken]>> {
    toks.split(|t| matches!(t, PsToken::Sep)).map(|statement| statement.split(|t| matches!(t, PsToken::Pipe)).collect())
}

/// An element's tokens as its words and its redirections' files.
pub(super) fn element(toks: &[PsToken]) -> Element<'_> {
    let mut el = Element { words: Vec::new(), redirects: Vec::new() };
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            PsToken::Redirect => {
                if let Some(PsToken::Word(w, _)) = toks.get(i + 1) {
                    el.redirects.push(w);
                    i += 1;
                }
            }
            t => el.words.push(t),
        }
        i += 1;
    }
    el
}
