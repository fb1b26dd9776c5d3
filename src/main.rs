use clap::Parser;
use gitvow::cli::{Cli, Command};

fn main() {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Install(args) => gitvow::install::run_install(args),
        Command::Uninstall(args) => gitvow::install::run_uninstall(args),
        Command::Hook(args) => Ok(gitvow::runtime::run_hook(args)),
        Command::Check(args) => gitvow::runtime::run_check(args),
        Command::Ask(args) => gitvow::runtime::run_ask(args),
    };
    let code = match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("{err}");
            err.code
        }
    };
    std::process::exit(code);
}
