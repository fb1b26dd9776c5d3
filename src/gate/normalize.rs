//! Every agent's payload turned into Claude Code's shape, and a tool call into the actions the gate
//! judges (a patch touching three files is three edits).

mod call;
mod mcp;

use super::command;
use super::patch;
use crate::agents::{AgentSpec, Dialect, Handler};
pub use call::{Action, Call, Shell, UnreadablePayload};
pub use mcp::path_arguments;
use mcp::{
    DELETING_WORDS, changes_files, deletes_resources, forge_command, known_server, mcp_code, mcp_command, mcp_deletions, mcp_edits,
    mcp_git, mcp_mounts, mcp_named_operation, mcp_resource_deletion, mcp_run_text, mcp_service, mcp_sql, name_has_word,
};
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

/// The session id of a payload, whatever else is wrong with it.
pub fn session_of(payload: &Map<String, Value>) -> Option<&str> {
    SESSION_KEYS.iter().find_map(|k| payload.get(*k).and_then(Value::as_str))
}

const SESSION_KEYS: &[&str] = &["session_id", "sessionId", "conversation_id", "taskId"];

/// Whether a tool reads what is in the files under its path, a directory whole, as `grep -r` does:
/// a content search (`Grep`, `grep`, `grep_search`, `search_file_content`), where a lister (`Glob`,
/// `list_directory`) reads names only.
pub fn searches_contents(action: &Action) -> bool {
    matches!(action.tool_name.as_str(), "Grep" | "grep" | "grep_search" | "search_file_content" | "rg" | "ripgrep")
}

/// What a tool name means, across the agents' vocabularies.
enum ToolKind {
    Shell,
    /// Shell commands as an array, run one after another (cline's `run_commands`).
    Commands,
    /// `apply_patch`: patch text when the input carries one, else an edit (Copilot, Factory).
    PatchOrEdit,
    Write,
    Edit,
    /// One tool that creates a file when it carries only new text, and edits one otherwise (cline's
    /// `editor`).
    WriteOrEdit,
    /// Deletes every file of a list (auggie's `remove-files`): each an edit of that file.
    Remove,
    /// Python source the agent runs (hermes's `execute_code`): judged as the `python3 -c` it is.
    PythonCode,
    /// Tools kept under their own name with their own arguments.
    Keep,
}

fn kind(name: &str) -> ToolKind {
    match name {
        "Bash" | "run_shell_command" | "Shell" | "bash" | "powershell" | "Execute" | "shell" | "local_shell" | "launch-process"
        | "terminal" => ToolKind::Shell,
        "run_commands" => ToolKind::Commands,
        // hermes's `patch`: `mode: "patch"` carries V4A patch text, `mode: "replace"` one edit.
        "apply_patch" | "ApplyPatch" | "patch" => ToolKind::PatchOrEdit,
        "Write" | "write_file" | "create" | "Create" | "write" | "save-file" => ToolKind::Write,
        "Edit" | "replace" | "edit" | "str_replace_editor" | "str_replace_based_edit_tool" | "str-replace-editor" | "Delete" => {
            ToolKind::Edit
        }
        "editor" => ToolKind::WriteOrEdit,
        "remove-files" => ToolKind::Remove,
        "execute_code" => ToolKind::PythonCode,
        _ => ToolKind::Keep,
    }
}

const PATH_KEYS: &[&str] = &["file_path", "path", "filePath", "target_file"];
const OLD_KEYS: &[&str] = &["old_string", "old_str", "oldString", "old_text"];
const NEW_KEYS: &[&str] = &["new_string", "new_str", "newString", "new_text"];
const CONTENT_KEYS: &[&str] = &["content", "file_text", "new_content", "text", "file_content", "new_text"];
/// Arrays of replacements inside one edit (auggie's `str-replace-editor`), each with old and new text.
const ENTRY_ARRAYS: &[&str] = &["str_replace_entries", "insert_line_entries"];
const PATCH_KEYS: &[&str] = &["command", "patchText", "patch", "input"];

/// How to read an agent's payloads: its row's dialect, or Claude's shape (what external adapters
/// hand over).
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    pub dialect: Dialect,
    pub patch_text_only: bool,
}

impl Reading {
    pub const CLAUDE: Reading = Reading { dialect: Dialect::Claude, patch_text_only: false };

