//! The gate on a corpus of commands and on its worst inputs.

mod assigned_and_sent;
mod carried_forms;
mod command_text;
mod command_values;
mod corpus;
mod database_clients;
mod extra_classes;
mod found_lists;
mod git_states;
mod hook_reach;
mod known_values;
mod links;
mod look_alikes;
mod not_yet_made;
mod other_spellings;
mod other_writers;
mod own_files;
mod programs_from_data;
mod readers;
mod run_later;
mod unknown_writers;
mod unnamed_reach;
mod worst_case;
