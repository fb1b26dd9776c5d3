//! Program text given to an interpreter on its command line (`python3 -c`, `node -e`, `deno eval`,
//! `bun -e`, `perl -e`, `ruby -e`, `php -r`, `awk '…'`), read for the file-system and process calls
//! of its language.
//!
//! The text is tokenised the way its language would (strings with their escapes and both quote
//! kinds, f-strings and template literals, comments), never searched as a whole: a call is a name
//! followed by `(`, its arguments are literals, home spellings or something computed. A literal
//! target becomes a [`CodeEffect`] with the path as written; a home spelling becomes `~`; anything
//! computed where a target or a command stands, and every obfuscated way of reaching a call
//! (`getattr(shutil, 'rmtree')`, `__import__('shutil')`, `require('f' + 's')`), is
//! [`CodeEffect::Opaque`]. Plain computation and reads give nothing.

/// What a program text (or a PowerShell script) does to files and processes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeEffect {
    /// Deletes `path` (as written, `~` for the home directory); `recursive` for a tree removal.
    Remove { path: String, recursive: bool },
    /// Creates, overwrites or appends to `path`.
    Write { path: String },
    /// Moves or renames `from` to `to` (a copy is a [`CodeEffect::Write`] of its destination).
    Move { from: String, to: String },
    /// Runs `command` as a shell command line (argument lists joined as words, shell-quoted).
    Run { command: String },
    /// Does something the reader cannot see: a computed target or command, or an obfuscated call.
    Opaque { why: &'static str },
}

mod language;
mod lex;
mod parse;

pub use language::Language;

use lex::Piece;
use parse::{Arg, Expr, Parser};
use std::collections::HashMap;

/// Effects one text yields, at most: past it the text is opaque.
const MAX_EFFECTS: usize = 256;
/// `exec('exec("…")')`, interpolations inside interpolations: read again at most this deep.
const MAX_NESTING: usize = 4;

/// The file-system and process effects of `text`, a program in `lang`.
pub fn read(lang: Language, text: &str) -> Vec<CodeEffect> {
    let mut walker = Walker { lang, vars: HashMap::new(), out: Vec::new(), nesting: 0 };
    walker.program(text);
    walker.out
}

/// Adds `e` to what a reader found, once; past [`MAX_EFFECTS`] the text is opaque instead (the
/// PowerShell reader shares the bound).
pub(super) fn emit(out: &mut Vec<CodeEffect>, e: CodeEffect) {
    if out.len() >= MAX_EFFECTS {
        if !out.iter().any(|o| matches!(o, CodeEffect::Opaque { .. })) {
            out.push(CodeEffect::Opaque { why: "too many effects" });
        }
        return;
    }
    if !out.contains(&e) {
        out.push(e);
    }
}

/// What an expression is worth to the reader.
#[derive(Clone, Debug, PartialEq)]
enum CodeValue {
    /// Known text (a path as written; `~` for the home directory).
    Str(String),
    /// A module or class whose members are known functions (`os`, `fs`, `FileUtils`).
    Module(String),
    /// A known function, by its qualified name.
    Func(String),
    /// A path object (`pathlib.Path`, `Pathname`) of a known path.
    Path(String),
    /// A method of a receiver: a path object's, or of something computed (`None`).
    Method(Option<String>, String),
    List(Vec<CodeValue>),
    Map(Vec<(String, CodeValue)>),
    /// The process environment (`os.environ`, `process.env`, `ENV`, `$ENV`, `$_SERVER`).
    Env,
    /// Computed: the reader does not know what it is.
    Unknown,
}

/// What a known function does with its arguments.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// Removes the paths of every argument (or argument 0 only, `first`); recursive, or per its
    /// options (`{recursive: true}`).
    Remove {
        recursive: bool,
        all: bool,
    },
    /// Writes the path of argument `n`.
    Write(usize),
    /// Gives argument 0 the new name argument 1 (a hard link): both are written, as the file can
    /// be written through either.
    HardLink,
    /// Moves argument 0 to argument 1.
    Move,
    /// Opens argument 0 in the mode of argument 1 (`'w'`, `'a'`, `O_WRONLY`…); reading does nothing.
    Open,
    /// Perl's `open(FH, MODE, PATH)` / `open(FH, ">path")`, `"cmd |"`.
    PerlOpen,
    /// Runs argument 0 as a shell command line.
    Shell,
    /// Runs the words of argument 0 (a list), or argument 0 as a command line.
    Argv,
    /// Runs argument 0 (the program) with the words of the list at argument `n`.
    ProgramList(usize),
    /// Runs the words of the arguments from `n` on.
    Words(usize),
    /// Runs its text as a program of the language.
    Code,
    /// Reaches a function or module by a computed name.
    Opaque(&'static str),
    /// Returns the home directory, the working directory.
    Home,
    Cwd,
    /// Returns its arguments joined as path components.
    Join,
    /// Returns a path object of its arguments joined.
    PathNew,
    /// Returns argument 0 (`expanduser`, `abspath`, `str`).
    Same,
    /// Returns the environment variable argument 0 names.
    Getenv,
    /// `require('fs')`, `import('fs')`: the module named.
    Require,
}

struct Walker {
    lang: Language,
    vars: HashMap<String, CodeValue>,
    out: Vec<CodeEffect>,
    nesting: usize,
}

impl Walker {
    fn program(&mut self, text: &str) {
        let (toks, whole) = lex::tokens(self.lang, text);
        let mut parser = Parser::new(self.lang, &toks);
        let statements = parser.statements();
        if !whole || !parser.complete {
            self.opaque("program text past the reader's limits");
        }
        for s in &statements {
            self.eval(s);
        }
    }

    fn emit(&mut self, e: CodeEffect) {
        emit(&mut self.out, e);
    }

    fn opaque(&mut self, why: &'static str) {
        self.emit(CodeEffect::Opaque { why });
    }

