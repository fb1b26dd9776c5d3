//! Commands a program is given as shell text (`su -c 'cmd'`, `tmux send-keys 'cmd' Enter`).

use super::wrappers::skip_options;

/// Where a program takes its command as a shell string (`su -c 'cmd'`, `script -qc 'cmd'`,
/// `runuser -u x -c 'cmd'`).
pub enum CommandOption {
    /// The argument at this index is the script.
    Word(usize),
    /// `--command=cmd`.
    Attached(String),
}

/// `-c`, clustered or not (`-qc`, `-lc`), or `--command`: the script's argument.
pub fn command_option(args: &[String]) -> Option<CommandOption> {
    for (i, a) in args.iter().enumerate() {
        if a == "--" {
            return None;
        }
        if a == "--command" || a == "--session-command" {
            return (i + 1 < args.len()).then_some(CommandOption::Word(i + 1));
        }
        if let Some(v) = a.strip_prefix("--command=").or_else(|| a.strip_prefix("--session-command=")) {
            return Some(CommandOption::Attached(v.to_string()));
        }
        if let Some(flags) =
            a.strip_prefix('-').filter(|f| !f.is_empty() && !f.starts_with('-') && f.chars().all(|c| c.is_ascii_alphabetic()))
            && let Some(at) = flags.find('c')
        {
            let rest = &flags[at + 1..];
            return if rest.is_empty() {
                (i + 1 < args.len()).then_some(CommandOption::Word(i + 1))
            } else {
                Some(CommandOption::Attached(rest.to_string()))
            };
        }
    }
    None
}

/// Whether `name` is tmux, by any of the names it is run by (tmate is tmux's fork, byobu a
/// front end that runs it): each reads tmux's commands.
pub fn is_tmux(name: &str) -> bool {
    matches!(name, "tmux" | "tmate" | "byobu" | "byobu-tmux")
}

/// The shell text a terminal multiplexer is told to run or type: `tmux send-keys -t x 'cmd' Enter`,
/// `tmux new-session -d 'cmd'`, `tmux run-shell 'cmd'`, `screen -dmS x cmd…`, `screen -X stuff 'cmd\n'`,
/// `dtach -c sock cmd…`, `abduco -n name cmd…`.
pub fn multiplexer_command(name: &str, args: &[String]) -> Option<String> {
    const KEYS: &[&str] = &["Enter", "C-m", "KPEnter", "C-j", "\\;", ";"];
    // A command given as one word is a shell string (the multiplexer runs it with `sh -c`); given
    // as several, it is an argument vector, run as it is: quoted again so that `bash -c 'rm -rf x'`
    // stays three words.
    let command = |words: Vec<&str>| match words.as_slice() {
        [] => None,
        [one] => Some(one.to_string()),
        many => Some(shell_words::join(many)),
    };
    if is_tmux(name) {
        let i = skip_options(args, "LSfcT", &[]);
        let sub = args.get(i)?.as_str();
        let rest = &args[i + 1..];
        match sub {
            "send-keys" | "send" | "send-key" => {
                let j = skip_options(rest, "tNcXF", &[]);
                // Keys are typed one after another: what they type is read as one text.
                let keys: Vec<&str> = rest[j..].iter().map(String::as_str).filter(|k| !KEYS.contains(k)).collect();
                (!keys.is_empty()).then(|| keys.join(" "))
            }
            _ => {
                // The options that take a value, each command its own (`-d` detaches a new
                // session but names a popup's directory).
                let values = match sub {
                    "new-session" | "new" => "cefFnstxy",
                    "new-window" | "neww" => "ceFnt",
                    "split-window" | "splitw" => "celptF",
                    "respawn-pane" | "respawnp" | "respawn-window" | "respawnw" => "cet",
                    "run-shell" | "run" => "cdt",
                    "display-popup" | "popup" => "bcdehsStTwxy",
                    "pipe-pane" | "pipep" => "t",
                    _ => return None,
                };
                let j = skip_options(rest, values, &[]);
                command(rest[j..].iter().map(String::as_str).collect())
            }
        }
    } else if matches!(name, "dtach" | "abduco") {
        // `dtach -c SOCKET [-e CHAR] [-r METHOD] cmd…`, `abduco [-e KEY] -n NAME cmd…`: the command
        // the new session runs, after its socket or name (`-a`, `-p` attach or push, run nothing).
        let mode = args.iter().position(|a| matches!(a.as_str(), "-c" | "-n" | "-A" | "-N"))?;
        let rest = args.get(mode + 2..)?;
        let j = skip_options(rest, "er", &[]);
        command(rest[j..].iter().map(String::as_str).collect())
    } else if matches!(name, "zellij" | "wezterm" | "kitty") {
        // `zellij run -- cmd…`, `wezterm start -- cmd…`, `wezterm cli spawn -- cmd…`, `kitty @ launch
        // -- cmd…`: after `--`; `kitty [options] cmd…` opens a window running it.
        if let Some(dd) = args.iter().position(|a| a == "--") {
            return command(args[dd + 1..].iter().map(String::as_str).collect());
        }
        let i = skip_options(args, "cTod", &["--config", "--override", "--class", "--name", "--title", "--directory", "--session"]);
        let first = args.get(i)?;
        (name == "kitty" && !first.starts_with(['@', '+'])).then(|| command(args[i..].iter().map(String::as_str).collect())).flatten()
    } else if matches!(name, "screen" | "byobu-screen") {
        if let Some(x) = args.iter().position(|a| a == "-X") {
            let rest = &args[x + 1..];
            if rest.first().is_some_and(|c| c == "stuff") {
                return rest.get(1).map(|t| t.replace("\\n", "\n").replace("\\r", "\n"));
            }
            return None;
        }
        let i = skip_options(args, "SpcTeshtlL", &[]);
        command(args[i..].iter().map(String::as_str).collect())
    } else {
        None
    }
}
