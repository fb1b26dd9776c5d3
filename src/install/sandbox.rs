//! `gitvow install --sandbox`: the agent's own OS sandbox switched on for the shell commands it
//! runs (its row's `sandbox`), and told what gitvow's box holds (`confine::plan::Protected`), so
//! that a command the agent runs cannot write gitvow's files or its hook files, nor read the record
//! key, however it is spelled. Each key set and each list item added is recorded, so that
//! uninstall takes out exactly those and leaves what the person set themselves.

use crate::agents::{AgentSpec, OwnSandbox};
use crate::confine::plan::Protected;
use crate::edit::jsonc::{JsonDoc, JsonStep, Shape, key, line_col};
use crate::error::{Error, Result};
use crate::paths::{Scope, display};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The switches of a settings block: on, no start without it, no command outside it (claude
/// ignores `dangerouslyDisableSandbox` then).
const SWITCHES: &[(&str, bool)] = &[("enabled", true), ("failIfUnavailable", true), ("allowUnsandboxedCommands", false)];

/// Where the block lives, and its lists of paths.
const BLOCK: &str = "sandbox";
const DENY_WRITE: [&str; 3] = [BLOCK, "filesystem", "denyWrite"];
const DENY_READ: [&str; 3] = [BLOCK, "filesystem", "denyRead"];

/// One key install set: its value before (`None`: absent) and the value written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetKey {
    pub key: Vec<String>,
    pub before: Option<Value>,
    pub written: Value,
}

/// What install changed in the agent's sandbox block, for uninstall.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Changed {
    /// Objects install created, outermost first: removed again once empty.
    #[serde(default)]
    pub objects: Vec<Vec<String>>,
    #[serde(default)]
    pub keys: Vec<SetKey>,
    /// Items install added to a list, by the list's key.
    #[serde(default)]
    pub items: Vec<(Vec<String>, Vec<String>)>,
}

impl Changed {
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty() && self.keys.is_empty() && self.items.is_empty()
    }

    /// A later run's changes after this one's.
    pub fn merge(&mut self, more: Changed) {
        self.objects.extend(more.objects);
        self.keys.extend(more.keys);
        for (list, items) in more.items {
            match self.items.iter_mut().find(|(l, _)| *l == list) {
                Some((_, have)) => have.extend(items),
                None => self.items.push((list, items)),
            }
        }
    }
}

/// The paths a sandboxed command may neither write nor read, as one run writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lists {
    pub deny_write: Vec<String>,
    pub deny_read: Vec<String>,
}

impl Lists {
    /// For the files of `scope`, whose hooks run `command`.
    pub fn new(scope: &Scope, command: &str) -> Lists {
        Lists { deny_write: denied_writes(scope, command), deny_read: denied_reads() }
    }
}

/// The paths a command in the sandbox may not write, as the agent resolves them from a file of
/// `scope`: `~/…` for the home directory, absolute for the machine's, relative to the project root
/// for a repository's (only a repository's own file can name those). `command`: the hook command,
/// whose executable is protected too when it is a path.
fn denied_writes(scope: &Scope, command: &str) -> Vec<String> {
    let names = Protected::names();
    let mut out = vec![display(&gitvow_home())];
    out.extend(names.home.iter().map(|rel| format!("~/{rel}")));
    // macOS keeps the managed files under /Library; no other system does.
    out.extend(names.system.iter().filter(|p| p.starts_with("/Library/") == cfg!(target_os = "macos")).map(|p| p.to_string()));
    if scope.is_repo() {
        out.extend(names.repo.iter().map(|rel| rel.to_string()));
        out.extend([".git/hooks".to_string(), ".git/config".to_string()]);
    }
    let exe = shell_words::split(command).ok().and_then(|w| w.into_iter().next()).filter(|w| w.starts_with('/'));
    out.extend(exe);
    out
}

