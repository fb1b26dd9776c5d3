//! Compose files (`compose.yaml`, `docker-compose.yml`): the services `up`, `run`, `create` and
//! `start` start, each read as the `docker run` it stands for (its host directories mounted, its
//! privileges), so that the rules about containers given the home directory or the host's root
//! read them.

use super::file::{FileText, RecipeLine, Recipes, Written, read};
use std::path::Path;
use yaml_rust2::{Yaml, YamlLoader};

/// The files compose reads in a project's directory, in its order.
const FILES: &[&str] = &["compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml"];
/// Options before the compose subcommand that take a value.
const VALUED: &[&str] = &["-f", "--file", "-p", "--project-name", "--project-directory", "--env-file", "--profile", "--ansi", "--parallel"];

/// `compose [OPTIONS] up|run|create|start [SERVICE…]`: the services it starts, as `docker run`.
pub(super) fn compose(args: &[String], dir: &Path, written: Written) -> Recipes {
    let mut files = Vec::new();
    let mut i = 0;
    while i < args.len() && args[i].starts_with('-') {
        if matches!(args[i].as_str(), "-f" | "--file") {
            files.extend(args.get(i + 1).cloned());
        } else if let Some(f) = args[i].strip_prefix("--file=") {
            files.push(f.to_string());
        }
        i += if VALUED.contains(&args[i].as_str()) { 2 } else { 1 };
    }
    let Some(sub) = args.get(i) else { return Recipes::Lines(Vec::new()) };
    if !matches!(sub.as_str(), "up" | "run" | "create" | "start" | "restart" | "watch") {
        return Recipes::Lines(Vec::new());
    }
    // The services named after the subcommand's options (`run` takes one, then its command).
    let named: Vec<&String> = args[i + 1..].iter().filter(|a| !a.starts_with('-')).collect();
    let named: Vec<&String> = if sub == "run" { named.into_iter().take(1).collect() } else { named };
    if files.iter().any(|f| f.contains(['$', '`']) || f == "-") {
        return Recipes::Opaque("its compose file is the call's input or named by text the shell computes");
    }
    let paths: Vec<std::path::PathBuf> = if files.is_empty() {
        FILES.iter().map(|f| dir.join(f)).find(|p| written(p).is_some() || p.is_file()).into_iter().collect()
    } else {
        files.iter().map(|f| dir.join(f)).collect()
    };
    let mut out = Vec::new();
    for path in paths {
        let text = match read(&path, written) {
            FileText::Absent => continue,
            FileText::Opaque(why) => return Recipes::Opaque(why),
            FileText::Text(t) => t.join("\n"),
        };
        let Some(doc) = YamlLoader::load_from_str(&text).ok().and_then(|d| d.into_iter().next()) else {
            return Recipes::Opaque("its compose file is no YAML the analyser reads");
        };
        let shown = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let Some(services) = doc["services"].as_hash() else { continue };
        for (name, service) in services {
            let Some(name) = name.as_str() else { continue };
            if !named.is_empty() && !named.iter().any(|n| *n == name) {
                continue;
            }
            let mut words = vec!["docker".to_string(), "run".to_string()];
            if service["privileged"].as_bool() == Some(true) {
                words.push("--privileged".to_string());
            }
            for volume in service["volumes"].as_vec().into_iter().flatten() {
                let mount = match volume {
                    Yaml::String(short) => short.clone(),
                    long => match (long["source"].as_str(), long["target"].as_str()) {
                        (Some(source), Some(target)) if long["type"].as_str().is_none_or(|t| t == "bind") => format!("{source}:{target}"),
                        _ => continue,
                    },
                };
                words.push("-v".to_string());
                words.push(super::data::joined(&[mount]));
            }
            words.push(service["image"].as_str().unwrap_or(name).to_string());
            out.push(RecipeLine {
                origin: format!("the service {name} of {shown}, as the container it starts"),
                text: words.join(" "),
                dir: dir.to_path_buf(),
            });
        }
    }
    Recipes::Lines(out)
}
