//! Plumbing shared by every agent's end-to-end scenarios: the agent CLIs cached outside the
//! repository, a sandbox per scenario (temporary HOME, a repository with a local bare remote), the
//! built gitvow, the mock model inside a loopback-only network namespace, and the result lines.

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Instant;

pub const GITVOW: &str = env!("CARGO_BIN_EXE_gitvow");
const E2E_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/e2e");
const DEFAULT_POLICY: &str = include_str!("../../templates/policy.json");
/// One agent run; the slowest (gemini) takes about 25 s on two busy cores.
const AGENT_TIMEOUT_S: u32 = 150;
/// What every agent finds on its PATH (node, git, a shell): the system's programs without any agent
/// CLI or gitvow installed on this machine, so that only the pinned agents are found; never the
/// developer's own directories.
pub fn system_path() -> &'static str {
    static PATH: OnceLock<String> = OnceLock::new();
    PATH.get_or_init(|| crate::system_path::without(&[]).to_string_lossy().into_owned())
}

/// The cached agent CLIs and how this machine can run them.
pub struct Toolchain {
    /// `<cache>/agents`, an npm project holding all pinned agents.
    pub dir: PathBuf,
    /// Whether `unshare -n` works here (root, or user namespaces allowed).
    pub netns: bool,
    pub python: PathBuf,
    /// `<cache>/box/bin`: bubblewrap and socat from Debian, which Claude Code's own sandbox needs
    /// (`None` where apt is not there: the machine's own are used, if it has them).
    pub sandbox_programs: Option<PathBuf>,
    /// Where sandboxes that must not live in the system's temporary directory go (`<cache>/scratch`).
    pub scratch: PathBuf,
}

impl Toolchain {
    pub fn bin(&self, rel: &str) -> PathBuf {
        self.dir.join("node_modules").join(rel)
    }
}

/// The toolchain, installed once per test binary. `None` means "skip" (only outside CI); in CI a
/// missing node/npm or an unreachable registry fails the test that asked.
pub fn toolchain() -> Option<&'static Toolchain> {
    static TOOLCHAIN: OnceLock<Result<Toolchain, String>> = OnceLock::new();
    match TOOLCHAIN.get_or_init(install_toolchain) {
        Ok(t) => Some(t),
        Err(why) if std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0") => {
            panic!("end-to-end agent tests cannot run in CI: {why}")
        }
        Err(why) => {
            emit(&format!("e2e | SKIPPED (not in CI): {why}\n"));
            None
        }
    }
}

fn install_toolchain() -> Result<Toolchain, String> {
    let cache = match std::env::var_os("GITVOW_E2E_CACHE") {
        Some(dir) => PathBuf::from(dir),
        None => {
            PathBuf::from(std::env::var_os("HOME").ok_or("HOME is not set and GITVOW_E2E_CACHE is not either")?).join(".cache/gitvow-e2e")
        }
    };
    let python = which("python3").ok_or("python3 (for the mock model) is not on PATH")?;
    let started = Instant::now();
    let out = Command::new("bash")
        .arg(Path::new(E2E_DIR).join("setup.sh"))
        .arg(&cache)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run bash: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "installing the pinned agents into {} failed: {}",
            cache.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    let netns = Command::new("unshare").args(["-n", "true"]).stderr(Stdio::null()).status().is_ok_and(|s| s.success());
    emit(&format!(
        "e2e | agents from {} ({:.1}s), network: {}\n",
        dir.display(),
        started.elapsed().as_secs_f64(),
        if netns { "loopback-only namespace" } else { "HOST NETWORK (unshare -n is not allowed here)" }
    ));
    let sandbox_programs = Some(cache.join("box/bin")).filter(|d| d.is_dir());
    Ok(Toolchain { dir, netns, python, sandbox_programs, scratch: cache.join("scratch") })
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|d| d.join(name)).find(|p| p.is_file())
}

