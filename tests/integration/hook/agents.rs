//! Every built-in agent: its events routed, its payloads normalised, its answers in its own form.

use crate::support::{Output, Sandbox, bash, set};
use gitvow::agents::{AGENTS, Handler};
use serde_json::{Value, json};

const DENY_FORCE: &str = "BLOCKED by gitvow: force push rewrites the remote's history [rule bash_deny[1]; policy: ";
const CONFIRM_PUSH: &str = "CONFIRMATION REQUIRED by gitvow: push publishes commits to a remote [rule bash_confirm[";
const POLICY_TAIL: &str = "policy: built-in default policy]";
/// The question a person reads where the agent asks natively.
const ASK_PUSH: &str =
    "gitvow asks before the agent goes on: run `git push origin main`. Why: push publishes commits to a remote (rule bash_confirm[";

/// A fixture with its shell command replaced, wherever that agent keeps it.
fn with_command(agent: &str, mut payload: Value, command: &str) -> Value {
    let obj = payload.as_object_mut().unwrap();
    match agent {
        "cursor" => {
            obj.insert("command".into(), command.into());
        }
        "copilot" => {
            obj["toolArgs"]["command"] = command.into();
        }
        // The call twice: as sent, and with every argument a string.
        "cline" => {
            obj["tool_call"]["input"]["commands"] = json!([command]);
            obj["preToolUse"]["parameters"]["commands"] = json!([command]).to_string().into();
        }
        _ => {
            obj["tool_input"]["command"] = command.into();
        }
    }
    payload
}

fn shell_cases() -> Vec<(&'static str, &'static str, &'static str)> {
    vec![
        ("claude", "PreToolUse", "claude-bash.json"),
        ("codex", "PreToolUse", "codex-bash.json"),
        ("gemini", "BeforeTool", "gemini-shell.json"),
        ("cursor", "beforeShellExecution", "cursor-shell.json"),
        ("copilot", "preToolUse", "copilot-bash.json"),
        ("factory", "PreToolUse", "factory-execute.json"),
        ("opencode", "PreToolUse", "opencode-bash.json"),
        ("qwen", "PreToolUse", "qwen-shell.json"),
        ("cline", "PreToolUse", "cline-shell.json"),
        ("kilo", "PreToolUse", "kilo-bash.json"),
        ("auggie", "PreToolUse", "auggie-shell.json"),
    ]
}

/// cline's blocking answer: `cancel` with the message, which also goes to stderr.
fn cancel_message(out: &Output) -> String {
    assert_eq!(out.code, 0, "{out:?}");
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!((v["cancel"].as_bool(), v.as_object().unwrap().len()), (Some(true), 2), "{out:?}");
    let message = v["errorMessage"].as_str().unwrap().to_string();
    assert_eq!(out.stderr, format!("{message}\n"));
    message
}

fn assert_exit2(out: &Output, prefix: &str) {
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(out.stdout, "", "{out:?}");
    assert!(out.stderr.starts_with(prefix), "{out:?}");
    assert!(out.stderr.ends_with('\n'), "{out:?}");
}

fn json_out(out: &Output) -> Value {
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stderr, "", "{out:?}");
    assert!(out.stdout.ends_with('\n'));
    serde_json::from_str(&out.stdout).unwrap()
}

