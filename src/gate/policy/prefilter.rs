//! What a pattern needs in a text before it can match: the literal words every match contains,
//! read off the pattern's syntax. The hook tests these (a substring search) before it compiles a
//! pattern, so that an `ls` compiles none of the policy's patterns: compiling is most of a call's
//! cost, searching a few words in a short command is next to nothing.
//!
//! The analysis must never claim a word a match can lack: that would skip a rule that matches, and
//! let a call through. So it is conservative throughout: anything it does not fully understand (a
//! hex escape, verbose mode, a nested class, a stray `]`) gives a pattern with no needs, which is
//! compiled and searched as before; a repetition that may be absent, `.`, or a large class adds
//! no word; under `(?i)` a word is searched without regard to ASCII case, as `regex-lite` folds
//! only ASCII letters. A property test in `tests/integration/policy/prefilter.rs` holds it to that against the regex
//! engine itself.

use super::codec::{Reader, Writer};

/// The words a pattern anchored at the start (`^git…`, `(?i)^(?:psql|mysql)…`) must begin the text
/// with: found by one pass over the pattern, without allocating, so that the many rules about
/// other programs than a command's cost next to nothing. `None` when the pattern is not of that
/// simple shape (then only [`Prefilter`] applies).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Start {
    /// Lower-cased when `fold`.
    words: Vec<Word>,
    fold: bool,
}

/// A word a text may begin with.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Word {
    text: Box<[u8]>,
    /// Followed by `\b` in the pattern (the word ends in a word character): the text's next byte,
    /// if any, is not one (`^np\b` is not `npm`).
    bounded: bool,
    /// After a repeated class (`^[\w.-]*ctl`, any name ending in `ctl`): the ASCII bytes the text
    /// may have before the word, as a set of 128 bits.
    after: Option<u128>,
}

/// The start of a branch as [`leading_words`] reads it: the repeated class before the word, if
/// any, and where the word is in the pattern.
type Lead = (Option<u128>, std::ops::Range<usize>);

impl Start {
    pub fn new(pattern: &str) -> Option<Start> {
        let (branches, end, flags) = split_alternatives(pattern)?;
        // `m` lets `^` match after any newline, `x` makes `#…` a comment that hides the rest.
        if end != pattern.len() || flags.m || flags.x {
            return None;
        }
        let mut words = Vec::new();
        for branch in branches {
            let mut rest = branch;
            while let Some(after) = rest.strip_prefix("(?i)") {
                rest = after;
            }
            leading_words(pattern, rest.strip_prefix('^')?, &mut words, 0)?;
        }
        // `(?i)` anywhere: every word is compared without regard to ASCII case (never too strict).
        let fold = flags.i;
        let words = words
            .into_iter()
            .map(|(after, w): Lead| Word {
                bounded: pattern[w.end..].starts_with(r"\b")
                    && !pattern[w.end..].starts_with(r"\b{")
                    && pattern[w.clone()].ends_with(word_char),
                text: if fold { pattern[w].to_ascii_lowercase() } else { pattern[w].to_string() }.into_bytes().into_boxed_slice(),
                // Under `(?i)` the class holds both cases of its letters (never too strict).
                after: after.map(|set| if fold { set | ((set & LETTERS) << 32) | ((set & (LETTERS << 32)) >> 32) } else { set }),
            })
            .collect();
        Some(Start { words, fold })
    }

    /// Whether `text` begins with one of the words (after the bytes of its class, for a word that
    /// has one). This runs for every rule and every simple command of a call, so it compares bytes
    /// itself: most words differ at the first byte.
    pub fn may_match(&self, text: &str) -> bool {
        self.words.iter().any(|w| begins_with(self.fold, &w.text, w.bounded, w.after, text.as_bytes()))
    }
}

