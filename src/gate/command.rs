//! Shell command analysis: what a command line would really run and which files it would change.
//!
//! Command rules must see `git push` in `make && git push` or `sudo -u ci bash -c 'git push'`, but not
//! in `git commit -m "never git push"` or in the body of a heredoc fed to `cat`. The command is
//! parsed the way a shell would ([`syntax`]), then walked with the working directory it would have
//! (`cd`, `pushd`, subshells, `git -C`). Wrappers and runners that run their arguments as a command
//! (`sudo`, `env`, `timeout`, `sh -c`, `eval` of literal text, `npx`, `uv run`, `busybox`,
//! `docker exec`, …) are peeled, and each simple command becomes one normalised text:
//!
//! - `prog arg1 arg2 …`: the program's base name (`/usr/bin/rm` → `rm`), then the arguments after
//!   quote removal, separated by one space; an argument holding spaces or shell operators is shown in
//!   single quotes, so that it stays one argument to the eye of a regular expression;
//! - git commands once more in git's canonical form ([`git`]): `git push --force` for
//!   `git -C "my dir" push -f`;
//! - `> target` for every redirection that writes a file, as a text of its own;
//! - `sql <statement>` for each statement a database client is given ([`sql`]).
//!
//! Files a command changes (redirections, `rm`, `mv`, `cp` targets, `sed -i`, `chmod`, …) are
//! listed as absolute paths, so that path rules judge them like edits.
//!
//! What the analysis cannot see it says so ([`Analysis::opaque`]): a program name the shell computes,
//! `eval` of computed text, text fed to a shell or an interpreter, nesting past the limits, input
//! over the size or time budget. The gate asks about those; it never falls back to the raw text.

mod access;
mod archive;
mod arith;
mod arrays;
mod braces;
mod build_wrappers;
mod builtins;
pub(crate) mod code;
mod code_secrets;
mod command_values;
mod diff;
mod editors;
pub mod effects;
mod finder;
mod formats;
mod functions;
mod git;
mod git_hooks;
mod identity;
mod loaders;
mod local_db;
mod loops;
mod mounts;
mod nested;
mod options;
mod pipes;
pub(crate) mod powershell;
mod programs;
pub(crate) use programs::CLOUD_PROGRAMS;
mod reads;
mod recipes;
mod remote;
pub use recipes::program_settings_written;
pub use terminal::HOOK_STACK;
mod scripts;
mod servers;
pub(crate) mod span;
mod sql;
pub(crate) mod syntax;
mod terminal;
mod values;
mod verbs;
mod walk;
mod words;
mod writes;

use super::place;
pub use super::place::{Context, Glob, Read, Touch, lexical};

/// Why a command could not be analysed when only the names of the files it changes (not removes)
/// are unknown: what runs is known, and inside gitvow's box the kernel keeps those files from the
/// gate's own ([`super::boxed`]).
pub const COMPUTED_TARGET: &str = "a file it changes is named by text the shell computes, or in a directory the analyser cannot tell";

/// Why a command could not be analysed where only the names of the files it writes, moves or links
/// are unknown: what gitvow's box may confine ([`super::boxed`]), never what runs or is removed.
pub const NAMES_ONLY: &[&str] = &[
    COMPUTED_TARGET,
    "output redirected to a computed file",
    "a move of computed or piped paths",
    "a move of computed paths",
    "git checkout-index writes under a prefix the shell computes",
];

/// In [`Analysis::computed_names`], where the shell computes part of a name.
pub const COMPUTED: char = '\0';
/// The same for a removal, which the box does not confine: a computed `rm -rf` can empty the
/// project or the home directory.
pub const COMPUTED_REMOVAL: &str = "it removes files named by text the shell computes, or in a directory the analyser cannot tell";
use crate::paths::is_stdin_path;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use syntax::{Part, Word};

