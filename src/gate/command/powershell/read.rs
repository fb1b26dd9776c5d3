//! A PowerShell script's tree read for its effects: values of words (variables bound by
//! assignments, home spellings, `Join-Path`), each command by its row in [`CMDLETS`], native
//! programs as command lines, and .NET calls that may reach files or processes as opaque.

use super::cmdlets::{CMDLETS, Cmdlet, KEYWORDS, READS, SWITCHES};
use super::lex::{PsPart, PsToken, lex};
use super::parse;
use crate::gate::command::code::{CodeEffect, emit};
use std::collections::HashMap;

/// Script blocks and subexpressions read inside one another, at most this deep.
const MAX_DEPTH: usize = 16;

/// The file-system and process effects of a PowerShell script.
pub(super) fn script(script: &str) -> Vec<CodeEffect> {
    let mut r = PsReader { out: Vec::new(), vars: HashMap::new(), depth: 0 };
    r.script(script);
    r.out
}

/// A word's value: known text (`~` for the home directory), or computed.
#[derive(Clone, Debug, PartialEq)]
enum PsValue {
    Text(String),
    Computed(String),
}

struct PsReader {
    out: Vec<CodeEffect>,
    vars: HashMap<String, PsValue>,
    depth: usize,
}

impl PsReader {
    fn emit(&mut self, e: CodeEffect) {
        emit(&mut self.out, e);
    }

    fn opaque(&mut self, why: &'static str) {
        self.emit(CodeEffect::Opaque { why });
    }

    fn script(&mut self, text: &str) {
        if self.depth >= MAX_DEPTH {
            self.opaque("script blocks nested past the reader's limit");
            return;
        }
        self.depth += 1;
        let toks = lex(text).toks;
        for elements in parse::statements(&toks) {
            for (n, element) in elements.iter().enumerate() {
                self.element(element, n > 0);
            }
        }
        self.depth -= 1;
    }

    /// Reads the source of a nested block or subexpression for its effects.
    fn nested(&mut self, text: &str) {
        self.script(text);
    }

    fn value(&mut self, parts: &[PsPart]) -> PsValue {
        let mut s = String::new();
        let mut computed: Option<String> = None;
        for p in parts {
            match p {
                PsPart::Lit(t) => s.push_str(t),
                PsPart::Var(v) => match self.var(v) {
                    PsValue::Text(t) => s.push_str(&t),
                    PsValue::Computed(name) => {
                        computed.get_or_insert(name);
                    }
                },
                PsPart::Sub(src) => match self.sub_value(src) {
                    PsValue::Text(t) => s.push_str(&t),
                    PsValue::Computed(name) => {
                        computed.get_or_insert(name);
                    }
                },
            }
        }
        match computed {
            Some(name) => PsValue::Computed(name),
            None => PsValue::Text(s),
        }
    }

