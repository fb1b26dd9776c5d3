//! The kinds of fact an agent row states, and the row itself: a name and three groups, one per
//! reader (the gate, the installer, doctor), so that each reader takes the group it needs and a row
//! names only where it differs from its family's base (`agents::CLAUDE_LIKE`, `agents::PLUGIN`,
//! `agents::BARE`).

use super::strictness::Strictness;

/// The gitvow handler an agent event is routed to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handler {
    SessionStart,
    UserPromptSubmit,
    PreToolUse,
    PostToolUse,
    Stop,
}

impl Handler {
    pub(crate) const ALL: [Handler; 5] =
        [Handler::SessionStart, Handler::UserPromptSubmit, Handler::PreToolUse, Handler::PostToolUse, Handler::Stop];

    /// The handler whose name this is, as Claude spells it (`PreToolUse`) or in camel case as
    /// cursor and copilot do (`preToolUse`).
    pub(crate) fn named(name: &str) -> Option<Handler> {
        let (name, first_lower) = (name.as_bytes(), |b: &[u8]| b.first().map(u8::to_ascii_lowercase));
        Handler::ALL.into_iter().find(|h| {
            let own = h.name().as_bytes();
            own.len() == name.len() && first_lower(own) == first_lower(name) && own[1..] == name[1..]
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Handler::SessionStart => "SessionStart",
            Handler::UserPromptSubmit => "UserPromptSubmit",
            Handler::PreToolUse => "PreToolUse",
            Handler::PostToolUse => "PostToolUse",
            Handler::Stop => "Stop",
        }
    }
}

/// How the agent wants to hear gitvow's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResponseForm {
    /// Exit 2 with the message on stderr for confirm and deny; Claude's prompting permission modes
    /// get the JSON `ask` for a confirm.
    Claude,
    /// Exit 2 with the message on stderr for confirm and deny (codex, gemini, factory, opencode).
    ExitCode,
    /// `{"permission": ...}` on stdout, exit 0.
    Cursor,
    /// `{"permissionDecision": ...}` on stdout, exit 0.
    Copilot,
    /// `{"cancel": true, "errorMessage": ...}` on stdout for confirm and deny, `{"cancel": false}` for
    /// allow, exit 0 (the agent ignores exit codes); the reason also on stderr (cline).
    Cancel,
    /// `{"decision": "block", "reason": ...}` on stdout for confirm and deny, nothing for allow,
    /// exit 0: hermes 0.19.0 ignores exit codes, exit 2 included.
    Decision,
}

/// What the installed file looks like and how much of it is gitvow's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileLayout {
    /// `hooks.<Event>` is an array of `{"matcher", "hooks": [...]}` groups (claude, codex, gemini).
    NestedGroups,
    /// Event names are top-level keys holding arrays of groups, no `hooks` wrapper (factory).
    TopLevelGroups,
    /// `hooks.<event>` is an array of hook objects, with a top-level `"version": 1` (cursor).
    Flat,
    /// The whole JSON file is gitvow's own (copilot).
    OwnedFlat,
    /// The whole file is a generated JavaScript plugin (opencode, kilo).
    Plugin,
    /// One executable file per event, named after the event, in the agent's hook folder (the row's
    /// `user_file` and `repo_file` name the folder): each is gitvow's own, generated whole (cline).
    /// The agent also runs the hooks of the other folders named here (home-relative, then
    /// repository-relative), where a person keeps a hook of their own beside gitvow's; a file
    /// named after the event with one of `extensions` is a hook for that event too.
    Scripts { other_user_dir: &'static str, other_repo_dir: &'static str, extensions: &'static [&'static str] },
    /// An external adapter's agent: `hooks.<event>` arrays of the entries its `info` describes.
    Adapter,
    /// A YAML file the person edits too: `hooks.<event>` lists of `{matcher, command, timeout}`
    /// mappings, spliced in as text by `edit::yaml` (hermes).
    Yaml,
}

impl FileLayout {
    /// Whether the agent's file is a JSON document gitvow edits (not a file it writes whole).
    pub fn is_json(self) -> bool {
        !matches!(self, FileLayout::Plugin | FileLayout::Scripts { .. } | FileLayout::Yaml)
    }
}

