//! What a command line the program table does not know says it does, by its verb: `acme node
//! delete web1`, `rabbitmqctl delete_vhost /`, `zkCli.sh deleteall /`, `kafka-topics.sh --delete`,
//! `expo publish`. A tool made tomorrow names its subcommands with the same verbs, so the verb is
//! read whatever the tool: the rules see `verb destroys …` or `verb publishes …`.

/// Words (lower-cased pieces of a subcommand word) that delete, destroy or uninstall something.
const DESTROYS: &[&str] = &[
    "delete",
    "destroy",
    "remove",
    "purge",
    "terminate",
    "uninstall",
    "deprovision",
    "teardown",
    "nuke",
    "wipe",
    "erase",
    "drop",
    "prune",
    "deleteall",
    "rmr",
    "rmp",
    "rmi",
    "rm",
    "rb",
    "down",
    "forget",
    "decommission",
    "evict",
    "kill",
];
/// Words that publish, release or deploy.
const PUBLISHES: &[&str] = &["publish", "release", "deploy", "push", "submit", "promote", "upload", "trigger"];
/// Options that say the same (`kafka-topics.sh --delete`, `pack build --publish`).
const DESTROYING_OPTIONS: &[&str] = &["--delete", "--destroy", "--purge", "--prune", "--drop", "--wipe", "--nuke", "--uninstall"];
const PUBLISHING_OPTIONS: &[&str] = &["--publish", "--release", "--deploy", "--push"];
/// Operands before the verb, at most (`acme node delete`: one noun, then the verb).
const NOUNS: usize = 1;

/// Programs whose words are text, names or files, never a subcommand: what they print, look for
/// or open (`grep -rn remove src`, `ls delete`, `man rm`).
const TEXT: &[&str] = &[
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "ag",
    "ack",
    "ugrep",
    "git-grep",
    "ls",
    "exa",
    "eza",
    "lsd",
    "tree",
    "man",
    "info",
    "apropos",
    "whatis",
    "which",
    "whereis",
    "type",
    "tldr",
    "cheat",
    "help",
    "less",
    "more",
    "most",
    "head",
    "tail",
    "wc",
    "file",
    "stat",
    "du",
    "diff",
    "cmp",
    "sort",
    "uniq",
    "cut",
    "tr",
    "jq",
    "yq",
    "xq",
    "gron",
    "say",
    "espeak",
    "espeak-ng",
    "figlet",
    "toilet",
    "cowsay",
    "banner",
    "notify-send",
    "logger",
    "test",
    "[",
    "expr",
    "seq",
    "date",
    "sleep",
    "true",
    "false",
    "basename",
    "dirname",
    "realpath",
    "readlink",
    "code",
    "codium",
    "subl",
    "open",
    "xdg-open",
    "bat",
    "batcat",
    "column",
    "fold",
    "fmt",
    "nl",
    "rev",
    "tac",
    "od",
    "xxd",
    "hexdump",
    "strings",
    "look",
    "spell",
    "aspell",
    "hunspell",
    "translate",
    "trans",
    "wl-copy",
    "xclip",
    "xsel",
    "pbcopy",
    "read",
    "compgen",
    "complete",
    "history",
    "fc",
    "set",
    "shopt",
    "unset",
    "unalias",
    "exit",
    "return",
    "shift",
    "wait",
    "jobs",
    "fg",
    "bg",
    "disown",
    "let",
    "local",
    "getopts",
    "hash",
    "ulimit",
    "umask",
    "dirs",
    "tput",
    "stty",
    "clear",
    "reset",
    "id",
    "groups",
    "whoami",
    "uname",
    "hostname",
    "ping",
    "dig",
    "host",
    "nslookup",
    "whois",
    "traceroute",
    "mtr",
    "ssh-keygen",
    "gpg",
    "openssl",
    "base64",
    "md5sum",
    "sha1sum",
    "sha256sum",
    "sha512sum",
    "cksum",
    "b2sum",
    "pwgen",
    "uuidgen",
    "bc",
    "units",
    "cal",
    "ncal",
    "numfmt",
];

