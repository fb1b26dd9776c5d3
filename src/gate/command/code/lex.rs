//! Program text cut into tokens the way its language reads it: strings with their escapes (both
//! quote kinds, raw and byte prefixes, triple quotes, f-strings, template literals, `#{}`/`$var`
//! interpolation, `q()`/`qq{}`/`%w[]`), comments dropped, backticks and `qx`/`%x` as shell text,
//! regular-expression literals skipped. One pass, no backtracking: linear in the text.

use super::super::span::Tokens;
use super::language::Language;

/// A piece of a string: text as written (escapes resolved), or an interpolated expression's source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Code(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A name, with its sigil in Perl, PHP and awk (`$ENV`, `@files`, `$1`).
    Ident(String),
    Str(Vec<Piece>),
    /// Backticks, `qx{}`, `%x()`: text the language runs as a shell command.
    Shell(Vec<Piece>),
    /// A list of words (`%w[a b]`, `qw(a b)`).
    Words(Vec<String>),
    /// A number, a regular expression, a symbol we need not read.
    Other,
    Punct(&'static str),
}

const PUNCTS: &[&str] = &[
    "...", "===", "!==", "**=", "//=", "::", "->", "=>", "**", "<<", ">>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "..", "+=",
    "-=", "*=", "/=", ".=", "|=", "&=", ":=", "=~", "(", ")", "[", "]", "{", "}", ",", ";", ".", "=", "+", "-", "*", "/", "%", "<", ">",
    "!", "&", "|", "^", "~", "?", ":", "@", "\\", "$", "#",
];

/// Tokens past this many are not read: the caller treats the rest as unseen.
pub const MAX_TOKENS: usize = 1 << 18;

/// The tokens of `text` and where each stands, and whether they reach its end (not past [`MAX_TOKENS`]).
pub(crate) fn tokens(lang: Language, text: &str) -> (Tokens<Tok>, bool) {
    Lexer { lang, s: text.as_bytes(), text, i: 0, out: Tokens::default(), depth: 0 }.run()
}

struct Lexer<'a> {
    lang: Language,
    s: &'a [u8],
    text: &'a str,
    i: usize,
    out: Tokens<Tok>,
    /// Bracket depth: a newline at depth 0 ends a statement.
    depth: usize,
}