#[test]
fn allow_confirm_and_deny_in_every_agent_form() {
    let env = Sandbox::with_repo();
    for (agent, event, fixture) in shell_cases() {
        let base = env.payload(fixture);
        // Claude's fixture was captured in `default` mode: a confirm there is the native ask.
        let allow = env.hook(agent, event, with_command(agent, base.clone(), "ls -la && git status").to_string());
        let confirm = env.hook(agent, event, with_command(agent, base.clone(), "git push origin main").to_string());
        let deny = env.hook(agent, event, with_command(agent, base.clone(), "touch marker && git push --force").to_string());
        match agent {
            "cursor" => {
                assert_eq!((allow.code, allow.stdout.as_str(), allow.stderr.as_str()), (0, "{\"permission\":\"allow\"}\n", ""));
                let c = json_out(&confirm);
                assert_eq!(c["permission"], "ask");
                assert!(c["user_message"].as_str().unwrap().starts_with(ASK_PUSH), "{c}");
                assert!(c["agent_message"].as_str().unwrap().starts_with(CONFIRM_PUSH), "{c}");
                let d = json_out(&deny);
                assert_eq!(d["permission"], "deny");
                assert!(d["agent_message"].as_str().unwrap().starts_with(DENY_FORCE));
                assert!(d["agent_message"].as_str().unwrap().ends_with(POLICY_TAIL));
                assert_eq!(d.as_object().unwrap().len(), 3);
            }
            "copilot" => {
                assert_eq!((allow.code, allow.stdout.as_str(), allow.stderr.as_str()), (0, "{\"permissionDecision\":\"allow\"}\n", ""));
                let c = json_out(&confirm);
                assert_eq!(c["permissionDecision"], "ask");
                assert!(c["permissionDecisionReason"].as_str().unwrap().starts_with(ASK_PUSH), "{c}");
                let d = json_out(&deny);
                assert_eq!(d["permissionDecision"], "deny");
                assert!(d["permissionDecisionReason"].as_str().unwrap().starts_with(DENY_FORCE));
            }
            "cline" => {
                assert_eq!((allow.code, allow.stdout.as_str(), allow.stderr.as_str()), (0, "{\"cancel\":false}\n", ""));
                assert!(cancel_message(&confirm).starts_with(CONFIRM_PUSH), "{confirm:?}");
                assert!(cancel_message(&deny).starts_with(DENY_FORCE), "{deny:?}");
            }
            "claude" => {
                assert_eq!((allow.code, allow.stdout.as_str(), allow.stderr.as_str()), (0, "", ""));
                let c = json_out(&confirm);
                assert_eq!(c["hookSpecificOutput"]["hookEventName"], "PreToolUse");
                assert_eq!(c["hookSpecificOutput"]["permissionDecision"], "ask");
                assert!(c["hookSpecificOutput"]["permissionDecisionReason"].as_str().unwrap().starts_with(ASK_PUSH), "{c}");
                assert_exit2(&deny, DENY_FORCE);
            }
            _ => {
                assert_eq!((allow.code, allow.stdout.as_str(), allow.stderr.as_str()), (0, "", ""), "{agent}");
                assert_exit2(&confirm, CONFIRM_PUSH);
                assert_exit2(&deny, DENY_FORCE);
                assert!(deny.stderr.trim_end().ends_with(POLICY_TAIL), "{deny:?}");
            }
        }
    }
}

#[test]
fn claude_confirm_outside_prompting_modes_is_exit_2() {
    let env = Sandbox::with_repo();
    for mode in ["bypassPermissions", "dontAsk"] {
        let p = set(bash(env.repo(), "git push"), "permission_mode", mode.into());
        assert_exit2(&env.hook("claude", "PreToolUse", p.to_string()), CONFIRM_PUSH);
    }
    for mode in ["default", "acceptEdits", "plan"] {
        let p = set(bash(env.repo(), "git push"), "permission_mode", mode.into());
        let out = env.hook("claude", "PreToolUse", p.to_string());
        assert_eq!(json_out(&out)["hookSpecificOutput"]["permissionDecision"], "ask", "{mode}");
    }
}