/// Whether `text` begins with `word` (lower-cased when `fold`), after a run of the bytes of
/// `after` when it is set; a `bounded` word is not followed by a word character.
fn begins_with(fold: bool, word: &[u8], bounded: bool, after: Option<u128>, text: &[u8]) -> bool {
    let at = |text: &[u8]| {
        word.len() <= text.len()
            && if fold {
                word.iter().zip(text).all(|(w, t)| *w == t.to_ascii_lowercase())
            } else {
                word.iter().zip(text).all(|(w, t)| w == t)
            }
            && !(bounded && text.get(word.len()).is_some_and(|&t| word_char(t as char)))
    };
    match after {
        None => at(text),
        Some(set) => {
            let run = text.iter().take_while(|&&b| b < 128 && (set >> b) & 1 == 1).count();
            (0..=run).any(|i| at(&text[i..]))
        }
    }
}

/// The ASCII upper-case letters as a set of 128 bits (bits 65 to 90); `<< 32` gives the lower-case.
const LETTERS: u128 = ((1u128 << 26) - 1) << 65;

impl Start {
    pub fn encode(&self, w: &mut Writer) {
        w.flag(self.fold);
        w.len(self.words.len());
        for word in &self.words {
            w.bytes(&word.text);
            w.flag(word.bounded);
            w.flag(word.after.is_some());
            if let Some(set) = word.after {
                w.u64(set as u64);
                w.u64((set >> 64) as u64);
            }
        }
    }

    pub fn decode(r: &mut Reader) -> Option<Start> {
        let mut words = Vec::new();
        let fold = Start::read(r, |_, text, bounded, after| {
            words.push(Word { text: text.into(), bounded, after });
            false
        })?;
        Some(Start { words, fold })
    }

    /// Reads what [`Start::encode`] wrote, handing `word` each word (the fold, its text, whether
    /// it is bounded, its class) until one returns true: the fold, or `None` when the bytes do not
    /// read as a start (every word read, unless `word` said yes to one).
    fn read<'a>(r: &mut Reader<'a>, mut word: impl FnMut(bool, &'a [u8], bool, Option<u128>) -> bool) -> Option<bool> {
        let fold = r.flag()?;
        for _ in 0..r.len()? {
            let (text, bounded) = (r.bytes()?, r.flag()?);
            let after = if r.flag()? { Some(u128::from(r.u64()?) | (u128::from(r.u64()?) << 64)) } else { None };
            if word(fold, text, bounded, after) {
                break;
            }
        }
        Some(fold)
    }
}

/// A kept analysis read where it lies: the hook tests a call's texts against every rule, and
/// decoding the words of each rule (a small allocation per word) cost more than the tests. Each
/// part is read so only once [`Kept::reads_whole`] said it reads whole, as [`Start::decode`] or
/// [`Prefilter::decode`] would read it.
#[derive(Clone, Copy, Debug)]
pub enum Kept<'a> {
    /// A flag, then [`Start::encode`]'s bytes when it is set.
    Start(&'a [u8]),
    /// [`Prefilter::encode`]'s bytes.
    Prefilter(&'a [u8]),
}

impl Kept<'_> {
    /// Whether the bytes read whole, to their last byte.
    pub fn reads_whole(self) -> bool {
        match self {
            Kept::Start(bytes) => {
                let mut r = Reader::new(bytes);
                match r.flag() {
                    Some(true) => Start::read(&mut r, |_, _, _, _| false).is_some() && r.is_done(),
                    Some(false) => r.is_done(),
                    None => false,
                }
            }
            Kept::Prefilter(bytes) => {
                let mut r = Reader::new(bytes);
                let mut words = || {
                    for _ in 0..r.len()? {
                        for _ in 0..r.len()? {
                            r.flag()?;
                            r.str()?;
                        }
                    }
                    Some(())
                };
                words().is_some() && r.is_done()
            }
        }
    }

    /// What [`Start::may_match`] or [`Prefilter::may_match`] says of `text`, read off the bytes
    /// (which read whole: a read that fails cannot happen, and would count as a match). The first
    /// clause a text does not meet ends the reading.
    pub fn may_match(self, text: &str) -> bool {
        match self {
            Kept::Start(bytes) => {
                let mut r = Reader::new(bytes);
                if r.flag() != Some(true) {
                    return true;
                }
                let mut begins = false;
                let whole = Start::read(&mut r, |fold, word, bounded, after| {
                    begins = begins_with(fold, word, bounded, after, text.as_bytes());
                    begins
                });
                begins || whole.is_none()
            }
            Kept::Prefilter(bytes) => {
                let mut r = Reader::new(bytes);
                let Some(clauses) = r.len() else { return true };
                (0..clauses).all(|_| {
                    let Some(lits) = r.len() else { return true };
                    let mut met = false;
                    for _ in 0..lits {
                        let (Some(fold), Some(word)) = (r.flag(), r.bytes()) else { return true };
                        met = met || found(word, fold, text);
                    }
                    met
                })
            }
        }
    }
}

