//! Files a program writes through its output options, and archives extracted into a directory.

use crate::gate::command::syntax::{Part, Word};
use crate::gate::command::{Dirs, Walk, archive, effects, lit_word, programs};

impl Walk<'_> {
    /// An extractor other than tar and unzip: the files an archive holds, in its directory.
    pub(super) fn extracted(&mut self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) {
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
        let mut parts = dir.with_slash().parts;
        parts.push(Part::Glob("*".into()));
        self.extract_into(&Word { parts }, dirs);
    }

    /// Files a program writes through its output options (`curl -o F`, `cc -o F`), and archives
    /// extracted into a directory (`tar -x -C DIR`, `unzip -d DIR`).
    pub(super) fn outputs(&mut self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) {
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
                        self.effect(effects::EffectKind::Overwrite, &lit_word(v), dirs);
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
                    self.extract_into(&into(&w.with_slash()), dirs);
                } else if is_dir {
                    // `tar -czf out.tgz -C ~ .bashrc`: where it reads from, not a write.
                    directory = true;
                } else if matches!(name, "curl" | "wget") {
                    // What a downloader writes is a file it changes, wherever it is (a program
                    // on the PATH runs in place of the real one).
                    self.effect(effects::EffectKind::Overwrite, w, dirs);
                    self.wrote(w, dirs, None);
                } else {
                    // `sort -o F`, `cc -o F`, `tar -cf F`: a file it writes, wherever it is.
                    self.effect(effects::EffectKind::Overwrite, w, dirs);
                }
            }
        }
        if matches!(name, "curl" | "wget") {
            self.remote_names(name, words, args, dirs);
        }
        // An archive writes the files it holds, wherever they are, into the directory.
        if extracting && !directory && matches!(name, "tar" | "bsdtar" | "gtar" | "unzip") {
            // The archive's member list, read now, names what it writes; else a whole tree.
            match self.archive_members(name, words, args, dirs) {
                Some(members) => {
                    for (m, tree) in members {
                        let member = lit_word(&format!("./{m}"));
                        self.effect(effects::EffectKind::Overwrite, &member, dirs);
                        if tree {
                            self.extract_into(&into(&member.with_slash()), dirs);
                        }
                    }
                }
                None => self.extract_into(&into(&lit_word("./")), dirs),
            }
        }
    }

    /// The members of the archive `tar -xf A [MEMBER…]` or `unzip A` extracts (one archive, in one
    /// known directory), each with whether it stands for a tree: every member its list holds, read
    /// now; with member operands, those the list holds that they name (a directory's with what is
    /// under it), or, when the list cannot be read, each operand as a tree (tar writes nothing
    /// else). `None` (a whole tree) for anything that renames what it writes (`--strip-components`,
    /// `--transform`, bsdtar's `-s`), a pattern or an absolute or `..` operand, an option after
    /// the operands, or a list that cannot be read without operands.
    fn archive_members(&self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) -> Option<Vec<(String, bool)>> {
        let (at, operands) = if name == "unzip" {
            let k = args.iter().position(|a| !a.starts_with('-'))?;
            (args[k + 1..].iter().all(|a| a.starts_with('-')).then_some(k)?, &[][..])
        } else {
            let renames = |a: &String| {
                ["--strip", "--transform", "--xform", "--absolute-names", "--wildcards"].iter().any(|o| a.starts_with(o))
                    || (a.starts_with('-') && !a.starts_with("--") && a.contains(['s', 'P']))
            };
            if args.iter().any(renames) {
                return None;
            }
            let k = args.iter().position(|a| {
                a == "-f"
                    || a == "--file"
                    || (!a.starts_with("--") && a.len() > 1 && a.ends_with('f') && a.chars().all(|c| c == '-' || c.is_ascii_alphabetic()))
            })?;
            (k + 1, args.get(k + 2..).unwrap_or_default())
        };
        let plain = |m: &String| {
            !m.is_empty() && !m.starts_with(['-', '/']) && !m.contains(['*', '?', '[', '\\']) && !m.split('/').any(|c| c == "..")
        };
        if !operands.iter().all(plain) {
            return None;
        }
        let listed = match self.paths(words.get(at)?, dirs)?.as_slice() {
            [t] if t.glob.is_none() => archive::members(&t.path),
            _ => None,
        };
        let bare = |m: &str| m.trim_end_matches('/').to_string();
        match (listed, operands) {
            (Some(members), []) => Some(members.into_iter().map(|m| (m, false)).collect()),
            (None, []) => None,
            // The members each operand names: itself, and what is under it.
            (Some(members), ops) => Some(
                members
                    .into_iter()
                    .filter(|m| ops.iter().any(|o| bare(m) == bare(o) || m.starts_with(&format!("{}/", bare(o)))))
                    .map(|m| (m, false))
                    .collect(),
            ),
            (None, ops) => Some(ops.iter().map(|o| (bare(o), true)).collect()),
        }
    }

    /// A tree of files the analyser cannot list written into a directory (`word` is `dir/*`):
    /// judged as the directory as a whole, hidden names included.
    pub(super) fn extract_into(&mut self, word: &Word, dirs: &Dirs) {
        self.tree(word, effects::EffectKind::OverwriteRecursive, dirs);
    }
}

impl Walk<'_> {
    /// The files a downloader names after the URL: `curl -O URL` (`-LO`, `--remote-name`) and
    /// `wget URL` without `-O` write the URL's last path component (wget's `index.html` for none)
    /// into the working directory, curl's `--output-dir` or wget's `-P`.
    fn remote_names(&mut self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) {
        let curl = name == "curl";
        let short = |a: &String, c: char| a.len() > 1 && a.starts_with('-') && !a.starts_with("--") && a[1..].contains(c);
        let remote = if curl {
            args.iter().any(|a| a == "--remote-name" || a == "--remote-name-all" || short(a, 'O'))
        } else {
            !args.iter().any(|a| a == "--spider" || a.starts_with("--output-document") || short(a, 'O'))
        };
        if !remote {
            return;
        }
        // `--directory-prefix=$HOME/bin`: the option's word, with what the shell puts in it.
        let dir = Self::option_word(words, if curl { &["--output-dir"] } else { &["-P", "--directory-prefix"] });
        for (i, a) in args.iter().enumerate() {
            let Some((_, rest)) = a.split_once("://") else { continue };
            let path = rest.split(['?', '#']).next().unwrap_or_default();
            let last = path.split_once('/').map_or("", |(_, p)| p.rsplit('/').next().unwrap_or_default());
            let file = if last.is_empty() && !curl { "index.html" } else { last };
            // A URL the shell computes names one file of the directory, as before: not followed.
            if file.is_empty() || words.get(i).and_then(Word::literal).is_none() {
                continue;
            }
            let target = match &dir {
                Some(d) => Word { parts: d.with_slash().parts.into_iter().chain([Part::Lit(file.to_string())]).collect() },
                None => lit_word(&format!("./{file}")),
            };
            self.effect(effects::EffectKind::Overwrite, &target, dirs);
            self.wrote(&target, dirs, None);
        }
    }
}
