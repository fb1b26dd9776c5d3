//! What the tests share: a temporary home directory and git repositories ([`Sandbox`]), the one
//! builder every process a test starts goes through ([`Cmd`]), what such a run printed and how it
//! ended ([`Output`]), the reviewed snapshots, and the shapes of the agents' payloads.
//!
//! # The environment rule
//!
//! A child starts from an empty environment (`env_clear`), then gets `PATH` ([`system_path`] unless
//! the test sets its own), `HOME` where it runs in a sandbox, and only the variables the test sets:
//! on the sandbox ([`Sandbox::env`], for each of its commands) or on the command ([`Cmd::env`]).
//! Nothing of the developer's environment reaches the child: not their home, not an agent or a
//! gitvow on their PATH, and not the markers an agent sets for the commands it runs (the agent
//! table's `env_markers`), which would make a test started from inside an agent look to gitvow like
//! that agent's tool call.
//!
//! The few tests that need more than [`Cmd::run`] (a child to kill, outputs to close, many children
//! at once) take [`Cmd::command`], under the same rule; a test of library code that reads the
//! process's own environment runs again in a process of its own ([`rerun_alone`]).

pub mod agent_files;
pub mod doctor;
pub mod person_terminal;
pub mod records;
pub mod system_path;
pub mod witness;

