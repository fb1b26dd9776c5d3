//! `gitvow doctor` as a person runs it: the built binary, a temporary home, a user install of the
//! agents made by that binary (so the recorded command is its absolute path and the live probe runs
//! it for real), then exactly one thing broken per test, and doctor naming it.

use crate::support::doctor::*;
use crate::support::witness::{HANGS, Witness};
use crate::support::{ALL, BIN, Sandbox, assert_snapshot, mkfifo};
use serde_json::{Value, json};

const CODEX_EVENTS: [&str; 4] = ["SessionStart", "PreToolUse", "PostToolUse", "Stop"];

fn healthy() -> Sandbox {
    let env = Sandbox::new();
    install_user(&env, &ALL, &[]);
    env
}

/// Trust records for gitvow's codex hooks, as `codex app-server` would store them after /hooks.
fn trust_codex(env: &Sandbox) {
    let hooks = env.home().join(".codex/hooks.json");
    let mut text = env.read("~/.codex/config.toml");
    for ev in CODEX_EVENTS {
        text.push_str(&format!("\n[hooks.state.\"{}:{ev}:0:0\"]\ntrusted_hash = \"sha256:0123\"\n", hooks.display()));
    }
    env.write("~/.codex/config.toml", text);
}

/// One real hook call per agent (a session start), as the agent would make it after a restart.
fn call_each_agent(env: &Sandbox) {
    let events = [
        ("claude", "SessionStart"),
        ("codex", "SessionStart"),
        ("gemini", "SessionStart"),
        ("cursor", "sessionStart"),
        ("copilot", "sessionStart"),
        ("factory", "SessionStart"),
        ("opencode", "SessionStart"),
        ("qwen", "SessionStart"),
        ("cline", "TaskStart"),
        ("kilo", "SessionStart"),
        ("auggie", "SessionStart"),
    ];
    for (agent, event) in events {
        let payload = json!({"session_id": "s1", "conversation_id": "s1", "sessionId": "s1", "taskId": "s1", "cwd": env.home(), "hook_event_name": event});
        env.gitvow().args(["hook", "--agent", agent, event]).stdin(payload.to_string()).run().ok();
    }
}

#[test]
fn healthy_install_of_every_agent_passes_with_only_the_unavoidable_warnings() {
    let env = healthy();
    let r = doctor(&env, &["--user"]);
    assert_eq!(r.code, 0, "{}", r.json);
    assert_eq!(r.json["agents"], json!(ALL));
    // No agent has called gitvow yet: one activity line names them all.
    let mut expected: Vec<(String, String, String)> = vec![("".into(), "activity".into(), "warn".into())];
    expected.push(("codex".into(), "codex-trust".into(), "warn".into()));
    expected.push(("cursor".into(), "double-firing".into(), "warn".into()));
    // Every agent is closed by what gitvow writes (a field, the wrapper, the plugin, the file); with
    // no `claude` on this test's PATH, claude's `onFailure` is written all the same.
    let mut got = r.not_ok();
    got.sort();
    expected.sort();
    assert_eq!(got, expected);
    for agent in ALL {
        for check in ["file", "entries", "command", "probe"] {
            assert_eq!(r.statuses(agent, check), ["ok"], "{agent} {check}");
        }
    }
    for agent in ["claude", "codex", "gemini", "cursor", "copilot", "qwen"] {
        let statuses = r.statuses(agent, "switches");
        assert!(!statuses.is_empty() && statuses.iter().all(|s| s == "ok"), "{agent}: {statuses:?}");
    }
    assert_eq!(r.statuses("", "policy"), ["ok"]);
    assert_eq!(
        r.only("", "activity", "warn"),
        "never called gitvow since the install: claude, codex, gemini, cursor, copilot, factory, opencode, qwen, cline, kilo, auggie"
    );
    for agent in ALL {
        assert!(r.checks(agent, "activity").is_empty(), "{agent}: the summary line stands for it");
    }
    let probe = r.checks("opencode", "probe")[0]["detail"].as_str().unwrap().to_string();
    assert!(probe.contains("under node") && probe.contains(" ms"), "{probe}");
    assert!(r.checks("codex", "probe")[0]["detail"].as_str().unwrap().contains("-lc"), "codex runs hooks through a login shell");
    for agent in ["qwen", "gemini"] {
        assert!(r.checks(agent, "probe")[0]["detail"].as_str().unwrap().starts_with("`bash -c …`"), "{agent} runs hooks through bash");
    }
    let auggie = r.checks("auggie", "probe")[0]["detail"].as_str().unwrap().to_string();
    // Auggie hands a command holding shell characters to `bash -c`: the fail-closed wrapper does.
    assert!(auggie.starts_with("`bash -c …`"), "auggie runs the wrapped command through bash: {auggie}");
    let cline = r.checks("cline", "probe")[0]["detail"].as_str().unwrap().to_string();
    assert!(cline.starts_with("`/bin/sh ") && cline.contains(".cline/hooks/PreToolUse"), "cline runs the hook file: {cline}");
    assert!(r.checks("kilo", "probe")[0]["detail"].as_str().unwrap().contains("under node"));
}

#[test]
fn trust_record_and_a_logged_call_turn_those_warnings_ok() {
    let env = healthy();
    trust_codex(&env);
    call_each_agent(&env);
    let r = doctor(&env, &["--user"]);
    assert_eq!(r.code, 0);
    let w = |a: &str, c: &str| (a.to_string(), c.to_string(), "warn".to_string());
    let mut got = r.not_ok();
    got.sort();
    let mut expected = vec![w("cursor", "double-firing")];
    expected.sort();
    assert_eq!(got, expected);
    for agent in ["codex", "gemini", "factory", "qwen", "auggie"] {
        let d = r.checks(agent, "fails closed")[0]["detail"].as_str().unwrap().to_string();
        assert_eq!(r.statuses(agent, "fails closed"), ["ok"], "{d}");
        assert!(d.starts_with(&format!("{agent} fails closed: gitvow's PreToolUse command turns a missing gitvow")), "{d}");
    }
    assert!(r.checks("claude", "activity")[0]["detail"].as_str().unwrap().starts_with("last called gitvow at 20"));
}

