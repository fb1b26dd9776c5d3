//! MCP tools read as actions: which names change or delete files, which run a command or SQL, and
//! the paths their arguments name.

mod git;
mod service;

use super::call::Action;
use crate::gate::command::CLOUD_PROGRAMS;
use serde_json::{Map, Value};

/// Words in an MCP tool's name that say it changes files (`write_file`, `edit_file`, `move_file`,
/// `create_directory`, `delete`, `uploadFile`, …).
const CHANGING_WORDS: &[&str] = &[
    "write",
    "edit",
    "move",
    "mv",
    "create",
    "delete",
    "del",
    "remove",
    "rm",
    "rmdir",
    "unlink",
    "rename",
    "put",
    "upload",
    "save",
    "append",
    "insert",
    "replace",
    "patch",
    "modify",
    "update",
    "overwrite",
    "copy",
    "cp",
    "mkdir",
    "make",
    "touch",
    "truncate",
    "chmod",
    "chown",
    "link",
    "symlink",
    "set",
    "apply",
    "extract",
    "unzip",
    "untar",
    "download",
    "store",
    "new",
    "add",
    "change",
    "push",
    "commit",
    "restore",
    "reset",
    "clear",
    "empty",
    "purge",
    "destroy",
    "drop",
    "erase",
    "wipe",
    "trash",
];

/// Whether a tool's name holds one of [`CHANGING_WORDS`] as a word (`_`, `-`, `.`, `:` and
/// camelCase separate words): `read_file` and `list_directory` do not, `writeFile` does.
pub(super) fn changes_files(name: &str) -> bool {
    name_has_word(name, CHANGING_WORDS)
}

/// Words of an MCP tool's name that say it deletes what its path arguments name.
pub(super) const DELETING_WORDS: &[&str] = &["delete", "del", "remove", "rm", "rmdir", "unlink", "trash", "purge", "erase", "destroy"];

/// Whether the tool part of `name` holds one of `words` as a word.
pub(super) fn name_has_word(name: &str, wanted: &[&str]) -> bool {
    name_words(name).iter().any(|w| wanted.contains(&w.as_str()))
}

