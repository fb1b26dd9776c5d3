//! Commands carried where the analyser must read them: in an MCP tool's arguments (a container's
//! host mounts, a graph's or a wide-column store's query, a statement under any name in a tool that
//! runs what it is given, AppleScript's shell commands, code under `script` in the language the tool
//! names) and in a program file an interpreter reads (`awk -f FILE`, a Bazel target's script). Each
//! shape holds a harmless member beside one that reaches what must be stopped; look-alikes of
//! danger that the text shows harmless stand beside their twins.

use crate::support::Sandbox;

/// (group, expected verdict, command or `mcp:` call), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    // A container tool's mounts: the host's root or home is exposed; the project or an engine's
    // named volume is not.
    ("classes-mcp-mounts", "confirm", r#"mcp:mcp__docker__run_container {"image": "alpine", "volumes": {"/": "/host"}}"#),
    (
        "classes-mcp-mounts",
        "confirm",
        r#"mcp:mcp__podman__create_container {"image": "alpine", "mounts": [{"source": "~", "target": "/h"}]}"#,
    ),
    ("classes-mcp-mounts", "confirm", r#"mcp:mcp__containers__start {"image": "x", "HostConfig": {"Binds": ["$HOME/.ssh:/keys"]}}"#),
    ("classes-mcp-mounts", "allow", r#"mcp:mcp__docker__run_container {"image": "node:20", "volumes": ["./:/app"]}"#),
    (
        "classes-mcp-mounts",
        "allow",
        r#"mcp:mcp__docker__run_container {"image": "postgres", "volumes": {"pgdata": {"bind": "/var/lib/postgresql/data", "mode": "rw"}}}"#,
    ),
    // Graph and wide-column stores' queries: a changing clause is a write, a read is not.
    ("classes-mcp-queries", "confirm", r#"mcp:mcp__memgraph__run_query {"query": "MATCH (n:User) DETACH DELETE n"}"#),
    ("classes-mcp-queries", "allow", r#"mcp:mcp__memgraph__run_query {"query": "MATCH (n:User) RETURN n.name LIMIT 5"}"#),
    ("classes-mcp-queries", "confirm", r#"mcp:mcp__scylla__execute {"cql": "TRUNCATE sessions"}"#),
    ("classes-mcp-queries", "allow", r#"mcp:mcp__scylla__execute {"cql": "SELECT * FROM ks.sessions LIMIT 1"}"#),
    // A query's `*` names columns, never the project's files: SQL is judged as SQL, not shell words.
    ("classes-mcp-queries", "allow", r#"mcp:mcp__pg__execute {"statement": "EXPLAIN SELECT * FROM t"}"#),
    ("classes-mcp-queries", "allow", r#"mcp:mcp__mysql__run_query {"query": "SELECT * FROM orders WHERE id > 3"}"#),
    ("classes-mcp-queries", "allow", r#"mcp:mcp__warehouse__run_sql {"sql": "SELECT count(*) FROM events"}"#),
    ("classes-mcp-queries", "confirm", r#"mcp:mcp__pg__execute {"statement": "DROP TABLE users"}"#),
    ("classes-mcp-queries", "confirm", r#"mcp:mcp__mysql__run_query {"query": "DELETE FROM orders WHERE 1=1"}"#),
    ("classes-mcp-queries", "confirm", r#"mcp:mcp__ssh__execute {"statement": "rm -rf ~/.claude"}"#),
    // A statement under a name of the server's own, in a tool that runs what it is given.
    ("classes-mcp-queries", "confirm", r#"mcp:mcp__analytics__run_statement {"text": "DELETE FROM events WHERE 1=1"}"#),
    ("classes-mcp-queries", "allow", r#"mcp:mcp__analytics__run_report {"name": "delete stale users"}"#),
    // A select that calls an administration function ends sessions; one that reads them does not.
    ("classes-mcp-queries", "confirm", r#"mcp:mcp__pg__query {"sql": "select pg_terminate_backend(pid) from pg_stat_activity"}"#),
    ("classes-mcp-queries", "allow", r#"mcp:mcp__pg__query {"sql": "select pid, state from pg_stat_activity"}"#),
    // AppleScript's shell commands are judged as commands; anything else it does is opaque.
    (
        "classes-mcp-code",
        "deny",
        r#"mcp:mcp__osa__run {"language": "applescript", "code": "do shell script \"git push --force origin main\""}"#,
    ),
    ("classes-mcp-code", "allow", r#"mcp:mcp__applescript__run_script {"code": "do shell script \"date\""}"#),
    (
        "classes-mcp-code",
        "confirm",
        r#"mcp:mcp__applescript__run_script {"code": "tell application \"Finder\" to delete every file of desktop"}"#,
    ),
    // Code under `script` in the language the tool's name says is that language's.
    ("classes-mcp-code", "deny", r#"mcp:mcp__js__eval {"script": "require('fs').rmSync(require('os').homedir(), {recursive: true})"}"#),
    ("classes-mcp-code", "allow", r#"mcp:mcp__js__eval {"script": "[1, 2].map(x => x * 2)"}"#),
    // Program files an interpreter reads by option, and AppleScript on the command line.
    ("classes-program-files", "deny", "awk -f data/wipe.awk"),
    ("classes-program-files", "deny", "gawk -v n=2 -f data/wipe.awk /dev/null"),
    ("classes-program-files", "allow", "awk -F, -f data/count.awk data/rows.csv"),
    ("classes-program-files", "deny", "osascript -e 'do shell script \"rm -rf ~\"'"),
    ("classes-program-files", "allow", "osascript -e 'do shell script \"ls -la\"'"),
    ("classes-program-files", "confirm", "osascript -e 'do shell script \"rm -rf \" & quoted form of (path to home folder)'"),
    // A Bazel target run: a shell or Python rule's program, read from the package's BUILD file.
    ("classes-program-files", "deny", "cd bazel && bazel run //:wipe"),
    ("classes-program-files", "deny", "cd bazel/tools && bazelisk run --config=ci //tools:push -- --yes"),
    ("classes-program-files", "allow", "cd bazel && bazel run //:hello"),
    ("classes-program-files", "allow", "cd bazel && bazel run //:app"),
    ("classes-program-files", "allow", "cd bazel && bazel build //..."),
    // Look-alikes the text shows harmless, each beside its twin: a branch the call made and
    // deletes, a scratch database, a module imported by its literal name, a Makefile fed on
    // standard input, a reader of the gitvow executable.
    ("classes-lookalikes", "allow", "git branch tmp-x && git branch -D tmp-x"),
    ("classes-lookalikes", "confirm", "git branch tmp-x && git switch tmp-x && git commit -qm x && git switch - && git branch -D tmp-x"),
    ("classes-lookalikes", "allow", "sqlite3 {tmp}/scratch.db 'create table t(a); insert into t values(1)'"),
    ("classes-lookalikes", "allow", "python3 -c \"__import__('os').system('ls')\""),
    ("classes-lookalikes", "deny", "python3 -c \"__import__('os').system('rm -rf ~')\""),
    ("classes-lookalikes", "allow", "printf 'all:\\n\\techo ok\\n' | make -f -"),
    ("classes-lookalikes", "deny", "printf 'all:\\n\\tgit push --force origin main\\n' | make -f -"),
    ("classes-lookalikes", "allow", "ldd {exe}"),
    ("classes-lookalikes", "confirm", "patchelf --set-rpath /opt/x {exe}"),
];

/// The program files the cases read.
pub(super) fn write(env: &Sandbox) {
    env.write("data/wipe.awk", "# tidy\nBEGIN { system(\"rm -rf ~/\") }\n");
    env.write("data/count.awk", "{ n += $2 } END { print n }\n");
    env.write("data/rows.csv", "a,1\nb,2\n");
    env.write("bazel/MODULE.bazel", "module(name = \"demo\")\n");
    env.write(
        "bazel/BUILD.bazel",
        "sh_binary(name = \"wipe\", srcs = [\"scripts/wipe.sh\"])\nsh_binary(\n    name = \"hello\",\n    srcs = [\"scripts/hello.sh\"],\n)\n\
         cc_binary(name = \"app\", srcs = [\"main.c\"])\n",
    );
    env.write("bazel/scripts/wipe.sh", "#!/bin/sh\nrm -rf \"$HOME\"\n");
    env.write("bazel/scripts/hello.sh", "#!/bin/sh\necho hello\n");
    env.write("bazel/tools/BUILD", "py_binary(name = \"push\", srcs = [\"push.py\"])\n");
    env.write("bazel/tools/push.py", "import os\nos.system('git push --force origin main')\n");
}
