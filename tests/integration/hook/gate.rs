//! The gate: policy lookup and order, broken policies, `observe`, and the default policy's verdicts
//! on commands and paths.

use crate::support::{BIN, Sandbox, bash, claude_payload};
use serde_json::json;

/// (command, verdict under the default policy).
const COMMANDS: &[(&str, &str)] = &[
    // Ordinary work.
    ("ls -la", "allow"),
    ("git status && git diff", "allow"),
    ("cargo test --all", "allow"),
    ("npm install", "allow"),
    ("rm -rf target", "allow"),
    ("rm -rf ./build /tmp/x", "allow"),
    ("git log --oneline | head -5", "allow"),
    ("cat ~/.claude/settings.json", "allow"),
    ("grep -r push .", "allow"),
    ("kubectl get pods -n prod", "allow"),
    ("terraform plan", "allow"),
    ("helm list", "allow"),
    ("psql -c 'SELECT * FROM users'", "allow"),
    ("docker build -t x .", "allow"),
    ("echo done > out.txt", "allow"),
    // Mentions are not runs.
    (r#"git commit -m "never git push --force""#, "allow"),
    (
        r#"git commit -m "$(cat <<'EOF'
Don't rm -rf / or git push --force
EOF
)""#,
        "allow",
    ),
    ("echo 'terraform destroy'", "allow"),
    ("grep -n 'git push' README.md", "allow"),
    ("cat <<EOF > notes.md\nrun git push -f later\nEOF", "allow"),
    ("echo gitvow uninstall", "allow"),
    ("printf '%s' 'kubectl delete ns prod'", "allow"),
    // Irreversible.
    ("rm -rf /", "deny"),
    ("rm -rf ~", "deny"),
    ("rm -rf *", "deny"),
    ("rm -fr ~/", "deny"),
    ("rm -r -f /", "deny"),
    ("rm --recursive --force $HOME", "deny"),
    ("/bin/rm -rf /usr", "deny"),
    ("sudo rm -rf /", "deny"),
    ("sudo -u root rm -rf /*", "deny"),
    ("git push --force", "deny"),
    ("git push -f origin main", "deny"),
    ("git push origin +main", "deny"),
    ("git -C repo push --force-with-lease", "deny"),
    ("make && git push origin main --force", "deny"),
    ("bash -c 'git push --force'", "deny"),
    ("sh -c \"cd x && rm -rf ~\"", "deny"),
    ("env GIT_SSH=x git push -f", "deny"),
    ("timeout 10 git push --force", "deny"),
    ("nice -n 5 rm -rf /", "deny"),
    ("echo / | xargs rm -rf /", "deny"),
    ("find / -exec rm -rf / \\;", "deny"),
    ("true; terraform destroy -auto-approve", "deny"),
    ("terraform apply -destroy", "deny"),
    ("dd if=/dev/zero of=/dev/sda bs=1M", "deny"),
    ("cat image.iso > /dev/sdb", "deny"),
    ("mkfs.ext4 /dev/sdb1", "deny"),
    ("result=$(git push --force)", "deny"),
    ("eval 'git push -f'", "deny"),
    ("psql -c 'DROP DATABASE prod'", "deny"),
    // Consequential.
    ("git push", "confirm"),
    ("git push origin main", "confirm"),
    ("cd app && git push -u origin feature", "confirm"),
    ("kubectl apply -f deploy.yaml", "confirm"),
    ("kubectl -n prod delete pod web-1", "confirm"),
    ("helm upgrade web ./chart", "confirm"),
    ("terraform apply", "confirm"),
    ("npm publish", "confirm"),
    ("cargo publish", "confirm"),
    // A dry run changes nothing: the default policy's exception; the real run still confirms.
    ("cargo publish --dry-run", "allow"),
    ("kubectl apply --dry-run=server -f deploy.yaml", "allow"),
    ("kubectl apply --dry-run=none -f deploy.yaml", "confirm"),
    ("npm publish --dry-run && npm publish", "confirm"),
    ("twine upload dist/*", "confirm"),
    ("docker push registry/x:1", "confirm"),
    ("psql -c \"UPDATE users SET admin = true\"", "confirm"),
    ("mysql -e 'delete from orders'", "confirm"),
    ("rails db:migrate", "confirm"),
    ("git reset --hard HEAD~3", "confirm"),
    ("aws ec2 terminate-instances --instance-ids i-1", "confirm"),
    // gitvow's own hooks and policy.
    ("gitvow uninstall --user --yes", "deny"),
    ("sudo gitvow uninstall", "deny"),
    ("echo '{}' > ~/.claude/settings.json", "confirm"),
    ("cat x >> .codex/hooks.json", "confirm"),
    ("rm -rf .gitvow", "confirm"),
    ("sed -i 's/gitvow//' .gemini/settings.json", "confirm"),
    ("cp /dev/null ~/.cursor/hooks.json", "confirm"),
    ("tee .github/hooks/gitvow.json < x", "confirm"),
    ("mv x ~/.factory/hooks.json", "confirm"),
    ("python3 -c 'open(\".claude/settings.local.json\",\"w\")' .claude/settings.local.json", "confirm"),
    ("rm ~/.config/opencode/plugins/gitvow.js", "confirm"),
    // Wrappers whose options or operands must not hide the command they run.
    ("bash -o pipefail -c 'git push -f'", "deny"),
    ("bash -eo pipefail -c 'git push -f'", "deny"),
    ("bash -O extglob -c 'git push -f'", "deny"),
    ("bash +O extglob -c 'git push -f'", "deny"),
    ("bash --rcfile x -c 'git push -f'", "deny"),
    ("time -p git push -f", "deny"),
    ("time git push -f", "deny"),
    ("setsid git push -f", "deny"),
    ("setsid -f git push -f", "deny"),
    ("flock /tmp/l git push -f", "deny"),
    ("flock -n /tmp/l -c 'git push -f'", "deny"),
    ("flock -w 5 /tmp/l git push -f", "deny"),
    ("flock -x /tmp/l -n true", "allow"),
    ("chrt -T 10 5 git push -f", "deny"),
    ("chrt -f 5 git push -f", "deny"),
    ("taskset -c 0,1 git push -f", "deny"),
    ("ionice -t git push -f", "deny"),
    ("ionice -c 2 -n 7 git push -f", "deny"),
    ("unbuffer -p git push -f", "deny"),
    ("caffeinate -i -t 60 git push -f", "deny"),
    ("nice -n 5 git push -f", "deny"),
];