use serde_json::Value;
use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_gitvow");
/// A fixed command path for `install --command`, so that written files do not depend on where the
/// test binary was built.
pub const CMD: &str = "/opt/gitvow/bin/gitvow";
/// The `PATH` of every child that is not given another: the system's programs only, without any
/// gitvow decides by (an agent's CLI, gitvow, the programs of an agent's sandbox), so that nothing
/// installed on this machine is "found" ([`system_path`]).
pub fn system_path() -> &'static str {
    static PATH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PATH.get_or_init(|| system_path::without(&["bwrap", "socat"]).to_string_lossy().into_owned())
}
/// Every built-in agent, in the agent table's order.
pub const ALL: [&str; 11] = ["claude", "codex", "gemini", "cursor", "copilot", "factory", "opencode", "qwen", "cline", "kilo", "auggie"];
/// The reviewed snapshots, one file per name (no module prefix).
const SNAPSHOTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots");
/// Hook payloads as the agents sent them: the probe payloads gitvow ships (one per agent), then the
/// others.
const PAYLOADS: [&str; 2] =
    [concat!(env!("CARGO_MANIFEST_DIR"), "/templates/probes"), concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/payloads")];

/// A temporary directory holding a home directory (`home/`), git repositories made on request, and
/// whatever else a test puts there; removed when dropped. Paths are canonical.
pub struct Sandbox {
    _dir: tempfile::TempDir,
    root: PathBuf,
    home: PathBuf,
    repo: Option<PathBuf>,
    env: Vec<(OsString, OsString)>,
}

impl Sandbox {
    /// A home directory and nothing else; commands run in the home directory.
    pub fn new() -> Sandbox {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let root = dir.path().canonicalize().unwrap();
        let home = root.join("home");
        std::fs::create_dir(&home).unwrap();
        Sandbox { _dir: dir, root, home, repo: None, env: Vec::new() }
    }

    /// A home directory and the git repository `repo/`, where commands run.
    pub fn with_repo() -> Sandbox {
        let mut sandbox = Sandbox::new();
        sandbox.repo = Some(sandbox.git_repo("repo"));
        sandbox
    }

    /// Sets `key` for every command of this sandbox (`PATH` replaces [`system_path`]).
    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Sandbox {
        self.env.push((key.as_ref().into(), value.as_ref().into()));
        self
    }

    /// The temporary directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn home(&self) -> &Path {
        &self.home
    }

    /// The repository of [`Sandbox::with_repo`].
    pub fn repo(&self) -> &Path {
        self.repo.as_deref().expect("a sandbox made with Sandbox::with_repo")
    }

    /// A path in the temporary directory, outside the home directory.
    pub fn outside(&self, rel: impl AsRef<Path>) -> PathBuf {
        self.root.join(rel)
    }

    /// `~/rel` in the home directory, `rel` in the repository, an absolute path as it is.
    pub fn path(&self, at: impl AsRef<Path>) -> PathBuf {
        let at = at.as_ref();
        match at.strip_prefix("~") {
            Ok(rel) => self.home.join(rel),
            Err(_) if at.is_absolute() => at.to_path_buf(),
            Err(_) => self.repo().join(at),
        }
    }

    /// Writes `content` at [`Sandbox::path`]`(at)`, making its directories.
    pub fn write(&self, at: impl AsRef<Path>, content: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path(at);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap();
        }
        write_file(&path, content.as_ref());
        path
    }

    /// The text at [`Sandbox::path`]`(at)`.
    #[track_caller]
    pub fn read(&self, at: impl AsRef<Path>) -> String {
        let path = self.path(at);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
    }

    /// An executable shell script (a provider, an adapter, a stand-in for a program).
    pub fn script(&self, at: impl AsRef<Path>, body: &str) -> PathBuf {
        let path = self.write(at, format!("#!/bin/sh\n{body}\n"));
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// A fresh git repository at `at` (a path in the temporary directory unless absolute).
    pub fn git_repo(&self, at: impl AsRef<Path>) -> PathBuf {
        let path = self.outside(at);
        std::fs::create_dir_all(&path).unwrap();
        self.tool("git").args(["init", "-q"]).arg(&path).run().ok();
        path
    }

    /// A fixture payload with its recorded working directory replaced by the repository.
    pub fn payload(&self, name: &str) -> Value {
        let text = PAYLOADS
            .iter()
            .find_map(|dir| std::fs::read_to_string(Path::new(dir).join(name)).ok())
            .unwrap_or_else(|| panic!("no payload fixture {name}"));
        let value: Value = serde_json::from_str(&text).unwrap();
        let old_cwd = value
            .get("cwd")
            .and_then(Value::as_str)
            .or_else(|| ["workspace_roots", "workspaceRoots"].iter().find_map(|k| value.get(*k)?.get(0)?.as_str()))
            .unwrap()
            .to_string();
        serde_json::from_str(&text.replace(&old_cwd, self.repo().to_str().unwrap())).unwrap()
    }

    /// The repository's hook log, one JSON value a line.
    pub fn log_lines(&self) -> Vec<Value> {
        let text = std::fs::read_to_string(self.repo().join(".git/gitvow-hooks.log")).unwrap_or_default();
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    /// The built binary, in the repository (or the home directory where there is none), with this
    /// sandbox's `HOME` and variables.
    pub fn gitvow(&self) -> Cmd {
        self.tool(BIN)
    }

    /// A copy of the built binary of the sandbox's own (`bin/gitvow`, outside the home), run as
    /// [`Sandbox::gitvow`] runs gitvow. For the tables of verdicts: the gate protects the executable
    /// it runs as, so with the built one a case such as `rm -rf /tmp/x` would mean something else
    /// in a clone at `/tmp/x`.
    pub fn own_gitvow(&self) -> Cmd {
        self.tool(self.own_gitvow_path())
    }

    /// Where [`Sandbox::own_gitvow`] is (copied on the first call).
    pub fn own_gitvow_path(&self) -> PathBuf {
        let copy = self.root.join("bin/gitvow");
        if !copy.exists() {
            std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
            std::fs::copy(BIN, &copy).unwrap();
        }
        copy
    }

    /// `program` (found on the child's PATH unless it is a path) as [`Sandbox::gitvow`] runs gitvow.
    pub fn tool(&self, program: impl AsRef<OsStr>) -> Cmd {
        let mut cmd = Cmd::tool(program).home(&self.home).current_dir(self.repo.as_ref().unwrap_or(&self.home));
        // The machine's own settings (/etc) are never read: the sandbox has an empty system root.
        cmd.env.push(("GITVOW_SYSTEM_ROOT".into(), self.root.join("system").into()));
        cmd.env.extend(self.env.iter().cloned());
        cmd
    }

    /// `gitvow <args>` with no standard input, as a script or CI runs it.
    pub fn run(&self, args: impl IntoIterator<Item = impl AsRef<OsStr>>) -> Output {
        self.gitvow().args(args).run()
    }

    /// `gitvow <args>` in `dir`.
    pub fn run_in(&self, dir: impl AsRef<Path>, args: impl IntoIterator<Item = impl AsRef<OsStr>>) -> Output {
        self.gitvow().current_dir(dir).args(args).run()
    }

    /// `gitvow hook [--agent agent] event` with `payload` on its standard input, as the agent runs it
    /// (claude's entries name no agent).
    pub fn hook(&self, agent: &str, event: &str, payload: impl AsRef<[u8]>) -> Output {
        let agent: &[&str] = if agent == "claude" { &[] } else { &["--agent", agent] };
        self.gitvow().arg("hook").args(agent).arg(event).stdin(payload).run()
    }

    /// `gitvow <args>` as a person at a terminal runs it, typing `answer`.
    pub fn in_terminal(&self, args: impl IntoIterator<Item = impl AsRef<OsStr>>, answer: &str) -> Output {
        self.gitvow().args(args).on_terminal().stdin(answer).run()
    }
}

/// How long the input of a command on a terminal stays open after the answer when the command has
/// not ended: then it reads the end of the input (`^D`).
const TERMINAL_EOF_AFTER: Duration = Duration::from_secs(5);

/// A pseudo-terminal to run a command in.
#[derive(Clone, Default)]
struct Terminal {
    /// Rows and columns, set with `stty` before the command starts.
    size: Option<(u16, u16)>,
    /// A program started first, which runs its arguments as a command.
    launcher: Option<PathBuf>,
}

/// One process to start, built up call by call; [`Cmd::run`] starts it under the environment rule
/// (see the module's documentation) and waits for it.
#[must_use]
#[derive(Clone)]
pub struct Cmd {
    program: OsString,
    args: Vec<OsString>,
    dir: Option<PathBuf>,
    env: Vec<(OsString, OsString)>,
    stdin: Option<Vec<u8>>,
    user: Option<u32>,
    terminal: Option<Terminal>,
    witness: Option<witness::End>,
}

impl Cmd {
    /// `program`, found on the child's PATH unless it is a path.
    pub fn tool(program: impl AsRef<OsStr>) -> Cmd {
        Cmd {
            program: program.as_ref().into(),
            args: Vec::new(),
            dir: None,
            env: Vec::new(),
            stdin: None,
            user: None,
            terminal: None,
            witness: None,
        }
    }

    /// Runs `path` (a copy of the binary, a link to it, a stand-in) instead.
    pub fn program(mut self, path: impl AsRef<OsStr>) -> Cmd {
        self.program = path.as_ref().into();
        self
    }

    pub fn home(self, home: impl AsRef<Path>) -> Cmd {
        self.env("HOME", home.as_ref())
    }

    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> Cmd {
        self.dir = Some(dir.as_ref().into());
        self
    }

    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Cmd {
        self.args.push(arg.as_ref().into());
        self
    }

    pub fn args(mut self, args: impl IntoIterator<Item = impl AsRef<OsStr>>) -> Cmd {
        self.args.extend(args.into_iter().map(|a| a.as_ref().into()));
        self
    }

    /// Sets `key` for this command, over what the sandbox sets.
    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Cmd {
        self.env.push((key.as_ref().into(), value.as_ref().into()));
        self
    }

    /// What the child reads on its standard input (by default nothing: `/dev/null`). It is written
    /// from a thread, so that a child that does not read it cannot block the test.
    pub fn stdin(mut self, input: impl AsRef<[u8]>) -> Cmd {
        self.stdin = Some(input.as_ref().to_vec());
        self
    }

    /// Runs the child as user and group `id` (root only).
    pub fn user(mut self, id: u32) -> Cmd {
        self.user = Some(id);
        self
    }

    /// Runs the command in a pseudo-terminal (util-linux `script`, `TERM=dumb`): the standard input
    /// is what a person types, the standard output what the terminal shows.
    pub fn on_terminal(mut self) -> Cmd {
        self.terminal.get_or_insert_with(Terminal::default);
        self
    }

    /// [`Cmd::on_terminal`], on a terminal of `rows` and `cols`.
    pub fn screen(mut self, rows: u16, cols: u16) -> Cmd {
        self.terminal.get_or_insert_with(Terminal::default).size = Some((rows, cols));
        self
    }

    /// [`Cmd::on_terminal`], started by `launcher` (a script that stands for some parent process and
    /// runs its arguments as a command).
    pub fn launched_by(mut self, launcher: impl AsRef<Path>) -> Cmd {
        self.terminal.get_or_insert_with(Terminal::default).launcher = Some(launcher.as_ref().into());
        self
    }

    /// Hands the process `witness`'s writing end ([`witness::Witness`]), which whatever it starts
    /// inherits.
    pub fn witnessed(mut self, witness: &witness::Witness) -> Cmd {
        self.witness = Some(witness.end());
        self
    }

    /// The process as a `std::process::Command`, under the environment rule, with the standard
    /// input as set and the outputs piped: for the few tests that need more than [`Cmd::run`] (a
    /// child to kill, outputs to close or discard, many children at once).
    pub fn command(&self) -> Command {
        let mut cmd = match &self.terminal {
            None => {
                let mut cmd = Command::new(&self.program);
                cmd.args(&self.args);
                cmd
            }
            Some(terminal) => {
                let words: Vec<String> =
                    std::iter::once(&self.program).chain(&self.args).map(|w| w.to_string_lossy().into_owned()).collect();
                let mut line = shell_words::join(words);
                if let Some((rows, cols)) = terminal.size {
                    line = format!("stty rows {rows} cols {cols}; {line}");
                }
                let mut cmd = match &terminal.launcher {
                    Some(launcher) => {
                        let mut cmd = Command::new(launcher);
                        cmd.arg("script");
                        cmd
                    }
                    None => Command::new("script"),
                };
                cmd.args(["-qec", &line, "/dev/null"]);
                cmd
            }
        };
        cmd.env_clear().env("PATH", system_path());
        if self.terminal.is_some() {
            cmd.env("TERM", "dumb");
        }
        cmd.envs(self.env.iter().map(|(k, v)| (k, v)));
        if let Some(dir) = &self.dir {
            cmd.current_dir(dir);
        }
        if let Some(id) = self.user {
            cmd.uid(id).gid(id);
        }
        if let Some(end) = &self.witness {
            end.hand_to(&mut cmd);
        }
        cmd.stdin(if self.stdin.is_some() { Stdio::piped() } else { Stdio::null() }).stdout(Stdio::piped()).stderr(Stdio::piped());
        cmd
    }

    /// Starts the process ([`Cmd::command`]) in a turn of its own ([`WRITE_OR_START`]). A file
    /// written outside the turns (straight through `std::fs`) may still be held open for writing by
    /// another test thread's fork until that child has exec'd (`ETXTBSY`): starting is tried again
    /// meanwhile.
    pub fn spawn(&self) -> Child {
        let mut tries = 0;
        loop {
            let started = {
                let _turn = WRITE_OR_START.write().unwrap_or_else(std::sync::PoisonError::into_inner);
                self.command().spawn()
            };
            match started {
                Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && tries < 50 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(20));
                }
                other => return other.unwrap_or_else(|e| panic!("cannot start {}: {e}", self.program.display())),
            }
        }
    }

    /// Starts the process, writes its standard input and waits for it to end.
    ///
    /// On a terminal the input stays open after the answer until the command has ended (at most
    /// [`TERMINAL_EOF_AFTER`]): a `script` (util-linux 2.38) whose input ends before its command
    /// does takes two seconds more to exit.
    pub fn run(self) -> Output {
        let mut child = self.spawn();
        let (ended, wait_for_end) = std::sync::mpsc::channel::<()>();
        let on_terminal = self.terminal.is_some();
        let writer = self.stdin.map(|input| {
            let mut pipe = child.stdin.take().unwrap();
            std::thread::spawn(move || {
                let _ = pipe.write_all(&input);
                if on_terminal {
                    let _ = wait_for_end.recv_timeout(TERMINAL_EOF_AFTER);
                }
            })
        });
        let out = child.wait_with_output().unwrap_or_else(|e| panic!("waiting for {}: {e}", self.program.display()));
        drop(ended);
        if let Some(writer) = writer {
            writer.join().unwrap();
        }
        let text = |bytes: Vec<u8>, which: &str| {
            String::from_utf8(bytes)
                .unwrap_or_else(|e| panic!("{} printed bytes that are not UTF-8 on {which}: {e}", self.program.display()))
        };
        Output {
            code: out.status.code().unwrap_or(-1),
            stdout: text(out.stdout, "stdout"),
            stderr: text(out.stderr, "stderr"),
            signal: out.status.signal(),
        }
    }
}

