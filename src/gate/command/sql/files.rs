//! What a database client's text does to files and programs beside its statements: sqlite's dot
//! commands (`.output FILE`, `.read FILE`, `.shell cmd`), psql's backslash commands (`\o FILE`,
//! `\copy … to FILE`, `\! cmd`), mysql's (`tee FILE`, `source FILE`, `system cmd`), and SQL's own
//! file functions and clauses (`writefile()`, `readfile()`, `VACUUM INTO`, `ATTACH`, `COPY … TO`,
//! `INTO OUTFILE`, `load_extension()`). A client writes these files as surely as `cp` would,
//! whatever its statements say, and a command it pipes to (`.once |cmd`, `COPY … TO PROGRAM`) runs.

/// One thing a client's text does outside its database.
#[derive(Debug, PartialEq)]
pub(crate) enum Outside {
    Writes(String),
    Reads(String),
    /// A file of statements the client runs (`.read f.sql`, `\i f.sql`, `source f.sql`).
    RunsSql(String),
    /// Shell text the client runs.
    Runs(String),
    /// A shared library loaded into the client: code the analyser cannot read.
    Loads,
}

/// Everything `text` (a client's statements and commands) does outside its database.
pub(crate) fn outside(text: &str) -> Vec<Outside> {
    let mut out = Vec::new();
    let mut sql = String::new();
    for line in text.lines() {
        let line = line.trim_start();
        if !client_command(line, &mut out) {
            sql.push_str(line);
            sql.push('\n');
        }
    }
    clauses(&tokens(&sql), &mut out);
    out
}

/// Whether a line is one of the clients' own commands rather than SQL, and what it does.
fn client_command(line: &str, out: &mut Vec<Outside>) -> bool {
    let (head, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    // Commands that run the rest of the line.
    if matches!(head, "\\!" | ".shell" | ".system") || head.eq_ignore_ascii_case("system") {
        out.push(Outside::Runs(rest.to_string()));
        return true;
    }
    if let Some(cmd) = head.strip_prefix("\\!") {
        out.push(Outside::Runs(format!("{cmd} {rest}")));
        return true;
    }
    // Quoted as a shell quotes (sqlite and psql take `'a b'` as one argument); a quote left open
    // leaves the words as they are.
    let args: Vec<String> = shell_words::split(rest).unwrap_or_else(|_| rest.split_whitespace().map(str::to_string).collect());
    let first = args.iter().find(|a| !a.starts_with('-'));
    let target = |out: &mut Vec<Outside>, arg: Option<&String>, does: fn(String) -> Outside| match arg {
        Some(a) if a.starts_with('|') => out.push(Outside::Runs(a[1..].to_string() + &piped_rest(rest))),
        Some(a) => out.push(does(a.clone())),
        None => {}
    };
    match head {
        ".output" | ".once" | ".log" | "\\o" | "\\out" | "\\w" | "\\write" | "\\g" | "\\s" => {
            if !first.is_some_and(|a| matches!(a.as_str(), "stdout" | "stderr" | "off")) {
                target(out, first, Outside::Writes);
            }
        }
        ".save" | ".backup" | ".clone" | ".open" => target(out, args.iter().rfind(|a| !a.starts_with('-')), Outside::Writes),
        ".read" | "\\i" | "\\ir" | "\\include" | "\\include_relative" | "\\." => target(out, first, Outside::RunsSql),
        ".import" | "\\lo_import" => target(out, first, Outside::Reads),
        "\\lo_export" => target(out, args.get(1), Outside::Writes),
        ".load" => out.push(Outside::Loads),
        "\\copy" => copy(&tokens(rest), out),
        _ if head.eq_ignore_ascii_case("tee") => target(out, first, Outside::Writes),
        _ if head.eq_ignore_ascii_case("source") => target(out, first, Outside::RunsSql),
        _ => return head.starts_with(['.', '\\']),
    }
    true
}

/// `.once |sort -u` runs `sort -u`: the pipe's command is the rest of the line after the bar.
fn piped_rest(rest: &str) -> String {
    let after = rest.split_once('|').map_or("", |(_, r)| r);
    after.split_once(char::is_whitespace).map_or(String::new(), |(_, r)| format!(" {r}"))
}

/// A piece of SQL: a word (lower case), a quoted literal (as written), or punctuation.
#[derive(Debug, PartialEq)]
enum Tok {
    Word(String),
    Lit(String),
    Punct(char),
}

/// The text as tokens; comments are dropped, a literal's doubled quote is one quote.
fn tokens(text: &str) -> Vec<Tok> {
    let mut toks = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '-' if chars.peek() == Some(&'-') => {
                chars.by_ref().find(|&c| c == '\n');
            }
            '\'' | '"' => {
                let mut lit = String::new();
                while let Some(d) = chars.next() {
                    if d == c {
                        if chars.peek() == Some(&c) {
                            chars.next();
                        } else {
                            break;
                        }
                    }
                    lit.push(d);
                }
                toks.push(Tok::Lit(lit));
            }
            '(' | ')' | ',' | ';' => toks.push(Tok::Punct(c)),
            c if c.is_whitespace() => {}
            c => {
                let mut word = c.to_ascii_lowercase().to_string();
                while let Some(&d) = chars.peek() {
                    if d.is_whitespace() || matches!(d, '(' | ')' | ',' | ';' | '\'' | '"') {
                        break;
                    }
                    word.push(d.to_ascii_lowercase());
                    chars.next();
                }
                toks.push(Tok::Word(word));
            }
        }
    }
    toks
}

