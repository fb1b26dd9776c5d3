//! Programs the table does not know, or knows only partly (an interpreter, a database client, a
//! program with subcommands, a connector): whatever they are given may be what they write. One
//! that names a file the gate guards anywhere in its arguments (a plain word, an option's value
//! `-oF` or `--out=F`, a `KEY:F,opts` or `KEY=F` word) is taken to write it, as `> F` does:
//! `yq -i`, `sd`, `uniq IN OUT`, `xxd -r - F`, `cmake -E copy`, `socat - OPEN:F,trunc`, and the
//! writers of tomorrow. Programs known to only read are left alone, and so is every argument that
//! names nothing guarded: the rule costs a comparison of each such argument's path, no more.

use crate::gate::command::programs::{self, Role};
use crate::gate::command::syntax::{Part, Word};
use crate::gate::command::{Dirs, Touch, Walk, effects, identity, reads};
use crate::gate::place::lexical;
use crate::gate::protect;
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;

/// Programs that read their arguments' files and write none of them (their output goes to
/// standard output): naming a guarded file there is a read, judged as one (`reads`).
const READ_ONLY: &[&str] = &[
    "cat",
    "tac",
    "less",
    "more",
    "most",
    "head",
    "tail",
    "bat",
    "batcat",
    "view",
    "od",
    "hexdump",
    "hd",
    "strings",
    "nl",
    "rev",
    "cut",
    "paste",
    "join",
    "comm",
    "column",
    "expand",
    "unexpand",
    "fold",
    "fmt",
    "diff",
    "diff3",
    "cmp",
    "colordiff",
    "delta",
    "difft",
    "md5sum",
    "sha1sum",
    "sha224sum",
    "sha256sum",
    "sha384sum",
    "sha512sum",
    "b2sum",
    "b3sum",
    "cksum",
    "sum",
    "lsattr",
    "getfacl",
    "zcat",
    "zless",
    "bzcat",
    "xzcat",
    "zstdcat",
    "lz4cat",
    "jless",
    "fx",
    "gron",
    "python-json",
    "json_pp",
    "json_reformat",
    "xmllint",
    "jsonlint",
    "yamllint",
    "shellcheck",
    "git-blame",
    "highlight",
    "pygmentize",
    "ldd",
    "lddtree",
    "readelf",
    "objdump",
    "nm",
    "size",
    "otool",
];

impl Walk<'_> {
    /// The guarded files a program the table does not know fully names in its arguments, each
    /// recorded as overwritten (see the module's documentation).
    pub(in crate::gate::command) fn unknown_writes(&mut self, name: &str, words: &[Word], dirs: &Dirs) {
        if !partly_known(name) {
            return;
        }
        // `split IN PREFIX`, `csplit -f PREFIX`: the files written are named PREFIX and more.
        let prefix = matches!(name, "split" | "gsplit" | "csplit" | "gcsplit");
        for word in words {
            for candidate in values_in(word) {
                // `F=~/.gitvow/policy.json; gzip $F`: the value the call gave the variable.
                let mut candidate = self.with_values(&candidate);
                // A name the shell computes from what the call does not show (`date -d @$T`, `dig
                // @$server`), with no directory written, names no guarded file the call shows:
                // such a program is judged by its other effects, as before this rule.
                if self.computed_name(&candidate) {
                    continue;
                }
                if prefix && word.literal().is_some_and(|w| !w.starts_with('-')) {
                    candidate.parts.push(Part::Glob("*".into()));
                }
                if self.names_guarded(&candidate, dirs) {
                    self.effect(effects::EffectKind::Overwrite, &candidate, dirs);
                }
            }
        }
    }

    /// Whether the shell computes `word` from what the call does not show (a variable the call
    /// does not set, other than `$HOME`; a substitution whose output is not known; an expansion)
    /// and no directory of it is written.
    fn computed_name(&self, word: &Word) -> bool {
        let computed = word.parts.iter().any(|p| match p {
            Part::Var(v) => v != "HOME" && !self.seen.assigned.iter().any(|a| a == v),
            Part::Subst { script, raw } => self.known_output(*script, raw).is_none(),
            Part::Computed(_) | Part::ProcSubst { .. } => true,
            _ => false,
        });
        computed && !word.parts.iter().any(|p| matches!(p, Part::Lit(t) if t.contains('/')))
    }

    /// Whether a path `word` names is one the gate guards, or another name of one: as written
    /// (a pattern whatever it could name, `~` and `$HOME` expanded), through the links of its
    /// directories, or a file with other hard links (judged by its inode later).
    fn names_guarded(&mut self, word: &Word, dirs: &Dirs) -> bool {
        let Some(touches) = self.paths(word, dirs) else { return false };
        let places = self.seen.guarded.get_or_insert_with(|| guarded(self.ctx.home, self.ctx.repo_top)).clone();
        touches.iter().any(|t| {
            guarded_touch(t, &places)
                || (t.glob.is_none() && word.text().contains('/') && {
                    let path = lexical(&t.path);
                    let real = match path.parent().zip(path.file_name()) {
                        Some((dir, name)) => crate::gate::location::resolve(dir).join(name),
                        None => path.clone(),
                    };
                    (real != path && guarded_touch(&Touch { path: real, glob: None }, &places))
                        || std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file() && m.nlink() > 1)
                })
        })
    }
}

