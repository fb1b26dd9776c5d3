//! MCP tools that change files are judged by the files their path arguments name, in every agent's
//! MCP form: a file-system server's `write_file` of gitvow's own policy is asked about like an edit
//! of it, its `read_file` is not.

use crate::support::{Output, Sandbox};
use serde_json::{Map, Value, json};

/// A call of MCP tool `tool` of server `server` with `args`, in `agent`'s own payload form, and the
/// event it arrives as.
fn mcp_call(env: &Sandbox, agent: &str, server: &str, tool: &str, args: &Value) -> (&'static str, Value) {
    let repo = env.repo().to_str().unwrap();
    match agent {
        "claude" | "codex" => (
            "PreToolUse",
            json!({"session_id": "s", "cwd": repo, "hook_event_name": "PreToolUse", "tool_name": format!("mcp__{server}__{tool}"), "tool_input": args}),
        ),
        "gemini" => (
            "BeforeTool",
            json!({"session_id": "s", "cwd": repo, "hook_event_name": "BeforeTool", "tool_name": format!("mcp_{server}_{tool}"), "tool_input": args}),
        ),
        "cursor" => {
            let mut p = env.payload("cursor-mcp.json");
            p["tool_name"] = tool.into();
            p["mcp_server_name"] = server.into();
            p["tool_input"] = args.to_string().into();
            ("beforeMCPExecution", p)
        }
        "auggie" => {
            let mut p = env.payload("auggie-shell.json");
            p["tool_name"] = tool.into();
            p["tool_input"] = args.clone();
            p["is_mcp_tool"] = true.into();
            ("PreToolUse", p)
        }
        "cline" => {
            let mut p = env.payload("cline-shell.json");
            let input = json!({"server_name": server, "tool_name": tool, "arguments": args.to_string()});
            p["tool_call"] = json!({"id": "call_1", "name": "use_mcp_tool", "input": input});
            p.as_object_mut().unwrap().remove("preToolUse");
            ("PreToolUse", p)
        }
        _ => unreachable!("{agent}"),
    }
}

/// Whether the agent was told to stop (or ask), in its own answer form.
fn stopped(agent: &str, out: &Output) -> bool {
    let answer = || serde_json::from_str::<Map<String, Value>>(&out.stdout).unwrap_or_default();
    match agent {
        "cursor" => answer().get("permission").and_then(Value::as_str) != Some("allow"),
        "cline" => answer().get("cancel") != Some(&Value::Bool(false)),
        _ => out.code != 0,
    }
}

const AGENTS: &[&str] = &["claude", "codex", "gemini", "cursor", "auggie", "cline"];

#[test]
fn mcp_writes_of_protected_files_are_stopped_in_every_agent_form() {
    let env = Sandbox::with_repo();
    let cases = [
        ("write_file", json!({"path": "~/.gitvow/policy.json", "content": "{}"})),
        ("edit_file", json!({"path": "~/.claude/settings.json", "edits": [{"oldText": "gitvow", "newText": "true"}]})),
        ("move_file", json!({"source": "notes.txt", "destination": "~/.claude/settings.json"})),
        ("move_file", json!({"source": "~/.gitvow/policy.json", "destination": "/tmp/policy.json"})),
        ("delete_file", json!({"path": "file://".to_string() + env.home().join(".gitvow/policy.json").to_str().unwrap()})),
        ("createDirectory", json!({"paths": ["build", "~/.gitvow"]})),
        ("push_files", json!({"files": [{"path": "README.md", "content": "x"}, {"path": ".gitvow/policy.json", "content": "{}"}]})),
    ];
    for agent in AGENTS {
        for (tool, args) in &cases {
            let (event, payload) = mcp_call(&env, agent, "filesystem", tool, args);
            let out = env.hook(agent, event, payload.to_string());
            assert!(stopped(agent, &out), "{agent} {tool} {args}: {out:?}");
            let said = format!("{}{}", out.stdout, out.stderr);
            // Judged as a change of that file, not by the tool's name. A deletion is also the
            // removal of a tree (`rm -rf`), whose rule may speak first: it names where it deletes.
            let deletes = *tool == "delete_file" && said.contains("recursive deletion or overwrite outside the repository");
            // Pushing files to a forge is also the push it is.
            let pushes = *tool == "push_files" && said.contains("push publishes commits");
            assert!(
                deletes || pushes || said.contains("(file: ~/.") || said.contains("(file: .gitvow/policy.json)"),
                "{agent} {tool}: {out:?}"
            );
        }
    }
}

#[test]
fn mcp_reads_and_project_writes_pass() {
    let env = Sandbox::with_repo();
    let cases = [
        ("read_file", json!({"path": "~/.gitvow/policy.json"})),
        ("read_multiple_files", json!({"paths": ["~/.claude/settings.json", ".gitvow/policy.json"]})),
        // `~/.gitvow` itself is not listed: it holds the record key, and a tool naming it is denied.
        ("list_directory", json!({"path": "~/.claude"})),
        ("get_file_info", json!({"path": "~/.claude/settings.json"})),
        ("search_files", json!({"path": "~", "pattern": "settings"})),
        ("write_file", json!({"path": "src/lib.rs", "content": "pub fn f() {}\n"})),
        ("move_file", json!({"source": "notes/a.md", "destination": "notes/b.md"})),
    ];
    for agent in AGENTS {
        for (tool, args) in &cases {
            let (event, payload) = mcp_call(&env, agent, "filesystem", tool, args);
            let out = env.hook(agent, event, payload.to_string());
            assert!(!stopped(agent, &out), "{agent} {tool} {args}: {out:?}");
        }
    }
}

/// The MCP tool stays the call's tool (its `mcp_deny` and `mcp_allow` rules still apply), and each
/// path it changes is one more action of the call.
#[test]
fn mcp_tool_name_stays_and_its_rules_still_apply() {
    let env = Sandbox::with_repo();
    env.write(".gitvow/policy.json", r#"{"mcp_deny": ["mcp__filesystem__write_file"]}"#);
    let (event, payload) = mcp_call(&env, "claude", "filesystem", "write_file", &json!({"path": "src/lib.rs", "content": "x"}));
    let out = env.hook("claude", event, payload.to_string());
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("MCP tool mcp__filesystem__write_file is in mcp_deny"), "{out:?}");
    assert_eq!(env.log_lines().last().unwrap()["tool"], "mcp__filesystem__write_file");
}