/// How an external adapter's agent is installed (from its `info`).
#[derive(Debug)]
pub struct AdapterInstall {
    /// Event name → the entry to append, with every string `__GITVOW__` standing for the command.
    pub(crate) entries: serde_json::Map<String, serde_json::Value>,
}

/// How the agent starts a hook's command; doctor's live probe starts it the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookShell {
    /// `sh -c "<command>"`.
    Sh,
    /// `$SHELL -lc "<command>"`: a login shell, whose profile may set another PATH (codex).
    LoginShell,
    /// `bash -c "<command>"` (qwen, gemini).
    Bash,
    /// No shell: the command is split into words (double or single quotes group a word, nothing is
    /// unescaped) and run directly; only a command holding one of `|&;<>$` or a backtick, or
    /// starting with `~`, goes to `bash -c` (auggie). gitvow writes commands that split cleanly.
    Words,
    /// The hook is an executable file gitvow generates, started by its `#!` line (cline).
    Script,
    /// No shell: the agent loads gitvow's generated plugin, which starts gitvow itself (opencode).
    Plugin,
    /// No shell: the command is split as POSIX shell words (Python's `shlex.split`, after a leading
    /// `~` is expanded) and run directly (hermes).
    Shlex,
}

impl HookShell {
    /// The program and arguments the agent starts for a hook's `command` string (`None` for the
    /// plugin and script forms, where the agent runs gitvow's file, not a command).
    pub fn argv(self, command: &str) -> Option<Vec<String>> {
        let shell = |program: String, flag: &str| Some(vec![program, flag.to_string(), command.to_string()]);
        match self {
            HookShell::Sh => shell("sh".into(), "-c"),
            HookShell::LoginShell => shell(std::env::var("SHELL").ok().filter(|s| !s.is_empty()).unwrap_or_else(|| "sh".into()), "-lc"),
            HookShell::Bash => shell("bash".into(), "-c"),
            HookShell::Words => HookShell::without_shell(command).or_else(|| shell("bash".into(), "-c")),
            HookShell::Plugin | HookShell::Script => None,
            HookShell::Shlex => shell_words::split(command).ok(),
        }
    }

    /// The words auggie runs `command` as without a shell; `None` when it would hand the command to
    /// `bash -c` (it holds one of `|&;<>$` or a backtick, or starts with `~`).
    pub(crate) fn without_shell(command: &str) -> Option<Vec<String>> {
        let needs_shell = command.starts_with('~') || command.contains(['|', '&', ';', '<', '>', '$', '`']);
        (!needs_shell).then(|| split_words(command))
    }
}

/// Words as auggie 0.36.0 splits a hook command it runs without a shell: runs of non-blanks, or
/// text in double or single quotes (the quotes dropped, nothing unescaped).
fn split_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut rest = command;
    loop {
        rest = rest.trim_start();
        let Some(first) = rest.chars().next() else { break };
        let quoted = (first == '"' || first == '\'').then(|| rest[1..].find(first).map(|end| (&rest[1..=end], end + 2))).flatten();
        let (word, used) = quoted.unwrap_or_else(|| {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            (&rest[..end], end)
        });
        words.push(word.to_string());
        rest = &rest[used..];
    }
    words
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    Seconds,
    Milliseconds,
}

/// A setting of the agent's that switches every hook off: doctor reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffSwitch {
    /// `[features] hooks = false` (or the old alias `codex_hooks`) in this home-relative TOML file;
    /// a user install switches it on.
    TomlFeature(&'static str),
    /// A top-level `"<key>": true` in the agent's settings files (both scopes), and in these
    /// home-relative files.
    JsonFlag { key: &'static str, also_in: &'static [&'static str] },
    /// The file is read only with a top-level `"version": 1`, and a hook without `failClosed: true`
    /// lets the call through when gitvow cannot run.
    VersionAndFailClosed,
    /// `hooksConfig.enabled: false`, or gitvow's hook names in `hooksConfig.disabled`.
    HooksConfig,
    /// An organisation's managed settings (absolute JSON files, and every `*.json` in the absolute
    /// folders, under the system root): one of `only_managed` true ignores every user and project
    /// hook unless gitvow's entries sit in that managed file; one of `all_off` true stops them all.
    ManagedJson { files: &'static [&'static str], dirs: &'static [&'static str], only_managed: &'static str, all_off: &'static str },
    /// A managed TOML file (absolute, under the system root) whose top-level `key = true` runs only
    /// the hooks the organisation manages (codex `requirements.toml`).
    ManagedToml { file: &'static str, key: &'static str },
}

