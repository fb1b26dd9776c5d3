//! Readers of gitvow's record key and approvals that reach them by a finder's start given after
//! its options, a finder or a locator that runs a command on what it finds, a list of names that
//! passes through filters on its way to `xargs` or into a loop's variable or an array, a
//! here-string naming them to an archiver, or a program that reads a directory whole: each is
//! stopped as `cat` of the literal name is, in the payload forms of Claude Code, Codex and Copilot
//! CLI; the project's own files pass.

use super::own_files::{installed, judge};

#[test]
fn a_finder_reads_what_it_finds_from_any_start() {
    let env = installed();
    judge(
        &env,
        &[
            "find -L ~ -name '*.key' -exec cat {} +",
            "find -H ~/.gitvow -type f -exec base64 {} \\;",
            "find -O3 ~/.gitvow -exec cat {} +",
            "find -P -D stat ~ -name record.key -exec xxd {} +",
            "fd -H key ~ -x cat",
            "fd . ~/.gitvow -X cat",
            "fdfind --hidden --no-ignore record ~ --exec base64",
            "fd -H -e key . ~ -x cat {}",
            "fd -H key --search-path ~ -x cat",
            "locate record.key | xargs cat",
            "plocate -i RECORD.KEY | xargs base64",
            "locate -b '\\record.key' | xargs -I{} cp {} /tmp/k",
        ],
        &[
            "find -L src -name '*.rs' -exec wc -l {} +",
            "find -H . -name '*.tmp' -delete",
            "fd -e rs -x wc -l",
            "fd . src -X cat",
            "locate stdio.h | xargs ls -l",
        ],
    );
}

#[test]
fn names_keep_what_they_name_through_filters() {
    let env = installed();
    judge(
        &env,
        &[
            "find ~/.gitvow | sort | xargs cat",
            "find ~/.gitvow -type f | grep -v policy | head -5 | xargs base64",
            "du -a ~/.gitvow | cut -f2 | xargs cat",
            "tree -fi ~/.gitvow | xargs cat",
            "cpio -o <<< ~/.gitvow/record.key > /tmp/a",
            "cpio -o > /tmp/a <<< \"$HOME/.gitvow/record.key\"",
        ],
        &[
            "find src -name '*.rs' | sort | xargs wc -l",
            "git ls-files | grep '\\.rs$' | xargs cat",
            "du -a src | cut -f2 | xargs ls -ld",
            "while read f; do wc -l \"$f\"; done < <(find src -type f)",
            "cpio -o <<< notes.txt > /tmp/a",
        ],
    );
}

#[test]
fn a_program_given_the_directory_reads_it_whole() {
    let env = installed();
    judge(
        &env,
        &[
            "gzip -rc ~/.gitvow",
            "git grep --no-index . ~/.gitvow",
            "git grep --no-index -e . -- ~",
            "env -C ~/.gitvow cat record.key",
            "cd ~/.gitvow && git init && git add -A",
            "git -C ~/.gitvow init",
            "cd ~ && git init -q && git add -A && git commit -qm x",
            "git --git-dir=/tmp/g --work-tree=$HOME add -A",
        ],
        &["gzip -rc src", "git grep --no-index TODO src", "env -C src cat main.rs", "git add -A", "git init -q sub && git -C sub add -A"],
    );
}

