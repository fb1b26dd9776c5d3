//! A new user's first install in the home directory: preview, apply, the notes, the next step.

use super::pasted::{paste, printed_commands};
use crate::support::{CMD, Sandbox};

#[test]
fn a_dry_run_says_how_to_apply_and_that_command_applies_it() {
    let env = Sandbox::new();
    let run = env.run(["install", "--user", "--agent", "claude", "--dry-run", "--command", CMD, "--force"]).ok();
    let apply = run.stdout.lines().last().unwrap_or_default();
    assert_eq!(apply, format!("Dry run: nothing was written. To apply: gitvow install --user --agent claude --command {CMD} --force"));
    assert!(!env.home().join(".claude/settings.json").exists());
    let commands: Vec<String> = printed_commands(&run.stdout).into_iter().filter(|c| c.starts_with("gitvow install")).collect();
    assert_eq!(commands.len(), 1, "{commands:?}");
    paste(&env, env.home(), &commands[0]).ok().stdout_has("claude: installed in ~/.claude/settings.json");
    assert!(env.read("~/.claude/settings.json").contains(CMD));
}

#[test]
fn six_agents_end_with_one_next_step_that_works() {
    let env = Sandbox::new();
    let agents = "claude,codex,gemini,cursor,copilot,factory";
    let run = env.run(["install", "--user", "--agent", agents, "--yes", "--command", CMD, "--force"]).ok();
    let restarts = run.stdout.matches("restart any open session").count();
    assert_eq!(restarts, 1, "said once, for every agent that needs it:\n{}", run.stdout);
    let last = run.stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("Next: restart any open session of "), "{}", run.stdout);
    assert!(last.ends_with("then run `gitvow doctor --user` to see that every hook fires."), "{last}");
    // The next step runs doctor on what was installed (its checks may warn: no agent runs here).
    let doctor = paste(&env, env.home(), &printed_commands(last)[0]);
    assert!(matches!(doctor.code, 0 | 1), "{doctor:?}");
    for agent in agents.split(',') {
        doctor.stdout_has(agent);
    }
}

#[test]
fn the_summary_names_only_commands_that_exist() {
    let env = Sandbox::new();
    let run = env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    assert!(!run.stdout.contains("policy show"), "{}", run.stdout);
    for line in printed_commands(&run.stdout) {
        let out = paste(&env, env.home(), &line);
        assert!(![64, 127].contains(&out.code), "`{line}` as printed: {out:?}");
    }
}

#[test]
fn an_agent_is_known_by_its_program_too() {
    let env = Sandbox::new();
    env.run(["install", "--user", "--agent", "droid", "--yes", "--command", CMD, "--force"]).ok().stdout_has("factory: installed in");
}

#[test]
fn every_broken_settings_file_is_reported_in_one_run() {
    let env = Sandbox::new();
    for file in ["~/.claude/settings.json", "~/.gemini/settings.json", "~/.cursor/hooks.json"] {
        env.write(file, "{ broken");
    }
    let out = env.run(["install", "--user", "--agent", "claude,gemini,cursor", "--yes", "--command", CMD, "--force"]).status(1);
    for file in ["~/.claude/settings.json", "~/.gemini/settings.json", "~/.cursor/hooks.json"] {
        out.stderr_has(file);
    }
    assert_eq!(env.read("~/.claude/settings.json"), "{ broken", "nothing was written");
}

#[test]
fn a_preview_sent_into_a_pipe_is_not_followed_by_a_blind_question() {
    let env = Sandbox::new();
    let line = format!("{} install --user --agent claude --command {CMD} --force | tail -5", crate::support::BIN);
    let out = env.tool("/bin/sh").args(["-c", &line]).on_terminal().stdin("y\n").run();
    assert!(!out.stdout.contains("Apply these changes?"), "{out:?}");
    out.stdout_has("the preview went to a pipe, so gitvow did not ask");
    assert!(!env.home().join(".claude/settings.json").exists(), "{out:?}");
    // The hint's command applies it.
    let hint = out.stdout.lines().find_map(|l| l.trim().strip_prefix("hint: read the preview, then run `")).unwrap_or_default();
    let command = hint.trim_end_matches("` to apply it");
    assert!(command.starts_with("gitvow install --user --agent claude") && command.ends_with("--yes"), "{command}");
    super::pasted::paste(&env, env.home(), command).ok();
    assert!(env.read("~/.claude/settings.json").contains(CMD));
}

#[test]
fn a_read_only_settings_file_is_named_before_it_is_written() {
    use std::os::unix::fs::PermissionsExt;
    let env = Sandbox::new();
    let settings = env.write("~/.claude/settings.json", "{}\n");
    std::fs::set_permissions(&settings, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = env.run(["install", "--user", "--agent", "claude", "--yes", "--command", CMD, "--force"]).ok();
    out.stdout_has("~/.claude/settings.json: +");
    out.stdout_has("(the file is read-only, 0444: written all the same, its mode kept)");
    assert_eq!(std::fs::metadata(&settings).unwrap().permissions().mode() & 0o777, 0o444);
}

#[test]
fn opencode_and_kilo_are_installed_where_xdg_config_home_moves_their_folder() {
    let env = Sandbox::new();
    let xdg = env.outside("xdg");
    let install = ["install", "--user", "--agent", "opencode,kilo", "--yes", "--command", CMD, "--force"];
    let out = env.gitvow().env("XDG_CONFIG_HOME", &xdg).args(install).run().ok();
    for agent in ["opencode", "kilo"] {
        let plugin = xdg.join(agent).join("plugins/gitvow.js");
        assert!(std::fs::read_to_string(&plugin).unwrap().contains(CMD), "{agent}: {out:?}");
        out.stdout_has(&format!("{agent}: installed in {}", plugin.display()));
    }
    assert!(!env.home().join(".config").exists(), "the agents do not read ~/.config then: {out:?}");
    // doctor looks there too, and uninstall takes them out of there.
    let doctor = env.gitvow().env("XDG_CONFIG_HOME", &xdg).args(["doctor", "--user", "--agent", "opencode"]).run();
    assert!(!doctor.stdout.contains("no gitvow hook file"), "{doctor:?}");
    doctor.stdout_has(&xdg.join("opencode/plugins/gitvow.js").display().to_string());
    env.gitvow().env("XDG_CONFIG_HOME", &xdg).args(["uninstall", "--user", "--yes"]).run().ok();
    assert!(!xdg.join("opencode/plugins/gitvow.js").exists() && !xdg.join("kilo/plugins/gitvow.js").exists());
    // A relative value is no folder XDG knows (the agents would read it from wherever they start).
    env.gitvow().env("XDG_CONFIG_HOME", "relative").args(install).run().ok();
    assert!(env.home().join(".config/opencode/plugins/gitvow.js").exists());
}