#[test]
fn the_probe_tags_its_log_lines_and_never_counts_as_activity() {
    let env = healthy();
    doctor(&env, &["--user"]);
    let r = doctor(&env, &["--user"]);
    assert!(r.only("", "activity", "warn").contains("claude"), "{}", r.json);
    let log = env.read("~/.gitvow/hooks.log");
    assert!(!log.is_empty() && log.lines().all(|l| l.contains("\"session\":\"gitvow-doctor-probe\"")), "{log}");
}

#[test]
fn text_output_has_one_line_per_check_and_the_fix_on_non_ok_lines() {
    let env = healthy();
    let run = env.run(["doctor", "--user"]).ok();
    assert!(
        run.stdout.starts_with(
            "gitvow doctor, user scope (~); agents with a gitvow installation: claude, codex, gemini, cursor, copilot, factory, opencode, qwen, cline, kilo, auggie\n"
        ),
        "{}",
        run.stdout
    );
    for line in run.stdout.lines().filter(|l| l.starts_with("  ")) {
        let status = line.split_whitespace().next().unwrap();
        assert!(["ok", "warn", "FAIL"].contains(&status), "{line}");
        assert_eq!(status != "ok", line.contains("; fix: "), "{line}");
    }
    run.stdout_has("\ncodex (user, ~/.codex/hooks.json)\n");
    run.stdout_has("  warn  codex-trust   ");
    assert!(run.stdout.contains("run /hooks in codex and trust the gitvow entries"));
    assert!(run.stdout.trim_end().ends_with("0 FAIL"));
}

#[test]
fn json_report_carries_agent_scope_check_status_detail_fix() {
    let env = healthy();
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    assert_eq!(r.json["scope"], "user");
    assert_eq!(r.json["agents"], json!(["claude"]));
    for c in r.json["checks"].as_array().unwrap() {
        let keys: Vec<&str> = c.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["agent", "scope", "check", "status", "detail", "fix"]);
        assert_eq!(c["scope"], "user");
    }
    // The warning: no call logged yet. (No `claude` found: `onFailure` is written all the same.)
    // The box line is one of the ok ones (this machine has unprivileged user namespaces).
    assert_eq!(r.json["summary"], json!({"ok": 9, "warn": 1, "fail": 0}));
}

#[test]
fn errors_under_json_are_json_on_stdout_with_the_same_exit_code() {
    let env = Sandbox::new();
    let run = env.run(["doctor", "--user", "--json"]);
    assert_eq!(run.code, 1);
    // The person reads the same message on stderr (the README's "JSON output").
    assert!(run.stderr.starts_with("gitvow: no gitvow installation found"), "{}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.stdout));
    assert!(v["error"]["message"].as_str().unwrap().starts_with("no gitvow installation found in the user scope (~)"), "{v}");
    assert!(v["error"]["hint"].as_str().unwrap().starts_with("install with `gitvow install --user`"), "{v}");
    assert_eq!(v.as_object().unwrap().keys().collect::<Vec<_>>(), ["error"]);

    // A scope that is not a repository.
    let dir = env.outside("not-a-repo");
    std::fs::create_dir_all(&dir).unwrap();
    let run = env.run(["doctor", dir.to_str().unwrap(), "--json"]);
    assert_ne!(run.code, 0);
    let v: Value = serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.stdout));
    assert!(v["error"]["message"].is_string(), "{v}");

    // An unknown agent is a usage error, under --json too.
    install_user(&env, &["claude"], &[]);
    let run = env.run(["doctor", "--user", "--agent", "clauude", "--json"]);
    assert_eq!(run.code, 64, "{}{}", run.stdout, run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.stdout));
    assert!(v["error"]["message"].as_str().unwrap().contains("clauude"), "{v}");

    // A command line clap refuses (two scopes at once).
    let run = env.run(["doctor", "--user", dir.to_str().unwrap(), "--json"]);
    assert_eq!(run.code, 64, "{}{}", run.stdout, run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.stdout));
    assert!(v["error"]["message"].as_str().unwrap().contains("cannot be used with"), "{v}");
}

#[test]
fn color_always_colours_the_status_words_and_never_or_a_pipe_does_not() {
    let env = healthy();
    let coloured = env.run(["doctor", "--user", "--agent", "codex", "--color", "always"]).stdout;
    assert!(coloured.contains("  \x1b[32mok\x1b[0m    file          "), "{coloured}");
    assert!(coloured.contains("  \x1b[33mwarn\x1b[0m  codex-trust   "), "{coloured}");
    env.write("~/.codex/config.toml", "[features]\nhooks = false\n");
    let failing = env.run(["doctor", "--user", "--agent", "codex", "--color", "always"]).stdout;
    assert!(failing.contains("  \x1b[31mFAIL\x1b[0m  switches      "), "{failing}");
    for args in [&["--color", "never"][..], &[][..]] {
        let mut all = vec!["doctor", "--user", "--agent", "codex"];
        all.extend(args);
        let plain = env.run(&all).stdout;
        assert!(!plain.contains('\x1b') && plain.contains("  FAIL  switches      "), "{args:?}: {plain}");
    }
    let json = env.run(["doctor", "--user", "--agent", "codex", "--color", "always", "--json"]).stdout;
    assert!(!json.contains('\x1b'), "{json}");
}

