//! What programs do with their arguments: which run another command (wrappers, runners, remote and
//! container shells), which are shells and interpreters, which change files and which of their
//! arguments name those files.

use super::code;
use super::effects::Kind;

/// How a wrapper's arguments lead to the command it runs: options that take a value (short letters,
/// long names), then `operands` words that are not the command (`timeout 10`, `chroot DIR`).
struct Wrapper {
    names: &'static [&'static str],
    short_values: &'static str,
    long_values: &'static [&'static str],
    operands: usize,
}

const fn w(names: &'static [&'static str], short_values: &'static str, long_values: &'static [&'static str], operands: usize) -> Wrapper {
    Wrapper { names, short_values, long_values, operands }
}

const WRAPPERS: &[Wrapper] = &[
    w(
        &["sudo", "doas"],
        "ugCDhprtUTc",
        &["--user", "--group", "--chdir", "--host", "--prompt", "--role", "--type", "--other-user", "--command-timeout", "--close-from"],
        0,
    ),
    w(&["nice"], "n", &["--adjustment"], 0),
    w(&["ionice"], "cnpPu", &["--class", "--classdata", "--pid", "--pgid", "--uid"], 0),
    w(&["time"], "fo", &["--format", "--output"], 0),
    w(
        &[
            "setsid",
            "unbuffer",
            "nohup",
            "builtin",
            "fakeroot",
            "catchsegv",
            "torsocks",
            "proxychains",
            "proxychains4",
            "tsp",
            "nq",
            "chronic",
            "ifne",
            "xvfb-run",
            "dbus-run-session",
            "grc",
            "rlwrap",
            "entr",
        ],
        "",
        &[],
        0,
    ),
    w(&["caffeinate"], "tw", &[], 0),
    w(&["command"], "", &[], 0),
    w(&["exec"], "a", &[], 0),
    w(&["stdbuf"], "ioe", &["--input", "--output", "--error"], 0),
    w(&["chrt"], "TPD", &["--sched-runtime", "--sched-period", "--sched-deadline"], 1),
    w(&["taskset"], "", &["--cpu-list"], 1),
    w(&["timeout", "gtimeout"], "sk", &["--signal", "--kill-after"], 1),
    w(&["chroot"], "", &["--userspec", "--groups"], 1),
    w(&["strace", "ltrace"], "eoOpPsuEIbSXa", &["--output", "--trace", "--signal", "--attach", "--user", "--env"], 0),
    w(&["valgrind"], "", &[], 0),
    w(&["runuser"], "ugG", &["--user", "--group", "--supp-group"], 0),
    w(
        &["systemd-run"],
        "pEuM",
        &["--property", "--setenv", "--unit", "--machine", "--working-directory", "--uid", "--gid", "--nice", "--description", "--slice"],
        0,
    ),
    w(
        &["unshare", "nsenter", "firejail", "bwrap"],
        "tS",
        &["--target", "--setuid", "--setgid", "--wd", "--bind", "--ro-bind", "--chdir"],
        0,
    ),
    w(&["cross-env", "dotenv", "env-cmd"], "ecf", &["--environment", "--file"], 0),
    w(
        &[
            "op",
            "doppler",
            "infisical",
            "aws-vault",
            "direnv",
            "mise",
            "rtx",
            "asdf",
            "rbenv",
            "pyenv",
            "nodenv",
            "goenv",
            "fnm",
            "volta",
            "nvm",
            "conda",
            "mamba",
            "micromamba",
            "pixi",
            "devbox",
        ],
        "nep",
        &["--name", "--env-file", "--prefix", "--config", "--project", "--env", "--environment"],
        0,
    ),
    w(&["parallel"], "jS", &["--jobs"], 0),
    w(&["pkexec"], "", &["--user"], 0),
    w(&["setpriv", "prlimit", "eatmydata", "nocache", "trickle", "daemonize", "start-stop-daemon"], "", &[], 0),
    w(&["numactl"], "CNmpi", &[], 0),
    w(&["cgexec"], "g", &[], 0),
    w(&["chpst"], "ugUen", &[], 0),
    w(&["faketime", "su-exec", "gosu", "setuidgid", "s6-setuidgid"], "", &[], 1),
];

/// Subcommand words of version managers and secret runners before the command (`op run --`,
/// `aws-vault exec PROFILE --`, `direnv exec DIR`, `mise exec --`, `conda run -n env`).
const RUN_WORDS: &[&str] = &["run", "exec", "x", "shell"];

