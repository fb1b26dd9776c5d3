//! Who may answer a question (`gitvow approve`, `gitvow trust`): a person's terminal, however new,
//! and never one the agent made for itself, before the question or after it. The agent here is a
//! real process that keeps running (a shell named `claude`, with the agent's marks, for the
//! sandbox's home), and each tool call is a line it runs: what a call detaches is taken in by
//! process 1 as a real agent's would be.

use super::{code_of, codex, state_of};
use crate::support::{BIN, Sandbox};
use serde_json::json;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout};
use std::time::{Duration, Instant};

/// An agent that runs until dropped; [`Agent::call`] runs a tool call under it.
struct Agent {
    child: Child,
    calls: ChildStdin,
    acks: BufReader<ChildStdout>,
}

impl Agent {
    fn start(env: &Sandbox) -> Agent {
        let launcher = env.script("~/agents/claude", "while read -r line; do sh -c \"$line\" </dev/null >/dev/null 2>&1; echo done; done");
        let mut child = env.tool(&launcher).env("CLAUDECODE", "1").env("AI_AGENT", "claude").stdin("").spawn();
        let calls = child.stdin.take().unwrap();
        let acks = BufReader::new(child.stdout.take().unwrap());
        Agent { child, calls, acks }
    }

    /// Runs the shell line `line` as a tool call and waits for the call (not what it detached).
    fn call(&mut self, line: &str) {
        assert!(!line.contains('\n'), "one line per call: {line}");
        writeln!(self.calls, "{line}").unwrap();
        self.calls.flush().unwrap();
        let mut ack = String::new();
        self.acks.read_line(&mut ack).unwrap();
        assert_eq!(ack, "done\n", "the agent ended during: {line}");
    }
}

