//! An MCP server named for a service that has a command-line program (`npm`, `docker`, `vercel`,
//! `k8s`, `aws`, `github`, …): a tool of it that acts (`publish`, `deploy`, `push_image`,
//! `create_release`, `scale`, `apply`) does what that program's subcommand of the same words does,
//! so it is judged as that command line is: `mcp__npm__publish {}` as `npm publish`,
//! `mcp__docker__push_image {"image": "a"}` as `docker push image --image a`. A tool's name puts the
//! verb first where most programs put the noun first (`create_release`, `gh release create`): both
//! orders are judged. Tools that only read (`get_`, `list_`, `describe_`) are left alone.

use super::{name_words, server_words};
use crate::gate::command::CLOUD_PROGRAMS;
use serde_json::{Map, Value};

/// Words of a server's name and the program that does what its tools do, where the two differ;
/// a server named for the program itself (`vercel`, `docker`, `kubectl`) is that program.
const SERVER_PROGRAMS: &[(&str, &str)] = &[
    ("pypi", "twine"),
    ("cloudflare", "wrangler"),
    ("workers", "wrangler"),
    ("github", "gh"),
    ("gitlab", "glab"),
    ("k8s", "kubectl"),
    ("kubernetes", "kubectl"),
    ("kube", "kubectl"),
    ("openshift", "oc"),
    ("azure", "az"),
    ("gcp", "gcloud"),
    ("google", "gcloud"),
    ("redis", "redis-cli"),
    ("digitalocean", "doctl"),
    ("fly", "flyctl"),
];

/// Programs a server may be named for, besides the cloud programs of the program table.
const PROGRAMS: &[&str] = &[
    "npm",
    "yarn",
    "pnpm",
    "cargo",
    "twine",
    "gem",
    "docker",
    "podman",
    "kubectl",
    "helm",
    "oc",
    "terraform",
    "tofu",
    "pulumi",
    "gh",
    "glab",
    "redis-cli",
    "eksctl",
    "ansible",
];

/// Words of a tool's name that say it acts on the service rather than reads it.
const ACTING_WORDS: &[&str] = &[
    "publish",
    "deploy",
    "release",
    "upload",
    "push",
    "apply",
    "scale",
    "rollout",
    "rollback",
    "restart",
    "stop",
    "kill",
    "destroy",
    "delete",
    "del",
    "flush",
    "flushall",
    "flushdb",
    "erase",
    "wipe",
    "truncate",
    "clear",
    "remove",
    "rm",
    "terminate",
    "purge",
    "prune",
    "uninstall",
    "drop",
    "dispatch",
    "trigger",
    "run",
    "create",
    "update",
    "put",
    "set",
    "patch",
    "replace",
    "promote",
    "unpublish",
    "deprecate",
    "yank",
    "transfer",
    "archive",
    "invalidate",
];

/// The command lines a service's acting tool stands for: the program, the tool's words in their
/// order and the other way round, then its arguments as options.
pub(super) fn service_commands(name: &str, input: &Map<String, Value>) -> Vec<String> {
    let server = server_words(name);
    let Some(program) = server.iter().find_map(|w| program_of(w)) else {
        return Vec::new();
    };
    let words: Vec<String> = name_words(name).into_iter().filter(|w| !w.is_empty() && *w != program && !server.contains(w)).collect();
    if !words.iter().any(|w| ACTING_WORDS.contains(&w.as_str())) {
        return Vec::new();
    }
    let options = options(input);
    let line = |words: &mut dyn Iterator<Item = &String>| {
        let mut line: Vec<String> = vec![program.to_string()];
        line.extend(words.cloned());
        line.extend(options.iter().cloned());
        shell_words::join(line)
    };
    // A verb alone that the program says with a noun (`docker prune` is `docker system prune`).
    let words = match words.as_slice() {
        [verb] => BARE_VERBS
            .iter()
            .find(|(p, v, _)| *p == program && v == verb)
            .map_or(words.clone(), |(_, v, noun)| vec![noun.to_string(), v.to_string()]),
        _ => words,
    };
    let mut lines = vec![line(&mut words.iter())];
    if words.len() > 1 {
        lines.push(line(&mut words.iter().rev()));
        // `s3_put_object` is `aws s3 put-object`: a service, then its operation's words joined.
        if words.len() > 2 {
            let joined = [words[0].clone(), words[1..].join("-")];
            lines.push(line(&mut joined.iter()));
        }
    }
    lines
}

/// A program's verb that a tool may give alone, and the noun the program puts before it.
const BARE_VERBS: &[(&str, &str, &str)] = &[("docker", "prune", "system"), ("podman", "prune", "system")];

/// The program a word of a server's name names.
pub(super) fn program_of(word: &str) -> Option<&'static str> {
    SERVER_PROGRAMS
        .iter()
        .find(|(w, _)| *w == word)
        .map(|(_, p)| *p)
        .or_else(|| PROGRAMS.iter().chain(CLOUD_PROGRAMS).copied().find(|p| *p == word))
}

/// A tool's arguments as options: `--name value` for a text or a number, `--name` for a true flag
/// (`{"prod": true, "target": "production"}` → `--prod --target production`).
fn options(input: &Map<String, Value>) -> Vec<String> {
    let mut out = Vec::new();
    for (key, value) in input {
        let option = format!("--{}", key.replace('_', "-"));
        match value {
            Value::Bool(true) => out.push(option),
            Value::String(text) => out.extend([option, text.clone()]),
            Value::Number(n) => out.extend([option, n.to_string()]),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::service_commands;
    use serde_json::json;

    fn lines(name: &str, input: serde_json::Value) -> Vec<String> {
        service_commands(name, input.as_object().unwrap())
    }

    #[test]
    fn an_acting_tool_is_its_programs_command_in_both_orders() {
        assert_eq!(lines("mcp__npm__npm_publish", json!({})), ["npm publish"]);
        assert_eq!(
            lines("mcp__github__create_release", json!({"tag": "v2"})),
            ["gh create release --tag v2", "gh release create --tag v2"]
        );
        assert_eq!(lines("mcp__k8s__scale", json!({"name": "api", "replicas": 0})), ["kubectl scale --name api --replicas 0"]);
        assert_eq!(lines("mcp__netlify__deploy-site", json!({"prod": true})), ["netlify deploy site --prod", "netlify site deploy --prod"]);
        assert_eq!(
            lines("mcp__aws__s3_put_object", json!({"bucket": "prod"})),
            ["aws s3 put object --bucket prod", "aws object put s3 --bucket prod", "aws s3 put-object --bucket prod"]
        );
        assert_eq!(lines("mcp__docker__prune", json!({"all": true})), ["docker system prune --all", "docker prune system --all"]);
        assert_eq!(lines("mcp__redis__del", json!({"key": "*"})), ["redis-cli del --key '*'"]);
    }

    #[test]
    fn reading_tools_and_other_servers_are_none() {
        assert!(lines("mcp__github__get_pull_request", json!({"pullNumber": 3})).is_empty());
        assert!(lines("mcp__k8s__list_pods", json!({})).is_empty());
        assert!(lines("mcp__todo__create_task", json!({"title": "x"})).is_empty());
    }
}
