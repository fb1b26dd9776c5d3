//! `gitvow install --system` and `uninstall --system` on the managed files of a system root.

use super::{system_root, tree};
use crate::support::Sandbox;
use serde_json::Value;

const CLAUDE: &str = "etc/claude-code/managed-settings.json";
const CODEX: &str = "etc/codex/requirements.toml";
/// A company's files as they are before gitvow: comments, odd spacing, CRLF, no final newline.
const CLAUDE_BEFORE: &str = "{\r\n  \"permissions\" : { \"deny\": [\"Bash(curl:*)\"] },\r\n  \"env\": {\"X\": \"1\"}\r\n}";
const CODEX_BEFORE: &str = "# Managed by IT\nallowed_sandbox_modes = [\"read-only\"]  # keep\n\n[features]\nhooks = true";

fn seeded() -> Sandbox {
    let env = Sandbox::new();
    let root = system_root(&env);
    for (rel, text) in [(CLAUDE, CLAUDE_BEFORE), (CODEX, CODEX_BEFORE)] {
        std::fs::create_dir_all(root.join(rel).parent().unwrap()).unwrap();
        std::fs::write(root.join(rel), text).unwrap();
    }
    env
}

fn system(env: &Sandbox, args: &[&str]) -> crate::support::Output {
    env.run(args)
}

