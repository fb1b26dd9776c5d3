//! The gate: a normalised call against the policy layers. Each layer is judged in the order a
//! policy promises (`bash_deny` → `bash_confirm` → `path_confirm` → `mcp_deny` → `mcp_allow` →
//! providers → classifier → allow), and the verdict is the strictest of all layers: a layer can only
//! add restrictions, never take the base's away.

use super::classifier;
use super::location::{Place, rule_path};
use super::normalize::{Action, Call};
use super::policy::layers::{Layer, Layers};
use super::policy::{ListKey, Policy, Question};
use super::providers::{self, Outcome, Query, Reply};
use super::reach::Reach;
use super::rule_ref::RuleRef;
use super::target;
use super::verdict::{Decision, Verdict};
use std::path::Path;
use std::time::{Duration, Instant};

/// The time one PreToolUse may spend on providers and the classifier together. Agents give a hook
/// 30 s, and Codex, Gemini and Copilot let the call through when it runs longer: the gate must
/// answer well before that, slow helpers or not.
pub const CALL_BUDGET: Duration = Duration::from_secs(24);

pub struct Gate<'a> {
    pub layers: &'a Layers,
    pub cwd: &'a Path,
    pub repo_top: Option<&'a Path>,
    /// When the providers and the classifier must have answered; see [`CALL_BUDGET`].
    pub deadline: Instant,
    /// Whether providers and classifiers are asked; `gitvow ask` asks them itself, to show each answer.
    pub programs: bool,
}

/// Where one layer stands while the call is judged.
#[derive(Clone)]
enum Ruled {
    Blocked(Verdict),
    Observed(String),
    Open,
}

impl Ruled {
    fn add(&mut self, next: Ruled) {
        match (&*self, next) {
            (Ruled::Blocked(v), Ruled::Blocked(n)) if n.decision > v.decision => *self = Ruled::Blocked(n),
            (Ruled::Blocked(_), _) => {}
            (_, next @ Ruled::Blocked(_)) => *self = next,
            (Ruled::Open, next) => *self = next,
            (Ruled::Observed(_), _) => {}
        }
    }

    fn is_open(&self) -> bool {
        !matches!(self, Ruled::Blocked(_))
    }
}

/// The exceptions in force: `bash_allow` and `path_allow` of the base and of trusted repository
/// layers. A match lets a command or path skip the confirm rules of every layer, never a deny rule.
struct Exceptions<'a> {
    layers: Vec<&'a Layer>,
}

impl Exceptions<'_> {
    /// An exception for a changed file holds only when it matches every form of the path (as
    /// written and as resolved): a link named like an excepted file must not carry a change past
    /// the rules to where it points.
    fn for_place(&self, place: &Place) -> Option<String> {
        let forms = place.forms();
        let first = self.find(ListKey::PathAllow, &forms[0])?;
        forms[1..].iter().all(|f| self.find(ListKey::PathAllow, f).is_some()).then_some(first)
    }

    /// The first exception of `key` that matches `subject`, named for `gitvow check`.
    fn find(&self, key: ListKey, subject: &str) -> Option<String> {
        self.layers.iter().find_map(|l| {
            let list = l.policy.list(key);
            list.matches(subject)
                .map(|i| format!("{}[{i}] ({}) in {}", key.name(), list.get(i).map_or("", |r| r.reason.as_str()), l.describe()))
        })
    }
}

