//! Whether an agent's calls run confined by the OS, and the proof. gitvow's box is checked from
//! the kernel (this doctor's own mounts and namespaces), and proven by a command started in a new
//! box that tries to write gitvow's directory and read the record key; the agent's own sandbox
//! only from its settings, since its hooks (and so this doctor's probe) run outside it.

use super::CheckResult;
use crate::agents::OwnSandbox;
use crate::install::inspect::Inspected;
use std::process::{Command, Stdio};

/// Tries, inside a new `gitvow run` box, what an agent's command would try: a new file in gitvow's
/// directory and a byte of the record key. Both must be refused by the OS.
pub(crate) fn box_probe() -> CheckResult {
    const NAME: &str = "box";
    let (Some(home), Ok(exe)) = (crate::paths::gitvow_home(), std::env::current_exe()) else {
        return CheckResult::warn(NAME, "cannot tell where gitvow's directory or this executable is", "set HOME");
    };
    let probe = home.join(".doctor-probe");
    if crate::confine::detect::boxed(&home).is_ok() {
        // Inside the box already: the proof is this process's own refused write.
        return match std::fs::File::create(&probe) {
            Ok(_) => {
                let _ = std::fs::remove_file(&probe);
                CheckResult::fail(
                    NAME,
                    "this doctor runs in gitvow's box, yet it could create a file in gitvow's directory",
                    "report this bug with `uname -r`",
                )
            }
            Err(e) => CheckResult::ok(
                NAME,
                format!(
                    "this doctor runs in gitvow's box (checked from the kernel); creating a file in gitvow's directory was refused: {e}"
                ),
            ),
        };
    }
    let script = r#"touch "$1" 2>/dev/null && echo wrote; [ -s "$2" ] && head -c 1 "$2" >/dev/null && echo read; exit 0"#;
    let out = Command::new(exe)
        .args(["run", "--", "sh", "-c", script, "sh"])
        .arg(&probe)
        .arg(home.join("record.key"))
        .stdin(Stdio::null())
        .output();
    let out = match out {
        Ok(out) => out,
        Err(e) => return CheckResult::warn(NAME, format!("could not start gitvow's box: {e}"), "reinstall gitvow"),
    };
    let said = String::from_utf8_lossy(&out.stdout);
    if said.contains("wrote") {
        let _ = std::fs::remove_file(&probe);
        return CheckResult::fail(
            NAME,
            "a command in gitvow's box created a file in gitvow's directory: the box does not hold here",
            "report this bug with `uname -r` and /proc/self/mountinfo",
        );
    }
    if said.contains("read") {
        return CheckResult::fail(NAME, "a command in gitvow's box read the record key", "report this bug with `uname -r`");
    }
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr).lines().next().unwrap_or("it exited with an error").to_string();
        return CheckResult::warn(
            NAME,
            format!("gitvow's box cannot start on this machine: {}", why.trim_start_matches("gitvow: ")),
            "use the agents' own sandboxes (`gitvow install --user --sandbox`), or a kernel with unprivileged user namespaces",
        );
    }
    CheckResult::ok(
        NAME,
        "gitvow's box holds here: inside it, writing gitvow's directory and reading the record key were refused by the OS; an agent started outside it (and without its own sandbox) has only the gate: start it in the box with gitvow run --agent NAME",
    )
}

/// Whether `ins.agent`'s calls run in a box or sandbox, and how that is known.
pub(crate) fn agent(ins: &Inspected) -> Option<CheckResult> {
    const NAME: &str = "confined";
    let agent = ins.agent;
    if crate::paths::gitvow_home().is_some_and(|home| crate::confine::detect::boxed(&home).is_ok()) {
        return Some(CheckResult::ok(
            NAME,
            format!("this doctor runs in gitvow's box (checked from the kernel): so do the {} calls started here", agent.name),
        ));
    }
    let sandboxed = match agent.install.sandbox {
        Some(OwnSandbox::SettingsBlock { .. }) => ins.doc.as_ref().is_some_and(crate::install::sandbox::is_on),
        Some(OwnSandbox::TomlMode(file)) => crate::paths::home()
            .and_then(|home| std::fs::read_to_string(home.join(file)).ok())
            .is_some_and(|text| crate::edit::toml::sandboxed(&text)),
        None => false,
    };
    let missing = crate::install::sandbox::missing_programs(agent);
    match (sandboxed, missing.is_empty()) {
        (true, true) => Some(CheckResult::ok(
            NAME,
            format!(
                "{}'s own sandbox is on in its settings: the commands it runs cannot write outside the project (its hooks run outside the sandbox, so this is read from the settings, not proven)",
                agent.name
            ),
        )),
        (true, false) => Some(CheckResult::fail(
            NAME,
            format!("{}'s sandbox is on but needs {}, not on the PATH: {} refuses to start", agent.name, missing.join(" and "), agent.name),
            crate::install::sandbox::INSTALL_PROGRAMS,
        )),
        // Unconfined is how most agents run: the box group says how to confine them.
        (false, _) => None,
    }
}
