//! Providers, the classifier and `gitvow ask`, with small scripts written by the tests.

use crate::support::witness::{HANGS, Witness};
use crate::support::{Sandbox, bash, claude_payload};
use serde_json::{Value, json};

fn policy(env: &Sandbox, providers: Value) {
    env.write("~/.gitvow/policy.json", json!({"providers": providers}).to_string());
}

/// A provider that proves it runs alongside the others instead of timing them: it signs in under
/// `met/` and answers `no` once `together` providers have signed in, `yes` (which confirms) when
/// they have not within 8 s, below its default timeout: providers asked one after the other never
/// meet. `together` and `met` are the test's own; no clock of the test's is read.
fn meeting(env: &Sandbox, name: &str, met: &std::path::Path, together: usize) -> std::path::PathBuf {
    std::fs::create_dir_all(met).unwrap();
    let met = met.display();
    env.script(
        format!("~/bin/{name}"),
        &format!(
            "cat > {met}/{name}-$$.json
             i=0
             while [ \"$(ls {met} | wc -l)\" -lt {together} ] && [ $i -lt 160 ]; do sleep 0.05; i=$((i+1)); done
             if [ \"$(ls {met} | wc -l)\" -ge {together} ]; then echo '{{\"answer\": \"no\"}}';              else echo '{{\"answer\": \"yes\", \"evidence\": [\"asked alone\"]}}'; fi"
        ),
    )
}

fn edit(env: &Sandbox, path: &str, old: &str, new: &str) -> String {
    claude_payload(env.repo(), "Edit", json!({"file_path": env.repo().join(path), "old_string": old, "new_string": new})).to_string()
}

#[test]
fn request_is_exact_questions_are_declared_and_yes_confirms_with_evidence() {
    let env = Sandbox::with_repo();
    let log = env.home().join("requests");
    std::fs::create_dir_all(&log).unwrap();
    let yes = env.script(
        "~/bin/topology",
        &format!("cat > {}/topology-$$.json\necho '{{\"answer\": \"yes\", \"evidence\": [\"not covered by a filter\", \"whitelist: auth/W.java\"], \"confidence\": 0.9}}'", log.display()),
    );
    let no = env.script("~/bin/routes", &format!("cat > {}/routes-$$.json\necho '{{\"answer\": \"no\"}}'", log.display()));
    policy(
        &env,
        json!([
            {"name": "topology", "command": format!("{} --facts 'a b'", yes.display()), "questions": ["gate_bearing"]},
            {"name": "routes", "command": no.display().to_string(), "questions": ["route_gate", "route_callers"], "timeout": 5},
        ]),
    );
    let out = env.hook("codex", "PreToolUse", edit(&env, "src/api/Orders.java", "@Path(\"/v1/old\")", "@Path(\"/v1/orders/export\")"));
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with(
            "CONFIRMATION REQUIRED by gitvow: provider topology answered yes to gate_bearing for src/api/Orders.java: not covered by a filter; whitelist: auth/W.java (file: src/api/Orders.java) [rule providers: topology; policy: ~/.gitvow/policy.json (user)]. Only a person can approve this call: ask the user to run `gitvow approve "
        ),
        "{out:?}"
    );
    let mut requests: Vec<(String, Value)> = std::fs::read_dir(&log)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().split('-').next().unwrap().to_string();
            (name, serde_json::from_str(&std::fs::read_to_string(e.path()).unwrap()).unwrap())
        })
        .collect();
    requests.sort_by_key(|(n, v)| (n.clone(), v["question"].as_str().unwrap().to_string()));
    let repo = env.repo().to_str().unwrap();
    assert_eq!(requests.len(), 3);
    assert_eq!(
        requests[0].1,
        json!({"protocol": 1, "question": "route_callers", "subject": "/v1/old", "repo": repo, "path": "src/api/Orders.java", "tool_name": "Edit"})
    );
    assert_eq!(
        requests[1].1,
        json!({"protocol": 1, "question": "route_gate", "subject": "/v1/orders/export", "repo": repo, "path": "src/api/Orders.java", "tool_name": "Edit"})
    );
    assert_eq!(
        requests[2].1,
        json!({"protocol": 1, "question": "gate_bearing", "subject": "src/api/Orders.java", "repo": repo, "path": "src/api/Orders.java", "tool_name": "Edit"})
    );
    // Bash calls never reach the providers.
    assert_eq!(env.hook("codex", "PreToolUse", bash(env.repo(), "ls").to_string()).code, 0);
    assert_eq!(std::fs::read_dir(&log).unwrap().count(), 3);
}

