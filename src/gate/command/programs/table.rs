//! The one table of programs, and its lookup by name.

use super::kinds::{Changer, DbClient, InlineLanguage, Interpreter, Operands, Program, Role, Wrapper};
use super::spawners::Spawner;
use crate::gate::command::code;

const fn p(names: &'static [&'static str], role: Role) -> Program {
    Program { names, role, wraps: None, changes: None, outputs: &[], subcommand_values: None }
}

/// A wrapper that runs its command after its options and `operands` more words.
const fn wrapper(
    names: &'static [&'static str],
    short_values: &'static str,
    long_values: &'static [&'static str],
    operands: usize,
) -> Program {
    p(names, Role::Plain).wraps(short_values, long_values, operands)
}

const fn changer(
    names: &'static [&'static str],
    operands: Operands,
    short_values: &'static str,
    long_values: &'static [&'static str],
) -> Program {
    let mut program = p(names, Role::Plain);
    program.changes = Some(Changer { operands, short_values, long_values });
    program
}

const fn interpreter(names: &'static [&'static str], inline: &'static [&'static str], language: Option<InlineLanguage>) -> Program {
    p(names, Role::Interpreter(Interpreter { inline, language, program_operand: false, edits_in_place: false, switches: "", values: &[] }))
}

impl Program {
    /// The one-letter switches that may come before the inline one in a cluster.
    const fn switches(mut self, letters: &'static str) -> Program {
        if let Role::Interpreter(i) = &mut self.role {
            i.switches = letters;
        }
        self
    }

    /// Options that take the next word as their value, before the script file.
    const fn values(mut self, options: &'static [&'static str]) -> Program {
        if let Role::Interpreter(i) = &mut self.role {
            i.values = options;
        }
        self
    }
}

const fn database(names: &'static [&'static str], client: DbClient) -> Program {
    p(names, Role::Database(client))
}

impl Program {
    const fn wraps(mut self, short_values: &'static str, long_values: &'static [&'static str], operands: usize) -> Program {
        self.wraps = Some(Wrapper { short_values, long_values, operands, after_run_word: None, chdir: &[] });
        self
    }

    /// A version manager's or secret runner's command comes after its run word and `named` words.
    const fn after_run_word(mut self, named: usize) -> Program {
        if let Some(w) = &mut self.wraps {
            w.after_run_word = Some(named);
        }
        self
    }

    const fn chdir(mut self, flags: &'static [&'static str]) -> Program {
        if let Some(w) = &mut self.wraps {
            w.chdir = flags;
        }
        self
    }

    const fn outputs(mut self, flags: &'static [&'static str]) -> Program {
        self.outputs = flags;
        self
    }

    const fn subcommands(mut self, values: &'static [&'static str]) -> Program {
        self.subcommand_values = Some(values);
        self
    }
}

const fn lang(l: code::Language) -> Option<InlineLanguage> {
    Some(InlineLanguage::Code(l))
}

const fn db(
    sql: bool,
    inline: &'static [&'static str],
    files: &'static [&'static str],
    operand_sql: bool,
    values: &'static [&'static str],
) -> DbClient {
    DbClient { sql, inline, files, operand_sql, values }
}

/// Value options of version managers and secret runners.
const MANAGER_VALUES: &[&str] = &["--name", "--env-file", "--prefix", "--config", "--project", "--env", "--environment"];
/// Value options before a package manager's or build tool's subcommand.
const PACKAGE_VALUES: &[&str] = &["-C", "--prefix", "--dir", "-w", "--workspace", "--filter", "--manifest-path", "-Z", "--config"];
const CONTAINER_VALUES: &[&str] =
    &["-H", "--host", "-c", "--context", "--config", "-l", "--log-level", "-f", "--file", "-p", "--project-name"];
/// Cloud and hosting command lines, whose subcommands name what they act on (`aws s3 rm`, `fly apps
/// destroy`); an MCP tool named for one of them runs its text as that program's arguments.
pub const CLOUD_PROGRAMS: &[&str] = &[
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
];
const CLOUD_VALUES: &[&str] =
    &["--profile", "--region", "--output", "--endpoint-url", "--project", "--account", "-a", "--app", "--scope", "--token"];
