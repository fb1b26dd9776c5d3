//! A program the analyser does not know, or knows only partly, that names a file the gate guards
//! anywhere in its arguments may write it: judged as `> FILE` is, in each agent's payload form.
//! The same programs on the project's own files pass, and so do programs known only to read.

use super::own_files::{installed, judge};

#[test]
fn a_program_the_analyser_does_not_know_writes_the_guarded_files_it_names() {
    let env = installed();
    std::fs::create_dir_all(env.repo().join(".git/hooks")).unwrap();
    judge(
        &env,
        &[
            "gawk -i inplace '{print}' ~/.gitvow/policy.json",
            "yq -i '.hooks={}' ~/.claude/settings.json",
            "crudini --set ~/.codex/config.toml features codex_hooks false",
            "sd deny allow ~/.gitvow/policy.json",
            "shuf -o ~/.gitvow/policy.json notes.txt",
            "uniq notes.txt ~/.claude/settings.json",
            "sort notes.txt -o ~/.gemini/settings.json",
            "cmake -E copy notes.txt ~/.gitvow/policy.json",
            "cmake -E rename ~/.gitvow/record.key /tmp/k",
            "xxd -r - ~/.copilot/hooks/gitvow.json",
            "openssl enc -in notes.txt -out ~/.gitvow/policy.json",
            "socat - OPEN:$HOME/.gitvow/policy.json,trunc",
            "socat -u STDIN CREATE:~/.claude/settings.json",
            "dos2unix .git/hooks/pre-commit",
            "mytool --output=$HOME/.gitvow/policy.json",
            "mytool -o$HOME/.claude/settings.json",
            "mytool file=~/.profile",
            "mytool ~/.gitv*/policy.json",
            "mytool ~/.GITVOW/policy.json",
            "python3 tool.py ~/.codex/hooks.json",
            "cd ~/.gitvow && mytool policy.json",
            "base64 -d notes.txt -o ~/.claude/settings.json",
            "csplit -f ~/.claude/settings.jso -b n notes.txt 1",
            "gzip ~/.gitvow/policy.json",
            "iconv -t utf8 notes.txt -o ~/.profile",
            "docker cp evil:/x ~/.bashrc",
        ],
        &[
            "sort -o out.txt notes.txt",
            "yq -i '.a=1' config.yml",
            "cmake -E copy notes.txt b.txt",
            "mytool -o notes.txt --config=build.toml",
            "cat ~/.claude/settings.json",
            "jq .hooks ~/.claude/settings.json",
            "less ~/.gitvow/policy.json",
            "diff ~/.claude/settings.json notes.txt",
            "sha256sum ~/.gemini/settings.json",
            "split -l1 notes.txt part-",
            "gzip notes.txt",
            // Known programs given names the shell computes (real-world one-liners).
            "date -d @$TIMESTAMP",
            r#"result="$(dig +short @"$server" "$domain" | wc -l)""#,
            r#"touch -d"$(date --date="@$old_time")" notes.txt"#,
        ],
    );
}

/// A list from `git ls-files PATTERN` holds only the tracked files its pathspecs match: a tool run
/// on the project's C files cannot reach a tracked agent settings file, while the whole list, or a
/// pathspec that matches it, still can.
#[test]
fn a_git_ls_files_list_is_bounded_by_its_pathspecs() {
    let env = installed();
    env.write(".claude/settings.json", "{}");
    env.write("src/main.c", "int main(void) { return 0; }\n");
    let git = |args: &[&str]| assert!(std::process::Command::new("git").current_dir(env.repo()).args(args).status().unwrap().success());
    git(&["add", "-f", ".claude/settings.json", "src/main.c"]);
    git(&["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "tracked"]);
    judge(
        &env,
        &[
            "git ls-files | xargs clang-format -i",
            "git ls-files -x '*.o' | xargs clang-format -i",
            "git ls-files '.claude/*' | xargs clang-format -i",
            "git ls-files '*.json' | xargs clang-format -i",
        ],
        &[
            "git ls-files '*.c' | xargs clang-format -i",
            "git ls-files src | xargs clang-format -i",
            "git ls-files -- '*.c' '*.h' | xargs clang-format -i",
        ],
    );
}
