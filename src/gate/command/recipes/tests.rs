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
    assert_eq!(lines("npm", &["ci", "--ignore-scripts"], &[("package.json", hooks)]), Vec::<String>::new());
    assert_eq!(
        lines("npm", &["run", "purge", "--ignore-scripts"], &[("package.json", pkg)]),
        ["the purge script of package.json: rm -rf ~"]
    );
}

#[test]
fn a_package_managers_own_commands_run_their_lifecycle_scripts() {
    let pkg = r#"{"scripts": {"prepack": "rm -rf ~/a", "prepublishOnly": "rm -rf ~/b", "preversion": "rm -rf ~/c", "stop": "rm -rf ~/d"}}"#;
    let files = [("package.json", pkg)];
    for (name, args, want) in [
        ("npm", &["pack"][..], &["prepack"][..]),
        ("yarn", &["pack"], &["prepack"]),
        ("pnpm", &["pack", "--dry-run"], &["prepack"]),
        ("npm", &["publish", "--dry-run"], &["prepublishOnly", "prepack"]),
        ("npm", &["version", "patch"], &["preversion"]),
        ("npm", &["restart"], &["stop"]),
        ("npm", &["link"], &[]),
        ("npm", &["version"], &[]),
        ("npm", &["link", "left-pad"], &[]),
    ] {
        let got: Vec<String> = lines(name, args, &files).iter().map(|l| l.split(' ').nth(1).unwrap_or_default().to_string()).collect();
        assert_eq!(got, want, "{name} {args:?}");
    }
    let prepare = [("package.json", r#"{"scripts": {"prepare": "rm -rf ~"}}"#)];
    assert_eq!(lines("npm", &["link"], &prepare), ["the prepare script of package.json: rm -rf ~"]);
    assert_eq!(lines("npm", &["rebuild"], &prepare).len(), 1);
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

#[test]
fn composer_and_deno_scripts_run_with_the_scripts_they_name() {
    let cj = r#"{"scripts": {"test": "phpunit", "wipe": ["@test", "@php bin/clean.php", "rm -rf ~"], "cb": "App\\Hooks::run"}}"#;
    let want = [
        "the composer script test (composer.json:1): phpunit",
        "the composer script wipe (composer.json:1): php bin/clean.php",
        "the composer script wipe (composer.json:1): rm -rf ~",
    ];
    for args in [&["run-script", "wipe"][..], &["run", "wipe"], &["wipe"], &["-d", "sub", "wipe"]] {
        let at = if args.contains(&"sub") { "sub/composer.json" } else { "composer.json" };
        assert_eq!(lines("composer", args, &[(at, cj)]), want, "{args:?}");
    }
    assert_eq!(lines("composer", &["install"], &[("composer.json", cj)]), Vec::<String>::new());
    let events = r#"{"scripts": {"post-install-cmd": "rm -rf ~", "post-update-cmd": ["@wipe"], "wipe": "rm -rf /"}}"#;
    assert_eq!(
        lines("composer", &["install"], &[("composer.json", events)]),
        ["the composer script post-install-cmd (composer.json:1): rm -rf ~"]
    );
    assert_eq!(
        lines("composer", &["require", "vendor/pkg"], &[("composer.json", events)]),
        ["the composer script wipe (composer.json:1): rm -rf /"]
    );
    assert_eq!(lines("composer", &["install", "--no-scripts"], &[("composer.json", events)]), Vec::<String>::new());
    assert!(lines("composer", &["cb"], &[("composer.json", cj)])[0].starts_with("opaque"));
    let dj = "{\n  // tasks\n  \"tasks\": {\n    \"dev\": \"deno run main.ts\",\n    \"wipe\": {\"command\": \"rm -rf /\", \"dependencies\": [\"dev\"]}\n  }\n}\n";
    assert_eq!(
        lines("deno", &["task", "wipe"], &[("deno.jsonc", dj)]),
        ["the deno task dev (deno.jsonc:4): deno run main.ts", "the deno task wipe (deno.jsonc:5): rm -rf /"]
    );
    assert_eq!(lines("deno", &["run", "wipe.ts"], &[("deno.jsonc", dj)]), Vec::<String>::new());
}

#[test]
fn pyproject_scripts_run_as_pdm_poe_and_hatch_run_them() {
    let pp = "[tool.pdm.scripts]\npre_wipe = \"echo go\"\nwipe = {shell = \"rm -rf ~\"}\nall = {composite = [\"wipe\", \"pytest -x\"]}\n\
              call = {call = \"app:main\"}\n\n[tool.poe.tasks]\nlint = \"ruff check\"\nnuke = {cmd = \"git push -f\", deps = [\"lint\"]}\n\
              seq = [\"lint\", \"nuke\"]\npy = {script = \"app:main\"}\n\n[tool.hatch.envs.default.scripts]\ntest = \"pytest\"\n\
              wipe = [\"test\", \"rm -rf /\"]\n[tool.hatch.envs.docs.scripts]\nbuild = \"mkdocs build\"\n";
    let file = [("pyproject.toml", pp)];
    assert_eq!(
        lines("pdm", &["run", "wipe"], &file),
        ["the pdm script pre_wipe (pyproject.toml:2): echo go", "the pdm script wipe (pyproject.toml:3): rm -rf ~"]
    );
    assert_eq!(
        lines("pdm", &["run", "all"], &file),
        ["the pdm script wipe (pyproject.toml:3): rm -rf ~", "the pdm script all (pyproject.toml:4): pytest -x"]
    );
    assert_eq!(lines("pdm", &["run", "pytest"], &file), Vec::<String>::new());
    assert!(lines("pdm", &["run", "call"], &file)[0].starts_with("opaque"));
    let nuke = ["the poe task lint (pyproject.toml:8): ruff check", "the poe task nuke (pyproject.toml:9): git push -f"];
    assert_eq!(lines("poe", &["seq"], &file), nuke);
    assert_eq!(lines("poetry", &["poe", "nuke"], &file), nuke);
    assert_eq!(lines("poe", &["--dry-run", "nuke"], &file), Vec::<String>::new());
    assert!(lines("poe", &["py"], &file)[0].starts_with("opaque"));
    assert_eq!(
        lines("hatch", &["run", "wipe"], &file),
        ["the hatch script test (pyproject.toml:14): pytest", "the hatch script wipe (pyproject.toml:15): rm -rf /"]
    );
    assert_eq!(lines("hatch", &["run", "docs:build"], &file), ["the hatch script build (pyproject.toml:17): mkdocs build"]);
    assert_eq!(lines("hatch", &["run", "pytest"], &file), Vec::<String>::new());
}

#[test]
fn mise_and_cargo_make_tasks_run_with_what_they_depend_on() {
    let mt = "[tasks.build]\nrun = \"cargo build\"\n\n[tasks.wipe]\ndepends = [\"build --release\"]\nrun = [\"echo bye\", \"rm -rf ~\"]\n\n[tasks]\nfmt = \"cargo fmt\"\n";
    let mt = &mt.replace("\n[tasks]\nfmt = \"cargo fmt\"\n", "");
    let want = [
        "the mise task build (mise.toml:1): cargo build",
        "the mise task wipe (mise.toml:4): echo bye",
        "the mise task wipe (mise.toml:4): rm -rf ~",
    ];
    for args in [&["run", "wipe"][..], &["r", "wipe"], &["wipe"], &["tasks", "run", "wipe"], &["-C", "sub", "run", "wipe"]] {
        let at = if args.contains(&"sub") { "sub/mise.toml" } else { "mise.toml" };
        assert_eq!(lines("mise", args, &[(at, mt)]), want, "{args:?}");
    }
    assert_eq!(lines("mise", &["install"], &[("mise.toml", mt)]), Vec::<String>::new());
    assert_eq!(lines("mise", &["run", "--dry-run", "wipe"], &[("mise.toml", mt)]), Vec::<String>::new());
    assert_eq!(
        lines("mise", &["run", "x"], &[("mise-tasks/x", "#!/bin/bash\ngit push -f\n")]),
        ["the mise task x (mise.toml:1): #!/bin/bash\ngit push -f\n"]
    );
    assert!(lines("mise", &["run", "y"], &[("mise-tasks/y", "#!/usr/bin/env python3\nprint(1)\n")])[0].starts_with("opaque"));
    let mk = "[tasks.clean]\ncommand = \"cargo\"\nargs = [\"clean\"]\n\n[tasks.wipe]\ndependencies = [\"clean\"]\nscript = [\"rm -rf ~\"]\n\n\
              [tasks.default]\nalias = \"wipe\"\n\n[tasks.duck]\nscript_runner = \"@duckscript\"\nscript = \"rm -r /\"\n";
    let want = ["the cargo-make task clean (Makefile.toml:1): cargo clean", "the cargo-make task wipe (Makefile.toml:5): rm -rf ~"];
    assert_eq!(lines("cargo", &["make", "wipe"], &[("Makefile.toml", mk)]), want);
    assert_eq!(lines("makers", &[], &[("Makefile.toml", mk)]), want);
    assert_eq!(lines("cargo", &["build"], &[("Makefile.toml", mk)]), Vec::<String>::new());
    assert_eq!(lines("makers", &["build"], &[("Makefile.toml", mk)]), Vec::<String>::new());
    assert!(lines("makers", &["duck"], &[("Makefile.toml", mk)])[0].starts_with("opaque"));
}

#[test]
fn tox_environments_run_their_commands() {
    let ini = "[tox]\nenvlist = py3, lint\n\n[testenv]\ncommands =\n    pytest {posargs:-q}\n\n[testenv:lint]\ncommands = ruff check {toxinidir}\n\n\
               [testenv:wipe]\ncommands_pre = - echo go\ncommands =\n    rm -rf {homedir}/.cache {envdir}\n";
    let file = [("tox.ini", ini)];
    assert_eq!(
        lines("tox", &[], &file),
        ["the tox environment py3 (tox.ini:6): pytest -q", "the tox environment lint (tox.ini:9): ruff check ."]
    );
    assert_eq!(
        lines("tox", &["run", "-e", "wipe"], &file),
        ["the tox environment wipe (tox.ini:12): echo go", "the tox environment wipe (tox.ini:14): rm -rf ~/.cache ${GITVOW_TOX_COMPUTED}"]
    );
    assert_eq!(lines("tox", &["-ewipe"], &file).len(), 2);
    assert_eq!(lines("tox", &["-l"], &file), Vec::<String>::new());
}

#[test]
fn runners_of_package_scripts_by_other_names() {
    let pkg = r#"{"scripts": {"build": "tsc", "wipe": "rm -rf ~"}}"#;
    assert_eq!(lines("bun", &["wipe"], &[("package.json", pkg)]), ["the wipe script of package.json: rm -rf ~"]);
    assert_eq!(lines("bun", &["test"], &[("package.json", pkg)]), Vec::<String>::new());
    assert_eq!(lines("bun", &["wipe.ts"], &[("package.json", pkg)]), Vec::<String>::new());
    assert_eq!(lines("npm-run-all", &["-s", "build", "wipe"], &[("package.json", pkg)]).len(), 2);
    assert!(lines("run-p", &["build:*"], &[("package.json", pkg)])[0].starts_with("opaque"));
}

#[test]
fn rake_invoke_and_nox_tasks_are_read_as_code() {
    let rf = "task default: [:test]\n\ntask :test do\n  sh \"bundle exec rspec\"\nend\n\nnamespace :db do\n  desc \"drop\"\n  task :drop => :test do |t|\n    \
              rm_rf File.join(Dir.home, \"data\")\n    sh \"rm\", \"-rf\", \"/srv\"\n  end\nend\n\ntask(:lazy) { system(ENV[\"CMD\"]) }\n";
    let file = [("Rakefile", rf)];
    assert_eq!(lines("rake", &[], &file), ["the rake task test (Rakefile:3): bundle exec rspec"]);
    assert_eq!(
        lines("rake", &["db:drop[now]"], &file),
        [
            "the rake task test (Rakefile:3): bundle exec rspec",
            "the rake task db:drop (Rakefile:9): rm -rf ~/'data'",
            "the rake task db:drop (Rakefile:9): rm -rf /srv",
        ]
    );
    assert_eq!(lines("rake", &["-T"], &file), Vec::<String>::new());
    let one_line = [("Rakefile", "task :z do sh \"git push -f\" end\ntask :y do |t| sh \"ls\" end\n")];
    assert_eq!(lines("rake", &["z", "y"], &one_line), ["the rake task z (Rakefile:1): git push -f", "the rake task y (Rakefile:2): ls"]);
    assert!(lines("rake", &["lazy"], &file)[0].starts_with("opaque"));
    let tasks = "from invoke import task\n\n@task\ndef clean(c):\n    c.run(\"rm -rf build\")\n\n@task(pre=[clean])\ndef wipe_all(ctx, force=False):\n    \
                 if force:\n        ctx.run(\"git push -f\")\n";
    assert_eq!(
        lines("invoke", &["wipe-all", "--force"], &[("tasks.py", tasks)]),
        ["the invoke task clean (tasks.py:4): rm -rf build", "the invoke task wipe-all (tasks.py:8): git push -f"]
    );
    assert_eq!(lines("inv", &["clean"], &[("tasks.py", tasks)]), ["the invoke task clean (tasks.py:4): rm -rf build"]);
    let noxfile = "import nox\n\n@nox.session(python=[\"3.12\"])\ndef tests(session):\n    session.install(\"pytest\")\n    session.run(\"pytest\")\n\n\
                   @nox.session(name=\"wipe-all\")\ndef wipe(s):\n    s.run(\"rm\", \"-rf\", \"/\", external=True)\n";
    let file = [("noxfile.py", noxfile)];
    assert_eq!(lines("nox", &["-s", "tests"], &file), ["the nox session tests (noxfile.py:4): pytest"]);
    assert_eq!(lines("nox", &["--session=wipe-all"], &file), ["the nox session wipe-all (noxfile.py:9): rm -rf /"]);
    assert_eq!(lines("nox", &["-s", "tests-3.12"], &file), ["the nox session tests (noxfile.py:4): pytest"]);
    assert_eq!(
        lines("nox", &[], &file),
        ["the nox session tests (noxfile.py:4): pytest", "the nox session wipe-all (noxfile.py:9): rm -rf /"]
    );
    assert!(lines("nox", &["-k", "wipe"], &file)[0].starts_with("opaque"));
}

#[test]
fn pipenv_scripts_and_pixi_tasks_run_what_their_files_say() {
    let pipfile = "[packages]\nrequests = \"*\"\n\n[scripts]\nwipe = \"rm -rf ~\"\ntest = \"pytest\"\n";
    assert_eq!(lines("pipenv", &["run", "wipe"], &[("Pipfile", pipfile)]), ["the pipenv script wipe (Pipfile:5): rm -rf ~"]);
    assert_eq!(lines("pipenv", &["run", "pytest", "-q"], &[("Pipfile", pipfile)]), Vec::<String>::new());
    assert_eq!(lines("pipenv", &["install"], &[("Pipfile", pipfile)]), Vec::<String>::new());
    let pixi = "[tasks]\nbuild = \"cargo build\"\nwipe = { cmd = [\"rm\", \"-rf\", \"/\"], depends-on = [\"build\"] }\n";
    assert_eq!(
        lines("pixi", &["run", "wipe"], &[("pixi.toml", pixi)]),
        ["the pixi task build (pixi.toml:2): cargo build", "the pixi task wipe (pixi.toml:3): rm -rf /"]
    );
    let pyproject = "[tool.pixi.tasks]\nnuke = \"rm -rf ~\"\n";
    assert_eq!(lines("pixi", &["r", "nuke"], &[("pyproject.toml", pyproject)]), ["the pixi task nuke (pyproject.toml:2): rm -rf ~"]);
    assert_eq!(lines("pixi", &["run", "python", "x.py"], &[("pixi.toml", pixi)]), Vec::<String>::new());
}

#[test]
fn make_n_still_runs_plus_lines_and_sub_makes() {
    let mk = "all: dep\n\tcc -o a main.c\n\t+rm -rf ~/x\ndep:\n\t@$(MAKE) -C sub\n\techo dep\n";
    let file = [("Makefile", mk)];
    for dry in ["-n", "--just-print", "--dry-run", "--recon", "-q", "-t"] {
        assert_eq!(
            lines("make", &[dry], &file),
            ["the recipe of make target dep (Makefile:5): make -n -C sub", "the recipe of make target all (Makefile:3): rm -rf ~/x"],
            "{dry}"
        );
    }
    assert_eq!(lines("make", &["-p"], &file).len(), 4);
}
