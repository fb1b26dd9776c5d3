//! The hooks a git command runs from the repository's hooks directory (`core.hooksPath`, else
//! the common `.git/hooks`): a hook on disk is a script the call runs, read at judging time
//! (bounded, never run) and judged as the call's commands, as a script run by path is.
//!
//! A hook's text is judged for what it visibly does; what it leaves unknown is not asked about:
//! hook managers (husky's `. "$(dirname "$0")/h"`, pre-commit's Python launcher) hand off in
//! words the analyser cannot follow, and every commit in such a repository would otherwise ask.
//! Writing a hook is judged where it is written (`.git/hooks` is guarded).

use super::scripts::{Script, read_script};
use super::{Dirs, ShellState, Walk};
use std::path::{Path, PathBuf};

impl Walk<'_> {
    /// `git commit`, `git push`, `git switch -c x`: each hook the subcommand runs that is an
    /// executable shell script in the repository's hooks directory, judged as its commands.
    pub(super) fn git_hooks(&mut self, args: &[String], dirs: &Dirs, shell: &ShellState, reparse: usize) {
        let Dirs::Known(ds) = dirs else { return };
        let git = super::git::canonical(args);
        let Some(sub) = git.subcommand.as_deref() else { return };
        let hooks = hooks_run(sub, &git.args);
        if hooks.is_empty() {
            return;
        }
        for dir in ds {
            let dir = git.chdir.iter().fold(dir.clone(), |d, c| d.join(c));
            let Some(repo) = crate::paths::find_repo(&dir) else { continue };
            let hooks_dir = hooks_dir(&repo.top, &repo.git_dir, self.ctx.home);
            for hook in &hooks {
                let path = hooks_dir.join(hook);
                if !is_executable(&path) {
                    continue;
                }
                let text = match read_script(&path, false) {
                    Script::Shell(text) => text,
                    Script::Program(_) | Script::Other | Script::Opaque(_) => continue,
                };
                let shown = self.shown(&path);
                let lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
                for (n, line) in lines.take(super::scripts::MAX_SHOWN) {
                    self.out.sources.push(format!("the git hook {shown}:{}: {}", n + 1, line.trim()));
                }
                let (opaque, names, existing) = (self.out.opaque, self.out.computed_names.len(), self.out.computed_existing.len());
                // Hooks run at the top of the work tree.
                self.text(&text, &mut ShellState { dirs: Dirs::Known(vec![repo.top.clone()]), ..shell.clone() }, reparse + 1);
                self.out.opaque = opaque;
                self.out.computed_names.truncate(names);
                self.out.computed_existing.truncate(existing);
            }
        }
    }
}

/// The hooks `git SUB ARGS` runs (githooks(5)), those `--no-verify` skips left out.
fn hooks_run(sub: &str, args: &[String]) -> Vec<&'static str> {
    let no_verify = args.iter().any(|a| a == "--no-verify" || a == "-n" && matches!(sub, "commit" | "merge" | "pull"));
    let verified = |hooks: &[&'static str]| if no_verify { Vec::new() } else { hooks.to_vec() };
    let mut run = match sub {
        "commit" => [verified(&["pre-commit"]), vec!["prepare-commit-msg"], verified(&["commit-msg"]), vec!["post-commit"]].concat(),
        "merge" | "pull" => {
            [verified(&["pre-merge-commit"]), vec!["prepare-commit-msg"], verified(&["commit-msg"]), vec!["post-merge"]].concat()
        }
        "cherry-pick" | "revert" => vec!["prepare-commit-msg", "commit-msg", "post-commit"],
        "checkout" | "switch" => vec!["post-checkout"],
        "rebase" => vec!["pre-rebase", "post-checkout", "post-rewrite"],
        "am" => vec!["applypatch-msg", "pre-applypatch", "post-applypatch", "post-rewrite"],
        "push" => verified(&["pre-push"]),
        "gc" => vec!["pre-auto-gc"],
        "worktree" if args.first().is_some_and(|a| a == "add") => vec!["post-checkout"],
        _ => Vec::new(),
    };
    // Every command that moves a ref runs the reference-transaction hook.
    if matches!(
        sub,
        "commit" | "merge" | "pull" | "cherry-pick" | "revert" | "rebase" | "am" | "branch" | "tag" | "update-ref" | "reset" | "fetch"
    ) || matches!(sub, "checkout" | "switch") && args.iter().any(|a| matches!(a.as_str(), "-b" | "-B" | "-c" | "-C"))
    {
        run.push("reference-transaction");
    }
    run
}

/// Where the repository's hooks are: `core.hooksPath` from the repository's configuration, else
/// the person's (relative to the top of the work tree), else the common directory's `hooks`.
fn hooks_dir(top: &Path, git_dir: &Path, home: Option<&Path>) -> PathBuf {
    let common =
        std::fs::read_to_string(git_dir.join("commondir")).ok().map(|c| git_dir.join(c.trim())).unwrap_or_else(|| git_dir.to_path_buf());
    let mut configs = vec![common.join("config")];
    if let Some(home) = home {
        configs.extend([home.join(".gitconfig"), home.join(".config/git/config")]);
    }
    for config in configs {
        let Ok(text) = crate::gate::regular_file::read_text(&config, "a git configuration", 1 << 20) else { continue };
        if let Some(path) = text.as_deref().and_then(hooks_path) {
            let path = match path.strip_prefix("~/") {
                Some(rest) => home.map_or_else(|| PathBuf::from(&path), |h| h.join(rest)),
                None => PathBuf::from(&path),
            };
            return top.join(path);
        }
    }
    common.join("hooks")
}

/// The value of `hooksPath` in the `[core]` section of a git configuration text.
fn hooks_path(text: &str) -> Option<String> {
    let mut in_core = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_core = line.trim_start_matches('[').trim_end_matches(']').trim().eq_ignore_ascii_case("core");
            continue;
        }
        let Some((key, value)) = line.split_once('=') else { continue };
        if in_core && key.trim().eq_ignore_ascii_case("hookspath") {
            return Some(value.trim().trim_matches('"').to_string());
        }
    }
    None
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hooks_a_subcommand_runs() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            hooks_run("commit", &args(&["-m", "x"])),
            ["pre-commit", "prepare-commit-msg", "commit-msg", "post-commit", "reference-transaction"]
        );
        assert_eq!(hooks_run("commit", &args(&["--no-verify"])), ["prepare-commit-msg", "post-commit", "reference-transaction"]);
        assert_eq!(hooks_run("switch", &args(&["-c", "x"])), ["post-checkout", "reference-transaction"]);
        assert_eq!(hooks_run("push", &args(&["--no-verify"])), Vec::<&str>::new());
        assert_eq!(hooks_run("status", &[]), Vec::<&str>::new());
    }

    #[test]
    fn hooks_path_is_read_from_the_core_section() {
        assert_eq!(hooks_path("[core]\n\tbare = false\n\thooksPath = .githooks\n"), Some(".githooks".to_string()));
        assert_eq!(hooks_path("[Core]\nHooksPath=\"tools/hooks\"\n"), Some("tools/hooks".to_string()));
        assert_eq!(hooks_path("[alias]\nhookspath = x\n"), None);
    }
}
