//! Other spellings of what the gate guards: a guarded directory named in another case (on a file
//! system that ignores case, as macOS's does by default, the same files; the gate cannot tell each
//! directory's file system, so it always folds case for what it guards), a copy of gitvow run
//! with a subcommand a variable holds, and text made to run in a terminal or a shell by another
//! route than a command line.

use super::own_files::{installed, judge, stops, wrong_edits};

#[test]
fn a_guarded_place_in_another_case_is_that_place() {
    let env = installed();
    judge(
        &env,
        &[
            "cp notes.txt ~/.GITVOW/policy.json",
            "cat ~/.GitVow/record.key",
            "base64 < ~/.gitVOW/approvals/ab12",
            "cp notes.txt ~/.Claude/settings.json",
            "rm -rf ~/.CODEX",
            "echo 'gitvow() { :; }' >> ~/.BASHRC",
            "tar czf /tmp/x.tgz ~/.GITVOW",
        ],
        &["cat ~/.GITVOW/policy.json", "cp notes.txt ~/Notes.txt", "ls ~/.GITVOW"],
    );
    let mut wrong = wrong_edits(&env, &[("~/.GITVOW/policy.json", true), ("~/.Claude/settings.json", true), ("~/.Bashrc", true)]);
    let read = crate::support::claude_payload(env.repo(), "Read", serde_json::json!({"file_path": env.path("~/.GITVOW/record.key")}));
    let out = env.hook("claude", "PreToolUse", read.to_string());
    if !stops(&out) {
        wrong.push(format!("claude: Read ~/.GITVOW/record.key: want stopped, got {out:?}"));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A copy of gitvow run with a subcommand the shell computes is asked about, or judged as the
/// subcommand the call gave the variable; another program with a computed argument passes.
#[test]
fn a_copy_of_gitvow_with_a_computed_subcommand_is_gitvow() {
    let env = installed();
    let copy = env.repo().join("tools/gv");
    std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
    crate::support::copy_executable(crate::support::BIN, &copy);
    env.script("tools/app", "echo app");
    judge(
        &env,
        &[
            "x=uninstall; ./tools/gv $x --user --yes",
            "x=trust; tools/gv \"$x\" .",
            "./tools/gv $(printf unin; printf stall) --user",
            "./tools/gv \"$SUB\" --user --yes",
            "s=approve; ./tools/gv ${s} ab12",
        ],
        &["x=status; ./tools/app $x", "./tools/app \"$1\"", "x=--version; ./tools/gv $x", "cd $HOME", "echo $x"],
    );
}

/// What a terminal is made to run is judged as run: each command of a tmux chain, text put in a
/// multiplexer's buffer to be pasted, keys typed one by one or as numbers, a terminal emulator's
/// or the desktop's typing, a shell `script` starts fed from its standard input; the same
/// programs doing everyday things pass.
#[test]
fn text_a_terminal_is_made_to_run_is_run() {
    let env = installed();
    judge(
        &env,
        &[
            "tmux new -d -s x \\; send-keys -t x 'gitvow approve ab12' Enter",
            "tmux new-session -d -s x ';' send-keys 'gitvow uninstall --user --yes' Enter",
            "tmux setb 'gitvow approve ab12'",
            "tmux set-buffer 'gitvow approve ab12'; tmux paste-buffer -t x",
            "tmux send-keys -H 67 69 74 76 6f 77 20 75 6e 69 6e 73 74 61 6c 6c 0a",
            "tmux send-keys -t x g i t v o w Space a p p r o v e Space a b 1 2 Enter",
            "tmux -c 'gitvow uninstall --user --yes'",
            "tmux if-shell true 'run-shell \"gitvow trust .\"'",
            "screen -S s -X register . 'gitvow approve ab12'",
            "screen -S s -X eval 'stuff \"cat ~/.gitvow/record.key\\n\"'",
            "kitty @ send-text 'gitvow uninstall\\n'",
            "wezterm cli send-text 'gitvow approve ab12'",
            "zellij action write-chars 'cat ~/.gitvow/record.key'",
            "xdotool type 'gitvow approve ab12'",
            "script -q /dev/null < /tmp/f",
            "echo 'gitvow approve ab12' | script -q /dev/null",
            "printf 'gitvow uninstall\\n' | script -qc sh /dev/null",
            "script -c bash /dev/null <<< 'cat ~/.gitvow/record.key'",
        ],
        &[
            "tmux new -d -s dev 'npm run dev'",
            "tmux send-keys -t dev 'cargo test' Enter",
            "tmux send-keys -t dev C-c",
            "tmux set-buffer 'hello'",
            "screen -S s -X register . 'make'",
            "kitty @ send-text 'ls\\n'",
            "script -q -c 'cargo build' /dev/null",
        ],
    );
}

/// A program that starts a command named in an option's value or in an address (netcat's `-e`
/// and `-c`, ncat's `--exec` and `--sh-exec`, socat's `EXEC:`, `SYSTEM:` and `SHELL:`) runs that
/// command with the connection for its input: the command is judged as run, a shell it starts
/// reads text nobody can see, and a script in a language the analyser does not read is asked
/// about. `sshpass` runs the command after its options. The same programs moving bytes pass.
#[test]
fn a_command_an_options_text_or_an_address_starts_is_run() {
    let env = installed();
    judge(
        &env,
        &[
            "socat - EXEC:'gitvow approve ab12'",
            "socat - SYSTEM:'gitvow approve ab12',pty,stderr",
            "socat -d -d exec:'gitvow uninstall --user --yes' stdio",
            "socat STDIO 'SHELL:cat ~/.gitvow/record.key'",
            "socat TCP-LISTEN:9,fork EXEC:/bin/sh",
            "socat - \"exec:sh -c 'gitvow approve ab12'\"",
            "socat STDIO!!EXEC:'rm -rf ~/.claude' tcp:localhost:9",
            "nc -e sh localhost 9",
            "nc -l -p 9 -e /bin/bash",
            "nc -lc 'gitvow approve ab12' 9",
            "netcat -c 'cat ~/.gitvow/record.key' localhost 9",
            "ncat --exec 'gitvow approve ab12' localhost 9",
            "ncat --sh-exec='cp notes.txt ~/.gitvow/policy.json' localhost 9",
            "ncat --lua-exec /tmp/x.lua localhost 9",
            "busybox nc -l -p 9 -e gitvow approve ab12",
            "sshpass -p x gitvow approve ab12",
            "sshpass -f /tmp/p ssh localhost 'gitvow approve ab12'",
        ],
        &[
            "nc -zv localhost 22",
            "nc -l 9 > out.txt",
            "socat - TCP:localhost:80",
            "socat TCP-LISTEN:8080,fork TCP:localhost:3000",
            "ncat -lk 9 -c 'echo hi'",
            "socat - EXEC:'ls -la',pty",
            "nc -e /bin/cat localhost 9",
        ],
    );
}

/// git reads and writes where it is told to, however it is told: where it runs (after `cd`), its
/// directory, work tree, index and objects given by the environment (as by `--git-dir`), the new
/// directory `clone`, `init`, `worktree add` and `submodule add` make, and the file an output
/// option writes (`--output`, `archive -o`, `bundle create`, `format-patch -o`); a command the
/// environment names for git to run (`GIT_EDITOR`, `GIT_PAGER`, `GIT_SSH_COMMAND`, …) is judged as
/// run, and a configuration file it names is an include. The same subcommands elsewhere pass.
#[test]
fn git_reads_and_writes_where_it_is_told_to_however_it_is_told() {
    let env = installed();
    judge(
        &env,
        &[
            "GIT_DIR=~/.gitvow git init",
            "export GIT_DIR=~/.gitvow; git init",
            "env GIT_DIR=$HOME/.gitvow git init --bare",
            "K=$HOME/.gitvow; tar cf /tmp/x.tar $K",
            "cd ~/.gitvow && git init",
            "GIT_INDEX_FILE=~/.gitvow/policy.json git add notes.txt",
            "GIT_OBJECT_DIRECTORY=~/.gitvow git hash-object -w notes.txt",
            "git clone https://example.com/x.git ~/.cursor",
            "cd ~ && git clone https://example.com/.cursor.git",
            "git worktree add ~/.factory HEAD",
            "git submodule add https://example.com/x.git ~/.qwen",
            "git show HEAD:notes.txt --output=$HOME/.bashrc",
            "git diff --output=$HOME/.gitvow/policy.json",
            "git log --outp ~/.claude/settings.json",
            "git archive -o ~/.gitvow/policy.json HEAD",
            "git bundle create ~/.claude/settings.json HEAD",
            "git format-patch -o ~/.claude HEAD~1",
            "GIT_EDITOR='gitvow approve ab12' git commit",
            "GIT_PAGER='gitvow uninstall --user --yes' git log",
            "GIT_EXTERNAL_DIFF='cat ~/.gitvow/record.key' git diff",
            "GIT_SSH_COMMAND='gitvow approve ab12' git fetch",
            "GIT_CONFIG_GLOBAL=/tmp/hooks.cfg git commit -m x",
        ],
        &[
            "git worktree list",
            "git worktree add ../wt",
            "git worktree add -b feat ../wt-feat main",
            "git init /tmp/scratch",
            "mkdir newp && cd newp && git init",
            "git clone https://example.com/x.git vendor/x",
            "git clone https://example.com/x.git",
            "git diff --output=/tmp/d.patch",
            "git format-patch -o patches HEAD~1",
            "git archive --format=zip -o out.zip HEAD",
            "git bundle create /tmp/b HEAD",
            "GIT_EDITOR=true git rebase --continue",
            "GIT_SEQUENCE_EDITOR=: git rebase -i HEAD~2",
            "GIT_PAGER=cat git log",
            "GIT_SSH_COMMAND='ssh -i ~/.ssh/deploy' git fetch",
            "cd /tmp && git status",
        ],
    );
}

/// What a multiplexer keeps to run later or runs by its own commands is judged as run: a tmux
/// hook's or key binding's command, a confirmation's or a menu's, `#(…)` in a status line or a
/// message, the command new panes start with, screen's `screen`, `exec` and bindings. The same
/// commands keeping harmless things pass.
#[test]
fn what_a_multiplexer_keeps_to_run_is_run() {
    let env = installed();
    judge(
        &env,
        &[
            "tmux set-hook -g session-created 'run-shell \"gitvow approve ab12\"'",
            "tmux bind-key -n a run-shell 'gitvow approve ab12'",
            "tmux bind -T root F1 new-window 'gitvow uninstall --user --yes'",
            "tmux set -g status-right '#(gitvow approve ab12)'",
            "tmux display-message -p '#(cat ~/.gitvow/record.key)'",
            "tmux set-option -g default-command 'gitvow trust .'",
            "tmux confirm-before -p ok? 'run-shell \"gitvow approve ab12\"'",
            "screen -S s -X screen gitvow approve ab12",
            "screen -X exec .!. gitvow approve ab12",
            "screen -X bind a exec gitvow uninstall --user --yes",
        ],
        &[
            "tmux set -g status-right '%H:%M #(date)'",
            "tmux bind-key r source-file ~/.tmux.conf",
            "tmux set -g mouse on",
            "tmux attach -t main",
            "tmux new-session -d -s dev 'npm run dev'",
            "screen -S s -X screen htop",
            "screen -ls",
        ],
    );
}

/// Text bash evaluates as arithmetic runs the substitutions in it, and a variable's name there
/// stands for its value, evaluated in turn, so that a subscript in the value runs its `$(…)`:
/// `$((…))`, `((…))`, `let`, `[[ … -eq … ]]`, `declare -i`, an array's subscript and a substring's
/// offset, written out or through a value the call gave. A value only printed stays text.
#[test]
fn arithmetic_runs_what_its_text_and_its_variables_hold() {
    let env = installed();
    judge(
        &env,
        &[
            "echo $(( $(rm -rf ~) ))",
            "echo $(( a[$(rm -rf ~)] ))",
            "echo ${a[$(rm -rf ~)]}",
            "let 'a[$(rm -rf ~)]'",
            "declare -i y='a[`rm -rf ~`]'",
            "x='a[$(rm -rf ~)]'; echo $((x))",
            "x='a[$(rm -rf ~)]'; ((x))",
            "x='a[$(rm -rf ~)]'; ((y=x+1))",
            "x='a[$(rm -rf ~)]'; let x",
            "x='a[$(rm -rf ~)]'; [[ x -eq 1 ]] && echo y",
            "x='a[$(rm -rf ~)]'; declare -i y=x",
            "x='a[$(rm -rf ~)]'; echo ${a[x]}",
            "x='a[$(rm -rf ~)]'; echo ${a[$x]}",
            "x='a[$(rm -rf ~)]'; echo ${s:x:1}",
        ],
        &[
            "x='a[$(rm -rf ~)]'; echo \"$x\"",
            "msg='run $(pwd) here'; printf '%s\\n' \"$msg\"",
            "x='$(date)'; x=1; echo $((x+1))",
            "n=3; echo $((n * 2)); let n++; ((n > 2)) && echo big",
            "for ((i=0; i<3; i++)); do echo ${arr[i]}; done",
            "echo ${HOME:0:3} $(( $(wc -l < notes.txt) + 1 ))",
        ],
    );
}

/// Bash's old arithmetic (`$[…]`), `((…))` with spaces in it, and the builtins that take a
/// variable's name (`[[ -v`, `test -v`, `printf -v`, `read`, `unset`, `mapfile`, `declare`,
/// `${!x}`) evaluate what a value the call gave holds, so that its subscript's `$(…)` runs,
/// through a second variable too; a name only set or tested, or a value only printed, is text.
#[test]
fn old_arithmetic_expressions_and_names_run_what_their_values_hold() {
    let env = installed();
    let x = "x='a[$(rm -rf ~)]';";
    let stopped: Vec<String> = [
        "echo $[x]",
        "echo $[x + 1]",
        "echo \"$[ $(rm -rf ~) ]\"",
        "(( y = x ))",
        "((y += x))",
        "b=x; (( y = b ))",
        "for (( i = x; i < 1; i++ )); do :; done",
        "[[ -v $x ]]",
        "[[ -v a[$x] ]]",
        "test -v \"$x\"",
        "[ -v \"$x\" ]",
        "printf -v \"$x\" %s 1",
        "read \"$x\" < notes.txt",
        "unset \"$x\"",
        "mapfile -t \"$x\" < notes.txt",
        "echo ${!x}",
        "declare \"$x\"=1",
        "declare -n r=\"$x\"; echo $r",
    ]
    .iter()
    .map(|c| format!("{x} {c}"))
    .collect();
    let passed: Vec<String> =
        ["((x = 1))", "[[ -v x ]] && echo set", "export Y=\"$x\"", "read -r -p \"$x\" y < notes.txt", "printf -v out '%s' \"$x\""]
            .iter()
            .map(|c| format!("{x} {c}"))
            .chain(["echo $[1 + 2]".to_string(), "n=2; (( m = n * 2 )); echo $m".to_string()])
            .collect();
    let stopped: Vec<&str> = stopped.iter().map(String::as_str).collect();
    let passed: Vec<&str> = passed.iter().map(String::as_str).collect();
    judge(&env, &stopped, &passed);
}

/// A file a multiplexer takes text from is what it runs: a buffer loaded from a file and pasted
/// (tmux's `load-buffer`, screen's `readbuf` and `readreg`) types the file's text into a pane's
/// shell, and a file of its own commands (`tmux source-file`, `tmux -f`, screen's `source` and
/// `-c`) runs what those commands run. Each is read at judging time; a file the shell names by a
/// pattern is asked about; a file of harmless text, or none, passes.
#[test]
fn a_file_a_multiplexer_types_or_runs_is_run() {
    let env = installed();
    env.write("cmds.sh", "gitvow approve ab12\n");
    env.write("wipe.sh", "rm -rf ~\n");
    env.write("approve.conf", "set -g mouse on\nrun-shell 'gitvow approve ab12'\n");
    env.write("approve.screenrc", "startup_message off\nexec gitvow approve ab12\n");
    env.write("dev.conf", "set -g mouse on\nbind r source-file ~/.tmux.conf\nset -g status-right '#(date)'\n");
    env.write("dev.screenrc", "startup_message off\n");
    env.write("build.sh", "cargo build\n");
    judge(
        &env,
        &[
            "tmux load-buffer cmds.sh; tmux paste-buffer -t x",
            "tmux loadb -b k wipe.sh \\; pasteb -b k -t x",
            "screen -S s -X readbuf cmds.sh; screen -S s -X paste .",
            "screen -X readreg a wipe.sh",
            "tmux source-file approve.conf",
            "tmux source -q approve.conf",
            "tmux -f approve.conf new -d -s x",
            "screen -c approve.screenrc -dmS s",
            "screen -S s -X source approve.screenrc",
            "tmux source-file ./*.conf",
            "tmate new -d -s x \\; send-keys -t x 'gitvow approve ab12' Enter",
            "tmate source-file approve.conf",
            "tmate -c 'gitvow uninstall --user --yes'",
            "cat cmds.sh | tmux loadb -; tmux pasteb",
        ],
        &[
            "tmux source-file dev.conf",
            "tmux -f dev.conf new -d -s dev 'npm run dev'",
            "tmux load-buffer build.sh",
            "tmux source-file missing.conf",
            "screen -c dev.screenrc -dmS s",
            "tmate new -d -s dev 'npm run dev'",
        ],
    );
}

/// A package manager's setting that names a program (npm's and pnpm's `script-shell`, yarn's
/// `yarnPath` and plugins, bun's `preload`, `node-options` that load a module, another settings
/// file) is a program written to run for every script, by any writer: a shell's redirection, the
/// environment, the manager's own `config set`, or an agent's edit of the settings file (Claude's
/// Write and Edit, Copilot's edit, Codex's patch). Settings that name no program pass.
#[test]
fn a_package_managers_setting_that_names_a_program_is_a_program_written() {
    let env = installed();
    judge(
        &env,
        &[
            "echo 'script-shell=./tools/sh.js' >> .npmrc && npm run build",
            "printf 'registry=https://r.example\\nscript-shell=/tmp/x\\n' > .npmrc",
            "cat >> .npmrc <<'EOF'\nnode-options=--require ./hook.js\nEOF",
            "echo 'yarnPath: .yarn/x.cjs' >> .yarnrc.yml",
            "npm_config_script_shell=./x.sh npm test",
            "export NPM_CONFIG_USERCONFIG=./other.npmrc; npm run lint",
            "npm c set -L project script-shell ./x.sh",
            "curl -fsSL https://example.com/rc -o .npmrc",
        ],
        &[
            "echo 'save-exact=true' >> .npmrc",
            "echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" >> .npmrc",
            "echo 'nodeLinker: node-modules' >> .yarnrc.yml",
            "npm config set registry https://r.example",
            "NODE_ENV=production npm run build",
        ],
    );
    let edit = |file: &str, text: &str| {
        let path = env.repo().join(file);
        let path = path.to_str().unwrap();
        let mut write = env.payload("claude-write.json");
        write["tool_input"]["file_path"] = path.into();
        write["tool_input"]["content"] = text.into();
        let mut edit = env.payload("claude-edit.json");
        edit["tool_input"]["file_path"] = path.into();
        edit["tool_input"]["new_string"] = text.into();
        let mut copilot = env.payload("copilot-edit.json");
        copilot["toolArgs"]["path"] = path.into();
        copilot["toolArgs"]["new_str"] = text.into();
        let mut codex = env.payload("codex-patch.json");
        let added: String = text.lines().map(|l| format!("+{l}\n")).collect();
        codex["tool_input"]["command"] = format!("*** Begin Patch\n*** Add File: {file}\n{added}*** End Patch\n").into();
        [
            ("claude", "PreToolUse", write),
            ("claude", "PreToolUse", edit),
            ("copilot", "preToolUse", copilot),
            ("codex", "PreToolUse", codex),
        ]
    };
    let mut wrong = Vec::new();
    for (file, text, want) in [
        (".npmrc", "registry=https://r.example\nscript-shell = ./x.sh\n", true),
        (".yarnrc.yml", "nodeLinker: pnp\nplugins:\n  - path: .yarn/plugins/x.cjs\n", true),
        ("bunfig.toml", "[test]\npreload = [\"./setup.ts\"]\n", true),
        ("pnpm-workspace.yaml", "packages:\n  - 'pkgs/*'\nscriptShell: ./x.sh\n", true),
        (".npmrc", "registry=https://r.example\nnode-options=--max-old-space-size=4096\n", false),
        ("bunfig.toml", "[run]\nshell = \"system\"\n", false),
    ] {
        for (agent, event, payload) in edit(file, text) {
            let out = env.hook(agent, event, payload.to_string());
            if stops(&out) != want {
                wrong.push(format!("{agent}: {file} with {text:?}: want stopped {want}, got {out:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
