//! `adapter::info`, which `install --agent <name>` calls for an external agent. Its own test binary:
//! it sets PATH for the process.

use gitvow::runtime::adapter;

#[test]
fn info_reads_the_install_description() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("gitvow-agent-acme");
    std::fs::write(
        &script,
        r#"#!/bin/sh
[ "$1" = info ] || exit 1
echo '{"protocol": 1, "name": "acme", "events": ["beforeRun", "afterRun"], "install": {"user_file": ".acme/hooks.json", "repo_file": ".acme/hooks.json", "format": "json", "entries": {"beforeRun": [{"command": "__GITVOW__ hook --agent acme beforeRun"}]}, "version_key": "version"}}'
"#,
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let broken = dir.path().join("gitvow-agent-broken");
    std::fs::write(&broken, "#!/bin/sh\necho '{\"protocol\": 2}'\n").unwrap();
    std::fs::set_permissions(&broken, std::fs::Permissions::from_mode(0o755)).unwrap();
    // SAFETY: the only test in this binary; no other thread reads the environment.
    unsafe {
        std::env::set_var("PATH", format!("{}:/usr/bin:/bin", dir.path().display()));
        std::env::set_var("HOME", dir.path());
    }
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
