//! pre-commit's local hooks (`repo: local` in `.pre-commit-config.yaml`), run by `pre-commit run`:
//! each hook's `entry` with its `args`, a command of the project's own. A hook of another
//! repository is that repository's code, fetched by pre-commit: judged where it is installed.

use super::data::joined;
use super::file::{RecipeLine, Recipes, Written, recipe_file};
use std::path::Path;
use yaml_rust2::{Yaml, YamlLoader};

/// `pre-commit run [HOOK] [--all-files] [-c CONFIG]`: the local hooks it runs, all or the one named.
pub(super) fn pre_commit(args: &[String], dir: &Path, written: Written) -> Recipes {
    if args.first().is_none_or(|a| a != "run") {
        return Recipes::Lines(Vec::new());
    }
    let mut config = None;
    let mut hook = None;
    let mut i = 1;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        match a {
            "-c" | "--config" => config = args.get(i).cloned().inspect(|_| i += 1),
            "--from-ref" | "--to-ref" | "-s" | "-o" | "--source" | "--origin" | "--hook-stage" | "--files" => i += 1,
            _ if a.starts_with('-') => {}
            _ => hook = hook.or(Some(a.to_string())),
        }
    }
    let (text, shown) = match recipe_file(dir, config.as_deref(), &[".pre-commit-config.yaml", ".pre-commit-config.yml"], written) {
        Ok(found) => found,
        Err(done) => return done,
    };
    let Ok(docs) = YamlLoader::load_from_str(&text) else {
        return Recipes::Opaque("it runs the hooks of a pre-commit configuration the analyser cannot parse");
    };
    let mut out = Vec::new();
    let repos = docs.first().map(|d| &d["repos"]).and_then(Yaml::as_vec).into_iter().flatten();
    for repo in repos.filter(|r| r["repo"].as_str() == Some("local")) {
        for h in repo["hooks"].as_vec().into_iter().flatten() {
            let id = h["id"].as_str().unwrap_or_default();
            if hook.as_ref().is_some_and(|w| w != id) {
                continue;
            }
            let Some(entry) = h["entry"].as_str() else { continue };
            let extra: Vec<String> = h["args"].as_vec().into_iter().flatten().filter_map(|a| a.as_str().map(String::from)).collect();
            let command = if extra.is_empty() { entry.to_string() } else { format!("{entry} {}", joined(&extra)) };
            out.push(RecipeLine { origin: format!("the local pre-commit hook {id} ({shown})"), text: command, dir: dir.to_path_buf() });
        }
    }
    Recipes::Lines(out)
}
