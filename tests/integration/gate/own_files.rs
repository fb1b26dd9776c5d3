//! Without a box, the gate still holds its own files: what reaches gitvow's directory, the record
//! key, the agents' hook files or the shell start-up files by another spelling (a pattern in any
//! component of the path) is stopped as its literal spelling is, in the payload forms of Claude
//! Code, Codex and Copilot CLI.

use crate::support::{Output, Sandbox};
use serde_json::Value;

/// A home with gitvow's directory, its record key and approvals, and the hook files of the agents
/// gitvow is installed for; a repository with its own.
pub(super) fn installed() -> Sandbox {
    let env = Sandbox::with_repo();
    for dir in [".gitvow/approvals", ".claude", ".codex", ".gemini", ".copilot/hooks", ".cursor", ".factory", ".qwen"] {
        std::fs::create_dir_all(env.home().join(dir)).unwrap();
    }
    env.write("~/.gitvow/record.key", "0123456789abcdef0123456789abcdef");
    env.write("~/.claude/settings.json", "{}");
    env.write("~/.gemini/settings.json", "{}");
    env.write("~/.codex/hooks.json", "{}");
    env.write("~/.copilot/hooks/gitvow.json", "{}");
    env.write("~/.profile", "");
    env.write("~/.bashrc", "");
    env.write("notes.txt", "x");
    env
}

/// Each agent's shell call of `command`, as it sends it.
pub(super) fn payloads(env: &Sandbox, command: &str) -> [(&'static str, &'static str, Value); 3] {
    let mut claude = env.payload("claude-bash.json");
    claude["tool_input"]["command"] = command.into();
    let mut codex = env.payload("codex-bash.json");
    codex["tool_input"]["command"] = command.into();
    let mut copilot = env.payload("copilot-bash.json");
    copilot["toolArgs"]["command"] = command.into();
    [("claude", "PreToolUse", claude), ("codex", "PreToolUse", codex), ("copilot", "preToolUse", copilot)]
}

/// Whether the answer stops the call: the blocking exit, or the agent's ask or deny.
pub(super) fn stops(out: &Output) -> bool {
    if out.code == 2 {
        return out.stderr.starts_with("BLOCKED") || out.stderr.starts_with("CONFIRMATION REQUIRED");
    }
    let Ok(v) = serde_json::from_str::<Value>(&out.stdout) else { return false };
    let decision = v["hookSpecificOutput"]["permissionDecision"].as_str().or(v["permissionDecision"].as_str());
    out.code == 0 && matches!(decision, Some("ask" | "deny"))
}

