//! `gitvow completions`: the shell's completion script, generated from the command-line definition
//! itself (which `main` hands in), so it never drifts from `--help`.

use crate::error::Result;

/// `gitvow completions <shell>`: the completion script of the command line `cmd` on stdout.
pub fn run(shell: clap_complete::Shell, mut cmd: clap::Command) -> Result<i32> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "gitvow", &mut out);
    crate::output::print(&String::from_utf8_lossy(&out));
    Ok(0)
}
