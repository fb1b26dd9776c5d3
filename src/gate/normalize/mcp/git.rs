//! A git server's MCP tools (`git_push {"force": true}`, `git_reset {"mode": "hard"}`,
//! `git_clean {"force": true, "directories": true}`) as the git command line they run, so that the
//! git rules judge a force push, a hard reset or a clean made through a tool as they judge the same
//! command typed in Bash. Servers name their arguments their own way: a true flag is its option, a
//! mode is its option or sub-action, a remote, branch or revision is a word, a list of paths comes
//! after `--`, and the repository's path is the directory the command runs in.

use super::{name_words, server_words};
use serde_json::{Map, Value};

/// git's subcommands a tool's name may hold after `git` (`git_push`, `gitCherryPick`): one word,
/// or the words of a hyphenated subcommand joined (`cherry_pick` → `cherry-pick`).
const SUBCOMMANDS: &[&str] = &[
    "push",
    "reset",
    "clean",
    "branch",
    "checkout",
    "switch",
    "tag",
    "rebase",
    "stash",
    "worktree",
    "remote",
    "restore",
    "rm",
    "mv",
    "commit",
    "merge",
    "pull",
    "fetch",
    "clone",
    "init",
    "add",
    "gc",
    "prune",
    "reflog",
    "revert",
    "cherry-pick",
    "filter-branch",
    "filter-repo",
    "update-ref",
    "symbolic-ref",
    "submodule",
    "config",
    "notes",
    "replace",
    "am",
    "apply",
];

/// Subcommands whose mode or action is a word after them (`stash drop`, `worktree remove`,
/// `remote remove`), not an option.
const WITH_ACTIONS: &[&str] = &["stash", "worktree", "remote", "submodule", "notes", "reflog", "config"];

/// Argument names that hold the repository the command runs in.
const DIRECTORY_KEYS: &[&str] =
    &["repo_path", "repoPath", "repository", "repository_path", "repo", "path", "cwd", "workdir", "working_dir", "directory", "dir"];

/// Argument names whose text is the mode or action the command runs in.
const MODE_KEYS: &[&str] = &["mode", "reset_mode", "resetMode", "type", "action", "operation", "subcommand"];

/// Argument names whose text is a word of the command line, in the order git takes them.
const WORD_KEYS: &[&str] = &[
    "remote",
    "remote_name",
    "remoteName",
    "branch",
    "branch_name",
    "branchName",
    "name",
    "new_branch",
    "newBranch",
    "tag",
    "tag_name",
    "tagName",
    "target",
    "ref",
    "refspec",
    "commit",
    "revision",
    "rev",
    "upstream",
    "onto",
    "start_point",
    "startPoint",
    "url",
];

/// Argument names that hold paths, given after `--`.
const PATH_KEYS: &[&str] = &["paths", "files", "pathspec", "pathspecs", "file"];

/// Flags a server names by what they do where git has only a letter (`clean -d`, `clean -x`).
const LETTER_FLAGS: &[(&str, &str)] =
    &[("directories", "-d"), ("include_directories", "-d"), ("ignored", "-x"), ("include_ignored", "-x"), ("remove_ignored", "-x")];

