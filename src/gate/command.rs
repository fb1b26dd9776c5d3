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

pub(crate) mod code;
mod diff;
pub mod effects;
mod git;
mod identity;
pub mod place;
pub(crate) mod powershell;
mod programs;
mod sql;
pub mod syntax;

pub use place::{Context, Glob, Touch, lexical};
use programs::Operands;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use syntax::{Node, Parsed, Part, RedirOp, Sep, Simple, Word};

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
    /// The patch texts given to `apply_patch`/`applypatch` (heredoc body, or an argument holding
    /// `*** Begin Patch`): the shell writes those files, so they are gated as edits.
    pub patches: Vec<String>,
    /// What the command does to files, by kind and place (see [`effects`]); each is also one of
    /// `texts`, `effect <kind> <class> <path>`, for the rules.
    pub effects: Vec<effects::Effect>,
    /// Why the command could not be analysed, when it could not.
    pub opaque: Option<&'static str>,
    /// Directories the command makes (`mkdir`, `mkdir -p`: the topmost one missing) that do not
    /// exist now: whatever it writes under them is a new file, not a change of one.
    pub made_dirs: Vec<PathBuf>,
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
    walk.code_effects(powershell::read(script), &Shell::new(ctx.cwd), 0);
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
    let mut shell = Shell::new(ctx.cwd);
    walk.text(command, &mut shell, 0);
    // A trap runs when the shell exits: with the variables the whole call has set by then.
    for (script, mut at) in std::mem::take(&mut walk.seen.traps) {
        walk.text(&script, &mut at, 1);
    }
    let effect_texts: Vec<String> = walk.out.effects.iter().map(effects::Effect::text).collect();
    walk.out.texts.extend(effect_texts);
    if walk.out.texts.len() > MAX_TEXTS {
        // Every text is matched against every rule: the first ones are judged, the rest asked about.
        walk.out.texts.truncate(MAX_TEXTS);
        walk.opaque("it runs more commands than the analyser follows");
    }
    walk.out
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

    /// Each directory joined with `rel` (which may be absolute).
    fn join(&self, rel: &str) -> Dirs {
        match self {
            Dirs::Known(ds) => Dirs::Known(ds.iter().map(|d| lexical(&d.join(rel))).collect()),
            Dirs::Unknown if rel.starts_with('/') => Dirs::Known(vec![lexical(Path::new(rel))]),
            Dirs::Unknown => Dirs::Unknown,
        }
    }
}

/// The shell's state that later commands see.
#[derive(Clone, Debug)]
struct Shell {
    dirs: Dirs,
    oldpwd: Dirs,
    /// `pushd` remembers where it came from.
    stack: Vec<Dirs>,
}

impl Shell {
    fn new(cwd: &Path) -> Shell {
        let here = Dirs::Known(vec![lexical(cwd)]);
        Shell { dirs: here.clone(), oldpwd: here, stack: Vec::new() }
    }
}

