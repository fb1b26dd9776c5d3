//! The shell's text into tokens, character by character: words with their parts (quoting and
//! escapes, the expansions a word's parts are), operators, redirections with their targets, and
//! heredoc bodies, read at the newline after their line. Each token comes with where it stands
//! (`span::Span`: byte offsets into the text being read, the command line or a backtick's or
//! heredoc body's own text). Comments and line continuations are no tokens.
//!
//! The parser asks for one token at a time (`ShellParser::token`): a substitution inside a word
//! (`$(…)`, `<(…)`, backticks) is a script, which the lexer reads by handing back to the parser.

use super::super::span::{CharOffsets, Span};
use super::tree::{Body, MAX_NESTING, MAX_WORDS, Parsed, Part, Redir, RedirOp, Sep, Word, is_name};

/// One token of a command line.
#[derive(Debug)]
pub(super) enum Token {
    /// A word, never empty.
    Word(Word),
    /// A redirection with its target (`2>err`, `<<EOF`, `>&2`).
    Redir(Redir),
    /// `;` (or `;;`), a newline, `&&`, `||`, `&`.
    Sep(Sep),
    /// `|` or `|&`.
    Pipe,
    /// `(`: a subshell opens.
    Open,
    /// `)`.
    Close,
}

/// The reader's state: the lexer's place in the text (this file reads characters) and the tree
/// being built (`parse.rs` reads the tokens into it, `impl ShellParser` there). The
/// parser touches only the tree and whether reading stopped.
pub(super) struct ShellParser {
    text: Vec<char>,
    /// The character the lexer stands at.
    i: usize,
    /// Where the last token's span was found: spans are byte offsets, found by walking forward.
    offsets: CharOffsets,
    pub(super) out: Parsed,
    /// Heredocs whose bodies start at the next newline: (delimiter, strip tabs, literal, body index).
    pending: Vec<(String, bool, bool, usize)>,
    pub(super) aborted: bool,
    words: usize,
    /// Whether the text is one line, which a shell reads whole before it runs any of it.
    one_line: bool,
    /// While a backtick's or a heredoc body's own text is read: where that text stands in the
    /// command line, the place of every command read in it.
    pub(super) outer: Option<Span>,
}

/// Characters that end an unquoted word.
fn is_meta(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')')
}

impl ShellParser {
    pub(super) fn new(text: &str) -> ShellParser {
        let text: Vec<char> = text.chars().collect();
        // A text of one line: an interactive shell given more lines runs those after a rejected one.
        let one_line = !text.iter().rev().skip_while(|c| c.is_whitespace()).any(|c| *c == '\n');
        ShellParser {
            text,
            i: 0,
            offsets: CharOffsets::default(),
            out: Parsed::default(),
            pending: Vec::new(),
            aborted: false,
            words: 0,
            one_line,
            outer: None,
        }
    }