    pub fn of(spec: &AgentSpec) -> Reading {
        Reading { dialect: spec.gate.dialect, patch_text_only: spec.gate.patch_text_only }
    }
}

/// Normalises one payload for `event` (the agent's own event name).
pub fn normalize(reading: Reading, event: &str, handler: Handler, payload: &Map<String, Value>) -> Result<Call, UnreadablePayload> {
    let session = first_str(payload, SESSION_KEYS)?.unwrap_or_default().to_string();
    let root = || {
        ["workspace_roots", "workspaceRoots"]
            .iter()
            .find_map(|k| payload.get(*k).and_then(|r| r.get(0)).and_then(Value::as_str))
            .or_else(|| payload.get("workspaceInfo").and_then(|w| w.get("rootPath")).and_then(Value::as_str))
    };
    let cwd = match first_str(payload, &["cwd"])? {
        Some(c) if !c.is_empty() => PathBuf::from(c),
        _ => match root() {
            Some(root) => PathBuf::from(root),
            None => std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")),
        },
    };
    let mut call = Call {
        handler,
        session,
        cwd,
        transcript_path: first_str(payload, &["transcript_path"])?.map(str::to_string),
        permission_mode: first_str(payload, &["permission_mode"])?.map(str::to_string),
        tool_name: None,
        actions: Vec::new(),
        gate: true,
    };
    if !matches!(handler, Handler::PreToolUse | Handler::PostToolUse) {
        return Ok(call);
    }
    let (name, input) = tool_of(reading.dialect, event, payload)?;
    let actions = actions_of(reading, &name, input, &call.cwd)?;
    let raw_name = payload.get("tool_name").and_then(Value::as_str).unwrap_or_default();
    if reading.dialect == Dialect::TopLevelCalls && event == "preToolUse" && (raw_name == "Shell" || raw_name.starts_with("MCP:")) {
        call.gate = false;
    }
    call.tool_name = Some(actions.first().map(|a| a.tool_name.clone()).unwrap_or(name));
    call.actions = actions;
    Ok(call)
}

/// A tool's name and arguments as the agent sent them.
type RawTool = (String, Map<String, Value>);

/// The agent's tool name and arguments, before normalisation.
fn tool_of(dialect: Dialect, event: &str, payload: &Map<String, Value>) -> Result<RawTool, UnreadablePayload> {
    if dialect == Dialect::ToolCallObject
        && let Some(call) = tool_call_object(payload)?
    {
        return Ok(call);
    }
    let input = match payload.get("tool_input").or_else(|| payload.get("toolArgs")) {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(o)) => o.clone(),
        // Older Copilot versions and Cursor's beforeMCPExecution send the arguments JSON-encoded.
        Some(Value::String(s)) if s.trim().is_empty() => Map::new(),
        Some(Value::String(s)) => match serde_json::from_str::<Value>(s) {
            Ok(Value::Object(o)) => o,
            Ok(_) => return Err("the tool arguments string is not a JSON object".into()),
            Err(e) => return Err(format!("the tool arguments string is not valid JSON ({e})").into()),
        },
        Some(_) => return Err("tool_input is neither an object nor a JSON string".into()),
    };
    let name = first_str(payload, &["tool_name", "toolName"])?.map(str::to_string);
    // Cursor's specific hooks carry the call at the top level.
    if dialect == Dialect::TopLevelCalls {
        match event {
            "beforeShellExecution" | "afterShellExecution" => {
                let command = first_str(payload, &["command"])?.ok_or("the payload has no `command`")?;
                let mut input = input;
                input.insert("command".into(), command.into());
                return Ok(("Bash".into(), input));
            }
            "beforeMCPExecution" => {
                let tool = name.ok_or("the payload has no `tool_name`")?;
                let server = first_str(payload, &["mcp_server_name", "server_name", "server"])?.unwrap_or("unknown");
                let tool = tool.strip_prefix("MCP:").unwrap_or(&tool);
                let full = if tool.starts_with("mcp__") { tool.to_string() } else { format!("mcp__{server}__{tool}") };
                return Ok((full, input));
            }
            "afterFileEdit" => {
                let mut input = input;
                for key in ["file_path", "edits"] {
                    if let Some(v) = payload.get(key) {
                        input.insert(key.into(), v.clone());
                    }
                }
                return Ok(("Edit".into(), input));
            }
            _ => {}
        }
        if let Some(tool) = name.as_deref().and_then(|n| n.strip_prefix("MCP:")) {
            let server = first_str(payload, &["mcp_server_name", "server_name"])?
                .or_else(|| input.get("mcp_server_name").and_then(Value::as_str))
                .unwrap_or("unknown");
            return Ok((format!("mcp__{server}__{tool}"), input));
        }
    }
    let name = name.ok_or("the payload has no tool name (`tool_name` or `toolName`)")?;
    if dialect == Dialect::ServerPrefixedMcp {
        return Ok((mcp_name(&name), input));
    }
    // Copilot names an MCP tool `<server>-<tool>` (`git-git_push`); none of the agents read in
    // Claude's shape has a tool of its own so spelt but those `kind` knows. Read as `mcp__server__tool`,
    // the one spelling the MCP rules and the servers' programs are matched on. A server's name may
    // hold a hyphen, a tool's (snake or camel case) rarely does: the last one splits, unless a
    // known server's name is left of an earlier one (`mongodb-drop-database`).
    if dialect == Dialect::Claude
        && !name.starts_with("mcp__")
        && matches!(kind(&name), ToolKind::Keep)
        && let Some((server, tool)) = server_and_tool(&name)
        && !server.is_empty()
        && !tool.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return Ok((format!("mcp__{server}__{tool}"), input));
    }
    if dialect == Dialect::FlaggedMcp && payload.get("is_mcp_tool") == Some(&Value::Bool(true)) && !name.starts_with("mcp__") {
        // The payload names no server unless the hook asked for MCP metadata: an unknown server
        // matches no `mcp_allow` rule of a named one.
        let metadata = payload.get("mcp_metadata");
        let server = ["server_name", "serverName", "server"]
            .iter()
            .find_map(|k| metadata.and_then(|m| m.get(*k)).and_then(Value::as_str))
            .unwrap_or("unknown");
        return Ok((format!("mcp__{server}__{name}"), input));
    }
    Ok((name, input))
}