/// Writes past libtest's output capture, so CI logs show the lines of passing tests too.
pub fn emit(text: &str) {
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// A fresh temporary HOME, a repository `repo` whose `main` was pushed to the bare `origin.git`
/// and then amended (so only a force push can update the remote), and the repository's own
/// `.gitvow/policy.json` (the default policy), committed.
pub struct Sandbox {
    root: tempfile::TempDir,
    pub port: u16,
    /// The holder of a mount namespace every command runs in (see `enter`), if any.
    namespace: Option<u32>,
    /// A directory put before the system's on the PATH of gitvow and the agent (see `put_on_path`).
    programs: Option<PathBuf>,
}

impl Sandbox {
    pub fn new() -> Sandbox {
        Sandbox::new_in(&std::env::temp_dir())
    }

    /// A sandbox under `parent` (created if missing): the agents' own sandboxes treat the system's
    /// temporary directory as writable, so a HOME inside it would show nothing of them.
    pub fn new_in(parent: &Path) -> Sandbox {
        std::fs::create_dir_all(parent).expect("sandbox parent");
        let root = tempfile::Builder::new().prefix("gitvow-e2e-").tempdir_in(parent).expect("temp dir");
        let sb = Sandbox { root, port: free_port(), namespace: None, programs: None };
        std::fs::create_dir_all(sb.home()).unwrap();
        std::fs::create_dir_all(sb.run_dir()).unwrap();
        let repo = sb.repo();
        std::fs::create_dir_all(repo.join(".gitvow")).unwrap();
        std::fs::write(repo.join(".gitvow/policy.json"), DEFAULT_POLICY).unwrap();
        std::fs::write(repo.join("README.md"), "v1\n").unwrap();
        std::fs::write(repo.join("notes.txt"), "moved by a patch\n").unwrap();
        sb.git(&["init", "-q", "--bare", "-b", "main", sb.origin().to_str().unwrap()], sb.root.path());
        sb.git(&["init", "-q", "-b", "main"], &repo);
        sb.git(&["config", "user.name", "e2e"], &repo);
        sb.git(&["config", "user.email", "e2e@example.invalid"], &repo);
        sb.git(&["add", "-A"], &repo);
        sb.git(&["commit", "-q", "-m", "v1"], &repo);
        sb.git(&["remote", "add", "origin", sb.origin().to_str().unwrap()], &repo);
        sb.git(&["push", "-q", "origin", "main"], &repo);
        std::fs::write(repo.join("README.md"), "v2\n").unwrap();
        sb.git(&["commit", "-q", "-a", "--amend", "-m", "v1 rewritten"], &repo);
        sb
    }

    /// From now on gitvow and the agents run inside the mount namespace whose holder is `pid`
    /// (`nsenter`; git and this process's own reads stay outside, where the sandbox's files are
    /// the same).
    pub fn enter(&mut self, pid: u32) {
        self.namespace = Some(pid);
    }

    /// `program` in `cwd`, inside the sandbox's namespace when it has one.
    fn command(&self, program: impl AsRef<std::ffi::OsStr>, cwd: &Path) -> Command {
        let Some(pid) = self.namespace else {
            let mut cmd = Command::new(program);
            cmd.current_dir(cwd);
            return cmd;
        };
        // Entering a mount namespace moves to its root: nsenter changes to `cwd` afterwards.
        let mut cmd = Command::new("nsenter");
        cmd.args(["-t", &pid.to_string(), "-U", "-m", "--preserve-credentials"]).arg(format!("--wd={}", cwd.display())).arg(program);
        cmd
    }

    /// From now on gitvow and the agent find the programs in `dir` before the system's.
    pub fn put_on_path(&mut self, dir: &Path) {
        self.programs = Some(dir.to_path_buf());
    }

    /// The system's PATH, after the sandbox's own programs if it has any.
    fn path(&self) -> String {
        match &self.programs {
            Some(dir) => format!("{}:{}", dir.display(), system_path()),
            None => system_path().to_string(),
        }
    }

    pub fn home(&self) -> PathBuf {
        self.root.path().join("home")
    }
    pub fn repo(&self) -> PathBuf {
        self.root.path().join("repo")
    }
    pub fn origin(&self) -> PathBuf {
        self.root.path().join("origin.git")
    }
    /// Mock script and log, agent output: outside HOME and the repository.
    pub fn run_dir(&self) -> PathBuf {
        self.root.path().join("run")
    }
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn write_home(&self, rel: &str, text: &str) {
        let path = self.home().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn git(&self, args: &[&str], cwd: &Path) -> String {
        let out = Command::new("git")
            .args(args)
            .current_dir(cwd)
            .env("HOME", self.home())
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .stdin(Stdio::null())
            .output()
            .expect("git");
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    pub fn origin_main(&self) -> String {
        self.git(&["--git-dir", self.origin().to_str().unwrap(), "rev-parse", "main"], self.root.path())
    }
    /// Puts `origin`'s `main` back at `commit`, after a scenario that let the force push through.
    pub fn reset_origin(&self, commit: &str) {
        self.git(&["--git-dir", self.origin().to_str().unwrap(), "update-ref", "refs/heads/main", commit], self.root.path());
    }
    pub fn local_main(&self) -> String {
        self.git(&["rev-parse", "main"], &self.repo())
    }

    /// Runs the built gitvow the way a person would, with this HOME.
    pub fn gitvow(&self, args: &[&str]) -> (i32, String) {
        let out = self
            .command(GITVOW, &self.home())
            .args(args)
            .env_clear()
            .env("HOME", self.home())
            .env("PATH", self.path())
            .stdin(Stdio::null())
            .output()
            .expect("run gitvow");
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        (out.status.code().unwrap_or(-1), text)
    }

    /// Whether the bare remote has branch `name`.
    pub fn origin_has(&self, name: &str) -> bool {
        Command::new("git")
            .args(["--git-dir", self.origin().to_str().unwrap(), "rev-parse", "--verify", "-q", &format!("refs/heads/{name}")])
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }

    /// Plays the person: waits for a confirmation waiting for approval, answers yes to `gitvow
    /// approve <code>` in a pseudo-terminal, then creates `go`, which the mock model waits for before
    /// the agent's retry. It waits until the question comes or [`Approver::finish`] says the agent's
    /// run is over, so a slow start under load cannot outwait it; `go` is created on every path.
    pub fn approve_when_asked(&self, go: &Path) -> Approver {
        let (home, go) = (self.home(), go.to_path_buf());
        // The person's terminal is open before anything asks (gitvow takes an answer only from a
        // terminal older than the request): a shell on a pseudo-terminal that waits for the code.
        let child = Command::new("script")
            .args(["-qec", &format!("read code && exec {GITVOW} approve \"$code\""), "/dev/null"])
            .env_clear()
            .env("HOME", &home)
            .env("PATH", system_path())
            .env("TERM", "dumb")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        // Approvals keep their time in whole seconds: the terminal is a second older than any request.
        std::thread::sleep(std::time::Duration::from_millis(1100));
        let over = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let seen = over.clone();
        let thread = std::thread::spawn(move || {
            let answered = answer_question(child, &home.join(".gitvow/approvals"), &seen);
            let mark = if answered.is_ok() { "approved" } else { "not approved" };
            if let Err(e) = std::fs::write(&go, mark) {
                eprintln!("approver: cannot create {}: {e}", go.display());
            }
            answered
        });
        Approver { over, thread }
    }

    pub fn install(&self, agent: &str) {
        self.install_with(agent, &[]);
    }
    /// `gitvow install --user --agent <agent> --yes` plus `extra`; returns what it printed.
    pub fn install_with(&self, agent: &str, extra: &[&str]) -> String {
        let mut args = vec!["install", "--user", "--agent", agent, "--yes"];
        args.extend_from_slice(extra);
        let (code, out) = self.gitvow(&args);
        assert_eq!(code, 0, "gitvow {args:?}:\n{out}");
        out
    }
    pub fn uninstall(&self, agent: &str) {
        let (code, out) = self.gitvow(&["uninstall", "--user", "--agent", agent, "--yes"]);
        assert_eq!(code, 0, "gitvow uninstall --agent {agent}:\n{out}");
    }

    /// Every file under the given HOME-relative directories (except `node_modules`, tooling that
    /// OpenCode needs next to its config), with its bytes.
    pub fn snapshot(&self, dirs: &[&str]) -> BTreeMap<PathBuf, Vec<u8>> {
        fn walk(dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
            let Ok(entries) = std::fs::read_dir(dir) else { return };
            for e in entries.flatten() {
                let path = e.path();
                if e.file_name() == "node_modules" {
                    continue;
                }
                if path.is_dir() {
                    walk(&path, out);
                } else {
                    out.insert(path.clone(), std::fs::read(&path).unwrap_or_default());
                }
            }
        }
        let mut out = BTreeMap::new();
        for d in dirs {
            walk(&self.home().join(d), &mut out);
        }
        out
    }

    /// Whether any hook call reached gitvow in this repository (it logs every one in the git directory).
    pub fn gitvow_asked(&self) -> bool {
        self.repo().join(".git/gitvow-hooks.log").exists()
    }

    /// Whether `origin`'s `main` is the local, amended one: the force push happened.
    pub fn pushed(&self) -> bool {
        self.origin_main() == self.local_main()
    }

    /// gitvow's verdicts in this repository (its hook log in the git directory), e.g.
    /// `allow=4 confirm=1 deny=1`: evidence that the agent really asked gitvow.
    pub fn verdicts(&self) -> String {
        self.verdicts_since(0)
    }

    /// How many lines gitvow's hook log in this repository has.
    pub fn hook_log_len(&self) -> usize {
        std::fs::read_to_string(self.repo().join(".git/gitvow-hooks.log")).unwrap_or_default().lines().count()
    }

    /// The verdicts of the hook log's lines after the first `skip`: one run's, when several
    /// share the sandbox.
    pub fn verdicts_since(&self, skip: usize) -> String {
        let text = std::fs::read_to_string(self.repo().join(".git/gitvow-hooks.log")).unwrap_or_default();
        let mut counts = BTreeMap::<String, u32>::new();
        for line in text.lines().skip(skip) {
            let Ok(v) = serde_json::from_str::<Value>(line) else { continue };
            if v["handler"] == "PreToolUse" {
                *counts.entry(v["verdict"].as_str().unwrap_or("?").to_string()).or_default() += 1;
            }
        }
        if counts.is_empty() {
            return "no PreToolUse call reached gitvow".into();
        }
        counts.iter().map(|(k, n)| format!("{k}={n}")).collect::<Vec<_>>().join(" ")
    }

    /// Runs one agent command against the mock model that answers with `calls` in order, inside a
    /// loopback-only network namespace when possible. `env` is the agent's whole environment
    /// besides HOME, PATH, LANG and TERM.
    pub fn run_agent(&self, tc: &Toolchain, calls: &[Value], argv: &[String], env: &[(String, String)]) -> AgentRun {
        let run = self.run_dir();
        let _ = std::fs::remove_file(run.join("mock.jsonl"));
        let _ = std::fs::remove_file(run.join("mock.ready"));
        std::fs::write(run.join("script.json"), json!({"calls": calls, "final": "All done."}).to_string()).unwrap();
        let mut cmd = if tc.netns {
            let mut c = self.command("unshare", &self.repo());
            c.args(["-n", "bash"]);
            c
        } else {
            self.command("bash", &self.repo())
        };
        cmd.arg(Path::new(E2E_DIR).join("netns_run.sh"))
            .arg(&tc.python)
            .arg(self.port.to_string())
            .arg(&run)
            .arg(AGENT_TIMEOUT_S.to_string())
            .arg("--")
            .args(argv)
            .current_dir(self.repo())
            .env_clear()
            .env("HOME", self.home())
            .env("PATH", format!("{}:{}", tc.dir.join("node_modules/.bin").display(), self.path()))
            .env("LANG", "C.UTF-8")
            .env("TERM", "dumb")
            .env("NO_COLOR", "1")
            // Every agent keeps its state inside the temporary HOME.
            .env("XDG_CONFIG_HOME", self.home().join(".config"))
            .env("XDG_DATA_HOME", self.home().join(".local/share"))
            .env("XDG_CACHE_HOME", self.home().join(".cache"))
            .env("XDG_STATE_HOME", self.home().join(".local/state"))
            .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdin(Stdio::null());
        let started = Instant::now();
        let out = cmd.output().expect("run agent");
        let seconds = started.elapsed().as_secs_f64();
        let log = std::fs::read_to_string(run.join("mock.jsonl")).unwrap_or_default();
        let steps: Vec<Value> = log.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
        AgentRun {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            steps,
            n_calls: calls.len(),
            seconds,
        }
    }
}

fn free_port() -> u16 {
    // In a fresh namespace any port is free; without one (no unshare) ask the host for one.
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

pub struct AgentRun {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    /// The mock's log: one entry per model request.
    pub steps: Vec<Value>,
    pub n_calls: usize,
    pub seconds: f64,
}

impl AgentRun {
    /// Whether the model got the result of every scripted call and gave its final answer: without
    /// it, a call that "did not happen" might simply never have been asked for.
    pub fn completed(&self) -> bool {
        self.steps.iter().any(|s| s["reply"] == "final" && s["step"].as_u64() == Some(self.n_calls as u64))
    }

    /// What the model was told about call `i` (the tool result the agent sent back), shortened.
    pub fn model_saw(&self, i: usize) -> String {
        let one_line: String = self.output_of(i).split_whitespace().collect::<Vec<_>>().join(" ");
        let start = one_line.find("BLOCKED").or_else(|| one_line.find("CONFIRMATION REQUIRED")).unwrap_or(0);
        one_line[start..].chars().take(48).collect()
    }

    /// The whole result of call `i` as the model got it (`-` if it never got one).
    pub fn output_of(&self, i: usize) -> &str {
        self.steps
            .iter()
            .find(|s| s["step"].as_u64() == Some(i as u64 + 1) && s["reply"] != "side")
            .and_then(|s| s["tool_output"].as_str())
            .unwrap_or("-")
    }

    pub fn diagnostics(&self) -> String {
        let tail = |s: &str| s.chars().rev().take(1500).collect::<Vec<_>>().into_iter().rev().collect::<String>();
        format!(
            "agent exit {} after {:.1}s\nmock log:\n{}\nstdout (tail):\n{}\nstderr (tail):\n{}",
            self.code,
            self.seconds,
            self.steps.iter().map(|s| s.to_string()).collect::<Vec<_>>().join("\n"),
            tail(&self.stdout),
            tail(&self.stderr)
        )
    }
}

/// One printed line: agent, scenario, expected, observed, seconds.
pub struct Outcome {
    pub agent: &'static str,
    pub scenario: String,
    pub expected: String,
    pub observed: String,
    pub seconds: f64,
    pub ok: bool,
}

/// Collects one agent's lines, prints each as it is decided and fails the test at the end.
pub struct Report {
    pub agent: &'static str,
    pub outcomes: Vec<Outcome>,
    pub details: Vec<String>,
}

impl Report {
    pub fn new(agent: &'static str) -> Report {
        Report { agent, outcomes: Vec::new(), details: Vec::new() }
    }

    pub fn line(&mut self, scenario: &str, expected: &str, observed: String, seconds: f64, ok: bool) {
        let o = Outcome { agent: self.agent, scenario: scenario.into(), expected: expected.into(), observed, seconds, ok };
        let status = if o.ok { "ok" } else { "FAIL" };
        emit(&format!(
            "e2e | {:<8} | {:<20} | expected {:<28} | observed {:<60} | {:>5.1}s | {status}\n",
            o.agent, o.scenario, o.expected, o.observed, o.seconds
        ));
        self.outcomes.push(o);
    }

    /// Keeps an agent run's output for the failure message.
    pub fn keep(&mut self, what: &str, run: &AgentRun) {
        self.details.push(format!("--- {what}\n{}", run.diagnostics()));
    }

    pub fn finish(self) {
        let failed: Vec<&Outcome> = self.outcomes.iter().filter(|o| !o.ok).collect();
        assert!(
            failed.is_empty(),
            "{} failed: {}\n{}",
            self.agent,
            failed.iter().map(|o| o.scenario.as_str()).collect::<Vec<_>>().join(", "),
            self.details.join("\n")
        );
    }
}

/// The person of [`Sandbox::approve_when_asked`], answering in a thread of the test.
pub struct Approver {
    over: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: std::thread::JoinHandle<Result<(String, String), String>>,
}

impl Approver {
    /// Tells the person the agent's run is over (no question will come any more) and returns what
    /// happened: the code and what the terminal showed, or why there was no approval.
    pub fn finish(self) -> Result<(String, String), String> {
        self.over.store(true, std::sync::atomic::Ordering::SeqCst);
        self.thread.join().unwrap_or_else(|_| Err("the approver's thread panicked".into()))
    }
}

/// The first pending approval's code in `dir`, if any.
fn pending_code(dir: &Path) -> Option<String> {
    std::fs::read_dir(dir).ok()?.flatten().find_map(|e| {
        let v: Value = serde_json::from_slice(&std::fs::read(e.path()).ok()?).ok()?;
        (v["state"] == "pending").then(|| v["code"].as_str().map(str::to_string)).flatten()
    })
}

/// Waits for a pending question in `dir` (until `over`), types its code and then `y` into the
/// terminal `child`, and returns the code with what the terminal showed; on any failure, why, with
/// whatever the terminal had shown.
fn answer_question(
    child: std::io::Result<std::process::Child>,
    dir: &Path,
    over: &std::sync::atomic::AtomicBool,
) -> Result<(String, String), String> {
    use std::io::Write;
    let mut child = child.map_err(|e| format!("cannot start script: {e}"))?;
    let shown = |child: std::process::Child| match child.wait_with_output() {
        Ok(out) => format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)),
        Err(e) => format!("(cannot read the terminal: {e})"),
    };
    let code = loop {
        if let Some(code) = pending_code(dir) {
            break code;
        }
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!("the terminal ended ({status}) before a question came: {}", shown(child)));
        }
        if over.load(std::sync::atomic::Ordering::SeqCst) {
            let _ = child.kill();
            return Err(format!("no question came while the agent ran: {}", shown(child)));
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let typed = (|| {
        let mut input = child.stdin.take().ok_or("no stdin")?;
        input.write_all(format!("{code}\n").as_bytes()).map_err(|e| format!("typing the code: {e}"))?;
        // The answer after the question is on the screen.
        std::thread::sleep(std::time::Duration::from_millis(500));
        input.write_all(b"y\n").map_err(|e| format!("typing y: {e}"))
    })();
    let screen = shown(child);
    match typed {
        Ok(()) => Ok((code, screen)),
        Err(e) => Err(format!("code {code}: {e}: {screen}")),
    }
}
