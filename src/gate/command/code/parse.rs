//! Tokens into expressions: names, attribute and index access, calls (with named arguments, and
//! without parentheses in Ruby, Perl and awk's `print`), lists, maps and blocks, binary operators
//! and assignments. Precedence does not matter to what is read (which calls, with what
//! arguments), so binary operators are flat. Depth is bounded; a token that starts nothing is
//! skipped, so any text gives a tree.

use super::language::Language;
use super::lex::{Piece, Tok};

#[derive(Clone, Debug)]
pub enum Expr {
    Str(Vec<Piece>),
    Shell(Vec<Piece>),
    Words(Vec<String>),
    Name(String),
    Attr(Box<Expr>, String),
    Index(Box<Expr>, Box<Expr>),
    Call(Box<Expr>, Vec<Arg>),
    List(Vec<Expr>),
    /// A map or object literal, a block: entries, each a key (or an expression) and a value.
    Dict(Vec<(Expr, Option<Expr>)>),
    Bin(&'static str, Box<Expr>, Box<Expr>),
    Assign(Box<Expr>, Box<Expr>),
    /// An `import`: module and the names bound (name, what it is in the module).
    Import(String, Vec<(String, Option<String>)>),
    Other,
}

#[derive(Clone, Debug)]
pub struct Arg {
    pub name: Option<String>,
    pub value: Expr,
}

/// Nesting deeper than this is not read (the caller is told).
const MAX_DEPTH: usize = 96;

const BINARY: &[&str] = &[
    "+", "-", "*", "/", "%", "**", "|", "&", "^", "<", ">", "<=", ">=", "==", "!=", "===", "!==", "&&", "||", "??", "<<", ">>", "=~", "..",
    "...", "=>", "?",
];
const WORD_BINARY: &[&str] = &["and", "or", "if", "else", "in", "not", "is", "unless", "instanceof", "x", "eq", "ne", "cmp"];
const PREFIX: &[&str] = &["-", "+", "!", "~", "*", "**", "...", "\\", "&", "@"];
const WORD_PREFIX: &[&str] = &[
    "not", "await", "new", "typeof", "void", "return", "yield", "my", "our", "local", "const", "let", "var", "defined", "global", "delete",
    "throw",
];

/// The operator of two awk values written side by side: their texts joined.
pub const CONCAT: &str = " ";

/// awk's words that start a statement or a part of one, never a value to join.
const AWK_KEYWORDS: &str =
    "print printf getline if else while for do return next nextfile exit delete function func break continue BEGIN END BEGINFILE ENDFILE";

pub struct Parser<'a> {
    toks: &'a [Tok],
    i: usize,
    lang: Language,
    depth: usize,
    /// False when nesting went past [`MAX_DEPTH`].
    pub complete: bool,
}

impl<'a> Parser<'a> {
    pub fn new(lang: Language, toks: &'a [Tok]) -> Parser<'a> {
        Parser { toks, i: 0, lang, depth: 0, complete: true }
    }

    fn peek(&self) -> Option<&'a Tok> {
        self.toks.get(self.i)
    }

    fn at(&self, p: &str) -> bool {
        matches!(self.peek(), Some(Tok::Punct(q)) if *q == p)
    }

