//! What a command reaches, for the `target` of a `program`/`verbs` rule (the reference
//! implementation's form): the branch and remote of a `git push`, the cluster context and namespace of
//! `kubectl` and `helm`, the workspace of `terraform`. Read from the command's arguments and from
//! cheap local files (`.git/HEAD`, the kubeconfig), never by starting a program. `None` means it
//! cannot be told, and such a command matches every target: an action of unknown reach is asked about.

use std::path::{Path, PathBuf};

/// One text per thing reached, as `key=value` words (`remote=origin url=… branch=main`), searched by
/// the target's regular expression.
pub fn reach(simple_command: &str, cwd: &Path) -> Option<Vec<String>> {
    let words = shell_words::split(simple_command).ok()?;
    let (program, args) = words.split_first()?;
    match program.as_str() {
        "git" => git_push(args, cwd),
        "kubectl" => kube(args, &["--context"]),
        "helm" => kube(args, &["--kube-context"]),
        "terraform" | "tofu" => terraform(args, cwd),
        _ => None,
    }
}

/// The value of `--name value` or `--name=value` among `args`.
fn option<'a>(args: &'a [String], names: &[&str]) -> Option<&'a str> {
    let mut it = args.iter();
    while let Some(a) = it.next() {
        for n in names {
            if a == n {
                return it.next().map(String::as_str);
            }
            if let Some(v) = a.strip_prefix(n).and_then(|r| r.strip_prefix('=')) {
                return Some(v);
            }
        }
    }
    None
}

fn git_push(args: &[String], cwd: &Path) -> Option<Vec<String>> {
    let mut dir = cwd.to_path_buf();
    let mut i = 0;
    // git's global options before the subcommand; those with a separate value skip it.
    while let Some(a) = args.get(i).filter(|a| a.starts_with('-')) {
        if a == "-C" {
            dir = dir.join(args.get(i + 1)?);
            i += 1;
        } else if matches!(a.as_str(), "-c" | "--git-dir" | "--work-tree" | "--namespace" | "--config-env") {
            i += 1;
        }
        i += 1;
    }
    if args.get(i).map(String::as_str) != Some("push") {
        return None;
    }
    let mut positional = Vec::new();
    let mut rest = args[i + 1..].iter();
    while let Some(a) = rest.next() {
        if matches!(a.as_str(), "--all" | "--mirror" | "--tags" | "--branches") {
            // Every branch or tag: what it reaches is not one name.
            return None;
        }
        if matches!(a.as_str(), "--repo" | "-o" | "--push-option" | "--receive-pack" | "--exec") {
            rest.next();
        } else if !a.starts_with('-') {
            positional.push(a.as_str());
        }
    }
    let repo = crate::paths::find_repo(&dir)?;
    let remote = positional.first().copied().unwrap_or("origin");
    let url = remote_url(&repo.git_dir, remote).unwrap_or_else(|| remote.to_string());
    let branches: Vec<String> = if positional.len() > 1 {
        positional[1..]
            .iter()
            .map(|spec| {
                let spec = spec.trim_start_matches('+');
                let dst = spec.rsplit_once(':').map_or(spec, |(_, d)| d);
                dst.strip_prefix("refs/heads/").unwrap_or(dst).to_string()
            })
            .collect()
    } else {
        vec![current_branch(&repo.git_dir)?]
    };
    Some(branches.into_iter().map(|b| format!("remote={remote} url={url} branch={b}")).collect())
}

fn current_branch(git_dir: &Path) -> Option<String> {
    let head = small(&git_dir.join("HEAD"))?;
    head.trim().strip_prefix("ref: refs/heads/").map(str::to_string)
}

/// `url` of `[remote "name"]` in the repository's config (a plain line scan; no includes).
fn remote_url(git_dir: &Path, remote: &str) -> Option<String> {
    let config = small(&common_dir(git_dir).join("config"))?;
    let header = format!("[remote \"{remote}\"]");
    let mut inside = false;
    for line in config.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == header;
        } else if inside
            && let Some((k, v)) = line.split_once('=')
            && k.trim().eq_ignore_ascii_case("url")
        {
            return Some(v.trim().to_string());
        }
    }
    None
}

/// A worktree's git directory keeps its config in the common directory.
pub(crate) fn common_dir(git_dir: &Path) -> PathBuf {
    match small(&git_dir.join("commondir")) {
        Some(rel) => git_dir.join(rel.trim()),
        None => git_dir.to_path_buf(),
    }
}

fn kube(args: &[String], context_option: &[&str]) -> Option<Vec<String>> {
    let context = match option(args, context_option) {
        Some(c) => c.to_string(),
        None => current_context()?,
    };
    let namespace = option(args, &["-n", "--namespace"]).unwrap_or("");
    Some(vec![format!("context={context} namespace={namespace}")])
}

/// `current-context:` of the kubeconfig (`KUBECONFIG`'s first file, else `~/.kube/config`).
fn current_context() -> Option<String> {
    let path = match std::env::var_os("KUBECONFIG").filter(|v| !v.is_empty()) {
        Some(v) => std::env::split_paths(&v).next()?,
        None => crate::paths::home()?.join(".kube/config"),
    };
    let text = small(&path)?;
    let value = text.lines().find_map(|l| l.strip_prefix("current-context:"))?.trim().trim_matches(|c| c == '"' || c == '\'');
    (!value.is_empty()).then(|| value.to_string())
}

fn terraform(args: &[String], cwd: &Path) -> Option<Vec<String>> {
    let workspace = match std::env::var("TF_WORKSPACE") {
        Ok(w) if !w.is_empty() => w,
        _ => {
            let dir = option(args, &["-chdir"]).map_or(cwd.to_path_buf(), |d| cwd.join(d));
            small(&dir.join(".terraform/environment")).map_or("default".into(), |w| w.trim().to_string())
        }
    };
    Some(vec![format!("workspace={workspace}")])
}

/// A small local file's text. A FIFO, a device or an endless file there is as good as no answer:
/// the reach is unknown, and the command is asked about.
fn small(path: &Path) -> Option<String> {
    super::regular_file::read_text(path, "a file", super::regular_file::MAX_BYTES).ok().flatten()
}
