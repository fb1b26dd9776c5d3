//! `gitvow install --system`: gitvow's entries in the agents' managed layers
//! ([`crate::agents::managed`]), which no user setting switches off, run by a command only root
//! can replace.

use crate::agents::managed;
use crate::agents::{self, AgentSpec};
use crate::edit::jsonc::{JsonDoc, JsonStep, key};
use crate::error::{Error, Result};
use crate::paths::{Scope, display};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// The managed-only key to switch on for `agent`, when `--managed-only` asked for it.
pub fn managed_only_key(agent: &AgentSpec, managed_only: bool) -> Option<&'static str> {
    managed::layer(agent.name).filter(|_| managed_only).and_then(|l| l.managed_only)
}

/// The settings the managed JSON file of `agent` at `path` gets besides gitvow's entries: what
/// keeps its hooks on over the user's own switch, and the managed-only key when `--managed-only`
/// asked. None for any other file of the agent (its user or repository file).
pub fn managed_values(agent: &AgentSpec, path: &Path, managed_only: bool) -> Vec<(&'static [&'static str], bool)> {
    let Some(layer) = managed::layer(agent.name).filter(|l| path.ends_with(l.file.trim_start_matches('/'))) else { return Vec::new() };
    let only = layer.managed_only.as_ref().filter(|_| managed_only).map(|k| (std::slice::from_ref(k), true));
    layer.hooks_on.into_iter().chain(only).collect()
}

/// `value` at the key `path` of a managed JSON file (as it is when already so): set in the
/// deepest object of the path that exists, the rest of the path written as nested objects.
pub fn set(doc: &mut JsonDoc, path: &[&str], value: bool) {
    let segs: Vec<JsonStep> = path.iter().map(|k| key(k)).collect();
    let want = serde_json::Value::Bool(value);
    if doc.get(&segs).as_ref() == Some(&want) {
        return;
    }
    let deepest = (0..path.len()).rev().find(|&k| matches!(doc.get(&segs[..k]), Some(serde_json::Value::Object(_)))).unwrap_or(0);
    let nested = path[deepest + 1..].iter().rev().fold(want, |v, k| serde_json::json!({ *k: v }));
    if doc.get(&segs[..=deepest]).is_some() {
        doc.replace_value(&segs[..=deepest], &nested);
    } else {
        doc.insert_property(&segs[..deepest], path[deepest], &nested);
    }
}

/// The one line `--managed-only` adds to the summary: what it turns off.
pub fn managed_only_line(agents: &[&'static AgentSpec]) -> Option<String> {
    let set: Vec<String> = agents.iter().filter_map(|a| managed_only_key(a, true).map(|k| format!("{} `{k}`", a.name))).collect();
    (!set.is_empty()).then(|| {
        format!(
            "--managed-only ({}): every user, project and plugin hook of these agents stops running, the user's own included; only the managed ones run",
            set.join(", ")
        )
    })
}

/// The system scope is root's: anyone else gets one line saying so before anything is read.
pub fn require_root(what: &str) -> Result<()> {
    if euid() == 0 {
        return Ok(());
    }
    Err(Error::usage(format!("gitvow {what} --system changes the machine's managed settings and needs root"))
        .hint(format!("run it as root: sudo gitvow {what} --system …; nothing was written")))
}

/// The agents of the system scope: those named (each must have a managed layer), or every agent
/// with one that is found on this machine.
pub fn select(named: &[String], scope: &Scope, install: bool) -> Result<Vec<&'static AgentSpec>> {
    let none = if install { super::NoneNamed::Found } else { super::NoneNamed::All };
    let candidates = if named.is_empty() && install {
        // `Found` looks in the home directory; root's says nothing of the machine: an agent is found
        // by its command on the PATH or its managed folder.
        let found: Vec<&'static AgentSpec> = agents::AGENTS
            .iter()
            .filter(|a| managed::layer(a.name).is_some())
            .filter(|a| {
                a.install.detect_commands.iter().any(|c| crate::paths::on_path(c)) || scope.agent_file(a).parent().is_some_and(Path::is_dir)
            })
            .collect();
        if found.is_empty() {
            return Err(Error::new("no agent with a managed layer found on this machine (none on the PATH, no managed folder)")
                .hint(format!("name the agents with --agent ({})", layer_names().join(", "))));
        }
        let names: Vec<&str> = found.iter().map(|a| a.name).collect();
        crate::output::line(&format!("Agents found: {}", names.join(", ")));
        return Ok(found);
    } else {
        super::select_agents(named, scope, none)?
    };
    if let Some(other) = candidates.iter().find(|a| managed::layer(a.name).is_none()).filter(|_| !named.is_empty()) {
        return Err(Error::usage(format!("{} has no managed layer gitvow knows of", other.name)).hint(format!(
            "--system takes {}; install {} per user or per repository",
            layer_names().join(", "),
            other.name
        )));
    }
    Ok(candidates.into_iter().filter(|a| managed::layer(a.name).is_some()).collect())
}

