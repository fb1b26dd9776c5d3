//! The gate: normalise the agent's payload, judge it with the policy, answer in the agent's form.
//! `gitvow hook` ([`hook`]) is its entry point; the `check`, `ask`, `trust`, `approve`, `policy`
//! and `log` commands read it. It imports nothing of the installer, the edit layer, doctor, the
//! commands or the command line (`scripts/use-cycles.py --folders` checks it).
//!
//! The installer needs two things from here: [`policy::DEFAULT_POLICY`] (the text to write to
//! `~/.gitvow/policy.json` or `<repo>/.gitvow/policy.json` when absent) and [`adapter::info`] (how an
//! external agent `gitvow-agent-<name>` wants its hooks installed).

pub mod adapter;
pub mod approvals;
pub mod box_questions;
mod boxed;
mod classifier;
pub mod command;
pub mod deadline;
mod hard_links;
pub mod hook;
pub mod judge;
pub mod location;
pub mod normalize;
pub mod patch;
mod pattern;
mod place;
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
pub(crate) mod target;
pub mod verdict;
