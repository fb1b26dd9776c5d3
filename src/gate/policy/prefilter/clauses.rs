//! The literals a prefilter searches and the clauses they form: how a clause is searched, and how
//! the clauses of an alternation are chosen and trimmed.

/// Sets of literals larger than this are given up (they would cost more to search than they save).
pub(super) const MAX_SET: usize = 32;
/// Joined words are given up past this many (`(^|/)(a|b|c)` is six words): a run is cut there.
pub(super) const MAX_PRODUCT: usize = 16;
/// An alternation gives at most this many clauses (one per clause of its branches, past the best).
const MAX_CLAUSES: usize = 4;
/// A class of more characters than this is any character: `[sz]` is worth two words, `[a-z]` is not.
pub(super) const MAX_CLASS: usize = 4;

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Lit {
    /// Lower-cased when `fold`.
    pub(super) text: String,
    /// Searched without regard to ASCII case.
    pub(super) fold: bool,
}

/// From this length on, a text is searched with the standard library's vectorised search: a
/// compound command of kilobytes is searched for every word of every rule, where [`find`]'s plain
/// loop costs several times more.
const LONG_TEXT: usize = 256;

impl Lit {
    pub(super) fn found_in(&self, hay: &str) -> bool {
        found(self.text.as_bytes(), self.fold, hay)
    }
}

/// Whether `word` (lower-cased when `fold`; text, as every word of a prefilter) occurs in `hay`.
pub(super) fn found(word: &[u8], fold: bool, hay: &str) -> bool {
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

/// Leaves out each clause that every text meeting another clause meets too: it would add only
/// search time (an alternation's clauses share most of their words).
pub(super) fn drop_implied(clauses: &mut Vec<Vec<Lit>>) {
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
pub(super) fn rank(clause: &[Lit]) -> usize {
    clause.iter().map(|l| l.text.len()).min().unwrap_or(0)
}

/// A set as a clause: useless when it holds the empty string (matched by every text) or too much.
pub(super) fn usable(set: Vec<Lit>) -> Option<Vec<Lit>> {
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
pub(super) fn clauses_of_one_each(choices: Vec<Vec<Vec<Lit>>>) -> Vec<Vec<Lit>> {
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
pub(super) fn simplify(mut set: Vec<Lit>) -> Vec<Lit> {
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
