//! Format-preserving edits of JSON and JSONC files.
//!
//! Every edit is a splice of the original text: the parser gives the byte range of each value and
//! token, and an edit replaces one range. Nothing is re-serialised, so comments, key order,
//! indentation, line endings, a byte-order mark and trailing commas outside the edited range stay
//! byte for byte. Insertion and removal are written as exact inverses of each other, so removing an
//! entry gitvow appended gives back the text as it was before.
//!
//! The text is tokenised once: each edit moves the index ([`Tree`]) with it and indexes only the
//! text it inserts (an edit the index cannot follow has the text indexed afresh on first use). The
//! index holds byte ranges only, so that a file of many megabytes costs a fraction of its size more.

mod edits;
mod failure;

use super::text::SharedText;
pub use super::tree::Held;
use super::tree::{Id, Tree, ValueKind};
use crate::agents::Strictness;
use edits::{Container, Run, Style, View, insertion_edits, line_indent, removal_edits, render};
use failure::{BOM_CONSTRUCT, NO_VALUE, parse, parse_plain, strict_check};
pub use failure::{ParseFailure, line_col, utf8_error_place};
use serde_json::Value;
use std::sync::{Mutex, OnceLock};

const BOM: &str = "\u{feff}";

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
    /// The last members looked up in this index, emptied by each edit: finding a member walks
    /// every member of its object (the last of a name counts), and the planner looks up `hooks`
    /// again for each event, in a one-line file of 500,000 keys a third of install's work.
    found: Found,
}

/// Members looked up and kept in [`JsonDoc::found`]: the few paths the planner asks about.
const FOUND_KEPT: usize = 8;

/// [`JsonDoc::found`]: each object, name and member found; a copy of a document starts empty.
#[derive(Debug, Default)]
struct Found(Mutex<Vec<(Id, String, Option<Id>)>>);

impl Clone for Found {
    fn clone(&self) -> Found {
        Found::default()
    }
}

/// The text after any byte-order mark: until the first edit, the bytes the document was read
/// from, shared with whoever read them (a large file is then held once, not twice).
#[derive(Clone, Debug)]
enum DocText {
    Owned(String),
    /// `from` skips the byte-order mark.
    Shared {
        text: SharedText,
        from: usize,
    },
}

