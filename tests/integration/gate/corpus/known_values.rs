//! Variables, function arguments and arrays the call sets itself, written from the classes: a
//! variable assigned once on the straight path and then expanded names its value (`OUT=build;
//! mkdir "$OUT"`), a partly computed name whose computed part cannot leave its literal directory
//! stays in it (`/tmp/rt-$(basename "$f").o`, `backup-$(date +%F)`), a function's `"$@"` and `$1`
//! are the words it was called with, and an array assigned and expanded in the same call is its
//! words. Beside each everyday command, members of the same shape whose value reaches what the
//! gate guards, and those whose value the analyser cannot know (a branch, `unset`, `${V:=…}`, a
//! `read`, IFS, a subshell, a builtin made by a variable), which it still stops.

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    // Straight-line assignments.
    ("everyday-known-values", "allow", r#"OUT=build; mkdir -p "$OUT" && cp README.md "$OUT/""#),
    ("everyday-known-values", "allow", r#"F=notes.txt; echo hello > "$F""#),
    ("everyday-known-values", "allow", r#"LOG=out.log; ls -la > "$LOG" 2>&1"#),
    ("everyday-known-values", "allow", "dst=backup; mkdir -p $dst; cp -r src $dst/"),
    ("everyday-known-values", "allow", r#"export BUILD_DIR=dist; rm -rf "$BUILD_DIR" && mkdir "$BUILD_DIR""#),
    ("everyday-known-values", "allow", r#"f=data.csv.gz; gunzip -k "$f" && wc -l "${f%.gz}""#),
    ("everyday-known-values", "allow", r#"readonly STAMP_DIR=stamps; mkdir -p "$STAMP_DIR"; touch "$STAMP_DIR/built""#),
    ("everyday-known-values", "allow", r#"src=a.txt; dst=b.txt; cp "$src" "$dst" && diff "$src" "$dst""#),
    ("everyday-known-values", "allow", r#"d=$(pwd)/build; mkdir -p "$d""#),
    ("everyday-known-values", "allow", r#"here=$PWD; cd src && touch "$here/stamp""#),
    ("everyday-known-values", "allow", "CC=gcc; $CC -c main.c -o main.o"),
    ("everyday-known-values", "allow", r#"base=build; dir="$base/debug"; mkdir -p "$dir" && touch "$dir/.keep""#),
    ("everyday-known-values", "allow", r#"for f in *.md; do out="${f%.md}.html"; cp "$f" "$out"; done"#),
    ("everyday-known-values", "allow", "name=report\nmkdir -p out\ncp notes.md \"out/$name.md\""),
    // Bounded names: a literal directory and a computed part that cannot leave it.
    ("everyday-known-values", "allow", r#"ts=$(date +%Y%m%d); tar czf "backup-$ts.tgz" src"#),
    ("everyday-known-values", "allow", r#"cp app.log "/tmp/app-$$.log""#),
    ("everyday-known-values", "allow", r#"for f in src/*.c; do gcc -c "$f" -o "/tmp/rt-$(basename "${f%.c}").o"; done"#),
    ("everyday-known-values", "allow", r#"tmp=$(mktemp -d); cp -r src "$tmp/" && rm -rf "$tmp""#),
    ("everyday-known-values", "allow", r#"mkdir -p "snap-$RANDOM" && cp README.md "snap-$RANDOM/""#),
    // Function arguments.
    (
        "everyday-known-values",
        "allow",
        r#"retry() { for i in 1 2 3; do "$@" && return; sleep 1; done; }; retry curl -sf http://localhost:8080/health"#,
    ),
    ("everyday-known-values", "allow", r#"quiet() { "$@" > /dev/null 2>&1; }; quiet ls -la src"#),
    ("everyday-known-values", "allow", r#"bak() { local f=$1; cp "$f" "$f.bak"; }; bak src/main.c"#),
    ("everyday-known-values", "allow", r#"mk() { local d="build/$1"; mkdir -p "$d"; }; mk debug"#),
    ("everyday-known-values", "allow", r#"f() { local d=build; rm -rf "$d"; }; f"#),
    // Arrays.
    ("everyday-known-values", "allow", r#"c=(git status --short); "${c[@]}""#),
    ("everyday-known-values", "allow", r#"declare -a c=(git status); "${c[@]}""#),
    ("everyday-known-values", "allow", r#"args=(-la src); ls "${args[@]}""#),
    ("everyday-known-values", "allow", r#"files=(a.txt b.txt); rm -f "${files[@]}""#),
    // The same shapes whose value reaches what the gate guards.
    ("everyday-known-values", "deny", "F=~/.gitvow/record.key; cat $F"),
    ("everyday-known-values", "deny", r#"k=record.key; cat ~/.gitvow/"$k""#),
    ("everyday-known-values", "deny", r#"c=(rm -rf ~); "${c[@]}""#),
    ("everyday-known-values", "deny", r#"retry() { "$@"; }; retry rm -rf ~"#),
    ("everyday-known-values", "deny", "V=a; { V=~; }; rm -rf $V"),
    ("everyday-known-values", "deny", "G=git; $G push -f"),
    ("everyday-known-values", "confirm", "d=~/.claude; rm -rf $d"),
    ("everyday-known-values", "confirm", "x=.git/hooks; cp evil.sh $x/pre-commit"),
    ("everyday-known-values", "confirm", r#"f() { local s=$1; sed -i /hooks/d "$s"; }; f ~/.claude/settings.json"#),
    ("everyday-known-values", "confirm", r#"cp evil.sh ".git/hooks/$(basename "$X")""#),
    // The same shapes whose value the analyser cannot know.
    ("everyday-known-values", "confirm", r#"d=build; unset d; rm -rf "$d/""#),
    ("everyday-known-values", "confirm", r#"if [ -n "$X" ]; then d=build; fi; rm -rf "$d/""#),
    ("everyday-known-values", "confirm", r#"[ -d src ] && d=build; rm -rf "$d/""#),
    ("everyday-known-values", "confirm", r#"for i in 1 2; do rm -rf "$d/"; d=build; done"#),
    ("everyday-known-values", "confirm", r#"d=build; read -r d; rm -rf "$d/""#),
    ("everyday-known-values", "confirm", r#"d=build; printf -v d %s "$X"; rm -rf "$d/""#),
    ("everyday-known-values", "confirm", r#"d=build; : "${d:=$X}"; rm -rf "$d/""#),
    ("everyday-known-values", "confirm", r#"declare -n r=d; d=build; r=$X; rm -rf "$d/""#),
    ("everyday-known-values", "confirm", r#"declare -l d=BUILD; rm -rf "$d/""#),
    ("everyday-known-values", "confirm", r#"d=build; eval "$X"; rm -rf "$d/""#),
    ("everyday-known-values", "confirm", r#"d=build echo; rm -rf "$d/""#),
    ("everyday-known-values", "confirm", r#"(d=build); rm -rf "$d/""#),
    ("everyday-known-values", "confirm", r#"f() { d=build; }; f; rm -rf "$d/""#),
    ("everyday-known-values", "confirm", "IFS=/; d=a/b; rm -rf $d"),
    ("everyday-known-values", "confirm", r#"d="build src"; rm -rf $d"#),
    ("everyday-known-values", "confirm", r#"c=eval; $c "$X""#),
    ("everyday-known-values", "confirm", r#"run() { "$@"; }; run eval "$X""#),
    ("everyday-known-values", "confirm", r#"rm -rf "$1/""#),
    ("everyday-known-values", "confirm", r#"rm -rf "$FILE""#),
    // HOME assigned by the call: `~` and `$HOME` are no longer the person's home.
    ("everyday-known-values", "deny", "HOME=~/.gitvow; cat ~/record.key"),
    ("everyday-known-values", "deny", "export HOME=$HOME/.gitvow && cat ~/record.key"),
    ("everyday-known-values", "confirm", "HOME=/tmp/h; echo x > ~/.bashrc"),
    ("everyday-known-values", "allow", "cat ~/.bashrc"),
];