/// Commands longer than this are not analysed: agents send a few KiB; a larger text is a heredoc
/// file write at best, and the time to read it must stay far below every agent's hook timeout.
pub const MAX_INPUT: usize = 256 << 10;
/// Simple commands analysed per call, wrappers and nested scripts included.
const MAX_COMMANDS: usize = 512;
/// Texts the rules read per call (a command's wrappers, git's canonical form and SQL statements
/// each add one).
const MAX_TEXTS: usize = 1024;
/// `sh -c "sh -c '…'"`, `eval`, `ssh host '…'`: texts parsed again, at most this deep.
const MAX_REPARSE: usize = 8;
/// The analysis stops (and asks) after this long; the benchmark shows real input takes microseconds.
const TIME_BUDGET: Duration = Duration::from_millis(50);
/// Files one call may change and still be analysed (each is resolved through its symlinks).
const MAX_TOUCHED: usize = 256;
/// Wrappers around one command (`sudo env nice timeout …`) peeled, at most.
const MAX_PEELS: usize = 64;
/// One simple command's text, at most: rules scan each text, and this bounds the time they take.
const MAX_TEXT: usize = 64 << 10;
/// Directories a command may be in after `cd x; …` (x, or here if the `cd` failed), at most.
const MAX_DIRS: usize = 8;

/// What a command line would run and change.
#[derive(Debug, Default)]
pub struct Analysis {
    /// The normalised text of every simple command, wrappers included.
    pub texts: Vec<String>,
    /// Files the command writes, removes, moves, links or changes the mode of.
    pub touched: Vec<Touch>,
    /// Of [`Analysis::touched`], those reached other than as wholes, one entry per time they
    /// were touched so: each file a finder found under a start, or a file's own mode or owner
    /// (see [`crate::gate::protect::Reaching`]).
    pub partly: Vec<(Touch, crate::gate::protect::Reaching)>,
    /// The patch texts given to `apply_patch`/`applypatch` (heredoc body, or an argument holding
    /// `*** Begin Patch`), each with where the shell is when it runs: the shell writes those
    /// files, so they are gated as edits of the files there.
    pub patches: Vec<Patch>,
    /// What the command does to files, by kind and place (see [`effects`]); each is also one of
    /// `texts`, `effect <kind> <class> <path>`, for the rules.
    pub effects: Vec<effects::Effect>,
    /// Why the command could not be analysed, when it could not: a reason of [`NAMES_ONLY`] only
    /// when every reason is one.
    pub opaque: Option<&'static str>,
    /// For each file written under a name the shell computes, the last component of that name with
    /// [`COMPUTED`] where the shell computes (`$f.orig` is `\0.orig`; just `\0` when nothing of it
    /// is known), so that the box can tell which names it could be.
    pub computed_names: Vec<String>,
    /// The same for files the command only changes or moves away (`sed -i "$f"`, `chmod +x "$f"`,
    /// the source of `mv`): they must exist already.
    pub computed_existing: Vec<String>,
    /// Set while reading such a change, for [`Analysis::computed_existing`].
    changing_existing: bool,
    /// What the command reads, for the gate's check of its own secrets (see [`reads`]).
    pub reads: Vec<Read>,
    /// Interpreter code that spells gitvow's secrets in pieces (`'.git'+'vow/rec'+'ord.key'`).
    pub spelt_secret: Option<&'static str>,
    /// How the command types into a terminal already open (`tmux send-keys`), if it does.
    pub types_into_terminal: Option<&'static str>,
    /// How the command takes hold of another running process (`reptyr`, `gdb -p`), if it does.
    pub attaches: Option<&'static str>,
    /// Directories the command makes (`mkdir`, `mkdir -p`: the topmost one missing) that do not
    /// exist now: whatever it writes under them is a new file, not a change of one.
    pub made_dirs: Vec<PathBuf>,
    /// Where text a runner reads and runs comes from, with each line (`the recipe of make target
    /// clean (Makefile:12): rm -rf ~`), for `gitvow check`.
    pub sources: Vec<String>,
    /// Where in the line each text and effect comes from, for `gitvow check`.
    pub(crate) origins: span::Origins,
}

/// The normalised texts of every simple command `command` would run, wrappers included
/// (`sudo rm -rf /` yields `sudo rm -rf /` and `rm -rf /`).
pub fn simple_commands(command: &str) -> Vec<String> {
    analyse(command).texts
}

/// The analysis of `command` in the process's directory (for `gitvow check` and patch discovery).
pub fn analyse(command: &str) -> Analysis {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let home = crate::paths::home();
    analyse_in(command, &Context { cwd: &cwd, home: home.as_deref(), repo_top: None })
}

