//! gitvow's entries in a YAML file the person edits too (hermes's `config.yaml`), as text splices.
//!
//! No YAML library for Rust edits a file in place and writes back every other byte (comments, key
//! order, anchors, flow or block style, CRLF); a parse-and-dump round trip would lose them. So
//! `yaml-rust2` (a maintained YAML 1.2 parser that marks where each node starts) checks the file
//! and locates the nodes, and this module splices lines or flow items in at those places, the way
//! `jsonc` does for JSON: everything outside the splice stays as the person wrote it.

use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;

/// Where and why a file is not what gitvow can edit (1-based line and column).
#[derive(Debug, PartialEq, Eq)]
pub struct YamlError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

#[derive(Debug)]
enum YamlValue {
    Scalar(String),
    Seq(Vec<YamlNode>),
    Map(Vec<(YamlNode, YamlNode)>),
    Alias,
}

#[derive(Debug)]
struct YamlNode {
    kind: YamlValue,
    /// Byte offset where the node starts (a block mapping: its first key).
    start: usize,
    line: usize,
    col: usize,
    /// For collections: the closing `]`/`}` of a flow one, the next token of a block one.
    end: usize,
    flow: bool,
}

impl YamlNode {
    fn get(&self, key: &str) -> Option<(&YamlNode, &YamlNode)> {
        match &self.kind {
            YamlValue::Map(entries) => {
                entries.iter().find(|(k, _)| matches!(&k.kind, YamlValue::Scalar(s) if s == key)).map(|(k, v)| (k, v))
            }
            _ => None,
        }
    }

    fn is_empty_scalar(&self) -> bool {
        matches!(&self.kind, YamlValue::Scalar(s) if s.is_empty())
    }

    fn error(&self, message: impl Into<String>) -> YamlError {
        YamlError { line: self.line, col: self.col + 1, message: message.into() }
    }
}

/// Builds the node tree from the parser's events.
struct Builder<'a> {
    text: &'a str,
    stack: Vec<YamlNode>,
    /// A mapping's key waiting for its value, per open mapping.
    keys: Vec<Option<YamlNode>>,
    documents: Vec<YamlNode>,
    second_document: Option<Marker>,
}

impl Builder<'_> {
    fn push_value(&mut self, node: YamlNode) {
        let Some(parent) = self.stack.last_mut() else {
            self.documents.push(node);
            return;
        };
        match &mut parent.kind {
            YamlValue::Seq(items) => items.push(node),
            YamlValue::Map(entries) => {
                let slot = self.keys.last_mut().expect("a key slot per open mapping");
                match slot.take() {
                    None => *slot = Some(node),
                    Some(key) => {
                        if entries.is_empty() && !parent.flow {
                            (parent.start, parent.line, parent.col) = (key.start, key.line, key.col);
                        }
                        entries.push((key, node));
                    }
                }
            }
            _ => unreachable!("only collections are open"),
        }
    }
}

impl MarkedEventReceiver for Builder<'_> {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        let at = |kind: YamlValue, flow: bool| YamlNode {
            kind,
            start: mark.index(),
            line: mark.line(),
            col: mark.col(),
            end: mark.index(),
            flow,
        };
        let opens = |c: u8| self.text.as_bytes().get(mark.index()) == Some(&c);
        match ev {
            Event::DocumentStart if !self.documents.is_empty() => {
                self.second_document.get_or_insert(mark);
            }
            Event::Scalar(value, _, _, _) => self.push_value(at(YamlValue::Scalar(value), false)),
            Event::Alias(_) => self.push_value(at(YamlValue::Alias, false)),
            Event::SequenceStart(..) => self.stack.push(at(YamlValue::Seq(Vec::new()), opens(b'['))),
            Event::MappingStart(..) => {
                self.stack.push(at(YamlValue::Map(Vec::new()), opens(b'{')));
                self.keys.push(None);
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let mut node = self.stack.pop().expect("an end closes an open collection");
                if matches!(node.kind, YamlValue::Map(_)) {
                    self.keys.pop();
                }
                node.end = mark.index();
                self.push_value(node);
            }
            _ => {}
        }
    }
}

