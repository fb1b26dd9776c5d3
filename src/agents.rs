//! The table of built-in agents. Installer, doctor and the gate all read it: adding an agent is adding
//! a row here, not a new code path. A row states only how the agent differs from its family's base
//! (`..CLAUDE_LIKE.install`), group by group (`agents::facts`: what the gate, the installer and
//! doctor each read).

pub(crate) mod also_loads;
mod facts;
pub(crate) mod generated;
pub(crate) mod homes;
pub mod managed;
#[cfg(test)]
mod new_agent_tests;
mod strictness;
pub mod versions;
pub(crate) mod watchdog;

pub use facts::*;
// Short names for the handlers, so that a row's routes fit on a line.
use Handler::{PostToolUse as POST, PreToolUse as PRE, SessionStart as START, Stop as STOP, UserPromptSubmit as PROMPT};
pub use strictness::Strictness;
use versions::checked_with;

/// What claude 2.1.332 and droid 0.225.2 were seen to do with a file they cannot parse (the force
/// push ran, the hook was never called); codex's, cursor's and copilot's strict parsers reject such a
/// file as a whole too.
const IGNORES_EVERY_HOOK: &str = "ignores every hook in a {file} {that}";

/// An installed event without a matcher (a lifecycle event, or one that sees every call).
const fn on(name: &'static str) -> InstalledEvent {
    InstalledEvent { name, matcher: None }
}
/// An installed tool event whose matcher picks the tools.
const fn on_tools(name: &'static str, matcher: Option<&'static str>) -> InstalledEvent {
    InstalledEvent { name, matcher }
}

const TYPE_COMMAND: ExtraField = ExtraField::Str("type", "command");
const TIMEOUT_30: ExtraField = ExtraField::Int("timeout", 30);
const ANY_TOOL: Option<&str> = Some("*");
/// Every tool, where the matcher is a regular expression (auggie, hermes).
const EVERY_TOOL_RE: Option<&str> = Some(".*");
/// The tools codex 0.169.0 gates: shell, patches and MCP.
const CODEX_TOOLS: Option<&str> = Some("Bash|apply_patch|mcp__.*");
const SECONDS: Option<(&str, TimeUnit)> = Some(("timeout", TimeUnit::Seconds));
const MILLISECONDS: Option<(&str, TimeUnit)> = Some(("timeout", TimeUnit::Milliseconds));

pub(crate) const RESTART: &str = "restart any open session of this agent: hooks are read at start-up";
const RELOAD_AT_START: &str = "restart it: it reads its hooks at start-up";

/// The agent `gitvow hook` answers for when no `--agent` is given.
pub(crate) const DEFAULT_AGENT: &str = "claude";

macro_rules! payload {
    ($name:literal) => {
        include_str!(concat!("../templates/probes/", $name, ".json"))
    };
}

/// A shell call in Claude's shape: the probe payload of agents whose own shape is Claude's.
pub(crate) const CLAUDE_SHELL_PAYLOAD: &str = payload!("claude-bash");

/// The events gitvow installs in Claude's shape: the tool events for every tool.
const CLAUDE_EVENTS: &[InstalledEvent] =
    &[on("SessionStart"), on("UserPromptSubmit"), on_tools("PreToolUse", ANY_TOOL), on_tools("PostToolUse", ANY_TOOL), on("Stop")];
/// The events of a generated plugin (opencode, kilo, pi): no matchers, the plugin sees every call.
const PLUGIN_EVENTS: &[InstalledEvent] = &[on("SessionStart"), on("UserPromptSubmit"), on("PreToolUse"), on("PostToolUse"), on("Stop")];

