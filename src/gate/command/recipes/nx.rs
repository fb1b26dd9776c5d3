//! Nx targets, run by `nx run PROJECT:TARGET`, `nx TARGET PROJECT`, `nx run-many -t TARGET…` and
//! `nx affected -t TARGET…`: a target's `command` or `commands` (`nx:run-commands`), the
//! `package.json` script it names (`nx:run-script`) or is (a script is a target of its package),
//! with the targets it depends on. The projects are the workspace's `project.json` files and
//! `package.json` files, found within a bounded walk. A target run by a plugin's executor is that
//! plugin's code: Nx's own (`@nx/…`, `@nrwl/…`) build, test and lint; any other, or a target that
//! only a plugin infers, is opaque.

use super::file::{FileText, RecipeLine, Recipes, Written, read};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Directories looked in for projects, at most; past it the call is opaque.
const MAX_DIRS: usize = 400;
/// How deep below the workspace projects are looked for.
const MAX_DEPTH: usize = 4;
/// Targets followed per call, dependencies included.
const MAX_TARGETS: usize = 64;

/// Nx's own commands, which run no target of the workspace.
const OWN: &[&str] = &[
    "add",
    "affected",
    "connect",
    "daemon",
    "exec",
    "format",
    "format:check",
    "format:write",
    "g",
    "generate",
    "graph",
    "help",
    "import",
    "init",
    "list",
    "migrate",
    "release",
    "repair",
    "report",
    "reset",
    "run",
    "run-many",
    "show",
    "sync",
    "sync:check",
    "view-logs",
    "watch",
    "login",
    "logout",
    "mcp",
    "configure-ai-agents",
];

/// Options whose value is the next word.
const VALUED: &[&str] = &[
    "-t",
    "--target",
    "--targets",
    "-p",
    "--projects",
    "-c",
    "--configuration",
    "--exclude",
    "--base",
    "--head",
    "--parallel",
    "--output-style",
];

/// What a target runs, and the targets it depends on.
type Target = (Vec<RecipeLine>, Vec<String>);

/// One project: its name, directory, and its `project.json` and `package.json` read.
struct Project {
    name: String,
    dir: PathBuf,
    config: Option<Value>,
    package: Option<Value>,
}

pub(super) fn nx(args: &[String], dir: &Path, written: Written) -> Recipes {
    let mut operands = Vec::new();
    let mut targets: Vec<String> = Vec::new();
    let mut projects: Vec<String> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        if a == "--" {
            break;
        }
        let (option, inline) = match a.split_once('=') {
            Some((o, v)) if o.starts_with('-') => (o, Some(v.to_string())),
            _ => (a, None),
        };
        if !a.starts_with('-') {
            operands.push(a.to_string());
            continue;
        }
        if !VALUED.contains(&option) {
            continue;
        }
        let value = inline.or_else(|| args.get(i).cloned().inspect(|_| i += 1)).unwrap_or_default();
        let list = value.split(',').map(str::to_string);
        match option {
            "-t" | "--target" | "--targets" => targets.extend(list),
            "-p" | "--projects" => projects.extend(list),
            _ => {}
        }
    }
    // `nx run-many -t a b`: the operands after the first are more targets.
    let asked: Vec<(Option<String>, String)> = match operands.first().map(String::as_str) {
        Some("run") => match operands.get(1).and_then(|t| t.split_once(':')) {
            Some((p, t)) => vec![(Some(p.to_string()), t.split(':').next().unwrap_or(t).to_string())],
            None => return Recipes::Lines(Vec::new()),
        },
        Some("run-many" | "affected") => {
            targets.extend(operands[1..].iter().cloned());
            let projects = if projects.is_empty() { vec![None] } else { projects.iter().cloned().map(Some).collect() };
            projects.iter().flat_map(|p| targets.iter().map(move |t| (p.clone(), t.clone()))).collect()
        }
        Some(own) if OWN.contains(&own) => return Recipes::Lines(Vec::new()),
        // `nx build app`, `nx app:build`: a target and its project.
        Some(first) => match first.split_once(':') {
            Some((p, t)) => vec![(Some(p.to_string()), t.to_string())],
            None => vec![(operands.get(1).cloned(), first.to_string())],
        },
        None => return Recipes::Lines(Vec::new()),
    };
    let all = match workspace(dir, written) {
        Ok(all) => all,
        Err(why) => return Recipes::Opaque(why),
    };
    let inferred = nx_plugins(dir, written);
    let mut out = Vec::new();
    let mut queue: Vec<(Option<String>, String)> = asked;
    let mut done: Vec<(String, String)> = Vec::new();
    while let Some((project, target)) = queue.pop() {
        for p in all.iter().filter(|p| project.as_ref().is_none_or(|n| *n == p.name)) {
            if done.iter().any(|(n, t)| *n == p.name && *t == target) {
                continue;
            }
            if done.len() >= MAX_TARGETS {
                return Recipes::Opaque("it runs more Nx targets than the analyser follows");
            }
            done.push((p.name.clone(), target.clone()));
            match p.target(&target) {
                Ok(Some((lines, depends))) => {
                    out.extend(lines);
                    for d in depends {
                        // `^build`: the target of the projects it depends on (any of them).
                        match d.strip_prefix('^') {
                            Some(t) => queue.push((None, t.to_string())),
                            None => queue.push((Some(p.name.clone()), d)),
                        }
                    }
                }
                Ok(None) if inferred && project.is_some() => {
                    return Recipes::Opaque("it runs an Nx target a plugin infers, which the analyser cannot read");
                }
                Ok(None) => {}
                Err(why) => return Recipes::Opaque(why),
            }
        }
    }
    Recipes::Lines(out)
}

