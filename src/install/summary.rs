//! The short form of a plan: one line per file ahead of the diffs, and the line that stands in for
//! the text of a file gitvow writes whole (the default policy, the copilot file, the OpenCode
//! plugin), whose full text `--verbose` shows.

use super::plan::{FileChange, FileKind, Plan};
use crate::agents::{AgentSpec, FileLayout};
use crate::paths::{Scope, display};
use std::io::{self, Write};
use std::path::Path;

/// The plan as one JSON document (`--json`): per file the change, the SHA-256 of its bytes before
/// and after (`null`: absent) and what the change does; whether it was applied.
pub fn json(plan: &Plan, scope: &Scope, agents: &[&'static AgentSpec], action: &str, applied: bool) -> serde_json::Value {
    let digest = |b: &Option<crate::safefs::Bytes>| b.as_ref().map(|b| crate::digest::sha256_hex(b.as_slice()));
    let files: Vec<serde_json::Value> = plan
        .changes
        .iter()
        .map(|c| {
            let change = match (&c.before, &c.after) {
                (None, _) => "create",
                (_, None) => "delete",
                _ => "update",
            };
            let mut file = serde_json::json!({
                "path": c.path,
                "shown_as": display(&c.path),
                "change": change,
                "sha256_before": digest(&c.before),
                "sha256_after": digest(&c.after),
                "what": describe(c, kind_of(&c.path, scope, agents)),
            });
            // For tools that render the managed files themselves (MDM profiles): the whole text.
            if scope.is_system() {
                file["text_after"] = c.after.as_ref().map(|b| String::from_utf8_lossy(b).into_owned()).into();
            }
            file
        })
        .collect();
    serde_json::json!({
        "action": action,
        "scope": scope.root(),
        "applied": applied,
        "files": files,
        "unchanged_agents": plan.unchanged_agents,
    })
}

/// Writes the whole preview: the summary, then a diff per file (but one line for a file written
/// whole).
pub fn render(
    out: &mut dyn Write,
    plan: &Plan,
    scope: &Scope,
    agents: &[&'static AgentSpec],
    verbose: bool,
    color: bool,
) -> io::Result<()> {
    if plan.changes.is_empty() {
        return Ok(());
    }
    let kinds: Vec<(&FileChange, FileKind)> = plan.changes.iter().map(|c| (c, kind_of(&c.path, scope, agents))).collect();
    writeln!(out, "Changes:")?;
    for (change, kind) in &kinds {
        writeln!(out, "  {}: {}{}{}", display(&change.path), describe(change, *kind), read_only(change), run_by(*kind, scope))?;
    }
    writeln!(out)?;
    for (change, kind) in &kinds {
        if !is_whole(change, *kind) || verbose {
            super::preview::diff(out, change, color)?;
        }
    }
    Ok(())
}

/// The agents that run a hook file's entries, when another agent runs them too (Copilot runs a
/// repository's `.claude/settings.json`): ` (run by claude and copilot)`.
fn run_by(kind: FileKind, scope: &Scope) -> String {
    let FileKind::Hooks(agent) = kind else { return String::new() };
    let loaders = crate::agents::also_loads::runners_of(agent.name, scope);
    if loaders.is_empty() {
        return String::new();
    }
    format!(" (run by {} and {})", agent.name, loaders.join(" and "))
}

/// A word on a file the person made read-only: gitvow writes it all the same (it replaces the file,
/// keeping its mode), which they should not learn from the agent's behaviour.
fn read_only(change: &FileChange) -> String {
    use std::os::unix::fs::PermissionsExt;
    match std::fs::metadata(&change.path) {
        Ok(m) if change.before.is_some() && change.after.is_some() && m.permissions().mode() & 0o222 == 0 => {
            format!(" (the file is read-only, {:04o}: written all the same, its mode kept)", m.permissions().mode() & 0o7777)
        }
        _ => String::new(),
    }
}

/// The lines that say what the run did to switches the user had set (codex's `[features] hooks`),
/// for the report after it applied: the change itself was in the summary before.
pub fn switch_notes(plan: &Plan, scope: &Scope, agent: &'static AgentSpec) -> Vec<String> {
    super::plan::files_of(scope, agent)
        .into_iter()
        .filter(|(_, kind)| matches!(kind, FileKind::CodexSwitch))
        .filter_map(|(path, kind)| plan.changes.iter().find(|c| c.path == path).map(|c| (c, kind)))
        .map(|(c, kind)| format!("{}: {}", display(&c.path), describe(c, kind)))
        .collect()
}

/// What gitvow makes of the file at `path` in this run.
pub fn kind_of(path: &Path, scope: &Scope, agents: &[&'static AgentSpec]) -> FileKind {
    agents.iter().flat_map(|a| super::plan::files_of(scope, a)).find(|(p, _)| p == path).map_or(FileKind::Policy, |(_, k)| k)
}

/// Whether the change creates or deletes a file that is gitvow's own whole: its summary line
/// stands for its text.
fn is_whole(change: &FileChange, kind: FileKind) -> bool {
    let own = match kind {
        FileKind::Policy => true,
        FileKind::Hooks(agent) => is_owned(agent),
        FileKind::CodexSwitch | FileKind::ManagedToml(_) => false,
    };
    own && (change.before.is_none() || change.after.is_none())
}

fn lossy(bytes: &Option<crate::safefs::Bytes>) -> std::borrow::Cow<'_, str> {
    bytes.as_deref().map(|v| String::from_utf8_lossy(v)).unwrap_or_default()
}

/// What a change does, in a few words: `+5 hooks`, `hooks false -> true`, `new file, 182 lines`.
pub fn describe(change: &FileChange, kind: FileKind) -> String {
    // Borrowed, not copied, and made text only where a branch reads it: the files may be megabytes.
    let (before, after) = (|| lossy(&change.before), || lossy(&change.after));
    // Counted only for a new file of gitvow's own (small), not for an agent's settings.
    let lines = || after().lines().count();
    match (kind, &change.before, &change.after) {
        (FileKind::Policy, None, _) => {
            format!("new file, the default policy ({} lines; --verbose shows it here; `gitvow policy` lists the layers in force)", lines())
        }
        (FileKind::Policy, Some(b), None) if b.as_slice() == crate::gate::policy::DEFAULT_POLICY.as_bytes() => {
            "removed (it was the default policy)".to_string()
        }
        (FileKind::Policy, Some(_), None) => "removed, with your edits (--force)".to_string(),
        (FileKind::Hooks(a), None, _) if is_owned(a) => format!("new file, gitvow's own ({} lines; --verbose shows it)", lines()),
        (FileKind::Hooks(a), Some(_), None) if is_owned(a) => "removed (gitvow's own file)".to_string(),
        (FileKind::Hooks(a), Some(_), Some(_)) if is_owned(a) => "gitvow's own file rewritten".to_string(),
        (FileKind::CodexSwitch, ..) => {
            let was = toml_hooks(&before());
            let why = if was == "false" { " (false keeps every codex hook off, gitvow's included)" } else { "" };
            format!("[features] hooks {was} -> {}{why}", toml_hooks(&after()))
        }
        (kind, before_bytes, after_bytes) => {
            // What the diff below shows, entry by entry (a change to other bytes alone: none): as
            // the plan counted them while editing, or else in the bytes.
            use super::entry_count::{Format, count};
            let counts = match (kind, change.edited.as_ref().map(|e| e.counts)) {
                (FileKind::Hooks(agent), Some(counts)) => {
                    // Every test that previews an edit checks the plan's counts against the bytes'.
                    debug_assert_eq!(counts, count(agent, Format::Json, &before(), &after()), "{}", display(&change.path));
                    counts
                }
                (_, Some(counts)) => counts,
                (FileKind::Hooks(agent), _) if agent.install.layout == FileLayout::Yaml => count(agent, Format::Yaml, &before(), &after()),
                (FileKind::Hooks(agent), _) => count(agent, Format::Json, &before(), &after()),
                (FileKind::ManagedToml(agent), _) => count(agent, Format::Toml, &before(), &after()),
                (FileKind::Policy | FileKind::CodexSwitch, _) => Default::default(),
            };
            let entries = counts.text().unwrap_or_else(|| "no hook changed".to_string());
            match (before_bytes, after_bytes) {
                (None, _) => format!("{entries} (new file)"),
                (_, None) => format!("{entries} (file removed: install had created it)"),
                _ => entries,
            }
        }
    }
}

fn is_owned(agent: &AgentSpec) -> bool {
    matches!(agent.install.layout, FileLayout::OwnedFlat | FileLayout::Plugin | FileLayout::Scripts { .. })
}

/// The value of codex's `[features] hooks` switch in a `config.toml` text, as written there.
fn toml_hooks(text: &str) -> String {
    let doc = text.parse::<toml_edit::DocumentMut>().ok();
    let value = doc.as_ref().and_then(|d| d.get("features")).and_then(|f| f.get("hooks").or_else(|| f.get("codex_hooks")));
    value.and_then(|v| v.as_value()).map_or("unset".to_string(), |v| {
        let mut bare = v.clone();
        bare.decor_mut().clear();
        bare.to_string()
    })
}