/// A Copilot MCP tool's name split into its server and tool: at the first hyphen a known server's
/// name is left of, else at the last.
fn server_and_tool(name: &str) -> Option<(&str, &str)> {
    let mut known = name.match_indices('-').map(|(i, _)| (&name[..i], &name[i + 1..])).filter(|(server, _)| known_server(server));
    known.next().or_else(|| name.rsplit_once('-'))
}

/// The call of a payload that carries it as `tool_call: {name, input}` (also `tool_result` after
/// the call), or as `preToolUse`/`postToolUse: {toolName, parameters}` with every argument a string;
/// `None` when it has none of these (then Claude's fields are read).
fn tool_call_object(payload: &Map<String, Value>) -> Result<Option<RawTool>, UnreadablePayload> {
    for key in ["tool_call", "tool_result"] {
        let Some(call) = payload.get(key).and_then(Value::as_object) else { continue };
        let name = first_str(call, &["name", "toolName"])?.ok_or(format!("`{key}` has no `name`"))?;
        return match call.get("input").or_else(|| call.get("parameters")) {
            None | Some(Value::Null) => Ok(Some((name.to_string(), Map::new()))),
            Some(Value::Object(input)) => Ok(Some((name.to_string(), input.clone()))),
            Some(_) => Err(format!("`{key}.input` is not an object").into()),
        };
    }
    for key in ["preToolUse", "postToolUse"] {
        let Some(call) = payload.get(key).and_then(Value::as_object) else { continue };
        let name = first_str(call, &["toolName", "name"])?.ok_or(format!("`{key}` has no `toolName`"))?;
        let mut input = match call.get("parameters") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(o)) => o.clone(),
            Some(_) => return Err(format!("`{key}.parameters` is not an object").into()),
        };
        // Arrays arrive JSON-encoded here.
        if let Some(Value::String(text)) = input.get("commands")
            && let Ok(list @ Value::Array(_)) = serde_json::from_str::<Value>(text)
        {
            input.insert("commands".into(), list);
        }
        return Ok(Some((name.to_string(), input)));
    }
    Ok(None)
}

