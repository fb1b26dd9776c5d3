//! The hook log (one JSON line per hook call) and the session ledger written at Stop.
//! No command text, file content or prompt is ever stored. Recording is best effort: a full disk or
//! a read-only home never blocks or fails a call.

use super::rule_ref::{self, RuleRef};
use crate::paths::Repo;
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub struct Record<'a> {
    pub agent: &'a str,
    /// The agent's own event name.
    pub event: &'a str,
    /// The gitvow handler it ran (`PreToolUse`, …).
    pub handler: &'a str,
    pub session: &'a str,
    pub tool: Option<&'a str>,
    /// `allow`, `confirm`, `deny`, `recorded` (events that do not gate), `error`, `adapter_failed`.
    pub verdict: &'a str,
    pub reason: &'a str,
    /// What decided (`bash_deny[1]`, `providers: x`), never the rule's text.
    pub rule: Option<&'a RuleRef>,
    /// The approval code a confirm waits under (`gitvow approve <code>`).
    pub approval: Option<&'a str>,
    pub duration: Duration,
}

/// `<git dir>/gitvow-hooks.log` inside a repository, else `~/.gitvow/hooks.log`.
pub fn log_path(repo: Option<&Repo>) -> Option<PathBuf> {
    match repo {
        Some(r) => Some(r.git_dir.join("gitvow-hooks.log")),
        None => crate::paths::gitvow_home().map(|h| h.join("hooks.log")),
    }
}

/// Appends one line with a single `write` on an `O_APPEND` file, so that concurrent hooks never
/// interleave their lines.
pub fn append(record: &Record, repo: Option<&Repo>) {
    let Some(path) = log_path(repo) else { return };
    let Ok(mut bytes) = serde_json::to_vec(&line(record, repo, SystemTime::now())) else { return };
    bytes.push(b'\n');
    let _ = write_line(&path, &bytes);
}

/// The log line of a record: one JSON object, its fields in this order. Written straight from the
/// record's own strings (every hook call writes one): a JSON tree built for it cost a call a map
/// of twelve entries, each key and value copied, and its drop.
#[derive(Serialize)]
struct Line<'a> {
    time: String,
    agent: &'a str,
    event: &'a str,
    handler: &'a str,
    session: &'a str,
    tool: Option<&'a str>,
    verdict: &'a str,
    reason: &'a str,
    rule: String,
    approval: Option<&'a str>,
    duration_ms: f64,
    repo: Option<std::borrow::Cow<'a, str>>,
}

/// The log line of `record`, stamped with the time `now`.
fn line<'a>(record: &Record<'a>, repo: Option<&'a Repo>, now: SystemTime) -> Line<'a> {
    Line {
        time: rfc3339(now),
        agent: record.agent,
        event: record.event,
        handler: record.handler,
        session: record.session,
        tool: record.tool,
        verdict: record.verdict,
        reason: record.reason,
        rule: rule_ref::text(record.rule),
        approval: record.approval,
        duration_ms: (record.duration.as_secs_f64() * 1000.0 * 1000.0).round() / 1000.0,
        repo: repo.map(|r| r.top.to_string_lossy()),
    }
}

fn write_line(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let open = || super::regular_file::open_log(path);
    let mut file = match open() {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(path.parent().unwrap_or(Path::new(".")))?;
            open()?
        }
        Err(e) => return Err(e),
    };
    // The log stays bounded: past LOG_LIMIT the current part is set aside as `<log>.1` (replacing an
    // older one), so that a Stop summary never reads more than that much.
    if file.metadata().is_ok_and(|m| m.len() > LOG_LIMIT) {
        rotate(path, &file);
        file = open()?;
    }
    file.write_all(bytes)
}

/// Whether the hook log of `repo` can be what gitvow appends to (a regular file or nothing yet):
/// a symlink, FIFO or device there answers the call as a broken setup, and the file is left alone.
pub fn check_log(repo: Option<&Repo>) -> Result<(), String> {
    match log_path(repo) {
        Some(path) => super::regular_file::check_own(&path, "the hook log").map_err(|e| e.message),
        None => Ok(()),
    }
}

/// Sets the full log aside, once: hooks that saw it full at the same moment take turns on a lock,
/// and only one whose open file is still the one at `path` renames it. Without that, a second
/// rename would replace the part just set aside with the new, nearly empty log. The lock is only
/// tried: a lock someone holds (or a FIFO put in its place) must not stop the hook, which then
/// leaves the rotation to the next call.
fn rotate(path: &Path, full: &std::fs::File) {
    use std::os::unix::fs::MetadataExt;
    let mut lock_path = path.as_os_str().to_owned();
    lock_path.push(".lock");
    let Ok(lock) = super::regular_file::open_log(Path::new(&lock_path)) else { return };
    if lock.try_lock().is_err() {
        return;
    }
    let same = match (full.metadata(), std::fs::symlink_metadata(path)) {
        (Ok(ours), Ok(now)) => ours.ino() == now.ino() && ours.dev() == now.dev() && now.len() > LOG_LIMIT,
        _ => false,
    };
    if same {
        let mut aside = path.as_os_str().to_owned();
        aside.push(".1");
        let _ = std::fs::rename(path, aside);
    }
    let _ = lock.unlock();
}

pub const LOG_LIMIT: u64 = 8 << 20;

