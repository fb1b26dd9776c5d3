//! Doctor's live probe against what the agent's own shell does before it runs gitvow's command: a
//! login profile, `BASH_ENV`, a PATH line. Whatever answers for gitvow there (a function, an
//! alias, another program) instead of gitvow makes the probe FAIL, however harmless its answer
//! looks; the fixes the check prints are pasted and run.

use crate::support::doctor::*;
use crate::support::{BIN, Sandbox, system_path};
use std::path::{Path, PathBuf};

/// A sandbox whose agents start `shell`, with this gitvow on the PATH under its bare name, and
/// `agent` installed with that bare name (as a repository install writes it).
fn bare_install(shell: &str, agent: &str) -> Sandbox {
    let env = Sandbox::new();
    let dir = path_dir_with_gitvow(&env);
    let env = env.env("SHELL", shell).env("PATH", format!("{}:{}", dir.display(), system_path()));
    install_user(&env, &[agent], &["--command", "gitvow", "--force"]);
    env
}

/// Writes the startup file `~/{file}` as a person would: a PATH line that keeps this gitvow's
/// directory first (a login shell's system profile may set a PATH of its own), then `body`.
fn startup(env: &Sandbox, file: &str, body: &str) {
    let dir = env.outside("pathbin");
    env.write(format!("~/{file}"), format!("export PATH=\"{}:$PATH\"\n{body}\n", dir.display()));
}

/// The probe of `agent`: its status and detail, and its fix.
fn probe(env: &Sandbox, agent: &str) -> (String, String, String) {
    let r = doctor(env, &["--user"]);
    let c = &r.checks(agent, "probe")[0];
    let text = |k: &str| c[k].as_str().unwrap_or("").to_string();
    (text("status"), text("detail"), text("fix"))
}

/// The commands in backquotes of a fix, in order.
fn quoted(fix: &str) -> Vec<String> {
    fix.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

/// Runs `line` as a person pastes it into a terminal of this sandbox (`sh -c`).
fn pasted(env: &Sandbox, line: &str) -> crate::support::Output {
    env.tool("sh").args(["-c", line]).run()
}

fn zsh() -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|p| std::env::split_paths(&p).map(|d| d.join("zsh")).find(|z| z.is_file()));
    if found.is_none() {
        eprintln!("doctor_probe | SKIPPED the zsh variants: no zsh on the PATH");
    }
    found
}

#[test]
fn a_clean_login_profile_passes() {
    for shell in ["/bin/bash", "/bin/sh"] {
        let env = bare_install(shell, "codex");
        startup(&env, ".profile", "# nothing for gitvow here\nexport EDITOR=vi\numask 022");
        let (status, detail, _) = probe(&env, "codex");
        assert_eq!(status, "ok", "{shell}: {detail}");
        assert!(detail.starts_with(&format!("`{shell} -lc …` (PreToolUse) answered allow in ")), "{detail}");
    }
}

/// Each startup file the login shell reads, each way a shell function can answer (printing an
/// allow, or printing nothing at all): the probe FAILs, says what the shell runs instead, and its
/// fixes work when pasted.
#[test]
fn a_function_named_gitvow_in_a_login_profile_fails() {
    let mut cases: Vec<(String, &str)> = vec![
        ("/bin/bash".into(), ".profile"),
        ("/bin/bash".into(), ".bash_profile"),
        ("/bin/bash".into(), ".bash_login"),
        ("/bin/sh".into(), ".profile"),
    ];
    if let Some(zsh) = zsh() {
        let zsh = zsh.to_string_lossy().into_owned();
        cases.extend([(zsh.clone(), ".zprofile"), (zsh, ".zshenv")]);
    }
    for (shell, file) in &cases {
        for body in ["gitvow() { echo '{}'; }", "gitvow() { cat >/dev/null; }"] {
            let env = bare_install(shell, "codex");
            startup(&env, file, body);
            let (status, detail, fix) = probe(&env, "codex");
            assert_eq!(status, "fail", "{shell} {file} {body}: {detail}");
            assert!(detail.contains("gitvow never ran, the shell says \"gitvow is a"), "{detail}");
            assert!(detail.contains("function"), "{detail}");
            assert!(!detail.contains('\n') && !fix.contains('\n'), "one line: {detail} / {fix}");
            let [shown, reinstall] = &quoted(&fix)[..] else { panic!("two commands in the fix: {fix}") };
            let out = pasted(&env, shown);
            assert!(out.code == 0 && out.stdout.contains("function"), "`{shown}`: {} {}", out.stdout, out.stderr);
            assert!(reinstall.starts_with("gitvow install --user --agent codex --command /"), "{reinstall}");
            pasted(&env, reinstall).ok();
            let (status, detail, _) = probe(&env, "codex");
            assert_eq!(status, "ok", "after `{reinstall}` ({shell} {file}): {detail}");
        }
    }
}

