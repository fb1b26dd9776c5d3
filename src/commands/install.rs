//! `gitvow install`: plan, then preview, then apply; uninstall runs the same orchestration.

use crate::agents::{self, AgentSpec};
use crate::edit::jsonc::JsonDoc;
use crate::error::{Error, Result};
use crate::install::inspect::Inspected;
use crate::install::plan::{FileChange, Operation, Plan};
use crate::install::record::InstallRecord;
use crate::install::record_store;
use crate::install::settings::{InstallRequest, Mode, Settings};
use crate::install::{NoneNamed, resolve_scope, select_agents, system};
use crate::paths::{self, Scope, display};
use crate::safefs::{self, Area, InstallLock, Transaction, TxOutcome};
use std::path::{Path, PathBuf};

/// `gitvow install`.
pub fn run(request: &InstallRequest) -> Result<i32> {
    let settings = &request.settings;
    if settings.json {
        crate::output::for_machines();
    }
    let scope = resolve_scope(&settings.place)?;
    // Another command in the hooks can be one that lets everything through: never an agent's own
    // doing. Outside a repository the command written is this executable's path, so a copy of
    // gitvow installing itself (`cp gitvow /tmp/g; /tmp/g install`) and then overwritten is such a
    // command too; a repository's entries name the bare word `gitvow`, found on the PATH.
    if settings.mode == Mode::Apply && (request.command.is_some() || !scope.is_repo()) {
        let what = if request.command.is_some() { "gitvow install --command" } else { "gitvow install" };
        crate::person::require_no_agent(what)?;
    }
    if scope.is_system() {
        system::require_root("install")?;
    }
    if let Some(c) = request.command.as_deref().filter(|_| !request.force || scope.is_system()) {
        check_command(c)?;
    }
    let command = match &request.command {
        Some(c) => quote(c),
        None if !scope.is_repo() => current_exe_command()?,
        None => "gitvow".to_string(),
    };
    let agents = if scope.is_system() {
        // The one check `--force` never skips: the gate of every user on the machine.
        let path = request.command.clone().map_or_else(|| shell_words::split(&command).ok().and_then(|w| w.into_iter().next()), Some);
        system::check_command(path.as_deref().unwrap_or(&command))?;
        let agents = system::select(&settings.agents, &scope, true)?;
        if let Some(line) = system::managed_only_line(&agents).filter(|_| request.managed_only) {
            crate::output::line(&line);
        }
        agents
    } else {
        select_agents(&settings.agents, &scope, NoneNamed::Found)?
    };
    for agent in &agents {
        check_unquoted(agent, &command)?;
    }
    if request.sandbox {
        crate::install::sandbox::check_programs(&agents)?;
    }
    let sandbox = request.sandbox.then(|| crate::install::sandbox::Lists::new(&scope, &command));
    let fail_closed = agents.iter().filter_map(|a| crate::install::fail_closed::decide(a).map(|d| (a.name, d))).collect();
    plan_and_apply(settings, &scope, &agents, &Operation::Install { command, fail_closed, managed_only: request.managed_only, sandbox })
}

/// A `--command` must name an executable on this machine (a path, or a name on the PATH): a hook
/// naming nothing lets every call through on most agents.
fn check_command(command: &str) -> Result<()> {
    let path = Path::new(command);
    let why = if command.contains('/') {
        match std::fs::metadata(path) {
            Err(_) => "no such file",
            Ok(m) if !m.is_file() => "not a file",
            Ok(_) if !paths::is_executable(path) => "not executable",
            Ok(_) => return answers_as_gitvow(command, path),
        }
    } else if let Some(found) = paths::find_on_path(command) {
        return answers_as_gitvow(command, &found);
    } else {
        "not on the PATH"
    };
    Err(Error::usage(format!("--command {command}: {why}; the agents would run a hook that cannot start"))
        .hint("pass the path of the gitvow executable, or add --force when it exists only where the agent runs; nothing was written"))
}

