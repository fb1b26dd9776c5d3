//! Commands and text that other commands run: shells, interpreters, database clients, `xargs`,
//! `su -c`, `at`, terminal multiplexers, `ssh`, `watch`, `flock`, git's own scripts.

use super::options::{Dashes, OptionWords};
use super::programs::{self, InlineLanguage};
use super::syntax::{Part, Word};
use super::{
    Dirs, Feed, Io, MAX_REPARSE, Peeled, ProgramCall, ShellState, Step, Walk, code, editors, effects, expand_home, git, home_spelled,
    is_stdin_path, lit_word, option_value, powershell, quote, recipes, sql,
};
use recipes::Recipes;
use sql::files::Outside;
use std::path::Path;

impl Walk<'_> {
    /// `su -c 'cmd'`, `script -qc 'cmd'`, `runuser -u x -c 'cmd'`; without `-c`, what its
    /// wrapper form runs.
    pub(super) fn command_string(&mut self, cmd: &mut Peeled, call: &ProgramCall, io: &Io, shell: &ShellState) -> Step {
        // `script` without a command runs the user's shell, and with a shell alone for its command
        // that shell: either reads its commands from the terminal `script` feeds from its own
        // standard input (`script -q /dev/null < fifo`, `echo cmd | script -qc sh /dev/null`).
        if call.name == "script" && script_runs_a_shell(&call.args) {
            self.fed(io.feed, &cmd.dirs, shell, io.reparse, true);
        }
        match programs::command_option(&call.args) {
            Some(programs::CommandOption::Word(k)) => self.script_word(&cmd.operands()[k], &cmd.dirs, shell, io.reparse),
            Some(programs::CommandOption::Attached(script)) => {
                self.text(&script, &mut ShellState { dirs: cmd.dirs.clone(), ..shell.clone() }, io.reparse + 1)
            }
            // `sg [-] group 'cmd'`: the word after the group is a shell string, `-c` or not.
            None if call.name == "sg" => match call.args.iter().enumerate().filter(|(_, a)| *a != "-").nth(1) {
                Some((k, _)) => self.script_word(&cmd.operands()[k], &cmd.dirs, shell, io.reparse),
                None => self.fed(io.feed, &cmd.dirs, shell, io.reparse, true),
            },
            None => return self.program(cmd, call, io, shell),
        }
        Step::unknown()
    }

    /// `at`, `batch`: the script on standard input runs later, unseen by any hook.
    pub(super) fn schedule(&mut self, cmd: &Peeled, call: &ProgramCall, io: &Io, shell: &ShellState) -> Step {
        if !call.args.iter().any(|a| a == "-l" || a == "-r" || a == "-d" || a == "-c") {
            self.fed(io.feed, &cmd.dirs, shell, io.reparse, true);
            self.opaque("it schedules commands to run later");
        }
        Step::unknown()
    }

    /// `tmux send-keys`, `screen -X stuff`, new sessions: the command runs somewhere unknown; and
    /// what types into a terminal already open is recorded as such.
    pub(super) fn multiplexer(&mut self, call: &ProgramCall, io: &Io, shell: &ShellState) -> Step {
        if let Some(how) = super::terminal::typing(&call.name, &call.args) {
            self.out.types_into_terminal.get_or_insert(how);
        }
        // `tmux pipe-pane -I 'cmd'`: what the command prints is typed into the pane.
        if super::programs::is_tmux(&call.name)
            && call.args.windows(2).any(|w| matches!(w[0].as_str(), "pipe-pane" | "pipep") && w[1].starts_with('-') && w[1].contains('I'))
        {
            self.opaque("it types what a command prints into a tmux pane, which the analyser cannot see");
        }
        // What it is fed is typed into the session's shell: read as a shell reads it, and asked
        // about, as the session's input cannot be seen.
        if super::terminal::pushes_input(&call.name, &call.args) {
            self.fed(io.feed, &Dirs::Unknown, shell, io.reparse, true);
            if matches!(io.feed, Feed::None) {
                self.opaque("it types its input into a session, which the analyser cannot see");
            }
        }
        for script in super::terminal::texts(&call.name, &call.args) {
            // tmux expands a format (`#{@x}`, `#{pane_title}`) in what it runs: text it computes.
            if super::programs::is_tmux(&call.name) && script.contains("#{") {
                self.opaque("it makes tmux run text computed from a format (#{…}), which the analyser cannot see");
            }
            // A new session or window starts where the call runs, unless told elsewhere (`-c`);
            // a pane typed into is wherever it is: judged in both (`tmux new -d 'bash x.sh'` reads
            // the project's `x.sh`).
            for dirs in [shell.dirs.clone(), Dirs::Unknown] {
                self.text(&script, &mut ShellState { dirs, ..shell.clone() }, io.reparse + 1);
            }
        }
        self.multiplexer_files(&call.name, &call.args, io.feed, shell, io.reparse);
        Step::unknown()
    }

    /// `nix-shell --run 'cmd'`, `devenv shell -c 'cmd'`; without one, a plain program.
    pub(super) fn run_option(&mut self, cmd: &mut Peeled, call: &ProgramCall, io: &Io, shell: &ShellState) -> Step {
        let flags = ["--run", "--command", "-c"];
        let Some(script) = option_value(&call.args, &flags) else { return self.program(cmd, call, io, shell) };
        self.script_value(cmd.operands(), &flags, &script, &cmd.dirs, shell, io.reparse);
        Step::unknown()
    }

    pub(super) fn flock(&mut self, cmd: &mut Peeled, call: &ProgramCall, io: &Io, shell: &ShellState) -> Step {
        match flock_command(&call.args) {
            Some(FlockCommand::At(i)) => cmd.continue_at(i),
            Some(FlockCommand::Script(i)) => {
                self.script_word(&cmd.operands()[i], &cmd.dirs, shell, io.reparse);
                Step::unknown()
            }
            None => Step::unknown(),
        }
    }

    pub(super) fn watch(&mut self, cmd: &Peeled, call: &ProgramCall, io: &Io, shell: &ShellState) -> Step {
        let i = programs::skip_options(&call.args, "nd", &["--interval", "--differences"]);
        let rest = &cmd.operands()[i.min(call.args.len())..];
        self.joined_script(rest, &cmd.dirs, shell, io.reparse);
        Step::unknown()
    }

    /// `ssh [options] host command…`: the command runs in a shell over there.
    pub(super) fn ssh(&mut self, cmd: &Peeled, call: &ProgramCall, io: &Io, shell: &ShellState) -> Step {
        let i = programs::skip_options(&call.args, "bcDEeFIiJLlmOopQRSWw", &[]);
        if i + 1 < call.args.len() {
            let rest = &cmd.operands()[1 + i..];
            self.joined_script(rest, &Dirs::Unknown, shell, io.reparse);
        }
        self.ssh_input(&call.args, i, io.feed, shell, io.reparse);
        Step::unknown()
    }

    /// git, with the configuration the environment gives it: a `!` alias, `submodule foreach`
    /// and `rebase --exec` run shell commands; what else it does is in its canonical form.
    pub(super) fn git_command(&mut self, cmd: &Peeled, io: &Io, shell: &ShellState) -> Step {
        let mut args = self.seen.git_arguments();
        args.extend(cmd.operands().iter().map(Word::text));
        let from_environment = self.seen.git_commands.clone();
        for script in git::alias_script(&args).into_iter().chain(git::shell_commands(&args)).chain(from_environment) {
            self.text(&script, &mut ShellState { dirs: cmd.dirs.clone(), ..shell.clone() }, io.reparse + 1);
        }
        self.git_hooks(&args, &cmd.dirs, shell, io.reparse);
        self.git(&args, cmd.operands(), &cmd.dirs, io.feed);
        Step::Done(self.listing("git", cmd.operands(), &args, &cmd.dirs), None)
    }

    /// `bash -c 'script'`, `bash script.sh`, `bash <<EOF`, `curl … | bash`.
    pub(super) fn shell(&mut self, words: &[Word], args: &[String], feed: &Feed, dirs: &Dirs, shell: &ShellState, reparse: usize) {
        let mut expects_script = false;
        let mut options = OptionWords::new(args);
        while let Some(a) = options.next() {
            if a.starts_with("--") {
                if matches!(a, "--rcfile" | "--init-file") {
                    options.value();
                }
            } else if let Some(flags) = a.strip_prefix(['-', '+']).filter(|f| !f.is_empty()) {
                // `bash -n script`: the shell reads the script for its syntax and runs nothing.
                if a.starts_with('-') && flags.contains('n') && flags.chars().all(|c| "nvx".contains(c)) {
                    return;
                }
                expects_script |= a.starts_with('-') && flags.contains('c');
                if a.starts_with('-') && flags.contains('s') {
                    break;
                }
                if flags.ends_with(['o', 'O']) {
                    options.value();
                }
            } else {
                let i = options.index();
                if expects_script {
                    // `sh -c SCRIPT ZERO ARG…`: the words after the script are its `$0`, `$1`, ….
                    match words[i].literal() {
                        Some(script) => {
                            self.script_with_arguments(&script, &words[i + 1..], |walk| walk.script_word(&words[i], dirs, shell, reparse))
                        }
                        None => self.script_word(&words[i], dirs, shell, reparse),
                    }
                } else if words[i].literal().is_none_or(|t| is_stdin_path(&t)) {
                    self.opaque("it runs a script the analyser cannot read (a substitution or standard input)");
                } else {
                    self.written_script(&words[i], dirs, shell, reparse, true);
                }
                return;
            }
        }
        // No script operand: the shell reads its commands from standard input.
        self.fed(feed, dirs, shell, reparse, true);
    }

    /// Text fed to a shell or an interpreter on standard input. Known text fed to a shell is read
    /// (its commands may be denied); either way the gate asks, as it cannot see what runs.
    pub(super) fn fed(&mut self, feed: &Feed, dirs: &Dirs, shell: &ShellState, reparse: usize, is_shell: bool) {
        match feed {
            Feed::None => {}
            Feed::Text(t) | Feed::Expanding(t) => {
                if is_shell {
                    self.text(t, &mut ShellState { dirs: dirs.clone(), ..shell.clone() }, reparse + 1);
                }
                self.opaque("it feeds text to a shell or an interpreter");
            }
            // `sh < scripts/ci.sh`: a file on disk the call did not write is read as `sh
            // scripts/ci.sh` reads it (bounded); one the call wrote stays opaque, and so does one
            // not there yet (a job started earlier may write it before the shell reads it).
            Feed::File(p) if is_shell && p.is_file() && !self.seen.scripts.iter().any(|(q, _)| q == p) => {
                self.written_script(&super::lit_word(&p.to_string_lossy()), dirs, shell, reparse, true);
            }
            Feed::File(_) | Feed::Found(..) | Feed::Unknown => self.opaque("it feeds text to a shell or an interpreter"),
        }
    }

    /// `here` is the shell state the interpreter runs in (its directories included).
    pub(super) fn interpreter(
        &mut self,
        call: &ProgramCall,
        interpreter: &programs::Interpreter,
        words: &[Word],
        feed: &Feed,
        here: &ShellState,
        reparse: usize,
    ) {
        let (name, args) = (call.name.as_str(), call.args.as_slice());
        let inline = interpreter.inline;
        if interpreter.language == Some(InlineLanguage::PowerShell)
            && args
                .iter()
                .any(|a| a.len() >= 2 && "-encodedcommand".starts_with(&a.to_ascii_lowercase()) && a.to_ascii_lowercase().starts_with("-e"))
        {
            self.opaque("it runs an encoded PowerShell command");
            return;
        }
        // awk's program is its first operand (unless `-f file` names one).
        let awk = interpreter.program_operand && !args.iter().any(|a| a == "-f" || a.starts_with("--file"));
        // Every interpreter's first operand that is not an option is its script file.
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            // `deno run -A tools/x.ts`, `bun run x.ts`, `tsx watch x.ts`: the script file after the run word.
            if i == 0 && (a == "run" && matches!(name, "deno" | "bun") || a == "watch" && matches!(name, "tsx" | "bun" | "deno")) {
                i += 1;
                continue;
            }
            let attached =
                !inline.contains(&a) && inline.iter().any(|f| f.len() == 2 && a.starts_with(f) && a.len() > 2 && !a.starts_with("--"));
            // `perl -lne '…'`, `perl -lnE'…'`: switches that take no value, then the inline one.
            let cluster = interpreter.inline_in_cluster(a);
            if inline.contains(&a) || attached || cluster.is_some() || (awk && !a.starts_with('-')) {
                // `python -c '…'`: literal text is seen by the rules as an argument, and the
                // commands it starts are read; computed text cannot be.
                let next = inline.contains(&a) || cluster == Some(None);
                let code = if next { words.get(i + 1) } else { words.get(i) };
                match code.map(|w| (w, w.literal())) {
                    Some((_, Some(text))) => {
                        let text = match cluster {
                            Some(Some(_)) => interpreter.inline_in_cluster(&text).flatten().unwrap_or_default().to_string(),
                            _ if attached => text[2..].to_string(),
                            _ => text,
                        };
                        self.code_effects(program_text(interpreter.language, &text), here, reparse);
                    }
                    Some(_) => self.opaque("it runs program text the shell computes"),
                    None => {}
                }
                return;
            }
            // awk's `-v NAME=VALUE` and `-F SEP` take a value, with or without its program inline;
            // `node -r MODULE`, `python3 -X dev` too.
            if interpreter.program_operand && (a == "-v" || a == "-F") || interpreter.values.contains(&a) {
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
                // A script the same call wrote is read as the text it wrote, one on disk as it is.
                let written = self.written_text(&words[i], &here.dirs);
                for text in &written {
                    self.code_effects(program_text(interpreter.language, text), here, reparse);
                }
                if written.is_empty() {
                    self.program_on_disk(name, interpreter, &words[i], here, reparse);
                }
                return;
            }
            i += 1;
        }
        match feed {
            Feed::None => {}
            // `python3 - <<'EOF'`, `node <<< '…'`: program text the analyser sees, read as `-c` text.
            Feed::Text(text) if interpreter.language.is_some() => {
                self.code_effects(program_text(interpreter.language, text), here, reparse)
            }
            _ => self.opaque("it feeds text to a shell or an interpreter"),
        }
    }

    /// What program text does (an interpreter one-liner, a PowerShell script), as effects of the
    /// command: its removals, writes and moves are judged like `rm`'s, `>`'s and `mv`'s, the
    /// commands it starts are read as shell text.
    pub(super) fn code_effects(&mut self, read: Vec<code::CodeEffect>, here: &ShellState, reparse: usize) {
        let word = |path: &str| match path.strip_prefix('~') {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => Word { parts: vec![Part::Tilde, Part::Lit(rest.to_string())] },
            _ => lit_word(path),
        };
        for e in read {
            match e {
                code::CodeEffect::Remove { path, recursive } => {
                    let kind = if recursive { effects::EffectKind::DeleteRecursive } else { effects::EffectKind::Delete };
                    self.effect(kind, &word(&path), &here.dirs);
                }
                code::CodeEffect::Write { path } => self.effect(effects::EffectKind::Overwrite, &word(&path), &here.dirs),
                code::CodeEffect::Move { from, to } => {
                    self.effect(effects::EffectKind::Move, &word(&from), &here.dirs);
                    self.effect(effects::EffectKind::Overwrite, &word(&to), &here.dirs);
                }
                code::CodeEffect::Run { command } => self.text(&command, &mut here.clone(), reparse + 1),
                code::CodeEffect::Opaque { why } => self.opaque(why),
            }
        }
    }

    /// A script given as the value of an option (`su -c`, `nix-shell --run`).
    pub(super) fn script_value(&mut self, words: &[Word], flags: &[&str], script: &str, dirs: &Dirs, shell: &ShellState, reparse: usize) {
        let word = words.iter().position(|w| flags.contains(&w.text().as_str())).and_then(|i| words.get(i + 1));
        match word {
            Some(w) => self.script_word(w, dirs, shell, reparse),
            None => self.text(script, &mut ShellState { dirs: dirs.clone(), ..shell.clone() }, reparse + 1),
        }
    }

    /// A word that holds a script (`sh -c WORD`): literal text is read, computed text cannot be.
    pub(super) fn script_word(&mut self, word: &Word, dirs: &Dirs, shell: &ShellState, reparse: usize) {
        match word.literal() {
            Some(script) => self.text(&script, &mut ShellState { dirs: dirs.clone(), ..shell.clone() }, reparse + 1),
            None => self.opaque("it runs a script the shell computes"),
        }
    }

    /// `watch cmd args`, `ssh host cmd args`: the words joined are a script.
    pub(super) fn joined_script(&mut self, words: &[Word], dirs: &Dirs, shell: &ShellState, reparse: usize) {
        match words.iter().map(Word::literal).collect::<Option<Vec<String>>>() {
            Some(parts) => self.text(&parts.join(" "), &mut ShellState { dirs: dirs.clone(), ..shell.clone() }, reparse + 1),
            None => self.opaque("it runs a script the shell computes"),
        }
    }

    /// A script run by path (`sh /tmp/a.sh`, `./a.sh`, `. ./env.sh`): read as the text the call
    /// itself wrote, or as the shell script on disk (`by_shell`: a shell was named to run it).
    pub(super) fn written_script(&mut self, word: &Word, dirs: &Dirs, shell: &ShellState, reparse: usize, by_shell: bool) {
        for text in self.written_text(word, dirs) {
            self.text(&text, &mut ShellState { dirs: dirs.clone(), ..shell.clone() }, reparse + 1);
        }
        self.script_on_disk(word, dirs, shell, reparse, by_shell);
    }

    /// `make clean`, `npm run purge`, `just wipe`: the recipe lines the runner hands to a shell,
    /// read from its file (as the same call wrote it, or on disk; never run), each judged as a
    /// command in the runner's directory.
    /// `feed` is what the call gives the runner on its standard input (`… | make -f -`).
    pub(super) fn recipes(&mut self, name: &str, args: &[String], dirs: &Dirs, shell: &ShellState, reparse: usize, feed: &Feed) {
        self.package_settings(name, args, dirs);
        if !recipes::is_runner(name) {
            return;
        }
        // A session a multiplexer starts, or a directory the shell computes: where the runner's
        // file is cannot be told; a computed directory is asked about where it changes files.
        let Dirs::Known(ds) = dirs else { return };
        let args: Vec<String> = args.iter().map(|a| home_spelled(&self.with_literal_values(a), self.ctx.home)).collect();
        // `npm pkg set scripts.x=…`, `npm set-script x …`: the package manager rewrites its own
        // package.json, and a script run later in the call is one the analyser cannot read.
        let sets_scripts = matches!(name, "npm" | "pnpm" | "yarn" | "bun")
            && (args.iter().any(|a| a == "set-script")
                || args.windows(2).any(|w| w[0] == "pkg" && w[1] == "set") && args.iter().any(|a| a.starts_with("scripts")));
        if sets_scripts {
            for dir in ds {
                self.seen.scripts.push((dir.join("package.json"), None));
            }
            return;
        }
        for dir in ds {
            let scripts = &self.seen.scripts;
            let written = |p: &Path| match feed {
                Feed::Text(text) if p == Path::new(recipes::STDIN) => Some(Some(text.clone())),
                _ => scripts.iter().find(|(q, _)| q == p).map(|(_, t)| t.clone()),
            };
            if recipes::names_computed(name, &args) {
                if recipes::may_find_recipes(name, &args, dir, &written) {
                    self.opaque("the recipe or script it runs is named by text the shell computes");
                }
                continue;
            }
            match recipes::of(name, &args, dir, &written) {
                Recipes::Opaque(why) => self.opaque(why),
                Recipes::Lines(lines) => {
                    for line in lines {
                        self.out.sources.push(format!("{}: {}", line.origin, line.text));
                        self.text(&line.text, &mut ShellState { dirs: Dirs::Known(vec![line.dir]), ..shell.clone() }, reparse + 1);
                    }
                }
            }
        }
    }

    /// `npm run build`, `yarn test`, `npx x`: a package manager reads its settings files where it
    /// runs and above, and a setting there that names a program (`script-shell=./x.sh` in an
    /// `.npmrc` already on disk, `yarnPath` in `.yarnrc.yml`) runs that program unseen: read as the
    /// manager's own `config set`, which the rules ask about. What the call wrote is read as
    /// written; a file that cannot be read, or is over the size cap, is opaque.
    pub(super) fn package_settings(&mut self, name: &str, args: &[String], dirs: &Dirs) {
        if !matches!(name, "npm" | "npx" | "pnpm" | "pnpx" | "yarn" | "yarnpkg" | "bun" | "bunx" | "corepack") {
            return;
        }
        let Dirs::Known(ds) = dirs else { return };
        for dir in ds.iter().flat_map(|d| recipes::settings_dirs(args, d)) {
            let dir = &dir;
            let scripts = &self.seen.scripts;
            let written = |p: &Path| scripts.iter().any(|(q, _)| q == p);
            match recipes::settings_on_disk(dir, &written) {
                Ok(found) => {
                    for f in found {
                        let shown = self.shown(&f.path);
                        self.out.sources.push(format!("the settings {shown}:{}: {}", f.line, f.text));
                        self.out.texts.push(f.command);
                    }
                }
                Err(why) => self.opaque(why),
            }
        }
    }

    /// `sed '1e cmd'`, `sed 's/x/y/w file'`, `ed file <<< '!cmd'`, `vim -c '!cmd'`: the commands an
    /// editor's script runs are run, the files it writes are written.
    pub(super) fn editor_escapes(&mut self, name: &str, args: &[String], io: &Io, dirs: &Dirs, shell: &ShellState) {
        let escapes: Vec<editors::Escapes> = match name {
            "sed" | "gsed" => {
                let (scripts, from_file) = editors::sed_scripts(args);
                if from_file {
                    self.opaque("its sed script is in a file, which the analyser does not read");
                }
                scripts.iter().map(|s| editors::sed(s)).collect()
            }
            "ed" | "ex" | "vim" | "vi" | "nvim" | "view" | "vimdiff" => {
                let mut all: Vec<editors::Escapes> = editors::vim_commands(args).iter().map(|c| editors::ed(c)).collect();
                // `ed` and `ex` (or `vim -e`) read their commands from standard input.
                if matches!(name, "ed" | "ex") || args.iter().any(|a| a.starts_with("-e") || a == "-E" || a == "-s" && name != "ed") {
                    match io.feed {
                        Feed::None => {}
                        Feed::Text(t) | Feed::Expanding(t) => all.push(editors::ed(t)),
                        Feed::File(p) => match read_small(p) {
                            Some(t) => all.push(editors::ed(&t)),
                            None => self.opaque("it runs editor commands from a file the analyser cannot read"),
                        },
                        Feed::Found(..) | Feed::Unknown => self.opaque("it runs editor commands from input the analyser cannot see"),
                    }
                }
                all
            }
            "emacs" | "emacsclient" => vec![editors::emacs(args)],
            "gdb" | "gdb-multiarch" | "cgdb" | "lldb" => vec![editors::debugger(name, args)],
            "less" | "more" => args.iter().filter_map(|a| a.strip_prefix('+')).map(editors::pager).collect(),
            _ => return,
        };
        for e in escapes {
            if let Some(why) = e.opaque {
                self.opaque(why);
            }
            for command in &e.runs {
                self.text(command, &mut ShellState { dirs: dirs.clone(), ..shell.clone() }, io.reparse + 1);
            }
            for file in &e.writes {
                self.effect(effects::EffectKind::Overwrite, &lit_word(&expand_home(file, self.ctx.home)), dirs);
            }
        }
    }

    /// A database client: the statements it is given, wherever they come from.
    pub(super) fn database(&mut self, name: &str, db: &programs::DbClient, words: &[Word], args: &[String], feed: &Feed, dirs: &Dirs) {
        let mut given = Vec::new();
        let mut files = Vec::new();
        let mut operands = Vec::new();
        let mut opts = OptionWords::with(args, Dashes::Word);
        while let Some(a) = opts.next() {
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
                let value = attached.or_else(|| opts.value().map(str::to_string));
                if let Some(v) = value {
                    if db.inline.contains(&flag) { given.push(v) } else { files.push(v) }
                }
            } else if let Some(v) = short_attached(db.inline) {
                given.push(v);
            } else if let Some(v) = short_attached(db.files) {
                files.push(v);
            } else if db.values.contains(&flag) && attached.is_none() {
                // Its value, which says nothing of the statements.
                opts.value();
            } else if !a.starts_with('-') {
                operands.push(opts.index());
            }
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
            Feed::Text(t) | Feed::Expanding(t) => given.push(t.clone()),
            Feed::File(f) => files.push(f.to_string_lossy().into_owned()),
            Feed::Found(..) | Feed::Unknown => self.opaque("it feeds a database statements the analyser cannot see"),
            Feed::None => {}
        }
        given.extend(files.iter().filter_map(|f| self.sql_file(f, dirs)));
        // A throwaway database's statements are told apart from those on any other.
        let test = self.local_test_database(name, words, args, &operands, dirs);
        let local = self.local_server(name, words, args, &operands);
        let said = |t: String| {
            if test || (local && super::local_db::test_database_statement(&t)) { format!("test-database {t}") } else { t }
        };
        // The files the statements run (`.read f.sql`) are read in turn, up to a bound.
        let mut texts = 0;
        while texts < given.len() {
            let text = std::mem::take(&mut given[texts]);
            texts += 1;
            if db.sql {
                for f in self.outside_the_database(&text, dirs) {
                    if given.len() >= MAX_SQL_TEXTS {
                        self.opaque("it feeds a database statements the analyser cannot see");
                        break;
                    }
                    given.extend(self.sql_file(&f, dirs));
                }
                self.out.texts.extend(sql::statements(&text).into_iter().map(said));
            } else {
                let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
                self.out.texts.push(said(format!("{name} {}", quote(&one_line))));
            }
        }
    }
}

