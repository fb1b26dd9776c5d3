//! Shell completions and man pages come from the command-line definitions.

use crate::support::{BIN, CMD, Output, Sandbox, assert_snapshot, bash};

#[test]
fn completions_for_every_shell_name_the_subcommands() {
    let env = Sandbox::with_repo();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = env.run(["completions", shell]);
        assert_eq!(out.code, 0, "{shell}: {out:?}");
        for sub in ["install", "uninstall", "doctor", "trust", "approve", "policy", "log"] {
            assert!(out.stdout.contains(sub), "{shell} completions lack {sub}");
        }
    }
    let out = env.run(["completions", "tcsh"]);
    assert_ne!(out.code, 0);
}

#[test]
fn man_pages_one_per_subcommand() {
    let env = Sandbox::with_repo();
    let dir = env.home().join("man1");
    let out = env.run(["man", dir.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{out:?}");
    for page in
        ["gitvow", "gitvow-install", "gitvow-uninstall", "gitvow-doctor", "gitvow-check", "gitvow-trust", "gitvow-approve", "gitvow-log"]
    {
        let text = std::fs::read_to_string(dir.join(format!("{page}.1"))).unwrap_or_else(|_| panic!("no {page}.1"));
        assert!(text.starts_with(".ie") || text.contains(".TH"), "{page}.1 is not a man page");
        assert!(text.contains(page), "{page}.1 does not name itself");
    }
    let out = env.run(["man"]);
    assert!(out.stdout.contains(".TH gitvow"), "{}", &out.stdout[..200.min(out.stdout.len())]);
}

#[test]
fn usage_errors_exit_64_with_a_hint_where_one_helps() {
    let env = Sandbox::with_repo();
    let out = env.run(["check", "git", "push", "--force"]);
    assert_eq!(out.code, 64);
    assert!(out.stderr.contains("hint: put the command after `--`: gitvow check -- git push --force\n"), "{out:?}");
    // The hint repeats the person's own command and options, pasteable: one quoted word stays one.
    let out = env.run(["check", "--json", "git push --force --dry-run"]);
    assert_eq!(out.code, 64);
    assert!(out.stderr.contains("hint: put the command after `--`: gitvow check --json -- 'git push --force --dry-run'\n"), "{out:?}");
    let out = env.run(["check", "--color", "never", "rm", "-rf", "build dir"]);
    assert!(out.stderr.contains("hint: put the command after `--`: gitvow check --color never -- rm -rf 'build dir'\n"), "{out:?}");
    assert_eq!(env.run(["install", "--no-such-flag"]).code, 64);
    assert_eq!(env.run(["log", "--since", "soon"]).code, 64);
    assert_eq!(env.run(["--version"]).code, 0);
    let help = env.run(["help", "--help"]);
    assert_eq!(help.code, 0, "{help:?}");
    assert!(help.stdout.contains("Usage: gitvow help"), "{help:?}");
    let install = env.run(["help", "install"]);
    assert!(install.stdout.contains("Usage: gitvow install"), "{install:?}");
}

#[test]
fn check_exits_0_allow_2_deny_3_confirm_1_when_the_policy_cannot_be_read() {
    let env = Sandbox::with_repo();
    assert_eq!(env.run(["check", "--", "ls"]).code, 0);
    assert_eq!(env.run(["check", "--", "git push origin main"]).code, 3);
    assert_eq!(env.run(["check", "--", "git push --force"]).code, 2);
    env.write("~/.gitvow/policy.json", "{ nope");
    assert_eq!(env.run(["check", "--", "ls"]).code, 1);
}

#[test]
fn a_hook_started_with_wrong_arguments_blocks_in_the_agents_form_during_pre_tool_use() {
    let env = Sandbox::with_repo();
    for (args, code, stdout_starts, stderr_starts) in [
        (
            &["hook", "--agent", "codex", "--bogus", "PreToolUse"][..],
            2,
            "",
            "BLOCKED by gitvow: `gitvow hook` was started with arguments it cannot use",
        ),
        (&["hook", "--bogus", "PreToolUse"], 2, "", "BLOCKED by gitvow"),
        (&["hook", "--agent", "cursor", "--bogus", "preToolUse"], 0, "{\"permission\":\"deny\"", ""),
        (&["hook", "--agent", "copilot", "--bogus", "preToolUse"], 0, "{\"permissionDecision\":\"deny\"", ""),
        (
            &["hook", "--agent", "codex"],
            2,
            "",
            "BLOCKED by gitvow: `gitvow hook` was started with arguments it cannot use (missing argument <EVENT>)",
        ),
        (&["hook", "--agent", "codex", "--bogus", "Stop"], 0, "", ""),
        (&["hook", "--agent", "gitvow-nonexistent", "--bogus", "PreToolUse"], 2, "", "BLOCKED by gitvow"),
    ] {
        let out = env.run(args);
        assert_eq!(out.code, code, "{args:?}: {out:?}");
        assert!(out.stdout.starts_with(stdout_starts), "{args:?}: {out:?}");
        assert!(out.stderr.starts_with(stderr_starts), "{args:?}: {out:?}");
        if stdout_starts.is_empty() && stderr_starts.is_empty() {
            assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("", ""), "{args:?}");
        }
    }
}

#[test]
fn help_lists_every_agent_and_agents_may_be_given_with_commas() {
    let env = Sandbox::with_repo();
    for sub in ["install", "uninstall", "doctor"] {
        let out = env.run([sub, "--help"]);
        for agent in gitvow::agents::AGENTS {
            assert!(out.stdout.contains(agent.name), "{sub} --help does not name {}", agent.name);
        }
    }
    let out = env.run(["install", "--user", "--agent", "claude,codex", "--dry-run"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.contains(".claude/settings.json") && out.stdout.contains(".codex/hooks.json"), "{out:?}");
}

/// What a person reads from each command, in one reviewed snapshot: install's and uninstall's
/// summaries and reports (first run, again, in a repository), doctor broken and healthy, check
/// (deny, confirm, allow), policy, log, and errors. Paths of the temporary directories and
/// times are replaced by placeholders.
#[test]
fn human_facing_outputs_snapshot() {
    let env = Sandbox::with_repo();
    env.write("~/.claude/settings.json", "{\n  \"disableAllHooks\": true\n}\n");
    env.write("~/.codex/config.toml", "[features]\nhooks = false # off on purpose\n");
    let mut shown = String::new();
    let mut show = |title: &str, out: Output| {
        shown.push_str(&format!("$ gitvow {title}  (exit {})\n{}{}\n", out.code, out.stdout, out.stderr));
    };
    let install = ["install", "--user", "--agent", "claude,codex", "--yes", "--command", CMD, "--force"];
    show("install --user --agent claude,codex --yes", env.run(install));
    show("install --user --agent claude,codex --yes (again)", env.run(install));
    env.hook("claude", "PreToolUse", bash(env.repo(), "git push --force origin main").to_string());
    show("check -- git push --force origin main", env.run(["check", "--", "git", "push", "--force", "origin", "main"]));
    show("check -- git push origin main", env.run(["check", "--", "git", "push", "origin", "main"]));
    show("check -- ls", env.run(["check", "--", "ls"]));
    show("policy", env.run(["policy"]));
    show("log", env.run(["log"]));
    show("doctor --user (broken: claude's hooks off, no gitvow at --command)", env.run(["doctor", "--user"]));
    show("uninstall --user --yes", env.run(["uninstall", "--user", "--yes"]));
    show("uninstall --user --yes (again)", env.run(["uninstall", "--user", "--yes"]));
    show("install --user --agent clauude", env.run(["install", "--user", "--agent", "clauude"]));
    env.write("~/.claude/settings.json", "{\n  \"model\": \"opus\",\n}\n");
    show(
        "install --user --agent claude (a trailing comma)",
        env.run(["install", "--user", "--agent", "claude", "--command", CMD, "--force"]),
    );
    show(
        "install --user --agent claude --command ~/missing/gitvow",
        env.run(["install", "--user", "--agent", "claude", "--command", env.path("~/missing/gitvow").to_str().unwrap()]),
    );
    // A repository install, and doctor on a user install that works, each in a home of its own.
    let repo_env = Sandbox::with_repo();
    show("install --agent gemini --yes (in a repository)", repo_env.run(["install", "--agent", "gemini", "--yes", "--command", BIN]));
    let healthy = Sandbox::new();
    healthy.run(["install", "--user", "--agent", "gemini", "--yes", "--command", BIN]).ok();
    let ls = serde_json::json!({"session_id": "s-1", "cwd": healthy.home(), "hook_event_name": "BeforeTool", "tool_name": "run_shell_command", "tool_input": {"command": "ls"}});
    healthy.hook("gemini", "BeforeTool", ls.to_string()).ok();
    show("doctor --user (healthy)", healthy.run(["doctor", "--user"]));
    let times = regex_lite::Regex::new(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?Z?").unwrap();
    let durations = regex_lite::Regex::new(r"\b\d+(\.\d+)? ?ms\b").unwrap();
    let text = shown
        .replace(env.repo().to_str().unwrap(), "<repo>")
        .replace(env.home().to_str().unwrap(), "<home>")
        .replace(repo_env.repo().to_str().unwrap(), "<repo>")
        .replace(repo_env.home().to_str().unwrap(), "<home>")
        .replace(healthy.home().to_str().unwrap(), "<home>")
        .replace(BIN, "<gitvow>");
    let text = times.replace_all(&text, "<time>");
    let text = durations.replace_all(&text, "<ms>").into_owned();
    assert_snapshot("human_outputs", &text);
}

/// The quick start's two commands: one installs the binary and previews an install, one runs the
/// whole test suite, and that is what CI runs (`.ci/run`, which runs `cargo test --locked`).
#[test]
fn the_quick_start_installs_previews_and_runs_the_suite_ci_runs() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let start = readme.split("## Quick start").nth(1).and_then(|s| s.split("\n## ").next()).expect("a Quick start section");
    let block: Vec<&str> = start.split("```sh\n").nth(1).and_then(|b| b.split("```").next()).expect("a sh block").lines().collect();
    assert_eq!(block.len(), 2, "two commands: {block:?}");
    assert!(block[0].starts_with("cargo install --locked --path . && gitvow install --user --dry-run"), "{block:?}");
    assert!(block[1].starts_with("bash .ci/run"), "{block:?}");
    let ci = std::fs::read_to_string(root.join(".ci/run")).unwrap();
    assert!(ci.lines().any(|l| l.trim_start().starts_with("cargo test --locked --no-fail-fast")), "{ci}");
    // How to run the suite with the real agents, and what its first run costs.
    assert!(start.contains("`GITVOW_E2E=1 bash .ci/run`") && start.contains("8.5 minutes and 4.4 GB"), "{start}");
}

/// `.ci/run`'s closing line totals every test binary that ran and names each of the package's test
/// binaries that printed no result (it did not build, crashed, or never started).
#[test]
fn the_closing_line_counts_every_binary_and_names_those_that_did_not_run() {
    let env = Sandbox::new();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let result = |p: u32, f: u32, i: u32| format!("test result: ok. {p} passed; {f} failed; {i} ignored; 0 measured; 0 filtered out\n");
    let log = [
        format!("     Running unittests src/lib.rs (target/debug/deps/gitvow-1)\n{}", result(3, 0, 1)),
        format!("     Running unittests src/main.rs (target/debug/deps/gitvow-2)\n{}", result(0, 0, 0)),
        "     Running tests/integration/main.rs (target/debug/deps/integration-3)\nerror: test failed, to rerun pass `--test integration`\n".into(),
        format!("     Running tests/stress.rs (target/debug/deps/stress-4)\n{}", result(5, 2, 0)),
    ]
    .concat();
    let totals = |log: &str| {
        let file = env.write("~/cargo-test.log", log);
        env.tool("python3").arg(root.join(".ci/totals.py")).arg(&file).current_dir(root).env("CARGO", env!("CARGO")).run()
    };
    let out = totals(&log);
    assert_eq!(out.code, 1, "{out:?}");
    assert_eq!(out.stdout, "8 passed, 2 failed, 1 skipped; did not run: --test integration, --test e2e_agents\n", "{out:?}");
    let all = format!(
        "{log}     Running tests/integration/main.rs (x)\n{}     Running tests/e2e_agents.rs (y)\n{}",
        result(1, 0, 0),
        result(0, 0, 9)
    );
    let out = totals(&all);
    assert_eq!((out.code, out.stdout.as_str()), (0, "9 passed, 2 failed, 10 skipped\n"), "{out:?}");
}

/// What the README and CONTRIBUTING.md tell a person to type is gitvow's: every `gitvow …` line of a
/// `sh` block names a subcommand whose `--help` lists each option the line uses (its comment's
/// too), and every `(#anchor)` link leads to a heading of its document.
#[test]
fn the_documents_commands_exist_and_their_links_lead_somewhere() {
    let env = Sandbox::with_repo();
    for doc in ["README.md", "CONTRIBUTING.md"] {
        let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(doc)).unwrap();
        // GitHub's anchor of a heading: lowercase, punctuation dropped, spaces as hyphens.
        let anchors: Vec<String> = text
            .lines()
            .filter_map(|l| l.trim_start_matches('#').strip_prefix(' ').filter(|_| l.starts_with('#')))
            .map(|h| {
                h.to_lowercase().chars().filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-').collect::<String>().replace(' ', "-")
            })
            .collect();
        for link in text.split("](#").skip(1).map(|rest| &rest[..rest.find(')').unwrap()]) {
            assert!(anchors.iter().any(|a| a == link), "{doc}: the link #{link} leads to no heading; headings: {anchors:?}");
        }
        let mut checked = 0;
        let mut in_sh = false;
        for line in text.lines() {
            if let Some(lang) = line.strip_prefix("```") {
                in_sh = lang == "sh";
                continue;
            }
            if !in_sh {
                continue;
            }
            for part in line.split(" && ") {
                let Some(args) = part.trim().strip_prefix("gitvow ") else { continue };
                let (args, comment) = args.split_once(" #").unwrap_or((args, ""));
                let words: Vec<&str> = args.split_whitespace().take_while(|w| *w != "--").collect();
                let sub: Vec<&str> = match words.as_slice() {
                    ["policy", "check", ..] => vec!["policy", "check"],
                    [sub, ..] => vec![sub],
                    [] => panic!("{doc}: `{line}` names no subcommand"),
                };
                let help = env.run(sub.iter().copied().chain(["--help"]));
                assert_eq!(help.code, 0, "{doc}: `{line}`: gitvow {} --help: {help:?}", sub.join(" "));
                let options = words.iter().copied().chain(comment.split(|c: char| !(c.is_alphanumeric() || c == '-')));
                for option in options.filter(|w| w.starts_with("--") && w.len() > 2) {
                    let option = option.split('=').next().unwrap();
                    let whole =
                        |(at, _): (usize, &str)| !help.stdout[at + option.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '-');
                    assert!(help.stdout.match_indices(option).any(whole), "{doc}: `{line}`: gitvow {} has no {option}", sub.join(" "));
                }
                checked += 1;
            }
        }
        assert!(doc != "README.md" || checked > 10, "{doc}: only {checked} commands found");
    }
}

/// Every section a comment or a document quotes by name (`the README's "Exit codes"`,
/// `CONTRIBUTING.md's "Agent notes"`, and inside a document its own `see "Many machines"` or
/// `"When gitvow cannot run, measured" above`) is a heading of that document, so a renamed section
/// cannot leave citations of the old name behind; and nothing cites an issue by its number.
#[test]
fn quoted_section_names_are_headings_of_their_document() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let headings = |doc: &str| -> Vec<String> {
        let text = std::fs::read_to_string(root.join(doc)).unwrap();
        text.lines().filter(|l| l.starts_with('#')).map(|l| l.trim_start_matches('#').trim().to_string()).collect()
    };
    let documents = [("README's \"", headings("README.md")), ("CONTRIBUTING's \"", headings("CONTRIBUTING.md"))];
    let mut files = vec![root.join("README.md"), root.join("CONTRIBUTING.md"), root.join("build.rs"), root.join("Cargo.toml")];
    // Every directory of the project's own code, scripts and documents.
    let mut dirs = ["src", "tests", "templates", "bench", "scripts", ".ci"].map(|d| root.join(d)).to_vec();
    while let Some(dir) = dirs.pop() {
        for path in std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()) {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_none_or(|e| ["rs", "md", "sh", "py", "js", "ts", "json", "toml"].iter().any(|x| e == *x)) {
                files.push(path);
            }
        }
    }
    let mut quoted = 0;
    for file in files {
        // A quotation may wrap: the file's lines joined, each without its comment marker.
        // Binary fixtures hold no prose.
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let prose: Vec<&str> = text.lines().map(|l| l.trim().trim_start_matches(['/', '!']).trim()).collect();
        let prose = prose.join(" ").replace("CONTRIBUTING.md's \"", "CONTRIBUTING's \"").replace("README.md's \"", "README's \"");
        // An issue tracker is not part of the project: a citation of one of its numbers leads nowhere.
        let issue = prose.match_indices("issue ").find(|(at, _)| prose[at + 6..].starts_with(|c: char| c.is_ascii_digit()));
        assert!(issue.is_none(), "{}: cites an issue by number: {:?}", file.display(), issue.map(|(at, _)| prose.get(at..at + 10)));
        for (citation, headings) in &documents {
            for (at, _) in prose.match_indices(citation) {
                let rest = &prose[at + citation.len()..];
                let name = &rest[..rest.find('"').unwrap_or(rest.len())];
                assert!(headings.iter().any(|h| h == name), "{}: {citation}{name}\" is no heading; headings: {headings:?}", file.display());
                quoted += 1;
            }
        }
        if file.extension().is_some_and(|e| e == "md") {
            let own = headings(file.strip_prefix(root).unwrap().to_str().unwrap());
            for name in own_sections_quoted(&prose) {
                assert!(own.iter().any(|h| h == name), "{}: \"{name}\" is no heading of its own; headings: {own:?}", file.display());
                quoted += 1;
            }
        }
    }
    assert!(quoted > 7, "only {quoted} quoted section names found");
}

