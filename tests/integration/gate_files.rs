//! The gate's own files cannot be turned against it: a symlink, a FIFO, a held lock or an endless
//! `/proc` file where the hook reads or writes is answered at once (blocked during PreToolUse, with
//! a one-line reason), with bounded memory, and the file it names is left alone.

use crate::support::{BIN, Cmd, Output, Sandbox, bash, mkfifo};
use std::time::{Duration, Instant};

/// The hook's answer to a claude Bash call of `command` from `cwd`, with its address space capped
/// at 1 GiB (an unbounded read then ends in an allocation failure, not in the machine's memory),
/// failing the test if it takes more than 10 s (an agent's hook timeout would let the call through)
/// or its peak memory (GNU time's, at the end of stderr) passes 64 MiB: under a memory limit, an
/// agent that fails open lets the call through when the hook is killed.
fn hook_within(env: &Sandbox, cwd: &std::path::Path, command: &str) -> Output {
    let payload = bash(cwd, command).to_string();
    let line = format!("ulimit -v 1048576; exec /usr/bin/time -f 'peak %M' {} hook PreToolUse", shell_words::quote(BIN));
    let cmd: Cmd = env.tool("sh").args(["-c", &line]).stdin(payload.clone());
    let started = Instant::now();
    let mut child = cmd.spawn();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(payload.as_bytes());
    }
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if started.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the hook did not answer `{command}` within 10 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let (stderr, peak) = stderr.rsplit_once("peak ").unwrap_or_else(|| panic!("no peak memory from GNU time: {stderr}"));
    let peak_kib: u64 = peak.trim().parse().unwrap();
    assert!(peak_kib < 64 << 10, "the hook used {peak_kib} KiB for `{command}`");
    // GNU time adds a line of its own for a non-zero exit.
    let stderr = stderr.lines().filter(|l| !l.starts_with("Command exited with non-zero status")).map(|l| format!("{l}\n")).collect();
    Output { code: out.status.code().unwrap_or(-1), stdout: String::from_utf8_lossy(&out.stdout).into_owned(), stderr, signal: None }
}

fn assert_blocked(out: &Output, reason: &str) {
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.starts_with("BLOCKED by gitvow") && out.stderr.contains(reason), "{out:?}");
}

#[test]
fn a_symlink_at_the_hook_log_is_never_written_through_and_the_call_is_answered() {
    let env = Sandbox::with_repo();
    let settings = env.write("~/.claude/settings.json", "{\n  \"hooks\": {}\n}\n");
    let log = env.repo().join(".git/gitvow-hooks.log");
    std::os::unix::fs::symlink(&settings, &log).unwrap();
    let out = hook_within(&env, env.repo(), "ls");
    assert_blocked(&out, "the hook log is a symlink, not a regular file");
    assert!(out.stderr.lines().count() <= 2, "{out:?}");
    assert_eq!(std::fs::read_to_string(&settings).unwrap(), "{\n  \"hooks\": {}\n}\n", "a byte of the link's target changed");
    assert!(std::fs::symlink_metadata(&log).unwrap().file_type().is_symlink(), "the link is left alone");
    // The same in gitvow's own directory, outside any repository.
    let home_log = env.home().join(".gitvow/hooks.log");
    std::fs::create_dir_all(home_log.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&settings, &home_log).unwrap();
    assert_blocked(&hook_within(&env, env.home(), "ls"), "the hook log is a symlink");
    assert_eq!(std::fs::read_to_string(&settings).unwrap(), "{\n  \"hooks\": {}\n}\n");
}

#[test]
fn a_fifo_at_the_hook_log_or_a_held_rotation_lock_never_holds_the_hook() {
    let env = Sandbox::with_repo();
    let log = env.repo().join(".git/gitvow-hooks.log");
    mkfifo(&log);
    assert_blocked(&hook_within(&env, env.repo(), "ls"), "the hook log is a FIFO, not a regular file");
    std::fs::remove_file(&log).unwrap();

    // A full log is set aside under a lock; someone holding that lock must not hold the hook.
    std::fs::File::create(&log).unwrap().set_len(9 << 20).unwrap();
    let lock = env.repo().join(".git/gitvow-hooks.log.lock");
    let mut holder = env.tool("flock").args([lock.to_str().unwrap(), "sleep", "30"]).command().spawn().unwrap();
    let until = Instant::now() + Duration::from_secs(5);
    while !lock.exists() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = hook_within(&env, env.repo(), "ls");
    let _ = holder.kill();
    let _ = holder.wait();
    assert_eq!(out.code, 0, "{out:?}");
    // A FIFO in the lock's place does not hold it either.
    std::fs::remove_file(&lock).unwrap();
    mkfifo(&lock);
    assert_eq!(hook_within(&env, env.repo(), "ls").code, 0);
}

#[test]
fn an_endless_proc_file_read_for_the_analyser_is_answered_within_the_deadline() {
    let env = Sandbox::with_repo();
    for command in
        ["psql -f /proc/self/pagemap; git push --force origin main", "psql mydb < /proc/self/pagemap; git push --force origin main"]
    {
        let out = hook_within(&env, env.repo(), command);
        assert_eq!(out.code, 2, "{command}: {out:?}");
        assert!(out.stderr.starts_with("BLOCKED by gitvow"), "{command}: {out:?}");
    }
}

#[test]
fn a_dot_git_that_is_endless_or_a_fifo_answers_every_call_from_there_as_a_broken_setup() {
    let env = Sandbox::with_repo();
    let sub = env.repo().join("vendor/lib");
    std::fs::create_dir_all(&sub).unwrap();
    std::os::unix::fs::symlink("/proc/self/pagemap", sub.join(".git")).unwrap();
    // (pagemap refuses reads of a size that is not a multiple of 8; either way it is never read whole.)
    assert_blocked(&hook_within(&env, &sub, "ls"), "the repository's .git file");
    std::fs::remove_file(sub.join(".git")).unwrap();
    mkfifo(&sub.join(".git"));
    assert_blocked(&hook_within(&env, &sub, "ls"), "the repository's .git file is a FIFO");
    // A `.git` file as git writes it still names the repository.
    std::fs::remove_file(sub.join(".git")).unwrap();
    std::fs::write(sub.join(".git"), format!("gitdir: {}\n", env.repo().join(".git").display())).unwrap();
    assert_eq!(hook_within(&env, &sub, "ls").code, 0);
}
