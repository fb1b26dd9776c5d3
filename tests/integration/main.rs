//! The integration tests, one binary with one module per area: the built binary run as a subprocess
//! against temporary homes and repositories (never the real home directory), and the library on
//! generated input. `support` holds what they share.

// Tests say why they skip on standard error; only gitvow itself goes through `say!`.
#![allow(clippy::print_stderr)]

mod support;

mod agent_table;
mod approvals;
mod confine;
mod docs;
mod doctor;
mod doctor_probe;
mod doctor_versions;
mod format_preservation;
mod gate;
mod gate_files;
mod hook;
mod install;
mod journeys;
mod managed;
mod policy;
mod props;
