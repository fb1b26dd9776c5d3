//! gitvow's hooks in codex's `requirements.toml` (the managed layer `install --system` writes).
//!
//! Codex 0.169 reads managed hooks from `[[hooks.<Event>]]` tables there (a `matcher`, then
//! `[[hooks.<Event>.hooks]]` with `type`, `command`, `timeout`), runs them without a trust review,
//! and skips every other hook when the top-level `allow_managed_hooks_only = true`. A user's
//! `[features] hooks = false` turns managed hooks off too, unless this file pins `[features] hooks
//! = true`, which gitvow therefore writes. gitvow appends its tables (and a `[features]` table
//! when the file has none) as one block between two marker comments at the end of the file, adds
//! `hooks = true` as one marked line under the file's own `[features]` header when it has one,
//! and (with `--managed-only`) one marked key line at its top, where a key is top-level whatever
//! follows.
//! Everything else keeps its bytes; uninstall gives the original back from the record, or, when
//! the file changed since, takes out exactly the marked lines.

use crate::agents::{AgentSpec, ExtraField};
use crate::error::{Error, Result};
use crate::paths::display;
use std::path::Path;

const BEGIN: &str = "# >>> gitvow: managed hooks (written by `gitvow install --system`; `gitvow uninstall --system` removes them)";
const END: &str = "# <<< gitvow";
/// The end of the `--managed-only` line, by which uninstall finds it.
const ONLY_MARK: &str = "# gitvow install --system --managed-only";
/// The end of the line that keeps hooks on under the file's own `[features]` header.
const ON_MARK: &str = "# gitvow install --system: keeps managed hooks on";

/// Whether `text` holds gitvow's block.
pub fn has_gitvow_block(text: &str) -> bool {
    text.lines().any(|l| l == BEGIN)
}

/// `text` (`None`: no file yet) with gitvow's block for `command`, and with `key = true` at the
/// top when `managed_only` names the agent's managed-only key.
pub fn install(path: &Path, agent: &AgentSpec, text: Option<&str>, command: &str, managed_only: Option<&str>) -> Result<String> {
    let current = text.unwrap_or("");
    parse(path, current)?;
    let mut out = remove(current);
    let top = parse(path, &out)?;
    let mut tables = String::new();
    if let Some((keys, value)) = crate::agents::managed::layer(agent.name).and_then(|l| l.hooks_on) {
        match keep_on(path, &top, &out, keys, value)? {
            KeepOn::Already => {}
            KeepOn::Table(t) => tables = t,
            KeepOn::Line(at, line) => out.insert_str(at, &line),
        }
    }
    if let Some(key) = managed_only {
        match top.get(key).map(|v| v.as_bool()) {
            Some(Some(true)) => {}
            Some(_) => {
                return Err(Error::new(format!("{}: `{key}` is already set to something other than true", display(path)))
                    .hint(format!("set `{key} = true` there yourself or remove the line, then run gitvow again; nothing was written")));
            }
            None => out.insert_str(0, &format!("{key} = true {ONLY_MARK}\n")),
        }
    }
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(&block(agent, command, &tables));
    // The block must leave a file codex reads (an inline `hooks = {…}` table cannot take more).
    parse(path, &out).map_err(|e| {
        Error::new(format!("{}: gitvow's hook tables cannot be added to this file ({})", display(path), e.message))
            .hint("write its `hooks` as `[[hooks.<Event>]]` tables instead of an inline table, then run gitvow again; nothing was written")
    })?;
    Ok(out)
}

/// Where the key that keeps managed hooks on goes.
enum KeepOn {
    /// The file says so already.
    Already,
    /// A table of gitvow's own, in its block (the file has no such table).
    Table(String),
    /// A marked line at this byte offset: right under the file's own table header.
    Line(usize, String),
}

