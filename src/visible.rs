//! Text from a call (a command, a path, an edit) as a person reads it on a terminal: control
//! characters and the characters that reorder or hide text are shown as escapes (`\x1b`, `\u202e`),
//! never passed through. Raw, an `ESC[2K` and a carriage return inside a shell comment make a push
//! read as `git status`, and a right-to-left override makes `txt.exe` read as `exe.txt`.

/// `text` with every control character but the line break, and every bidirectional or invisible
/// formatting character, written as an escape; a backslash stays as it is.
pub fn visible(text: &str) -> String {
    if !text.chars().any(hidden) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if !hidden(c) {
            out.push(c);
        } else if (c as u32) < 0x100 {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            out.push_str(&format!("\\u{:04x}", c as u32));
        }
    }
    out
}

/// [`visible`] for a text shown on one line: line breaks escaped too.
pub fn visible_line(text: &str) -> String {
    visible(text).replace('\n', "\\x0a")
}

fn hidden(c: char) -> bool {
    (c.is_control() && c != '\n')
        || matches!(c as u32,
            0x061c | 0x180e | 0x200b..=0x200f | 0x2028..=0x202e | 0x2060..=0x2069 | 0xfeff | 0xfff9..=0xfffb)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_bidi_are_escaped_and_nothing_else() {
        assert_eq!(visible("git push # \x1b[2K\rgit status"), "git push # \\x1b[2K\\x0dgit status");
        assert_eq!(visible("cat \u{202e}txt.exe"), "cat \\u202etxt.exe");
        assert_eq!(visible("a\tb\u{7f}\u{9b}"), "a\\x09b\\x7f\\x9b");
        assert_eq!(visible("zero\u{200b}width\u{2066}"), "zero\\u200bwidth\\u2066");
        assert_eq!(visible("line one\nline two, ünïcödé, \\x1b as typed"), "line one\nline two, ünïcödé, \\x1b as typed");
        assert_eq!(visible_line("a\nb"), "a\\x0ab");
    }
}
