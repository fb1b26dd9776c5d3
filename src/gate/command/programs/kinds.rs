//! The shapes of the table's rows: what a program's entry can say about it.

use super::spawners::Spawner;
use crate::gate::command::code;

/// What the analyser knows about one group of programs, by name: the one table of programs.
/// Every program's entry says how it is walked ([`Role`]), and where it has them, how its
/// arguments lead to a command it runs, which of them name files it changes or writes, and which
/// of its options take a value before its subcommand.
pub struct Program {
    pub names: &'static [&'static str],
    pub role: Role,
    /// It runs another command, found in its arguments this way.
    pub wraps: Option<Wrapper>,
    /// It changes the files its operands name, read this way.
    pub changes: Option<Changer>,
    /// Options that name a file it writes, whatever it does otherwise (`curl -o F`, `cc -o F`,
    /// `tar -C DIR`).
    pub outputs: &'static [&'static str],
    /// Its first operand is a subcommand, and these options take a value before it: a
    /// subcommand the shell computes (`git $(printf reset) --hard`) is no less a program word
    /// than the program's name.
    pub subcommand_values: Option<&'static [&'static str]>,
}

/// How the walk treats a program beyond what the other fields of its [`Program`] say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Nothing of its own: its wrapper, file and output fields say it all.
    Plain,
    /// `cd`, `pushd`, `popd`: the directory later commands run in.
    Chdir,
    /// `echo`, `printf`: their words are the text they write.
    Echo,
    /// `cat`: passes its input or a file on.
    Cat,
    /// `env [NAME=value…] [-C DIR] [-S 'cmd'] cmd…`.
    Env,
    /// `xargs cmd`: the arguments come from standard input.
    Xargs,
    /// `parallel`, `rush`, `xe`, `gargs`: a command run on each name of a list (see `pipes`).
    EachName,
    /// `find`, `fd`: `-delete`, `-exec cmd {} ;`.
    Find,
    /// `eval`: its words joined are a script.
    Eval,
    /// `source`, `.`: a script file run in this shell.
    Source,
    /// `alias name=value`: the value runs wherever the name is used.
    Alias,
    /// `export`, `declare`, …: assignments later commands see.
    Declare,
    /// `trap 'script' EXIT`: a script run when the call ends.
    Trap,
    /// `su -c 'cmd'`, `script -qc 'cmd'`: a shell string after `-c`; else its wrapper form.
    CommandString,
    /// `at`, `batch`: a script on standard input, run later.
    Schedule,
    /// `tmux`, `screen`, and what else types into a terminal: the command a session is told to
    /// run or type (see `terminal`).
    Multiplexer,
    /// `patch`: writes the files a unified diff names.
    Patch,
    /// `expect`: a script in a language the analyser does not read.
    Expect,
    /// `nix-shell --run 'cmd'`, `devenv shell -c 'cmd'`.
    RunOption,
    /// `flock LOCK cmd…`, `flock LOCK -c 'cmd'`.
    Flock,
    /// `watch cmd…`: its words joined are a script.
    Watch,
    /// `ssh host cmd…`: a script run in a shell over there.
    Ssh,
    /// `nc -e PROG`, `ncat --sh-exec 'cmd'`, `socat - EXEC:'cmd'`: a command named in an option's
    /// value or an address, started with a connection for its input.
    Spawner(Spawner),
    /// `apply_patch`: its heredoc or argument is an `apply_patch` patch.
    ApplyPatch,
    Git,
    /// A shell: `-c 'script'`, a script file, or standard input.
    Shell,
    /// An interpreter: its program text, a script file or standard input.
    Interpreter(Interpreter),
    /// A database client: the statements it is given.
    Database(DbClient),
    /// `sed -i`, `perl -pi`: rewrites the files after its script.
    InPlace,
    /// `mkdir`: directories that hold only what the call puts there.
    MakeDir,
    /// `dd of=FILE`.
    Dd,
    /// `cargo install`: programs written into ROOT/bin.
    Cargo,
}