/// A way gitvow can fail to answer a hook call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailCase {
    /// The executable the entry names is not there.
    Missing,
    /// It exits 1 without an answer (a crash).
    Exit1,
    /// A signal ends it before it answers (a segfault under a small stack limit).
    Signal,
    /// It never answers (a stopped process, a blocked file system, a broken build): the entry's
    /// watchdog (`agents::watchdog`) must end it before the agent's hook timeout does.
    Timeout,
}

impl FailCase {
    pub const ALL: [FailCase; 4] = [FailCase::Missing, FailCase::Exit1, FailCase::Signal, FailCase::Timeout];

    /// As the end of "when gitvow …".
    pub(crate) fn words(self) -> &'static str {
        match self {
            FailCase::Missing => "is missing",
            FailCase::Exit1 => "exits 1",
            FailCase::Signal => "dies of a signal",
            FailCase::Timeout => "hangs",
        }
    }

    /// "is missing, exits 1 or times out".
    pub(crate) fn list(cases: &[FailCase]) -> String {
        let words: Vec<&str> = cases.iter().map(|c| c.words()).collect();
        match words.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

/// How gitvow's PreToolUse entry for an agent blocks the call when gitvow cannot answer. Derived
/// from the row's facts ([`AgentSpec::fail_closed_by`]), not a field of its own, so that every row,
/// an adapter's included, gets the same answer from the same facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailClosedBy {
    /// The agent's own entry field (`fail_closed_field`, claude's `onFailure`) or a field gitvow
    /// always writes (cursor's `failClosed`).
    Field,
    /// The agent starts the entry through a shell and blocks on exit 2 with a reason on stderr, or on
    /// copilot's `deny`: the command runs gitvow under the watchdog and turns every end that is not
    /// one of gitvow's answers (a hang included) into that (`install::fail_closed::entry_command`).
    Wrapper,
    /// gitvow's plugin throws when gitvow cannot answer (opencode, kilo).
    Plugin,
    /// gitvow's generated hook file answers the agent's block itself (cline).
    HookFile,
    /// Nothing in the entry can: what the agent does decides (an external adapter's agent, and
    /// hermes, whose YAML entry `install::yaml_hooks` closes itself).
    Agent,
}

/// Permission modes beyond the prompting ones in which the agent shows a hook's native question
/// (`ask`) to the person from version `since` on, and how a hook learns the version: the variable
/// `var` the agent sets for its hooks, `<prefix><major>-<minor>-<patch>_…` (claude 2.1.332:
/// `AI_AGENT=claude-code_2-1-332_harness`).
#[derive(Debug)]
pub struct AsksInMoreModes {
    pub(crate) modes: &'static [&'static str],
    pub(crate) var: &'static str,
    pub(crate) prefix: &'static str,
    pub since: (u64, u64, u64),
}

impl AsksInMoreModes {
    /// Whether the agent asks in `mode`: one of the modes, and the agent that started this process
    /// says it is that version or newer (an unset or unreadable variable says no).
    pub(crate) fn holds(&self, mode: &str) -> bool {
        if !self.modes.contains(&mode) {
            return false;
        }
        let Some(value) = std::env::var_os(self.var) else { return false };
        let version = value.to_str().and_then(|v| v.strip_prefix(self.prefix)).map(|v| v.split('_').next().unwrap_or(v));
        let mut parts = version.into_iter().flat_map(|v| v.split('-')).map(|n| n.parse::<u64>().ok());
        match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some(Some(major)), Some(Some(minor)), Some(Some(patch)), None) => (major, minor, patch) >= self.since,
            _ => false,
        }
    }
}