/// Command lines that are no remote resource's: package managers and build tools whose `remove`,
/// `uninstall` or `prune` act on the project's dependencies or the user's own installs, tools
/// whose verbs act on local state, and task runners, whose recipes are read instead.
const LOCAL_TOOLS: &[&str] = &[
    "pdm",
    "composer",
    "bundle",
    "bundler",
    "flutter",
    "dart",
    "mix",
    "rails",
    "ng",
    "nx",
    "lerna",
    "turbo",
    "rush",
    "bower",
    "jspm",
    "opam",
    "cabal",
    "stack",
    "nimble",
    "raco",
    "luarocks",
    "vcpkg",
    "conan",
    "spack",
    "sdk",
    "jenv",
    "tfenv",
    "tfswitch",
    "corepack",
    "home-manager",
    "guix",
    "pkg",
    "pacman",
    "yay",
    "paru",
    "zypper",
    "apk",
    "emerge",
    "mas",
    "svn",
    "tmux",
    "screen",
    "zellij",
    "direnv",
    "pass",
    "gopass",
    "task",
    "timew",
    "todo.sh",
    "jrnl",
    "nb",
    "zoxide",
    "autojump",
    "fasd",
    "trash",
    "gio",
    "git-lfs",
    "ollama",
    "adb",
    "fastboot",
    "xcrun",
    "simctl",
    "avdmanager",
    "sdkmanager",
    "pod",
    "carthage",
    "swift",
    "gradle",
    "gradlew",
    "mvnw",
    "sbt",
    "lein",
    "clj",
    "elm",
    "esy",
    "zig",
    "go",
    "deno",
    "bun",
    "poetry",
    "hatch",
    "rye",
    "pipenv",
    "uv",
    "tox",
    "nox",
    "pre-commit-hook",
    "bazel",
    "bazelisk",
    "buck",
    "buck2",
    "pants",
    "please",
    "earthly",
    "nix",
    "nix-env",
    "cmake",
    "ctest",
    "meson",
    "ninja",
    "scons",
    "waf",
    "xcodebuild",
    "npm",
    "pnpm",
    "yarn",
    "pip",
    "pip3",
    "pipx",
    "gem",
    "cargo",
    "rustup",
    "brew",
    "port",
    "conda",
    "mamba",
    "micromamba",
    "asdf",
    "mise",
    "rtx",
    "volta",
    "nvm",
    "fnm",
    "pyenv",
    "rbenv",
    "nodenv",
    "goenv",
    "dotnet",
    "git",
    "docker",
    "podman",
    "nerdctl",
    "systemctl",
    "apt",
    "apt-get",
    "dnf",
    "yum",
    "snap",
    "flatpak",
    "make",
    "gmake",
    "just",
    "go-task",
    "makers",
    "rake",
    "invoke",
    "inv",
];

/// Subcommands of known tools that act on remote resources though the tool's other verbs are
/// local or are read otherwise (`docker service rm`, `docker --context prod compose up`), or
/// whose verb does not say what it does (`skopeo copy … docker://…` and `ko build` push an image,
/// `tkn pipeline start` and `jenkins-cli build` run a CI pipeline, `cargo release --execute`
/// publishes).
struct Known {
    names: &'static [&'static str],
    /// Options that take a value, as whole words (`-s URL`, `--context NAME`).
    values: &'static [&'static str],
    /// The first operand, when the verb is the second (`docker stack rm`); empty: the verb is first.
    nouns: &'static [&'static str],
    /// The verbs and what they do; empty: by [`DESTROYS`] and [`PUBLISHES`].
    verbs: &'static [&'static str],
    class: &'static str,
    /// One of these options must be given (`cargo release --execute`, `docker --context prod`).
    given: &'static [&'static str],
    /// The options of [`Known::given`] are the program's own, before its subcommand (`docker
    /// run IMAGE bash -c x` names no context).
    given_first: bool,
    /// With one of these options it stays local (`ko build --local`).
    unless: &'static [&'static str],
    /// The last operand must start with one of these (`skopeo copy SRC docker://DEST`).
    to: &'static [&'static str],
}

const DOCKER: &[&str] = &["docker", "podman", "nerdctl"];
/// Options that take a value, the engine's and compose's (`docker compose -f FILE up`).
const DOCKER_VALUES: &[&str] = &[
    "-H",
    "--host",
    "-c",
    "--context",
    "--config",
    "-l",
    "--log-level",
    "-f",
    "--file",
    "-p",
    "--project-name",
    "--env-file",
    "--profile",
];
/// Engines other than this machine's: a context or host named for another.
const REMOTE_ENGINE: &[&str] = &["-H", "--host", "-c", "--context"];
/// A row of [`KNOWN`]: no option needed, none keeping it local, any destination.
const fn known(
    names: &'static [&'static str],
    values: &'static [&'static str],
    nouns: &'static [&'static str],
    verbs: &'static [&'static str],
    class: &'static str,
) -> Known {
    Known { names, values, nouns, verbs, class, given: &[], given_first: false, unless: &[], to: &[] }
}

