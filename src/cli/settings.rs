//! The command line's words made plain settings, once per subcommand and before any work (as
//! ripgrep does): the commands take these and never see clap's types.

use super::{ColorWhen, DoctorArgs, InstallArgs, ScopeArgs, UninstallArgs};
use crate::doctor::DoctorRequest;
use crate::install::settings::{InstallRequest, Mode, Place, Settings, UninstallRequest};
use std::io::IsTerminal;
use std::path::Path;

impl ColorWhen {
    /// Whether to colour standard output: the one place `--color`, `NO_COLOR` and the terminal
    /// decide it.
    fn decide(self) -> bool {
        match self {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal(),
        }
    }
}

/// `--user` or a repository path (clap lets only one of them through).
fn place(user: bool, repo: Option<&Path>) -> Place {
    if user { Place::User } else { Place::Repo(repo.map(Path::to_path_buf)) }
}

impl From<&ScopeArgs> for Settings {
    fn from(args: &ScopeArgs) -> Settings {
        // clap lets only one of `--check` and `--dry-run` through.
        let mode = match (args.check, args.dry_run) {
            (true, _) => Mode::Check,
            (_, true) => Mode::DryRun,
            _ => Mode::Apply,
        };
        Settings {
            place: place(args.user, args.repo.as_deref()),
            agents: args.agents.clone(),
            mode,
            yes: args.yes,
            json: args.json,
            verbose: args.verbose,
            pager: !args.no_pager,
            color: args.color.decide(),
        }
    }
}

impl From<&InstallArgs> for InstallRequest {
    fn from(args: &InstallArgs) -> InstallRequest {
        InstallRequest { settings: Settings::from(&args.scope), command: args.command.clone(), force: args.force }
    }
}

impl From<&UninstallArgs> for UninstallRequest {
    fn from(args: &UninstallArgs) -> UninstallRequest {
        UninstallRequest { settings: Settings::from(&args.scope), purge_policy: args.purge_policy, force: args.force }
    }
}

impl From<&DoctorArgs> for DoctorRequest {
    fn from(args: &DoctorArgs) -> DoctorRequest {
        DoctorRequest {
            place: place(args.user, args.repo.as_deref()),
            agents: args.agents.clone(),
            json: args.json,
            color: args.color.decide(),
        }
    }
}
