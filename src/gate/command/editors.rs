//! Editors and stream tools with a command escape: a `sed` script's `e` command and `s///e` flag
//! run commands, its `w` command and flag write files; `ed` and `ex` scripts run `!command`
//! lines (and `r !`, `w !`); `vim -c` commands likewise. What a script asks to run or write is
//! read from it; an escape whose command is computed at run time is opaque.

use super::options::{Dashes, OptionWords};

/// What an editor script does besides editing its own files.
#[derive(Debug, Default, PartialEq)]
pub struct Escapes {
    /// Shell commands it runs.
    pub runs: Vec<String>,
    /// Files it writes.
    pub writes: Vec<String>,
    pub opaque: Option<&'static str>,
}

/// The scripts `sed` is given: `-e SCRIPT`, `--expression=SCRIPT`, else its first operand; and
/// whether one comes from a file (`-f FILE`), which the analyser does not read.
pub fn sed_scripts(args: &[String]) -> (Vec<String>, bool) {
    let mut scripts = Vec::new();
    let mut from_file = false;
    let mut operand = None;
    let mut options = OptionWords::new(args);
    while let Some(a) = options.next() {
        if a == "-e" || a == "--expression" {
            scripts.extend(options.value().map(str::to_string));
        } else if let Some(s) = a.strip_prefix("--expression=") {
            scripts.push(s.to_string());
        } else if a == "-f" || a == "--file" || a.starts_with("--file=") {
            from_file = true;
            if !a.contains('=') {
                options.value();
            }
        } else if a == "-l" || a == "--line-length" {
            options.value();
        } else if let Some(flags) = a.strip_prefix('-').filter(|f| !f.is_empty() && !f.starts_with('-')) {
            // `-ne 's/x/y/'`, `-e` last in a cluster takes the next word; `-es/x/y/` the rest.
            if let Some(k) = flags.find(['e', 'f']) {
                let rest = &flags[k + 1..];
                let value = if rest.is_empty() { options.value() } else { Some(rest) };
                if flags.as_bytes()[k] == b'e' {
                    scripts.extend(value.map(str::to_string));
                } else {
                    from_file = true;
                }
            }
        } else if !a.starts_with('-') && operand.is_none() {
            operand = Some(a.to_string());
        }
    }
    // After `--`, the first word is an operand.
    operand = operand.or_else(|| args.get(options.rest()).cloned());
    if scripts.is_empty() && !from_file {
        scripts.extend(operand);
    }
    (scripts, from_file)
}

/// The escapes of a `sed` script.
pub fn sed(script: &str) -> Escapes {
    let mut out = Escapes::default();
    let chars: Vec<char> = script.chars().collect();
    let mut i = 0;
    let rest_of_line = |i: &mut usize| -> String {
        let start = *i;
        while *i < chars.len() && chars[*i] != '\n' {
            *i += 1;
        }
        chars[start..*i].iter().collect::<String>().trim().to_string()
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ';' || c == '{' || c == '}' || c == '!' {
            i += 1;
            continue;
        }
        // Addresses: line numbers, `$`, `/re/`, `\cREc`, ranges and steps.
        if c.is_ascii_digit() || matches!(c, '$' | ',' | '~' | '+') {
            i += 1;
            continue;
        }
        if c == '/' || c == '\\' {
            let delim = if c == '\\' {
                i += 1;
                chars.get(i).copied().unwrap_or('/')
            } else {
                '/'
            };
            i = skip_delimited(&chars, i + 1, delim);
            // `/re/I`, `/re/M` modifiers.
            while i < chars.len() && matches!(chars[i], 'I' | 'M') {
                i += 1;
            }
            continue;
        }
        i += 1;
        match c {
            '#' | ':' | 'a' | 'i' | 'c' | 'r' | 'R' | 'b' | 't' | 'T' | 'v' | 'q' | 'Q' | 'l' | 'L' => {
                if matches!(c, 'b' | 't' | 'T' | 'q' | 'Q' | 'l' | 'L' | 'v' | ':') {
                    // A label or a number, up to `;` or the end of the line.
                    while i < chars.len() && chars[i] != '\n' && chars[i] != ';' && chars[i] != '}' {
                        i += 1;
                    }
                } else {
                    rest_of_line(&mut i);
                }
            }
            'w' | 'W' => {
                let file = rest_of_line(&mut i);
                if !file.is_empty() {
                    out.writes.push(file);
                }
            }
            'e' => {
                let command = rest_of_line(&mut i);
                if command.is_empty() {
                    out.opaque.get_or_insert("its sed script runs the text it edits as a command");
                } else {
                    out.runs.push(command);
                }
            }
            's' | 'y' => {
                let Some(&delim) = chars.get(i) else { break };
                i = skip_delimited(&chars, i + 1, delim);
                i = skip_delimited(&chars, i, delim);
                if c == 'y' {
                    continue;
                }
                while i < chars.len() && !matches!(chars[i], ';' | '\n' | '}') {
                    match chars[i] {
                        'e' => {
                            out.opaque.get_or_insert("its sed script runs the text it edits as a command");
                        }
                        'w' => {
                            i += 1;
                            let file = rest_of_line(&mut i);
                            if !file.is_empty() {
                                out.writes.push(file);
                            }
                            break;
                        }
                        _ => {}
                    }
                    i += 1;
                }
            }
            _ => {}
        }
    }
    out
}

