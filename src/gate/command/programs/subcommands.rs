//! A program's subcommand word: computed by the shell, or asking for the manual.

use super::kinds::Role;
use super::runners::runner;
use super::table::{program, role};
use super::wrappers::wrapped;

/// Whether the subcommand word of `name` (its first operand) is computed by the shell.
pub fn computed_subcommand(name: &str, words: &[crate::gate::command::syntax::Word]) -> bool {
    let Some(values) = program(name).and_then(|p| p.subcommand_values) else { return false };
    let mut i = 0;
    while i < words.len() {
        let text = words[i].text();
        if text == "--" {
            return false;
        }
        if !text.starts_with('-') {
            return words[i].literal().is_none();
        }
        i += if values.contains(&text.as_str()) { 2 } else { 1 };
    }
    false
}

/// Command lines that take `-help` for their manual (Go's flag package), where it is no bundle
/// of one-letter options.
const GO_STYLE_HELP: &[&str] = &["terraform", "tofu", "terragrunt", "packer", "vault", "consul", "nomad", "waypoint", "boundary"];

/// `prog sub --help`: a program that prints its manual for `--help` among its first words (before
/// `--`, with no shell, interpreter or runner among the words before it, which would run the rest
/// as a command) and does nothing else.
pub fn asks_for_help(name: &str, args: &[String]) -> bool {
    const REACH: usize = 4;
    // `--help`, Go-style command lines' `-help` (`terraform destroy -help`), and the AWS CLI's
    // `help` as its last word (`aws s3 rm help`). A command line with subcommands also takes `-h`
    // as the last word after its subcommand's words (`git push -h`, `kubectl delete pod -h`: no
    // option before it, where `-h` could be another option's value) and `help` as its subcommand
    // (`kubectl help delete`, `git help push`).
    let subcommands = program(name).is_some_and(|p| p.subcommand_values.is_some()) && name != "aws";
    let help = |k: usize, a: &String| {
        a == "--help"
            || (a == "-help" && GO_STYLE_HELP.contains(&name))
            || (a == "help" && name == "aws" && k + 1 == args.len())
            || (a == "help" && subcommands && k == 0)
            || (a == "-h" && subcommands && k > 0 && k + 1 == args.len() && !args[..k].iter().any(|w| w.starts_with('-')))
    };
    let Some(at) = args.iter().take(REACH + 1).enumerate().position(|(k, a)| help(k, a)) else { return false };
    if !matches!(role(name), Role::Plain | Role::Git | Role::Cargo | Role::MakeDir | Role::Dd | Role::InPlace)
        || runner(name, args).is_some()
        || wrapped(name, args).is_some()
    {
        return false;
    }
    args[..at].iter().all(|a| {
        let word = a.rsplit('/').next().unwrap_or(a);
        a != "--"
            && !a.starts_with(['\'', '"', '$', '`'])
            && !matches!(role(word), Role::Shell | Role::CommandString | Role::Eval | Role::Interpreter(_))
            && runner(word, &[]).is_none()
    })
}