/// How a run ended and what it printed.
#[derive(Debug)]
pub struct Output {
    /// The exit code, -1 when a signal ended the run.
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    /// The signal that ended the run.
    pub signal: Option<i32>,
}

impl Output {
    /// The exit code, `None` when a signal ended the run.
    pub fn exit_code(&self) -> Option<i32> {
        self.signal.is_none().then_some(self.code)
    }

    /// Fails the test, with everything the run printed, unless it exited `code`.
    #[track_caller]
    pub fn status(self, code: i32) -> Output {
        assert_eq!(self.code, code, "exit {}\nstdout:\n{}\nstderr:\n{}", self.code, self.stdout, self.stderr);
        self
    }

    /// [`Output::status`]`(0)`.
    #[track_caller]
    pub fn ok(self) -> Output {
        self.status(0)
    }

    /// Fails the test, with the standard output, unless that holds `needle`.
    #[track_caller]
    pub fn stdout_has(&self, needle: &str) -> &Output {
        assert!(self.stdout.contains(needle), "stdout lacks {needle:?}:\n{}", self.stdout);
        self
    }

    /// Fails the test, with the standard error, unless that holds `needle`.
    #[track_caller]
    pub fn stderr_has(&self, needle: &str) -> &Output {
        assert!(self.stderr.contains(needle), "stderr lacks {needle:?}:\n{}", self.stderr);
        self
    }