/// The document's root (`None`: the file holds no document, only comments or nothing), or where
/// hermes's YAML loader would stop.
fn parse(text: &str) -> Result<Option<YamlNode>, YamlError> {
    let mut b = Builder { text, stack: Vec::new(), keys: Vec::new(), documents: Vec::new(), second_document: None };
    Parser::new_from_str(text).load(&mut b, true).map_err(|e| YamlError {
        line: e.marker().line(),
        col: e.marker().col() + 1,
        message: e.info().to_string(),
    })?;
    if let Some(m) = b.second_document {
        return Err(YamlError {
            line: m.line(),
            col: m.col() + 1,
            message: "a second YAML document: hermes reads a config.yaml of one document only".into(),
        });
    }
    Ok(b.documents.pop().filter(|d| !d.is_empty_scalar()))
}

/// Checks that `text` is YAML hermes would load, with a mapping at the top (or nothing).
pub fn check(text: &str) -> Result<(), YamlError> {
    match parse(text)? {
        Some(root) if !matches!(root.kind, YamlValue::Map(_)) => Err(root.error("expected a mapping at the top level")),
        _ => Ok(()),
    }
}

/// One entry of a `hooks.<event>` list: its fields in order, each value as YAML scalar text.
pub struct HookFields<'a> {
    pub event: &'a str,
    pub fields: Vec<(&'a str, String)>,
}

/// A gitvow-relevant entry found in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlHook {
    pub event: String,
    pub command: String,
    pub matcher: Option<String>,
    pub timeout: Option<String>,
    pub line: usize,
    pub col: usize,
}

/// Every `hooks.<event>` entry with a `command`, in file order.
pub fn entries(text: &str) -> Result<Vec<YamlHook>, YamlError> {
    let Some(root) = parse(text)? else { return Ok(Vec::new()) };
    let Some((_, YamlNode { kind: YamlValue::Map(events), .. })) = root.get("hooks") else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for (key, list) in events {
        let (YamlValue::Scalar(event), YamlValue::Seq(items)) = (&key.kind, &list.kind) else { continue };
        for item in items {
            let field = |k: &str| match item.get(k) {
                Some((_, YamlNode { kind: YamlValue::Scalar(s), .. })) => Some(s.clone()),
                _ => None,
            };
            if let Some(command) = field("command") {
                out.push(YamlHook {
                    event: event.clone(),
                    command,
                    matcher: field("matcher"),
                    timeout: field("timeout"),
                    line: item.line,
                    col: item.col + 1,
                });
            }
        }
    }
    Ok(out)
}

/// `text` with `entry` appended to its `hooks.<event>` list (the list, and `hooks`, made where
/// missing), in the style of what is around it.
pub fn add(text: &str, entry: &HookFields<'_>) -> Result<String, YamlError> {
    let nl = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let Some(root) = parse(text)? else {
        return Ok(append(text, text.len(), &format!("hooks:{nl}  {}:{nl}{}", entry.event, block_item(entry, 4, nl)), nl));
    };
    let YamlValue::Map(_) = root.kind else { return Err(root.error("expected a mapping at the top level")) };
    let Some((hooks_key, hooks)) = root.get("hooks") else {
        no_merge(&root)?;
        if root.flow {
            return Ok(flow_add(text, &root, &format!("hooks: {{{}: [{}]}}", entry.event, flow_item(entry))));
        }
        let ind = " ".repeat(root.col);
        let lines = format!("{ind}hooks:{nl}{ind}  {}:{nl}{}", entry.event, block_item(entry, root.col + 4, nl));
        return Ok(append(text, content_end(text, root.end), &lines, nl));
    };
    match &hooks.kind {
        YamlValue::Scalar(s) if s.is_empty() && !hooks.flow => {
            let c = hooks_key.col + 2;
            let lines = format!("{}{}:{nl}{}", " ".repeat(c), entry.event, block_item(entry, c + 2, nl));
            Ok(append(text, line_end(text, hooks_key.start), &lines, nl))
        }
        YamlValue::Map(_) => add_to_events(text, hooks, entry, nl),
        YamlValue::Alias => Err(hooks.error("`hooks` is an alias of another node: add gitvow's entries by hand")),
        _ => Err(hooks.error("expected a mapping of hook events under `hooks`")),
    }
}

