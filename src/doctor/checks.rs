//! The checks of one agent in one scope, from its inspected file: entries, command, switches,
//! double firing and codex trust; the agent's activity separately, since the agents never called
//! since the install share one summary line. The live probe runs separately (in parallel) and is
//! slotted in here.

use super::{CheckResult, CheckedScopes, Status, codex_trust};
use crate::agents::{AgentSpec, FileLayout};
use crate::edit::jsonc::{key, line_col};
use crate::edit::{plugin, script};
use crate::install::entries::desired_entry;
use crate::install::inspect::Inspected;
use crate::install::switches;
use crate::paths::{Scope, display};
use crate::safefs::Area;
use serde_json::Value;
use std::path::Path;

pub(crate) fn agent_checks(ctx: &CheckedScopes, ins: &Inspected, probe: CheckResult) -> Vec<CheckResult> {
    let agent = ins.agent;
    let mut out = Vec::new();
    let mut file = CheckResult::of("file", ins.file.clone());
    if ins.text.is_none() {
        file.fix = Some(format!("run `{}`", ctx.install_command(agent)));
    }
    let readable = file.status == Status::Ok;
    out.push(file);
    if readable {
        out.extend(entries(ctx, ins));
        if agent.install.layout == FileLayout::TopLevelGroups {
            out.extend(dead_entries(ctx, ins));
        }
        out.push(command(ctx, ins));
    }
    out.push(probe);
    if agent.install.layout == FileLayout::Yaml {
        out.extend(super::yaml_hooks::consent(ins));
    }
    out.extend(fails_closed(ctx, ins));
    if !ctx.scope.is_system() {
        out.extend(super::confined::agent(ins));
    }
    out.extend(switches::read(&ctx.scope, ins).into_iter().map(|f| CheckResult::of("switches", f)));
    out.extend(double_firing(ctx, ins));
    // Managed hooks need no one's trust (codex lists them as `trustStatus: managed`).
    if agent.doctor.hook_trust && readable && !ctx.scope.is_system() {
        out.push(codex_trust::check(ctx, ins));
    }
    if let (Some(trust), Scope::Repo(repo)) = (&agent.install.project_trust, &ctx.scope) {
        out.push(super::project_trust::check(agent.name, trust, &repo.top));
    }
    out
}

/// Whether the agent blocks a call when gitvow cannot run: its installed entry carries the
/// fail-closed field (for an agent that has one).
fn fails_closed(ctx: &CheckedScopes, ins: &Inspected) -> Option<CheckResult> {
    let agent = ins.agent;
    if agent.fail_closed_by() == crate::agents::FailClosedBy::Wrapper {
        return Some(wrapped(ctx, ins));
    }
    let Some(field) = agent.install.fail_closed_field.as_ref() else {
        let cases = crate::agents::FailCase::list(agent.doctor.fails_open);
        return (!agent.doctor.fails_open.is_empty()).then(|| {
            CheckResult::warn(
                "fails closed",
                format!(
                    "{} fails open: when gitvow {cases}, it lets the call through ungated; it has no setting that blocks instead",
                    agent.name
                ),
                "keep gitvow where the hook names it (this doctor's `command` check) and its policy fast",
            )
        });
    };
    let on = ins
        .found
        .iter()
        .filter(|f| f.event == field.event)
        .any(|f| f.hook.get(field.key).and_then(serde_json::Value::as_str) == Some(field.value));
    let how = format!("\"{}\": \"{}\" on {}", field.key, field.value, field.event);
    Some(if on {
        CheckResult::ok("fails closed", format!("{} fails closed: {how} blocks a call when gitvow cannot run", ins.agent.name))
    } else {
        let why = match crate::install::fail_closed::decide(ins.agent) {
            Some(crate::install::fail_closed::FailClosedChoice::Omit(why)) => why,
            _ => "gitvow's entry does not carry it".to_string(),
        };
        CheckResult::warn(
            "fails closed",
            format!("{} fails open: without {how} a missing, crashing or slow gitvow lets calls through ({why})", ins.agent.name),
            format!(
                "update {} to {}.{}.{} or newer everywhere it is installed, then install again",
                field.program, field.since.0, field.since.1, field.since.2
            ),
        )
    })
}

