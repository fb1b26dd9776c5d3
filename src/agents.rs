//! The table of built-in agents. Installer, doctor and runtime all read it: adding an agent is adding
//! a row here, not a new code path.

pub mod also_loads;
pub mod generated;
pub mod homes;
pub mod managed;
mod strictness;
pub mod versions;

pub use strictness::Strictness;

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
    pub entries: serde_json::Map<String, serde_json::Value>,
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
    pub fn without_shell(command: &str) -> Option<Vec<String>> {
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
    /// It hangs (a lock, a FIFO, a slow disk): its own deadline answers before the entry's timeout.
    Timeout,
}

impl FailCase {
    pub const ALL: [FailCase; 4] = [FailCase::Missing, FailCase::Exit1, FailCase::Signal, FailCase::Timeout];

    /// As the end of "when gitvow …".
    pub fn words(self) -> &'static str {
        match self {
            FailCase::Missing => "is missing",
            FailCase::Exit1 => "exits 1",
            FailCase::Signal => "dies of a signal",
            FailCase::Timeout => "hangs",
        }
    }

    /// "is missing, exits 1 or times out".
    pub fn list(cases: &[FailCase]) -> String {
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
    /// The agent starts the entry through a shell and blocks on exit 2 with a reason on stderr: the
    /// command turns every exit that is not one of gitvow's answers into that
    /// (`install::fail_closed::wrap`).
    Wrapper,
    /// gitvow's plugin throws when gitvow cannot answer (opencode, kilo).
    Plugin,
    /// gitvow's generated hook file answers the agent's block itself (cline).
    HookFile,
    /// Nothing gitvow writes can: the agent decides (copilot blocks on any failed hook by itself).
    Agent,
}

/// Permission modes beyond the prompting ones in which the agent shows a hook's native question
/// (`ask`) to the person from version `since` on, and how a hook learns the version: the variable
/// `var` the agent sets for its hooks, `<prefix><major>-<minor>-<patch>_…` (claude 2.1.332:
/// `AI_AGENT=claude-code_2-1-332_harness`).
#[derive(Debug)]
pub struct AsksInMoreModes {
    pub modes: &'static [&'static str],
    pub var: &'static str,
    pub prefix: &'static str,
    pub since: (u64, u64, u64),
}

impl AsksInMoreModes {
    /// Whether the agent asks in `mode`: one of the modes, and the agent that started this process
    /// says it is that version or newer (an unset or unreadable variable says no).
    pub fn holds(&self, mode: &str) -> bool {
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
    pub file: &'static str,
    /// Printed after a repository install, with `<repo>` for the repository's path.
    pub note: &'static str,
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
    pub matcher: Option<&'static str>,
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

#[derive(Debug)]
pub struct AgentSpec {
    pub name: &'static str,
    /// Relative to the home directory.
    pub user_file: &'static str,
    /// Relative to the repository's top level.
    pub repo_file: &'static str,
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
    pub hook_fields_before_command: &'static [ExtraField],
    pub hook_fields_after_command: &'static [ExtraField],
    /// Directories (relative to home) and commands whose presence means the agent is on this machine.
    pub detect_dirs: &'static [&'static str],
    pub detect_commands: &'static [&'static str],
    /// Agent event name → gitvow handler, for the runtime.
    pub event_map: &'static [(&'static str, Handler)],
    pub response: ResponseForm,
    /// For an agent whose native question works only in some permission modes on older versions:
    /// the modes where it works from a later version on.
    pub asks_in_more_modes: Option<AsksInMoreModes>,
    /// Whether the installed command carries `--agent <name>` (claude is the default agent).
    pub needs_agent_flag: bool,
    /// What a person must still do by hand after install. `<repo .git>` is the repository's git
    /// directory, quoted (after a user install: the words for every repository).
    pub manual_steps: &'static [&'static str],
    /// Set for an external adapter's agent only.
    pub adapter: Option<&'static AdapterInstall>,
    /// A top-level key and value gitvow writes into a file it creates (qwen's `"$version": 4`,
    /// which qwen would add itself on its next start, and an adapter's `version_key`).
    pub version_key: Option<(&'static str, i64)>,
    /// How to tell that a process runs under this agent: names its process (or the script node runs)
    /// goes by, and variables it sets for the commands it runs. Commands only a person may run
    /// (`gitvow trust`) refuse when they find one.
    pub process_names: &'static [&'static str],
    pub env_markers: &'static [&'static str],
    /// How the agent starts a hook's command.
    pub hook_shell: HookShell,
    /// The event doctor probes (the one that gates a shell command), and a payload of it as the real
    /// agent sends it (captured, in `templates/probes/`), which the probe makes harmless.
    pub probe_event: &'static str,
    pub probe_payload: &'static str,
    /// The hook object's timeout field and its unit; without one the agent allows 60 s.
    pub timeout_field: Option<(&'static str, TimeUnit)>,
    pub off_switches: &'static [OffSwitch],
    pub dialect: Dialect,
    /// Whether the agent's `apply_patch` tool only ever carries patch text (other agents also name
    /// plain edits so).
    pub patch_text_only: bool,
    /// A hook runs only once a person trusted it in the agent (codex's `/hooks`): doctor checks the
    /// agent's trust record.
    pub hook_trust: bool,
    /// The entry field that makes the agent fail closed, for an agent that has one; without it the
    /// agent lets a call through when gitvow cannot run.
    pub fail_closed_field: Option<FailClosedField>,
    /// When the agent lets a call through ungated because gitvow could not answer, with what gitvow
    /// writes for it ([`AgentSpec::fail_closed_by`]; for an agent with `fail_closed_field`, when
    /// that field is left out), measured with the real binaries by the end-to-end suite, which
    /// fails when an upgrade changes it.
    pub fails_open: &'static [FailCase],
    /// A second file (relative to the scope's root) whose `hooks` key the agent reads too, besides
    /// its hook file (factory's `settings.json`, seen read alongside `hooks.json` by droid 0.225.2).
    pub also_reads: Option<&'static str>,
    /// Set when the agent reads a repository's hook file only for a trusted project.
    pub project_trust: Option<ProjectTrust>,
    /// What makes a running agent pick up new hooks: doctor's hint when it never called gitvow.
    pub reload_hint: &'static str,
}

