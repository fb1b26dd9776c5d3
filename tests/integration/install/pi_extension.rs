//! pi's generated extension, run under real Node.js with a stand-in for pi's extension API: the
//! installed file calls the built gitvow, blocks with gitvow's reason, and blocks when gitvow is
//! missing or fails.

use crate::support::{Cmd, Sandbox};
use serde_json::{Value, json};

/// Loads the extension as pi 1.6.0 does, gives its `tool_call` handler one event and prints what
/// it returned (`null` for "run it"), or `{"threw": message}`.
const DRIVER: &str = r#"
import { pathToFileURL } from "node:url";
const [extension, event, cwd] = process.argv.slice(2);
const handlers = {};
const mod = await import(pathToFileURL(extension).href);
mod.default({ on: (name, fn) => { (handlers[name] ||= []).push(fn); } });
const ctx = { cwd, sessionManager: { getSessionId: () => "pi-session-1" } };
const ev = JSON.parse(event);
try {
  const r = await handlers.tool_call[0](ev, ctx);
  let frozen = false;
  try { ev.input.command = "changed"; } catch { frozen = true; }
  console.log(JSON.stringify({ result: r ?? null, frozen, events: Object.keys(handlers).sort() }));
} catch (e) {
  console.log(JSON.stringify({ threw: String(e && e.message) }));
}
"#;

fn node_available() -> bool {
    let ok = Cmd::tool("node").arg("--version").command().output().is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("notice: node is not installed; skipping the pi extension test");
    }
    ok
}

/// A user install of pi with `--command` when given, and a way to call the installed extension.
struct Pi {
    env: Sandbox,
    driver: std::path::PathBuf,
}

impl Pi {
    /// Installs pi's extension in a new sandbox, with the `--command` that `command` gives there.
    fn new(command: fn(&Sandbox) -> Option<String>) -> Pi {
        let env = Sandbox::with_repo();
        let command = command(&env);
        let mut args = vec!["install", "--user", "--agent", "pi"];
        if let Some(c) = &command {
            args.extend(["--command", c, "--force"]);
        }
        let out = env.run(args);
        assert_eq!(out.code, 0, "install failed: {}", out.stderr);
        let driver = env.write("~/driver.mjs", DRIVER);
        Pi { env, driver }
    }

    fn call(&self, tool: &str, input: Value) -> Value {
        // A copy as `.mjs`: Node reads it as the ES module pi loads.
        let ext = self.env.root().join("gitvow.mjs");
        std::fs::copy(self.env.home().join(".pi/agent/extensions/gitvow.js"), &ext).unwrap();
        let event = json!({"type": "tool_call", "toolName": tool, "toolCallId": "call_1", "input": input});
        let out = self.env.tool("node").arg(&self.driver).arg(&ext).arg(event.to_string()).arg(self.env.repo()).run();
        assert_eq!(out.code, 0, "driver failed: {}", out.stderr);
        out.json()
    }
}

#[test]
fn a_force_push_is_blocked_with_gitvows_reason_and_a_harmless_call_runs() {
    if !node_available() {
        return;
    }
    let pi = Pi::new(|_| None);
    let r = pi.call("bash", json!({"command": "git push --force origin main"}));
    assert_eq!(r["result"]["block"], true, "{r}");
    assert!(r["result"]["reason"].as_str().unwrap().contains("force push"), "{r}");
    let r = pi.call("bash", json!({"command": "ls -la"}));
    assert_eq!(r["result"], Value::Null, "{r}");
    // What was judged is what runs: a later handler cannot change it.
    assert_eq!(r["frozen"], true, "{r}");
    assert_eq!(r["events"], json!(["before_agent_start", "session_shutdown", "session_start", "tool_call", "tool_result"]));
}

#[test]
fn an_edit_of_the_policy_by_a_relative_or_home_path_is_stopped() {
    if !node_available() {
        return;
    }
    let pi = Pi::new(|_| None);
    pi.env.write(".gitvow/policy.json", include_str!("../../../templates/policy.json"));
    let edits = json!([{"oldText": "force push rewrites the remote's history", "newText": "force push is fine"}]);
    let r = pi.call("edit", json!({"path": ".gitvow/policy.json", "edits": edits}));
    assert_eq!(r["result"]["block"], true, "{r}");
    // pi expands `~/` and drops a leading `@`: gitvow judges the file pi writes.
    let r = pi.call("write", json!({"path": "@~/.pi/agent/extensions/gitvow.js", "content": ""}));
    assert_eq!(r["result"]["block"], true, "{r}");
}

#[test]
fn a_missing_or_failing_gitvow_blocks() {
    if !node_available() {
        return;
    }
    let missing: fn(&Sandbox) -> Option<String> = |env| Some(env.outside("missing/gitvow").display().to_string());
    for (case, command) in [("missing", missing), ("false", |_| Some("false".to_string()))] {
        let pi = Pi::new(command);
        let r = pi.call("bash", json!({"command": "ls"}));
        assert_eq!(r["result"]["block"], true, "{case}: {r}");
        assert!(r["result"]["reason"].as_str().unwrap().starts_with("BLOCKED: the gitvow policy gate"), "{r}");
    }
}
