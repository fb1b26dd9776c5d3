//! Commands that run on another machine from what the call feeds a remote shell: `ssh host <
//! script.sh`, `ssh host bash -s < cmds.txt`, `echo 'cmd' | ssh host`. The remote login shell
//! reads its standard input as commands, so that input is judged as a command of the call, as
//! `ssh host 'cmd'` already is: known text as it is, a script file as it reads at judging time
//! (bounded, never run), anything else as what the analyser cannot see.
//!
//! The other programs that run commands over there are read the same way, wherever they hold the
//! command ([`remote_command`]); a file client's batch is its own language ([`Walk::sftp_batch`]).

use super::scripts::{Script, read_script};
use super::{Dirs, Feed, Io, Peeled, ProgramCall, ShellState, Walk};

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

/// Teleport's `tsh` options that take a value, before `ssh` and after it (`tsh --proxy p ssh -l
/// root HOST CMD`).
const TSH_SHORT: &str = "lpLRDoJi";
const TSH_LONG: &[&str] = &[
    "--proxy",
    "--user",
    "--login",
    "--port",
    "--cluster",
    "--auth",
    "--forward",
    "--dynamic-forward",
    "--option",
    "--request-reason",
    "--identity",
];

/// What a program that runs commands on other machines gives them to run, as the analyser finds
/// it among its arguments.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum RemoteCommand {
    /// One argument is the script (`knife ssh QUERY 'cmd'`, `gcloud compute ssh --command CMD`).
    Word(usize),
    /// The arguments from this one on, joined, are the script (`tsh ssh HOST cmd args`, `fab -H
    /// h -- cmd`).
    From(usize),
    /// Scripts inside an argument's text (`aws ssm send-command --parameters 'commands=[…]'`,
    /// `--command=CMD`).
    Texts(Vec<String>),
    /// Commands the analyser cannot read (a parameters file).
    Unseen(&'static str),
}

/// Where a command that runs commands on other machines holds them when no role of the table says
/// so; `args` are the program's arguments, an index is among them.
pub(super) fn remote_command(name: &str, args: &[String]) -> Option<RemoteCommand> {
    let operands = |short, long| super::options::operands(args, short, long).collect::<Vec<usize>>();
    match name {
        // `knife ssh QUERY 'cmd'`: the command runs on every node the query finds.
        "knife" => match operands(KNIFE_SHORT, KNIFE_LONG).as_slice() {
            [subcommand, _query, command, ..] if args[*subcommand] == "ssh" => Some(RemoteCommand::Word(*command)),
            _ => None,
        },
        // `tsh ssh [user@]HOST cmd args`: as ssh's, the words after the host.
        "tsh" => match operands(TSH_SHORT, TSH_LONG).as_slice() {
            [subcommand, host, ..] if args[*subcommand] == "ssh" && host + 1 < args.len() => Some(RemoteCommand::From(host + 1)),
            _ => None,
        },
        // Fabric's `fab -H hosts -- cmd`: what follows `--` runs on each host.
        "fab" => args.iter().position(|a| a == "--").filter(|k| k + 1 < args.len()).map(|k| RemoteCommand::From(k + 1)),
        // `gcloud compute ssh VM --command CMD` (or `-- CMD`, given to ssh), `vagrant ssh -c
        // CMD`, `aws ecs execute-command --command CMD`: the option's value.
        "gcloud" | "vagrant" | "aws" if ssh_like(name, args) => {
            let dashes = args.iter().position(|a| a == "--");
            let options = &args[..dashes.unwrap_or(args.len())];
            if let Some(value) = options.iter().find_map(|a| a.strip_prefix("--command=")) {
                return Some(RemoteCommand::Texts(vec![value.to_string()]));
            }
            let named = options.iter().position(|a| a == "--command" || (name == "vagrant" && a == "-c"));
            match (named, dashes) {
                (Some(k), _) if k + 1 < options.len() => Some(RemoteCommand::Word(k + 1)),
                (_, Some(k)) if k + 1 < args.len() => Some(RemoteCommand::From(k + 1)),
                _ => None,
            }
        }
        // `aws ssm send-command --parameters 'commands=[…]'`: each command of the document's list.
        "aws" if args.iter().any(|a| a == "send-command" || a == "start-session") => {
            let k = args.iter().position(|a| a == "--parameters" || a.starts_with("--parameters="))?;
            let value = match args[k].strip_prefix("--parameters=") {
                Some(v) => v,
                None => args.get(k + 1)?,
            };
            ssm_commands(value)
        }
        // `az vm run-command invoke --scripts 'cmd' 'cmd2'`: each word up to the next option.
        "az" if args.iter().any(|a| a == "run-command") => {
            let k = args.iter().position(|a| a == "--scripts")?;
            let scripts: Vec<String> = args[k + 1..].iter().take_while(|a| !a.starts_with("--")).cloned().collect();
            (!scripts.is_empty()).then_some(RemoteCommand::Texts(scripts))
        }
        _ => None,
    }
}

