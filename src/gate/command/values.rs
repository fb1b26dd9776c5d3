//! Variables the call assigns and then expands: `F=out.txt; cp a.txt "$F"` copies to `out.txt`,
//! `f() { local d=build; rm -rf "$d"; }; f` removes `build`, `c=(git status); "${c[@]}"` runs
//! `git status`, `retry() { "$@"; }; retry curl …` runs `curl …`. The value is put in where the
//! analyser knows it on every path that reaches the expansion; anywhere else the word stays
//! computed, as it was.
//!
//! Known means, for a variable:
//! - the text assigns it at one place only, in a form the walk reads (`NAME=value` alone, or after
//!   `local`/`export`/`declare`/`readonly`/`typeset` without an attribute that changes the value),
//!   and nowhere else names it but in plain expansions (`$NAME`, `${NAME}`, `${NAME%…}`): any other
//!   mention (`read NAME`, `printf -v NAME`, `${NAME:=x}`, `((NAME++))`, `unset NAME`, a nameref's
//!   target, a `for NAME`) may set it, and the text holds no code that may set any variable (`eval`,
//!   `source`, `alias`, `let`, a computed `trap`, an assigning builtin given a computed name). The
//!   count is over the whole text, loops and functions included, so a use can never see a value
//!   from another assignment: a loop's later turn, a function called again, a branch not taken;
//! - that one assignment ran on the straight path to the use: not in an `if`, a `case`, after `&&`
//!   or `||`, in a pipeline, in the background, or in a subshell; in a loop's body it holds until
//!   the loop's end, and a function's assignments are forgotten when it returns (`local` ones go
//!   back, and a function may be called from anywhere);
//! - its value was known when it ran: literal text, `~`, `$HOME` and `$PWD`, `$(pwd)` where the
//!   directory is known, other known variables, a loop variable (checked unchanged at the use), a
//!   bounded name (`$(date +%F)`, `$$`, `$RANDOM`);
//! - the use expands it in quotes, or the value cannot split or match (no blank or pattern
//!   character) and IFS is the shell's own.
//!
//! A prefix assignment (`V=x cmd`) is the command's environment only: it makes the variable
//! unknown after it, never known. A program name that a variable makes a shell builtin (`$c` with
//! `c=eval`) is left computed: such a builtin may set any variable.

use super::syntax::{self, Node, Parsed, Part, Script, Sep, Simple, Word};
use super::{Dirs, Walk, lit_word};

/// Variables the shell itself changes, or whose value changes what other words mean: never known.
const SPECIAL: &[&str] = &[
    "IFS",
    "HOME",
    "PWD",
    "OLDPWD",
    "PATH",
    "CDPATH",
    "RANDOM",
    "SRANDOM",
    "SECONDS",
    "LINENO",
    "BASHPID",
    "EPOCHSECONDS",
    "EPOCHREALTIME",
    "REPLY",
    "OPTARG",
    "OPTIND",
    "PIPESTATUS",
    "FUNCNAME",
    "GROUPS",
    "DIRSTACK",
    "HISTCMD",
    "PPID",
    "UID",
    "EUID",
    "SHLVL",
    "MAPFILE",
    "COLUMNS",
    "LINES",
    "GLOBIGNORE",
    "BASH_ENV",
    "ENV",
    "path",
    "cdpath",
    "fpath",
    "manpath",
    "argv",
    "status",
    "pipestatus",
    "psvar",
];

/// Builtins that set the variables their operands name: given a computed operand, they may set any.
const ASSIGNERS: &[&str] =
    &["read", "mapfile", "readarray", "getopts", "unset", "declare", "typeset", "local", "export", "readonly", "wait", "vared"];

/// Builtins that run code or set variables in the shell itself: a program name a variable makes one
/// of these is left computed, and one named in the text makes no variable known.
const SHELL_CODE: &[&str] = &[
    "eval",
    "source",
    ".",
    "alias",
    "unalias",
    "let",
    "enable",
    "trap",
    "declare",
    "typeset",
    "local",
    "export",
    "readonly",
    "read",
    "mapfile",
    "readarray",
    "printf",
    "getopts",
    "unset",
    "set",
    "shift",
    "cd",
    "pushd",
    "popd",
    "exec",
    "command",
    "builtin",
    "wait",
    "select",
    "hash",
    "shopt",
    "emulate",
    "setopt",
    "unsetopt",
    "autoload",
    "zparseopts",
    "vared",
    "print",
    "typeset",
    "integer",
    "float",
    "coproc",
    "fc",
    "history",
    "bind",
    "complete",
    "compgen",
    "caller",
    "return",
    "exit",
    "break",
    "continue",
    "times",
    "umask",
    "ulimit",
    "kill",
    "disown",
    "jobs",
    "fg",
    "bg",
    "suspend",
    "logout",
    "dirs",
    ":",
];

