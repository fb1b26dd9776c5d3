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

/// Called once the hook has its own answer, before writing it: from here on the deadline cannot
/// add a second one.
pub fn disarm() {
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
    let Some((code, stdout, stderr)) = LATE.get() else { return };
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
