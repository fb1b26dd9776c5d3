//! `gitvow install` and `gitvow uninstall` as a person runs them: the built binary, a temporary home,
//! temporary git repositories, real files.

use crate::support::{ALL, BIN, CMD, Output, Sandbox, assert_snapshot, mkfifo, mtime, watched, wrapped, wrapped_for_copilot};
use serde_json::{Value, json};

fn install_user(env: &Sandbox, agent: &str) -> Output {
    env.run(["install", "--user", "--agent", agent, "--yes", "--command", CMD, "--force"]).ok()
}

fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}):\n{text}"))
}

#[test]
fn user_install_writes_each_agents_file_in_its_shape() {
    let files = [
        ("claude", ".claude/settings.json"),
        ("codex", ".codex/hooks.json"),
        ("gemini", ".gemini/settings.json"),
        ("cursor", ".cursor/hooks.json"),
        ("copilot", ".copilot/hooks/gitvow.json"),
        ("factory", ".factory/hooks.json"),
        ("qwen", ".qwen/settings.json"),
        ("auggie", ".augment/settings.json"),
        ("cline", ".cline/hooks/PreToolUse"),
    ];
    for (agent, rel) in files {
        let env = Sandbox::new();
        install_user(&env, agent);
        let text = env.read(format!("~/{rel}"));
        assert_snapshot(&format!("user_install_{agent}"), &text);
    }
}

#[test]
fn entries_carry_the_fields_the_spec_names() {
    let env = Sandbox::new();
    for agent in ["claude", "codex", "gemini", "cursor", "copilot", "factory"] {
        install_user(&env, agent);
    }
    let claude = json_of(&env.read("~/.claude/settings.json"));
    // No `claude` on this test's PATH: the fail-closed field is written all the same.
    assert_eq!(
        claude["hooks"]["PreToolUse"][0]["hooks"][0],
        json!({"type": "command", "command": format!("{CMD} hook PreToolUse"), "onFailure": "block"})
    );
    assert!(claude["hooks"]["Stop"][0].get("matcher").is_none(), "lifecycle events carry no matcher");

    let codex = json_of(&env.read("~/.codex/hooks.json"));
    assert_eq!(
        codex["hooks"]["PreToolUse"][0]["hooks"][0],
        json!({"type": "command", "command": wrapped(&format!("{CMD} hook --agent codex PreToolUse")), "timeout": 30})
    );

    let gemini = json_of(&env.read("~/.gemini/settings.json"));
    assert_eq!(gemini["hooks"]["SessionStart"][0]["matcher"], "*");
    assert_eq!(
        gemini["hooks"]["BeforeTool"][0]["hooks"][0],
        json!({"name": "gitvow-BeforeTool", "type": "command", "command": wrapped(&format!("{CMD} hook --agent gemini BeforeTool")), "timeout": 30000})
    );

    let cursor = json_of(&env.read("~/.cursor/hooks.json"));
    assert_eq!(cursor["version"], 1);
    assert_eq!(
        cursor["hooks"]["beforeShellExecution"][0],
        json!({"command": format!("{CMD} hook --agent cursor beforeShellExecution"), "type": "command", "timeout": 30, "failClosed": true})
    );

    let copilot = json_of(&env.read("~/.copilot/hooks/gitvow.json"));
    assert_eq!(copilot["version"], 1);
    assert_eq!(
        copilot["hooks"]["preToolUse"][0],
        json!({"type": "command", "bash": wrapped_for_copilot(&format!("{CMD} hook --agent copilot preToolUse")), "timeoutSec": 30})
    );

    let factory = json_of(&env.read("~/.factory/hooks.json"));
    assert!(factory.get("hooks").is_none(), "factory's events are top-level keys");
    assert_eq!(factory["PreToolUse"][0]["matcher"], "*");
    assert_eq!(
        factory["PreToolUse"][0]["hooks"][0],
        json!({"type": "command", "command": wrapped(&format!("{CMD} hook --agent factory PreToolUse")), "timeout": 30})
    );
}

#[test]
fn user_install_uses_this_executable_quoted_when_its_path_has_spaces() {
    let env = Sandbox::new();
    let dir = env.outside("my tools");
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("gitvow");
    std::fs::copy(BIN, &exe).unwrap();
    env.gitvow().program(&exe).args(["install", "--user", "--agent", "claude", "--yes"]).run().ok();
    let claude = json_of(&env.read("~/.claude/settings.json"));
    let exe = exe.canonicalize().unwrap();
    assert_eq!(claude["hooks"]["Stop"][0]["hooks"][0]["command"], format!("'{}' hook Stop", exe.display()));
}

#[test]
fn repository_install_writes_the_project_file_with_the_bare_command() {
    let env = Sandbox::new();
    let repo = env.git_repo("proj");
    let sub = repo.join("src/deep");
    std::fs::create_dir_all(&sub).unwrap();
    env.run_in(&sub, ["install", "--agent", "codex", "--agent", "copilot", "--yes"]).ok();
    let codex = json_of(&std::fs::read_to_string(repo.join(".codex/hooks.json")).unwrap());
    assert_eq!(codex["hooks"]["PreToolUse"][0]["hooks"][0]["command"], wrapped("gitvow hook --agent codex PreToolUse"));
    let copilot = json_of(&std::fs::read_to_string(repo.join(".github/hooks/gitvow.json")).unwrap());
    assert_eq!(copilot["hooks"]["sessionEnd"][0]["bash"], "gitvow hook --agent copilot sessionEnd");
    assert!(repo.join(".gitvow/policy.json").is_file());
    assert!(repo.join(".git/gitvow/install-record.json").is_file(), "the record lives in the git directory");
    assert!(!env.home().join(".codex").exists(), "a repository install leaves the home directory alone");
    assert!(!repo.join(".codex/config.toml").exists(), "the codex switch is a user setting");

    let explicit = env.git_repo("other");
    env.run(["install", explicit.to_str().unwrap(), "--agent", "cursor", "--yes", "--command", "/x/gitvow", "--force"]).ok();
    let cursor = json_of(&std::fs::read_to_string(explicit.join(".cursor/hooks.json")).unwrap());
    assert_eq!(cursor["hooks"]["stop"][0]["command"], "/x/gitvow hook --agent cursor stop");
}

#[test]
fn outside_a_repository_install_says_to_pass_user() {
    let env = Sandbox::new();
    let run = env.run(["install", "--agent", "claude"]);
    assert_eq!(run.code, 64, "a usage error");
    run.stderr_has("is not inside a git repository");
    run.stderr_has("--user");
}

#[test]
fn without_agent_every_agent_found_is_configured_and_named() {
    let env = Sandbox::new();
    std::fs::create_dir_all(env.home().join(".gemini")).unwrap();
    std::fs::create_dir_all(env.home().join(".cursor")).unwrap();
    let run = env.run(["install", "--user", "--yes", "--command", CMD, "--force"]).ok();
    run.stdout_has("Agents found: gemini, cursor");
    assert!(env.home().join(".gemini/settings.json").is_file());
    assert!(env.home().join(".cursor/hooks.json").is_file());
    assert!(!env.home().join(".claude").exists());

    let empty = Sandbox::new();
    let run = empty.run(["install", "--user", "--yes"]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("no agent found") && run.stderr.contains("--agent"), "{}", run.stderr);
    assert!(!empty.home().join(".gitvow").exists(), "nothing written");
}

