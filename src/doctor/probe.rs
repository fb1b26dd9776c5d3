//! The live probe: run the installed PreToolUse hook exactly as the agent would (its command string
//! through the agent's shell, or the OpenCode plugin under Node.js), with a harmless `ls` in the
//! agent's own payload shape, in a temporary directory, and check that it answers allow in the
//! agent's form, from this gitvow (`answerer`): an allow from a shell function, an alias or another
//! program that answers for gitvow's command is a failure.
//!
//! Agents give a hook 30 s or more; doctor waits at most [`PROBE_CAP`] so that it stays fast: a
//! healthy gitvow answers in milliseconds, and a hook that needs seconds is broken either way.

use super::answerer::{self, Answerer};
use super::node;
use super::{CheckResult, CheckedScopes};
use crate::agents::{AgentSpec, HookShell, ResponseForm, TimeUnit};
use crate::gate::process;
use crate::install::inspect::Inspected;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

pub(crate) use crate::gate::record::PROBE_SESSION;
pub(super) const PROBE_CAP: Duration = Duration::from_secs(3);

/// The agent's captured payload (its row's `probe_payload`), made a harmless `ls` in `dir`: every
/// id is the probe's (so that the activity check and `gitvow log` leave these calls out), every
/// place is `dir`.
fn payload(agent: &AgentSpec, dir: &str) -> Value {
    fn harmless(v: &mut Value, dir: &str) {
        let Value::Object(o) = v else { return };
        for (k, v) in o.iter_mut() {
            match k.as_str() {
                "session_id" | "sessionId" | "conversation_id" | "generation_id" | "turn_id" | "tool_use_id" | "prompt_id" => {
                    *v = Value::from(PROBE_SESSION);
                }
                "cwd" => *v = Value::from(dir),
                "workspace_roots" | "workspaceRoots" => *v = json!([dir]),
                "rootPath" => *v = Value::from(dir),
                "taskId" | "id" | "rootSessionId" | "callID" => *v = Value::from(PROBE_SESSION),
                // A list of commands, as an array or JSON-encoded.
                "commands" if v.is_string() => *v = Value::from("[\"ls\"]"),
                "commands" => *v = json!(["ls"]),
                "associatedRemoteUrls" => *v = json!([]),
                "transcript_path" if !v.is_null() => *v = Value::from(""),
                "command" => *v = Value::from("ls"),
                "description" | "summary" => *v = Value::from("gitvow doctor probe"),
                "riskLevel" => *v = Value::from("low"),
                "riskLevelReason" => *v = Value::from("a harmless probe"),
                "tool_input" | "toolArgs" | "tool_call" | "input" | "preToolUse" | "parameters" | "workspaceInfo" | "sessionContext" => {
                    harmless(v, dir)
                }
                _ => {}
            }
        }
    }
    let mut v: Value = serde_json::from_str(agent.doctor.probe_payload).unwrap_or_else(|_| json!({}));
    harmless(&mut v, dir);
    v
}

