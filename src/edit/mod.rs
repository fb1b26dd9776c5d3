//! Format-preserving edits of configuration files.

pub mod toml;
pub mod plugin;
