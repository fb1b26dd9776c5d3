//! Commands a call leaves to run later or elsewhere: a git setting that names a command git runs
//! by itself (`core.pager`, `diff.x.textconv`, `credential.helper`), and a terminal multiplexer's
//! new session or window started with a command. Each is judged as the command run now, in the
//! payload forms of Claude Code, Codex and Copilot CLI; a known pager or editor passes.

use super::own_files::{installed, judge};

#[test]
fn a_git_setting_that_names_a_command_is_judged_as_running_it() {
    let env = installed();
    judge(
        &env,
        &[
            "git config core.pager 'rm -rf ~/src/other'",
            "git config --global core.pager 'rm -rf ~/src/other'",
            "git config --global pager.branch 'rm -rf ~/src/other'",
            "git config pager.log 'rm -rf ~/src/other'",
            "git config interactive.diffFilter 'rm -rf ~/src/other'",
            "git config core.editor 'rm -rf ~/src/other'",
            "git config core.sshCommand 'rm -rf ~/src/other'",
            "git config core.fsmonitor 'rm -rf ~/src/other'",
            "git config diff.bin.textconv 'rm -rf ~/src/other'",
            "git config filter.x.clean 'rm -rf ~/src/other'",
            "git config filter.x.smudge 'rm -rf ~/src/other'",
            "git config credential.helper '!rm -rf ~/src/other'",
            "git config set core.pager 'rm -rf ~/.gitvow'",
        ],
        &["git config core.pager less", "git config core.pager 'less -R'", "git config pager.branch false", "git config user.name me"],
    );
}

#[test]
fn a_multiplexer_session_started_with_a_command_runs_it_where_the_call_runs() {
    let env = installed();
    env.write("scripts/wipe.sh", "#!/bin/sh\nrm -rf \"$HOME\"\n");
    env.write("scripts/lint.sh", "#!/bin/sh\necho lint\n");
    judge(
        &env,
        &[
            "tmux new -d 'bash scripts/wipe.sh'",
            "tmux new-session -d -s x 'sh scripts/wipe.sh'",
            "tmux new-window -d 'bash scripts/wipe.sh'",
            "screen -dm bash scripts/wipe.sh",
            "screen -dmS x sh -c 'bash scripts/wipe.sh'",
            "tmux new -d 'rm -rf ~/src/other'",
        ],
        &["tmux new -d 'bash scripts/lint.sh'", "screen -dm bash scripts/lint.sh", "tmux ls"],
    );
}
