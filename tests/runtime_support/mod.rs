//! Helpers for the runtime tests: a temporary home and git repository, the built binary run as the
//! agent runs it, and the real payloads of `tests/fixtures/payloads/` moved into the repository.
#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tempfile::TempDir;

pub struct Env {
    _dir: TempDir,
    pub home: PathBuf,
    pub repo: PathBuf,
}

#[derive(Debug)]
pub struct Out {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Env {
    /// A fresh home and a fresh `git init` repository (both real directories, never the real home).
    pub fn new() -> Env {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let home = root.join("home");
        let repo = root.join("repo");
        std::fs::create_dir_all(&home).unwrap();
        std::fs::create_dir_all(&repo).unwrap();
        let status = Command::new("git").args(["init", "-q"]).arg(&repo).status().unwrap();
        assert!(status.success());
        Env { _dir: dir, home, repo }
    }

    pub fn cmd(&self) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_gitvow"));
        cmd.env("HOME", &self.home).env_remove("XDG_CONFIG_HOME").current_dir(&self.repo);
        without_agent_markers(&mut cmd);
        cmd
    }

    /// `gitvow <args>` in a pseudo-terminal (util-linux `script`), as a person at a terminal runs it,
    /// typing `answer`. What the terminal shows comes back on stdout.
    pub fn in_terminal(&self, args: &str, answer: &str) -> Out {
        self.in_terminal_under(None, args, answer)
    }

    /// [`Env::in_terminal`], started by `launcher` (a script that stands for some parent process):
    /// `launcher` runs its arguments as a command.
    pub fn in_terminal_under(&self, launcher: Option<&Path>, args: &str, answer: &str) -> Out {
        let line = format!("{} {args}", env!("CARGO_BIN_EXE_gitvow"));
        let mut cmd = match launcher {
            Some(l) => {
                let mut c = Command::new(l);
                c.args(["script", "-qec", &line, "/dev/null"]);
                c
            }
            None => {
                let mut c = Command::new("script");
                c.args(["-qec", &line, "/dev/null"]);
                c
            }
        };
        cmd.env("HOME", &self.home).current_dir(&self.repo);
        without_agent_markers(&mut cmd);
        run(cmd, answer.as_bytes())
    }

    /// Runs `gitvow hook [--agent agent] event` with `payload` on stdin.
    pub fn hook(&self, agent: &str, event: &str, payload: impl AsRef<[u8]>) -> Out {
        let mut cmd = self.cmd();
        cmd.arg("hook");
        if agent != "claude" {
            cmd.args(["--agent", agent]);
        }
        cmd.arg(event);
        run(cmd, payload.as_ref())
    }

    pub fn gitvow(&self, args: &[&str]) -> Out {
        let mut cmd = self.cmd();
        cmd.args(args);
        run(cmd, b"")
    }

    /// A fixture payload with its recorded working directory replaced by this repository.
    pub fn payload(&self, name: &str) -> Value {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/payloads").join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let value: Value = serde_json::from_str(&text).unwrap();
        let old_cwd = value
            .get("cwd")
            .and_then(Value::as_str)
            .or_else(|| ["workspace_roots", "workspaceRoots"].iter().find_map(|k| value.get(*k)?.get(0)?.as_str()))
            .unwrap()
            .to_string();
        serde_json::from_str(&text.replace(&old_cwd, self.repo.to_str().unwrap())).unwrap()
    }

    pub fn write(&self, rel: &str, text: &str) -> PathBuf {
        let path = if let Some(rest) = rel.strip_prefix("~/") { self.home.join(rest) } else { self.repo.join(rel) };
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    /// An executable script (a provider, a classifier, an adapter).
    pub fn script(&self, rel: &str, body: &str) -> PathBuf {
        let path = self.write(rel, &format!("#!/bin/sh\n{body}\n"));
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    pub fn log_lines(&self) -> Vec<Value> {
        let text = std::fs::read_to_string(self.repo.join(".git/gitvow-hooks.log")).unwrap_or_default();
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }
}

/// Removes the variables agents set for the commands they run (the agent table's `env_markers`):
/// a test run from inside an agent must not look like one to gitvow.
pub fn without_agent_markers(cmd: &mut Command) {
    for marker in gitvow::agents::AGENTS.iter().flat_map(|a| a.env_markers) {
        cmd.env_remove(marker);
    }
}

/// Runs `cmd` with `stdin`; a signal reads as exit -1. Output must be UTF-8.
pub fn run(cmd: Command, stdin: &[u8]) -> Out {
    let out = output(cmd, stdin);
    Out {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// Runs `cmd` with `stdin`: the exit code (`None` for a signal), stdout and stderr as text.
pub fn run_status(cmd: Command, stdin: &[u8]) -> (Option<i32>, String, String) {
    let out = output(cmd, stdin);
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Feeds `stdin` from a thread (a child that does not read it must not block the test) and waits.
fn output(mut cmd: Command, stdin: &[u8]) -> std::process::Output {
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// A Claude-shape PreToolUse payload in `cwd`.
pub fn claude_payload(cwd: &Path, tool: &str, input: Value) -> Value {
    serde_json::json!({
        "session_id": "s-1",
        "transcript_path": "/tmp/t.jsonl",
        "cwd": cwd,
        "permission_mode": "bypassPermissions",
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": input,
    })
}

pub fn bash(cwd: &Path, command: &str) -> Value {
    claude_payload(cwd, "Bash", serde_json::json!({"command": command}))
}

pub fn set(mut v: Value, key: &str, value: Value) -> Value {
    v.as_object_mut().unwrap().insert(key.to_string(), value);
    v
}

pub fn text(v: &Value) -> String {
    v.to_string()
}