fn add_to_events(text: &str, hooks: &YamlNode, entry: &HookFields<'_>, nl: &str) -> Result<String, YamlError> {
    let Some((key, list)) = hooks.get(entry.event) else {
        no_merge(hooks)?;
        if hooks.flow {
            return Ok(flow_add(text, hooks, &format!("{}: [{}]", entry.event, flow_item(entry))));
        }
        let lines = format!("{}{}:{nl}{}", " ".repeat(hooks.col), entry.event, block_item(entry, hooks.col + 2, nl));
        return Ok(append(text, content_end(text, hooks.end), &lines, nl));
    };
    match &list.kind {
        YamlValue::Scalar(s) if s.is_empty() => Ok(append(text, line_end(text, key.start), &block_item(entry, key.col + 2, nl), nl)),
        YamlValue::Seq(_) if list.flow => Ok(flow_add(text, list, &flow_item(entry))),
        // A block sequence starts at its first dash.
        YamlValue::Seq(_) => Ok(append(text, content_end(text, list.end), &block_item(entry, list.col, nl), nl)),
        YamlValue::Alias => Err(list.error(format!("`hooks.{}` is an alias of another list: add gitvow's entries by hand", entry.event))),
        _ => Err(list.error(format!("expected a list of hooks under `hooks.{}`", entry.event))),
    }
}

/// A key gitvow adds next to a merge (`<<: *base`) would hide the merged one of that name.
fn no_merge(map: &YamlNode) -> Result<(), YamlError> {
    match map.get("<<") {
        Some((key, _)) => Err(key.error("this mapping merges another one (`<<`): add gitvow's entries by hand")),
        None => Ok(()),
    }
}

/// `text` without the `hooks.<event>` entries whose command `ours` claims, and without a list or a
/// `hooks` that held nothing else; `None` when there are none.
pub fn remove(text: &str, ours: &dyn Fn(&str) -> bool) -> Result<Option<String>, YamlError> {
    let mut out = text.to_string();
    let mut removed = false;
    // One entry at a time, each from a fresh parse: a file holds a handful.
    while let Some(span) = first_span(&out, ours)? {
        out.replace_range(span, "");
        removed = true;
    }
    if !removed {
        return Ok(None);
    }
    while let Some(span) = empty_key_span(&out)? {
        out.replace_range(span, "");
    }
    Ok(Some(out))
}

fn first_span(text: &str, ours: &dyn Fn(&str) -> bool) -> Result<Option<std::ops::Range<usize>>, YamlError> {
    let Some(root) = parse(text)? else { return Ok(None) };
    let Some((_, YamlNode { kind: YamlValue::Map(events), .. })) = root.get("hooks") else { return Ok(None) };
    for (_, list) in events {
        let YamlValue::Seq(items) = &list.kind else { continue };
        for (i, item) in items.iter().enumerate() {
            let is_ours = matches!(item.get("command"), Some((_, YamlNode { kind: YamlValue::Scalar(c), .. })) if ours(c));
            if !is_ours {
                continue;
            }
            if list.flow {
                // The item and the comma that joins it to a neighbour.
                let end = item.end + 1;
                return Ok(Some(match (i.checked_sub(1).map(|p| &items[p]), items.get(i + 1)) {
                    (_, Some(next)) => item.start..next.start,
                    (Some(prev), None) => (if prev.flow { prev.end + 1 } else { text[..item.start].rfind(',').unwrap_or(item.start) })..end,
                    (None, None) => item.start..end,
                }));
            }
            let start = dash_line(text, item.start);
            let end = match items.get(i + 1) {
                Some(next) => dash_line(text, next.start),
                None => content_end(text, list.end),
            };
            return Ok(Some(start..end.max(start)));
        }
    }
    Ok(None)
}

