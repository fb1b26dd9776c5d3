//! The shell's own commands: `cd`, `echo`, `cat`, `env`, `eval`, `source`, `alias`, `export`,
//! `trap`, and the assignments before a command.

use super::options::OptionWords;
use super::syntax::{self, Part, Word};
use super::words::{Expanded, is_mktemp};
use super::{Chdir, Dirs, Feed, Io, Peeled, ProgramCall, ShellState, Step, Walk, git, is_assignment, is_stdin_path, quote, recipes};

impl Walk<'_> {
    /// `cd`, `pushd`, `popd`: where later commands run.
    pub(super) fn chdir(&mut self, cmd: &Peeled, call: &ProgramCall, shell: &mut ShellState) -> Step {
        let to = self.chdir_to(&call.name, cmd.operands(), &cmd.dirs, shell);
        Step::Done(Feed::None, to)
    }

    /// `echo`, `printf`: words the analyser knows (literal, `~`, `$HOME`, a literal variable of
    /// the call) are the text they write, as the shell expands them: `echo ~/x | xargs rm -rf`
    /// removes the home directory's x.
    pub(super) fn echo(&self, cmd: &Peeled, call: &ProgramCall) -> Step {
        let words: Option<Vec<String>> = cmd.operands().iter().map(|w| self.echoed(w)).collect();
        let Some(words) = words else {
            // `echo *.txt`, `echo "$f"`, `printf '%s\n' "${a[@]}"`: the names its patterns match
            // and its loop variables and arrays hold (words, to be expanded where they are used).
            let printed = match cmd.operands().split_first() {
                Some((format, rest)) if call.name == "printf" && format.literal().is_some_and(|f| names_format(&f)) => rest,
                _ if call.name == "echo" => cmd.operands(),
                _ => return Step::Done(Feed::Unknown, None),
            };
            return Step::Done(self.printed_names(printed).map_or(Feed::Unknown, |names| Feed::Found(names, false)), None);
        };
        let text = match words.split_first() {
            Some((format, values)) if call.name == "printf" && format.contains('%') => printf(format, values),
            // `\n` is a new line to printf, `echo -e` and sh's echo, `\t` a tab to printf: what a
            // script or a Makefile written so holds.
            _ if call.name == "printf" => words.join(" ").replace("\\n", "\n").replace("\\t", "\t"),
            _ => words.join(" ").replace("\\n", "\n"),
        };
        Step::Done(Feed::Text(text), None)
    }

    /// What the shell makes of a word `echo` prints, where the analyser knows it.
    fn echoed(&self, w: &Word) -> Option<String> {
        let home = || self.ctx.home.map(|h| h.to_string_lossy().into_owned());
        let mut s = String::new();
        for (k, p) in w.parts.iter().enumerate() {
            match p {
                Part::Lit(t) | Part::Ansi(t) => s.push_str(t),
                Part::Tilde if k == 0 => s.push_str(&home().unwrap_or_else(|| "~".into())),
                Part::Var(n) if n == "HOME" => s.push_str(&home()?),
                Part::Var(n) => {
                    let (_, v) = self.seen.values.iter().rev().find(|(m, _)| m == n)?;
                    s.push_str(&self.echoed(v)?);
                }
                _ => return None,
            }
        }
        Some(s)
    }

    /// `cat` passes its input on, or the one file it names; with more, it is a plain program.
    pub(super) fn cat(&mut self, cmd: &mut Peeled, call: &ProgramCall, io: &Io, shell: &mut ShellState) -> Step {
        if call.args.is_empty() || call.args == ["-"] {
            return Step::Done(io.feed.clone(), None);
        }
        if call.args.len() == 1 {
            let out = match self.paths(&cmd.operands()[0], &cmd.dirs) {
                Some(mut ps) if ps.len() == 1 && ps[0].glob.is_none() => self.file_feed(ps.remove(0).path),
                _ => Feed::Unknown,
            };
            return Step::Done(out, None);
        }
        self.program(cmd, call, io, shell)
    }

    /// `env [NAME=value…] [-C DIR] cmd…`, `env -S 'cmd args'`.
    pub(super) fn env(&mut self, cmd: &mut Peeled, call: &ProgramCall, io: &Io, shell: &ShellState) -> Step {
        match env_command(&call.args) {
            EnvCommand::At(i, chdir) => {
                // The program's environment, not the shell's variables.
                self.seen.known.assigning = super::values::Assigning::Other;
                for k in 0..i {
                    let w = cmd.operands()[k].clone();
                    self.assignment(&w);
                }
                if let Some(program) = call.args.get(i) {
                    self.moved_home(&cmd.operands()[..i], program);
                }
                if let Some(d) = chdir {
                    // `env -C ~/src/other …`: the shell expands the home before env sees it.
                    cmd.dirs = cmd.dirs.join(&super::expand_home(&d, self.ctx.home));
                }
                cmd.continue_at(i)
            }
            EnvCommand::Split(script) => {
                self.text(&script, &mut shell.clone(), io.reparse + 1);
                Step::unknown()
            }
            EnvCommand::Nothing => Step::unknown(),
        }
    }

    /// `eval WORDS`: literal words joined are a script; computed ones cannot be read.
    pub(super) fn eval(&mut self, cmd: &Peeled, io: &Io, shell: &ShellState) -> Step {
        match cmd.operands().iter().map(Word::literal).collect::<Option<Vec<String>>>() {
            Some(parts) => self.text(&parts.join(" "), &mut ShellState { dirs: cmd.dirs.clone(), ..shell.clone() }, io.reparse + 1),
            None => self.opaque("it evaluates text the shell computes"),
        }
        Step::unknown()
    }

    /// `source FILE`, `. FILE`: read when the call wrote it.
    pub(super) fn source(&mut self, cmd: &Peeled, io: &Io, shell: &ShellState) -> Step {
        match cmd.operands().first() {
            Some(w) if w.literal().is_some_and(|t| !is_stdin_path(&t)) => self.written_script(w, &cmd.dirs, shell, io.reparse, true),
            Some(_) => self.opaque("it sources a script the analyser cannot read"),
            None => {}
        }
        Step::unknown()
    }

    /// An alias runs its value wherever its name is used later.
    pub(super) fn alias(&mut self, cmd: &Peeled, io: &Io, shell: &ShellState) -> Step {
        for w in cmd.operands() {
            if let Some((_, value)) = w.literal().as_deref().and_then(|t| t.split_once('=')) {
                self.text(value, &mut ShellState { dirs: cmd.dirs.clone(), ..shell.clone() }, io.reparse + 1);
            }
        }
        Step::unknown()
    }

    /// `export GIT_CONFIG_PARAMETERS=…` sets what later git commands read.
    pub(super) fn declare(&mut self, cmd: &Peeled) -> Step {
        self.known_declared(cmd.operands());
        for w in cmd.operands() {
            self.assignment(w);
        }
        Step::unknown()
    }

    /// `trap 'script' EXIT`: read when the call ends.
    pub(super) fn trap(&mut self, cmd: &Peeled, shell: &ShellState) -> Step {
        if let Some(script) = cmd.operands().first().and_then(Word::literal) {
            self.seen.traps.push((script, ShellState { dirs: cmd.dirs.clone(), ..shell.clone() }));
        }
        Step::unknown()
    }

    /// `HOME=/tmp/h claude -p …`, `XDG_CONFIG_HOME=… opencode run …`, `env GEMINI_HOME=… gemini`:
    /// a program started with its home or configuration folder moved (HOME, a `…_HOME`, a
    /// `…_CONFIG_DIR` or a `…_SETTINGS_PATH`) reads other settings, and an agent so started runs
    /// without the hooks installed in this home. The rules read `env NAME=value PROGRAM` and
    /// decide which programs are agents.
    pub(super) fn moved_home(&mut self, assignments: &[Word], program: &str) {
        let program = super::program_name(program);
        for w in assignments {
            let Some(Part::Lit(first)) = w.parts.first() else { continue };
            let Some((name, _)) = first.split_once('=') else { continue };
            if name == "HOME" || name.ends_with("_HOME") || name.ends_with("_CONFIG_DIR") || name.ends_with("_SETTINGS_PATH") {
                self.out.texts.push(format!("env {} {program}", quote(&w.text())));
            }
        }
    }

    /// `NAME=value` before a command (or alone). Git reads config from `GIT_CONFIG_*` variables:
    /// `GIT_CONFIG_KEY_0=core.hooksPath` is `git -c core.hooksPath=…` for the rules.
    pub(super) fn assignment(&mut self, w: &Word) -> bool {
        let Some(Part::Lit(first)) = w.parts.first() else { return false };
        let Some((name, value)) = first.split_once('=') else { return false };
        if !syntax::is_name(name.trim_end_matches('+')) {
            return false;
        }
        if let [_, Part::Array(elements)] = w.parts.as_slice() {
            self.array_assignment(name.trim_end_matches('+'), name.ends_with('+'), elements);
            return true;
        }
        // Variables that switch git hook managers off are as good as `--no-verify`.
        // So are variables naming hooks, and those that move an agent's configuration (its hooks
        // with it) elsewhere: the rules read them as `env NAME=value`.
        if matches!(name, "HUSKY" | "HUSKY_SKIP_HOOKS" | "LEFTHOOK" | "SKIP" | "PRE_COMMIT_ALLOW_NO_CONFIG" | "OVERCOMMIT_DISABLE")
            || name.to_ascii_uppercase().contains("HOOK")
            || matches!(name, "CLAUDE_CONFIG_DIR" | "CODEX_HOME")
        {
            self.out.texts.push(format!("env {}", w.text()));
        }
        if name.trim_end_matches('+') == "PATH" {
            for entry in project_entries(&w.text()[name.len() + 1..]) {
                if !self.seen.path_dirs.contains(&entry) {
                    self.seen.path_dirs.push(entry);
                }
            }
        }
        // `BASH_ENV=./x.sh`, `NODE_OPTIONS='--require ./x.js'`: code loaded into the programs after it.
        if super::loaders::LOADERS.contains(&name) {
            match assigned(w).map(|v| super::loaders::loaded(name, &v)) {
                Some(Some(super::loaders::Loads::Commands(commands))) => self.seen.variable_commands.extend(commands),
                Some(Some(super::loaders::Loads::Opaque(why))) => self.opaque(why),
                Some(None) => {}
                None => self.opaque("code loaded into a program is named by text the shell computes"),
            }
        }
        // `npm_config_script_shell=./x.sh`: a package manager's setting that names a program.
        if let Some((manager, key)) = recipes::program_variable(name, &w.text()[name.len() + 1..]) {
            self.out.texts.push(recipes::setting_command(manager, &key, &w.text()[name.len() + 1..]));
        }
        if let Some(n) = name.strip_prefix("GIT_CONFIG_KEY_") {
            self.out.texts.push(format!("git -c {}=", git::config_key(value)));
            self.seen.git_config.push((Some(n.to_string()), git::config_key(value)));
        } else if let Some(n) = name.strip_prefix("GIT_CONFIG_VALUE_") {
            self.seen.git_values.push((n.to_string(), w.text()[name.len() + 1..].to_string()));
        } else if let Some(key) = git::config_of_variable(name) {
            // `GIT_CONFIG_GLOBAL=/tmp/c git …` reads another file's configuration, as an include does.
            self.seen.git_config.push((None, format!("{key}={}", assigned(w).unwrap_or_default())));
        } else if git::COMMAND_VARIABLES.contains(&name) {
            // A command git runs is judged as run; one the shell computes cannot be read.
            match assigned(w) {
                Some(command) => self.seen.git_commands.push(command),
                None => self.opaque("a command git runs is named by text the shell computes"),
            }
        } else if super::command_values::VARIABLES.contains(&name) {
            match assigned(w) {
                Some(value) => self.seen.variable_commands.extend(super::command_values::variable_command(name, &value)),
                // `PS1="$(git branch) $ "`: what the shell computed is in the prompt, and ran
                // when it was computed; only a substitution kept as text runs again.
                None if super::command_values::is_prompt(name) => {}
                None => self.opaque("it gives a program a command to run that the shell computes"),
            }
        } else if name == "GIT_CONFIG_PARAMETERS" {
            let text = w.text();
            for pair in git::parameters(&text[name.len() + 1..]) {
                self.out.texts.push(format!("git -c {pair}"));
                self.seen.git_config.push((None, pair));
            }
        }
        if name == "CARGO_INSTALL_ROOT" {
            let mut root = w.clone();
            root.parts[0] = Part::Lit(value.to_string());
            self.seen.cargo_root = Some(root);
        }
        let name = name.trim_end_matches('+');
        self.remember_value(name, w);
        self.known_assigned(name, w, None);
        // `tmp=$(mktemp -d)`: a new name in the temporary directory, whatever it is; any other
        // value takes that away.
        self.seen.temps.retain(|t| t != name);
        if !self.seen.assigned.iter().any(|a| a == name) {
            self.seen.assigned.push(name.to_string());
        }
        if let [Part::Lit(_), Part::Subst { raw, .. }] = w.parts.as_slice()
            && value.is_empty()
            && is_mktemp(raw)
        {
            self.known_temp(name);
        }
        true
    }

    /// Where `cd`, `pushd` or `popd` leaves the shell.
    fn chdir_to(&mut self, name: &str, args: &[Word], dirs: &Dirs, shell: &mut ShellState) -> Option<Chdir> {
        let operand = args.iter().find(|w| !w.text().starts_with('-') || w.text() == "-");
        if name == "popd" {
            return Some(Chdir::Pop);
        }
        let physical = args.iter().take_while(|w| w.text().starts_with('-') && w.text() != "-").any(|w| w.text().contains('P'));
        let to = match operand {
            None => self.ctx.home.map_or(Dirs::Unknown, |h| Dirs::Known(vec![h.to_path_buf()])),
            Some(w) if w.text() == "-" => shell.oldpwd.clone(),
            Some(w) => match (self.before(w, dirs, shell), self.expand(w)) {
                (Some((base, rest)), _) => base.join_logical(&format!(".{rest}")),
                (None, Some(Expanded::Exact(p))) if physical => dirs.join(&p),
                (None, Some(Expanded::Exact(p))) => self.searched(&p, dirs),
                _ => Dirs::Unknown,
            },
        };
        // `cd -P link/..`: where the links lead, so that `..` is the parent of a link's target.
        let to = match to {
            Dirs::Known(ps) if physical => Dirs::Known(ps.iter().map(|p| crate::gate::location::resolve(p)).collect()),
            to => to,
        };
        if name == "pushd" {
            shell.stack.push(dirs.clone());
        }
        Some(Chdir::To(to))
    }
}