/// A field of the hook entry that makes the agent block the call when gitvow cannot run (missing,
/// crashed, timed out), understood only from version `since` on: install writes it when every copy of
/// `program` found (PATH, then `install_locations` under the home directory) reports such a version.
#[derive(Debug)]
pub struct FailClosedField {
    pub event: &'static str,
    pub key: &'static str,
    pub value: &'static str,
    pub since: (u64, u64, u64),
    pub program: &'static str,
    pub install_locations: &'static [&'static str],
}

/// The agent reads a repository's hook file only for a project a person trusted, recorded in a
/// home-relative TOML file as `[projects."<abs path>"] trust_level = "trusted"` (codex).
#[derive(Debug)]
pub struct ProjectTrust {
    /// Where the agent records the projects it trusts (home-relative).
    pub(crate) file: &'static str,
    pub(crate) record: TrustRecord,
    /// Printed after a repository install, with `<repo>` for the repository's path.
    pub(crate) note: &'static str,
}

/// How an agent records the projects it trusts, in its [`ProjectTrust::file`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrustRecord {
    /// `[projects."<path>"] trust_level = "trusted"` (codex's `config.toml`).
    CodexProjects,
    /// `{"<path>": "TRUST_FOLDER" | "TRUST_PARENT" | "DO_NOT_TRUST"}`, the longest rule containing
    /// the folder deciding (gemini's `trustedFolders.json`), unless `security.folderTrust.enabled`
    /// is false in the user's settings.
    GeminiFolders,
}

/// How the agent's payload departs from Claude's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Claude's fields (Copilot's camelCase ones are read alike).
    Claude,
    /// Shell and MCP calls arrive as `beforeShellExecution` / `beforeMCPExecution` with the call at
    /// the top level (and again as a generic `preToolUse`, which is then not gated twice); MCP
    /// tools are named `MCP:<tool>` with the server beside them.
    TopLevelCalls,
    /// MCP tools are named `mcp_<server>_<tool>` or `<server>__<tool>`, by version.
    ServerPrefixedMcp,
    /// The call arrives as `tool_call: {name, input}`, the session as `taskId` and the directory as
    /// `workspaceRoots[0]` (cline).
    ToolCallObject,
    /// MCP tools carry `is_mcp_tool: true` and their bare name; Claude's other fields (auggie).
    FlaggedMcp,
}

/// One event gitvow installs for an agent, in the agent's own name.
#[derive(Clone, Copy, Debug)]
pub struct InstalledEvent {
    pub name: &'static str,
    /// `None` for lifecycle events that carry no matcher.
    pub(crate) matcher: Option<&'static str>,
}

