//! lefthook's hooks, run by `lefthook run HOOK`: each command's `run` text, each script under the
//! hook's source directory with its `runner`, and the same of the jobs and groups of jobs, from
//! the project's configuration and its local override (both read: either may add commands). A
//! configuration that pulls in others (`extends`, `remotes`) or that the analyser cannot parse
//! is opaque.

use super::file::{FileText, RecipeLine, Recipes, Written, read};
use std::path::Path;
use yaml_rust2::{Yaml, YamlLoader};

/// The configuration files lefthook reads, the shared ones and their local overrides.
const FILES: &[&str] = &[
    "lefthook.yml",
    ".lefthook.yml",
    "lefthook.yaml",
    ".lefthook.yaml",
    "lefthook.json",
    ".lefthook.json",
    ".config/lefthook.yml",
    ".config/lefthook.yaml",
    "lefthook-local.yml",
    ".lefthook-local.yml",
    "lefthook-local.yaml",
    ".lefthook-local.yaml",
    "lefthook-local.json",
    ".config/lefthook-local.yml",
];

/// Configuration files lefthook also reads, in a format the analyser does not parse.
const UNREAD: &[&str] = &["lefthook.toml", ".lefthook.toml", "lefthook-local.toml", ".lefthook-local.toml"];

/// Jobs followed per hook, groups included.
const MAX_JOBS: usize = 256;

/// `lefthook run HOOK [--all-files] [--commands NAME]…`: every command, script and job of the
/// hook (all of them, whichever are picked by name: a superset of what runs).
pub(super) fn lefthook(args: &[String], dir: &Path, written: Written) -> Recipes {
    let operands: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let hook = match operands.as_slice() {
        [run, hook, ..] if run.as_str() == "run" => hook.as_str(),
        _ => return Recipes::Lines(Vec::new()),
    };
    if UNREAD.iter().any(|f| dir.join(f).is_file() || written(&dir.join(f)).is_some()) {
        return Recipes::Opaque("it runs the hooks of a lefthook configuration in a format the analyser does not read");
    }
    let mut out = Vec::new();
    for file in FILES {
        let path = dir.join(file);
        let text = match read(&path, written) {
            FileText::Absent => continue,
            FileText::Opaque(why) => return Recipes::Opaque(why),
            FileText::Text(t) => t.join("\n"),
        };
        let Some(doc) = YamlLoader::load_from_str(&text).ok().and_then(|d| d.into_iter().next()) else {
            return Recipes::Opaque("it runs the hooks of a lefthook configuration the analyser cannot parse");
        };
        if !doc["extends"].is_badvalue() || !doc["remotes"].is_badvalue() || !doc["remote"].is_badvalue() {
            return Recipes::Opaque("it runs the hooks of a lefthook configuration that pulls in others");
        }
        let source = doc["source_dir"].as_str().unwrap_or(".lefthook/").to_string();
        let local = doc["source_dir_local"].as_str().unwrap_or(".lefthook-local/").to_string();
        let found = Found { dir, file, hook, sources: [source, local] };
        let mut budget = MAX_JOBS;
        if !found.hook(&doc[hook], &mut out, &mut budget) {
            return Recipes::Opaque("it runs more lefthook jobs than the analyser follows");
        }
    }
    Recipes::Lines(out)
}

/// One configuration file's hook, and where its scripts lie.
struct Found<'a> {
    dir: &'a Path,
    file: &'a str,
    hook: &'a str,
    sources: [String; 2],
}

impl Found<'_> {
    /// The hook's commands, scripts and jobs, pushed to `out`; false past the budget.
    fn hook(&self, hook: &Yaml, out: &mut Vec<RecipeLine>, budget: &mut usize) -> bool {
        for (kind, named) in [("command", &hook["commands"]), ("script", &hook["scripts"])] {
            for (name, entry) in named.as_hash().into_iter().flatten() {
                let name = name.as_str().unwrap_or_default();
                if !self.job(kind, name, entry, out, budget) {
                    return false;
                }
            }
        }
        self.jobs(&hook["jobs"], out, budget)
    }

    /// A list of jobs (`jobs:`, a group's `jobs:`), each a command, a script or a group.
    fn jobs(&self, jobs: &Yaml, out: &mut Vec<RecipeLine>, budget: &mut usize) -> bool {
        for job in jobs.as_vec().into_iter().flatten() {
            let name = job["name"].as_str().unwrap_or_default();
            let kind = if job["script"].is_badvalue() { "job" } else { "script" };
            let script = job["script"].as_str().unwrap_or(name);
            if !self.job(kind, script, job, out, budget) || !self.jobs(&job["group"]["jobs"], out, budget) {
                return false;
            }
        }
        true
    }

    /// One command (its `run`) or script (the file under the source directories, with its
    /// `runner`), run in its `root` when it names one.
    fn job(&self, kind: &str, name: &str, entry: &Yaml, out: &mut Vec<RecipeLine>, budget: &mut usize) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let dir = entry["root"].as_str().map_or_else(|| self.dir.to_path_buf(), |r| self.dir.join(r));
        let origin = format!("the lefthook {kind} {name} of hook {} ({})", self.hook, self.file);
        if kind == "script" {
            // The script in each source directory where it is; where it is in neither, the
            // shared one (a file not there when judged is asked about where it is a script).
            let runner = entry["runner"].as_str().unwrap_or_default();
            let files: Vec<String> = self.sources.iter().map(|s| format!("./{}/{}/{name}", s.trim_end_matches('/'), self.hook)).collect();
            let there: Vec<&String> = files.iter().filter(|f| self.dir.join(f).exists()).collect();
            for file in if there.is_empty() { vec![&files[0]] } else { there } {
                let text = if runner.is_empty() { file.clone() } else { format!("{runner} {file}") };
                out.push(RecipeLine { origin: origin.clone(), text, dir: self.dir.to_path_buf() });
            }
        } else if let Some(run) = entry["run"].as_str() {
            out.push(RecipeLine { origin, text: run.to_string(), dir });
        }
        true
    }
}
