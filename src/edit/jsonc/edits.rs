//! The splices that add and remove items of a container, worked out on the text and its index, and
//! values written in the file's own style.

use crate::edit::tree::Tree;
use serde_json::Value;

/// The whitespace conventions of a file, followed by any text gitvow adds to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Style {
    pub(super) newline: &'static str,
    pub(super) indent: String,
    /// The file is laid out on several lines (otherwise new values are written on one line).
    pub(super) multiline: bool,
    /// `": "` rather than `":"` between a key and its value.
    pub(super) colon_space: bool,
}

/// A container located in the tree: its open and close delimiters and how many items it holds.
pub(super) struct Container {
    pub(super) open: usize,
    pub(super) close: usize,
    pub(super) len: usize,
}

/// Items `first..=last` of a container (a run of neighbours) and their surroundings: the range
/// from the first item's start (a member's name) to the last one's end, the end of the item
/// before the run and the start of the one after it.
#[derive(Clone, Copy)]
pub(super) struct Run {
    pub(super) first: usize,
    pub(super) last: usize,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) before_end: Option<usize>,
    pub(super) after_start: Option<usize>,
}

/// The text and its index, for the functions that work out edits.
pub(super) struct View<'a> {
    pub(super) body: &'a str,
    pub(super) tree: &'a Tree,
}

impl View<'_> {
    /// The first position at or after `pos` that is not whitespace.
    pub(super) fn skip_whitespace(&self, pos: usize) -> usize {
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
pub(super) fn line_indent(body: &str, pos: usize) -> &str {
    let line_start = body[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line = &body[line_start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// The start of the run of whitespace that ends at `pos`.
fn whitespace_start(body: &str, pos: usize) -> usize {
    pos - (body[..pos].len() - body[..pos].trim_end().len())
}

/// `last`: the range of the container's last item.
pub(super) fn insertion_edits(
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
pub(super) fn removal_edits(view: &View<'_>, c: &Container, run: &Run, comments_inside: bool) -> Vec<(usize, usize, String)> {
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
pub(super) fn render(value: &Value, style: &Style, indent: &str) -> String {
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
