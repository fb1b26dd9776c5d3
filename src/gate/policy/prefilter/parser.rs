//! The reading of a pattern's syntax into the literals its matches contain.

use super::clauses::{Lit, MAX_CLASS, MAX_PRODUCT, MAX_SET, clauses_of_one_each, simplify, usable};
use super::start::MAX_DEPTH;

/// What a piece of a pattern matches, as far as literals go.
#[derive(Debug)]
pub(super) enum Info {
    /// One character (the most common piece, kept apart so that it costs no allocation).
    Char(char, bool),
    /// Exactly one of these strings (the empty string for an assertion such as `^` or `\b`).
    Exact(Vec<Lit>),
    /// Something that contains a literal of each clause.
    Needs(Vec<Vec<Lit>>),
}

impl Info {
    fn char(c: char, flags: &Flags) -> Info {
        let fold = flags.fold && c.is_ascii_alphabetic();
        Info::Char(if fold { c.to_ascii_lowercase() } else { c }, fold)
    }

    /// A single character as a set of one literal.
    fn widen(self) -> Info {
        match self {
            Info::Char(c, fold) => Info::Exact(vec![Lit { text: c.to_string(), fold }]),
            other => other,
        }
    }

    fn empty() -> Info {
        Info::Exact(vec![Lit { text: String::new(), fold: false }])
    }

    fn anything() -> Info {
        Info::Needs(vec![])
    }

    pub(super) fn into_clauses(self) -> Vec<Vec<Lit>> {
        match self.widen() {
            Info::Char(..) => vec![],
            Info::Exact(set) => usable(set).into_iter().collect(),
            Info::Needs(clauses) => clauses,
        }
    }
}

#[derive(Clone, Copy, Default)]
pub(super) struct Flags {
    fold: bool,
}

/// Not understood: the whole pattern gets no needs.
pub(super) struct Bail;

pub(super) struct PatternParser<'a> {
    pub(super) chars: std::iter::Peekable<std::str::CharIndices<'a>>,
}

