//! What a loop variable holds when its list is one the analyser can bound: `… | while read -r f`
//! over a finder's matches, a project list file or literal lines, and `for f in $(find …)`. The
//! variable then names each of those (see [`Walk::loop_head`]); any other list leaves it computed.

use super::syntax::{self, Body, Node, Parsed, Part, RedirOp, Script, Simple, Word};
use super::{Dirs, Feed, ShellState, Touch, Walk, lit_word};
use std::path::PathBuf;

mod reshape;
mod split;

pub(super) use super::syntax::KEYWORDS;

/// Words that open a compound command, and those that close one.
const OPENS: &[&str] = &["while", "until", "if", "{", "for", "select", "case"];
const CLOSES: &[&str] = &["done", "fi", "}", "esac"];

/// The compound commands open at a point of a script: where each closes (a pipeline and a node
/// of it), the input its commands read (the closing word's redirection, or the pipe into its
/// opening word; `Feed::None` for the input around it), and the substitutions of those
/// redirections, walked when the compound opens, as the shell runs them.
#[derive(Default)]
pub(super) struct Compounds {
    open: Vec<((usize, usize), Feed)>,
    pub(super) walked: Vec<usize>,
}

impl Compounds {
    /// What a command inside reads: the innermost compound's input that has one, else `outer`.
    pub(super) fn input(&self, outer: &Feed) -> Feed {
        self.open.iter().rev().map(|(_, f)| f).find(|f| **f != Feed::None).unwrap_or(outer).clone()
    }

    /// The compounds that close at `at`.
    pub(super) fn close(&mut self, at: (usize, usize)) {
        self.open.retain(|(end, _)| *end != at);
    }
}

/// The substitutions a simple command runs before it (its words', its redirections', its
/// heredocs' bodies').
pub(super) fn substitutions(p: &Parsed, cmd: &Simple) -> Vec<usize> {
    let words = cmd.words.iter().chain(cmd.redirs.iter().map(|r| &r.target)).flat_map(Word::scripts);
    let bodies = cmd.redirs.iter().filter_map(|r| r.body).filter_map(|b| p.bodies.get(b)).flat_map(|b| b.scripts.iter().copied());
    words.chain(bodies).collect()
}

/// How many compounds the leading keywords of `cmd` close and open (`done`, `do while`, `{ for`).
pub(super) fn keywords(cmd: &Simple) -> (usize, usize) {
    let (mut closes, mut opens) = (0, 0);
    for w in &cmd.words {
        let Some(t) = w.literal() else { break };
        let t = t.as_str();
        closes += usize::from(CLOSES.contains(&t) && opens == 0);
        opens += usize::from(OPENS.contains(&t));
        if !KEYWORDS.contains(&t) && t != "esac" {
            break;
        }
    }
    (closes, opens)
}

/// Where each compound `script`'s node `from` opens closes, outermost first (`None` for one
/// that does not close in the script).
pub(super) fn closers(script: &Script, from: (usize, usize), opens: usize) -> Vec<Option<(usize, usize)>> {
    let mut ends = vec![None; opens];
    // Nothing open, nothing to find: the walk asks at every command, and scanning the rest of the
    // script each time made a long command's cost grow with the square of its length.
    if opens == 0 {
        return ends;
    }
    let mut depth = opens;
    for (at, pipeline) in script.pipelines.iter().enumerate().skip(from.0) {
        for (k, node) in pipeline.nodes.iter().enumerate() {
            let Node::Simple(cmd) = node else { continue };
            if (at, k) <= from {
                continue;
            }
            let (closes, more) = keywords(cmd);
            for _ in 0..closes {
                depth = depth.saturating_sub(1);
                if depth < opens {
                    ends[depth] = Some((at, k));
                }
                if depth == 0 {
                    return ends;
                }
            }
            depth += more;
        }
    }
    ends
}

