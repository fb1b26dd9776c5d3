//! What a task runner runs: the recipe of a make target, a `package.json` script, a justfile
//! recipe, a Taskfile's task, a composer or deno script, pyproject's pdm, poe and hatch scripts, a
//! Pipfile's script, a Procfile's process, a go:generate directive, a local pre-commit hook, a lefthook hook's commands, an Nx target's commands, a pixi, mise or cargo-make task, a tox environment's commands, cargo's configured runner and aliases,
//! the containers a compose file's services start, a CMake script's file commands and processes, a rake or invoke task's or a nox
//! session's code (read by the interpreters' reader), read from the file on disk at judging time (or from the text the same call wrote
//! there), never run. A file over the size cap, or a recipe built from values only the runner
//! computes, is opaque; so is a task of Gradle, sbt, Leiningen, Babashka, Grunt, mask, Earthly or
//! moon that the project defines, Maven's exec goals, a local flake's app and run-parts (see `unread`).

mod bazel;
mod cargo_config;
mod cmake;
mod code_tasks;
mod compose;
mod data;
mod file;
mod go_generate;
mod json_tasks;
mod just;
mod lefthook;
mod make;
mod nx;
mod package;
mod pre_commit;
mod procfile;
mod pyproject;
mod settings;
mod task;
mod toml_tasks;
mod tox;
mod unread;
mod walk;

pub use file::{Recipes, STDIN, Written};
pub use package::settings_dirs;
pub use settings::{as_command as setting_command, on_disk as settings_on_disk, program_variable};
use std::path::Path;

/// What writing `text` into `path` sets, when the file is a package manager's settings: each
/// setting that names a program as the manager's own `config set` command (see [`settings`]).
pub fn program_settings_written(path: &Path, text: &str) -> Vec<String> {
    let Some(manager) = settings::manager_of(path) else { return Vec::new() };
    settings::program_settings(text).iter().map(|(k, v)| settings::as_command(manager, k, v)).collect()
}

/// Whether `path` is a package manager's settings file (`.npmrc`, `.yarnrc.yml`, `bunfig.toml`, …).
pub fn is_settings_file(path: &Path) -> bool {
    settings::manager_of(path).is_some()
}

/// Whether `name` is a task runner whose recipes the analyser reads.
pub fn is_runner(name: &str) -> bool {
    matches!(
        name,
        "make"
            | "gmake"
            | "npm"
            | "pnpm"
            | "yarn"
            | "bun"
            | "just"
            | "task"
            | "go-task"
            | "composer"
            | "deno"
            | "pdm"
            | "rye"
            | "poe"
            | "poetry"
            | "hatch"
            | "mise"
            | "pipenv"
            | "pixi"
            | "foreman"
            | "honcho"
            | "overmind"
            | "heroku"
            | "go"
            | "pre-commit"
            | "prek"
            | "cargo"
            | "makers"
            | "tox"
            | "npm-run-all"
            | "run-s"
            | "run-p"
            | "rake"
            | "invoke"
            | "inv"
            | "nox"
            | "docker"
            | "podman"
            | "docker-compose"
            | "podman-compose"
            | "bazel"
            | "bazelisk"
            | "cmake"
            | "node"
            | "turbo"
            | "lerna"
            | "lefthook"
            | "nx"
    ) || unread::is_runner(name)
}

/// Whether the shell computes the name of a recipe or script the runner runs (`make $(echo nuke)`,
/// `npm run "$s"`, `just $r`): any computed operand of a runner whose operands name recipes (an
/// option's value such as `-j$(nproc)` or `-j $(nproc)`, a `VAR=$x` override, and what follows
/// `--` are not names), the word after a package manager's run word.
pub fn names_computed(name: &str, args: &[String]) -> bool {
    let computed = |a: &String| a.contains(['$', '`']);
    let before_dashes = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let args = &args[..before_dashes];
    match name {
        "make" | "gmake" | "just" | "task" | "go-task" | "makers" | "rake" | "invoke" | "inv" => args.iter().enumerate().any(|(i, a)| {
            let after_value_option = i > 0 && matches!(args[i - 1].as_str(), "-j" | "-l" | "--jobs" | "--load-average");
            computed(a) && !a.starts_with('-') && a.split_once('=').is_none_or(|(k, _)| k.contains('$')) && !after_value_option
        }),
        "npm" | "pnpm" | "yarn" | "bun" => {
            args.windows(2).any(|w| matches!(w[0].as_str(), "run" | "run-script" | "rs") && computed(&w[1]))
                || (name == "yarn" && args.first().is_some_and(computed))
        }
        _ => false,
    }
}

