//! `gitvow doctor --system`: what only the managed layer has to answer — whether the command its
//! entries run is one only root can replace, and what a user can still switch off.

use super::CheckResult;
use crate::agents::managed;
use crate::install::inspect::Inspected;

pub(crate) fn checks(ins: &Inspected) -> Vec<CheckResult> {
    let Some(layer) = managed::layer(ins.agent.name) else { return Vec::new() };
    let mut out = Vec::new();
    if let Some(command) = &ins.command {
        let path = shell_words::split(command).ok().and_then(|w| w.into_iter().next()).unwrap_or_else(|| command.clone());
        out.push(match crate::install::system::check_command(&path) {
            Ok(_) => CheckResult::ok("command-owner", format!("{path} and every directory above it are root's alone")),
            Err(e) => CheckResult::fail("command-owner", e.message, e.hint.unwrap_or_default()),
        });
    }
    let can = layer.user_can;
    out.push(if can.starts_with("nothing") {
        CheckResult::ok("user-switches", format!("a user can switch these entries off: {can}"))
    } else {
        CheckResult::warn(
            "user-switches",
            format!("a user can switch these entries off: {can}"),
            "the agent offers no setting that stops it; gitvow's user-scope entries are the same gate",
        )
    });
    out
}
