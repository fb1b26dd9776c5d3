//! The agent's own switches that turn every hook off (its row's `off_switches`), read from its
//! files as the agent reads them: install reports those that are off after it wrote (it leaves them
//! as the person set them), doctor checks them all.

use super::command_line::install_command;
use super::inspect::{Finding, Inspected};
use crate::agents::{AgentSpec, OffSwitch};
use crate::edit::jsonc::{JsonDoc, key, line_col};
use crate::paths::{Scope, display};
use crate::safefs::Area;
use serde_json::Value;
use std::borrow::Cow;
use std::path::Path;

/// The switches that keep every hook of `agent` off in `scope` (gitvow's included), each as what
/// is wrong and how to fix it.
pub fn off(scope: &Scope, agent: &'static AgentSpec) -> Vec<(String, String)> {
    off_in(scope, &Inspected::read(scope, agent))
}

/// [`off`], from the agent's file as already inspected.
pub fn off_in(scope: &Scope, ins: &Inspected) -> Vec<(String, String)> {
    read(scope, ins)
        .into_iter()
        .filter_map(|f| match f {
            Finding::Wrong { detail, fix } => Some((detail, fix)),
            Finding::Fine(_) => None,
        })
        .collect()
}

/// Every switch of the agent's in `scope`, on or off, from its inspected file and the others the
/// agent reads.
pub fn read(scope: &Scope, ins: &Inspected) -> Vec<Finding> {
    let mut out = Vec::new();
    for switch in ins.agent.install.off_switches {
        match *switch {
            OffSwitch::TomlFeature(file) => match pinned_on(scope, ins) {
                Some(pinned) => out.push(pinned),
                None => out.extend(toml_feature(ins.agent, file)),
            },
            OffSwitch::VersionAndFailClosed => out.extend(version_and_fail_closed(scope, ins)),
            OffSwitch::HooksConfig => out.extend(hooks_config(scope, ins)),
            OffSwitch::JsonFlag { key: flag, also_in } => out.extend(json_flag(scope, ins, flag, also_in)),
            OffSwitch::ManagedJson { files, dirs, only_managed, all_off } => {
                out.extend(managed_json(ins.agent, files, dirs, only_managed, all_off))
            }
            OffSwitch::ManagedToml { file, key } => out.extend(managed_toml(ins.agent, file, key)),
        }
    }
    out
}

fn toml_feature(agent: &AgentSpec, file: &str) -> Vec<Finding> {
    let Some(home) = crate::paths::home() else { return vec![] };
    let path = home.join(file);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(_) => return vec![Finding::fine(format!("{} is absent: hooks are on by default", display(&path)))],
    };
    match crate::edit::toml::switches_off(&path, &text) {
        Err(e) => vec![Finding::wrong(e.message, "fix the file by hand: the agent reads it too")],
        Ok(off) if off.is_empty() => vec![Finding::fine(format!("[features] hooks is not off in {}", display(&path)))],
        Ok(off) => off
            .into_iter()
            .map(|(key, at)| {
                let (l, c) = line_col(&text, at);
                Finding::wrong(
                    format!("{}:{l}:{c}: `[features] {key} = false` turns every {} hook off", display(&path), agent.name),
                    format!("set `{key} = true` (or run `gitvow install --user --agent {}`)", agent.name),
                )
            })
            .collect(),
    }
}

/// The managed file of the system scope that pins hooks on (codex's requirements.toml with
/// `[features] hooks = true`, which install writes there): a user's switch in their own file then
/// turns those entries off no more (measured with codex 0.169).
fn pinned_on(scope: &Scope, ins: &Inspected) -> Option<Finding> {
    let (keys, value) = crate::agents::managed::layer(ins.agent.name)?.hooks_on?;
    let steps: Vec<_> = keys.iter().map(|k| key(k)).collect();
    let pinned = ins.doc.as_ref()?.get(&steps) == Some(Value::Bool(value));
    let (key, table) = keys.split_last()?;
    (scope.is_system() && pinned).then(|| {
        Finding::fine(format!(
            "{} pins `[{}] {key} = {value}`: a user's `{key} = {}` does not switch these entries off",
            display(&ins.path),
            table.join("."),
            !value
        ))
    })
}

