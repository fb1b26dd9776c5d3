//! `find START… EXPR -exec cmd {} ;` and `-delete`: what it finds, as far as its name tests bound
//! it, and what it does to each thing found.
//!
//! A name test (`-name '*.c'`) matches at any depth: besides the stand-in `START/PATTERN` for the
//! project's own files, what it finds is every place the gate protects or the default policy guards
//! under START (the agents' and gitvow's directories, git's hooks and config) whose own name or
//! whose files' names it matches there on disk, so that `find . -name pre-commit -exec sed -i …`
//! is judged as the edit of `.git/hooks/pre-commit` it is.

use super::programs::{self, Role};
use super::syntax::{Part, Word};
use super::{
    Dirs, Feed, Io, Peeled, ProgramCall, ShellState, Step, Touch, Walk, effects, expand_home, lit_word, option_value, program_name,
};
use crate::gate::protect::Reaching;
use crate::gate::{pattern, protect};
use std::path::{Path, PathBuf};

mod bounds;
mod grep;
mod guarded;
mod history;
mod holding;
mod listed;
mod lists;
mod stat;

use holding::{MAX_LISTED, holding};

/// `ls` options that only order or lay out the names it prints (one per line, by time, size,
/// extension, version, reversed, unsorted): with them it still prints names, nothing else.
pub(super) const LS_ORDER: &[&str] = &["-1", "-t", "-r", "-S", "-tr", "-rt", "-X", "-U", "-v"];

/// The actions that run a command on what find finds.
const ACTIONS: &[&str] = &["-exec", "-execdir", "-ok", "-okdir", "-x", "--exec", "-X", "--exec-batch"];
/// Guarded files found by name that are judged one by one; past it their directories are.
const MAX_HITS: usize = 16;
/// Entries read under a start in the project to list what its name tests match; past it, any
/// name there may match.
const MAX_WALKED: usize = 4096;
/// A list of names `xargs` reads from a project file, at most: past it the names are unknown.
const MAX_LIST_BYTES: u64 = 64 << 10;
const MAX_LIST_NAMES: usize = 256;

