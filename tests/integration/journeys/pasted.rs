//! Runs the commands gitvow prints for a person exactly as printed, in a shell.

use crate::support::{BIN, Output, Sandbox};
use std::path::Path;

/// The commands in `text` a person is told to run: each `` `gitvow …` `` in backquotes, and what
/// follows `To apply: ` or `to remove it anyway: ` up to the end of the line.
pub fn printed_commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        for marker in ["To apply: ", "to remove it anyway: ", "hint: to validate a policy file: "] {
            if let Some(rest) = line.split(marker).nth(1) {
                out.push(rest.trim().to_string());
            }
        }
        // The odd parts between backquotes are the quoted ones.
        out.extend(line.split('`').skip(1).step_by(2).filter(|inside| inside.starts_with("gitvow ")).map(str::to_string));
    }
    out
}

/// `line` run by `/bin/sh` in `dir`, with `gitvow` on the PATH as the built binary.
pub fn paste(env: &Sandbox, dir: &Path, line: &str) -> Output {
    let bin = env.outside("pasted-bin");
    std::fs::create_dir_all(&bin).unwrap();
    let link = bin.join("gitvow");
    if !link.exists() {
        std::os::unix::fs::symlink(BIN, &link).unwrap();
    }
    env.tool("/bin/sh").current_dir(dir).env("PATH", format!("{}:{}", bin.display(), crate::support::SYSTEM_PATH)).args(["-c", line]).run()
}
