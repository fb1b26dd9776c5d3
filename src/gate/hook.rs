//! `gitvow hook`: read the payload once, normalise it, run the handler, answer in the agent's form,
//! record. During PreToolUse every failure, a bug included, ends in the agent's blocking form.

use super::adapter;
use super::approvals;
use super::deadline;
use super::judge::{CALL_BUDGET, Gate};
use super::normalize::{self, Call};
use super::policy;
use super::record::{self, Record};
use super::respond::{self, Answer};
use super::rule_ref::RuleRef;
use super::same_call;
use super::verdict::{Decision, Verdict};
use crate::agents::{self, AgentSpec, Handler};
use crate::error::{Error, Result};
use crate::paths::{Repo, find_repo};
use serde_json::{Map, Value};
use std::io::{Read, Write};
use std::time::Instant;

/// Larger payloads are refused: no agent sends them, and reading them would cost the memory budget.
const PAYLOAD_LIMIT: u64 = 16 << 20;

/// Set by doctor's live probe for the hook it starts; nothing else reads it, and it changes no
/// verdict.
pub const PROBE_VARIABLE: &str = "GITVOW_PROBE";

/// The start of the line a hook writes to stderr when [`PROBE_VARIABLE`] is set: doctor reads it to
/// know that gitvow answered, and which one.
pub const PROBE_TAG: &str = "gitvow-probe";

/// Answers one hook call of `agent` (a built-in name or an external adapter's) for its `event`.
/// A panic is caught by `main`, the one place, which then answers with [`panicked`].
pub fn run(agent: &str, event: &str) -> i32 {
    tag_for_probe();
    let started = Instant::now();
    let entry = agents::find(agent);
    // The deadline's answer is made before the payload is read: the caller as its variables say.
    let spec = entry.map(|e| caller_of(e, None));
    arm_deadline(spec, agent, event);
    let answer = match spec {
        Some(spec) => builtin(entry.unwrap_or(spec), event, started),
        None => external(agent, event, started),
    };
    emit(&answer)
}

/// Under doctor's live probe, one line on stderr naming this gitvow's version and executable (no
/// verdict changes). Costs one look at the environment otherwise.
fn tag_for_probe() {
    let Some(value) = std::env::var_os(PROBE_VARIABLE) else { return };
    let exe = std::env::current_exe().map(|e| e.to_string_lossy().into_owned()).unwrap_or_default();
    crate::say!("{PROBE_TAG} {} {} {exe}", value.to_string_lossy(), env!("CARGO_PKG_VERSION"));
}

/// The answer of a hook call that panicked: the agent's blocking form during PreToolUse, silence
/// otherwise.
pub fn panicked(agent: &str, event: &str) -> i32 {
    let spec = agents::find(agent).map(|e| caller_of(e, None));
    let blocking = match spec {
        Some(s) => s.handler_for(event) == Some(Handler::PreToolUse),
        None => adapter::looks_pre_tool(event),
    };
    emit(&failure_answer(spec, agent, blocking, "gitvow hit an internal error; the call is blocked to be safe"))
}

/// Arms gitvow's own deadline with the answer this call gets when the work is late: the agent's
/// blocking form during PreToolUse, silence otherwise.
fn arm_deadline(spec: Option<&AgentSpec>, agent: &str, event: &str) {
    let after = deadline::deadline();
    let blocking = match spec {
        Some(s) => s.handler_for(event) == Some(Handler::PreToolUse),
        None => adapter::looks_pre_tool(event),
    };
    // A call that does not gate is answered with silence, late or not: nothing is worded for it
    // (a lifecycle event costs little more than starting a process, and wording costs pages).
    let answer = |what: &str| match spec {
        Some(_) => failure_answer(spec, agent, blocking, what),
        // An external adapter is not asked to shape it: that could hang too. Exit 2 blocks everywhere.
        None if blocking => Answer::exit2(&Verdict::failure(what).message),
        None => Answer::silent(),
    };
    let late = if blocking {
        answer(&format!(
            "gitvow did not answer within {} s (something it waits on hangs: a lock, a FIFO, a slow disk or a provider); run `gitvow doctor`",
            seconds(after)
        ))
    } else {
        Answer::silent()
    };
    deadline::arm(late, after);
    deadline::arm_crash(if blocking { answer(CRASHED) } else { Answer::silent() });
}