/// A block `hooks.<event>:` left with no entries, or a `hooks:` left with no events: its lines.
fn empty_key_span(text: &str) -> Result<Option<std::ops::Range<usize>>, YamlError> {
    let Some(root) = parse(text)? else { return Ok(None) };
    let Some((hooks_key, hooks)) = root.get("hooks") else { return Ok(None) };
    if let YamlValue::Map(events) = &hooks.kind {
        for (key, list) in events {
            if list.is_empty_scalar() && !hooks.flow {
                let start = line_start(text, key.start);
                return Ok(Some(start..line_end(text, key.start)));
            }
        }
    }
    if hooks.is_empty_scalar() && !root.flow {
        let start = line_start(text, hooks_key.start);
        return Ok(Some(start..line_end(text, hooks_key.start)));
    }
    Ok(None)
}

/// The start of the line holding the dash of the block sequence item that starts at `at`.
fn dash_line(text: &str, at: usize) -> usize {
    let start = line_start(text, at);
    let before = &text[start..at];
    if before.trim_start().starts_with('-') {
        return start;
    }
    // `-` alone on the line above the item.
    let prev = line_start(text, start.saturating_sub(1));
    if text[prev..start].trim() == "-" { prev } else { start }
}

fn line_start(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].rfind('\n').map_or(0, |i| i + 1)
}

/// The offset just past the line holding `at` (the text's end when that line has no line break).
fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |i| at + i + 1)
}

/// Just past the last line of a block node whose next token is at `end`: blank and comment lines
/// before that token stay where they are, after gitvow's lines.
fn content_end(text: &str, end: usize) -> usize {
    let mut at = if end >= text.len() && !text.ends_with('\n') { return text.len() } else { line_start(text, end) };
    while at > 0 {
        let prev = line_start(text, at - 1);
        let line = text[prev..at].trim();
        if !(line.is_empty() || line.starts_with('#')) {
            break;
        }
        at = prev;
    }
    at
}

/// `text` with `lines` (each ending in `nl`) inserted at `at`, a line start or the text's end.
fn append(text: &str, at: usize, lines: &str, nl: &str) -> String {
    let mut out = String::with_capacity(text.len() + lines.len() + 2);
    out.push_str(&text[..at]);
    if at > 0 && !out.ends_with('\n') {
        out.push_str(nl);
    }
    out.push_str(lines);
    out.push_str(&text[at..]);
    out
}

/// `item` added before the closing bracket of a flow collection.
fn flow_add(text: &str, collection: &YamlNode, item: &str) -> String {
    let empty = match &collection.kind {
        YamlValue::Seq(items) => items.is_empty(),
        YamlValue::Map(entries) => entries.is_empty(),
        _ => true,
    };
    let close = collection.end;
    let body = text[..close].trim_end();
    let sep = if empty {
        ""
    } else if body.ends_with(',') {
        " "
    } else {
        ", "
    };
    format!("{body}{sep}{item}{}", &text[body.len()..])
}

fn block_item(entry: &HookFields<'_>, indent: usize, nl: &str) -> String {
    let mut out = String::new();
    for (i, (k, v)) in entry.fields.iter().enumerate() {
        let lead = if i == 0 { format!("{}- ", " ".repeat(indent)) } else { " ".repeat(indent + 2) };
        out.push_str(&format!("{lead}{k}: {v}{nl}"));
    }
    out
}

fn flow_item(entry: &HookFields<'_>) -> String {
    let fields: Vec<String> = entry.fields.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    format!("{{{}}}", fields.join(", "))
}

/// A double-quoted YAML scalar holding `s` (JSON's string escapes are YAML's too).
pub fn quoted(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// The text of a top-level scalar `key`, when the file parses and has one.
pub fn top_scalar(text: &str, key: &str) -> Option<String> {
    match parse(text).ok()??.get(key) {
        Some((_, YamlNode { kind: YamlValue::Scalar(s), .. })) => Some(s.clone()),
        _ => None,
    }
}
