//! Classes of issue 40 written from the classes, not from the commands that showed them: what a
//! copy or move into a directory writes (the names it puts there, not the directory), and scripts
//! an interpreter runs on the names `xargs` reads (script files, not program text). Beside each
//! everyday member, members of the same class that reach what the gate guards.

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    // Into a directory: each source's own name there.
    ("classes-into-dirs", "allow", r#"mv docs/a.txt ."#),
    ("classes-into-dirs", "allow", r#"mv build/out.txt ./"#),
    ("classes-into-dirs", "allow", r#"cp docs/a.txt docs/b.txt build/"#),
    ("classes-into-dirs", "allow", r#"mv -t build docs/a.txt docs/b.txt"#),
    ("classes-into-dirs", "allow", r#"cp -p src/main.c sub"#),
    ("classes-into-dirs", "allow", r#"mv docs/*.txt ."#),
    ("classes-into-dirs", "allow", r#"mv vendor/lib ."#),
    ("classes-into-dirs", "allow", r#"cp README.md src/auth/existing.rs build"#),
    ("classes-into-dirs", "confirm", r#"mv docs/a.txt .git/hooks/"#),
    ("classes-into-dirs", "confirm", r#"cp docs/a.txt build/pre-commit .git/hooks"#),
    ("classes-into-dirs", "confirm", r#"mv -t .git/hooks build/pre-push"#),
    ("classes-into-dirs", "confirm", r#"cp build/settings.json .claude"#),
    ("classes-into-dirs", "confirm", r#"mv build/settings.json claude-link/"#),
    ("classes-into-dirs", "confirm", r#"cp build/.bashrc ~"#),
    ("classes-into-dirs", "confirm", r#"mv build/.profile docs/a.txt ~/"#),
    ("classes-into-dirs", "confirm", r#"mv build/record.key cfg"#),
    ("classes-into-dirs", "confirm", r#"cp -T build/empty .claude"#),
    ("classes-into-dirs", "confirm", r#"mv "$X" ~"#),
    ("classes-into-dirs", "confirm", r#"cp build/* ~/.claude/"#),
    // Interpreters on the names xargs reads: each name is a script file or an argument.
    ("classes-xargs-scripts", "allow", r#"find src -name '*.py' | xargs python3"#),
    ("classes-xargs-scripts", "allow", r#"find . -name '*.py' -print0 | xargs -0 -n1 python3"#),
    ("classes-xargs-scripts", "allow", r#"find . -name '*.php' -print0 | xargs -0 -n1 php -l"#),
    ("classes-xargs-scripts", "allow", r#"find . -name '*.sh' | xargs -n1 bash -n"#),
    ("classes-xargs-scripts", "allow", r#"find docs -name '*.txt' | xargs ruby -e 'ARGV.each { |f| puts File.size(f) }'"#),
    ("classes-xargs-scripts", "allow", r#"find src -name '*.c' | xargs awk 'FNR==1 {print FILENAME}'"#),
    ("classes-xargs-scripts", "allow", r#"find . -name '*.py' | xargs -I{} python3 {} --check"#),
    ("classes-xargs-scripts", "allow", r#"find . -name '*.rb' | xargs -I % ruby % --verbose"#),
    ("classes-xargs-scripts", "confirm", r#"find . -name '*.txt' | xargs -I{} sh -c 'cat {}'"#),
    ("classes-xargs-scripts", "confirm", r#"find . -name '*.sh' | xargs sh -c"#),
    ("classes-xargs-scripts", "confirm", r#"cat list | xargs perl -e"#),
    ("classes-xargs-scripts", "confirm", r#"ls | xargs -I % bash -c 'rm -rf %'"#),
    ("classes-xargs-scripts", "confirm", r#"find . -name '*.py' | xargs -I{} python3 -c 'print("{}")'"#),
    ("classes-xargs-scripts", "confirm", r#"find . -name '*.c' | xargs -I{} awk '{print "{}"}' src/main.c"#),
    ("classes-xargs-scripts", "confirm", r#"find . -name '*.py' | xargs python3 -m"#),
    ("classes-xargs-scripts", "confirm", r#"find . -name '*.txt' -print0 | xargs -0i sh -c 'cat /dev/null > "{}"'"#),
    ("classes-xargs-scripts", "confirm", r#"find . -name '*.txt' | xargs -n1 -I% bash -c 'rm %'"#),
    ("classes-xargs-scripts", "confirm", r#"echo build | xargs eval"#),
    (
        "classes-xargs-scripts",
        "confirm",
        r#"find ~ -name '*.json' | xargs python3 -c 'import os,sys; [os.remove(f) for f in sys.argv[1:]]'"#,
    ),
    (
        "classes-xargs-scripts",
        "deny",
        r#"find . -name '*.txt' | xargs node -e 'require("fs").rmSync(require("os").homedir(), {recursive: true})'"#,
    ),
];
