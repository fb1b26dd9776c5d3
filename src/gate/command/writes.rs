//! Files a command changes: file changers' operands, `sed -i`, `mkdir`, `dd`, `cargo install`,
//! archives, patches and git's own writes, each recorded as an effect on its path.

use super::access;
use super::archive;
use super::programs::{self, Operands, Role};
use super::syntax::{Part, Word};
use super::words::{Expanded, with_slash};
use super::{
    Dirs, Feed, Glob, Io, MAX_TOUCHED, Peeled, ProgramCall, Step, Touch, Walk, diff, effects, expand_home, git, home_text, identity,
    is_stdin_path, lexical, lit_word, option_value, text,
};
use std::path::Path;

impl Walk<'_> {
    /// `patch [-pN] [-d DIR] [-i FILE] [original [patchfile]]`.
    pub(super) fn patch(&mut self, cmd: &Peeled, call: &ProgramCall, io: &Io) -> Step {
        let args = &call.args;
        let strip = option_value(args, &["-p", "--strip"]).and_then(|n| n.parse().ok()).unwrap_or(0);
        let input = option_value(args, &["-i", "--input"]);
        // `-d DIR`: where the diff is applied, `~` and `$HOME` known; a computed one is unknown.
        let here = match Self::option_word(cmd.operands(), &["-d", "--directory"]) {
            Some(d) => match self.expand(&d) {
                Some(Expanded::Exact(p)) => cmd.dirs.join(&p),
                _ => Dirs::Unknown,
            },
            None => cmd.dirs.clone(),
        };
        // `patch [original [patchfile]]`: the second operand is the patch; an original named
        // is the one file patch writes, whatever names the diff holds.
        let operands = programs::skip_options(args, "pidDoBrVYzFg", &["--strip", "--input", "--directory", "--output"]);
        if let Some(original) = cmd.operands().get(operands).filter(|_| operands < args.len()) {
            self.effect(effects::EffectKind::Overwrite, original, &here);
            return Step::unknown();
        }
        let files: Vec<String> = input.into_iter().collect();
        self.patched(&files, io.feed, strip, &here);
        Step::unknown()
    }

    pub(super) fn git(&mut self, args: &[String], words: &[Word], dirs: &Dirs, feed: &Feed) {
        let g = git::canonical(args);
        self.out.texts.push(g.text.clone());
        let mut dirs = dirs.clone();
        for d in &g.chdir {
            dirs = dirs.join(&expand_home(d, self.ctx.home));
        }
        let Some(sub) = g.subcommand.as_deref() else { return };
        let operands = || g.args.iter().filter(|a| !a.starts_with('-'));
        match sub {
            // `git clean` removes untracked files of the working tree under where it runs, never
            // what is in `.git` (a pattern's `*` does not name it).
            "clean" if g.args.iter().any(|a| a == "--force") && !g.args.iter().any(|a| a == "--dry-run") => self.cleaned(&dirs),
            "rm" | "mv" => {
                for o in operands().cloned().collect::<Vec<_>>() {
                    // The word the operand came from: `git rm "$f"` removes a file the shell names.
                    let word = words.iter().find(|w| w.text() == o).cloned().unwrap_or_else(|| lit_word(&o));
                    if sub == "rm" && self.paths(&word, &dirs).is_none() {
                        // `--cached` takes names out of the index only: nothing on disk goes.
                        if !g.args.iter().any(|a| a == "--cached") {
                            self.opaque(super::COMPUTED_REMOVAL);
                        }
                    } else {
                        self.touch(&word, &dirs);
                    }
                }
            }
            "apply" if !g.args.iter().any(|a| matches!(a.as_str(), "--stat" | "--numstat" | "--summary" | "--check")) => {
                let strip = g.args.iter().find_map(|a| a.strip_prefix("-p").and_then(|n| n.parse().ok())).unwrap_or(1);
                let files: Vec<String> = g.args.iter().filter(|a| !a.starts_with('-')).cloned().collect();
                let dirs = match g.args.iter().find_map(|a| a.strip_prefix("--directory=")) {
                    Some(d) => match home_text(d, self.ctx.home) {
                        Some(d) => dirs.join(&d),
                        None => Dirs::Unknown,
                    },
                    None => dirs,
                };
                self.patched(&files, feed, strip, &dirs);
            }
            // Files come out of an index (perhaps another one than the repository's) into the prefix.
            "checkout-index" => {
                let prefix = g.args.iter().find_map(|a| a.strip_prefix("--prefix=")).unwrap_or("./");
                let Some(prefix) = home_text(prefix, self.ctx.home) else {
                    return self.opaque("git checkout-index writes under a prefix the shell computes");
                };
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

    /// `git clean --force`: in the repository, untracked files of its working tree, whatever the
    /// flags (`-x`, `-d`): project files, never `.git` or what is tracked; elsewhere, a tree removal
    /// where it runs.
    fn cleaned(&mut self, dirs: &Dirs) {
        let before = self.out.touched.len();
        let tree = Word { parts: vec![Part::Lit("./".into()), Part::Glob("*".into())] };
        self.touch(&tree, dirs);
        let top = self.ctx.repo_top.map(lexical);
        for t in &self.out.touched[before..] {
            let mut e = effects::Effect::of(effects::EffectKind::DeleteRecursive, t, self.ctx);
            if e.class == effects::Class::Git && top.as_ref().is_some_and(|top| lexical(&t.path).starts_with(top)) {
                e.class = effects::Class::Project;
            }
            if !self.out.effects.contains(&e) {
                self.out.effects.push(e);
            }
        }
    }

    /// Files a program changes: operands of file changers, `sed -i`, `dd of=`, output options.
    pub(super) fn files(&mut self, name: &str, role: Role, words: &[Word], args: &[String], dirs: &Dirs) {
        if let Some(programs::Changer { operands, short_values: short, long_values: long }) =
            programs::program(name).and_then(|p| p.changes)
        {
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
            let into = self.copied_into(name, args, &ops, &chosen, target.is_some(), dirs);
            for (k, w) in chosen.into_iter().chain(target).enumerate() {
                let w = if k + 1 == count { into.as_ref().unwrap_or(w) } else { w };
                let kind = programs::effect_of(name, args, k + 1 == count);
                // A mode or owner changed, or a file moved away: it exists already.
                self.out.changing_existing = kind == Some(effects::EffectKind::Move) || matches!(name, "chmod" | "chown" | "chgrp");
                match kind {
                    Some(kind) => self.effect(kind, w, dirs),
                    None => self.touch(w, dirs),
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

    /// `cargo install` writes programs into ROOT/bin: named after their crates, or any name
    /// for `--path` and `--git`.
    fn cargo_install(&mut self, words: &[Word], args: &[String], dirs: &Dirs) {
        // ROOT is `--root`, else `CARGO_INSTALL_ROOT` as the call or the environment sets it, else
        // `~/.cargo`; a computed one is judged as a file named by computed text.
        let root = Self::option_word(words, &["--root"])
            .or_else(|| self.seen.cargo_root.clone())
            .or_else(|| std::env::var("CARGO_INSTALL_ROOT").ok().map(|r| lit_word(&r)))
            .unwrap_or_else(|| Word { parts: vec![Part::Tilde, Part::Lit("/.cargo".into())] });
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
        let in_bin = |name: Part| {
            let mut w = root.clone();
            w.parts.push(Part::Lit("/bin/".into()));
            w.parts.push(name);
            w
        };
        if named && !crates.is_empty() {
            for c in crates {
                self.touch(&in_bin(Part::Lit(programs::package_program(c).to_string())), dirs);
            }
        } else {
            self.touch(&in_bin(Part::Glob("*".into())), dirs);
        }
    }

    /// `dd of=FILE`.
    fn dd(&mut self, words: &[Word], args: &[String], dirs: &Dirs) {
        for (i, a) in args.iter().enumerate() {
            if a.starts_with("of=") {
                let mut w = words[i].clone();
                if let Some(Part::Lit(t)) = w.parts.first_mut() {
                    *t = t.trim_start_matches("of=").to_string();
                    // bash expands `~` after the `=` of a word shaped like an assignment.
                    if t == "~" || t.starts_with("~/") {
                        let rest = t[1..].to_string();
                        w.parts.splice(0..1, [Part::Tilde, Part::Lit(rest)]);
                    }
                }
                self.effect(effects::EffectKind::Overwrite, &w, dirs);
            }
        }
    }

    /// An extractor other than tar and unzip: the files an archive holds, in its directory.
    fn extracted(&mut self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) {
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

    /// Files a program writes through its output options (`curl -o F`, `cc -o F`), and archives
    /// extracted into a directory (`tar -x -C DIR`, `unzip -d DIR`).
    fn outputs(&mut self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) {
        let flags = programs::program(name).map_or(&[][..], |p| p.outputs);
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
            let clustered = a.len() > 2 && a.starts_with('-') && !a.starts_with("--") && a[1..].chars().all(|c| c.is_ascii_alphabetic());
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
            // The archive's member list, read now, names what it writes; else a whole tree.
            match self.archive_members(name, words, args, dirs) {
                Some(members) => {
                    for m in members {
                        self.effect(effects::EffectKind::Overwrite, &lit_word(&format!("./{m}")), dirs);
                    }
                }
                None => self.extract_into(&into(&lit_word("./")), dirs),
            }
        }
    }

    /// The members of the archive `tar -xf A` or `unzip A` extracts (one archive, in one known
    /// directory, every member extracted: no member names given).
    fn archive_members(&self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) -> Option<Vec<String>> {
        let at = if name == "unzip" {
            let k = args.iter().position(|a| !a.starts_with('-'))?;
            args[k + 1..].iter().all(|a| a.starts_with('-')).then_some(k)?
        } else {
            let k = args.iter().position(|a| {
                a == "-f"
                    || a == "--file"
                    || (!a.starts_with("--") && a.len() > 1 && a.ends_with('f') && a.chars().all(|c| c == '-' || c.is_ascii_alphabetic()))
            })?;
            (args.len() == k + 2).then_some(k + 1)?
        };
        let paths = self.paths(words.get(at)?, dirs)?;
        match paths.as_slice() {
            [t] if t.glob.is_none() => archive::members(&t.path),
            _ => None,
        }
    }

    /// `sed -i … files`, `perl -pi -e … files`: the files after the script are rewritten.
    pub(super) fn in_place(&mut self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) {
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
            // Rewritten in place: an overwrite, judged where it is (`sed -i` into `/etc` or another project).
            self.out.changing_existing = true;
            self.effect(effects::EffectKind::Overwrite, &words[k], dirs);
            self.out.changing_existing = false;
        }
    }

    /// `mkdir [-p] dir…`: each directory that does not exist yet (with `-p`, its topmost missing
    /// ancestor) holds only what the call puts there.
    pub(super) fn made(&mut self, words: &[Word], args: &[String], dirs: &Dirs) {
        let parents = args.iter().any(|a| a == "--parents" || (a.starts_with('-') && !a.starts_with("--") && a.contains('p')));
        let missing = |p: &Path| std::fs::symlink_metadata(p).is_err();
        for (w, a) in words.iter().zip(args) {
            if a.starts_with('-') {
                continue;
            }
            let Some(made) = self.paths(w, dirs) else {
                // A directory of any name: a protected one that does not exist yet among them.
                self.out.computed_names.push(super::COMPUTED.to_string());
                continue;
            };
            for t in made.into_iter().filter(|t| t.glob.is_none()) {
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
        if self.out.touched.len() >= MAX_TOUCHED {
            // Each file is resolved on disk and compared with what the gate protects: bounded.
            self.opaque("it changes more files than the analyser follows");
            return;
        }
        match self.paths(word, dirs) {
            Some(ps) => self.out.touched.extend(ps),
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

    /// Records that the call writes the file `word` names, with `text` when known.
    pub(super) fn wrote(&mut self, word: &Word, dirs: &Dirs, text: Option<String>) {
        if let Some(found) = self.paths(word, dirs) {
            for t in found.into_iter().filter(|t| t.glob.is_none()) {
                self.seen.scripts.retain(|(p, _)| *p != t.path);
                self.seen.scripts.push((t.path, text.clone()));
            }
        }
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

    /// `cp notes.txt dir/`, `scp host:/var/log/x ./`: one file copied into a directory writes
    /// `dir/notes.txt`, not the directory (which may hold what the gate protects).
    pub(super) fn copied_into(
        &self,
        name: &str,
        args: &[String],
        ops: &[&Word],
        chosen: &[&Word],
        target: bool,
        dirs: &Dirs,
    ) -> Option<Word> {
        // `cp -T SRC DEST`: DEST is the file written, even when it is a directory.
        let onto = matches!(name, "cp" | "install")
            && args.iter().any(|a| a == "--no-target-directory" || (a.starts_with('-') && !a.starts_with("--") && a.contains('T')));
        if target || onto || !matches!(name, "cp" | "scp" | "rsync" | "install") || ops.len() != 2 || chosen.len() != 1 {
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

    /// A unified diff applied in `dirs` (`git apply`, `patch`): from the files named, or standard
    /// input. A diff the analyser can read is judged file by file; one it cannot, as the whole
    /// directory it is applied in.
    pub(super) fn patched(&mut self, files: &[String], feed: &Feed, strip: usize, dirs: &Dirs) {
        let read = |path: &Path| match crate::gate::regular_file::read_bounded(path, "a patch", crate::gate::regular_file::MAX_BYTES) {
            Ok(Some(bytes)) => Some(String::from_utf8_lossy(&bytes).into_owned()),
            _ => None,
        };
        let fed = || match feed {
            Feed::Text(t) | Feed::Expanding(t) => Some(t.clone()),
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
                        self.effect(effects::EffectKind::Overwrite, &lit_word(&p), dirs);
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
    pub(super) fn extract_into(&mut self, word: &Word, dirs: &Dirs) {
        self.tree(word, effects::EffectKind::OverwriteRecursive, dirs);
    }

    /// Every file of a directory (`word` is `dir/*`), hidden names included, changed as `kind` says.
    fn tree(&mut self, word: &Word, kind: effects::EffectKind, dirs: &Dirs) {
        let before = self.out.touched.len();
        self.touch(word, dirs);
        for t in &mut self.out.touched[before..] {
            t.glob = Some(Glob { hidden: true });
        }
        self.effects_since(before, kind);
    }

    /// Records what the command does to the file `word` names, in every directory it may run in.
    pub(super) fn effect(&mut self, kind: effects::EffectKind, word: &Word, dirs: &Dirs) {
        if matches!(kind, effects::EffectKind::Delete | effects::EffectKind::DeleteRecursive) && self.paths(word, dirs).is_none() {
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
