//! `gitvow man`: the man pages, generated from the command-line definition itself (which `main`
//! hands in), so they never drift from `--help`.

use crate::error::{Error, Result};
use std::path::Path;

/// The sections every page ends with, in roff: what a person looks up in `man` and `--help` does
/// not say (the README's "Exit codes" is the same table).
const SECTIONS: &str = r#".SH "EXIT STATUS"
.TP
0
done; allow (check); nothing would change (\-\-check)
.TP
1
an error; a declined prompt; something would change (\-\-check); a refusal (trust, approve)
.TP
2
deny (check); a blocked call (hook); could not tell (\-\-check)
.TP
3
confirm (check)
.TP
64
a usage error
.TP
130
interrupted (Ctrl\-C): nothing was written
.SH ENVIRONMENT
.TP
HOME
where the user scope, ~/.gitvow and the agents' user files are
.TP
NO_COLOR, CLICOLOR_FORCE, TERM
colour: NO_COLOR (not empty) turns it off, CLICOLOR_FORCE (not 0) on, TERM=dumb off
.TP
PAGER, LESS
the pager of a long preview (default less, with LESS=FRX)
.TP
GITVOW_DEBUG
print the failure underneath an error as cause: lines
.SH FILES
.TP
~/.gitvow/policy.json
the user's policy (the built\-in default when absent)
.TP
<repo>/.gitvow/policy.json
a repository's policy, added on top; its programs and exceptions count once trusted (gitvow trust)
.TP
~/.gitvow/hooks.log, <repo>/.git/gitvow\-hooks.log
the gate's decisions (no command text), read by gitvow log
.TP
~/.gitvow/install\-record.json, <repo>/.git/gitvow/install\-record.json
what install wrote, so that uninstall takes out exactly that
"#;

/// One page: clap's sections, then [`SECTIONS`].
fn render(page: clap::Command) -> std::io::Result<Vec<u8>> {
    let subcommands = page.get_subcommands().any(|s| !s.is_hide_set());
    let examples = page.get_after_help().is_some();
    let version = page.get_version().is_some();
    let man = clap_mangen::Man::new(page);
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    man.render_options_section(&mut out)?;
    if subcommands {
        man.render_subcommands_section(&mut out)?;
    }
    if examples {
        man.render_extra_section(&mut out)?;
    }
    out.extend_from_slice(SECTIONS.as_bytes());
    if version {
        man.render_version_section(&mut out)?;
    }
    Ok(out)
}

/// The pages: `gitvow.1` (which lists no `help` page: `--help` is that) and `gitvow-<sub>.1`,
/// whose synopsis names the command as it is typed (`gitvow check`).
fn pages(cli: clap::Command) -> Vec<(String, clap::Command)> {
    let cmd = cli.mut_subcommand("help", |s| s.hide(true));
    let mut pages = vec![(String::from("gitvow"), cmd.clone())];
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("gitvow-{}", sub.get_name());
        pages.push((name.clone(), sub.clone().display_name(name).bin_name(format!("gitvow {}", sub.get_name()))));
    }
    pages
}

/// `gitvow man [DIR]`, of the command line `cli`: `gitvow.1` and one page per subcommand (`gitvow-install.1`, …) in `dir`, or
/// the main page on stdout without one.
pub fn run(dir: Option<&Path>, cli: clap::Command) -> Result<i32> {
    let mut pages = pages(cli);
    let Some(dir) = dir else {
        let (_, main) = pages.swap_remove(0);
        let out = render(main).map_err(|e| Error::new(format!("cannot render the man page: {e}")))?;
        crate::output::print(&String::from_utf8_lossy(&out));
        return Ok(0);
    };
    std::fs::create_dir_all(dir).map_err(|e| Error::io("create", dir, &e))?;
    let mut written = Vec::new();
    for (name, page) in pages {
        let path = dir.join(format!("{name}.1"));
        let out = render(page).map_err(|e| Error::new(format!("cannot render {name}.1: {e}")))?;
        std::fs::write(&path, out).map_err(|e| Error::io("write", &path, &e))?;
        written.push(crate::paths::display(&path));
    }
    crate::output::line(&format!("wrote {}", written.join(", ")));
    Ok(0)
}