/// The git command line a git server's tool runs, with the directory it runs in; `None` for a
/// tool whose name holds no git subcommand after `git`.
pub(super) fn git_command(name: &str, input: &Map<String, Value>) -> Option<(String, Option<String>)> {
    let words = name_words(name);
    let after_git = match words.iter().position(|w| w == "git") {
        Some(at) => &words[at + 1..],
        None if server_words(name).iter().any(|w| w == "git") => &words[..],
        None => return None,
    };
    let subcommand = subcommand(after_git)?;
    let mut line = vec!["git".to_string(), subcommand.to_string()];
    let mut directory = None;
    let (mut positional, mut paths) = (Vec::new(), Vec::new());
    for (key, value) in input {
        let key = key.as_str();
        match value {
            Value::Bool(true) => line.push(flag(key)),
            Value::String(text) if DIRECTORY_KEYS.contains(&key) => directory = Some(text.clone()),
            Value::String(mode) if MODE_KEYS.contains(&key) && WITH_ACTIONS.contains(&subcommand) => line.insert(2, mode.clone()),
            Value::String(mode) if MODE_KEYS.contains(&key) => line.push(format!("--{}", kebab(mode))),
            Value::String(text) if WORD_KEYS.contains(&key) => positional.push((WORD_KEYS.iter().position(|k| *k == key), text.clone())),
            Value::String(text) if PATH_KEYS.contains(&key) => paths.push(text.clone()),
            Value::Array(list) if PATH_KEYS.contains(&key) => paths.extend(list.iter().filter_map(Value::as_str).map(str::to_string)),
            // Any other text is its option's value (`{"delete": "v1.0"}` → `--delete v1.0`).
            Value::String(text) => line.extend([flag(key), text.clone()]),
            _ => {}
        }
    }
    positional.sort_by_key(|(at, _)| *at);
    line.extend(positional.into_iter().map(|(_, word)| word));
    if !paths.is_empty() {
        line.push("--".into());
        line.extend(paths);
    }
    Some((shell_words::join(line), directory))
}

/// The subcommand the words after `git` name: two words joined first (`cherry pick`), then one.
fn subcommand(words: &[String]) -> Option<&'static str> {
    let joined = words.get(..2).map(|two| two.join("-"));
    let find = |w: &str| SUBCOMMANDS.iter().copied().find(|s| *s == w);
    joined.as_deref().and_then(find).or_else(|| words.first().and_then(|w| find(w)))
}

/// The option a true argument is: a letter where git has only one, else `--name` (`force_with_lease`
/// → `--force-with-lease`, `dryRun` → `--dry-run`).
fn flag(key: &str) -> String {
    LETTER_FLAGS.iter().find(|(k, _)| *k == key).map_or_else(|| format!("--{}", kebab(key)), |(_, letter)| (*letter).to_string())
}

/// `force_with_lease`, `forceWithLease` → `force-with-lease`.
fn kebab(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if c == '_' || c == ' ' {
            out.push('-');
        } else if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::git_command;
    use serde_json::json;

    fn line(name: &str, input: serde_json::Value) -> Option<(String, Option<String>)> {
        git_command(name, input.as_object().unwrap())
    }

    #[test]
    fn a_git_tool_is_the_command_line_it_runs() {
        let push = line("mcp__git__git_push", json!({"repo_path": "/r", "remote": "origin", "branch": "main", "force": true}));
        assert_eq!(push, Some(("git push --force origin main".into(), Some("/r".into()))));
        let reset = line("mcp__git__git_reset", json!({"mode": "hard", "target": "HEAD~3"})).unwrap().0;
        assert_eq!(reset, "git reset --hard 'HEAD~3'");
        let clean = line("mcp__git__git_clean", json!({"force": true, "directories": true, "ignored": true})).unwrap().0;
        assert_eq!(clean, "git clean --force -d -x");
        let stash = line("mcp__git-mcp__gitStash", json!({"mode": "clear"})).unwrap().0;
        assert_eq!(stash, "git stash clear");
        let tag = line("mcp__git__git_tag", json!({"delete": "v1.0"})).unwrap().0;
        assert_eq!(tag, "git tag --delete v1.0");
        let pick = line("mcp__repo__git_cherry_pick", json!({"commit": "abc"})).unwrap().0;
        assert_eq!(pick, "git cherry-pick abc");
        let restore = line("mcp__git__git_restore", json!({"paths": ["a", "b c"], "forceWithLease": false})).unwrap().0;
        assert_eq!(restore, "git restore -- a 'b c'");
    }

    #[test]
    fn a_tool_with_no_git_subcommand_is_none() {
        assert_eq!(line("mcp__git__git_status", json!({"repo_path": "."})), None);
        assert_eq!(line("mcp__files__push_file", json!({"path": "."})), None);
        assert_eq!(line("mcp__github__push_files", json!({"branch": "main"})), None);
    }
}
