//! A PowerShell script cut into tokens: words (their quoted, bare, variable and subexpression
//! pieces), script blocks and parentheses kept as their source, and the operators that separate
//! statements, pipeline elements and redirections. Comments and line continuations are dropped.

use super::super::span::{CharOffsets, Tokens};

/// A piece of a word: text as written, a variable, a subexpression's source (`$(…)`, `(…)`).
#[derive(Clone, Debug)]
pub(super) enum PsPart {
    Lit(String),
    Var(String),
    Sub(String),
}

#[derive(Clone, Debug)]
pub(super) enum PsToken {
    /// A word, and whether it starts with a quote (then, first in a statement, it is a value).
    Word(Vec<PsPart>, bool),
    /// `{ … }`: a script block (or a hashtable), its source.
    Block(String),
    /// `( … )` standing alone, its source.
    Paren(String),
    /// `;`, a newline, `&&`, `||`.
    Sep,
    Pipe,
    /// `&`, the call operator.
    Call,
    /// `>`, `>>`, `2>`, `*>`: the word after it is the file written.
    Redirect,
    Comma,
    Assign,
}

/// The closing bracket of the one at `s[i]`, strings skipped; the end when there is none.
pub(super) fn matching(s: &[char], i: usize) -> usize {
    let (open, close) = (
        s[i],
        match s[i] {
            '(' => ')',
            '{' => '}',
            _ => ']',
        },
    );
    let mut depth = 0usize;
    let mut j = i;
    while j < s.len() {
        match s[j] {
            '`' => j += 1,
            '\'' | '"' => {
                let q = s[j];
                j += 1;
                while j < s.len() && s[j] != q {
                    if s[j] == '`' && q == '"' {
                        j += 1;
                    }
                    j += 1;
                }
            }
            c if c == open => depth += 1,
            c if c == close => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
        j += 1;
    }
    s.len()
}

/// The tokens of `script` and where each stands.
pub(super) fn lex(script: &str) -> Tokens<PsToken> {
    let s: Vec<char> = script.chars().collect();
    let mut out = Tokens::default();
    let mut offsets = CharOffsets::default();
    let mut i = 0;
    let text = |a: usize, b: usize| s[a.min(s.len())..b.min(s.len())].iter().collect::<String>();
    while i < s.len() {
        // Each step reads at most one token, which stands where the step read.
        let start = i;
        let c = s[i];
        let next = s.get(i + 1).copied().unwrap_or('\0');
        match c {
            ' ' | '\t' | '\r' => i += 1,
            '`' if next == '\n' => i += 2,
            '\n' | ';' => {
                out.toks.push(PsToken::Sep);
                i += 1;
            }
            '#' => {
                while i < s.len() && s[i] != '\n' {
                    i += 1;
                }
            }
            '<' if next == '#' => {
                let rest: String = text(i, s.len());
                i += rest.find("#>").map_or(s.len(), |e| e + 2);
            }
            '|' if next == '|' => {
                out.toks.push(PsToken::Sep);
                i += 2;
            }
            '|' => {
                out.toks.push(PsToken::Pipe);
                i += 1;
            }
            '&' if next == '&' => {
                out.toks.push(PsToken::Sep);
                i += 2;
            }
            '&' => {
                out.toks.push(PsToken::Call);
                i += 1;
            }
            ',' => {
                out.toks.push(PsToken::Comma);
                i += 1;
            }
            '=' if next != '=' => {
                out.toks.push(PsToken::Assign);
                i += 1;
            }
            '>' => {
                // `2>&1` merges streams: no file.
                i += if next == '>' { 2 } else { 1 };
                out.toks.push(PsToken::Redirect);
            }
            '2' | '3' | '4' | '5' | '6' | '*' if next == '>' => {
                if s.get(i + 2) == Some(&'&') {
                    i += 4;
                } else {
                    i += if s.get(i + 2) == Some(&'>') { 3 } else { 2 };
                    out.toks.push(PsToken::Redirect);
                }
            }
            '{' | '(' => {
                let end = matching(&s, i);
                let inner = text(i + 1, end);
                out.toks.push(if c == '{' { PsToken::Block(inner) } else { PsToken::Paren(inner) });
                i = end + 1;
            }
            '}' | ')' => i += 1,
            _ => {
                let (word, end) = read_word(&s, i);
                out.toks.push(PsToken::Word(word, matches!(c, '\'' | '"')));
                i = end.max(i + 1);
            }
        }
        if out.spans.len() < out.toks.len() {
            out.place(offsets.byte(&s, start), offsets.byte(&s, i));
        }
    }
    out
}

/// One word from `s[i]`: quoted and bare pieces until a space or an operator.
fn read_word(s: &[char], mut i: usize) -> (Vec<PsPart>, usize) {
    let mut parts = Vec::new();
    let mut lit = String::new();
    let flush = |lit: &mut String, parts: &mut Vec<PsPart>| {
        if !lit.is_empty() {
            parts.push(PsPart::Lit(std::mem::take(lit)));
        }
    };
    while i < s.len() {
        let c = s[i];
        match c {
            ' ' | '\t' | '\r' | '\n' | ';' | '|' | '&' | ',' | '>' | '{' | '}' | ')' => break,
            '=' if parts.is_empty() && lit.is_empty() => break,
            '`' => {
                if let Some(&n) = s.get(i + 1) {
                    lit.push(escaped(n));
                }
                i += 2;
            }
            '\'' => {
                i += 1;
                while i < s.len() {
                    if s[i] == '\'' {
                        if s.get(i + 1) == Some(&'\'') {
                            lit.push('\'');
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    lit.push(s[i]);
                    i += 1;
                }
                i += 1;
            }
            '"' => {
                i += 1;
                while i < s.len() && s[i] != '"' {
                    match s[i] {
                        '`' if i + 1 < s.len() => {
                            lit.push(escaped(s[i + 1]));
                            i += 2;
                        }
                        '$' if s.get(i + 1).is_some_and(|n| n.is_alphanumeric() || matches!(n, '_' | '{' | '(')) => {
                            flush(&mut lit, &mut parts);
                            i = variable(s, i, &mut parts);
                        }
                        ch => {
                            lit.push(ch);
                            i += 1;
                        }
                    }
                }
                i += 1;
            }
            '$' if s.get(i + 1).is_some_and(|n| n.is_alphanumeric() || matches!(n, '_' | '{' | '(' | '?')) => {
                flush(&mut lit, &mut parts);
                i = variable(s, i, &mut parts);
            }
            '(' | '[' if !lit.is_empty() || !parts.is_empty() || c == '[' => {
                // `$x.Method(…)`, `[IO.File]::Delete(…)`, `$a[0]`: computed.
                let end = matching(s, i);
                flush(&mut lit, &mut parts);
                let inner: String = s[(i + 1).min(s.len())..end.min(s.len())].iter().collect();
                if c == '[' && parts.is_empty() {
                    parts.push(PsPart::Lit(format!("[{inner}]")));
                } else {
                    parts.push(PsPart::Sub(inner));
                }
                i = end + 1;
            }
            '(' => break,
            _ => {
                lit.push(c);
                i += 1;
            }
        }
    }
    flush(&mut lit, &mut parts);
    (parts, i)
}

fn escaped(c: char) -> char {
    match c {
        'n' => '\n',
        't' => '\t',
        'r' => '\r',
        '0' => '\0',
        other => other,
    }
}

/// A variable at `s[i]` (`$name`, `$env:NAME`, `${name}`, `$(…)`), pushed; the index after it.
fn variable(s: &[char], i: usize, parts: &mut Vec<PsPart>) -> usize {
    match s.get(i + 1) {
        Some('(') => {
            let end = matching(s, i + 1);
            parts.push(PsPart::Sub(s[(i + 2).min(s.len())..end.min(s.len())].iter().collect()));
            end + 1
        }
        Some('{') => {
            let end = matching(s, i + 1);
            parts.push(PsPart::Var(s[(i + 2).min(s.len())..end.min(s.len())].iter().collect()));
            end + 1
        }
        _ => {
            let mut j = i + 1;
            while j < s.len()
                && (s[j].is_alphanumeric()
                    || s[j] == '_'
                    || s[j] == '?'
                    || (s[j] == ':' && s.get(j + 1).is_some_and(|n| n.is_alphanumeric())))
            {
                j += 1;
            }
            parts.push(PsPart::Var(s[i + 1..j].iter().collect()));
            j
        }
    }
}

#[cfg(test)]
mod tests {
    use super::lex;

    #[test]
    fn every_token_stands_where_it_was_read() {
        let text = "Remove-Item -Recurse 'C:\\é x' | Out-Null # gone\n& $cmd {a} 2>&1";
        let toks = lex(text);
        let placed: Vec<&str> = toks.spans.iter().map(|s| s.of(text)).collect();
        assert_eq!(placed, ["Remove-Item", "-Recurse", "'C:\\é x'", "|", "Out-Null", "\n", "&", "$cmd", "{a}"]);
        assert_eq!(toks.toks.len(), toks.spans.len());
    }
}
