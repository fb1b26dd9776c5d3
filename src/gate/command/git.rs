//! git's own syntax, so that rules see what git will do: global options taken off (`-C dir` is a
//! working directory, `-c key=value` stays with its key lower-cased), the subcommand's long options
//! written out in full (`--force-with-lea` → `--force-with-lease`), short flags unclustered and
//! named (`clean -fdx` → `clean --force -d -x`), and `git config` written with its action first
//! (`git config core.hooksPath x` → `git config set core.hookspath x`).

mod index;
mod made;
mod places;
mod refs;

pub use places::{COMMAND_VARIABLES, PLACE_VARIABLES, config_of_variable, made_directory, output_files};
pub use refs::ref_may_exist;

use super::options::{Dashes, OptionWords};

/// A git command line in canonical form.
#[derive(Debug, Default)]
pub struct Git {
    /// `git [-c key=value]… <subcommand> <canonical arguments>`.
    pub text: String,
    /// `-C` directories, in order (each relative to the one before).
    pub chdir: Vec<String>,
    pub subcommand: Option<String>,
    /// The subcommand's arguments in canonical form.
    pub args: Vec<String>,
    /// `git [-c key=value]…`, the text before the subcommand.
    head: String,
    /// Whether a global option names another git directory, work tree or ref namespace
    /// (`--git-dir`, `--work-tree`, `--namespace`): then what is on disk where git runs is not
    /// what it acts on.
    pub elsewhere: bool,
}