impl Lexer<'_> {
    fn peek(&self, k: usize) -> u8 {
        self.s.get(self.i + k).copied().unwrap_or(0)
    }

    /// Whether a `/` here starts a regular expression rather than a division: after an operator,
    /// an opening bracket or at the start.
    fn regex_allowed(&self) -> bool {
        match self.out.toks.last() {
            None => true,
            Some(Tok::Punct(p)) => !matches!(*p, ")" | "]" | "}"),
            Some(Tok::Ident(w)) => {
                matches!(w.as_str(), "return" | "typeof" | "split" | "if" | "unless" | "and" | "or" | "not" | "when" | "grep" | "map")
            }
            _ => false,
        }
    }

    fn run(mut self) -> (Tokens<Tok>, bool) {
        let hash_comments = !matches!(self.lang, Language::Node);
        let slash_comments = matches!(self.lang, Language::Node | Language::Php);
        // Where the step that read the last tokens started: each step below reads at most a token
        // or two, and they stand where it read.
        let mut start = 0;
        while self.i < self.s.len() {
            self.out.place(start, self.i.min(self.s.len()));
            start = self.i;
            if self.out.toks.len() >= MAX_TOKENS {
                return (self.out, false);
            }
            let c = self.peek(0);
            match c {
                b'\n' => {
                    if self.depth == 0 {
                        self.out.toks.push(Tok::Punct(";"));
                    }
                    self.i += 1;
                }
                b' ' | b'\t' | b'\r' => self.i += 1,
                // A line continued onto the next.
                b'\\' if matches!(self.peek(1), b'\n') => self.i += 2,
                b'#' if hash_comments && !(self.lang == Language::Perl && self.after_sigil()) => self.skip_line(),
                b'/' if slash_comments && self.peek(1) == b'/' => self.skip_line(),
                b'/' if slash_comments && self.peek(1) == b'*' => {
                    let end = self.text[self.i + 2..].find("*/").map_or(self.s.len(), |e| self.i + 2 + e + 2);
                    self.i = end;
                }
                b'\'' | b'"' => {
                    let triple = self.lang == Language::Python && self.peek(1) == c && self.peek(2) == c;
                    let t = self.string(c, triple, false, self.interpolates(c));
                    self.out.toks.push(Tok::Str(t));
                }
                b'`' => {
                    let t = self.string(b'`', false, false, true);
                    self.out.toks.push(if self.lang == Language::Node { Tok::Str(t) } else { Tok::Shell(t) });
                }
                b'/' if self.lang != Language::Python && self.regex_allowed() => {
                    self.i += 1;
                    self.skip_delimited(b'/');
                    self.out.toks.push(Tok::Other);
                }
                b'0'..=b'9' => {
                    while self.peek(0).is_ascii_alphanumeric() || self.peek(0) == b'.' || self.peek(0) == b'_' {
                        self.i += 1;
                    }
                    self.out.toks.push(Tok::Other);
                }
                b'%' if self.lang == Language::Ruby && self.percent_literal() => {}
                b':' if self.lang == Language::Ruby
                    && (self.peek(1).is_ascii_alphabetic() || self.peek(1) == b'_')
                    && !self.after_word() =>
                {
                    // A symbol, `:system`: the name as a string (`send(:system, …)`).
                    self.i += 1;
                    let w = self.word();
                    self.out.toks.push(Tok::Str(vec![Piece::Text(w)]));
                }
                b'$' | b'@' | b'%'
                    if self.sigils()
                        && (self.peek(1).is_ascii_alphanumeric() || self.peek(1) == b'_' || (c == b'$' && self.peek(1) == b'{')) =>
                {
                    self.sigil_name(c)
                }
                c if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 || (c == b'$' && self.lang == Language::Node) => {
                    let w = self.word();
                    if self.prefixed_string(&w) {
                        continue;
                    }
                    if self.lang == Language::Perl && self.perl_quote(&w) {
                        continue;
                    }
                    self.out.toks.push(Tok::Ident(w));
                }
                _ => self.punct(),
            }
        }
        self.out.place(start, self.i.min(self.s.len()));
        (self.out, true)
    }

    /// A variable's name after its sigil `c` (`$x`, `@list`, `%hash`) as one name; `${…}` / `@{…}`:
    /// the sigil alone, the block after it.
    fn sigil_name(&mut self, c: u8) {
        self.i += 1;
        let w = if self.peek(0) == b'{' { "{".to_string() } else { self.word() };
        if w == "{" {
            self.out.toks.push(Tok::Ident((c as char).to_string()));
        } else {
            self.out.toks.push(Tok::Ident(format!("{}{w}", c as char)));
        }
    }

    /// A punctuation token, the first of `PUNCTS` (longest first) that stands here, counted into the depth of
    /// brackets; any other character is passed over.
    fn punct(&mut self) {
        let rest = &self.text[self.i..];
        let p = PUNCTS.iter().find(|p| rest.starts_with(**p)).copied();
        match p {
            Some(p) => {
                match p {
                    // awk ends a statement at a newline inside a block too.
                    "{" | "}" if self.lang == Language::Awk => {}
                    "(" | "[" | "{" => self.depth += 1,
                    ")" | "]" | "}" => self.depth = self.depth.saturating_sub(1),
                    _ => {}
                }
                self.i += p.len();
                self.out.toks.push(Tok::Punct(p));
            }
            None => self.i += rest.chars().next().map_or(1, char::len_utf8),
        }
    }

    fn sigils(&self) -> bool {
        matches!(self.lang, Language::Perl | Language::Php | Language::Awk) || (self.lang == Language::Ruby && self.peek(0) != b'%')
    }

    fn after_sigil(&self) -> bool {
        // `$#array` is no comment.
        self.i > 0 && self.s[self.i - 1] == b'$'
    }

    fn after_word(&self) -> bool {
        // `a ? b :c` and `x::y` are no symbols; `{key: v}` neither (the word is right before).
        self.i > 0
            && (self.s[self.i - 1].is_ascii_alphanumeric()
                || self.s[self.i - 1] == b'_'
                || self.s[self.i - 1] == b')'
                || self.s[self.i - 1] == b':')
    }

    fn interpolates(&self, quote: u8) -> bool {
        quote == b'"' && matches!(self.lang, Language::Ruby | Language::Perl | Language::Php)
    }

    fn word(&mut self) -> String {
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric()
                || self.s[self.i] == b'_'
                || self.s[self.i] >= 0x80
                || (self.s[self.i] == b'$' && self.lang == Language::Node))
        {
            self.i += 1;
        }
        if self.lang == Language::Ruby && matches!(self.peek(0), b'!' | b'?') && self.peek(1) != b'=' {
            self.i += 1;
        }
        // Never split inside a character.
        while !self.text.is_char_boundary(self.i) {
            self.i += 1;
        }
        self.text[start..self.i].to_string()
    }

    fn skip_line(&mut self) {
        while self.i < self.s.len() && self.s[self.i] != b'\n' {
            self.i += 1;
        }
    }

    /// Past the closing `end` of a regular expression or substitution, escapes and classes skipped.
    fn skip_delimited(&mut self, end: u8) {
        let mut class = false;
        while self.i < self.s.len() {
            let c = self.s[self.i];
            self.i += 1;
            match c {
                b'\\' => self.i += 1,
                b'[' => class = true,
                b']' => class = false,
                b'\n' if end == b'/' => return,
                c if c == end && !class => break,
                _ => {}
            }
        }
        while self.peek(0).is_ascii_alphabetic() {
            self.i += 1;
        }
    }

    /// Python's `r'…'`, `b"…"`, `f'…'`, `rb`, `fr`, `u`: the word is a prefix when a quote follows.
    fn prefixed_string(&mut self, w: &str) -> bool {
        if self.lang != Language::Python || w.len() > 2 || !matches!(self.peek(0), b'\'' | b'"') {
            return false;
        }
        let lower = w.to_ascii_lowercase();
        if !lower.chars().all(|c| matches!(c, 'r' | 'b' | 'f' | 'u')) {
            return false;
        }
        let q = self.peek(0);
        let triple = self.peek(1) == q && self.peek(2) == q;
        let t = self.string(q, triple, lower.contains('r'), lower.contains('f'));
        self.out.toks.push(Tok::Str(t));
        true
    }

    /// Perl's quote-like operators: `q()`, `qq{}`, `qw()`, `qx{}`, and `m//`, `s///`, `tr///`,
    /// `y///` (skipped).
    fn perl_quote(&mut self, w: &str) -> bool {
        let open = self.peek(0);
        let is_delim = open.is_ascii_punctuation() && !matches!(open, b',' | b';' | b'=' | b')' | b'_');
        if !is_delim || !matches!(w, "q" | "qq" | "qw" | "qx" | "m" | "s" | "tr" | "y" | "qr") || (open == b'=') {
            return false;
        }
        if w == "s" && open == b'-' || (matches!(w, "s" | "y" | "m") && open == b'>') {
            return false;
        }
        let close = closing(open);
        match w {
            "q" | "qq" | "qx" => {
                let t = self.string_until(open, close, w == "q");
                self.out.toks.push(if w == "qx" { Tok::Shell(t) } else { Tok::Str(t) });
            }
            "qw" => {
                let t = self.string_until(open, close, true);
                self.out.toks.push(Tok::Words(words(&t)));
            }
            _ => {
                self.i += 1;
                self.skip_delimited(close);
                if matches!(w, "s" | "tr" | "y") {
                    if open != close {
                        while self.peek(0).is_ascii_whitespace() {
                            self.i += 1;
                        }
                        self.i += 1;
                        let c2 = closing(self.s.get(self.i - 1).copied().unwrap_or(b'/'));
                        self.skip_delimited(c2);
                    } else {
                        self.skip_delimited(close);
                    }
                }
                self.out.toks.push(Tok::Other);
            }
        }
        true
    }

    /// Ruby's `%w[]`, `%q()`, `%Q{}`, `%x()`, `%()`, `%i[]`, `%r{}`.
    fn percent_literal(&mut self) -> bool {
        let (kind, open) = match self.peek(1) {
            c @ (b'w' | b'W' | b'q' | b'Q' | b'x' | b'i' | b'I' | b'r') if self.peek(2).is_ascii_punctuation() => (c, self.peek(2)),
            c @ (b'(' | b'[' | b'{' | b'<' | b'|' | b'!') => (b'Q', c),
            _ => return false,
        };
        // `a % b` is a remainder.
        if matches!(self.out.toks.last(), Some(Tok::Ident(_) | Tok::Str(_) | Tok::Other | Tok::Punct(")" | "]"))) && self.peek(1) == b' ' {
            return false;
        }
        self.i += if kind == b'Q' && open == self.peek(1) { 1 } else { 2 };
        let t = self.string_until(open, closing(open), matches!(kind, b'q' | b'w' | b'i'));
        self.out.toks.push(match kind {
            b'w' | b'W' | b'i' | b'I' => Tok::Words(words(&t)),
            b'x' => Tok::Shell(t),
            b'r' => Tok::Other,
            _ => Tok::Str(t),
        });
        true
    }

    /// A string opened by `open` (at `self.i`) and closed by `close`, nesting counted.
    fn string_until(&mut self, open: u8, close: u8, raw: bool) -> Vec<Piece> {
        self.i += 1;
        let mut nest = 0usize;
        let mut text = Vec::new();
        let mut pieces = Vec::new();
        while self.i < self.s.len() {
            let c = self.s[self.i];
            if c == b'\\' && self.i + 1 < self.s.len() {
                let n = self.s[self.i + 1];
                if raw && n != close && n != b'\\' {
                    text.push(c);
                } else if !raw {
                    self.escape(&mut text);
                    continue;
                }
                text.push(n);
                self.i += 2;
                continue;
            }
            if c == open && open != close {
                nest += 1;
            } else if c == close {
                if nest == 0 {
                    self.i += 1;
                    break;
                }
                nest -= 1;
            }
            if !raw && self.interpolation(&mut text, &mut pieces) {
                continue;
            }
            text.push(c);
            self.i += 1;
        }
        flush(&mut text, &mut pieces);
        pieces
    }

    /// A quoted string opened at `self.i`.
    fn string(&mut self, q: u8, triple: bool, raw: bool, interp: bool) -> Vec<Piece> {
        self.i += if triple { 3 } else { 1 };
        let mut text = Vec::new();
        let mut pieces = Vec::new();
        // Single quotes in Perl, PHP and Ruby resolve only `\\` and `\'`.
        let plain = q == b'\'' && matches!(self.lang, Language::Perl | Language::Php | Language::Ruby);
        while self.i < self.s.len() {
            let c = self.s[self.i];
            if c == b'\\' && self.i + 1 < self.s.len() {
                let n = self.s[self.i + 1];
                if raw || (plain && n != q && n != b'\\') {
                    text.extend([c, n]);
                    self.i += 2;
                } else {
                    self.escape(&mut text);
                }
                continue;
            }
            if c == q && (!triple || (self.peek(1) == q && self.peek(2) == q)) {
                self.i += if triple { 3 } else { 1 };
                break;
            }
            if interp && self.interpolation(&mut text, &mut pieces) {
                continue;
            }
            text.push(c);
            self.i += 1;
        }
        flush(&mut text, &mut pieces);
        pieces
    }

    /// An interpolated expression at `self.i` (`{…}` in f-strings, `${…}`, `#{…}`, `$name`,
    /// `{$…}`), pushed as code after the text before it.
    fn interpolation(&mut self, text: &mut Vec<u8>, pieces: &mut Vec<Piece>) -> bool {
        let c = self.peek(0);
        let braced = match (self.lang, c, self.peek(1)) {
            (Language::Python, b'{', b'{') | (Language::Python, b'}', b'}') => {
                text.push(c);
                self.i += 2;
                return true;
            }
            (Language::Python, b'{', _) => 1,
            (Language::Node, b'$', b'{') | (Language::Ruby, b'#', b'{') | (Language::Perl | Language::Php, b'$', b'{') => 2,
            (Language::Php, b'{', b'$') => 1,
            (Language::Perl | Language::Php, b'$' | b'@', n) if n.is_ascii_alphabetic() || n == b'_' => 0,
            _ => return false,
        };
        flush(text, pieces);
        if braced == 0 {
            let start = self.i;
            self.i += 1;
            self.word();
            // `$ENV{HOME}`, `$_SERVER['HOME']`, `$a->b`: the subscript is part of the variable.
            if matches!(self.peek(0), b'{' | b'[') {
                let close = closing(self.peek(0));
                if let Some(e) = self.text[self.i..].find(close as char) {
                    self.i += e + 1;
                }
            }
            pieces.push(Piece::Code(self.text[start..self.i].to_string()));
            return true;
        }
        self.i += braced;
        let start = self.i;
        let mut nest = 0usize;
        while self.i < self.s.len() {
            match self.s[self.i] {
                b'{' => nest += 1,
                b'}' if nest == 0 => break,
                b'}' => nest -= 1,
                _ => {}
            }
            self.i += 1;
        }
        let mut code = &self.text[start..self.i.min(self.s.len())];
        if self.lang == Language::Python {
            // `{x!r}`, `{x:>10}`, `{x=}`: the expression only.
            if let Some(cut) = code.find(['!', ':']) {
                code = &code[..cut];
            }
            code = code.trim_end_matches('=');
        }
        let code = if braced == 2 && self.lang == Language::Perl { format!("${code}") } else { code.to_string() };
        pieces.push(Piece::Code(code));
        self.i += 1;
        true
    }

    /// A backslash escape at `self.i`, resolved into `text`.
    fn escape(&mut self, text: &mut Vec<u8>) {
        let n = self.peek(1);
        self.i += 2;
        let simple = match n {
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'r' => Some(b'\r'),
            b'0' if !self.peek(0).is_ascii_digit() => Some(0),
            b'\n' => return,
            b'x' | b'u' | b'U' | b'0'..=b'7' => None,
            other => Some(other),
        };
        if let Some(b) = simple {
            text.push(b);
            return;
        }
        let (digits, radix) = match n {
            b'x' => (2, 16),
            b'u' if self.peek(0) == b'{' => {
                self.i += 1;
                (8, 16)
            }
            b'u' => (4, 16),
            b'U' => (8, 16),
            _ => {
                self.i -= 1;
                (3, 8)
            }
        };
        let start = self.i;
        while self.i < self.s.len() && self.i - start < digits && (self.s[self.i] as char).is_digit(radix) {
            self.i += 1;
        }
        let value = u32::from_str_radix(&self.text[start..self.i], radix).ok().and_then(char::from_u32).unwrap_or('\u{fffd}');
        if self.peek(0) == b'}' && n == b'u' {
            self.i += 1;
        }
        let mut buf = [0; 4];
        text.extend(value.encode_utf8(&mut buf).as_bytes());
    }
}

