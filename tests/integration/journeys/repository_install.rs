//! Installing into a repository: the paths in every fix line and snippet are ones the reader
//! (a shell, codex's config.toml) takes as they are.

use super::pasted::{paste, printed_commands};
use crate::support::Sandbox;

#[test]
fn a_fix_line_for_a_repository_in_the_home_directory_works_when_pasted() {
    let env = Sandbox::new();
    let repo = env.git_repo(env.home().join("r"));
    env.run_in(&repo, ["install", "--agent", "claude", "--yes"]).ok();
    // gitvow's entries taken out by hand: doctor's fix is to install again.
    std::fs::write(repo.join(".claude/settings.json"), "{}\n").unwrap();
    let doctor = env.run_in(&repo, ["doctor", "--agent", "claude"]);
    let fixes: Vec<String> = printed_commands(&doctor.stdout).into_iter().filter(|c| c.starts_with("gitvow install")).collect();
    assert!(!fixes.is_empty(), "{doctor:?}");
    for fix in &fixes {
        assert!(!fix.contains('~'), "a quoted tilde is not expanded: {fix}");
        // Pasted anywhere, not only in the repository.
        paste(&env, env.home(), fix).ok();
    }
    assert!(env.read("~/r/.claude/settings.json").contains("gitvow hook"));
}

#[test]
fn the_codex_trust_snippet_names_the_repository_as_codex_reads_it() {
    let env = Sandbox::new();
    let repo = env.git_repo(env.home().join("app"));
    let run = env.run_in(&repo, ["install", "--agent", "codex", "--yes"]).ok();
    let snippet = format!("[projects.\"{}\"] trust_level = \"trusted\"", repo.display());
    run.stdout_has(&snippet);
    assert!(!run.stdout.contains("\"~/"), "{}", run.stdout);
}
