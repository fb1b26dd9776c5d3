//! Commands only a person may run (`gitvow approve`, `gitvow trust`): they change what the gate
//! lets through, so an agent must not be able to run them for itself. The agent controls its own
//! environment and, by forking and `setsid`, its process ancestry, and `script` or a pty module
//! gives it a terminal whenever it likes; so the marks in the environment and among the parent
//! processes are only the first look. What an agent cannot make is a terminal that is older than
//! the question it wants to answer: the answer must come from this process's controlling terminal
//! (on stdin and stderr), opened before the request was made, in a session where no agent runs.
//! A program the agent wrote and runs outside the gate can still defeat this (see the README); the
//! operating system's own authentication, switched on in the person's policy, adds what it cannot.

use crate::agents::AGENTS;
use crate::error::{Error, Result};
use std::io::{IsTerminal, Write};
#[cfg(target_os = "linux")]
use std::os::unix::ffi::OsStrExt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// `Ok` when a person at a terminal runs `command`; otherwise the error that says why not.
pub fn require(command: &str) -> Result<()> {
    require_no_agent(command)?;
    if !std::io::stdin().is_terminal() || !std::io::stderr().is_terminal() {
        return Err(Error::new(format!("`{command}` needs a person at a terminal, and stdin or stderr is not one"))
            .hint(format!("run `{command}` yourself, in your own terminal")));
    }
    Ok(())
}

/// `Ok` unless an agent's tool call runs `command`: the agent's marks in the environment, an
/// agent among this process's parents, or among those of its session's leader (a `setsid` or a
/// detached shell on the way). For what weakens the gate but must also run from scripts without a
/// terminal (`gitvow uninstall`, `install --command`). It looks at the processes, not at the
/// executable: a copy of gitvow under another name or with other bytes, or gitvow started through
/// the dynamic loader, is held to it all the same.
pub fn require_no_agent(command: &str) -> Result<()> {
    if let Some(agent) = agent_environment() {
        return Err(refusal(command, &format!("the environment says it runs under {agent}")));
    }
    if let Some(agent) = agent_ancestor(std::process::id()) {
        return Err(refusal(command, &format!("it runs under {agent}")));
    }
    #[cfg(target_os = "linux")]
    if let Some(me) = terminal::stat(std::process::id()) {
        if let Some(agent) = Some(me.session).filter(|s| *s > 1).and_then(|leader| agent_process(leader).or_else(|| agent_ancestor(leader)))
        {
            return Err(refusal(command, &format!("its session was started under {agent}")));
        }
        // Detached (`setsid -f`, `nohup … &`, a double fork, `at`, `systemd-run`, cron), a
        // process has shed its parents, its session and its environment; what it cannot shed is
        // that an agent's tool calls have no terminal. A person's run has one, or no agent runs.
        if me.tty == 0
            && let Some(agent) = agent_for_this_home()
        {
            return Err(Error::new(format!(
                "`{command}` refuses to run without a terminal while {agent} runs for this home directory: a tool call of it, detached from it, would look the same"
            ))
            .hint(format!("run `{command}` yourself, in a terminal of your own, or once the agent has ended")));
        }
    }
    Ok(())
}

/// An agent process of this user whose home directory (its `HOME` when it started) is this one.
#[cfg(target_os = "linux")]
fn agent_for_this_home() -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let home = crate::paths::home()?;
    let same = |h: &std::path::Path| h == home || (h.canonicalize().ok().is_some_and(|c| home.canonicalize().ok() == Some(c)));
    // SAFETY: geteuid has no preconditions and cannot fail.
    let uid = unsafe { libc::geteuid() };
    let me = std::process::id();
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        if pid == me || !entry.metadata().is_ok_and(|m| m.uid() == uid) {
            continue;
        }
        let Some(agent) = agent_process(pid) else { continue };
        // A process that has ended (a zombie) shows no environment; one without `HOME` may be
        // anyone's, this home's included.
        let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
        if environ.is_empty() {
            continue;
        }
        let agent_home =
            environ.split(|b| *b == 0).find_map(|v| v.strip_prefix(b"HOME=")).map(|h| std::path::Path::new(std::ffi::OsStr::from_bytes(h)));
        if agent_home.is_none_or(same) {
            return Some(format!("{agent} (process {pid})"));
        }
    }
    None
}

/// [`require`], for an answer to a request made at `asked`: the terminal must be this process's
/// controlling terminal, opened before `asked`, and no agent may run in its session.
pub fn require_answer(command: &str, asked: SystemTime) -> Result<()> {
    require(command)?;
    terminal::check(asked).map_err(|why| refusal(command, &why))
}

/// A time in seconds since the epoch, as the records keep it.
pub fn at(secs: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(secs)
}

#[cfg(target_os = "linux")]
mod terminal {
    use super::{agent_ancestor, agent_process};
    use std::os::unix::fs::MetadataExt;
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    /// Why the terminal on stdin and stderr cannot carry a person's answer to a request made at
    /// `asked`, if it cannot.
    pub fn check(asked: SystemTime) -> Result<(), String> {
        let me = stat(std::process::id()).ok_or("its process cannot be read in /proc")?;
        if me.tty == 0 {
            return Err("it has no controlling terminal (a terminal only lent to it on stdin is not a person's)".into());
        }
        for (fd, name) in [(std::io::stdin().as_fd_meta(), "stdin"), (std::io::stderr().as_fd_meta(), "stderr")] {
            let meta = fd.ok_or_else(|| format!("its {name} cannot be looked at"))?;
            if encode(meta.rdev()) != me.tty {
                return Err(format!("its {name} is not its controlling terminal"));
            }
        }
        // A pseudo-terminal's device node is made when it is opened, and its change time is then;
        // nothing but root can set it back. `script`, `pty.fork` and the like make a new one.
        let meta = std::io::stdin().as_fd_meta().ok_or("its stdin cannot be looked at")?;
        let opened = UNIX_EPOCH + Duration::new(meta.ctime().max(0) as u64, meta.ctime_nsec().clamp(0, 999_999_999) as u32);
        if opened >= asked {
            return Err("its terminal was opened after the request was made; answer from a terminal that was already open".into());
        }
        if let Some(agent) = agent_ancestor(me.session).or_else(|| agent_process(me.session)) {
            return Err(format!("its terminal's session was started under {agent}"));
        }
        if let Some(agent) = agent_in_session(me.session) {
            return Err(format!("{agent} runs in its terminal's session"));
        }
        Ok(())
    }

