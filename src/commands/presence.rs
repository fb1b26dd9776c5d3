//! The stronger proof of presence a person can switch on in their own policy
//! (`"approve_with": "os_authentication"` in `~/.gitvow/policy.json`): `gitvow approve` and
//! `gitvow trust` then also need the operating system to authenticate the person. An agent running
//! as the same user can make a terminal, wait for one, or feed one; it cannot type the person's
//! password. Only programs the agent cannot replace are used: found at fixed system paths, owned by
//! root, `sudo` set-user-ID.

use crate::error::{Error, Result};
use crate::gate::policy::{ApproveWith, layers};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the authenticating programs are looked for (in a debug build, `GITVOW_SYSTEM_ROOT` puts a
/// test's machine under a folder; a release build always asks the machine's own).
const SUDO: [&str; 3] = ["/usr/bin/sudo", "/bin/sudo", "/usr/local/bin/sudo"];
const PKCHECK: [&str; 2] = ["/usr/bin/pkcheck", "/bin/pkcheck"];

/// What the person's own policy asks of `command` (`gitvow approve`, `gitvow trust`) beyond the
/// terminal, done: `Ok` when it asks nothing more or the person authenticated; `again` is the
/// command line to run again after a failure. A policy that does not load cannot say, so nothing
/// is approved then.
pub(crate) fn require(command: &str, again: &str) -> Result<()> {
    let layers = layers::load(None).map_err(|e| {
        Error::new(format!("`{command}`: {}", e.message))
            .hint("fix your policy first: gitvow cannot tell whether it asks for your operating system's authentication")
    })?;
    let wanted = layers.layers.first().and_then(|l| l.policy.approve_with);
    if wanted != Some(ApproveWith::OsAuthentication) {
        return Ok(());
    }
    let refused = |why: String| {
        Error::new(format!("`{command}`: your policy asks for your operating system's authentication (approve_with), and {why}"))
    };
    let (program, args): (PathBuf, Vec<String>) = if let Some(sudo) = trusted(&SUDO, true) {
        // -k: credentials cached by an earlier sudo never count; the person types the password now.
        let prompt = format!("{command}: your password, to prove it is you (sudo): ");
        (sudo, vec!["-k".into(), "-v".into(), "-p".into(), prompt])
    } else if let Some(pkcheck) = trusted(&PKCHECK, false) {
        let me = std::process::id().to_string();
        (pkcheck, ["--action-id", "org.freedesktop.policykit.exec", "--allow-user-interaction", "--process", &me].map(String::from).into())
    } else {
        return Err(refused("this machine has neither sudo nor polkit's pkcheck to ask".into())
            .hint("install sudo (or polkit), or set \"approve_with\": \"terminal\" in ~/.gitvow/policy.json"));
    };
    let shown = crate::paths::display(&program);
    let status = Command::new(&program).args(&args).status().map_err(|e| refused(format!("{shown} could not start: {e}")))?;
    if program.ends_with("sudo") {
        // The check leaves nothing behind for the agent's own sudo calls.
        let _ = Command::new(&program).arg("-k").status();
    }
    if !status.success() {
        let how = status.code().map_or("was stopped by a signal".to_string(), |c| format!("exited {c}"));
        return Err(refused(format!("{shown} did not authenticate you ({how})"))
            .hint(format!("run `{again}` again and authenticate; nothing was recorded")));
    }
    Ok(())
}

/// The first of `paths` that is a regular file owned by root (and set-user-ID when `setuid`): a
/// program of the system's, not one the agent put there.
fn trusted(paths: &[&str], setuid: bool) -> Option<PathBuf> {
    let test_root = cfg!(debug_assertions).then(|| std::env::var_os("GITVOW_SYSTEM_ROOT")).flatten().filter(|r| !r.is_empty());
    let root = test_root.map_or_else(|| "/".into(), PathBuf::from);
    paths.iter().map(|p| root.join(p.trim_start_matches('/'))).find(|p| is_trusted(p, setuid))
}

fn is_trusted(path: &Path, setuid: bool) -> bool {
    // A link is followed: its own entry sits in a root-owned directory, and its target must pass.
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.uid() == 0 && m.mode() & 0o022 == 0 && (!setuid || m.mode() & 0o4000 != 0))
}
