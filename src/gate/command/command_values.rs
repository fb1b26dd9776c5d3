//! Option and environment values that hold a command a program runs: `tar -I CMD`, `rsync -e
//! CMD`, `ssh -o ProxyCommand=CMD`, `sort --compress-program=CMD`, `zip -TT CMD`, `PAGER=CMD`,
//! `LESSOPEN='|CMD %s'`. The program hands the value to a shell (or runs it split into words), so
//! the value is read as a command and judged as one: `tar -I zstd` and `rsync -e 'ssh -p 2222'`
//! pass, `tar -I 'gitvow approve X'` is denied as `gitvow approve X` is, and a value the shell
//! computes cannot be read (confirm). git's own variables are git's (`git::COMMAND_VARIABLES`).

use super::syntax::Word;
use super::{Dirs, ShellState, Walk};

/// Programs and their options whose value is a command line they run. A short option (`-I`)
/// takes its value attached (`-Izstd`), at the end of a cluster (`-cvI zstd`, `-avze ssh`) or as
/// the next word; a long one (`--rsh`) after `=` or as the next word.
const OPTIONS: &[(&[&str], &[&str])] = &[
    (
        &["tar", "gtar", "bsdtar"],
        &["-I", "--use-compress-program", "--to-command", "-F", "--info-script", "--new-volume-script", "--checkpoint-action"],
    ),
    (&["rsync"], &["-e", "--rsh"]),
    (&["sort"], &["--compress-program"]),
    (&["zip"], &["-TT", "--unzip-command"]),
    (&["scp", "sftp"], &["-S"]),
    (&["mysql", "mariadb"], &["--pager"]),
    (&["ssh", "scp", "sftp", "autossh", "sshfs"], &["-o"]),
];

/// ssh's settings (`-o Key=value`, `-o 'Key value'`, any case) whose value is a command it runs.
const SSH_KEYS: &[&str] = &["proxycommand", "localcommand", "knownhostscommand", "ssh_command"];

/// Variables whose value is a command the programs reading them run: pagers, editors, `less`'s
/// input filters, `rsync`'s remote shell, the askpass programs, a browser; and tar's options.
pub const VARIABLES: &[&str] = &[
    "PAGER",
    "MANPAGER",
    "SYSTEMD_PAGER",
    "BAT_PAGER",
    "DELTA_PAGER",
    "EDITOR",
    "VISUAL",
    "SUDO_EDITOR",
    "LESSOPEN",
    "LESSCLOSE",
    "RSYNC_RSH",
    "RSYNC_CONNECT_PROG",
    "SSH_ASKPASS",
    "SUDO_ASKPASS",
    "BROWSER",
    "TAR_OPTIONS",
];

/// A value as the program runs it: `less` runs `LESSOPEN='|cmd %s'` (or `||-cmd`) without its
/// leading pipes and dash; tar's `--checkpoint-action=exec=cmd` runs what follows `exec=`;
/// `none` (ssh) is no command.
fn command_of(option: &str, value: &str) -> Option<String> {
    let value = match option {
        "LESSOPEN" | "LESSCLOSE" => value.trim_start_matches('|').trim_start_matches('-'),
        "--checkpoint-action" => value.strip_prefix("exec=")?,
        _ => value,
    };
    (!value.trim().is_empty() && !value.eq_ignore_ascii_case("none")).then(|| value.to_string())
}

/// Where a command is in an option's words: its value as written (`None`: the shell computes it).
fn ssh_setting(text: &str) -> Option<&str> {
    let (key, value) = text.split_once(|c: char| c == '=' || c.is_whitespace())?;
    SSH_KEYS.contains(&key.to_ascii_lowercase().as_str()).then(|| value.trim_start_matches(|c: char| c == '=' || c.is_whitespace()))
}