/// The paths a command in the sandbox may not read: what proves a person's answer.
fn denied_reads() -> Vec<String> {
    vec![display(&gitvow_home().join("record.key"))]
}

/// How to install the programs claude's sandbox runs on Linux.
pub const INSTALL_PROGRAMS: &str =
    "install them (Debian and Ubuntu: sudo apt-get install bubblewrap socat; Fedora: sudo dnf install bubblewrap socat)";

/// Refuses `--sandbox` before anything is written when an agent's sandbox could not start here:
/// with `failIfUnavailable` the agent would refuse to start at all.
pub fn check_programs(agents: &[&'static AgentSpec]) -> Result<()> {
    let missing: Vec<String> = agents
        .iter()
        .filter_map(|a| Some(missing_programs(a)).filter(|m| !m.is_empty()).map(|m| format!("{} needs {}", a.name, m.join(" and "))))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(Error::new(format!("--sandbox: {}, not found on the PATH; the agent would refuse to start", missing.join("; ")))
        .hint(format!("{INSTALL_PROGRAMS}, then run gitvow again; nothing was written")))
}

/// The line install prints for `agent` after `--sandbox` in `scope`.
pub fn note(agent: &AgentSpec, scope: &Scope) -> String {
    match agent.install.sandbox {
        Some(OwnSandbox::SettingsBlock { .. }) => format!(
            "sandboxed: every command {} runs is in its own sandbox, which cannot write gitvow's files or the agents' hook files nor read the record key ({} does not sandbox its Write and Edit tools: the hook judges those); its sandbox asks before a command reaches a new network domain",
            agent.name, agent.name
        ),
        Some(OwnSandbox::TomlMode(file)) if scope.is_user() => format!(
            "sandboxed: `sandbox_mode = \"workspace-write\"` in ~/{file}: commands {} runs write only in the working directory and the temporary ones, the network stays on; it still reads the record key: `gitvow run --agent {}` hides it",
            agent.name, agent.name
        ),
        Some(OwnSandbox::TomlMode(file)) => format!(
            "not sandboxed by this run: {} reads its sandbox mode from ~/{file}: run `gitvow install --user --sandbox --agent {}`",
            agent.name, agent.name
        ),
        None => format!("{} has no sandbox of its own: start it in gitvow's box with `gitvow run --agent {}`", agent.name, agent.name),
    }
}

/// Programs the agent's sandbox needs that are not on the PATH (Linux only: macOS has Seatbelt).
pub fn missing_programs(agent: &AgentSpec) -> Vec<&'static str> {
    match agent.install.sandbox {
        Some(OwnSandbox::SettingsBlock { needs }) if cfg!(target_os = "linux") => {
            needs.iter().copied().filter(|p| !crate::paths::on_path(p)).collect()
        }
        _ => Vec::new(),
    }
}

/// Switches the settings block on in `doc` (the agent's file at `path`), with `lists`; what it
/// changed, for the record.
pub fn switch_on(doc: &mut JsonDoc, path: &Path, lists: &Lists) -> Result<Changed> {
    let mut changed = Changed::default();
    for (name, on) in SWITCHES {
        set(doc, path, &mut changed, &[BLOCK, name], Value::Bool(*on))?;
    }
    add_items(doc, path, &mut changed, &DENY_WRITE, lists.deny_write.clone())?;
    add_items(doc, path, &mut changed, &DENY_READ, lists.deny_read.clone())?;
    Ok(changed)
}