/// bash lets a function be named by a path: one named like the absolute command install wrote
/// answers for it in a login shell.
#[test]
fn a_function_shadowing_the_absolute_command_fails() {
    let env = Sandbox::new().env("SHELL", "/bin/bash");
    install_user(&env, &["codex"], &[]);
    assert_eq!(probe(&env, "codex").0, "ok");
    env.write("~/.profile", format!("{}() {{ cat >/dev/null; }}\n", BIN));
    let (status, detail, fix) = probe(&env, "codex");
    assert_eq!(status, "fail", "{detail}");
    assert!(detail.contains(&format!("the shell says \"{BIN} is a function\"")), "{detail}");
    assert!(fix.contains("~/.profile"), "{fix}");
}

#[test]
fn an_alias_a_login_shell_expands_fails_and_one_it_does_not_is_no_failure() {
    let env = bare_install("/bin/bash", "codex");
    // bash does not expand aliases without a terminal: the alias alone changes nothing.
    startup(&env, ".profile", "alias gitvow=true");
    let (status, detail, _) = probe(&env, "codex");
    assert_eq!(status, "ok", "{detail}");
    startup(&env, ".profile", "shopt -s expand_aliases\nalias gitvow=true");
    let (status, detail, _) = probe(&env, "codex");
    assert_eq!(status, "fail", "{detail}");
    assert!(detail.contains("the shell says \"gitvow is aliased to"), "{detail}");
    // zsh expands aliases in every shell.
    if let Some(zsh) = zsh() {
        let env = bare_install(&zsh.to_string_lossy(), "codex");
        startup(&env, ".zshenv", "alias gitvow=true");
        let (status, detail, _) = probe(&env, "codex");
        assert_eq!(status, "fail", "{detail}");
        assert!(detail.contains("the shell says \"gitvow is an alias for true\""), "{detail}");
    }
}

/// `BASH_ENV` is read by every bash without a terminal: codex's login shell, qwen's and gemini's
/// `bash -c`, and auggie's, whose split hands gitvow's fail-closed command to `bash -c`. `ENV` is
/// read only by an interactive sh: the same function there changes nothing.
#[test]
fn bash_env_answers_for_gitvow_in_bash_and_env_does_not_in_sh() {
    for agent in ["codex", "qwen", "gemini", "auggie"] {
        let env = bare_install("/bin/bash", agent);
        startup(&env, ".profile", "");
        let file = env.write("~/.bashenv", "gitvow() { cat >/dev/null; }\n");
        let env = env.env("BASH_ENV", &file);
        let (status, detail, fix) = probe(&env, agent);
        assert_eq!(status, "fail", "{agent}: {detail}");
        assert!(detail.contains("gitvow never ran, the shell says \"gitvow is a function\""), "{detail}");
        assert!(fix.contains("BASH_ENV"), "{fix}");
    }
    let env = bare_install("/bin/sh", "codex");
    startup(&env, ".profile", "");
    let file = env.write("~/.shenv", "gitvow() { cat >/dev/null; }\n");
    let env = env.env("ENV", &file);
    let (status, detail, _) = probe(&env, "codex");
    assert_eq!(status, "ok", "{detail}");
}

/// A PATH line in the login profile that puts another `gitvow` first: a stand-in that answers
/// allow fails; a gitvow of the same version elsewhere is a warning naming it.
#[test]
fn a_profile_path_line_with_another_gitvow_first() {
    let env = bare_install("/bin/bash", "codex");
    let shim = env.script("~/shim/gitvow", "cat >/dev/null");
    startup(&env, ".profile", "export PATH=\"$HOME/shim:$PATH\"");
    let (status, detail, fix) = probe(&env, "codex");
    assert_eq!(status, "fail", "{detail}");
    assert!(detail.contains(&format!("the shell says \"gitvow is {}\"", shim.display())), "{detail}");
    assert!(fix.starts_with("codex's PATH finds another `gitvow` first") && fix.contains("--command /"), "{fix}");

    std::fs::remove_file(&shim).unwrap();
    let copy = env.home().join("shim/gitvow");
    std::fs::copy(BIN, &copy).unwrap();
    let (status, detail, fix) = probe(&env, "codex");
    assert_eq!(status, "warn", "{detail}");
    assert!(detail.contains("answered allow from ~/shim/gitvow, not from the `gitvow` the entry names"), "{detail}");
    assert!(fix.contains("--command /"), "{fix}");
}

/// A stand-in found first on the agent's own PATH (the one doctor runs with too) answers for the
/// bare word in every way of starting a hook: with `bash -c` (qwen), `sh -c` (claude), no shell
/// (auggie).
#[test]
fn another_gitvow_first_on_the_agents_path_fails_for_every_shell() {
    for agent in ["qwen", "claude", "auggie"] {
        let env = Sandbox::new();
        let shim = env.script(env.outside("shim/gitvow"), "cat >/dev/null");
        let real = path_dir_with_gitvow(&env);
        let env = env.env("SHELL", "/bin/bash").env("PATH", format!("{}:{}:{}", shim_dir(&shim).display(), real.display(), system_path()));
        install_user(&env, &[agent], &["--command", "gitvow", "--force"]);
        let (status, detail, _) = probe(&env, agent);
        assert_eq!(status, "fail", "{agent}: {detail}");
        assert!(
            detail.ends_with("answered allow, but `gitvow` did not say which gitvow it is: an older gitvow, or not gitvow"),
            "{agent}: {detail}"
        );
    }
}

fn shim_dir(shim: &Path) -> &Path {
    shim.parent().unwrap()
}
