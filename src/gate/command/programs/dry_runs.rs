//! The program table's dry-run facts: the option that makes a subcommand only say what it would
//! do, for the programs and subcommands whose manuals say they honour it. A dry-run word anywhere
//! else (after `--`, where it is an operand; for a subcommand without one; after a word the shell
//! computes) is no dry run.

use super::table::program;

/// A program's dry-run option, for some of its subcommands.
struct DryRun {
    names: &'static [&'static str],
    /// The subcommands that honour it (the first operand); empty: every command line of it.
    subcommands: &'static [&'static str],
    /// The options, as whole words (`--dry-run`, `--dry-run=client`).
    options: &'static [&'static str],
    /// A one-letter form (`-n`) and the letters that take no value, which may come before it in
    /// a bundle (`rsync -avn`); a letter that takes a value ends the bundle.
    letter: Option<(char, &'static str)>,
    /// Options with which the dry run still starts a program the call names (`rsync -e CMD` still
    /// connects through CMD; `git -c core.sshCommand=…`): with one of them it is no dry run.
    still_runs: &'static [&'static str],
}

/// git, helm, kubectl, pulumi, rsync, the package managers and release tools, each as its manual says.
const DRY_RUNS: &[DryRun] = &[
    // git-push(1): `-n`, `--dry-run` "Do everything except actually send the updates" (it still
    // connects to the remote, through a program the configuration may name).
    DryRun {
        names: &["git"],
        subcommands: &["push", "send-pack"],
        options: &["--dry-run"],
        letter: Some(('n', "fuqvd46")),
        still_runs: &["-c", "--config-env", "--exec-path", "--receive-pack", "--exec"],
    },
    // kubectl: `--dry-run=client|server` on every mutating command (`none` is no dry run; the
    // bare flag is the deprecated spelling of `client`).
    DryRun {
        names: &["kubectl", "oc"],
        subcommands: &[],
        options: &["--dry-run", "--dry-run=client", "--dry-run=server"],
        letter: None,
        still_runs: &[],
    },
    // helm: "simulate" an install, upgrade, rollback or uninstall.
    DryRun {
        names: &["helm"],
        subcommands: &["install", "upgrade", "uninstall", "delete", "del", "un", "rollback"],
        options: &["--dry-run", "--dry-run=client", "--dry-run=server"],
        letter: None,
        still_runs: &["--post-renderer"],
    },
    // pulumi: "Only show a preview of the destroy (refresh, import), but don't perform it"; on a
    // command without the flag it is refused before anything runs.
    DryRun {
        names: &["pulumi"],
        subcommands: &["destroy", "down", "refresh", "import", "up", "update"],
        options: &["--preview-only"],
        letter: None,
        still_runs: &[],
    },
    // rsync(1): `-n`, `--dry-run` "perform a trial run with no changes made".
    DryRun {
        names: &["rsync"],
        subcommands: &[],
        options: &["--dry-run"],
        letter: Some(('n', "vqcaArRbuLlkKHpEXAogDtOJUNSxCzmiIhP0468")),
        still_runs: &["-e", "--rsh", "--rsync-path"],
    },
    // Publishing without uploading.
    DryRun {
        names: &["npm", "pnpm", "bun", "poetry", "uv"],
        subcommands: &["publish", "unpublish"],
        options: &["--dry-run"],
        letter: None,
        still_runs: &[],
    },
    // cargo-publish(1): `-n`, `--dry-run` "Perform all checks without uploading"; `-v` and `-q`
    // take no value, `-p`, `-j`, `-F`, `-Z` do.
    DryRun { names: &["cargo"], subcommands: &["publish"], options: &["--dry-run"], letter: Some(('n', "vq")), still_runs: &[] },
    // semantic-release: `-d`, `--dry-run` "Skip publishing" (it still reads what would be released).
    DryRun { names: &["semantic-release"], subcommands: &[], options: &["--dry-run", "-d"], letter: None, still_runs: &[] },
    // goreleaser release: `--snapshot` builds a snapshot and "implies --skip=announce,publish,validate".
    DryRun { names: &["goreleaser"], subcommands: &["release"], options: &["--snapshot", "--skip-publish"], letter: None, still_runs: &[] },
];

/// Whether `name args…` is a dry run of a subcommand that honours it: the command only prints
/// what it would do.
pub fn dry_run(name: &str, args: &[String]) -> bool {
    let Some(row) = DRY_RUNS.iter().find(|r| r.names.contains(&name)) else { return false };
    let end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let args = &args[..end];
    if args.iter().any(|a| a.contains(['$', '`', '\'', '"'])) {
        return false;
    }
    let still_runs = |a: &str| {
        row.still_runs.iter().any(|o| {
            a == *o
                || a.starts_with(&format!("{o}="))
                || (o.len() == 2 && !o.starts_with("--") && a.starts_with('-') && !a.starts_with("--") && a[1..].contains(&o[1..]))
        })
    };
    if args.iter().any(|a| still_runs(a)) {
        return false;
    }
    // The subcommand: the first operand, past the options that take a value before it.
    let values = program(name).and_then(|p| p.subcommand_values).unwrap_or(&[]);
    let mut from = 0;
    if !row.subcommands.is_empty() {
        let mut i = 0;
        while i < args.len() && args[i].starts_with('-') {
            i += if values.contains(&args[i].as_str()) { 2 } else { 1 };
        }
        if !args.get(i).is_some_and(|s| row.subcommands.contains(&s.as_str())) {
            return false;
        }
        from = i + 1;
    }
    args[from.min(args.len())..].iter().any(|a| {
        row.options.contains(&a.as_str())
            || row.letter.is_some_and(|(letter, plain)| {
                a.strip_prefix('-')
                    .filter(|l| !l.starts_with('-') && !l.is_empty())
                    .is_some_and(|letters| letters.chars().take_while(|c| *c == letter || plain.contains(*c)).any(|c| c == letter))
            })
    })
}