/// Past the next unescaped `delim` from `i`.
fn skip_delimited(chars: &[char], mut i: usize, delim: char) -> usize {
    while i < chars.len() {
        if chars[i] == '\\' {
            i += 2;
            continue;
        }
        if chars[i] == delim {
            return i + 1;
        }
        i += 1;
    }
    i
}

/// The escapes of an `ed` or `ex` script (one command a line) or of `vim -c` commands: `!cmd`,
/// `r !cmd`, `w !cmd`, `e !cmd` run commands (`%!cmd` filters lines through one); `w file`
/// writes one; `system(…)` in an expression runs computed text.
pub fn ed(script: &str) -> Escapes {
    let mut out = Escapes::default();
    for line in script.lines().flat_map(|l| l.split('|')) {
        let line = line.trim().trim_start_matches(':');
        if line.contains("system(") || line.contains("systemlist(") || line.contains("execute ") || line.starts_with("exe ") {
            out.opaque.get_or_insert("its editor script runs a command it computes");
            continue;
        }
        // The address: numbers, `.`, `$`, `%`, `,`, `;`, marks, patterns.
        let mut rest = line.trim_start_matches(|c: char| c.is_ascii_digit() || ".$%,;+-' ".contains(c));
        if let Some(r) = rest.strip_prefix('/').and_then(|r| r.split_once('/')) {
            rest = r.1.trim_start();
        }
        let rest = rest.strip_prefix("silent!").or_else(|| rest.strip_prefix("silent")).map_or(rest, str::trim_start);
        if let Some(command) = rest.strip_prefix('!') {
            out.runs.push(command.trim().to_string());
            continue;
        }
        let mut words = rest.splitn(2, char::is_whitespace);
        let verb = words.next().unwrap_or("");
        let arg = words.next().unwrap_or("").trim();
        if let Some(command) = arg.strip_prefix('!') {
            if matches!(verb, "w" | "W" | "write" | "wq" | "x") && reads_its_input_as_code(command) {
                // `w !sh`: the buffer, a file the analyser does not hold, is the shell's script.
                out.opaque.get_or_insert("its editor script feeds the file to a shell or an interpreter");
            } else if matches!(verb, "r" | "w" | "e" | "W" | "read" | "write" | "edit" | "wq" | "x") {
                out.runs.push(command.trim().to_string());
            }
            continue;
        }
        if runs_code(verb) {
            out.opaque.get_or_insert("its editor script runs code of another language, a script file or a terminal");
            continue;
        }
        // `w! F` forces the write: a write all the same.
        let verb = verb.trim_end_matches('!');
        if matches!(verb, "w" | "W" | "wq" | "write" | "saveas" | "sav" | "x" | "xit" | "exi" | "exit" | "up" | "update" | "wa")
            && !arg.is_empty()
        {
            out.writes.push(arg.trim_start_matches(">>").trim().to_string());
        }
    }
    out
}

/// Whether the Ex command `verb` (as typed: vim takes any prefix down to the command's shortest
/// form) runs code the analyser does not read: an interpreter's (`:lua`, `:py3`, `:perldo`), a
/// script file (`:source`, `:runtime`), or a command in a terminal (`:terminal rm -rf ~`).
fn runs_code(verb: &str) -> bool {
    const COMMANDS: &[(&str, usize)] = &[
        ("lua", 3),
        ("luado", 5),
        ("luafile", 4),
        ("python", 2),
        ("python3", 7),
        ("py3", 3),
        ("pythonx", 7),
        ("pyx", 3),
        ("pydo", 3),
        ("py3do", 4),
        ("pyxdo", 4),
        ("pyfile", 3),
        ("py3file", 4),
        ("pyxfile", 4),
        ("perl", 2),
        ("perldo", 5),
        ("ruby", 3),
        ("rubydo", 5),
        ("rubyfile", 5),
        ("tcl", 2),
        ("tcldo", 4),
        ("tclfile", 4),
        ("mzscheme", 2),
        ("mzfile", 3),
        ("terminal", 3),
        ("source", 2),
        ("runtime", 2),
    ];
    let verb = verb.trim_end_matches('!');
    COMMANDS.iter().any(|(name, shortest)| verb.len() >= *shortest && name.starts_with(verb))
}

