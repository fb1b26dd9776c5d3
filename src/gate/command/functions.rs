//! Shell functions and positional parameters: what `$1`, `"$@"` and `$0` hold where the call
//! says it.
//!
//! A function defined and called in the same call (`f() { rm -f "$1"; }; f build/x.o`) runs its
//! body where it is called, with the call's words for its parameters: it is judged so
//! (`rm -f build/x.o`), and a body never called in the text is judged where the text ends, its
//! parameters computed, as it may still run (an exported function, a trap). A script given to a
//! shell with words after it (`sh -c 'mv "$0" "${0%.txt}.md"' {}`, `xargs sh -c '…' _`) has those
//! words for `$0`, `$1`, …: a finder's names, as a loop variable holds them.
//!
//! The parameters are held as loop variables named `0`, `1`, …, `@` and `*` (see
//! [`Walk::loop_values`]). They stay computed where the text may set them again (`set -- …`), or
//! where the analyser cannot tell which word lands where (a pattern or a finder's name that may be
//! several words, `shift`): then each `$N` holds any of the words, or nothing.

use super::loops::{PARAMETERS as ALL, closers, keywords, spliceable};
use super::syntax::{self, Node, Parsed, Part, Pipeline, Script, Sep, Simple, Word};
use super::{Chdir, Feed, MAX_REPARSE, ShellState, Walk, lit_word, shown_words};

/// `$1` … `$9` are given a value (the empty word past the last argument); `${10}` and later stay
/// computed.
const NUMBERED: usize = 9;
/// A function the text defines: its body, the parse of the text it is in (its words' substitutions
/// are that parse's scripts), where it was defined, and whether the text calls it.
pub(super) struct Defined {
    name: String,
    body: Script,
    parse: usize,
    /// The parse the body belongs to, for a call from a text parsed after it (a loop's body, a
    /// branch): a function stays defined until the text that defined it has been walked.
    parsed: std::rc::Rc<Parsed>,
    defined_in: ShellState,
    called: bool,
}

/// How many words of `cmd` go on a compound already open (`do`, `then`, `else`) before the
/// command it runs: a function is defined and called in a loop's body or a branch as anywhere.
fn continuing(cmd: &Simple) -> usize {
    cmd.words.iter().take_while(|w| w.literal().is_some_and(|t| matches!(t.as_str(), "do" | "then" | "else"))).count()
}

/// The function node `at` of `script` defines (`name() { …; }`, `function name { …; }`,
/// `function name() {`): its name, its body (from `{` to the `}` that closes it), and the node of
/// that `}`. `None` for anything else, and for a body that does not close in the script.
pub(super) fn definition(p: &Parsed, script: &Script, at: (usize, usize)) -> Option<(String, Script, (usize, usize))> {
    let node = |(a, k): (usize, usize)| script.pipelines.get(a)?.nodes.get(k);
    // The node after `at`: in the same pipeline, or first of the next after a `;` or newline.
    let next = |(a, k): (usize, usize)| {
        let pipeline = script.pipelines.get(a)?;
        if k + 1 < pipeline.nodes.len() {
            Some((a, k + 1))
        } else {
            (pipeline.sep == Sep::Then && a + 1 < script.pipelines.len()).then_some((a + 1, 0))
        }
    };
    let empty_parens = |at: (usize, usize)| matches!(node(at), Some(Node::Subshell(inner)) if p.scripts.get(*inner).is_some_and(|s| s.pipelines.is_empty()));
    let Some(Node::Simple(first)) = node(at) else { return None };
    let lead = continuing(first);
    let words: Vec<Option<String>> = first.words[lead..].iter().map(Word::literal).collect();
    let (name, opener_at, opener) = match words.as_slice() {
        // `name() {`, `function name() {`, `function name {` on the next line or after `()`.
        [Some(name)] | [Some(_), Some(name)] if words.len() == 1 || words[0].as_deref() == Some("function") => {
            let mut after = next(at)?;
            if empty_parens(after) {
                after = next(after)?;
            } else if words.len() == 1 {
                return None;
            }
            let Some(Node::Simple(open)) = node(after) else { return None };
            (name.clone(), after, open.clone())
        }
        // `function name { …` on one line.
        [Some(f), Some(name), Some(brace), ..] if f == "function" && brace == "{" => {
            (name.clone(), at, Simple { words: first.words[lead + 2..].to_vec(), ..first.clone() })
        }
        _ => return None,
    };
    let plain_name = !name.is_empty() && !name.contains(['/', '=', '$']) && !syntax::KEYWORDS.contains(&name.as_str());
    if !plain_name || opener.words.first().and_then(Word::literal).as_deref() != Some("{") {
        return None;
    }
    let (_, opens) = keywords(&opener);
    let end = (*closers(script, opener_at, opens).first()?)?;
    let mut pipelines = Vec::new();
    for a in opener_at.0..=end.0 {
        let pipeline = &script.pipelines[a];
        let from = if a == opener_at.0 { opener_at.1 } else { 0 };
        let to = if a == end.0 { end.1 + 1 } else { pipeline.nodes.len() };
        let mut nodes: Vec<Node> = pipeline.nodes[from..to].to_vec();
        if a == opener_at.0 {
            nodes[0] = Node::Simple(opener.clone());
        }
        pipelines.push(Pipeline { nodes, sep: if a == end.0 { Sep::Then } else { pipeline.sep } });
    }
    Some((name, Script { pipelines }, end))
}

