//! Program text given to an interpreter on its command line (`python -c`, `node -e`, `perl -e`,
//! `ruby -e`, `awk '…'`). The rules see it as an argument; when it starts processes
//! (`os.system`, `subprocess`, `execSync`, backticks, …) its string literals are also read as the
//! shell commands they are, each alone and, inside one `[…]` list, joined (`["git", "push", "-f"]`).

/// Words that start a process in the common interpreters.
const SPAWNS: &[&str] = &[
    "system",
    "subprocess",
    "popen",
    "spawn",
    "exec",
    "child_process",
    "Command",
    "`",
    "%x",
    "shell_exec",
    "passthru",
    "proc_open",
    "check_output",
    "check_call",
    "getoutput",
    "pty",
];

/// String literals read per program text, at most.
const MAX_LITERALS: usize = 256;

/// The shell commands a program text may run: its string literals, when it starts processes.
pub fn commands(code: &str) -> Vec<String> {
    if !SPAWNS.iter().any(|s| code.contains(s)) {
        return Vec::new();
    }
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut list: Option<Vec<String>> = None;
    let mut i = 0;
    while i < chars.len() && out.len() < MAX_LITERALS {
        let c = chars[i];
        match c {
            '[' => {
                list = Some(Vec::new());
                i += 1;
            }
            ']' => {
                if let Some(words) = list.take().filter(|w| w.len() > 1) {
                    out.push(words.join(" "));
                }
                i += 1;
            }
            '\'' | '"' | '`' => {
                let triple = chars.get(i + 1) == Some(&c) && chars.get(i + 2) == Some(&c);
                i += if triple { 3 } else { 1 };
                let mut s = String::new();
                while i < chars.len() {
                    if chars[i] == '\\' && i + 1 < chars.len() {
                        s.push(match chars[i + 1] {
                            'n' => '\n',
                            't' => '\t',
                            other => other,
                        });
                        i += 2;
                        continue;
                    }
                    if chars[i] == c && (!triple || (chars.get(i + 1) == Some(&c) && chars.get(i + 2) == Some(&c))) {
                        i += if triple { 3 } else { 1 };
                        break;
                    }
                    s.push(chars[i]);
                    i += 1;
                }
                if let Some(words) = list.as_mut() {
                    words.push(super::quote(&s));
                }
                out.push(s);
            }
            _ => i += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::commands;

    #[test]
    fn literals_of_code_that_starts_processes() {
        assert_eq!(commands("import os; os.system('git push -f')"), ["git push -f"]);
        assert_eq!(commands("subprocess.run(['git', 'push', '-f'])"), ["git", "push", "-f", "git push -f"]);
        assert!(commands("print('git push -f')").is_empty());
        assert_eq!(commands(r#"require("child_process").execSync("rm -rf /")"#), ["child_process", "rm -rf /"]);
    }
}
