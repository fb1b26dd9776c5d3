//! The journeys of a new user and of a provider author, one module each: every line gitvow prints
//! for them is true, and every command it prints for a person to run works when pasted.

mod check_points;
mod completions_man;
mod errors;
mod every_printed_command;
mod exit_codes;
mod first_install;
mod json;
mod pasted;
mod providers;
mod repository_install;
mod uninstall;
