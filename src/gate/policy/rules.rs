//! A rule list and its rules' patterns: each compiled at most once and only when a call could
//! match it (see [`super::prefilter`]), and the binary form [`super::validated`] keeps of them.

use super::buffer::Buffer;
use super::codec::{Reader, Writer};
use super::prefilter::{Hay, Kept, Prefilter, Start};
use super::schema::{Located, Seg};
use regex_lite::Regex;
use std::borrow::Borrow;
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, OnceLock};
use tested::{Spans, TESTED, Tested};

mod tested;

/// Lists of fewer rules (the exceptions, a repository's own additions) are tested rule by rule as
/// they are: sharing answers between layers, or gathering a text's pairs, costs more than their
/// pre-checks (callgrind, bench/hook.sh's 2 KB command: 126 tests of the three `bash_allow` rules).
const FEW: usize = 8;

/// When a policy's patterns are compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compile {
    /// All of them while the file loads, so that one that does not compile is an error now.
    All,
    /// Each when a call first needs it: only for a file this build already compiled whole (see
    /// [`validated`](super::validated)), so that none can fail.
    OnUse,
}

/// A rule of `bash_deny`, `bash_confirm`, `path_confirm`, `bash_allow` or `path_allow`.
#[derive(Debug)]
pub struct Rule {
    /// What the person wrote when it is not what is searched (an `mcp_*` pattern); `None` when the
    /// rule shows its searched pattern, which is then not copied (see [`Rule::pattern`]).
    pub(super) shown: Option<String>,
    pub reason: String,
    /// `when: observe`: a match is recorded, the call goes on to the next checks.
    pub observe: bool,
    /// What is searched: the pattern, or for `mcp_*` lists the pattern anchored to the whole name.
    pub(super) searched: Pattern,
    /// A `program`/`verbs` rule's `target`: a regular expression on what the command reaches (the
    /// branch a push goes to, the cluster a `kubectl` talks to), see [`crate::gate::reach`].
    pub(super) target: Option<Pattern>,
}

impl Rule {
    /// The regular expression the rule shows; for a `program`/`verbs` rule, the one it is compiled
    /// to.
    pub fn pattern(&self) -> &str {
        self.shown.as_deref().unwrap_or_else(|| self.searched.source())
    }

    fn is_match(&self, hay: &Hay) -> bool {
        self.searched.may_match(hay) && self.searched.regex().is_match(hay.text())
    }
}

/// A regular expression, compiled at most once and only when first needed.
#[derive(Debug)]
pub(super) struct Pattern {
    shared: Arc<Compiled>,
}

/// What a pattern's source compiles to, shared by every rule of the process with the same source:
/// a repository policy that starts from the default holds most of the base's patterns again, and
/// each is analysed and compiled once.
#[derive(Debug)]
struct Compiled {
    source: String,
    /// Its place among the process's patterns in the order they were first made ([`Known`]).
    place: usize,
    regex: OnceLock<Regex>,
    /// The cheap test, then the thorough one: see [`prefilter`](super::prefilter).
    start: OnceLock<Option<Start>>,
    prefilter: OnceLock<Prefilter>,
    /// The analysis as the validated cache kept it (see [`Pattern::encode`]), decoded only when a
    /// call first needs it: an Edit needs none of the command rules'.
    kept: OnceLock<KeptAnalysis>,
}

/// The patterns of the process, each made once ([`Pattern::new`]).
struct Known {
    /// In the order they were first made.
    order: Vec<Arc<Compiled>>,
    /// Ordered, not hashed: comparing the few patterns costs less than hashing them all.
    by_source: BTreeSet<BySource>,
    /// Where the next pattern is looked for first: after the last one found or made.
    next: usize,
}

/// A pattern found by its source.
struct BySource(Arc<Compiled>);

impl Borrow<str> for BySource {
    fn borrow(&self) -> &str {
        &self.0.source
    }
}

impl PartialEq for BySource {
    fn eq(&self, other: &Self) -> bool {
        self.0.source == other.0.source
    }
}

impl Eq for BySource {}

impl PartialOrd for BySource {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BySource {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.source.cmp(&other.0.source)
    }
}

/// The encoded [`Start`] and [`Prefilter`] of a pattern, one after the other.
#[derive(Debug)]
struct KeptAnalysis {
    bytes: Box<[u8]>,
    start_len: usize,
    /// Whether each part reads whole, once known.
    whole: [OnceLock<bool>; 2],
}

