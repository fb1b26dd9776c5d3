//! The watchdog every gating entry that an agent starts through a shell runs gitvow under: POSIX
//! shell (dash, bash, zsh, and bash 3.2 as macOS's `sh`), no `timeout` program (macOS has none).
//!
//! gitvow answers at its own deadline (`gate::deadline`, 26 s) whatever it waits on, but only while
//! it runs at all: a binary that never starts its work (a blocked file system, a stopped process, a
//! broken build) answers nothing, and an agent whose hook timeout runs out lets the call through
//! (codex, gemini, copilot, droid, qwen, auggie, cline and hermes were seen to). So the entry runs
//! gitvow in the background with its stdin, and a sleeper beside it ends gitvow with `SIGKILL`
//! after [`SECONDS`]: below every entry's timeout (30 s, cline's fixed 120 s), above gitvow's own
//! deadline, so that a working gitvow always answers first. Then `$s` holds gitvow's exit status,
//! [`NO_ANSWER`] when the watchdog ended it, and the entry's fallback turns every status but
//! gitvow's own answers into the agent's block.
//!
//! The sleeper's stdio is `/dev/null` and it is stopped as soon as gitvow ends, so it holds none of
//! the agent's pipes open and outlives no call. gitvow's helpers (providers, the classifier) get
//! pipes of their own, so ending gitvow closes the agent's.

/// How long the watchdog gives gitvow, in seconds.
pub(crate) const SECONDS: u64 = 28;

/// `$s` when the watchdog ended gitvow (as coreutils' `timeout` says it).
pub(crate) const NO_ANSWER: i32 = 124;

/// What comes before the gitvow command line. Background commands of a shell without job control
/// get `/dev/null` as stdin: fd 3 carries the agent's payload past that.
const BEFORE: &str = "exec 3<&0; ";

/// What comes after it: start the sleeper (a trap stops its `sleep` when gitvow ends first), wait
/// for gitvow, stop the sleeper, and tell the watchdog's end from gitvow's own by the sleeper's
/// status. A sleeper that fires ignores the stop from then on: gitvow's end, which the stop
/// follows, comes after.
fn after() -> String {
    format!(
        " <&3 3<&- & p=$!; exec 3<&-; \
         {{ trap 'kill $z 2>/dev/null; exit 1' TERM; sleep {SECONDS} </dev/null >/dev/null 2>&1 & z=$!; wait $z && trap '' TERM && kill -9 $p; }} 2>/dev/null & w=$!; \
         wait $p 2>/dev/null; s=$?; kill $w 2>/dev/null; wait $w 2>/dev/null && s={NO_ANSWER}"
    )
}

/// `line` (a shell command line) under the watchdog; afterwards `$s` is its exit status, or
/// [`NO_ANSWER`] when it did not end within [`SECONDS`].
pub(crate) fn watched(line: &str) -> String {
    format!("{BEFORE}{line}{}", after())
}

/// The command line inside a [`watched`] text, or `None` when `text` holds none.
pub(crate) fn line_of(text: &str) -> Option<&str> {
    let rest = &text[text.find(BEFORE)? + BEFORE.len()..];
    // Cut at the fixed start of what follows the line, so that another sleep time is still read.
    rest.find(" <&3 3<&- & p=$!;").map(|end| &rest[..end])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    /// Runs `watched(line)` with a sleeper of `secs` under `shell`, `input` on stdin, then `echo
    /// s=$s`: (stdout, stderr).
    fn run(shell: &str, line: &str, secs: u64, input: &str) -> (String, String) {
        let text = watched(line).replace(&format!("sleep {SECONDS} "), &format!("sleep {secs} ")) + "; echo \"s=$s\"";
        let mut child =
            Command::new(shell).args(["-c", &text]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
    }

    #[test]
    fn the_line_gets_the_payload_and_its_status_passes_and_a_hang_is_ended() {
        for shell in ["sh", "bash"] {
            let (out, err) = run(shell, "sh -c 'cat; exit 2'", 60, "{\"payload\": 1}");
            assert_eq!((out.as_str(), err.as_str()), ("{\"payload\": 1}s=2\n", ""), "{shell}");
            let (out, err) = run(shell, "exec sleep 60", 1, "");
            assert_eq!((out.as_str(), err.as_str()), (format!("s={NO_ANSWER}\n").as_str(), ""), "{shell}");
            // Reading to the end of its output would wait the sleeper's 60 s had it kept the pipes.
            let started = Instant::now();
            let (out, _) = run(shell, "true", 60, "");
            assert_eq!(out, "s=0\n", "{shell}");
            assert!(started.elapsed() < Duration::from_secs(30), "{shell}: {:?}", started.elapsed());
        }
    }

    #[test]
    fn the_line_is_read_back() {
        let line = "'/opt/my tools/gitvow' hook --agent codex PreToolUse";
        assert_eq!(line_of(&(watched(line) + "; exit 2")), Some(line));
        assert_eq!(line_of(&watched(line).replace("sleep 28", "sleep 5")), Some(line));
        assert_eq!(line_of("gitvow hook PreToolUse"), None);
    }
}
