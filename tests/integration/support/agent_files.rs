//! Helpers shared by `format_preservation.rs` (the binary on real-world fixtures) and `props/jsonc.rs`
//! (the library on generated documents): how an agent parses its file, what "the original is still
//! there" means, and what the file looks like with gitvow's entries taken out again.
//!
//! The checks here are written independently of `src/edit/jsonc.rs` and `src/install/entries.rs`
//! (their own parser options, their own recognition of gitvow's entries) so that a bug there cannot
//! hide behind the same bug here.

use super::CMD;
use gitvow::agents::Strictness;
use gitvow::agents::{AgentSpec, FileLayout};
use gitvow::install::entries::desired_entry;
use jsonc_parser::{JsonValue, ParseOptions};
use serde_json::{Map, Value};

pub const BOM: &str = "\u{feff}";

/// Parses `text` the way the agent itself would, into plain JSON. Strict agents get `serde_json`
/// (the reference for "strict JSON"); the others `jsonc_parser` with exactly the extensions the agent
/// accepts. A byte-order mark is tolerated only where the agent accepts one (claude; the comment
/// readers). An empty or whitespace-only file counts as an empty object.
pub fn parse_as_agent(text: &str, strictness: Strictness) -> Result<Value, String> {
    let body = match text.strip_prefix(BOM) {
        Some(_) if strictness == Strictness::Strict => return Err("a byte-order mark in a strict file".into()),
        Some(rest) => rest,
        None => text,
    };
    if matches!(strictness, Strictness::Strict | Strictness::StrictBom) {
        if body.trim().is_empty() {
            return Ok(Value::Object(Map::new()));
        }
        return serde_json::from_str(body).map_err(|e| format!("not strict JSON: {e}"));
    }
    let options = ParseOptions {
        allow_comments: true,
        allow_trailing_commas: strictness == Strictness::Lenient,
        allow_loose_object_property_names: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    };
    match jsonc_parser::parse_to_value(body, &options) {
        Ok(Some(v)) => Ok(to_serde(v)),
        Ok(None) => Ok(Value::Object(Map::new())),
        Err(e) => Err(format!("not accepted with {strictness:?}: {e}")),
    }
}

fn to_serde(v: JsonValue<'_>) -> Value {
    match v {
        JsonValue::String(s) => Value::String(s.into_owned()),
        JsonValue::Number(n) => serde_json::from_str(n).expect("jsonc_parser numbers are JSON numbers"),
        JsonValue::Boolean(b) => Value::Bool(b),
        JsonValue::Null => Value::Null,
        JsonValue::Array(a) => Value::Array(a.into_iter().map(to_serde).collect()),
        JsonValue::Object(o) => Value::Object(o.into_iter().map(|(k, v)| (k.into_owned(), to_serde(v))).collect()),
    }
}

/// The byte ranges of `after` that were inserted into `before`, or an error naming the first byte of
/// `before` that is missing from `after`. Deleting the ranges from `after` gives `before` (checked).
///
/// Greedy left-to-right matching rather than a diff library: it decides "is `before` a subsequence of
/// `after`" exactly, whereas `similar`'s Myers (v3, with its cost heuristic) reported a delete plus
/// an insert for a pure insertion into `claude-user-hooks-event-arrays.json`. Where an inserted
/// character equals an original one the ranges may be shifted by a character; every check built on
/// them (line breaks, indentation of new lines) holds for any such alignment.
pub fn inserted_ranges(before: &str, after: &str) -> Result<Vec<std::ops::Range<usize>>, String> {
    let mut ranges: Vec<std::ops::Range<usize>> = Vec::new();
    let mut want = before.char_indices().peekable();
    for (pos, c) in after.char_indices() {
        match want.peek() {
            Some(&(_, w)) if w == c => {
                want.next();
            }
            _ => match ranges.last_mut() {
                Some(r) if r.end == pos => r.end += c.len_utf8(),
                _ => ranges.push(pos..pos + c.len_utf8()),
            },
        }
    }
    if let Some((at, _)) = want.next() {
        let snippet: String = before[at..].chars().take(40).collect();
        return Err(format!("the original from byte {at} is missing from the result: {snippet:?}"));
    }
    let mut rest = String::with_capacity(before.len());
    let mut last = 0;
    for r in &ranges {
        rest.push_str(&after[last..r.start]);
        last = r.end;
    }
    rest.push_str(&after[last..]);
    if rest != before {
        return Err("deleting the inserted ranges does not give the original".into());
    }
    Ok(ranges)
}

/// Checks the line breaks gitvow inserted: CRLF exactly when the file uses CRLF, and each new line
/// indented by a whole number of the file's indentation units (new text follows the file's style).
pub fn check_inserted_lines(after: &str, ranges: &[std::ops::Range<usize>], crlf: bool, unit: &str) -> Result<(), String> {
    let bytes = after.as_bytes();
    for r in ranges {
        for p in r.clone() {
            match bytes[p] {
                b'\n' => {
                    if (p > 0 && bytes[p - 1] == b'\r') != crlf {
                        return Err(format!("inserted line break at byte {p} is not {}", if crlf { "CRLF" } else { "LF" }));
                    }
                    let line = &after[p + 1..];
                    let ind = &line[..line.len() - line.trim_start_matches([' ', '\t']).len()];
                    if unit.is_empty() || ind != unit.repeat(ind.len() / unit.len()) {
                        return Err(format!("inserted line after byte {p} is indented {ind:?}, not a multiple of {unit:?}"));
                    }
                }
                b'\r' if bytes.get(p + 1) != Some(&b'\n') => return Err(format!("stray CR inserted at byte {p}")),
                _ => {}
            }
        }
    }
    Ok(())
}

