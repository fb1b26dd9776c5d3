//! Text bash evaluates as arithmetic: `$((…))`, `$[…]`, an array's subscript (`${a[…]}`), a
//! substring's offsets (`${x:…}`), `let`, `((…))`, the operands of `[[ … -eq … ]]` and the values
//! `declare -i` gives. There bash expands `$(…)` and backticks as written, and a variable's name
//! stands for its value, itself evaluated: a subscript in that value runs its substitution
//! (`x='a[$(rm -rf ~)]'; echo $((x))` runs the rm).

use super::syntax::{Node, Parsed, Part, Simple, Word};
use super::{ShellState, Walk};

/// How many times a name's value is followed to the names it holds (`b=a; echo $((b))`
/// evaluates a's value too).
const MAX_HOPS: usize = 8;

impl Walk<'_> {
    /// The substitutions `cmd`'s arithmetic runs: those written in it, and those in the values
    /// the call gave the variables it names (a value the analysis does not know is as before).
    pub(super) fn arithmetic(&mut self, cmd: &Simple, shell: &ShellState, reparse: usize) {
        let texts = arithmetic_texts(cmd);
        let mut scripts: Vec<String> = texts.iter().flat_map(|t| substitutions_in(t)).collect();
        scripts.extend(self.run_by_name(texts.iter().map(String::as_str).flat_map(names)));
        self.run_each(scripts, shell, reparse);
    }

    /// `((…))`, also a C-style `for`'s head: the parser reads it as a subshell around a subshell
    /// whose commands are the expression's words (`(( y = x ))` is the command `y = x`). Each
    /// command's text is arithmetic, but for the name a plain `=` assigns, whose value it does not
    /// read (`x=1` after `x='a[$(id)]'` names nothing). Its substitutions are walked as the
    /// inner commands' own.
    pub(super) fn expression(&mut self, p: &Parsed, body: usize, shell: &ShellState, reparse: usize) {
        let Some(script) = p.scripts.get(body) else { return };
        let texts: Vec<String> = script
            .pipelines
            .iter()
            .flat_map(|pl| pl.nodes.iter())
            .filter_map(|n| match n {
                Node::Simple(cmd) => Some(assigned_from(&cmd.words.iter().map(arithmetic_text).collect::<Vec<_>>().join(" "))),
                Node::Subshell(_) => None,
            })
            .collect();
        let scripts = self.run_by_name(texts.iter().map(String::as_str).flat_map(names));
        self.run_each(scripts, shell, reparse);
    }

    /// Walks each script as run where the arithmetic is, once.
    fn run_each(&mut self, mut scripts: Vec<String>, shell: &ShellState, reparse: usize) {
        scripts.dedup();
        for script in scripts {
            self.text(&script, &mut shell.clone(), reparse + 1);
        }
    }

    /// The substitutions the values of `named` run when bash evaluates them: a value the call gave
    /// that holds `$(` or a backtick, also through the names a value holds in turn.
    fn run_by_name<'n>(&self, named: impl Iterator<Item = &'n str>) -> Vec<String> {
        let mut todo: Vec<String> = named.map(str::to_string).collect();
        let mut seen: Vec<String> = Vec::new();
        let mut scripts = Vec::new();
        for _ in 0..MAX_HOPS {
            let mut next = Vec::new();
            for name in std::mem::take(&mut todo) {
                if seen.contains(&name) {
                    continue;
                }
                if let Some(value) = self.seen.values.iter().rev().find(|(n, _)| *n == name).and_then(|(_, v)| v.literal()) {
                    if value.contains("$(") || value.contains('`') {
                        scripts.extend(substitutions_in(&value));
                    }
                    next.extend(names(&value).map(str::to_string));
                }
                seen.push(name);
            }
            if next.is_empty() {
                break;
            }
            todo = next;
        }
        scripts
    }
}

