//! Trust in repository policies: `~/.gitvow/trust.json` holds, per repository policy file a person
//! trusted, the SHA-256 of the exact bytes they saw. A repository policy's programs (providers, the
//! classifier) run, and its exceptions apply, only while the file still has those bytes: any change
//! makes it untrusted again. `gitvow trust` is the only writer, and only a person at a terminal may
//! run it (see [`crate::person`]).

use super::policy::layers::{self, LayerFile, LayerKind};
use super::regular_file;
use crate::error::{Error, Result};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// What `gitvow trust` was asked to do.
#[derive(Clone, Debug)]
pub enum TrustRequest {
    Trust(Option<PathBuf>),
    Revoke(Option<PathBuf>),
    List,
}

fn record_path() -> Option<PathBuf> {
    crate::paths::gitvow_home().map(|h| h.join("trust.json"))
}

fn digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The key of a policy file in the record: its canonical path, so that a second path to the same
/// file (a symlinked checkout) is the same trust.
fn key(policy: &Path) -> String {
    policy.canonicalize().unwrap_or_else(|_| policy.to_path_buf()).to_string_lossy().into_owned()
}

/// The trusted files, `file → entry`. A record that cannot be read trusts nothing.
fn read_record() -> serde_json::Map<String, Value> {
    let Some(path) = record_path() else { return Default::default() };
    match regular_file::read(&path, "the trust record") {
        Ok(Some(bytes)) => match serde_json::from_slice::<Value>(&bytes) {
            Ok(Value::Object(mut o)) => match o.remove("trusted") {
                Some(Value::Object(files)) => files,
                _ => Default::default(),
            },
            _ => Default::default(),
        },
        _ => Default::default(),
    }
}

/// Whether the person trusted `policy` with exactly these bytes.
pub fn is_trusted(policy: &Path, bytes: &[u8]) -> bool {
    let files = read_record();
    files.get(&key(policy)).and_then(|e| e.get("sha256")).and_then(Value::as_str) == Some(digest(bytes).as_str())
}

/// Writes the record whole (mode 0600: it says what the person trusts).
fn write_record(files: serde_json::Map<String, Value>) -> Result<()> {
    let path = record_path().ok_or_else(|| Error::new("cannot find the home directory for ~/.gitvow/trust.json"))?;
    let text = serde_json::to_string_pretty(&json!({"version": 1, "trusted": files})).unwrap_or_default() + "\n";
    regular_file::write_private(&path, &text)
}

pub fn run(request: &TrustRequest) -> Result<i32> {
    match request {
        TrustRequest::List => list(),
        TrustRequest::Revoke(dir) => {
            let file = policy_file(dir.as_deref())?;
            let mut files = read_record();
            let removed = files.remove(&key(&file.path)).is_some();
            if removed {
                write_record(files)?;
                crate::output::line(&format!("revoked: {} is no longer trusted", crate::paths::display(&file.path)));
            } else {
                crate::output::line(&format!("{} was not trusted: nothing to revoke", crate::paths::display(&file.path)));
            }
            Ok(0)
        }
        TrustRequest::Trust(dir) => trust(dir.as_deref()),
    }
}

/// The repository policy of `dir`'s repository (default: the current directory's).
fn policy_file(dir: Option<&Path>) -> Result<LayerFile> {
    let cwd = std::env::current_dir().map_err(|e| Error::new(format!("cannot read the current directory: {e}")))?;
    let dir = dir.map_or(cwd.clone(), |d| cwd.join(d));
    let repo = crate::paths::find_repo(&dir)
        .ok_or_else(|| Error::new(format!("{} is not inside a git repository", crate::paths::display(&dir))).hint("name the repository: `gitvow trust ~/src/app`"))?;
    Ok(LayerFile { kind: LayerKind::Repository, path: repo.top.join(".gitvow/policy.json"), repo: Some(repo.top) })
}

fn trust(dir: Option<&Path>) -> Result<i32> {
    crate::person::require("gitvow trust")?;
    let file = policy_file(dir)?;
    let shown = crate::paths::display(&file.path);
    let bytes = regular_file::read(&file.path, "the policy")
        .map_err(Error::new)?
        .ok_or_else(|| Error::new(format!("there is no repository policy at {shown}: nothing to trust")))?;
    let layer = layers::load_file(&file).map_err(|e| Error::config(e).hint("fix the policy first: a policy that does not load blocks every tool call"))?;
    let Some(layer) = layer else { return Err(Error::new(format!("there is no repository policy at {shown}: nothing to trust"))) };
    let policy = &layer.policy;
    if !policy.needs_trust() {
        crate::output::line(&format!("{shown} names no programs and no exceptions: its rules apply without trust; nothing recorded"));
        return Ok(0);
    }
    let mut out = format!("{shown} (sha256 {})\n", digest(&bytes));
    for program in policy.programs() {
        out.push_str(&format!("  runs     {program}\n"));
    }
    for (key, list) in [("bash_allow", &policy.bash_allow), ("path_allow", &policy.path_allow)] {
        for rule in &list.rules {
            out.push_str(&format!("  allows   {key}: {} ({})\n", rule.pattern, rule.reason));
        }
    }
    out.push_str("Trusting lets gitvow run these programs in this repository and apply these exceptions, until the file changes.\n");
    eprint!("{out}");
    if !crate::person::confirm("Trust this file?")? {
        eprintln!("not trusted; nothing recorded");
        return Ok(1);
    }
    let mut files = read_record();
    files.insert(
        key(&file.path),
        json!({"sha256": digest(&bytes), "programs": policy.programs(), "trusted_at": crate::runtime::record::rfc3339(std::time::SystemTime::now())}),
    );
    write_record(files)?;
    crate::output::line(&format!("trusted: {shown}"));
    Ok(0)
}

fn list() -> Result<i32> {
    let files = read_record();
    if files.is_empty() {
        crate::output::line("no repository policy is trusted");
        return Ok(0);
    }
    let mut out = String::new();
    for (file, entry) in &files {
        let path = Path::new(file);
        let now = regular_file::read(path, "the policy").ok().flatten();
        let state = match now {
            Some(bytes) if entry.get("sha256").and_then(Value::as_str) == Some(digest(&bytes).as_str()) => "trusted",
            Some(_) => "changed since trusted: untrusted",
            None => "gone",
        };
        let at = entry.get("trusted_at").and_then(Value::as_str).unwrap_or("?");
        out.push_str(&format!("{}  {state}  (trusted {at})\n", crate::paths::display(path)));
    }
    crate::output::print(&out);
    Ok(0)
}
