//! A compact index of a JSON or JSONC text: where each value is, nothing copied out of the text.
//!
//! The editor looks at a few values (`hooks`, its event arrays, their entries) in files that may be
//! megabytes long, and parses the text again after each edit. A tree of owned strings and values
//! would cost many times the file's size; this one is a flat list of byte ranges (12 bytes a value),
//! built without recursion (so no nesting can overflow the stack), and values are decoded from the
//! text only when asked for. Only a text that parses is indexed: for the error of one that does
//! not, the caller asks `jsonc_parser`, whose grammar this one follows token for token.

use crate::agents::Strictness;
use jsonc_parser::tokens::Token;
use jsonc_parser::{ParseOptions, Scanner, ScannerOptions};
use serde_json::Value;

mod edited;
mod lex;

/// How deep `jsonc_parser` lets values nest (it counts an object twice: the object and the member
/// being read): past this it refuses the file with its line and column, and so does this index.
const MAX_DEPTH: usize = 512;

/// The text of an object past which its members are looked up by where their names occur
/// ([`Tree::member`]) rather than one by one.
const LARGE_OBJECT: usize = 4096;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    Object,
    Array,
    Scalar,
}

/// One value, in 12 bytes: the list is in document order, so a container's items follow it and
/// the next item of the same container is the first value starting after this one's end. Offsets
/// fit in 30 bits: gitvow refuses files over 64 MiB before reading them (and the index any text over
/// 1 GiB).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ValueSpan {
    /// Where the item starts: an object member at its name, an array element (or the root) at its
    /// value.
    start: u32,
    value_start: u32,
    /// The end of the value, with its kind in the two high bits.
    end_kind: u32,
}

const END_BITS: u32 = 30;
const END_MASK: u32 = (1 << END_BITS) - 1;

impl ValueSpan {
    fn end(&self) -> usize {
        (self.end_kind & END_MASK) as usize
    }

    fn kind(&self) -> ValueKind {
        match self.end_kind >> END_BITS {
            1 => ValueKind::Object,
            2 => ValueKind::Array,
            _ => ValueKind::Scalar,
        }
    }
}

fn kind_bits(kind: ValueKind) -> u32 {
    match kind {
        ValueKind::Scalar => 0,
        ValueKind::Object => 1 << END_BITS,
        ValueKind::Array => 2 << END_BITS,
    }
}

/// An object [`Tree::objects_holding`] found: its text, and its value made only when asked for.
#[derive(Clone, Copy)]
pub struct Held<'a> {
    tree: &'a Tree,
    body: &'a str,
    id: Id,
}

impl<'a> Held<'a> {
    /// The object's text, from its `{` to its `}`.
    pub fn text(&self) -> &'a str {
        let (start, end) = self.tree.range(self.id);
        &self.body[start..end]
    }

    /// The object as plain JSON.
    pub fn to_json(&self) -> Value {
        self.tree.to_json(self.body, self.id)
    }
}

/// A value of the tree, by its index in the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Id(u32);

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    nodes: Vec<ValueSpan>,
    /// The byte ranges of all comments, in order.
    comments: Vec<(usize, usize)>,
}

/// The one set of `jsonc_parser` options gitvow reads JSON with: JSON itself, and comments and
/// trailing commas only where the agent's own parser takes them (`strictness`); none of the
/// parser's other extensions (single quotes, hexadecimal numbers, words as keys, …), which no agent
/// reads. The index's scanner, the parse that explains a refused file and string decoding all use it.
pub(super) fn parse_options(strictness: Strictness) -> ParseOptions {
    ParseOptions {
        allow_comments: strictness.allows_comments(),
        allow_trailing_commas: strictness.allows_trailing_commas(),
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

/// The scanner's share of [`parse_options`] (comments and commas are the index's to judge).
fn scanner_options() -> ScannerOptions {
    let o = parse_options(Strictness::Lenient);
    ScannerOptions {
        allow_single_quoted_strings: o.allow_single_quoted_strings,
        allow_hexadecimal_numbers: o.allow_hexadecimal_numbers,
        allow_unary_plus_numbers: o.allow_unary_plus_numbers,
        allow_bare_decimal_point_numbers: o.allow_bare_decimal_point_numbers,
        allow_non_finite_numbers: o.allow_non_finite_numbers,
        allow_extended_string_escapes: o.allow_extended_string_escapes,
    }
}

/// A container being read: its index and whether it is an object.
struct Open {
    id: u32,
    object: bool,
}

/// What the index reads of a token: its kind, a string apart from the other scalars (a member's
/// name is one). `End`: the end of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    OpenBrace,
    CloseBrace,
    OpenBracket,
    CloseBracket,
    Comma,
    Colon,
    String,
    Scalar,
    /// A token no value starts with or follows (a word the scanner reads, which no agent does).
    Other,
    End,
}

/// Reads tokens, setting comments aside (and failing on one where the agent reads none).
struct Tokens<'a> {
    /// `None`: the index's own lexer reads the text ([`lex`]), from `at`.
    scanner: Option<Scanner<'a>>,
    at: usize,
    text: &'a [u8],
    comments: Vec<(usize, usize)>,
    allow_comments: bool,
    /// Whether every token so far is plain JSON as well (see [`Tree::build_plain`]), and where the
    /// last one ended; only looked at for an agent that reads plain JSON. (What the own lexer reads
    /// is plain JSON and comments, which such an agent refuses.)
    plain: bool,
    last_end: usize,
}

