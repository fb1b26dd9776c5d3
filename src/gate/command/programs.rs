//! What programs do with their arguments: which run another command (wrappers, runners, remote and
//! container shells), which are shells and interpreters, which change files and which of their
//! arguments name those files.

mod dry_runs;
mod files;
mod kinds;
mod runners;
mod shell_text;
mod spawners;
mod subcommands;
mod table;
mod wrappers;

pub use dry_runs::dry_run;
pub use files::{effect_of, extraction, links_sources, writes_nothing};
pub use kinds::{Changer, DbClient, InlineLanguage, Interpreter, Operands, Role};
pub use runners::{package_program, python_module, runner, shell_after_dashes, tool_mode};
pub use shell_text::{CommandOption, command_option, is_tmux, multiplexer_command};
pub use spawners::{Spawned, Spawner, spawned};
pub use subcommands::{asks_for_help, computed_subcommand};
pub use table::{CLOUD_PROGRAMS, is_interpreter, program, role};
pub use wrappers::{skip_options, wrapped};

#[cfg(test)]
mod tests;
