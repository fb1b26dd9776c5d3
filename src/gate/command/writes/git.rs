//! Git's own writes: `git clean`, `rm`, `mv`, `apply`, `checkout-index`, `checkout -- files`, `config --file`.

use crate::gate::command::syntax::{Part, Word};
use crate::gate::command::{COMPUTED_REMOVAL, Dirs, Feed, Walk, effects, expand_home, git, home_text, lexical, lit_word};

impl Walk<'_> {
    pub(crate) fn git(&mut self, args: &[String], words: &[Word], dirs: &Dirs, feed: &Feed) {
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
                            self.opaque(COMPUTED_REMOVAL);
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
}
