//! Errors a person reads: what went wrong, where, and what to do, in one or two lines.

use std::fmt;

/// What kind of failure an error is; the exit code follows from it (see [`Kind::exit_code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The command line itself is wrong (an unknown option, a missing argument).
    Usage,
    /// A file or input gitvow was asked to read does not parse or has the wrong shape.
    Input,
    /// The policy or another configuration of gitvow's does not load.
    Config,
    /// The machine: a file that cannot be read or written, a missing home directory, no terminal.
    Environment,
    /// A bug in gitvow.
    Internal,
}

impl Kind {
    /// Usage errors exit 64 (sysexits' EX_USAGE); every other failure 1. A blocked call (exit 2) is
    /// not an error.
    pub fn exit_code(self) -> i32 {
        match self {
            Kind::Usage => 64,
            Kind::Input | Kind::Config | Kind::Environment | Kind::Internal => 1,
        }
    }
}

#[derive(Debug)]
pub struct Error {
    pub kind: Kind,
    /// What went wrong, with the place (file:line:column) when there is one.
    pub message: String,
    /// What to do about it.
    pub hint: Option<String>,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(message: impl Into<String>) -> Self {
        Error::of(Kind::Environment, message)
    }

    pub fn of(kind: Kind, message: impl Into<String>) -> Self {
        Error { kind, message: message.into(), hint: None }
    }

    pub fn usage(message: impl Into<String>) -> Self {
        Error::of(Kind::Usage, message)
    }

    pub fn config(message: impl Into<String>) -> Self {
        Error::of(Kind::Config, message)
    }

    pub fn code(&self) -> i32 {
        self.kind.exit_code()
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// The error for a reader of `--json`: `{"error": {"message": …, "hint": …}}` (`hint` null when
    /// there is none).
    pub fn as_json(&self) -> serde_json::Value {
        serde_json::json!({"error": {"message": self.message, "hint": self.hint}})
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
