//! `gitvow trust`: a person trusts the programs and exceptions of a repository's policy, whose exact
//! bytes the trust record then holds (see [`crate::gate::policy::trust_record`]). Only a person at a
//! terminal may run it (see [`crate::person`]).

use crate::error::{Error, Result};
use crate::gate::policy::layers::{self, LayerFile, LayerKind};
use crate::gate::policy::trust_record::{self, digest, key, read_record, write_record};
use crate::gate::regular_file;
use crate::visible::visible_line;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// What `gitvow trust` was asked to do.
#[derive(Clone, Debug)]
pub enum TrustRequest {
    Trust(Option<PathBuf>),
    Revoke(Option<PathBuf>),
    List,
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
    Error::named_directory(&dir)?;
    let repo =
        crate::paths::find_repo(&dir).ok_or_else(|| Error::not_in_repo(&dir).hint("name the repository: `gitvow trust ~/src/app`"))?;
    Ok(LayerFile { kind: LayerKind::Repository, path: repo.top.join(".gitvow/policy.json"), repo: Some(repo.top) })
}

fn trust(dir: Option<&Path>) -> Result<i32> {
    // Where is asked first: a directory that does not exist is a usage error, terminal or not.
    let file = policy_file(dir)?;
    crate::person::require("gitvow trust")?;
    let shown = crate::paths::display(&file.path);
    let again = format!("gitvow trust {}", crate::output::shell_path(file.repo.as_deref().unwrap_or(Path::new("."))));
    crate::person::require_answer("gitvow trust", &again)?;
    let bytes = regular_file::read(&file.path, "the policy")?
        .ok_or_else(|| Error::new(format!("there is no repository policy at {shown}: nothing to trust")))?;
    let layer = layers::load_file(&file).map_err(|e| e.hint("fix the policy first: a policy that does not load blocks every tool call"))?;
    let Some(layer) = layer else { return Err(Error::new(format!("there is no repository policy at {shown}: nothing to trust"))) };
    let policy = &layer.policy;
    if !policy.needs_trust() {
        crate::output::line(&format!("{shown} names no programs and no exceptions: its rules apply without trust; nothing recorded"));
        return Ok(0);
    }
    let mut out = format!("{shown} (sha256 {})\n", digest(&bytes));
    for program in policy.programs() {
        out.push_str(&format!("  runs     {}\n", visible_line(&program.to_string())));
    }
    for (key, list) in [("bash_allow", &policy.bash_allow), ("path_allow", &policy.path_allow)] {
        for rule in list.rules() {
            out.push_str(&format!("  allows   {key}: {} ({})\n", visible_line(rule.pattern()), visible_line(&rule.reason)));
        }
    }
    out.push_str("Trusting lets gitvow run these programs in this repository and apply these exceptions, until the file changes.\n");
    crate::say_part!("{out}");
    if !crate::person::confirm("Trust this file?")? {
        crate::say!("not trusted; nothing recorded");
        return Ok(1);
    }
    super::presence::require("gitvow trust", &again)?;
    let mut files = read_record();
    let key = key(&file.path);
    let entry = json!({"sha256": digest(&bytes), "programs": policy.programs(), "trusted_at": crate::gate::record::rfc3339(std::time::SystemTime::now())});
    files.insert(key.clone(), trust_record::sealed(&key, entry)?);
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
            _ if trust_record::check(file, entry) == crate::gate::seal::Check::Missing => {
                "recorded before trust entries were sealed: untrusted, run `gitvow trust` again"
            }
            _ if trust_record::check(file, entry) == crate::gate::seal::Check::Broken => {
                "changed by something other than gitvow: untrusted, ignored"
            }
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
