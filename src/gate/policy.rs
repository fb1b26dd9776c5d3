//! The policy: what one policy file holds, and how it loads. A pattern that does not compile must
//! block every call until it is fixed, so every pattern of a file is compiled whenever the file is
//! new to this build of gitvow; after that, the hook compiles a pattern only when a call could match
//! it ([`prefilter`]), and [`validated`] remembers which files compiled whole. The file is strict: a
//! key gitvow does not know is an error, so a misspelling can never silently drop the rules it held.
//! Which files are in force for a call is [`layers`].

mod buffer;
mod codec;
pub mod known;
pub mod layers;
pub mod prefilter;
mod rules;
mod schema;
pub mod trust_record;
pub mod validated;

use codec::{Reader, Writer};
pub use rules::{Compile, Rule, RuleList};
use rules::{Pattern, prepare};
pub use schema::ParseError;
use schema::{Located, Obj, Seg};
use serde_json::Value;
use std::path::PathBuf;
use std::time::Duration;

/// The built-in default policy. The installer writes it to `~/.gitvow/policy.json` or
/// `<repo>/.gitvow/policy.json` when no policy is there yet.
pub const DEFAULT_POLICY: &str = include_str!("../../templates/policy.json");

/// Where a policy came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    File(PathBuf),
    BuiltIn,
}

impl Source {
    pub fn describe(&self) -> String {
        match self {
            Source::File(p) => crate::paths::display(p),
            Source::BuiltIn => "built-in default policy".into(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    GateBearing,
    RouteGate,
    RouteCallers,
}

impl Question {
    pub const ALL: [Question; 3] = [Question::GateBearing, Question::RouteGate, Question::RouteCallers];

    pub fn name(self) -> &'static str {
        match self {
            Question::GateBearing => "gate_bearing",
            Question::RouteGate => "route_gate",
            Question::RouteCallers => "route_callers",
        }
    }

    pub fn parse(name: &str) -> Option<Question> {
        Question::ALL.into_iter().find(|q| q.name() == name)
    }
}

#[derive(Clone, Debug)]
pub struct Provider {
    pub name: String,
    /// Program and arguments, split like a shell would.
    pub argv: Vec<String>,
    pub questions: Vec<Question>,
    pub timeout: Duration,
}

#[derive(Clone, Debug)]
pub struct Classifier {
    pub argv: Vec<String>,
}

/// The rule lists a policy holds, by their key in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListKey {
    BashDeny,
    BashConfirm,
    PathConfirm,
    McpAllow,
    McpDeny,
    BashAllow,
    PathAllow,
}

impl ListKey {
    pub const ALL: [ListKey; 7] = [
        ListKey::BashDeny,
        ListKey::BashConfirm,
        ListKey::PathConfirm,
        ListKey::McpAllow,
        ListKey::McpDeny,
        ListKey::BashAllow,
        ListKey::PathAllow,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ListKey::BashDeny => "bash_deny",
            ListKey::BashConfirm => "bash_confirm",
            ListKey::PathConfirm => "path_confirm",
            ListKey::McpAllow => "mcp_allow",
            ListKey::McpDeny => "mcp_deny",
            ListKey::BashAllow => "bash_allow",
            ListKey::PathAllow => "path_allow",
        }
    }

    /// `mcp_*` lists hold plain patterns matched against the whole tool name; the others hold rules.
    fn whole_names(self) -> bool {
        matches!(self, ListKey::McpAllow | ListKey::McpDeny)
    }
}

#[derive(Debug)]
pub struct Policy {
    pub source: Source,
    pub bash_deny: RuleList,
    pub bash_confirm: RuleList,
    pub path_confirm: RuleList,
    pub mcp_allow: RuleList,
    pub mcp_deny: RuleList,
    /// Exceptions: a matching command or path skips the confirm rules, never the deny rules.
    pub bash_allow: RuleList,
    pub path_allow: RuleList,
    pub providers: Vec<Provider>,
    pub classifier: Option<Classifier>,
    /// `approve_with`: what `gitvow approve` and `gitvow trust` take as a person's presence; only
    /// the person's own policy may set it (a repository's that does is an error, see [`layers`]).
    pub approve_with: Option<ApproveWith>,
}

/// The proof of presence `gitvow approve` and `gitvow trust` ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApproveWith {
    /// A terminal older than the request, in a session no agent runs in (always required).
    Terminal,
    /// That, and the operating system's authentication of the person (`commands::presence`).
    OsAuthentication,
}

