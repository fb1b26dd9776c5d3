//! Format preservation on real-world settings files, through the built
//! binary exactly as a person runs it: `gitvow install --user --agent NAME --yes` with `HOME` pointing
//! at a fresh temporary directory that holds one fixture at the agent's user path.
//!
//! For every fixture in `tests/fixtures/settings/` (named `<agent>-<what it exercises>.json`):
//! install is pure insertion (the original is what is left after deleting the inserted ranges), the
//! result parses the way the agent parses it, keeps the original's layout, means the same outside
//! gitvow's entries and holds the current entries; a second install writes nothing; uninstall gives
//! back the original byte for byte, with the install record and, through the structural fallback,
//! without it.

use crate::support::agent_files::{check_entries_current, check_inserted_lines, inserted_ranges, layout, parse_as_agent, without_gitvow};
use crate::support::{CMD, Sandbox, assert_snapshot};
use gitvow::agents::{self, AgentSpec};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/settings");

/// A throwaway home directory: the real one is never touched.
struct Home(Sandbox);

impl Home {
    fn new() -> Home {
        Home(Sandbox::new())
    }

    fn file(&self, agent: &AgentSpec) -> PathBuf {
        self.0.home().join(agent.install.user_file)
    }

    fn record(&self) -> PathBuf {
        self.0.home().join(".gitvow/install-record.json")
    }

    fn put(&self, agent: &AgentSpec, bytes: &[u8]) {
        self.0.write(self.file(agent), bytes);
    }

    fn read(&self, agent: &AgentSpec) -> Vec<u8> {
        std::fs::read(self.file(agent)).unwrap_or_else(|e| panic!("{}: {e}", self.file(agent).display()))
    }

    /// Runs `gitvow <verb> --user --agent NAME --yes …` non-interactively (stdin null, no colour) and
    /// asserts it exits 0.
    fn gitvow(&self, verb: &str, agent: &AgentSpec, extra: &[&str]) -> String {
        let out = self
            .0
            .gitvow()
            .args([verb, "--user", "--agent", agent.name, "--yes", "--color", "never"])
            .args(extra)
            .env("NO_COLOR", "1")
            .run();
        assert!(
            out.code == 0,
            "gitvow {verb} --agent {} exited {:?}\nstdout:\n{}\nstderr:\n{}",
            agent.name,
            out.exit_code(),
            out.stdout,
            out.stderr
        );
        out.stdout
    }

    fn install(&self, agent: &AgentSpec) -> String {
        self.gitvow("install", agent, &["--command", CMD, "--force"])
    }

    fn uninstall(&self, agent: &AgentSpec) -> String {
        self.gitvow("uninstall", agent, &[])
    }
}

/// The agent a fixture is for, from its name's first word.
fn agent_of(fixture: &str) -> &'static AgentSpec {
    let name = fixture.split('-').next().unwrap();
    agents::find(name).unwrap_or_else(|| panic!("fixture {fixture} does not start with an agent name"))
}

fn fixture(name: &str) -> String {
    let bytes = std::fs::read(Path::new(FIXTURES).join(name)).unwrap();
    String::from_utf8(bytes).expect("fixtures are UTF-8")
}

fn utf8(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).expect("gitvow writes UTF-8")
}

fn installed(name: &str) -> (Home, &'static AgentSpec, String, String) {
    let agent = agent_of(name);
    let original = fixture(name);
    let home = Home::new();
    home.put(agent, original.as_bytes());
    home.install(agent);
    let after = utf8(home.read(agent));
    (home, agent, original, after)
}