/// The analysis of a PowerShell script (Copilot's `powershell` tool): its effects, and the native
/// commands it runs read as shell text.
pub fn analyse_powershell(script: &str, ctx: &Context) -> Analysis {
    let mut walk = Walk { ctx, out: Analysis::default(), commands: 0, started: Instant::now(), seen: Seen::default() };
    if script.len() > MAX_INPUT {
        walk.opaque("it is longer than the analyser reads");
        return walk.out;
    }
    walk.code_effects(powershell::read(script), &ShellState::new(ctx.cwd), 0);
    let effect_texts: Vec<String> = walk.out.effects.iter().map(effects::Effect::text).collect();
    walk.out.texts.extend(effect_texts);
    walk.out
}

pub fn analyse_in(command: &str, ctx: &Context) -> Analysis {
    let mut walk = Walk { ctx, out: Analysis::default(), commands: 0, started: Instant::now(), seen: Seen::default() };
    if command.len() > MAX_INPUT {
        walk.opaque("it is longer than the analyser reads");
        return walk.out;
    }
    walk.seen.dot_names = crate::gate::pattern::dot_names_matched(command);
    let mut shell = ShellState::new(ctx.cwd);
    walk.text(command, &mut shell, 0);
    walk.place_at(None);
    // A trap runs when the shell exits: with the variables the whole call has set by then.
    for (script, mut at) in std::mem::take(&mut walk.seen.traps) {
        walk.text(&script, &mut at, 1);
    }
    // Code a variable set last loads into whatever the environment is given to.
    for command in std::mem::take(&mut walk.seen.variable_commands) {
        walk.text(&command, &mut ShellState::new(ctx.cwd), 1);
    }
    if walk.seen.scripts.iter().any(|(p, text)| text.is_none() && recipes::is_settings_file(p)) {
        walk.opaque("it writes a package manager's settings (.npmrc, .yarnrc.yml, bunfig.toml, …) with text the analyser cannot see: a setting there may name a program every script runs with");
    }
    let effect_texts: Vec<String> = walk.out.effects.iter().map(effects::Effect::text).collect();
    walk.out.origins.effect_texts_at(walk.out.texts.len());
    walk.out.texts.extend(effect_texts);
    if walk.out.texts.len() > MAX_TEXTS {
        // Every text is matched against every rule: the first ones are judged, the rest asked about.
        walk.out.texts.truncate(MAX_TEXTS);
        walk.opaque("it runs more commands than the analyser follows");
    }
    walk.out
}

/// A patch a shell command applies, and the directories its file names are relative to: several
/// after `cd x; …`, none known when the shell computes the directory (`cd "$X"`).
#[derive(Debug, PartialEq)]
pub struct Patch {
    pub text: String,
    pub dirs: Option<Vec<PathBuf>>,
}

/// The directories a command may run in: several after `cd x; …` (x, or here if `cd` failed).
#[derive(Clone, Debug, PartialEq)]
enum Dirs {
    Known(Vec<PathBuf>),
    /// `cd "$X"`: somewhere the analysis cannot tell.
    Unknown,
}

impl Dirs {
    fn union(&self, other: &Dirs) -> Dirs {
        match (self, other) {
            (Dirs::Known(a), Dirs::Known(b)) => {
                let mut all = a.clone();
                for d in b {
                    if !all.contains(d) {
                        all.push(d.clone());
                    }
                }
                if all.len() > MAX_DIRS { Dirs::Unknown } else { Dirs::Known(all) }
            }
            _ => Dirs::Unknown,
        }
    }

    /// Each directory joined with `rel` (which may be absolute), as a program that is given the
    /// path reaches it: a `..` after a link goes up from where the link leads.
    fn join(&self, rel: &str) -> Dirs {
        self.join_with(rel, &place::on_disk)
    }