/// Every command of `stopped` is stopped, every one of `passed` passes, in each agent's form.
pub(super) fn judge(env: &Sandbox, stopped: &[&str], passed: &[&str]) {
    let mut wrong = Vec::new();
    for (commands, want) in [(stopped, true), (passed, false)] {
        for command in commands {
            for (agent, event, payload) in payloads(env, command) {
                let out = env.hook(agent, event, payload.to_string());
                if stops(&out) != want {
                    wrong.push(format!("{agent}: {command}: want {}, got {out:?}", if want { "stopped" } else { "passed" }));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_pattern_in_any_component_names_what_it_matches() {
    let env = installed();
    judge(
        &env,
        &[
            "cp notes.txt ~/.gitv*/policy.json",
            "cat notes.txt > ~/.gitv?w/policy.json",
            "cp notes.txt ~/.[g]itvow/policy.json",
            "echo '{}' | tee ~/.c?aude/settings.json",
            "cp notes.txt ~/.gemin?/settings.json",
            "rm ~/.copil*/hooks/gitvow.json",
            "printf 'gitvow() { :; }' >> ~/.profil?",
            "echo x >> ~/.bash[r]c",
            "mv ~/.gitv?w/record.key /tmp/k",
            "sed -i 's/deny/allow/' ~/.*vow/policy.json",
            "echo '{}' > ~/.co?ex/hooks.json",
            "cp notes.txt ~/.gitvow/../.cl*/settings.json",
            "echo x > ~/.gitv[[:alpha:]]w/policy.json",
            "cp notes.txt ~/.c[[:lower:]]aude/settings.json",
            "echo x > ~/.gitv[]o]w/policy.json",
        ],
        &["rm -f *.json", "cp notes.txt docs/*/x.txt", "echo x > build/*.log", "cat ~/.gitv*/policy.json"],
    );
}

/// A pattern that goes into an agent's directory of the project names the file there whether the
/// directory is there when the gate judges or is made by the call (`mkdir -p .claude && … >
/// .c*/settings.json`): the shell expands it once the directory is made.
#[test]
fn a_pattern_into_a_project_agent_directory_names_its_file_made_yet_or_not() {
    let env = installed();
    judge(
        &env,
        &[
            "cat notes.txt > .c*/settings.json",
            "rm -f .c*/settings.json",
            "mkdir -p .claude && echo '{\"disableAllHooks\":true}' > .c*/settings.json",
            "mkdir -p .claude && echo '{}' > .cl*/settings.local.json",
            "mkdir -p .claude && for d in .c*; do echo '{}' > $d/settings.json; done",
            "mkdir -p .claude .codex; echo '{}' > .c*/hooks.json",
            "mkdir -p .claude; mv notes.txt .c*/settings.json",
            "mkdir -p .claude; printf '{}' | tee .c*/settings.local.json",
            "mkdir -p .codex && cp notes.txt .c*/hooks.json",
            "mkdir -p .gemini && echo '{}' > .g*i/settings.json",
            "echo '{}' > .g[e]mini/settings.json",
        ],
        &["mkdir -p .cache && echo x > .c*/notes.txt", "echo x > */settings.json", "cat .c*/settings.json", "cat README*"],
    );
}

/// A bracket expression names what it can match and nothing else: a class or range that holds the
/// character, or one that excludes another, names the guarded file; one that excludes the
/// character (`[!l]`, `[^l]`, a range or class without it) names another, missing file, and the
/// call passes. A `**` stands for any number of directories, none included.
#[test]
fn a_pattern_names_only_what_its_brackets_and_globstars_can_match() {
    let env = installed();
    std::fs::create_dir_all(env.path("~/a/b/.claude")).unwrap();
    judge(
        &env,
        &[
            "cp notes.txt ~/.c[k-m]aude/settings.json",
            "cp notes.txt ~/.c[!x]aude/settings.json",
            "echo x > ~/.gitv[^a-n]w/policy.json",
            "cp notes.txt ~/.c[![:upper:]]aude/settings.json",
            "cat ~/.[f-h]itvow/record.k?y",
            "cat ~/**/.gitvow/record.key",
            "shopt -s globstar; cp notes.txt ~/**/.claude/settings.json",
            "shopt -s globstar dotglob; cat ~/**/record.key",
            "base64 ~/.g*/r*",
            "rm -rf ~/a/***/.claude",
        ],
        &[
            "cp notes.txt ~/.c[!l]aude/settings.json",
            "cp notes.txt ~/.c[^l]aude/settings.json",
            "cp notes.txt ~/.c[a-k]aude/settings.json",
            "cp notes.txt ~/.c[[:digit:]]aude/settings.json",
            "echo x > ~/.gitv[!o]w/policy.json",
            "cat ~/.[!g]itvow/record.key",
            "cat ~/**/record.key",
            "cp notes.txt ~/**/*.txt",
        ],
    );
}

/// What the shell's options make of a pattern is what it names, whether the call turns them on or
/// the agent's shell has them already: groups (bash's `extglob`, zsh's alternatives and
/// qualifiers), letters in either case (`nocaseglob`), `*` over dot names (`dotglob`, and
/// `GLOBIGNORE`, which sets it).
#[test]
fn a_pattern_names_what_the_shells_options_make_it_match() {
    let env = installed();
    judge(
        &env,
        &[
            "shopt -s extglob\ncp notes.txt ~/.@(gitvow|x)/policy.json",
            "shopt -s extglob\nrm ~/.+(c)laude/settings.json",
            "shopt -s extglob\necho x > ~/.!(zzz)/record.key",
            "bash -O extglob -c 'cp notes.txt ~/.?(g)itvow/policy.json'",
            "zsh -c 'cp notes.txt ~/.(gitvow|x)/policy.json'",
            "cp notes.txt ~/.co(dex|pilot)/hooks.json",
            "shopt -s nocaseglob\ncp notes.txt ~/.GITV*/policy.json",
            "shopt -s nocaseglob; echo x >> ~/.Bash[R]C",
            "shopt -s dotglob\ncp notes.txt ~/*/policy.json",
            "setopt GLOB_DOTS; echo '{}' > ~/*/settings.json",
            "GLOBIGNORE=.; cp notes.txt ~/*/record.key",
            "BASHOPTS=dotglob bash -c 'echo x > ~/*/policy.json'",
            "shopt -s dotglob\necho x > */config",
        ],
        &[
            "cp notes.txt ~/*/policy.json",
            "shopt -s extglob\nrm -f src/@(a|b).tmp",
            "f() { echo hi; }; f",
            "a=(one two); echo ${a[0]}",
            "shopt -s nocaseglob; cat ~/.GITV*/policy.json",
        ],
    );
}

#[test]
fn every_reader_of_the_record_key_and_approvals_is_stopped() {
    let env = installed();
    env.write("~/.gitvow/approvals/ab12", "{}");
    std::os::unix::fs::symlink(env.home().join(".gitvow"), env.repo().join("vow")).unwrap();
    judge(
        &env,
        &[
            "base64 < ~/.gitvow/record.key",
            "cd ~/.gitvow && xxd record.key",
            "cd ~ && cd .gitvow; od -An record.key",
            "od -An ~/.git*/rec*",
            "K=~/.gitvow; cat $K/record.key",
            "K=~/.gitvow; cat \"$K\"/record.key",
            "k=~/.gitvow/record.key; cat \"$k\"",
            "d=~; base64 \"${d}/.gitvow/record.key\"",
            "d=~/.gitvow; for f in \"$d\"/*; do cat \"$f\"; done",
            "D=$HOME/.gitvow; base64 \"$D/record.key\"",
            "cat \"$X/record.key\"",
            "find ~/.gitvow -name 'rec*' -exec cat {} +",
            "find ~/.gitvow -exec cat {} +",
            "find ~/.gitvow -type f -exec base64 {} \\;",
            "find ~ -type f -exec cat {} +",
            "cat $(find ~/.gitvow -type f)",
            "base64 \"$(find ~/.gitv* -name record.key)\"",
            "tar cf /tmp/x.tar $(grep -rl . ~/.gitvow)",
            "grep -a -r . ~/.gitvow",
            "cp -r ~/.gitvow /tmp/x",
            "rsync -a ~/.gitvow/ /tmp/x",
            "tar czf /tmp/x.tgz ~/.gitvow",
            "cd ~ && zip -r /tmp/x.zip .gitvow",
            "ln -s ~/.gitvow /tmp/v",
            "cat vow/record.key",
            "cat ~/.gitvow/approvals/ab12",
            "tar czf /tmp/home.tgz ~",
            "python3 -c \"print(open('/h/.git' + 'vow/rec' + 'ord.key').read())\"",
        ],
        &[
            "ls -la ~/.gitvow",
            "cat ~/.gitvow/policy.json",
            "cp -r src /tmp/x",
            "grep -rn TODO .",
            "find src -type f -exec wc -l {} +",
            "wc -l $(find src -type f)",
            "cat $(git ls-files)",
            "tar czf /tmp/r.tgz .",
            "python3 -c 'print(1)'",
        ],
    );
}

/// A mount over one of the gate's directories replaces what the hook and the agents read there, an
/// unmount uncovers what was beneath, and a bind of one (or a container's volume) reaches it by
/// another name: each is a change of the directory as a whole, and a read of what it holds; a
/// mount or a container elsewhere passes.
#[test]
fn a_mount_over_or_of_a_guarded_directory_changes_it() {
    let env = installed();
    judge(
        &env,
        &[
            "mount --bind ~/.gitvow /tmp/x",
            "sudo mount -o bind /tmp/e ~/.claude",
            "mount -B /tmp/e ~/.codex",
            "mount --rbind ~/.gitvow/approvals /tmp/a",
            "unshare -rm sh -c 'mount -t tmpfs none ~/.gitvow && exec claude'",
            "mount --move /tmp/x ~/.gemini",
            "mount --source ~/.gitvow --target /tmp/q -B",
            "umount -l ~/.gitvow",
            "fusermount -u ~/.copilot",
            "bindfs -r ~/.gitvow /tmp/ro",
            "bindfs /tmp/e ~/.gitvow",
            "sshfs host:/x ~/.claude",
            "squashfuse empty.sqfs ~/.gitvow",
            "mount --bind /tmp/fake ~/.claude/settings.json",
            "mount --bind notes.txt ~/.bashrc",
            "bwrap --bind / / --tmpfs ~/.gitvow claude",
            "bwrap --dev-bind / / --bind /tmp/e $HOME/.gitvow codex",
            "docker run -v ~/.gitvow:/x alpine cat /x/record.key",
            "podman run --mount type=bind,source=$HOME/.gitvow,target=/x alpine",
            "docker run --volume=$HOME:/h alpine",
            "systemd-nspawn --bind=$HOME/.gitvow:/x -D /srv/c",
        ],
        &[
            "mount",
            "mount | grep sda",
            "mount --bind src /tmp/y",
            "umount /tmp/y",
            "sshfs host:/srv /tmp/remote",
            "docker run --rm -v \"$(pwd)\":/src -w /src node:20 npm test",
            "docker run -v /tmp/cache:/cache alpine ls",
            "bwrap --ro-bind / / --tmpfs /run/scratch ls",
        ],
    );
}

/// An archiver that takes the names it archives from a list (`cpio -o`, `pax -w`, `afio -o`,
/// `zip -@`, `tar -T`, `rsync --files-from`) reads what the list names: a finder's matches on its
/// input, a `<(find …)`, echoed names. A list of the project's files passes.
#[test]
fn an_archiver_reads_what_its_list_names() {
    let env = installed();
    judge(
        &env,
        &[
            "find ~/.gitvow -type f | cpio -o -H newc > /tmp/a.cpio",
            "cpio --create < <(find ~/.gitvow) > /tmp/a",
            "find ~/.gitvow -print0 | cpio -0 -ov > /tmp/a",
            "find ~/.gitvow | cpio -pdm /tmp/copy",
            "find ~/.gitvow | tar -czf /tmp/a.tgz -T -",
            "gtar -cf /tmp/a --files-from <(find ~/.gitvow -type f)",
            "bsdtar -cf /tmp/a --files-from=<(find ~/.gitvow/approvals)",
            "find ~/.gitvow -type f | zip -q /tmp/a.zip -@",
            "find ~/.gitv* | pax -w > /tmp/a.pax",
            "find ~/.gitvow | afio -o /tmp/a.afio",
            "echo ~/.gitvow | zip -r@ /tmp/b.zip",
        ],
        &[
            "find src -name '*.rs' | cpio -o > /tmp/s.cpio",
            "git ls-files | tar -czf /tmp/src.tgz -T -",
            "find . -type f | zip /tmp/p.zip -@",
            "tar -cf /tmp/s.tar -T <(find src -type f)",
        ],
    );
}

/// gitvow started through the dynamic loader is gitvow: its weakening subcommands are stopped.
#[test]
fn gitvow_through_the_loader_is_gitvow() {
    let env = installed();
    judge(
        &env,
        &[
            "/lib64/ld-linux-x86-64.so.2 \"$(command -v gitvow)\" uninstall --user",
            "/lib64/ld-linux-x86-64.so.2 /usr/local/bin/gitvow install --command /bin/true",
            "/lib/ld-musl-x86_64.so.1 --library-path /tmp gitvow approve ab12",
            "find / -name gitvow -exec /lib64/ld-linux-x86-64.so.2 {} uninstall \\;",
            "command -v gitvow | xargs -I{} /lib64/ld-linux-x86-64.so.2 {} uninstall",
        ],
        &["/lib64/ld-linux-x86-64.so.2 --list /bin/ls", "/lib64/ld-linux-x86-64.so.2 /bin/ls -la"],
    );
}

/// gitvow started by any launcher is gitvow: an emulator, a debugger, a profiler or a personality
/// changer that runs a program named in its arguments, with one of the subcommands only a person
/// may run after it, is judged by what that program is (a copy of gitvow here), and one that cannot
/// be told is asked about; a launcher of another program, or a subcommand of the same name of a
/// program that is not gitvow, passes.
#[test]
fn gitvow_under_a_launcher_is_gitvow() {
    let env = installed();
    let copy = env.repo().join("tools/gv");
    std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
    crate::support::copy_executable(crate::support::BIN, &copy);
    env.script("tools/app", "echo app");
    judge(
        &env,
        &[
            "qemu-x86_64 tools/gv uninstall --user --yes",
            "qemu-aarch64-static -L /usr/aarch64-linux-gnu ./tools/gv install --command /bin/true",
            "gdb -q -batch -ex run --args tools/gv uninstall",
            "lldb -b -o run -- tools/gv trust .",
            "perf record -g tools/gv approve ab12",
            "setarch x86_64 -R tools/gv uninstall --user --yes",
            "rr record tools/gv uninstall",
            "proot -0 ./tools/gv uninstall",
            "box64 tools/gv install --user --command /bin/true",
            "dbus-launch tools/gv approve ab12",
            "heaptrack ./tools/gv trust --yes .",
            "qemu-x86_64 ./made-later uninstall --user",
        ],
        &[
            "gdb -q -batch -ex run --args tools/app --approve",
            "perf record make uninstall",
            "qemu-x86_64 tools/app install --user",
            "kubectl certificate approve csr-1",
            "setarch x86_64 -R tools/app trust",
        ],
    );
}

/// Each edit of [`edits`] of each path of `cases` whose answer is not the one wanted (stopped when
/// `true`), described.
pub(super) fn wrong_edits(env: &Sandbox, cases: &[(&str, bool)]) -> Vec<String> {
    let mut wrong = Vec::new();
    for &(at, want) in cases {
        for (agent, event, payload) in edits(env, &env.path(at)) {
            let out = env.hook(agent, event, payload.to_string());
            if stops(&out) != want {
                wrong.push(format!("{agent}: edit {at}: want stopped {want}, got {out:?}"));
            }
        }
    }
    wrong
}

/// Each agent's edit of `path` (Claude's Write and Edit, Copilot's edit, Codex's patch), as it
/// sends it.
pub(super) fn edits(env: &Sandbox, path: &std::path::Path) -> [(&'static str, &'static str, Value); 4] {
    let path = path.to_str().unwrap();
    let mut write = env.payload("claude-write.json");
    write["tool_input"]["file_path"] = path.into();
    let mut edit = env.payload("claude-edit.json");
    edit["tool_input"]["file_path"] = path.into();
    let mut copilot = env.payload("copilot-edit.json");
    copilot["toolArgs"]["path"] = path.into();
    let mut codex = env.payload("codex-patch.json");
    codex["tool_input"]["command"] = format!("*** Begin Patch\n*** Update File: {path}\n@@\n-{{}}\n+x\n*** End Patch\n").into();
    [("claude", "PreToolUse", write), ("claude", "PreToolUse", edit), ("copilot", "preToolUse", copilot), ("codex", "PreToolUse", codex)]
}

/// A file with more than one name is each of them: a link made to a guarded file, and a write or an
/// edit through another name of one (gitvow's policy, an agent's settings, a shell start-up file, a
/// git hook), is judged as a change of the guarded file; a linked file with no guarded name passes.
#[test]
fn a_hard_link_of_a_guarded_file_is_that_file() {
    let env = installed();
    env.write("~/.gitvow/policy.json", std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/policy.json")).unwrap());
    env.write(".git/hooks/pre-commit", "#!/bin/sh\n");
    env.write("other.txt", "y");
    let link = |from: &str, to: &str| std::fs::hard_link(env.path(from), env.path(to)).unwrap();
    link("~/.gitvow/policy.json", "~/todo.json");
    link("~/.claude/settings.json", "notes.json");
    link("~/.bashrc", "~/rc");
    link(".git/hooks/pre-commit", "~/hook.sh");
    link("other.txt", "both.txt");
    let home = env.home().display().to_string();
    judge(
        &env,
        &[
            "echo '{}' > ~/todo.json",
            "sed -i 's/deny/allow/' notes.json",
            "ln ~/.gitvow/policy.json",
            "cd src && ln -- ~/.claude/settings.json",
            "ln -s ~/.gitvow/policy.json p.json && echo '{}' > p.json",
            "ln -sf ~/.claude l; cp notes.txt l/settings.json",
            "cp -s ~/.bashrc b && printf 'gitvow() { :; }' >> b",
            "mkdir -p d && ln -s ../../home/.gitvow/policy.json d/k && cat notes.txt > d/k",
            "printf 'gitvow() { :; }' >> ~/rc",
            "cp other.txt ~/hook.sh",
            "cd ~ && tee todo.json < /dev/null",
            "ln ~/.gitvow/policy.json ~/t2.json",
            "ln -f -- ~/.codex/hooks.json h.json",
            "cp -l ~/.claude/settings.json s.json",
            "cp --link ~/.bashrc b",
            "cp -al ~/.gemini g",
            "link ~/.profile p",
            "rsync -a --link-dest=$HOME/.claude src/ dst/",
            &format!("python3 -c \"import os; os.link('{home}/.profile', 'p')\""),
            &format!("node -e \"require('fs').linkSync('{home}/.bashrc', 'b')\""),
        ],
        &[
            "echo x > notes.txt",
            "echo x >> both.txt",
            "cp -l other.txt o2.txt",
            "ln -s other.txt o3.txt",
            "cp -r src dst",
            "ln -s /usr/bin/python3 py && echo x > py.txt",
            "ln -s notes.txt n && echo x > n",
        ],
    );
    let wrong =
        wrong_edits(&env, &[("~/todo.json", true), ("notes.json", true), ("~/rc", true), ("both.txt", false), ("other.txt", false)]);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A hard link to the record key (or to an approval record) made in an earlier call, before gitvow
/// was installed or by a program's own code, is the key: reading it by that name, whole or in a
/// directory read whole, is stopped as reading the key is, in a shell call and in Claude's Read
/// and Grep tools; a file with other names that are none of gitvow's is read freely. And while the
/// key has another name it seals nothing: a question cannot be kept for `gitvow approve`, and the
/// message says how to replace the key.
#[test]
fn a_hard_link_of_the_record_key_made_earlier_is_the_key() {
    let env = installed();
    // gitvow's own key, made by the first question it keeps (not the stand-in `installed` wrote).
    std::fs::remove_file(env.home().join(".gitvow/record.key")).unwrap();
    let question = crate::support::bash(env.repo(), "git push origin main");
    assert!(env.hook("codex", "PreToolUse", question.to_string()).stderr.contains("gitvow approve "));
    let record = std::fs::read_dir(env.home().join(".gitvow/approvals"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "json"))
        .expect("the question's record");
    let link = |from: &std::path::Path, to: &str| std::fs::hard_link(from, env.path(to)).unwrap();
    let key = env.home().join(".gitvow/record.key");
    std::fs::create_dir_all(env.path("build/deep")).unwrap();
    link(&key, "k");
    link(&key, "~/k2");
    link(&key, "build/deep/x.bin");
    link(&record, "a.json");
    env.write("other.txt", "y");
    link(&env.path("other.txt"), "both.txt");
    judge(
        &env,
        &[
            "cat ./k",
            "od -An k",
            "cp k /tmp/x",
            "base64 < k",
            "xxd ~/k2",
            "cd build && cat deep/x.bin",
            "cat k*",
            "tar czf /tmp/x.tgz build",
            "grep -a -r . build",
            "cat \"$X/k\"",
            "cat a.json",
        ],
        &["cat both.txt", "cp both.txt /tmp/y", "cat notes.txt", "wc -l other.txt"],
    );
    let mut wrong = Vec::new();
    for (tool, input, want) in [
        ("Read", serde_json::json!({"file_path": env.path("k")}), true),
        ("Read", serde_json::json!({"file_path": env.path("~/k2")}), true),
        ("Grep", serde_json::json!({"pattern": "x", "path": env.path("build")}), true),
        ("Read", serde_json::json!({"file_path": env.path("both.txt")}), false),
    ] {
        let out = env.hook("claude", "PreToolUse", crate::support::claude_payload(env.repo(), tool, input.clone()).to_string());
        if stops(&out) != want {
            wrong.push(format!("{tool} {input}: want stopped {want}, got {out:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // While the key has other names, nothing it seals counts: a new question says why it has no code.
    let out = env.hook("codex", "PreToolUse", crate::support::bash(env.repo(), "git push origin dev").to_string());
    assert!(stops(&out) && !out.stderr.contains("gitvow approve "), "{out:?}");
    assert!(out.stderr.contains("record key has 4 names") && out.stderr.contains("rm ~/.gitvow/record.key"), "{out:?}");
}

/// Typing into a terminal that is already open (a multiplexer's pane, a session reading a named
/// pipe or another process's open file, the desktop's keyboard) passes while no question waits,
/// and is asked about while one does: `gitvow approve` may be what reads it. (TIOCSTI is denied at
/// any time: command_text.rs.)
#[test]
fn typing_into_an_open_terminal_is_asked_about_while_a_question_waits() {
    let env = installed();
    let fifo = env.home().join("cmds");
    assert!(env.tool("mkfifo").arg(&fifo).run().code == 0);
    // Files outside the project that the test owns (not the machine's /tmp, which anything may hold).
    let [script, buffer, source] = ["a.sh", "a", "cmds"].map(|name| env.outside(name).display().to_string());
    // On disk when judged: a script outside the project that is not there yet asks on its own.
    for (file, text) in [(&script, "ls\n"), (&buffer, "y\n"), (&source, "display-message hi\n")] {
        std::fs::write(file, text).unwrap();
    }
    let typing = [
        format!("tmux send-keys -t x 'sh {script}' Enter"),
        "tmux send-keys -t x y Enter".to_string(),
        "tmux new-session -d -s x \\; send-keys -t x y Enter".to_string(),
        format!("tmux load-buffer {buffer} && tmux paste-buffer -t x"),
        format!("tmux -L other source-file {source}"),
        "screen -S x -X stuff 'y\\n'".to_string(),
        "screen -S x -p 0 -X eval 'stuff y'".to_string(),
        "zellij action write-chars y".to_string(),
        "xdotool type y".to_string(),
        "echo y > ~/cmds".to_string(),
        format!("cat {script} | tee ~/cmds"),
    ];
    let typing: Vec<&str> = typing.iter().map(String::as_str).collect();
    let harmless = ["tmux ls", "tmux new-session -d -s dev 'npm run dev'", "screen -ls", "echo y > notes.txt"];
    judge(&env, &[], &typing);
    judge(&env, &[], &harmless);
    // A question waits: a confirmed call of an agent that cannot ask the person itself.
    // (gitvow makes its own record key to seal the question: not the stand-in `installed` wrote.)
    std::fs::remove_file(env.home().join(".gitvow/record.key")).unwrap();
    let question = crate::support::bash(env.repo(), "git push origin main");
    let out = env.hook("codex", "PreToolUse", question.to_string());
    assert!(out.stderr.contains("gitvow approve "), "{out:?}");
    judge(&env, &typing, &harmless);
    // Another process's open file (a terminal's master side) is outside every project anyway.
    judge(&env, &["printf 'y\\n' > /proc/4242/fd/0"], &[]);
    let mut claude = env.payload("claude-bash.json");
    claude["tool_input"]["command"] = "tmux send-keys -t x y Enter".into();
    let out = env.hook("claude", "PreToolUse", claude.to_string());
    assert!(out.stdout.contains("while a question waits for a person's answer"), "{out:?}");
}

/// What weakens the gate holds itself to a person, whatever runs it: a copy of gitvow with one byte
/// appended, started by an agent (with its marks in the environment or without them), directly or
/// through the dynamic loader, neither uninstalls nor installs another command; a person's own
/// run still does.
#[test]
fn a_copy_of_gitvow_run_by_an_agent_neither_uninstalls_nor_installs_another_command() {
    let env = crate::support::Sandbox::new();
    env.write("~/.claude/settings.json", "{}\n");
    crate::support::doctor::install_user(&env, &["claude"], &[]);
    let installed = env.read("~/.claude/settings.json");
    assert!(installed.contains("gitvow"), "{installed}");
    let copy = env.home().join("gv");
    let mut bytes = std::fs::read(crate::support::BIN).unwrap();
    bytes.push(0);
    std::fs::write(&copy, bytes).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).unwrap();
    // Started once through the support's runner, which waits out `ETXTBSY` (another test's child
    // still holding the copy open for writing): `sh` below would fail on it instead.
    assert_eq!(env.tool(&copy).arg("--version").run().code, 0);
    let launcher = env.script("~/agents/claude", "\"$@\"\nexit $?");
    let loader = ["/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1"].into_iter().find(|l| std::path::Path::new(l).exists());
    let copy = copy.display().to_string();
    let mut runs = vec![
        format!("{copy} uninstall --user --yes"),
        format!("env -u CLAUDECODE -u AI_AGENT {copy} uninstall --user --yes"),
        format!("env -u CLAUDECODE -u AI_AGENT {copy} install --user --yes --agent claude --command /bin/true --force"),
        // Without --command the copy writes its own path, and can be overwritten afterwards.
        format!("env -u CLAUDECODE -u AI_AGENT {copy} install --user --yes --agent claude"),
    ];
    if let Some(loader) = loader {
        runs.push(format!("env -u CLAUDECODE -u AI_AGENT {loader} {copy} uninstall --user --yes"));
    }
    for line in &runs {
        let out = env.tool(&launcher).args(["sh", "-c", line]).env("CLAUDECODE", "1").env("AI_AGENT", "claude").run();
        assert_ne!(out.code, 0, "{line}: {out:?}");
        assert!(out.stderr.contains("refuses to run from an agent's tool call"), "{line}: {out:?}");
        assert_eq!(env.read("~/.claude/settings.json"), installed, "{line}");
    }
    // A dry run changes nothing, and the person's own uninstall still works.
    let out = env.tool(&launcher).args(["sh", "-c", &format!("{copy} uninstall --user --dry-run")]).env("CLAUDECODE", "1").run();
    assert_eq!(out.code, 0, "{out:?}");
    env.run(["uninstall", "--user", "--yes"]).ok();
    assert!(!env.read("~/.claude/settings.json").contains("gitvow"));
}

/// A copy of gitvow detached from the agent that started it (`setsid`, which also sheds the
/// terminal; its environment and parents shed too) neither uninstalls nor installs another command
/// while an agent runs for the same home directory: an agent's tool calls have no terminal, and a
/// person's run has one or waits for the agent to end. Both of those still work.
#[test]
fn a_detached_copy_of_gitvow_does_not_uninstall_while_an_agent_runs_for_the_home() {
    let env = crate::support::Sandbox::new();
    env.write("~/.claude/settings.json", "{}\n");
    crate::support::doctor::install_user(&env, &["claude"], &[]);
    let installed = env.read("~/.claude/settings.json");
    let copy = env.home().join("tools/helper");
    let mut bytes = std::fs::read(crate::support::BIN).unwrap();
    bytes.extend_from_slice(b"\0appended");
    env.write(&copy, bytes);
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).unwrap();
    // Started once through the support's runner, which waits out `ETXTBSY` (see above).
    assert_eq!(env.tool(&copy).arg("--version").run().code, 0);
    // The agent: a process named as claude, started for this home, not an ancestor of the runs below.
    let agent = env.script("~/agents/claude", "sleep 120");
    let mut running = env.tool(&agent).command().spawn().unwrap();
    let copy = copy.display().to_string();
    let detached = |args: &[&str]| env.tool("setsid").arg("-w").arg(&copy).args(args).run();
    for args in [
        &["uninstall", "--user", "--yes"][..],
        &["install", "--user", "--yes", "--agent", "claude", "--command", "/bin/true", "--force"],
        &["install", "--user", "--yes", "--agent", "claude"],
    ] {
        let out = detached(args);
        assert_ne!(out.code, 0, "{args:?}: {out:?}");
        assert!(out.stderr.contains("refuses to run without a terminal while claude (process"), "{args:?}: {out:?}");
        assert_eq!(env.read("~/.claude/settings.json"), installed, "{args:?}");
    }
    // A person at a terminal of their own, while the agent runs.
    let out = env.tool(&copy).args(["uninstall", "--user", "--yes"]).on_terminal().run();
    assert_eq!(out.code, 0, "{out:?}");
    assert!(!env.read("~/.claude/settings.json").contains("gitvow"));
    running.kill().unwrap();
    running.wait().unwrap();
    crate::support::doctor::install_user(&env, &["claude"], &[]);
    // Once the agent has ended, a run without a terminal is a script's, as before.
    let out = detached(&["uninstall", "--user", "--yes"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(!env.read("~/.claude/settings.json").contains("gitvow"));
}

/// A hook that runs out of memory or stack still answers, and blocks: the agent sets the limits its
/// children inherit (`prlimit` on itself), and a hook killed by them would give no answer, which
/// some agents take as "go ahead". Here the data segment is too small for gitvow to finish even
/// a harmless call, with the hard limit lowered too, so that it cannot raise its own.
#[test]
fn a_hook_out_of_memory_still_blocks_the_call() {
    let env = installed();
    let mut wrong = Vec::new();
    for (agent, event, payload) in payloads(&env, "ls") {
        let agent_args: &[&str] = if agent == "claude" { &[] } else { &["--agent", agent] };
        let out = env
            .tool("prlimit")
            .args(["--data=1000000:1000000", "--"])
            .arg(crate::support::BIN)
            .arg("hook")
            .args(agent_args)
            .arg(event)
            .stdin(payload.to_string())
            .run();
        // The allocator's own line may come first on stderr; the blocking answer follows it.
        let blocked = match out.code {
            2 => out.stderr.contains("BLOCKED by gitvow: gitvow ran out of stack or memory"),
            _ => stops(&out) && out.stdout.contains("ran out of stack or memory"),
        };
        if !blocked {
            wrong.push(format!("{agent}: {out:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
