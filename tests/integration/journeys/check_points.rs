//! `gitvow check` points at the part of a command line that decided its verdict: the simple
//! command (or the redirection) whose text or effect the deciding rule matched, wherever it
//! stands (after a separator, in a pipeline, a subshell, a substitution, a loop's body, a
//! backtick or a heredoc body, or the shell text a wrapper runs).

use crate::support::Sandbox;

/// For each line, the text `--json`'s `at` names: where in the line the deciding part stands.
#[test]
fn the_part_that_decided_is_named_by_its_place_in_the_line() {
    let env = Sandbox::with_repo();
    let cases: &[(&str, Option<&str>)] = &[
        ("ls && rm -rf ~", Some("rm -rf ~")),
        ("git status; echo $(rm -rf ~) | cat", Some("rm -rf ~")),
        ("(cd /tmp; rm -rf /) && ls", Some("rm -rf /")),
        ("ls; sh -c 'rm -rf /'", Some("sh -c 'rm -rf /'")),
        ("for f in a b; do rm -rf ~; done", Some("rm -rf ~")),
        ("while true; do\n  git push --force\ndone", Some("git push --force")),
        ("echo `git push --force` done", Some("`git push --force`")),
        ("cat <<EOF\n$(rm -rf ~)\nEOF\nls", Some("$(rm -rf ~)\n")),
        ("echo hi > /etc/hosts 2>/dev/null; ls", Some("> /etc/hosts")),
        ("echo é€ && git push --force", Some("git push --force")),
        ("git push origin main 2>&1 | tee log", Some("git push origin main 2>&1")),
        // Allowed: nothing decided.
        ("ls; echo rm -rf ~", None),
    ];
    for (line, part) in cases {
        let out = env.run(["check", "--json", "--", line]);
        let at = &out.json()["at"];
        assert_eq!(at["text"].as_str(), *part, "{line:?}: {}", out.stdout);
        if let Some(part) = part {
            let start = at["start"].as_u64().unwrap() as usize;
            assert_eq!(line.get(start..start + part.len()), Some(*part), "{line:?}: {}", out.stdout);
        }
    }
}

/// The text output: the line of the command the part starts on, and `^` under the part; none
/// when the part is the whole line.
#[test]
fn check_shows_the_part_under_its_line() {
    let env = Sandbox::with_repo();
    let shown = |line: &str| -> Vec<String> {
        let out = env.run(["check", "--", line]);
        out.stdout.lines().skip_while(|l| !l.starts_with("at:")).take(2).map(str::to_string).collect()
    };
    assert_eq!(shown("echo é€ && rm -rf ~"), ["at:      echo é€ && rm -rf ~", &format!("{}{}", " ".repeat(9 + 11), "^".repeat(8))]);
    assert_eq!(
        shown("ls\nfor f in a; do\n  rm -rf /\ndone"),
        ["at:      line 3:   rm -rf /", &format!("{}{}", " ".repeat(9 + 10), "^".repeat(8))]
    );
    assert!(shown("rm -rf ~").is_empty());
}
