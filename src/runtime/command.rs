//! Shell command analysis: which programs a command line would really run.
//!
//! Command rules must see `git push` in `make && git push` or `sudo -u ci bash -c 'git push'`, but not
//! in `git commit -m "never git push"` or in the body of a heredoc fed to `cat`. So the command is
//! split the way a shell would (quotes, escapes, pipelines, `&&`/`||`/`;`/`&` chains, subshells,
//! command and process substitution, heredocs, redirections), wrappers that run their arguments as a
//! command (`sudo`, `env`, `xargs`, `timeout`, `nice`, `sh -c`, `eval`, `find -exec`, …) are peeled,
//! and each simple command becomes one normalised text:
//!
//! - `prog arg1 arg2 …`: the program's base name (`/usr/bin/rm` → `rm`), then the arguments after
//!   quote removal, separated by one space; an argument holding spaces or shell operators is shown in
//!   single quotes, so that it stays one argument to the eye of a regular expression;
//! - `> target` for every redirection that writes a file (`>`, `>>`, `>|`, `&>`, `2>` …), as a text of
//!   its own; input redirections and heredoc bodies produce nothing.
//!
//! The analysis never fails: text a shell would reject (an unterminated quote) is read to its end.

/// The normalised texts of every simple command `command` would run, wrappers included
/// (`sudo rm -rf /` yields `sudo rm -rf /` and `rm -rf /`).
pub fn simple_commands(command: &str) -> Vec<String> {
    analyse(command).texts
}

/// What a command line would run.
#[derive(Debug, Default)]
pub struct Analysis {
    /// The normalised text of every simple command, wrappers included.
    pub texts: Vec<String>,
    /// The patch texts given to `apply_patch`/`applypatch` (heredoc body, or an argument holding
    /// `*** Begin Patch`): the shell writes those files, so they are gated as edits.
    pub patches: Vec<String>,
}

pub fn analyse(command: &str) -> Analysis {
    let mut out = Analysis::default();
    analyse_into(command, 0, &mut out);
    out
}

/// How deep `sh -c "sh -c '…'"` and substitutions are followed; deeper text is matched as it is.
const MAX_DEPTH: usize = 8;

fn analyse_into(command: &str, depth: usize, out: &mut Analysis) {
    if depth > MAX_DEPTH {
        out.texts.push(command.to_string());
        return;
    }
    let chars: Vec<char> = command.chars().collect();
    let mut lexer = Lexer { chars: &chars, i: 0, pending: Vec::new(), bodies: Vec::new(), nested: Vec::new() };
    let cmds = lexer.commands(false);
    let bodies = std::mem::take(&mut lexer.bodies);
    for nested in std::mem::take(&mut lexer.nested) {
        analyse_into(&nested, depth + 1, out);
    }
    for cmd in cmds {
        expand(&cmd, &bodies, depth, out);
    }
}

/// One simple command as the lexer saw it.
#[derive(Default, Debug)]
struct Cmd {
    words: Vec<String>,
    /// Files written by output redirections.
    writes: Vec<String>,
    /// Indexes into the heredoc bodies of this command.
    heredocs: Vec<usize>,
}