/// What a command reads on standard input.
#[derive(Clone, Debug, PartialEq)]
enum Feed {
    None,
    /// Text the analysis knows: a heredoc, a here-string, `echo '…' |`.
    Text(String),
    /// A file: `< file`, `cat file |`.
    File(PathBuf),
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

/// What earlier commands of the call leave behind for later ones to be read by.
#[derive(Default)]
struct Seen {
    /// Variables that hold a new temporary path (`tmp=$(mktemp -d)`).
    temps: Vec<String>,
    /// Variables the call sets: `$TMPDIR` is the temporary directory only while the call leaves it.
    assigned: Vec<String>,
    /// `trap` scripts, read when the call ends, in the directory the trap was set in.
    traps: Vec<(String, Shell)>,
    /// Files the call writes, with their text where the analyser knows it (`printf '…' > a.sh`):
    /// a script written and run in one call is read as what was written; one whose text it
    /// cannot see (`base64 -d > a.sh`, `curl -o a.sh`) is opaque when run.
    scripts: Vec<(PathBuf, Option<String>)>,
    /// Files the call makes copies or links of gitvow at.
    gitvow_copies: Vec<PathBuf>,
    /// git configuration given in the environment (`GIT_CONFIG_PARAMETERS`,
    /// `GIT_CONFIG_KEY_<n>`/`GIT_CONFIG_VALUE_<n>`), as `key=value`, by index for the numbered form.
    git_config: Vec<(Option<String>, String)>,
    git_values: Vec<(String, String)>,
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

/// Shell words that start a compound command or negate one: the program comes after them.
const KEYWORDS: &[&str] = &["!", "{", "}", "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "[[", "]]", "coproc"];

impl Walk<'_> {
    fn opaque(&mut self, why: &'static str) {
        self.out.opaque.get_or_insert(why);
    }

    fn over_budget(&mut self) -> bool {
        if self.out.opaque.is_some() && self.commands > MAX_COMMANDS {
            return true;
        }
        self.commands += 1;
        if self.commands > MAX_COMMANDS {
            self.opaque("it runs more commands than the analyser follows");
            return true;
        }
        if self.commands.is_multiple_of(64) && self.started.elapsed() > TIME_BUDGET {
            self.opaque("it takes longer to analyse than the analyser's time budget");
            self.commands = MAX_COMMANDS + 1;
            return true;
        }
        false
    }

    /// Parses and walks a text the shell would run (the line itself, `sh -c` scripts, `eval`).
    fn text(&mut self, text: &str, shell: &mut Shell, reparse: usize) {
        if reparse > MAX_REPARSE {
            self.opaque("it nests shells deeper than the analyser follows");
            return;
        }
        let parsed = syntax::parse(text);
        if let Some(why) = parsed.opaque {
            self.opaque(why);
        }
        self.script(&parsed, 0, shell, reparse);
    }

    fn script(&mut self, p: &Parsed, id: usize, shell: &mut Shell, reparse: usize) {
        let Some(script) = p.scripts.get(id) else { return };
        for pipeline in &script.pipelines {
            let single = pipeline.nodes.len() == 1;
            let mut feed = Feed::None;
            for node in &pipeline.nodes {
                if self.over_budget() {
                    return;
                }
                match node {
                    Node::Subshell(inner) => {
                        let mut sub = shell.clone();
                        self.script(p, *inner, &mut sub, reparse);
                        feed = Feed::Unknown;
                    }
                    Node::Simple(cmd) => {
                        let (output, chdir) = self.simple(p, cmd, feed, shell, reparse);
                        feed = output;
                        // `cd` in a pipeline or in the background runs in a subshell.
                        if single && pipeline.sep != Sep::Background {
                            match chdir {
                                Some(Chdir::To(to)) => {
                                    let old = shell.dirs.clone();
                                    // After `cd x && …` the command runs in x; after `cd x; …` or
                                    // `cd x || …` also here, should the `cd` fail.
                                    shell.dirs = if pipeline.sep == Sep::And { to } else { to.union(&old) };
                                    shell.oldpwd = old;
                                }
                                Some(Chdir::Pop) => {
                                    let old = shell.dirs.clone();
                                    shell.dirs = shell.stack.pop().unwrap_or(Dirs::Unknown);
                                    shell.oldpwd = old;
                                }
                                None => {}
                            }
                        }
                    }
                }
            }
        }
    }

    /// One simple command: its substitutions, redirections and words.
    fn simple(&mut self, p: &Parsed, cmd: &Simple, pipe: Feed, shell: &mut Shell, reparse: usize) -> (Feed, Option<Chdir>) {
        // Substitutions run first, in a subshell each.
        let words_scripts = cmd.words.iter().chain(cmd.redirs.iter().map(|r| &r.target)).flat_map(Word::scripts);
        let body_scripts = cmd.redirs.iter().filter_map(|r| r.body).filter_map(|b| p.bodies.get(b)).flat_map(|b| b.scripts.iter().copied());
        let scripts: Vec<usize> = words_scripts.chain(body_scripts).collect();
        for s in scripts {
            let mut sub = shell.clone();
            self.script(p, s, &mut sub, reparse);
        }
        let mut feed = pipe;
        for r in &cmd.redirs {
            match r.op {
                RedirOp::Write => {
                    let target = r.target.text();
                    self.out.texts.push(format!("> {target}"));
                    if !target.starts_with('/') && shell.dirs != Dirs::Known(vec![lexical(self.ctx.cwd)]) {
                        // `cd /dev && cat x > sda`: the text the rules see names the real place.
                        if let Dirs::Known(ds) = &shell.dirs {
                            for d in ds.clone() {
                                self.out.texts.push(format!("> {}", self.shown(&d.join(&target))));
                            }
                        }
                    }
                    self.effect(effects::Kind::Overwrite, &r.target, &shell.dirs.clone());
                }
                RedirOp::HereDoc => feed = Feed::Text(r.body.and_then(|b| p.bodies.get(b)).map(|b| b.text.clone()).unwrap_or_default()),
                RedirOp::HereString => feed = r.target.literal().map_or(Feed::Unknown, Feed::Text),
                RedirOp::Read => {
                    feed = match self.paths(&r.target, &shell.dirs) {
                        Some(mut ps) if ps.len() == 1 && ps[0].glob.is_none() => Feed::File(ps.remove(0).path),
                        _ => Feed::Unknown,
                    }
                }
                RedirOp::Dup => {}
            }
        }
        let heredocs: Vec<String> =
            cmd.redirs.iter().filter_map(|r| r.body).filter_map(|b| p.bodies.get(b)).map(|b| b.text.clone()).collect();
        let dirs = shell.dirs.clone();
        let (output, chdir) = self.run(cmd.words.clone(), dirs.clone(), &feed, &heredocs, shell, reparse);
        let text = match &output {
            Feed::Text(text) => Some(text.clone()),
            _ => None,
        };
        for r in cmd.redirs.iter().filter(|r| r.op == RedirOp::Write) {
            self.wrote(&r.target, &dirs, text.clone());
        }
        (output, chdir)
    }

    /// Peels keywords, assignments, wrappers and runners off a command and judges what is left.
    fn run(
        &mut self,
        mut all: Vec<Word>,
        mut dirs: Dirs,
        feed: &Feed,
        heredocs: &[String],
        shell: &mut Shell,
        reparse: usize,
    ) -> (Feed, Option<Chdir>) {
        // The command is `all[at..]`; peeling a wrapper moves `at` (no copy of the words).
        let mut at = 0;
        for _ in 0..MAX_PEELS {
            let skip =
                all[at..].iter().take_while(|w| w.literal().is_some_and(|t| KEYWORDS.contains(&t.as_str())) || self.assignment(w)).count();
            at += skip;
            let words = &all[at..];
            let Some(first) = words.first() else { return (Feed::Unknown, None) };
            let Some(prog) = first.literal() else {
                self.out.texts.push(words.iter().map(|w| quote(&w.text())).collect::<Vec<_>>().join(" "));
                self.opaque(
                    "a program name is computed by the shell (a variable, a substitution, a glob or brace expansion, or ANSI-C quoting)",
                );
                return (Feed::Unknown, None);
            };
            let name = program_name(&prog).to_string();
            if matches!(name.as_str(), "for" | "select" | "case" | "function" | "in" | "esac") {
                // A loop or case head names no program; its body is read on its own.
                return (Feed::Unknown, None);
            }
            let args: Vec<String> = words[1..].iter().map(Word::text).collect();
            let text = text(&name, &args);
            if text.len() > MAX_TEXT {
                self.opaque("one of its commands is longer than the analyser reads");
                return (Feed::Unknown, None);
            }
            match self.moved(&name, &words[1..], &dirs) {
                Some(texts) => self.out.texts.extend(texts),
                None => self.out.texts.push(text),
            }
            if self.commands > MAX_COMMANDS {
                return (Feed::Unknown, None);
            }
            if let Some(sub) =
                name.strip_prefix("git-").filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
            {
                // `/usr/libexec/git-core/git-push` is `git push`.
                let sub = lit_word(sub);
                all[at] = lit_word("git");
                all.insert(at + 1, sub);
                continue;
            }
            if programs::computed_subcommand(&name, &words[1..]) {
                self.opaque("a subcommand is computed by the shell");
            }
            if name != "gitvow" && identity::guarded_subcommand(&args) {
                self.identify(&prog, &args, &dirs);
            }
            if prog.contains('/') {
                self.written_script(first, &dirs, shell, reparse);
            }
            match name.as_str() {
                "cd" | "pushd" | "popd" | "chdir" => return (Feed::None, self.chdir(&name, &words[1..], &dirs, shell)),
                "echo" | "printf" => {
                    let literal: Option<Vec<String>> = words[1..].iter().map(Word::literal).collect();
                    // `\n` is a new line to printf, `echo -e` and sh's echo: what a script written so holds.
                    return (literal.map_or(Feed::Unknown, |l| Feed::Text(l.join(" ").replace("\\n", "\n"))), None);
                }
                "cat" if args.is_empty() || args == ["-"] => return (feed.clone(), None),
                "cat" if args.len() == 1 => {
                    let out = match self.paths(&words[1], &dirs) {
                        Some(mut ps) if ps.len() == 1 && ps[0].glob.is_none() => Feed::File(ps.remove(0).path),
                        _ => Feed::Unknown,
                    };
                    return (out, None);
                }
                "env" => match env_command(&args) {
                    EnvCommand::At(i, chdir) => {
                        for w in &words[1..1 + i] {
                            self.assignment(w);
                        }
                        if let Some(d) = chdir {
                            dirs = dirs.join(&d);
                        }
                        at += 1 + i;
                        continue;
                    }
                    EnvCommand::Split(script) => {
                        self.text(&script, &mut shell.clone(), reparse + 1);
                        return (Feed::Unknown, None);
                    }
                    EnvCommand::Nothing => return (Feed::Unknown, None),
                },
                "sudo" | "doas" => {
                    if let Some(d) = option_value(&args, &["-D", "--chdir"]) {
                        dirs = dirs.join(&d);
                    }
                    match programs::wrapped(&name, &args) {
                        Some(i) => {
                            at += 1 + i;
                            continue;
                        }
                        None => return (Feed::Unknown, None),
                    }
                }
                "xargs" => {
                    let i = programs::skip_options(
                        &args,
                        "adEILnPs",
                        &["--arg-file", "--delimiter", "--max-args", "--max-procs", "--replace", "--max-lines", "--eof", "--max-chars"],
                    );
                    if i >= args.len() {
                        return (Feed::Unknown, None);
                    }
                    let inner = program_name(&args[i]);
                    if !matches!(feed, Feed::None)
                        && (programs::SHELLS.contains(&inner) || programs::is_interpreter(inner) || inner == "eval")
                    {
                        // `… | xargs sh -c '{}'`: what the shell runs comes from standard input.
                        self.opaque("it feeds text to a shell or an interpreter");
                    }
                    at += 1 + i;
                    // The arguments come from standard input: when that is known text, they are known.
                    match feed {
                        Feed::Text(t) => all.extend(t.split_whitespace().map(lit_word)),
                        // `ls ~ | xargs rm -rf`: a tree removal of names the analyser cannot see.
                        _ if programs::effect_of(program_name(&args[i]), &args[i + 1..], false) == Some(effects::Kind::DeleteRecursive) => {
                            self.opaque("it removes trees named by its input, which the analyser cannot see");
                        }
                        _ => {}
                    }
                    continue;
                }
                "find" | "fd" | "fdfind" => {
                    self.find(&words[1..], &args, &dirs, shell, reparse);
                    return (Feed::Unknown, None);
                }
                "eval" => {
                    match words[1..].iter().map(Word::literal).collect::<Option<Vec<String>>>() {
                        Some(parts) => self.text(&parts.join(" "), &mut Shell { dirs: dirs.clone(), ..shell.clone() }, reparse + 1),
                        None => self.opaque("it evaluates text the shell computes"),
                    }
                    return (Feed::Unknown, None);
                }
                "source" | "." => {
                    match words.get(1) {
                        Some(w) if w.literal().is_some_and(|t| !is_stdin_path(&t)) => self.written_script(w, &dirs, shell, reparse),
                        Some(_) => self.opaque("it sources a script the analyser cannot read"),
                        None => {}
                    }
                    return (Feed::Unknown, None);
                }
                // An alias runs its value wherever its name is used later.
                "alias" => {
                    for w in &words[1..] {
                        if let Some((_, value)) = w.literal().as_deref().and_then(|t| t.split_once('=')) {
                            self.text(value, &mut Shell { dirs: dirs.clone(), ..shell.clone() }, reparse + 1);
                        }
                    }
                    return (Feed::Unknown, None);
                }
                // `export GIT_CONFIG_PARAMETERS=…` sets what later git commands read.
                "export" | "declare" | "typeset" | "local" | "readonly" => {
                    for w in &words[1..] {
                        self.assignment(w);
                    }
                    return (Feed::Unknown, None);
                }
                "trap" => {
                    if let Some(script) = words.get(1).and_then(Word::literal) {
                        self.seen.traps.push((script, Shell { dirs: dirs.clone(), ..shell.clone() }));
                    }
                    return (Feed::Unknown, None);
                }
                "su" | "script" | "runuser" | "sg" | "machinectl" if programs::command_option(&args).is_some() => {
                    match programs::command_option(&args) {
                        Some(programs::CommandOption::Word(k)) => self.script_word(&words[1 + k], &dirs, shell, reparse),
                        Some(programs::CommandOption::Attached(script)) => {
                            self.text(&script, &mut Shell { dirs: dirs.clone(), ..shell.clone() }, reparse + 1)
                        }
                        None => {}
                    }
                    return (Feed::Unknown, None);
                }
                // BSD `script [-q] file command…`.
                "script" => {
                    let i = programs::skip_options(&args, "tTIOEB", &["--timing", "--log-io", "--log-in", "--log-out", "--echo"]);
                    if i + 1 < args.len() {
                        at += 2 + i;
                        continue;
                    }
                    return (Feed::Unknown, None);
                }
                // `at`, `batch`: the script on standard input runs later, unseen by any hook.
                "at" | "batch" => {
                    if !args.iter().any(|a| a == "-l" || a == "-r" || a == "-d" || a == "-c") {
                        self.fed(feed, &dirs, shell, reparse, true);
                        self.opaque("it schedules commands to run later");
                    }
                    return (Feed::Unknown, None);
                }
                "tmux" | "screen" => {
                    if let Some(script) = programs::multiplexer_command(&name, &args) {
                        self.text(&script, &mut Shell { dirs: Dirs::Unknown, ..shell.clone() }, reparse + 1);
                    }
                    return (Feed::Unknown, None);
                }
                "patch" => {
                    let strip = option_value(&args, &["-p", "--strip"]).and_then(|n| n.parse().ok()).unwrap_or(0);
                    let input = option_value(&args, &["-i", "--input"]);
                    let here = match option_value(&args, &["-d", "--directory"]) {
                        Some(d) => dirs.join(&d),
                        None => dirs.clone(),
                    };
                    // `patch [original [patchfile]]`: the second operand is the patch.
                    let operands = programs::skip_options(&args, "pidDoBrVYzFg", &["--strip", "--input", "--directory", "--output"]);
                    let files: Vec<String> = input.into_iter().chain(args.get(operands + 1).cloned()).collect();
                    self.patched(&files, feed, strip, &here);
                    return (Feed::Unknown, None);
                }
                "expect" => {
                    self.opaque("it runs an expect script, which the analyser does not read");
                    return (Feed::Unknown, None);
                }
                "nix-shell" | "nix" | "devenv" if option_value(&args, &["--run", "--command", "-c"]).is_some() => {
                    let flags = ["--run", "--command", "-c"];
                    let script = option_value(&args, &flags).unwrap_or_default();
                    self.script_value(&words[1..], &flags, &script, &dirs, shell, reparse);
                    return (Feed::Unknown, None);
                }
                "flock" => match flock_command(&args) {
                    Some(FlockCommand::At(i)) => {
                        at += 1 + i;
                        continue;
                    }
                    Some(FlockCommand::Script(i)) => {
                        self.script_word(&words[1 + i], &dirs, shell, reparse);
                        return (Feed::Unknown, None);
                    }
                    None => return (Feed::Unknown, None),
                },
                "watch" => {
                    let i = programs::skip_options(&args, "nd", &["--interval", "--differences"]);
                    let rest = &words[1 + i.min(args.len())..];
                    self.joined_script(rest, &dirs, shell, reparse);
                    return (Feed::Unknown, None);
                }
                "ssh" => {
                    // `ssh [options] host command…`: the command runs in a shell over there.
                    let i = programs::skip_options(&args, "bcDEeFIiJLlmOopQRSWw", &[]);
                    if i + 1 < args.len() {
                        let rest = &words[2 + i..];
                        self.joined_script(rest, &Dirs::Unknown, shell, reparse);
                    }
                    return (Feed::Unknown, None);
                }
                "apply_patch" | "applypatch" => {
                    let argument = args.iter().find(|a| a.contains("*** Begin Patch")).cloned();
                    self.out.patches.extend(heredocs.iter().cloned().chain(argument));
                    return (Feed::Unknown, None);
                }
                "git" => {
                    let mut args = self.seen.git_arguments();
                    args.extend(words[1..].iter().map(Word::text));
                    // A `!` alias, `submodule foreach` and `rebase --exec` run shell commands.
                    for script in git::alias_script(&args).into_iter().chain(git::shell_commands(&args)) {
                        self.text(&script, &mut Shell { dirs: dirs.clone(), ..shell.clone() }, reparse + 1);
                    }
                    self.git(&args, &dirs, feed);
                    return (Feed::Unknown, None);
                }
                shell_name if programs::SHELLS.contains(&shell_name) => {
                    self.shell(&words[1..], &args, feed, &dirs, shell, reparse);
                    return (Feed::Unknown, None);
                }
                _ => {}
            }
            if let Some(i) = programs::runner(&name, &args) {
                let program =
                    if name == "yarn" && args[i] == "npm" { "npm".to_string() } else { programs::package_program(&args[i]).to_string() };
                at += 1 + i;
                all[at] = lit_word(&program);
                continue;
            }
            if name.starts_with("python")
                && let Some(i) = programs::python_module(&args)
            {
                at += 1 + i;
                continue;
            }
            if let Some(i) = programs::wrapped(&name, &args) {
                at += 1 + i;
                continue;
            }
            if programs::is_interpreter(&name) {
                let here = Shell { dirs: dirs.clone(), ..shell.clone() };
                self.interpreter(&name, &words[1..], &args, feed, &here, reparse);
                return (Feed::Unknown, None);
            }
            if let Some(db) = programs::db_client(&name) {
                self.database(&name, &db, &words[1..], &args, feed, &dirs);
                return (Feed::Unknown, None);
            }
            self.files(&name, &words[1..], &args, &dirs);
            return (Feed::Unknown, None);
        }
        self.opaque("it nests wrappers deeper than the analyser follows");
        (Feed::Unknown, None)
    }

    /// A file changer's text after `cd`: relative operands named where they are, so that
    /// `cd build && rm -rf *` reads `rm -rf build/*`, not the `rm -rf *` of the call's directory.
    /// `None` when the command runs where the call does.
    fn moved(&self, name: &str, args: &[Word], dirs: &Dirs) -> Option<Vec<String>> {
        programs::file_changer(name)?;
        let here = lexical(self.ctx.cwd);
        let Dirs::Known(ds) = dirs else { return None };
        if ds.iter().all(|d| *d == here) {
            return None;
        }
        let texts = ds.iter().map(|d| {
            let args: Vec<String> = args
                .iter()
                .map(|w| {
                    let t = w.text();
                    if *d == here || t.starts_with(['-', '/', '~', '$']) { t } else { self.shown(&d.join(&t)) }
                })
                .collect();
            text(name, &args)
        });
        Some(texts.collect())
    }

    /// `NAME=value` before a command (or alone). Git reads config from `GIT_CONFIG_*` variables:
    /// `GIT_CONFIG_KEY_0=core.hooksPath` is `git -c core.hooksPath=…` for the rules.
    fn assignment(&mut self, w: &Word) -> bool {
        let Some(Part::Lit(first)) = w.parts.first() else { return false };
        let Some((name, value)) = first.split_once('=') else { return false };
        if !syntax::is_name(name.trim_end_matches('+')) {
            return false;
        }
        // Variables that switch git hook managers off are as good as `--no-verify`.
        if matches!(name, "HUSKY" | "HUSKY_SKIP_HOOKS" | "LEFTHOOK" | "SKIP" | "PRE_COMMIT_ALLOW_NO_CONFIG" | "OVERCOMMIT_DISABLE") {
            self.out.texts.push(format!("env {}", w.text()));
        }
        if let Some(n) = name.strip_prefix("GIT_CONFIG_KEY_") {
            self.out.texts.push(format!("git -c {}=", git::config_key(value)));
            self.seen.git_config.push((Some(n.to_string()), git::config_key(value)));
        } else if let Some(n) = name.strip_prefix("GIT_CONFIG_VALUE_") {
            self.seen.git_values.push((n.to_string(), w.text()[name.len() + 1..].to_string()));
        } else if name == "GIT_CONFIG_PARAMETERS" {
            let text = w.text();
            for pair in git::parameters(&text[name.len() + 1..]) {
                self.out.texts.push(format!("git -c {pair}"));
                self.seen.git_config.push((None, pair));
            }
        }
        // `tmp=$(mktemp -d)`: a new name in the temporary directory, whatever it is; any other
        // value takes that away.
        let name = name.trim_end_matches('+');
        self.seen.temps.retain(|t| t != name);
        if !self.seen.assigned.iter().any(|a| a == name) {
            self.seen.assigned.push(name.to_string());
        }
        if let [Part::Lit(_), Part::Subst { raw, .. }] = w.parts.as_slice()
            && value.is_empty()
            && is_mktemp(raw)
        {
            self.seen.temps.push(name.to_string());
        }
        true
    }

    fn chdir(&mut self, name: &str, args: &[Word], dirs: &Dirs, shell: &mut Shell) -> Option<Chdir> {
        let operand = args.iter().find(|w| !w.text().starts_with('-') || w.text() == "-");
        if name == "popd" {
            return Some(Chdir::Pop);
        }
        let to = match operand {
            None => self.ctx.home.map_or(Dirs::Unknown, |h| Dirs::Known(vec![h.to_path_buf()])),
            Some(w) if w.text() == "-" => shell.oldpwd.clone(),
            Some(w) => match self.expand(w) {
                Some(Expanded::Exact(p)) => dirs.join(&p),
                _ => Dirs::Unknown,
            },
        };
        if name == "pushd" {
            shell.stack.push(dirs.clone());
        }
        Some(Chdir::To(to))
    }

    /// `bash -c 'script'`, `bash script.sh`, `bash <<EOF`, `curl … | bash`.
    fn shell(&mut self, words: &[Word], args: &[String], feed: &Feed, dirs: &Dirs, shell: &Shell, reparse: usize) {
        let mut expects_script = false;
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            i += 1;
            if a == "--" {
                break;
            }
            if a.starts_with("--") {
                if matches!(a, "--rcfile" | "--init-file") {
                    i += 1;
                }
            } else if let Some(flags) = a.strip_prefix(['-', '+']).filter(|f| !f.is_empty()) {
                expects_script |= a.starts_with('-') && flags.contains('c');
                if a.starts_with('-') && flags.contains('s') {
                    break;
                }
                if flags.ends_with(['o', 'O']) {
                    i += 1;
                }
            } else {
                i -= 1;
                if expects_script {
                    self.script_word(&words[i], dirs, shell, reparse);
                } else if words[i].literal().is_none_or(|t| is_stdin_path(&t)) {
                    self.opaque("it runs a script the analyser cannot read (a substitution or standard input)");
                } else {
                    self.written_script(&words[i], dirs, shell, reparse);
                }
                return;
            }
        }
        // No script operand: the shell reads its commands from standard input.
        self.fed(feed, dirs, shell, reparse, true);
    }