    /// The next token and where it stands, or None at the text's end (or once reading stopped).
    /// `in_command`: whether the command being read has a word already, after which a `#` that
    /// follows no blank is part of a word, not a comment.
    pub(super) fn token(&mut self, depth: usize, in_command: bool) -> Option<(Token, Span)> {
        // `2>file`: where the descriptor's digits start.
        let mut fd = None;
        loop {
            let c = self.peek(0)?;
            // Asked here, before a word's substitutions walk further: the lexer's place in bytes
            // only moves forward, once over the text.
            let (start, at) = (self.i, self.offsets.byte(&self.text, self.i));
            let token = match c {
                ' ' | '\t' | '\r' => {
                    self.skip(1);
                    continue;
                }
                '\\' if self.peek(1) == Some('\n') => {
                    self.skip(2);
                    continue;
                }
                '\n' => {
                    self.skip(1);
                    let span = self.span(at);
                    self.heredoc_bodies(depth);
                    return Some((Token::Sep(Sep::Then), span));
                }
                ';' => {
                    self.skip(1);
                    // `;;` ends a case branch: a separator all the same.
                    while self.peek(0) == Some(';') {
                        self.skip(1);
                    }
                    Token::Sep(Sep::Then)
                }
                '&' if self.peek(1) == Some('&') => {
                    self.skip(2);
                    Token::Sep(Sep::And)
                }
                '|' if self.peek(1) == Some('|') => {
                    self.skip(2);
                    Token::Sep(Sep::Or)
                }
                '&' if self.peek(1) != Some('>') => {
                    self.skip(1);
                    Token::Sep(Sep::Background)
                }
                '|' => {
                    // `|&` pipes standard error too.
                    self.skip(if self.peek(1) == Some('&') { 2 } else { 1 });
                    Token::Pipe
                }
                '(' => {
                    self.skip(1);
                    Token::Open
                }
                ')' => {
                    self.skip(1);
                    Token::Close
                }
                '<' | '>' if matches!(self.peek(1), Some('(')) => Token::Word(self.word(depth)),
                '<' | '>' | '&' => {
                    let redir = self.redirection(depth);
                    return Some((Token::Redir(redir), self.span(fd.unwrap_or(at))));
                }
                '#' if !in_command || self.i == 0 || self.text.get(self.i - 1).is_some_and(|c| c.is_whitespace()) => {
                    while !matches!(self.peek(0), None | Some('\n')) {
                        self.skip(1);
                    }
                    continue;
                }
                _ => {
                    let word = self.word(depth);
                    // `2>file`: digits right before a redirection name a descriptor, not a word.
                    if self.text[start..self.i].iter().all(char::is_ascii_digit) && matches!(self.peek(0), Some('<' | '>')) {
                        fd = Some(at);
                        continue;
                    }
                    if word.is_empty() {
                        if self.i == start {
                            // Nothing consumed (a lone special character): step over it.
                            self.skip(1);
                        }
                        continue;
                    }
                    Token::Word(word)
                }
            };
            return Some((token, self.span(at)));
        }
    }

    /// The place of the text from the byte offset `start` to the lexer's place.
    fn span(&mut self, start: usize) -> Span {
        Span::new(start, self.offsets.byte(&self.text, self.i))
    }

    /// The length of the pattern group `(…)` opening here, up to its `)`, when it closes within
    /// the word (`()` is a function's name, not a group).
    fn group_len(&self) -> Option<usize> {
        let mut depth = 0;
        for (k, c) in self.text.get(self.i..)?.iter().enumerate() {
            match c {
                '(' => depth += 1,
                ')' if k == 1 => return None,
                ')' if depth == 1 => return Some(k + 1),
                ')' => depth -= 1,
                c if c.is_whitespace() || matches!(c, ';' | '&' | '<' | '>' | '\'' | '"' | '`' | '$') => return None,
                _ => {}
            }
        }
        None
    }

    fn peek(&self, ahead: usize) -> Option<char> {
        if self.aborted {
            return None;
        }
        self.text.get(self.i + ahead).copied()
    }

    /// Steps over `n` characters, never past the end: a text may end inside an escape or an
    /// opening (`echo hi \`, `$'`), and every slice up to `i` must stay inside it.
    fn skip(&mut self, n: usize) {
        self.i = (self.i + n).min(self.text.len());
    }

    fn starts(&self, s: &str) -> bool {
        (self.i..).zip(s.chars()).all(|(k, c)| self.text.get(k) == Some(&c))
    }

    /// A redirection and its target word (for a heredoc, its delimiter: the body is read at the
    /// next newline).
    fn redirection(&mut self, depth: usize) -> Redir {
        let (len, op) = if self.starts("<<<") {
            (3, RedirOp::HereString)
        } else if self.starts("<<") {
            (2, RedirOp::HereDoc)
        } else if self.starts("&>>") {
            (3, RedirOp::Write)
        } else if self.starts(">>") || self.starts(">|") || self.starts("&>") {
            (2, RedirOp::Write)
        } else if self.starts("<>") {
            (2, RedirOp::ReadWrite)
        } else if self.starts(">&") || self.starts("<&") {
            (2, RedirOp::Dup)
        } else if self.starts(">") {
            (1, RedirOp::Write)
        } else {
            (1, RedirOp::Read)
        };
        self.skip(len);
        if op == RedirOp::HereDoc {
            let strip = self.peek(0) == Some('-');
            if strip {
                self.skip(1);
            }
            self.skip_blanks();
            let start = self.i;
            let delimiter = self.word(depth);
            let literal = self.text[start..self.i].iter().any(|c| matches!(c, '\'' | '"' | '\\'));
            let index = self.out.bodies.len();
            self.out.bodies.push(Body::default());
            self.pending.push((delimiter.text(), strip, literal, index));
            return Redir { op, target: delimiter, body: Some(index), span: Span::default() };
        }
        self.skip_blanks();
        if self.one_line && self.names_nothing() {
            // `cat <file>`, `cmd >`: a shell rejects the whole line, and runs none of it.
            self.out.rejected.get_or_insert("a redirection names no file (`>` or `<` with nothing after it)");
        }
        let target = self.word(depth);
        // `>&file` (no digits, not `-`) writes a file like `&>`.
        let t = target.text();
        let op = if op == RedirOp::Dup && !(t == "-" || t.chars().all(|c| c.is_ascii_digit())) { RedirOp::Write } else { op };
        Redir { op, target, body: None, span: Span::default() }
    }