impl ApproveWith {
    pub const NAMES: [&str; 2] = ["terminal", "os_authentication"];
}

impl Policy {
    pub fn list(&self, key: ListKey) -> &RuleList {
        match key {
            ListKey::BashDeny => &self.bash_deny,
            ListKey::BashConfirm => &self.bash_confirm,
            ListKey::PathConfirm => &self.path_confirm,
            ListKey::McpAllow => &self.mcp_allow,
            ListKey::McpDeny => &self.mcp_deny,
            ListKey::BashAllow => &self.bash_allow,
            ListKey::PathAllow => &self.path_allow,
        }
    }

    fn list_mut(&mut self, key: ListKey) -> &mut RuleList {
        match key {
            ListKey::BashDeny => &mut self.bash_deny,
            ListKey::BashConfirm => &mut self.bash_confirm,
            ListKey::PathConfirm => &mut self.path_confirm,
            ListKey::McpAllow => &mut self.mcp_allow,
            ListKey::McpDeny => &mut self.mcp_deny,
            ListKey::BashAllow => &mut self.bash_allow,
            ListKey::PathAllow => &mut self.path_allow,
        }
    }

    /// Programs gitvow would run for this policy, as a person should read them before trusting.
    pub fn programs(&self) -> Vec<String> {
        let mut out: Vec<String> =
            self.providers.iter().map(|p| format!("provider `{}`: {}", p.name, shell_words::join(&p.argv))).collect();
        if let Some(c) = &self.classifier {
            out.push(format!("llm_classifier: {}", shell_words::join(&c.argv)));
        }
        out
    }

    /// What in this policy loosens or runs something, and so counts only from a trusted file when
    /// the file is a repository's: programs, and exceptions.
    pub fn needs_trust(&self) -> bool {
        !self.providers.is_empty() || self.classifier.is_some() || !self.bash_allow.is_empty() || !self.path_allow.is_empty()
    }

    /// How many patterns the file holds, for summaries.
    pub fn pattern_count(&self) -> usize {
        ListKey::ALL.iter().map(|k| self.list(*k).len()).sum()
    }
}

/// The binary form [`validated`] keeps of a policy that loaded whole, with every pattern's
/// prefilter analysis done: a call that finds it skips parsing the file and analysing its patterns.
/// Each type writes every one of its fields (destructured, so a new field cannot be forgotten).
impl Policy {
    pub fn encode(&self) -> Vec<u8> {
        let Policy {
            source: _,
            bash_deny: _,
            bash_confirm: _,
            path_confirm: _,
            mcp_allow: _,
            mcp_deny: _,
            bash_allow: _,
            path_allow: _,
            providers,
            classifier,
            approve_with,
        } = self;
        let mut w = Writer::default();
        for key in ListKey::ALL {
            let list = self.list(key);
            w.len(list.len());
            list.rules().iter().for_each(|rule| rule.encode(&mut w));
        }
        w.len(providers.len());
        for Provider { name, argv, questions, timeout } in providers {
            w.str(name);
            w.strs(argv);
            w.len(questions.len());
            questions.iter().for_each(|q| w.str(q.name()));
            w.u64(timeout.as_nanos() as u64);
        }
        w.flag(classifier.is_some());
        if let Some(Classifier { argv }) = classifier {
            w.strs(argv);
        }
        w.len(match approve_with {
            None => 0,
            Some(ApproveWith::Terminal) => 1,
            Some(ApproveWith::OsAuthentication) => 2,
        });
        w.bytes
    }

    /// What [`Policy::encode`] wrote; `None` for anything else, to the last byte.
    pub fn decode(bytes: &[u8], source: Source) -> Option<Policy> {
        Policy::decode_kept(std::sync::Arc::new(bytes.to_vec().into()), 0, source)
    }

