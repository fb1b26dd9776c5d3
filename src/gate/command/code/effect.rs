//! What a reader of program text finds: the effects, and the one way they are added, bounded.

/// What a program text (or a PowerShell script) does to files and processes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeEffect {
    /// Deletes `path` (as written, `~` for the home directory); `recursive` for a tree removal.
    Remove { path: String, recursive: bool },
    /// Creates, overwrites or appends to `path`.
    Write { path: String },
    /// Moves or renames `from` to `to` (a copy is a [`CodeEffect::Write`] of its destination).
    Move { from: String, to: String },
    /// Runs `command` as a shell command line (argument lists joined as words, shell-quoted).
    Run { command: String },
    /// Does something the reader cannot see: a computed target or command, or an obfuscated call.
    Opaque { why: &'static str },
}

/// Effects one text yields, at most: past it the text is opaque.
const MAX_EFFECTS: usize = 256;

/// Adds `e` to what a reader found, once; past [`MAX_EFFECTS`] the text is opaque instead (the
/// PowerShell reader shares the bound).
pub(crate) fn emit(out: &mut Vec<CodeEffect>, e: CodeEffect) {
    if out.len() >= MAX_EFFECTS {
        if !out.iter().any(|o| matches!(o, CodeEffect::Opaque { .. })) {
            out.push(CodeEffect::Opaque { why: "too many effects" });
        }
        return;
    }
    if !out.contains(&e) {
        out.push(e);
    }
}
