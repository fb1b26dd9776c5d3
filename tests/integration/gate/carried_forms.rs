//! Commands carried in data, judged alike in the payload forms of Claude Code, Codex and Copilot
//! CLI: an MCP tool's host mounts, a graph's or a wide-column store's query, a statement a running
//! tool is given under a name of its own, AppleScript's shell commands, and program files awk reads;
//! and look-alikes of danger that the text shows harmless (a branch the call made and deletes, a
//! scratch database in a temporary directory, a module imported by its literal name, a Makefile
//! the call feeds make, a reader of the gitvow executable).

use super::own_files::{installed, judge, stops};
use crate::support::{BIN, Sandbox};
use serde_json::Value;

/// Each agent's call of the MCP tool `mcp__SERVER__TOOL` with `input`, as it sends it: Copilot
/// names the tool `SERVER-TOOL`.
fn mcp_payloads(env: &Sandbox, tool: &str, input: &Value) -> [(&'static str, &'static str, Value); 3] {
    let mut claude = env.payload("claude-bash.json");
    claude["tool_name"] = tool.into();
    claude["tool_input"] = input.clone();
    let mut codex = env.payload("codex-bash.json");
    codex["tool_name"] = tool.into();
    codex["tool_input"] = input.clone();
    let mut copilot = env.payload("copilot-bash.json");
    let (server, name) = tool.trim_start_matches("mcp__").split_once("__").unwrap();
    copilot["toolName"] = format!("{server}-{name}").into();
    copilot["toolArgs"] = input.clone();
    [("claude", "PreToolUse", claude), ("codex", "PreToolUse", codex), ("copilot", "preToolUse", copilot)]
}

