//! Programs that start a command named in the text of an option or an operand: with a connection
//! for its input (`nc -e PROG`, `nc -c 'cmd'`, `ncat --sh-exec 'cmd'`, `socat - EXEC:'cmd'`,
//! `socat TCP-LISTEN:9 SYSTEM:'cmd'`), or run through a shell (`mispipe 'a' 'b'`, `pee 'a' 'b'`,
//! `hyperfine --prepare 'a' 'b'`, `concurrently 'a' 'b'`, `xterm -e cmd…`, `gnome-terminal -- cmd…`).

/// Where a program's arguments name the command it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spawner {
    /// Short option letters whose value is a command (`nc -e PROG`, `nc -c 'cmd'`); in a cluster
    /// (`-lc 'cmd'`, `-ecmd`) the rest of the cluster, or else the next word, is the value.
    pub short: &'static str,
    /// Long options whose value is a command (`ncat --exec`, `--sh-exec`), given as the next word
    /// or after `=`.
    pub long: &'static [&'static str],
    /// Long options whose value is a program in a language the analyser does not read
    /// (`ncat --lua-exec`).
    pub unread: &'static [&'static str],
    /// Its operands are addresses, of which `EXEC:`, `SYSTEM:` and `SHELL:` start a command (socat).
    pub addresses: bool,
    /// Every operand is a command run by a shell (`mispipe`, `pee`, `hyperfine`, `concurrently`),
    /// after the options that take a value (short letters, long names) besides those above.
    pub operands: Option<(&'static str, &'static [&'static str])>,
    /// The words after `--` are a command and its arguments (`gnome-terminal -- cmd…`).
    pub after_dashes: bool,
    /// An operand `npm:NAME` (`pnpm:`, `yarn:`, `bun:`, `deno:`) runs the package manager's script
    /// NAME (concurrently's shortcut).
    pub script_shortcuts: bool,
}

impl Spawner {
    /// A program that starts nothing by its arguments; each row says what differs.
    pub const NONE: Spawner =
        Spawner { short: "", long: &[], unread: &[], addresses: false, operands: None, after_dashes: false, script_shortcuts: false };
}

/// A command a [`Spawner`] starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spawned {
    /// The arguments `words` hold the command as `text`: run through a shell (`-c`, `SYSTEM:`) or
    /// split into a program and its arguments (`-e`, `EXEC:`), which reading it as shell text
    /// over-approximates.
    Text { words: std::ops::Range<usize>, text: String },
    /// The argument at `word` is a program in a language the analyser does not read.
    Unread { word: usize },
}

/// Every command `spawner` starts, by the argument of `args` that holds it.
pub fn spawned(spawner: &Spawner, args: &[String]) -> Vec<Spawned> {
    let mut out = Vec::new();
    if let Some((short, long)) = spawner.operands {
        // The options whose value is a command take a value too: it is no operand.
        let short = format!("{short}{}", spawner.short);
        let long: Vec<&str> = long.iter().chain(spawner.long).copied().collect();
        let operands: Vec<usize> = super::super::options::operands(args, &short, &long).collect();
        let command = |text: &String| match text.split_once(':') {
            Some((manager @ ("npm" | "pnpm" | "yarn" | "bun"), script)) if spawner.script_shortcuts => format!("{manager} run {script}"),
            Some(("deno", task)) if spawner.script_shortcuts => format!("deno task {task}"),
            _ => text.clone(),
        };
        out.extend(operands.into_iter().map(|k| Spawned::Text { words: k..k + 1, text: command(&args[k]) }));
    }
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let next = |out: &mut Vec<Spawned>| {
            if let Some(v) = args.get(i + 1) {
                out.push(Spawned::Text { words: i + 1..i + 2, text: v.clone() });
            }
        };
        if a == "--" {
            if spawner.after_dashes && spawner.operands.is_none() {
                out.extend(command_words(args, i + 1));
            }
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, value) = long.split_once('=').map_or((a, None), |(n, v)| (&a[..n.len() + 2], Some(v)));
            if spawner.unread.contains(&name) {
                out.push(Spawned::Unread { word: i + usize::from(value.is_none()) });
            } else if spawner.long.contains(&name) {
                match value {
                    Some(v) => out.push(Spawned::Text { words: i..i + 1, text: v.to_string() }),
                    None => {
                        next(&mut out);
                        // `alacritty --command PROG ARGS…`: the words after it, as after `-e`.
                        if i + 2 < args.len() && spawner.operands.is_none() {
                            out.push(Spawned::Text { words: i + 1..args.len(), text: shell_words::join(&args[i + 1..]) });
                        }
                    }
                }
            }
            i += 1;
            continue;
        }
        if let Some(cluster) = a.strip_prefix('-').filter(|c| !c.is_empty())
            && let Some(at) = cluster.find(|c| spawner.short.contains(c))
        {
            let rest = &cluster[at + 1..];
            if rest.is_empty() {
                next(&mut out);
                // busybox's `nc -e PROG ARGS…` (and `xterm -e PROG ARGS…`) gives the program the
                // words after it.
                if i + 2 < args.len() && spawner.operands.is_none() {
                    out.push(Spawned::Text { words: i + 1..args.len(), text: shell_words::join(&args[i + 1..]) });
                }
                i += 1;
            } else {
                out.push(Spawned::Text { words: i..i + 1, text: rest.to_string() });
            }
        } else if spawner.addresses {
            out.extend(address_commands(a).into_iter().map(|text| Spawned::Text { words: i..i + 1, text }));
        }
        i += 1;
    }
    out
}