    /// The standard output as one JSON document.
    #[track_caller]
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}\nstderr:\n{}", self.stdout, self.stderr))
    }
}

/// Compares `text` with the reviewed snapshot `snapshots/<name>.snap`.
pub fn assert_snapshot(name: &str, text: &str) {
    insta::with_settings!({snapshot_path => SNAPSHOTS, prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, text);
    });
}

/// Modification time, to prove a file was not rewritten.
/// The files this test process writes and the processes it starts take turns. A child forked
/// while a file is open for writing here inherits the descriptor until it execs; meanwhile gitvow
/// finds the file "being written by another program" (its read lease is refused, so it waits and
/// says so) and a copied program cannot start (`ETXTBSY`), more often the busier the machine (both
/// seen in CI under load). Writes share the turn; a start takes it alone, and `spawn` returns only
/// once the child has exec'd, when the inherited descriptors are closed.
static WRITE_OR_START: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Writes a file in the writers' turn ([`WRITE_OR_START`]).
pub fn write_file(path: &Path, content: &[u8]) {
    let _turn = WRITE_OR_START.read().unwrap_or_else(std::sync::PoisonError::into_inner);
    std::fs::write(path, content).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}

/// Copies an executable (gitvow's own binary, mostly) in the writers' turn ([`WRITE_OR_START`]).
pub fn copy_executable(from: &str, to: &Path) {
    let _turn = WRITE_OR_START.read().unwrap_or_else(std::sync::PoisonError::into_inner);
    std::fs::copy(from, to).unwrap_or_else(|e| panic!("copy {from} to {}: {e}", to.display()));
}