    fn eval(&mut self, e: &Expr) -> CodeValue {
        match e {
            Expr::Str(p) => self.interpolate(p),
            Expr::Shell(p) => {
                let cmd = self.interpolate(p);
                self.run(&cmd);
                CodeValue::Unknown
            }
            Expr::Words(w) => CodeValue::List(w.iter().cloned().map(CodeValue::Str).collect()),
            Expr::Name(n) => self.lookup(n),
            Expr::Attr(o, name) => {
                let v = self.eval(o);
                let m = self.member(v, name);
                // Ruby calls a method named without arguments (`Dir.home`, `path.rmtree`).
                if self.lang == Language::Ruby && matches!(m, CodeValue::Func(_) | CodeValue::Method(..)) {
                    self.apply(&m, &[], Some(e))
                } else {
                    m
                }
            }
            Expr::Index(o, k) => {
                let v = self.eval(o);
                let key = self.eval(k);
                match (v, key) {
                    (CodeValue::Env, CodeValue::Str(k)) => home_var(&k),
                    (CodeValue::Module(m), CodeValue::Str(k)) => self.member(CodeValue::Module(m), &k),
                    (CodeValue::Module(_), _) => {
                        self.opaque("a module's member chosen by computed text");
                        CodeValue::Unknown
                    }
                    _ => CodeValue::Unknown,
                }
            }
            Expr::Call(callee, args) => self.call(callee, args),
            Expr::List(items) => CodeValue::List(items.iter().map(|i| self.value(i)).collect()),
            Expr::Dict(items) => {
                let mut map = Vec::new();
                for (k, v) in items {
                    let key = match k {
                        Expr::Name(n) => CodeValue::Str(n.clone()),
                        other => self.value(other),
                    };
                    let value = v.as_ref().map(|v| self.value(v)).unwrap_or(CodeValue::Unknown);
                    if let CodeValue::Str(k) = key {
                        map.push((k, value));
                    }
                }
                CodeValue::Map(map)
            }
            Expr::Bin(op, l, r) if self.lang == Language::Awk && matches!(*op, ">" | ">>" | "|") && is_print(l) => {
                self.value(l);
                let target = self.value(r);
                self.awk_output(op, &target);
                CodeValue::Unknown
            }
            Expr::Bin(op, l, r) => {
                let (lv, rv) = (self.value(l), self.value(r));
                self.binary(op, lv, rv)
            }
            Expr::Assign(l, r) => {
                let v = self.eval(r);
                self.bind(l, &v);
                v
            }
            Expr::Import(module, names) => {
                self.import(module, names);
                CodeValue::Unknown
            }
            Expr::Other => CodeValue::Unknown,
        }
    }

    /// An expression's value where it is data: a file-changing function handed on as a value
    /// (`map(os.remove, files)`, `[fs.rmSync][0](p)`) is called where the reader cannot follow.
    fn value(&mut self, e: &Expr) -> CodeValue {
        let v = self.eval(e);
        if let CodeValue::Func(f) = &v
            && op(self.lang, f)
                .is_some_and(|o| !matches!(o, Op::Home | Op::Cwd | Op::Join | Op::PathNew | Op::Same | Op::Getenv | Op::Require))
        {
            self.opaque("a file or process function passed as a value");
        }
        if let CodeValue::Str(s) = &v
            && self.names_a_function(s)
        {
            self.opaque("a file or process function named by a string");
        }
        v
    }

    /// `getattr(shutil, 'rmtree')`, `send(:system, …)`, `array_map('unlink', …)`: a string that is
    /// the name of a file or process function.
    fn names_a_function(&self, s: &str) -> bool {
        s.len() < 32 && !s.contains(['.', ' ', '/']) && STRING_NAMED.contains(&s)
    }

    fn interpolate(&mut self, pieces: &[Piece]) -> CodeValue {
        let mut s = String::new();
        for p in pieces {
            match p {
                Piece::Text(t) => s.push_str(t),
                Piece::Code(code) => match self.code_value(code) {
                    CodeValue::Str(t) | CodeValue::Path(t) => s.push_str(&t),
                    _ => return CodeValue::Unknown,
                },
            }
        }
        CodeValue::Str(s)
    }

    /// The value of an interpolated expression's source.
    fn code_value(&mut self, code: &str) -> CodeValue {
        if self.nesting >= MAX_NESTING {
            return CodeValue::Unknown;
        }
        self.nesting += 1;
        let (toks, _) = lex::tokens(self.lang, code);
        let mut parser = Parser::new(self.lang, &toks);
        let v = match parser.expr() {
            Some(e) => self.eval(&e),
            None => CodeValue::Unknown,
        };
        self.nesting -= 1;
        v
    }

    fn lookup(&mut self, n: &str) -> CodeValue {
        if let Some(v) = self.vars.get(n) {
            return v.clone();
        }
        if is_module(self.lang, n) {
            return CodeValue::Module(n.to_string());
        }
        match (self.lang, n) {
            (Language::Python, "Path" | "PurePath" | "PosixPath") => return CodeValue::Func("pathlib.Path".into()),
            (Language::Ruby, "ENV")
            | (Language::Perl, "$ENV" | "%ENV")
            | (Language::Php, "$_SERVER" | "$_ENV")
            | (Language::Awk, "ENVIRON") => {
                return CodeValue::Env;
            }
            (Language::Php, _) if n.starts_with('$') => return CodeValue::Unknown,
            _ => {}
        }
        if op(self.lang, n).is_some() { CodeValue::Func(n.to_string()) } else { CodeValue::Unknown }
    }

    fn member(&mut self, v: CodeValue, name: &str) -> CodeValue {
        match v {
            CodeValue::Module(m) => {
                // `fs.promises.rm` is `fs.rm` as a promise.
                let m = if m == "fs.promises" { "fs".to_string() } else { m };
                let q = format!("{m}.{name}");
                match (self.lang, q.as_str()) {
                    (Language::Python, "os.environ") | (Language::Node, "process.env" | "Deno.env") => CodeValue::Env,
                    (_, "pathlib.Path") => CodeValue::Func(q),
                    _ if is_module(self.lang, &q) => CodeValue::Module(q),
                    _ => CodeValue::Func(q),
                }
            }
            CodeValue::Env if matches!(name, "get" | "fetch") => CodeValue::Func("env.get".into()),
            CodeValue::Env => home_var(name),
            CodeValue::Path(p) => CodeValue::Method(Some(p), name.to_string()),
            CodeValue::Func(f) if f == "pathlib.Path" || f == "Pathname" => CodeValue::Func(format!("{f}.{name}")),
            CodeValue::Unknown => CodeValue::Method(None, name.to_string()),
            _ => CodeValue::Unknown,
        }
    }