/// Pushes the words a match of `part` (a slice of `pattern` that ends where its branch does) must
/// begin with: its literal prefix, or for a leading group the words of each of its alternatives,
/// and when the group may be absent (`(?:npx\s+)?mikro-orm`) the words of what follows it too.
fn leading_words(pattern: &str, part: &str, words: &mut Vec<Lead>, depth: usize) -> Option<()> {
    let Some(group) = part.strip_prefix("(?:") else {
        let (after, part) = match repeated_class(part) {
            Some((set, rest)) => (Some(set), rest),
            None => (None, part),
        };
        words.push((after, plain_prefix(pattern, part)?));
        return Some(());
    };
    if depth > MAX_DEPTH {
        return None;
    }
    let (alternatives, end, _) = split_alternatives(group)?;
    let after = group[end..].strip_prefix(')')?;
    for alternative in alternatives {
        leading_words(pattern, alternative, words, depth + 1)?;
    }
    match after.chars().next() {
        // Absent or repeated: a match may begin with what follows the group (`??` and `*?` too).
        Some('?' | '*') => leading_words(pattern, after[1..].strip_prefix('?').unwrap_or(&after[1..]), words, depth + 1),
        Some('{') => None,
        // Once (`+`: at least once): a match begins with the group.
        _ => Some(()),
    }
}

/// A class repeated any number of times at the start of `part` (`[\w.-]*`, `[a-z]+`): the ASCII
/// characters it holds as a set, and what follows it. `None` when `part` does not begin so, or the
/// class is beyond this reading (negated, not ASCII, an escape other than `\w`, `\d`, `\s` or a
/// punctuation character).
fn repeated_class(part: &str) -> Option<(u128, &str)> {
    let mut chars = part.strip_prefix('[')?.char_indices();
    let mut set = 0u128;
    let mut last: Option<char> = None;
    let end = loop {
        let (at, c) = chars.next()?;
        let add = match c {
            ']' if at > 0 => break at,
            '^' if at == 0 => return None,
            '[' => return None,
            '\\' => match chars.next()?.1 {
                'w' => ascii_set(|b| word_char(b as char)),
                'd' => ascii_set(|b| b.is_ascii_digit()),
                's' => ascii_set(|b| b.is_ascii_whitespace() || b == 0x0B),
                e if e.is_ascii_punctuation() => 1u128 << e as u32,
                _ => return None,
            },
            // A range from the character before (`a-z`), or a `-` at the end.
            '-' if last.is_some() && !chars.as_str().starts_with(']') => {
                let (from, to) = (last?, chars.next()?.1);
                if !to.is_ascii() || to == '\\' || to == '[' || to < from {
                    return None;
                }
                ascii_set(|b| (from as u8..=to as u8).contains(&b))
            }
            c if c.is_ascii() => {
                set |= 1u128 << c as u32;
                last = Some(c);
                continue;
            }
            _ => return None,
        };
        // Only a plain character begins a range.
        last = None;
        set |= add;
    };
    let rest = &part[1 + end + 1..];
    let rest = rest.strip_prefix('*').or_else(|| rest.strip_prefix('+'))?;
    Some((set, rest.strip_prefix('?').unwrap_or(rest)))
}

/// The ASCII bytes for which `f` holds, as a set of 128 bits.
fn ascii_set(f: impl Fn(u8) -> bool) -> u128 {
    (0..128u8).filter(|&b| f(b)).fold(0, |set, b| set | 1 << b)
}