    /// Text fed to a shell or an interpreter on standard input. Known text fed to a shell is read
    /// (its commands may be denied); either way the gate asks, as it cannot see what runs.
    fn fed(&mut self, feed: &Feed, dirs: &Dirs, shell: &Shell, reparse: usize, is_shell: bool) {
        match feed {
            Feed::None => {}
            Feed::Text(t) => {
                if is_shell {
                    self.text(t, &mut Shell { dirs: dirs.clone(), ..shell.clone() }, reparse + 1);
                }
                self.opaque("it feeds text to a shell or an interpreter");
            }
            Feed::File(_) | Feed::Unknown => self.opaque("it feeds text to a shell or an interpreter"),
        }
    }

    /// `here` is the shell state the interpreter runs in (its directories included).
    fn interpreter(&mut self, name: &str, words: &[Word], args: &[String], feed: &Feed, here: &Shell, reparse: usize) {
        let inline = programs::inline_program_flags(name);
        if matches!(programs::language(name), Some(programs::Language::PowerShell))
            && args
                .iter()
                .any(|a| a.len() >= 2 && "-encodedcommand".starts_with(&a.to_ascii_lowercase()) && a.to_ascii_lowercase().starts_with("-e"))
        {
            self.opaque("it runs an encoded PowerShell command");
            return;
        }
        // awk's program is its first operand (unless `-f file` names one).
        let awk = name.ends_with("awk") && !args.iter().any(|a| a == "-f" || a.starts_with("--file"));
        // Every interpreter's first operand that is not an option is its script file.
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            let attached = inline.iter().any(|f| f.len() == 2 && a.starts_with(f) && a.len() > 2 && !a.starts_with("--"));
            if inline.contains(&a) || attached || (awk && !a.starts_with('-')) {
                // `python -c '…'`: literal text is seen by the rules as an argument, and the
                // commands it starts are read; computed text cannot be.
                let code = if inline.contains(&a) { words.get(i + 1) } else { words.get(i) };
                match code.map(|w| (w, w.literal())) {
                    Some((_, Some(text))) => {
                        let text = if attached { text[2..].to_string() } else { text };
                        self.code_effects(program_text(name, &text), here, reparse);
                    }
                    Some(_) => self.opaque("it runs program text the shell computes"),
                    None => {}
                }
                return;
            }
            if awk && (a == "-v" || a == "-F") {
                i += 2;
                continue;
            }
            if a == "-" {
                break;
            }
            if !a.starts_with('-') {
                if words[i].literal().is_none_or(|t| is_stdin_path(&t)) {
                    self.opaque("it runs a script the analyser cannot read (a substitution or standard input)");
                    return;
                }
                // A script the same call wrote is read as the text it wrote.
                for text in self.written_text(&words[i], &here.dirs) {
                    self.code_effects(program_text(name, &text), here, reparse);
                }
                return;
            }
            i += 1;
        }
        if !matches!(feed, Feed::None) {
            self.opaque("it feeds text to a shell or an interpreter");
        }
    }

