//! `cmake -P FILE`: a CMake script, whose `file(REMOVE …)`, `file(WRITE …)`, `file(RENAME …)`,
//! `execute_process(COMMAND …)` and kin change files or run programs. Each is read as the shell
//! line that does the same (`rm -rf`, `: >`, `mv`, the command), with `$ENV{NAME}` as the shell's
//! `${NAME}`, the script's own `set()` values and the directories CMake gives a script; a value
//! only CMake computes (a loop's variable, a list operation's result) or a file the script
//! includes is opaque.

use super::file::{RecipeLine, Recipes, Written, recipe_file};
use std::path::Path;

/// Commands of CMake's language that read another script: what it does is not seen.
const LOADS: &[&str] = &["include", "cmake_language", "add_subdirectory", "load_cache", "ctest_run_script"];

pub(super) fn cmake(args: &[String], dir: &Path, written: Written) -> Recipes {
    let mut vars: Vec<(String, String)> = Vec::new();
    let mut script = None;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        if a == "-P" {
            script = args.get(i).cloned();
            break;
        }
        if let Some(d) = a.strip_prefix("-D") {
            let d = if d.is_empty() { args.get(i).inspect(|_| i += 1).map_or("", String::as_str) } else { d };
            if let Some((k, v)) = d.split_once('=') {
                vars.push((k.split(':').next().unwrap_or(k).to_string(), v.to_string()));
            }
        }
    }
    let Some(script) = script else { return Recipes::Lines(Vec::new()) };
    let (text, shown) = match recipe_file(dir, Some(&script), &[], written) {
        Ok(found) => found,
        Err(done) => return done,
    };
    let list_dir = match Path::new(&script).parent().filter(|p| !p.as_os_str().is_empty()).map(|p| dir.join(p)) {
        Some(p) if !crate::paths::is_stdin_path(&script) && script != "-" => p,
        _ => dir.to_path_buf(),
    };
    let here = dir.to_string_lossy().into_owned();
    for (k, v) in [
        ("CMAKE_CURRENT_LIST_DIR", list_dir.to_string_lossy().into_owned()),
        ("CMAKE_SOURCE_DIR", here.clone()),
        ("CMAKE_BINARY_DIR", here.clone()),
        ("CMAKE_CURRENT_SOURCE_DIR", here.clone()),
        ("CMAKE_CURRENT_BINARY_DIR", here),
    ] {
        vars.push((k.to_string(), v));
    }
    let mut out = Vec::new();
    for (line, command, words) in commands(&text) {
        let origin = format!("the CMake script {shown}:{line}");
        let lower = command.to_ascii_lowercase();
        if LOADS.contains(&lower.as_str()) && !(lower == "include" && words.first().is_some_and(|w| is_module(&w.text))) {
            return Recipes::Opaque("its CMake script loads another script or evaluates code, which the analyser does not read");
        }
        if lower == "set" && words.len() >= 2 && !words[0].text.contains('$') {
            let value: Vec<String> =
                words[1..].iter().filter(|w| w.text != "CACHE" && w.text != "PARENT_SCOPE").map(|w| w.text.clone()).collect();
            // A value only CMake computes is marked so: a command that uses it is opaque.
            let value = resolve(&value.join(";"), &vars).unwrap_or_else(|| UNKNOWN.to_string());
            vars.push((words[0].text.clone(), value));
            continue;
        }
        let Some(lines) = shell_lines(&lower, &words) else { continue };
        for shell in lines {
            match shell.iter().map(|w| quoted(w, &vars)).collect::<Option<Vec<String>>>() {
                Some(words) => out.push(RecipeLine { origin: origin.clone(), text: words.join(" "), dir: dir.to_path_buf() }),
                None => return Recipes::Opaque("its CMake script changes files or runs programs named by values only CMake computes"),
            }
        }
    }
    Recipes::Lines(out)
}

/// `include(CTest)`: a module of CMake's own, named without a path or an extension.
fn is_module(name: &str) -> bool {
    !name.contains(['/', '.', '$'])
}

/// One argument of a CMake command: its text, quotes taken off.
struct Arg {
    text: String,
}

