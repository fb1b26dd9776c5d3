//! Files a command changes: file changers' operands, `sed -i`, `mkdir`, `dd`, `cargo install`,
//! archives, patches and git's own writes, each recorded as an effect on its path.

mod by_role;
mod git;
mod outputs;
mod patches;
mod unknown;

use super::access;
use super::options::OptionWords;
use super::programs::{self, Operands, Role};
use super::syntax::{Part, Word};
use super::{Dirs, Glob, MAX_TOUCHED, Touch, Walk, effects, expand_home, identity, lexical, lit_word, program_name, text};

impl Walk<'_> {
    /// Files a program changes: operands of file changers, `sed -i`, `dd of=`, output options.
    pub(super) fn files(&mut self, name: &str, role: Role, words: &[Word], args: &[String], dirs: &Dirs) {
        if let Some(programs::Changer { operands, short_values: short, long_values: long }) =
            programs::program(name).and_then(|p| p.changes).filter(|_| !programs::writes_nothing(name, args))
        {
            let mut ops: Vec<&Word> = Vec::new();
            let mut target: Option<&Word> = None;
            let mut opts = OptionWords::new(args);
            while let Some(a) = opts.next() {
                let i = opts.index();
                if (a == "-t" || a == "--target-directory") && matches!(operands, Operands::Last | Operands::All) {
                    target = words.get(i + 1);
                    opts.value();
                } else if let Some(dir) = a.strip_prefix("--target-directory=") {
                    self.touch(&lit_word(dir), dirs);
                } else if a.starts_with('-') && a.len() > 1 && !(operands == Operands::AfterFirst && ops.is_empty() && is_mode(a)) {
                    let takes =
                        if a.starts_with("--") { !a.contains('=') && long.contains(&a) } else { a.len() == 2 && short.contains(&a[1..]) };
                    if takes {
                        opts.value();
                    }
                } else {
                    ops.push(&words[i]);
                }
            }
            // After `--`, every word is an operand.
            ops.extend(words.get(opts.rest()..args.len()).unwrap_or_default());
            let chosen: Vec<&Word> = match operands {
                Operands::All => ops.clone(),
                Operands::AfterFirst => ops.iter().skip(1).copied().collect(),
                Operands::First => ops.iter().take(1).copied().collect(),
                Operands::Last if target.is_some() => vec![],
                // `ln -s target` alone makes a link named after the target, here.
                Operands::Last if ops.len() == 1 && name == "ln" => vec![],
                Operands::Last => ops.last().copied().into_iter().collect(),
            };
            // `scp -r dir "root@${HOST}:/srv/"`: a place on another machine, whatever the host,
            // judged as one there.
            let (remote, chosen): (Vec<&Word>, Vec<&Word>) =
                chosen.into_iter().partition(|w| matches!(name, "scp" | "rsync") && names_a_remote_place(w, dirs));
            remote.into_iter().for_each(|w| self.remote_effect(name, args, w));
            // A mode or owner change that keeps what the gate relies on is no change inside the project.
            if matches!(name, "chmod" | "chown" | "chgrp") && access::kept(name, args) && chosen.iter().all(|w| self.in_project(w, dirs)) {
                return;
            }
            if matches!(name, "cp" | "ln" | "link" | "install" | "rsync") {
                self.copies_of_gitvow(&ops, &chosen, target, dirs);
            }
            // A hard link is another name to write the file through: its source is changed too,
            // and so is every file of the directory rsync links unchanged files from.
            if programs::links_sources(name, args) {
                // `ln SOURCE` alone links it here, under its own name: its one operand is a source.
                let named_here = target.is_none() && !(ops.len() == 1 && name == "ln");
                for w in ops.iter().take(ops.len().saturating_sub(usize::from(named_here))) {
                    self.effect(effects::EffectKind::Link, w, dirs);
                }
            }
            if name == "rsync"
                && let Some(dir) = Self::option_word(words, &["--link-dest"])
            {
                let mut tree = dir;
                tree.parts.extend([Part::Lit("/".into()), Part::Glob("*".into())]);
                self.tree(&tree, effects::EffectKind::Link, dirs);
            }
            let count = chosen.len() + usize::from(target.is_some());
            let into = self.copied_into(name, args, &ops, target, dirs);
            for (k, w) in chosen.into_iter().chain(target).enumerate() {
                let written: Vec<&Word> = match &into {
                    Some(names) if k + 1 == count => names.iter().collect(),
                    _ => vec![w],
                };
                let kind = programs::effect_of(name, args, k + 1 == count);
                // A mode or owner changed, or a file moved away: it exists already.
                self.out.changing_existing = kind == Some(effects::EffectKind::Move) || matches!(name, "chmod" | "chown" | "chgrp");
                for w in written {
                    match kind {
                        Some(kind) => self.effect(kind, w, dirs),
                        // A mode or owner changed without recursion: the file's own only.
                        None if matches!(name, "chmod" | "chown" | "chgrp" | "chattr" | "chflags") => {
                            let (before, partly) = (self.out.touched.len(), self.out.partly.len());
                            self.touch(w, dirs);
                            // Not what a finder's list reached file by file ([`Walk::found_one_by_one`]).
                            let found: Vec<Touch> = self.out.partly[partly..].iter().map(|(t, _)| t.clone()).collect();
                            let own: Vec<Touch> = self.out.touched[before..].iter().filter(|t| !found.contains(t)).cloned().collect();
                            self.out.partly.extend(own.into_iter().map(|t| (t, crate::gate::protect::Reaching::Attributes)));
                            self.effects_since(before, effects::EffectKind::Attributes);
                        }
                        None if name == "touch" => {
                            let before = self.out.touched.len();
                            self.touch(w, dirs);
                            self.effects_since(before, effects::EffectKind::Attributes);
                        }
                        None => self.touch(w, dirs),
                    }
                }
                self.out.changing_existing = false;
            }
            if matches!(name, "ln" | "cp") && target.is_none() {
                self.symlink_made(args, &ops, dirs);
            }
            if name == "mv" || (name == "rsync" && args.iter().any(|a| a == "--remove-source-files")) {
                return;
            }
        }
        match role {
            Role::InPlace => self.in_place(name, words, args, dirs),
            Role::MakeDir => self.made(words, args, dirs),
            Role::Cargo if args.first().is_some_and(|a| a == "install") => self.cargo_install(words, args, dirs),
            Role::Dd => self.dd(words, args, dirs),
            _ if programs::extraction(name, args).is_some() => self.extracted(name, words, args, dirs),
            _ => self.outputs(name, words, args, dirs),
        }
    }

    /// Whether every path `word` names is in the repository, as named and where its links lead.
    fn in_project(&self, word: &Word, dirs: &Dirs) -> bool {
        let Some(top) = self.ctx.repo_top else { return false };
        let real_top = crate::gate::location::resolve(top);
        self.paths(word, dirs).is_some_and(|ts| {
            ts.iter().all(|t| lexical(&t.path).starts_with(lexical(top)) && crate::gate::location::resolve(&t.path).starts_with(&real_top))
        })
    }

    /// Records a file the command changes, in every directory the command may run in.
    pub(super) fn touch(&mut self, word: &Word, dirs: &Dirs) {
        if is_pipe(word) {
            return;
        }
        if self.out.touched.len() >= MAX_TOUCHED {
            // Each file is resolved on disk and compared with what the gate protects: bounded.
            self.opaque("it changes more files than the analyser follows");
            return;
        }
        match self.paths(word, dirs) {
            Some(ps) => self.out.touched.extend(ps),
            None if self.listed_operand(word).is_some() => {
                let Some((names, trees)) = self.listed_operand(word) else { return };
                for name in self.with_pieces(names, dirs) {
                    let before = (self.out.touched.len(), self.out.partly.len());
                    self.touch(&name, dirs);
                    if trees {
                        self.found_one_by_one(before, &name, dirs);
                    }
                }
            }
            None => {
                let names = if self.out.changing_existing { &mut self.out.computed_existing } else { &mut self.out.computed_names };
                names.push(last_component(word));
                self.opaque(super::COMPUTED_TARGET);
            }
        }
    }

    /// A program run with one of gitvow's guarded subcommands: gitvow by another name is gitvow
    /// (its text is given as `gitvow …` for the rules); one the analyser cannot identify is asked about.
    pub(super) fn identify(&mut self, prog: &str, args: &[String], dirs: &Dirs) {
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
            // A directory runs nothing: it stands for what is found in it (`find / -exec {} …`).
            Some(p) if p.is_dir() => identity::Identity::Unknown,
            // A program the table knows by its name (`brew`, `pipx`, `.venv/bin/pip`), absent
            // from the PATH or its directory and not written by the call under that name, is that
            // program or nothing: a copy of gitvow under that name would have to be there already
            // (and is then read) or be made by the call.
            Some(p) if !p.exists() && self.known_and_not_written(program_name(prog)) => identity::Identity::Other,
            Some(p) => identity::of(p),
            None if !prog.contains('/') && self.known_and_not_written(prog) => identity::Identity::Other,
            None => identity::Identity::Unknown,
        };
        // A subcommand the shell computes matters only when the program is gitvow: then it may
        // be any, unless the call gave the variable a literal value (`x=uninstall; ./copy $x`).
        let computed = !identity::guarded_subcommand(&args.iter().filter(|a| !identity::is_computed(a)).cloned().collect::<Vec<_>>());
        match what {
            identity::Identity::Gitvow if computed => {
                let args: Vec<String> = args.iter().map(|a| self.with_literal_values(a)).collect();
                if args.iter().any(|a| identity::is_computed(a)) {
                    self.opaque("it runs gitvow with a subcommand the shell computes");
                }
                self.out.texts.push(text("gitvow", &args));
            }
            identity::Identity::Gitvow => self.out.texts.push(text("gitvow", args)),
            identity::Identity::Unknown | identity::Identity::Other if computed => {}
            identity::Identity::Unknown => self.opaque(
                "it runs a program the analyser cannot identify with a subcommand only a person may run (approve, trust, uninstall, install --command)",
            ),
            identity::Identity::Other => {}
        }
    }

    /// Whether the table knows `name` and the call writes no file of that name.
    fn known_and_not_written(&self, name: &str) -> bool {
        programs::program(name).is_some() && !self.seen.scripts.iter().any(|(p, _)| p.file_name().is_some_and(|n| n == name))
    }

    /// Records that the call writes the file `word` names, with `text` when known.
    pub(super) fn wrote(&mut self, word: &Word, dirs: &Dirs, text: Option<String>) {
        if let Some(found) = self.paths(word, dirs) {
            for t in found.into_iter().filter(|t| t.glob.is_none()) {
                if let Some(text) = &text {
                    self.out.texts.extend(super::recipes::program_settings_written(&t.path, text));
                }
                // A file an earlier command filled with text the analyser cannot see stays unseen
                // after a line is added (`cp evil .npmrc; echo x >> .npmrc`): whether `>` or `>>`
                // wrote it, the analysis does not keep.
                let unseen = self.seen.unseen.iter().any(|(p, at)| *p == t.path && *at < self.commands);
                self.seen.scripts.retain(|(p, _)| *p != t.path);
                self.seen.scripts.push((t.path, if unseen { None } else { text.clone() }));
            }
        }
    }

    /// `echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" >> .npmrc`: into a package manager's
    /// settings, an `echo` of literal text and variables the call does not set writes its lines
    /// as written (a value from the environment is one value, as in a heredoc's body), so that
    /// the settings it makes are read; anything else it prints stays unseen.
    pub(super) fn settings_line(&mut self, words: &[Word], target: &Word, dirs: &Dirs) -> Option<String> {
        let (echo, operands) = words.split_first()?;
        if echo.literal().as_deref() != Some("echo") || !self.paths(target, dirs)?.iter().any(|t| super::recipes::is_settings_file(&t.path))
        {
            return None;
        }
        let mut line = Vec::new();
        for w in operands.iter().skip_while(|w| w.literal().is_some_and(|l| matches!(l.as_str(), "-e" | "-n" | "-E"))) {
            let mut s = String::new();
            for p in &w.parts {
                match p {
                    Part::Lit(t) => s.push_str(t),
                    Part::Var(n) if !self.seen.assigned.contains(n) => s.push_str(&format!("${{{n}}}")),
                    _ => return None,
                }
            }
            line.push(s);
        }
        Some(line.join(" ").replace("\\n", "\n"))
    }

    /// The texts the call wrote to the file `word` names; a file it wrote with text the analyser
    /// cannot see makes the command opaque.
    pub(super) fn written_text(&mut self, word: &Word, dirs: &Dirs) -> Vec<String> {
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

    /// `cp notes.txt dir/`, `mv a/b .`, `mv -t dir x y`, `scp host:/var/log/x ./`: what is copied or
    /// moved into a directory writes `dir/notes.txt`, `./b`, `dir/x` and `dir/y` (each source's last
    /// component, a pattern kept as one), not the directory (which may hold what the gate protects).
    /// `None` when the destination is written whole: `-T`, `rsync --delete`, one source and a
    /// destination that is no directory on disk, or a source whose name the shell computes.
    pub(super) fn copied_into(&self, name: &str, args: &[String], ops: &[&Word], target: Option<&Word>, dirs: &Dirs) -> Option<Vec<Word>> {
        let short = |c: char| args.iter().any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains(c));
        // `cp -T SRC DEST`: DEST is the file written, even when it is a directory.
        let onto = args.iter().any(|a| a == "--no-target-directory") || short('T');
        let other = match name {
            "install" => short('d') || args.iter().any(|a| a == "--directory"),
            "rsync" => args.iter().any(|a| a.starts_with("--delete")),
            "cp" | "scp" | "mv" => false,
            _ => true,
        };
        if onto || other {
            return None;
        }
        let (dest, sources): (&Word, &[&Word]) = match target {
            Some(t) => (t, ops),
            None => ops.split_last().map(|(d, s)| (*d, s))?,
        };
        dest.literal()?;
        // More than one source, or `-t`, write into a directory or nothing at all; a trailing slash
        // names one for a copier (`mv a b/` renames a directory `a` to a `b` that is not there).
        let on_disk = matches!(self.paths(dest, dirs), Some(ps) if ps.len() == 1 && ps[0].glob.is_none() && ps[0].path.is_dir());
        let is_dir = on_disk || target.is_some() || sources.len() > 1 || (name != "mv" && dest.text().ends_with('/'));
        if sources.is_empty() || !is_dir {
            return None;
        }
        let remote = matches!(name, "scp" | "rsync");
        sources
            .iter()
            .map(|s| {
                let base = last_name(s, remote)?;
                let mut parts = dest.parts.clone();
                if !dest.text().ends_with('/') {
                    parts.push(Part::Lit("/".into()));
                }
                parts.extend(base);
                Some(Word { parts })
            })
            .collect()
    }

    /// `cp "$(which gitvow)" /tmp/gv`: the destination is gitvow for the rest of the call.
    pub(super) fn copies_of_gitvow(&mut self, ops: &[&Word], chosen: &[&Word], target: Option<&Word>, dirs: &Dirs) {
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

    /// Every file of a directory (`word` is `dir/*`), hidden names included, changed as `kind` says.
    fn tree(&mut self, word: &Word, kind: effects::EffectKind, dirs: &Dirs) {
        let before = self.out.touched.len();
        self.touch(word, dirs);
        for t in &mut self.out.touched[before..] {
            t.glob = Some(Glob { hidden: true });
        }
        self.effects_since(before, kind);
        // `tar -xf a.tar -C link`: the tree goes where the directory's links lead.
        self.through_links(before, kind, false);
    }

    /// A copy's destination on another machine (`scp -r dist prod:/var/www/html`, `rsync
    /// --delete dist/ host:/srv/app/`): a deletion there, or a write outside its temporary
    /// directories and the login's home (a relative path, `~`), is an effect the rules judge; a
    /// new file in the login's home or `/tmp` over there is not.
    fn remote_effect(&mut self, name: &str, args: &[String], word: &Word) {
        let text = word.text();
        let (Some((_, path)), Some(kind)) = (text.split_once(':'), programs::effect_of(name, args, true)) else { return };
        let path = path.trim_end_matches('/');
        let scratch = !path.starts_with('/')
            || ["/tmp", "/var/tmp", "/dev/shm"].iter().any(|t| path.strip_prefix(t).is_some_and(|r| r.is_empty() || r.starts_with('/')));
        if kind == effects::EffectKind::DeleteRecursive || !scratch {
            let e = effects::Effect { kind, class: effects::Class::Remote, path: text };
            if !self.out.effects.contains(&e) {
                self.out.effects.push(e);
            }
        }
    }

    /// Records what the command does to the file `word` names, in every directory it may run in.
    pub(super) fn effect(&mut self, kind: effects::EffectKind, word: &Word, dirs: &Dirs) {
        if is_pipe(word) {
            return;
        }
        let computed = self.paths(word, dirs).is_none();
        // `rm $(find . -name '*.pyc')`: each name the substitution lists (a start without name
        // tests, each file under it: its tree).
        if let Some((names, trees)) = self.listed_operand(word).filter(|_| computed) {
            let kind = match kind {
                effects::EffectKind::Delete if trees => effects::EffectKind::DeleteRecursive,
                effects::EffectKind::Overwrite if trees => effects::EffectKind::OverwriteRecursive,
                k => k,
            };
            for name in self.with_pieces(names, dirs) {
                let before = (self.out.touched.len(), self.out.partly.len());
                self.effect(kind, &name, dirs);
                if trees {
                    self.found_one_by_one(before, &name, dirs);
                }
            }
            return;
        }
        // `d=~/.gitvow; rm -rf "$d"`: the value the call gave the variable is judged too. Only
        // added to what is judged: a branch or a loop may have given it another value.
        if computed && !self.seen.values.is_empty() {
            let known = self.with_values(word);
            if known != *word && self.paths(&known, dirs).is_some() {
                let before = self.out.touched.len();
                self.touch(&known, dirs);
                self.effects_since(before, kind);
            }
        }
        if matches!(kind, effects::EffectKind::Delete | effects::EffectKind::DeleteRecursive) && computed {
            return self.opaque(super::COMPUTED_REMOVAL);
        }
        let before = self.out.touched.len();
        self.touch(word, dirs);
        self.effects_since(before, kind);
        self.through_links(before, kind, word.text().ends_with('/'));
    }

    /// The effects of the files recorded since `before` where the shell's path resolution puts
    /// them, when that is another kind of place: `rm -rf link/` empties the directory the link
    /// leads to (a trailing slash follows the last link too), `rm -rf link/*` and `sed -i link/f`
    /// reach through the links of their directories.
    fn through_links(&mut self, before: usize, kind: effects::EffectKind, follow_last: bool) {
        let mut real = Vec::new();
        for t in &self.out.touched[before..] {
            let path = lexical(&t.path);
            let resolved = match path.parent().zip(path.file_name()) {
                Some((dir, name)) if t.glob.is_some() || !follow_last => crate::gate::location::resolve(dir).join(name),
                _ => crate::gate::location::resolve(&path),
            };
            let moved = Touch { path: resolved, glob: t.glob };
            if moved.path != path && effects::classify(&moved, self.ctx) != effects::classify(t, self.ctx) {
                real.push(moved);
            }
        }
        for t in real {
            let e = effects::Effect::of(kind, &t, self.ctx);
            if !self.out.effects.contains(&e) {
                self.out.effects.push(e);
            }
            self.out.touched.push(t);
        }
    }

    /// Effects of `kind` for the files recorded since `before`.
    pub(super) fn effects_since(&mut self, before: usize, kind: effects::EffectKind) {
        if matches!(kind, effects::EffectKind::Overwrite | effects::EffectKind::Link) {
            // A file written by any writer (`tee`, `cp`, `mv`, `dd`, an editor) whose text the
            // analyser has not recorded is one it cannot read should the call run it.
            for t in self.out.touched[before..].iter().filter(|t| t.glob.is_none()) {
                if !self.seen.scripts.iter().any(|(p, _)| *p == t.path) {
                    self.seen.scripts.push((t.path.clone(), None));
                    self.seen.unseen.push((t.path.clone(), self.commands));
                }
            }
        }
        for t in &self.out.touched[before..] {
            let e = effects::Effect::of(kind, t, self.ctx);
            if !self.out.effects.contains(&e) {
                self.out.effects.push(e);
            }
        }
    }
}