/// Whether a command given the editor's buffer on its standard input runs it: a shell or an
/// interpreter given no script of its own.
fn reads_its_input_as_code(command: &str) -> bool {
    let mut words = command.split_whitespace();
    let Some(program) = words.next().map(|p| p.rsplit('/').next().unwrap_or(p)) else { return false };
    let shell = matches!(super::programs::role(program), super::programs::Role::Shell);
    (shell || super::programs::is_interpreter(program)) && words.all(|w| w.starts_with('-'))
}

/// What a pager's initial command (`less +CMD`, `++CMD` on every file) runs: `!CMD` is a shell
/// command; a pipe of its text to one (`|`) runs what the analyser does not see.
pub fn pager(command: &str) -> Escapes {
    let command = command.strip_prefix('+').unwrap_or(command);
    let mut out = Escapes::default();
    if let Some(run) = command.strip_prefix('!') {
        out.runs.push(run.trim().to_string());
    } else if command.starts_with('|') || command.starts_with('s') {
        // `|m CMD` pipes to a command; `s FILE` saves the input to a file.
        out.opaque.get_or_insert("its pager command runs or writes what the analyser does not follow");
    }
    out
}

/// The commands `vim`/`ex`/`nvim` run from their arguments: `-c CMD`, `+CMD`, `--cmd CMD`.
pub fn vim_commands(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut options = OptionWords::with(args, Dashes::Word);
    while let Some(a) = options.next() {
        if a == "-c" || a == "--cmd" || a == "-S" {
            let command = options.value();
            if a != "-S" {
                out.extend(command.map(str::to_string));
            }
        } else if let Some(attached) = clustered_command(a) {
            // `-sc CMD`, `-esc CMD`: flags gathered before `-c`; `-cCMD` holds its command.
            match attached {
                "" => out.extend(options.value().map(str::to_string)),
                cmd => out.push(cmd.to_string()),
            }
        } else if let Some(c) = a.strip_prefix('+').filter(|c| !c.is_empty() && !c.chars().all(|ch| ch.is_ascii_digit())) {
            out.push(c.to_string());
        }
    }
    out
}

/// `-c` after flags that take no value in one word (`-sc`, `-Nesc`), or with its command
/// attached (`-c!ls`): what follows the `c` (empty when the command is the next word).
fn clustered_command(a: &str) -> Option<&str> {
    let flags = a.strip_prefix('-').filter(|f| !f.starts_with('-'))?;
    let k = flags.find('c')?;
    flags[..k].chars().all(|f| "eEsbylAHFNnRZmMLdg".contains(f)).then(|| &flags[k + 1..])
}

/// Emacs run with Lisp on its command line (`--eval`, `-eval`, `--execute`) or from a file
/// (`-l`, `--load`, `--script`, `-f` of a function): Lisp that starts processes or changes files
/// is not read, so it is opaque; other expressions (`(message "hi")`) do neither.
pub fn emacs(args: &[String]) -> Escapes {
    const CALLS: &str = "shell-command call-process start-process make-process process-lines process-file start-file-process \
        delete-file delete-directory write-region write-file copy-file rename-file make-symbolic-link set-file-modes append-to-file \
        save-buffer eval load funcall apply intern compile async-shell-command";
    let mut out = Escapes::default();
    let mut options = OptionWords::with(args, Dashes::Word);
    while let Some(a) = options.next() {
        let (flag, attached) = a.split_once('=').filter(|_| a.starts_with("--")).map_or((a, None), |(f, v)| (f, Some(v)));
        let mut value = || attached.or_else(|| options.value());
        match flag {
            "--eval" | "-eval" | "--execute" | "-execute" => {
                let lisp = value().unwrap_or_default();
                let calls = |c: &&str| lisp.match_indices(*c).any(|(k, _)| lisp[..k].ends_with(['(', '\'', '#']));
                if CALLS.split_whitespace().any(|c| calls(&c)) {
                    out.opaque.get_or_insert("its Lisp runs commands or changes files, which the analyser does not read");
                }
            }
            "-l" | "--load" | "-load" | "--script" | "-script" | "-f" | "--funcall" | "-funcall" | "-x" => {
                value();
                out.opaque.get_or_insert("it runs Lisp from a file or a function, which the analyser does not read");
            }
            _ => {}
        }
    }
    out
}