/// A subcommand's option: long name, short letter, whether it takes a value.
type Opt = (&'static str, Option<char>, bool);

const PUSH: &[Opt] = &[
    ("force", Some('f'), false),
    ("force-with-lease", None, false),
    ("force-if-includes", None, false),
    ("mirror", None, false),
    ("delete", Some('d'), false),
    ("prune", None, false),
    ("all", None, false),
    ("branches", None, false),
    ("tags", None, false),
    ("follow-tags", None, false),
    ("atomic", None, false),
    ("dry-run", Some('n'), false),
    ("set-upstream", Some('u'), false),
    ("verbose", Some('v'), false),
    ("quiet", Some('q'), false),
    ("porcelain", None, false),
    ("progress", None, false),
    ("no-verify", None, false),
    ("verify", None, false),
    ("signed", None, false),
    ("thin", None, false),
    ("repo", None, true),
    ("receive-pack", None, true),
    ("exec", None, true),
    ("push-option", Some('o'), true),
    ("recurse-submodules", None, true),
    ("ipv4", Some('4'), false),
    ("ipv6", Some('6'), false),
];

const RESET: &[Opt] = &[
    ("hard", None, false),
    ("soft", None, false),
    ("mixed", None, false),
    ("merge", None, false),
    ("keep", None, false),
    ("quiet", Some('q'), false),
    ("patch", Some('p'), false),
    ("recurse-submodules", None, false),
    ("pathspec-from-file", None, true),
    ("intent-to-add", Some('N'), false),
];

const CLEAN: &[Opt] = &[
    ("force", Some('f'), false),
    ("dry-run", Some('n'), false),
    ("quiet", Some('q'), false),
    ("interactive", Some('i'), false),
    ("exclude", Some('e'), true),
];

const BRANCH: &[Opt] = &[
    ("delete", Some('d'), false),
    ("force", Some('f'), false),
    ("move", Some('m'), false),
    ("copy", Some('c'), false),
    ("list", Some('l'), false),
    ("all", Some('a'), false),
    ("remotes", Some('r'), false),
    ("verbose", Some('v'), false),
    ("quiet", Some('q'), false),
    ("track", Some('t'), false),
    ("no-track", None, false),
    ("set-upstream-to", Some('u'), true),
    ("unset-upstream", None, false),
    ("show-current", None, false),
    ("edit-description", None, false),
    ("create-reflog", None, false),
    ("contains", None, true),
    ("no-contains", None, true),
    ("merged", None, false),
    ("no-merged", None, false),
    ("points-at", None, true),
    ("sort", None, true),
    ("format", None, true),
    ("column", None, false),
    ("ignore-case", Some('i'), false),
];

const CHECKOUT: &[Opt] = &[
    ("force", Some('f'), false),
    ("create", Some('b'), true),
    // `-B` resets the branch to the start point when it exists: a force move.
    ("force-create", Some('B'), true),
    ("detach", None, false),
    ("track", Some('t'), false),
    ("merge", Some('m'), false),
    ("ours", None, false),
    ("theirs", None, false),
    ("patch", Some('p'), false),
    ("quiet", Some('q'), false),
    ("orphan", None, true),
    ("conflict", None, true),
    ("pathspec-from-file", None, true),
];

const SWITCH: &[Opt] = &[
    ("force", Some('f'), false),
    ("discard-changes", None, false),
    ("create", Some('c'), true),
    ("force-create", Some('C'), true),
    ("detach", Some('d'), false),
    ("orphan", None, true),
    ("track", Some('t'), false),
    ("merge", Some('m'), false),
    ("quiet", Some('q'), false),
];

const COMMIT: &[Opt] = &[
    ("no-verify", Some('n'), false),
    ("verify", None, false),
    ("amend", None, false),
    ("all", Some('a'), false),
    ("message", Some('m'), true),
    ("file", Some('F'), true),
    ("reuse-message", Some('C'), true),
    ("reedit-message", Some('c'), true),
    ("author", None, true),
    ("date", None, true),
    ("fixup", None, true),
    ("squash", None, true),
    ("template", Some('t'), true),
    ("cleanup", None, true),
    ("trailer", None, true),
    ("signoff", Some('s'), false),
    ("gpg-sign", Some('S'), false),
    ("quiet", Some('q'), false),
    ("verbose", Some('v'), false),
    ("edit", Some('e'), false),
    ("no-edit", None, false),
    ("patch", Some('p'), false),
    ("include", Some('i'), false),
    ("only", Some('o'), false),
    ("allow-empty", None, false),
    ("allow-empty-message", None, false),
    ("dry-run", None, false),
    ("reset-author", None, false),
    ("pathspec-from-file", None, true),
];

const RM: &[Opt] = &[
    ("force", Some('f'), false),
    ("cached", None, false),
    ("dry-run", Some('n'), false),
    ("quiet", Some('q'), false),
    ("ignore-unmatch", None, false),
    ("recursive", Some('r'), false),
];

const TAG: &[Opt] = &[
    ("delete", Some('d'), false),
    ("force", Some('f'), false),
    ("list", Some('l'), false),
    ("annotate", Some('a'), false),
    ("sign", Some('s'), false),
    ("message", Some('m'), true),
    ("file", Some('F'), true),
];

const STASH: &[Opt] =
    &[("quiet", Some('q'), false), ("message", Some('m'), true), ("include-untracked", Some('u'), false), ("all", Some('a'), false)];

const RESTORE: &[Opt] = &[
    ("source", Some('s'), true),
    ("staged", Some('S'), false),
    ("worktree", Some('W'), false),
    ("patch", Some('p'), false),
    ("ours", None, false),
    ("theirs", None, false),
    ("merge", Some('m'), false),
    ("quiet", Some('q'), false),
];

const CONFIG: &[Opt] = &[
    ("get", None, false),
    ("get-all", None, false),
    ("get-regexp", None, false),
    ("get-urlmatch", None, false),
    ("get-color", None, false),
    ("get-colorbool", None, false),
    ("list", Some('l'), false),
    ("edit", Some('e'), false),
    ("add", None, false),
    ("replace-all", None, false),
    ("unset", None, false),
    ("unset-all", None, false),
    ("rename-section", None, false),
    ("remove-section", None, false),
    ("global", None, false),
    ("system", None, false),
    ("local", None, false),
    ("worktree", None, false),
    ("file", Some('f'), true),
    ("blob", None, true),
    ("type", None, true),
    ("default", None, true),
    ("comment", None, true),
    ("bool", None, false),
    ("int", None, false),
    ("path", None, false),
    ("null", Some('z'), false),
    ("name-only", None, false),
    ("show-origin", None, false),
    ("show-scope", None, false),
    ("includes", None, false),
    ("all", None, false),
    ("value", None, true),
    ("fixed-value", None, false),
];

/// `read-tree`'s `-u` and `-m` have no long names: they stay short, split out of a cluster.
const READ_TREE: &[Opt] = &[
    ("reset", None, false),
    ("prefix", None, true),
    ("index-output", None, true),
    ("dry-run", Some('n'), false),
    ("verbose", Some('v'), false),
    ("trivial", None, false),
    ("aggressive", None, false),
    ("exclude-per-directory", None, true),
    ("recurse-submodules", None, false),
    ("quiet", Some('q'), false),
    ("empty", None, false),
];

const CHECKOUT_INDEX: &[Opt] = &[
    ("force", Some('f'), false),
    ("all", Some('a'), false),
    ("index", Some('u'), false),
    ("no-create", Some('n'), false),
    ("quiet", Some('q'), false),
    ("prefix", None, true),
    ("stage", None, true),
    ("temp", None, false),
    ("stdin", None, false),
    ("ignore-skip-worktree-bits", None, false),
];

fn options(subcommand: &str) -> Option<&'static [Opt]> {
    Some(match subcommand {
        "push" => PUSH,
        "reset" => RESET,
        "clean" => CLEAN,
        "branch" => BRANCH,
        "checkout" => CHECKOUT,
        "switch" => SWITCH,
        "commit" => COMMIT,
        "rm" => RM,
        "tag" => TAG,
        "stash" => STASH,
        "restore" => RESTORE,
        "config" => CONFIG,
        "read-tree" => READ_TREE,
        "checkout-index" => CHECKOUT_INDEX,
        _ => return None,
    })
}

