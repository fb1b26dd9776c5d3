//! Answering a confirmation: native questions written for the person where the agent asks itself,
//! approval codes elsewhere, `gitvow approve` (a person only), exceptions, and `gitvow log`.

mod who_answers;

use crate::support::{Output, Sandbox, bash, claude_payload, set};
use serde_json::{Value, json};
use std::path::PathBuf;

/// A codex PreToolUse payload for `command` in session `session`.
fn codex(env: &Sandbox, session: &str, command: &str) -> String {
    set(bash(env.repo(), command), "session_id", json!(session)).to_string()
}

/// The code a block message names: `gitvow approve <code>`.
fn code_of(out: &Output) -> String {
    let rest = out.stderr.split("gitvow approve ").nth(1).unwrap_or_else(|| panic!("no code in {out:?}"));
    rest.split('`').next().unwrap().to_string()
}

fn approval_file(env: &Sandbox, code: &str) -> PathBuf {
    env.home().join(".gitvow/approvals").join(format!("{code}.json"))
}

/// Changes an approval file as gitvow itself would have written it (sealed with gitvow's key):
/// for tests of what time does to an approval, which must not wait an hour.
fn reseal(env: &Sandbox, file: &std::path::Path, change: impl FnOnce(&mut Value)) {
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    change(&mut v);
    v.as_object_mut().unwrap().remove("mac");
    let key = crate::support::records::record_key(env.home());
    let mut message = b"gitvow approval 1\n".to_vec();
    message.extend(serde_json::to_vec(&v).unwrap());
    v["mac"] = json!(crate::support::records::hmac_hex(&key, &message));
    std::fs::write(file, serde_json::to_string_pretty(&v).unwrap()).unwrap();
}

#[test]
fn a_confirm_on_codex_carries_a_code_and_a_retry_keeps_it() {
    let env = Sandbox::with_repo();
    let out = env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main"));
    assert_eq!(out.code, 2);
    assert!(out.stderr.starts_with("CONFIRMATION REQUIRED by gitvow: push publishes commits to a remote"), "{out:?}");
    assert!(out.stderr.contains("Only a person can approve this call: ask the user to run `gitvow approve "), "{out:?}");
    let code = code_of(&out);
    assert_eq!(code.len(), 6);
    let again = env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main"));
    assert_eq!(code_of(&again), code, "a retry waits under the same code");
    // The waiting call keeps its text for the person, privately; the hook log keeps none.
    let file = approval_file(&env, &code);
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
    assert!(std::fs::read_to_string(&file).unwrap().contains("git push origin main"));
    let log = std::fs::read_to_string(env.repo().join(".git/gitvow-hooks.log")).unwrap();
    assert!(!log.contains("git push") && !log.contains("origin main"), "{log}");
    assert!(log.contains(&format!("\"approval\":\"{code}\"")), "{log}");
    // Every agent that cannot ask the person itself gets one; a deny never does.
    for (agent, event) in [("gemini", "BeforeTool"), ("factory", "PreToolUse"), ("opencode", "PreToolUse")] {
        let out = env.hook(agent, event, codex(&env, "s2", "npm publish"));
        assert!(out.stderr.contains("`gitvow approve "), "{agent}: {out:?}");
    }
    let deny = env.hook("codex", "PreToolUse", codex(&env, "s1", "git push --force"));
    assert!(deny.stderr.starts_with("BLOCKED by gitvow") && !deny.stderr.contains("gitvow approve"), "{deny:?}");
}

