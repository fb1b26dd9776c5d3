//! One agent's file in one scope, read and parsed once with the agent's own strictness: what install
//! finds already installed, and what every check of doctor works from.

use super::entries::{self, FoundHook};
use super::record::InstallRecord;
use crate::agents::{AgentSpec, FileLayout};
use crate::edit::jsonc::{JsonDoc, line_col};
use crate::edit::text::SharedText;
use crate::edit::{plugin, script};
use crate::paths::{Scope, display};
use std::path::{Path, PathBuf};

/// What a look at one thing found: all is well (what was seen), or what is wrong and the fix.
/// Doctor prints it as a check; install reports the wrong ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    Fine(String),
    Wrong { detail: String, fix: String },
}

impl Finding {
    pub fn fine(detail: impl Into<String>) -> Finding {
        Finding::Fine(detail.into())
    }

    pub fn wrong(detail: impl Into<String>, fix: impl Into<String>) -> Finding {
        Finding::Wrong { detail: detail.into(), fix: fix.into() }
    }
}

pub struct Inspected {
    pub agent: &'static AgentSpec,
    pub path: PathBuf,
    /// Shared with the plan's document when the run just edited the file: it may be megabytes.
    pub text: Option<SharedText>,
    /// Whether the install record of the scope lists this file.
    pub recorded: bool,
    /// The file itself: missing, unreadable, unparsable or misshapen is wrong.
    pub file: Finding,
    pub doc: Option<JsonDoc>,
    /// gitvow's hooks where the agent reads them.
    pub found: Vec<FoundHook>,
    /// factory only: gitvow's hooks under a top-level `hooks` key, which Droid never reads.
    pub wrapped: Vec<FoundHook>,
    /// The gitvow command the entries run (the part before ` hook`): the one most entries share.
    pub command: Option<String>,
}

impl Inspected {
    pub fn read(scope: &Scope, agent: &'static AgentSpec) -> Inspected {
        // One file per event: the one that gates stands for them (the entries check reads the rest).
        let path = match agent.install.layout {
            FileLayout::Scripts { .. } => scope.agent_file(agent).join(agent.doctor.probe_event),
            _ => scope.agent_file(agent),
        };
        let mut out = Inspected::empty(scope, agent, path);
        let text = match read_text(scope, &out.path) {
            Ok(text) => text,
            Err(wrong) => {
                out.file = wrong;
                return out;
            }
        };
        match agent.install.layout {
            FileLayout::Plugin | FileLayout::Scripts { .. } => out.read_whole(text),
            FileLayout::Yaml => out.read_yaml(text),
            _ => out.read_json(scope, text),
        }
        out
    }

    /// A JSON file as this run planned it: `doc`, the document it edited, holding the text (read
    /// as [`read`](Self::read) would read what the run wrote, without tokenising it again).
    pub fn edited(scope: &Scope, agent: &'static AgentSpec, path: PathBuf, doc: JsonDoc) -> Inspected {
        let mut out = Inspected::empty(scope, agent, path);
        out.text = Some(doc.shared_text());
        out.take_doc(doc, agent.install.strictness.describe());
        out
    }

    /// What is known of the file at `path` before it is read.
    fn empty(scope: &Scope, agent: &'static AgentSpec, path: PathBuf) -> Inspected {
        let recorded = InstallRecord::load(scope).is_ok_and(|r| r.files.contains_key(&path));
        Inspected {
            agent,
            path,
            text: None,
            recorded,
            file: Finding::fine(""),
            doc: None,
            found: Vec::new(),
            wrapped: Vec::new(),
            command: None,
        }
    }

    /// A file gitvow writes whole: its marker, and the gitvow command it runs.
    fn read_whole(&mut self, text: String) {
        let (agent, path) = (self.agent, &self.path);
        let (command, marked, words) = match agent.install.layout {
            FileLayout::Scripts { .. } => (
                script::script_command(&text).and_then(|c| command_prefix(agent, agent.doctor.probe_event, c)),
                script::is_gitvow_script(&text),
                &SCRIPT_WORDS,
            ),
            _ => (plugin::plugin_command(&text), plugin::is_gitvow_plugin(&text), &PLUGIN_WORDS),
        };
        self.file = match &command {
            Some(_) => Finding::fine(format!("{} is the {} gitvow generated", display(path), words.what)),
            None if marked => Finding::wrong(
                format!("{}: {} is missing or unreadable", display(path), words.command_line),
                format!("install it again to regenerate the {}", words.what),
            ),
            None => Finding::wrong(format!("{}:{}", display(path), words.foreign), words.foreign_fix),
        };
        self.command = command;
        self.text = Some(text.into());
    }

    /// hermes's YAML file: gitvow's hooks in it, as hermes reads them.
    fn read_yaml(&mut self, text: String) {
        match super::yaml_hooks::read(self.agent, &self.path, &text) {
            Ok((found, command)) => {
                self.file = Finding::fine(format!("{} is YAML {} loads", display(&self.path), self.agent.name));
                self.found = found;
                self.command = command;
            }
            Err((detail, fix)) => self.file = Finding::wrong(detail, fix),
        }
        self.text = Some(text.into());
    }