impl Walk<'_> {
    /// Node `at` of `script` opening compounds (`while read f`, `{`, `if`): each reads the input
    /// its closing word is given (`done < <(find …)`), or, for the outermost one, what the pipe
    /// passes it. Whether it opens any.
    pub(super) fn opens(
        &mut self,
        p: &Parsed,
        script: &Script,
        at: (usize, usize),
        pipe: &Feed,
        shell: &ShellState,
        (open, reparse): (&mut Compounds, usize),
    ) -> bool {
        let Some(Node::Simple(cmd)) = script.pipelines.get(at.0).and_then(|pl| pl.nodes.get(at.1)) else { return false };
        let (_, opens) = keywords(cmd);
        if opens == 0 {
            return false;
        }
        for (n, end) in closers(script, at, opens).into_iter().enumerate() {
            let Some(end) = end else { continue };
            let closing = match script.pipelines.get(end.0).and_then(|pl| pl.nodes.get(end.1)) {
                Some(Node::Simple(c)) => c,
                _ => continue,
            };
            let given = self.compound_input(p, closing, shell, (open, reparse));
            let feed = match given {
                Some(f) => f,
                None if n == 0 && at.1 > 0 => pipe.clone(),
                None => Feed::None,
            };
            open.open.push((end, feed));
        }
        true
    }

    /// The input the redirections of a compound's closing word give it (`done < <(find …)`,
    /// `} <<< "$list"`), their substitutions walked first; `None` when it has none.
    pub(super) fn compound_input(
        &mut self,
        p: &Parsed,
        closing: &Simple,
        shell: &ShellState,
        (open, reparse): (&mut Compounds, usize),
    ) -> Option<Feed> {
        let inputs: Vec<&syntax::Redir> = closing
            .redirs
            .iter()
            .filter(|r| matches!(r.op, RedirOp::Read | RedirOp::ReadWrite | RedirOp::HereDoc | RedirOp::HereString))
            .collect();
        let last = inputs.last()?;
        for s in substitutions(p, closing) {
            if !open.walked.contains(&s) {
                self.substitution(p, closing, s, shell, reparse);
                open.walked.push(s);
            }
        }
        Some(self.redirected_input(p, last, &shell.dirs))
    }

    /// An expanding heredoc whose substitutions list names (`<<EOF` then `$(find ~/x)`): those
    /// names, with the body's plain lines; `None` when none of them lists names.
    pub(super) fn body_lists(&mut self, body: &Body) -> Option<Feed> {
        let mut names = Vec::new();
        let mut trees = false;
        for s in &body.scripts {
            if let Some(k) = self.seen.in_bodies.iter().position(|(id, _)| id == s)
                && let (_, Feed::Found(listed, whole)) = self.seen.in_bodies.remove(k)
            {
                names.extend(listed);
                trees |= whole;
            }
        }
        if names.is_empty() {
            return None;
        }
        let plain = |l: &&str| !l.is_empty() && !l.contains(['$', '`', ' ', '\t']);
        names.extend(body.text.lines().map(str::trim).filter(plain).map(lit_word));
        Some(Feed::Found(names, trees))
    }

    /// `find ~/x > /tmp/l`: the list of names a command prints into a file it writes, kept for
    /// what reads that file later in the call.
    pub(super) fn wrote_list(&mut self, target: &Word, dirs: &Dirs, printed: &Feed) {
        let Some(ps) = self.paths(target, dirs) else { return };
        for t in ps.into_iter().filter(|t| t.glob.is_none()) {
            self.seen.lists.retain(|(p, _)| *p != t.path);
            if matches!(printed, Feed::Found(..)) && self.seen.lists.len() < MAX_LISTS {
                self.seen.lists.push((t.path, printed.clone()));
            }
        }
    }

    /// What reading the file at `path` gives: the list of names the call wrote there, or the file.
    pub(super) fn file_feed(&self, path: PathBuf) -> Feed {
        match self.seen.lists.iter().rev().find(|(p, _)| *p == path) {
            Some((_, listed)) => listed.clone(),
            None => Feed::File(path),
        }
    }

    /// `mapfile [-t] [-d DELIM] [ARRAY]`, `readarray`: the array holds each name of the list
    /// its input gives it, when bounded (as `read` does); `MAPFILE` without a name. Options that
    /// read another descriptor or run a callback leave it computed.
    pub(super) fn map_lines(&mut self, words: &[Word], feed: &Feed, dirs: &Dirs) {
        let (names, plain) = builtin_words(words, &["-d", "-n", "-O", "-s"], |o| o.starts_with("-u") || o.starts_with("-C"));
        let name = names.last().cloned().unwrap_or_else(|| "MAPFILE".to_string());
        self.seen.loops.retain(|(m, ..)| *m != name);
        if plain {
            self.holds_list(name, feed, false, dirs);
        }
    }

    /// NAME given each name of the list `feed` holds, when NAME is a variable's and the list is
    /// bounded ([`Walk::bounded_list`]).
    /// `split`: the line is taken apart (`read` without `-r` removes backslashes).
    fn holds_list(&mut self, name: String, feed: &Feed, split: bool, dirs: &Dirs) {
        if !syntax::is_name(&name) {
            return;
        }
        if let Some(values) = self.bounded_list(feed) {
            // A backslash in a name is taken off by `read` without `-r`: such a name is not bounded.
            let values = if split { self.split_or_opaque(values, dirs, false) } else { values };
            if let (Feed::Found(..), Some(lister)) = (feed, &self.seen.lister) {
                self.out.sources.push(format!("${name} holds each name {lister} lists"));
            }
            let shell_picked = self.seen.lister.as_deref().is_some_and(lists_shell_picked);
            self.hold_values(name, values, shell_picked, false, dirs);
        }
    }
}

