//! The fleet example, `examples/ansible/gitvow-system.yml`, run by a real `ansible-playbook -c
//! local` (ansible-core from PyPI, in a virtual environment cached across runs) inside the mount
//! namespace: the first run installs (changed), the second changes nothing.

use super::{SystemOverlay, system_root};
use crate::support::{BIN, Sandbox};
use serde_json::Value;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::Command;

const PLAYBOOK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/ansible/gitvow-system.yml");
/// A company's managed settings before the playbook runs: their bytes must stay.
const CLAUDE_BEFORE: &str = "{\n  \"permissions\": { \"deny\": [\"Bash(curl:*)\"] }\n}\n";

/// `<venv>/bin`, with ansible-core installed, or `None` (with a notice) where PyPI cannot be reached
/// outside CI. The venv lives in the shared e2e cache (`~/.cache/gitvow-e2e`) and is built once: the
/// `ready` marker is written only after pip succeeded, so a half-built one is built again.
fn ansible_bin() -> Option<PathBuf> {
    let home = std::env::var_os("HOME").expect("HOME");
    let venv = PathBuf::from(home).join(".cache/gitvow-e2e/ansible-venv");
    let ready = venv.join("ready");
    if ready.is_file() {
        return Some(venv.join("bin"));
    }
    let _ = std::fs::remove_dir_all(&venv);
    let made = Command::new("python3").arg("-m").arg("venv").arg(&venv).output().expect("python3");
    assert!(made.status.success(), "python3 -m venv {}: {}", venv.display(), String::from_utf8_lossy(&made.stderr));
    let pip = Command::new(venv.join("bin/pip"))
        .args(["install", "--quiet", "--disable-pip-version-check", "ansible-core"])
        .output()
        .expect("pip");
    if !pip.status.success() {
        let why = String::from_utf8_lossy(&pip.stderr);
        assert!(std::env::var_os("CI").is_none(), "pip install ansible-core failed (CI needs PyPI): {why}");
        eprintln!("skipped: pip install ansible-core failed (no PyPI here?): {}", why.trim());
        return None;
    }
    std::fs::write(&ready, "").unwrap();
    Some(venv.join("bin"))
}

#[test]
fn the_ansible_example_installs_once_and_then_changes_nothing() {
    let env = Sandbox::new();
    let Some(overlay) = SystemOverlay::new(&env) else { return };
    let Some(ansible) = ansible_bin() else { return };
    let root = system_root(&env);
    let claude = root.join("etc/claude-code/managed-settings.json");
    std::fs::create_dir_all(claude.parent().unwrap()).unwrap();
    std::fs::write(&claude, CLAUDE_BEFORE).unwrap();

    // The hook command of a managed entry must be a path no other user can replace.
    let bin_dir = env.outside("usr-local-bin");
    std::fs::create_dir_all(&bin_dir).unwrap();
    let gitvow = bin_dir.join("gitvow");
    crate::support::copy_executable(BIN, &gitvow);
    std::fs::set_permissions(&bin_dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&gitvow, std::fs::Permissions::from_mode(0o755)).unwrap();

    let vars = serde_json::json!({ "gitvow_bin": gitvow, "gitvow_args": "--agent claude,codex" }).to_string();
    let play = || {
        let out = overlay
            .cmd(&env, ansible.join("ansible-playbook").to_str().unwrap())
            .env("PATH", format!("{}:{}", ansible.display(), crate::support::system_path()))
            .env("ANSIBLE_NOCOLOR", "1")
            .args(["-c", "local", "-i", "localhost,", PLAYBOOK, "-e"])
            .arg(&vars)
            .run();
        assert_eq!(out.code, 0, "{out:?}");
        let recap = out
            .stdout
            .lines()
            .find(|l| l.starts_with("localhost") && l.contains("changed="))
            .unwrap_or_else(|| panic!("no recap: {out:?}"));
        (recap.to_string(), out)
    };

    let (recap, out) = play();
    assert!(recap.contains("failed=0") && !recap.contains("changed=0"), "the first run installs: {recap}\n{out:?}");
    let text = std::fs::read_to_string(&claude).unwrap();
    assert!(text.contains("\"deny\": [\"Bash(curl:*)\"]"), "the company's settings stay: {text}");
    let doc: Value = serde_json::from_str(&text).unwrap();
    let pre = doc["hooks"]["PreToolUse"][0]["hooks"][0]["command"].as_str().unwrap_or_else(|| panic!("{text}"));
    assert!(pre.starts_with(gitvow.to_str().unwrap()) && pre.contains(" hook PreToolUse"), "{pre}");
    let codex = std::fs::read_to_string(root.join("etc/codex/requirements.toml")).unwrap();
    assert!(codex.contains(&format!("{} hook --agent codex PreToolUse", gitvow.display())), "{codex}");
    let installed = super::tree(&root.join("etc"));

    let (recap, out) = play();
    assert!(recap.contains("changed=0") && recap.contains("failed=0"), "the second run changes nothing: {recap}\n{out:?}");
    assert_eq!(super::tree(&root.join("etc")), installed, "and writes nothing");
}
