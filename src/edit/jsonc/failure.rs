//! Why a text does not parse as the agent reads it, and where: the messages and constructs the
//! planner shows a person whose file gitvow leaves alone.

use crate::agents::Strictness;
use crate::edit::tree::{Tree, parse_options};
use jsonc_parser::tokens::Token;
use jsonc_parser::{CollectOptions, CommentCollectionStrategy};

/// Where parsing failed: a byte offset into the file and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseFailure {
    pub offset: usize,
    pub message: String,
    /// The construct the agent does not read, when that is what failed ("comments", "a trailing
    /// comma"), for the sentence saying what the agent would do with the file.
    pub construct: Option<&'static str>,
}

pub(super) const COMMENTS: &str = "comments";
pub(super) const TRAILING_COMMA: &str = "a trailing comma";
pub(super) const BOM_CONSTRUCT: &str = "a byte-order mark";
pub(super) const CONTROL: &str = "a raw control character inside a string";

/// Line and column (both counted from 1; the column in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, col)
}

/// Where bytes stop being UTF-8 text: the line and column just after the valid prefix.
pub fn utf8_error_place(bytes: &[u8], error: &std::str::Utf8Error) -> (usize, usize) {
    let good = std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default();
    line_col(good, good.len())
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The message of a text that holds no value at all (only comments, or nothing).
pub(super) const NO_VALUE: &str = "expected a JSON object";

/// Indexes `body`; for a text that does not parse, says where and why, as `jsonc_parser` does.
pub(super) fn parse(body: &str, strictness: Strictness) -> Result<Tree, ParseFailure> {
    Tree::build(body, strictness).ok_or_else(|| failure(body, strictness))
}

/// [`parse`], and for an agent that reads plain JSON, whether the text is plain JSON (see
/// [`Tree::build_plain`]).
pub(super) fn parse_plain(body: &str, strictness: Strictness) -> Result<(Tree, bool), ParseFailure> {
    Tree::build_plain(body, strictness).ok_or_else(|| failure(body, strictness))
}

/// Why `body` does not parse: asked of `jsonc_parser` (a whole syntax tree, but only for a file
/// that is refused anyway), whose messages the index's grammar follows.
fn failure(body: &str, strictness: Strictness) -> ParseFailure {
    let collect = CollectOptions { comments: CommentCollectionStrategy::AsTokens, tokens: true };
    let result = jsonc_parser::parse_to_ast(body, &collect, &parse_options(strictness)).map_err(|e| {
        // Comments are collected as tokens, so the parser does not stop at one: a comment before
        // the place it did stop at is the first thing the agent trips over.
        if let Some(offset) = first_comment(body, strictness).filter(|o| *o < e.range().start) {
            return ParseFailure { offset, message: "a comment".into(), construct: Some(COMMENTS) };
        }
        let (message, construct) = match e.kind() {
            jsonc_parser::errors::ParseErrorKind::TrailingCommasNotAllowed => ("a trailing comma".to_string(), Some(TRAILING_COMMA)),
            jsonc_parser::errors::ParseErrorKind::CommentsNotAllowed => ("a comment".to_string(), Some(COMMENTS)),
            kind => (lowercase_first(&kind.to_string()), None),
        };
        ParseFailure { offset: e.range().start, message, construct }
    });
    let result = match result {
        Ok(result) => result,
        Err(failure) => return failure,
    };
    // Comments collected as tokens are not checked against `allow_comments`: refuse them here.
    if !strictness.allows_comments()
        && let Some(comment) = result.tokens.iter().flatten().find(|t| matches!(t.token, Token::CommentLine(_) | Token::CommentBlock(_)))
    {
        return ParseFailure { offset: comment.range.start, message: "a comment".into(), construct: Some(COMMENTS) };
    }
    match &result.value {
        None => ParseFailure { offset: 0, message: NO_VALUE.into(), construct: None },
        // The index refuses what `jsonc_parser` accepts only past its nesting depth.
        Some(_) => ParseFailure { offset: 0, message: "nesting too deep".into(), construct: None },
    }
}

/// Where the first comment of a text is, when the agent does not read comments (a lenient parse
/// finds it; `None` also when even that parse fails before reaching one).
fn first_comment(body: &str, strictness: Strictness) -> Option<usize> {
    if strictness.allows_comments() {
        return None;
    }
    let collect = CollectOptions { comments: CommentCollectionStrategy::AsTokens, tokens: true };
    let result = jsonc_parser::parse_to_ast(body, &collect, &parse_options(Strictness::Lenient)).ok()?;
    result.tokens?.iter().find(|t| matches!(t.token, Token::CommentLine(_) | Token::CommentBlock(_))).map(|t| t.range.start)
}

/// A strict agent reads its file with a strict JSON parser: what `serde_json` rejects, the agent
/// rejects too, raw control characters in strings and a byte-order mark among them (`jsonc_parser`
/// accepts both). `IgnoredAny` checks the syntax without building anything.
pub(super) fn strict_check(text: &str) -> Result<(), ParseFailure> {
    let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(text) else { return Ok(()) };
    let what = e.to_string();
    let what = what.split(" at line ").next().unwrap_or(&what);
    // serde_json counts lines from 1 and columns in bytes: for an error on a byte it looked ahead
    // at, the column of that byte counted from 1; for a control character it had reached in a
    // string, the number of bytes before it on the line.
    let control = what.starts_with("control character");
    let line_start: usize = text.split_inclusive('\n').take(e.line().saturating_sub(1)).map(str::len).sum();
    let column = if control { e.column() } else { e.column().saturating_sub(1) };
    let offset = (line_start + column).min(text.len());
    let (message, construct) = if control {
        ("a raw control character inside a string (write it escaped, e.g. \\t for a tab)".to_string(), Some(CONTROL))
    } else {
        (what.to_string(), None)
    };
    Err(ParseFailure { offset: floor_char_boundary(text, offset), message, construct })
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}