/// A Claude that tells its hooks it is 2.1.233 or newer (`AI_AGENT`, as 2.1.332 sets it) shows a
/// native question in bypassPermissions and dontAsk too; an older, unknown or garbled version gets
/// the code there, and so does every version in `auto` or a mode gitvow does not know.
#[test]
fn claude_says_its_version_and_then_asks_natively_in_every_mode() {
    let env = Sandbox::with_repo();
    let hook = |mode: &str, ai_agent: &str| {
        let payload = set(bash(env.repo(), "git push"), "permission_mode", mode.into());
        env.gitvow().args(["hook", "PreToolUse"]).env("AI_AGENT", ai_agent).stdin(payload.to_string()).run()
    };
    for mode in ["bypassPermissions", "dontAsk", "default"] {
        for version in ["claude-code_2-1-332_harness", "claude-code_2-1-233_cli", "claude-code_3-0-0_sdk-ts"] {
            let out = hook(mode, version);
            assert_eq!(json_out(&out)["hookSpecificOutput"]["permissionDecision"], "ask", "{mode} {version}");
        }
    }
    for version in ["claude-code_2-1-232_cli", "claude-code_2-1_cli", "claude-code_x-1-300", "codex_9-9-9", ""] {
        assert_exit2(&hook("bypassPermissions", version), CONFIRM_PUSH);
    }
    // A mode where a classifier may settle the question, or one gitvow does not know: the code.
    for mode in ["auto", "someNewMode"] {
        assert_exit2(&hook(mode, "claude-code_2-1-332_harness"), CONFIRM_PUSH);
    }
}

/// Edits of gitvow's own hook files, one per agent's edit or write tool: the fixture, the field
/// naming the file (its keys) and the file it is pointed at (`{repo}` is the repository; a fixture
/// with no field keeps its own).
const OWN_FILE_EDITS: &[(&str, &str, &str, &[&str], &str)] = &[
    ("claude", "PreToolUse", "claude-edit.json", &["tool_input", "file_path"], "{repo}/.claude/settings.json"),
    ("claude", "PreToolUse", "claude-write.json", &["tool_input", "file_path"], ".gitvow/policy.json"),
    ("gemini", "BeforeTool", "gemini-replace.json", &["tool_input", "file_path"], "{repo}/.gemini/settings.json"),
    ("gemini", "BeforeTool", "gemini-write.json", &["tool_input", "file_path"], "{repo}/.codex/hooks.json"),
    ("factory", "PreToolUse", "factory-edit.json", &["tool_input", "file_path"], "{repo}/.factory/hooks.json"),
    ("factory", "PreToolUse", "factory-create.json", &["tool_input", "file_path"], "{repo}/.factory/settings.json"),
    ("opencode", "PreToolUse", "opencode-edit.json", &["tool_input", "filePath"], "{repo}/.opencode/plugins/gitvow.js"),
    ("opencode", "PreToolUse", "opencode-write.json", &["tool_input", "filePath"], "{repo}/.codex/config.toml"),
    ("copilot", "preToolUse", "copilot-edit.json", &["toolArgs", "path"], "{repo}/.github/hooks/gitvow.json"),
    ("copilot", "preToolUse", "copilot-create.json", &["toolArgs", "path"], "{repo}/.copilot/hooks/x.json"),
    ("cursor", "preToolUse", "cursor-pretooluse-write.json", &[], ""),
    ("qwen", "PreToolUse", "qwen-edit.json", &["tool_input", "file_path"], "{repo}/.qwen/settings.json"),
    ("qwen", "PreToolUse", "qwen-write.json", &["tool_input", "file_path"], "{repo}/.augment/settings.local.json"),
    // auggie names files relative to the workspace.
    ("auggie", "PreToolUse", "auggie-edit.json", &["tool_input", "path"], ".augment/settings.json"),
    ("auggie", "PreToolUse", "auggie-write.json", &["tool_input", "path"], ".kilo/plugins/other.js"),
    ("cline", "PreToolUse", "cline-edit.json", &["tool_call", "input", "path"], "{repo}/.clinerules/hooks/PreToolUse"),
    ("cline", "PreToolUse", "cline-write.json", &["tool_call", "input", "path"], "{repo}/.kilo/kilo.json"),
];

