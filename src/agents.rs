//! The table of built-in agents. Installer, doctor and runtime all read it: adding an agent is adding
//! a row here, not a new code path.

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
    /// The whole file is a generated JavaScript plugin (opencode).
    Plugin,
    /// An external adapter's agent: `hooks.<event>` arrays of the entries its `info` describes.
    Adapter,
}

/// How an external adapter's agent is installed (from its `info`).
#[derive(Debug)]
pub struct AdapterInstall {
    /// Event name → the entry to append, with every string `__GITVOW__` standing for the command.
    pub entries: serde_json::Map<String, serde_json::Value>,
    /// A top-level key set to 1 when gitvow creates the file.
    pub version_key: Option<String>,
}

/// How strictly the agent itself parses its JSON file (SPEC section 1, "How strictly each agent reads
/// its file", measured with the real binaries). An agent that cannot parse its file drops every hook
/// in it without a word, so gitvow never writes, and doctor FAILs, what the agent would not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strictness {
    /// Plain JSON as `serde_json` reads it: no comments, no trailing commas, no byte-order mark, no
    /// raw control characters inside strings (codex; cursor and copilot).
    Strict,
    /// Plain JSON, but a byte-order mark at the start is accepted (claude).
    StrictBom,
    /// Comments allowed, trailing commas rejected (gemini, factory).
    Comments,
    /// Comments and trailing commas allowed. No built-in agent reads its file so; the editor keeps
    /// such text byte for byte for an agent that does.
    Lenient,
}

impl Strictness {
    pub fn allows_comments(self) -> bool {
        matches!(self, Strictness::Comments | Strictness::Lenient)
    }

    pub fn allows_trailing_commas(self) -> bool {
        self == Strictness::Lenient
    }

    pub fn allows_bom(self) -> bool {
        self != Strictness::Strict
    }

    /// Whether the agent's parser is a strict JSON parser (what `serde_json` rejects, it rejects).
    pub fn is_strict_json(self) -> bool {
        matches!(self, Strictness::Strict | Strictness::StrictBom)
    }
}

/// How the agent starts a hook's command; doctor's live probe starts it the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookShell {
    /// `sh -c "<command>"`.
    Sh,
    /// `$SHELL -lc "<command>"`: a login shell, whose profile may set another PATH (codex).
    LoginShell,
    /// No shell: the agent loads gitvow's generated plugin, which starts gitvow itself (opencode).
    Plugin,
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
}

/// A way gitvow can fail to answer a hook call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailCase {
    /// The executable the entry names is not there.
    Missing,
    /// It exits 1 without an answer (a crash).
    Exit1,
    /// It does not answer within the entry's timeout.
    Timeout,
}

impl FailCase {
    pub const ALL: [FailCase; 3] = [FailCase::Missing, FailCase::Exit1, FailCase::Timeout];