fn closing(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        b'{' => b'}',
        b'<' => b'>',
        other => other,
    }
}

fn flush(text: &mut Vec<u8>, pieces: &mut Vec<Piece>) {
    if !text.is_empty() {
        pieces.push(Piece::Text(String::from_utf8_lossy(text).into_owned()));
        text.clear();
    }
}

fn words(pieces: &[Piece]) -> Vec<String> {
    pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Text(t) => Some(t.split_whitespace().map(str::to_string).collect::<Vec<_>>()),
            Piece::Code(_) => None,
        })
        .flatten()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Language, tokens};

    #[test]
    fn every_token_stands_where_it_was_read() {
        let text = "os.system(\"rm é\")  # gone\nx = 1";
        let (toks, whole) = tokens(Language::Python, text);
        assert!(whole);
        let placed: Vec<&str> = toks.spans.iter().map(|s| s.of(text)).collect();
        assert_eq!(placed, ["os", ".", "system", "(", "\"rm é\"", ")", "\n", "x", "=", "1"]);
        assert_eq!(toks.toks.len(), toks.spans.len());
        let (toks, _) = tokens(Language::Perl, "print `rm -rf ~`; ${x}");
        let placed: Vec<&str> = toks.spans.iter().map(|s| s.of("print `rm -rf ~`; ${x}")).collect();
        assert_eq!(placed, ["print", "`rm -rf ~`", ";", "$", "{", "x", "}"]);
    }
}
