//! gitvow's entries inside an agent's JSON file: what they look like, how they are recognised, and
//! how a file is brought to the installed or the uninstalled state with the fewest edits.

use crate::agents::{AgentSpec, ExtraField, FileLayout, InstalledEvent};
use crate::edit::jsonc::{JsonDoc, JsonStep, Shape, ShapeError, key};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

/// Containers and keys an install created, so that uninstall removes exactly those.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    #[serde(default)]
    pub hooks_key: bool,
    #[serde(default)]
    pub events: Vec<String>,
    #[serde(default)]
    pub version_key: bool,
    /// What `install --sandbox` set in the agent's sandbox block.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sandbox: Option<Box<super::sandbox::Changed>>,
}

impl Created {
    fn merge(&mut self, other: Created) {
        self.hooks_key |= other.hooks_key;
        self.version_key |= other.version_key;
        match (&mut self.sandbox, other.sandbox) {
            (Some(mine), Some(more)) => mine.merge(*more),
            (mine, more) => *mine = mine.take().or(more),
        }
        for e in other.events {
            if !self.events.contains(&e) {
                self.events.push(e);
            }
        }
    }
}

/// Whether a hook command is gitvow's: `gitvow hook …`, also behind an absolute or quoted path, or
/// `gitvow.exe`. Recognition is by command only, never by a comment, so that entries written by any
/// version, path or tool are found.
pub fn is_gitvow_command(command: &str) -> bool {
    let mut rest = command;
    while let Some(i) = find_name(rest) {
        let before = &rest[..i];
        let after = &rest[i + "gitvow".len()..];
        let starts_word = before.chars().last().is_none_or(|c| matches!(c, '/' | '\\' | '\'' | '"' | ' ' | '\t'));
        let after = after.strip_prefix(".exe").unwrap_or(after);
        let after = after.strip_prefix(['\'', '"']).unwrap_or(after);
        if starts_word && after.starts_with([' ', '\t']) && {
            let t = after.trim_start();
            t == "hook" || t.starts_with("hook ") || t.starts_with("hook\t")
        } {
            return true;
        }
        rest = &rest[i + 1..];
    }
    false
}

/// Where `gitvow` first occurs in `text`: its first letter found by `memchr`, the rest compared.
/// (`str::find` prepares a substring search anew on every call, most of the cost of telling
/// gitvow's entries apart in a file that holds 100,000 of them.)
fn find_name(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    memchr::memchr_iter(b'g', bytes).find(|&i| bytes[i..].starts_with(b"gitvow"))
}

fn field_value(field: &ExtraField, event: &str) -> (&'static str, Value) {
    match *field {
        ExtraField::Str(k, v) => (k, json!(v)),
        ExtraField::Int(k, v) => (k, json!(v)),
        ExtraField::Bool(k, v) => (k, json!(v)),
        ExtraField::EventName(k) => (k, json!(format!("gitvow-{event}"))),
    }
}

/// One hook object as the agent expects it; `fail_closed`: with the agent's fail-closed field.
fn hook_object(agent: &AgentSpec, event: &str, command: &str, fail_closed: bool) -> Value {
    let mut map = Map::new();
    for f in agent.install.hook_fields_before_command {
        let (k, v) = field_value(f, event);
        map.insert(k.into(), v);
    }
    map.insert(agent.install.command_key.into(), json!(super::fail_closed::entry_command(agent, command, event)));
    for f in agent.install.hook_fields_after_command {
        let (k, v) = field_value(f, event);
        map.insert(k.into(), v);
    }
    if let Some(field) = agent.install.fail_closed_field.as_ref().filter(|f| fail_closed && f.event == event) {
        map.insert(field.key.into(), json!(field.value));
    }
    Value::Object(map)
}

/// The element gitvow appends to an event array.
pub fn desired_entry(agent: &AgentSpec, event: &InstalledEvent, command: &str, fail_closed: bool) -> Value {
    if let Some(adapter) = agent.install.adapter {
        let template = adapter.entries.get(event.name).cloned().unwrap_or(Value::Null);
        return substitute(template, command);
    }
    let hook = hook_object(agent, event.name, command, fail_closed);
    match agent.install.layout {
        FileLayout::NestedGroups | FileLayout::TopLevelGroups => {
            let mut map = Map::new();
            if let Some(m) = event.matcher {
                map.insert("matcher".into(), json!(m));
            }
            map.insert("hooks".into(), json!([hook]));
            Value::Object(map)
        }
        FileLayout::Flat
        | FileLayout::OwnedFlat
        | FileLayout::Plugin
        | FileLayout::Scripts { .. }
        | FileLayout::Adapter
        | FileLayout::Yaml => hook,
    }
}