    /// As the end of "when gitvow …".
    pub fn words(self) -> &'static str {
        match self {
            FailCase::Missing => "is missing",
            FailCase::Exit1 => "exits 1",
            FailCase::Timeout => "times out",
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

/// Another agent's hook files an agent can load too, and the agent's setting that decides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlsoLoads {
    pub agent: &'static str,
    /// When it does, in the agent's own words (a setting doctor cannot read).
    pub when: &'static str,
    pub fix: &'static str,
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
    /// Whether the installed command carries `--agent <name>` (claude is the default agent).
    pub needs_agent_flag: bool,
    /// What a person must still do by hand after install.
    pub manual_steps: &'static [&'static str],
    /// Set for an external adapter's agent only.
    pub adapter: Option<&'static AdapterInstall>,
    /// How to tell that a process runs under this agent: names its process (or the script node runs)
    /// goes by, and variables it sets for the commands it runs. Commands only a person may run
    /// (`gitvow trust`) refuse when they find one.
    pub process_names: &'static [&'static str],
    pub env_markers: &'static [&'static str],
    /// How the agent starts a hook's command.
    pub hook_shell: HookShell,
    /// The event doctor probes (the one that gates a shell command), and a payload of it as the real
    /// agent sends it (captured, in `tests/fixtures/payloads/`), which the probe makes harmless.
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
    /// Another agent whose hook files this one can load too (each call is then gated twice).
    pub also_loads: Option<AlsoLoads>,
    /// The entry field that makes the agent fail closed, for an agent that has one; without it the
    /// agent lets a call through when gitvow cannot run.
    pub fail_closed_field: Option<FailClosedField>,
    /// When the agent lets a call through ungated because gitvow could not answer, without
    /// `fail_closed_field` (measured with the real binaries by the end-to-end suite, which fails
    /// when an upgrade changes it).
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
        include_str!(concat!("../tests/fixtures/payloads/", $name, ".json"))
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
        process_names: &["claude", "claude-code"],
        env_markers: &["CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT"],
        hook_shell: HookShell::Sh,
        probe_event: "PreToolUse",
        probe_payload: CLAUDE_SHELL_PAYLOAD,
        timeout_field: Some(("timeout", TimeUnit::Seconds)),
        off_switches: &[OffSwitch::JsonFlag { key: "disableAllHooks", also_in: &[] }],
        dialect: Dialect::Claude,
        patch_text_only: false,
        hook_trust: false,
        also_loads: None,
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
        fails_open: &FailCase::ALL,
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
            "codex's workspace-write sandbox refuses writes inside .git: add \"<repo>/.git\" to [sandbox_workspace_write] writable_roots in ~/.codex/config.toml for the repositories you commit from",
        ],
        adapter: None,
        process_names: &["codex"],
        env_markers: &["CODEX_SANDBOX", "CODEX_SANDBOX_NETWORK_DISABLED", "CODEX_MANAGED_BY_NPM"],
        hook_shell: HookShell::LoginShell,
        probe_event: "PreToolUse",
        probe_payload: payload!("codex-bash"),
        timeout_field: Some(("timeout", TimeUnit::Seconds)),
        off_switches: &[OffSwitch::TomlFeature(".codex/config.toml")],
        dialect: Dialect::Claude,
        patch_text_only: true,
        hook_trust: true,
        also_loads: None,
        also_reads: None,
        project_trust: Some(ProjectTrust {
            file: ".codex/config.toml",
            note: "codex reads <repo>/.codex/hooks.json only for a trusted project: trust it when codex asks, or set [projects.\"<repo>\"] trust_level = \"trusted\" in ~/.codex/config.toml",
        }),
        fail_closed_field: None,
        fails_open: &FailCase::ALL,
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
        process_names: &["gemini", "gemini-cli"],
        env_markers: &["GEMINI_CLI"],
        hook_shell: HookShell::Sh,
        probe_event: "BeforeTool",
        probe_payload: payload!("gemini-shell"),
        timeout_field: Some(("timeout", TimeUnit::Milliseconds)),
        off_switches: &[OffSwitch::HooksConfig],
        dialect: Dialect::ServerPrefixedMcp,
        patch_text_only: false,
        hook_trust: false,
        also_loads: None,
        also_reads: None,
        project_trust: None,
        fail_closed_field: None,
        fails_open: &[FailCase::Exit1, FailCase::Timeout],
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
        // Cursor keeps this switch in its own application state, which doctor cannot read.
        also_loads: Some(AlsoLoads {
            agent: "claude",
            when: "when Cursor's setting \"Include third-party Plugins, Skills, and other configs\" is on, Cursor also runs Claude's hooks (~/.claude/settings.json, .claude/settings.json)",
            fix: "turn that setting off in Cursor Settings → Rules, Skills, Subagents",
        }),
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
        also_loads: None,
        also_reads: None,
        project_trust: None,
        fail_closed_field: None,
        fails_open: &[FailCase::Timeout],
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
        also_loads: None,
        also_reads: Some(".factory/settings.json"),
        project_trust: None,
        fail_closed_field: None,
        fails_open: &FailCase::ALL,
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
        also_loads: None,
        also_reads: None,
        project_trust: None,
        fail_closed_field: None,
        fails_open: &[],
        reload_hint: RELOAD_AT_START,
    },
];

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

    /// The command line an installed hook runs for `event`, given the gitvow command.
    pub fn hook_command(&self, gitvow: &str, event: &str) -> String {
        if self.needs_agent_flag { format!("{gitvow} hook --agent {} {event}", self.name) } else { format!("{gitvow} hook {event}") }
    }
}
