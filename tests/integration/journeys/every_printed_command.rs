//! Every command form gitvow prints for a person is printed by a scene here and run as printed, in
//! a shell, where it does what the line says; a new form in the source that no scene pastes fails.

use super::pasted::{is_of_form, paste, paste_in_terminal, printed_commands, printed_forms};
use crate::support::{BIN, Output, Sandbox, bash, set};
use serde_json::json;

/// Forms that are printed but not pasted here, each with the reason.
const NOT_PASTED: &[(&str, &str)] = &[
    ("gitvow hook", "names the hook entry that misfired, not a command for a person"),
    ("gitvow install --system", "a comment in the managed file of a system install (root, /etc)"),
    ("gitvow uninstall --system", "a comment in the managed file of a system install (root, /etc)"),
    ("gitvow uninstall", "the marker comment of a generated plugin or script file, read to recognise the file"),
    ("gitvow policy check FILE", "how `policy` and `policy check` differ, said when the directory named does not exist"),
    ("gitvow trust ~/src/app", "an example of naming a repository, printed outside any repository"),
];

/// The commands `out` prints for a person, run as printed: each must not be a usage error or
/// unknown to the shell.
fn pasted(env: &Sandbox, dir: &std::path::Path, text: &str, done: &mut Vec<String>) -> Vec<(String, Output)> {
    printed_commands(text)
        .into_iter()
        .map(|line| {
            let out = paste(env, dir, &line);
            assert!(![64, 127, 101].contains(&out.code), "`{line}` as printed:\n{out:?}");
            done.push(line.clone());
            (line, out)
        })
        .collect()
}

/// The run of the pasted command that starts with `prefix`, taken out of `runs`.
fn of(runs: &mut Vec<(String, Output)>, prefix: &str) -> Output {
    let i = runs.iter().position(|(l, _)| l.starts_with(prefix)).unwrap_or_else(|| panic!("no `{prefix}…` among {runs:?}"));
    runs.remove(i).1
}

fn install_user(env: &Sandbox, agent: &str, command: &str) {
    env.run(["install", "--user", "--agent", agent, "--yes", "--command", command, "--force"]).ok();
}

#[test]
fn every_printed_command_form_is_pasted_and_does_what_it_says() {
    let mut done = Vec::new();

    usage_and_a_first_doctor(&mut done);
    user_install_and_doctor_fixes(&mut done);
    trust_and_approvals(&mut done);
    system_scope(&mut done);
    run_and_sandbox_hints(&mut done);

    // Every form in the source was pasted above, or is listed with the reason it is not.
    let missing: Vec<String> = printed_forms()
        .into_iter()
        .filter(|(form, _)| !NOT_PASTED.iter().any(|(f, _)| f == form))
        .filter(|(form, _)| !done.iter().any(|c| is_of_form(c, form)))
        .map(|(form, file)| format!("{form} (src/{file})"))
        .collect();
    assert!(missing.is_empty(), "printed forms no scene pastes:\n{}\npasted: {done:#?}", missing.join("\n"));
}

/// Usage errors point at help, and doctor with nothing installed installs.
fn usage_and_a_first_doctor(done: &mut Vec<String>) {
    // Usage errors point at help that exists.
    let env = Sandbox::new();
    let mut runs = pasted(&env, env.home(), &env.run(["install", "--agent"]).stderr, done);
    of(&mut runs, "gitvow install --help").stdout_has("Usage:");
    let mut runs = pasted(&env, env.home(), &env.run(["nosuch"]).stderr, done);
    of(&mut runs, "gitvow --help").stdout_has("Usage:");

    // Doctor with nothing installed, on a machine with claude: the hint installs it.
    std::fs::create_dir_all(env.home().join(".claude")).unwrap();
    let mut runs = pasted(&env, env.home(), &env.run(["doctor", "--user"]).stderr, done);
    of(&mut runs, "gitvow install --user").ok().stdout_has("claude: installed in ~/.claude/settings.json");
}

