//! cargo's project configuration (`.cargo/config.toml`, `.cargo/config`, in the directory and each
//! one above it): the `runner` of a `[target.…]` table, which `cargo run`, `test` and `bench` start
//! with the built program, and `[alias]`, which makes `cargo NAME` another cargo command.

use super::data::{joined, key_line, toml, toml_strings};
use super::file::{FileText, RecipeLine, Recipes, Written, read};
use std::path::Path;

/// The configuration files cargo reads in one directory.
const FILES: &[&str] = &[".cargo/config.toml", ".cargo/config"];
/// Directories above the one cargo runs in whose configuration is read, at most.
const MAX_UP: usize = 8;
/// cargo's own commands, which no alias replaces (with their one-letter forms).
const BUILT_IN: &[&str] = &[
    "add",
    "b",
    "bench",
    "build",
    "c",
    "check",
    "clean",
    "clippy",
    "config",
    "d",
    "doc",
    "fetch",
    "fix",
    "fmt",
    "generate-lockfile",
    "help",
    "info",
    "init",
    "install",
    "locate-project",
    "login",
    "logout",
    "metadata",
    "miri",
    "new",
    "owner",
    "package",
    "pkgid",
    "publish",
    "r",
    "remove",
    "report",
    "rm",
    "run",
    "rustc",
    "rustdoc",
    "search",
    "t",
    "test",
    "tree",
    "uninstall",
    "update",
    "vendor",
    "verify-project",
    "version",
    "yank",
    "make",
];

/// `cargo run|test|bench …`: the runner the configuration names, started with the program;
/// `cargo ALIAS …`: the cargo command the alias stands for.
pub(super) fn cargo(args: &[String], dir: &Path, written: Written) -> Recipes {
    let Some(sub) = args.iter().find(|a| !a.starts_with(['-', '+'])) else { return Recipes::Lines(Vec::new()) };
    let runs = matches!(sub.as_str(), "run" | "r" | "test" | "t" | "bench");
    if !runs && BUILT_IN.contains(&sub.as_str()) {
        return Recipes::Lines(Vec::new());
    }
    let mut out = Vec::new();
    for at in dir.ancestors().take(MAX_UP + 1) {
        for name in FILES {
            let path = at.join(name);
            let config = match read(&path, written) {
                FileText::Absent => continue,
                FileText::Opaque(why) => return Recipes::Opaque(why),
                FileText::Text(t) => t.join("\n"),
            };
            let Some(doc) = toml(&config) else { return Recipes::Opaque("its cargo configuration is no TOML the analyser reads") };
            let origin = |what: &str, line: usize| format!("{what} in cargo's configuration ({name}:{line})");
            if runs {
                let targets = doc.get("target").and_then(|t| t.as_table_like());
                for (triple, table) in targets.into_iter().flat_map(|t| t.iter()) {
                    let Some(runner) = table.get("runner") else { continue };
                    let Some(words) = toml_strings(runner) else {
                        return Recipes::Opaque("its cargo configuration names a runner the analyser cannot read");
                    };
                    // A string is split at blanks into the program and its arguments.
                    let text = if runner.is_str() { words.join(" ") } else { joined(&words) };
                    out.push(RecipeLine {
                        origin: origin("the runner", key_line(&config, triple, "runner")),
                        text,
                        dir: dir.to_path_buf(),
                    });
                }
            } else if let Some(alias) = doc.get("alias").and_then(|a| a.get(sub.as_str())) {
                let Some(words) = toml_strings(alias) else {
                    return Recipes::Opaque("its cargo configuration names an alias the analyser cannot read");
                };
                let expansion = if alias.is_str() { words.join(" ") } else { joined(&words) };
                let rest: Vec<String> = args.iter().skip_while(|a| *a != sub).skip(1).cloned().collect();
                let text = format!("cargo {expansion} {}", joined(&rest)).trim_end().to_string();
                out.push(RecipeLine {
                    origin: origin(&format!("the alias {sub}"), key_line(&config, "[alias]", sub)),
                    text,
                    dir: dir.to_path_buf(),
                });
                return Recipes::Lines(out);
            }
        }
    }
    Recipes::Lines(out)
}
