//! One gate decision per tool call when several of gitvow's entries fire for it: an agent that also
//! runs another agent's hook files ([`crate::agents::also_loads`]) runs gitvow's entry in its own
//! file and the one written for the other agent, one after the other, for the same call. The first
//! entry judges the call and keeps its answer here for a minute; the next entry for the same call
//! gives that answer without running the gate again (providers, classifier, approval codes) and
//! writes no second log line.
//!
//! A call's identity is what both entries see alike: the session, the event, the time the agent
//! stamped on the call (Copilot 1.0.102 sends the same instant in both payloads, as milliseconds in
//! its own and as RFC 3339 in Claude's), the repository and what the call does. Each answer is a
//! file `~/.gitvow/same-call/<identity>.json`, mode 0600, sealed with gitvow's key like approvals
//! ([`super::seal`]): one that anything else wrote (an agent planting an allow) counts for nothing,
//! and the entry judges the call itself.

use super::approvals;
use super::normalize::{Action, Call};
use super::regular_file;
use super::respond::Answer;
use crate::agents::{AgentSpec, also_loads};
use crate::paths::Repo;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How long an answer waits for the call's other entries. The agent runs them back to back, each
/// within its timeout (30 s in every entry gitvow writes).
const FRESH_FOR: Duration = Duration::from_secs(60);

#[derive(Clone, Serialize, Deserialize)]
struct Kept {
    identity: String,
    created_ms: u64,
    code: i32,
    stdout: String,
    stderr: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mac: Option<String>,
}

impl Kept {
    fn sealed_bytes(&self) -> Vec<u8> {
        let mut bare = self.clone();
        bare.mac = None;
        super::seal::record_bytes("gitvow same call 1", &bare)
    }
}

fn dir() -> Option<PathBuf> {
    crate::paths::gitvow_home().map(|h| h.join("same-call"))
}

fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// The identity of this call, for a caller that runs other agents' files too and a payload that
/// carries the time of the call; `None` otherwise (nothing is kept or looked up).
pub fn identity(caller: &AgentSpec, payload: &Map<String, Value>, call: &Call, repo: Option<&Repo>) -> Option<String> {
    also_loads::loaded_by(caller.name).next()?;
    let stamp = payload.get("timestamp").and_then(millis)?;
    let (stamp, key, args) = (stamp.to_string(), approvals::call_key(call, repo), arguments(call));
    let parts: Vec<&[u8]> =
        [call.session.as_str(), call.handler.name(), &stamp, &key, &args].iter().flat_map(|p| [p.as_bytes(), &[0u8][..]]).collect();
    Some(crate::digest::hex(&crate::digest::sha256(&parts)[..16]))
}

/// The arguments of the call's actions that [`approvals::call_key`] does not hold: a read tool's
/// or an MCP tool's (`view {"path": …}`) are known there by the tool's name alone, and two calls
/// stamped alike must not share an answer because they name one tool (`view README.md`, then
/// `view ~/.gitvow/record.key`). A command's or an edit's text is in the key already.
fn arguments(call: &Call) -> String {
    let bare = call.actions.iter().filter(|a| a.command().is_none() && a.edited_path().is_none());
    // In the order of the names: the two entries' payloads need not list them alike.
    let sorted = |a: &Action| serde_json::to_string(&a.tool_input.iter().collect::<std::collections::BTreeMap<_, _>>());
    bare.map(|a| sorted(a).unwrap_or_default()).collect::<Vec<_>>().join("\0")
}

/// The answer an earlier entry gave this call, taken (removed) as it is read; `None` when there is
/// none, it is stale, or gitvow did not seal it.
pub fn earlier(identity: &str) -> Option<Answer> {
    let path = dir()?.join(format!("{identity}.json"));
    let bytes = regular_file::read_private(&path, "a kept answer").ok()??;
    let _ = std::fs::remove_file(&path);
    let kept: Kept = serde_json::from_slice(&bytes).ok()?;
    let fresh = now_ms().saturating_sub(kept.created_ms) <= FRESH_FOR.as_millis() as u64;
    let sealed = super::seal::check(kept.mac.as_deref(), &kept.sealed_bytes()) == super::seal::Check::Holds;
    let holds = fresh && sealed && kept.identity == identity;
    holds.then_some(Answer { code: kept.code, stdout: kept.stdout, stderr: kept.stderr })
}

/// Keeps `answer` for the call's other entries, and removes answers no entry came for. Best effort:
/// without it the next entry judges the call again.
pub fn keep(identity: &str, answer: &Answer) {
    let Some(dir) = dir() else { return };
    sweep(&dir);
    let mut kept = Kept {
        identity: identity.to_string(),
        created_ms: now_ms(),
        code: answer.code,
        stdout: answer.stdout.clone(),
        stderr: answer.stderr.clone(),
        mac: None,
    };
    let Ok(mac) = super::seal::seal(&kept.sealed_bytes()) else { return };
    kept.mac = Some(mac);
    let _ = crate::safefs::write_private(
        &dir.join(format!("{identity}.json")),
        serde_json::to_string(&kept).unwrap_or_default().as_bytes(),
        crate::safefs::Existing::Replace,
    );
}

/// Removes kept answers older than [`FRESH_FOR`] (the agent ran only one of gitvow's entries).
fn sweep(dir: &std::path::Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let stale = entry.metadata().ok().and_then(|m| m.modified().ok()).and_then(|t| t.elapsed().ok()).is_some_and(|age| age > FRESH_FOR);
        if stale {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// A payload's `timestamp` in milliseconds since 1970: a number of them, or RFC 3339 in UTC
/// (`2026-12-03T16:59:22.323Z`).
fn millis(v: &Value) -> Option<u64> {
    if let Some(n) = v.as_u64() {
        return Some(n);
    }
    let s = v.as_str()?.strip_suffix('Z')?;
    let (date, time) = s.split_once('T')?;
    let num = |t: &str| t.parse::<i64>().ok();
    let mut d = date.splitn(3, '-');
    let (year, month, day) = (num(d.next()?)?, num(d.next()?)?, num(d.next()?)?);
    let (clock, frac) = time.split_once('.').unwrap_or((time, "0"));
    let mut c = clock.splitn(3, ':');
    let (hour, minute, second) = (num(c.next()?)?, num(c.next()?)?, num(c.next()?)?);
    let ms = num(&format!("{frac:0<3}")[..3])?;
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    // Days since 1970-01-01 from the civil date (Howard Hinnant's algorithm).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    u64::try_from(((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + ms).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_of_one_instant_read_alike() {
        // Measured: Copilot 1.0.102 stamped one call 1796317162323 and "2026-12-03T16:59:22.323Z".
        assert_eq!(millis(&Value::from(1_796_317_162_323u64)), Some(1_796_317_162_323));
        assert_eq!(millis(&Value::from("2026-12-03T16:59:22.323Z")), Some(1_796_317_162_323));
        assert_eq!(millis(&Value::from("1970-01-01T00:00:00Z")), Some(0));
        assert_eq!(millis(&Value::from("2024-02-29T12:00:00.5Z")), Some(1_709_208_000_500));
        assert_eq!(millis(&Value::from("2026-12-03 16:59:22")), None);
        assert_eq!(millis(&Value::from("2026-13-03T16:59:22Z")), None);
    }
}