pub(crate) fn run(ctx: &CheckedScopes, ins: &Inspected) -> CheckResult {
    let fix_install = format!("run `{}`, then `{}` again", ctx.install_command(ins.agent), ctx.doctor_command());
    let dir = match tempfile::Builder::new().prefix("gitvow-doctor-").tempdir() {
        Ok(d) => d,
        Err(e) => {
            return CheckResult::warn(
                "probe",
                format!("not run: cannot create a temporary directory: {e}"),
                "set TMPDIR to a writable directory",
            );
        }
    };
    let dir_text = dir.path().to_string_lossy().into_owned();
    if ins.agent.install.hook_shell == HookShell::Plugin
        && crate::agents::generated::of(ins.agent.name) == crate::agents::generated::Generated::PiExtension
    {
        return super::pi::probe(ins, dir.path(), &fix_install, &ctx.doctor_command());
    }
    if ins.agent.install.hook_shell == HookShell::Plugin {
        return opencode(ins, dir.path(), &dir_text, &fix_install);
    }
    let event = ins.agent.doctor.probe_event;
    let (argv, command, agent_timeout) = match entry(ins, &fix_install) {
        Ok(entry) => entry,
        Err(not_run) => return not_run,
    };
    let command = command.as_str();
    let timeout = agent_timeout.map_or(PROBE_CAP, |t| t.min(PROBE_CAP));
    let input = payload(ins.agent, &dir_text).to_string();
    let token = answerer::token();
    let started = Instant::now();
    let result = process::run(&with_token(&argv, &token), input.as_bytes(), Some(dir.path()), timeout);
    let took = started.elapsed();
    let how = match argv.as_slice() {
        [program, first, ..] => format!("`{program} {first} …` ({event})"),
        _ => format!("`{}` ({event})", argv.join(" ")),
    };
    let (who, finished) = match result {
        Ok(f) => {
            let (who, stderr) = answerer::read(&f.stderr, &token);
            (who, process::Finished { stderr, ..f })
        }
        Err(e) => {
            let cap = waited(ins.agent, timeout, agent_timeout);
            return CheckResult::fail(
                "probe",
                format!("{how}: {e}{cap}"),
                format!("run the command by hand to see why: echo '{input}' | {command}"),
            );
        }
    };
    let stdout = String::from_utf8_lossy(&finished.stdout).trim().to_string();
    // Behind gitvow's fail-closed wrapper, the shell's own status of the gitvow command (on stderr,
    // or in copilot's deny on stdout).
    let behind = crate::install::fail_closed::status_behind_wrapper(&String::from_utf8_lossy(&finished.stderr))
        .or_else(|| crate::install::fail_closed::status_behind_wrapper(&stdout));
    let reinstall = reinstall(ctx, ins);
    if who.is_none()
        && let Some(shadow) = shadowed(ins, &argv, &how, &reinstall)
    {
        return shadow;
    }
    if finished.status.code() == Some(0) && allows(ins.agent.gate.response, &stdout) {
        return answered_allow(ins, &how, who, took, &reinstall);
    }
    let fix = fix_for(ins, behind.or_else(|| finished.status.code()), &finished, &stdout, &fix_install, &input, command);
    let failure = match behind {
        Some(n) => {
            process::failure_whole(&finished).replacen("exit code 2", &format!("gitvow's exit code {n}, blocked by the entry's wrapper"), 1)
        }
        None => process::failure_whole(&finished),
    };
    CheckResult::fail("probe", format!("{how} did not answer allow: {}{} after {} ms", failure, shown(&stdout), took.as_millis()), fix)
}

/// The installed entry as the agent starts it: the command line (gitvow's hook file by its `#!`
/// line, or a command string the agent's own way), the command as shown, and the agent's timeout
/// for it. Err: why the probe cannot run.
fn entry(ins: &Inspected, fix_install: &str) -> Result<(Vec<String>, String, Option<Duration>), CheckResult> {
    let event = ins.agent.doctor.probe_event;
    if ins.agent.install.hook_shell == HookShell::Script {
        if ins.command.is_none() {
            return Err(CheckResult::fail(
                "probe",
                format!("not run: {} is not gitvow's hook file", crate::paths::display(&ins.path)),
                fix_install,
            ));
        }
        let argv = script_argv(ins);
        let shown = argv.join(" ");
        // cline's own fixed timeout (3.0.65 ran a call after ~120 s of a hook that never answered).
        return Ok((argv, shown, Some(Duration::from_secs(120))));
    }
    let Some(found) = ins.found.iter().find(|f| f.event == event) else {
        return Err(CheckResult::fail("probe", format!("not run: no gitvow hook under `{event}`"), fix_install));
    };
    let Some(command) = found.command() else { return Err(CheckResult::fail("probe", "not run: the hook has no command", fix_install)) };
    let Some(argv) = ins.agent.install.hook_shell.argv(command) else {
        return Err(CheckResult::fail("probe", "not run: no way to start it", fix_install));
    };
    Ok((argv, command.to_string(), timeout_of(ins.agent, &found.hook)))
}

/// How long doctor waited against how long the agent would, for a hook that did not finish.
fn waited(agent: &AgentSpec, timeout: Duration, agent_timeout: Option<Duration>) -> String {
    match agent_timeout {
        Some(own) if timeout < own => {
            format!(" (doctor waits at most {}; {} allows {})", process::seconds(timeout), agent.name, process::seconds(own))
        }
        Some(_) => String::new(),
        None => format!(
            " (doctor waits at most {}; the entry sets no timeout, and {} waits longer: gitvow's own deadline answers at 26 s)",
            process::seconds(timeout),
            agent.name
        ),
    }
}

/// Whether `stdout` is an allow in the agent's response form (the hook exited 0).
fn allows(response: ResponseForm, stdout: &str) -> bool {
    match response {
        ResponseForm::Claude | ResponseForm::ExitCode => stdout.is_empty(),
        ResponseForm::Cursor => json_field(stdout, "permission") == Some("allow".into()),
        ResponseForm::Copilot => json_field(stdout, "permissionDecision") == Some("allow".into()),
        ResponseForm::Cancel => serde_json::from_str::<Value>(stdout).ok().and_then(|v| v.get("cancel")?.as_bool()) == Some(false),
        ResponseForm::Decision => json_field(stdout, "decision").is_none() && json_field(stdout, "action").is_none(),
    }
}

