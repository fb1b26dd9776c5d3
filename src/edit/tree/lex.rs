//! The index's own lexer, for the text nearly every settings file is: JSON with, where the agent
//! reads them, comments. It reads a token in a few instructions a byte, where `jsonc_parser`'s
//! scanner decodes each string and the index then looked at each byte again for plain JSON: on a
//! file of megabytes, most of install's work.
//!
//! It reads a subset of what the scanner reads, token for token: each token it returns is the
//! token the scanner would return at that place, with the same range. Where the text holds
//! anything else (whitespace other than JSON's, a raw control character or an escape of half a
//! surrogate pair in a string, a number or word the scanner reads differently, a comment where the
//! agent reads none) it gives up, and the scanner reads the whole text again: so the index it
//! builds is always the one the scanner's tokens give, and a text it gives up on costs one pass more.

use super::Tok;

/// A token and its range; `Tok::End` at the end of the text.
pub(super) type Lexed = (Tok, usize, usize);

/// The next token after `at`, and the comments before it (pushed onto `comments` when `comments_ok`),
/// or `None` where the scanner is to read the text instead.
pub(super) fn next(text: &[u8], at: &mut usize, comments_ok: bool, comments: &mut Vec<(usize, usize)>) -> Option<Lexed> {
    loop {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = text.get(*at) {
            *at += 1;
        }
        let start = *at;
        let Some(&byte) = text.get(start) else { return Some((Tok::End, start, start)) };
        let (tok, end) = match byte {
            b'{' => (Tok::OpenBrace, start + 1),
            b'}' => (Tok::CloseBrace, start + 1),
            b'[' => (Tok::OpenBracket, start + 1),
            b']' => (Tok::CloseBracket, start + 1),
            b',' => (Tok::Comma, start + 1),
            b':' => (Tok::Colon, start + 1),
            b'"' => (Tok::String, string_end(text, start + 1)?),
            b'-' | b'0'..=b'9' => (Tok::Scalar, number_end(text, start)?),
            b't' => (Tok::Scalar, word_end(text, start, b"true")?),
            b'f' => (Tok::Scalar, word_end(text, start, b"false")?),
            b'n' => (Tok::Scalar, word_end(text, start, b"null")?),
            b'/' if comments_ok => {
                *at = comment_end(text, start)?;
                comments.push((start, *at));
                continue;
            }
            _ => return None,
        };
        *at = end;
        return Some((tok, start, end));
    }
}

/// The end of a string literal whose text starts at `from` (after its quote): JSON's escapes, and
/// no raw control character (the scanner takes those, but then the text is not plain JSON).
fn string_end(text: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    loop {
        i = plain_run_end(text, i);
        let rest = text.get(i..)?;
        i += rest.iter().position(|b| matches!(b, b'"' | b'\\') || *b < 0x20)?;
        match text[i] {
            b'"' => return Some(i + 1),
            b'\\' => match text.get(i + 1)? {
                b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => i += 2,
                b'u' => {
                    let hex = std::str::from_utf8(text.get(i + 2..i + 6)?).ok()?;
                    let unit = u32::from_str_radix(hex, 16).ok().filter(|_| hex.bytes().all(|b| b.is_ascii_hexdigit()))?;
                    // Half of a surrogate pair: the scanner pairs it or refuses it.
                    if (0xD800..=0xDFFF).contains(&unit) {
                        return None;
                    }
                    i += 6;
                }
                _ => return None,
            },
            _ => return None,
        }
    }
}

/// Past the whole words of eight bytes from `from` that hold no quote, backslash or control
/// character (the bytes of a string that end nothing), eight bytes a step: the string after it is
/// looked at a byte at a time.
fn plain_run_end(text: &[u8], mut i: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // Whether a byte of `w` is zero (exactly: a borrow only runs past a zero byte).
    let has_zero = |w: u64| w.wrapping_sub(ONES) & !w & HIGH != 0;
    while let Some(word) = text.get(i..i + 8) {
        let w = u64::from_ne_bytes(word.try_into().expect("eight bytes"));
        // A byte below 0x20 is one whose three high bits are zero once the others are cleared.
        let control = has_zero(w & u64::from_ne_bytes([0xe0; 8]));
        if control || has_zero(w ^ u64::from_ne_bytes([b'"'; 8])) || has_zero(w ^ u64::from_ne_bytes([b'\\'; 8])) {
            break;
        }
        i += 8;
    }
    i
}

/// The end of a JSON number starting at `start` (the scanner reads the same bytes for it).
fn number_end(text: &[u8], start: usize) -> Option<usize> {
    let digits = |mut i: usize| {
        while let Some(b'0'..=b'9') = text.get(i) {
            i += 1;
        }
        i
    };
    let mut i = start + usize::from(text[start] == b'-');
    i = match text.get(i)? {
        b'0' => i + 1,
        b'1'..=b'9' => digits(i + 1),
        _ => return None,
    };
    if text.get(i) == Some(&b'.') {
        if !text.get(i + 1)?.is_ascii_digit() {
            return None;
        }
        i = digits(i + 1);
    }
    if let Some(b'e' | b'E') = text.get(i) {
        i += 1 + usize::from(matches!(text.get(i + 1), Some(b'+' | b'-')));
        if !text.get(i)?.is_ascii_digit() {
            return None;
        }
        i = digits(i);
    }
    Some(i)
}

/// The end of the literal `word` at `start`, when it is not the start of a longer word.
fn word_end(text: &[u8], start: usize, word: &[u8]) -> Option<usize> {
    let end = start + word.len();
    let whole =
        text.get(start..end) == Some(word) && text.get(end).is_none_or(|b| !(b.is_ascii_alphanumeric() || *b == b'$' || *b >= 0x80));
    whole.then_some(end)
}

/// The end of the comment at `start` (a `/`): a line comment ends before its line break (`\n` or
/// `\r`), a block comment after its `*/`.
fn comment_end(text: &[u8], start: usize) -> Option<usize> {
    let body = start + 2;
    match text.get(start + 1)? {
        b'/' => Some(body + text[body..].iter().position(|b| matches!(b, b'\n' | b'\r')).unwrap_or(text.len() - body)),
        b'*' => text.get(body..)?.windows(2).position(|w| w == b"*/").map(|i| body + i + 2),
        _ => None,
    }
}