/// The index in `args` of the command a wrapper runs, or `None` when `name` is no wrapper or runs
/// nothing (`command -v x`, `sudo -l`).
pub fn wrapped(name: &str, args: &[String]) -> Option<usize> {
    let wrapper = WRAPPERS.iter().find(|w| w.names.contains(&name))?;
    if name == "command" && args.first().is_some_and(|a| a.starts_with("-v") || a.starts_with("-V")) {
        return None;
    }
    let mut start = 0;
    let runner = matches!(
        name,
        "op" | "doppler"
            | "infisical"
            | "aws-vault"
            | "direnv"
            | "mise"
            | "rtx"
            | "asdf"
            | "rbenv"
            | "pyenv"
            | "nodenv"
            | "goenv"
            | "fnm"
            | "volta"
            | "nvm"
            | "conda"
            | "mamba"
            | "micromamba"
            | "pixi"
            | "devbox"
    );
    if runner {
        // Version managers run a command only after a run word; `direnv exec DIR` and
        // `aws-vault exec PROFILE` name something first.
        let pos = args.iter().position(|a| RUN_WORDS.contains(&a.as_str()))?;
        start = pos + 1;
        if matches!(name, "direnv" | "aws-vault") {
            start += 1;
        }
        if let Some(dd) = args[start.min(args.len())..].iter().position(|a| a == "--") {
            return Some(start + dd + 1);
        }
    }
    let rest = skip_options(&args[start.min(args.len())..], wrapper.short_values, wrapper.long_values);
    let index = start + rest + wrapper.operands;
    (index < args.len()).then_some(index)
}

/// How many leading words of `args` are options (with their values), `--` included.
pub fn skip_options(args: &[String], short_values: &str, long_values: &[&str]) -> usize {
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "--" {
            return i + 1;
        }
        if let Some(long) = a.strip_prefix("--") {
            i += if !long.contains('=') && long_values.contains(&a) { 2 } else { 1 };
            continue;
        }
        let Some(flags) = a.strip_prefix('-').filter(|f| !f.is_empty()) else { break };
        if flags.chars().all(|c| c.is_ascii_digit()) {
            i += 1;
            continue;
        }
        // In a cluster the first flag that takes a value takes the rest, or the next word.
        let mut takes_next = false;
        for (pos, f) in flags.char_indices() {
            if short_values.contains(f) {
                takes_next = pos + f.len_utf8() == flags.len();
                break;
            }
        }
        i += if takes_next { 2 } else { 1 };
    }
    i
}

/// Package runners: `npx pkg`, `pnpm dlx pkg`, `bundle exec cmd`, `uv run cmd`, `python -m mod`,
/// `busybox applet`, `docker exec box cmd`, `kubectl exec pod -- cmd`, … The index of the program
/// word in `args`; the caller takes its base name, version and scope off (`@scope/pkg@1` → `pkg`).
pub fn runner(name: &str, args: &[String]) -> Option<usize> {
    let first = args.first().map(String::as_str);
    let after = |skip: usize, short: &str, long: &[&str]| -> Option<usize> {
        let rest = args.get(skip..)?;
        let i = skip + skip_options(rest, short, long);
        (i < args.len()).then_some(i)
    };
    match name {
        "npx" | "bunx" | "pnpx" => after(0, "p", &["--package", "--call", "--registry", "--cache", "--userconfig"]),
        "uvx" => after(0, "p", &["--from", "--with", "--python", "--index", "--index-url", "--extra-index-url", "--with-requirements"]),
        "pipx" if first == Some("run") => after(1, "", &["--spec", "--python", "--index-url", "--pip-args"]),
        "npm" if matches!(first, Some("exec" | "x")) => after(1, "c", &["--package", "--call", "--workspace", "-w"]),
        "pnpm" if matches!(first, Some("dlx" | "exec" | "x")) => after(1, "C", &["--package", "--filter", "--dir"]),
        "bun" if matches!(first, Some("x")) => after(1, "", &[]),
        "yarn" if matches!(first, Some("dlx" | "exec")) => after(1, "p", &["--package"]),
        // `yarn npm publish` is npm's command under yarn: the caller reads `npm publish`.
        "yarn" if first == Some("npm") => Some(0),
        "bundle" | "bundler" if first == Some("exec") => after(1, "", &["--gemfile"]),
        "uv" if first == Some("run") => after(
            1,
            "pw",
            &[
                "--with",
                "--python",
                "--project",
                "--directory",
                "--package",
                "--extra",
                "--group",
                "--env-file",
                "--index",
                "--index-url",
                "--with-requirements",
                "--with-editable",
                "--only-group",
            ],
        ),
        "uv" if first == Some("tool") && args.get(1).is_some_and(|a| a == "run") => after(2, "p", &["--from", "--with", "--python"]),
        "poetry" | "pdm" | "hatch" | "rye" | "pipenv" | "tox" if first == Some("run") => {
            after(1, "e", &["--env", "--project", "--directory"])
        }
        "busybox" | "toybox" => (!args.is_empty() && !args[0].starts_with('-')).then_some(0),
        "docker" | "podman" | "nerdctl" if first == Some("exec") => {
            after(1, "euw", &["--env", "--env-file", "--user", "--workdir", "--detach-keys"]).map(|i| i + 1).filter(|i| *i < args.len())
        }
        "docker" | "podman" if first == Some("compose") && args.get(1).is_some_and(|a| a == "exec" || a == "run") => {
            after(2, "euw", &["--env", "--user", "--workdir", "--index", "--entrypoint", "--name", "--volume", "-v"])
                .map(|i| i + 1)
                .filter(|i| *i < args.len())
        }
        "docker-compose" if matches!(first, Some("exec" | "run")) => {
            after(1, "euw", &["--env", "--user", "--workdir", "--index"]).map(|i| i + 1).filter(|i| *i < args.len())
        }
        // `kubectl exec pod -- cmd`: the command is after `--` (older forms put it after the pod).
        "kubectl" | "oc" if args.iter().any(|a| a == "exec") => {
            let dd = args.iter().position(|a| a == "--")?;
            (dd + 1 < args.len()).then_some(dd + 1)
        }
        _ => None,
    }
}