/// How many texts of statements one client call is read for: its own, and the files they run.
const MAX_SQL_TEXTS: usize = 16;

impl Walk<'_> {
    /// The files a client's text writes and reads, and the commands it runs (`sql::files`); the
    /// files of statements it runs are returned, to be read as its own.
    fn outside_the_database(&mut self, text: &str, dirs: &Dirs) -> Vec<String> {
        let mut runs = Vec::new();
        for what in sql::files::outside(text) {
            match what {
                Outside::Writes(p) => self.effect(effects::EffectKind::Overwrite, &lit_word(&expand_home(&p, self.ctx.home)), dirs),
                Outside::Reads(p) => self.read(&lit_word(&expand_home(&p, self.ctx.home)), dirs, false),
                Outside::RunsSql(p) => {
                    self.read(&lit_word(&expand_home(&p, self.ctx.home)), dirs, false);
                    runs.push(p);
                }
                Outside::Runs(cmd) => self.text(&cmd, &mut ShellState::new(self.ctx.cwd), MAX_REPARSE),
                Outside::Loads => self.opaque("it loads a library into a database client, whose code the analyser does not read"),
            }
        }
        runs
    }

    /// The statements in a file a client is given (`-init f.sql`, `< f.sql`, `.read f.sql`), read
    /// at judging time; one that cannot be read is statements the analyser cannot see.
    fn sql_file(&mut self, name: &str, dirs: &Dirs) -> Option<String> {
        let text = match dirs.join(&expand_home(name, self.ctx.home)) {
            Dirs::Known(ps) if ps.len() == 1 => read_small(&ps[0]),
            _ => None,
        };
        if text.is_none() {
            self.opaque("it feeds a database statements the analyser cannot see");
        }
        text
    }
}