    /// [`Policy::decode`] of `bytes` from `start` to their end, the rules read where they lie
    /// (see [`RuleList`]): the policy keeps the very buffer a prepared policy was read into, where
    /// a copy would be as many fresh pages of memory again (some twelve per policy, each a page
    /// fault of a hook call).
    pub fn decode_kept(bytes: std::sync::Arc<buffer::Buffer>, start: usize, source: Source) -> Option<Policy> {
        let mut r = Reader::new(bytes.get(start..)?);
        let mut lists = ListKey::ALL.map(|_| RuleList::default());
        for list in &mut lists {
            *list = RuleList::find(&mut r, &bytes)?;
        }
        let providers = r.list(|r| {
            Some(Provider {
                name: r.string()?,
                argv: r.strings()?,
                questions: r.list(|r| Question::parse(r.str()?))?,
                timeout: Duration::from_nanos(r.u64()?),
            })
        })?;
        let classifier = if r.flag()? { Some(Classifier { argv: r.strings()? }) } else { None };
        let approve_with = match r.len()? {
            0 => None,
            1 => Some(ApproveWith::Terminal),
            2 => Some(ApproveWith::OsAuthentication),
            _ => return None,
        };
        if !r.is_done() {
            return None;
        }
        let [bash_deny, bash_confirm, path_confirm, mcp_allow, mcp_deny, bash_allow, path_allow] = lists;
        Some(Policy {
            source,
            bash_deny,
            bash_confirm,
            path_confirm,
            mcp_allow,
            mcp_deny,
            bash_allow,
            path_allow,
            providers,
            classifier,
            approve_with,
        })
    }
}

/// `line:column`.
pub fn parse(text: &str, source: Source) -> Result<Policy, ParseError> {
    parse_with(text, source, Compile::All)
}

/// [`parse`], with the patterns compiled as `compile` says.
pub fn parse_with(text: &str, source: Source, compile: Compile) -> Result<Policy, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let root: Value = serde_json::from_str(text).map_err(ParseError::not_json)?;
    build(&root, source, compile).map_err(|e| e.render(text))
}

fn build(root: &Value, source: Source, compile: Compile) -> Result<Policy, Located> {
    let root = Obj::new(root, vec![], "the policy must be a JSON object")?;
    root.check_keys(schema::TOP_KEYS, schema::IGNORED_TOP_KEYS)?;
    let mut policy = Policy {
        source,
        bash_deny: RuleList::default(),
        bash_confirm: RuleList::default(),
        path_confirm: RuleList::default(),
        mcp_allow: RuleList::default(),
        mcp_deny: RuleList::default(),
        bash_allow: RuleList::default(),
        path_allow: RuleList::default(),
        providers: providers(&root)?,
        classifier: classifier(&root)?,
        approve_with: approve_with(&root)?,
    };
    for key in ListKey::ALL {
        let list = rule_list(&root, key, compile)?;
        *policy.list_mut(key) = list;
    }
    Ok(policy)
}

fn rule_list(root: &Obj, key: ListKey, compile: Compile) -> Result<RuleList, Located> {
    let mut list = Vec::new();
    for (i, item) in root.array(key.name())?.iter().enumerate() {
        let path = vec![Seg::Key(key.name().into()), Seg::Index(i)];
        let label = format!("{}[{i}]", key.name());
        let rule = if key.whole_names() {
            let pattern =
                item.as_str().ok_or_else(|| Located::value(path.clone(), format!("`{label}` must be a string (a regular expression)")))?;
            let searched = Pattern::new(&format!("^(?:{pattern})$"));
            prepare(&searched, pattern, &label, path, compile)?;
            Rule { shown: Some(pattern.to_string()), reason: key.name().to_string(), observe: false, searched, target: None }
        } else {
            rule(item, path, &label, compile)?
        };
        list.push(rule);
    }
    Ok(RuleList::of(list))
}

/// One rule: `{"pattern", "reason", "when"}`, or the reference implementation's structured form
/// `{"program", "verbs", "target", "reason", "when"}`.
fn rule(item: &Value, path: Vec<Seg>, label: &str, compile: Compile) -> Result<Rule, Located> {
    let o = Obj::new(item, path.clone(), &format!("`{label}` must be an object with `pattern` (or `program`) and `reason`"))?;
    o.check_keys(schema::RULE_KEYS, &[])?;
    let reason = o.string("reason")?.unwrap_or(label.split('[').next().unwrap_or(label)).to_string();
    let observe = o.observe()?;
    let pattern = o.string("pattern")?;
    let program = o.get("program");
    match (pattern, program) {
        (Some(_), Some(_)) => Err(o.at_key("program", format!("`{label}` has both `pattern` and `program`: give one"))),
        (Some(p), None) => {
            for k in ["verbs", "target"] {
                if o.get(k).is_some() {
                    return Err(o.at_key(k, format!("`{label}.{k}` goes with `program`, not with `pattern`")));
                }
            }
            let searched = Pattern::new(p);
            prepare(&searched, p, label, o.path_to("pattern"), compile)?;
            Ok(Rule { shown: None, reason, observe, searched, target: None })
        }
        (None, Some(_)) => {
            let programs = o.strings("program", label)?;
            let verbs = o.strings_or_empty("verbs", label)?;
            let target = match o.string("target")? {
                Some(t) => {
                    let target = Pattern::new(t);
                    prepare(&target, t, &format!("{label}.target"), o.path_to("target"), compile)?;
                    Some(target)
                }
                None => None,
            };
            let pattern = structured_pattern(&programs, &verbs);
            let searched = Pattern::new(&pattern);
            prepare(&searched, &pattern, label, o.path_to(if verbs.is_empty() { "program" } else { "verbs" }), compile)?;
            Ok(Rule { shown: None, reason, observe, searched, target })
        }
        (None, None) => Err(Located::value(path, format!("`{label}` has no `pattern` (or `program`) string"))),
    }
}

