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

/// What a failed command's exit code is read against: most commands say 0 done and 1 failed, but
/// `--check` already says 1 "would change", so a failure there is 2 "could not tell".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitConvention {
    Plain,
    Check,
}

impl Kind {
    /// The exit code of a command that failed with this kind of error: see [`Kind::exit_code_for`].
    pub fn exit_code(self) -> i32 {
        self.exit_code_for(ExitConvention::Plain)
    }

    /// The one place exit codes of failures are decided. Usage errors exit 64 (sysexits'
    /// EX_USAGE) everywhere; every other failure 1, or 2 under `--check`. A blocked call (exit 2 of
    /// `check` and of `hook`) is a verdict, not an error, and never comes through here.
    pub fn exit_code_for(self, reading: ExitConvention) -> i32 {
        match (self, reading) {
            (Kind::Usage, _) => 64,
            (Kind::Input | Kind::Config | Kind::Environment | Kind::Internal, ExitConvention::Plain) => 1,
            (Kind::Input | Kind::Config | Kind::Environment | Kind::Internal, ExitConvention::Check) => 2,
        }
    }
}

/// A failure as a person reads it ([`fmt::Display`]: `gitvow: <message>` and a `hint:` line), with
/// the failure underneath it kept for debugging (`GITVOW_DEBUG`, [`std::error::Error::source`]) and
/// never shown in the message itself.
#[derive(Debug)]
pub struct Error {
    pub kind: Kind,
    /// What went wrong, with the place (file:line:column) when there is one.
    pub message: String,
    /// What to do about it.
    pub hint: Option<String>,
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(message: impl Into<String>) -> Self {
        Error::of(Kind::Environment, message)
    }

    pub fn of(kind: Kind, message: impl Into<String>) -> Self {
        Error { kind, message: message.into(), hint: None, source: None }
    }

