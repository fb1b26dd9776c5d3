//! The gate is never silently absent: the entries install writes, run the way their agent runs
//! them, block the call when gitvow is missing, crashes, dies of a signal or hangs; lifecycle
//! entries stay fail-open.

use crate::support::{BIN, Sandbox, bash};
use serde_json::Value;
use std::path::Path;

/// The agents whose entries gitvow closes with a wrapper, their gating event, the shell they run an
/// entry with, and the file install writes.
const WRAPPED: &[(&str, &str, &str, &str)] = &[
    ("codex", "PreToolUse", "sh", "~/.codex/hooks.json"),
    ("gemini", "BeforeTool", "sh", "~/.gemini/settings.json"),
    ("factory", "PreToolUse", "sh", "~/.factory/hooks.json"),
    ("qwen", "PreToolUse", "bash", "~/.qwen/settings.json"),
    ("auggie", "PreToolUse", "bash", "~/.augment/settings.json"),
];

/// gitvow's command for `event` in the installed file (events at the top level for factory).
fn installed_command(env: &Sandbox, file: &str, event: &str) -> String {
    let v: Value = serde_json::from_str(&env.read(file)).unwrap();
    let events = v.get("hooks").unwrap_or(&v);
    events[event][0]["hooks"][0]["command"].as_str().unwrap().to_string()
}

/// Runs an entry's command as its agent does (`<shell> -c <command>`), the payload on stdin.
fn run_entry(env: &Sandbox, shell: &str, command: &str, payload: &Value) -> crate::support::Output {
    env.tool(shell).args(["-c", command]).stdin(payload.to_string()).run()
}

fn install_with_copy(env: &Sandbox, agent: &str) -> std::path::PathBuf {
    let exe = env.outside("bin/gitvow");
    if !exe.exists() {
        std::fs::create_dir_all(exe.parent().unwrap()).unwrap();
        crate::support::copy_executable(BIN, &exe);
    }
    env.run(["install", "--user", "--agent", agent, "--yes", "--command", exe.to_str().unwrap()]).ok();
    exe
}

fn replace_with(exe: &Path, body: &str) {
    std::fs::remove_file(exe).unwrap();
    replace_with_new(exe, body);
}

#[test]
fn a_gitvow_that_cannot_answer_blocks_the_call_and_leaves_lifecycle_events_alone() {
    for (agent, event, shell, file) in WRAPPED {
        let env = Sandbox::with_repo();
        let exe = install_with_copy(&env, agent);
        let call = bash(env.repo(), "ls");
        let pre = installed_command(&env, file, event);
        let start = installed_command(&env, file, "SessionStart");

        // Healthy: gitvow's own answers pass unchanged.
        let ok = run_entry(&env, shell, &pre, &call);
        assert_eq!(ok.code, 0, "{agent}: a harmless call runs: {}", ok.stderr);
        let push = run_entry(&env, shell, &pre, &bash(env.repo(), "git push --force origin main"));
        assert_eq!(push.code, 2, "{agent}");
        assert!(
            push.stderr.starts_with("BLOCKED by gitvow: force push") && !push.stderr.contains("could not run"),
            "{agent}: {}",
            push.stderr
        );

        for (case, body, status) in [
            ("exits 1", Some("echo broken >&2; exit 1"), "1"),
            ("dies of a signal", Some("kill -SEGV $$"), "139"),
            ("is missing", None, "127"),
        ] {
            match body {
                Some(body) => replace_with(&exe, body),
                None => std::fs::remove_file(&exe).unwrap(),
            }
            let r = run_entry(&env, shell, &pre, &call);
            assert_eq!(r.code, 2, "{agent}: gitvow {case}: {}", r.stderr);
            let line = r.stderr.lines().last().unwrap_or("");
            assert!(
                line.starts_with(&format!("BLOCKED: gitvow could not run (exit status {status}")),
                "{agent}: gitvow {case}: {}",
                r.stderr
            );
            // A session still starts: the lifecycle entry is not wrapped, and no exit of its blocks.
            let s = run_entry(&env, shell, &start, &call);
            assert_ne!(s.code, 2, "{agent}: gitvow {case} must not stop a session: {}", s.stderr);
        }
    }
}

/// The gating entry of `agent` as install wrote it: the command, or for cline the hook file's path.
fn gating_entry(env: &Sandbox, agent: &str) -> String {
    match agent {
        "copilot" => {
            let v: Value = serde_json::from_str(&env.read("~/.copilot/hooks/gitvow.json")).unwrap();
            v["hooks"]["preToolUse"][0]["bash"].as_str().unwrap().to_string()
        }
        "hermes" => {
            let doc = yaml_rust2::YamlLoader::load_from_str(&env.read("~/.hermes/config.yaml")).unwrap().remove(0);
            doc["hooks"]["pre_tool_call"][0]["command"].as_str().unwrap().to_string()
        }
        "cline" => env.home().join(".cline/hooks/PreToolUse").display().to_string(),
        _ => {
            let (_, event, _, file) = WRAPPED.iter().find(|w| w.0 == agent).unwrap();
            installed_command(env, file, event)
        }
    }
}

