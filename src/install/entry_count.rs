//! How many of gitvow's entries a change to a hooks file adds, changes and removes, counted the way
//! the diff shows them: an entry is an object (a JSON object, a YAML mapping) holding a command of
//! the shape gitvow writes, `<program> hook [--agent NAME] <Event>` with one of the agent's events,
//! whatever program `--command` named. Entries are matched per event: one that is the same on both
//! sides is unchanged, one that differs is changed, the rest are added or removed.

use crate::agents::AgentSpec;
use crate::edit::jsonc::Held;
use serde_json::Value;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EntryCounts {
    pub added: usize,
    pub changed: usize,
    pub removed: usize,
}

impl EntryCounts {
    /// `+5 hooks`, `5 hooks changed`, `+1 hook, 4 hooks changed, -1 hook`; `None` when no entry
    /// changed.
    pub fn text(&self) -> Option<String> {
        let n = |count: usize| if count == 1 { "1 hook".to_string() } else { format!("{count} hooks") };
        let parts: Vec<String> = [
            (self.added > 0).then(|| format!("+{}", n(self.added))),
            (self.changed > 0).then(|| format!("{} changed", n(self.changed))),
            (self.removed > 0).then(|| format!("-{}", n(self.removed))),
        ]
        .into_iter()
        .flatten()
        .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

/// The language of a file whose entries are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Json,
    Yaml,
    Toml,
}

/// The counts of a change from `before` to `after` (either may be empty: no file).
pub fn count(agent: &AgentSpec, format: Format, before: &str, after: &str) -> EntryCounts {
    tally(agent, entries(agent, format, before), entries(agent, format, after))
}

/// gitvow's entries in a file: each with the event its command names, and how many times in a
/// row it is there (a file that a tool appended the same entry to thousands of times holds it
/// once, not thousands of copies).
pub type Entries = Vec<(&'static str, Value, usize)>;

/// gitvow's entries in a parsed JSON document, as [`count`] finds them in its text: the planner
/// takes them from the document it edits, before and after, and tokenises nothing again.
pub fn json_entries(agent: &AgentSpec, doc: &crate::edit::jsonc::JsonDoc) -> Entries {
    let mut found = Copies::default();
    doc.objects_holding(HOOK, &|s| event_of(agent, s).is_some(), &mut |held| found.add(agent, held));
    found.entries
}

/// The entries found in a JSON text, with the text of the last object added.
#[derive(Default)]
struct Copies {
    entries: Entries,
    last: String,
}

impl Copies {
    /// Adds an object found holding an entry: a copy of the one just added, byte for byte, is
    /// the same entry once more, counted without converting it (a file a tool appended the same
    /// entry to 100,000 times made 100,000 JSON values to compare, each of them twice).
    fn add(&mut self, agent: &AgentSpec, held: Held<'_>) {
        let text = held.text();
        if self.last == text
            && let Some((.., times)) = self.entries.last_mut()
        {
            *times += 1;
            return;
        }
        self.last.clear();
        self.last.push_str(text);
        walk(agent, &held.to_json(), &mut self.entries);
    }
}

/// The counts of a change whose entries were `was` and are `now`.
pub fn tally(agent: &AgentSpec, mut was: Entries, mut now: Entries) -> EntryCounts {
    let mut counts = EntryCounts::default();
    // The same entry on both sides is no change: each copy on one side is matched with one on
    // the other.
    for (event, value, times) in &mut now {
        for (_, _, left) in was.iter_mut().filter(|(e, v, _)| *e == *event && *v == *value) {
            let matched = (*left).min(*times);
            *left -= matched;
            *times -= matched;
        }
    }
    for (event, _) in agent.routes() {
        let old: usize = was.iter().filter(|(e, ..)| *e == event).map(|(.., n)| n).sum();
        let new: usize = now.iter().filter(|(e, ..)| *e == event).map(|(.., n)| n).sum();
        counts.changed += old.min(new);
        counts.added += new.saturating_sub(old);
        counts.removed += old.saturating_sub(new);
    }
    counts
}

/// gitvow's entries in a hooks file's text.
fn entries(agent: &AgentSpec, format: Format, text: &str) -> Entries {
    let mut found = Vec::new();
    if text.trim().is_empty() {
        return found;
    }
    let root = match format {
        // Only the objects holding a command are converted: the rest of a large file is not.
        Format::Json => {
            let mut copies = Copies::default();
            crate::edit::jsonc::objects_holding(text, HOOK, &|s| event_of(agent, s).is_some(), &mut |held| copies.add(agent, held));
            return copies.entries;
        }
        Format::Yaml => yaml_rust2::YamlLoader::load_from_str(text).ok().and_then(|docs| docs.into_iter().next()).map(|d| from_yaml(&d)),
        Format::Toml => text.parse::<toml_edit::DocumentMut>().ok().map(|d| from_toml(d.as_item())),
    };
    if let Some(root) = root {
        walk(agent, &root, &mut found);
    }
    found
}

fn walk(agent: &AgentSpec, value: &Value, found: &mut Entries) {
    match value {
        Value::Object(o) => match o.values().filter_map(Value::as_str).find_map(|s| event_of(agent, s)) {
            Some(event) => match found.last_mut() {
                Some((e, v, times)) if *e == event && v == value => *times += 1,
                _ => found.push((event, value.clone(), 1)),
            },
            None => o.values().for_each(|v| walk(agent, v, found)),
        },
        Value::Array(a) => a.iter().for_each(|v| walk(agent, v, found)),
        _ => {}
    }
}

/// The word every command of gitvow's shape holds: a string without it is no entry's command.
const HOOK: &str = "hook";

/// The event a command of gitvow's shape names: the word after `hook` (and its `--agent NAME`),
/// when it is one of the agent's events. Asked of every string that may hold an entry, so it
/// allocates nothing.
fn event_of(agent: &AgentSpec, command: &str) -> Option<&'static str> {
    let mut words = command.split_whitespace().map(|w| w.trim_matches(['\'', '"']));
    // `hook` after the program, whatever it is.
    words.next()?;
    words.find(|w| *w == HOOK)?;
    let mut event = words.next()?;
    if event == "--agent" {
        words.next()?;
        event = words.next()?;
    }
    agent.routes().map(|(name, _)| name).find(|name| *name == event)
}

fn from_toml(item: &toml_edit::Item) -> Value {
    use toml_edit::{Item, Value as V};
    fn value(v: &V) -> Value {
        match v {
            V::String(s) => Value::from(s.value().as_str()),
            V::Integer(i) => Value::from(*i.value()),
            V::Float(f) => Value::from(*f.value()),
            V::Boolean(b) => Value::from(*b.value()),
            V::Datetime(d) => Value::from(d.value().to_string()),
            V::Array(a) => Value::Array(a.iter().map(value).collect()),
            V::InlineTable(t) => Value::Object(t.iter().map(|(k, v)| (k.to_string(), value(v))).collect()),
        }
    }
    match item {
        Item::Value(v) => value(v),
        Item::Table(t) => Value::Object(t.iter().map(|(k, v)| (k.to_string(), from_toml(v))).collect()),
        Item::ArrayOfTables(a) => {
            Value::Array(a.iter().map(|t| Value::Object(t.iter().map(|(k, v)| (k.to_string(), from_toml(v))).collect())).collect())
        }
        Item::None => Value::Null,
    }
}

fn from_yaml(y: &yaml_rust2::Yaml) -> Value {
    use yaml_rust2::Yaml;
    match y {
        Yaml::Hash(h) => Value::Object(
            h.iter()
                .map(|(k, v)| {
                    let key = match k {
                        Yaml::String(s) => s.clone(),
                        other => format!("{other:?}"),
                    };
                    (key, from_yaml(v))
                })
                .collect(),
        ),
        Yaml::Array(a) => Value::Array(a.iter().map(from_yaml).collect()),
        Yaml::String(s) | Yaml::Real(s) => Value::from(s.as_str()),
        Yaml::Integer(i) => Value::from(*i),
        Yaml::Boolean(b) => Value::from(*b),
        _ => Value::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_say_how_many_of_each() {
        let c = |added, changed, removed| EntryCounts { added, changed, removed }.text();
        assert_eq!(c(5, 0, 0).as_deref(), Some("+5 hooks"));
        assert_eq!(c(0, 5, 0).as_deref(), Some("5 hooks changed"));
        assert_eq!(c(1, 4, 1).as_deref(), Some("+1 hook, 4 hooks changed, -1 hook"));
        assert_eq!(c(0, 0, 0), None);
    }

    /// The entries of a JSON text are those a walk over the whole document as one value finds,
    /// repeated names (the last value, at the first one's place) and escaped ones included.
    #[test]
    fn json_entries_are_those_of_the_whole_value() {
        let claude = crate::agents::find("claude").unwrap();
        let g = r#"{"type": "command", "command": "/bin/gitvow hook Stop"}"#;
        let texts = [
            format!(r#"{{"hooks": {{"Stop": [{{"hooks": [{g}, {{"command": "mine"}}]}}], "PreToolUse": [{g}]}}}}"#),
            format!(r#"{{"a": {g}, "a": {{"x": [{g}, "y", 1, null]}}, "b": ["gitvow hook Stop", {g}]}}"#),
            format!(r#"{{"\u0061": {g}, "a": 1, "c": {{"command": "gitvow hook Stop", "command": "mine"}}}}"#),
            format!(r#"{{"c": {{"command": "mine", "command": "x hook Stop", "hooks": [{g}]}}, "d": {{"k": "\u0067itvow hook Stop"}}}}"#),
            format!("// a comment\n[{g}, [[{g}]], {{\"e\": {{\"f\": {g}}}}}]"),
            "{\"hooks\": {}}".to_string(),
        ];
        for text in &texts {
            let whole = crate::edit::jsonc::JsonDoc::parse(text, crate::agents::Strictness::Lenient).unwrap().get(&[]).unwrap();
            let mut expected = Vec::new();
            walk(claude, &whole, &mut expected);
            assert_eq!(entries(claude, Format::Json, text), expected, "{text}");
        }
    }

    #[test]
    fn entries_are_matched_per_event_whatever_program_runs_them() {
        let claude = crate::agents::find("claude").unwrap();
        let entry = |cmd: &str, ev: &str| format!(r#"{{"hooks":[{{"type":"command","command":"{cmd} hook {ev}"}}]}}"#);
        let file = |groups: &[String]| {
            format!(r#"{{"hooks":{{"Stop":[{}], "PreToolUse":[{{"hooks":[{{"command":"my-own-hook"}}]}}]}}}}"#, groups.join(","))
        };
        let before = file(&[entry("/bin/gitvow", "Stop")]);
        assert_eq!(
            count(claude, Format::Json, &before, &file(&[entry("/bin/true", "Stop")])),
            EntryCounts { added: 0, changed: 1, removed: 0 }
        );
        assert_eq!(count(claude, Format::Json, &before, &before), EntryCounts::default());
        let two = file(&[entry("/bin/gitvow", "Stop"), entry("/bin/true", "Stop")]);
        assert_eq!(count(claude, Format::Json, &before, &two), EntryCounts { added: 1, changed: 0, removed: 0 });
        assert_eq!(count(claude, Format::Json, &two, ""), EntryCounts { added: 0, changed: 0, removed: 2 });
    }

    /// Copies of an entry, in a row or apart, are counted one by one, as they are shown.
    #[test]
    fn copies_of_an_entry_count_one_each() {
        let claude = crate::agents::find("claude").unwrap();
        let entry = |cmd: &str| format!(r#"{{"hooks":[{{"type":"command","command":"{cmd} hook Stop"}}]}}"#);
        let file =
            |groups: &[&str]| format!(r#"{{"hooks":{{"Stop":[{}]}}}}"#, groups.iter().map(|c| entry(c)).collect::<Vec<_>>().join(","));
        let (g, t) = ("/bin/gitvow", "/bin/true");
        let counted = |before: &[&str], after: &[&str]| count(claude, Format::Json, &file(before), &file(after));
        assert_eq!(counted(&[g, g, g], &[g]), EntryCounts { added: 0, changed: 0, removed: 2 });
        assert_eq!(counted(&[g, t, g], &[g]), EntryCounts { added: 0, changed: 0, removed: 2 });
        assert_eq!(counted(&[g, g], &[t, t, t]), EntryCounts { added: 1, changed: 2, removed: 0 });
        assert_eq!(counted(&[g, t, g, t], &[t, g, g, t]), EntryCounts::default());
        assert_eq!(entries(claude, Format::Json, &file(&[g, g, t, g])).iter().map(|(.., n)| *n).collect::<Vec<_>>(), [2, 1, 1]);
    }
}