/// Gemini names MCP tools `mcp_<server>_<tool>` or `<server>__<tool>` depending on the version.
/// The first form is ambiguous when the server name has an underscore: the first one splits.
fn mcp_name(name: &str) -> String {
    if name.starts_with("mcp__") {
        return name.to_string();
    }
    if let Some(rest) = name.strip_prefix("mcp_")
        && let Some((server, tool)) = rest.split_once('_')
    {
        return format!("mcp__{server}__{tool}");
    }
    if let Some((server, tool)) = name.split_once("__") {
        return format!("mcp__{server}__{tool}");
    }
    name.to_string()
}

fn actions_of(reading: Reading, name: &str, input: Map<String, Value>, cwd: &Path) -> Result<Vec<Action>, UnreadablePayload> {
    let single = |tool_name: &str, tool_input| Ok(vec![Action::new(tool_name, tool_input)]);
    match kind(name) {
        ToolKind::Shell | ToolKind::Commands => shell_actions(name, input, cwd),
        ToolKind::PatchOrEdit => {
            // Some agents only ever send patch text here; others name edits this way.
            let patch_only = reading.patch_text_only || input.get("mode").and_then(Value::as_str) == Some("patch");
            let text = PATCH_KEYS
                .iter()
                .find_map(|k| input.get(*k).and_then(Value::as_str).filter(|t| patch_only || t.contains("*** Begin Patch")));
            match text {
                Some(text) => patch_actions(text),
                None if patch_only => Err("apply_patch carries no patch text".into()),
                None => single("Edit", edit_input(input, false)?),
            }
        }
        ToolKind::Write => single("Write", edit_input(input, true)?),
        ToolKind::Edit => single("Edit", edit_input(input, false)?),
        ToolKind::WriteOrEdit => {
            let creates = first_str(&input, OLD_KEYS)?.is_none() && !input.contains_key("insert_line");
            if creates { single("Write", edit_input(input, true)?) } else { single("Edit", edit_input(input, false)?) }
        }
        ToolKind::Remove => removal_actions(input),
        ToolKind::PythonCode => {
            let code = first_str(&input, &["code"])?.ok_or("the code tool has no `code`")?;
            let command = format!("python3 -c {}", shell_words::quote(code));
            let mut input = input;
            input.insert("command".into(), command.into());
            single("Bash", input)
        }
        ToolKind::Keep => kept_actions(name, input),
    }
}

/// A shell tool's call: its command (or its list of commands, run as the lines of one script), and
/// an edit for each file a patch the command applies names, in the directory the shell is in then.
fn shell_actions(name: &str, input: Map<String, Value>, cwd: &Path) -> Result<Vec<Action>, UnreadablePayload> {
    let command = match (input.get("command"), input.get("commands")) {
        (Some(Value::String(c)), _) => c.clone(),
        // The commands run one after another, as the lines of one script would.
        (None, Some(Value::Array(list))) => {
            let lines: Option<Vec<&str>> = list.iter().map(Value::as_str).collect();
            lines.ok_or("a command in `commands` is not a string")?.join("\n")
        }
        (None, Some(_)) => return Err("`commands` is not an array of strings".into()),
        (Some(_), _) => return Err("the shell command is not a string".into()),
        (None, None) => return Err("the shell tool has no `command`".into()),
    };
    // A shell that runs `apply_patch <<'EOF' …` (Codex: `cd dir && apply_patch …`, anywhere in
    // a chain or `sh -c`) writes files: each is gated as an edit, and the command as a whole
    // as a command. The substring test keeps the second analysis off the common call.
    // A shell tool that names its own working directory (auggie's `launch-process {cwd}`)
    // runs the command there: judged as the `cd` it amounts to, so that relative paths and
    // the repository a `git push` publishes are that directory's, while the policy stays
    // the one of the session's repository (a tool argument must not choose a laxer one). The
    // `cd` is a statement of its own (`cd dir || exit 1; …`), not the head of an `&&` list: a
    // variable the command assigns first is then on its straight path, as without the directory.
    let command = match first_str(&input, &["cwd", "workdir"])?.filter(|d| !d.is_empty()) {
        Some(dir) => format!("cd {} || exit 1; {command}", shell_words::quote(dir)),
        None => command,
    };
    let mut actions = Vec::new();
    if command.contains("apply_patch") || command.contains("applypatch") {
        let home = crate::paths::home();
        let ctx = command::Context { cwd, home: home.as_deref(), repo_top: None };
        for patch in command::analyse_in(&command, &ctx).patches {
            actions.extend(patch_actions_in(&patch, cwd)?);
        }
    }
    let mut input = input;
    input.insert("command".into(), command.into());
    actions.push(Action { tool_name: "Bash".into(), tool_input: input, shell: shell_of(name) });
    Ok(actions)
}

