//! Runners whose tasks are strings in a data file, read from the file at judging time: composer's
//! and deno's JSON, pyproject's pdm, poe and hatch scripts, mise's and cargo-make's TOML, tox.ini's
//! environments, bun's scripts by name and npm-run-all's list; rake's, invoke's and nox's tasks,
//! which are code. Each runner's file in `runners/`
//! holds an everyday task and one that reaches what the gate guards; `write` puts them there.

use crate::support::Sandbox;

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("classes-runner-files", "allow", "cd runners && composer test"),
    ("classes-runner-files", "allow", "composer -d runners install"),
    ("classes-runner-files", "deny", "composer -d runners run-script wipe"),
    ("classes-runner-files", "deny", "cd runners && composer wipe"),
    ("classes-runner-files", "confirm", "cd runners && composer run hook"),
    ("classes-runner-files", "allow", "cd runners && deno task dev"),
    ("classes-runner-files", "deny", "deno task --cwd runners ship"),
    ("classes-runner-files", "allow", "cd runners && pdm run test"),
    ("classes-runner-files", "allow", "cd runners && pdm run pytest -x"),
    ("classes-runner-files", "deny", "pdm run -p runners wipe"),
    ("classes-runner-files", "allow", "cd runners && rye run fmt"),
    ("classes-runner-files", "allow", "cd runners && rye run pytest -x"),
    ("classes-runner-files", "deny", "cd runners && rye run purge"),
    ("classes-runner-files", "allow", "cd runners && poe lint"),
    ("classes-runner-files", "deny", "cd runners && poetry poe release"),
    ("classes-runner-files", "allow", "cd runners && hatch run test"),
    ("classes-runner-files", "deny", "cd runners && hatch run default:wipe"),
    ("classes-runner-files", "allow", "cd runners && mise run build"),
    ("classes-runner-files", "allow", "cd runners && mise install"),
    ("classes-runner-files", "deny", "cd runners && mise run nuke"),
    ("classes-runner-files", "deny", "mise -C runners nuke"),
    ("classes-runner-files", "allow", "cd runners && cargo make format"),
    ("classes-runner-files", "deny", "cd runners && cargo make wipe"),
    ("classes-runner-files", "deny", "cd runners && makers"),
    ("classes-runner-files", "allow", "cd runners && tox -e lint"),
    ("classes-runner-files", "deny", "cd runners && tox r -e wipe"),
    ("classes-runner-files", "allow", "cd runners && bun run build"),
    ("classes-runner-files", "allow", "cd runners && bun test"),
    ("classes-runner-files", "deny", "cd runners && bun wipe"),
    ("classes-runner-files", "deny", "cd runners && npx npm-run-all build wipe"),
    ("classes-runner-files", "deny", "printf '[tasks.x]\\nrun = \"git push -f\"\\n' > runners/mise.toml && mise -C runners run x"),
];

/// The runners' files the cases read (never run).
pub(super) fn write(env: &Sandbox) {
    env.write("runners/composer.json", r#"{"scripts": {"test": "phpunit", "wipe": ["@test", "rm -rf ~/"], "hook": "App\\Setup::run"}}"#);
    env.write(
        "runners/deno.json",
        "{\n  // tasks\n  \"tasks\": {\"dev\": \"deno run main.ts\", \"ship\": \"git push --force origin main\"}\n}\n",
    );
    env.write(
        "runners/pyproject.toml",
        "[tool.pdm.scripts]\ntest = \"pytest\"\nwipe = {shell = \"rm -rf $HOME\"}\n\n[tool.poe.tasks]\nlint = \"ruff check\"\n\
         release = {cmd = \"git push -f origin main\", deps = [\"lint\"]}\n\n[tool.hatch.envs.default.scripts]\ntest = \"pytest\"\nwipe = [\"test\", \"rm -rf /\"]\n\n\
         [tool.rye.scripts]\nfmt = \"ruff format\"\npurge = {chain = [\"fmt\", \"rm -rf /\"]}\n",
    );
    env.write("runners/mise.toml", "[tasks.build]\nrun = \"cargo build\"\n\n[tasks.nuke]\ndepends = [\"build\"]\nrun = [\"rm -rf ~\"]\n");
    env.write(
        "runners/Makefile.toml",
        "[tasks.format]\ncommand = \"cargo\"\nargs = [\"fmt\"]\n\n[tasks.wipe]\nscript = [\"rm -rf ~\"]\n\n[tasks.default]\ndependencies = [\"wipe\"]\n",
    );
    env.write("runners/tox.ini", "[testenv:lint]\ncommands = ruff check\n\n[testenv:wipe]\ncommands =\n    rm -rf {homedir}\n");
    env.write(
        "runners/Rakefile",
        "task default: [:test]\n\ntask :test do\n  sh \"bundle exec rspec\"\nend\n\nnamespace :db do\n  task :drop => :test do\n    \
         FileUtils.rm_rf Dir.home\n  end\nend\n\ntask(:lazy) { system(ENV[\"CMD\"]) }\n",
    );
    env.write(
        "runners/tasks.py",
        "from invoke import task\n\n@task\ndef build(c):\n    c.run(\"cargo build\")\n\n@task(pre=[build])\ndef wipe_all(c, force=False):\n    \
         c.run(\"git push --force origin main\")\n",
    );
    env.write(
        "runners/noxfile.py",
        "import nox\n\n@nox.session\ndef tests(session):\n    session.run(\"pytest\")\n\n@nox.session\ndef wipe(session):\n    \
         session.run(\"rm\", \"-rf\", \"/\", external=True)\n",
    );
    env.write("runners/package.json", r#"{"scripts": {"build": "tsc", "test": "vitest", "wipe": "rm -rf ~"}}"#);
}

/// Task runners whose tasks are code, read by the interpreters' reader.
pub(super) const CODE_CASES: &[(&str, &str, &str)] = &[
    ("classes-runner-code", "allow", "cd runners && rake"),
    ("classes-runner-code", "allow", "cd runners && rake -T"),
    ("classes-runner-code", "deny", "cd runners && rake db:drop"),
    ("classes-runner-code", "deny", "cd runners && bundle exec rake db:drop"),
    ("classes-runner-code", "confirm", "cd runners && rake lazy"),
    ("classes-runner-code", "allow", "cd runners && invoke build"),
    ("classes-runner-code", "deny", "cd runners && inv wipe-all --force"),
    ("classes-runner-code", "allow", "cd runners && nox -s tests"),
    ("classes-runner-code", "deny", "cd runners && nox -s wipe"),
    ("classes-runner-code", "deny", "cd runners && nox"),
];
