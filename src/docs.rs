//! Shell completions and man pages, generated from the command-line definitions themselves, so they
//! never drift from `--help`.

use crate::cli::Cli;
use crate::error::{Error, Result};
use clap::CommandFactory;
use std::path::Path;

/// `gitvow completions <shell>`: the completion script on stdout.
pub fn completions(shell: clap_complete::Shell) -> Result<i32> {
    let mut cmd = Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "gitvow", &mut out);
    crate::output::print(&String::from_utf8_lossy(&out));
    Ok(0)
}

/// `gitvow man [DIR]`: `gitvow.1` and one page per subcommand (`gitvow-install.1`, …) in `dir`, or
/// the main page on stdout without one.
pub fn man(dir: Option<&Path>) -> Result<i32> {
    let cmd = Cli::command();
    let Some(dir) = dir else {
        let mut out = Vec::new();
        clap_mangen::Man::new(cmd).render(&mut out).map_err(|e| Error::new(format!("cannot render the man page: {e}")))?;
        crate::output::print(&String::from_utf8_lossy(&out));
        return Ok(0);
    };
    std::fs::create_dir_all(dir).map_err(|e| Error::io("create", dir, &e))?;
    let mut written = Vec::new();
    let mut pages = vec![(String::from("gitvow"), cmd.clone())];
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("gitvow-{}", sub.get_name());
        pages.push((name.clone(), sub.clone().name(name)));
    }
    for (name, page) in pages {
        let path = dir.join(format!("{name}.1"));
        let mut out = Vec::new();
        clap_mangen::Man::new(page).render(&mut out).map_err(|e| Error::new(format!("cannot render {name}.1: {e}")))?;
        std::fs::write(&path, out).map_err(|e| Error::io("write", &path, &e))?;
        written.push(crate::paths::display(&path));
    }
    crate::output::line(&format!("wrote {}", written.join(", ")));
    Ok(0)
}
