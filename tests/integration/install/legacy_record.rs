//! An install made by an earlier version of gitvow: its record names the bytes gitvow wrote by a
//! 64-bit FNV-1a hash (16 hex digits), where records now hold their SHA-256 (64). Such a record
//! must still say "as gitvow left it", or uninstall could no longer give the files back exactly
//! and `--check` would report changes nobody made.

use crate::support::{CMD, Sandbox};
use sha2::{Digest, Sha256};

const INSTALL: &[&str] = &["install", "--user", "--agent", "claude,codex", "--yes", "--command", CMD, "--force"];
/// Claude's settings before install: an empty `hooks` object with spaces inside, which removing
/// gitvow's entries one by one (what uninstall does for a file it does not recognise) would give
/// back as `{}`; only the recorded original brings the spaces back.
const CLAUDE_BEFORE: &str = "{\n  \"hooks\": {   }\n}\n";
const CODEX_CONFIG_BEFORE: &str = "[features]\nhooks = false # off on purpose\n";

/// The record the previous release wrote for [`INSTALL`] on [`CLAUDE_BEFORE`] and
/// [`CODEX_CONFIG_BEFORE`] (its binary run in a sandbox like this one; the home directory is
/// `<home>`), as it was on disk.
const LEGACY_RECORD: &str = r#"{
  "files": {
    "<home>/.claude/settings.json": {
      "original": {
        "kind": "saved",
        "sha256": "97b38e9a7424950bbda662638da90a75d9ebe4f02757558beee12795fa2c3a71"
      },
      "written": "8e283aaeafb333e6",
      "created": {
        "hooks_key": false,
        "events": [
          "SessionStart",
          "UserPromptSubmit",
          "PreToolUse",
          "PostToolUse",
          "Stop"
        ],
        "version_key": false
      }
    },
    "<home>/.codex/config.toml": {
      "original": {
        "kind": "saved",
        "sha256": "d78471d1a567160e5031c206a6744a40302e958c17c3f3dfc8218829384faa8c"
      },
      "written": "60cde647da420434",
      "created": {
        "hooks_key": false,
        "events": [],
        "version_key": false
      },
      "toml": {
        "created_file": false,
        "edits": [
          {
            "kind": "flipped",
            "key": "hooks",
            "from": "false"
          }
        ]
      }
    },
    "<home>/.codex/hooks.json": {
      "original": {
        "kind": "absent"
      },
      "written": "c2abff07ac7898e6",
      "created": {
        "hooks_key": true,
        "events": [
          "SessionStart",
          "PreToolUse",
          "PostToolUse",
          "Stop"
        ],
        "version_key": false
      }
    }
  }
}
"#;

const FILES: [&str; 3] = [".claude/settings.json", ".codex/config.toml", ".codex/hooks.json"];

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn a_record_written_by_the_previous_release_still_uninstalls_exactly() {
    let env = Sandbox::new();
    let claude = env.write("~/.claude/settings.json", CLAUDE_BEFORE);
    let config = env.write("~/.codex/config.toml", CODEX_CONFIG_BEFORE);
    // A claude too old for `onFailure`: claude's entries are then the bytes that release wrote.
    env.script("~/.local/bin/claude", "echo '2.1.200 (Claude Code)'");
    env.run(INSTALL).ok();
    let record_path = env.home().join(".gitvow/install-record.json");

    // A record written now names what gitvow wrote by its SHA-256.
    let record: serde_json::Value = serde_json::from_str(&env.read("~/.gitvow/install-record.json")).unwrap();
    for rel in FILES {
        let path = env.home().join(rel);
        let written = &record["files"][path.to_str().unwrap()]["written"];
        assert_eq!(written.as_str(), Some(sha256_hex(&std::fs::read(&path).unwrap()).as_str()), "{rel}: {record:#}");
    }

    // The same install as the previous release left it: the same files, its record.
    std::fs::write(&record_path, LEGACY_RECORD.replace("<home>", env.home().to_str().unwrap())).unwrap();
    let check = env.run(["install", "--user", "--agent", "claude,codex", "--command", CMD, "--force", "--check"]);
    assert_eq!(check.code, 0, "install --check on the previous release's install: {check:?}");
    let check = env.run(["uninstall", "--user", "--check"]);
    assert_eq!(check.code, 1, "uninstall --check: {check:?}");

    env.run(["uninstall", "--user", "--yes"]).ok();
    assert_eq!(std::fs::read_to_string(&claude).unwrap(), CLAUDE_BEFORE, "uninstall gives the exact bytes back");
    assert_eq!(std::fs::read_to_string(&config).unwrap(), CODEX_CONFIG_BEFORE);
    assert!(!env.home().join(".codex/hooks.json").exists(), "the file install created is removed");
    assert!(!record_path.exists(), "the record goes with its last entry");
    assert!(!env.home().join(".gitvow/originals").exists(), "and the side files with it");
}