/// An adapter's entry with every `__GITVOW__` replaced by the gitvow command.
fn substitute(value: Value, command: &str) -> Value {
    match value {
        Value::String(s) => Value::String(s.replace("__GITVOW__", command)),
        Value::Array(a) => Value::Array(a.into_iter().map(|v| substitute(v, command)).collect()),
        Value::Object(m) => Value::Object(m.into_iter().map(|(k, v)| (k, substitute(v, command))).collect()),
        other => other,
    }
}

/// Whether any string in `value` is a gitvow command: an adapter's entries may have any shape.
fn holds_gitvow_command(value: &Value) -> bool {
    match value {
        Value::String(s) => is_gitvow_command(s),
        Value::Array(a) => a.iter().any(holds_gitvow_command),
        Value::Object(m) => m.values().any(holds_gitvow_command),
        _ => false,
    }
}

fn groups(agent: &AgentSpec) -> bool {
    matches!(agent.install.layout, FileLayout::NestedGroups | FileLayout::TopLevelGroups)
}

/// How an element of an event array relates to gitvow.
enum Membership {
    /// All of it is gitvow's.
    Ours,
    /// A group that holds gitvow hooks (at these indices) beside the user's own.
    Mixed(Vec<usize>),
    Foreign,
}

fn is_gitvow_hook(hook: &Value) -> bool {
    gitvow_command_of(hook).is_some()
}

/// The gitvow command of a hook object, under any key an agent uses for the command.
fn gitvow_command_of(hook: &Value) -> Option<&str> {
    // The members are compared by name rather than looked up: a hook object has a few, and hashing
    // each name (SipHash) cost more than the comparisons, 100,000 times in a file of duplicates.
    let hook = hook.as_object()?;
    let member = |k: &str| hook.iter().find(|(name, _)| *name == k).map(|(_, v)| v);
    ["command", "bash", "powershell"].iter().find_map(|k| member(k).and_then(Value::as_str).filter(|c| is_gitvow_command(c)))
}

fn classify(agent: &AgentSpec, element: &Value) -> Membership {
    if agent.install.layout == FileLayout::Adapter {
        return if holds_gitvow_command(element) { Membership::Ours } else { Membership::Foreign };
    }
    if !groups(agent) {
        return if is_gitvow_hook(element) { Membership::Ours } else { Membership::Foreign };
    }
    let Some(hooks) = element.get("hooks").and_then(Value::as_array) else { return Membership::Foreign };
    let ours: Vec<usize> = hooks.iter().enumerate().filter(|(_, h)| is_gitvow_hook(h)).map(|(i, _)| i).collect();
    if ours.is_empty() {
        Membership::Foreign
    } else if ours.len() == hooks.len() {
        Membership::Ours
    } else {
        Membership::Mixed(ours)
    }
}

/// Where the event arrays live.
fn container(agent: &AgentSpec) -> Vec<JsonStep> {
    match agent.install.layout {
        FileLayout::TopLevelGroups => Vec::new(),
        _ => vec![key("hooks")],
    }
}

fn with(path: &[JsonStep], seg: JsonStep) -> Vec<JsonStep> {
    let mut p = path.to_vec();
    p.push(seg);
    p
}

/// Checks the shape the planner relies on: an object at the top, an object of events, and an array
/// for every event gitvow touches.
pub fn check_shape(doc: &JsonDoc, agent: &AgentSpec) -> Result<(), ShapeError> {
    doc.expect_kind(&[], false, "the top level")?;
    let c = container(agent);
    if !c.is_empty() {
        doc.expect_kind(&c, false, "`hooks`")?;
    }
    for ev in agent.install.events {
        doc.expect_kind(&with(&c, key(ev.name)), true, &format!("`{}`", ev.name))?;
    }
    Ok(())
}