    fn call(&mut self, callee: &Expr, args: &[Arg]) -> CodeValue {
        let f = match callee {
            Expr::Attr(o, n) => {
                let v = self.eval(o);
                self.member(v, n)
            }
            Expr::Name(n) => self.lookup(n),
            other => self.eval(other),
        };
        if let Expr::Name(n) = callee {
            // `use File::Path 'rmtree'`: an import list names functions, it calls none.
            if matches!(self.lang, Language::Perl | Language::Ruby) && matches!(n.as_str(), "use" | "no" | "require") {
                return CodeValue::Unknown;
            }
            // `require('f' + 's')`, `__import__(name)`: a module named by computed text.
            if matches!(n.as_str(), "require" | "import")
                && self.lang == Language::Node
                && !matches!(args.first(), Some(Arg { value: Expr::Str(_), .. }))
            {
                self.opaque("a module loaded by a computed name");
            }
        }
        if let Expr::Name(n) = callee
            && matches!(self.lang, Language::Php | Language::Perl)
            && (n.starts_with('$') || n == "&")
        {
            // `$f('/x')`, `&$code`: a function chosen at run time.
            for a in args {
                self.value(&a.value);
            }
            self.opaque("a function called through a variable");
            return CodeValue::Unknown;
        }
        if self.lang == Language::Awk && matches!(callee, Expr::Name(n) if n == "print" || n == "printf") {
            for a in args {
                if let Expr::Bin(op @ (">" | ">>" | "|"), l, r) = &a.value {
                    self.value(l);
                    let target = self.value(r);
                    self.awk_output(op, &target);
                } else {
                    self.value(&a.value);
                }
            }
            return CodeValue::Unknown;
        }
        self.apply(&f, args, None)
    }

    /// awk's `print > "file"` (a write) and `print | "cmd"` (a command).
    fn awk_output(&mut self, op: &str, target: &CodeValue) {
        if op == "|" {
            self.run(target);
        } else {
            self.each_path(target, &|path| CodeEffect::Write { path });
        }
    }

    /// Applies a function value to its arguments (`attr` when Ruby calls it without any).
    fn apply(&mut self, f: &CodeValue, args: &[Arg], attr: Option<&Expr>) -> CodeValue {
        let _ = attr;
        // Named arguments: Python's `mode='w'`, a JS options object is positional.
        let mut vals = Vec::new();
        let mut named: Vec<(String, CodeValue)> = Vec::new();
        for a in args {
            let v = self.value(&a.value);
            match &a.name {
                Some(n) => named.push((n.clone(), v)),
                None => vals.push(v),
            }
        }
        let tagged = named.iter().find(|(n, _)| n == "`").map(|(_, v)| v.clone());
        match f {
            CodeValue::Func(name) => {
                if let Some(t) = tagged {
                    // `` $`rm -rf ${dir}` ``: a shell through a template tag.
                    if matches!(name.as_str(), "$" | "Bun.$" | "sh" | "zx.$" | "execa.$") {
                        self.run(&t);
                    }
                    return CodeValue::Unknown;
                }
                match op(self.lang, name) {
                    Some(o) => self.perform(o, name, &vals, &named),
                    None => CodeValue::Unknown,
                }
            }
            CodeValue::Method(recv, name) => self.method(recv.as_deref(), name, &vals, &named),
            // `require('rimraf')('/x')`: a module that is a function.
            CodeValue::Module(m) => match op(self.lang, m) {
                Some(o) => self.perform(o, m, &vals, &named),
                None => CodeValue::Unknown,
            },
            _ => CodeValue::Unknown,
        }
    }

    /// What a known call does: its effects on files and processes, and the value it returns.
    fn perform(&mut self, o: Op, name: &str, vals: &[CodeValue], named: &[(String, CodeValue)]) -> CodeValue {
        match o {
            Op::Home | Op::Cwd | Op::Join | Op::PathNew | Op::Same | Op::Getenv | Op::Require => return self.value_of(o, name, vals),
            Op::Shell | Op::Argv | Op::ProgramList(_) | Op::Words(_) => self.start(o, name, vals, named),
            Op::Code => self.code(vals),
            Op::Opaque(why) => self.opaque(why),
            Op::Remove { .. } | Op::Write(_) | Op::HardLink | Op::Move | Op::Open | Op::PerlOpen => self.files(o, vals, named),
        }
        CodeValue::Unknown
    }

    /// What a file call (removal, write, link, move, open) does to the files its arguments name.
    fn files(&mut self, o: Op, vals: &[CodeValue], named: &[(String, CodeValue)]) {
        let arg = |i: usize| vals.get(i).cloned().unwrap_or(CodeValue::Unknown);
        match o {
            Op::Remove { recursive, all } => {
                let recursive = recursive || vals.iter().any(recursive_option);
                let targets: Vec<CodeValue> = if all { vals.iter().filter(|v| !is_options(v)).cloned().collect() } else { vec![arg(0)] };
                if targets.is_empty() {
                    self.opaque("a removal of computed paths");
                }
                for t in targets {
                    self.each_path(&t, &|path| CodeEffect::Remove { path, recursive });
                }
            }
            Op::Write(n) => {
                let t = arg(n);
                self.each_path(&t, &|path| CodeEffect::Write { path });
            }
            Op::HardLink => {
                for t in [arg(0), arg(1)] {
                    self.each_path(&t, &|path| CodeEffect::Write { path });
                }
            }
            Op::Move => match (path_of(&arg(0)), path_of(&arg(1))) {
                (Some(from), Some(to)) => self.emit(CodeEffect::Move { from, to }),
                _ => self.opaque("a move of computed paths"),
            },
            Op::Open => {
                // No mode: reading.
                let mode = named.iter().find(|(n, _)| n == "mode" || n == "flags").map(|(_, v)| v.clone()).or_else(|| vals.get(1).cloned());
                let mode = mode.unwrap_or_else(|| CodeValue::Str("r".into()));
                self.open(&arg(0), &mode);
            }
            Op::PerlOpen => self.perl_open(vals),
            _ => {}
        }
    }