/// `python -m mod args`: the index of the module name.
pub fn python_module(args: &[String]) -> Option<usize> {
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "-m" {
            return (i + 1 < args.len()).then_some(i + 1);
        }
        if a.starts_with("-m") && a.len() > 2 {
            return None;
        }
        if !a.starts_with('-') || a == "-c" || a == "-" {
            return None;
        }
        // `-W arg` and `-X opt` take a value.
        i += if a == "-W" || a == "-X" { 2 } else { 1 };
    }
    None
}

pub const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "fish", "csh", "tcsh", "yash", "posh", "rbash"];

/// Interpreters that read a program from standard input when given no script.
pub fn is_interpreter(name: &str) -> bool {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    matches!(
        base,
        "python"
            | "pypy"
            | "node"
            | "nodejs"
            | "deno"
            | "bun"
            | "perl"
            | "ruby"
            | "php"
            | "lua"
            | "luajit"
            | "Rscript"
            | "R"
            | "osascript"
            | "pwsh"
            | "powershell"
            | "tclsh"
            | "wish"
            | "jshell"
            | "irb"
            | "ghci"
            | "julia"
            | "scala"
            | "groovy"
            | "awk"
            | "gawk"
            | "mawk"
            | "nawk"
            | "expect"
    )
}

/// Options of an interpreter that take the program as their value (`python -c`, `node -e`).
pub fn inline_program_flags(name: &str) -> &'static [&'static str] {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match base {
        "python" | "pypy" => &["-c"],
        "node" | "nodejs" | "bun" => &["-e", "--eval", "-p", "--print"],
        "deno" => &["eval"],
        "perl" => &["-e", "-E"],
        "ruby" => &["-e"],
        "php" => &["-r"],
        "lua" | "luajit" | "Rscript" => &["-e"],
        "osascript" => &["-e"],
        "pwsh" | "powershell" => &["-c", "-Command", "-command"],
        _ => &[],
    }
}

/// Which arguments of a file-changing program name the files it changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operands {
    /// Every operand (`rm`, `touch`, `tee`, `mv`: the source goes away too).
    All,
    /// Every operand after the first (`chmod MODE files`, `chown OWNER files`).
    AfterFirst,
    /// The last operand, or the `-t DIR` target (`cp`, `ln`, `install`, `rsync`).
    Last,
    /// The first operand (`mknod`, `mkfifo` name first).
    First,
}