/// Install, a second install, and uninstall with the install record, on one fixture.
fn check_with_record(name: &str) {
    let (home, agent, original, after) = installed(name);
    let blank = original.trim().is_empty();

    // Parses as the agent parses it; for strict agents that is serde_json, so no comment and no
    // trailing comma can have been written.
    let after_value = parse_as_agent(&after, agent.install.strictness).unwrap_or_else(|e| panic!("{name}: {e}\n{after}"));
    let original_value = parse_as_agent(&original, agent.install.strictness).expect("fixtures parse as their agent's files");

    // Pure insertion, in the file's own style. An empty or blank file counts as an empty object and
    // gets the new-file layout (two spaces, LF, final newline), so all of it counts as inserted.
    let (lb, la) = (layout(&original), layout(&after));
    if blank {
        assert_eq!((la.bom, la.crlf, la.final_newline), (false, false, true), "{name}: new-file layout");
        let whole = std::iter::once(0..after.len()).collect::<Vec<_>>();
        check_inserted_lines(&after, &whole, false, "  ").unwrap_or_else(|e| panic!("{name}: {e}\n{after}"));
    } else {
        let ranges = inserted_ranges(&original, &after).unwrap_or_else(|e| panic!("{name}: {e}\n{after}"));
        assert!(!ranges.is_empty(), "{name}: install inserted nothing");
        assert_eq!((la.bom, la.crlf, la.final_newline), (lb.bom, lb.crlf, lb.final_newline), "{name}: BOM, CRLF, final newline");
        match &lb.indent_unit {
            Some(unit) => check_inserted_lines(&after, &ranges, lb.crlf, unit).unwrap_or_else(|e| panic!("{name}: {e}\n{after}")),
            None => assert_eq!(la.lines, lb.lines, "{name}: a one-line file stays on one line\n{after}"),
        }
    }

    // Same meaning outside gitvow's entries, and the entries are there and current.
    assert_eq!(without_gitvow(&after_value, &original_value, agent), original_value, "{name}: semantic change outside gitvow's entries");
    // No copy of the agent in the sandbox: its fail-closed field is written (install::fail_closed).
    check_entries_current(&after_value, agent, agent.install.fail_closed_field.is_some())
        .unwrap_or_else(|e| panic!("{name}: {e}\n{after}"));

    // Idempotent: a second install writes nothing, not even the modification time. The time is set
    // far in the past first so that a rewrite within the same clock tick cannot go unnoticed.
    let path = home.file(agent);
    let old = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    std::fs::File::options().write(true).open(&path).unwrap().set_modified(old).unwrap();
    let second = home.install(agent);
    assert!(second.contains(&format!("{}: nothing to change", agent.name)), "{name}: second install said:\n{second}");
    assert_eq!(utf8(home.read(agent)), after, "{name}: second install changed the bytes");
    assert_eq!(std::fs::metadata(&path).unwrap().modified().unwrap(), old, "{name}: second install touched the file");

    home.uninstall(agent);
    assert_eq!(utf8(home.read(agent)), original, "{name}: uninstall (with record) did not restore the original");
}

/// Uninstall right after install with `~/.gitvow/install-record.json` deleted (a lost record): the
/// structural fallback must give back the original of a fresh install too.
fn check_without_record(name: &str) {
    let (home, agent, original, _) = installed(name);
    std::fs::remove_file(home.record()).expect("install keeps a record");
    home.uninstall(agent);
    assert_eq!(utf8(home.read(agent)), original, "{name}: uninstall (no record) did not restore the original");
}

/// Uninstall without a record on a file whose installed bytes are the same as those of a file gitvow
/// would have created itself (an empty file, an empty `hooks` object, cursor's `version` key): no
/// rule can tell the two apart, so the fallback removes what is evidently gitvow's and keeps the
/// file. What must hold: the file is still there, parses, holds no gitvow entry, and every key of
/// the user's keeps its value.
fn check_without_record_keeps_the_users_content(name: &str) {
    let (home, agent, original, _) = installed(name);
    std::fs::remove_file(home.record()).expect("install keeps a record");
    home.uninstall(agent);
    let after = utf8(home.read(agent));
    let value = parse_as_agent(&after, agent.install.strictness).unwrap_or_else(|e| panic!("{name}: {e}\n{after}"));
    assert!(!after.contains("gitvow hook"), "{name}: gitvow entries left:\n{after}");
    if !original.trim().is_empty() {
        let before = parse_as_agent(&original, agent.install.strictness).expect("fixtures parse");
        for (key, v) in before.as_object().unwrap() {
            let kept = value.get(key).is_some_and(|now| now == v) || (key == "hooks" && v == &serde_json::json!({}));
            assert!(kept, "{name}: `{key}` changed:\n{after}");
        }
    }
}

/// Two tests per fixture (`<fixture>::with_record`, `<fixture>::without_record`), so a failure names
/// the file and the case; [`every_fixture_is_tested`] keeps the list and the directory in step.
/// `without_record: exact_bytes_unknowable` holds a fixture's fallback to keeping the user's content
/// instead of the exact bytes (see below).
macro_rules! fixtures {
    ($($test:ident => $file:literal $(, without_record: $mode:ident)?;)*) => {
        $( mod $test {
            #[test]
            fn with_record() { super::check_with_record($file); }
            #[test]
            fn without_record() { fixtures!(@without $file $(, $mode)?); }
        } )*
        const LISTED: &[&str] = &[$($file),*];
    };
    (@without $file:literal) => { super::check_without_record($file) };
    (@without $file:literal, exact_bytes_unknowable) => { super::check_without_record_keeps_the_users_content($file) };
}