/// The words of `words` that hold a command `program` runs from one of its options, each as
/// `(option, word, prefix)`: the command is `word`'s text after `prefix` characters.
fn option_values<'w>(program: &str, words: &'w [Word]) -> Vec<(&'static str, &'w Word, usize)> {
    let mut found = Vec::new();
    for (programs, options) in OPTIONS {
        if !programs.contains(&program) {
            continue;
        }
        for (i, w) in words.iter().enumerate() {
            let text = w.text();
            if text == "--" {
                break;
            }
            for option in options.iter() {
                let next = words.get(i + 1).map(|n| (*option, n, 0));
                if text == *option {
                    found.extend(next);
                } else if option.starts_with("--") {
                    if text.strip_prefix(option).is_some_and(|rest| rest.starts_with('=')) {
                        found.push((option, w, option.len() + 1));
                    }
                } else if let Some(letter) = option.strip_prefix('-').filter(|l| l.len() == 1)
                    && !text.starts_with("--")
                    && text.starts_with('-')
                {
                    // `-Izstd`, `-cvI zstd`, `-avze 'ssh -p 2'`: the option's letter in a cluster
                    // takes the rest of the word, or the next word when nothing is left.
                    let Some(at) = text[1..].find(letter).map(|k| k + 1) else { continue };
                    if !text[1..at].chars().all(|c| c.is_ascii_alphanumeric()) {
                        continue;
                    }
                    if at + 1 == text.len() {
                        found.extend(next);
                    } else {
                        found.push((option, w, at + 1));
                    }
                }
            }
        }
    }
    found
}

impl Walk<'_> {
    /// The commands `program`'s options give it to run, each judged as a command run in `dirs`;
    /// one the shell computes is asked about.
    pub(super) fn option_commands(&mut self, program: &str, words: &[Word], dirs: &Dirs, shell: &ShellState, reparse: usize) {
        for (option, word, prefix) in option_values(program, words) {
            let Some(text) = word.literal() else {
                self.opaque("it gives a program a command to run that the shell computes");
                continue;
            };
            let value = text.get(prefix..).unwrap_or_default();
            let value = if option == "-o" { ssh_setting(value) } else { Some(value) };
            if let Some(command) = value.and_then(|v| command_of(option, v)) {
                self.text(&command, &mut ShellState { dirs: dirs.clone(), ..shell.clone() }, reparse + 1);
            }
        }
    }

    /// The commands variables set so far hold ([`VARIABLES`]), each judged as run in `dirs`, by
    /// the program that follows them.
    pub(super) fn variable_commands(&mut self, dirs: &Dirs, shell: &ShellState, reparse: usize) {
        for (name, value) in std::mem::take(&mut self.seen.variable_commands) {
            match value {
                // tar reads options from it (quoted as the shell quotes) before its own:
                // `TAR_OPTIONS="-I 'cmd'"` is `tar -I 'cmd'`.
                Some(value) if name == "TAR_OPTIONS" => {
                    self.text(&format!("tar {value}"), &mut ShellState { dirs: dirs.clone(), ..shell.clone() }, reparse + 1);
                }
                Some(value) => {
                    if let Some(command) = command_of(name, &value) {
                        self.text(&command, &mut ShellState { dirs: dirs.clone(), ..shell.clone() }, reparse + 1);
                    }
                }
                None => self.opaque("it gives a program a command to run that the shell computes"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<Word> {
        s.split(' ').map(super::super::lit_word).collect()
    }

    fn values(program: &str, s: &str) -> Vec<String> {
        let w = words(s);
        option_values(program, &w).into_iter().map(|(_, w, k)| w.text()[k..].to_string()).collect()
    }

    #[test]
    fn options_holding_commands_are_found_in_every_spelling() {
        assert_eq!(values("tar", "-I zstd -cf x.tar src"), ["zstd"]);
        assert_eq!(values("tar", "-cf x.tar -Izstd src"), ["zstd"]);
        assert_eq!(values("tar", "-cvI zstd -f x src"), ["zstd"]);
        assert_eq!(values("tar", "--use-compress-program=zstd -cf x src"), ["zstd"]);
        assert_eq!(values("tar", "--use-compress-program zstd -cf x src"), ["zstd"]);
        assert_eq!(values("rsync", "-avze ssh a b"), ["ssh"]);
        assert_eq!(values("rsync", "--rsh=ssh a b"), ["ssh"]);
        assert_eq!(values("zip", "-TT unzip a.zip x"), ["unzip"]);
        assert!(values("tar", "-cf x.tar src").is_empty());
        assert!(values("tar", "-cf x -- -I y").is_empty());
        assert!(values("grep", "-I x").is_empty());
        assert_eq!(ssh_setting("ProxyCommand=nc %h %p"), Some("nc %h %p"));
        assert_eq!(ssh_setting("proxycommand nc"), Some("nc"));
        assert_eq!(ssh_setting("Port=22"), None);
        assert_eq!(command_of("LESSOPEN", "||-lesspipe %s").as_deref(), Some("lesspipe %s"));
        assert_eq!(command_of("-o", "none"), None);
        assert_eq!(command_of("--checkpoint-action", "exec=sh x").as_deref(), Some("sh x"));
        assert_eq!(command_of("--checkpoint-action", "dot"), None);
    }
}