/// Global options that take a value (`--git-dir x` or `--git-dir=x`).
const GLOBAL_WITH_VALUE: &[&str] = &["--git-dir", "--work-tree", "--namespace", "--super-prefix", "--attr-source"];

pub fn canonical(args: &[String]) -> Git {
    canonical_at(args, 0)
}

/// How many aliases deep an expansion goes (git itself refuses an alias that loops).
const MAX_ALIASES: usize = 8;

fn canonical_at(args: &[String], aliases: usize) -> Git {
    let mut git = Git::default();
    let mut configs = Vec::new();
    let mut sub_at = None;
    // Global options up to the subcommand; `--` is not special here.
    let mut globals = OptionWords::with(args, Dashes::Word);
    while let Some(a) = globals.next() {
        if a == "-C" {
            git.chdir.extend(globals.value().map(str::to_string));
        } else if let Some(dir) = a.strip_prefix("-C").filter(|d| !d.is_empty()) {
            git.chdir.push(dir.to_string());
        } else if a == "-c" || a == "--config-env" {
            configs.extend(globals.value().map(config_pair));
        } else if let Some(kv) = a.strip_prefix("-c").filter(|d| !d.is_empty()) {
            configs.push(config_pair(kv));
        } else if let Some(kv) = a.strip_prefix("--config-env=") {
            // `--config-env=key=ENVVAR`: the value comes from the environment.
            let (key, var) = kv.split_once('=').unwrap_or((kv, ""));
            configs.push(format!("{}=${var}", config_key(key)));
        } else if a == "--bare" || GLOBAL_WITH_VALUE.contains(&a) || GLOBAL_WITH_VALUE.iter().any(|g| a.starts_with(&format!("{g}="))) {
            git.elsewhere = true;
            if GLOBAL_WITH_VALUE.contains(&a) {
                globals.value();
            }
        } else if !a.starts_with('-') {
            sub_at = Some(globals.index());
            break;
        }
    }
    let mut text = String::from("git");
    for c in &configs {
        text.push_str(" -c ");
        text.push_str(&super::quote(c));
    }
    let Some((i, sub)) = sub_at.map(|i| (i, &args[i])) else {
        git.head.clone_from(&text);
        git.text = text;
        return git;
    };
    // `git -c alias.p='push --force' p`: the alias is what runs. (A `!` alias runs a shell; the
    // caller reads it through `alias_script`.)
    if let Some(expansion) = alias(&configs, sub).filter(|e| !e.starts_with('!'))
        && aliases < MAX_ALIASES
    {
        let mut expanded: Vec<String> = args[..i].to_vec();
        expanded.extend(expansion.split_whitespace().map(str::to_string));
        expanded.extend(args[i + 1..].iter().cloned());
        return canonical_at(&expanded, aliases + 1);
    }
    let rest = &args[i + 1..];
    let mut canon = match options(sub) {
        Some(opts) => canonical_args(rest, opts),
        None => rest.to_vec(),
    };
    if sub == "config" {
        canon = config_action(canon);
    }
    // `git restore paths` restores the work tree (discarding changes) unless told only `--staged`.
    if sub == "restore" && !canon.iter().any(|a| a == "--staged" || a == "--worktree") {
        canon.insert(0, "--worktree".into());
    }
    if sub == "clean" {
        clean_force(&configs, &mut canon);
    }
    if sub == "checkout" {
        checkout_pathspecs(&mut canon);
    }
    unforced_elsewhere(sub, &mut canon);
    git.head = text;
    git.subcommand = Some(sub.clone());
    git.args = canon;
    git.render();
    git
}

impl Git {
    /// [`Git::text`] from the head, the subcommand and its canonical arguments.
    fn render(&mut self) {
        let mut text = self.head.clone();
        for a in self.subcommand.iter().chain(&self.args) {
            text.push(' ');
            text.push_str(&super::quote(a));
        }
        self.text = text;
    }

    /// `git checkout NAME` where NAME is a file or directory where git runs (`exists`) and the
    /// call names no `--`: NAME may be the branch of that name, but when there is none git
    /// restores the path and throws its changes away; asked about as `git checkout -- NAME`.
    pub fn checkout_existing_path(&mut self, exists: impl Fn(&str) -> bool) {
        if self.subcommand.as_deref() != Some("checkout") || self.args.iter().any(|a| a == "--") {
            return;
        }
        let mut operands = self.args.iter().enumerate().filter(|(_, a)| !a.starts_with('-'));
        if let (Some((at, name)), None) = (operands.next(), operands.next())
            && exists(name)
        {
            self.args.insert(at, "--".into());
            self.render();
        }
    }