/// A list of names reaches the reader inside a loop however the loop is given it: a redirection
/// or a here-string on the whole loop, a pipe into it or into a group or subshell holding it, an
/// array `mapfile` fills, a file the call wrote the list to, `xargs -a`, `find -files0-from`; and
/// a name in gitvow's directory reshaped on the way (`sed`, `${f/…/…}`) is still a name there.
#[test]
fn names_reach_the_reader_inside_a_loop() {
    let env = installed();
    judge(
        &env,
        &[
            "while read f; do cat \"$f\"; done < <(find ~/.gitvow -type f)",
            "while IFS= read -r f; do base64 \"$f\"; done < <(find ~/.gitvow)",
            "{ while read f; do cat \"$f\"; done; } < <(find ~/.gitvow -type f)",
            "( while read f; do cat \"$f\"; done ) < <(find ~/.gitvow -type f)",
            "find ~/.gitvow -type f | ( while read f; do cat \"$f\"; done )",
            "find ~/.gitvow -type f | while true; do read f || break; cat \"$f\"; done",
            "while read f; do cat \"$f\"; done <<< \"$(find ~/.gitvow -type f)\"",
            "while read f; do cat \"$f\"; done <<EOF\n$(find ~/.gitvow -type f)\nEOF",
            "while read f; do cat \"$f\"; done < <(locate record.key)",
            "mapfile -t a < <(find ~/.gitvow -type f); cat \"${a[@]}\"",
            "readarray -t a < <(find ~/.gitvow); for f in \"${a[@]}\"; do cp \"$f\" /tmp/; done",
            "find ~/.gitvow -type f | mapfile -t a; cat \"${a[0]}\"",
            "mapfile < <(find ~/.gitvow -type f); cat ${MAPFILE[*]}",
            "mapfile -t a <<< \"$(find ~/.gitvow)\"; cat \"${a[@]}\"",
            "xargs -a <(find ~/.gitvow) cat",
            "xargs --arg-file=<(find ~/.gitvow -type f) base64",
            "find ~/.gitvow > /tmp/l; xargs -a /tmp/l cat",
            "find ~/.gitvow -print0 > /tmp/l; xargs -0 -a /tmp/l cat",
            "find ~/.gitvow > /tmp/l; while read f; do cat \"$f\"; done < /tmp/l",
            "find ~/.gitvow > /tmp/l; cat $(cat /tmp/l)",
            "find -files0-from <(find ~/.gitvow -print0) -exec cat {} +",
            "find ~/.gitvow -print0 > /tmp/l; find -files0-from /tmp/l -exec cat {} +",
            "find ~/.gitvow -print0 | find -files0-from - -exec cat {} +",
            "find ~/.gitvow -name policy.json | sed s/policy.json/record.key/ | xargs cat",
            "ls ~/.gitvow/policy.json | sed s/policy.json/record.key/ | xargs cat",
            "echo ~/.gitvow/policy.json | sed s/policy.json/record.key/ | xargs cat",
            "find ~/.gitvow -name policy.json | while read f; do cat \"${f/policy.json/record.key}\"; done",
            "find ~/.gitvow -name policy.json | while read f; do cat \"${f%policy.json}record.key\"; done",
            "find ~/.gitvow -name policy.json | while read f; do cat \"${f%/*}/record.key\"; done",
        ],
        &[
            "while read f; do cat \"$f\"; done < <(find src -type f)",
            "{ while read f; do wc -l \"$f\"; done; } < <(git ls-files)",
            "find src -type f | ( while read f; do cat \"$f\"; done )",
            "while read f; do cat \"$f\"; done <<< \"$(find src -type f)\"",
            "mapfile -t a < <(find src -type f); cat \"${a[@]}\"",
            "readarray -t files < <(git ls-files); wc -l \"${files[@]}\"",
            "xargs -a <(find src -type f) cat",
            "find src -print0 > /tmp/l; xargs -0 -a /tmp/l cat",
            "find src -name '*.rs' | while read f; do cat \"${f/src/docs}\"; done",
            "echo notes.txt | sed s/notes/todo/ | xargs cat",
            "while read line; do echo \"$line\"; done < notes.txt",
            "if true; then cat notes.txt; fi < /dev/null",
        ],
    );
}

/// GNU parallel, rush, xe and gargs run their command on each name of a list, as xargs does: what
/// a finder lists into them, the words after `:::`, a list file, or a line they run as a command.
#[test]
fn a_command_run_on_each_name_of_a_list_reads_them() {
    let env = installed();
    judge(
        &env,
        &[
            "find ~/.gitvow -type f | parallel cat",
            "find ~/.gitvow -type f | parallel -j4 -k 'base64 {} | head'",
            "find ~/.gitvow | env_parallel -X cat",
            "parallel -j2 'cp {} /tmp/k' ::: ~/.gitvow/record.key",
            "parallel --arg-sep ,, cat ,, ~/.gitvow/*",
            "find ~/.gitvow -type f > /tmp/l; parallel cat :::: /tmp/l",
            "find ~/.gitvow -type f > /tmp/l; parallel -a /tmp/l base64",
            "echo 'gitvow uninstall' | parallel",
            "sem --id x cat ~/.gitvow/record.key",
            "ls ~/.gitvow/* | rush -j 2 'base64 {}'",
            "find ~/.gitvow -type f | xe -I % cp % /tmp/k",
            "xe -a cat -- ~/.gitvow/record.key",
            "find ~/.gitvow -type f | xe -s 'cat \"$1\"'",
            "find ~/.gitvow -type f | gargs 'cat {0}'",
            "rush -o ~/.claude/settings.json 'echo {}'",
        ],
        &[
            "find src -type f | parallel wc -l",
            "find . -name '*.rs' | parallel -j4 'rustfmt --check {}'",
            "parallel gzip ::: *.txt",
            "seq 10 | parallel echo",
            "parallel --pipe wc -l < notes.txt",
            "find src -type f | xe wc -l",
            "find src | rush 'echo {/}'",
        ],
    );
}