/// The words of the tool part of `name`, lower-cased: `_`, `-`, `.`, `:` and camelCase separate them.
fn name_words(name: &str) -> Vec<String> {
    let tool = name.rsplit("__").next().unwrap_or(name);
    let mut words = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in tool.chars() {
        if !c.is_ascii_alphanumeric() || (c.is_ascii_uppercase() && prev_lower) {
            words.push(std::mem::take(&mut word));
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        if c.is_ascii_alphanumeric() {
            word.push(c.to_ascii_lowercase());
        }
    }
    words.push(word);
    words
}

/// A forge's MCP tools that change the remote (GitHub's, GitLab's, …), by the words of their name,
/// and the command line that does the same: judged as that command is (a merge publishes to the
/// remote's branch, as a push does).
const FORGE_TOOLS: &[(&[&str], &[&str], &str)] = &[
    (&["merge"], &["pull", "pr", "request", "mr"], "git push"),
    (&["delete", "remove"], &["branch"], "git push --delete origin branch"),
    (&["delete", "remove"], &["repository", "repo"], "gh repo delete"),
    (&["push"], &["files", "file", "commit", "commits"], "git push"),
    (&["force"], &["push"], "git push --force"),
];

/// Servers that are a forge: their tools that create, update or delete a file commit it to a
/// branch of the remote, as a push does (a file system server's `delete_file` is a deletion).
const FORGE_SERVERS: &[&str] = &["github", "gitlab", "gitea", "forgejo", "bitbucket", "codeberg", "gh", "glab"];

pub(super) fn forge_command(name: &str) -> Option<Action> {
    let server = name.split("__").nth(1).unwrap_or_default().to_ascii_lowercase();
    let forge = FORGE_SERVERS.iter().any(|f| server.split(['-', '_', '.']).any(|w| w == *f));
    let commits_file = forge && name_has_word(name, &["create", "update", "delete", "remove"]) && name_has_word(name, &["file", "files"]);
    let command = match FORGE_TOOLS.iter().find(|(verbs, things, _)| name_has_word(name, verbs) && name_has_word(name, things)) {
        Some((_, _, command)) => *command,
        None if commits_file => "git push",
        None => return None,
    };
    Some(bash(command))
}

/// A Bash call of `command`, as an MCP tool's effect is judged.
fn bash(command: impl Into<String>) -> Action {
    bash_in(command, None)
}

/// A Bash call of `command` run in `directory`.
fn bash_in(command: impl Into<String>, directory: Option<String>) -> Action {
    let mut bash = Map::new();
    bash.insert("command".into(), Value::String(command.into()));
    if let Some(directory) = directory {
        bash.insert("directory".into(), directory.into());
    }
    Action::new("Bash", bash)
}

/// Argument names under which an MCP tool takes a shell command to run.
const MCP_COMMAND_KEYS: &[&str] = &[
    "command",
    "program",
    "executable",
    "cmd",
    "script",
    "shell_command",
    "commandLine",
    "command_line",
    "cli_command",
    "cliCommand",
    "shellCommand",
    "bash_command",
];

/// Words of an argument's name that say it holds statements to run, in SQL or a graph's or a
/// wide-column store's query language (`sql`, `sqlText`, `stmt`, `cql`, `cypher_query`); `query`
/// only in a tool whose name or server says it is a database's ([`DATABASE_WORDS`],
/// [`DATABASES`]), as a search tool's `query` is no statement.
const MCP_SQL_KEY_WORDS: &[&str] = &["sql", "stmt", "statement", "statements", "cql", "cypher", "gql"];
const DATABASE_WORDS: &[&str] = &["sql", "db", "database", "query", "execute", "exec", "cypher", "cql", "gql", "migration", "migrate"];
/// Databases a tool or its server may be named for: relational, graph and wide-column stores.
const DATABASES: &[&str] = &[
    "postgres",
    "postgresql",
    "pg",
    "mysql",
    "mariadb",
    "sqlite",
    "duckdb",
    "supabase",
    "neon",
    "bigquery",
    "snowflake",
    "clickhouse",
    "redshift",
    "mssql",
    "sqlserver",
    "oracle",
    "trino",
    "presto",
    "athena",
    "databricks",
    "cockroach",
    "cockroachdb",
    "warehouse",
    "neo4j",
    "memgraph",
    "cassandra",
    "scylla",
    "scylladb",
    "astra",
];

/// Words that start an SQL statement: a database tool's argument that starts with one is SQL,
/// whatever the argument is called (`sql_text`, `q`, `input`).
const SQL_STARTS: &[&str] = &[
    "select", "insert", "update", "delete", "drop", "truncate", "alter", "create", "grant", "revoke", "with", "merge", "replace", "vacuum",
    "attach", "detach", "pragma", "copy", "begin", "rename", "comment", "reindex", "flush", "call", "exec", "execute", "explain", "show",
    "describe", "match",
];

/// The SQL an MCP tool's arguments hold, judged as a database client running it does.
pub(super) fn mcp_sql(name: &str, input: &Map<String, Value>) -> Option<Action> {
    nested_objects(input).into_iter().find_map(|object| sql_of(name, object))
}

/// Statements that change data or schema, by their first word and a word that must follow it: a
/// running tool's argument of that shape is a statement run (`warehouse__run {"q": "TRUNCATE TABLE
/// orders"}`), as a shell tool's command is a command; `delete user` is not one.
const SQL_CHANGES: &[(&str, &[&str])] = &[
    ("insert", &["into"]),
    ("delete", &["from"]),
    ("update", &["set"]),
    ("merge", &["into"]),
    ("grant", &["on", "to"]),
    ("revoke", &["on", "from"]),
    ("truncate", &["table"]),
    ("drop", SQL_OBJECTS),
    ("alter", SQL_OBJECTS),
    ("create", SQL_OBJECTS),
    ("match", &["delete", "detach", "set", "remove", "create", "merge"]),
];

/// What a statement creates, alters or drops.
const SQL_OBJECTS: &[&str] = &[
    "table",
    "database",
    "schema",
    "keyspace",
    "index",
    "view",
    "materialized",
    "sequence",
    "function",
    "procedure",
    "trigger",
    "type",
    "extension",
    "role",
    "user",
    "collection",
    "if",
    "or",
    "unique",
    "temporary",
    "temp",
];

/// Whether `text` has the shape of a statement that changes data or schema ([`SQL_CHANGES`]).
fn changing_statement(text: &str) -> bool {
    let words: Vec<String> = text.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').map(str::to_ascii_lowercase).collect();
    let mut words = words.iter().filter(|w| !w.is_empty());
    let Some(first) = words.next() else { return false };
    let rest: Vec<&String> = words.collect();
    // `truncate users` (no `table`) is a statement too when it is all there is.
    (first == "truncate" && rest.len() == 1)
        || SQL_CHANGES.iter().any(|(verb, then)| first == verb && rest.iter().any(|w| then.contains(&w.as_str())))
}

/// Whether a tool's name or its server's says it is a database's ([`DATABASE_WORDS`], [`DATABASES`]).
fn database_tool(name: &str) -> bool {
    name_has_word(name, DATABASE_WORDS)
        || name_has_word(name, DATABASES)
        || server_words(name).iter().any(|w| DATABASES.contains(&w.as_str()) || DATABASE_WORDS.contains(&w.as_str()))
}

/// Words that start a statement that only reads, and no program a shell runs (`exec`, `copy` and
/// `call` may be one).
const SQL_READS: &[&str] = &["select", "with", "explain", "show", "describe", "values"];

/// Whether the argument `key` of the tool `name` holds statements for a database: in a database's
/// tool, under a statement's name ([`MCP_SQL_KEY_WORDS`]) or `query`, or starting as a statement
/// does ([`SQL_STARTS`]); in another tool, under a statement's name and reading ([`SQL_READS`]). It is that
/// database's language, never a shell's words: the `*` of `SELECT * FROM t` names columns, not
/// the project's files. A shell tool's `{"statement": "rm -rf ~"}` stays a command line.
fn sql_argument(name: &str, key: &str, value: &Value) -> bool {
    let first = value.as_str().and_then(|s| s.split_whitespace().next()).map(str::to_ascii_lowercase);
    let starts = |words: &[&str]| first.as_deref().is_some_and(|w| words.contains(&w));
    let sql_key = name_words(key).iter().any(|w| MCP_SQL_KEY_WORDS.contains(&w.as_str()));
    (sql_key && starts(SQL_READS)) || (database_tool(name) && (sql_key || key == "query" || starts(SQL_STARTS)))
}

/// The SQL one object of a tool's arguments holds.
fn sql_of(name: &str, input: &Map<String, Value>) -> Option<Action> {
    let database = database_tool(name);
    let runs = name_has_word(name, RUNNING_WORDS);
    let query = database.then(|| input.get("query")).flatten();
    let first_words = |v: &Value| v.as_str().map(|s| s.split_whitespace().take(1).map(str::to_ascii_lowercase).collect::<Vec<_>>());
    // In a database's tool, an argument under any name whose text starts as a statement does; in
    // a tool that runs what it is given, one that starts as a changing statement and goes on,
    // under a name that is not a shell command's.
    let starts_sql = |(k, v): &(&String, &Value)| match first_words(v).as_deref() {
        Some([w, ..]) if database => SQL_STARTS.contains(&w.as_str()),
        _ => runs && !MCP_COMMAND_KEYS.contains(&k.as_str()) && v.as_str().is_some_and(changing_statement),
    };
    let by_text = || input.iter().find(starts_sql).map(|(_, v)| v);
    let by_key = || input.iter().find(|(k, _)| name_words(k).iter().any(|w| MCP_SQL_KEY_WORDS.contains(&w.as_str()))).map(|(_, v)| v);
    let sql = by_key().or(query).or_else(by_text)?;
    let text = match sql {
        Value::String(s) => s.clone(),
        Value::Array(list) => list.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(";\n"),
        _ => return None,
    };
    Some(bash(format!("psql -c {}", shell_words::quote(&text))))
}

/// Argument names that name an infrastructure resource (not a file) a deleting MCP tool removes;
/// its `name` or `id` goes with them (a to-do's `id` alone is no such resource).
const RESOURCE_KEYS: &[&str] = &[
    "namespace",
    "resource",
    "resource_name",
    "resourceName",
    "kind",
    "resource_type",
    "cluster",
    "bucket",
    "table",
    "database",
    "collection",
    "index",
    "project",
    "instance",
    "app",
    "service",
    "stack",
    "zone",
    "region",
    "volume",
    "deployment",
];

/// Words of a tool's name that say it deletes or empties a resource, as an infrastructure
/// command line's verb does.
const RESOURCE_VERBS: &str = "delete del remove rm destroy purge erase drop terminate uninstall teardown deprovision nuke wipe prune \
    flush flushall flushdb truncate reset";

/// The verbs of [`RESOURCE_VERBS`] that destroy whatever they name: a tool of them needs no
/// resource's noun (`deleteCustomer {"id": …}`, `wipe {}`), unless its server keeps the agent's
/// own notes ([`NOTE_SERVERS`]).
const DESTROYING_VERBS: &[&str] =
    &["delete", "del", "destroy", "purge", "erase", "drop", "terminate", "teardown", "deprovision", "nuke", "wipe", "truncate"];

/// Words of a server's name that say it keeps the agent's own notes: a to-do's task or a
/// memory's entity deleted there is the agent's working state, not a resource.
const NOTE_SERVERS: &[&str] = &[
    "todo",
    "todos",
    "task",
    "tasks",
    "memory",
    "memories",
    "note",
    "notes",
    "scratchpad",
    "scratch",
    "thinking",
    "knowledge",
    "graph",
    "kg",
];

/// Words of a tool's name that name an infrastructure or data resource (`delete_namespace`,
/// `drop_collection`, `remove_container`); a to-do's task or a memory's entity is none.
const RESOURCE_NOUNS: &str = "namespace namespaces resource resources cluster clusters bucket buckets table tables database databases \
    db collection collections index indexes indices project projects instance instances app apps application applications service \
    services stack stacks zone zones volume volumes deployment deployments worker workers container containers image images pod pods \
    node nodes function functions lambda secret secrets topic topics queue queues domain domains environment environments site sites \
    schema schemas keyspace vm vms droplet droplets server servers network networks firewall firewalls snapshot snapshots backup \
    backups release releases chart charts repository repositories repo repos branch branches keys cache caches kv store stores \
    account accounts org organization organizations team teams user users key";

/// A deleting MCP tool whose name or arguments name a resource (`delete_resource {namespace,
/// name}`, `delete_namespace {name}`, `flushall`): the deletion its server's command line makes,
/// `SERVER-cli VERB NOUN …`, judged as infrastructure deletions are.
pub(super) fn mcp_resource_deletion(name: &str, input: &Map<String, Value>) -> Option<Action> {
    let words = name_words(name);
    let verb = words.iter().find(|w| RESOURCE_VERBS.split_whitespace().any(|v| v == *w))?;
    let noun = words.iter().find(|w| RESOURCE_NOUNS.split_whitespace().any(|n| n == *w));
    let value = |k: &&str| input.get(*k)?.as_str().map(|v| shell_words::quote(v).into_owned());
    let mut values: Vec<String> = RESOURCE_KEYS.iter().filter_map(value).collect();
    // A verb that empties a store whole (`flushall`) needs no noun.
    let whole = verb.starts_with("flush");
    let destroys = DESTROYING_VERBS.contains(&verb.as_str()) && !server_words(name).iter().any(|w| NOTE_SERVERS.contains(&w.as_str()));
    if values.is_empty() && noun.is_none() && !whole && !destroys {
        return None;
    }
    values.extend(["name", "id"].iter().filter_map(value));
    let server: String = name.split("__").nth(1).unwrap_or("mcp").chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
    let server = if server.is_empty() { "mcp" } else { &server };
    let what = noun.map_or(String::new(), |n| format!(" {n}"));
    // Emptying a store or a table is a wipe, as the infrastructure rules name it.
    let verb = if verb.starts_with("flush") || verb == "truncate" { "wipe" } else { verb.as_str() };
    Some(bash(format!("{server}-cli {verb}{what} {}", values.join(" ")).trim_end()))
}

/// An operation a generic call tool is asked to make, named in an argument (`{"operation":
/// "delete_bucket"}`, `{"action": "DeleteStack"}`): judged as a tool of that name on the same server.
pub(super) fn mcp_named_operation(name: &str, input: &Map<String, Value>) -> Option<Action> {
    let server = name.split("__").nth(1).unwrap_or("mcp");
    fn operation(v: &Value) -> Option<&str> {
        v.as_str().filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "_-.:".contains(c)))
    }
    input
        .values()
        .filter_map(operation)
        .filter(|op| deletes_resources(op))
        .find_map(|op| mcp_resource_deletion(&format!("mcp__{server}__{op}"), input))
}