    fn var(&self, name: &str) -> PsValue {
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "home" | "env:userprofile" | "env:home" => PsValue::Text("~".into()),
            // Windows' own places, named as the classes see them (see [`slashes`]).
            "env:appdata" => PsValue::Text("~/AppData/Roaming".into()),
            "env:localappdata" => PsValue::Text("~/AppData/Local".into()),
            "env:temp" | "env:tmp" => PsValue::Text("/tmp".into()),
            "env:systemroot" | "env:windir" => PsValue::Text("/Windows".into()),
            "env:programfiles" | "env:programw6432" => PsValue::Text("/Program Files".into()),
            "env:programdata" | "env:allusersprofile" => PsValue::Text("/ProgramData".into()),
            "env:systemdrive" | "env:homedrive" => PsValue::Text(String::new()),
            "true" | "false" | "null" => PsValue::Text(format!("${lower}")),
            _ => self.vars.get(&lower).cloned().unwrap_or_else(|| PsValue::Computed(name.to_string())),
        }
    }

    /// `(Join-Path $HOME x)`, `$(…)`: its effects read; its value known only for joins of known text.
    fn sub_value(&mut self, src: &str) -> PsValue {
        let toks = lex(src).toks;
        if let [PsToken::Word(cmd, _), rest @ ..] = toks.as_slice()
            && matches!(self.value(cmd), PsValue::Text(c) if c.eq_ignore_ascii_case("join-path"))
        {
            let mut words = Vec::new();
            for t in rest {
                match t {
                    PsToken::Word(w, _) if !matches!(w.first(), Some(PsPart::Lit(l)) if l.starts_with('-')) => words.push(self.value(w)),
                    PsToken::Word(_, _) => {}
                    _ => return PsValue::Computed("subexpression".into()),
                }
            }
            let mut path = String::new();
            for w in words {
                let PsValue::Text(t) = w else { return PsValue::Computed("subexpression".into()) };
                path = if path.is_empty() {
                    t
                } else {
                    format!("{}/{}", path.trim_end_matches(['/', '\\']), t.trim_start_matches(['/', '\\']))
                };
            }
            return PsValue::Text(path);
        }
        self.nested(src);
        PsValue::Computed("subexpression".into())
    }

    fn element(&mut self, toks: &[PsToken], piped: bool) {
        let parse::Element { words, redirects } = parse::element(toks);
        // Redirections write their files, wherever they stand.
        for w in redirects {
            match self.value(w) {
                PsValue::Text(t) if t.eq_ignore_ascii_case("$null") => {}
                PsValue::Text(t) => self.emit(CodeEffect::Write { path: slashes(&t) }),
                PsValue::Computed(_) => self.opaque("output redirected to a computed file"),
            }
        }
        let Some(first) = words.first() else { return };
        match first {
            PsToken::Block(src) | PsToken::Paren(src) => {
                self.nested(src);
                for t in &words[1..] {
                    if let PsToken::Block(s) | PsToken::Paren(s) = t {
                        self.nested(s);
                    }
                }
            }
            PsToken::Call => match words.get(1) {
                Some(PsToken::Block(src)) => self.nested(src),
                Some(PsToken::Word(w, _)) => match self.value(w) {
                    PsValue::Text(name) => self.command(&name, &words[2..], piped),
                    PsValue::Computed(_) => self.opaque("a command named by a computed value (&)"),
                },
                _ => self.opaque("a command named by a computed value (&)"),
            },
            PsToken::Word(w, quoted) => {
                if matches!(w.as_slice(), [PsPart::Lit(l)] if l == ".") && !quoted {
                    // Dot-sourcing runs a script in this scope.
                    match words.get(1) {
                        Some(PsToken::Block(src)) => self.nested(src),
                        _ => self.opaque("a script dot-sourced (.)"),
                    }
                    return;
                }
                if *quoted {
                    self.expression(&words);
                    return;
                }
                // `$x = …`: the value is bound when known, its effects read.
                if matches!(w.as_slice(), [PsPart::Var(_)]) && matches!(words.get(1), Some(PsToken::Assign)) {
                    let PsPart::Var(name) = &w[0] else { return };
                    let value = match &words[2..] {
                        [PsToken::Word(v, _)] => self.value(v),
                        rest => {
                            self.tokens(rest, piped);
                            PsValue::Computed(name.clone())
                        }
                    };
                    self.vars.insert(name.to_ascii_lowercase(), value);
                    return;
                }
                if !matches!(w.first(), Some(PsPart::Lit(_)))
                    || matches!(w.first(), Some(PsPart::Lit(l)) if l.starts_with(['[', '.', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '@', '"', '\'']))
                {
                    self.expression(&words);
                    return;
                }
                match self.value(w) {
                    PsValue::Text(name) => self.command(&name, &words[1..], piped),
                    PsValue::Computed(_) => self.opaque("a command named by a computed value"),
                }
            }
            _ => {}
        }
    }

    /// Tokens of an assignment's right side: a command, or an expression.
    fn tokens(&mut self, toks: &[&PsToken], piped: bool) {
        let owned: Vec<PsToken> = toks.iter().map(|t| (*t).clone()).collect();
        self.element(&owned, piped);
    }

    /// A statement that is an expression (`$x.Delete()`, `[IO.File]::WriteAllText(…)`, `"a" + $b`):
    /// .NET calls that reach files or processes are opaque; everything nested is read.
    fn expression(&mut self, words: &[&PsToken]) {
        for t in words {
            match t {
                PsToken::Word(parts, _) => {
                    let text: String = parts.iter().map(|p| if let PsPart::Lit(l) = p { l.as_str() } else { "" }).collect();
                    let lower = text.to_ascii_lowercase();
                    let reaches = [
                        "io.",
                        "file]",
                        "directory]",
                        "process]",
                        "diagnostics",
                        "reflection",
                        "activator",
                        "marshal",
                        "assembly",
                        "runtime.",
                        "scriptblock",
                        "powershell]",
                        "webclient",
                        "environment]::setenvironment",
                        "registry",
                    ];
                    let methods = [
                        ".delete",
                        ".moveto",
                        ".copyto",
                        ".invoke",
                        ".start",
                        ".create",
                        ".write",
                        ".kill",
                        ".run",
                        ".exec",
                        ".downloadfile",
                        ".replace(",
                        ".encrypt",
                        ".setaccesscontrol",
                    ];
                    if (lower.contains("::") && reaches.iter().any(|r| lower.contains(r))) || methods.iter().any(|m| lower.contains(m)) {
                        self.opaque("a .NET call that may change files or start processes");
                    }
                    for p in parts {
                        if let PsPart::Sub(src) = p {
                            self.nested(src);
                        }
                    }
                }
                PsToken::Block(src) | PsToken::Paren(src) => self.nested(src),
                _ => {}
            }
        }
    }

    fn command(&mut self, name: &str, args: &[&PsToken], piped: bool) {
        let lower = name.to_ascii_lowercase();
        let base = lower.rsplit(['/', '\\']).next().unwrap_or(&lower).trim_end_matches(".exe").to_string();
        if KEYWORDS.contains(&base.as_str()) {
            // `if (…) { … }`, `function f { … }`, `foreach ($x in …) { … }`: every part read.
            for t in args {
                match t {
                    PsToken::Block(src) | PsToken::Paren(src) => self.nested(src),
                    PsToken::Word(w, _) => {
                        for p in w {
                            if let PsPart::Sub(src) = p {
                                self.nested(src);
                            }
                        }
                    }
                    _ => {}
                }
            }
            return;
        }
        let a = Args::of(self, args);
        let cmdlet = CMDLETS.iter().find(|(_, names)| names.contains(&base.as_str())).map(|(c, _)| *c);
        match cmdlet {
            Some(Cmdlet::Remove) => {
                let recursive = a.flag(&["recurse", "r"]) || base == "rd" || base == "rmdir" && a.flag(&["s"]);
                let paths = a.paths(&["path", "literalpath", "lp", "pspath"], 0, true);
                self.each(paths, piped, |path| CodeEffect::Remove { path, recursive });
            }
            // Tee-Object without a file only passes its input on.
            Some(Cmdlet::Write)
                if matches!(base.as_str(), "tee-object" | "tee") && a.named(&["filepath", "literalpath", "path"]).is_none() =>
            {
                self.other(name, &base, args);
            }
            Some(Cmdlet::Write) => {
                // The second positional argument is the value written.
                let paths = a.paths(&["path", "literalpath", "lp", "filepath", "pspath"], 0, false);
                let name = a.named(&["name"]);
                self.each(paths, piped, |path| CodeEffect::Write {
                    path: match &name {
                        Some(PsValue::Text(n)) => format!("{}/{n}", path.trim_end_matches('/')),
                        _ => path,
                    },
                });
            }
            Some(Cmdlet::Copy) => {
                let dest = a.paths(&["destination", "dest"], 1, false);
                self.each(dest, piped, |path| CodeEffect::Write { path });
            }
            Some(Cmdlet::Move { rename }) => self.move_item(&a, rename),
            Some(Cmdlet::Download) => {
                if let Some(v) = a.named(&["outfile", "o"]) {
                    self.each(vec![v], false, |path| CodeEffect::Write { path });
                }
            }
            Some(Cmdlet::Archive) => {
                let dest = a.paths(&["destinationpath", "destination"], 1, false);
                if !dest.is_empty() {
                    self.each(dest, false, |path| CodeEffect::Write { path });
                } else if base == "expand-archive" {
                    self.emit(CodeEffect::Write { path: ".".into() });
                }
            }
            Some(Cmdlet::StartProcess) => self.start_process(&a),
            Some(Cmdlet::InvokeCommand) => {
                match args.iter().find_map(|t| if let PsToken::Block(src) = t { Some(src.clone()) } else { None }) {
                    Some(src) if a.named(&["computername", "cn", "session", "filepath"]).is_none() => self.nested(&src),
                    _ => self.opaque("a command run by Invoke-Command"),
                }
            }
            Some(Cmdlet::InvokeExpression) => self.opaque("text run as a script (Invoke-Expression)"),
            Some(Cmdlet::RunsCode) => self.opaque("a cmdlet that runs or redefines code"),
            Some(Cmdlet::PowerShell) => self.powershell(args),
            Some(Cmdlet::Cmd) => {
                let words = render(self, args.iter().copied().skip_while(|t| !matches!(t, PsToken::Word(w, _) if matches!(w.first(), Some(PsPart::Lit(l)) if l.eq_ignore_ascii_case("/c") || l.eq_ignore_ascii_case("/k")))).skip(1));
                match words {
                    Some(w) if !w.is_empty() => self.emit(CodeEffect::Run { command: w }),
                    _ => self.opaque("cmd run with a computed command"),
                }
            }
            None => self.other(name, &base, args),
        }
    }

    /// `Move-Item` and `Rename-Item` (a new name alone stays in the source's directory).
    fn move_item(&mut self, a: &Args, rename: bool) {
        let from = a.paths(&["path", "literalpath", "lp"], 0, false);
        let to = a.paths(if rename { &["newname"] } else { &["destination", "dest"] }, 1, false);
        match (from.as_slice(), to.as_slice()) {
            ([PsValue::Text(f)], [PsValue::Text(t)]) => {
                let (f, t) = (slashes(f), slashes(t));
                let to = if rename && !t.contains('/') {
                    match f.rsplit_once('/') {
                        Some((dir, _)) => format!("{dir}/{t}"),
                        None => t,
                    }
                } else {
                    t
                };
                self.emit(CodeEffect::Move { from: f, to });
            }
            _ => self.opaque("a move of computed or piped paths"),
        }
    }

    /// `Start-Process FILE [ARGS]`: the program and its argument list as a command line.
    fn start_process(&mut self, a: &Args) {
        let file = a.named(&["filepath", "file", "path"]).or_else(|| a.positional.first().cloned());
        let list = a.named(&["argumentlist", "args", "arguments"]).or_else(|| a.positional.get(1).cloned());
        match (file, list) {
            (Some(PsValue::Text(f)), None) => self.emit(CodeEffect::Run { command: shell_words::quote(&f).into_owned() }),
            (Some(PsValue::Text(f)), Some(PsValue::Text(l))) => {
                self.emit(CodeEffect::Run { command: format!("{} {l}", shell_words::quote(&f)) })
            }
            _ => self.opaque("a process started from a computed name (Start-Process)"),
        }
    }

    /// A command no row of [`CMDLETS`] names: a cmdlet that only reads (its script blocks read), one
    /// the reader does not know, or a native program.
    fn other(&mut self, name: &str, base: &str, args: &[&PsToken]) {
        if READS.contains(&base) {
            for t in args {
                if let PsToken::Block(src) | PsToken::Paren(src) = t {
                    self.nested(src);
                }
            }
        } else if base.contains('-') && !base.starts_with('-') {
            self.opaque("a cmdlet the reader does not know");
        } else {
            // A native program (`git …`, `npm …`): its words as a shell command line.
            let mut words = vec![shell_words::quote(&base_name(name)).into_owned()];
            match render(self, args.iter().copied()) {
                Some(rest) if !rest.is_empty() => words.push(rest),
                Some(_) => {}
                None => {
                    self.opaque("a native command with computed arguments");
                    return;
                }
            }
            self.emit(CodeEffect::Run { command: words.join(" ") });
        }
    }

    /// `pwsh -Command "…"` (read), `-EncodedCommand` (opaque), `-File x.ps1` (a script on disk).
    fn powershell(&mut self, args: &[&PsToken]) {
        let mut i = 0;
        while i < args.len() {
            if let PsToken::Word(w, _) = args[i]
                && let PsValue::Text(t) = self.value(w)
            {
                let flag = t.to_ascii_lowercase();
                let flag = flag.trim_start_matches('-').trim_start_matches('/');
                if !t.starts_with(['-', '/']) {
                    // The first bare word is the command.
                    let rest: Vec<PsToken> = args[i..].iter().map(|t| (*t).clone()).collect();
                    self.element(&rest, false);
                    return;
                }
                if ["encodedcommand", "enc", "e", "ec", "en", "encoded"].contains(&flag) || flag.starts_with("enc") {
                    self.opaque("an encoded command (-EncodedCommand)");
                    return;
                }
                if flag == "c" || "command".starts_with(flag) && flag.len() >= 2 {
                    match args.get(i + 1) {
                        Some(PsToken::Word(w, _)) => match self.value(w) {
                            PsValue::Text(src) if args.len() == i + 2 => self.nested(&src),
                            PsValue::Text(_) => {
                                let rest: Vec<PsToken> = args[i + 1..].iter().map(|t| (*t).clone()).collect();
                                self.element(&rest, false);
                            }
                            PsValue::Computed(_) => self.opaque("a computed PowerShell command"),
                        },
                        Some(PsToken::Block(src)) => self.nested(src),
                        _ => self.opaque("a PowerShell command read from input"),
                    }
                    return;
                }
                if flag == "f" || "file".starts_with(flag) && flag.len() >= 2 {
                    let file = args.get(i + 1).and_then(|t| if let PsToken::Word(w, _) = t { Some(self.value(w)) } else { None });
                    match file {
                        Some(PsValue::Text(f)) => self.emit(CodeEffect::Run { command: format!("pwsh -File {}", shell_words::quote(&f)) }),
                        _ => self.opaque("a PowerShell script named by a computed value"),
                    }
                    return;
                }
            } else if let PsToken::Block(src) = args[i] {
                self.nested(src);
                return;
            }
            i += 1;
        }
    }

    /// One effect per path; a computed or piped path is opaque.
    fn each(&mut self, paths: Vec<PsValue>, piped: bool, make: impl Fn(String) -> CodeEffect) {
        if paths.is_empty() {
            if piped {
                self.opaque("paths taken from the pipeline");
            }
            return;
        }
        for p in paths {
            match p {
                PsValue::Text(t) => self.emit(make(slashes(&t))),
                PsValue::Computed(_) => self.opaque("a file operation on a computed path"),
            }
        }
    }
}

