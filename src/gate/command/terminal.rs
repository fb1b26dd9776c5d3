//! Typing into a terminal that is already open: a multiplexer's pane (`tmux send-keys`,
//! `screen -X stuff`), a session copying its input into one (`dtach -p`), a terminal emulator's
//! remote control (`kitty @ send-text`), the desktop's keyboard (`xdotool type`). What is typed goes
//! to whatever reads that terminal, which the analyser cannot see: a shell, or `gitvow approve`
//! waiting for a yes. A pane of the person's own multiplexer is a person's terminal to
//! `gitvow approve`, and typing into it is typing as the person, so while a question waits, typing
//! into an open terminal is asked about (see `reach`).

mod files;
mod kept;

/// Whether `name args` copies its standard input into a session already open (`dtach -p sock`,
/// `abduco -p name`): what it is fed runs there as typed.
pub fn pushes_input(name: &str, args: &[String]) -> bool {
    matches!(name, "dtach" | "abduco") && args.iter().any(|a| a == "-p")
}

/// How `name args` types into a terminal that is already open, if it does.
pub fn typing(name: &str, args: &[String]) -> Option<&'static str> {
    let any = |words: &[&str]| args.iter().any(|a| words.contains(&a.as_str()));
    match name {
        n if super::programs::is_tmux(n) => tmux(args),
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

/// The stack gitvow's hook needs to start at all (bytes): measured, the hook dies of SIGSEGV
/// before `main` in 10 of 10 runs at 8 KiB and 1 of 10 at 12 KiB, and survives 16 KiB (so does
/// `/bin/true`); four times that leaves room for an agent's launcher script and another loader.
pub const HOOK_STACK: u64 = 64 << 10;

const SMALL_STACK: &str = "it lowers the stack limit below the 64 KiB gitvow's hook needs to start: an agent started under it (or a shell that starts one) runs every hook into SIGSEGV, which an agent may take as \"go ahead\"";

/// Whether `ulimit args` or `prlimit args` sets a soft or hard stack limit below [`HOOK_STACK`]:
/// `ulimit -s 16`, `ulimit -Ss 24` (KiB), `prlimit --stack=12288`, `prlimit -s 16K:16K` (bytes).
/// Raising it, or `unlimited`, is not.
pub fn small_stack(name: &str, args: &[String]) -> bool {
    let below = |bytes: Option<u64>| bytes.is_some_and(|b| b < HOOK_STACK);
    match name {
        "ulimit" => args.iter().enumerate().any(|(i, a)| {
            let letters = a.strip_prefix('-').filter(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphabetic()));
            letters.is_some_and(|l| l.contains('s')) && below(args.get(i + 1).and_then(|v| v.parse::<u64>().ok()).map(|k| k << 10))
        }),
        "prlimit" => args.iter().enumerate().any(|(i, a)| {
            let value = match a.as_str() {
                "-s" | "--stack" => args.get(i + 1).map(String::as_str),
                _ => a.strip_prefix("--stack=").or_else(|| a.strip_prefix("-s").filter(|v| !v.is_empty() && !v.starts_with('-'))),
            };
            // `SOFT:HARD`, `SOFT:`, `:HARD`: either below is a small stack.
            value.is_some_and(|v| v.split(':').any(|part| below(bytes(part))))
        }),
        // `systemd-run -p LimitSTACK=16K claude`.
        "systemd-run" | "systemd-nspawn" => args.iter().any(|a| {
            let value = a.split_once("LimitSTACK=").map(|(_, v)| v);
            value.is_some_and(|v| v.split(':').any(|part| below(bytes(part))))
        }),
        _ => false,
    }
}

/// `16384`, `16K`, `16KiB`, `1M` as bytes; `None` for `unlimited` or what is no number.
fn bytes(text: &str) -> Option<u64> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let number: u64 = text[..digits].parse().ok()?;
    let unit = match text[digits..].to_ascii_uppercase().trim_end_matches("IB").trim_end_matches('B') {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        _ => return None,
    };
    Some(number.saturating_mul(unit))
}

