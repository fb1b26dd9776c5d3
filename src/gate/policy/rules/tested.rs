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
use super::KeptRules;
use std::sync::{Arc, Mutex};

/// The answers of one list on one set of texts.
pub(super) struct Tested {
    /// The texts, each after its length.
    texts: Vec<u8>,
    count: usize,
    list: Arc<KeptRules>,
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
    pub(super) fn start(store: &Store, list: &Arc<KeptRules>, hays: &[Hay]) -> (Tested, Option<Earlier>) {
        let mut texts = Vec::new();
        for hay in hays {
            texts.extend_from_slice(&hay.text().len().to_le_bytes());
            texts.extend_from_slice(hay.text().as_bytes());
        }
        let mut kept = store.lock().unwrap_or_else(|e| e.into_inner());
        let earlier = (0..kept.len()).rev().find_map(|at| {
            let same = (kept[at].texts == texts).then(|| same_rules(&kept[at].list, list)).filter(|&n| n > 0)?;
            Some(Earlier { tested: kept.remove(at), same })
        });
        drop(kept);
        let answers = vec![None; list.rules.len() * hays.len()];
        (Tested { texts, count: hays.len(), list: list.clone(), answers }, earlier)
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
fn same_rules(a: &KeptRules, b: &KeptRules) -> usize {
    let n = a.rules.len().min(b.rules.len());
    let span = |l: &KeptRules| l.rules.first().zip(l.rules.get(n.wrapping_sub(1))).map(|(f, l)| f.at.start..l.at.end);
    match (span(a), span(b)) {
        (Some(x), Some(y)) if a.bytes[x.clone()] == b.bytes[y.clone()] => n,
        (Some(_), Some(_)) => a.rules.iter().zip(&b.rules).take_while(|(x, y)| a.bytes[x.at.clone()] == b.bytes[y.at.clone()]).count(),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::{DEFAULT_POLICY, Policy, Source, parse};
    use super::*;

    /// The same rule at the same place of another layer's list is tested once for the same texts;
    /// a rule that differs, the rules after it, or other texts are tested again, and every answer
    /// is the test's.
    #[test]
    fn a_rule_another_layer_holds_is_tested_once_per_text() {
        let kept = |changed: Option<usize>, added: bool| {
            let mut policy: serde_json::Value = serde_json::from_str(DEFAULT_POLICY).unwrap();
            if let Some(i) = changed {
                policy["bash_deny"][i]["pattern"] = r"^xyzzy\b".into();
            }
            if added {
                let rules = policy["bash_deny"].as_array_mut().unwrap();
                rules.push(serde_json::json!({"pattern": r"^make\s+deploy\b", "reason": "deploys"}));
            }
            Policy::decode(&parse(&policy.to_string(), Source::BuiltIn).unwrap().encode(), Source::BuiltIn).unwrap()
        };
        let store = Store::new(Vec::new());
        let run = |policy: &Policy, texts: &[&str]| {
            let list = policy.bash_deny.kept.as_ref().unwrap();
            let hays: Vec<Hay> = texts.iter().map(|t| Hay::new(t)).collect();
            let (mut tested, earlier) = Tested::start(&store, list, &hays);
            let mut asked = Vec::new();
            for i in 0..list.rules.len() {
                for (h, hay) in hays.iter().enumerate() {
                    let answer = tested.answer(earlier.as_ref(), i, h, || {
                        asked.push(i);
                        list.rules[i].may_match(&list.bytes, hay)
                    });
                    assert_eq!(answer, list.rules[i].may_match(&list.bytes, hay), "rule {i} on {:?}", hay.text());
                }
            }
            tested.keep(&store, earlier);
            asked
        };
        let texts = ["git push --force origin main", "xyzzy now"];
        let (a, b, c) = (kept(None, false), kept(None, true), kept(Some(2), false));
        let rules = a.bash_deny.len();
        assert!(rules > 3);
        assert_eq!(run(&a, &texts).len(), rules * 2);
        // A rule added at the end is the only one tested.
        assert_eq!(run(&b, &texts), vec![rules, rules]);
        // A changed rule and those after it are.
        let after: Vec<usize> = (2..rules).flat_map(|i| [i, i]).collect();
        assert_eq!(run(&c, &texts), after);
        assert_eq!(run(&a, &texts[..1]).len(), rules);
        assert_eq!(run(&a, &texts[..1]), Vec::<usize>::new());
    }
}
