//! Classes of calls the gate must stop, written from the classes: what a call runs from data already
//! on disk (a shell script run by name, a Taskfile's task), destruction git cannot give back
//! (`git clean` as it will act), infrastructure verbs, publishing through compose, and agents
//! whose own configuration turns hooks off. Beside each everyday member, members of the same class
//! that reach what the gate guards; the fixture files are written by `world`.

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    // A shell script on disk, run by path, by a shell or sourced: its text is what runs.
    ("classes-disk-scripts", "allow", r#"./tasks/build.sh"#),
    ("classes-disk-scripts", "allow", r#"sh tasks/build.sh"#),
    ("classes-disk-scripts", "allow", r#"bash -e tasks/build.sh --release"#),
    ("classes-disk-scripts", "allow", r#"cd tasks && ./build.sh"#),
    ("classes-disk-scripts", "allow", r#". tasks/build.sh"#),
    ("classes-disk-scripts", "allow", r#"./tasks/report.py"#),
    ("classes-disk-scripts", "allow", r#"bash -n tasks/wipe.sh"#),
    ("classes-disk-scripts", "deny", r#"./tasks/wipe.sh"#),
    ("classes-disk-scripts", "deny", r#"sh tasks/wipe.sh"#),
    ("classes-disk-scripts", "deny", r#"cd tasks && bash wipe.sh"#),
    ("classes-disk-scripts", "deny", r#"source ./tasks/wipe.sh"#),
    ("classes-disk-scripts", "deny", r#"zsh -x tasks/wipe.sh"#),
    ("classes-disk-scripts", "deny", r#"./tasks/publish"#),
    ("classes-disk-scripts", "confirm", r#"nohup ./tasks/clean-other.sh &"#),
    ("classes-disk-scripts", "confirm", r#"timeout 60 bash tasks/clean-other.sh"#),
    // A Taskfile's tasks: their deps, the tasks they call and their commands.
    ("classes-taskfile", "allow", r#"cd tasks && task build"#),
    ("classes-taskfile", "allow", r#"task -d tasks"#),
    ("classes-taskfile", "allow", r#"task --taskfile tasks/Taskfile.yml lint"#),
    ("classes-taskfile", "allow", r#"task -d tasks --list-all"#),
    ("classes-taskfile", "allow", r#"task -d tasks --dry nuke"#),
    ("classes-taskfile", "deny", r#"task -d tasks nuke"#),
    ("classes-taskfile", "deny", r#"cd tasks && go-task release"#),
    ("classes-taskfile", "confirm", r#"task -d tasks teardown"#),
    ("classes-taskfile", "confirm", r#"task -d tasks remote:clean"#),
    // git clean as it will act: a dry run deletes nothing, an unforced clean with requireForce off does.
    ("classes-git-clean", "allow", r#"git clean -n -fdx"#),
    ("classes-git-clean", "allow", r#"git -c clean.requireForce=true clean -nd"#),
    ("classes-git-clean", "confirm", r#"git -c clean.requireForce=false clean -d"#),
    ("classes-git-clean", "confirm", r#"git -c clean.requireforce=no clean -x"#),
    ("classes-git-clean", "confirm", r#"git -c clean.requireForce=0 -C sub clean"#),
    // Infrastructure verbs that delete, reset, prune, purge or switch a resource off, whatever the tool.
    ("classes-infra-verbs", "allow", r#"nomad job status api"#),
    ("classes-infra-verbs", "allow", r#"vault secrets list"#),
    ("classes-infra-verbs", "allow", r#"podman volume ls"#),
    ("classes-infra-verbs", "allow", r#"heroku pg:info -a shop"#),
    ("classes-infra-verbs", "allow", r#"docker compose build"#),
    ("classes-infra-verbs", "confirm", r#"nomad job stop -purge api"#),
    ("classes-infra-verbs", "confirm", r#"vault secrets disable kv/"#),
    ("classes-infra-verbs", "confirm", r#"heroku pg:reset DATABASE -a shop"#),
    ("classes-infra-verbs", "confirm", r#"oc adm prune images --confirm"#),
    ("classes-infra-verbs", "confirm", r#"podman volume prune -f"#),
    ("classes-infra-verbs", "confirm", r#"nerdctl system prune -a"#),
    ("classes-infra-verbs", "confirm", r#"docker compose build --push"#),
    ("classes-infra-verbs", "confirm", r#"podman-compose up --push -d"#),
    // An agent's own configuration command that turns its hooks or permission checks off.
    ("classes-agent-config", "allow", r#"claude config list"#),
    ("classes-agent-config", "allow", r#"claude config get theme"#),
    ("classes-agent-config", "confirm", r#"claude config set -g hooks '{}'"#),
    ("classes-agent-config", "confirm", r#"claude config set permissions.defaultMode bypassPermissions"#),
    ("classes-agent-config", "confirm", r#"aider --yes-always --message 'tidy up'"#),
];