/// How a wrapper's arguments lead to the command it runs: options that take a value (short letters,
/// long names), then `operands` words that are not the command (`timeout 10`, `chroot DIR`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wrapper {
    pub short_values: &'static str,
    pub long_values: &'static [&'static str],
    pub operands: usize,
    /// Version managers and secret runners run a command only after a run word (`op run --`,
    /// `mise exec --`); `aws-vault exec PROFILE` and `direnv exec DIR` name something first.
    pub after_run_word: Option<usize>,
    /// Options that name the directory the command runs in (`sudo -D DIR`).
    pub chdir: &'static [&'static str],
}

/// How an interpreter is given its program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interpreter {
    /// Options that take the program as their value (`python -c`, `node -e`).
    pub inline: &'static [&'static str],
    /// The language its program text is read in, when the analyser reads it.
    pub language: Option<InlineLanguage>,
    /// Its first operand is the program (awk), unless `-f` names a file.
    pub program_operand: bool,
    /// `-i` rewrites the files after the program (`perl -pi -e '…' FILES`).
    pub edits_in_place: bool,
    /// The one-letter switches that take no value and may lead a cluster ending in an inline
    /// switch (`perl -lne '…'`, `perl -lnE'…'`, `ruby -pe '…'`, `python -uc '…'`); digits after
    /// one are its number (`-l0`, `-0777`). Any other letter takes the rest of the word.
    pub switches: &'static str,
    /// Options whose value is the next word, which is no script file (`node -r dotenv/config
    /// app.js`, `python3 -X dev app.py`).
    pub values: &'static [&'static str],
}

impl Interpreter {
    /// The program a cluster of switches gives: `Some(Some(text))` attached after its inline
    /// letter, `Some(None)` in the next word, `None` when the word is no such cluster (an inline
    /// option given alone, or a letter before the inline one that takes the rest as its value:
    /// `perl -pie` is `-p` with `-i` whose backup suffix is `e`).
    pub fn inline_in_cluster<'a>(&self, word: &'a str) -> Option<Option<&'a str>> {
        let letters = word.strip_prefix('-').filter(|l| !l.starts_with('-'))?;
        let inline = |c: char| self.inline.iter().any(|f| f.len() == 2 && f.ends_with(c) && f.starts_with('-'));
        for (k, c) in letters.char_indices() {
            if inline(c) {
                let rest = &letters[k + c.len_utf8()..];
                return (k > 0).then_some((!rest.is_empty()).then_some(rest));
            }
            if !(c.is_ascii_digit() && k > 0 || self.switches.contains(c)) {
                return None;
            }
        }
        None
    }
}

/// The language an interpreter's program text is read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InlineLanguage {
    Code(code::Language),
    PowerShell,
    /// AppleScript, read for the shell commands it runs ([`code::applescript`]).
    AppleScript,
    /// A language the analyser does not parse (m4, gnuplot, Octave, Erlang, the Lisps): text
    /// that names none of these words (of the language's ways to run a command, change a file or
    /// evaluate more text) only computes; text that names one is opaque.
    Unread(&'static [&'static str]),
}

/// Which operands of a file-changing program name the files it changes, and its short / long
/// options that take a value (so that a value is not read as a file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Changer {
    pub operands: Operands,
    pub short_values: &'static str,
    pub long_values: &'static [&'static str],
}

/// Which arguments of a file-changing program name the files it changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operands {
    /// Every operand (`rm`, `touch`, `tee`, `mv`: the source goes away too).
    All,
    /// Every operand after the first (`chmod MODE files`, `chown OWNER files`).
    AfterFirst,
    /// The last operand, or the `-t DIR` target (`cp`, `ln`, `install`, `rsync`).
    Last,
    /// The first operand (`mknod`, `mkfifo` name first).
    First,
}

/// Database clients, and the options that carry a statement or a file of statements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DbClient {
    pub sql: bool,
    pub inline: &'static [&'static str],
    pub files: &'static [&'static str],
    /// Statements may follow the database name as operands (`sqlite3 db.sqlite 'DROP TABLE t'`).
    pub operand_sql: bool,
    /// Options that take a value (not a statement).
    pub values: &'static [&'static str],
}
