//! A plugin or extension gitvow generated, run under Node.js as its agent loads it: the file and a
//! driver that imports it and calls its handler with a bash `ls` (OpenCode's and Kilo's
//! `tool.execute.before`, pi's `tool_call`), which prints `ALLOW` when the handler let it through.

use super::CheckResult;
use crate::gate::process::{self, Finished, RunError};
use std::path::Path;
use std::time::{Duration, Instant};

/// How the driver's run ended.
enum Ran {
    /// The handler let the `ls` through; how long the run took, in milliseconds.
    Allowed(u128),
    /// Anything else: the run, and what the driver printed (trimmed).
    Answered(Finished, String),
    /// Node did not start, or did not finish within the wait.
    Failed(RunError),
}

/// Runs `driver` under `node` on `text`, the agent's generated file, copied into `dir` as `name`
/// (an `.mjs` name: Node reads it as the ES module the agent loads, whatever a package.json around
/// the original says). The driver is given the copy and `dir`. Err: the warning when `dir` cannot
/// be written.
fn run(node: &Path, dir: &Path, name: &str, text: &str, driver: &str, wait: Duration) -> Result<Ran, CheckResult> {
    let file = dir.join(name);
    let driver_file = dir.join("probe.mjs");
    if let Err(e) = std::fs::write(&file, text).and_then(|_| std::fs::write(&driver_file, driver)) {
        return Err(CheckResult::warn(
            "probe",
            format!("not run: cannot write to the temporary directory: {e}"),
            "set TMPDIR to a writable directory",
        ));
    }
    let argv: Vec<String> = [node, &driver_file, &file, dir].iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let started = Instant::now();
    let result = process::run(&argv, b"", Some(dir), wait);
    let took = started.elapsed().as_millis();
    Ok(match result {
        Ok(f) if f.status.code() == Some(0) && String::from_utf8_lossy(&f.stdout).trim() == "ALLOW" => Ran::Allowed(took),
        Ok(f) => {
            let out = String::from_utf8_lossy(&f.stdout).trim().to_string();
            Ran::Answered(f, out)
        }
        Err(e) => Ran::Failed(e),
    })
}

/// A driver for one kind of generated file, and the names a probe's lines give what it ran.
pub(super) struct Driver<'a> {
    /// The name the file is copied to, and the driver's own text.
    pub(super) file_name: &'static str,
    pub(super) source: &'static str,
    pub(super) wait: Duration,
    /// The handler the driver calls ("the extension's tool_call handler"), and the file it loads
    /// ("the extension").
    pub(super) handler: &'static str,
    pub(super) file: &'static str,
    /// What ends the line of a run that did not finish.
    pub(super) note: &'a str,
}

/// Doctor's probe of `text`, the agent's generated file, under `node` (see [`run`]): allowed, or
/// a failure that `said` tells from the run and what the driver printed.
pub(super) fn probe(
    node: &Path,
    dir: &Path,
    text: &str,
    driver: &Driver,
    said: impl Fn(&Finished, &str) -> String,
    fix_install: &str,
) -> CheckResult {
    let ran = match run(node, dir, driver.file_name, text, driver.source, driver.wait) {
        Ok(ran) => ran,
        Err(not_written) => return not_written,
    };
    match ran {
        Ran::Allowed(took) => CheckResult::ok("probe", format!("{} (under node) allowed a bash `ls` in {took} ms", driver.handler)),
        Ran::Answered(f, out) => {
            CheckResult::fail("probe", format!("{} did not allow a bash `ls`: {}", driver.handler, said(&f, &out)), fix_install)
        }
        Ran::Failed(e) => CheckResult::fail("probe", format!("{} under node: {e}{}", driver.file, driver.note), fix_install),
    }
}