// Without a record, five fixtures install to bytes that a file gitvow created would have too; for
// them the fallback is held to keeping the file and the user's content, not to the exact bytes.
fixtures! {
    claude_permissions_env_statusline_2space => "claude-permissions-env-statusline-2space.json";
    claude_crlf_bom_2space => "claude-crlf-bom-2space.json";
    claude_tabs_no_final_newline => "claude-tabs-no-final-newline.json";
    claude_minified => "claude-minified.json";
    claude_unicode_escapes => "claude-unicode-escapes.json";
    claude_empty_hooks_object => "claude-empty-hooks-object.json", without_record: exact_bytes_unknowable;
    claude_user_hooks_event_arrays => "claude-user-hooks-event-arrays.json";
    claude_empty => "claude-empty.json", without_record: exact_bytes_unknowable;
    claude_whitespace_only => "claude-whitespace-only.json", without_record: exact_bytes_unknowable;
    gemini_comments_auth_2space => "gemini-comments-auth-2space.json";
    gemini_user_hooks_crlf_4space => "gemini-user-hooks-crlf-4space.json";
    cursor_other_tool_hooks_2space => "cursor-other-tool-hooks-2space.json";
    cursor_no_version_tabs => "cursor-no-version-tabs.json", without_record: exact_bytes_unknowable;
    codex_user_hooks_2space => "codex-user-hooks-2space.json";
    codex_empty_hooks_crlf => "codex-empty-hooks-crlf.json", without_record: exact_bytes_unknowable;
    codex_minified => "codex-minified.json";
    factory_toplevel_comments => "factory-toplevel-comments.json";
    factory_tabs_crlf_no_final_newline => "factory-tabs-crlf-no-final-newline.json";
    qwen_version_comments_user_hooks => "qwen-version-comments-user-hooks.json";
    auggie_user_hooks_crlf_4space_no_final_newline => "auggie-user-hooks-crlf-4space-no-final-newline.json";
    auggie_comments_trailing_commas => "auggie-comments-trailing-commas.json";
}

#[test]
fn every_fixture_is_tested() {
    let mut on_disk: Vec<String> = std::fs::read_dir(FIXTURES)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".json"))
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = LISTED.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed);
}

#[test]
fn fixtures_are_valid_for_their_agent() {
    // A fixture its agent would reject tests nothing: check each against the agent's strictness, and
    // check that the ones meant to carry comments really do (of the agents gitvow knows, only auggie
    // reads trailing commas: other agents' files with them are in `dropped/`, which install refuses).
    for name in LISTED {
        let agent = agent_of(name);
        let text = fixture(name);
        parse_as_agent(&text, agent.install.strictness).unwrap_or_else(|e| panic!("{name}: {e}"));
        if name.contains("comments") {
            assert!(text.contains("//") && text.contains("/*"), "{name} should hold line and block comments");
        }
    }
}

/// The part of install's output that is the diff of the agent's file (the run also shows the policy
/// file and, for codex, `config.toml`, which other tests cover).
fn agent_diff(stdout: &str, agent: &AgentSpec) -> String {
    let header = format!("--- ~/{}\n", agent.install.user_file);
    let start = stdout.find(&header).unwrap_or_else(|| panic!("no diff of ~/{} in:\n{stdout}", agent.install.user_file));
    let lines: Vec<&str> = stdout[start..].split_inclusive('\n').collect();
    // The section ends at the next file's `--- `/`+++ ` header or at the first line outside a hunk.
    let end = (2..lines.len())
        .find(|&i| {
            let next_file = lines[i].starts_with("--- ") && lines.get(i + 1).is_some_and(|l| l.starts_with("+++ "));
            next_file || !lines[i].starts_with([' ', '+', '-', '@', '\\'])
        })
        .unwrap_or(lines.len());
    lines[..end].concat()
}

macro_rules! snapshot_diff {
    ($($test:ident => $file:literal,)*) => {$(
        #[test]
        fn $test() {
            let agent = agent_of($file);
            let home = Home::new();
            home.put(agent, fixture($file).as_bytes());
            let diff = agent_diff(&home.install(agent), agent);
            assert_snapshot(stringify!($test), &diff);
        }
    )*};
}

snapshot_diff! {
    diff_claude_permissions_env_statusline_2space => "claude-permissions-env-statusline-2space.json",
    diff_gemini_comments_auth_2space => "gemini-comments-auth-2space.json",
    diff_cursor_other_tool_hooks_2space => "cursor-other-tool-hooks-2space.json",
    diff_factory_tabs_crlf_no_final_newline => "factory-tabs-crlf-no-final-newline.json",
}
