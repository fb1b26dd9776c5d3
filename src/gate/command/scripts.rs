//! Shell scripts a call runs by name that are already on disk (`./scripts/release.sh`,
//! `bash tools/wipe.sh`, `. ./env.sh`): what runs is the script's text, read at judging time
//! (bounded, never run) and judged as commands of the call.

use super::programs::{self, Interpreter, Role};
use super::syntax::Word;
use super::{Dirs, ShellState, Walk};
use std::path::Path;

/// Script files read, at most (bytes); a larger one is opaque.
const MAX_SCRIPT_FILE: u64 = 256 << 10;
/// Lines of a script `gitvow check` shows; the rest are judged all the same.
pub(super) const MAX_SHOWN: usize = 40;

/// Program files an interpreter runs that are read, at most (bytes); a larger one is left unread,
/// as every program file was before.
const MAX_PROGRAM_FILE: u64 = 64 << 10;

/// What a file run as a shell script holds, for the analysis.
pub(super) enum Script {
    /// Shell text.
    Shell(String),
    /// Another program's script: its `#!` line names that program.
    Program(String),
    /// Not a shell script (a compiled program, another language's script), absent, or not a
    /// regular file: judged as a program, as before.
    Other,
    Opaque(&'static str),
}

impl Walk<'_> {
    /// The script on disk that `word` names, run as a shell script (`by_shell`: a shell was named
    /// for it, so its first line does not choose another interpreter), judged as its commands.
    pub(super) fn script_on_disk(&mut self, word: &Word, dirs: &Dirs, shell: &ShellState, reparse: usize, by_shell: bool) {
        let Some(found) = self.paths(word, dirs) else { return };
        for touch in found.into_iter().filter(|t| t.glob.is_none()) {
            if self.seen.scripts.iter().any(|(p, _)| *p == touch.path) {
                // The call wrote it: read as the text it wrote (see `written_script`).
                continue;
            }
            // `bash /tmp/nope.sh`: a file named to a shell that is not there (see `absent_elsewhere`).
            // One run by path (`/path/to/script.sh` in a finder's `-exec`) is judged as the
            // program it names, as before.
            if by_shell && self.absent_elsewhere(&touch.path) {
                self.opaque(ABSENT);
                continue;
            }
            let text = match read_script(&touch.path, by_shell) {
                Script::Shell(text) => text,
                Script::Program(name) => {
                    if let Role::Interpreter(interpreter) = programs::role(&name) {
                        let here = ShellState { dirs: dirs.clone(), ..shell.clone() };
                        self.program_file(&name, &interpreter, &touch.path, &here, reparse);
                    }
                    continue;
                }
                Script::Other => continue,
                Script::Opaque(why) => {
                    self.opaque(why);
                    continue;
                }
            };
            let shown = self.shown(&touch.path);
            let lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
            for (n, line) in lines.take(MAX_SHOWN) {
                self.out.sources.push(format!("the script {shown}:{}: {}", n + 1, line.trim()));
            }
            // The script runs in the call's directory, wherever it lies.
            self.text(&text, &mut ShellState { dirs: dirs.clone(), ..shell.clone() }, reparse + 1);
        }
    }
}

