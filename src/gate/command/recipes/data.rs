//! What the runners whose tasks are strings in a data file share: their words read into the
//! directory, the file and the names asked for, the TOML and JSON values a task is written with,
//! and where in the file a task stands (for `gitvow check`'s explanation).

use super::file::{FileText, Recipes, Written, first_existing, read};
use super::walk::Step;
use std::path::{Path, PathBuf};

/// The options of one runner: those that move its directory, name its file, take a value of
/// another kind, or make it run nothing (a listing, a dry run, help).
pub(super) struct Options {
    pub(super) dir: &'static [&'static str],
    pub(super) file: &'static [&'static str],
    pub(super) valued: &'static [&'static str],
    pub(super) nothing: &'static [&'static str],
}

/// A runner call's words: its directory, the file it was told to read, and its other words in order.
pub(super) struct Asked {
    pub(super) dir: PathBuf,
    pub(super) file: Option<String>,
    pub(super) words: Vec<String>,
    /// The words after `--`, handed to the task.
    pub(super) rest: Vec<String>,
}

/// `args` read with `options`; `None` when the call runs no task.
pub(super) fn asked(args: &[String], dir: &Path, options: &Options) -> Option<Asked> {
    let mut asked = Asked { dir: dir.to_path_buf(), file: None, words: Vec::new(), rest: Vec::new() };
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        if a == "--" {
            asked.rest = args[i..].to_vec();
            break;
        }
        if !asked.words.is_empty() && !a.starts_with('-') {
            asked.words.push(a.to_string());
            continue;
        }
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (a, None),
        };
        if options.nothing.contains(&name) {
            return None;
        }
        let takes = options.dir.contains(&name) || options.file.contains(&name) || options.valued.contains(&name);
        let value = match inline {
            Some(v) => Some(v),
            None if takes => {
                i += 1;
                args.get(i - 1).cloned()
            }
            None => None,
        };
        if options.dir.contains(&name) {
            asked.dir = asked.dir.join(value?);
        } else if options.file.contains(&name) {
            asked.file = value;
        } else if !a.starts_with('-') {
            asked.words.push(a.to_string());
        }
    }
    Some(asked)
}

/// The runner's file (the one named, or the first of `names` in the directory), parsed by `parse`:
/// each reading of a text the same call wrote is tried, the last first (as printf would write it).
pub(super) fn file_of<T>(
    asked: &Asked,
    names: &[&str],
    written: Written,
    parse: fn(&str) -> Option<T>,
    unparsed: &'static str,
) -> Result<(T, String, String), Recipes> {
    let path = match &asked.file {
        Some(f) => asked.dir.join(f),
        None => first_existing(&asked.dir, names, written).ok_or(Recipes::Lines(Vec::new()))?,
    };
    let readings = match read(&path, written) {
        FileText::Absent => return Err(Recipes::Lines(Vec::new())),
        FileText::Opaque(why) => return Err(Recipes::Opaque(why)),
        FileText::Text(t) => t,
    };
    let shown = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let (parsed, text) = readings.into_iter().rev().find_map(|t| parse(&t).map(|p| (p, t))).ok_or(Recipes::Opaque(unparsed))?;
    Ok((parsed, text, shown))
}

/// The line (from 1) where `needle` first stands in `text`, 0 when it does not.
pub(super) fn line_of(text: &str, needle: &str) -> usize {
    text.find(needle).map_or(0, |at| text[..at].matches('\n').count() + 1)
}

/// The line (from 1) where a TOML or JSON file names `key` after the first line holding `after`
/// (its table): `key =`, `"key":`, or a table header ending in it (`[tasks.key]`); 0 when none does.
pub(super) fn key_line(text: &str, after: &str, key: &str) -> usize {
    let names = |line: &str| {
        let t = line.trim_start();
        let bare = t.strip_prefix(key).is_some_and(|r| r.trim_start().starts_with('='));
        let quoted = t.match_indices(&format!("\"{key}\"")).any(|(i, m)| t[i + m.len()..].trim_start().starts_with([':', '=']));
        let header = t.starts_with('[') && (t.trim_end().ends_with(&format!(".{key}]")) || t.trim_end() == format!("[{key}]"));
        bare || quoted || header
    };
    let start = text.lines().position(|l| l.contains(after)).unwrap_or(0);
    text.lines().skip(start).position(names).map_or(0, |i| start + i + 1)
}

/// A TOML value as the strings it holds: a string, or an array of strings (anything else is none).
pub(super) fn toml_strings(item: &toml_edit::Item) -> Option<Vec<String>> {
    if let Some(s) = item.as_str() {
        return Some(vec![s.to_string()]);
    }
    let array = item.as_array()?;
    array.iter().map(|v| v.as_str().map(str::to_string)).collect()
}

/// A TOML document, or none when it does not parse.
pub(super) fn toml(text: &str) -> Option<toml_edit::DocumentMut> {
    text.parse().ok()
}

/// A JSON document, comments (`//`, `/* */`, as `deno.jsonc` allows) taken out first.
pub(super) fn json(text: &str) -> Option<serde_json::Value> {
    serde_json::from_str(text).ok().or_else(|| serde_json::from_str(&without_comments(text)).ok())
}

fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if c == '\\' {
                out.extend(chars.next());
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_string = true;
                out.push(c);
            }
            ('/', Some('/')) => while chars.next_if(|&n| n != '\n').is_some() {},
            ('/', Some('*')) => {
                chars.next();
                let mut last = ' ';
                for n in chars.by_ref() {
                    if last == '*' && n == '/' {
                        break;
                    }
                    last = n;
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// A command line as a step: a call of another task when its first word names one (`names`), a
/// line the runner hands to a shell otherwise.
pub(super) fn step(line: usize, command: &str, is_task: &dyn Fn(&str) -> bool) -> Step {
    let mut words = command.split_whitespace();
    match (words.next(), words.next()) {
        (Some(first), None) if is_task(first) => Step::Call(first.to_string()),
        _ => Step::Run(line, command.to_string()),
    }
}

/// Words joined as a shell would read them back: each one with a blank, a quote or an operator
/// in single quotes.
pub(super) fn joined(words: &[String]) -> String {
    let quoted = |w: &String| {
        if w.is_empty() || w.chars().any(|c| c.is_whitespace() || "'\";&|<>()`".contains(c)) {
            format!("'{}'", w.replace('\'', r"'\''"))
        } else {
            w.clone()
        }
    };
    words.iter().map(quoted).collect::<Vec<_>>().join(" ")
}
