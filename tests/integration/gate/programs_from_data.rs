//! Programs that run what a file or their arguments hold, judged by what runs, in the payload forms
//! of Claude Code, Codex and Copilot CLI: cmake's command mode and scripts, TypeScript and Go
//! programs of the project, a debugger's shell escapes, `make -n`'s lines that still run, a
//! package manager started through corepack or concurrently, wrappers, and code in languages
//! the analyser does not read; infrastructure subcommands of tools whose other verbs are local;
//! files gawk rewrites in place. Beside each, its harmless look-alike passes.

use super::own_files::{installed, judge};
use crate::support::Sandbox;

/// A project whose runner files and programs wipe another project or do nothing harmful.
fn project() -> Sandbox {
    let env = installed();
    env.write("~/src/other/main.c", "int main(){}\n");
    env.write("Makefile", "all:\n\tcc -o a main.c\ndry:\n\t+rm -rf ~/src/other\nsub:\n\t$(MAKE) dry\nwipe:\n\trm -rf ~/src/other\n");
    env.write("package.json", r#"{"scripts":{"cleanup":"rm -rf ~/src/other","build":"tsc","test":"echo ok"}}"#);
    env.write("cmake/wipe.cmake", "set(D \"$ENV{HOME}/src/other\")\nfile(REMOVE_RECURSE ${D})\n");
    env.write("cmake/push.cmake", "execute_process(COMMAND git push --force origin main)\n");
    env.write("cmake/ok.cmake", "message(STATUS \"configuring\")\nfile(MAKE_DIRECTORY ${CMAKE_CURRENT_LIST_DIR}/build)\n");
    env.write("tools/wipe.ts", "import { rmSync } from 'node:fs';\nrmSync(process.env.HOME + '/src/other', { recursive: true });\n");
    env.write("tools/ok.ts", "const n: number = 1;\nconsole.log(n);\n");
    env.write("tools/wipe.py", "import shutil\nshutil.rmtree('/srv/www')\n");
    env.write("tools/ok.py", "print('ok')\n");
    env.write("cmd/wipe/main.go", "package main\n\nimport \"os\"\n\nfunc main() { os.RemoveAll(os.Getenv(\"HOME\") + \"/src/other\") }\n");
    env.write("cmd/hello/main.go", "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hi\") }\n");
    env
}

#[test]
fn programs_that_run_code_from_files_or_data_are_judged_by_it() {
    let env = project();
    judge(
        &env,
        &[
            "cmake -E remove_directory ~/src/other",
            "cmake -E rm -rf ~/src/other",
            "cmake -E chdir /tmp rm -rf ~/src/other",
            "cmake -P /dev/stdin <<< 'file(REMOVE_RECURSE \"$ENV{HOME}/src/other\")'",
            "cmake -P cmake/wipe.cmake",
            "cmake -P cmake/push.cmake",
            "corepack pnpm run cleanup",
            "corepack yarn cleanup",
            "deno run -A tools/wipe.ts",
            "bun run tools/wipe.ts",
            "npx tsx tools/wipe.ts",
            "go run ./cmd/wipe",
            "go run cmd/wipe/main.go",
            "gdb -q -nx -batch -ex '!rm -rf ~/src/other'",
            "gdb -batch -ex 'shell git push --force origin main' ./a.out",
            "lldb -o 'platform shell rm -rf ~/src/other'",
            "make --just-print dry",
            "make dry -n",
            "make -n sub",
            "npx concurrently \"npm:cleanup\"",
            "concurrently -k 'npm:build' 'pnpm:cleanup'",
            "ssh-agent sh -c 'rm -rf ~/src/other'",
            "ssh-agent bash -c 'git push --force origin main'",
            "rake -e 'sh \"rm -rf ~\"'",
            "mix run -e 'File.rm_rf!(System.user_home())'",
            "bin/rails runner 'User.delete_all'",
            "npx json -I -f package.json -e 'this.scripts.test=\"git push -f origin main\"' && npm t",
            "gdb -batch -ex run --args sh -c 'rm -rf ~/src/other'",
            "node --run cleanup",
            "npx lerna exec -- rm -rf ~/src/other",
            "tini -- rm -rf ~/src/other",
            "dumb-init sh -c 'rm -rf ~/src/other'",
            "uv run tools/wipe.py",
            "python3 -m tools.wipe",
            "npx tsx watch tools/wipe.ts",
            "node -r dotenv/config tools/wipe.ts",
        ],
        &[
            "cmake -E rm -rf build",
            "cmake -E make_directory build",
            "cmake -P cmake/ok.cmake",
            "cmake -S . -B build",
            "corepack pnpm run build",
            "corepack enable",
            "deno run -A tools/ok.ts",
            "npx tsx tools/ok.ts",
            "go run ./cmd/hello",
            "gdb -batch -ex run ./a.out",
            "gdb -batch -ex bt ./a.out core",
            "make -n all",
            "make -n",
            "npx concurrently \"npm:build\" \"npm:test\"",
            "ssh-agent bash -c 'ssh-add -l'",
            "ssh-agent -s",
            "node --run build",
            "tini -- node server.js",
            "uv run tools/ok.py",
            "uv run pytest -q",
            "python3 -m tools.ok",
            "python3 -m http.server 8000",
        ],
    );
}

#[test]
fn infrastructure_subcommands_are_judged_by_their_verbs() {
    let env = installed();
    judge(
        &env,
        &[
            "docker service rm api",
            "docker stack rm prod web",
            "docker node rm --force node-2",
            "docker secret rm db_password",
            "podman network rm backend",
            "docker stack deploy -c stack.yml shop",
            "docker --context prod compose up -d",
            "docker -H ssh://deploy@prod.example.com run -d nginx",
            "skopeo copy docker://app:dev docker://registry.example.com/app:latest",
            "ko build ./cmd/hello",
            "ko apply -f config/",
            "tkn pipeline start deploy -n prod --use-param-defaults",
            "java -jar jenkins-cli.jar -s https://ci.example.com build deploy-prod",
            "cargo release --execute",
            "cargo release minor -x",
            "apptainer exec --bind /:/host img.sif sh",
            "singularity shell -B ~/:/h img.sif",
            "django-admin flush --noinput --settings=app.settings.production",
            "pgcli postgres://db.prod.example.com/app -e 'TRUNCATE users'",
            "crane copy gcr.io/team/app:1 registry.example.com/app:1",
            "npx semantic-release",
            "cockroach sql --url postgres://db.prod.example.com:26257/app -e 'DROP TABLE orders'",
            "trino --server https://trino.example.com --execute 'DELETE FROM events'",
        ],
        &[
            "docker service ls",
            "docker stack ps shop",
            "docker network ls",
            "docker compose up -d",
            "docker --context default compose up -d",
            "skopeo inspect docker://alpine",
            "skopeo copy docker://alpine dir:alpine",
            "ko version",
            "ko build --local ./cmd/hello",
            "tkn pipeline list -n prod",
            "java -jar jenkins-cli.jar -s https://ci.example.com list-jobs",
            "cargo release minor",
            "apptainer exec --bind ./data:/data img.sif ls /data",
            "django-admin check",
            "pgcli postgres://db.prod.example.com/app -e 'SELECT count(*) FROM users'",
            "crane digest alpine",
            "cockroach sql --url postgres://db.prod.example.com:26257/app -e 'SELECT 1'",
        ],
    );
}

#[test]
fn files_gawk_rewrites_in_place_are_written() {
    let env = installed();
    env.write("~/src/other/main.c", "int main(){}\n");
    judge(
        &env,
        &[
            "gawk -i inplace '{print \"x\"}' ~/src/other/main.c",
            "gawk --include=inplace -v n=1 '{print}' ~/.bashrc",
            "awk -i inplace -f fix.awk ~/src/other/main.c",
        ],
        &["gawk -i inplace '{print}' notes.txt", "gawk -i ./lib.awk '{print}' ~/src/other/main.c"],
    );
}

/// Runners whose recipes live in their configuration: lefthook's hooks (`lefthook.yml`'s commands
/// and the scripts under `.lefthook/`) and Nx's targets (`project.json`'s commands, a package's
/// scripts as targets), read on disk; a target run by an executor whose code is not read asks.
#[test]
fn lefthook_hooks_and_nx_targets_run_their_configured_commands() {
    let env = installed();
    env.write("lefthook.yml", "pre-commit:\n  commands:\n    wipe:\n      run: rm -rf ~/src/site\npre-push:\n  scripts:\n    \"go.sh\":\n      runner: bash\ncommit-msg:\n  commands:\n    lint:\n      run: echo lint {1}\n");
    env.write(".lefthook/pre-push/go.sh", "git push --force origin main\n");
    env.write(
        "project.json",
        r#"{"name": "app8", "targets": {"purge": {"executor": "nx:run-commands", "options": {"command": "rm -rf ~/src/site"}},
            "build": {"executor": "nx:run-commands", "options": {"commands": ["echo build"]}}, "lint": {"executor": "@nx/eslint:lint"},
            "custom": {"executor": "./tools/executors:wipe"}}}"#,
    );
    env.write("package.json", r#"{"name": "app8", "scripts": {"clean": "rm -rf ~/", "test": "node --test"}}"#);
    judge(
        &env,
        &[
            "lefthook run pre-commit --all-files",
            "npx lefthook run pre-push",
            "npx nx run app8:purge",
            "nx run-many -t purge",
            "nx affected --targets=build,purge",
            "nx run app8:clean",
            "nx run app8:custom",
        ],
        &[
            "lefthook run commit-msg",
            "lefthook install",
            "nx run app8:build",
            "npx nx build app8",
            "nx run app8:lint",
            "nx run app8:test",
            "nx graph",
        ],
    );
}