/// The literal value an assignment word gives (`NAME='a b'` is `a b`, a leading `~` kept).
pub(super) fn assigned(w: &Word) -> Option<String> {
    let Some(Part::Lit(first)) = w.parts.first() else { return None };
    let (_, rest) = first.split_once('=')?;
    let mut value = w.clone();
    value.parts[0] = Part::Lit(rest.to_string());
    value.literal()
}

impl Walk<'_> {
    /// `~-/x`, `$OLDPWD/x`: where the shell was before (`~+`, `$PWD`: where it is), and the
    /// literal rest of the word.
    fn before(&self, w: &Word, dirs: &Dirs, shell: &ShellState) -> Option<(Dirs, String)> {
        let mut parts = w.parts.iter().filter(|p| !matches!(p, Part::Lit(t) if t.is_empty()));
        let base = match parts.next()? {
            Part::Computed(t) if t == "~-" => shell.oldpwd.clone(),
            Part::Var(n) if n == "OLDPWD" => shell.oldpwd.clone(),
            Part::Computed(t) if t == "~+" => dirs.clone(),
            _ => return None,
        };
        let rest: Option<String> = parts.map(|p| if let Part::Lit(t) = p { Some(t.as_str()) } else { None }).collect();
        rest.filter(|r| r.is_empty() || r.starts_with('/')).map(|r| (base, r))
    }

    /// Where `cd NAME` goes: a relative name whose first component is not `.` or `..` is looked
    /// for in each directory of `CDPATH` first (the call's value, or the environment's when the
    /// call sets none), then here: `CDPATH=~ cd .gitvow` is in the home directory.
    fn searched(&self, name: &str, dirs: &Dirs) -> Dirs {
        let here = dirs.join_logical(name);
        let first = name.split('/').next().unwrap_or("");
        if name.starts_with('/') || first == "." || first == ".." {
            return here;
        }
        let value = match self.seen.values.iter().rev().find(|(n, _)| n == "CDPATH") {
            Some((_, w)) => w.literal(),
            None if self.seen.assigned.iter().any(|a| a == "CDPATH") => return Dirs::Unknown,
            None => std::env::var("CDPATH").ok(),
        };
        let Some(value) = value.filter(|v| !v.is_empty()) else { return here };
        let mut all = here;
        for entry in value.split(':') {
            let entry = if entry.is_empty() { "." } else { entry };
            let base = dirs.join_logical(&super::expand_home(entry, self.ctx.home));
            all = all.union(&base.join_logical(name));
        }
        all
    }
}