const SYSTEM_VALUES: &[&str] = &["-H", "--host", "-M", "--machine"];
const INFRA_VALUES: &[&str] = &["-C", "--cwd", "-s", "--stack"];
const EDITOR_VALUES: &str = "cSu";
const COPY_LONG_VALUES: &[&str] = &[
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
    "--link-dest",
    "--compare-dest",
    "--copy-dest",
];
const NETCAT: Spawner = Spawner { short: "ec", long: &["--exec", "--sh-exec"], unread: &["--lua-exec"], ..Spawner::NONE };
/// hyperfine's options that take a value which is no command.
const HYPERFINE_VALUES: &[&str] = &[
    "--warmup",
    "--min-runs",
    "--max-runs",
    "--runs",
    "--shell",
    "--time-unit",
    "--export-asciidoc",
    "--export-csv",
    "--export-json",
    "--export-markdown",
    "--export-orgmode",
    "--parameter-scan",
    "--parameter-step-size",
    "--parameter-list",
    "--command-name",
    "--style",
    "--sort",
    "--input",
    "--output",
];

/// clush's long options that take a value (its command is every operand).
const CLUSH_VALUES: &[&str] = &[
    "--nodes",
    "--exclude",
    "--group",
    "--user",
    "--fanout",
    "--connect_timeout",
    "--command_timeout",
    "--worker",
    "--topology",
    "--options",
    "--groupsource",
    "--dest",
    "--pick",
    "--config",
];
/// pssh's long options that take a value.
const PSSH_VALUES: &[&str] =
    &["--hosts", "--host", "--user", "--par", "--outdir", "--errdir", "--timeout", "--option", "--extra-args", "--extra-arg"];
const CONCURRENTLY_VALUES: &[&str] = &[
    "--names",
    "--name-separator",
    "--prefix-colors",
    "--prefix",
    "--prefix-length",
    "--timestamp-format",
    "--success",
    "--max-processes",
    "--restart-tries",
    "--restart-after",
    "--default-input-target",
    "--kill-signal",
    "--cwd",
];
/// The words, lower-cased, by which the languages the analyser does not parse run a command
/// (`syscmd`, `system(`, `os:cmd`, `run-program`, a shell escape `!`), change a file (`delete`,
/// `rename`, `output`, `spit`) or evaluate text they compute (`eval`, `load`, `include`).
const UNREAD: Option<InlineLanguage> = Some(InlineLanguage::Unread(&[
    "syscmd",
    "system",
    "shell",
    "cmd",
    "exec",
    "spawn",
    "popen",
    "pipe",
    "process",
    "run-program",
    "run_program",
    "open_port",
    "open-port",
    "port.open",
    "!",
    "`",
    "unix(",
    "dos(",
    "delete",
    "unlink",
    "remove",
    "rmdir",
    "del_dir",
    "rename",
    "movefile",
    "copyfile",
    "write",
    "output",
    "save",
    "spit",
    "fopen",
    "open-file",
    "divert",
    "eval",
    "load",
    "include",
    "require",
    "import",
    "consult",
    "call ",
    "call(",
    "compile",
]));
/// Node's (and its kin's) options that take the next word: a module preloaded, a loader, a file
/// of settings (`node -r dotenv/config app.js`).
const NODE_VALUES: &[&str] = &[
    "-r",
    "--require",
    "--import",
    "--loader",
    "--experimental-loader",
    "-C",
    "--conditions",
    "--env-file",
    "--title",
    "--input-type",
    "--tsconfig",
    "-P",
    "--project",
];
/// A program built, linked or stripped into place (the gitvow executable is protected).
const BUILD_OUTPUTS: &[&str] = &["-o", "--output"];

