//! Brace expansion of a word the analyser can spell out: one group of literal alternatives
//! (`{,new.}name`, `src/{a,b}.rs`) or a sequence (`part{1..5}.csv`, `{a..e}`, `{01..10..2}`). Any
//! other word with braces stays a pattern of any name in its directory ([`super::words`]).

use super::syntax::{Part, Word};

/// Words one group may expand to, at most: past it the word stays a pattern.
const MAX_EXPANDED: usize = 64;

/// The words `word` expands to, when it is literal text (after a leading `~`) with exactly one
/// `{` and one `}` around the group the shell expands. A quoted comma or brace in such a word
/// could only make the shell's names hold `,`, `{` or `}`, which no name the gate guards does.
pub(super) fn expand(word: &Word) -> Option<Vec<Word>> {
    let (tilde, rest) = match word.parts.split_first() {
        Some((Part::Tilde, rest)) => (true, rest),
        _ => (false, word.parts.as_slice()),
    };
    let mut text = String::new();
    let mut marked = false;
    for p in rest {
        match p {
            Part::Lit(t) => text.push_str(t),
            Part::Glob(g) if g.is_empty() => marked = true,
            _ => return None,
        }
    }
    if !marked || text.matches('{').count() != 1 || text.matches('}').count() != 1 {
        return None;
    }
    let open = text.find('{')?;
    let close = text.find('}').filter(|c| *c > open)?;
    let (head, group, tail) = (&text[..open], &text[open + 1..close], &text[close + 1..]);
    let alternatives = if group.contains(',') { group.split(',').map(str::to_string).collect() } else { sequence(group)? };
    if alternatives.len() > MAX_EXPANDED {
        return None;
    }
    let words = alternatives.into_iter().map(|a| {
        let text = format!("{head}{a}{tail}");
        if tilde {
            return Word { parts: vec![Part::Tilde, Part::Lit(text)] };
        }
        // The shell expands braces first, then a `~` that leads a word it made: `{~,x}` is the
        // home directory and `x`, `{~/src/other,x}` another project; `{~bob,x}` another
        // user's home, which the analyser cannot name.
        match text.strip_prefix('~') {
            Some("") => Word { parts: vec![Part::Tilde] },
            Some(rest) if rest.starts_with('/') => Word { parts: vec![Part::Tilde, Part::Lit(rest.to_string())] },
            Some(_) => Word { parts: vec![Part::Computed(text)] },
            None => Word { parts: vec![Part::Lit(text)] },
        }
    });
    Some(words.collect())
}

/// `1..5`, `05..1`, `a..e`, `1..10..3`: the items of a sequence expression, at most
/// [`MAX_EXPANDED`] + 1 of them.
fn sequence(group: &str) -> Option<Vec<String>> {
    let pieces: Vec<&str> = group.split("..").collect();
    let (from, to, step) = match pieces.as_slice() {
        [a, b] => (*a, *b, 1),
        [a, b, s] => (*a, *b, s.parse::<i64>().ok()?.unsigned_abs().max(1)),
        _ => return None,
    };
    let step = usize::try_from(step).ok()?;
    if let (Ok(a), Ok(b)) = (from.parse::<i64>(), to.parse::<i64>()) {
        // A leading zero pads every item to the longer bound's width.
        let padded = [from, to].iter().any(|t| t.trim_start_matches('-').len() > 1 && t.trim_start_matches('-').starts_with('0'));
        let width = if padded { from.len().max(to.len()) } else { 0 };
        let items: Vec<i64> = if a <= b { (a..=b).step_by(step).collect() } else { (b..=a).rev().step_by(step).collect() };
        return Some(items.into_iter().take(MAX_EXPANDED + 1).map(|n| format!("{n:0width$}")).collect());
    }
    let (mut a, mut b) = (from.chars(), to.chars());
    let (Some(a), None, Some(b), None) = (a.next(), a.next(), b.next(), b.next()) else { return None };
    if !a.is_ascii_alphabetic() || !b.is_ascii_alphabetic() {
        return None;
    }
    let (lo, hi) = (a.min(b) as u8, a.max(b) as u8);
    let mut items: Vec<String> = (lo..=hi).step_by(step).map(|c| char::from(c).to_string()).collect();
    if a > b {
        items.reverse();
    }
    Some(items)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gate::command::syntax;

    fn expanded(word: &str) -> Option<Vec<String>> {
        let parsed = syntax::parse(&format!("touch {word}"));
        let w = parsed.scripts[0].pipelines[0].nodes.iter().find_map(|n| match n {
            syntax::Node::Simple(s) => s.words.get(1).cloned(),
            _ => None,
        })?;
        expand(&w).map(|ws| ws.iter().map(Word::text).collect())
    }

    #[test]
    fn one_group_is_spelt_out() {
        assert_eq!(expanded("a{1..3}.csv").unwrap(), ["a1.csv", "a2.csv", "a3.csv"]);
        assert_eq!(expanded("{,new.}x").unwrap(), ["x", "new.x"]);
        assert_eq!(expanded("src/{a,b}.rs").unwrap(), ["src/a.rs", "src/b.rs"]);
        assert_eq!(expanded("f{08..10}").unwrap(), ["f08", "f09", "f10"]);
        assert_eq!(expanded("{c..a}").unwrap(), ["c", "b", "a"]);
        assert_eq!(expanded("n{1..7..3}").unwrap(), ["n1", "n4", "n7"]);
        assert_eq!(expanded("~/{a,.claude}").unwrap(), ["~/a", "~/.claude"]);
    }

    #[test]
    fn a_tilde_that_leads_an_alternative_is_the_home_directory() {
        let parts = |word: &str| {
            expand(
                &syntax::parse(&format!("rm {word}")).scripts[0].pipelines[0]
                    .nodes
                    .iter()
                    .find_map(|n| match n {
                        syntax::Node::Simple(s) => s.words.get(1).cloned(),
                        _ => None,
                    })
                    .unwrap(),
            )
            .unwrap()
        };
        let homes = |word: &str| parts(word).iter().map(|w| matches!(w.parts.first(), Some(Part::Tilde))).collect::<Vec<_>>();
        assert_eq!(homes("{~,/tmp/x}"), [true, false]);
        assert_eq!(homes("{x,~/src/other}"), [false, true]);
        assert_eq!(homes("a{~,b}"), [false, false]);
        assert!(matches!(parts("{~bob,x}")[0].parts[..], [Part::Computed(_)]));
    }

    #[test]
    fn what_cannot_be_spelt_out_stays_a_pattern() {
        assert!(expanded("{a,b}{c,d}").is_none());
        assert!(expanded("{a,{b,c}}").is_none());
        assert!(expanded("$X{a,b}").is_none());
        assert!(expanded("*{a,b}").is_none());
        assert!(expanded("x{1..1000}").is_none());
        assert!(expanded("plain").is_none());
    }
}
