//! What decided a verdict, as messages, `gitvow check`, the hook log and approval files name it:
//! `bash_deny[1]`, `mcp_allow`, `providers: graph, topology`, `self-protection`, … A rule is named,
//! never quoted: its pattern can say what the call is about, and the log must not.
//!
//! The text is what is on disk (the hook log's `rule`, an approval file's `rule`), so it is the
//! serialised form too, and every text gitvow ever wrote there reads back as the same reference.

use super::policy::ListKey;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleRef {
    /// The rule at `index` of a policy list: `bash_deny[1]`.
    Listed { list: ListKey, index: usize },
    /// A whole list: `mcp_allow`, for a tool that matches none of its entries.
    List(ListKey),
    /// A command the analyser cannot see into: `analysis`.
    Analysis,
    /// A change of what the gate protects (its own files, the agents' configuration): `self-protection`.
    SelfProtection,
    /// A repository policy's programs, not trusted, so not run: `untrusted`.
    Untrusted,
    /// The policy's classifier: `llm_classifier`.
    Classifier,
    /// The providers that answered yes or failed, by name: `providers: graph, topology`.
    Providers(Vec<String>),
    /// The person's answer to an approval code: `gitvow approve`.
    Approval,
    /// gitvow itself failed (a payload it cannot read, a policy that does not load): `error`.
    Failure,
}

const PROVIDERS: &str = "providers: ";

impl fmt::Display for RuleRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleRef::Listed { list, index } => write!(f, "{}[{index}]", list.name()),
            RuleRef::List(list) => f.write_str(list.name()),
            RuleRef::Analysis => f.write_str("analysis"),
            RuleRef::SelfProtection => f.write_str("self-protection"),
            RuleRef::Untrusted => f.write_str("untrusted"),
            RuleRef::Classifier => f.write_str("llm_classifier"),
            RuleRef::Providers(names) => write!(f, "{PROVIDERS}{}", names.join(", ")),
            RuleRef::Approval => f.write_str("gitvow approve"),
            RuleRef::Failure => f.write_str("error"),
        }
    }
}

/// A text that names no rule gitvow knows.
#[derive(Debug, PartialEq, Eq)]
pub struct UnknownRule(pub String);

impl fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` names no rule", self.0)
    }
}

impl std::error::Error for UnknownRule {}

impl FromStr for RuleRef {
    type Err = UnknownRule;

    /// Exactly the texts [`fmt::Display`] writes: `bash_deny[01]` is not `bash_deny[1]`.
    fn from_str(text: &str) -> Result<RuleRef, UnknownRule> {
        let unknown = || UnknownRule(text.to_string());
        let named = match text {
            "analysis" => Some(RuleRef::Analysis),
            "self-protection" => Some(RuleRef::SelfProtection),
            "untrusted" => Some(RuleRef::Untrusted),
            "llm_classifier" => Some(RuleRef::Classifier),
            "gitvow approve" => Some(RuleRef::Approval),
            "error" => Some(RuleRef::Failure),
            _ => None,
        };
        if let Some(rule) = named {
            return Ok(rule);
        }
        if let Some(names) = text.strip_prefix(PROVIDERS) {
            return Ok(RuleRef::Providers(names.split(", ").map(str::to_string).collect()));
        }
        let list = |name: &str| ListKey::ALL.into_iter().find(|k| k.name() == name);
        match text.strip_suffix(']').and_then(|t| t.split_once('[')) {
            Some((name, index)) => {
                let list = list(name).ok_or_else(unknown)?;
                let index: usize = index.parse().map_err(|_| unknown())?;
                let rule = RuleRef::Listed { list, index };
                if rule.to_string() == text { Ok(rule) } else { Err(unknown()) }
            }
            None => list(text).map(RuleRef::List).ok_or_else(unknown),
        }
    }
}

impl Serialize for RuleRef {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RuleRef {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RuleRef, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The text of a rule that may be missing (a plain allow has none): empty then, as the hook log and
/// approval files have always written it.
pub fn text(rule: Option<&RuleRef>) -> String {
    rule.map(ToString::to_string).unwrap_or_default()
}

/// `#[serde(with = "rule_ref::or_empty")]` for an `Option<RuleRef>` written as `""` when missing.
pub mod or_empty {
    use super::RuleRef;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(rule: &Option<RuleRef>, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&super::text(rule.as_ref()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<RuleRef>, D::Error> {
        let text = String::deserialize(deserializer)?;
        if text.is_empty() { Ok(None) } else { text.parse().map(Some).map_err(serde::de::Error::custom) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text gitvow writes (and has written since approval files exist) as a rule.
    const ON_DISK: &[&str] = &[
        "bash_deny[0]",
        "bash_deny[12]",
        "bash_confirm[3]",
        "path_confirm[1]",
        "mcp_deny[2]",
        "mcp_allow",
        "analysis",
        "self-protection",
        "untrusted",
        "llm_classifier",
        "providers: graph",
        "providers: graph, topology",
        "gitvow approve",
        "error",
    ];

    #[test]
    fn every_rule_text_reads_back_as_a_reference_that_writes_the_same_text() {
        for text in ON_DISK {
            let rule: RuleRef = text.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(rule.to_string(), *text);
        }
        assert_eq!("bash_deny[1]".parse(), Ok(RuleRef::Listed { list: ListKey::BashDeny, index: 1 }));
        assert_eq!("mcp_allow".parse(), Ok(RuleRef::List(ListKey::McpAllow)));
        assert_eq!("providers: a, b".parse(), Ok(RuleRef::Providers(vec!["a".into(), "b".into()])));
    }

    #[test]
    fn texts_that_name_no_rule_are_refused() {
        for text in ["", "bash_denny[1]", "bash_deny[x]", "bash_deny[01]", "bash_deny[-1]", "bash_deny[1", "classifier", "Error"] {
            assert_eq!(text.parse::<RuleRef>(), Err(UnknownRule(text.to_string())), "{text:?}");
        }
    }

    #[test]
    fn serialised_a_rule_is_its_text_and_a_missing_one_is_empty() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Line {
            #[serde(with = "or_empty")]
            rule: Option<RuleRef>,
        }
        for text in ON_DISK.iter().copied().chain([""]) {
            let json = serde_json::json!({ "rule": text }).to_string();
            let line: Line = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(serde_json::to_string(&line).unwrap(), json);
            if !text.is_empty() {
                let rule: RuleRef = serde_json::from_value(text.into()).unwrap();
                assert_eq!(serde_json::to_value(&rule).unwrap(), text);
            }
        }
        assert_eq!(serde_json::from_str::<Line>(r#"{"rule": ""}"#).unwrap(), Line { rule: None });
        assert!(serde_json::from_str::<Line>(r#"{"rule": "bash_deny[x]"}"#).is_err());
    }
}
