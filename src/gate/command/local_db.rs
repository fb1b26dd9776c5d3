//! Local test databases: a database client pointed at a throwaway database (in memory, a file in
//! the project whose name says test, a server on this machine by its socket, `localhost` or
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
        if FILE_CLIENTS.contains(&name) {
            let Some(&k) = operands.first() else { return true };
            if args[k] == ":memory:" {
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
        if !matches!(name, "psql" | "pgcli" | "mysql" | "mariadb" | "mycli" | "clickhouse-client") || words.iter().any(Word::is_computed) {
            return false;
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
        let local = host.as_deref().is_none_or(|h| matches!(h, "" | "localhost" | "127.0.0.1" | "::1") || h.starts_with('/'));
        local && database.as_deref().is_some_and(says_test)
    }
}

/// `dropdb`/`createdb` of a database whose name says test on this machine (no host, `localhost`,
/// `127.0.0.1`, `::1` or a socket directory): the rules read it as `test-database dropdb …`.
pub(super) fn local_test_admin(name: &str, args: &[String]) -> bool {
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
    let (mut host, mut operands) = (None, Vec::new());
    // `--` is passed over as an option word is: what follows it is still read for options.
    let mut words = OptionWords::with(args, Dashes::Word);
    while let Some(a) = words.next() {
        let (flag, attached) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (a, None),
        };
        if VALUED.contains(&flag) {
            let v = attached.or_else(|| words.value()).map(str::to_string);
            if matches!(flag, "-h" | "--host") {
                host = v;
            }
        } else if let Some(h) = a.strip_prefix("-h").filter(|h| !h.is_empty()) {
            host = Some(h.to_string());
        } else if !a.starts_with('-') {
            operands.push(a);
        }
    }
    let local = host.as_deref().is_none_or(|h| matches!(h, "" | "localhost" | "127.0.0.1" | "::1") || h.starts_with('/'));
    // createdb's second operand is a description, not a database.
    local && operands.first().is_some_and(|d| says_test(d) && !d.contains(['$', '`', '*', '?']))
}

/// A name that says test: `test.db`, `app_test`, `tests/fixtures.sqlite`, `testing`.
fn says_test(name: &str) -> bool {
    name.to_ascii_lowercase().contains("test")
}