/// What every family shares, and an external adapter's agent starts from: a JSON file of nested
/// groups, no extra entry fields, exit-code answers in Claude's dialect, probed with Claude's shell
/// payload, and, until the end-to-end suite measured otherwise, open whenever gitvow cannot answer.
pub(crate) const BARE: AgentSpec = AgentSpec {
    name: "",
    gate: GateFacts {
        event_map: &[],
        response: ResponseForm::ExitCode,
        asks_in_more_modes: None,
        dialect: Dialect::Claude,
        patch_text_only: false,
        process_names: &[],
        env_markers: &[],
        packages: &[],
    },
    install: InstallFacts {
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
        needs_agent_flag: true,
        manual_steps: &[RESTART],
        adapter: None,
        version_key: None,
        hook_shell: HookShell::Sh,
        off_switches: &[],
        also_reads: None,
        project_trust: None,
        fail_closed_field: None,
        sandbox: None,
    },
    doctor: DoctorFacts {
        probe_event: "PreToolUse",
        probe_payload: CLAUDE_SHELL_PAYLOAD,
        timeout_field: None,
        hook_trust: false,
        fails_open: &FailCase::ALL,
        reload_hint: RELOAD_AT_START,
        proven: None,
    },
};

/// Claude-shaped agents (claude, qwen, factory, auggie, and the JSON files of codex, gemini, cursor
/// and copilot): Claude's events and routing, `{"type": "command", "command", "timeout": 30}`.
pub(crate) const CLAUDE_LIKE: AgentSpec = AgentSpec {
    install: InstallFacts {
        events: CLAUDE_EVENTS,
        hook_fields_before_command: &[TYPE_COMMAND],
        hook_fields_after_command: &[TIMEOUT_30],
        ..BARE.install
    },
    doctor: DoctorFacts { timeout_field: SECONDS, ..BARE.doctor },
    ..BARE
};

/// Agents that load a JavaScript plugin gitvow generates whole (opencode, kilo, pi): the plugin
/// starts gitvow and blocks the call itself when gitvow cannot answer (measured for all three).
pub(crate) const PLUGIN: AgentSpec = AgentSpec {
    install: InstallFacts {
        layout: FileLayout::Plugin,
        when_unreadable: "cannot load a plugin {that}",
        events: PLUGIN_EVENTS,
        hook_shell: HookShell::Plugin,
        ..BARE.install
    },
    doctor: DoctorFacts { fails_open: &[], ..BARE.doctor },
    ..BARE
};