/// The shell lines a CMake command stands for, as words (`None`: it changes nothing and runs
/// nothing the analysis follows).
fn shell_lines(command: &str, words: &[Arg]) -> Option<Vec<Vec<Word>>> {
    let text = |w: &Arg| Word::Cmake(w.text.clone());
    let op = |o: &str| Word::Shell(o.to_string());
    match command {
        "file" => {
            let (mode, rest) = words.split_first()?;
            let all = |program: &[&str]| -> Vec<Vec<Word>> {
                vec![program.iter().map(|o| op(o)).chain([op("--")]).chain(rest.iter().map(text)).collect()]
            };
            Some(match mode.text.as_str() {
                "REMOVE" => all(&["rm", "-f"]),
                "REMOVE_RECURSE" => all(&["rm", "-rf"]),
                "TOUCH" | "TOUCH_NOCREATE" => all(&["touch"]),
                "MAKE_DIRECTORY" => all(&["mkdir", "-p"]),
                "WRITE" | "APPEND" | "GENERATE" | "CONFIGURE" => {
                    let target = if mode.text == "GENERATE" || mode.text == "CONFIGURE" {
                        rest.iter().position(|w| w.text == "OUTPUT").and_then(|k| rest.get(k + 1))?
                    } else {
                        rest.first()?
                    };
                    vec![vec![op("touch"), op("--"), text(target)]]
                }
                "RENAME" | "COPY_FILE" => {
                    let program = if mode.text == "RENAME" { "mv" } else { "cp" };
                    vec![vec![op(program), op("--"), text(rest.first()?), text(rest.get(1)?)]]
                }
                "COPY" | "INSTALL" => {
                    let at = rest.iter().position(|w| w.text == "DESTINATION")?;
                    let sources = rest[..at].iter().map(text);
                    vec![[op("cp"), op("-r"), op("--")].into_iter().chain(sources).chain([text(rest.get(at + 1)?)]).collect()]
                }
                "CREATE_LINK" => vec![vec![op("ln"), op("-s"), op("--"), text(rest.first()?), text(rest.get(1)?)]],
                "DOWNLOAD" => vec![vec![op("curl"), op("-o"), text(rest.get(1)?), text(rest.first()?)]],
                "ARCHIVE_EXTRACT" => {
                    let at = rest.iter().position(|w| w.text == "DESTINATION")?;
                    vec![vec![op("mkdir"), op("-p"), op("--"), text(rest.get(at + 1)?)]]
                }
                _ => return None,
            })
        }
        "execute_process" => {
            let mut lines: Vec<Vec<Word>> = Vec::new();
            let mut cwd = None;
            let mut in_command = false;
            let mut k = 0;
            while k < words.len() {
                let w = &words[k];
                match w.text.as_str() {
                    "COMMAND" => {
                        lines.push(Vec::new());
                        in_command = true;
                    }
                    "WORKING_DIRECTORY" => {
                        cwd = words.get(k + 1);
                        k += 1;
                        in_command = false;
                    }
                    t if t.chars().all(|c| c.is_ascii_uppercase() || c == '_') && t.len() > 2 => in_command = false,
                    _ if in_command => lines.last_mut()?.push(text(w)),
                    _ => {}
                }
                k += 1;
            }
            let cd = cwd.map(|d| vec![op("cd"), text(d), op("&&")]).unwrap_or_default();
            Some(lines.into_iter().filter(|l| !l.is_empty()).map(|l| cd.iter().cloned().chain(l).collect()).collect())
        }
        // `exec_program(prog [ARGS "a b"])`: its arguments are one string the shell splits.
        "exec_program" => {
            let program = words.first()?;
            let args = words.iter().position(|w| w.text == "ARGS").and_then(|k| words.get(k + 1));
            Some(vec![[text(program)].into_iter().chain(args.map(|a| Word::Split(a.text.clone()))).collect()])
        }
        _ => None,
    }
}

/// A word of a shell line made from a CMake command.
#[derive(Clone)]
enum Word {
    /// The shell's own (`rm`, `-rf`, `&&`).
    Shell(String),
    /// A CMake argument: quoted for the shell, its variable references resolved.
    Cmake(String),
    /// A CMake string the shell splits into words (`exec_program`'s `ARGS`).
    Split(String),
}

/// The value of a variable the script computes in a way the analysis does not follow.
const UNKNOWN: &str = "\u{0}";

/// `text` with each `${VAR}` replaced by the value the script or CMake set (innermost first, as
/// CMake does); `$ENV{NAME}` is left for the shell. `None`: a value only CMake knows.
fn resolve(text: &str, vars: &[(String, String)]) -> Option<String> {
    let mut text = text.to_string();
    for _ in 0..16 {
        let Some(open) = text.rfind("${") else { return Some(text) };
        let end = open + text[open..].find('}')?;
        let value = vars.iter().rev().find(|(k, _)| *k == text[open + 2..end]).map(|(_, v)| v.clone())?;
        if value.contains(UNKNOWN) {
            return None;
        }
        text.replace_range(open..=end, &value);
    }
    None
}