impl KeptAnalysis {
    fn new(start: &[u8], prefilter: &[u8]) -> KeptAnalysis {
        KeptAnalysis { bytes: [start, prefilter].concat().into(), start_len: start.len(), whole: Default::default() }
    }

    /// What the kept start (`0`) or prefilter (`1`) says of `text`, read where it lies; `None` when
    /// its bytes do not read whole (read through once, the first time).
    fn may_match(&self, part: usize, hay: &Hay) -> Option<bool> {
        let (start, prefilter) = self.bytes.split_at_checked(self.start_len)?;
        let kept = if part == 0 { Kept::Start(start) } else { Kept::Prefilter(prefilter) };
        self.whole.get(part)?.get_or_init(|| kept.reads_whole()).then(|| kept.may_match(hay))
    }
}

impl Pattern {
    pub(super) fn new(source: &str) -> Pattern {
        static KNOWN: Mutex<Known> = Mutex::new(Known { order: Vec::new(), by_source: BTreeSet::new(), next: 0 });
        let mut known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
        let Known { order, by_source, next } = &mut *known;
        // A layer that starts from another holds its patterns in the same order: the one after the
        // last found is tried first, one comparison instead of a search.
        let found = order.get(*next).filter(|c| c.source == source).or_else(|| by_source.get(source).map(|s| &s.0));
        let shared = match found {
            Some(shared) => shared.clone(),
            None => {
                let shared = Arc::new(Compiled {
                    source: source.to_string(),
                    place: order.len(),
                    regex: OnceLock::new(),
                    start: OnceLock::new(),
                    prefilter: OnceLock::new(),
                    kept: OnceLock::new(),
                });
                order.push(shared.clone());
                by_source.insert(BySource(shared.clone()));
                shared
            }
        };
        *next = shared.place + 1;
        Pattern { shared }
    }

    pub(super) fn source(&self) -> &str {
        &self.shared.source
    }

    fn regex(&self) -> &Regex {
        let Compiled { source, regex, .. } = &*self.shared;
        // Reached only for a file this build compiled whole (or with `Compile::All`, compiled
        // already): compiling is deterministic, so this cannot fail. Were it to, the panic blocks the
        // call (the hook answers a panic with its blocking form), never skips the rule.
        regex.get_or_init(|| Regex::new(source).unwrap_or_else(|e| panic!("pattern `{source}` no longer compiles: {e}")))
    }

    /// Whether `text` may match: false only when it lacks what every match has. A kept analysis
    /// is read where it lies: a call tests its few texts against every rule, and decoding every
    /// rule's words cost more than the tests.
    fn may_match(&self, hay: &Hay) -> bool {
        let kept = |part| self.shared.kept.get().and_then(|k| k.may_match(part, hay));
        kept(0).unwrap_or_else(|| self.start().is_none_or(|s| s.may_match(hay.text())))
            && kept(1).unwrap_or_else(|| self.prefilter().may_match_in(hay))
    }

    // The analysis is a function of the source alone: a kept one that does not decode (it always
    // does: the cache checks its bytes) is made again from the source.
    pub(super) fn start(&self) -> Option<&Start> {
        let kept = || self.kept(|k| &k.bytes[..k.start_len], |r| if r.flag()? { Start::decode(r).map(Some) } else { Some(None) });
        self.shared.start.get_or_init(|| kept().unwrap_or_else(|| Start::new(&self.shared.source))).as_ref()
    }

    pub(super) fn prefilter(&self) -> &Prefilter {
        let kept = || self.kept(|k| &k.bytes[k.start_len..], Prefilter::decode);
        self.shared.prefilter.get_or_init(|| kept().unwrap_or_else(|| Prefilter::new(&self.shared.source)))
    }

    /// `decode` on the part of the kept analysis that `part` picks, if it reads to its last byte.
    fn kept<T>(&self, part: impl Fn(&KeptAnalysis) -> &[u8], decode: impl Fn(&mut Reader) -> Option<T>) -> Option<T> {
        let mut r = Reader::new(part(self.shared.kept.get()?));
        decode(&mut r).filter(|_| r.is_done())
    }
}