impl<'a> Tokens<'a> {
    /// Tokens read by `jsonc_parser`'s scanner.
    fn new(text: &'a str, strictness: Strictness) -> Tokens<'a> {
        Tokens { scanner: Some(Scanner::new(text, &scanner_options())), ..Self::lexed(text, strictness) }
    }

    /// Tokens read by the index's own lexer: `None` from [`next`](Self::next) may then only mean
    /// that the scanner is to read the text.
    fn lexed(text: &'a str, strictness: Strictness) -> Tokens<'a> {
        Tokens {
            scanner: None,
            at: 0,
            text: text.as_bytes(),
            comments: Vec::new(),
            allow_comments: strictness.allows_comments(),
            plain: strictness.is_strict_json(),
            last_end: 0,
        }
    }

    /// The next token and its range; `None` for any error.
    fn next(&mut self) -> Option<(Tok, usize, usize)> {
        let Some(scanner) = &mut self.scanner else { return lex::next(self.text, &mut self.at, self.allow_comments, &mut self.comments) };
        loop {
            let token = scanner.scan().ok()?;
            let range = (scanner.token_start(), scanner.token_end());
            let tok = match token {
                Some(Token::CommentLine(_) | Token::CommentBlock(_)) if self.allow_comments => {
                    self.comments.push(range);
                    continue;
                }
                Some(Token::CommentLine(_) | Token::CommentBlock(_)) => return None,
                None => Tok::End,
                Some(Token::OpenBrace) => Tok::OpenBrace,
                Some(Token::CloseBrace) => Tok::CloseBrace,
                Some(Token::OpenBracket) => Tok::OpenBracket,
                Some(Token::CloseBracket) => Tok::CloseBracket,
                Some(Token::Comma) => Tok::Comma,
                Some(Token::Colon) => Tok::Colon,
                Some(Token::String(_)) => Tok::String,
                Some(Token::Number(_) | Token::Boolean(_) | Token::Null) => Tok::Scalar,
                Some(_) => Tok::Other,
            };
            if self.plain {
                self.plain = self.is_plain(tok, range);
                self.last_end = range.1;
            }
            return Some((tok, range.0, range.1));
        }
    }

    /// What the scanner accepts beyond JSON's own grammar, with comments, trailing commas and the
    /// scanner's extensions off: whitespace other than JSON's four characters between tokens
    /// (vertical tab, form feed, Unicode spaces), and raw control characters inside a string.
    fn is_plain(&self, tok: Tok, (start, end): (usize, usize)) -> bool {
        let gap = &self.text[self.last_end..start];
        let json_space = gap.iter().fold(true, |ok, b| ok & matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
        // Folded rather than stopped at the first hit: the loop then runs on whole words of bytes.
        let no_control = tok != Tok::String || self.text[start..end].iter().fold(true, |ok, b| ok & (*b >= 0x20));
        json_space && no_control
    }
}

impl Tree {
    /// Indexes `body`, or `None` when it does not parse with the agent's strictness (no value at
    /// all included): `jsonc_parser` then says why.
    pub fn build(body: &str, strictness: Strictness) -> Option<Tree> {
        Self::build_plain(body, strictness).map(|(tree, _)| tree)
    }

    /// [`build`](Self::build), and for an agent that reads plain JSON (`strictness.is_strict_json()`)
    /// whether the text is plain JSON as `serde_json` reads it: then nothing but the scanner's
    /// leniencies can make `serde_json` refuse a text the index accepts (its escapes, numbers and
    /// literals are JSON's, and it has no limit on nesting when it only checks), so that a text
    /// which is plain needs no second, strict parse. Always false for the other agents.
    pub fn build_plain(body: &str, strictness: Strictness) -> Option<(Tree, bool)> {
        if body.len() > END_MASK as usize {
            return None;
        }
        // The own lexer first; where it gives up (or the text does not parse), the scanner.
        Self::read(Tokens::lexed(body, strictness), strictness).or_else(|| Self::read(Tokens::new(body, strictness), strictness))
    }

    fn read(mut tokens: Tokens<'_>, strictness: Strictness) -> Option<(Tree, bool)> {
        let mut nodes: Vec<ValueSpan> = Vec::new();
        let first = tokens.next()?;
        read_value(&mut tokens, first, None, &mut nodes, strictness.allows_trailing_commas())?;
        // The root is read: nothing may follow it (the end's token checks the whitespace after it).
        match tokens.next()? {
            (Tok::End, ..) => {
                nodes.shrink_to_fit();
                Some((Tree { nodes, comments: tokens.comments }, tokens.plain))
            }
            _ => None,
        }
    }

    pub fn root(&self) -> Id {
        Id(0)
    }

    fn node(&self, id: Id) -> &ValueSpan {
        &self.nodes[id.0 as usize]
    }

    pub fn kind(&self, id: Id) -> ValueKind {
        self.node(id).kind()
    }

    /// How many items a container holds (0 for a scalar), counted: the list keeps no count.
    pub fn len(&self, id: Id) -> usize {
        self.items(id).count()
    }

    /// The value's own range.
    pub fn range(&self, id: Id) -> (usize, usize) {
        let n = self.node(id);
        (n.value_start as usize, n.end())
    }

    /// The item's range: a member from its name to the end of its value, an element its value.
    pub fn item_range(&self, id: Id) -> (usize, usize) {
        let n = self.node(id);
        (n.start as usize, n.end())
    }

    /// The end of a member's name: the closing quote of the literal it starts with.
    pub fn name_end(&self, body: &str, id: Id) -> usize {
        let start = self.node(id).start as usize;
        let bytes = body.as_bytes();
        let mut i = start + 1;
        while i < bytes.len() {
            match bytes[i] {
                b'\\' => i += 2,
                b'"' => return i + 1,
                _ => i += 1,
            }
        }
        bytes.len()
    }

    /// The value after `id` in the list that is not inside it.
    fn after(&self, id: Id) -> usize {
        let n = self.node(id);
        let next = id.0 as usize + 1;
        if n.kind() == ValueKind::Scalar {
            return next;
        }
        let end = n.end();
        next + self.nodes[next..].partition_point(|m| (m.start as usize) < end)
    }

    /// The items of a container, in document order (none for a scalar).
    pub fn items(&self, id: Id) -> impl Iterator<Item = Id> + '_ {
        let n = self.node(id);
        let (kind, end) = (n.kind(), n.end());
        // What follows in the list belongs to the container while it starts before its end.
        let inside = move |i: usize| {
            (kind != ValueKind::Scalar && self.nodes.get(i).is_some_and(|m| (m.start as usize) < end)).then_some(Id(i as u32))
        };
        std::iter::successors(inside(id.0 as usize + 1), move |c| inside(self.after(*c)))
    }

    /// A member's name, decoded.
    pub fn name(&self, body: &str, id: Id) -> String {
        decode_string(&body[self.node(id).start as usize..self.name_end(body, id)])
    }

    /// Whether a member's name is `key`, without decoding a name that has no escape.
    pub fn name_is(&self, body: &str, id: Id, key: &str) -> bool {
        self.name_is_key(body, id, key, !key.contains(['\\', '"']))
    }

    /// [`name_is`](Self::name_is), `plain` saying whether `key` is written without an escape
    /// (found once for a look-up among all of an object's members).
    fn name_is_key(&self, body: &str, id: Id, key: &str, plain: bool) -> bool {
        // Looked up among every member of an object (a one-line file may hold hundreds of
        // thousands): settled from the first bytes where it can be, without finding the name's end.
        if plain {
            let rest = body.as_bytes().get(self.node(id).start as usize + 1..).unwrap_or_default();
            if rest.starts_with(key.as_bytes()) && rest.get(key.len()) == Some(&b'"') {
                return true;
            }
            if let (Some(&first), Some(&wanted)) = (rest.first(), key.as_bytes().first())
                && first != wanted
                && first != b'\\'
            {
                return false;
            }
        }
        let literal = &body[self.node(id).start as usize..self.name_end(body, id)];
        let raw = &literal[1..literal.len() - 1];
        // Every escape is longer than what it stands for: a name with one is longer than its value,
        // so only a longer literal needs decoding (checked first: an object may have many members).
        raw.len() > key.len() && raw.contains('\\') && decode_string(literal) == key || raw == key && !raw.contains('\\')
    }

    /// The member `key` of an object: the last one of that name, as the agents' own parsers take it.
    pub fn member(&self, body: &str, id: Id, key: &str) -> Option<Id> {
        if self.kind(id) != ValueKind::Object {
            return None;
        }
        let plain = !key.contains(['\\', '"']);
        if plain && let Some(found) = self.member_by_text(body, id, key) {
            return found;
        }
        self.items(id).filter(|c| self.name_is_key(body, *c, key, plain)).last()
    }

    /// [`member`](Self::member) of a large object without an escape in its text, for a `key`
    /// without one: found where the quoted name occurs in the text (a vectorised search), instead of by
    /// comparing every member's name (a one-line file may hold hundreds of thousands, and the
    /// installer looks up a few names in it, each after every edit). Without an escape, a member's
    /// name is `key` exactly when its literal is `"key"`, and every such literal is a member's name
    /// (a value's or an element's at that place is told apart by the index). `None` for an object
    /// that must be read member by member.
    fn member_by_text(&self, body: &str, id: Id, key: &str) -> Option<Option<Id>> {
        let (start, end) = self.range(id);
        let text = body.as_bytes().get(start..end)?;
        if text.len() < LARGE_OBJECT || memchr::memchr(b'\\', text).is_some() {
            return None;
        }
        let quoted = format!("\"{key}\"");
        let first = id.0 as usize + 1;
        let inside = &self.nodes[first..self.after(id)];
        let finder = memchr::memmem::Finder::new(quoted.as_bytes());
        // The last found, how many items were passed, how far the values among them reach, and
        // where in `text` the search goes on.
        let (mut found, mut passed, mut reach, mut from) = (None, 0, 0, 0);
        while let Some(at) = text.get(from..).and_then(|rest| finder.find(rest)) {
            let place = start + from + at;
            from += at + 1;
            // The item that starts there, if any (a comment or a longer value holds none).
            let Ok(i) = inside.binary_search_by_key(&(place as u32), |n| n.start) else { continue };
            // The object's own member unless an item before it still holds it (then it is a name or
            // an element nested deeper).
            reach = inside[passed..i].iter().map(ValueSpan::end).fold(reach, usize::max);
            passed = i;
            if reach <= place {
                found = Some(Id((first + i) as u32));
            } else {
                // Everything up to where that item ends is nested in it: a name used at every
                // level (`hooks` in each of 100,000 entries under a `hooks` member) is passed over
                // at once, not match by match.
                from = from.max(reach - start);
            }
        }
        Some(found)
    }

    /// The element `index` of an array.
    pub fn element(&self, id: Id, index: usize) -> Option<Id> {
        if self.kind(id) != ValueKind::Array {
            return None;
        }
        self.items(id).nth(index)
    }

    /// The value as plain JSON.
    pub fn to_json(&self, body: &str, id: Id) -> Value {
        let (start, end) = self.range(id);
        match self.kind(id) {
            ValueKind::Scalar => scalar(&body[start..end]),
            ValueKind::Array => Value::Array(self.items(id).map(|c| self.to_json(body, c)).collect()),
            ValueKind::Object => {
                let mut map = serde_json::Map::new();
                for c in self.items(id) {
                    map.insert(self.name(body, c), self.to_json(body, c));
                }
                Value::Object(map)
            }
        }
    }

    /// Each outermost object under `id` with a member whose value is a string `holds` accepts, in
    /// document order: what a walk over [`to_json`](Self::to_json)'s value would find, with only
    /// those objects converted, and only when the caller asks (a document of megabytes is never
    /// converted whole).
    /// `needle`: text every string `holds` accepts contains, so that a string without it (and
    /// without an escape, which could spell it) is not decoded.
    ///
    /// A run of identical elements of an array (a tool that appended the same entry thousands of
    /// times) is read once: an element whose text is the one before it holds the same objects at
    /// the same places, found again without reading it.
    pub fn objects_holding(&self, body: &str, id: Id, needle: &str, holds: &dyn Fn(&str) -> bool, found: &mut dyn FnMut(Held<'_>)) {
        // A value whose text has neither the needle nor an escape (which could spell it) holds no
        // such string: a large file without gitvow's entries is passed over in one vectorised
        // search instead of member by member. Once, here: the values in it are in its text.
        let (start, end) = self.range(id);
        let text = body.as_bytes().get(start..end).unwrap_or_default();
        if memchr::memmem::find(text, needle.as_bytes()).is_none() && memchr::memchr(b'\\', text).is_none() {
            return;
        }
        self.holding(body, id, needle, holds, found);
    }

    /// [`objects_holding`](Self::objects_holding) of a value that may hold the needle.
    fn holding(&self, body: &str, id: Id, needle: &str, holds: &dyn Fn(&str) -> bool, found: &mut dyn FnMut(Held<'_>)) {
        match self.kind(id) {
            ValueKind::Scalar => {}
            ValueKind::Array => {
                // The last container element read, its text, and the objects found in it.
                let mut previous: Option<(Id, &str, Vec<Id>)> = None;
                for c in self.items(id).filter(|c| self.kind(*c) != ValueKind::Scalar) {
                    let (start, end) = self.range(c);
                    let text = &body[start..end];
                    if let Some((first, _, held)) = previous.as_ref().filter(|(_, same, _)| *same == text) {
                        // The same text is the same values in the same order: each object sits as
                        // far past the one found in the first copy as this copy is past it.
                        let shift = c.0 - first.0;
                        held.iter().for_each(|h| found(Held { tree: self, body, id: Id(h.0 + shift) }));
                        continue;
                    }
                    let mut held = Vec::new();
                    self.holding(body, c, needle, holds, &mut |h| {
                        held.push(h.id);
                        found(h);
                    });
                    previous = Some((c, text, held));
                }
            }
            ValueKind::Object => {
                // Most members of a large file's objects are neither (an object of thousands of
                // settings): they are passed over without decoding their values.
                let members = self.member_values(body, id, &|m| self.kind(m) != ValueKind::Scalar || self.may_hold(body, m, needle));
                let is_held = |m: &Id| {
                    let (start, end) = self.range(*m);
                    self.may_hold(body, *m, needle) && holds(&decode_string(&body[start..end]))
                };
                if members.iter().any(is_held) {
                    found(Held { tree: self, body, id });
                    return;
                }
                members.into_iter().for_each(|m| self.holding(body, m, needle, holds, found));
            }
        }
    }

    /// Whether the value `id` is a string that may hold `needle`: its literal has it, or an escape.
    fn may_hold(&self, body: &str, id: Id, needle: &str) -> bool {
        let (start, end) = self.range(id);
        let literal = &body[start..end];
        self.kind(id) == ValueKind::Scalar && literal.starts_with('"') && (literal.contains(needle) || literal.contains('\\'))
    }

    /// The values of an object's members that `keep` accepts, as [`to_json`](Self::to_json) keeps
    /// them: a name given twice holds its last value, at the place of its first. Only the names of
    /// the kept members are held and looked for among the others: an object may hold hundreds of
    /// thousands of members, of which a few matter, and nothing is held for each of them.
    fn member_values(&self, body: &str, id: Id, keep: &dyn Fn(Id) -> bool) -> Vec<Id> {
        // Each kept member's name, with the place of its first member and its last member.
        let mut named: std::collections::HashMap<String, (usize, Id)> =
            self.items(id).filter(|m| keep(*m)).map(|m| (self.name(body, m), (usize::MAX, m))).collect();
        if named.is_empty() {
            return Vec::new();
        }
        // A name written without an escape is its own value: one of another length is none of them.
        // (Indexed by length: asked of every member, where hashing each length cost more than the
        // comparison it spares.)
        let mut lengths = vec![false; named.keys().map(String::len).max().unwrap_or(0) + 1];
        named.keys().for_each(|name| lengths[name.len()] = true);
        for (place, m) in self.items(id).enumerate() {
            let literal = &body[self.node(m).start as usize..self.name_end(body, m)];
            let raw = &literal[1..literal.len() - 1];
            let entry = if raw.contains('\\') {
                named.get_mut(decode_string(literal).as_str())
            } else if lengths.get(raw.len()).copied().unwrap_or(false) {
                named.get_mut(raw)
            } else {
                None
            };
            if let Some((first, last)) = entry {
                *first = (*first).min(place);
                *last = m;
            }
        }
        let mut values: Vec<(usize, Id)> = named.into_values().filter(|(_, last)| keep(*last)).collect();
        values.sort_unstable_by_key(|(place, _)| *place);
        values.into_iter().map(|(_, m)| m).collect()
    }

    /// Whether the text has any comment.
    pub fn has_comments(&self) -> bool {
        !self.comments.is_empty()
    }

    /// Whether a comment lies entirely within `from..to`.
    pub fn comment_within(&self, from: usize, to: usize) -> bool {
        let i = self.comments.partition_point(|c| c.0 < from);
        self.comments.get(i).is_some_and(|c| c.1 <= to)
    }

    /// The comment that starts at `pos`, as its range.
    pub fn comment_at(&self, pos: usize) -> Option<(usize, usize)> {
        self.comments.binary_search_by_key(&pos, |c| c.0).ok().map(|i| self.comments[i])
    }

    /// The comment that ends at `pos`, as its range.
    pub fn comment_ending_at(&self, pos: usize) -> Option<(usize, usize)> {
        self.comments.binary_search_by_key(&pos, |c| c.1).ok().map(|i| self.comments[i])
    }
}

/// Reads one whole value starting with the token `first` into `nodes` (`member`: where the name
/// before it starts), without recursion; the tokens after it are left unread.
fn read_value<'a>(
    tokens: &mut Tokens<'a>,
    first: (Tok, usize, usize),
    mut member: Option<usize>,
    nodes: &mut Vec<ValueSpan>,
    trailing_commas: bool,
) -> Option<()> {
    let mut stack: Vec<Open> = Vec::new();
    let mut depth = 0;
    // The token that starts the next value, and where the member name before it starts.
    let mut token = first;
    loop {
        // A value.
        if depth > MAX_DEPTH {
            return None;
        }
        let (t, start, end) = token;
        let kind = match t {
            Tok::OpenBrace => ValueKind::Object,
            Tok::OpenBracket => ValueKind::Array,
            Tok::String | Tok::Scalar => ValueKind::Scalar,
            _ => return None,
        };
        let id = u32::try_from(nodes.len()).ok()?;
        let item_start = member.take().unwrap_or(start);
        nodes.push(ValueSpan { start: item_start as u32, value_start: start as u32, end_kind: end as u32 | kind_bits(kind) });
        let mut next = if kind == ValueKind::Scalar {
            None
        } else {
            let object = kind == ValueKind::Object;
            depth += if object { 2 } else { 1 };
            stack.push(Open { id, object });
            Some(tokens.next()?)
        };
        // After a value or an opening bracket: close containers until the next value starts.
        loop {
            let Some(open) = stack.last() else { return Some(()) };
            let object = open.object;
            let (t, start, end) = match next.take() {
                Some(after_open) => after_open,
                None => match tokens.next()? {
                    (Tok::Comma, ..) => {
                        let after = tokens.next()?;
                        if is_close(after.0, object) && !trailing_commas {
                            return None;
                        }
                        after
                    }
                    other if is_close(other.0, object) => other,
                    _ => return None,
                },
            };
            if is_close(t, object) {
                let open = stack.pop()?;
                depth -= if open.object { 2 } else { 1 };
                let node = &mut nodes[open.id as usize];
                node.end_kind = end as u32 | (node.end_kind & !END_MASK);
                continue;
            }
            if object {
                let Tok::String = t else { return None };
                let (Tok::Colon, ..) = tokens.next()? else { return None };
                member = Some(start);
                token = tokens.next()?;
            } else {
                token = (t, start, end);
            }
            break;
        }
    }
}

fn is_close(token: Tok, object: bool) -> bool {
    matches!((token, object), (Tok::CloseBrace, true) | (Tok::CloseBracket, false))
}

/// A string literal's value. The tree holds only literals the scanner accepted.
fn decode_string(literal: &str) -> String {
    if let Some(raw) = literal.strip_prefix('"').and_then(|s| s.strip_suffix('"')).filter(|r| !r.contains('\\')) {
        return raw.to_string();
    }
    match jsonc_parser::parse_to_value(literal, &parse_options(Strictness::Lenient)) {
        Ok(Some(jsonc_parser::JsonValue::String(s))) => s.into_owned(),
        _ => String::new(),
    }
}

fn scalar(text: &str) -> Value {
    match text.as_bytes().first() {
        Some(b'"') => Value::String(decode_string(text)),
        Some(b't') => Value::Bool(true),
        Some(b'f') => Value::Bool(false),
        Some(b'n') => Value::Null,
        _ => serde_json::from_str(text).unwrap_or(Value::Null),
    }
}

#[cfg(test)]
mod tests {
    use super::Tree;
    use crate::agents::Strictness;

    #[test]
    fn a_member_is_found_by_its_decoded_name_with_or_without_escapes() {
        let body = r#"{"hooksX": 1, "h": 2, "\"hooks": 3, "ho\u006fks": 4, "": 5, "hooks": 6, "\\": 7}"#;
        let tree = Tree::build(body, Strictness::Strict).unwrap();
        let names: Vec<Vec<&str>> = tree
            .items(tree.root())
            .map(|id| ["hooks", "h", "\"hooks", "", "\\", "x"].into_iter().filter(|k| tree.name_is(body, id, k)).collect())
            .collect();
        assert_eq!(names, [vec![], vec!["h"], vec!["\"hooks"], vec!["hooks"], vec![""], vec!["hooks"], vec!["\\"]]);
        let value = |key| tree.member(body, tree.root(), key).map(|id| tree.to_json(body, id));
        assert_eq!(value("hooks"), Some(serde_json::json!({"hooks": 6})["hooks"].clone()), "the last of a name");
    }

    /// In a large object without escapes, a member found where its quoted name occurs is the one
    /// comparing every member's name finds: the last of a name, never a name or an element nested
    /// deeper, a value, a comment or a longer name that holds the same text, nor one that is absent.
    #[test]
    fn a_member_of_a_large_object_is_found_by_its_name_in_the_text() {
        let filler: String = (0..300).map(|i| format!("\"k{i}\": [\"hooks\", {{\"hooks\": {i}}}], ")).collect();
        for (body, strictness) in [
            (format!(r#"{{"hooks": 1, {filler}"x": "hooks", "hooks": 2, "nested": {{"hooks": 3}}}}"#), Strictness::Strict),
            (format!(r#"{{"hooks": 1, {filler}"y": {{"hooks": 3}}, "ahooks": 4}}"#), Strictness::Strict),
            (format!("{{// \"hooks\": 9\n\"a\": {{\"hooks\": 1}}, {filler}/* \"hooks\" */ \"z\": 0,}}"), Strictness::Lenient),
            (format!(r#"{{"hooks": 1, {filler}"e": "\"hooks", "hooks": 5}}"#), Strictness::Strict),
        ] {
            let tree = Tree::build(&body, strictness).unwrap();
            let root = tree.root();
            assert!(tree.range(root).1 > super::LARGE_OBJECT);
            for key in ["hooks", "x", "ahooks", "a", "z", "absent", "k299"] {
                let one_by_one = tree.items(root).filter(|c| tree.name_is(&body, *c, key)).last();
                assert_eq!(tree.member(&body, root, key), one_by_one, "{key} in {}", &body[..40]);
                let by_text = tree.member_by_text(&body, root, key);
                assert_eq!(by_text, if body.contains('\\') { None } else { Some(one_by_one) }, "{key}");
            }
        }
    }

    /// The objects holding a string that holds a word are those a walk over the whole value finds,
    /// when only strings that may hold it are decoded: the word spelled with escapes, in a name
    /// given twice, beside many members that hold nothing, in arrays and nested objects.
    #[test]
    fn objects_holding_finds_what_a_walk_over_the_value_finds() {
        fn walk(v: &serde_json::Value, holds: &dyn Fn(&str) -> bool, out: &mut Vec<serde_json::Value>) {
            match v {
                serde_json::Value::Object(o) if o.values().any(|x| x.as_str().is_some_and(holds)) => out.push(v.clone()),
                serde_json::Value::Object(o) => o.values().for_each(|x| walk(x, holds, out)),
                serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, holds, out)),
                _ => {}
            }
        }
        let holds = |s: &str| s.split(' ').any(|w| w == "hook");
        let docs = [
            r#"{"a": "x", "b": {"c": "run hook now"}, "d": [{"e": "h\u006fok"}, {"f": "hook"}, "hook"]}"#,
            r#"{"a": {"k": "hook"}, "a": 1, "b": {"k": "x"}, "b": {"k": "hook"}}"#,
            r#"{"k": "hook", "k": "no", "m": [1, {"n": "a \"hook\""}, {"o": "\u0068ook x"}]}"#,
            r#"{"many": {"a": "1", "b": "2", "c": "hooks", "d": {"e": "x hook"}}, "s": "hook"}"#,
            r#"[{"x": "nothing"}, {"y": ["hook"]}, {"z": "hook"}]"#,
            // The word nowhere in the text, and only spelled with escapes.
            r#"{"a": "x", "b": ["y", {"c": "hoo"}]}"#,
            r#"{"a": {"k": "\u0068ook"}, "b": "x"}"#,
            // Runs of copies, read once: objects found again at their places in each copy.
            r#"[{"h": [{"c": "hook 1"}, {"d": "x"}, {"c": "hook 2"}]}, {"h": [{"c": "hook 1"}, {"d": "x"}, {"c": "hook 2"}]}, {"h": [{"c": "hook 1"}, {"d": "y"}, {"c": "hook 2"}]}, 1, {"h": [{"c": "hook 1"}, {"d": "y"}, {"c": "hook 2"}]}, "hook", {"h": [{"c": "hook 1"}, {"d": "y"}, {"c": "hook 2"}]}]"#,
            r#"{"a": [[{"c": "hook"}], [{"c": "hook"}], [{"c": "no"}], [{"c": "hook"}], [{"c" : "hook"}], [{"c" : "hook"}]]}"#,
        ];
        for doc in docs {
            let tree = Tree::build(doc, Strictness::Lenient).unwrap();
            let mut found = Vec::new();
            tree.objects_holding(doc, tree.root(), "hook", &holds, &mut |v| {
                assert_eq!(serde_json::from_str::<serde_json::Value>(v.text()).ok(), Some(v.to_json()), "{doc}");
                found.push(v.to_json());
            });
            let mut expected = Vec::new();
            walk(&serde_json::from_str(doc).unwrap(), &holds, &mut expected);
            assert_eq!(found, expected, "{doc}");
            assert!(!expected.is_empty() || !doc.contains("hook"), "{doc}");
        }
    }

    /// Where the own lexer reads a text, the index is the one the scanner's tokens give, and so is
    /// the answer to whether it is plain JSON: texts of every token kind and escape, with each of
    /// many bytes and characters put at every place (where the lexer gives up, the scanner reads).
    #[test]
    fn the_own_lexer_indexes_as_the_scanner_does() {
        use super::Tokens;
        let docs = [
            r#"{"a": [1, -2, 0.5, -0.25e+3, 1E-2, 0, true, false, null, "x y"], "b": {"c": "\"\\\/\b\f\n\r\t\u00e9\u20AC"}}"#,
            "/* head */ {\"a\": [1, // one\n 2,\r\n], \"b\": {} /* tail */}\n// end",
            "[[], {}, [[{\"\": \"\"}]], \"é\"]",
            // Strings read eight bytes a step, with what ends a step at each place.
            r#"{"a string of some length, é€ and more": "/usr/local/bin/a-long-command --with some arguments"}"#,
        ];
        let extras = [
            "", " ", "\t", "\u{b}", "\u{a0}", "\u{2028}", "\u{0}", "\u{1f}", "x", "$", "é", "0", "-", ".", "e", "+", "\\", "\"", "/", "*",
            "\\u", "\\ud800", ",", ":", "}", "]", "true",
        ];
        let (mut lexed, mut given_up) = (0, 0);
        for doc in docs {
            for extra in extras {
                for (at, _) in doc.char_indices().chain([(doc.len(), ' ')]) {
                    let text = format!("{}{extra}{}", &doc[..at], &doc[at..]);
                    for strictness in [Strictness::Strict, Strictness::Comments, Strictness::Lenient] {
                        let Some(own) = Tree::read(Tokens::lexed(&text, strictness), strictness) else {
                            given_up += 1;
                            continue;
                        };
                        lexed += 1;
                        assert_eq!(Some(own), Tree::read(Tokens::new(&text, strictness), strictness), "{text:?} {strictness:?}");
                    }
                }
            }
        }
        // Both happened, many times.
        assert!(lexed > 1000 && given_up > 1000, "{lexed} lexed, {given_up} given up");
    }

    /// A text the index reads strictly is plain JSON exactly when `serde_json` accepts it: every
    /// control character, and every kind of blank the scanner skips, put at every place of a
    /// document (between tokens, inside strings and names, in numbers and literals).
    #[test]
    fn plain_json_is_what_serde_json_accepts() {
        let doc = r#"{"a": [1, "x y", {"b": null, "\u00e9": true}], "c": -0.5e3, "d": "\"\t"}"#;
        let odd = (0u32..0x20).chain([0x7f, 0x85, 0xa0, 0x1680, 0x2028, 0x3000, 0xfeff]).filter_map(char::from_u32);
        let mut seen = [0; 2];
        for c in odd {
            for (at, _) in doc.char_indices().chain([(doc.len(), ' ')]) {
                let text = format!("{}{c}{}", &doc[..at], &doc[at..]);
                for strictness in [Strictness::Strict, Strictness::StrictBom] {
                    let Some((_, plain)) = Tree::build_plain(&text, strictness) else { continue };
                    let serde = serde_json::from_str::<serde::de::IgnoredAny>(&text).is_ok();
                    assert_eq!(plain, serde, "{text:?}");
                    seen[usize::from(plain)] += 1;
                }
            }
        }
        // Both answers were given, many times.
        assert!(seen.iter().all(|n| *n > 50), "{seen:?}");
        assert!(!Tree::build_plain(doc, Strictness::Comments).unwrap().1, "only asked of a strict agent's text");
    }
}
