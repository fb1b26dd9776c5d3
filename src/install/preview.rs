//! The preview: one unified diff per file, coloured on a terminal.

use super::plan::FileChange;
use crate::cli::ColorWhen;
use crate::paths::display;
use similar::{ChangeTag, TextDiff};
use std::io::IsTerminal;

/// Whether to colour output, from `--color` and `NO_COLOR`.
pub fn use_color(when: ColorWhen) -> bool {
    match when {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal(),
    }
}

/// The unified diff of one change: from `/dev/null` for a new file, to `/dev/null` for a deleted one.
pub fn diff(change: &FileChange, color: bool) -> String {
    let name = display(&change.path);
    let old = change.before.as_deref().map(|b| String::from_utf8_lossy(b)).unwrap_or_default();
    let new = change.after.as_deref().map(|b| String::from_utf8_lossy(b)).unwrap_or_default();
    let a = if change.before.is_some() { name.clone() } else { "/dev/null".to_string() };
    let b = if change.after.is_some() { name } else { "/dev/null".to_string() };
    let text_diff = TextDiff::configure().timeout(std::time::Duration::from_secs(5)).diff_lines(old.as_ref(), new.as_ref());
    let text = unified(&text_diff, &a, &b);
    if color { colorize(&text) } else { text }
}

/// Lines longer than this are shown as the part that changed (one-line settings files hold megabytes
/// on a line; the preview must show what gitvow changes, not the line twice).
const LONG_LINE: usize = 1000;
/// Bytes of unchanged text shown on each side of the change in a long line.
const CONTEXT: usize = 80;

/// The unified diff, as `diff -u` writes it, with long lines cut to what changed.
fn unified(diff: &TextDiff<'_, '_, str>, a: &str, b: &str) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for (i, hunk) in diff.unified_diff().context_radius(3).iter_hunks().enumerate() {
        if i == 0 {
            let _ = write!(out, "--- {a}\n+++ {b}\n");
        }
        let _ = writeln!(out, "{}", hunk.header());
        let changes: Vec<_> = hunk.iter_changes().collect();
        for change in &changes {
            // The line it replaces (or that replaces it) in the hunk, to find where they differ.
            let other = changes.iter().find(|c| {
                matches!((change.tag(), c.tag()), (ChangeTag::Delete, ChangeTag::Insert) | (ChangeTag::Insert, ChangeTag::Delete))
            });
            let _ = write!(out, "{}{}", change.tag(), excerpt(change.value(), other.map(|c| c.value())));
            if !diff.newline_terminated() {
                out.push('\n');
            }
            if diff.newline_terminated() && change.missing_newline() {
                out.push_str("\n\\ No newline at end of file\n");
            }
        }
    }
    out
}

/// `line` as the preview shows it: whole, or for a long line the part that differs from `other`
/// with some context, the rest named by its size.
fn excerpt<'a>(line: &'a str, other: Option<&str>) -> std::borrow::Cow<'a, str> {
    if line.len() <= LONG_LINE {
        return line.into();
    }
    let (body, end) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
    let Some(other) = other.map(|o| o.strip_suffix('\n').unwrap_or(o)) else {
        // A line added or removed whole: its start.
        let to = body.ceil_char_boundary(2 * CONTEXT);
        return format!("{}[… {} bytes …]{end}", &body[..to], body.len() - to).into();
    };
    let prefix = body.bytes().zip(other.bytes()).take_while(|(x, y)| x == y).count();
    let most = body.len().min(other.len()) - prefix;
    let suffix = body.bytes().rev().zip(other.bytes().rev()).take(most).take_while(|(x, y)| x == y).count();
    let from = body.floor_char_boundary(prefix.saturating_sub(CONTEXT));
    let to = body.ceil_char_boundary(body.len() - suffix + CONTEXT);
    let before = if from > 0 { format!("[… {from} bytes …]") } else { String::new() };
    let after = if to < body.len() { format!("[… {} bytes …]", body.len() - to) } else { String::new() };
    format!("{before}{}{after}{end}", &body[from..to]).into()
}

fn colorize(diff: &str) -> String {
    let mut out = String::with_capacity(diff.len() + 256);
    for line in diff.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        let code = if body.starts_with("+++") || body.starts_with("---") {
            "1"
        } else if body.starts_with('+') {
            "32"
        } else if body.starts_with('-') {
            "31"
        } else if body.starts_with("@@") {
            "36"
        } else {
            ""
        };
        if code.is_empty() {
            out.push_str(line);
        } else {
            out.push_str(&format!("\x1b[{code}m{body}\x1b[0m{end}"));
        }
    }
    out
}

/// Whether a person is there to answer a prompt.
pub fn interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}