    /// `git branch -D NAME…` where each NAME is a branch the same call made (`made_here`): it
    /// holds no commit that was not on the branch it was made from, so deleting it discards
    /// nothing; written as the plain deletion (`git branch --delete NAME`). Whether it was.
    pub fn made_branch_deleted(&mut self, made_here: impl Fn(&str) -> bool) -> bool {
        let operands: Vec<&String> = self.args.iter().filter(|a| !a.starts_with('-')).collect();
        let only = |a: &String| matches!(a.as_str(), "--delete" | "--force" | "--quiet");
        if self.subcommand.as_deref() != Some("branch")
            || !self.args.iter().any(|a| a == "--delete")
            || !self.args.iter().any(|a| a == "--force")
            || !self.args.iter().filter(|a| a.starts_with('-')).all(only)
            || operands.is_empty()
            || !operands.iter().all(|n| made_here(n))
        {
            return false;
        }
        self.args.retain(|a| a != "--force");
        self.render();
        true
    }

    /// `git branch -f NAME [START]`, `git switch -C NAME`, `git checkout -B NAME` where no branch
    /// NAME exists (`exists` says whether one may): git creates it, and no branch is moved, so no
    /// commit is left behind; written as the plain creation (`git branch NAME`, `--create=NAME`).
    /// A name the shell computes, or one git would refuse, is left forced. Whether it was unforced.
    pub fn new_branch_unforced(&mut self, exists: impl Fn(&str) -> bool) -> bool {
        let plain = refs::plain_ref;
        match self.subcommand.as_deref() {
            Some("branch") => {
                // Only the creation form: with `--delete`, `--move` or `--copy`, `-f` means more.
                let creates = |a: &String| {
                    a.starts_with('-') && !matches!(a.as_str(), "--force" | "--quiet" | "--track" | "--no-track" | "--create-reflog")
                };
                let operands: Vec<&String> = self.args.iter().filter(|a| !a.starts_with('-')).collect();
                if !self.args.iter().any(|a| a == "--force")
                    || self.args.iter().any(creates)
                    || !(1..=2).contains(&operands.len())
                    || !plain(operands[0])
                    || exists(operands[0])
                {
                    return false;
                }
                self.args.retain(|a| a != "--force");
            }
            Some("switch" | "checkout") => {
                let Some(at) = self.args.iter().position(|a| a.starts_with("--force-create=")) else { return false };
                let name = self.args[at]["--force-create=".len()..].to_string();
                if !plain(&name) || exists(&name) {
                    return false;
                }
                self.args[at] = format!("--create={name}");
            }
            _ => return false,
        }
        self.render();
        true
    }
}

/// `git checkout TREE PATH…` and `git checkout '*.rs'` restore paths as `git checkout -- …` does
/// (whatever the files held is gone): a second operand is a path, and so is one no branch can be
/// named (a pattern, pathspec magic `:(…)`, `.`, or one starting `./` or `../`). The `--` is put
/// where git would read the paths from.
fn checkout_pathspecs(canon: &mut Vec<String>) {
    if canon.iter().any(|a| a == "--") {
        return;
    }
    let is_path = |a: &str| a == "." || a.starts_with("./") || a.starts_with("../") || a.starts_with(':') || a.contains(['*', '?', '[']);
    let operands: Vec<usize> = (0..canon.len()).filter(|&i| !canon[i].starts_with('-')).collect();
    let first_path = operands.iter().position(|&i| is_path(&canon[i])).or((operands.len() > 1).then_some(1));
    if let Some(n) = first_path {
        canon.insert(operands[n], "--".into());
    }
}

/// `--force` that throws nothing of the working tree away is taken off: `git rm --cached -f`
/// takes names out of the index only, `git checkout-index -f --prefix=export/` overwrites a copy
/// elsewhere, not the files being worked on.
fn unforced_elsewhere(sub: &str, canon: &mut Vec<String>) {
    let options = canon.iter().position(|a| a == "--").unwrap_or(canon.len());
    let elsewhere = match sub {
        "rm" => canon[..options].iter().any(|a| a == "--cached"),
        "checkout-index" => {
            canon[..options].iter().filter_map(|a| a.strip_prefix("--prefix=")).any(|p| !p.split('/').all(|c| c.is_empty() || c == "."))
        }
        _ => false,
    };
    if elsewhere {
        let paths = canon.split_off(options);
        canon.retain(|a| a != "--force");
        canon.extend(paths);
    }
}

/// `git clean` as it will act: a dry run (`-n`, even with `-f`) deletes nothing, so it is not
/// forced; with `clean.requireForce` off it deletes without `-f`, so it is.
fn clean_force(configs: &[String], canon: &mut Vec<String>) {
    let options = canon.iter().position(|a| a == "--").unwrap_or(canon.len());
    if canon[..options].iter().any(|a| a == "--dry-run") {
        let paths = canon.split_off(options);
        canon.retain(|a| a != "--force");
        canon.extend(paths);
        return;
    }
    let unforced = configs
        .iter()
        .rev()
        .find_map(|c| c.strip_prefix("clean.requireforce="))
        .is_some_and(|v| matches!(v.to_ascii_lowercase().as_str(), "false" | "no" | "off" | "0" | ""));
    if unforced && !canon[..options].iter().any(|a| a == "--force") {
        canon.insert(0, "--force".into());
    }
}

