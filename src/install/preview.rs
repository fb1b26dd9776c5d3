//! The preview: one unified diff per file, coloured on a terminal.

use super::plan::FileChange;
use crate::cli::ColorWhen;
use crate::paths::display;
use similar::TextDiff;
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
    let text = text_diff.unified_diff().context_radius(3).header(&a, &b).to_string();
    if color { colorize(&text) } else { text }
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
