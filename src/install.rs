//! The install plan machinery that `gitvow install`, `gitvow uninstall` and `gitvow doctor` share:
//! which scope and agents a run takes, the plan of every file change, its preview and its record.

pub mod adapter_agent;
pub mod command_line;
pub mod entries;
mod entry_count;
pub mod fail_closed;
pub mod inspect;
pub mod managed_toml;
pub mod notices;
pub mod plan;
pub mod preview;
pub mod record;
pub(crate) mod record_store;
pub mod sandbox;
pub mod second_file;
mod select;
pub mod settings;
pub mod summary;
pub mod switches;
pub mod system;
pub mod yaml_hooks;

pub use select::{NoneNamed, resolve_scope, select_agents};