/// Undoes what [`switch_on`] recorded, last change first. A key the person changed since, and an
/// item they added, stay as they are.
pub fn switch_back(doc: &mut JsonDoc, changed: &Changed) {
    for (list, items) in changed.items.iter().rev() {
        let at = steps(list);
        let mut doomed = Vec::new();
        doc.each_element(&at, |i, v| {
            if v.as_str().is_some_and(|s| items.iter().any(|item| item == s)) {
                doomed.push(i);
            }
        });
        doc.remove_elements(&[(at.clone(), doomed)]);
        if doc.shape(&at) == Some(Shape::Array(0)) && changed.keys.iter().any(|k| k.key == *list && k.before.is_none()) {
            remove_key(doc, list);
        }
    }
    for set in changed.keys.iter().rev() {
        let at = steps(&set.key);
        let now = doc.get(&at);
        match &set.before {
            // Lists were emptied above; anything else still as written goes back.
            None if now.as_ref() == Some(&set.written) && !set.written.is_array() => remove_key(doc, &set.key),
            Some(before) if now.as_ref() == Some(&set.written) => doc.replace_value(&at, before),
            _ => {}
        }
    }
    for object in changed.objects.iter().rev() {
        if doc.shape(&steps(object)) == Some(Shape::Object(0)) && !doc.has_comments_in(&steps(object)) {
            remove_key(doc, object);
        }
    }
}

/// Whether the settings block in `doc` runs every command of the agent sandboxed: on, refusing to
/// start without it, no command let out.
pub fn is_on(doc: &JsonDoc) -> bool {
    SWITCHES.iter().all(|(name, on)| doc.get(&[key(BLOCK), key(name)]) == Some(Value::Bool(*on)))
}

fn set(doc: &mut JsonDoc, path: &Path, changed: &mut Changed, at: &[&str], value: Value) -> Result<()> {
    objects(doc, path, changed, &at[..at.len() - 1])?;
    let steps: Vec<JsonStep> = at.iter().map(|k| key(k)).collect();
    let before = doc.get(&steps);
    if before.as_ref() == Some(&value) {
        return Ok(());
    }
    match before {
        Some(_) => doc.replace_value(&steps, &value),
        None => doc.insert_property(&steps[..steps.len() - 1], at[at.len() - 1], &value),
    }
    changed.keys.push(SetKey { key: owned(at), before, written: value });
    Ok(())
}

/// Adds the `items` a list lacks (creating the list), in the order given.
fn add_items(doc: &mut JsonDoc, path: &Path, changed: &mut Changed, at: &[&str], items: Vec<String>) -> Result<()> {
    let steps: Vec<JsonStep> = at.iter().map(|k| key(k)).collect();
    let have: Vec<String> = match doc.get(&steps) {
        None => {
            set(doc, path, changed, at, Value::Array(items.iter().cloned().map(Value::String).collect()))?;
            changed.items.push((owned(at), items));
            return Ok(());
        }
        Some(Value::Array(have)) => have.iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
        Some(_) => return Err(not_a(doc, path, at, "a list of paths")),
    };
    let new: Vec<String> = items.into_iter().filter(|i| !have.contains(i)).collect();
    for item in &new {
        doc.append_element(&steps, &Value::String(item.clone()));
    }
    if !new.is_empty() {
        changed.items.push((owned(at), new));
    }
    Ok(())
}

/// Makes sure each object along `at` exists, recording those created.
fn objects(doc: &mut JsonDoc, path: &Path, changed: &mut Changed, at: &[&str]) -> Result<()> {
    for depth in 1..=at.len() {
        let steps: Vec<JsonStep> = at[..depth].iter().map(|k| key(k)).collect();
        match doc.shape(&steps) {
            Some(Shape::Object(_)) => {}
            None => {
                doc.insert_property(&steps[..depth - 1], at[depth - 1], &Value::Object(Default::default()));
                changed.objects.push(owned(&at[..depth]));
            }
            Some(_) => return Err(not_a(doc, path, &at[..depth], "an object")),
        }
    }
    Ok(())
}

fn not_a(doc: &JsonDoc, path: &Path, at: &[&str], what: &str) -> Error {
    let text = doc.text();
    let steps: Vec<JsonStep> = at.iter().map(|k| key(k)).collect();
    let (line, col) = line_col(&text, doc.text_offset(doc.offset_of(&steps).unwrap_or(0)));
    Error::new(format!("{}:{line}:{col}: expected `{}` to be {what}", display(path), at.join(".")))
        .hint("fix the file by hand (the agent reads it too), then run gitvow again; nothing was written")
}