    /// The command a process call starts: a command line, or its arguments' words.
    fn start(&mut self, o: Op, name: &str, vals: &[CodeValue], named: &[(String, CodeValue)]) {
        let arg = |i: usize| vals.get(i).cloned().unwrap_or(CodeValue::Unknown);
        match o {
            Op::Shell => self.run(&arg(0)),
            Op::Argv => {
                let a = named.iter().find(|(n, _)| n == "args" || n == "cmd").map(|(_, v)| v.clone()).unwrap_or_else(|| arg(0));
                let a = match a {
                    CodeValue::Map(m) => m.into_iter().find(|(k, _)| k == "cmd").map(|(_, v)| v).unwrap_or(CodeValue::Unknown),
                    other => other,
                };
                if vals.len() > 1 && matches!(self.lang, Language::Ruby | Language::Perl) {
                    // `system("git", "push")`: the words of every argument (an environment first).
                    let words: Vec<CodeValue> = vals.iter().filter(|v| !matches!(v, CodeValue::Map(_))).cloned().collect();
                    self.run(&CodeValue::List(words));
                } else {
                    self.run(&a);
                }
            }
            Op::ProgramList(n) => {
                let mut words = vec![arg(0)];
                match arg(n) {
                    // Python's `os.execvp(file, argv)`: argv[0] is the program's own name.
                    CodeValue::List(l) if self.lang == Language::Python => words.extend(l.into_iter().skip(1)),
                    CodeValue::List(l) => words.extend(l),
                    CodeValue::Map(m) => match m.into_iter().find(|(k, _)| k == "args").map(|(_, v)| v) {
                        Some(CodeValue::List(l)) => words.extend(l),
                        Some(_) => words.push(CodeValue::Unknown),
                        None => {}
                    },
                    CodeValue::Unknown if vals.len() > n => words.push(CodeValue::Unknown),
                    _ => {}
                }
                self.run(&CodeValue::List(words));
            }
            Op::Words(n) => {
                let mut words: Vec<CodeValue> = vals.iter().skip(n).cloned().collect();
                // `execle(path, arg0, …, env)`: the environment is no argument; argv[0] is the program.
                if name.ends_with('e') && name.contains("exec") && words.len() > 1 {
                    words.pop();
                }
                if name.contains("execl") || name.contains("spawnl") {
                    if words.len() > 1 {
                        words.remove(0);
                    }
                    words.insert(0, arg(n.saturating_sub(1)));
                }
                self.run(&CodeValue::List(words));
            }
            _ => {}
        }
    }

    /// Program text run as code of the language (`eval`, `exec`, `new Function`).
    fn code(&mut self, vals: &[CodeValue]) {
        let text = vals.first().cloned().unwrap_or(CodeValue::Unknown);
        // `new Function('a', 'body')`: the last argument is the body.
        let text = if self.lang == Language::Node { vals.last().cloned().unwrap_or(text) } else { text };
        match text {
            CodeValue::Str(t) if self.nesting < MAX_NESTING => {
                self.nesting += 1;
                let saved = std::mem::take(&mut self.vars);
                self.program(&t);
                self.vars = saved;
                self.nesting -= 1;
            }
            _ => self.opaque("program text computed at run time"),
        }
    }

    /// The value a call that computes one returns (a path, a variable, a module).
    fn value_of(&mut self, o: Op, name: &str, vals: &[CodeValue]) -> CodeValue {
        let arg = |i: usize| vals.get(i).cloned().unwrap_or(CodeValue::Unknown);
        match o {
            Op::Home if self.lang == Language::Python && name.starts_with("pathlib") => CodeValue::Path("~".into()),
            Op::Home => CodeValue::Str("~".into()),
            Op::Cwd if name.starts_with("pathlib") => CodeValue::Path(".".into()),
            Op::Cwd => CodeValue::Str(".".into()),
            Op::Join => join(vals),
            Op::PathNew => match join(vals) {
                CodeValue::Str(p) => CodeValue::Path(p),
                _ if vals.is_empty() => CodeValue::Path(".".into()),
                _ => CodeValue::Unknown,
            },
            Op::Same => match arg(0) {
                CodeValue::Path(p) => CodeValue::Str(p),
                other => other,
            },
            Op::Getenv => match arg(0) {
                CodeValue::Str(k) => home_var(&k),
                _ => CodeValue::Unknown,
            },
            Op::Require => match arg(0) {
                CodeValue::Str(m) => module_named(&m),
                _ => {
                    self.opaque("a module loaded by a computed name");
                    CodeValue::Unknown
                }
            },
            _ => CodeValue::Unknown,
        }
    }

