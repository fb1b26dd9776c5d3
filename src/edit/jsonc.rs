//! Format-preserving edits of JSON and JSONC files.
//!
//! Every edit is a splice of the original text: the parser gives the byte range of each value and
//! token, and an edit replaces one range. Nothing is re-serialised, so comments, key order,
//! indentation, line endings, a byte-order mark and trailing commas outside the edited range stay
//! byte for byte. Insertion and removal are written as exact inverses of each other, so removing an
//! entry gitvow appended gives back the text as it was before.
//!
//! Each operation parses the current text afresh: the planner makes a handful of edits per file, and
//! working on a fresh tree each time keeps every range honest.

use crate::agents::Strictness;
use jsonc_parser::ast::{self, ObjectPropName};
use jsonc_parser::common::Ranged;
use jsonc_parser::tokens::Token;
use jsonc_parser::{CollectOptions, CommentCollectionStrategy, ParseOptions};
use serde_json::Value;

const BOM: &str = "\u{feff}";

/// Where parsing failed: a byte offset into the file and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseFailure {
    pub offset: usize,
    pub message: String,
}

impl ParseFailure {
    /// `line:column` (both from 1, column in characters) of the failure in `text`.
    pub fn line_col(&self, text: &str) -> (usize, usize) {
        line_col(text, self.offset)
    }
}

/// Line and column (both counted from 1; the column in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, col)
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// One step into a JSON value: an object key or an array index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    Key(String),
    Index(usize),
}

pub fn key(k: &str) -> Seg {
    Seg::Key(k.to_string())
}

/// The whitespace conventions of a file, followed by any text gitvow adds to it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Style {
    newline: &'static str,
    indent: String,
    /// The file is laid out on several lines (otherwise new values are written on one line).
    multiline: bool,
    /// `": "` rather than `":"` between a key and its value.
    colon_space: bool,
}

/// A JSON or JSONC document being edited. The text is kept as the file's exact bytes (minus a
/// byte-order mark, which is put back by [`JsonDoc::text`]).
#[derive(Clone, Debug)]
pub struct JsonDoc {
    bom: bool,
    body: String,
    strictness: Strictness,
}

/// A parsed view of the current text, valid until the next edit.
struct Parsed<'a> {
    root: Option<ast::Value<'a>>,
    /// All tokens including comments, in order.
    tokens: Vec<(usize, usize, TokenKind)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TokenKind {
    Comma,
    Comment,
    Other,
}

/// A container located in the tree: its open and close delimiters and its items' ranges.
struct Container {
    open: usize,
    close: usize,
    /// For objects the whole `"key": value` range, for arrays the element's range.
    items: Vec<(usize, usize)>,
}

