//! External adapters: an executable `gitvow-agent-<name>` (on the PATH or in `~/.gitvow/agents/`)
//! teaches gitvow another agent. gitvow runs it, never imports it: the first argument names the
//! operation (`info`, `normalize`, `respond`), JSON goes in on stdin and comes back on stdout, and
//! each run has 10 s.

use super::process;
use super::respond::Answer;
use crate::agents::Handler;
use crate::error::{Error, Result};
use serde_json::{Map, Value, json};
use std::path::PathBuf;
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(10);

/// What an adapter's `info` says: enough for `install --agent <name>`.
#[derive(Clone, Debug, PartialEq)]
pub struct AdapterInfo {
    pub protocol: u64,
    pub name: String,
    /// The agent's event names the hooks are installed for.
    pub events: Vec<String>,
    pub install: InstallInfo,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InstallInfo {
    /// Relative to the home directory.
    pub user_file: String,
    /// Relative to the repository's top level.
    pub repo_file: String,
    /// Only `json` for now.
    pub format: String,
    /// Event name → hook objects to merge under the file's top-level `hooks` key; every string
    /// `__GITVOW__` in them stands for the gitvow command.
    pub entries: Map<String, Value>,
    /// A top-level key set to 1 when gitvow creates the file (e.g. `version`).
    pub version_key: Option<String>,
}

/// Whether `name` can be an adapter name: `[A-Za-z0-9_-]+`.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// The adapter executable for `name`: `~/.gitvow/agents/gitvow-agent-<name>`, else the PATH.
pub fn find(name: &str) -> Result<PathBuf> {
    if !valid_name(name) {
        return Err(Error::usage(format!("`{name}` is not an agent name (letters, digits, `_` and `-` only)")));
    }
    let file = format!("gitvow-agent-{name}");
    let dirs: Vec<PathBuf> = crate::paths::gitvow_home().map(|h| h.join("agents")).into_iter().chain(crate::paths::path_dirs()).collect();
    crate::paths::find_executable(&file, &dirs)
        .ok_or_else(|| Error::new(format!("no built-in agent `{name}` and no adapter `{file}` on the PATH or in ~/.gitvow/agents/")))
}

/// Runs the adapter's `operation`; its answer is a JSON object. An adapter that fails is a problem of
/// the machine gitvow runs on (the program, not the person's input).
fn call(name: &str, operation: &str, input: &Value) -> Result<Value> {
    let program = find(name)?;
    let argv = [program.to_string_lossy().into_owned(), operation.to_string()];
    let adapter = format!("adapter gitvow-agent-{name} ({operation})");
    let finished =
        process::run(&argv, input.to_string().as_bytes(), None, TIMEOUT).map_err(|e| Error::new(format!("{adapter}: {e}")).caused_by(e))?;
    if !finished.status.success() {
        return Err(Error::new(format!("{adapter} failed: {}", process::failure(&finished))));
    }
    match serde_json::from_slice::<Value>(&finished.stdout) {
        Ok(v @ Value::Object(_)) => Ok(v),
        _ => Err(Error::new(format!("{adapter} printed no JSON object"))),
    }
}

/// A reply of the adapter's `operation` that lacks `what`.
fn bad_reply(name: &str, operation: &str, what: &str) -> Error {
    Error::new(format!("adapter gitvow-agent-{name} ({operation}): {what}"))
}

/// Asks the adapter `gitvow-agent-<name>` how its agent is installed. For `install --agent <name>`
/// when `name` is not a built-in agent.
pub fn info(name: &str) -> Result<AdapterInfo> {
    let fail = |e: Error| e.hint("see the external adapter protocol: `gitvow-agent-<name> info` prints the install description");
    let v = call(name, "info", &json!({})).map_err(fail)?;
    let bad = |what: &str| fail(bad_reply(name, "info", what));
    let protocol = v.get("protocol").and_then(Value::as_u64).ok_or_else(|| bad("no `protocol` number"))?;
    if protocol != 1 {
        return Err(bad(&format!("protocol {protocol} is not supported (expected 1)")));
    }
    let install = v.get("install").and_then(Value::as_object).ok_or_else(|| bad("no `install` object"))?;
    let text =
        |key: &str| install.get(key).and_then(Value::as_str).map(str::to_string).ok_or_else(|| bad(&format!("no `install.{key}` string")));
    let format = install.get("format").and_then(Value::as_str).unwrap_or("json").to_string();
    if format != "json" {
        return Err(bad(&format!("install format `{format}` is not supported (expected json)")));
    }
    Ok(AdapterInfo {
        protocol,
        name: v.get("name").and_then(Value::as_str).unwrap_or(name).to_string(),
        events: v
            .get("events")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect())
            .unwrap_or_default(),
        install: InstallInfo {
            user_file: text("user_file")?,
            repo_file: text("repo_file")?,
            format,
            entries: install.get("entries").and_then(Value::as_object).cloned().ok_or_else(|| bad("no `install.entries` object"))?,
            version_key: install.get("version_key").and_then(Value::as_str).map(str::to_string),
        },
    })
}

/// One call an adapter's `normalize` produced: a gitvow handler and a payload in Claude's shape.
pub type AdaptedCall = (Handler, Map<String, Value>);

/// The adapter's `normalize`: the agent's payload as gitvow calls in Claude's shape.
pub fn normalize(name: &str, event: &str, payload: &Value) -> Result<Vec<AdaptedCall>> {
    let v = call(name, "normalize", &json!({"event": event, "payload": payload}))?;
    let bad = |what: &str| bad_reply(name, "normalize", what);
    let calls = v.get("calls").and_then(Value::as_array).ok_or_else(|| bad("no `calls` list"))?;
    calls
        .iter()
        .map(|c| {
            let event = c.get("event").and_then(Value::as_str).ok_or_else(|| bad("a call has no `event`"))?;
            let handler = handler_named(event).ok_or_else(|| bad(&format!("`{event}` is not a gitvow event")))?;
            let payload = c.get("payload").and_then(Value::as_object).cloned().ok_or_else(|| bad("a call has no `payload` object"))?;
            Ok((handler, payload))
        })
        .collect()
}

/// The adapter's `respond`: gitvow's answer (code 0 or 2 and a message) in the agent's form.
pub fn respond(name: &str, code: i32, message: &str) -> Result<Answer> {
    let v = call(name, "respond", &json!({"code": code, "message": message}))?;
    let bad = |what: &str| bad_reply(name, "respond", what);
    let exit = v.get("exit_code").and_then(Value::as_i64).ok_or_else(|| bad("no `exit_code` number"))?;
    let field = |key: &str| match v.get(key) {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(bad(&format!("`{key}` is not a string"))),
    };
    Ok(Answer {
        code: i32::try_from(exit).map_err(|_| bad("`exit_code` out of range"))?,
        stdout: field("stdout")?,
        stderr: field("stderr")?,
    })
}

fn handler_named(name: &str) -> Option<Handler> {
    [Handler::SessionStart, Handler::UserPromptSubmit, Handler::PreToolUse, Handler::PostToolUse, Handler::Stop]
        .into_iter()
        .find(|h| h.name() == name)
}

/// Without the adapter's answer, whether an agent event is the one before a tool runs (then a
/// failure must block): `PreToolUse`, `preToolUse`, `BeforeTool`, `beforeShellExecution`, …
pub fn looks_pre_tool(event: &str) -> bool {
    let e = event.to_ascii_lowercase();
    e.contains("pretool") || e.starts_with("before")
}
