//! Patches of Codex and OpenCode: every touched file is gated, the message names the file.

use crate::support::Sandbox;
use serde_json::Value;

fn codex_patch(env: &Sandbox, patch: &str) -> Value {
    let mut p = env.payload("codex-patch.json");
    p["tool_input"]["command"] = patch.into();
    p
}

fn opencode_patch(env: &Sandbox, patch: &str) -> Value {
    let mut p = env.payload("opencode-patch.json");
    p["cwd"] = env.repo().to_str().unwrap().into();
    p["tool_input"]["patchText"] = patch.into();
    p
}

#[test]
fn real_patches_are_allowed() {
    let env = Sandbox::with_repo();
    let out = env.hook("codex", "PreToolUse", env.payload("codex-patch.json").to_string());
    assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (0, "", ""));
    let mut p = env.payload("opencode-patch.json");
    p["cwd"] = env.repo().to_str().unwrap().into();
    let out = env.hook("opencode", "PreToolUse", p.to_string());
    assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (0, "", ""));
    let log = env.log_lines();
    assert_eq!(log[0]["tool"], "Edit");
}

#[test]
fn a_gated_file_anywhere_in_the_patch_blocks_it_and_is_named() {
    let env = Sandbox::with_repo();
    let patch = "*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** Update File: src/lib.rs\n@@\n-a\n+b\n*** Update File: .codex/hooks.json\n@@\n-{}\n+{\"hooks\": {}}\n*** End Patch\n";
    for (agent, payload) in [("codex", codex_patch(&env, patch)), ("opencode", opencode_patch(&env, patch))] {
        let out = env.hook(agent, "PreToolUse", payload.to_string());
        assert_eq!(out.code, 2, "{out:?}");
        assert!(
            out.stderr.starts_with("CONFIRMATION REQUIRED by gitvow: an agent's hook configuration (where gitvow is installed) (file: .codex/hooks.json) [rule path_confirm["),
            "{out:?}"
        );
    }
}

#[test]
fn move_to_gates_both_paths() {
    let env = Sandbox::with_repo();
    let into = "*** Begin Patch\n*** Update File: tmp/settings.json\n*** Move to: .claude/settings.json\n@@\n-a\n+b\n*** End Patch";
    let out = env.hook("codex", "PreToolUse", codex_patch(&env, into).to_string());
    assert!(out.stderr.contains("(file: .claude/settings.json)"), "{out:?}");
    let away = "*** Begin Patch\n*** Update File: .gitvow/policy.json\n*** Move to: old/policy.json\n*** End Patch";
    let out = env.hook("codex", "PreToolUse", codex_patch(&env, away).to_string());
    assert!(out.stderr.starts_with("CONFIRMATION REQUIRED by gitvow: gitvow's own policy (file: .gitvow/policy.json)"), "{out:?}");
}

#[test]
fn the_whole_grammar_parses() {
    let env = Sandbox::with_repo();
    // Heredoc wrapper, whitespace around markers, blank lines between chunks, a first chunk
    // without @@, End of File, Delete File: all parse; the gated file is the deleted one.
    let patch = "apply_patch <<'EOF'\n  *** Begin Patch \n*** Update File: a.txt\n-x\n+y\n\n@@ fn main\n ctx\n-z\n+w\n*** End of File\n\n *** Delete File: .cursor/hooks.json\n*** End Patch  \nEOF\n";
    let out = env.hook("codex", "PreToolUse", codex_patch(&env, patch).to_string());
    assert!(out.stderr.contains("(file: .cursor/hooks.json)"), "{out:?}");
    // Through the shell tool too: `apply_patch <<'EOF'` run by Codex's shell.
    let mut p = env.payload("codex-bash.json");
    p["tool_input"]["command"] = patch.into();
    let out = env.hook("codex", "PreToolUse", p.to_string());
    assert!(out.stderr.contains("(file: .cursor/hooks.json)"), "{out:?}");
}

#[test]
fn an_unparsable_patch_is_blocked() {
    let env = Sandbox::with_repo();
    for patch in
        ["*** Begin Patch\n*** Update File: a\nnot a patch line\n*** End Patch", "*** Begin Patch\n*** Update File: a\n+x\n", "hello"]
    {
        let out = env.hook("codex", "PreToolUse", codex_patch(&env, patch).to_string());
        assert_eq!(out.code, 2);
        assert!(out.stderr.starts_with("BLOCKED by gitvow: cannot parse the patch: "), "{out:?}");
        let out = env.hook("opencode", "PreToolUse", opencode_patch(&env, patch).to_string());
        assert_eq!(out.code, 2);
        assert!(out.stderr.starts_with("BLOCKED by gitvow: "), "{out:?}");
    }
}