    /// What program text does (an interpreter one-liner, a PowerShell script), as effects of the
    /// command: its removals, writes and moves are judged like `rm`'s, `>`'s and `mv`'s, the
    /// commands it starts are read as shell text.
    fn code_effects(&mut self, read: Vec<code::Effect>, here: &Shell, reparse: usize) {
        let word = |path: &str| match path.strip_prefix('~') {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => Word { parts: vec![Part::Tilde, Part::Lit(rest.to_string())] },
            _ => lit_word(path),
        };
        for e in read {
            match e {
                code::Effect::Remove { path, recursive } => {
                    let kind = if recursive { effects::Kind::DeleteRecursive } else { effects::Kind::Delete };
                    self.effect(kind, &word(&path), &here.dirs);
                }
                code::Effect::Write { path } => self.effect(effects::Kind::Overwrite, &word(&path), &here.dirs),
                code::Effect::Move { from, to } => {
                    self.effect(effects::Kind::Move, &word(&from), &here.dirs);
                    self.effect(effects::Kind::Overwrite, &word(&to), &here.dirs);
                }
                code::Effect::Run { command } => self.text(&command, &mut here.clone(), reparse + 1),
                code::Effect::Opaque { why } => self.opaque(why),
            }
        }
    }

    /// A script given as the value of an option (`su -c`, `nix-shell --run`).
    fn script_value(&mut self, words: &[Word], flags: &[&str], script: &str, dirs: &Dirs, shell: &Shell, reparse: usize) {
        let word = words.iter().position(|w| flags.contains(&w.text().as_str())).and_then(|i| words.get(i + 1));
        match word {
            Some(w) => self.script_word(w, dirs, shell, reparse),
            None => self.text(script, &mut Shell { dirs: dirs.clone(), ..shell.clone() }, reparse + 1),
        }
    }

    /// A word that holds a script (`sh -c WORD`): literal text is read, computed text cannot be.
    fn script_word(&mut self, word: &Word, dirs: &Dirs, shell: &Shell, reparse: usize) {
        match word.literal() {
            Some(script) => self.text(&script, &mut Shell { dirs: dirs.clone(), ..shell.clone() }, reparse + 1),
            None => self.opaque("it runs a script the shell computes"),
        }
    }

    /// `watch cmd args`, `ssh host cmd args`: the words joined are a script.
    fn joined_script(&mut self, words: &[Word], dirs: &Dirs, shell: &Shell, reparse: usize) {
        match words.iter().map(Word::literal).collect::<Option<Vec<String>>>() {
            Some(parts) => self.text(&parts.join(" "), &mut Shell { dirs: dirs.clone(), ..shell.clone() }, reparse + 1),
            None => self.opaque("it runs a script the shell computes"),
        }
    }

    /// `find DIR … -exec cmd {} \;` runs cmd on what it finds under DIR; `-delete` removes it.
    fn find(&mut self, words: &[Word], args: &[String], dirs: &Dirs, shell: &mut Shell, reparse: usize) {
        let starts: Vec<&Word> =
            words.iter().take_while(|w| !w.text().starts_with('-') && !matches!(w.text().as_str(), "(" | "!")).collect();
        let start = starts.first().map_or_else(|| lit_word("."), |w| (*w).clone());
        // `-name PATTERN` limits what is found to names matching it, at any depth: when the
        // pattern can name nothing the gate protects, what is found is `START/PATTERN`; else
        // anything under START.
        let name = args
            .iter()
            .position(|a| a == "-name" || a == "-iname")
            .and_then(|i| args.get(i + 1))
            .filter(|p| !p.contains('/') && !crate::gate::protect::may_name_protected(p));
        let found = |s: &Word| match name {
            Some(pattern) => Word { parts: s.parts.iter().cloned().chain([Part::Lit(format!("/{pattern}"))]).collect() },
            None => s.clone(),
        };
        if args.iter().any(|a| a == "-delete") {
            for s in &starts {
                self.effect(effects::Kind::DeleteRecursive, &found(s), dirs);
            }
        }
        let mut i = 0;
        while i < args.len() {
            if matches!(args[i].as_str(), "-exec" | "-execdir" | "-ok" | "-okdir" | "-x" | "--exec" | "-X" | "--exec-batch") {
                let begin = i + 1;
                let mut end = begin;
                while end < args.len() && args[end] != ";" && args[end] != "+" {
                    end += 1;
                }
                // `{}` is each thing found: the start directory (or its pattern) stands for all.
                let inner: Vec<Word> = words[begin..end].iter().map(|w| if w.text() == "{}" { found(&start) } else { w.clone() }).collect();
                let before = self.out.effects.len();
                self.run(inner, dirs.clone(), &Feed::None, &[], shell, reparse);
                // Run on everything found below the start, a deletion of each is a deletion of the tree.
                for e in &mut self.out.effects[before..] {
                    if e.kind == effects::Kind::Delete {
                        e.kind = effects::Kind::DeleteRecursive;
                    }
                }
                i = end;
            }
            i += 1;
        }
    }