#[test]
fn a_gitvow_that_never_answers_is_ended_by_the_entrys_watchdog_and_the_call_blocked() {
    // Every agent seen to let a call through when its hook timeout ran out, each entry run the way
    // its agent runs it.
    for agent in ["codex", "gemini", "factory", "qwen", "auggie", "copilot", "hermes", "cline"] {
        let spec = gitvow::agents::find(agent).unwrap();
        let env = Sandbox::with_repo();
        let exe = install_with_copy(&env, agent);
        // The stand-in never answers within the watchdog's time; without a watchdog it would end
        // (with exit 0) after 30 s, and the call would run.
        replace_with(&exe, "exec sleep 30");
        // The watchdog's 28 s, cut to 1 s in the entry as installed: how long is the test's to say.
        let entry = gating_entry(&env, agent);
        assert!(entry.contains("sleep 28 ") || agent == "cline", "{agent}: {entry}");
        let argv = match spec.install.hook_shell.argv(&entry.replace("sleep 28 ", "sleep 1 ")) {
            Some(argv) => argv,
            None => {
                let script = std::fs::read_to_string(&entry).unwrap();
                assert!(script.contains("sleep 28 "), "{script}");
                std::fs::write(&entry, script.replace("sleep 28 ", "sleep 1 ")).unwrap();
                vec![entry.clone()]
            }
        };
        let r = env.tool(&argv[0]).args(&argv[1..]).stdin(bash(env.repo(), "ls").to_string()).run();
        let why = "gitvow could not run (exit status 124";
        let said = |v: &Value, key: &str| v[key].as_str().unwrap_or("").to_string();
        let answer: Value = serde_json::from_str(r.stdout.trim()).unwrap_or(Value::Null);
        match agent {
            "copilot" => {
                assert_eq!((r.code, said(&answer, "permissionDecision").as_str()), (0, "deny"), "{agent}: {r:?}");
                assert!(said(&answer, "permissionDecisionReason").starts_with(&format!("BLOCKED: {why}: 124 is no answer")), "{r:?}");
            }
            "hermes" => assert_eq!((r.code, said(&answer, "decision").as_str()), (0, "block"), "{agent}: {r:?}"),
            "cline" => {
                assert_eq!((r.code, answer["cancel"].as_bool()), (0, Some(true)), "{agent}: {r:?}");
                assert!(said(&answer, "errorMessage").contains("gitvow could not run (exit 124)"), "{r:?}");
            }
            _ => {
                assert_eq!(r.code, 2, "{agent}: {r:?}");
                assert!(r.stderr.lines().last().unwrap_or("").starts_with(&format!("BLOCKED: {why}")), "{agent}: {}", r.stderr);
            }
        }
    }
}

#[test]
fn auggie_hands_the_wrapped_entry_to_bash_and_the_lifecycle_entries_start_without_a_shell() {
    let auggie = gitvow::agents::find("auggie").unwrap();
    let env = Sandbox::new();
    env.run(["install", "--user", "--agent", "auggie", "--yes", "--command", BIN]).ok();
    let pre = installed_command(&env, "~/.augment/settings.json", "PreToolUse");
    let argv = auggie.install.hook_shell.argv(&pre).unwrap();
    assert_eq!(argv[..2], ["bash".to_string(), "-c".to_string()], "{pre}");
    let start = installed_command(&env, "~/.augment/settings.json", "SessionStart");
    assert_eq!(auggie.install.hook_shell.argv(&start).unwrap()[0], BIN);
}

#[test]
fn the_hook_answers_its_blocking_form_at_its_own_deadline_when_what_it_waits_on_hangs() {
    let env = Sandbox::with_repo().env("GITVOW_HOOK_DEADLINE_MS", "400");
    // A classifier that never answers (within its own 20 s): the hook's deadline comes first. (A FIFO
    // where the hook log is no longer hangs the hook: it is refused at once, see the log's tests.)
    env.write("~/.gitvow/policy.json", r#"{"llm_classifier": {"enabled": true, "command": "sleep 30"}}"#);
    // The answer itself says the deadline gave it (the classifier's own timeout would say "the
    // classifier failed"); how long that took on a loaded machine is not the test's to time.
    let r = env.hook("codex", "PreToolUse", bash(env.repo(), "ls").to_string());
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.starts_with("BLOCKED by gitvow: gitvow did not answer within 0.4 s"), "{}", r.stderr);
    // Each agent in its own form.
    let copilot = env.hook("copilot", "preToolUse", bash(env.repo(), "ls").to_string());
    assert_eq!(copilot.code, 0);
    assert!(copilot.stdout.contains("\"permissionDecision\":\"deny\""), "{}", copilot.stdout);
    // A lifecycle event ends silently: the session goes on.
    let s = env.hook("codex", "SessionStart", bash(env.repo(), "ls").to_string());
    assert_eq!((s.code, s.stdout.as_str(), s.stderr.as_str()), (0, "", ""));
    // The deadline is only ever lowered: a larger value is the built-in one.
    let env = Sandbox::with_repo().env("GITVOW_HOOK_DEADLINE_MS", "999999999");
    let r = env.hook("codex", "PreToolUse", bash(env.repo(), "ls").to_string());
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn a_file_size_limit_does_not_kill_the_hook_before_it_answers() {
    let env = Sandbox::with_repo();
    // A log already past a 1-block limit: the hook's append would raise SIGXFSZ.
    env.write(".git/gitvow-hooks.log", vec![b'\n'; 8192]);
    let line = format!("ulimit -f 1; exec {BIN} hook --agent codex PreToolUse");
    let r = env.tool("sh").args(["-c", &line]).stdin(bash(env.repo(), "git push --force origin main").to_string()).run();
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.starts_with("BLOCKED by gitvow: force push"), "{}", r.stderr);
}

