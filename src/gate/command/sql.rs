//! SQL as the rules see it: one text `sql <statement>` per statement, comments dropped, string
//! literals and quoted identifiers emptied (`'DROP TABLE x'` is data), blanks collapsed, lower case.
//! A statement is named by what it does: `with … delete …` reads as `delete with …`, and
//! `explain analyze delete …` (which runs the delete) as `delete …`; a `select` stays a `select`,
//! whatever words its expressions hold (`select replace(a, 'x', 'y')`).

pub(super) mod files;

/// The statements of `text`, each as `sql <statement>`.
pub fn statements(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for stmt in blank_literals(text).split(';') {
        let words: Vec<&str> = stmt.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let stmt = words.join(" ");
        out.push(format!("sql {}", name_statement(&stmt)));
    }
    out
}

const WRITES: &[&str] = &["insert", "update", "delete", "merge", "upsert", "truncate", "drop", "alter", "create"];

fn name_statement(stmt: &str) -> String {
    let mut s = stmt.to_string();
    // `explain analyze <statement>` runs the statement; a plain `explain` only plans it.
    for prefix in ["explain analyze ", "explain (analyze) ", "explain analyse "] {
        if let Some(rest) = s.strip_prefix(prefix) {
            s = rest.to_string();
        }
    }
    let words: Vec<&str> = s.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').collect();
    if s.starts_with("with ")
        && let Some(verb) = words.iter().find(|w| WRITES.contains(w))
    {
        return format!("{verb} {s}");
    }
    // A Cypher query reads (`match`, `unwind`) and may then change the graph: it is named by
    // its first changing clause (`match (n) detach delete n` deletes).
    if CYPHER_READS.iter().any(|r| s.starts_with(r))
        && let Some(verb) = words.iter().find_map(|w| CYPHER_CHANGES.iter().find(|(c, _)| c == w).map(|(_, v)| v))
    {
        return format!("{verb} {s}");
    }
    // A `select` that calls a server's administration function changes the server: it is
    // named as the call it makes (`select pg_terminate_backend(pid) …` ends sessions).
    if s.starts_with("select ")
        && let Some(function) = words.iter().find(|w| ADMIN_FUNCTIONS.contains(w))
    {
        return format!("call {function} {s}");
    }
    s
}

/// How a Cypher query that changes the graph starts: a reading clause.
const CYPHER_READS: &[&str] = &["match ", "match(", "optional match", "unwind ", "load csv", "call {"];

/// Cypher's changing clauses and the SQL verb that names them.
const CYPHER_CHANGES: &[(&str, &str)] =
    &[("delete", "delete"), ("detach", "delete"), ("remove", "update"), ("set", "update"), ("create", "create"), ("merge", "merge")];

/// Functions a `select` calls that end sessions, reload or promote the server, or remove its
/// files and replication slots.
const ADMIN_FUNCTIONS: &[&str] = &[
    "pg_terminate_backend",
    "pg_cancel_backend",
    "pg_reload_conf",
    "pg_promote",
    "pg_drop_replication_slot",
    "pg_switch_wal",
    "pg_file_unlink",
    "pg_file_write",
    "pg_file_rename",
    "lo_unlink",
    "lo_export",
    "dblink_exec",
    "outfile",
    "dumpfile",
];

/// Lower case, comments removed, `'…'`, `"…"`, `` `…` `` and `$tag$…$tag$` emptied.
fn blank_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '-' if chars.get(i + 1) == Some(&'-') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '#' => {
                // MySQL comment to the end of the line.
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                i += 2;
                while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                    i += 1;
                }
                i += 2;
                out.push(' ');
            }
            '\'' | '"' | '`' => {
                i += 1;
                while i < chars.len() {
                    if chars[i] == '\\' && c == '\'' {
                        i += 2;
                        continue;
                    }
                    if chars[i] == c {
                        // A doubled quote is a quote inside the literal.
                        if chars.get(i + 1) == Some(&c) {
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    i += 1;
                }
                i += 1;
                out.push(c);
                out.push(c);
            }
            '$' if dollar_tag(&chars, i).is_some() => {
                let tag = dollar_tag(&chars, i).unwrap_or_default();
                i += tag.len();
                let tag_chars: Vec<char> = tag.chars().collect();
                while i < chars.len() && !chars[i..].starts_with(&tag_chars) {
                    i += 1;
                }
                i += tag_chars.len();
                out.push_str("''");
            }
            _ => {
                out.push(c.to_ascii_lowercase());
                i += 1;
            }
        }
    }
    out
}

/// `$$` or `$name$` at `i`: a PostgreSQL dollar-quoted string starts.
fn dollar_tag(chars: &[char], i: usize) -> Option<String> {
    let mut j = i + 1;
    while j < chars.len() && (chars[j].is_ascii_alphanumeric() || chars[j] == '_') {
        j += 1;
    }
    (chars.get(j) == Some(&'$')).then(|| chars[i..=j].iter().collect())
}

#[cfg(test)]
mod tests {
    use super::statements;

    #[test]
    fn literals_are_data_and_statements_are_named() {
        assert_eq!(statements("SELECT replace(name, 'a', 'DROP TABLE x') FROM t"), ["sql select replace(name, '', '') from t"]);
        assert_eq!(statements("-- drop database x\nDROP  DATABASE prod;"), ["sql drop database prod"]);
        assert_eq!(
            statements("WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d"),
            ["sql delete with d as (delete from t returning *) select * from d"]
        );
        assert_eq!(statements("begin; update t set a = 'x;y'; commit"), ["sql begin", "sql update t set a = ''", "sql commit"]);
        assert_eq!(statements("select $$drop table x$$"), ["sql select ''"]);
        // Cypher is named by its changing clause; a read stays a read.
        assert_eq!(statements("MATCH (n) DETACH DELETE n"), ["sql delete match (n) detach delete n"]);
        assert_eq!(statements("MATCH (n) RETURN count(n)"), ["sql match (n) return count(n)"]);
        // A select calling an administration function is that call.
        assert_eq!(
            statements("select pg_terminate_backend(pid) from pg_stat_activity"),
            ["sql call pg_terminate_backend select pg_terminate_backend(pid) from pg_stat_activity"]
        );
        assert_eq!(statements("select count(*) from pg_stat_activity"), ["sql select count(*) from pg_stat_activity"]);
    }
}