impl Walk<'_> {
    /// `find DIR … -exec cmd {} \;` runs cmd on what it finds under DIR; `-delete` removes it.
    /// What it prints (no action, `-print`, `-print0`) is the list a pipe passes on: the names
    /// it finds ([`Feed::Found`]), which `xargs` runs its command on.
    pub(super) fn find(&mut self, words: &[Word], args: &[String], io: &Io, dirs: &Dirs, shell: &mut ShellState) -> Feed {
        let reparse = io.reparse;
        // `find -L ~ …`: the options before the starts (`-H`, `-L`, `-P`, `-D LIST`, `-Olevel`).
        let mut first = 0;
        while let Some(a) = args.get(first).filter(|a| matches!(a.as_str(), "-H" | "-L" | "-P" | "-D") || is_level(a)) {
            first += if a == "-D" { 2 } else { 1 };
        }
        // `-L`, `-H`: links followed, so no depth or path test bounds what it finds.
        let follows = args[..first.min(args.len())].iter().any(|a| a == "-L" || a == "-H");
        let (words, args) = (&words[first.min(words.len())..], &args[first.min(args.len())..]);
        let starts: Vec<Word> = match args.iter().position(|a| a == "-files0-from") {
            // `find -files0-from LIST`: the starts are the names the list holds (`-`: its input).
            Some(k) => self.listed_starts(words.get(k + 1), io.feed, dirs),
            None => words.iter().take_while(|w| !w.text().starts_with('-') && !matches!(w.text().as_str(), "(" | "!")).cloned().collect(),
        };
        let starts = if starts.is_empty() { vec![lit_word(".")] } else { starts };
        // `find -L link …`, `-H`: a start that is a link is the directory it leads to.
        let starts: Vec<Word> = if follows { starts.iter().map(Word::with_slash).collect() } else { starts };
        // Without name tests, `{}` stands for every file under a start (`.git`'s too), unless the
        // depth or a path test bounds what it finds.
        let named = name_tests(args).is_some();
        // A start at or in a place the gate guards is found whole, as before: what is there at
        // judging time is not all the gate keeps from being read or changed there.
        let places = protect::guarded_places(self.ctx.home, self.ctx.repo_top);
        let guarded = |p: &Path| places.iter().any(|g| p.starts_with(g) || crate::gate::location::resolve(p).starts_with(g));
        let one_path = |w: &Word| match self.paths(w, dirs) {
            Some(ps) if ps.len() == 1 && ps[0].glob.is_none() && !guarded(&ps[0].path) => Some(ps[0].path.clone()),
            _ => None,
        };
        let bounded = if named || follows { None } else { bounds::found(&starts, args, one_path) };
        let listed = bounded.as_ref().is_some_and(|(_, trees)| !trees);
        let unbounded = bounded.is_none() && !named && !follows;
        // What it prints for a pipe or a loop stays the stand-in, which their readers bound.
        // And only name tests the shell does not compute (`-name "*$1*"`) are read on disk, and
        // only for commands that name no other place (`-exec cp {} /backup \;` stays a copy out
        // of the project, which the policy asks about whatever it finds).
        let elsewhere = |w: &Word| w.literal().is_none_or(|t| t.starts_with(['/', '~']) || t.starts_with(".."));
        let acting = args.iter().any(|a| a == "-delete" || ACTIONS.contains(&a.as_str()))
            && words.windows(2).all(|p| !matches!(p[0].text().as_str(), "-name" | "-iname") || p[1].literal().is_some())
            && !actions_of(words).any(elsewhere);
        let (found, trees) = bounded.unwrap_or_else(|| (self.found(&starts, args, dirs, acting && !follows), !named));
        let found = if unbounded { self.beside_history(found, words, args, dirs) } else { found };
        if args.iter().any(|a| a == "-delete") {
            // What a depth bound lists is removed one by one: a directory only when empty.
            let kind = if listed { effects::EffectKind::Delete } else { effects::EffectKind::DeleteRecursive };
            for w in &found {
                let before = (self.out.touched.len(), self.out.partly.len());
                self.effect(kind, w, dirs);
                if trees {
                    self.found_one_by_one(before, w, dirs);
                }
            }
        }
        let mut acts = false;
        let mut i = 0;
        while i < args.len() {
            if ACTIONS.contains(&args[i].as_str()) {
                let begin = i + 1;
                let mut end = begin;
                while end < args.len() && args[end] != ";" && args[end] != "+" {
                    end += 1;
                }
                self.per_found(&words[begin..end], Some("{}"), &found, trees, dirs, shell, reparse);
                i = end;
                acts = true;
            } else if args[i].starts_with("-fprint") || args[i] == "-fls" {
                // `-fprint FILE`: a file it writes.
                if let Some(w) = words.get(i + 1) {
                    self.effect(effects::EffectKind::Overwrite, w, dirs);
                }
                acts = true;
            } else {
                acts |= matches!(args[i].as_str(), "-delete" | "-printf" | "-ls" | "-fls" | "-quit");
            }
            i += 1;
        }
        if acts {
            return Feed::Unknown;
        }
        // What it prints, listed at judging time where it can be, for a filter after it; the
        // stand-in for anything else, which its readers bound.
        let stand_in = (found, trees);
        self.seen.listed.retain(|(s, _)| *s != stand_in);
        if let Some(names) = self.listed_found(&starts, args, dirs, follows) {
            self.seen.listed.push((stand_in.clone(), names));
        }
        Feed::Found(stand_in.0, stand_in.1)
    }

    /// The starts `find -files0-from` reads from the file `list` names (or its input): the names
    /// a finder in the call listed there, those a project list holds, else any name.
    fn listed_starts(&self, list: Option<&Word>, input: &Feed, dirs: &Dirs) -> Vec<Word> {
        let feed = match list {
            Some(w) if w.text() == "-" => input.clone(),
            Some(w) => self.listed_file(w, dirs),
            None => Feed::Unknown,
        };
        match feed {
            Feed::Found(names, _) => names,
            Feed::File(p) => match self.listed(&p) {
                Some(names) => names.iter().map(|n| lit_word(n)).collect(),
                None => vec![Word { parts: vec![Part::Computed("$(files0-from)".into())] }],
            },
            _ => vec![Word { parts: vec![Part::Computed("$(files0-from)".into())] }],
        }
    }

    /// `fd [PATTERN] [PATH…] -x cmd`: what it finds is everything under its paths (its pattern,
    /// a regular expression on names, is not read), and `-x`/`-X` run their command on it, the
    /// name put for each placeholder or added after the command.
    pub(super) fn fd(&mut self, words: &[Word], args: &[String], dirs: &Dirs, shell: &mut ShellState, reparse: usize) -> Feed {
        let dirs = &match option_value(args, &["--base-directory"]) {
            Some(d) => dirs.join(&expand_home(&d, self.ctx.home)),
            None => dirs.clone(),
        };
        let (mut positional, mut starts, mut actions) = (0, Vec::new(), Vec::new());
        let mut options = true;
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            if options && matches!(a, "-x" | "--exec" | "-X" | "--exec-batch") {
                let end = (i + 1..args.len()).find(|&e| args[e] == ";").unwrap_or(args.len());
                actions.push(i + 1..end);
                i = end + 1;
                continue;
            }
            if options && a == "--" {
                options = false;
            } else if options && matches!(a, "--search-path" | "--base-directory") {
                if a == "--search-path"
                    && let Some(w) = words.get(i + 1)
                {
                    starts.push(w.clone());
                }
                i += 1;
            } else if let Some(path) = a.strip_prefix("--search-path=").filter(|_| options) {
                starts.push(lit_word(path));
            } else if options && a.starts_with('-') && a.len() > 1 {
                let takes = |f: &str| FD_VALUES.contains(&f);
                i += usize::from(!a.contains('=') && (takes(a) || (!a.starts_with("--") && takes(&a[a.len() - 1..]))));
            } else {
                positional += 1;
                if positional > 1 {
                    starts.push(words[i].clone());
                }
            }
            i += 1;
        }
        if starts.is_empty() {
            starts.push(lit_word("."));
        }
        for range in &actions {
            let template = &words[range.clone()];
            let marker = template.iter().any(|w| FD_PLACEHOLDERS.iter().any(|p| w.text().contains(p))).then_some("{}");
            let template: Vec<Word> =
                template.iter().map(|w| FD_PLACEHOLDERS[1..].iter().fold(w.clone(), |w, p| put(&w, p, &lit_word("{}")))).collect();
            self.per_found(&template, marker, &starts, true, dirs, shell, reparse);
        }
        if actions.is_empty() { Feed::Found(starts, true) } else { Feed::Unknown }
    }

    /// `template` run on each name found (`marker` in its words replaced by it, or the name added
    /// after them): the start directory (or its pattern) stands for all it holds.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn per_found(
        &mut self,
        template: &[Word],
        marker: Option<&str>,
        found: &[Word],
        trees: bool,
        dirs: &Dirs,
        shell: &mut ShellState,
        reparse: usize,
    ) {
        let copies = template.first().and_then(Word::literal).is_some_and(|p| matches!(program_name(&p), "cp" | "mv" | "ln" | "install"));
        for f in found {
            let mut inner: Vec<Word> = match marker {
                Some(m) => template.iter().map(|w| put(w, m, f)).collect(),
                None => template.iter().cloned().chain([f.clone()]).collect(),
            };
            // A copy onto each file found under a start writes that file, not a file in it
            // (`find . -exec cp /dev/null {} \;` empties every file).
            if trees && copies && marker.is_none_or(|m| template.last().is_some_and(|w| w.text() == m)) && inner.len() > 1 {
                inner.insert(1, lit_word("-T"));
            }
            let before = self.out.effects.len();
            let reads_before = self.out.reads.len();
            let touched_before = (self.out.touched.len(), self.out.partly.len());
            self.run(inner, dirs.clone(), &Feed::None, &[], shell, reparse);
            if trees {
                self.found_one_by_one(touched_before, f, dirs);
            }
            // What it reads of `{}` is every file under the start.
            if trees {
                self.out.reads[reads_before..].iter_mut().for_each(|r| r.recursive = true);
            }
            // Run on everything found below the start, a deletion of each is a deletion of the
            // tree, and a rewrite of each file under a start (`truncate`, `sed -i`) a rewrite of
            // the tree: of the history in `.git` when the start holds it.
            for e in &mut self.out.effects[before..] {
                match e.kind {
                    effects::EffectKind::Delete => e.kind = effects::EffectKind::DeleteRecursive,
                    effects::EffectKind::Overwrite if trees => e.kind = effects::EffectKind::OverwriteRecursive,
                    _ => {}
                }
            }
        }
    }

    /// The names an operand made of one command substitution lists (`$(find . -name '*.py')`, a
    /// backtick `ls`), and whether each stands for all under it; `None` for any other word, or a
    /// list whose names hold substitutions of their own.
    pub(super) fn listed_operand(&self, word: &Word) -> Option<(Vec<Word>, bool)> {
        let parts: Vec<&Part> = word.parts.iter().filter(|p| !matches!(p, Part::Lit(t) if t.is_empty())).collect();
        let [part @ Part::Subst { .. }] = parts.as_slice() else { return None };
        let Some(Feed::Found(names, trees)) = self.listed_by(part) else { return None };
        let nested = |w: &Word| w.parts.iter().any(|p| matches!(p, Part::Subst { .. } | Part::ProcSubst { .. }));
        (!names.is_empty() && !names.iter().any(nested)).then_some((names, trees))
    }

    /// `names` and the pieces the shell cuts them into at blanks (outside double quotes), which
    /// the analyser cannot tell apart here: a name with a blank that cannot be bounded is opaque.
    pub(super) fn with_pieces(&mut self, names: Vec<Word>, dirs: &Dirs) -> Vec<Word> {
        let mut all = self.split_or_opaque(names.clone(), dirs, true);
        for n in names {
            if !all.contains(&n) {
                all.push(n);
            }
        }
        all
    }

    /// The files touched since `before` (the lengths of the touched and the partly reached) that
    /// are a start `found` names, a name standing for every file found under it: each is reached
    /// one by one, not whole ([`Reaching::Each`]), whatever else the command run on it did to it.
    pub(super) fn found_one_by_one(&mut self, (touched, partly): (usize, usize), found: &Word, dirs: &Dirs) {
        let Some(starts) = self.paths(found, dirs) else { return };
        let each: Vec<Touch> = self.out.touched[touched..].iter().filter(|t| starts.contains(t)).cloned().collect();
        if each.is_empty() {
            return;
        }
        // One entry per time touched: the other ways the command reached them since give way.
        let mut since = self.out.partly.split_off(partly);
        since.retain(|(t, _)| !each.contains(t));
        self.out.partly.extend(since);
        self.out.partly.extend(each.into_iter().map(|t| (t, Reaching::Each)));
    }

    /// What a program prints when it lists names, for a pipe into `xargs`: `ls` the names of
    /// its patterns and the bare names of what its directories hold; `seq`, `date` and their
    /// kind names without a slash; `grep -l` and `git ls-files`/`git grep -l` the files under
    /// where they look, with the guarded ones there they could list (by content, for a literal
    /// pattern); anything else, names the analyser cannot see.
    pub(super) fn listing(&self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) -> Feed {
        let bare = || Word { parts: vec![Part::Glob("*".into())] };
        let operands: Vec<&Word> = words.iter().zip(args).filter(|(_, a)| !a.starts_with('-')).map(|(w, _)| w).collect();
        match name {
            "seq" | "jot" | "nproc" | "whoami" | "hostname" => Feed::Found(vec![bare()], false),
            "ls" if args.iter().all(|a| !a.starts_with('-') || LS_ORDER.contains(&a.as_str()) || matches!(a.as_str(), "-A" | "-a")) => {
                // A directory operand prints what it holds as bare names, which name files where
                // the names are used: of that directory only when it is the same one.
                let here = |w: &Word| matches!(w.literal().as_deref(), Some("." | "./"));
                let mut names: Vec<Word> = Vec::new();
                for w in &operands {
                    // A pattern whose last part is a bare `*` may match directories too.
                    let text = w.text();
                    let dir = text == "*"
                        || text.ends_with("/*")
                        || text.ends_with('/')
                        || self.paths(w, dirs).is_some_and(|ps| ps.iter().any(|t| t.glob.is_none() && t.path.is_dir()));
                    if !dir || w.parts.iter().any(|p| matches!(p, Part::Glob(_))) {
                        names.push((*w).clone());
                    }
                    if dir && !here(w) {
                        names.push(Word { parts: vec![Part::Computed(format!("$(ls {})", w.text()))] });
                    }
                }
                if operands.is_empty() || operands.iter().any(|w| here(w)) {
                    names.push(bare());
                }
                Feed::Found(names, false)
            }
            "grep" | "egrep" | "fgrep" | "rg" | "ag" if grep::lists_files(args) => self.grep_listing(name, words, args, dirs),
            // Lines of what it searches: its pattern is no directory whose names it prints.
            "grep" | "egrep" | "fgrep" | "rg" | "ag" => self.printed_under(&grep::searched(words, args), dirs),
            "git" => self.git_listing(args, dirs),
            "locate" | "plocate" | "mlocate" | "slocate" => self.located(args),
            _ => self.printed_under(&operands, dirs),
        }
    }

    /// `git ls-files`, `git grep -l`: the tracked files under where git runs (the stand-in `./*`),
    /// with the guarded files of the working tree git's index could hold.
    fn git_listing(&self, args: &[String], dirs: &Dirs) -> Feed {
        let g = super::git::canonical(args);
        let grep = g.subcommand.as_deref() == Some("grep")
            && g.args.iter().any(|a| matches!(a.as_str(), "-l" | "--files-with-matches" | "--name-only"));
        if g.subcommand.as_deref() != Some("ls-files") && !grep || !g.chdir.is_empty() {
            return Feed::Unknown;
        }
        let mut found = vec![Word { parts: vec![Part::Lit("./".into()), Part::Glob("*".into())] }];
        let (Some(top), Dirs::Known(ds)) = (self.ctx.repo_top, dirs) else { return Feed::Found(found, false) };
        let index = tracked_names(top);
        let specs = if grep { None } else { ls_files_pathspecs(&g.args) };
        for place in protect::guarded_places(self.ctx.home, self.ctx.repo_top) {
            let Ok(rel) = place.strip_prefix(top) else { continue };
            if rel.starts_with(".git") || !ds.iter().any(|d| place.starts_with(d)) {
                continue;
            }
            let mut held = Vec::new();
            holding(&place, None, false, &mut held);
            for w in held {
                let tracked = |p: &str| {
                    index.as_ref().is_none_or(|names| names.windows(p.len() + 1).any(|n| &n[..p.len()] == p.as_bytes() && n[p.len()] == 0))
                };
                let listed = |path: &str| specs.as_ref().is_none_or(|specs| ds.iter().any(|d| pathspec_holds(specs, d, path)));
                if Path::new(&w.text()).strip_prefix(top).is_ok_and(|r| tracked(&r.to_string_lossy())) && listed(&w.text()) {
                    found.push(w);
                }
            }
        }
        Feed::Found(found, false)
    }

    /// `… | xargs cmd`: the command runs with arguments read from standard input. What a finder
    /// lists is what it found; a list in a project file is read (bounded); any other input is
    /// names the shell computes, added where xargs puts them (after the command, or for its
    /// replace string).
    pub(super) fn xargs(&mut self, cmd: &mut Peeled, call: &ProgramCall, io: &Io, shell: &mut ShellState) -> Step {
        let args = &call.args;
        let i = programs::skip_options(
            args,
            "adEILnPs",
            &["--arg-file", "--delimiter", "--max-args", "--max-procs", "--replace", "--max-lines", "--eof", "--max-chars"],
        );
        if i >= args.len() {
            return Step::unknown();
        }
        let inner = program_name(&args[i]);
        // `xargs -a FILE`, `--arg-file=<(find …)`: the names a file or a finder lists.
        let feed = match Self::option_word(&cmd.operands()[..i], &["-a", "--arg-file"]) {
            Some(w) => self.listed_file(&w, &cmd.dirs),
            None => io.feed.clone(),
        };
        let marker = replace_string(&args[..i]);
        let runs_code = programs::role(inner) == Role::Shell || programs::is_interpreter(inner) || inner == "eval";
        let code = runs_code || code_from_input(inner, &args[i..], marker.as_deref());
        // A finder's list read on disk at judging time, of names no shell reads as anything but
        // themselves: a shell's text given each name for its replace string (`xargs -I{} sh -c
        // '… {} …'`) runs on those names; a command that takes a name as it is, on a name found
        // later when the list holds none yet. Any other command keeps the finder's stand-in.
        let shell_text = marker.is_some() && programs::role(inner) == Role::Shell;
        let by_line = !args[..i].iter().any(|a| a.starts_with("-d") || a.starts_with("--delimiter"))
            || matches!(delimiter(&args[..i]), Some('\n' | '\0'));
        if by_line
            && let Some(size) = batch(&args[..i])
            && let Some((exact, later)) = self.exact_list(&feed, !code)
            && (shell_text || later)
        {
            let template: Vec<Word> = cmd.operands()[i..].to_vec();
            if marker.is_some() {
                self.per_found(&template, marker.as_deref(), &exact, false, &cmd.dirs.clone(), shell, io.reparse);
            } else {
                // As many names a run as xargs gives it (`-n 2`, `-L 1`; all of them by default,
                // which a list this short fits in): `xargs -n2 mv` moves the first onto the second.
                for names in exact.chunks(size.unwrap_or(exact.len()).max(1)) {
                    let inner: Vec<Word> = template.iter().chain(names).cloned().collect();
                    self.run(inner, cmd.dirs.clone(), &Feed::None, &[], shell, io.reparse);
                }
            }
            return Step::unknown();
        }
        if !matches!(feed, Feed::None) && runs_code && code_from_input(inner, &args[i..], marker.as_deref()) {
            // `… | xargs sh -c '{}'`: what the shell runs comes from standard input.
            self.opaque("it feeds text to a shell or an interpreter");
        }
        let template: Vec<Word> = cmd.operands()[i..].to_vec();
        let delimited = args[..i].iter().any(|a| a == "-0" || a == "--null" || a.starts_with("-d") || a.starts_with("--delimiter"));
        let names: Option<Vec<Word>> = match &feed {
            Feed::None => return self.xargs_alone(cmd, i),
            // Nothing found: without `-r`, xargs runs its command once, as it is.
            Feed::Found(found, _) if found.is_empty() && runs_when_empty(&args[..i]) => return self.xargs_alone(cmd, i),
            Feed::Found(found, trees) => {
                if let Some(lister) = self.seen.lister.clone() {
                    self.out.sources.push(format!("{} on the names {lister} lists", super::shown_words(&template)));
                }
                // Without `-0` or `-d`, xargs cuts each name at its blanks and removes quotes (a
                // lister of bare names that are no files', `seq`'s, has none).
                let made = self
                    .seen
                    .lister
                    .as_deref()
                    .and_then(|l| l.split_whitespace().next())
                    .is_some_and(|p| matches!(program_name(p), "seq" | "jot" | "nproc" | "whoami" | "hostname"));
                let found = if delimited || made { found.clone() } else { self.split_or_opaque(found.clone(), &cmd.dirs, true) };
                self.per_found(&template, marker.as_deref(), &found, *trees, &cmd.dirs.clone(), shell, io.reparse);
                return Step::unknown();
            }
            Feed::Text(t) | Feed::Expanding(t) if !delimited => Some(t.split_whitespace().map(lit_word).collect()),
            // `printf '%s\0' build dist | xargs -0 rm -rf`: a literal list cut where xargs cuts it.
            Feed::Text(t) => delimiter(&args[..i]).map(|d| t.split(d).filter(|n| !n.is_empty()).map(lit_word).collect()),
            Feed::File(p) if !delimited => self.listed(p).map(|names| names.iter().map(|n| lit_word(n)).collect()),
            _ => None,
        };
        // Text written as the shell spells a home or a variable (`'~/.ssh'`, `'$HOME/.config'`)
        // reaches the command as it is, naming something other than what it spells: asked
        // about, as names the analyser cannot tell.
        let spelled = names.as_ref().and_then(|ns| ns.iter().map(Word::text).find(|n| n.starts_with('~') || n.contains('$')));
        if let Some(n) = &spelled {
            self.out.sources.push(format!("xargs passes {n} as it is: no shell expands it"));
        }
        let names =
            names.filter(|_| spelled.is_none()).unwrap_or_else(|| vec![Word { parts: vec![Part::Computed("$(xargs input)".into())] }]);
        if names.is_empty() {
            // Nothing on its input: the command runs once, as it is.
            return self.xargs_alone(cmd, i);
        }
        self.per_found(&template, marker.as_deref(), &names, false, &cmd.dirs.clone(), shell, io.reparse);
        Step::unknown()
    }

    /// `xargs cmd` with nothing on its input: the command runs once, as it is.
    fn xargs_alone(&mut self, cmd: &mut Peeled, i: usize) -> Step {
        cmd.at += 1 + i;
        Step::Next
    }

    /// The names a list file in the project holds, read at judging time: a regular file of one
    /// name only (no link to another file the gate guards), outside `.git`, at most
    /// [`MAX_LIST_BYTES`] and [`MAX_LIST_NAMES`] plain names; `None` beyond that bound.
    pub(super) fn listed(&self, path: &Path) -> Option<Vec<String>> {
        use std::os::unix::fs::MetadataExt;
        // A list the same call wrote is read as it wrote it; one that is not there yet, empty.
        if let Some((_, text)) = self.seen.scripts.iter().find(|(p, _)| p == path) {
            return text.as_ref().map(|t| t.split_whitespace().map(str::to_string).collect());
        }
        if std::fs::symlink_metadata(path).is_err() {
            return Some(Vec::new());
        }
        let top = crate::gate::location::resolve(self.ctx.repo_top?);
        let real = crate::gate::location::resolve(path);
        if !real.starts_with(&top) || real.starts_with(top.join(".git")) {
            return None;
        }
        let meta = std::fs::symlink_metadata(&real).ok()?;
        if !meta.is_file() || meta.nlink() != 1 || meta.len() > MAX_LIST_BYTES {
            return None;
        }
        let text = crate::gate::regular_file::read_text(&real, "a list of names", MAX_LIST_BYTES).ok()??;
        let names: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        let plain = |n: &String| !n.contains(['\\', '\'', '"', '$', '`', '\0']);
        (names.len() <= MAX_LIST_NAMES && names.iter().all(plain)).then_some(names)
    }

    /// What `find` finds under its starts: the starts themselves (anything under them) unless
    /// name tests bound it; then `START/PATTERN` for each pattern, unless they match nothing
    /// under a start in the project now and `list` says the names found are acted on
    /// ([`Walk::matches_nothing_in_project`]); and the guarded places under START the patterns
    /// match by name: what is there, and the places it may find there that are not there yet
    /// ([`guarded`]).
    fn found(&self, starts: &[Word], args: &[String], dirs: &Dirs, list: bool) -> Vec<Word> {
        let Some(names) = name_tests(args) else { return starts.to_vec() };
        let mut found = Vec::new();
        let mut hits: Vec<PathBuf> = Vec::new();
        for s in starts {
            if !(list && self.matches_nothing_in_project(s, &names, dirs)) {
                for (p, _) in &names {
                    found.push(Word { parts: s.parts.iter().cloned().chain([Part::Lit(format!("/{p}"))]).collect() });
                }
            }
            for t in self.paths(s, dirs).unwrap_or_default().into_iter().filter(|t| t.glob.is_none()) {
                for place in protect::guarded_places(self.ctx.home, self.ctx.repo_top) {
                    if place.starts_with(&t.path) || place.starts_with(crate::gate::location::resolve(&t.path)) {
                        named_in(&place, &names, &mut hits);
                    }
                }
                // And those it could find there that are not there yet.
                for place in self.guarded_named(&t.path, &names) {
                    if !hits.contains(&place) {
                        hits.push(place);
                    }
                }
            }
        }
        if hits.len() > MAX_HITS {
            // Too many to judge one by one: the guarded places holding them, whole.
            let places: Vec<PathBuf> = protect::guarded_places(self.ctx.home, self.ctx.repo_top);
            let mut holders: Vec<PathBuf> = places.into_iter().filter(|p| hits.iter().any(|h| h.starts_with(p))).collect();
            holders.dedup();
            // A hit no such place holds (a system file an agent reads) is kept as it is.
            let unheld: Vec<PathBuf> = hits.into_iter().filter(|h| !holders.iter().any(|p| h.starts_with(p))).collect();
            holders.extend(unheld);
            hits = holders;
        }
        found.extend(hits.iter().map(|h| lit_word(&h.to_string_lossy())));
        found
    }

    /// Whether the name tests `names` match nothing under `start` now, read at judging time:
    /// `find . -name '*.zip' -exec unzip {} \;` where there is no archive unpacks nothing. Only
    /// for a literal start in the project that is a directory and no link, before the call changed
    /// anything (what the call writes first is not on disk yet), within [`MAX_WALKED`] entries.
    /// What matches something is left to the stand-in `START/PATTERN`, which stands for any match.
    fn matches_nothing_in_project(&self, start: &Word, names: &[(String, bool)], dirs: &Dirs) -> bool {
        let changed =
            !self.out.effects.is_empty() || !self.out.touched.is_empty() || self.out.opaque.is_some() || !self.seen.scripts.is_empty();
        let paths = self.paths(start, dirs);
        let (Some(top), Some([t])) = (self.ctx.repo_top, paths.as_deref()) else { return false };
        let mut hits = Vec::new();
        !changed
            && start.literal().is_some()
            && t.glob.is_none()
            && crate::gate::location::resolve(&t.path).starts_with(crate::gate::location::resolve(top))
            && std::fs::symlink_metadata(&t.path).is_ok_and(|m| m.is_dir())
            && walk_named(&t.path, names, MAX_WALKED, &mut hits)
            && hits.is_empty()
    }
}

