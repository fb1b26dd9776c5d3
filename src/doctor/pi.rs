//! Doctor's live probe of pi's generated extension: loaded under Node.js with a stand-in for pi's
//! extension API, its `tool_call` handler is given a bash `ls` as pi 1.6.0 would give it.

use super::CheckResult;
use super::node;
use crate::gate::process::{self, Finished};
use crate::install::inspect::Inspected;
use std::path::Path;
use std::time::Duration;

/// The extension allows itself 30 s; doctor waits less.
const PROBE_WAIT: Duration = Duration::from_secs(20);

/// `doctor`: the doctor command line to run again once node is there.
pub(crate) fn probe(ins: &Inspected, dir: &Path, fix_install: &str, doctor: &str) -> CheckResult {
    if ins.command.is_none() {
        return CheckResult::fail("probe", "not run: no gitvow command in the extension", fix_install);
    }
    let Some(node) = crate::paths::find_on_path("node") else {
        return CheckResult::warn(
            "probe",
            "not run: node is not on the PATH (pi itself runs on Node.js 22 or newer)",
            format!("put node on the PATH and run `{doctor}` again"),
        );
    };
    let driver = node::Driver {
        file_name: "gitvow-extension.mjs",
        source: DRIVER,
        wait: PROBE_WAIT,
        handler: "the extension's tool_call handler",
        file: "the extension",
        note: "",
    };
    let said = |f: &Finished, out: &str| match out.strip_prefix("BLOCK ") {
        Some(reason) => format!("it blocked: {}", reason.lines().next().unwrap_or("")),
        None => format!("{} {out}", process::failure(f)),
    };
    node::probe(&node, dir, ins.text.as_deref().unwrap_or(""), &driver, said, fix_install)
}

const DRIVER: &str = r#"// gitvow doctor's probe of pi's extension: load it as pi does, call its tool_call handler.
import { pathToFileURL } from "node:url";
const [extension, dir] = process.argv.slice(2);
try {
  const mod = await import(pathToFileURL(extension).href);
  const handlers = {};
  mod.default({ on: (name, fn) => { (handlers[name] ||= []).push(fn); } });
  if (!handlers.tool_call) throw new Error("the extension registers no tool_call handler");
  const ctx = { cwd: dir, sessionManager: { getSessionId: () => "gitvow-doctor-probe" } };
  const event = { type: "tool_call", toolName: "bash", toolCallId: "gitvow-doctor-probe", input: { command: "ls" } };
  for (const h of handlers.tool_call) {
    const r = await h(event, ctx);
    if (r && r.block) {
      console.log("BLOCK " + String(r.reason));
      process.exit(3);
    }
  }
  console.log("ALLOW");
} catch (e) {
  console.log("THROW " + String((e && e.message) || e).split("\n")[0]);
  process.exitCode = 3;
}
"#;