impl Gate<'_> {
    /// The verdict on a whole call: the strongest verdict of its actions, so that a deny or confirm
    /// on any file of a patch blocks the patch, and the strongest of all layers. Per layer, the rules
    /// (cheap) run for every action first; the providers and the classifier (slow) only for the
    /// layers no rule blocked, all within the deadline.
    pub fn judge(&self, call: &Call) -> Verdict {
        self.judge_after(call, None)
    }

    /// [`Gate::judge`] with the providers' verdicts per layer already known (`gitvow ask` asks
    /// them itself, to show each answer): the classifier then runs for the layers that the rules
    /// and those verdicts leave open, as in the hook.
    pub fn judge_after(&self, call: &Call, providers: Option<&[Option<Verdict>]>) -> Verdict {
        let paths: Vec<Option<String>> =
            call.actions.iter().map(|a| a.edited_path().map(|p| rule_path(p, self.cwd, self.repo_top))).collect();
        // What each action runs and changes is analysed once, for every layer.
        let reaches: Vec<Reach> = call.actions.iter().map(|a| Reach::of(a, self.cwd, self.repo_top)).collect();
        let layers = &self.layers.layers;
        // Under a system policy only root's exceptions skip a rule: the user's and the repositories'
        // policies can only add to it.
        let system = layers.iter().any(|l| l.kind == super::policy::layers::LayerKind::System);
        let exceptions = Exceptions {
            layers: layers.iter().filter(|l| l.counts_fully() && (!system || l.kind == super::policy::layers::LayerKind::System)).collect(),
        };
        let mut exception = None;
        // What no policy can switch off: a command the analyser cannot see is asked about, and so is
        // a change of the gate's own files. It counts as a rule of every layer, ahead of the
        // confirm rules (a deny rule still wins).
        let mut own = Ruled::Open;
        for reach in &reaches {
            own.add(own_rules(reach, self.repo_top));
        }
        let mut states: Vec<Ruled> = layers
            .iter()
            .map(|layer| {
                let source = layer.describe();
                let mut state = own.clone();
                for (action, reach) in call.actions.iter().zip(&reaches) {
                    state.add(self.rules(&layer.policy, action, reach, &source, &exceptions, &mut exception));
                }
                state
            })
            .collect();
        if self.programs {
            match providers {
                Some(given) => {
                    for (state, verdict) in states.iter_mut().zip(given) {
                        if let Some(v) = verdict {
                            state.add(Ruled::Blocked(v.clone()));
                        }
                    }
                }
                None => self.ask_providers(call, &paths, &mut states),
            }
            for (layer, state) in layers.iter().zip(states.iter_mut()) {
                if state.is_open() {
                    state.add(self.classify(layer, call, &paths));
                }
            }
        }
        let mut strongest: Option<(usize, Verdict)> = None;
        let mut observed = None;
        for (i, state) in states.into_iter().enumerate() {
            match state {
                Ruled::Blocked(v) if strongest.as_ref().is_none_or(|(_, s)| v.decision > s.decision) => strongest = Some((i, v)),
                Ruled::Observed(reason) => {
                    observed.get_or_insert(reason);
                }
                _ => {}
            }
        }
        let mut verdict = match (strongest, observed) {
            (Some((i, mut v)), _) => {
                v.layer = Some(i);
                v
            }
            (None, Some(reason)) => Verdict::allow(format!("observed: {reason}")),
            (None, None) => Verdict::allow(""),
        };
        verdict.exception = exception;
        verdict
    }

    /// One layer's regular-expression rules on one action, in the policy's order.
    fn rules(
        &self,
        policy: &Policy,
        action: &Action,
        reach: &Reach,
        source: &str,
        exceptions: &Exceptions,
        exception: &mut Option<String>,
    ) -> Ruled {
        let mut observed: Option<String> = None;
        let reached = |subject: &str| target::reach(subject, self.cwd);
        let mut decided = |key: ListKey, subjects: &[&str], decision: Decision, file: Option<&str>| -> Option<Verdict> {
            let (index, rule) = policy.list(key).first_match(subjects, &reached)?;
            if rule.observe {
                observed.get_or_insert_with(|| rule.reason.clone());
                return None;
            }
            Some(Verdict::blocking(decision, &rule.reason, RuleRef::Listed { list: key, index }, file, source))
        };

        let texts: Vec<&str> = reach.texts.iter().map(String::as_str).collect();
        if let Some(v) = decided(ListKey::BashDeny, &texts, Decision::Deny, None) {
            return Ruled::Blocked(v);
        }
        // An exception takes its command out of the confirm rules' sight, and says so.
        let (excepted, asked): (Vec<&str>, Vec<&str>) = texts.iter().partition(|t| exceptions.find(ListKey::BashAllow, t).is_some());
        if let Some(v) = decided(ListKey::BashConfirm, &asked, Decision::Confirm, None) {
            return Ruled::Blocked(v);
        }
        if policy.bash_confirm.first_match(&excepted, &reached).is_some() {
            *exception = excepted.iter().find_map(|t| exceptions.find(ListKey::BashAllow, t));
        }
        for place in &reach.places {
            let forms = place.forms();
            let forms: Vec<&str> = forms.iter().map(String::as_str).collect();
            match exceptions.for_place(place) {
                None => {
                    if let Some(v) = decided(ListKey::PathConfirm, &forms, Decision::Confirm, Some(&place.shown)) {
                        return Ruled::Blocked(v);
                    }
                }
                Some(found) => {
                    if policy.path_confirm.first_match(&forms, &|_| None).is_some() {
                        *exception = Some(found);
                    }
                }
            }
        }
        if action.is_mcp() {
            let name = action.tool_name.as_str();
            if let Some(index) = policy.mcp_deny.matches(name) {
                let reason = format!("MCP tool {name} is in mcp_deny");
                let rule = RuleRef::Listed { list: ListKey::McpDeny, index };
                return Ruled::Blocked(Verdict::blocking(Decision::Deny, &reason, rule, None, source));
            }
            if !policy.mcp_allow.is_empty() && policy.mcp_allow.matches(name).is_none() {
                let reason = format!("MCP tool {name} is not in mcp_allow");
                return Ruled::Blocked(Verdict::blocking(Decision::Confirm, &reason, RuleRef::List(ListKey::McpAllow), None, source));
            }
        }
        match observed {
            Some(reason) => Ruled::Observed(reason),
            None => Ruled::Open,
        }
    }

    /// The questions the call's edits raise, put to the providers of every layer still open, all
    /// layers at once; any `yes` or failure → confirm for that layer. A repository layer that is not
    /// trusted runs nothing and asks instead.
    fn ask_providers(&self, call: &Call, paths: &[Option<String>], states: &mut [Ruled]) {
        let layers = &self.layers.layers;
        let wanted: Vec<usize> = (0..layers.len()).filter(|&i| states[i].is_open() && !layers[i].policy.providers.is_empty()).collect();
        if wanted.is_empty() {
            return;
        }
        let queries = self.queries(call, paths);
        if queries.is_empty() {
            return;
        }
        let repo = self.repo_top.unwrap_or(self.cwd);
        let replies: Vec<(usize, Vec<Reply>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = wanted
                .iter()
                .filter(|&&i| layers[i].counts_fully())
                .map(|&i| {
                    let (list, queries, deadline) = (&layers[i].policy.providers, &queries, self.deadline);
                    (i, scope.spawn(move || providers::ask(list, queries, repo, Some(deadline))))
                })
                .collect();
            handles.into_iter().map(|(i, h)| (i, h.join().unwrap_or_default())).collect()
        });
        for &i in &wanted {
            let layer = &layers[i];
            let verdict = if !layer.counts_fully() {
                Some(untrusted(layer, "its providers", queries.first().map(|q| q.path.as_str())))
            } else {
                replies.iter().find(|(j, _)| *j == i).and_then(|(_, r)| providers_verdict(r, &layer.describe()))
            };
            if let Some(v) = verdict {
                states[i].add(Ruled::Blocked(v));
            }
        }
    }

    fn queries(&self, call: &Call, paths: &[Option<String>]) -> Vec<Query> {
        let mut queries = Vec::new();
        for (action, path) in call.actions.iter().zip(paths) {
            let Some(path) = path else { continue };
            let (mut old, new) = action.change();
            if action.tool_name == "Write" && old.is_empty() {
                // A Write replaces the whole file: the routes it removes are in the file as it is now.
                old = read_small(&self.cwd.join(action.edited_path().unwrap_or_default()));
            }
            let (added, removed) = providers::route_changes(&old, &new);
            let query = |question, subject: &str| Query {
                question,
                subject: subject.to_string(),
                path: path.clone(),
                tool_name: action.tool_name.clone(),
            };
            queries.push(query(Question::GateBearing, path));
            queries.extend(added.iter().map(|r| query(Question::RouteGate, r)));
            queries.extend(removed.iter().map(|r| query(Question::RouteCallers, r)));
        }
        queries
    }

    /// The layer's classifier on each action; an untrusted repository layer's is not run.
    fn classify(&self, layer: &Layer, call: &Call, paths: &[Option<String>]) -> Ruled {
        let Some(classifier) = &layer.policy.classifier else { return Ruled::Open };
        if !layer.counts_fully() {
            return Ruled::Blocked(untrusted(layer, "its llm_classifier", None));
        }
        let source = layer.describe();
        let mut state = Ruled::Open;
        for (action, path) in call.actions.iter().zip(paths) {
            if let Some(v) = classifier::judge(classifier, &action.hook_json(call), path.as_deref(), &source, self.deadline) {
                state.add(Ruled::Blocked(v));
            }
        }
        state
    }
}