    /// Whether no word starts here: the text ends, or an operator or a comment follows (a
    /// process substitution `<(…)`, `>(…)` is a word).
    fn names_nothing(&self) -> bool {
        match self.peek(0) {
            None => !self.aborted,
            Some('\n' | ';' | '|' | '&' | ')') => true,
            Some('<' | '>') => self.peek(1) != Some('('),
            _ => false,
        }
    }

    /// Steps past the `close` that ends `open` brackets already open (nested pairs counted) and
    /// gives back the place of the text between here and it: up to the text's end when nothing
    /// closes them.
    fn skip_to_close(&mut self, open: char, close: char, mut depth: usize) -> std::ops::Range<usize> {
        let from = self.i;
        while let Some(c) = self.peek(0) {
            self.skip(1);
            if c == open {
                depth += 1;
            } else if c == close {
                depth -= 1;
                if depth == 0 {
                    return from..self.i - 1;
                }
            }
        }
        from..self.i
    }

    fn skip_blanks(&mut self) {
        while matches!(self.peek(0), Some(' ' | '\t')) {
            self.skip(1);
        }
    }

    /// The elements of an array assignment, up to the `)` that ends them, which is consumed.
    fn elements(&mut self, depth: usize) -> Vec<Word> {
        let mut words = Vec::new();
        if depth > MAX_NESTING {
            self.out.opaque.get_or_insert("it nests substitutions or subshells deeper than the analyser follows");
            self.aborted = true;
            return words;
        }
        while let Some(c) = self.peek(0) {
            match c {
                ')' => {
                    self.skip(1);
                    break;
                }
                ' ' | '\t' | '\r' | '\n' => self.skip(1),
                _ => {
                    let start = self.i;
                    let w = self.word(depth + 1);
                    if !w.is_empty() {
                        words.push(w);
                    } else if self.i == start {
                        self.skip(1);
                    }
                }
            }
        }
        words
    }

