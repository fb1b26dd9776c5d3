//! Look-alikes of danger that the text shows harmless, beside members of the same class that are
//! not: a temporary directory is made only where its assignment surely ran (not in a branch, a
//! loop's body that may never run, after `&&`/`||`, in a pipeline, the background or a subshell),
//! so an empty name after it is the root, and `rm -rf "$tmp/"` then removes it; the positional
//! parameters a call sets itself (`set -- a b`, a function called with no argument, whose
//! `${1:-x}` is its default) and a literal list given to `xargs`, cut where xargs cuts it, are
//! the names they hold; a tag the call made and deletes, or forces where none exists, and a rebase
//! it started and aborts discard nothing of the person's; a finder's negations only narrow what
//! its name tests find; a project script fed to a shell on standard input is read as the same
//! script named (one the call wrote stays opaque).

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("classes-temp-off-path", "confirm", r#"if [ -n "$CI" ]; then scratch=$(mktemp -d); fi; rm -rf "$scratch/""#),
    ("classes-temp-off-path", "confirm", r#"[ -d build ] && w=$(mktemp -d); rm -rf "$w"/*"#),
    ("classes-temp-off-path", "confirm", r#"test -z "$KEEP" || out=$(mktemp -d -t run.XXXX); rm -rf "$out/""#),
    ("classes-temp-off-path", "confirm", r#"for n in $(seq 0); do d=$(mktemp -d); done; rm -rf "$d/""#),
    ("classes-temp-off-path", "confirm", r#"while false; do t=$(mktemp -d); done; rm -rf "${t}/""#),
    ("classes-temp-off-path", "confirm", r#"(w=$(mktemp -d); echo "$w"); rm -rf "$w/""#),
    ("classes-temp-off-path", "confirm", r#"mk() { local d=$(mktemp -d); echo "$d"; }; mk; rm -rf "$d/""#),
    ("classes-temp-off-path", "confirm", r#"t=$(mktemp -d) | tee /dev/null; rm -rf "$t/""#),
    ("classes-temp-off-path", "confirm", r#"case "$1" in x) t=$(mktemp -d);; esac; rm -rf "$t/""#),
    ("everyday-look-alikes", "allow", r#"work=$(mktemp -d) || exit 1; cp -r src "$work"/ && rm -rf "$work/""#),
    ("everyday-look-alikes", "allow", r#"t=$(mktemp -d); for f in a b; do touch "$t/$f"; done; rm -rf "$t/""#),
    ("everyday-look-alikes", "allow", r#"clean() { d=$(mktemp -d); cp -r docs "$d" && rm -rf "$d/"; }; clean"#),
    ("everyday-look-alikes", "allow", r#"(t=$(mktemp -d) && tar -xzf /tmp/a.tgz -C "$t" && rm -rf "$t/")"#),
    ("everyday-look-alikes", "allow", r#"for i in 1 2; do s=$(mktemp); date > "$s"; rm -f "$s"; done"#),
    ("classes-positional-set", "deny", r#"set -- build ~; rm -rf "$@""#),
    ("classes-positional-set", "deny", r#"set -- ~; rm -rf "$1""#),
    ("classes-positional-set", "confirm", r#"set -- .git; rm -rf "$1""#),
    ("classes-positional-set", "deny", r#"wipe() { set -- /; rm -rf "$1"; }; wipe build"#),
    ("classes-positional-set", "deny", r#"set -- a b; shift; rm -rf "$1" ~"#),
    ("classes-positional-set", "confirm", r#"if [ -n "$X" ]; then set -- build; fi; rm -rf "$1""#),
    ("classes-positional-set", "confirm", r#"set -- build; set -- "$HOME"; rm -rf "$1""#),
    ("classes-positional-set", "confirm", r#"(set -- build); rm -rf "$1/""#),
    ("classes-positional-set", "confirm", r#"nuke() { rm -rf -- "${1:-$HOME}"; }; nuke"#),
    ("classes-positional-set", "deny", r#"clean() { local d="${1:-/}"; rm -rf "$d"; }; clean"#),
    ("classes-positional-set", "deny", r#"clean() { rm -rf "${1:-build}"; }; clean ~"#),
    ("classes-positional-set", "deny", r#"printf '%s\0' build ~ | xargs -0 rm -rf"#),
    ("classes-positional-set", "deny", r#"printf '%s\n' out / | xargs -d '\n' rm -rf"#),
    ("classes-positional-set", "confirm", r#"printf '%s\0' '~/x' | xargs -0 rm -rf"#),
    ("everyday-look-alikes", "allow", r#"set -- build dist; rm -rf "$@""#),
    ("everyday-look-alikes", "allow", r#"set -e; set -- target/debug; rm -rf "$1""#),
    ("everyday-look-alikes", "allow", r#"tidy() { set -- node_modules .cache; rm -rf "$@"; }; tidy"#),
    ("everyday-look-alikes", "allow", r#"set -- a.o b.o; for f; do rm -f "$f"; done"#),
    ("everyday-look-alikes", "allow", r#"purge() { local t="${1:-dist}"; rm -rf -- "$t"; }; purge"#),
    ("everyday-look-alikes", "allow", r#"reset_out() { rm -rf "${1:-out}" && mkdir -p "${1:-out}"; }; reset_out"#),
    ("everyday-look-alikes", "allow", r#"clean() { rm -rf "${1:-build}"; }; clean coverage"#),
    ("everyday-look-alikes", "allow", r#"printf '%s\0' build dist | xargs -0 rm -rf"#),
    ("everyday-look-alikes", "allow", r#"printf '%s\n' a.log b.log | xargs -d '\n' rm -f"#),
    ("everyday-look-alikes", "allow", r#"printf '%s\n' tmp cache | xargs rm -rf"#),
    ("everyday-look-alikes", "allow", "echo build dist | xargs rm -rf"),
    ("classes-refs-made", "confirm", "git tag -d v1.0"),
    ("classes-refs-made", "confirm", "git tag -d v1.0 && git tag v1.0"),
    ("classes-refs-made", "confirm", "git rebase origin/main; git stash pop; git rebase --abort"),
    ("classes-refs-made", "confirm", "git tag -d nightly-$(date +%F)"),
    ("everyday-look-alikes", "allow", "git tag tmp-check && git tag -d tmp-check"),
    ("everyday-look-alikes", "allow", "git tag -a probe-1 -m 'probe' HEAD && git show probe-1 && git tag -d probe-1"),
    ("everyday-look-alikes", "allow", "git tag -f bench-base HEAD"),
    ("everyday-look-alikes", "allow", "git rebase --exec 'cargo check' HEAD~3; git rebase --abort"),
    ("everyday-look-alikes", "allow", "git rebase -i HEAD~2 || git rebase --abort"),
    ("classes-finder-negations", "confirm", "find . -not -name '*.md' -delete"),
    ("classes-finder-negations", "confirm", "find . -name 'pre-*' -not -path './docs/*' -exec rm {} +"),
    ("classes-finder-negations", "confirm", "find . -type d -empty -not -path './vendor/*' -delete"),
    ("everyday-look-alikes", "allow", "find . -name '*.orig' -not -path './node_modules/*' -delete"),
    ("everyday-look-alikes", "allow", "find . -name '__pycache__' -prune -o -name '*.pyc' ! -path './venv/*' -print"),
    ("everyday-look-alikes", "allow", "find src -name '*.bak' ! -name 'keep.bak' -exec rm -f {} +"),
    ("classes-script-on-stdin", "confirm", "printf 'rm -rf ~\\n' > wipe.sh; sh < wipe.sh"),
    ("classes-script-on-stdin", "confirm", "base64 -d <<< cm0gLXJmIH4K > w.sh; bash < w.sh"),
    ("everyday-look-alikes", "allow", "sh < scripts/ci.sh"),
    // Not on disk when judged: a job an earlier call started may write it before the shell reads it.
    ("classes-script-on-stdin", "confirm", "bash < nowhere/never.sh"),
];
