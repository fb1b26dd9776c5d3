//! Whether a program a command runs is gitvow, by what it is rather than by its name: a renamed or
//! linked copy of the executable that runs `approve`, `trust`, `uninstall` or `install --command`
//! is still gitvow. Looked at only for calls that name one of those subcommands, so that ordinary
//! calls pay nothing for it.

use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// gitvow's subcommands that only a person may run: the gate denies an agent's call of them. A
/// subcommand the shell computes (`./copy $x`) may be one of them.
pub fn guarded_subcommand(args: &[String]) -> bool {
    let first = args.iter().find(|a| !a.starts_with('-'));
    match first.map(String::as_str) {
        Some("approve" | "trust" | "uninstall") => true,
        Some("install") => args.iter().any(|a| a == "--command" || a.starts_with("--command=")),
        Some(computed) => is_computed(computed),
        None => false,
    }
}

/// Whether the shell computes this word's text (a variable, a substitution, quoting it decodes).
pub fn is_computed(word: &str) -> bool {
    word.contains(['$', '`'])
}

/// Where a launcher's arguments name a program that a guarded subcommand follows (`gdb --args
/// ./copy uninstall`, `qemu-x86_64 ./copy trust .`, `perf record ./copy approve ID`): the indexes
/// of those program words, for [`of`] to say whether each is gitvow under another name.
pub fn launched(args: &[String]) -> Vec<usize> {
    (0..args.len())
        .filter(|&k| !args[k].starts_with('-') && guarded_subcommand(&args[k + 1..]) && !guarded_subcommand(&args[k..]))
        .collect()
}

/// Whether one argument word holds a command line that runs gitvow by name (or a program by its
/// path) with a guarded subcommand: `'gitvow approve ab12'`, `"cd /; ./gv uninstall --user"`. A
/// program the analyser does not know may run its arguments as shell text (`capsh`, `mispipe`,
/// a runner made tomorrow), so such an argument is a command it may run.
pub fn holds_guarded_call(word: &str) -> bool {
    if !word.contains("gitvow") && !word.contains('/') {
        return false;
    }
    // The shell's separators and grouping end a command: the words after them start another.
    // So does `=` (`PAGER=cmd`, `--compress-program=cmd`, `-oProxyCommand=cmd`).
    let spaced: String = word.chars().map(|c| if ";|&(){}`\n'\"=".contains(c) { ' ' } else { c }).collect();
    let words: Vec<String> = spaced.split_whitespace().map(str::to_string).collect();
    (0..words.len()).any(|k| {
        let name = words[k].rsplit('/').next().unwrap_or_default();
        let program = name == "gitvow" || (words[k].contains('/') && !words[k].starts_with('-'));
        (program && words.len() > k + 1 && guarded_subcommand(&words[k + 1..]) && !is_computed(&words[k + 1]))
            || (name == "gitvow" && words.get(k + 1).is_some_and(|w| is_computed(w)))
    })
}

/// Programs whose arguments are text they look for or print, never a command they run: an argument
/// naming gitvow's subcommands is what they search for (`grep -rn 'gitvow approve' src`).
pub const TEXT_ONLY: &[&str] = &["grep", "egrep", "fgrep", "rg", "ag", "ack", "ugrep", "jq", "logger", "notify-send"];

/// What the program at `path` is, compared with the running gitvow.
#[derive(Debug, PartialEq, Eq)]
pub enum Identity {
    Gitvow,
    Other,
    /// Nothing is there (yet): the call may make it.
    Unknown,
}

/// The program at `path` against the running executable: the same file (device and inode), or a
/// copy (the same size and the same bytes).
pub fn of(path: &Path) -> Identity {
    let Ok(meta) = std::fs::metadata(path) else { return Identity::Unknown };
    let Ok(exe) = std::env::current_exe() else { return Identity::Unknown };
    let Ok(own) = std::fs::metadata(&exe) else { return Identity::Unknown };
    if (meta.dev(), meta.ino()) == (own.dev(), own.ino()) {
        return Identity::Gitvow;
    }
    if !meta.is_file() || meta.len() != own.len() {
        return Identity::Other;
    }
    // Only a file of exactly gitvow's size is read, each within that size.
    let read = |p: &Path| crate::gate::regular_file::read_bounded(p, "a program", own.len()).ok().flatten();
    match (read(path), read(&exe)) {
        (Some(a), Some(b)) if a == b => Identity::Gitvow,
        (Some(_), Some(_)) => Identity::Other,
        _ => Identity::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_and_links_are_gitvow() {
        let dir = tempfile::tempdir().unwrap();
        let exe = std::env::current_exe().unwrap();
        let copy = dir.path().join("gv");
        std::fs::copy(&exe, &copy).unwrap();
        assert_eq!(of(&copy), Identity::Gitvow);
        let link = dir.path().join("hard");
        if std::fs::hard_link(&exe, &link).is_ok() {
            assert_eq!(of(&link), Identity::Gitvow);
        }
        let other = dir.path().join("other");
        std::fs::write(&other, b"#!/bin/sh\n").unwrap();
        assert_eq!(of(&other), Identity::Other);
        assert_eq!(of(&dir.path().join("none")), Identity::Unknown);
        assert!(guarded_subcommand(&["approve".into(), "ab12".into()]));
        assert!(guarded_subcommand(&["install".into(), "--command=/bin/true".into()]));
        assert!(!guarded_subcommand(&["install".into(), "--user".into()]));
        assert!(!guarded_subcommand(&["pr".into(), "review".into(), "--approve".into()]));
        assert!(guarded_subcommand(&["$x".into(), "--user".into()]));
        assert!(guarded_subcommand(&["$(echo uninstall)".into()]));
        let args = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(launched(&args("--args ./gv uninstall --user")), [1]);
        assert_eq!(launched(&args("-L /usr ./gv install --command /bin/true")), [2]);
        assert!(launched(&args("uninstall foo")).is_empty());
        assert!(launched(&args("run -- --release")).is_empty());
        for word in [
            "gitvow approve ab12",
            "cd /; ./gv uninstall --user",
            "true && gitvow trust .",
            "x=1;gitvow $s",
            "(gitvow approve a)",
            "PAGER=gitvow approve a",
        ] {
            assert!(holds_guarded_call(word), "{word}");
        }
        for word in ["gitvow check -- ls", "kubectl certificate approve x", "see gitvow", "a/b c", "./gv --approve", "gitvow approve"] {
            assert_eq!(holds_guarded_call(word), word == "gitvow approve", "{word}");
        }
    }
}