    fn git(&mut self, args: &[String], dirs: &Dirs, feed: &Feed) {
        let g = git::canonical(args);
        self.out.texts.push(g.text.clone());
        let mut dirs = dirs.clone();
        for d in &g.chdir {
            dirs = dirs.join(&expand_home(d, self.ctx.home));
        }
        let Some(sub) = g.subcommand.as_deref() else { return };
        let operands = || g.args.iter().filter(|a| !a.starts_with('-'));
        match sub {
            // `git clean` removes files under the directory it runs in.
            "clean" if g.args.iter().any(|a| a == "--force") => {
                let here = lit_word(".");
                self.effect(effects::Kind::DeleteRecursive, &here, &dirs);
            }
            "rm" | "mv" => {
                for o in operands().cloned().collect::<Vec<_>>() {
                    self.touch(&lit_word(&o), &dirs);
                }
            }
            "apply" if !g.args.iter().any(|a| matches!(a.as_str(), "--stat" | "--numstat" | "--summary" | "--check")) => {
                let strip = g.args.iter().find_map(|a| a.strip_prefix("-p").and_then(|n| n.parse().ok())).unwrap_or(1);
                let files: Vec<String> = g.args.iter().filter(|a| !a.starts_with('-')).cloned().collect();
                let dirs = match g.args.iter().find_map(|a| a.strip_prefix("--directory=")) {
                    Some(d) => dirs.join(d),
                    None => dirs,
                };
                self.patched(&files, feed, strip, &dirs);
            }
            // Files come out of an index (perhaps another one than the repository's) into the prefix.
            "checkout-index" => {
                let prefix = g.args.iter().find_map(|a| a.strip_prefix("--prefix=")).unwrap_or("./");
                let home = self.ctx.home.map(|h| h.to_string_lossy().into_owned()).unwrap_or_else(|| "~".into());
                let prefix = expand_home(&prefix.replace("${HOME}", &home).replace("$HOME", &home), self.ctx.home);
                let into = Word { parts: vec![Part::Lit(format!("{}/", prefix.trim_end_matches('/'))), Part::Glob("*".into())] };
                self.extract_into(&into, &dirs);
            }
            "checkout" | "restore" => {
                if let Some(dd) = g.args.iter().position(|a| a == "--") {
                    for o in g.args[dd + 1..].iter() {
                        self.touch(&lit_word(o), &dirs);
                    }
                }
            }
            "config" => {
                if let Some(file) = g.args.iter().find_map(|a| a.strip_prefix("--file="))
                    && !matches!(g.args[0].as_str(), "get" | "list")
                {
                    self.touch(&lit_word(file), &dirs);
                }
            }
            _ => {}
        }
    }