    /// A method of a path object (`Path('x').unlink()`), or of something computed.
    fn method(&mut self, recv: Option<&str>, name: &str, vals: &[CodeValue], named: &[(String, CodeValue)]) -> CodeValue {
        let kind = match (self.lang, name) {
            (Language::Python, "unlink" | "rmdir") | (Language::Ruby, "unlink" | "delete" | "rmdir") => {
                Some(Op::Remove { recursive: false, all: false })
            }
            (Language::Ruby, "rmtree") => Some(Op::Remove { recursive: true, all: false }),
            (Language::Python, "write_text" | "write_bytes" | "touch" | "mkdir" | "chmod" | "symlink_to")
            | (Language::Ruby, "write" | "binwrite" | "mkpath" | "mkdir" | "make_symlink") => Some(Op::Write(0)),
            (Language::Python, "hardlink_to") | (Language::Ruby, "make_link") => Some(Op::HardLink),
            (Language::Python, "rename" | "replace") | (Language::Ruby, "rename") => Some(Op::Move),
            (Language::Python | Language::Ruby, "open") => Some(Op::Open),
            (Language::Python, "joinpath" | "__truediv__") | (Language::Ruby, "join" | "+") => Some(Op::PathNew),
            (Language::Python, "resolve" | "absolute" | "expanduser") | (Language::Ruby, "expand_path" | "realpath") => Some(Op::Same),
            _ => None,
        };
        let Some(recv) = recv else {
            // `x.unlink()` of a computed path; `s.replace(a, b)` is text, `fsp.rm(p)` is fs.
            if self.lang == Language::Node && op(Language::Node, &format!("fs.{name}")).is_some() && !matches!(name, "open" | "exec") {
                return self.perform(op(Language::Node, &format!("fs.{name}")).unwrap_or(Op::Same), name, vals, named);
            }
            if self.lang == Language::Node && matches!(name, "execSync" | "spawnSync" | "execFileSync" | "execFile") {
                let o = op(Language::Node, &format!("child_process.{name}")).unwrap_or(Op::Shell);
                return self.perform(o, name, vals, named);
            }
            let suspicious = match (self.lang, name) {
                (Language::Python, "unlink" | "rmdir" | "write_text" | "write_bytes" | "symlink_to" | "hardlink_to" | "rename") => true,
                (Language::Python, "replace") => vals.len() == 1,
                (Language::Ruby, "rmtree" | "mkpath" | "make_symlink") => true,
                _ => false,
            };
            if suspicious {
                self.opaque("a file method of a computed path");
            }
            return CodeValue::Unknown;
        };
        let this = CodeValue::Str(recv.to_string());
        let mut with_self = vec![this.clone()];
        with_self.extend(vals.iter().cloned());
        match kind {
            Some(Op::PathNew) => self.perform(Op::PathNew, "pathlib.Path", &with_self, named),
            Some(Op::Same) => CodeValue::Path(recv.to_string()),
            Some(o) => self.perform(o, name, &with_self, named),
            None => CodeValue::Unknown,
        }
    }

    fn binary(&mut self, op: &str, l: CodeValue, r: CodeValue) -> CodeValue {
        let concat = match self.lang {
            Language::Perl | Language::Php => op == ".",
            Language::Awk => false,
            _ => op == "+",
        };
        match (op, l, r) {
            (_, CodeValue::Str(a), CodeValue::Str(b)) if concat => CodeValue::Str(a + &b),
            ("/" | "+", CodeValue::Path(a), CodeValue::Str(b) | CodeValue::Path(b)) => CodeValue::Path(join_two(&a, &b)),
            ("|", CodeValue::Str(cmd), CodeValue::Unknown) if self.lang == Language::Awk => {
                // `"cmd" | getline`.
                self.run(&CodeValue::Str(cmd));
                CodeValue::Unknown
            }
            _ => CodeValue::Unknown,
        }
    }

    fn bind(&mut self, target: &Expr, v: &CodeValue) {
        match target {
            Expr::Name(n) => {
                self.vars.insert(n.clone(), v.clone());
            }
            // `const {rmSync, writeFileSync: w} = require('fs')`.
            Expr::Dict(items) => {
                for (k, alias) in items {
                    let Expr::Name(key) = k else { continue };
                    let member = self.member(v.clone(), key);
                    let name = match alias {
                        Some(Expr::Name(a)) => a.clone(),
                        _ => key.clone(),
                    };
                    self.vars.insert(name, member);
                }
            }
            Expr::List(items) => {
                for i in items {
                    self.bind(i, &CodeValue::Unknown);
                }
            }
            _ => {}
        }
    }

    fn import(&mut self, module: &str, names: &[(String, Option<String>)]) {
        for (bound, what) in names {
            let v = match (self.lang, what) {
                (Language::Python, Some(w)) if module.is_empty() => CodeValue::Module(w.clone()),
                (Language::Python, Some(w)) => self.member(CodeValue::Module(module.to_string()), w),
                (Language::Node, Some(w)) => self.member(module_named(module), w),
                (_, None) if bound == "*" => continue,
                (_, None) => module_named(module),
                (_, Some(_)) => CodeValue::Unknown,
            };
            let v = match v {
                // `import os`: a module whatever it is named.
                CodeValue::Func(f) if self.lang == Language::Python && module.is_empty() => CodeValue::Module(f),
                other => other,
            };
            self.vars.insert(bound.clone(), v);
        }
    }

    /// Emits one effect per path of `v` (a path or a list of them); computed → opaque.
    fn each_path(&mut self, v: &CodeValue, make: &dyn Fn(String) -> CodeEffect) {
        match v {
            CodeValue::List(items) => {
                for i in items {
                    self.each_path(i, make);
                }
            }
            other => match path_of(other) {
                Some(p) => self.emit(make(p)),
                None => self.opaque("a file operation on a computed path"),
            },
        }
    }

    fn open(&mut self, path: &CodeValue, mode: &CodeValue) {
        let writes = match mode {
            CodeValue::Unknown => {
                // `os.open(p, os.O_WRONLY | …)`, `fs.openSync(p, flags)`: flags we cannot read.
                self.opaque("a file opened in a computed mode");
                return;
            }
            CodeValue::Str(m) => m.contains(['w', 'a', 'x', '+']),
            _ => false,
        };
        if let CodeValue::Str(p) = path
            && let Some(cmd) = p.strip_prefix('|')
            && self.lang == Language::Ruby
        {
            self.run(&CodeValue::Str(cmd.to_string()));
            return;
        }
        if writes {
            self.each_path(path, &|path| CodeEffect::Write { path });
        }
    }