    /// One shell word.
    fn word(&mut self, depth: usize) -> Word {
        let mut w = Word::default();
        self.words += 1;
        if self.words > MAX_WORDS {
            self.out.opaque.get_or_insert("it holds more words than the analyser reads");
            self.aborted = true;
            return w;
        }
        // Since the last unquoted `{`: whether a `,` or `..` came, to tell `{a,b}` from a literal `{`.
        let mut brace: Option<bool> = None;
        let mut last = '\0';
        let at_start = self.i;
        while let Some(c) = self.peek(0) {
            match c {
                '<' | '>' if self.peek(1) == Some('(') => {
                    let start = self.i;
                    self.skip(2);
                    let script = self.script(depth + 1, true);
                    let raw: String = self.text[start..self.i].iter().collect();
                    w.parts.push(Part::ProcSubst { script, raw });
                }
                // A group inside a word: bash's extended patterns (`.@(gitvow|x)`, `!(…)`), zsh's
                // alternatives (`.(a|b)`) and qualifiers (`*(D)`); `pattern::matches` reads them.
                '(' if !w.is_empty() && last != '=' && self.group_len().is_some() => {
                    let len = self.group_len().unwrap_or(1);
                    let group: String = self.text[self.i..self.i + len].iter().collect();
                    self.skip(len);
                    w.parts.push(Part::Glob(group));
                }
                // `NAME=(a b c)`: an array's elements, words of their own.
                '(' if last == '=' && is_array_name(&w) => {
                    self.skip(1);
                    let elements = self.elements(depth);
                    w.parts.push(Part::Array(elements));
                }
                c if is_meta(c) => break,
                '\\' => {
                    match self.peek(1) {
                        Some('\n') => {}
                        Some(n) => w.push_lit(n),
                        None => {}
                    }
                    self.skip(2);
                }
                '\'' => self.single_quoted(&mut w),
                '"' => {
                    self.skip(1);
                    self.double_quoted(&mut w, depth, Some('"'));
                }
                '`' | '$' => {
                    // Outside double quotes what it expands is split at blanks: noted by name.
                    let before = w.parts.len();
                    if c == '`' {
                        self.backticks(&mut w, depth)
                    } else {
                        self.dollar(&mut w, depth)
                    }
                    let split = w.parts.get(before..).unwrap_or_default().iter().filter_map(expanded_name);
                    self.out.unquoted.extend(split);
                }
                '~' if self.i == at_start => self.tilde(&mut w),
                // `[` opens a pattern only when a `]` closes it in the word: `[ -f x ]` is a program.
                '*' | '?' | '[' if c != '[' || self.text[self.i + 1..].iter().take_while(|c| !is_meta(**c)).any(|c| *c == ']') => {
                    self.skip(1);
                    w.parts.push(Part::Glob(c.to_string()));
                }
                _ => {
                    self.skip(1);
                    match c {
                        '{' => brace = Some(false),
                        ',' if brace.is_some() => brace = Some(true),
                        '.' if last == '.' && brace.is_some() => brace = Some(true),
                        '}' if brace == Some(true) => {
                            w.parts.push(Part::Glob(String::new()));
                            brace = None;
                        }
                        _ => {}
                    }
                    last = c;
                    w.push_lit(c);
                }
            }
        }
        w
    }

    /// `'…'`: every character as it stands, to the next `'`.
    fn single_quoted(&mut self, w: &mut Word) {
        self.skip(1);
        let mut s = String::new();
        while let Some(c) = self.peek(0) {
            self.skip(1);
            if c == '\'' {
                break;
            }
            s.push(c);
        }
        push_text(w, s);
    }

    /// A word's leading `~`: the home directory, or with a name after it (`~user`) another user's
    /// home, computed.
    fn tilde(&mut self, w: &mut Word) {
        self.skip(1);
        if matches!(self.peek(0), None | Some('/')) || self.peek(0).is_some_and(is_meta) {
            w.parts.push(Part::Tilde);
        } else {
            let mut s = String::from("~");
            while let Some(c) = self.peek(0).filter(|c| !is_meta(*c) && *c != '/') {
                s.push(c);
                self.skip(1);
            }
            w.parts.push(Part::Computed(s));
        }
    }

    /// The inside of `"…"` (`until` = `"`) or of an unquoted heredoc body (`until` = None):
    /// only `$`, backticks and some backslashes are special.
    fn double_quoted(&mut self, w: &mut Word, depth: usize, until: Option<char>) {
        let mut s = String::new();
        while let Some(c) = self.peek(0) {
            match c {
                c if Some(c) == until => {
                    self.skip(1);
                    break;
                }
                '\\' => {
                    match self.peek(1) {
                        Some('\n') => {}
                        Some(n @ ('"' | '\\' | '$' | '`')) => s.push(n),
                        Some(n) => {
                            s.push('\\');
                            s.push(n);
                        }
                        None => s.push('\\'),
                    }
                    self.skip(2);
                }
                // Inside double quotes `$'` and `$"` are no quoting: `"a$"` ends at its second quote.
                '$' if matches!(self.peek(1), Some('\'' | '"')) => {
                    s.push('$');
                    self.skip(1);
                }
                '`' | '$' => {
                    push_text(w, std::mem::take(&mut s));
                    if c == '`' {
                        self.backticks(w, depth);
                    } else {
                        self.dollar(w, depth);
                    }
                }
                _ => {
                    s.push(c);
                    self.skip(1);
                }
            }
        }
        push_text(w, s);
    }