/// Whether `name args` logs into another machine to run a command there by an option (`gcloud
/// compute ssh`, `vagrant ssh`, `aws ecs execute-command`).
fn ssh_like(name: &str, args: &[String]) -> bool {
    let has = |w: &str| args.iter().any(|a| a == w);
    match name {
        "gcloud" => has("compute") && has("ssh"),
        "vagrant" => args.first().is_some_and(|a| a == "ssh"),
        _ => has("ecs") && has("execute-command"),
    }
}

/// The commands an SSM parameters value holds: `commands=["a","b"]`, `commands=a`, the JSON
/// form `{"commands":["a"]}`, or `command=…` of an interactive session.
fn ssm_commands(value: &str) -> Option<RemoteCommand> {
    if value.starts_with("file://") || value.starts_with("fileb://") {
        return Some(RemoteCommand::Unseen("it runs commands on other machines from a parameters file the analyser does not read"));
    }
    if let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(value) {
        let listed = ["commands", "command"].iter().filter_map(|k| map.get(*k)).flat_map(|v| match v {
            serde_json::Value::Array(items) => items.iter().map(|i| i.as_str().map(str::to_string)).collect::<Vec<_>>(),
            other => vec![other.as_str().map(str::to_string)],
        });
        return listed.collect::<Option<Vec<String>>>().map(RemoteCommand::Texts);
    }
    let start = ["commands=", "command="].iter().find_map(|k| value.find(k).map(|at| at + k.len()))?;
    let rest = &value[start..];
    let commands = match serde_json::from_str::<Vec<String>>(rest) {
        Ok(list) => list,
        // The shorthand's bare value: the text itself.
        Err(_) => vec![rest.trim_matches(['[', ']', '"']).to_string()],
    };
    Some(RemoteCommand::Texts(commands))
}

impl Walk<'_> {
    /// A command some program runs on other machines, judged as run over there (where no
    /// directory of this machine is known); and an `sftp` batch, command by command.
    pub(super) fn runs_remotely(&mut self, cmd: &Peeled, call: &ProgramCall, io: &Io, shell: &ShellState) {
        if call.name == "sftp" {
            self.sftp_batch(&call.args, io.feed);
        }
        let Some(remote) = remote_command(&call.name, &call.args) else { return };
        let mut there = ShellState { dirs: Dirs::Unknown, ..shell.clone() };
        match remote {
            RemoteCommand::Word(k) => {
                if let Some(word) = cmd.operands().get(k) {
                    self.script_word(&word.clone(), &Dirs::Unknown, shell, io.reparse);
                }
            }
            RemoteCommand::From(k) => {
                let words = cmd.operands().get(k..).unwrap_or_default().to_vec();
                self.joined_script(&words, &Dirs::Unknown, shell, io.reparse);
            }
            RemoteCommand::Texts(texts) => {
                for text in texts {
                    self.text(&text, &mut there, io.reparse + 1);
                }
            }
            RemoteCommand::Unseen(why) => self.opaque(why),
        }
    }

    /// `sftp -b FILE HOST`, `sftp -b - HOST <<< 'ls /var/www'`: each line of the batch is a text
    /// `sftp-batch LINE` for the rules, which say which of its commands change the server; a
    /// batch the analyser cannot read is opaque.
    fn sftp_batch(&mut self, args: &[String], feed: &Feed) {
        let Some(k) = args.iter().position(|a| a == "-b") else { return };
        let Some(batch) = args.get(k + 1) else { return };
        let text = match (batch.as_str(), feed) {
            ("-", Feed::Text(text) | Feed::Expanding(text)) => Some(text.clone()),
            ("-", Feed::File(path)) => batch_file(path),
            ("-", _) => None,
            (path, _) => batch_file(&self.ctx.cwd.join(path)),
        };
        let Some(text) = text else {
            return self.opaque("it runs an sftp batch the analyser cannot read");
        };
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            // A leading `-` or `@` only changes how an error or the echo is handled.
            self.out.texts.push(format!("sftp-batch {}", line.trim_start_matches(['-', '@'])));
        }
    }
}