/// Removes gitvow's hooks from one event array: whole gitvow elements, and gitvow hooks inside groups
/// the user shares with them. Returns whether the array held nothing but gitvow's elements.
fn strip_array(doc: &mut JsonDoc, agent: &AgentSpec, arr: &[JsonStep], keep_first_ours: bool) -> (bool, Option<usize>) {
    let mut ours = Vec::new();
    // All removals in one pass: a file with thousands of duplicate entries stays linear.
    let mut removals = Vec::new();
    let mut elements = 0;
    doc.each_element(arr, |i, el| {
        elements += 1;
        match classify(agent, el) {
            Membership::Ours => ours.push(i),
            Membership::Mixed(inner) => removals.push((with(&with(arr, JsonStep::Index(i)), key("hooks")), inner)),
            Membership::Foreign => {}
        }
    });
    let only_ours = elements > 0 && ours.len() == elements;
    let kept = if keep_first_ours { ours.first().copied() } else { None };
    removals.push((arr.to_vec(), ours.iter().copied().filter(|i| Some(*i) != kept).collect()));
    doc.remove_elements(&removals);
    (only_ours, kept)
}

/// Removes gitvow's elements from every event array under `c`, and the arrays and the container that
/// become empty when they were gitvow's: created by install (`created`), or, with no record, holding
/// nothing but gitvow's entries. Events listed in `keep` are left alone.
///
/// All in one edit of the text: an array that goes goes whole, with its key. Where a comment could
/// make that differ from taking the entries out first (a comment inside `c`), or a name repeats (the
/// agent reads the last), the events are done one by one, each array looked up by its name.
fn strip_container(doc: &mut JsonDoc, agent: &AgentSpec, c: &[JsonStep], keep: &[&str], created: Option<&Created>) {
    match strip_removals(doc, agent, c, keep, created) {
        Some(strip) => doc.remove_elements(&strip.removals),
        None => strip_container_one_by_one(doc, agent, c, keep, created),
    }
}

/// What [`strip_container`] removes in its one edit.
struct Strip {
    removals: Vec<(Vec<JsonStep>, Vec<usize>)>,
    /// Every member of the container goes (it is left `{}`).
    all: bool,
}

/// The removals of [`strip_container`], worked out without an edit; `None` when the events must be
/// done one by one.
fn strip_removals(doc: &JsonDoc, agent: &AgentSpec, c: &[JsonStep], keep: &[&str], created: Option<&Created>) -> Option<Strip> {
    if doc.has_comments_in(c) || doc.may_have_duplicate_keys(c) {
        return None;
    }
    let mut removals = Vec::new();
    let mut dropped = Vec::new();
    doc.each_array_member(c, |index, name, elements| {
        if keep.contains(&name) {
            return;
        }
        let arr = with(c, key(name));
        let (mut ours, mut count) = (Vec::new(), 0);
        for (i, el) in elements.enumerate() {
            count += 1;
            match classify(agent, &el) {
                Membership::Ours => ours.push(i),
                Membership::Mixed(inner) => removals.push((with(&with(&arr, JsonStep::Index(i)), key("hooks")), inner)),
                Membership::Foreign => {}
            }
        }
        let ours_to_drop = match created {
            Some(c) => c.events.iter().any(|e| e == name),
            None => count > 0 && ours.len() == count,
        };
        // Left empty (every element gitvow's, so no group was shared): the key goes with it.
        if ours.len() == count && ours_to_drop {
            dropped.push(index);
        } else if !ours.is_empty() {
            removals.push((arr, ours));
        }
    });
    let all = matches!(doc.shape(c), Some(Shape::Object(n)) if n > 0 && n == dropped.len());
    if !dropped.is_empty() {
        removals.push((c.to_vec(), dropped));
    }
    Some(Strip { removals, all })
}

/// [`strip_container`] one event at a time.
fn strip_container_one_by_one(doc: &mut JsonDoc, agent: &AgentSpec, c: &[JsonStep], keep: &[&str], created: Option<&Created>) {
    for name in doc.keys(c) {
        if keep.contains(&name.as_str()) {
            continue;
        }
        let arr = with(c, key(&name));
        if !matches!(doc.shape(&arr), Some(Shape::Array(_))) {
            continue;
        }
        let (only_ours, _) = strip_array(doc, agent, &arr, false);
        let emptied = doc.shape(&arr) == Some(Shape::Array(0));
        let ours_to_drop = match created {
            Some(c) => c.events.contains(&name),
            None => only_ours,
        };
        if emptied && ours_to_drop && !doc.has_comments_in(&arr) {
            doc.remove(c, &key(&name));
        }
    }
}