pub(super) enum EnvCommand {
    /// The command starts at this argument; `-C dir` moves it.
    At(usize, Option<String>),
    /// `env -S 'prog args'`: a string split into a command.
    Split(String),
    Nothing,
}

pub(super) fn env_command(args: &[String]) -> EnvCommand {
    let mut chdir = None;
    let mut options = OptionWords::new(args);
    while let Some(a) = options.next() {
        if let Some(split) = split_string(a, &mut options) {
            let mut script = split.to_string();
            for rest in &args[options.rest()..] {
                script.push(' ');
                script.push_str(&quote(rest));
            }
            return EnvCommand::Split(script);
        } else if a == "-C" || a == "--chdir" {
            chdir = options.value().map(str::to_string);
        } else if let Some(d) = a.strip_prefix("--chdir=") {
            chdir = Some(d.to_string());
        } else if a == "-u" || a == "--unset" {
            options.value();
        } else if !a.starts_with('-') && !is_assignment(a) {
            return EnvCommand::At(options.index(), chdir);
        }
    }
    let i = options.rest();
    if i < args.len() { EnvCommand::At(i, chdir) } else { EnvCommand::Nothing }
}

/// The string `-S STRING` (`--split-string=STRING`, `-SSTRING`) gives `env` to split into a
/// command, when `a` is that option (taking its value from `options`).
fn split_string<'a>(a: &'a str, options: &mut OptionWords<'a>) -> Option<&'a str> {
    if a == "-S" || a == "--split-string" {
        return Some(options.value().unwrap_or_default());
    }
    a.strip_prefix("--split-string=").or_else(|| a.strip_prefix("-S").filter(|s| !s.is_empty()))
}