/// find's expression: its arguments from the first test, operator or option on (after the starts).
fn expression_of(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).skip_while(|a| !a.starts_with('-') && !matches!(*a, "(" | "!")).collect()
}

/// The `-name`/`-iname` patterns (and whether each ignores case) that bound everything `find`
/// acts on; `None` when they do not: no name test, a negation, a pattern that could name a
/// directory the gate protects as a whole, or an alternative (`-o`) with neither a name test nor
/// `-prune`.
fn name_tests(args: &[String]) -> Option<Vec<(String, bool)>> {
    let expression: Vec<&str> = expression_of(args);
    let action =
        expression.iter().position(|a| a.starts_with("-exec") || a.starts_with("-ok") || *a == "-delete").unwrap_or(expression.len());
    // A negation only narrows the alternative it stands in (`-name '*.log' -not -path
    // './node_modules/*'` finds some of what `-name '*.log'` finds), and a negated name test
    // bounds nothing; in a group, it may turn the group's alternatives around.
    let negated = |a: &str| matches!(a, "!" | "-not");
    if expression.iter().any(|a| negated(a)) && expression.iter().any(|a| matches!(*a, "(" | ")")) {
        return None;
    }
    let mut names = Vec::new();
    for alternative in expression[..action].split(|a| matches!(*a, "-o" | "-or" | ",")) {
        let mut named = false;
        for (k, pair) in alternative.windows(2).enumerate() {
            if matches!(pair[0], "-name" | "-iname") && !(k > 0 && negated(alternative[k - 1])) {
                if pair[1].contains('/') || protect::may_name_protected(pair[1]) {
                    return None;
                }
                names.push((pair[1].to_string(), pair[0] == "-iname"));
                named = true;
            }
        }
        if !named && !alternative.contains(&"-prune") {
            return None;
        }
    }
    (!names.is_empty()).then_some(names)
}