/// Brings `doc` to the installed state. Returns what it created.
pub fn install(doc: &mut JsonDoc, agent: &AgentSpec, command: &str, fail_closed: bool, record: Option<&Created>) -> Created {
    let mut created = Created::default();
    let c = container(agent);
    if matches!(agent.install.layout, FileLayout::Flat | FileLayout::OwnedFlat) && doc.shape(&[key("version")]).is_none() {
        doc.insert_property(&[], "version", &json!(1));
        created.version_key = true;
    }
    if agent.install.layout == FileLayout::TopLevelGroups {
        migrate_wrapped(doc, agent);
    }
    if !c.is_empty() && doc.shape(&c).is_none() {
        let all: Map<String, Value> =
            agent.install.events.iter().map(|ev| (ev.name.to_string(), json!([desired_entry(agent, ev, command, fail_closed)]))).collect();
        doc.insert_property(&[], "hooks", &Value::Object(all));
        created.hooks_key = true;
        created.events = agent.install.events.iter().map(|e| e.name.to_string()).collect();
        return created;
    }
    for ev in agent.install.events {
        let entry = desired_entry(agent, ev, command, fail_closed);
        let arr = with(&c, key(ev.name));
        if doc.shape(&arr).is_none() {
            doc.insert_property(&c, ev.name, &json!([entry]));
            created.events.push(ev.name.to_string());
            continue;
        }
        match strip_array(doc, agent, &arr, true).1 {
            Some(i) => {
                let at = with(&arr, JsonStep::Index(i));
                if doc.get(&at).as_ref() != Some(&entry) {
                    doc.replace_value(&at, &entry);
                }
            }
            None => doc.append_element(&arr, &entry),
        }
    }
    // Events this version no longer installs lose their gitvow entries.
    let installed: Vec<&str> = agent.install.events.iter().map(|e| e.name).collect();
    strip_container(doc, agent, &c, &installed, record);
    created
}

/// Factory ignores events under a `hooks` key in `hooks.json`: gitvow entries found there (left by
/// other tools or older versions) are taken out, and install writes them at the top level.
fn migrate_wrapped(doc: &mut JsonDoc, agent: &AgentSpec) {
    let wrapped = [key("hooks")];
    // Only gitvow's entries move; a `hooks` key holding none of them (the user's own, even an empty
    // `{}`) stays as it is, so uninstall has nothing of it to give back.
    if !matches!(doc.shape(&wrapped), Some(Shape::Object(_))) || find_entries(doc, agent, true).is_empty() {
        return;
    }
    strip_container(doc, agent, &wrapped, &[], None);
    if doc.shape(&wrapped) == Some(Shape::Object(0)) && !doc.has_comments_in(&wrapped) {
        doc.remove(&[], &key("hooks"));
    }
}

/// Brings `doc` to the uninstalled state, removing what `created` says install created (or, with no
/// record, containers left holding nothing).
pub fn uninstall(doc: &mut JsonDoc, agent: &AgentSpec, created: Option<&Created>) {
    let c = container(agent);
    if agent.install.layout == FileLayout::TopLevelGroups {
        migrate_wrapped(doc, agent);
    }
    if !matches!(doc.shape(&c), Some(Shape::Object(_))) {
        return;
    }
    let had_keys = doc.shape(&c) != Some(Shape::Object(0));
    let drop_hooks = match created {
        Some(cr) => cr.hooks_key,
        None => had_keys,
    };
    let gone = match strip_removals(doc, agent, &c, &[], created) {
        // Every event goes, and then `hooks`, left `{}` without a comment: it goes whole, in the
        // same single edit of the text.
        Some(Strip { all: true, .. }) if !c.is_empty() && drop_hooks => {
            doc.remove(&[], &key("hooks"));
            true
        }
        Some(strip) => {
            doc.remove_elements(&strip.removals);
            false
        }
        None => {
            strip_container_one_by_one(doc, agent, &c, &[], created);
            false
        }
    };
    if c.is_empty() {
        return;
    }
    if !gone && drop_hooks && doc.shape(&c) == Some(Shape::Object(0)) && !doc.has_comments_in(&c) {
        doc.remove(&[], &key("hooks"));
    }
    // Without a record, a `version` key may be the user's own: it stays.
    let version = key(agent.install.version_key.map_or("version", |(k, _)| k));
    if created.is_some_and(|cr| cr.version_key) && doc.shape(std::slice::from_ref(&version)).is_some() {
        doc.remove(&[], &version);
    }
}

