//! Package managers' settings that name a program they run: npm's and pnpm's `script-shell` runs
//! every script in place of the shell, yarn's `yarnPath` runs in place of yarn itself, a yarn
//! plugin or bun's `preload` is code loaded by each command, `node-options` with `--require` loads
//! code into every node a script starts. Whoever writes one of these (into `.npmrc`, `.yarnrc`,
//! `.yarnrc.yml`, `pnpm-workspace.yaml`, `bunfig.toml`, or the environment as `npm_config_*`) has
//! written a program that runs, unseen: the rules read it as the package manager's own
//! `config set` (`npm config set script-shell ./x.sh`), which they already ask about.

use std::path::Path;

/// The package manager that reads the settings file `path`, by the file's name.
pub fn manager_of(path: &Path) -> Option<&'static str> {
    Some(match path.file_name()?.to_str()? {
        ".npmrc" | "npmrc" => "npm",
        ".yarnrc" | ".yarnrc.yml" | ".yarnrc.yaml" => "yarn",
        "pnpm-workspace.yaml" | "pnpm-workspace.yml" => "pnpm",
        "bunfig.toml" => "bun",
        _ => return None,
    })
}

/// Keys, compared without case, `-` and `_`, whose value is a program, code to load, or another
/// settings file (whose own settings are then unseen).
const PROGRAM_KEYS: &[&str] = &[
    "scriptshell",
    "shell",
    "git",
    "editor",
    "browser",
    "viewer",
    "initmodule",
    "onloadscript",
    "nodegyp",
    "userconfig",
    "globalconfig",
    "yarnpath",
    "plugins",
    "preload",
    "injectenvironmentfiles",
    "rcfilename",
];

fn squeezed(key: &str) -> String {
    key.chars().filter(|c| !matches!(c, '-' | '_')).flat_map(char::to_lowercase).collect()
}

/// Whether `key` (as written) with `value` makes the package manager run a program or load code:
/// one of [`PROGRAM_KEYS`], or `node-options` that load a module (`--require`, `-r`, `--import`,
/// `--loader`); `--max-old-space-size=4096` is no program.
pub fn names_program(key: &str, value: &str) -> bool {
    let key = squeezed(key.trim_start_matches('-'));
    // `run.preload`, `install.git`: the last part names the setting.
    let last = key.rsplit('.').next().unwrap_or(&key);
    // bun's `shell = "system"` or `"bun"` picks one of its own two.
    if last == "shell" && matches!(value.trim_matches(['"', '\'', ' ']), "system" | "bun") {
        return false;
    }
    // `yarnPath: .yarn/releases/yarn-4.1.0.cjs` is where `yarn set version` puts the release a
    // project pins (committed in most yarn projects): yarn itself.
    let value = value.trim_matches(['"', '\'', ' ']);
    let release = value.strip_prefix("./").unwrap_or(value).strip_prefix(".yarn/releases/yarn-").is_some_and(|v| {
        v.strip_suffix(".cjs")
            .or_else(|| v.strip_suffix(".js"))
            .is_some_and(|v| v.chars().all(|c| c.is_ascii_alphanumeric() || ".-+".contains(c)))
    });
    if last == "yarnpath" && release {
        return false;
    }
    if PROGRAM_KEYS.contains(&last) {
        return true;
    }
    last == "nodeoptions"
        && value
            .split([' ', '\t', '\'', '"', '='])
            .any(|w| matches!(w, "-r" | "--require" | "--import" | "--loader" | "--experimental-loader"))
}

/// The settings of a file's `text` that name a program, as `(key, value)`: ini (`key=value`),
/// yarn's classic (`key "value"`), YAML (`key: value`) and TOML (`key = value`) lines alike.
pub fn program_settings(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim().trim_start_matches("- ");
        if line.is_empty() || line.starts_with(['#', ';', '[']) {
            continue;
        }
        let Some(at) = line.find(['=', ':', ' ', '\t']) else { continue };
        let key = line[..at].trim().trim_matches(['"', '\'']);
        let value = line[at + 1..].trim().trim_start_matches(['=', ':']).trim();
        if names_program(key, value) {
            out.push((key.to_string(), value.trim_matches(['"', '\'']).to_string()));
        }
    }
    out
}

/// The settings files of the directories a package manager run in `dir` reads (`dir` and those
/// above it, up to the top of the working tree), as they are on disk.
pub const FILES: &[&str] =
    &[".npmrc", ".yarnrc", ".yarnrc.yml", ".yarnrc.yaml", "pnpm-workspace.yaml", "pnpm-workspace.yml", "bunfig.toml"];

