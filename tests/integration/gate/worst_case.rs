//! The hook never ends in what an agent reads as "go ahead" during PreToolUse: the worst generated
//! commands (deep nesting, huge inputs, unterminated syntax, up to the 16 MiB payload limit) get
//! each agent's blocking answer, with an exit code (no signal, no stack overflow). How fast is
//! measured by `bench/gate-worst.sh`, not here.

use crate::support::{Sandbox, bash};
use gitvow::agents::{AGENTS, Handler};
use serde_json::Value;

/// What a worst case must get.
#[derive(Clone, Copy, PartialEq)]
enum Must {
    /// The blocking answer, saying that the command could not be analysed.
    AskUnanalysable,
    /// The blocking answer.
    Block,
    /// A well-formed answer: harmless text a shell would reject may pass.
    Answer,
}
use Must::*;

/// Commands built to hit every limit of the analyser.
fn worst_commands() -> Vec<(&'static str, String, Must)> {
    let kib = |n: usize| n << 10;
    vec![
        ("36 KiB of nested $(", format!("echo {}git push -f{}", "$(".repeat(kib(18)), ")".repeat(kib(18))), AskUnanalysable),
        ("200 KiB of nested $( unterminated", "$(".repeat(kib(100)), AskUnanalysable),
        ("200 KiB of nested (", "(".repeat(kib(200)), AskUnanalysable),
        ("200 KiB of nested \"$(\"", "\"$(".repeat(kib(66)), AskUnanalysable),
        ("200 KiB of nested <(", "cat <(".repeat(kib(33)), AskUnanalysable),
        ("200 KiB of nested ${", "${".repeat(kib(100)), Block),
        ("200 KiB of $((", "$((".repeat(kib(66)), Block),
        ("100k commands", "a;".repeat(kib(100)), AskUnanalysable),
        ("100k pipes", "a|".repeat(kib(100)), AskUnanalysable),
        ("40k wrappers", format!("{}git push -f", "sudo ".repeat(kib(40))), AskUnanalysable),
        ("40k evals", format!("{}'git push -f'", "eval ".repeat(kib(40))), AskUnanalysable),
        (
            "nested sh -c",
            (0..12).fold("git push -f".to_string(), |inner, _| format!("sh -c {}", shell_words::quote(&inner))),
            AskUnanalysable,
        ),
        ("one 200 KiB word", "a".repeat(kib(200)), AskUnanalysable),
        ("a 200 KiB argument list", format!("git push {}", "x ".repeat(kib(100))), AskUnanalysable),
        ("an unterminated quote", format!("echo '{}", "x".repeat(kib(200))), Answer),
        ("an unterminated heredoc", format!("cat <<EOF\n{}", "line\n".repeat(kib(40))), Answer),
        ("50k heredocs on one line", format!("cat {}\n", "<<A ".repeat(kib(50))), Answer),
        ("200 KiB of braces", format!("echo {}", "{a,b}".repeat(kib(40))), Answer),
        ("5k redirections", format!("echo {}", "> f ".repeat(5000)), AskUnanalysable),
        ("4k cd candidates", "cd a; ".repeat(4000) + "echo x > f", AskUnanalysable),
        ("backtick nesting", format!("echo {}", "`\\`".repeat(kib(20))), Answer),
        ("just under the payload limit", "a ".repeat((16 << 20) / 2 - 4096), AskUnanalysable),
    ]
}