/// SQL functions whose first argument names a file, and what they do with it.
const FILE_FUNCTIONS: &[(&str, bool)] =
    &[("writefile", true), ("readfile", false), ("pg_read_file", false), ("pg_read_binary_file", false), ("load_file", false)];

/// The file functions and clauses of each statement.
fn clauses(toks: &[Tok], out: &mut Vec<Outside>) {
    for stmt in toks.split(|t| *t == Tok::Punct(';')) {
        if matches!(stmt.first(), Some(Tok::Word(w)) if w == "copy") {
            copy(&stmt[1..], out);
        }
        let vacuum = matches!(stmt.first(), Some(Tok::Word(w)) if w == "vacuum");
        for (i, t) in stmt.iter().enumerate() {
            let Tok::Word(w) = t else { continue };
            let next = stmt.get(i + 1);
            let after = stmt.get(i + 2);
            match (w.as_str(), next, after) {
                ("load_extension", Some(Tok::Punct('(')), _) => out.push(Outside::Loads),
                (f, Some(Tok::Punct('(')), Some(Tok::Lit(path))) => {
                    if let Some(&(_, write)) = FILE_FUNCTIONS.iter().find(|(name, _)| *name == f) {
                        out.push(if write { Outside::Writes(path.clone()) } else { Outside::Reads(path.clone()) });
                    }
                }
                ("into", Some(Tok::Word(kind)), Some(Tok::Lit(path))) if kind == "outfile" || kind == "dumpfile" => {
                    out.push(Outside::Writes(path.clone()));
                }
                ("into", Some(Tok::Lit(path)), _) if vacuum => out.push(Outside::Writes(path.clone())),
                ("attach", Some(Tok::Lit(path)), _) => out.push(Outside::Writes(path.clone())),
                ("attach", Some(Tok::Word(d)), Some(Tok::Lit(path))) if d == "database" => out.push(Outside::Writes(path.clone())),
                _ => {}
            }
        }
    }
}

/// `COPY t TO 'file'`, `FROM 'file'`, `TO PROGRAM 'cmd'`; psql's `\copy` takes a bare name too.
fn copy(toks: &[Tok], out: &mut Vec<Outside>) {
    for (i, t) in toks.iter().enumerate() {
        let Tok::Word(w) = t else { continue };
        if w != "to" && w != "from" {
            continue;
        }
        let name = |t: Option<&Tok>| match t {
            Some(Tok::Lit(s)) => Some(s.clone()),
            Some(Tok::Word(s)) if !matches!(s.as_str(), "stdin" | "stdout" | "pstdin" | "pstdout" | "program") => Some(s.clone()),
            _ => None,
        };
        if matches!(toks.get(i + 1), Some(Tok::Word(p)) if p == "program") {
            if let Some(Tok::Lit(cmd)) = toks.get(i + 2) {
                out.push(Outside::Runs(cmd.clone()));
            }
        } else if let Some(path) = name(toks.get(i + 1)) {
            out.push(if w == "to" { Outside::Writes(path) } else { Outside::Reads(path) });
        }
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::{Outside, outside};

    fn w(p: &str) -> Outside {
        Outside::Writes(p.into())
    }
    fn r(p: &str) -> Outside {
        Outside::Reads(p.into())
    }
    fn x(c: &str) -> Outside {
        Outside::Runs(c.into())
    }

    #[test]
    fn a_clients_commands_and_file_functions_name_their_files() {
        for (text, want) in [
            (".output /h/.gitvow/policy.json\nselect 1;", vec![w("/h/.gitvow/policy.json")]),
            (".once -x 'out file.csv'", vec![w("out file.csv")]),
            (".output stdout", vec![]),
            (".once |sort -u", vec![x("sort -u")]),
            (".read |gitvow approve", vec![x("gitvow approve")]),
            (".backup main /tmp/b.db", vec![w("/tmp/b.db")]),
            (".read k.sql", vec![Outside::RunsSql("k.sql".into())]),
            (".import --csv data.csv t", vec![r("data.csv")]),
            (".shell rm x", vec![x("rm x")]),
            (".load ./evil", vec![Outside::Loads]),
            ("\\o out.txt", vec![w("out.txt")]),
            ("\\copy t to 'x.csv' csv", vec![w("x.csv")]),
            ("\\copy t from data.csv", vec![r("data.csv")]),
            ("\\! rm -rf x", vec![x("rm -rf x")]),
            ("TEE /tmp/log", vec![w("/tmp/log")]),
            ("source setup.sql", vec![Outside::RunsSql("setup.sql".into())]),
            ("system gitvow uninstall", vec![x("gitvow uninstall")]),
            ("SELECT writefile('/h/p.json', '{}')", vec![w("/h/p.json")]),
            ("select readfile('k')", vec![r("k")]),
            ("VACUUM INTO '/tmp/copy.db'", vec![w("/tmp/copy.db")]),
            ("attach database 'x.db' as x; ATTACH 'y.db' AS y", vec![w("x.db"), w("y.db")]),
            ("select * from t into outfile '/tmp/o'", vec![w("/tmp/o")]),
            ("COPY t TO PROGRAM 'gitvow approve'", vec![x("gitvow approve")]),
            ("copy t to '/tmp/t.csv'", vec![w("/tmp/t.csv")]),
            ("copy t from stdin", vec![]),
            ("select load_extension('x')", vec![Outside::Loads]),
            ("select 'writefile(''a'')' from t; -- writefile('b')", vec![]),
            ("select * from t where a = 'into outfile'", vec![]),
        ] {
            assert_eq!(outside(text), want, "{text}");
        }
    }
}
