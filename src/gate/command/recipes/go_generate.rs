//! `go generate`: the `//go:generate` directives of the Go files of the packages named, each a
//! command go runs in its file's directory (not through a shell; its words read as a command line).

use super::file::{FileText, RecipeLine, Recipes, Written, read};
use std::path::{Path, PathBuf};

/// Directory entries looked at, at most, for `./...`: a larger tree is opaque.
const MAX_ENTRIES: usize = 4000;

/// `go generate [-n] [-run RE] [PACKAGES]`: the directives of each package's Go files (`./...`
/// is every package under the directory; none named is the directory's own).
pub(super) fn go_generate(args: &[String], dir: &Path, written: Written) -> Recipes {
    if args.first().is_none_or(|a| a != "generate") {
        return Recipes::Lines(Vec::new());
    }
    let mut packages = Vec::new();
    let mut i = 1;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        match a {
            // `-n` prints the commands it would run.
            "-n" => return Recipes::Lines(Vec::new()),
            "-run" | "-skip" | "-tags" | "-C" => i += 1,
            _ if a.starts_with('-') => {}
            _ => packages.push(a.to_string()),
        }
    }
    if packages.is_empty() {
        packages.push(".".to_string());
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    for package in &packages {
        match package.strip_suffix("/...").or((package == "...").then_some(".")) {
            Some(root) => match tree(&dir.join(root)) {
                Some(found) => dirs.extend(found),
                None => return Recipes::Opaque("it runs the go:generate directives of a tree larger than the analyser reads"),
            },
            // A package named by its import path is found by go alone.
            None if package.starts_with('.') || package.starts_with('/') => dirs.push(dir.join(package)),
            None => return Recipes::Opaque("it runs the go:generate directives of a package named by its import path"),
        }
    }
    let mut out = Vec::new();
    for d in dirs {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "go")).collect();
        files.sort();
        for file in files {
            let text = match read(&file, written) {
                FileText::Absent => continue,
                FileText::Opaque(why) => return Recipes::Opaque(why),
                FileText::Text(t) => t.join("\n"),
            };
            let shown = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            for (n, line) in text.lines().enumerate() {
                if let Some(command) = line.strip_prefix("//go:generate ") {
                    let origin = format!("the go:generate directive ({shown}:{})", n + 1);
                    out.push(RecipeLine { origin, text: command.trim().to_string(), dir: d.clone() });
                }
            }
        }
    }
    Recipes::Lines(out)
}

/// Every directory under `root` but hidden ones, `vendor`, `testdata` and other modules (which go skips), or
/// none when there are more entries than the analyser looks at.
fn tree(root: &Path) -> Option<Vec<PathBuf>> {
    let mut out = vec![root.to_path_buf()];
    let mut seen = 0;
    let mut i = 0;
    while i < out.len() {
        let Ok(entries) = std::fs::read_dir(&out[i]) else {
            i += 1;
            continue;
        };
        for e in entries.flatten() {
            seen += 1;
            if seen > MAX_ENTRIES {
                return None;
            }
            let name = e.file_name();
            let name = name.to_string_lossy();
            // A directory with a go.mod of its own is another module, which `./...` does not reach.
            let module = |p: &Path| p.join("go.mod").is_file();
            if e.file_type().is_ok_and(|t| t.is_dir())
                && !name.starts_with(['.', '_'])
                && name != "vendor"
                && name != "testdata"
                && !module(&e.path())
            {
                out.push(e.path());
            }
        }
        i += 1;
    }
    Some(out)
}
