//! The hook runtime: normalise the agent's payload, gate it with the policy, answer in the agent's
//! form. `hook`, `check` and `ask` share it.
//!
//! The installer needs two things from here: [`policy::DEFAULT_POLICY`] (the text to write to
//! `~/.gitvow/policy.json` or `<repo>/.gitvow/policy.json` when absent) and [`adapter::info`] (how an
//! external agent `gitvow-agent-<name>` wants its hooks installed).

pub mod adapter;
pub mod approvals;
mod approve;
mod ask;
mod check;
mod classifier;
pub mod command;
pub mod deadline;
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
pub(crate) mod regular_file;
pub mod respond;
pub mod rule_ref;
mod same_call;
pub mod seal;
mod show_log;
mod show_policy;
mod target;
pub mod trust;
pub mod verdict;

use crate::error::Result;
pub use approve::ApproveRequest;
pub use ask::AskRequest;
pub use check::CheckSubject;
pub use show_log::LogRequest;
pub use show_policy::PolicyRequest;

/// `gitvow hook`: the process exit code; everything else is already written.
pub fn run_hook(agent: &str, event: &str) -> i32 {
    hook::run(agent, event)
}

/// `gitvow hook` with arguments clap refused: the agent's blocking answer, as an exit code.
pub fn run_hook_misused(args: &[String], what: &str) -> i32 {
    hook::misused(args, what)
}

pub fn run_check(subject: &CheckSubject, json: bool, color: bool) -> Result<i32> {
    check::run(subject, json, color)
}

pub fn run_ask(request: &AskRequest) -> Result<i32> {
    ask::run(request)
}

pub fn run_trust(request: &trust::TrustRequest) -> Result<i32> {
    trust::run(request)
}

pub fn run_policy(request: &PolicyRequest) -> Result<i32> {
    show_policy::run(request)
}

pub fn run_approve(request: &ApproveRequest) -> Result<i32> {
    approve::run(request)
}

pub fn run_log(request: &LogRequest) -> Result<i32> {
    show_log::run(request)
}