/// What to do about a hook that did not answer allow, from how it ended (`code`: gitvow's own exit
/// code where the wrapper tells it).
fn fix_for(
    ins: &Inspected,
    code: Option<i32>,
    finished: &process::Finished,
    stdout: &str,
    fix_install: &str,
    input: &str,
    command: &str,
) -> String {
    let line = crate::install::fail_closed::unwrapped(command);
    let bare = line.split_whitespace().next().is_some_and(|w| !w.contains('/'));
    if code == Some(127) && bare && ins.agent.install.hook_shell == HookShell::LoginShell {
        login_path_fix(ins, line)
    } else if code == Some(127) || code == Some(126) || stdout.contains("gitvow could not run") {
        format!("the shell cannot run the command: {fix_install}")
    } else if stdout.contains("BLOCKED") || String::from_utf8_lossy(&finished.stderr).contains("BLOCKED") {
        "gitvow blocked a harmless `ls`: fix the policy (try `gitvow check -- ls`)".to_string()
    } else {
        format!("run the command by hand to see why: echo '{input}' | {command}")
    }
}

/// The OpenCode plugin under Node.js: import it with a minimal stand-in for OpenCode's context and
/// call `tool.execute.before` with a bash `ls`, as OpenCode would. Without Node, the plugin's own
/// command line is run through `/bin/sh` instead, as the plugin does.
fn opencode(ins: &Inspected, dir: &std::path::Path, dir_text: &str, fix_install: &str) -> CheckResult {
    let Some(command) = &ins.command else { return CheckResult::fail("probe", "not run: no gitvow command in the plugin", fix_install) };
    let Some(node) = crate::paths::find_on_path("node") else {
        let argv = vec!["/bin/sh".to_string(), "-c".into(), ins.agent.hook_command(command, "PreToolUse")];
        let input = json!({"session_id": PROBE_SESSION, "cwd": dir_text, "hook_event_name": "PreToolUse", "tool_name": "bash",
            "tool_input": {"command": "ls", "description": "gitvow doctor probe"}, "tool_use_id": PROBE_SESSION})
        .to_string();
        let started = Instant::now();
        return match process::run(&argv, input.as_bytes(), Some(dir), PROBE_CAP) {
            Ok(f) if f.status.code() == Some(0) => CheckResult::ok(
                "probe",
                format!(
                    "node is not on the PATH: the plugin's command answered allow through /bin/sh in {} ms",
                    started.elapsed().as_millis()
                ),
            ),
            Ok(f) => {
                CheckResult::fail("probe", format!("the plugin's command did not answer allow: {}", process::failure(&f)), fix_install)
            }
            Err(e) => CheckResult::fail("probe", format!("the plugin's command: {e}"), fix_install),
        };
    };
    let note = format!(" (doctor waits at most {}; the plugin allows 30 s)", process::seconds(PROBE_CAP));
    let driver = node::Driver {
        file_name: "gitvow-plugin.mjs",
        source: DRIVER,
        wait: PROBE_CAP,
        handler: "the plugin's tool.execute.before",
        file: "the plugin",
        note: &note,
    };
    let said = |f: &process::Finished, out: &str| {
        out.strip_prefix("THROW ").map_or_else(|| format!("{}{}", process::failure(f), shown(out)), |m| format!("it threw: {m}"))
    };
    node::probe(&node, dir, ins.text.as_deref().unwrap_or(""), &driver, said, fix_install)
}

const DRIVER: &str = r#"// gitvow doctor's probe of the OpenCode plugin: load it as OpenCode does, call tool.execute.before.
import { pathToFileURL } from "node:url";
const [plugin, dir] = process.argv.slice(2);
try {
  const mod = await import(pathToFileURL(plugin).href);
  // The default export's `server` (OpenCode 1 from 1.18.29, Kilo); an older gitvow's plugin
  // exported the factory by name.
  const def = mod.default;
  const factory = def && typeof def.server === "function" ? def.server : Object.values(mod).find((f) => typeof f === "function");
  if (!factory) throw new Error("the plugin exports neither `server` nor a function");
  const hooks = await factory({ directory: dir, worktree: dir, project: {}, client: {}, $: undefined });
  await hooks["tool.execute.before"](
    { tool: "bash", sessionID: "gitvow-doctor-probe", callID: "gitvow-doctor-probe" },
    { args: { command: "ls", description: "gitvow doctor probe" } },
  );
  console.log("ALLOW");
} catch (e) {
  console.log("THROW " + String((e && e.message) || e).split("\n")[0]);
  process.exitCode = 3;
}
"#;

