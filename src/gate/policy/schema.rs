//! The policy file's schema: which keys exist at each level, which are ignored on purpose, and where
//! in the text a problem is (`line:column`). Positions are looked up only when there is an error,
//! by walking the text to the key or value at fault, so loading a good policy costs nothing extra.

use crate::error::Error;
use serde_json::{Map, Value};

/// The keys of the top level, and what they hold.
pub const TOP_KEYS: &[&str] =
    &["bash_deny", "bash_confirm", "path_confirm", "mcp_allow", "mcp_deny", "bash_allow", "path_allow", "providers", "llm_classifier"];

/// Keys the policies of the reference implementation (gitvow for Python) carry for its other
/// features: ignored, so that those policies load. Any key starting with `_` is a comment.
pub const IGNORED_TOP_KEYS: &[&str] = &["decisions", "intent", "outcomes", "sync", "runtime", "about"];

pub const RULE_KEYS: &[&str] = &["pattern", "reason", "when", "program", "verbs", "target"];
/// The values of a rule's `when` that ask now (its only other value is `observe`).
pub const WHEN_NOW: &[&str] = &["immediate", "commit"];
pub const PROVIDER_KEYS: &[&str] = &["name", "command", "questions", "timeout"];
pub const CLASSIFIER_KEYS: &[&str] = &["enabled", "command"];

/// Why a policy text does not load, and where in the text: shown as `line:column: message`, or the
/// message alone when the place is not known.
#[derive(Debug)]
pub struct ParseError {
    /// The line and column (both from 1) of the key or value at fault.
    pub at: Option<(usize, usize)>,
    pub message: String,
    /// The JSON parser's own error, for a text that is not JSON.
    json: Option<serde_json::Error>,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.at {
            Some((line, column)) => write!(f, "{line}:{column}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl ParseError {
    /// A text that is not JSON, at the place the parser stopped.
    pub fn not_json(e: serde_json::Error) -> ParseError {
        let what = e.to_string();
        let what = what.split(" at line ").next().unwrap_or(&what).to_string();
        ParseError { at: Some((e.line(), e.column())), message: format!("not valid JSON: {what}"), json: Some(e) }
    }

    /// The error a person reads, `message` (the problem where it is, as the caller names the file),
    /// with the JSON parser's own error underneath.
    pub fn into_error(self, message: String) -> Error {
        let error = Error::config(message);
        match self.json {
            Some(json) => error.caused_by(json),
            None => error,
        }
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.json.as_ref().map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// One step of the way from the root to a value.
#[derive(Clone, Debug)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// A problem and where it is: at a key (an unknown key) or at the value of the path.
#[derive(Debug)]
pub struct Located {
    path: Vec<Seg>,
    at_key: bool,
    message: String,
}

impl Located {
    pub fn value(path: Vec<Seg>, message: String) -> Located {
        Located { path, at_key: false, message }
    }

    /// The problem at its `line:column` in `text`, or without a place when it cannot be found.
    pub fn render(self, text: &str) -> ParseError {
        let at = locate(text, &self.path, self.at_key).map(|offset| line_column(text, offset));
        ParseError { at, message: self.message, json: None }
    }
}

/// An object of the policy with the way to it, for errors that say where.
pub struct Obj<'a> {
    map: &'a Map<String, Value>,
    path: Vec<Seg>,
}

impl<'a> Obj<'a> {
    pub fn new(value: &'a Value, path: Vec<Seg>, not_object: &str) -> Result<Obj<'a>, Located> {
        match value {
            Value::Object(map) => Ok(Obj { map, path }),
            _ => Err(Located::value(path, not_object.to_string())),
        }
    }

    pub fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key)
    }

    pub fn path_to(&self, key: &str) -> Vec<Seg> {
        let mut p = self.path.clone();
        p.push(Seg::Key(key.to_string()));
        p
    }

    pub fn at_key(&self, key: &str, message: String) -> Located {
        Located { path: self.path_to(key), at_key: true, message }
    }

    pub fn at_value(&self, key: &str, message: String) -> Located {
        Located::value(self.path_to(key), message)
    }

    /// A problem of the object as a whole (a key it lacks): at the object.
    pub fn missing(&self, message: String) -> Located {
        Located::value(self.path.clone(), message)
    }

    /// Every key must be known, ignored on purpose, or a comment (`_…`).
    pub fn check_keys(&self, known: &[&str], ignored: &[&str]) -> Result<(), Located> {
        for key in self.map.keys() {
            if known.contains(&key.as_str()) || ignored.contains(&key.as_str()) || key.starts_with('_') {
                continue;
            }
            let within = self.label();
            let within = if within.is_empty() { String::new() } else { format!(" in {within}") };
            let hint = match crate::spelling::closest(key, known) {
                Some(k) => format!(" (did you mean `{k}`?)"),
                None => format!(" (known keys: {})", known.join(", ")),
            };
            return Err(self.at_key(key, format!("unknown key `{key}`{within}{hint}")));
        }
        Ok(())
    }

    /// `bash_deny[1]`: the object's place, as messages name it.
    fn label(&self) -> String {
        let mut out = String::new();
        for seg in &self.path {
            match seg {
                Seg::Key(k) if out.is_empty() => out.push_str(k),
                Seg::Key(k) => out.push_str(&format!(".{k}")),
                Seg::Index(i) => out.push_str(&format!("[{i}]")),
            }
        }
        out
    }

    /// An array value; a missing key or `null` is an empty array.
    pub fn array(&self, key: &str) -> Result<&'a [Value], Located> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(&[]),
            Some(Value::Array(items)) => Ok(items),
            Some(_) => Err(self.at_value(key, format!("`{key}` must be an array"))),
        }
    }