/// `>(gzip > log.gz)`, `<(history)`: the name of a pipe to or from a command the walk judges on
/// its own; writing it (`tee >(…)`, `vim <(…)`) changes no file.
fn is_pipe(word: &Word) -> bool {
    matches!(word.parts.as_slice(), [Part::ProcSubst { .. }])
}

/// `755`, `u+x`, `-x`, `go-w`: a mode (`chmod -x file` takes `-x` as the mode, not an option).
fn is_mode(a: &str) -> bool {
    let body = a.trim_start_matches(['-', '+', '=']);
    !body.is_empty() && a.len() > 1 && body.chars().all(|c| "rwxXstugoa".contains(c)) && a.starts_with('-')
}

/// The last component of the name `word` gives, with [`super::COMPUTED`] where the shell computes
/// it (a computed part may hold a `/` of its own: only a literal one ends a component).
fn last_component(word: &Word) -> String {
    let mut name = String::new();
    for part in &word.parts {
        match part {
            Part::Lit(text) | Part::Ansi(text) => name.push_str(text),
            _ if name.ends_with(super::COMPUTED) => {}
            _ => name.push(super::COMPUTED),
        }
    }
    match name.rfind('/') {
        Some(slash) => name[slash + 1..].to_string(),
        None => name,
    }
}