#[test]
fn an_approval_lets_the_same_call_pass_once_and_nothing_else() {
    let env = Sandbox::with_repo();
    let mut term = env.person_terminal();
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")));
    let other = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin dev")));
    assert_ne!(code, other);

    let shown = term.run(&["approve", &code], "y\n");
    assert!(shown.stdout.contains("agent:   codex (session s1)"), "{shown:?}");
    assert!(shown.stdout.contains("git push origin main") && shown.stdout.contains("rule bash_confirm[0]"), "{shown:?}");
    assert!(shown.stdout.contains("approved: the agent's next identical call passes, once, within 10 minutes"), "{shown:?}");

    // Another session, or another command, is not approved.
    assert_eq!(env.hook("codex", "PreToolUse", codex(&env, "s2", "git push origin main")).code, 2);
    assert_eq!(env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin dev")).code, 2);
    let pass = env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main"));
    assert_eq!((pass.code, pass.stderr.as_str()), (0, ""), "{pass:?}");
    // Once only.
    let after = env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main"));
    assert_eq!(after.code, 2);
    assert_ne!(code_of(&after), code);

    let log = env.run(["log", "--json"]);
    let entries: Vec<Value> = serde_json::from_str(&log.stdout).unwrap();
    assert!(
        entries.iter().any(|e| e["verdict"] == "allow" && e["rule"] == "gitvow approve" && e["approval"] == json!(code)),
        "{}",
        log.stdout
    );
}

#[test]
fn an_approval_for_the_session_and_a_no() {
    let env = Sandbox::with_repo();
    let mut term = env.person_terminal();
    let code = code_of(&env.hook("gemini", "BeforeTool", codex(&env, "s1", "kubectl apply -f deploy.yaml")));
    term.run(&["approve", &code, "--session"], "yes\n");
    for _ in 0..3 {
        assert_eq!(env.hook("gemini", "BeforeTool", codex(&env, "s1", "kubectl apply -f deploy.yaml")).code, 0);
    }
    assert_eq!(env.hook("gemini", "BeforeTool", codex(&env, "s9", "kubectl apply -f deploy.yaml")).code, 2);

    let code = code_of(&env.hook("gemini", "BeforeTool", codex(&env, "s1", "npm publish")));
    let out = term.run(&["approve", &code, "--deny"], "");
    assert!(out.stdout.contains("declined"), "{out:?}");
    let out = env.hook("gemini", "BeforeTool", codex(&env, "s1", "npm publish"));
    assert_eq!(out.code, 2);
    assert!(out.stderr.starts_with(&format!("BLOCKED by gitvow: the person declined this call (gitvow approve --deny {code})")), "{out:?}");
    // Saying anything but yes approves nothing.
    let code = code_of(&env.hook("gemini", "BeforeTool", codex(&env, "s1", "cargo publish")));
    let out = term.run(&["approve", &code], "ok\n");
    assert!(out.stdout.contains("not approved"), "{out:?}");
    assert_eq!(env.hook("gemini", "BeforeTool", codex(&env, "s1", "cargo publish")).code, 2);
}

#[test]
fn an_approved_edit_passes_only_with_the_same_change() {
    let env = Sandbox::with_repo();
    let mut term = env.person_terminal();
    let edit = |new: &str| {
        claude_payload(env.repo(), "Edit", json!({"file_path": ".gitvow/policy.json", "old_string": "{}", "new_string": new})).to_string()
    };
    let out = env.hook("factory", "PreToolUse", edit("{\"bash_deny\": []}"));
    let code = code_of(&out);
    let shown = term.run(&["approve", &code], "y\n");
    assert!(
        shown.stdout.contains("edits: .gitvow/policy.json") && shown.stdout.contains("+{\"bash_deny\": []}"),
        "the diff is shown: {shown:?}"
    );
    assert_eq!(env.hook("factory", "PreToolUse", edit("{\"mcp_allow\": [\".*\"]}")).code, 2, "another change of the same file");
    assert_eq!(env.hook("factory", "PreToolUse", edit("{\"bash_deny\": []}")).code, 0);
}

#[test]
fn codes_expire_and_an_old_yes_no_longer_counts() {
    let env = Sandbox::with_repo();
    let mut term = env.person_terminal();
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")));
    let file = approval_file(&env, &code);
    let age = |field: &str, secs: u64| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
        reseal(&env, &file, |v| v[field] = json!(now - secs));
    };
    term.run(&["approve", &code], "y\n");
    age("answered", 11 * 60);
    assert_eq!(env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")).code, 2, "a yes is good for 10 minutes");

    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin dev")));
    let file = approval_file(&env, &code);
    reseal(&env, &file, |v| v["created"] = json!(0));
    let out = term.run(&["approve", &code], "y\n");
    assert!(out.stdout.contains(&format!("no call is waiting under the code `{code}`")), "{out:?}");
    assert!(!file.exists(), "expired codes are removed");
    // A foreign or corrupt file is never taken for an approval.
    std::fs::write(env.home().join(".gitvow/approvals/zzzzzz.json"), "{\"state\": \"approved\"}").unwrap();
    assert_eq!(env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin dev")).code, 2);
}

#[test]
fn gitvow_approve_refuses_an_agent() {
    let env = Sandbox::with_repo();
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")));
    let out = env.run(["approve", &code]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.starts_with("gitvow: `gitvow approve` needs a person at a terminal"), "{out:?}");
    let out = env.gitvow().args(["approve", &code]).env("GEMINI_CLI", "1").stdin("y\n").run();
    assert!(out.stderr.contains("refuses to run from an agent's tool call: the environment says it runs under gemini"), "{out:?}");
    for agent in ["codex", "opencode", "copilot"] {
        let launcher = env.script(format!("~/agents/{agent}"), "\"$@\"\nexit $?");
        let out = env.gitvow().args(["approve", &code]).launched_by(&launcher).stdin("y\n").run();
        assert!(out.stdout.contains(&format!("refuses to run from an agent's tool call: it runs under {agent}")), "{agent}: {out:?}");
    }
    assert_eq!(env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")).code, 2, "nothing was approved");
    // The gate asks before an agent runs it or writes its state.
    for command in [format!("gitvow approve {code}"), format!("echo '{{}}' > ~/.gitvow/approvals/{code}.json")] {
        let out = env.hook("codex", "PreToolUse", codex(&env, "s1", &command));
        assert_eq!(out.code, 2, "{command}: {out:?}");
    }
}

#[test]
fn agents_that_ask_natively_show_the_person_a_question_and_the_model_its_message() {
    let env = Sandbox::with_repo();
    let claude = set(bash(env.repo(), "git push origin main"), "permission_mode", json!("default")).to_string();
    let out = env.hook("claude", "PreToolUse", claude);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    let q = v["hookSpecificOutput"]["permissionDecisionReason"].as_str().unwrap();
    assert_eq!(
        q,
        "gitvow asks before the agent goes on: run `git push origin main`. Why: push publishes commits to a remote (rule bash_confirm[0], built-in default policy). Allow it?"
    );
    let cursor =
        json!({"conversation_id": "c1", "command": "git push origin main", "cwd": env.repo(), "hook_event_name": "beforeShellExecution"});
    let out = env.hook("cursor", "beforeShellExecution", cursor.to_string());
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["permission"], "ask");
    assert!(v["user_message"].as_str().unwrap().starts_with("gitvow asks before the agent goes on: run `git push origin main`"), "{v}");
    assert!(v["agent_message"].as_str().unwrap().starts_with("CONFIRMATION REQUIRED by gitvow"), "{v}");
    let copilot = json!({"sessionId": "p1", "cwd": env.repo(), "toolName": "bash", "toolArgs": {"command": "git push origin main"}});
    let out = env.hook("copilot", "preToolUse", copilot.to_string());
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["permissionDecision"], "ask");
    assert!(v["permissionDecisionReason"].as_str().unwrap().contains("Why: push publishes commits to a remote"), "{v}");
    assert!(!env.home().join(".gitvow/approvals").exists(), "native questions need no code");
    // Claude outside its prompting modes cannot ask: a code.
    let out = env.hook("claude", "PreToolUse", bash(env.repo(), "git push origin main").to_string());
    assert!(out.stderr.contains("`gitvow approve "), "{out:?}");
}

#[test]
fn an_exception_skips_confirm_rules_never_deny_rules() {
    let env = Sandbox::with_repo();
    env.write(
        "~/.gitvow/policy.json",
        r#"{"bash_deny": [{"pattern": "^git\\s+push\\s.*--force", "reason": "force push"}],
            "bash_confirm": [{"pattern": "^git\\s+push", "reason": "push"}],
            "path_confirm": [{"pattern": "^docs/", "reason": "docs"}],
            "bash_allow": [{"pattern": "^git push origin feature/", "reason": "feature branches are fine"}],
            "path_allow": [{"pattern": "^docs/notes\\.md$", "reason": "scratch notes"}]}"#,
    );
    let check = |args: &[&str]| env.run(args);
    let out = check(&["check", "--", "git push origin feature/x"]);
    assert_eq!(out.code, 0);
    out.stdout_has("exception: bash_allow[0] (feature branches are fine) in ~/.gitvow/policy.json (user)");
    assert_eq!(check(&["check", "--", "git push origin main"]).code, 3);
    assert_eq!(check(&["check", "--", "git push origin feature/x --force"]).code, 2);
    assert_eq!(
        check(&["check", "--", "git push origin feature/x && git push origin main"]).code,
        3,
        "each command needs its own exception"
    );
    assert_eq!(check(&["check", "--path", "docs/notes.md"]).code, 0);
    assert_eq!(check(&["check", "--path", "docs/api.md"]).code, 3);
}

