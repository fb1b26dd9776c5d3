//! `gitvow hook --agent hermes` and `--agent pi` with the payloads those agents send: hermes hears
//! a block only as `{"decision": "block"}` on stdout (exit 2 does not block it), pi's extension
//! reads exit 2 and the reason on stderr.

use crate::support::Sandbox;
use serde_json::{Value, json};

fn hermes(env: &Sandbox, payload: &Value) -> (i32, Value, String) {
    let out = env.hook("hermes", "pre_tool_call", payload.to_string());
    let body = if out.stdout.trim().is_empty() { Value::Null } else { out.json() };
    (out.code, body, out.stderr)
}

#[test]
fn hermes_force_push_in_terminal_is_blocked_on_stdout() {
    let env = Sandbox::with_repo();
    let (code, body, _) = hermes(&env, &env.payload("hermes-terminal.json"));
    assert_eq!(code, 0, "hermes reads the answer, not the exit code");
    assert_eq!(body["decision"], "block");
    assert!(body["reason"].as_str().unwrap().contains("force push"), "{body}");
}

#[test]
fn hermes_harmless_terminal_call_gets_no_answer() {
    let env = Sandbox::with_repo();
    let mut p = env.payload("hermes-terminal.json");
    p["tool_input"]["command"] = json!("ls -la");
    assert_eq!(hermes(&env, &p), (0, Value::Null, String::new()));
}

#[test]
fn hermes_terminal_workdir_is_where_the_command_runs() {
    let env = Sandbox::with_repo();
    let mut p = env.payload("hermes-terminal.json");
    p["cwd"] = json!(env.home());
    p["tool_input"] = json!({"command": "git push --force origin main", "workdir": env.repo()});
    assert_eq!(hermes(&env, &p).1["decision"], "block");
}

#[test]
fn a_tool_working_directory_keeps_the_command_read_as_without_it() {
    let env = Sandbox::with_repo();
    let mut p = env.payload("hermes-terminal.json");
    p["cwd"] = json!(env.repo());
    // Assigned first, the variable is known where the directory is given as where it is not.
    p["tool_input"] = json!({"command": "D=dist; rm -rf \"$D\" && ls", "workdir": env.repo()});
    assert_eq!(hermes(&env, &p).1, Value::Null);
    p["tool_input"] = json!({"command": "D=/; rm -rf \"$D\"", "workdir": env.repo()});
    assert_eq!(hermes(&env, &p).1["decision"], "block");
    // Relative names are the directory's: `build` in the home is outside the repository.
    p["tool_input"] = json!({"command": "D=build; rm -rf \"$D\"", "workdir": env.home()});
    assert_eq!(hermes(&env, &p).1["decision"], "block");
}

#[test]
fn hermes_write_file_and_patch_of_the_policy_are_stopped() {
    let env = Sandbox::with_repo();
    for name in ["hermes-write.json", "hermes-patch.json"] {
        let (code, body, _) = hermes(&env, &env.payload(name));
        assert_eq!((code, &body["decision"]), (0, &json!("block")), "{name}: {body}");
    }
    // A V4A patch names its files itself.
    let mut p = env.payload("hermes-patch.json");
    p["tool_input"] = json!({"mode": "patch", "path": "README", "patch": "*** Begin Patch\n*** Update File: .gitvow/policy.json\n@@\n-a\n+b\n*** End Patch\n"});
    assert_eq!(hermes(&env, &p).1["decision"], "block", "the patch's own file is judged, not `path`");
}

#[test]
fn hermes_execute_code_is_judged_as_the_python_it_runs() {
    let env = Sandbox::with_repo();
    let mut p = env.payload("hermes-terminal.json");
    p["tool_name"] = json!("execute_code");
    p["tool_input"] = json!({"code": "import subprocess\nsubprocess.run(['git', 'push', '--force', 'origin', 'main'])\n"});
    assert_eq!(hermes(&env, &p).1["decision"], "block");
    p["tool_input"] = json!({"code": "print(1 + 1)\n"});
    assert_eq!(hermes(&env, &p).1, Value::Null);
}

#[test]
fn hermes_unreadable_payload_blocks_on_stdout() {
    let env = Sandbox::with_repo();
    let out = env.hook("hermes", "pre_tool_call", "{not json");
    assert_eq!(out.code, 0);
    assert_eq!(out.json()["decision"], "block");
}

#[test]
fn pi_force_push_exits_2_with_the_reason() {
    let env = Sandbox::with_repo();
    let out = env.hook("pi", "PreToolUse", env.payload("pi-bash.json").to_string());
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("force push"), "{}", out.stderr);
    let out = env.hook("pi", "PreToolUse", env.payload("pi-edit.json").to_string());
    assert_eq!(out.code, 2, "an edit of the policy: {}", out.stderr);
}
