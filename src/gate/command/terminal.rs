//! Typing into a terminal that is already open: a multiplexer's pane (`tmux send-keys`,
//! `screen -X stuff`), a session copying its input into one (`dtach -p`), a terminal emulator's
//! remote control (`kitty @ send-text`), the desktop's keyboard (`xdotool type`). What is typed goes
//! to whatever reads that terminal, which the analyser cannot see: a shell, or `gitvow approve`
//! waiting for a yes. A pane of the person's own multiplexer is a person's terminal to
//! `gitvow approve`, and typing into it is typing as the person, so while a question waits, typing
//! into an open terminal is asked about (see `reach`).

/// How `name args` types into a terminal that is already open, if it does.
pub fn typing(name: &str, args: &[String]) -> Option<&'static str> {
    let any = |words: &[&str]| args.iter().any(|a| words.contains(&a.as_str()));
    match name {
        "tmux" | "byobu" | "byobu-tmux" => tmux(args),
        "screen" | "byobu-screen" => screen(args),
        "zellij" => any(&["write", "write-chars"]).then_some("zellij action write types into a pane"),
        "dtach" => any(&["-p"]).then_some("dtach -p copies its input into a session"),
        "abduco" => any(&["-p"]).then_some("abduco -p copies its input into a session"),
        "kitty" | "kitten" => any(&["send-text", "send-key"]).then_some("kitty's remote control types into a window"),
        "wezterm" => any(&["send-text"]).then_some("wezterm cli send-text types into a pane"),
        "xdotool" | "ydotool" => any(&["type", "key", "keydown", "keyup"]).then_some("it types on the desktop's keyboard"),
        "wtype" | "dotool" => Some("it types on the desktop's keyboard"),
        "ttyecho" | "writevt" => Some("it types into a terminal"),
        _ => None,
    }
}

/// tmux commands that type into a pane, as named or by a prefix of their name (tmux takes one).
const TMUX_TYPING: &[&str] = &["send-keys", "send-prefix", "paste-buffer", "source-file"];
const TMUX_ALIASES: &[&str] = &["send", "pasteb", "source"];

/// `tmux [options] command [args] [\; command …]`: any command of the chain that types, control
/// mode (`-C`, commands read from standard input), or a pane fed from a program (`pipe-pane -I`).
fn tmux(args: &[String]) -> Option<&'static str> {
    let start = super::programs::skip_options(args, "LSfcT", &[]);
    if args[..start].iter().any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains('C')) {
        return Some("tmux in control mode runs the commands it reads, send-keys among them");
    }
    for command in args[start..].split(|a| a == ";" || a == "\\;") {
        let Some(sub) = command.first().map(String::as_str) else { continue };
        let sub = sub.trim_end_matches(';');
        let types = TMUX_ALIASES.contains(&sub) || (sub.len() >= 3 && TMUX_TYPING.iter().any(|t| t.starts_with(sub)));
        let piped_in = matches!(sub, "pipe-pane" | "pipep")
            && command[1..].iter().any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains('I'));
        if types || piped_in {
            return Some("tmux types into a pane (send-keys, paste-buffer, source-file, pipe-pane -I)");
        }
    }
    None
}

/// screen commands that type into a window: `stuff`, `paste`, and those that run other screen
/// commands or a program's output as input.
const SCREEN_TYPING: &[&str] = &["stuff", "paste", "readbuf", "eval", "source", "exec", "process", "at", "register"];

/// `screen -X command …` (after `-S session`, `-p window`).
fn screen(args: &[String]) -> Option<&'static str> {
    let x = args.iter().position(|a| a == "-X")?;
    let sub = args.get(x + 1).map_or("", String::as_str);
    SCREEN_TYPING.contains(&sub).then_some("screen -X types into a window (stuff, paste, eval, exec, process)")
}

#[cfg(test)]
mod tests {
    use super::typing;

    fn types(command: &str) -> bool {
        let words = shell_words::split(command).unwrap();
        typing(&words[0], &words[1..]).is_some()
    }

    #[test]
    fn typing_into_an_open_terminal() {
        for command in [
            "tmux send-keys -t x 'sh /tmp/a.sh' Enter",
            "tmux -L sock send -t x y Enter",
            "tmux new-session -d -s x \\; send-keys -t x y Enter",
            "tmux new -d ';' send-keys y",
            "tmux send-k -t x y",
            "tmux pasteb -t x",
            "tmux load-buffer /tmp/a \\; paste-buffer -t x",
            "tmux source-file /tmp/cmds",
            "tmux -C attach -t x",
            "tmux pipe-pane -I -t x 'cat /tmp/a'",
            "screen -S x -X stuff 'gitvow approve abc\\n'",
            "screen -S x -p 0 -X eval 'stuff y'",
            "screen -X paste .",
            "zellij action write-chars y",
            "dtach -p /tmp/s",
            "kitty @ send-text --match title:x y",
            "wezterm cli send-text y",
            "xdotool type 'gitvow approve abc'",
            "ydotool key 28:1 28:0",
            "wtype y",
        ] {
            assert!(types(command), "{command}");
        }
        for command in [
            "tmux ls",
            "tmux new-session -d -s x 'npm run dev'",
            "tmux capture-pane -p -t x",
            "tmux kill-session -t x",
            "tmux pipe-pane -o -t x 'cat >> log'",
            "screen -ls",
            "screen -dmS x npm start",
            "screen -S x -X quit",
            "xdotool search --name x",
            "kitty @ ls",
        ] {
            assert!(!types(command), "{command}");
        }
    }
}