/// A list of rules with their patterns.
///
/// Compiling is most of what a hook call would cost, so a pattern is compiled only when a text
/// could match it: a text that lacks a word the pattern needs ([`prefilter`](super::prefilter)) is
/// passed over without compiling anything. Patterns use `regex-lite`, which compiles in
/// microseconds (ASCII classes: `\s`, `\w`, `\b` and `(?i)` are ASCII-only; Unicode classes like
/// `\p{L}` are not available).
///
/// A list kept by [`validated`](super::validated) is read where it lies: a call tests its texts
/// against each rule's kept analysis, and decodes a rule (its strings checked and copied, its
/// pattern looked up) only when a text may match it, or when every rule is asked for
/// ([`RuleList::rules`]). An `ls` decodes none of the policy's rules.
#[derive(Debug, Default)]
pub struct RuleList {
    /// Every rule, decoded: from the start for a parsed list, once asked for for a kept one.
    all: OnceLock<Vec<Rule>>,
    kept: Option<Arc<KeptRules>>,
}

/// The rules of a kept list as they lie in the kept policy's bytes.
#[derive(Debug)]
struct KeptRules {
    /// The whole buffer the kept policy was read into (what the rules' ranges index).
    bytes: Arc<Buffer>,
    rules: Vec<KeptRule>,
}

impl Spans for KeptRules {
    fn bytes(&self) -> &[u8] {
        &self.bytes
    }
    fn len(&self) -> usize {
        self.rules.len()
    }
    fn span(&self, i: usize) -> std::ops::Range<usize> {
        self.rules[i].at.clone()
    }
}

/// One rule in the kept bytes: where it lies, where its analysis lies, and the rule once decoded.
#[derive(Debug)]
struct KeptRule {
    at: std::ops::Range<usize>,
    start: std::ops::Range<usize>,
    prefilter: std::ops::Range<usize>,
    rule: OnceLock<Rule>,
}

impl KeptRule {
    /// Where the next rule lies in `r`, a reader over the whole of `bytes`; its strings are
    /// checked when it is decoded ([`KeptRule::rule`]).
    fn find(r: &mut Reader, bytes: &[u8]) -> Option<KeptRule> {
        let offset = |r: &Reader| bytes.len() - r.left();
        let at = offset(r);
        if !r.flag()? {
            r.bytes()?;
        }
        // The reason, whether it only observes, the pattern's source.
        r.bytes()?;
        r.flag()?;
        r.bytes()?;
        let part = |r: &mut Reader| r.bytes().map(|b| offset(r) - b.len()..offset(r));
        let (start, prefilter) = (part(r)?, part(r)?);
        if r.flag()? {
            r.bytes()?;
        }
        Some(KeptRule { at: at..offset(r), start, prefilter, rule: OnceLock::new() })
    }

    /// The rule, decoded once. The kept bytes are the policy this build wrote and sealed: a rule
    /// that does not decode cannot happen, and were it to, the panic blocks the call (the hook
    /// answers a panic with its blocking form), never skips the rule.
    fn rule(&self, bytes: &[u8]) -> &Rule {
        self.rule.get_or_init(|| decode_at(bytes, &self.at))
    }

    /// Whether `text` may match the rule, read off its kept analysis. The bytes are the ones this
    /// build wrote and sealed, so they are not first read through to check that they read whole
    /// (as [`KeptAnalysis`] does for bytes of unknown shape): a read that failed would count as a
    /// match, never as none.
    fn may_match(&self, bytes: &[u8], hay: &Hay) -> bool {
        Kept::Start(&bytes[self.start.clone()]).may_match(hay) && Kept::Prefilter(&bytes[self.prefilter.clone()]).may_match(hay)
    }
}

fn decode_at(bytes: &[u8], at: &std::ops::Range<usize>) -> Rule {
    let mut r = Reader::new(&bytes[at.clone()]);
    Rule::decode(&mut r).filter(|_| r.is_done()).unwrap_or_else(|| panic!("a kept rule no longer decodes"))
}

impl RuleList {
    /// A list of parsed rules.
    pub(super) fn of(rules: Vec<Rule>) -> RuleList {
        RuleList { all: rules.into(), kept: None }
    }

    /// Every rule, in policy order (each decoded now, for a kept list).
    pub fn rules(&self) -> &[Rule] {
        self.all.get_or_init(|| {
            let Some(kept) = &self.kept else { return Vec::new() };
            kept.rules.iter().map(|k| decode_at(&kept.bytes, &k.at)).collect()
        })
    }

    /// Rule `i`, decoded alone for a kept list.
    pub fn get(&self, i: usize) -> Option<&Rule> {
        match (&self.kept, self.all.get()) {
            (Some(kept), None) => kept.rules.get(i).map(|k| k.rule(&kept.bytes)),
            _ => self.rules().get(i),
        }
    }