/// The value of `alias.<name>` among `-c` settings (in canonical `key=value` form).
fn alias(configs: &[String], name: &str) -> Option<String> {
    let key = format!("alias.{}=", name.to_ascii_lowercase());
    configs.iter().rev().find_map(|c| c.strip_prefix(&key)).map(str::to_string)
}

/// The shell command of a `!` alias the command line defines and uses, if any.
pub fn alias_script(args: &[String]) -> Option<String> {
    let g = canonical(args);
    let sub = g.subcommand?;
    let configs: Vec<String> = args.windows(2).filter(|w| w[0] == "-c").map(|w| config_pair(&w[1])).collect();
    alias(&configs, &sub).and_then(|e| e.strip_prefix('!').map(str::to_string))
}

/// Options of git's subcommands whose value is a command git runs through the shell (see
/// `git help difftool`, `fetch`, `clone`, `push`, `archive`, `send-email`, `filter-branch`,
/// `grep`, `daemon`, `instaweb`, `rebase`).
const COMMAND_OPTIONS: &[(&str, &[&str])] = &[
    ("difftool", &["-x", "--extcmd"]),
    ("fetch", &["--upload-pack"]),
    ("pull", &["--upload-pack"]),
    ("ls-remote", &["--upload-pack"]),
    ("clone", &["-u", "--upload-pack"]),
    ("fetch-pack", &["--upload-pack", "--exec"]),
    ("push", &["--receive-pack", "--exec"]),
    ("send-pack", &["--receive-pack", "--exec"]),
    ("archive", &["--exec"]),
    ("send-email", &["--sendmail-cmd", "--to-cmd", "--cc-cmd", "--header-cmd", "--smtp-server"]),
    (
        "filter-branch",
        &["--env-filter", "--tree-filter", "--index-filter", "--parent-filter", "--msg-filter", "--commit-filter", "--tag-name-filter"],
    ),
    ("grep", &["-O", "--open-files-in-pager"]),
    ("daemon", &["--access-hook"]),
    ("instaweb", &["-d", "--httpd", "-b", "--browser"]),
    ("rebase", &["-x", "--exec"]),
];

/// The values of `options` in `args`: `--opt V`, `--opt=V`, `-x V`, `-xV`.
fn option_values(args: &[String], options: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for (k, a) in args.iter().enumerate() {
        if a == "--" {
            break;
        }
        for o in options {
            if a == o {
                out.extend(args.get(k + 1).cloned());
            } else if let Some(v) = a.strip_prefix(o) {
                if o.starts_with("--") {
                    out.extend(v.strip_prefix('=').map(str::to_string));
                } else if !v.is_empty() {
                    out.push(v.to_string());
                }
            }
        }
    }
    out
}

/// Shell commands a git command runs: `submodule foreach [--recursive] CMD`, `bisect run CMD…`,
/// and the values of the options that name one ([`COMMAND_OPTIONS`]: `rebase --exec CMD`,
/// `difftool -x CMD`, `fetch --upload-pack=CMD`, …).
pub fn shell_commands(args: &[String]) -> Vec<String> {
    let g = canonical(args);
    let rest = &g.args;
    if let Some((_, options)) = COMMAND_OPTIONS.iter().find(|(sub, _)| g.subcommand.as_deref() == Some(*sub)) {
        // The options as given, and as the canonical form writes them out.
        let given = args.iter().position(|a| Some(a.as_str()) == g.subcommand.as_deref()).map_or(&[][..], |k| &args[k + 1..]);
        let mut commands = option_values(given, options);
        for c in option_values(rest, options) {
            if !commands.contains(&c) {
                commands.push(c);
            }
        }
        return commands;
    }
    match g.subcommand.as_deref() {
        // One word is a script for the shell; more are a program and its arguments.
        Some("submodule") if rest.first().is_some_and(|a| a == "foreach") => {
            match rest[1..].iter().skip_while(|a| a.starts_with('-')).collect::<Vec<_>>().as_slice() {
                [] => Vec::new(),
                [script] => vec![(*script).clone()],
                words => vec![words.iter().map(|a| super::quote(a)).collect::<Vec<_>>().join(" ")],
            }
        }
        // Setting an alias is judged as running it: `git config alias.pf 'push --force'`; so is
        // setting a command git runs later by itself (`core.pager`, `diff.x.textconv`, …).
        Some("config") if rest.first().is_some_and(|a| a == "set") => match (rest.get(1), rest.get(2)) {
            (Some(key), Some(value)) if key.starts_with("alias.") => {
                vec![value.strip_prefix('!').map_or_else(|| format!("git {value}"), str::to_string)]
            }
            (Some(key), Some(value)) => configured_command(key, value).into_iter().collect(),
            _ => Vec::new(),
        },
        Some("bisect") if rest.first().is_some_and(|a| a == "run") => {
            vec![rest[1..].iter().map(|a| super::quote(a)).collect::<Vec<_>>().join(" ")]
        }
        _ => Vec::new(),
    }
}