/// An agent closed by the wrapper in its PreToolUse command: every installed PreToolUse entry of
/// gitvow's carries it (one an older gitvow wrote may not).
fn wrapped(ctx: &CheckedScopes, ins: &Inspected) -> CheckResult {
    let agent = ins.agent;
    let gating: Vec<&str> = ins
        .found
        .iter()
        .filter(|f| agent.handler_for(&f.event) == Some(crate::agents::Handler::PreToolUse))
        .filter_map(|f| f.command())
        .collect();
    if !gating.is_empty() && gating.iter().all(|c| crate::install::fail_closed::is_wrapped(c)) {
        return CheckResult::ok(
            "fails closed",
            format!(
                "{} fails closed: gitvow's PreToolUse command turns a missing gitvow, a crash or a signal into exit 2, and gitvow answers within {} s, before the entry's timeout",
                agent.name,
                crate::gate::deadline::DEADLINE.as_secs()
            ),
        );
    }
    CheckResult::warn(
        "fails closed",
        format!("{} fails open: gitvow's PreToolUse entry was written without the wrapper that blocks when gitvow cannot run", agent.name),
        format!("run `{}`", ctx.install_command(agent)),
    )
}

/// An agent with one hook file per event: each is the file this version generates, or a hook of the
/// person's own that gitvow left in place (for an event that does not gate).
fn script_entries(ctx: &CheckedScopes, ins: &Inspected, command: &str, fix_all: &str) -> Vec<CheckResult> {
    let agent = ins.agent;
    let dir = ctx.scope.agent_file(agent);
    let mut out = Vec::new();
    for ev in agent.install.events {
        let path = dir.join(ev.name);
        let text =
            crate::safefs::read_target(&path, &ctx.scope, Area::Config).ok().flatten().map(|b| String::from_utf8_lossy(&b).into_owned());
        let gates = agent.handler_for(ev.name) == Some(crate::agents::Handler::PreToolUse);
        let wanted = script::render_script(agent.name, ev.name, command, gates);
        let read = |p: &Path| crate::safefs::read_target(p, &ctx.scope, Area::Config);
        match crate::install::plan::own_script(&path, agent, text.as_deref().map(str::as_bytes), &read) {
            Ok(true) => {
                out.push(CheckResult::warn(
                    "entries",
                    format!("{}: your own {} hook is there, and gitvow left that event to it", display(&dir), ev.name),
                    "nothing to do, unless you want gitvow's log of that event: then move yours to another hook folder and install again",
                ));
                continue;
            }
            Err(e) => {
                out.push(CheckResult::fail("entries", e.message, e.hint.unwrap_or_default()));
                continue;
            }
            Ok(false) => {}
        }
        match text {
            Some(t) if t == wanted => {}
            Some(_) => out.push(CheckResult::fail(
                "entries",
                format!("stale hook file {}: it differs from the one this version generates", display(&path)),
                fix_all.to_string(),
            )),
            None => out.push(CheckResult::fail("entries", format!("no gitvow hook file {}", display(&path)), fix_all.to_string())),
        }
    }
    if out.is_empty() {
        out.push(CheckResult::ok("entries", format!("the {} hook files are the ones this version generates", agent.install.events.len())));
    }
    out
}

