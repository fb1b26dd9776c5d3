//! A text as the prefilter searches it: the text, and which pairs of adjacent bytes it holds.
//!
//! A call tests each of its texts against every word of every rule of both policies, some thousand
//! searches, and nearly every word is missing: a search that scans the text to say so was most of
//! the prefilter's cost for any text longer than a short command (a path, an effect line, an Edit's
//! text). Every pair of adjacent bytes of a word that occurs in the text occurs in the text too, so
//! a word with a pair the text lacks is missing, said after a look at one or two bits. A text
//! shorter than [`PAIRS_FROM`] (`ls -la`, `git status`) is scanned in fewer steps than its pairs
//! take to gather, and one longer than [`PAIRS_UNTIL`] is searched with the standard library's
//! vectorised search, faster per byte than gathering pairs byte by byte for every rule list the
//! text is tested against: neither has pairs. The pairs are kept lower-cased (ASCII), which serves a word searched with or without
//! regard to case alike: a pair of the text in any case sets the bit of its lower-cased form. A
//! word whose pairs are all there (or that has none) is searched for as before, so the answer is
//! the search's; the pairs only make a missing word cheaper.

use super::clauses::found;

/// Bits of the pair set: a text of a few kilobytes sets under half of them, so most missing words
/// still fail at their first pair.
const BITS: usize = 4096;

/// From this length on a text's pairs are gathered. Measured with callgrind on bench/hook.sh's
/// cases: with pairs for every text an Edit and a Codex patch (paths and effect lines of 40 to 100
/// bytes) cost 50,000 fewer instructions and a Bash `ls -la && git status` (20 bytes) 6,000 more;
/// with pairs only from 256 bytes on, neither gained.
const PAIRS_FROM: usize = 32;
/// Up to this length a text's pairs are gathered: bench/gate-worst.sh's texts of 200 KB to 16 MiB,
/// tested against every rule list, took up to twice as long with pairs gathered for each list.
const PAIRS_UNTIL: usize = 4096;

/// A text with the pairs of adjacent bytes it holds, when it is neither short nor long.
pub struct Hay<'a> {
    text: &'a str,
    pairs: Option<Box<[u64; BITS / 64]>>,
}

impl<'a> Hay<'a> {
    pub fn new(text: &'a str) -> Hay<'a> {
        let pairs = (PAIRS_FROM..=PAIRS_UNTIL).contains(&text.len()).then(|| {
            let mut pairs = Box::new([0u64; BITS / 64]);
            for w in text.as_bytes().windows(2) {
                let bit = pair(w[0], w[1]);
                pairs[bit / 64] |= 1 << (bit % 64);
            }
            pairs
        });
        Hay { text, pairs }
    }

    /// A text searched without its pairs (for a few words, gathering them costs more than it
    /// spares).
    pub fn plain(text: &'a str) -> Hay<'a> {
        Hay { text, pairs: None }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Whether `word` (lower-cased when `fold`) occurs in the text, in any ASCII case when `fold`.
    pub fn holds(&self, word: &[u8], fold: bool) -> bool {
        let has = |pairs: &[u64; BITS / 64]| {
            word.windows(2).all(|w| {
                let bit = pair(w[0], w[1]);
                pairs[bit / 64] & (1 << (bit % 64)) != 0
            })
        };
        self.pairs.as_deref().is_none_or(has) && found(word, fold, self.text)
    }
}

/// The bit of a pair of bytes, lower-cased: ASCII's printable bytes spread over the 4096 bits with
/// few collisions (the first byte in the high bits, the second in the low ones).
fn pair(a: u8, b: u8) -> usize {
    ((usize::from(a.to_ascii_lowercase()) << 5) ^ usize::from(b.to_ascii_lowercase())) % BITS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_is_held_exactly_when_the_search_finds_it() {
        let line = "cd src/app && cargo build --release 2>&1 | tail -n 20; grep -rn 'TODO' src | wc -l; ";
        let (long, longest) = (line.repeat(4), line.repeat(100));
        let texts =
            ["", "l", "ls -la && git status", "DROP TABLE users", "effect overwrite git /x/.git/refs/h", "é or É, ümlaut", &long, &longest];
        let words: [(&str, bool); 16] = [
            ("cargo build", false),
            ("CARGO", true),
            ("todo' src", true),
            ("git push", false),
            ("ls", false),
            ("git status", false),
            ("status ", false),
            ("drop", true),
            ("drop", false),
            ("table", true),
            ("/.git", false),
            (".git/refs", false),
            ("é", false),
            ("ümlaut", true),
            ("l", false),
            ("x", false),
        ];
        for text in texts {
            for hay in [Hay::new(text), Hay::plain(text)] {
                for (word, fold) in words {
                    assert_eq!(hay.holds(word.as_bytes(), fold), found(word.as_bytes(), fold, text), "{word:?} (fold {fold}) in {text:?}");
                }
            }
        }
    }
}
