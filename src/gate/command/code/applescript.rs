//! AppleScript as `osascript -e` runs it, read for the shell commands it hands to `sh`
//! (`do shell script "…"`): a script that does only that is those commands; one that does anything
//! else (tells an application to act, builds the command by concatenation, runs text in a
//! terminal) is opaque, as all of AppleScript was.

use super::CodeEffect;

/// The words that hand a command line to the shell.
const SHELL_CALL: &str = "do shell script";

/// The effects of `text`, an AppleScript program.
pub fn read(text: &str) -> Vec<CodeEffect> {
    let opaque = || vec![CodeEffect::Opaque { why: "it runs AppleScript that does more than run literal shell commands" }];
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut rest = String::new();
    let mut at = 0;
    while let Some(k) = lower[at..].find(SHELL_CALL) {
        rest.push_str(&text[at..at + k]);
        let after = at + k + SHELL_CALL.len();
        let Some((command, end)) = string_at(text, after) else { return opaque() };
        // What follows on the line: the call's own options, or a concatenation (computed text).
        let line_end = text[end..].find('\n').map_or(text.len(), |n| end + n);
        let options = lower[end..line_end].trim();
        if !options.is_empty() && !options.starts_with("with ") && !options.starts_with("without ") && !options.starts_with("user name") {
            return opaque();
        }
        let command = if options.contains("administrator privileges") { format!("sudo {command}") } else { command };
        out.push(CodeEffect::Run { command });
        at = line_end;
    }
    rest.push_str(&text[at..]);
    if rest.split(['\n', '\r', ';']).any(|line| !line.trim().is_empty() && !line.trim_start().starts_with("--")) {
        return opaque();
    }
    out
}

/// The AppleScript string literal at `at` (after blanks): its text, unescaped, and where it ends.
fn string_at(text: &str, at: usize) -> Option<(String, usize)> {
    let start = at + text[at..].len() - text[at..].trim_start().len();
    let mut chars = text[start..].char_indices();
    if chars.next()?.1 != '"' {
        return None;
    }
    let mut out = String::new();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, start + i + 1)),
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                other => out.push(other),
            },
            _ => out.push(c),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(text: &str) -> Vec<String> {
        read(text)
            .into_iter()
            .map(|e| match e {
                CodeEffect::Run { command } => command,
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn shell_calls_are_their_commands_and_anything_else_is_opaque() {
        assert_eq!(runs(r#"do shell script "rm -rf ~/src/other""#), ["rm -rf ~/src/other"]);
        assert_eq!(runs(r#"do shell script "echo \"hi\"""#), [r#"echo "hi""#]);
        assert_eq!(runs("do shell script \"ls\"\n-- a comment\ndo shell script \"date\""), ["ls", "date"]);
        assert_eq!(runs(r#"do shell script "rm -rf /opt/x" with administrator privileges"#), ["sudo rm -rf /opt/x"]);
        for other in [
            r#"do shell script "rm -rf " & quoted form of p"#,
            r#"tell application "Finder" to delete every item of home"#,
            r#"tell application "Terminal" to do script "ls""#,
            "display dialog \"hi\"",
            "do shell script x",
        ] {
            assert!(matches!(read(other).as_slice(), [CodeEffect::Opaque { .. }]), "{other}");
        }
    }
}