impl Drop for Agent {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits (at most 20 s) for `file` to appear: a form's or a pane's command has ended.
fn wait_for(file: &Path, what: &str) {
    let until = Instant::now() + Duration::from_secs(20);
    while !file.exists() {
        assert!(Instant::now() < until, "never finished: {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// What the form's terminal showed, once its relay (`script`, the python parent) has written the
/// end of gitvow's answer: a line starting `gitvow: ` (at most 10 s).
fn shown_by(out: &Path) -> String {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        let shown = std::fs::read_to_string(out).unwrap_or_default();
        if shown.contains("gitvow: ") && shown.ends_with('\n') || Instant::now() > until {
            return shown;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Whether gitvow refused to take the answer from the form's terminal (by where the terminal comes
/// from, or, while a detaching process has not ended yet, by the agent above it).
fn refused(shown: &str) -> bool {
    shown.contains("takes no answer from this terminal") || shown.contains("refuses to run from an agent's tool call")
}

const UNSET: &str = "env -u CLAUDECODE -u CLAUDE_CODE_ENTRYPOINT -u AI_AGENT";

/// The ways an agent made a terminal of its own after the question and answered from it:
/// `setsid -f script` without the environment's markers, a renamed copy of gitvow,
/// `nohup setsid sh -c`, and python with a double fork, `setsid` and `pty.fork`. Each is a tool
/// call, with the form's output file and the file it makes when done.
fn forms_after(env: &Sandbox, args: &str, tag: &str) -> Vec<(String, PathBuf, PathBuf)> {
    let home = env.home();
    let answer = env.write(format!("~/answer-{tag}"), "y\ny\n");
    let renamed = home.join(format!("helper-{tag}"));
    std::fs::copy(BIN, &renamed).unwrap();
    let a = answer.display();
    let files = |i: usize| (home.join(format!("out-{tag}-{i}")), home.join(format!("done-{tag}-{i}")));
    let mut forms = Vec::new();
    for (i, inner) in [format!("{UNSET} {BIN} {args}"), format!("{UNSET} {} {args}", renamed.display())].iter().enumerate() {
        let (out, done) = files(i);
        let line = format!("setsid -f script -qc '{inner} ; touch {}' /dev/null < {a} > {} 2>&1", done.display(), out.display());
        forms.push((line, out, done));
    }
    let (out, done) = files(2);
    let line = format!(
        "nohup setsid sh -c 'script -qc \"{UNSET} {BIN} {args}\" /dev/null < {a} > {}; touch {}' >/dev/null 2>&1 &",
        out.display(),
        done.display()
    );
    forms.push((line, out, done));
    let (out, done) = files(3);
    let python = format!(
        "import os, pty, sys, time\n\
         if os.fork(): sys.exit(0)\n\
         os.setsid()\n\
         if os.fork(): sys.exit(0)\n\
         for k in ('CLAUDECODE', 'CLAUDE_CODE_ENTRYPOINT', 'AI_AGENT'): os.environ.pop(k, None)\n\
         pid, fd = pty.fork()\n\
         if pid == 0: os.execv('{BIN}', ['gitvow'] + {argv:?})\n\
         time.sleep(0.5); os.write(fd, b'y\\n')\n\
         seen = b''\n\
         while True:\n\
         \x20   try: d = os.read(fd, 4096)\n\
         \x20   except OSError: break\n\
         \x20   if not d: break\n\
         \x20   seen += d\n\
         open('{}', 'wb').write(seen); open('{}', 'w').write('')\n",
        out.display(),
        done.display(),
        argv = args.split(' ').collect::<Vec<_>>(),
    );
    let script = env.write(format!("~/form-{tag}.py"), python);
    forms.push((format!("python3 {}", script.display()), out, done));
    forms
}

#[test]
fn a_persons_new_terminal_answers_while_the_agent_runs() {
    let env = Sandbox::with_repo();
    let _agent = Agent::start(&env);
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")));
    // The person reads the question, then opens a terminal.
    let mut term = env.person_terminal();
    let shown = term.run(&["approve", &code], "y\n");
    assert!(shown.stdout.contains("approved: "), "{shown:?}");
    assert_eq!(env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")).code, 0);

    env.write(".gitvow/policy.json", json!({"providers": [{"name": "p", "command": "/bin/true"}]}).to_string());
    let mut term = env.person_terminal();
    let shown = term.run(&["trust", env.repo().to_str().unwrap()], "y\n");
    assert!(shown.stdout.contains("trusted: "), "{shown:?}");
}

#[test]
fn the_agent_cannot_approve_its_own_call_with_a_terminal_of_its_own() {
    let env = Sandbox::with_repo();
    let mut agent = Agent::start(&env);
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")));
    for (line, out, done) in forms_after(&env, &format!("approve {code}"), "approve") {
        agent.call(&line);
        wait_for(&done, &line);
        let shown = shown_by(&out);
        assert_eq!(state_of(&env, &code), json!("pending"), "approved by: {line}\n{shown}");
        assert!(refused(&shown), "{line}: {shown}");
        assert_eq!(env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")).code, 2, "{line}");
    }
}

#[test]
fn the_agent_cannot_trust_a_policy_with_a_terminal_of_its_own() {
    let env = Sandbox::with_repo();
    let mut agent = Agent::start(&env);
    env.write(".gitvow/policy.json", json!({"providers": [{"name": "p", "command": "/bin/true"}]}).to_string());
    for (line, out, done) in forms_after(&env, "trust", "trust") {
        let line = format!("cd {} && {line}", env.repo().display());
        agent.call(&line);
        wait_for(&done, &line);
        let shown = shown_by(&out);
        assert!(!env.home().join(".gitvow/trust.json").exists(), "trusted by: {line}\n{shown}");
        assert!(refused(&shown), "{line}: {shown}");
    }
}

/// `tmux` on the test machine's PATH, or why the test is skipped.
fn tmux(env: &Sandbox) -> bool {
    let found = env.tool("sh").args(["-c", "command -v tmux"]).run().code == 0;
    if !found {
        eprintln!("skipped: tmux is not installed, and the multiplexer cases need a real tmux server");
    }
    found
}

/// The arguments of tmux command `rest` for the server on `socket`, which reads no configuration.
fn tmux_args(socket: &Path, rest: &[&str]) -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = vec!["-S".into(), socket.into(), "-f".into(), "/dev/null".into()];
    args.extend(rest.iter().map(std::ffi::OsString::from));
    args
}

/// The text of tmux pane `target`, wrapped lines joined.
fn pane(env: &Sandbox, socket: &Path, target: &str) -> String {
    env.tool("tmux").args(tmux_args(socket, &["capture-pane", "-p", "-J", "-S", "-100", "-t", target])).run().stdout
}

/// Terminals the agent opened before asking and fed after it: a detached tmux session, its server
/// started without the agent's marks, typed into with `send-keys`; and `script` in a session of its
/// own reading a named pipe (`<>`: it waits for no writer).
#[test]
fn terminals_the_agent_opened_before_the_question_cannot_answer() {
    let env = Sandbox::with_repo();
    let mut agent = Agent::start(&env);
    let home = env.home();
    let (socket, fifo, fifo_out) = (home.join("agent.sock"), home.join("answers"), home.join("out-fifo"));
    let with_tmux = tmux(&env);
    if with_tmux {
        agent.call(&format!("{UNSET} tmux -S {} -f /dev/null new-session -d -s x sh", socket.display()));
    }
    agent.call(&format!(
        "mkfifo {f} && {UNSET} setsid -f sh -c 'script -qfc sh /dev/null <> {f} > {} 2>&1'",
        fifo_out.display(),
        f = fifo.display()
    ));
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")));

    if with_tmux {
        let done = home.join("done-tmux");
        let typed = format!("{BIN} approve {code}; touch {}", done.display());
        agent.call(&format!("tmux -S {} send-keys -t x '{typed}' Enter y Enter", socket.display()));
        wait_for(&done, "the agent's tmux pane");
        let shown = pane(&env, &socket, "x");
        assert_eq!(state_of(&env, &code), json!("pending"), "approved in the agent's tmux:\n{shown}");
        assert!(shown.contains("takes no answer from this terminal: its terminal comes from tmux: server (process "), "{shown}");
        assert!(shown.contains("started after claude (process "), "{shown}");
        env.tool("tmux").args(tmux_args(&socket, &["kill-server"])).run();
    }

    let done = home.join("done-fifo");
    agent.call(&format!("printf '%s\\n' '{BIN} approve {code}; touch {}' y > {}", done.display(), fifo.display()));
    wait_for(&done, "the agent's script reading a named pipe");
    let shown = shown_by(&fifo_out);
    assert_eq!(state_of(&env, &code), json!("pending"), "approved through the named pipe:\n{shown}");
    assert!(shown.contains("takes no answer from this terminal: its terminal comes from "), "{shown}");
    agent.call(&format!("echo exit > {}", fifo.display()));
    assert_eq!(env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")).code, 2);
}

/// Types `gitvow approve <code>` and a yes into tmux pane `target` as the person at it would, and
/// waits for the command to end.
fn answer_in_pane(env: &Sandbox, socket: &Path, target: &str, code: &str, tag: &str) {
    let done = env.home().join(format!("done-{tag}"));
    let typed = format!("{BIN} approve {code}; touch {}", done.display());
    env.tool("tmux").args(tmux_args(socket, &["send-keys", "-t", target, &typed, "Enter", "y", "Enter"])).run().ok();
    wait_for(&done, &format!("the person's pane {target}"));
}

/// A person's own tmux answers: one started before the agent, as it is; one started after it (on a
/// machine where nothing else tells it from the agent's, as in this test) once the person has
/// attached to it from a terminal of theirs, which shows it is theirs.
#[test]
fn a_persons_tmux_answers() {
    let env = Sandbox::with_repo();
    if !tmux(&env) {
        return;
    }
    let home = env.home();
    let (early, late) = (home.join("early.sock"), home.join("late.sock"));
    env.tool("tmux").args(tmux_args(&early, &["new-session", "-d", "-s", "p", "sh"])).run().ok();
    let _agent = Agent::start(&env);
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin main")));
    answer_in_pane(&env, &early, "p", &code, "early");
    assert_eq!(state_of(&env, &code), json!("approved"), "{}", pane(&env, &early, "p"));

    env.tool("tmux").args(tmux_args(&late, &["new-session", "-d", "-s", "q", "sh"])).run().ok();
    let code = code_of(&env.hook("codex", "PreToolUse", codex(&env, "s1", "git push origin dev")));
    answer_in_pane(&env, &late, "q", &code, "late-unseen");
    assert_eq!(state_of(&env, &code), json!("pending"), "shown to no one, it is the agent's as much as the person's");
    // The person attaches from a terminal of theirs (a pty `script` opens for the test).
    let attach = format!("tmux -S {} attach -t q", late.display());
    let mut client = env.tool("script").args(["-qfc", &attach, "/dev/null"]).env("TERM", "xterm").stdin("").spawn();
    let until = Instant::now() + Duration::from_secs(20);
    while env.tool("tmux").args(tmux_args(&late, &["list-clients"])).run().stdout.trim().is_empty() {
        assert!(Instant::now() < until, "the client never attached");
        std::thread::sleep(Duration::from_millis(50));
    }
    answer_in_pane(&env, &late, "q", &code, "late-attached");
    assert_eq!(state_of(&env, &code), json!("approved"), "{}", pane(&env, &late, "q"));
    for socket in [&early, &late] {
        env.tool("tmux").args(tmux_args(socket, &["kill-server"])).run();
    }
    let _ = client.kill();
    let _ = client.wait();
}

/// What weakens the gate without a question (`gitvow uninstall`) is held to the same terminals: the
/// agent's own, detached, is refused; a person's new one, while the agent runs, uninstalls.
#[test]
fn the_agent_cannot_uninstall_from_a_terminal_of_its_own() {
    let env = Sandbox::new();
    env.write("~/.claude/settings.json", "{}\n");
    crate::support::doctor::install_user(&env, &["claude"], &[]);
    let installed = env.read("~/.claude/settings.json");
    assert!(installed.contains("gitvow"), "{installed}");
    let mut agent = Agent::start(&env);
    let (out, done) = (env.home().join("out-uninstall"), env.home().join("done-uninstall"));
    agent.call(&format!(
        "setsid -f script -qc '{UNSET} {BIN} uninstall --user --yes; touch {}' /dev/null > {} 2>&1",
        done.display(),
        out.display()
    ));
    wait_for(&done, "the agent's uninstall");
    let shown = shown_by(&out);
    // Refused either way: by the terminal script made, or, when gitvow looks before `setsid -f`'s
    // first process has exited (a busy machine decides that, not the test), still under the agent.
    let why = ["its terminal comes from script (process ", "it runs under claude"];
    assert!(
        why.iter().any(|why| shown.contains(&format!("`gitvow uninstall` refuses to run from an agent's tool call: {why}"))),
        "{shown}"
    );
    assert_eq!(env.read("~/.claude/settings.json"), installed);
    let mut term = env.person_terminal();
    let out = term.run(&["uninstall", "--user", "--yes"], "");
    assert_eq!(out.code, 0, "{out:?}");
    assert!(!env.read("~/.claude/settings.json").contains("gitvow"));
}