/// The user scope's install summary, the hook's and doctor's fixes.
fn user_install_and_doctor_fixes(done: &mut Vec<String>) {
    // The install summary's commands, and the hook's own when gitvow is started wrongly.
    let env = Sandbox::with_repo();
    let run = env.run(["install", "--user", "--agent", "claude", "--yes", "--command", BIN]).ok();
    let mut runs = pasted(&env, env.home(), &run.stdout, done);
    of(&mut runs, "gitvow policy").ok().stdout_has("policy layers in force");
    of(&mut runs, "gitvow doctor --user").stdout_has("gitvow doctor, user scope");
    let misused = env.run(["hook", "--agent", "claude", "--bogus", "PreToolUse"]);
    of(&mut pasted(&env, env.home(), &misused.stderr, done), "gitvow doctor").stdout_has("claude (user, ~/.claude/settings.json)");

    // A policy that does not load: the test the block message names shows where.
    env.write("~/.gitvow/policy.json", "{ broken");
    let blocked = env.hook("claude", "PreToolUse", bash(env.repo(), "ls").to_string());
    let mut runs = pasted(&env, env.repo(), &blocked.stderr, done);
    of(&mut runs, "gitvow check -- true").status(1).stderr_has("policy.json:1:");
    let mut runs = pasted(&env, env.home(), &env.run(["doctor", "--user"]).stdout, done);
    of(&mut runs, "gitvow policy check").status(1).stderr_has("policy.json:1:");

    // A policy that blocks `ls`: doctor's probe fails and names the check that shows why.
    env.write("~/.gitvow/policy.json", r#"{"bash_deny": [{"pattern": "^ls", "reason": "no listing"}]}"#);
    let mut runs = pasted(&env, env.home(), &env.run(["doctor", "--user"]).stdout, done);
    of(&mut runs, "gitvow check -- ls").status(2).stdout_has("no listing");
    std::fs::remove_file(env.home().join(".gitvow/policy.json")).unwrap();

    // The hook's command is gone: reinstalling with the printed command fixes the entry.
    install_user(&env, "claude", env.outside("missing/gitvow").to_str().unwrap());
    let doctor = env.run(["doctor", "--user"]);
    let mut runs = pasted(&env, env.home(), &doctor.stdout, done);
    of(&mut runs, "gitvow install --user --agent claude --command").ok();
    let again = of(&mut runs, "gitvow doctor --user");
    assert!(!again.stdout.contains("does not exist"), "{again:?}");

    // The same agent in both scopes: install says so (a repository's over the user's, the user's
    // from inside a repository that has its own), and each uninstall it prints keeps one.
    let both = env.run(["install", "--agent", "claude", "--yes", "--command", BIN]).ok();
    let mut runs = pasted(&env, env.home(), &both.stderr, done);
    of(&mut runs, "gitvow uninstall --user --agent claude").ok().stdout_has("claude: removed from ~/.claude/settings.json");
    let both = env.run(["install", "--user", "--agent", "claude", "--yes", "--command", BIN]).ok();
    let mut runs = pasted(&env, env.home(), &both.stderr, done);
    let repo_file = env.repo().join(".claude/settings.json");
    of(&mut runs, "gitvow uninstall").ok().stdout_has(&format!("claude: removed from {}", repo_file.display()));
    // And doctor: the printed uninstall keeps one.
    env.run(["install", "--agent", "claude", "--yes", "--command", BIN]).ok();
    let doctor = env.run(["doctor", "--user"]);
    let mut runs = pasted(&env, env.home(), &doctor.stdout, done);
    of(&mut runs, "gitvow uninstall").ok().stdout_has("claude: removed from");

    // codex switched off in its config.toml: the printed install switches it back on.
    install_user(&env, "codex", BIN);
    env.write("~/.codex/config.toml", "[features]\nhooks = false\n");
    let mut runs = pasted(&env, env.home(), &env.run(["doctor", "--user", "--agent", "codex"]).stdout, done);
    of(&mut runs, "gitvow install --user --agent codex").ok();
    assert!(env.read("~/.codex/config.toml").contains("hooks = true"), "{runs:?}");

    // cline's note names the log; the log is read in the repository the call was made in.
    let run = env.run(["install", "--user", "--agent", "cline", "--yes", "--command", BIN]).ok();
    of(&mut pasted(&env, env.repo(), &run.stdout, done), "gitvow log").ok().stdout_has("time (UTC)");
}

/// `gitvow trust` and the approval codes, pasted in a person's terminal.
fn trust_and_approvals(done: &mut Vec<String>) {
    // A repository policy with programs: check and doctor name `gitvow trust`; run in a person's
    // terminal, it trusts them.
    let env = Sandbox::with_repo();
    env.run(["install", "--agent", "claude", "--yes", "--command", BIN]).ok();
    // A person's terminal is one opened before the question.
    let mut term = env.person_terminal();
    env.write(".gitvow/policy.json", json!({"providers": [{"name": "p", "command": "/bin/true"}]}).to_string());
    // The agent's block message names the repository as doctor does: absolute, for a shell.
    let edit = crate::support::claude_payload(env.repo(), "Write", json!({"file_path": env.repo().join("a.txt"), "content": "x"}));
    let blocked = env.hook("claude", "PreToolUse", edit.to_string()).status(2);
    let named = printed_commands(&blocked.stderr);
    assert!(named.contains(&format!("gitvow trust {}", env.repo().display())), "{blocked:?}");
    let check = env.run(["check", "--", "ls"]);
    let trust: Vec<String> = printed_commands(&check.stdout);
    assert_eq!(trust, ["gitvow trust"], "{check:?}");
    let shown = paste_in_terminal(&env, &mut term, &trust[0], "y\n");
    assert_eq!(shown.code, 0, "{shown:?}");
    done.push(trust[0].clone());
    env.run(["policy"]).ok().stdout_has("trusted");
    env.write(".gitvow/policy.json", json!({"providers": [{"name": "q", "command": "/bin/true"}]}).to_string());
    let doctor = env.run(["doctor"]);
    let trust: Vec<String> = printed_commands(&doctor.stdout).into_iter().filter(|c| c.starts_with("gitvow trust")).collect();
    assert_eq!(trust.len(), 1, "{doctor:?}");
    let shown = paste_in_terminal(&env, &mut term, &trust[0], "y\n");
    assert_eq!(shown.code, 0, "{shown:?}");
    done.push(trust[0].clone());
    assert!(!env.run(["doctor"]).stdout.contains("policy-trust"));

    // Approval codes: the listing's example is a waiting code, declining it names the command that
    // says no, and the block message's command approves its call.
    let codex = |command: &str| set(bash(env.repo(), command), "session_id", json!("s1")).to_string();
    let blocked = env.hook("codex", "PreToolUse", codex("git push origin main"));
    let approve = printed_commands(&blocked.stderr);
    assert!(approve.len() == 1 && approve[0].starts_with("gitvow approve "), "{blocked:?}");
    let shown = paste_in_terminal(&env, &mut term, "gitvow approve", "");
    let listed: Vec<String> = printed_commands(&shown.stdout).into_iter().filter(|c| c.starts_with("gitvow approve ")).collect();
    let code = listed.last().and_then(|c| c.strip_prefix("gitvow approve ")).unwrap_or_default().to_string();
    assert!(shown.stdout.lines().any(|l| l.starts_with(&format!("{code}  "))), "the listing's example is a waiting code: {shown:?}");
    // Said no to, the call names the command that says no for good.
    let declined = paste_in_terminal(&env, &mut term, listed.last().unwrap(), "n\n");
    done.push(listed.last().unwrap().clone());
    let deny: Vec<String> = printed_commands(&declined.stdout).into_iter().filter(|c| c.starts_with("gitvow approve --deny")).collect();
    assert_eq!(deny, [format!("gitvow approve --deny {code}")], "{declined:?}");
    paste_in_terminal(&env, &mut term, &deny[0], "").status(0);
    done.push(deny[0].clone());
    // The block message's command approves its call: the retry goes through.
    paste_in_terminal(&env, &mut term, &approve[0], "y\n").status(0);
    done.push(approve[0].clone());
    env.hook("codex", "PreToolUse", codex("git push origin main")).ok();
}

/// The system scope's next step and doctor's fix.
fn system_scope(done: &mut Vec<String>) {
    // The system scope (root, in the sandbox's system root): install's next step, and doctor's fix
    // for a managed file that lost gitvow's entries, which puts them back.
    let env = Sandbox::new();
    let managed = crate::managed::system_root(&env).join("etc/claude-code/managed-settings.json");
    let run = env.run(["install", "--system", "--agent", "claude,codex", "--yes", "--no-pager", "--command", BIN]).ok();
    // The summary's lines, not the diff's (the managed file's own comment names uninstall).
    let summary: String = run.stdout.lines().filter(|l| !l.starts_with(['+', '-', '@'])).map(|l| format!("{l}\n")).collect();
    let mut runs = pasted(&env, env.home(), &summary, done);
    of(&mut runs, "gitvow doctor --system").stdout_has("gitvow doctor, system scope");
    std::fs::write(&managed, "{}\n").unwrap();
    let mut runs = pasted(&env, env.home(), &env.run(["doctor", "--system"]).stdout, done);
    of(&mut runs, "gitvow install --system --agent claude").ok();
    assert!(std::fs::read_to_string(&managed).unwrap().contains(" hook PreToolUse"), "the fix put the entries back");
    of(&mut runs, "gitvow doctor --system").stdout_has("gitvow doctor, system scope");
}

/// `gitvow run`'s hints and `--sandbox`'s line for codex.
fn run_and_sandbox_hints(done: &mut Vec<String>) {
    // `gitvow run`'s hints, with a stand-in agent beside gitvow on the PATH: the box starts it.
    let env = Sandbox::new();
    env.script(env.outside("pasted-bin/claude"), "echo agent-started");
    let hints = env.run(["run"]).stderr + &env.run(["run", "--agent", "claud"]).stderr;
    for (line, out) in pasted(&env, env.home(), &hints, done) {
        assert!(out.stdout.contains("agent-started"), "`{line}` as printed: {out:?}");
    }

    // `--sandbox` in a repository: codex reads its sandbox mode only from the user's file, and the
    // line that says so switches it on there.
    let env = Sandbox::with_repo();
    let out = env.gitvow().current_dir(env.repo()).args(["install", "--agent", "codex", "--sandbox", "--yes", "--command", BIN]).run().ok();
    let mut runs = pasted(&env, env.repo(), &out.stdout, done);
    of(&mut runs, "gitvow install --user --sandbox --agent codex").ok();
    assert!(env.read("~/.codex/config.toml").contains("sandbox_mode = \"workspace-write\""));
}
