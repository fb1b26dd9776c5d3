//! A temporary home directory and repositories to run the built gitvow binary in. Tests never touch
//! the real home directory: HOME points into a temporary directory and PATH holds only the system's
//! directories (so that no agent installed on the machine is "found").
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub const BIN: &str = env!("CARGO_BIN_EXE_gitvow");
/// A fixed command path, so that written files do not depend on where the test binary lives.
pub const CMD: &str = "/opt/gitvow/bin/gitvow";

pub struct Env {
    dir: tempfile::TempDir,
    extra_env: Vec<(String, String)>,
}

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Fails the test with everything the run printed.
    #[track_caller]
    pub fn ok(self) -> Run {
        assert_eq!(self.code, 0, "exit {}\nstdout:\n{}\nstderr:\n{}", self.code, self.stdout, self.stderr);
        self
    }
}

impl Env {
    pub fn new() -> Env {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir(dir.path().join("home")).unwrap();
        Env { dir, extra_env: Vec::new() }
    }

    pub fn env(mut self, key: &str, value: &str) -> Env {
        self.extra_env.push((key.into(), value.into()));
        self
    }

    pub fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    /// A path under the temporary directory (outside the home directory).
    pub fn outside(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    /// A fresh git repository under the temporary directory.
    pub fn repo(&self, name: &str) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::create_dir_all(&path).unwrap();
        let status = Command::new("git").args(["init", "-q"]).current_dir(&path).status().expect("git");
        assert!(status.success());
        path
    }

    pub fn write(&self, path: &Path, content: impl AsRef<[u8]>) {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(path, content).unwrap();
    }

    pub fn write_home(&self, rel: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let path = self.home().join(rel);
        self.write(&path, content);
        path
    }

    pub fn read_home(&self, rel: &str) -> String {
        std::fs::read_to_string(self.home().join(rel)).unwrap_or_else(|e| panic!("read ~/{rel}: {e}"))
    }

    /// Runs gitvow with no standard input (as a script or CI would) in `cwd`.
    pub fn run_in(&self, cwd: &Path, args: &[&str]) -> Run {
        self.run_with_input(cwd, args, None)
    }

    /// Runs gitvow in `cwd` with `input` on its standard input (`None`: no input at all).
    pub fn run_with_input(&self, cwd: &Path, args: &[&str], input: Option<&str>) -> Run {
        use std::io::Write;
        let mut child = Command::new(BIN)
            .args(args)
            .current_dir(cwd)
            .env_clear()
            .env("HOME", self.home())
            .env("PATH", "/usr/local/bin:/usr/bin:/bin")
            .envs(self.extra_env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run gitvow");
        if let (Some(text), Some(mut stdin)) = (input, child.stdin.take()) {
            stdin.write_all(text.as_bytes()).expect("write stdin");
        }
        let out = child.wait_with_output().expect("wait for gitvow");
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    pub fn run(&self, args: &[&str]) -> Run {
        self.run_in(&self.home(), args)
    }
}

/// Modification time, to prove a file was not rewritten.
pub fn mtime(path: &Path) -> std::time::SystemTime {
    std::fs::metadata(path).unwrap().modified().unwrap()
}