/// Words of a tool's name that say it runs or types what it is given: a terminal's keys, a
/// console's line, a command-line program's arguments.
const RUNNING_WORDS: &[&str] = &[
    "run", "exec", "execute", "shell", "terminal", "console", "invoke", "eval", "keys", "cli", "command", "cmd", "bash", "sh", "ssh",
    "tmux",
];

/// Command-line programs a tool's name may be (`mcp__k8s__kubectl {"args": "delete …"}`): its
/// text arguments are that program's. The cloud programs are the program table's
/// ([`CLOUD_PROGRAMS`]).
const TOOL_PROGRAMS: &[&str] = &[
    "kubectl",
    "helm",
    "oc",
    "docker",
    "podman",
    "git",
    "gh",
    "glab",
    "terraform",
    "tofu",
    "pulumi",
    "eksctl",
    "psql",
    "mysql",
    "redis",
    "mongosh",
    "npm",
    "cargo",
    "make",
];

/// A tool whose name says it runs or types what it is given, or is a command-line program, with
/// its command under an argument named otherwise (`{"keys": "git push -f\n"}`, `{"args": "delete
/// ns prod"}`): each text argument as the command line it is (after the program its name is).
/// With `program_only` (its command is judged already, as a shell's), only a tool named for a
/// program: `docker_cli {"command": "rm -f web"}` is `docker rm -f web` too.
pub(super) fn mcp_run_text(name: &str, input: &Map<String, Value>, program_only: bool) -> Vec<Action> {
    let program = tool_program(name);
    if program.is_none() && (program_only || !name_has_word(name, RUNNING_WORDS)) {
        return Vec::new();
    }
    // An argument that holds SQL is judged as SQL ([`mcp_sql`]), not as a command line.
    let texts = input.iter().filter(|(k, v)| !sql_argument(name, k, v)).filter_map(|(_, v)| match v {
        Value::String(s) => Some(s.clone()),
        Value::Array(list) if list.iter().all(Value::is_string) => Some(shell_words::join(list.iter().filter_map(Value::as_str))),
        _ => None,
    });
    texts
        .filter(|t| !t.trim().is_empty())
        .map(|t| {
            let command = match &program {
                Some(p) if t.split_whitespace().next() != Some(p.as_str()) => format!("{p} {t}"),
                _ => t,
            };
            bash(command)
        })
        .collect()
}

