//! What install says after its preview and before its question: a bare `gitvow` off the PATH, an
//! agent gated twice, a new repository policy nobody trusted yet.

use crate::support::{CMD, Sandbox};

/// A repository install over a user install doubles the gate; install says so, with the command
/// that keeps one, and doctor agrees. From inside that repository, a user install says it too.
#[test]
fn an_install_in_a_second_scope_says_each_call_is_judged_twice() {
    let env = Sandbox::with_repo();
    let run = env.run(["install", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    assert!(!run.stderr.contains("judged twice"), "one scope only: {}", run.stderr);
    env.run(["uninstall", "--agent", "claude", "--yes"]).ok();

    env.run(["install", "--user", "--agent", "claude", "--agent", "cursor", "--yes", "--command", CMD, "--force"]).ok();
    let run = env.run(["install", "--agent", "claude", "--agent", "gemini", "--yes", "--command", CMD, "--force"]).ok();
    let twice: Vec<&str> = run.stderr.lines().filter(|l| l.contains("judged twice")).collect();
    assert_eq!(twice.len(), 1, "claude only (gemini has no user install):\n{}", run.stderr);
    assert!(
        twice[0].starts_with("warning: claude already runs gitvow from ~/.claude/settings.json (your user install)")
            && twice[0].contains("each of its calls in this repository will be judged twice")
            && twice[0].contains("run `gitvow uninstall --user --agent claude`"),
        "{}",
        twice[0]
    );
    let doctor = env.run(["doctor", "--agent", "claude"]);
    assert!(doctor.stdout.contains("each call is gated twice"), "{}", doctor.stdout);

    // The other way round: the user's install, run in a repository that has its own.
    let run = env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    let top = env.repo().display().to_string();
    run.stderr_has(&format!(
        "warning: claude also runs gitvow from {top}/.claude/settings.json (the install of the repository you are in)"
    ));
    run.stderr_has(&format!("run `gitvow uninstall {top} --agent claude`"));
    // Run elsewhere, there is no repository to double it.
    let run = env.run_in(env.home(), ["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    assert!(!run.stderr.contains("judged twice"), "{}", run.stderr);
}

/// A repository install writes the default policy, whose exceptions need the person's trust:
/// install says so and names the command; once trusted, it says nothing.
#[test]
fn a_new_repository_policy_is_said_to_need_trust() {
    let env = Sandbox::with_repo();
    let run = env.run(["install", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    let top = env.repo().display().to_string();
    run.stderr_has(&format!(
        "note: {top}/.gitvow/policy.json is not trusted yet: its programs do not run and its exceptions do not apply until you read it and run `gitvow trust {top}` in your own terminal"
    ));
    let user = env.run(["install", "--user", "--agent", "cursor", "--yes", "--command", CMD, "--force"]).ok();
    assert!(!user.stderr.contains("not trusted"), "the user's own policy needs no trust: {}", user.stderr);
}

/// A preview longer than the terminal goes through the pager, which leaves the screen at its end:
/// the warning comes after it, not above it where the pager's text pushed it away.
#[test]
fn the_warnings_come_after_the_pager() {
    if !std::path::Path::new("/usr/bin/script").exists() {
        eprintln!("skipped: util-linux `script` is not installed");
        return;
    }
    let env = Sandbox::with_repo();
    let paged = env.outside("paged.txt");
    // No gitvow on the PATH: the repository's entries name a bare `gitvow` that would start nothing.
    let screen = env
        .gitvow()
        .args(["install", "--agent", "codex", "--dry-run"])
        .env("PAGER", format!("cat > {}; echo END-OF-PAGER", paged.display()))
        .screen(10, 100)
        .run()
        .stdout;
    let paged = std::fs::read_to_string(&paged).unwrap_or_else(|_| panic!("the pager got nothing; screen:\n{screen}"));
    assert!(paged.contains("+++ ") && !paged.contains("warning:"), "{paged}");
    let (before, after) = screen.split_once("END-OF-PAGER").unwrap_or_else(|| panic!("{screen}"));
    assert!(!before.contains("warning:"), "the warning went before the pager:\n{screen}");
    assert!(after.contains("warning: `gitvow` is not on your PATH"), "{screen}");
}
