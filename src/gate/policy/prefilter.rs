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

mod clauses;
mod hay;
mod parser;
mod start;

use clauses::{Lit, drop_implied, rank, simplify};
pub use hay::Hay;
use parser::{Flags, Info, PatternParser};
pub use start::Start;
use start::begins_with;

/// The words a pattern needs: every clause must be met, and a clause is met when the text contains
/// at least one of its literals. No clauses: every text may match.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Prefilter {
    clauses: Vec<Vec<Lit>>,
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
        self.may_match_in(&Hay::new(text))
    }

    /// [`Prefilter::may_match`] of a text made a [`Hay`] once for all the rules it is tested against.
    pub fn may_match_in(&self, hay: &Hay) -> bool {
        self.clauses.iter().all(|clause| clause.iter().any(|lit| hay.holds(lit.text.as_bytes(), lit.fold)))
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
                    Some(true) => Start::read(&mut r, None, |_, _, _, _| false).is_some() && r.is_done(),
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

    /// What [`Start::may_match`] or [`Prefilter::may_match`] says of the hay's text, read off the
    /// bytes (which read whole: a read that fails cannot happen, and would count as a match). The
    /// first clause a text does not meet ends the reading.
    pub fn may_match(self, hay: &Hay) -> bool {
        match self {
            Kept::Start(bytes) => {
                let mut r = Reader::new(bytes);
                if r.flag() != Some(true) {
                    return true;
                }
                let mut begins = false;
                let whole = Start::read(&mut r, hay.text().as_bytes().first().copied(), |fold, word, bounded, after| {
                    begins = begins_with(fold, word, bounded, after, hay.text().as_bytes());
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
                        met = met || hay.holds(word, fold);
                    }
                    met
                })
            }
        }
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
    fn case_folding_is_ascii_only() {
        let f = Prefilter::new(r"(?i)drop");
        assert!(f.may_match("DROP table") && f.may_match("dRoP") && !f.may_match("drap"));
        let f = Prefilter::new(r"(?i)é");
        assert!(f.may_match("é") && !f.may_match("É"));
    }
}
