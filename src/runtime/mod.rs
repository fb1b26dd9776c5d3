//! The hook runtime: normalise the agent's payload, gate it with the policy, answer in the agent's form.

use crate::cli::{AskArgs, CheckArgs, HookArgs};
use crate::error::{Error, Result};

pub fn run_hook(_args: &HookArgs) -> i32 {
    eprintln!("BLOCKED: gitvow hook is not built yet");
    2
}

pub fn run_check(_args: &CheckArgs) -> Result<i32> {
    Err(Error::new("gitvow check is not built yet"))
}

pub fn run_ask(_args: &AskArgs) -> Result<i32> {
    Err(Error::new("gitvow ask is not built yet"))
}
pub mod policy { pub const DEFAULT_POLICY: &str = "{}\n"; }