    /// [`Dirs::join`] with `link_at` telling which components are links (the call's own first).
    /// A `..` after a link whose target the gate cannot know (`/proc/self/cwd/..`) is somewhere
    /// unknown.
    fn join_with(&self, rel: &str, link_at: &dyn Fn(&Path) -> place::LinkAt) -> Dirs {
        let joined: Option<Vec<PathBuf>> = match self {
            Dirs::Known(ds) => ds.iter().map(|d| place::physical_owned(d.join(rel), link_at)).collect(),
            Dirs::Unknown if rel.starts_with('/') => place::physical_owned(PathBuf::from(rel), link_at).map(|p| vec![p]),
            Dirs::Unknown => None,
        };
        joined.map_or(Dirs::Unknown, Dirs::Known)
    }

    /// Where `cd` goes from each directory: `..` on the text, as bash's logical `cd` takes it
    /// (`cd link/..` is where it was).
    fn join_logical(&self, rel: &str) -> Dirs {
        match self {
            Dirs::Known(ds) => Dirs::Known(ds.iter().map(|d| place::logical(d.join(rel))).collect()),
            Dirs::Unknown if rel.starts_with('/') => Dirs::Known(vec![place::logical(PathBuf::from(rel))]),
            Dirs::Unknown => Dirs::Unknown,
        }
    }
}

/// The shell's state that later commands see.
#[derive(Clone, Debug)]
struct ShellState {
    dirs: Dirs,
    oldpwd: Dirs,
    /// `pushd` remembers where it came from.
    stack: Vec<Dirs>,
}

impl ShellState {
    fn new(cwd: &Path) -> ShellState {
        let here = Dirs::Known(vec![lexical(cwd)]);
        ShellState { dirs: here.clone(), oldpwd: here, stack: Vec::new() }
    }
}

/// What a command reads on standard input.
#[derive(Clone, Debug, PartialEq)]
enum Feed {
    None,
    /// Text the analysis knows: a heredoc, a here-string, `echo '…' |`.
    Text(String),
    /// An unquoted heredoc that expands shell values (`$X`, `$(…)`), as written: a shell reads
    /// it as its own text, other programs get what the shell computes.
    Expanding(String),
    /// A file: `< file`, `cat file |`.
    File(PathBuf),
    /// The names a finder lists (`find . -name '*.c' |`), as words standing for them; `true`
    /// when each stands for every file under it.
    Found(Vec<Word>, bool),
    /// The output of a program.
    Unknown,
}

/// How the working directory changes after a command (`cd`, `pushd`, `popd`).
enum Chdir {
    To(Dirs),
    Pop,
}

struct Walk<'a> {
    ctx: &'a Context<'a>,
    out: Analysis,
    commands: usize,
    started: Instant,
    seen: Seen,
}

/// A list of names as a finder passes it on: the names, and whether each stands for all under it.
type StandIn = (Vec<Word>, bool);