/// The names `read` or `mapfile` sets, after its options, and whether their values stay bounded:
/// an option in `valued` takes the next word; one `unbounded` says of (another descriptor, a
/// callback, an array), or a computed word, leaves them computed.
fn builtin_words(words: &[Word], valued: &[&str], unbounded: impl Fn(&str) -> bool) -> (Vec<String>, bool) {
    let mut names = Vec::new();
    let mut plain = true;
    let mut i = 0;
    while i < words.len() {
        let Some(t) = words[i].literal() else { return (names, false) };
        if valued.contains(&t.as_str()) {
            i += 1;
        } else if t.starts_with('-') && t.len() > 1 {
            plain &= !unbounded(&t);
        } else {
            names.push(t);
        }
        i += 1;
    }
    (names, plain)
}

/// Lists of names written to files that a call keeps, at most.
const MAX_LISTS: usize = 16;

/// Names a loop variable is given from one list, at most: past it the variable stays computed.
const MAX_LOOP_NAMES: usize = 32;
/// The name a finder's list that holds none at judging time stands for ([`Walk::exact_list`]).
const LATER: &str = "./new-name-found-later";
/// The computed part standing for a name a finder finds under its start.
const FOUND: &str = "$(find)";

impl Walk<'_> {
    /// `read [-r] [-d DELIM] NAME` on `feed`: NAME holds each name of the list the pipe or the
    /// redirection gives it, when the list is bounded ([`Walk::bounded_list`]); else it is
    /// computed. `-a`, `-u`, `-n`, several names or a prompt leave every name it sets computed.
    pub(super) fn read_line(&mut self, words: &[Word], feed: &Feed, dirs: &Dirs) {
        let (names, plain) = builtin_words(words, &["-d", "-rd"], |o| !matches!(o, "-r" | "-e" | "-s" | "-re" | "-er" | "-rs" | "-sr"));
        for n in &names {
            self.seen.loops.retain(|(m, ..)| m != n);
        }
        let raw = words.iter().filter_map(Word::literal).any(|o| o.starts_with('-') && !o.starts_with("--") && o.contains('r'));
        if let ([name], true) = (names.as_slice(), plain) {
            self.holds_list(name.clone(), feed, !raw, dirs);
        }
    }

    /// The names `feed` lists, one a line, when the analyser can bound them: a finder's matches
    /// bounded by name tests (each `START/PATTERN`, with the guarded files the pattern matches),
    /// what a list file in the project holds, or literal lines of plain names.
    pub(super) fn bounded_list(&self, feed: &Feed) -> Option<Vec<Word>> {
        let feed = &self.substituted_feed(feed);
        // A line is one name: no blank, quoting or expansion in it, and no pattern (the shell
        // would match an unquoted `$f` holding `*` against the directory).
        let plain = |l: &str| !l.is_empty() && !l.chars().any(|c| c.is_whitespace() || "'\"\\$`*?[~".contains(c));
        if let Some((exact, _)) = self.exact_list(feed, false) {
            return Some(exact);
        }
        let lines = |names: Vec<&str>| names.iter().all(|n| plain(n)).then(|| names.iter().map(|n| lit_word(n)).collect::<Vec<_>>());
        let values: Vec<Word> = match feed {
            // A finder's stand-in `START/PATTERN` names the files it matches, each a real name.
            Feed::Found(found, false) => found.clone(),
            // Without name tests, each start stands for any name under it, as a computed name in
            // that directory does (`.` for the project's own `.git` and agents' directories), and
            // the start itself, which a read takes whole ([`Walk::names_trees`]).
            Feed::Found(starts, true) => starts
                .iter()
                .flat_map(|s| {
                    let slash = (!s.text().ends_with('/')).then(|| Part::Lit("/".into()));
                    [s.clone(), Word { parts: s.parts.iter().cloned().chain(slash).chain([Part::Computed(FOUND.into())]).collect() }]
                })
                .collect(),
            Feed::Text(text) => lines(text.lines().map(str::trim).filter(|l| !l.is_empty()).collect())?,
            Feed::File(path) => lines(self.listed(path)?.iter().map(String::as_str).collect())?,
            _ => return None,
        };
        // Spliced into a word, a value must not name another loop variable (which could name itself).
        let spliced = |w: &Word| w.parts.iter().all(spliceable);
        (!values.is_empty() && values.len() <= MAX_LOOP_NAMES && values.iter().all(spliced)).then_some(values)
    }

    /// A finder's list read on disk at judging time ([`Walk::listed_found`], a line filter after
    /// it): the names themselves, when at most [`MAX_LOOP_NAMES`] and each made only of
    /// characters no shell, `xargs` or `read` takes for anything but text (no blank, quote,
    /// pattern, expansion or operator), so that a name put into shell text is that name; `None`
    /// otherwise. A list of none is, when `later`, [`LATER`]: a name that comes to be before the
    /// call runs is a new one in the project (a guarded place comes to be only by a change judged
    /// on its own), and what the command does with it is judged, not taken for nothing; only
    /// for a caller that uses the name as it is (a loop or a script may reshape it into any name).
    /// Whether the names are [`LATER`] alone is said beside them.
    pub(super) fn exact_list(&self, feed: &Feed, later: bool) -> Option<(Vec<Word>, bool)> {
        let Feed::Found(found, trees) = feed else { return None };
        let (_, exact) = self.seen.listed.iter().find(|((n, t), _)| n == found && t == trees)?;
        if exact.is_empty() {
            return later.then(|| (vec![lit_word(LATER)], true));
        }
        let inert = |t: String| !t.is_empty() && t.chars().all(|c| c.is_alphanumeric() || "._/+,@:-".contains(c));
        (exact.len() <= MAX_LOOP_NAMES && exact.iter().all(|w| w.literal().is_some_and(inert))).then(|| (exact.clone(), false))
    }

    /// A list of words each made of one substitution (`<<< "$(find ~/x)"`): the names those
    /// substitutions list, when each listed names; else `feed` as it is.
    fn substituted_feed(&self, feed: &Feed) -> Feed {
        let Feed::Found(words, trees) = feed else { return feed.clone() };
        let mut names = Vec::new();
        let mut whole = *trees;
        for w in words {
            let parts: Vec<&Part> = w.parts.iter().filter(|p| !matches!(p, Part::Lit(t) if t.is_empty())).collect();
            let listed = match parts.as_slice() {
                [part @ Part::Subst { .. }] => self.listed_by(part),
                _ => None,
            };
            match listed {
                Some(Feed::Found(more, t)) => {
                    names.extend(more);
                    whole |= t;
                }
                _ => return feed.clone(),
            }
        }
        Feed::Found(names, whole)
    }

    /// `for f in $(find . -name '*.c')`: the names the substitution's list names, when bounded.
    pub(super) fn substituted_list(&self, raw: &str) -> Option<Vec<Word>> {
        let (_, feed) = self.seen.substituted.iter().find(|(r, _)| r == raw)?;
        self.bounded_list(feed)
    }

    /// For `gitvow check`: what a `for` variable over a substitution's list holds.
    pub(super) fn say_substituted(&mut self, name: &str, raw: &str) {
        let inner = raw.strip_prefix("$(").and_then(|r| r.strip_suffix(')')).or_else(|| raw.strip_prefix('`')?.strip_suffix('`'));
        self.out.sources.push(format!("${name} holds each name {} lists", inner.unwrap_or(raw).trim()));
    }

    /// Whether `word` holds a loop variable that stands for all a finder finds under a start
    /// (`find ~/.gitvow | while read f; do cat "$f"`): what reads it reads the start whole.
    pub(super) fn names_trees(&self, word: &Word) -> bool {
        let found = Part::Computed(FOUND.into());
        word.parts.iter().any(|p| self.loop_values(p).is_some_and(|values| values.iter().any(|v| v.parts.contains(&found))))
    }
}

