//! What a program runs of the project's own files without being told a script's name: the
//! lifecycle scripts of a package manager's own commands (`npm pack` runs `prepack`, `npm publish
//! --dry-run` runs `prepublishOnly`, `composer install` its `post-install-cmd`), a Pipfile's
//! script and a pixi task run by name, a workspace's script (`npm -w`, `yarn workspace`, `pnpm
//! --filter`/`-r`), go:generate directives, local pre-commit hooks, a Procfile's processes, and the git hooks a git command runs from the
//! repository's hooks directory. Each reads the file on disk at judging time (never run); beside
//! each, the everyday member whose file holds nothing that reaches what the gate guards, or that
//! leaves the scripts out.

use crate::support::Sandbox;

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("classes-lifecycle", "deny", "cd lifecycle && npm pack"),
    ("classes-lifecycle", "deny", "cd lifecycle && npm publish --dry-run"),
    ("classes-lifecycle", "deny", "cd lifecycle && pnpm pack"),
    ("classes-lifecycle", "deny", "cd lifecycle && npm version patch"),
    ("classes-lifecycle", "deny", "cd lifecycle && composer install"),
    ("classes-lifecycle", "deny", "cd lifecycle && composer update"),
    ("classes-lifecycle", "deny", "cd lifecycle && pipenv run wipe"),
    ("classes-lifecycle", "deny", "cd lifecycle && pixi run wipe"),
    ("classes-lifecycle", "allow", "cd lifecycle && npm pack --ignore-scripts"),
    ("classes-lifecycle", "allow", "cd lifecycle && npm ci --ignore-scripts"),
    ("classes-lifecycle", "allow", "cd lifecycle && npm run build"),
    ("classes-lifecycle", "allow", "cd lifecycle && composer install --no-scripts"),
    ("classes-lifecycle", "allow", "cd lifecycle && pipenv run test"),
    ("classes-lifecycle", "allow", "cd lifecycle && pipenv run pytest -q"),
    ("classes-lifecycle", "allow", "cd lifecycle && pixi run build"),
    ("classes-lifecycle", "allow", "cd lifecycle && pixi run python -V"),
    ("classes-workspaces", "deny", "cd lifecycle && npm run wipe -w x"),
    ("classes-workspaces", "deny", "cd lifecycle && npm run wipe --workspace=packages/x"),
    ("classes-workspaces", "deny", "cd lifecycle && yarn workspace x run wipe"),
    ("classes-workspaces", "deny", "cd lifecycle && pnpm --filter x run wipe"),
    ("classes-workspaces", "deny", "cd lifecycle && pnpm -r run wipe"),
    ("classes-workspaces", "deny", "cd lifecycle && go generate ./..."),
    ("classes-workspaces", "deny", "cd lifecycle && pre-commit run --all-files"),
    ("classes-workspaces", "deny", "cd lifecycle && foreman start worker"),
    ("classes-workspaces", "deny", "cd lifecycle && honcho start"),
    ("classes-workspaces", "allow", "cd lifecycle && npm run build -w x"),
    ("classes-workspaces", "allow", "cd lifecycle && pnpm -r run build"),
    ("classes-workspaces", "allow", "cd lifecycle && go generate ./gen2"),
    ("classes-workspaces", "allow", "cd lifecycle && go test ./..."),
    ("classes-workspaces", "allow", "cd lifecycle && pre-commit run black --all-files"),
    ("classes-workspaces", "allow", "cd lifecycle && foreman start web"),
    ("classes-git-hooks", "deny", "cd hooked && git commit -m wip"),
    ("classes-git-hooks", "deny", "git -C hooked commit --allow-empty -m x"),
    ("classes-git-hooks", "deny", "cd hooked && git add -A && git commit -am 'fix: typo'"),
    ("classes-git-hooks", "allow", "cd hooked && git switch -c feature"),
    ("classes-git-hooks", "allow", "cd hooked && git status"),
    ("classes-git-hooks", "allow", "cd hooked && git log --oneline -5"),
];

/// The files the cases read: a package with scripts, a Pipfile, a pixi manifest and a
/// composer.json in `lifecycle/`, and in `hooked/` a repository of its own whose `core.hooksPath`
/// holds a pre-commit hook that force-pushes and a post-checkout hook that only prints.
pub(super) fn write(env: &Sandbox) {
    let push = "git push --force origin main";
    env.write(
        "lifecycle/package.json",
        format!(
            r#"{{"name": "l", "workspaces": ["packages/*"], "scripts": {{"build": "tsc", "prepack": "{push}", "prepublishOnly": "{push}", "preversion": "{push}"}}}}"#
        ),
    );
    env.write(
        "lifecycle/composer.json",
        format!(r#"{{"scripts": {{"post-install-cmd": "{push}", "post-update-cmd": ["@wipe"], "wipe": "rm -rf ~/"}}}}"#),
    );
    env.write("lifecycle/Pipfile", format!("[packages]\nrequests = \"*\"\n\n[scripts]\ntest = \"pytest\"\nwipe = \"{push}\"\n"));
    env.write(
        "lifecycle/pixi.toml",
        format!("[tasks]\nbuild = \"cargo build\"\nwipe = {{ cmd = \"{push}\", depends-on = [\"build\"] }}\n"),
    );
    env.write("lifecycle/packages/x/package.json", format!(r#"{{"name": "x", "scripts": {{"build": "tsc", "wipe": "{push}"}}}}"#));
    env.write("lifecycle/Procfile", format!("web: python3 -m http.server 8000\nworker: {push}\n"));
    env.write("lifecycle/go.mod", "module example.com/l\n");
    env.write("lifecycle/gen/gen.go", format!("package gen\n\n//go:generate {push}\n"));
    env.write("lifecycle/gen2/gen.go", "package gen2\n\n//go:generate stringer -type=Kind\n");
    env.write(
        "lifecycle/.pre-commit-config.yaml",
        format!("repos:\n- repo: local\n  hooks:\n  - id: tidy\n    name: tidy\n    entry: {push}\n    language: system\n- repo: https://github.com/psf/black\n  rev: 24.1.0\n  hooks:\n  - id: black\n"),
    );
    let hooked = env.repo().join("hooked");
    let out = env.tool("git").args(["init", "-q"]).arg(&hooked).run();
    assert_eq!(out.code, 0, "{out:?}");
    let out = env.tool("git").arg("-C").arg(&hooked).args(["config", "core.hooksPath", ".githooks"]).run();
    assert_eq!(out.code, 0, "{out:?}");
    env.script("hooked/.githooks/pre-commit", push);
    env.script("hooked/.githooks/post-checkout", "echo checked out");
}