/// File-changing programs: how their operands are read, and the short / long options that take
/// a value (so that a value is not read as a file).
pub fn file_changer(name: &str) -> Option<(Operands, &'static str, &'static [&'static str])> {
    Some(match name {
        "rm" | "unlink" | "rmdir" | "srm" | "trash" | "trash-put" | "gio" | "rimraf" | "del" | "del-cli" | "rm-cli" | "trash-cli" => {
            (Operands::All, "", &[])
        }
        "sponge" => (Operands::All, "", &[]),
        "shred" => (Operands::All, "ns", &["--iterations", "--size", "--random-source"]),
        "touch" => (Operands::All, "dtr", &["--date", "--reference"]),
        "truncate" => (Operands::All, "sr", &["--size", "--reference"]),
        "tee" => (Operands::All, "", &["--output-error"]),
        "mv" => (Operands::All, "tS", &["--target-directory", "--suffix", "--backup"]),
        "vi" | "vim" | "nvim" | "nano" | "emacs" | "ed" | "ex" | "pico" | "micro" | "hx" | "kak" => (Operands::All, "cSu", &[]),
        "chmod" | "chown" | "chgrp" | "chattr" | "chflags" => (Operands::AfterFirst, "", &["--reference"]),
        "setfacl" => (Operands::All, "mxMX", &["--modify", "--remove", "--set", "--modify-file", "--remove-file", "--set-file"]),
        "cp" | "ln" | "link" | "install" | "rsync" | "scp" | "ditto" | "objcopy" => (
            Operands::Last,
            "tSmogebeB",
            &[
                "--target-directory",
                "--suffix",
                "--mode",
                "--owner",
                "--group",
                "--backup",
                "--exclude",
                "--include",
                "--filter",
                "--rsh",
                "--chmod",
                "--chown",
            ],
        ),
        "mkfifo" | "mknod" => (Operands::First, "mZ", &["--mode", "--context"]),
        _ => return None,
    })
}

/// Options that name a file a program writes, whatever the program does otherwise
/// (`curl -o F`, `wget -O F`, `sort -o F`, `sed -i … F` is handled apart).
pub fn output_option(name: &str) -> &'static [&'static str] {
    match name {
        "curl" => &["-o", "--output"],
        "wget" => &["-O", "--output-document"],
        "sort" => &["-o", "--output"],
        // A program built, linked or stripped into place (the gitvow executable is protected).
        "cc" | "gcc" | "g++" | "c++" | "clang" | "clang++" | "ld" | "ld.lld" | "ld.gold" | "rustc" | "go" | "strip" | "zig" | "tcc"
        | "as" => &["-o", "--output"],
        "tar" | "bsdtar" | "gtar" => &["-C", "--directory", "-f", "--file"],
        "unzip" => &["-d"],
        "git" => &[],
        _ => &[],
    }
}

/// Database clients, and the options that carry a statement or a file of statements.
pub struct DbClient {
    pub sql: bool,
    pub inline: &'static [&'static str],
    pub files: &'static [&'static str],
    /// Statements may follow the database name as operands (`sqlite3 db.sqlite 'DROP TABLE t'`).
    pub operand_sql: bool,
    /// Options that take a value (not a statement).
    pub values: &'static [&'static str],
}

pub fn db_client(name: &str) -> Option<DbClient> {
    const fn db(
        sql: bool,
        inline: &'static [&'static str],
        files: &'static [&'static str],
        operand_sql: bool,
        values: &'static [&'static str],
    ) -> DbClient {
        DbClient { sql, inline, files, operand_sql, values }
    }
    Some(match name {
        "psql" | "pgcli" | "usql" => db(
            true,
            &["-c", "--command"],
            &["-f", "--file"],
            false,
            &["-d", "-h", "-p", "-U", "-v", "--set", "-o", "-L", "-P", "-F", "-R", "--dbname", "--host", "--port", "--username"],
        ),
        "mysql" | "mariadb" | "mycli" => db(
            true,
            &["-e", "--execute"],
            &[],
            false,
            &["-u", "-h", "-P", "-D", "-S", "--user", "--host", "--port", "--database", "--socket", "--defaults-file"],
        ),
        "sqlite3" | "sqlite" | "litecli" => db(true, &["-cmd"], &["-init"], true, &["-separator", "-newline", "-nullvalue"]),
        "duckdb" => db(true, &["-c", "-cmd", "-s"], &["-f", "-init"], true, &[]),
        "clickhouse-client" => {
            db(true, &["-q", "--query"], &["--queries-file"], false, &["-h", "--host", "--port", "-u", "--user", "-d", "--database"])
        }
        "sqlcmd" => db(true, &["-Q", "-q"], &["-i"], false, &["-S", "-U", "-P", "-d"]),
        "cqlsh" => db(true, &["-e", "--execute"], &["-f", "--file"], false, &["-u", "-p", "-k", "--keyspace"]),
        "snowsql" => db(true, &["-q", "--query"], &["-f", "--filename"], false, &["-a", "-u", "-d", "-s", "-w", "-r"]),
        "bq" => db(true, &[], &[], true, &[]),
        "mongosh" | "mongo" => db(false, &["--eval"], &["--file", "-f"], false, &[]),
        "redis-cli" | "valkey-cli" | "keydb-cli" => db(false, &[], &[], false, &["-h", "-p", "-a", "-n", "-u"]),
        _ => return None,
    })
}