/// The regular expression a `program`/`verbs` rule stands for, on the normalised text of a simple
/// command (`prog arg …`, see `command.rs`): the program in command position, then any options
/// (with a value each, quoted or not, as in `kubectl --context 'prod eu' delete`), then a verb at
/// the start of what follows.
fn structured_pattern(programs: &[String], verbs: &[String]) -> String {
    let programs: Vec<String> = programs.iter().map(|p| regex_lite::escape(p)).collect();
    let mut pattern = format!("^(?:{})", programs.join("|"));
    if verbs.is_empty() {
        pattern.push_str(r"(?:\s|$)");
    } else {
        let verbs: Vec<String> = verbs.iter().map(|v| format!("(?:{v})")).collect();
        pattern.push_str(&format!(r"(?:\s+-\S+(?:\s+(?:'[^']*'|[^-\s]\S*))?)*\s+(?:{})(?:\b|\s|$)", verbs.join("|")));
    }
    pattern
}

fn split_command(o: &Obj, key: &str, label: &str) -> Result<Vec<String>, Located> {
    let command = o.string(key)?.ok_or_else(|| o.missing(format!("`{label}` has no `{key}` string")))?;
    let argv = shell_words::split(command).map_err(|e| o.at_value(key, format!("`{label}.{key}` `{command}` cannot be split: {e}")))?;
    if argv.is_empty() {
        return Err(o.at_value(key, format!("`{label}.{key}` is empty")));
    }
    // The command is run without a shell: a `~` a person wrote, as in their terminal, is expanded
    // here (`~/bin/provider`), or the program would never be found.
    Ok(argv.into_iter().map(with_home).collect())
}

/// `~` or `~/…` as the home directory it names; any other word as it is.
fn with_home(word: String) -> String {
    let rest = match word.strip_prefix('~') {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => rest,
        _ => return word,
    };
    match crate::paths::home() {
        Some(home) => format!("{}{rest}", home.to_string_lossy()),
        None => word,
    }
}

/// The longest a provider may be given, in seconds: the hook's whole budget for its providers and
/// classifier (`gate::CALL_BUDGET`), so that `ask` and the hook wait alike.
pub const PROVIDER_TIMEOUT_MAX: f64 = 24.0;

/// A provider's `questions`. A name this version does not know is left to the versions that do,
/// unless it is a misspelling of a known one, or the list asks nothing this version knows: either
/// would turn the provider off without a word.
fn provider_questions(o: &Obj, names: &[Value], label: &str) -> Result<Vec<Question>, Located> {
    let known: Vec<&str> = Question::ALL.iter().map(|q| q.name()).collect();
    let mut out = Vec::new();
    for name in names {
        let Some(name) = name.as_str() else {
            return Err(o.at_value("questions", format!("`{label}.questions` must hold question names")));
        };
        match (Question::parse(name), crate::spelling::closest(name, &known)) {
            (Some(q), _) => out.push(q),
            (None, Some(near)) => {
                return Err(o.at_value("questions", format!("`{label}.questions` names `{name}`; did you mean `{near}`?")));
            }
            (None, None) => {}
        }
    }
    if out.is_empty() && !names.is_empty() {
        return Err(o.at_value("questions", format!("`{label}.questions` names no question gitvow knows ({})", known.join(", "))));
    }
    Ok(out)
}