pub fn mtime(path: &Path) -> std::time::SystemTime {
    std::fs::metadata(path).unwrap().modified().unwrap()
}

/// Cases per property test: `default`, or `GITVOW_PROPTEST_CASES` for a longer (or shorter) run.
pub fn proptest_cases(default: u32) -> u32 {
    std::env::var("GITVOW_PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// proptest's configuration with [`proptest_cases`]`(default)` cases.
pub fn proptest_config(default: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config::with_cases(proptest_cases(default))
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

/// [`claude_payload`] of a Bash call of `command`.
pub fn bash(cwd: &Path, command: &str) -> Value {
    claude_payload(cwd, "Bash", serde_json::json!({"command": command}))
}

/// `v` with `key` set to `value`.
pub fn set(mut v: Value, key: &str, value: Value) -> Value {
    v.as_object_mut().unwrap().insert(key.to_string(), value);
    v
}

/// The variable that tells a test it runs again in a process of its own ([`rerun_alone`]).
const OWN_PROCESS: &str = "GITVOW_TEST_OWN_PROCESS";

/// Whether this process is the one [`rerun_alone`] started for a single test.
pub fn in_own_process() -> bool {
    std::env::var_os(OWN_PROCESS).is_some()
}

/// Runs the test `name` (its path in this binary, as `--exact` takes it) again in a process of its
/// own, under the environment rule with `env` set: for a test of library code that reads
/// process-wide state such as `PATH` and `HOME`, which a test must not set where other tests run
/// beside it. There the test finds [`in_own_process`] true. Fails unless that process ran exactly
/// the one test and it passed.
#[track_caller]
pub fn rerun_alone(name: &str, env: &[(&str, &OsStr)]) {
    let mut cmd = Cmd::tool(std::env::current_exe().expect("the test binary's path")).args([name, "--exact", "--test-threads=1"]);
    for (key, value) in env {
        cmd = cmd.env(key, value);
    }
    let out = cmd.env(OWN_PROCESS, "1").run();
    assert!(out.code == 0 && out.stdout.contains("test result: ok. 1 passed"), "{name} alone: {out:?}");
}

/// A named pipe at `path` (`mkfifo`).
pub fn mkfifo(path: &Path) {
    Cmd::tool("mkfifo").arg(path).run().ok();
}

/// What runs gitvow's PreToolUse `line` under the watchdog: in the background with the payload on
/// stdin, ended by `SIGKILL` after 28 s; then `$s` is its exit status, 124 for no answer.
pub fn watched(line: &str) -> String {
    format!(
        "exec 3<&0; {line} <&3 3<&- & p=$!; exec 3<&-; {{ trap 'kill $z 2>/dev/null; exit 1' TERM; sleep 28 </dev/null >/dev/null 2>&1 & z=$!; wait $z && trap '' TERM && kill -9 $p; }} 2>/dev/null & w=$!; wait $p 2>/dev/null; s=$?; kill $w 2>/dev/null; wait $w 2>/dev/null && s=124"
    )
}

/// Copilot's: `line` under the watchdog, then copilot's deny for any end but gitvow's exit 0.
pub fn wrapped_for_copilot(line: &str) -> String {
    format!(
        "{}; [ $s -eq 0 ] && exit 0; printf '{{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"BLOCKED: gitvow could not run (exit status %s: 124 is no answer within 28 s, 127 is not found, above 128 a signal); the call is blocked until it can: run gitvow doctor\"}}\\n' \"$s\"",
        watched(line)
    )
}

/// gitvow's PreToolUse command for an agent it closes with a wrapper: `line` under the watchdog,
/// then what turns a missing, crashed, killed or hung gitvow into exit 2 with one line on stderr.
pub fn wrapped(line: &str) -> String {
    format!(
        "{}; [ $s -eq 0 ] && exit 0; [ $s -eq 2 ] || echo \"BLOCKED: gitvow could not run (exit status $s: 124 is no answer within 28 s, 127 is not found, above 128 a signal); the call is blocked until it can: run gitvow doctor\" >&2; exit 2",
        watched(line)
    )
}
