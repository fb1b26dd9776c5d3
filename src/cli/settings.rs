//! The command line's words made plain settings, once per subcommand and before any work (as
//! ripgrep does): the commands take these and never see clap's types.

use super::{
    ApproveArgs, AskArgs, CheckArgs, ColorWhen, DoctorArgs, InstallArgs, LogArgs, PlaceArgs, PolicyAction, PolicyArgs, RunArgs, ScopeArgs,
    TrustArgs, UninstallArgs,
};
use crate::commands::approve::ApproveRequest;
use crate::commands::ask::AskRequest;
use crate::commands::check::CheckSubject;
use crate::commands::doctor::DoctorRequest;
use crate::commands::log::LogRequest;
use crate::commands::policy::PolicyRequest;
use crate::commands::trust::TrustRequest;
use crate::install::settings::{InstallRequest, Mode, RequestedScope, Settings, UninstallRequest};
use std::io::IsTerminal;

impl ColorWhen {
    /// Whether to colour standard output: the one place `--color`, `NO_COLOR`, `CLICOLOR_FORCE`,
    /// `TERM` and the terminal decide it. `NO_COLOR` wins over `CLICOLOR_FORCE`: asking for no
    /// colour is the safer of two contradicting wishes.
    fn decide(self) -> bool {
        // NO_COLOR counts when it is not empty, CLICOLOR_FORCE when it is not empty and not 0.
        let value = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        match self {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto if value("NO_COLOR").is_some() => false,
            ColorWhen::Auto if value("CLICOLOR_FORCE").is_some_and(|v| v != "0") => true,
            ColorWhen::Auto => std::env::var_os("TERM").is_none_or(|t| t != "dumb") && std::io::stdout().is_terminal(),
        }
    }
}

impl PlaceArgs {
    /// `--user`, `--system` or a repository path (clap lets only one of them through).
    fn requested(&self) -> RequestedScope {
        match (self.user, self.system) {
            (true, _) => RequestedScope::User,
            (_, true) => RequestedScope::System,
            _ => RequestedScope::Repo(self.repo.clone()),
        }
    }
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
            place: args.place.requested(),
            agents: args.place.agents.clone(),
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
        InstallRequest {
            settings: Settings::from(&args.scope),
            command: args.command.clone(),
            force: args.force,
            managed_only: args.managed_only,
            sandbox: args.sandbox,
        }
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
            place: args.place.requested(),
            agents: args.place.agents.clone(),
            json: args.output.json,
            color: args.output.color.decide(),
        }
    }
}

impl From<&CheckArgs> for CheckSubject {
    fn from(args: &CheckArgs) -> CheckSubject {
        match (&args.path, &args.mcp) {
            (Some(path), _) => CheckSubject::Path(path.clone()),
            (_, Some(tool)) => CheckSubject::Mcp(tool.clone()),
            // One argument is a whole command line (`check -- 'a && b'`); several are its words.
            _ if args.command.len() == 1 => CheckSubject::Command(args.command[0].clone()),
            _ => CheckSubject::Command(shell_words::join(&args.command)),
        }
    }
}

impl CheckArgs {
    /// Whether to print the verdict as JSON.
    pub fn json(&self) -> bool {
        self.output.json
    }

    /// Whether to colour the verdict.
    pub fn color(&self) -> bool {
        self.output.color.decide()
    }
}

impl From<&AskArgs> for AskRequest {
    fn from(args: &AskArgs) -> AskRequest {
        AskRequest { question: args.question.clone(), subject: args.subject.clone(), path: args.path.clone(), json: args.json }
    }
}

impl From<&TrustArgs> for TrustRequest {
    fn from(args: &TrustArgs) -> TrustRequest {
        match (args.list, args.revoke) {
            (true, _) => TrustRequest::List,
            (_, true) => TrustRequest::Revoke(args.repo.clone()),
            _ => TrustRequest::Trust(args.repo.clone()),
        }
    }
}

impl From<&PolicyArgs> for PolicyRequest {
    fn from(args: &PolicyArgs) -> PolicyRequest {
        match &args.action {
            Some(PolicyAction::Check { file, json }) => PolicyRequest::Check { file: file.clone(), json: *json },
            None => PolicyRequest::Show { dir: args.dir.clone(), json: args.output.json, color: args.output.color.decide() },
        }
    }
}

impl From<&ApproveArgs> for ApproveRequest {
    fn from(args: &ApproveArgs) -> ApproveRequest {
        ApproveRequest { code: args.code.clone(), session: args.session, deny: args.deny }
    }
}

impl From<&LogArgs> for LogRequest {
    fn from(args: &LogArgs) -> LogRequest {
        LogRequest {
            repo: args.repo.clone(),
            user: args.user,
            since: args.since.clone(),
            verdict: args.verdict.clone(),
            agent: args.agent.clone(),
            probes: args.probes,
            limit: args.limit,
            json: args.output.json,
            color: args.output.color.decide(),
        }
    }
}

impl From<&RunArgs> for crate::commands::run::RunRequest {
    fn from(args: &RunArgs) -> Self {
        crate::commands::run::RunRequest { agent: args.agent.clone(), unboxed: args.unboxed, command: args.command.clone() }
    }
}
