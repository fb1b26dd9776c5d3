//! What a person meets when something is wrong: one form for every error, true hints, no panics.

use crate::support::{CMD, Sandbox, bash};
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error_and_under_hook_the_blocking_answer() {
    let env = Sandbox::with_repo();
    let bad = OsStr::from_bytes(b"ls\xff");
    let out = env.gitvow().arg("check").arg("--").arg(bad).run().status(64);
    assert!(out.stderr.starts_with("gitvow: ") && out.stderr.contains("\n  hint: "), "{out:?}");
    assert!(!out.stderr.contains("internal error"), "{out:?}");
    let out = env.gitvow().arg("hook").arg(OsStr::from_bytes(b"PreToolUse\xff")).stdin(bash(env.repo(), "ls").to_string()).run();
    assert_eq!(out.code, 2, "claude reads exit 2 as the block: {out:?}");
    assert!(!out.stderr.contains("internal error"), "{out:?}");
}

#[test]
fn errors_of_the_command_line_have_gitvows_form() {
    let env = Sandbox::new();
    let out = env.run(["install", "--frobnicate"]).status(64);
    assert!(out.stderr.starts_with("gitvow: unexpected argument '--frobnicate' found\n  hint: "), "{out:?}");
    assert_eq!(out.stderr.lines().count(), 2, "{out:?}");
    let out = env.run(["check", "--bogus"]).status(64);
    out.stderr_has("  hint: put the command after `--`: gitvow check -- git push --force");
    // A missing argument is named.
    let out = env.run(["ask", "gate_bearing"]).status(64);
    assert_eq!(out.stderr, "gitvow: missing argument <SUBJECT>\n  hint: see `gitvow ask --help`\n");
    let out = env.run(["ask"]).status(64);
    out.stderr_has("gitvow: missing arguments <QUESTION>, <SUBJECT>\n");
    // An option that is not one of the subcommand's is not to be passed as a value (clap's
    // `use '-- --json'`).
    let out = env.run(["trust", "--json"]).status(64);
    out.stderr_has("  hint: `--json` is not an option of gitvow trust; see `gitvow trust --help`\n");
    let out = env.run(["install", "--repo", "x"]).status(64);
    out.stderr_has("  hint: `--repo` is not an option of gitvow install; see `gitvow install --help`\n");
    assert!(!out.stderr.contains("-- --"), "{out:?}");
}

#[test]
fn gitvow_alone_prints_its_help_on_stdout() {
    let env = Sandbox::new();
    let out = env.run(Vec::<&str>::new()).ok();
    out.stdout_has("Usage: gitvow");
    assert_eq!(out.stderr, "");
}

#[test]
fn a_policy_directory_that_does_not_exist_is_an_error() {
    let env = Sandbox::new();
    let missing = env.outside("missing");
    for dir in ["show", missing.to_str().unwrap()] {
        let out = env.run(["policy", dir]).status(64);
        out.stderr_has("no such file or directory");
        out.stderr_has("`gitvow policy check FILE` validates a file");
    }
}

#[test]
fn outside_a_repository_every_command_that_needs_one_exits_alike() {
    let env = Sandbox::new();
    let elsewhere = env.outside("plain");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let dir = elsewhere.to_str().unwrap();
    for args in [
        vec!["install", dir, "--agent", "claude", "--yes"],
        vec!["uninstall", dir, "--yes"],
        vec!["doctor", dir],
        vec!["log", "--repo", dir],
    ] {
        let out = env.run(&args);
        assert_eq!(out.code, 64, "{args:?}: {out:?}");
        out.stderr_has("is not inside a git repository");
    }
    // `trust` asks a person first: at a terminal.
    let out = env.in_terminal(["trust", dir], "");
    assert_eq!(out.code, 64, "{out:?}");
    out.stdout_has("is not inside a git repository");
}