    /// A database client: the statements it is given, wherever they come from.
    fn database(&mut self, name: &str, db: &programs::DbClient, words: &[Word], args: &[String], feed: &Feed, dirs: &Dirs) {
        let mut given = Vec::new();
        let mut files = Vec::new();
        let mut operands = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            let (flag, attached) = match a.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
                _ => (a, None),
            };
            let short_attached = |flags: &[&str]| {
                flags
                    .iter()
                    .find(|f| f.len() == 2 && a.len() > 2 && a.starts_with(**f) && !a.starts_with("--"))
                    .map(|f| a[f.len()..].to_string())
            };
            if db.inline.contains(&flag) || db.files.contains(&flag) {
                let value = attached.or_else(|| {
                    i += 1;
                    args.get(i).cloned()
                });
                if let Some(v) = value {
                    if db.inline.contains(&flag) { given.push(v) } else { files.push(v) }
                }
            } else if let Some(v) = short_attached(db.inline) {
                given.push(v);
            } else if let Some(v) = short_attached(db.files) {
                files.push(v);
            } else if db.values.contains(&flag) && attached.is_none() {
                i += 1;
            } else if !a.starts_with('-') {
                operands.push(i);
            }
            i += 1;
        }
        if db.operand_sql && operands.len() > 1 {
            given.extend(operands[1..].iter().map(|&k| args[k].clone()));
        }
        if name == "bq" && args.first().is_some_and(|a| a == "query") {
            given.extend(operands.iter().skip(1).map(|&k| args[k].clone()));
        }
        if words.iter().any(Word::is_computed) && (given.is_empty() && files.is_empty()) && !matches!(feed, Feed::None) {
            self.opaque("it feeds a database statements the analyser cannot see");
        }
        match feed {
            Feed::Text(t) => given.push(t.clone()),
            Feed::File(f) => files.push(f.to_string_lossy().into_owned()),
            Feed::Unknown => self.opaque("it feeds a database statements the analyser cannot see"),
            Feed::None => {}
        }
        for f in files {
            let path = match dirs.join(&expand_home(&f, self.ctx.home)) {
                Dirs::Known(ps) if ps.len() == 1 => ps[0].clone(),
                _ => {
                    self.opaque("it feeds a database statements the analyser cannot see");
                    continue;
                }
            };
            match read_small(&path) {
                Some(text) => given.push(text),
                None => self.opaque("it feeds a database statements the analyser cannot see"),
            }
        }
        for text in given {
            if db.sql {
                // psql's `\! cmd` runs a shell command.
                for line in text.lines() {
                    if let Some(cmd) = line.trim_start().strip_prefix("\\!") {
                        self.text(cmd, &mut Shell::new(self.ctx.cwd), MAX_REPARSE);
                    }
                }
                self.out.texts.extend(sql::statements(&text));
            } else {
                let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
                self.out.texts.push(format!("{name} {}", quote(&one_line)));
            }
        }
    }

    /// Files a program changes: operands of file changers, `sed -i`, `dd of=`, output options.
    fn files(&mut self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) {
        if let Some((operands, short, long)) = programs::file_changer(name) {
            let mut ops: Vec<&Word> = Vec::new();
            let mut target: Option<&Word> = None;
            let mut i = 0;
            let mut options_end = false;
            while i < args.len() {
                let a = args[i].as_str();
                if !options_end && a == "--" {
                    options_end = true;
                } else if !options_end && (a == "-t" || a == "--target-directory") && matches!(operands, Operands::Last | Operands::All) {
                    target = words.get(i + 1);
                    i += 1;
                } else if !options_end && a.starts_with("--target-directory=") {
                    let dir = a["--target-directory=".len()..].to_string();
                    self.touch(&lit_word(&dir), dirs);
                } else if !options_end
                    && a.starts_with('-')
                    && a.len() > 1
                    && !(operands == Operands::AfterFirst && ops.is_empty() && is_mode(a))
                {
                    let takes =
                        if a.starts_with("--") { !a.contains('=') && long.contains(&a) } else { a.len() == 2 && short.contains(&a[1..]) };
                    if takes {
                        i += 1;
                    }
                } else {
                    ops.push(&words[i]);
                }
                i += 1;
            }
            let chosen: Vec<&Word> = match operands {
                Operands::All => ops.clone(),
                Operands::AfterFirst => ops.iter().skip(1).copied().collect(),
                Operands::First => ops.iter().take(1).copied().collect(),
                Operands::Last if target.is_some() => vec![],
                // `ln -s target` alone makes a link named after the target, here.
                Operands::Last if ops.len() == 1 && name == "ln" => vec![],
                Operands::Last => ops.last().copied().into_iter().collect(),
            };
            if matches!(name, "cp" | "ln" | "link" | "install" | "rsync") {
                self.copies_of_gitvow(&ops, &chosen, target, dirs);
            }
            // A hard link is another name to write the file through: its source is changed too.
            if matches!(name, "ln" | "link")
                && !args.iter().any(|a| a == "--symbolic" || (a.starts_with('-') && !a.starts_with("--") && a.contains('s')))
            {
                for w in ops.iter().take(ops.len().saturating_sub(usize::from(target.is_none()))) {
                    self.effect(effects::Kind::Link, w, dirs);
                }
            }
            let count = chosen.len() + usize::from(target.is_some());
            let into = self.copied_into(name, &ops, &chosen, target.is_some(), dirs);
            for (k, w) in chosen.into_iter().chain(target).enumerate() {
                let w = if k + 1 == count { into.as_ref().unwrap_or(w) } else { w };
                match programs::effect_of(name, args, k + 1 == count) {
                    Some(kind) => self.effect(kind, w, dirs),
                    None => self.touch(w, dirs),
                }
            }
            if name == "mv" || (name == "rsync" && args.iter().any(|a| a == "--remove-source-files")) {
                return;
            }
        }
        match name {
            "sed" | "gsed" | "perl" => self.in_place(name, words, args, dirs),
            "mkdir" => self.made(words, args, dirs),
            // `cargo install` writes programs into ROOT/bin: named after their crates, or any name
            // for `--path` and `--git`.
            "cargo" if args.first().is_some_and(|a| a == "install") => {
                let root = option_value(args, &["--root"])
                    .or_else(|| std::env::var("CARGO_INSTALL_ROOT").ok())
                    .unwrap_or_else(|| "~/.cargo".to_string());
                const VALUES: &[&str] = &[
                    "--root",
                    "--version",
                    "--branch",
                    "--tag",
                    "--rev",
                    "--features",
                    "--target",
                    "--index",
                    "--registry",
                    "--profile",
                    "-j",
                    "--jobs",
                    "-F",
                    "--config",
                    "-Z",
                    "--target-dir",
                    "--bin",
                    "--example",
                ];
                let mut crates: Vec<&String> = Vec::new();
                let mut k = 1;
                while k < args.len() {
                    let a = &args[k];
                    k += if VALUES.contains(&a.as_str()) { 2 } else { 1 };
                    if !a.starts_with('-') {
                        crates.push(a);
                    }
                }
                // `--bin NAME` names the program itself.
                crates.extend(args.iter().enumerate().filter(|(_, a)| *a == "--bin").filter_map(|(k, _)| args.get(k + 1)));
                let named = !args.iter().any(|a| a.starts_with("--path") || a.starts_with("--git"));
                let bin = format!("{}/bin/", root.trim_end_matches('/'));
                if named && !crates.is_empty() {
                    for c in crates {
                        self.touch(&lit_word(&format!("{bin}{}", programs::package_program(c))), dirs);
                    }
                } else {
                    let all = Word { parts: vec![Part::Lit(expand_home(&bin, self.ctx.home)), Part::Glob("*".into())] };
                    self.touch(&all, dirs);
                }
            }
            "dd" => {
                for (i, a) in args.iter().enumerate() {
                    if let Some(of) = a.strip_prefix("of=") {
                        let mut w = words[i].clone();
                        if let Some(Part::Lit(t)) = w.parts.first_mut() {
                            *t = t.trim_start_matches("of=").to_string();
                        }
                        let _ = of;
                        self.touch(&w, dirs);
                    }
                }
            }
            _ if programs::extraction(name, args).is_some() => {
                // The directory's word (`-oDIR` without its option), or the working directory.
                let dir = match programs::extraction(name, args).flatten() {
                    Some((i, skip)) => {
                        let mut w = words[i].clone();
                        if let Some(Part::Lit(t)) = w.parts.first_mut() {
                            t.drain(..skip.min(t.len()));
                        }
                        w
                    }
                    None => lit_word("./"),
                };
                let mut parts = with_slash(&dir).parts;
                parts.push(Part::Glob("*".into()));
                self.extract_into(&Word { parts }, dirs);
            }
            _ => {
                let flags = programs::output_option(name);
                if flags.is_empty() {
                    return;
                }
                let tar = name.ends_with("tar");
                // `unzip -l`, `-t`, `-v`, `-Z`, `-p`, `-z` list, test or print: nothing is written.
                let listing = name == "unzip"
                    && args.iter().any(|a| a.starts_with('-') && a.contains(['l', 't', 'v', 'Z', 'p', 'z']) && !a.starts_with("--"));
                let extracting = !listing && !tar
                    || args.iter().any(|a| {
                        a == "-x"
                            || a == "--extract"
                            || a == "--get"
                            || (!a.starts_with("--") && a.chars().all(char::is_alphanumeric) && a.contains('x') && args.first() == Some(a))
                            || (a.starts_with('-') && !a.starts_with("--") && a.contains('x'))
                    });
                let into = |w: &Word| Word { parts: w.parts.iter().cloned().chain([Part::Glob("*".into())]).collect() };
                let mut directory = false;
                for (i, a) in args.iter().enumerate() {
                    // `curl -fsSLo F`, `tar -czf F`: a cluster of short options ends in the one
                    // that takes the value.
                    let clustered =
                        a.len() > 2 && a.starts_with('-') && !a.starts_with("--") && a[1..].chars().all(|c| c.is_ascii_alphabetic());
                    let Some(flag) = flags.iter().copied().find(|f| *f == a || (clustered && f.len() == 2 && a.ends_with(&f[1..]))) else {
                        if let Some((f, v)) = a.split_once('=')
                            && flags.contains(&f)
                        {
                            directory |= f == "--directory";
                            if f == "--directory" && extracting {
                                self.extract_into(&into(&lit_word(&format!("{v}/"))), dirs);
                            } else if f != "--directory" {
                                self.touch(&lit_word(v), dirs);
                            }
                        }
                        continue;
                    };
                    let is_dir = matches!(flag, "-C" | "--directory" | "-d");
                    if tar && (flag == "-f" || flag == "--file") && extracting {
                        continue;
                    }
                    if let Some(w) = words.get(i + 1) {
                        if is_dir && extracting {
                            directory = true;
                            self.extract_into(&into(&with_slash(w)), dirs);
                        } else if is_dir {
                            // `tar -czf out.tgz -C ~ .bashrc`: where it reads from, not a write.
                            directory = true;
                        } else {
                            self.touch(w, dirs);
                            if matches!(name, "curl" | "wget") {
                                self.wrote(w, dirs, None);
                            }
                        }
                    }
                }
                // An archive writes the files it holds, wherever they are, into the directory.
                if extracting && !directory && matches!(name, "tar" | "bsdtar" | "gtar" | "unzip") {
                    self.extract_into(&into(&lit_word("./")), dirs);
                }
            }
        }
    }

    /// `sed -i … files`, `perl -pi -e … files`: the files after the script are rewritten.
    fn in_place(&mut self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) {
        let perl = name == "perl";
        let in_place = args.iter().any(|a| {
            a == "--in-place"
                || a.starts_with("--in-place=")
                || (a.starts_with('-')
                    && !a.starts_with("--")
                    && if perl {
                        a.contains('i')
                    } else {
                        a.starts_with("-i") || a[1..].starts_with(|c: char| c != 'i') && a.contains('i') && !a.contains('e')
                    })
        });
        if !in_place {
            return;
        }
        let mut script_given = false;
        let mut operands = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            if a == "-e" || a == "-f" || a == "--expression" || a == "--file" || a == "-E" && perl {
                script_given = true;
                i += 2;
                continue;
            }
            if perl && a.starts_with('-') && (a.ends_with('e') || a.ends_with('E')) {
                script_given = true;
                i += 2;
                continue;
            }
            if !a.starts_with('-') {
                operands.push(i);
            }
            i += 1;
        }
        let files = if script_given { &operands[..] } else { operands.get(1..).unwrap_or(&[]) };
        for &k in files {
            self.touch(&words[k], dirs);
        }
    }

    /// Records a file the command changes, in every directory the command may run in.
    /// `mkdir [-p] dir…`: each directory that does not exist yet (with `-p`, its topmost missing
    /// ancestor) holds only what the call puts there.
    fn made(&mut self, words: &[Word], args: &[String], dirs: &Dirs) {
        let parents = args.iter().any(|a| a == "--parents" || (a.starts_with('-') && !a.starts_with("--") && a.contains('p')));
        let missing = |p: &Path| std::fs::symlink_metadata(p).is_err();
        for (w, a) in words.iter().zip(args) {
            if a.starts_with('-') {
                continue;
            }
            for t in self.paths(w, dirs).unwrap_or_default().into_iter().filter(|t| t.glob.is_none()) {
                let mut top = lexical(&t.path);
                if !missing(&top) {
                    continue;
                }
                while parents && top.parent().is_some_and(missing) {
                    top.pop();
                }
                if !self.out.made_dirs.contains(&top) {
                    self.out.made_dirs.push(top);
                }
            }
        }
    }

    fn touch(&mut self, word: &Word, dirs: &Dirs) {
        if self.out.touched.len() >= MAX_TOUCHED {
            // Each file is resolved on disk and compared with what the gate protects: bounded.
            self.opaque("it changes more files than the analyser follows");
            return;
        }
        match self.paths(word, dirs) {
            Some(ps) => self.out.touched.extend(ps),
            None => self.opaque("a file it changes is named by text the shell computes, or in a directory the analyser cannot tell"),
        }
    }

    /// A program run with one of gitvow's guarded subcommands: gitvow by another name is gitvow
    /// (its text is given as `gitvow …` for the rules); one the analyser cannot identify is asked about.
    fn identify(&mut self, prog: &str, args: &[String], dirs: &Dirs) {
        let path = if prog.contains('/') {
            match dirs.join(&expand_home(prog, self.ctx.home)) {
                Dirs::Known(ps) if ps.len() == 1 => Some(ps[0].clone()),
                _ => None,
            }
        } else {
            crate::paths::find_on_path(prog)
        };
        let what = match &path {
            Some(p) if self.seen.gitvow_copies.contains(p) => identity::Identity::Gitvow,
            Some(p) => identity::of(p),
            None => identity::Identity::Unknown,
        };
        match what {
            identity::Identity::Gitvow => self.out.texts.push(text("gitvow", args)),
            identity::Identity::Unknown => self.opaque(
                "it runs a program the analyser cannot identify with a subcommand only a person may run (approve, trust, uninstall, install --command)",
            ),
            identity::Identity::Other => {}
        }
    }

    /// A script the call itself wrote, run by path (`sh /tmp/a.sh`, `./a.sh`, `. ./env.sh`): read
    /// as the text that was written.
    fn written_script(&mut self, word: &Word, dirs: &Dirs, shell: &Shell, reparse: usize) {
        for text in self.written_text(word, dirs) {
            self.text(&text, &mut Shell { dirs: dirs.clone(), ..shell.clone() }, reparse + 1);
        }
    }

    /// Records that the call writes the file `word` names, with `text` when known.
    fn wrote(&mut self, word: &Word, dirs: &Dirs, text: Option<String>) {
        if let Some(found) = self.paths(word, dirs) {
            for t in found.into_iter().filter(|t| t.glob.is_none()) {
                self.seen.scripts.retain(|(p, _)| *p != t.path);
                self.seen.scripts.push((t.path, text.clone()));
            }
        }
    }

    /// The texts the call wrote to the file `word` names; a file it wrote with text the analyser
    /// cannot see makes the command opaque.
    fn written_text(&mut self, word: &Word, dirs: &Dirs) -> Vec<String> {
        if self.seen.scripts.is_empty() {
            return Vec::new();
        }
        let Some(found) = self.paths(word, dirs) else { return Vec::new() };
        let written: Vec<Option<String>> =
            found.iter().filter_map(|t| self.seen.scripts.iter().find(|(p, _)| *p == t.path)).map(|(_, text)| text.clone()).collect();
        if written.iter().any(Option::is_none) {
            self.opaque("it runs a file the same call wrote with text the analyser cannot see (decoded, downloaded or computed)");
        }
        written.into_iter().flatten().collect()
    }

    /// `cp notes.txt dir/`, `scp host:/var/log/x ./`: one file copied into a directory writes
    /// `dir/notes.txt`, not the directory (which may hold what the gate protects).
    fn copied_into(&self, name: &str, ops: &[&Word], chosen: &[&Word], target: bool, dirs: &Dirs) -> Option<Word> {
        if target || !matches!(name, "cp" | "scp" | "rsync" | "install") || ops.len() != 2 || chosen.len() != 1 {
            return None;
        }
        let source = ops[0].literal()?;
        let base = source.rsplit(['/', ':']).next().filter(|b| !b.is_empty() && *b != "." && *b != "..")?;
        let dest = chosen[0].literal()?;
        let is_dir = dest.ends_with('/')
            || matches!(self.paths(chosen[0], dirs), Some(ps) if ps.len() == 1 && ps[0].glob.is_none() && ps[0].path.is_dir());
        is_dir.then(|| Word { parts: chosen[0].parts.iter().cloned().chain([Part::Lit(format!("/{base}"))]).collect() })
    }

    /// `cp "$(which gitvow)" /tmp/gv`: the destination is gitvow for the rest of the call.
    fn copies_of_gitvow(&mut self, ops: &[&Word], chosen: &[&Word], target: Option<&Word>, dirs: &Dirs) {
        let sources = ops.iter().filter(|w| !chosen.iter().any(|c| std::ptr::eq(*c, **w)));
        let is_gitvow =
            |t: &Touch| t.path.file_name().is_some_and(|n| n == "gitvow") || identity::of(&t.path) == identity::Identity::Gitvow;
        if !sources.filter_map(|w| self.paths(w, dirs)).flatten().any(|t| is_gitvow(&t)) {
            return;
        }
        for w in chosen.iter().copied().chain(target) {
            for t in self.paths(w, dirs).unwrap_or_default() {
                self.seen.gitvow_copies.push(t.path.join("gitvow"));
                self.seen.gitvow_copies.push(t.path);
            }
        }
    }

    /// A unified diff applied in `dirs` (`git apply`, `patch`): from the files named, or standard
    /// input. A diff the analyser can read is judged file by file; one it cannot, as the whole
    /// directory it is applied in.
    fn patched(&mut self, files: &[String], feed: &Feed, strip: usize, dirs: &Dirs) {
        let read = |path: &Path| match crate::gate::regular_file::read_bounded(path, "a patch", crate::gate::regular_file::MAX_BYTES) {
            Ok(Some(bytes)) => Some(String::from_utf8_lossy(&bytes).into_owned()),
            _ => None,
        };
        let fed = || match feed {
            Feed::Text(t) => Some(t.clone()),
            Feed::File(p) => read(p),
            _ => None,
        };
        let mut found: Vec<Option<String>> = Vec::new();
        if files.is_empty() {
            found.push(fed());
        }
        for f in files {
            found.push(match dirs.join(&expand_home(f, self.ctx.home)) {
                _ if is_stdin_path(f) => fed(),
                Dirs::Known(ps) if ps.len() == 1 => read(&ps[0]),
                _ => None,
            });
        }
        let mut unread = found.iter().any(Option::is_none);
        let texts: Vec<String> = found.into_iter().flatten().collect();
        for text in texts {
            match diff::targets(&text, strip) {
                Some(paths) => {
                    for p in paths {
                        self.effect(effects::Kind::Overwrite, &lit_word(&p), dirs);
                    }
                }
                None => unread = true,
            }
        }
        if unread {
            self.extract_into(&Word { parts: vec![Part::Lit("./".into()), Part::Glob("*".into())] }, dirs);
        }
    }

    /// A tree of files the analyser cannot list written into a directory (`word` is `dir/*`):
    /// judged as the directory as a whole, hidden names included.
    fn extract_into(&mut self, word: &Word, dirs: &Dirs) {
        let before = self.out.touched.len();
        self.touch(word, dirs);
        for t in &mut self.out.touched[before..] {
            t.glob = Some(Glob { hidden: true });
        }
        self.effects_since(before, effects::Kind::OverwriteRecursive);
    }

    /// Records what the command does to the file `word` names, in every directory it may run in.
    fn effect(&mut self, kind: effects::Kind, word: &Word, dirs: &Dirs) {
        let before = self.out.touched.len();
        self.touch(word, dirs);
        self.effects_since(before, kind);
    }

    /// Effects of `kind` for the files recorded since `before`.
    fn effects_since(&mut self, before: usize, kind: effects::Kind) {
        for t in &self.out.touched[before..] {
            let e = effects::Effect::of(kind, t, self.ctx);
            if !self.out.effects.contains(&e) {
                self.out.effects.push(e);
            }
        }
    }

    /// The absolute paths a word names, or `None` when the shell computes where it is.
    fn paths(&self, word: &Word, dirs: &Dirs) -> Option<Vec<Touch>> {
        let (rel, glob) = match self.expand(word)? {
            Expanded::Exact(p) => (p, None),
            Expanded::Pattern(p, hidden) => (p, Some(Glob { hidden })),
        };
        match dirs.join(&rel) {
            Dirs::Known(ps) => Some(ps.into_iter().map(|path| Touch { path, glob }).collect()),
            Dirs::Unknown => None,
        }
    }

    /// A word as a path: literal (`~` and `$HOME` known), or a pattern in a known directory
    /// (`dir/*.json`, `build/$name`: the shell picks names in `dir`, `build`).
    fn expand(&self, word: &Word) -> Option<Expanded> {
        if word.parts.iter().any(|p| *p == Part::Glob(String::new())) {
            // Brace expansion (`{.claude,x}`) makes any name from its parts: anything in the
            // directory before the brace.
            let mut head = Word { parts: word.parts.iter().take_while(|p| !matches!(p, Part::Glob(_))).cloned().collect() };
            if let Some(Part::Lit(t)) = head.parts.last_mut()
                && let Some(open) = t.find('{')
            {
                t.truncate(open);
            }
            let dir = match self.expand(&head)? {
                Expanded::Exact(s) => s.rfind('/').map_or_else(|| ".".to_string(), |k| s[..k.max(1)].to_string()),
                Expanded::Pattern(..) => return None,
            };
            return Some(Expanded::Pattern(format!("{dir}/*"), true));
        }
        let mut s = String::new();
        for (k, p) in word.parts.iter().enumerate() {
            match p {
                Part::Lit(t) | Part::Ansi(t) => s.push_str(t),
                Part::Tilde => s.push_str(&self.ctx.home?.to_string_lossy()),
                // Known only at the start of a path (`"$HOME/x"` starts with an empty literal).
                Part::Var(name) if name == "HOME" && s.is_empty() => s.push_str(&self.ctx.home?.to_string_lossy()),
                Part::Var(name) if name == "PWD" && s.is_empty() => s.push_str(&self.ctx.cwd.to_string_lossy()),
                Part::Var(name) if s.is_empty() && self.seen.temps.contains(name) => s.push_str("/tmp/mktemp.XXXXXXXXXX"),
                // `$TMPDIR/x`, `${TMPDIR:-/tmp}/x`: the environment's temporary directory.
                Part::Var(name) if s.is_empty() && self.temp_variable(name) => s.push_str("/tmp"),
                Part::Computed(t) if s.is_empty() && self.temp_default(t) => s.push_str("/tmp"),
                Part::Subst { script, raw } if s.is_empty() => s.push_str(&self.known_output(*script, raw)?),
                _ => {
                    let hidden = !matches!(p, Part::Glob(_));
                    // A glob keeps its pattern; a computed name could be any name.
                    let mut rest = if hidden { "*".to_string() } else { Word { parts: word.parts[k..].to_vec() }.text() };
                    // A computed part's pattern stops at the first `/` after it: deeper names are in
                    // what it names. A glob keeps its deeper names (`*/__pycache__` names
                    // `__pycache__` one level down, not everything: `*` never matches `.git`).
                    let prefix = match s.rfind('/') {
                        Some(slash) => s[..=slash].to_string(),
                        None => String::new(),
                    };
                    let head = s[prefix.len()..].to_string();
                    if let Some(slash) = rest.find('/')
                        && (hidden || rest[slash..].trim_end_matches('/').is_empty())
                    {
                        rest.truncate(slash);
                    }
                    if s.is_empty() && !matches!(p, Part::Glob(_)) {
                        // `$X/…`: not even the directory is known.
                        return None;
                    }
                    let dir = if prefix.is_empty() { ".".to_string() } else { prefix };
                    let name = if hidden { "*".to_string() } else { format!("{head}{rest}") };
                    return Some(Expanded::Pattern(format!("{dir}/{name}"), hidden || head.starts_with('.')));
                }
            }
        }
        Some(Expanded::Exact(s))
    }

    /// The output of `$(which gitvow)`, `$(command -v x)`, `$(pwd)`, `$(git rev-parse --show-toplevel)`:
    /// substitutions agents write for a path whose value the analysis can know.
    fn known_output(&self, _script: usize, raw: &str) -> Option<String> {
        let inner = raw.strip_prefix("$(")?.strip_suffix(')')?.trim();
        let words: Vec<&str> = inner.split_whitespace().collect();
        match words.as_slice() {
            ["pwd"] => Some(self.ctx.cwd.to_string_lossy().into_owned()),
            ["mktemp", ..] if is_mktemp(raw) => Some("/tmp/mktemp.XXXXXXXXXX".to_string()),
            ["git", "rev-parse", "--show-toplevel"] => self.ctx.repo_top.map(|t| t.to_string_lossy().into_owned()),
            ["which", name] | ["command", "-v", name] | ["type", "-p", name] | ["type", "-P", name] => {
                crate::paths::find_on_path(name.trim_matches(['"', '\''])).map(|p| p.to_string_lossy().into_owned())
            }
            _ => None,
        }
    }

    /// `TMPDIR`, `TMP`, `TEMP`, when the call does not set them itself.
    fn temp_variable(&self, name: &str) -> bool {
        TEMP_VARIABLES.contains(&name) && !self.seen.assigned.iter().any(|a| a == name)
    }

    /// `${TMPDIR:-/tmp}` (or `-`, `:=`, `=`): the temporary directory, or a default that is one.
    fn temp_default(&self, computed: &str) -> bool {
        let Some(inner) = computed.strip_prefix("${").and_then(|t| t.strip_suffix('}')) else { return false };
        let Some(op) = inner.find([':', '-', '=']) else { return false };
        let default = inner[op..].trim_start_matches(':').trim_start_matches(['-', '=']);
        self.temp_variable(&inner[..op]) && ["/tmp", "/var/tmp"].iter().any(|t| default.trim_end_matches('/') == *t)
    }

    /// A path as a text for the rules: `~/…` in the home directory, else as it is.
    fn shown(&self, path: &Path) -> String {
        effects::shown(path, self.ctx.home)
    }
}