/// `after` in seconds as `f64`'s `Display` writes a whole number of milliseconds (`26`, `1.5`,
/// `0.25`), without the floating-point formatting code, which nothing else of a call runs.
fn seconds(after: std::time::Duration) -> String {
    let millis = after.as_millis();
    let (whole, part) = (millis / 1000, millis % 1000);
    if part == 0 { whole.to_string() } else { format!("{whole}.{}", format!("{part:03}").trim_end_matches('0')) }
}

/// Why a hook that died of a signal (its stack or memory ran out) blocked the call.
const CRASHED: &str = "gitvow ran out of stack or memory before it could judge this call (a limit set on the agent's processes, such as RLIMIT_AS or RLIMIT_STACK?); the call is blocked to be safe";

fn emit(answer: &Answer) -> i32 {
    deadline::disarm();
    // A closed pipe on the agent's side is no reason to fail differently.
    if !answer.stdout.is_empty() {
        let _ = std::io::stdout().lock().write_all(answer.stdout.as_bytes());
    }
    if !answer.stderr.is_empty() {
        let _ = std::io::stderr().lock().write_all(answer.stderr.as_bytes());
    }
    answer.code
}

/// The agent that really runs an entry written for `entry` (Copilot running Claude's): the one whose
/// form the answer takes and whose name the log gives.
fn caller_of(entry: &'static AgentSpec, payload: Option<&Map<String, Value>>) -> &'static AgentSpec {
    agents::also_loads::caller(entry.name, payload).and_then(agents::find).unwrap_or(entry)
}

/// An entry of a built-in agent: `entry` is the agent it was written for, whose events and payload
/// shape it reads; the agent that runs it answers and is logged.
fn builtin(entry: &'static AgentSpec, event: &str, started: Instant) -> Answer {
    let Some(handler) = entry.handler_for(event) else { return Answer::silent() };
    let blocking = handler == Handler::PreToolUse;
    let payload = match read_payload() {
        Ok(payload) => payload,
        Err(e) => {
            let spec = caller_of(entry, None);
            Logged { agent: spec.name, event, handler, started, approval: None }.write(None, None, "error", &e.message, None);
            return failure_answer(Some(spec), spec.name, blocking, &e.message);
        }
    };
    let spec = caller_of(entry, Some(&payload));
    let mut log = Logged { agent: spec.name, event, handler, started, approval: None };
    let call = match normalize::normalize(normalize::Reading::of(entry), event, handler, &payload) {
        Ok(call) => call,
        Err(e) => {
            // The log keeps the session (the payload is JSON) and a reason without the call's text.
            let repo = std::env::current_dir().ok().and_then(|d| find_repo(&d));
            log.write(normalize::session_of(&payload), None, "error", &e.reason, repo.as_ref());
            return failure_answer(Some(spec), spec.name, blocking, &e.message);
        }
    };
    // A `.git` or hook log that is a link, a FIFO or endless answers the call as a broken setup.
    let repo = match crate::paths::find_repo_checked(&call.cwd).and_then(|r| record::check_log(r.as_ref()).map(|()| r)) {
        Ok(repo) => repo,
        Err(why) => return failure_answer(Some(spec), spec.name, blocking, &why),
    };
    // Another of gitvow's entries already answered this call: the same answer, no second decision.
    let same = same_call::identity(spec, &payload, &call, repo.as_ref());
    if let Some(answer) = same.as_deref().and_then(same_call::earlier) {
        return answer;
    }
    let verdict = (handler == Handler::PreToolUse).then(|| {
        let native = respond::asks_natively(spec, call.permission_mode.as_deref());
        let mut v = judge(&call, repo.as_ref(), started);
        log.approval = answerable(&call, repo.as_ref(), spec.name, native, &mut v);
        (v, native)
    });
    let answer = match &verdict {
        Some((v, native)) => respond::pre_tool_use(spec.gate.response, v, *native),
        None => Answer::silent(),
    };
    log.finish(&call, verdict.as_ref().map(|(v, _)| v), repo.as_ref());
    if let Some(identity) = &same {
        same_call::keep(identity, &answer);
    }
    answer
}

fn external(agent: &str, event: &str, started: Instant) -> Answer {
    let blocking = adapter::looks_pre_tool(event);
    let mut log =
        Logged { agent, event, handler: if blocking { Handler::PreToolUse } else { Handler::PostToolUse }, started, approval: None };
    let calls = read_payload().and_then(|payload| adapter::normalize(agent, event, &Value::Object(payload)));
    let calls = match calls {
        Ok(calls) => calls,
        Err(e) => {
            log.write(None, None, "adapter_failed", &e.message, None);
            // The adapter just failed (a hung one used its 10 s): asking it to shape the answer
            // could cost as much again, past the agent's hook timeout. Exit 2 blocks everywhere.
            return if blocking { Answer::exit2(&Verdict::failure(&e.message).message) } else { Answer::silent() };
        }
    };
    let mut strongest: Option<Verdict> = None;
    let mut last: Option<(Call, Option<Repo>)> = None;
    for (handler, payload) in calls {
        log.handler = handler;
        let call = match normalize::normalize(normalize::Reading::CLAUDE, handler.name(), handler, &payload) {
            Ok(call) => call,
            Err(e) => {
                if handler == Handler::PreToolUse {
                    let mut v = Verdict::failure(&e.message);
                    v.reason = e.reason;
                    strongest = Some(v);
                    break;
                }
                continue;
            }
        };
        let repo = find_repo(&call.cwd);
        if handler == Handler::PreToolUse {
            let mut v = judge(&call, repo.as_ref(), started);
            // An external agent's own way of asking is unknown: a confirm carries an approval code.
            let code = answerable(&call, repo.as_ref(), agent, false, &mut v);
            if strongest.as_ref().is_none_or(|s| v.decision > s.decision) {
                log.approval = code;
                strongest = Some(v);
            }
        }
        last = Some((call, repo));
    }
    match &last {
        Some((call, repo)) => log.finish(call, strongest.as_ref(), repo.as_ref()),
        None => log.write(None, None, strongest.as_ref().map_or("recorded", |v| v.decision.name()), "", None),
    }
    let Some(verdict) = strongest else { return Answer::silent() };
    let code = if verdict.decision == Decision::Allow { 0 } else { 2 };
    adapter::respond(agent, code, &verdict.message).unwrap_or_else(|e| {
        let message =
            if code == 2 { format!("{}\n(and {})", verdict.message, e.message) } else { format!("BLOCKED by gitvow: {}", e.message) };
        Answer::exit2(&message)
    })
}

/// The gate's verdict on a PreToolUse call; a policy that does not load blocks it.
fn judge(call: &Call, repo: Option<&Repo>, started: Instant) -> Verdict {
    if !call.gate {
        return Verdict::allow("");
    }
    let top = repo.map(|r| r.top.as_path());
    match policy::layers::load_for_hook(top) {
        Ok(layers) => {
            let verdict =
                Gate { layers: &layers, cwd: &call.cwd, repo_top: top, deadline: started + CALL_BUDGET, programs: true }.judge(call);
            // The process ends with the answer: freeing the policies pattern by pattern would cost
            // a tenth of an ordinary call for nothing.
            std::mem::forget(layers);
            verdict
        }
        Err(e) => Verdict::failure(&format!(
            "{}; every tool call is blocked until the policy is fixed (test it with `gitvow check -- true`)",
            e.message
        )),
    }
}

/// A confirm a person must be able to answer: where the agent asks natively, a question written for
/// the person; elsewhere an approval code (and a yes or no already given settles the call). The code
/// is returned for the log.
fn answerable(call: &Call, repo: Option<&Repo>, agent: &str, asks_natively: bool, verdict: &mut Verdict) -> Option<String> {
    if verdict.decision != Decision::Confirm {
        return None;
    }
    if asks_natively {
        verdict.question = Some(approvals::question(call, repo, verdict));
        return None;
    }
    // In gitvow's box the person's answers are where the box cannot write.
    let boxed = super::box_questions::current();
    approvals::settle(call, repo, agent, verdict, boxed.as_ref().map(|b| b as &dyn approvals::Elsewhere))
}

/// `gitvow hook` started with arguments it cannot parse (a hand-edited or damaged hook entry): the
/// agent (from `--agent`, else the default one) gets its blocking answer unless the event is one
/// that does not gate.
pub fn misused(args: &[String], what: &str) -> i32 {
    let mut agent = agents::DEFAULT_AGENT.to_string();
    let mut event = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--agent" {
            agent = it.next().cloned().unwrap_or_default();
        } else if let Some(v) = a.strip_prefix("--agent=") {
            agent = v.to_string();
        } else if !a.starts_with('-') && event.is_none() {
            event = Some(a.as_str());
        }
    }
    let spec = agents::find(&agent);
    let blocking = match (spec, event) {
        (Some(s), Some(e)) => s.handler_for(e).is_none_or(|h| h == Handler::PreToolUse),
        (None, Some(e)) => adapter::looks_pre_tool(e),
        _ => true,
    };
    let message = format!("`gitvow hook` was started with arguments it cannot use ({what}); fix the hook entry (`gitvow doctor` shows it)");
    let answer = match spec {
        Some(_) => failure_answer(spec, &agent, blocking, &message),
        None if blocking => Answer::exit2(&Verdict::failure(&message).message),
        None => Answer::silent(),
    };
    emit(&answer)
}

