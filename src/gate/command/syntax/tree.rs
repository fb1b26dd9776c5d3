//! The shell tree's data: the words and their parts, redirections, simple commands, pipelines and
//! scripts that `parse` makes of a command line, and the bounds it reads them within.

use super::super::span::Span;

/// How deep substitutions and subshells are followed. Real commands nest two or three levels.
pub const MAX_NESTING: usize = 24;
/// Words (redirection targets included) read from one text; past this the parser stops. Real
/// commands hold dozens; the bound keeps the time and memory of a 256 KiB input small.
pub const MAX_WORDS: usize = 16 << 10;

/// Shell words that start a compound command or negate one: the program comes after them.
pub const KEYWORDS: &[&str] = &["!", "{", "}", "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "[[", "]]", "coproc"];

/// One piece of a word, as the shell would expand it.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// Text the shell takes as it is (quoted, escaped, or plain).
    Lit(String),
    /// Unquoted text the shell expands into file names: `*`, `?`, `[…]`, `{a,b}`, `{1..3}`.
    Glob(String),
    /// An unquoted `~` at the start of a word: the home directory.
    Tilde,
    /// `$NAME` or `${NAME}`.
    Var(String),
    /// `${X:-y}`, `$((…))`, `$@`, `~user`, …: text the shell computes, kept as written.
    Computed(String),
    /// `$'…'` or `$"…"`, decoded: quoting that turns escapes into characters.
    Ansi(String),
    /// `$(…)` or a backtick substitution: the index of its script, and the text as written.
    Subst { script: usize, raw: String },
    /// `<(…)` or `>(…)`: a file name the shell makes for a command's output or input.
    ProcSubst { script: usize, raw: String },
    /// `(a b c)` after `NAME=`: an array's elements.
    Array(Vec<Word>),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Word {
    pub parts: Vec<Part>,
}

impl Word {
    /// `dir` as `dir/`: a pattern appended names what is in it, and a link named so is followed.
    pub fn with_slash(&self) -> Word {
        let mut w = self.clone();
        if !w.text().ends_with('/') {
            w.parts.push(Part::Lit("/".into()));
        }
        w
    }

    /// The word as it reads after quote removal, expansions kept as written (`$HOME`, `$(…)`).
    pub fn text(&self) -> String {
        let mut s = String::new();
        for p in &self.parts {
            match p {
                Part::Lit(t) | Part::Glob(t) | Part::Computed(t) | Part::Ansi(t) => s.push_str(t),
                Part::Tilde => s.push('~'),
                Part::Var(name) => {
                    s.push('$');
                    s.push_str(name);
                }
                Part::Subst { raw, .. } | Part::ProcSubst { raw, .. } => s.push_str(raw),
                Part::Array(elements) => {
                    s.push('(');
                    s.push_str(&elements.iter().map(Word::text).collect::<Vec<_>>().join(" "));
                    s.push(')');
                }
            }
        }
        s
    }

    /// The word when no part of it is computed by the shell (a `~` prefix is allowed).
    pub fn literal(&self) -> Option<String> {
        let mut s = String::new();
        for p in &self.parts {
            match p {
                Part::Lit(t) => s.push_str(t),
                Part::Tilde => s.push('~'),
                _ => return None,
            }
        }
        Some(s)
    }

    /// Whether the shell computes part of this word (beyond `~`).
    pub fn is_computed(&self) -> bool {
        self.parts.iter().any(|p| !matches!(p, Part::Lit(_) | Part::Tilde))
    }

    /// The scripts this word runs while it is expanded.
    pub fn scripts(&self) -> Vec<usize> {
        self.parts
            .iter()
            .flat_map(|p| match p {
                Part::Subst { script, .. } | Part::ProcSubst { script, .. } => vec![*script],
                Part::Array(elements) => elements.iter().flat_map(Word::scripts).collect(),
                _ => Vec::new(),
            })
            .collect()
    }

    pub(super) fn push_lit(&mut self, c: char) {
        if let Some(Part::Lit(s)) = self.parts.last_mut() {
            s.push(c);
        } else {
            self.parts.push(Part::Lit(c.to_string()));
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// Whether it is one of [`KEYWORDS`], unquoted or not (as the walk peels them).
    pub(super) fn is_keyword(&self) -> bool {
        matches!(self.parts.as_slice(), [Part::Lit(t)] if KEYWORDS.contains(&t.as_str()))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RedirOp {
    /// `>`, `>>`, `>|`, `&>`: the target file is written.
    Write,
    /// `<>`: the target file is opened to be read and written (standard input unless a
    /// descriptor is named): both a read and a write of it.
    ReadWrite,
    /// `<`: the target file is read as standard input.
    Read,
    /// `<<` / `<<-`: a heredoc; `literal` when the delimiter was quoted (no expansion in the body).
    HereDoc,
    /// `<<<`: the target word is standard input.
    HereString,
    /// `>&2`, `<&0`, `>&-`: descriptors, no file.
    Dup,
}

impl RedirOp {
    /// Whether the target file is written: `>` and its kin, and `<>`.
    pub fn writes(self) -> bool {
        matches!(self, RedirOp::Write | RedirOp::ReadWrite)
    }
}

#[derive(Clone, Debug)]
pub struct Redir {
    pub op: RedirOp,
    pub target: Word,
    /// For a heredoc: the index of its body.
    pub body: Option<usize>,
    /// Where it stands in the command line (the parser sets it).
    pub span: Span,
}

#[derive(Clone, Debug, Default)]
pub struct Body {
    pub text: String,
    /// Substitutions inside an unquoted heredoc body (they run).
    pub scripts: Vec<usize>,
    /// The body is unquoted and holds expansions (`$X`, `$(…)`): what the program reads is not
    /// `text` as written.
    pub expands: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Simple {
    pub words: Vec<Word>,
    pub redirs: Vec<Redir>,
    /// Where it stands in the command line, from its first word or redirection to its last.
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Node {
    Simple(Simple),
    /// `( … )`: a subshell; its `cd` does not leak.
    Subshell(usize),
}

/// What follows a pipeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sep {
    /// `;`, a newline, or the end.
    Then,
    And,
    Or,
    /// `&`: runs in the background, in a subshell.
    Background,
}

#[derive(Clone, Debug)]
pub struct Pipeline {
    pub nodes: Vec<Node>,
    pub sep: Sep,
}

#[derive(Clone, Debug, Default)]
pub struct Script {
    pub pipelines: Vec<Pipeline>,
}

/// A parsed command line: scripts by index (0 is the whole line), heredoc bodies by index.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    pub scripts: Vec<Script>,
    pub bodies: Vec<Body>,
    /// Why the text could not be read to its end (nesting too deep).
    pub opaque: Option<&'static str>,
    /// Why the shell refuses the text before it runs any of it: a syntax error in a text of one
    /// line (a shell reads a whole line before it runs a command of it).
    pub rejected: Option<&'static str>,
    /// Variables expanded, and substitutions made (their text), outside double quotes: what they
    /// give is split at blanks and its pieces expanded as patterns.
    pub unquoted: Vec<String>,
}

/// Whether `s` is a shell variable's name.
pub fn is_name(s: &str) -> bool {
    !s.is_empty() && !s.starts_with(|c: char| c.is_ascii_digit()) && s.chars().all(|c| c == '_' || c.is_ascii_alphanumeric())
}
