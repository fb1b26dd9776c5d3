//! The plan: for each file, its bytes now and the bytes wanted, computed without any side effect.
//! `--dry-run`, `--check`, the preview and the tests read it; only `apply` writes.

use super::entries::{self, Created};
use super::entry_count::{EntryCounts, json_entries, tally};
use super::record::{FileRecord, InstallRecord, Original, digest};
use crate::agents::{AgentSpec, FileLayout};
use crate::edit::jsonc::{JsonDoc, line_col};
use crate::edit::text::SharedText;
use crate::edit::{plugin, script, toml};
use crate::error::{Error, Result};
use crate::paths::{Scope, display};
use crate::safefs::Bytes;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub enum Operation {
    /// `fail_closed`: for each agent with a fail-closed field, whether its entries carry it.
    Install {
        command: String,
        fail_closed: Vec<(&'static str, super::fail_closed::FailClosedChoice)>,
        /// `--system --managed-only`: each agent's "managed hooks only" setting is switched on too.
        managed_only: bool,
        /// `--sandbox`: each agent's own sandbox is switched on too, with these lists.
        sandbox: Option<super::sandbox::Lists>,
    },
    Uninstall {
        purge_policy: bool,
    },
}

/// What a file is to gitvow.
#[derive(Clone, Copy, Debug)]
pub enum FileKind {
    /// The agent's hook file (JSON, or the generated plugin).
    Hooks(&'static AgentSpec),
    /// codex's `config.toml`, for the `[features] hooks` switch.
    CodexSwitch,
    /// codex's managed `requirements.toml` (`install --system`).
    ManagedToml(&'static AgentSpec),
    /// The policy file install writes when absent.
    Policy,
}

/// What to do with a file's entry in the install record once the change is applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordUpdate {
    Set(FileRecord),
    Remove,
}

/// One file the run changes.
#[derive(Clone, Debug)]
pub struct FileChange {
    pub path: PathBuf,
    /// `None`: the file does not exist.
    pub before: Option<Bytes>,
    /// `None`: the file is deleted.
    pub after: Option<Bytes>,
    pub record: RecordUpdate,
    /// What the plan learnt editing a JSON file (`None`: a file restored or written whole, whose
    /// summary is read from its bytes).
    pub edited: Option<Edited>,
}

/// What the JSON editor learnt planning a change, for the summary and the report: nothing there
/// tokenises the file again.
#[derive(Clone, Debug)]
pub struct Edited {
    /// How many of gitvow's entries the change adds, changes and removes.
    pub counts: EntryCounts,
    /// The document after the edits, holding the change's `after` bytes (not a copy) and their
    /// index; `None` when the file is deleted.
    pub doc: Option<JsonDoc>,
}

/// Every file one run changes, and the agents it found already in the wanted state.
#[derive(Debug, Default)]
pub struct Plan {
    pub changes: Vec<FileChange>,
    pub unchanged_agents: Vec<&'static str>,
    /// Files whose record entry is stale (they hold their original bytes: a run was killed before
    /// writing them): planned as if unrecorded, and dropped from the record.
    pub stale_records: Vec<PathBuf>,
}

impl Plan {
    /// Empties the bytes of the changes to `paths` (whether each file existed before and after is
    /// kept): for a run that is done with them.
    pub fn forget_bytes_of(&mut self, paths: &[PathBuf]) {
        for c in self.changes.iter_mut().filter(|c| paths.contains(&c.path)) {
            c.before = c.before.as_ref().map(|_| Bytes::default());
            c.after = c.after.as_ref().map(|_| Bytes::default());
            // The original read this run shares those bytes; its side file holds them by now.
            if let RecordUpdate::Set(r) = &mut c.record
                && let Original::Read { sha256, .. } = &r.original
            {
                r.original = Original::Saved { sha256: sha256.clone() };
            }
        }
    }
}

/// The files an agent involves in a scope.
pub fn files_of(scope: &Scope, agent: &'static AgentSpec) -> Vec<(PathBuf, FileKind)> {
    if scope.is_system() {
        return system_files_of(scope, agent);
    }
    let mut files = match agent.install.layout {
        // One file per event, in the hook folder.
        FileLayout::Scripts { .. } => {
            agent.install.events.iter().map(|e| (scope.agent_file(agent).join(e.name), FileKind::Hooks(agent))).collect()
        }
        _ => vec![(scope.agent_file(agent), FileKind::Hooks(agent))],
    };
    // A user install switches on what keeps every hook of the agent off in its own settings.
    for switch in agent.install.off_switches {
        if let crate::agents::OffSwitch::TomlFeature(file) = switch
            && scope.is_user()
        {
            files.push((scope.root().join(file), FileKind::CodexSwitch));
        }
    }
    files
}

/// The managed file of `agent` in the system scope, and how it is edited.
fn system_files_of(scope: &Scope, agent: &'static AgentSpec) -> Vec<(PathBuf, FileKind)> {
    let Some(layer) = crate::agents::managed::layer(agent.name) else { return Vec::new() };
    let kind = match layer.form {
        crate::agents::managed::ManagedForm::LikeUserFile => FileKind::Hooks(agent),
        crate::agents::managed::ManagedForm::CodexRequirements => FileKind::ManagedToml(agent),
    };
    vec![(scope.under_root(layer.file), kind)]
}

/// Reads the side file of an original by its digest (`None`: it is missing).
pub type LoadOriginal<'a> = &'a dyn Fn(&str) -> Result<Option<Vec<u8>>>;

/// Computes the plan. `read` gives a file's current bytes (`None`: absent); `load` the side files
/// of the record's originals.
pub fn plan(
    scope: &Scope,
    agents: &[&'static AgentSpec],
    action: &Operation,
    record: &InstallRecord,
    read: &dyn Fn(&Path) -> Result<Option<Vec<u8>>>,
    load: LoadOriginal<'_>,
) -> Result<Plan> {
    let mut out = Plan::default();
    // Every file's refusal is reported in one run, not one per run.
    let mut refused = Vec::new();
    for &agent in agents {
        if agent.install.repo_file.is_empty() && !scope.is_user() {
            if matches!(action, Operation::Install { .. }) {
                return Err(no_repo_file(agent));
            }
            out.unchanged_agents.push(agent.name);
            continue;
        }
        let mut changed = false;
        for (path, kind) in files_of(scope, agent) {
            match plan_one(&mut out, (&path, kind, agent), action, record, read, load) {
                Ok(true) => changed = true,
                Ok(false) => {}
                Err(e) => refused.push(e),
            }
        }
        if !changed {
            out.unchanged_agents.push(agent.name);
        }
    }
    if !refused.is_empty() {
        return Err(crate::error::Error::several(refused));
    }
    let policy = scope.policy_path();
    let policy_before = read(&policy)?;
    if let Some(change) = plan_file(&policy, FileKind::Policy, policy_before, action, None, load)? {
        out.changes.push(change);
    }
    Ok(out)
}

/// Plans one file of `agent` into `out`; true when it changes.
fn plan_one(
    out: &mut Plan,
    (path, kind, agent): (&Path, FileKind, &'static AgentSpec),
    action: &Operation,
    record: &InstallRecord,
    read: &dyn Fn(&Path) -> Result<Option<Vec<u8>>>,
    load: LoadOriginal<'_>,
) -> Result<bool> {
    let before = read(path)?;
    let recorded = match record.files.get(path) {
        Some(r) if r.is_stale(before.as_deref()) => {
            out.stale_records.push(path.to_path_buf());
            None
        }
        other => other,
    };
    if matches!(action, Operation::Install { .. }) && own_script(path, agent, before.as_deref(), read)? {
        return Ok(false);
    }
    let Some(change) = plan_file(path, kind, before, action, recorded, load)? else { return Ok(false) };
    out.changes.push(change);
    Ok(true)
}

/// For an agent that reads no hooks from a repository (hermes).
fn no_repo_file(agent: &AgentSpec) -> Error {
    Error::usage(format!(
        "{} reads hooks only from its user configuration ({}), never from a repository",
        agent.name, agent.install.user_file
    ))
    .hint(format!("install it with `gitvow install --user --agent {}`; nothing was written", agent.name))
}

/// The change one file needs, or `None` when it is already as wanted.
pub fn plan_file(
    path: &Path,
    kind: FileKind,
    before: Option<Vec<u8>>,
    action: &Operation,
    record: Option<&FileRecord>,
    load: LoadOriginal<'_>,
) -> Result<Option<FileChange>> {
    let before = before.map(Bytes::new);
    let text = match &before {
        Some(bytes) => Some(utf8(path, bytes)?),
        None => None,
    };
    // Set by the JSON editor.
    let mut edited = None;
    let owned = |text: String| Bytes::new(text.into_bytes());
    let (after, update) = match (kind, action) {
        (FileKind::Policy, Operation::Install { .. }) => match text {
            Some(_) => return Ok(None),
            None => (Some(owned(crate::gate::policy::DEFAULT_POLICY.to_string())), RecordUpdate::Remove),
        },
        (FileKind::Policy, Operation::Uninstall { purge_policy }) => {
            if !purge_policy || text.is_none() {
                return Ok(None);
            }
            (None, RecordUpdate::Remove)
        }
        (FileKind::CodexSwitch, Operation::Install { sandbox, .. }) => {
            let (mut after, mut change) = toml::enable_hooks(path, text)?;
            if sandbox.is_some() {
                after = toml::enable_sandbox(path, after, &mut change)?;
            }
            if change.is_empty() {
                return Ok(None);
            }
            // What earlier runs changed is undone too (after this run's, which come later).
            let change = match record.and_then(|r| r.toml.clone()) {
                Some(mut first) => {
                    first.edits.extend(change.edits);
                    first
                }
                None => change,
            };
            let file_record = toml_record(record, before.as_ref(), false, &after, Some(change));
            (Some(owned(after)), RecordUpdate::Set(file_record))
        }
        (FileKind::CodexSwitch, Operation::Uninstall { .. }) => {
            let (Some(current), Some(change)) = (text, record.and_then(|r| r.toml.as_ref())) else {
                return Ok(None);
            };
            match restored_original(record, before.as_deref().map(Vec::as_slice), load)? {
                Some(original) => (original.map(owned), RecordUpdate::Remove),
                None => (toml::restore(path, current, change)?.map(owned), RecordUpdate::Remove),
            }
        }
        (FileKind::ManagedToml(agent), Operation::Install { command, managed_only, .. }) => {
            let only = super::system::managed_only_key(agent, *managed_only);
            let after = super::managed_toml::install(path, agent, text, command, only)?;
            let had = text.is_some_and(super::managed_toml::has_gitvow_block);
            let file_record = toml_record(record, before.as_ref(), had, &after, None);
            (Some(owned(after)), RecordUpdate::Set(file_record))
        }
        (FileKind::ManagedToml(_), Operation::Uninstall { .. }) => {
            let Some(current) = text else { return Ok(None) };
            match restored_original(record, before.as_deref().map(Vec::as_slice), load)? {
                Some(original) => (original.map(owned), RecordUpdate::Remove),
                None if !super::managed_toml::has_gitvow_block(current) => return Ok(None),
                None => {
                    let rest = super::managed_toml::remove(current);
                    let created = record.is_some_and(|r| r.original == Original::Absent);
                    ((!(created && rest.trim().is_empty())).then(|| owned(rest)), RecordUpdate::Remove)
                }
            }
        }
        (FileKind::Hooks(agent), Operation::Install { command, fail_closed, managed_only, sandbox }) => install_hooks(
            &mut edited,
            path,
            agent,
            (text, before.as_ref()),
            &Wanted {
                command,
                fail_closed: fail_closed.contains(&(agent.name, super::fail_closed::FailClosedChoice::Write)),
                managed: &super::system::managed_values(agent, path, *managed_only),
                sandbox: sandbox
                    .as_ref()
                    .filter(|_| matches!(agent.install.sandbox, Some(crate::agents::OwnSandbox::SettingsBlock { .. }))),
            },
            record,
        )?,
        (FileKind::Hooks(agent), Operation::Uninstall { .. }) => {
            match uninstall_hooks(&mut edited, path, agent, text, before.as_ref(), record, load)? {
                Some(after) => (after, RecordUpdate::Remove),
                None => return Ok(None),
            }
        }
    };
    if after == before {
        return Ok(None);
    }
    Ok(Some(FileChange { path: path.to_path_buf(), before, after, record: update, edited }))
}

/// The record of a TOML file written as `after` (`toml`: the switches it changed).
fn toml_record(
    record: Option<&FileRecord>,
    before: Option<&Bytes>,
    had_entries: bool,
    after: &str,
    toml: Option<toml::TomlChange>,
) -> FileRecord {
    FileRecord {
        original: original_before(record, before, had_entries),
        written: digest(after.as_bytes()),
        also_written: Vec::new(),
        created: Created::default(),
        toml,
        dirs: record.map(|r| r.dirs.clone()).unwrap_or_default(),
        adapter: None,
    }
}

/// For an agent that runs one file per event: whether the person has a hook of their own for the
/// event of `path` (at that name, or named after the event with another extension), which gitvow
/// neither replaces nor doubles. For the event that gates, that is an error that says how to keep
/// both; for the others gitvow leaves the event to the person's hook (`true`).
pub fn own_script(
    path: &Path,
    agent: &'static AgentSpec,
    at_path: Option<&[u8]>,
    read: &dyn Fn(&Path) -> Result<Option<Vec<u8>>>,
) -> Result<bool> {
    let FileLayout::Scripts { extensions, .. } = agent.install.layout else { return Ok(false) };
    let foreign = |bytes: &[u8]| !std::str::from_utf8(bytes).is_ok_and(script::is_gitvow_script);
    let mut own = at_path.filter(|b| foreign(b)).map(|_| path.to_path_buf());
    for ext in extensions.iter() {
        if own.is_some() {
            break;
        }
        let other = path.with_extension(ext);
        if read(&other)?.is_some_and(|b| foreign(&b)) {
            own = Some(other);
        }
    }
    let Some(own) = own else { return Ok(false) };
    if agent.handler_for(script_event(agent, path)) == Some(crate::agents::Handler::PreToolUse) {
        return Err(own_script_error(&own, agent));
    }
    Ok(true)
}

/// The event of a hook file: its name.
fn script_event(agent: &'static AgentSpec, path: &Path) -> &'static str {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    agent.install.events.iter().map(|e| e.name).find(|e| *e == name).unwrap_or_default()
}

fn own_script_error(path: &Path, agent: &AgentSpec) -> Error {
    let FileLayout::Scripts { other_user_dir, other_repo_dir, .. } = agent.install.layout else {
        unreachable!("only hook folders hold scripts")
    };
    let event = path.file_stem().and_then(|n| n.to_str()).unwrap_or_default();
    Error::new(format!("{}: this {event} hook is your own, and gitvow does not replace it", display(path))).hint(format!(
        "{} runs the {event} hooks of every hook folder and stops the call when any of them answers cancel: to keep yours beside gitvow's, move it to ~/{other_user_dir}/ (or {other_repo_dir}/ in a repository), then install again; nothing was written",
        agent.name
    ))
}

fn utf8<'a>(path: &Path, bytes: &'a [u8]) -> Result<&'a str> {
    std::str::from_utf8(bytes).map_err(|e| {
        let (line, col) = crate::edit::jsonc::utf8_error_place(bytes, &e);
        Error::new(format!("{}:{line}:{col}: the file is not UTF-8 text", display(path)))
            .hint("fix or move the file, then run gitvow again; nothing was written")
    })
}

/// `bytes`: the bytes `text` is, which the document then shares rather than copies.
fn parse_json(path: &Path, agent: &AgentSpec, text: &str, bytes: Option<&Bytes>) -> Result<JsonDoc> {
    let fail = |offset: usize, what: &str| {
        let (line, col) = line_col(text, offset);
        Error::new(format!("{}:{line}:{col}: {what}", display(path))).hint(format!(
            "fix the file by hand (it must be what {} itself accepts), then run gitvow again; nothing was written",
            agent.name
        ))
    };
    // The text `plan_file` checked is those bytes: kept rather than copied, and not checked again.
    let doc = match bytes.and_then(|bytes| SharedText::viewed(bytes, text)) {
        Some(shared) => JsonDoc::parse_shared(&shared, agent.install.strictness),
        None => JsonDoc::parse(text, agent.install.strictness),
    }
    .map_err(|e| fail(e.offset, &format!("{}; {}", e.message, agent.would_drop(e.construct))))?;
    entries::check_shape(&doc, agent).map_err(|e| fail(doc.text_offset(e.offset), &format!("expected {}", e.expected)))?;
    Ok(doc)
}

/// The record's `original` after a write: kept while the file is still what gitvow last wrote,
/// unknown once someone else has changed it (or it held gitvow's entries before any record).
fn original_before(record: Option<&FileRecord>, before: Option<&Bytes>, had_entries: bool) -> Original {
    match (record, before) {
        (Some(r), Some(b)) if r.wrote(b) => r.original.clone(),
        (Some(_), _) => Original::Unknown,
        (None, None) => Original::Absent,
        (None, Some(_)) if had_entries => Original::Unknown,
        (None, Some(b)) => Original::read(b),
    }
}

/// The exact bytes before install, when the file is still what gitvow wrote (`Some(None)`: delete).
/// `None` also when the side file is missing or no longer holds what its name says: uninstall then
/// removes gitvow's entries one by one instead.
fn restored_original(record: Option<&FileRecord>, before: Option<&[u8]>, load: LoadOriginal<'_>) -> Result<Option<Option<String>>> {
    let Some(r) = record.filter(|r| before.is_some_and(|b| r.wrote(b))) else { return Ok(None) };
    Ok(match &r.original {
        Original::Absent => Some(None),
        Original::Text { text } => Some(Some(text.clone())),
        Original::Read { bytes, .. } => String::from_utf8(bytes.to_vec()).ok().map(Some),
        Original::Saved { sha256 } => load(sha256)?.filter(|b| digest(b) == *sha256).and_then(|b| String::from_utf8(b).ok()).map(Some),
        Original::Unknown => None,
    })
}

/// What install writes into one agent's hook file.
struct Wanted<'a> {
    /// The command each entry runs.
    command: &'a str,
    /// Whether the entries carry the agent's fail-closed field.
    fail_closed: bool,
    /// Managed settings to set (`--system --managed-only`), by key path.
    managed: &'a [(&'a [&'a str], bool)],
    /// The agent's own sandbox lists (`--sandbox`), for an agent whose settings hold them.
    sandbox: Option<&'a super::sandbox::Lists>,
}

/// `edited`: set for a JSON file.
fn install_hooks(
    edited: &mut Option<Edited>,
    path: &Path,
    agent: &'static AgentSpec,
    (text, before): (Option<&str>, Option<&Bytes>),
    wanted: &Wanted<'_>,
    record: Option<&FileRecord>,
) -> Result<(Option<Bytes>, RecordUpdate)> {
    let Wanted { command, fail_closed, managed, sandbox } = *wanted;
    let dirs = record.map(|r| r.dirs.clone()).unwrap_or_default();
    // A file gitvow writes whole (only over one it wrote before), or a YAML file spliced as text.
    let whole = match agent.install.layout {
        FileLayout::Yaml => Some(super::yaml_hooks::install(path, agent, text, command)?),
        FileLayout::Plugin => {
            if text.is_some_and(|t| !plugin::is_gitvow_plugin(t)) {
                return Err(Error::new(format!("{}: this file is not a plugin gitvow wrote", display(path)))
                    .hint("move it away or rename it, then run gitvow install again; nothing was written"));
            }
            Some(plugin::render_plugin(agent.name, command))
        }
        FileLayout::Scripts { .. } => {
            if text.is_some_and(|t| !script::is_gitvow_script(t)) {
                return Err(own_script_error(path, agent));
            }
            let event = script_event(agent, path);
            let gates = agent.handler_for(event) == Some(crate::agents::Handler::PreToolUse);
            Some(script::render_script(agent.name, event, command, gates))
        }
        _ => None,
    };
    if let Some(after) = whole {
        let original = if agent.install.layout == FileLayout::Yaml {
            // The person's own file: its bytes before gitvow's first install are what uninstall gives back.
            let had_entries = text.is_some_and(|t| super::yaml_hooks::found(t).is_ok_and(|f| !f.is_empty()));
            original_before(record, before, had_entries)
        } else {
            let original = if text.is_some() { Original::Unknown } else { Original::Absent };
            record.map_or(original, |r| r.original.clone())
        };
        let file_record = FileRecord {
            original,
            written: digest(after.as_bytes()),
            also_written: Vec::new(),
            created: Created::default(),
            toml: None,
            dirs,
            adapter: None,
        };
        return Ok((Some(Bytes::new(after.into_bytes())), RecordUpdate::Set(file_record)));
    }
    let mut doc = parse_json(path, agent, text.unwrap_or(""), before)?;
    let was = json_entries(agent, &doc);
    let had_entries = text.is_some() && entries::has_gitvow_entries(&doc, agent);
    // The agent may want a key such as `version` in a file gitvow creates.
    let version_key = agent.install.version_key.filter(|_| text.is_none());
    if let Some((key, value)) = version_key {
        doc.insert_property(&[], key, &serde_json::json!(value));
    }
    let mut created = entries::install(&mut doc, agent, command, fail_closed, record.map(|r| &r.created));
    for (path, value) in managed {
        super::system::set(&mut doc, path, *value);
    }
    if let Some(lists) = sandbox {
        created.sandbox = Some(Box::new(super::sandbox::switch_on(&mut doc, path, lists)?)).filter(|c| !c.is_empty());
    }
    created.version_key |= version_key.is_some();
    let counts = tally(agent, was, json_entries(agent, &doc));
    let (after, doc) = doc.into_shared();
    *edited = Some(Edited { counts, doc: Some(doc) });
    if let Some(r) = record {
        let mut all = r.created.clone();
        entries::merge_created(&mut all, created);
        created = all;
    }
    let (original, written) = original_and_written(record, before, had_entries, after.bytes());
    let adapter = agent.install.adapter.map(|_| agent.name.to_string());
    let file_record = FileRecord { original, written, also_written: Vec::new(), created, toml: None, dirs, adapter };
    Ok((Some(Bytes::clone(after.bytes())), RecordUpdate::Set(file_record)))
}

/// [`original_before`], and the digest of `after`: an original read this run is hashed with
/// `after` in one pass over what they start with alike (all of a large file gitvow edits near
/// its end).
fn original_and_written(record: Option<&FileRecord>, before: Option<&Bytes>, had_entries: bool, after: &[u8]) -> (Original, String) {
    match (record, before) {
        // What `original_before` reads (`Original::read`), hashed with `after`.
        (None, Some(b)) if !had_entries => {
            let (sha256, written) = crate::digest::sha256_hex_pair(b, after);
            (Original::Read { sha256, bytes: Bytes::clone(b) }, written)
        }
        _ => (original_before(record, before, had_entries), digest(after)),
    }
}

/// The bytes after uninstall (`Some(None)`: delete the file), or `None` when nothing changes.
/// `edited`: set when the file is edited rather than restored.
fn uninstall_hooks(
    edited: &mut Option<Edited>,
    path: &Path,
    agent: &'static AgentSpec,
    text: Option<&str>,
    before: Option<&Bytes>,
    record: Option<&FileRecord>,
    load: LoadOriginal<'_>,
) -> Result<Option<Option<Bytes>>> {
    let Some(text) = text else { return Ok(None) };
    match agent.install.layout {
        FileLayout::Plugin => return Ok(plugin::is_gitvow_plugin(text).then_some(None)),
        FileLayout::Scripts { .. } => return Ok(script::is_gitvow_script(text).then_some(None)),
        FileLayout::OwnedFlat => return Ok(Some(None)),
        _ => {}
    }
    let owned = |text: String| Bytes::new(text.into_bytes());
    if let Some(original) = restored_original(record, before.map(|b| b.as_slice()), load)? {
        return Ok(Some(original.map(owned)));
    }
    if agent.install.layout == FileLayout::Yaml {
        return Ok(super::yaml_hooks::uninstall(path, agent, text)?.map(|t| Some(owned(t))));
    }
    let mut doc = parse_json(path, agent, text, before)?;
    if !entries::has_gitvow_entries(&doc, agent) {
        return Ok(None);
    }
    let was = json_entries(agent, &doc);
    entries::uninstall(&mut doc, agent, record.map(|r| &r.created));
    if let Some(changed) = record.and_then(|r| r.created.sandbox.as_deref()) {
        super::sandbox::switch_back(&mut doc, changed);
    }
    // Only a file install created is deleted; without a record nothing says it did.
    let created_file = record.is_some_and(|r| r.original == Original::Absent);
    if created_file && doc.is_empty_object() {
        *edited = Some(Edited { counts: tally(agent, was, Vec::new()), doc: None });
        return Ok(Some(None));
    }
    let counts = tally(agent, was, json_entries(agent, &doc));
    let (after, doc) = doc.into_shared();
    *edited = Some(Edited { counts, doc: Some(doc) });
    Ok(Some(Some(Bytes::clone(after.bytes()))))
}
