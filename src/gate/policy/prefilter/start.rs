//! The words a text must begin with for an anchored pattern to match (see [`Start`]).

use crate::gate::policy::codec::{Reader, Writer};

/// The words a pattern anchored at the start (`^git…`, `(?i)^(?:psql|mysql)…`) must begin the text
/// with: found by one pass over the pattern, without allocating, so that the many rules about
/// other programs than a command's cost next to nothing. `None` when the pattern is not of that
/// simple shape (then only [`Prefilter`](super::Prefilter) applies).
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
pub(super) fn begins_with(fold: bool, word: &[u8], bounded: bool, after: Option<u128>, text: &[u8]) -> bool {
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
    /// The bytes a text that begins with one of the words can begin with, as 256 bits: a word's
    /// first byte (in either ASCII case when folded), every byte of a word's `after` class, and
    /// every byte for an empty word. Written before the words, so that a text whose first byte is
    /// none of them is answered without reading a word: a call's texts are tested against every
    /// rule of both policies, some 700 words, and nearly all fail at their first byte.
    fn firsts(&self) -> [u64; 4] {
        let mut set = [0u64; 4];
        let mut add = |b: u8| set[usize::from(b / 64)] |= 1 << (b % 64);
        for word in &self.words {
            match word.text.first() {
                None => (0..=255).for_each(&mut add),
                Some(&b) => {
                    add(b);
                    if self.fold {
                        add(b.to_ascii_uppercase());
                    }
                }
            }
            if let Some(after) = word.after {
                (0..128u8).filter(|b| (after >> b) & 1 == 1).for_each(&mut add);
            }
        }
        set
    }

    pub fn encode(&self, w: &mut Writer) {
        w.flag(self.fold);
        self.firsts().iter().for_each(|part| w.u64(*part));
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
        let fold = Start::read(r, None, |_, text, bounded, after| {
            words.push(Word { text: text.into(), bounded, after });
            false
        })?;
        Some(Start { words, fold })
    }

    /// Reads what [`Start::encode`] wrote, handing `word` each word (the fold, its text, whether
    /// it is bounded, its class) until one returns true: the fold, or `None` when the bytes do not
    /// read as a start (every word read, unless `word` said yes to one). With `first`, the first
    /// byte of a text, no word is read when no word can begin a text with that byte.
    pub(super) fn read<'a>(
        r: &mut Reader<'a>,
        first: Option<u8>,
        mut word: impl FnMut(bool, &'a [u8], bool, Option<u128>) -> bool,
    ) -> Option<bool> {
        let fold = r.flag()?;
        let firsts = [r.u64()?, r.u64()?, r.u64()?, r.u64()?];
        if first.is_some_and(|b| (firsts[usize::from(b / 64)] >> (b % 64)) & 1 == 0) {
            return Some(fold);
        }
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

/// Deeper nesting is given up (regex-lite's own limit is larger; this only bounds the recursion).
pub(super) const MAX_DEPTH: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

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
}
