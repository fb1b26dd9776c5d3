//! Where git reads and writes besides its operands, and what it runs, as the environment and
//! its subcommands' options tell it: see `Walk::git_places`.

use super::super::options::OptionWords;

/// Variables that name a command git runs (with the shell, its arguments after it), as its
/// configuration would: an editor, a pager, a diff program, a remote shell, a password asker.
pub const COMMAND_VARIABLES: &[&str] = &[
    "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR",
    "GIT_PAGER",
    "GIT_EXTERNAL_DIFF",
    "GIT_SSH",
    "GIT_SSH_COMMAND",
    "GIT_ASKPASS",
    "GIT_PROXY_COMMAND",
];

/// Variables that tell git where its directory, work tree, index and objects are: git reads and
/// writes there as it does with `--git-dir` and `--work-tree`.
pub const PLACE_VARIABLES: &[&str] =
    &["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES"];

/// The configuration a variable stands for, when it gives git another configuration file.
pub fn config_of_variable(name: &str) -> Option<&'static str> {
    matches!(name, "GIT_CONFIG_GLOBAL" | "GIT_CONFIG_SYSTEM" | "GIT_CONFIG").then_some("include.path")
}

/// The new directory `git SUB ARGS` makes, as written: `clone URL [DIR]` (without DIR, the URL's
/// last name without `.git`), `init [DIR]`, `worktree add DIR`, `submodule add URL [DIR]`, and a
/// `--separate-git-dir` of `init` or `clone`.
pub fn made_directory(sub: &str, args: &[String]) -> Vec<String> {
    let with_value: &[&str] = match sub {
        "clone" => &[
            "-o",
            "--origin",
            "-b",
            "--branch",
            "-u",
            "--upload-pack",
            "--reference",
            "--reference-if-able",
            "--separate-git-dir",
            "--depth",
            "--shallow-since",
            "--shallow-exclude",
            "-c",
            "--config",
            "--filter",
            "--template",
            "-j",
            "--jobs",
            "--server-option",
            "--bundle-uri",
            "--ref-format",
            "--revision",
        ],
        "init" => &["--template", "--separate-git-dir", "-b", "--initial-branch", "--object-format", "--ref-format"],
        "worktree" => &["-b", "-B", "--reason"],
        "submodule" => &["-b", "--branch", "--name", "--reference", "--depth"],
        _ => return Vec::new(),
    };
    let mut out: Vec<String> = args.windows(2).filter(|w| w[0] == "--separate-git-dir").map(|w| w[1].clone()).collect();
    out.extend(args.iter().filter_map(|a| a.strip_prefix("--separate-git-dir=")).map(str::to_string));
    let mut operands = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "--" {
            operands.extend(args[i..].iter().cloned());
            break;
        }
        if with_value.contains(&a.as_str()) {
            i += 1;
        } else if !a.starts_with('-') || a == "-" {
            operands.push(a.clone());
        }
    }
    let humanish = |url: &str| {
        let name = url.trim_end_matches('/').trim_end_matches("/.git").rsplit(['/', ':']).next().unwrap_or("").to_string();
        let name = name.strip_suffix(".git").map_or(name.clone(), str::to_string);
        (!name.is_empty()).then_some(name)
    };
    match (sub, operands.as_slice()) {
        ("clone", [url]) => out.extend(humanish(url)),
        ("clone", [_, dir, ..]) | ("init", [dir, ..]) | ("worktree", [_, dir, ..]) | ("submodule", [_, _, dir, ..]) => {
            out.push(dir.clone());
        }
        ("submodule", [add, url]) if add == "add" => out.extend(humanish(url)),
        _ => {}
    }
    if sub == "worktree" && operands.first().is_none_or(|o| o != "add") || sub == "submodule" && operands.first().is_none_or(|o| o != "add")
    {
        out.clear();
    }
    out
}

/// The files (`false`) and directories (`true`) an output option of `git SUB ARGS` writes:
/// `--output=F` (the diff and log family), `archive -o F`, `bundle create F`, `format-patch -o DIR`.
pub fn output_files(sub: &str, args: &[String]) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut words = OptionWords::new(args);
    while let Some(a) = words.next() {
        let (name, value) = match a.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (a, None),
        };
        let tree = sub == "format-patch" && (name == "-o" || (name.len() > 8 && "--output-directory".starts_with(name)));
        let file = (name.len() > 4 && "--output".starts_with(name) && !tree)
            || (sub == "archive" && name == "-o")
            || (sub == "archive" && name.starts_with("-o") && name.len() > 2 && value.is_none());
        if !tree && !file {
            continue;
        }
        let value = match value {
            Some(v) => v,
            None if name.starts_with("-o") && name.len() > 2 && !name.starts_with("--") => &name[2..],
            None => match words.value() {
                Some(v) => v,
                None => continue,
            },
        };
        out.push((value.to_string(), tree));
    }
    if sub == "bundle" && args.first().is_some_and(|a| a == "create") {
        out.extend(args[1..].iter().find(|a| !a.starts_with('-')).map(|f| (f.clone(), false)));
    }
    out
}