/// `@scope/pkg@1.2` or `pkg@latest` → `pkg`; a path → its base name.
pub fn package_program(word: &str) -> &str {
    let base = word.rsplit('/').next().unwrap_or(word);
    base.split('@').next().filter(|b| !b.is_empty()).unwrap_or(base)
}

/// What a file changer does to one of the files `file_changer` names (`last` for its last
/// operand, or the `-t` target), for the effect model: `None` where it only changes a mode or a
/// time, or creates a node.
pub fn effect_of(name: &str, args: &[String], last: bool) -> Option<Kind> {
    let flag = |short: char, long: &[&str]| {
        args.iter().any(|a| {
            long.contains(&a.as_str())
                || (a.starts_with('-') && !a.starts_with("--") && a[1..].chars().all(char::is_alphanumeric) && a.contains(short))
        })
    };
    let recursive = || flag('r', &["--recursive"]) || flag('R', &[]);
    Some(match name {
        // Packages that exist to remove trees.
        "rimraf" | "del" | "del-cli" | "rm-cli" => Kind::DeleteRecursive,
        "rm" | "srm" | "trash" | "trash-put" | "trash-cli" | "gio" if recursive() => Kind::DeleteRecursive,
        "rm" | "unlink" | "rmdir" | "srm" | "trash" | "trash-put" | "trash-cli" | "gio" | "shred" => Kind::Delete,
        "mv" if last => Kind::Overwrite,
        "mv" => Kind::Move,
        "rsync" if last && args.iter().any(|a| a.starts_with("--delete")) => Kind::DeleteRecursive,
        "cp" | "install" | "rsync" | "scp" | "ditto" if recursive() || flag('a', &["--archive"]) || name == "ditto" => {
            Kind::OverwriteRecursive
        }
        "cp" | "install" | "rsync" | "scp" | "tee" | "truncate" | "sponge" | "vi" | "vim" | "nvim" | "nano" | "emacs" | "ed" | "ex"
        | "pico" | "micro" | "hx" | "kak" => Kind::Overwrite,
        "ln" | "link" => Kind::Link,
        // A recursive change of modes or owners changes every file of the tree.
        "chmod" | "chown" | "chgrp" | "setfacl" | "chattr" if recursive() => Kind::OverwriteRecursive,
        _ => return None,
    })
}

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

/// The shell text a terminal multiplexer is told to run or type: `tmux send-keys -t x 'cmd' Enter`,
/// `tmux new-session -d 'cmd'`, `tmux run-shell 'cmd'`, `screen -dmS x cmd…`, `screen -X stuff 'cmd\n'`.
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
    if name == "tmux" {
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
            "new-session" | "new" | "new-window" | "neww" | "split-window" | "splitw" | "respawn-pane" | "respawnp" | "respawn-window"
            | "run-shell" | "run" | "display-popup" | "popup" | "pipe-pane" | "pipep" => {
                let j = skip_options(rest, "stncxyFelpwhLf", &[]);
                command(rest[j..].iter().map(String::as_str).collect())
            }
            _ => None,
        }
    } else {
        if let Some(x) = args.iter().position(|a| a == "-X") {
            let rest = &args[x + 1..];
            if rest.first().is_some_and(|c| c == "stuff") {
                return rest.get(1).map(|t| t.replace("\\n", "\n").replace("\\r", "\n"));
            }
            return None;
        }
        let i = skip_options(args, "SpcTeshtlL", &[]);
        command(args[i..].iter().map(String::as_str).collect())
    }
}