impl Walk<'_> {
    /// Whether `path`, named as a script or program file, is not on disk when judged and lies
    /// outside the project (a temporary directory, the home directory, another project): a job
    /// started earlier, in the call or by another call, may write it before it runs, with any
    /// text. One in the project that is not there (`. .venv/bin/activate`, `python manage.py`
    /// before they are made, `[ -f .env.test ] && . ./.env.test`) is the project's own file,
    /// which the everyday commands name, and fails as before; what the call itself writes there
    /// is read as it wrote it. So are the home directory's dot files and tools' directories
    /// (`source ~/.bashrc`, `. ~/.cargo/env`, `source ~/.nvm/nvm.sh`), which the gate guards or
    /// which the tools' installers make.
    fn absent_elsewhere(&self, path: &Path) -> bool {
        use crate::gate::place::lexical;
        let path = lexical(path);
        let project = lexical(self.ctx.repo_top.unwrap_or(self.ctx.cwd));
        let dotted = self
            .ctx
            .home
            .map(lexical)
            .and_then(|h| path.strip_prefix(h).ok().map(Path::to_path_buf))
            .is_some_and(|rest| rest.components().next().is_some_and(|c| c.as_os_str().to_string_lossy().starts_with('.')));
        std::fs::symlink_metadata(&path).is_err() && !path.starts_with(project) && !dotted
    }

    /// The program file `word` names, run by the interpreter `name` (`python3 /tmp/x.py`, `node
    /// x.js`), judged as its inline text is ([`Walk::program_file`]).
    pub(super) fn program_on_disk(&mut self, name: &str, interpreter: &Interpreter, word: &Word, here: &ShellState, reparse: usize) {
        let Some(found) = self.paths(word, &here.dirs) else { return };
        // `python3 /tmp/missing.py`, `awk -f /tmp/x.awk`: a program file that is not there.
        // An operand that names no file of a language (`bun test`, `node dist/index`, a URL or
        // a registry specifier) is left to the interpreter, as before.
        let names_file = word.literal().is_some_and(|t| !t.contains(':') && has_extension(Path::new(&t), PROGRAM_EXTENSIONS));
        for touch in found.into_iter().filter(|t| t.glob.is_none()) {
            if names_file && self.absent_elsewhere(&touch.path) {
                self.opaque(ABSENT);
                continue;
            }
            self.program_file(name, interpreter, &touch.path, here, reparse);
        }
    }

    /// A program file on disk, read at judging time (bounded, never run) and judged as the same
    /// text given inline (`NAME -c TEXT`): the rules see it, what it reaches of gitvow's secrets
    /// counts, and what it plainly removes, writes, moves or runs is judged. What the reader
    /// cannot tell of it is left as before (a project's own tool is often computed throughout,
    /// and was never asked about). One too large, unreadable or of no language the analyser
    /// reads is left unread, as before.
    fn program_file(&mut self, name: &str, interpreter: &Interpreter, path: &Path, here: &ShellState, reparse: usize) {
        // awk takes its inline program as its first operand (`awk -f FILE` is `awk 'TEXT'`).
        let flag = match interpreter.inline.first() {
            Some(flag) => Some(*flag),
            None if interpreter.program_operand => None,
            None => return,
        };
        if crate::gate::regular_file::written_when_read(path) {
            self.opaque("it runs a program from a pipe or a device, whose text is not on disk");
            return;
        }
        if interpreter.language.is_none() || std::fs::metadata(path).map_or(true, |m| !m.is_file() || m.len() > MAX_PROGRAM_FILE) {
            return;
        }
        let Ok(Some(text)) = crate::gate::regular_file::read_text(path, "a program file", MAX_PROGRAM_FILE) else { return };
        let shown = self.shown(path);
        let inline = flag.map_or_else(|| name.to_string(), |flag| format!("{name} {flag}"));
        self.out.sources.push(format!("the program {shown}, read as `{inline}` text"));
        let args: Vec<String> = flag.map(str::to_string).into_iter().chain([text.clone()]).collect();
        self.out.texts.push(super::text(name, &args));
        self.secrets_in_code(&text, &here.dirs);
        let seen = super::nested::program_text(interpreter.language, &text);
        let plain = seen.into_iter().filter(|e| !matches!(e, super::code::CodeEffect::Opaque { .. })).collect();
        self.code_effects(plain, here, reparse);
    }
}

/// Why a named script or program file that is not on disk when judged is opaque.
const ABSENT: &str =
    "it runs a script or program file outside the project that is not on disk when judged (a job started earlier may write it first)";

/// The extensions of program files interpreters run.
const PROGRAM_EXTENSIONS: &[&str] = &[
    "py",
    "js",
    "mjs",
    "cjs",
    "ts",
    "mts",
    "cts",
    "tsx",
    "jsx",
    "rb",
    "pl",
    "pm",
    "php",
    "lua",
    "r",
    "awk",
    "tcl",
    "groovy",
    "scala",
    "jl",
    "ps1",
    "exs",
    "ex",
    "erl",
    "scm",
    "rkt",
    "lisp",
    "clj",
    "applescript",
    "scpt",
    "m4",
    "gp",
    "sh",
    "bash",
];

/// Whether `path`'s last component ends in one of `extensions` (case aside).
fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension().is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

/// Go source files read per `go run`, at most, and the size of each; past either it is opaque.
const MAX_GO_FILES: usize = 64;
/// What a Go program calls to remove or rename files or start programs: a program that names
/// none of them is judged by its command line, as a compiled one is; one that names one is
/// opaque, since the analyser does not read Go.
const GO_EFFECTS: &[&str] = &[
    "os.RemoveAll(",
    "os.Remove(",
    "os.Rename(",
    "os.Truncate(",
    "exec.Command",
    "syscall.Exec(",
    "syscall.Unlink",
    "syscall.Rmdir",
    "unix.Unlink",
    "os.StartProcess(",
];

