//! The `gitvow install` command line for one agent in one scope: the fix most problems have, named
//! by doctor's checks and by install's own reports.

use crate::agents::AgentSpec;
use crate::paths::{Scope, display};

pub fn install_command(scope: &Scope, agent: &AgentSpec) -> String {
    format!("gitvow install {} --agent {}", scope_argument(scope), agent.name)
}

/// `gitvow uninstall` of one agent from the scope, as a person pastes it anywhere.
pub fn uninstall_command(scope: &Scope, agent: &AgentSpec) -> String {
    format!("gitvow uninstall {} --agent {}", scope_argument(scope), agent.name)
}

/// What names the scope on a command line: `--user`, `--system`, or the repository's path.
fn scope_argument(scope: &Scope) -> String {
    match scope {
        Scope::User { .. } => "--user".to_string(),
        Scope::Repo(r) => crate::output::shell_path(&r.top),
        Scope::System { .. } => "--system".to_string(),
    }
}

/// [`install_command`] naming this gitvow's executable as the command: the fix for an entry whose
/// command is gone or cannot be found.
pub fn reinstall_command(scope: &Scope, agent: &AgentSpec) -> String {
    let exe = std::env::current_exe().ok().map(|e| e.canonicalize().unwrap_or(e));
    let exe = exe.map_or_else(|| "/absolute/path/to/gitvow".to_string(), |e| crate::output::shell_path(&e));
    format!("{} --command {exe}", install_command(scope, agent))
}

/// `gitvow doctor` for the scope, as a person pastes it anywhere.
pub fn doctor_command(scope: &Scope) -> String {
    format!("gitvow doctor {}", scope_argument(scope))
}

/// What this gitvow answers to `--version` ("gitvow 0.1.0").
fn own_version() -> String {
    format!("gitvow {}", env!("CARGO_PKG_VERSION"))
}

/// The first line `program --version` prints (10 s at most), or `None` when it prints nothing.
fn version_line(program: &std::path::Path) -> Option<String> {
    let out = super::fail_closed::version_output(program);
    out.lines().next().map(str::trim).filter(|l| !l.is_empty()).map(str::to_string)
}

/// Why `--command` would not gate: it does not answer `--version` as gitvow does (`/bin/true` runs
/// and exits 0 for every call, letting each one through). `None` when it is a gitvow.
pub fn not_gitvow(program: &std::path::Path) -> Option<String> {
    match version_line(program) {
        Some(line) if line.starts_with("gitvow ") => None,
        Some(line) => Some(format!("it answers `--version` with \"{}\", not as gitvow does", line.chars().take(60).collect::<String>())),
        None => Some("it answers `--version` with nothing, not as gitvow does".to_string()),
    }
}

/// For a repository install, whose entries name the bare word `gitvow`: one line when the agents
/// would not reach this gitvow through it (the installing user's PATH; for an agent that starts its
/// hooks through a login shell, that shell's PATH too), else `None`.
pub fn bare_command_warning(agents: &[&AgentSpec]) -> Option<String> {
    let fix = "pass --command with the path of gitvow, or put gitvow on the PATH";
    let Some(found) = crate::paths::find_on_path("gitvow") else {
        return Some(format!("warning: `gitvow` is not on your PATH: the entries name it, so the agents would run no gate; {fix}"));
    };
    if let Some(why) = other_version(&found) {
        return Some(format!("warning: the `gitvow` on your PATH ({}) {why}: the agents would run that one; {fix}", display(&found)));
    }
    for agent in agents.iter().filter(|a| a.install.hook_shell == crate::agents::HookShell::LoginShell) {
        let argv = agent.install.hook_shell.argv("command -v gitvow")?;
        let login = std::process::Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .output();
        let path = login.ok().map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string()).unwrap_or_default();
        let same = std::fs::canonicalize(&path).ok() == std::fs::canonicalize(&found).ok();
        if !same {
            let got = if path.is_empty() { "finds no `gitvow`".to_string() } else { format!("finds `gitvow` as {path}") };
            return Some(format!("warning: {}'s login shell ({}) {got}, not {}: {fix}", agent.name, argv[0], display(&found)));
        }
    }
    None
}

/// Why the gitvow at `path` is not this one: another version, or not a gitvow at all.
fn other_version(path: &std::path::Path) -> Option<String> {
    match version_line(path) {
        Some(line) if line == own_version() => None,
        Some(line) if line.starts_with("gitvow ") => Some(format!("is {line}, not {}", own_version())),
        _ => Some("does not answer `--version` as gitvow does".to_string()),
    }
}