/// A batch file's text, read as a script is (bounded, never run).
fn batch_file(path: &std::path::Path) -> Option<String> {
    match read_script(path, true) {
        Script::Shell(text) => Some(text),
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
    use super::{RemoteCommand, reads_commands_from_input, remote_command};

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
        assert_eq!(remote_command("knife", &args(&["ssh", "role:web", "sudo chef-client"])), Some(RemoteCommand::Word(2)));
        assert_eq!(
            remote_command("knife", &args(&["ssh", "-x", "deploy", "name:db*", "uptime", "-a", "ipaddress"])),
            Some(RemoteCommand::Word(4))
        );
        assert_eq!(remote_command("knife", &args(&["node", "list"])), None);
        assert_eq!(remote_command("knife", &args(&["ssh", "role:web"])), None);
        assert_eq!(remote_command("ssh", &args(&["ssh", "h", "ls"])), None);
    }

    #[test]
    fn other_remote_runners_hold_their_command_where_their_manual_says() {
        let args = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        let texts = |t: &[&str]| Some(RemoteCommand::Texts(t.iter().map(|w| w.to_string()).collect()));
        assert_eq!(remote_command("tsh", &args(&["ssh", "root@prod", "reboot"])), Some(RemoteCommand::From(2)));
        assert_eq!(remote_command("tsh", &args(&["--proxy", "p", "ssh", "-l", "root", "prod", "ls", "/"])), Some(RemoteCommand::From(6)));
        assert_eq!(remote_command("tsh", &args(&["ssh", "prod"])), None);
        assert_eq!(remote_command("tsh", &args(&["ls"])), None);
        assert_eq!(remote_command("fab", &args(&["-H", "web1", "--", "sudo reboot"])), Some(RemoteCommand::From(3)));
        assert_eq!(remote_command("fab", &args(&["deploy"])), None);
        assert_eq!(remote_command("gcloud", &args(&["compute", "ssh", "vm1", "--command=uptime"])), texts(&["uptime"]));
        assert_eq!(remote_command("gcloud", &args(&["compute", "ssh", "vm1", "--", "uptime"])), Some(RemoteCommand::From(4)));
        assert_eq!(remote_command("vagrant", &args(&["ssh", "-c", "uptime"])), Some(RemoteCommand::Word(2)));
        assert_eq!(remote_command("vagrant", &args(&["up"])), None);
        assert_eq!(
            remote_command("aws", &args(&["ssm", "send-command", "--parameters", r#"commands=["rm -rf /srv/app","ls"]"#])),
            texts(&["rm -rf /srv/app", "ls"])
        );
        assert_eq!(remote_command("aws", &args(&["ssm", "send-command", "--parameters", r#"{"commands":["df -h"]}"#])), texts(&["df -h"]));
        assert_eq!(remote_command("aws", &args(&["ssm", "send-command", "--parameters=commands=uptime"])), texts(&["uptime"]));
        assert!(matches!(
            remote_command("aws", &args(&["ssm", "send-command", "--parameters", "file://p.json"])),
            Some(RemoteCommand::Unseen(_))
        ));
        assert_eq!(remote_command("aws", &args(&["ssm", "describe-instance-information"])), None);
        assert_eq!(remote_command("aws", &args(&["ecs", "execute-command", "--command", "ls"])), Some(RemoteCommand::Word(3)));
        assert_eq!(
            remote_command("az", &args(&["vm", "run-command", "invoke", "--scripts", "a", "b", "--name", "vm"])),
            texts(&["a", "b"])
        );
        assert_eq!(remote_command("ssh", &args(&["h", "ls"])), None);
    }
}
