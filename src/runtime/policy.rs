//! The policy: where it is found and how it loads. Every pattern is compiled on load, also those a
//! call does not need: a pattern that does not compile must block every call until it is fixed.

use regex_lite::Regex;
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The built-in default policy. The installer writes it to `~/.gitvow/policy.json` or
/// `<repo>/.gitvow/policy.json` when no policy is there yet.
pub const DEFAULT_POLICY: &str = include_str!("../../templates/policy.json");

/// Where the policy in force came from.
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

/// A rule of `bash_deny`, `bash_confirm` or `path_confirm`.
#[derive(Debug)]
pub struct Rule {
    pub pattern: String,
    pub reason: String,
    /// `when: observe`: a match is recorded, the call goes on to the next checks.
    pub observe: bool,
}

/// A list of rules with their compiled patterns.
///
/// The hook compiles its policy on every call, so compile time is most of a call's cost: patterns
/// use `regex-lite`, which compiles in microseconds (ASCII classes: `\s`, `\w`, `\b` and `(?i)` are
/// ASCII-only; Unicode classes like `\p{L}` are not available).
#[derive(Debug, Default)]
pub struct RuleList {
    pub rules: Vec<Rule>,
    regexes: Vec<Regex>,
}

impl RuleList {
    /// The first rule (in policy order) that matches any of `subjects`, with its index in the list.
    pub fn first_match<S: AsRef<str>>(&self, subjects: &[S]) -> Option<(usize, &Rule)> {
        self.regexes.iter().position(|re| subjects.iter().any(|s| re.is_match(s.as_ref()))).map(|i| (i, &self.rules[i]))
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    fn push(&mut self, key: &str, rule: Rule, whole: bool) -> Result<(), String> {
        let source = if whole { format!("^(?:{})$", rule.pattern) } else { rule.pattern.clone() };
        let re = Regex::new(&source).map_err(|e| {
            let why = e.to_string();
            let why = why.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("invalid syntax").trim().trim_start_matches("error: ").to_string();
            format!("pattern `{}` ({key}[{}]) does not compile: {why}", rule.pattern, self.rules.len())
        })?;
        self.regexes.push(re);
        self.rules.push(rule);
        Ok(())
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

#[derive(Debug)]
pub struct Policy {
    pub source: Source,
    pub bash_deny: RuleList,
    pub bash_confirm: RuleList,
    pub path_confirm: RuleList,
    pub mcp_allow: RuleList,
    pub mcp_deny: RuleList,
    pub providers: Vec<Provider>,
    pub classifier: Option<Classifier>,
}

impl Policy {
    /// The pattern of the rule a verdict names (`bash_deny[1]`), for `gitvow check`: messages to the
    /// agent name the rule, not its regular expression.
    pub fn pattern_of(&self, label: &str) -> Option<&str> {
        let (key, index) = label.strip_suffix(']')?.split_once('[')?;
        let list = match key {
            "bash_deny" => &self.bash_deny,
            "bash_confirm" => &self.bash_confirm,
            "path_confirm" => &self.path_confirm,
            "mcp_deny" => &self.mcp_deny,
            _ => return None,
        };
        list.rules.get(index.parse::<usize>().ok()?).map(|r| r.pattern.as_str())
    }
}

/// The policy in force for a call in `repo` (its top level): `<repo>/.gitvow/policy.json`, then
/// `~/.gitvow/policy.json`, then the built-in default. A file that exists but does not load is an
/// error, never a silent fall back to a weaker policy.
pub fn load(repo_top: Option<&Path>) -> Result<Policy, String> {
    let candidates = repo_top.map(|r| r.join(".gitvow/policy.json")).into_iter().chain(crate::paths::gitvow_home().map(|h| h.join("policy.json")));
    for path in candidates {
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                return parse(&text, Source::File(path.clone())).map_err(|e| {
                    // A syntax error carries `line:column`, which joins the file name as `file:line:column`.
                    let sep = if e.starts_with(|c: char| c.is_ascii_digit()) { ":" } else { ": " };
                    format!("{}{sep}{e}", crate::paths::display(&path))
                });
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(crate::error::Error::io("read the policy", &path, &e).message),
        }
    }
    parse(DEFAULT_POLICY, Source::BuiltIn).map_err(|e| format!("built-in policy: {e}"))
}

/// Parses a policy text. Missing keys are empty; unknown keys are ignored.
pub fn parse(text: &str, source: Source) -> Result<Policy, String> {
    let root: Value = serde_json::from_str(text).map_err(|e| {
        let what = e.to_string();
        let what = what.split(" at line ").next().unwrap_or(&what).to_string();
        format!("{}:{}: not valid JSON: {what}", e.line(), e.column())
    })?;
    let Value::Object(root) = root else { return Err("the policy must be a JSON object".into()) };
    Ok(Policy {
        source,
        bash_deny: rules(&root, "bash_deny")?,
        bash_confirm: rules(&root, "bash_confirm")?,
        path_confirm: rules(&root, "path_confirm")?,
        mcp_allow: names(&root, "mcp_allow")?,
        mcp_deny: names(&root, "mcp_deny")?,
        providers: providers(&root)?,
        classifier: classifier(&root)?,
    })
}

fn array<'a>(root: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], String> {
    match root.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(_) => Err(format!("`{key}` must be an array")),
    }
}