/// How `name args` takes hold of another process that is running, if it does: its terminal
/// taken over (`reptyr PID`, `reptyr -T PID`, `reptyr -s`), its memory and registers written by a
/// debugger attached to it (`gdb -p PID`, `gdb prog PID`, `lldb -p`), or its system calls
/// answered for it (`strace -p PID -e inject=…`). Whatever runs there (the person's shell, `gitvow
/// approve` waiting for an answer) then does what the agent makes it do: asked about always, as a
/// question may come after the attaching.
pub fn attaches(name: &str, args: &[String]) -> Option<&'static str> {
    let any = |f: &dyn Fn(&str) -> bool| args.iter().any(|a| f(a));
    let pid = || any(&|a| a == "-p" || a == "--pid" || a.starts_with("--pid=") || (a.starts_with("-p") && a[2..].parse::<u32>().is_ok()));
    match name {
        "reptyr" => (!any(&|a| a == "-l" || a == "-L")).then_some("reptyr takes another process's terminal over: what the agent types there could answer a question gitvow asks a person, now or later"),
        "gdb" | "gdb-multiarch" | "cgdb" | "gdbserver" => {
            let operands: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
            let attach = any(&|a| a == "--attach" || a.contains("attach ")) || operands.get(1).is_some_and(|a| a.parse::<u32>().is_ok());
            (pid() || attach).then_some("a debugger attaches to a running process, whose memory and terminal it can write: what the agent makes it do could answer a question gitvow asks a person, now or later")
        }
        "lldb" => (pid() || any(&|a| matches!(a, "-n" | "--attach-pid" | "--attach-name" | "-w") || a.contains("attach ")))
            .then_some("a debugger attaches to a running process, whose memory and terminal it can write: what the agent makes it do could answer a question gitvow asks a person, now or later"),
        // `prlimit --pid $PPID --stack=8192`: every program the agent starts then dies at once,
        // its hook too, which some agents take as "go ahead".
        "prlimit" => pid().then_some("it sets the limits of a running process: a small stack on the agent makes every program it starts die at once, its hook too, which the agent may take as \"go ahead\"")
            .or_else(|| small_stack(name, args).then_some(SMALL_STACK)),
        "ulimit" | "systemd-run" | "systemd-nspawn" => small_stack(name, args).then_some(SMALL_STACK),
        "strace" | "ltrace" => (any(&|a| a.contains("inject") || a.contains("fault") || a.contains("poke"))
            && any(&|a| a == "-p" || a.starts_with("--attach") || (a.starts_with("-p") && a[2..].parse::<u32>().is_ok())))
        .then_some("a tracer attached to a running process changes what its system calls do: what the agent makes it do could answer a question gitvow asks a person, now or later"),
        _ => None,
    }
}

/// What a file a multiplexer is given holds for it: text it types into a pane (a buffer loaded to
/// be pasted), or its own commands (a configuration or a file sourced).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FileText {
    Typed,
    Commands,
}

/// The files whose text `name args` types into a pane or runs as its own commands, as given
/// (`-` is standard input): tmux's `-f`, `load-buffer` and `source-file`; screen's `-c`, and
/// `readbuf`, `readreg` and `source` after `-X`.
fn files(name: &str, args: &[String]) -> Vec<(String, FileText)> {
    let mut out = Vec::new();
    match name {
        n if super::programs::is_tmux(n) => {
            let start = super::programs::skip_options(args, "LSfcT", &[]);
            out.extend(args[..start].windows(2).filter(|w| w[0] == "-f").map(|w| (w[1].clone(), FileText::Commands)));
            for command in args[start..].split(|a| a == ";" || a == "\\;") {
                let Some((sub, rest)) = command.split_first() else { continue };
                match sub.trim_end_matches(';') {
                    "load-buffer" | "loadb" => {
                        let j = super::programs::skip_options(rest, "bt", &[]);
                        out.extend(rest.get(j).map(|f| (f.clone(), FileText::Typed)));
                    }
                    "source-file" | "source" => {
                        let j = super::programs::skip_options(rest, "t", &[]);
                        out.extend(rest[j.min(rest.len())..].iter().map(|f| (f.clone(), FileText::Commands)));
                    }
                    _ => {}
                }
            }
        }
        "screen" | "byobu-screen" => {
            let x = args.iter().position(|a| a == "-X").unwrap_or(args.len());
            out.extend(args[..x].windows(2).filter(|w| w[0] == "-c").map(|w| (w[1].clone(), FileText::Commands)));
            let rest = args.get(x + 1..).unwrap_or_default();
            let operands = || rest[1..].iter().filter(|a| !a.starts_with('-') || *a == "-");
            match rest.first().map(String::as_str) {
                // `readbuf [-e encoding] file`, `readreg [-e encoding] register file`.
                Some("readbuf" | "readreg") => out.extend(operands().next_back().map(|f| (f.clone(), FileText::Typed))),
                Some("source") => out.extend(rest.get(1).map(|f| (f.clone(), FileText::Commands))),
                _ => {}
            }
        }
        _ => {}
    }
    out
}

