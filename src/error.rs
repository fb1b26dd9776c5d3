//! Errors a person reads: what went wrong, where, and what to do, in one or two lines.

use std::fmt;

#[derive(Debug)]
pub struct Error {
    /// What went wrong, with the place (file:line:column) when there is one.
    pub message: String,
    /// What to do about it.
    pub hint: Option<String>,
    /// Process exit code: 1 for errors, 2 for usage errors and blocked calls.
    pub code: i32,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(message: impl Into<String>) -> Self {
        Error { message: message.into(), hint: None, code: 1 }
    }

    pub fn usage(message: impl Into<String>) -> Self {
        Error { message: message.into(), hint: None, code: 2 }
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// An I/O failure on `path`, phrased for a person.
    pub fn io(action: &str, path: &std::path::Path, err: &std::io::Error) -> Self {
        let why = match err.kind() {
            std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
            _ => strip_os_error(&err.to_string()),
        };
        Error::new(format!("cannot {action} {}: {why}", crate::paths::display(path)))
    }
}

/// `Read-only file system (os error 30)` → `read-only file system`.
fn strip_os_error(text: &str) -> String {
    let text = text.split(" (os error").next().unwrap_or(text);
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "gitvow: {}", self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, "\n  hint: {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}