const KNOWN: &[Known] = &[
    // A swarm's stacks, services, nodes, configs and secrets, and the engine's volumes and
    // networks: removed (`docker service rm api`) or deployed (`docker stack deploy`).
    known(DOCKER, DOCKER_VALUES, &["stack", "service", "node", "config", "secret", "volume", "network", "plugin"], &[], ""),
    // What runs on an engine another context or host names deploys there.
    Known {
        given: REMOTE_ENGINE,
        given_first: true,
        ..known(
            DOCKER,
            DOCKER_VALUES,
            &["compose"],
            &["up", "run", "create", "start", "restart", "down", "rm", "stop", "kill", "scale"],
            "publishes",
        )
    },
    Known {
        given: REMOTE_ENGINE,
        given_first: true,
        ..known(DOCKER, DOCKER_VALUES, &[], &["run", "create", "start", "restart", "rm", "stop", "kill", "update", "exec"], "publishes")
    },
    Known {
        to: &["docker://"],
        ..known(
            &["skopeo"],
            &["--authfile", "--src-creds", "--dest-creds", "--format", "-f", "--src", "--dest", "-s", "-d"],
            &[],
            &["copy", "sync"],
            "publishes",
        )
    },
    Known {
        unless: &["--local", "-L", "--push=false", "--dry-run"],
        ..known(
            &["ko"],
            &["--platform", "-t", "--tags", "--image-label", "-f", "--filename", "--image-refs", "--sbom"],
            &[],
            &["build", "b", "apply", "create", "resolve", "publish", "run"],
            "publishes",
        )
    },
    known(
        &["tkn"],
        &["-n", "--namespace", "-c", "--context", "-k", "--kubeconfig"],
        &["pipeline", "p", "task", "t", "clustertask", "ct"],
        &["start"],
        "publishes",
    ),
    known(
        &["jenkins-cli"],
        &["-s", "-auth", "-i", "-p", "-logger", "-bearer", "-user"],
        &[],
        &[
            "build",
            "groovy",
            "groovysh",
            "restart",
            "safe-restart",
            "shutdown",
            "safe-shutdown",
            "install-plugin",
            "create-job",
            "update-job",
            "reload-configuration",
            "disable-job",
        ],
        "publishes",
    ),
    // Image copies into a registry (`crane copy SRC DEST`, `regctl image copy`).
    known(
        &["crane", "gcrane"],
        &["--platform"],
        &[],
        &["copy", "cp", "tag", "mutate", "append", "rebase", "flatten", "index"],
        "publishes",
    ),
    known(
        &["regctl"],
        &["--host", "--user-agent", "-v", "--verbosity"],
        &["image", "artifact", "index", "tag"],
        &["copy", "put", "mod", "create"],
        "publishes",
    ),
    Known {
        given: &["--execute", "-x"],
        ..known(&["cargo"], &["-p", "--package", "--manifest-path", "--config", "-Z"], &[], &["release"], "publishes")
    },
];

/// The class of a [`KNOWN`] row's command line, when one matches it.
fn of_known(name: &str, args: &[String]) -> Option<&'static str> {
    let end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    for row in KNOWN.iter().filter(|r| r.names.contains(&name)) {
        let mut operands = Vec::new();
        let mut given = false;
        let mut i = 0;
        while i < end {
            let a = args[i].as_str();
            i += 1;
            let flag = a.split_once('=').map_or(a, |(f, _)| f);
            if row.unless.contains(&a) || row.unless.contains(&flag) && !a.ends_with("=false") {
                return None;
            }
            if !a.starts_with('-') {
                operands.push(a);
                continue;
            }
            let value = if a.contains('=') {
                a.split_once('=').map(|(_, v)| v)
            } else if row.values.contains(&a) {
                i += 1;
                args.get(i - 1).map(String::as_str)
            } else {
                None
            };
            // `--context default`, `-H unix:///var/run/docker.sock`: this machine's engine.
            let local = value
                .is_some_and(|v| matches!(v, "default" | "desktop-linux" | "colima" | "orbstack" | "rootless") || v.starts_with("unix://"));
            given |= row.given.contains(&flag) && !local && (!row.given_first || operands.is_empty());
        }
        if !row.given.is_empty() && !given {
            continue;
        }
        let verb = match row.nouns {
            [] => operands.first(),
            nouns if operands.first().is_some_and(|n| nouns.contains(n)) => operands.get(1),
            _ => None,
        };
        let Some(verb) = verb else { continue };
        if !row.to.is_empty() && !operands.last().is_some_and(|d| row.to.iter().any(|t| d.starts_with(t))) {
            continue;
        }
        let class = match row.verbs {
            [] => by_pieces(verb),
            verbs => verbs.contains(verb).then_some(row.class),
        };
        if class.is_some() {
            return class;
        }
    }
    None
}

