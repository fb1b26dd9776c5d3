//! Commands that run on another machine from what the call feeds a remote shell: `ssh host <
//! script.sh`, `ssh host bash -s < cmds.txt`, `echo 'cmd' | ssh host`. The remote login shell
//! reads its standard input as commands, so that input is judged as a command of the call, as
//! `ssh host 'cmd'` already is: known text as it is, a script file as it reads at judging time
//! (bounded, never run), anything else as what the analyser cannot see.

use super::scripts::{Script, read_script};
use super::{Dirs, Feed, ShellState, Walk};

/// Shells that, given no script operand (or `-s`), read their commands from standard input.
const SHELLS: &[&str] = &["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish"];

impl Walk<'_> {
    /// `ssh host < script`, `ssh host bash -s < cmds`: the remote shell runs its input, unless
    /// `-n` or `-N` give it none. `args` are ssh's, the host at `host`.
    pub(super) fn ssh_input(&mut self, args: &[String], host: usize, feed: &Feed, shell: &ShellState, reparse: usize) {
        let options = &args[..host.min(args.len())];
        // `-n`, `-N` give it none; `-F /dev/stdin` is ssh's own configuration, read from it.
        let no_input = options.iter().any(|a| {
            (a.len() > 1 && a.starts_with('-') && a[1..].chars().all(|c| c.is_ascii_alphabetic()) && a.contains(['n', 'N']))
                || a.ends_with("/dev/stdin")
        });
        if !no_input && reads_commands_from_input(args.get(host + 1..).unwrap_or_default()) {
            self.remote_input(feed, shell, reparse);
        }
    }

    /// What `feed` gives a remote shell that reads its commands from it, judged as those commands
    /// run over there (where no directory of this machine is known).
    pub(super) fn remote_input(&mut self, feed: &Feed, shell: &ShellState, reparse: usize) {
        let remote = |shell: &ShellState| ShellState { dirs: Dirs::Unknown, ..shell.clone() };
        match feed {
            Feed::None => {}
            Feed::Text(text) | Feed::Expanding(text) => self.text(text, &mut remote(shell), reparse + 1),
            Feed::File(path) if path.as_os_str() == "/dev/null" => {}
            Feed::File(path) => {
                // A script the same call wrote is read as it wrote it.
                let written = self.seen.scripts.iter().find(|(p, _)| p == path).map(|(_, text)| text.clone());
                let read = match written {
                    Some(Some(text)) => Script::Shell(text),
                    Some(None) => Script::Opaque("it feeds a remote shell a script the call writes with text the analyser cannot see"),
                    None => read_script(path, true),
                };
                match read {
                    Script::Shell(text) => self.text(&text, &mut remote(shell), reparse + 1),
                    Script::Opaque(why) => self.opaque(why),
                    Script::Program(_) | Script::Other => {
                        self.opaque("it feeds a remote shell a file the analyser cannot read as a script (absent or not a text file)")
                    }
                }
            }
            Feed::Found(..) | Feed::Unknown => self.opaque("it feeds a remote shell commands the analyser cannot see"),
        }
    }
}

/// knife's options that take a value (`knife ssh -x deploy -a ipaddress QUERY CMD`).
const KNIFE_SHORT: &str = "aCcEFGiPpsux";
const KNIFE_LONG: &[&str] = &[
    "--attribute",
    "--concurrency",
    "--config",
    "--environment",
    "--format",
    "--ssh-gateway",
    "--ssh-identity-file",
    "--identity-file",
    "--ssh-password",
    "--ssh-port",
    "--server-url",
    "--ssh-user",
    "--user",
    "--key",
];

/// Where a command that runs a command on other machines holds it when no role of the table says
/// so: `knife ssh QUERY 'cmd'` (the operand after the node query), as the index among `args`.
pub(super) fn remote_command(name: &str, args: &[String]) -> Option<usize> {
    if name != "knife" {
        return None;
    }
    let operands: Vec<usize> = super::options::operands(args, KNIFE_SHORT, KNIFE_LONG).collect();
    match operands.as_slice() {
        [subcommand, _query, command, ..] if args[*subcommand] == "ssh" => Some(*command),
        _ => None,
    }
}

/// Whether the remote command `words` (`bash -s`, `sh`, none at all) is a shell that reads its
/// commands from standard input: no `-c` and no script operand before `-s`.
fn reads_commands_from_input(words: &[String]) -> bool {
    // `sudo bash`, `sudo -u app sh -s`: the shell runs as another user, reading the same input.
    let mut words = words;
    while let Some((_, rest)) = words.split_first().filter(|(w, _)| matches!(w.as_str(), "sudo" | "doas")) {
        words = &rest[super::programs::skip_options(rest, "uUgCDhpRrT", &[]).min(rest.len())..];
    }
    let Some((program, options)) = words.split_first() else { return true };
    let name = program.rsplit('/').next().unwrap_or(program);
    if !SHELLS.contains(&name) {
        return false;
    }
    for option in options {
        let Some(flags) = option.strip_prefix('-').filter(|f| !f.starts_with('-')) else {
            // `--login`, `--norc` read on; a word is a script file (`bash x.sh`).
            if option.starts_with("--") {
                continue;
            }
            return false;
        };
        if flags.contains('c') {
            return false;
        }
        if flags.contains('s') {
            return true;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{reads_commands_from_input, remote_command};

    fn reads(words: &[&str]) -> bool {
        reads_commands_from_input(&words.iter().map(|w| w.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn a_remote_shell_without_a_script_reads_its_input() {
        assert!(reads(&[]));
        assert!(reads(&["bash", "-s"]));
        assert!(reads(&["/bin/sh"]));
        assert!(reads(&["bash", "-s", "--", "arg"]));
        assert!(reads(&["bash", "--login", "-ex"]));
        assert!(!reads(&["bash", "-c", "ls"]));
        assert!(!reads(&["bash", "deploy.sh"]));
        assert!(!reads(&["cat", ">", "x"]));
        assert!(!reads(&["uptime"]));
        assert!(reads(&["sudo", "bash"]));
        assert!(reads(&["sudo", "-u", "app", "sh", "-s"]));
        assert!(!reads(&["sudo", "reboot"]));
    }

    #[test]
    fn knifes_ssh_command_follows_its_query() {
        let args = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        assert_eq!(remote_command("knife", &args(&["ssh", "role:web", "sudo chef-client"])), Some(2));
        assert_eq!(remote_command("knife", &args(&["ssh", "-x", "deploy", "name:db*", "uptime", "-a", "ipaddress"])), Some(4));
        assert_eq!(remote_command("knife", &args(&["node", "list"])), None);
        assert_eq!(remote_command("knife", &args(&["ssh", "role:web"])), None);
        assert_eq!(remote_command("ssh", &args(&["ssh", "h", "ls"])), None);
    }
}
