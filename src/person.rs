//! Commands only a person may run (`gitvow approve`, `gitvow trust`): they change what the gate
//! lets through, so an agent must not be able to run them for itself. The agent controls its own
//! environment and, by forking and `setsid`, its process ancestry, and `script` or a pty module
//! gives it a terminal whenever it likes; so the marks in the environment and among the parent
//! processes are only the first look. The answer must come from this process's controlling
//! terminal (on stdin and stderr), in a session where no agent runs, and, while an agent runs, from
//! a terminal whose line of processes leads to something of the person's rather than to a process
//! the agent started and detached ([`terminal::check`]). A program the agent wrote and runs outside
//! the gate can still defeat this (see the README); the operating system's own authentication,
//! switched on in the person's policy, adds what it cannot.

mod procs;
#[cfg(target_os = "linux")]
mod terminal;

use crate::agents::AGENTS;
use crate::error::{Error, Result};
use std::io::{IsTerminal, Write};

/// `Ok` when a person at a terminal runs `command`; otherwise the error that says why not.
pub(crate) fn require(command: &str) -> Result<()> {
    unattended(command, false)?;
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
/// the dynamic loader, is held to it all the same. On a terminal, while an agent runs, the terminal
/// must not be one the agent made for itself ([`terminal::apart`]).
pub(crate) fn require_no_agent(command: &str) -> Result<()> {
    unattended(command, true)
}

/// [`require_no_agent`]; without the terminal's own check when `answer`'s check follows (it says
/// more, and names the command to run again).
fn unattended(command: &str, terminal_too: bool) -> Result<()> {
    if let Some(agent) = agent_environment() {
        return Err(refusal(command, &format!("the environment says it runs under {agent}")));
    }
    if let Some(agent) = procs::agent_ancestor(std::process::id()) {
        return Err(refusal(command, &format!("it runs under {agent}")));
    }
    #[cfg(target_os = "linux")]
    if let Some(me) = crate::proc_stat::read(std::process::id()) {
        if let Some(agent) =
            Some(me.session).filter(|s| *s > 1).and_then(|leader| procs::agent_process(leader).or_else(|| procs::agent_ancestor(leader)))
        {
            return Err(refusal(command, &format!("its session was started under {agent}")));
        }
        // Detached (`setsid -f`, `nohup … &`, a double fork, `at`, `systemd-run`, cron), a
        // process has shed its parents, its session and its environment; what it cannot shed is
        // that an agent's tool calls have no terminal. A person's run has one, or no agent runs.
        if me.tty == 0
            && let Some(agent) = procs::agents_for_this_home().first()
        {
            return Err(Error::new(format!(
                "`{command}` refuses to run without a terminal while {} runs for this home directory: a tool call of it, detached from it, would look the same",
                procs::named(agent.pid)
            ))
            .hint(format!("run `{command}` yourself, in a terminal of your own, or once the agent has ended")));
        }
        if terminal_too && me.tty != 0 {
            terminal::apart(&me).map_err(|why| refusal(command, &why))?;
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = terminal_too;
    Ok(())
}

/// [`require`], for an answer: the terminal must also be a person's ([`terminal::check`]). `again`
/// is the command to run from a terminal of the person's own.
pub(crate) fn require_answer(command: &str, again: &str) -> Result<()> {
    require(command)?;
    #[cfg(target_os = "linux")]
    terminal::check().map_err(|why| {
        Error::new(format!("`{command}` takes no answer from this terminal: {why}")).hint(format!(
            "answer in a terminal you opened yourself (a new window or tab of your terminal, or an ssh login), outside the agent: `{again}`"
        ))
    })?;
    // Without `/proc`, the terminal's line of processes cannot be read: only the rest applies, and
    // the operating system's authentication (the person's policy) is what proves presence.
    #[cfg(not(target_os = "linux"))]
    let _ = again;
    Ok(())
}

fn refusal(command: &str, why: &str) -> Error {
    Error::new(format!("`{command}` refuses to run from an agent's tool call: {why}"))
        .hint(format!("run `{command}` yourself, in a terminal of your own outside the agent"))
}

/// The agent whose marker variable is set, if any.
fn agent_environment() -> Option<&'static str> {
    AGENTS.iter().find(|a| a.gate.env_markers.iter().any(|v| std::env::var_os(v).is_some_and(|x| !x.is_empty()))).map(|a| a.name)
}

/// Asks the person `question` on stderr and reads their answer as a line (Enter required): only `y`
/// or `yes` is a yes.
pub(crate) fn confirm(question: &str) -> Result<bool> {
    crate::say_part!("{question} [y/N] ");
    let _ = std::io::stderr().flush();
    let mut answer = String::new();
    std::io::stdin().read_line(&mut answer).map_err(|e| Error::new(format!("cannot read the answer: {e}")))?;
    Ok(matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes"))
}