/// What earlier commands of the call leave behind for later ones to be read by.
#[derive(Default)]
struct Seen {
    /// Variables that hold a new temporary path (`tmp=$(mktemp -d)`).
    temps: Vec<String>,
    /// Variables the call sets: `$TMPDIR` is the temporary directory only while the call leaves it.
    assigned: Vec<String>,
    /// `trap` scripts, read when the call ends, in the directory the trap was set in.
    traps: Vec<(String, ShellState)>,
    /// Files the call writes, with their text where the analyser knows it (`printf '…' > a.sh`):
    /// a script written and run in one call is read as what was written; one whose text it
    /// cannot see (`base64 -d > a.sh`, `curl -o a.sh`) is opaque when run.
    scripts: Vec<(PathBuf, Option<String>)>,
    /// The files of `scripts` some command wrote with text the analyser cannot see, and the
    /// number of commands walked by then.
    unseen: Vec<(PathBuf, usize)>,
    /// Files the call makes copies or links of gitvow at.
    gitvow_copies: Vec<PathBuf>,
    /// git configuration given in the environment (`GIT_CONFIG_PARAMETERS`,
    /// `GIT_CONFIG_KEY_<n>`/`GIT_CONFIG_VALUE_<n>`), as `key=value`, by index for the numbered form.
    git_config: Vec<(Option<String>, String)>,
    git_values: Vec<(String, String)>,
    /// Commands git runs that the environment names (`GIT_EDITOR='…'`, `GIT_SSH_COMMAND`,
    /// `GIT_EXTERNAL_DIFF`, …): judged as run wherever git runs in the call.
    git_commands: Vec<String>,
    /// Commands that variables set so far make the programs after them run: code a variable loads
    /// (`BASH_ENV=./x.sh` is `. ./x.sh`, see `loaders`) and commands a variable names (`PAGER=…`,
    /// `LESSOPEN=…`, see [`command_values::VARIABLES`]). Judged once, before the next program, and
    /// at the end of the call for what the last ones give whatever runs after it.
    variable_commands: Vec<String>,
    /// `CARGO_INSTALL_ROOT=DIR` set by the call: where `cargo install` writes programs.
    cargo_root: Option<Word>,
    /// `for v in a b; do …`: the words a loop variable takes, when they are literal, and whether
    /// the shell picked them (a pattern in them is one name in its directory that starts with no
    /// dot), where a finder's stand-in (`./*.c`) stands for names at any depth, any first
    /// character included.
    loops: Vec<(String, Vec<Word>, bool)>,
    /// `K=~/.gitvow`: variables the call gives a literal value, for what it reads.
    values: Vec<(String, Word)>,
    /// The shell's patterns match names that start with a dot (`shopt -s dotglob` in the call).
    dot_names: bool,
    /// Symbolic links the call makes (`ln -s TARGET NAME`): the link, and where it leads.
    symlinks: Vec<(PathBuf, PathBuf)>,
    /// `$(find ~/x -type f)` as written, and the names its last command lists: a word made of it
    /// names what the list names (`reads::MAX_SUBSTITUTED` at most).
    substituted: Vec<(String, Feed)>,
    /// Substitutions in a heredoc's body that list names, by their script's number in the text
    /// being walked (taken when the body is read).
    in_bodies: Vec<(usize, Feed)>,
    /// Files the call writes a finder's list of names to (`find ~/x > /tmp/l`), and that list:
    /// what reads the file reads those names.
    lists: Vec<(PathBuf, Feed)>,
    /// The command whose list of names the pipe passes on (`find . -name '*.o'`), for `gitvow
    /// check` to say where `xargs`'s and `read`'s names come from.
    lister: Option<String>,
    /// What finders printed, as the stand-ins they pass on (the names and whether each stands
    /// for all under it) beside the names listed on disk (`finder::listed`), which a filter
    /// after them narrows exactly; the latest first.
    listed: Vec<(StandIn, Vec<Word>)>,
    /// Variables expanded and substitutions made outside double quotes in any text walked
    /// ([`syntax::Parsed::unquoted`]), and the loop variables whose values hold the pieces their
    /// names split into (`loops::split`): one of the first that is not one of the second is computed.
    unquoted: Vec<String>,
    split: Vec<String>,
    /// The places the gate guards, listed for the first argument of a program the table does not
    /// fully know (`writes::unknown`).
    guarded: Option<Vec<PathBuf>>,
    /// Directories of the project, or relative to where a command runs, that the call puts on
    /// the PATH (`PATH=.:$PATH`, `PATH=$PWD/bin:$PATH`): a program's bare name found there (or
    /// written there by the call) runs that file.
    path_dirs: Vec<String>,
    /// Shell functions the call defines (`f() { …; }`), run where it calls them.
    functions: Vec<functions::Defined>,
    /// Texts parsed so far, and the number of the one being walked: a function is called only
    /// in the text that defines it.
    parses: usize,
    parse: usize,
    /// The variables whose values the call makes known (`values`).
    known: values::Known,
}

impl Seen {
    /// The environment's git configuration as `-c key=value` arguments.
    fn git_arguments(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (n, kv) in &self.git_config {
            let value = n.as_ref().and_then(|n| self.git_values.iter().find(|(m, _)| m == n)).map(|(_, v)| v.as_str());
            out.push("-c".to_string());
            out.push(match (n, value) {
                (Some(_), Some(v)) => format!("{kv}={v}"),
                _ => kv.clone(),
            });
        }
        out
    }
}

/// A command being peeled: its words from `at` on, and where it runs.
struct Peeled {
    all: Vec<Word>,
    at: usize,
    dirs: Dirs,
}

impl Peeled {
    fn words(&self) -> &[Word] {
        &self.all[self.at..]
    }

    /// The words after the program word.
    fn operands(&self) -> &[Word] {
        &self.all[self.at + 1..]
    }