impl PatternParser<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    fn next(&mut self) -> Option<char> {
        self.chars.next().map(|(_, c)| c)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.chars.next();
            true
        } else {
            false
        }
    }

    /// Branches up to a `)` (left for the caller) or the end. `flags` set by `(?i)` inside stay set
    /// for the following branches of the same group, as in regex-lite.
    pub(super) fn alternation(&mut self, flags: &mut Flags, depth: usize) -> Result<Info, Bail> {
        if depth > MAX_DEPTH {
            return Err(Bail);
        }
        let mut branches = vec![self.concat(flags, depth)?];
        while self.eat('|') {
            branches.push(self.concat(flags, depth)?);
        }
        if branches.len() == 1 {
            return Ok(branches.pop().unwrap_or_else(Info::empty));
        }
        let branches: Vec<Info> = branches.into_iter().map(Info::widen).collect();
        if branches.iter().all(|b| matches!(b, Info::Exact(_))) {
            let mut union = Vec::new();
            for b in branches {
                if let Info::Exact(set) = b {
                    union.extend(set);
                }
            }
            union.sort();
            union.dedup();
            if union.len() <= MAX_SET {
                return Ok(Info::Exact(union));
            }
            return Ok(Info::Needs(usable(union).into_iter().collect()));
        }
        // Every match goes through one branch, so it contains a word of any one clause of that
        // branch: one clause of each, joined, is a clause of the whole.
        let mut choices = Vec::with_capacity(branches.len());
        for branch in branches {
            let clauses = branch.into_clauses();
            if clauses.is_empty() {
                return Ok(Info::anything());
            }
            choices.push(clauses.into_iter().map(simplify).collect());
        }
        Ok(Info::Needs(clauses_of_one_each(choices)))
    }

    fn concat(&mut self, flags: &mut Flags, depth: usize) -> Result<Info, Bail> {
        let mut items: Vec<Info> = Vec::new();
        while let Some(c) = self.peek() {
            match c {
                '|' | ')' => break,
                '(' => {
                    self.next();
                    if let Some(item) = self.group(flags, depth)? {
                        items.push(item);
                    }
                }
                '*' | '+' | '?' | '{' => {
                    let last = items.pop().ok_or(Bail)?;
                    items.push(self.repetition(last)?);
                }
                '[' => {
                    self.next();
                    items.push(self.class(flags)?);
                }
                '\\' => {
                    self.next();
                    items.push(self.escape(flags)?);
                }
                '.' => {
                    self.next();
                    items.push(Info::anything());
                }
                '^' | '$' => {
                    self.next();
                    items.push(Info::empty());
                }
                // regex-lite reads these as literals; nobody writes them on purpose, so give up.
                ']' | '}' => return Err(Bail),
                c => {
                    self.next();
                    items.push(Info::char(c, flags));
                }
            }
        }
        Ok(sequence(items))
    }

    /// After `(`: a group, or `None` for a flag directive such as `(?i)`.
    fn group(&mut self, flags: &mut Flags, depth: usize) -> Result<Option<Info>, Bail> {
        let mut inner = *flags;
        if self.eat('?') {
            match self.peek() {
                Some('P') | Some('<') => {
                    self.eat('P');
                    if !self.eat('<') {
                        return Err(Bail);
                    }
                    while self.next().ok_or(Bail)? != '>' {}
                }
                _ => {
                    let mut on = true;
                    loop {
                        match self.next().ok_or(Bail)? {
                            '-' => on = false,
                            'i' => inner.fold = on,
                            'm' | 's' | 'R' | 'U' => {}
                            ':' => break,
                            ')' => {
                                // A directive: the flags hold for the rest of the enclosing group.
                                if matches!(self.peek(), Some('*' | '+' | '?' | '{')) {
                                    return Err(Bail);
                                }
                                *flags = inner;
                                return Ok(None);
                            }
                            // `x` (verbose mode) changes what every character means.
                            _ => return Err(Bail),
                        }
                    }
                }
            }
        }
        let info = self.alternation(&mut inner, depth + 1)?;
        if !self.eat(')') {
            return Err(Bail);
        }
        Ok(Some(info))
    }

    /// At `*`, `+`, `?` or `{`: the repetition of `item`.
    fn repetition(&mut self, item: Info) -> Result<Info, Bail> {
        let (min, max) = match self.next() {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => {
                let min = self.decimal()?;
                let max = if self.eat(',') { if self.peek() == Some('}') { None } else { Some(self.decimal()?) } } else { Some(min) };
                if !self.eat('}') {
                    return Err(Bail);
                }
                (min, max)
            }
            _ => return Err(Bail),
        };
        self.eat('?');
        if matches!(self.peek(), Some('*' | '+' | '?' | '{')) {
            return Err(Bail);
        }
        Ok(match (min, max, item.widen()) {
            (1, Some(1), item) => item,
            (0, Some(1), Info::Exact(mut set)) => {
                set.push(Lit { text: String::new(), fold: false });
                Info::Exact(set)
            }
            (0, _, _) => Info::anything(),
            // At least once: whatever one occurrence needs.
            (_, _, item) => Info::Needs(item.into_clauses()),
        })
    }

    fn decimal(&mut self) -> Result<u32, Bail> {
        let mut n: Option<u32> = None;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            self.next();
            n = Some(n.unwrap_or(0).checked_mul(10).and_then(|n| n.checked_add(d)).ok_or(Bail)?);
        }
        n.ok_or(Bail)
    }

    /// After `\` outside a class.
    fn escape(&mut self, flags: &Flags) -> Result<Info, Bail> {
        let c = self.next().ok_or(Bail)?;
        Ok(match c {
            'd' | 's' | 'w' | 'D' | 'S' | 'W' => Info::anything(),
            'A' | 'z' | 'B' | '<' | '>' => Info::empty(),
            // `\b{start}` and friends are left to the engine.
            'b' if self.peek() == Some('{') => return Err(Bail),
            'b' => Info::empty(),
            c => Info::char(escaped_char(c)?, flags),
        })
    }

    /// After `[`: a class. Small classes of plain characters (`[sz]`, `[-_]`) are sets of literals;
    /// anything larger or negated matches an unknown character.
    fn class(&mut self, flags: &Flags) -> Result<Info, Bail> {
        let negated = self.eat('^');
        let mut chars: Vec<char> = Vec::new();
        let mut large = false;
        while self.eat('-') {
            chars.push('-');
        }
        if chars.is_empty() && self.eat(']') {
            chars.push(']');
        }
        loop {
            let c = self.next().ok_or(Bail)?;
            let first = match c {
                ']' => break,
                // Nested and POSIX classes, and set operations, are left to the engine.
                '[' => return Err(Bail),
                '&' | '-' | '~' if self.peek() == Some(c) => return Err(Bail),
                '\\' => match self.next().ok_or(Bail)? {
                    'd' | 's' | 'w' | 'D' | 'S' | 'W' => {
                        large = true;
                        continue;
                    }
                    e => escaped_char(e)?,
                },
                c => c,
            };
            // `a-z` is a range, `a-]` a literal `-` at the end.
            let is_range = self.peek() == Some('-') && {
                let mut ahead = self.chars.clone();
                ahead.next();
                !matches!(ahead.peek(), Some(&(_, ']' | '-')) | None)
            };
            if !is_range {
                chars.push(first);
                continue;
            }
            self.next();
            let last = match self.next().ok_or(Bail)? {
                '\\' | '[' => return Err(Bail),
                c => c,
            };
            if last < first {
                return Err(Bail);
            }
            if (last as u32 - first as u32) as usize >= MAX_CLASS {
                large = true;
            } else {
                chars.extend(first..=last);
            }
        }
        if negated || large || chars.len() > MAX_CLASS {
            return Ok(Info::anything());
        }
        let mut set: Vec<Lit> = Vec::new();
        for c in chars {
            let fold = flags.fold && c.is_ascii_alphabetic();
            set.push(Lit { text: (if fold { c.to_ascii_lowercase() } else { c }).to_string(), fold });
        }
        set.sort();
        set.dedup();
        Ok(Info::Exact(set))
    }
}