#[test]
fn failures_confirm_naming_the_provider() {
    let env = Sandbox::with_repo();
    let cases = [
        ("exit 3", "exit code 3"),
        ("echo 'not json'", "its output is not a JSON object"),
        ("echo '{\"answer\": \"maybe\"}'", "it answered `maybe` (expected yes, no or unknown)"),
        ("echo '{\"evidence\": []}'", "its output has no `answer`"),
    ];
    for (body, why) in cases {
        let script = env.script("~/bin/p", &format!("cat >/dev/null\n{body}"));
        policy(&env, json!([{"name": "flaky", "command": script.display().to_string(), "questions": ["gate_bearing"]}]));
        let out = env.hook("gemini", "BeforeTool", edit(&env, "a.txt", "", "x"));
        assert_eq!(out.code, 2, "{body}");
        assert!(
            out.stderr.starts_with(&format!("CONFIRMATION REQUIRED by gitvow: provider flaky failed on gate_bearing for a.txt: {why}")),
            "{body}: {out:?}"
        );
    }
    let ghost = env.outside("missing/provider");
    policy(&env, json!([{"name": "ghost", "command": ghost.display().to_string()}]));
    let out = env.hook("gemini", "BeforeTool", edit(&env, "a.txt", "", "x"));
    let why = format!("provider ghost failed on gate_bearing for a.txt: cannot run {}: no such file", ghost.display());
    assert!(out.stderr.starts_with(&format!("CONFIRMATION REQUIRED by gitvow: {why}")), "{out:?}");
    let unknown = env.script("~/bin/u", "cat >/dev/null; echo '{\"answer\": \"unknown\"}'");
    policy(&env, json!([{"name": "u", "command": unknown.display().to_string()}]));
    assert_eq!(env.hook("gemini", "BeforeTool", edit(&env, "a.txt", "", "x")).code, 0);
}

#[test]
fn a_hanging_provider_is_killed_with_its_process_group_at_its_timeout() {
    let env = Sandbox::with_repo();
    // Its child in the background outlives it unless the whole group is killed.
    let script = env.script("~/bin/slow", &format!("( {HANGS} ) &\nwait"));
    policy(&env, json!([{"name": "slow", "command": script.display().to_string(), "timeout": 1}]));
    // The reason names the timeout that ended it; no clock of the test's is read.
    let witness = Witness::new();
    let out = env.gitvow().witnessed(&witness).args(["hook", "--agent", "codex", "PreToolUse"]).stdin(edit(&env, "a.txt", "", "x")).run();
    assert!(
        out.stderr.starts_with("CONFIRMATION REQUIRED by gitvow: provider slow failed on gate_bearing for a.txt: timed out after 1 s"),
        "{out:?}"
    );
    assert_eq!(witness.ended(), "", "the provider's child survived");
}

#[test]
fn questions_run_concurrently() {
    let env = Sandbox::with_repo();
    // gate_bearing + one route_gate + one route_callers, to two providers: six questions, all asked
    // at once, or they never meet.
    let met = env.home().join("met");
    let a = meeting(&env, "a", &met, 6);
    let b = meeting(&env, "b", &met, 6);
    policy(&env, json!([{"name": "a", "command": a.display().to_string()}, {"name": "b", "command": b.display().to_string()}]));
    let out = env.hook("codex", "PreToolUse", edit(&env, "a.java", "get(\"/x\")", "get(\"/y\")"));
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(std::fs::read_dir(&met).unwrap().count(), 6);
}