    pub fn input(message: impl Into<String>) -> Self {
        Error::of(Kind::Input, message)
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

    /// The same failure read as another kind (a missing directory the person named is a usage error).
    pub fn of_kind(mut self, kind: Kind) -> Self {
        self.kind = kind;
        self
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Keeps the failure underneath (for debugging; the message already says it for a person).
    pub fn caused_by(mut self, source: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        self.source = Some(source.into());
        self
    }

    /// The failures underneath, outermost first, as their own text: `Permission denied (os error 13)`.
    pub fn causes(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut next = std::error::Error::source(self);
        while let Some(cause) = next {
            // gitvow's own errors by their message: the `gitvow:` prefix is for the outermost.
            out.push(cause.downcast_ref::<Error>().map_or_else(|| cause.to_string(), |e| e.message.clone()));
            next = cause.source();
        }
        out
    }

    /// The error for a reader of `--json`: `{"error": {"message": …, "hint": …}}` (`hint` null when
    /// there is none).
    pub fn as_json(&self) -> serde_json::Value {
        serde_json::json!({"error": {"message": self.message, "hint": self.hint}})
    }

    /// A command that works on a repository was pointed at a directory outside any: a usage error
    /// in every command (the place named, or the one it ran in, is the wrong one). The caller adds
    /// the hint, which differs by command.
    pub fn not_in_repo(dir: &std::path::Path) -> Self {
        Error::usage(format!("{} is not inside a git repository", crate::paths::display(dir)))
    }

    /// A directory a person named on the command line (`policy DIR`, `trust DIR`, `log --repo DIR`,
    /// the repository of install, uninstall and doctor) that cannot be opened: one usage error,
    /// exit 64, in every command, before anything else is asked of it. The caller adds its hint.
    pub fn named_directory(path: &std::path::Path) -> Result<()> {
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => Ok(()),
            Ok(_) => Err(Error::usage(format!("{} is not a directory", crate::paths::display(path)))),
            Err(e) => Err(Error::io("open the directory", path, &e).of_kind(Kind::Usage)),
        }
    }

    /// Several failures of one run reported together (every file install refuses, not the first):
    /// one `gitvow:` line each, each followed by its hint, a hint that serves several failures in
    /// a row once after the last of them. The first failure's kind decides the exit code.
    pub fn several(mut errors: Vec<Error>) -> Self {
        if errors.len() == 1 {
            return errors.remove(0);
        }
        let mut message = String::new();
        for (i, e) in errors.iter().enumerate() {
            if i > 0 {
                message.push_str("\ngitvow: ");
            }
            message.push_str(&e.message);
            // The last hint is the error's own (Display writes it); the others go in place.
            let next = errors.get(i + 1);
            if let (Some(hint), Some(next)) = (&e.hint, next)
                && next.hint.as_ref() != Some(hint)
            {
                message.push_str(&format!("\n  hint: {hint}"));
            }
        }
        let hint = errors.last().and_then(|e| e.hint.clone());
        let first = errors.remove(0);
        Error { kind: first.kind, message, hint, source: first.source }
    }

    /// An I/O failure on `path`, phrased for a person.
    pub fn io(action: &str, path: &std::path::Path, err: &std::io::Error) -> Self {
        let why = match err.kind() {
            std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
            _ => strip_os_error(&err.to_string()),
        };
        // `io::Error` is not `Clone`: the kept copy has the same kind and OS error code.
        let copy = match err.raw_os_error() {
            Some(code) => std::io::Error::from_raw_os_error(code),
            None => std::io::Error::new(err.kind(), err.to_string()),
        };
        let err = Error::new(format!("cannot {action} {}: {why}", crate::paths::display(path))).caused_by(copy);
        match err.source.as_ref().and_then(|s| s.downcast_ref::<std::io::Error>()).map(std::io::Error::kind) {
            // The caller's own hint, when it has one, replaces this one.
            Some(std::io::ErrorKind::PermissionDenied) => {
                let dir = if path.is_dir() { path } else { path.parent().unwrap_or(path) };
                err.hint(format!("`ls -ld {}` shows who owns it and who may change it", crate::output::shell_path(dir)))
            }
            _ => err,
        }
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

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source.as_deref().map(|e| e as &(dyn std::error::Error + 'static))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: [Kind; 5] = [Kind::Usage, Kind::Input, Kind::Config, Kind::Environment, Kind::Internal];

    #[test]
    fn the_exit_code_of_a_failure_follows_from_its_kind_alone() {
        let codes: Vec<(i32, i32)> = KINDS.iter().map(|k| (k.exit_code(), k.exit_code_for(ExitConvention::Check))).collect();
        assert_eq!(codes, [(64, 64), (1, 2), (1, 2), (1, 2), (1, 2)]);
        for kind in KINDS {
            // Whatever the message, hint or cause, and whichever command it came from.
            let err = Error::of(kind, "x").hint("y").caused_by(std::io::Error::other("z"));
            assert_eq!(err.code(), kind.exit_code());
        }
        // A failure never exits like a blocked call of `check` (2) or a current `--check` (0).
        assert!(KINDS.iter().all(|k| ![0, 2].contains(&k.exit_code())));
        assert!(KINDS.iter().all(|k| ![0, 1].contains(&k.exit_code_for(ExitConvention::Check))));
    }

    #[test]
    fn a_person_reads_the_message_and_the_hint_never_the_cause() {
        let io = std::io::Error::from_raw_os_error(libc::EACCES);
        let err = Error::io("read the policy", std::path::Path::new("/nonexistent/policy.json"), &io);
        assert_eq!(err.hint.as_deref(), Some("`ls -ld /nonexistent` shows who owns it and who may change it"));
        let err = err.hint("fix it");
        assert_eq!(err.to_string(), "gitvow: cannot read the policy /nonexistent/policy.json: permission denied\n  hint: fix it");
        assert_eq!(err.kind, Kind::Environment);
        // The OS error underneath is kept, with its code, for whoever debugs.
        let cause = std::error::Error::source(&err).and_then(|e| e.downcast_ref::<std::io::Error>()).map(std::io::Error::raw_os_error);
        assert_eq!(cause, Some(Some(libc::EACCES)));
        assert_eq!(err.causes(), [std::io::Error::from_raw_os_error(libc::EACCES).to_string()]);
        assert_eq!(err.as_json(), serde_json::json!({"error": {"message": err.message, "hint": "fix it"}}));
    }

    #[test]
    fn several_failures_each_come_with_their_own_hint() {
        let err = Error::several(vec![
            Error::input("a.json: a comment").hint("take the comment out"),
            Error::input("b.json: a comment").hint("take the comment out"),
            Error::input("c.json: a link out").hint("replace the link with a file"),
        ]);
        assert_eq!(
            err.to_string(),
            "gitvow: a.json: a comment\ngitvow: b.json: a comment\n  hint: take the comment out\n\
             gitvow: c.json: a link out\n  hint: replace the link with a file"
        );
    }

    #[test]
    fn causes_follow_the_chain_outermost_first() {
        let inner = Error::input("the payload on stdin is not valid JSON").caused_by(std::io::Error::other("eof"));
        let outer = Error::new("adapter gitvow-agent-x (normalize): failed").caused_by(inner);
        assert_eq!(outer.causes(), ["the payload on stdin is not valid JSON", "eof"]);
        assert!(Error::usage("bad").causes().is_empty());
    }
}