impl Walk<'_> {
    /// `word` holding a finder's name reshaped ([`found_named`]) at part `k`: the name it makes in
    /// a directory under the start before it, its last component the patterns followed by the
    /// literal text after the part (`${f%.c}.o` of `./*.c`: `*.o` at any depth under `.`). What it
    /// names is that name (as the finder's own stand-in, text) and each guarded place under the
    /// start the new last component can match. `None` (a name the shell computes) when the text
    /// after it is not a literal end of the last component, or the new name may be empty (the
    /// directory the name was in).
    pub(in crate::gate::command) fn found_named_paths(&self, word: &Word, k: usize, dirs: &Dirs) -> Option<Vec<Touch>> {
        let patterns = named_patterns(&word.parts[k])?;
        let mut tail = String::new();
        for p in &word.parts[k + 1..] {
            match p {
                Part::Lit(t) if !t.contains('/') => tail.push_str(t),
                _ => return None,
            }
        }
        let names: Vec<(String, bool)> = patterns.iter().map(|p| (format!("{p}{tail}"), true)).collect();
        if names.iter().any(|(p, _)| crate::gate::pattern::matches(p, "", true)) {
            return None;
        }
        let head = Word { parts: word.parts[..k].to_vec() };
        let starts: Vec<PathBuf> = if head.parts.is_empty() {
            let Dirs::Known(ds) = dirs else { return None };
            ds.clone()
        } else {
            let heads = self.paths(&head, dirs)?;
            if heads.iter().any(|t| t.glob.is_some()) {
                return None;
            }
            heads.into_iter().map(|t| t.path).collect()
        };
        let mut touched = Vec::new();
        for start in starts {
            for (name, _) in &names {
                touched.push(Touch { path: start.join(name), glob: None });
            }
            touched.extend(self.guarded_named(&start, &names).into_iter().map(|path| Touch { path, glob: None }));
        }
        Some(touched)
    }
}