/// Every call of `stopped` is stopped, every one of `passed` passes, in each agent's form.
fn judge_mcp(env: &Sandbox, stopped: &[(&str, Value)], passed: &[(&str, Value)]) {
    let mut wrong = Vec::new();
    for (calls, want) in [(stopped, true), (passed, false)] {
        for (tool, input) in calls {
            for (agent, event, payload) in mcp_payloads(env, tool, input) {
                let out = env.hook(agent, event, payload.to_string());
                if stops(&out) != want {
                    wrong.push(format!("{agent}: {tool} {input}: want {}, got {out:?}", if want { "stopped" } else { "passed" }));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_container_tool_mounting_the_host_is_judged_as_docker_run_v() {
    let env = installed();
    judge_mcp(
        &env,
        &[
            ("mcp__docker__run_container", serde_json::json!({"image": "alpine", "volumes": {"/": "/host"}})),
            ("mcp__podman__create_container", serde_json::json!({"image": "alpine", "mounts": [{"source": "~", "target": "/h"}]})),
            ("mcp__containers__start", serde_json::json!({"image": "x", "HostConfig": {"Binds": ["$HOME/.ssh:/keys:ro"]}})),
        ],
        &[
            ("mcp__docker__run_container", serde_json::json!({"image": "node:20", "volumes": ["./:/app"]})),
            (
                "mcp__docker__run_container",
                serde_json::json!({"image": "pg", "volumes": {"pgdata": {"bind": "/var/lib/pg", "mode": "rw"}}}),
            ),
        ],
    );
}

#[test]
fn graph_and_wide_column_queries_and_statements_under_any_name_are_judged_as_sql() {
    let env = installed();
    judge_mcp(
        &env,
        &[
            ("mcp__memgraph__run_query", serde_json::json!({"query": "MATCH (n) DETACH DELETE n"})),
            ("mcp__scylla__execute", serde_json::json!({"cql": "DROP KEYSPACE shop"})),
            ("mcp__analytics__run_statement", serde_json::json!({"text": "TRUNCATE TABLE events"})),
            ("mcp__neon__apply_migration", serde_json::json!({"name": "m1", "query": "drop table users"})),
            ("mcp__pg__query", serde_json::json!({"sql": "select pg_terminate_backend(pid) from pg_stat_activity"})),
        ],
        &[
            ("mcp__memgraph__run_query", serde_json::json!({"query": "MATCH (n) RETURN count(n)"})),
            ("mcp__scylla__execute", serde_json::json!({"cql": "SELECT * FROM shop.orders LIMIT 1"})),
            ("mcp__tests__run", serde_json::json!({"filter": "delete user"})),
            ("mcp__github__create_issue", serde_json::json!({"title": "slow", "body": "DROP TABLE users takes minutes"})),
        ],
    );
}

#[test]
fn applescript_and_code_under_script_are_read_in_their_language() {
    let env = installed();
    judge_mcp(
        &env,
        &[
            ("mcp__applescript__run", serde_json::json!({"code": "do shell script \"rm -rf ~/src\""})),
            ("mcp__applescript__run", serde_json::json!({"code": "tell application \"Finder\" to delete every file of desktop"})),
            ("mcp__node__eval", serde_json::json!({"script": "require('fs').rmSync(require('os').homedir(), {recursive: true})"})),
        ],
        &[
            ("mcp__applescript__run", serde_json::json!({"code": "do shell script \"ls\""})),
            ("mcp__node__eval", serde_json::json!({"script": "console.log(1 + 1)"})),
        ],
    );
    judge(
        &env,
        &["osascript -e 'do shell script \"rm -rf ~/src\"'", "osascript -e 'do shell script \"rm -rf \" & p'"],
        &["osascript -e 'do shell script \"ls\"'"],
    );
}

#[test]
fn code_runners_code_is_judged_in_the_language_an_editor_names() {
    let env = installed();
    judge_mcp(
        &env,
        &[
            ("mcp__code-runner__run-code", serde_json::json!({"languageId": "shellscript", "code": "rm -rf ~/src/other"})),
            ("mcp__code-runner__run-code", serde_json::json!({"languageId": "python", "code": "import shutil; shutil.rmtree('/home')"})),
            (
                "mcp__code-runner__run-code",
                serde_json::json!({"languageId": "javascript", "code": "require('fs').rmSync('/', {recursive: true})"}),
            ),
        ],
        &[
            ("mcp__code-runner__run-code", serde_json::json!({"languageId": "shellscript", "code": "ls -la"})),
            ("mcp__code-runner__run-code", serde_json::json!({"languageId": "python", "code": "print(1 + 1)"})),
        ],
    );
}

#[test]
fn a_program_file_awk_reads_is_judged_as_its_inline_program() {
    let env = installed();
    env.write("wipe.awk", "BEGIN { system(\"rm -rf ~/src\") }\n");
    env.write("count.awk", "{ n++ } END { print n }\n");
    judge(
        &env,
        &["awk -f wipe.awk", "gawk -f wipe.awk /dev/null", "awk -v n=1 -f wipe.awk notes.txt"],
        &["awk -f count.awk notes.txt", "awk -v n=1 -F, -f count.awk notes.txt"],
    );
}

#[test]
fn a_bazel_targets_script_is_judged_as_the_script() {
    let env = installed();
    env.write("WORKSPACE", "");
    env.write("BUILD.bazel", "sh_binary(name = \"wipe\", srcs = [\"wipe.sh\"])\nsh_binary(name = \"hi\", srcs = [\"hi.sh\"])\n");
    env.write("wipe.sh", "rm -rf ~/src\n");
    env.write("hi.sh", "echo hi\n");
    judge(&env, &["bazel run //:wipe", "bazelisk run :wipe"], &["bazel run //:hi", "bazel test //..."]);
}

#[test]
fn what_the_call_shows_harmless_passes_and_its_twin_is_stopped() {
    let env = installed();
    let reader = format!("ldd {BIN} || true");
    let writer = format!("patchelf --set-rpath /opt/x {BIN}");
    judge(
        &env,
        &[
            "git branch -D feature",
            "git branch tmp-x && git checkout tmp-x && git commit --allow-empty -m x && git checkout - && git branch -D tmp-x",
            "sqlite3 ~/shop.db 'drop table orders'",
            "python3 -c \"__import__('os').system('rm -rf ~/src')\"",
            "python3 -c \"__import__(name).system('ls')\"",
            "printf 'all:\\n\\trm -rf ~/src\\n' | make -f -",
            "make -f - < Makefile.in",
            &writer,
        ],
        &[
            "git branch tmp-x && git branch -D tmp-x",
            "sqlite3 /tmp/scratch.db 'create table t(a); insert into t values(1); select * from t'",
            "python3 -c \"__import__('os').system('ls')\"",
            "printf 'all:\\n\\techo ok\\n' | make -f -",
            &reader,
        ],
    );
}