/// Programs whose first operand is a subcommand, and their options that take a value before it:
/// a subcommand the shell computes (`git $(printf reset) --hard`) is no less a program word than
/// the program's name.
const SUBCOMMANDS: &[(&[&str], &[&str])] = &[
    (&["git"], &["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--exec-path"]),
    (&["kubectl", "oc"], &["-n", "--namespace", "--context", "--kubeconfig", "-s", "--server", "--cluster", "--user", "-l", "--selector"]),
    (&["helm"], &["-n", "--namespace", "--kube-context", "--kubeconfig"]),
    (&["terraform", "tofu", "terragrunt", "pulumi"], &["-C", "--cwd", "-s", "--stack"]),
    (
        &["npm", "pnpm", "yarn", "bun", "npx", "cargo", "uv", "poetry", "pip", "pip3", "gem", "dotnet", "go", "mvn", "gradle"],
        &["-C", "--prefix", "--dir", "-w", "--workspace", "--filter", "--manifest-path", "-Z", "--config"],
    ),
    (
        &["docker", "podman", "nerdctl", "docker-compose"],
        &["-H", "--host", "-c", "--context", "--config", "-l", "--log-level", "-f", "--file", "-p", "--project-name"],
    ),
    (&["gh", "glab"], &["-R", "--repo"]),
    (
        &[
            "aws",
            "gcloud",
            "gsutil",
            "az",
            "doctl",
            "flyctl",
            "fly",
            "heroku",
            "vercel",
            "netlify",
            "wrangler",
            "firebase",
            "cdk",
            "sst",
            "railway",
            "serverless",
            "sls",
        ],
        &["--profile", "--region", "--output", "--endpoint-url", "--project", "--account", "-a", "--app", "--scope", "--token"],
    ),
    (
        &["systemctl", "launchctl", "brew", "apt", "apt-get", "dnf", "yum", "snap", "ansible", "vault", "consul", "nomad"],
        &["-H", "--host", "-M", "--machine"],
    ),
];

/// Whether the subcommand word of `name` (its first operand) is computed by the shell.
pub fn computed_subcommand(name: &str, words: &[super::syntax::Word]) -> bool {
    let Some((_, values)) = SUBCOMMANDS.iter().find(|(names, _)| names.contains(&name)) else { return false };
    let mut i = 0;
    while i < words.len() {
        let text = words[i].text();
        if text == "--" {
            return false;
        }
        if !text.starts_with('-') {
            return words[i].literal().is_none();
        }
        i += if values.contains(&text.as_str()) { 2 } else { 1 };
    }
    false
}

/// The language an interpreter's program text is read in.
pub enum Language {
    Code(code::Language),
    PowerShell,
}

pub fn language(name: &str) -> Option<Language> {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    Some(Language::Code(match base {
        "python" | "pypy" => code::Language::Python,
        "node" | "nodejs" | "deno" | "bun" => code::Language::Node,
        "perl" => code::Language::Perl,
        "ruby" => code::Language::Ruby,
        "php" => code::Language::Php,
        "awk" | "gawk" | "mawk" | "nawk" => code::Language::Awk,
        "pwsh" | "powershell" => return Some(Language::PowerShell),
        _ => return None,
    }))
}

/// Where an extractor other than tar and unzip writes the files an archive holds: `Some(None)`
/// for the working directory, `Some(Some((i, skip)))` for the directory argument `i` names after
/// its first `skip` characters (`7z x -oDIR`, `cpio -i -D DIR`, `unrar x a.rar DIR/`); `None` when
/// it extracts nothing (lists, tests, creates).
pub fn extraction(name: &str, args: &[String]) -> Option<Option<(usize, usize)>> {
    let value = |flags: &[&str]| {
        args.iter().enumerate().find_map(|(i, a)| {
            flags.iter().find_map(|f| match a.strip_prefix(f) {
                Some("") => (i + 1 < args.len()).then_some((i + 1, 0)),
                Some(v) if f.starts_with("--") => v.starts_with('=').then_some((i, f.len() + 1)),
                Some(_) => Some((i, f.len())),
                None => None,
            })
        })
    };
    let extracts = |subcommands: &[&str]| args.first().is_some_and(|a| subcommands.contains(&a.as_str()));
    match name {
        "7z" | "7za" | "7zr" | "7zz" => extracts(&["x", "e"]).then(|| value(&["-o"])),
        "cpio" | "bsdcpio" => args
            .iter()
            .any(|a| a == "--extract" || (a.starts_with('-') && !a.starts_with("--") && a.contains('i')))
            .then(|| value(&["-D", "--directory"])),
        "unrar" | "rar" => extracts(&["x", "e"]).then(|| {
            let operands: Vec<usize> = (1..args.len()).filter(|&i| !args[i].starts_with('-')).collect();
            operands.get(1).map(|&i| (i, 0))
        }),
        "ar" => args.first().is_some_and(|a| !a.starts_with("--") && a.trim_start_matches('-').contains('x')).then(|| value(&["--output"])),
        _ => None,
    }
}