    /// The command goes on at the program's argument `i` (a wrapper's command).
    fn continue_at(&mut self, i: usize) -> Step {
        self.at += 1 + i;
        Step::Next
    }
}

/// The program word of a command, its base name and its arguments' texts.
struct ProgramCall {
    prog: String,
    name: String,
    args: Vec<String>,
}

/// What a command is given besides its words.
struct Io<'a> {
    feed: &'a Feed,
    heredocs: &'a [String],
    reparse: usize,
}

/// What one layer of a command leaves: another layer to peel, or the command's output and the
/// directory change it makes.
enum Step {
    Next,
    Done(Feed, Option<Chdir>),
}

impl Step {
    fn unknown() -> Step {
        Step::Done(Feed::Unknown, None)
    }
}

fn lit_word(text: &str) -> Word {
    Word { parts: vec![Part::Lit(text.to_string())] }
}

fn expand_home(p: &str, home: Option<&Path>) -> String {
    match (p.strip_prefix('~'), home) {
        (Some(rest), Some(h)) if rest.is_empty() || rest.starts_with('/') => format!("{}{rest}", h.to_string_lossy()),
        _ => p.to_string(),
    }
}

/// A path in a program's own option text (`git apply --directory=$HOME`), as the shell gave it:
/// `~`, `$HOME` and `${HOME}` are the home directory; any other expansion left is computed (`None`).
fn home_text(p: &str, home: Option<&Path>) -> Option<String> {
    let h = home.map(|h| h.to_string_lossy().into_owned()).unwrap_or_else(|| "~".into());
    let p = expand_home(&p.replace("${HOME}", &h).replace("$HOME", &h), home);
    (!p.contains(['$', '`'])).then_some(p)
}

/// A runner's argument with the home directory written out wherever the shell, or the runner
/// itself, reads one: a leading `~`, one after an option's `=` or a joined short flag
/// (`--prefix=~/x`, `-C~/x`), `$HOME` and `${HOME}`. A runner's directory or file option
/// (`make -C ~/src/other`, `npm --prefix "$HOME/x"`) then names where its recipes are read.
fn home_spelled(arg: &str, home: Option<&Path>) -> String {
    let Some(h) = home.map(|h| h.to_string_lossy().into_owned()) else { return arg.to_string() };
    let arg = arg.replace("${HOME}", &h);
    let mut out = String::new();
    let mut rest = arg.as_str();
    while let Some(i) = rest.find("$HOME") {
        let after = &rest[i + 5..];
        let whole = !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
        out.push_str(&rest[..i]);
        out.push_str(if whole { &h } else { "$HOME" });
        rest = after;
    }
    out.push_str(rest);
    let at = if out.starts_with('-') {
        out.find("=~").map(|i| i + 1).or_else(|| (!out.starts_with("--") && out.get(2..).is_some_and(|t| t.starts_with('~'))).then_some(2))
    } else {
        Some(0)
    };
    match at {
        Some(at) => format!("{}{}", &out[..at], expand_home(&out[at..], home)),
        None => out,
    }
}

/// The value of the first of `flags` in `args` (`-D dir`, `--chdir=dir`, `-Ddir`).
fn option_value(args: &[String], flags: &[&str]) -> Option<String> {
    for (i, a) in args.iter().enumerate() {
        for f in flags {
            if a == f {
                return args.get(i + 1).cloned();
            }
            if let Some(v) = a.strip_prefix(f) {
                if f.starts_with("--") {
                    if let Some(v) = v.strip_prefix('=') {
                        return Some(v.to_string());
                    }
                } else if !v.is_empty() && f.len() == 2 {
                    return Some(v.to_string());
                }
            }
        }
    }
    None
}

fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| syntax::is_name(name.trim_end_matches('+')))
}

/// `/usr/bin/rm` → `rm`; `\rm` has already lost its backslash in the parser. The dynamic loader,
/// whatever its file is called (`/lib64/ld-linux-x86-64.so.2`, `ld-musl-x86_64.so.1`), is
/// `ld.so`: it runs the program it is given, as a wrapper does.
fn program_name(word: &str) -> &str {
    let name = word.rsplit('/').next().filter(|s| !s.is_empty()).unwrap_or(word);
    let loader = ["ld-linux", "ld-musl", "ld64.so", "ld.so"].iter().any(|l| name.starts_with(l)) && name.contains(".so");
    if loader { "ld.so" } else { name }
}

