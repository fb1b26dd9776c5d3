//! Format-preserving edits of JSON and JSONC files.
//!
//! Every edit is a splice of the original text: the parser gives the byte range of each value and
//! token, and an edit replaces one range. Nothing is re-serialised, so comments, key order,
//! indentation, line endings, a byte-order mark and trailing commas outside the edited range stay
//! byte for byte. Insertion and removal are written as exact inverses of each other, so removing an
//! entry gitvow appended gives back the text as it was before.
//!
//! Each operation indexes the current text afresh: the planner makes a handful of edits per file, and
//! working on a fresh index each time keeps every range honest. The index ([`Tree`]) holds byte
//! ranges only, so that a file of many megabytes costs about its own size once more.

use super::tree::{Id, Tree, ValueKind, parse_options};
use crate::agents::Strictness;
use crate::safefs::Bytes;
use jsonc_parser::tokens::Token;
use jsonc_parser::{CollectOptions, CommentCollectionStrategy};
use serde_json::Value;
use std::sync::OnceLock;

const BOM: &str = "\u{feff}";

/// Where parsing failed: a byte offset into the file and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseFailure {
    pub offset: usize,
    pub message: String,
    /// The construct the agent does not read, when that is what failed ("comments", "a trailing
    /// comma"), for the sentence saying what the agent would do with the file.
    pub construct: Option<&'static str>,
}

const COMMENTS: &str = "comments";
const TRAILING_COMMA: &str = "a trailing comma";
const BOM_CONSTRUCT: &str = "a byte-order mark";
const CONTROL: &str = "a raw control character inside a string";

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

/// The kind of a value and its number of members (see [`JsonDoc::shape`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Object(usize),
    Array(usize),
    Scalar,
}

/// One step into a JSON value: an object key or an array index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonStep {
    Key(String),
    Index(usize),
}

pub fn key(k: &str) -> JsonStep {
    JsonStep::Key(k.to_string())
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
    body: DocText,
    strictness: Strictness,
    /// The index of the current text, made again on first use after an edit (none is made after
    /// the last edit).
    tree: OnceLock<Tree>,
}

/// The text after any byte-order mark: until the first edit, the bytes the document was read
/// from, shared with whoever read them (a large file is then held once, not twice).
#[derive(Clone, Debug)]
enum DocText {
    Owned(String),
    /// Checked to be UTF-8 when the document was made; `from` skips the byte-order mark.
    Shared {
        bytes: Bytes,
        from: usize,
    },
}

/// A container located in the tree: its open and close delimiters and how many items it holds.
struct Container {
    open: usize,
    close: usize,
    len: usize,
}

/// Items `first..=last` of a container (a run of neighbours) and their surroundings: the range
/// from the first item's start (a member's name) to the last one's end, the end of the item
/// before the run and the start of the one after it.
#[derive(Clone, Copy)]
struct Run {
    first: usize,
    last: usize,
    start: usize,
    end: usize,
    before_end: Option<usize>,
    after_start: Option<usize>,
}

/// Up to this many edits are made in place in a text the document owns (each moves the rest of
/// the text once); more are made by writing the text anew, in one pass.
const IN_PLACE_EDITS: usize = 4;

/// The message of a text that holds no value at all (only comments, or nothing).
const NO_VALUE: &str = "expected a JSON object";