fn providers(root: &Obj) -> Result<Vec<Provider>, Located> {
    let mut out = Vec::new();
    for (i, item) in root.array("providers")?.iter().enumerate() {
        let label = format!("providers[{i}]");
        let o = Obj::new(item, vec![Seg::Key("providers".into()), Seg::Index(i)], &format!("`{label}` must be an object"))?;
        o.check_keys(schema::PROVIDER_KEYS, &[])?;
        let name = o.string("name")?.ok_or_else(|| o.missing(format!("`{label}` has no `name` string")))?;
        let questions = match o.get("questions") {
            None | Some(Value::Null) => Question::ALL.to_vec(),
            Some(Value::Array(q)) => provider_questions(&o, q, &label)?,
            Some(_) => return Err(o.at_value("questions", format!("`{label}.questions` must be an array"))),
        };
        let timeout = match o.get("timeout") {
            None | Some(Value::Null) => 10.0,
            Some(v) => v.as_f64().filter(|t| *t > 0.0 && *t <= PROVIDER_TIMEOUT_MAX).ok_or_else(|| {
                o.at_value(
                    "timeout",
                    format!("`{label}.timeout` must be a number of seconds above 0 and at most {PROVIDER_TIMEOUT_MAX} (the hook waits no longer for its providers)"),
                )
            })?,
        };
        out.push(Provider {
            name: name.to_string(),
            argv: split_command(&o, "command", &label)?,
            questions,
            timeout: Duration::from_secs_f64(timeout),
        });
    }
    Ok(out)
}

fn approve_with(root: &Obj) -> Result<Option<ApproveWith>, Located> {
    match root.get("approve_with") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s == "terminal" => Ok(Some(ApproveWith::Terminal)),
        Some(Value::String(s)) if s == "os_authentication" => Ok(Some(ApproveWith::OsAuthentication)),
        Some(other) => {
            let given = other.as_str().map_or_else(|| other.to_string(), |s| format!("`{s}`"));
            let guess = other.as_str().and_then(|s| crate::spelling::closest(s, &ApproveWith::NAMES));
            let guess = guess.map_or(String::new(), |g| format!(" (did you mean `{g}`?)"));
            Err(root
                .at_value("approve_with", format!("`approve_with` is {given}{guess}: it must be \"terminal\" or \"os_authentication\"")))
        }
    }
}

