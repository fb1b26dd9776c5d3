// On Linux with glibc, gitvow starts from its own C `main` (see `entry`): Rust's start-up would
// otherwise read `/proc/self/maps` to place a stack-overflow guard, about a tenth of what a hook
// call (a fresh process before every tool call of an agent) costs. glibc hands the arguments to
// the standard library before `main`, so `std::env::args` works as ever. (Not in the test build,
// whose `main` is the test harness's.)
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

use clap::CommandFactory;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use gitvow::cli::{Cli, Command};
use gitvow::commands;
use gitvow::error::{Error, ExitConvention, Kind};

#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[unsafe(no_mangle)]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    // What Rust's start-up does that gitvow relies on: SIGPIPE ignored (see `output::print`; a
    // provider that closes its input must not kill the gate). A panic is caught in `run`; one that
    // escaped it could not unwind out of this C function, and would abort the process.
    // SAFETY: setting a signal's disposition to SIG_IGN has no preconditions.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    std::process::exit(on_own_stack())
}

#[cfg(not(all(target_os = "linux", target_env = "gnu", not(test))))]
fn main() {
    std::process::exit(on_own_stack())
}

/// The stack gitvow's work runs on, whatever `RLIMIT_STACK` says: the agent sets the limits its
/// children inherit (a soft limit of 16 KiB is one `prlimit` away), and a hook that dies of a
/// stack overflow gives no answer, which some agents take as "go ahead". Reserved, not used: the
/// pages a call touches are all it costs.
const STACK: usize = 64 << 20;

/// [`run`] on a thread with a stack of [`STACK`] bytes (the main thread's is sized by the limit);
/// on the main thread when no thread can be made.
fn on_own_stack() -> i32 {
    // `gitvow run` makes a new user namespace, which the kernel refuses to a process with threads;
    // it only parses its command line and sets up the box before it becomes the command.
    if std::env::args_os().nth(1).is_some_and(|a| a == "run") {
        return run();
    }
    match std::thread::Builder::new().stack_size(STACK).spawn(run) {
        // `run` catches every panic; one that escaped it exits as an escaping panic does.
        Ok(worker) => worker.join().unwrap_or(101),
        Err(_) => run(),
    }
}

/// What a panic ends in, known once the command line is read.
enum OnPanic {
    /// The agent's blocking answer during PreToolUse, silence otherwise (`gate::hook::panicked`).
    Hook { agent: String, event: String },
    /// An internal error: exit 1, or 2 under `--check` (`Kind::exit_code_for`), never Rust's 101;
    /// an error document on stdout under `--json`.
    Internal { reading: ExitConvention, json: bool },
}

/// The one panic policy: every panic of gitvow is caught here, and nowhere else.
fn run() -> i32 {
    // A bug must still read as a message for a person: no backtrace, no debug dump.
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        eprintln!("gitvow: internal error: {what}\n  hint: this is a bug in gitvow; please report it with the command you ran");
    }));
    let mut on_panic = OnPanic::Internal { reading: ExitConvention::Plain, json: false };
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| dispatch(&mut on_panic))) {
        Ok(code) => code,
        Err(_) => match on_panic {
            OnPanic::Hook { agent, event } => gitvow::gate::hook::panicked(&agent, &event),
            // The panic hook has told the person; a script reading `--json` is told too.
            OnPanic::Internal { reading, json } => {
                let err =
                    Error::of(Kind::Internal, "internal error").hint("this is a bug in gitvow; please report it with the command you ran");
                report(&err, true, json, reading)
            }
        },
    }
}