/// The command-line program a tool's name says it is: a word of the tool part, or of the server
/// part when the tool runs what it is given (`mcp__gcloud__run {"args": "compute instances delete
/// vm"}` runs gcloud, `mcp__aws__run_command {"cmd": "s3 rm …"}` aws; another tool of such a server,
/// a commit message of `mcp__git__commit`, is no command line).
fn tool_program(name: &str) -> Option<String> {
    let is_program = |w: &String| TOOL_PROGRAMS.contains(&w.as_str()) || CLOUD_PROGRAMS.contains(&w.as_str());
    let runs = name_has_word(name, RUNNING_WORDS);
    name_words(name).into_iter().find(is_program).or_else(|| server_words(name).into_iter().find(|w| runs && is_program(w)))
}

/// Services whose MCP servers are named for them, besides the programs and forges known above.
const SERVICE_SERVERS: &[&str] = &["mongodb", "mongo", "neo4j", "cassandra", "filesystem", "shell", "terminal", "jetbrains", "applescript"];

/// Whether `word` is the whole name of a known server: a program, a forge, a database or a
/// service. Copilot's `mongodb-drop-database` is the server `mongodb`, not `mongodb-drop`.
pub(super) fn known_server(word: &str) -> bool {
    let word = word.to_ascii_lowercase();
    let word = word.as_str();
    service::program_of(word).is_some()
        || [TOOL_PROGRAMS, CLOUD_PROGRAMS, FORGE_SERVERS, SERVICE_SERVERS, DATABASES].iter().any(|list| list.contains(&word))
}