fn classifier(root: &Obj) -> Result<Option<Classifier>, Located> {
    let Some(value) = root.get("llm_classifier") else { return Ok(None) };
    if value.is_null() {
        return Ok(None);
    }
    let o = Obj::new(value, vec![Seg::Key("llm_classifier".into())], "`llm_classifier` must be an object")?;
    o.check_keys(schema::CLASSIFIER_KEYS, &[])?;
    let enabled = match o.get("enabled") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(o.at_value("enabled", "`llm_classifier.enabled` must be true or false".into())),
    };
    if !enabled {
        return Ok(None);
    }
    Ok(Some(Classifier { argv: split_command(&o, "command", "llm_classifier")? }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_policy_loads_and_compiles() {
        let p = parse(DEFAULT_POLICY, Source::BuiltIn).unwrap();
        assert!(p.bash_deny.len() > 5 && p.bash_confirm.len() > 5 && p.path_confirm.len() > 3);
    }

    #[test]
    fn the_first_rule_in_policy_order_matches_however_often_a_command_repeats() {
        let p = parse(
            r#"{"bash_deny": [{"pattern": "^rm\\s", "reason": "rm"}, {"pattern": "^git\\s+push", "reason": "push"}]}"#,
            Source::BuiltIn,
        )
        .unwrap();
        let none = |_: &str| None;
        let mut texts = vec!["git push"; 40];
        texts.extend(["ls", "rm x", "ls"]);
        assert_eq!(p.bash_deny.first_match(&texts, &none).map(|(i, _)| i), Some(0));
        assert_eq!(p.bash_deny.first_match(&["ls", "git push", "ls", "ls"], &none).map(|(i, _)| i), Some(1));
        assert!(p.bash_deny.first_match(&["ls"; 50], &none).is_none());
        assert_eq!(p.bash_deny.first_match(&["ls", "rm x"], &none).map(|(i, _)| i), Some(0));
    }

    #[test]
    fn broken_pattern_names_itself_and_its_place() {
        let err = parse("{\"bash_deny\": [\n  {\"pattern\": \"rm (\", \"reason\": \"x\"}]}", Source::BuiltIn).unwrap_err();
        assert!(err.to_string().starts_with("2:15: pattern `rm (` (bash_deny[0]) does not compile"), "{err}");
    }

    #[test]
    fn misspelt_keys_are_errors_with_a_suggestion() {
        let err = parse("{\n \"bash_denny\": []}", Source::BuiltIn).unwrap_err();
        assert_eq!(err.to_string(), "2:2: unknown key `bash_denny` (did you mean `bash_deny`?)");
        let err = parse(r#"{"bash_deny": [{"patern": "x", "reason": "y"}]}"#, Source::BuiltIn).unwrap_err();
        assert!(err.to_string().starts_with("1:17: unknown key `patern` in bash_deny[0] (did you mean `pattern`?)"), "{err}");
    }

    #[test]
    fn the_reference_implementations_keys_are_ignored() {
        let text = r#"{"_doc": "x", "decisions": {"mode": "open"}, "intent": {}, "outcomes": 1, "sync": [], "runtime": {}, "about": [],
            "llm_classifier": {"enabled": false, "command": "", "_doc": "y"}, "bash_deny": [{"pattern": "x", "reason": "y", "_note": 1}]}"#;
        assert_eq!(parse(text, Source::BuiltIn).unwrap().bash_deny.len(), 1);
    }

    /// Every field of a policy, each pattern with its analysis, as text to compare.
    fn render(p: &Policy) -> String {
        let mut out = String::new();
        for key in ListKey::ALL {
            for r in p.list(key).rules() {
                let target = r.target.as_ref().map(Pattern::source);
                let (start, prefilter) = (r.searched.start(), r.searched.prefilter());
                out += &format!(
                    "{key:?} {:?} {:?} {} {:?} {target:?} {start:?} {prefilter:?}\n",
                    r.pattern(),
                    r.reason,
                    r.observe,
                    r.searched.source()
                );
            }
        }
        out + &format!("{:?} {:?} {:?}", p.source, p.providers, p.classifier)
    }

    #[test]
    fn the_binary_form_gives_back_the_same_policy() {
        let mut root: Value = serde_json::from_str(DEFAULT_POLICY).unwrap();
        let extra: Value = serde_json::from_str(
            r#"{"bash_allow": [{"pattern": "^git\\s+push\\s+origin\\s+feature$", "reason": "feature", "when": "observe"}],
                "path_allow": [{"pattern": "^docs/", "reason": "docs"}],
                "mcp_allow": ["mcp__github__.*"], "mcp_deny": ["(?i)mcp__.*delete.*"],
                "bash_confirm": [{"program": ["kubectl"], "verbs": ["delete"], "target": "prod", "reason": "prod"}],
                "providers": [{"name": "p", "command": "prov --fast 'a b'", "questions": ["route_gate"], "timeout": 2.5}],
                "llm_classifier": {"enabled": true, "command": "classify -q"}}"#,
        )
        .unwrap();
        for (k, v) in extra.as_object().unwrap() {
            match (root.get_mut(k).and_then(Value::as_array_mut), v) {
                (Some(list), Value::Array(more)) => list.extend(more.iter().cloned()),
                _ => root[k] = v.clone(),
            }
        }
        let text = root.to_string();
        let policy = parse(&text, Source::BuiltIn).unwrap();
        let bytes = policy.encode();
        let back = Policy::decode(&bytes, Source::BuiltIn).unwrap();
        assert_eq!(render(&back), render(&policy));
        assert_eq!(back.encode(), bytes);
        assert!(Policy::decode(&bytes[..bytes.len() - 1], Source::BuiltIn).is_none());
        assert!(Policy::decode(&[bytes.as_slice(), &[0]].concat(), Source::BuiltIn).is_none());
    }

    #[test]
    fn structured_rules_match_the_program_its_options_and_a_verb() {
        let p = parse(
            r#"{"bash_deny": [{"program": ["git"], "verbs": ["push\\b.*?(?:--force|\\s-f\\b)"], "reason": "force push"}]}"#,
            Source::BuiltIn,
        )
        .unwrap();
        let hit = |t: &str| p.bash_deny.first_match(&[t], &|_| None).is_some();
        assert!(hit("git push --force"));
        assert!(hit("git -C 'my dir' -c a=b push origin -f"));
        assert!(!hit("git push origin main"));
        assert!(!hit("gitk push --force"));
        assert!(!hit("echo git push --force"));
    }
}
