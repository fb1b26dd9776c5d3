//! `gitvow run`: starts an agent, or any command, in gitvow's box (see [`crate::confine`]). The
//! process enters the box itself and then becomes the command: nothing of gitvow stays running,
//! and the command's exit status is the person's.

use crate::agents::AGENTS;
use crate::confine::{Plan, plan::Places};
use crate::error::{Error, Result};
use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;

/// What `gitvow run` was asked to do.
#[derive(Clone, Debug)]
pub struct RunRequest {
    pub(crate) agent: Option<String>,
    pub(crate) unboxed: bool,
    pub(crate) command: Vec<OsString>,
}

pub fn run(request: &RunRequest) -> Result<i32> {
    let argv = command_line(request)?;
    let shown = argv.iter().map(|a| a.to_string_lossy()).collect::<Vec<_>>().join(" ");
    let mut command = std::process::Command::new(&argv[0]);
    command.args(&argv[1..]);
    match enter() {
        Ok(Some(id)) => {
            command.env(crate::gate::box_questions::ENV, id);
        }
        Ok(None) => {}
        Err(why) if request.unboxed => {
            crate::say!("gitvow run: starting `{shown}` WITHOUT the box (--unboxed): {why}");
        }
        Err(why) => {
            return Err(Error::new(format!("cannot start `{shown}` in gitvow's box: {why}")).hint(
                "gitvow never starts it unprotected by itself; to start it without the box anyway: gitvow run --unboxed -- <command>",
            ));
        }
    }
    let err = command.exec();
    let code = if err.kind() == std::io::ErrorKind::NotFound { 127 } else { 126 };
    crate::say!("gitvow run: cannot run {}: {err}", argv[0].to_string_lossy());
    Ok(code)
}

/// The command to start: the one given, or the named agent's own.
fn command_line(request: &RunRequest) -> Result<Vec<OsString>> {
    let agent = match request.agent.as_deref() {
        None => None,
        Some(name) => Some(AGENTS.iter().find(|a| a.name == name && a.install.adapter.is_none()).ok_or_else(|| {
            let known: Vec<&str> = AGENTS.iter().filter(|a| a.install.adapter.is_none()).map(|a| a.name).collect();
            let hint = match crate::spelling::closest(name, &known) {
                Some(close) => format!("did you mean `gitvow run --agent {close}`?"),
                None => format!("the agents gitvow knows: {}", known.join(", ")),
            };
            Error::usage(format!("unknown agent `{name}`")).hint(hint)
        })?),
    };
    if !request.command.is_empty() {
        return Ok(request.command.clone());
    }
    match agent.and_then(|a| a.install.detect_commands.first()) {
        Some(command) => Ok(vec![OsString::from(command)]),
        None => Err(Error::usage("name the command to start after `--` (gitvow run -- COMMAND ARGS…), or an agent with --agent")
            .hint("for example: `gitvow run --agent claude`")),
    }
}

/// Makes the box for this process: the key first (a file that does not exist cannot be hidden).
/// Returns the id of the box's own directory for questions and answers, if one could be made (not
/// in a box already, where `~/.gitvow` is read-only: questions then get no code).
fn enter() -> std::result::Result<Option<String>, String> {
    let home = crate::paths::home().ok_or("cannot find the home directory")?;
    let gitvow_home = crate::paths::gitvow_home().ok_or("cannot find the home directory")?;
    crate::gate::seal::ensure_key().map_err(|e| e.to_string())?;
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current directory: {e}"))?;
    let repo = crate::paths::find_repo(&cwd);
    let mut executables: Vec<PathBuf> = std::env::current_exe().into_iter().collect();
    executables.extend(crate::paths::find_on_path("gitvow"));
    // SAFETY: getuid cannot fail.
    let uid = unsafe { libc::getuid() };
    let asks = crate::gate::box_questions::create().ok();
    let plan = Plan::new(&Places {
        home: &home,
        gitvow_home: &gitvow_home,
        system_root: &crate::paths::system_root(),
        repo: repo.as_ref(),
        executables: &executables,
        questions: asks.as_ref().map(|(_, dir)| dir.as_path()),
        uid,
    });
    crate::confine::enter(&plan).map_err(|r| r.0)?;
    Ok(asks.map(|(id, _)| id))
}