/// The blocking form of `agent`'s PreToolUse answer, or why the answer is not one.
fn blocking_message(agent: &str, code: Option<i32>, stdout: &str, stderr: &str) -> Result<String, String> {
    let Some(code) = code else { return Err("ended by a signal".into()) };
    match agent {
        "cursor" | "copilot" => {
            let key = if agent == "cursor" { "permission" } else { "permissionDecision" };
            let v: Value = serde_json::from_str(stdout).map_err(|e| format!("exit {code}, stdout not JSON ({e})"))?;
            match v[key].as_str() {
                Some("ask" | "deny") if code == 0 => Ok(stdout.to_string()),
                other => Err(format!("exit {code}, {key} {other:?}")),
            }
        }
        "cline" => {
            let v: Value = serde_json::from_str(stdout).map_err(|e| format!("exit {code}, stdout not JSON ({e})"))?;
            match (v["cancel"].as_bool(), v["errorMessage"].as_str()) {
                (Some(true), Some(m)) if code == 0 && (m.starts_with("BLOCKED") || m.starts_with("CONFIRMATION REQUIRED")) => {
                    Ok(m.to_string())
                }
                other => Err(format!("exit {code}, cancel and errorMessage {other:?}")),
            }
        }
        "hermes" => {
            let v: Value = serde_json::from_str(stdout).map_err(|e| format!("exit {code}, stdout not JSON ({e})"))?;
            match (v["decision"].as_str(), v["reason"].as_str()) {
                (Some("block"), Some(m)) if code == 0 && (m.starts_with("BLOCKED") || m.starts_with("CONFIRMATION REQUIRED")) => {
                    Ok(m.to_string())
                }
                other => Err(format!("exit {code}, decision and reason {other:?}")),
            }
        }
        _ if code == 2 && (stderr.starts_with("BLOCKED") || stderr.starts_with("CONFIRMATION REQUIRED")) => Ok(stderr.to_string()),
        _ => Err(format!("exit {code}, stderr {:?}", stderr.chars().take(200).collect::<String>())),
    }
}

/// Whether the answer is `agent`'s plain allow.
fn is_allow(agent: &str, code: Option<i32>, stdout: &str, stderr: &str) -> bool {
    match agent {
        "cursor" => code == Some(0) && stdout.trim() == r#"{"permission":"allow"}"#,
        "copilot" => code == Some(0) && stdout.trim() == r#"{"permissionDecision":"allow"}"#,
        "cline" => code == Some(0) && stdout.trim() == r#"{"cancel":false}"# && stderr.is_empty(),
        _ => code == Some(0) && stdout.is_empty() && stderr.is_empty(),
    }
}

#[test]
fn the_worst_inputs_get_every_agents_blocking_answer() {
    let env = Sandbox::with_repo();
    let mut wrong = Vec::new();
    for (name, command, must) in worst_commands() {
        let payload = bash(env.repo(), &command).to_string();
        assert!(payload.len() <= 16 << 20, "{name}: payload of {} bytes", payload.len());
        for agent in AGENTS {
            let event = agent.routes().find(|(_, h)| *h == Handler::PreToolUse).map(|(e, _)| e).unwrap();
            let out = env.gitvow().args(["hook", "--agent", agent.name, event]).stdin(&payload).run();
            if must == Answer && is_allow(agent.name, out.exit_code(), &out.stdout, &out.stderr) {
                continue;
            }
            match blocking_message(agent.name, out.exit_code(), &out.stdout, &out.stderr) {
                Ok(message) if must == AskUnanalysable && !message.contains("could not be analysed") => {
                    wrong.push(format!(
                        "{name} / {}: blocked without saying it could not be analysed: {}",
                        agent.name,
                        message.chars().take(200).collect::<String>()
                    ));
                }
                Ok(_) => {}
                Err(why) => wrong.push(format!("{name} / {}: {why}", agent.name)),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The agent sets the limits the hook inherits: with a soft stack limit of 16 or 32 KiB (one
/// `prlimit` on the agent away) the hook still gives its blocking answer to a deep command and
/// its allow to a plain one, with an exit code, not a stack overflow.
#[test]
fn a_small_stack_limit_cannot_crash_the_hook() {
    let env = Sandbox::with_repo();
    let deep = format!("echo {}git push -f{}", "$(".repeat(2000), ")".repeat(2000));
    for kib in [16, 32] {
        for (command, blocks) in [(deep.as_str(), true), ("git push --force origin main", true), ("ls -la", false)] {
            let out = env
                .tool("prlimit")
                .args([format!("--stack={}:", kib << 10), "--".into(), crate::support::BIN.into(), "hook".into(), "PreToolUse".into()])
                .stdin(bash(env.repo(), command).to_string())
                .run();
            let answer = blocking_message("claude", out.exit_code(), &out.stdout, &out.stderr);
            assert_eq!(answer.is_ok(), blocks, "{kib} KiB, {command:.40}: {out:?}");
            if !blocks {
                assert!(is_allow("claude", out.exit_code(), &out.stdout, &out.stderr), "{kib} KiB, {command}: {out:?}");
            }
        }
    }
}
