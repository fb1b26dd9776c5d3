//! Commands only a person may run (`gitvow trust`): they change what the gate lets through, so an
//! agent must not be able to run them for itself. They need a terminal on stdin and stderr, and
//! refuse when an agent is among their parent processes or has left its mark in the environment.
//! This stops an agent's tool call, not a program set on defeating the gate (see the README).

use crate::agents::AGENTS;
use crate::error::{Error, Result};
use std::io::{IsTerminal, Write};

/// `Ok` when a person at a terminal runs `command`; otherwise the error that says why not.
pub fn require(command: &str) -> Result<()> {
    if let Some(agent) = agent_environment() {
        return Err(refusal(command, &format!("the environment says it runs under {agent}")));
    }
    if let Some(agent) = agent_ancestor() {
        return Err(refusal(command, &format!("it runs under {agent}")));
    }
    if !std::io::stdin().is_terminal() || !std::io::stderr().is_terminal() {
        return Err(Error::new(format!("`{command}` needs a person at a terminal, and stdin or stderr is not one"))
            .hint(format!("run `{command}` yourself, in your own terminal")));
    }
    Ok(())
}

fn refusal(command: &str, why: &str) -> Error {
    Error::new(format!("`{command}` refuses to run from an agent's tool call: {why}"))
        .hint(format!("run `{command}` yourself, in a terminal of your own outside the agent"))
}

/// The agent whose marker variable is set, if any.
fn agent_environment() -> Option<&'static str> {
    AGENTS.iter().find(|a| a.env_markers.iter().any(|v| std::env::var_os(v).is_some_and(|x| !x.is_empty()))).map(|a| a.name)
}

/// The first agent among this process's ancestors, read from `/proc` (Linux). Elsewhere nothing is
/// found and the terminal rule alone applies.
fn agent_ancestor() -> Option<&'static str> {
    let mut pid = std::process::id();
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
    AGENTS.iter().find(|a| names.iter().any(|n| a.process_names.contains(&n.as_str()))).map(|a| a.name)
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
