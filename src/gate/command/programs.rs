//! What programs do with their arguments: which run another command (wrappers, runners, remote and
//! container shells), which are shells and interpreters, which change files and which of their
//! arguments name those files.

use super::code;
use super::effects::EffectKind;

/// What the analyser knows about one group of programs, by name: the one table of programs.
/// Every program's entry says how it is walked ([`Role`]), and where it has them, how its
/// arguments lead to a command it runs, which of them name files it changes or writes, and which
/// of its options take a value before its subcommand.
pub struct Program {
    pub names: &'static [&'static str],
    pub role: Role,
    /// It runs another command, found in its arguments this way.
    pub wraps: Option<Wrapper>,
    /// It changes the files its operands name, read this way.
    pub changes: Option<Changer>,
    /// Options that name a file it writes, whatever it does otherwise (`curl -o F`, `cc -o F`,
    /// `tar -C DIR`).
    pub outputs: &'static [&'static str],
    /// Its first operand is a subcommand, and these options take a value before it: a
    /// subcommand the shell computes (`git $(printf reset) --hard`) is no less a program word
    /// than the program's name.
    pub subcommand_values: Option<&'static [&'static str]>,
}

/// How the walk treats a program beyond what the other fields of its [`Program`] say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Nothing of its own: its wrapper, file and output fields say it all.
    Plain,
    /// `cd`, `pushd`, `popd`: the directory later commands run in.
    Chdir,
    /// `echo`, `printf`: their words are the text they write.
    Echo,
    /// `cat`: passes its input or a file on.
    Cat,
    /// `env [NAME=value…] [-C DIR] [-S 'cmd'] cmd…`.
    Env,
    /// `xargs cmd`: the arguments come from standard input.
    Xargs,
    /// `find`, `fd`: `-delete`, `-exec cmd {} ;`.
    Find,
    /// `eval`: its words joined are a script.
    Eval,
    /// `source`, `.`: a script file run in this shell.
    Source,
    /// `alias name=value`: the value runs wherever the name is used.
    Alias,
    /// `export`, `declare`, …: assignments later commands see.
    Declare,
    /// `trap 'script' EXIT`: a script run when the call ends.
    Trap,
    /// `su -c 'cmd'`, `script -qc 'cmd'`: a shell string after `-c`; else its wrapper form.
    CommandString,
    /// `at`, `batch`: a script on standard input, run later.
    Schedule,
    /// `tmux`, `screen`, and what else types into a terminal: the command a session is told to
    /// run or type (see `terminal`).
    Multiplexer,
    /// `patch`: writes the files a unified diff names.
    Patch,
    /// `expect`: a script in a language the analyser does not read.
    Expect,
    /// `nix-shell --run 'cmd'`, `devenv shell -c 'cmd'`.
    RunOption,
    /// `flock LOCK cmd…`, `flock LOCK -c 'cmd'`.
    Flock,
    /// `watch cmd…`: its words joined are a script.
    Watch,
    /// `ssh host cmd…`: a script run in a shell over there.
    Ssh,
    /// `apply_patch`: its heredoc or argument is an `apply_patch` patch.
    ApplyPatch,
    Git,
    /// A shell: `-c 'script'`, a script file, or standard input.
    Shell,
    /// An interpreter: its program text, a script file or standard input.
    Interpreter(Interpreter),
    /// A database client: the statements it is given.
    Database(DbClient),
    /// `sed -i`, `perl -pi`: rewrites the files after its script.
    InPlace,
    /// `mkdir`: directories that hold only what the call puts there.
    MakeDir,
    /// `dd of=FILE`.
    Dd,
    /// `cargo install`: programs written into ROOT/bin.
    Cargo,
}

/// How a wrapper's arguments lead to the command it runs: options that take a value (short letters,
/// long names), then `operands` words that are not the command (`timeout 10`, `chroot DIR`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wrapper {
    pub short_values: &'static str,
    pub long_values: &'static [&'static str],
    pub operands: usize,
    /// Version managers and secret runners run a command only after a run word (`op run --`,
    /// `mise exec --`); `aws-vault exec PROFILE` and `direnv exec DIR` name something first.
    pub after_run_word: Option<usize>,
    /// Options that name the directory the command runs in (`sudo -D DIR`).
    pub chdir: &'static [&'static str],
}