impl Walk<'_> {
    /// The values a part takes when it is a loop variable (`$f`), or a loop variable reshaped
    /// (`${f%.txt}`, `${f/.c/.cc}`, see [`reshape`]): the same names, the names the shell makes of
    /// them, or names in the same directory.
    pub(super) fn loop_values(&self, part: &Part) -> Option<Vec<Word>> {
        let entry = |n: &str| self.seen.loops.iter().find(|(m, ..)| m == n);
        let values = |n: &str| entry(n).map(|(_, v, _)| v.clone());
        match part {
            Part::Var(n) => values(n),
            Part::Computed(t) => {
                if let Some(name) = positional(t) {
                    return values(name);
                }
                let inner = t.strip_prefix("${")?.strip_suffix('}')?;
                // `${a[@]}`, `${a[0]}`: an array `mapfile` filled holds the names of its list.
                if let Some((name, index)) = inner.split_once('[')
                    && syntax::is_name(name)
                    && index.ends_with(']')
                {
                    return values(name);
                }
                let name = &inner[..inner.find(|c: char| c != '_' && !c.is_ascii_alphanumeric()).unwrap_or(inner.len())];
                let (_, values, shell_picked) = entry(name)?;
                // `${f%.txt}`, `${f/.c/.cc}`, `${f#./}`: each value as the shell reshapes it, where
                // bounded. Else a name in gitvow's directory reshaped (`${f/policy.json/record.key}`)
                // is taken for any name there, and any other is computed.
                let op = &inner[name.len()..];
                // A finder's stand-in reshaped in its last component is a name it found, renamed:
                // judged by what the new name can match ([`found_named`]).
                let each = |v: &Word| {
                    reshape::reshaped(v, op, *shell_picked).or_else(|| {
                        let (dir, patterns) = reshape::found_reshaped(v, op).filter(|_| !*shell_picked)?;
                        let named = found_named(&patterns)?;
                        Some(Word { parts: [Part::Lit(dir), named].into_iter().filter(|p| *p != Part::Lit(String::new())).collect() })
                    })
                };
                match values.iter().map(each).collect::<Option<Vec<Word>>>() {
                    Some(kept) if !op.is_empty() => Some(kept),
                    _ => self.reshaped(values),
                }
            }
            _ => None,
        }
    }

    /// `$(basename "$f" [SUFFIX])` of a loop variable each of whose values ends in a name that
    /// starts with no dot: it prints one such name (a suffix is taken off only from a longer name).
    pub(super) fn loop_basename(&self, raw: &str) -> bool {
        let Some(inner) = raw.strip_prefix("$(").and_then(|r| r.strip_suffix(')')).or_else(|| raw.strip_prefix('`')?.strip_suffix('`'))
        else {
            return false;
        };
        let words: Vec<&str> = inner.split_whitespace().collect();
        let (["basename", var] | ["basename", var, _]) = words.as_slice() else { return false };
        if let [_, _, suffix] = words.as_slice()
            && !suffix.trim_matches(['"', '\'']).chars().all(|c| c.is_ascii_alphanumeric() || "._-+".contains(c))
        {
            return false;
        }
        let var = var.trim_matches('"');
        let name = var.strip_prefix("${").and_then(|v| v.strip_suffix('}')).or_else(|| var.strip_prefix('$')).unwrap_or("");
        syntax::is_name(name)
            && self
                .seen
                .loops
                .iter()
                .find(|(m, ..)| m == name)
                .is_some_and(|(_, values, shell_picked)| values.iter().all(|v| reshape::plain_last_name(v, *shell_picked)))
    }

    /// A read of a word made with a loop variable some of whose values the shell computes
    /// (`locate key | while read f; do cat "$f"`): each value the analyser can see is read.
    /// Whether the word holds such a variable.
    pub(super) fn read_values(&mut self, word: &Word, dirs: &Dirs, recursive: bool) -> bool {
        let Some((k, values)) = word.parts.iter().enumerate().find_map(|(k, p)| self.loop_values(p).map(|v| (k, v))) else {
            return false;
        };
        for v in values {
            let mut w = word.clone();
            w.parts.splice(k..=k, v.parts.iter().cloned());
            if self.paths(&w, dirs).is_some() {
                self.read(&w, dirs, recursive);
            }
        }
        true
    }

    /// Values of a loop variable reshaped by the shell: when one reaches gitvow's directory, the
    /// directory and anything under it (read whole); `None` otherwise (any name).
    fn reshaped(&self, values: &[Word]) -> Option<Vec<Word>> {
        let secrets = crate::paths::gitvow_home()?;
        let reaches = |w: &Word| {
            self.paths(w, &Dirs::Known(vec![self.ctx.cwd.to_path_buf()]))
                .is_some_and(|ts| ts.iter().any(|t| t.path.starts_with(&secrets) || secrets.starts_with(&t.path)))
        };
        if !values.iter().any(reaches) {
            return None;
        }
        let dir = secrets.to_string_lossy().into_owned();
        Some(vec![lit_word(&dir), Word { parts: vec![Part::Lit(format!("{dir}/")), Part::Computed(FOUND.into())] }])
    }
}