    fn dollar(&mut self, w: &mut Word, depth: usize) {
        let start = self.i;
        match self.peek(1) {
            Some('(') if self.peek(2) == Some('(') => {
                // Arithmetic: no command runs; skip to the matching `))`.
                self.skip(3);
                self.skip_to_close('(', ')', 2);
                w.parts.push(Part::Computed(self.text[start..self.i].iter().collect()));
            }
            Some('[') => {
                // bash's and zsh's old arithmetic, `$[x+1]`: computed text, as `$((…))` is.
                self.skip(2);
                self.skip_to_close('[', ']', 1);
                w.parts.push(Part::Computed(self.text[start..self.i].iter().collect()));
            }
            Some('(') => {
                self.skip(2);
                let script = self.script(depth + 1, true);
                let raw = self.text[start..self.i].iter().collect();
                w.parts.push(Part::Subst { script, raw });
            }
            Some('{') => {
                self.skip(2);
                let inner = self.skip_to_close('{', '}', 1);
                let inner: String = self.text[inner].iter().collect();
                if is_name(&inner) {
                    w.parts.push(Part::Var(inner));
                } else {
                    w.parts.push(Part::Computed(self.text[start..self.i].iter().collect()));
                }
            }
            Some('\'') => {
                self.skip(2);
                let mut s = String::new();
                while let Some(c) = self.peek(0) {
                    self.skip(1);
                    match c {
                        '\'' => break,
                        '\\' => self.ansi_escape(&mut s),
                        _ => s.push(c),
                    }
                }
                w.parts.push(Part::Ansi(s));
            }
            Some('"') => {
                self.skip(2);
                let mut inner = Word::default();
                self.double_quoted(&mut inner, depth, Some('"'));
                w.parts.push(Part::Ansi(inner.text()));
                w.parts.extend(inner.parts.into_iter().filter(|p| matches!(p, Part::Subst { .. })));
            }
            Some(c) if c == '_' || c.is_ascii_alphabetic() => {
                self.skip(1);
                let mut name = String::new();
                while let Some(c) = self.peek(0).filter(|c| *c == '_' || c.is_ascii_alphanumeric()) {
                    name.push(c);
                    self.skip(1);
                }
                w.parts.push(Part::Var(name));
            }
            Some(c) if c.is_ascii_digit() || "@*#?$!-".contains(c) => {
                self.skip(2);
                w.parts.push(Part::Computed(self.text[start..self.i].iter().collect()));
            }
            _ => {
                self.skip(1);
                w.push_lit('$');
            }
        }
    }

    /// After the backslash of `$'…'`: `\n`, `\t`, `\xHH`, `\NNN`, `\uHHHH`, … as bash decodes them.
    fn ansi_escape(&mut self, s: &mut String) {
        let Some(c) = self.peek(0) else { return };
        self.skip(1);
        let mut number = |radix: u32, max: usize, first: Option<char>| -> Option<char> {
            let mut digits = String::new();
            digits.extend(first);
            while digits.len() < max {
                match self.peek(0).filter(|d| d.is_digit(radix)) {
                    Some(d) => {
                        digits.push(d);
                        self.skip(1);
                    }
                    None => break,
                }
            }
            u32::from_str_radix(&digits, radix).ok().and_then(char::from_u32)
        };
        let decoded = match c {
            'n' => Some('\n'),
            't' => Some('\t'),
            'r' => Some('\r'),
            'a' => Some('\x07'),
            'b' => Some('\x08'),
            'e' | 'E' => Some('\x1b'),
            'f' => Some('\x0c'),
            'v' => Some('\x0b'),
            'x' => number(16, 2, None),
            'u' => number(16, 4, None),
            'U' => number(16, 8, None),
            '0'..='7' => number(8, 3, Some(c)),
            other => Some(other),
        };
        s.extend(decoded);
    }

    /// A backtick substitution: its text (backslashes before `` ` ``, `\` and `$` removed) is parsed
    /// as a script of its own.
    fn backticks(&mut self, w: &mut Word, depth: usize) {
        let start = self.i;
        self.skip(1);
        let mut inner = Vec::new();
        while let Some(c) = self.peek(0) {
            self.skip(1);
            match c {
                '`' => break,
                '\\' if matches!(self.peek(0), Some('`' | '\\' | '$')) => {
                    inner.push(self.text[self.i]);
                    self.skip(1);
                }
                _ => inner.push(c),
            }
        }
        let raw = self.text[start..self.i].iter().collect();
        let at = Span::new(self.offsets.byte(&self.text, start), self.offsets.byte(&self.text, self.i));
        let script = self.nested_text(inner, at, depth + 1, |p, depth| p.script(depth, false));
        w.parts.push(Part::Subst { script, raw });
    }