/// Extra fields of one hook object, after `type` and the command.
#[derive(Clone, Copy, Debug)]
pub enum ExtraField {
    Str(&'static str, &'static str),
    Int(&'static str, i64),
    Bool(&'static str, bool),
    /// `"name": "gitvow-<Event>"` (gemini requires a name per hook).
    EventName(&'static str),
}

/// One agent: its name and what each reader needs of it.
#[derive(Debug)]
pub struct AgentSpec {
    pub name: &'static str,
    pub gate: GateFacts,
    pub install: InstallFacts,
    pub doctor: DoctorFacts,
}

impl AgentSpec {
    /// The gitvow handler for one of this agent's event names, if gitvow maps it.
    pub fn handler_for(&self, event: &str) -> Option<Handler> {
        self.routes().find(|(e, _)| *e == event).map(|(_, h)| h)
    }

    /// Every event name the agent calls gitvow with, and its handler: an installed event named as a
    /// gitvow handler (`PreToolUse`, `preToolUse`: [`Handler::named`]) goes to that handler, then the row's `event_map` routes the
    /// others. An external adapter's events are its own, whatever their names.
    pub fn routes(&self) -> impl Iterator<Item = (&'static str, Handler)> + '_ {
        let installed = self.install.events.iter().filter(|_| self.install.adapter.is_none());
        installed.filter_map(|e| Handler::named(e.name).map(|h| (e.name, h))).chain(self.gate.event_map.iter().copied())
    }

    /// One sentence saying what the agent does with its file when the file has `construct` (as the
    /// parser names it: "comments", "a trailing comma"; `None`: some other syntax error).
    pub(crate) fn would_drop(&self, construct: Option<&str>) -> String {
        let file = std::path::Path::new(self.install.user_file).file_name().and_then(|f| f.to_str()).unwrap_or(self.install.user_file);
        let that = match construct {
            Some(what) => format!("that has {what}"),
            None => "that it cannot parse".to_string(),
        };
        format!("{} {}", self.name, self.install.when_unreadable.replace("{file}", file).replace("{that}", &that))
    }

    /// How gitvow's PreToolUse entry blocks when gitvow cannot answer (see [`FailClosedBy`]).
    pub fn fail_closed_by(&self) -> FailClosedBy {
        let shell = matches!(self.install.hook_shell, HookShell::Sh | HookShell::LoginShell | HookShell::Bash | HookShell::Words);
        if self.install.fail_closed_field.is_some()
            || self.install.hook_fields_after_command.iter().any(|f| matches!(f, ExtraField::Bool("failClosed", true)))
        {
            FailClosedBy::Field
        } else if self.install.hook_shell == HookShell::Plugin {
            FailClosedBy::Plugin
        } else if self.install.hook_shell == HookShell::Script {
            FailClosedBy::HookFile
        } else if shell && matches!(self.gate.response, ResponseForm::ExitCode | ResponseForm::Copilot) && self.install.adapter.is_none() {
            FailClosedBy::Wrapper
        } else {
            FailClosedBy::Agent
        }
    }

    /// The command line an installed hook runs for `event`, given the gitvow command.
    pub(crate) fn hook_command(&self, gitvow: &str, event: &str) -> String {
        if self.install.needs_agent_flag {
            format!("{gitvow} hook --agent {} {event}", self.name)
        } else {
            format!("{gitvow} hook {event}")
        }
    }
}

/// What `gitvow hook` reads on every call (and the person check, which refuses a caller that is an
/// agent): how the agent names its events, speaks and answers.
#[derive(Debug)]
pub struct GateFacts {
    /// Agent event name → gitvow handler, for the event names that are not a handler's own name
    /// (`PreToolUse`) or are not installed ([`AgentSpec::routes`]).
    pub(crate) event_map: &'static [(&'static str, Handler)],
    pub response: ResponseForm,
    /// For an agent whose native question works only in some permission modes on older versions:
    /// the modes where it works from a later version on.
    pub(crate) asks_in_more_modes: Option<AsksInMoreModes>,
    pub(crate) dialect: Dialect,
    /// Whether the agent's `apply_patch` tool only ever carries patch text (other agents also name
    /// plain edits so).
    pub(crate) patch_text_only: bool,
    /// How to tell that a process runs under this agent: names its process (or the script node runs)
    /// goes by, and variables it sets for the commands it runs. Commands only a person may run
    /// (`gitvow trust`) refuse when they find one.
    pub(crate) process_names: &'static [&'static str],
    pub(crate) env_markers: &'static [&'static str],
    /// The packages a package runner starts the agent from (`npx @anthropic-ai/claude-code`,
    /// `pnpm dlx`, `bunx`, `uvx`): such a start is judged as a start of its first process name,
    /// so the flags that turn its hooks off are seen there too.
    pub(crate) packages: &'static [&'static str],
}

