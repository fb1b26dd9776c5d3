//! Who answered doctor's live probe. An allow is silence in most agents' forms, and silence is what
//! anything else says too: a shell function or alias named like gitvow's command in a profile the
//! agent's shell reads, a file `BASH_ENV` names, another `gitvow` earlier on the PATH. So the probe
//! sets [`VARIABLE`] to a value of its own for the hook it starts, and a gitvow hook that finds it
//! says on stderr which gitvow it is (`gate::hook` writes that line); an answer without it did not
//! come from gitvow, whatever it said.

use crate::gate::hook::PROBE_TAG as TAG;
use std::path::PathBuf;

/// Set by the probe for the hook it starts; nothing else reads it, and it changes no verdict.
pub(crate) use crate::gate::hook::PROBE_VARIABLE as VARIABLE;

/// A value for [`VARIABLE`] that no earlier run left anywhere: the process and the time.
pub(crate) fn token() -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or_default();
    format!("{}-{nanos}", std::process::id())
}

/// The gitvow that answered, as its line said.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Answerer {
    pub(crate) version: String,
    pub(crate) exe: PathBuf,
}

impl Answerer {
    /// Whether this is the gitvow doctor itself is: the same version.
    pub(crate) fn is_this_version(&self) -> bool {
        self.version == env!("CARGO_PKG_VERSION")
    }
}

/// The answerer named by `token`'s line in `stderr`, and `stderr` without such lines (what the hook
/// said for itself).
pub(crate) fn read(stderr: &[u8], token: &str) -> (Option<Answerer>, Vec<u8>) {
    let text = String::from_utf8_lossy(stderr);
    let mut found = None;
    let mut rest = String::new();
    for line in text.split_inclusive('\n') {
        let Some(after) = line.strip_prefix(TAG).and_then(|l| l.strip_prefix(' ')) else {
            rest.push_str(line);
            continue;
        };
        if let Some((version, exe)) = after.strip_prefix(token).and_then(|l| l.strip_prefix(' ')).and_then(|l| l.split_once(' ')) {
            found = Some(Answerer { version: version.to_string(), exe: PathBuf::from(exe.trim_end_matches('\n')) });
        }
    }
    (found, rest.into_bytes())
}

/// Whether the gitvow that answered is the executable `word` names for the agent: the path itself,
/// or the first on this PATH for a bare word (as install resolved it).
pub(crate) fn is_named_by(answerer: &Answerer, word: &str) -> bool {
    let named = if word.contains('/') { Some(PathBuf::from(word)) } else { crate::paths::find_on_path(word) };
    let canonical = |p: &std::path::Path| std::fs::canonicalize(p).ok();
    named.is_some_and(|n| canonical(&n).is_some() && canonical(&n) == canonical(&answerer.exe))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_of_this_token_names_the_answerer_and_is_taken_out() {
        let stderr = b"gitvow-probe 1-2 0.1.0 /opt/my gitvow/gitvow\nBLOCKED: reason\ngitvow-probe 9-9 0.0.1 /old\n";
        let (who, rest) = read(stderr, "1-2");
        assert_eq!(who, Some(Answerer { version: "0.1.0".into(), exe: "/opt/my gitvow/gitvow".into() }));
        assert_eq!(String::from_utf8(rest).unwrap(), "BLOCKED: reason\n");
        assert_eq!(read(b"BLOCKED\n", "1-2").0, None);
    }
}