/// fd's options that take a value (a short one also last in a cluster).
const FD_VALUES: &[&str] = &[
    "e",
    "t",
    "d",
    "E",
    "c",
    "j",
    "S",
    "o",
    "--extension",
    "--type",
    "--max-depth",
    "--min-depth",
    "--exact-depth",
    "--exclude",
    "--ignore-file",
    "--color",
    "--threads",
    "--size",
    "--changed-within",
    "--changed-before",
    "--change-newer-than",
    "--change-older-than",
    "--newer",
    "--older",
    "--owner",
    "--path-separator",
    "--max-results",
    "--max-buffer-time",
    "--format",
    "--batch-size",
    "--and",
    "--base-directory",
    "--search-path",
];

/// fd's placeholders for the name found (the whole path first; its base name, its directory,
/// the name without its extension stand for it too).
const FD_PLACEHOLDERS: &[&str] = &["{}", "{/}", "{//}", "{.}", "{/.}"];

/// The words of the commands find's actions run (`-exec WORD… ;`).
fn actions_of(words: &[Word]) -> impl Iterator<Item = &Word> {
    let mut inside = false;
    words.iter().filter(move |w| {
        let t = w.text();
        let was = inside;
        inside = if inside { !matches!(t.as_str(), ";" | "+") } else { ACTIONS.contains(&t.as_str()) };
        was && inside
    })
}

