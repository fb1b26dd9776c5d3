//! The install record keeps what a settings file held before install in a side file of its own
//! (`~/.gitvow/originals/<sha256>`, readable by the user only), not inline: the record stays small
//! whatever the file's size, it never repeats the settings' secrets, uninstall still gives back the
//! exact bytes, and a run killed between the side file and the record leaves nothing wrong.

use crate::support::{CMD, Sandbox};
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

const INSTALL: &[&str] = &["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"];
const UNINSTALL: &[&str] = &["uninstall", "--user", "--yes"];
const SECRET: &str = "sk-live-0123456789abcdef";

fn settings() -> String {
    format!("{{\n  \"model\": \"opus\",\n  \"env\": {{ \"API_TOKEN\": \"{SECRET}\" }}\n}}\n")
}

fn record(env: &Sandbox) -> String {
    env.read("~/.gitvow/install-record.json")
}

/// The side files, by name.
fn originals(env: &Sandbox) -> Vec<PathBuf> {
    let dir = env.home().join(".gitvow/originals");
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut out: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    out.sort();
    out
}

/// Runs gitvow with the debug build's step trace; `Err(step)` when killed at `kill_at`.
fn traced(env: &Sandbox, args: &[&str], kill_at: Option<usize>) -> Result<String, String> {
    let mut cmd = env.gitvow().args(args).env("PATH", crate::support::system_path()).env("GITVOW_TEST_TRACE_STEPS", "1");
    if let Some(n) = kill_at {
        cmd = cmd.env("GITVOW_TEST_KILL_AT_STEP", n.to_string());
    }
    let out = cmd.run();
    match out.signal {
        Some(libc::SIGKILL) => Err(out.stderr.lines().rfind(|l| l.starts_with("gitvow: step ")).unwrap_or("?").to_string()),
        _ => {
            assert_eq!(out.exit_code(), Some(0), "{args:?}: {}", out.stderr);
            Ok(out.stderr)
        }
    }
}

#[test]
fn the_record_names_the_original_by_digest_and_keeps_the_secrets_out() {
    let env = Sandbox::new();
    let path = env.write("~/.claude/settings.json", settings());
    env.run(INSTALL).ok();
    let record = record(&env);
    assert!(!record.contains(SECRET) && !record.contains("opus"), "the record holds the settings inline:\n{record}");
    let side = originals(&env);
    assert_eq!(side.len(), 1, "{side:?}");
    assert_eq!(std::fs::read_to_string(&side[0]).unwrap(), settings());
    assert_eq!(std::fs::metadata(&side[0]).unwrap().permissions().mode() & 0o777, 0o600, "the side file may hold secrets");
    let name = side[0].file_name().unwrap().to_str().unwrap();
    assert!(record.contains(name), "the record does not name {name}:\n{record}");

    // A second install (another command) keeps the same original.
    env.run(["install", "--user", "--agent", "claude", "--yes", "--command", "/other/gitvow", "--force"]).ok();
    assert_eq!(originals(&env), side);

    env.run(UNINSTALL).ok();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), settings(), "uninstall gives back the exact bytes");
    assert!(!env.home().join(".gitvow/originals").exists(), "the side files go with the record entries: {:?}", originals(&env));
}

#[test]
fn a_record_with_the_original_inline_still_restores_it_and_moves_it_out() {
    let env = Sandbox::new();
    let path = env.write("~/.claude/settings.json", settings());
    env.run(INSTALL).ok();
    // The record as an earlier version wrote it: the bytes inline, no side file.
    let side = originals(&env).remove(0);
    let sha256 = side.file_name().unwrap().to_str().unwrap().to_string();
    let mut json: serde_json::Value = serde_json::from_str(&record(&env)).unwrap();
    for entry in json["files"].as_object_mut().unwrap().values_mut() {
        if entry["original"]["sha256"] == sha256 {
            entry["original"] = serde_json::json!({"kind": "text", "text": settings()});
        }
    }
    std::fs::write(env.home().join(".gitvow/install-record.json"), serde_json::to_string_pretty(&json).unwrap()).unwrap();
    std::fs::remove_dir_all(env.home().join(".gitvow/originals")).unwrap();

    // A run that writes the record moves the bytes out of it.
    env.run(["install", "--user", "--agent", "claude", "--yes", "--command", "/other/gitvow", "--force"]).ok();
    assert!(!record(&env).contains(SECRET), "{}", record(&env));
    assert_eq!(originals(&env), vec![side]);
    env.run(UNINSTALL).ok();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), settings());
}

#[test]
fn a_kill_between_the_side_file_and_the_record_leaves_nothing_wrong() {
    let env = Sandbox::new();
    let path = env.write("~/.claude/settings.json", settings());
    // The steps of a whole install: the first private file linked into place is the side file,
    // and the step after it is the first of the record's write.
    let trace = traced(&env, INSTALL, None).unwrap();
    let linked = trace
        .lines()
        .find_map(|l| l.strip_prefix("gitvow: step ")?.strip_suffix(": link a private file into place")?.parse::<usize>().ok())
        .expect("a private file is linked");
    env.run(UNINSTALL).ok();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), settings());

    let step = traced(&env, INSTALL, Some(linked + 1)).unwrap_err();
    assert_eq!(originals(&env).len(), 1, "killed at {step}: the side file is written");
    assert!(!env.home().join(".gitvow/install-record.json").exists(), "killed at {step}: no record yet");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), settings(), "killed at {step}: the settings are untouched");

    // The side file nobody names is harmless: a later install and uninstall give the bytes back,
    // and leave no side file.
    env.run(INSTALL).ok();
    env.run(UNINSTALL).ok();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), settings());
    assert!(originals(&env).is_empty(), "{:?}", originals(&env));
}

/// The side files in `dir`, with their inode, link count and mode.
fn side_files_in(dir: &std::path::Path) -> Vec<(u64, u64, u32)> {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries.map(|e| std::fs::metadata(e.unwrap().path()).unwrap()).map(|m| (m.ino(), m.nlink(), m.mode() & 0o777)).collect()
}

/// A settings file of megabytes is not written twice: in the user's scope the side file is the
/// inode the settings file had before install (given the side file's name before the record, left
/// there by the exchange that puts the new file in place), with no other name and mode 0600. In a
/// repository, where a settings file with two names is refused, it is a copy and the install goes
/// through. Either way uninstall gives the exact bytes back.
#[test]
fn the_original_is_kept_as_the_settings_old_inode_where_it_can_be() {
    use std::os::unix::fs::MetadataExt;
    let env = Sandbox::new();
    let path = env.write("~/.claude/settings.json", settings());
    let before = std::fs::metadata(&path).unwrap().ino();
    env.run(INSTALL).ok();
    assert_eq!(side_files_in(&env.home().join(".gitvow/originals")), vec![(before, 1, 0o600)]);
    assert_ne!(std::fs::metadata(&path).unwrap().ino(), before, "the settings are a new file");
    env.run(UNINSTALL).ok();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), settings());

    let env = Sandbox::with_repo();
    let path = env.write(".claude/settings.json", settings());
    let before = std::fs::metadata(&path).unwrap().ino();
    env.run(["install", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    let side = side_files_in(&env.repo().join(".git/gitvow/originals"));
    assert!(side.len() == 1 && side[0].0 != before && side[0].1 == 1 && side[0].2 == 0o600, "{side:?}");
    assert_eq!(std::fs::metadata(&path).unwrap().nlink(), 1);
    env.run(["uninstall", "--agent", "claude", "--yes"]).ok();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), settings());
}