    trait FdMeta {
        fn as_fd_meta(&self) -> Option<std::fs::Metadata>;
    }

    impl<T: std::os::fd::AsFd> FdMeta for T {
        fn as_fd_meta(&self) -> Option<std::fs::Metadata> {
            let fd = self.as_fd().try_clone_to_owned().ok()?;
            std::fs::File::from(fd).metadata().ok()
        }
    }

    /// A device number as `/proc/<pid>/stat` writes the controlling terminal's.
    fn encode(rdev: u64) -> u64 {
        let (major, minor) = (libc::major(rdev) as u64, libc::minor(rdev) as u64);
        (minor & 0xff) | (major << 8) | ((minor & !0xff) << 12)
    }

    pub struct Stat {
        pub session: u32,
        pub tty: u64,
    }

    /// The fields of `/proc/<pid>/stat` these checks read.
    pub fn stat(pid: u32) -> Option<Stat> {
        let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // `pid (comm) state ppid pgrp session tty_nr …`: comm may hold spaces and parentheses.
        let fields: Vec<&str> = text.rsplit_once(')')?.1.split_whitespace().collect();
        Some(Stat { session: fields.get(3)?.parse().ok()?, tty: fields.get(4)?.parse::<i64>().ok()? as u64 })
    }

    /// An agent among the processes of `session`.
    fn agent_in_session(session: u32) -> Option<String> {
        let entries = std::fs::read_dir("/proc").ok()?;
        for entry in entries.flatten() {
            let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
            if stat(pid).is_some_and(|s| s.session == session)
                && let Some(agent) = agent_process(pid)
            {
                return Some(format!("{agent} (process {pid})"));
            }
        }
        None
    }
}

#[cfg(not(target_os = "linux"))]
mod terminal {
    /// Without `/proc`, the terminal's age and session cannot be told: only the rest applies, and
    /// the operating system's authentication (the person's policy) is what proves presence.
    pub fn check(_asked: std::time::SystemTime) -> Result<(), String> {
        Ok(())
    }
}

fn refusal(command: &str, why: &str) -> Error {
    Error::new(format!("`{command}` refuses to run from an agent's tool call: {why}"))
        .hint(format!("run `{command}` yourself, in a terminal of your own outside the agent"))
}

/// The agent whose marker variable is set, if any.
fn agent_environment() -> Option<&'static str> {
    AGENTS.iter().find(|a| a.gate.env_markers.iter().any(|v| std::env::var_os(v).is_some_and(|x| !x.is_empty()))).map(|a| a.name)
}

/// The first agent among the ancestors of process `pid`, read from `/proc` (Linux). Elsewhere
/// nothing is found and the terminal rule alone applies.
fn agent_ancestor(mut pid: u32) -> Option<&'static str> {
    // Bounded: a process tree is shallow, and a cycle in a strange `/proc` must still end.
    for _ in 0..64 {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after the last `)`.
        let ppid: u32 = stat.rsplit_once(')')?.1.split_whitespace().nth(1)?.parse().ok()?;
        if ppid <= 1 {
            return None;
        }
        if let Some(agent) = agent_process(ppid) {
            return Some(agent);
        }
        pid = ppid;
    }
    None
}

/// Whether process `pid` is an agent: by its name, or by the script an interpreter (node, bun, …)
/// runs, named by any component of its path (`…/@anthropic-ai/claude-code/cli.js`).
fn agent_process(pid: u32) -> Option<&'static str> {
    let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
    let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
    let args: Vec<String> = cmdline.split(|b| *b == 0).filter(|a| !a.is_empty()).map(|a| String::from_utf8_lossy(a).into_owned()).collect();
    let mut names = vec![comm.trim().to_string()];
    if let Some(first) = args.first() {
        names.push(base(first).to_string());
    }
    let interpreter = names.iter().any(|n| matches!(n.as_str(), "node" | "nodejs" | "bun" | "deno" | "tsx"));
    if interpreter {
        for arg in args.iter().skip(1).filter(|a| !a.starts_with('-')).take(2) {
            names.extend(arg.split('/').map(|c| c.trim_end_matches(".js").trim_end_matches(".mjs").to_string()));
        }
    }
    AGENTS.iter().find(|a| names.iter().any(|n| a.gate.process_names.contains(&n.as_str()))).map(|a| a.name)
}

fn base(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Asks the person `question` on stderr and reads their answer as a line (Enter required): only `y`
/// or `yes` is a yes.
pub fn confirm(question: &str) -> Result<bool> {
    eprint!("{question} [y/N] ");
    let _ = std::io::stderr().flush();
    let mut answer = String::new();
    std::io::stdin().read_line(&mut answer).map_err(|e| Error::new(format!("cannot read the answer: {e}")))?;
    Ok(matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes"))
}