/// How the words a script or a function is given land in its parameters.
enum Binding {
    /// Each word is the parameter of its place.
    Exact(Vec<Word>),
    /// Each parameter may be any of the words, or nothing (a pattern or a finder's name may be
    /// several words; `shift` moves them).
    Any(Vec<Word>),
}

impl Defined {
    pub(super) fn name(&self) -> &str {
        &self.name
    }
}

impl Walk<'_> {
    /// A function definition at node `at` of `script`: recorded for the calls after it, and the
    /// node where it ends, which the walk goes on after. `None` when there is none there.
    pub(super) fn define(&mut self, p: &Parsed, script: &Script, at: (usize, usize), shell: &ShellState) -> Option<(usize, usize)> {
        let (name, body, end) = definition(p, script, at)?;
        let parse = self.seen.parse;
        let parsed = std::rc::Rc::new(p.clone());
        self.seen.functions.push(Defined { name, body, parse, parsed, defined_in: shell.clone(), called: false });
        Some(end)
    }

    /// `cmd` calls a function this parse defined before it: its body is walked with the call's
    /// words for its parameters, in the caller's shell (a `cd` in it goes on after the call).
    /// `None` when `cmd` calls none.
    pub(super) fn call_function(&mut self, cmd: &Simple, feed: &Feed, shell: &ShellState, reparse: usize) -> Option<(Feed, Option<Chdir>)> {
        let lead = continuing(cmd);
        let name = cmd.words.get(lead)?.literal()?;
        // The latest definition of the name in this text or one that holds it (`f() {…}; for x
        // in a b; do f "$x"; done`): those are the ones not yet walked to their end.
        let k = self.seen.functions.iter().rposition(|d| d.name == name)?;
        self.seen.functions[k].called = true;
        let body = self.seen.functions[k].body.clone();
        let parsed = std::rc::Rc::clone(&self.seen.functions[k].parsed);
        if reparse + 1 > MAX_REPARSE {
            self.opaque("it nests shells deeper than the analyser follows");
            return Some((Feed::Unknown, None));
        }
        let args = &self.known_words(&cmd.words[lead + 1..], false);
        self.out
            .sources
            .push(format!("{name} runs its body with {}", if args.is_empty() { "no arguments".into() } else { shown_words(args) }));
        let binding = self.binding(args, shifts(body.pipelines.iter().flat_map(|pl| &pl.nodes)));
        let sets = sets_parameters(body.pipelines.iter().flat_map(|pl| &pl.nodes));
        let mut here = shell.clone();
        let binding = binding.filter(|_| !sets);
        let printed = self
            .known_call(|walk| walk.with_parameters(None, binding, |walk| walk.pipelines(&parsed, &body, &mut here, reparse + 1, feed)));
        let chdir = (here.dirs != shell.dirs).then_some(Chdir::To(here.dirs));
        Some((printed, chdir))
    }

    /// When a parse's text has been walked: its functions never called are walked as they may
    /// still run, their parameters computed.
    pub(super) fn uncalled_functions(&mut self, p: &Parsed, parse: usize, reparse: usize) {
        let (mine, others): (Vec<Defined>, Vec<Defined>) =
            std::mem::take(&mut self.seen.functions).into_iter().partition(|d| d.parse == parse);
        self.seen.functions = others;
        for d in mine.into_iter().filter(|d| !d.called) {
            let mut here = d.defined_in.clone();
            // It may run at any time (a trap, a handler the shell calls): no value is known in it.
            self.known_elsewhere(|walk| {
                walk.with_parameters(None, None, |walk| walk.pipelines(p, &d.body, &mut here, reparse, &Feed::None))
            });
        }
    }

    /// `sh -c SCRIPT [ZERO [ARG…]]`: the script walked with `$0` and the arguments bound.
    pub(super) fn script_with_arguments(&mut self, script: &str, words: &[Word], walk: impl FnOnce(&mut Self)) {
        let (zero, args) = match words.split_first() {
            Some((zero, args)) => (Some(zero), args),
            None => (None, words),
        };
        let parsed = syntax::parse(script);
        let nodes = parsed.scripts.iter().flat_map(|s| s.pipelines.iter().flat_map(|pl| &pl.nodes));
        let sets = sets_parameters(nodes.clone());
        let binding = self.binding(args, shifts(nodes)).filter(|_| !sets);
        let zero = zero.and_then(|z| self.values_of(z)).filter(|_| !sets);
        if let Some(z) = &zero {
            self.out.sources.push(format!("$0 holds {}", shown_words(z)));
        }
        if !args.is_empty() && binding.is_some() {
            self.out.sources.push(format!("$1… hold {}", shown_words(args)));
        }
        self.with_parameters(zero, binding, walk);
    }

    /// `for f; do`: a loop without a list goes over `"$@"`.
    pub(super) fn loop_over_parameters(&mut self, name: String, dirs: &super::Dirs) {
        if let Some((_, values, _)) = self.seen.loops.iter().find(|(n, ..)| n == "@").cloned() {
            self.hold_values(name, values, false, false, dirs);
        }
    }

    /// How `args` land in the parameters; `None` when a word's value cannot be told.
    fn binding(&self, args: &[Word], shifts: bool) -> Option<Binding> {
        let mut values = Vec::new();
        let mut many = shifts;
        for a in args {
            let each = self.values_of(a)?;
            many |= each.len() != 1 || each.iter().any(may_be_several);
            values.extend(each);
        }
        Some(if many { Binding::Any(values) } else { Binding::Exact(values) })
    }

    /// The values a word given as an argument takes: itself when it names no variable the
    /// analyser cannot see, each value of a loop variable in it, else `None`.
    fn values_of(&self, word: &Word) -> Option<Vec<Word>> {
        if word.parts.iter().all(spliceable) {
            return Some(vec![word.clone()]);
        }
        let (k, values) = word.parts.iter().enumerate().find_map(|(k, p)| self.loop_values(p).map(|v| (k, v)))?;
        let each: Vec<Word> = values
            .into_iter()
            .map(|v| {
                let mut w = word.clone();
                w.parts.splice(k..=k, v.parts);
                w
            })
            .collect();
        each.iter().all(|w| w.parts.iter().all(spliceable)).then_some(each)
    }

    /// `set -- a b` (or `set a b`) run by the shell: the parameters hold its words after it. Bound
    /// only where that is sure: the text sets them there alone (no other `set` that could run
    /// before a use, in a loop's later turn or a function), on the straight path outside any loop
    /// (a loop's body may not run); `shift` in the text leaves each any of the words. Anywhere else
    /// they are computed after it, as they are before.
    pub(super) fn set_parameters(&mut self, operands: &[Word], dirs: &super::Dirs) {
        let mut words = operands;
        loop {
            let Some((first, rest)) = words.split_first() else { return };
            match first.literal().as_deref() {
                Some("--") => {
                    words = rest;
                    break;
                }
                Some("-o" | "+o") => words = rest.get(1..).unwrap_or_default(),
                Some(t) if t.starts_with(['-', '+']) => words = rest,
                _ => break,
            }
        }
        let binding = match self.known_once() {
            Some(shifts) => self.binding(words, shifts),
            None => None,
        };
        self.seen.loops.retain(|(n, ..)| n == "0" || !ALL.contains(&n.as_str()));
        let Some(binding) = binding else {
            self.seen.known.set_args(None);
            return;
        };
        self.out.sources.push(format!("$1… hold {}", if words.is_empty() { "nothing".into() } else { shown_words(words) }));
        self.bind(&binding, dirs);
        self.seen.known.set_args(match binding {
            Binding::Exact(words) => Some(words),
            Binding::Any(_) => None,
        });
    }

    /// `$1` … `$9`, `$@` and `$*` hold what `binding` gives them.
    fn bind(&mut self, binding: &Binding, dirs: &super::Dirs) {
        for n in 1..=NUMBERED {
            self.hold_values(n.to_string(), binding.nth(n), false, true, dirs);
        }
        for name in ["@", "*"] {
            self.hold_values(name.into(), binding.all().to_vec(), false, true, dirs);
        }
    }

    /// Runs `walk` with the parameters bound (`zero`: `$0`'s values; `binding`: the others'),
    /// or computed where `None`; gives the ones held before back after it.
    fn with_parameters<T>(&mut self, zero: Option<Vec<Word>>, binding: Option<Binding>, walk: impl FnOnce(&mut Self) -> T) -> T {
        let keep_zero = zero.is_none();
        let held: Vec<(String, Vec<Word>, bool)> =
            self.seen.loops.iter().filter(|(n, ..)| ALL.contains(&n.as_str()) && !(keep_zero && n == "0")).cloned().collect();
        self.seen.loops.retain(|(n, ..)| !ALL.contains(&n.as_str()) || (keep_zero && n == "0"));
        let split_before = self.seen.split.clone();
        let dirs = super::Dirs::Known(vec![self.ctx.cwd.to_path_buf()]);
        if let Some(z) = zero {
            self.hold_values("0".into(), z, false, true, &dirs);
        }
        let args = match &binding {
            Some(Binding::Exact(words)) => Some(words.clone()),
            _ => None,
        };
        if let Some(binding) = binding {
            self.bind(&binding, &dirs);
        }
        let out = self.known_args(args, walk);
        self.seen.loops.retain(|(n, ..)| !ALL.contains(&n.as_str()));
        self.seen.loops.extend(held);
        self.seen.split = split_before;
        out
    }
}