/// Indexes `body`; for a text that does not parse, says where and why, as `jsonc_parser` does.
fn parse(body: &str, strictness: Strictness) -> Result<Tree, ParseFailure> {
    Tree::build(body, strictness).ok_or_else(|| failure(body, strictness))
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
fn strict_check(text: &str) -> Result<(), ParseFailure> {
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
        Self::parse_body(text, None, strictness)
    }

    /// Parses the bytes of a file as [`parse`](Self::parse) does, keeping them shared rather than
    /// copied until the first edit. Bytes that are not UTF-8 are refused where they stop being text.
    pub fn parse_shared(bytes: &Bytes, strictness: Strictness) -> Result<JsonDoc, ParseFailure> {
        let text = std::str::from_utf8(bytes).map_err(|e| ParseFailure {
            offset: e.valid_up_to(),
            message: "the file is not UTF-8 text".into(),
            construct: None,
        })?;
        Self::parse_body(text, Some(bytes), strictness)
    }

    /// `shared`: the bytes `text` is, to keep instead of a copy.
    fn parse_body(text: &str, shared: Option<&Bytes>, strictness: Strictness) -> Result<JsonDoc, ParseFailure> {
        let (bom, body) = match text.strip_prefix(BOM) {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let bom_len = if bom { BOM.len() } else { 0 };
        let mut body = match shared {
            _ if body.trim().is_empty() => DocText::Owned("{}\n".to_string()),
            Some(bytes) => DocText::Shared { bytes: Bytes::clone(bytes), from: bom_len },
            None => DocText::Owned(body.to_string()),
        };
        // Offsets in errors are into the whole text, byte-order mark included.
        let parsed = match parse(body_text(&body), strictness) {
            // Only comments: where the agent allows them, that is an empty object, as an empty file
            // is. The object goes after the comments, which stay as they are.
            Err(e) if e.message == NO_VALUE && strictness.allows_comments() => {
                let mut text = body_text(&body).to_string();
                if !text.ends_with('\n') {
                    text.push_str(if text.contains("\r\n") { "\r\n" } else { "\n" });
                }
                text.push_str("{}\n");
                body = DocText::Owned(text);
                parse(body_text(&body), strictness)
            }
            other => other,
        }
        .map_err(|e| ParseFailure { offset: e.offset + bom_len, ..e })?;
        if bom && !strictness.allows_bom() {
            return Err(ParseFailure { offset: 0, message: "a byte-order mark at the start".into(), construct: Some(BOM_CONSTRUCT) });
        }
        // After the parse above, whose messages name comments and trailing commas plainly.
        if strictness.is_strict_json() && !body_text(&body).trim().is_empty() {
            strict_check(body_text(&body)).map_err(|e| ParseFailure { offset: e.offset + bom_len, ..e })?;
        }
        Ok(JsonDoc { bom, body, strictness, tree: OnceLock::from(parsed) })
    }

    /// The text after any byte-order mark.
    fn body(&self) -> &str {
        body_text(&self.body)
    }

    /// The index of the text, made again after an edit. Every edit is a splice that keeps the
    /// document valid, so a failure here is a bug in an edit.
    fn tree(&self) -> &Tree {
        self.tree.get_or_init(|| parse(self.body(), self.strictness).expect("an edit keeps the document valid"))
    }

    /// The document's text, byte-order mark included.
    pub fn text(&self) -> String {
        if self.bom { format!("{BOM}{}", self.body()) } else { self.body().to_string() }
    }

    /// Offset of a body position within the full text (for line and column numbers).
    pub fn text_offset(&self, body_offset: usize) -> usize {
        body_offset + if self.bom { BOM.len() } else { 0 }
    }

    /// The value at `path`, or `None` when the path does not exist.
    fn locate(&self, path: &[JsonStep]) -> Option<Id> {
        let mut cur = self.tree().root();
        for seg in path {
            cur = match seg {
                JsonStep::Key(k) => self.tree().member(self.body(), cur, k)?,
                JsonStep::Index(i) => self.tree().element(cur, *i)?,
            };
        }
        Some(cur)
    }

    /// The value at `path`, as plain JSON, or `None` when the path does not exist.
    pub fn get(&self, path: &[JsonStep]) -> Option<Value> {
        self.locate(path).map(|id| self.tree().to_json(self.body(), id))
    }

    /// Each member of the object at `path` whose value is an array, in document order, in one walk
    /// over the object however many members it has: its index among the members, its name, and its
    /// elements as plain JSON, one at a time.
    pub fn each_array_member(&self, path: &[JsonStep], mut f: impl FnMut(usize, &str, &mut dyn Iterator<Item = Value>)) {
        let (tree, body) = (self.tree(), self.body());
        let Some(id) = self.locate(path).filter(|id| tree.kind(*id) == ValueKind::Object) else { return };
        for (i, member) in tree.items(id).enumerate().filter(|(_, m)| tree.kind(*m) == ValueKind::Array) {
            let mut elements = tree.items(member).map(|c| tree.to_json(body, c));
            f(i, &tree.name(body, member), &mut elements);
        }
    }

    /// Whether two members of the object at `path` may have the same name (a name's hash seen
    /// twice), for callers that treat such an object the slow, careful way.
    pub fn may_have_duplicate_keys(&self, path: &[JsonStep]) -> bool {
        use std::hash::BuildHasher;
        let (tree, body) = (self.tree(), self.body());
        let Some(id) = self.locate(path).filter(|id| tree.kind(*id) == ValueKind::Object) else { return false };
        let hasher = std::collections::hash_map::RandomState::new();
        let mut seen = std::collections::HashSet::new();
        !tree.items(id).all(|m| seen.insert(hasher.hash_one(tree.name(body, m))))
    }

    /// Each element of the array at `path`, as plain JSON, one at a time: an array of thousands of
    /// entries is never converted whole. Nothing when `path` is not an array.
    pub fn each_element(&self, path: &[JsonStep], mut f: impl FnMut(usize, Value)) {
        if let Some(id) = self.locate(path).filter(|id| self.tree().kind(*id) == ValueKind::Array) {
            for (i, c) in self.tree().items(id).enumerate() {
                f(i, self.tree().to_json(self.body(), c));
            }
        }
    }

    /// What kind of value is at `path` and how many members it has, without converting it (a
    /// look-up that [`get`](Self::get) would make cost the size of the value).
    pub fn shape(&self, path: &[JsonStep]) -> Option<Shape> {
        self.locate(path).map(|id| match self.tree().kind(id) {
            ValueKind::Object => Shape::Object(self.tree().len(id)),
            ValueKind::Array => Shape::Array(self.tree().len(id)),
            ValueKind::Scalar => Shape::Scalar,
        })
    }

    /// Offset in the full text where the value at `path` starts, for line and column numbers.
    pub fn offset_of(&self, path: &[JsonStep]) -> Option<usize> {
        self.locate(path).map(|id| self.text_offset(self.tree().range(id).0))
    }

    /// Object keys at `path` in document order (empty when it is not an object).
    pub fn keys(&self, path: &[JsonStep]) -> Vec<String> {
        match self.locate(path) {
            Some(id) if self.tree().kind(id) == ValueKind::Object => {
                self.tree().items(id).map(|c| self.tree().name(self.body(), c)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// Checks that the value at `path`, when present, is an object (`want_array` false) or an array.
    pub fn expect_kind(&self, path: &[JsonStep], want_array: bool, what: &str) -> Result<(), ShapeError> {
        let root = self.tree().root();
        if path.is_empty() && self.tree().kind(root) != ValueKind::Object {
            return Err(ShapeError { offset: self.tree().range(root).0, expected: "the top level to be an object".into() });
        }
        match self.locate(path).map(|id| (id, self.tree().kind(id))) {
            None => Ok(()),
            Some((_, ValueKind::Array)) if want_array => Ok(()),
            Some((_, ValueKind::Object)) if !want_array => Ok(()),
            Some((id, _)) => Err(ShapeError {
                offset: self.tree().range(id).0,
                expected: format!("{what} to be {}", if want_array { "an array" } else { "an object" }),
            }),
        }
    }

    /// Whether the document is an empty object without any comment.
    pub fn is_empty_object(&self) -> bool {
        let root = self.tree().root();
        self.tree().kind(root) == ValueKind::Object && self.tree().len(root) == 0 && !self.tree().has_comments()
    }

    /// Whether the value at `path` holds comments (then removing it would lose them).
    pub fn has_comments_in(&self, path: &[JsonStep]) -> bool {
        self.locate(path).is_some_and(|id| {
            let (start, end) = self.tree().range(id);
            self.tree().comment_within(start, end)
        })
    }

    /// Appends `"name": value` at the end of the object at `path`.
    pub fn insert_property(&mut self, path: &[JsonStep], name: &str, value: &Value) {
        let name_json = serde_json::to_string(name).expect("a string serialises");
        self.insert_last(path, |style, indent| {
            let colon = if style.colon_space { ": " } else { ":" };
            format!("{name_json}{colon}{}", render(value, style, indent))
        });
    }

    /// Appends `value` at the end of the array at `path`.
    pub fn append_element(&mut self, path: &[JsonStep], value: &Value) {
        self.insert_last(path, |style, indent| render(value, style, indent));
    }

    /// Replaces the value at `path` (which must exist) by `value`, written in the file's style.
    pub fn replace_value(&mut self, path: &[JsonStep], value: &Value) {
        let style = self.style();
        let (start, end) = self.tree().range(self.locate(path).expect("replace_value on an existing path"));
        let indent = line_indent(self.body(), start).to_string();
        let text = render(value, &style, &indent);
        self.apply(vec![(start, end, text)]);
    }

    /// Removes the property `name` from the object at `path`, or the element at index `i` of the
    /// array at `path`: the exact inverse of [`insert_property`](Self::insert_property) and
    /// [`append_element`](Self::append_element).
    pub fn remove(&mut self, path: &[JsonStep], item: &JsonStep) {
        let container = self.locate(path).expect("remove from an existing container");
        let tree = self.tree();
        let index = match (tree.kind(container), item) {
            (ValueKind::Object, JsonStep::Key(k)) => {
                tree.items(container).enumerate().filter(|(_, c)| tree.name_is(self.body(), *c, k)).map(|(i, _)| i).last()
            }
            // An object's member by its index too, for removing many at once.
            (_, JsonStep::Index(i)) => Some(*i),
            _ => None,
        };
        let Some(index) = index else { return };
        let c = self.container(container);
        let Some(&run) = self.runs(container, &[(index, index)]).first() else { return };
        let edits = removal_edits(&self.text_view(), &c, &run, self.comments_inside(&c));
        self.apply(edits);
    }

    /// Removes, from each array (or object) at a path, the elements (members) at the given indices,
    /// in one pass over the text: the same bytes as removing them one by one with
    /// [`remove`](Self::remove), last first, in time linear in the file rather than in the file
    /// times the number of elements. Runs of neighbours are removed as one; runs that only comments
    /// separate are removed one by one. The paths must not lie inside one another's removed items.
    pub fn remove_elements(&mut self, removals: &[(Vec<JsonStep>, Vec<usize>)]) {
        let mut edits = Vec::new();
        let mut one_by_one: Vec<(Vec<JsonStep>, Vec<usize>)> = Vec::new();
        for (path, indices) in removals {
            let Some(node) = self.locate(path).filter(|id| self.tree().kind(*id) != ValueKind::Scalar) else { continue };
            let mut indices = indices.clone();
            indices.sort_unstable();
            indices.dedup();
            let mut spans: Vec<(usize, usize)> = Vec::new();
            for i in indices.iter().copied() {
                match spans.last_mut() {
                    Some(run) if run.1 + 1 == i => run.1 = i,
                    _ => spans.push((i, i)),
                }
            }
            // Indices past the end are left out.
            let runs = self.runs(node, &spans);
            if runs.is_empty() {
                continue;
            }
            let c = self.container(node);
            // A run of several neighbours is removed as one item, which keeps a comment near it
            // differently than removing them one by one would: such a run is removed one by one.
            if runs
                .iter()
                .any(|r| r.first < r.last && self.tree().comment_within(r.before_end.unwrap_or(c.open), r.after_start.unwrap_or(c.close)))
            {
                one_by_one.push((path.clone(), runs.iter().flat_map(|r| r.first..=r.last).collect()));
                continue;
            }
            let inside = self.comments_inside(&c);
            let view = self.text_view();
            for run in &runs {
                edits.extend(removal_edits(&view, &c, run, inside));
            }
        }
        if !edits.is_empty() {
            self.apply(edits);
        }
        for (path, indices) in one_by_one {
            for i in indices.into_iter().rev() {
                self.remove(&path, &JsonStep::Index(i));
            }
        }
    }

    /// The runs `spans` (sorted, disjoint `(first, last)` item indices) of the container `id`, with
    /// their ranges and surroundings, found in one walk over its items. A run past the last item
    /// is left out, one that reaches past it is cut there.
    fn runs(&self, id: Id, spans: &[(usize, usize)]) -> Vec<Run> {
        let tree = self.tree();
        let mut out = Vec::with_capacity(spans.len());
        let mut next = 0;
        let mut open: Option<Run> = None;
        let mut prev_end = None;
        for (i, item) in tree.items(id).enumerate() {
            let (start, end) = tree.item_range(item);
            if let Some(mut run) = open.take() {
                if i <= spans[next].1 {
                    (run.last, run.end) = (i, end);
                    open = Some(run);
                } else {
                    out.push(Run { after_start: Some(start), ..run });
                    next += 1;
                }
            }
            if open.is_none() {
                if next == spans.len() {
                    break;
                }
                if i == spans[next].0 {
                    open = Some(Run { first: i, last: i, start, end, before_end: prev_end, after_start: None });
                }
            }
            prev_end = Some(end);
        }
        out.extend(open);
        out
    }

    /// A container located in the tree: its delimiters and how many items it holds.
    fn container(&self, id: Id) -> Container {
        let (start, end) = self.tree().range(id);
        Container { open: start, close: end - 1, len: self.tree().len(id) }
    }

    /// Whether a comment lies between the delimiters of `c`.
    fn comments_inside(&self, c: &Container) -> bool {
        self.tree().comment_within(c.open + 1, c.close)
    }

    fn text_view(&self) -> View<'_> {
        View { body: self.body(), tree: self.tree() }
    }

    /// Applies non-overlapping `(start, end, replacement)` edits, building the new text in one pass
    /// (replacing ranges in place would move the rest of the text once per edit).
    fn apply(&mut self, mut edits: Vec<(usize, usize, String)>) {
        edits.sort_by_key(|e| e.0);
        // The index goes before the new text is made, and the old text as soon as it is: at most
        // two texts at a time, and the new index only when something asks for it.
        self.tree = OnceLock::new();
        // A text of the document's own with a few edits (an insertion, a replacement) is edited
        // in place: a few moves of its tail, and no second copy of a large file.
        if let DocText::Owned(body) = &mut self.body
            && edits.len() <= IN_PLACE_EDITS
        {
            // Grown exactly, when the room left at the end is not enough: doubling a large text's
            // buffer would hold it twice.
            let added: usize = edits.iter().map(|e| e.2.len()).sum();
            body.reserve_exact(added);
            for (start, end, text) in edits.iter().rev() {
                body.replace_range(*start..*end, text);
            }
            return;
        }
        let added: usize = edits.iter().map(|e| e.2.len()).sum();
        // Room for the few entries later edits add in place (memory is only used once written).
        let room = 4096 + self.body().len() / 256;
        let mut body = String::with_capacity(self.body().len() + added + room);
        let mut at = 0;
        for (start, end, text) in &edits {
            body.push_str(&self.body()[at..*start]);
            body.push_str(text);
            at = *end;
        }
        body.push_str(&self.body()[at..]);
        self.body = DocText::Owned(body);
    }

    fn insert_last(&mut self, path: &[JsonStep], item: impl Fn(&Style, &str) -> String) {
        let style = self.style();
        let id = self.locate(path).expect("insert into an existing container");
        let container = self.container(id);
        let last = self.tree().items(id).last().map(|c| self.tree().item_range(c));
        let edits = insertion_edits(&self.text_view(), &container, last, &style, item);
        self.apply(edits);
    }

    fn style(&self) -> Style {
        let body = self.body();
        let newline = if body.contains("\r\n") { "\r\n" } else { "\n" };
        let root = self.tree().root();
        let (root_start, root_end) = self.tree().range(root);
        let members = || self.tree().items(root).filter(|_| self.tree().kind(root) == ValueKind::Object);
        // A one-line document keeps new text on one line; an empty one gets the default layout.
        let multiline = members().next().is_none() || body[root_start..root_end].contains('\n');
        // The indentation unit: how much deeper the first member sits than the line of the `{`.
        // The first member on a line of its own: found from the first line break, not by searching
        // the text before each member (quadratic on a one-line object of many keys).
        let first_break = body[root_start..root_end].find('\n').map(|i| root_start + i);
        let indent = first_break
            .and_then(|nl| members().map(|m| self.tree().item_range(m).0).find(|start| *start > nl))
            .and_then(|start| line_indent(body, start).strip_prefix(line_indent(body, root_start)))
            .filter(|unit| !unit.is_empty())
            .unwrap_or("  ")
            .to_string();
        let colon_space = members().next().is_none_or(|m| {
            let between = &body[self.tree().name_end(body, m)..self.tree().range(m).0];
            between.contains(": ") || between.contains(":\t") || between.contains(":\n")
        });
        Style { newline, indent, multiline, colon_space }
    }

    /// The document's text, byte-order mark included, without a copy when there is no mark.
    pub fn into_text(self) -> String {
        match self.body {
            // Without the room a text edited in place may have kept (the text of a file whose
            // duplicate entries went is much shorter than the file).
            DocText::Owned(mut body) if !self.bom => {
                body.shrink_to_fit();
                body
            }
            DocText::Owned(body) => format!("{BOM}{body}"),
            // Still the bytes read, byte-order mark included.
            DocText::Shared { bytes, .. } => String::from_utf8(bytes.to_vec()).expect("checked to be UTF-8 when parsed"),
        }
    }
}

fn body_text(body: &DocText) -> &str {
    match body {
        DocText::Owned(text) => text,
        // SAFETY: the bytes were checked to be UTF-8 when the document was made (`parse_shared`),
        // `from` is the length of the byte-order mark they start with (a char boundary), and bytes
        // behind an `Arc` are never changed while it is shared, as this one is.
        DocText::Shared { bytes, from } => unsafe { std::str::from_utf8_unchecked(&bytes[*from..]) },
    }
}

/// The text and its index, for the functions that work out edits.
struct View<'a> {
    body: &'a str,
    tree: &'a Tree,
}

impl View<'_> {
    /// The first position at or after `pos` that is not whitespace.
    fn skip_whitespace(&self, pos: usize) -> usize {
        pos + (self.body[pos..].len() - self.body[pos..].trim_start().len())
    }

    /// The comma that directly follows `pos`, skipping whitespace and comments.
    fn comma_after(&self, pos: usize) -> Option<usize> {
        let mut pos = self.skip_whitespace(pos);
        while let Some((_, end)) = self.tree.comment_at(pos) {
            pos = self.skip_whitespace(end);
        }
        self.body[pos..].starts_with(',').then_some(pos)
    }

    /// The comma that directly precedes `pos`, skipping whitespace and comments.
    fn comma_before(&self, pos: usize) -> Option<usize> {
        let mut pos = whitespace_start(self.body, pos);
        while let Some((start, _)) = self.tree.comment_ending_at(pos) {
            pos = whitespace_start(self.body, start);
        }
        self.body[..pos].ends_with(',').then(|| pos - 1)
    }

    /// The end of a comment that starts on the same line right after `pos`, else `pos`: text added
    /// after an item goes after such a comment, so the comment stays with the item it annotates.
    fn after_same_line_comment(&self, pos: usize) -> usize {
        let next = self.skip_whitespace(pos);
        match self.tree.comment_at(next) {
            Some((_, end)) if !self.body[pos..next].contains('\n') => end,
            _ => pos,
        }
    }
}

/// The indentation of the line that holds byte `pos`.
fn line_indent(body: &str, pos: usize) -> &str {
    let line_start = body[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line = &body[line_start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// The start of the run of whitespace that ends at `pos`.
fn whitespace_start(body: &str, pos: usize) -> usize {
    pos - (body[..pos].len() - body[..pos].trim_end().len())
}

/// `last`: the range of the container's last item.
fn insertion_edits(
    view: &View<'_>,
    c: &Container,
    last: Option<(usize, usize)>,
    style: &Style,
    item: impl Fn(&Style, &str) -> String,
) -> Vec<(usize, usize, String)> {
    let body = view.body;
    let Some((last_start, last_end)) = last else {
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
    let before_last = view.comma_before(last_start).map_or(c.open + 1, |p| p + 1);
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
    // On its own line the new item goes after a comment that ends the last item's line; inline, it
    // goes right after the last item (text after a `//` comment would be inside the comment).
    let skip_comment = |pos| if on_own_lines { view.after_same_line_comment(pos) } else { pos };
    match view.comma_after(last_end) {
        Some(trailing) => {
            let at = skip_comment(trailing + 1);
            vec![(at, at, format!("{sep}{text},"))]
        }
        None => {
            let at = skip_comment(last_end);
            if at == last_end {
                vec![(last_end, last_end, format!(",{sep}{text}"))]
            } else {
                vec![(last_end, last_end, ",".to_string()), (at, at, format!("{sep}{text}"))]
            }
        }
    }
}

/// The edits that remove the items of `run` from `c` (a run of neighbours, removed as if they were
/// one item, so that removing many costs one pass).
fn removal_edits(view: &View<'_>, c: &Container, run: &Run, comments_inside: bool) -> Vec<(usize, usize, String)> {
    let index = run.first;
    let (start, end) = (run.start, run.end);
    let last = run.last + 1 == c.len;
    let only_item = index == 0 && last;
    if only_item && !comments_inside {
        // The inverse of filling an empty container.
        return vec![(c.open + 1, c.close, String::new())];
    }
    // The text that follows the removed item once it is gone (a comma right after it goes too).
    let (edits, resume) = if last {
        match view.comma_after(end) {
            Some(trailing) => (vec![(trailing, trailing + 1, String::new())], if trailing == end { trailing + 1 } else { end }),
            None => match view.comma_before(start) {
                Some(sep) => (vec![(sep, sep + 1, String::new())], end),
                None => (Vec::new(), end),
            },
        }
    } else {
        let comma = view.comma_after(end).expect("items are separated by commas");
        if index == 0 {
            return vec![(start, view.skip_whitespace(comma + 1), String::new())];
        }
        (vec![(comma, comma + 1, String::new())], if comma == end { comma + 1 } else { end })
    };
    let mut edits = edits;
    edits.push((removal_start(view, start, resume), end, String::new()));
    edits
}

/// Where the removal of an item starting at `start` begins: with the whitespace before it, which
/// is what insertion put there. But a `//` comment ends at its newline: when that whitespace begins
/// right after such a comment and the text resuming at `resume` does not start a new line, the
/// newline stays, or the comment would swallow what follows.
fn removal_start(view: &View<'_>, start: usize, resume: usize) -> usize {
    let body = view.body;
    let ws = whitespace_start(body, start);
    let after_line_comment = view.tree.comment_ending_at(ws).is_some_and(|(from, _)| body[from..].starts_with("//"));
    if after_line_comment && !body[resume..].starts_with(['\n', '\r']) {
        ws + if body[ws..].starts_with("\r\n") { 2 } else { 1 }
    } else {
        ws
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
            "{\"a\": [1 // c\n]}\n",
            "{\"a\": [1, // c\n]}\n",
            "/* a\n   b */\n{\n    \"a\": [\n        1\n    ]\n}\n",
            "{\r\n\t\"a\": [\r\n\t\t1\r\n\t]\r\n}\r\n",
        ];
        for text in cases {
            let mut d = doc(text);
            d.append_element(&[key("a")], &json!({"x": [1, {"y": "z"}]}));
            assert!(JsonDoc::parse(&d.text(), Strictness::Lenient).is_ok(), "{}", d.text());
            let n = d.get(&[key("a")]).unwrap().as_array().unwrap().len();
            d.remove(&[key("a")], &JsonStep::Index(n - 1));
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
    fn an_inline_member_never_goes_inside_a_line_comment() {
        for text in ["{\"a\": 1 // c\n}\n", "{\"a\": 1, // c\n}\n"] {
            let mut d = doc(text);
            d.insert_property(&[], "hooks", &json!({"E": [1]}));
            assert_eq!(d.get(&[key("hooks")]), Some(json!({"E": [1]})), "{}", d.text());
            assert!(d.text().contains("// c\n}"), "{}", d.text());
            d.remove(&[], &key("hooks"));
            assert_eq!(d.text(), text);
        }
    }

    #[test]
    fn removing_an_item_after_a_line_comment_keeps_the_comments_newline() {
        for (text, path, item) in [
            ("{\"a\": \"\",// c\n\"hooks\": {}}\r\n", vec![], key("hooks")),
            ("[1, // c\n2, 3]", vec![], JsonStep::Index(1)),
            ("[1, // c\n2,]", vec![], JsonStep::Index(1)),
        ] {
            let mut d = JsonDoc::parse(text, Strictness::Lenient).unwrap();
            d.remove(&path, &item);
            assert!(d.text().contains("// c\n"), "{text:?} gave {:?}", d.text());
        }
    }

    #[test]
    fn the_indent_unit_comes_from_the_members_not_from_comments() {
        let mut d = doc("/* a\n   b */\n{\n    \"a\": 1\n}\n");
        d.insert_property(&[], "h", &json!({"E": 1}));
        assert_eq!(d.text(), "/* a\n   b */\n{\n    \"a\": 1,\n    \"h\": {\n        \"E\": 1\n    }\n}\n");
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
