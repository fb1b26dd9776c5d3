//! CONTRIBUTING's "Adding an agent", followed as a newcomer would for an agent that does not exist
//! (acme, Claude-shaped but for its folder, a `SessionEnd` event and the variable it sets): its row
//! names only what differs, and every reader of the table takes it as it takes a built-in one. It
//! lives inside the crate so that the row's fields need not be public to be written.

use super::{AgentSpec, CLAUDE_LIKE, DoctorFacts, FailClosedBy, GateFacts, Handler, InstallFacts, Strictness};
use crate::edit::jsonc::JsonDoc;
use crate::gate::normalize::{Reading, normalize};
use crate::install::entries;
use serde_json::{Value, json};

// The row, as the guide says to write it.
static ACME: AgentSpec = AgentSpec {
    name: "acme",
    gate: GateFacts {
        event_map: &[("SessionEnd", Handler::Stop)],
        process_names: &["acme"],
        env_markers: &["ACME_AGENT"],
        ..CLAUDE_LIKE.gate
    },
    install: InstallFacts {
        user_file: ".acme/settings.json",
        repo_file: ".acme/settings.json",
        detect_dirs: &[".acme"],
        detect_commands: &["acme"],
        ..CLAUDE_LIKE.install
    },
    // Measured: acme blocks on exit 2 from a shell, so gitvow's wrapper closes every way of failing.
    doctor: DoctorFacts { fails_open: &[], ..CLAUDE_LIKE.doctor },
};
// The row ends here.

#[test]
fn the_row_is_under_25_lines() {
    let source = include_str!("new_agent_tests.rs");
    let start = source.find("static ACME").unwrap();
    let end = source.find("// The row ends here.").unwrap();
    let lines = source[start..end].lines().count();
    assert!(lines < 25, "the made-up agent's row has {lines} lines");
}

#[test]
fn install_writes_claudes_entries_with_acmes_flag_and_uninstall_gives_the_bytes_back() {
    let before = "{\n  \"model\": \"acme-1\"\n}\n";
    let mut doc = JsonDoc::parse(before, Strictness::Strict).unwrap();
    let created = entries::install(&mut doc, &ACME, "gitvow", false, None);
    let written: Value = serde_json::from_str(&doc.text()).unwrap();
    assert_eq!(written["model"], "acme-1");
    let pre = &written["hooks"]["PreToolUse"][0];
    assert_eq!(pre["matcher"], "*");
    let hook = &pre["hooks"][0];
    assert_eq!((&hook["type"], &hook["timeout"]), (&json!("command"), &json!(30)));
    assert!(hook["command"].as_str().unwrap().contains("gitvow hook --agent acme PreToolUse"), "{hook}");
    let events: Vec<&String> = written["hooks"].as_object().unwrap().keys().collect();
    assert_eq!(events, ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]);
    entries::uninstall(&mut doc, &ACME, Some(&created));
    assert_eq!(doc.text(), before);
}

#[test]
fn the_gate_routes_and_reads_acmes_calls_and_its_pre_tool_entry_fails_closed() {
    assert_eq!(ACME.handler_for("PreToolUse"), Some(Handler::PreToolUse));
    assert_eq!(ACME.handler_for("SessionEnd"), Some(Handler::Stop));
    assert_eq!(ACME.handler_for("Notification"), None);
    assert_eq!(ACME.fail_closed_by(), FailClosedBy::Wrapper);
    let payload =
        json!({"session_id": "s", "cwd": env!("CARGO_MANIFEST_DIR"), "tool_name": "Bash", "tool_input": {"command": "git push --force"}});
    let call = normalize(Reading::of(&ACME), "PreToolUse", Handler::PreToolUse, payload.as_object().unwrap()).unwrap();
    assert_eq!(call.actions[0].command(), Some("git push --force"));
}

/// The guide's step 1 names every field a row's three groups have, so a newcomer writing a row
/// from it meets no field it does not explain (a field added to `facts.rs` must be added there).
#[test]
fn the_guide_names_every_field_of_the_rows_groups() {
    let facts = include_str!("facts.rs");
    let guide = include_str!("../../CONTRIBUTING.md");
    let start = guide.find("## Adding an agent").unwrap();
    let step = &guide[start..start + guide[start..].find("\n2. ").unwrap()];
    let mut fields = Vec::new();
    for group in ["GateFacts", "InstallFacts", "DoctorFacts"] {
        let header = format!("pub struct {group} {{\n");
        let body = &facts[facts.find(&header).unwrap() + header.len()..];
        let body = &body[..body.find("\n}").unwrap()];
        for line in body.lines().map(str::trim).filter(|l| l.starts_with("pub")) {
            let field = line.trim_start_matches("pub(crate)").trim_start_matches("pub").trim();
            fields.push((group, field.split(':').next().unwrap()));
        }
        assert!(step.contains(&format!("`{}: {group}`", &group[..group.len() - 5].to_lowercase())), "the guide names no {group}");
    }
    assert!(fields.len() > 30, "{fields:?}");
    let missing: Vec<_> = fields.iter().filter(|(_, f)| !step.contains(&format!("`{f}`")) && !step.contains(&format!("`{f}("))).collect();
    assert!(missing.is_empty(), "CONTRIBUTING's \"Adding an agent\" does not name {missing:?}");
}
