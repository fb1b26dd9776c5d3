//! A normalised hook call and the actions it holds, in Claude Code's shape, and the error for a
//! payload gitvow cannot read.

use crate::agents::Handler;
use serde_json::{Map, Value};
use std::path::PathBuf;

/// One normalised hook call.
#[derive(Debug)]
pub struct Call {
    pub handler: Handler,
    pub session: String,
    pub cwd: PathBuf,
    pub transcript_path: Option<String>,
    pub permission_mode: Option<String>,
    /// The normalised tool name, when the event concerns a tool.
    pub tool_name: Option<String>,
    /// What the gate judges, one per touched file for patches.
    pub actions: Vec<Action>,
    /// False for Cursor's generic `preToolUse` of a shell or MCP tool: the specific
    /// `beforeShellExecution`/`beforeMCPExecution` hook that follows carries the call and gates it.
    pub gate: bool,
}

/// One thing a tool call does, in Claude's shape.
#[derive(Clone, Debug)]
pub struct Action {
    pub tool_name: String,
    pub tool_input: Map<String, Value>,
    /// The language of `command` for a shell action: the analyser reads each in its own grammar.
    pub shell: Shell,
}

/// The language a shell tool's command is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shell {
    /// `sh`/`bash` syntax: every agent's shell tool but the ones below.
    #[default]
    Posix,
    /// Copilot's `powershell` tool.
    PowerShell,
}

impl Action {
    /// An action of a tool that is no shell, or runs `sh` syntax.
    pub fn new(tool_name: impl Into<String>, tool_input: Map<String, Value>) -> Action {
        Action { tool_name: tool_name.into(), tool_input, shell: Shell::Posix }
    }

    pub fn str_field(&self, key: &str) -> Option<&str> {
        self.tool_input.get(key).and_then(Value::as_str)
    }

    pub fn command(&self) -> Option<&str> {
        (self.tool_name == "Bash").then(|| self.str_field("command")).flatten()
    }

    /// The file an edit-like tool writes.
    pub fn edited_path(&self) -> Option<&str> {
        match self.tool_name.as_str() {
            "Edit" | "Write" | "MultiEdit" => self.str_field("file_path"),
            "NotebookEdit" => self.str_field("notebook_path").or_else(|| self.str_field("file_path")),
            _ => None,
        }
    }

    /// Text removed and text added by an edit-like tool (`edits[]` joined).
    pub fn change(&self) -> (String, String) {
        if let Some(Value::Array(edits)) = self.tool_input.get("edits") {
            let pick =
                |key: &str| -> String { edits.iter().filter_map(|e| e.get(key).and_then(Value::as_str)).collect::<Vec<_>>().join("\n") };
            return (pick("old_string"), pick("new_string"));
        }
        let old = self.str_field("old_string").unwrap_or_default().to_string();
        let new = self
            .str_field("new_string")
            .or_else(|| self.str_field("content"))
            .or_else(|| self.str_field("new_source"))
            .unwrap_or_default()
            .to_string();
        (old, new)
    }

    pub fn is_mcp(&self) -> bool {
        self.tool_name.starts_with("mcp__")
    }

    /// The normalised hook JSON for this action (what the classifier reads).
    pub fn hook_json(&self, call: &Call) -> Value {
        let mut o = Map::new();
        o.insert("session_id".into(), call.session.clone().into());
        // Cursor's, Copilot's and OpenCode's tool calls carry no transcript (checked with their
        // payloads): the key is there all the same, `null`, so that a classifier reading it runs.
        o.insert("transcript_path".into(), call.transcript_path.clone().map_or(Value::Null, Value::from));
        o.insert("cwd".into(), call.cwd.to_string_lossy().into_owned().into());
        o.insert("hook_event_name".into(), call.handler.name().into());
        if let Some(m) = &call.permission_mode {
            o.insert("permission_mode".into(), m.clone().into());
        }
        o.insert("tool_name".into(), self.tool_name.clone().into());
        o.insert("tool_input".into(), Value::Object(self.tool_input.clone()));
        Value::Object(o)
    }
}

/// A payload gitvow cannot read: `message` for the agent (may quote the call), `reason` for the
/// hook log (never command text or file content).
#[derive(Debug)]
pub struct UnreadablePayload {
    pub message: String,
    pub reason: String,
}

/// Payload errors name fields and JSON positions only, so the message is also the logged reason.
impl From<String> for UnreadablePayload {
    fn from(message: String) -> UnreadablePayload {
        UnreadablePayload { reason: message.clone(), message }
    }
}

impl From<&str> for UnreadablePayload {
    fn from(message: &str) -> UnreadablePayload {
        UnreadablePayload::from(message.to_string())
    }
}
