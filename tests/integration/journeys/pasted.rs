//! Runs the commands gitvow prints for a person exactly as printed, in a shell.

use crate::support::person_terminal::PersonTerminal;
use crate::support::{BIN, Output, Sandbox};
use std::path::Path;

/// The commands in `text` a person is told to run: each `` `gitvow …` `` in backquotes, and what
/// follows `To apply: ` or `to remove it anyway: ` up to the end of the line.
pub fn printed_commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        for marker in ["To apply: ", "to remove it anyway: ", "hint: to validate a policy file: "] {
            if let Some(rest) = line.split(marker).nth(1) {
                out.push(rest.trim().to_string());
            }
        }
        // The odd parts between backquotes are the quoted ones.
        out.extend(line.split('`').skip(1).step_by(2).filter(|inside| inside.starts_with("gitvow ")).map(str::to_string));
    }
    out
}

/// `line` run by `/bin/sh` in `dir`, with `gitvow` on the PATH as the built binary.
pub fn paste(env: &Sandbox, dir: &Path, line: &str) -> Output {
    let bin = pasted_bin(env);
    env.tool("/bin/sh")
        .current_dir(dir)
        .env("PATH", format!("{}:{}", bin.display(), crate::support::system_path()))
        .args(["-c", line])
        .run()
}

/// A directory outside the sandbox's home holding `gitvow`, a link to the built binary.
fn pasted_bin(env: &Sandbox) -> std::path::PathBuf {
    let bin = env.outside("pasted-bin");
    std::fs::create_dir_all(&bin).unwrap();
    let link = bin.join("gitvow");
    if !link.exists() {
        std::os::unix::fs::symlink(BIN, &link).unwrap();
    }
    bin
}

/// [`paste`] into a person's terminal (opened before the question), typing `answer` after it.
pub fn paste_in_terminal(env: &Sandbox, term: &mut PersonTerminal, line: &str, answer: &str) -> Output {
    let bin = pasted_bin(env);
    term.type_line(&format!("PATH={}:$PATH; export PATH", bin.display()), "");
    term.type_line(line, answer)
}

/// Every command form gitvow's source prints for a person in backquotes (`` `gitvow …` ``) and the
/// forms its command builders write, each as a pattern a pasted command must start with: a
/// placeholder (`{code}`, `{}`) stands for one word.
pub fn printed_forms() -> Vec<(String, String)> {
    let mut forms = vec![
        // crate::install::command_line: install_command, reinstall_command, doctor_command.
        ("gitvow install --user --agent {}".to_string(), "install/command_line.rs".to_string()),
        ("gitvow install {} --agent {}".into(), "install/command_line.rs".into()),
        ("gitvow install --system --agent {}".into(), "install/command_line.rs".into()),
        ("gitvow doctor --user".into(), "install/command_line.rs".into()),
        ("gitvow doctor {}".into(), "install/command_line.rs".into()),
        ("gitvow doctor --system".into(), "install/command_line.rs".into()),
        // uninstall_command, for the other scope of an agent installed in both.
        ("gitvow uninstall --user --agent {}".into(), "install/command_line.rs".into()),
        ("gitvow uninstall {} --agent {}".into(), "install/command_line.rs".into()),
    ];
    let quoted = regex_lite::Regex::new(r"`(gitvow [^`\\]*)`").unwrap();
    let mut files = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let name = path.strip_prefix(concat!(env!("CARGO_MANIFEST_DIR"), "/src/")).unwrap().display().to_string();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            forms.extend(quoted.captures_iter(line).map(|c| (c[1].trim().to_string(), name.clone())));
        }
    }
    forms.sort();
    forms.dedup();
    forms
}

/// Whether `command` (as pasted) is of `form`: its words, a placeholder matching any one word.
pub fn is_of_form(command: &str, form: &str) -> bool {
    let words: Vec<&str> = command.split_whitespace().collect();
    let want: Vec<&str> = form.split_whitespace().collect();
    words.len() >= want.len()
        && want.iter().zip(&words).all(|(w, c)| w == c || w.starts_with('{') || (w.starts_with('<') && w.ends_with('>')))
}
