//! A program's tree read for its effects: names bound to values as assignments and imports go,
//! calls looked up in the language's rows of `calls`, their arguments evaluated.

use super::calls::{Op, STRING_NAMED, is_interpreter, is_module, module_named, op};
use super::effect::{CodeEffect, emit};
use super::language::Language;
use super::lex::{self, Piece};
use super::parse::{Arg, CONCAT, Expr, Parser, is_print};
use super::value::{CodeValue, home_var, is_options, join, join_two, path_of, recursive_option};
use std::collections::HashMap;

/// `exec('exec("…")')`, interpolations inside interpolations: read again at most this deep.
const MAX_NESTING: usize = 4;

/// The file-system and process effects of `text`, a program in `lang`.
pub(super) fn program(lang: Language, text: &str) -> Vec<CodeEffect> {
    bound(lang, text, &[])
}

/// The same, with names bound to known objects before the text runs (a task runner's context).
pub(super) fn bound(lang: Language, text: &str, objects: &[(&str, &str)]) -> Vec<CodeEffect> {
    let vars = objects.iter().map(|(name, object)| (name.to_string(), CodeValue::Module(object.to_string()))).collect();
    let mut walker = Walker { lang, vars, out: Vec::new(), nesting: 0 };
    walker.program(text);
    walker.out
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
        let mut parser = Parser::new(self.lang, &toks.toks);
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
                let printed = match &**l {
                    Expr::Call(callee, args) => self.printed(callee, args),
                    // `print` alone prints the input line.
                    _ => CodeValue::Unknown,
                };
                let target = self.value(r);
                self.awk_output(op, &printed, &target);
                CodeValue::Unknown
            }
            // `cmd | getline`: the command is the text on the left, whatever computed it.
            Expr::Bin("|", l, r) if self.lang == Language::Awk && matches!(&**r, Expr::Name(n) if n == "getline") => {
                let cmd = self.value(l);
                self.run(&cmd);
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
        let mut parser = Parser::new(self.lang, &toks.toks);
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
            let printed = self.printed(callee, args);
            if let Some(Arg { value: Expr::Bin(op @ (">" | ">>" | "|"), _, r), .. }) = args.last() {
                let target = self.value(r);
                self.awk_output(op, &printed, &target);
            }
            return CodeValue::Unknown;
        }
        self.apply(&f, args, None)
    }

    /// The text an awk `print` writes: its arguments joined by blanks (the last one's part before
    /// a redirection), computed when any is; a `printf` format with a conversion is computed too.
    fn printed(&mut self, callee: &Expr, args: &[Arg]) -> CodeValue {
        let mut parts = Vec::new();
        for a in args {
            let value = match &a.value {
                Expr::Bin(">" | ">>" | "|", l, _) => self.value(l),
                other => self.value(other),
            };
            parts.push(value);
        }
        let texts: Option<Vec<String>> = parts.iter().map(path_of).collect();
        let formats = matches!(callee, Expr::Name(n) if n == "printf");
        match texts {
            Some(t) if formats && (t.len() != 1 || t[0].contains('%')) => CodeValue::Unknown,
            Some(t) if !t.is_empty() => CodeValue::Str(t.join(" ")),
            _ => CodeValue::Unknown,
        }
    }

    /// awk's `print > "file"` (a write) and `print | "cmd"` (a command); a shell or an
    /// interpreter on the other end runs what is printed.
    fn awk_output(&mut self, op: &str, printed: &CodeValue, target: &CodeValue) {
        if op != "|" {
            self.each_path(target, &|path| CodeEffect::Write { path });
            return;
        }
        self.run(target);
        let program = path_of(target).and_then(|t| t.split_whitespace().next().map(|w| w.rsplit('/').next().unwrap_or(w).to_string()));
        match program.as_deref() {
            Some("sh" | "bash" | "dash" | "zsh" | "ksh" | "mksh" | "ash" | "busybox" | "fish") => match printed {
                CodeValue::Str(text) => self.emit(CodeEffect::Run { command: text.clone() }),
                _ => self.opaque("it prints text it computes to a shell"),
            },
            Some(p) if is_interpreter(p) => self.opaque("it prints program text to an interpreter"),
            Some(_) => {}
            None => self.opaque("it prints to a command it computes"),
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
                CodeValue::Str(m) if self.lang == Language::Python => {
                    if is_module(self.lang, &m) {
                        CodeValue::Module(m)
                    } else {
                        CodeValue::Unknown
                    }
                }
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
            Language::Awk => op == CONCAT,
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