/// Whether a copier's operand names a place on another machine, though the shell computes part
/// of it (`root@$host:/srv/`, `"$USER@${IP}:backup/"`): literal text up to the first computed
/// part, holding no `/`, and a literal `:` before any literal `/`. Were the computed part to hold a
/// `/`, the word would name a path under a directory whose name starts with that literal text:
/// with no such entry where the command runs, it names none.
fn names_a_remote_place(word: &Word, dirs: &Dirs) -> bool {
    // `prod:/var/www`, `deploy@web1:`, `host::module`: a colon before any slash is a host to scp
    // and rsync, whatever this directory holds.
    if let Some(text) = word.literal() {
        return text.find(':').is_some_and(|c| c > 0 && !text[..c].contains('/'));
    }
    let Some(Part::Lit(lead)) = word.parts.first() else { return false };
    if lead.is_empty() || lead.contains(['/', ':']) || word.parts.len() < 2 {
        return false;
    }
    let mut colon = false;
    for part in &word.parts[1..] {
        if let Part::Lit(t) = part {
            match (t.find(':'), t.find('/')) {
                (Some(c), Some(s)) if s < c => return false,
                (Some(_), _) => {
                    colon = true;
                    break;
                }
                (None, Some(_)) => return false,
                (None, None) => {}
            }
        }
    }
    let Dirs::Known(ds) = dirs else { return false };
    colon
        && ds.iter().all(|d| {
            let Ok(entries) = std::fs::read_dir(d) else { return false };
            let names: Vec<_> = entries.take(4097).flatten().map(|e| e.file_name()).collect();
            names.len() <= 4096 && names.iter().all(|n| !n.to_string_lossy().starts_with(lead.as_str()))
        })
}

/// The parts of `word` after its last literal `/` (or `host:` for a remote copier): the name a
/// copy of it has in a directory; `None` when the shell computes any of it, or it names no entry
/// of its own (`dir/`, `.`, `..`, `~`).
fn last_name(word: &Word, remote: bool) -> Option<Vec<Part>> {
    let mut tail: Vec<Part> = Vec::new();
    for part in &word.parts {
        match part {
            Part::Lit(text) => match text.rfind(|c| c == '/' || (remote && c == ':')) {
                Some(cut) => tail = vec![Part::Lit(text[cut + 1..].to_string())],
                None => tail.push(part.clone()),
            },
            Part::Glob(g) if !g.contains('/') => tail.push(part.clone()),
            _ => return None,
        }
    }
    tail.retain(|p| !matches!(p, Part::Lit(t) if t.is_empty()));
    let text: String = Word { parts: tail.clone() }.text();
    (!text.is_empty() && text != "." && text != "..").then_some(tail)
}