fn remove_key(doc: &mut JsonDoc, at: &[String]) {
    let (last, parent) = at.split_last().expect("a key has a name");
    doc.remove(&steps(parent), &key(last));
}

fn steps(at: &[String]) -> Vec<JsonStep> {
    at.iter().map(|k| key(k)).collect()
}

fn owned(at: &[&str]) -> Vec<String> {
    at.iter().map(|k| k.to_string()).collect()
}

fn gitvow_home() -> PathBuf {
    crate::paths::gitvow_home().unwrap_or_else(|| PathBuf::from("~/.gitvow"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::Strictness;

    fn lists() -> Lists {
        Lists::new(&Scope::User { home: PathBuf::from("/h") }, "/usr/bin/gitvow")
    }

    fn round_trip(before: &str) -> String {
        let lists = lists();
        let mut doc = JsonDoc::parse(before, Strictness::Comments).unwrap();
        let changed = switch_on(&mut doc, Path::new("/h/.claude/settings.json"), &lists).unwrap();
        let after = doc.into_text();
        let mut doc = JsonDoc::parse(&after, Strictness::Comments).unwrap();
        assert!(is_on(&doc), "{after}");
        // A second run changes nothing.
        let again = switch_on(&mut doc, Path::new("x"), &lists).unwrap();
        assert!(again.is_empty(), "{again:?}");
        let json: Changed = serde_json::from_str(&serde_json::to_string(&changed).unwrap()).unwrap();
        switch_back(&mut doc, &json);
        assert_eq!(doc.into_text(), before, "uninstall gives every byte back");
        after
    }

    #[test]
    fn the_block_is_written_and_taken_out_to_the_byte() {
        let after = round_trip("{\n  \"model\": \"opus\"\n}\n");
        let v: Value = serde_json::from_str(&after).unwrap();
        assert_eq!(v["sandbox"]["allowUnsandboxedCommands"], Value::Bool(false));
        assert!(v["sandbox"]["filesystem"]["denyWrite"].as_array().unwrap().iter().any(|p| p == "/usr/bin/gitvow"));
        round_trip("{}");
        round_trip("{\n  // mine\n  \"sandbox\": {\n    \"enabled\": false,\n    \"filesystem\": {\"denyWrite\": [\"/secret\"]}\n  }\n}\n");
    }

    #[test]
    fn what_the_person_changed_since_stays() {
        let mut doc = JsonDoc::parse("{\"sandbox\": {\"enabled\": false}}", Strictness::Comments).unwrap();
        let changed = switch_on(&mut doc, Path::new("f"), &lists()).unwrap();
        doc.replace_value(&[key("sandbox"), key("failIfUnavailable")], &Value::Bool(false));
        doc.append_element(&[key("sandbox"), key("filesystem"), key("denyWrite")], &Value::String("/mine".into()));
        switch_back(&mut doc, &changed);
        let v: Value = serde_json::from_str(&doc.into_text()).unwrap();
        assert_eq!(v["sandbox"]["enabled"], Value::Bool(false));
        assert_eq!(v["sandbox"]["failIfUnavailable"], Value::Bool(false));
        assert_eq!(v["sandbox"]["filesystem"]["denyWrite"], serde_json::json!(["/mine"]));
        assert!(v["sandbox"].get("allowUnsandboxedCommands").is_none());
    }

    #[test]
    fn a_block_of_another_shape_is_refused_with_its_place() {
        let mut doc = JsonDoc::parse("{\n  \"sandbox\": true\n}", Strictness::Comments).unwrap();
        let err = switch_on(&mut doc, Path::new("/h/s.json"), &lists()).unwrap_err();
        assert_eq!(err.message, "/h/s.json:2:14: expected `sandbox` to be an object");
    }
}