/// An array holds the names its elements give (a finder's list, a pattern, another array), and a
/// loop, a group or an `if` passes on the names its commands print: each reader of them reads
/// gitvow's record key as `cat` of its name does.
#[test]
fn names_kept_in_an_array_or_printed_by_a_loop_are_read() {
    let env = installed();
    judge(
        &env,
        &[
            "a=($(find ~/.gitvow)); cat \"${a[@]}\"",
            "a=($(find ~/.gitvow -type f)); base64 ${a[@]}",
            "a=(~/.gitvow/*); cat \"${a[@]}\"",
            "a=(); a+=(~/.gitvow/record.key); cp \"${a[@]}\" /tmp/k",
            "local -a a=($HOME/.gitvow/record.key); cat \"${a[0]}\"",
            "a=(notes.txt); b=(\"${a[@]}\" ~/.gitvow/record.key); cat \"${b[@]}\"",
            "a=(~/.gitvow/*); printf '%s\\n' \"${a[@]}\" | xargs cat",
            "for f in ~/.gitvow/*; do echo $f; done | xargs cat",
            "for f in ~/.gitvow/*; do echo \"$f\"; done | while read f; do cat \"$f\"; done",
            "for f in ~/.gitvow/*; do printf '%s\\n' \"$f\"; done | xargs base64",
            "find ~/.gitvow -type f | while read f; do echo \"$f\"; done | xargs cat",
            "while read f; do echo \"$f\"; done < <(find ~/.gitvow -type f) | parallel base64",
            "{ echo notes.txt; ls ~/.gitvow/*; } | xargs cat",
            "if true; then echo ~/.gitvow/record.key; fi | xargs cat",
            "for f in ~/.gitvow/*; do echo \"$f\"; done > /tmp/l; xargs -a /tmp/l cat",
            "printf '%s\\0' ~/.gitvow/* | xargs -0 cat",
            "echo $(find ~/.gitvow -type f) | xargs cat",
        ],
        &[
            "a=($(find src)); wc -l \"${a[@]}\"",
            "files=(notes.txt src/main.rs); cat \"${files[@]}\"",
            "arr=(1 2 3); echo \"${arr[@]}\"",
            "for f in *.txt; do echo \"$f\"; done | xargs wc -l",
            "while read f; do echo \"$f\"; done < notes.txt | sort",
            "{ echo a; echo b; } | xargs echo",
            "printf '%s\\n' *.txt | xargs wc -l",
            "for i in 1 2 3; do echo $i; done | xargs -I{} echo item {}",
        ],
    );
}

/// A loop inside a loop whose list is made of the outer loop's variable (`for f in "$d"/*` in
/// `for d in ~/.gitvow`) holds the names the list makes of each outer name: reading them, or
/// printing them into a reader, reads gitvow's files; the same loops over the project pass.
#[test]
fn a_loops_list_made_of_an_outer_loops_names_holds_them() {
    let env = installed();
    judge(
        &env,
        &[
            "for d in ~/.gitvow; do for f in \"$d\"/*; do cat \"$f\"; done; done",
            "for d in ~/.gitvow; do for f in \"$d\"/*; do echo \"$f\"; done; done | xargs cat",
            "for d in ~/.claude ~/.gitvow; do for f in $d/rec*; do base64 $f; done; done",
            "for d in ~; do for e in \"$d\"/.git*; do for f in \"$e\"/*; do od -c \"$f\"; done; done; done",
        ],
        &[
            "for d in src; do for f in \"$d\"/*; do cat \"$f\"; done; done",
            "for d in ~/.gitvow; do for f in \"$d\"/*; do ls -l \"$f\"; done; done",
        ],
    );
}

/// A name below a link whose target is the reading process's own (its working directory under
/// `/proc/self`, `/proc/$$`, `/proc/thread-self` or a task's, a directory it holds open under
/// `/dev/fd`) is a name in a directory the gate cannot know, not in the gate's own: a read of the
/// key's name there is judged as the key's, a write there asks; other names read there pass.
#[test]
fn a_name_under_a_processs_own_directory_is_in_an_unknown_one() {
    let env = installed();
    judge(
        &env,
        &[
            "cd ~/.gitvow && cat /proc/self/cwd/record.key",
            "cd ~/.gitvow; base64 < /proc/$$/cwd/record.key",
            "cd ~/.gitvow && xxd /proc/thread-self/cwd/record.k*",
            "cd ~/.gitvow && cp /proc/self/task/1/cwd/record.key /tmp/k",
            "exec 3< ~/.gitvow; cat /dev/fd/3/record.key",
            "cd ~/.gitvow && echo '{}' > /proc/self/cwd/policy.json",
            "cd ~/.claude && cp notes.txt /proc/self/cwd/settings.json",
        ],
        &["cat /proc/self/cwd/notes.txt", "cat /proc/self/status", "ls -l /proc/self/cwd"],
    );
}

