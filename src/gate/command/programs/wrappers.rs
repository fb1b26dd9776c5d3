//! Where a wrapper's command starts among its arguments (`sudo -u x cmd`, `timeout 10 cmd`, `op run -- cmd`).

use super::table::program;

/// The index in `args` of the command a wrapper runs, or `None` when `name` is no wrapper or runs
/// nothing (`command -v x`, `sudo -l`).
pub fn wrapped(name: &str, args: &[String]) -> Option<usize> {
    let wrapper = program(name)?.wraps?;
    if name == "command" && args.first().is_some_and(|a| a.starts_with("-v") || a.starts_with("-V")) {
        return None;
    }
    let mut start = 0;
    if let Some(named) = wrapper.after_run_word {
        let pos = args.iter().position(|a| RUN_WORDS.contains(&a.as_str()))?;
        start = pos + 1 + named;
        if let Some(dd) = args[start.min(args.len())..].iter().position(|a| a == "--") {
            return Some(start + dd + 1);
        }
    }
    let rest = skip_options(&args[start.min(args.len())..], wrapper.short_values, wrapper.long_values);
    let index = start + rest + wrapper.operands;
    (index < args.len()).then_some(index)
}

/// Subcommand words of version managers and secret runners before the command (`op run --`,
/// `aws-vault exec PROFILE --`, `direnv exec DIR`, `mise exec --`, `conda run -n env`).
const RUN_WORDS: &[&str] = &["run", "exec", "x", "shell"];

/// How many leading words of `args` are options (with their values), `--` included.
pub fn skip_options(args: &[String], short_values: &str, long_values: &[&str]) -> usize {
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "--" {
            return i + 1;
        }
        if let Some(long) = a.strip_prefix("--") {
            i += if !long.contains('=') && long_values.contains(&a) { 2 } else { 1 };
            continue;
        }
        let Some(flags) = a.strip_prefix('-').filter(|f| !f.is_empty()) else { break };
        if flags.chars().all(|c| c.is_ascii_digit()) {
            i += 1;
            continue;
        }
        // In a cluster the first flag that takes a value takes the rest, or the next word.
        let mut takes_next = false;
        for (pos, f) in flags.char_indices() {
            if short_values.contains(f) {
                takes_next = pos + f.len_utf8() == flags.len();
                break;
            }
        }
        i += if takes_next { 2 } else { 1 };
    }
    i
}