/// How an interpreter is given its program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interpreter {
    /// Options that take the program as their value (`python -c`, `node -e`).
    pub inline: &'static [&'static str],
    /// The language its program text is read in, when the analyser reads it.
    pub language: Option<InlineLanguage>,
    /// Its first operand is the program (awk), unless `-f` names a file.
    pub program_operand: bool,
    /// `-i` rewrites the files after the program (`perl -pi -e '…' FILES`).
    pub edits_in_place: bool,
}

/// The language an interpreter's program text is read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InlineLanguage {
    Code(code::Language),
    PowerShell,
}

/// Which operands of a file-changing program name the files it changes, and its short / long
/// options that take a value (so that a value is not read as a file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Changer {
    pub operands: Operands,
    pub short_values: &'static str,
    pub long_values: &'static [&'static str],
}

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
    p(names, Role::Interpreter(Interpreter { inline, language, program_operand: false, edits_in_place: false }))
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

/// Value options of version managers and secret runners.
const MANAGER_VALUES: &[&str] = &["--name", "--env-file", "--prefix", "--config", "--project", "--env", "--environment"];
/// Value options before a package manager's or build tool's subcommand.
const PACKAGE_VALUES: &[&str] = &["-C", "--prefix", "--dir", "-w", "--workspace", "--filter", "--manifest-path", "-Z", "--config"];
const CONTAINER_VALUES: &[&str] =
    &["-H", "--host", "-c", "--context", "--config", "-l", "--log-level", "-f", "--file", "-p", "--project-name"];
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
    p(&["find", "fd", "fdfind"], Role::Find),
    p(&["eval"], Role::Eval),
    p(&["source", "."], Role::Source),
    p(&["alias"], Role::Alias),
    p(&["export", "declare", "typeset", "local", "readonly"], Role::Declare),
    p(&["trap"], Role::Trap),
    p(&["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "fish", "csh", "tcsh", "yash", "posh", "rbash"], Role::Shell),
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
    wrapper(&["caffeinate"], "tw", &[], 0),
    wrapper(&["ld.so"], "", &["--library-path", "--preload", "--argv0", "--audit", "--glibc-hwcaps-prepend", "--glibc-hwcaps-mask"], 0),
    wrapper(&["command"], "", &[], 0),
    wrapper(&["exec"], "a", &[], 0),
    wrapper(&["stdbuf"], "ioe", &["--input", "--output", "--error"], 0),
    wrapper(&["chrt"], "TPD", &["--sched-runtime", "--sched-period", "--sched-deadline"], 1),
    wrapper(&["taskset"], "", &["--cpu-list"], 1),
    wrapper(&["timeout", "gtimeout"], "sk", &["--signal", "--kill-after"], 1),
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
    wrapper(&["parallel"], "jS", &["--jobs"], 0),
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
        ],
        Role::Multiplexer,
    ),
    p(&["expect"], Role::Expect),
    p(&["nix-shell", "nix", "devenv"], Role::RunOption),
    p(&["flock"], Role::Flock),
    p(&["watch"], Role::Watch),
    p(&["ssh"], Role::Ssh),
    // Writers whose targets come from their input.
    p(&["patch"], Role::Patch),
    p(&["apply_patch", "applypatch"], Role::ApplyPatch),
    p(&["tar", "bsdtar", "gtar"], Role::Plain).outputs(&["-C", "--directory", "-f", "--file"]),
    p(&["unzip"], Role::Plain).outputs(&["-d"]),
    // Interpreters (a version suffix is theirs too: `python3.12`, `node18`).
    interpreter(&["python", "pypy"], &["-c"], lang(code::Language::Python)),
    interpreter(&["node", "nodejs"], &["-e", "--eval", "-p", "--print"], lang(code::Language::Node)),
    interpreter(&["bun"], &["-e", "--eval", "-p", "--print"], lang(code::Language::Node)).subcommands(PACKAGE_VALUES),
    interpreter(&["deno"], &["eval"], lang(code::Language::Node)),
    p(
        &["perl"],
        Role::Interpreter(Interpreter {
            inline: &["-e", "-E"],
            language: lang(code::Language::Perl),
            program_operand: false,
            edits_in_place: true,
        }),
    ),
    interpreter(&["ruby"], &["-e"], lang(code::Language::Ruby)),
    interpreter(&["php"], &["-r"], lang(code::Language::Php)),
    interpreter(&["lua", "luajit", "Rscript", "osascript"], &["-e"], None),
    interpreter(&["pwsh", "powershell"], &["-c", "-Command", "-command"], Some(InlineLanguage::PowerShell)),
    interpreter(&["R", "tclsh", "wish", "jshell", "irb", "ghci", "julia", "scala", "groovy"], &[], None),
    p(
        &["awk", "gawk", "mawk", "nawk"],
        Role::Interpreter(Interpreter { inline: &[], language: lang(code::Language::Awk), program_operand: true, edits_in_place: false }),
    ),
    // Database clients.
    database(
        &["psql", "pgcli", "usql"],
        db(
            true,
            &["-c", "--command"],
            &["-f", "--file"],
            false,
            &["-d", "-h", "-p", "-U", "-v", "--set", "-o", "-L", "-P", "-F", "-R", "--dbname", "--host", "--port", "--username"],
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
        &["clickhouse-client"],
        db(true, &["-q", "--query"], &["--queries-file"], false, &["-h", "--host", "--port", "-u", "--user", "-d", "--database"]),
    ),
    database(&["sqlcmd"], db(true, &["-Q", "-q"], &["-i"], false, &["-S", "-U", "-P", "-d"])),
    database(&["cqlsh"], db(true, &["-e", "--execute"], &["-f", "--file"], false, &["-u", "-p", "-k", "--keyspace"])),
    database(&["snowsql"], db(true, &["-q", "--query"], &["-f", "--filename"], false, &["-a", "-u", "-d", "-s", "-w", "-r"])),
    database(&["bq"], db(true, &[], &[], true, &[])),
    database(&["mongosh", "mongo"], db(false, &["--eval"], &["--file", "-f"], false, &[])),
    database(&["redis-cli", "valkey-cli", "keydb-cli"], db(false, &[], &[], false, &["-h", "-p", "-a", "-n", "-u"])),
    // Programs that change the files their operands name.
    changer(
        &["rm", "unlink", "rmdir", "srm", "trash", "trash-put", "gio", "rimraf", "del", "del-cli", "rm-cli", "trash-cli", "sponge"],
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
    p(&["sed", "gsed"], Role::InPlace),
    p(&["mkdir"], Role::MakeDir),
    p(&["dd"], Role::Dd),
    // Programs whose output options name a file they write.
    p(&["curl"], Role::Plain).outputs(&["-o", "--output"]),
    p(&["wget"], Role::Plain).outputs(&["-O", "--output-document"]),
    p(&["sort"], Role::Plain).outputs(&["-o", "--output"]),
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
    p(
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
        Role::Plain,
    )
    .subcommands(CLOUD_VALUES),
    p(&["systemctl", "launchctl", "brew", "apt", "apt-get", "dnf", "yum", "snap", "ansible", "vault", "consul", "nomad"], Role::Plain)
        .subcommands(SYSTEM_VALUES),
];

/// The entry for the program `name` (a base name); an interpreter's name may carry its version.
pub fn program(name: &str) -> Option<&'static Program> {
    let find = |n: &str| PROGRAMS.iter().find(|p| p.names.contains(&n));
    find(name).or_else(|| {
        let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        find(base).filter(|p| matches!(p.role, Role::Interpreter(_)))
    })
}