/// What a text says of its variables, read once before it is walked: whatever the order it runs
/// its commands in, these hold.
#[derive(Default)]
pub(super) struct Scan {
    /// Names assigned as `NAME=` or `NAME+=` (anywhere but after `$`), and how many times.
    assigned: Vec<(String, usize)>,
    /// Names mentioned otherwise than expanded or assigned so: something may set them.
    touched: Vec<String>,
    /// Single-dash option words (`-vNAME` sets NAME for `printf`, `-aNAME` for `read`).
    options: Vec<String>,
    /// Code that may set any variable.
    any: bool,
    /// Commands that set the positional parameters (`set -- a b`), and whether any `shift`s them.
    sets: usize,
    shifts: bool,
    /// IFS set other than for one `read`: an unquoted expansion splits where the analyser cannot tell.
    ifs: bool,
}

impl Scan {
    /// Whether `name`'s one assignment is all that sets it.
    fn steady(&self, name: &str) -> bool {
        !self.any
            && !SPECIAL.contains(&name)
            && self.assigned.iter().any(|(n, k)| n == name && *k == 1)
            && !self.touched.iter().any(|n| n == name)
            && !self.options.iter().any(|o| o != name && o.ends_with(name))
    }
}

/// Reads `text` (and its parse) for [`Scan`].
pub(super) fn scan(text: &str, parsed: &Parsed) -> Scan {
    let mut scan = Scan::default();
    let b = text.as_bytes();
    let ident = |c: u8| c == b'_' || c.is_ascii_alphanumeric();
    let mut ifs_mentions = 0;
    let mut i = 0;
    while i < b.len() {
        if !(b[i] == b'_' || b[i].is_ascii_alphabetic()) || (i > 0 && ident(b[i - 1])) {
            i += 1;
            continue;
        }
        let s = i;
        while i < b.len() && ident(b[i]) {
            i += 1;
        }
        let name = &text[s..i];
        let before = |k: usize| s.checked_sub(k).map(|at| &b[at..s]);
        let rest = &b[i..];
        if name == "IFS" && before(1) != Some(b"$") {
            ifs_mentions += 1;
        }
        if matches!(name, "eval" | "source" | "alias" | "let" | "enable") {
            scan.any = true;
        }
        if before(1) == Some(b"$") {
            continue;
        }
        if before(2) == Some(b"${") || before(3) == Some(b"${#") || before(3) == Some(b"${!") {
            // `${NAME:=x}`, `${NAME=x}` (zsh's `${NAME::=x}`) set it: any `=` before the brace closes.
            let inner = rest.iter().take_while(|c| **c != b'}').collect::<Vec<_>>();
            if inner.contains(&&b'=') {
                scan.touched.push(name.to_string());
            }
            continue;
        }
        if rest.starts_with(b"=") || rest.starts_with(b"+=") {
            match scan.assigned.iter_mut().find(|(n, _)| n == name) {
                Some((_, k)) => *k += 1,
                None => scan.assigned.push((name.to_string(), 1)),
            }
            continue;
        }
        // Arithmetic's `NAME++`, `NAME*=2` set it wherever it stands.
        let arithmetic = rest.starts_with(b"++")
            || rest.starts_with(b"--")
            || (rest.len() > 1 && b"-*/%<>&^|".contains(&rest[0]) && rest[1..].starts_with(b"="));
        match before(1) {
            _ if arithmetic => scan.touched.push(name.to_string()),
            // A name's extension, a path's component, a host: text no builtin reads as a variable.
            Some(b".") | Some(b"/") | Some(b"@") => {}
            // `${1:-dist}`: a default's text, no option word.
            Some(b"-") if before(2) == Some(b":-") => {}
            Some(b"-") => scan.options.push(name.to_string()),
            _ => scan.touched.push(name.to_string()),
        }
    }
    let mut safe_ifs = 0;
    for cmd in parsed.scripts.iter().flat_map(|s| &s.pipelines).flat_map(|pl| &pl.nodes).filter_map(simple) {
        let mut words = cmd.words.iter().skip_while(|w| w.literal().is_some_and(|t| syntax::KEYWORDS.contains(&t.as_str())));
        let mut ifs_here = 0;
        let program = loop {
            match words.next() {
                Some(w) if assigned_name(w).is_some() => ifs_here += usize::from(assigned_name(w).as_deref() == Some("IFS")),
                Some(w) if matches!(w.literal().as_deref(), Some("command" | "builtin" | "time" | "nohup" | "-p" | "--")) => {}
                other => break other,
            }
        };
        let operands: Vec<&Word> = words.collect();
        match program.map(Word::literal) {
            // `IFS= read -r line`: the read's own, the shell's IFS as it was.
            Some(Some(p)) if matches!(p.as_str(), "read" | "mapfile" | "readarray") => safe_ifs += ifs_here,
            _ => {}
        }
        scan.sets += usize::from(super::functions::sets_parameters_in(cmd));
        let Some(Some(p)) = program.map(Word::literal) else { continue };
        scan.shifts |= p == "shift";
        let computed = |w: &&Word| w.is_computed() && !assigned_name(w).is_some_and(|_| named_first(w));
        if matches!(p.as_str(), "." | "trap") && (p == "." || operands.first().is_none_or(|w| w.is_computed())) {
            scan.any = true;
        }
        let printf_v = p == "printf" && operands.iter().any(|w| w.text().starts_with("-v"));
        if (ASSIGNERS.contains(&p.as_str()) || printf_v) && operands.iter().any(computed) {
            scan.any = true;
        }
    }
    scan.ifs = ifs_mentions > safe_ifs;
    scan
}

