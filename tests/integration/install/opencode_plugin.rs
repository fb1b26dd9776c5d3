//! The generated OpenCode plugin, run under real Node.js with a minimal stand-in for OpenCode's plugin
//! API and a stand-in gitvow that answers like `gitvow hook` (exit 2 and `BLOCKED: …` on stderr for a
//! force push, exit 0 otherwise).

use crate::support::{Cmd, Sandbox};
use gitvow::edit::plugin::render_plugin;
use serde_json::{Value, json};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Imports the plugin as both plugin APIs do (its one export, the default `{ id, server, setup }`),
/// builds its hooks the way the API in `PLUGIN_API` does, runs one hook, and prints
/// `{"threw": bool, "message": ...}`. Arguments: the hook name and its JSON arguments.
/// `v1` calls `server` as OpenCode 1 and Kilo do; `v2` calls `setup` with a stand-in of OpenCode 2's
/// `ctx.tool.hook` (no OpenCode 2 runs here), mapping OpenCode 1's `tool.execute.before` arguments
/// onto its event.
const DRIVER: &str = r#"
import * as all from "./plugins/gitvow.js";
if (Object.keys(all).join() !== "default") throw new Error(`expected only a default export, got ${Object.keys(all)}`);
const plugin = all.default;
if (typeof plugin.id !== "string" || typeof plugin.server !== "function" || typeof plugin.setup !== "function") {
  throw new Error("the default export is not { id, server, setup }");
}
const dir = process.env.PROJECT_DIR;
let hooks;
if (process.env.PLUGIN_API === "v2") {
  hooks = {};
  const tool = {
    hook: async (name, fn) => {
      hooks[`tool.${name}`] = (input, output) =>
        fn({ tool: input.tool, sessionID: input.sessionID, callID: input.callID, input: output.args });
    },
  };
  await plugin.setup({ location: { directory: dir }, tool });
} else {
  hooks = await plugin.server({ project: { id: "p1", worktree: dir }, client: {}, $: () => {}, directory: dir, worktree: dir });
}
const name = process.argv[2];
const args = JSON.parse(process.argv[3]);
try {
  await hooks[name](...args);
  console.log(JSON.stringify({ threw: false }));
} catch (e) {
  console.log(JSON.stringify({ threw: true, message: String(e && e.message) }));
}
"#;

struct Setup {
    sandbox: Sandbox,
    root: PathBuf,
    project: PathBuf,
    /// Where the stand-in writes the stdin it received.
    record: PathBuf,
    stand_in: PathBuf,
}

fn node_available() -> bool {
    let ok = Cmd::tool("node").arg("--version").command().output().is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("notice: node is not installed; skipping the OpenCode plugin test");
    }
    ok
}