struct Lexer<'a> {
    chars: &'a [char],
    i: usize,
    /// Heredocs whose bodies start at the next newline: (delimiter, strip leading tabs, body index).
    pending: Vec<(String, bool, usize)>,
    bodies: Vec<String>,
    /// Command texts found in `$(…)`, backticks and `<(…)`, analysed on their own.
    nested: Vec<String>,
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.i + ahead).copied()
    }

    /// Reads simple commands until the end, or (inside `$(`) until the `)` that closes it.
    fn commands(&mut self, in_subst: bool) -> Vec<Cmd> {
        let mut cmds = Vec::new();
        let mut cur = Cmd::default();
        let mut paren_depth = 0usize;
        while let Some(c) = self.peek(0) {
            match c {
                ' ' | '\t' | '\r' => self.i += 1,
                '\n' => {
                    self.i += 1;
                    self.read_heredoc_bodies();
                    finish(&mut cmds, &mut cur);
                }
                ';' | '&' | '|' if !(c == '&' && self.peek(1) == Some('>')) => {
                    self.i += 1;
                    while matches!(self.peek(0), Some(';' | '&' | '|')) {
                        self.i += 1;
                    }
                    finish(&mut cmds, &mut cur);
                }
                '(' => {
                    self.i += 1;
                    paren_depth += 1;
                    finish(&mut cmds, &mut cur);
                }
                ')' => {
                    self.i += 1;
                    if paren_depth == 0 && in_subst {
                        break;
                    }
                    paren_depth = paren_depth.saturating_sub(1);
                    finish(&mut cmds, &mut cur);
                }
                '<' | '>' | '&' => self.redirection(&mut cur),
                '#' => {
                    while !matches!(self.peek(0), None | Some('\n')) {
                        self.i += 1;
                    }
                }
                _ => {
                    let word = self.word();
                    // `2>file`: digits right before a redirection are a file descriptor, not a word.
                    let is_fd = !word.is_empty()
                        && word.chars().all(|c| c.is_ascii_digit())
                        && matches!(self.peek(0), Some('<' | '>'));
                    if !is_fd {
                        cur.words.push(word);
                    }
                }
            }
        }
        finish(&mut cmds, &mut cur);
        cmds
    }

    fn redirection(&mut self, cur: &mut Cmd) {
        let rest: String = self.chars[self.i..self.chars.len().min(self.i + 3)].iter().collect();
        // Process substitution runs a command: analyse it.
        if rest.starts_with("<(") || rest.starts_with(">(") {
            self.i += 2;
            let start = self.i;
            self.skip_subst();
            self.push_nested(start, self.i.saturating_sub(1));
            return;
        }
        if rest.starts_with("<<<") {
            self.i += 3;
            self.skip_blanks();
            self.word();
            return;
        }
        if rest.starts_with("<<") {
            self.i += 2;
            let strip = self.peek(0) == Some('-');
            if strip {
                self.i += 1;
            }
            self.skip_blanks();
            let delimiter = self.word();
            let index = self.bodies.len();
            self.bodies.push(String::new());
            self.pending.push((delimiter, strip, index));
            cur.heredocs.push(index);
            return;
        }
        let (len, writes) = if rest.starts_with("&>>") {
            (3, true)
        } else if rest.starts_with(">>") || rest.starts_with(">|") || rest.starts_with("&>") || rest.starts_with("<>") {
            (2, true)
        } else if rest.starts_with(">&") || rest.starts_with("<&") {
            (2, rest.starts_with('>'))
        } else {
            (1, rest.starts_with('>'))
        };
        self.i += len;
        self.skip_blanks();
        let target = self.word();
        let dup = rest.starts_with(">&") || rest.starts_with("<&");
        let is_fd = dup && (target == "-" || target.chars().all(|c| c.is_ascii_digit()));
        if writes && !is_fd && !target.is_empty() {
            cur.writes.push(target);
        }
    }

    fn skip_blanks(&mut self) {
        while matches!(self.peek(0), Some(' ' | '\t')) {
            self.i += 1;
        }
    }

    /// One shell word with its quotes removed.
    fn word(&mut self) -> String {
        let mut w = String::new();
        while let Some(c) = self.peek(0) {
            match c {
                ' ' | '\t' | '\r' | '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')' => break,
                '\\' => {
                    if let Some(next) = self.peek(1) {
                        if next != '\n' {
                            w.push(next);
                        }
                        self.i += 2;
                    } else {
                        self.i += 1;
                    }
                }
                '\'' => {
                    self.i += 1;
                    while let Some(c) = self.peek(0) {
                        self.i += 1;
                        if c == '\'' {
                            break;
                        }
                        w.push(c);
                    }
                }
                '"' => {
                    self.i += 1;
                    self.double_quoted(&mut w);
                }
                '`' => self.backticks(&mut w),
                '$' => self.dollar(&mut w),
                _ => {
                    w.push(c);
                    self.i += 1;
                }
            }
        }
        w
    }

    fn double_quoted(&mut self, w: &mut String) {
        while let Some(c) = self.peek(0) {
            match c {
                '"' => {
                    self.i += 1;
                    return;
                }
                '\\' => {
                    match self.peek(1) {
                        Some('\n') => {}
                        Some(n @ ('"' | '\\' | '$' | '`')) => w.push(n),
                        Some(n) => {
                            w.push('\\');
                            w.push(n);
                        }
                        None => {}
                    }
                    self.i += 2;
                }
                '`' => self.backticks(w),
                '$' => self.dollar(w),
                _ => {
                    w.push(c);
                    self.i += 1;
                }
            }
        }
    }

    /// `$(…)` is a command to analyse; `$'…'` is a quoted string; anything else stays as written.
    fn dollar(&mut self, w: &mut String) {
        match self.peek(1) {
            Some('(') if self.peek(2) == Some('(') => {
                // Arithmetic: no command runs, keep the text.
                let start = self.i;
                self.i += 3;
                self.skip_subst();
                if self.peek(0) == Some(')') {
                    self.i += 1;
                }
                w.extend(&self.chars[start..self.i]);
            }
            Some('(') => {
                let start = self.i;
                self.i += 2;
                let inner = self.i;
                self.skip_subst();
                self.push_nested(inner, self.i.saturating_sub(1));
                w.extend(&self.chars[start..self.i]);
            }
            Some('\'') => {
                self.i += 2;
                while let Some(c) = self.peek(0) {
                    self.i += 1;
                    match c {
                        '\'' => break,
                        '\\' => {
                            if let Some(n) = self.peek(0) {
                                w.push(match n {
                                    'n' => '\n',
                                    't' => '\t',
                                    other => other,
                                });
                                self.i += 1;
                            }
                        }
                        _ => w.push(c),
                    }
                }
            }
            _ => {
                w.push('$');
                self.i += 1;
            }
        }
    }

    fn backticks(&mut self, w: &mut String) {
        let start = self.i;
        self.i += 1;
        let mut inner = String::new();
        while let Some(c) = self.peek(0) {
            self.i += 1;
            match c {
                '`' => break,
                '\\' => {
                    if let Some(n) = self.peek(0) {
                        inner.push(n);
                        self.i += 1;
                    }
                }
                _ => inner.push(c),
            }
        }
        self.nested.push(inner);
        w.extend(&self.chars[start..self.i]);
    }

    /// Skips to just past the `)` closing a substitution whose `(` was consumed, with quotes and
    /// heredocs inside understood (an apostrophe in a heredoc commit message must not open a quote).
    fn skip_subst(&mut self) {
        let mut inner = Lexer { chars: self.chars, i: self.i, pending: Vec::new(), bodies: Vec::new(), nested: Vec::new() };
        inner.commands(true);
        self.i = inner.i;
    }

    fn push_nested(&mut self, start: usize, end: usize) {
        let end = end.max(start).min(self.chars.len());
        self.nested.push(self.chars[start..end].iter().collect());
    }

    /// After a newline, the bodies of the heredocs opened on the line just ended.
    fn read_heredoc_bodies(&mut self) {
        for (delimiter, strip, index) in std::mem::take(&mut self.pending) {
            let mut body = String::new();
            while self.i < self.chars.len() {
                let start = self.i;
                while !matches!(self.peek(0), None | Some('\n')) {
                    self.i += 1;
                }
                let line: String = self.chars[start..self.i].iter().collect();
                if self.i < self.chars.len() {
                    self.i += 1;
                }
                let candidate = if strip { line.trim_start_matches('\t') } else { line.as_str() };
                if candidate == delimiter {
                    break;
                }
                body.push_str(&line);
                body.push('\n');
            }
            self.bodies[index] = body;
        }
    }
}