/// `-O3`: find's optimisation level, an option before its starts.
fn is_level(arg: &str) -> bool {
    arg.strip_prefix("-O").is_some_and(|l| l.chars().all(|c| c.is_ascii_digit()))
}

/// `place` and what is below it (bounded, links not followed) whose name one of `names` matches:
/// past [`MAX_LISTED`] entries, the place counts as found whole.
fn named_in(place: &Path, names: &[(String, bool)], hits: &mut Vec<PathBuf>) {
    if !walk_named(place, names, MAX_LISTED, hits) && !hits.contains(&place.to_path_buf()) {
        hits.push(place.to_path_buf());
    }
}

/// Adds `place` and what is below it (links not followed) whose name one of `names` matches to
/// `hits`; false when there are more than `bound` entries to read (then `hits` is partial).
fn walk_named(place: &Path, names: &[(String, bool)], bound: usize, hits: &mut Vec<PathBuf>) -> bool {
    let matches = |path: &Path| {
        let Some(name) = path.file_name().map(|n| n.to_string_lossy()) else { return false };
        names.iter().any(|(p, ci)| {
            if *ci { pattern::matches(&p.to_lowercase(), &name.to_lowercase(), true) } else { pattern::matches(p, &name, true) }
        })
    };
    let Ok(meta) = std::fs::symlink_metadata(place) else { return true };
    let mut seen = 0;
    let mut todo = vec![(place.to_path_buf(), meta.is_dir())];
    while let Some((path, is_dir)) = todo.pop() {
        if matches(&path) && !hits.contains(&path) {
            hits.push(path.clone());
        }
        if !is_dir {
            continue;
        }
        // A directory it cannot read now may be readable when the command runs.
        let Ok(entries) = std::fs::read_dir(&path) else { return false };
        for e in entries {
            let Ok(e) = e else { return false };
            seen += 1;
            if seen > bound {
                return false;
            }
            todo.push((e.path(), e.file_type().is_ok_and(|t| t.is_dir())));
        }
    }
    true
}