#[test]
fn gitvow_log_shows_decisions_newest_last_with_filters_and_waiting_codes() {
    let env = Sandbox::with_repo();
    env.hook("codex", "PreToolUse", codex(&env, "s1", "ls"));
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")));
    env.hook("gemini", "BeforeTool", codex(&env, "s1", "rm -rf /"));
    env.hook("codex", "PreToolUse", set(bash(env.repo(), "ls"), "session_id", json!("gitvow-doctor-probe")).to_string());
    let out = env.run(["log"]);
    let lines: Vec<&str> = out.stdout.lines().skip(1).collect();
    assert!(out.stdout.starts_with("time (UTC) "), "a header first: {}", out.stdout);
    assert_eq!(lines.len(), 3, "{}", out.stdout);
    assert!(lines[0].contains(" codex ") && lines[0].contains(" allow "), "{}", out.stdout);
    assert!(
        lines[1].contains(" confirm ")
            && lines[1].contains("bash_confirm[0]")
            && lines[1].ends_with(&format!("waiting: gitvow approve {code}")),
        "{}",
        out.stdout
    );
    assert!(lines[2].contains(" gemini ") && lines[2].contains(" deny ") && lines[2].contains("bash_deny[0]"), "{}", out.stdout);
    assert!(!out.stdout.contains("git push") && !out.stdout.contains("rm -rf"), "no command text: {}", out.stdout);
    let only = env.run(["log", "--verdict", "deny", "--agent", "gemini"]);
    assert_eq!(only.stdout.lines().count(), 2, "the header and one line: {}", only.stdout);
    let probes = env.run(["log", "--probes", "--json"]);
    let entries: Vec<Value> = serde_json::from_str(&probes.stdout).unwrap();
    assert_eq!(entries.len(), 4);
    assert_eq!(entries[3]["probe"], true);
    assert_eq!(entries[1]["waiting"], true);
    assert_eq!(entries[1]["repo"], json!(env.repo().to_str().unwrap()));
    assert_eq!(env.run(["log", "--since", "1h"]).stdout.lines().count(), 4);
    let bad = env.run(["log", "--since", "soon"]);
    assert!(bad.stderr.contains("--since `soon` is not a duration"), "{bad:?}");
    // Outside any repository: the user's log.
    let elsewhere = env.home().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    env.hook("codex", "PreToolUse", bash(&elsewhere, "terraform destroy").to_string());
    let user = env.run(["log", "--user"]);
    assert_eq!(user.stdout.lines().count(), 2, "{}", user.stdout);
    user.stdout_has(" deny ");
}

