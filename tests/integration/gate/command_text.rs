//! Commands handed over as text: a program that runs a command given as an argument or an
//! option's value (`capsh -- -c 'cmd'`, `mispipe 'a' 'b'`, a terminal's `-e`, a program the analyser
//! does not know), what a multiplexer keeps to run or a session is pushed, characters pushed into
//! a terminal's input (TIOCSTI), and what is done to the record key said as done. Each in the
//! payload forms of Claude Code, Codex and Copilot CLI.

use super::own_files::{installed, judge, stops};

/// A runner of command text, known to the program table or not, runs it: gitvow's guarded
/// subcommands given to one are stopped as when run directly; the same programs running
/// everyday commands, and programs that only search for or record the text, pass.
#[test]
fn a_command_given_as_text_to_another_program_is_run() {
    let env = installed();
    judge(
        &env,
        &[
            "capsh -- -c 'gitvow approve ab12'",
            "capsh --caps=cap_sys_admin+ep --shell=/bin/sh -- -c 'rm -rf ~/.claude'",
            "mispipe true 'gitvow approve ab12'",
            "pee 'gitvow uninstall --user --yes' cat",
            "hyperfine --runs 1 'gitvow approve ab12'",
            "hyperfine -p 'gitvow trust .' true",
            "concurrently -n a,b 'gitvow approve ab12' 'npm start'",
            "xterm -e gitvow approve ab12",
            "xfce4-terminal -e 'gitvow approve ab12'",
            "gnome-terminal -- gitvow uninstall --user --yes",
            "dumb-init gitvow approve ab12",
            "tini -- gitvow approve ab12",
            "run0 gitvow trust .",
            "sg users 'gitvow approve ab12'",
            "pueue add 'gitvow approve ab12'",
            "pueue add -- gitvow approve ab12",
            "ts gitvow approve ab12",
            "ssh -o ProxyCommand='gitvow approve ab12' host",
            "tar -I 'gitvow approve ab12' -cf x.tar notes.txt",
            "tar -cf x.tar --checkpoint=1 --checkpoint-action=exec='gitvow approve ab12' notes.txt",
            "sort --compress-program='gitvow uninstall --user --yes' notes.txt",
            "PAGER='gitvow approve ab12' man ls",
            "LESSOPEN='|gitvow approve ab12 %s' less notes.txt",
            "gdb -batch -ex 'shell gitvow approve ab12'",
            "some-new-runner --run 'cd /; gitvow install --command /bin/true'",
            "julia -e 'run(`gitvow approve ab12`)'",
            "elvish -c 'rm -rf ~/.claude'",
            "ksh93 -c 'gitvow approve ab12'",
            "make -f <(printf 'x:\\n\\tgitvow approve ab12\\n') x",
            "printf 'x:\\n\\tgitvow approve ab12\\n' | make -f - x",
            "ttyecho -n /dev/pts/3 gitvow approve ab12",
        ],
        &[
            "grep -rn 'gitvow approve' src",
            "rg 'gitvow trust' docs",
            "git commit -m 'gitvow approve: explain the code'",
            "echo 'run gitvow approve ab12 in your terminal'",
            "hyperfine 'cargo build' 'cargo build --release'",
            "concurrently 'npm:watch' 'npm:serve'",
            "mispipe 'cargo test' 'tee test.log'",
            "xterm -e htop",
            "capsh --print",
            "PAGER=cat man ls",
            "julia --project=. test/runtests.jl",
            "ksh93 -c 'ls -la'",
        ],
    );
}