#[test]
fn no_installation_is_a_clear_error() {
    let env = Sandbox::new();
    let run = env.run(["doctor", "--user"]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert!(run.stderr.starts_with("gitvow: no gitvow installation found in the user scope (~)"), "{}", run.stderr);
    run.stderr_has("hint: install with `gitvow install --user`");
}

// ---- 2. the file -------------------------------------------------------------------------

#[test]
fn missing_file_fails() {
    let env = healthy();
    std::fs::remove_file(env.home().join(".gemini/settings.json")).unwrap();
    let r = doctor(&env, &["--user", "--agent", "gemini"]);
    assert_eq!(r.code, 1);
    let d = r.only("gemini", "file", "fail");
    assert!(d.contains("~/.gemini/settings.json: no such file or directory"), "{d}");
    assert_eq!(r.checks("gemini", "file")[0]["fix"], "run `gitvow install --user --agent gemini`");
}

#[test]
fn codex_trailing_comma_fails_with_line_and_column() {
    let env = healthy();
    let text = env.read("~/.codex/hooks.json");
    let text = text.replacen("\"timeout\": 30\n", "\"timeout\": 30,\n", 1);
    env.write("~/.codex/hooks.json", &text);
    let r = doctor(&env, &["--user", "--agent", "codex"]);
    assert_eq!(r.code, 1);
    let d = r.only("codex", "file", "fail");
    assert!(d.starts_with("~/.codex/hooks.json:"), "{d}");
    let line = text.lines().position(|l| l.contains("\"timeout\": 30,")).unwrap() + 1;
    assert!(d.contains(&format!(":{}:", line + 1)) || d.contains(&format!(":{line}:")), "{d}");
}

#[test]
fn gemini_comments_pass_but_a_trailing_comma_fails() {
    let env = healthy();
    let text = env.read("~/.gemini/settings.json");
    env.write("~/.gemini/settings.json", format!("// my settings\n{text}"));
    assert_eq!(doctor(&env, &["--user", "--agent", "gemini"]).statuses("gemini", "file"), ["ok"]);
    env.write("~/.gemini/settings.json", text.replacen("\"timeout\": 30000\n", "\"timeout\": 30000,\n", 1));
    let r = doctor(&env, &["--user", "--agent", "gemini"]);
    assert!(r.only("gemini", "file", "fail").starts_with("~/.gemini/settings.json:"));
}

#[test]
fn wrong_shape_fails_with_line_and_column() {
    let env = healthy();
    env.write("~/.claude/settings.json", "{\n  \"hooks\": []\n}\n");
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    assert_eq!(r.only("claude", "file", "fail"), "~/.claude/settings.json:2:12: expected `hooks` to be an object");
}

// ---- 3. entries --------------------------------------------------------------------------

#[test]
fn a_missing_entry_is_named() {
    let env = healthy();
    edit_json(&env, ".claude/settings.json", |v| {
        v["hooks"].as_object_mut().unwrap().remove("Stop");
    });
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    assert_eq!(r.code, 1);
    assert_eq!(r.only("claude", "entries", "fail"), "no gitvow entry under `Stop`");
}

#[test]
fn a_stale_command_is_named() {
    let env = healthy();
    edit_json(&env, ".codex/hooks.json", |v| {
        v["hooks"]["Stop"][0]["hooks"][0]["command"] = json!("/opt/old/gitvow hook --agent codex Stop");
    });
    let r = doctor(&env, &["--user", "--agent", "codex"]);
    let d = r.only("codex", "entries", "fail");
    assert!(d.starts_with("stale gitvow entry under `Stop` at ~/.codex/hooks.json:"), "{d}");
    assert!(d.ends_with(&format!("runs `/opt/old/gitvow hook --agent codex Stop`, expected `{BIN} hook --agent codex Stop`")), "{d}");
}

#[test]
fn stale_fields_are_named() {
    let env = healthy();
    edit_json(&env, ".factory/hooks.json", |v| {
        v["PreToolUse"][0]["hooks"][0]["timeout"] = json!(5);
    });
    let r = doctor(&env, &["--user", "--agent", "factory"]);
    let d = r.only("factory", "entries", "fail");
    assert!(d.contains("stale gitvow entry under `PreToolUse`") && d.contains("fields differ"), "{d}");
}

#[test]
fn a_duplicate_is_named() {
    let env = healthy();
    edit_json(&env, ".claude/settings.json", |v| {
        let first = v["hooks"]["PreToolUse"][0].clone();
        v["hooks"]["PreToolUse"].as_array_mut().unwrap().push(first);
    });
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    let d = r.only("claude", "entries", "fail");
    assert!(d.starts_with("2 gitvow entries under `PreToolUse` (~/.claude/settings.json:"), "{d}");
    assert!(d.ends_with("each call is gated 2 times"), "{d}");
}

#[test]
fn an_entry_under_an_event_no_longer_installed_is_named() {
    let env = healthy();
    edit_json(&env, ".claude/settings.json", |v| {
        v["hooks"]["Notification"] = json!([{"hooks": [{"type": "command", "command": format!("{BIN} hook Notification")}]}]);
    });
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    let d = r.only("claude", "entries", "fail");
    assert!(d.starts_with("gitvow entry under `Notification` at ~/.claude/settings.json:"), "{d}");
}

#[test]
fn factory_entries_under_a_hooks_key_are_dead() {
    let env = healthy();
    edit_json(&env, ".factory/hooks.json", |v| {
        v["hooks"] = json!({"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": format!("{BIN} hook --agent factory PreToolUse")}]}]});
    });
    let r = doctor(&env, &["--user", "--agent", "factory"]);
    assert_eq!(r.code, 1);
    let d = r.only("factory", "dead-entries", "fail");
    assert!(
        d.starts_with("~/.factory/hooks.json:") && d.contains("1 entries under the `hooks` key (1 of them gitvow's) never fire"),
        "{d}"
    );
}

