//! A kill at any file-system step of a multi-file install or uninstall, and a failed record write,
//! leave a state from which a plain `gitvow uninstall` gives back every file byte for byte, codex's
//! `config.toml` included. Debug builds of gitvow kill themselves at the N-th step when
//! `GITVOW_TEST_KILL_AT_STEP=N` is set (see `src/safefs/faults.rs`); N is raised until a run completes.

use crate::support::{CMD, Sandbox};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const INSTALL: &[&str] =
    &["install", "--user", "--agent", "claude", "--agent", "codex", "--agent", "gemini", "--yes", "--command", CMD, "--force"];
const UNINSTALL: &[&str] = &["uninstall", "--user", "--yes"];

/// Claude's settings with a byte-order mark (claude drops a file with a comment) and an empty `hooks`
/// the user wrote, codex's `config.toml`
/// without a `[features]` table, and no gemini directory at all.
fn home_with_agents() -> Sandbox {
    let env = Sandbox::new();
    env.write("~/.claude/settings.json", "\u{feff}{\n  \"model\": \"opus\",\n  \"hooks\": {}\n}\n");
    env.write("~/.codex/config.toml", "model = \"o3\"\n\n[profiles.fast]\nmodel = \"o4-mini\"\n");
    env
}

/// Every file and directory under the home directory except gitvow's own `~/.gitvow`, with its
/// bytes (`None` for a directory).
fn tree(home: &Path) -> BTreeMap<PathBuf, Option<Vec<u8>>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Option<Vec<u8>>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(root).unwrap().to_path_buf();
            if rel == Path::new(".gitvow") {
                continue;
            }
            if path.is_dir() {
                out.insert(rel, None);
                walk(root, &path, out);
            } else {
                out.insert(rel, Some(std::fs::read(&path).unwrap()));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(home, home, &mut out);
    out
}

/// Runs gitvow with `vars`; `Err(step)` when it was killed, naming the step it was killed at.
fn run(env: &Sandbox, args: &[&str], vars: &[(&str, String)]) -> Result<(i32, String), String> {
    let mut cmd = env.gitvow().args(args).env("GITVOW_TEST_TRACE_STEPS", "1");
    for (key, value) in vars {
        cmd = cmd.env(key, value);
    }
    let out = cmd.run();
    if out.signal == Some(libc::SIGKILL) {
        let step = out.stderr.lines().rfind(|l| l.starts_with("gitvow: step ")).unwrap_or("?").to_string();
        return Err(step);
    }
    Ok((out.code, out.stderr))
}

#[track_caller]
fn ok(env: &Sandbox, args: &[&str]) {
    let (code, stderr) = run(env, args, &[]).unwrap();
    assert_eq!(code, 0, "{args:?}: {stderr}");
}

fn leftovers(env: &Sandbox) -> Vec<PathBuf> {
    tree(env.home()).into_keys().filter(|p| p.to_string_lossy().contains(".gitvow-tmp-")).collect()
}

/// Kills `args` at step 1, 2, ... until a run completes; after each kill, `prepare` is undone by a
/// plain uninstall, which must give back `original`. Returns how many steps were killed.
fn kill_at_every_step(env: &Sandbox, prepare: &[&[&str]], args: &[&str], original: &BTreeMap<PathBuf, Option<Vec<u8>>>) -> usize {
    for n in 1.. {
        for p in prepare {
            ok(env, p);
        }
        match run(env, args, &[("GITVOW_TEST_KILL_AT_STEP", n.to_string())]) {
            Ok((code, stderr)) => {
                assert_eq!(code, 0, "{args:?} with no kill: {stderr}");
                ok(env, UNINSTALL);
                assert!(tree(env.home()) == *original, "{args:?} completed, then uninstall: not the original");
                return n - 1;
            }
            Err(step) => {
                ok(env, UNINSTALL);
                let now = tree(env.home());
                if now != *original {
                    let differ: Vec<_> = original.keys().chain(now.keys()).filter(|k| original.get(*k) != now.get(*k)).collect();
                    panic!("{args:?} killed at {step}, then uninstall: these differ from before the install: {differ:?}");
                }
                assert!(leftovers(env).is_empty(), "killed at {step}: {:?}", leftovers(env));
            }
        }
    }
    unreachable!()
}

#[test]
fn a_kill_at_any_step_of_install_or_uninstall_is_undone_byte_for_byte_by_uninstall() {
    let env = home_with_agents();
    let original = tree(env.home());
    let install_steps = kill_at_every_step(&env, &[], INSTALL, &original);
    let uninstall_steps = kill_at_every_step(&env, &[INSTALL], UNINSTALL, &original);
    // A second install over a first one (the record already there), killed at each step.
    let reinstall_steps = kill_at_every_step(
        &env,
        &[INSTALL, &["install", "--user", "--agent", "claude", "--yes", "--command", "/other/gitvow", "--force"]],
        INSTALL,
        &original,
    );
    assert!(install_steps > 10 && uninstall_steps > 5, "{install_steps} {uninstall_steps}");
    let _ = std::io::Write::write_all(
        &mut std::io::stderr(),
        format!("crash steps: a SIGKILL at each of {install_steps} install steps, {uninstall_steps} uninstall steps and {reinstall_steps} update steps (claude, codex with config.toml, gemini in a new directory), each followed by a plain uninstall: every file byte for byte as before the first install\n").as_bytes(),
    );
}

/// Runs `args` with the `nth` record write of the run failing: it must exit 1 naming the record,
/// and leave every file and the record as they were.
#[track_caller]
fn record_write_fails(env: &Sandbox, args: &[&str], nth: &str) {
    let record = env.home().join(".gitvow/install-record.json");
    let (files, recorded) = (tree(env.home()), std::fs::read(&record).ok());
    let (code, stderr) = run(env, args, &[("GITVOW_TEST_FAIL_RECORD_WRITE", nth.into())]).unwrap();
    let stderr: String = stderr.lines().filter(|l| !l.starts_with("gitvow: step ")).collect();
    assert_eq!(code, 1, "{args:?}, record write {nth}: {stderr}");
    assert!(stderr.contains("install-record.json") && (stderr.contains("put back") || stderr.contains("nothing was written")), "{stderr}");
    assert!(tree(env.home()) == files, "{args:?}, record write {nth} failed: the files are not as before");
    assert_eq!(std::fs::read(&record).ok(), recorded, "{args:?}, record write {nth} failed: the record is not as before");
}

#[test]
fn a_failed_record_write_rolls_the_run_back() {
    let env = home_with_agents();
    let original = tree(env.home());
    // The record written before the files.
    record_write_fails(&env, INSTALL, "1");
    ok(&env, INSTALL);
    // The record written after them: an update (another command path) and an uninstall.
    record_write_fails(
        &env,
        &["install", "--user", "--agent", "claude", "--agent", "codex", "--yes", "--command", "/other/gitvow", "--force"],
        "2",
    );
    record_write_fails(&env, UNINSTALL, "1");
    ok(&env, UNINSTALL);
    assert!(tree(env.home()) == original);
}