/// What a failure answers: the agent's blocking form during PreToolUse, silence otherwise.
fn failure_answer(spec: Option<&AgentSpec>, agent: &str, blocking: bool, what: &str) -> Answer {
    if !blocking {
        return Answer::silent();
    }
    let verdict = Verdict::failure(what);
    match spec {
        Some(spec) => respond::pre_tool_use(spec.gate.response, &verdict, false),
        None => adapter::respond(agent, 2, &verdict.message).unwrap_or_else(|_| Answer::exit2(&verdict.message)),
    }
}

/// The agent's payload: a JSON object on stdin. Its errors name sizes and JSON positions only, so
/// their message is also the logged reason.
fn read_payload() -> Result<Map<String, Value>> {
    let mut buf = Vec::new();
    std::io::stdin()
        .lock()
        .take(PAYLOAD_LIMIT + 1)
        .read_to_end(&mut buf)
        .map_err(|e| Error::new(format!("cannot read the payload on stdin: {e}")).caused_by(e))?;
    if buf.len() as u64 > PAYLOAD_LIMIT {
        return Err(Error::input("the payload on stdin is larger than 16 MiB"));
    }
    if buf.iter().all(u8::is_ascii_whitespace) {
        return Err(Error::input("the payload on stdin is empty (expected a JSON object)"));
    }
    match serde_json::from_slice(&buf) {
        Ok(Value::Object(o)) => Ok(o),
        Ok(_) => Err(Error::input("the payload on stdin is not a JSON object")),
        Err(e) => Err(Error::input(format!("the payload on stdin is not valid JSON ({e})")).caused_by(e)),
    }
}