/// What program text does, in the language of its interpreter.
pub(super) fn program_text(language: Option<InlineLanguage>, text: &str) -> Vec<code::CodeEffect> {
    match language {
        Some(InlineLanguage::Code(lang)) => code::read(lang, text),
        Some(InlineLanguage::PowerShell) => powershell::read(text),
        Some(InlineLanguage::AppleScript) => code::applescript::read(text),
        Some(InlineLanguage::Unread(escapes)) => {
            let folded = text.to_ascii_lowercase();
            if escapes.iter().any(|e| folded.contains(e)) {
                vec![code::CodeEffect::Opaque {
                    why: "it runs program text that starts a command, changes a file or evaluates text, in a language the analyser does not read",
                }]
            } else {
                Vec::new()
            }
        }
        None => vec![code::CodeEffect::Opaque { why: "it runs program text in a language the analyser does not read" }],
    }
}

fn read_small(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > 1 << 20 {
        return None;
    }
    crate::gate::regular_file::read_text(path, "a file", 1 << 20).ok().flatten()
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

/// Whether `script args` runs a shell that reads its commands from the terminal: no command (nor
/// one after the file, as BSD's `script file command` takes it), or a shell named with nothing
/// after it.
fn script_runs_a_shell(args: &[String]) -> bool {
    const SHELLS: &[&str] = &["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "yash", "tcsh", "csh"];
    let command = match programs::command_option(args) {
        None => return programs::wrapped("script", args).is_none(),
        Some(programs::CommandOption::Word(k)) => args[k].clone(),
        Some(programs::CommandOption::Attached(text)) => text,
    };
    let words = shell_words::split(&command).unwrap_or_default();
    let flags_only = words.iter().skip(1).all(|w| w.starts_with('-') && w != "-c");
    words.first().and_then(|w| w.rsplit('/').next()).is_some_and(|w| SHELLS.contains(&w)) && flags_only
}
