//! Standard output for a person. The agents' answers on the hook path are written by the runtime
//! itself; this is for the installer's diffs and reports and the `check`/`ask` summaries.

use std::io::Write;

/// Writes `text` to standard output. When the reader has gone away (`gitvow install … | head`), the
/// run ends there, quietly and with exit 1 (it did not finish), as a Unix tool would. SIGPIPE stays
/// ignored (Rust's default) so that a provider or probe that closes its input early never kills
/// gitvow: writes to them fail with an error instead.
pub fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush())
        && e.kind() == std::io::ErrorKind::BrokenPipe
    {
        std::process::exit(1);
    }
}

/// [`print`] with a newline.
pub fn line(text: &str) {
    print(&format!("{text}\n"));
}
