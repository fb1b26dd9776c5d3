//! Doctor's note on an installed agent's version, with fake agent executables that report versions
//! inside and outside the range the agent's row was checked with.

use crate::support::Sandbox;
use crate::support::doctor::doctor;

/// A user install of `agent` with a fake `program` on the PATH that prints `said` for `--version`.
fn with_fake(agent: &str, program: &str, said: &str) -> (Sandbox, crate::support::doctor::Report) {
    let env = Sandbox::new();
    let fake = env.script(format!("~/bin/{program}"), &format!("[ \"$1\" = --version ] && echo '{said}'\nexit 0"));
    let dir = fake.parent().unwrap().to_path_buf();
    let path = format!("{}:{}", dir.display(), crate::support::system_path());
    let env = env.env("PATH", &path);
    let out = env.run(["install", "--user", "--agent", agent]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let report = doctor(&env, &["--user", "--agent", agent]);
    (env, report)
}

#[test]
fn a_proven_version_is_ok_and_a_newer_or_older_one_is_a_note() {
    let newest = gitvow::agents::find("codex").and_then(|a| a.doctor.proven).unwrap().newest;
    let (_e, r) = with_fake("codex", "codex", &format!("codex-cli {newest}"));
    assert_eq!(r.statuses("codex", "version"), ["ok"]);
    let (_e, r) = with_fake("codex", "codex", "codex-cli 0.171.0");
    let detail = r.only("codex", "version", "warn");
    assert!(detail.contains(&format!("codex 0.171.0: newer than the {newest} gitvow was checked with")), "{detail}");
    let (_e, r) = with_fake("hermes", "hermes", "Hermes Agent v0.18.2 (2026.11.30)");
    let detail = r.only("hermes", "version", "warn");
    assert!(detail.contains("hermes 0.18.2: older than the 0.19.0"), "{detail}");
}

#[test]
fn no_version_said_means_no_note() {
    let (_e, r) = with_fake("pi", "pi", "pi coding agent");
    assert!(r.statuses("pi", "version").is_empty());
}