/// The role of `name`: [`Role::Plain`] for programs the table does not know.
pub fn role(name: &str) -> Role {
    program(name).map_or(Role::Plain, |p| p.role)
}

/// Interpreters, and `expect`, read a program from standard input when given no script.
pub fn is_interpreter(name: &str) -> bool {
    matches!(role(name), Role::Interpreter(_) | Role::Expect)
}

/// The index in `args` of the command a wrapper runs, or `None` when `name` is no wrapper or runs
/// nothing (`command -v x`, `sudo -l`).
pub fn wrapped(name: &str, args: &[String]) -> Option<usize> {
    let wrapper = program(name)?.wraps?;
    if name == "command" && args.first().is_some_and(|a| a.starts_with("-v") || a.starts_with("-V")) {
        return None;
    }
    let mut start = 0;
    if let Some(named) = wrapper.after_run_word {
        let pos = args.iter().position(|a| RUN_WORDS.contains(&a.as_str()))?;
        start = pos + 1 + named;
        if let Some(dd) = args[start.min(args.len())..].iter().position(|a| a == "--") {
            return Some(start + dd + 1);
        }
    }
    let rest = skip_options(&args[start.min(args.len())..], wrapper.short_values, wrapper.long_values);
    let index = start + rest + wrapper.operands;
    (index < args.len()).then_some(index)
}

