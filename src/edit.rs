//! Format-preserving edits of configuration files.

pub mod jsonc;
pub mod plugin;
pub mod script;
pub mod text;
pub mod toml;
mod tree;
pub mod yaml;
