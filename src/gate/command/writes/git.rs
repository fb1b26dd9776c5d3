//! Git's own writes: `git clean`, `rm`, `mv`, `apply`, `checkout-index`, `checkout -- files`, `config --file`.

use crate::gate::command::syntax::{Part, Word};
use crate::gate::command::{COMPUTED_REMOVAL, Dirs, Feed, Walk, effects, expand_home, git, home_text, lexical, lit_word};

/// Whether the path `name` is (in every directory the command may run in) the top of a working
/// tree or above one: a directory holding `.git`.
fn holds_a_work_tree(name: &str, dirs: &Dirs) -> bool {
    match dirs {
        Dirs::Known(ds) => !ds.is_empty() && ds.iter().all(|d| lexical(&d.join(name)).join(".git").exists()),
        Dirs::Unknown => false,
    }
}

/// Whether a branch `name` may exist in the repository of each directory git may run in.
fn branch_may_exist(name: &str, dirs: &Dirs) -> bool {
    git::ref_may_exist(&format!("refs/heads/{name}"), dirs)
}

/// Subcommands whose place is a directory they make (git refuses one that holds files).
fn made_dir_only(sub: &str) -> bool {
    matches!(sub, "clone" | "init" | "worktree" | "submodule")
}

impl Walk<'_> {
    pub(crate) fn git(&mut self, args: &[String], words: &[Word], dirs: &Dirs, feed: &Feed) {
        let mut g = git::canonical(args);
        let mut dirs = dirs.clone();
        for d in &g.chdir {
            dirs = dirs.join(&expand_home(d, self.ctx.home));
        }
        // Where git runs is unknown: any name may be a file there.
        g.checkout_existing_path(|name| match &dirs {
            Dirs::Known(ds) => ds.iter().any(|d| d.join(name).symlink_metadata().is_ok()),
            Dirs::Unknown => true,
        });
        // A branch this call may have made or named before (`git checkout -b x; …; git branch -f
        // x main`) may hold commits by then: only one unknown to the whole call so far is new. (The
        // last text is this command's own words.)
        let before = &self.out.texts[..self.out.texts.len().saturating_sub(1)];
        if g.new_branch_unforced(|name| before.iter().any(|t| t.contains(name)) || branch_may_exist(name, &dirs))
            && self.out.texts.last().is_some_and(|t| t.starts_with("git "))
        {
            // The words as given (`git branch --force new`) would read as the force they no
            // longer are.
            self.out.texts.pop();
        }
        // A branch made by this call and named by nothing else of it since (`git branch tmp &&
        // git branch -D tmp`) holds no commit of its own: deleting it discards nothing.
        let before = &self.out.texts[..self.out.texts.len().saturating_sub(1)];
        let made = |name: &str| {
            // Each command's words are there as given and as git reads them: the same text twice.
            let named: std::collections::BTreeSet<&String> = before.iter().filter(|t| t.split_whitespace().any(|w| w == name)).collect();
            let creation = |t: &&String| matches!(t.split_whitespace().collect::<Vec<_>>()[..], ["git", "branch", n] | ["git", "branch", n, _] if n == name);
            named.len() == 1 && named.iter().all(creation) && !branch_may_exist(name, &dirs)
        };
        if g.made_branch_deleted(made) && self.out.texts.last().is_some_and(|t| t.starts_with("git ")) {
            self.out.texts.pop();
        }
        if !self.made_undone(&mut g, &dirs) {
            self.out.texts.push(g.text.clone());
        }
        self.git_places(&g, &dirs);
        let Some(sub) = g.subcommand.as_deref() else { return };
        let operands = || g.args.iter().filter(|a| !a.starts_with('-'));
        match sub {
            // `git clean` removes untracked files of the working tree under where it runs, never
            // what is in `.git` (a pattern's `*` does not name it).
            "clean" if g.args.iter().any(|a| a == "--force") && !g.args.iter().any(|a| a == "--dry-run") => self.cleaned(&dirs),
            // `--cached` takes names out of the index only: nothing on disk goes (`git rm -r
            // --cached .` touches no file, let alone a hook).
            "rm" if g.args.iter().any(|a| a == "--cached") => {}
            "rm" | "mv" => {
                for o in operands().cloned().collect::<Vec<_>>() {
                    // The word the operand came from: `git rm "$f"` removes a file the shell names.
                    let word = words.iter().find(|w| w.text() == o).cloned().unwrap_or_else(|| lit_word(&o));
                    if sub == "rm" && self.paths(&word, &dirs).is_none() {
                        self.opaque(COMPUTED_REMOVAL);
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
            // Without one they go back into the working tree, where git writes tracked files only
            // (never `.git`), and overwrites none without `--force` (a rule asks about that).
            "checkout-index" => {
                let Some(prefix) = g.args.iter().find_map(|a| a.strip_prefix("--prefix=")) else { return };
                let Some(prefix) = home_text(prefix, self.ctx.home) else {
                    return self.opaque("git checkout-index writes under a prefix the shell computes");
                };
                let into = Word { parts: vec![Part::Lit(format!("{}/", prefix.trim_end_matches('/'))), Part::Glob("*".into())] };
                self.extract_into(&into, &dirs);
            }
            "checkout" | "restore" => {
                if let Some(dd) = g.args.iter().position(|a| a == "--") {
                    // `git checkout -- .` rewrites the tracked files under the top of the working
                    // tree, never its `.git`: what it throws away is uncommitted work, which a rule
                    // names; a path below the top is a change of that path.
                    for o in g.args[dd + 1..].iter().filter(|o| !holds_a_work_tree(o, &dirs)) {
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

    /// Where git reads and writes besides its operands: where it runs (`cd ~/.gitvow && git init`
    /// is `git -C ~/.gitvow init`), the places the environment gives it (`GIT_DIR=~/.gitvow git
    /// init` is `git --git-dir ~/.gitvow init`, `GIT_INDEX_FILE=f` a file it writes), the new
    /// directory a subcommand makes (`clone URL DIR`, named after the URL without DIR, `init DIR`,
    /// `worktree add DIR`, `submodule add URL DIR`, `--separate-git-dir DIR`), and the file an
    /// output option writes (`--output=F` of the diff and log family, `archive -o F`, `bundle
    /// create F`, `format-patch -o DIR`).
    fn git_places(&mut self, g: &git::Git, dirs: &Dirs) {
        self.read(&lit_word("."), dirs, false);
        for name in git::PLACE_VARIABLES {
            if let Some(place) = self.seen.values.iter().rev().find(|(n, _)| n == name).map(|(_, w)| w.clone()) {
                self.read(&place, dirs, false);
                self.touch(&place, dirs);
            }
        }
        let Some(sub) = g.subcommand.as_deref() else { return };
        let made = git::made_directory(sub, &g.args);
        let outputs = git::output_files(sub, &g.args);
        for (text, tree) in made.into_iter().map(|d| (d, false)).chain(outputs) {
            let Some(path) = home_text(&text, self.ctx.home) else {
                self.opaque(super::super::COMPUTED_TARGET);
                continue;
            };
            if tree {
                let into = Word { parts: vec![Part::Lit(format!("{}/", path.trim_end_matches('/'))), Part::Glob("*".into())] };
                self.extract_into(&into, dirs);
            } else if made_dir_only(sub) {
                self.touch(&lit_word(&path), dirs);
            } else {
                self.effect(effects::EffectKind::Overwrite, &lit_word(&path), dirs);
            }
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
}