/// The names a document quotes as sections of its own: `see "Name"`, `"Name" above`, `"Name" below`.
fn own_sections_quoted(prose: &str) -> Vec<&str> {
    let mut names: Vec<&str> = prose.split("see \"").skip(1).filter_map(|rest| rest.split_once('"').map(|(name, _)| name)).collect();
    for place in ["\" above", "\" below"] {
        for (at, _) in prose.match_indices(place) {
            names.extend(prose[..at].rfind('"').map(|open| &prose[open + 1..at]));
        }
    }
    names
}

/// CONTRIBUTING's contents line links every `##` section, its agent notes cover every agent of the
/// table, and no paragraph stops mid-sentence before a heading.
#[test]
fn contributing_lists_every_section_and_notes_every_agent() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/CONTRIBUTING.md")).unwrap();
    let contents = text.lines().skip_while(|l| !l.starts_with("Contents:")).take_while(|l| !l.is_empty()).collect::<Vec<_>>().join(" ");
    let mut in_code = false;
    let mut previous = "";
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        if !in_code && line.starts_with("## ") {
            let title = &line[3..];
            assert!(contents.contains(&format!("[{title}](#")), "the contents line lacks \"{title}\": {contents}");
        }
        if !in_code && line.starts_with('#') {
            assert!(previous.is_empty(), "the line before \"{line}\" is not blank: {previous}");
        }
        previous = line;
    }
    for paragraph in text.split("\n\n") {
        let last = paragraph.trim_end();
        let ends = last.chars().last().is_none_or(|c| ".:)`|>".contains(c)) || last.starts_with('#') || last.starts_with("```");
        assert!(
            ends || last.lines().last().is_some_and(|l| l.starts_with("  ") || l.starts_with("- ")),
            "a paragraph stops mid-sentence: …{}",
            &last[last.len().saturating_sub(80)..]
        );
    }
    let notes = text.split("## Agent notes").nth(1).and_then(|s| s.split("\n## ").next()).unwrap();
    for agent in gitvow::agents::AGENTS {
        assert!(notes.contains(&format!("- **{}** (", agent.name)), "no agent note for {}", agent.name);
    }
}