/// A character `\b` counts as part of a word (regex-lite's word boundary is ASCII).
fn word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Where `part` (a slice of `whole`) begins in it.
fn offset(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

fn quantified(after: &str) -> bool {
    matches!(after.chars().next(), Some('?' | '*' | '+' | '{'))
}

/// The literal characters `part` begins with, as a range of `pattern`; a quantifier after them
/// makes the last one optional. `None` when there are none.
fn plain_prefix(pattern: &str, part: &str) -> Option<std::ops::Range<usize>> {
    let len = part.find(|c: char| !plain(c)).unwrap_or(part.len());
    let len = if quantified(&part[len..]) { part[..len].char_indices().last().map_or(0, |(i, _)| i) } else { len };
    let at = offset(pattern, part);
    (len > 0).then_some(at..at + len)
}

/// A character that matches itself outside a class (outside verbose mode, which `(?x)` would need).
fn plain(c: char) -> bool {
    !matches!(c, '\\' | '.' | '+' | '*' | '?' | '(' | ')' | '|' | '[' | ']' | '{' | '}' | '^' | '$')
}

#[derive(Default)]
struct FlagsSeen {
    i: bool,
    m: bool,
    x: bool,
}

/// The branches of `s` up to its end or to a `)` that closes a group opened before `s` (its offset
/// is returned), and the flags named anywhere on the way. `None` when a class is beyond this reading.
fn split_alternatives(s: &str) -> Option<(Vec<&str>, usize, FlagsSeen)> {
    let mut branches = Vec::new();
    let mut flags = FlagsSeen::default();
    let mut chars = s.char_indices().peekable();
    let mut depth = 0usize;
    let mut from = 0;
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '[' => {
                chars.next_if(|&(_, c)| c == '^');
                chars.next_if(|&(_, c)| c == ']');
                loop {
                    match chars.next()?.1 {
                        '\\' => {
                            chars.next();
                        }
                        '[' => return None,
                        ']' => break,
                        _ => {}
                    }
                }
            }
            '(' => {
                depth += 1;
                if chars.next_if(|&(_, c)| c == '?').is_some() {
                    for (_, f) in chars.clone().take_while(|(_, c)| c.is_ascii_alphabetic() || *c == '-') {
                        match f {
                            'i' => flags.i = true,
                            'm' => flags.m = true,
                            'x' => flags.x = true,
                            _ => {}
                        }
                    }
                }
            }
            ')' if depth == 0 => {
                branches.push(&s[from..at]);
                return Some((branches, at, flags));
            }
            ')' => depth -= 1,
            '|' if depth == 0 => {
                branches.push(&s[from..at]);
                from = at + 1;
            }
            _ => {}
        }
    }
    branches.push(&s[from..]);
    Some((branches, s.len(), flags))
}

/// Sets of literals larger than this are given up (they would cost more to search than they save).
const MAX_SET: usize = 32;
/// Joined words are given up past this many (`(^|/)(a|b|c)` is six words): a run is cut there.
const MAX_PRODUCT: usize = 16;
/// An alternation gives at most this many clauses (one per clause of its branches, past the best).
const MAX_CLAUSES: usize = 4;
/// A class of more characters than this is any character: `[sz]` is worth two words, `[a-z]` is not.
const MAX_CLASS: usize = 4;

/// The words a pattern needs: every clause must be met, and a clause is met when the text contains
/// at least one of its literals. No clauses: every text may match.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Prefilter {
    clauses: Vec<Vec<Lit>>,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Lit {
    /// Lower-cased when `fold`.
    text: String,
    /// Searched without regard to ASCII case.
    fold: bool,
}

/// From this length on, a text is searched with the standard library's vectorised search: a
/// compound command of kilobytes is searched for every word of every rule, where [`find`]'s plain
/// loop costs several times more.
const LONG_TEXT: usize = 256;

impl Lit {
    fn found_in(&self, hay: &str) -> bool {
        found(self.text.as_bytes(), self.fold, hay)
    }
}

/// Whether `word` (lower-cased when `fold`; text, as every word of a prefilter) occurs in `hay`.
fn found(word: &[u8], fold: bool, hay: &str) -> bool {
    if !fold && hay.len() >= LONG_TEXT {
        return std::str::from_utf8(word).is_ok_and(|word| hay.contains(word));
    }
    find(hay.as_bytes(), word, fold)
}