#[test]
fn a_misspelt_when_is_refused_where_it_is() {
    let env = Sandbox::new();
    env.write("~/.gitvow/policy.json", "{\n  \"bash_confirm\": [{\"pattern\": \"^rm\", \"reason\": \"r\", \"when\": \"observ\"}]\n}\n");
    let out = env.run(["policy", "check"]).status(1);
    out.stderr_has("policy.json:2:");
    out.stderr_has("`bash_confirm[0].when` is `observ` (did you mean `observe`?)");
    for when in ["observe", "immediate", "commit"] {
        env.write(
            "~/.gitvow/policy.json",
            format!("{{\"bash_confirm\": [{{\"pattern\": \"^rm\", \"reason\": \"r\", \"when\": \"{when}\"}}]}}"),
        );
        env.run(["policy", "check"]).ok();
    }
}

#[test]
fn an_empty_path_or_tool_is_a_usage_error_not_the_home_directory() {
    let env = Sandbox::new();
    env.run(["check", "--path", ""]).status(64);
    env.run(["check", "--mcp", ""]).status(64);
}

#[test]
fn policy_check_without_a_policy_file_says_the_default_is_in_force() {
    let env = Sandbox::new();
    let out = env.run(["policy", "check"]).ok();
    out.stdout_has("the built-in default policy is in force");
    assert!(!out.stderr.contains("blocks every tool call"), "{out:?}");
    // A file named that does not exist is an error, and says nothing untrue about blocking.
    let out = env.run(["policy", "check", "nothere.json"]).status(64);
    assert!(!out.stderr.contains("blocks every tool call"), "{out:?}");
}

#[test]
fn colour_follows_term_and_clicolor_force() {
    let env = Sandbox::new();
    let preview = ["install", "--user", "--agent", "claude", "--dry-run", "--command", CMD, "--force"];
    // A terminal that says it is dumb (TERM=dumb, as the test terminal sets) gets no colour.
    let out = env.in_terminal(preview, "");
    assert!(!out.stdout.contains('\x1b'), "{out:?}");
    // CLICOLOR_FORCE colours a pipe; NO_COLOR wins over it.
    let forced = env.gitvow().args(preview).env("CLICOLOR_FORCE", "1").run().ok();
    assert!(forced.stdout.contains("\x1b["), "{forced:?}");
    let plain = env.gitvow().args(preview).env("CLICOLOR_FORCE", "1").env("NO_COLOR", "1").run().ok();
    assert!(!plain.stdout.contains('\x1b'), "{plain:?}");
}

#[test]
fn the_log_says_its_times_are_utc() {
    let env = Sandbox::with_repo();
    env.hook("claude", "PreToolUse", bash(env.repo(), "ls").to_string()).ok();
    let out = env.run(["log"]).ok();
    let header = out.stdout.lines().next().unwrap_or_default();
    assert!(header.starts_with("time (UTC)") && header.contains("verdict"), "{}", out.stdout);
}

#[test]
fn check_policy_and_log_take_color_like_the_other_commands() {
    let env = Sandbox::with_repo();
    env.hook("claude", "PreToolUse", bash(env.repo(), "rm -rf /").to_string());
    let out = env.run(["check", "--color", "always", "--", "rm -rf /"]).status(2);
    out.stdout_has("verdict: \x1b[31mdeny\x1b[0m");
    env.run(["log", "--color", "always"]).ok().stdout_has("\x1b[31mdeny    \x1b[0m");
    env.write(".gitvow/policy.json", "{ broken");
    env.run(["policy", "--color", "always"]).status(1).stdout_has("\x1b[31mPROBLEM\x1b[0m");
    for args in [vec!["check", "--color", "never", "--", "rm -rf /"], vec!["log", "--color", "never"], vec!["policy", "--color", "never"]] {
        assert!(!env.run(&args).stdout.contains('\x1b'), "{args:?}");
    }
}