/// What program text does, in the language of the interpreter `name`.
fn program_text(name: &str, text: &str) -> Vec<code::Effect> {
    match programs::language(name) {
        Some(programs::Language::Code(lang)) => code::read(lang, text),
        Some(programs::Language::PowerShell) => powershell::read(text),
        None => vec![code::Effect::Opaque { why: "it runs program text in a language the analyser does not read" }],
    }
}

/// The variables that name the temporary directory.
const TEMP_VARIABLES: &[&str] = &["TMPDIR", "TMP", "TEMP"];

/// `$(mktemp …)` that makes its name in the temporary directory: no directory given (`-p`,
/// `--tmpdir=`), and a template only with `-t` or `--tmpdir` (a bare template is in the working
/// directory).
fn is_mktemp(raw: &str) -> bool {
    let Some(inner) = raw.strip_prefix("$(").and_then(|t| t.strip_suffix(')')) else { return false };
    let words: Vec<&str> = inner.split_whitespace().collect();
    if words.first() != Some(&"mktemp") {
        return false;
    }
    let options = &words[1..];
    let in_temp = options.iter().any(|w| *w == "--tmpdir" || (w.starts_with('-') && !w.starts_with("--") && w.contains('t')));
    let elsewhere = options.iter().any(|w| w.starts_with("--tmpdir=") || (w.starts_with('-') && !w.starts_with("--") && w.contains('p')));
    let template = options.iter().any(|w| !w.starts_with('-'));
    !elsewhere && (in_temp || !template)
}

