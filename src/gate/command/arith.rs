//! Text bash evaluates as arithmetic: `$((…))`, `$[…]`, an array's subscript (`${a[…]}`), a
//! substring's offsets (`${x:…}`), `let`, `((…))`, the operands of `[[ … -eq … ]]` and the values
//! `declare -i` gives. There bash expands `$(…)` and backticks as written, and a variable's name
//! stands for its value, itself evaluated: a subscript in that value runs its substitution
//! (`x='a[$(rm -rf ~)]'; echo $((x))` runs the rm).

use super::syntax::{Part, Simple, Word};
use super::{ShellState, Walk};

impl Walk<'_> {
    /// The substitutions `cmd`'s arithmetic runs: those written in it, and those in the values
    /// the call gave the variables it names (a value the analysis does not know is as before).
    pub(super) fn arithmetic(&mut self, cmd: &Simple, shell: &ShellState, reparse: usize) {
        let texts = arithmetic_texts(cmd);
        let mut scripts: Vec<String> = texts.iter().flat_map(|t| substitutions_in(t)).collect();
        let running: Vec<(String, String)> = self
            .seen
            .values
            .iter()
            .filter_map(|(name, value)| value.literal().filter(|v| v.contains("$(") || v.contains('`')).map(|v| (name.clone(), v)))
            .collect();
        if !running.is_empty() {
            // `((x))`, `((y=x+1))`: the parser reads them as subshells around a command whose first
            // word is the expression's first; the names in it are asked after too, of an
            // assignment its value's (`x=1` after `x='a[$(id)]'` names nothing, and the text of
            // `x='$(date)'` is no arithmetic of its own).
            let first = cmd.words.first().map(arithmetic_text).map(|t| t.split_once('=').map_or(t.clone(), |(_, v)| v.to_string()));
            for (name, value) in running {
                let named = |t: &String| names(t).any(|n| n == name);
                if texts.iter().any(named) || first.as_ref().is_some_and(named) {
                    scripts.extend(substitutions_in(&value));
                }
            }
        }
        scripts.dedup();
        for script in scripts {
            self.text(&script, &mut shell.clone(), reparse + 1);
        }
    }
}

/// The texts of `cmd` that bash evaluates as arithmetic.
fn arithmetic_texts(cmd: &Simple) -> Vec<String> {
    let words: Vec<&Word> = cmd.words.iter().chain(cmd.redirs.iter().map(|r| &r.target)).collect();
    let mut out: Vec<String> = words
        .iter()
        .flat_map(|w| w.parts.iter())
        .filter_map(|p| match p {
            Part::Computed(t) if t.starts_with("$((") || t.starts_with("$[") || (t.starts_with("${") && t.contains(['[', ':'])) => {
                Some(t.clone())
            }
            _ => None,
        })
        .collect();
    // The program, past the assignments: only the few that evaluate arithmetic have their
    // words read as such.
    let program = cmd.words.iter().position(|w| !w.literal().is_some_and(|t| is_assignment(&t))).unwrap_or(cmd.words.len());
    let is_arithmetic = cmd
        .words
        .get(program)
        .and_then(Word::literal)
        .is_some_and(|name| matches!(name.as_str(), "let" | "[[" | "declare" | "typeset" | "local" | "readonly" | "export"));
    if !is_arithmetic {
        return out;
    }
    // The words as arithmetic reads them: quoted or plain text, and the names of the variables
    // expanded into them (`$x` gives x's text, evaluated in turn). Their substitutions run as
    // any word's do, and are walked as such.
    let texts: Vec<String> = cmd.words[program..].iter().map(arithmetic_text).collect();
    let args = texts.get(1..).unwrap_or_default();
    match texts.first().map(String::as_str) {
        Some("let") => out.extend(args.iter().cloned()),
        Some("[[") if args.iter().any(|a| matches!(a.as_str(), "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge")) => {
            out.extend(args.iter().cloned());
        }
        Some("declare" | "typeset" | "local" | "readonly" | "export")
            if args.iter().any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains('i')) =>
        {
            out.extend(args.iter().filter_map(|a| a.split_once('=').map(|(_, v)| v.to_string())));
        }
        _ => {}
    }
    out
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
}