/// `word` with `marker` in its literal text replaced by `name` (`{}.bak` of `src/a` is `src/a.bak`).
fn put(word: &Word, marker: &str, name: &Word) -> Word {
    let mut parts = Vec::new();
    for p in &word.parts {
        match p {
            Part::Lit(t) if t.contains(marker) => {
                let mut pieces = t.split(marker).peekable();
                while let Some(piece) = pieces.next() {
                    if !piece.is_empty() {
                        parts.push(Part::Lit(piece.to_string()));
                    }
                    if pieces.peek().is_some() {
                        parts.extend(name.parts.iter().cloned());
                    }
                }
            }
            p => parts.push(p.clone()),
        }
    }
    Word { parts }
}

/// Whether xargs runs its command once when its input holds no name: unless `-r`
/// (`--no-run-if-empty`), also in a cluster of short options before one that takes a value.
fn runs_when_empty(options: &[String]) -> bool {
    !options.iter().any(|a| {
        a == "--no-run-if-empty"
            || a.strip_prefix('-')
                .filter(|c| !c.starts_with('-'))
                .is_some_and(|c| c.chars().take_while(|c| !"adEeIiLlnPs".contains(*c)).any(|c| c == 'r'))
    })
}

/// The character xargs cuts its input at given `-0`/`--null` or `-d C`/`--delimiter=C` (with
/// the escapes `\n`, `\t`, `\0`, `\\` it reads); `None` for any other delimiter (`-d '\x1f'`)
/// or none.
fn delimiter(options: &[String]) -> Option<char> {
    let mut delim = None;
    let mut words = options.iter();
    while let Some(a) = words.next() {
        let given = match a.as_str() {
            "-0" | "--null" => Some("\\0".to_string()),
            "-d" | "--delimiter" => words.next().cloned(),
            _ => a.strip_prefix("--delimiter=").or_else(|| a.strip_prefix("-d")).map(str::to_string),
        };
        let Some(given) = given else { continue };
        delim = match given.as_str() {
            "\\n" => Some('\n'),
            "\\t" => Some('\t'),
            "\\0" => Some('\0'),
            "\\\\" => Some('\\'),
            one if one.chars().count() == 1 && one != "\\" => one.chars().next(),
            _ => return None,
        };
    }
    delim
}