fn finish(cmds: &mut Vec<Cmd>, cur: &mut Cmd) {
    if !cur.words.is_empty() || !cur.writes.is_empty() || !cur.heredocs.is_empty() {
        cmds.push(std::mem::take(cur));
    }
}

/// Shell words that start a compound command or negate one: the program comes after them.
/// (`time` is not here: it takes options, `time -p cmd`, so it is peeled as a wrapper.)
const KEYWORDS: &[&str] = &["!", "{", "}", "if", "then", "else", "elif", "fi", "do", "done", "while", "until"];

const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "fish", "busybox"];

/// Peels wrappers off one simple command and pushes the normalised texts.
fn expand(cmd: &Cmd, bodies: &[String], depth: usize, out: &mut Analysis) {
    for target in &cmd.writes {
        out.texts.push(format!("> {target}"));
    }
    let mut w: &[String] = &cmd.words;
    loop {
        while let Some(first) = w.first() {
            if KEYWORDS.contains(&first.as_str()) || is_assignment(first) {
                w = &w[1..];
            } else {
                break;
            }
        }
        let Some(first) = w.first() else { return };
        let prog = program_name(first);
        out.texts.push(text(prog, &w[1..]));
        let args = &w[1..];
        w = match prog {
            "sudo" | "doas" => skip_options(args, "ugCDhprtUTc"),
            "nice" => skip_options(args, "n"),
            "ionice" => skip_options(args, "cnpPu"),
            "time" => skip_options(args, "fo"),
            "setsid" | "unbuffer" => skip_options(args, ""),
            "caffeinate" => skip_options(args, "tw"),
            "nohup" | "builtin" => args,
            "flock" => match flock_args(args) {
                Some(FlockArgs::Command(rest)) => rest,
                Some(FlockArgs::Script(script)) => {
                    analyse_into(script, depth + 1, out);
                    return;
                }
                None => return,
            },
            "apply_patch" | "applypatch" => {
                let heredocs = cmd.heredocs.iter().filter_map(|&i| bodies.get(i)).cloned();
                let argument = args.iter().find(|a| a.contains("*** Begin Patch")).cloned();
                out.patches.extend(heredocs.chain(argument));
                return;
            }
            "command" => {
                if args.first().is_some_and(|a| a == "-v" || a == "-V") {
                    return;
                }
                skip_options(args, "")
            }
            "exec" => skip_options(args, "a"),
            "stdbuf" => skip_options(args, "ioe"),
            // The first operand is the priority or the CPU mask.
            "chrt" => skip_options(args, "TPD").get(1..).unwrap_or(&[]),
            "taskset" => skip_options(args, "").get(1..).unwrap_or(&[]),
            "timeout" => skip_options(args, "sk").get(1..).unwrap_or(&[]),
            "xargs" => skip_options(args, "adEILnPs"),
            "env" => match env_args(args) {
                EnvArgs::Command(rest) => rest,
                EnvArgs::Split(script, rest) => {
                    let mut joined = script;
                    for a in rest {
                        joined.push(' ');
                        joined.push_str(&quote(a));
                    }
                    analyse_into(&joined, depth + 1, out);
                    return;
                }
            },
            "eval" => {
                analyse_into(&args.join(" "), depth + 1, out);
                return;
            }
            "find" | "fd" => {
                find_exec(args, bodies, depth, out);
                return;
            }
            "watch" => {
                let rest = skip_options(args, "nd");
                analyse_into(&rest.join(" "), depth + 1, out);
                return;
            }
            shell if SHELLS.contains(&shell) => {
                shell_script(args, cmd, bodies, depth, out);
                return;
            }
            _ => return,
        };
    }
}