    /// `open(FH, '>', $p)`, `open(FH, ">>log")`, `open(FH, "cmd |")`, `open(FH, '-|', 'git', …)`.
    fn perl_open(&mut self, vals: &[CodeValue]) {
        match vals {
            [_, CodeValue::Str(mode), rest @ ..] if !rest.is_empty() => {
                let mode = mode.trim();
                if mode.contains('|') {
                    self.run(&CodeValue::List(rest.to_vec()));
                } else if mode.contains(['>', '+']) {
                    self.each_path(&rest[0], &|path| CodeEffect::Write { path });
                }
            }
            [_, CodeValue::Str(spec)] => {
                let spec = spec.trim();
                if let Some(cmd) = spec.strip_suffix('|').or_else(|| spec.strip_prefix('|')) {
                    self.run(&CodeValue::Str(cmd.trim().to_string()));
                } else if spec.starts_with(['>', '+']) {
                    let path = spec.trim_start_matches(['>', '+', '&']).trim().to_string();
                    self.emit(CodeEffect::Write { path });
                }
            }
            [_, _, ..] => self.opaque("a file opened with a computed mode or path"),
            _ => {}
        }
    }

    /// Runs `v`: a command line, or a list of words joined (shell-quoted).
    fn run(&mut self, v: &CodeValue) {
        match v {
            CodeValue::Str(s) => self.emit(CodeEffect::Run { command: s.clone() }),
            CodeValue::List(words) => {
                let texts: Option<Vec<String>> = words.iter().map(path_of).collect();
                match texts {
                    Some(t) if !t.is_empty() => {
                        let command = t.iter().map(|w| shell_words::quote(w).into_owned()).collect::<Vec<_>>().join(" ");
                        self.emit(CodeEffect::Run { command });
                    }
                    _ => self.opaque("a computed command"),
                }
            }
            _ => self.opaque("a computed command"),
        }
    }
}

/// Whether an awk expression is a `print` (or `printf`) statement with its arguments.
fn is_print(e: &Expr) -> bool {
    match e {
        Expr::Name(n) => n == "print" || n == "printf",
        Expr::Call(c, _) => is_print(c),
        _ => false,
    }
}

fn path_of(v: &CodeValue) -> Option<String> {
    match v {
        CodeValue::Str(s) | CodeValue::Path(s) => Some(s.clone()),
        _ => None,
    }
}

fn is_options(v: &CodeValue) -> bool {
    matches!(v, CodeValue::Map(_))
}

/// `{recursive: true}`, Ruby's `rm(p, force: true)` is not recursive.
fn recursive_option(v: &CodeValue) -> bool {
    matches!(v, CodeValue::Map(m) if m.iter().any(|(k, _)| k == "recursive"))
}

/// The value of environment variable `name`: the home directory's spellings are `~`.
fn home_var(name: &str) -> CodeValue {
    match name {
        "HOME" | "USERPROFILE" => CodeValue::Str("~".into()),
        _ => CodeValue::Unknown,
    }
}

fn join_two(a: &str, b: &str) -> String {
    if b.starts_with('/') || a.is_empty() {
        b.to_string()
    } else if a.ends_with('/') {
        format!("{a}{b}")
    } else {
        format!("{a}/{b}")
    }
}

fn join(vals: &[CodeValue]) -> CodeValue {
    let mut out: Option<String> = None;
    for v in vals {
        let Some(p) = path_of(v) else { return CodeValue::Unknown };
        out = Some(match out {
            None => p,
            Some(a) => join_two(&a, &p),
        });
    }
    out.map_or(CodeValue::Unknown, CodeValue::Str)
}

/// A module as `require`/`import` names it (`node:fs/promises`, `fs-extra`, `rimraf`).
fn module_named(name: &str) -> CodeValue {
    let name = name.strip_prefix("node:").unwrap_or(name);
    match name {
        "fs" | "fs-extra" | "graceful-fs" | "fs/promises" | "node:fs/promises" => CodeValue::Module("fs".into()),
        "child_process" | "execa" | "zx" | "shelljs" | "os" | "path" | "process" => CodeValue::Module(name.into()),
        "rimraf" | "del" | "trash" => CodeValue::Module("rimraf".into()),
        _ => CodeValue::Unknown,
    }
}

fn is_module(lang: Language, name: &str) -> bool {
    match lang {
        Language::Python => matches!(
            name,
            "os" | "os.path"
                | "shutil"
                | "subprocess"
                | "pathlib"
                | "pty"
                | "io"
                | "codecs"
                | "asyncio"
                | "posix"
                | "commands"
                | "importlib"
                | "builtins"
        ),
        Language::Node => matches!(
            name,
            "fs" | "fs.promises"
                | "child_process"
                | "process"
                | "Deno"
                | "Bun"
                | "shelljs"
                | "rimraf"
                | "execa"
                | "zx"
                | "path"
                | "path.posix"
                | "os"
                | "vm"
                | "Reflect"
        ),
        Language::Ruby => {
            matches!(name, "FileUtils" | "File" | "Dir" | "IO" | "Open3" | "Kernel" | "Process" | "Pathname" | "PTY" | "Object")
        }
        Language::Perl => matches!(name, "File" | "File.Path" | "File.Copy" | "POSIX" | "CORE" | "CORE.GLOBAL"),
        Language::Php | Language::Awk => false,
    }
}

/// Strings that name a file or process function: reaching one through a string is obfuscation.
const STRING_NAMED: &[&str] = &[
    "rmtree",
    "removedirs",
    "unlink",
    "rmdir",
    "system",
    "popen",
    "exec",
    "execSync",
    "spawnSync",
    "execFileSync",
    "rmSync",
    "unlinkSync",
    "writeFileSync",
    "renameSync",
    "rm_rf",
    "rm_r",
    "remove_tree",
    "file_put_contents",
    "shell_exec",
    "passthru",
    "proc_open",
    "check_output",
    "getoutput",
    "Popen",
    "__import__",
    "eval",
];