/// Up to this many edits are made in place in a text the document owns (each moves the rest of
/// the text once); more are made by writing the text anew, in one pass.
const IN_PLACE_EDITS: usize = 4;

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

    /// Parses the text of a file as [`parse`](Self::parse) does, keeping its bytes shared rather
    /// than copied until the first edit.
    pub fn parse_shared(text: &SharedText, strictness: Strictness) -> Result<JsonDoc, ParseFailure> {
        Self::parse_body(text, Some(text), strictness)
    }

    /// `shared`: the text `text` is, to keep instead of a copy.
    fn parse_body(text: &str, shared: Option<&SharedText>, strictness: Strictness) -> Result<JsonDoc, ParseFailure> {
        let (bom, body) = match text.strip_prefix(BOM) {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let bom_len = if bom { BOM.len() } else { 0 };
        let mut body = match shared {
            _ if body.trim().is_empty() => DocText::Owned("{}\n".to_string()),
            Some(shared) => DocText::Shared { text: shared.clone(), from: bom_len },
            None => DocText::Owned(body.to_string()),
        };
        // Offsets in errors are into the whole text, byte-order mark included.
        let parsed = match parse_plain(body_text(&body), strictness) {
            // Only comments: where the agent allows them, that is an empty object, as an empty file
            // is. The object goes after the comments, which stay as they are.
            Err(e) if e.message == NO_VALUE && strictness.allows_comments() => {
                let mut text = body_text(&body).to_string();
                if !text.ends_with('\n') {
                    text.push_str(if text.contains("\r\n") { "\r\n" } else { "\n" });
                }
                text.push_str("{}\n");
                body = DocText::Owned(text);
                parse_plain(body_text(&body), strictness)
            }
            other => other,
        }
        .map_err(|e| ParseFailure { offset: e.offset + bom_len, ..e })?;
        let (parsed, plain) = parsed;
        if bom && !strictness.allows_bom() {
            return Err(ParseFailure { offset: 0, message: "a byte-order mark at the start".into(), construct: Some(BOM_CONSTRUCT) });
        }
        // After the parse above, whose messages name comments and trailing commas plainly; only
        // for a text the index found not to be plain JSON (`serde_json` refuses it, and says where
        // and why): a plain one it accepts.
        debug_assert!(!plain || strict_check(body_text(&body)).is_ok(), "taken for plain JSON: {:?}", body_text(&body));
        if strictness.is_strict_json() && !plain && !body_text(&body).trim().is_empty() {
            strict_check(body_text(&body)).map_err(|e| ParseFailure { offset: e.offset + bom_len, ..e })?;
        }
        Ok(JsonDoc { bom, body, strictness, tree: OnceLock::from(parsed), found: Found::default() })
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
                JsonStep::Key(k) => self.member(cur, k)?,
                JsonStep::Index(i) => self.tree().element(cur, *i)?,
            };
        }
        Some(cur)
    }

    /// The member `key` of the object `id` (see [`Tree::member`]), from [`found`](Self::found)
    /// when it was just looked up.
    fn member(&self, id: Id, key: &str) -> Option<Id> {
        let mut found = self.found.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((.., member)) = found.iter().find(|(object, name, _)| *object == id && name == key) {
            return *member;
        }
        let member = self.tree().member(self.body(), id, key);
        if found.len() == FOUND_KEPT {
            found.remove(0);
        }
        found.push((id, key.to_string(), member));
        member
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
    /// entries is never converted whole, and a run of copies of one element (a tool that appended
    /// the same entry thousands of times) is converted once. Nothing when `path` is not an array.
    pub fn each_element(&self, path: &[JsonStep], mut f: impl FnMut(usize, &Value)) {
        let (tree, body) = (self.tree(), self.body());
        let Some(id) = self.locate(path).filter(|id| tree.kind(*id) == ValueKind::Array) else { return };
        // The last element converted: its text and its value.
        let mut last: Option<(&str, Value)> = None;
        for (i, c) in tree.items(id).enumerate() {
            let (start, end) = tree.range(c);
            let text = &body[start..end];
            let value = match last {
                Some((same, ref value)) if same == text => value,
                _ => &last.insert((text, tree.to_json(body, c))).1,
            };
            f(i, value);
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
        let added: usize = edits.iter().map(|e| e.2.len()).sum();
        let new_len = self.body().len() + added - edits.iter().map(|e| e.1 - e.0).sum::<usize>();
        // The index follows the edits, from the inserted text alone: the file is not tokenised
        // again (an edit it cannot follow leaves the index to be made again on first use).
        let tree = self.tree.take().and_then(|tree| tree.edited(&edits, new_len, self.strictness));
        self.found.0.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner).clear();
        self.splice(&edits, added);
        if let Some(tree) = tree {
            // Every test that edits a document checks the index against one made afresh.
            debug_assert_eq!(Some(&tree), Tree::build(self.body(), self.strictness).as_ref(), "the edited index of {:?}", self.body());
            self.tree = OnceLock::from(tree);
        }
    }

    /// The text with `edits` (sorted) made, `added` the bytes of their texts.
    fn splice(&mut self, edits: &[(usize, usize, String)], added: usize) {
        // A text of the document's own with a few edits (an insertion, a replacement) is edited
        // in place: a few moves of its tail, and no second copy of a large file.
        if let DocText::Owned(body) = &mut self.body
            && edits.len() <= IN_PLACE_EDITS
        {
            // Grown exactly, when the room left at the end is not enough: doubling a large text's
            // buffer would hold it twice.
            body.reserve_exact(added);
            for (start, end, text) in edits.iter().rev() {
                body.replace_range(*start..*end, text);
            }
            return;
        }
        // Room for the few entries later edits add in place (memory is only used once written).
        let room = 4096 + self.body().len() / 256;
        let mut body = String::with_capacity(self.body().len() + added + room);
        let mut at = 0;
        for (start, end, text) in edits {
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

    /// [`objects_holding`] of the document as it is now, from its index: an edited document is
    /// not tokenised again.
    pub fn objects_holding(&self, needle: &str, holds: &dyn Fn(&str) -> bool, found: &mut dyn FnMut(Held<'_>)) {
        self.tree().objects_holding(self.body(), self.tree().root(), needle, holds, found);
    }

    /// The document's text, byte-order mark included, and the document itself holding that text
    /// rather than a copy, with its index: what was edited is then read on without tokenising
    /// it again, and held once.
    pub fn into_shared(self) -> (SharedText, JsonDoc) {
        let JsonDoc { bom, body, strictness, tree, found } = self;
        let (text, from) = match body {
            DocText::Shared { text, from } => (text, from),
            DocText::Owned(_) => {
                let text = JsonDoc { bom, body, strictness, tree: OnceLock::new(), found: Found::default() }.into_text();
                (SharedText::from(text), if bom { BOM.len() } else { 0 })
            }
        };
        (text.clone(), JsonDoc { bom, body: DocText::Shared { text, from }, strictness, tree, found })
    }

    /// The document's text, byte-order mark included: shared when the document holds the bytes it
    /// was read from (see [`into_shared`](Self::into_shared)), else a copy.
    pub fn shared_text(&self) -> SharedText {
        match &self.body {
            DocText::Shared { text, .. } => text.clone(),
            DocText::Owned(_) => SharedText::from(self.text()),
        }
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
            // Still the text read, byte-order mark included.
            DocText::Shared { text, .. } => text.to_string(),
        }
    }
}

/// Each outermost object of a JSON or JSONC text (read leniently) with a member whose value is a
/// string `holds` accepts, in document order, without converting the rest of the text or copying
/// it; nothing when it does not parse. `needle`: text that every string `holds`
/// accepts contains (only strings that may hold it are decoded and asked about).
pub fn objects_holding(text: &str, needle: &str, holds: &dyn Fn(&str) -> bool, found: &mut dyn FnMut(Held<'_>)) {
    let body = text.strip_prefix(BOM).unwrap_or(text);
    if let Some(tree) = Tree::build(body, Strictness::Lenient) {
        tree.objects_holding(body, tree.root(), needle, holds, found);
    }
}

fn body_text(body: &DocText) -> &str {
    match body {
        DocText::Owned(text) => text,
        // `from` is the length of the byte-order mark the text starts with: a character boundary.
        DocText::Shared { text, from } => &text[*from..],
    }
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

    /// Each edit's index is the one the new text would get, made without tokenising the text again.
    #[test]
    fn the_index_follows_each_edit() {
        let fresh = |d: &JsonDoc| Tree::build(d.body(), d.strictness);
        let cases = [
            ("{\n  \"a\": [1, 2],\n  \"b\": {\"c\": [3]}\n}\n", vec![key("a")]),
            ("{\"a\":[],\"b\":{}}", vec![key("a")]),
            ("/* x */ {\"b\": {\"a\": [1, // one\n 2]}, // two\n}", vec![key("b"), key("a")]),
            ("{\"a\": {}, \"b\": \"x\"}", vec![key("a")]),
        ];
        for (text, path) in cases {
            let mut d = doc(text);
            let value = json!({"x": [1, {"y": "z"}], "w": "v"});
            if matches!(d.shape(&path), Some(Shape::Array(_))) {
                d.append_element(&path, &value);
            } else {
                d.insert_property(&path, "new", &value);
            }
            assert!(d.tree.get().is_some(), "the index was dropped after an insertion into {text}");
            assert_eq!(d.tree.get(), fresh(&d).as_ref(), "{}", d.text());
            d.replace_value(&[key("b")], &json!([true, {"k": null}]));
            assert!(d.tree.get().is_some(), "the index was dropped after a replacement in {text}");
            assert_eq!(d.tree.get(), fresh(&d).as_ref(), "{}", d.text());
            d.remove_elements(&[(vec![key("b")], vec![0])]);
            assert!(d.tree.get().is_some(), "the index was dropped after a removal in {text}");
            assert_eq!(d.tree.get(), fresh(&d).as_ref(), "{}", d.text());
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