/// `[<table>] <key> = value` (`keys` is the table and the key) in `text`, whose document is `top`.
fn keep_on(path: &Path, top: &toml_edit::DocumentMut, text: &str, keys: &[&str], value: bool) -> Result<KeepOn> {
    let [table, key] = keys else { unreachable!("codex's managed value is one key of one table") };
    let own = format!("[{table}]\n{key} = {value}\n");
    let Some(item) = top.get(table) else { return Ok(KeepOn::Table(own)) };
    // Only sub-tables (`[features.x]`) name it: a header of its own may still follow them.
    if item.as_table().is_some_and(|t| t.is_implicit()) {
        return Ok(KeepOn::Table(own));
    }
    let refuse = |why: String| {
        Error::new(format!("{}: {why}", display(path)))
            .hint(format!("set `{key} = {value}` in its `[{table}]` table yourself, then run gitvow again; nothing was written"))
    };
    match item.get(key).map(|v| v.as_bool()) {
        Some(Some(v)) if v == value => return Ok(KeepOn::Already),
        Some(_) => {
            return Err(refuse(format!(
                "`[{table}] {key}` is set to something other than {value}, so codex would not run gitvow's managed hooks for every user"
            )));
        }
        None => {}
    }
    // The table's own header line: a key under it belongs to it whatever the line says.
    let header = format!("[{table}]");
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        at += line.len();
        let rest = line.trim().strip_prefix(&header).map(str::trim_start);
        if rest.is_some_and(|r| r.is_empty() || r.starts_with('#')) {
            let nl = if line.ends_with("\r\n") { "\r\n" } else { "\n" };
            let line = if line.ends_with('\n') { String::new() } else { nl.to_string() };
            return Ok(KeepOn::Line(at, format!("{line}{key} = {value} {ON_MARK}{nl}")));
        }
    }
    Err(refuse(format!("`{key} = {value}` cannot be added: its `{table}` table has no `[{table}]` header line of its own")))
}

/// `text` without gitvow's block and its `--managed-only` line.
pub fn remove(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut inside = false;
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\n', '\r']);
        if bare == BEGIN {
            inside = true;
        } else if inside && bare == END {
            inside = false;
        } else if !inside && !bare.ends_with(ONLY_MARK) && !bare.ends_with(ON_MARK) {
            out.push_str(line);
        }
    }
    out
}

/// gitvow's tables: `tables` first, then one per event, as codex reads them.
fn block(agent: &AgentSpec, command: &str, tables: &str) -> String {
    let quoted = |s: &str| toml_edit::Value::from(s).to_string().trim().to_string();
    let mut out = format!("{BEGIN}\n{tables}");
    for event in agent.install.events {
        out.push_str(&format!("[[hooks.{}]]\n", event.name));
        if let Some(m) = event.matcher {
            out.push_str(&format!("matcher = {}\n", quoted(m)));
        }
        out.push_str(&format!("[[hooks.{}.hooks]]\n", event.name));
        for field in agent.install.hook_fields_before_command {
            out.push_str(&field_line(field, &quoted));
        }
        let line = super::fail_closed::entry_command(agent, command, event.name);
        out.push_str(&format!("{} = {}\n", agent.install.command_key, quoted(&line)));
        for field in agent.install.hook_fields_after_command {
            out.push_str(&field_line(field, &quoted));
        }
    }
    out.push_str(END);
    out.push('\n');
    out
}

fn field_line(field: &ExtraField, quoted: &dyn Fn(&str) -> String) -> String {
    match field {
        ExtraField::Str(k, v) => format!("{k} = {}\n", quoted(v)),
        ExtraField::Int(k, v) => format!("{k} = {v}\n"),
        ExtraField::Bool(k, v) => format!("{k} = {v}\n"),
        ExtraField::EventName(_) => String::new(),
    }
}

/// The file's `hooks` as the JSON document codex's user `hooks.json` would be (`{"hooks": {…}}`):
/// what doctor's checks read. `Err`: the file is not TOML, with its place.
pub fn as_json(path: &Path, text: &str) -> Result<String> {
    let doc = parse(path, text)?;
    let table = |name: &str| doc.get(name).map_or(serde_json::Value::Object(Default::default()), item_json);
    // `features` too: whether the file pins hooks on is read from it as from a JSON layer.
    Ok(serde_json::json!({ "hooks": table("hooks"), "features": table("features") }).to_string())
}

fn item_json(item: &toml_edit::Item) -> serde_json::Value {
    use serde_json::Value as J;
    match item {
        toml_edit::Item::Value(v) => value_json(v),
        toml_edit::Item::Table(t) => J::Object(t.iter().map(|(k, v)| (k.to_string(), item_json(v))).collect()),
        toml_edit::Item::ArrayOfTables(a) => {
            J::Array(a.iter().map(|t| J::Object(t.iter().map(|(k, v)| (k.to_string(), item_json(v))).collect())).collect())
        }
        toml_edit::Item::None => J::Null,
    }
}

fn value_json(value: &toml_edit::Value) -> serde_json::Value {
    use serde_json::Value as J;
    match value {
        toml_edit::Value::String(s) => J::String(s.value().clone()),
        toml_edit::Value::Integer(i) => J::from(*i.value()),
        toml_edit::Value::Float(f) => J::from(*f.value()),
        toml_edit::Value::Boolean(b) => J::Bool(*b.value()),
        toml_edit::Value::Datetime(d) => J::String(d.value().to_string()),
        toml_edit::Value::Array(a) => J::Array(a.iter().map(value_json).collect()),
        toml_edit::Value::InlineTable(t) => J::Object(t.iter().map(|(k, v)| (k.to_string(), value_json(v))).collect()),
    }
}