/// An arithmetic text without the name a plain `=` at its start assigns (`y = x` → ` x`); a
/// compound one (`y += x`) and a comparison (`y == x`) read it.
fn assigned_from(text: &str) -> String {
    let trimmed = text.trim_start();
    let name_end = trimmed.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(trimmed.len());
    let rest = trimmed[name_end..].trim_start();
    match rest.strip_prefix('=') {
        Some(value) if name_end > 0 && !value.starts_with('=') && super::syntax::is_name(&trimmed[..name_end]) => value.to_string(),
        _ => text.to_string(),
    }
}

/// The texts of `cmd` that bash evaluates as arithmetic, and the names it evaluates as a
/// variable's name, where a subscript is arithmetic (`${!x}`, `[[ -v $x ]]`, `read "$x"`: a value
/// `a[$(rm -rf ~)]` in x runs the rm).
fn arithmetic_texts(cmd: &Simple) -> Vec<String> {
    let words: Vec<&Word> = cmd.words.iter().chain(cmd.redirs.iter().map(|r| &r.target)).collect();
    let mut out: Vec<String> = words
        .iter()
        .flat_map(|w| w.parts.iter())
        .filter_map(|p| match p {
            Part::Computed(t) if t.starts_with("$((") || t.starts_with("$[") || (t.starts_with("${") && t.contains(['[', ':'])) => {
                Some(t.clone())
            }
            // `${!x}`: x's value is a name, evaluated.
            Part::Computed(t) => {
                t.strip_prefix("${!").and_then(|r| r.strip_suffix('}')).filter(|n| super::syntax::is_name(n)).map(str::to_string)
            }
            _ => None,
        })
        .collect();
    // The program, past the assignments: only the few builtins that evaluate arithmetic or take
    // a variable's name have their words read as such.
    let program = cmd.words.iter().position(|w| !w.literal().is_some_and(|t| is_assignment(&t))).unwrap_or(cmd.words.len());
    let Some(name) = cmd.words.get(program).and_then(Word::literal) else { return out };
    let args = cmd.words.get(program + 1..).unwrap_or_default();
    let texts: Vec<String> = args.iter().map(arithmetic_text).collect();
    // The words as arithmetic reads them: quoted or plain text, and the names of the variables
    // expanded into them (`$x` gives x's text, evaluated in turn). Their substitutions run as
    // any word's do, and are walked as such.
    match name.as_str() {
        "let" => out.extend(texts),
        "[[" if texts.iter().any(|a| matches!(a.as_str(), "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge")) => out.extend(texts),
        "declare" | "typeset" | "local" | "readonly" | "export" => {
            let flags: String = texts.iter().filter(|a| a.starts_with('-') && !a.starts_with("--")).map(|a| &a[1..]).collect();
            for (w, t) in args.iter().zip(&texts).filter(|(_, t)| !t.starts_with(['-', '+'])) {
                out.push(name_text(&before_value(w)));
                // An integer's value is arithmetic; a reference's is a name.
                if let Some((_, value)) = t.split_once('=').filter(|_| flags.contains(['i', 'n'])) {
                    out.push(value.to_string());
                }
            }
        }
        _ => out.extend(name_operands(&name, args, &texts).into_iter().map(name_text)),
    }
    out
}

/// The operands a builtin takes as a variable's name: after `-v` (`[[ -v`, `test -v`, `printf -v`,
/// `wait -p`), the names `read`, `mapfile`, `unset` and `getopts` set.
fn name_operands<'w>(program: &str, args: &'w [Word], texts: &[String]) -> Vec<&'w Word> {
    let after = |flag: &str| texts.iter().zip(args.iter().skip(1)).filter(|(t, _)| *t == flag).map(|(_, w)| w).collect::<Vec<_>>();
    // The options whose value follows them, and is no name.
    let valued: &[&str] = match program {
        "read" => &["-d", "-i", "-n", "-N", "-p", "-t", "-u"],
        "mapfile" | "readarray" => &["-d", "-n", "-O", "-s", "-u", "-C", "-c"],
        "unset" => &[],
        "getopts" => return args.get(1).into_iter().collect(),
        "[[" | "[" | "test" | "printf" => return after("-v"),
        "wait" => return after("-p"),
        _ => return Vec::new(),
    };
    let mut out = Vec::new();
    let mut skip = false;
    for (w, t) in args.iter().zip(texts) {
        if std::mem::take(&mut skip) {
            continue;
        }
        if t.starts_with('-') {
            skip = valued.contains(&t.as_str());
            continue;
        }
        out.push(w);
    }
    out
}

