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
        if !matches!(name, "psql" | "pgcli" | "mysql" | "mariadb" | "mycli" | "clickhouse-client") || words.iter().any(Word::is_computed) {
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
        let (mut host, mut database) = (value(HOST), value(NAME).or_else(|| operands.first().map(|&k| args[k].clone())));
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

/// `dropdb`/`createdb` of a database whose name says test on this machine (no host, `localhost`,
/// `127.0.0.1`, `::1` or a socket directory): the rules read it as `test-database dropdb …`.
pub(super) fn local_test_admin(name: &str, args: &[String]) -> bool {
    // The shell's own command line holds its statements (`--eval 'db.dropDatabase()'`).
    if matches!(name, "mongosh" | "mongo") {
        return !args.iter().any(|a| a.contains(['$', '`'])) && mongo_local_test(args);
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

/// Whether a statement (`sql …`, as the rules read it) drops or creates only a database whose
/// name says test (`DROP DATABASE IF EXISTS app_test`): on a server on this machine, the database
/// it acts on is the one it names, not the one the client connects to.
pub(super) fn test_database_statement(statement: &str) -> bool {
    let mut rest = statement.split_whitespace().skip(1).peekable();
    let (Some(verb), Some(what)) = (rest.next(), rest.next()) else { return false };
    if !matches!(verb, "drop" | "create") || !matches!(what, "database" | "schema") {
        return false;
    }
    if rest.next_if_eq(&"if").is_some() {
        rest.next_if_eq(&"not");
        rest.next_if_eq(&"exists");
    }
    let (Some(db), None) = (rest.next().map(|d| d.trim_end_matches(';').trim_matches(['`', '"'])), rest.next()) else {
        return false;
    };
    !db.is_empty() && db.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && says_test(db)
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
    matches!(host, "" | "localhost" | "127.0.0.1" | "::1") || host.starts_with('/')
}

/// A name that says test: `test.db`, `app_test`, `tests/fixtures.sqlite`, `testing`.
fn says_test(name: &str) -> bool {
    name.to_ascii_lowercase().contains("test")
}
