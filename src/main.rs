// On Linux with glibc, gitvow starts from its own C `main` (see `entry`): Rust's start-up would
// otherwise read `/proc/self/maps` to place a stack-overflow guard, about a tenth of what a hook
// call (a fresh process before every tool call of an agent) costs. glibc hands the arguments to
// the standard library before `main`, so `std::env::args` works as ever. (Not in the test build,
// whose `main` is the test harness's.)
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

use clap::CommandFactory;
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

/// Smaller stacks tried in turn when a limit on memory (`RLIMIT_AS`) leaves no room for
/// [`STACK`]: gitvow's deepest work fits in the last.
const SMALLER_STACKS: [usize; 2] = [8 << 20, 1 << 20];

/// [`run`] on the main thread when its stack may grow to the first of [`SMALLER_STACKS`], else on a
/// thread with a stack of [`STACK`] bytes (the main thread's is sized by the limit), or of a smaller
/// one; on the main thread when no thread can be made. The soft limits on the stack and on memory
/// are first raised as far as their hard limits let anyone (a hook that dies of them answers only
/// through `gate::deadline`'s crash handler).
fn on_own_stack() -> i32 {
    raise_soft_limits();
    // `gitvow run` makes a new user namespace, which the kernel refuses to a process with threads;
    // it only parses its command line and sets up the box before it becomes the command.
    if std::env::args_os().nth(1).is_some_and(|a| a == "run") || main_stack_grows_to(SMALLER_STACKS[0]) {
        return run();
    }
    for size in std::iter::once(STACK).chain(SMALLER_STACKS) {
        // `run` catches every panic; one that escaped it exits as an escaping panic does.
        if let Ok(worker) = std::thread::Builder::new().stack_size(size).spawn(run) {
            return worker.join().unwrap_or(101);
        }
    }
    run()
}

/// Raises the soft limits on the address space and the data segment to their hard limits, and the
/// stack's to the usual 8 MiB, as far as its hard limit lets (what any process may do): the ones
/// the agent lowered for its children are not gitvow's. (Not the stack's beyond: programs gitvow
/// starts would inherit it.)
#[cfg(unix)]
fn raise_soft_limits() {
    const USUAL_STACK: libc::rlim_t = 8 << 20;
    for (resource, most) in
        [(libc::RLIMIT_STACK, USUAL_STACK), (libc::RLIMIT_AS, libc::RLIM_INFINITY), (libc::RLIMIT_DATA, libc::RLIM_INFINITY)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: reads and sets this process's own limit through a valid pointer.
        unsafe {
            if libc::getrlimit(resource, &mut limit) == 0 && limit.rlim_cur < limit.rlim_max.min(most) {
                limit.rlim_cur = limit.rlim_max.min(most);
                libc::setrlimit(resource, &limit);
            }
        }
    }
}

#[cfg(not(unix))]
fn raise_soft_limits() {}

/// Whether the main thread's stack may grow to `size` bytes: a thread of its own costs a hook call
/// about a tenth of a millisecond (its stack mapped, started, joined), and Linux grows the main
/// thread's stack on demand up to the soft limit, which [`raise_soft_limits`] made the usual 8 MiB
/// wherever the hard limit lets it. Elsewhere (macOS sizes the main stack once, at `exec`) no.
#[cfg(target_os = "linux")]
fn main_stack_grows_to(size: usize) -> bool {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: `getrlimit` writes the limits into the struct it is given.
    let read = unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut limit) } == 0;
    read && (limit.rlim_cur == libc::RLIM_INFINITY || limit.rlim_cur >= size as libc::rlim_t)
}

#[cfg(not(target_os = "linux"))]
fn main_stack_grows_to(_size: usize) -> bool {
    false
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
        gitvow::say!("gitvow: internal error: {what}\n  hint: this is a bug in gitvow; please report it with the command you ran");
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
        Err(err) => return gitvow::cli::parse_failure(&err),
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
        Command::Hook(args) => Ok(gitvow::gate::hook::run(&args.agent, &args.event)),
        Command::Check(args) => commands::check::run(&args.into(), args.json(), args.color()),
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
        gitvow::say!("{err}");
    }
    if json {
        gitvow::output::json(&err.as_json());
    }
    // What lies underneath the message (an OS error code), for whoever debugs gitvow.
    if std::env::var_os("GITVOW_DEBUG").is_some() {
        for cause in err.causes() {
            gitvow::say!("  cause: {cause}");
        }
    }
    err.kind.exit_code_for(reading)
}