/// Whether `doc` holds any gitvow hook.
pub fn has_gitvow_entries(doc: &JsonDoc, agent: &AgentSpec) -> bool {
    // Where uninstall looks: the event arrays, and for factory those wrapped under `hooks` too.
    // Looking, not a trial uninstall on a copy: that would parse a large file many times over.
    let mut containers = vec![container(agent)];
    if agent.install.layout == FileLayout::TopLevelGroups {
        containers.push(vec![key("hooks")]);
    }
    let ours = |el: &Value| !matches!(classify(agent, el), Membership::Foreign);
    containers.iter().any(|c| {
        // Each array looked up by its name when a name repeats: the agent reads the last one.
        if doc.may_have_duplicate_keys(c) {
            return doc.keys(c).iter().any(|name| {
                let mut found = false;
                doc.each_element(&with(c, key(name)), |_, el| found = found || ours(el));
                found
            });
        }
        let mut found = false;
        doc.each_array_member(c, |_, _, elements| {
            for el in elements {
                if found || ours(&el) {
                    found = true;
                    break;
                }
            }
        });
        found
    })
}

/// One gitvow hook found in an agent's file, for doctor: where it is and what it holds.
#[derive(Clone, Debug)]
pub struct FoundHook {
    /// The event key it sits under.
    pub event: String,
    /// Index in the event array (the group, for nested layouts).
    pub index: usize,
    /// Index inside the group's `hooks` array (`None` for flat layouts).
    pub inner: Option<usize>,
    /// Whether the whole array element is gitvow's (a group shared with the user's hooks is not).
    pub whole: bool,
    /// The array element (the group, or the hook object for flat layouts).
    pub element: Value,
    /// The hook object itself.
    pub hook: Value,
    /// The JSON path of the hook object, for its line and column.
    pub path: Vec<JsonStep>,
}

impl FoundHook {
    /// The command string the hook runs.
    pub fn command(&self) -> Option<&str> {
        gitvow_command_of(&self.hook)
    }
}

/// Every gitvow hook in `doc`, in document order. `wrapped`: look under a top-level `hooks` key
/// even for factory, whose events belong at the top level (entries there never fire).
pub fn find_entries(doc: &JsonDoc, agent: &AgentSpec, wrapped: bool) -> Vec<FoundHook> {
    let c = if wrapped { vec![key("hooks")] } else { container(agent) };
    let mut out = Vec::new();
    // One walk over the container: a file with thousands of top-level keys (factory's events are
    // top-level) stays linear.
    doc.each_array_member(&c, |_, event, elements| {
        let event = event.to_string();
        let arr = with(&c, key(&event));
        for (i, element) in elements.enumerate() {
            let at = with(&arr, JsonStep::Index(i));
            let inner: Vec<usize> = match classify(agent, &element) {
                Membership::Foreign => continue,
                Membership::Ours if !groups(agent) => {
                    out.push(FoundHook {
                        event: event.clone(),
                        index: i,
                        inner: None,
                        whole: true,
                        hook: element.clone(),
                        element,
                        path: at,
                    });
                    continue;
                }
                Membership::Ours => (0..element["hooks"].as_array().map_or(0, Vec::len)).collect(),
                Membership::Mixed(inner) => inner,
            };
            let whole = inner.len() == element["hooks"].as_array().map_or(0, Vec::len);
            for j in inner {
                out.push(FoundHook {
                    event: event.clone(),
                    index: i,
                    inner: Some(j),
                    whole,
                    hook: element["hooks"][j].clone(),
                    element: element.clone(),
                    path: with(&with(&at, key("hooks")), JsonStep::Index(j)),
                });
            }
        }
    });
    out
}