/// Edits of gitvow's own hook files, in every agent's edit and write vocabulary.
#[test]
fn edit_and_write_tools_are_normalised() {
    let env = Sandbox::with_repo();
    let repo = env.repo().to_str().unwrap().to_string();
    for &(agent, event, fixture, field, path) in OWN_FILE_EDITS {
        let mut p = env.payload(fixture);
        if let [first, rest @ ..] = field {
            let slot = rest.iter().fold(&mut p[*first], |v, k| &mut v[*k]);
            *slot = path.replace("{repo}", &repo).into();
        }
        let out = env.hook(agent, event, p.to_string());
        let message = match agent {
            "cursor" => json_out(&out)["agent_message"].as_str().unwrap().to_string(),
            "copilot" => json_out(&out)["permissionDecisionReason"].as_str().unwrap().to_string(),
            "claude" => json_out(&out)["hookSpecificOutput"]["permissionDecisionReason"].as_str().unwrap().to_string(),
            "cline" => cancel_message(&out),
            _ => {
                assert_eq!(out.code, 2, "{agent} {fixture}: {out:?}");
                out.stderr.clone()
            }
        };
        // Where the agent asks the person, the person's question; elsewhere the model's message.
        if matches!(agent, "claude" | "copilot") {
            assert!(message.starts_with("gitvow asks before the agent goes on: "), "{agent} {fixture}: {message}");
            assert!(message.contains(" ."), "{agent} {fixture}: {message}");
        } else {
            assert!(message.starts_with("CONFIRMATION REQUIRED by gitvow: "), "{agent} {fixture}: {message}");
            assert!(message.contains("(file: ."), "{agent} {fixture}: {message}");
        }
        assert!(message.contains("rule path_confirm["), "{agent} {fixture}: {message}");
    }
    // The same fixtures on ordinary files are allowed.
    for (agent, event, fixture) in [
        ("claude", "PreToolUse", "claude-edit.json"),
        ("gemini", "BeforeTool", "gemini-write.json"),
        ("factory", "PreToolUse", "factory-edit.json"),
        ("opencode", "PreToolUse", "opencode-write.json"),
        ("qwen", "PreToolUse", "qwen-edit.json"),
        ("auggie", "PreToolUse", "auggie-edit.json"),
        ("auggie", "PreToolUse", "auggie-write.json"),
    ] {
        let out = env.hook(agent, event, env.payload(fixture).to_string());
        assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (0, "", ""), "{agent} {fixture}");
    }
    let out = env.hook("copilot", "preToolUse", env.payload("copilot-edit.json").to_string());
    assert_eq!(out.stdout, "{\"permissionDecision\":\"allow\"}\n");
    for fixture in ["cline-edit.json", "cline-write.json"] {
        let out = env.hook("cline", "PreToolUse", env.payload(fixture).to_string());
        assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (0, "{\"cancel\":false}\n", ""), "{fixture}");
    }
}

/// The tools only the newer agents have: cline's list of commands (each judged), auggie's removal
/// of files and its replacement entries, and an MCP tool flagged as one.
#[test]
fn commands_lists_removals_and_flagged_mcp_tools() {
    let env = Sandbox::with_repo();
    let mut cline = env.payload("cline-shell.json");
    cline["tool_call"]["input"]["commands"] = json!(["ls", "git push --force"]);
    assert!(cancel_message(&env.hook("cline", "PreToolUse", cline.to_string())).starts_with(DENY_FORCE));
    // Only the stringified form: the list arrives JSON-encoded.
    let mut strings = env.payload("cline-shell.json");
    strings.as_object_mut().unwrap().remove("tool_call");
    strings["preToolUse"]["parameters"]["commands"] = json!(["git status", "git push -f origin main"]).to_string().into();
    assert!(cancel_message(&env.hook("cline", "PreToolUse", strings.to_string())).starts_with(DENY_FORCE));

    let mut remove = env.payload("auggie-shell.json");
    remove["tool_name"] = "remove-files".into();
    remove["tool_input"] = json!({"file_paths": ["notes.txt", ".gitvow/policy.json"]});
    let out = env.hook("auggie", "PreToolUse", remove.to_string());
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("gitvow's own policy") && out.stderr.contains(".gitvow/policy.json"), "{out:?}");

    let mut replace = env.payload("auggie-edit.json");
    replace["tool_input"]["path"] = "src/lib.rs".into();
    replace["tool_input"]["str_replace_entries"][0]["new_str"] = "unsafe { *ptr = 0 }".into();
    let out = env.hook("auggie", "PreToolUse", replace.to_string());
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(env.log_lines().last().unwrap()["tool"], "Edit");

    env.write(".gitvow/policy.json", r#"{"mcp_deny": ["mcp__.*__drop_table"]}"#);
    let mut mcp = env.payload("auggie-shell.json");
    mcp["tool_name"] = "drop_table".into();
    mcp["is_mcp_tool"] = true.into();
    // The shell payload's `command` would be judged as the shell command it is: this call has none.
    mcp["tool_input"] = json!({"table": "scratch"});
    let out = env.hook("auggie", "PreToolUse", mcp.to_string());
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("mcp__unknown__drop_table"), "{out:?}");
}

