//! Hostile input to the hook runtime: arbitrary patches and payloads never make it panic, and a
//! PreToolUse always ends in a verdict in the agent's own form.

use crate::support::{Output, Sandbox, proptest_config};
use gitvow::agents::{AGENTS, Handler};
use gitvow::gate::{normalize, patch};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// Lines that look like patch grammar, in any order, with noise.
fn patch_like() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        Just("*** Begin Patch".to_string()),
        Just("*** End Patch".to_string()),
        "[a-z./ ]{0,12}".prop_map(|p| format!("*** Add File: {p}")),
        "[a-z./ ]{0,12}".prop_map(|p| format!("*** Update File: {p}")),
        "[a-z./ ]{0,12}".prop_map(|p| format!("*** Delete File: {p}")),
        "[a-z./ ]{0,12}".prop_map(|p| format!("*** Move to: {p}")),
        Just("*** End of File".to_string()),
        "[ -~]{0,10}".prop_map(|t| format!("@@ {t}")),
        "[ -~]{0,20}".prop_map(|t| format!("+{t}")),
        "[ -~]{0,20}".prop_map(|t| format!("-{t}")),
        "[ -~]{0,20}".prop_map(|t| format!(" {t}")),
        Just("<<'EOF'".to_string()),
        Just("EOF".to_string()),
        Just(String::new()),
        "\\PC{0,20}",
    ];
    prop::collection::vec(line, 0..30).prop_map(|lines| lines.join("\n"))
}

/// JSON values of any type, with the field names agents use, to reach every normalisation branch.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        "\\PC{0,16}".prop_map(Value::String),
        patch_like().prop_map(Value::String),
        Just(json!("{\"command\": \"ls\"}")),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((field_name(), inner), 0..6).prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

fn field_name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "tool_name",
            "tool_input",
            "toolName",
            "toolArgs",
            "command",
            "cwd",
            "session_id",
            "sessionId",
            "conversation_id",
            "workspace_roots",
            "file_path",
            "path",
            "filePath",
            "old_string",
            "old_str",
            "oldString",
            "new_string",
            "new_str",
            "newString",
            "content",
            "file_text",
            "patchText",
            "edits",
            "mcp_server_name",
            "tool_use_id",
            "prompt",
            "permission_mode",
            "new_content",
        ])
        .prop_map(str::to_string),
        "[a-z_]{1,8}",
    ]
}

fn payload() -> impl Strategy<Value = Map<String, Value>> {
    let tool = prop::sample::select(vec![
        "Bash",
        "Edit",
        "Write",
        "MultiEdit",
        "apply_patch",
        "run_shell_command",
        "write_file",
        "replace",
        "Shell",
        "bash",
        "create",
        "edit",
        "Execute",
        "Create",
        "ApplyPatch",
        "MCP:query",
        "mcp__s__t",
        "write",
        "Delete",
    ]);
    (tool, prop::collection::vec((field_name(), json_value()), 0..8), json_value()).prop_map(|(tool, fields, input)| {
        let mut m: Map<String, Value> = fields.into_iter().collect();
        m.insert("tool_name".into(), json!(tool));
        m.insert("toolName".into(), json!(tool));
        m.entry("tool_input").or_insert(input);
        m
    })
}

proptest! {
    #![proptest_config(proptest_config(5000))]

    #[test]
    fn patch_parsing_never_panics(text in prop_oneof![patch_like(), "\\PC{0,200}"]) {
        let _ = patch::parse(&text);
        let _ = patch::parse(&format!("*** Begin Patch\n{text}\n*** End Patch\n"));
    }

    #[test]
    fn normalisation_never_panics(payload in payload(), pick in any::<prop::sample::Index>()) {
        let agent = pick.get(AGENTS);
        for (event, handler) in agent.routes().filter(|(_, h)| *h == Handler::PreToolUse) {
            let _ = normalize::normalize(normalize::Reading::of(agent), event, handler, &payload);
        }
    }
}

/// The binary's answer to a PreToolUse is the agent's allow or blocking form, whatever the input.
fn assert_agent_form(agent: &str, input: &[u8]) -> Result<(), TestCaseError> {
    let env = Sandbox::new();
    let event = AGENTS.iter().find(|a| a.name == agent).unwrap().routes().find(|(_, h)| *h == Handler::PreToolUse).unwrap().0;
    let Output { code, stdout, stderr, .. } = env.gitvow().args(["hook", "--agent", agent, event]).stdin(input).run();
    prop_assert!(!stderr.contains("panicked"), "{stderr}");
    match agent {
        "cursor" | "copilot" => {
            let key = if agent == "cursor" { "permission" } else { "permissionDecision" };
            prop_assert_eq!(code, 0, "{}", stderr);
            let v: Value = serde_json::from_str(&stdout).map_err(|e| TestCaseError::fail(format!("{e}: {stdout}")))?;
            prop_assert!(matches!(v[key].as_str(), Some("allow" | "ask" | "deny")), "{}", stdout);
        }
        "cline" => {
            prop_assert_eq!(code, 0, "{}", stderr);
            let v: Value = serde_json::from_str(&stdout).map_err(|e| TestCaseError::fail(format!("{e}: {stdout}")))?;
            prop_assert!(v["cancel"].is_boolean(), "{}", stdout);
            if v["cancel"] == Value::Bool(true) {
                prop_assert!(
                    v["errorMessage"].as_str().is_some_and(|m| m.starts_with("BLOCKED") || m.starts_with("CONFIRMATION REQUIRED")),
                    "{}",
                    stdout
                );
            }
        }
        "hermes" => {
            prop_assert_eq!(code, 0, "{}", stderr);
            if !stdout.is_empty() {
                let v: Value = serde_json::from_str(&stdout).map_err(|e| TestCaseError::fail(format!("{e}: {stdout}")))?;
                prop_assert_eq!(v["decision"].as_str(), Some("block"), "{}", stdout);
                prop_assert!(
                    v["reason"].as_str().is_some_and(|m| m.starts_with("BLOCKED") || m.starts_with("CONFIRMATION REQUIRED")),
                    "{}",
                    stdout
                );
            }
        }
        _ => {
            prop_assert!(code == 0 || code == 2, "exit {} {}", code, stderr);
            if code == 2 {
                prop_assert!(stderr.starts_with("BLOCKED") || stderr.starts_with("CONFIRMATION REQUIRED"), "{}", stderr);
            }
            if agent != "claude" {
                prop_assert!(stdout.is_empty(), "{}", stdout);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(proptest_config(150))]

    #[test]
    fn the_binary_always_answers_pre_tool_use_in_the_agents_form(
        pick in any::<prop::sample::Index>(),
        input in prop_oneof![
            payload().prop_map(|p| Value::Object(p).to_string().into_bytes()),
            prop::collection::vec(any::<u8>(), 0..200),
            json_value().prop_map(|v| v.to_string().into_bytes()),
        ],
    ) {
        let agent = pick.get(AGENTS).name;
        assert_agent_form(agent, &input)?;
    }
}
