//! Look-alikes of danger that the text shows harmless, beside members of the same class that are
//! not: a temporary directory is made only where its assignment surely ran (not in a branch, a
//! loop's body that may never run, after `&&`/`||`, in a pipeline, the background or a subshell),
//! so an empty name after it is the root, and `rm -rf "$tmp/"` then removes it.

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
];
