//! `adapter::info`, which `install --agent <name>` calls for an external agent. It reads `PATH` and
//! `HOME` from the process: the test runs in a process of its own that has them set.

use crate::support::{Sandbox, in_own_process, rerun_alone};
use gitvow::gate::adapter;

#[test]
fn info_reads_the_install_description() {
    if in_own_process() {
        return info_from_the_adapters_on_the_path();
    }
    let env = Sandbox::new();
    let bin = env.outside("bin");
    env.script(
        bin.join("gitvow-agent-acme"),
        r#"[ "$1" = info ] || exit 1
echo '{"protocol": 1, "name": "acme", "events": ["beforeRun", "afterRun"], "install": {"user_file": ".acme/hooks.json", "repo_file": ".acme/hooks.json", "format": "json", "entries": {"beforeRun": [{"command": "__GITVOW__ hook --agent acme beforeRun"}]}, "version_key": "version"}}'"#,
    );
    env.script(bin.join("gitvow-agent-broken"), "echo '{\"protocol\": 2}'");
    let path = format!("{}:/usr/bin:/bin", bin.display());
    rerun_alone("hook::adapter_info::info_reads_the_install_description", &[("PATH", path.as_ref()), ("HOME", env.home().as_os_str())]);
}

/// The test itself, in the process [`rerun_alone`] started with `PATH` and `HOME` set.
fn info_from_the_adapters_on_the_path() {
    let info = adapter::info("acme").unwrap();
    assert_eq!(info.name, "acme");
    assert_eq!(info.events, ["beforeRun", "afterRun"]);
    assert_eq!(info.install.user_file, ".acme/hooks.json");
    assert_eq!(info.install.version_key.as_deref(), Some("version"));
    assert_eq!(info.install.entries["beforeRun"][0]["command"], "__GITVOW__ hook --agent acme beforeRun");
    let err = adapter::info("broken").unwrap_err();
    assert_eq!(err.message, "adapter gitvow-agent-broken (info): protocol 2 is not supported (expected 1)");
    assert!(adapter::info("missing").unwrap_err().message.starts_with("no built-in agent `missing` and no adapter"));
}
