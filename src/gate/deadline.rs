//! gitvow's own deadline for one hook call. Whatever the hook waits on (a lock, a FIFO where its log
//! should be, a slow disk, a provider), it answers before the agent's timeout: an agent that kills a
//! hook at its timeout lets the call through, so the hook must not be the one that is late. Every
//! entry gitvow writes gives the agent's timeout (30 s) room above [`DEADLINE`].
//!
//! The answer is made before the work starts and written by a `SIGALRM` handler (two `write`s and
//! `_exit`, which are async-signal-safe), so that a hook stuck in a system call still answers; arming
//! costs three system calls, not a thread.

use super::respond::Answer;
use std::sync::OnceLock;
use std::time::Duration;

/// When the hook gives up and answers: after the gate's own budget for providers and the
/// classifier (`gate::CALL_BUDGET`, 24 s), before the 30 s timeout of every entry gitvow writes.
pub const DEADLINE: Duration = Duration::from_secs(26);

/// Lowers the deadline (never raises it), in milliseconds: for tests, which cannot wait 26 s.
const DEADLINE_VAR: &str = "GITVOW_HOOK_DEADLINE_MS";

/// The deadline of this process: [`DEADLINE`], or less where the environment says so.
pub fn deadline() -> Duration {
    std::env::var(DEADLINE_VAR).ok().and_then(|v| v.parse::<u64>().ok()).map(Duration::from_millis).map_or(DEADLINE, |d| d.min(DEADLINE))
}

/// The answer written at the deadline: exit code and the bytes for stdout and stderr.
static LATE: OnceLock<(i32, Vec<u8>, Vec<u8>)> = OnceLock::new();

/// Arms the deadline: when it passes before [`disarm`], `late` is written and the process ends with
/// its code. Also makes a signal that would end the hook before it answers harmless: a file-size
/// limit (`SIGXFSZ`) then fails a write, which the hook log already survives. (A closed pipe,
/// `SIGPIPE`, is ignored by Rust's runtime before `main`.)
pub fn arm(late: Answer, after: Duration) {
    if LATE.set((late.code, late.stdout.into_bytes(), late.stderr.into_bytes())).is_err() {
        return;
    }
    let handler: extern "C" fn(libc::c_int) = on_alarm;
    // SAFETY: installs a handler that only reads a value set before it, calls `write` and `_exit`.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        libc::signal(libc::SIGALRM, handler as libc::sighandler_t);
        libc::setitimer(libc::ITIMER_REAL, &timer(after), std::ptr::null_mut());
    }
}

/// The answer written when the hook dies of a signal before it answers.
static CRASHED: OnceLock<(i32, Vec<u8>, Vec<u8>)> = OnceLock::new();
/// The hook has written its own answer: a signal after it ends the process as it would have.
static ANSWERED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
/// The signals a process dies of when its stack or its memory runs out (`SIGSEGV` past a small
/// stack, `SIGABRT` when an allocation fails), or when a bug crashes it.
const CRASHES: [libc::c_int; 5] = [libc::SIGSEGV, libc::SIGBUS, libc::SIGABRT, libc::SIGILL, libc::SIGFPE];
/// The stack the crash handler runs on: the thread's own may be what ran out. A zeroed static, so
/// in the executable's uninitialised data: its pages cost nothing until a handler runs on them (a
/// zeroed allocation would touch all eight on every call).
struct AlternateStack(std::cell::UnsafeCell<[u8; ALTERNATE_STACK_LEN]>);
const ALTERNATE_STACK_LEN: usize = 32 << 10;
// SAFETY: only the kernel writes it, while a crash handler runs on it; Rust code never reads it.
unsafe impl Sync for AlternateStack {}
static ALTERNATE_STACK: AlternateStack = AlternateStack(std::cell::UnsafeCell::new([0; ALTERNATE_STACK_LEN]));

/// Arms the answer written when the hook dies of a signal before answering: an agent sets the
/// limits its children inherit (`RLIMIT_STACK`, `RLIMIT_AS`, `RLIMIT_DATA`, on itself with
/// `prlimit`), and a hook killed by one of them gives no answer, which some agents take as "go
/// ahead". The handler writes `crashed` (two `write`s and `_exit`, async-signal-safe) on a stack of
/// its own for this thread; it costs a few system calls.
pub fn arm_crash(crashed: Answer) {
    if CRASHED.set((crashed.code, crashed.stdout.into_bytes(), crashed.stderr.into_bytes())).is_err() {
        return;
    }
    let handler: extern "C" fn(libc::c_int) = on_crash;
    // SAFETY: the alternate stack lives as long as the process (`arm_crash` runs once: `CRASHED` is
    // set once); the handler only reads values set before it, and calls `write`, `signal`, `raise`
    // and `_exit`.
    unsafe {
        let alternate = libc::stack_t { ss_sp: ALTERNATE_STACK.0.get().cast(), ss_flags: 0, ss_size: ALTERNATE_STACK_LEN };
        libc::sigaltstack(&alternate, std::ptr::null_mut());
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = handler as libc::sighandler_t;
        action.sa_flags = libc::SA_ONSTACK;
        for signal in CRASHES {
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

extern "C" fn on_crash(signal: libc::c_int) {
    match CRASHED.get() {
        Some(answer) if !ANSWERED.load(std::sync::atomic::Ordering::SeqCst) => write_and_exit(answer),
        // SAFETY: restores the signal's default action and raises it again: the process ends as
        // it would have without the handler.
        _ => unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        },
    }
}

/// Called once the hook has its own answer, before writing it: from here on the deadline cannot
/// add a second one.
pub fn disarm() {
    ANSWERED.store(true, std::sync::atomic::Ordering::SeqCst);
    if LATE.get().is_some() {
        // SAFETY: setting a timer to zero stops it.
        unsafe { libc::setitimer(libc::ITIMER_REAL, &timer(Duration::ZERO), std::ptr::null_mut()) };
    }
}

fn timer(after: Duration) -> libc::itimerval {
    let value = libc::timeval { tv_sec: after.as_secs() as libc::time_t, tv_usec: after.subsec_micros() as libc::suseconds_t };
    libc::itimerval { it_interval: libc::timeval { tv_sec: 0, tv_usec: 0 }, it_value: value }
}

extern "C" fn on_alarm(_: libc::c_int) {
    if let Some(answer) = LATE.get() {
        write_and_exit(answer);
    }
}

/// Writes an answer made before and ends the process with its code (async-signal-safe).
fn write_and_exit((code, stdout, stderr): &(i32, Vec<u8>, Vec<u8>)) {
    for (fd, bytes) in [(1, stdout), (2, stderr)] {
        let mut rest: &[u8] = bytes;
        while !rest.is_empty() {
            // SAFETY: writes from a buffer that lives as long as the process.
            let n = unsafe { libc::write(fd, rest.as_ptr().cast(), rest.len()) };
            if n <= 0 {
                break;
            }
            rest = &rest[n as usize..];
        }
    }
    // SAFETY: ends the process without running anything of the stuck thread's.
    unsafe { libc::_exit(*code) }
}
