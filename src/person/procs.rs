//! What `/proc` says about the processes around a command (Linux; elsewhere every look finds
//! nothing): whose child each is, its session, its controlling terminal, when it started, where
//! (its control group), and which of them are agents.

use crate::agents::AGENTS;
use crate::proc_stat::{self, Stat};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// Every process the system shows, by id.
pub(crate) fn all() -> impl Iterator<Item = u32> {
    std::fs::read_dir("/proc").into_iter().flatten().flatten().filter_map(|e| e.file_name().to_str()?.parse().ok())
}

/// `script (process 4242)`: a process as a person is told about it.
pub(crate) fn named(pid: u32) -> String {
    let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
    format!("{} (process {pid})", crate::visible::visible_line(comm.trim()))
}

/// Its control group(s): systemd gives each terminal tab, login and service one of its own, and a
/// process stays in its parent's however it detaches (leaving takes a write the agent is asked
/// about). Where every process shares one (a container), it tells nothing apart.
pub(crate) fn cgroup(pid: u32) -> Option<String> {
    std::fs::read_to_string(format!("/proc/{pid}/cgroup")).ok()
}

/// The executable's file (device and inode), to tell two runs of one program.
pub(crate) fn program(pid: u32) -> Option<(u64, u64)> {
    std::fs::metadata(format!("/proc/{pid}/exe")).ok().map(|m| (m.dev(), m.ino()))
}

/// Processes that take in the orphans below them: when a process's parent ends, the kernel makes it
/// the child of the nearest of these (or of process 1), so its parent then says nothing of where it
/// came from. `systemd --user` is one on every systemd desktop.
const REAPERS: &[&str] = &["systemd", "init", "tini", "dumb-init", "catatonit", "s6-svscan", "runsvdir", "launchd"];

/// Where `pid`'s line of parents comes from: the highest of its ancestors (itself included) below
/// process 1 or a reaper. A person's shell comes from a terminal program, an ssh server or a login
/// started long ago; a terminal an agent detached from itself (`setsid -f`, `nohup … &`, a double
/// fork, `tmux new -d`) comes from itself.
///
/// A line that changes while it is read is read again: a parent that ends meanwhile (as the middle
/// of a double fork does) has handed its children to a reaper before its entry leaves `/proc`, so
/// the child, read again, names its new parent. Only a parent that stays unreadable under a child
/// that keeps it (another user's, hidden) ends the walk with nothing known.
pub(crate) fn origin(pid: u32) -> Option<Stat> {
    let mut at = proc_stat::read(pid)?;
    // Bounded: a process tree is shallow, and a cycle in a strange `/proc` must still end.
    for _ in 0..64 {
        if at.ppid <= 1 {
            return Some(at);
        }
        let comm = std::fs::read_to_string(format!("/proc/{}/comm", at.ppid)).unwrap_or_default();
        if REAPERS.contains(&comm.trim()) {
            return Some(at);
        }
        at = match proc_stat::read(at.ppid) {
            Some(parent) => parent,
            None => match proc_stat::read(at.pid) {
                Some(again) if again.ppid == at.ppid => return None,
                Some(again) => again,
                // `at` ended too: its line is read again from the start.
                None => proc_stat::read(pid)?,
            },
        };
    }
    None
}

/// The first agent among the ancestors of process `pid`.
pub(crate) fn agent_ancestor(mut pid: u32) -> Option<&'static str> {
    for _ in 0..64 {
        let ppid = proc_stat::read(pid)?.ppid;
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
pub(crate) fn agent_process(pid: u32) -> Option<&'static str> {
    let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
    let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
    let args: Vec<String> = cmdline.split(|b| *b == 0).filter(|a| !a.is_empty()).map(|a| String::from_utf8_lossy(a).into_owned()).collect();
    let mut names = vec![comm.trim().to_string()];
    if let Some(first) = args.first() {
        names.push(first.rsplit('/').next().unwrap_or(first).to_string());
    }
    let interpreter = names.iter().any(|n| matches!(n.as_str(), "node" | "nodejs" | "bun" | "deno" | "tsx"));
    if interpreter {
        for arg in args.iter().skip(1).filter(|a| !a.starts_with('-')).take(2) {
            names.extend(arg.split('/').map(|c| c.trim_end_matches(".js").trim_end_matches(".mjs").to_string()));
        }
    }
    AGENTS.iter().find(|a| names.iter().any(|n| a.gate.process_names.contains(&n.as_str()))).map(|a| a.name)
}

/// An agent among the processes of `session`.
pub(crate) fn agent_in_session(session: u32) -> Option<String> {
    all()
        .filter(|pid| proc_stat::read(*pid).is_some_and(|s| s.session == session))
        .find_map(|pid| agent_process(pid).map(|a| format!("{a} (process {pid})")))
}

/// An agent that runs for this home directory.
pub(crate) struct Agent {
    pub(crate) pid: u32,
    pub(crate) start: u64,
}

/// The agents of this user whose home directory (their `HOME` when they started) is this one.
pub(crate) fn agents_for_this_home() -> Vec<Agent> {
    let Some(home) = crate::paths::home() else { return Vec::new() };
    let same = |h: &Path| h == home || (h.canonicalize().ok().is_some_and(|c| home.canonicalize().ok() == Some(c)));
    // SAFETY: geteuid has no preconditions and cannot fail.
    let uid = unsafe { libc::geteuid() };
    let me = std::process::id();
    let mut found = Vec::new();
    for pid in all().filter(|p| *p != me) {
        if !std::fs::metadata(format!("/proc/{pid}")).is_ok_and(|m| m.uid() == uid) {
            continue;
        }
        if agent_process(pid).is_none() {
            continue;
        }
        // A process that has ended (a zombie) shows no environment; one without `HOME` may be
        // anyone's, this home's included.
        let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
        if environ.is_empty() {
            continue;
        }
        let agent_home =
            environ.split(|b| *b == 0).find_map(|v| v.strip_prefix(b"HOME=")).map(|h| Path::new(std::ffi::OsStr::from_bytes(h)));
        if agent_home.is_none_or(same)
            && let Some(s) = proc_stat::read(pid)
        {
            found.push(Agent { pid, start: s.start });
        }
    }
    found
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::origin;
    use crate::proc_stat;

    /// This test's own process, as `/proc` shows it: its parent is read after a `comm` that may hold
    /// `)`, and its line of parents ends where a reaper takes orphans in.
    #[test]
    fn a_process_and_where_it_comes_from() {
        let me = proc_stat::read(std::process::id()).unwrap();
        assert_eq!(me.ppid, std::os::unix::process::parent_id());
        assert!(me.start > 0);
        // Not "above 0": in a PID namespace whose session leader lives outside it (a CI container),
        // both the kernel's answer and `/proc` say 0.
        // SAFETY: getsid of the calling process has no memory effects.
        assert_eq!(i64::from(me.session), i64::from(unsafe { libc::getsid(0) }));
        let top = origin(me.pid).unwrap();
        assert!(top.start <= me.start, "a parent starts before its child");
        let parent = std::fs::read_to_string(format!("/proc/{}/comm", top.ppid)).unwrap_or_default();
        assert!(top.ppid <= 1 || super::REAPERS.contains(&parent.trim()), "{} under {}", top.pid, parent);
    }
}