/// Settings whose value is a command git runs later, on its own (`git log` runs the pager, `git
/// diff` a text converter, a checkout a filter, a push the credential helper), each as a section
/// and a variable (a subsection between them is any).
const COMMAND_SETTINGS: &[(&str, &str)] = &[
    ("core", "pager"),
    ("pager", ""),
    ("core", "editor"),
    ("sequence", "editor"),
    ("core", "sshcommand"),
    ("core", "fsmonitor"),
    ("core", "askpass"),
    ("interactive", "difffilter"),
    ("diff", "external"),
    ("diff", "textconv"),
    ("diff", "command"),
    ("filter", "clean"),
    ("filter", "smudge"),
    ("filter", "process"),
    ("merge", "driver"),
    ("difftool", "cmd"),
    ("mergetool", "cmd"),
    ("credential", "helper"),
    ("gpg", "program"),
    ("ssh", "variant"),
    ("uploadpack", "packobjectshook"),
];

/// The command a setting makes git run later (`git config core.pager CMD`), as the shell text it
/// is run as: judged as if run now. A credential helper that is a name (`store`) is `git
/// credential-store`; `!CMD` is a shell command.
fn configured_command(key: &str, value: &str) -> Option<String> {
    let section = key.split('.').next()?;
    let var = key.rsplit('.').next()?;
    let runs = COMMAND_SETTINGS.iter().any(|(s, v)| *s == section && (v.is_empty() || *v == var));
    if !runs {
        return None;
    }
    if let Some(shell) = value.strip_prefix('!') {
        return Some(shell.to_string());
    }
    if section == "credential" && !value.starts_with('/') && !value.is_empty() {
        return Some(format!("git credential-{value}"));
    }
    Some(value.to_string())
}

/// `core.hooksPath=x` → `core.hookspath=x`: git reads section and key names in any case.
fn config_pair(kv: &str) -> String {
    match kv.split_once('=') {
        Some((k, v)) => format!("{}={v}", config_key(k)),
        None => config_key(kv),
    }
}

/// Section and variable names are case-insensitive; a subsection (`remote."Origin".url`) is not.
pub fn config_key(key: &str) -> String {
    let (Some(first), Some(last)) = (key.find('.'), key.rfind('.')) else { return key.to_ascii_lowercase() };
    format!("{}{}{}", key[..first].to_ascii_lowercase(), &key[first..last], key[last..].to_ascii_lowercase())
}

/// Options of a subcommand written out: long names in full, short clusters split and named.
fn canonical_args(args: &[String], opts: &[Opt]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        if a == "--" {
            out.extend(args[i - 1..].iter().cloned());
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            match expand_long(name, opts) {
                Some((full, takes_value)) => {
                    let mut o = format!("--{full}");
                    if let Some(v) = value {
                        o.push('=');
                        o.push_str(v);
                    } else if takes_value && i < args.len() {
                        o.push('=');
                        o.push_str(&args[i]);
                        i += 1;
                    }
                    out.push(o);
                }
                None => out.push(a.to_string()),
            }
            continue;
        }
        let Some(cluster) = a.strip_prefix('-').filter(|c| !c.is_empty() && !c.starts_with(|c: char| c.is_ascii_digit())) else {
            out.push(a.to_string());
            continue;
        };
        for (pos, c) in cluster.char_indices() {
            match opts.iter().find(|o| o.1 == Some(c)) {
                Some((long, _, takes_value)) => {
                    let mut o = format!("--{long}");
                    if *takes_value {
                        let attached = &cluster[pos + c.len_utf8()..];
                        if !attached.is_empty() {
                            o.push('=');
                            o.push_str(attached);
                        } else if i < args.len() {
                            o.push('=');
                            o.push_str(&args[i]);
                            i += 1;
                        }
                        out.push(o);
                        break;
                    }
                    out.push(o);
                }
                // `branch -D` is `--delete --force`, `-M` / `-C` the same with move and copy.
                None if c.is_ascii_uppercase()
                    && opts.iter().any(|o| o.1 == Some(c.to_ascii_lowercase()))
                    && opts.iter().any(|o| o.0 == "force") =>
                {
                    let lower = opts.iter().find(|o| o.1 == Some(c.to_ascii_lowercase())).map_or("", |o| o.0);
                    out.push(format!("--{lower}"));
                    out.push("--force".into());
                }
                None => out.push(format!("-{c}")),
            }
        }
    }
    out
}