/// The computed part that stands for a name a finder found, reshaped in its last component only:
/// `$(find -name PATTERN)`, one pattern a line (see [`found_named`]).
const NAMED: &str = "$(find -name ";

/// The part standing for a name at any depth under the directory before it whose last component
/// one of `patterns` matches (dot names too); `None` for a pattern this cannot carry.
pub(in crate::gate::command) fn found_named(patterns: &[String]) -> Option<Part> {
    let plain = |p: &String| !p.is_empty() && !p.contains(['\n', '$', '`', '/', '\\']);
    patterns.iter().all(plain).then(|| Part::Computed(format!("{NAMED}{})", patterns.join("\n"))))
}

/// Whether `part` was made by [`found_named`].
pub(in crate::gate::command) fn is_found_named(part: &Part) -> bool {
    named_patterns(part).is_some()
}

/// The patterns of a part made by [`found_named`].
fn named_patterns(part: &Part) -> Option<Vec<&str>> {
    match part {
        Part::Computed(t) => Some(t.strip_prefix(NAMED)?.strip_suffix(')')?.split('\n').collect()),
        _ => None,
    }
}

/// The positional parameters, held as loop variables by these names where the call says what they
/// are (see `functions`).
pub(super) const PARAMETERS: &[&str] = &["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "@", "*"];

/// The parameter a computed part names when it is one as a whole: `$1`, `${1}`, `$@`, `"${@}"`, `$*`.
pub(super) fn positional(text: &str) -> Option<&'static str> {
    let inner = text.strip_prefix("${").and_then(|t| t.strip_suffix('}')).or_else(|| text.strip_prefix('$'))?;
    PARAMETERS.iter().find(|n| **n == inner).copied()
}

