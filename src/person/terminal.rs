//! Whether the terminal a command runs on is a person's (Linux): see [`check`].

use super::procs::{self, Agent};
use crate::proc_stat::{self, Stat};
use std::os::unix::fs::{FileTypeExt, MetadataExt};

/// Why the terminal on stdin and stderr cannot carry a person's answer, if it cannot.
///
/// It must be this process's controlling terminal, in a session where no agent runs. While an agent
/// runs for this home directory, where this process comes from counts too ([`procs::origin`]): a
/// person's new terminal comes from their terminal program, an ssh server, a login or a
/// multiplexer they started, all older than the agent or apart from it; one the agent made for
/// itself and detached (`setsid -f script`, `nohup`, a double fork and a pty, `tmux new -d`, a
/// `script` reading a named pipe) comes from a process started after the agent, where the agent
/// runs (its control group), and no terminal of the person's shows it. When the question was asked
/// does not count: a person opens a terminal after reading it, an agent before asking.
pub(crate) fn check() -> Result<(), String> {
    let me = proc_stat::read(std::process::id()).ok_or("its process cannot be read in /proc")?;
    if me.tty == 0 {
        return Err("it has no controlling terminal (a terminal only lent to it on stdin is not a person's)".into());
    }
    for (meta, name) in [(fd_meta(&std::io::stdin()), "stdin"), (fd_meta(&std::io::stderr()), "stderr")] {
        let meta = meta.ok_or_else(|| format!("its {name} cannot be looked at"))?;
        if encode(meta.rdev()) != me.tty {
            return Err(format!("its {name} is not its controlling terminal"));
        }
    }
    if let Some(agent) = procs::agent_ancestor(me.session).or_else(|| procs::agent_process(me.session)) {
        return Err(format!("its terminal's session was started under {agent}"));
    }
    if let Some(agent) = procs::agent_in_session(me.session) {
        return Err(format!("{agent} runs in its terminal's session"));
    }
    apart(&me)
}

/// Why the terminal of process `me` is one an agent made for itself, if it is one: while no agent
/// runs for this home directory, none is.
pub(crate) fn apart(me: &Stat) -> Result<(), String> {
    let agents = procs::agents_for_this_home();
    if agents.is_empty() { Ok(()) } else { persons(me, &agents, 0) }
}

/// [`procs::origin`] of process `pid` and the control group it runs in, looked for again when the
/// origin ends between the two looks (the middle of a double fork ending as it is looked at: its
/// child is then another's, and a control group read of an ended process says nothing).
fn origin_and_place(pid: u32) -> Option<(Stat, Option<String>)> {
    let mut found = None;
    for _ in 0..4 {
        // `None` also while a parent on the way ends and its child is not yet another's.
        let Some(origin) = procs::origin(pid) else { continue };
        let place = procs::cgroup(origin.pid);
        let ended = place.is_none() && proc_stat::read(origin.pid).is_none();
        found = Some((origin, place));
        if !ended {
            break;
        }
    }
    found
}

/// Whether the terminal of process `me` is a person's, while `agents` run: `depth` counts the
/// terminals looked through (a multiplexer's client's, and so on).
fn persons(me: &Stat, agents: &[Agent], depth: u32) -> Result<(), String> {
    // Unreadable while an agent runs (the line of processes changing as it is read, or hidden):
    // nothing tells it from one the agent made, so it is not taken for a person's.
    let Some((origin, place)) = origin_and_place(me.pid) else {
        return Err("where its terminal comes from cannot be read while an agent runs for this home directory".into());
    };
    // Start times count in clock ticks (10 ms): within one, the later process has the higher id.
    let later = |a: &Agent| (a.start, a.pid) < (origin.start, origin.pid);
    let Some(agent) = agents.iter().find(|a| later(a) && place.is_some() && procs::cgroup(a.pid) == place) else {
        return Ok(());
    };
    if depth < 3 && shown_to_a_person(&origin, agents, depth) {
        return Ok(());
    }
    Err(format!(
        "its terminal comes from {}, started after {} began, where it runs, and shown on no terminal of yours: that is how a terminal an agent makes for itself looks",
        procs::named(origin.pid),
        procs::named(agent.pid),
    ))
}

/// Whether `keeper` (a multiplexer server: tmux, screen, dtach, zellij) is shown on a person's
/// terminal: one it holds open, whose foreground runs the same program (the client attached
/// there), and which is itself a person's. An agent cannot start a process in the foreground of a
/// terminal of yours; it could at most run its own multiplexer while you run another copy of the
/// same program (see the README).
fn shown_to_a_person(keeper: &Stat, agents: &[Agent], depth: u32) -> bool {
    let Some(program) = procs::program(keeper.pid) else { return false };
    let Ok(fds) = std::fs::read_dir(format!("/proc/{}/fd", keeper.pid)) else { return false };
    let terminals: Vec<u64> = fds
        .flatten()
        .filter_map(|fd| std::fs::metadata(fd.path()).ok())
        .filter(|m| m.file_type().is_char_device() && is_terminal(m.rdev()))
        .map(|m| encode(m.rdev()))
        .collect();
    if terminals.is_empty() {
        return false;
    }
    procs::all().filter_map(proc_stat::read).any(|client| {
        client.tty != 0
            && terminals.contains(&client.tty)
            && i64::from(client.group) == client.foreground
            && procs::program(client.pid) == Some(program)
            && procs::agent_ancestor(client.pid).is_none()
            && procs::agent_in_session(client.session).is_none()
            && persons(&client, agents, depth + 1).is_ok()
    })
}

/// A terminal's device: a pseudo-terminal's end (Unix98 majors 136–143) or a console or serial
/// line (major 4).
fn is_terminal(rdev: u64) -> bool {
    matches!(libc::major(rdev), 4 | 136..=143)
}

fn fd_meta(fd: &impl std::os::fd::AsFd) -> Option<std::fs::Metadata> {
    let fd = fd.as_fd().try_clone_to_owned().ok()?;
    std::fs::File::from(fd).metadata().ok()
}

/// A device number as `/proc/<pid>/stat` writes the controlling terminal's.
fn encode(rdev: u64) -> u64 {
    let (major, minor) = (u64::from(libc::major(rdev)), u64::from(libc::minor(rdev)));
    (minor & 0xff) | (major << 8) | ((minor & !0xff) << 12)
}