/// What install writes, where, and how it finds the agent.
#[derive(Debug)]
pub struct InstallFacts {
    /// Relative to the home directory.
    pub user_file: &'static str,
    /// Relative to the repository's top level.
    pub(crate) repo_file: &'static str,
    pub layout: FileLayout,
    pub strictness: Strictness,
    /// What the agent does with a file it cannot parse, as the end of a sentence after its name:
    /// `{file}` is the file's name, `{that}` what is wrong with it ("that has comments").
    pub when_unreadable: &'static str,
    pub events: &'static [InstalledEvent],
    /// Key that holds the command string in a hook object.
    pub command_key: &'static str,
    /// Fields of a hook object in the order they are written; `type` and the command come from
    /// `hook_fields_before_command` and `command_key`.
    pub(crate) hook_fields_before_command: &'static [ExtraField],
    pub(crate) hook_fields_after_command: &'static [ExtraField],
    /// Directories (relative to home) and commands whose presence means the agent is on this machine.
    pub(crate) detect_dirs: &'static [&'static str],
    pub detect_commands: &'static [&'static str],
    /// Whether the installed command carries `--agent <name>` (claude is the default agent).
    pub(crate) needs_agent_flag: bool,
    /// What a person must still do by hand after install. `<repo .git>` is the repository's git
    /// directory, quoted (after a user install: the words for every repository).
    pub(crate) manual_steps: &'static [&'static str],
    /// Set for an external adapter's agent only.
    pub(crate) adapter: Option<&'static AdapterInstall>,
    /// A top-level key and value gitvow writes into a file it creates (qwen's `"$version": 4`,
    /// which qwen would add itself on its next start, and an adapter's `version_key`).
    pub version_key: Option<(&'static str, i64)>,
    /// How the agent starts a hook's command.
    pub hook_shell: HookShell,
    pub(crate) off_switches: &'static [OffSwitch],
    /// A second file (relative to the scope's root) whose `hooks` key the agent reads too, besides
    /// its hook file (factory's `settings.json`, seen read alongside `hooks.json` by droid 0.225.2).
    pub(crate) also_reads: Option<&'static str>,
    /// Set when the agent reads a repository's hook file only for a trusted project.
    pub(crate) project_trust: Option<ProjectTrust>,
    /// The entry field that makes the agent fail closed, for an agent that has one; without it the
    /// agent lets a call through when gitvow cannot run.
    pub fail_closed_field: Option<FailClosedField>,
    /// The agent's own sandbox for the commands it runs, which `install --sandbox` switches on.
    pub(crate) sandbox: Option<OwnSandbox>,
}

/// An agent's own OS sandbox around the shell commands it runs, and where install configures it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnSandbox {
    /// A `sandbox` block in the settings file gitvow installs into (claude 2.1.332): enabled,
    /// refusing to start without it, no way out per command, gitvow's files write- and the record
    /// key read-denied. `needs`: the programs it runs on Linux (bubblewrap and socat).
    SettingsBlock { needs: &'static [&'static str] },
    /// `sandbox_mode = "workspace-write"` in this home-relative TOML file (codex 0.169.0): writes
    /// outside the working directory and `/tmp` are refused; the network stays on.
    TomlMode(&'static str),
}

/// What doctor proves with, and what it tells a person.
#[derive(Debug)]
pub struct DoctorFacts {
    /// The event doctor probes (the one that gates a shell command), and a payload of it as the real
    /// agent sends it (captured, in `templates/probes/`), which the probe makes harmless.
    pub(crate) probe_event: &'static str,
    pub(crate) probe_payload: &'static str,
    /// The hook object's timeout field and its unit; without one the agent waits as long as it
    /// chooses (claude 2.1.332: more than 150 s).
    pub(crate) timeout_field: Option<(&'static str, TimeUnit)>,
    /// A hook runs only once a person trusted it in the agent (codex's `/hooks`): doctor checks the
    /// agent's trust record.
    pub(crate) hook_trust: bool,
    /// When the agent lets a call through ungated because gitvow could not answer, with what gitvow
    /// writes for it ([`AgentSpec::fail_closed_by`]; for an agent with `fail_closed_field`, when
    /// that field is left out), measured with the real binaries by the end-to-end suite, which
    /// fails when an upgrade changes it.
    pub fails_open: &'static [FailCase],
    /// What makes a running agent pick up new hooks: doctor's hint when it never called gitvow.
    pub(crate) reload_hint: &'static str,
    /// The versions the row's facts were checked with, for doctor's version note; none for an agent
    /// the end-to-end suite cannot drive.
    pub proven: Option<super::versions::Proven>,
}
