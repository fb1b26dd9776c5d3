//! The codex `[features] hooks` switch in `config.toml`, edited with toml_edit.
//!
//! Codex runs no hooks when `[features] hooks = false` (older versions needed `hooks = true`, and
//! `codex_hooks` is the deprecated alias of the same switch). A user install makes sure neither
//! key turns hooks off:
//! - `hooks = false` is flipped to `true`; a missing `hooks` is added as `true`;
//! - `codex_hooks = false` is flipped to `true` as well (which of the two wins when they disagree
//!   differs between codex versions, so neither may say false); a missing `codex_hooks` is left
//!   missing.
//!
//! toml_edit only parses and locates: every change is a splice of the original text, so each byte
//! outside the changed value or the inserted line stays as it was (comments, order, whitespace,
//! CRLF, a missing final newline). The splices are recorded in a [`TomlChange`] that goes into the
//! install record, and [`restore`] undoes exactly those, leaving alone any key the user changed
//! since.

use crate::error::{Error, Result};
use crate::paths::display;
use serde::{Deserialize, Serialize};
use std::ops::Range;
use std::path::Path;
use toml_edit::{Document, Item, Table, Value};

/// The keys that switch codex hooks off when false; the first is added when missing.
const SWITCHES: [&str; 2] = ["hooks", "codex_hooks"];

/// What [`enable_hooks`] changed in `config.toml`, for [`restore`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TomlChange {
    /// The file did not exist and gitvow created it.
    #[serde(default)]
    pub created_file: bool,
    /// The splices, in the order they were made.
    #[serde(default)]
    pub edits: Vec<TomlEdit>,
}