/// What `${NAME OP}` makes of a value of literal text (see [`reshape`]); `None` when not bounded.
pub(super) fn reshaped(value: &Word, op: &str) -> Option<Word> {
    reshape::reshaped(value, op, true)
}

/// Whether the names command `lister` lists are ones the shell picked, as a `for` word's pattern
/// would be ([`reshape`]): `ls` of patterns and of directories, without the options that list dot
/// names or go down (`-a`, `-A`, `-R`), and the listers of bare names (`seq`). A finder's and any
/// other's stand-ins hide names at any depth.
pub(super) fn lists_shell_picked(lister: &str) -> bool {
    let mut words = lister.split_whitespace();
    match words.next() {
        Some("ls") => words.all(|a| !a.starts_with('-') || super::finder::LS_ORDER.contains(&a)),
        Some("seq" | "jot" | "nproc" | "whoami" | "hostname") => true,
        _ => false,
    }
}

/// A part a loop variable's value may hold: one that names no other variable (a value naming a
/// loop variable could name itself), or the stand-in for what a finder finds under its start.
/// A stand-in for names the analyser cannot see (`$(locate …)`) names no variable either.
pub(super) fn spliceable(p: &Part) -> bool {
    matches!(p, Part::Lit(_) | Part::Glob(_) | Part::Tilde | Part::Subst { .. })
        || matches!(p, Part::Computed(t) if t == FOUND || (t.starts_with("$(") && !t.starts_with("$((") && !t[1..].contains('$')))
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::{Analysis, Context, analyse_in};
    use std::path::Path;

    /// The call analysed in `/r`, a repository's top, with the home `/h` (functions.rs's tests too).
    pub(in super::super) fn analysed(cmd: &str) -> Analysis {
        analyse_in(cmd, &Context { cwd: Path::new("/r"), home: Some(Path::new("/h")), repo_top: Some(Path::new("/r")) })
    }

    /// The paths the analysis says the call touches.
    pub(in super::super) fn touched(a: &Analysis) -> Vec<String> {
        a.touched.iter().map(|t| t.path.to_string_lossy().into_owned()).collect()
    }

    #[test]
    fn a_variable_read_from_a_bounded_list_names_each_name() {
        for cmd in [
            r#"find . -name '*.c' | while read -r f; do rm "$f"; done"#,
            r#"find . -name '*.c' -print0 | while IFS= read -r -d '' f; do rm -f "$f"; done"#,
            r#"for f in $(find . -name '*.c'); do rm "$f"; done"#,
        ] {
            let a = analysed(cmd);
            assert!(a.opaque.is_none(), "{cmd}: {a:?}");
            assert_eq!(touched(&a), ["/r/*.c"], "{cmd}");
        }
        let a = analysed(r#"printf 'a.txt\nb.txt\n' | while read f; do mv "$f" "${f%.txt}.md"; done"#);
        assert!(a.opaque.is_none(), "{a:?}");
        assert_eq!(touched(&a)[..2], ["/r/a.txt", "/r/b.txt"]);
    }

    #[test]
    fn check_says_where_the_names_come_from() {
        let a = analysed("find . -name '*.o' | xargs rm -f");
        assert!(a.sources.contains(&"rm -f on the names find . -name '*.o' lists".to_string()), "{a:?}");
        let a = analysed(r#"find . -name '*.py' | while read -r f; do touch "$f"; done"#);
        assert!(a.sources.contains(&"$f holds each name find . -name '*.py' lists".to_string()), "{a:?}");
        let a = analysed(r#"for d in $(find . -type d -name build); do rm -rf "$d"; done"#);
        assert!(a.sources.contains(&"$d holds each name find . -type d -name build lists".to_string()), "{a:?}");
    }

    #[test]
    fn unbounded_lists_leave_the_variable_computed() {
        for cmd in [
            r#"cat names | while read f; do rm "$f"; done"#,
            r#"printf '*\n' | while read f; do rm -rf $f; done"#,
            r#"printf 'a b\n' | while read f; do rm -rf "$f"; done"#,
            r#"find . -name '*.c' | while read a b; do rm "$a"; done"#,
            r#"find . -name '*.c' | while read -u 3 f; do rm "$f"; done"#,
        ] {
            assert!(analysed(cmd).opaque.is_some(), "{cmd}");
        }
    }

    #[test]
    fn a_finder_without_name_tests_stands_for_all_under_its_start() {
        let a = analysed(r#"find /h/.gitvow | while read f; do cat "$f"; done"#);
        assert!(a.reads.iter().any(|r| r.recursive && r.touch.path == Path::new("/h/.gitvow")), "{a:?}");
        let a = analysed(r#"find . -type f | while read f; do sed -i 's/a/b/' "$f"; done"#);
        assert!(touched(&a).contains(&"/r".to_string()), "{a:?}");
    }

    #[test]
    fn a_loops_input_reaches_the_read_inside() {
        for cmd in [
            r#"while read f; do cat "$f"; done < <(find /h/.gitvow -type f)"#,
            r#"{ while read f; do cat "$f"; done; } < <(find /h/.gitvow)"#,
            r#"( while read f; do cat "$f"; done ) < <(find /h/.gitvow)"#,
            r#"find /h/.gitvow | while true; do read f || break; cat "$f"; done"#,
            r#"mapfile -t a < <(find /h/.gitvow); cat "${a[@]}""#,
            r#"find /h/.gitvow > /tmp/l; xargs -a /tmp/l cat"#,
        ] {
            let a = analysed(cmd);
            assert!(a.reads.iter().any(|r| r.recursive && r.touch.path == Path::new("/h/.gitvow")), "{cmd}: {a:?}");
        }
        // A loop without input of its own reads what is around it; one closing later is not fed.
        let a = analysed(r#"while read f; do rm "$f"; done < <(find . -name '*.o'); while read g; do rm "$g"; done"#);
        assert!(touched(&a).contains(&"/r/*.o".to_string()), "{a:?}");
        assert!(a.opaque.is_some(), "{a:?}");
    }

    /// A finder's name renamed in its last component names the new name under the start, and
    /// each guarded place the new name can match there, there or not: what it is allowed or
    /// asked about for.
    #[test]
    fn a_finders_name_renamed_names_the_guarded_places_it_can_match() {
        let a = analysed(r#"find . -name '*.c' | while read f; do cc "$f" -o "${f%.c}.o"; done"#);
        assert!(a.opaque.is_none(), "{a:?}");
        assert!(touched(&a).iter().all(|t| t.starts_with("/r/*.")), "{a:?}");
        let a = analysed(r#"find . -name '*.json.orig' | while read f; do cp "$f" "${f%.orig}"; done"#);
        assert!(a.opaque.is_none(), "{a:?}");
        for hook in ["/r/.claude/settings.json", "/r/.codex/hooks.json", "/r/opencode.json"] {
            assert!(touched(&a).contains(&hook.to_string()), "{hook}: {a:?}");
        }
        let a = analysed(r#"find /h -name '*rc.bak' | while read f; do cp "$f" "${f%.bak}"; done"#);
        assert!(touched(&a).contains(&"/h/.bashrc".to_string()), "{a:?}");
        // The new name may be empty (the directory `./.c` was in), or reach what the stand-in hides.
        for cmd in [
            r#"find . -name '*.c' | while read f; do rm -rf "${f%.c}"; done"#,
            r#"find . -name '*.yml' | while read f; do cp x "${f//x/}"; done"#,
            r#"find . -name '*.c' | while read f; do cp x "${f%.c}/a"; done"#,
        ] {
            assert!(analysed(cmd).opaque.is_some(), "{cmd}");
        }
    }

    /// A name test is judged by the guarded places it can match under the start, there or not.
    #[test]
    fn a_name_test_finds_the_guarded_places_it_can_match_there_or_not() {
        let a = analysed("find . -name 'settings*.json' -exec sed -i '/hooks/d' {} +");
        assert!(touched(&a).contains(&"/r/.claude/settings.json".to_string()), "{a:?}");
        let a = analysed("find . -name pre-commit -delete");
        assert!(touched(&a).contains(&"/r/.git/hooks/pre-commit".to_string()), "{a:?}");
        let a = analysed("find src -name '*.json' -exec sed -i s/a/b/ {} +");
        assert_eq!(touched(&a), ["/r/src/*.json"], "nothing guarded under src");
    }
}