/// A removal of a list of files: an edit of each.
fn removal_actions(input: Map<String, Value>) -> Result<Vec<Action>, UnreadablePayload> {
    let paths = match input.get("file_paths").or_else(|| input.get("paths")) {
        Some(Value::Array(list)) => {
            list.iter().map(|p| p.as_str().ok_or("a path in `file_paths` is not a string")).collect::<Result<Vec<_>, _>>()?
        }
        _ => return Err("the removal names no files (`file_paths`)".into()),
    };
    Ok(paths
        .into_iter()
        .map(|path| {
            let mut tool_input = input.clone();
            tool_input.insert("file_path".into(), path.into());
            Action::new("Edit", tool_input)
        })
        .collect())
}

/// A tool kept under its own name (an MCP tool, or one gitvow does not know), then what its name
/// and arguments say it runs, deletes or changes.
fn kept_actions(name: &str, input: Map<String, Value>) -> Result<Vec<Action>, UnreadablePayload> {
    // An MCP tool that changes files changes the files its path arguments name: each is
    // judged as an edit of that file, after the tool itself (its name stays the call's).
    let (name, input) = match name {
        "use_mcp_tool" => cline_mcp(input)?,
        _ => (name.to_string(), input),
    };
    // Read by what its arguments and name say, whether or not its name is spelt `mcp__…`:
    // agents name MCP tools their own way (OpenCode `server_tool`, Copilot `server-tool`),
    // and a tool gitvow does not know is judged by what it says it does.
    let mut effects = Vec::new();
    let code = mcp_code(&name, &input);
    let command = mcp_command(&input, code.is_some());
    // A tool named for a program runs its command as that program's (`docker_cli {"command":
    // "rm -f web"}`); the command as a shell's is judged too. Code in a language the tool names
    // is that language's, not a shell's (`jupyter__run_cell {"source": "print(1)"}`).
    // A git server's tool is the one git command line its arguments make (`git_push {"force":
    // true}` is `git push --force`), not a command line per text argument (a commit message).
    let git = mcp_git(&name, &input);
    if git.is_none() {
        effects.extend(mcp_run_text(&name, &input, command.is_some() || code.is_some()));
        effects.extend(mcp_service(&name, &input));
    }
    effects.extend(git);
    effects.extend(command);
    effects.extend(code);
    effects.extend(mcp_sql(&name, &input));
    effects.extend(mcp_mounts(&input));
    let paths = if name_has_word(&name, DELETING_WORDS) { mcp_deletions(&input) } else { Vec::new() };
    if paths.is_empty() && deletes_resources(&name) {
        effects.extend(mcp_resource_deletion(&name, &input));
    } else if paths.is_empty() {
        effects.extend(mcp_named_operation(&name, &input));
    }
    effects.extend(paths);
    effects.extend(forge_command(&name));
    if changes_files(&name) {
        effects.extend(mcp_edits(&input));
    }
    let mut actions = vec![Action::new(name, input)];
    actions.extend(effects);
    Ok(actions)
}

/// Cline's one tool for every MCP call, `use_mcp_tool {server_name, tool_name, arguments}` (the
/// arguments JSON-encoded), as the MCP tool it calls.
fn cline_mcp(input: Map<String, Value>) -> Result<RawTool, UnreadablePayload> {
    let server = first_str(&input, &["server_name"])?.unwrap_or("unknown");
    let tool = first_str(&input, &["tool_name"])?.ok_or("use_mcp_tool names no `tool_name`")?;
    let arguments = match input.get("arguments") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(o)) => o.clone(),
        Some(Value::String(s)) if s.trim().is_empty() => Map::new(),
        Some(Value::String(s)) => match serde_json::from_str::<Value>(s) {
            Ok(Value::Object(o)) => o,
            _ => return Err("use_mcp_tool's `arguments` is not a JSON object".into()),
        },
        Some(_) => return Err("use_mcp_tool's `arguments` is not a JSON object".into()),
    };
    Ok((format!("mcp__{server}__{tool}"), arguments))
}

