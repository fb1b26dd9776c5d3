//! tox: the commands of the environments a call runs (`tox -e wipe`, `tox run -e lint,wipe`, or the
//! `envlist` when none is named), from tox.ini: `commands_pre`, `commands` and `commands_post` of
//! `[testenv:NAME]`, or of `[testenv]` where the environment does not set them. `{homedir}` is the
//! home directory, `{toxinidir}` the project; any other substitution is a value only tox computes.

use super::data::{Options, asked, file_of, line_of};
use super::file::{Recipes, Written};
use super::walk::{Recipe, Runner, Step, walk};
use std::path::Path;

const TOX_OPTIONS: Options = Options {
    dir: &["--root"],
    file: &["-c", "--conf"],
    valued: &["-e", "--workdir", "--result-json", "-x", "--override", "-f", "--factor", "-m", "--labels"],
    nothing: &["-l", "--listenvs", "-a", "--listenvs-all", "-h", "--help", "--version", "--showconfig", "--notest"],
};

const TOX: Runner = Runner {
    noun: "tox environment",
    computed: "GITVOW_TOX_COMPUTED",
    too_many: "it runs more tox environments than the analyser follows",
    unknown: |_| Ok(()),
};

pub(super) fn tox(args: &[String], dir: &Path, written: Written) -> Recipes {
    let Some(asked) = asked(args, dir, &TOX_OPTIONS) else { return Recipes::Lines(Vec::new()) };
    if asked.words.first().is_some_and(|w| !matches!(w.as_str(), "run" | "r" | "run-parallel" | "p")) {
        return Recipes::Lines(Vec::new());
    }
    let (ini, text, shown) = match file_of(&asked, &["tox.ini"], written, |t| Some(sections(t)), "") {
        Ok(found) => found,
        Err(done) => return done,
    };
    let named: Vec<String> =
        args.windows(2).filter(|w| w[0] == "-e").flat_map(|w| w[1].split(',').map(String::from).collect::<Vec<_>>()).collect();
    let named = if named.is_empty() {
        args.iter().filter_map(|a| a.strip_prefix("-e")).filter(|e| !e.is_empty()).flat_map(|e| e.split(',')).map(String::from).collect()
    } else {
        named
    };
    let wanted: Vec<String> = match named.is_empty() {
        true => value(&ini, "tox", "envlist")
            .map(|v| v.split([',', '\n']).map(|e| e.trim().to_string()).filter(|e| !e.is_empty()).collect())
            .unwrap_or_default(),
        false => named,
    };
    let envs: Vec<Recipe> = wanted
        .iter()
        .map(|env| {
            let section = format!("testenv:{env}");
            let mut steps = Vec::new();
            for key in ["commands_pre", "commands", "commands_post"] {
                let Some(commands) = value(&ini, &section, key).or_else(|| value(&ini, "testenv", key)) else { continue };
                for command in commands.lines().map(str::trim).filter(|c| !c.is_empty() && !c.starts_with('#')) {
                    let command = command.trim_start_matches(['-', '!']).trim_start();
                    steps.push(Step::Run(line_of(&text, command), substituted(command)));
                }
            }
            Recipe { name: env.clone(), deps: Vec::new(), steps, unreadable: None }
        })
        .collect();
    walk(&TOX, &envs, &wanted, &shown, &asked.dir)
}

/// An INI file's sections: each name with its keys and values (a value's indented lines joined to it).
fn sections(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut out: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with(['#', ';']) {
            continue;
        }
        if let Some(name) = trimmed.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            out.push((name.trim().to_string(), Vec::new()));
            continue;
        }
        let Some((_, keys)) = out.last_mut() else { continue };
        if line.starts_with(char::is_whitespace) {
            if let Some((_, v)) = keys.last_mut() {
                v.push('\n');
                v.push_str(trimmed);
            }
        } else if let Some((k, v)) = trimmed.split_once('=') {
            keys.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    out
}

fn value<'a>(ini: &'a [(String, Vec<(String, String)>)], section: &str, key: &str) -> Option<&'a str> {
    let (_, keys) = ini.iter().find(|(name, _)| name == section)?;
    keys.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// A command with tox's substitutions: `{homedir}` is `~`, `{toxinidir}` the project, `{posargs}`
/// its default, any other a value the analysis cannot know.
fn substituted(command: &str) -> String {
    let mut out = String::new();
    let mut rest = command;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else { break };
        let inner = &rest[open + 1..open + close];
        match inner.split_once(':') {
            _ if inner == "homedir" => out.push('~'),
            _ if inner == "toxinidir" || inner == "tox_root" => out.push('.'),
            _ if inner == "/" => out.push('/'),
            _ if inner == "posargs" => {}
            Some(("posargs", default)) => out.push_str(default),
            _ => out.push_str("${GITVOW_TOX_COMPUTED}"),
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}