/// Whether `needle` (lower-cased when `fold`) occurs in `hay`. Texts are short and most places
/// differ at the first byte: a plain loop beats setting up a substring searcher for each word.
fn find(hay: &[u8], needle: &[u8], fold: bool) -> bool {
    let Some((&first, rest)) = needle.split_first() else { return true };
    if hay.len() < needle.len() {
        return false;
    }
    let eq = |h: u8, n: u8| if fold { h.to_ascii_lowercase() == n } else { h == n };
    (0..=hay.len() - needle.len()).any(|i| eq(hay[i], first) && rest.iter().zip(&hay[i + 1..]).all(|(n, h)| eq(*h, *n)))
}

impl Prefilter {
    /// The needs of `pattern`; none when the pattern is beyond the analysis.
    pub fn new(pattern: &str) -> Prefilter {
        let mut parser = PatternParser { chars: pattern.char_indices().peekable() };
        let mut flags = Flags::default();
        let info = match parser.alternation(&mut flags, 0) {
            Ok(info) if parser.chars.next().is_none() => info,
            _ => return Prefilter::default(),
        };
        let clauses = match info {
            Info::Needs(clauses) => clauses,
            other => other.into_clauses(),
        };
        let mut clauses: Vec<Vec<Lit>> = clauses.into_iter().map(simplify).collect();
        // Cheapest first: a short set of long words rejects most texts soonest.
        clauses.sort_by_key(|c| std::cmp::Reverse(rank(c)));
        clauses.dedup();
        drop_implied(&mut clauses);
        Prefilter { clauses }
    }

    /// Whether `text` may match: false only when some needed word is missing from it.
    pub fn may_match(&self, text: &str) -> bool {
        self.clauses.iter().all(|clause| clause.iter().any(|lit| lit.found_in(text)))
    }

    /// Whether the pattern needs anything at all (a pattern that needs nothing is always compiled).
    pub fn is_empty(&self) -> bool {
        self.clauses.is_empty()
    }
}

impl Prefilter {
    pub fn encode(&self, w: &mut Writer) {
        w.len(self.clauses.len());
        for clause in &self.clauses {
            w.len(clause.len());
            for lit in clause {
                w.flag(lit.fold);
                w.str(&lit.text);
            }
        }
    }

    pub fn decode(r: &mut Reader) -> Option<Prefilter> {
        let clauses = r.list(|r| r.list(|r| Some(Lit { fold: r.flag()?, text: r.string()? })))?;
        Some(Prefilter { clauses })
    }
}

/// Leaves out each clause that every text meeting another clause meets too: it would add only
/// search time (an alternation's clauses share most of their words).
fn drop_implied(clauses: &mut Vec<Vec<Lit>>) {
    // `d` implies `c` when each word of `d` contains a word of `c`.
    let implied_by = |c: &[Lit], d: &[Lit]| d.iter().all(|x| c.iter().any(|y| implies(x, y)));
    let mut keep = vec![true; clauses.len()];
    for i in 0..clauses.len() {
        keep[i] = !(0..clauses.len()).any(|j| j != i && keep[j] && implied_by(&clauses[i], &clauses[j]));
    }
    let mut keep = keep.into_iter();
    clauses.retain(|_| keep.next().unwrap_or(true));
}

/// A clause's worth as a filter: the length of its shortest word.
fn rank(clause: &[Lit]) -> usize {
    clause.iter().map(|l| l.text.len()).min().unwrap_or(0)
}

/// A set as a clause: useless when it holds the empty string (matched by every text) or too much.
fn usable(set: Vec<Lit>) -> Option<Vec<Lit>> {
    if set.is_empty() || set.len() > MAX_SET || set.iter().any(|l| l.text.is_empty()) {
        return None;
    }
    Some(set)
}

