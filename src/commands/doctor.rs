//! `gitvow doctor`: runs the checks of `doctor` per agent and scope, and reports them as lines for a
//! person or one JSON document.

use crate::doctor::{CheckResult, CheckedScopes, Status, checks, policy, probe, version};
use crate::error::{Error, Result};
use crate::install::inspect::Inspected;
use crate::install::settings::RequestedScope;
use crate::paths::{Scope, display};
use serde_json::{Value, json};

/// What one doctor run is asked to check, in plain values (made from the command line before any
/// work, see `cli::settings`).
#[derive(Clone, Debug)]
pub struct DoctorRequest {
    pub(crate) place: RequestedScope,
    /// The agents named; none named: every agent with a gitvow file in the scope.
    pub(crate) agents: Vec<String>,
    /// One JSON document, errors included, instead of lines for a person.
    pub(crate) json: bool,
    /// Colour ok, warn and FAIL: decided once, from `--color`, `NO_COLOR` and the terminal.
    pub(crate) color: bool,
}

/// The checks of one agent (or of the policy, `agent: None`) in one scope.
struct Group {
    agent: Option<&'static str>,
    title: String,
    checks: Vec<CheckResult>,
}

/// A failure under `--json` is an error document on stdout, as for every command (`main`).
pub fn run(request: &DoctorRequest) -> Result<i32> {
    checked(request)
}

/// Plain `gitvow doctor` (no scope, no agent named) checks what is in force where it runs: the user
/// scope, and the repository it stands in, each that holds an installation; a scope or an agent
/// named checks just that.
fn checked(request: &DoctorRequest) -> Result<i32> {
    if !(matches!(request.place, RequestedScope::Repo(None)) && request.agents.is_empty()) {
        return scope_checked(request, crate::install::resolve_scope(&request.place)?);
    }
    let repo = std::env::current_dir().ok().and_then(|d| crate::paths::find_repo(&d)).map(Scope::Repo);
    let user = crate::paths::home().map(|home| Scope::User { home });
    let scopes: Vec<Scope> = user.into_iter().chain(repo).collect();
    let installed: Vec<&Scope> =
        scopes.iter().filter(|s| crate::agents::AGENTS.iter().any(|a| Inspected::read(s, a).installed_here())).collect();
    match installed.as_slice() {
        [] => scope_checked(request, scopes.last().cloned().ok_or_else(|| Error::new("cannot find the home directory").hint("set HOME"))?),
        [one] => scope_checked(request, (*one).clone()),
        // One JSON document a run: the repository's, as before.
        [.., repo] if request.json => scope_checked(request, (*repo).clone()),
        many => {
            let mut code = 0;
            for (i, scope) in many.iter().enumerate() {
                if i > 0 && !request.json {
                    crate::output::line("");
                }
                code = code.max(scope_checked(request, (*scope).clone())?);
            }
            Ok(code)
        }
    }
}

/// An agent's live probe and its version check.
type ProbeAndVersion = (CheckResult, Option<CheckResult>);

