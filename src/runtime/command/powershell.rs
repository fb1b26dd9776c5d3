//! PowerShell scripts (Copilot's `powershell` tool, `pwsh -c`, `powershell -Command`), read into the
//! same [`Effect`]s as interpreter program text: the common cmdlets and their aliases
//! (`Remove-Item`/`rm`/`del`, `Set-Content`, `Out-File`, `>`, `Move-Item`, …), native commands as
//! [`Effect::Run`], and everything that is not a known harmless read as [`Effect::Opaque`].

// The shell analyser calls `read` once it dispatches on interpreters and dialects (branch gate-effects).
#![allow(dead_code)]

use super::code::Effect;

/// The file-system and process effects of a PowerShell script.
pub fn read(script: &str) -> Vec<Effect> {
    let _ = script;
    vec![Effect::Opaque { why: "PowerShell not read yet" }]
}