impl Binding {
    /// All the words (`"$@"`).
    fn all(&self) -> &[Word] {
        match self {
            Binding::Exact(v) | Binding::Any(v) => v,
        }
    }

    /// What `$n` may hold: its word, or the empty word past the last; any word (and, past the
    /// words given, nothing) where they cannot be told apart.
    fn nth(&self, n: usize) -> Vec<Word> {
        match self {
            Binding::Exact(v) => vec![v.get(n - 1).cloned().unwrap_or_else(|| lit_word(""))],
            Binding::Any(v) => v.iter().cloned().chain((n > v.len()).then(|| lit_word(""))).collect(),
        }
    }
}

/// Whether a value may be several words once the shell expands it: a pattern of its own, or a
/// finder's stand-in for what it lists.
fn may_be_several(w: &Word) -> bool {
    w.parts.iter().any(|p| match p {
        Part::Glob(_) => true,
        Part::Lit(t) => t.contains(['*', '?', '[']),
        Part::Computed(_) | Part::Subst { .. } => true,
        _ => false,
    })
}

/// The program word of a simple command, past its keywords.
fn program(cmd: &Simple) -> Option<String> {
    cmd.words.iter().filter_map(Word::literal).find(|w| !syntax::KEYWORDS.contains(&w.as_str()))
}