#[test]
fn naming_a_policy_file_where_a_directory_goes_points_at_the_command_that_validates_it() {
    let env = Sandbox::with_repo();
    let file = env.write(".gitvow/policy.json", "{}");
    let out = env.run(["policy", file.to_str().unwrap()]).status(64);
    let commands = super::pasted::printed_commands(&out.stderr);
    assert_eq!(commands, [format!("gitvow policy check {}", file.display())], "{out:?}");
    super::pasted::paste(&env, env.home(), &commands[0]).ok().stdout_has("ok: ");
}

#[test]
fn a_file_where_gitvows_directory_goes_is_named_with_a_hint_that_fits_the_scope() {
    let env = Sandbox::new();
    env.write("~/.gitvow", "not a directory");
    let out = env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]);
    assert_eq!(out.code, 1, "{out:?}");
    out.stderr_has("~/.gitvow is a file, where a directory must be");
    out.stderr_has("hint: nothing was written; move ~/.gitvow out of the way, then run gitvow again");
    assert!(!out.stderr.contains("--user"), "--user was given: {out:?}");
    assert!(!env.home().join(".claude/settings.json").exists());
    // Done as the hint says, the same command works.
    std::fs::rename(env.home().join(".gitvow"), env.home().join("gitvow-was-here")).unwrap();
    env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
}

/// A directory named on the command line that does not exist is one usage error in every command
/// that takes one (the README's exit 64), asked before anything else (trust's terminal, a
/// repository search).
#[test]
fn a_named_directory_that_does_not_exist_is_the_same_usage_error_everywhere() {
    let env = Sandbox::new();
    let missing = env.outside("missing");
    let dir = missing.to_str().unwrap();
    for args in [
        vec!["install", dir, "--agent", "claude", "--yes"],
        vec!["uninstall", dir, "--yes"],
        vec!["doctor", dir],
        vec!["log", "--repo", dir],
        vec!["trust", dir],
        vec!["trust", "--revoke", dir],
        vec!["policy", dir],
    ] {
        let out = env.run(&args);
        assert_eq!(out.code, 64, "{args:?}: {out:?}");
        let want = format!("gitvow: cannot open the directory {dir}: no such file or directory\n");
        assert!(out.stderr.starts_with(&want), "{args:?}: {out:?}");
    }
}

/// `gitvow install … | head -1`: a reader that goes away ends nothing half-way. The run finishes
/// (its files written), and what standard output could not take is on standard error after one
/// line saying why; a run that only shows something ends quietly; no command panics.
#[test]
fn a_reader_that_goes_away_loses_nothing_of_the_run_or_its_report() {
    let env = Sandbox::new();
    let closed = |args: &[&str]| {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = env.gitvow().args(args).command().stdout(writer).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(!stderr.contains("panicked") && out.status.code().is_some_and(|c| c != 101), "{args:?}: {stderr}");
        (out.status.code(), stderr)
    };
    let (code, stderr) = closed(&["install", "--user", "--agent", "claude", "--yes"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.starts_with("gitvow: standard output was closed by its reader (a pipe such as `| head`)"), "{stderr}");
    assert!(stderr.contains("claude: installed in ~/.claude/settings.json"), "{stderr}");
    assert!(env.home().join(".claude/settings.json").is_file() && env.home().join(".gitvow/install-record.json").is_file());
    // `2>&1 | head -1`: standard error goes with it, so the rest of the report has nowhere to go;
    // the run still finishes (it aborted with 134 and no word, writing to the closed error).
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let both = writer.try_clone().unwrap();
    let out = env.gitvow().args(["install", "--user", "--agent", "codex", "--yes"]).command().stdout(writer).stderr(both).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(env.home().join(".codex/hooks.json").is_file());
    // A run that only shows something ends quietly, as a Unix tool does: `gitvow log | head` is not
    // followed by the rest of the log on the terminal.
    for args in [&["completions", "bash"][..], &["man"], &["policy"], &["doctor", "--user"], &["check", "--", "ls"], &["--help"], &["log"]]
    {
        let (_, stderr) = closed(args);
        assert!(!stderr.contains("the rest of the output follows"), "{args:?}: {stderr}");
    }
}