/// The character of a one-character escape (`\.`, `\t`); other escapes are not analysed.
fn escaped_char(c: char) -> Result<char, Bail> {
    Ok(match c {
        'a' => '\x07',
        'f' => '\x0C',
        't' => '\t',
        'n' => '\n',
        'r' => '\r',
        'v' => '\x0B',
        // "literal *, applies to all ASCII except [0-9A-Za-z<>]"
        c if c.is_ascii() && !c.is_ascii_alphanumeric() && c != '<' && c != '>' => c,
        _ => return Err(Bail),
    })
}

/// A concatenation: runs of exact pieces join into longer words (`git` `\.` `exe` → `git.exe`); any
/// other piece ends the run, whose words become a clause, and adds its own clauses.
fn sequence(items: Vec<Info>) -> Info {
    let mut clauses: Vec<Vec<Lit>> = Vec::new();
    let mut run: Vec<Lit> = vec![Lit { text: String::new(), fold: false }];
    let mut exact = true;
    for item in items {
        match item {
            Info::Char(c, fold) => {
                for r in &mut run {
                    join_char(r, c, fold);
                }
            }
            Info::Exact(set) => {
                if run.len() * set.len() > MAX_PRODUCT {
                    clauses.extend(usable(std::mem::take(&mut run)));
                    exact = false;
                    run = set;
                    continue;
                }
                if set.len() == 1 {
                    // The common case, a plain character: extend every word in place.
                    let lit = &set[0];
                    for r in &mut run {
                        join(r, lit);
                    }
                    continue;
                }
                let mut next = Vec::with_capacity(run.len() * set.len());
                for r in &run {
                    for s in &set {
                        let mut w = r.clone();
                        join(&mut w, s);
                        next.push(w);
                    }
                }
                run = next;
            }
            Info::Needs(needs) => {
                clauses.extend(usable(std::mem::replace(&mut run, vec![Lit { text: String::new(), fold: false }])));
                clauses.extend(needs);
                exact = false;
            }
        }
    }
    if exact {
        return Info::Exact(run);
    }
    clauses.extend(usable(run));
    Info::Needs(clauses)
}

fn join_char(w: &mut Lit, c: char, fold: bool) {
    if fold && !w.fold {
        w.text.make_ascii_lowercase();
        w.fold = true;
    }
    w.text.push(if w.fold { c.to_ascii_lowercase() } else { c });
}

/// `w` followed by `s`: searched without regard to case when either part is.
fn join(w: &mut Lit, s: &Lit) {
    if s.fold && !w.fold {
        w.text.make_ascii_lowercase();
        w.fold = true;
    }
    if w.fold && !s.fold {
        w.text.push_str(&s.text.to_ascii_lowercase());
    } else {
        w.text.push_str(&s.text);
    }
}
