//! An agent's second hook file (its row's `also_reads`: factory's `settings.json` beside
//! `hooks.json`). Droid 0.225.2 reads both, but per event: for an event both files list, only the
//! hook file's list runs (the end-to-end suite's `two_files_same_evt` records it). So hooks in the
//! second file under an event gitvow's file also lists never run: the user's own go silent once
//! gitvow is installed, and gitvow's own there are dead.

use super::entries::is_gitvow_command;
use crate::agents::AgentSpec;
use crate::edit::jsonc::{JsonDoc, key};
use crate::paths::Scope;
use serde_json::Value;
use std::path::PathBuf;

/// Hooks of the second file under one of the events the hook file lists.
pub struct Shadowed {
    pub path: PathBuf,
    /// Per event: the user's hooks there and gitvow's.
    pub events: Vec<(String, usize, usize)>,
}

impl Shadowed {
    pub fn users(&self) -> usize {
        self.events.iter().map(|e| e.1).sum()
    }

    pub fn gitvows(&self) -> usize {
        self.events.iter().map(|e| e.2).sum()
    }

    /// The events that hold hooks of the user's, for a message.
    pub fn user_events(&self) -> String {
        self.events.iter().filter(|e| e.1 > 0).map(|e| e.0.as_str()).collect::<Vec<_>>().join(", ")
    }
}

/// What the agent's second file holds under `events` (the events its hook file lists); `None` when
/// the agent has no second file, or it holds no hook under those events.
pub fn shadowed(scope: &Scope, agent: &AgentSpec, events: &[String]) -> Option<Shadowed> {
    let path = scope.root().join(agent.install.also_reads?);
    let bytes = crate::safefs::read_target(&path, scope, crate::safefs::Area::Config).ok()??;
    let doc = JsonDoc::parse(std::str::from_utf8(&bytes).ok()?, agent.install.strictness).ok()?;
    let counted: Vec<(String, usize, usize)> = doc
        .keys(&[key("hooks")])
        .into_iter()
        .filter(|event| events.contains(event))
        .filter_map(|event| {
            let groups = doc.get(&[key("hooks"), key(&event)])?;
            let commands: Vec<&str> = groups
                .as_array()?
                .iter()
                .flat_map(|g| g.get("hooks").and_then(Value::as_array).into_iter().flatten())
                .filter_map(|h| h.get("command").and_then(Value::as_str))
                .collect();
            let ours = commands.iter().filter(|c| is_gitvow_command(c)).count();
            Some((event, commands.len() - ours, ours))
        })
        .filter(|(_, users, ours)| users + ours > 0)
        .collect();
    (!counted.is_empty()).then_some(Shadowed { path, events: counted })
}