/// What a multiplexer keeps to run (a prompt's first text, a chooser's template, a popup's
/// command), text it computes from a format, a session started with a command, and what is
/// pushed into a session already open (`dtach -p`, `abduco -p`) are judged as run.
#[test]
fn what_a_session_is_given_or_keeps_is_run() {
    let env = installed();
    judge(
        &env,
        &[
            "tmux command-prompt -I 'run-shell \"gitvow approve ab12\"'",
            "tmux choose-tree -Zw 'run-shell \"gitvow uninstall --user --yes\"'",
            "tmux run '#{@x}'",
            "tmux set -g @x 'gitvow approve ab12' \\; run-shell '#{@x}'",
            "tmux display-popup -d . -E 'gitvow approve ab12'",
            "tmux new -d 'gitvow trust .'",
            "dtach -n dev.sock gitvow approve ab12",
            "abduco -n s sh -c 'gitvow uninstall --user --yes'",
            "printf 'gitvow approve ab12\\n' | dtach -p dev.sock",
            "dtach -p dev.sock <<< 'cat ~/.gitvow/record.key'",
            "echo ls | abduco -p s",
            "tmux pipe-pane -I -t x 'echo gitvow approve ab12'",
            "zellij run -- gitvow approve ab12",
            "kitty sh -c 'gitvow approve ab12'",
            "wezterm start -- gitvow approve ab12",
            "alacritty --command gitvow approve ab12",
        ],
        &[
            "tmux new -d -s dev 'npm run dev'",
            "tmux split-window -h -c '#{pane_current_path}'",
            "dtach -n dev.sock sh",
            "abduco -l",
            "zellij run -- cargo watch",
            "kitty @ ls",
        ],
    );
}

/// Program text that pushes characters into a terminal's input (TIOCSTI, TIOCLINUX), by the
/// request's name, its name in pieces or its number, in a one-liner, in C source the call writes
/// and runs, or written by the Write tool to be run later, is denied: typed as the person, the
/// characters answer gitvow approve. Asking a terminal its size passes.
#[test]
fn pushing_characters_into_a_terminal_is_denied() {
    let env = installed();
    let stopped = [
        "python3 -c 'import fcntl,termios; fcntl.ioctl(0, termios.TIOCSTI, b\"y\")'",
        "perl -e 'ioctl(STDIN, 0x5412, $_) for split //, \"gitvow approve ab12\\n\"'",
        "python3 -c 'import fcntl; fcntl.ioctl(0, 21522, b\"y\")'",
        "python3 -c 'import fcntl,termios; fcntl.ioctl(0, getattr(termios, \"TIOC\" + \"STI\"), b\"y\")'",
        "python3 -c 'import fcntl; fcntl.ioctl(0, 0x00005412, b\"y\")'",
        "cat > t.c <<'EOF'\n#include <sys/ioctl.h>\nint main(){char c='y';return ioctl(0, TIOCSTI, &c);}\nEOF\ncc t.c -o t && ./t",
    ];
    judge(&env, &stopped, &["python3 -c 'import fcntl,termios; print(fcntl.ioctl(0, termios.TIOCGWINSZ, b\"12345678\"))'", "stty size"]);
    for command in stopped {
        let out = env.hook("claude", "PreToolUse", crate::support::bash(env.repo(), command).to_string());
        assert!(out.code == 2 && out.stderr.contains("TIOCSTI"), "{command}: {out:?}");
    }
    let write = crate::support::claude_payload(
        env.repo(),
        "Write",
        serde_json::json!({"file_path": env.repo().join("inject.py"), "content": "import fcntl, termios\nfor c in 'gitvow approve ab12\\n':\n    fcntl.ioctl(0, termios.TIOCSTI, c)\n"}),
    );
    let out = env.hook("claude", "PreToolUse", write.to_string());
    assert!(stops(&out) && out.stderr.contains("TIOCSTI"), "{out:?}");
}

/// What a command does to the record key is what its answer says: deleting, moving, overwriting
/// and opening it to others are each denied in their own words, also through a variable the call
/// set; reading it still says it reads.
#[test]
fn what_is_done_to_the_record_key_is_said() {
    let env = installed();
    for (command, said) in [
        ("rm ~/.gitvow/record.key", "deletes gitvow's record key"),
        ("k=~/.gitvow/record.key; rm \"$k\"", "deletes gitvow's record key"),
        ("mv ~/.gitvow/record.key /tmp/k", "moves gitvow's record key"),
        ("echo 0000 > ~/.gitvow/record.key", "overwrites gitvow's record key"),
        ("chmod 644 ~/.gitvow/record.key", "changes who may read gitvow's record key"),
        ("cat ~/.gitvow/record.key", "record key"),
    ] {
        let out = env.hook("claude", "PreToolUse", crate::support::bash(env.repo(), command).to_string());
        assert!(out.code == 2 && out.stderr.contains(said), "{command}: {out:?}");
    }
    judge(&env, &["d=~/.gitvow; rm -rf \"$d\"", "d=$HOME/.gitvow; rm -rf $d/approvals"], &["rm -rf build"]);
}