fn entries(ctx: &CheckedScopes, ins: &Inspected) -> Vec<CheckResult> {
    let agent = ins.agent;
    let fix_all = format!("run `{}`: it updates gitvow's entries in place and keeps yours", ctx.install_command(agent));
    let Some(command) = ins.command.clone() else {
        return vec![CheckResult::fail(
            "entries",
            format!("no gitvow hook in {}", display(&ins.path)),
            format!("run `{}`", ctx.install_command(agent)),
        )];
    };
    if agent.install.layout == FileLayout::Plugin {
        let wanted = plugin::render_plugin(agent.name, &command);
        let mut out = vec![if ins.text.as_deref() == Some(wanted.as_str()) {
            CheckResult::ok("entries", "the plugin is the one this version generates")
        } else {
            CheckResult::fail("entries", "stale plugin: it differs from the one this version generates", fix_all)
        }];
        if crate::agents::generated::of(agent.name) == crate::agents::generated::Generated::OpenCodePlugin {
            // Said plainly so nobody takes the plugin's OpenCode 2 half for a tested one.
            out.push(CheckResult::ok("note", plugin::V2_UNVERIFIED));
        }
        return out;
    }
    if let FileLayout::Scripts { .. } = agent.install.layout {
        return script_entries(ctx, ins, &command, &fix_all);
    }
    if agent.install.layout == FileLayout::Yaml {
        return super::yaml_hooks::entries(ctx, ins, &command);
    }
    let mut problems = Vec::new();
    for ev in agent.install.events {
        let here: Vec<_> = ins.found.iter().filter(|f| f.event == ev.name).collect();
        let Some(first) = here.first() else {
            problems.push(CheckResult::fail("entries", format!("no gitvow entry under `{}`", ev.name), fix_all.clone()));
            continue;
        };
        // What install would write now, with the fail-closed field as this machine's copies allow.
        let desired = desired_entry(
            agent,
            ev,
            &command,
            crate::install::fail_closed::decide(agent) == Some(crate::install::fail_closed::FailClosedChoice::Write),
        );
        let current = if first.inner.is_none() || first.whole {
            first.element == desired
        } else {
            // A gitvow hook inside a group the user shares: the hook and the group's matcher count.
            first.hook == desired["hooks"][0] && first.element.get("matcher") == desired.get("matcher")
        };
        if !current {
            let wanted_hook = if first.inner.is_some() { &desired["hooks"][0] } else { &desired };
            let why = match (first.command(), wanted_hook.get(agent.install.command_key).and_then(Value::as_str)) {
                (Some(have), Some(want)) if have != want => format!("runs `{have}`, expected `{want}`"),
                _ => format!("its fields differ from what this version writes: {}", serde_json::to_string(&desired).unwrap_or_default()),
            };
            problems.push(CheckResult::fail(
                "entries",
                format!("stale gitvow entry under `{}` at {}: {why}", ev.name, ins.place(first)),
                fix_all.clone(),
            ));
        }
        if here.len() > 1 {
            let places: Vec<String> = here.iter().map(|f| ins.place(f)).collect();
            problems.push(CheckResult::fail(
                "entries",
                format!(
                    "{} gitvow entries under `{}` ({}): each call is gated {} times",
                    here.len(),
                    ev.name,
                    places.join(", "),
                    here.len()
                ),
                fix_all.clone(),
            ));
        }
    }
    for f in ins.found.iter().filter(|f| !agent.install.events.iter().any(|e| e.name == f.event)) {
        problems.push(CheckResult::fail(
            "entries",
            format!("gitvow entry under `{}` at {}, an event this version no longer installs", f.event, ins.place(f)),
            fix_all.clone(),
        ));
    }
    if problems.is_empty() {
        let n = agent.install.events.len();
        problems.push(CheckResult::ok("entries", format!("one current gitvow entry under each of the {n} events")));
    }
    problems
}