/// `gawk -i inplace PROGRAM FILE…` (`--include=inplace`, `-iinplace`): the indexes in `args` of
/// the files gawk's inplace extension rewrites; none when it is not loaded.
pub fn awk_in_place(args: &[String]) -> Vec<usize> {
    let library = |v: &str| matches!(v, "inplace" | "inplace.awk");
    let mut loaded = false;
    let mut program_given = false;
    let mut operands = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        if a == "--" {
            operands.extend(i..args.len());
            break;
        }
        let (flag, value) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ if a.len() > 2 && !a.starts_with("--") && a.starts_with('-') && "fvFileE".contains(&a[1..2]) => {
                (&a[..2], Some(a[2..].to_string()))
            }
            _ => (a, None),
        };
        let valued = matches!(
            flag,
            "-f" | "--file"
                | "-v"
                | "--assign"
                | "-F"
                | "--field-separator"
                | "-i"
                | "--include"
                | "-l"
                | "--load"
                | "-e"
                | "--source"
                | "-E"
                | "--exec"
        );
        if !a.starts_with('-') || a == "-" {
            operands.push(i - 1);
            continue;
        }
        if !valued {
            continue;
        }
        let value = value.or_else(|| args.get(i).inspect(|_| i += 1).cloned()).unwrap_or_default();
        loaded |= matches!(flag, "-i" | "--include") && library(&value);
        program_given |= matches!(flag, "-f" | "--file" | "-e" | "--source" | "-E" | "--exec");
    }
    if !loaded {
        return Vec::new();
    }
    // The program is the first operand unless a file or `-e` gave it; `NAME=value` assigns.
    let files = if program_given { &operands[..] } else { operands.get(1..).unwrap_or(&[]) };
    files
        .iter()
        .copied()
        .filter(|&k| {
            !args[k].split_once('=').is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        })
        .collect()
}