/// Settings files read, at most (bytes); a larger one is opaque.
const MAX_SETTINGS_FILE: u64 = 64 << 10;
/// Directories looked in, from where the manager runs up.
const MAX_LEVELS: usize = 8;

/// A setting found on disk that names a program: the file, its line number, the line, and the
/// manager's own `config set` command for the rules.
pub struct Found {
    pub path: std::path::PathBuf,
    pub line: usize,
    pub text: String,
    pub command: String,
}

/// The settings that name a program in the files a package manager run in `dir` reads, skipping
/// those `skip` says the call itself writes (read as written). A file over the size cap, or one
/// that cannot be read, is `Err`.
pub fn on_disk(dir: &Path, skip: &dyn Fn(&Path) -> bool) -> Result<Vec<Found>, &'static str> {
    let mut out = Vec::new();
    for d in dir.ancestors().take(MAX_LEVELS) {
        for name in FILES {
            let path = d.join(name);
            let Ok(meta) = std::fs::metadata(&path) else { continue };
            if skip(&path) || !meta.is_file() {
                continue;
            }
            if meta.len() > MAX_SETTINGS_FILE {
                return Err("a package manager's settings file is larger than the analyser reads");
            }
            let text = std::fs::read_to_string(&path).map_err(|_| "a package manager's settings file cannot be read")?;
            let manager = manager_of(&path).unwrap_or("npm");
            for (n, line) in text.lines().enumerate() {
                for (key, value) in program_settings(line) {
                    out.push(Found {
                        path: path.clone(),
                        line: n + 1,
                        text: line.trim().to_string(),
                        command: as_command(manager, &key, &value),
                    });
                }
            }
        }
        if d.join(".git").exists() {
            break;
        }
    }
    Ok(out)
}

/// The setting an environment variable gives its package manager (`npm_config_script_shell`,
/// `NPM_CONFIG_USERCONFIG`, `pnpm_config_…`, yarn's `YARN_YARN_PATH`), if it names a program.
pub fn program_variable(name: &str, value: &str) -> Option<(&'static str, String)> {
    let lower = name.to_ascii_lowercase();
    let (manager, key) = [("npm", "npm_config_"), ("pnpm", "pnpm_config_"), ("yarn", "yarn_"), ("bun", "bun_config_")]
        .into_iter()
        .find_map(|(m, prefix)| lower.strip_prefix(prefix).map(|k| (m, k)))?;
    names_program(key, value).then(|| (manager, key.replace('_', "-")))
}

/// The text the rules read for a setting: the manager's own command that sets it, a key or
/// value holding blanks or quotes in single quotes (one word to a rule's eye).
pub fn as_command(manager: &str, key: &str, value: &str) -> String {
    let word = |w: &str| match w.contains(|c: char| c.is_whitespace() || "'\"`$;&|<>()".contains(c)) || w.is_empty() {
        true => format!("'{}'", w.replace('\'', "'\\''")),
        false => w.to_string(),
    };
    format!("{manager} config set {} {}", word(key), word(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_that_name_programs_are_found_in_each_format() {
        let keys = |t: &str| program_settings(t).into_iter().map(|(k, _)| k).collect::<Vec<_>>();
        assert_eq!(keys("registry=https://r\nscript-shell = ./x.sh\n//r/:_authToken=t\n"), ["script-shell"]);
        assert_eq!(keys("yarn-path \"./y.js\"\n"), ["yarn-path"]);
        assert_eq!(keys("nodeLinker: pnp\nyarnPath: .yarn/x.cjs\n"), ["yarnPath"]);
        assert_eq!(keys("[test]\npreload = [\"./s.ts\"]\n[run]\nshell = \"system\"\n"), ["preload"]);
        assert_eq!(keys("node-options=--max-old-space-size=4096\n"), Vec::<String>::new());
        assert_eq!(keys("node-options=\"--require ./h.js\"\n"), ["node-options"]);
        assert_eq!(program_variable("NPM_CONFIG_SCRIPT_SHELL", "./x"), Some(("npm", "script-shell".into())));
        assert_eq!(program_variable("npm_config_loglevel", "warn"), None);
        assert_eq!(manager_of(Path::new("/p/.yarnrc.yml")), Some("yarn"));
    }
}