pub static AGENTS: &[AgentSpec] = &[
    AgentSpec {
        name: "claude",
        gate: GateFacts {
            response: ResponseForm::Claude,
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
            packages: &["@anthropic-ai/claude-code"],
            env_markers: &["CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "AI_AGENT"],
            ..CLAUDE_LIKE.gate
        },
        install: InstallFacts {
            user_file: ".claude/settings.json",
            repo_file: ".claude/settings.json",
            strictness: Strictness::StrictBom,
            hook_fields_after_command: &[],
            detect_dirs: &[".claude"],
            detect_commands: &["claude"],
            needs_agent_flag: false,
            off_switches: &[
                OffSwitch::JsonFlag { key: "disableAllHooks", also_in: &[] },
                OffSwitch::ManagedJson {
                    files: &["/etc/claude-code/managed-settings.json", "/Library/Application Support/ClaudeCode/managed-settings.json"],
                    dirs: &["/etc/claude-code/managed-settings.d", "/Library/Application Support/ClaudeCode/managed-settings.d"],
                    only_managed: "allowManagedHooksOnly",
                    all_off: "disableAllHooks",
                },
            ],
            // Checked with claude 2.1.332: with it, a missing gitvow and an exit 1 block the force push.
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
            sandbox: Some(OwnSandbox::SettingsBlock { needs: &["bwrap", "socat"] }),
            ..CLAUDE_LIKE.install
        },
        doctor: DoctorFacts {
            fails_open: &[FailCase::Missing, FailCase::Exit1, FailCase::Signal],
            proven: checked_with("@anthropic-ai/claude-code", "2.1.332"),
            ..CLAUDE_LIKE.doctor
        },
    },
    AgentSpec {
        name: "codex",
        gate: GateFacts {
            patch_text_only: true,
            process_names: &["codex"],
            packages: &["@openai/codex"],
            env_markers: &["CODEX_SANDBOX", "CODEX_SANDBOX_NETWORK_DISABLED", "CODEX_MANAGED_BY_NPM"],
            ..CLAUDE_LIKE.gate
        },
        install: InstallFacts {
            user_file: ".codex/hooks.json",
            repo_file: ".codex/hooks.json",
            events: &[on("SessionStart"), on_tools("PreToolUse", CODEX_TOOLS), on_tools("PostToolUse", CODEX_TOOLS), on("Stop")],
            detect_dirs: &[".codex"],
            detect_commands: &["codex"],
            manual_steps: &[
                RESTART,
                "open codex, run /hooks and trust the gitvow entries: codex skips untrusted hooks without a word",
                "codex's workspace-write sandbox refuses writes inside .git: add <repo .git> to [sandbox_workspace_write] writable_roots in ~/.codex/config.toml",
            ],
            hook_shell: HookShell::LoginShell,
            off_switches: &[
                OffSwitch::TomlFeature(".codex/config.toml"),
                OffSwitch::ManagedToml { file: "/etc/codex/requirements.toml", key: "allow_managed_hooks_only" },
            ],
            project_trust: Some(ProjectTrust {
                file: ".codex/config.toml",
                record: TrustRecord::CodexProjects,
                note: "codex reads <repo>/.codex/hooks.json only for a trusted project: trust it when codex asks, or set [projects.\"<repo>\"] trust_level = \"trusted\" in ~/.codex/config.toml",
            }),
            sandbox: Some(OwnSandbox::TomlMode(".codex/config.toml")),
            ..CLAUDE_LIKE.install
        },
        doctor: DoctorFacts {
            probe_payload: payload!("codex-bash"),
            hook_trust: true,
            fails_open: &[],
            reload_hint: "trust the gitvow hooks with /hooks in codex, then restart codex",
            proven: checked_with("@openai/codex", "0.169.0"),
            ..CLAUDE_LIKE.doctor
        },
    },
    AgentSpec {
        name: "gemini",
        gate: GateFacts {
            event_map: &[("BeforeTool", PRE), ("AfterTool", POST), ("SessionEnd", STOP)],
            dialect: Dialect::ServerPrefixedMcp,
            process_names: &["gemini", "gemini-cli"],
            packages: &["@google/gemini-cli"],
            env_markers: &["GEMINI_CLI"],
            ..CLAUDE_LIKE.gate
        },
        install: InstallFacts {
            user_file: ".gemini/settings.json",
            repo_file: ".gemini/settings.json",
            strictness: Strictness::Comments,
            // gemini 0.61.0 exits 52 with "Error in ~/.gemini/settings.json: <parser message>".
            when_unreadable: "refuses to start (exit 52, \"Error in {file}\") with a {file} {that}",
            events: &[
                on_tools("SessionStart", ANY_TOOL),
                on_tools("BeforeTool", ANY_TOOL),
                on_tools("AfterTool", ANY_TOOL),
                on_tools("SessionEnd", ANY_TOOL),
            ],
            hook_fields_before_command: &[ExtraField::EventName("name"), TYPE_COMMAND],
            hook_fields_after_command: &[ExtraField::Int("timeout", 30000)],
            detect_dirs: &[".gemini"],
            detect_commands: &["gemini"],
            // gemini 0.61.0 starts every command hook as `bash -c <command>` on Linux and macOS
            // (`getShellConfiguration`), so a function `BASH_ENV` defines answers there too.
            hook_shell: HookShell::Bash,
            off_switches: &[OffSwitch::HooksConfig],
            // gemini 0.61.0 merges a repository's settings, hooks included, only in a trusted folder;
            // headless in an untrusted one it exits 55, and with --skip-trust it runs without them.
            project_trust: Some(ProjectTrust {
                file: ".gemini/trustedFolders.json",
                record: TrustRecord::GeminiFolders,
                note: "gemini reads <repo>/.gemini/settings.json, gitvow's hooks with it, only in a folder you trusted: trust it when gemini asks, or add \"<repo>\": \"TRUST_FOLDER\" to ~/.gemini/trustedFolders.json (gemini --skip-trust runs without the repository's settings)",
            }),
            ..CLAUDE_LIKE.install
        },
        doctor: DoctorFacts {
            probe_event: "BeforeTool",
            probe_payload: payload!("gemini-shell"),
            timeout_field: MILLISECONDS,
            fails_open: &[],
            proven: checked_with("@google/gemini-cli", "0.61.0"),
            ..CLAUDE_LIKE.doctor
        },
    },
    AgentSpec {
        name: "cursor",
        gate: GateFacts {
            event_map: &[
                ("beforeShellExecution", PRE),
                ("beforeMCPExecution", PRE),
                ("afterFileEdit", POST),
                ("afterShellExecution", POST),
            ],
            response: ResponseForm::Cursor,
            dialect: Dialect::TopLevelCalls,
            process_names: &["cursor-agent"],
            env_markers: &["CURSOR_AGENT"],
            ..CLAUDE_LIKE.gate
        },
        install: InstallFacts {
            user_file: ".cursor/hooks.json",
            repo_file: ".cursor/hooks.json",
            layout: FileLayout::Flat,
            events: &[
                on("sessionStart"),
                on("preToolUse"),
                on("beforeShellExecution"),
                on("beforeMCPExecution"),
                on("afterFileEdit"),
                on("afterShellExecution"),
                on("stop"),
            ],
            hook_fields_before_command: &[],
            hook_fields_after_command: &[TYPE_COMMAND, TIMEOUT_30, ExtraField::Bool("failClosed", true)],
            detect_dirs: &[".cursor"],
            detect_commands: &["cursor", "cursor-agent"],
            manual_steps: &[
                "Cursor reloads hooks.json by itself; if Cursor is also set to load Claude's hook files, each call is gated twice",
            ],
            off_switches: &[OffSwitch::VersionAndFailClosed],
            ..CLAUDE_LIKE.install
        },
        doctor: DoctorFacts {
            // The generic `preToolUse` lets a shell call through to `beforeShellExecution`.
            probe_event: "beforeShellExecution",
            probe_payload: payload!("cursor-shell"),
            fails_open: &[],
            reload_hint: "run a tool call in Cursor's agent (it reloads hooks by itself)",
            ..CLAUDE_LIKE.doctor
        },
    },
    AgentSpec {
        name: "copilot",
        gate: GateFacts {
            event_map: &[
                ("sessionEnd", STOP),
                // Newer Copilot versions send Claude-style event names.
                ("SessionStart", START),
                ("PreToolUse", PRE),
                ("PostToolUse", POST),
                ("SessionEnd", STOP),
            ],
            response: ResponseForm::Copilot,
            process_names: &["copilot"],
            packages: &["@github/copilot"],
            ..CLAUDE_LIKE.gate
        },
        install: InstallFacts {
            user_file: ".copilot/hooks/gitvow.json",
            repo_file: ".github/hooks/gitvow.json",
            layout: FileLayout::OwnedFlat,
            events: &[on("sessionStart"), on("preToolUse"), on("postToolUse"), on("sessionEnd")],
            command_key: "bash",
            hook_fields_after_command: &[ExtraField::Int("timeoutSec", 30)],
            detect_dirs: &[".copilot"],
            detect_commands: &["copilot"],
            off_switches: &[OffSwitch::JsonFlag { key: "disableAllHooks", also_in: &[".copilot/config.json"] }],
            ..CLAUDE_LIKE.install
        },
        doctor: DoctorFacts {
            probe_event: "preToolUse",
            probe_payload: payload!("copilot-bash"),
            timeout_field: Some(("timeoutSec", TimeUnit::Seconds)),
            fails_open: &[],
            proven: checked_with("@github/copilot", "1.0.102"),
            ..CLAUDE_LIKE.doctor
        },
    },
    AgentSpec {
        name: "factory",
        gate: GateFacts {
            event_map: &[("SessionEnd", STOP)],
            process_names: &["droid"],
            packages: &["@factory/cli"],
            env_markers: &["FACTORY_PROJECT_DIR"],
            ..CLAUDE_LIKE.gate
        },
        install: InstallFacts {
            user_file: ".factory/hooks.json",
            repo_file: ".factory/hooks.json",
            layout: FileLayout::TopLevelGroups,
            strictness: Strictness::Comments,
            events: &[on("SessionStart"), on_tools("PreToolUse", ANY_TOOL), on_tools("PostToolUse", ANY_TOOL), on("Stop")],
            detect_dirs: &[".factory"],
            detect_commands: &["droid"],
            manual_steps: &[
                RESTART,
                "headless droid runs only with --auto medium or --auto high; a hook exit 1 lets a call through, gitvow answers with exit 2",
            ],
            also_reads: Some(".factory/settings.json"),
            ..CLAUDE_LIKE.install
        },
        doctor: DoctorFacts {
            probe_payload: payload!("factory-execute"),
            fails_open: &[],
            // The binary package: the launcher @factory/cli 0.225.1 starts 0.225.2.
            proven: checked_with("@factory/cli-linux-x64", "0.225.2"),
            ..CLAUDE_LIKE.doctor
        },
    },
    AgentSpec {
        name: "opencode",
        gate: GateFacts {
            patch_text_only: true,
            process_names: &["opencode", "opencode-ai"],
            env_markers: &["OPENCODE"],
            packages: &["opencode-ai"],
            ..PLUGIN.gate
        },
        install: InstallFacts {
            user_file: ".config/opencode/plugins/gitvow.js",
            repo_file: ".opencode/plugins/gitvow.js",
            detect_dirs: &[".config/opencode"],
            detect_commands: &["opencode"],
            manual_steps: &[
                RESTART,
                "a blocked tool shows in OpenCode as a failed tool call whose error starts with BLOCKED or CONFIRMATION REQUIRED",
            ],
            ..PLUGIN.install
        },
        doctor: DoctorFacts { probe_payload: payload!("opencode-bash"), proven: checked_with("opencode-ai", "1.18.33"), ..PLUGIN.doctor },
    },
    AgentSpec {
        name: "qwen",
        gate: GateFacts {
            event_map: &[("SessionEnd", STOP)],
            dialect: Dialect::ServerPrefixedMcp,
            process_names: &["qwen"],
            packages: &["@qwen-code/qwen-code"],
            env_markers: &["QWEN_CODE_SESSION_ID"],
            ..CLAUDE_LIKE.gate
        },
        install: InstallFacts {
            user_file: ".qwen/settings.json",
            repo_file: ".qwen/settings.json",
            strictness: Strictness::Comments,
            // qwen 0.24.4: a user file with a trailing comma stops it (exit 1, "Cannot read ... settings.json");
            // a project file is copied to settings.json.corrupted and reset to `{"$version": 4}`.
            when_unreadable: "refuses to start (exit 1; a user file) or silently resets it to {\"$version\": 4}, dropping every hook (a repository file), given a {file} {that}",
            detect_dirs: &[".qwen"],
            detect_commands: &["qwen"],
            manual_steps: &[
                RESTART,
                "qwen reads a repository's .qwen/settings.json only in a folder you trusted in qwen, and --bare or --safe-mode start it with no hooks at all",
            ],
            // qwen writes `"$version": 4` into a settings file that lacks it on every start.
            version_key: Some(("$version", 4)),
            hook_shell: HookShell::Bash,
            off_switches: &[OffSwitch::JsonFlag { key: "disableAllHooks", also_in: &[] }],
            ..CLAUDE_LIKE.install
        },
        // A `timeout` of 1000 or more is read as milliseconds; gitvow writes seconds.
        doctor: DoctorFacts {
            probe_payload: payload!("qwen-shell"),
            fails_open: &[],
            proven: checked_with("@qwen-code/qwen-code", "0.24.4"),
            ..CLAUDE_LIKE.doctor
        },
    },
    AgentSpec {
        name: "cline",
        gate: GateFacts {
            event_map: &[("TaskStart", START), ("TaskResume", START), ("TaskComplete", STOP)],
            response: ResponseForm::Cancel,
            dialect: Dialect::ToolCallObject,
            // The npm launcher starts the compiled binary, cached as `.cline`.
            process_names: &["cline", ".cline"],
            ..BARE.gate
        },
        install: InstallFacts {
            user_file: ".cline/hooks",
            repo_file: ".clinerules/hooks",
            layout: FileLayout::Scripts {
                other_user_dir: "Documents/Cline/Hooks",
                other_repo_dir: ".cline/hooks",
                extensions: &["sh", "bash", "zsh", "js", "mjs", "cjs", "ts", "mts", "cts", "py", "ps1"],
            },
            when_unreadable: "cannot run a hook {that}",
            events: &[on("TaskStart"), on("UserPromptSubmit"), on("PreToolUse"), on("PostToolUse"), on("TaskComplete")],
            detect_dirs: &[".cline"],
            detect_commands: &["cline"],
            manual_steps: &[
                RESTART,
                "cline cannot refuse a single tool call: when gitvow blocks one, cline stops the whole task, and the model is not told why; the reason is in `gitvow log` and in ~/.cline/data/logs/cline.log",
            ],
            hook_shell: HookShell::Script,
            ..BARE.install
        },
        doctor: DoctorFacts {
            probe_payload: payload!("cline-shell"),
            // cline gives every hook 120 s and has no setting for it. gitvow's hook file answers
            // `cancel` itself when gitvow is missing, exits without an answer or dies of a signal
            // (cline 3.0.65 would run the call), and gitvow's own deadline answers long before
            // cline's fixed 120 s.
            fails_open: &[],
            reload_hint: "start a new cline task: it looks for hook files when a task starts",
            proven: checked_with("cline", "3.0.65"),
            ..BARE.doctor
        },
    },
    AgentSpec {
        name: "kilo",
        gate: GateFacts {
            patch_text_only: true,
            process_names: &["kilo"],
            packages: &["@kilocode/cli"],
            // Kilo 7.7.9 sets these (and OpenCode's `OPENCODE`) for everything it starts.
            env_markers: &["KILO", "KILO_PID"],
            ..PLUGIN.gate
        },
        install: InstallFacts {
            user_file: ".config/kilo/plugins/gitvow.js",
            repo_file: ".kilo/plugins/gitvow.js",
            detect_dirs: &[".config/kilo", ".kilo"],
            detect_commands: &["kilo"],
            manual_steps: &[
                RESTART,
                "a blocked tool shows in Kilo as a failed tool call whose error starts with BLOCKED or CONFIRMATION REQUIRED; Kilo does not load OpenCode's plugin folders, so each needs its own install; `kilo --pure` starts it without plugins, gitvow's included",
                "in a repository, Kilo treats .kilo/ as a configuration folder: on its first start there it installs its plugin SDK into .kilo/ from npm (offline that start waits about 90 s)",
            ],
            ..PLUGIN.install
        },
        doctor: DoctorFacts {
            probe_payload: payload!("kilo-bash"),
            // The binary package (the launcher @kilocode/cli 7.8.1 runs it): `kilo --version` says 7.7.9.
            proven: checked_with("@kilocode/cli-linux-x64", "7.7.9"),
            ..PLUGIN.doctor
        },
    },
    AgentSpec {
        name: "auggie",
        gate: GateFacts {
            event_map: &[("PromptSubmit", PROMPT), ("SessionEnd", STOP)],
            dialect: Dialect::FlaggedMcp,
            process_names: &["auggie"],
            packages: &["@augmentcode/auggie"],
            env_markers: &["AUGMENT_AGENT"],
            ..CLAUDE_LIKE.gate
        },
        install: InstallFacts {
            user_file: ".augment/settings.json",
            repo_file: ".augment/settings.json",
            // auggie 0.36.0 ran the hooks of a settings.json with a comment or a trailing comma.
            strictness: Strictness::Lenient,
            // The matcher is a JavaScript regular expression; `.*` (not `*`) matches every tool, MCP
            // tools included.
            events: &[
                on("SessionStart"),
                on("PromptSubmit"),
                on_tools("PreToolUse", EVERY_TOOL_RE),
                on_tools("PostToolUse", EVERY_TOOL_RE),
                on("Stop"),
            ],
            hook_fields_after_command: &[ExtraField::Int("timeout", 30000)],
            detect_dirs: &[".augment"],
            detect_commands: &["auggie"],
            manual_steps: &[
                RESTART,
                "auggie runs hooks only where Augment has switched them on for your account (its `enable_hooks` flag): `gitvow doctor` shows when auggie last called gitvow",
            ],
            hook_shell: HookShell::Words,
            ..CLAUDE_LIKE.install
        },
        doctor: DoctorFacts {
            probe_payload: payload!("auggie-shell"),
            timeout_field: MILLISECONDS,
            fails_open: &[],
            reload_hint: "restart it: it reads its hooks at start-up, and runs them only where Augment has switched hooks on",
            proven: checked_with("@augmentcode/auggie", "0.36.0"),
            ..CLAUDE_LIKE.doctor
        },
    },
    AgentSpec {
        name: "pi",
        // pi 1.6.0 sets it for every command its shell tool runs.
        gate: GateFacts {
            process_names: &["pi"],
            env_markers: &["PI_CODING_AGENT"],
            packages: &["@earendil-works/pi-coding-agent"],
            ..PLUGIN.gate
        },
        install: InstallFacts {
            // pi 1.6.0 loads every `*.js` of these folders; the repository's only in a project the
            // person trusted in pi.
            user_file: ".pi/agent/extensions/gitvow.js",
            repo_file: ".pi/extensions/gitvow.js",
            // pi 1.6.0 stops before the model is asked when an extension file does not parse.
            when_unreadable: "stops at start-up, before the model is asked, given an extension {that}",
            detect_dirs: &[".pi"],
            detect_commands: &["pi"],
            manual_steps: &[
                "restart any open pi session (or run /reload in it): pi loads extensions at start-up",
                "pi loads a repository's .pi/extensions/ only in a project you trusted in pi",
            ],
            ..PLUGIN.install
        },
        // The extension blocks the call itself when gitvow is missing, fails or passes its deadline
        // (pi 1.6.0 also blocks a call whose handler throws).
        doctor: DoctorFacts {
            probe_payload: payload!("pi-bash"),
            reload_hint: "restart pi or run /reload: it loads extensions at start-up",
            proven: checked_with("@earendil-works/pi-coding-agent", "1.6.0"),
            ..PLUGIN.doctor
        },
    },
    AgentSpec {
        name: "hermes",
        gate: GateFacts {
            event_map: &[("on_session_start", START), ("pre_tool_call", PRE), ("post_tool_call", POST), ("on_session_end", STOP)],
            response: ResponseForm::Decision,
            process_names: &["hermes"],
            ..BARE.gate
        },
        install: InstallFacts {
            // `$HERMES_HOME/config.yaml` when HERMES_HOME is set (agents::homes); hermes 0.19.0
            // reads no hooks from a repository.
            user_file: ".hermes/config.yaml",
            layout: FileLayout::Yaml,
            // hermes 0.19.0 prints "edits to config.yaml are being IGNORED" and runs on its defaults.
            when_unreadable: "runs with none of its hooks (and none of your other settings) given a {file} {that}",
            events: &[
                on("on_session_start"),
                on_tools("pre_tool_call", EVERY_TOOL_RE),
                on_tools("post_tool_call", EVERY_TOOL_RE),
                on("on_session_end"),
            ],
            hook_fields_after_command: &[TIMEOUT_30],
            detect_dirs: &[".hermes"],
            detect_commands: &["hermes"],
            manual_steps: &[
                RESTART,
                "hermes runs a new hook command only after you consent: start `hermes` once in a terminal and accept gitvow's hooks (or pass --accept-hooks once); gitvow never writes ~/.hermes/shell-hooks-allowlist.json for you, and until you consent hermes skips gitvow's hooks",
            ],
            hook_shell: HookShell::Shlex,
            ..BARE.install
        },
        doctor: DoctorFacts {
            probe_event: "pre_tool_call",
            probe_payload: payload!("hermes-terminal"),
            timeout_field: SECONDS,
            // hermes 0.19.0 lets the call run when a hook cannot be started, fails, prints no block
            // or passes its timeout: gitvow's entry runs gitvow through `sh -c`, under the
            // watchdog, and prints the block itself for any other end.
            fails_open: &[],
            reload_hint: "restart hermes (and accept gitvow's hooks when it asks): it reads its hooks at start-up",
            proven: checked_with("hermes-agent", "0.19.0"),
            ..BARE.doctor
        },
    },
];

/// The built-in agent with this name.
pub fn find(name: &str) -> Option<&'static AgentSpec> {
    AGENTS.iter().find(|a| a.name == name)
}

/// The program a package runner starts from `package`, when the package is an agent's.
pub fn program_of_package(package: &str) -> Option<&'static str> {
    AGENTS.iter().find(|a| a.gate.packages.contains(&package)).and_then(|a| a.gate.process_names.first().copied())
}