/// The words of the server part of an MCP tool's name (`gcloud` of `mcp__gcloud__run`).
fn server_words(name: &str) -> Vec<String> {
    name.split("__").nth(1).map(name_words).unwrap_or_default()
}

/// Whether a tool's name says it deletes or empties something ([`RESOURCE_VERBS`]).
pub(super) fn deletes_resources(name: &str) -> bool {
    name_words(name).iter().any(|w| RESOURCE_VERBS.split_whitespace().any(|v| v == w))
}

/// Program text an MCP tool runs in a language it names (`{"code": …, "language": "bash"}`), or
/// that a running tool's name says (`jupyter__run_cell`, `node__eval`, `python__execute_code`):
/// the command line that runs it.
pub(super) fn mcp_code(name: &str, input: &Map<String, Value>) -> Option<Action> {
    let code = ["code", "source", "snippet", "script", "expression", "expr"].iter().find_map(|k| input.get(*k)?.as_str())?;
    let named = || {
        let words = name_words(name);
        let runs = words.iter().any(|w| RUNNING_WORDS.contains(&w.as_str()));
        let server = server_words(name);
        let language = |w: &String| LANGUAGE_WORDS.contains(&w.as_str());
        runs.then(|| words.iter().chain(&server).find(|w| language(w)).cloned()).flatten()
    };
    // `languageId` is an editor's name for it (VS Code's, which Code Runner's server takes).
    let keys = ["language", "lang", "languageId", "language_id", "runtime", "interpreter", "kernel"];
    let language = match keys.iter().find_map(|k| input.get(*k)?.as_str()) {
        Some(l) => l.to_ascii_lowercase(),
        None => named()?,
    };
    let command = match language.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.') {
        "bash" | "sh" | "shell" | "shellscript" | "shell-script" | "zsh" | "dash" | "ksh" | "fish" | "console" | "terminal" => {
            code.to_string()
        }
        "python" | "py" | "ipython" | "jupyter" | "notebook" | "pyodide" => python_cell(code),
        "javascript" | "js" | "node" | "nodejs" | "typescript" | "ts" | "deno" => format!("node -e {}", shell_words::quote(code)),
        "ruby" | "rb" => format!("ruby -e {}", shell_words::quote(code)),
        "perl" | "pl" => format!("perl -e {}", shell_words::quote(code)),
        "php" => format!("php -r {}", shell_words::quote(code)),
        "powershell" | "pwsh" | "ps1" => format!("pwsh -Command {}", shell_words::quote(code)),
        "r" | "rscript" => format!("Rscript -e {}", shell_words::quote(code)),
        "applescript" | "osascript" => format!("osascript -e {}", shell_words::quote(code)),
        "lua" => format!("lua -e {}", shell_words::quote(code)),
        "julia" => format!("julia -e {}", shell_words::quote(code)),
        _ => return None,
    };
    Some(bash(command))
}