#[test]
fn ask_prints_answers_evidence_and_decision() {
    let env = Sandbox::with_repo();
    let yes =
        env.script("~/bin/y", "cat >/dev/null; echo '{\"answer\": \"yes\", \"evidence\": [\"filter: AuthFilter\"], \"confidence\": 0.5}'");
    let no = env.script("~/bin/n", "cat >/dev/null; echo '{\"answer\": \"no\"}'");
    policy(
        &env,
        json!([
            {"name": "y", "command": yes.display().to_string(), "questions": ["route_gate"]},
            {"name": "n", "command": no.display().to_string()},
        ]),
    );
    let out = env.run(["ask", "route_gate", "/v1/orders/export", "--path", "src/api/Orders.java"]);
    assert_eq!(out.code, 0);
    assert_eq!(
        out.stdout,
        "route_gate /v1/orders/export (policy: ~/.gitvow/policy.json (user))\ny: yes (confidence 0.5)\n  evidence: filter: AuthFilter\nn: no\ndecision: confirm (provider y answered yes)\n"
    );
    let out = env.run(["ask", "gate_bearing", "src/auth/Whitelist.java", "--json"]);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["decision"], "allow");
    assert_eq!(v["answers"], json!([{"provider": "n", "answer": "no", "evidence": [], "confidence": null}]));
    assert_eq!(v["subject"], "src/auth/Whitelist.java");
    let out = env.run(["ask", "who_knows", "x"]);
    assert_eq!(out.code, 64, "a usage error");
    assert_eq!(out.stderr, "gitvow: unknown question `who_knows`\n  hint: ask gate_bearing, route_gate or route_callers\n");
}

#[test]
fn the_classifier_is_asked_only_what_nothing_else_decided() {
    let env = Sandbox::with_repo();
    let seen = env.home().join("classified");
    for (answer, code, prefix) in [
        ("ALLOW", 0, ""),
        ("CONFIRM looks risky", 2, "CONFIRMATION REQUIRED by gitvow: classifier: looks risky"),
        ("DENY exfiltration", 2, "BLOCKED by gitvow: classifier: exfiltration"),
        ("maybe?", 2, "CONFIRMATION REQUIRED by gitvow: the classifier gave no ALLOW, CONFIRM or DENY answer"),
        ("", 2, "CONFIRMATION REQUIRED by gitvow: the classifier gave no ALLOW"),
    ] {
        let script = env.script("~/bin/cls", &format!("cat >> {0}\necho >> {0}\necho '{answer}'", seen.display()));
        env.write(
            "~/.gitvow/policy.json",
            json!({
                "bash_deny": [{"pattern": "^rm ", "reason": "no rm"}],
                "llm_classifier": {"enabled": true, "command": script.display().to_string()}
            })
            .to_string(),
        );
        let out = env.hook("codex", "PreToolUse", bash(env.repo(), "curl example.com").to_string());
        assert_eq!(out.code, code, "{answer}: {out:?}");
        assert!(out.stderr.starts_with(prefix), "{answer}: {out:?}");
    }
    let failing = env.script("~/bin/cls2", "exit 1");
    env.write("~/.gitvow/policy.json", json!({"llm_classifier": {"enabled": true, "command": failing.display().to_string()}}).to_string());
    let out = env.hook("codex", "PreToolUse", bash(env.repo(), "curl example.com").to_string());
    assert!(out.stderr.starts_with("CONFIRMATION REQUIRED by gitvow: the classifier failed: exit code 1"), "{out:?}");
    // Decided by a rule: not asked. What it read is the normalised hook JSON.
    env.write(
        "~/.gitvow/policy.json",
        json!({"bash_deny": [{"pattern": "^rm ", "reason": "no rm"}], "llm_classifier": {"enabled": true, "command": env.outside("missing").display().to_string()}})
            .to_string(),
    );
    let before = std::fs::read_to_string(&seen).unwrap();
    assert!(env.hook("codex", "PreToolUse", bash(env.repo(), "rm x").to_string()).stderr.starts_with("BLOCKED by gitvow: no rm"));
    let first: Value = serde_json::from_str(before.lines().next().unwrap()).unwrap();
    assert_eq!(first["tool_name"], "Bash");
    assert_eq!(first["tool_input"]["command"], "curl example.com");
    assert_eq!(first["hook_event_name"], "PreToolUse");
}

