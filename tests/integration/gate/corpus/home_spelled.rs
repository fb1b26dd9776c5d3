//! Where the shell makes a name from the home directory that the analyser must see too: a
//! runner's directory or file option spelt with `~` or `$HOME` (`make -C ~/other clean`,
//! `npm --prefix "$HOME/other" test`) reads the recipes of that project, as `cd ~/other && make
//! clean` does; a `~` that leads a brace alternative (`rm -rf {~,build}`) is the home directory,
//! because the shell expands braces before tildes. `write` puts the other project in the home.

use crate::support::Sandbox;

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("classes-home-spelled", "deny", "make -C ~/other clean"),
    ("classes-home-spelled", "deny", "make --directory=~/other clean"),
    ("classes-home-spelled", "deny", "make -C~/other clean"),
    ("classes-home-spelled", "deny", "make -f ~/other/Makefile clean"),
    ("classes-home-spelled", "deny", "make -C $HOME/other clean"),
    ("classes-home-spelled", "deny", "make -C \"${HOME}/other\" clean"),
    ("classes-home-spelled", "allow", "make -C ~/other build"),
    ("classes-home-spelled", "deny", "npm --prefix ~/other test"),
    ("classes-home-spelled", "deny", "npm --prefix \"$HOME/other\" test"),
    ("classes-home-spelled", "deny", "npm --prefix=~/other run test"),
    ("classes-home-spelled", "allow", "npm --prefix ~/other run lint"),
    ("classes-home-spelled", "deny", "pnpm -C ~/other test"),
    ("classes-home-spelled", "deny", "yarn --cwd ~/other test"),
    ("classes-home-spelled", "deny", "just -f ~/other/justfile wipe"),
    ("classes-home-spelled", "allow", "just -f ~/other/justfile fmt"),
    ("classes-home-spelled", "deny", "rm -rf {~,build}"),
    ("classes-home-spelled", "deny", "rm -rf {build,~}"),
    ("classes-home-spelled", "confirm", "rm -rf {~/other,build}"),
    ("classes-home-spelled", "allow", "rm -rf {build,dist}"),
    ("classes-home-spelled", "allow", "touch notes{~,.bak}"),
];

pub(super) fn write(env: &Sandbox) {
    let other = env.home().join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("Makefile"), "build:\n\techo built\n\nclean:\n\trm -rf ~\n").unwrap();
    std::fs::write(other.join("package.json"), r#"{"scripts": {"test": "rm -rf ~", "lint": "echo ok"}}"#).unwrap();
    std::fs::write(other.join("justfile"), "fmt:\n    echo ok\n\nwipe:\n    rm -rf ~\n").unwrap();
}