    /// The first rule (in policy order) that matches any of `subjects`, with its index in the list.
    /// A rule with a `target` matches only a subject whose reach the target finds; `reach` gives
    /// what a subject reaches, and `None` (not known) matches every target, so that an action of
    /// unknown reach is asked about.
    pub fn first_match<S: AsRef<str>>(&self, subjects: &[S], reach: &dyn Fn(&str) -> Option<Vec<String>>) -> Option<(usize, &Rule)> {
        if self.is_empty() {
            return None;
        }
        let mut distinct: Vec<&str> = subjects.iter().map(AsRef::as_ref).collect();
        if distinct.len() > 2 {
            // A long compound command repeats its simple commands (`cd app && make; …` over and
            // over): each distinct text is searched once, which cannot change the rule that
            // matches first.
            distinct.sort_unstable();
            distinct.dedup();
        }
        // Each text is made a hay once for all the rules of the list; the few rules of an
        // exception list are tested in fewer steps than a hay's pairs take to gather.
        let few = self.len() < FEW;
        let hays: Vec<Hay> = distinct.into_iter().map(|text| if few { Hay::plain(text) } else { Hay::new(text) }).collect();
        let is_match = |i: usize, hay: &Hay| {
            self.get(i).is_some_and(|rule| {
                rule.is_match(hay)
                    && rule
                        .target
                        .as_ref()
                        .is_none_or(|t| reach(hay.text()).is_none_or(|reached| reached.iter().any(|r| t.regex().is_match(r))))
            })
        };
        let first = |may: &mut dyn FnMut(usize, usize) -> bool| {
            (0..self.len()).find(|&i| (0..hays.len()).any(|h| may(i, h) && is_match(i, &hays[h])))
        };
        let found = match &self.kept {
            None => first(&mut |_, _| true),
            Some(kept) if few => first(&mut |i, h| kept.rules[i].may_match(&kept.bytes, &hays[h])),
            // A kept list's pre-checks are read off its bytes, each answered once per call for
            // the rules another layer holds too (see `tested`).
            Some(kept) => {
                let (mut answers, earlier) = Tested::start(&TESTED, kept.clone(), &hays);
                let found = first(&mut |i, h| answers.answer(earlier.as_ref(), i, h, || kept.rules[i].may_match(&kept.bytes, &hays[h])));
                answers.keep(&TESTED, earlier);
                found
            }
        };
        found.and_then(|i| self.get(i).map(|rule| (i, rule)))
    }

    /// Whether any rule matches `subject` (lists without targets: `mcp_*`, exceptions on paths).
    pub fn matches(&self, subject: &str) -> Option<usize> {
        self.first_match(&[subject], &|_| None).map(|(i, _)| i)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn len(&self) -> usize {
        match (&self.kept, self.all.get()) {
            (Some(kept), _) => kept.rules.len(),
            (None, all) => all.map_or(0, Vec::len),
        }
    }

    /// A kept list: a count, then that many rules as [`Rule::encode`] wrote them, found in `r`, a
    /// reader over the whole of `bytes`.
    /// The kept rules `r` reads next; `r` reads the end of `bytes`, where the rules' ranges point.
    pub(super) fn find(r: &mut Reader, bytes: &Arc<Buffer>) -> Option<RuleList> {
        let rules = r.list(|r| KeptRule::find(r, bytes))?;
        Some(RuleList { all: OnceLock::new(), kept: Some(Arc::new(KeptRules { bytes: bytes.clone(), rules })) })
    }
}
impl Rule {
    pub(super) fn encode(&self, w: &mut Writer) {
        let Rule { shown, reason, observe, searched, target } = self;
        // Most rules search what they show: their pattern is written once.
        let shown = shown.as_deref().filter(|p| *p != searched.source());
        w.flag(shown.is_none());
        if let Some(pattern) = shown {
            w.str(pattern);
        }
        w.str(reason);
        w.flag(*observe);
        searched.encode(w);
        w.flag(target.is_some());
        if let Some(target) = target {
            w.str(target.source());
        }
    }