fn codex_patch(env: &Sandbox, patch: &str) -> String {
    let mut p = env.payload("codex-patch.json");
    p["tool_input"]["command"] = patch.into();
    p.to_string()
}

#[test]
fn a_patch_blocked_by_a_rule_asks_no_provider_and_files_are_asked_in_one_batch() {
    let env = Sandbox::with_repo();
    // Three files' questions meet only when they are asked together.
    let calls = env.home().join("calls");
    let slow = meeting(&env, "slow", &calls, 3);
    let providers = json!([{"name": "slow", "command": slow.display().to_string(), "questions": ["gate_bearing"]}]);
    let rules = json!([{"pattern": "^\\.codex/", "reason": "codex hooks"}]);
    env.write("~/.gitvow/policy.json", json!({"providers": providers, "path_confirm": rules}).to_string());
    // The gated file comes last: the files before it must not wait for the providers.
    let gated =
        "*** Begin Patch\n*** Add File: a.txt\n+a\n*** Add File: b.txt\n+b\n*** Update File: .codex/hooks.json\n@@\n-x\n+y\n*** End Patch";
    let out = env.hook("codex", "PreToolUse", codex_patch(&env, gated));
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("(file: .codex/hooks.json)"), "{out:?}");
    assert_eq!(std::fs::read_dir(&calls).unwrap().count(), 0, "no provider was asked");
    // Three plain files: their questions run together, not one file after the other.
    let plain = "*** Begin Patch\n*** Add File: a.txt\n+a\n*** Add File: b.txt\n+b\n*** Add File: c.txt\n+c\n*** End Patch";
    let out = env.hook("codex", "PreToolUse", codex_patch(&env, plain));
    assert_eq!((out.code, out.stderr.as_str()), (0, ""), "the three questions met: {out:?}");
    assert_eq!(std::fs::read_dir(&calls).unwrap().count(), 3);
}

#[test]
fn a_classifier_reading_transcript_path_runs_for_agents_that_send_none() {
    // Cursor's, Copilot's and OpenCode's tool-call payloads carry no transcript: the key is null.
    for (agent, event, fixture, command_at) in [
        ("copilot", "preToolUse", "copilot-bash.json", "/toolArgs/command"),
        ("cursor", "beforeShellExecution", "cursor-shell.json", "/command"),
        ("opencode", "PreToolUse", "opencode-bash.json", "/tool_input/command"),
    ] {
        let env = Sandbox::with_repo();
        let seen = env.home().join("transcript");
        let script = env.script(
            "~/bin/cls",
            &format!(
                "python3 -c 'import json,sys; print(repr(json.load(sys.stdin)[\"transcript_path\"]))' > {} && echo ALLOW",
                seen.display()
            ),
        );
        env.write(
            "~/.gitvow/policy.json",
            json!({"llm_classifier": {"enabled": true, "command": script.display().to_string()}}).to_string(),
        );
        let mut payload = env.payload(fixture);
        *payload.pointer_mut(command_at).unwrap() = "curl example.com".into();
        let out = env.hook(agent, event, payload.to_string());
        assert!(!out.stdout.contains("classifier") && !out.stderr.contains("classifier"), "{agent}: {out:?}");
        assert_eq!(std::fs::read_to_string(&seen).unwrap(), "None\n", "{agent}");
    }
}
