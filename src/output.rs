//! Standard output for a person. The agents' answers on the hook path are written by the runtime
//! itself; this is for the installer's diffs and reports and the `check`/`ask` summaries.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when a command prints one JSON document instead (`--json`): the lines for a person are
/// left out, so that standard output parses.
static MACHINE: AtomicBool = AtomicBool::new(false);

/// From now on, print nothing for a person (see [`MACHINE`]); [`json`] still prints.
pub(crate) fn for_machines() {
    MACHINE.store(true, Ordering::Relaxed);
}

/// Writes to standard error for a person, as `eprint!` does, but a standard error that cannot be
/// written (its reader gone: `gitvow install 2>&1 | head -1`) loses the text, never the run:
/// `eprint!` panics there, and a panic while reporting it aborts, so a run that changes files
/// would stop half-way with exit 134 and no word. Every line gitvow prints to standard error
/// goes through this (or [`say!`](crate::say!)).
#[macro_export]
macro_rules! say_part {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

/// [`say_part!`] with a final newline: `eprintln!` that never panics.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// Prints one JSON document (pretty, with a final newline).
pub fn json(value: &serde_json::Value) {
    write(&format!("{}\n", serde_json::to_string_pretty(value).unwrap_or_default()));
}

/// Set once standard output's reader has gone away (`gitvow install … | head -1`).
static GONE: AtomicBool = AtomicBool::new(false);

/// Set for a run that changes files (install, uninstall, trust, approve): see [`print()`].
static FINISH: AtomicBool = AtomicBool::new(false);

/// From now on, a reader that goes away does not end the run: see [`print()`].
pub fn finish_without_reader() {
    FINISH.store(true, Ordering::Relaxed);
}

/// Writes `text` to standard output. When the reader has gone away (`gitvow log | head -1`), a run
/// that only shows something ends there, quietly and with exit 1, as a Unix tool would; a run that
/// changes files ([`finish_without_reader`]: `gitvow install … | head -1`) goes on to its end, and
/// what it has still to say goes to standard error after one line that says why: nothing it did
/// goes untold, and nothing ends half-done. SIGPIPE stays ignored (Rust's default) so that a
/// provider or probe that closes its input early never kills gitvow: writes to them fail with an
/// error instead.
pub fn print(text: &str) {
    if !MACHINE.load(Ordering::Relaxed) {
        write(text);
    }
}

fn write(text: &str) {
    let _ = Stdout.write_all(text.as_bytes()).and_then(|()| Stdout.flush());
}

/// Standard output until its reader goes away, standard error after that (see [`print()`]).
struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if !GONE.load(Ordering::Relaxed) {
            match std::io::stdout().write(buf) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => reader_gone(),
                other => return other,
            }
        }
        std::io::stderr().write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !GONE.load(Ordering::Relaxed) {
            match std::io::stdout().flush() {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => reader_gone(),
                other => return other,
            }
        }
        std::io::stderr().flush()
    }
}

/// Standard output's reader went away: the run ends, or the rest of its output goes to standard
/// error (see [`print()`]).
fn reader_gone() {
    if !FINISH.load(Ordering::Relaxed) {
        std::process::exit(1);
    }
    if !GONE.swap(true, Ordering::Relaxed) {
        crate::say!("gitvow: standard output was closed by its reader (a pipe such as `| head`); the rest of the output follows here");
    }
}

/// A path as a command gitvow prints for a person to paste: absolute and quoted for a shell where
/// needed, never `~/…` (a quoted tilde is not expanded).
pub(crate) fn shell_path(path: &std::path::Path) -> String {
    shell_words::quote(&path.to_string_lossy()).into_owned()
}

/// `text` in the colour of an SGR `code` (`31` red) when `on`.
pub(crate) fn paint(text: &str, code: &str, on: bool) -> String {
    if on { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_string() }
}

/// A verdict word (padding included) in its colour: allow green, confirm yellow, deny red.
pub(crate) fn paint_verdict(text: &str, on: bool) -> String {
    let code = match text.trim_end() {
        "allow" => "32",
        "confirm" => "33",
        _ => "31",
    };
    paint(text, code, on)
}

/// [`print()`] with a newline.
pub(crate) fn line(text: &str) {
    print(&format!("{text}\n"));
}

/// Shows a preview to a person, as `render` writes it: through `$PAGER` when standard output is a
/// terminal the text does not fit on and `pager` allows it, straight otherwise. The pager is over
/// before the caller asks anything, so a question never lands in the middle of the text.
///
/// Only a terminal needs the whole text first (to count its lines against the screen); for a file
/// or a pipe it is written as it is made, so a preview of a large file is never held in memory.
pub(crate) fn preview(pager: bool, render: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) {
    use std::io::IsTerminal;
    if MACHINE.load(Ordering::Relaxed) {
        return;
    }
    if !std::io::stdout().is_terminal() {
        let mut out = std::io::BufWriter::new(Stdout);
        let _ = render(&mut out).and_then(|()| out.flush());
        return;
    }
    let mut text = Vec::new();
    // Writing into memory cannot fail.
    let _ = render(&mut text);
    let text = String::from_utf8_lossy(&text);
    if text.is_empty() || (pager && !fits_on_screen(&text) && through_pager(&text)) {
        return;
    }
    print(&text);
}

fn fits_on_screen(text: &str) -> bool {
    let rows = rustix::termios::tcgetwinsize(std::io::stdout()).map_or(24, |w| usize::from(w.ws_row));
    // One row stays free for the question that follows.
    rows == 0 || text.lines().count() < rows
}

/// Runs `$PAGER` (default `less`, with `LESS=FRX` unless set, as git does: colours kept, no screen
/// clearing, gone at once for a short text) on `text`; false when no pager could show it.
fn through_pager(text: &str) -> bool {
    use std::process::{Command, Stdio};
    let pager = std::env::var("PAGER").ok().filter(|p| !p.trim().is_empty()).unwrap_or_else(|| "less".to_string());
    let mut command = Command::new("/bin/sh");
    command.arg("-c").arg(&pager).stdin(Stdio::piped());
    if std::env::var_os("LESS").is_none() {
        command.env("LESS", "FRX");
    }
    let Ok(mut child) = command.spawn() else { return false };
    if let Some(mut input) = child.stdin.take() {
        // The person may quit the pager before the end: the rest is simply not shown.
        let _ = input.write_all(text.as_bytes());
    }
    // 126 and 127: the shell found no such pager to run.
    child.wait().is_ok_and(|status| !matches!(status.code(), Some(126 | 127)))
}