    /// A rule's `when`: true for `observe` (record the match and go on), false for the words that
    /// ask now (or none). Any other word is refused: in a strict file a misspelt `observe` must not
    /// quietly mean its opposite.
    pub fn observe(&self) -> Result<bool, Located> {
        match self.string("when")? {
            None => Ok(false),
            Some("observe") => Ok(true),
            Some(w) if WHEN_NOW.contains(&w) => Ok(false),
            Some(w) => {
                let known: Vec<&str> = std::iter::once("observe").chain(WHEN_NOW.iter().copied()).collect();
                let near = crate::spelling::closest(w, &known).map_or(String::new(), |k| format!(" (did you mean `{k}`?)"));
                Err(self.at_value(
                    "when",
                    format!(
                        "`{}` is `{w}`{near}: `observe` records a match and goes on; `immediate` or `commit` ask now",
                        self.path_label("when")
                    ),
                ))
            }
        }
    }

    pub fn string(&self, key: &str) -> Result<Option<&'a str>, Located> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(self.at_value(key, format!("`{}` must be a string", self.path_label(key)))),
        }
    }

    /// A string or an array of strings (`"program": "git"` or `["terraform", "tofu"]`), not empty.
    pub fn strings(&self, key: &str, label: &str) -> Result<Vec<String>, Located> {
        let out = self.strings_or_empty(key, label)?;
        if out.is_empty() {
            return Err(self.at_value(key, format!("`{label}.{key}` is empty")));
        }
        Ok(out)
    }

    pub fn strings_or_empty(&self, key: &str, label: &str) -> Result<Vec<String>, Located> {
        let bad = || self.at_value(key, format!("`{label}.{key}` must be a string or an array of strings"));
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(vec![]),
            Some(Value::String(s)) => Ok(vec![s.clone()]),
            Some(Value::Array(items)) => items.iter().map(|v| v.as_str().map(str::to_string).ok_or_else(bad)).collect(),
            Some(_) => Err(bad()),
        }
    }

    fn path_label(&self, key: &str) -> String {
        let l = self.label();
        if l.is_empty() { key.to_string() } else { format!("{l}.{key}") }
    }
}

fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The byte offset of the value at `path` (or of its key, with `at_key`) in a valid JSON text.
/// With duplicate keys the last one counts, as it does for the parser.
fn locate(text: &str, path: &[Seg], at_key: bool) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut pos = skip_ws(bytes, 0);
    let mut key_pos = pos;
    for seg in path {
        match (seg, bytes.get(pos)?) {
            (Seg::Key(want), b'{') => {
                let mut found = None;
                let mut p = skip_ws(bytes, pos + 1);
                while bytes.get(p) == Some(&b'"') {
                    let end = skip_string(bytes, p)?;
                    let key: String = serde_json::from_str(&text[p..end]).ok()?;
                    let colon = skip_ws(bytes, end);
                    let value = skip_ws(bytes, colon + 1);
                    if &key == want {
                        found = Some((p, value));
                    }
                    p = skip_ws(bytes, skip_value(bytes, value)?);
                    if bytes.get(p) == Some(&b',') {
                        p = skip_ws(bytes, p + 1);
                    }
                }
                (key_pos, pos) = found?;
            }
            (Seg::Index(want), b'[') => {
                let mut p = skip_ws(bytes, pos + 1);
                for _ in 0..*want {
                    p = skip_ws(bytes, skip_value(bytes, p)?);
                    if bytes.get(p) != Some(&b',') {
                        return None;
                    }
                    p = skip_ws(bytes, p + 1);
                }
                key_pos = p;
                pos = p;
            }
            _ => return None,
        }
    }
    Some(if at_key { key_pos } else { pos })
}

fn skip_ws(bytes: &[u8], mut p: usize) -> usize {
    while bytes.get(p).is_some_and(|b| b.is_ascii_whitespace()) {
        p += 1;
    }
    p
}

/// `p` at an opening quote; the offset after the closing one.
fn skip_string(bytes: &[u8], mut p: usize) -> Option<usize> {
    p += 1;
    loop {
        match bytes.get(p)? {
            b'\\' => p += 2,
            b'"' => return Some(p + 1),
            _ => p += 1,
        }
    }
}

/// The offset after the value starting at `p` (iterative: nesting depth costs no stack).
fn skip_value(bytes: &[u8], mut p: usize) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        match bytes.get(p)? {
            b'"' => p = skip_string(bytes, p)?,
            b'{' | b'[' => {
                depth += 1;
                p += 1;
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                p += 1;
            }
            _ if depth > 0 => p += 1,
            _ => {
                while bytes.get(p).is_some_and(|b| !matches!(b, b',' | b'}' | b']') && !b.is_ascii_whitespace()) {
                    p += 1;
                }
                return Some(p);
            }
        }
        if depth == 0 {
            return Some(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_keys_and_values() {
        let text = "{\n  \"a\": [1, {\"b\": \"x\"}],\n  \"c\": {\"d\": true}\n}";
        let at = |path: &[Seg], key| locate(text, path, key).map(|o| line_column(text, o));
        assert_eq!(at(&[Seg::Key("a".into()), Seg::Index(1), Seg::Key("b".into())], false), Some((2, 18)));
        assert_eq!(at(&[Seg::Key("c".into())], true), Some((3, 3)));
        assert_eq!(at(&[Seg::Key("c".into()), Seg::Key("d".into())], false), Some((3, 14)));
        assert_eq!(at(&[Seg::Key("zz".into())], false), None);
    }

    #[test]
    fn near_misses_only() {
        assert_eq!(crate::spelling::closest("bash_denny", TOP_KEYS), Some("bash_deny"));
        assert_eq!(crate::spelling::closest("bahs_deny", TOP_KEYS), Some("bash_deny"));
        assert_eq!(crate::spelling::closest("colour", TOP_KEYS), None);
    }
}