/// Subcommand words of version managers and secret runners before the command (`op run --`,
/// `aws-vault exec PROFILE --`, `direnv exec DIR`, `mise exec --`, `conda run -n env`).
const RUN_WORDS: &[&str] = &["run", "exec", "x", "shell"];

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

/// Database clients, and the options that carry a statement or a file of statements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DbClient {
    pub sql: bool,
    pub inline: &'static [&'static str],
    pub files: &'static [&'static str],
    /// Statements may follow the database name as operands (`sqlite3 db.sqlite 'DROP TABLE t'`).
    pub operand_sql: bool,
    /// Options that take a value (not a statement).
    pub values: &'static [&'static str],
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

/// `@scope/pkg@1.2` or `pkg@latest` → `pkg`; a path → its base name.
pub fn package_program(word: &str) -> &str {
    // `@scope/name@1.2`: the package's name without its version.
    let package = match word.strip_prefix('@') {
        Some(rest) => rest.split_once('@').map_or(word, |(p, _)| &word[..p.len() + 1]),
        None => word.split('@').next().filter(|b| !b.is_empty()).unwrap_or(word),
    };
    if let Some((_, binary)) = PACKAGE_BINARIES.iter().find(|(p, _)| *p == package) {
        return binary;
    }
    let base = package.rsplit('/').next().unwrap_or(package);
    // `@railway/cli`: a scope's command-line package provides the scope's command.
    match (package.strip_prefix('@').and_then(|p| p.split_once('/')), base) {
        (Some((scope, _)), "cli") => scope,
        _ => base,
    }
}

/// Packages whose command is named otherwise (`npx netlify-cli deploy` runs `netlify deploy`).
const PACKAGE_BINARIES: &[(&str, &str)] = &[
    ("netlify-cli", "netlify"),
    ("firebase-tools", "firebase"),
    ("aws-cdk", "cdk"),
    ("@aws-cdk/cli", "cdk"),
    ("cdktf-cli", "cdktf"),
    ("vercel-cli", "vercel"),
    ("@cloudflare/wrangler", "wrangler"),
    ("@angular/cli", "ng"),
    ("@nestjs/cli", "nest"),
    ("@sentry/cli", "sentry-cli"),
    ("@azure/static-web-apps-cli", "swa"),
    ("@google/clasp", "clasp"),
    ("@changesets/cli", "changeset"),
    ("eas-cli", "eas"),
    ("heroku-cli", "heroku"),
    ("@heroku/cli", "heroku"),
    ("serverless", "serverless"),
    ("@vscode/vsce", "vsce"),
    ("@expo/cli", "expo"),
    ("@apphosting/cli", "firebase"),
    ("@railway/cli", "railway"),
    ("@shopify/cli", "shopify"),
    ("@supabase/cli", "supabase"),
    ("supabase-cli", "supabase"),
    ("prisma", "prisma"),
    ("@prisma/cli", "prisma"),
    ("typeorm", "typeorm"),
    ("sequelize-cli", "sequelize"),
];

/// Whether `args` give the option `-short` (alone or among other letters) or one of `long`.
fn has_flag(args: &[String], short: char, long: &[&str]) -> bool {
    args.iter().any(|a| {
        long.contains(&a.as_str())
            || (a.starts_with('-') && !a.starts_with("--") && a[1..].chars().all(char::is_alphanumeric) && a.contains(short))
    })
}

/// Whether a file changer gives its sources new names (hard links: `ln`, `link`, `cp -l`), through
/// which they can be written: then its sources are changed too.
pub fn links_sources(name: &str, args: &[String]) -> bool {
    match name {
        "ln" => !has_flag(args, 's', &["--symbolic"]),
        "link" => true,
        "cp" => has_flag(args, 'l', &["--link"]),
        _ => false,
    }
}

