//! A command line clap refused, told as gitvow tells any failure: `gitvow: …` with a `hint:`
//! that names the help to read, clap's own tip where it helps, and the missing arguments by name.

use crate::error::Error;
use clap::error::{ContextKind, ContextValue, ErrorKind};

/// What a refusal needs of the command-line definition (`cli.rs`).
pub(crate) struct Definition {
    /// The help of `gitvow` or of one subcommand.
    pub(crate) print_help: fn(Option<&str>) -> crate::error::Result<i32>,
    /// Whether a word is one of gitvow's subcommands.
    pub(crate) is_subcommand: fn(&str) -> bool,
}

/// A command line clap refused, told in gitvow's own form (`gitvow: …` and a `hint:`): help and
/// version are not failures, and neither is `gitvow` alone (its help, on stdout); a usage error
/// exits 64, except under `gitvow hook`, where an agent reads the exit code: there it is that
/// agent's blocking answer during PreToolUse.
pub(crate) fn parse_failure(err: &clap::Error, cli: &Definition) -> i32 {
    // Lossy: an argument that is not UTF-8 is named as well as it can be, never a panic.
    let args: Vec<String> = std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).collect();
    if matches!(err.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = err.print();
        return 0;
    }
    if args.is_empty() {
        return (cli.print_help)(None).unwrap_or(1);
    }
    let what = refusal(err);
    if args.first().map(String::as_str) == Some("hook") {
        return crate::gate::hook::misused(&args[1..], &what);
    }
    let err = usage_error(err, &what, &args, cli);
    crate::say!("{err}");
    // A script reading `--json` gets its usage errors as JSON too (the README's "JSON output").
    if args.iter().take_while(|a| *a != "--").any(|a| a == "--json") {
        crate::output::json(&err.as_json());
    }
    err.code()
}

/// clap's refusal as gitvow's error: its first line, and its tip (or the subcommand's help) as the
/// hint.
fn usage_error(err: &clap::Error, what: &str, args: &[String], cli: &Definition) -> Error {
    let subcommand = args.iter().find(|a| !a.starts_with('-')).filter(|a| (cli.is_subcommand)(a));
    let help = subcommand.map_or_else(|| "see `gitvow --help`".to_string(), |sub| format!("see `gitvow {sub} --help`"));
    let tip = err.to_string().lines().find_map(|l| l.trim().strip_prefix("tip: ").map(str::to_string));
    let hint = match (subcommand.map(String::as_str), err.kind()) {
        (Some("check"), ErrorKind::UnknownArgument) => format!("put the command after `--`: {}", check_after_dashes(args)),
        (_, ErrorKind::InvalidUtf8) => "gitvow reads its arguments as UTF-8 text; pass the name in UTF-8".to_string(),
        _ => match tip {
            // clap offers `-- --json` for an option that is not one of this subcommand's (one it
            // has and is given twice is refused as such): passing it as a value is not what was meant.
            Some(tip) if tip.starts_with("to pass '-") => match refused(err) {
                Some(arg) => {
                    let who = subcommand.map_or("gitvow".to_string(), |s| format!("gitvow {s}"));
                    let value = if arg.starts_with("--") { "" } else { " (a value that starts with `-` goes after `--`)" };
                    format!("`{arg}` is not an option of {who}{value}; {help}")
                }
                None => help,
            },
            Some(tip) => tip,
            None => help,
        },
    };
    Error::usage(what).hint(hint)
}

/// The `gitvow check` the person meant, pasteable: its own options first, then `--` and the
/// command they gave (one word stays one word, so `gitvow check 'git push --force -n'` is shown as
/// `gitvow check -- 'git push --force -n'`, never as another command).
fn check_after_dashes(args: &[String]) -> String {
    let after = args.iter().position(|a| a == "check").map_or(&args[..0], |i| &args[i + 1..]);
    let (mut options, mut command) = (vec!["gitvow".to_string(), "check".to_string()], Vec::new());
    let mut words = after.iter().filter(|a| *a != "--");
    while let Some(word) = words.next() {
        match word.as_str() {
            "--json" => options.push(word.clone()),
            w if w.starts_with("--color=") => options.push(word.clone()),
            "--color" => options.extend([Some(word), words.next()].into_iter().flatten().cloned()),
            _ => command.push(word.clone()),
        }
    }
    match command.first() {
        // An option check does not have (`gitvow check --bogus`) is no command to repeat.
        Some(first) if !first.starts_with('-') => format!("{} -- {}", shell_words::join(&options), shell_words::join(&command)),
        _ => "gitvow check -- git push --force".to_string(),
    }
}

/// What clap refused, in one line: its first line, or for missing arguments their names (clap
/// lists them on the lines after its first, which a one-line message would cut off).
fn refusal(err: &clap::Error) -> String {
    let rendered = err.to_string();
    let first = rendered.lines().next().unwrap_or("").trim_start_matches("error: ");
    match err.kind() {
        ErrorKind::MissingRequiredArgument => match context_strings(err, ContextKind::InvalidArg) {
            missing if missing.len() == 1 => format!("missing argument {}", missing[0]),
            missing if !missing.is_empty() => format!("missing arguments {}", missing.join(", ")),
            _ => first.to_string(),
        },
        _ => first.to_string(),
    }
}

/// The argument clap refused, as given.
fn refused(err: &clap::Error) -> Option<String> {
    context_strings(err, ContextKind::InvalidArg).into_iter().next()
}

fn context_strings(err: &clap::Error, kind: ContextKind) -> Vec<String> {
    match err.get(kind) {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(v)) => v.clone(),
        _ => Vec::new(),
    }
}