/// The shell text the multiplexer's own commands in `text` run or type, one command a line (a
/// `.tmux.conf`, a screenrc): each line's words read as given after `tmux` or `screen -X`.
fn commands_texts(name: &str, text: &str) -> (Vec<String>, Option<&'static str>) {
    let mut texts = Vec::new();
    let mut typing = None;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let Ok(words) = shell_words::split(line) else { continue };
        let words = if name.ends_with("screen") { [vec!["-X".to_string()], words].concat() } else { words };
        typing = typing.or_else(|| self::typing(name, &words));
        texts.extend(self::texts(name, &words));
    }
    (texts, typing)
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

/// The shell text `name args` makes a terminal run or types into one, each piece on its own:
/// every command of a tmux chain (`tmux new -d \; send-keys 'cmd' Enter`), as typed, put in a
/// buffer to be pasted (`set-buffer`, screen's `register`), asked of a shell (`if-shell`,
/// `tmux -c`) or started in a new session; what a terminal emulator's remote control or the
/// desktop's keyboard types (`kitty @ send-text`, `wezterm cli send-text`, `zellij action
/// write-chars`, `xdotool type`). Typed text runs when its line ends: it is read as a script.
pub fn texts(name: &str, args: &[String]) -> Vec<String> {
    let after = |word: &str| args.iter().position(|a| a == word).map(|i| &args[i + 1..]);
    let typed = |rest: Option<&[String]>, values: &str, long: &[&str]| {
        rest.map(|rest| rest[super::programs::skip_options(rest, values, long).min(rest.len())..].join(" ")).map(|t| unescape(&t))
    };
    let text = match name {
        n if super::programs::is_tmux(n) => return tmux_texts(args),
        "screen" | "byobu-screen" => return screen_texts(args),
        "dtach" | "abduco" => return super::programs::multiplexer_command(name, args).into_iter().collect(),
        "kitty" | "kitten" => typed(after("send-text"), "m", &["--match", "--match-tab", "--from-file", "--bracketed-paste"])
            .or_else(|| super::programs::multiplexer_command(name, args)),
        "wezterm" => typed(after("send-text"), "", &["--pane-id"]).or_else(|| super::programs::multiplexer_command(name, args)),
        "zellij" => typed(after("write-chars"), "", &[])
            .or_else(|| after("write").map(|bytes| decoded(bytes, 10)))
            .or_else(|| super::programs::multiplexer_command(name, args)),
        "xdotool" | "ydotool" => typed(after("type"), "d", &["--window", "--delay", "--terminator", "--key-delay", "--key-hold"]),
        "wtype" => typed(Some(args), "smdMPpk", &[]),
        // `ttyecho [-n] /dev/pts/N cmd…`, `writevt /dev/ttyN 'text'`: the words after the terminal.
        "ttyecho" | "writevt" => {
            let words: Vec<&str> = args.iter().map(String::as_str).filter(|a| !a.starts_with('-')).skip(1).collect();
            (!words.is_empty()).then(|| unescape(&words.join(" ")))
        }
        _ => None,
    };
    text.into_iter().filter(|t| !t.is_empty()).collect()
}

/// Each command of a tmux chain (commands separated by `;`), and a shell command given with `-c`.
fn tmux_texts(args: &[String]) -> Vec<String> {
    let start = super::programs::skip_options(args, "LSfcT", &[]);
    let mut out: Vec<String> = args[..start].windows(2).filter(|w| w[0] == "-c").map(|w| w[1].clone()).collect();
    for command in args[start..].split(|a| a == ";" || a == "\\;") {
        let Some((sub, rest)) = command.split_first() else { continue };
        let sub = sub.trim_end_matches(';');
        let text = match sub {
            "send-keys" | "send" | "send-key" => {
                let j = super::programs::skip_options(rest, "tNcXF", &[]);
                let flags: String = rest[..j].iter().filter(|a| a.starts_with('-') && !a.starts_with("--")).map(String::as_str).collect();
                if flags.contains('H') { Some(decoded(&rest[j..], 16)) } else { Some(keys(&rest[j..], flags.contains('l'))) }
            }
            "set-buffer" | "setb" => {
                let j = super::programs::skip_options(rest, "bnt", &[]);
                rest.get(j).cloned()
            }
            "if-shell" | "if" => {
                let j = super::programs::skip_options(rest, "t", &[]);
                out.extend(rest.get(j + 1..).into_iter().flatten().flat_map(|c| shell_words::split(c).ok()).flat_map(|c| tmux_texts(&c)));
                rest.get(j).cloned()
            }
            _ => {
                out.extend(kept::tmux(sub, rest, tmux_texts));
                super::programs::multiplexer_command("tmux", command)
            }
        };
        out.extend(text.filter(|t| !t.is_empty()));
    }
    out
}

