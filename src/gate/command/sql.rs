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
    if s.starts_with("with ") {
        let words: Vec<&str> = s.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').collect();
        if let Some(verb) = words.iter().find(|w| WRITES.contains(w)) {
            return format!("{verb} {s}");
        }
    }
    s
}

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
    }
}