/// The language of a shell tool's command, by the tool's name.
fn shell_of(tool: &str) -> Shell {
    if tool == "powershell" { Shell::PowerShell } else { Shell::Posix }
}

/// The edits of a patch a shell applies: a file name is relative to where the shell is then
/// (`cd ~/other && apply_patch …` edits ~/other's files), one edit per directory it may be in.
/// Where the shell computes it, the names stay the session's: the command is asked about.
fn patch_actions_in(patch: &command::Patch, cwd: &Path) -> Result<Vec<Action>, UnreadablePayload> {
    let actions = patch_actions(&patch.text)?;
    let Some(dirs) = &patch.dirs else { return Ok(actions) };
    let here = command::lexical(cwd);
    let mut placed = Vec::new();
    for action in actions {
        for dir in dirs {
            let mut action = action.clone();
            if *dir != here
                && let Some(Value::String(path)) = action.tool_input.get_mut("file_path")
            {
                *path = dir.join(&*path).to_string_lossy().into_owned();
            }
            placed.push(action);
        }
    }
    Ok(placed)
}

fn patch_actions(text: &str) -> Result<Vec<Action>, UnreadablePayload> {
    let files =
        patch::parse(text).map_err(|e| UnreadablePayload { message: format!("cannot parse the patch: {e}"), reason: e.summary() })?;
    let mut actions = Vec::new();
    for f in files {
        if f.delete {
            // Deleting a file takes out all it holds, as a Write of nothing does: the same action,
            // so that what reads the file as it is now (the routes it removes) reads it here too.
            let mut input = Map::new();
            input.insert("file_path".into(), f.path.into());
            input.insert("content".into(), "".into());
            actions.push(Action::new("Write", input));
            continue;
        }
        let paths = std::iter::once(f.path.clone()).chain(f.move_to.clone());
        for path in paths {
            let mut input = Map::new();
            input.insert("file_path".into(), path.clone().into());
            input.insert("old_string".into(), f.old.clone().into());
            input.insert("new_string".into(), f.new.clone().into());
            actions.push(Action::new("Edit", input));
        }
    }
    Ok(actions)
}

/// Claude's argument names on top of the agent's own (which stay, for the classifier's eyes).
fn edit_input(mut input: Map<String, Value>, write: bool) -> Result<Map<String, Value>, UnreadablePayload> {
    let path = first_str(&input, PATH_KEYS)?.ok_or("the edit has no file path (`file_path`, `path` or `filePath`)")?.to_string();
    input.insert("file_path".into(), path.into());
    if write {
        if let Some(content) = first_str(&input, CONTENT_KEYS)?.map(str::to_string) {
            input.insert("content".into(), content.into());
        }
    } else {
        if let Some(entries) = ENTRY_ARRAYS.iter().find_map(|k| input.get(*k).and_then(Value::as_array)) {
            let join = |keys: &[&str]| -> String {
                entries.iter().filter_map(|e| keys.iter().find_map(|k| e.get(*k).and_then(Value::as_str))).collect::<Vec<_>>().join("\n")
            };
            let (old, new) = (join(OLD_KEYS), join(NEW_KEYS));
            input.insert("old_string".into(), old.into());
            input.insert("new_string".into(), new.into());
        }
        for (canonical, keys) in [("old_string", OLD_KEYS), ("new_string", NEW_KEYS)] {
            if let Some(v) = first_str(&input, keys)?.map(str::to_string) {
                input.insert(canonical.into(), v.into());
            }
        }
        if !input.contains_key("new_string")
            && let Some(content) = first_str(&input, CONTENT_KEYS)?.map(str::to_string)
        {
            input.insert("new_string".into(), content.into());
        }
    }
    Ok(input)
}

/// The first of `keys` present; present with another type than a string is an error.
fn first_str<'a>(obj: &'a Map<String, Value>, keys: &[&str]) -> Result<Option<&'a str>, UnreadablePayload> {
    for key in keys {
        match obj.get(*key) {
            None | Some(Value::Null) => continue,
            Some(Value::String(s)) => return Ok(Some(s)),
            Some(_) => return Err(format!("`{key}` is not a string").into()),
        }
    }
    Ok(None)
}