/// factory: Droid reads no event under a top-level `hooks` key of `hooks.json`. gitvow's own dead
/// entries are a FAIL (the gate is not where it seems); only the user's there are a warning: gitvow's
/// gate is not affected, and such files are common (other tools write that shape).
fn dead_entries(ctx: &CheckedScopes, ins: &Inspected) -> Option<CheckResult> {
    let (Some(doc), Some(text)) = (&ins.doc, &ins.text) else { return None };
    let Some(Value::Object(wrapped)) = doc.get(&[key("hooks")]) else { return None };
    let count: usize = wrapped.values().map(|v| v.as_array().map_or(0, Vec::len)).sum();
    if count == 0 {
        return None;
    }
    let (l, c) = line_col(text, doc.offset_of(&[key("hooks")]).unwrap_or(0));
    if ins.wrapped.is_empty() {
        return Some(CheckResult::warn(
            "dead-entries",
            format!(
                "{}:{l}:{c}: {count} of your entries sit under the `hooks` key, which Droid ignores: they never fire (gitvow's gate is not affected)",
                display(&ins.path)
            ),
            "move your entries to the top level of hooks.json by hand, where Droid reads events",
        ));
    }
    Some(CheckResult::fail(
        "dead-entries",
        format!(
            "{}:{l}:{c}: {count} entries under the `hooks` key ({} of them gitvow's) never fire: Droid reads events only at the top level of hooks.json",
            display(&ins.path),
            ins.wrapped.len()
        ),
        format!(
            "run `{}` (it moves gitvow's entries to the top level) and move your own entries there by hand",
            ctx.install_command(ins.agent)
        ),
    ))
}

/// The gitvow command must resolve where the agent runs it.
fn command(ctx: &CheckedScopes, ins: &Inspected) -> CheckResult {
    let Some(command) = &ins.command else {
        return CheckResult::fail("command", "no gitvow command found in the file", format!("run `{}`", ctx.install_command(ins.agent)));
    };
    let reinstall = format!("run `{}`", ctx.reinstall_command(ins.agent));
    let word = shell_words::split(command).ok().and_then(|w| w.into_iter().next()).unwrap_or_default();
    if word.contains('/') {
        let path = Path::new(&word);
        if !path.is_absolute() {
            return CheckResult::fail(
                "command",
                format!("`{word}` is a relative path: it depends on the directory the agent runs in"),
                reinstall,
            );
        }
        return match std::fs::metadata(path) {
            Err(_) => CheckResult::fail("command", format!("{word} does not exist"), reinstall),
            Ok(_) if !crate::paths::is_executable(path) => CheckResult::fail(
                "command",
                format!("{word} is not an executable file"),
                format!("run `chmod +x {}`, or {reinstall}", shell_words::quote(&word)),
            ),
            Ok(_) => CheckResult::ok("command", format!("{word} exists and is executable")),
        };
    }
    match crate::paths::find_on_path(&word) {
        Some(found) => CheckResult::warn(
            "command",
            format!("bare `{word}` resolves on this PATH ({}), but desktop agents often start with a minimal PATH", found.display()),
            if ctx.scope.is_user() {
                format!("run `{} --command {}`", ctx.install_command(ins.agent), shell_words::quote(&found.to_string_lossy()))
            } else {
                "make sure gitvow is in a directory of the PATH every agent starts with (e.g. /usr/local/bin)".to_string()
            },
        ),
        None => CheckResult::fail(
            "command",
            format!("`{word}` is not on the PATH: the agent cannot run its hook"),
            format!("put gitvow on the PATH, or {reinstall}"),
        ),
    }
}