/// A long option's full name: itself, its `no-` form, or the option it unambiguously abbreviates.
/// An abbreviation of several names is taken as the first in the table (the dangerous ones come
/// first): git refuses an ambiguous one, so reading it as the strongest costs nothing.
fn expand_long(name: &str, opts: &[Opt]) -> Option<(String, bool)> {
    if let Some(o) = opts.iter().find(|o| o.0 == name) {
        return Some((o.0.to_string(), o.2));
    }
    if let Some(base) = name.strip_prefix("no-")
        && let Some(o) = opts.iter().find(|o| o.0 == base)
    {
        return Some((format!("no-{}", o.0), false));
    }
    if name.len() < 2 {
        return None;
    }
    if let Some(o) = opts.iter().find(|o| o.0.starts_with(name)) {
        return Some((o.0.to_string(), o.2));
    }
    name.strip_prefix("no-").and_then(|base| opts.iter().find(|o| o.0.starts_with(base))).map(|o| (format!("no-{}", o.0), false))
}

/// `git config` arguments as `<action> [--file=F] <key> [values]`: the action a read or a write
/// (get, set, unset, list, edit, rename-section, remove-section), the key lower-cased.
fn config_action(args: Vec<String>) -> Vec<String> {
    let mut action: Option<&str> = None;
    let mut file: Option<String> = None;
    let mut operands: Vec<String> = Vec::new();
    let mut iter = args.into_iter();
    let mut first_operand = true;
    while let Some(a) = iter.next() {
        if a == "--" {
            operands.extend(iter.by_ref());
            break;
        }
        match a.as_str() {
            "--get" | "--get-all" | "--get-regexp" | "--get-urlmatch" | "--get-color" | "--get-colorbool" => action = Some("get"),
            "--list" => action = Some("list"),
            "--edit" => action = Some("edit"),
            "--add" | "--replace-all" => action = Some("set"),
            "--unset" | "--unset-all" => action = Some("unset"),
            "--rename-section" => action = Some("rename-section"),
            "--remove-section" => action = Some("remove-section"),
            _ if a.starts_with("--file=") => file = Some(a["--file=".len()..].to_string()),
            _ if a.starts_with('-') => {}
            // git 2.46 names the action as a word: `git config set|get|unset|list|edit …`.
            "get" | "set" | "unset" | "list" | "edit" | "rename-section" | "remove-section" if first_operand && action.is_none() => {
                action = Some(match a.as_str() {
                    "get" => "get",
                    "set" => "set",
                    "unset" => "unset",
                    "list" => "list",
                    "edit" => "edit",
                    "rename-section" => "rename-section",
                    _ => "remove-section",
                });
            }
            _ => operands.push(a),
        }
        first_operand = false;
    }
    let action = action.unwrap_or(match operands.len() {
        0 => "list",
        1 => "get",
        _ => "set",
    });
    let mut out = vec![action.to_string()];
    out.extend(file.map(|f| format!("--file={f}")));
    let mut operands = operands.into_iter();
    if let Some(key) = operands.next() {
        out.push(if action.ends_with("-section") { key.to_ascii_lowercase() } else { config_key(&key) });
    }
    out.extend(operands);
    out
}

