//! A Procfile's processes, started by its runners (`foreman start`, `honcho start`, `overmind
//! start`, `heroku local`): each line `name: command` is a shell line the runner starts, every
//! one or those named.

use super::file::{RecipeLine, Recipes, Written, recipe_file};
use std::path::Path;

/// `foreman start [NAME]`, `honcho start [NAME…]`, `overmind start [-l NAME,…]`, `heroku local
/// [NAME]`: the processes of the Procfile (`-f FILE` names another), all or those named.
pub(super) fn procfile(name: &str, args: &[String], dir: &Path, written: Written) -> Recipes {
    let start = match (name, args.first().map(String::as_str)) {
        ("foreman" | "honcho" | "overmind", Some("start" | "s")) | ("heroku", Some("local")) => 1,
        _ => return Recipes::Lines(Vec::new()),
    };
    let mut file = None;
    let mut wanted: Vec<String> = Vec::new();
    let mut i = start;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        match a {
            "-f" | "--procfile" => file = args.get(i).cloned().inspect(|_| i += 1),
            "-l" | "--processes" | "-m" | "--formation" => {
                if let Some(v) = args.get(i) {
                    i += 1;
                    if a.starts_with("-l") || a == "--processes" {
                        wanted.extend(v.split(',').map(String::from));
                    }
                }
            }
            "-d" | "--root" | "-e" | "--env" | "-p" | "--port" | "-c" | "--concurrency" | "-s" | "--socket" => i += 1,
            _ if a.starts_with('-') => {}
            _ => wanted.push(a.to_string()),
        }
    }
    let (text, shown) = match recipe_file(dir, file.as_deref(), &["Procfile", "Procfile.dev"], written) {
        Ok(found) => found,
        Err(done) => return done,
    };
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some((process, command)) = line.split_once(':') else { continue };
        let process = process.trim();
        if process.is_empty() || process.starts_with('#') || process.contains(char::is_whitespace) {
            continue;
        }
        if wanted.is_empty() || wanted.iter().any(|w| w == process) {
            let origin = format!("the process {process} ({shown}:{})", n + 1);
            out.push(RecipeLine { origin, text: command.trim().to_string(), dir: dir.to_path_buf() });
        }
    }
    Recipes::Lines(out)
}