/// `Some("destroys")` or `Some("publishes")` when a command line the table does not know names
/// such a verb as its subcommand (after at most [`NOUNS`] plain words) or as an option, or a
/// [`KNOWN`] tool's subcommand acts on a remote resource.
pub fn of(name: &str, args: &[String]) -> Option<&'static str> {
    if let Some(class) = of_known(name, args) {
        return Some(class);
    }
    if TEXT.contains(&name) || LOCAL_TOOLS.contains(&name) || super::programs::program(name).is_some() {
        return None;
    }
    let option = |list: &[&str]| args.iter().any(|a| list.iter().any(|o| a == o || a.strip_prefix(o).is_some_and(|r| r.starts_with('='))));
    if option(DESTROYING_OPTIONS) {
        return Some("destroys");
    }
    if option(PUBLISHING_OPTIONS) {
        return Some("publishes");
    }
    let plain = |w: &str| {
        w.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) && w.chars().all(|c| c.is_ascii_alphanumeric() || "-_:".contains(c))
    };
    for word in args.iter().filter(|a| !a.starts_with('-')).take(NOUNS + 1) {
        if !plain(word) {
            return None;
        }
        if let Some(class) = by_pieces(word) {
            return Some(class);
        }
    }
    None
}

/// What a subcommand word says it does, by its pieces.
fn by_pieces(word: &str) -> Option<&'static str> {
    let pieces = pieces(word);
    if pieces.iter().any(|p| DESTROYS.contains(&p.as_str())) {
        return Some("destroys");
    }
    if pieces.iter().any(|p| PUBLISHES.contains(&p.as_str())) {
        return Some("publishes");
    }
    None
}

/// A subcommand word's pieces, lower-cased: split at `-`, `_`, `:` and where a capital follows a
/// small letter (`delete_vhost`, `container:release`, `deleteCluster`, `DeleteStack`).
fn pieces(word: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut previous_small = false;
    for c in word.chars() {
        if "-_:".contains(c) {
            out.push(String::new());
            previous_small = false;
            continue;
        }
        if c.is_ascii_uppercase() && previous_small {
            out.push(String::new());
        }
        previous_small = c.is_ascii_lowercase() || c.is_ascii_digit();
        if let Some(last) = out.last_mut() {
            last.push(c.to_ascii_lowercase());
        }
    }
    out.retain(|p| !p.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_verb_of_an_unknown_command_line_says_what_it_does() {
        for (name, args, class) in [
            ("acme", "delete prod", "destroys"),
            ("acme", "node delete web1 -y", "destroys"),
            ("rabbitmqctl", "delete_vhost /", "destroys"),
            ("zkCli.sh", "deleteall /", "destroys"),
            ("kafka-topics.sh", "--delete --topic orders", "destroys"),
            ("somectl", "cluster DeleteCluster prod", "destroys"),
            ("crictl", "rmp -a -f", "destroys"),
            ("expo", "publish", "publishes"),
            ("heroku-x", "container:release web", "publishes"),
            ("pack", "build acme/app --publish", "publishes"),
            ("docker", "service rm api", "destroys"),
            ("podman", "-c x network rm n", "destroys"),
            ("docker", "stack deploy -c stack.yml web", "publishes"),
            ("docker", "--context prod compose up -d", "publishes"),
            ("docker", "-H ssh://deploy@prod run -d nginx", "publishes"),
            ("skopeo", "copy docker://app:dev docker://registry.example.com/app:1", "publishes"),
            ("ko", "build ./cmd/hello", "publishes"),
            ("tkn", "pipeline start deploy -n prod", "publishes"),
            ("jenkins-cli", "-s https://ci -auth u:t build deploy", "publishes"),
            ("cargo", "release minor --execute", "publishes"),
            ("crane", "copy gcr.io/a/b:1 registry.example.com/b:1", "publishes"),
            ("acme", "pipeline trigger deploy", "publishes"),
        ] {
            assert_eq!(of(name, &words(args)), Some(class), "{name} {args}");
        }
        for (name, args) in [
            ("grep", "-rn remove src"),
            ("ls", "delete"),
            ("acme", "get prod"),
            ("acme", "list deleted"),
            ("acme", "a b delete"),
            ("perf", "record make uninstall"),
            ("acme", "docs/delete.md"),
            ("npm", "uninstall lodash"),
            ("pdm", "remove requests"),
            ("acme", "model describe"),
            ("docker", "service ls"),
            ("docker", "compose up -d"),
            ("docker", "--context default compose up -d"),
            ("docker", "volume ls"),
            ("docker", "run --rm -it app:dev bash -c ls"),
            ("docker", "exec -it db psql -c x"),
            ("skopeo", "copy docker://alpine dir:/tmp/alpine"),
            ("ko", "version"),
            ("ko", "build --local ./cmd/hello"),
            ("tkn", "pipeline list"),
            ("cargo", "release minor"),
            ("cargo", "build --release"),
            ("crane", "digest alpine"),
        ] {
            assert_eq!(of(name, &words(args)), None, "{name} {args}");
        }
    }
}
