//! Local test databases: a database client pointed at a throwaway database (in memory, a file in
//! a temporary directory, a file in the project whose name says test, a server on this machine by its socket, `localhost` or
//! `127.0.0.1` with a database whose name says test, by option or by the client's host variable).
//! Its statements read `test-database sql …`,
//! which the rules about writing to a database leave alone; any other database, or one the shell
//! computes, keeps `sql …`.

use super::options::{Dashes, OptionWords};
use super::syntax::Word;
use super::{Dirs, Walk};

/// Clients whose first operand is the database file.
const FILE_CLIENTS: &[&str] = &["sqlite3", "sqlite", "litecli", "duckdb"];
/// Options naming the server's host (a socket path is local too).
const HOST: &[&str] = &["-h", "--host", "-S", "--socket"];
/// Options naming the database.
const NAME: &[&str] = &["-d", "--dbname", "-D", "--database"];

impl Walk<'_> {
    /// Whether `name` works on a local test database. `operands` are the indices of its words that
    /// are not options or their values.
    pub(super) fn local_test_database(&self, name: &str, words: &[Word], args: &[String], operands: &[usize], dirs: &Dirs) -> bool {
        if matches!(name, "mongosh" | "mongo") {
            return !words.iter().any(Word::is_computed) && mongo_local_test(args);
        }
        if FILE_CLIENTS.contains(&name) {
            let Some(&k) = operands.first() else { return true };
            if args[k] == ":memory:" {
                return true;
            }
            // A database file in a temporary directory (outside the project and the home, wherever
            // those are) is scratch, whatever its name.
            let in_own = |p: &std::path::Path| {
                let real = crate::gate::location::resolve(&super::lexical(p));
                [self.ctx.repo_top, self.ctx.home].into_iter().flatten().any(|d| real.starts_with(crate::gate::location::resolve(d)))
            };
            let scratch = |t: &super::Touch| t.glob.is_none() && super::effects::in_temporary_dir(&t.path) && !in_own(&t.path);
            if self.paths(&words[k], dirs).is_some_and(|ts| ts.iter().all(scratch)) {
                return true;
            }
            let Some(top) = self.ctx.repo_top else { return false };
            return self.paths(&words[k], dirs).is_some_and(|ts| {
                ts.iter().all(|t| {
                    let path = super::lexical(&t.path);
                    let real = crate::gate::location::resolve(&path);
                    t.glob.is_none()
                        && real.starts_with(crate::gate::location::resolve(top))
                        && real.strip_prefix(crate::gate::location::resolve(top)).is_ok_and(|rel| says_test(&rel.to_string_lossy()))
                })
            });
        }
        self.server(name, words, args, operands).is_some_and(|(local, database)| local && database.as_deref().is_some_and(says_test))
    }

    /// Whether `name`'s server is on this machine (whatever database it connects to).
    pub(super) fn local_server(&self, name: &str, words: &[Word], args: &[String], operands: &[usize]) -> bool {
        self.server(name, words, args, operands).is_some_and(|(local, _)| local)
    }

    /// For a server's client: whether the server is on this machine, and the database it
    /// connects to. `None` for another client, or one whose words the shell computes.
    fn server(&self, name: &str, words: &[Word], args: &[String], operands: &[usize]) -> Option<(bool, Option<String>)> {
        if !matches!(name, "psql" | "pgcli" | "mysql" | "mariadb" | "mycli" | "clickhouse-client" | "cqlsh" | "sqlcmd")
            || words.iter().any(Word::is_computed)
        {
            return None;
        }
        let value = |flags: &[&str]| {
            args.iter().enumerate().find_map(|(i, a)| {
                flags.iter().find_map(|f| match a.strip_prefix(f) {
                    Some("") => args.get(i + 1).cloned(),
                    Some(v) if f.starts_with("--") => v.strip_prefix('=').map(str::to_string),
                    Some(v) if f.len() == 2 => Some(v.to_string()),
                    _ => None,
                })
            })
        };
        let (mut host, mut database) = match name {
            // `cqlsh [host [port]]`: the keyspace is an option's.
            "cqlsh" => (operands.first().map(|&k| args[k].clone()), value(&["-k", "--keyspace"])),
            // `sqlcmd -S tcp:localhost,1433`, `-S .\SQLEXPRESS`: the machine before the port or instance.
            "sqlcmd" => (
                value(HOST).map(|h| h.strip_prefix("tcp:").unwrap_or(&h).split([',', '\\']).next().unwrap_or_default().to_string()),
                value(NAME),
            ),
            _ => (value(HOST), value(NAME).or_else(|| operands.first().map(|&k| args[k].clone()))),
        };
        // `postgres://user@localhost:5432/app_test`, `mysql://localhost/shop_test`.
        if let Some(uri) = database.clone().filter(|d| d.contains("://")) {
            let rest = uri.split_once("://").map_or("", |(_, r)| r);
            let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
            let at_host = authority.rsplit('@').next().unwrap_or("");
            host = Some(at_host.rsplit_once(':').map_or(at_host, |(h, _)| h).trim_matches(['[', ']']).to_string());
            database = Some(path.split(['?', '#']).next().unwrap_or("").to_string());
        }
        // No host option: the client's variable names it, as the call sets it (a value it
        // computes is no local host) or as the environment gives it.
        if host.is_none() {
            let variables: &[&str] = match name {
                "psql" | "pgcli" => &["PGHOST", "PGHOSTADDR"],
                "mysql" | "mariadb" | "mycli" => &["MYSQL_HOST"],
                "cqlsh" => &["CQLSH_HOST"],
                "sqlcmd" => &["SQLCMDSERVER"],
                _ => &["CLICKHOUSE_HOST"],
            };
            host = variables.iter().find_map(|v| {
                if self.seen.assigned.iter().any(|a| a == v) {
                    let value = self.seen.values.iter().rev().find(|(n, _)| n == v).and_then(|(_, w)| w.literal());
                    Some(value.unwrap_or_else(|| "$computed".to_string()))
                } else {
                    std::env::var(v).ok()
                }
            });
        }
        Some((host.as_deref().is_none_or(local_host), database))
    }
}

