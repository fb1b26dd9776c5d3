//! Commands run on a finder's list read at judging time, judged alike in the payload forms of
//! Claude Code, Codex and Copilot CLI: `xargs` putting each name into shell text, as many names a
//! run as xargs gives, `parallel` and loops over a filtered list, and a list that holds no name
//! yet, whose later names are new ones in the project. Beside each, the member whose names (or
//! whose later name) reach what the gate guards, which is still stopped.

use super::own_files::{installed, judge};

#[test]
fn shell_text_run_on_each_listed_name_is_judged_with_that_name() {
    let env = installed();
    env.write("src/a.py", "x");
    env.write("src/b.py", "x");
    judge(
        &env,
        &[
            "find . -name '*.py' | xargs -I{} sh -c 'cp \"$1\" ~/.bashrc' -- {}",
            "find src -name '*.py' | xargs -I{} bash -c 'cat {} >> ~/.profile'",
            "find . -name 'pre-commit' | xargs -I{} sh -c 'cp /dev/null {}'",
            "find . -maxdepth 1 -type d | xargs -I{} sh -c 'rm -rf {}'",
            "find src -name '*.py' | xargs -n 1 sh -c 'cp \"$0\" ~/.claude/settings.json'",
        ],
        &[
            "find . -name '*.py' | xargs -I{} sh -c 'cp \"$1\" \"$1.orig\"' -- {}",
            "find src -name '*.py' | xargs -I{} sh -c 'echo {}; wc -l {}'",
            "find . -maxdepth 1 -type d -print0 | xargs -0 -I {} sh -c 'echo $(find {} | wc -l) {}'",
            "find src -type f | grep '\\.py$' | xargs -I % sh -c 'echo %; grep -c import %'",
        ],
    );
}

#[test]
fn a_list_with_no_name_yet_is_judged_on_a_new_name_in_the_project() {
    let env = installed();
    judge(
        &env,
        &[
            "find . | grep '\\.xml$' | xargs -I{} cp {} ~/.gitvow/policy.json",
            "find . | grep '\\.xml$' | xargs -I{} rm -rf /{}",
            "find . -name '*.svg' | xargs -I{} sh -c 'rm -rf ~/{}'",
            "find . -name '*.sh' | xargs -I{} sh -c 'cp {} ~/.bashrc'",
            "for i in $(find . | grep '\\.xml$'); do cp $i ~/.bashrc; done",
        ],
        &[
            "find . | grep '\\.xml$' | xargs bzip2",
            "find . -type f | grep -v '\\.git/' | grep '\\.log$' | xargs gzip",
            "find . -name '*.mbox' | xargs -I{} mv {} {}.bak",
            "find . -type f | grep '\\.def$' | xargs -r touch",
        ],
    );
}
