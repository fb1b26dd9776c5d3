//! Policy layers and trust: a repository's policy only adds to the person's, its programs run only
//! once trusted, the policy file is strict, and a policy path that is not a regular file fails
//! closed at once.

use crate::support::person_terminal::PersonTerminal;
use crate::support::{Output, Sandbox, bash, claude_payload, mkfifo};
use serde_json::{Value, json};
use std::path::Path;

/// What the table-driven test asks: a command, a path or an MCP tool.
enum Subject {
    Cmd(&'static str),
    Path(&'static str),
    Mcp(&'static str),
}
use Subject::*;

const SUBJECTS: &[Subject] = &[
    Cmd("ls -la"),
    Cmd("cargo test"),
    Cmd("git status"),
    Cmd("git push --force"),
    Cmd("git push -f origin main"),
    Cmd("git push origin main"),
    Cmd("rm -rf /"),
    Cmd("rm -rf ~"),
    Cmd("rm -rf target"),
    Cmd("sudo rm -rf /usr"),
    Cmd("terraform destroy"),
    Cmd("terraform apply"),
    Cmd("kubectl delete ns prod"),
    Cmd("kubectl apply -f x.yaml"),
    Cmd("helm upgrade web chart"),
    Cmd("npm publish"),
    Cmd("cargo publish"),
    Cmd("gh repo delete x/y"),
    Cmd("dd if=/dev/zero of=/dev/sda"),
    Cmd("mkfs.ext4 /dev/sdb1"),
    Cmd("psql -c 'DROP DATABASE prod'"),
    Cmd("make && git push --force"),
    Cmd("bash -c 'git push --force'"),
    Cmd("gitvow uninstall --user --yes"),
    Cmd("echo hello > out.txt"),
    Cmd("python3 -m pytest"),
    Cmd("docker build -t app ."),
    Cmd("git commit -m 'wip'"),
    Path("src/main.rs"),
    Path("README.md"),
    Path(".claude/settings.json"),
    Path("~/.claude/settings.json"),
    Path(".gitvow/policy.json"),
    Path("~/.gitvow/policy.json"),
    Path(".github/workflows/ci.yml"),
    Path("src/auth/login.rs"),
    Path("CODEOWNERS"),
    Path(".codex/config.toml"),
    Mcp("mcp__github__create_issue"),
    Mcp("mcp__db__drop_table"),
    Mcp("mcp__fs__read_file"),
    Mcp("mcp__x__delete_everything"),
];

/// Repository policies that try to weaken the gate.
const WEAKENING: &[(&str, &str)] = &[
    ("empty", "{}"),
    ("emptied lists", r#"{"bash_deny": [], "bash_confirm": [], "path_confirm": [], "mcp_allow": [], "mcp_deny": []}"#),
    (
        "observe everywhere",
        r#"{"bash_deny": [{"pattern": ".*", "reason": "fine", "when": "observe"}], "bash_confirm": [{"pattern": ".*", "reason": "fine", "when": "observe"}], "path_confirm": [{"pattern": ".*", "reason": "fine", "when": "observe"}]}"#,
    ),
    ("permissive mcp_allow", r#"{"mcp_allow": [".*"]}"#),
    (
        "exceptions for everything",
        r#"{"bash_allow": [{"pattern": ".*", "reason": "all fine"}], "path_allow": [{"pattern": ".*", "reason": "all fine"}]}"#,
    ),
    ("reference keys", r#"{"decisions": {"mode": "open"}, "_doc": "nothing to see", "llm_classifier": {"enabled": false, "command": ""}}"#),
];

/// The person's own policies the table runs on: the built-in default, and one of their own with an
/// MCP allow list.
const BASES: &[Option<&str>] = &[
    None,
    Some(
        r#"{"bash_deny": [{"pattern": "^rm\\s", "reason": "no rm"}], "bash_confirm": [{"pattern": "^git\\s+push", "reason": "push"}], "path_confirm": [{"pattern": "^src/", "reason": "source"}], "mcp_allow": ["mcp__fs__.*"], "mcp_deny": ["mcp__db__.*"]}"#,
    ),
];

fn rank(verdict: &str) -> u8 {
    match verdict {
        "allow" => 0,
        "confirm" => 1,
        "deny" => 2,
        other => panic!("unexpected verdict {other}"),
    }
}

/// `gitvow check` on `subject`, run in `dir`: the verdict word and the whole output.
fn check(env: &Sandbox, dir: &Path, subject: &Subject) -> (String, Output) {
    check_with(env.gitvow().current_dir(dir), subject)
}

/// `gitvow check` on `subject` as `cmd` runs gitvow.
fn check_with(cmd: crate::support::Cmd, subject: &Subject) -> (String, Output) {
    let cmd = cmd.arg("check");
    let out = match subject {
        Cmd(c) => cmd.args(["--", c]),
        Path(p) => cmd.args(["--path", p]),
        Mcp(m) => cmd.args(["--mcp", m]),
    }
    .run();
    let verdict = out.stdout.lines().next().and_then(|l| l.strip_prefix("verdict: ")).unwrap_or_else(|| panic!("{out:?}")).to_string();
    (verdict, out)
}

#[test]
fn no_repository_policy_makes_any_call_less_restricted_than_the_base_alone() {
    let env = Sandbox::with_repo();
    let inner = env.repo().join("vendor/inner");
    env.git_repo(&inner);
    let mut compared = 0;
    for base in BASES {
        match base {
            Some(text) => {
                env.write("~/.gitvow/policy.json", text);
            }
            None => {
                let _ = std::fs::remove_file(env.home().join(".gitvow/policy.json"));
            }
        }
        let _ = std::fs::remove_file(env.repo().join(".gitvow/policy.json"));
        let alone: Vec<String> = SUBJECTS.iter().map(|s| check(&env, env.repo(), s).0).collect();
        assert!(alone.iter().any(|v| v == "deny") && alone.iter().any(|v| v == "allow"), "the table must cover both ends: {alone:?}");
        for (name, policy) in WEAKENING {
            // The call's own repository, and a repository nested inside another one that holds it.
            for (dir, file) in [(env.repo(), env.repo().join(".gitvow/policy.json")), (&inner, inner.join(".gitvow/policy.json"))] {
                std::fs::create_dir_all(file.parent().unwrap()).unwrap();
                std::fs::write(&file, policy).unwrap();
                for (subject, before) in SUBJECTS.iter().zip(&alone) {
                    let (after, out) = check(&env, dir, subject);
                    assert!(
                        rank(&after) >= rank(before),
                        "repository policy `{name}` in {} weakened {before} to {after}: {}",
                        dir.display(),
                        out.stdout
                    );
                    compared += 1;
                }
                std::fs::remove_file(&file).unwrap();
            }
        }
    }
    assert!(compared >= 40 * WEAKENING.len() * 2 * BASES.len());
}

/// The same table one layer down: the system policy (`/etc/gitvow/policy.json`, in a mount
/// namespace) is the base, and neither a user policy nor a repository policy on top of it makes
/// any call less restricted than the system policy alone.
#[test]
fn no_user_or_repository_policy_makes_any_call_less_restricted_than_the_system_policy_alone() {
    let env = Sandbox::with_repo();
    let Some(ns) = crate::managed::SystemOverlay::new(&env) else { return };
    let run = |subject: &Subject| check_with(ns.cmd(&env, "gitvow").current_dir(env.repo()), subject);
    let user = env.home().join(".gitvow/policy.json");
    let repo = env.repo().join(".gitvow/policy.json");
    let mut compared = 0;
    for base in BASES {
        ns.write_etc("gitvow/policy.json", base.unwrap_or(include_str!("../../../templates/policy.json")));
        let _ = std::fs::remove_file(&user);
        let _ = std::fs::remove_file(&repo);
        let alone: Vec<String> = SUBJECTS.iter().map(|s| run(s).0).collect();
        assert!(alone.iter().any(|v| v == "deny") && alone.iter().any(|v| v == "allow"), "the table must cover both ends: {alone:?}");
        let (_, shown) = run(&SUBJECTS[3]);
        assert!(shown.stdout.contains("/etc/gitvow/policy.json"), "the system layer is named: {}", shown.stdout);
        for (name, policy) in WEAKENING {
            for files in [&[&user][..], &[&user, &repo][..]] {
                for file in files {
                    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
                    std::fs::write(file, policy).unwrap();
                }
                for (subject, before) in SUBJECTS.iter().zip(&alone) {
                    let (after, out) = run(subject);
                    assert!(rank(&after) >= rank(before), "`{name}` in {files:?} weakened {before} to {after}: {}", out.stdout);
                    compared += 1;
                }
                for file in files {
                    std::fs::remove_file(file).unwrap();
                }
            }
        }
    }
    ns.remove_etc("gitvow/policy.json");
    assert!(compared >= 40 * WEAKENING.len() * 2 * BASES.len());
}

#[test]
fn a_repository_rule_adds_and_names_its_layer_and_an_enclosing_repository_counts_too() {
    let env = Sandbox::with_repo();
    env.write(".gitvow/policy.json", r#"{"bash_deny": [{"pattern": "^make\\b", "reason": "no make here"}]}"#);
    let inner = env.repo().join("sub/inner");
    env.git_repo(&inner);
    let (verdict, out) = check(&env, &inner, &Cmd("make all"));
    assert_eq!(verdict, "deny", "{}", out.stdout);
    let file = env.repo().join(".gitvow/policy.json");
    out.stdout_has(&format!("decided: {} (repository)\n", file.display()));
    out.stdout_has("policy:  built-in default policy\n");
    let hook = env.hook("codex", "PreToolUse", bash(&inner, "make all").to_string());
    assert_eq!(hook.code, 2);
    assert!(
        hook.stderr.starts_with(&format!("BLOCKED by gitvow: no make here [rule bash_deny[0]; policy: {} (repository)]", file.display())),
        "{hook:?}"
    );
}

/// A provider that leaves a marker file each time it runs and answers `no`.
fn marking_provider(env: &Sandbox, marker: &Path) -> String {
    env.script("~/bin/provider", &format!("cat >/dev/null\necho ran >> {}\necho '{{\"answer\": \"no\"}}'", marker.display()))
        .display()
        .to_string()
}

fn edit(env: &Sandbox, path: &str) -> String {
    claude_payload(env.repo(), "Edit", json!({"file_path": path, "old_string": "a", "new_string": "b"})).to_string()
}

fn trust_in_terminal(term: &mut PersonTerminal, answer: &str) -> Output {
    term.run(&["trust"], answer)
}

#[test]
fn a_repository_provider_never_runs_before_trust_and_runs_after_until_the_file_changes() {
    let env = Sandbox::with_repo();
    let mut term = env.person_terminal();
    let marker = env.home().join("provider-ran");
    let provider = marking_provider(&env, &marker);
    let policy = env.write(".gitvow/policy.json", json!({"providers": [{"name": "topology", "command": provider}]}).to_string());

    let out = env.hook("codex", "PreToolUse", edit(&env, "src/lib.rs"));
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr.starts_with("CONFIRMATION REQUIRED by gitvow: the repository policy names programs that are not trusted"),
        "{out:?}"
    );
    assert!(out.stderr.contains(&format!("`gitvow trust {}`", env.repo().display())), "{out:?}");
    let (verdict, _) = check(&env, env.repo(), &Path("src/lib.rs"));
    assert_eq!(verdict, "confirm");
    let ask = env.run(["ask", "gate_bearing", "src/lib.rs"]);
    assert!(ask.stdout.contains("not trusted, its providers did not run") && ask.stdout.contains("decision: confirm"), "{ask:?}");
    assert!(!marker.exists(), "the untrusted provider ran");
    // A command touches no file: no provider would be asked, so nothing asks for trust either.
    assert_eq!(env.hook("codex", "PreToolUse", bash(env.repo(), "ls").to_string()).code, 0);

    let out = trust_in_terminal(&mut term, "n\n");
    assert!(out.stdout.contains("provider `topology`") && out.stdout.contains("not trusted; nothing recorded"), "{out:?}");
    assert!(!env.home().join(".gitvow/trust.json").exists());
    let out = trust_in_terminal(&mut term, "yes\n");
    assert!(out.stdout.contains("trusted: "), "{out:?}");
    let record = env.home().join(".gitvow/trust.json");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(&record).unwrap().permissions().mode() & 0o777, 0o600);

    let out = env.hook("codex", "PreToolUse", edit(&env, "src/lib.rs"));
    assert_eq!((out.code, out.stderr.as_str()), (0, ""), "the trusted provider answered no");
    assert!(marker.exists(), "the trusted provider did not run");
    let listed = env.run(["trust", "--list"]);
    assert!(listed.stdout.contains(&format!("{}  trusted", policy.display())), "{listed:?}");

    // Any change to the file takes the trust away.
    std::fs::remove_file(&marker).unwrap();
    std::fs::write(&policy, json!({"providers": [{"name": "topology", "command": provider, "timeout": 5}]}).to_string()).unwrap();
    let out = env.hook("codex", "PreToolUse", edit(&env, "src/lib.rs"));
    assert!(out.stderr.contains("not trusted"), "{out:?}");
    assert!(!marker.exists());
    let listed = env.run(["trust", "--list"]);
    assert!(listed.stdout.contains("changed since trusted: untrusted"), "{listed:?}");

    // Trusted again, then revoked.
    trust_in_terminal(&mut term, "y\n");
    assert_eq!(env.hook("codex", "PreToolUse", edit(&env, "src/lib.rs")).code, 0);
    let out = env.run(["trust", "--revoke"]);
    assert!(out.stdout.starts_with("revoked: "), "{out:?}");
    assert_eq!(env.hook("codex", "PreToolUse", edit(&env, "src/lib.rs")).code, 2);
}

#[test]
fn an_untrusted_repository_classifier_does_not_run_and_its_exceptions_do_not_apply() {
    let env = Sandbox::with_repo();
    let mut term = env.person_terminal();
    let marker = env.home().join("classifier-ran");
    let classifier = env.script("~/bin/classify", &format!("cat >/dev/null\necho ran > {}\necho ALLOW", marker.display()));
    env.write(
        ".gitvow/policy.json",
        json!({
            "llm_classifier": {"enabled": true, "command": classifier.display().to_string()},
            "bash_allow": [{"pattern": "^git push", "reason": "pushing is fine here"}],
        })
        .to_string(),
    );
    let out = env.hook("gemini", "BeforeTool", bash(env.repo(), "cargo build").to_string());
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("so its llm_classifier did not run"), "{out:?}");
    assert!(!marker.exists());
    let (verdict, out) = check(&env, env.repo(), &Cmd("git push origin main"));
    assert_eq!(verdict, "confirm", "{}", out.stdout);
    assert!(!out.stdout.contains("exception:"), "{}", out.stdout);

    trust_in_terminal(&mut term, "y\n");
    assert_eq!(env.hook("gemini", "BeforeTool", bash(env.repo(), "cargo build").to_string()).code, 0);
    assert!(marker.exists());
    let (verdict, out) = check(&env, env.repo(), &Cmd("git push origin main"));
    assert_eq!(verdict, "allow", "{}", out.stdout);
    out.stdout_has("exception: bash_allow[0] (pushing is fine here)");
    // An exception never skips a deny rule.
    assert_eq!(check(&env, env.repo(), &Cmd("git push --force")).0, "deny");
}

#[test]
fn gitvow_trust_refuses_without_a_terminal_under_an_agent_and_with_an_agents_marker() {
    let env = Sandbox::with_repo();
    env.write(".gitvow/policy.json", r#"{"providers": [{"name": "p", "command": "/bin/true"}]}"#);
    let out = env.run(["trust"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.starts_with("gitvow: `gitvow trust` needs a person at a terminal"), "{out:?}");

    let out = env.gitvow().arg("trust").env("CLAUDECODE", "1").stdin("y\n").run();
    assert!(
        out.stderr
            .starts_with("gitvow: `gitvow trust` refuses to run from an agent's tool call: the environment says it runs under claude"),
        "{out:?}"
    );

    // A parent process named like an agent: even with a terminal, no trust.
    for agent in ["claude", "codex", "droid"] {
        let launcher = env.script(format!("~/agents/{agent}"), "\"$@\"\nexit $?");
        let out = env.gitvow().arg("trust").launched_by(&launcher).stdin("y\n").run();
        assert!(out.stdout.contains("refuses to run from an agent's tool call"), "{agent}: {out:?}");
    }
    // Node running an agent's script.
    let node = env.script("~/lib/node_modules/@google/gemini-cli/dist/node", "\"$@\"\nexit $?");
    let out = env.gitvow().arg("trust").launched_by(&node).stdin("y\n").run();
    assert!(out.stdout.contains("it runs under gemini"), "{out:?}");
    assert!(!env.home().join(".gitvow/trust.json").exists());
}

#[test]
fn a_misspelt_key_fails_closed_with_did_you_mean_and_reference_keys_are_ignored() {
    let env = Sandbox::with_repo();
    let policy = env.write(".gitvow/policy.json", "{\n  \"bash_denny\": [{\"pattern\": \"^ls\", \"reason\": \"x\"}]\n}\n");
    let out = env.hook("codex", "PreToolUse", bash(env.repo(), "ls").to_string());
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .starts_with(&format!("BLOCKED by gitvow: {}:2:3: unknown key `bash_denny` (did you mean `bash_deny`?)", policy.display())),
        "{out:?}"
    );
    std::fs::write(&policy, r#"{"bash_deny": [{"pattern": "^ls", "reasn": "x"}]}"#).unwrap();
    let out = env.run(["policy", "check", ".gitvow/policy.json"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.starts_with(&format!("gitvow: {}:1:35: unknown key `reasn` in bash_deny[0] (did you mean `reason`?)", policy.display())),
        "{out:?}"
    );
    let out = env.run(["policy", "check", ".gitvow/policy.json", "--json"]);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!((out.code, &v["ok"]), (1, &json!(false)));
    std::fs::write(&policy, r#"{"what_is_this": 1}"#).unwrap();
    let out = env.run(["policy", "check"]);
    assert!(out.stderr.contains("unknown key `what_is_this` (known keys: bash_deny,"), "{out:?}");

    std::fs::write(&policy, r#"{"_doc": "x", "_from_default": "y", "decisions": {"mode": "open"}, "intent": {}, "outcomes": [], "sync": {}, "runtime": {}, "about": ["z"], "bash_deny": [{"pattern": "^ls", "reason": "no ls", "_why": "comment"}]}"#).unwrap();
    let out = env.run(["policy", "check"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.starts_with(&format!("ok: {}", policy.display())), "{out:?}");
}

/// A policy in the reference implementation's own form (gitvow for Python): `program`/`verbs`
/// rules, `target` tiers, its other features' keys.
const REFERENCE_POLICY: &str = r#"{
  "_doc": "written in the reference's form",
  "bash_deny": [
    {"pattern": "\\brm\\s+-rf?\\s+(/|~|\\$HOME)(\\s|$)", "reason": "recursive delete of root/home"},
    {"program": "git", "verbs": ["push\\b.*?(?:--force|\\s-f\\b|\\+refs)"], "reason": "force push"},
    {"program": "git", "verbs": ["reset\\s+--hard", "clean\\s+-fd", "branch\\s+-D"], "reason": "destructive git history/worktree operation"},
    {"program": "kubectl", "verbs": ["delete", "drain", "cordon"], "reason": "destructive kubectl"},
    {"program": ["terraform", "pulumi"], "verbs": ["destroy", "apply"], "reason": "infrastructure mutation"}
  ],
  "bash_confirm": [
    {"program": "git", "verbs": ["push"], "target": "branch=(main|master|production|release[^ ]*)$", "reason": "pushing to a protected branch"},
    {"program": "git", "verbs": ["push"], "reason": "pushing to a remote", "when": "observe"},
    {"program": "kubectl", "verbs": ["apply", "scale"], "target": "(?i)prod|live", "reason": "cluster mutation in production"},
    {"program": "kubectl", "verbs": ["apply", "scale"], "reason": "cluster mutation", "when": "observe"}
  ],
  "path_confirm": [
    {"pattern": "(^|/)\\.gitvow/(policy\\.json|hooks/)", "reason": "edits gitvow's own policy", "when": "immediate"},
    {"pattern": "(^|/)(auth|gate|whitelist)[^/]*\\.(java|go|py|ts|js)$", "reason": "edits a gate-bearing file"}
  ],
  "mcp_allow": [],
  "mcp_deny": ["mcp__.*__(delete|remove|destroy|drop)_.*"],
  "decisions": {"mode": "open", "production_branches": ["main"], "_doc": "x"},
  "intent": {"from_prompt": true},
  "llm_classifier": {"enabled": false, "command": "", "_doc": "y"},
  "_from_default": "2eca359d"
}"#;

#[test]
fn the_reference_implementations_policy_loads_denies_a_force_push_and_allows_ls() {
    let env = Sandbox::with_repo();
    env.write("~/.gitvow/policy.json", REFERENCE_POLICY);
    env.tool("git").args(["-C", env.repo().to_str().unwrap(), "checkout", "-q", "-b", "feature"]).run().ok();
    for (command, want) in [
        ("ls", "allow"),
        ("git push --force", "deny"),
        ("git -C 'my dir' push origin -f", "deny"),
        ("git push origin +refs/heads/x", "deny"),
        ("git reset --hard HEAD~1", "deny"),
        ("kubectl --context prod delete pod x", "deny"),
        ("tofu destroy", "allow"),
        ("pulumi destroy", "deny"),
        ("echo git push --force", "allow"),
        // Targets: what the push reaches decides between the tiers.
        ("git push origin main", "confirm"),
        ("git push origin HEAD:release-2", "confirm"),
        ("git push origin feature", "allow"),
        // No branch named: the current one (feature).
        ("git push", "allow"),
        // Every branch at once: its reach cannot be told, so the target tier asks.
        ("git push --all", "confirm"),
        ("kubectl --context live-eu apply -f x.yaml", "confirm"),
        ("kubectl --context dev apply -f x.yaml", "allow"),
    ] {
        let (verdict, out) = check(&env, env.repo(), &Cmd(command));
        assert_eq!(verdict, want, "{command}: {}", out.stdout);
    }
    env.tool("git").args(["-C", env.repo().to_str().unwrap(), "checkout", "-q", "-b", "main"]).run().ok();
    assert_eq!(check(&env, env.repo(), &Cmd("git push")).0, "confirm", "the current branch is main now");
    assert_eq!(check(&env, env.repo(), &Path(".gitvow/policy.json")).0, "confirm");
    assert_eq!(check(&env, env.repo(), &Mcp("mcp__gh__delete_repo")).0, "deny");
}

fn make_hostile(path: &Path, kind: &str) {
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_dir_all(path);
    match kind {
        "a FIFO" => mkfifo(path),
        "a directory" => std::fs::create_dir_all(path).unwrap(),
        "a device" => std::os::unix::fs::symlink("/dev/zero", path).unwrap(),
        "a socket" => {
            let _listener = std::os::unix::net::UnixListener::bind(path).unwrap();
            std::mem::forget(_listener);
        }
        "larger than 1 MiB" => std::fs::write(path, format!("{{\"_doc\": \"{}\"}}", "x".repeat(1 << 20))).unwrap(),
        _ => unreachable!(),
    }
}

#[test]
fn a_policy_that_is_not_a_regular_file_or_too_large_fails_closed_at_once() {
    let env = Sandbox::with_repo();
    for (scope, path) in [("user", env.home().join(".gitvow/policy.json")), ("repository", env.repo().join(".gitvow/policy.json"))] {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        for kind in ["a FIFO", "a directory", "a device", "a socket", "larger than 1 MiB"] {
            make_hostile(&path, kind);
            let words = if kind.starts_with("larger") { format!("is {kind}") } else { format!("is {kind}, not a regular file") };
            // Refused at once, not waited on: a hook stuck opening it would answer only at its own
            // deadline, with "did not answer" instead of what the file is.
            let out = env.hook("claude", "PreToolUse", bash(env.repo(), "ls").to_string());
            assert_eq!(out.code, 2, "{scope} {kind}: {out:?}");
            assert!(out.stderr.contains(&format!("{}: the policy {words}", shown(&env, &path))), "{scope} {kind}: {out:?}");
            for args in [
                &["check", "--", "ls"][..],
                &["ask", "gate_bearing", "src/a.rs"],
                &["policy"],
                &["policy", "check", path.to_str().unwrap()],
            ] {
                let out = env.run(args);
                assert_ne!(out.code, 0, "{scope} {kind} {args:?}: {out:?}");
                assert!(out.stderr.contains("the policy") || out.stdout.contains("the policy"), "{scope} {kind} {args:?}: {out:?}");
            }
            let doctor = env.run(["doctor", "--user", "--agent", "claude", "--json"]);
            if scope == "user" {
                assert!(doctor.stdout.contains(&format!("the policy {words}")), "{kind}: {}", doctor.stdout);
            }
            make_hostile_cleanup(&path);
        }
    }
}

fn make_hostile_cleanup(path: &Path) {
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_dir_all(path);
}

fn shown(env: &Sandbox, path: &Path) -> String {
    match path.strip_prefix(env.home()) {
        Ok(rest) => format!("~/{}", rest.display()),
        Err(_) => path.display().to_string(),
    }
}

#[test]
fn gitvow_policy_shows_each_layer_its_trust_and_its_problems() {
    let env = Sandbox::with_repo();
    env.write("~/.gitvow/policy.json", r#"{"bash_deny": [{"pattern": "^rm", "reason": "x"}]}"#);
    env.write(
        ".gitvow/policy.json",
        r#"{"bash_confirm": [{"pattern": "^make", "reason": "y"}], "providers": [{"name": "p", "command": "/bin/true"}]}"#,
    );
    let out = env.run(["policy"]);
    assert_eq!(out.code, 0, "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[1], "  user       ~/.gitvow/policy.json: bash_deny 1");
    assert!(
        lines[2]
            .starts_with(&format!("  repository {}/.gitvow/policy.json: bash_confirm 1; 1 program(s); NOT trusted", env.repo().display())),
        "{}",
        out.stdout
    );
    let v: Value = serde_json::from_str(&env.run(["policy", "--json"]).stdout).unwrap();
    assert_eq!(v["layers"][1]["trust"], "untrusted");
    assert_eq!(v["layers"][1]["rules"], json!({"bash_confirm": 1}));

    env.write(".gitvow/policy.json", r#"{"bash_confirm": [{"pattern": "^make(", "reason": "y"}]}"#);
    let out = env.run(["policy"]);
    assert_eq!(out.code, 1);
    assert!(out.stdout.contains("PROBLEM") && out.stdout.contains("does not compile"), "{out:?}");
    let doctor = env.run(["doctor", "--agent", "claude", "--json"]);
    assert!(doctor.stdout.contains("^make("), "doctor reports the repository layer's problem: {}", doctor.stdout);
}

#[test]
fn ask_decides_as_check_does_for_the_same_path() {
    let env = Sandbox::with_repo();
    for path in ["src/auth/login.rs", ".github/workflows/ci.yml", "src/main.rs", ".gitvow/policy.json"] {
        let (verdict, _) = check(&env, env.repo(), &Path(path));
        let out = env.run(["ask", "gate_bearing", path, "--json"]);
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(v["decision"], verdict, "{path}: {}", out.stdout);
    }
}

/// A linked worktree is its repository's, whatever commit it was made from: the main worktree's
/// policy applies in one made before that policy existed.
#[test]
fn a_worktree_made_before_the_policy_existed_keeps_the_repositorys_rules() {
    let env = Sandbox::with_repo();
    let git = |args: &[&str]| {
        let out = env.tool("git").args(["-c", "user.name=t", "-c", "user.email=t@t", "-C"]).arg(env.repo()).args(args).run();
        assert_eq!(out.code, 0, "git {args:?}: {out:?}");
    };
    env.write("README.md", "x\n");
    git(&["add", "README.md"]);
    git(&["commit", "-qm", "first"]);
    env.write(".gitvow/policy.json", json!({"bash_deny": [{"pattern": "^make deploy", "reason": "deploys"}]}).to_string());
    git(&["add", ".gitvow/policy.json"]);
    git(&["commit", "-qm", "policy"]);
    let worktree = env.outside("old");
    git(&["worktree", "add", "-q", "--detach", worktree.to_str().unwrap(), "HEAD~1"]);
    assert!(!worktree.join(".gitvow/policy.json").exists());
    let out = env.hook("claude", "PreToolUse", bash(&worktree, "make deploy").to_string());
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("deploys"), "{out:?}");
    // The main worktree's own calls are unchanged, and an ordinary call passes in the worktree.
    assert_eq!(env.hook("claude", "PreToolUse", bash(env.repo(), "make deploy").to_string()).code, 2);
    assert_eq!(env.hook("claude", "PreToolUse", bash(&worktree, "make test").to_string()).code, 0);
}
