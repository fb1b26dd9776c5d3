//! PowerShell scripts (Copilot's `powershell` tool, `pwsh -c`, `powershell -Command`), read into the
//! same [`CodeEffect`]s as interpreter program text: the common cmdlets and their aliases
//! (`Remove-Item`/`rm`/`del`, `Set-Content`, `Out-File`, `>`, `Move-Item`, …), native commands as
//! [`CodeEffect::Run`], and everything that is not a known harmless read as [`CodeEffect::Opaque`].
//!
//! The same shape as the interpreters' reader (`code/`): `lex` cuts the script into tokens, `parse`
//! makes them statements of pipelines of elements, `read` gives their effects; what the reader knows
//! by name is the tables of `cmdlets`.

use super::code::CodeEffect;

mod cmdlets;
mod lex;
mod parse;
mod read;

/// The file-system and process effects of a PowerShell script.
pub fn read(script: &str) -> Vec<CodeEffect> {
    read::script(script)
}

#[cfg(test)]
mod tests;