    pub(super) fn decode(r: &mut Reader) -> Option<Rule> {
        let shown = if r.flag()? { None } else { Some(r.string()?) };
        let (reason, observe) = (r.string()?, r.flag()?);
        let searched = Pattern::decode(r)?;
        // A target is only ever searched with its regular expression: it has no analysis.
        let target = if r.flag()? { Some(Pattern::new(r.str()?)) } else { None };
        Some(Rule { shown, reason, observe, searched, target })
    }
}

impl Pattern {
    /// The source, then its analysis in two pieces ([`Start`], [`Prefilter`]), kept as they are
    /// until a call needs them; a reader that has the pattern already (from another layer: the same
    /// source has the same analysis) passes over them.
    fn encode(&self, w: &mut Writer) {
        w.str(self.source());
        let mut start = Writer::default();
        start.flag(self.start().is_some());
        if let Some(s) = self.start() {
            s.encode(&mut start);
        }
        let mut prefilter = Writer::default();
        self.prefilter().encode(&mut prefilter);
        w.bytes(&start.bytes);
        w.bytes(&prefilter.bytes);
    }

    fn decode(r: &mut Reader) -> Option<Pattern> {
        let pattern = Pattern::new(r.str()?);
        let (start, prefilter) = (r.bytes()?, r.bytes()?);
        if pattern.shared.prefilter.get().is_none() && pattern.shared.kept.get().is_none() {
            let _ = pattern.shared.kept.set(KeptAnalysis::new(start, prefilter));
        }
        Some(pattern)
    }
}

/// Parses a policy text, strictly (see the module comment), compiling every pattern. Errors carry
/// With [`Compile::All`], compiles `searched` now, an error naming `pattern` (what the person wrote:
/// the same but for `mcp_*` lists, whose patterns are anchored to the whole name) and its place.
pub(super) fn prepare(searched: &Pattern, pattern: &str, label: &str, at: Vec<Seg>, compile: Compile) -> Result<(), Located> {
    if compile == Compile::OnUse || searched.shared.regex.get().is_some() {
        return Ok(());
    }
    let re = Regex::new(searched.source()).map_err(|e| {
        let why = e.to_string();
        let why =
            why.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("invalid syntax").trim().trim_start_matches("error: ").to_string();
        Located::value(at, format!("pattern `{pattern}` ({label}) does not compile: {why}"))
    })?;
    let _ = searched.shared.regex.set(re);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{DEFAULT_POLICY, ListKey, Source, parse};
    use super::*;

    /// A source is one pattern however it is reached: the one after the last found, or any other.
    #[test]
    fn a_source_gives_one_pattern_in_any_order() {
        let sources = ["^ab(c)", "^known-order-1", "^known-order-2", "^known-order-3"];
        let first: Vec<Pattern> = sources.iter().map(|s| Pattern::new(s)).collect();
        for order in [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1]] {
            for i in order {
                let again = Pattern::new(sources[i]);
                assert!(Arc::ptr_eq(&again.shared, &first[i].shared), "{}", sources[i]);
                assert_eq!(again.source(), sources[i]);
            }
        }
        assert!(!Arc::ptr_eq(&Pattern::new("^known-order-4").shared, &first[3].shared));
    }

    #[test]
    fn a_kept_analysis_is_decoded_when_first_needed() {
        let unregistered = |source: &str| Pattern {
            shared: Arc::new(Compiled {
                source: source.into(),
                place: 0,
                regex: OnceLock::new(),
                start: OnceLock::new(),
                prefilter: OnceLock::new(),
                kept: OnceLock::new(),
            }),
        };
        let (a, b) = (r"^git\s+push\b.*--force", r"(?i)\bterraform\s+destroy\b");
        let mut w = Writer::default();
        unregistered(a).encode(&mut w);
        let mut r = Reader::new(&w.bytes);
        let (_, start, prefilter) = (r.str().unwrap(), r.bytes().unwrap(), r.bytes().unwrap());
        // Kept for another source, to tell the kept analysis from one made again.
        let p = unregistered(b);
        let _ = p.shared.kept.set(KeptAnalysis::new(start, prefilter));
        assert_eq!((p.start(), p.prefilter()), (Start::new(a).as_ref(), &Prefilter::new(a)));
        assert_ne!(Prefilter::new(a), Prefilter::new(b));
        // One that does not decode is made again from the source.
        let p = unregistered(b);
        let _ = p.shared.kept.set(KeptAnalysis::new(&[7], &[]));
        let x = Hay::new("x");
        assert_eq!((p.shared.kept.get().unwrap().may_match(0, &x), p.shared.kept.get().unwrap().may_match(1, &x)), (None, None));
        assert_eq!((p.start(), p.prefilter()), (Start::new(b).as_ref(), &Prefilter::new(b)));
    }