fn version_and_fail_closed(scope: &Scope, ins: &Inspected) -> Vec<Finding> {
    let Some(doc) = &ins.doc else { return vec![] };
    let mut bad = Vec::new();
    if doc.get(&[key("version")]) != Some(Value::from(1)) {
        bad.push(Finding::wrong(
            format!(
                "{}: top-level `\"version\": 1` is missing or not 1: {} ignores the file",
                located(ins, doc, &[key("version")]),
                ins.agent.name
            ),
            "set `\"version\": 1`",
        ));
    }
    for f in &ins.found {
        if f.hook.get("failClosed") != Some(&Value::Bool(true)) {
            bad.push(Finding::wrong(
                format!(
                    "{}: `failClosed` is missing or false under `{}`: {} lets the call through when gitvow cannot run",
                    ins.place(f),
                    f.event,
                    ins.agent.name
                ),
                format!("set `\"failClosed\": true` (or run `{}`)", install_command(scope, ins.agent)),
            ));
        }
    }
    if bad.is_empty() {
        bad.push(Finding::fine("`version` is 1 and every gitvow hook has `failClosed: true`"));
    }
    bad
}

fn hooks_config(scope: &Scope, ins: &Inspected) -> Vec<Finding> {
    let mut out = Vec::new();
    for (path, doc, text) in settings_files(scope, ins) {
        let here = |p: &[crate::edit::jsonc::JsonStep]| {
            let (l, c) = line_col(&text, doc.offset_of(p).unwrap_or(0));
            format!("{}:{l}:{c}", display(&path))
        };
        if doc.get(&[key("hooksConfig"), key("enabled")]) == Some(Value::Bool(false)) {
            out.push(Finding::wrong(
                format!("{}: `hooksConfig.enabled` is false: {} runs no hook", here(&[key("hooksConfig"), key("enabled")]), ins.agent.name),
                "set `hooksConfig.enabled` to true or remove it",
            ));
        }
        if let Some(Value::Array(names)) = doc.get(&[key("hooksConfig"), key("disabled")]) {
            let ours: Vec<&str> = names.iter().filter_map(Value::as_str).filter(|n| n.starts_with("gitvow-")).collect();
            if !ours.is_empty() {
                out.push(Finding::wrong(
                    format!("{}: `hooksConfig.disabled` switches off {}", here(&[key("hooksConfig"), key("disabled")]), ours.join(", ")),
                    "remove gitvow's names from `hooksConfig.disabled`",
                ));
            }
        }
    }
    if out.is_empty() {
        out.push(Finding::fine("`hooksConfig` leaves gitvow's hooks on"));
    }
    out
}

fn json_flag(scope: &Scope, ins: &Inspected, flag: &str, also_in: &[&str]) -> Vec<Finding> {
    let mut files = settings_files(scope, ins);
    if let Some(home) = crate::paths::home() {
        files.extend(also_in.iter().filter_map(|f| read_json(&home, f, ins.agent)));
    }
    let mut out = Vec::new();
    for (path, doc, text) in files {
        if doc.get(&[key(flag)]) == Some(Value::Bool(true)) {
            let (l, c) = line_col(&text, doc.offset_of(&[key(flag)]).unwrap_or(0));
            out.push(Finding::wrong(
                format!("{}:{l}:{c}: `{flag}: true` turns every {} hook off", display(&path), ins.agent.name),
                format!("remove `{flag}` or set it to false"),
            ));
        }
    }
    if out.is_empty() {
        out.push(Finding::fine(format!("`{flag}` is not set")));
    }
    out
}

fn located(ins: &Inspected, doc: &JsonDoc, path: &[crate::edit::jsonc::JsonStep]) -> String {
    let text = ins.text.as_deref().unwrap_or("");
    let (l, c) = line_col(text, doc.offset_of(path).or(doc.offset_of(&[])).unwrap_or(0));
    format!("{}:{l}:{c}", display(&ins.path))
}

