use super::*;
use std::path::{Path, PathBuf};

fn lines(name: &str, args: &[&str], files: &[(&str, &str)]) -> Vec<String> {
    let files: Vec<(PathBuf, String)> = files.iter().map(|(p, t)| (Path::new("/p").join(p), t.to_string())).collect();
    let written = |p: &Path| files.iter().find(|(f, _)| f == p).map(|(_, t)| Some(t.clone()));
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    match of(name, &args, Path::new("/p"), &written) {
        Recipes::Lines(ls) => ls.into_iter().map(|l| format!("{}: {}", l.origin, l.text)).collect(),
        Recipes::Opaque(why) => vec![format!("opaque: {why}")],
    }
}

#[test]
fn make_targets_run_their_recipes_and_prerequisites() {
    let mf = "RMF := rm -rf\nOUT = build\n\nall: build\n\nclean: tidy\n\t@$(RMF) $(OUT) ~/$$HOME_DIR\n\ntidy:\n\t-rm -f *.o\n";
    assert_eq!(
        lines("make", &["clean"], &[("Makefile", mf)]),
        [
            "the recipe of make target tidy (Makefile:10): rm -f *.o",
            "the recipe of make target clean (Makefile:7): rm -rf build ~/$HOME_DIR",
        ]
    );
    assert_eq!(lines("make", &["-n", "clean"], &[("Makefile", mf)]), Vec::<String>::new());
    assert_eq!(lines("make", &["clean"], &[]), Vec::<String>::new());
    assert_eq!(
        lines("make", &["x"], &[("Makefile", "x:\n\t$(shell_cmd) -rf /\n")]),
        ["the recipe of make target x (Makefile:2): ${GITVOW_MAKE_COMPUTED} -rf /"]
    );
    assert!(lines("make", &[], &[("Makefile", "include a.mk\nx:\n\trm -rf ~\n")])[0].starts_with("opaque"));
}

#[test]
fn package_scripts_run_with_their_pre_and_post_scripts() {
    let pkg = r#"{"scripts": {"prepurge": "echo go", "purge": "rm -rf ~", "test": "jest"}}"#;
    assert_eq!(
        lines("npm", &["run", "purge"], &[("package.json", pkg)]),
        ["the prepurge script of package.json: echo go", "the purge script of package.json: rm -rf ~"]
    );
    assert_eq!(lines("yarn", &["purge"], &[("package.json", pkg)]).len(), 2);
    assert_eq!(lines("npm", &["test"], &[("package.json", pkg)]), ["the test script of package.json: jest"]);
    assert_eq!(lines("yarn", &["add", "purge"], &[("package.json", pkg)]), Vec::<String>::new());
    let hooks = r#"{"scripts": {"postinstall": "rm -rf ~", "prepare": "husky"}}"#;
    for install in [&["install"][..], &["ci"], &["i"], &[]] {
        let want = ["the postinstall script of package.json: rm -rf ~", "the prepare script of package.json: husky"];
        let name = if install.is_empty() { "yarn" } else { "npm" };
        assert_eq!(lines(name, install, &[("package.json", hooks)]), want, "{install:?}");
    }
    assert_eq!(lines("npm", &["install", "left-pad"], &[("package.json", hooks)]), Vec::<String>::new());
    // Written with escapes (`printf '…\\n' > package.json`): read as printf writes it too.
    assert_eq!(lines("npm", &["run", "x"], &[("package.json", r#"{"scripts":{"x":"ls"}}\n"#)]).len(), 1);
}

#[test]
fn just_recipes_run_with_their_dependencies() {
    let jf = "default: build\n\nbuild:\n    cargo build\n\nwipe: build\n    @rm -rf {{ dir }}\n";
    assert_eq!(
        lines("just", &["wipe"], &[("justfile", jf)]),
        ["the recipe build (justfile:4): cargo build", "the recipe wipe (justfile:7): rm -rf ${GITVOW_JUST_COMPUTED}"]
    );
    // A dependency with arguments is still a recipe run first; one after `&&` runs after the body.
    let later = "release: (build \"a b\") && wipe\n    echo done\n\nbuild:\n    cargo build\n\nwipe:\n    rm -rf ~\n";
    assert_eq!(
        lines("just", &["release"], &[("justfile", later)]),
        [
            "the recipe build (justfile:5): cargo build",
            "the recipe release (justfile:2): echo done",
            "the recipe wipe (justfile:8): rm -rf ~"
        ]
    );
    // A body in another language is opaque; one under a shell is read.
    let scripts = "py:\n    #!/usr/bin/env python3\n    print(1)\n\nsh:\n    #!/bin/bash\n    rm -rf ~\n";
    assert_eq!(lines("just", &["py"], &[("justfile", scripts)]), ["opaque: it runs a justfile recipe written in another language"]);
    assert_eq!(
        lines("just", &["sh"], &[("justfile", scripts)]),
        ["the recipe sh (justfile:6): #!/bin/bash", "the recipe sh (justfile:7): rm -rf ~"]
    );
}

#[test]
fn taskfile_tasks_run_with_their_deps_and_called_tasks() {
    let tf = "version: '3'\nvars:\n  OUT: build\ntasks:\n  default:\n    cmds:\n      - go build ./...\n  tidy: rm -f *.o\n  \
              clean:\n    desc: wipe\n    deps: [tidy]\n    cmds:\n      - task: gen\n      - cmd: rm -rf {{.OUT}}\n      - |\n        echo a\n        echo b\n  \
              gen:\n    cmd: go generate\n";
    assert_eq!(
        lines("task", &["clean"], &[("Taskfile.yml", tf)]),
        [
            "the task tidy (Taskfile.yml:8): rm -f *.o",
            "the task gen (Taskfile.yml:19): go generate",
            "the task clean (Taskfile.yml:14): rm -rf ${GITVOW_TASK_COMPUTED}",
            "the task clean (Taskfile.yml:15): echo a\necho b",
        ]
    );
    assert_eq!(lines("go-task", &[], &[("Taskfile.yml", tf)]), ["the task default (Taskfile.yml:7): go build ./..."]);
    assert_eq!(lines("task", &["--list"], &[("Taskfile.yml", tf)]), Vec::<String>::new());
    // An option's value is no task name; what follows `--` is handed to the tasks.
    let default = ["the task default (Taskfile.yml:7): go build ./..."];
    assert_eq!(lines("task", &["-d", "sub", "-o", "tidy", "--", "clean"], &[("sub/Taskfile.yml", tf)]), default);
    assert_eq!(lines("task", &["-t", "other.yml", "tidy"], &[("other.yml", tf)]), ["the task tidy (other.yml:8): rm -f *.o"]);
    assert!(lines("task", &["ns:x"], &[("Taskfile.yml", tf)])[0].starts_with("opaque"));
    assert!(lines("task", &["x"], &[("Taskfile.yml", "tasks:\n  x:\n    cmds:\n      - for: [a]\n")])[0].starts_with("opaque"));
}
