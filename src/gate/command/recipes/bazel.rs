//! `bazel run //pkg:name` (and bazelisk's): the target's rule in its package's BUILD file, read at
//! judging time from the workspace the call runs in. A shell rule (`sh_binary`, `sh_test`) runs its
//! first source as a script, a Python one (`py_binary`, `py_test`) runs its main or first source
//! with Python: either is judged as that command reads the file on disk. Other rules build a
//! program from sources, which the analyser does not read, as before.

use super::file::{RecipeLine, Recipes, Written, recipe_file};
use std::path::{Path, PathBuf};

/// Files that mark a Bazel workspace's root.
const WORKSPACE_FILES: &[&str] = &["MODULE.bazel", "WORKSPACE.bazel", "WORKSPACE", "REPO.bazel"];
/// Directories looked through for the workspace's root, at most.
const MAX_DEPTH: usize = 32;

/// The command a `bazel run` or `bazelisk run` call makes its target run.
pub(super) fn bazel(args: &[String], dir: &Path, written: Written) -> Recipes {
    // Bazel's startup options come before the command; `run` takes the target after its options.
    let mut operands = args.iter().filter(|a| !a.starts_with('-'));
    if operands.next().map(String::as_str) != Some("run") {
        return Recipes::Lines(Vec::new());
    }
    let Some(label) = operands.next() else { return Recipes::Lines(Vec::new()) };
    let Some(root) = dir.ancestors().take(MAX_DEPTH).find(|d| WORKSPACE_FILES.iter().any(|f| d.join(f).is_file())) else {
        return Recipes::Lines(Vec::new());
    };
    let (package, name) = match label.strip_prefix("//") {
        Some(rest) => match rest.split_once(':') {
            Some((package, name)) => (root.join(package), name.to_string()),
            None => (root.join(rest), rest.rsplit('/').next().unwrap_or(rest).to_string()),
        },
        // `:name` or `name`: a target of the package the call runs in.
        None if !label.starts_with('@') => (dir.to_path_buf(), label.trim_start_matches(':').to_string()),
        None => return Recipes::Lines(Vec::new()),
    };
    let (text, shown) = match recipe_file(&package, None, &["BUILD.bazel", "BUILD"], written) {
        Ok(found) => found,
        Err(done) => return done,
    };
    let Some((kind, sources)) = rule(&text, &name) else { return Recipes::Lines(Vec::new()) };
    let runner = match kind.as_str() {
        "sh_binary" | "sh_test" => "sh",
        "py_binary" | "py_test" => "python3",
        _ => return Recipes::Lines(Vec::new()),
    };
    let Some(source) = sources.first() else { return Recipes::Lines(Vec::new()) };
    if source.starts_with([':', '/', '@']) || source.contains(['(', '*', '$']) {
        return Recipes::Opaque("it runs a Bazel target whose program another rule makes, which the analyser does not read");
    }
    let script: PathBuf = package.join(source);
    let origin = format!("the program of bazel target {label} ({shown}: {kind})");
    let text = format!("{runner} {}", shell_words::quote(&script.to_string_lossy()));
    Recipes::Lines(vec![RecipeLine { origin, text, dir: dir.to_path_buf() }])
}

/// The kind of the rule named `name` in a BUILD file's text, and its program's sources (`main`
/// first, then `srcs`, as string literals).
fn rule(text: &str, name: &str) -> Option<(String, Vec<String>)> {
    let wanted = [format!("name = \"{name}\""), format!("name=\"{name}\""), format!("name = '{name}'")];
    let at = wanted.iter().find_map(|w| text.find(w.as_str()))?;
    let open = text[..at].rfind('(')?;
    let kind: String = text[..open].trim_end().chars().rev().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    let kind: String = kind.chars().rev().collect();
    let close = text[at..].find(')').map_or(text.len(), |k| at + k);
    let body = &text[open..close];
    let list = |key: &str| -> Vec<String> {
        let Some(k) = body.find(key) else { return Vec::new() };
        let rest = body[k + key.len()..].trim_start().trim_start_matches('=').trim_start();
        let rest = match rest.strip_prefix('[') {
            Some(r) => &r[..r.find(']').unwrap_or(r.len())],
            None => rest.split([',', '\n']).next().unwrap_or(""),
        };
        rest.split(',').map(|s| s.trim().trim_matches(['"', '\'']).to_string()).filter(|s| !s.is_empty()).collect()
    };
    let mut sources = list("main");
    sources.extend(list("srcs"));
    Some((kind, sources))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_is_found_by_name_with_its_sources() {
        let text = "sh_binary(name = \"wipe\", srcs = [\"scripts/teardown.sh\"])\npy_binary(\n    name = \"gen\",\n    srcs = [\"gen.py\", \"lib.py\"],\n    main = \"gen.py\",\n)\ncc_binary(name = \"app\", srcs = [\"main.c\"])\n";
        assert_eq!(rule(text, "wipe"), Some(("sh_binary".into(), vec!["scripts/teardown.sh".into()])));
        assert_eq!(rule(text, "gen"), Some(("py_binary".into(), vec!["gen.py".into(), "gen.py".into(), "lib.py".into()])));
        assert_eq!(rule(text, "app").map(|r| r.0), Some("cc_binary".into()));
        assert_eq!(rule(text, "none"), None);
    }
}