fn scope_checked(request: &DoctorRequest, scope: Scope) -> Result<i32> {
    let other = match &scope {
        Scope::Repo(_) => crate::paths::home().map(|home| Scope::User { home }),
        Scope::User { .. } => std::env::current_dir().ok().and_then(|d| crate::paths::find_repo(&d)).map(Scope::Repo),
        Scope::System { .. } => None,
    };
    let ctx = CheckedScopes { scope, other };
    let named = !request.agents.is_empty();
    let candidates = match &ctx.scope {
        Scope::System { .. } => crate::install::system::select(&request.agents, &ctx.scope, false)?,
        _ => crate::install::select_agents(&request.agents, &ctx.scope, crate::install::NoneNamed::All)?,
    };
    let inspected: Vec<Inspected> =
        candidates.into_iter().map(|a| Inspected::read(&ctx.scope, a)).filter(|i| named || i.installed_here()).collect();
    if inspected.is_empty() {
        let (flag, place) = match &ctx.scope {
            Scope::User { .. } => ("--user".to_string(), "the user scope (~)".to_string()),
            Scope::Repo(r) => (shell_words::quote(&display(&r.top)).into_owned(), display(&r.top)),
            Scope::System { .. } => ("--system".to_string(), "the system scope (the managed settings)".to_string()),
        };
        return Err(Error::new(format!("no gitvow installation found in {place}: no agent's file holds gitvow's hooks"))
            .hint(format!("install with `gitvow install {flag}`, or name the agents to check with --agent")));
    }

    // The live probes and the providers' questions start processes and wait on them: run them side
    // by side so that doctor on seven agents costs about one probe.
    let (policy_checks, box_check, probes): (Vec<CheckResult>, Option<CheckResult>, Vec<ProbeAndVersion>) = std::thread::scope(|s| {
        let policy = s.spawn(|| policy::checks(&ctx));
        // The box is the person's, not the machine's: root's doctor of the managed layer skips it.
        let boxed = (!ctx.scope.is_system()).then(|| s.spawn(crate::doctor::confined::box_probe));
        let handles: Vec<_> = inspected.iter().map(|i| s.spawn(|| (probe::run(&ctx, i), version::check(i.agent)))).collect();
        let probes = handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| (CheckResult::fail("probe", "the probe crashed", "report this bug"), None)))
            .collect();
        let policy = policy.join().unwrap_or_else(|_| vec![CheckResult::fail("policy", "the policy checks crashed", "report this bug")]);
        let boxed = boxed.map(|h| h.join().unwrap_or_else(|_| CheckResult::fail("box", "the box probe crashed", "report this bug")));
        (policy, boxed, probes)
    });

    let mut groups = vec![Group { agent: None, title: format!("policy ({})", ctx.scope_name()), checks: policy_checks }];
    for (ins, (probe, version)) in inspected.iter().zip(probes) {
        let mut checks = checks::agent_checks(&ctx, ins, probe);
        checks.extend(version);
        if ctx.scope.is_system() {
            checks.extend(crate::doctor::system::checks(ins));
        }
        groups.push(Group {
            agent: Some(ins.agent.name),
            title: format!("{} ({}, {})", ins.agent.name, ctx.scope_name(), display(&ins.path)),
            checks,
        });
    }
    // An agent's activity closes its group; the agents never called share one line after them all.
    let mut never = Vec::new();
    for (group, ins) in groups[1..].iter_mut().zip(&inspected) {
        match checks::activity(&ctx, ins) {
            Some(check) => group.checks.push(check),
            None => never.push(ins.agent),
        }
    }
    groups.extend(box_check.map(|check| Group { agent: None, title: "box (gitvow run)".to_string(), checks: vec![check] }));
    if let Some(check) = checks::never_called(&never, &ctx.scope) {
        groups.push(Group { agent: None, title: format!("activity ({})", ctx.scope_name()), checks: vec![check] });
    }

    let failed = groups.iter().flat_map(|g| &g.checks).any(|c| c.status == Status::Fail);
    let agents: Vec<&str> = inspected.iter().map(|i| i.agent.name).collect();
    if request.json {
        crate::output::line(&serde_json::to_string_pretty(&as_json(&ctx, &agents, &groups)).unwrap_or_default());
    } else {
        print_text(&ctx, &agents, named, &groups, request.color);
    }
    Ok(i32::from(failed))
}

fn print_text(ctx: &CheckedScopes, agents: &[&str], named: bool, groups: &[Group], color: bool) {
    let how = if named { "agents checked" } else { "agents with a gitvow installation" };
    crate::output::line(&format!(
        "gitvow doctor, {} scope ({}); {how}: {}",
        ctx.scope_name(),
        display(ctx.scope.root()),
        agents.join(", ")
    ));
    let mut counts = [0usize; 3];
    for g in groups {
        crate::output::line(&format!("\n{}", g.title));
        for c in &g.checks {
            counts[c.status as usize] += 1;
            let mut line = format!("  {}  {:<13} {}", c.status.padded(color), c.name, c.detail);
            if let Some(fix) = &c.fix {
                line.push_str(&format!("; fix: {fix}"));
            }
            crate::output::line(&line);
        }
    }
    crate::output::line(&format!("\n{} ok, {} warn, {} FAIL", counts[0], counts[1], counts[2]));
}

fn as_json(ctx: &CheckedScopes, agents: &[&str], groups: &[Group]) -> Value {
    let checks: Vec<Value> = groups
        .iter()
        .flat_map(|g| {
            g.checks.iter().map(|c| {
                json!({
                    "agent": g.agent,
                    "scope": ctx.scope_name(),
                    "check": c.name,
                    "status": c.status.text().to_lowercase(),
                    "detail": c.detail,
                    "fix": c.fix,
                })
            })
        })
        .collect();
    let count = |s: Status| groups.iter().flat_map(|g| &g.checks).filter(|c| c.status == s).count();
    json!({
        "scope": ctx.scope_name(),
        "root": ctx.scope.root().to_string_lossy(),
        "agents": agents,
        "checks": checks,
        "summary": {"ok": count(Status::Ok), "warn": count(Status::Warn), "fail": count(Status::Fail)},
    })
}
