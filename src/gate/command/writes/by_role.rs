//! Writes of the programs whose role says how they write: `sed -i`, `perl -pi`, `mkdir`, `dd of=`,
//! `cargo install`.

use crate::gate::command::options::{Dashes, OptionWords};
use crate::gate::command::syntax::{Part, Word};
use crate::gate::command::{COMPUTED, Dirs, Walk, effects, lexical, lit_word, programs};
use std::path::Path;

impl Walk<'_> {
    /// `cargo install` writes programs into ROOT/bin: named after their crates, or any name
    /// for `--path` and `--git`.
    pub(super) fn cargo_install(&mut self, words: &[Word], args: &[String], dirs: &Dirs) {
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
    pub(super) fn dd(&mut self, words: &[Word], args: &[String], dirs: &Dirs) {
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

    /// `sed -i … files`, `perl -pi -e … files`: the files after the script are rewritten.
    pub(crate) fn in_place(&mut self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) {
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
        let mut opts = OptionWords::with(args, Dashes::Word);
        while let Some(a) = opts.next() {
            let script = a == "-e" || a == "-f" || a == "--expression" || a == "--file" || a == "-E" && perl;
            if script || perl && a.starts_with('-') && (a.ends_with('e') || a.ends_with('E')) {
                script_given = true;
                opts.value();
            } else if !a.starts_with('-') {
                operands.push(opts.index());
            }
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
                self.out.computed_names.push(COMPUTED.to_string());
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
}