#[test]
fn a_repository_install_says_when_the_bare_gitvow_its_entries_name_is_not_on_the_path() {
    // PATH without gitvow: the entries' bare `gitvow` would start nothing.
    let env = Sandbox::with_repo();
    let r = env.run(["install", "--agent", "claude", "--yes"]).ok();
    let warnings: Vec<&str> = r.stderr.lines().filter(|l| l.starts_with("warning:")).collect();
    assert_eq!(
        warnings,
        [
            "warning: `gitvow` is not on your PATH: the entries name it, so the agents would run no gate; pass --command with the path of gitvow, or put gitvow on the PATH"
        ],
        "{}",
        r.stderr
    );
    assert!(env.repo().join(".claude/settings.json").exists(), "the install is written all the same");

    // With this gitvow on the PATH: nothing to say.
    let bin = env.outside("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(BIN, bin.join("gitvow")).unwrap();
    let env = env.env("PATH", format!("{}:/usr/bin:/bin", bin.display()));
    let r = env.run(["install", "--agent", "claude", "--yes"]).ok();
    assert!(!r.stderr.contains("warning:"), "{}", r.stderr);

    // Another program under that name: said, with what it is.
    std::fs::remove_file(bin.join("gitvow")).unwrap();
    replace_with_new(&bin.join("gitvow"), "echo 'gitvow 0.0.1'");
    let r = env.run(["install", "--agent", "codex", "--yes"]).ok();
    assert!(
        r.stderr.lines().any(|l| l.starts_with("warning: the `gitvow` on your PATH") && l.contains("is gitvow 0.0.1, not gitvow ")),
        "{}",
        r.stderr
    );
}

#[test]
fn a_command_that_is_not_gitvow_is_refused_unless_forced() {
    let env = Sandbox::new();
    let r = env.run(["install", "--user", "--agent", "codex", "--yes", "--command", "/bin/true"]);
    assert_eq!(r.code, 64, "{}{}", r.stdout, r.stderr);
    let first = r.stderr.lines().next().unwrap();
    assert!(first.starts_with("gitvow: --command /bin/true: it answers `--version` with "), "{first}");
    assert!(first.ends_with(", not as gitvow does; the agents would run a hook that never gates"), "{first}");
    // A program that prints nothing at all is named so.
    let silent = env.outside("silent");
    replace_with_new(&silent, "exit 0");
    let r = env.run(["install", "--user", "--agent", "codex", "--yes", "--command", silent.to_str().unwrap()]);
    assert_eq!(r.code, 64);
    r.stderr_has("it answers `--version` with nothing, not as gitvow does");
    assert!(!env.home().join(".codex/hooks.json").exists(), "nothing was written");
    env.run(["install", "--user", "--agent", "codex", "--yes", "--command", "/bin/true", "--force"]).ok();
    assert!(env.home().join(".codex/hooks.json").exists());
}

fn replace_with_new(path: &Path, body: &str) {
    std::fs::write(path, format!("#!/bin/sh\n{body}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn plain_doctor_checks_the_user_scope_and_the_repository_it_stands_in() {
    let env = Sandbox::with_repo();
    env.run(["install", "--user", "--agent", "codex", "--yes", "--command", BIN]).ok();
    // In the home directory, outside any repository: the user scope.
    let home = env.gitvow().current_dir(env.home()).arg("doctor").run();
    assert!(home.stdout.starts_with("gitvow doctor, user scope (~)"), "{}{}", home.stdout, home.stderr);
    assert_ne!(home.code, 64, "{}", home.stderr);
    // In a repository without an installation of its own: what is in force there, the user scope.
    let repo = env.gitvow().arg("doctor").run();
    assert!(repo.stdout.starts_with("gitvow doctor, user scope (~)"), "{}{}", repo.stdout, repo.stderr);
    // With one: both.
    env.run(["install", "--agent", "qwen", "--yes", "--command", BIN]).ok();
    let both = env.gitvow().arg("doctor").run();
    assert!(both.stdout.starts_with("gitvow doctor, user scope (~); agents with a gitvow installation: codex"), "{}", both.stdout);
    assert!(both.stdout.contains("gitvow doctor, repo scope ("), "{}", both.stdout);
}