fn simple(n: &Node) -> Option<&Simple> {
    match n {
        Node::Simple(s) => Some(s),
        Node::Subshell(_) => None,
    }
}

/// The name a word assigns (`NAME=…`, `NAME+=…`, `NAME=(…)`).
pub(super) fn assigned_name(w: &Word) -> Option<String> {
    let Some(Part::Lit(first)) = w.parts.first() else { return None };
    let (name, _) = first.split_once('=')?;
    let name = name.strip_suffix('+').unwrap_or(name);
    syntax::is_name(name).then(|| name.to_string())
}

/// Whether an assignment word's name is in its first, literal part (`NAME=$x`, not `$n=x`).
fn named_first(w: &Word) -> bool {
    matches!(w.parts.first(), Some(Part::Lit(t)) if t.contains('='))
}

/// A value known at the place it was assigned, and the loop variables it was made with, as they
/// were then (a use checks them unchanged).
#[derive(Clone, PartialEq)]
struct Exact {
    name: String,
    value: Vec<Word>,
    array: bool,
    loops: Vec<(String, Option<Vec<Word>>)>,
}

/// The values known in one text being walked.
#[derive(Default)]
struct Frame {
    scan: Scan,
    exact: Vec<Exact>,
}

/// How the assignments the walk is about to read are made.
#[derive(Clone, Copy, Default, PartialEq)]
pub(super) enum Assigning {
    /// By the shell, as the whole command (`V=x`, `local V=x`).
    Shell,
    /// For one command only, or by a program: the variable is unknown after it.
    #[default]
    Other,
}

/// The compound commands open in a script being walked: a loop forgets at its end what its body
/// assigned; in a branch nothing is assigned for sure.
#[derive(Default)]
pub(super) struct Flow {
    open: Vec<(Kind, Vec<String>)>,
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// `{ …; }` run where it stands.
    Group,
    Loop,
    /// `if`, `case`, or a group run in a pipeline, in the background or after `&&`/`||`.
    Branch,
}

/// The state of known values along the walk.
#[derive(Default)]
pub(super) struct Known {
    frames: Vec<Frame>,
    flows: Vec<Flow>,
    /// The command about to be walked stands on its text's straight path.
    straight: bool,
    /// The shell's own command is about to run (the walk sets it, the command's first step takes it).
    pub(super) own: bool,
    pub(super) assigning: Assigning,
    /// The step being taken is the first of the shell's own command (a builtin there is the shell's).
    pub(super) own_step: bool,
    /// The directories the command runs in, for `$PWD` and `$(pwd)` in a value.
    dirs: Option<Dirs>,
    /// `"$@"` where each word of the call is known.
    args: Option<Vec<Word>>,
}

impl Known {
    /// `"$@"` is `args` from here on (`set -- a b`).
    pub(super) fn set_args(&mut self, args: Option<Vec<Word>>) {
        self.args = args;
    }
}