    /// A JSON file of the agent's strictness (codex's managed TOML read as that JSON): parsed, its
    /// shape checked, gitvow's entries found.
    fn read_json(&mut self, scope: &Scope, text: String) {
        let (agent, path) = (self.agent, &self.path);
        // codex's managed file is TOML: its `hooks` are read as the JSON its user file would be.
        let managed_toml = scope.is_system()
            && crate::agents::managed::layer(agent.name).is_some_and(|l| l.form == crate::agents::managed::ManagedForm::CodexRequirements);
        let text = match managed_toml.then(|| super::managed_toml::as_json(path, &text)) {
            None => text,
            Some(Ok(json)) => json,
            Some(Err(e)) => {
                self.file = Finding::wrong(e.message, e.hint.unwrap_or_default());
                self.text = Some(text.into());
                return;
            }
        };
        let located = |offset: usize, what: &str| {
            let (l, c) = line_col(&text, offset);
            format!("{}:{l}:{c}: {what}", display(path))
        };
        // What the agent parses: TOML for codex's managed file, JSON of some strictness otherwise.
        let format = if managed_toml { "TOML, hooks as `[[hooks.<Event>]]` tables" } else { agent.install.strictness.describe() };
        let fix = format!("fix the file by hand so that {} accepts it ({format})", agent.name);
        match JsonDoc::parse(&text, agent.install.strictness) {
            Err(e) => self.file = Finding::wrong(located(e.offset, &format!("{}; {}", e.message, agent.would_drop(e.construct))), fix),
            Ok(doc) => match entries::check_shape(&doc, agent) {
                Err(e) => self.file = Finding::wrong(located(doc.text_offset(e.offset), &format!("expected {}", e.expected)), fix),
                Ok(()) => self.take_doc(doc, format),
            },
        }
        self.text = Some(text.into());
    }

    /// A JSON document of the right shape: gitvow's entries in it. `format`: what the agent parses.
    fn take_doc(&mut self, doc: JsonDoc, format: &str) {
        let agent = self.agent;
        self.file = Finding::fine(format!("{} parses as {} reads it ({format})", display(&self.path), agent.name));
        self.found = entries::find_entries(&doc, agent, false);
        if agent.install.layout == FileLayout::TopLevelGroups && doc.get(&[crate::edit::jsonc::key("hooks")]).is_some_and(|v| v.is_object())
        {
            self.wrapped = entries::find_entries(&doc, agent, true);
        }
        self.command = reference_command(agent, &self.found);
        self.doc = Some(doc);
    }

    /// Whether gitvow is installed for this agent in this scope: the install record lists the file,
    /// or the file holds gitvow's hooks.
    pub fn installed_here(&self) -> bool {
        self.recorded
            || !self.found.is_empty()
            || !self.wrapped.is_empty()
            || (matches!(self.agent.install.layout, FileLayout::Plugin | FileLayout::Scripts { .. }) && self.command.is_some())
    }

    /// `path:line:column` of a found hook.
    pub fn place(&self, found: &FoundHook) -> String {
        let (Some(doc), Some(text)) = (&self.doc, &self.text) else { return display(&self.path) };
        let (l, c) = line_col(text, doc.offset_of(&found.path).unwrap_or(0));
        format!("{}:{l}:{c}", display(&self.path))
    }
}

/// The file's text, read by the installer's rules: a FIFO or a link out of a repository is named,
/// not opened. A missing, unreadable or non-UTF-8 file is what is wrong with it.
fn read_text(scope: &Scope, path: &Path) -> Result<String, Finding> {
    let bytes = match crate::safefs::read_target(path, scope, crate::safefs::Area::Config) {
        Ok(Some(b)) => b,
        Ok(None) => {
            let why = format!("cannot read {}: no such file or directory", display(path));
            return Err(Finding::wrong(why, "install the hooks again (see the entries line)"));
        }
        Err(e) => return Err(Finding::wrong(e.message, e.hint.unwrap_or_else(|| "replace it with a regular file".into()))),
    };
    String::from_utf8(bytes).map_err(|e| {
        let (l, c) = crate::edit::jsonc::utf8_error_place(e.as_bytes(), &e.utf8_error());
        Finding::wrong(format!("{}:{l}:{c}: the file is not UTF-8 text", display(path)), "fix the file by hand")
    })
}

/// How doctor speaks of a file gitvow writes whole.
struct WholeWords {
    what: &'static str,
    command_line: &'static str,
    /// `line:column: why`, for a file at the path that is not gitvow's.
    foreign: &'static str,
    foreign_fix: &'static str,
}

const PLUGIN_WORDS: WholeWords = WholeWords {
    what: "plugin",
    command_line: "the plugin's `const GITVOW = …;` line",
    foreign: "1:1: this is not a plugin gitvow wrote (no gitvow marker on the first line)",
    foreign_fix: "move the file away, then install again",
};

const SCRIPT_WORDS: WholeWords = WholeWords {
    what: "hook file",
    command_line: "the line that runs gitvow",
    foreign: "2:1: this hook is not one gitvow wrote (no gitvow marker on the second line)",
    foreign_fix: "move it to another hook folder of the agent, then install again",
};

/// The gitvow command part of an installed hook command (`<gitvow> hook [--agent a] <event>`).
fn command_prefix(agent: &AgentSpec, event: &str, command: &str) -> Option<String> {
    let suffix = agent.hook_command("", event);
    super::fail_closed::unwrapped(command).strip_suffix(suffix.as_str()).filter(|p| !p.is_empty()).map(str::to_string)
}

/// The command most of the installed events' entries run; a stale entry is one that differs.
fn reference_command(agent: &AgentSpec, found: &[FoundHook]) -> Option<String> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for f in found.iter().filter(|f| agent.install.events.iter().any(|e| e.name == f.event)) {
        let Some(prefix) = f.command().and_then(|c| command_prefix(agent, &f.event, c)) else { continue };
        match counts.iter_mut().find(|(p, _)| *p == prefix) {
            Some((_, n)) => *n += 1,
            None => counts.push((prefix, 1)),
        }
    }
    // The first of the most common wins a tie: document order is stable.
    let best = counts.iter().map(|(_, n)| *n).max()?;
    counts.into_iter().find(|(_, n)| *n == best).map(|(p, _)| p)
}
