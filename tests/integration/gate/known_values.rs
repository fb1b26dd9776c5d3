//! Values the call gives its variables, its functions' arguments and its arrays, in the payload
//! forms of Claude Code, Codex and Copilot CLI: where the analyser knows the value on every path
//! to the use, the command is judged as if the value were written there, so that the everyday
//! ones pass and those reaching what the gate guards are stopped; where another value may reach
//! the use (a branch, `unset`, `${V:=…}`, IFS, a subshell, a builtin a variable makes), the call
//! is stopped as any computed name is.

use super::own_files::{installed, judge};

#[test]
fn a_value_the_call_gives_is_judged_and_one_that_may_be_another_is_stopped() {
    let env = installed();
    judge(
        &env,
        &[
            "F=~/.gitvow/record.key; cat $F",
            "d=~/.claude; rm -rf $d",
            "x=.git/hooks; cp notes.txt $x/pre-commit",
            r#"k=~/.gitvow; f() { local p="$k/policy.json"; echo '{}' > "$p"; }; f"#,
            r#"c=(rm -rf ~/.gitvow); "${c[@]}""#,
            r#"run() { "$@"; }; run gitvow approve ab12"#,
            "V=a; { V=~; }; rm -rf $V",
            r#"V=build; if [ -n "$X" ]; then V=~; fi; rm -rf "$V""#,
            r#"V=build; unset V; rm -rf "$V/""#,
            r#"V=build; : "${V:=$X}"; rm -rf "$V/""#,
            r#"V=build; read -r V; rm -rf "$V/""#,
            r#"for i in 1 2; do rm -rf "$V/"; V=build; done"#,
            "IFS=/; V=a/b; rm -rf $V",
            r#"(V=build); rm -rf "$V/""#,
            r#"c=eval; $c "$X""#,
            r#"run() { "$@"; }; run eval "$X""#,
        ],
        &[
            "F=out.txt; cp notes.txt $F",
            r#"f() { local d=build; rm -rf "$d"; }; f"#,
            r#"retry() { for i in 1 2 3; do "$@" && return; sleep 1; done; }; retry curl -sf http://localhost:8080/health"#,
            r#"declare -a c=(git status); "${c[@]}""#,
            r#"for f in *.txt; do out="${f%.txt}.md"; cp "$f" "$out"; done"#,
            r#"cp notes.txt "/tmp/rt-$(basename "$PWD").txt""#,
        ],
    );
}