/// A Python cell as the command lines that run it: its Python, and the shell commands IPython runs
/// for it (`!rm -rf x`, `!!ls`, `%system x`, `%sx x`, a `%%bash` or `%%sh` cell), which a kernel
/// hands to a shell, not to Python.
fn python_cell(code: &str) -> String {
    let mut lines = code.lines();
    let first = lines.clone().next().unwrap_or_default().trim();
    if ["%%bash", "%%sh", "%%script bash", "%%script sh", "%%system"].iter().any(|magic| first.starts_with(magic)) {
        lines.next();
        return lines.collect::<Vec<_>>().join("\n");
    }
    let mut python = Vec::new();
    let mut shell = Vec::new();
    for line in code.lines() {
        let text = line.trim_start();
        let escape = ["!!", "!", "%system ", "%sx ", "%%sx "].iter().find_map(|e| text.strip_prefix(e));
        match escape {
            Some(command) => shell.push(command.to_string()),
            None => python.push(line),
        }
    }
    let mut command = format!("python3 -c {}", shell_words::quote(&python.join("\n")));
    for line in shell {
        command.push('\n');
        command.push_str(&line);
    }
    command
}

/// Words of a running tool's or its server's name that say the language of its code.
const LANGUAGE_WORDS: &[&str] = &[
    "python",
    "py",
    "ipython",
    "jupyter",
    "notebook",
    "pyodide",
    "javascript",
    "js",
    "node",
    "nodejs",
    "typescript",
    "ts",
    "deno",
    "ruby",
    "perl",
    "php",
    "powershell",
    "pwsh",
    "bash",
    "sh",
    "shell",
    "r",
    "rscript",
    "applescript",
    "osascript",
    "lua",
    "julia",
];

/// The shell command an MCP tool's arguments hold (`{"command": "…"}`, or a program and its
/// `args`): judged as a Bash call, as the server runs it.
/// With `code_read`, the tool's code was read in the language it names ([`mcp_code`]): its
/// `script` is that code, not a shell's command.
pub(super) fn mcp_command(input: &Map<String, Value>, code_read: bool) -> Option<Action> {
    nested_objects(input).into_iter().find_map(|object| command_of(object, code_read))
}

/// The command one object of a tool's arguments holds under [`MCP_COMMAND_KEYS`].
fn command_of(input: &Map<String, Value>, code_read: bool) -> Option<Action> {
    let keys = MCP_COMMAND_KEYS.iter().filter(|k| !(code_read && **k == "script"));
    let (key, value) = keys.into_iter().find_map(|k| input.get(*k).map(|v| (*k, v)))?;
    let words = |list: &[Value]| list.iter().map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string)).collect::<Vec<_>>();
    let mut command = match value {
        Value::String(s) => s.clone(),
        Value::Array(list) => shell_words::join(words(list)),
        _ => return None,
    };
    if key != "script"
        && let Some(Value::Array(args)) = input.get("args").or_else(|| input.get("arguments"))
    {
        command = format!("{command} {}", shell_words::join(words(args)));
    }
    let directory = ["cwd", "workdir", "working_directory", "directory"].iter().find_map(|k| input.get(*k).and_then(Value::as_str));
    Some(bash_in(command, directory.map(str::to_string)))
}

/// Argument names under which a container or sandbox tool takes the host directories it mounts.
const MOUNT_KEYS: &[&str] =
    &["volumes", "volume", "binds", "Binds", "mounts", "Mounts", "mount", "bind_mounts", "bindMounts", "host_volumes", "hostVolumes"];

/// Keys of a mount given as an object that name its host side, and its container side.
const MOUNT_SOURCES: &[&str] = &["source", "Source", "src", "host", "host_path", "hostPath", "from"];
const MOUNT_TARGETS: &[&str] =
    &["target", "Target", "destination", "Destination", "dst", "container_path", "containerPath", "mountPath", "mount_path", "to"];

