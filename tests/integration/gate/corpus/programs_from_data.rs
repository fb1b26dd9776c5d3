//! Programs that run code held in a file or in their arguments, which the gate reads where it
//! can: a build tool's command mode and its scripts, a project's TypeScript or Go program, a
//! debugger's shell escape, the lines a dry run of make still runs, a package manager started
//! by another name, a runner's script shortcut, a wrapper that runs its operands, a task written
//! and run in one call, code in a language the gate does not read; infrastructure subcommands of
//! tools whose other verbs are local or whose verb hides a push; a container runtime's binds;
//! files an awk extension rewrites. Beside each, the everyday neighbour that must pass. The
//! files the cases run are under `fromdata/` (see [`write`]).

use crate::support::Sandbox;

pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("classes-data-programs", "confirm", "cmake -E remove ~/.bashrc"),
    ("classes-data-programs", "confirm", "cmake -E remove_directory /srv/www"),
    ("classes-data-programs", "confirm", "cmake -E rename ~/src/other/main.c /tmp/x.c"),
    ("classes-data-programs", "confirm", "cmake -E chdir ~/src/other rm -rf ."),
    ("classes-data-programs", "deny", "cmake -E env FOO=1 git push --force origin main"),
    ("classes-data-programs", "confirm", "cmake -P fromdata/clean.cmake"),
    ("classes-data-programs", "confirm", "cmake -DOUT=/srv/www -P fromdata/out.cmake"),
    ("classes-data-programs", "deny", "cmake -P fromdata/deploy.cmake"),
    ("classes-data-programs", "confirm", "cmake -P fromdata/loop.cmake"),
    ("classes-data-programs", "confirm", "printf 'file(REMOVE_RECURSE /srv/www)' | cmake -P /dev/stdin"),
    ("classes-data-programs", "confirm", "deno run --allow-all fromdata/purge.ts"),
    ("classes-data-programs", "confirm", "bun fromdata/purge.ts"),
    ("classes-data-programs", "confirm", "npx ts-node fromdata/purge.ts"),
    ("classes-data-programs", "confirm", "go run ./fromdata/cmd/purge"),
    ("classes-data-programs", "confirm", "go run -tags prod ./fromdata/cmd/purge --yes"),
    ("classes-data-programs", "confirm", "gdb -batch -ex 'shell rm -rf /srv/www' ./app"),
    ("classes-data-programs", "confirm", "gdb --eval-command='!sed -i s/a/b/ ~/src/other/main.c' -batch"),
    ("classes-data-programs", "confirm", "gdb -batch -x fromdata/cmds.gdb ./app"),
    ("classes-data-programs", "confirm", "lldb --one-line 'platform shell rm -rf /srv/www' ./app"),
    ("classes-data-programs", "confirm", "cd fromdata && make -n purge"),
    ("classes-data-programs", "confirm", "make -C fromdata --dry-run nested"),
    ("classes-data-programs", "confirm", "cd fromdata && corepack yarn run purge"),
    ("classes-data-programs", "confirm", "cd fromdata && corepack npm run purge"),
    ("classes-data-programs", "confirm", "cd fromdata && concurrently --kill-others 'yarn:purge' 'npm:lint'"),
    ("classes-data-programs", "confirm", "ssh-agent -t 60 bash -c 'rm -rf /srv/www'"),
    ("classes-data-programs", "confirm", "rake --execute 'FileUtils.rm_rf(Dir.home)'"),
    ("classes-data-programs", "confirm", "mix eval 'File.rm_rf!(\"/srv\")'"),
    ("classes-data-programs", "confirm", "rails r 'Order.destroy_all'"),
    ("classes-data-programs", "confirm", "cd fromdata && node --run purge"),
    ("classes-data-programs", "confirm", "node -r dotenv/config fromdata/purge.ts"),
    ("classes-data-programs", "confirm", "gdb -q -ex run --args bash -c 'rm -rf /srv/www'"),
    ("classes-data-programs", "confirm", "dumb-init -- rm -rf /srv/www"),
    ("classes-data-programs", "confirm", "lerna exec --parallel -- rm -rf /srv/www"),
    ("classes-data-programs", "allow", "cd fromdata && node --run lint"),
    ("classes-data-programs", "allow", "node -r dotenv/config fromdata/hello.ts"),
    ("classes-data-programs", "allow", "tini -- node server.js"),
    ("classes-data-programs", "allow", "cmake -E remove_directory build"),
    ("classes-data-programs", "allow", "cmake -E copy_directory assets build/assets"),
    ("classes-data-programs", "allow", "cmake -E echo done"),
    ("classes-data-programs", "allow", "cmake -P fromdata/version.cmake"),
    ("classes-data-programs", "allow", "cmake --build build --parallel 4"),
    ("classes-data-programs", "allow", "deno run fromdata/hello.ts"),
    ("classes-data-programs", "allow", "deno task --help"),
    ("classes-data-programs", "allow", "npx ts-node fromdata/hello.ts"),
    ("classes-data-programs", "allow", "go run ./fromdata/cmd/hello"),
    ("classes-data-programs", "allow", "go run golang.org/x/tools/cmd/stringer@latest -type=Kind"),
    ("classes-data-programs", "allow", "gdb -batch -ex 'info functions' ./app"),
    ("classes-data-programs", "allow", "lldb -o 'breakpoint set -n main' -o run ./app"),
    ("classes-data-programs", "allow", "cd fromdata && make -n"),
    ("classes-data-programs", "allow", "cd fromdata && make -n purge-dry"),
    ("classes-data-programs", "allow", "corepack enable pnpm"),
    ("classes-data-programs", "allow", "cd fromdata && corepack pnpm run lint"),
    ("classes-data-programs", "allow", "cd fromdata && concurrently 'npm:lint' 'yarn:lint'"),
    ("classes-data-programs", "allow", "ssh-agent bash -c 'ssh-add ~/.ssh/id_ed25519 && git fetch'"),
    ("classes-data-programs", "allow", "rake -T"),
    ("classes-infra-verbs", "confirm", "docker service remove web"),
    ("classes-infra-verbs", "confirm", "docker config rm app_config"),
    ("classes-infra-verbs", "confirm", "docker -H tcp://10.0.0.5:2376 stack rm shop"),
    ("classes-infra-verbs", "confirm", "podman volume remove pgdata"),
    ("classes-infra-verbs", "confirm", "docker stack deploy --compose-file prod.yml shop"),
    ("classes-infra-verbs", "confirm", "docker -c staging compose -f deploy.yml up --build -d"),
    ("classes-infra-verbs", "confirm", "docker --context=prod run -d -p 80:80 nginx"),
    ("classes-infra-verbs", "confirm", "skopeo sync --src dir --dest docker ./images docker://registry.example.com/team"),
    ("classes-infra-verbs", "confirm", "skopeo delete docker://registry.example.com/app:old"),
    ("classes-infra-verbs", "confirm", "ko resolve -f config/ > release.yaml"),
    ("classes-infra-verbs", "confirm", "tkn task start build-and-push --showlog"),
    ("classes-infra-verbs", "confirm", "java -jar ~/bin/jenkins-cli.jar -s https://ci.example.com -auth @creds groovy = < wipe.groovy"),
    ("classes-infra-verbs", "confirm", "cargo release patch --execute --no-confirm"),
    ("classes-infra-verbs", "confirm", "singularity exec --bind /:/mnt app.sif ls /mnt"),
    ("classes-infra-verbs", "confirm", "apptainer run -B $HOME:/h app.sif"),
    ("classes-infra-verbs", "confirm", "django-admin migrate --settings=shop.settings.prod"),
    ("classes-infra-verbs", "confirm", "pgcli -h db.example.com -U admin shop --execute 'DROP TABLE orders'"),
    ("classes-infra-verbs", "confirm", "crane cp ghcr.io/team/app:1 registry.example.com/team/app:1"),
    ("classes-infra-verbs", "confirm", "npx release-it --ci"),
    ("classes-infra-verbs", "confirm", "cockroach sql --url postgresql://root@db.example.com:26257 --execute 'TRUNCATE orders'"),
    ("classes-infra-verbs", "confirm", "beeline -u jdbc:hive2://hive.example.com:10000 -e 'DROP TABLE logs'"),
    ("classes-infra-verbs", "allow", "crane manifest ghcr.io/team/app:1"),
    ("classes-infra-verbs", "allow", "docker service logs web"),
    ("classes-infra-verbs", "allow", "docker node ls"),
    ("classes-infra-verbs", "allow", "docker secret ls"),
    ("classes-infra-verbs", "allow", "docker volume inspect pgdata"),
    ("classes-infra-verbs", "allow", "docker context ls"),
    ("classes-infra-verbs", "allow", "docker --context prod ps"),
    ("classes-infra-verbs", "allow", "docker --context default run --rm alpine echo hi"),
    ("classes-infra-verbs", "allow", "skopeo inspect docker://registry.example.com/app:1"),
    ("classes-infra-verbs", "allow", "skopeo copy docker://alpine:3 oci:alpine:3"),
    ("classes-infra-verbs", "allow", "ko build -L ./cmd/app"),
    ("classes-infra-verbs", "allow", "tkn pipelinerun logs -f"),
    ("classes-infra-verbs", "allow", "java -jar jenkins-cli.jar -s https://ci.example.com who-am-i"),
    ("classes-infra-verbs", "allow", "cargo release patch"),
    ("classes-infra-verbs", "allow", "apptainer exec --bind ./data:/data app.sif ls /data"),
    ("classes-infra-verbs", "allow", "django-admin startproject shop"),
    ("classes-infra-verbs", "allow", "pgcli -h db.example.com -U admin shop -e 'SELECT 1'"),
    ("classes-paths-written", "confirm", "gawk -i inplace '{gsub(/a/, \"b\")} 1' ~/src/other/main.c"),
    ("classes-paths-written", "confirm", "gawk -iinplace -f fix.awk /etc/hosts"),
    ("classes-paths-written", "allow", "gawk -i inplace '{gsub(/a/, \"b\")} 1' notes.txt"),
    ("classes-paths-written", "allow", "gawk '{print}' ~/src/other/main.c"),
];

