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

#[test]
fn the_parameters_and_lists_a_call_sets_itself_are_the_names_they_hold() {
    let env = installed();
    judge(
        &env,
        &[
            r#"set -- build ~; rm -rf "$@""#,
            r#"set -- dist ~/.gitvow; rm -rf "$2""#,
            r#"f() { set -- build ~; rm -rf "$@"; }; f"#,
            r#"set -- x; set -- ~; rm -rf "$1""#,
            r#"true && set -- build; rm -rf "$1/""#,
            r#"for i in; do set -- build; done; rm -rf "$1/""#,
            r#"purge() { local t="${1:-dist}"; rm -rf -- "$t"; }; purge ~"#,
            r#"purge() { rm -rf -- "${1:-~}"; }; purge"#,
            r#"printf '%s\0' build ~/.gitvow | xargs -0 rm -rf"#,
            r#"printf '%s\n' a ~ | xargs rm -rf"#,
        ],
        &[
            r#"set -- dist; rm -rf "$1""#,
            r#"set -- build dist; rm -rf "$@""#,
            r#"f() { set -- build dist; rm -rf "$@"; }; f"#,
            r#"purge() { local t="${1:-dist}"; rm -rf -- "$t"; }; purge"#,
            r#"printf '%s\0' build dist | xargs -0 rm -rf"#,
            r#"printf '%s\n' a b | xargs rm"#,
            "echo a b | xargs rm",
        ],
    );
}