fn setup() -> Setup {
    let sandbox = Sandbox::new();
    let root = sandbox.root().to_path_buf();
    // Quotes and a space in the path: the command must reach the shell intact.
    let bin = root.join("it's bin");
    let project = root.join("project");
    fs::create_dir_all(&bin).unwrap();
    fs::create_dir_all(root.join("plugins")).unwrap();
    fs::create_dir_all(&project).unwrap();
    fs::write(root.join("package.json"), r#"{"type": "module"}"#).unwrap();
    fs::write(root.join("driver.mjs"), DRIVER).unwrap();
    let record = root.join("stdin.json");
    let stand_in = bin.join("gitvow");
    let script = format!(
        "#!/bin/sh\n\
         # Answers like `gitvow hook --agent opencode <Event>`.\n\
         cat > {record}\n\
         printf '%s\\n' \"$@\" > {record}.args\n\
         if grep -q 'push --force' {record}; then\n\
           echo 'BLOCKED: force push rewrites published history (rule force-push)' >&2\n\
           exit 2\n\
         fi\n\
         exit 0\n",
        record = shell_words::quote(&record.to_string_lossy()),
    );
    fs::write(&stand_in, script).unwrap();
    fs::set_permissions(&stand_in, fs::Permissions::from_mode(0o755)).unwrap();
    Setup { sandbox, root, project, record, stand_in }
}

impl Setup {
    fn install(&self, command: &str) {
        fs::write(self.root.join("plugins/gitvow.js"), render_plugin("opencode", command)).unwrap();
    }

    fn quoted_stand_in(&self) -> String {
        shell_words::quote(&self.stand_in.to_string_lossy()).into_owned()
    }

    /// Run one hook of the plugin as OpenCode 1 builds it; returns the driver's verdict.
    fn run(&self, hook: &str, args: Value) -> Value {
        self.run_as("v1", hook, args)
    }

    fn run_as(&self, api: &str, hook: &str, args: Value) -> Value {
        let out = self
            .sandbox
            .tool("node")
            .arg(self.root.join("driver.mjs"))
            .arg(hook)
            .arg(args.to_string())
            .env("PROJECT_DIR", &self.project)
            .env("PLUGIN_API", api)
            .current_dir(&self.root)
            .run();
        assert!(out.code == 0, "driver failed: {}", out.stderr);
        out.json()
    }

    fn before(&self, tool: &str, args: Value) -> Value {
        self.run("tool.execute.before", json!([{"tool": tool, "sessionID": "ses_1", "callID": "call_7"}, {"args": args}]))
    }

    fn received(&self) -> Value {
        serde_json::from_slice(&fs::read(&self.record).unwrap()).unwrap()
    }
}

fn path_str(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

#[test]
fn a_denied_command_throws_with_gitvows_message() {
    if !node_available() {
        return;
    }
    let s = setup();
    s.install(&s.quoted_stand_in());
    let verdict = s.before("bash", json!({"command": "git push --force origin main", "description": "push"}));
    assert_eq!(verdict["threw"], true);
    assert_eq!(verdict["message"], "BLOCKED: force push rewrites published history (rule force-push)");
}

#[test]
fn an_allowed_command_passes_and_gitvow_gets_the_normalised_payload() {
    if !node_available() {
        return;
    }
    let s = setup();
    s.install(&s.quoted_stand_in());
    let verdict = s.before("bash", json!({"command": "ls -la", "description": "list"}));
    assert_eq!(verdict, json!({"threw": false}));
    assert_eq!(
        s.received(),
        json!({
            "session_id": "ses_1",
            "cwd": path_str(&s.project),
            "hook_event_name": "PreToolUse",
            "tool_name": "bash",
            "tool_input": {"command": "ls -la", "description": "list"},
            "tool_use_id": "call_7",
        })
    );
    let args = fs::read_to_string(s.record.with_extension("json.args")).unwrap();
    assert_eq!(args, "hook\n--agent\nopencode\nPreToolUse\n");
}

#[test]
fn a_missing_gitvow_blocks_tool_calls_but_nothing_else() {
    if !node_available() {
        return;
    }
    let s = setup();
    let missing = shell_words::quote(&path_str(&s.root.join("no such dir/gitvow"))).into_owned();
    s.install(&missing);
    let verdict = s.before("edit", json!({"filePath": "a.txt", "oldString": "a", "newString": "b"}));
    assert_eq!(verdict["threw"], true);
    let message = verdict["message"].as_str().unwrap();
    assert!(message.starts_with("BLOCKED: the gitvow policy gate was not found"), "{message}");
    // Events that only inform gitvow never throw.
    let session = json!([{"event": {"type": "session.idle", "properties": {"sessionID": "ses_1"}}}]);
    assert_eq!(s.run("event", session), json!({"threw": false}));
    let after = json!([{"tool": "bash", "sessionID": "ses_1", "callID": "c"}, {"title": "", "output": "", "metadata": {}}]);
    assert_eq!(s.run("tool.execute.after", after), json!({"threw": false}));
}

#[test]
fn a_killed_gitvow_blocks_the_tool_call() {
    if !node_available() {
        return;
    }
    let s = setup();
    let killer = s.root.join("killer");
    fs::write(&killer, "#!/bin/sh\nkill -9 $$\n").unwrap();
    fs::set_permissions(&killer, fs::Permissions::from_mode(0o755)).unwrap();
    s.install(&shell_words::quote(&path_str(&killer)));
    let verdict = s.before("write", json!({"filePath": "x", "content": "y"}));
    assert_eq!(verdict["threw"], true);
    assert!(verdict["message"].as_str().unwrap().starts_with("BLOCKED: the gitvow policy gate"), "{verdict}");
}

#[test]
fn the_prompt_reaches_gitvow_as_text() {
    if !node_available() {
        return;
    }
    let s = setup();
    s.install(&s.quoted_stand_in());
    let parts = json!([{"type": "text", "text": "fix the bug"}, {"type": "file", "url": "x"}, {"type": "text", "text": "please"}]);
    let verdict = s.run("chat.message", json!([{"sessionID": "ses_2"}, {"message": {}, "parts": parts}]));
    assert_eq!(verdict, json!({"threw": false}));
    let got = s.received();
    assert_eq!(got["hook_event_name"], "UserPromptSubmit");
    assert_eq!(got["prompt"], "fix the bug\nplease");
    assert_eq!(got["session_id"], "ses_2");
}

#[test]
fn the_opencode_2_setup_gates_tool_calls_the_same_way() {
    if !node_available() {
        return;
    }
    let s = setup();
    s.install(&s.quoted_stand_in());
    let call = |command: &str| json!([{"tool": "bash", "sessionID": "ses_3", "callID": "call_9"}, {"args": {"command": command}}]);
    let verdict = s.run_as("v2", "tool.execute.before", call("git push --force origin main"));
    assert_eq!(verdict["threw"], true);
    assert_eq!(verdict["message"], "BLOCKED: force push rewrites published history (rule force-push)");
    assert_eq!(s.run_as("v2", "tool.execute.before", call("ls")), json!({"threw": false}));
    assert_eq!(s.received()["tool_input"], json!({"command": "ls"}));
    assert_eq!(s.received()["session_id"], "ses_3");
    // A missing gitvow blocks here too.
    s.install(&shell_words::quote(&path_str(&s.root.join("gone/gitvow"))));
    let verdict = s.run_as("v2", "tool.execute.before", call("ls"));
    assert_eq!(verdict["threw"], true, "{verdict}");
}

/// The plugin gitvow generated before the `{ id, server, setup }` form: a named factory export,
/// which OpenCode 2 does not load. Its first line is the marker, so it is gitvow's to replace.
const OLD_FORM: &str = "// Generated by gitvow: `gitvow uninstall` removes this file.\n\
    const GITVOW = \"gitvow\";\n\
    export const GitvowPolicyGate = async () => ({});\n";

#[test]
fn install_replaces_the_old_form_and_uninstall_removes_either() {
    for agent in ["opencode", "kilo"] {
        let env = Sandbox::with_repo();
        let file = if agent == "opencode" { "~/.config/opencode/plugins/gitvow.js" } else { "~/.config/kilo/plugins/gitvow.js" };
        let path = env.write(file, OLD_FORM);
        let out = env.run(["install", "--user", "--agent", agent]);
        assert_eq!(out.code, 0, "{agent}: {}", out.stderr);
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.contains("export default { id: \"gitvow-policy-gate\", server, setup };"), "{agent}: {text}");
        assert!(!text.contains("GitvowPolicyGate"), "{agent}");
        let out = env.run(["uninstall", "--user", "--agent", agent]);
        assert_eq!(out.code, 0, "{agent}: {}", out.stderr);
        assert!(!path.exists(), "{agent}: uninstall left the new form");
        // An old-form file left behind (an older gitvow's install) is removed too.
        let path = env.write(file, OLD_FORM);
        let out = env.run(["uninstall", "--user", "--agent", agent]);
        assert_eq!(out.code, 0, "{agent}: {}", out.stderr);
        assert!(!path.exists(), "{agent}: uninstall left the old form");
    }
}