/// How many names xargs gives each run: `-n N`, `-L N`, `-l` (the last one given), or as many
/// as fit (`Some(None)`); `None` when an option cluster may say so in a way not read here (`-0n2`).
fn batch(options: &[String]) -> Option<Option<usize>> {
    let mut size = None;
    for (i, a) in options.iter().enumerate() {
        let value = match a.as_str() {
            "-n" | "-L" | "--max-args" | "--max-lines" => options.get(i + 1).map(String::as_str),
            "-l" => Some("1"),
            _ => ["-n", "-L", "--max-args=", "--max-lines="].iter().find_map(|p| a.strip_prefix(p)),
        };
        match value.map(str::parse) {
            Some(Ok(n)) => size = Some(n),
            Some(Err(_)) => return None,
            None if a.starts_with('-') && !a.starts_with("--") && a.contains(['n', 'L', 'l']) => return None,
            None => {}
        }
    }
    Some(size)
}

/// The string `xargs -I R`, `-iR`, `--replace[=R]` replaces in its command with each name, in a
/// cluster of short options too (`-0i`, `-0I R`): an option that takes a value ends the cluster.
fn replace_string(options: &[String]) -> Option<String> {
    for (i, a) in options.iter().enumerate() {
        if let Some(r) = a.strip_prefix("--replace=") {
            return Some(r.to_string());
        }
        if a == "--replace" {
            return Some("{}".into());
        }
        let Some(cluster) = a.strip_prefix('-').filter(|c| !c.starts_with('-')) else { continue };
        for (k, c) in cluster.char_indices() {
            let rest = &cluster[k + c.len_utf8()..];
            match c {
                'I' if rest.is_empty() => return options.get(i + 1).cloned(),
                'I' => return Some(rest.to_string()),
                'i' => return Some(if rest.is_empty() { "{}".into() } else { rest.to_string() }),
                // Options whose value follows: the rest of the cluster is that value.
                'a' | 'd' | 'E' | 'e' | 'L' | 'l' | 'n' | 'P' | 's' => break,
                _ => {}
            }
        }
    }
    None
}