fn rules(root: &Map<String, Value>, key: &str) -> Result<RuleList, String> {
    let mut list = RuleList::default();
    for (i, item) in array(root, key)?.iter().enumerate() {
        let Value::Object(o) = item else { return Err(format!("`{key}[{i}]` must be an object with `pattern` and `reason`")) };
        let pattern = o.get("pattern").and_then(Value::as_str).ok_or_else(|| format!("`{key}[{i}]` has no `pattern` string"))?;
        let reason = o.get("reason").and_then(Value::as_str).unwrap_or(key).to_string();
        let observe = o.get("when").and_then(Value::as_str) == Some("observe");
        list.push(key, Rule { pattern: pattern.to_string(), reason, observe }, false)?;
    }
    Ok(list)
}

fn names(root: &Map<String, Value>, key: &str) -> Result<RuleList, String> {
    let mut list = RuleList::default();
    for (i, item) in array(root, key)?.iter().enumerate() {
        let pattern = item.as_str().ok_or_else(|| format!("`{key}[{i}]` must be a string"))?;
        list.push(key, Rule { pattern: pattern.to_string(), reason: key.to_string(), observe: false }, true)?;
    }
    Ok(list)
}

fn split_command(key: &str, command: &str) -> Result<Vec<String>, String> {
    let argv = shell_words::split(command).map_err(|e| format!("`{key}` command `{command}` cannot be split: {e}"))?;
    if argv.is_empty() {
        return Err(format!("`{key}` command is empty"));
    }
    Ok(argv)
}

fn providers(root: &Map<String, Value>) -> Result<Vec<Provider>, String> {
    let mut out = Vec::new();
    for (i, item) in array(root, "providers")?.iter().enumerate() {
        let key = format!("providers[{i}]");
        let Value::Object(o) = item else { return Err(format!("`{key}` must be an object")) };
        let name = o.get("name").and_then(Value::as_str).ok_or_else(|| format!("`{key}` has no `name` string"))?;
        let command = o.get("command").and_then(Value::as_str).ok_or_else(|| format!("`{key}` has no `command` string"))?;
        let questions = match o.get("questions") {
            None | Some(Value::Null) => Question::ALL.to_vec(),
            // Questions this version does not know are left to the versions that do.
            Some(Value::Array(q)) => q.iter().filter_map(Value::as_str).filter_map(Question::parse).collect(),
            Some(_) => return Err(format!("`{key}.questions` must be an array")),
        };
        let timeout = match o.get("timeout") {
            None | Some(Value::Null) => 10.0,
            Some(v) => v.as_f64().filter(|t| *t > 0.0 && *t < 86_400.0).ok_or_else(|| format!("`{key}.timeout` must be a number of seconds"))?,
        };
        out.push(Provider {
            name: name.to_string(),
            argv: split_command(&key, command)?,
            questions,
            timeout: Duration::from_secs_f64(timeout),
        });
    }
    Ok(out)
}

fn classifier(root: &Map<String, Value>) -> Result<Option<Classifier>, String> {
    let Some(Value::Object(o)) = root.get("llm_classifier") else { return Ok(None) };
    if o.get("enabled").and_then(Value::as_bool) != Some(true) {
        return Ok(None);
    }
    let command = o.get("command").and_then(Value::as_str).ok_or("`llm_classifier` is enabled but has no `command`")?;
    Ok(Some(Classifier { argv: split_command("llm_classifier", command)? }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_policy_loads_and_compiles() {
        let p = parse(DEFAULT_POLICY, Source::BuiltIn).unwrap();
        assert!(p.bash_deny.rules.len() > 5 && p.bash_confirm.rules.len() > 5 && p.path_confirm.rules.len() > 3);
    }

    #[test]
    fn broken_pattern_names_itself() {
        let err = parse(r#"{"bash_deny": [{"pattern": "rm (", "reason": "x"}]}"#, Source::BuiltIn).unwrap_err();
        assert!(err.contains("pattern `rm (` (bash_deny[0]) does not compile"), "{err}");
    }
}