/// Whether any of `nodes` runs `shift` (the parameters move down).
fn shifts<'a>(nodes: impl Iterator<Item = &'a Node>) -> bool {
    nodes.filter_map(|n| if let Node::Simple(s) = n { program(s) } else { None }).any(|w| w == "shift")
}

/// Whether any of `nodes` sets the parameters anew (`set -- a b`, `set a b`; not `set -e` or
/// `set -o pipefail`).
fn sets_parameters<'a>(nodes: impl Iterator<Item = &'a Node>) -> bool {
    nodes.filter_map(|n| if let Node::Simple(s) = n { Some(s) } else { None }).any(sets_parameters_in)
}

/// Whether `s` sets the parameters anew (`set -- a b`, `set a b`).
pub(super) fn sets_parameters_in(s: &Simple) -> bool {
    let words: Vec<String> = s.words.iter().map(Word::text).skip_while(|w| syntax::KEYWORDS.contains(&w.as_str())).collect();
    if words.first().map(String::as_str) != Some("set") {
        return false;
    }
    let mut rest = words[1..].iter();
    while let Some(w) = rest.next() {
        if w == "--" || !w.starts_with(['-', '+']) {
            return true;
        }
        if w == "-o" || w == "+o" {
            rest.next();
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::loops::tests::{analysed, touched};

    #[test]
    fn a_function_runs_its_body_with_the_calls_words() {
        for (cmd, want) in [
            (r#"f() { rm -f "$1"; }; f build/x.o"#, "/r/build/x.o"),
            ("f() {\n  rm -f \"$1\"\n}\nf a.txt", "/r/a.txt"),
            (r#"function g { rm -rf "$2"; }; g x ~"#, "/h"),
            (r#"function g() { rm -rf "/$1"; }; g"#, "/"),
        ] {
            let a = analysed(cmd);
            assert!(a.opaque.is_none(), "{cmd}: {a:?}");
            assert_eq!(touched(&a), [want], "{cmd}");
        }
        // Never called: its body is judged, its parameters computed.
        assert!(analysed(r#"f() { rm -f "$1"; }"#).opaque.is_some());
    }

    #[test]
    fn a_shells_words_after_its_script_are_its_parameters() {
        let a = analysed(r#"find . -name '*.txt' -exec sh -c 'mv "$0" "${0%.txt}.md"' {} \;"#);
        assert!(a.opaque.is_none(), "{a:?}");
        assert_eq!(touched(&a)[0], "/r/*.txt");
        let a = analysed(r#"find . -name '*.c' -print0 | xargs -0 sh -c 'for f; do rm "$f"; done' _"#);
        assert!(a.opaque.is_none(), "{a:?}");
        assert_eq!(touched(&a), ["/r/*.c"]);
        assert_eq!(touched(&analysed(r#"sh -c 'rm -rf "$1"' _ ~"#)), ["/h"]);
        // Parameters set again, or moved by `shift` past what the analyser holds apart.
        assert!(analysed(r#"sh -c 'set -- ~; set -- x; rm -rf "$1"' _ x"#).opaque.is_some());
        assert_eq!(touched(&analysed(r#"sh -c 'set -- ~; rm -rf "$1"' _ x"#)), ["/h"]);
        assert!(touched(&analysed(r#"sh -c 'shift; rm -rf "$1"' _ x ~"#)).contains(&"/h".to_string()));
        assert!(analysed(r#"sh -c 'rm -rf "$1"' _ "$X""#).opaque.is_some());
    }
}
