//! hermes's `~/.hermes/config.yaml`, a file the person edits too: install splices gitvow's entries
//! into it and leaves every other byte, uninstall gives the file back byte for byte, and a file
//! hermes would not load is refused with its line and column, never written.

use crate::support::Sandbox;
use yaml_rust2::{Yaml, YamlLoader};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/settings");

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{FIXTURES}/{name}")).unwrap()
}

fn config(env: &Sandbox) -> String {
    env.read("~/.hermes/config.yaml")
}

fn install(env: &Sandbox) {
    let out = env.run(["install", "--user", "--agent", "hermes"]);
    assert_eq!(out.code, 0, "install failed: {}", out.stderr);
}

fn load(text: &str) -> Yaml {
    let mut docs = YamlLoader::load_from_str(text).unwrap_or_else(|e| panic!("not YAML after install: {e}\n{text}"));
    assert_eq!(docs.len(), 1, "one document");
    docs.remove(0)
}

/// The commands under `hooks.<event>`, in order.
fn commands(doc: &Yaml, event: &str) -> Vec<String> {
    doc["hooks"][event].as_vec().map(|v| v.iter().filter_map(|e| e["command"].as_str().map(str::to_string)).collect()).unwrap_or_default()
}

/// Every line of `original` is still there, in order, and each line gitvow added is one of its own.
fn only_added(original: &str, after: &str) {
    let mut rest = after.split_inclusive('\n');
    for line in original.split_inclusive('\n') {
        loop {
            let Some(next) = rest.next() else { panic!("line {line:?} of the original is gone:\n{after}") };
            if next == line {
                break;
            }
            // Lines gitvow adds: its entries' lines and the keys it adds.
            let t = next.trim();
            let keys = ["hooks:", "pre_tool_call:", "post_tool_call:", "on_session_start:", "on_session_end:"];
            let ours = t.contains("gitvow") || t == "timeout: 30" || t == "- matcher: \".*\"" || keys.contains(&t);
            assert!(ours, "line {next:?} is neither the original's nor gitvow's");
        }
    }
}

fn check_round_trip(name: &str) {
    let env = Sandbox::new();
    let original = fixture(name);
    env.write("~/.hermes/config.yaml", &original);
    install(&env);
    let after = config(&env);
    let doc = load(&after);
    let gitvow = |event: &str| commands(&doc, event).iter().filter(|c| c.contains("hook --agent hermes")).count();
    for event in ["pre_tool_call", "post_tool_call", "on_session_start", "on_session_end"] {
        assert_eq!(gitvow(event), 1, "one gitvow entry under {event} in:\n{after}");
    }
    // The person's own hooks stay, before gitvow's.
    let before = load(&original);
    for event in ["pre_tool_call", "post_tool_call", "on_session_start"] {
        let own = commands(&before, event);
        assert_eq!(commands(&doc, event)[..own.len()], own[..], "{event}");
    }
    // Everything else the file held, as it was.
    for key in before.as_hash().unwrap().keys() {
        if key.as_str() != Some("hooks") {
            assert_eq!(doc[key.as_str().unwrap()], before[key.as_str().unwrap()], "{key:?}");
        }
    }
    if !original.contains('{') {
        only_added(&original, &after);
    }
    assert_eq!(original.contains("\r\n"), after.contains("\r\n"));
    assert!(!after.replace("\r\n", "").contains('\n') || !original.contains("\r\n"), "CRLF kept on every line");
    // Idempotent.
    install(&env);
    assert_eq!(config(&env), after, "a second install changes nothing");
    // Exact uninstall.
    let out = env.run(["uninstall", "--user", "--agent", "hermes"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(config(&env), original, "uninstall gives the file back byte for byte");
}

#[test]
fn block_style_with_comments_and_the_persons_own_hooks() {
    check_round_trip("hermes-block.yaml");
}

#[test]
fn anchors_merge_keys_and_flow_collections_elsewhere() {
    check_round_trip("hermes-anchors.yaml");
}

#[test]
fn crlf_without_hooks() {
    check_round_trip("hermes-crlf.yaml");
}

#[test]
fn flow_style_hooks() {
    check_round_trip("hermes-flow.yaml");
}

#[test]
fn an_empty_hooks_key() {
    check_round_trip("hermes-empty-hooks.yaml");
}

#[test]
fn no_file_yet_is_created_and_removed() {
    let env = Sandbox::new();
    std::fs::create_dir_all(env.home().join(".hermes")).unwrap();
    install(&env);
    let doc = load(&config(&env));
    assert_eq!(commands(&doc, "pre_tool_call").len(), 1);
    let out = env.run(["uninstall", "--user", "--agent", "hermes"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!env.home().join(".hermes/config.yaml").exists());
}

#[test]
fn an_edit_after_install_survives_uninstall() {
    let env = Sandbox::new();
    let original = fixture("hermes-block.yaml");
    env.write("~/.hermes/config.yaml", &original);
    install(&env);
    let edited = config(&env).replace("  skin: default\n", "  skin: mono\n");
    env.write("~/.hermes/config.yaml", &edited);
    let out = env.run(["uninstall", "--user", "--agent", "hermes"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(config(&env), original.replace("  skin: default\n", "  skin: mono\n"));
}

#[test]
fn hermes_home_is_where_the_file_goes() {
    let env = Sandbox::new();
    let dir = env.home().join("profiles/work");
    std::fs::create_dir_all(&dir).unwrap();
    let out = env.gitvow().env("HERMES_HOME", &dir).args(["install", "--user", "--agent", "hermes"]).run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(dir.join("config.yaml").exists() && !env.home().join(".hermes/config.yaml").exists());
}

#[test]
fn a_file_hermes_would_not_load_is_refused_with_its_place() {
    for (name, line) in [("hermes-unloadable.yaml", 3), ("hermes-tab.yaml", 2)] {
        let env = Sandbox::new();
        let original = fixture(name);
        env.write("~/.hermes/config.yaml", &original);
        let out = env.run(["install", "--user", "--agent", "hermes"]);
        assert_ne!(out.code, 0, "{name}: install must refuse");
        let place = out.stderr.split(&format!("config.yaml:{line}:")).nth(1).and_then(|r| r.split(':').next());
        assert!(place.is_some_and(|col| col.parse::<usize>().is_ok()), "{name}: no file:line:column in {}", out.stderr);
        assert!(out.stderr.contains("nothing was written"), "{}", out.stderr);
        assert_eq!(config(&env), original, "{name}: the file is unchanged");
    }
}

#[test]
fn a_repository_install_is_refused() {
    let env = Sandbox::with_repo();
    let out = env.run(["install", "--agent", "hermes"]);
    assert_ne!(out.code, 0);
    assert!(out.stderr.contains("--user --agent hermes"), "{}", out.stderr);
}