/// The session id of doctor's probe calls: `gitvow log` and the activity check leave them out.
pub const PROBE_SESSION: &str = "gitvow-doctor-probe";

/// At Stop: `~/.gitvow/ledger/<session>.json`, a summary of the session's lines in the hook log.
pub fn write_ledger(session: &str, agent: &str, repo: Option<&Repo>) {
    let (Some(log), Some(home)) = (log_path(repo), crate::paths::gitvow_home()) else { return };
    let Ok(Some(text)) = super::regular_file::read_text(&log, "the hook log", LOG_LIMIT * 2) else { return };
    let needle = format!("\"session\":{}", Value::from(session));
    let mut calls = 0u64;
    let mut verdicts = Map::new();
    let mut events = Map::new();
    let (mut first, mut last) = (None::<String>, None::<String>);
    for line in text.lines().filter(|l| l.contains(&needle)) {
        let Ok(Value::Object(o)) = serde_json::from_str::<Value>(line) else { continue };
        calls += 1;
        for (key, map) in [("verdict", &mut verdicts), ("handler", &mut events)] {
            if let Some(v) = o.get(key).and_then(Value::as_str) {
                let n = map.get(v).and_then(Value::as_u64).unwrap_or(0);
                map.insert(v.to_string(), (n + 1).into());
            }
        }
        if let Some(t) = o.get("time").and_then(Value::as_str) {
            first.get_or_insert_with(|| t.to_string());
            last = Some(t.to_string());
        }
    }
    let ledger = json!({
        "session": session,
        "agent": agent,
        "repository": repo.map(|r| r.top.to_string_lossy().into_owned()),
        "first": first,
        "last": last,
        "calls": calls,
        "verdicts": verdicts,
        "events": events,
    });
    let path = home.join("ledger").join(format!("{}.json", file_name(session)));
    let text = serde_json::to_string_pretty(&ledger).unwrap_or_default() + "\n";
    let _ = crate::safefs::write_private(&path, text.as_bytes(), crate::safefs::Existing::Replace);
}

/// A session id as a safe file name: no separators, no leading dot, bounded length.
pub fn file_name(session: &str) -> String {
    let mut name: String =
        session.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' { c } else { '_' }).take(128).collect();
    if name.starts_with('.') {
        name.replace_range(0..1, "_");
    }
    if name.is_empty() { "unknown".into() } else { name }
}

/// UTC time as `2026-01-31T12:00:00.123Z`, without a date crate on the hot path.
pub fn rfc3339(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs();
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z", rem / 3600, rem % 3600 / 60, rem % 60, d.subsec_millis())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_and_names() {
        assert_eq!(rfc3339(UNIX_EPOCH + Duration::from_millis(1_700_000_000_123)), "2023-11-14T22:13:20.123Z");
        assert_eq!(file_name("../../etc/passwd"), "_._.._etc_passwd");
        assert_eq!(file_name(""), "unknown");
    }

    #[test]
    fn the_log_names_the_rule_by_its_text_and_an_allow_by_an_empty_one() {
        let rule = RuleRef::Providers(vec!["graph".into()]);
        let record = |rule| Record {
            agent: "claude",
            event: "PreToolUse",
            handler: "PreToolUse",
            session: "s",
            tool: Some("Edit"),
            verdict: "confirm",
            reason: "r",
            rule,
            approval: None,
            duration: Duration::ZERO,
        };
        let rule_of = |r| serde_json::to_value(line(&record(r), None, UNIX_EPOCH)).unwrap()["rule"].clone();
        assert_eq!(rule_of(Some(&rule)), "providers: graph");
        assert_eq!(rule_of(None), "");
    }

    /// The line is the bytes the JSON tree it replaced wrote: the same fields in the same order,
    /// the same numbers, `null` for what is missing.
    #[test]
    fn a_line_is_written_as_the_json_tree_wrote_it() {
        let rule = RuleRef::Providers(vec!["graph".into()]);
        let repo = Repo { top: "/home/u/p \"q\"".into(), git_dir: "/home/u/p/.git".into() };
        for (tool, approval, ms, repo) in [(Some("Bash"), Some("abc123"), 1_234_567, Some(&repo)), (None, None, 2_000_000, None)] {
            let record = Record {
                agent: "claude",
                event: "PreToolUse",
                handler: "PreToolUse",
                session: "s\u{1}é",
                tool,
                verdict: "confirm",
                reason: "a \"reason\"\n",
                rule: Some(&rule),
                approval,
                duration: Duration::from_nanos(ms),
            };
            let now = UNIX_EPOCH + Duration::from_millis(1_700_000_000_123);
            let tree = json!({
                "time": rfc3339(now),
                "agent": record.agent,
                "event": record.event,
                "handler": record.handler,
                "session": record.session,
                "tool": record.tool,
                "verdict": record.verdict,
                "reason": record.reason,
                "rule": rule_ref::text(record.rule),
                "approval": record.approval,
                "duration_ms": (record.duration.as_secs_f64() * 1000.0 * 1000.0).round() / 1000.0,
                "repo": repo.map(|r| r.top.to_string_lossy().into_owned()),
            });
            assert_eq!(serde_json::to_string(&line(&record, repo, now)).unwrap(), tree.to_string());
        }
    }
}