/// `printf FORMAT VALUES…` as printf writes it: each directive (`%s`, `%-8d`, …) takes the next
/// value, the format repeated while values are left; `%%` and the escapes `\n`, `\t`, `\\`.
fn printf(format: &str, values: &[String]) -> String {
    let mut out = String::new();
    let mut next = 0;
    loop {
        let mut chars = format.chars().peekable();
        let mut took = false;
        while let Some(c) = chars.next() {
            match c {
                '%' if chars.peek() == Some(&'%') => {
                    chars.next();
                    out.push('%');
                }
                '%' => {
                    while chars.peek().is_some_and(|c| "-+ #0123456789.".contains(*c)) {
                        chars.next();
                    }
                    chars.next();
                    out.push_str(values.get(next).map_or("", String::as_str));
                    next += 1;
                    took = true;
                }
                '\\' => match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    // `printf '%s\0' a b`: names cut at NUL, for `xargs -0`.
                    Some('0') => out.push('\0'),
                    Some(other) => out.push(other),
                    None => out.push('\\'),
                },
                c => out.push(c),
            }
        }
        if !took || next >= values.len() || out.len() > 1 << 16 {
            return out;
        }
    }
}

/// A printf format that prints each argument as it is, blanks or new lines between (`%s\n`).
fn names_format(format: &str) -> bool {
    let rest = format.replace("%s", "").replace("\\n", "").replace("\\0", "");
    format.contains("%s") && rest.chars().all(char::is_whitespace)
}

/// The directories of a PATH value that are the project's or relative to where a command runs
/// (`.`, an empty entry, `bin`, `./tools`, `$PWD/bin`), each relative to that directory (`$PWD/`
/// taken off): a program name found there is a file of the project, not the program of that
/// name. The project's installed tools (`node_modules/.bin`, a virtual environment's `bin`) are
/// what its package manager runs there anyway.
fn project_entries(value: &str) -> Vec<String> {
    let value = value.trim_matches(|c| c == '"' || c == '\'');
    let mut out = Vec::new();
    for entry in value.split(':') {
        let entry = entry.trim_end_matches('/');
        let here = ["$PWD", "${PWD}", "$(pwd)", "`pwd`"].iter().find_map(|p| entry.strip_prefix(p));
        let relative = !entry.starts_with(['/', '~', '$', '`']);
        let tools = ["node_modules/.bin", ".venv/bin", "venv/bin"].iter().any(|t| entry.ends_with(t));
        match here {
            _ if tools => {}
            Some(rest) => out.push(format!(".{rest}")),
            None if relative => out.push(if entry.is_empty() { ".".to_string() } else { entry.to_string() }),
            None => {}
        }
    }
    out
}