#[test]
fn copilot_tool_args_as_json_string_and_snake_case_variant() {
    let env = Sandbox::with_repo();
    let mut p = env.payload("copilot-bash.json");
    p["toolArgs"] = json!({"command": "git push --force"}).to_string().into();
    let d = json_out(&env.hook("copilot", "preToolUse", p.to_string()));
    assert_eq!(d["permissionDecision"], "deny");

    let snake = json!({"session_id": "s", "cwd": env.repo(), "hook_event_name": "PreToolUse", "tool_name": "bash", "tool_input": {"command": "git push -f"}});
    let d = json_out(&env.hook("copilot", "PreToolUse", snake.to_string()));
    assert_eq!(d["permissionDecision"], "deny");

    let mut broken = env.payload("copilot-bash.json");
    broken["toolArgs"] = "{not json".into();
    let d = json_out(&env.hook("copilot", "preToolUse", broken.to_string()));
    assert_eq!(d["permissionDecision"], "deny");
    assert!(d["permissionDecisionReason"].as_str().unwrap().starts_with("BLOCKED by gitvow: the tool arguments string is not valid JSON"));
}

#[test]
fn cursor_generic_pre_tool_use_of_shell_and_mcp_is_not_gated_twice() {
    let env = Sandbox::with_repo();
    env.write(".gitvow/policy.json", r#"{"mcp_deny": ["mcp__github__create_.*"]}"#);
    for fixture in ["cursor-pretooluse-shell.json", "cursor-pretooluse-mcp.json"] {
        let out = env.hook("cursor", "preToolUse", env.payload(fixture).to_string());
        assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (0, "{\"permission\":\"allow\"}\n", ""), "{fixture}");
    }
    // The specific hooks carry the call and gate it.
    let d = json_out(&env.hook("cursor", "beforeMCPExecution", env.payload("cursor-mcp.json").to_string()));
    assert_eq!(d["permission"], "deny");
    assert!(
        d["agent_message"]
            .as_str()
            .unwrap()
            .starts_with("BLOCKED by gitvow: MCP tool mcp__github__create_issue is in mcp_deny [rule mcp_deny[0]; policy: ")
    );
    let logged: Vec<String> = env.log_lines().iter().map(|l| l["tool"].as_str().unwrap_or("").to_string()).collect();
    assert_eq!(logged, ["Bash", "mcp__github__create_issue", "mcp__github__create_issue"]);
}