    /// Parses another text (a backtick body, a heredoc body), which stands at `at` in the text
    /// being read, into the same tables.
    fn nested_text(&mut self, text: Vec<char>, at: Span, depth: usize, f: impl FnOnce(&mut ShellParser, usize) -> usize) -> usize {
        // Spans in the command line: a text nested in a nested text stands where the outer one does.
        let saved_outer = self.outer;
        self.outer = Some(saved_outer.unwrap_or(at));
        let saved_text = std::mem::replace(&mut self.text, text);
        let saved_i = std::mem::replace(&mut self.i, 0);
        let saved_pending = std::mem::take(&mut self.pending);
        let saved_offsets = std::mem::take(&mut self.offsets);
        let index = f(self, depth);
        self.text = saved_text;
        self.i = saved_i;
        self.pending = saved_pending;
        self.offsets = saved_offsets;
        self.outer = saved_outer;
        index
    }

    /// After a newline, the bodies of the heredocs opened on the line just ended.
    fn heredoc_bodies(&mut self, depth: usize) {
        for (delimiter, strip, literal, index) in std::mem::take(&mut self.pending) {
            let mut body = String::new();
            // Where the body stands: its lines, not the delimiter's.
            let (from, mut to) = (self.i, self.i);
            while self.i < self.text.len() && !self.aborted {
                let start = self.i;
                while !matches!(self.peek(0), None | Some('\n')) {
                    self.skip(1);
                }
                let line: String = self.text[start..self.i].iter().collect();
                if self.i < self.text.len() {
                    self.skip(1);
                }
                let candidate = if strip { line.trim_start_matches('\t') } else { line.as_str() };
                if candidate == delimiter {
                    break;
                }
                body.push_str(&line);
                body.push('\n');
                to = self.i;
            }
            let mut scripts = Vec::new();
            let mut expands = false;
            if !literal && (body.contains('$') || body.contains('`')) {
                // An unquoted body expands `$(…)` and backticks: those commands run.
                let chars: Vec<char> = body.chars().collect();
                let mut w = Word::default();
                let at = Span::new(self.offsets.byte(&self.text, from), self.offsets.byte(&self.text, to));
                self.nested_text(chars, at, depth, |p, depth| {
                    p.double_quoted(&mut w, depth, None);
                    0
                });
                scripts.extend(w.scripts());
                expands = w.literal().is_none();
            }
            self.out.bodies[index] = Body { text: body, scripts, expands };
        }
    }
}

fn push_text(w: &mut Word, s: String) {
    if s.is_empty() {
        // `''` is an empty argument, not nothing.
        if w.parts.is_empty() {
            w.parts.push(Part::Lit(String::new()));
        }
        return;
    }
    if let Some(Part::Lit(t)) = w.parts.last_mut() {
        t.push_str(&s);
    } else {
        w.parts.push(Part::Lit(s));
    }
}

/// The variable an expansion names (`$f`, `${f%.c}`, `${a[@]}`), or the text of a substitution.
fn expanded_name(part: &Part) -> Option<String> {
    match part {
        Part::Var(n) => Some(n.clone()),
        Part::Computed(t) => {
            let inner = t.strip_prefix("${")?;
            let end = inner.find(|c: char| c != '_' && !c.is_ascii_alphanumeric()).unwrap_or(inner.len());
            is_name(&inner[..end]).then(|| inner[..end].to_string())
        }
        Part::Subst { raw, .. } => Some(raw.clone()),
        _ => None,
    }
}

/// Whether `w` is the `NAME=` or `NAME+=` of an array assignment so far.
fn is_array_name(w: &Word) -> bool {
    matches!(w.parts.as_slice(), [Part::Lit(t)] if t.strip_suffix('=').is_some_and(|n| is_name(n.strip_suffix('+').unwrap_or(n))))
}
