//! gitvow: a policy gate in front of the tool calls of AI coding agents.
//!
//! Two flows share the agent table: the installer (`install`, `uninstall`, `doctor`) plans every file change,
//! previews it as a diff and applies it atomically; the runtime (`hook`, `check`, `ask`) normalises an
//! agent's payload, asks the policy and answers in the agent's form.

pub mod agents;
pub mod cli;
pub mod docs;
pub mod doctor;
pub mod edit;
pub mod error;
pub mod fsx;
pub mod install;
pub mod output;
pub mod paths;
pub mod person;
pub mod presence;
pub mod runtime;
pub mod spelling;
pub mod visible;