/// The host directories a container or sandbox tool's arguments mount, in any of the shapes
/// servers take them (`{"volumes": {"/": "/host"}}`, `{"binds": ["/:/host:rw"]}`, `{"mounts":
/// [{"source": "~", "target": "/h"}]}`, a pod's `hostPath`), each as the `docker run -v` that
/// mounts it: what the container may then change of the host is judged as that command's.
pub(super) fn mcp_mounts(input: &Map<String, Value>) -> Vec<Action> {
    let image = input.get("image").and_then(Value::as_str).unwrap_or("image");
    let mut mounts = Vec::new();
    for object in nested_objects(input) {
        for (key, value) in object {
            if MOUNT_KEYS.contains(&key.as_str()) {
                mount_entries(value, &mut mounts);
            } else if key == "hostPath"
                && let Some(path) = value.as_object().and_then(|o| o.get("path")).and_then(Value::as_str)
            {
                mounts.push((path.to_string(), "/host".to_string(), false));
            }
        }
    }
    // A named volume (`data:/data`) is the engine's, not a host directory.
    let host = |source: String| {
        let home = ["${HOME}", "$HOME"].iter().find_map(|h| source.strip_prefix(h)).map(|rest| format!("~{rest}"));
        Some(home.unwrap_or(source)).filter(|s| s.starts_with(['/', '~', '.']))
    };
    mounts
        .into_iter()
        .filter_map(|(source, target, ro)| Some((host(source)?, target, ro)))
        .map(|(source, target, ro)| {
            let spec = format!("{target}{}", if ro { ":ro" } else { "" });
            let source = match source.strip_prefix('~') {
                Some(rest) => format!("~{}", shell_words::quote(&format!("{}:{spec}", if rest.is_empty() { "/" } else { rest }))),
                None => shell_words::quote(&format!("{source}:{spec}")).into_owned(),
            };
            bash(format!("docker run -v {source} {}", shell_words::quote(image)))
        })
        .collect()
}

/// The (host, container, read-only) mounts one mount argument holds.
fn mount_entries(value: &Value, out: &mut Vec<(String, String, bool)>) {
    let text = |o: &Map<String, Value>, keys: &[&str]| keys.iter().find_map(|k| o.get(*k)?.as_str()).map(str::to_string);
    let read_only = |o: &Map<String, Value>| {
        o.get("read_only").or_else(|| o.get("readOnly")).or_else(|| o.get("ReadOnly")).and_then(Value::as_bool).unwrap_or(false)
            || o.get("mode").and_then(Value::as_str).is_some_and(|m| m.split(',').any(|m| m == "ro"))
    };
    match value {
        Value::String(spec) => {
            let mut parts = spec.splitn(3, ':');
            let source = parts.next().unwrap_or_default().to_string();
            let target = parts.next().unwrap_or("/mnt").to_string();
            let ro = parts.next().is_some_and(|m| m.split(',').any(|m| m == "ro"));
            out.push((source, target, ro));
        }
        Value::Array(list) => list.iter().for_each(|v| mount_entries(v, out)),
        Value::Object(o) => match text(o, MOUNT_SOURCES) {
            Some(source) => out.push((source, text(o, MOUNT_TARGETS).unwrap_or_else(|| "/mnt".into()), read_only(o))),
            // Docker's SDK shape: host directory → container directory or `{"bind": …, "mode": …}`.
            None => {
                for (source, target) in o {
                    let (target, ro) = match target {
                        Value::String(t) => (t.clone(), false),
                        Value::Object(t) => {
                            (text(t, &["bind"]).or_else(|| text(t, MOUNT_TARGETS)).unwrap_or_else(|| "/mnt".into()), read_only(t))
                        }
                        _ => continue,
                    };
                    out.push((source.clone(), target, ro));
                }
            }
        },
        _ => {}
    }
}

/// The paths a deleting MCP tool names, each as the removal of a tree (`rm -rf -- path`): its
/// place is judged as a deletion is, wherever it is.
pub(super) fn mcp_deletions(input: &Map<String, Value>) -> Vec<Action> {
    nested_paths(input)
        .into_iter()
        .map(|path| {
            let shown = match path.strip_prefix("~/") {
                Some(rest) => format!("~/{}", shell_words::quote(rest)),
                None => shell_words::quote(&path).into_owned(),
            };
            bash(format!("rm -rf -- {shown}"))
        })
        .collect()
}

