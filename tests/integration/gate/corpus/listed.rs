//! A finder's list filtered before it is acted on (`find … | grep [-v] PAT | xargs CMD`, a loop
//! over such a list), written from the class: the names the finder prints are listed at judging
//! time and narrowed by the filter, and the command is judged on those it keeps. Beside each
//! everyday member, members whose kept names reach what the gate guards: a hook or an agent's
//! settings kept by the filter, a name with a blank that xargs cuts into one, the start itself.

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("everyday-listed", "allow", r#"find . | grep -E '(__pycache__|\.pyc$)' | xargs rm -rf"#),
    ("everyday-listed", "allow", r#"find . -type d | grep '__pycache__$' | xargs rm -rf"#),
    ("everyday-listed", "allow", r#"find . -type f | grep '/a\.tex$' | xargs sed -i 's/colour/color/g'"#),
    ("everyday-listed", "allow", r#"find . -type f | grep -F /a.tex | xargs chmod 644"#),
    ("everyday-listed", "allow", r#"find papers | grep -v ' ' | grep -i '\.TEX$' | xargs touch"#),
    ("everyday-listed", "allow", r#"find . | grep '/a\.tex$' | while read f; do cp "$f" "$f.bak"; done"#),
    ("everyday-listed", "allow", r#"for f in $(find . -type f | grep -x './papers/a\.tex'); do sed -i 's/x/y/' "$f"; done"#),
    ("everyday-listed", "allow", r#"find . -type f | grep -Ev '\.(sql|sh|py)$' | grep -w a | xargs wc -l"#),
    ("everyday-listed", "confirm", r#"find . -type f | grep '\.tex$' | xargs sed -i 's/a/b/'"#),
    ("everyday-listed", "confirm", r#"find . -type f | grep pre-commit | xargs cp /dev/null"#),
    ("everyday-listed", "confirm", r#"find . -type f | grep -i CLAUDE | xargs sed -i 's/a/b/'"#),
    ("everyday-listed", "confirm", r#"find . -type f | grep -v '\.tex$' | xargs chmod 777"#),
    ("everyday-listed", "confirm", r#"find . | grep -v '\.git/' | xargs rm -rf"#),
    ("everyday-listed", "confirm", r#"find . -type f | grep 'hooks/' | while read f; do cp /dev/null "$f"; done"#),
    ("everyday-listed", "confirm", r#"find . | grep -v '\<x' | xargs rm -rf"#),
];