impl Walk<'_> {
    /// Programs given code in a language the analyser does not read: `rake -e CODE`, `mix run -e
    /// CODE`, `mix eval CODE`, `rails runner CODE`; and `go run PACKAGE` of the project's own
    /// source, read at judging time (bounded) for what it calls.
    pub(super) fn unread_code(&mut self, name: &str, args: &[String], dirs: &Dirs) {
        let first = args.first().map(String::as_str);
        let inline = match name {
            "rake" => {
                args.iter().any(|a| matches!(a.as_str(), "-e" | "--execute" | "-E" | "--execute-continue" | "-p" | "--execute-print"))
            }
            "mix" => first == Some("eval") || first == Some("run") && args.iter().any(|a| a == "-e" || a == "--eval"),
            "rails" => matches!(first, Some("runner" | "r")),
            _ => false,
        };
        if inline {
            self.opaque("it runs Ruby or Elixir code given in its arguments, which the analyser does not read");
        }
        if name == "go" && first == Some("run") {
            self.go_run(&args[1..], dirs);
        }
    }

    /// `go run ./cmd/x`, `go run main.go util.go`, `go run .`: the package's source files (its
    /// tests aside), read bounded; a package from elsewhere (`go run example.com/x@latest`) is
    /// a program like any other installed one.
    fn go_run(&mut self, args: &[String], dirs: &Dirs) {
        let valued =
            ["-tags", "-ldflags", "-gcflags", "-asmflags", "-mod", "-modfile", "-exec", "-p", "-overlay", "-pkgdir", "-toolexec", "-C"];
        let mut operands = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            i += 1;
            if a.starts_with('-') {
                i += usize::from(valued.contains(&a));
                continue;
            }
            operands.push(a);
            // A package's arguments follow it; files are listed up to the first one that is not.
            if !a.ends_with(".go") {
                break;
            }
        }
        let Dirs::Known(ds) = dirs else { return };
        let local = |o: &str| o.ends_with(".go") || o == "." || o.starts_with("./") || o.starts_with("../") || o.starts_with('/');
        let Some(first) = operands.first().filter(|o| local(o)) else { return };
        for dir in ds {
            let files: Vec<std::path::PathBuf> = if first.ends_with(".go") {
                operands.iter().filter(|o| o.ends_with(".go")).map(|o| dir.join(o)).collect()
            } else {
                match std::fs::read_dir(dir.join(first.trim_end_matches("/..."))) {
                    Ok(entries) => entries
                        .filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|p| p.extension().is_some_and(|e| e == "go") && !p.to_string_lossy().ends_with("_test.go"))
                        .take(MAX_GO_FILES + 1)
                        .collect(),
                    Err(_) => continue,
                }
            };
            if files.len() > MAX_GO_FILES {
                self.opaque("it runs a Go program of more files than the analyser reads");
                return;
            }
            for f in files {
                match crate::gate::regular_file::read_text(&f, "a Go source file", MAX_PROGRAM_FILE) {
                    Ok(Some(text)) if !GO_EFFECTS.iter().any(|w| text.contains(w)) => {}
                    Ok(None) if !f.exists() => {}
                    _ => {
                        let shown = self.shown(&f);
                        self.out.sources.push(format!("the Go program {shown}"));
                        self.opaque(
                            "it runs a Go program that removes or renames files or starts programs, which the analyser does not read",
                        );
                        return;
                    }
                }
            }
        }
    }
}

pub(super) fn read_script(path: &Path, by_shell: bool) -> Script {
    use std::io::Read;
    if crate::gate::regular_file::written_when_read(path) {
        return Script::Opaque("it runs a script from a pipe or a device, whose text is not on disk");
    }
    let Ok(meta) = std::fs::metadata(path) else { return Script::Other };
    if !meta.is_file() {
        return Script::Other;
    }
    // Its first bytes tell a compiled program or another language's script from a shell script,
    // before any size is weighed: a large program run by path is a program, as before.
    let mut head = [0u8; 512];
    let Ok(n) = std::fs::File::open(path).and_then(|mut f| f.read(&mut head)) else {
        return Script::Opaque("it runs a script the analyser cannot read");
    };
    let head = &head[..n];
    if head.contains(&0) {
        return Script::Other;
    }
    let first = String::from_utf8_lossy(head.split(|b| *b == b'\n').next().unwrap_or_default()).into_owned();
    if let Some(interpreter) = first.strip_prefix("#!")
        && !by_shell
        && !is_shell_line(interpreter)
    {
        return Script::Program(line_program(interpreter).to_string());
    }
    if meta.len() > MAX_SCRIPT_FILE {
        return Script::Opaque("it runs a script larger than the analyser reads");
    }
    match crate::gate::regular_file::read_text(path, "a script", MAX_SCRIPT_FILE) {
        Ok(Some(text)) => Script::Shell(text),
        _ => Script::Opaque("it runs a script the analyser cannot read"),
    }
}

/// Whether a `#!` line names a POSIX-like shell (`/bin/sh`, `/usr/bin/env bash`, `bash -e`).
fn is_shell_line(line: &str) -> bool {
    matches!(line_program(line), "sh" | "bash" | "dash" | "zsh" | "ksh" | "mksh" | "ash" | "busybox")
}

/// The name of the program a `#!` line runs (`/usr/bin/env -S python3 -u` runs `python3`).
fn line_program(line: &str) -> &str {
    let mut words = line.split_whitespace();
    let mut program = words.next().unwrap_or("");
    if program.ends_with("/env") {
        program = words.find(|w| !w.starts_with('-')).unwrap_or("");
    }
    program.rsplit('/').next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::is_shell_line;

    #[test]
    fn shell_lines_name_a_shell() {
        for l in ["/bin/sh", "/usr/bin/env bash", "/bin/bash -eu", "/usr/bin/env -S bash -e"] {
            assert!(is_shell_line(l), "{l}");
        }
        for l in ["/usr/bin/env python3", "/usr/bin/perl", "/usr/bin/env node"] {
            assert!(!is_shell_line(l), "{l}");
        }
    }
}
