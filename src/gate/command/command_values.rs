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
    (&["rsync"], &["-e", "--rsh", "--rsync-path"]),
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
    "PROMPT_COMMAND",
    "PS0",
    "PS1",
    "PS2",
    "PS3",
    "PS4",
];

/// A value as the program runs it: `less` runs `LESSOPEN='|cmd %s'` (or `||-cmd`) without its
/// leading pipes and dash; tar's `--checkpoint-action=exec=cmd` runs what follows `exec=`;
/// `none` (ssh) is no command.
fn command_of(option: &str, value: &str) -> Option<String> {
    let value = match option {
        "LESSOPEN" | "LESSCLOSE" => value.trim_start_matches('|').trim_start_matches('-'),
        "--checkpoint-action" => value.strip_prefix("exec=")?,
        // A prompt is expanded each time the shell shows it (`PS4` before each traced command):
        // its substitutions run, as they would in a word of a command.
        _ if is_prompt(option) => {
            return (value.contains("$(") || value.contains('`')).then(|| format!(": {value}"));
        }
        _ => value,
    };
    (!value.trim().is_empty() && !value.eq_ignore_ascii_case("none")).then(|| value.to_string())
}

/// The commands an ssh configuration file given by `-F FILE` holds (`ProxyCommand`, `LocalCommand`,
/// `KnownHostsCommand`, `Match exec "…"`), as the call wrote it or as it is on disk; an `Include`
/// of another file, or a file whose name or text the analyser cannot know, is asked about.
/// (`~/.ssh/config` itself is guarded by the policy's rule on credentials.)
fn config_commands(text: &str) -> Result<Vec<String>, &'static str> {
    let mut commands = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (key, rest) = line.split_once(|c: char| c == '=' || c.is_whitespace()).unwrap_or((line, ""));
        let rest = rest.trim_start_matches(|c: char| c == '=' || c.is_whitespace());
        match key.to_ascii_lowercase().as_str() {
            "include" => return Err("ssh's configuration includes another file, which the analyser does not read"),
            "match" => {
                let lower = rest.to_ascii_lowercase();
                if let Some(at) = lower.find("exec") {
                    let after = rest[at + 4..].trim_start();
                    let command = match after.strip_prefix('"') {
                        Some(quoted) => quoted.split('"').next().unwrap_or_default(),
                        None => after.split_whitespace().next().unwrap_or_default(),
                    };
                    commands.push(command.to_string());
                }
            }
            key if SSH_KEYS.contains(&key) => commands.extend(command_of("-o", rest)),
            _ => {}
        }
    }
    Ok(commands)
}

/// The most of an ssh configuration file read.
const MAX_CONFIG: usize = 1 << 20;

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

    /// What an ssh configuration file given by `-F FILE` makes ssh run ([`config_commands`]),
    /// each judged as a command run in `dirs`.
    pub(super) fn ssh_config_commands(&mut self, program: &str, words: &[Word], dirs: &Dirs, shell: &ShellState, reparse: usize) {
        if !["ssh", "scp", "sftp", "autossh", "sshfs"].contains(&program) {
            return;
        }
        let Some(at) = words.iter().position(|w| w.text() == "-F") else { return };
        let Some(word) = words.get(at + 1) else { return };
        let mut texts = self.written_text(word, dirs);
        if texts.is_empty() {
            let Some(found) = self.paths(word, dirs) else {
                self.opaque("ssh reads a configuration file the shell names, which may hold commands it runs");
                return;
            };
            texts.extend(
                found
                    .iter()
                    .filter_map(|t| std::fs::read(&t.path).ok())
                    .map(|b| String::from_utf8_lossy(&b[..b.len().min(MAX_CONFIG)]).into_owned()),
            );
        }
        for text in texts {
            match config_commands(&text) {
                Ok(commands) => {
                    for command in commands {
                        self.text(&command, &mut ShellState { dirs: dirs.clone(), ..shell.clone() }, reparse + 1);
                    }
                }
                Err(why) => self.opaque(why),
            }
        }
    }
}

/// Whether a variable is one of the shell's prompts, expanded each time it is shown.
pub(super) fn is_prompt(name: &str) -> bool {
    matches!(name, "PS0" | "PS1" | "PS2" | "PS3" | "PS4")
}

/// The command a variable of [`VARIABLES`] set to `value` makes a program run: tar reads options
/// from `TAR_OPTIONS` (quoted as the shell quotes) before its own, so `TAR_OPTIONS="-I 'cmd'"` is
/// `tar -I 'cmd'`.
pub(super) fn variable_command(name: &str, value: &str) -> Option<String> {
    if name == "TAR_OPTIONS" {
        return Some(format!("tar {value}"));
    }
    command_of(name, value)
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
        let config = "Host *\n  ProxyCommand nc %h %p\n# LocalCommand x\nMatch host a exec \"test -e /x\"\nPort 22\n";
        assert_eq!(config_commands(config), Ok(vec!["nc %h %p".to_string(), "test -e /x".to_string()]));
        assert!(config_commands("Include ~/other").is_err());
    }
}