/// `sh -c 'script'`, `bash -lc 'script'`, or `bash <<EOF … EOF` (a body fed to a shell runs).
/// The script is the first operand after `-c`; `-o name`, `-O name` (and `+o`, `+O`, clustered as in
/// `-eo pipefail`) and `--rcfile file` take the next word, which is no script.
fn shell_script(args: &[String], cmd: &Cmd, bodies: &[String], depth: usize, out: &mut Analysis) {
    let mut expects_script = false;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        if a.starts_with("--") {
            if matches!(a, "--rcfile" | "--init-file") {
                i += 1;
            }
        } else if let Some(flags) = a.strip_prefix(['-', '+']).filter(|f| !f.is_empty()) {
            expects_script |= a.starts_with('-') && flags.contains('c');
            if flags.ends_with(['o', 'O']) {
                i += 1;
            }
        } else {
            // The script, or else a script file whose content is not known here.
            if expects_script {
                analyse_into(a, depth + 1, out);
            }
            return;
        }
    }
    for &index in &cmd.heredocs {
        if let Some(body) = bodies.get(index) {
            analyse_into(body, depth + 1, out);
        }
    }
}

enum FlockArgs<'a> {
    Command(&'a [String]),
    /// `flock [options] lockfile -c 'command'`: a string a shell runs.
    Script(&'a str),
}

/// `flock [options] lockfile command…` or `flock [options] lockfile -c 'command'`; `-w secs` and
/// `-E code` take an argument. `None` for `flock fd` (locks a descriptor, runs nothing).
fn flock_args(args: &[String]) -> Option<FlockArgs<'_>> {
    let mut i = 0;
    let mut lockfile = false;
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "-c" | "--command" => return args.get(i + 1).map(|s| FlockArgs::Script(s)),
            "-w" | "--timeout" | "--wait" | "-E" | "--conflict-exit-code" => i += 2,
            "--" => return Some(FlockArgs::Command(&args[i + 1..])),
            _ if a.starts_with('-') && !lockfile => i += 1,
            _ if lockfile => return Some(FlockArgs::Command(&args[i..])),
            _ => {
                lockfile = true;
                i += 1;
            }
        }
    }
    None
}