#[test]
fn default_policy_verdicts_on_commands() {
    assert!(COMMANDS.len() >= 60);
    let env = Sandbox::with_repo();
    let mut wrong = Vec::new();
    for (command, want) in COMMANDS {
        // A copy of gitvow of the test's own, whatever the clone's place (`Sandbox::own_gitvow`).
        let out = env.own_gitvow().args(["check", "--", command]).run();
        let got = out.stdout.lines().next().unwrap_or("").trim_start_matches("verdict: ").to_string();
        let code = match *want {
            "allow" => 0,
            "deny" => 2,
            _ => 3,
        };
        if got != *want || out.code != code {
            wrong.push(format!("{command:?}: want {want}, got {got} (exit {})\n{}", out.code, out.stdout));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn default_policy_verdicts_on_paths() {
    let env = Sandbox::with_repo();
    let cases = [
        ("src/main.rs", 0),
        ("README.md", 0),
        (".claude/settings.json", 3),
        (".claude/settings.local.json", 3),
        ("~/.claude/settings.json", 3),
        (".codex/config.toml", 3),
        (".gitvow/policy.json", 3),
        ("~/.gitvow/policy.json", 3),
        (".github/workflows/ci.yml", 3),
        ("CODEOWNERS", 3),
        ("src/auth/login.rs", 3),
        ("config/permissions.yaml", 3),
        ("docs/author.md", 0),
    ];
    for (path, code) in cases {
        let out = env.run(["check", "--path", path]);
        assert_eq!(out.code, code, "{path}: {}", out.stdout);
    }
    let out = env.run(["check", "--path", "~/.claude/settings.json"]);
    out.stdout_has("\npath:    ~/.claude/settings.json\n");
}

#[test]
fn check_prints_verdict_reason_and_policy_file() {
    let env = Sandbox::with_repo();
    let out = env.run(["check", "--", "git", "push", "--force"]);
    assert_eq!(out.code, 2);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], "verdict: deny");
    assert_eq!(lines[1], "reason:  force push rewrites the remote's history");
    assert!(lines[2].starts_with("rule:    bash_deny[1]: ^git"), "{}", lines[2]);
    assert_eq!(lines[3], "decided: built-in default policy");
    assert_eq!(lines[4], "policy:  built-in default policy");
    assert_eq!(lines[5], "runs:    git push --force");

    env.write("~/.gitvow/policy.json", r#"{"mcp_deny": ["mcp__x__.*"]}"#);
    let out = env.run(["check", "--mcp", "mcp__x__y"]);
    assert_eq!(out.code, 2);
    out.stdout_has("decided: ~/.gitvow/policy.json (user)\n");
    let out = env.run(["check", "--mcp", "mcp__z__y"]);
    assert_eq!((out.code, out.stdout.lines().next()), (0, Some("verdict: allow")));
}

#[test]
fn the_user_policy_replaces_the_built_in_one_and_a_repository_policy_only_adds() {
    let env = Sandbox::with_repo();
    let push = bash(env.repo(), "git push --force");
    // Built-in: deny.
    assert_eq!(env.hook("codex", "PreToolUse", push.to_string()).code, 2);
    // The user's policy replaces it: the person may loosen the default for themselves.
    env.write("~/.gitvow/policy.json", r#"{"bash_deny": [{"pattern": "^make\\b", "reason": "no make"}]}"#);
    assert_eq!(env.hook("codex", "PreToolUse", push.to_string()).code, 0);
    let out = env.hook("codex", "PreToolUse", bash(env.repo(), "make all").to_string());
    assert!(out.stderr.starts_with("BLOCKED by gitvow: no make [rule bash_deny[0]; policy: ~/.gitvow/policy.json (user)]"), "{out:?}");
    // A repository's policy adds its rules, also from a subdirectory, and takes none away.
    env.write(".gitvow/policy.json", r#"{"bash_confirm": [{"pattern": "^(make|cargo)\\b", "reason": "builds are slow"}]}"#);
    std::fs::create_dir_all(env.repo().join("sub/dir")).unwrap();
    let out = env.hook("codex", "PreToolUse", bash(&env.repo().join("sub/dir"), "cargo build").to_string());
    let policy = env.repo().join(".gitvow/policy.json");
    assert!(
        out.stderr.starts_with(&format!(
            "CONFIRMATION REQUIRED by gitvow: builds are slow [rule bash_confirm[0]; policy: {} (repository)]. Only a person can approve",
            policy.display()
        )),
        "{out:?}"
    );
    let out = env.hook("codex", "PreToolUse", bash(&env.repo().join("sub/dir"), "make all").to_string());
    assert!(
        out.stderr.starts_with("BLOCKED by gitvow: no make [rule bash_deny[0]; policy: ~/.gitvow/policy.json (user)]"),
        "the strictest layer wins: {out:?}"
    );
}

#[test]
fn a_broken_policy_blocks_every_pre_tool_use_naming_file_and_pattern() {
    let env = Sandbox::with_repo();
    let policy = env.write(".gitvow/policy.json", r#"{"bash_confirm": [{"pattern": "git (push", "reason": "x"}]}"#);
    for (agent, event, payload) in [
        ("codex", "PreToolUse", bash(env.repo(), "ls")),
        ("claude", "PreToolUse", claude_payload(env.repo(), "Read", json!({"file_path": "a"}))),
        ("gemini", "BeforeTool", claude_payload(env.repo(), "write_file", json!({"file_path": "a", "content": ""}))),
    ] {
        let out = env.hook(agent, event, payload.to_string());
        assert_eq!(out.code, 2, "{out:?}");
        assert!(
            out.stderr.starts_with(&format!(
                "BLOCKED by gitvow: {}:1:31: pattern `git (push` (bash_confirm[0]) does not compile: ",
                policy.display()
            )),
            "{out:?}"
        );
    }
    let out = env.hook("cursor", "beforeShellExecution", json!({"conversation_id": "c", "command": "ls", "cwd": env.repo()}).to_string());
    assert!(out.stdout.starts_with("{\"permission\":\"deny\""), "{out:?}");
    // Other events carry on.
    let out = env.hook("codex", "Stop", json!({"session_id": "s", "cwd": env.repo()}).to_string());
    assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (0, "", ""));

    std::fs::write(&policy, "{ not json").unwrap();
    let out = env.hook("codex", "PreToolUse", bash(env.repo(), "ls").to_string());
    assert!(out.stderr.starts_with(&format!("BLOCKED by gitvow: {}:1:3: not valid JSON", policy.display())), "{out:?}");
    let out = env.run(["check", "--", "ls"]);
    assert_eq!(out.code, 1, "a policy that does not load is an error of check, not a verdict");
    assert!(out.stderr.starts_with(&format!("gitvow: {}:1:3: not valid JSON", policy.display())), "{out:?}");
}

#[test]
fn observe_allows_and_records() {
    let env = Sandbox::with_repo();
    env.write("~/.gitvow/policy.json", r#"{"bash_confirm": [{"pattern": "^git push", "reason": "pushes", "when": "observe"}], "path_confirm": [{"pattern": "^src/", "reason": "source", "when": "commit"}]}"#);
    let out = env.hook("codex", "PreToolUse", bash(env.repo(), "git push").to_string());
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    let log = env.log_lines();
    assert_eq!(log[0]["verdict"], "allow");
    assert_eq!(log[0]["reason"], "observed: pushes");
    // Any other `when` asks now.
    let out = env.hook(
        "codex",
        "PreToolUse",
        claude_payload(env.repo(), "Edit", json!({"file_path": "src/a.rs", "old_string": "", "new_string": ""})).to_string(),
    );
    assert_eq!(out.code, 2);
    assert!(out.stderr.starts_with("CONFIRMATION REQUIRED by gitvow: source (file: src/a.rs)"), "{out:?}");
}

#[test]
fn evaluation_order_deny_before_confirm() {
    let env = Sandbox::with_repo();
    env.write(
        ".gitvow/policy.json",
        r#"{"bash_confirm": [{"pattern": "^git", "reason": "any git"}], "bash_deny": [{"pattern": "^git push", "reason": "no push"}]}"#,
    );
    let out = env.hook("gemini", "BeforeTool", bash(env.repo(), "git status; git push").to_string());
    assert!(out.stderr.starts_with("BLOCKED by gitvow: no push"), "{out:?}");
}

/// The gitvow the hook entry names may be a link to the real executable (`--command ~/bin/gv`):
/// changing it switches the gate off as surely as changing the executable itself.
#[test]
fn the_executable_a_hook_entry_names_is_protected_under_that_name_too() {
    let env = Sandbox::with_repo();
    let link = env.home().join("bin/gv");
    std::fs::create_dir_all(link.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(BIN, &link).unwrap();
    for command in [format!("rm {}", link.display()), format!("mv {} /tmp/x", link.display()), format!("chmod -x {}", link.display())] {
        let out = env
            .gitvow()
            .program(&link)
            .args(["hook", "--agent", "codex", "PreToolUse"])
            .stdin(bash(env.repo(), &command).to_string())
            .run();
        assert_eq!(out.code, 2, "{command}: {out:?}");
        assert!(out.stderr.contains("the gitvow executable"), "{command}: {out:?}");
    }
}
