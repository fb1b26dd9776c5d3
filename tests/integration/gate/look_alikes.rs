//! Look-alikes of danger that the text shows harmless, and the members of the same class that are
//! not, in the payload forms of Claude Code, Codex and Copilot CLI.

use super::own_files::{installed, judge};

#[test]
fn a_temporary_directory_is_made_only_where_its_assignment_surely_ran() {
    let env = installed();
    judge(
        &env,
        &[
            r#"if false; then tmp=$(mktemp -d); fi; rm -rf "$tmp/""#,
            r#"true || tmp=$(mktemp -d); rm -rf "$tmp/""#,
            r#"[ -n "$X" ] && tmp=$(mktemp -d); rm -rf "$tmp/""#,
            r#"for i in; do tmp=$(mktemp -d); done; rm -rf "$tmp/""#,
            r#"(tmp=$(mktemp -d)); rm -rf "$tmp/""#,
            r#"echo $(tmp=$(mktemp -d)); rm -rf "$tmp/""#,
            r#"tmp=$(mktemp -d) | cat; rm -rf "$tmp/""#,
            r#"tmp=$(mktemp -d) & rm -rf "$tmp/""#,
            r#"f() { local tmp=$(mktemp -d); }; f; rm -rf "$tmp/""#,
        ],
        &[
            r#"tmp=$(mktemp -d); rm -rf "$tmp/""#,
            r#"tmp=$(mktemp -d) || exit 1; rm -rf "$tmp/""#,
            r#"f() { tmp=$(mktemp -d); rm -rf "$tmp/"; }; f"#,
            r#"for i in a b; do t=$(mktemp -d); rm -rf "$t/"; done"#,
        ],
    );
}