/// A `--command` that runs but is no gitvow (`/bin/true`) lets every call through.
fn answers_as_gitvow(command: &str, path: &Path) -> Result<()> {
    match crate::install::command_line::not_gitvow(path) {
        None => Ok(()),
        Some(why) => Err(Error::usage(format!("--command {command}: {why}; the agents would run a hook that never gates"))
            .hint("pass the path of the gitvow executable, or add --force if it is one that answers differently; nothing was written")),
    }
}

/// An agent that starts a hook command without a shell splits it into words its own way: the
/// command must come out as the words a shell would make of it.
fn check_unquoted(agent: &AgentSpec, command: &str) -> Result<()> {
    if agent.install.hook_shell != agents::HookShell::Words {
        return Ok(());
    }
    let line = agent.hook_command(command, agent.doctor.probe_event);
    if agents::HookShell::without_shell(&line).is_some_and(|words| shell_words::split(&line).is_ok_and(|w| w == words)) {
        return Ok(());
    }
    Err(Error::usage(format!(
        "{} runs its hooks without a shell and would not start `{command}` as written (it splits words at blanks and quotes only)",
        agent.name
    ))
    .hint("pass --command with a path without quotes, backslashes or shell characters (a link to gitvow will do); nothing was written"))
}

/// Quotes a command path for a shell when it holds spaces or other special characters.
fn quote(path: &str) -> String {
    shell_words::quote(path).into_owned()
}

fn current_exe_command() -> Result<String> {
    let exe = std::env::current_exe().map_err(|e| Error::new(format!("cannot find the path of this gitvow executable: {e}")))?;
    let exe = exe.canonicalize().unwrap_or(exe);
    // The PATH's `gitvow`, when it is this very file, is the stable name: package managers link it
    // to a versioned location that an upgrade removes.
    let exe = crate::paths::find_on_path("gitvow").filter(|p| p.canonicalize().is_ok_and(|real| real == exe)).unwrap_or(exe);
    let text = exe
        .to_str()
        .ok_or_else(|| Error::new(format!("the path of this executable is not UTF-8: {}", exe.display())).hint("pass --command PATH"))?;
    Ok(quote(text))
}

/// Plans, previews and applies one run: plan, confirm, apply, record, report.
pub(crate) fn plan_and_apply(settings: &Settings, scope: &Scope, agents: &[&'static AgentSpec], action: &Operation) -> Result<i32> {
    let run = Run { settings, scope, agents, action };
    // Root installing into someone else's home or repository creates what that owner can change.
    safefs::own_new_files_like(scope.root());
    let first_record = InstallRecord::load(scope)?;
    let plan = run.plan(&first_record)?;
    run.preview(&plan);
    if let Some(code) = run.without_writing(&plan) {
        return Ok(code);
    }
    run.confirm(&plan)?;

    // Serialise gitvow runs on this scope from here to the record update. The lock is taken only by
    // a run that writes (a run that changes nothing creates no lock file), so another run may have
    // written since the plan was made: when the record under the lock is not the one planned on,
    // the plan is made again. Otherwise it stands: the transaction compares each file it writes
    // with the bytes planned on and plans again on any that changed (an agent saving its settings
    // meanwhile), so a second plan would only parse and edit every file twice.
    let lock = run.lock()?;
    let record = InstallRecord::load(scope)?;
    let mut plan = if record == first_record {
        plan
    } else {
        // The first plan goes before the second is made: two plans of a large file would double
        // the memory the run needs.
        drop(plan);
        run.plan(&record)?
    };
    let applied = run.apply(&record, &mut plan)?;
    let emptied = run.record(&record, &plan, applied)?;
    // The run that took gitvow's last file out of the scope leaves no lock file behind.
    if matches!(action, Operation::Uninstall { .. }) && emptied {
        lock.remove();
    }
    // `.gitvow/` is gitvow's own directory: once its policy is purged and nothing else is left, it goes.
    if plan.changes.iter().any(|c| c.after.is_none() && c.path == scope.policy_path()) {
        safefs::remove_empty_dirs(scope, Area::Config, &[scope.policy_dir()]);
    }
    // The JSON document names the digests of the bytes, so it is made before they go.
    run.emit(&plan, true);
    // The report reads what the agents' switches say: in the documents the plan edited (they hold
    // the bytes written, and their index), else in the files. The hook files' other bytes go
    // before it (the undo of the applied transaction went with the record step): only codex's
    // switch and the policy are read from the plan's bytes, and they are small.
    let mut edited: Vec<(PathBuf, JsonDoc)> =
        plan.changes.iter_mut().filter_map(|c| Some((c.path.clone(), c.edited.as_mut()?.doc.take()?))).collect();
    let agent_files: Vec<PathBuf> = agents
        .iter()
        .flat_map(|a| crate::install::plan::files_of(scope, a))
        .filter(|(_, k)| matches!(k, crate::install::plan::FileKind::Hooks(_)))
        .map(|(p, _)| p)
        .collect();
    plan.forget_bytes_of(&agent_files);
    report(action, scope, agents, &plan, &mut edited);
    Ok(0)
}

/// One install or uninstall run: what it was asked, where, for which agents.
struct Run<'a> {
    settings: &'a Settings,
    scope: &'a Scope,
    agents: &'a [&'static AgentSpec],
    action: &'a Operation,
}

