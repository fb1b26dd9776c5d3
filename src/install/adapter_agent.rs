//! An agent gitvow does not know, described by its external adapter `gitvow-agent-<name>`: its `info`
//! becomes a row of the agent table, so that install and uninstall treat it like a built-in one.

use crate::agents::{AdapterInstall, AgentSpec, BARE, DoctorFacts, FileLayout, InstallFacts, InstalledEvent};
use crate::error::{Error, Result};
use crate::gate::adapter;

/// The agent row for the adapter `gitvow-agent-<name>`. It lives as long as the process: a run
/// installs a handful of agents at most.
pub fn spec(name: &str) -> Result<&'static AgentSpec> {
    let info = adapter::info(name)?;
    let bad = |what: String| {
        Error::new(format!("adapter gitvow-agent-{name} (info): {what}"))
            .hint("each event in `install.entries` must hold one entry whose command contains __GITVOW__")
    };
    let mut events = Vec::new();
    for (event, entries) in &info.install.entries {
        let one = entries.as_array().filter(|a| a.len() == 1).ok_or_else(|| bad(format!("`{event}` does not hold exactly one entry")))?;
        if !one[0].to_string().contains("__GITVOW__") {
            return Err(bad(format!("the entry for `{event}` has no __GITVOW__ command")));
        }
        events.push(InstalledEvent { name: leak(event.clone()), matcher: None });
    }
    let install = AdapterInstall { entries: info.install.entries.iter().map(|(k, v)| (k.clone(), v[0].clone())).collect() };
    // What an external agent does beyond its `info` is not known: the gate answers it the common
    // way and doctor probes it so, as every row that names only what differs.
    Ok(Box::leak(Box::new(AgentSpec {
        name: leak(name.to_string()),
        install: InstallFacts {
            user_file: leak(info.install.user_file),
            repo_file: leak(info.install.repo_file),
            layout: FileLayout::Adapter,
            // What the adapter's agent does with a broken file is not known; gitvow writes only strict JSON.
            when_unreadable: "gets only strict JSON from gitvow, which does not write a {file} {that}",
            events: Box::leak(events.into_boxed_slice()),
            adapter: Some(Box::leak(Box::new(install))),
            version_key: info.install.version_key.map(|k| (leak(k), 1)),
            ..BARE.install
        },
        doctor: DoctorFacts {
            // Not measured: the agent is not known to gitvow.
            fails_open: &[],
            reload_hint: "restart it: agents read their hooks at start-up",
            ..BARE.doctor
        },
        ..BARE
    })))
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}