/// `screen -X command …`: what `stuff` types, what `register` puts in a buffer to be pasted,
/// each command `eval` runs; a session started with a command runs it.
fn screen_texts(args: &[String]) -> Vec<String> {
    let Some(x) = args.iter().position(|a| a == "-X") else {
        return super::programs::multiplexer_command("screen", args).into_iter().collect();
    };
    let rest = &args[x + 1..];
    match rest.first().map(String::as_str) {
        Some("stuff") => rest.get(1).map(|t| unescape(t)).into_iter().collect(),
        Some("register") => {
            let j = 1 + super::programs::skip_options(&rest[1..], "e", &[]);
            rest.get(j + 1).map(|t| unescape(t)).into_iter().collect()
        }
        Some(sub @ ("screen" | "exec" | "bind" | "bindkey" | "shell" | "defshell")) => kept::screen(sub, &rest[1..], screen_texts),
        Some("eval") => rest[1..]
            .iter()
            .flat_map(|c| shell_words::split(c).ok())
            .flat_map(|c| screen_texts(&[&["-X".to_string()], c.as_slice()].concat()))
            .collect(),
        _ => Vec::new(),
    }
}

/// The text tmux types for `keys`: each word as it is, and a key's name (`Enter`, `Space`,
/// `C-m`) as the key, unless `literal` (`-l`). An edit of the line (`BSpace`, `C-u`, `C-c`) is made;
/// a key that moves (`Up`, `F1`) types nothing here.
fn keys(keys: &[String], literal: bool) -> String {
    let mut out = String::new();
    for key in keys {
        match key.as_str() {
            _ if literal => out.push_str(key),
            "Enter" | "KPEnter" | "C-m" | "C-j" | "^M" | "^J" => out.push('\n'),
            "Space" => out.push(' '),
            "Tab" | "C-i" => out.push('\t'),
            "BSpace" | "C-h" => {
                out.pop();
            }
            "C-u" | "C-c" => out.truncate(out.rfind('\n').map_or(0, |n| n + 1)),
            k if is_key_name(k) => {}
            k => out.push_str(k),
        }
    }
    out
}

/// A tmux key name that types no character: a moving or function key, or a modified one.
fn is_key_name(key: &str) -> bool {
    const NAMES: &[&str] = &["Up", "Down", "Left", "Right", "Home", "End", "NPage", "PageDown", "PgDn", "PPage", "PageUp", "PgUp"];
    const MORE: &[&str] = &["IC", "Insert", "DC", "Delete", "Escape", "BTab", "Any"];
    let modified = key.len() > 2 && matches!(&key[..2], "C-" | "M-" | "S-");
    let function = key.strip_prefix('F').is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    NAMES.contains(&key) || MORE.contains(&key) || modified || function
}

/// Characters given as numbers (`send-keys -H 67 69`, `zellij action write 103 105`); a word that
/// is no number is taken as it is.
fn decoded(words: &[String], radix: u32) -> String {
    words.iter().map(|w| u32::from_str_radix(w, radix).ok().and_then(char::from_u32).map_or_else(|| w.clone(), String::from)).collect()
}

/// `\n` and `\r` as the line ends they stand for (`screen -X stuff 'cmd\n'`, `kitty @ send-text`).
fn unescape(text: &str) -> String {
    text.replace("\\n", "\n").replace("\\r", "\n")
}

#[cfg(test)]
mod tests {
    use super::{small_stack, texts, typing};

    #[test]
    fn a_stack_below_what_the_hook_needs_is_small() {
        let args = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        for (name, a) in [
            ("ulimit", "-s 16"),
            ("ulimit", "-Ss 24"),
            ("ulimit", "-c 0 -s 8"),
            ("prlimit", "--stack=12288 claude"),
            ("prlimit", "-s 16K:16K codex"),
            ("prlimit", "-s16384 codex"),
            ("prlimit", "--stack=:32768 codex"),
            ("systemd-run", "--user -p LimitSTACK=16K claude"),
        ] {
            assert!(small_stack(name, &args(a)), "{name} {a}");
        }
        for (name, a) in [
            ("ulimit", "-s unlimited"),
            ("ulimit", "-s 65536"),
            ("ulimit", "-n 4096"),
            ("ulimit", "-s"),
            ("prlimit", "--nofile=4096 make"),
            ("prlimit", "--stack=8M claude"),
            ("prlimit", "--stack=unlimited claude"),
        ] {
            assert!(!small_stack(name, &args(a)), "{name} {a}");
        }
    }