impl TomlChange {
    /// Nothing was changed: the switch was already on.
    pub fn is_empty(&self) -> bool {
        !self.created_file && self.edits.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TomlEdit {
    /// `features.<key>` held the value written as `from` (e.g. `false`) and now holds `true`.
    Flipped { key: String, from: String },
    /// This exact text (a `hooks = true` line with its line break) was inserted into an existing
    /// features table.
    AddedKey { text: String },
    /// This exact text (`[features]` and `hooks = true`) was appended at the end of the file.
    AppendedTable { text: String },
    /// The top-level `key` held the value written as `from` and now holds the wanted value.
    ReplacedTop { key: String, from: String },
    /// This exact line setting the top-level `key` was inserted before the first table.
    InsertedTop { key: String, text: String },
    /// This exact text (a whole table) was appended at the end of the file.
    Appended { text: String },
}

/// codex's own sandbox for the commands it runs: writes only in the working directory and the
/// temporary ones.
const SANDBOX_MODE: (&str, &str) = ("sandbox_mode", "workspace-write");
/// The sandbox mode's own table, appended when absent: the network stays on, as it was without
/// the sandbox.
const SANDBOX_TABLE: &str = "sandbox_workspace_write";

/// Make sure codex runs its commands in its workspace-write sandbox (`install --sandbox`), on the
/// text [`enable_hooks`] returned; the edits are added to `change`.
pub fn enable_sandbox(path: &Path, mut out: String, change: &mut TomlChange) -> Result<String> {
    let (key, mode) = SANDBOX_MODE;
    let wanted = format!("\"{mode}\"");
    let doc = parse(path, &out)?;
    let found = doc.as_table().get(key).map(|item| (item.as_value().and_then(Value::as_str).map(str::to_string), item.span()));
    let first_table = first_table_start(&doc);
    let has_table = doc.as_table().contains_key(SANDBOX_TABLE);
    drop(doc);
    match found {
        Some((Some(now), _)) if now == mode => {}
        Some((Some(_), Some(span))) => {
            change.edits.push(TomlEdit::ReplacedTop { key: key.to_string(), from: out[span.clone()].to_string() });
            out.replace_range(span, &wanted);
        }
        Some((_, span)) => {
            return Err(located(path, &out, span.map_or(0, |s| s.start), &format!("expected `{key}` to be a string")));
        }
        None => {
            let nl = line_break(&out);
            let (at, text) = match first_table {
                Some(at) => (at, format!("{key} = {wanted}{nl}")),
                None if out.is_empty() || out.ends_with('\n') => (out.len(), format!("{key} = {wanted}{nl}")),
                None => (out.len(), format!("{nl}{key} = {wanted}{nl}")),
            };
            out.insert_str(at, &text);
            change.edits.push(TomlEdit::InsertedTop { key: key.to_string(), text });
        }
    }
    if !has_table {
        let nl = line_break(&out);
        let text = format!("{}[{SANDBOX_TABLE}]{nl}network_access = true{nl}", separator(&out));
        out.push_str(&text);
        change.edits.push(TomlEdit::Appended { text });
    }
    Ok(out)
}

/// Where the first table header starts (top-level keys go before it).
fn first_table_start(doc: &Document<&str>) -> Option<usize> {
    let mut starts = Vec::new();
    for (_, item) in doc.as_table().iter() {
        match item {
            Item::Table(t) if !t.is_implicit() && !t.is_dotted() => starts.extend(t.span().map(|s| s.start)),
            Item::Table(t) => starts.extend(t.iter().filter_map(|(_, i)| i.as_table().and_then(Table::span)).map(|s| s.start)),
            Item::ArrayOfTables(a) => starts.extend(a.iter().filter_map(Table::span).map(|s| s.start)),
            _ => {}
        }
    }
    starts.into_iter().min()
}

/// Whether `text` says codex runs its commands sandboxed (`sandbox_mode = "workspace-write"`).
pub fn sandboxed(text: &str) -> bool {
    text.parse::<toml_edit::DocumentMut>().is_ok_and(|d| d.get(SANDBOX_MODE.0).and_then(|v| v.as_str()) == Some(SANDBOX_MODE.1))
}

/// Make sure codex hooks are on. `text`: the file's content, `None` when it does not exist.
/// `path` is only used to name the file in errors. Returns the new text and what was changed
/// (empty when the switch was already on, and then the text is unchanged).
pub fn enable_hooks(path: &Path, text: Option<&str>) -> Result<(String, TomlChange)> {
    let mut change = TomlChange { created_file: text.is_none(), edits: Vec::new() };
    let mut out = text.unwrap_or("").to_string();
    for key in SWITCHES {
        let doc = parse(path, &out)?;
        match find_features(path, &doc)? {
            Features::Missing => {
                if key == SWITCHES[0] {
                    let appended = appended_table(&out);
                    out.push_str(&appended);
                    change.edits.push(TomlEdit::AppendedTable { text: appended });
                }
            }
            features => match switch_value(path, &doc, &features, key)? {
                Some((_, true)) => {}
                Some((span, false)) => {
                    change.edits.push(TomlEdit::Flipped { key: key.to_string(), from: out[span.clone()].to_string() });
                    out.replace_range(span, "true");
                }
                None if key == SWITCHES[0] => {
                    let (at, line) = added_line(path, &out, &features)?;
                    out.insert_str(at, &line);
                    change.edits.push(TomlEdit::AddedKey { text: line });
                }
                None => {}
            },
        }
    }
    Ok((out, change))
}

/// Undo what [`enable_hooks`] recorded, on the file's current text. A key the user changed since
/// is left as it is. Returns `None` when gitvow created the file and nothing else is in it now:
/// the caller deletes the file.
pub fn restore(path: &Path, text: &str, change: &TomlChange) -> Result<Option<String>> {
    let mut out = text.to_string();
    for edit in change.edits.iter().rev() {
        match edit {
            TomlEdit::Flipped { key, from } => {
                let doc = parse(path, &out)?;
                let features = find_features(path, &doc)?;
                if let Some((span, true)) = switch_value(path, &doc, &features, key)?
                    && &out[span.clone()] == "true"
                {
                    out.replace_range(span, from);
                }
            }
            TomlEdit::AddedKey { text } => remove_added_line(path, &mut out, text)?,
            TomlEdit::AppendedTable { text } => {
                if out.ends_with(text.as_str()) {
                    out.truncate(out.len() - text.len());
                } else {
                    // The user wrote into the table since: take out only the `hooks = true` line
                    // and leave their table.
                    let line = text.rsplit_once("[features]").map_or("", |(_, rest)| rest);
                    let line = line.trim_start_matches(['\r', '\n']);
                    remove_added_line(path, &mut out, line)?;
                }
            }
            TomlEdit::ReplacedTop { key, from } => {
                let doc = parse(path, &out)?;
                let span = doc.as_table().get(key).filter(|i| i.as_str() == Some(SANDBOX_MODE.1)).and_then(Item::span);
                drop(doc);
                if let Some(span) = span {
                    out.replace_range(span, from);
                }
            }
            TomlEdit::InsertedTop { key, text } => {
                let doc = parse(path, &out)?;
                let at = doc.as_table().key(key).and_then(|k| k.span()).map(|s| s.start);
                drop(doc);
                // The line starts at the key, or (appended to a last line without a break) one break before it.
                let start = at.map(|at| out[..at].rfind('\n').map_or(0, |i| i + 1));
                let candidates = start.into_iter().flat_map(|s| [s, s.saturating_sub(1), s.saturating_sub(2)]);
                if let Some(s) = candidates.into_iter().find(|&s| out[s..].starts_with(text.as_str())) {
                    out.replace_range(s..s + text.len(), "");
                }
            }
            TomlEdit::Appended { text } => {
                if out.ends_with(text.as_str()) {
                    out.truncate(out.len() - text.len());
                }
            }
        }
    }
    if change.created_file && out.trim().is_empty() {
        return Ok(None);
    }
    Ok(Some(out))
}

/// The switches that turn codex hooks off (`features.hooks` or `features.codex_hooks` set to
/// false), each with the byte offset of its value, for doctor.
pub fn switches_off(path: &Path, text: &str) -> Result<Vec<(&'static str, usize)>> {
    let doc = parse(path, text)?;
    let features = find_features(path, &doc)?;
    let mut off = Vec::new();
    for key in SWITCHES {
        if let Some((span, false)) = switch_value(path, &doc, &features, key)? {
            off.push((key, span.start));
        }
    }
    Ok(off)
}

enum Features<'a> {
    Missing,
    Table(&'a Table),
    Inline(&'a toml_edit::InlineTable, Range<usize>),
}

fn parse<'a>(path: &Path, text: &'a str) -> Result<Document<&'a str>> {
    Document::parse(text).map_err(|e| {
        let what = e.message().lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("; ");
        located(path, text, e.span().map_or(0, |s| s.start), &what)
    })
}

/// `file:line:column: what`, with the position of byte `offset` (columns count characters).
fn located(path: &Path, text: &str, offset: usize, what: &str) -> Error {
    let (line, column) = super::jsonc::line_col(text, offset);
    Error::new(format!("{}:{line}:{column}: {what}", display(path)))
        .hint("fix the file by hand (codex reads it too), then run gitvow again; nothing was written")
}

fn find_features<'a>(path: &Path, doc: &'a Document<&'a str>) -> Result<Features<'a>> {
    let Some((key, item)) = doc.as_table().get_key_value("features") else { return Ok(Features::Missing) };
    match item {
        // `[features.x]` alone makes an implicit `features`; a `[features]` header may still follow.
        Item::Table(t) if t.is_implicit() && !t.is_dotted() => Ok(Features::Missing),
        Item::Table(t) => Ok(Features::Table(t)),
        Item::Value(Value::InlineTable(t)) => Ok(Features::Inline(t, item.span().unwrap_or_default())),
        _ => Err(located(path, doc.raw(), key.span().map_or(0, |s| s.start), "expected `features` to be a table")),
    }
}

/// The span of `features.<key>`'s value and whether it is true; `None` when the key is absent.
fn switch_value(path: &Path, doc: &Document<&str>, features: &Features, key: &str) -> Result<Option<(Range<usize>, bool)>> {
    let entry = match features {
        Features::Missing => None,
        Features::Table(t) => t.get_key_value(key),
        Features::Inline(t, _) => t.get_key_value(key),
    };
    let Some((k, item)) = entry else { return Ok(None) };
    let at = k.span().map_or(0, |s| s.start);
    match (item.as_value().and_then(Value::as_bool), item.span()) {
        (Some(on), Some(span)) => Ok(Some((span, on))),
        _ => Err(located(path, doc.raw(), at, &format!("expected `features.{key}` to be true or false"))),
    }
}

/// Where to insert a `hooks = true` line into an existing features table, and the exact line.
fn added_line(path: &Path, text: &str, features: &Features) -> Result<(usize, String)> {
    let nl = line_break(text);
    let table = match features {
        Features::Table(t) => t,
        Features::Inline(_, span) => {
            return Err(located(path, text, span.start, "`features` is an inline table, gitvow cannot add `hooks = true` to it")
                .hint("write it as a `[features]` table, or add `hooks = true` to it by hand, then run gitvow again"));
        }
        Features::Missing => unreachable!("a missing table is appended, not added to"),
    };
    // Dotted keys (`features.x = 1` at the top level) get a dotted line next to them.
    let key = if table.is_dotted() { "features.hooks" } else { "hooks" };
    // After the line of the table's last value; right after the header when it has none.
    let last_end = table.iter().filter_map(|(k, _)| table.get(k)?.as_value()?.span()).map(|s| s.end).max();
    let end = last_end.or_else(|| table.span().map(|s| s.end)).unwrap_or(text.len());
    Ok(match text[end..].find('\n') {
        Some(i) => (end + i + 1, format!("{key} = true{nl}")),
        // The last line of a file without a final newline: keep it without one.
        None => (text.len(), format!("{nl}{key} = true")),
    })
}

/// Remove an inserted `line` where the `hooks` switch now is, if it is still exactly that text.
fn remove_added_line(path: &Path, out: &mut String, line: &str) -> Result<()> {
    if line.is_empty() {
        return Ok(());
    }
    let doc = parse(path, out)?;
    let features = find_features(path, &doc)?;
    let Some((span, true)) = switch_value(path, &doc, &features, SWITCHES[0])? else { return Ok(()) };
    let line_start = out[..span.start].rfind('\n').map_or(0, |i| i + 1);
    // Without a final newline the line was inserted with its break in front.
    let candidates = [line_start, line_start.saturating_sub(1), line_start.saturating_sub(2)];
    if let Some(&at) = candidates.iter().find(|&&at| out[at..].starts_with(line) && at + line.len() > span.start) {
        out.replace_range(at..at + line.len(), "");
    }
    Ok(())
}

/// `[features]` with `hooks = true`, as appended to `text`, set off by one blank line.
fn appended_table(text: &str) -> String {
    let nl = line_break(text);
    format!("{}[features]{nl}hooks = true{nl}", separator(text))
}

/// What sets a table appended to `text` off by one blank line.
fn separator(text: &str) -> &'static str {
    let nl = line_break(text);
    if text.is_empty() || text.ends_with("\n\n") || text.ends_with("\r\n\r\n") {
        ""
    } else if text.ends_with('\n') {
        nl
    } else if nl == "\n" {
        // The last line has no break of its own.
        "\n\n"
    } else {
        "\r\n\r\n"
    }
}

