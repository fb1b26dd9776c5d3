//! gitvow's entries in an agent's YAML file (hermes): what they say, and the install and uninstall
//! of them through `edit::yaml`.
//!
//! hermes 0.19.0 runs the call when a hook cannot be started, exits with any code, prints no block
//! or passes its timeout, so the entry of the gating event runs gitvow through `sh -c`, under the
//! watchdog ([`crate::agents::watchdog`], below the entry's 30 s), with a fallback: any end other
//! than exit 0 (gitvow missing, crashed, killed, no answer in time) prints the block JSON itself.

use super::entries::is_gitvow_command;
use crate::agents::{AgentSpec, ExtraField, Handler, watchdog};
use crate::edit::yaml::{self, HookFields, YamlError, YamlHook};
use crate::error::{Error, Result};
use crate::paths::display;
use std::path::Path;

/// What the fallback prints: hermes's block, in words for the model.
fn fallback_answer(agent: &AgentSpec, gitvow: &str) -> String {
    serde_json::json!({
        "decision": "block",
        "reason": format!("BLOCKED: the gitvow policy gate could not run ({gitvow}). The tool call is blocked until it runs again: run `gitvow doctor`, or reinstall with `gitvow install --user --agent {}`.", agent.name),
    })
    .to_string()
}

/// The command of gitvow's entry for `event`, given the gitvow command (a shell command string).
pub fn entry_command(agent: &AgentSpec, gitvow: &str, event: &str) -> String {
    let plain = agent.hook_command(gitvow, event);
    if agent.handler_for(event) != Some(Handler::PreToolUse) {
        return plain;
    }
    // hermes splits the command as shell words: `$0` is the fallback answer, one word.
    let script = format!("{}; [ $s -eq 0 ] && exit 0; printf '%s\\n' \"$0\"", watchdog::watched(&plain));
    format!("sh -c {} {}", shell_words::quote(&script), shell_words::quote(&fallback_answer(agent, gitvow)))
}

/// The gitvow command an installed entry runs (the part before ` hook`), or `None`.
pub fn gitvow_of(agent: &AgentSpec, event: &str, command: &str) -> Option<String> {
    let suffix = agent.hook_command("", event);
    let plain = match shell_words::split(command).ok()?.as_slice() {
        // The watchdog's form, or the one before it (`<line> || printf …`).
        [sh, flag, script, _] if sh == "sh" && flag == "-c" => match watchdog::line_of(script) {
            Some(line) => line.to_string(),
            None => script.split(" || ").next()?.to_string(),
        },
        _ => command.to_string(),
    };
    plain.strip_suffix(suffix.as_str()).filter(|p| !p.is_empty()).map(str::to_string)
}

fn entry<'a>(agent: &AgentSpec, event: &'a str, matcher: Option<&'a str>, command: String) -> HookFields<'a> {
    let mut fields = Vec::new();
    if let Some(m) = matcher {
        fields.push(("matcher", yaml::quoted(m)));
    }
    fields.push(("command", yaml::quoted(&command)));
    for f in agent.install.hook_fields_after_command {
        if let ExtraField::Int(k, v) = f {
            fields.push((*k, v.to_string()));
        }
    }
    HookFields { event, fields }
}

/// Whether `found` is exactly the entry install writes for its event.
pub fn is_current(agent: &AgentSpec, gitvow: &str, found: &YamlHook) -> bool {
    let Some(ev) = agent.install.events.iter().find(|e| e.name == found.event) else { return false };
    let timeout = agent.install.hook_fields_after_command.iter().find_map(|f| match f {
        ExtraField::Int("timeout", v) => Some(v.to_string()),
        _ => None,
    });
    found.command == entry_command(agent, gitvow, ev.name) && found.matcher.as_deref() == ev.matcher && found.timeout == timeout
}

/// The gitvow entries of the file, wherever they are.
pub fn found(text: &str) -> std::result::Result<Vec<YamlHook>, YamlError> {
    Ok(yaml::entries(text)?.into_iter().filter(|f| is_gitvow_command(&f.command)).collect())
}

fn refused(path: &Path, agent: &AgentSpec, e: YamlError) -> Error {
    Error::new(format!("{}:{}:{}: {}; {}", display(path), e.line, e.col, e.message, agent.would_drop(None)))
        .hint(format!("fix the file by hand (it must be YAML {} loads), then run gitvow again; nothing was written", agent.name))
}

/// The file with gitvow's entries for every event, current ones kept where they are.
pub fn install(path: &Path, agent: &AgentSpec, text: Option<&str>, gitvow: &str) -> Result<String> {
    let mut out = text.unwrap_or("").to_string();
    let fail = |e| refused(path, agent, e);
    yaml::check(&out).map_err(fail)?;
    for ev in agent.install.events {
        let ours = found(&out).map_err(fail)?;
        let here: Vec<&YamlHook> = ours.iter().filter(|f| f.event == ev.name).collect();
        if here.len() == 1 && is_current(agent, gitvow, here[0]) {
            continue;
        }
        if !here.is_empty() {
            let stale = |c: &str| is_gitvow_command(c) && gitvow_of(agent, ev.name, c).is_some();
            out = yaml::remove(&out, &stale).map_err(fail)?.unwrap_or(out);
        }
        out = yaml::add(&out, &entry(agent, ev.name, ev.matcher, entry_command(agent, gitvow, ev.name))).map_err(fail)?;
    }
    Ok(out)
}

/// The file without gitvow's entries (`None`: it has none).
pub fn uninstall(path: &Path, agent: &AgentSpec, text: &str) -> Result<Option<String>> {
    yaml::remove(text, &is_gitvow_command).map_err(|e| refused(path, agent, e))
}

/// What doctor and install read from the file: gitvow's entries (as the JSON layouts' findings) and
/// the gitvow command of the gating one; or why the agent would not load it, and the fix.
pub fn read(
    agent: &AgentSpec,
    path: &Path,
    text: &str,
) -> std::result::Result<(Vec<super::entries::FoundHook>, Option<String>), (String, String)> {
    let found = found(text).map_err(|e| {
        (
            format!("{}:{}:{}: {}; {}", display(path), e.line, e.col, e.message, agent.would_drop(None)),
            format!("fix the file by hand so that {} loads it", agent.name),
        )
    })?;
    let command = found.iter().find(|f| f.event == agent.doctor.probe_event).and_then(|f| gitvow_of(agent, &f.event, &f.command));
    let found = found
        .into_iter()
        .map(|f| {
            let mut hook = serde_json::Map::new();
            if let Some(m) = &f.matcher {
                hook.insert("matcher".into(), m.clone().into());
            }
            hook.insert("command".into(), f.command.clone().into());
            if let Some(t) = f.timeout.as_deref().and_then(|t| t.parse::<i64>().ok()) {
                hook.insert("timeout".into(), t.into());
            }
            let hook = serde_json::Value::Object(hook);
            super::entries::FoundHook { event: f.event, index: 0, inner: None, whole: true, element: hook.clone(), hook, path: Vec::new() }
        })
        .collect();
    Ok((found, command))
}