/// `find … -exec rm {} \;`: the words after `-exec`/`-execdir`/`-ok` up to `;` or `+` are a command.
fn find_exec(args: &[String], bodies: &[String], depth: usize, out: &mut Analysis) {
    let mut i = 0;
    while i < args.len() {
        if matches!(args[i].as_str(), "-exec" | "-execdir" | "-ok" | "-okdir" | "-x" | "--exec" | "-X" | "--exec-batch") {
            let start = i + 1;
            let mut end = start;
            while end < args.len() && args[end] != ";" && args[end] != "+" {
                end += 1;
            }
            let inner = Cmd { words: args[start..end].to_vec(), ..Cmd::default() };
            expand(&inner, bodies, depth + 1, out);
            i = end;
        }
        i += 1;
    }
}

enum EnvArgs<'a> {
    Command(&'a [String]),
    /// `env -S 'prog args'`: a string to split, then the remaining arguments.
    Split(String, &'a [String]),
}

fn env_args(args: &[String]) -> EnvArgs<'_> {
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "--" {
            return EnvArgs::Command(&args[i + 1..]);
        } else if a == "-S" || a == "--split-string" {
            let script = args.get(i + 1).cloned().unwrap_or_default();
            return EnvArgs::Split(script, args.get(i + 2..).unwrap_or(&[]));
        } else if let Some(script) = a.strip_prefix("--split-string=").or_else(|| a.strip_prefix("-S").filter(|s| !s.is_empty())) {
            return EnvArgs::Split(script.to_string(), &args[i + 1..]);
        } else if a == "-u" || a == "-C" || a == "--unset" || a == "--chdir" {
            i += 2;
        } else if a.starts_with('-') || is_assignment(a) {
            i += 1;
        } else {
            break;
        }
    }
    EnvArgs::Command(&args[i.min(args.len())..])
}

/// Skips options (and the argument of those in `with_arg`, written apart or attached) up to the first
/// operand. `--` ends the options. Long options take their argument attached with `=`.
fn skip_options<'a>(args: &'a [String], with_arg: &str) -> &'a [String] {
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "--" {
            return &args[i + 1..];
        }
        if a.starts_with("--") {
            i += 1;
            continue;
        }
        let Some(flags) = a.strip_prefix('-').filter(|f| !f.is_empty()) else { break };
        if flags.chars().all(|c| c.is_ascii_digit()) {
            // `nice -10`, `xargs -0`.
            i += 1;
            continue;
        }
        // In a cluster like `-un` the first flag that takes an argument consumes the rest, or the
        // next word when nothing follows it.
        let mut takes_next = false;
        for (pos, f) in flags.char_indices() {
            if with_arg.contains(f) {
                takes_next = pos + f.len_utf8() == flags.len();
                break;
            }
        }
        i += if takes_next { 2 } else { 1 };
    }
    &args[i.min(args.len())..]
}

