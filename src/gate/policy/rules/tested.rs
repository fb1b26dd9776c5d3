//! What a kept list's analyses said of a call's texts, kept for the next list tested against the
//! same texts. A call judges each of its layers in turn, and the person's policy and the
//! repository's hold mostly the same rules (both start from the default policy): without this,
//! every rule's pre-check ran once per layer, the same bytes against the same texts, a fifth of
//! what a Bash `ls` costs beyond starting the process.
//!
//! A pre-check's answer is a function of the rule's kept bytes and the text alone (see
//! [`Kept::may_match`](super::super::prefilter::Kept::may_match)), so an answer is reused only for
//! a rule of the same bytes, at the same place of a list whose rules before it are the same bytes
//! too, tested against the same texts: a layer's rule that another layer holds. Those lists are
//! compared once, by one comparison of their bytes (rule by rule only where they differ), not rule
//! by rule for each text: comparing a rule's bytes costs about what its pre-check does. Any other
//! rule is tested as before.

use super::super::prefilter::Hay;
use std::sync::{Arc, Mutex};

/// The answers of one list on one set of texts.
pub(super) struct Tested {
    /// The texts, each after its length.
    texts: Vec<u8>,
    count: usize,
    list: Arc<dyn Spans>,
    /// Per rule, per text: the pre-check's answer, once asked.
    answers: Vec<Option<bool>>,
}

/// An earlier list's answers, and how many of its first rules the list now tested holds too.
pub(super) struct Earlier {
    tested: Tested,
    same: usize,
}

/// Lists' answers, the latest last.
pub(super) type Store = Mutex<Vec<Tested>>;

/// The lists tested last: a call tests a handful per layer and place (each text against the
/// exceptions, each place against the path lists), so some dozens cover the layer before.
pub(super) static TESTED: Store = Mutex::new(Vec::new());
const KEPT: usize = 32;

impl Tested {
    /// A record of `list`'s answers on `hays`, and the latest earlier list tested on the same texts
    /// whose first rules are the same, if there is one.
    pub(super) fn start(store: &Store, list: Arc<dyn Spans>, hays: &[Hay]) -> (Tested, Option<Earlier>) {
        let mut texts = Vec::new();
        for hay in hays {
            texts.extend_from_slice(&hay.text().len().to_le_bytes());
            texts.extend_from_slice(hay.text().as_bytes());
        }
        let mut kept = store.lock().unwrap_or_else(|e| e.into_inner());
        let earlier = (0..kept.len()).rev().find_map(|at| {
            let same = (kept[at].texts == texts).then(|| same_rules(&*kept[at].list, &*list)).filter(|&n| n > 0)?;
            Some(Earlier { tested: kept.remove(at), same })
        });
        drop(kept);
        let answers = vec![None; list.len() * hays.len()];
        (Tested { texts, count: hays.len(), list, answers }, earlier)
    }

    /// The pre-check of rule `i` on text `h`: the earlier list's answer when it holds rule `i`
    /// too, else `test`'s; recorded either way.
    pub(super) fn answer(&mut self, earlier: Option<&Earlier>, i: usize, h: usize, test: impl FnOnce() -> bool) -> bool {
        let at = i * self.count + h;
        let known = earlier.filter(|e| i < e.same).and_then(|e| e.tested.answers.get(at).copied().flatten());
        let answer = known.unwrap_or_else(test);
        self.answers[at] = Some(answer);
        answer
    }

    /// Keeps this list's answers, and the earlier list's, for the lists tested next.
    pub(super) fn keep(self, store: &Store, earlier: Option<Earlier>) {
        let mut kept = store.lock().unwrap_or_else(|e| e.into_inner());
        kept.extend(earlier.map(|e| e.tested));
        kept.push(self);
        let over = kept.len().saturating_sub(KEPT);
        kept.drain(..over);
    }
}

/// How many first rules `a` and `b` hold alike, byte for byte. Kept rules are read one after the
/// other from where the list starts, so lists whose first `n` rules lie in equal bytes have those
/// rules, and each rule's parts, at the same places: one comparison says so for lists alike but
/// for rules added at the end; lists that differ earlier are compared rule by rule.
fn same_rules(a: &dyn Spans, b: &dyn Spans) -> usize {
    let n = a.len().min(b.len());
    let span = |l: &dyn Spans| (n > 0).then(|| l.span(0).start..l.span(n - 1).end);
    match (span(a), span(b)) {
        (Some(x), Some(y)) if a.bytes()[x.clone()] == b.bytes()[y.clone()] => n,
        (Some(_), Some(_)) => (0..n).take_while(|&i| a.bytes()[a.span(i)] == b.bytes()[b.span(i)]).count(),
        _ => 0,
    }
}

/// A kept list as this record compares it: the bytes its rules lie in, and where each lies.
pub(super) trait Spans: Send + Sync {
    fn bytes(&self) -> &[u8];
    fn len(&self) -> usize;
    fn span(&self, i: usize) -> std::ops::Range<usize>;
}
