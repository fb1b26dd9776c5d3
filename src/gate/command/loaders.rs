//! Environment variables that load code into the program they are given to: bash runs the file
//! `BASH_ENV` names (a POSIX shell the one `ENV` names) before its script, node requires the
//! modules `NODE_OPTIONS` names, python runs `PYTHONSTARTUP`, perl and ruby load the modules
//! `PERL5OPT` and `RUBYOPT` name (from the directories their `-I` adds), and the dynamic loader
//! maps the libraries `LD_PRELOAD` and `LD_AUDIT` name into every program. Code loaded this way
//! is a program that runs: it is judged as the command that runs it (`. ./x.sh`, `node ./x.js`),
//! which reads what the same call wrote there or the file on disk.

use super::quote;

/// The variables whose value names code a program loads.
pub const LOADERS: &[&str] = &["BASH_ENV", "ENV", "NODE_OPTIONS", "PYTHONSTARTUP", "PERL5OPT", "RUBYOPT", "LD_PRELOAD", "LD_AUDIT"];

/// What a variable's value loads, for the analysis.
#[derive(Debug, PartialEq)]
pub enum Loads {
    /// Commands that run the same code (`. ./x.sh` for `BASH_ENV=./x.sh`).
    Commands(Vec<String>),
    /// Code the analyser cannot read (a shared library not of the system's).
    Opaque(&'static str),
}

/// What `name=value` loads into the programs it is given to, if it loads code.
pub fn loaded(name: &str, value: &str) -> Option<Loads> {
    let commands = match name {
        "BASH_ENV" | "ENV" => vec![format!(". {}", quote(value))],
        "NODE_OPTIONS" => options(value, &["-r", "--require", "--import", "--loader", "--experimental-loader"])
            .into_iter()
            .map(|m| format!("node {}", quote(&m)))
            .collect(),
        "PYTHONSTARTUP" => vec![format!("python3 {}", quote(value))],
        "PERL5OPT" => modules(value, &["-M", "-m"], ".pm", true),
        "RUBYOPT" => modules(value, &["-r"], ".rb", false),
        "LD_PRELOAD" | "LD_AUDIT" => {
            let system = |l: &str| ["/usr/", "/lib/", "/lib64/", "/lib32/"].iter().any(|d| l.starts_with(d)) && !l.contains("/../");
            return value.split([':', ' ']).filter(|l| !l.is_empty()).any(|l| !system(l)).then_some(Loads::Opaque(
                "it loads a shared library (LD_PRELOAD, LD_AUDIT) into the program, which the analyser cannot read",
            ));
        }
        _ => return None,
    };
    (!commands.is_empty()).then_some(Loads::Commands(commands))
}

/// The values of `flags` in an option string (`--require ./x.js`, `-r./x.js`, `--import=./x.mjs`).
fn options(value: &str, flags: &[&str]) -> Vec<String> {
    let words: Vec<&str> = value.split_whitespace().map(|w| w.trim_matches(['\'', '"'])).collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        for f in flags {
            if w == f {
                out.extend(words.get(i + 1).map(|v| v.to_string()));
            } else if let Some(v) = w.strip_prefix(f).map(|v| v.strip_prefix('=').unwrap_or(v)).filter(|v| !v.is_empty()) {
                // `-r./x.js` and `--require=./x.js`; `--import` is no `-i…` bundle.
                if f.starts_with("--") == w.starts_with("--") && (f.len() == 2 || w.as_bytes().get(f.len()) == Some(&b'=')) {
                    out.push(v.to_string());
                }
            }
        }
    }
    out
}

/// perl's `-Mx::y` and ruby's `-rx` from the directories `-I` adds (perl adds none of its own
/// that a call can write; ruby's feature may be a path itself): each as the interpreter running
/// that file. A module of the system's library (no `-I`, no path) loads nothing of the call's.
fn modules(value: &str, flags: &[&str], ext: &str, colons: bool) -> Vec<String> {
    let dirs = options(value, &["-I"]);
    let program = if ext == ".pm" { "perl" } else { "ruby" };
    let mut out = Vec::new();
    for m in options(value, flags) {
        let m = m.trim_start_matches('-').split(['=', ' ']).next().unwrap_or_default().to_string();
        let file = if colons { m.replace("::", "/") } else { m.clone() };
        let file = if file.ends_with(ext) { file } else { format!("{file}{ext}") };
        if file.starts_with(['.', '/', '~']) {
            out.push(format!("{program} {}", quote(&file)));
        }
        for d in &dirs {
            out.push(format!("{program} {}", quote(&format!("{}/{file}", d.trim_end_matches('/')))));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commands(name: &str, value: &str) -> Vec<String> {
        match loaded(name, value) {
            Some(Loads::Commands(c)) => c,
            other => panic!("{name}={value}: {other:?}"),
        }
    }

    #[test]
    fn variables_that_load_code_are_the_commands_that_run_it() {
        assert_eq!(commands("BASH_ENV", "./x.sh"), [". ./x.sh"]);
        assert_eq!(commands("ENV", "$HOME/.shrc"), [". $HOME/.shrc"]);
        assert_eq!(commands("NODE_OPTIONS", "--require ./x.js --max-old-space-size=4096"), ["node ./x.js"]);
        assert_eq!(commands("NODE_OPTIONS", "-r./a.js --import=./b.mjs"), ["node ./a.js", "node ./b.mjs"]);
        assert_eq!(commands("PYTHONSTARTUP", "./s.py"), ["python3 ./s.py"]);
        assert_eq!(commands("PERL5OPT", "-I. -Mx::y=1"), ["perl ./x/y.pm"]);
        assert_eq!(commands("RUBYOPT", "-r./hook"), ["ruby ./hook.rb"]);
        assert_eq!(loaded("NODE_OPTIONS", "--max-old-space-size=4096 --inspect"), None);
        assert_eq!(loaded("PERL5OPT", "-MCarp::Always"), None);
        assert_eq!(loaded("RUBYOPT", "-rbundler/setup"), None);
        assert_eq!(loaded("LD_PRELOAD", "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"), None);
        assert!(matches!(loaded("LD_PRELOAD", "./x.so"), Some(Loads::Opaque(_))));
        assert_eq!(loaded("PATH", "./bin"), None);
    }
}