/// Parses the command line and runs the command: its exit code, its failure reported.
fn dispatch(on_panic: &mut OnPanic) -> i32 {
    let cli = match Cli::parse_args() {
        Ok(cli) => cli,
        Err(err) => return parse_failure(&err),
    };
    // `--check` answers a question for scripts: 0 current, 1 would change, and 2 when it could not
    // tell (any failure but a usage error), so that "would change" never hides a broken file.
    let checking =
        matches!(&cli.command, Command::Install(a) if a.scope.check) || matches!(&cli.command, Command::Uninstall(a) if a.scope.check);
    let reading = if checking { ExitConvention::Check } else { ExitConvention::Plain };
    *on_panic = match &cli.command {
        Command::Hook(args) => {
            // A bug must not print a backtrace into the agent's transcript: the blocking answer
            // says enough.
            std::panic::set_hook(Box::new(|_| {}));
            OnPanic::Hook { agent: args.agent.clone(), event: args.event.clone() }
        }
        _ => OnPanic::Internal { reading, json: cli.command.json() },
    };
    // A run that changes files finishes, and says what it did, even when its reader went away.
    if matches!(&cli.command, Command::Install(_) | Command::Uninstall(_) | Command::Trust(_) | Command::Approve(_)) {
        gitvow::output::finish_without_reader();
    }
    let result = match &cli.command {
        Command::Install(args) => commands::install::run(&args.into()),
        Command::Uninstall(args) => commands::uninstall::run(&args.into()),
        Command::Hook(args) => {
            // Under doctor's live probe, which gitvow this is (one stderr line; no verdict changes).
            gitvow::doctor::answerer::identify();
            Ok(gitvow::gate::hook::run(&args.agent, &args.event))
        }
        Command::Check(args) => commands::check::run(&args.into(), args.json, args.color()),
        Command::Ask(args) => commands::ask::run(&args.into()),
        Command::Doctor(args) => commands::doctor::run(&args.into()),
        Command::Trust(args) => commands::trust::run(&args.into()),
        Command::Policy(args) => commands::policy::run(&args.into()),
        Command::Approve(args) => commands::approve::run(&args.into()),
        Command::Help { command } => gitvow::cli::print_help(command.as_deref()),
        Command::Completions { shell } => commands::completions::run(*shell, Cli::command()),
        Command::Man { dir } => commands::man::run(dir.as_deref(), Cli::command()),
        Command::Log(args) => commands::log::run(&args.into()),
        Command::Run(args) => commands::run::run(&args.into()),
    };
    match result {
        Ok(code) => code,
        Err(err) => report(&err, false, cli.command.json(), reading),
    }
}

/// Tells a failure (unless `told` already) and returns its exit code.
fn report(err: &Error, told: bool, json: bool, reading: ExitConvention) -> i32 {
    if !told {
        eprintln!("{err}");
    }
    if json {
        gitvow::output::json(&err.as_json());
    }
    // What lies underneath the message (an OS error code), for whoever debugs gitvow.
    if std::env::var_os("GITVOW_DEBUG").is_some() {
        for cause in err.causes() {
            eprintln!("  cause: {cause}");
        }
    }
    err.kind.exit_code_for(reading)
}

/// A command line clap refused, told in gitvow's own form (`gitvow: …` and a `hint:`): help and
/// version are not failures, and neither is `gitvow` alone (its help, on stdout); a usage error
/// exits 64, except under `gitvow hook`, where an agent reads the exit code: there it is that
/// agent's blocking answer during PreToolUse.
fn parse_failure(err: &clap::Error) -> i32 {
    // Lossy: an argument that is not UTF-8 is named as well as it can be, never a panic.
    let args: Vec<String> = std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).collect();
    if matches!(err.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = err.print();
        return 0;
    }
    if args.is_empty() {
        return gitvow::cli::print_help(None).unwrap_or(1);
    }
    let rendered = err.to_string();
    let what = rendered.lines().next().unwrap_or("").trim_start_matches("error: ");
    if args.first().map(String::as_str) == Some("hook") {
        return gitvow::gate::hook::misused(&args[1..], what);
    }
    let err = usage_error(err, what, &args);
    eprintln!("{err}");
    // A script reading `--json` gets its usage errors as JSON too (the README's "JSON output").
    if args.iter().take_while(|a| *a != "--").any(|a| a == "--json") {
        gitvow::output::json(&err.as_json());
    }
    err.code()
}

/// clap's refusal as gitvow's error: its first line, and its tip (or the subcommand's help) as the
/// hint.
fn usage_error(err: &clap::Error, what: &str, args: &[String]) -> Error {
    let subcommand = args.iter().find(|a| !a.starts_with('-')).filter(|a| gitvow::cli::is_subcommand(a));
    let help = subcommand.map_or_else(|| "see `gitvow --help`".to_string(), |sub| format!("see `gitvow {sub} --help`"));
    let tip = err.to_string().lines().find_map(|l| l.trim().strip_prefix("tip: ").map(str::to_string));
    let hint = match (subcommand.map(String::as_str), err.kind()) {
        (Some("check"), ErrorKind::UnknownArgument) => "put the command after `--`: gitvow check -- git push --force".to_string(),
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
    // clap lists the missing arguments on the lines after its first: they are the message.
    let what = match err.kind() {
        ErrorKind::MissingRequiredArgument => match context_strings(err, ContextKind::InvalidArg) {
            missing if missing.len() == 1 => format!("missing argument {}", missing[0]),
            missing if !missing.is_empty() => format!("missing arguments {}", missing.join(", ")),
            _ => what.to_string(),
        },
        _ => what.to_string(),
    };
    Error::usage(what).hint(hint)
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