/// The same agent in both scopes, or Cursor loading Claude's hook files: each call gated twice.
fn double_firing(ctx: &CheckedScopes, ins: &Inspected) -> Vec<CheckResult> {
    let mut out = Vec::new();
    let other = ctx.other.as_ref().map(|o| Inspected::read(o, ins.agent));
    if let (Some(other_scope), Some(o)) = (&ctx.other, &other)
        && ins.installed_here()
        && o.installed_here()
    {
        out.push(CheckResult::warn(
            "double-firing",
            format!(
                "{} is also installed in the {} scope ({}): each call is gated twice",
                ins.agent.name,
                super::scope_name(other_scope),
                display(&o.path)
            ),
            format!("keep one: uninstall the other with `{}`", crate::install::command_line::uninstall_command(other_scope, ins.agent)),
        ));
    }
    // Another agent that runs this agent's file too (Copilot running Claude's) is named.
    let loaders = crate::agents::also_loads::runners_of(ins.agent.name, &ctx.scope);
    if ins.installed_here() && !loaders.is_empty() {
        out.push(CheckResult::ok(
            "run by",
            format!("{}'s entries in {} run under {} too", ins.agent.name, display(&ins.path), loaders.join(" and ")),
        ));
    }
    for also in crate::agents::also_loads::loaded_by(ins.agent.name) {
        let Some(loaded) = crate::agents::find(also.loads) else { continue };
        if !ins.installed_here() {
            continue;
        }
        let in_scope = |scope: &crate::paths::Scope| also.scopes.cover(scope) && Inspected::read(scope, loaded).installed_here();
        let here = in_scope(&ctx.scope);
        let other = ctx.other.as_ref().is_some_and(in_scope);
        if !(here || other) {
            continue;
        }
        match also.fix {
            // The agent's setting is not readable: the warning says so instead of guessing.
            Some(fix) => out.push(CheckResult::warn(
                "double-firing",
                format!(
                    "gitvow is installed for {} too; {} and each call is gated twice (doctor cannot read that setting)",
                    loaded.name, also.when
                ),
                format!("{fix}, or keep gitvow for only one of {} and {}", ins.agent.name, loaded.name),
            )),
            None => out.push(CheckResult::ok(
                "double-firing",
                format!(
                    "gitvow is installed for {} too; {}: gitvow answers {} in its own form and judges each call once",
                    loaded.name, also.when, ins.agent.name
                ),
            )),
        }
    }
    // The agent's second file: hooks there under an event the hook file lists never run. (Only
    // factory has one; its hook file holds the events as top-level keys.)
    let events = match &ins.doc {
        Some(doc) if !ins.found.is_empty() => doc.keys(&[]),
        _ => Vec::new(),
    };
    if let Some(shadowed) = crate::install::second_file::shadowed(&ctx.scope, ins.agent, &events) {
        let (path, hook_file) = (display(&shadowed.path), display(&ins.path));
        if shadowed.users() > 0 {
            out.push(CheckResult::warn(
                "second file",
                format!(
                    "{} of your hooks under {} in {path} never run: {} runs only {hook_file}'s list for an event both files have",
                    shadowed.users(),
                    shadowed.user_events(),
                    ins.agent.name
                ),
                format!("move them into {hook_file}, beside gitvow's entries"),
            ));
        }
        if shadowed.gitvows() > 0 {
            out.push(CheckResult::warn(
                "second file",
                format!("{path} holds {} of gitvow's hooks that never run ({hook_file}'s list is the one that runs)", shadowed.gitvows()),
                format!("take gitvow's entries out of the `hooks` key of {path} by hand; gitvow keeps them in {hook_file}"),
            ));
        }
    }
    if out.is_empty() && ctx.other.is_some() {
        out.push(CheckResult::ok("double-firing", "not installed in the other scope"));
    }
    out
}

/// When the agent last called gitvow, from the hook logs and session ledgers (the probe's own
/// calls excluded); `None` when it never has: [`never_called`] names those agents together.
pub(crate) fn activity(ctx: &CheckedScopes, ins: &Inspected) -> Option<CheckResult> {
    let installed = std::fs::metadata(&ins.path).and_then(|m| m.modified()).ok().map(crate::gate::record::rfc3339);
    let last = last_call(ctx, ins.agent.name)?;
    Some(match installed {
        Some(inst) if last < inst => CheckResult::warn(
            "activity",
            format!("last called gitvow at {last}, before its hook file was last written ({inst})"),
            format!("{}: {}", ins.agent.name, reload_hint(ins.agent, &ctx.scope)),
        ),
        _ => CheckResult::ok("activity", format!("last called gitvow at {last}")),
    })
}

/// How the agent picks up new hooks: its row's hint, except that managed hooks need no trust
/// review (codex lists them as `"trustStatus": "managed"`), so a system install only restarts it.
fn reload_hint(agent: &AgentSpec, scope: &Scope) -> &'static str {
    if agent.doctor.hook_trust && scope.is_system() {
        "restart it: managed hooks need no trust, and it reads its hooks at start-up"
    } else {
        agent.doctor.reload_hint
    }
}