#[test]
fn install_system_writes_the_managed_files_is_idempotent_and_uninstall_gives_every_byte_back() {
    let env = seeded();
    let root = system_root(&env);
    let etc_before = tree(&root.join("etc"));
    let agents = ["--agent", "claude,codex"];

    let check = system(&env, &[&["install", "--system", "--check"][..], &agents].concat());
    assert_eq!(check.code, 1, "{check:?}");
    assert!(check.stdout.contains(&format!("would change: {}", root.join(CLAUDE).display())), "{check:?}");

    let out = system(&env, &[&["install", "--system", "--managed-only", "--yes", "--no-pager"][..], &agents].concat());
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.contains("every user, project and plugin hook of these agents stops running"), "{out:?}");
    let claude: String = std::fs::read_to_string(root.join(CLAUDE)).unwrap();
    assert!(claude.starts_with("{\r\n  \"permissions\" : { \"deny\": [\"Bash(curl:*)\"] },"), "the company's bytes stay: {claude}");
    let doc: Value = serde_json::from_str(&claude).unwrap();
    assert_eq!(doc["allowManagedHooksOnly"], Value::Bool(true));
    let pre = doc["hooks"]["PreToolUse"][0]["hooks"][0]["command"].as_str().unwrap();
    assert!(pre.ends_with(" hook PreToolUse") && pre.starts_with('/'), "an absolute command: {pre}");
    let codex = std::fs::read_to_string(root.join(CODEX)).unwrap();
    assert!(codex.contains(CODEX_BEFORE), "{codex}");
    let toml: toml_edit::DocumentMut = codex.parse().unwrap();
    assert_eq!(toml["allow_managed_hooks_only"].as_bool(), Some(true));
    let codex_pre = toml["hooks"]["PreToolUse"][0]["hooks"][0]["command"].as_str().unwrap();
    assert!(
        codex_pre.contains(" hook --agent codex PreToolUse <&3 3<&- & p=$!;") && codex_pre.ends_with("exit 2"),
        "fails closed: {codex_pre}"
    );
    assert!(root.join("etc/gitvow/policy.json").is_file());
    assert!(root.join("var/lib/gitvow/install-record.json").is_file());

    // Managed hooks need no trust record: doctor does not ask for one.
    let doctor = system(&env, &["doctor", "--system", "--agent", "codex"]);
    assert!(doctor.stdout.contains("user-switches") && !doctor.stdout.contains("codex-trust"), "{doctor:?}");

    // Idempotent: the second run has nothing to do, and --check says so.
    let again = system(&env, &[&["install", "--system", "--managed-only", "--check"][..], &agents].concat());
    assert_eq!(again.code, 0, "{again:?}");

    // A user's own uninstall leaves the managed entries alone.
    let user = env.run(["uninstall", "--user", "--yes"]);
    assert!(user.code == 0, "{user:?}");
    assert_eq!(std::fs::read_to_string(root.join(CLAUDE)).unwrap(), claude);
    assert_eq!(std::fs::read_to_string(root.join(CODEX)).unwrap(), codex);

    let out = system(&env, &["uninstall", "--system", "--purge-policy", "--yes", "--no-pager"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(tree(&root.join("etc")), etc_before, "every managed file byte for byte");
}

#[test]
fn a_managed_file_changed_since_install_loses_only_gitvows_lines() {
    let env = seeded();
    let root = system_root(&env);
    assert_eq!(system(&env, &["install", "--system", "--agent", "codex", "--managed-only", "--yes"]).code, 0);
    let installed = std::fs::read_to_string(root.join(CODEX)).unwrap();
    std::fs::write(root.join(CODEX), format!("{installed}\n[rules]\nx = 1\n")).unwrap();
    let out = system(&env, &["uninstall", "--system", "--agent", "codex", "--yes"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(std::fs::read_to_string(root.join(CODEX)).unwrap(), format!("{CODEX_BEFORE}\n\n[rules]\nx = 1\n"));
}

#[test]
fn the_json_plan_names_each_managed_file_with_its_bytes() {
    let env = seeded();
    let out = system(&env, &["install", "--system", "--agent", "claude,codex", "--dry-run", "--json"]);
    assert_eq!(out.code, 0, "{out:?}");
    let plan: Value = serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", out.stdout));
    let text = plan.to_string();
    let files = plan["files"].as_array().unwrap();
    for rel in [CLAUDE, CODEX, "etc/gitvow/policy.json"] {
        let path = system_root(&env).join(rel).display().to_string();
        let file = files.iter().find(|f| f["path"] == path.as_str()).unwrap_or_else(|| panic!("{rel} in {text}"));
        assert!(file["text_after"].as_str().is_some_and(|t| !t.is_empty()), "{file}");
    }
}

#[test]
fn system_without_root_or_with_a_command_others_can_write_is_one_line_and_writes_nothing() {
    let env = seeded();
    let root = system_root(&env);
    let before = tree(&root);
    let out = env.gitvow().user(65534).current_dir("/").args(["install", "--system", "--agent", "claude", "--yes"]).run();
    assert_eq!(out.code, 64, "{out:?}");
    assert!(out.stderr.contains("needs root") && out.stderr.contains("sudo gitvow install --system"), "{out:?}");
    assert!(out.stderr.trim().lines().count() <= 2, "{out:?}");

    // A copy of gitvow in a folder everyone can write, then one that a user owns.
    let open = env.outside("open");
    std::fs::create_dir_all(&open).unwrap();
    let bin = open.join("gitvow");
    crate::support::copy_executable(crate::support::BIN, &bin);
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
    let out = env.run(["install", "--system", "--agent", "claude", "--yes", "--command", bin.to_str().unwrap()]);
    assert_eq!(out.code, 64, "{out:?}");
    assert!(out.stderr.contains("writable by its group or by others") && out.stderr.contains("a user could replace the gate"), "{out:?}");
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::os::unix::fs::chown(&bin, Some(65534), Some(65534)).unwrap();
    let out = env.run(["install", "--system", "--agent", "claude", "--yes", "--force", "--command", bin.to_str().unwrap()]);
    assert_eq!(out.code, 64, "--force does not skip it: {out:?}");
    assert!(out.stderr.contains("belongs to uid 65534"), "{out:?}");
    assert_eq!(tree(&root), before, "nothing was written");

    // An agent without a managed layer is named as such.
    let out = env.run(["install", "--system", "--agent", "cline", "--yes"]);
    assert_eq!(out.code, 64, "{out:?}");
    assert!(out.stderr.contains("cline has no managed layer"), "{out:?}");
}

#[test]
fn the_managed_files_keep_hooks_on_over_the_users_own_switch_and_uninstall_takes_that_back_too() {
    let env = Sandbox::new();
    let root = system_root(&env);
    let gemini = root.join("etc/gemini-cli/settings.json");
    std::fs::create_dir_all(gemini.parent().unwrap()).unwrap();
    // The company's file already has a `hooksConfig` of its own: the key goes into it.
    let gemini_before = "{\n  // IT\n  \"hooksConfig\": { \"notifications\": false }\n}\n";
    std::fs::write(&gemini, gemini_before).unwrap();
    let before = tree(&root);

    let out = env.run(["install", "--system", "--agent", "gemini,qwen,codex", "--yes"]);
    assert_eq!(out.code, 0, "{out:?}");
    let text = std::fs::read_to_string(&gemini).unwrap();
    assert!(text.starts_with("{\n  // IT\n  \"hooksConfig\": { \"notifications\": false,"), "{text}");
    let doc = gitvow::edit::jsonc::JsonDoc::parse(&text, gitvow::agents::Strictness::Comments).unwrap();
    assert_eq!(doc.get(&[gitvow::edit::jsonc::key("hooksConfig"), gitvow::edit::jsonc::key("enabled")]), Some(Value::Bool(true)), "{text}");
    let qwen: Value = serde_json::from_str(&std::fs::read_to_string(root.join("etc/qwen-code/settings.json")).unwrap()).unwrap();
    assert_eq!(qwen["disableAllHooks"], Value::Bool(false), "{qwen}");
    let codex: toml_edit::DocumentMut = std::fs::read_to_string(root.join(CODEX)).unwrap().parse().unwrap();
    assert_eq!(codex["features"]["hooks"].as_bool(), Some(true), "{codex}");
    // Not in the user's own files: the user scope writes none of these keys.
    let user = env.run(["install", "--user", "--agent", "gemini,qwen", "--yes"]);
    assert_eq!(user.code, 0, "{user:?}");
    let mine = std::fs::read_to_string(env.home().join(".gemini/settings.json")).unwrap();
    assert!(!mine.contains("hooksConfig"), "{mine}");

    let out = env.run(["uninstall", "--system", "--purge-policy", "--yes"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(tree(&root), before, "byte for byte");
}

/// What install and doctor say about the managed files is what the agents do: Copilot CLI 1.0.102
/// never opens `/etc/claude-code` (only a repository's `.claude/` files), and codex runs the
/// managed hooks over a user's `[features] hooks = false` because requirements.toml pins them on.
#[test]
fn the_system_scope_claims_no_copilot_run_and_no_user_switch_the_managed_file_overrides() {
    let env = seeded();
    env.write("~/.codex/config.toml", "[features]\nhooks = false\n");
    let out = env.run(["install", "--system", "--agent", "claude,codex", "--yes", "--no-pager"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(!out.stdout.contains("copilot"), "copilot never runs /etc/claude-code's hooks: {out:?}");
    assert!(!out.stdout.contains("the gate is off"), "{out:?}");

    let claude = env.run(["doctor", "--system", "--agent", "claude"]);
    assert!(!claude.stdout.contains("copilot"), "{claude:?}");
    let codex = env.run(["doctor", "--system", "--agent", "codex"]);
    assert_eq!(codex.code, 0, "the managed file pins hooks on over the user's switch: {codex:?}");
    assert!(codex.stdout.contains("hooks = false") && codex.stdout.contains("requirements.toml"), "{codex:?}");
    assert!(
        codex.stdout.contains("parses as codex reads it (TOML") && !codex.stdout.contains("JSON"),
        "requirements.toml is TOML: {codex:?}"
    );

    // The user scope's claims stand: there the user's switch turns codex's hooks off.
    let user = env.run(["doctor", "--user", "--agent", "codex"]);
    assert!(user.stdout.contains("`[features] hooks = false` turns every codex hook off"), "{user:?}");
}
