//! Files of unusual scale or shape: thousands of duplicate gitvow entries, a one-line object of
//! 200,000 keys, nesting thousands deep. Each is installed and uninstalled by the binary in a
//! temporary home, byte for byte where gitvow promises it; the time these take is measured by
//! `bench/install.sh`, not here.

use crate::support::{CMD, Output, Sandbox};
use serde_json::Value;

fn run(env: &Sandbox, args: &[&str]) -> Output {
    let mut all = args.to_vec();
    all.extend(["--user", "--yes", "--color", "never"]);
    env.run(&all)
}

fn install(env: &Sandbox, agent: &str) -> Output {
    run(env, &["install", "--agent", agent, "--command", CMD, "--force"])
}

fn uninstall(env: &Sandbox, agent: &str) -> Output {
    run(env, &["uninstall", "--agent", agent])
}

fn forget_record(env: &Sandbox) {
    std::fs::remove_file(env.home().join(".gitvow/install-record.json")).unwrap();
}

/// A Claude `PreToolUse` array in which every `user_every`th element is the user's own hook and
/// all others are copies of gitvow's entry, one element a line; `with_gitvow: false` leaves the
/// copies out, which is what uninstall must give.
fn duplicates(n: usize, user_every: usize, with_gitvow: bool) -> String {
    let elements: Vec<String> = (0..n)
        .filter_map(|i| match i % user_every == 0 {
            true => Some(format!("      {{\"hooks\": [{{\"type\": \"command\", \"command\": \"my-linter --pass {i}\"}}]}}")),
            false => {
                with_gitvow.then(|| format!("      {{\"hooks\": [{{\"type\": \"command\", \"command\": \"{CMD} hook PreToolUse\"}}]}}"))
            }
        })
        .collect();
    format!("{{\n  \"model\": \"opus\",\n  \"hooks\": {{\n    \"PreToolUse\": [\n{}\n    ]\n  }}\n}}\n", elements.join(",\n"))
}

fn is_gitvow(hook: &Value) -> bool {
    hook["command"].as_str().is_some_and(|c| c.contains("gitvow hook"))
}

#[test]
fn ten_thousand_duplicate_entries_become_one_and_uninstall_removes_them_all_keeping_the_users_hooks() {
    let env = Sandbox::with_repo();
    let path = env.write("~/.claude/settings.json", duplicates(10_000, 1000, true));
    let out = install(&env, "claude");
    assert_eq!(out.code, 0, "{out:?}");
    let installed: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let groups = installed["hooks"]["PreToolUse"].as_array().unwrap();
    let ours = groups.iter().filter(|g| g["hooks"].as_array().unwrap().iter().any(is_gitvow)).count();
    assert_eq!((groups.len(), ours), (11, 1), "the user's ten groups and one of gitvow's");
    assert_eq!(installed["model"], "opus");

    let out = uninstall(&env, "claude");
    assert_eq!(out.code, 0, "{out:?}");
    // The file held gitvow's entries before any record: uninstall removes every one of them, and
    // every byte of the user's stays.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), duplicates(10_000, 1000, false));
}

#[test]
fn ten_thousand_duplicates_without_a_record_are_removed_byte_for_byte() {
    let env = Sandbox::with_repo();
    let path = env.write("~/.claude/settings.json", duplicates(10_000, 1000, true));
    // No install ran: this is a file another tool filled, as uninstall finds it after a fresh clone.
    let out = uninstall(&env, "claude");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), duplicates(10_000, 1000, false));
}

/// `{"k0000000": 0, "k0000001": 1, ...}` on one line.
fn one_line(keys: usize) -> String {
    let members: Vec<String> = (0..keys).map(|i| format!("\"k{i:07}\": {i}")).collect();
    format!("{{{}}}\n", members.join(", "))
}

#[test]
fn a_one_line_object_of_200000_keys_round_trips_byte_for_byte_with_and_without_a_record() {
    let env = Sandbox::with_repo();
    let original = one_line(200_000);
    let path = env.write("~/.claude/settings.json", &original);
    for with_record in [true, false] {
        let out = install(&env, "claude");
        assert_eq!(out.code, 0, "{out:?}");
        let installed = std::fs::read_to_string(&path).unwrap();
        assert_eq!(installed.matches('\n').count(), 1, "a one-line file stays on one line");
        assert!(installed.starts_with(&original[..original.len() - 2]), "gitvow's text goes after the user's keys");
        let value: Value = serde_json::from_str(&installed).unwrap();
        assert_eq!(value.as_object().unwrap().len(), 200_001);
        if !with_record {
            forget_record(&env);
        }
        let out = uninstall(&env, "claude");
        assert_eq!(out.code, 0, "{out:?}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), original, "with_record: {with_record}");
    }
}

/// `{"model": "opus", "deep": [[[...]]]}` with `depth` arrays (or objects) nested in one another.
fn nested(depth: usize, objects: bool) -> String {
    let (open, close) = if objects { ("{\"a\": ", "}") } else { ("[", "]") };
    format!("{{\"model\": \"opus\", \"deep\": {}1{}}}\n", open.repeat(depth), close.repeat(depth))
}

#[test]
fn nesting_thousands_deep_is_refused_with_its_line_and_column_and_no_crash() {
    for (agent, file) in [("claude", "~/.claude/settings.json"), ("gemini", "~/.gemini/settings.json")] {
        for depth in [10_000, 200_000] {
            for objects in [false, true] {
                let env = Sandbox::with_repo();
                let text = nested(depth, objects);
                let path = env.write(file, &text);
                for out in [install(&env, agent), uninstall(&env, agent)] {
                    assert_eq!(out.code, 1, "{agent} {depth} {objects}: {out:?}");
                    let first = out.stderr.lines().next().unwrap_or_default();
                    assert!(first.contains("settings.json:1:") && first.contains("nesting"), "{agent} {depth}: {first}");
                    assert!(!out.stderr.contains("panicked") && !out.stderr.contains("overflow"), "{}", out.stderr);
                }
                assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "a refused file is never written");
            }
        }
    }
}

#[test]
fn nesting_a_few_levels_deep_outside_the_hooks_is_kept_byte_for_byte() {
    let env = Sandbox::with_repo();
    // Deeper than settings usually go, within what every agent's parser reads.
    let text = nested(100, true);
    let path = env.write("~/.gemini/settings.json", &text);
    assert_eq!(install(&env, "gemini").code, 0);
    assert!(std::fs::read_to_string(&path).unwrap().starts_with(&text[..text.len() - 2]));
    forget_record(&env);
    assert_eq!(uninstall(&env, "gemini").code, 0);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}