impl Run<'_> {
    /// The plan of every file change, on the files as they are now.
    fn plan(&self, record: &InstallRecord) -> Result<Plan> {
        let read = |p: &Path| safefs::read_target(p, self.scope, Area::Config);
        let load = |sha256: &str| safefs::read_target(&self.scope.original_path(sha256), self.scope, Area::State);
        crate::install::plan::plan(self.scope, self.agents, self.action, record, &read, &load)
    }

    /// `--json`: the run's document (once, at its end).
    fn emit(&self, plan: &Plan, applied: bool) {
        if self.settings.json {
            let name = if matches!(self.action, Operation::Install { .. }) { "install" } else { "uninstall" };
            crate::output::json(&crate::install::summary::json(plan, self.scope, self.agents, name, applied));
        }
    }

    /// The preview, and a line for each agent the run leaves as it is.
    fn preview(&self, plan: &Plan) {
        let (settings, scope) = (self.settings, self.scope);
        // `--check` is for scripts and configuration management: the list of files is the answer.
        if settings.mode != Mode::Check {
            crate::output::preview(settings.pager, |out| {
                crate::install::summary::render(out, plan, scope, self.agents, settings.verbose, settings.color)
            });
        }
        // After the preview, which a pager may have shown and taken away, and before the question.
        if let Operation::Install { command, .. } = self.action {
            for notice in crate::install::notices::install(scope, self.agents, command, plan) {
                crate::say!("{notice}");
            }
        }
        // Uninstall over every agent (no --agent) names only those it takes gitvow out of.
        let named = !settings.agents.is_empty();
        for agent in self.agents.iter().filter(|a| plan.unchanged_agents.contains(&a.name)) {
            match self.action {
                Operation::Install { .. } => {
                    crate::output::line(&format!("{}: nothing to change", agent.name));
                    gate_off_lines(scope, agent, None);
                }
                Operation::Uninstall { .. } if named => crate::output::line(&format!("{}: nothing to change", agent.name)),
                Operation::Uninstall { .. } => {}
            }
        }
        if plan.changes.is_empty() && !named && matches!(self.action, Operation::Uninstall { .. }) {
            crate::output::line(&format!("no agent in {} has gitvow's hooks: nothing to change", display(scope.root())));
        }
    }

    /// The exit code of a run that ends before writing: nothing to change, `--check`, `--dry-run`.
    fn without_writing(&self, plan: &Plan) -> Option<i32> {
        let mode = self.settings.mode;
        let code = if plan.changes.is_empty() && (plan.stale_records.is_empty() || mode != Mode::Apply) {
            0
        } else if mode == Mode::Check {
            for change in &plan.changes {
                crate::output::line(&format!("would change: {}", display(&change.path)));
            }
            1
        } else if mode == Mode::DryRun {
            crate::output::line(&format!("Dry run: nothing was written. To apply: {}", apply_command()));
            0
        } else {
            return None;
        };
        self.emit(plan, false);
        Some(code)
    }

    /// A person at a terminal says yes to the changes shown, unless `--yes`.
    fn confirm(&self, plan: &Plan) -> Result<()> {
        if plan.changes.is_empty() || self.settings.yes || !crate::install::preview::interactive() {
            return Ok(());
        }
        // A person whose preview went into a pipe (`gitvow install | tail`) would be asked about
        // changes they have not seen yet.
        if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
            return Err(Error::new("not applied: the preview went to a pipe, so gitvow did not ask; nothing was written")
                .hint(format!("read the preview, then run `{} --yes` to apply it", apply_command())));
        }
        if !crate::person::confirm("Apply these changes?")? {
            return Err(Error::new("not applied; nothing was written"));
        }
        Ok(())
    }

    /// The scope's lock, and the temporary files a killed run left behind gone.
    fn lock(&self) -> Result<InstallLock> {
        let scope = self.scope;
        let lock = InstallLock::acquire(scope, |holder| {
            let who = holder.map_or(String::new(), |p| format!(" (process {p})"));
            crate::say!("gitvow: waiting for another gitvow run{who} to finish…");
        })?;
        // Temporary files a killed run left behind go, whether or not this run changes anything.
        // Only in directories the scope's rules accept (in a repository: reached from its handles,
        // never through a link leading out), so that no file elsewhere is deleted for its name.
        let files = self.agents.iter().flat_map(|a| crate::install::plan::files_of(scope, a)).map(|(p, _)| p).chain([scope.policy_path()]);
        let state_files = [scope.record_path(), scope.original_path(safefs::TEMP_PREFIX)];
        for (path, area) in files.map(|p| (p, Area::Config)).chain(state_files.map(|p| (p, Area::State))) {
            let _ = safefs::remove_stale_temps(&path, scope, area);
        }
        Ok(lock)
    }

    /// Writes the plan's changes, the intent record first. A file that changed since it was
    /// planned (an agent rewriting its own settings) is planned again on its new bytes, so that no
    /// concurrent write is lost: `plan` is then the plan that was applied.
    fn apply(&self, record: &InstallRecord, plan: &mut Plan) -> Result<Option<safefs::Applied>> {
        let scope = self.scope;
        let started = std::time::Instant::now();
        let mut attempt = 0;
        loop {
            if plan.changes.is_empty() {
                return Ok(None);
            }
            // What uninstall needs to restore each file is on disk before the file is changed, so that
            // a kill at any moment leaves a record valid for whatever the files then hold.
            record_store::save_intent(scope, &record_store::intent(record, plan, scope)?).map_err(|e| match e.hint {
                Some(_) => e,
                None => e.hint("nothing was written; fix the cause and run gitvow again"),
            })?;
            let outcome = transaction(scope, &plan.changes).apply().map_err(|e| {
                // Every file is as before: so is the record.
                let _ = record_store::save(scope, record);
                match e.hint {
                    Some(_) => e,
                    None => e.hint("the files this run had written were put back as they were; fix the cause and run gitvow again"),
                }
            })?;
            match outcome {
                TxOutcome::Applied(applied) => return Ok(Some(applied)),
                TxOutcome::Changed { path, .. } => {
                    if started.elapsed() > std::time::Duration::from_secs(10) {
                        let _ = record_store::save(scope, record);
                        return Err(Error::new(format!("{} keeps changing while gitvow writes it", display(&path)))
                            .hint("stop the program that rewrites it, then run gitvow again; nothing was written"));
                    }
                    crate::say!("gitvow: {} changed since it was read; planning again on its new content", display(&path));
                    attempt += 1;
                    backoff(attempt);
                    drop(std::mem::take(plan));
                    *plan = self.plan(record)?;
                }
            }
        }
    }

    /// The final record, after the directories emptied by the run are gone; a run whose record
    /// cannot be written is undone. Whether the scope's record is now empty.
    fn record(&self, record: &InstallRecord, plan: &Plan, applied: Option<safefs::Applied>) -> Result<bool> {
        let scope = self.scope;
        let mut emptied_dirs = dirs_of_deleted_files(record, &plan.changes);
        // A stale entry's directories were made by a run killed before it wrote the file in them.
        emptied_dirs.extend(plan.stale_records.iter().filter_map(|p| record.files.get(p)).map(|r| r.dirs.clone()));
        // Before the final record, which no longer names them: a kill in between leaves them named.
        for dirs in &emptied_dirs {
            safefs::remove_empty_dirs(scope, Area::Config, dirs);
        }
        let mut after = record.clone();
        record_store::update(&mut after, plan, applied.as_ref());
        if let Err(err) = record_store::save(scope, &after) {
            // A run whose record could not be written is undone: without its record, uninstall could
            // not give the files back exactly.
            let undone = applied.map_or(Ok(()), safefs::Applied::rollback);
            let _ = record_store::save(scope, record);
            return Err(match undone {
                Ok(()) => Error::new(err.message)
                    .hint("the files this run had written were put back as they were; fix the cause and run gitvow again"),
                Err(e) => Error::new(format!("{}; {}", err.message, e.message)).hint(e.hint.unwrap_or_default()),
            });
        }
        Ok(after.files.is_empty())
    }
}