/// The hook log line of this call, written once at the end.
struct Logged<'a> {
    agent: &'a str,
    event: &'a str,
    handler: Handler,
    started: Instant,
    approval: Option<String>,
}

impl Logged<'_> {
    fn write(&mut self, session: Option<&str>, tool: Option<&str>, verdict: &str, reason: &str, repo: Option<&Repo>) {
        self.write_rule(session, tool, verdict, reason, None, repo);
    }

    fn write_rule(
        &mut self,
        session: Option<&str>,
        tool: Option<&str>,
        verdict: &str,
        reason: &str,
        rule: Option<&RuleRef>,
        repo: Option<&Repo>,
    ) {
        let fallback;
        let repo = match repo {
            Some(r) => Some(r),
            None if session.is_none() => {
                fallback = std::env::current_dir().ok().and_then(|d| find_repo(&d));
                fallback.as_ref()
            }
            None => None,
        };
        record::append(
            &Record {
                agent: self.agent,
                event: self.event,
                handler: self.handler.name(),
                session: session.unwrap_or(""),
                tool,
                verdict,
                reason,
                rule,
                approval: self.approval.as_deref(),
                duration: self.started.elapsed(),
            },
            repo,
        );
    }

    fn finish(&mut self, call: &Call, verdict: Option<&Verdict>, repo: Option<&Repo>) {
        let (name, reason, rule) = match verdict {
            Some(v) => (v.decision.name(), v.reason.as_str(), v.rule.as_ref()),
            None => ("recorded", "", None),
        };
        self.handler = call.handler;
        self.write_rule(Some(&call.session), call.tool_name.as_deref(), name, reason, rule, repo);
        if call.handler == Handler::Stop {
            record::write_ledger(&call.session, self.agent, repo);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::seconds;
    use std::time::Duration;

    #[test]
    fn seconds_read_as_floating_point_writes_them() {
        for ms in [0, 1, 10, 100, 120, 250, 999, 1000, 1001, 1500, 2050, 25_999, 26_000] {
            let d = Duration::from_millis(ms);
            assert_eq!(seconds(d), d.as_secs_f64().to_string(), "{ms} ms");
        }
    }
}