#[test]
fn a_stale_opencode_plugin_is_named() {
    let env = healthy();
    let text = env.read("~/.config/opencode/plugins/gitvow.js");
    env.write("~/.config/opencode/plugins/gitvow.js", text.replace("const TIMEOUT_MS = 30000;", "const TIMEOUT_MS = 1000;"));
    let r = doctor(&env, &["--user", "--agent", "opencode"]);
    assert_eq!(r.only("opencode", "entries", "fail"), "stale plugin: it differs from the one this version generates");
}

// ---- 4. command --------------------------------------------------------------------------

#[test]
fn an_absolute_command_that_does_not_exist_fails() {
    let env = Sandbox::new();
    let missing = env.outside("missing/bin/gitvow");
    install_user(&env, &["claude"], &["--command", missing.to_str().unwrap(), "--force"]);
    let r = doctor(&env, &["--user"]);
    assert_eq!(r.code, 1);
    assert_eq!(r.only("claude", "command", "fail"), format!("{} does not exist", missing.display()));
    assert!(r.only("claude", "probe", "fail").contains("exit code 127"));
}

#[test]
fn a_command_that_is_not_executable_fails() {
    let env = Sandbox::new();
    let path = env.outside("noexec/gitvow");
    env.write(&path, "#!/bin/sh\nexit 0\n");
    install_user(&env, &["gemini"], &["--command", path.to_str().unwrap(), "--force"]);
    let r = doctor(&env, &["--user"]);
    assert_eq!(r.only("gemini", "command", "fail"), format!("{} is not an executable file", path.display()));
}

#[test]
fn a_bare_command_on_the_path_warns_and_off_the_path_fails() {
    let env = Sandbox::new();
    let dir = path_dir_with_gitvow(&env);
    let env = env.env("PATH", format!("{}:{}", dir.display(), crate::support::system_path()));
    install_user(&env, &["claude"], &["--command", "gitvow", "--force"]);
    let r = doctor(&env, &["--user"]);
    assert_eq!(r.code, 0);
    let d = r.only("claude", "command", "warn");
    assert!(d.contains("desktop agents often start with a minimal PATH"), "{d}");
    assert_eq!(r.statuses("claude", "probe"), ["ok"]);

    let env = env.env("PATH", crate::support::system_path());
    let r = doctor(&env, &["--user"]);
    assert_eq!(r.code, 1);
    assert_eq!(r.only("claude", "command", "fail"), "`gitvow` is not on the PATH: the agent cannot run its hook");
}

// ---- 5. live probe -----------------------------------------------------------------------

#[test]
fn a_probe_that_exits_wrongly_fails() {
    let env = Sandbox::new();
    let fake = fake_gitvow(&env, "exit1", "echo broken >&2; exit 1");
    install_user(&env, &["codex"], &["--command", fake.to_str().unwrap(), "--force"]);
    let r = doctor(&env, &["--user"]);
    let d = r.only("codex", "probe", "fail");
    assert!(d.contains("did not answer allow: gitvow's exit code 1, blocked by the entry's wrapper: broken"), "{d}");
}

#[test]
fn a_probe_that_prints_garbage_fails() {
    let env = Sandbox::new();
    let fake = fake_gitvow(&env, "garbage", "cat >/dev/null; echo hello");
    install_user(&env, &["cursor"], &["--command", fake.to_str().unwrap(), "--force"]);
    let r = doctor(&env, &["--user"]);
    let d = r.only("cursor", "probe", "fail");
    assert!(d.contains("did not answer allow: exit code 0, stdout: hello"), "{d}");
}

#[test]
fn a_probe_that_hangs_is_killed_at_the_timeout() {
    let env = Sandbox::new();
    let fake = fake_gitvow(&env, "hang", HANGS);
    install_user(&env, &["factory"], &["--command", fake.to_str().unwrap(), "--force"]);
    let witness = Witness::new();
    let r = doctor_witnessed(&env, &witness, &["--user"]);
    let d = r.only("factory", "probe", "fail");
    assert!(d.contains("timed out after 3 s (doctor waits at most 3 s; factory allows 30 s)"), "{d}");
    // Doctor stopped waiting at its cap, and what it ran (the entry's shell, its watchdog, the
    // stand-in) is gone with it: nothing lived on to write.
    assert_eq!(witness.ended(), "", "the hung probe outlived doctor");
}

#[test]
fn the_opencode_plugin_probe_fails_when_gitvow_blocks() {
    let env = Sandbox::new();
    let fake = fake_gitvow(&env, "deny", "cat >/dev/null; echo 'BLOCKED: nope' >&2; exit 2");
    install_user(&env, &["opencode"], &["--command", fake.to_str().unwrap(), "--force"]);
    let r = doctor(&env, &["--user"]);
    let d = r.only("opencode", "probe", "fail");
    assert!(d.ends_with("it threw: BLOCKED: nope"), "{d}");
    // Nobody may take the plugin's OpenCode 2 half for a tested one.
    let notes = r.checks("opencode", "note");
    assert!(notes.len() == 1 && notes[0]["status"] == "ok", "{notes:?}");
    let d = notes[0]["detail"].as_str().unwrap();
    assert!(d.contains("OpenCode 2") && d.contains("unverified"), "{d}");
}