/// A command line that works on a local test database by its own words: `dropdb`/`createdb` of a
/// database whose name says test on this machine (no host, `localhost`, `127.0.0.1`, `::1` or a
/// socket directory), `mongosh` and `redis-cli` given their statements so, or a migration tool run
/// against a test database ([`migrates_a_test_database`]). The rules read it as
/// `test-database dropdb …`. `prefix` is the command's words before its program (its `NAME=value`
/// assignments among them), read only for a migration tool.
pub(super) fn local_test_admin(name: &str, args: &[String], prefix: &[Word]) -> bool {
    if args.iter().any(|a| a.contains(['$', '`'])) {
        return false;
    }
    // The shell's own command line holds its statements (`--eval 'db.dropDatabase()'`).
    if matches!(name, "mongosh" | "mongo") {
        return mongo_local_test(args);
    }
    if matches!(name, "redis-cli" | "valkey-cli" | "keydb-cli") {
        return redis_test_keys(args);
    }
    if MIGRATION_TOOLS.contains(&name) {
        return migrates_a_test_database(name, args, &prefix_env(prefix));
    }
    if !matches!(name, "dropdb" | "createdb") {
        return false;
    }
    // Options that take the next word: host, port, user, maintenance database, owner, template,
    // tablespace, encoding, locales.
    const VALUED: &[&str] = &[
        "-h",
        "--host",
        "-p",
        "--port",
        "-U",
        "--username",
        "--maintenance-db",
        "-O",
        "--owner",
        "-T",
        "--template",
        "-D",
        "--tablespace",
        "-E",
        "--encoding",
        "-l",
        "--locale",
        "--lc-collate",
        "--lc-ctype",
        "--icu-locale",
        "--strategy",
        "-S",
    ];
    let (host, operands) = host_and_operands(args, VALUED, &["-h", "--host"]);
    let local = host.as_deref().is_none_or(local_host);
    // createdb's second operand is a description, not a database.
    local && operands.first().is_some_and(|d| says_test(d) && !d.contains(['$', '`', '*', '?']))
}