/// What a known function does: the languages' file and process calls, by qualified name (the
/// module's name, `.`, the function's; the function's alone where it needs no module), as the
/// language's table below names them.
fn op(lang: Language, name: &str) -> Option<Op> {
    if name == "env.get" {
        return Some(Op::Getenv);
    }
    // The names as the tables spell them: Python's `posix` is `os`, Ruby's FileUtils and Perl's
    // modules are left out.
    let name: std::borrow::Cow<str> = match lang {
        Language::Python => name.strip_prefix("posix.").map_or(name.into(), |n| format!("os.{n}").into()),
        Language::Ruby => name.strip_prefix("FileUtils.").unwrap_or(name).into(),
        Language::Perl => name.rsplit('.').next().unwrap_or(name).into(),
        Language::Node | Language::Php | Language::Awk => name.into(),
    };
    let table = match lang {
        Language::Python => PYTHON_CALLS,
        Language::Node => NODE_CALLS,
        Language::Ruby => RUBY_CALLS,
        Language::Perl => PERL_CALLS,
        Language::Php => PHP_CALLS,
        Language::Awk => AWK_CALLS,
    };
    table.iter().find(|(names, _)| names.contains(&name.as_ref())).map(|(_, o)| *o)
}

/// A removal of argument 0.
const RM: Op = Op::Remove { recursive: false, all: false };
/// A removal of every argument.
const RM_ALL: Op = Op::Remove { recursive: false, all: true };
/// A removal of every argument and what is under it.
const RMTREE: Op = Op::Remove { recursive: true, all: true };

/// Python's calls: names and what each does.
const PYTHON_CALLS: &[(&[&str], Op)] = &[
    (&["shutil.rmtree"], Op::Remove { recursive: true, all: false }),
    (&["os.remove", "os.unlink", "os.rmdir", "os.removedirs"], RM),
    (&["os.rename", "os.replace", "os.renames", "shutil.move"], Op::Move),
    (&["shutil.copy", "shutil.copy2", "shutil.copyfile", "shutil.copytree", "os.symlink", "shutil.copymode"], Op::Write(1)),
    (&["os.link"], Op::HardLink),
    (&["os.truncate", "os.mkdir", "os.makedirs", "os.chmod", "os.chown", "os.lchown", "os.mkfifo"], Op::Write(0)),
    (&["open", "io.open", "codecs.open", "os.open"], Op::Open),
    (
        &[
            "os.system",
            "os.popen",
            "subprocess.getoutput",
            "subprocess.getstatusoutput",
            "asyncio.create_subprocess_shell",
            "commands.getoutput",
        ],
        Op::Shell,
    ),
    (&["subprocess.run", "subprocess.call", "subprocess.check_call", "subprocess.check_output", "subprocess.Popen", "pty.spawn"], Op::Argv),
    (&["os.execv", "os.execve", "os.execvp", "os.execvpe", "os.posix_spawn", "os.posix_spawnp"], Op::ProgramList(1)),
    (&["os.spawnv", "os.spawnve", "os.spawnvp", "os.spawnvpe"], Op::ProgramList(2)),
    (&["os.execl", "os.execle", "os.execlp", "os.execlpe", "asyncio.create_subprocess_exec"], Op::Words(1)),
    (&["os.spawnl", "os.spawnle", "os.spawnlp", "os.spawnlpe"], Op::Words(2)),
    (&["exec", "eval", "compile"], Op::Code),
    (
        &[
            "getattr",
            "setattr",
            "__import__",
            "importlib.import_module",
            "importlib.__import__",
            "globals",
            "vars",
            "locals",
            "builtins.getattr",
            "builtins.__import__",
            "builtins.exec",
            "builtins.eval",
        ],
        Op::Opaque("a function reached by a computed name"),
    ),
    (&["pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath"], Op::PathNew),
    (&["pathlib.Path.home", "os.path.expanduser_home"], Op::Home),
    (&["pathlib.Path.cwd", "os.getcwd"], Op::Cwd),
    (
        &["os.path.expanduser", "os.path.abspath", "os.path.realpath", "os.path.normpath", "os.fspath", "str", "os.path.expandvars"],
        Op::Same,
    ),
    (&["os.path.join"], Op::Join),
    (&["os.getenv", "os.environ.get"], Op::Getenv),
];

/// Node's calls: names and what each does.
const NODE_CALLS: &[(&[&str], Op)] = &[
    (&["fs.rmSync", "fs.rm", "fs.rmdirSync", "fs.rmdir", "Deno.remove", "Deno.removeSync"], RM),
    (&["fs.unlinkSync", "fs.unlink"], RM),
    (
        &[
            "fs.removeSync",
            "fs.remove",
            "fs.emptyDirSync",
            "fs.emptyDir",
            "rimraf",
            "rimraf.sync",
            "rimraf.rimraf",
            "rimraf.rimrafSync",
            "shelljs.rm",
        ],
        RMTREE,
    ),
    (
        &[
            "fs.writeFileSync",
            "fs.writeFile",
            "fs.appendFileSync",
            "fs.appendFile",
            "fs.createWriteStream",
            "fs.truncateSync",
            "fs.truncate",
            "fs.mkdirSync",
            "fs.mkdir",
            "fs.outputFileSync",
            "fs.outputFile",
            "fs.chmodSync",
            "fs.chmod",
            "fs.writeJsonSync",
            "fs.writeJson",
            "fs.ensureFileSync",
            "fs.mkdirpSync",
            "Deno.writeTextFile",
            "Deno.writeTextFileSync",
            "Deno.writeFile",
            "Deno.writeFileSync",
            "Deno.mkdir",
            "Deno.mkdirSync",
            "Deno.create",
            "Bun.write",
            "Deno.truncate",
        ],
        Op::Write(0),
    ),
    (&["fs.openSync", "fs.open", "Deno.open", "Deno.openSync"], Op::Open),
    (&["fs.renameSync", "fs.rename", "fs.moveSync", "fs.move", "Deno.rename", "Deno.renameSync", "shelljs.mv"], Op::Move),
    (
        &[
            "fs.cpSync",
            "fs.cp",
            "fs.copyFileSync",
            "fs.copyFile",
            "fs.copySync",
            "fs.copy",
            "fs.symlinkSync",
            "fs.symlink",
            "Deno.copyFile",
            "Deno.copyFileSync",
            "Deno.symlink",
            "shelljs.cp",
        ],
        Op::Write(1),
    ),
    (&["fs.linkSync", "fs.link", "Deno.link", "Deno.linkSync", "fs.promises.link"], Op::HardLink),
    (&["child_process.exec", "child_process.execSync", "shelljs.exec", "execa.execaCommand", "execa.execaCommandSync"], Op::Shell),
    (
        &[
            "child_process.spawn",
            "child_process.spawnSync",
            "child_process.execFile",
            "child_process.execFileSync",
            "execa.execa",
            "execa.execaSync",
            "Deno.Command",
        ],
        Op::ProgramList(1),
    ),
    (&["child_process.fork"], Op::Opaque("a script file run by fork")),
    (&["Bun.spawn", "Bun.spawnSync", "Deno.run"], Op::Argv),
    (&["execSync", "exec"], Op::Shell),
    (&["spawn", "spawnSync", "execFile", "execFileSync", "execa", "execaSync"], Op::ProgramList(1)),
    (&["rmSync", "unlinkSync", "rmdirSync"], RM),
    (&["writeFileSync", "appendFileSync"], Op::Write(0)),
    (&["renameSync"], Op::Move),
    (&["eval", "Function", "vm.runInNewContext", "vm.runInThisContext", "vm.runInContext", "vm.Script"], Op::Code),
    (&["require", "import", "module.require"], Op::Require),
    (
        &["process.binding", "process.dlopen", "Reflect.apply", "Reflect.get", "Reflect.construct", "process._linkedBinding"],
        Op::Opaque("a function reached by a computed name"),
    ),
    (&["os.homedir", "Deno.homeDir"], Op::Home),
    (&["process.cwd", "Deno.cwd"], Op::Cwd),
    (&["path.join", "path.resolve", "path.posix.join"], Op::Join),
    (&["$", "Bun.$"], Op::Shell),
];