impl Project {
    /// The lines `target` runs here and the targets it depends on; `None` when the project has
    /// no such target.
    fn target(&self, target: &str) -> Result<Option<Target>, &'static str> {
        let origin = |what: &str| format!("the {what} of Nx target {}:{target}", self.name);
        let line = |what: &str, text: &str, dir: &Path| RecipeLine { origin: origin(what), text: text.to_string(), dir: dir.to_path_buf() };
        let script = |name: &str| self.package.as_ref().and_then(|p| p["scripts"][name].as_str());
        let Some(t) = self.config.as_ref().map(|c| &c["targets"][target]).filter(|t| !t.is_null()) else {
            return Ok(script(target).map(|s| (vec![line("package.json script", s, &self.dir)], Vec::new())));
        };
        let depends = t["dependsOn"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|d| d.as_str().map(str::to_string).or_else(|| d["target"].as_str().map(str::to_string)))
            .collect();
        let options = &t["options"];
        let cwd = options["cwd"].as_str().map_or_else(|| self.dir.clone(), |c| self.dir.join(c));
        let mut lines = Vec::new();
        let executor = t["executor"].as_str().unwrap_or("nx:run-commands");
        match executor {
            "nx:run-commands" | "@nrwl/workspace:run-commands" | "@nx/workspace:run-commands" => {
                let commands = [&t["command"], &options["command"]]
                    .into_iter()
                    .chain(options["commands"].as_array().into_iter().flatten())
                    .filter_map(|c| c.as_str().or_else(|| c["command"].as_str()));
                lines.extend(commands.map(|c| line("command", c, &cwd)));
            }
            "nx:run-script" => match options["script"].as_str().and_then(script) {
                Some(s) => lines.push(line("package.json script", s, &self.dir)),
                None => return Err("it runs an Nx target's package.json script the analyser cannot find"),
            },
            e if e.starts_with("@nx/") || e.starts_with("@nrwl/") => {}
            _ => return Err("it runs an Nx target with an executor whose code the analyser does not read"),
        }
        Ok(Some((lines, depends)))
    }
}

/// Whether `nx.json` names plugins, which may give projects targets no file lists.
fn nx_plugins(dir: &Path, written: Written) -> bool {
    match read(&dir.join("nx.json"), written) {
        FileText::Text(t) => {
            t.iter().any(|t| serde_json::from_str::<Value>(t).is_ok_and(|v| v["plugins"].as_array().is_some_and(|p| !p.is_empty())))
        }
        FileText::Absent => false,
        FileText::Opaque(_) => true,
    }
}

/// The workspace's projects: `dir` and the directories below it (dot directories and
/// `node_modules` aside) that hold a `project.json` or a `package.json`.
fn workspace(dir: &Path, written: Written) -> Result<Vec<Project>, &'static str> {
    let mut out = Vec::new();
    let mut pending = vec![(dir.to_path_buf(), 0)];
    let mut seen = 0;
    while let Some((d, depth)) = pending.pop() {
        seen += 1;
        if seen > MAX_DIRS {
            return Err("it runs Nx targets of a workspace larger than the analyser walks");
        }
        let parsed = |file: &str| -> Result<Option<Value>, &'static str> {
            match read(&d.join(file), written) {
                FileText::Absent => Ok(None),
                FileText::Opaque(why) => Err(why),
                FileText::Text(t) => t
                    .iter()
                    .rev()
                    .find_map(|t| serde_json::from_str(t).ok())
                    .map(Some)
                    .ok_or("it runs an Nx project file the analyser cannot parse"),
            }
        };
        let (config, package) = (parsed("project.json")?, parsed("package.json")?);
        if config.is_some() || package.is_some() {
            let named = [&config, &package].into_iter().flatten().find_map(|v| v["name"].as_str().map(str::to_string));
            let name = named.or_else(|| d.file_name().map(|n| n.to_string_lossy().into_owned())).unwrap_or_default();
            out.push(Project { name, dir: d.clone(), config, package });
        }
        if depth >= MAX_DEPTH {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if e.file_type().is_ok_and(|t| t.is_dir())
                && !name.starts_with('.')
                && !matches!(name.as_str(), "node_modules" | "dist" | "target")
            {
                pending.push((e.path(), depth + 1));
            }
        }
    }
    Ok(out)
}
