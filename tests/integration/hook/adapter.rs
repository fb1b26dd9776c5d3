//! External adapters `gitvow-agent-<name>`: normalize and respond around the gate; failures block
//! only the events before a tool runs.

use crate::support::witness::{HANGS, Witness};
use crate::support::{Sandbox, bash};
use serde_json::json;

/// An adapter that passes Claude-shaped payloads through, and answers in its own form.
fn adapter(env: &Sandbox, normalize: &str) {
    let responses = env.home().join("responses");
    env.script(
        "~/.gitvow/agents/gitvow-agent-myagent",
        &format!(
            r#"case "$1" in
normalize)
{normalize}
;;
respond)
cat >> {responses}
echo >> {responses}
echo '{{"exit_code": 7, "stdout": "custom answer", "stderr": "from adapter"}}'
;;
*) exit 64 ;;
esac"#,
            responses = responses.display()
        ),
    );
}

const PASS_THROUGH: &str = r#"input=$(cat)
payload=${input#*\"payload\":}
payload=${payload%\}}
case "$input" in
*'"event":"beforeRun"'*) echo "{\"calls\": [{\"event\": \"PreToolUse\", \"payload\": $payload}]}" ;;
*) echo "{\"calls\": [{\"event\": \"PostToolUse\", \"payload\": $payload}]}" ;;
esac"#;

#[test]
fn normalize_gate_respond() {
    let env = Sandbox::with_repo();
    adapter(&env, PASS_THROUGH);
    let out = env.hook("myagent", "beforeRun", bash(env.repo(), "git push --force").to_string());
    assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (7, "custom answer", "from adapter"));
    let out = env.hook("myagent", "beforeRun", bash(env.repo(), "ls").to_string());
    assert_eq!(out.code, 7);
    // After the tool: recorded, no answer asked of the adapter.
    let out = env.hook("myagent", "afterRun", bash(env.repo(), "ls").to_string());
    assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (0, "", ""));
    let responses = std::fs::read_to_string(env.home().join("responses")).unwrap();
    let lines: Vec<serde_json::Value> = responses.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["code"], 2);
    assert!(lines[0]["message"].as_str().unwrap().starts_with("BLOCKED by gitvow: force push rewrites the remote's history"));
    assert_eq!(lines[1], json!({"code": 0, "message": ""}));
    let log = env.log_lines();
    assert_eq!(log.iter().map(|l| l["verdict"].as_str().unwrap()).collect::<Vec<_>>(), ["deny", "allow", "recorded"]);
    assert_eq!(log[2]["agent"], "myagent");
}

#[test]
fn a_built_in_name_always_wins() {
    let env = Sandbox::with_repo();
    env.script("~/.gitvow/agents/gitvow-agent-codex", "echo '{\"calls\": []}'");
    let out = env.hook("codex", "PreToolUse", bash(env.repo(), "git push --force").to_string());
    assert!(out.stderr.starts_with("BLOCKED by gitvow: force push"));
}

#[test]
fn missing_failing_and_malformed_adapters_block_only_before_a_tool() {
    let env = Sandbox::with_repo();
    let payload = bash(env.repo(), "ls").to_string();
    let out = env.hook("nope", "PreToolUse", &payload);
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        "BLOCKED by gitvow: no built-in agent `nope` and no adapter `gitvow-agent-nope` on the PATH or in ~/.gitvow/agents/\n"
    );
    assert_eq!(env.hook("nope", "PostToolUse", &payload).code, 0);
    let out = env.hook("bad/name", "beforeRun", &payload);
    assert!(out.stderr.starts_with("BLOCKED by gitvow: `bad/name` is not an agent name"), "{out:?}");

    for (body, why) in [
        ("exit 1", "adapter gitvow-agent-myagent (normalize) failed: exit code 1"),
        ("echo 'garbage'", "adapter gitvow-agent-myagent (normalize) printed no JSON object"),
        (
            "echo '{\"calls\": [{\"event\": \"Bogus\", \"payload\": {}}]}'",
            "adapter gitvow-agent-myagent (normalize): `Bogus` is not a gitvow event",
        ),
    ] {
        adapter(&env, &format!("cat >/dev/null\n{body}"));
        let out = env.hook("myagent", "beforeRun", &payload);
        // An adapter that failed is not asked again (a hung one would double the wait): exit 2.
        assert_eq!((out.code, out.stderr.clone()), (2, format!("BLOCKED by gitvow: {why}\n")), "{body}");
        assert!(!env.home().join("responses").exists(), "{body}");
        let out = env.hook("myagent", "afterRun", &payload);
        assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (0, "", ""));
        assert_eq!(env.log_lines().last().unwrap()["verdict"], "adapter_failed");
    }
}

#[test]
fn an_adapter_without_respond_still_blocks_with_exit_2() {
    let env = Sandbox::with_repo();
    env.script("~/.gitvow/agents/gitvow-agent-half", &format!("[ \"$1\" = normalize ] || exit 1\n{PASS_THROUGH}"));
    let out = env.hook("half", "beforeRun", bash(env.repo(), "git push -f").to_string());
    assert_eq!(out.code, 2);
    assert!(out.stderr.starts_with("BLOCKED by gitvow: force push"), "{out:?}");
    assert!(out.stderr.contains("(and adapter gitvow-agent-half (respond) failed: exit code 1)"), "{out:?}");
}

#[test]
fn a_slow_adapter_times_out_after_10_s_and_blocks() {
    let env = Sandbox::with_repo();
    adapter(&env, HANGS);
    let witness = Witness::new();
    let payload = bash(env.repo(), "ls").to_string();
    let out = env.gitvow().witnessed(&witness).args(["hook", "--agent", "myagent", "beforeRun"]).stdin(payload).run();
    assert_eq!(out.code, 2);
    assert_eq!(out.stderr, "BLOCKED by gitvow: adapter gitvow-agent-myagent (normalize): timed out after 10 s\n");
    // gitvow stopped waiting at 10 s and killed the adapter: it never lived to write.
    assert_eq!(witness.ended(), "", "the adapter outlived its timeout");
    assert!(!env.home().join("responses").exists());
}
