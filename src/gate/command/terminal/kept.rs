//! What a multiplexer runs by its own commands rather than in a pane it is told to open: tmux's
//! hooks and key bindings (a tmux command kept to run later), a confirmation's, a prompt's or a
//! menu's command, the command each new pane starts with (`default-command`, `default-shell`),
//! and `#(…)` in any of its arguments (a format tmux runs with the shell each time it draws it: a
//! status line, a message); screen's `screen` and `exec` (a program run in a window), its key
//! bindings and its shell. In the person's own server these run where `gitvow approve` takes a
//! person's answer, so each is judged as run now.

use super::super::programs::skip_options;

/// The shell texts tmux command `sub rest` keeps or runs; `chain` reads a tmux command's words.
pub(super) fn tmux(sub: &str, rest: &[String], chain: fn(&[String]) -> Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = rest.iter().flat_map(|a| formats(a)).collect();
    // A tmux command given as one word is read as tmux reads it (`'run-shell "x"'`).
    let command = |words: &[String]| match words {
        [one] => shell_words::split(one).map(|w| chain(&w)).unwrap_or_default(),
        many => chain(many),
    };
    match sub {
        "set-hook" => {
            let j = skip_options(rest, "t", &[]);
            out.extend(command(rest.get(j + 1..).unwrap_or_default()));
        }
        "bind-key" | "bind" => {
            let j = skip_options(rest, "TN", &[]);
            out.extend(command(rest.get(j + 1..).unwrap_or_default()));
        }
        "confirm-before" | "confirm" | "command-prompt" => {
            let j = skip_options(rest, "cpItT", &[]);
            out.extend(command(rest.get(j..j + 1).unwrap_or_default()));
            // A prompt's first text (`-I`) is a tmux command waiting for Enter.
            if sub == "command-prompt" {
                out.extend(rest[..j.min(rest.len())].windows(2).filter(|w| w[0] == "-I").flat_map(|w| command(&w[1..])));
            }
        }
        // A chooser's template is the tmux command run on what is chosen (`choose-tree 'run-shell …'`).
        "choose-tree" | "choose-session" | "choose-window" | "choose-client" | "choose-buffer" | "display-panes" | "displayp" => {
            let j = skip_options(rest, "FfKOtd", &[]);
            out.extend(command(rest.get(j..j + 1).unwrap_or_default()));
        }
        "display-menu" | "menu" => {
            let j = skip_options(rest, "bcCHsStTxy", &[]);
            for item in rest[j.min(rest.len())..].chunks(3) {
                out.extend(item.get(2).map(|c| command(std::slice::from_ref(c))).unwrap_or_default());
            }
        }
        "set-option" | "set" | "set-window-option" | "setw" => {
            let j = skip_options(rest, "t", &[]);
            if let (Some(option), Some(value)) = (rest.get(j), rest.get(j + 1))
                && matches!(option.as_str(), "default-command" | "default-shell")
            {
                out.push(value.clone());
            }
        }
        _ => {}
    }
    out
}

/// The shell texts screen command `sub rest` (after `-X`) runs or keeps; `chain` reads a screen
/// command given after `-X`.
pub(super) fn screen(sub: &str, rest: &[String], chain: fn(&[String]) -> Vec<String>) -> Vec<String> {
    match sub {
        "screen" => {
            let j = skip_options(rest, "tThfln", &[]);
            program(&rest[j.min(rest.len())..])
        }
        // `exec [[fdpat] newcommand [args…]]`: the pattern is made of `.`, `!`, `:` and `|`.
        "exec" => {
            let j = usize::from(rest.first().is_some_and(|a| a.chars().all(|c| ".!:|".contains(c))));
            program(&rest[j.min(rest.len())..])
        }
        "bind" | "bindkey" => {
            let j = skip_options(rest, "kamdt", &[]);
            let mut command = vec!["-X".to_string()];
            command.extend(rest.get(j + 1..).unwrap_or_default().iter().cloned());
            chain(&command)
        }
        _ => program(rest),
    }
}

/// A program and its arguments as a shell text; one word as it is.
fn program(words: &[String]) -> Vec<String> {
    match words {
        [] => Vec::new(),
        [one] => vec![one.clone()],
        many => vec![shell_words::join(many)],
    }
}

/// The commands of `#(…)` in a tmux format, each up to its closing parenthesis.
fn formats(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("#(") {
        let body = &rest[at + 2..];
        let mut depth = 1;
        let end = body.char_indices().find_map(|(k, c)| {
            depth += match c {
                '(' => 1,
                ')' => -1,
                _ => 0,
            };
            (depth == 0).then_some(k)
        });
        out.push(body[..end.unwrap_or(body.len())].to_string());
        rest = &body[end.map_or(body.len(), |e| e + 1)..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::texts;

    #[test]
    fn what_a_multiplexer_keeps_or_runs_by_its_own_commands() {
        let cases = [
            ("tmux set-hook -g session-created 'run-shell \"gitvow approve ab12\"'", "gitvow approve ab12"),
            ("tmux bind-key -n a run-shell 'gitvow approve ab12'", "gitvow approve ab12"),
            ("tmux bind -T root F1 new-window 'gitvow uninstall'", "gitvow uninstall"),
            ("tmux set -g status-right '#(gitvow approve ab12) %H:%M'", "gitvow approve ab12"),
            ("tmux display-message -p '#(cat ~/.gitvow/record.key)'", "cat ~/.gitvow/record.key"),
            ("tmux set-option -g default-command 'gitvow approve ab12'", "gitvow approve ab12"),
            ("tmux confirm-before -p ok? 'run-shell \"gitvow trust .\"'", "gitvow trust ."),
            ("tmux display-menu -T m Go g 'run-shell \"gitvow uninstall\"'", "gitvow uninstall"),
            ("tmux command-prompt -I 'run-shell \"gitvow approve ab12\"'", "gitvow approve ab12"),
            ("tmux choose-tree -Zw 'run-shell \"gitvow uninstall\"'", "gitvow uninstall"),
            ("tmux display-popup -d /tmp -E 'gitvow approve ab12'", "gitvow approve ab12"),
            ("tmux new -d 'gitvow trust .'", "gitvow trust ."),
            ("screen -S s -X screen gitvow approve ab12", "gitvow approve ab12"),
            ("screen -X exec .!. gitvow approve ab12", "gitvow approve ab12"),
            ("screen -X bind a exec gitvow uninstall", "gitvow uninstall"),
        ];
        for (command, want) in cases {
            let words = shell_words::split(command).unwrap();
            assert!(texts(&words[0], &words[1..]).iter().any(|t| t == want), "{command}: {:?}", texts(&words[0], &words[1..]));
        }
        for command in
            ["tmux set -g status-right '%H:%M'", "tmux bind-key r source-file ~/.tmux.conf", "tmux set -g mouse on", "screen -X quit"]
        {
            let words = shell_words::split(command).unwrap();
            assert!(texts(&words[0], &words[1..]).iter().all(|t| !t.contains("gitvow")), "{command}");
        }
    }
}