/// The scripts, programs and runner files the cases run.
pub(super) fn write(env: &Sandbox) {
    env.write("fromdata/clean.cmake", "# tidy\nfile(REMOVE_RECURSE \"$ENV{HOME}/src/other\")\n");
    env.write("fromdata/out.cmake", "file(WRITE ${OUT}/index.html \"<html/>\")\n");
    env.write("fromdata/deploy.cmake", "execute_process(\n  COMMAND git push --force origin main\n  RESULT_VARIABLE r)\n");
    env.write("fromdata/loop.cmake", "foreach(d a b)\n  file(REMOVE_RECURSE $ENV{HOME}/${d})\nendforeach()\n");
    env.write(
        "fromdata/version.cmake",
        "set(V 1.2)\nmessage(STATUS \"version ${V}\")\nfile(WRITE ${CMAKE_CURRENT_LIST_DIR}/version.txt ${V})\n",
    );
    env.write("fromdata/purge.ts", "import * as fs from 'node:fs';\nfs.rmSync('/srv/www', { recursive: true, force: true });\n");
    env.write("fromdata/hello.ts", "const who: string = 'world';\nconsole.log(`hello ${who}`);\n");
    env.write("fromdata/cmd/purge/main.go", "package main\n\nimport \"os\"\n\nfunc main() {\n\t_ = os.RemoveAll(\"/srv/www\")\n}\n");
    env.write("fromdata/cmd/hello/main.go", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello\")\n}\n");
    env.write("fromdata/cmds.gdb", "run\nbt\n");
    env.write(
        "fromdata/Makefile",
        "lint:\n\techo lint\npurge:\n\t+rm -rf /srv/www\npurge-dry:\n\trm -rf /srv/www\nnested:\n\t$(MAKE) purge\n",
    );
    env.write("fromdata/package.json", r#"{"scripts": {"lint": "eslint .", "purge": "rm -rf /srv/www"}}"#);
}
