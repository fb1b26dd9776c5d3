//! gitvow: a policy gate in front of the tool calls of AI coding agents.
//!
//! The rooms, lowest layer first (`scripts/use-cycles.py --folders` holds them to this order): the
//! small shared pieces (`digest`, `output`, `visible`, `spelling`, `proc_stat`), `paths`, `error`,
//! `safefs` (safe file-system operations), `agents` (the agent tables), `confine` (gitvow's box),
//! `person`, `edit` (format-preserving edits), `gate` (normalise an agent's payload, judge it with
//! the policy, answer in the agent's form: what `gitvow hook` runs), `install` (the plan
//! machinery), `doctor` (its checks), `commands` (one file per person-facing subcommand), and `cli`
//! (the command line, made plain requests for the commands).

pub mod agents;
pub mod cli;
pub mod commands;
pub(crate) mod confine;
pub mod digest;
pub(crate) mod doctor;
pub mod edit;
pub mod error;
pub mod gate;
pub mod install;
pub mod output;
pub mod paths;
pub(crate) mod person;
mod proc_stat;
pub mod safefs;
pub mod spelling;
pub mod visible;