/// `word` as shell text: `$ENV{NAME}` becomes `${NAME}`, `${VAR}` the value the script set (none:
/// `None`, a value only CMake knows).
fn quoted(word: &Word, vars: &[(String, String)]) -> Option<String> {
    let text = match word {
        Word::Shell(s) => return Some(s.clone()),
        Word::Cmake(t) | Word::Split(t) => resolve(t, vars)?,
    };
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find('$') {
        out.push_str(&escape(&rest[..at]));
        rest = &rest[at..];
        if let Some(env) = rest.strip_prefix("$ENV{") {
            let end = env.find('}')?;
            out.push_str(&format!("${{{}}}", &env[..end]));
            rest = &env[end + 1..];
        } else {
            out.push_str("\\$");
            rest = &rest[1..];
        }
    }
    out.push_str(&escape(rest));
    Some(match word {
        Word::Split(_) => out.replace('"', ""),
        _ => format!("\"{out}\""),
    })
}

/// Text inside double quotes, taken literally by the shell.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"").replace('$', "\\$").replace('`', "\\`")
}

/// The commands of a CMake script: (line, name, arguments), comments and quotes taken off.
fn commands(text: &str) -> Vec<(usize, String, Vec<Arg>)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
        }
        if c == '#' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if !(c.is_ascii_alphabetic() || c == '_') {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        let name: String = chars[start..i].iter().collect();
        while i < chars.len() && (chars[i] == ' ' || chars[i] == '\t') {
            i += 1;
        }
        if chars.get(i) != Some(&'(') {
            continue;
        }
        i += 1;
        let at = line;
        let mut args = Vec::new();
        let mut depth = 0;
        let mut current: Option<String> = None;
        while i < chars.len() {
            let c = chars[i];
            match c {
                '\n' => line += 1,
                '#' => {
                    while i < chars.len() && chars[i] != '\n' {
                        i += 1;
                    }
                    continue;
                }
                '"' => {
                    let mut s = String::new();
                    i += 1;
                    while i < chars.len() && chars[i] != '"' {
                        if chars[i] == '\\' && i + 1 < chars.len() {
                            i += 1;
                            s.push(match chars[i] {
                                'n' => '\n',
                                't' => '\t',
                                other => other,
                            });
                        } else {
                            if chars[i] == '\n' {
                                line += 1;
                            }
                            s.push(chars[i]);
                        }
                        i += 1;
                    }
                    current.get_or_insert_default().push_str(&s);
                }
                '(' => {
                    depth += 1;
                    current.get_or_insert_default().push(c);
                }
                ')' if depth == 0 => {
                    args.extend(current.take().map(|text| Arg { text }));
                    i += 1;
                    break;
                }
                ')' => {
                    depth -= 1;
                    current.get_or_insert_default().push(c);
                }
                c if c.is_whitespace() => args.extend(current.take().map(|text| Arg { text })),
                _ => current.get_or_insert_default().push(c),
            }
            i += 1;
        }
        out.push((at, name, args));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(script: &str) -> Result<Vec<String>, &'static str> {
        let written = |p: &Path| (p == Path::new("/p/x.cmake")).then(|| Some(script.to_string()));
        let args: Vec<String> = ["-DOUT=build", "-P", "x.cmake"].iter().map(|s| s.to_string()).collect();
        match cmake(&args, Path::new("/p"), &written) {
            Recipes::Lines(l) => Ok(l.into_iter().map(|l| l.text).collect()),
            Recipes::Opaque(why) => Err(why),
        }
    }

    #[test]
    fn a_cmake_scripts_file_commands_and_processes_are_shell_lines() {
        assert_eq!(lines("file(REMOVE_RECURSE \"$ENV{HOME}/src\")\n").unwrap(), [r#"rm -rf -- "${HOME}/src""#]);
        assert_eq!(lines("set(D ${CMAKE_CURRENT_LIST_DIR}/out)\nfile(REMOVE ${D}/a ${OUT})").unwrap(), [r#"rm -f -- "/p/out/a" "build""#]);
        assert_eq!(
            lines("execute_process(COMMAND git push -f origin main WORKING_DIRECTORY /tmp RESULT_VARIABLE r)").unwrap(),
            [r#"cd "/tmp" && "git" "push" "-f" "origin" "main""#]
        );
        assert_eq!(lines("message(STATUS \"rm -rf ~\") # file(REMOVE x)\ninclude(CTest)").unwrap(), Vec::<String>::new());
        assert!(lines("foreach(f a b)\nfile(REMOVE ${f})\nendforeach()").is_err());
        assert!(lines("include(other.cmake)").is_err());
        assert!(lines("cmake_language(EVAL CODE \"file(REMOVE x)\")").is_err());
    }
}
