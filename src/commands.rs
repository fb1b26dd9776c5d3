//! One file per person-facing subcommand. Each takes its request as plain values (made from the
//! command line once, in `cli::settings`) and returns the exit code, or the error `main` reports.
//! `gitvow hook` is the gate's own entry point (`gate::hook`): an agent runs it, not a person.

pub mod approve;
pub mod ask;
pub mod check;
pub mod completions;
pub mod doctor;
pub mod install;
pub mod log;
pub mod man;
pub mod policy;
/// The operating system's authentication `approve` and `trust` may require (the person's policy says).
mod presence;
pub mod run;
pub mod trust;
pub mod uninstall;