/// Every program the analyser knows something about. A name appears once.
pub const PROGRAMS: &[Program] = &[
    // The shell's own commands.
    p(&["cd", "pushd", "popd", "chdir"], Role::Chdir),
    p(&["echo", "printf"], Role::Echo),
    p(&["cat"], Role::Cat),
    p(&["env"], Role::Env),
    p(&["xargs"], Role::Xargs),
    p(&["parallel", "env_parallel", "sem", "rush", "xe", "gargs"], Role::EachName),
    p(&["find", "fd", "fdfind"], Role::Find),
    p(&["eval"], Role::Eval),
    p(&["source", "."], Role::Source),
    p(&["alias"], Role::Alias),
    p(&["export", "declare", "typeset", "local", "readonly"], Role::Declare),
    p(&["trap"], Role::Trap),
    p(
        &[
            "sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "fish", "csh", "tcsh", "yash", "posh", "rbash", "ksh93", "oksh", "loksh",
            "pdksh", "osh", "ysh", "elvish", "nu", "xonsh", "ion",
        ],
        Role::Shell,
    ),
    // Wrappers: they run the command in their arguments.
    wrapper(
        &["sudo", "doas"],
        "ugCDhprtUTc",
        &["--user", "--group", "--chdir", "--host", "--prompt", "--role", "--type", "--other-user", "--command-timeout", "--close-from"],
        0,
    )
    .chdir(&["-D", "--chdir"]),
    wrapper(&["nice"], "n", &["--adjustment"], 0),
    wrapper(&["ionice"], "cnpPu", &["--class", "--classdata", "--pid", "--pgid", "--uid"], 0),
    wrapper(&["time"], "fo", &["--format", "--output"], 0),
    wrapper(
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
    wrapper(&["caffeinate"], "tw", &[], 0),
    // Init processes and session launchers that run the command after their options
    // (`tini -- cmd`, `dumb-init cmd`, `dbus-launch cmd`, `flatpak-spawn --host cmd`).
    wrapper(&["tini", "tini-static", "dumb-init", "catatonit"], "pelr", &[], 0),
    wrapper(&["dbus-launch", "flatpak-spawn", "cpulimit"], "lpe", &["--limit", "--pid", "--exe"], 0),
    // task-spooler, `tsp` on Debian and `ts` elsewhere (moreutils' `ts` takes a format: no program).
    wrapper(&["tsp", "ts"], "LNDSwWk", &[], 0),
    wrapper(&["sshpass"], "pfdP", &[], 0),
    // `ssh-agent CMD…` runs CMD with the agent's variables set (alone it prints them).
    wrapper(&["ssh-agent"], "aEtP", &[], 0),
    wrapper(&["ld.so"], "", &["--library-path", "--preload", "--argv0", "--audit", "--glibc-hwcaps-prepend", "--glibc-hwcaps-mask"], 0),
    wrapper(&["command"], "", &[], 0),
    wrapper(&["exec"], "a", &[], 0),
    wrapper(&["stdbuf"], "ioe", &["--input", "--output", "--error"], 0),
    wrapper(&["chrt"], "TPD", &["--sched-runtime", "--sched-period", "--sched-deadline"], 1),
    wrapper(&["taskset"], "", &["--cpu-list"], 1),
    wrapper(&["timeout", "gtimeout"], "sk", &["--signal", "--kill-after"], 1),
    // A file watcher runs its command on each change (`watchexec -w src -- make`).
    wrapper(
        &["watchexec"],
        "wWefidsEo",
        &[
            "--watch",
            "--watch-non-recursive",
            "--exts",
            "--filter",
            "--ignore",
            "--debounce",
            "--signal",
            "--env",
            "--on-busy-update",
            "--shell",
            "--workdir",
            "--delay-run",
            "--project-origin",
            "--filter-file",
            "--ignore-file",
            "--stop-signal",
            "--stop-timeout",
            "--poll",
            "--timeout",
            "--emit-events-to",
            "--wrap-process",
            "--color",
        ],
        0,
    ),
    wrapper(&["chroot"], "", &["--userspec", "--groups"], 1),
    wrapper(&["strace", "ltrace"], "eoOpPsuEIbSXa", &["--output", "--trace", "--signal", "--attach", "--user", "--env"], 0),
    wrapper(&["valgrind"], "", &[], 0),
    wrapper(
        &["systemd-run"],
        "pEuM",
        &["--property", "--setenv", "--unit", "--machine", "--working-directory", "--uid", "--gid", "--nice", "--description", "--slice"],
        0,
    ),
    wrapper(
        &["unshare", "nsenter", "firejail", "bwrap"],
        "tS",
        &["--target", "--setuid", "--setgid", "--wd", "--bind", "--ro-bind", "--chdir"],
        0,
    ),
    wrapper(&["cross-env", "dotenv", "env-cmd"], "ecf", &["--environment", "--file"], 0),
    wrapper(
        &[
            "op",
            "doppler",
            "infisical",
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
        MANAGER_VALUES,
        0,
    )
    .after_run_word(0),
    wrapper(&["aws-vault", "direnv"], "nep", MANAGER_VALUES, 0).after_run_word(1),
    wrapper(&["pkexec"], "", &["--user"], 0),
    wrapper(&["setpriv", "prlimit", "eatmydata", "nocache", "trickle", "daemonize", "start-stop-daemon"], "", &[], 0),
    wrapper(&["numactl"], "CNmpi", &[], 0),
    wrapper(&["cgexec"], "g", &[], 0),
    wrapper(&["chpst"], "ugUen", &[], 0),
    wrapper(&["faketime", "su-exec", "gosu", "setuidgid", "s6-setuidgid"], "", &[], 1),
    // A shell string after `-c`; `runuser -u x cmd…` and BSD `script [-q] file cmd…` also wrap.
    p(&["su", "sg", "machinectl"], Role::CommandString),
    p(&["runuser"], Role::CommandString).wraps("ugG", &["--user", "--group", "--supp-group"], 0),
    p(&["script"], Role::CommandString).wraps("tTIOEB", &["--timing", "--log-io", "--log-in", "--log-out", "--echo"], 1),
    p(&["at", "batch"], Role::Schedule),
    p(
        &[
            "tmux",
            "tmate",
            "screen",
            "byobu",
            "byobu-tmux",
            "byobu-screen",
            "zellij",
            "dtach",
            "abduco",
            "kitty",
            "kitten",
            "wezterm",
            "xdotool",
            "ydotool",
            "dotool",
            "wtype",
            "ttyecho",
            "writevt",
            "reptyr",
        ],
        Role::Multiplexer,
    ),
    p(&["expect"], Role::Expect),
    p(&["nix-shell", "nix", "devenv"], Role::RunOption),
    p(&["flock"], Role::Flock),
    p(&["watch"], Role::Watch),
    p(&["ssh"], Role::Ssh),
    // Remote shells whose command is text: mosh's after `--` (and the ssh it runs by `--ssh`, the
    // server by `--server`), each operand of clush and pdsh (on every node named).
    p(&["mosh"], Role::Spawner(Spawner { long: &["--ssh", "--server"], after_dashes: true, ..Spawner::NONE })),
    p(&["clush"], Role::Spawner(Spawner { operands: Some(("wxgXlftuREOs", CLUSH_VALUES)), ..Spawner::NONE })),
    p(&["pdsh"], Role::Spawner(Spawner { operands: Some(("wxgXlRftuF", &[])), ..Spawner::NONE })),
    p(&["pssh", "parallel-ssh"], Role::Spawner(Spawner { operands: Some(("hHlpoetOxX", PSSH_VALUES)), ..Spawner::NONE })),
    // A command started on a connection: netcat's `-e PROG` and `-c 'cmd'` (traditional, ncat,
    // busybox), ncat's long forms, socat's `EXEC:` and `SYSTEM:` addresses.
    p(&["nc", "netcat", "ncat", "nc.traditional", "nc.openbsd"], Role::Spawner(NETCAT)),
    p(&["socat", "socat1", "socat2"], Role::Spawner(Spawner { addresses: true, ..Spawner::NONE })),
    // A command named by an option: man's pager (`man -P 'cmd'`), ansible's ad-hoc module
    // arguments (`ansible all -a 'cmd'`, `-m shell -a 'cmd'`: the command module is the default;
    // another module's `key=value` arguments read as assignments, which run nothing).
    p(&["man"], Role::Spawner(Spawner { short: "P", long: &["--pager"], ..Spawner::NONE })),
    // nodemon's command on each change (`nodemon -x 'cmd'`, `--exec`).
    p(&["nodemon"], Role::Spawner(Spawner { short: "x", long: &["--exec"], ..Spawner::NONE })),
    // Commands given as operands, each run by a shell: `mispipe 'a' 'b'`, `pee 'a' 'b'` (moreutils),
    // hyperfine's benchmarks and its `--prepare`, `--setup`, `--cleanup`, `--conclude` and
    // `--reference`, concurrently's commands.
    p(&["mispipe", "pee"], Role::Spawner(Spawner { operands: Some(("", &[])), ..Spawner::NONE })),
    p(
        &["hyperfine"],
        Role::Spawner(Spawner {
            short: "pcs",
            long: &["--prepare", "--cleanup", "--setup", "--conclude", "--reference"],
            operands: Some(("wmMrSuLPDn", HYPERFINE_VALUES)),
            ..Spawner::NONE
        }),
    ),
    p(
        &["concurrently"],
        Role::Spawner(Spawner { operands: Some(("ncplts", CONCURRENTLY_VALUES)), script_shortcuts: true, ..Spawner::NONE }),
    ),
    // A terminal emulator runs the command after `-e` (`-x`, `--command`) or `--` in a new window.
    p(
        &[
            "xterm",
            "uxterm",
            "urxvt",
            "rxvt",
            "st",
            "alacritty",
            "konsole",
            "xfce4-terminal",
            "terminator",
            "tilix",
            "lxterminal",
            "mate-terminal",
            "gnome-terminal",
            "qterminal",
            "sakura",
            "terminology",
            "ghostty",
            "foot",
            "footclient",
            "x-terminal-emulator",
        ],
        Role::Spawner(Spawner { short: "ex", long: &["--command", "--execute", "--exec"], after_dashes: true, ..Spawner::NONE }),
    ),
    p(&["ansible"], Role::Spawner(Spawner { short: "a", long: &["--args"], ..Spawner::NONE })).subcommands(SYSTEM_VALUES),
    // Writers whose targets come from their input.
    p(&["patch"], Role::Patch),
    p(&["apply_patch", "applypatch"], Role::ApplyPatch),
    p(&["tar", "bsdtar", "gtar"], Role::Plain).outputs(&["-C", "--directory", "-f", "--file"]),
    p(&["unzip"], Role::Plain).outputs(&["-d"]),
    // Interpreters (a version suffix is theirs too: `python3.12`, `node18`).
    interpreter(&["python", "pypy"], &["-c"], lang(code::Language::Python)).switches("bBdEhiIOPqsSuvVx").values(&["-W", "-X"]),
    interpreter(&["node", "nodejs"], &["-e", "--eval", "-p", "--print", "-pe"], lang(code::Language::Node)).values(NODE_VALUES),
    interpreter(&["bun"], &["-e", "--eval", "-p", "--print", "-pe"], lang(code::Language::Node))
        .subcommands(PACKAGE_VALUES)
        .values(NODE_VALUES),
    interpreter(&["deno"], &["eval"], lang(code::Language::Node)).values(&["-c", "--config", "--import-map", "--env-file", "--location"]),
    // TypeScript runners: a script file, or `-e` text, read as Node's.
    interpreter(
        &["tsx", "ts-node", "ts-node-esm", "esno", "esr", "vite-node", "jiti"],
        &["-e", "--eval", "-p", "--print"],
        lang(code::Language::Node),
    )
    .values(NODE_VALUES),
    p(
        &["perl"],
        Role::Interpreter(Interpreter {
            inline: &["-e", "-E"],
            language: lang(code::Language::Perl),
            program_operand: false,
            edits_in_place: true,
            // -0 and -l take digits; -C, -d, -D, -F, -i, -I, -m, -M, -x take the rest.
            switches: "0acghlnpsStTuUvwWX",
            values: &["-I", "-M", "-m"],
        }),
    ),
    interpreter(&["ruby"], &["-e"], lang(code::Language::Ruby)).switches("0acdlnpsSvwWy").values(&["-I", "-r", "-C", "-E"]),
    interpreter(&["php"], &["-r"], lang(code::Language::Php)).values(&["-c", "-d", "-z"]),
    interpreter(&["lua", "luajit", "Rscript", "R", "groovy", "scala"], &["-e"], None),
    interpreter(&["osascript"], &["-e"], Some(InlineLanguage::AppleScript)),
    interpreter(&["julia"], &["-e", "-E", "--eval", "--print"], None),
    interpreter(&["pwsh", "powershell"], &["-c", "-Command", "-command"], Some(InlineLanguage::PowerShell)),
    interpreter(&["tclsh", "wish", "jshell", "irb", "ghci"], &[], None),
    p(
        &["awk", "gawk", "mawk", "nawk"],
        Role::Interpreter(Interpreter {
            inline: &[],
            language: lang(code::Language::Awk),
            program_operand: true,
            edits_in_place: false,
            switches: "",
            values: &[],
        }),
    ),
    // Database clients.
    database(
        &["psql", "usql"],
        db(
            true,
            &["-c", "--command"],
            &["-f", "--file"],
            false,
            &["-d", "-h", "-p", "-U", "-v", "--set", "-o", "-L", "-P", "-F", "-R", "--dbname", "--host", "--port", "--username"],
        ),
    ),
    // pgcli takes a statement by `-e`/`--execute` as well as psql's options.
    database(
        &["pgcli"],
        db(
            true,
            &["-c", "--command", "-e", "--execute"],
            &["-f", "--file"],
            false,
            &[
                "-d",
                "-h",
                "-p",
                "-U",
                "-v",
                "--set",
                "-o",
                "-L",
                "-P",
                "-F",
                "-R",
                "-D",
                "--dbname",
                "--host",
                "--port",
                "--username",
                "--dsn",
            ],
        ),
    ),
    database(
        &["mysql", "mariadb", "mycli"],
        db(
            true,
            &["-e", "--execute"],
            &[],
            false,
            &["-u", "-h", "-P", "-D", "-S", "--user", "--host", "--port", "--database", "--socket", "--defaults-file"],
        ),
    ),
    database(&["sqlite3", "sqlite", "litecli"], db(true, &["-cmd"], &["-init"], true, &["-separator", "-newline", "-nullvalue"])),
    database(&["duckdb"], db(true, &["-c", "-cmd", "-s"], &["-f", "-init"], true, &[])),
    database(
        &["clickhouse-client", "clickhouse"],
        db(true, &["-q", "--query"], &["--queries-file"], false, &["-h", "--host", "--port", "-u", "--user", "-d", "--database"]),
    ),
    database(&["sqlcmd"], db(true, &["-Q", "-q"], &["-i"], false, &["-S", "-U", "-P", "-d"])),
    // More SQL clients: a statement by option, judged as psql's `-c` is.
    database(
        &["mssql-cli"],
        db(true, &["-Q", "--query"], &["-i", "--input-file"], false, &["-S", "-U", "-P", "-d", "--server", "--username", "--database"]),
    ),
    database(
        &["cockroach"],
        db(
            true,
            &["-e", "--execute"],
            &["-f", "--file"],
            false,
            &["--url", "--host", "--port", "--user", "-u", "--database", "-d", "--certs-dir"],
        ),
    ),
    database(
        &["trino", "presto", "presto-cli"],
        db(true, &["--execute"], &["-f", "--file"], false, &["--server", "--catalog", "--schema", "--user"]),
    ),
    database(
        &["beeline", "hive", "spark-sql"],
        db(true, &["-e"], &["-f"], false, &["-u", "-n", "-p", "--hiveconf", "--hivevar", "--database"]),
    ),
    database(
        &["impala-shell"],
        db(true, &["-q", "--query"], &["-f", "--query_file"], false, &["-i", "--impalad", "-d", "--database", "-u", "--user"]),
    ),
    database(&["vsql"], db(true, &["-c", "--command"], &["-f", "--file"], false, &["-d", "-h", "-p", "-U", "-w"])),
    database(&["cqlsh"], db(true, &["-e", "--execute"], &["-f", "--file"], false, &["-u", "-p", "-k", "--keyspace"])),
    database(&["snowsql"], db(true, &["-q", "--query"], &["-f", "--filename"], false, &["-a", "-u", "-d", "-s", "-w", "-r"])),
    database(&["bq"], db(true, &[], &[], true, &[])),
    database(&["mongosh", "mongo"], db(false, &["--eval"], &["--file", "-f"], false, &[])),
    database(&["redis-cli", "valkey-cli", "keydb-cli"], db(false, &[], &[], false, &["-h", "-p", "-a", "-n", "-u"])),
    // Programs that change the files their operands name.
    changer(
        // Not rmdir: it removes only a directory that is empty, and fails on any other.
        &["rm", "unlink", "srm", "trash", "trash-put", "gio", "rimraf", "del", "del-cli", "rm-cli", "trash-cli", "sponge"],
        Operands::All,
        "",
        &[],
    ),
    changer(&["shred"], Operands::All, "ns", &["--iterations", "--size", "--random-source"]),
    changer(&["touch"], Operands::All, "dtr", &["--date", "--reference"]),
    changer(&["truncate"], Operands::All, "sr", &["--size", "--reference"]),
    changer(&["tee"], Operands::All, "", &["--output-error"]),
    changer(&["mv"], Operands::All, "tS", &["--target-directory", "--suffix", "--backup"]),
    changer(&["vi", "vim", "nvim", "nano", "emacs", "ed", "ex", "pico", "micro", "hx", "kak"], Operands::All, EDITOR_VALUES, &[]),
    changer(&["chmod", "chown", "chgrp", "chattr", "chflags"], Operands::AfterFirst, "", &["--reference"]),
    changer(&["setfacl"], Operands::All, "mxMX", &["--modify", "--remove", "--set", "--modify-file", "--remove-file", "--set-file"]),
    changer(&["cp", "ln", "link", "install", "rsync", "scp", "ditto", "objcopy"], Operands::Last, "tSmogebeB", COPY_LONG_VALUES),
    changer(&["mkfifo", "mknod"], Operands::First, "mZ", &["--mode", "--context"]),
    // Compressors replace each file they name with its compressed (or expanded) form, unless
    // they only print, list or test (`programs::writes_nothing`).
    changer(&["gzip", "gunzip", "pigz", "unpigz"], Operands::All, "Sbp", &["--suffix", "--blocksize", "--processes"]),
    changer(&["bzip2", "bunzip2", "pbzip2", "lbzip2"], Operands::All, "pn", &[]),
    changer(&["xz", "unxz", "lzma", "unlzma"], Operands::All, "SFCTM", &["--suffix", "--format", "--check", "--threads", "--memlimit"]),
    changer(&["zstd", "unzstd", "pzstd"], Operands::All, "oDT", &["--output", "--dict"]).outputs(&["-o", "--output"]),
    changer(&["lz4", "unlz4", "lzop", "lzip", "plzip", "compress", "uncompress"], Operands::All, "bo", &["--output"]),
    changer(&["brotli"], Operands::All, "oqwS", &["--output", "--quality", "--lgwin", "--suffix"]).outputs(&["-o", "--output"]),
    // An archive written from the files after it, which are only read.
    changer(&["zip"], Operands::First, "bntPZ", &["--temp-path", "--suffixes", "--password", "--compression-method"]),
    p(&["sed", "gsed"], Role::InPlace),
    p(&["mkdir"], Role::MakeDir),
    p(&["dd"], Role::Dd),
    // Programs whose output options name a file they write.
    p(&["curl"], Role::Plain).outputs(&["-o", "--output"]),
    p(&["wget"], Role::Plain).outputs(&["-O", "--output-document"]),
    p(&["sort"], Role::Plain).outputs(&["-o", "--output"]),
    // The json tool's `-I -f FILE` rewrites FILE with what its `-e` code computes.
    p(&["json"], Role::Plain).outputs(&["-f"]),
    p(&["cc", "gcc", "g++", "c++", "clang", "clang++", "ld", "ld.lld", "ld.gold", "rustc", "strip", "zig", "tcc", "as"], Role::Plain)
        .outputs(BUILD_OUTPUTS),
    // Programs with subcommands.
    p(&["git"], Role::Git).subcommands(&["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--exec-path"]),
    p(&["kubectl", "oc"], Role::Plain).subcommands(&[
        "-n",
        "--namespace",
        "--context",
        "--kubeconfig",
        "-s",
        "--server",
        "--cluster",
        "--user",
        "-l",
        "--selector",
    ]),
    p(&["helm"], Role::Plain).subcommands(&["-n", "--namespace", "--kube-context", "--kubeconfig"]),
    p(&["terraform", "tofu", "terragrunt", "pulumi"], Role::Plain).subcommands(INFRA_VALUES),
    p(&["cargo"], Role::Cargo).subcommands(PACKAGE_VALUES),
    p(&["go"], Role::Plain).subcommands(PACKAGE_VALUES).outputs(BUILD_OUTPUTS),
    p(&["npm", "pnpm", "yarn", "npx", "uv", "poetry", "pip", "pip3", "gem", "dotnet", "mvn", "gradle"], Role::Plain)
        .subcommands(PACKAGE_VALUES),
    p(&["docker", "podman", "nerdctl", "docker-compose"], Role::Plain).subcommands(CONTAINER_VALUES),
    p(&["gh", "glab"], Role::Plain).subcommands(&["-R", "--repo"]),
    p(CLOUD_PROGRAMS, Role::Plain).subcommands(CLOUD_VALUES),
    p(&["systemctl", "launchctl", "brew", "apt", "apt-get", "dnf", "yum", "snap", "vault", "consul", "nomad"], Role::Plain)
        .subcommands(SYSTEM_VALUES),
    // Front-ends that run the command after their run word (`terramate run -- terraform destroy`,
    // `saml2aws exec -- cmd`, `dotenvx run -- cmd`), or after one named word (`chamber exec SERVICE -- cmd`).
    wrapper(&["terramate", "saml2aws", "aws-sso", "dotenvx", "teller", "phase", "bws"], "nep", MANAGER_VALUES, 0).after_run_word(0),
    wrapper(&["chamber"], "nep", MANAGER_VALUES, 0).after_run_word(1),
    // Interpreters of languages the analyser does not parse, read for their escapes.
    interpreter(&["m4", "gm4"], &[], UNREAD),
    interpreter(&["gnuplot"], &["-e"], UNREAD),
    interpreter(&["octave", "octave-cli"], &["--eval"], UNREAD),
    interpreter(&["erl"], &["-eval"], UNREAD),
    interpreter(&["elixir", "iex"], &["-e", "--eval"], UNREAD),
    interpreter(&["guile"], &["-c"], UNREAD),
    interpreter(&["racket"], &["-e", "--eval"], UNREAD),
    interpreter(&["sbcl"], &["--eval"], UNREAD),
    interpreter(&["clisp"], &["-x"], UNREAD),
    interpreter(&["ecl"], &["-eval", "--eval"], UNREAD),
    interpreter(&["csi", "chicken-csi"], &["-e", "-eval", "-p"], UNREAD),
    interpreter(&["swipl"], &["-g", "-t"], UNREAD),
    interpreter(&["clojure", "clj", "bb"], &["-e", "--eval"], UNREAD),
    interpreter(&["dc"], &["-e", "--expression"], UNREAD),
    // User-level package managers: a subcommand first (`pipx uninstall black`, `rustup toolchain list`).
    p(&["pipx", "port", "rustup", "nix-env", "flatpak", "scoop", "winget", "choco"], Role::Plain).subcommands(&[]),
];

/// The entry for the program `name` (a base name); an interpreter's name may carry its version.
pub fn program(name: &str) -> Option<&'static Program> {
    // The table is searched once per name and thread: a compound command names the same few
    // programs again and again, and each search reads through some 600 names. Hashed by foldhash
    // (random per process, and a process judges one call): SipHash cost more than the search spared.
    thread_local! {
        static FOUND: std::cell::RefCell<foldhash::HashMap<String, Option<&'static Program>>> = Default::default();
    }
    if let Some(found) = FOUND.with(|f| f.borrow().get(name).copied()) {
        return found;
    }
    let find = |n: &str| PROGRAMS.iter().find(|p| p.names.contains(&n));
    let found = find(name).or_else(|| {
        let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        find(base).filter(|p| matches!(p.role, Role::Interpreter(_)))
    });
    FOUND.with(|f| f.borrow_mut().insert(name.to_string(), found));
    found
}

/// The role of `name`: [`Role::Plain`] for programs the table does not know.
pub fn role(name: &str) -> Role {
    program(name).map_or(Role::Plain, |p| p.role)
}

/// Interpreters, and `expect`, read a program from standard input when given no script.
pub fn is_interpreter(name: &str) -> bool {
    matches!(role(name), Role::Interpreter(_) | Role::Expect)
}