impl Walk<'_> {
    /// A text is about to be walked (the line, a `sh -c` script, an `eval`'s text): it starts with
    /// no known values, a new shell's or one whose text was read on its own.
    pub(super) fn known_enter(&mut self, text: &str, parsed: &Parsed) {
        self.seen.known.frames.push(Frame { scan: scan(text, parsed), exact: Vec::new() });
    }

    pub(super) fn known_leave(&mut self) {
        self.seen.known.frames.pop();
    }

    /// Code walked away from where it runs (a function no command of the text calls): nothing known.
    pub(super) fn known_elsewhere<T>(&mut self, walk: impl FnOnce(&mut Self) -> T) -> T {
        self.seen.known.frames.push(Frame { scan: Scan { any: true, ..Scan::default() }, exact: Vec::new() });
        let out = walk(self);
        self.seen.known.frames.pop();
        out
    }

    /// Walks `walk` in a subshell: what it assigns is forgotten after it.
    pub(super) fn known_subshell<T>(&mut self, walk: impl FnOnce(&mut Self) -> T) -> T {
        let held = self.seen.known.frames.last().map(|f| f.exact.clone());
        let temps = self.seen.temps.clone();
        // `(set -- build)`: the parameters set in a subshell are the subshell's.
        let parameters: Vec<_> = self.seen.loops.iter().filter(|(n, ..)| super::loops::PARAMETERS.contains(&n.as_str())).cloned().collect();
        let args = self.seen.known.args.clone();
        let out = walk(self);
        if let (Some(f), Some(held)) = (self.seen.known.frames.last_mut(), held) {
            f.exact = held;
        }
        self.seen.temps = temps;
        self.seen.loops.retain(|(n, ..)| !super::loops::PARAMETERS.contains(&n.as_str()));
        self.seen.loops.extend(parameters);
        self.seen.known.args = args;
        out
    }

    /// Walks a function's body: what it assigns (or makes unknown) is not known after it returns.
    pub(super) fn known_call<T>(&mut self, walk: impl FnOnce(&mut Self) -> T) -> T {
        let held = self.seen.known.frames.last().map(|f| f.exact.clone());
        let temps = self.seen.temps.clone();
        let out = walk(self);
        if let (Some(f), Some(held)) = (self.seen.known.frames.last_mut(), held) {
            f.exact.retain(|e| held.contains(e));
        }
        self.seen.temps.retain(|t| temps.contains(t));
        out
    }

    /// Whether the command about to run is the only one of its text that sets the positional
    /// parameters, surely run (the straight path, in no loop), with whether the text `shift`s
    /// them; `None` when not.
    pub(super) fn known_once(&self) -> Option<bool> {
        let scan = &self.seen.known.frames.last()?.scan;
        let looping = self.seen.known.flows.last().is_some_and(|f| f.open.iter().any(|(k, _)| *k == Kind::Loop));
        (scan.sets == 1 && !scan.any && self.seen.known.straight && self.seen.known.own_step && !looping).then_some(scan.shifts)
    }

    /// `"$@"` is `args` while `walk` runs.
    pub(super) fn known_args<T>(&mut self, args: Option<Vec<Word>>, walk: impl FnOnce(&mut Self) -> T) -> T {
        let held = std::mem::replace(&mut self.seen.known.args, args);
        let out = walk(self);
        self.seen.known.args = held;
        out
    }

    /// A script's walk starts: its compounds are its own, and the straight path of the command
    /// that holds it comes back after it.
    pub(super) fn flow_start(&mut self) -> bool {
        self.seen.known.flows.push(Flow::default());
        self.seen.known.straight
    }

    pub(super) fn flow_end(&mut self, straight: bool) {
        if let Some(flow) = self.seen.known.flows.pop() {
            for (_, names) in flow.open {
                self.forget(&names);
            }
        }
        self.seen.known.straight = straight;
    }

    /// Node `at` of `script` is about to be walked: the compounds its keywords open and close, and
    /// whether it stands on the straight path.
    pub(super) fn flow_node(&mut self, script: &Script, at: (usize, usize)) {
        let pipeline = &script.pipelines[at.0];
        let after_list = at.0 > 0 && matches!(script.pipelines[at.0 - 1].sep, Sep::And | Sep::Or);
        let alone = pipeline.nodes.len() == 1 && pipeline.sep != Sep::Background && !after_list;
        let Some(Node::Simple(cmd)) = pipeline.nodes.get(at.1) else { return };
        // The leading keywords: those that close compounds, then those that open them.
        let (mut closes, mut kinds) = (0, Vec::new());
        for w in &cmd.words {
            let Some(t) = w.literal() else { break };
            let t = t.as_str();
            if matches!(t, "done" | "fi" | "esac" | "}") && kinds.is_empty() {
                closes += 1;
            }
            match t {
                "if" | "case" => kinds.push(Kind::Branch),
                "while" | "until" | "for" | "select" => kinds.push(Kind::Loop),
                "{" => kinds.push(Kind::Group),
                _ => {}
            }
            if !syntax::KEYWORDS.contains(&t) && t != "esac" {
                break;
            }
        }
        for _ in 0..closes {
            let popped = self.seen.known.flows.last_mut().and_then(|f| f.open.pop());
            if let Some((_, names)) = popped {
                self.forget(&names);
            }
        }
        // A group is on the straight path when it opens and closes alone (not piped, not in the
        // background, not after `&&` or `||`).
        let ends = super::loops::closers(script, at, kinds.len());
        for (kind, end) in kinds.into_iter().zip(ends) {
            let closer_alone = end.is_some_and(|(a, _)| {
                let pl = &script.pipelines[a];
                pl.nodes.len() == 1 && pl.sep != Sep::Background
            });
            let kind = if kind == Kind::Group && !(alone && closer_alone) { Kind::Branch } else { kind };
            if let Some(flow) = self.seen.known.flows.last_mut() {
                flow.open.push((kind, Vec::new()));
            }
        }
        let open = self.seen.known.flows.last().map(|f| f.open.as_slice()).unwrap_or_default();
        self.seen.known.straight = alone && open.iter().all(|(kind, _)| *kind != Kind::Branch);
    }

    fn forget(&mut self, names: &[String]) {
        if let Some(f) = self.seen.known.frames.last_mut() {
            f.exact.retain(|e| !names.contains(&e.name));
        }
        self.seen.temps.retain(|t| !names.contains(t));
    }

    /// `NAME=$(mktemp …)` read by the walk: a new temporary path after it only where the
    /// assignment surely ran (the straight path, by the shell itself), as a known value is. One
    /// made in a branch, after `&&`/`||`, in a pipeline or subshell may not exist when used, and
    /// `rm -rf "$tmp/"` is then `rm -rf /`; one made in a loop's body is forgotten at the loop's
    /// end (the body may never run), one made in a function when it returns.
    pub(super) fn known_temp(&mut self, name: &str) {
        if self.seen.known.assigning != Assigning::Shell || !self.seen.known.straight {
            return;
        }
        self.seen.temps.push(name.to_string());
        if let Some((_, names)) = self.seen.known.flows.last_mut().and_then(|f| f.open.iter_mut().rev().find(|(k, _)| *k == Kind::Loop)) {
            names.push(name.to_string());
        }
    }

    /// `NAME=value` read by the walk (`elements`: an array's): known after it where it may be.
    pub(super) fn known_assigned(&mut self, name: &str, w: &Word, elements: Option<&[Word]>) {
        self.forget(&[name.to_string()]);
        let Some(frame) = self.seen.known.frames.last() else { return };
        if self.seen.known.assigning != Assigning::Shell || !self.seen.known.straight || !frame.scan.steady(name) {
            return;
        }
        let value = match elements {
            Some(elements) => elements.iter().map(|e| self.value_of(e)).collect::<Option<Vec<Word>>>(),
            None => {
                let Some(Part::Lit(first)) = w.parts.first() else { return };
                let Some((_, rest)) = first.split_once('=') else { return };
                let mut v = w.clone();
                v.parts[0] = Part::Lit(rest.to_string());
                self.value_of(&v).map(|v| vec![v])
            }
        };
        let Some(value) = value else { return };
        let text: String = value.iter().map(Word::text).collect::<Vec<_>>().join(" ");
        let loops =
            self.seen.loops.iter().filter(|(n, ..)| text.contains(n.as_str())).map(|(n, v, _)| (n.clone(), Some(v.clone()))).collect();
        if let Some(f) = self.seen.known.frames.last_mut() {
            f.exact.push(Exact { name: name.to_string(), value, array: elements.is_some(), loops });
        }
        if let Some((_, names)) = self.seen.known.flows.last_mut().and_then(|f| f.open.iter_mut().rev().find(|(k, _)| *k == Kind::Loop)) {
            names.push(name.to_string());
        }
    }

    /// `declare`, `local`, `export`, `readonly`, `typeset` with `operands`: the shell's own
    /// assignments when it runs them itself, with no option but `-x`, `-g`, `-r` or `-a` (an
    /// integer, a case, a nameref changes what the value is).
    pub(super) fn known_declared(&mut self, operands: &[Word]) {
        let plain = operands.iter().all(|w| match w.literal() {
            Some(t) if t.starts_with(['-', '+']) => t.len() > 1 && t[1..].chars().all(|c| matches!(c, 'x' | 'g' | 'r' | 'a')),
            _ => true,
        });
        let shell = self.seen.known.own_step && plain;
        self.seen.known.assigning = if shell { Assigning::Shell } else { Assigning::Other };
    }

    /// The directories `$PWD` and `$(pwd)` name in the assignments about to be read.
    pub(super) fn known_dirs(&mut self, dirs: &Dirs) {
        self.seen.known.dirs = Some(dirs.clone());
    }

    /// The value an assignment gives, as a word a use can splice in; `None` when not known.
    fn value_of(&self, v: &Word) -> Option<Word> {
        let mut out: Vec<Part> = Vec::new();
        let at_start = |out: &Vec<Part>| out.iter().all(|p| matches!(p, Part::Lit(t) if t.is_empty()));
        for (k, p) in v.parts.iter().enumerate() {
            match p {
                // An assignment expands `~` first, and after `:` (`PATH=a:~/b`): only the first is read.
                Part::Lit(t) if k == 0 && (t == "~" || t.starts_with("~/")) => {
                    out.push(Part::Tilde);
                    out.push(Part::Lit(t[1..].to_string()));
                }
                Part::Tilde if at_start(&out) => out.push(Part::Tilde),
                Part::Lit(t) | Part::Ansi(t) | Part::Glob(t) if !t.is_empty() && !t.contains('~') => out.push(Part::Lit(t.clone())),
                Part::Lit(t) if t.is_empty() => {}
                Part::Var(n) if n == "HOME" && at_start(&out) => out.push(Part::Tilde),
                Part::Var(n) if n == "PWD" && at_start(&out) => out.push(Part::Lit(self.known_cwd()?)),
                Part::Subst { raw, .. } if at_start(&out) && matches!(self.known_output(0, raw).as_deref(), Some(".")) => {
                    out.push(Part::Lit(self.known_cwd()?));
                }
                Part::Subst { raw, .. } if super::words::one_name(raw) => out.push(Part::Computed(raw.clone())),
                Part::Subst { raw, .. } if self.path_part(raw).is_some() => out.push(Part::Lit(self.path_part(raw)?)),
                Part::Computed(t) if t == "$$" || t.starts_with("$((") => out.push(p.clone()),
                Part::Var(n) if self.seen.loops.iter().any(|(m, ..)| m == n) => out.push(p.clone()),
                Part::Computed(t) if self.loop_values(p).is_some() && !t.starts_with("$@") && !t.starts_with("$*") => {
                    // `$1` bound to one word: that word; a loop variable reshaped: kept, checked at the use.
                    match self.loop_values(p) {
                        Some(one) if one.len() == 1 && super::loops::positional(t).is_some() => out.extend(one[0].parts.iter().cloned()),
                        _ if super::loops::positional(t).is_some() => return None,
                        _ => out.push(p.clone()),
                    }
                }
                Part::Var(_) | Part::Computed(_) => {
                    let put = self.known_part(p, at_start(&out))?;
                    out.extend(put);
                }
                _ => return None,
            }
        }
        if out.is_empty() {
            out.push(Part::Lit(String::new()));
        }
        Some(Word { parts: out })
    }

    /// `$(dirname X)`, `$(basename X)` of literal text or a known variable's literal value.
    fn path_part(&self, raw: &str) -> Option<String> {
        let inner = raw.strip_prefix("$(")?.strip_suffix(')')?;
        let words: Vec<&str> = inner.split_whitespace().collect();
        let [program @ ("dirname" | "basename"), arg] = words.as_slice() else { return None };
        let arg = arg.strip_prefix('"').and_then(|a| a.strip_suffix('"')).unwrap_or(arg);
        let name = arg.strip_prefix("${").and_then(|a| a.strip_suffix('}')).or_else(|| arg.strip_prefix('$'));
        let text = match name {
            Some(n) => {
                let e = self.exact(n).filter(|e| !e.array)?;
                e.value.first()?.literal().filter(|t| !t.starts_with('~'))?
            }
            None => arg.to_string(),
        };
        let plain = |t: &str| {
            !t.is_empty()
                && !t.starts_with('-')
                && !t.contains(['$', '`', '\'', '"', '\\', '*', '?', '[', '~'])
                && !t.contains(char::is_whitespace)
        };
        if !plain(&text) {
            return None;
        }
        let trimmed = text.trim_end_matches('/');
        if trimmed.is_empty() {
            return Some("/".to_string());
        }
        Some(match (*program, trimmed.rsplit_once('/')) {
            ("dirname", Some(("", _))) => "/".to_string(),
            ("dirname", Some((dir, _))) => dir.trim_end_matches('/').to_string(),
            ("dirname", None) => ".".to_string(),
            (_, Some((_, base))) => base.to_string(),
            (_, None) => trimmed.to_string(),
        })
    }

    /// The current directory, when it is one known directory.
    fn known_cwd(&self) -> Option<String> {
        match &self.seen.known.dirs {
            Some(Dirs::Known(ds)) if ds.len() == 1 => Some(ds[0].to_string_lossy().into_owned()),
            _ => None,
        }
    }

    /// The known entry of `name`, still valid here (its loop variables unchanged).
    fn exact(&self, name: &str) -> Option<&Exact> {
        let frame = self.seen.known.frames.last()?;
        let e = frame.exact.iter().rev().find(|e| e.name == name)?;
        let unchanged = e.loops.iter().all(|(n, v)| self.seen.loops.iter().find(|(m, ..)| m == n).map(|(_, v, _)| v.clone()) == *v);
        unchanged.then_some(e)
    }

    /// The parts a known variable's expansion (`$V`, `${V%.c}`, `${V:-x}`, `$1`) puts in a word;
    /// `None` when it is not known. `first`: the word has nothing before it (where `~` stays one).
    fn known_part(&self, p: &Part, first: bool) -> Option<Vec<Part>> {
        if let Part::Computed(t) = p
            && let Some(n) = super::loops::positional(t).and_then(|n| n.parse::<usize>().ok()).filter(|n| *n > 0)
        {
            // `$1` of a call whose words are known: its word, or nothing past the last.
            let args = self.seen.known.args.as_ref()?;
            let value = args.get(n - 1).cloned().unwrap_or_else(|| lit_word(""));
            return (value.literal().is_some() && self.splits_not(&value)).then_some(value.parts);
        }
        let (name, op) = match p {
            Part::Var(n) => (n.as_str(), ""),
            Part::Computed(t) => {
                let inner = t.strip_prefix("${").and_then(|t| t.strip_suffix('}'))?;
                let end = inner.find(|c: char| c != '_' && !c.is_ascii_alphanumeric()).unwrap_or(inner.len());
                (&inner[..end], &inner[end..])
            }
            _ => return None,
        };
        let e = self.exact(name).filter(|e| !e.array)?;
        let value = e.value.first()?;
        if self.seen.unquoted.iter().any(|n| n == name) && !self.splits_not(value) {
            return None;
        }
        let home = || self.ctx.home.map(|h| Part::Lit(h.to_string_lossy().into_owned()));
        let mut parts: Vec<Part> = Vec::new();
        for (k, q) in value.parts.iter().enumerate() {
            match q {
                Part::Tilde if k == 0 && first => parts.push(Part::Tilde),
                Part::Tilde => parts.push(home()?),
                other => parts.push(other.clone()),
            }
        }
        if op.is_empty() {
            return Some(parts);
        }
        let text = Word { parts: parts.clone() }.literal().filter(|_| parts.iter().all(|p| matches!(p, Part::Lit(_))));
        if let Some(default) = op.strip_prefix(":-").or_else(|| op.strip_prefix('-')) {
            let _ = default;
            return (!Word { parts: parts.clone() }.text().is_empty()).then_some(parts);
        }
        let reshaped = super::loops::reshaped(&lit_word(&text?), op)?;
        Some(reshaped.parts)
    }

    /// Whether a value expanded outside quotes stays one word as it is: no blank, no pattern
    /// character, not empty, and IFS the shell's own.
    fn splits_not(&self, value: &Word) -> bool {
        let ifs = self.seen.known.frames.last().is_some_and(|f| f.scan.ifs);
        let text = value.text();
        !ifs && !text.is_empty()
            && !text.chars().any(|c| c.is_whitespace() || matches!(c, '*' | '?' | '[' | ']' | '(' | ')' | '\\' | '|' | '@' | '+' | '!'))
    }

    /// `word` with the known values put in; itself where none is.
    pub(super) fn known_word(&self, word: &Word) -> Word {
        let paths = word.parts.iter().any(|p| matches!(p, Part::Subst { raw, .. } if self.path_part(raw).is_some()));
        if !paths && self.seen.known.args.is_none() && self.seen.known.frames.last().is_none_or(|f| f.exact.is_empty()) {
            return word.clone();
        }
        let mut out = Word::default();
        for p in &word.parts {
            let first = out.parts.iter().all(|p| matches!(p, Part::Lit(t) if t.is_empty()));
            if let Part::Subst { raw, .. } = p
                && let Some(text) = self.path_part(raw)
            {
                out.parts.push(Part::Lit(text));
                continue;
            }
            match self.known_part(p, first) {
                Some(put) => out.parts.extend(put),
                None => out.parts.push(p.clone()),
            }
        }
        out
    }

    /// A command's words with the known values put in: `"$@"` as the words of the call,
    /// `"${c[@]}"` as the array's. A program name (`program`: the first word is one) made so that
    /// is one of the shell's builtins that run code or set variables is left as it was.
    pub(super) fn known_words(&self, words: &[Word], program: bool) -> Vec<Word> {
        let mut out = Vec::new();
        for (k, w) in words.iter().enumerate() {
            let spliced = self.known_list(w);
            let put = spliced.unwrap_or_else(|| vec![self.known_word(w)]);
            if program && k == 0 && put.first().is_some_and(|p| p != w) {
                let named = put.first().and_then(Word::literal).map(|n| super::program_name(&n).to_string());
                let shell_code = named.is_none_or(|n| {
                    SHELL_CODE.contains(&n.as_str())
                        || syntax::KEYWORDS.contains(&n.as_str())
                        || self.seen.functions.iter().any(|f| f.name() == n)
                        || n.contains('=')
                });
                if shell_code {
                    out.push(w.clone());
                    continue;
                }
            }
            out.extend(put);
        }
        out
    }

    /// The words one word is when it is `"$@"` of known words or a known array's `"${a[@]}"`.
    fn known_list(&self, w: &Word) -> Option<Vec<Word>> {
        let parts: Vec<&Part> = w.parts.iter().filter(|p| !matches!(p, Part::Lit(t) if t.is_empty())).collect();
        let [Part::Computed(t)] = parts.as_slice() else { return None };
        let list = if matches!(t.as_str(), "$@" | "${@}" | "$*" | "${*}") {
            self.seen.known.args.clone()?
        } else {
            let name = t.strip_prefix("${")?.strip_suffix("[@]}").or_else(|| t.strip_prefix("${")?.strip_suffix("[*]}"))?;
            let e = self.exact(name).filter(|e| e.array)?;
            if self.seen.unquoted.iter().any(|n| n == name) && !e.value.iter().all(|v| self.splits_not(v)) {
                return None;
            }
            e.value.clone()
        };
        // A star joins the words into one; quoted or not the analyser cannot tell for `$@`.
        let all_plain = list.iter().all(|v| v.literal().is_some() && self.splits_not(v));
        (all_plain && !t.contains('*')).then_some(list)
    }
}