/// The file as TOML, or its first error as `file:line:column`.
fn parse(path: &Path, text: &str) -> Result<toml_edit::DocumentMut> {
    text.parse::<toml_edit::DocumentMut>().map_err(|e| {
        let at = e.span().map(|s| crate::edit::jsonc::line_col(text, s.start)).unwrap_or((1, 1));
        Error::new(format!("{}:{}:{}: {}", display(path), at.0, at.1, e.message().trim()))
            .hint("fix the file by hand (it must be what codex itself accepts), then run gitvow again; nothing was written")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codex() -> &'static AgentSpec {
        crate::agents::find("codex").unwrap()
    }

    #[test]
    fn install_then_remove_gives_the_bytes_back() {
        let original = "# company\nallowed_approval_policies = [\"on-request\"]\n\n[features]\nhooks = true\r\n";
        let path = Path::new("/etc/codex/requirements.toml");
        let after = install(path, codex(), Some(original), "/usr/local/bin/gitvow", Some("allow_managed_hooks_only")).unwrap();
        assert!(after.starts_with("allow_managed_hooks_only = true"));
        let doc: toml_edit::DocumentMut = after.parse().unwrap();
        assert_eq!(doc["allow_managed_hooks_only"].as_bool(), Some(true));
        assert_eq!(doc["features"]["hooks"].as_bool(), Some(true));
        let pre = doc["hooks"]["PreToolUse"].as_array_of_tables().unwrap();
        let cmd = pre.get(0).unwrap()["hooks"].as_array_of_tables().unwrap().get(0).unwrap()["command"].as_str().unwrap().to_string();
        assert_eq!(crate::install::fail_closed::unwrapped(&cmd), "/usr/local/bin/gitvow hook --agent codex PreToolUse", "{cmd}");
        assert!(cmd.ends_with("exit 2"), "the watchdog's wrapper: {cmd}");
        assert_eq!(remove(&after), original);
        // Idempotent: installing over gitvow's own block changes nothing.
        assert_eq!(install(path, codex(), Some(&after), "/usr/local/bin/gitvow", Some("allow_managed_hooks_only")).unwrap(), after);
    }

    #[test]
    fn hooks_are_kept_on_over_the_users_config_in_the_files_own_features_table_or_in_gitvows() {
        let path = Path::new("/etc/codex/requirements.toml");
        let hooks_on = |after: &str| after.parse::<toml_edit::DocumentMut>().unwrap()["features"]["hooks"].as_bool();
        for original in ["", "# IT\n", "[features.x]\ny = 1\n"] {
            let after = install(path, codex(), Some(original), "/g", None).unwrap();
            assert_eq!(hooks_on(&after), Some(true), "{after}");
            assert_eq!(remove(&after), original);
        }
        // Under the file's own header, as one marked line.
        let original = "[features]  # IT's\r\nplugins = false\r\n\n[rules]\nx = 1";
        let after = install(path, codex(), Some(original), "/g", None).unwrap();
        assert!(after.starts_with(&format!("[features]  # IT's\r\nhooks = true {ON_MARK}\r\nplugins = false\r\n")), "{after}");
        assert_eq!(hooks_on(&after), Some(true));
        assert_eq!(remove(&after), format!("{original}\n"), "only the final newline gitvow's block needed stays");
        // The company switched hooks off: that is theirs to change.
        let err = install(path, codex(), Some("[features]\nhooks = false\n"), "/g", None).unwrap_err();
        assert!(err.message.contains("`[features] hooks` is set to something other than true, so codex"), "{}", err.message);
        let err = install(path, codex(), Some("features = { plugins = false }\n"), "/g", None).unwrap_err();
        assert!(err.message.contains("no `[features]` header"), "{}", err.message);
    }

    #[test]
    fn an_inline_hooks_table_is_refused_with_its_place() {
        let err = install(Path::new("/r.toml"), codex(), Some("hooks = { managed_dir = \"/x\" }\n"), "/g", None).unwrap_err();
        assert!(err.message.contains("cannot be added"), "{}", err.message);
        let err = install(Path::new("/r.toml"), codex(), Some("a = \n"), "/g", None).unwrap_err();
        assert!(err.message.starts_with("/r.toml:1:"), "{}", err.message);
    }
}