/// The interpreter of the inspected hook file (its `#!` line, `env X` read as `X`) and the file.
fn script_argv(ins: &Inspected) -> Vec<String> {
    let line = ins.text.as_deref().and_then(|t| t.lines().next()).and_then(|l| l.strip_prefix("#!")).unwrap_or("/bin/sh");
    let mut argv: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    if argv.first().is_some_and(|p| p.ends_with("/env")) {
        argv.remove(0);
    }
    argv.push(ins.path.to_string_lossy().into_owned());
    argv
}

/// The hook's own timeout as the agent reads it; `None` when the entry sets none (the agent's own
/// default is not a fact gitvow has: Claude Code 2.1.332 was still waiting after 150 s).
fn timeout_of(agent: &AgentSpec, hook: &Value) -> Option<Duration> {
    let secs = agent.doctor.timeout_field.and_then(|(key, unit)| {
        let n = hook.get(key).and_then(Value::as_f64).filter(|n| *n > 0.0)?;
        Some(match unit {
            TimeUnit::Seconds => n,
            TimeUnit::Milliseconds => n / 1000.0,
        })
    });
    secs.map(Duration::from_secs_f64)
}

fn json_field(text: &str, key: &str) -> Option<String> {
    serde_json::from_str::<Value>(text).ok()?.get(key)?.as_str().map(str::to_string)
}

/// `, stdout: …` when the hook printed something: its first line.
fn shown(stdout: &str) -> String {
    if stdout.is_empty() {
        return String::new();
    }
    // Whole: a hook's answer cut mid-command hides what was judged.
    format!(", stdout: {}", crate::visible::visible_line(stdout.lines().next().unwrap_or("")))
}

/// The fix for a bare `gitvow` that the agent's login shell does not find: its profile sets a PATH
/// without gitvow's directory. Either that directory goes onto the login PATH, or the entries name
/// gitvow by its path.
fn login_path_fix(ins: &Inspected, command: &str) -> String {
    let exe = std::env::current_exe().ok();
    let dir =
        exe.as_deref().and_then(std::path::Path::parent).map(|d| d.display().to_string()).unwrap_or_else(|| "<gitvow's directory>".into());
    let gitvow = exe.as_deref().map(|e| e.display().to_string()).unwrap_or_else(|| "<path to gitvow>".into());
    let word = command.split_whitespace().next().unwrap_or("gitvow");
    format!(
        "{}'s login shell does not find `{word}`: add `export PATH=\"{dir}:$PATH\"` to ~/.profile (or your login shell's profile), or reinstall with `--command {gitvow}`",
        ins.agent.name
    )
}

/// `argv` started with [`answerer::VARIABLE`] set to `token` and the rest of doctor's environment
/// (the person's HOME, SHELL and PATH, as the agent has them): the hook says which gitvow it is.
fn with_token(argv: &[String], token: &str) -> Vec<String> {
    let env = crate::paths::find_on_path("env").map_or_else(|| "/usr/bin/env".to_string(), |p| p.to_string_lossy().into_owned());
    [env, format!("{}={token}", answerer::VARIABLE)].into_iter().chain(argv.iter().cloned()).collect()
}

/// The first word of the entry's gitvow command: a bare name or a path.
fn gitvow_word(ins: &Inspected) -> String {
    ins.command.as_deref().and_then(|c| shell_words::split(c).ok()).and_then(|w| w.into_iter().next()).unwrap_or_default()
}

/// The install command that names this gitvow by its path, in backquotes.
fn reinstall(ctx: &CheckedScopes, ins: &Inspected) -> String {
    let exe = std::env::current_exe().map(|e| e.to_string_lossy().into_owned()).unwrap_or_else(|_| "/path/to/gitvow".into());
    format!("`{} --command {}`", ctx.install_command(ins.agent), shell_words::quote(&exe))
}