#[test]
fn an_indented_end_patch_in_a_hunk_does_not_end_the_patch() {
    let env = Sandbox::with_repo();
    let patch = "*** Begin Patch\n*** Update File: notes.txt\n@@\n *** End Patch\n-a\n+b\n*** Update File: .gitvow/policy.json\n@@\n-x\n+y\n*** End Patch\n";
    let out = env.hook("codex", "PreToolUse", codex_patch(&env, patch).to_string());
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("(file: .gitvow/policy.json)"), "{out:?}");
}

#[test]
fn apply_patch_anywhere_in_a_shell_command_is_gated_as_a_patch() {
    let env = Sandbox::with_repo();
    let patch = "*** Begin Patch\n*** Update File: .gitvow/policy.json\n@@\n-x\n+y\n*** End Patch";
    for command in [
        format!("cd . && apply_patch <<'EOF'\n{patch}\nEOF"),
        format!("cd . ; applypatch <<'EOF'\n{patch}\nEOF\n"),
        format!("bash -lc \"cd . && apply_patch <<'EOF'\n{patch}\nEOF\n\""),
        format!("cd . && apply_patch '{patch}'"),
    ] {
        let mut p = env.payload("codex-bash.json");
        p["tool_input"]["command"] = command.clone().into();
        let out = env.hook("codex", "PreToolUse", p.to_string());
        assert_eq!(out.code, 2, "{command}: {out:?}");
        assert!(out.stderr.contains("(file: .gitvow/policy.json)"), "{command}: {out:?}");
    }
    // The rest of the chain is still gated as a command.
    let mut p = env.payload("codex-bash.json");
    p["tool_input"]["command"] = "git push -f && apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch\nEOF".into();
    let out = env.hook("codex", "PreToolUse", p.to_string());
    assert!(out.stderr.starts_with("BLOCKED by gitvow: force push"), "{out:?}");
    // A harmless patch through the shell is allowed.
    let mut p = env.payload("codex-bash.json");
    p["tool_input"]["command"] = "cd . && apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch\nEOF".into();
    let out = env.hook("codex", "PreToolUse", p.to_string());
    assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{out:?}");
}

#[test]
fn a_patch_applied_after_cd_is_judged_where_its_files_are() {
    let env = Sandbox::with_repo();
    let other = env.home().join("src/other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("main.c"), "int main;\n").unwrap();
    let verdict = |agent_payload: Value| {
        let out = env.hook("codex", "PreToolUse", agent_payload.to_string());
        // The approval code names the call: the rest of the answer is the verdict.
        (out.code, out.stderr.split(" Only a person").next().unwrap_or_default().to_string())
    };
    let shell = |command: &str| {
        let mut p = env.payload("codex-bash.json");
        p["tool_input"]["command"] = command.into();
        verdict(p)
    };
    // The same deletion named by its full path in Codex's own apply_patch tool.
    let file = other.join("main.c");
    let direct = verdict(codex_patch(&env, &format!("*** Begin Patch\n*** Delete File: {}\n*** End Patch", file.display())));
    assert_eq!(direct.0, 2, "{direct:?}");
    let repo_name = env.repo().file_name().unwrap().to_str().unwrap();
    let up = pathdiff(env.repo(), env.home());
    for command in [
        "cd ~/src/other && apply_patch <<'EOF'\n*** Begin Patch\n*** Delete File: main.c\n*** End Patch\nEOF".to_string(),
        "pushd ~/src/other && applypatch <<'EOF'\n*** Begin Patch\n*** Delete File: main.c\n*** End Patch\nEOF".to_string(),
        format!("cd {up} && apply_patch <<'EOF'\n*** Begin Patch\n*** Delete File: src/other/main.c\n*** End Patch\nEOF"),
    ] {
        assert_eq!(shell(&command), direct, "{command} (repository {repo_name})");
    }
    // Where the shell computes the directory, the patch's files could be anywhere: asked about.
    let (code, said) = shell("cd \"$D\" && apply_patch <<'EOF'\n*** Begin Patch\n*** Delete File: main.c\n*** End Patch\nEOF");
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("applies a patch in a directory the shell computes"), "{said}");
    // Inside the project a patch after `cd` is an ordinary edit.
    std::fs::create_dir_all(env.repo().join("src")).unwrap();
    std::fs::write(env.repo().join("src/main.rs"), "fn main() {}\n").unwrap();
    let harmless =
        "cd src && apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: main.rs\n@@\n-fn main() {}\n+fn main() { }\n*** End Patch\nEOF";
    assert_eq!(shell(harmless), (0, String::new()));
}

/// `to` from `from` as `../..`-steps and names (both canonical, `to` beside or above `from`).
fn pathdiff(from: &std::path::Path, to: &std::path::Path) -> String {
    let common = from.ancestors().find(|a| to.starts_with(a)).unwrap();
    let ups = from.strip_prefix(common).unwrap().components().count();
    let mut parts = vec![".."; ups].join("/");
    let rest = to.strip_prefix(common).unwrap();
    if !rest.as_os_str().is_empty() {
        parts = format!("{parts}/{}", rest.display());
    }
    parts
}