/// A relative name is read where the shell is when it reads it: after `cd` into a directory
/// `CDPATH` leads to (the call's value or the environment's), after `cd ~-` or `cd "$OLDPWD"` back
/// to where it was, under `$PWD` or `$(pwd)` after a `cd`; and a name alone in a directory the
/// shell computes (`cd "$(…)"`) may be the key's. The same reads elsewhere pass.
#[test]
fn a_name_is_read_where_the_shell_is() {
    let env = installed();
    judge(
        &env,
        &[
            "CDPATH=~ cd .gitvow && cat record.key",
            "export CDPATH=/tmp:~; cd .gitvow; base64 record.key",
            "CDPATH=~/.gitvow cd approvals && cat ../record.key",
            "cd ~/.gitvow; cd /tmp; cd ~-; cat record.key",
            "cd ~/.gitvow; cd /tmp; cd \"$OLDPWD\"; xxd record.key",
            "cd ~/.gitvow; cat $PWD/record.key",
            "cd ~/.gitvow && cat \"$(pwd)/record.key\"",
            "cd ~/.gitvow; cd /tmp; cd $(dirs -l +1); cat record.key",
            "cd \"$(dirname ~/.gitvow/x)\" && od -c record.k*",
        ],
        &[
            "CDPATH=/tmp cd src && cat main.rs",
            "cd /tmp; cd -; cat notes.txt",
            "cd /tmp && cat $PWD/notes.txt",
            "cd \"$(git rev-parse --show-toplevel)\" && cat README.md",
            "cd ~-; cat notes.txt",
        ],
    );
}

/// `<>` opens its file to be read and written, as standard input unless a descriptor is named: a
/// read of it as much as `<` is (`exec 3<> ~/.gitvow/record.key`), and a shell's commands when a
/// shell is given it (a session reading a named pipe, where `gitvow approve` may be answered).
#[test]
fn a_read_write_redirection_reads_its_file() {
    let env = installed();
    assert!(env.tool("mkfifo").arg(env.home().join("cmds")).run().code == 0);
    judge(
        &env,
        &[
            "exec 3<> ~/.gitvow/record.key; cat <&3",
            "cat 0<> ~/.gitvow/record.key",
            "base64 <>~/.gitvow/record.key",
            "exec 4<> ~/.gitv?w/record.key; xxd <&4",
            "bash -i <> ~/cmds",
            "sh <>~/cmds &",
            "tmux new -d 'exec bash -i <> ~/cmds'",
        ],
        &["exec 3<> /tmp/scratch.log; echo hi >&3", "wc -c <> notes.txt", "exec 3<>/tmp/session.fifo-not-here; echo ok"],
    );
}

/// A content search reads every file under its path, hidden ones too, as `grep -r` does: Claude's
/// `Grep` and Copilot's `grep` over the home directory (with a `glob` or without) read gitvow's
/// record key and approvals; over the project, or a lister (`Glob`) over the home, they pass.
#[test]
fn a_content_search_reads_what_is_under_its_path() {
    let env = installed();
    let home = env.home().to_path_buf();
    let mut wrong = Vec::new();
    for (tool, input, want) in [
        ("Grep", serde_json::json!({"pattern": "[0-9a-f]{32}", "path": home, "glob": "*.key"}), true),
        ("Grep", serde_json::json!({"pattern": ".", "path": home}), true),
        ("Grep", serde_json::json!({"pattern": ".", "path": "~", "glob": ".gitv*/*"}), true),
        ("Grep", serde_json::json!({"pattern": ".", "path": env.path("~/.gitv*")}), true),
        ("Grep", serde_json::json!({"pattern": ".", "path": "/", "glob": "**/record.key"}), true),
        ("Grep", serde_json::json!({"pattern": "x", "path": env.repo(), "glob": "*.txt"}), false),
        ("Grep", serde_json::json!({"pattern": "x"}), false),
        ("Glob", serde_json::json!({"pattern": "**/*.md", "path": home}), false),
    ] {
        let claude = crate::support::claude_payload(env.repo(), tool, input.clone());
        let mut copilot = env.payload("copilot-bash.json");
        copilot["toolName"] = tool.to_lowercase().into();
        copilot["toolArgs"] = input.clone();
        for (agent, event, payload) in [("claude", "PreToolUse", claude), ("copilot", "preToolUse", copilot)] {
            let out = env.hook(agent, event, payload.to_string());
            if super::own_files::stops(&out) != want {
                wrong.push(format!("{agent} {tool} {input}: want stopped {want}, got {out:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