/// Argument names that hold a file path in MCP tools, singly or as a list.
const MCP_PATH_KEYS: &[&str] = &[
    "path",
    "relative_path",
    "relativePath",
    "pathInProject",
    "path_in_project",
    "paths",
    "file",
    "files",
    "file_path",
    "file_paths",
    "absolute_path",
    "notebook_path",
    "filePath",
    "filePaths",
    "filepath",
    "filename",
    "fileName",
    "source",
    "sources",
    "src",
    "destination",
    "dest",
    "dst",
    "target",
    "target_file",
    "target_path",
    "targetPath",
    "old_path",
    "new_path",
    "oldPath",
    "newPath",
    "from",
    "to",
    "directory",
    "dir",
    "dir_path",
    "dirPath",
    "folder",
    "uri",
    "location",
    "output",
    "output_path",
    "outputPath",
    "source_path",
    "sourcePath",
    "destination_path",
    "destinationPath",
];

/// The paths an MCP tool's arguments name, at any depth (`{"edits": [{"path": …}]}`,
/// `{"destination": {"path": …}}`), each as an edit.
pub(super) fn mcp_edits(input: &Map<String, Value>) -> Vec<Action> {
    nested_paths(input)
        .into_iter()
        .map(|path| {
            let mut tool_input = Map::new();
            tool_input.insert("file_path".into(), path.into());
            Action::new("Edit", tool_input)
        })
        .collect()
}

/// Objects and lists an MCP tool's arguments are read into, at most this deep.
const MCP_MAX_DEPTH: usize = 8;

/// The objects of an MCP tool's arguments, the arguments first, then those nested in them breadth
/// first, at most [`MCP_MAX_DEPTH`] deep: a server may wrap what it runs (`{"params": {"command":
/// …}}`, `{"request": {"sql": …}}`), and what it runs is the same wherever it is wrapped.
fn nested_objects(input: &Map<String, Value>) -> Vec<&Map<String, Value>> {
    let mut objects = vec![input];
    let mut level = vec![input];
    for _ in 0..MCP_MAX_DEPTH {
        level = level
            .into_iter()
            .flat_map(Map::values)
            .flat_map(|value| match value {
                Value::Object(o) => vec![o],
                Value::Array(list) => list.iter().filter_map(Value::as_object).collect(),
                _ => Vec::new(),
            })
            .collect();
        if level.is_empty() {
            break;
        }
        objects.extend(&level);
    }
    objects
}

/// A git server's tool as the git command line it runs ([`git::git_command`]), in the
/// repository its arguments name.
pub(super) fn mcp_git(name: &str, input: &Map<String, Value>) -> Option<Action> {
    let (command, directory) = git::git_command(name, input)?;
    Some(bash_in(command, directory))
}

/// A tool of a server named for a service's command-line program, judged as that program's
/// command of the same words ([`service::service_commands`]).
pub(super) fn mcp_service(name: &str, input: &Map<String, Value>) -> Vec<Action> {
    service::service_commands(name, input).into_iter().map(bash).collect()
}

/// The paths named by [`MCP_PATH_KEYS`] anywhere in an MCP tool's arguments, each once: the
/// shapes servers give their arguments are theirs (lists of files, a destination object, edits
/// in changes); a path is a path wherever it is. Past [`MCP_MAX_DEPTH`] the tool is still judged
/// by what was found, and by its name.
fn nested_paths(input: &Map<String, Value>) -> Vec<String> {
    let mut paths = Vec::new();
    for object in nested_objects(input) {
        collect_paths(object, &mut paths);
    }
    let mut seen = std::collections::HashSet::new();
    paths.retain(|p| seen.insert(p.clone()));
    paths
}

/// The paths a tool's arguments name, by the argument names of [`MCP_PATH_KEYS`] (top level).
pub fn path_arguments(input: &Map<String, Value>) -> Vec<String> {
    let mut out = Vec::new();
    collect_paths(input, &mut out);
    out
}

fn collect_paths(obj: &Map<String, Value>, out: &mut Vec<String>) {
    for (key, value) in obj {
        if !MCP_PATH_KEYS.contains(&key.as_str()) {
            continue;
        }
        let texts: Vec<&str> = match value {
            Value::String(s) => vec![s],
            Value::Array(list) => list.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        out.extend(texts.into_iter().filter_map(mcp_path));
    }
}

/// A path argument as the path rules read it: `file://` URIs lose their scheme, `~` is the home
/// directory; empty text names nothing.
fn mcp_path(text: &str) -> Option<String> {
    let text = text.trim();
    let path = text.strip_prefix("file://").unwrap_or(text);
    match path {
        "" => None,
        "~" => Some("~/".into()),
        _ => Some(path.to_string()),
    }
}