/// A debugger's commands (`gdb -ex CMD`, `--eval-command=CMD`, `-iex`; `lldb -o CMD`,
/// `--one-line`, `-O`): `!cmd`, `shell cmd` and lldb's `platform shell cmd` run a shell command;
/// `python …` and `script …` run code in a language read nowhere here, and a command file
/// (`-x FILE`, `-s FILE`) is not read: both opaque. Running the program under test (`run`) is
/// the program's own run, judged as its command is.
pub fn debugger(name: &str, args: &[String]) -> Escapes {
    let (commands, files): (&[&str], &[&str]) = match name {
        "gdb" | "gdb-multiarch" | "cgdb" => (
            &["-ex", "--ex", "-iex", "--iex", "-eval-command", "--eval-command", "-init-eval-command", "--init-eval-command"],
            &["-x", "--x", "-ix", "--ix", "-command", "--command", "-init-command", "--init-command"],
        ),
        _ => (
            &["-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash"],
            &["-s", "--source", "-S", "--source-before-file", "-K", "--source-on-crash"],
        ),
    };
    let mut out = Escapes::default();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let (flag, attached) = a.split_once('=').filter(|(f, _)| f.starts_with("--")).map_or((a, None), |(f, v)| (f, Some(v)));
        let value = attached.or_else(|| args.get(i + 1).map(String::as_str).filter(|_| commands.contains(&flag) || files.contains(&flag)));
        if commands.contains(&flag) {
            if let Some(command) = value {
                let command = command.trim();
                let shell = command
                    .strip_prefix('!')
                    .or_else(|| command.strip_prefix("shell "))
                    .or_else(|| command.strip_prefix("platform shell "))
                    .or_else(|| command.strip_prefix("pipe ").and_then(|c| c.split_once('|')).map(|(_, c)| c));
                match shell {
                    Some(c) => out.runs.push(c.trim().to_string()),
                    None if ["python", "py ", "pi ", "script", "source ", "guile", "gu "].iter().any(|w| command.starts_with(w)) => {
                        out.opaque.get_or_insert("its debugger command runs code or a file the analyser does not read");
                    }
                    None => {}
                }
            }
        } else if files.contains(&flag) && value.is_some() {
            out.opaque.get_or_insert("its debugger commands are in a file the analyser does not read");
        } else if (a == "--args" && name != "lldb" || a == "--" && name == "lldb") && i + 1 < args.len() {
            // `gdb --args PROG ARGS…`, `lldb -- PROG ARGS…`: the program it runs, with its arguments.
            out.runs.push(shell_words::join(&args[i + 1..]));
            break;
        }
        i += if attached.is_none() && (commands.contains(&flag) || files.contains(&flag)) { 2 } else { 1 };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sed_scripts_run_and_write_what_they_say() {
        assert_eq!(sed("1e rm -rf ~").runs, ["rm -rf ~"]);
        assert_eq!(sed("s/a/b/w /etc/passwd").writes, ["/etc/passwd"]);
        assert_eq!(sed("/x/w out.txt\ns/a/b/").writes, ["out.txt"]);
        assert!(sed("s/.*/rm -rf ~/e").opaque.is_some());
        assert!(sed("$e").opaque.is_some());
        for harmless in ["s/e/w/g", "s|/usr|/opt|g; /^#/d", "y/abc/xyz/", "1,/end/{s/x/y/;p}", "/start/,/stop/ s/we/ew/", "10q"] {
            assert_eq!(sed(harmless), Escapes::default(), "{harmless}");
        }
        let args: Vec<String> = ["-n", "-e", "1p", "--expression=2w x", "f"].iter().map(|a| a.to_string()).collect();
        assert_eq!(sed_scripts(&args).0, ["1p", "2w x"]);
        let args: Vec<String> = ["-i", "s/a/b/", "f"].iter().map(|a| a.to_string()).collect();
        assert_eq!(sed_scripts(&args).0, ["s/a/b/"]);
    }

    #[test]
    fn a_pagers_initial_command_runs_its_bang() {
        assert_eq!(pager("!rm -rf ~").runs, ["rm -rf ~"]);
        assert_eq!(pager("+!rm -rf ~").runs, ["rm -rf ~"]);
        assert!(pager("|mcat").opaque.is_some());
        for harmless in ["G", "F", "/pattern", "50", "?x!", "g"] {
            assert_eq!(pager(harmless), Escapes::default(), "{harmless}");
        }
    }

    #[test]
    fn ed_scripts_run_their_bang_lines() {
        assert_eq!(ed("!rm -rf ~\nq").runs, ["rm -rf ~"]);
        assert!(ed("1,$w !sh").opaque.is_some());
        assert!(ed("w !python3 -").opaque.is_some());
        assert_eq!(ed("w !wc -l").runs, ["wc -l"]);
        for code in [
            "lua os.execute('rm -rf ~')",
            "py3 import os",
            "pyt print(1)",
            "perldo $_",
            "rubyf x.rb",
            "so evil.vim",
            "ter rm -rf ~",
            "luafile x.lua",
            "silent! lua x()",
        ] {
            assert!(ed(code).opaque.is_some(), "{code}");
        }
        for harmless in ["set number", "normal gg=G", "sort", "syntax on", "p", "s/a/b/", "te", "r notes.txt"] {
            assert_eq!(ed(harmless).opaque, None, "{harmless}");
        }
        assert_eq!(ed("r !curl x").runs, ["curl x"]);
        assert_eq!(ed(",s/a/b/\nw\nq").runs, Vec::<String>::new());
        assert_eq!(ed("w /etc/hosts").writes, ["/etc/hosts"]);
        assert!(ed("call system('rm -rf ~')").opaque.is_some());
        assert_eq!(ed("%!sort").runs, ["sort"]);
        assert_eq!(ed("w! /x|q").writes, ["/x"]);
        assert_eq!(ed("sav! /y").writes, ["/y"]);
    }

    #[test]
    fn vim_commands_in_clusters_and_emacs_lisp() {
        let words = |w: &[&str]| w.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        assert_eq!(vim_commands(&words(&["-sc", "!rm -rf ~", "-cx"])), ["!rm -rf ~", "x"]);
        assert_eq!(vim_commands(&words(&["-Nesc", "w /tmp/x", "f"])), ["w /tmp/x"]);
        assert_eq!(vim_commands(&words(&["-R", "-O", "a", "b"])), Vec::<String>::new());
        assert!(emacs(&words(&["--batch", "--eval", "(shell-command \"rm -rf ~\")"])).opaque.is_some());
        assert!(emacs(&words(&["-batch", "--eval=(delete-directory \"~\" t)"])).opaque.is_some());
        assert!(emacs(&words(&["--script", "x.el"])).opaque.is_some());
        assert_eq!(emacs(&words(&["--batch", "--eval", "(message \"hi\")", "notes.org"])), Escapes::default());
        assert_eq!(emacs(&words(&["-nw", "src/main.c"])), Escapes::default());
    }
}