/// The command the words of `args` from `start` are: one word is a shell string (as a terminal's
/// `-e 'cmd'` takes it), several a program and its arguments.
fn command_words(args: &[String], start: usize) -> Option<Spawned> {
    match args.get(start..)? {
        [] => None,
        [one] => Some(Spawned::Text { words: start..start + 1, text: one.clone() }),
        many => Some(Spawned::Text { words: start..args.len(), text: shell_words::join(many) }),
    }
}

/// The commands a socat address starts: each `EXEC:`, `SYSTEM:` or `SHELL:` (in any case) that
/// begins the address or one half of it (`A!!B`), with its text up to the first comma that is not
/// escaped or quoted (what follows are the address's options).
fn address_commands(address: &str) -> Vec<String> {
    let mut out = Vec::new();
    for half in address.split("!!") {
        let lower = half.to_ascii_lowercase();
        let Some(text) = ["exec:", "system:", "shell:"].iter().find(|k| lower.starts_with(*k)).map(|k| &half[k.len()..]) else {
            continue;
        };
        out.push(before_options(text).to_string());
    }
    out
}

/// `text` up to its first comma outside quotes and not after a backslash.
fn before_options(text: &str) -> &str {
    let mut quote = None;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match (c, quote) {
            _ if escaped => escaped = false,
            ('\\', _) => escaped = true,
            ('\'' | '"', None) => quote = Some(c),
            (q, Some(open)) if q == open => quote = None,
            (',', None) => return &text[..i],
            _ => {}
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::{Spawned, Spawner, spawned};

    const NC: Spawner = Spawner { short: "ec", long: &["--exec", "--sh-exec"], unread: &["--lua-exec"], ..Spawner::NONE };
    const SOCAT: Spawner = Spawner { addresses: true, ..Spawner::NONE };
    const HYPERFINE: Spawner = Spawner { short: "pc", long: &["--prepare"], operands: Some(("wr", &["--runs"])), ..Spawner::NONE };
    const TERMINAL: Spawner = Spawner { short: "e", after_dashes: true, ..Spawner::NONE };

    fn texts(spawner: &Spawner, args: &[&str]) -> Vec<String> {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        spawned(spawner, &args)
            .into_iter()
            .map(|s| match s {
                Spawned::Text { words, text } => format!("{}:{text}", words.start),
                Spawned::Unread { word } => format!("{word}:?"),
            })
            .collect()
    }

    #[test]
    fn an_options_value_or_the_rest_of_its_cluster_is_the_command() {
        assert_eq!(texts(&NC, &["-l", "-p", "9", "-e", "/bin/sh"]), ["4:/bin/sh"]);
        assert_eq!(texts(&NC, &["-lc", "rm x", "9"]), ["1:rm x", "1:'rm x' 9"]);
        // Words after the value are read on as options too: more is judged, never less.
        assert_eq!(texts(&NC, &["-l", "-e", "sh", "-c", "rm x"]), ["2:sh", "2:sh -c 'rm x'", "4:rm x"]);
        assert_eq!(texts(&NC, &["-lvecat", "9"]), ["0:cat"]);
        assert_eq!(texts(&NC, &["--sh-exec", "rm x", "--exec=cat y", "9"]), ["1:rm x", "1:'rm x' '--exec=cat y' 9", "2:cat y"]);
        assert_eq!(texts(&NC, &["--lua-exec", "a.lua", "--lua-exec=b.lua"]), ["1:?", "2:?"]);
        // After `--` come operands; an option missing its value starts nothing.
        assert_eq!(texts(&NC, &["--", "-e", "x"]), Vec::<String>::new());
        assert_eq!(texts(&NC, &["-l", "-e"]), Vec::<String>::new());
        assert_eq!(texts(&NC, &["host", "9"]), Vec::<String>::new());
    }

    #[test]
    fn each_operand_or_the_words_after_the_dashes_are_a_command() {
        assert_eq!(texts(&HYPERFINE, &["-w", "3", "--prepare", "make", "rm x", "-r", "5", "ls"]), ["4:rm x", "7:ls", "3:make"]);
        assert_eq!(texts(&HYPERFINE, &["-p", "a", "--", "-c"]), ["3:-c", "1:a"]);
        assert_eq!(texts(&TERMINAL, &["-T", "x", "--", "rm", "-rf", "y"]), ["3:rm -rf y"]);
        assert_eq!(texts(&TERMINAL, &["--", "rm x"]), ["1:rm x"]);
        assert_eq!(texts(&TERMINAL, &["-e", "rm", "x"]), ["1:rm", "1:rm x"]);
        assert_eq!(texts(&TERMINAL, &["--"]), Vec::<String>::new());
    }

    #[test]
    fn a_socat_address_starts_its_command_up_to_its_options() {
        assert_eq!(texts(&SOCAT, &["-", "EXEC:gitvow approve x"]), ["1:gitvow approve x"]);
        assert_eq!(texts(&SOCAT, &["-d", "-d", "tcp-l:9,fork", "system:cat a,pty,stderr"]), ["3:cat a"]);
        assert_eq!(texts(&SOCAT, &["-", "SYSTEM:'cat a,b',pty"]), ["1:'cat a,b'"]);
        assert_eq!(texts(&SOCAT, &["-", "Shell:rm a\\,b,pty"]), ["1:rm a\\,b"]);
        assert_eq!(texts(&SOCAT, &["STDIO!!exec:rm x", "tcp:h:9"]), ["0:rm x"]);
        assert_eq!(texts(&SOCAT, &["-", "OPEN:exec:x", "tcp:exec:9"]), Vec::<String>::new());
    }
}