/// The file's own line break: CRLF when its first line ends with one.
fn line_break(text: &str) -> &'static str {
    match text.find('\n') {
        Some(i) if text[..i].ends_with('\r') => "\r\n",
        _ => "\n",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path() -> &'static Path {
        Path::new("/h/.codex/config.toml")
    }

    /// Enable, check the result, then prove the inverse gives the original bytes back.
    fn round_trip(before: Option<&str>, expected: &str) -> TomlChange {
        let (after, change) = enable_hooks(path(), before).unwrap();
        assert_eq!(after, expected);
        let doc = after.parse::<toml_edit::DocumentMut>().unwrap();
        assert_eq!(doc["features"]["hooks"].as_bool(), Some(true));
        let json = serde_json::to_string(&change).unwrap();
        let change: TomlChange = serde_json::from_str(&json).unwrap();
        assert_eq!(restore(path(), &after, &change).unwrap().as_deref(), before.filter(|t| !t.is_empty() || !change.created_file));
        // A second run changes nothing.
        let (again, second) = enable_hooks(path(), Some(&after)).unwrap();
        assert_eq!(again, after);
        assert!(second.is_empty());
        change
    }

    #[test]
    fn missing_file_is_created() {
        let change = round_trip(None, "[features]\nhooks = true\n");
        assert!(change.created_file);
    }

    #[test]
    fn empty_file_gets_the_table() {
        round_trip(Some(""), "[features]\nhooks = true\n");
    }

    #[test]
    fn false_is_flipped_and_comments_stay() {
        let before = "# my codex\nmodel = \"o3\" # fast\n\n[features]\n# hooks off for now\nhooks   = false # trailing\nweb = true\n\n[tui]\nx = 1\n";
        let after =
            "# my codex\nmodel = \"o3\" # fast\n\n[features]\n# hooks off for now\nhooks   = true # trailing\nweb = true\n\n[tui]\nx = 1\n";
        let change = round_trip(Some(before), after);
        assert_eq!(change.edits, vec![TomlEdit::Flipped { key: "hooks".into(), from: "false".into() }]);
    }

    #[test]
    fn deprecated_alias_false_is_flipped_too() {
        round_trip(Some("[features]\ncodex_hooks = false\nhooks = false\n"), "[features]\ncodex_hooks = true\nhooks = true\n");
        // Only the alias, off: flipped, and `hooks` added after it.
        round_trip(Some("[features]\ncodex_hooks = false\n"), "[features]\ncodex_hooks = true\nhooks = true\n");
        round_trip(Some("features.hooks = false # off\n[tui]\n"), "features.hooks = true # off\n[tui]\n");
    }

    #[test]
    fn already_on_changes_nothing() {
        let text = "[features]\nhooks = true\n";
        let (after, change) = enable_hooks(path(), Some(text)).unwrap();
        assert_eq!(after, text);
        assert!(change.is_empty());
    }

    #[test]
    fn key_is_added_to_an_existing_table() {
        round_trip(
            Some("[features]\nweb = true # c\n\n# about tui\n[tui]\nx = 1\n"),
            "[features]\nweb = true # c\nhooks = true\n\n# about tui\n[tui]\nx = 1\n",
        );
        round_trip(Some("[features] # empty\n[tui]\n"), "[features] # empty\nhooks = true\n[tui]\n");
        round_trip(Some("[features]\r\nweb = true"), "[features]\r\nweb = true\r\nhooks = true");
        round_trip(Some("features.web = true\nmodel = \"x\"\n"), "features.web = true\nfeatures.hooks = true\nmodel = \"x\"\n");
    }

    #[test]
    fn table_is_appended_when_absent() {
        round_trip(Some("model = \"o3\"\n"), "model = \"o3\"\n\n[features]\nhooks = true\n");
        round_trip(Some("model = \"o3\""), "model = \"o3\"\n\n[features]\nhooks = true\n");
        round_trip(Some("a = 1\r\n"), "a = 1\r\n\r\n[features]\r\nhooks = true\r\n");
        round_trip(Some("[features.sub]\nx = 1\n"), "[features.sub]\nx = 1\n\n[features]\nhooks = true\n");
    }

    #[test]
    fn inline_table_flips_but_is_not_extended() {
        round_trip(Some("features = { hooks = false }\n"), "features = { hooks = true }\n");
        let err = enable_hooks(path(), Some("features = { web = true }\n")).unwrap_err();
        assert!(err.message.starts_with("/h/.codex/config.toml:1:"), "{}", err.message);
    }

    #[test]
    fn restore_leaves_what_the_user_changed_since() {
        let (after, change) = enable_hooks(path(), Some("[features]\nhooks = false\n")).unwrap();
        let edited = after.replace("hooks = true", "hooks = true\nweb = 1");
        assert_eq!(restore(path(), &edited, &change).unwrap().unwrap(), "[features]\nhooks = false\nweb = 1\n");
        // The user set it back to false themselves: nothing to undo.
        let (after, change) = enable_hooks(path(), Some("a = 1\n")).unwrap();
        let edited = after.replace("hooks = true", "hooks = false");
        assert_eq!(restore(path(), &edited, &change).unwrap().unwrap(), edited);
        // The user added a key under gitvow's appended table: only the hooks line goes.
        let edited = format!("{after}web = true\n");
        assert_eq!(restore(path(), &edited, &change).unwrap().unwrap(), "a = 1\n\n[features]\nweb = true\n");
        // A created file the user wrote into is kept.
        let (after, change) = enable_hooks(path(), None).unwrap();
        let edited = format!("model = \"o3\"\n{after}");
        assert_eq!(restore(path(), &edited, &change).unwrap().unwrap(), "model = \"o3\"\n");
    }

    #[test]
    fn the_sandbox_mode_goes_before_the_first_table_and_comes_out_to_the_byte() {
        for (before, mode_line_before) in [
            ("model = \"o3\"\n\n[tui]\nx = 1\n", "[tui]"),
            ("model = \"o3\"", ""),
            ("", ""),
            ("sandbox_mode = \"danger-full-access\" # mine\n[[profiles]]\na = 1\n", ""),
            ("a.b = 1\r\n[features]\r\nhooks = true\r\n", "[features]"),
        ] {
            let (after, mut change) = enable_hooks(path(), Some(before)).unwrap();
            let after = enable_sandbox(path(), after, &mut change).unwrap();
            assert!(sandboxed(&after), "{after}");
            let doc = after.parse::<toml_edit::DocumentMut>().unwrap();
            assert_eq!(doc["sandbox_workspace_write"]["network_access"].as_bool(), Some(true), "{after}");
            if !mode_line_before.is_empty() {
                assert!(after.find("sandbox_mode").unwrap() < after.find(mode_line_before).unwrap(), "{after}");
            }
            let again = enable_sandbox(path(), after.clone(), &mut TomlChange::default()).unwrap();
            assert_eq!(again, after, "a second run changes nothing");
            assert_eq!(restore(path(), &after, &change).unwrap().unwrap_or_default(), before, "{after}");
        }
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let err = enable_hooks(path(), Some("a = 1\nb = \"open\n")).unwrap_err();
        assert!(err.message.starts_with("/h/.codex/config.toml:2:"), "{}", err.message);
        assert!(!err.message.contains('\n'));
        let err = enable_hooks(path(), Some("x = 1\n[features]\nhooks = \"yes\"\n")).unwrap_err();
        assert_eq!(err.message, "/h/.codex/config.toml:3:1: expected `features.hooks` to be true or false");
        let err = enable_hooks(path(), Some("features = 3\n")).unwrap_err();
        assert_eq!(err.message, "/h/.codex/config.toml:1:1: expected `features` to be a table");
    }
}