#[cfg(test)]
mod tests {
    use super::super::loops::tests::{analysed, touched};

    /// The call is analysed, and names what it changes as `want` (all of it, in order).
    fn known(cmd: &str, want: &[&str]) {
        let a = analysed(cmd);
        assert!(a.opaque.is_none(), "{cmd}: {a:?}");
        assert_eq!(touched(&a), want, "{cmd}");
    }

    #[test]
    fn a_value_assigned_on_the_straight_path_is_the_words_value() {
        known("F=out.txt; cp a.txt $F", &["/r/out.txt"]);
        known(r#"D=build; mkdir -p "$D" && cp a.txt "$D/""#, &["/r/build/a.txt"]);
        known(r#"d=build; d2="$d/x"; rm -rf "$d2""#, &["/r/build/x"]);
        known(r#"f() { local d=build; rm -rf "$d"; }; f"#, &["/r/build"]);
        known(r#"export OUT=dist; rm -rf "${OUT}""#, &["/r/dist"]);
        known(r#"F=a.txt.bak; cp "$F" "${F%.bak}""#, &["/r/a.txt"]);
        known(r#"for f in src/*.c; do o="${f%.c}.o"; gcc -c "$f" -o "$o"; done"#, &["/r/src/*.o"]);
        known(r#"D=out; here=$(pwd); cd src && echo x > "$here/$D""#, &["/r/out"]);
        known("D=build; cd src; echo x > $D/y", &["/r/src/build/y", "/r/build/y"]);
        known(r#"f=src/main.c; d=$(dirname "$f"); touch "$d/stamp" "$(basename "$f").o""#, &["/r/src/stamp", "/r/main.c.o"]);
    }

    /// A base name after literal text stays in the literal text's directory; unquoted, it may
    /// split into words anywhere.
    #[test]
    fn a_base_name_after_text_is_a_name_in_that_directory() {
        known(r#"for f in src/*.c; do gcc -c "$f" -o "/tmp/rt-$(basename "${f%.c}").o"; done"#, &["/tmp/rt-*.o"]);
        known(r#"cp a "bak/x-${X##*/}""#, &["/r/bak/x-*"]);
        known("touch \"t-$(mktemp -u XXXXXX)\"", &["/r/t-*"]);
        // Unquoted, piped, or first in its component: any name there, dot names and `..` too.
        for cmd in [r#"cp a /tmp/x-$(basename "$X")"#, r#"cp a "/tmp/$(basename "$X")x""#, r#"cp a "/tmp/x-$(basename "$X" | tr a /)""#] {
            assert!(analysed(cmd).touched.iter().all(|t| t.glob.is_none_or(|g| g.hidden)), "{cmd}");
        }
    }

    #[test]
    fn a_functions_words_and_an_arrays_are_the_command_they_make() {
        let a = analysed(r#"retry() { for i in 1 2 3; do "$@" && return; sleep 1; done; }; retry curl -sf localhost:8080/health"#);
        assert!(a.opaque.is_none(), "{a:?}");
        assert!(a.texts.contains(&"curl -sf localhost:8080/health".to_string()), "{a:?}");
        for cmd in [r#"declare -a c=(git status); "${c[@]}""#, r#"c=(git status); "${c[@]}""#] {
            let a = analysed(cmd);
            assert!(a.opaque.is_none(), "{cmd}: {a:?}");
            assert!(a.texts.contains(&"git status".to_string()), "{cmd}: {a:?}");
        }
        let a = analysed(r#"run() { "$@"; }; run rm -rf /h"#);
        assert!(a.texts.contains(&"rm -rf /h".to_string()), "{a:?}");
        known(r#"CC=gcc; $CC -c a.c -o a.o"#, &["/r/a.o"]);
    }

    /// Each way a value may be another than the one assignment the walk read leaves the word
    /// computed (the call is asked about); a value that reaches what the gate guards is named.
    #[test]
    fn a_value_that_may_be_another_stays_computed() {
        for cmd in [
            r#"V=build; if c; then V=/h; fi; rm -rf "$V""#,
            r#"if c; then d=build; fi; rm -rf "$d/""#,
            r#"c && d=build; rm -rf "$d/""#,
            r#"for i in 1; do d=build; done; rm -rf "$d/""#,
            r#"for i in 1 2; do rm -rf "$d/"; d=build; done"#,
            r#"d=build; unset d; rm -rf "$d/""#,
            r#"d=build; echo ${d:=x}; rm -rf "$d/""#,
            r#"d=build; read d; rm -rf "$d/""#,
            r#"d=build; printf -v d %s /h; rm -rf "$d/""#,
            r#"d=build; printf -vd %s /h; rm -rf "$d/""#,
            r#"declare -n r=d; d=build; r=/h; rm -rf "$d/""#,
            r#"declare -l d=BUILD; rm -rf "$d/""#,
            r#"d=build; (( d++ )); rm -rf "$d/""#,
            r#"d=build; eval "$x"; rm -rf "$d/""#,
            r#"d=build; . ./env.sh; rm -rf "$d/""#,
            r#"d=build; trap "$x" DEBUG; rm -rf "$d/""#,
            r#"n=d; d=build; read "$n"; rm -rf "$d/""#,
            r#"d=build echo; rm -rf "$d/""#,
            r#"echo | d=build; rm -rf "$d/""#,
            r#"d=build & rm -rf "$d/""#,
            r#"( d=build ); rm -rf "$d/""#,
            r#"echo $(d=build); rm -rf "$d/""#,
            r#"f() { d=build; }; f; rm -rf "$d/""#,
            r#"g() { rm -rf "$d/"; }; d=build; trap g EXIT"#,
            r#"IFS=/; d=a/b; rm -rf $d"#,
            r#"d="a b"; rm -rf $d"#,
            r#"d='*'; rm -rf $d"#,
            r#"d=; rm -rf $d"#,
            r#"c=eval; $c "$x""#,
            r#"f() { "$@"; }; f eval "$x""#,
            r#"f() { "$@"; }; f "$x""#,
            r#"rm -rf "$UNSET/""#,
        ] {
            assert!(analysed(cmd).opaque.is_some(), "{cmd}");
        }
        for (cmd, guarded) in [
            ("F=/h/.gitvow/record.key; cat $F", "/h/.gitvow/record.key"),
            ("x=.git/hooks; cp evil $x/pre-commit", "/r/.git/hooks/pre-commit"),
            (r#"V=a; { V=/h/.claude; }; rm -rf "$V""#, "/h/.claude"),
        ] {
            let a = analysed(cmd);
            let named = touched(&a).contains(&guarded.to_string()) || a.reads.iter().any(|r| r.touch.path.to_string_lossy() == guarded);
            assert!(named, "{cmd}: {a:?}");
        }
    }
}
