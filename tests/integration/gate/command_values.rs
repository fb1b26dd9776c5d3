//! Values that are commands, gitvow's home taken away whole, the record key named by a pattern,
//! and attaching to a running process: each in the payload forms of Claude Code, Codex and Copilot
//! CLI.

use super::own_files::{installed, judge, payloads};
use crate::support::{Output, Sandbox};
use serde_json::Value;

/// Whether the answer denies the call (not only asks): the blocking exit with `BLOCKED`, or the
/// agent's deny.
fn denies(out: &Output) -> bool {
    if out.code == 2 {
        return out.stderr.starts_with("BLOCKED");
    }
    let Ok(v) = serde_json::from_str::<Value>(&out.stdout) else { return false };
    let decision = v["hookSpecificOutput"]["permissionDecision"].as_str().or(v["permissionDecision"].as_str());
    decision == Some("deny")
}

/// Every command of `denied` is denied in each agent's form, and the first form's answer holds
/// `said` when it is given.
fn judge_denied(env: &Sandbox, denied: &[&str], said: Option<&str>) {
    let mut wrong = Vec::new();
    for command in denied {
        for (agent, event, payload) in payloads(env, command) {
            let out = env.hook(agent, event, payload.to_string());
            let says = said.is_none_or(|s| out.stderr.contains(s) || out.stdout.contains(s));
            if !denies(&out) || !says {
                wrong.push(format!(
                    "{agent}: {command}: want denied{}, got {out:?}",
                    said.map(|s| format!(" saying {s:?}")).unwrap_or_default()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// An option's or a variable's value that the program runs as a command (`tar -I`, `rsync -e`,
/// `ssh -o ProxyCommand=`, `sort --compress-program`, `zip -TT`, `PAGER`, `LESSOPEN`) is judged as
/// that command: gitvow's guarded subcommands are denied there as anywhere, a change of the gate's
/// files asks, a value the shell computes asks, and the everyday values pass.
#[test]
fn a_value_a_program_runs_is_judged_as_the_command_it_is() {
    let env = installed();
    judge_denied(
        &env,
        &[
            "tar -I 'gitvow approve ab12' -cf x.tar notes.txt",
            "tar -cf x.tar -I'gitvow approve ab12' notes.txt",
            "tar -cvI 'gitvow approve ab12' -f x.tar notes.txt",
            "tar --use-compress-program='gitvow uninstall --user --yes' -cf x.tar notes.txt",
            "tar --use-compress-program 'gitvow trust .' -cf x.tar notes.txt",
            "tar -xf x.tar --to-command='gitvow approve ab12'",
            "rsync -e 'gitvow approve ab12' notes.txt host:b",
            "rsync -avze 'gitvow trust .' notes.txt host:b",
            "rsync --rsh='gitvow uninstall --user --yes' notes.txt host:b",
            "ssh -o 'ProxyCommand gitvow approve ab12' host",
            "ssh -oproxycommand='gitvow approve ab12' host",
            "ssh -o LocalCommand='gitvow trust .' -o PermitLocalCommand=yes host",
            "scp -o ProxyCommand='gitvow approve ab12' notes.txt host:",
            "sort --compress-program='gitvow approve ab12' notes.txt",
            "zip -TT 'gitvow approve ab12' a.zip notes.txt",
            "PAGER='gitvow approve ab12' git log",
            "export MANPAGER='gitvow uninstall --user --yes'; man ls",
            "LESSOPEN='||-gitvow approve ab12 %s' less notes.txt",
            "RSYNC_RSH='gitvow approve ab12' rsync notes.txt host:b",
            "env EDITOR='gitvow trust .' crontab -e",
            "printf 'Host *\\n  ProxyCommand gitvow approve ab12\\n' > c; ssh -F c host",
            "echo 'Match exec \"gitvow trust .\"' > c && scp -F c notes.txt host:",
            "TAR_OPTIONS=\"-I 'gitvow approve ab12'\" tar -cf x.tar notes.txt",
            "mysql --pager='gitvow approve ab12' -e 'select 1'",
        ],
        None,
    );
    judge(
        &env,
        &[
            "tar --use-compress-program='rm -f ~/.gitvow/policy.json' -cf x.tar notes.txt",
            "rsync -e 'sh -c \"rm -rf ~/.claude\"' notes.txt host:b",
            "tar -I \"$(cat f)\" -cf x.tar notes.txt",
            "rsync -e \"$RSH\" notes.txt host:b",
            "PAGER=\"$(cat p)\" git log",
            "echo 'Include ~/other' > c; ssh -F c host",
            "ssh -F \"$CFG\" host",
        ],
        &[
            "tar -I zstd -cf x.tar.zst notes.txt",
            "tar --use-compress-program='zstd -19 -T0' -cf x.tar.zst notes.txt",
            "rsync -e 'ssh -p 2222' notes.txt host:b",
            "rsync -avze ssh notes.txt host:b",
            "ssh -o ProxyCommand='nc %h %p' host",
            "ssh -o ProxyCommand=none -o Port=2222 host",
            "sort --compress-program=gzip notes.txt",
            "zip -TT 'unzip -t' a.zip notes.txt",
            "PAGER=cat git log",
            "LESSOPEN='|lesspipe %s' less notes.txt",
            "EDITOR=true git commit -m x",
            "printf 'Host x\\n  Port 2222\\n' > c; ssh -F c x",
        ],
    );
}

/// Removing or moving gitvow's whole home (its policy, record key and approvals) switches the gate
/// off: denied, with a reason that says so, however the directory is spelt; changing its mode
/// still asks.
#[test]
fn taking_gitvows_home_away_whole_is_denied() {
    let env = installed();
    judge_denied(
        &env,
        &[
            "rm -rf ~/.gitvow",
            "rm -rf ~/.gitvow/",
            "rm -r $HOME/.gitvow",
            "mv ~/.gitvow ~/old",
            "rm -rf ~/.gitv*",
            "rm -rf ~/.[g]itvow",
            "mv ~/.gitv?w ~/old",
            "cd ~ && rm -rf .gitvow",
        ],
        Some("switches the gate off"),
    );
    judge(&env, &["chmod 700 ~/.gitvow", "rm -rf ~/.gitvow/approvals"], &["ls -la ~/.gitvow"]);
}

/// A pattern that names the record key (`~/.gitv?w/record.key`) is the record key: denied with a
/// reason that names the key, not a policy rule.
#[test]
fn a_pattern_that_names_the_record_key_is_denied_as_the_key() {
    let env = installed();
    judge_denied(
        &env,
        &[
            "rm ~/.gitv?w/record.key",
            "rm -f ~/.gitv*/record.key",
            "mv ~/.[g]itvow/record.key ~/k",
            "cp notes.txt ~/.gitvo{w,x}/record.key",
            "rm ~/.gitvow/record.ke?",
        ],
        Some("record key"),
    );
}

/// Taking hold of a running process (its terminal with reptyr, its memory with a debugger, its
/// system calls with a tracer's injection, its limits with `prlimit --pid`) asks, whether or not a question waits: a question may
/// come after the attaching. Debugging and tracing a program the call starts pass.
#[test]
fn attaching_to_a_running_process_is_asked_about() {
    let env = installed();
    judge(
        &env,
        &[
            "reptyr 4242",
            "reptyr -T 4242",
            "reptyr -s 4242",
            "gdb -p 4242",
            "gdb --pid=4242 -batch -ex 'call (int)system(\"true\")'",
            "gdb /bin/sh 4242",
            "lldb -p 4242",
            "strace -p 4242 -e inject=read:retval=0",
            "strace -e inject=write:error=EIO -p4242",
            "prlimit --pid 4242 --stack=8192:8192",
            "prlimit -p 4242 -s 8192",
            "python3 -c 'import resource,os; resource.prlimit(os.getppid(), resource.RLIMIT_STACK, (8192, 8192))'",
        ],
        &[
            "gdb ./prog",
            "gdb -batch -ex run --args ./prog x",
            "strace -f ls",
            "strace -c true",
            "ltrace ls",
            "reptyr -l",
            "prlimit --nofile=4096 make",
        ],
    );
}

/// git's options whose value is a command git runs (`difftool -x`, `fetch --upload-pack`,
/// `archive --exec`, `send-email --sendmail-cmd`, …) are judged as that command, as `-c
/// core.pager=` and `GIT_PAGER` are; an ordinary tool named there passes.
#[test]
fn git_options_that_name_a_command_are_that_command() {
    let env = installed();
    judge_denied(
        &env,
        &[
            "git difftool -y -x 'gitvow uninstall' HEAD",
            "git difftool --extcmd='gitvow approve ab12' HEAD",
            "git fetch --upload-pack='gitvow uninstall' origin",
            "git ls-remote --upload-pack 'gitvow trust .' origin",
            "git clone -u 'gitvow uninstall' origin copy",
            "git archive --remote=origin --exec='gitvow uninstall' HEAD",
            "git send-email --sendmail-cmd='gitvow uninstall' x.patch",
        ],
        None,
    );
    judge(
        &env,
        &[
            "git difftool -x 'cp notes.txt ~/.gitvow/policy.json' HEAD",
            "git difftool --extcmd='sh -c \"echo > ~/.claude/settings.json\"' HEAD",
            "git grep -O'rm -rf ~/.gitvow' x",
            "git -c core.pager='echo x > ~/.claude/settings.json' log",
            "GIT_PAGER='cp notes.txt ~/.gitvow/policy.json' git log",
        ],
        &["git difftool -y -x meld HEAD", "git difftool --extcmd=cat HEAD", "git fetch origin", "git grep -n TODO"],
    );
}
