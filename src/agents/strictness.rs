//! How strictly a JSON file is parsed: the edit layer reads and writes each agent's file by its
//! agent's own parser's rules.

/// How strictly the agent itself parses its JSON file (the README's "Install and uninstall",
/// measured with the real binaries). An agent that cannot parse its file drops every hook
/// in it without a word, so gitvow never writes, and doctor FAILs, what the agent would not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strictness {
    /// Plain JSON as `serde_json` reads it: no comments, no trailing commas, no byte-order mark, no
    /// raw control characters inside strings (codex; cursor and copilot).
    Strict,
    /// Plain JSON, but a byte-order mark at the start is accepted (claude).
    StrictBom,
    /// Comments allowed, trailing commas rejected (gemini, factory).
    Comments,
    /// Comments and trailing commas allowed (auggie). gitvow keeps such text byte for byte, and
    /// writes neither itself.
    Lenient,
}

impl Strictness {
    pub fn allows_comments(self) -> bool {
        matches!(self, Strictness::Comments | Strictness::Lenient)
    }

    pub fn allows_trailing_commas(self) -> bool {
        self == Strictness::Lenient
    }

    pub fn allows_bom(self) -> bool {
        self != Strictness::Strict
    }

    /// Whether the agent's parser is a strict JSON parser (what `serde_json` rejects, it rejects).
    pub(crate) fn is_strict_json(self) -> bool {
        matches!(self, Strictness::Strict | Strictness::StrictBom)
    }

    /// What a file read this strictly may hold, as doctor tells a person.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Strictness::Strict => "strict JSON: no comments, no trailing commas, no byte-order mark, no raw control characters in strings",
            Strictness::StrictBom => "strict JSON: no comments, no trailing commas; a byte-order mark is fine",
            Strictness::Comments => "comments allowed, no trailing commas",
            Strictness::Lenient => "comments and trailing commas allowed",
        }
    }
}
