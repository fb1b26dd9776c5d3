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
const PUBLISHES: &[&str] = &["publish", "release", "deploy", "push", "submit", "promote", "upload"];
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

/// `Some("destroys")` or `Some("publishes")` when a command line the table does not know names
/// such a verb as its subcommand (after at most [`NOUNS`] plain words) or as an option.
pub fn of(name: &str, args: &[String]) -> Option<&'static str> {
    if TEXT.contains(&name) || LOCAL_TOOLS.contains(&name) {
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
        let pieces = pieces(word);
        if pieces.iter().any(|p| DESTROYS.contains(&p.as_str())) {
            return Some("destroys");
        }
        if pieces.iter().any(|p| PUBLISHES.contains(&p.as_str())) {
            return Some("publishes");
        }
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
        ] {
            assert_eq!(of(name, &words(args)), None, "{name} {args}");
        }
    }
}