/// Says which of the agent's own switches still keep every hook off (gitvow leaves those as the
/// person set them). `edited`: the agent's file as this run wrote it, when the plan edited it.
fn gate_off_lines(scope: &Scope, agent: &'static AgentSpec, edited: Option<JsonDoc>) {
    let ins = match edited {
        Some(doc) => Inspected::edited(scope, agent, scope.agent_file(agent), doc),
        None => Inspected::read(scope, agent),
    };
    for (what, fix) in crate::install::switches::off_in(scope, &ins) {
        crate::output::line(&format!("  - the gate is off: {what}; {fix} (gitvow leaves it as you set it)"));
    }
}

/// A short random pause before planning again, growing with each attempt, so that gitvow and a
/// program that rewrites the file in a tight loop do not keep colliding in step.
fn backoff(attempt: u32) {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let ceiling_us = 1000u64 << attempt.min(5);
    std::thread::sleep(std::time::Duration::from_micros(u64::from(nanos) % ceiling_us));
}

fn transaction(scope: &Scope, changes: &[FileChange]) -> Transaction {
    let mut tx = Transaction::new(scope.clone(), Area::Config);
    for c in changes {
        match (&c.after, &c.before) {
            (Some(after), _) => {
                tx.write(&c.path, c.before.clone(), safefs::Bytes::clone(after));
            }
            (None, Some(before)) => {
                tx.delete(&c.path, safefs::Bytes::clone(before));
            }
            (None, None) => {}
        }
    }
    tx
}

