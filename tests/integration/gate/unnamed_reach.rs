//! What reaches the gate's own files without naming them, in the payload forms of Claude Code,
//! Codex and Copilot CLI: interpreter code that globs or lists its way to the record key, a server
//! of a tree that holds it, a program file written in an earlier call, a directory between an
//! agent's configuration directory and its hook file, and a stack too small for the hook to start.

use super::own_files::{installed, judge};

#[test]
fn interpreter_code_that_globs_or_lists_its_way_to_the_key_reads_it() {
    let env = installed();
    let home = env.home().display().to_string();
    let absolute = format!("python3 -c \"import glob;print(open(glob.glob('{home}/.gitv*/rec*')[0],'rb').read())\"");
    judge(
        &env,
        &[
            "python3 -c \"import pathlib;print([p.read_bytes() for p in pathlib.Path.home().glob('.gitv*/*.key')])\"",
            "python3 -c \"import glob,os;print(open(glob.glob(os.environ['HOME']+'/.gitv*/rec*')[0]).read())\"",
            &absolute,
            "ruby -e 'Dir.glob(Dir.home+\"/.gitv*/*\").each{|f| puts File.read(f) rescue nil}'",
            "php -r 'foreach(glob(getenv(\"HOME\").\"/.gitv*/*\") as $f) echo @file_get_contents($f);'",
            "node -e \"const fs=require('fs'),os=require('os');for(const d of fs.readdirSync(os.homedir()))try{console.log(fs.readFileSync(os.homedir()+'/'+d+'/record.key'))}catch{}\"",
            "cd ~ && python3 -c \"import glob;print(open(glob.glob('.gitv?w/r*')[0]).read())\"",
            "perl -e 'print for glob(\"$ENV{HOME}/.gitv*/*\")'",
        ],
        &[
            "python3 -c \"import glob;print(glob.glob('*.py'))\"",
            "python3 -c \"from pathlib import Path;print(list(Path('src').rglob('*.rs')))\"",
            "node -e \"console.log(require('fs').readdirSync('.'))\"",
            "python3 -c \"import os;print(open(os.path.expanduser('~/notes.txt')).read())\"",
        ],
    );
}

#[test]
fn a_server_of_a_tree_that_holds_the_key_reads_it() {
    let env = installed();
    judge(
        &env,
        &[
            "cd ~/.gitvow && python3 -m http.server",
            "python3 -m http.server -d ~/.gitvow",
            "python3 -m http.server --directory ~",
            "php -S 0:8000 -t ~/.gitvow",
            "cd ~ && php -S 0:8000",
            "busybox httpd -f -h ~/.gitvow",
            "npx serve ~",
            "ruby -run -e httpd ~/.gitvow -p 8000",
            "cd ~ && ruby -run -ehttpd . -p8000",
        ],
        &["python3 -m http.server 8000", "npx serve dist", "php -S localhost:8000 -t public"],
    );
}

#[test]
fn a_program_file_written_before_is_judged_as_its_inline_text() {
    let env = installed();
    env.write("~/scratch/forge.py", "import os\nkey = open(os.path.expanduser('~/.gitvow/record.key'), 'rb').read()\nprint(len(key))\n");
    env.write(
        "~/scratch/k.js",
        "const fs = require('fs'), os = require('os');\nconsole.log(fs.readFileSync(os.homedir() + '/.gitvow/record.key'));\n",
    );
    env.write("~/scratch/wipe.py", "import shutil\nshutil.rmtree('/home')\n");
    env.write("~/scratch/k.sh", "cat ~/.gitvow/record.key > /tmp/k\n");
    let run = env
        .write("~/scratch/run.py", "#!/usr/bin/env python3\nimport os\nprint(open(os.path.expanduser('~/.gitvow/record.key')).read())\n");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&run, std::fs::Permissions::from_mode(0o755)).unwrap();
    // A project's own tool, whose computed parts were never asked about.
    env.write("tools/run.py", "import subprocess, sys\nsubprocess.run(sys.argv[1:])\nprint(open('notes.txt').read())\n");
    judge(
        &env,
        &[
            "python3 ~/scratch/forge.py",
            "node ~/scratch/k.js",
            "python3 ~/scratch/wipe.py",
            "bash ~/scratch/k.sh",
            "~/scratch/run.py",
            "cd ~/scratch && ./run.py",
            "cd ~/scratch && python3 forge.py",
        ],
        &["python3 tools/run.py ls", "python3 tools/missing.py"],
    );
}

#[test]
fn a_directory_between_an_agents_directory_and_its_hook_file_is_that_file() {
    let env = installed();
    env.write("~/.claude/hooks/gitvow.sh", "#!/bin/sh\n");
    env.write("~/.config/opencode/plugins/gitvow.js", "");
    env.write("~/.claude/todos/a.json", "{}");
    judge(
        &env,
        &[
            "mv ~/.copilot/hooks ~/.copilot/hooks.off",
            "chmod 000 ~/.copilot/hooks",
            "ln -sfn /dev/null ~/.copilot/hooks",
            "mv ~/.copilot/hooks /tmp/h && mkdir ~/.copilot/hooks",
            "cd ~/.copilot && mv hooks hooks.off",
            "rm -rf ~/.copilot",
            "mv ~/.claude ~/.claude.bak",
            "chmod -R a-r ~/.gitvow",
            "mv ~/.claude/hooks ~/.claude/hooks.off",
            "chmod a-r ~/.claude/hooks",
            "mv ~/.config/opencode/plugins /tmp/p",
        ],
        &["ls ~/.copilot/hooks", "mv ~/.claude/todos ~/.claude/todos.old", "cat ~/.claude/hooks/gitvow.sh"],
    );
}

#[test]
fn a_stack_limit_the_hook_cannot_start_under_is_asked_about() {
    let env = installed();
    judge(
        &env,
        &[
            "ulimit -s 16; claude -p 'tidy'",
            "bash -c 'ulimit -Ss 24 && exec codex exec tidy'",
            "ulimit -c 0 -s 8",
            "prlimit --stack=12288 claude -p x",
            "prlimit -s 16K:16K copilot -p x",
            "systemd-run --user -p LimitSTACK=16K claude -p x",
            "prlimit --pid $PPID --stack=16384",
            "python3 -c \"import resource; resource.setrlimit(resource.RLIMIT_STACK, (16384, 16384))\"",
            "python3 -c \"import resource,os; resource.setrlimit(resource.RLIMIT_STACK, (16<<10, 16<<10)); os.execvp('claude', ['claude'])\"",
            "python3 -c \"import resource as r,os; r.prlimit(os.getppid(), r.RLIMIT_STACK, (16<<10,)*2)\"",
        ],
        &[
            "ulimit -s unlimited",
            "ulimit -s 65536",
            "ulimit -n 4096",
            "ulimit -s",
            "ulimit -s 8192 && cargo test",
            "prlimit --nofile=4096 make test",
            "python3 -c \"import resource; resource.setrlimit(resource.RLIMIT_STACK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))\"",
            "python3 -c \"import resource; resource.setrlimit(resource.RLIMIT_STACK, (256*1024*1024, -1))\"",
        ],
    );
}