#[test]
fn mcp_names_of_every_agent() {
    let env = Sandbox::with_repo();
    env.write(".gitvow/policy.json", r#"{"mcp_deny": ["mcp__github__delete_repo"], "mcp_allow": ["mcp__github__.*"]}"#);
    let cases = [
        ("claude", "PreToolUse", "mcp__github__delete_repo", "deny"),
        ("gemini", "BeforeTool", "mcp_github_delete_repo", "deny"),
        ("gemini", "BeforeTool", "github__delete_repo", "deny"),
        ("factory", "PreToolUse", "mcp__github__delete_repo", "deny"),
        ("claude", "PreToolUse", "mcp__github__list_issues", "allow"),
        ("claude", "PreToolUse", "mcp__slack__post", "confirm"),
    ];
    for (agent, event, tool, want) in cases {
        let p = crate::support::claude_payload(env.repo(), tool, json!({}));
        let out = env.hook(agent, event, p.to_string());
        let got = match (out.code, out.stderr.as_str()) {
            (0, "") => "allow",
            (2, s) if s.starts_with("BLOCKED") => "deny",
            (2, s) if s.starts_with("CONFIRMATION REQUIRED by gitvow: MCP tool mcp__slack__post is not in mcp_allow") => "confirm",
            _ => "unexpected",
        };
        assert_eq!(got, want, "{agent} {tool}: {out:?}");
    }
}

#[test]
fn every_mapped_event_runs_its_handler_and_unmapped_events_are_silent() {
    for agent in AGENTS {
        let env = Sandbox::with_repo();
        let payload = json!({"session_id": "s-9", "sessionId": "s-9", "conversation_id": "s-9", "cwd": env.repo(), "tool_name": "Read", "tool_input": {"file_path": "a.txt"}, "file_path": "a.txt", "command": "ls"});
        let mut expected = Vec::new();
        for (event, handler) in agent.routes() {
            let out = env.hook(agent.name, event, payload.to_string());
            match (agent.gate.response, handler) {
                (gitvow::agents::ResponseForm::Cursor, Handler::PreToolUse) => {
                    assert_eq!(out.stdout, "{\"permission\":\"allow\"}\n", "{} {event}", agent.name)
                }
                (gitvow::agents::ResponseForm::Copilot, Handler::PreToolUse) => {
                    assert_eq!(out.stdout, "{\"permissionDecision\":\"allow\"}\n")
                }
                (gitvow::agents::ResponseForm::Cancel, Handler::PreToolUse) => assert_eq!(out.stdout, "{\"cancel\":false}\n"),
                _ => assert_eq!(out.stdout, "", "{} {event}", agent.name),
            }
            assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{} {event}", agent.name);
            expected.push((event.to_string(), handler.name().to_string()));
        }
        for unmapped in ["Notification", "BeforeModel", "beforeReadFile", "errorOccurred", "SubagentStop"] {
            if agent.handler_for(unmapped).is_none() {
                let out = env.hook(agent.name, unmapped, "not even json");
                assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (0, "", ""), "{} {unmapped}", agent.name);
            }
        }
        let logged: Vec<(String, String)> =
            env.log_lines().iter().map(|l| (l["event"].as_str().unwrap().into(), l["handler"].as_str().unwrap().into())).collect();
        assert_eq!(logged, expected, "{}", agent.name);
    }
}

/// A shell tool's own working directory is where its command runs: the gate judges the `cd` it
/// amounts to, under the policy of the session's repository.
#[test]
fn a_shell_tools_working_directory_is_where_the_command_is_judged() {
    let env = Sandbox::with_repo();
    let other = env.home().join("elsewhere");
    std::fs::create_dir_all(other.join(".gitvow")).unwrap();
    let mut p = env.payload("auggie-shell.json");
    p["tool_input"]["command"] = "rm -f .gitvow/policy.json".into();
    p["tool_input"]["cwd"] = other.to_str().unwrap().into();
    let out = env.hook("auggie", "PreToolUse", p.to_string());
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains(&format!("cd {} && rm", other.display())) || out.stderr.contains("gitvow's own policy"), "{out:?}");
    // Logged in the session's repository, whose policy judged it.
    assert_eq!(env.log_lines().pop().unwrap()["verdict"], "confirm");
    let mut ls = env.payload("auggie-shell.json");
    ls["tool_input"]["command"] = "ls".into();
    assert_eq!(env.hook("auggie", "PreToolUse", ls.to_string()).code, 0);
}
