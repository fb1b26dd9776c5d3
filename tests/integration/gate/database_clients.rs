//! A database client's own commands and SQL's file functions write and read files and run
//! commands beside its statements (sqlite's `.output`, psql's `\copy … to`, mysql's `tee`,
//! `writefile()`, `VACUUM INTO`, `COPY … TO PROGRAM`): aimed at gitvow's own files or the agents'
//! settings they are stopped as `cp` there is, in the payload forms of Claude Code, Codex and
//! Copilot CLI; the same commands on the project's own files pass. A file of statements the
//! client runs (`.read f.sql`, `\i f.sql`) is read as its own text.

use super::own_files::{installed, judge};

#[test]
fn a_database_clients_own_commands_write_read_and_run() {
    let env = installed();
    env.write("evil.sql", format!(".output {}/.gitvow/policy.json\nselect 1;\n", env.home().display()));
    env.write("outer.sql", ".read evil.sql\n");
    env.write("report.sql", ".headers on\nselect count(*) from t;\n");
    judge(
        &env,
        &[
            "sqlite3 /tmp/x.db \".output $HOME/.gitvow/policy.json\" 'select 1'",
            "sqlite3 -csv /tmp/x.db \".once -x '$HOME/.gitvow/policy.json'\"",
            "echo \".output $HOME/.claude/settings.json\" | sqlite3 /tmp/x.db",
            "sqlite3 /tmp/x.db \"select writefile('$HOME/.gitvow/policy.json', '{}')\"",
            "sqlite3 :memory: \"VACUUM INTO '$HOME/.claude/settings.json'\"",
            "sqlite3 :memory: \"ATTACH DATABASE '$HOME/.gitvow/policy.json' AS p; CREATE TABLE p.t(a)\"",
            "sqlite3 /tmp/x.db \".import $HOME/.gitvow/record.key t\"",
            "sqlite3 :memory: '.once |gitvow approve'",
            "sqlite3 :memory: '.load /tmp/lib.so'",
            "psql -c \"\\copy t to '$HOME/.gitvow/policy.json'\"",
            "psql -c \"\\o $HOME/.gemini/settings.json\"",
            "mysql -e \"select 1 into outfile '$HOME/.gitvow/policy.json'\"",
            "mysql -e \"tee $HOME/.gitvow/policy.json\"",
            "sqlite3 /tmp/x.db '.read evil.sql'",
            "sqlite3 /tmp/x.db '.read outer.sql'",
            "psql -c '\\i evil.sql'",
            "mysql -e 'source evil.sql'",
        ],
        &[
            "sqlite3 test.db '.output out.csv' 'select * from t'",
            "sqlite3 -csv test.db '.once report.csv' 'select * from t'",
            "sqlite3 test.db '.backup backup.db'",
            "sqlite3 test.db '.import data.csv t'",
            "sqlite3 app.db \"select readfile('notes.txt')\"",
            "sqlite3 test.db '.read report.sql'",
            "psql -h localhost -d test_db -c \"\\copy t to 'out.csv' csv header\"",
        ],
    );
}
