//! Where a token stands in the text its lexer read, said one way for every lexer (the shell's
//! words, PowerShell's tokens, the interpreters'): byte offsets into that text, the start
//! inclusive and the end exclusive, never past the text's end.

/// A token's place in its text: `text[start..end]`, in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl Span {
    pub(crate) fn new(start: usize, end: usize) -> Span {
        Span { start, end: end.max(start) }
    }

    /// The text it covers; empty where it does not lie on `text`'s character boundaries.
    pub(crate) fn of(self, text: &str) -> &str {
        text.get(self.start..self.end).unwrap_or("")
    }
}

/// Where in the command line each text and effect of an analysis comes from: from the counts a
/// mark holds on, what the walk adds comes from the simple command at its span (`None`: from no
/// place in the line, as a trap's text). A mark is pushed only where the place changes, so a
/// line of a few commands keeps a few.
#[derive(Debug, Default)]
pub(crate) struct Origins {
    marks: Vec<Mark>,
    /// Where the effects' own texts start among the texts (they follow every command's).
    effect_texts: Option<usize>,
}

#[derive(Clone, Copy, Debug)]
struct Mark {
    texts: usize,
    effects: usize,
    span: Option<Span>,
}

impl Origins {
    /// From `texts` texts and `effects` effects on, what is added comes from `span`; gives back
    /// the place it came from until now.
    pub(crate) fn set(&mut self, texts: usize, effects: usize, span: Option<Span>) -> Option<Span> {
        let held = self.current();
        if held != span {
            match self.marks.last_mut() {
                // Nothing came from the place held: it is replaced.
                Some(m) if m.texts == texts && m.effects == effects => m.span = span,
                _ => self.marks.push(Mark { texts, effects, span }),
            }
        }
        held
    }

    /// Where what is added now comes from.
    pub(crate) fn current(&self) -> Option<Span> {
        self.marks.last().and_then(|m| m.span)
    }

    /// The effects' texts start at text `at`.
    pub(crate) fn effect_texts_at(&mut self, at: usize) {
        self.effect_texts = Some(at);
    }

    /// The place of text `k`.
    pub(crate) fn text(&self, k: usize) -> Option<Span> {
        match self.effect_texts {
            Some(at) if k >= at => self.effect(k - at),
            _ => self.marks.iter().rev().find(|m| m.texts <= k)?.span,
        }
    }

    /// The place of effect `k`.
    pub(crate) fn effect(&self, k: usize) -> Option<Span> {
        self.marks.iter().rev().find(|m| m.effects <= k)?.span
    }
}

/// A lexer's tokens, and beside each where it stands: `spans[k]` is the place of `toks[k]`.
#[derive(Debug)]
pub(crate) struct Tokens<T> {
    pub(crate) toks: Vec<T>,
    pub(crate) spans: Vec<Span>,
}

impl<T> Default for Tokens<T> {
    fn default() -> Self {
        Tokens { toks: Vec::new(), spans: Vec::new() }
    }
}

impl<T> Tokens<T> {
    /// Gives the tokens that have no place yet the place `start..end`: where the lexer's step that
    /// read them started and ended.
    pub(crate) fn place(&mut self, start: usize, end: usize) {
        let span = Span::new(start, end);
        self.spans.resize(self.toks.len(), span);
    }
}

/// The byte offsets of character indexes, for a lexer that walks a text's characters
/// (`Vec<char>`): asked in increasing order, it walks forward once over the text. It keeps only
/// its place, so that a lexer may hold it beside the text it owns (and swap both for a nested
/// text).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CharOffsets {
    at: usize,
    byte: usize,
}

impl CharOffsets {
    /// The byte offset in `chars` of the character at `index` (the text's length at or past its end).
    pub(crate) fn byte(&mut self, chars: &[char], index: usize) -> usize {
        let index = index.min(chars.len());
        if index < self.at {
            *self = CharOffsets::default();
        }
        self.byte += chars[self.at..index].iter().map(|c| c.len_utf8()).sum::<usize>();
        self.at = index;
        self.byte
    }
}

#[cfg(test)]
mod tests {
    use super::{CharOffsets, Span};

    #[test]
    fn character_indexes_are_byte_offsets() {
        let chars: Vec<char> = "aé€😀b".chars().collect();
        let mut offsets = CharOffsets::default();
        assert_eq!([1, 2, 4, 5].map(|i| offsets.byte(&chars, i)), [1, 3, 10, 11]);
        // Asked again behind, or past the end.
        assert_eq!((offsets.byte(&chars, 0), offsets.byte(&chars, 3), offsets.byte(&chars, 99)), (0, 6, 11));
        assert_eq!(Span::new(1, 3).of("aé€"), "é");
        // Off a character's boundary, or past the end: nothing.
        assert_eq!((Span::new(1, 2).of("aé€"), Span::new(4, 9).of("aé")), ("", ""));
    }
}