    #[test]
    fn the_text_a_terminal_is_made_to_run() {
        let cases = [
            ("tmux new -d -s x \\; send-keys -t x 'gitvow approve ab12' Enter", "gitvow approve ab12\n"),
            ("tmux setb 'gitvow approve ab12'", "gitvow approve ab12"),
            ("tmux set-buffer -b b -- 'gitvow uninstall'", "gitvow uninstall"),
            ("tmux send-keys -H 67 69 74 0a", "git\n"),
            ("tmux send-keys -t x g i t Space a BSpace p Enter", "git p\n"),
            ("tmux send-keys -t x 'rm -rf /' C-u 'ls' Enter", "ls\n"),
            ("tmux send-keys -l Enter", "Enter"),
            ("tmux -c 'gitvow uninstall'", "gitvow uninstall"),
            ("tmux if-shell true 'run-shell \"gitvow trust .\"'", "gitvow trust ."),
            ("screen -S s -X register . 'gitvow approve ab12'", "gitvow approve ab12"),
            ("screen -X eval 'stuff \"gitvow uninstall\\n\"'", "gitvow uninstall\n"),
            ("kitty @ send-text --match title:x 'gitvow uninstall\\n'", "gitvow uninstall\n"),
            ("wezterm cli send-text --pane-id 2 'gitvow approve ab12'", "gitvow approve ab12"),
            ("zellij action write-chars 'gitvow approve ab12'", "gitvow approve ab12"),
            ("zellij action write 103 105", "gi"),
            ("xdotool type --delay 10 'gitvow approve ab12'", "gitvow approve ab12"),
            ("dtach -n /tmp/s -e '^q' gitvow approve ab12", "gitvow approve ab12"),
            ("abduco -c s sh -c 'gitvow uninstall'", "sh -c 'gitvow uninstall'"),
            ("wtype -s 10 'gitvow approve ab12'", "gitvow approve ab12"),
            ("ttyecho -n /dev/pts/3 gitvow approve ab12", "gitvow approve ab12"),
            ("zellij run -- gitvow approve ab12", "gitvow approve ab12"),
            ("wezterm start -- gitvow approve ab12", "gitvow approve ab12"),
            ("kitty -T x sh -c 'gitvow uninstall'", "sh -c 'gitvow uninstall'"),
            ("writevt /dev/tty1 'gitvow uninstall\n'", "gitvow uninstall\n"),
        ];
        for (command, want) in cases {
            let words = shell_words::split(command).unwrap();
            assert!(texts(&words[0], &words[1..]).iter().any(|t| t == want), "{command}: {:?}", texts(&words[0], &words[1..]));
        }
        for command in ["tmux ls", "tmux send-keys -t x C-c", "tmux kill-session -t x", "kitty @ ls", "xdotool search --name x"] {
            let words = shell_words::split(command).unwrap();
            assert!(texts(&words[0], &words[1..]).is_empty(), "{command}");
        }
    }

    #[test]
    fn the_files_a_multiplexer_takes_text_from() {
        use super::{FileText, files};
        let cases: [(&str, &[(&str, FileText)]); 8] = [
            ("tmux load-buffer -b k /tmp/a \\; paste-buffer", &[("/tmp/a", FileText::Typed)]),
            ("tmux loadb -", &[("-", FileText::Typed)]),
            (
                "tmux -f x.conf -L s source-file -q a.conf b.conf",
                &[("x.conf", FileText::Commands), ("a.conf", FileText::Commands), ("b.conf", FileText::Commands)],
            ),
            ("screen -c rc -dmS s", &[("rc", FileText::Commands)]),
            ("screen -S s -X readbuf -e utf8 /tmp/a", &[("/tmp/a", FileText::Typed)]),
            ("screen -X readreg a /tmp/a", &[("/tmp/a", FileText::Typed)]),
            ("screen -X source rc", &[("rc", FileText::Commands)]),
            ("tmux save-buffer /tmp/a", &[]),
        ];
        for (command, want) in cases {
            let words = shell_words::split(command).unwrap();
            let got = files(&words[0], &words[1..]);
            let want: Vec<(String, FileText)> = want.iter().map(|(f, k)| (f.to_string(), *k)).collect();
            assert_eq!(got, want, "{command}");
        }
    }

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
