//! Completions and man pages: what they offer is what gitvow takes.

use super::pasted::paste;
use crate::support::Sandbox;

#[test]
fn agent_names_complete_as_agents_not_file_names() {
    let env = Sandbox::new();
    let bash = env.run(["completions", "bash"]).ok().stdout;
    let agent = bash.lines().skip_while(|l| !l.contains("--agent)")).nth(1).unwrap_or_default();
    assert!(agent.contains("claude codex gemini"), "{agent}");
    assert!(!agent.contains("compgen -f"), "{agent}");
}

#[test]
fn the_man_pages_have_true_synopses_and_the_sections_a_reader_looks_for() {
    let env = Sandbox::new();
    let dir = env.outside("man");
    env.run(["man", dir.to_str().unwrap()]).ok();
    let check = std::fs::read_to_string(dir.join("gitvow-check.1")).unwrap();
    let synopsis = check.split(".SH SYNOPSIS").nth(1).and_then(|s| s.split(".SH").next()).unwrap_or_default();
    assert!(synopsis.contains("gitvow check") && synopsis.contains("\\-\\-path"), "{synopsis}");
    let main = std::fs::read_to_string(dir.join("gitvow.1")).unwrap();
    assert!(!main.contains("gitvow\\-help(1)") && !main.contains("gitvow-help(1)"), "no page is written for help");
    for page in [&main, &check] {
        for section in [".SH \"EXIT STATUS\"", ".SH ENVIRONMENT", ".SH FILES"] {
            assert!(page.contains(section), "{section}");
        }
    }
    // Every page another page refers to is written.
    for reference in main.split("gitvow\\-").skip(1) {
        let name = reference.split('(').next().unwrap();
        if reference[name.len()..].starts_with("(1)") {
            assert!(dir.join(format!("gitvow-{name}.1")).exists(), "gitvow-{name}(1) is named but not written");
        }
    }
}

/// The README's completion and man commands, and the examples of `gitvow completions --help` and
/// `gitvow man --help`, work as pasted on a fresh home: each line, in a shell, exits 0 and leaves
/// its file where it says.
#[test]
fn the_printed_completion_and_man_commands_work_as_pasted_on_a_fresh_home() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = readme.split("## Shell completions and man pages").nth(1).unwrap();
    let block = section.split("```sh\n").nth(1).and_then(|b| b.split("```").next()).unwrap();
    let mut lines: Vec<String> = block.lines().map(str::to_string).collect();
    let probe = Sandbox::new();
    for sub in ["completions", "man"] {
        let help = probe.run([sub, "--help"]).ok().stdout;
        let examples = help.split("Examples:\n").nth(1).unwrap_or_else(|| panic!("{sub}: {help}"));
        // What follows four spaces is said about the command, not part of it.
        lines.extend(examples.lines().map(|l| l.trim().split("    ").next().unwrap().to_string()).filter(|l| !l.is_empty()));
    }
    assert!(lines.len() >= 5, "{lines:?}");
    for line in &lines {
        let env = Sandbox::new();
        let out = paste(&env, env.home(), line);
        assert_eq!(out.code, 0, "`{line}` on a fresh home: {out:?}");
        if let Some(file) = line.split("> ").nth(1) {
            let file = env.home().join(file.split_whitespace().next().unwrap().trim_start_matches("~/"));
            assert!(std::fs::metadata(&file).is_ok_and(|m| m.len() > 0), "`{line}`: {}", file.display());
        }
        if line.contains("man -M") || line.contains("man -l") {
            assert!(out.stdout.contains("gitvow"), "`{line}`: {out:?}");
        }
    }
}
