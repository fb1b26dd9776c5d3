//! `gitvow install --sandbox`: claude's `sandbox` block and codex's `sandbox_mode`, told what
//! gitvow protects, shown in the preview, refused when the sandbox could not start here, and taken
//! out to the byte by uninstall.

use crate::support::Sandbox;
use serde_json::Value;

const CLAUDE: &str = "{\n  \"model\": \"opus\",\n  \"theme\": \"dark\"\n}\n";
const CODEX: &str = "model = \"o3\" # mine\n\n[tui]\nx = 1\n";

/// A home with claude's and codex's files, and a folder of the programs claude's sandbox starts
/// (stand-ins: install only looks them up).
fn home_with_agents() -> (Sandbox, String) {
    let env = Sandbox::new();
    env.write("~/.claude/settings.json", CLAUDE);
    env.write("~/.codex/config.toml", CODEX);
    for program in ["bwrap", "socat"] {
        env.script(env.outside(format!("bin/{program}")), "exit 0");
    }
    let path = format!("{}:/usr/bin:/bin", env.outside("bin").display());
    (env, path)
}

fn install(env: &Sandbox, path: &str, extra: &[&str]) -> crate::support::Output {
    let mut args = vec!["install", "--user", "--agent", "claude", "--agent", "codex", "--sandbox", "--yes"];
    args.extend(extra);
    env.gitvow().env("PATH", path).args(args).run()
}