/// Ruby's calls: names and what each does.
const RUBY_CALLS: &[(&[&str], Op)] = &[
    (&["rm_rf", "rm_r", "remove_dir", "remove_entry", "remove_entry_secure", "rmtree"], RMTREE),
    (&["rm", "rm_f", "remove", "remove_file", "rmdir", "File.delete", "File.unlink", "Dir.rmdir", "Dir.delete", "Dir.unlink"], RM_ALL),
    (&["mv", "move", "File.rename"], Op::Move),
    (&["cp", "cp_r", "copy", "copy_entry", "copy_file", "install", "ln_s", "ln_sf", "File.symlink"], Op::Write(1)),
    (&["ln", "ln_f", "File.link"], Op::HardLink),
    (
        &[
            "File.write",
            "IO.write",
            "File.binwrite",
            "IO.binwrite",
            "touch",
            "mkdir_p",
            "mkdir",
            "makedirs",
            "mkpath",
            "File.truncate",
            "Dir.mkdir",
        ],
        Op::Write(0),
    ),
    (&["chmod", "chmod_R", "chown", "chown_R", "File.chmod"], Op::Write(1)),
    (&["File.open", "File.new", "open", "Kernel.open"], Op::Open),
    (
        &[
            "system",
            "exec",
            "spawn",
            "Kernel.system",
            "Kernel.exec",
            "Kernel.spawn",
            "Process.spawn",
            "Process.exec",
            "IO.popen",
            "Open3.capture2",
            "Open3.capture2e",
            "Open3.capture3",
            "Open3.popen3",
            "Open3.popen2",
            "Open3.popen2e",
            "PTY.spawn",
        ],
        Op::Argv,
    ),
    (&["eval", "instance_eval", "class_eval", "module_eval", "Kernel.eval"], Op::Code),
    (
        &[
            "send",
            "public_send",
            "__send__",
            "method",
            "const_get",
            "Object.const_get",
            "Kernel.send",
            "instance_variable_get",
            "define_method",
        ],
        Op::Opaque("a method reached by a computed name"),
    ),
    (&["Dir.home"], Op::Home),
    (&["Dir.pwd", "Dir.getwd"], Op::Cwd),
    (&["File.join"], Op::Join),
    (&["File.expand_path", "File.absolute_path", "File.realpath"], Op::Same),
    (&["ENV.fetch"], Op::Getenv),
    (&["Pathname", "Pathname.new"], Op::PathNew),
];

/// Perl's calls: names and what each does.
const PERL_CALLS: &[(&[&str], Op)] = &[
    (&["unlink", "rmdir"], RM_ALL),
    (&["rmtree", "remove_tree"], RMTREE),
    (&["rename", "move", "mv"], Op::Move),
    (&["copy", "cp", "symlink"], Op::Write(1)),
    (&["link"], Op::HardLink),
    (&["mkdir", "make_path", "mkpath", "truncate"], Op::Write(0)),
    (&["open", "sysopen"], Op::PerlOpen),
    (&["system", "exec"], Op::Argv),
    (&["eval"], Op::Code),
    (&["do", "can"], Op::Opaque("code reached by a computed name")),
];

/// Php's calls: names and what each does.
const PHP_CALLS: &[(&[&str], Op)] = &[
    (&["unlink", "rmdir"], RM),
    (&["file_put_contents", "touch", "mkdir", "chmod", "chown", "tempnam"], Op::Write(0)),
    (&["symlink", "copy"], Op::Write(1)),
    (&["link"], Op::HardLink),
    (&["rename"], Op::Move),
    (&["fopen"], Op::Open),
    (&["system", "exec", "shell_exec", "passthru", "popen", "proc_open"], Op::Shell),
    (&["pcntl_exec"], Op::ProgramList(1)),
    (&["eval", "assert"], Op::Code),
    (
        &[
            "call_user_func",
            "call_user_func_array",
            "create_function",
            "forward_static_call",
            "array_map",
            "array_walk",
            "usort",
            "register_shutdown_function",
        ],
        Op::Opaque("a function called by a computed name"),
    ),
    (&["getenv"], Op::Getenv),
    (&["getcwd"], Op::Cwd),
];

/// Awk's calls: names and what each does.
const AWK_CALLS: &[(&[&str], Op)] = &[(&["system"], Op::Shell)];

#[cfg(test)]
mod tests;