/// Whether `name` is a program whose writes the table does not fully say: unknown, or known only
/// for running other commands' text, reading code or statements, or its subcommands' names.
fn partly_known(name: &str) -> bool {
    if READ_ONLY.contains(&name) || identity::TEXT_ONLY.contains(&name) || reads::names_only(name) {
        return false;
    }
    match programs::program(name) {
        None => true,
        Some(p) => {
            p.changes.is_none()
                && p.outputs.is_empty()
                && p.wraps.is_none()
                && match p.role {
                    // perl's files are its code's input unless `-i` edits them (`in_place`).
                    Role::Interpreter(i) => !i.edits_in_place,
                    Role::Plain | Role::Database(_) | Role::Spawner(_) => true,
                    _ => false,
                }
        }
    }
}

/// The word a path may be within one argument: an option's value (`--out=F`, `-oF`), an
/// address's or a setting's (`OPEN:F,trunc`, `of=F`, `file=F`), else the word itself unless it is
/// an option.
fn values_in(word: &Word) -> Vec<Word> {
    let Some(Part::Lit(lead)) = word.parts.first() else { return vec![word.clone()] };
    // An option is no path of its own: only its value may be.
    let out = if lead.starts_with('-') { Vec::new() } else { vec![word.clone()] };
    let skip = if lead.starts_with("--") {
        lead.find('=').map(|k| k + 1)
    } else if lead.starts_with('-') {
        // `-oF`: the value after the one-letter option (`-o=F` too).
        (lead.is_char_boundary(2) && (lead.len() > 2 || word.parts.len() > 1)).then(|| if lead[2..].starts_with('=') { 3 } else { 2 })
    } else {
        lead.find([':', '=']).map(|k| k + 1)
    };
    // `OPEN:F,trunc`, `of=F`, `--out=F`: the value alone is the path.
    skip.map_or(out, |skip| vec![after(word, skip)])
}

/// `word` without its first `skip` bytes (within its first literal part) and from its first `,`
/// on; a `~` it then starts with is the home directory, as after an assignment's `=`.
fn after(word: &Word, skip: usize) -> Word {
    let mut parts = word.parts.clone();
    if let Some(Part::Lit(t)) = parts.first_mut() {
        t.drain(..skip.min(t.len()));
        if t == "~" || t.starts_with("~/") {
            let rest = t[1..].to_string();
            parts.splice(0..1, [Part::Tilde, Part::Lit(rest)]);
        }
    }
    // (`$HOME/x` is a variable first, not an empty text before it.)
    if matches!(parts.first(), Some(Part::Lit(t)) if t.is_empty()) && parts.len() > 1 {
        parts.remove(0);
    }
    reads::cut_at(&mut parts, ',');
    Word { parts }
}

/// The places the gate guards here: its protected directories and the files the default policy
/// guards by their path, the system's among them.
fn guarded(home: Option<&std::path::Path>, repo_top: Option<&std::path::Path>) -> Vec<PathBuf> {
    let mut places = protect::guarded_places(home, repo_top);
    places.extend(protect::SYSTEM_FILES.iter().map(PathBuf::from));
    // The running executable, whatever its name: the one the hook entries name.
    if let Ok(exe) = std::env::current_exe() {
        places.push(exe);
    }
    places
}

/// Whether `t` is, is in, or as a pattern could name one of `places`, in any case of its letters,
/// or is the gitvow executable by its name.
fn guarded_touch(t: &Touch, places: &[PathBuf]) -> bool {
    let path = lexical(&t.path);
    let gitvow = path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n == "gitvow" || n.starts_with("gitvow-agent-"));
    let named_anywhere = path.components().any(|c| protect::is_agent_dir_name(&c.as_os_str().to_string_lossy()));
    gitvow
        || named_anywhere
        || places.iter().any(|p| path.starts_with(p) || protect::in_case_of(&path, p).is_some())
        || t.glob.is_some_and(|g| !crate::gate::pattern::could_name(&path, g.hidden, places.iter().map(PathBuf::as_path)).is_empty())
}