/// What claude 2.1.332 and droid 0.225.2 were seen to do with a file they cannot parse (the force
/// push ran, the hook was never called); codex's, cursor's and copilot's strict parsers reject such a
/// file as a whole too.
const IGNORES_EVERY_HOOK: &str = "ignores every hook in a {file} {that}";

const TYPE_COMMAND: ExtraField = ExtraField::Str("type", "command");
const TIMEOUT_30: ExtraField = ExtraField::Int("timeout", 30);
const ANY_TOOL: Option<&str> = Some("*");

pub const RESTART: &str = "restart any open session of this agent: hooks are read at start-up";
const RELOAD_AT_START: &str = "restart it: it reads its hooks at start-up";

/// The agent `gitvow hook` answers for when no `--agent` is given.
pub const DEFAULT_AGENT: &str = "claude";

macro_rules! payload {
    ($name:literal) => {
        include_str!(concat!("../templates/probes/", $name, ".json"))
    };
}

/// A shell call in Claude's shape: the probe payload of agents whose own shape is Claude's.
pub const CLAUDE_SHELL_PAYLOAD: &str = payload!("claude-bash");

pub static AGENTS: &[AgentSpec] = &[
    AgentSpec {
        name: "claude",
        user_file: ".claude/settings.json",
        repo_file: ".claude/settings.json",
        layout: FileLayout::NestedGroups,
        strictness: Strictness::StrictBom,
        when_unreadable: IGNORES_EVERY_HOOK,
        events: &[
            InstalledEvent { name: "SessionStart", matcher: None },
            InstalledEvent { name: "UserPromptSubmit", matcher: None },
            InstalledEvent { name: "PreToolUse", matcher: ANY_TOOL },
            InstalledEvent { name: "PostToolUse", matcher: ANY_TOOL },
            InstalledEvent { name: "Stop", matcher: None },
        ],
        command_key: "command",
        hook_fields_before_command: &[TYPE_COMMAND],
        hook_fields_after_command: &[],
        detect_dirs: &[".claude"],
        detect_commands: &["claude"],
        event_map: &[
            ("SessionStart", Handler::SessionStart),
            ("UserPromptSubmit", Handler::UserPromptSubmit),
            ("PreToolUse", Handler::PreToolUse),
            ("PostToolUse", Handler::PostToolUse),
            ("Stop", Handler::Stop),
        ],
        response: ResponseForm::Claude,
        needs_agent_flag: false,
        manual_steps: &[RESTART],
        adapter: None,
        version_key: None,
        // Versions before 2.1.233 ran a call a hook asked about under bypassPermissions
        // (anthropics/claude-code#77212); 2.1.332's terminal asks in these modes too, and tells its
        // hooks its version. `auto` lets a classifier settle permission questions: not listed.
        asks_in_more_modes: Some(AsksInMoreModes {
            modes: &["bypassPermissions", "dontAsk"],
            var: "AI_AGENT",
            prefix: "claude-code_",
            since: (2, 1, 233),
        }),
        process_names: &["claude", "claude-code"],
        env_markers: &["CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "AI_AGENT"],
        hook_shell: HookShell::Sh,
        probe_event: "PreToolUse",
        probe_payload: CLAUDE_SHELL_PAYLOAD,
        timeout_field: Some(("timeout", TimeUnit::Seconds)),
        off_switches: &[
            OffSwitch::JsonFlag { key: "disableAllHooks", also_in: &[] },
            OffSwitch::ManagedJson {
                files: &["/etc/claude-code/managed-settings.json", "/Library/Application Support/ClaudeCode/managed-settings.json"],
                dirs: &["/etc/claude-code/managed-settings.d", "/Library/Application Support/ClaudeCode/managed-settings.d"],
                only_managed: "allowManagedHooksOnly",
                all_off: "disableAllHooks",
            },
        ],
        dialect: Dialect::Claude,
        patch_text_only: false,
        hook_trust: false,
        // Checked with claude 2.1.332: with it, a missing gitvow and an exit 1 block the force push.
        also_reads: None,
        project_trust: None,
        fail_closed_field: Some(FailClosedField {
            event: "PreToolUse",
            key: "onFailure",
            value: "block",
            since: (2, 1, 295),
            program: "claude",
            install_locations: &[
                ".claude/local/claude",
                ".local/bin/claude",
                ".npm-global/bin/claude",
                ".bun/bin/claude",
                ".volta/bin/claude",
            ],
        }),
        fails_open: &[FailCase::Missing, FailCase::Exit1, FailCase::Signal],
        reload_hint: RELOAD_AT_START,
    },
    AgentSpec {
        name: "codex",
        user_file: ".codex/hooks.json",
        repo_file: ".codex/hooks.json",
        layout: FileLayout::NestedGroups,
        strictness: Strictness::Strict,
        when_unreadable: IGNORES_EVERY_HOOK,
        events: &[
            InstalledEvent { name: "SessionStart", matcher: None },
            InstalledEvent { name: "PreToolUse", matcher: Some("Bash|apply_patch|mcp__.*") },
            InstalledEvent { name: "PostToolUse", matcher: Some("Bash|apply_patch|mcp__.*") },
            InstalledEvent { name: "Stop", matcher: None },
        ],
        command_key: "command",
        hook_fields_before_command: &[TYPE_COMMAND],
        hook_fields_after_command: &[TIMEOUT_30],
        detect_dirs: &[".codex"],
        detect_commands: &["codex"],
        event_map: &[
            ("SessionStart", Handler::SessionStart),
            ("PreToolUse", Handler::PreToolUse),
            ("PostToolUse", Handler::PostToolUse),
            ("Stop", Handler::Stop),
        ],
        response: ResponseForm::ExitCode,
        needs_agent_flag: true,
        manual_steps: &[
            RESTART,
            "open codex, run /hooks and trust the gitvow entries: codex skips untrusted hooks without a word",
            "codex's workspace-write sandbox refuses writes inside .git: add <repo .git> to [sandbox_workspace_write] writable_roots in ~/.codex/config.toml",
        ],
        adapter: None,
        version_key: None,
        asks_in_more_modes: None,
        process_names: &["codex"],
        env_markers: &["CODEX_SANDBOX", "CODEX_SANDBOX_NETWORK_DISABLED", "CODEX_MANAGED_BY_NPM"],
        hook_shell: HookShell::LoginShell,
        probe_event: "PreToolUse",
        probe_payload: payload!("codex-bash"),
        timeout_field: Some(("timeout", TimeUnit::Seconds)),
        off_switches: &[
            OffSwitch::TomlFeature(".codex/config.toml"),
            OffSwitch::ManagedToml { file: "/etc/codex/requirements.toml", key: "allow_managed_hooks_only" },
        ],
        dialect: Dialect::Claude,
        patch_text_only: true,
        hook_trust: true,
        also_reads: None,
        project_trust: Some(ProjectTrust {
            file: ".codex/config.toml",
            note: "codex reads <repo>/.codex/hooks.json only for a trusted project: trust it when codex asks, or set [projects.\"<repo>\"] trust_level = \"trusted\" in ~/.codex/config.toml",
        }),
        fail_closed_field: None,
        fails_open: &[],
        reload_hint: "trust the gitvow hooks with /hooks in codex, then restart codex",
    },
    AgentSpec {
        name: "gemini",
        user_file: ".gemini/settings.json",
        repo_file: ".gemini/settings.json",
        layout: FileLayout::NestedGroups,
        strictness: Strictness::Comments,
        // gemini 0.61.0 exits 52 with "Error in ~/.gemini/settings.json: <parser message>".
        when_unreadable: "refuses to start (exit 52, \"Error in {file}\") with a {file} {that}",
        events: &[
            InstalledEvent { name: "SessionStart", matcher: ANY_TOOL },
            InstalledEvent { name: "BeforeTool", matcher: ANY_TOOL },
            InstalledEvent { name: "AfterTool", matcher: ANY_TOOL },
            InstalledEvent { name: "SessionEnd", matcher: ANY_TOOL },
        ],
        command_key: "command",
        hook_fields_before_command: &[ExtraField::EventName("name"), TYPE_COMMAND],
        hook_fields_after_command: &[ExtraField::Int("timeout", 30000)],
        detect_dirs: &[".gemini"],
        detect_commands: &["gemini"],
        event_map: &[
            ("SessionStart", Handler::SessionStart),
            ("BeforeTool", Handler::PreToolUse),
            ("AfterTool", Handler::PostToolUse),
            ("SessionEnd", Handler::Stop),
        ],
        response: ResponseForm::ExitCode,
        needs_agent_flag: true,
        manual_steps: &[RESTART],
        adapter: None,
        version_key: None,
        asks_in_more_modes: None,
        process_names: &["gemini", "gemini-cli"],
        env_markers: &["GEMINI_CLI"],
        // gemini 0.61.0 starts every command hook as `bash -c <command>` on Linux and macOS
        // (`getShellConfiguration`), so a function `BASH_ENV` defines answers there too.
        hook_shell: HookShell::Bash,
        probe_event: "BeforeTool",
        probe_payload: payload!("gemini-shell"),
        timeout_field: Some(("timeout", TimeUnit::Milliseconds)),
        off_switches: &[OffSwitch::HooksConfig],
        dialect: Dialect::ServerPrefixedMcp,
        patch_text_only: false,
        hook_trust: false,
        also_reads: None,
        project_trust: None,
        fail_closed_field: None,
        fails_open: &[],
        reload_hint: RELOAD_AT_START,
    },
    AgentSpec {
        name: "cursor",
        user_file: ".cursor/hooks.json",
        repo_file: ".cursor/hooks.json",
        layout: FileLayout::Flat,
        strictness: Strictness::Strict,
        when_unreadable: IGNORES_EVERY_HOOK,
        events: &[
            InstalledEvent { name: "sessionStart", matcher: None },
            InstalledEvent { name: "preToolUse", matcher: None },
            InstalledEvent { name: "beforeShellExecution", matcher: None },
            InstalledEvent { name: "beforeMCPExecution", matcher: None },
            InstalledEvent { name: "afterFileEdit", matcher: None },
            InstalledEvent { name: "afterShellExecution", matcher: None },
            InstalledEvent { name: "stop", matcher: None },
        ],
        command_key: "command",
        hook_fields_before_command: &[],
        hook_fields_after_command: &[TYPE_COMMAND, TIMEOUT_30, ExtraField::Bool("failClosed", true)],
        detect_dirs: &[".cursor"],
        detect_commands: &["cursor", "cursor-agent"],
        event_map: &[
            ("sessionStart", Handler::SessionStart),
            ("preToolUse", Handler::PreToolUse),
            ("beforeShellExecution", Handler::PreToolUse),
            ("beforeMCPExecution", Handler::PreToolUse),
            ("afterFileEdit", Handler::PostToolUse),
            ("afterShellExecution", Handler::PostToolUse),
            ("stop", Handler::Stop),
        ],
        response: ResponseForm::Cursor,
        needs_agent_flag: true,
        manual_steps: &["Cursor reloads hooks.json by itself; if Cursor is also set to load Claude's hook files, each call is gated twice"],
        adapter: None,
        version_key: None,
        asks_in_more_modes: None,
        process_names: &["cursor-agent"],
        env_markers: &["CURSOR_AGENT"],
        hook_shell: HookShell::Sh,
        // The generic `preToolUse` lets a shell call through to `beforeShellExecution`.
        probe_event: "beforeShellExecution",
        probe_payload: payload!("cursor-shell"),
        timeout_field: Some(("timeout", TimeUnit::Seconds)),
        off_switches: &[OffSwitch::VersionAndFailClosed],
        dialect: Dialect::TopLevelCalls,
        patch_text_only: false,
        hook_trust: false,
        also_reads: None,
        project_trust: None,
        fail_closed_field: None,
        fails_open: &[],
        reload_hint: "run a tool call in Cursor's agent (it reloads hooks by itself)",
    },
    AgentSpec {
        name: "copilot",
        user_file: ".copilot/hooks/gitvow.json",
        repo_file: ".github/hooks/gitvow.json",
        layout: FileLayout::OwnedFlat,
        strictness: Strictness::Strict,
        when_unreadable: IGNORES_EVERY_HOOK,
        events: &[
            InstalledEvent { name: "sessionStart", matcher: None },
            InstalledEvent { name: "preToolUse", matcher: None },
            InstalledEvent { name: "postToolUse", matcher: None },
            InstalledEvent { name: "sessionEnd", matcher: None },
        ],
        command_key: "bash",
        hook_fields_before_command: &[TYPE_COMMAND],
        hook_fields_after_command: &[ExtraField::Int("timeoutSec", 30)],
        detect_dirs: &[".copilot"],
        detect_commands: &["copilot"],
        event_map: &[
            ("sessionStart", Handler::SessionStart),
            ("preToolUse", Handler::PreToolUse),
            ("postToolUse", Handler::PostToolUse),
            ("sessionEnd", Handler::Stop),
            // Newer Copilot versions send Claude-style event names.
            ("SessionStart", Handler::SessionStart),
            ("PreToolUse", Handler::PreToolUse),
            ("PostToolUse", Handler::PostToolUse),
            ("SessionEnd", Handler::Stop),
        ],
        response: ResponseForm::Copilot,
        needs_agent_flag: true,
        manual_steps: &[RESTART],
        adapter: None,
        version_key: None,
        asks_in_more_modes: None,
        process_names: &["copilot"],
        env_markers: &[],
        hook_shell: HookShell::Sh,
        probe_event: "preToolUse",
        probe_payload: payload!("copilot-bash"),
        timeout_field: Some(("timeoutSec", TimeUnit::Seconds)),
        off_switches: &[OffSwitch::JsonFlag { key: "disableAllHooks", also_in: &[".copilot/config.json"] }],
        dialect: Dialect::Claude,
        patch_text_only: false,
        hook_trust: false,
        also_reads: None,
        project_trust: None,
        fail_closed_field: None,
        fails_open: &[],
        reload_hint: RELOAD_AT_START,
    },
    AgentSpec {
        name: "factory",
        user_file: ".factory/hooks.json",
        repo_file: ".factory/hooks.json",
        layout: FileLayout::TopLevelGroups,
        strictness: Strictness::Comments,
        when_unreadable: IGNORES_EVERY_HOOK,
        events: &[
            InstalledEvent { name: "SessionStart", matcher: None },
            InstalledEvent { name: "PreToolUse", matcher: ANY_TOOL },
            InstalledEvent { name: "PostToolUse", matcher: ANY_TOOL },
            InstalledEvent { name: "Stop", matcher: None },
        ],
        command_key: "command",
        hook_fields_before_command: &[TYPE_COMMAND],
        hook_fields_after_command: &[TIMEOUT_30],
        detect_dirs: &[".factory"],
        detect_commands: &["droid"],
        event_map: &[
            ("SessionStart", Handler::SessionStart),
            ("PreToolUse", Handler::PreToolUse),
            ("PostToolUse", Handler::PostToolUse),
            ("Stop", Handler::Stop),
            ("SessionEnd", Handler::Stop),
        ],
        response: ResponseForm::ExitCode,
        needs_agent_flag: true,
        manual_steps: &[
            RESTART,
            "headless droid runs only with --auto medium or --auto high; a hook exit 1 lets a call through, gitvow answers with exit 2",
        ],
        adapter: None,
        version_key: None,
        asks_in_more_modes: None,
        process_names: &["droid"],
        env_markers: &["FACTORY_PROJECT_DIR"],
        hook_shell: HookShell::Sh,
        probe_event: "PreToolUse",
        probe_payload: payload!("factory-execute"),
        timeout_field: Some(("timeout", TimeUnit::Seconds)),
        off_switches: &[],
        dialect: Dialect::Claude,
        patch_text_only: false,
        hook_trust: false,
        also_reads: Some(".factory/settings.json"),
        project_trust: None,
        fail_closed_field: None,
        fails_open: &[],
        reload_hint: RELOAD_AT_START,
    },
    AgentSpec {
        name: "opencode",
        user_file: ".config/opencode/plugins/gitvow.js",
        repo_file: ".opencode/plugins/gitvow.js",
        layout: FileLayout::Plugin,
        strictness: Strictness::Strict,
        when_unreadable: "cannot load a plugin {that}",
        events: &[
            InstalledEvent { name: "SessionStart", matcher: None },
            InstalledEvent { name: "UserPromptSubmit", matcher: None },
            InstalledEvent { name: "PreToolUse", matcher: None },
            InstalledEvent { name: "PostToolUse", matcher: None },
            InstalledEvent { name: "Stop", matcher: None },
        ],
        command_key: "command",
        hook_fields_before_command: &[],
        hook_fields_after_command: &[],
        detect_dirs: &[".config/opencode"],
        detect_commands: &["opencode"],
        event_map: &[
            ("SessionStart", Handler::SessionStart),
            ("UserPromptSubmit", Handler::UserPromptSubmit),
            ("PreToolUse", Handler::PreToolUse),
            ("PostToolUse", Handler::PostToolUse),
            ("Stop", Handler::Stop),
        ],
        response: ResponseForm::ExitCode,
        needs_agent_flag: true,
        manual_steps: &[
            RESTART,
            "a blocked tool shows in OpenCode as a failed tool call whose error starts with BLOCKED or CONFIRMATION REQUIRED",
        ],
        adapter: None,
        version_key: None,
        asks_in_more_modes: None,
        process_names: &["opencode", "opencode-ai"],
        env_markers: &["OPENCODE"],
        hook_shell: HookShell::Plugin,
        probe_event: "PreToolUse",
        probe_payload: payload!("opencode-bash"),
        timeout_field: None,
        off_switches: &[],
        dialect: Dialect::Claude,
        patch_text_only: true,
        hook_trust: false,
        also_reads: None,
        project_trust: None,
        fail_closed_field: None,
        fails_open: &[],
        reload_hint: RELOAD_AT_START,
    },
    AgentSpec {
        name: "qwen",
        user_file: ".qwen/settings.json",
        repo_file: ".qwen/settings.json",
        layout: FileLayout::NestedGroups,
        strictness: Strictness::Comments,
        // qwen 0.24.4: a user file with a trailing comma stops it (exit 1, "Cannot read ... settings.json");
        // a project file is copied to settings.json.corrupted and reset to `{"$version": 4}`.
        when_unreadable: "refuses to start (exit 1; a user file) or silently resets it to {\"$version\": 4}, dropping every hook (a repository file), given a {file} {that}",
        events: &[
            InstalledEvent { name: "SessionStart", matcher: None },
            InstalledEvent { name: "UserPromptSubmit", matcher: None },
            InstalledEvent { name: "PreToolUse", matcher: ANY_TOOL },
            InstalledEvent { name: "PostToolUse", matcher: ANY_TOOL },
            InstalledEvent { name: "Stop", matcher: None },
        ],
        command_key: "command",
        hook_fields_before_command: &[TYPE_COMMAND],
        hook_fields_after_command: &[TIMEOUT_30],
        detect_dirs: &[".qwen"],
        detect_commands: &["qwen"],
        event_map: &[
            ("SessionStart", Handler::SessionStart),
            ("UserPromptSubmit", Handler::UserPromptSubmit),
            ("PreToolUse", Handler::PreToolUse),
            ("PostToolUse", Handler::PostToolUse),
            ("Stop", Handler::Stop),
            ("SessionEnd", Handler::Stop),
        ],
        response: ResponseForm::ExitCode,
        needs_agent_flag: true,
        manual_steps: &[
            RESTART,
            "qwen reads a repository's .qwen/settings.json only in a folder you trusted in qwen, and --bare or --safe-mode start it with no hooks at all",
        ],
        adapter: None,
        // qwen writes `"$version": 4` into a settings file that lacks it on every start.
        version_key: Some(("$version", 4)),
        asks_in_more_modes: None,
        process_names: &["qwen"],
        env_markers: &["QWEN_CODE_SESSION_ID"],
        hook_shell: HookShell::Bash,
        probe_event: "PreToolUse",
        probe_payload: payload!("qwen-shell"),
        // A `timeout` of 1000 or more is read as milliseconds; gitvow writes seconds.
        timeout_field: Some(("timeout", TimeUnit::Seconds)),
        off_switches: &[OffSwitch::JsonFlag { key: "disableAllHooks", also_in: &[] }],
        dialect: Dialect::ServerPrefixedMcp,
        patch_text_only: false,
        hook_trust: false,
        also_reads: None,
        project_trust: None,
        fail_closed_field: None,
        fails_open: &[],
        reload_hint: RELOAD_AT_START,
    },
    AgentSpec {
        name: "cline",
        user_file: ".cline/hooks",
        repo_file: ".clinerules/hooks",
        layout: FileLayout::Scripts {
            other_user_dir: "Documents/Cline/Hooks",
            other_repo_dir: ".cline/hooks",
            extensions: &["sh", "bash", "zsh", "js", "mjs", "cjs", "ts", "mts", "cts", "py", "ps1"],
        },
        strictness: Strictness::Strict,
        when_unreadable: "cannot run a hook {that}",
        events: &[
            InstalledEvent { name: "TaskStart", matcher: None },
            InstalledEvent { name: "UserPromptSubmit", matcher: None },
            InstalledEvent { name: "PreToolUse", matcher: None },
            InstalledEvent { name: "PostToolUse", matcher: None },
            InstalledEvent { name: "TaskComplete", matcher: None },
        ],
        command_key: "command",
        hook_fields_before_command: &[],
        hook_fields_after_command: &[],
        detect_dirs: &[".cline"],
        detect_commands: &["cline"],
        event_map: &[
            ("TaskStart", Handler::SessionStart),
            ("TaskResume", Handler::SessionStart),
            ("UserPromptSubmit", Handler::UserPromptSubmit),
            ("PreToolUse", Handler::PreToolUse),
            ("PostToolUse", Handler::PostToolUse),
            ("TaskComplete", Handler::Stop),
        ],
        response: ResponseForm::Cancel,
        needs_agent_flag: true,
        manual_steps: &[
            RESTART,
            "cline cannot refuse a single tool call: when gitvow blocks one, cline stops the whole task, and the model is not told why; the reason is in `gitvow log` and in ~/.cline/data/logs/cline.log",
        ],
        adapter: None,
        version_key: None,
        asks_in_more_modes: None,
        // The npm launcher starts the compiled binary, cached as `.cline`.
        process_names: &["cline", ".cline"],
        env_markers: &[],
        hook_shell: HookShell::Script,
        probe_event: "PreToolUse",
        probe_payload: payload!("cline-shell"),
        // cline gives every hook 120 s and has no setting for it.
        timeout_field: None,
        off_switches: &[],
        dialect: Dialect::ToolCallObject,
        patch_text_only: false,
        hook_trust: false,
        also_reads: None,
        project_trust: None,
        fail_closed_field: None,
        // gitvow's hook file answers `cancel` itself when gitvow is missing, exits without an answer
        // or dies of a signal (cline 3.0.65 would run the call), and gitvow's own deadline answers
        // long before cline's fixed 120 s.
        fails_open: &[],
        reload_hint: "start a new cline task: it looks for hook files when a task starts",
    },
    AgentSpec {
        name: "kilo",
        user_file: ".config/kilo/plugins/gitvow.js",
        repo_file: ".kilo/plugins/gitvow.js",
        layout: FileLayout::Plugin,
        strictness: Strictness::Strict,
        when_unreadable: "cannot load a plugin {that}",
        events: &[
            InstalledEvent { name: "SessionStart", matcher: None },
            InstalledEvent { name: "UserPromptSubmit", matcher: None },
            InstalledEvent { name: "PreToolUse", matcher: None },
            InstalledEvent { name: "PostToolUse", matcher: None },
            InstalledEvent { name: "Stop", matcher: None },
        ],
        command_key: "command",
        hook_fields_before_command: &[],
        hook_fields_after_command: &[],
        detect_dirs: &[".config/kilo", ".kilo"],
        detect_commands: &["kilo"],
        event_map: &[
            ("SessionStart", Handler::SessionStart),
            ("UserPromptSubmit", Handler::UserPromptSubmit),
            ("PreToolUse", Handler::PreToolUse),
            ("PostToolUse", Handler::PostToolUse),
            ("Stop", Handler::Stop),
        ],
        response: ResponseForm::ExitCode,
        needs_agent_flag: true,
        manual_steps: &[
            RESTART,
            "a blocked tool shows in Kilo as a failed tool call whose error starts with BLOCKED or CONFIRMATION REQUIRED; Kilo does not load OpenCode's plugin folders, so each needs its own install; `kilo --pure` starts it without plugins, gitvow's included",
            "in a repository, Kilo treats .kilo/ as a configuration folder: on its first start there it installs its plugin SDK into .kilo/ from npm (offline that start waits about 90 s)",
        ],
        adapter: None,
        version_key: None,
        asks_in_more_modes: None,
        process_names: &["kilo"],
        // Kilo 7.7.9 sets these (and OpenCode's `OPENCODE`) for everything it starts.
        env_markers: &["KILO", "KILO_PID"],
        hook_shell: HookShell::Plugin,
        probe_event: "PreToolUse",
        probe_payload: payload!("kilo-bash"),
        timeout_field: None,
        off_switches: &[],
        dialect: Dialect::Claude,
        patch_text_only: true,
        hook_trust: false,
        also_reads: None,
        project_trust: None,
        fail_closed_field: None,
        fails_open: &[],
        reload_hint: RELOAD_AT_START,
    },
    AgentSpec {
        name: "auggie",
        user_file: ".augment/settings.json",
        repo_file: ".augment/settings.json",
        layout: FileLayout::NestedGroups,
        // auggie 0.36.0 ran the hooks of a settings.json with a comment or a trailing comma.
        strictness: Strictness::Lenient,
        when_unreadable: IGNORES_EVERY_HOOK,
        // The matcher is a JavaScript regular expression; `.*` (not `*`) matches every tool, MCP
        // tools included.
        events: &[
            InstalledEvent { name: "SessionStart", matcher: None },
            InstalledEvent { name: "PromptSubmit", matcher: None },
            InstalledEvent { name: "PreToolUse", matcher: Some(".*") },
            InstalledEvent { name: "PostToolUse", matcher: Some(".*") },
            InstalledEvent { name: "Stop", matcher: None },
        ],
        command_key: "command",
        hook_fields_before_command: &[TYPE_COMMAND],
        hook_fields_after_command: &[ExtraField::Int("timeout", 30000)],
        detect_dirs: &[".augment"],
        detect_commands: &["auggie"],
        event_map: &[
            ("SessionStart", Handler::SessionStart),
            ("PromptSubmit", Handler::UserPromptSubmit),
            ("PreToolUse", Handler::PreToolUse),
            ("PostToolUse", Handler::PostToolUse),
            ("Stop", Handler::Stop),
            ("SessionEnd", Handler::Stop),
        ],
        response: ResponseForm::ExitCode,
        needs_agent_flag: true,
        manual_steps: &[
            RESTART,
            "auggie runs hooks only where Augment has switched them on for your account (its `enable_hooks` flag): `gitvow doctor` shows when auggie last called gitvow",
        ],
        adapter: None,
        version_key: None,
        asks_in_more_modes: None,
        process_names: &["auggie"],
        env_markers: &["AUGMENT_AGENT"],
        hook_shell: HookShell::Words,
        probe_event: "PreToolUse",
        probe_payload: payload!("auggie-shell"),
        timeout_field: Some(("timeout", TimeUnit::Milliseconds)),
        off_switches: &[],
        dialect: Dialect::FlaggedMcp,
        patch_text_only: false,
        hook_trust: false,
        also_reads: None,
        project_trust: None,
        fail_closed_field: None,
        fails_open: &[],
        reload_hint: "restart it: it reads its hooks at start-up, and runs them only where Augment has switched hooks on",
    },
    AgentSpec {
        name: "pi",
        // pi 1.6.0 loads every `*.js` of these folders; the repository's only in a project the
        // person trusted in pi.
        user_file: ".pi/agent/extensions/gitvow.js",
        repo_file: ".pi/extensions/gitvow.js",
        layout: FileLayout::Plugin,
        // pi 1.6.0 stops before the model is asked when an extension file does not parse.
        when_unreadable: "stops at start-up, before the model is asked, given an extension {that}",
        events: PLUGIN_EVENTS,
        detect_dirs: &[".pi"],
        detect_commands: &["pi"],
        event_map: PLUGIN_EVENT_MAP,
        manual_steps: &[
            "restart any open pi session (or run /reload in it): pi loads extensions at start-up",
            "pi loads a repository's .pi/extensions/ only in a project you trusted in pi",
        ],
        process_names: &["pi"],
        // pi 1.6.0 sets it for every command its shell tool runs.
        env_markers: &["PI_CODING_AGENT"],
        hook_shell: HookShell::Plugin,
        probe_payload: payload!("pi-bash"),
        // The extension blocks the call itself when gitvow is missing, fails or passes its deadline
        // (pi 1.6.0 also blocks a call whose handler throws).
        fails_open: &[],
        reload_hint: "restart pi or run /reload: it loads extensions at start-up",
        ..NEW_ROW
    },
    AgentSpec {
        name: "hermes",
        // `$HERMES_HOME/config.yaml` when HERMES_HOME is set (agents::homes); hermes 0.19.0
        // reads no hooks from a repository.
        user_file: ".hermes/config.yaml",
        repo_file: "",
        layout: FileLayout::Yaml,
        // hermes 0.19.0 prints "edits to config.yaml are being IGNORED" and runs on its defaults.
        when_unreadable: "runs with none of its hooks (and none of your other settings) given a {file} {that}",
        events: &[
            InstalledEvent { name: "on_session_start", matcher: None },
            InstalledEvent { name: "pre_tool_call", matcher: Some(".*") },
            InstalledEvent { name: "post_tool_call", matcher: Some(".*") },
            InstalledEvent { name: "on_session_end", matcher: None },
        ],
        hook_fields_after_command: &[TIMEOUT_30],
        detect_dirs: &[".hermes"],
        detect_commands: &["hermes"],
        event_map: &[
            ("on_session_start", Handler::SessionStart),
            ("pre_tool_call", Handler::PreToolUse),
            ("post_tool_call", Handler::PostToolUse),
            ("on_session_end", Handler::Stop),
        ],
        response: ResponseForm::Decision,
        manual_steps: &[
            RESTART,
            "hermes runs a new hook command only after you consent: start `hermes` once in a terminal and accept gitvow's hooks (or pass --accept-hooks once); gitvow never writes ~/.hermes/shell-hooks-allowlist.json for you, and until you consent hermes skips gitvow's hooks",
        ],
        process_names: &["hermes"],
        hook_shell: HookShell::Shlex,
        probe_event: "pre_tool_call",
        probe_payload: payload!("hermes-terminal"),
        timeout_field: Some(("timeout", TimeUnit::Seconds)),
        // hermes 0.19.0 lets the call run when a hook cannot be started, fails or prints no
        // block: gitvow's entry runs gitvow through `sh -c … || printf <block>`, so only a hook past
        // its timeout goes through.
        fails_open: &[FailCase::Timeout],
        reload_hint: "restart hermes (and accept gitvow's hooks when it asks): it reads its hooks at start-up",
        ..NEW_ROW
    },
];

/// The events and routing of a generated plugin (opencode, kilo, pi).
const PLUGIN_EVENTS: &[InstalledEvent] = &[
    InstalledEvent { name: "SessionStart", matcher: None },
    InstalledEvent { name: "UserPromptSubmit", matcher: None },
    InstalledEvent { name: "PreToolUse", matcher: None },
    InstalledEvent { name: "PostToolUse", matcher: None },
    InstalledEvent { name: "Stop", matcher: None },
];
const PLUGIN_EVENT_MAP: &[(&str, Handler)] = &[
    ("SessionStart", Handler::SessionStart),
    ("UserPromptSubmit", Handler::UserPromptSubmit),
    ("PreToolUse", Handler::PreToolUse),
    ("PostToolUse", Handler::PostToolUse),
    ("Stop", Handler::Stop),
];

/// What the rows added after the first eleven, and external adapters' rows, share: each names what
/// differs, so a field added to [`AgentSpec`] later needs a value here only.
pub(crate) const NEW_ROW: AgentSpec = AgentSpec {
    name: "",
    user_file: "",
    repo_file: "",
    layout: FileLayout::NestedGroups,
    strictness: Strictness::Strict,
    when_unreadable: IGNORES_EVERY_HOOK,
    events: &[],
    command_key: "command",
    hook_fields_before_command: &[],
    hook_fields_after_command: &[],
    detect_dirs: &[],
    detect_commands: &[],
    event_map: &[],
    response: ResponseForm::ExitCode,
    asks_in_more_modes: None,
    needs_agent_flag: true,
    manual_steps: &[RESTART],
    adapter: None,
    version_key: None,
    process_names: &[],
    env_markers: &[],
    hook_shell: HookShell::Sh,
    probe_event: "PreToolUse",
    probe_payload: CLAUDE_SHELL_PAYLOAD,
    timeout_field: None,
    off_switches: &[],
    dialect: Dialect::Claude,
    patch_text_only: false,
    hook_trust: false,
    also_reads: None,
    project_trust: None,
    fail_closed_field: None,
    fails_open: &FailCase::ALL,
    reload_hint: RELOAD_AT_START,
};

/// The built-in agent with this name.
pub fn find(name: &str) -> Option<&'static AgentSpec> {
    AGENTS.iter().find(|a| a.name == name)
}