/// A cmdlet's arguments: named (`-Path x`, `-Path:x`), switches, positional.
struct Args {
    named: Vec<(String, Option<PsValue>)>,
    positional: Vec<PsValue>,
}

impl Args {
    fn of(r: &mut PsReader, toks: &[&PsToken]) -> Args {
        let mut a = Args { named: Vec::new(), positional: Vec::new() };
        let mut i = 0;
        while i < toks.len() {
            match toks[i] {
                PsToken::Word(w, _) => {
                    let v = r.value(w);
                    match &v {
                        PsValue::Text(t)
                            if t.starts_with('-')
                                && t.len() > 1
                                && !t[1..].starts_with(|c: char| c.is_ascii_digit())
                                && matches!(w.first(), Some(PsPart::Lit(l)) if l.starts_with('-')) =>
                        {
                            let name = t[1..].to_ascii_lowercase();
                            if let Some((n, value)) = name.split_once(':') {
                                a.named.push((n.to_string(), Some(PsValue::Text(value.to_string()))));
                            } else if SWITCHES.iter().any(|s| *s == name || (name.len() >= 2 && s.starts_with(name.as_str()))) {
                                a.named.push((name, None));
                            } else {
                                let value = match toks.get(i + 1) {
                                    Some(PsToken::Word(v, _)) => {
                                        i += 1;
                                        Some(r.value(v))
                                    }
                                    Some(PsToken::Paren(src)) => {
                                        i += 1;
                                        Some(r.sub_value(src))
                                    }
                                    _ => None,
                                };
                                a.named.push((name, value));
                            }
                        }
                        _ => a.positional.push(v),
                    }
                }
                PsToken::Paren(src) => {
                    let v = r.sub_value(src);
                    a.positional.push(v);
                }
                PsToken::Block(src) => r.nested(src),
                _ => {}
            }
            i += 1;
        }
        a
    }