/// One line for every agent that has not called gitvow since the install: on a fresh install that
/// is all of them, and one warning per agent would bury the checks that matter. The fix names each
/// way to reload, with the agents it applies to.
pub(crate) fn never_called(agents: &[&AgentSpec], scope: &Scope) -> Option<CheckResult> {
    if agents.is_empty() {
        return None;
    }
    let names: Vec<&str> = agents.iter().map(|a| a.name).collect();
    let mut hints: Vec<(&str, Vec<&str>)> = Vec::new();
    for a in agents {
        let hint = reload_hint(a, scope);
        match hints.iter_mut().find(|(h, _)| *h == hint) {
            Some((_, who)) => who.push(a.name),
            None => hints.push((hint, vec![a.name])),
        }
    }
    let fix: Vec<String> = hints.iter().map(|(hint, who)| format!("{}: {hint}", who.join(", "))).collect();
    Some(CheckResult::warn("activity", format!("never called gitvow since the install: {}", names.join(", ")), fix.join("; ")))
}

/// The hook logs and session ledgers that may hold this scope's calls. A user install's calls inside
/// a repository are logged in that repository's git directory, so `--user` also reads the current
/// directory's repository; the ledgers (one per finished session, any repository) fill the rest.
fn last_call(ctx: &CheckedScopes, agent: &str) -> Option<String> {
    let mut logs: Vec<std::path::PathBuf> = crate::gate::record::log_path(None).into_iter().collect();
    for scope in std::iter::once(&ctx.scope).chain(ctx.other.as_ref()) {
        if let Scope::Repo(r) = scope {
            logs.extend(crate::gate::record::log_path(Some(r)));
        }
    }
    let mut last: Option<String> = None;
    let mut consider = |time: &str| {
        if last.as_deref().is_none_or(|l| time > l) {
            last = Some(time.to_string());
        }
    };
    for log in logs {
        if let Some(t) = last_in_log(&log, agent) {
            consider(&t);
        }
    }
    if let Some(dir) = crate::paths::gitvow_home().map(|h| h.join("ledger")) {
        for t in ledger_times(&dir, agent) {
            consider(&t);
        }
    }
    last
}

/// The newest line of `agent` in a hook log, read from its tail (logs only grow).
fn last_in_log(path: &Path, agent: &str) -> Option<String> {
    use std::io::{Read, Seek, SeekFrom};
    const TAIL: u64 = 512 << 10;
    let mut file = std::fs::File::open(path).ok()?;
    let len = file.metadata().ok()?.len();
    file.seek(SeekFrom::Start(len.saturating_sub(TAIL))).ok()?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).ok()?;
    let text = String::from_utf8_lossy(&bytes);
    text.lines().rev().find_map(|line| {
        let v: Value = serde_json::from_str(line).ok()?;
        let ours = v.get("agent").and_then(Value::as_str) == Some(agent)
            && v.get("session").and_then(Value::as_str) != Some(super::probe::PROBE_SESSION);
        ours.then(|| v.get("time").and_then(Value::as_str).map(str::to_string)).flatten()
    })
}

/// The `last` times of the newest session ledgers of `agent` (bounded: a long-used home holds
/// thousands, and the newest files are the ones that matter).
fn ledger_times(dir: &Path, agent: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<(std::time::SystemTime, std::path::PathBuf)> =
        entries.flatten().filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path()))).collect();
    files.sort_by_key(|f| std::cmp::Reverse(f.0));
    files
        .into_iter()
        .take(200)
        .filter_map(|(_, p)| {
            let v: Value = serde_json::from_slice(&std::fs::read(p).ok()?).ok()?;
            let ours = v.get("agent").and_then(Value::as_str) == Some(agent)
                && v.get("session").and_then(Value::as_str) != Some(super::probe::PROBE_SESSION);
            ours.then(|| v.get("last").and_then(Value::as_str).map(str::to_string)).flatten()
        })
        .collect()
}