    fn at_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Ident(q)) if q == w)
    }

    /// Every statement of the text, in order.
    pub fn statements(&mut self) -> Vec<Expr> {
        let mut out = Vec::new();
        while self.i < self.toks.len() {
            let before = self.i;
            if let Some(e) = self.statement() {
                out.push(e);
            }
            if self.i == before {
                self.i += 1;
            }
        }
        out
    }

    fn statement(&mut self) -> Option<Expr> {
        if self.lang == Language::Python && (self.at_word("import") || self.at_word("from")) {
            return Some(self.python_import());
        }
        if self.lang == Language::Node && self.at_word("import") && !matches!(self.toks.get(self.i + 1), Some(Tok::Punct("(" | "."))) {
            return Some(self.js_import());
        }
        self.expr()
    }

    /// `import os, shutil as sh` / `from os import remove as rm, path`.
    fn python_import(&mut self) -> Expr {
        let from = self.at_word("from");
        self.i += 1;
        let mut module = String::new();
        if from {
            module = self.dotted();
            if self.at_word("import") {
                self.i += 1;
            }
        }
        let mut names = Vec::new();
        while let Some(tok) = self.peek() {
            match tok {
                Tok::Punct(",") | Tok::Punct("(") | Tok::Punct(")") => self.i += 1,
                Tok::Ident(_) => {
                    let name = self.dotted();
                    let alias = if self.at_word("as") {
                        self.i += 1;
                        self.ident()
                    } else {
                        None
                    };
                    if from {
                        names.push((alias.unwrap_or_else(|| name.clone()), Some(name)));
                    } else {
                        // `import os.path` binds `os`.
                        let bound = alias.unwrap_or_else(|| name.split('.').next().unwrap_or_default().to_string());
                        let what = if bound.contains('.') || !name.contains('.') { name } else { bound.clone() };
                        names.push((bound, Some(what)));
                    }
                }
                Tok::Punct("*") => {
                    self.i += 1;
                    names.push(("*".into(), None));
                }
                _ => break,
            }
        }
        Expr::Import(module, names)
    }

    /// `import fs from 'fs'`, `import * as fs from 'fs'`, `import {rmSync as r} from 'node:fs'`.
    fn js_import(&mut self) -> Expr {
        self.i += 1;
        let mut names = Vec::new();
        loop {
            match self.peek() {
                Some(Tok::Ident(w)) if w == "from" => {
                    self.i += 1;
                    break;
                }
                Some(Tok::Punct("*")) => {
                    self.i += 1;
                    if self.at_word("as") {
                        self.i += 1;
                    }
                    if let Some(n) = self.ident() {
                        names.push((n, None));
                    }
                }
                Some(Tok::Ident(_)) => {
                    let n = self.ident().unwrap_or_default();
                    if self.at_word("as") {
                        self.i += 1;
                        let alias = self.ident().unwrap_or_default();
                        names.push((alias, Some(n)));
                    } else {
                        // Inside braces a name is the module's member; outside, the module.
                        names.push((n.clone(), self.in_braces().then_some(n)));
                    }
                }
                Some(Tok::Punct("{" | "}" | ",")) => self.i += 1,
                Some(Tok::Str(_)) => break,
                _ => return Expr::Other,
            }
        }
        let module = match self.peek() {
            Some(Tok::Str(p)) => {
                self.i += 1;
                literal(p).unwrap_or_default()
            }
            _ => return Expr::Other,
        };
        Expr::Import(module, names)
    }

    fn in_braces(&self) -> bool {
        let mut depth = 0i32;
        for t in self.toks[..self.i].iter().rev() {
            match t {
                Tok::Punct("}") => depth += 1,
                Tok::Punct("{") if depth == 0 => return true,
                Tok::Punct("{") => depth -= 1,
                Tok::Ident(w) if w == "import" => return false,
                _ => {}
            }
        }
        false
    }

    fn ident(&mut self) -> Option<String> {
        match self.peek() {
            Some(Tok::Ident(w)) => {
                self.i += 1;
                Some(w.clone())
            }
            _ => None,
        }
    }

    fn dotted(&mut self) -> String {
        let mut name = self.ident().unwrap_or_default();
        while self.at(".") {
            self.i += 1;
            name.push('.');
            name.push_str(&self.ident().unwrap_or_default());
        }
        name
    }

    pub fn expr(&mut self) -> Option<Expr> {
        if self.depth >= MAX_DEPTH {
            self.complete = false;
            self.i = self.toks.len();
            return None;
        }
        self.depth += 1;
        let e = self.assign();
        self.depth -= 1;
        e
    }

    fn assign(&mut self) -> Option<Expr> {
        let lhs = self.binary()?;
        match self.peek() {
            Some(Tok::Punct("=" | ":=" | "+=" | ".=" | "||=" | "|=" | "-=" | "*=" | "/=" | "//=" | "**=")) => {
                let augmented = !matches!(self.peek(), Some(Tok::Punct("=" | ":=")));
                self.i += 1;
                let rhs = self.expr().unwrap_or(Expr::Other);
                // `x += y` leaves x computed.
                let rhs = if augmented { Expr::Bin("+", Box::new(lhs.clone()), Box::new(rhs)) } else { rhs };
                Some(Expr::Assign(Box::new(lhs), Box::new(rhs)))
            }
            _ => Some(lhs),
        }
    }

    fn binary(&mut self) -> Option<Expr> {
        let mut left = self.unary()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Punct(".")) if matches!(self.lang, Language::Perl | Language::Php) => ".",
                Some(Tok::Punct(p)) if BINARY.contains(p) => *p,
                Some(Tok::Ident(w)) if WORD_BINARY.contains(&w.as_str()) && self.lang != Language::Node => {
                    WORD_BINARY.iter().find(|b| **b == w.as_str()).copied().unwrap_or("?")
                }
                // awk joins two values written side by side (`"rm -rf " ENVIRON["HOME"]`).
                _ if self.awk_concatenates() => {
                    let right = self.unary().unwrap_or(Expr::Other);
                    left = Expr::Bin(CONCAT, Box::new(left), Box::new(right));
                    continue;
                }
                _ => return Some(left),
            };
            self.i += 1;
            // `print > "file"`: an awk redirection, kept as a binary operator on the argument.
            let right = match self.unary() {
                Some(r) => r,
                None => return Some(Expr::Bin(op, Box::new(left), Box::new(Expr::Other))),
            };
            left = Expr::Bin(op, Box::new(left), Box::new(right));
        }
    }

    /// Whether the next token starts a value awk joins to the one before it: a string, a name or
    /// a field that is no keyword, a parenthesised expression.
    fn awk_concatenates(&self) -> bool {
        if self.lang != Language::Awk {
            return false;
        }
        match self.peek() {
            Some(Tok::Str(_) | Tok::Punct("(")) => true,
            Some(Tok::Ident(w)) => !AWK_KEYWORDS.split(' ').any(|k| k == w) && !WORD_BINARY.contains(&w.as_str()),
            _ => false,
        }
    }

    fn unary(&mut self) -> Option<Expr> {
        if self.depth >= MAX_DEPTH {
            self.complete = false;
            self.i = self.toks.len();
            return None;
        }
        match self.peek()? {
            Tok::Punct(p) if PREFIX.contains(p) => {
                let p = *p;
                self.i += 1;
                self.depth += 1;
                let inner = self.unary();
                self.depth -= 1;
                // `&$f(…)`, `\&unlink`: a call through a reference.
                if matches!(p, "\\" | "&") && matches!(self.lang, Language::Perl) {
                    return Some(Expr::Call(
                        Box::new(Expr::Name("&".into())),
                        vec![Arg { name: None, value: inner.unwrap_or(Expr::Other) }],
                    ));
                }
                inner
            }
            Tok::Ident(w) if WORD_PREFIX.contains(&w.as_str()) => {
                self.i += 1;
                if matches!(self.peek(), Some(Tok::Punct(";" | ")" | "}")) | None) {
                    return Some(Expr::Other);
                }
                self.unary()
            }
            Tok::Ident(w) if w == "lambda" && self.lang == Language::Python => {
                while self.i < self.toks.len() && !self.at(":") {
                    self.i += 1;
                }
                self.i += 1;
                self.unary()
            }
            _ => self.postfix(),
        }
    }

    fn postfix(&mut self) -> Option<Expr> {
        let mut e = self.primary()?;
        loop {
            match self.peek() {
                Some(Tok::Punct("." | "?." | "->" | "::")) if !(self.at(".") && matches!(self.lang, Language::Perl | Language::Php)) => {
                    self.i += 1;
                    match self.peek() {
                        Some(Tok::Ident(name)) => {
                            self.i += 1;
                            e = Expr::Attr(Box::new(e), name.clone());
                        }
                        // `$obj->$name(…)`, `fs?.[x]`: a computed member.
                        Some(Tok::Punct("[" | "(")) => {}
                        Some(Tok::Str(p)) if self.lang == Language::Php => {
                            self.i += 1;
                            e = Expr::Index(Box::new(e), Box::new(Expr::Str(p.clone())));
                        }
                        _ => e = Expr::Index(Box::new(e), Box::new(Expr::Other)),
                    }
                }
                Some(Tok::Punct("(")) => {
                    let args = self.args(")");
                    e = Expr::Call(Box::new(e), args);
                }
                Some(Tok::Punct("[")) => {
                    self.i += 1;
                    let key = self.expr().unwrap_or(Expr::Other);
                    self.skip_to("]");
                    e = Expr::Index(Box::new(e), Box::new(key));
                }
                // Perl's `$ENV{HOME}`, `$h{'k'}`.
                Some(Tok::Punct("{")) if self.lang == Language::Perl && matches!(&e, Expr::Name(n) if n.starts_with('$')) => {
                    self.i += 1;
                    let key = match (self.peek(), self.toks.get(self.i + 1)) {
                        (Some(Tok::Ident(w)), Some(Tok::Punct("}"))) => {
                            self.i += 1;
                            Expr::Str(vec![Piece::Text(w.clone())])
                        }
                        _ => self.expr().unwrap_or(Expr::Other),
                    };
                    self.skip_to("}");
                    e = Expr::Index(Box::new(e), Box::new(key));
                }
                // A tagged template, `` $`rm -rf x` ``.
                Some(Tok::Str(p))
                    if self.lang == Language::Node
                        && matches!(self.toks.get(self.i.wrapping_sub(1)), Some(Tok::Ident(_) | Tok::Punct(")")))
                        && self.tagged() =>
                {
                    self.i += 1;
                    e = Expr::Call(Box::new(e), vec![Arg { name: Some("`".into()), value: Expr::Str(p.clone()) }]);
                }
                // A block given to a call (`each do |x| … end`, `{ |x| … }`, `() => { … }`).
                Some(Tok::Punct("{")) if matches!(e, Expr::Call(..)) && self.lang != Language::Perl => {
                    let block = self.primary().unwrap_or(Expr::Other);
                    e = Expr::Call(Box::new(e), vec![Arg { name: Some("{".into()), value: block }]);
                }
                _ if self.bare_args_follow(&e) => {
                    let args = self.bare_args();
                    e = Expr::Call(Box::new(e), args);
                }
                _ => return Some(e),
            }
        }
    }

    /// Whether the string right after a name is a template it tags (no operator between).
    fn tagged(&self) -> bool {
        matches!(self.toks.get(self.i.wrapping_sub(1)), Some(Tok::Ident(_)))
    }

    /// A call without parentheses: Ruby and Perl (`system "…"`, `FileUtils.rm_rf Dir.home`,
    /// `unlink $f, "x"`), awk's `print … > "file"`.
    fn bare_args_follow(&self, e: &Expr) -> bool {
        let callee = match e {
            Expr::Name(n) => n.as_str(),
            Expr::Attr(_, n) => n.as_str(),
            _ => return false,
        };
        let starts =
            matches!(self.peek(), Some(Tok::Str(_) | Tok::Shell(_) | Tok::Words(_) | Tok::Ident(_)) | Some(Tok::Punct("[" | "\\")));
        if !starts || callee.starts_with(['$', '@', '%']) {
            return false;
        }
        if let Some(Tok::Ident(w)) = self.peek()
            && (WORD_BINARY.contains(&w.as_str()) || matches!(w.as_str(), "do" | "then" | "end" | "for" | "while" | "until" | "foreach"))
        {
            return false;
        }
        match self.lang {
            Language::Ruby | Language::Perl => true,
            Language::Awk => matches!(callee, "print" | "printf"),
            _ => false,
        }
    }

    fn bare_args(&mut self) -> Vec<Arg> {
        let mut args = Vec::new();
        while let Some(value) = self.named_or_value() {
            args.push(value);
            if self.at(",") {
                self.i += 1;
            } else {
                break;
            }
        }
        args
    }

    fn named_or_value(&mut self) -> Option<Arg> {
        // `mode='w'` (Python), `mode: 'w'` (Ruby), `noop: true`.
        if let (Some(Tok::Ident(n)), Some(Tok::Punct(p))) = (self.peek(), self.toks.get(self.i + 1))
            && ((*p == "=" && self.lang == Language::Python) || (*p == ":" && self.lang == Language::Ruby))
        {
            let name = n.clone();
            self.i += 2;
            let value = self.expr().unwrap_or(Expr::Other);
            return Some(Arg { name: Some(name), value });
        }
        self.expr().map(|value| Arg { name: None, value })
    }

    /// Arguments up to `close`, the opening bracket at `self.i`.
    fn args(&mut self, close: &str) -> Vec<Arg> {
        self.i += 1;
        let mut args = Vec::new();
        while self.i < self.toks.len() {
            if self.at(close) {
                self.i += 1;
                break;
            }
            if self.at(",") || self.at(";") {
                self.i += 1;
                continue;
            }
            let before = self.i;
            if let Some(a) = self.named_or_value() {
                args.push(a);
            }
            if self.i == before {
                if matches!(self.peek(), Some(Tok::Punct(")" | "]" | "}"))) {
                    self.i += 1;
                    break;
                }
                self.i += 1;
            }
        }
        args
    }

    fn skip_to(&mut self, close: &str) {
        let mut depth = 0usize;
        while let Some(t) = self.peek() {
            self.i += 1;
            match t {
                Tok::Punct("(" | "[" | "{") => depth += 1,
                Tok::Punct(p) if *p == close && depth == 0 => return,
                Tok::Punct(")" | "]" | "}") => {
                    if depth == 0 {
                        return;
                    }
                    depth -= 1;
                }
                _ => {}
            }
        }
    }

    fn primary(&mut self) -> Option<Expr> {
        let tok = self.peek()?;
        let e = match tok {
            Tok::Str(p) => Expr::Str(p.clone()),
            Tok::Shell(p) => Expr::Shell(p.clone()),
            Tok::Words(w) => Expr::Words(w.clone()),
            Tok::Other => Expr::Other,
            Tok::Ident(w) => Expr::Name(w.clone()),
            Tok::Punct("(") => {
                let args = self.args(")");
                let mut items: Vec<Expr> = args.into_iter().map(|a| a.value).collect();
                return Some(if items.len() == 1 { items.remove(0) } else { Expr::List(items) });
            }
            Tok::Punct("[") => {
                let args = self.args("]");
                return Some(Expr::List(args.into_iter().map(|a| a.value).collect()));
            }
            Tok::Punct("{") => return Some(self.dict()),
            _ => return None,
        };
        self.i += 1;
        Some(e)
    }

    /// `{k: v, …}`, `{k => v}`, or a block of statements.
    fn dict(&mut self) -> Expr {
        self.i += 1;
        let mut items = Vec::new();
        while self.i < self.toks.len() {
            if self.at("}") {
                self.i += 1;
                break;
            }
            if self.at(",") || self.at(";") || self.at("|") {
                self.i += 1;
                continue;
            }
            let before = self.i;
            let key = self.statement();
            let value = if self.at(":") {
                self.i += 1;
                self.expr()
            } else {
                None
            };
            if let Some(k) = key {
                items.push((k, value));
            }
            if self.i == before {
                if matches!(self.peek(), Some(Tok::Punct(")" | "]"))) {
                    self.i += 1;
                    break;
                }
                self.i += 1;
            }
        }
        Expr::Dict(items)
    }
}

/// The text of a string with no interpolation.
pub fn literal(pieces: &[Piece]) -> Option<String> {
    let mut s = String::new();
    for p in pieces {
        match p {
            Piece::Text(t) => s.push_str(t),
            Piece::Code(_) => return None,
        }
    }
    Some(s)
}

/// Whether an awk expression is a `print` (or `printf`) statement with its arguments.
pub(super) fn is_print(e: &Expr) -> bool {
    match e {
        Expr::Name(n) => n == "print" || n == "printf",
        Expr::Call(c, _) => is_print(c),
        _ => false,
    }
}