/// The state of the approval file of `code`.
fn state_of(env: &Sandbox, code: &str) -> Value {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(approval_file(env, code)).unwrap()).unwrap();
    v["state"].clone()
}

#[test]
fn an_approval_file_changed_by_anything_but_gitvow_is_ignored_and_reported() {
    let env = Sandbox::with_repo();
    let mut term = env.person_terminal();
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")));
    let file = approval_file(&env, &code);
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(v["mac"].as_str().is_some_and(|m| m.len() == 64), "{v}");
    v["state"] = json!("approved");
    v["scope"] = json!("session");
    v["answered"] = v["created"].clone();
    std::fs::write(&file, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    for _ in 0..2 {
        assert_eq!(
            env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")).code,
            2,
            "the forged yes let the call through"
        );
    }
    // A record from before records were sealed approves nothing either.
    v.as_object_mut().unwrap().remove("mac");
    v["code"] = json!("abc234");
    std::fs::write(approval_file(&env, "abc234"), serde_json::to_string_pretty(&v).unwrap()).unwrap();
    assert_eq!(env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")).code, 2);

    let out = term.run(&["approve"], "");
    assert!(
        out.stdout.contains(&format!("ignored ~/.gitvow/approvals/{code}.json: it was written or changed by something other than gitvow")),
        "{out:?}"
    );
    assert!(
        out.stdout.contains("ignored ~/.gitvow/approvals/abc234.json: it was written before approvals were sealed: not approved"),
        "{out:?}"
    );
    assert!(file.exists(), "the file is left where it is");
}

#[test]
fn a_waiting_call_is_shown_with_its_control_and_bidi_characters_escaped() {
    let env = Sandbox::with_repo();
    let mut term = env.person_terminal();
    let command = "git push origin main # \u{1b}[2K\rgit status \u{202e}";
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", command)));
    let out = term.run(&["approve", &code], "n\n");
    let shown = &out.stdout[out.stdout.find("runs:").unwrap_or_else(|| panic!("{out:?}"))..];
    assert!(shown.contains("git push origin main # \\x1b[2K\\x0dgit status \\u202e"), "{out:?}");
    assert!(!shown.contains('\u{1b}') && !shown.contains('\u{202e}'), "shown raw: {out:?}");
    let listed = term.run(&["approve"], "");
    assert!(listed.stdout.contains("\\x1b[2K") && !listed.stdout[listed.stdout.find(&code).unwrap()..].contains('\u{1b}'), "{listed:?}");
}

#[test]
fn approve_help_names_every_agent_that_cannot_ask_natively() {
    let env = Sandbox::new();
    let help = env.run(["approve", "--help"]).ok();
    for agent in ["codex", "gemini", "factory", "opencode", "qwen", "cline", "kilo", "auggie"] {
        assert!(help.stdout.contains(agent), "{agent} missing: {}", help.stdout);
    }
    for asks in ["cursor", "copilot"] {
        assert!(!help.stdout.contains(asks), "{asks} asks natively: {}", help.stdout);
    }
}

/// A machine under `root` whose `sudo` is `body` (set-user-ID root, as the real one; `setuid`
/// false: an ordinary file anyone might have put there) and which has no pkcheck.
fn machine_with_sudo(root: &std::path::Path, body: Option<(&str, bool)>) {
    use std::os::unix::fs::PermissionsExt;
    let bin = root.join("usr/bin");
    std::fs::create_dir_all(&bin).unwrap();
    let _ = std::fs::remove_file(bin.join("sudo"));
    if let Some((body, setuid)) = body {
        std::fs::write(bin.join("sudo"), format!("#!/bin/sh\necho \"$@\" >> {}/sudo-calls\n{body}\n", root.display())).unwrap();
        std::fs::set_permissions(bin.join("sudo"), std::fs::Permissions::from_mode(if setuid { 0o4755 } else { 0o755 })).unwrap();
    }
}

#[test]
fn a_policy_that_asks_for_os_authentication_makes_approve_and_trust_refuse_without_it() {
    // Which sudo counts is decided by its owner: a set-user-ID file of root's only a root test can make.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: needs root to make a set-user-ID root sudo for the test machine");
        return;
    }
    let system = tempfile::tempdir().unwrap();
    let env = Sandbox::with_repo().env("GITVOW_SYSTEM_ROOT", system.path());
    env.write(
        "~/.gitvow/policy.json",
        json!({"bash_confirm": [{"pattern": "^git push", "reason": "a push"}], "approve_with": "os_authentication"}).to_string(),
    );
    let mut term = env.person_terminal();
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")));
    let approved = || env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")).code == 0;

    // No way to ask the machine (no sudo, no pkcheck): refused, and said so.
    machine_with_sudo(system.path(), None);
    let shown = term.run(&["approve", &code], "y\n");
    assert_eq!(shown.code, 1, "{shown:?}");
    assert!(shown.stdout.contains("your policy asks for your operating system's authentication (approve_with), and this machine has neither sudo nor polkit's pkcheck to ask"), "{shown:?}");
    // A sudo that is not the system's (not set-user-ID root) is not asked.
    machine_with_sudo(system.path(), Some(("exit 0", false)));
    assert!(term.run(&["approve", &code], "y\n").stdout.contains("has neither sudo nor"));
    assert!(!system.path().join("sudo-calls").exists());
    // The person fails to authenticate: refused, nothing recorded, and the line to run again works.
    machine_with_sudo(system.path(), Some(("exit 1", true)));
    let shown = term.run(&["approve", &code], "y\n");
    assert_eq!(shown.code, 1, "{shown:?}");
    let sudo = system.path().join("usr/bin/sudo");
    assert!(shown.stdout.contains(&format!("{} did not authenticate you (exited 1)", sudo.display())), "{shown:?}");
    assert!(shown.stdout.contains(&format!("hint: run `gitvow approve {code}` again and authenticate; nothing was recorded")), "{shown:?}");
    assert!(!approved());
    // Cached credentials never count (-k), and none are left behind for the agent's sudo.
    let calls = std::fs::read_to_string(system.path().join("sudo-calls")).unwrap();
    assert_eq!(calls.lines().collect::<Vec<_>>(), ["-k -v -p gitvow approve: your password, to prove it is you (sudo): ", "-k"], "{calls}");
    // Authenticated: approved.
    machine_with_sudo(system.path(), Some(("exit 0", true)));
    let shown = term.run(&["approve", &code], "y\n");
    assert!(shown.stdout.contains("approved: "), "{shown:?}");
    assert!(approved());

    // `gitvow trust` alike.
    machine_with_sudo(system.path(), Some(("exit 1", true)));
    env.write(".gitvow/policy.json", json!({"providers": [{"name": "p", "command": "/bin/true"}]}).to_string());
    std::thread::sleep(std::time::Duration::from_millis(50));
    let repo = env.repo().to_str().unwrap();
    let shown = term.run(&["trust", repo], "y\n");
    assert_eq!(shown.code, 1, "{shown:?}");
    assert!(shown.stdout.contains(&format!("hint: run `gitvow trust {repo}` again and authenticate")), "{shown:?}");
    assert!(!env.home().join(".gitvow/trust.json").exists());
    machine_with_sudo(system.path(), Some(("exit 0", true)));
    assert!(term.run(&["trust", repo], "y\n").stdout.contains("trusted: "));
}

#[test]
fn only_the_persons_own_policy_may_say_how_approvals_are_given() {
    let env = Sandbox::with_repo();
    env.write(".gitvow/policy.json", "{\n  \"approve_with\": \"terminal\"\n}\n");
    let out = env.run(["check", "--", "ls"]).status(1);
    out.stderr_has(".gitvow/policy.json:2:19: `approve_with` belongs in your own policy (~/.gitvow/policy.json), not a repository's");
    env.run(["policy"]).status(1);
    std::fs::remove_file(env.repo().join(".gitvow/policy.json")).unwrap();
    env.write("~/.gitvow/policy.json", "{\"approve_with\": \"os_authentcation\"}");
    env.run(["policy", "check"]).status(1).stderr_has("`approve_with` is `os_authentcation` (did you mean `os_authentication`?)");
    env.write("~/.gitvow/policy.json", "{\"approve_with\": \"os_authentication\"}");
    env.run(["policy", "check"]).ok();
}

/// A call's approval is found by what it is, without reading the other files (neither thousands of
/// files gitvow did not write nor another call's expired one is touched); a retry keeps its code,
/// and a pointer an agent writes to another call's yes does not make this call approved.
#[test]
fn a_calls_approval_is_found_without_reading_the_other_files() {
    let env = Sandbox::with_repo();
    let dir = env.home().join(".gitvow/approvals");
    std::fs::create_dir_all(&dir).unwrap();
    for k in 0..3000 {
        std::fs::write(dir.join(format!("junk{k}.json")), "{}").unwrap();
    }
    let old = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s0", "npm publish")));
    reseal(&env, &approval_file(&env, &old), |v| v["created"] = json!(v["created"].as_u64().unwrap() - 2 * 60 * 60));
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")));
    assert!(approval_file(&env, &old).exists(), "another call's expired file was read");
    assert_eq!(code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main"))), code);
    // Another call approved; every pointer made to name its code.
    let yes = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin dev")));
    reseal(&env, &approval_file(&env, &yes), |v| {
        v["state"] = json!("approved");
        v["answered"] = v["created"].clone();
    });
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        if entry.path().extension().is_some_and(|e| e == "key") {
            std::fs::write(entry.path(), &yes).unwrap();
        }
    }
    let out = env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main"));
    assert_eq!(out.code, 2, "{out:?}");
    assert!(approval_file(&env, &yes).exists());
}