#[test]
fn the_newer_agents_are_found_by_their_folders_or_their_command() {
    let env = Sandbox::new();
    let bin = env.outside("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let auggie = bin.join("auggie");
    std::fs::write(&auggie, "#!/bin/sh\n").unwrap();
    std::fs::set_permissions(&auggie, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let env = env.env("PATH", format!("{}:/usr/bin:/bin", bin.display()));
    for dir in [".qwen", ".cline", ".config/kilo"] {
        std::fs::create_dir_all(env.home().join(dir)).unwrap();
    }
    let run = env.run(["install", "--user", "--yes", "--command", CMD, "--force"]).ok();
    run.stdout_has("Agents found: qwen, cline, kilo, auggie");
    for file in [".qwen/settings.json", ".cline/hooks/PreToolUse", ".config/kilo/plugins/gitvow.js", ".augment/settings.json"] {
        assert!(env.home().join(file).is_file(), "{file}");
    }
}

#[test]
fn unknown_agent_is_a_usage_error_listing_the_known_ones() {
    let env = Sandbox::new();
    let run = env.run(["install", "--user", "--agent", "vim"]);
    assert_eq!(run.code, 64, "a usage error");
    assert!(run.stderr.contains("unknown agent `vim`") && run.stderr.contains("claude, codex"), "{}", run.stderr);
}

#[test]
fn dry_run_shows_the_diff_and_writes_nothing() {
    let env = Sandbox::new();
    let run = env.run(["install", "--user", "--agent", "claude", "--dry-run", "--command", CMD, "--force"]).ok();
    run.stdout_has("--- /dev/null\n+++ ~/.claude/settings.json\n");
    run.stdout_has("+            \"command\": \"/opt/gitvow/bin/gitvow hook Stop\"\n");
    assert!(!run.stdout.contains('\x1b'), "no colour without a terminal");
    assert!(std::fs::read_dir(env.home()).unwrap().next().is_none(), "nothing written");
}

#[test]
fn deleted_files_diff_to_dev_null() {
    let env = Sandbox::new();
    install_user(&env, "copilot");
    // gitvow's own file goes whole: one summary line stands for its text, which --verbose shows.
    let run = env.run(["uninstall", "--user", "--agent", "copilot", "--dry-run"]).ok();
    assert!(run.stdout.starts_with("Changes:\n  ~/.copilot/hooks/gitvow.json: removed (gitvow's own file)\n"), "{}", run.stdout);
    assert!(!run.stdout.contains("+++"), "{}", run.stdout);
    let run = env.run(["uninstall", "--user", "--agent", "copilot", "--dry-run", "--verbose"]).ok();
    run.stdout_has("--- ~/.copilot/hooks/gitvow.json\n+++ /dev/null\n");
}

#[test]
fn a_first_install_previews_the_default_policy_as_one_line() {
    let env = Sandbox::new();
    let run = env.run(["install", "--user", "--agent", "claude", "--dry-run", "--command", CMD, "--force"]).ok();
    let summary: Vec<&str> = run.stdout.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(summary[..2], ["Changes:", "  ~/.claude/settings.json: +5 hooks (new file)"], "{}", run.stdout);
    assert!(summary[2].starts_with("  ~/.gitvow/policy.json: new file, the default policy ("), "{}", run.stdout);
    assert!(summary[2].contains("`gitvow policy` lists the layers in force"), "{}", run.stdout);
    assert!(!run.stdout.contains("+++ ~/.gitvow/policy.json"), "the policy's text is not in the preview:\n{}", run.stdout);
    assert!(run.stdout.lines().count() < 80, "{}", run.stdout);
    let run = env.run(["install", "--user", "--agent", "claude", "--dry-run", "--command", CMD, "--force", "--verbose"]).ok();
    run.stdout_has("--- /dev/null\n+++ ~/.gitvow/policy.json\n");
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let env = Sandbox::new();
    let always = env.run(["install", "--user", "--agent", "claude", "--dry-run", "--color", "always"]).ok();
    always.stdout_has("\x1b[32m+");
    let never = env.run(["install", "--user", "--agent", "claude", "--dry-run", "--color", "never"]).ok();
    assert!(!never.stdout.contains('\x1b'));
    let env = env.env("NO_COLOR", "1");
    let auto = env.run(["install", "--user", "--agent", "claude", "--dry-run"]).ok();
    assert!(!auto.stdout.contains('\x1b'));
}

#[test]
fn check_exits_1_when_something_would_change_and_0_when_current() {
    let env = Sandbox::new();
    let run = env.run(["install", "--user", "--agent", "gemini", "--check", "--command", CMD, "--force"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    run.stdout_has("would change: ~/.gemini/settings.json");
    assert!(!env.home().join(".gemini").exists());
    install_user(&env, "gemini");
    let run = env.run(["install", "--user", "--agent", "gemini", "--check", "--command", CMD, "--force"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("gemini: nothing to change"));
}

#[test]
fn second_install_changes_nothing_and_keeps_modification_times() {
    let env = Sandbox::new();
    for agent in ALL.iter().filter(|a| !matches!(**a, "opencode" | "kilo")) {
        install_user(&env, agent);
    }
    let files: Vec<_> = walk(env.home());
    let before: Vec<_> = files.iter().map(|p| (std::fs::read(p).unwrap(), mtime(p))).collect();
    std::thread::sleep(std::time::Duration::from_millis(20));
    for agent in ALL.iter().filter(|a| !matches!(**a, "opencode" | "kilo")) {
        let run = install_user(&env, agent);
        assert_eq!(run.stdout.trim(), format!("{agent}: nothing to change"));
    }
    let after: Vec<_> = files.iter().map(|p| (std::fs::read(p).unwrap(), mtime(p))).collect();
    assert_eq!(before, after);
    assert_eq!(walk(env.home()), files, "no file added");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out.sort();
    out
}

#[test]
fn stale_entry_is_updated_in_place_duplicates_removed_user_hooks_kept_in_order() {
    let env = Sandbox::new();
    let original = r#"{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "first-user-hook"}]},
      {"matcher": "*", "hooks": [{"type": "command", "command": "/old/place/gitvow hook PreToolUse"}]},
      {"matcher": "Edit", "hooks": [{"type": "command", "command": "second-user-hook"}]},
      {"matcher": "*", "hooks": [{"type": "command", "command": "gitvow hook PreToolUse"}]}
    ]
  }
}
"#;
    env.write("~/.claude/settings.json", original);
    install_user(&env, "claude");
    let v = json_of(&env.read("~/.claude/settings.json"));
    let pre = v["hooks"]["PreToolUse"].as_array().unwrap();
    let commands: Vec<&str> = pre.iter().map(|g| g["hooks"][0]["command"].as_str().unwrap()).collect();
    assert_eq!(commands, ["first-user-hook", "/opt/gitvow/bin/gitvow hook PreToolUse", "second-user-hook"]);
    // New events go at the end of the hooks object, after the user's.
    let events: Vec<&String> = v["hooks"].as_object().unwrap().keys().collect();
    assert_eq!(events, ["PreToolUse", "SessionStart", "UserPromptSubmit", "PostToolUse", "Stop"]);
}

#[test]
fn new_entries_are_appended_after_the_users_hooks() {
    let env = Sandbox::new();
    env.write(
        "~/.codex/hooks.json",
        "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"mine\"}]}\n    ]\n  }\n}\n",
    );
    install_user(&env, "codex");
    let v = json_of(&env.read("~/.codex/hooks.json"));
    assert_eq!(v["hooks"]["PreToolUse"][0]["hooks"][0]["command"], "mine", "the user's hook keeps its position (codex trust)");
    assert_eq!(v["hooks"]["PreToolUse"][1]["hooks"][0]["command"], wrapped(&format!("{CMD} hook --agent codex PreToolUse")));
}

#[test]
fn uninstall_right_after_install_gives_back_the_original_bytes() {
    let env = Sandbox::new();
    // Claude reads strict JSON, with a byte-order mark allowed (a comment or a trailing comma would
    // make it drop the file).
    let original = "\u{feff}{\r\n\t\"model\": \"opus\",\r\n\t\"env\": {\"A\": \"\\u00e9\"}\r\n}";
    env.write("~/.claude/settings.json", original);
    install_user(&env, "claude");
    assert_ne!(env.read("~/.claude/settings.json"), original);
    env.run(["uninstall", "--user", "--agent", "claude", "--yes"]).ok();
    assert_eq!(env.read("~/.claude/settings.json"), original);
    assert!(!env.home().join(".gitvow/install-record.json").exists(), "an empty record is removed");
}

#[test]
fn uninstall_keeps_the_users_later_edits() {
    let env = Sandbox::new();
    env.write("~/.gemini/settings.json", "{\n  // auth\n  \"security\": {\"auth\": {\"selectedType\": \"gemini-api-key\"}}\n}\n");
    install_user(&env, "gemini");
    let edited = env.read("~/.gemini/settings.json").replace("gemini-api-key", "oauth-personal");
    env.write("~/.gemini/settings.json", &edited);
    env.run(["uninstall", "--user", "--agent", "gemini", "--yes"]).ok();
    assert_eq!(
        env.read("~/.gemini/settings.json"),
        "{\n  // auth\n  \"security\": {\"auth\": {\"selectedType\": \"oauth-personal\"}}\n}\n"
    );
}

#[test]
fn uninstall_without_a_record_removes_entries_recognised_by_their_command() {
    let env = Sandbox::new();
    let repo = env.git_repo("clone");
    let original =
        "{\n  \"hooks\": {\n    \"Stop\": [\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"say done\"}]}\n    ]\n  }\n}\n";
    env.write(repo.join(".claude/settings.json"), original);
    env.run_in(&repo, ["install", "--agent", "claude", "--yes"]).ok();
    // A fresh clone has the committed file but not the record in the git directory.
    std::fs::remove_file(repo.join(".git/gitvow/install-record.json")).unwrap();
    env.run_in(&repo, ["uninstall", "--agent", "claude", "--yes"]).ok();
    assert_eq!(std::fs::read_to_string(repo.join(".claude/settings.json")).unwrap(), original);
}

#[test]
fn uninstall_of_a_file_without_gitvow_entries_changes_nothing() {
    let env = Sandbox::new();
    let path = env.write("~/.claude/settings.json", "{ \"model\": \"x\" }");
    let t = mtime(&path);
    let run = env.run(["uninstall", "--user", "--agent", "claude", "--yes"]).ok();
    assert_eq!(run.stdout.trim(), "claude: nothing to change");
    assert_eq!(env.read("~/.claude/settings.json"), "{ \"model\": \"x\" }");
    assert_eq!(mtime(&path), t);
}

#[test]
fn uninstall_removes_files_and_directories_install_created() {
    let env = Sandbox::new();
    for agent in ["codex", "cursor", "copilot", "factory", "gemini", "claude"] {
        install_user(&env, agent);
    }
    env.run(["uninstall", "--user", "--yes"]).ok();
    let left: Vec<_> = walk(env.home()).into_iter().map(|p| p.strip_prefix(env.home()).unwrap().to_path_buf()).collect();
    // The policy is the person's now (kept); the lock went with the last hook.
    assert_eq!(left, [std::path::PathBuf::from(".gitvow/policy.json")]);
    assert!(!env.home().join(".copilot").exists() && !env.home().join(".claude").exists());
}

#[test]
fn the_policy_is_written_only_when_absent_and_purged_on_request() {
    let env = Sandbox::new();
    install_user(&env, "claude");
    let policy = env.home().join(".gitvow/policy.json");
    assert!(policy.is_file());
    std::fs::write(&policy, "{\"bash_deny\": []}\n").unwrap();
    install_user(&env, "cursor");
    assert_eq!(std::fs::read_to_string(&policy).unwrap(), "{\"bash_deny\": []}\n", "an edited policy is never overwritten");
    env.run(["uninstall", "--user", "--yes"]).ok();
    assert!(policy.is_file(), "uninstall keeps the policy without --purge-policy");
    // An edited policy is purged only with --force, and the summary says so (the hooks still go).
    install_user(&env, "cursor");
    let run = env.run(["uninstall", "--user", "--yes", "--purge-policy"]).ok();
    run.stdout_has("policy: kept ~/.gitvow/policy.json: it differs from the default policy (your edits); to remove it anyway: gitvow uninstall --user --yes --purge-policy --force");
    assert!(!env.home().join(".cursor/hooks.json").exists(), "the hooks came out all the same");
    assert_eq!(std::fs::read_to_string(&policy).unwrap(), "{\"bash_deny\": []}\n");
    let run = env.run(["uninstall", "--user", "--yes", "--purge-policy", "--force"]).ok();
    run.stdout_has("policy: ~/.gitvow/policy.json removed, with your edits (--force)");
    assert!(!policy.exists());

    // Never while another agent of the scope still uses it.
    let repo = env.git_repo("purged");
    env.run_in(&repo, ["install", "--agent", "claude,gemini", "--yes"]).ok();
    assert!(repo.join(".gitvow/policy.json").is_file());
    let run = env.run_in(&repo, ["uninstall", "--agent", "claude", "--yes", "--purge-policy"]).ok();
    run.stdout_has("gemini still use it; uninstall those too (--agent gemini) to remove it");
    assert!(repo.join(".gitvow/policy.json").is_file() && repo.join(".gemini/settings.json").is_file());
    let run = env.run_in(&repo, ["uninstall", "--agent", "gemini", "--yes", "--purge-policy"]).ok();
    run.stdout_has("removed (it was the default policy)");
    assert!(!repo.join(".gitvow").exists(), "the directory install made for the policy goes too");
    assert!(!repo.join(".claude").exists());
}

#[test]
fn install_names_the_switches_that_keep_the_gate_off_and_uninstall_names_only_what_it_touched() {
    let env = Sandbox::new();
    env.write("~/.claude/settings.json", "{\n  \"disableAllHooks\": true\n}\n");
    env.write("~/.codex/config.toml", "[features]\nhooks = false # I turned this off on purpose\n");
    let run = env.run(["install", "--user", "--agent", "claude,codex", "--yes", "--command", CMD, "--force"]).ok();
    assert!(
        run.stdout.contains("  ~/.codex/config.toml: [features] hooks false -> true (false keeps every codex hook off"),
        "{}",
        run.stdout
    );
    run.stdout_has("  - switched on: ~/.codex/config.toml: [features] hooks false -> true");
    assert!(
        run.stdout.contains("  - the gate is off: ~/.claude/settings.json:2:22: `disableAllHooks: true` turns every claude hook off"),
        "{}",
        run.stdout
    );
    assert!(env.read("~/.claude/settings.json").contains("\"disableAllHooks\": true"), "the person's switch is left as set");
    let run = env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    run.stdout_has("claude: nothing to change\n  - the gate is off:");
    // Uninstall over every agent names only those it took gitvow out of.
    let run = env.run(["uninstall", "--user", "--yes"]).ok();
    let reported: Vec<&str> = run.stdout.lines().filter(|l| !l.starts_with([' ', '-', '+', '@']) && l.contains(": ")).collect();
    assert_eq!(reported, ["claude: removed from ~/.claude/settings.json", "codex: removed from ~/.codex/hooks.json"], "{}", run.stdout);
    let run = env.run(["uninstall", "--user", "--yes"]).ok();
    assert_eq!(run.stdout, "no agent in ~ has gitvow's hooks: nothing to change\n");
}

#[test]
fn installing_factory_names_the_users_hooks_its_second_file_then_silences() {
    let env = Sandbox::new();
    let settings = "{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Execute\", \"hooks\": [{\"type\": \"command\", \"command\": \"~/bin/audit.sh\"}]}]}}\n";
    env.write("~/.factory/settings.json", settings);
    let run = env.run(["install", "--user", "--agent", "factory", "--yes", "--command", CMD, "--force"]).ok();
    assert!(
        run.stdout.contains("  - 1 of your hooks in ~/.factory/settings.json (under PreToolUse) stop running: factory runs only ~/.factory/hooks.json's list"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("fails open"), "gitvow's wrapper closes factory: {}", run.stdout);
    assert_eq!(env.read("~/.factory/settings.json"), settings, "the user's file is not touched");
}

#[test]
fn json_prints_the_plan_as_one_document_and_nothing_else() {
    let env = Sandbox::new();
    let plan = |args: &[&str]| -> serde_json::Value {
        let run = env.run(args).ok();
        serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: stdout is not one JSON document:\n{}", run.stdout))
    };
    let v = plan(&["install", "--user", "--agent", "claude", "--json", "--dry-run", "--command", CMD, "--force"]);
    assert_eq!(v["action"], "install");
    assert_eq!(v["applied"], false);
    assert_eq!(v["files"][0]["shown_as"], "~/.claude/settings.json");
    assert_eq!(v["files"][0]["change"], "create");
    assert_eq!(v["files"][0]["sha256_before"], serde_json::Value::Null);
    assert_eq!(v["files"][0]["what"], "+5 hooks (new file)");
    assert!(!env.home().join(".claude").exists(), "--dry-run wrote nothing");
    let v = plan(&["install", "--user", "--agent", "claude", "--json", "--yes", "--command", CMD, "--force"]);
    assert_eq!(v["applied"], true);
    let written = std::fs::read(env.home().join(".claude/settings.json")).unwrap();
    use sha2::Digest;
    assert_eq!(v["files"][0]["sha256_after"], format!("{:x}", sha2::Sha256::digest(&written)));
    let v = plan(&["install", "--user", "--agent", "claude", "--json", "--yes", "--command", CMD, "--force"]);
    assert_eq!(v["files"], serde_json::json!([]));
    assert_eq!(v["unchanged_agents"], serde_json::json!(["claude"]));
    let v = plan(&["uninstall", "--user", "--agent", "claude", "--json", "--yes"]);
    assert_eq!(
        (v["action"].as_str(), v["files"][0]["change"].as_str(), v["files"][0]["what"].as_str()),
        (Some("uninstall"), Some("delete"), Some("-5 hooks (file removed: install had created it)"))
    );
}

#[test]
fn check_json_gives_the_verdict_and_its_rule() {
    let env = Sandbox::new();
    let run = env.run(["check", "--json", "--", "git", "push", "--force", "origin", "main"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["verdict"], "deny");
    assert_eq!(v["rule"], "bash_deny[1]");
    assert_eq!(v["seen"], serde_json::json!([{"what": "runs", "text": "git push --force origin main"}]));
    let run = env.run(["check", "--json", "--", "ls"]);
    assert_eq!(run.code, 0);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!((v["verdict"].as_str(), v["rule"].is_null()), (Some("allow"), true));
}

#[test]
fn a_command_that_cannot_run_here_is_refused_unless_forced() {
    let env = Sandbox::new();
    let plain = env.write("~/bin/not-executable", "#!/bin/sh\n");
    // Enough of a gitvow to pass: it answers `--version` as gitvow does.
    let exe = env.write("~/bin/gitvow", "#!/bin/sh\necho 'gitvow 0.0.0'\n");
    std::fs::set_permissions(&exe, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let missing = env.outside("missing/gitvow");
    let missing = missing.to_str().unwrap();
    for (command, why) in [(missing, "no such file"), (plain.to_str().unwrap(), "not executable"), ("gitvow-nowhere", "not on the PATH")] {
        let run = env.run(["install", "--user", "--agent", "claude", "--yes", "--command", command]);
        assert_eq!(run.code, 64, "{command}: {}", run.stdout);
        assert!(run.stderr.contains(&format!("--command {command}: {why}")) && run.stderr.contains("--force"), "{}", run.stderr);
        assert!(!env.home().join(".claude").exists(), "nothing written");
    }
    env.run(["install", "--user", "--agent", "claude", "--yes", "--command", exe.to_str().unwrap()]).ok();
    env.run(["install", "--user", "--agent", "claude", "--yes", "--command", missing, "--force"]).ok();
    assert!(env.read("~/.claude/settings.json").contains(&format!("{missing} hook PreToolUse")));
}

#[test]
fn a_misspelt_agent_gets_did_you_mean_and_uninstalls_help_speaks_of_uninstalling() {
    let env = Sandbox::new();
    let run = env.run(["install", "--user", "--agent", "clauude", "--dry-run"]);
    assert_eq!(run.code, 64);
    assert!(run.stderr.starts_with("gitvow: unknown agent `clauude`; did you mean `claude`?"), "{}", run.stderr);
    let help = env.run(["uninstall", "--help"]).ok().stdout;
    assert!(help.contains("Take gitvow out of this user's agents") && !help.contains("Configure the agents"), "{help}");
    assert!(help.contains("Examples:\n  gitvow uninstall --user --dry-run"), "{help}");
}

#[test]
fn a_long_line_is_previewed_as_the_part_that_changes() {
    let env = Sandbox::new();
    let keys: Vec<String> = (0..20_000).map(|i| format!("\"key_{i:05}\":\"value-{i}\"")).collect();
    let text = format!("{{{}}}", keys.join(","));
    env.write("~/.claude/settings.json", &text);
    let run = env.run(["install", "--user", "--agent", "claude", "--dry-run", "--command", CMD, "--force"]).ok();
    let minus =
        run.stdout.lines().find(|l| l.starts_with("-[…")).unwrap_or_else(|| panic!("{}", &run.stdout[..2000.min(run.stdout.len())]));
    let plus = run.stdout.lines().find(|l| l.starts_with("+[…")).unwrap();
    let skipped = format!("-[… {} bytes …]", text.len() - 1 - 80);
    assert!(minus.starts_with(&skipped) && minus.ends_with("\"key_19999\":\"value-19999\"}"), "{minus}");
    assert!(plus.contains(",\"hooks\":{\"SessionStart\"") && plus.contains("/opt/gitvow/bin/gitvow hook PreToolUse"), "{plus}");
    assert!(run.stdout.len() < 10_000, "the preview does not repeat the {}-byte line: {} bytes", text.len(), run.stdout.len());
}

#[test]
fn check_exits_2_when_it_cannot_tell() {
    let env = Sandbox::new();
    env.write("~/.claude/settings.json", "{\"model\": ");
    let run = env.run(["install", "--user", "--agent", "claude", "--check", "--command", CMD, "--force"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    run.stderr_has("settings.json:1:");
    env.write("~/.claude/settings.json", "{}\n");
    assert_eq!(env.run(["install", "--user", "--agent", "claude", "--check", "--command", CMD, "--force"]).code, 1);
    env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    assert_eq!(env.run(["install", "--user", "--agent", "claude", "--check", "--command", CMD, "--force"]).code, 0);
    assert_eq!(env.run(["uninstall", "--user", "--agent", "claude", "--check"]).code, 1);
    assert_eq!(env.run(["install", "--user", "--check", "--bogus"]).code, 64, "a usage error stays 64");
}

#[test]
fn empty_and_whitespace_files_count_as_an_empty_object() {
    for content in ["", "  \n\t\n"] {
        let env = Sandbox::new();
        env.write("~/.claude/settings.json", content);
        install_user(&env, "claude");
        let v = json_of(&env.read("~/.claude/settings.json"));
        assert!(v["hooks"]["PreToolUse"].is_array());
        env.run(["uninstall", "--user", "--agent", "claude", "--yes"]).ok();
        assert_eq!(env.read("~/.claude/settings.json"), content);
    }
}

#[test]
fn bad_input_is_refused_with_file_line_column_and_nothing_is_written() {
    let cases: [(&str, &str, &str); 10] = [
        ("{\n  \"hooks\": {\n", "settings.json:2:12", "unterminated object"),
        ("{\"a\": \"open", "settings.json:1:7", ""),
        ("\u{0}\u{1}binary\u{7f}", "settings.json:1:1", ""),
        ("{} {}", "settings.json:1:4", "more than one json value"),
        ("[1, 2]", "settings.json:1:1", "expected the top level to be an object"),
        ("{\"hooks\": [1]}", "settings.json:1:11", "expected `hooks` to be an object"),
        ("{\"hooks\": null}", "settings.json:1:11", "expected `hooks` to be an object"),
        ("{\n  \"hooks\": {\"Stop\": {}}\n}", "settings.json:2:21", "expected `Stop` to be an array"),
        ("\"just a string\"", "settings.json:1:1", "expected the top level to be an object"),
        ("{\"a\": 1,, }", "settings.json:1:9", ""),
    ];
    for (content, place, what) in cases {
        let env = Sandbox::new();
        env.write("~/.claude/settings.json", content);
        let run = env.run(["install", "--user", "--agent", "cursor", "--agent", "claude", "--yes", "--command", CMD, "--force"]);
        assert_eq!(run.code, 1, "{content:?}: {}", run.stdout);
        let first = run.stderr.lines().next().unwrap_or("");
        assert!(first.starts_with("gitvow: ~/.claude/settings.json:") && first.contains(place), "{content:?}: {}", run.stderr);
        assert!(first.to_lowercase().contains(&what.to_lowercase()), "{content:?}: {}", run.stderr);
        assert!(run.stderr.lines().count() <= 2, "{}", run.stderr);
        assert!(!run.stderr.contains("panicked") && !run.stderr.contains("RUST_BACKTRACE"));
        assert_eq!(env.read("~/.claude/settings.json"), content);
        assert!(!env.home().join(".cursor").exists(), "no file of the run is written");
        assert!(!env.home().join(".gitvow/policy.json").exists());
    }
}

#[test]
fn strict_json_agents_refuse_comments_that_the_agent_would_reject() {
    let env = Sandbox::new();
    env.write("~/.codex/hooks.json", "{\n  // note\n  \"hooks\": {}\n}\n");
    let run = env.run(["install", "--user", "--agent", "codex", "--yes"]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("hooks.json:2:3: a comment; codex ignores every hook in a hooks.json that has comments"), "{}", run.stderr);
    env.write("~/.gemini/settings.json", "{\n  \"a\": 1,\n}\n");
    let run = env.run(["install", "--user", "--agent", "gemini", "--yes"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("settings.json:2:9: a trailing comma; gemini refuses to start (exit 52, \"Error in settings.json\") with a settings.json that has a trailing comma"),
        "{}",
        run.stderr
    );
}

#[test]
fn permission_bits_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let env = Sandbox::new();
    let path = env.write("~/.claude/settings.json", "{}\n");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    install_user(&env, "claude");
    assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    // The record holds the settings' former bytes (secrets included): only the user may read it.
    let record = env.home().join(".gitvow/install-record.json");
    assert_eq!(std::fs::metadata(&record).unwrap().permissions().mode() & 0o777, 0o600);
}

#[test]
fn a_symlinked_user_file_is_followed_and_stays_a_link() {
    let env = Sandbox::new();
    let target = env.outside("dotfiles/claude-settings.json");
    env.write(&target, "{\"model\": \"opus\"}\n");
    std::fs::create_dir_all(env.home().join(".claude")).unwrap();
    let link = env.home().join(".claude/settings.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    install_user(&env, "claude");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    let v = json_of(&std::fs::read_to_string(&target).unwrap());
    assert_eq!(v["model"], "opus");
    assert!(v["hooks"]["Stop"].is_array());
}

#[test]
fn repository_scope_refuses_targets_that_lead_elsewhere() {
    let env = Sandbox::new();
    let outside = env.outside("victim.json");
    env.write(&outside, "{}\n");
    let bashrc = env.write("~/.bashrc", "export PATH=$PATH\n");
    type Setup<'a> = Box<dyn Fn(&std::path::Path) + 'a>;
    let setups: Vec<(&str, Setup)> = vec![
        (
            "symlink outside",
            Box::new(|repo| {
                std::fs::create_dir_all(repo.join(".claude")).unwrap();
                std::os::unix::fs::symlink(&outside, repo.join(".claude/settings.json")).unwrap();
            }),
        ),
        (
            "symlink into .git",
            Box::new(|repo| {
                std::fs::create_dir_all(repo.join(".claude")).unwrap();
                std::os::unix::fs::symlink(repo.join(".git/config"), repo.join(".claude/settings.json")).unwrap();
            }),
        ),
        (
            "hard link",
            Box::new(|repo| {
                std::fs::create_dir_all(repo.join(".claude")).unwrap();
                std::fs::write(repo.join("other.json"), "{}").unwrap();
                std::fs::hard_link(repo.join("other.json"), repo.join(".claude/settings.json")).unwrap();
            }),
        ),
        (
            "directory",
            Box::new(|repo| {
                std::fs::create_dir_all(repo.join(".claude/settings.json")).unwrap();
            }),
        ),
        (
            "symlink to ~/.bashrc",
            Box::new(|repo| {
                std::fs::create_dir_all(repo.join(".claude")).unwrap();
                std::os::unix::fs::symlink(&bashrc, repo.join(".claude/settings.json")).unwrap();
            }),
        ),
        (
            "FIFO",
            Box::new(|repo| {
                std::fs::create_dir_all(repo.join(".claude")).unwrap();
                mkfifo(&repo.join(".claude/settings.json"));
            }),
        ),
        (
            "directory symlinked outside",
            Box::new(|repo| {
                std::os::unix::fs::symlink(outside.parent().unwrap(), repo.join(".claude")).unwrap();
            }),
        ),
    ];
    for (i, (name, setup)) in setups.iter().enumerate() {
        let repo = env.git_repo(format!("r{i}"));
        setup(&repo);
        let git_config = std::fs::read(repo.join(".git/config")).unwrap();
        let run = env.run_in(&repo, ["install", "--agent", "claude", "--yes"]);
        assert_eq!(run.code, 1, "{name}: {}", run.stdout);
        assert!(run.stderr.contains(".claude/settings.json"), "{name}: {}", run.stderr);
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "{}\n", "{name}");
        assert_eq!(std::fs::read_to_string(&bashrc).unwrap(), "export PATH=$PATH\n", "{name}");
        assert!(!env.outside("settings.json").exists(), "{name}: nothing created outside");
        assert_eq!(std::fs::read(repo.join(".git/config")).unwrap(), git_config, "{name}");
        assert!(!repo.join(".gitvow").exists(), "{name}: nothing written");
    }
}

#[test]
fn install_prints_what_remains_to_be_done_by_hand() {
    let env = Sandbox::new();
    let run = install_user(&env, "codex");
    run.stdout_has("codex: installed in ~/.codex/hooks.json");
    assert!(run.stdout.contains("run /hooks and trust the gitvow entries"));
    assert!(run.stdout.contains("writable_roots"));
    assert!(run.stdout.contains("restart any open session"));
}

#[test]
fn factory_entries_under_a_hooks_key_move_to_the_top_level() {
    let env = Sandbox::new();
    env.write(
        "~/.factory/hooks.json",
        "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"*\", \"hooks\": [{\"type\": \"command\", \"command\": \"gitvow hook --agent factory PreToolUse\"}]}\n    ]\n  }\n}\n",
    );
    let run = install_user(&env, "factory");
    assert!(run.stdout.contains("-  \"hooks\": {"), "the diff shows the move:\n{}", run.stdout);
    let v = json_of(&env.read("~/.factory/hooks.json"));
    assert!(v.get("hooks").is_none());
    assert_eq!(v["PreToolUse"][0]["hooks"][0]["command"], wrapped(&format!("{CMD} hook --agent factory PreToolUse")));
}

#[test]
fn errors_never_show_a_panic_or_debug_output() {
    let env = Sandbox::new();
    let missing = env.outside("missing");
    for args in [
        vec!["install", "--user", "--dry-run", "--check"],
        vec!["install", missing.to_str().unwrap(), "--agent", "claude"],
        vec!["uninstall", "--user", "--agent", ""],
    ] {
        let run = env.run(&args);
        assert!(run.code == 1 || run.code == 64, "{args:?}: exit {}", run.code);
        assert!(!run.stderr.contains("panicked") && !run.stderr.contains("Error {"), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn codex_user_install_switches_hooks_on_and_uninstall_restores_the_toml() {
    let env = Sandbox::new();
    let original = "# my codex config\nmodel = \"gpt-5.5\"\n\n[features]\n# keep this comment\nhooks = false # off for now\nplugins = false\n\n[analytics]\nenabled = false\n";
    env.write("~/.codex/config.toml", original);
    let run = install_user(&env, "codex");
    assert!(
        run.stdout.contains("-hooks = false # off for now\n+hooks = true # off for now\n"),
        "the flip shows in the diff:\n{}",
        run.stdout
    );
    assert_eq!(env.read("~/.codex/config.toml"), original.replace("hooks = false", "hooks = true"));
    env.run(["uninstall", "--user", "--agent", "codex", "--yes"]).ok();
    assert_eq!(env.read("~/.codex/config.toml"), original);

    // No config.toml at all: install creates it with the switch, uninstall removes it again.
    let fresh = Sandbox::new();
    install_user(&fresh, "codex");
    assert_eq!(fresh.read("~/.codex/config.toml"), "[features]\nhooks = true\n");
    fresh.run(["uninstall", "--user", "--agent", "codex", "--yes"]).ok();
    assert!(!fresh.home().join(".codex").exists());
}

#[test]
fn codex_switch_keeps_the_users_later_toml_edits() {
    let env = Sandbox::new();
    env.write("~/.codex/config.toml", "model = \"a\"\n");
    install_user(&env, "codex");
    let edited = env.read("~/.codex/config.toml").replace("model = \"a\"", "model = \"b\"");
    env.write("~/.codex/config.toml", &edited);
    env.run(["uninstall", "--user", "--agent", "codex", "--yes"]).ok();
    assert_eq!(env.read("~/.codex/config.toml"), "model = \"b\"\n");
}

#[test]
fn opencode_plugin_is_written_and_removed_only_when_it_is_gitvows() {
    let env = Sandbox::new();
    install_user(&env, "opencode");
    let plugin = env.read("~/.config/opencode/plugins/gitvow.js");
    assert!(plugin.starts_with("// Generated by gitvow: `gitvow uninstall` removes this file."));
    assert!(plugin.contains("\"/opt/gitvow/bin/gitvow\""), "the command is embedded as a JS string");
    assert_eq!(install_user(&env, "opencode").stdout.trim(), "opencode: nothing to change");
    env.run(["uninstall", "--user", "--agent", "opencode", "--yes"]).ok();
    assert!(!env.home().join(".config").exists(), "the plugin and the directories made for it are gone");

    let foreign = Sandbox::new();
    let path = foreign.write("~/.config/opencode/plugins/gitvow.js", "export const Mine = async () => ({});\n");
    let run = foreign.run(["install", "--user", "--agent", "opencode", "--yes"]);
    assert_eq!(run.code, 1);
    run.stderr_has("gitvow.js: this file is not a plugin gitvow wrote");
    let run = foreign.run(["uninstall", "--user", "--agent", "opencode", "--yes"]).ok();
    assert_eq!(run.stdout.trim(), "opencode: nothing to change");
    assert_eq!(std::fs::read_to_string(path).unwrap(), "export const Mine = async () => ({});\n");
}

#[test]
fn kilo_gets_the_plugin_in_its_own_folders_calling_gitvow_as_kilo() {
    let env = Sandbox::new();
    install_user(&env, "kilo");
    let plugin = env.read("~/.config/kilo/plugins/gitvow.js");
    assert!(plugin.starts_with("// Generated by gitvow: `gitvow uninstall` removes this file."));
    assert!(plugin.contains("hook --agent kilo ${event}") && !plugin.contains("--agent opencode"), "{plugin}");
    assert!(!env.home().join(".config/opencode").exists(), "OpenCode's folders are not Kilo's");
    let repo = env.git_repo("r");
    env.run_in(&repo, ["install", "--agent", "kilo", "--yes"]).ok();
    assert!(std::fs::read_to_string(repo.join(".kilo/plugins/gitvow.js")).unwrap().contains("const GITVOW = \"gitvow\";"));
    env.run(["uninstall", "--user", "--agent", "kilo", "--yes"]).ok();
    assert!(!env.home().join(".config").exists());
}

#[test]
fn a_repository_install_writes_the_newer_agents_repository_files() {
    let env = Sandbox::new();
    let repo = env.git_repo("r");
    env.run_in(&repo, ["install", "--agent", "qwen,cline,auggie", "--yes"]).ok();
    let qwen = json_of(&std::fs::read_to_string(repo.join(".qwen/settings.json")).unwrap());
    assert_eq!(qwen["hooks"]["PreToolUse"][0]["hooks"][0]["command"], wrapped("gitvow hook --agent qwen PreToolUse"));
    let auggie = json_of(&std::fs::read_to_string(repo.join(".augment/settings.json")).unwrap());
    assert_eq!(auggie["hooks"]["PreToolUse"][0]["hooks"][0]["command"], wrapped("gitvow hook --agent auggie PreToolUse"));
    let hook = std::fs::read_to_string(repo.join(".clinerules/hooks/PreToolUse")).unwrap();
    assert!(hook.contains(&format!("\n{}\n", watched("gitvow hook --agent cline PreToolUse"))), "{hook}");
    assert!(!env.home().join(".cline").exists() && !env.home().join(".qwen").exists(), "nothing in the home directory");
    env.run_in(&repo, ["uninstall", "--yes"]).ok();
    for gone in [".qwen", ".augment", ".clinerules"] {
        assert!(!repo.join(gone).exists(), "{gone}");
    }
}

#[test]
fn qwen_and_auggie_entries_carry_their_own_fields() {
    let env = Sandbox::new();
    install_user(&env, "qwen");
    install_user(&env, "auggie");
    let qwen = json_of(&env.read("~/.qwen/settings.json"));
    // qwen adds this key itself on its next start: a file gitvow created says it already.
    assert_eq!(qwen["$version"], 4);
    assert_eq!(
        qwen["hooks"]["PreToolUse"][0],
        json!({"matcher": "*", "hooks": [{"type": "command", "command": wrapped(&format!("{CMD} hook --agent qwen PreToolUse")), "timeout": 30}]})
    );
    let auggie = json_of(&env.read("~/.augment/settings.json"));
    assert!(auggie.get("$version").is_none());
    // A JavaScript regular expression: `*` alone would not compile, `.*` matches MCP tools too.
    assert_eq!(
        auggie["hooks"]["PreToolUse"][0],
        json!({"matcher": ".*", "hooks": [{"type": "command", "command": wrapped(&format!("{CMD} hook --agent auggie PreToolUse")), "timeout": 30000}]})
    );
    assert_eq!(auggie["hooks"]["PromptSubmit"][0]["hooks"][0]["command"], format!("{CMD} hook --agent auggie PromptSubmit"));
    // A user's file keeps its own `$version`, and uninstall of a file gitvow created deletes it.
    env.run(["uninstall", "--user", "--agent", "qwen,auggie", "--yes"]).ok();
    assert!(!env.home().join(".qwen/settings.json").exists() && !env.home().join(".augment/settings.json").exists());
    let mine = "{\n  \"$version\": 4,\n  // mine\n  \"model\": {\"name\": \"m\"}\n}\n";
    env.write("~/.qwen/settings.json", mine);
    install_user(&env, "qwen");
    env.run(["uninstall", "--user", "--agent", "qwen", "--yes"]).ok();
    assert_eq!(env.read("~/.qwen/settings.json"), mine);
}

#[test]
fn auggie_refuses_a_command_it_would_not_start_without_a_shell() {
    let env = Sandbox::new();
    let odd = env.outside("it's here/gitvow");
    std::fs::create_dir_all(odd.parent().unwrap()).unwrap();
    std::fs::copy(BIN, &odd).unwrap();
    let run = env.run(["install", "--user", "--agent", "auggie", "--yes", "--command", odd.to_str().unwrap()]);
    assert_eq!(run.code, 64, "{}{}", run.stdout, run.stderr);
    run.stderr_has("auggie runs its hooks without a shell");
    assert!(!env.home().join(".augment").exists(), "nothing was written");
    // A path with a blank is quoted the way auggie reads quotes.
    let spaced = env.outside("my tools/gitvow");
    std::fs::create_dir_all(spaced.parent().unwrap()).unwrap();
    std::fs::copy(BIN, &spaced).unwrap();
    env.run(["install", "--user", "--agent", "auggie", "--yes", "--command", spaced.to_str().unwrap()]).ok();
    let auggie = json_of(&env.read("~/.augment/settings.json"));
    assert_eq!(
        auggie["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
        wrapped(&format!("'{}' hook --agent auggie PreToolUse", spaced.display()))
    );
    // the same run works for the other agents, whose hooks run in a shell
    env.run(["install", "--user", "--agent", "qwen", "--yes", "--command", odd.to_str().unwrap()]).ok();
}

#[test]
fn cline_hook_files_are_gitvows_own_executables() {
    use std::os::unix::fs::PermissionsExt;
    let env = Sandbox::new();
    let own_start = env.write("~/.cline/hooks/TaskStart.sh", "#!/bin/sh\necho started >> \"$HOME/started\"\n");
    let run = install_user(&env, "cline");
    run.stdout_has("cline stops the whole task");
    let dir = env.home().join(".cline/hooks");
    for event in ["UserPromptSubmit", "PreToolUse", "PostToolUse", "TaskComplete"] {
        let path = dir.join(event);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("#!/bin/sh\n# Generated by gitvow: "), "{event}: {text}");
        let line = format!("{CMD} hook --agent cline {event}");
        let run = if event == "PreToolUse" { format!("\n{}\n", watched(&line)) } else { format!("\n{line} && exit 0\n") };
        assert!(text.contains(&run), "{event}: {text}");
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o777 & !umask(), "{event}");
    }
    // The person's own TaskStart hook stays theirs, and gitvow writes none beside it.
    assert!(!dir.join("TaskStart").exists());
    assert_eq!(std::fs::read_to_string(&own_start).unwrap(), "#!/bin/sh\necho started >> \"$HOME/started\"\n");
    assert_eq!(install_user(&env, "cline").stdout.trim(), "cline: nothing to change");
    env.run(["uninstall", "--user", "--agent", "cline", "--yes"]).ok();
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, vec![std::ffi::OsString::from("TaskStart.sh")]);

    // A PreToolUse hook of the person's own is never overwritten, under any extension cline reads.
    for name in ["PreToolUse", "PreToolUse.py"] {
        let env = Sandbox::new();
        let mine = env.write(format!("~/.cline/hooks/{name}"), "#!/usr/bin/env python3\nprint('{}')\n");
        let run = env.run(["install", "--user", "--agent", "cline", "--yes", "--command", CMD, "--force"]);
        assert_eq!(run.code, 1, "{name}: {}{}", run.stdout, run.stderr);
        run.stderr_has(&format!("{name}: this PreToolUse hook is your own"));
        run.stderr_has("move it to ~/Documents/Cline/Hooks/");
        assert_eq!(std::fs::read_to_string(&mine).unwrap(), "#!/usr/bin/env python3\nprint('{}')\n");
        assert_eq!(std::fs::read_dir(env.home().join(".cline/hooks")).unwrap().count(), 1, "nothing was written");
        let run = env.run(["uninstall", "--user", "--agent", "cline", "--yes"]).ok();
        assert!(mine.exists(), "{}", run.stdout);
    }
}

/// This process's umask, which the files gitvow creates inherit.
fn umask() -> u32 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find_map(|l| l.strip_prefix("Umask:")).unwrap();
    u32::from_str_radix(line.trim(), 8).unwrap()
}

#[test]
fn on_a_terminal_install_asks_once_after_the_preview_and_reads_a_whole_line() {
    if !std::path::Path::new("/usr/bin/script").exists() {
        eprintln!("skipped: util-linux `script` is not installed");
        return;
    }
    let env = Sandbox::new();
    let args = "install --user --agent claude --agent cursor --command /x/gitvow --force";
    // Anything but `y` or `yes` is a no, `ye` and `yess` included; the answer needs Enter.
    for answer in ["n\n", "ye\n", "yess\n", "\n"] {
        // A terminal that says it can show colour (the test terminal says `dumb` otherwise).
        let screen = env.gitvow().args(args.split(' ')).on_terminal().env("TERM", "xterm").stdin(answer).run().stdout;
        assert_eq!(screen.matches("Apply these changes? [y/N]").count(), 1, "{screen}");
        let (preview, question) = screen.split_once("Apply these changes?").unwrap();
        assert!(preview.contains("Changes:\r\n  ~/.claude/settings.json: +5 hooks (new file)"), "the summary first:\n{screen}");
        assert!(preview.contains("+++ ~/.cursor/hooks.json"), "the question comes after the whole preview:\n{screen}");
        assert!(!question.contains("+++"), "{screen}");
        assert!(screen.contains("\x1b[32m+"), "coloured on a terminal:\n{screen}");
        assert!(!env.home().join(".claude").exists() && !env.home().join(".cursor").exists(), "{answer:?} declined: nothing written");
    }
    let screen = env.in_terminal(args.split(' '), "yes\n").stdout;
    assert!(screen.contains("claude: installed"), "{screen}");
    assert!(env.home().join(".claude/settings.json").is_file() && env.home().join(".cursor/hooks.json").is_file());
    let screen = env.in_terminal(["uninstall", "--user", "--agent", "claude", "--yes"], "").stdout;
    assert!(!screen.contains("Apply these changes?"), "--yes does not ask:\n{screen}");
}

#[test]
fn a_preview_longer_than_the_terminal_goes_through_the_pager_unless_no_pager() {
    if !std::path::Path::new("/usr/bin/script").exists() {
        eprintln!("skipped: util-linux `script` is not installed");
        return;
    }
    let env = Sandbox::new();
    let paged = env.home().join("paged.txt");
    // The preview on a terminal of `rows` rows.
    let preview = |rows: u16| {
        env.gitvow()
            .args(["install", "--user", "--agent", "claude", "--dry-run", "--command", "/x/gitvow", "--force"])
            .env("PAGER", format!("cat > {}", paged.display()))
            .screen(rows, 100)
    };
    let screen = preview(10).run().stdout;
    let text = std::fs::read_to_string(&paged).unwrap_or_else(|_| panic!("the pager got nothing; screen:\n{screen}"));
    assert!(
        text.starts_with("Changes:\n  ~/.claude/settings.json: +5 hooks (new file)") && text.contains("+++ ~/.claude/settings.json"),
        "{text}"
    );
    assert!(!screen.contains("+++ ~/.claude/settings.json"), "the preview went to the pager only:\n{screen}");
    std::fs::remove_file(&paged).unwrap();
    let screen = preview(10).arg("--no-pager").run().stdout;
    assert!(!paged.exists(), "--no-pager");
    assert!(screen.contains("+++ ~/.claude/settings.json"), "{screen}");
    // A preview that fits on the screen is printed as it is.
    let screen = preview(200).run().stdout;
    assert!(!paged.exists() && screen.contains("+++ ~/.claude/settings.json"), "{screen}");
}

#[test]
fn an_external_adapter_describes_how_its_agent_is_installed() {
    let env = Sandbox::new();
    let info = r#"{"protocol": 1, "name": "myagent", "events": ["beforeRun", "afterRun"],
 "install": {"user_file": ".myagent/hooks.json", "repo_file": ".myagent/hooks.json", "format": "json",
  "entries": {"beforeRun": [{"command": "__GITVOW__ hook --agent myagent beforeRun", "blocking": true}],
              "afterRun": [{"command": "__GITVOW__ hook --agent myagent afterRun"}]},
  "version_key": "schema"}}"#;
    let adapter = env.write("~/.gitvow/agents/gitvow-agent-myagent", format!("#!/bin/sh\n[ \"$1\" = info ] && cat <<'EOF'\n{info}\nEOF\n"));
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&adapter, std::fs::Permissions::from_mode(0o755)).unwrap();

    install_user(&env, "myagent");
    let v = json_of(&env.read("~/.myagent/hooks.json"));
    assert_eq!(v["schema"], 1, "the version key of a file gitvow creates");
    assert_eq!(v["hooks"]["beforeRun"][0], json!({"command": format!("{CMD} hook --agent myagent beforeRun"), "blocking": true}));
    assert_eq!(install_user(&env, "myagent").stdout.trim(), "myagent: nothing to change");
    // The user adds a key; uninstall still takes out the version key install created.
    let edited = env.read("~/.myagent/hooks.json").replacen("{", "{\n  \"mine\": true,", 1);
    env.write("~/.myagent/hooks.json", &edited);
    env.run(["uninstall", "--user", "--agent", "myagent", "--yes"]).ok();
    assert_eq!(json_of(&env.read("~/.myagent/hooks.json")), json!({"mine": true}));

    // An existing file keeps its content; uninstall gives it back.
    let other = Sandbox::new().env("PATH", crate::support::system_path());
    let original = "{\n  \"hooks\": {\n    \"beforeRun\": [{\"command\": \"mine\"}]\n  }\n}\n";
    other.write("~/.myagent/hooks.json", original);
    let adapter = other.write("~/.gitvow/agents/gitvow-agent-myagent", std::fs::read(&adapter).unwrap());
    std::fs::set_permissions(&adapter, std::fs::Permissions::from_mode(0o755)).unwrap();
    install_user(&other, "myagent");
    let v = json_of(&other.read("~/.myagent/hooks.json"));
    assert_eq!(v["hooks"]["beforeRun"][0]["command"], "mine");
    assert!(v.get("schema").is_none(), "the version key is only for files gitvow creates");
    // A plain uninstall finds the adapter's agent through the install record.
    other.run(["uninstall", "--user", "--yes"]).ok();
    assert_eq!(other.read("~/.myagent/hooks.json"), original);

    let run = env.run(["install", "--user", "--agent", "nosuch"]);
    assert_eq!(run.code, 64, "a usage error");
    run.stderr_has("gitvow-agent-nosuch");
}

#[test]
fn a_dry_run_whose_reader_goes_away_writes_nothing_and_does_not_panic() {
    let env = Sandbox::new();
    for agent in ["claude", "codex", "gemini", "cursor", "factory"] {
        let mut child = env.gitvow().args(["install", "--user", "--agent", agent, "--dry-run"]).spawn();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked") && !stderr.contains("Broken pipe"), "{stderr}");
        assert!(matches!(out.status.code(), Some(0 | 1)), "{:?}", out.status);
    }
    assert!(std::fs::read_dir(env.home()).unwrap().next().is_none(), "nothing written");
}

#[test]
fn the_paths_stable_name_is_written_when_it_leads_to_this_executable() {
    let env = Sandbox::new();
    let versioned = env.outside("cellar/gitvow/1.2.3/bin");
    let bin = env.outside("bin");
    std::fs::create_dir_all(&versioned).unwrap();
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::copy(BIN, versioned.join("gitvow")).unwrap();
    std::os::unix::fs::symlink(versioned.join("gitvow"), bin.join("gitvow")).unwrap();
    env.gitvow()
        .program(bin.join("gitvow"))
        .args(["install", "--user", "--agent", "claude", "--yes"])
        .env("PATH", format!("{}:/usr/bin:/bin", bin.display()))
        .run()
        .ok();
    let claude = json_of(&env.read("~/.claude/settings.json"));
    let bin = bin.canonicalize().unwrap();
    assert_eq!(claude["hooks"]["Stop"][0]["hooks"][0]["command"], format!("{}/gitvow hook Stop", bin.display()));
}

#[test]
fn strict_json_agents_refuse_what_serde_json_rejects_with_file_line_column() {
    let env = Sandbox::new();
    // A raw TAB inside a string, and a byte-order mark: both accepted by a JSONC parser, both
    // rejected by codex's strict one.
    let cases = [
        ("{\n  \"hooks\": {},\n  \"note\": \"a\tb\"\n}\n", "hooks.json:3:13: a raw control character inside a string"),
        (
            "\u{feff}{\"hooks\": {}}\n",
            "hooks.json:1:1: a byte-order mark at the start; codex ignores every hook in a hooks.json that has a byte-order mark",
        ),
        ("{\"hooks\": {}} x\n", "hooks.json:1:15: "),
    ];
    for (content, want) in cases {
        env.write("~/.codex/hooks.json", content);
        let run = env.run(["install", "--user", "--agent", "codex", "--yes", "--command", CMD, "--force"]);
        assert_eq!(run.code, 1, "{content:?}: {}", run.stdout);
        assert!(run.stderr.contains(want), "{content:?}: {}", run.stderr);
        assert!(run.stderr.lines().count() <= 2, "{}", run.stderr);
        assert_eq!(env.read("~/.codex/hooks.json"), content, "nothing is written");
    }
}

#[test]
fn a_file_holding_only_a_comment_counts_as_an_empty_object_where_comments_are_allowed() {
    let env = Sandbox::new();
    let path = env.write("~/.gemini/settings.json", "// settings come later\n");
    install_user(&env, "gemini");
    let text = env.read("~/.gemini/settings.json");
    assert!(text.starts_with("// settings come later\n{"), "the comment stays first: {text}");
    assert!(text.contains("gitvow hook --agent gemini BeforeTool"), "{text}");
    env.run(["uninstall", "--user", "--agent", "gemini", "--yes"]).ok();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "// settings come later\n");
    // codex parses strict JSON: there a comment stays an error.
    env.write("~/.codex/hooks.json", "// nothing yet\n");
    let run = env.run(["install", "--user", "--agent", "codex", "--yes", "--command", CMD, "--force"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("hooks.json:1:1: a comment; codex ignores"), "{}", run.stderr);
}

#[test]
fn directories_made_for_a_dangling_symlinks_target_are_removed_by_uninstall() {
    let env = Sandbox::new();
    let target = env.home().join("dotfiles/claude/settings.json");
    std::fs::create_dir_all(env.home().join(".claude")).unwrap();
    std::os::unix::fs::symlink(&target, env.home().join(".claude/settings.json")).unwrap();
    install_user(&env, "claude");
    assert!(std::fs::read_to_string(&target).unwrap().contains("gitvow hook"));
    env.run(["uninstall", "--user", "--agent", "claude", "--yes"]).ok();
    assert!(!env.home().join("dotfiles").exists(), "the directories install made for the link's target are gone");
    assert!(std::fs::symlink_metadata(env.home().join(".claude/settings.json")).unwrap().file_type().is_symlink(), "the link stays");
}

#[test]
fn a_run_that_changes_nothing_creates_no_lock_file() {
    let env = Sandbox::new();
    install_user(&env, "claude");
    let lock = env.home().join(".gitvow/install.lock");
    std::fs::remove_file(&lock).unwrap();
    install_user(&env, "claude");
    env.run(["uninstall", "--user", "--agent", "codex", "--yes"]).ok();
    assert!(!lock.exists(), "no lock file for runs that change nothing");
    let repo = env.git_repo("r");
    env.run_in(&repo, ["uninstall", "--agent", "claude", "--yes"]).ok();
    assert!(!repo.join(".git/gitvow-install.lock").exists());
}

#[test]
fn a_run_waiting_for_the_lock_names_its_holder_and_gives_up() {
    let env = Sandbox::new();
    let env = env.env("GITVOW_TEST_LOCK_WAIT_SECS", "1");
    env.write("~/.claude/settings.json", "{}\n");
    let lock_path = env.home().join(".gitvow/install.lock");
    std::fs::create_dir_all(lock_path.parent().unwrap()).unwrap();
    let mut lock = std::fs::OpenOptions::new().create(true).truncate(true).write(true).open(&lock_path).unwrap();
    std::io::Write::write_all(&mut lock, format!("{}\n", std::process::id()).as_bytes()).unwrap();
    lock.lock().unwrap();
    // A run that would wait forever fails the test instead of hanging it.
    let (tx, rx) = std::sync::mpsc::channel();
    let install = env
        .gitvow()
        .args(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"])
        .env("PATH", crate::support::system_path());
    std::thread::spawn(move || {
        let _ = tx.send(install.run());
    });
    let out = rx.recv_timeout(std::time::Duration::from_secs(20)).expect("gitvow gives up waiting for the lock");
    let stderr = out.stderr;
    assert_eq!(out.code, 1, "{stderr}");
    let pid = std::process::id();
    assert!(stderr.contains(&format!("waiting for another gitvow run (process {pid}) to finish")), "{stderr}");
    assert!(stderr.contains(&format!("another gitvow run (process {pid}) still holds ~/.gitvow/install.lock after 1 s")), "{stderr}");
    assert_eq!(env.read("~/.claude/settings.json"), "{}\n", "nothing was written");
    drop(lock);
}

#[test]
fn a_file_over_64_mib_is_refused_before_it_is_read() {
    let env = Sandbox::new();
    // Sparse: 65 MiB on paper, nothing on disk. The user scope follows the link to it.
    let big = env.outside("disk.img");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(65 << 20).unwrap();
    // Last read a day before it was written: a read from now on moves the access time (even
    // under relatime), and how long the run took on a loaded machine is no evidence either way.
    let written = std::fs::metadata(&big).unwrap().modified().unwrap();
    let read_before = written - std::time::Duration::from_secs(86_400);
    file.set_times(std::fs::FileTimes::new().set_accessed(read_before).set_modified(written)).unwrap();
    drop(file);
    std::fs::create_dir_all(env.home().join(".claude")).unwrap();
    std::os::unix::fs::symlink(&big, env.home().join(".claude/settings.json")).unwrap();
    let run = env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(run.stderr.contains("~/.claude/settings.json") && run.stderr.contains("more than the 64 MiB"), "{}", run.stderr);
    assert_eq!(std::fs::metadata(&big).unwrap().accessed().unwrap(), read_before, "refused without reading 65 MiB");
    assert_eq!(std::fs::metadata(&big).unwrap().len(), 65 << 20);
}

#[test]
fn a_dot_git_file_naming_a_directory_that_is_no_git_directory_is_refused() {
    let env = Sandbox::new();
    let top = env.outside("worktree");
    let elsewhere = env.outside("elsewhere");
    std::fs::create_dir_all(&top).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::write(top.join(".git"), format!("gitdir: {}\n", elsewhere.display())).unwrap();
    let run = env.run_in(&top, ["install", "--agent", "claude", "--yes"]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    run.stderr_has("which is not one");
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0, "nothing is created in the directory it names");
    assert!(!top.join(".claude").exists());
}

#[test]
fn stale_temporary_files_are_removed_only_inside_the_repository() {
    let env = Sandbox::new();
    let repo = env.git_repo("r");
    let outside = env.outside("outside");
    std::fs::create_dir_all(&outside).unwrap();
    let victim = outside.join(".gitvow-tmp-999999999-0-0");
    std::fs::write(&victim, "not gitvow's").unwrap();
    std::os::unix::fs::symlink(&outside, repo.join(".claude")).unwrap();
    let run = env.run_in(&repo, ["install", "--agent", "claude", "--yes"]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(victim.exists(), "a file outside the repository is never deleted for its name");
}

#[test]
fn a_symlinked_install_record_is_never_written_through() {
    let env = Sandbox::new();
    let repo = env.git_repo("r");
    let victim = env.outside("victim.json");
    std::fs::write(&victim, "precious\n").unwrap();
    std::fs::create_dir_all(repo.join(".git/gitvow")).unwrap();
    std::os::unix::fs::symlink(&victim, repo.join(".git/gitvow/install-record.json")).unwrap();
    let run = env.run_in(&repo, ["install", "--agent", "claude", "--yes"]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    run.stderr_has("is a symlink");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    // A symlinked state directory in a repository is refused too.
    std::fs::remove_dir_all(repo.join(".git/gitvow")).unwrap();
    let elsewhere = env.outside("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, repo.join(".git/gitvow")).unwrap();
    let run = env.run_in(&repo, ["install", "--agent", "claude", "--yes"]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0, "nothing is created through the link");
    assert!(!repo.join(".claude/settings.json").exists(), "the run wrote nothing");
}

/// Files each agent would drop whole (the README's "Install and uninstall"; `agents::Strictness`), one
/// or more per row of the table: install refuses each with the place and one sentence saying what
/// the agent would do, writes nothing, and doctor FAILs the file with the same words.
#[test]
fn a_file_its_agent_would_drop_is_refused_by_install_and_failed_by_doctor() {
    const DROPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/settings/dropped");
    let cases: &[(&str, &str, &str)] = &[
        ("claude-line-comment.json", "2:22", "a comment; claude ignores every hook in a settings.json that has comments"),
        ("claude-block-comment.json", "3:3", "a comment; claude ignores every hook in a settings.json that has comments"),
        ("claude-comments-dotfiles.json", "1:1", "a comment; claude ignores every hook in a settings.json that has comments"),
        ("claude-comments-trailing-commas.json", "1:1", "a comment; claude ignores every hook in a settings.json that has comments"),
        ("claude-trailing-comma.json", "4:13", "a trailing comma; claude ignores every hook in a settings.json that has a trailing comma"),
        ("factory-trailing-commas.json", "11:24", "a trailing comma; factory ignores every hook in a hooks.json that has a trailing comma"),
        (
            "gemini-trailing-comma.json",
            "4:20",
            "gemini refuses to start (exit 52, \"Error in settings.json\") with a settings.json that has a trailing comma",
        ),
        ("codex-bom.json", "1:1", "codex ignores every hook in a hooks.json that has a byte-order mark"),
        (
            "codex-control-character.json",
            "3:60",
            "codex ignores every hook in a hooks.json that has a raw control character inside a string",
        ),
        ("codex-comment.json", "2:15", "a comment; codex ignores every hook in a hooks.json that has comments"),
        ("cursor-trailing-comma.json", "3:14", "a trailing comma; cursor ignores every hook in a hooks.json that has a trailing comma"),
    ];
    let mut on_disk: Vec<String> = std::fs::read_dir(DROPPED).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    on_disk.sort();
    let mut listed: Vec<String> = cases.iter().map(|c| c.0.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "every fixture of a dropped file is tested");
    for (name, place, sentence) in cases {
        let agent = gitvow::agents::find(name.split('-').next().unwrap()).unwrap();
        let content = std::fs::read(std::path::Path::new(DROPPED).join(name)).unwrap();
        let env = Sandbox::new();
        env.write(env.home().join(agent.install.user_file), &content);
        let run = env.run(["install", "--user", "--agent", agent.name, "--yes", "--command", CMD, "--force"]);
        assert_eq!(run.code, 1, "{name}: {}", run.stdout);
        let first = run.stderr.lines().next().unwrap_or("");
        let at = format!("gitvow: ~/{}:{place}: ", agent.install.user_file);
        assert!(first.starts_with(&at) && first.contains(sentence), "{name}: want {at}…{sentence}\n{}", run.stderr);
        assert!(run.stderr.lines().count() <= 2, "{}", run.stderr);
        assert_eq!(std::fs::read(env.home().join(agent.install.user_file)).unwrap(), content, "{name}: nothing is written");
        assert!(!env.home().join(".gitvow").exists(), "{name}: no other file of the run is written");
        let doctor = env.run(["doctor", "--user", "--agent", agent.name]);
        assert_eq!(doctor.code, 1, "{name}: {}", doctor.stdout);
        let at = format!("~/{}:{place}: ", agent.install.user_file);
        let line = doctor.stdout.lines().find(|l| l.contains(&at)).unwrap_or_else(|| panic!("{name}: {}", doctor.stdout));
        assert!(line.contains("FAIL") && line.contains(sentence), "{name}: {line}");
    }
}

/// A fake `claude` that answers `--version` with `version`.
fn fake_claude(path: &std::path::Path, version: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, format!("#!/bin/sh\necho '{version} (Claude Code)'\n")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// The README's "When gitvow cannot run": `"onFailure": "block"` on claude's
/// PreToolUse entry exactly when every `claude` found is 2.1.295 or newer, following the versions
/// from one install to the next; doctor says which.
#[test]
fn claude_fails_closed_when_every_claude_found_is_new_enough() {
    let env = Sandbox::new();
    let bin = env.outside("bin");
    let env = env.env("PATH", format!("{}:/usr/bin:/bin", bin.display()));
    fake_claude(&bin.join("claude"), "2.1.332");
    let pre_tool_use = |env: &Sandbox| json_of(&env.read("~/.claude/settings.json"))["hooks"]["PreToolUse"][0]["hooks"][0].clone();
    let doctor_line = |env: &Sandbox| {
        let run = env.run(["doctor", "--user", "--agent", "claude"]);
        run.stdout.lines().find(|l| l.contains("fails ")).unwrap_or_else(|| panic!("{}", run.stdout)).to_string()
    };

    let run = install_user(&env, "claude");
    assert_eq!(pre_tool_use(&env)["onFailure"], "block", "{}", run.stdout);
    run.stdout_has("fails closed");
    let settings = json_of(&env.read("~/.claude/settings.json"));
    assert!(settings["hooks"]["Stop"][0]["hooks"][0].get("onFailure").is_none(), "only PreToolUse gates a call");
    assert!(doctor_line(&env).contains("claude fails closed"), "{}", doctor_line(&env));

    // An older copy at a per-user install place: the field goes, and the summary says why.
    fake_claude(&env.home().join(".local/bin/claude"), "2.1.200");
    let run = install_user(&env, "claude");
    assert!(pre_tool_use(&env).get("onFailure").is_none(), "{}", env.read("~/.claude/settings.json"));
    assert!(
        run.stdout.contains("fails open") && run.stdout.contains("~/.local/bin/claude is 2.1.200, older than 2.1.295"),
        "{}",
        run.stdout
    );
    assert!(doctor_line(&env).contains("claude fails open"), "{}", doctor_line(&env));

    // Upgraded: it comes back, and a further run changes nothing.
    fake_claude(&env.home().join(".local/bin/claude"), "2.1.300");
    install_user(&env, "claude");
    assert_eq!(pre_tool_use(&env)["onFailure"], "block");
    let run = install_user(&env, "claude");
    run.stdout_has("claude: nothing to change");
    assert!(doctor_line(&env).contains("claude fails closed"), "{}", doctor_line(&env));

    // No claude at all (installed later, so a current one): written, and nothing lets a call through.
    std::fs::remove_file(bin.join("claude")).unwrap();
    std::fs::remove_file(env.home().join(".local/bin/claude")).unwrap();
    fake_claude(&env.home().join(".local/bin/claude"), "2.1.200");
    install_user(&env, "claude");
    assert!(pre_tool_use(&env).get("onFailure").is_none());
    std::fs::remove_file(env.home().join(".local/bin/claude")).unwrap();
    let run = install_user(&env, "claude");
    assert_eq!(pre_tool_use(&env)["onFailure"], "block", "{}", run.stdout);
    assert!(!run.stdout.contains("fails open"), "{}", run.stdout);
    assert!(doctor_line(&env).contains("claude fails closed"), "{}", doctor_line(&env));
}

/// Every case in which install leaves Claude failing open is in the README's "When gitvow cannot
/// run", as install says it: a copy older than 2.1.295, and a copy whose `--version` gives none.
#[test]
fn the_readme_names_every_case_install_leaves_claude_failing_open() {
    let readme = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme.split("### When gitvow cannot run").nth(1).and_then(|s| s.split("\n#").next()).unwrap();
    for (version, says) in [("2.1.200", "older than 2.1.295"), ("a build of our own", "gave no version")] {
        let env = Sandbox::new();
        let bin = env.outside("bin");
        let env = env.env("PATH", format!("{}:/usr/bin:/bin", bin.display()));
        fake_claude(&bin.join("claude"), version);
        let run = install_user(&env, "claude");
        assert!(run.stdout.contains("fails open") && run.stdout.contains(says), "{}", run.stdout);
        let section = section.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(section.contains(says), "the README does not name the case install prints as `{says}`: {section}");
    }
}

/// Codex project hooks: codex reads `<repo>/.codex/hooks.json` only for a project
/// trusted in `~/.codex/config.toml`. A repository install says so; doctor FAILs an untrusted
/// project (the gate is not there) and passes once the trust the note names is recorded.
#[test]
fn codex_repository_install_names_project_trust_and_doctor_checks_it() {
    let env = Sandbox::new();
    let repo = env.git_repo("proj");
    let run = env.run_in(&repo, ["install", "--agent", "codex", "--yes", "--command", CMD, "--force"]).ok();
    let top = repo.display().to_string();
    let note = format!("codex reads {top}/.codex/hooks.json only for a trusted project");
    run.stdout_has(&note);
    let user = env.run(["install", "--user", "--agent", "codex", "--yes", "--command", CMD, "--force"]).ok();
    assert!(!user.stdout.contains("trusted project"), "a user install has no project to trust: {}", user.stdout);

    let trust_line = |env: &Sandbox| {
        let run = env.run_in(&repo, ["doctor", "--agent", "codex"]);
        run.stdout.lines().find(|l| l.contains("project-trust")).unwrap_or_else(|| panic!("{}", run.stdout)).to_string()
    };
    let line = trust_line(&env);
    assert!(line.contains("FAIL") && line.contains("does not trust") && line.contains("trust_level = \"trusted\""), "{line}");
    let config = env.read("~/.codex/config.toml");
    env.write("~/.codex/config.toml", format!("{config}\n[projects.\"{top}\"]\ntrust_level = \"untrusted\"\n"));
    assert!(trust_line(&env).contains("FAIL"), "untrusted is not trusted");
    env.write("~/.codex/config.toml", format!("{config}\n[projects.\"{top}\"]\ntrust_level = \"trusted\"\n"));
    let line = trust_line(&env);
    assert!(line.starts_with("  ok") || line.contains("ok "), "{line}");
    assert!(line.contains("trusts"), "{line}");
}

/// Gemini's folder trust, as gemini 0.61.0 showed with a repository `SessionStart` hook that
/// leaves a mark: with no rule for the folder it refuses to start headless (exit 55) and with
/// `--skip-trust` it starts without the repository's settings (no mark); a `TRUST_FOLDER` rule for
/// the folder or one above it, a `TRUST_PARENT` rule on a path inside it, or
/// `security.folderTrust.enabled: false` in the user's settings loads them (the mark); a longer
/// `DO_NOT_TRUST` rule wins over a shorter trust (exit 55). A repository install says so, and
/// doctor FAILs until the folder is trusted.
#[test]
fn gemini_repository_install_names_folder_trust_and_doctor_checks_it() {
    let env = Sandbox::new();
    let repo = env.git_repo("proj");
    let top = repo.display().to_string();
    let run = env.run_in(&repo, ["install", "--agent", "gemini", "--yes", "--command", CMD, "--force"]).ok();
    run.stdout_has(&format!("gemini reads {top}/.gemini/settings.json, gitvow's hooks with it, only in a folder you trusted"));
    run.stdout_has(&format!("add \"{top}\": \"TRUST_FOLDER\" to ~/.gemini/trustedFolders.json"));

    let trust = |rules: &str| {
        env.write("~/.gemini/trustedFolders.json", rules);
        let r = env.run_in(&repo, ["doctor", "--agent", "gemini", "--json"]);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.stdout));
        let check = v["checks"].as_array().unwrap().iter().find(|c| c["check"] == "project-trust").cloned();
        let check = check.unwrap_or_else(|| panic!("no project-trust check: {}", r.stdout));
        (check["status"].as_str().unwrap().to_string(), check["detail"].as_str().unwrap().to_string())
    };
    let (status, detail) = trust("{}");
    assert_eq!(status, "fail", "{detail}");
    assert!(
        detail.contains(&format!("has no rule for {top}")) && detail.contains("gemini ignores the repository's .gemini/ settings"),
        "{detail}"
    );
    let parent = repo.parent().unwrap().display().to_string();
    for (rules, trusted) in [
        (format!("{{\"{top}\": \"TRUST_FOLDER\"}}"), true),
        (format!("// mine\n{{\"{parent}\": \"TRUST_FOLDER\"}}"), true),
        (format!("{{\"{top}/sub\": \"TRUST_PARENT\"}}"), true),
        (format!("{{\"{parent}\": \"TRUST_FOLDER\", \"{top}\": \"DO_NOT_TRUST\"}}"), false),
        (format!("{{\"{top}-other\": \"TRUST_FOLDER\"}}"), false),
    ] {
        let (status, detail) = trust(&rules);
        assert_eq!(status, if trusted { "ok" } else { "fail" }, "{rules}: {detail}");
    }
    let (status, detail) = trust("{\"x\": ");
    assert!(status == "fail" && detail.contains("trustedFolders.json:1:") && detail.contains("gemini refuses to start"), "{detail}");
    // Folder trust off in the user's settings: every folder's settings are read.
    env.write("~/.gemini/settings.json", "{\n  // mine\n  \"security\": {\"folderTrust\": {\"enabled\": false}}\n}\n");
    let (status, detail) = trust("{}");
    assert_eq!(status, "ok", "{detail}");
    assert!(detail.contains("folder trust is off"), "{detail}");
}

/// Factory's two hook files: the user's empty `"hooks": {}` in factory's
/// `hooks.json` holds nothing of gitvow's, so install keeps it and uninstall gives the bytes back.
#[test]
fn factory_keeps_the_users_empty_hooks_key() {
    let env = Sandbox::new();
    let original = "{\n  \"hooks\": {}\n}\n";
    env.write("~/.factory/hooks.json", original);
    install_user(&env, "factory");
    let v = json_of(&env.read("~/.factory/hooks.json"));
    assert_eq!(v["hooks"], json!({}), "{v}");
    assert!(v["PreToolUse"].is_array(), "{v}");
    env.run(["uninstall", "--user", "--agent", "factory", "--yes"]).ok();
    assert_eq!(env.read("~/.factory/hooks.json"), original);
}

/// A repository install runs the bare `gitvow`, which codex's login shell
/// may not find. Doctor's fix says what to add to the login profile, and following it makes the
/// probe pass.
#[test]
fn doctors_login_path_fix_makes_the_probe_pass_when_followed() {
    let env = Sandbox::new();
    let repo = env.git_repo("proj");
    env.run_in(&repo, ["install", "--agent", "codex", "--yes"]).ok();
    let probe = |env: &Sandbox| {
        let run = env.run_in(&repo, ["doctor", "--agent", "codex"]);
        run.stdout.lines().find(|l| l.contains("probe")).unwrap_or_else(|| panic!("{}", run.stdout)).to_string()
    };
    let line = probe(&env);
    assert!(line.contains("FAIL") && line.contains("login shell does not find `gitvow`"), "{line}");
    let export = line.split("add `").nth(1).and_then(|r| r.split("` to ~/.profile").next()).unwrap_or_else(|| panic!("{line}"));
    env.write("~/.profile", format!("{export}\n"));
    let line = probe(&env);
    assert!(!line.contains("FAIL") && line.contains("answered allow"), "{line}");
}

/// gitvow-shaped entries in a hooks file's text, counted on their own here: each object holding a
/// command `<program> hook [--agent NAME] <Event>`, with the event its command names.
fn entries_in(text: Option<&str>, yaml: bool) -> Vec<(String, Value)> {
    fn event(command: &str) -> Option<String> {
        let words: Vec<&str> = command.split_whitespace().map(|w| w.trim_matches(['\'', '"'])).collect();
        let at = words.iter().skip(1).position(|w| *w == "hook")? + 2;
        let event = if words.get(at) == Some(&"--agent") { words.get(at + 2) } else { words.get(at) };
        event.map(|e| e.to_string())
    }
    fn walk(v: &Value, out: &mut Vec<(String, Value)>) {
        match v {
            Value::Object(o) => match o.values().filter_map(Value::as_str).find_map(event) {
                Some(e) => out.push((e, v.clone())),
                None => o.values().for_each(|v| walk(v, out)),
            },
            Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    fn from_yaml(y: &yaml_rust2::Yaml) -> Value {
        match y {
            yaml_rust2::Yaml::Hash(h) => {
                Value::Object(h.iter().map(|(k, v)| (k.as_str().unwrap_or("").to_string(), from_yaml(v))).collect())
            }
            yaml_rust2::Yaml::Array(a) => Value::Array(a.iter().map(from_yaml).collect()),
            yaml_rust2::Yaml::String(s) => Value::from(s.as_str()),
            yaml_rust2::Yaml::Integer(i) => Value::from(*i),
            _ => Value::Null,
        }
    }
    let Some(text) = text else { return Vec::new() };
    let root = if yaml { from_yaml(&yaml_rust2::YamlLoader::load_from_str(text).unwrap()[0]) } else { json_of(text) };
    let mut out = Vec::new();
    walk(&root, &mut out);
    out
}

/// (added, changed, removed) from one side of a diff to the other: equal entries are unchanged, the
/// rest are paired per event.
fn entry_changes(before: Option<&str>, after: Option<&str>, yaml: bool) -> (usize, usize, usize) {
    let (mut was, mut now) = (entries_in(before, yaml), entries_in(after, yaml));
    was.retain(|e| now.iter().position(|n| n == e).map(|i| now.remove(i)).is_none());
    let mut events: Vec<&String> = was.iter().chain(&now).map(|(e, _)| e).collect();
    events.sort();
    events.dedup();
    let (mut added, mut changed, mut removed) = (0, 0, 0);
    for ev in events {
        let (old, new) = (was.iter().filter(|(e, _)| e == ev).count(), now.iter().filter(|(e, _)| e == ev).count());
        changed += old.min(new);
        added += new.saturating_sub(old);
        removed += old.saturating_sub(new);
    }
    (added, changed, removed)
}

/// The numbers of a summary line's `+N hooks`, `N hooks changed`, `-N hooks`.
fn summary_numbers(what: &str) -> (usize, usize, usize) {
    let (mut added, mut changed, mut removed) = (0, 0, 0);
    for part in what.split(" (").next().unwrap().split(", ") {
        let n = |s: &str| s.split(' ').next().unwrap().trim_start_matches(['+', '-']).parse::<usize>().unwrap_or(0);
        if part.starts_with('+') {
            added = n(part);
        } else if part.starts_with('-') {
            removed = n(part);
        } else if part.ends_with(" changed") {
            changed = n(part);
        }
    }
    (added, changed, removed)
}

/// For installs of every kind (fresh, again, partial, with `--command`, one that leaves entries it
/// cannot call its own, uninstall), each hooks file's summary line says as many added, changed and
/// removed entries as the file's two sides, which the diff shows, hold.
#[test]
fn the_summary_counts_the_entries_the_diff_adds_changes_and_removes() {
    let env = Sandbox::new();
    let files = [
        ("~/.claude/settings.json", false),
        ("~/.codex/hooks.json", false),
        ("~/.factory/hooks.json", false),
        ("~/.cursor/hooks.json", false),
        ("~/.hermes/config.yaml", true),
    ];
    let agents = ["--agent", "claude", "--agent", "codex", "--agent", "factory", "--agent", "cursor", "--agent", "hermes"];
    let other = env.outside("other/gitvow");
    std::fs::create_dir_all(other.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(BIN, &other).unwrap();
    let read = |at: &str| std::fs::read_to_string(env.path(at)).ok();
    let run = |args: &[&str], change: &dyn Fn()| {
        change();
        let before: Vec<Option<String>> = files.iter().map(|(f, _)| read(f)).collect();
        let out = env.run(args.iter().chain(&agents).chain(&["--yes"])).ok();
        let mut changed_files = 0;
        for ((file, yaml), before) in files.iter().zip(&before) {
            let counts = entry_changes(before.as_deref(), read(file).as_deref(), *yaml);
            let line = out.stdout.lines().find_map(|l| l.strip_prefix(&format!("  {file}: ")));
            match line {
                Some(what) => {
                    changed_files += 1;
                    assert_eq!(summary_numbers(what), counts, "{args:?} {file}: `{what}`\n{}", out.stdout);
                    assert!(out.stdout.contains(&format!("+++ {file}\n")) || what.contains("removed"), "its diff: {}", out.stdout);
                }
                None => assert_eq!(counts, (0, 0, 0), "{args:?} {file}: no summary line\n{}", out.stdout),
            }
        }
        changed_files
    };
    let nothing = || {};
    assert_eq!(run(&["install", "--user"], &nothing), 5, "fresh");
    assert_eq!(run(&["install", "--user"], &nothing), 0, "again");
    let partial = || {
        let mut claude = json_of(&read("~/.claude/settings.json").unwrap());
        claude["hooks"].as_object_mut().unwrap().remove("Stop");
        env.write("~/.claude/settings.json", claude.to_string());
        let mut codex = json_of(&read("~/.codex/hooks.json").unwrap());
        codex["hooks"]["PreToolUse"][0]["hooks"][0]["timeout"] = json!(5);
        env.write("~/.codex/hooks.json", codex.to_string());
        let mut cursor = json_of(&read("~/.cursor/hooks.json").unwrap());
        let copy = cursor["hooks"]["stop"][0].clone();
        cursor["hooks"]["stop"].as_array_mut().unwrap().push(copy);
        env.write("~/.cursor/hooks.json", cursor.to_string());
    };
    assert_eq!(run(&["install", "--user"], &partial), 3, "partial");
    assert_eq!(run(&["install", "--user", "--command", other.to_str().unwrap()], &nothing), 5, "another path");
    assert_eq!(run(&["install", "--user", "--command", "/bin/true", "--force"], &nothing), 5, "not a gitvow");
    // The `/bin/true` entries are not gitvow's to install: they stay, and gitvow's are added.
    assert_eq!(run(&["install", "--user"], &nothing), 5, "back");
    assert_eq!(run(&["uninstall", "--user"], &nothing), 5, "uninstall");
}
