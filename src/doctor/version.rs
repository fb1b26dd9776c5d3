//! The agent's own version against the versions gitvow's facts about it were checked with
//! (`crate::agents::versions`, the row's `doctor.proven`): a note, since a newer agent may still keep the same hook interface.

use super::CheckResult;
use crate::agents::AgentSpec;
use crate::agents::versions::{self as agent_versions, Proven};
use crate::gate::process;
use std::time::Duration;

/// `<program> --version` answers in well under a second for every agent in the table.
const VERSION_WAIT: Duration = Duration::from_secs(5);

/// The version note for an agent whose command is on the PATH; `None` when there is nothing to say
/// (no proven versions, no command, no version in its answer).
pub(crate) fn check(agent: &AgentSpec) -> Option<CheckResult> {
    let proven = agent.doctor.proven.as_ref()?;
    let program = agent.install.detect_commands.iter().find_map(|c| crate::paths::find_on_path(c))?;
    let argv = vec![program.to_string_lossy().into_owned(), "--version".to_string()];
    let finished = process::run(&argv, b"", None, VERSION_WAIT).ok()?;
    let said = format!("{}\n{}", String::from_utf8_lossy(&finished.stdout), String::from_utf8_lossy(&finished.stderr));
    let version = agent_versions::version_in(&said)?;
    Some(note(agent.name, proven, &version))
}

fn note(agent: &str, proven: &Proven, version: &str) -> CheckResult {
    match agent_versions::outside(agent, proven, version) {
        None => CheckResult::ok("version", format!("{agent} {version}: a version gitvow was checked with")),
        Some(words) => CheckResult::warn(
            "version",
            words,
            format!(
                "gitvow's hook facts for {agent} come from {}; if its hooks changed, the probe above and `gitvow log` show it: update gitvow when a newer one is checked with it",
                proven.newest
            ),
        ),
    }
}