/// The whitespace conventions a file shows; compared before and after an edit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub bom: bool,
    pub crlf: bool,
    pub final_newline: bool,
    /// `None` for a file with no indented line (one line, or empty).
    pub indent_unit: Option<String>,
    pub lines: usize,
}

/// The layout of `text`. The indentation unit is the indentation of the shallowest indented line that
/// holds a key or a string (a comment's continuation lines may be aligned any way the user likes).
pub fn layout(text: &str) -> Layout {
    let body = text.strip_prefix(BOM).unwrap_or(text);
    let indent_unit = body
        .lines()
        .filter(|l| l.trim_start().starts_with('"'))
        .map(|l| &l[..l.len() - l.trim_start_matches([' ', '\t']).len()])
        .filter(|i| !i.is_empty())
        .min_by_key(|i| i.len())
        .map(str::to_string);
    Layout {
        bom: text.starts_with(BOM),
        crlf: body.contains("\r\n"),
        final_newline: body.ends_with('\n'),
        indent_unit,
        lines: body.lines().count(),
    }
}

/// Where the agent's event arrays live: `hooks`, or the top level for factory's `hooks.json`.
fn events_container<'a>(root: &'a mut Value, agent: &AgentSpec) -> Option<&'a mut Map<String, Value>> {
    match agent.install.layout {
        FileLayout::TopLevelGroups => root.as_object_mut(),
        _ => root.get_mut("hooks")?.as_object_mut(),
    }
}

/// Layouts whose event arrays hold hook objects directly, with a top-level `"version": 1`.
fn flat(agent: &AgentSpec) -> bool {
    matches!(agent.install.layout, FileLayout::Flat | FileLayout::OwnedFlat)
}

/// A hook object whose command runs [`CMD`]'s hook, bare or under the watchdog (`exec 3<&0; …`).
fn is_ours(hook: &Value) -> bool {
    let ours = |c: &str| c.strip_prefix("exec 3<&0; ").unwrap_or(c).starts_with(&format!("{CMD} hook "));
    ["command", "bash"].iter().any(|k| hook.get(k).and_then(Value::as_str).is_some_and(ours))
}

/// `installed` with every hook installed by [`CMD`] taken out, plus the containers (event arrays,
/// `hooks`, cursor's `version`) that `original` did not have and that are left empty or hold only
/// gitvow's: what a correct install must give back when compared with `original`.
pub fn without_gitvow(installed: &Value, original: &Value, agent: &AgentSpec) -> Value {
    let mut out = installed.clone();
    let mut orig = original.clone();
    let orig_events = events_container(&mut orig, agent).cloned().unwrap_or_default();
    if let Some(events) = events_container(&mut out, agent) {
        let names: Vec<String> = events.keys().cloned().collect();
        for name in names {
            let Some(arr) = events.get_mut(&name).and_then(Value::as_array_mut) else { continue };
            arr.retain_mut(|el| match el.get_mut("hooks").and_then(Value::as_array_mut) {
                Some(inner) if !flat(agent) => {
                    let had = inner.len();
                    inner.retain(|h| !is_ours(h));
                    inner.len() == had || !inner.is_empty()
                }
                _ => !is_ours(el),
            });
            if arr.is_empty() && !orig_events.contains_key(&name) {
                events.remove(&name);
            }
        }
    }
    if let Some(obj) = out.as_object_mut() {
        let orig_obj = original.as_object().cloned().unwrap_or_default();
        if agent.install.layout != FileLayout::TopLevelGroups
            && !orig_obj.contains_key("hooks")
            && obj.get("hooks").and_then(Value::as_object).is_some_and(Map::is_empty)
        {
            obj.remove("hooks");
        }
        if flat(agent) && !orig_obj.contains_key("version") {
            obj.remove("version");
        }
    }
    out
}

/// Every event the agent installs holds exactly one gitvow element, equal to the current entry, and
/// it is the last element (new entries are appended: codex trusts hooks by position). `fail_closed`:
/// written with the agent's fail-closed field, as the binary does when it finds no copy of the agent.
pub fn check_entries_current(installed: &Value, agent: &AgentSpec, fail_closed: bool) -> Result<(), String> {
    let mut v = installed.clone();
    if flat(agent) && v.get("version") != Some(&Value::from(1)) {
        return Err("flat layouts need a top-level \"version\": 1".into());
    }
    let events = events_container(&mut v, agent).ok_or("no object of events")?;
    for ev in agent.install.events {
        let want = desired_entry(agent, ev, CMD, fail_closed);
        let arr = events.get(ev.name).and_then(Value::as_array).ok_or(format!("event {} missing", ev.name))?;
        let count = arr.iter().filter(|e| **e == want).count();
        if count != 1 || arr.last() != Some(&want) {
            return Err(format!("event {}: {count} current gitvow entries, last is {:?}", ev.name, arr.last()));
        }
    }
    Ok(())
}
