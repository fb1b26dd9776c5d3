//! The six real agent CLIs (pinned, from npm, cached outside the repository) load what
//! `gitvow install --user` writes, call `gitvow hook` with their real payloads and obey its
//! answers; after `gitvow uninstall` the gate is gone and the user's files are as they were.
//!
//! Each agent runs against a mock model (tests/e2e/mock_llm.py) that asks for scripted tool
//! calls, inside a loopback-only network namespace when the machine allows it. Outcomes are read
//! on disk and in git, not in logs. One line per agent and scenario is printed past libtest's
//! capture. The suite runs when `CI` or `GITVOW_E2E` is set (see build.rs) and is reported as
//! ignored otherwise; without node/npm or the npm registry it fails in CI and is skipped with a
//! notice elsewhere; see tests/e2e/README.md.

#[path = "e2e/harness.rs"]
mod harness;

use harness::{AgentRun, Report, Sandbox, Toolchain, emit, toolchain};
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
    /// A shell command as this agent's tool call.
    shell: fn(&str) -> Calls,
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
    command: |tc, sb, _| {
        let argv = vec![
            tc.bin(".bin/claude").to_string_lossy().into_owned(),
            s("-p"),
            s("Please do the task."),
            s("--output-format"),
            s("json"),
            // A prompting permission mode: gitvow's confirm becomes Claude's own "ask", which a
            // headless run cannot grant.
            s("--permission-mode"),
            s("default"),
            s("--allowedTools"),
            s("Bash Read Write Edit"),
        ];
        let env = envs(&[
            ("ANTHROPIC_BASE_URL", sb.base_url()),
            ("ANTHROPIC_API_KEY", s("dummy")),
            ("DISABLE_AUTOUPDATER", s("1")),
            ("DISABLE_TELEMETRY", s("1")),
            ("DISABLE_ERROR_REPORTING", s("1")),
            ("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", s("1")),
        ]);
        (argv, env)
    },
    shell: |c| vec![call("Bash", json!({"command": c, "description": "run it"}))],
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
            s("--dangerously-bypass-approvals-and-sandbox"),
            s("-C"),
            sb.repo().to_string_lossy().into_owned(),
        ];
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
    shell: |c| vec![call("shell", json!({"command": c}))],
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
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
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
    shell: |c| vec![call("run_shell_command", json!({"command": c, "description": "run it"}))],
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
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
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
    shell: |c| vec![call("bash", json!({"command": c, "description": "run it"}))],
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
    shell: |c| vec![call("bash", json!({"command": c, "description": "run it"}))],
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
    shell: |c| vec![call("Execute", json!({"summary": "run it", "command": c, "riskLevelReason": "asked for", "riskLevel": "high"}))],
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
    script.add((agent.shell)(HARMLESS_CMD));
    script.add((agent.write)(&sb, "written.txt", "written by the agent"));
    script.add((agent.shell)(FORCE_PUSH));
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
    if !run.completed() || report.outcomes.iter().any(|o| !o.ok) {
        report.keep("gate session", &run);
    }
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

    let calls = (agent.shell)(FORCE_PUSH);
    // Codex: run hooks untrusted too, so that any hook left behind would fire.
    let (argv, env) = (agent.command)(tc, &sb, Flavor { bypass_trust: true, ..Flavor::default() });
    let run = sb.run_agent(tc, &calls, &argv, &env);
    let pushed = sb.origin_main() == sb.local_main();
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
    let run = sb.run_agent(tc, &(CODEX.shell)(FORCE_PUSH), &argv, &env);
    let pushed = sb.origin_main() == sb.local_main();
    let asked = sb.repo().join(".git/gitvow-hooks.log").exists();
    let observed =
        format!("{}, {}", if pushed { "pushed" } else { "not pushed" }, if asked { "gitvow WAS asked" } else { "gitvow never asked" });
    report.line("untrusted_skipped", "pushed, hook silent", observed, run.seconds, pushed && !asked);
    codex_doctor_trust(&sb, report, false);
}

/// What `gitvow doctor` says of codex's trust in gitvow's hooks: `warn` with the fix while nobody
/// trusted them, `ok` once the trust record codex itself reports (`hooks/list`) is stored.
fn codex_doctor_trust(sb: &Sandbox, report: &mut Report, trusted: bool) {
    let started = Instant::now();
    let (code, out) = sb.gitvow(&["doctor", "--user", "--agent", "codex", "--json"]);
    let seconds = started.elapsed().as_secs_f64();
    let status = serde_json::from_str::<Value>(&out).ok().and_then(|v| {
        v["checks"].as_array()?.iter().find(|c| c["check"] == "codex-trust").and_then(|c| c["status"].as_str().map(str::to_string))
    });
    let (scenario, expected, want) =
        if trusted { ("doctor_trusted", "codex-trust ok", "ok") } else { ("doctor_untrusted", "codex-trust warn", "warn") };
    let observed = format!("exit {code}, codex-trust {}", status.as_deref().unwrap_or("missing"));
    let ok = status.as_deref() == Some(want);
    report.line(scenario, expected, observed, seconds, ok);
    if !ok {
        report.details.push(format!("--- gitvow doctor\n{out}"));
    }
}

/// A confirmation answered by the person: the push waits under a code, `gitvow approve <code>` in a
/// terminal says yes, and the agent's retry of the same push happens; a different push still asks.
fn approval_session(agent: &Agent, tc: &Toolchain, report: &mut Report) {
    let sb = installed(agent, tc);
    let go = sb.run_dir().join("approved.go");
    let (push, other) = ("git push origin main:approved", "git push origin main:other");
    let mut calls = (agent.shell)(push);
    let mut retry = (agent.shell)(push);
    if let Some(last) = retry.last_mut() {
        last["wait_for"] = json!(go.to_string_lossy());
    }
    calls.extend(retry);
    calls.extend((agent.shell)(other));
    let approver = sb.approve_when_asked(&go);
    let (argv, env) = (agent.command)(tc, &sb, Flavor::default());
    let run = sb.run_agent(tc, &calls, &argv, &env);
    let approved = approver.join().ok().flatten();
    let first = run.model_saw(0);
    let asked = first.starts_with("CONFIRMATION REQUIRED");
    let pushed = sb.origin_has("approved");
    let observed = match &approved {
        Some((code, _)) => format!("code {code}, approved, {} ({})", if pushed { "pushed" } else { "NOT pushed" }, sb.verdicts()),
        None => format!("no code to approve (model saw \"{first}\")"),
    };
    let ok = asked && approved.as_ref().is_some_and(|(_, shown)| shown.contains("approved:")) && pushed;
    report.line("approved_push", "code, approve, retry pushed", observed, run.seconds, ok);
    let other_held = !sb.origin_has("other");
    blocked_line(report, &run, calls.len() - 1, "other_push_asks", other_held, "branch other not pushed", &sb.verdicts());
    if !ok || !other_held {
        report.keep("approval session", &run);
        if let Some((_, shown)) = approved {
            report.details.push(format!("--- gitvow approve\n{shown}"));
        }
    }
}

fn run_agent_suite(agent: &Agent) {
    let Some(tc) = toolchain() else { return };
    let started = Instant::now();
    let mut report = Report::new(agent.label);
    gate_session(agent, tc, &mut report);
    patch_session(agent, tc, &mut report);
    if agent.gitvow == "codex" {
        codex_untrusted_session(tc, &mut report);
    }
    if matches!(agent.gitvow, "codex" | "opencode") {
        approval_session(agent, tc, &mut report);
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