/// What a file changer does to one of the files `file_changer` names (`last` for its last
/// operand, or the `-t` target), for the effect model: `None` where it only changes a mode or a
/// time, or creates a node.
pub fn effect_of(name: &str, args: &[String], last: bool) -> Option<EffectKind> {
    let flag = |short: char, long: &[&str]| has_flag(args, short, long);
    let recursive = || flag('r', &["--recursive"]) || flag('R', &[]);
    Some(match name {
        // Packages that exist to remove trees.
        "rimraf" | "del" | "del-cli" | "rm-cli" => EffectKind::DeleteRecursive,
        "rm" | "srm" | "trash" | "trash-put" | "trash-cli" | "gio" if recursive() => EffectKind::DeleteRecursive,
        "rm" | "unlink" | "rmdir" | "srm" | "trash" | "trash-put" | "trash-cli" | "gio" | "shred" => EffectKind::Delete,
        "mv" if last => EffectKind::Overwrite,
        "mv" => EffectKind::Move,
        "rsync" if last && args.iter().any(|a| a.starts_with("--delete")) => EffectKind::DeleteRecursive,
        "cp" | "install" | "rsync" | "scp" | "ditto" if recursive() || flag('a', &["--archive"]) || name == "ditto" => {
            EffectKind::OverwriteRecursive
        }
        "cp" | "install" | "rsync" | "scp" | "tee" | "truncate" | "sponge" | "vi" | "vim" | "nvim" | "nano" | "emacs" | "ed" | "ex"
        | "pico" | "micro" | "hx" | "kak" => EffectKind::Overwrite,
        "ln" | "link" => EffectKind::Link,
        // A recursive change of modes or owners changes every file of the tree.
        "chmod" | "chown" | "chgrp" | "setfacl" | "chattr" if recursive() => EffectKind::OverwriteRecursive,
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
    if matches!(name, "tmux" | "byobu" | "byobu-tmux") {
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

/// Whether the subcommand word of `name` (its first operand) is computed by the shell.
pub fn computed_subcommand(name: &str, words: &[super::syntax::Word]) -> bool {
    let Some(values) = program(name).and_then(|p| p.subcommand_values) else { return false };
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

/// `prog sub --help`: a program that prints its manual for `--help` among its first words (before
/// `--`, with no shell, interpreter or runner among the words before it, which would run the rest
/// as a command) and does nothing else.
pub fn asks_for_help(name: &str, args: &[String]) -> bool {
    const REACH: usize = 4;
    let Some(at) = args.iter().take(REACH + 1).position(|a| a == "--help") else { return false };
    if !matches!(role(name), Role::Plain | Role::Git | Role::Cargo | Role::MakeDir | Role::Dd | Role::InPlace)
        || runner(name, args).is_some()
        || wrapped(name, args).is_some()
    {
        return false;
    }
    args[..at].iter().all(|a| {
        let word = a.rsplit('/').next().unwrap_or(a);
        a != "--"
            && !a.starts_with(['\'', '"', '$', '`'])
            && !matches!(role(word), Role::Shell | Role::CommandString | Role::Eval | Role::Interpreter(_))
            && runner(word, &[]).is_none()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn help_is_asked_before_any_command_the_words_would_run() {
        for (name, args) in [("terraform", "destroy --help"), ("git", "push --force --help"), ("kubectl", "delete ns x --help")] {
            assert!(asks_for_help(name, &words(args)), "{name} {args}");
        }
        for (name, args) in
            [("bash", "-c x --help"), ("sudo", "rm --help"), ("rm", "-rf -- --help"), ("xargs", "rm --help"), ("rm", "a b c d e --help")]
        {
            assert!(!asks_for_help(name, &words(args)), "{name} {args}");
        }
    }

    #[test]
    fn packages_are_named_by_the_command_they_provide() {
        assert_eq!(package_program("netlify-cli"), "netlify");
        assert_eq!(package_program("@railway/cli@3"), "railway");
        assert_eq!(package_program("@cloudflare/wrangler@3"), "wrangler");
        assert_eq!(package_program("wrangler@3.1"), "wrangler");
        assert_eq!(package_program("@scope/tool"), "tool");
    }
}