    /// A kept list finds the rule the parsed one finds, for every list of the default policy, and
    /// decodes only the rules a text may match: none for an `ls`.
    #[test]
    fn a_kept_list_decodes_only_the_rules_a_text_may_match() {
        let parsed = parse(DEFAULT_POLICY, Source::BuiltIn).unwrap();
        let decoded =
            |p: &super::super::Policy, key| p.list(key).kept.as_ref().unwrap().rules.iter().filter(|k| k.rule.get().is_some()).count();
        let texts = ["ls -la", "git push --force origin main", "rm -rf ~/", ".git/config", "terraform destroy", "psql -c 'DROP TABLE x'"];
        for text in texts {
            let kept = super::super::Policy::decode(&parsed.encode(), Source::BuiltIn).unwrap();
            for key in ListKey::ALL {
                let (a, b) = (parsed.list(key).first_match(&[text], &|_| None), kept.list(key).first_match(&[text], &|_| None));
                assert_eq!(a.map(|(i, r)| (i, r.pattern())), b.map(|(i, r)| (i, r.pattern())), "{} on {text:?}", key.name());
                let may = parsed.list(key).rules().iter().filter(|r| r.searched.may_match(&Hay::new(text))).count();
                assert!(decoded(&kept, key) <= may, "{} on {text:?}: {} decoded", key.name(), decoded(&kept, key));
            }
            if text == "ls -la" {
                assert!(ListKey::ALL.iter().all(|k| decoded(&kept, *k) == 0));
            }
            assert_eq!(kept.bash_deny.rules().len(), parsed.bash_deny.len());
        }
    }

    /// Every pattern of the default policy needs some word a text must hold, or must begin with:
    /// a pattern the analysis gives up on is compiled for every call that reaches its list (an
    /// `ls` would compile it), which is most of what a call can cost.
    #[test]
    fn no_pattern_of_the_default_policy_is_compiled_for_every_call() {
        let policy = parse(DEFAULT_POLICY, Source::BuiltIn).unwrap();
        let mut given_up = Vec::new();
        for key in ListKey::ALL {
            for (i, rule) in policy.list(key).rules().iter().enumerate() {
                if rule.searched.start().is_none() && rule.searched.prefilter().is_empty() {
                    given_up.push(format!("{}[{i}]: {}", key.name(), rule.searched.source()));
                }
            }
        }
        assert!(given_up.is_empty(), "patterns the prefilter cannot read:\n{}", given_up.join("\n"));
        // And the texts of ordinary calls reach no pattern at all.
        for text in ["ls -la", "git status", "cargo build --release", "src/main.rs", "/home/u/project/src/main.rs", "README.md"] {
            for key in ListKey::ALL {
                for rule in policy.list(key).rules() {
                    assert!(!rule.searched.may_match(&Hay::new(text)), "{text:?} would compile {}", rule.searched.source());
                }
            }
        }
    }

    /// The kept analysis read where it lies says of a text what the decoded one says, for every
    /// pattern of the default policy and texts that match some of them.
    #[test]
    fn a_kept_analysis_read_in_place_says_what_the_decoded_one_says() {
        let policy = parse(DEFAULT_POLICY, Source::BuiltIn).unwrap();
        let texts =
            ["ls -la", "git push --force origin main", "rm -rf ~/", "write .git/config", "Terraform destroy", "psql -c 'DROP TABLE x'", ""];
        for key in ListKey::ALL {
            for rule in policy.list(key).rules() {
                let mut w = Writer::default();
                rule.searched.encode(&mut w);
                let mut r = Reader::new(&w.bytes);
                let (_, start, prefilter) = (r.str().unwrap(), r.bytes().unwrap(), r.bytes().unwrap());
                let kept = KeptAnalysis::new(start, prefilter);
                let (s, p) = (rule.searched.start(), rule.searched.prefilter());
                for text in texts {
                    let hay = Hay::new(text);
                    let read = (kept.may_match(0, &hay), kept.may_match(1, &hay));
                    assert_eq!(
                        read,
                        (Some(s.is_none_or(|s| s.may_match(text))), Some(p.may_match(text))),
                        "{} on {text:?}",
                        rule.searched.source()
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tested_tests {
    use super::super::{DEFAULT_POLICY, Policy, Source, parse};
    use super::tested::Store;
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
            let (mut tested, earlier) = Tested::start(&store, list.clone(), &hays);
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