/// The settings files whose switches apply: the scope's own, and in a repository the user's too
/// (the agents merge both).
/// The agent's file as inspected is borrowed, not copied: it may be megabytes.
fn settings_files<'a>(scope: &Scope, ins: &'a Inspected) -> Vec<SettingsFile<'a>> {
    let mut out: Vec<_> = match (&ins.doc, &ins.text) {
        (Some(d), Some(t)) => vec![(ins.path.clone(), Cow::Borrowed(d), Cow::Borrowed(&**t))],
        _ => Vec::new(),
    };
    if let (Scope::Repo(_), Some(home)) = (scope, crate::paths::home()) {
        out.extend(read_json(&home, ins.agent.install.user_file, ins.agent));
    }
    out
}

/// A settings file's path, its parsed document and its text.
type SettingsFile<'a> = (std::path::PathBuf, Cow<'a, JsonDoc>, Cow<'a, str>);

/// The user's file `file` (relative to the home directory), read by the user scope's rules.
fn read_json(home: &Path, file: &str, agent: &AgentSpec) -> Option<SettingsFile<'static>> {
    let path = crate::agents::homes::in_home(home, agent, file);
    let bytes = crate::safefs::read_target(&path, &Scope::User { home: home.to_path_buf() }, Area::Config).ok()??;
    let text = String::from_utf8(bytes).ok()?;
    let doc = JsonDoc::parse(&text, agent.install.strictness).ok()?;
    Some((path, Cow::Owned(doc), Cow::Owned(text)))
}

/// Where the machine's own settings live: `/`, or for tests the folder `GITVOW_SYSTEM_ROOT` names.
fn system_path(absolute: &str) -> std::path::PathBuf {
    crate::paths::system_root().join(absolute.trim_start_matches('/'))
}

/// Who can change a managed file: not the person, usually.
const MANAGED_FIX: &str = "ask whoever manages this machine's agent settings (the file is the organisation's) to allow user hooks or to add gitvow's entries there";

fn managed_json(agent: &AgentSpec, files: &[&str], dirs: &[&str], only_managed: &str, all_off: &str) -> Vec<Finding> {
    let mut paths: Vec<std::path::PathBuf> = files.iter().map(|f| system_path(f)).collect();
    for dir in dirs {
        let mut inside: Vec<_> = std::fs::read_dir(system_path(dir))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        inside.sort();
        paths.extend(inside);
    }
    let mut out = Vec::new();
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let Ok(doc) = JsonDoc::parse(&text, crate::agents::Strictness::Lenient) else { continue };
        let on = |k: &str| doc.get(&[key(k)]) == Some(Value::Bool(true));
        let at = |k: &str| {
            let (l, c) = line_col(&text, doc.offset_of(&[key(k)]).unwrap_or(0));
            format!("{}:{l}:{c}", display(&path))
        };
        if on(all_off) {
            out.push(Finding::wrong(
                format!("{}: the managed `{all_off}: true` turns every {} hook off, gitvow's included", at(all_off), agent.name),
                MANAGED_FIX,
            ));
        } else if on(only_managed) && !super::entries::has_gitvow_entries(&doc, agent) {
            out.push(Finding::wrong(
                format!(
                    "{}: the managed `{only_managed}: true` makes {} ignore every user and project hook, gitvow's included",
                    at(only_managed),
                    agent.name
                ),
                MANAGED_FIX,
            ));
        }
    }
    if out.is_empty() {
        out.push(Finding::fine(format!("no managed setting keeps {}'s user hooks off", agent.name)));
    }
    out
}

fn managed_toml(agent: &AgentSpec, file: &str, flag: &str) -> Vec<Finding> {
    let path = system_path(file);
    let text = std::fs::read_to_string(&path).ok();
    let on = text
        .as_deref()
        .and_then(|t| t.parse::<toml_edit::DocumentMut>().ok())
        .is_some_and(|d| d.get(flag).and_then(|v| v.as_bool()) == Some(true));
    if on && !text.as_deref().is_some_and(super::managed_toml::has_gitvow_block) {
        return vec![Finding::wrong(
            format!("{}: `{flag} = true` makes {} run only the hooks the organisation manages, not gitvow's", display(&path), agent.name),
            MANAGED_FIX,
        )];
    }
    vec![Finding::fine(format!("{file} does not keep {}'s user hooks off", agent.name))]
}