#[test]
fn a_probe_blocked_by_the_policy_fails() {
    let env = healthy();
    env.write("~/.gitvow/policy.json", r#"{"bash_deny": [{"pattern": "^ls", "reason": "no ls"}]}"#);
    let r = doctor(&env, &["--user", "--agent", "copilot"]);
    let d = r.only("copilot", "probe", "fail");
    assert!(d.contains("did not answer allow") && d.contains("deny"), "{d}");
}

// ---- 6. switches -------------------------------------------------------------------------

#[test]
fn codex_features_hooks_false_fails() {
    for key in ["hooks", "codex_hooks"] {
        let env = healthy();
        env.write("~/.codex/config.toml", format!("[features]\n{key} = false\n"));
        let r = doctor(&env, &["--user", "--agent", "codex"]);
        assert_eq!(r.code, 1);
        assert_eq!(
            r.only("codex", "switches", "fail"),
            format!("~/.codex/config.toml:2:{}: `[features] {key} = false` turns every codex hook off", key.len() + 4)
        );
    }
}

#[test]
fn cursor_version_and_fail_closed_fail() {
    let env = healthy();
    edit_json(&env, ".cursor/hooks.json", |v| v["version"] = json!(2));
    let r = doctor(&env, &["--user", "--agent", "cursor"]);
    assert!(r.only("cursor", "switches", "fail").contains("`\"version\": 1` is missing or not 1"));

    let env = healthy();
    edit_json(&env, ".cursor/hooks.json", |v| v["hooks"]["preToolUse"][0]["failClosed"] = json!(false));
    let r = doctor(&env, &["--user", "--agent", "cursor"]);
    assert!(r.only("cursor", "switches", "fail").contains("`failClosed` is missing or false under `preToolUse`"));
}

#[test]
fn gemini_hooks_config_fails() {
    let env = healthy();
    edit_json(&env, ".gemini/settings.json", |v| v["hooksConfig"] = json!({"enabled": false}));
    let r = doctor(&env, &["--user", "--agent", "gemini"]);
    assert!(r.only("gemini", "switches", "fail").contains("`hooksConfig.enabled` is false"));

    let env = healthy();
    edit_json(&env, ".gemini/settings.json", |v| v["hooksConfig"] = json!({"disabled": ["gitvow-BeforeTool", "other"]}));
    let r = doctor(&env, &["--user", "--agent", "gemini"]);
    assert!(r.only("gemini", "switches", "fail").ends_with("`hooksConfig.disabled` switches off gitvow-BeforeTool"));
}

#[test]
fn disable_all_hooks_fails_for_claude_copilot_and_qwen() {
    for (agent, rel) in [("claude", ".claude/settings.json"), ("copilot", ".copilot/hooks/gitvow.json"), ("qwen", ".qwen/settings.json")] {
        let env = healthy();
        edit_json(&env, rel, |v| v["disableAllHooks"] = json!(true));
        let r = doctor(&env, &["--user", "--agent", agent]);
        assert_eq!(r.code, 1);
        let d = r.only(agent, "switches", "fail");
        assert!(
            d.starts_with(&format!("~/{rel}:")) && d.ends_with(&format!("`disableAllHooks: true` turns every {agent} hook off")),
            "{d}"
        );
    }
}

#[test]
fn cline_hook_files_are_checked_one_by_one() {
    let env = healthy();
    let dir = env.home().join(".cline/hooks");
    // A stale file, and the person's own hook for an event that does not gate.
    let post = dir.join("PostToolUse");
    std::fs::write(&post, std::fs::read_to_string(&post).unwrap().replace("&& exit 0", "|| true && exit 0")).unwrap();
    std::fs::remove_file(dir.join("TaskStart")).unwrap();
    env.write("~/.cline/hooks/TaskStart.js", "console.log('{}')\n");
    let r = doctor(&env, &["--user", "--agent", "cline"]);
    assert_eq!(r.code, 1);
    let entries: Vec<(String, String)> = r
        .checks("cline", "entries")
        .iter()
        .map(|c| (c["status"].as_str().unwrap().to_string(), c["detail"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(
        entries,
        [
            ("warn".to_string(), "~/.cline/hooks: your own TaskStart hook is there, and gitvow left that event to it".to_string()),
            ("fail".to_string(), "stale hook file ~/.cline/hooks/PostToolUse: it differs from the one this version generates".to_string()),
        ]
    );
    // The gating file replaced by the person's own: no gate, and doctor says whose file it is.
    env.write("~/.cline/hooks/PreToolUse", "#!/bin/sh\necho '{}'\n");
    let r = doctor(&env, &["--user", "--agent", "cline"]);
    let d = r.only("cline", "file", "fail");
    assert!(d.starts_with("~/.cline/hooks/PreToolUse:2:1: this hook is not one gitvow wrote"), "{d}");
    assert!(r.only("cline", "probe", "fail").contains("not gitvow's hook file"), "{}", r.json);
}

// ---- 7. policy ---------------------------------------------------------------------------

#[test]
fn the_effective_policy_is_named() {
    let env = healthy();
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    assert!(r.checks("", "policy")[0]["detail"].as_str().unwrap().starts_with("in force: the user policy, ~/.gitvow/policy.json"));
    std::fs::remove_file(env.home().join(".gitvow/policy.json")).unwrap();
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    assert!(r.checks("", "policy")[0]["detail"].as_str().unwrap().starts_with("in force: the built-in default policy (the base;"));
    let repo = env.git_repo("r");
    env.write(repo.join(".gitvow/policy.json"), "{}");
    install_repo(&env, &repo);
    let r = doctor_in(&env, &repo, &["--agent", "claude"]);
    let details: Vec<String> = r.checks("", "policy").iter().map(|c| c["detail"].as_str().unwrap().to_string()).collect();
    assert!(details[0].starts_with("in force: the built-in default policy (the base;"), "the base comes first: {}", r.json);
    assert!(details[1].starts_with("in force: the repository policy") && details[1].contains("adds to the base"), "{}", r.json);
}

fn install_repo(env: &Sandbox, repo: &std::path::Path) {
    env.run_in(repo, ["install", "--agent", "claude", "--yes"]).ok();
}

#[test]
fn a_pattern_that_does_not_compile_fails_with_file_and_pattern() {
    let env = healthy();
    env.write("~/.gitvow/policy.json", r#"{"bash_deny": [{"pattern": "rm (", "reason": "x"}]}"#);
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    assert_eq!(r.code, 1);
    let d = r.only("", "policy", "fail");
    assert!(d.starts_with("~/.gitvow/policy.json:1:28: pattern `rm (` (bash_deny[0]) does not compile"), "{d}");
}

#[test]
fn a_policy_that_does_not_load_fails() {
    let env = healthy();
    env.write("~/.gitvow/policy.json", "{ not json");
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    let d = r.only("", "policy", "fail");
    assert!(d.starts_with("~/.gitvow/policy.json:1:3: not valid JSON: key must be a string"), "{d}");
}

#[test]
fn a_missing_provider_or_classifier_program_fails() {
    let env = healthy();
    env.write(
        "~/.gitvow/policy.json",
        r#"{"providers": [{"name": "graph", "command": "no-such-provider --x"}], "llm_classifier": {"enabled": true, "command": "/no/such/classifier"}}"#,
    );
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    assert_eq!(r.code, 1);
    assert!(r.only("", "provider", "fail").starts_with("provider `graph`: program `no-such-provider` is not found"));
    assert!(r.only("", "classifier", "fail").starts_with("`llm_classifier`: program `/no/such/classifier` is not found"));
}

/// A provider script in its own directory, named by the user policy.
fn policy_with_provider(env: &Sandbox, script: &str, extra: &str) -> std::path::PathBuf {
    let path = env.script(env.outside("providers/graph"), script);
    let provider = format!(r#"{{"name": "graph", "command": "{}"{extra}}}"#, path.display());
    env.write("~/.gitvow/policy.json", format!(r#"{{"providers": [{provider}]}}"#));
    path
}

#[test]
fn a_provider_is_asked_a_harmless_question_and_its_answer_reported() {
    let env = healthy();
    // It records the request it was given, to show it is the gate's.
    let seen = env.outside("providers/request.json");
    policy_with_provider(&env, &format!("cat > {}; echo '{{\"answer\": \"no\"}}'", seen.display()), r#", "questions": ["route_gate"]"#);
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    assert_eq!(r.code, 0, "{}", r.json);
    let d = r.checks("", "provider")[0]["detail"].as_str().unwrap().to_string();
    assert!(d.starts_with("provider `graph`: asked route_gate `/gitvow-doctor-probe`, answered `no` in "), "{d}");
    let request: Value = serde_json::from_str(&std::fs::read_to_string(&seen).unwrap()).unwrap();
    assert_eq!(request["protocol"], 1);
    assert_eq!(request["question"], "route_gate");
    assert_eq!(request["subject"], "/gitvow-doctor-probe");
}

#[test]
fn a_provider_that_exits_3_fails_with_its_exit_code() {
    let env = healthy();
    policy_with_provider(&env, "cat >/dev/null; echo 'index missing' >&2; exit 3", "");
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    assert_eq!(r.code, 1);
    let d = r.only("", "provider", "fail");
    assert!(d.starts_with("provider `graph`: asked gate_bearing `gitvow-doctor-probe/none.txt`: exit code 3: index missing"), "{d}");
    let fix = r.checks("", "provider")[0]["fix"].as_str().unwrap().to_string();
    assert!(fix.starts_with("run it by hand to see why: echo '{\"protocol\":1,"), "{fix}");
}

#[test]
fn a_provider_that_prints_no_answer_fails() {
    let env = healthy();
    policy_with_provider(&env, "cat >/dev/null; echo hello", "");
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    assert!(r.only("", "provider", "fail").contains("its output is not a JSON object"));
}

#[test]
fn a_provider_that_hangs_is_reported_as_timed_out() {
    let env = healthy();
    policy_with_provider(&env, HANGS, r#", "timeout": 1"#);
    let witness = Witness::new();
    let r = doctor_witnessed(&env, &witness, &["--user", "--agent", "claude"]);
    assert!(r.only("", "provider", "fail").contains(": timed out after 1 s: "), "{}", r.json);
    assert_eq!(witness.ended(), "", "the provider outlived its timeout");
    // A longer timeout than doctor waits: doctor stops at its cap and says so.
    policy_with_provider(&env, HANGS, r#", "timeout": 20"#);
    let witness = Witness::new();
    let r = doctor_witnessed(&env, &witness, &["--user", "--agent", "claude"]);
    let d = r.only("", "provider", "fail");
    assert!(d.contains("timed out after 3 s (doctor waits at most 3 s; the policy allows it 20 s)"), "{d}");
    assert_eq!(witness.ended(), "", "the provider outlived doctor's cap");
}

// ---- 8. double firing --------------------------------------------------------------------

#[test]
fn the_same_agent_in_both_scopes_warns() {
    let env = Sandbox::new();
    install_user(&env, &["claude"], &[]);
    let repo = env.git_repo("r");
    install_repo(&env, &repo);
    let r = doctor_in(&env, &repo, &["--agent", "claude"]);
    let d = r.only("claude", "double-firing", "warn");
    assert_eq!(d, "claude is also installed in the user scope (~/.claude/settings.json): each call is gated twice");
}

#[test]
fn cursor_with_claude_installed_warns() {
    let env = Sandbox::new();
    install_user(&env, &["cursor"], &[]);
    assert!(doctor(&env, &["--user"]).checks("cursor", "double-firing").is_empty());
    install_user(&env, &["claude"], &[]);
    let r = doctor(&env, &["--user", "--agent", "cursor"]);
    assert!(r.only("cursor", "double-firing", "warn").contains("each call is gated twice"));
}

// ---- 9 and 10. codex trust, activity ----------------------------------------------------

#[test]
fn codex_trust_missing_for_one_hook_warns_naming_it() {
    let env = healthy();
    trust_codex(&env);
    let text = env.read("~/.codex/config.toml");
    env.write("~/.codex/config.toml", text.replace(":Stop:0:0", ":Stop:1:0"));
    let r = doctor(&env, &["--user", "--agent", "codex"]);
    assert_eq!(r.code, 0);
    let d = r.only("codex", "codex-trust", "warn");
    assert!(d.ends_with("holds no trust record for gitvow's hooks at Stop:0:0: codex skips them without a word"), "{d}");
    assert_eq!(r.checks("codex", "codex-trust")[0]["fix"], "run /hooks in codex and trust the gitvow entries");
}

#[test]
fn activity_before_the_last_install_warns() {
    let env = healthy();
    env.write("~/.gitvow/hooks.log", "{\"time\":\"2001-01-01T00:00:00.000Z\",\"agent\":\"gemini\",\"session\":\"x\"}\n");
    let r = doctor(&env, &["--user", "--agent", "gemini"]);
    assert!(
        r.only("gemini", "activity", "warn")
            .starts_with("last called gitvow at 2001-01-01T00:00:00.000Z, before its hook file was last written")
    );
    let r = doctor(&env, &["--user", "--agent", "factory"]);
    assert_eq!(r.only("", "activity", "warn"), "never called gitvow since the install: factory");
    assert!(r.checks("factory", "activity").is_empty());
    let _ = Value::Null;
}

#[test]
fn agents_never_called_share_one_activity_line_with_each_way_to_reload() {
    let env = healthy();
    env.write("~/.gitvow/hooks.log", "{\"time\":\"2999-01-01T00:00:00.000Z\",\"agent\":\"gemini\",\"session\":\"x\"}\n");
    let r = doctor(&env, &["--user", "--agent", "gemini,codex,cursor,claude"]);
    assert_eq!(r.statuses("gemini", "activity"), ["ok"]);
    let summary = &r.checks("", "activity")[0];
    assert_eq!(summary["detail"], "never called gitvow since the install: codex, cursor, claude");
    let fix = summary["fix"].as_str().unwrap();
    assert!(
        fix.contains("codex: trust the gitvow hooks") && fix.contains("cursor: run a tool call") && fix.contains("claude: restart"),
        "{fix}"
    );
    let text = env.run(["doctor", "--user", "--agent", "gemini,codex,cursor,claude"]).stdout;
    let lines: Vec<&str> = text.lines().filter(|l| l.contains(" activity ")).collect();
    assert_eq!(lines.len(), 2, "gemini's own line and the summary:\n{text}");
    assert!(
        text.contains("\nactivity (user)\n  warn  activity      never called gitvow since the install: codex, cursor, claude; fix: "),
        "{text}"
    );
}

#[test]
fn a_fifo_in_a_hostile_repository_is_named_not_opened() {
    let env = Sandbox::new();
    let repo = env.git_repo("hostile");
    std::fs::create_dir_all(repo.join(".claude")).unwrap();
    let fifo = repo.join(".claude/settings.json");
    mkfifo(&fifo);
    use std::os::unix::fs::OpenOptionsExt;
    // A writer waiting for a reader: a doctor that opened the FIFO would get its end at once and
    // report something else than a FIFO, instead of hanging the test.
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || drop(std::fs::OpenOptions::new().write(true).open(fifo)))
    };
    let report = doctor_in(&env, &repo, &["--agent", "claude"]);
    // Doctor is done: open the FIFO here (without waiting) to let the writer go.
    let _release = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(&fifo).unwrap();
    writer.join().unwrap();
    assert_eq!(report.code, 1);
    assert_eq!(report.statuses("claude", "file"), ["fail"]);
    let detail = report.checks("claude", "file")[0]["detail"].as_str().unwrap().to_string();
    assert!(detail.contains(".claude/settings.json") && detail.contains("a FIFO, not a regular file"), "{detail}");
}

#[test]
fn the_users_own_entries_under_factorys_hooks_key_are_a_warning() {
    let env = healthy();
    edit_json(&env, ".factory/hooks.json", |v| {
        v["hooks"] =
            json!({"PreToolUse": [{"matcher": "Execute", "hooks": [{"type": "command", "command": "~/bin/deny.sh"}]}, {"hooks": []}]});
    });
    let r = doctor(&env, &["--user", "--agent", "factory"]);
    assert_eq!(r.code, 0, "{}", r.json);
    let d = r.only("factory", "dead-entries", "warn");
    assert!(
        d.starts_with("~/.factory/hooks.json:") && d.contains("2 of your entries sit under the `hooks` key, which Droid ignores"),
        "{d}"
    );
}

/// Droid reads `settings.json`'s hooks too, but per event: for an event `hooks.json` lists, only
/// `hooks.json`'s list runs (droid 0.225.2, the end-to-end suite's `two_files_same_evt`).
#[test]
fn hooks_in_factorys_second_file_under_an_event_gitvow_lists_are_named_as_never_running() {
    let env = healthy();
    let ours = json!({"type": "command", "command": format!("{BIN} hook --agent factory PreToolUse")});
    let users = json!({"type": "command", "command": "~/bin/audit.sh"});
    let settings = json!({"hooks": {
        "PreToolUse": [{"matcher": "*", "hooks": [ours, users.clone()]}],
        "Notification": [{"hooks": [{"type": "command", "command": "~/bin/notify.sh"}]}]
    }});
    env.write("~/.factory/settings.json", settings.to_string());
    let r = doctor(&env, &["--user", "--agent", "factory"]);
    let warned: Vec<String> = r.checks("factory", "second file").iter().map(|c| c["detail"].as_str().unwrap().to_string()).collect();
    assert_eq!(
        warned,
        [
            "1 of your hooks under PreToolUse in ~/.factory/settings.json never run: factory runs only ~/.factory/hooks.json's list for an event both files have",
            "~/.factory/settings.json holds 1 of gitvow's hooks that never run (~/.factory/hooks.json's list is the one that runs)"
        ],
        "{}",
        r.json
    );
    // A hook under an event gitvow's file does not list runs, and is not named.
    env.write("~/.factory/settings.json", json!({"hooks": {"Notification": [{"hooks": [users]}]}}).to_string());
    let r = doctor(&env, &["--user", "--agent", "factory"]);
    assert!(r.checks("factory", "second file").is_empty(), "{}", r.json);
}

// ---- the text a person reads ---------------------------------------------------------------

/// Doctor's text with what differs from run to run (this binary's path, timings, the provider's
/// place) replaced by fixed words.
fn redacted(env: &Sandbox, text: &str, provider: &std::path::Path) -> String {
    let text = text.replace(BIN, "<gitvow>").replace(&provider.display().to_string(), "<provider>");
    let text = text.replace(&env.home().display().to_string(), "<home>");
    regex_lite::Regex::new(r"\d+ ms").unwrap().replace_all(&text, "<n> ms").into_owned()
}

#[test]
fn doctor_text_snapshot() {
    let env = healthy();
    trust_codex(&env);
    let provider = policy_with_provider(&env, "cat >/dev/null; echo 'index missing' >&2; exit 3", "");
    let run = env.run(["doctor", "--user", "--agent", "codex,cursor"]);
    assert_eq!(run.code, 1);
    assert_snapshot("doctor_user_codex_cursor", &redacted(&env, &run.stdout, &provider));
}

#[test]
fn managed_settings_that_ignore_user_hooks_fail() {
    let env = healthy();
    let root = env.outside("system");
    let doctor_in = |root: &std::path::Path| {
        let run = env.gitvow().args(["doctor", "--user", "--json", "--agent", "claude,codex"]).env("GITVOW_SYSTEM_ROOT", root).run();
        Report { code: run.code, json: serde_json::from_str(&run.stdout).unwrap() }
    };
    // Nothing managed: ok.
    std::fs::create_dir_all(&root).unwrap();
    let r = doctor_in(&root);
    assert!(r.statuses("claude", "switches").iter().all(|s| s == "ok"));
    // Claude's managed-settings.d with allowManagedHooksOnly, and codex's requirements.toml.
    env.write(root.join("etc/claude-code/managed-settings.d/10-org.json"), "{\"allowManagedHooksOnly\": true}\n");
    env.write(root.join("etc/codex/requirements.toml"), "allow_managed_hooks_only = true\n");
    let r = doctor_in(&root);
    let claude: Vec<String> = r
        .checks("claude", "switches")
        .iter()
        .filter(|c| c["status"] == "fail")
        .map(|c| c["detail"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(claude.len(), 1, "{claude:?}");
    assert!(claude[0].contains("managed-settings.d/10-org.json:1:27: the managed `allowManagedHooksOnly: true`"), "{}", claude[0]);
    let codex: Vec<Value> = r.checks("codex", "switches").into_iter().filter(|c| c["status"] == "fail").collect();
    assert_eq!(codex.len(), 1);
    assert!(codex[0]["detail"].as_str().unwrap().contains("requirements.toml: `allow_managed_hooks_only = true`"), "{}", codex[0]);
    assert_eq!(r.code, 1);
    // gitvow's entries in the managed file itself: claude runs them.
    let managed = std::fs::read_to_string(env.home().join(".claude/settings.json")).unwrap();
    let mut v: Value = serde_json::from_str(&managed).unwrap();
    v["allowManagedHooksOnly"] = json!(true);
    env.write(root.join("etc/claude-code/managed-settings.d/10-org.json"), v.to_string());
    let r = doctor_in(&root);
    assert!(r.statuses("claude", "switches").iter().all(|s| s == "ok"), "{:?}", r.checks("claude", "switches"));
    // A managed disableAllHooks stops them all.
    env.write(root.join("etc/claude-code/managed-settings.json"), "{\"disableAllHooks\": true}");
    let r = doctor_in(&root);
    assert!(r.statuses("claude", "switches").contains(&"fail".to_string()));
}

/// Claude's entries set no timeout, and Claude's own is not 60 s (2.1.332 still waited after
/// 150 s): doctor names no figure it does not have.
#[test]
fn a_probe_of_an_entry_without_a_timeout_claims_none_for_the_agent() {
    let env = Sandbox::new();
    let fake = fake_gitvow(&env, "hang", "sleep 30");
    install_user(&env, &["claude"], &["--command", fake.to_str().unwrap(), "--force"]);
    let r = doctor(&env, &["--user", "--agent", "claude"]);
    let d = r.only("claude", "probe", "fail");
    assert!(d.contains("(doctor waits at most 3 s; the entry sets no timeout, and claude waits longer"), "{d}");
    assert!(!d.contains("60 s"), "{d}");
}

/// The probe line gives the hook's answer whole: a block message cut mid-command hides what was
/// judged and why.
#[test]
fn a_probe_that_is_blocked_shows_the_hooks_whole_message() {
    let env = Sandbox::new();
    install_user(&env, &["claude", "cursor"], &["--command", crate::support::BIN]);
    let reason = format!("listings are off here: {} end of the reason", "word ".repeat(60));
    env.write("~/.gitvow/policy.json", serde_json::json!({"bash_deny": [{"pattern": "^ls", "reason": reason}]}).to_string());
    let r = doctor(&env, &["--user"]);
    for agent in ["claude", "cursor"] {
        let d = r.only(agent, "probe", "fail");
        assert!(d.contains("end of the reason"), "{agent}: {d}");
    }
}