/// The clauses of an alternation. Every match goes through one branch, so it contains a word of
/// each clause of that branch: one clause of each branch, joined, is a clause of the whole. The
/// best such choice first ([`best_choice`]), then every choice that differs from it in one branch,
/// so that each clause of each branch serves at least once: a branch whose best word is common
/// (`^effect \S+ git \S*/\.git`, best `effect `) no longer hides its rarer ones (`/.git`), which
/// would send every `effect` line to the regex engine. Choices past [`MAX_SET`] words are left out.
fn clauses_of_one_each(choices: Vec<Vec<Vec<Lit>>>) -> Vec<Vec<Lit>> {
    let Some(best) = best_choice(&choices) else { return Vec::new() };
    let joined = |picked: &[usize]| usable(simplify(choices.iter().zip(picked).flat_map(|(c, &i)| c[i].iter().cloned()).collect()));
    let mut clauses: Vec<Vec<Lit>> = joined(&best).into_iter().collect();
    for (b, branch) in choices.iter().enumerate() {
        for i in (0..branch.len()).filter(|&i| i != best[b]) {
            if clauses.len() >= MAX_CLAUSES {
                return clauses;
            }
            let mut other = best.clone();
            other[b] = i;
            clauses.extend(joined(&other));
        }
    }
    clauses
}

/// The choice of one clause per branch whose words fit [`MAX_SET`]: the smallest of each branch
/// first, so that no branch's long list of verbs makes the whole pattern give up, then, while the
/// words fit, a better one (longer words) for the branches whose choice is weakest. `None` when even
/// the smallest ones do not fit.
fn best_choice(choices: &[Vec<Vec<Lit>>]) -> Option<Vec<usize>> {
    let smallest =
        |clauses: &[Vec<Lit>]| (0..clauses.len()).min_by_key(|&i| (clauses[i].len(), std::cmp::Reverse(rank(&clauses[i])))).unwrap_or(0);
    let mut picked: Vec<usize> = choices.iter().map(|c| smallest(c)).collect();
    let mut total: usize = choices.iter().zip(&picked).map(|(c, &i)| c[i].len()).sum();
    if total > MAX_SET {
        return None;
    }
    let mut weakest_first: Vec<usize> = (0..choices.len()).collect();
    weakest_first.sort_by_key(|&b| rank(&choices[b][picked[b]]));
    for b in weakest_first {
        let now = &choices[b][picked[b]];
        let better = (0..choices[b].len())
            .filter(|&i| rank(&choices[b][i]) > rank(now) && total - now.len() + choices[b][i].len() <= MAX_SET)
            .max_by_key(|&i| (rank(&choices[b][i]), std::cmp::Reverse(choices[b][i].len())));
        if let Some(i) = better {
            total = total - now.len() + choices[b][i].len();
            picked[b] = i;
        }
    }
    Some(picked)
}

/// A final clause, without the words that contain another word of it (`/.gitvow/` next to
/// `.gitvow/`): a text with the longer one has the shorter one too.
fn simplify(mut set: Vec<Lit>) -> Vec<Lit> {
    set.sort();
    set.dedup();
    let keep: Vec<bool> = set.iter().enumerate().map(|(i, x)| !set.iter().enumerate().any(|(j, y)| i != j && implies(x, y))).collect();
    let mut keep = keep.into_iter();
    set.retain(|_| keep.next().unwrap_or(true));
    set
}

/// Whether every text that contains `x` contains `y`.
fn implies(x: &Lit, y: &Lit) -> bool {
    match (x.fold, y.fold) {
        (false, false) => x.text.contains(y.text.as_str()),
        // A folded word is lower-cased already; `y` folded matches `x` in any case.
        (_, true) => y.found_in(&x.text),
        (true, false) => false,
    }
}

/// What a piece of a pattern matches, as far as literals go.
#[derive(Debug)]
enum Info {
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