/// Whether a statement (`sql …`, as the rules read it) drops, creates or empties only a database,
/// keyspace or table whose name says test (`DROP DATABASE IF EXISTS app_test`, `DROP KEYSPACE
/// app_test`, `TRUNCATE test_orders`): on a server on this machine, what it acts on is what it
/// names, not the database the client connects to.
pub(super) fn test_database_statement(statement: &str) -> bool {
    let mut rest = statement.split_whitespace().skip(1).peekable();
    let Some(verb) = rest.next() else { return false };
    match verb {
        "drop" | "create" => {
            if rest.next_if(|w| matches!(*w, "database" | "schema" | "keyspace" | "table" | "view")).is_none() {
                return false;
            }
        }
        "truncate" => {
            rest.next_if_eq(&"table");
        }
        _ => return false,
    }
    if rest.next_if_eq(&"if").is_some() {
        rest.next_if_eq(&"not");
        rest.next_if_eq(&"exists");
    }
    let Some(name) = rest.next().map(|d| d.trim_end_matches(';')) else { return false };
    // `DROP SCHEMA app_test CASCADE` takes what the schema holds, and nothing else.
    rest.next_if(|w| matches!(w.trim_end_matches(';'), "cascade" | "restrict"));
    // A qualified name (`shop.test_orders`, `shop_test.orders`, `"app_test"`): a test table, or
    // a table of a test database.
    rest.next().is_none()
        && name.split('.').all(|p| {
            let p = p.trim_matches(['`', '"', '[', ']']);
            !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
        && says_test(name)
}

/// `mongosh`/`mongo` connected to a database whose name says test on this machine: by a
/// `mongodb://` address (`mongodb+srv://` is always a cluster elsewhere), `--host`, or a first
/// operand `[host[:port]/]db` (a plain name is on this machine's server).
fn mongo_local_test(args: &[String]) -> bool {
    const VALUED: &[&str] = &[
        "--host",
        "--port",
        "-u",
        "--username",
        "-p",
        "--password",
        "--authenticationDatabase",
        "--authenticationMechanism",
        "--eval",
        "-f",
        "--file",
        "--tlsCAFile",
        "--tlsCertificateKeyFile",
        "--tlsCertificateKeyFilePassword",
        "--apiVersion",
    ];
    if args.iter().any(|a| a == "--nodb") {
        return false;
    }
    let (host, operands) = host_and_operands(args, VALUED, &["--host"]);
    // The address: `--host` may hold one too; one operand at most.
    let host_only = |h: &str| local_host(h.rsplit_once(':').map_or(h, |(h, _)| h).trim_matches(['[', ']']));
    let address = match (host, operands.as_slice()) {
        (Some(uri), []) if uri.contains("://") => uri,
        (Some(h), [db]) if !h.contains("://") && !db.contains(['/', ':']) && host_only(&h) => (*db).to_string(),
        (None, [one]) => (*one).to_string(),
        _ => return false,
    };
    let (hosts, db) = match address.split_once("://") {
        Some(("mongodb", rest)) => rest.split_once('/').unwrap_or((rest, "")),
        Some(_) => return false,
        None => address.rsplit_once('/').unwrap_or(("", address.as_str())),
    };
    let hosts = hosts.rsplit('@').next().unwrap_or_default();
    let db = db.split(['?', '#']).next().unwrap_or_default();
    let local = hosts.split(',').all(host_only);
    local && says_test(db) && db.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
}

/// `redis-cli -h localhost DEL test:session:1`, `redis-cli -s /tmp/redis.sock SET test:k v`: a server
/// on this machine, and a command that changes only keys whose names say test. Emptying a whole
/// database (`FLUSHDB`) or any other key is no test database's.
fn redis_test_keys(args: &[String]) -> bool {
    const VALUED: &[&str] =
        &["-h", "-p", "-s", "-a", "-u", "-n", "-r", "-i", "-d", "--user", "--pass", "--sni", "--cacert", "--cert", "--key"];
    let (host, operands) = host_and_operands(args, VALUED, &["-h", "-s", "-u"]);
    let host = host.unwrap_or_default();
    // `-u redis://user@localhost:6379/0`: the machine in the address.
    let host = match host.split_once("://") {
        Some((_, rest)) => {
            let authority = rest.split('/').next().unwrap_or_default();
            let at_host = authority.rsplit('@').next().unwrap_or_default();
            at_host.rsplit_once(':').map_or(at_host, |(h, _)| h).to_string()
        }
        None => host,
    };
    let Some((verb, rest)) = operands.split_first() else { return false };
    // The keys of each command: all its operands, or the first (the rest are values).
    let keys: &[&str] = match verb.to_ascii_lowercase().as_str() {
        "del" | "unlink" => rest,
        "set" | "setex" | "psetex" | "expire" | "pexpire" | "hset" | "hdel" | "hmset" | "lpush" | "rpush" | "sadd" | "srem" | "zadd"
        | "zrem" | "incr" | "decr" | "incrby" | "append" | "persist" | "xadd" => rest.get(..1).unwrap_or_default(),
        _ => return false,
    };
    local_host(&host) && !keys.is_empty() && keys.iter().all(|k| says_test(k) && !k.contains(['*', '?', '[']))
}

/// Migration and schema tools, which work on the database their URL option, `DATABASE_URL` or
/// environment name gives them (the rules' "migrates or writes a database").
const MIGRATION_TOOLS: &[&str] = &[
    "rails",
    "rake",
    "alembic",
    "flyway",
    "prisma",
    "knex",
    "sequelize",
    "sequelize-cli",
    "typeorm",
    "dbmate",
    "diesel",
    "sqlx",
    "liquibase",
    "mix",
    "drizzle-kit",
    "atlas",
    "migrate",
    "mikro-orm",
];

/// A migration tool pointed at a test database on this machine: every database address it is given
/// (an option's `--database-url`/`-D`/`-u`/`--url`/`-database`/`-x db=`, or `DATABASE_URL` from the
/// command's prefix, else from gitvow's own environment, which the agent's commands inherit) is a
/// local one whose name says test, and every environment name (`RAILS_ENV=test`, `MIX_ENV`,
/// `NODE_ENV`, `--env test`) says test; at least one of them is given. `rails` and `rake` run
/// only `db:` tasks so (`RAILS_ENV=test rails runner …` runs any code). `RAILS_ENV=test
/// DATABASE_URL=postgres://db.prod/app rails db:drop` is no test database's.
fn migrates_a_test_database(name: &str, args: &[String], env: &[(String, Option<String>)]) -> bool {
    const URL_OPTIONS: &[&str] = &["--database-url", "-D", "-u", "--url", "-url", "-database", "--db-url"];
    const ENV_OPTIONS: &[&str] = &["--env", "--environment"];
    const ENV_NAMES: &[&str] = &["RAILS_ENV", "RACK_ENV", "MIX_ENV", "NODE_ENV", "APP_ENV"];
    // Runners of any task run only their database tasks so (`rake -e CODE`, `mix run` run code).
    let task = |a: &String| match name {
        "rails" | "rake" => a.starts_with("db:") || matches!(a.as_str(), "--trace" | "-t" | "--verbose" | "-v"),
        "mix" => a.starts_with("ecto."),
        _ => true,
    };
    if !args.iter().all(task) {
        return false;
    }
    let (mut urls, mut names) = (Vec::new(), Vec::new());
    for (variable, value) in env {
        let Some(value) = value else {
            if variable == "DATABASE_URL" || ENV_NAMES.contains(&variable.as_str()) {
                return false;
            }
            continue;
        };
        if variable == "DATABASE_URL" {
            urls.push(value.clone());
        } else if ENV_NAMES.contains(&variable.as_str()) {
            names.push(value.clone());
        }
    }
    if !env.iter().any(|(v, _)| v == "DATABASE_URL")
        && let Ok(url) = std::env::var("DATABASE_URL")
    {
        urls.push(url);
    }
    let mut k = 0;
    while k < args.len() {
        let a = &args[k];
        let (flag, attached) = match a.split_once('=') {
            Some((f, v)) if f.starts_with('-') => (f, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let value = || attached.clone().or_else(|| args.get(k + 1).cloned());
        if URL_OPTIONS.contains(&flag) {
            urls.extend(value());
        } else if ENV_OPTIONS.contains(&flag) {
            names.extend(value());
        } else if flag == "-x" {
            // alembic's `-x db=sqlite:///test.db`: the project's env.py reads it.
            urls.extend(value().and_then(|v| v.strip_prefix("db=").map(str::to_string)));
        }
        k += 1;
    }
    (!urls.is_empty() || !names.is_empty()) && urls.iter().all(|u| test_address(u)) && names.iter().all(|n| says_test(n))
}

/// A database address on this machine whose database says test: `sqlite:db/test.sqlite3`,
/// `sqlite:///test.db`, `postgres://postgres@localhost:5432/app_test?sslmode=disable`.
fn test_address(url: &str) -> bool {
    let Some((scheme, rest)) = url.split_once(':') else { return false };
    if scheme.starts_with("sqlite") || scheme == "file" {
        let path = rest.trim_start_matches('/');
        return says_test(path.rsplit('/').next().unwrap_or_default());
    }
    let Some(rest) = rest.strip_prefix("//") else { return false };
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    let at_host = authority.rsplit('@').next().unwrap_or_default();
    let host = at_host.rsplit_once(':').map_or(at_host, |(h, _)| h).trim_matches(['[', ']']);
    let database = path.split(['?', '#']).next().unwrap_or_default();
    local_host(host) && !authority.contains(',') && says_test(database) && !database.contains('/')
}

/// A command's `NAME=value` prefix words (`RAILS_ENV=test rails db:drop`), a computed value `None`.
fn prefix_env(words: &[Word]) -> Vec<(String, Option<String>)> {
    words
        .iter()
        .filter_map(|w| {
            let Some(super::syntax::Part::Lit(first)) = w.parts.first() else { return None };
            let (name, _) = first.split_once('=')?;
            super::syntax::is_name(name).then(|| (name.to_string(), super::builtins::assigned(w)))
        })
        .collect()
}

/// A client's host option (the last of `hosts`, `--host=h` or `-hH` for a short one) and its
/// operands, the values of `valued` options passed over. `--` is passed over as an option word
/// is: what follows it is still read for options.
fn host_and_operands<'a>(args: &'a [String], valued: &[&str], hosts: &[&str]) -> (Option<String>, Vec<&'a str>) {
    let (mut host, mut operands) = (None, Vec::new());
    let mut words = OptionWords::with(args, Dashes::Word);
    while let Some(a) = words.next() {
        let (flag, attached) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (a, None),
        };
        if valued.contains(&flag) {
            let v = attached.or_else(|| words.value()).map(str::to_string);
            if hosts.contains(&flag) {
                host = v;
            }
        } else if let Some(h) = hosts.iter().filter(|f| f.len() == 2).find_map(|f| a.strip_prefix(f)).filter(|h| !h.is_empty()) {
            host = Some(h.to_string());
        } else if !a.starts_with('-') {
            operands.push(a);
        }
    }
    (host, operands)
}

/// A server on this machine: by name, by loopback address, or by a socket's path.
fn local_host(host: &str) -> bool {
    matches!(host, "" | "localhost" | "127.0.0.1" | "::1" | "." | "(local)" | "(localdb)") || host.starts_with('/')
}

/// A name that says test: `test.db`, `app_test`, `tests/fixtures.sqlite`, `testing`.
fn says_test(name: &str) -> bool {
    name.to_ascii_lowercase().contains("test")
}