/// The pairs of `GIT_CONFIG_PARAMETERS` (`'alias.fp=push -f' 'core.hooksPath'='x'`), as
/// `key=value` with the key in canonical case.
pub fn parameters(value: &str) -> Vec<String> {
    let mut quoted: Vec<String> = Vec::new();
    let mut rest = value;
    // Each item is single-quoted; `'key'='value'` quotes the two halves apart.
    while let Some(open) = rest.find('\'') {
        let Some(close) = rest[open + 1..].find('\'') else { break };
        let item = &rest[open + 1..open + 1 + close];
        match quoted.last_mut() {
            Some(last) if rest[..open].ends_with('=') => {
                last.push('=');
                last.push_str(item);
            }
            _ => quoted.push(item.to_string()),
        }
        rest = &rest[open + close + 2..];
    }
    if quoted.is_empty() {
        quoted = value.split_whitespace().map(str::to_string).collect();
    }
    quoted
        .into_iter()
        .map(|kv| match kv.split_once('=') {
            Some((k, v)) => format!("{}={v}", config_key(k)),
            None => config_key(&kv),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::canonical;

    fn text(args: &str) -> String {
        canonical(&args.split(' ').map(str::to_string).collect::<Vec<_>>()).text
    }

    #[test]
    fn options_are_written_out() {
        assert_eq!(text("-C dir push --force-with-lea origin"), "git push --force-with-lease origin");
        assert_eq!(text("clean -fdx"), "git clean --force -d -x");
        assert_eq!(text("clean -n -fdx"), "git clean --dry-run -d -x");
        assert_eq!(text("clean -f -- --force"), "git clean --force -- --force");
        assert_eq!(text("-c clean.requireForce=false clean -d"), "git -c clean.requireforce=false clean --force -d");
        assert_eq!(text("-c clean.requireforce=Off clean -n"), "git -c clean.requireforce=Off clean --dry-run");
        assert_eq!(text("reset --har HEAD~1"), "git reset --hard HEAD~1");
        assert_eq!(text("branch -D x"), "git branch --delete --force x");
        assert_eq!(text("commit -nm msg"), "git commit --no-verify --message=msg");
        assert_eq!(text("push -n"), "git push --dry-run");
    }

    #[test]
    fn paths_and_forces_are_written_as_git_acts() {
        assert_eq!(text("checkout main src/a.rs"), "git checkout main -- src/a.rs");
        assert_eq!(text("checkout *.rs"), "git checkout -- *.rs");
        assert_eq!(text("checkout -b x origin/main"), "git checkout --create=x origin/main");
        assert_eq!(text("checkout main -- a"), "git checkout main -- a");
        assert_eq!(text("rm -rf --cached x"), "git rm --recursive --cached x");
        assert_eq!(text("rm -rf x"), "git rm --recursive --force x");
        assert_eq!(text("checkout-index -fa --prefix=out/"), "git checkout-index --all --prefix=out/");
        assert_eq!(text("checkout-index -fa --prefix=./"), "git checkout-index --force --all --prefix=./");
        assert_eq!(text("read-tree -mu HEAD"), "git read-tree -m -u HEAD");
        let mut g = canonical(&["checkout".into(), "notes.txt".into()]);
        g.checkout_existing_path(|n| n == "notes.txt");
        assert_eq!(g.text, "git checkout -- notes.txt");
        let unforced = |args: &str, exists: &str| {
            let mut g = canonical(&args.split(' ').map(str::to_string).collect::<Vec<_>>());
            g.new_branch_unforced(|n| n == exists);
            g.text
        };
        assert_eq!(unforced("branch -f topic HEAD", "main"), "git branch topic HEAD");
        assert_eq!(unforced("branch -f topic HEAD", "topic"), "git branch --force topic HEAD");
        assert_eq!(unforced("branch -fm topic other", "main"), "git branch --force --move topic other");
        assert_eq!(unforced("switch -C topic", "main"), "git switch --create=topic");
        assert_eq!(unforced("checkout -B topic origin/main", "main"), "git checkout --create=topic origin/main");
        assert_eq!(unforced("checkout -B main", "main"), "git checkout --force-create=main");
        assert_eq!(unforced("switch -C $b", "main"), "git switch --force-create=$b");
        let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        assert_eq!(super::shell_commands(&words("submodule foreach --recursive git reset --hard")), ["git reset --hard"]);
        assert_eq!(super::shell_commands(&words("difftool -y -xcat HEAD")), ["cat"]);
        assert_eq!(super::shell_commands(&words("-C x fetch --upload-pack=up origin")), ["up"]);
        assert_eq!(super::shell_commands(&words("clone -u up x y")), ["up"]);
        assert_eq!(super::shell_commands(&words("rebase --exec make HEAD~1 -- -x")), ["make"]);
        assert!(super::shell_commands(&words("grep -n -e x")).is_empty());
        assert_eq!(super::shell_commands(&words("config --global core.pager x")), ["x"]);
        assert_eq!(super::shell_commands(&words("config pager.LOG x")), ["x"]);
        assert_eq!(super::shell_commands(&words("config diff.Bin.textconv x")), ["x"]);
        assert_eq!(super::shell_commands(&words("config credential.helper store")), ["git credential-store"]);
        assert_eq!(super::shell_commands(&words("config credential.helper !x")), ["x"]);
        assert!(super::shell_commands(&words("config user.name x")).is_empty());
    }

    #[test]
    fn config_names_its_action() {
        assert_eq!(text("config core.hooksPath /dev/null"), "git config set core.hookspath /dev/null");
        assert_eq!(text("config --get core.hooksPath"), "git config get core.hookspath");
        assert_eq!(text("config --global --unset CORE.HOOKSPATH"), "git config unset core.hookspath");
        assert_eq!(text("-c Core.HooksPath=/x commit"), "git -c core.hookspath=/x commit");
        assert_eq!(text("config remote.Origin.URL x"), "git config set remote.Origin.url x");
        assert_eq!(text("config --list"), "git config list");
        assert_eq!(text("-c alias.p=p p"), "git -c alias.p=p p");
        assert_eq!(
            canonical(&["-c".into(), "alias.p=push --force".into(), "p".into(), "origin".into()]).text,
            "git -c 'alias.p=push --force' push --force origin"
        );
    }

    #[test]
    fn config_parameters_are_pairs() {
        assert_eq!(super::parameters("'alias.fp=push -f'"), ["alias.fp=push -f"]);
        assert_eq!(super::parameters("'Core.HooksPath'='/dev/null' 'user.name=x'"), ["core.hookspath=/dev/null", "user.name=x"]);
    }
}