/// The failure when the agent's shell runs something else for the entry's gitvow command (a
/// function, an alias, another file found first on its PATH), whatever that answered; `None` when
/// the shell runs the file the entry names, or cannot say.
fn shadowed(ins: &Inspected, argv: &[String], how: &str, reinstall: &str) -> Option<CheckResult> {
    let word = gitvow_word(ins);
    let (shown, line) = what_answers(argv, &word)?;
    let found =
        line.split_once(" is ").map(|(_, what)| what.trim_start_matches("hashed (").trim_end_matches(')')).filter(|w| w.starts_with('/'));
    let named = if word.contains('/') { Some(std::path::PathBuf::from(&word)) } else { crate::paths::find_on_path(&word) };
    let same =
        |a: &std::path::Path, b: &std::path::Path| std::fs::canonicalize(a).ok().is_some_and(|a| std::fs::canonicalize(b).ok() == Some(a));
    let detail = format!("{how}: gitvow never ran, the shell says \"{line}\"");
    let agent = ins.agent.name;
    match (found, named) {
        (Some(file), Some(named)) if same(std::path::Path::new(file), &named) => None,
        (Some(_), _) => Some(CheckResult::fail(
            "probe",
            detail,
            format!(
                "{agent}'s PATH finds another `{word}` first: take its directory off that PATH ({}), or run {reinstall}",
                path_from(ins.agent.install.hook_shell)
            ),
        )),
        (None, _) => Some(CheckResult::fail(
            "probe",
            detail,
            format!("`{shown}` shows what answers instead: remove it from {}, or run {reinstall}", startup_files(argv)),
        )),
    }
}

/// Where the PATH of the agent's hook comes from.
fn path_from(shell: HookShell) -> &'static str {
    if shell == HookShell::LoginShell { "a PATH line of the login profile" } else { "the environment the agent starts with" }
}

/// The hook answered allow: ok only when this gitvow, the one the entry names, said so. Silence is
/// also what a stand-in or an older gitvow says.
fn answered_allow(ins: &Inspected, how: &str, who: Option<Answerer>, took: Duration, reinstall: &str) -> CheckResult {
    let word = gitvow_word(ins);
    let agent = ins.agent.name;
    let Some(who) = who else {
        return CheckResult::fail(
            "probe",
            format!("{how} answered allow, but `{word}` did not say which gitvow it is: an older gitvow, or not gitvow"),
            format!("run {reinstall}"),
        );
    };
    let from = crate::paths::display(&who.exe);
    if !who.is_this_version() {
        return CheckResult::fail(
            "probe",
            format!("{how} answered allow from gitvow {} at {from}, not from this gitvow {}", who.version, env!("CARGO_PKG_VERSION")),
            format!("{agent} finds that gitvow first: update or remove it, or run {reinstall}"),
        );
    }
    if !answerer::is_named_by(&who, &word) {
        return CheckResult::warn(
            "probe",
            format!(
                "{how} answered allow from {from}, not from the `{word}` the entry names: the same version today, not after an update of one"
            ),
            format!("take {from}'s directory off {agent}'s PATH, or run {reinstall}"),
        );
    }
    CheckResult::ok("probe", format!("{how} answered allow in {} ms", took.as_millis()))
}

/// What the agent's shell runs for `word` (`type`, in the shell and with the startup the agent's
/// hooks get), as a command to paste and the first line it printed; `None` when the hook is not
/// started as `<shell> -c <command>` (or `-lc`).
fn what_answers(argv: &[String], word: &str) -> Option<(String, String)> {
    // Only a shell started with the command as its one argument (auggie's split hands a command
    // with `|&;<>$` to `bash -c` too) can be asked.
    if !(argv.len() == 3 && matches!(argv[1].as_str(), "-c" | "-lc")) || word.is_empty() {
        return None;
    }
    let mut asked = argv.to_vec();
    *asked.last_mut()? = format!("type {}", shell_words::quote(word));
    let finished = process::run(&asked, b"", None, PROBE_CAP).ok().filter(|f| f.status.success())?;
    let line = String::from_utf8_lossy(&finished.stdout).lines().next().map(str::trim).unwrap_or("").to_string();
    (!line.is_empty()).then(|| (shell_words::join(&asked), line))
}

/// Where a shell started as the agent starts it (`argv`: the shell, `-c` or `-lc`, the command)
/// reads definitions from before the command.
fn startup_files(argv: &[String]) -> &'static str {
    let program = argv.first().map(|p| p.rsplit('/').next().unwrap_or(p)).unwrap_or("");
    let login = argv.get(1).is_some_and(|f| f == "-lc");
    match (program, login) {
        ("bash", true) => "~/.bash_profile, ~/.bash_login or ~/.profile (the first that exists) or the file BASH_ENV names",
        ("bash", false) => "the file BASH_ENV names",
        ("zsh", _) => "~/.zshenv, ~/.zprofile or the files of $ZDOTDIR",
        (_, true) => "~/.profile",
        _ => "the agent's environment",
    }
}
