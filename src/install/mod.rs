//! `gitvow install` and `gitvow uninstall`: plan, preview, apply.

use crate::cli::{InstallArgs, UninstallArgs};
use crate::error::{Error, Result};

pub fn run_install(_args: &InstallArgs) -> Result<i32> {
    Err(Error::new("not built yet"))
}

pub fn run_uninstall(_args: &UninstallArgs) -> Result<i32> {
    Err(Error::new("not built yet"))
}