/// Whether a runner whose recipe the shell names ([`names_computed`]) may find one: its file is
/// named by an option, or is in `dir` (on disk or as the same call wrote it). With none there it
/// runs nothing, whatever the name (`npm run "$SCRIPT"` where no package.json is).
pub fn may_find_recipes(name: &str, args: &[String], dir: &Path, written: Written) -> bool {
    let elsewhere = ["-f", "--file", "--makefile", "-C", "--directory", "--justfile", "--taskfile", "-d", "--dir", "--prefix"];
    if args.iter().any(|a| elsewhere.iter().any(|o| a == o || a.starts_with(&format!("{o}=")))) {
        return true;
    }
    let files: &[&str] = match name {
        "make" | "gmake" => &["GNUmakefile", "makefile", "Makefile"],
        "just" => &["justfile", "Justfile", ".justfile", "JUSTFILE"],
        "task" | "go-task" => {
            &["Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml", "Taskfile.dist.yml", "Taskfile.dist.yaml"]
        }
        "makers" => &["Makefile.toml"],
        "rake" => &["Rakefile", "rakefile", "Rakefile.rb", "rakefile.rb"],
        "invoke" | "inv" => &["tasks.py"],
        _ => &["package.json"],
    };
    files.iter().map(|f| dir.join(f)).any(|p| p.exists() || written(&p).is_some())
}

/// The recipe lines `name args…` runs from `dir` (none when it runs no recipe).
pub fn of(name: &str, args: &[String], dir: &Path, written: Written) -> Recipes {
    match name {
        _ if unread::is_runner(name) => unread::of(name, args, dir, written),
        "make" | "gmake" => make::make(args, dir, written),
        "just" => just::just(args, dir, written),
        "task" | "go-task" => task::task(args, dir, written),
        "composer" => json_tasks::composer(args, dir, written),
        "deno" => json_tasks::deno(args, dir, written),
        "pdm" => pyproject::pdm(args, dir, written),
        "rye" => pyproject::rye(args, dir, written),
        "poe" => pyproject::poe(args, dir, written),
        "poetry" if args.first().is_some_and(|a| a == "poe") => pyproject::poe(&args[1..], dir, written),
        "hatch" => pyproject::hatch(args, dir, written),
        "mise" => toml_tasks::mise(args, dir, written),
        "pipenv" => toml_tasks::pipenv(args, dir, written),
        "foreman" | "honcho" | "overmind" | "heroku" => procfile::procfile(name, args, dir, written),
        "go" => go_generate::go_generate(args, dir, written),
        "pre-commit" | "prek" => pre_commit::pre_commit(args, dir, written),
        "lefthook" => lefthook::lefthook(args, dir, written),
        "nx" => nx::nx(args, dir, written),
        "pixi" => toml_tasks::pixi(args, dir, written),
        "makers" => toml_tasks::cargo_make(args, dir, written),
        "cargo" if args.first().is_some_and(|a| a == "make") => toml_tasks::cargo_make(&args[1..], dir, written),
        "tox" => tox::tox(args, dir, written),
        "npm-run-all" | "run-s" | "run-p" => package::run_all(args, dir, written),
        "rake" => code_tasks::rake(args, dir, written),
        "invoke" | "inv" => code_tasks::invoke(args, dir, written),
        "nox" => code_tasks::nox(args, dir, written),
        "cargo" => cargo_config::cargo(args, dir, written),
        "docker-compose" | "podman-compose" => compose::compose(args, dir, written),
        "docker" | "podman" => {
            // The first operand, past the options before it and their values, is the subcommand.
            let valued = ["-H", "--host", "-c", "--context", "--config", "-l", "--log-level"];
            let sub = (0..args.len()).find(|&k| !args[k].starts_with('-') && (k == 0 || !valued.contains(&args[k - 1].as_str())));
            match sub {
                Some(k) if args[k] == "compose" => compose::compose(&args[k + 1..], dir, written),
                _ => Recipes::Lines(Vec::new()),
            }
        }
        "bazel" | "bazelisk" => bazel::bazel(args, dir, written),
        "cmake" => cmake::cmake(args, dir, written),
        // `node --run NAME` runs the package.json script NAME.
        "node" => match args
            .iter()
            .position(|a| a == "--run")
            .and_then(|k| args.get(k + 1))
            .or_else(|| args.iter().find_map(|a| a.strip_prefix("--run=").map(|_| a)))
        {
            Some(script) => {
                let script = script.strip_prefix("--run=").unwrap_or(script);
                package::package_script("npm", &["run".to_string(), script.to_string()], dir, written).unwrap_or(Recipes::Lines(Vec::new()))
            }
            None => Recipes::Lines(Vec::new()),
        },
        // `turbo run NAME`, `turbo NAME`, `lerna run NAME`: the script NAME of every workspace.
        "turbo" | "lerna" => {
            let operands: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
            let script = match operands.as_slice() {
                [run, script, ..] if run.as_str() == "run" => Some(*script),
                [script, ..]
                    if name == "turbo"
                        && !matches!(
                            script.as_str(),
                            "run"
                                | "prune"
                                | "login"
                                | "logout"
                                | "link"
                                | "unlink"
                                | "gen"
                                | "daemon"
                                | "telemetry"
                                | "info"
                                | "ls"
                                | "query"
                                | "watch"
                                | "boundaries"
                                | "scan"
                                | "bin"
                        ) =>
                {
                    Some(*script)
                }
                _ => None,
            };
            match script {
                Some(s) => package::package_script("npm", &["--workspaces".to_string(), "run".to_string(), s.clone()], dir, written)
                    .unwrap_or(Recipes::Lines(Vec::new())),
                None => Recipes::Lines(Vec::new()),
            }
        }
        "poetry" => Recipes::Lines(Vec::new()),
        _ => package::package_script(name, args, dir, written).unwrap_or(Recipes::Lines(Vec::new())),
    }
}

#[cfg(test)]
mod tests;