fn is_assignment(word: &str) -> bool {
    match word.split_once('=') {
        Some((name, _)) => {
            !name.is_empty()
                && !name.starts_with(|c: char| c.is_ascii_digit())
                && name.trim_end_matches('+').chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        }
        None => false,
    }
}

/// `/usr/bin/rm` → `rm`; `\rm` has already lost its backslash in the lexer.
fn program_name(word: &str) -> &str {
    word.rsplit('/').next().filter(|s| !s.is_empty()).unwrap_or(word)
}

fn text(prog: &str, args: &[String]) -> String {
    let mut t = prog.to_string();
    for a in args {
        t.push(' ');
        t.push_str(&quote(a));
    }
    t
}

/// An argument as one regex-visible unit: in single quotes when it holds blanks or shell operators.
fn quote(arg: &str) -> String {
    let needs = arg.is_empty() || arg.chars().any(|c| c.is_whitespace() || "'\";&|<>()`".contains(c));
    if needs { format!("'{}'", arg.replace('\'', r"'\''")) } else { arg.to_string() }
}

#[cfg(test)]
mod tests {
    use super::simple_commands;

    fn texts(cmd: &str) -> Vec<String> {
        simple_commands(cmd)
    }

    #[test]
    fn chains_and_pipes_split() {
        assert_eq!(texts("make && git push || echo no; ls | wc -l & true"), ["make", "git push", "echo no", "ls", "wc -l", "true"]);
    }

    #[test]
    fn quoted_arguments_stay_arguments() {
        assert_eq!(texts(r#"git commit -m "never git push --force""#), ["git commit -m 'never git push --force'"]);
    }

    #[test]
    fn wrappers_are_peeled() {
        assert_eq!(
            texts("sudo -u root env FOO=1 timeout -s KILL 10 nice -n 5 rm -rf /"),
            [
                "sudo -u root env FOO=1 timeout -s KILL 10 nice -n 5 rm -rf /",
                "env FOO=1 timeout -s KILL 10 nice -n 5 rm -rf /",
                "timeout -s KILL 10 nice -n 5 rm -rf /",
                "nice -n 5 rm -rf /",
                "rm -rf /"
            ]
        );
        assert!(texts("bash -lc 'cd x && git push -f'").contains(&"git push -f".to_string()));
    }

    #[test]
    fn heredoc_bodies_are_data_unless_fed_to_a_shell() {
        let commit = "git commit -m \"$(cat <<'EOF'\nIt's done: rm -rf / (safe)\nEOF\n)\" && echo ok";
        assert_eq!(texts(commit), ["cat", "git commit -m '$(cat <<'\\''EOF'\\''\nIt'\\''s done: rm -rf / (safe)\nEOF\n)'", "echo ok"]);
        assert!(texts("bash <<EOF\nrm -rf /\nEOF\n").contains(&"rm -rf /".to_string()));
    }

    #[test]
    fn apply_patch_bodies_are_patches() {
        let a = super::analyse("cd x && apply_patch <<'EOF'\n*** Begin Patch\nEOF\nsh -c 'applypatch \"*** Begin Patch 2\"'");
        assert_eq!(a.patches, ["*** Begin Patch\n", "*** Begin Patch 2"]);
        assert!(super::analyse("echo apply_patch; apply_patch --help").patches.is_empty());
    }

    #[test]
    fn redirections_are_writes() {
        assert_eq!(texts("echo x >> ~/.claude/settings.json 2>/dev/null"), ["> ~/.claude/settings.json", "> /dev/null", "echo x"]);
        assert_eq!(texts("cmd 2>&1 >&2"), ["cmd"]);
    }
}