impl AgentSpec {
    /// The gitvow handler for one of this agent's event names, if gitvow maps it.
    pub fn handler_for(&self, event: &str) -> Option<Handler> {
        self.event_map.iter().find(|(e, _)| *e == event).map(|(_, h)| *h)
    }

    /// One sentence saying what the agent does with its file when the file has `construct` (as the
    /// parser names it: "comments", "a trailing comma"; `None`: some other syntax error).
    pub fn would_drop(&self, construct: Option<&str>) -> String {
        let file = std::path::Path::new(self.user_file).file_name().and_then(|f| f.to_str()).unwrap_or(self.user_file);
        let that = match construct {
            Some(what) => format!("that has {what}"),
            None => "that it cannot parse".to_string(),
        };
        format!("{} {}", self.name, self.when_unreadable.replace("{file}", file).replace("{that}", &that))
    }

    /// How gitvow's PreToolUse entry blocks when gitvow cannot answer (see [`FailClosedBy`]).
    pub fn fail_closed_by(&self) -> FailClosedBy {
        let shell = matches!(self.hook_shell, HookShell::Sh | HookShell::LoginShell | HookShell::Bash | HookShell::Words);
        if self.fail_closed_field.is_some()
            || self.hook_fields_after_command.iter().any(|f| matches!(f, ExtraField::Bool("failClosed", true)))
        {
            FailClosedBy::Field
        } else if self.hook_shell == HookShell::Plugin {
            FailClosedBy::Plugin
        } else if self.hook_shell == HookShell::Script {
            FailClosedBy::HookFile
        } else if shell && self.response == ResponseForm::ExitCode && self.adapter.is_none() {
            FailClosedBy::Wrapper
        } else {
            FailClosedBy::Agent
        }
    }

    /// The command line an installed hook runs for `event`, given the gitvow command.
    pub fn hook_command(&self, gitvow: &str, event: &str) -> String {
        if self.needs_agent_flag { format!("{gitvow} hook --agent {} {event}", self.name) } else { format!("{gitvow} hook {event}") }
    }
}