/// The directories install created for each file this run deletes, outermost first.
fn dirs_of_deleted_files(record: &InstallRecord, changes: &[FileChange]) -> Vec<Vec<PathBuf>> {
    changes.iter().filter(|c| c.after.is_none()).filter_map(|c| record.files.get(&c.path)).map(|r| r.dirs.clone()).collect()
}

/// `edited`: the documents the plan edited, by path (those the report reads are taken).
fn report(action: &Operation, scope: &Scope, agents: &[&'static AgentSpec], plan: &Plan, edited: &mut Vec<(PathBuf, JsonDoc)>) {
    // "Restart it" is said once, at the end, for every agent that needs it.
    let mut restart = Vec::new();
    let doctor = crate::install::command_line::doctor_command(scope);
    for agent in agents {
        if plan.unchanged_agents.contains(&agent.name) {
            continue;
        }
        match action {
            Operation::Install { fail_closed, sandbox, .. } => {
                crate::output::line(&format!("{}: installed in {}", agent.name, display(&scope.agent_file(agent))));
                for note in crate::install::summary::switch_notes(plan, scope, agent) {
                    crate::output::line(&format!("  - switched on: {note}"));
                }
                if sandbox.is_some() {
                    crate::output::line(&format!("  - {}", crate::install::sandbox::note(agent, scope)));
                }
                let doc = edited.iter().position(|(p, _)| *p == scope.agent_file(agent)).map(|i| edited.swap_remove(i).1);
                gate_off_lines(scope, agent, doc);
                let events: Vec<String> = agent.install.events.iter().map(|e| e.name.to_string()).collect();
                if let Some(shadowed) = crate::install::second_file::shadowed(scope, agent, &events).filter(|s| s.users() > 0) {
                    crate::output::line(&format!(
                        "  - {} of your hooks in {} (under {}) stop running: {} runs only {}'s list for an event both files have; move them there",
                        shadowed.users(),
                        display(&shadowed.path),
                        shadowed.user_events(),
                        agent.name,
                        display(&scope.agent_file(agent))
                    ));
                }
                if let (Some(field), Some((_, decision))) =
                    (&agent.install.fail_closed_field, fail_closed.iter().find(|(name, _)| *name == agent.name))
                {
                    let how = format!("\"{}\": \"{}\" on {}", field.key, field.value, field.event);
                    crate::output::line(&match decision {
                        crate::install::fail_closed::FailClosedChoice::Write => {
                            format!("  - fails closed: {how} blocks the call when gitvow cannot run")
                        }
                        crate::install::fail_closed::FailClosedChoice::Omit(why) => format!(
                            "  - fails open: {how} left out ({why}; it needs {} {}.{}.{} or newer): a missing or crashing gitvow lets calls through; see `{doctor}`",
                            field.program, field.since.0, field.since.1, field.since.2
                        ),
                    });
                } else if !agent.doctor.fails_open.is_empty() {
                    crate::output::line(&format!(
                        "  - fails open: when gitvow {}, {} lets the call through ungated (nothing in its configuration changes that); see `{doctor}`",
                        agents::FailCase::list(agent.doctor.fails_open),
                        agent.name
                    ));
                }
                let repo_note = agent.install.project_trust.as_ref().filter(|_| !scope.is_user()).map(|t| t.note);
                for step in agent.install.manual_steps.iter().chain(repo_note.as_ref()) {
                    if *step == agents::RESTART {
                        restart.push(agent.name);
                        continue;
                    }
                    let step = match scope {
                        // Absolute: the snippets are pasted into files that know no `~` (codex's `[projects."…"]`).
                        Scope::Repo(r) => {
                            let top = r.top.to_string_lossy();
                            step.replace("<repo .git>", &format!("\"{top}/.git\"")).replace("<repo>", &top)
                        }
                        // Installed for every repository: the step names them all.
                        Scope::User { .. } => {
                            step.replace("<repo .git>", "the .git directory of each repository you commit from (by its absolute path)")
                        }
                        // The steps are about the person's own files; managed hooks need none of them.
                        Scope::System { .. } => continue,
                    };
                    crate::output::line(&format!("  - {step}"));
                }
            }
            Operation::Uninstall { .. } => {
                crate::output::line(&format!("{}: removed from {}", agent.name, display(&scope.agent_file(agent))))
            }
        }
    }
    if let Some(policy) = plan.changes.iter().find(|c| c.path == scope.policy_path() && c.after.is_none()) {
        crate::output::line(&format!(
            "policy: {} {}",
            display(&policy.path),
            crate::install::summary::describe(policy, crate::install::plan::FileKind::Policy)
        ));
    }
    if matches!(action, Operation::Install { .. }) && !plan.changes.is_empty() {
        let restart = match restart.as_slice() {
            [] => String::new(),
            names => format!("restart any open session of {} (hooks are read at start-up), then ", names.join(", ")),
        };
        crate::output::line(&format!("Next: {restart}run `{doctor}` to see that every hook fires."));
    }
}

/// The command line of this run without `--dry-run`: what applies the preview just shown.
pub(crate) fn apply_command() -> String {
    let args = std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).filter(|a| a != "--dry-run");
    shell_words::join(std::iter::once("gitvow".to_string()).chain(args))
}
