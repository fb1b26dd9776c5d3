//! The hook runtime: normalise the agent's payload, gate it with the policy, answer in the agent's
//! form. `hook`, `check` and `ask` share it.
//!
//! The installer needs two things from here: [`policy::DEFAULT_POLICY`] (the text to write to
//! `~/.gitvow/policy.json` or `<repo>/.gitvow/policy.json` when absent) and [`adapter::info`] (how an
//! external agent `gitvow-agent-<name>` wants its hooks installed).

pub mod adapter;
mod ask;
mod check;
mod classifier;
pub mod command;
pub mod gate;
mod hook;
mod location;
pub mod normalize;
pub mod patch;
pub mod policy;
pub(crate) mod process;
mod protect;
pub mod providers;
mod reach;
pub mod record;
pub mod respond;

use crate::cli::{AskArgs, CheckArgs, HookArgs};
use crate::error::Result;

/// `gitvow hook`: the process exit code; everything else is already written.
pub fn run_hook(args: &HookArgs) -> i32 {
    hook::run(args)
}

pub fn run_check(args: &CheckArgs) -> Result<i32> {
    check::run(args)
}

pub fn run_ask(args: &AskArgs) -> Result<i32> {
    ask::run(args)
}