#[test]
fn the_sandboxes_are_switched_on_with_what_gitvow_protects_and_uninstall_gives_every_byte_back() {
    let (env, path) = home_with_agents();
    let out = install(&env, &path, &[]).ok();
    out.stdout_has("+  \"sandbox\": {").stdout_has("+sandbox_mode = \"workspace-write\"").stdout_has("claude runs is in its own sandbox");
    let claude: Value = settings(&env.read("~/.claude/settings.json"));
    let block = &claude["sandbox"];
    assert_eq!(
        (&block["enabled"], &block["failIfUnavailable"], &block["allowUnsandboxedCommands"]),
        (&Value::Bool(true), &Value::Bool(true), &Value::Bool(false))
    );
    let deny_write: Vec<&str> = block["filesystem"]["denyWrite"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    for protected in ["~/.gitvow", "~/.claude/settings.json", "~/.codex/hooks.json", "~/.bashrc", "/etc/gitvow"] {
        assert!(deny_write.contains(&protected), "{protected} missing from {deny_write:?}");
    }
    assert_eq!(block["filesystem"]["denyRead"], serde_json::json!(["~/.gitvow/record.key"]));
    let codex = env.read("~/.codex/config.toml");
    let doc: toml_edit::DocumentMut = codex.parse().unwrap();
    assert_eq!(doc["sandbox_mode"].as_str(), Some("workspace-write"), "{codex}");
    assert_eq!(doc["sandbox_workspace_write"]["network_access"].as_bool(), Some(true), "the network stays on: {codex}");
    // Again: nothing to change.
    install(&env, &path, &[]).ok().stdout_has("claude: nothing to change");
    env.gitvow().env("PATH", &path).args(["uninstall", "--user", "--yes"]).run().ok();
    assert_eq!(env.read("~/.claude/settings.json"), CLAUDE);
    assert_eq!(env.read("~/.codex/config.toml"), CODEX);
}

#[test]
fn what_the_person_set_in_the_block_stays_after_uninstall() {
    let (env, path) = home_with_agents();
    let mine = "{\n  \"sandbox\": {\n    \"enabled\": false,\n    \"network\": {\"allowedDomains\": [\"example.com\"]}\n  }\n}\n";
    env.write("~/.claude/settings.json", mine);
    install(&env, &path, &[]).ok();
    // The person adds a path of their own after install; gitvow's go, theirs stays.
    let text = env.read("~/.claude/settings.json").replace("\"denyWrite\": [", "\"denyWrite\": [\n          \"/srv/mine\",");
    env.write("~/.claude/settings.json", &text);
    env.gitvow().env("PATH", &path).args(["uninstall", "--user", "--agent", "claude", "--yes"]).run().ok();
    let after: Value = settings(&env.read("~/.claude/settings.json"));
    assert_eq!(after["sandbox"]["enabled"], Value::Bool(false), "the person's switch is back as it was");
    assert_eq!(after["sandbox"]["network"]["allowedDomains"], serde_json::json!(["example.com"]));
    assert_eq!(after["sandbox"]["filesystem"]["denyWrite"], serde_json::json!(["/srv/mine"]));
    assert!(after["sandbox"].get("allowUnsandboxedCommands").is_none() && after.get("hooks").is_none(), "{after}");
}

#[test]
fn a_sandbox_that_could_not_start_here_is_refused_before_anything_is_written() {
    let (env, _) = home_with_agents();
    let empty = env.outside("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let out = install(&env, empty.to_str().unwrap(), &[]).status(1);
    out.stderr_has("claude needs bwrap and socat, not found on the PATH").stderr_has("nothing was written");
    assert_eq!(env.read("~/.claude/settings.json"), CLAUDE);
    assert_eq!(env.read("~/.codex/config.toml"), CODEX);
}

#[test]
fn a_repository_file_names_the_repositorys_own_files_relative_to_its_top() {
    let env = Sandbox::with_repo();
    for program in ["bwrap", "socat"] {
        env.script(env.outside(format!("bin/{program}")), "exit 0");
    }
    let path = format!("{}:/usr/bin:/bin", env.outside("bin").display());
    env.gitvow().env("PATH", &path).current_dir(env.repo()).args(["install", "--agent", "claude", "--sandbox", "--yes"]).run().ok();
    let v: Value = settings(&env.read(env.repo().join(".claude/settings.json")));
    let deny_write: Vec<&str> = v["sandbox"]["filesystem"]["denyWrite"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    for protected in [".git/hooks", ".claude", ".codex/hooks.json", "~/.gitvow"] {
        assert!(deny_write.contains(&protected), "{protected} missing from {deny_write:?}");
    }
    assert!(
        !deny_write.iter().any(|p| p.contains(env.home().to_str().unwrap())),
        "no path of this person's in a shared file: {deny_write:?}"
    );
}

fn settings(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn doctor_reports_the_sandbox_on_and_fails_it_when_its_programs_are_gone() {
    let (env, path) = home_with_agents();
    install(&env, &path, &[]).ok();
    let confined = |path: &str| {
        let out = env.gitvow().env("PATH", path).args(["doctor", "--user", "--agent", "claude", "--json"]).run();
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        let check = v["checks"].as_array().unwrap().iter().find(|c| c["check"] == "confined").cloned();
        check.unwrap_or_else(|| panic!("no confined check: {}", out.stdout))
    };
    let on = confined(&path);
    assert_eq!(on["status"], "ok", "{on}");
    assert!(on["detail"].as_str().unwrap().contains("claude's own sandbox is on"), "{on}");
    let empty = env.outside("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let gone = confined(&format!("{}:{}", empty.display(), empty.join("missing").display()));
    assert_eq!(gone["status"], "fail", "{gone}");
    assert!(gone["detail"].as_str().unwrap().contains("needs bwrap and socat"), "{gone}");
}

#[test]
fn doctor_in_the_box_proves_it_from_inside() {
    let env = Sandbox::new();
    env.run(["install", "--user", "--agent", "gemini", "--yes"]).ok();
    // An agent in the box (python, as the gate's own tests play it) runs doctor as a tool call.
    let agent = "import subprocess, sys; sys.exit(subprocess.call(sys.argv[1:]))";
    let out = env.run(["run", "--", "python3", "-c", agent, crate::support::BIN, "doctor", "--user", "--agent", "gemini", "--json"]).ok();
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    let find = |name: &str| v["checks"].as_array().unwrap().iter().find(|c| c["check"] == name).cloned().unwrap();
    assert_eq!(find("box")["status"], "ok", "{}", out.stdout);
    assert!(find("box")["detail"].as_str().unwrap().contains("was refused"), "{}", out.stdout);
    assert_eq!(find("confined")["status"], "ok", "{}", out.stdout);
}