enum Expanded {
    Exact(String),
    /// A path whose last component is a pattern; `true` when it may name hidden files.
    Pattern(String, bool),
}

/// `dir` as `dir/`, so that a pattern appended names what is in it.
fn with_slash(w: &Word) -> Word {
    let mut w = w.clone();
    if !w.text().ends_with('/') {
        w.parts.push(Part::Lit("/".into()));
    }
    w
}

fn lit_word(text: &str) -> Word {
    Word { parts: vec![Part::Lit(text.to_string())] }
}

fn is_stdin_path(p: &str) -> bool {
    p == "-" || p == "/dev/stdin" || p.starts_with("/dev/fd/") || p.starts_with("/proc/self/fd/")
}

/// `755`, `u+x`, `-x`, `go-w`: a mode (`chmod -x file` takes `-x` as the mode, not an option).
fn is_mode(a: &str) -> bool {
    let body = a.trim_start_matches(['-', '+', '=']);
    !body.is_empty() && a.len() > 1 && body.chars().all(|c| "rwxXstugoa".contains(c)) && a.starts_with('-')
}

fn expand_home(p: &str, home: Option<&Path>) -> String {
    match (p.strip_prefix('~'), home) {
        (Some(rest), Some(h)) if rest.is_empty() || rest.starts_with('/') => format!("{}{rest}", h.to_string_lossy()),
        _ => p.to_string(),
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

fn read_small(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > 1 << 20 {
        return None;
    }
    super::regular_file::read_text(path, "a file", 1 << 20).ok().flatten()
}

enum EnvCommand {
    /// The command starts at this argument; `-C dir` moves it.
    At(usize, Option<String>),
    /// `env -S 'prog args'`: a string split into a command.
    Split(String),
    Nothing,
}

fn env_command(args: &[String]) -> EnvCommand {
    let mut chdir = None;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "--" {
            i += 1;
            break;
        } else if a == "-S" || a == "--split-string" {
            let mut script = args.get(i + 1).cloned().unwrap_or_default();
            for rest in args.iter().skip(i + 2) {
                script.push(' ');
                script.push_str(&quote(rest));
            }
            return EnvCommand::Split(script);
        } else if let Some(s) = a.strip_prefix("--split-string=").or_else(|| a.strip_prefix("-S").filter(|s| !s.is_empty())) {
            let mut script = s.to_string();
            for rest in &args[i + 1..] {
                script.push(' ');
                script.push_str(&quote(rest));
            }
            return EnvCommand::Split(script);
        } else if a == "-C" || a == "--chdir" {
            chdir = args.get(i + 1).cloned();
            i += 2;
        } else if let Some(d) = a.strip_prefix("--chdir=") {
            chdir = Some(d.to_string());
            i += 1;
        } else if a == "-u" || a == "--unset" {
            i += 2;
        } else if a.starts_with('-') || is_assignment(a) {
            i += 1;
        } else {
            break;
        }
    }
    if i < args.len() { EnvCommand::At(i, chdir) } else { EnvCommand::Nothing }
}

enum FlockCommand {
    At(usize),
    /// `flock [options] lockfile -c 'command'`: the argument at this index is a script.
    Script(usize),
}

/// `flock [options] lockfile command…` or `flock [options] lockfile -c 'command'`; `-w secs` and
/// `-E code` take an argument. `None` for `flock fd` (locks a descriptor, runs nothing).
fn flock_command(args: &[String]) -> Option<FlockCommand> {
    let mut i = 0;
    let mut lockfile = false;
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "-c" | "--command" => return (i + 1 < args.len()).then_some(FlockCommand::Script(i + 1)),
            "-w" | "--timeout" | "--wait" | "-E" | "--conflict-exit-code" => i += 2,
            "--" => return (i + 1 < args.len()).then_some(FlockCommand::At(i + 1)),
            _ if a.starts_with('-') && !lockfile => i += 1,
            _ if lockfile => return Some(FlockCommand::At(i)),
            _ => {
                lockfile = true;
                i += 1;
            }
        }
    }
    None
}

fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| syntax::is_name(name.trim_end_matches('+')))
}

/// `/usr/bin/rm` → `rm`; `\rm` has already lost its backslash in the parser.
fn program_name(word: &str) -> &str {
    word.rsplit('/').next().filter(|s| !s.is_empty()).unwrap_or(word)
}

fn text(prog: &str, args: &[String]) -> String {
    let mut t = prog.to_string();
    for a in args {
        t.push(' ');
        t.push_str(&quote(a));
    }
    t
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
        assert_eq!(a.patches, ["*** Begin Patch\n", "*** Begin Patch 2"]);
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
        for cmd in [
            "G=git; $G push -f",
            "$'\\x67it' push",
            "r? -rf /",
            "{rm,-rf} /",
            "eval \"$X\"",
            "echo 'git push -f' | bash",
            "bash <<< 'ls'",
            "curl x | sh",
            "bash <(curl x)",
            "source <(curl x)",
            "python3 - <<EOF\nprint(1)\nEOF",
        ] {
            assert!(in_dir(cmd).opaque.is_some(), "{cmd}");
        }
        for cmd in [
            "ls $HOME",
            "rm -rf build/$name",
            "cat *.txt",
            "eval 'git status'",
            "python3 -c 'print(1)'",
            "bash ./build.sh",
            "source .venv/bin/activate",
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