    fn flag(&self, names: &[&str]) -> bool {
        self.named.iter().any(|(n, _)| names.iter().any(|full| n == full || (n.len() >= 2 && full.starts_with(n.as_str()))))
    }

    fn named(&self, names: &[&str]) -> Option<PsValue> {
        self.named
            .iter()
            .find(|(n, _)| names.iter().any(|full| n == full || (n.len() >= 2 && full.starts_with(n.as_str()))))
            .map(|(_, v)| v.clone().unwrap_or(PsValue::Computed("missing value".into())))
    }

    /// The paths a parameter names, else the positional argument `at` (and, with `rest`, those
    /// after it).
    fn paths(&self, names: &[&str], at: usize, rest: bool) -> Vec<PsValue> {
        if let Some(v) = self.named(names) {
            return vec![v];
        }
        if rest { self.positional.iter().skip(at).cloned().collect() } else { self.positional.get(at).cloned().into_iter().collect() }
    }
}

/// The words as a shell command line: known text quoted, a variable kept as `"$name"`; `None`
/// when a word is a subexpression.
fn render<'t>(r: &mut PsReader, toks: impl Iterator<Item = &'t PsToken>) -> Option<String> {
    let mut words = Vec::new();
    for t in toks {
        match t {
            PsToken::Word(w, _) => match r.value(w) {
                PsValue::Text(s) => words.push(shell_words::quote(&s).into_owned()),
                PsValue::Computed(name) if name != "subexpression" && name.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                    words.push(format!("\"${name}\""))
                }
                PsValue::Computed(_) => return None,
            },
            PsToken::Comma => {}
            PsToken::Paren(src) | PsToken::Block(src) => {
                r.nested(src);
                return None;
            }
            _ => {}
        }
    }
    Some(words.join(" "))
}

fn base_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    base.strip_suffix(".exe").unwrap_or(base).to_string()
}

/// PowerShell takes `\` and `/` alike in paths; the path rules read `/`. A drive (`C:\Users\x`)
/// is the root of the file system, so that a Windows path falls in the same class as its Unix
/// counterpart (`/Users/x`, a home directory).
fn slashes(path: &str) -> String {
    let path = path.replace('\\', "/");
    let b = path.as_bytes();
    if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' && (b.len() == 2 || b[2] == b'/') {
        return if b.len() == 2 { "/".to_string() } else { path[2..].to_string() };
    }
    path
}
