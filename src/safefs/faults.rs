//! Fault injection for the crash tests, honoured only in debug builds (what `cargo test` builds);
//! a release build ignores these variables.
//!
//! - `GITVOW_TEST_KILL_AT_STEP=N`: gitvow sends itself SIGKILL just before its N-th file-system
//!   change (creating, writing, flushing, linking, renaming or removing a file or directory).
//!   The tests raise N one by one until a run completes, so that a kill lands at every step.
//! - `GITVOW_TEST_FAIL_RECORD_WRITE=N`: the N-th write of the install record in this run fails
//!   (1: the record written before the files, 2: the one written after them).
//! - `GITVOW_TEST_NO_LEASE=1`: never take a read lease, as on a file system without leases.

#[cfg(test)]
type Hook = Box<dyn FnMut(&str)>;

#[cfg(test)]
thread_local! {
    /// What a unit test does at each step of this thread: another program's move at the worst
    /// moment, placed exactly rather than hoped for.
    pub(super) static AT_STEP: std::cell::RefCell<Option<Hook>> = const { std::cell::RefCell::new(None) };
}

/// Called before each file-system change. `what` names it, for `GITVOW_TEST_TRACE_STEPS=1`.
pub(crate) fn step(what: &str) {
    #[cfg(test)]
    AT_STEP.with_borrow_mut(|hook| hook.as_mut().map(|h| h(what)));
    #[cfg(debug_assertions)]
    {
        use std::sync::OnceLock;
        use std::sync::atomic::{AtomicU64, Ordering};
        static KILL_AT: OnceLock<Option<u64>> = OnceLock::new();
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let n = COUNT.fetch_add(1, Ordering::SeqCst) + 1;
        if std::env::var_os("GITVOW_TEST_TRACE_STEPS").is_some() {
            crate::say!("gitvow: step {n}: {what}");
        }
        let kill_at = KILL_AT.get_or_init(|| std::env::var("GITVOW_TEST_KILL_AT_STEP").ok().and_then(|v| v.parse().ok()));
        if *kill_at == Some(n) {
            // SAFETY: signalling this very process.
            unsafe { libc::kill(libc::getpid(), libc::SIGKILL) };
        }
    }
    #[cfg(not(debug_assertions))]
    let _ = what;
}

pub(super) fn leases_disabled() -> bool {
    cfg!(debug_assertions) && std::env::var_os("GITVOW_TEST_NO_LEASE").is_some()
}

/// Whether this write of the install record is to fail (`GITVOW_TEST_FAIL_RECORD_WRITE`).
pub(crate) fn fail_record_write() -> bool {
    #[cfg(debug_assertions)]
    {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let n = COUNT.fetch_add(1, Ordering::SeqCst) + 1;
        std::env::var("GITVOW_TEST_FAIL_RECORD_WRITE").ok().and_then(|v| v.parse::<u64>().ok()) == Some(n)
    }
    #[cfg(not(debug_assertions))]
    false
}