/// Whether the names `xargs` reads become program text for the shell or interpreter `template`
/// runs: `eval`, an option left without its value where the names are added (`xargs sh -c`, `xargs
/// perl -e`: the first name is the program), or the replace string in an option's value or in
/// program text (`xargs -I{} sh -c 'rm {}'`, `xargs -I{} awk '{print "{}"}'`). Otherwise each name is a script file or an argument (`xargs python`, `xargs -I{} bash {}`, `xargs ruby -e
/// 'p ARGV'`), judged as that command run on the names.
fn code_from_input(inner: &str, template: &[String], marker: Option<&str>) -> bool {
    // Options that take no value and check a script rather than run one.
    let checks = |w: &str| (w == "-n" && programs::role(inner) == Role::Shell) || (w == "-l" && inner == "php");
    inner == "eval"
        || marker.is_none() && template.len() > 1 && template.last().is_some_and(|w| w.starts_with('-') && !checks(w))
        || marker.is_some_and(|m| {
            // In an option's value, or in a word that reads as program text (`awk '{print "{}"}'`).
            let code = |w: &String| w.contains([' ', '\t', '\n', ';', '|', '&', '$', '(', ')', '\'', '"', '`', '<', '>']);
            template.windows(2).any(|pair| pair[1].contains(m) && (pair[0].starts_with('-') || code(&pair[1])))
        })
}

/// The names git's index at `top` holds, as its bytes (each path ends in a NUL in index
/// versions 2 and 3); `None` when that cannot be told within the bound (any name may be tracked).
fn tracked_names(top: &Path) -> Option<Vec<u8>> {
    if !top.join(".git").is_dir() {
        return None;
    }
    let Some(bytes) = crate::gate::regular_file::read_bounded(&top.join(".git/index"), "git's index", 8 << 20).ok()? else {
        // No index yet: nothing is tracked.
        return Some(Vec::new());
    };
    let version = bytes.get(4..8).map(|v| u32::from_be_bytes([v[0], v[1], v[2], v[3]]))?;
    (bytes.starts_with(b"DIRC") && matches!(version, 2 | 3)).then_some(bytes)
}

/// `git ls-files`'s pathspecs, when it has some and each is one fnmatch reads plainly (`'*.c'`,
/// `src`, `docs/*.md`): git lists only the files they match. `None` (every tracked file may be
/// listed) for none, or for magic (`:(exclude)…`) or brackets.
fn ls_files_pathspecs(args: &[String]) -> Option<Vec<String>> {
    const WITH_VALUE: &[&str] = &["-x", "--exclude", "-X", "--exclude-from", "--exclude-per-directory", "--format", "--with-tree"];
    let mut specs = Vec::new();
    let mut words = args.iter();
    let mut operands = false;
    while let Some(a) = words.next() {
        if operands || !a.starts_with('-') {
            specs.push(a.clone());
        } else if a == "--" {
            operands = true;
        } else if WITH_VALUE.contains(&a.as_str()) {
            words.next();
        }
    }
    let plain = |s: &String| !s.starts_with(':') && crate::gate::pattern::matches_plainly(s, s).is_some();
    (!specs.is_empty() && specs.iter().all(plain)).then_some(specs)
}

/// Whether one of `specs`, read from `dir` as git reads a pathspec (`*` matches a slash too; a
/// plain one names a file or everything under a directory), matches `path`.
fn pathspec_holds(specs: &[String], dir: &Path, path: &str) -> bool {
    specs.iter().any(|spec| {
        let full = dir.join(spec.trim_start_matches("./")).to_string_lossy().into_owned();
        let full = full.trim_end_matches('/');
        crate::gate::pattern::matches_plainly(full, path).unwrap_or(true)
            || path.strip_prefix(full).is_some_and(|rest| rest.starts_with('/'))
            || crate::gate::pattern::matches_plainly(&format!("{full}/*"), path).unwrap_or(true)
    })
}