/// The effective user id.
fn euid() -> u32 {
    // SAFETY: geteuid cannot fail and touches no memory of ours.
    unsafe { libc::geteuid() }
}

fn layer_names() -> Vec<&'static str> {
    managed::LAYERS.iter().map(|l| l.agent).collect()
}

/// The command a managed entry runs must be a file only root can change: owned by root, written
/// by no group or other, in directories alike up to `/` (a sticky directory such as `/tmp` is
/// fine: no one else can rename root's entry in it). Checked for the path as given and for where
/// its links lead. `command` is the path, or a name looked up on the PATH.
pub fn check_command(command: &str) -> Result<PathBuf> {
    let given = if command.contains('/') {
        PathBuf::from(command)
    } else {
        crate::paths::find_on_path(command).ok_or_else(|| {
            Error::usage(format!("--command {command}: not on the PATH")).hint("pass the absolute path of gitvow; nothing was written")
        })?
    };
    if !given.is_absolute() {
        return Err(Error::usage(format!("--command {command}: a managed entry needs an absolute path"))
            .hint("pass the absolute path of a gitvow only root can write, e.g. /usr/local/bin/gitvow; nothing was written"));
    }
    let real = given.canonicalize().map_err(|e| Error::io("open", &given, &e))?;
    for path in [&given, &real] {
        if let Some(why) = replaceable(path) {
            return Err(Error::usage(format!(
                "--command {}: {why}, so a user could replace the gate every agent on this machine runs",
                display(&given)
            ))
            .hint("install gitvow where only root can write (e.g. install -o root -m 0755 gitvow /usr/local/bin/) and pass that path; nothing was written"));
        }
    }
    Ok(given)
}

/// Why someone other than root could replace `path` (itself, or any directory above it).
fn replaceable(path: &Path) -> Option<String> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if let Some(why) = not_roots(path, &meta, false) {
        return Some(why);
    }
    let mut dir = path.parent();
    while let Some(d) = dir {
        match std::fs::metadata(d) {
            Ok(m) => {
                if let Some(why) = not_roots(d, &m, true) {
                    return Some(why);
                }
            }
            Err(e) => return Some(format!("{} cannot be checked ({e})", display(d))),
        }
        dir = d.parent();
    }
    None
}

fn not_roots(path: &Path, meta: &std::fs::Metadata, is_dir: bool) -> Option<String> {
    let what = if is_dir { "its directory " } else { "" };
    if meta.file_type().is_symlink() {
        // A link's own mode means nothing; who can replace it is its directory's question.
        return None;
    }
    if meta.uid() != 0 {
        return Some(format!("{what}{} belongs to uid {}, not root", display(path), meta.uid()));
    }
    let sticky = is_dir && meta.mode() & 0o1000 != 0;
    if meta.mode() & 0o022 != 0 && !sticky {
        return Some(format!("{what}{} is writable by its group or by others (mode {:o})", display(path), meta.mode() & 0o7777));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_managed_value_is_set_where_its_path_leads_and_left_when_already_so() {
        let parse = |t: &str| JsonDoc::parse(t, crate::agents::Strictness::Comments).unwrap();
        for text in ["{}", "{\"hooksConfig\": {\"disabled\": []}}", "{\"hooksConfig\": {\"enabled\": false}}", "{\"hooksConfig\": \"x\"}"] {
            let mut doc = parse(text);
            set(&mut doc, &["hooksConfig", "enabled"], true);
            let after: serde_json::Value = serde_json::from_str(&doc.into_text()).unwrap();
            assert_eq!(after["hooksConfig"]["enabled"], serde_json::Value::Bool(true), "{text}");
            assert_eq!(after.as_object().unwrap().len(), 1, "no second hooksConfig: {text}");
        }
        let text = "{\n  \"disableAllHooks\": false\n}\n";
        let mut doc = parse(text);
        set(&mut doc, &["disableAllHooks"], false);
        assert_eq!(doc.into_text(), text, "already so: not a byte changes");
    }

    #[test]
    fn a_command_others_can_write_or_whose_directory_they_can_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("gitvow");
        std::fs::write(&bin, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        if euid() != 0 {
            return; // Files a non-root test creates are not root's: every path is refused.
        }
        assert!(replaceable(&bin).is_none(), "{:?}", replaceable(&bin));
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o757)).unwrap();
        assert!(replaceable(&bin).unwrap().contains("writable"));
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o775)).unwrap();
        assert!(replaceable(&bin).unwrap().starts_with("its directory"));
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        std::os::unix::fs::chown(&bin, Some(65534), None).unwrap();
        assert!(replaceable(&bin).unwrap().contains("uid 65534"));
    }
}