fn parse_options(strictness: Strictness) -> ParseOptions {
    ParseOptions {
        allow_comments: strictness != Strictness::Strict,
        allow_trailing_commas: strictness == Strictness::Lenient,
        allow_loose_object_property_names: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

fn parse(body: &str, strictness: Strictness) -> Result<Parsed<'_>, ParseFailure> {
    let collect = CollectOptions { comments: CommentCollectionStrategy::AsTokens, tokens: true };
    let result = jsonc_parser::parse_to_ast(body, &collect, &parse_options(strictness)).map_err(|e| {
        let message = match e.kind() {
            jsonc_parser::errors::ParseErrorKind::TrailingCommasNotAllowed => {
                "trailing commas are not allowed in this file (the agent rejects them)".to_string()
            }
            jsonc_parser::errors::ParseErrorKind::CommentsNotAllowed => {
                "comments are not allowed in this file (the agent parses strict JSON)".to_string()
            }
            kind => lowercase_first(&kind.to_string()),
        };
        ParseFailure { offset: e.range().start, message }
    })?;
    // Comments collected as tokens are not checked against `allow_comments`: refuse them here.
    if strictness == Strictness::Strict
        && let Some(comment) = result.tokens.iter().flatten().find(|t| matches!(t.token, Token::CommentLine(_) | Token::CommentBlock(_)))
    {
        return Err(ParseFailure {
            offset: comment.range.start,
            message: "comments are not allowed in this file (the agent parses strict JSON)".into(),
        });
    }
    let tokens = result
        .tokens
        .unwrap_or_default()
        .into_iter()
        .map(|t| {
            let kind = match t.token {
                Token::Comma => TokenKind::Comma,
                Token::CommentLine(_) | Token::CommentBlock(_) => TokenKind::Comment,
                _ => TokenKind::Other,
            };
            (t.range.start, t.range.end, kind)
        })
        .collect();
    Ok(Parsed { root: result.value, tokens })
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Why a value at a path is not what the planner needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeError {
    pub offset: usize,
    /// What was expected there, e.g. "`hooks` to be an object".
    pub expected: String,
}

impl JsonDoc {
    /// Parses `text` with the agent's strictness. An empty or whitespace-only text is an empty object.
    pub fn parse(text: &str, strictness: Strictness) -> Result<JsonDoc, ParseFailure> {
        let (bom, body) = match text.strip_prefix(BOM) {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let body = if body.trim().is_empty() { "{}\n".to_string() } else { body.to_string() };
        let parsed = parse(&body, strictness)?;
        if parsed.root.is_none() {
            return Err(ParseFailure { offset: 0, message: "expected a JSON object".into() });
        }
        Ok(JsonDoc { bom, body, strictness })
    }

    /// The document's text, byte-order mark included.
    pub fn text(&self) -> String {
        if self.bom { format!("{BOM}{}", self.body) } else { self.body.clone() }
    }

    /// Offset of a body position within the full text (for line and column numbers).
    pub fn text_offset(&self, body_offset: usize) -> usize {
        body_offset + if self.bom { BOM.len() } else { 0 }
    }

    fn parsed(&self) -> Parsed<'_> {
        parse(&self.body, self.strictness).expect("the document parsed when it was created and after every edit")
    }

    /// The value at `path`, as plain JSON, or `None` when the path does not exist.
    pub fn get(&self, path: &[Seg]) -> Option<Value> {
        let parsed = self.parsed();
        locate(parsed.root.as_ref()?, path).map(to_json)
    }

    /// Object keys at `path` in document order (empty when it is not an object).
    pub fn keys(&self, path: &[Seg]) -> Vec<String> {
        let parsed = self.parsed();
        match parsed.root.as_ref().and_then(|r| locate(r, path)) {
            Some(ast::Value::Object(o)) => o.properties.iter().map(|p| prop_name(&p.name)).collect(),
            _ => Vec::new(),
        }
    }

    /// Checks that the value at `path`, when present, is an object (`want_array` false) or an array.
    pub fn expect_kind(&self, path: &[Seg], want_array: bool, what: &str) -> Result<(), ShapeError> {
        let parsed = self.parsed();
        let Some(root) = parsed.root.as_ref() else { return Ok(()) };
        if path.is_empty() && !matches!(root, ast::Value::Object(_)) {
            return Err(ShapeError { offset: root.range().start, expected: "the top level to be an object".into() });
        }
        match locate(root, path) {
            None => Ok(()),
            Some(ast::Value::Array(_)) if want_array => Ok(()),
            Some(ast::Value::Object(_)) if !want_array => Ok(()),
            Some(v) => Err(ShapeError {
                offset: v.range().start,
                expected: format!("{what} to be {}", if want_array { "an array" } else { "an object" }),
            }),
        }
    }

    /// Whether the document holds anything but an empty object: any key or any comment.
    pub fn is_empty_object(&self) -> bool {
        let parsed = self.parsed();
        let no_keys = matches!(&parsed.root, Some(ast::Value::Object(o)) if o.properties.is_empty());
        no_keys && !parsed.tokens.iter().any(|t| t.2 == TokenKind::Comment)
    }

    /// Whether the container at `path` holds comments (then removing it would lose them).
    pub fn has_comments_in(&self, path: &[Seg]) -> bool {
        let parsed = self.parsed();
        match parsed.root.as_ref().and_then(|r| locate(r, path)) {
            Some(v) => {
                let r = v.range();
                parsed.tokens.iter().any(|t| t.2 == TokenKind::Comment && t.0 >= r.start && t.1 <= r.end)
            }
            None => false,
        }
    }

    /// Appends `"name": value` at the end of the object at `path`.
    pub fn insert_property(&mut self, path: &[Seg], name: &str, value: &Value) {
        let name_json = serde_json::to_string(name).expect("a string serialises");
        self.insert_last(path, |style, indent| {
            let colon = if style.colon_space { ": " } else { ":" };
            format!("{name_json}{colon}{}", render(value, style, indent))
        });
    }

    /// Appends `value` at the end of the array at `path`.
    pub fn append_element(&mut self, path: &[Seg], value: &Value) {
        self.insert_last(path, |style, indent| render(value, style, indent));
    }

    /// Replaces the value at `path` (which must exist) by `value`, written in the file's style.
    pub fn replace_value(&mut self, path: &[Seg], value: &Value) {
        let style = self.style();
        let (start, end) = {
            let parsed = self.parsed();
            let target = parsed.root.as_ref().and_then(|r| locate(r, path)).expect("replace_value on an existing path");
            let r = target.range();
            (r.start, r.end)
        };
        let indent = line_indent(&self.body, start).to_string();
        let text = render(value, &style, &indent);
        self.body.replace_range(start..end, &text);
    }

    /// Removes the property `name` from the object at `path`, or the element at index `i` of the
    /// array at `path`: the exact inverse of [`insert_property`](Self::insert_property) and
    /// [`append_element`](Self::append_element).
    pub fn remove(&mut self, path: &[Seg], item: &Seg) {
        let edits = {
            let parsed = self.parsed();
            let container = parsed.root.as_ref().and_then(|r| locate(r, path)).expect("remove from an existing container");
            let index = match (container, item) {
                (ast::Value::Object(o), Seg::Key(k)) => o.properties.iter().rposition(|p| prop_name(&p.name) == *k),
                (ast::Value::Array(a), Seg::Index(i)) if *i < a.elements.len() => Some(*i),
                _ => None,
            };
            let Some(index) = index else { return };
            removal_edits(&self.body, &parsed, &container_of(container), index)
        };
        self.apply(edits);
    }

    /// Applies non-overlapping `(start, end, replacement)` edits, last first so offsets stay valid.
    fn apply(&mut self, mut edits: Vec<(usize, usize, String)>) {
        edits.sort_by_key(|e| std::cmp::Reverse(e.0));
        for (start, end, text) in edits {
            self.body.replace_range(start..end, &text);
        }
    }

    fn insert_last(&mut self, path: &[Seg], item: impl Fn(&Style, &str) -> String) {
        let style = self.style();
        let edits = {
            let parsed = self.parsed();
            let container = parsed.root.as_ref().and_then(|r| locate(r, path)).expect("insert into an existing container");
            insertion_edits(&self.body, &parsed, &container_of(container), &style, item)
        };
        self.apply(edits);
    }

    fn style(&self) -> Style {
        let body = &self.body;
        let newline = if body.contains("\r\n") { "\r\n" } else { "\n" };
        let parsed = self.parsed();
        let root_range = parsed.root.as_ref().map(|r| r.range());
        // A one-line document keeps new text on one line; an empty one gets the default layout.
        let root_empty = matches!(&parsed.root, Some(ast::Value::Object(o)) if o.properties.is_empty());
        let multiline = root_empty || root_range.is_some_and(|r| body[r.start..r.end].contains('\n'));
        let indent = body
            .lines()
            .skip(1)
            .map(|l| &l[..l.len() - l.trim_start_matches([' ', '\t']).len()])
            .find(|ws| !ws.is_empty())
            .map(str::to_string)
            .unwrap_or_else(|| "  ".to_string());
        let colon_space = match &parsed.root {
            Some(ast::Value::Object(o)) => match o.properties.first() {
                Some(p) => {
                    let between = &body[p.name.range().end..p.value.range().start];
                    between.contains(": ") || between.contains(":\t") || between.contains(":\n")
                }
                None => true,
            },
            _ => true,
        };
        Style { newline, indent, multiline, colon_space }
    }
}

fn prop_name(name: &ObjectPropName<'_>) -> String {
    match name {
        ObjectPropName::String(s) => s.value.to_string(),
        ObjectPropName::Word(w) => w.value.to_string(),
    }
}

/// The value at `path` below `root`. For a repeated key the last one counts, as it does for the
/// agents' own JSON parsers.
fn locate<'a, 'b>(root: &'b ast::Value<'a>, path: &[Seg]) -> Option<&'b ast::Value<'a>> {
    let mut cur = root;
    for seg in path {
        cur = match (cur, seg) {
            (ast::Value::Object(o), Seg::Key(k)) => &o.properties.iter().rev().find(|p| prop_name(&p.name) == *k)?.value,
            (ast::Value::Array(a), Seg::Index(i)) => a.elements.get(*i)?,
            _ => return None,
        };
    }
    Some(cur)
}

fn container_of(value: &ast::Value<'_>) -> Container {
    let r = value.range();
    let items = match value {
        ast::Value::Object(o) => o.properties.iter().map(|p| (p.range.start, p.range.end)).collect(),
        ast::Value::Array(a) => a.elements.iter().map(|e| (e.range().start, e.range().end)).collect(),
        _ => Vec::new(),
    };
    Container { open: r.start, close: r.end - 1, items }
}

/// Plain JSON for an AST value.
pub fn to_json(value: &ast::Value<'_>) -> Value {
    match value {
        ast::Value::StringLit(s) => Value::String(s.value.to_string()),
        ast::Value::NumberLit(n) => serde_json::from_str(n.value).unwrap_or(Value::Null),
        ast::Value::BooleanLit(b) => Value::Bool(b.value),
        ast::Value::NullKeyword(_) => Value::Null,
        ast::Value::Array(a) => Value::Array(a.elements.iter().map(to_json).collect()),
        ast::Value::Object(o) => {
            let mut map = serde_json::Map::new();
            for p in &o.properties {
                map.insert(prop_name(&p.name), to_json(&p.value));
            }
            Value::Object(map)
        }
    }
}

/// The indentation of the line that holds byte `pos`.
fn line_indent(body: &str, pos: usize) -> &str {
    let line_start = body[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line = &body[line_start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// The first token starting at or after `pos`.
fn token_at_or_after(parsed: &Parsed<'_>, pos: usize) -> Option<(usize, usize, TokenKind)> {
    let i = parsed.tokens.partition_point(|t| t.0 < pos);
    parsed.tokens.get(i).copied()
}

/// The last token ending at or before `pos`.
fn token_before(parsed: &Parsed<'_>, pos: usize) -> Option<(usize, usize, TokenKind)> {
    let i = parsed.tokens.partition_point(|t| t.1 <= pos);
    i.checked_sub(1).map(|i| parsed.tokens[i])
}

/// The comma that directly follows `pos`, skipping whitespace and comments.
fn comma_after(parsed: &Parsed<'_>, mut pos: usize) -> Option<usize> {
    loop {
        let t = token_at_or_after(parsed, pos)?;
        match t.2 {
            TokenKind::Comma => return Some(t.0),
            TokenKind::Comment => pos = t.1,
            TokenKind::Other => return None,
        }
    }
}

/// The comma that directly precedes `pos`, skipping whitespace and comments.
fn comma_before(parsed: &Parsed<'_>, mut pos: usize) -> Option<usize> {
    loop {
        let t = token_before(parsed, pos)?;
        match t.2 {
            TokenKind::Comma => return Some(t.0),
            TokenKind::Comment => pos = t.0,
            TokenKind::Other => return None,
        }
    }
}

/// The end of a comment that starts on the same line right after `pos`, else `pos`: text added after
/// an item goes after such a comment, so the comment stays with the item it annotates.
fn after_same_line_comment(body: &str, parsed: &Parsed<'_>, pos: usize) -> usize {
    match token_at_or_after(parsed, pos) {
        Some((start, end, TokenKind::Comment)) if !body[pos..start].contains('\n') && body[pos..start].trim().is_empty() => {
            end
        }
        _ => pos,
    }
}

/// The start of the run of whitespace that ends at `pos`.
fn whitespace_start(body: &str, pos: usize) -> usize {
    pos - (body[..pos].len() - body[..pos].trim_end().len())
}

fn insertion_edits(
    body: &str,
    parsed: &Parsed<'_>,
    c: &Container,
    style: &Style,
    item: impl Fn(&Style, &str) -> String,
) -> Vec<(usize, usize, String)> {
    let Some(&(last_start, last_end)) = c.items.last() else {
        let inner = &body[c.open + 1..c.close];
        let outer_indent = line_indent(body, c.open);
        if !style.multiline {
            let flat = Style { multiline: false, ..style.clone() };
            return vec![(c.open + 1, c.close, format!("{}{}", inner.trim(), item(&flat, "")))];
        }
        let child_indent = format!("{outer_indent}{}", style.indent);
        let text = item(style, &child_indent);
        if inner.trim().is_empty() {
            return vec![(c.open + 1, c.close, format!("{nl}{child_indent}{text}{nl}{outer_indent}", nl = style.newline))];
        }
        // Only comments inside: keep them, and put the item after the last one.
        let last_comment_end = c.open + 1 + inner.trim_end().len();
        let closing = if inner[inner.trim_end().len()..].contains('\n') { "" } else { style.newline };
        let tail = if closing.is_empty() { String::new() } else { format!("{closing}{outer_indent}") };
        return vec![(last_comment_end, last_comment_end, format!("{}{child_indent}{text}{tail}", style.newline))];
    };
    // The separator before the last item tells how items are laid out: on their own lines, or inline.
    let before_last = comma_before(parsed, last_start).map_or(c.open + 1, |p| p + 1);
    let gap = &body[before_last..last_start];
    let on_own_lines = gap.contains('\n');
    let (sep, indent, item_style) = if on_own_lines {
        let indent = line_indent(body, last_start).to_string();
        (format!("{}{indent}", style.newline), indent, style.clone())
    } else {
        let sep = if gap.trim().is_empty() { gap.to_string() } else { " ".to_string() };
        (sep, String::new(), Style { multiline: false, ..style.clone() })
    };
    let text = item(&item_style, &indent);
    match comma_after(parsed, last_end) {
        Some(trailing) => {
            let at = after_same_line_comment(body, parsed, trailing + 1);
            vec![(at, at, format!("{sep}{text},"))]
        }
        None => {
            let at = after_same_line_comment(body, parsed, last_end);
            if at == last_end {
                vec![(last_end, last_end, format!(",{sep}{text}"))]
            } else {
                vec![(last_end, last_end, ",".to_string()), (at, at, format!("{sep}{text}"))]
            }
        }
    }
}

fn removal_edits(body: &str, parsed: &Parsed<'_>, c: &Container, index: usize) -> Vec<(usize, usize, String)> {
    let (start, end) = c.items[index];
    let last = index + 1 == c.items.len();
    let only_item = c.items.len() == 1;
    let comments_inside =
        parsed.tokens.iter().any(|t| t.2 == TokenKind::Comment && t.0 > c.open && t.1 <= c.close);
    if only_item && !comments_inside {
        // The inverse of filling an empty container.
        return vec![(c.open + 1, c.close, String::new())];
    }
    let ws_start = whitespace_start(body, start);
    if last {
        match comma_after(parsed, end) {
            Some(trailing) => vec![(ws_start, end, String::new()), (trailing, trailing + 1, String::new())],
            None => match comma_before(parsed, start) {
                Some(sep) => vec![(sep, sep + 1, String::new()), (ws_start, end, String::new())],
                None => vec![(ws_start, end, String::new())],
            },
        }
    } else {
        let comma = comma_after(parsed, end).expect("items are separated by commas");
        if index == 0 {
            let next = token_at_or_after(parsed, comma + 1).map_or(comma + 1, |t| t.0);
            let next = if body[comma + 1..next].trim().is_empty() { next } else { comma + 1 };
            vec![(start, next, String::new())]
        } else {
            vec![(ws_start, end, String::new()), (comma, comma + 1, String::new())]
        }
    }
}

/// `value` written in the file's style, its first line starting at the current position and further
/// lines indented from `indent` (the indentation of the line it starts on).
fn render(value: &Value, style: &Style, indent: &str) -> String {
    let mut out = String::new();
    render_into(&mut out, value, style, indent);
    out
}

fn render_into(out: &mut String, value: &Value, style: &Style, indent: &str) {
    let colon = if style.colon_space { ": " } else { ":" };
    let (items, open, close): (Vec<(Option<&String>, &Value)>, char, char) = match value {
        Value::Object(m) if !m.is_empty() => (m.iter().map(|(k, v)| (Some(k), v)).collect(), '{', '}'),
        Value::Array(a) if !a.is_empty() => (a.iter().map(|v| (None, v)).collect(), '[', ']'),
        other => {
            out.push_str(&serde_json::to_string(other).expect("JSON values serialise"));
            return;
        }
    };
    let child_indent = format!("{indent}{}", style.indent);
    out.push(open);
    for (i, (k, v)) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
            if !style.multiline && style.colon_space {
                out.push(' ');
            }
        }
        if style.multiline {
            out.push_str(style.newline);
            out.push_str(&child_indent);
        }
        if let Some(k) = k {
            out.push_str(&serde_json::to_string(k).expect("a string serialises"));
            out.push_str(colon);
        }
        render_into(out, v, style, &child_indent);
    }
    if style.multiline {
        out.push_str(style.newline);
        out.push_str(indent);
    }
    out.push(close);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn doc(text: &str) -> JsonDoc {
        JsonDoc::parse(text, Strictness::Lenient).unwrap()
    }

    #[test]
    fn append_then_remove_is_identity() {
        let cases = [
            "{\n  \"a\": [1, 2]\n}\n",
            "{\n  \"a\": [\n    1,\n    2,\n  ]\n}\n",
            "{\n  \"a\": [\n    1 // one\n  ]\n}",
            "{\n  \"a\": [\n    1, // one\n  ]\n}",
            "{\"a\":[1,2]}",
            "{\"a\":[]}",
            "{\r\n\t\"a\": [\r\n\t\t1\r\n\t]\r\n}\r\n",
        ];
        for text in cases {
            let mut d = doc(text);
            d.append_element(&[key("a")], &json!({"x": [1, {"y": "z"}]}));
            assert!(JsonDoc::parse(&d.text(), Strictness::Lenient).is_ok(), "{}", d.text());
            let n = d.get(&[key("a")]).unwrap().as_array().unwrap().len();
            d.remove(&[key("a")], &Seg::Index(n - 1));
            assert_eq!(d.text(), text);
        }
    }

    #[test]
    fn insert_property_follows_indentation() {
        let mut d = doc("{\n    \"a\": 1\n}\n");
        d.insert_property(&[], "hooks", &json!({"E": [1]}));
        assert_eq!(d.text(), "{\n    \"a\": 1,\n    \"hooks\": {\n        \"E\": [\n            1\n        ]\n    }\n}\n");
        d.remove(&[], &key("hooks"));
        assert_eq!(d.text(), "{\n    \"a\": 1\n}\n");
    }

    #[test]
    fn empty_object_gets_two_space_indent() {
        let mut d = doc("");
        d.insert_property(&[], "hooks", &json!({}));
        assert_eq!(d.text(), "{\n  \"hooks\": {}\n}\n");
    }

    #[test]
    fn line_col_counts_from_one() {
        assert_eq!(line_col("{\n  x", 4), (2, 3));
    }
}
