//! `gitvow log`: what the gate decided recently, from the hook logs of the user and the repository,
//! newest last. The logs hold no command text, so neither does this; a confirmation still waiting
//! for `gitvow approve` is marked with its code. Doctor's probes are left out unless asked for.

use crate::error::{Error, Result};
use crate::gate::approvals::{self, State};
use crate::gate::record::{self, PROBE_SESSION};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

#[derive(Clone, Debug, Default)]
pub struct LogRequest {
    pub(crate) repo: Option<PathBuf>,
    pub(crate) user: bool,
    pub(crate) since: Option<String>,
    pub(crate) verdict: Option<String>,
    pub(crate) agent: Option<String>,
    pub(crate) probes: bool,
    pub(crate) limit: usize,
    pub(crate) json: bool,
    pub(crate) color: bool,
}

/// `90s`, `15m`, `1h`, `2d`.
fn parse_since(text: &str) -> Result<Duration> {
    let bad = || Error::usage(format!("--since `{text}` is not a duration")).hint("write it as 90s, 15m, 1h or 2d");
    let (number, unit) = text.trim().split_at(text.trim().find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?);
    let n: u64 = number.parse().map_err(|_| bad())?;
    let secs = match unit {
        "s" => n,
        "m" | "min" => n * 60,
        "h" => n * 3600,
        "d" => n * 86_400,
        _ => return Err(bad()),
    };
    Ok(Duration::from_secs(secs))
}

/// The log files to read, the rotated part first.
fn files(request: &LogRequest) -> Result<Vec<PathBuf>> {
    let cwd = std::env::current_dir().map_err(|e| Error::new(format!("cannot read the current directory: {e}")))?;
    let mut logs = Vec::new();
    let repo_dir = match &request.repo {
        Some(d) => {
            let dir = cwd.join(d);
            Error::named_directory(&dir)?;
            Some(dir)
        }
        None if !request.user => Some(cwd),
        None => None,
    };
    if let Some(dir) = repo_dir {
        match crate::paths::find_repo(&dir) {
            Some(repo) => logs.extend(record::log_path(Some(&repo))),
            None if request.repo.is_some() => {
                return Err(Error::not_in_repo(&dir).hint("pass the path of a repository, or --user for the calls outside any"));
            }
            None => {}
        }
    }
    if request.user || request.repo.is_none() {
        logs.extend(record::log_path(None));
    }
    let mut out = Vec::new();
    for log in logs {
        let mut rotated = log.clone().into_os_string();
        rotated.push(".1");
        out.push(PathBuf::from(rotated));
        out.push(log);
    }
    Ok(out)
}

fn read_lines(path: &Path) -> Vec<Value> {
    match crate::gate::regular_file::read_bounded(path, "the hook log", 2 * record::LOG_LIMIT) {
        Ok(Some(bytes)) => String::from_utf8_lossy(&bytes).lines().filter_map(|l| serde_json::from_str::<Value>(l).ok()).collect(),
        _ => vec![],
    }
}

pub fn run(request: &LogRequest) -> Result<i32> {
    let since = request.since.as_deref().map(parse_since).transpose()?;
    let threshold = since.map(|d| record::rfc3339(SystemTime::now() - d));
    let mut lines: Vec<Value> = files(request)?.iter().flat_map(|f| read_lines(f)).collect();
    lines.retain(|v| {
        let s = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("");
        s("handler") == "PreToolUse"
            && threshold.as_deref().is_none_or(|t| s("time") >= t)
            && request.verdict.as_deref().is_none_or(|want| s("verdict") == want)
            && request.agent.as_deref().is_none_or(|want| s("agent") == want)
            && (request.probes || s("session") != PROBE_SESSION)
    });
    lines.sort_by(|a, b| a.get("time").and_then(Value::as_str).cmp(&b.get("time").and_then(Value::as_str)));
    if lines.len() > request.limit {
        lines.drain(..lines.len() - request.limit);
    }
    let waiting: Vec<String> = approvals::all().into_iter().filter(|a| a.state == State::Pending).map(|a| a.code).collect();
    let entries: Vec<Value> = lines
        .iter()
        .map(|v| {
            // An empty field of the log (no rule) is `null`, as everywhere under `--json`.
            let s = |k: &str| v.get(k).cloned().filter(|x| x.as_str() != Some("")).unwrap_or(Value::Null);
            let code = v.get("approval").and_then(Value::as_str);
            json!({
                "time": s("time"),
                "agent": s("agent"),
                "repo": s("repo"),
                "tool": s("tool"),
                "verdict": s("verdict"),
                "rule": s("rule"),
                "reason": s("reason"),
                "duration_ms": s("duration_ms"),
                "approval": code,
                "waiting": code.is_some_and(|c| waiting.iter().any(|w| w == c)),
                "probe": v.get("session").and_then(Value::as_str) == Some(PROBE_SESSION),
            })
        })
        .collect();
    if request.json {
        crate::output::line(&serde_json::to_string_pretty(&Value::Array(entries)).unwrap_or_default());
        return Ok(0);
    }
    if entries.is_empty() {
        crate::output::line("no gate decisions logged yet (for that filter)");
        return Ok(0);
    }
    // The times are the log's own, in UTC (as doctor and `--json` give them): the header says so.
    let mut out =
        format!("{:<19}  {:<8} {:<24} {:<10} {:<8} {:<16} {}\n", "time (UTC)", "agent", "repository", "tool", "verdict", "rule", "took");
    for e in &entries {
        // Every field the log holds is shown with its control characters made visible; only the
        // verdict's own colour is painted after that.
        let s = |k: &str| crate::visible::visible_line(e.get(k).and_then(Value::as_str).unwrap_or("-"));
        let s = |k: &str| -> String { s(k) };
        let time = s("time");
        let time = time.get(..19).unwrap_or(&time).replace('T', " ");
        let repo = e
            .get("repo")
            .and_then(Value::as_str)
            .map_or("-".to_string(), |r| crate::visible::visible_line(&crate::paths::display(Path::new(r))));
        let rule = if s("rule").is_empty() { "-".to_string() } else { s("rule") };
        let ms = e.get("duration_ms").and_then(Value::as_f64).map_or("-".into(), |d| format!("{d:.1}ms"));
        let verdict = format!("{:<8}", s("verdict"));
        let verdict = crate::output::paint_verdict(&verdict, request.color);
        let mut line = format!("{time}  {:<8} {:<24} {:<10} {verdict} {rule:<16} {ms}", s("agent"), repo, s("tool"));
        if e["waiting"] == true {
            line.push_str(&format!("  waiting: gitvow approve {}", s("approval")));
        }
        if e["probe"] == true {
            line.push_str("  (doctor probe)");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    crate::output::print(&out);
    Ok(0)
}