fn text(prog: &str, args: &[String]) -> String {
    let mut t = prog.to_string();
    for a in args {
        t.push(' ');
        t.push_str(&quote(a));
    }
    t
}

/// Words as `gitvow check` shows them: each quoted where the shell would read it otherwise
/// (`find . -name '*.o'`).
fn shown_words(words: &[Word]) -> String {
    let shown = |t: String| if t.contains(['*', '?', '[', '{', '~', '$']) { format!("'{}'", t.replace('\'', r"'\''")) } else { quote(&t) };
    words.iter().map(|w| shown(w.text())).collect::<Vec<_>>().join(" ")
}

/// An argument as one regex-visible unit: in single quotes when it holds blanks or shell operators.
fn quote(arg: &str) -> String {
    let needs = arg.is_empty() || arg.chars().any(|c| c.is_whitespace() || "'\";&|<>()`".contains(c));
    if needs { format!("'{}'", arg.replace('\'', r"'\''")) } else { arg.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(cmd: &str) -> Vec<String> {
        simple_commands(cmd)
    }

    fn in_dir(cmd: &str) -> Analysis {
        analyse_in(cmd, &Context { cwd: Path::new("/r"), home: Some(Path::new("/h")), repo_top: Some(Path::new("/r")) })
    }

    fn touched(cmd: &str) -> Vec<String> {
        in_dir(cmd).touched.iter().map(|t| t.path.to_string_lossy().into_owned()).collect()
    }

    #[test]
    fn a_runners_arguments_name_the_home_directory_as_the_shell_does() {
        let h = Some(Path::new("/h"));
        assert_eq!(home_spelled("~/src/other", h), "/h/src/other");
        assert_eq!(home_spelled("--prefix=~/x", h), "--prefix=/h/x");
        assert_eq!(home_spelled("-C~/x", h), "-C/h/x");
        assert_eq!(home_spelled("$HOME/x", h), "/h/x");
        assert_eq!(home_spelled("${HOME}", h), "/h");
        assert_eq!(home_spelled("$HOMER/x", h), "$HOMER/x");
        assert_eq!(home_spelled("~bob/x", h), "~bob/x");
        assert_eq!(home_spelled("a~/x", h), "a~/x");
        assert_eq!(home_spelled("-", h), "-");
        assert_eq!(home_spelled("~/x", None), "~/x");
    }

    #[test]
    fn chains_and_pipes_split() {
        assert_eq!(
            texts("make && git push || echo no; ls | wc -l & true"),
            ["make", "git push", "git push", "echo no", "ls", "wc -l", "true"]
        );
    }

    #[test]
    fn quoted_arguments_stay_arguments() {
        assert_eq!(texts(r#"git commit -m "never git push --force""#)[0], "git commit -m 'never git push --force'");
    }

    #[test]
    fn wrappers_are_peeled() {
        let t = texts("sudo -u root env FOO=1 timeout -s KILL 10 nice -n 5 rm -rf /");
        // The command's text, then what it does.
        assert_eq!(&t[t.len() - 2..], ["rm -rf /", "effect delete-recursive root /"]);
        assert!(texts("bash -lc 'cd x && git push -f'").contains(&"git push --force".to_string()));
        assert!(texts("npx -y wrangler@3 deploy").contains(&"wrangler deploy".to_string()));
        assert!(texts("busybox rm -rf /").contains(&"rm -rf /".to_string()));
        assert!(
            texts("python3 -m twine upload dist/*").contains(&"twine upload 'dist/*'".to_string())
                || texts("python3 -m twine upload dist/*").iter().any(|t| t.starts_with("twine upload"))
        );
        assert!(texts("docker exec -it web rm -rf /").contains(&"rm -rf /".to_string()));
        assert!(texts("kubectl exec -n x pod -- rm -rf /").contains(&"rm -rf /".to_string()));
    }

    #[test]
    fn heredoc_bodies_are_data_unless_fed_to_a_shell() {
        let commit = "git commit -m \"$(cat <<'EOF'\nIt's done: rm -rf / (safe)\nEOF\n)\" && echo ok";
        let a = in_dir(commit);
        assert!(a.opaque.is_none(), "{a:?}");
        assert!(!a.texts.iter().any(|t| t.starts_with("rm")), "{a:?}");
        let fed = in_dir("bash <<EOF\nrm -rf /\nEOF\n");
        assert!(fed.texts.contains(&"rm -rf /".to_string()));
        assert!(fed.opaque.is_some());
    }

    #[test]
    fn apply_patch_bodies_are_patches() {
        let a = analyse("cd x && apply_patch <<'EOF'\n*** Begin Patch\nEOF\nsh -c 'applypatch \"*** Begin Patch 2\"'");
        let texts: Vec<&str> = a.patches.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["*** Begin Patch\n", "*** Begin Patch 2"]);
        let here = std::env::current_dir().unwrap();
        assert_eq!(a.patches[0].dirs, Some(vec![lexical(&here.join("x"))]));
        assert_eq!(analyse("cd \"$D\" && apply_patch '*** Begin Patch'").patches[0].dirs, None);
        assert!(analyse("echo apply_patch; apply_patch --help").patches.is_empty());
    }

    #[test]
    fn redirections_are_writes() {
        let t = texts("echo x >> ~/.claude/settings.json 2>/dev/null");
        assert_eq!(&t[..2], ["> ~/.claude/settings.json", "> /dev/null"]);
        assert_eq!(texts("cmd 2>&1 >&2"), ["cmd"]);
    }

    #[test]
    fn the_working_directory_follows_cd() {
        assert_eq!(touched("cd .gitvow && echo '{}' > policy.json"), ["/r/.gitvow/policy.json"]);
        assert_eq!(touched("cd ~/.claude; sed -i 's/a/b/' settings.json"), ["/h/.claude/settings.json", "/r/settings.json"]);
        assert_eq!(touched("(cd sub && touch a); touch b"), ["/r/sub/a", "/r/b"]);
        assert_eq!(touched("git -C 'my dir' rm x"), ["/r/my dir/x"]);
        assert_eq!(touched("pushd /tmp && rm x && popd && rm y"), ["/tmp/x", "/r/y"]);
        assert!(in_dir("cd \"$X\" && rm y").opaque.is_some());
    }

    #[test]
    fn what_the_shell_computes_is_opaque() {
        // A program named by a variable the call gave one value is that program (see `values`).
        assert!(in_dir("G=git; $G push -f").texts.contains(&"git push -f".to_string()));
        for cmd in [
            "read G; $G push -f",
            "$'\\x67it' push",
            "r? -rf /",
            "{rm,-rf} /",
            "eval \"$X\"",
            "echo 'git push -f' | bash",
            "bash <<< 'ls'",
            "curl x | sh",
            "bash <(curl x)",
            "source <(curl x)",
            "python3 - <<EOF\nprint($X)\nEOF",
        ] {
            assert!(in_dir(cmd).opaque.is_some(), "{cmd}");
        }
        for cmd in [
            "ls $HOME",
            "rm -rf build/$name",
            "cat *.txt",
            "eval 'git status'",
            "python3 -c 'print(1)'",
            "python3 - <<'EOF'\nprint(1)\nEOF",
            "bash ./build.sh",
            "source .venv/bin/activate",
            "bash -n \"$f\"",
            "sh -nv -c \"$X\"",
        ] {
            assert!(in_dir(cmd).opaque.is_none(), "{cmd}");
        }
    }

    #[test]
    fn sql_is_read_from_heredocs_pipes_and_options() {
        assert!(in_dir("psql <<'SQL'\nDROP DATABASE prod;\nSQL").texts.contains(&"sql drop database prod".to_string()));
        assert!(in_dir("echo 'delete from t' | mysql db").texts.contains(&"sql delete from t".to_string()));
        assert!(in_dir("sqlite3 db.sqlite 'DROP TABLE t'").texts.contains(&"sql drop table t".to_string()));
        assert!(in_dir("psql -c \"SELECT replace(a, 'x', 'y')\"").texts.contains(&"sql select replace(a, '', '')".to_string()));
    }
}
