//! Running a helper program (provider, classifier, adapter) without a shell, with a deadline that
//! kills its whole process group: a provider that forks a `sleep` must not outlive its timeout.

use crate::error::Error;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub struct Finished {
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// More output than any answer needs; the rest is read and dropped so the program never blocks.
pub const OUTPUT_LIMIT: usize = 1 << 20;

/// Why a helper program gave no result. Shown, it is one phrase for a person: `cannot run x: no such
/// file or directory`, `timed out after 10 s`.
#[derive(Debug)]
pub enum RunError {
    /// The command has no program.
    Empty,
    /// The program did not start.
    Start(Error),
    /// Waiting for the program failed.
    Wait { program: String, error: std::io::Error },
    /// The program, or a process holding its output, was still running at the timeout (and killed).
    TimedOut { after: Duration, output_held: bool },
}

impl RunError {
    pub fn timed_out(&self) -> bool {
        matches!(self, RunError::TimedOut { .. })
    }
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Empty => f.write_str("empty command"),
            RunError::Start(e) => f.write_str(&e.message),
            RunError::Wait { program, error } => write!(f, "cannot wait for {program}: {error}"),
            RunError::TimedOut { after, output_held: false } => write!(f, "timed out after {}", seconds(*after)),
            RunError::TimedOut { after, output_held: true } => {
                write!(f, "timed out after {} (a child process kept its output open)", seconds(*after))
            }
        }
    }
}

impl std::error::Error for RunError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RunError::Start(e) => std::error::Error::source(e),
            RunError::Wait { error, .. } => Some(error),
            RunError::Empty | RunError::TimedOut { .. } => None,
        }
    }
}

/// Runs `argv` with `input` on stdin, in `cwd`, and waits at most `timeout` for it and its output.
pub fn run(argv: &[String], input: &[u8], cwd: Option<&Path>, timeout: Duration) -> Result<Finished, RunError> {
    let (program, args) = argv.split_first().ok_or(RunError::Empty)?;
    let mut cmd = Command::new(program);
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).process_group(0);
    if let Some(dir) = cwd {
        cmd.current_dir(dir);
    }
    let mut child = cmd.spawn().map_err(|e| RunError::Start(Error::io("run", Path::new(program), &e)))?;
    let group = child.id() as libc::pid_t;
    let deadline = Instant::now() + timeout;

    let stdin = child.stdin.take();
    let input = input.to_vec();
    std::thread::spawn(move || {
        if let Some(mut stdin) = stdin {
            // A program that does not read its input closes the pipe early: not our error.
            let _ = stdin.write_all(&input);
        }
    });
    let stdout = reader(child.stdout.take());
    let stderr = reader(child.stderr.take());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait());
    });

    let status = match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        Ok(Ok(status)) => status,
        Ok(Err(error)) => return Err(RunError::Wait { program: program.clone(), error }),
        Err(_) => {
            kill_group(group);
            return Err(RunError::TimedOut { after: timeout, output_held: false });
        }
    };
    // The program has exited; its output ends when every process holding the pipes is gone.
    let collect = |rx: mpsc::Receiver<Vec<u8>>| match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        Ok(bytes) => Ok(bytes),
        Err(_) => {
            kill_group(group);
            Err(RunError::TimedOut { after: timeout, output_held: true })
        }
    };
    let stdout = collect(stdout)?;
    let stderr = collect(stderr)?;
    Ok(Finished { status, stdout, stderr })
}

fn reader<R: Read + Send + 'static>(pipe: Option<R>) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        if let Some(mut pipe) = pipe {
            let mut buf = [0u8; 8192];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let room = OUTPUT_LIMIT.saturating_sub(kept.len());
                kept.extend_from_slice(&buf[..n.min(room)]);
            }
        }
        let _ = tx.send(kept);
    });
    rx
}

fn kill_group(group: libc::pid_t) {
    // SAFETY: kill(2) with a negative pid signals the process group the child leads; no memory is
    // shared with Rust code.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

/// A helper's timeout within the hook's deadline: its own timeout, or the time left when that is
/// shorter (then `true`: a timeout is the deadline's doing, and says so).
pub fn within(own: Duration, deadline: Option<Instant>) -> (Duration, bool) {
    match deadline.map(|d| d.saturating_duration_since(Instant::now())) {
        Some(left) if left < own => (left, true),
        _ => (own, false),
    }
}

/// The error of a helper run with [`within`]'s timeout, for a person.
pub fn cut_short(error: &RunError, cut: bool) -> String {
    if cut && error.timed_out() { "stopped at the hook's time limit (agents give a hook 30 s)".to_string() } else { error.to_string() }
}

pub fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 { format!("{s:.0} s") } else { format!("{s:.1} s") }
}

/// The first line of a program's stderr, to say why it failed.
pub fn stderr_line(f: &Finished) -> String {
    first_line(&f.stderr).chars().take(200).collect()
}

fn first_line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("").to_string()
}

/// `exit code 3`, or `killed by signal 9`, with the first stderr line when there is one.
pub fn failure(f: &Finished) -> String {
    with_why(f, &stderr_line(f))
}

/// [`failure`] with the first stderr line whole, for a person reading why a program of theirs
/// failed (doctor's probe): a hook's block message cut mid-command hides what was judged.
pub fn failure_whole(f: &Finished) -> String {
    with_why(f, &crate::visible::visible_line(&first_line(&f.stderr)))
}

fn with_why(f: &Finished, why: &str) -> String {
    use std::os::unix::process::ExitStatusExt;
    let how = match (f.status.code(), f.status.signal()) {
        (Some(code), _) => format!("exit code {code}"),
        (None, Some(sig)) => format!("killed by signal {sig}"),
        _ => "failed".to_string(),
    };
    if why.is_empty() { how } else { format!("{how}: {why}") }
}
