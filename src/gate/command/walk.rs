//! The walk over a parsed command: each script and simple command with its redirections, the
//! layers peeled off it (wrappers, assignments, keywords), and the program it finally runs, handed
//! to the reader for that program's role.

use super::loops::{Compounds, KEYWORDS, substitutions};
use super::programs::{self, Role};
use super::span::Span;
use super::syntax::{self, Node, Parsed, Part, Redir, RedirOp, Script, Sep, Simple, Word};
use super::{
    COMPUTED, COMPUTED_TARGET, Chdir, Dirs, Feed, Io, MAX_COMMANDS, MAX_PEELS, MAX_REPARSE, MAX_TEXT, NAMES_ONLY, Peeled, ProgramCall,
    ShellState, Step, TIME_BUDGET, Walk, effects, identity, lexical, lit_word, option_value, program_name, quote, shown_words, text,
};

impl Walk<'_> {
    pub(super) fn opaque(&mut self, why: &'static str) {
        let names_only = |why: &str| NAMES_ONLY.contains(&why);
        if names_only(why) && why != COMPUTED_TARGET {
            // Which names: any (a `COMPUTED_TARGET` comes with its own, see [`Walk::touch`]).
            self.out.computed_names.push(COMPUTED.to_string());
        }
        // A reason the box may confine gives way to any other, which it never hides.
        match self.out.opaque {
            Some(held) if !names_only(held) || names_only(why) => {}
            _ => self.out.opaque = Some(why),
        }
    }

    /// What the walk adds from here on comes from `span` of the line; gives back the place it
    /// came from until now.
    pub(super) fn place_at(&mut self, span: Option<Span>) -> Option<Span> {
        self.out.origins.set(self.out.texts.len(), self.out.effects.len(), span)
    }

    /// While the walk is in the line's own command at `whole`: what it adds from here on comes
    /// from `part` of it (a redirection). Gives back what [`Walk::widen_back`] restores.
    fn narrow_to(&mut self, whole: Span, part: Span) -> Option<Span> {
        (self.out.origins.current() == Some(whole)).then(|| self.place_at(Some(part))).flatten()
    }

    fn widen_back(&mut self, held: Option<Span>) {
        if held.is_some() {
            self.place_at(held);
        }
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
    pub(super) fn text(&mut self, text: &str, shell: &mut ShellState, reparse: usize) {
        self.text_reading(text, shell, reparse, &Feed::None);
    }

    /// A script given as text whose commands read `input`.
    pub(super) fn text_reading(&mut self, text: &str, shell: &mut ShellState, reparse: usize, input: &Feed) {
        if reparse > MAX_REPARSE {
            self.opaque("it nests shells deeper than the analyser follows");
            return;
        }
        let parsed = syntax::parse(text);
        if let Some(why) = parsed.rejected {
            self.out.sources.push(format!("nothing: the shell rejects the line before it runs any of it: {why}"));
            return;
        }
        if let Some(why) = parsed.opaque {
            self.opaque(why);
        }
        self.split_later(&parsed.unquoted);
        self.seen.unquoted.extend(parsed.unquoted.iter().filter(|n| !self.seen.unquoted.contains(n)).cloned().collect::<Vec<_>>());
        let outer = self.seen.parse;
        self.seen.parses += 1;
        self.seen.parse = self.seen.parses;
        self.known_enter(text, &parsed);
        self.script(&parsed, 0, shell, reparse, input);
        self.uncalled_functions(&parsed, self.seen.parse, reparse);
        self.known_leave();
        self.seen.parse = outer;
    }

    /// Walks script `id` of `p`, whose commands read `input` unless given another; what its last
    /// pipeline prints, as far as the analysis knows.
    fn script(&mut self, p: &Parsed, id: usize, shell: &mut ShellState, reparse: usize, input: &Feed) -> Feed {
        let Some(script) = p.scripts.get(id) else { return Feed::Unknown };
        if id == 0 {
            return self.pipelines(p, script, shell, reparse, input);
        }
        // Any other script of the text is a subshell's (`( … )`, `$( … )`, `<( … )`).
        self.known_subshell(|walk| walk.pipelines(p, script, shell, reparse, input))
    }

    /// Walks the pipelines of `script` (one of `p`'s, or a function's body in it), as
    /// [`Walk::script`] does.
    pub(super) fn pipelines(&mut self, p: &Parsed, script: &Script, shell: &mut ShellState, reparse: usize, input: &Feed) -> Feed {
        let straight = self.flow_start();
        let printed = self.walk_pipelines(p, script, shell, reparse, input);
        self.flow_end(straight);
        printed
    }

    fn walk_pipelines(&mut self, p: &Parsed, script: &Script, shell: &mut ShellState, reparse: usize, input: &Feed) -> Feed {
        let mut printed = Feed::None;
        // The end of a function definition being stepped over (its body runs where it is called).
        let mut defined: Option<(usize, usize)> = None;
        // The compound commands open here (`while …; do …; done < list`): where each closes, and
        // the input its closing word or the pipe into it gives every command inside.
        let mut open = Compounds::default();
        let mut bodies = super::pipes::Bodies::default();
        for (at, pipeline) in script.pipelines.iter().enumerate() {
            let single = pipeline.nodes.len() == 1;
            let mut feed = open.input(input);
            for (k, node) in pipeline.nodes.iter().enumerate() {
                if self.over_budget() {
                    return Feed::Unknown;
                }
                if defined.is_some_and(|end| (at, k) <= end) {
                    continue;
                }
                if let Some(end) = self.define(p, script, (at, k), shell) {
                    defined = Some(end);
                    continue;
                }
                self.flow_node(script, (at, k));
                match node {
                    Node::Subshell(inner) => {
                        // `( … ) < list`: the redirection the parser leaves after the parenthesis.
                        let given = match pipeline.nodes.get(k + 1) {
                            Some(Node::Simple(after)) if after.words.is_empty() => {
                                self.compound_input(p, after, shell, (&mut open, reparse)).unwrap_or(feed)
                            }
                            _ => feed,
                        };
                        if let Some(body) = expression_body(p, *inner) {
                            self.expression(p, body, shell, reparse);
                        }
                        let mut sub = shell.clone();
                        self.script(p, *inner, &mut sub, reparse, &given);
                        feed = Feed::Unknown;
                    }
                    Node::Simple(cmd) => {
                        // What the line's own commands add comes from where each stands in it (a
                        // text parsed again, `sh -c '…'`, stands where its command does).
                        let held = if reparse == 0 { Some(self.place_at(Some(cmd.span))) } else { None };
                        if self.opens(p, script, (at, k), &feed, shell, (&mut open, reparse)) {
                            feed = open.input(&feed);
                        }
                        let closed = bodies.close(cmd);
                        let (output, chdir) = self.simple(p, cmd, feed, shell, reparse, &open.walked);
                        bodies.open(cmd);
                        open.close((at, k));
                        // `done | xargs cat`, `done > list`: what the loop's commands printed goes on.
                        if let Some(printed) = &closed {
                            for r in cmd.redirs.iter().filter(|r| r.op.writes()) {
                                self.wrote_list(&r.target, &shell.dirs, printed);
                            }
                        }
                        let output = closed.unwrap_or(output);
                        // `pgrep -f x | xargs kill`: the ids a process lister prints stand for its
                        // command, as `kill $(pgrep -f x)` has them, for the rules on what is stopped.
                        let output = match cmd.words.first().and_then(Word::literal) {
                            Some(name) if matches!(name.as_str(), "pgrep" | "pidof") && matches!(output, Feed::Unknown) => {
                                let args: Vec<String> = cmd.words[1..].iter().map(Word::text).collect();
                                Feed::Found(vec![Word { parts: vec![Part::Computed(format!("$({})", text(&name, &args)))] }], false)
                            }
                            _ => output,
                        };
                        if matches!(output, Feed::Found(..)) {
                            self.seen.lister = Some(shown_words(&cmd.words));
                        }
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
                        if let Some(held) = held {
                            self.place_at(held);
                        }
                    }
                }
            }
            bodies.printed(&feed);
            printed = feed;
        }
        printed
    }

    /// One simple command: its substitutions, redirections and words.
    fn simple(
        &mut self,
        p: &Parsed,
        cmd: &Simple,
        pipe: Feed,
        shell: &mut ShellState,
        reparse: usize,
        walked: &[usize],
    ) -> (Feed, Option<Chdir>) {
        // Substitutions run first, in a subshell each (those of a compound's input before it).
        for s in substitutions(p, cmd).into_iter().filter(|s| !walked.contains(s)) {
            self.substitution(p, cmd, s, shell, reparse);
        }
        self.arithmetic(cmd, shell, reparse);
        // Redirections' targets with the values the call gave its variables (`> "$F"`).
        let cmd = &Simple {
            redirs: cmd.redirs.iter().map(|r| syntax::Redir { target: self.known_word(&r.target), ..r.clone() }).collect(),
            ..cmd.clone()
        };
        let feed = self.redirections(p, cmd, pipe, shell);
        let heredocs: Vec<String> =
            cmd.redirs.iter().filter_map(|r| r.body).filter_map(|b| p.bodies.get(b)).map(|b| b.text.clone()).collect();
        let dirs = shell.dirs.clone();
        let (output, chdir) = match self.call_function(cmd, &feed, shell, reparse) {
            Some(called) => called,
            // `$(< list.txt)`: bash's substitution of a file is its text, as `$(cat list.txt)`.
            None if cmd.words.is_empty() && matches!(feed, Feed::File(_)) => (feed.clone(), None),
            None => {
                self.seen.known.own = true;
                self.run(cmd.words.clone(), dirs.clone(), &feed, &heredocs, shell, reparse)
            }
        };
        let text = match &output {
            Feed::Text(text) | Feed::Expanding(text) => Some(text.clone()),
            _ => None,
        };
        for r in cmd.redirs.iter().filter(|r| r.op.writes()) {
            let held = self.narrow_to(cmd.span, r.span);
            let text = text.clone().or_else(|| self.settings_line(&cmd.words, &r.target, &dirs));
            self.wrote(&r.target, &dirs, text);
            self.wrote_list(&r.target, &dirs, &output);
            self.widen_back(held);
        }
        (output, chdir)
    }

    /// Walks substitution `s` of `cmd`, keeping the names it lists.
    pub(super) fn substitution(&mut self, p: &Parsed, cmd: &Simple, s: usize, shell: &ShellState, reparse: usize) {
        let mut sub = shell.clone();
        let printed = self.script(p, s, &mut sub, reparse, &Feed::None);
        self.remember_substituted(cmd, s, printed);
    }

    /// A command's redirections: the files they write, and what it reads on standard input.
    fn redirections(&mut self, p: &Parsed, cmd: &Simple, pipe: Feed, shell: &ShellState) -> Feed {
        let mut feed = pipe;
        for r in &cmd.redirs {
            match r.op {
                RedirOp::Write | RedirOp::ReadWrite => {
                    let held = self.narrow_to(cmd.span, r.span);
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
                    self.effect(effects::EffectKind::Overwrite, &r.target, &shell.dirs);
                    self.widen_back(held);
                    if r.op == RedirOp::ReadWrite {
                        // `exec 3<> ~/.gitvow/record.key`, `bash -i <> fifo`: read as well.
                        feed = self.redirected_input(p, r, &shell.dirs);
                    }
                }
                RedirOp::HereDoc | RedirOp::HereString | RedirOp::Read => feed = self.redirected_input(p, r, &shell.dirs),
                RedirOp::Dup => {}
            }
        }
        feed
    }

    /// What an input redirection gives a command on standard input.
    pub(super) fn redirected_input(&mut self, p: &Parsed, r: &Redir, dirs: &Dirs) -> Feed {
        match r.op {
            RedirOp::HereDoc => match r.body.and_then(|b| p.bodies.get(b)) {
                Some(b) if b.expands => self.body_lists(b).unwrap_or_else(|| Feed::Expanding(b.text.clone())),
                Some(b) => Feed::Text(b.text.clone()),
                None => Feed::Text(String::new()),
            },
            // `<<< $'a\nb'`: ANSI-C quoting is text the analyser decodes.
            RedirOp::HereString if r.target.parts.iter().all(|p| matches!(p, Part::Lit(_) | Part::Ansi(_))) => Feed::Text(r.target.text()),
            // `<<< ~/x`, `<<< "$HOME/x"`: a name the shell expands, as `echo` prints it.
            RedirOp::HereString => Feed::Found(vec![r.target.clone()], false),
            RedirOp::Read | RedirOp::ReadWrite => {
                self.read_input(&r.target, dirs);
                // `< <(find …)`: what the finder lists.
                if let [part @ Part::ProcSubst { .. }] = r.target.parts.as_slice()
                    && let Some(listed) = self.listed_by(part)
                {
                    return listed;
                }
                match self.paths(&r.target, dirs) {
                    Some(mut ps) if ps.len() == 1 && ps[0].glob.is_none() => self.file_feed(ps.remove(0).path),
                    _ => Feed::Unknown,
                }
            }
            RedirOp::Write | RedirOp::Dup => Feed::None,
        }
    }

    /// Peels keywords, assignments, wrappers and runners off a command and judges what is left.
    pub(super) fn run(
        &mut self,
        all: Vec<Word>,
        dirs: Dirs,
        feed: &Feed,
        heredocs: &[String],
        shell: &mut ShellState,
        reparse: usize,
    ) -> (Feed, Option<Chdir>) {
        let mut cmd = Peeled { all, at: 0, dirs };
        let io = Io { feed, heredocs, reparse };
        for _ in 0..MAX_PEELS {
            if let Step::Done(output, chdir) = self.step(&mut cmd, &io, shell) {
                return (output, chdir);
            }
        }
        self.opaque("it nests wrappers deeper than the analyser follows");
        (Feed::Unknown, None)
    }

    /// One layer of a command: its leading keywords and assignments, then its program, judged by
    /// what the program table says of it.
    fn step(&mut self, cmd: &mut Peeled, io: &Io, shell: &mut ShellState) -> Step {
        let start = cmd.at;
        // The shell's own command made of assignments alone sets them for what follows.
        let keyword = |w: &Word| w.literal().is_some_and(|t| KEYWORDS.contains(&t.as_str()) && t != "[[");
        let own = std::mem::take(&mut self.seen.known.own);
        let alone = own && cmd.all[start..].iter().all(|w| keyword(w) || super::values::assigned_name(w).is_some());
        self.seen.known.assigning = if alone { super::values::Assigning::Shell } else { super::values::Assigning::Other };
        self.seen.known.own_step = own;
        self.known_dirs(&cmd.dirs);
        // `[[ … ]]` is a test, judged as a program: what follows it is its expression.
        cmd.at += cmd.all[cmd.at..].iter().take_while(|w| keyword(w) || self.assignment(w)).count();
        let put = self.known_words(&cmd.all[cmd.at..], true);
        cmd.all.splice(cmd.at.., put);
        for command in std::mem::take(&mut self.seen.variable_commands) {
            self.text(&command, &mut ShellState { dirs: cmd.dirs.clone(), ..shell.clone() }, io.reparse + 1);
        }
        if cmd.all.get(cmd.at).and_then(Word::literal).as_deref() == Some("function") {
            // `function name { body; }`: the body is what runs (the name, when called, runs it).
            cmd.at = (cmd.at + 2).min(cmd.all.len());
            return Step::Next;
        }
        let Some(call) = self.call(cmd) else { return Step::unknown() };
        if call.name == "set" {
            self.set_parameters(cmd.operands(), &cmd.dirs);
        }
        self.moved_home(&cmd.all[start..cmd.at], &call.prog);
        self.found_on_project_path(&call.prog, &cmd.dirs);
        if call.name == "[[" && arithmetic_runs(cmd.operands()) {
            self.opaque("its test evaluates text as arithmetic, where an array subscript's $(…) runs");
        }
        if self.commands > MAX_COMMANDS {
            return Step::unknown();
        }
        if let Some(sub) =
            call.name.strip_prefix("git-").filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        {
            // `/usr/libexec/git-core/git-push` is `git push`.
            cmd.all[cmd.at] = lit_word("git");
            cmd.all.insert(cmd.at + 1, lit_word(sub));
            return Step::Next;
        }
        // `gitvow run [options] -- CMD` runs CMD in gitvow's box, which keeps gitvow's own files out
        // of its reach, not the rest of what CMD does (the project, other projects, a push): CMD
        // is judged as if typed.
        if call.name == "gitvow"
            && call.args.first().is_some_and(|a| a == "run")
            && let Some(dash) = (cmd.at + 1..cmd.all.len()).find(|&k| cmd.all[k].literal().as_deref() == Some("--"))
        {
            cmd.at = dash + 1;
            return Step::Next;
        }
        if programs::computed_subcommand(&call.name, cmd.operands()) {
            self.opaque("a subcommand is computed by the shell");
        }
        if call.name != "gitvow" && identity::guarded_subcommand(&call.args) {
            self.identify(&call.prog, &call.args, &cmd.dirs);
        }
        // A launcher of any kind (an emulator, a debugger, a profiler) running a program named in
        // its arguments with a guarded subcommand: that program may be gitvow by another name. A
        // bare word that is no program on the PATH is a subcommand (`kubectl certificate approve`).
        // A program the table does not know may run its arguments as a command (`dumb-init gitvow
        // approve …`).
        let unknown = programs::program(&call.name).is_none() && !identity::TEXT_ONLY.contains(&call.name.as_str());
        for k in identity::launched(&call.args) {
            let prog = &call.args[k];
            if unknown && program_name(prog) == "gitvow" {
                self.out.texts.push(text("gitvow", &call.args[k + 1..]));
            } else if prog.contains('/') || crate::paths::find_on_path(prog).is_some() {
                self.identify(prog, &call.args[k + 1..], &cmd.dirs);
            }
        }
        self.guarded_text(cmd, start, &call);
        if let Some(how) = super::terminal::attaches(&call.name, &call.args) {
            self.out.attaches.get_or_insert(how);
        }
        self.option_commands(&call.name, cmd.operands(), &cmd.dirs, shell, io.reparse);
        self.ssh_config_commands(&call.name, cmd.operands(), &cmd.dirs, shell, io.reparse);
        if call.prog.contains('/') {
            let first = cmd.all[cmd.at].clone();
            if !self.is_build_wrapper(&first, &cmd.dirs) {
                self.written_script(&first, &cmd.dirs, shell, io.reparse, false);
            }
        }
        self.by_role(cmd, &call, io, shell)
    }

    /// `PATH=.:$PATH git status` where `./git` is there (or the call writes it): the name runs
    /// the project's file, whose text the analyser does not read as that program's.
    fn found_on_project_path(&mut self, prog: &str, dirs: &Dirs) {
        if prog.contains('/') || self.seen.path_dirs.is_empty() {
            return;
        }
        let mut found = false;
        for entry in self.seen.path_dirs.clone() {
            match dirs.join(&entry) {
                Dirs::Known(ds) => {
                    found |= ds
                        .iter()
                        .map(|d| d.join(prog))
                        .any(|p| p.symlink_metadata().is_ok() || self.seen.scripts.iter().any(|(q, _)| *q == p));
                }
                Dirs::Unknown => found = true,
            }
        }
        if found {
            self.opaque("its program's name is a file of a directory the call puts on the PATH (the project's, or one relative to where it runs): that file runs, not the program");
        }
    }

    /// A word that holds a command line running gitvow's guarded subcommands, as the value of an
    /// environment variable the program may run (`PAGER=…`, `LESSOPEN=…`), or as an argument of a
    /// program whose arguments the walk does not read as commands: an option's value that is a
    /// command (`tar -I 'cmd'`, `sort --compress-program=cmd`, `ssh -o ProxyCommand=cmd`), or any
    /// argument of a program the table does not know (`capsh … -c 'cmd'`, a runner made
    /// tomorrow). Such a program may run it: asked about.
    fn guarded_text(&mut self, cmd: &Peeled, start: usize, call: &ProgramCall) {
        let unread = matches!(programs::role(&call.name), Role::Plain | Role::Ssh) && !identity::TEXT_ONLY.contains(&call.name.as_str());
        let words = cmd.all[start..cmd.at].iter().chain(cmd.operands().iter().filter(|_| unread));
        if words.filter_map(Word::literal).any(|a| identity::holds_guarded_call(&a)) {
            self.opaque(
                "it gives a program a command line running gitvow's approve, trust, uninstall or install --command, which the program may run",
            );
        }
    }

    /// The program word of `cmd` and its arguments, with the command's text recorded for the
    /// rules; `None` when there is no program the analysis can name.
    fn call(&mut self, cmd: &Peeled) -> Option<ProgramCall> {
        let words = cmd.words();
        let first = words.first()?;
        let Some(prog) = first.literal() else {
            self.out.texts.push(words.iter().map(|w| quote(&w.text())).collect::<Vec<_>>().join(" "));
            self.opaque(
                "a program name is computed by the shell (a variable, a substitution, a glob or brace expansion, or ANSI-C quoting)",
            );
            return None;
        };
        let name = program_name(&prog).to_string();
        if matches!(name.as_str(), "for" | "select" | "case" | "function" | "in" | "esac") {
            // A loop or case head names no program; its body is read on its own, with a loop
            // variable over literal words holding each of them.
            if name == "for" {
                self.loop_head(&words[1..], &cmd.dirs);
            }
            return None;
        }
        let args: Vec<String> = words[1..].iter().map(Word::text).collect();
        if programs::asks_for_help(&name, &args) {
            // `terraform destroy --help`, `git push --help`: the program prints its manual and
            // stops; what the other words would do does not happen. The text names the program
            // after `help`, where no rule about running it (`^mkfs`, `^dropdb`) reads it.
            self.out.texts.push(format!("help {name}"));
            // yarn runs its `yarnPath` for `--help` and `--version` too, before it reads them.
            self.package_settings(&name, &args, &cmd.dirs);
            return None;
        }
        // `git push --force --dry-run`, `kubectl delete ns x --dry-run=server`, `rsync -n --delete`:
        // the command only says what it would do. git still connects to the remote, through any
        // program the call's configuration or environment names for it: then it is judged whole.
        let git_configured = name == "git" && !(self.seen.git_commands.is_empty() && self.seen.git_config.is_empty());
        if programs::dry_run(&name, &args) && !git_configured {
            self.out.texts.push(format!("{name} --dry-run"));
            // A package manager's dry run still runs the project's lifecycle scripts (`npm publish
            // --dry-run` runs `prepack`): the walk goes on to read them, with no publish's text.
            return super::recipes::is_runner(&name).then_some(ProgramCall { prog, name, args });
        }
        let text = text(&name, &args);
        if text.len() > MAX_TEXT {
            self.opaque("one of its commands is longer than the analyser reads");
            return None;
        }
        let text = if self.image_format(&name, &words[1..], &cmd.dirs) { format!("image-format {text}") } else { text };
        let test_database = super::local_db::local_test_admin(&name, &args, &cmd.all[..cmd.at]);
        let text = if test_database { format!("test-database {text}") } else { text };
        // `acme node delete web1`, `expo publish`: a command line the table does not know, or a
        // known tool's remote subcommand, read by its verb (see `verbs`).
        if !test_database && let Some(class) = super::verbs::of(&name, &args) {
            self.out.texts.push(format!("verb {class} {text}"));
        }
        match self.moved(&name, &words[1..], &cmd.dirs) {
            Some(texts) => self.out.texts.extend(texts),
            None => self.out.texts.push(text),
        }
        Some(ProgramCall { prog, name, args })
    }

    /// What the program's role in the table makes of the command.
    fn by_role(&mut self, cmd: &mut Peeled, call: &ProgramCall, io: &Io, shell: &mut ShellState) -> Step {
        let before = self.out.reads.len();
        let sends = self.reads(call, cmd.operands(), io, &cmd.dirs.clone());
        self.sends_what_was_read(call, before, &sends);
        if let Feed::File(path) = io.feed {
            // `nc host 80 < ~/.aws/credentials`, `cat ~/.ssh/id_rsa | curl -d @- URL`: the file a
            // program reads on standard input is a text `PROG ARGS < PATH` for the rules, which
            // say which programs send what they read.
            self.out.texts.push(format!("{} < {}", text(&call.name, &call.args), self.shown(path)));
        }
        // `knife ssh QUERY 'cmd'`, `tsh ssh HOST cmd`, an sftp batch: what runs on other machines.
        self.runs_remotely(cmd, call, io, shell);
        if call.name == "read" {
            self.read_line(cmd.operands(), io.feed, &cmd.dirs);
        } else if matches!(call.name.as_str(), "mapfile" | "readarray") {
            self.map_lines(cmd.operands(), io.feed, &cmd.dirs);
        }
        match programs::role(&call.name) {
            Role::Chdir => self.chdir(cmd, call, shell),
            Role::Echo => self.echo(cmd, call),
            Role::Cat => self.cat(cmd, call, io, shell),
            Role::Env => self.env(cmd, call, io, shell),
            Role::Xargs => self.xargs(cmd, call, io, shell),
            Role::EachName => self.run_on_each(cmd, call, io, shell),
            Role::Find if call.name.starts_with("fd") => {
                Step::Done(self.fd(cmd.operands(), &call.args, &cmd.dirs.clone(), shell, io.reparse), None)
            }
            Role::Find => Step::Done(self.find(cmd.operands(), &call.args, io, &cmd.dirs.clone(), shell), None),
            Role::Eval => self.eval(cmd, io, shell),
            Role::Source => self.source(cmd, io, shell),
            Role::Alias => self.alias(cmd, io, shell),
            Role::Declare => self.declare(cmd),
            Role::Trap => self.trap(cmd, shell),
            Role::CommandString => self.command_string(cmd, call, io, shell),
            Role::Schedule => self.schedule(cmd, call, io, shell),
            Role::Multiplexer => self.multiplexer(call, io, shell),
            Role::Patch => self.patch(cmd, call, io),
            Role::Expect => {
                self.opaque("it runs an expect script, which the analyser does not read");
                Step::unknown()
            }
            Role::RunOption => self.run_option(cmd, call, io, shell),
            Role::Flock => self.flock(cmd, call, io, shell),
            Role::Watch => self.watch(cmd, call, io, shell),
            Role::Ssh => self.ssh(cmd, call, io, shell),
            Role::Spawner(spawner) => self.spawner(&spawner, cmd, call, shell, io.reparse),
            Role::ApplyPatch => {
                let argument = call.args.iter().find(|a| a.contains("*** Begin Patch")).cloned();
                let dirs = match &cmd.dirs {
                    Dirs::Known(ds) => Some(ds.clone()),
                    Dirs::Unknown => {
                        // Its files are wherever the shell turns out to be: asked about.
                        self.opaque("it applies a patch in a directory the shell computes");
                        None
                    }
                };
                let texts = io.heredocs.iter().cloned().chain(argument);
                self.out.patches.extend(texts.map(|text| super::Patch { text, dirs: dirs.clone() }));
                Step::unknown()
            }
            Role::Git => self.git_command(cmd, io, shell),
            Role::Shell => {
                self.shell(cmd.operands(), &call.args, io.feed, &cmd.dirs.clone(), shell, io.reparse);
                Step::unknown()
            }
            Role::Plain | Role::Interpreter(_) | Role::Database(_) | Role::InPlace | Role::MakeDir | Role::Dd | Role::Cargo => {
                self.program(cmd, call, io, shell)
            }
        }
    }

    /// `nc -e PROG`, `socat - SYSTEM:'cmd'`: each command it starts reads the connection, whose
    /// text nobody can tell; a command the shell computes, or in a language the analyser does not
    /// read, cannot be seen.
    pub(super) fn spawner(
        &mut self,
        spawner: &programs::Spawner,
        cmd: &Peeled,
        call: &ProgramCall,
        shell: &ShellState,
        reparse: usize,
    ) -> Step {
        self.unknown_writes(&call.name, cmd.operands(), &cmd.dirs);
        for started in programs::spawned(spawner, &call.args) {
            match started {
                programs::Spawned::Text { words, text } if cmd.operands()[words.clone()].iter().all(|w| w.literal().is_some()) => {
                    let mut here = ShellState { dirs: cmd.dirs.clone(), ..shell.clone() };
                    self.text_reading(&text, &mut here, reparse + 1, &Feed::Unknown);
                }
                programs::Spawned::Text { .. } => self.opaque("it runs a script the shell computes"),
                programs::Spawned::Unread { .. } => self.opaque("it runs a script in a language the analyser does not read"),
            }
        }
        Step::unknown()
    }

    /// A program with no builtin role: a runner or a wrapper peeled, else an interpreter, a
    /// database client or a program that changes files.
    pub(super) fn program(&mut self, cmd: &mut Peeled, call: &ProgramCall, io: &Io, shell: &ShellState) -> Step {
        let (name, args) = (call.name.as_str(), call.args.as_slice());
        self.mounts(name, cmd.operands(), args, &cmd.dirs.clone());
        // A runner's own scripts first: `pdm run wipe`, `hatch run wipe` and `mise run wipe` run the
        // project's script of that name when it has one, the program of that name when not.
        self.recipes(name, args, &cmd.dirs.clone(), shell, io.reparse, io.feed);
        if let Some(i) = programs::runner(name, args) {
            // `uv run tools/x.py`, `pipx run x.py`: the runner hands a Python file to Python.
            if args[i].ends_with(".py") && !matches!(name, "npx" | "bunx" | "pnpx" | "busybox" | "toybox") {
                cmd.at += 1 + i;
                cmd.all.insert(cmd.at, lit_word("python3"));
                return Step::Next;
            }
            let program =
                if name == "yarn" && args[i] == "npm" { "npm".to_string() } else { programs::package_program(&args[i]).to_string() };
            cmd.at += 1 + i;
            cmd.all[cmd.at] = lit_word(&program);
            return Step::Next;
        }
        if let Some((i, program, options)) = programs::tool_mode(name, args) {
            cmd.at += 1 + i;
            cmd.all[cmd.at] = lit_word(program);
            let at = cmd.at + 1;
            cmd.all.splice(at..at, options.iter().map(|o| lit_word(o)));
            return Step::Next;
        }
        if let Some((i, shell)) = programs::shell_after_dashes(name, args) {
            cmd.at += 1 + i;
            cmd.all[cmd.at] = lit_word(&shell);
            return Step::Next;
        }
        if name.starts_with("python")
            && let Some(i) = programs::python_module(args)
        {
            // `python3 -m tools.wipe`: the project's own module, where it is one, is its file.
            if let Dirs::Known(ds) = &cmd.dirs
                && let [dir] = ds.as_slice()
                && let Some(file) = project_module(dir, &args[i])
            {
                let at = cmd.at + i;
                cmd.all.splice(at..at + 2, [lit_word(&file)]);
                return Step::Next;
            }
            return cmd.continue_at(i);
        }
        if let Some(i) = programs::wrapped(name, args) {
            if let Some(d) = programs::program(name).and_then(|p| p.wraps).and_then(|w| option_value(args, w.chdir)) {
                cmd.dirs = cmd.dirs.join(&d);
            }
            return cmd.continue_at(i);
        }
        self.editor_escapes(name, args, io, &cmd.dirs.clone(), shell);
        self.unread_code(name, args, &cmd.dirs.clone());
        match programs::role(name) {
            Role::Interpreter(interpreter) => {
                let here = ShellState { dirs: cmd.dirs.clone(), ..shell.clone() };
                self.interpreter(call, &interpreter, cmd.operands(), io.feed, &here, io.reparse);
                if interpreter.edits_in_place {
                    self.in_place(name, cmd.operands(), args, &cmd.dirs.clone());
                }
                if interpreter.program_operand {
                    for k in super::editors::awk_in_place(args) {
                        // Rewritten in place, as `sed -i` rewrites its files.
                        self.out.changing_existing = true;
                        self.effect(effects::EffectKind::Overwrite, &cmd.operands()[k].clone(), &cmd.dirs.clone());
                        self.out.changing_existing = false;
                    }
                }
            }
            Role::Database(db) => self.database(name, &db, cmd.operands(), args, io.feed, &cmd.dirs.clone()),
            role => self.files(name, role, cmd.operands(), args, &cmd.dirs.clone()),
        }
        self.unknown_writes(name, cmd.operands(), &cmd.dirs.clone());
        let printed =
            self.filtered(name, cmd.operands(), io.feed, &cmd.dirs).unwrap_or_else(|| self.listing(name, cmd.operands(), args, &cmd.dirs));
        Step::Done(printed, None)
    }

    /// A file changer's text after `cd`: relative operands named where they are, so that
    /// `cd build && rm -rf *` reads `rm -rf build/*`, not the `rm -rf *` of the call's directory.
    /// `None` when the command runs where the call does.
    fn moved(&self, name: &str, args: &[Word], dirs: &Dirs) -> Option<Vec<String>> {
        programs::program(name)?.changes?;
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
}

/// The file of the Python module `module` in `dir` (`tools.wipe` is `tools/wipe.py` or
/// `tools/wipe/__main__.py`), where there is one.
fn project_module(dir: &std::path::Path, module: &str) -> Option<String> {
    if module.is_empty() || !module.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
        return None;
    }
    let path = module.replace('.', "/");
    [format!("{path}.py"), format!("{path}/__main__.py")].into_iter().find(|f| dir.join(f).is_file())
}

/// The script inside `((…))` when subshell `inner` is one (a subshell holding only a subshell).
fn expression_body(p: &Parsed, inner: usize) -> Option<usize> {
    match p.scripts.get(inner)?.pipelines.as_slice() {
        [only] => match only.nodes.as_slice() {
            [Node::Subshell(body)] => Some(*body),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a `[[ … ]]` test is given, as text the shell does not expand, a command substitution
/// that bash runs when it evaluates the operands of `-eq`, `-lt`, … or `-v` as arithmetic
/// (`[[ 'a[$(cmd)]' -eq 1 ]]`).
fn arithmetic_runs(words: &[Word]) -> bool {
    let arithmetic =
        words.iter().filter_map(Word::literal).any(|w| matches!(w.as_str(), "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge" | "-v"));
    arithmetic && words.iter().any(|w| w.parts.iter().any(|p| matches!(p, Part::Lit(t) if t.contains("$(") || t.contains('`'))))
}