/// The checks no policy switches off: a command the analyser cannot see, a change of what the gate
/// protects as a whole.
fn own_rules(reach: &Reach, repo_top: Option<&Path>) -> Ruled {
    // Typing into the agent's own terminal is denied however much else of the command is unknown.
    if let Some(why) = &reach.injects_keys {
        return Ruled::Blocked(Verdict::blocking(Decision::Deny, why, RuleRef::SelfProtection, None, ""));
    }
    if let Some(why) = reach.opaque.filter(|why| !super::boxed::confines_opaque(why, reach, repo_top)) {
        let mut v = Verdict::blocking(Decision::Confirm, &format!("the command could not be analysed: {why}"), RuleRef::Analysis, None, "");
        v.reason = format!("could not be analysed: {why}");
        return Ruled::Blocked(v);
    }
    if let Some(path) = &reach.record_key {
        let why = "reads or writes gitvow's record key (the seal of approvals and trust): only gitvow does that";
        return Ruled::Blocked(Verdict::blocking(Decision::Deny, why, RuleRef::SelfProtection, Some(path), ""));
    }
    if let Some(how) = &reach.types_into_terminal
        && super::approvals::waiting()
    {
        let why = format!(
            "{how}, while a question waits for a person's answer (gitvow approve): what a tool call types there would answer it as the person"
        );
        return Ruled::Blocked(Verdict::blocking(Decision::Confirm, &why, RuleRef::SelfProtection, None, ""));
    }
    if let Some(why) = reach.attaches {
        return Ruled::Blocked(Verdict::blocking(Decision::Confirm, why, RuleRef::SelfProtection, None, ""));
    }
    match &reach.protected {
        Some(_) if reach.protected_root.as_deref().is_some_and(super::boxed::holds) => Ruled::Open,
        Some((why, file)) => {
            let decision = if reach.switches_off { Decision::Deny } else { Decision::Confirm };
            Ruled::Blocked(Verdict::blocking(decision, why, RuleRef::SelfProtection, Some(file), ""))
        }
        None => Ruled::Open,
    }
}