/// The name part of `NAME=value` (the word itself when it has no `=`).
fn before_value(w: &Word) -> Word {
    let mut parts = Vec::new();
    for p in &w.parts {
        if let Part::Lit(t) = p
            && let Some((name, _)) = t.split_once('=')
        {
            parts.push(Part::Lit(name.to_string()));
            break;
        }
        parts.push(p.clone());
    }
    Word { parts }
}

/// The names a word taken as a variable's name evaluates: those expanded into it, and those in
/// its subscript (`a[$i]`, `$x`); a plain name is set or tested, its value not read.
fn name_text(w: &Word) -> String {
    let vars = w.parts.iter().filter_map(|p| if let Part::Var(n) = p { Some(n.as_str()) } else { None });
    let text = arithmetic_text(w);
    let subscript = text.split_once('[').map_or("", |(_, s)| s);
    vars.chain([subscript]).collect::<Vec<_>>().join(" ")
}

fn arithmetic_text(w: &Word) -> String {
    w.parts
        .iter()
        .filter_map(|p| match p {
            Part::Lit(t) | Part::Var(t) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

fn is_assignment(text: &str) -> bool {
    text.split_once('=').is_some_and(|(n, _)| super::syntax::is_name(n.trim_end_matches('+')))
}

/// The variable names an arithmetic text holds.
fn names(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|n| super::syntax::is_name(n))
}

/// The scripts of the `$(…)` and backtick substitutions written in `text` (`$((` opens none).
fn substitutions_in(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '$' && chars.get(i + 1) == Some(&'(') && chars.get(i + 2) != Some(&'(') {
            let mut depth = 0;
            let start = i + 2;
            let mut j = i + 1;
            while j < chars.len() {
                match chars[j] {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            out.push(chars[start..j.min(chars.len())].iter().collect());
            i = j + 1;
        } else if chars[i] == '`' {
            let end = chars[i + 1..].iter().position(|&c| c == '`').map_or(chars.len(), |k| i + 1 + k);
            out.push(chars[i + 1..end].iter().collect());
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_substitutions_of_an_arithmetic_text_are_its_scripts() {
        assert_eq!(substitutions_in("$(( a[$(rm -rf ~)] + `id` ))"), ["rm -rf ~", "id"]);
        assert_eq!(substitutions_in("a[$(echo $(id))]"), ["echo $(id)"]);
        assert_eq!(substitutions_in("$((x + 1))"), Vec::<String>::new());
        assert_eq!(names("$((a[i] + x1 - 2))").collect::<Vec<_>>(), ["a", "i", "x1"]);
    }

    #[test]
    fn a_plain_assignment_does_not_read_its_name() {
        assert_eq!(assigned_from("y = x"), " x");
        assert_eq!(assigned_from("y=x+1"), "x+1");
        assert_eq!(assigned_from("y += x"), "y += x");
        assert_eq!(assigned_from("y == x"), "y == x");
        assert_eq!(assigned_from("a[i]=x"), "a[i]=x");
    }

    #[test]
    fn a_name_operand_evaluates_its_expansions_and_its_subscript() {
        let word = |parts: Vec<Part>| Word { parts };
        assert_eq!(name_text(&word(vec![Part::Var("x".into())])), "x ");
        assert_eq!(name_text(&word(vec![Part::Lit("a[".into()), Part::Var("i".into()), Part::Lit("+j]".into())])), "i i+j]");
        assert_eq!(name_text(&word(vec![Part::Lit("plain".into())])), "");
        let assigned = before_value(&word(vec![Part::Var("n".into()), Part::Lit("=v".into()), Part::Var("x".into())]));
        assert_eq!(name_text(&assigned), "n ");
    }
}