/// Merges what a later install created into the record of an earlier one.
pub fn merge_created(into: &mut Created, more: Created) {
    into.merge(more);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::Strictness;

    /// Stripping all events in one edit gives the bytes that stripping them one by one gives.
    #[test]
    fn stripping_at_once_equals_one_by_one() {
        let g = r#"{"hooks": [{"type": "command", "command": "gitvow hook E"}]}"#;
        let u = r#"{"hooks": [{"type": "command", "command": "mine"}]}"#;
        let mixed = r#"{"hooks": [{"type": "command", "command": "mine"}, {"type": "command", "command": "gitvow hook E"}]}"#;
        let docs = [
            format!("{{\n  \"model\": \"x\",\n  \"hooks\": {{\n    \"PreToolUse\": [{g}],\n    \"Stop\": [{g}, {g}]\n  }}\n}}\n"),
            format!("{{\"hooks\":{{\"A\":[{u},{g}],\"PreToolUse\":[{g}],\"B\":[],\"Stop\":[{mixed},{g},{u},{g}]}},\"z\":1}}"),
            format!(
                "{{\r\n\t\"hooks\": {{\r\n\t\t\"PreToolUse\": [\r\n\t\t\t{g},\r\n\t\t\t{u}\r\n\t\t],\r\n\t\t\"Stop\": [{g}],\r\n\t\t\"X\": 1,\r\n\t\t\"PostToolUse\": [{g},],\r\n\t}}\r\n}}"
            ),
            format!("{{\"hooks\": {{\"Stop\": [{g}], \"PreToolUse\": [{g}, {g}]}}}}"),
            "{\"hooks\": {}}".to_string(),
            format!("{{\"a\": 1, \"hooks\": {{\"PreToolUse\": [{g}], \"Stop\": [{g}]}}, \"b\": 2}}"),
            format!("{{\n  \"hooks\": {{\n    \"Stop\": [\n      {g}\n    ]\n  }}\n}}\n"),
        ];
        let created = Created { hooks_key: true, events: vec!["Stop".into(), "B".into()], version_key: false, sandbox: None };
        for agent in [crate::agents::find("claude").unwrap(), crate::agents::find("factory").unwrap()] {
            for text in &docs {
                for record in [None, Some(&created)] {
                    for keep in [&[][..], &["Stop"][..]] {
                        let c = container(agent);
                        let mut at_once = JsonDoc::parse(text, Strictness::Lenient).unwrap();
                        let mut one_by_one = at_once.clone();
                        strip_container(&mut at_once, agent, &c, keep, record);
                        strip_container_one_by_one(&mut one_by_one, agent, &c, keep, record);
                        assert_eq!(at_once.text(), one_by_one.text(), "{} {text}", agent.name);
                    }
                    // Uninstall, against taking the events out one by one and then an empty `hooks`.
                    let mut doc = JsonDoc::parse(text, Strictness::Lenient).unwrap();
                    let mut reference = doc.clone();
                    uninstall(&mut doc, agent, record);
                    let c = container(agent);
                    if agent.install.layout == FileLayout::NestedGroups && matches!(reference.shape(&c), Some(Shape::Object(_))) {
                        let drop_hooks = record.map_or(reference.shape(&c) != Some(Shape::Object(0)), |r| r.hooks_key);
                        strip_container_one_by_one(&mut reference, agent, &c, &[], record);
                        if drop_hooks && reference.shape(&c) == Some(Shape::Object(0)) {
                            reference.remove(&[], &key("hooks"));
                        }
                        assert_eq!(doc.text(), reference.text(), "uninstall {text}");
                    }
                }
            }
        }
    }

    #[test]
    fn recognises_gitvow_commands() {
        for yes in [
            "gitvow hook PreToolUse",
            "/usr/local/bin/gitvow hook --agent codex PreToolUse",
            "'/opt/my tools/gitvow' hook Stop",
            "C:\\tools\\gitvow.exe hook PreToolUse",
            "\"/x y/gitvow\" hook PreToolUse",
        ] {
            assert!(is_gitvow_command(yes), "{yes}");
        }
        for no in ["gitvowx hook A", "mygitvow hook A", "gitvow install", "echo gitvow", "gitvow hooks"] {
            assert!(!is_gitvow_command(no), "{no}");
        }
    }
}