/// Any `yes` or failure among `replies` → confirm, with the evidence for the agent and, for the
/// log, only the providers' names (route subjects and evidence can quote the edited file).
pub fn providers_verdict(replies: &[Reply], source: &str) -> Option<Verdict> {
    let blocking: Vec<&Reply> = replies.iter().filter(|r| r.blocks()).collect();
    let first = blocking.first()?;
    let reasons: Vec<String> = blocking
        .iter()
        .map(|r| match &r.outcome {
            Outcome::Answer { evidence, .. } => format!(
                "provider {} answered yes to {} for {}{}",
                r.provider,
                r.query.question.name(),
                r.query.subject,
                if evidence.is_empty() { String::new() } else { format!(": {}", evidence.join("; ")) }
            ),
            Outcome::Failure(why) => {
                format!("provider {} failed on {} for {}: {why}", r.provider, r.query.question.name(), r.query.subject)
            }
        })
        .collect();
    let mut names: Vec<String> = blocking.iter().map(|r| r.provider.clone()).collect();
    names.sort_unstable();
    names.dedup();
    let mut verdict =
        Verdict::blocking(Decision::Confirm, &reasons.join(" | "), RuleRef::Providers(names.clone()), Some(&first.query.path), source);
    // For the log, names only, each with what it did: a failure is no provider's request.
    let named = |failed: bool| {
        let mut names: Vec<&str> =
            blocking.iter().filter(|r| matches!(r.outcome, Outcome::Failure(_)) == failed).map(|r| r.provider.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        names
    };
    let (yes, failed) = (named(false), named(true));
    let mut said = Vec::new();
    if !yes.is_empty() {
        said.push(format!("provider {} answered yes", yes.join(", ")));
    }
    if !failed.is_empty() {
        said.push(format!("provider {} failed (a failure confirms)", failed.join(", ")));
    }
    verdict.reason = said.join("; ");
    Some(verdict)
}

/// The confirmation for a call that would have asked a program of a repository policy nobody trusted.
pub fn untrusted(layer: &Layer, what: &str, file: Option<&str>) -> Verdict {
    // Absolute and quoted for a shell, as doctor's fix names it: pasted anywhere, it names this one.
    let repo = layer.repo.as_deref().map(crate::output::shell_path).unwrap_or_else(|| ".".into());
    let reason = format!(
        "the repository policy names programs that are not trusted, so {what} did not run; a person can trust them by running `gitvow trust {repo}` in their own terminal"
    );
    let mut v = Verdict::blocking(Decision::Confirm, &reason, RuleRef::Untrusted, file, &layer.describe());
    v.reason = "untrusted repository programs".into();
    v
}

fn read_small(path: &Path) -> String {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() && m.len() <= 4 << 20 => {
            super::regular_file::read_text(path, "a file", 4 << 20).ok().flatten().unwrap_or_default()
        }
        _ => String::new(),
    }
}
