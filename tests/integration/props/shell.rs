//! The shell analyser on generated text: whatever the agent sends, and wherever the text ends
//! (inside an escape, a quote, a substitution, a heredoc), the analysis returns; it never panics.

use crate::support::proptest_config;
use gitvow::gate::command::{Context, analyse_in};
use proptest::prelude::*;
use std::path::Path;

/// Pieces of shell syntax, openings and closings alike, so that generated texts end anywhere.
fn token() -> impl Strategy<Value = String> {
    let pieces = [
        "\\", "\\\n", "'", "\"", "`", "$", "$'", "$\"", "$(", "$((", "${", "}", "{", "(", ")", "))", "<<", "<<'E'", "<<-E", "\nE\n", "<<<",
        "<(", ">(", ">", ">>", "2>&1", "&>", "|", "||", "&&", "&", ";", ";;", "\n", " ", "\t", "#", "~", "*", "?", "[", "]", "{a,b}", "=",
        "X=1", "$X", "${X:-y}", "rm", "-rf", "cd", "sh", "-c", "eval", "bash", "git", "push", "cat", "find", "-exec", "{}", "\\;", "xargs",
        "python3", "case", "in", "esac", "for", "do", "done", "if", "then", "fi", "function", "f()", "é", "\u{0}",
    ];
    prop_oneof![4 => prop::sample::select(pieces.to_vec()).prop_map(str::to_string), 1 => "\\PC{0,6}"]
}

proptest! {
    #![proptest_config(proptest_config(3000))]

    #[test]
    fn shell_analysis_never_panics(tokens in prop::collection::vec(token(), 0..24)) {
        let text: String = tokens.concat();
        let ctx = Context { cwd: Path::new("/r"), home: Some(Path::new("/h")), repo_top: Some(Path::new("/r")) };
        let _ = analyse_in(&text, &ctx);
        let _ = analyse_in(&format!("echo {text} \\"), &ctx);
    }
}
