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

/// How many leading words of `args` are options (with their values), `--` included: where the
/// first operand stands, or the length of `args` when there is none.
pub fn skip_options(args: &[String], short_values: &str, long_values: &[&str]) -> usize {
    super::super::options::operands(args, short_values, long_values).next().unwrap_or(args.len())
}