    fn into_clauses(self) -> Vec<Vec<Lit>> {
        match self.widen() {
            Info::Char(..) => vec![],
            Info::Exact(set) => usable(set).into_iter().collect(),
            Info::Needs(clauses) => clauses,
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Flags {
    fold: bool,
}

/// Not understood: the whole pattern gets no needs.
struct Bail;

struct PatternParser<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
}

/// Deeper nesting is given up (regex-lite's own limit is larger; this only bounds the recursion).
const MAX_DEPTH: usize = 64;

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
    fn alternation(&mut self, flags: &mut Flags, depth: usize) -> Result<Info, Bail> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn words(p: &str) -> Vec<Vec<String>> {
        Prefilter::new(p)
            .clauses
            .iter()
            .map(|c| c.iter().map(|l| if l.fold { format!("(?i){}", l.text) } else { l.text.clone() }).collect())
            .collect()
    }

    #[test]
    fn reads_the_words_a_match_needs() {
        assert_eq!(words(r"^gh\s+repo\s+delete\b"), vec![vec!["delete"], vec!["repo"], vec!["gh"]]);
        assert_eq!(words(r"^(?:terraform|tofu)(?:\s+-\S+)*\s+destroy\b"), vec![vec!["destroy"], vec!["terraform", "tofu"]]);
        assert_eq!(words(r"(^|/)\.gitvow/"), vec![vec![".gitvow/"]]);
        assert_eq!(words(r"mkfs(?:\.\w+)?x"), vec![vec!["mkfs"], vec!["x"]]);
        assert_eq!(words(r"authori[sz]e"), vec![vec!["authorise", "authorize"]]);
        assert_eq!(words(r"(?i)Drop\s+x"), vec![vec!["(?i)drop"], vec!["(?i)x"]]);
        assert_eq!(words(r"a(?i:B)c"), vec![vec!["(?i)abc"]]);
        assert_eq!(words(r"x(?i)a|b"), vec![vec!["(?i)b", "(?i)xa"]]);
    }

    #[test]
    fn a_long_alternation_keeps_one_small_clause_per_branch() {
        // Each branch's verbs are longer words than its program, but all of them are too many.
        let p = (0..12).map(|i| format!(r"^tool{i}\s+(?:apply|destroy|import)\b")).collect::<Vec<_>>().join("|");
        let f = Prefilter::new(&p);
        assert!(!f.is_empty());
        assert!(f.may_match("tool7 import x") && !f.may_match("ls -la"));
        // Few branches: the longer words are kept, and each branch's other clause serves too.
        assert_eq!(
            words(r"^ab\s+(?:apply|destroy)|^cd\s+(?:import|taint)"),
            vec![vec!["apply", "destroy", "import", "taint"], vec!["ab", "import", "taint"], vec!["apply", "cd", "destroy"]]
        );
    }

    #[test]
    fn a_common_word_of_one_branch_does_not_hide_its_rarer_ones() {
        // The best single choice is `effect ` for both branches; `/.git` must still be needed.
        let p = r"^effect (?:delete-recursive|move) git |^effect \S+ git \S*/\.git(?:/(?:refs|objects)(?:/|$)|$)";
        let f = Prefilter::new(p);
        assert!(!f.may_match("effect overwrite project /home/u/project/src/main.rs"));
        assert!(f.may_match("effect overwrite git /home/u/project/.git/refs/x") && f.may_match("effect move git /x"));
    }

    #[test]
    fn needs_nothing_when_unsure() {
        for p in [
            r"\x41bc",
            r"(?x)a b",
            r"[[:alpha:]]abc",
            r"ab]",
            r"\pLabc",
            r"a|.*",
            r"(?:abc)?",
            r"abc*",
            r"\b{start}abc",
            r"[^a]",
            r"(abc|)",
        ] {
            let f = Prefilter::new(p);
            assert!(f.is_empty() || p == r"abc*", "{p}: {f:?}");
        }
        assert_eq!(words(r"abc*"), vec![vec!["ab"]]);
    }

    #[test]
    fn reads_the_words_a_text_must_start_with() {
        let start = |p: &str, t: &str| Start::new(p).map(|s| s.may_match(t));
        assert_eq!(start(r"^git(?:\s+-\S+)*\s+push", "git push"), Some(true));
        assert_eq!(start(r"^git(?:\s+-\S+)*\s+push", "ls git"), Some(false));
        assert_eq!(start(r"(?i)^(?:psql|mysql)\s", "MySQL -e x"), Some(true));
        assert_eq!(start(r"^(?:psql|mysql)\s", "MySQL -e x"), Some(false));
        assert_eq!(start(r"^> /dev/(?:sd[a-z])", "> /dev/sda"), Some(true));
        assert_eq!(start(r"^ab?c", "ac"), Some(true));
        assert_eq!(start(r"^(?:ab|cd)?x", "x"), Some(true));
        assert_eq!(start(r"^(?:ab|cd)?x", "cdx"), Some(true));
        assert_eq!(start(r"^(?:ab|cd)?x", "y"), Some(false));
        assert_eq!(start(r"^(?:ab|cd)*?x", "x"), Some(true));
        assert_eq!(start(r"^(?:ab|cd)+x", "x"), Some(false));
        assert_eq!(start(r"^(?:(?:ab|c)\s+|e)?x", "c x"), Some(true));
        assert_eq!(start(r"^(?:(?:ab|c)\s+|e)?x", "y"), Some(false));
        assert_eq!(start(r"^(?:ab|cd){0,1}x", "x"), None);
        assert_eq!(start(r"^np\b|^surge\b", "npm run build"), Some(false));
        assert_eq!(start(r"^np\b|^surge\b", "np"), Some(true));
        assert_eq!(start(r"^np\b|^surge\b", "np --yes"), Some(true));
        assert_eq!(start(r"^np\b|^surge\b", "surge.sh"), Some(true));
        assert_eq!(start(r"^ab?\b", "ab"), Some(true));
        assert_eq!(start(r"^a-\b", "a-b"), Some(true));
        assert_eq!(start(r"^(?:ab|cd)?", "y"), None);
        assert_eq!(start(r"^ab|^cd", "cd"), Some(true));
        assert_eq!(start(r"^ab|cd", "cd"), None);
        assert_eq!(start(r"^ab|(?i)^cd", "AB"), Some(true));
        assert_eq!(start(r"^(?:twine\s+upload|python[0-9.]*|gem\s+(?:push|yank)|ab?)\s", "pythonx"), Some(true));
        assert_eq!(start(r"^(?:twine\s+upload|python[0-9.]*|gem\s+(?:push|yank)|ab?)\s", "a"), Some(true));
        assert_eq!(start(r"^(?:twine\s+upload|python[0-9.]*|gem\s+(?:push|yank)|ab?)\s", "gi"), Some(false));
        assert_eq!(start(r"(?m)^ab", "x\nab"), None);
        assert_eq!(start(r"^(?:a\.b|c)", "a.b"), Some(true));
        assert_eq!(start(r"[|]^ab", "ab"), None);
        assert_eq!(start(r"^[|]ab", "|ab"), None);
        assert_eq!(start("^ab(?x)#(\n|cd", "cd"), None);
    }

    #[test]
    fn reads_a_name_that_ends_in_a_word() {
        let start = |p: &str, t: &str| Start::new(p).map(|s| s.may_match(t));
        let p = r"^(?:gh|[\w.-]*ctl|[\w.-]*-cli)\s+delete";
        assert_eq!(start(p, "kubectl delete pod x"), Some(true));
        assert_eq!(start(p, "ctl delete"), Some(true));
        assert_eq!(start(p, "my.x-cli delete"), Some(true));
        assert_eq!(start(p, "gh repo delete"), Some(true));
        assert_eq!(start(p, "effect delete project /a/ctl"), Some(false));
        assert_eq!(start(p, "rm -rf x-cli"), Some(false));
        assert_eq!(start(r"(?i)^[a-c]+X", "CBx"), Some(true));
        assert_eq!(start(r"^[a-c]+x", "cbdx"), Some(false));
        assert_eq!(start(r"^[^a]*x", "bx"), None);
        assert_eq!(start(r"^[a-c]?x", "x"), None);
        assert_eq!(start(r"^[]a-]*x", "]-ax"), Some(true));
    }

    #[test]
    fn case_folding_is_ascii_only() {
        let f = Prefilter::new(r"(?i)drop");
        assert!(f.may_match("DROP table") && f.may_match("dRoP") && !f.may_match("drap"));
        let f = Prefilter::new(r"(?i)é");
        assert!(f.may_match("é") && !f.may_match("É"));
    }
}
