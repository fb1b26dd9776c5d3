//! What the gate leaves to gitvow's box ([`crate::confine`]): when the hook finds, from the kernel's
//! view of itself, that it and the agent run boxed, a command whose file names it cannot see, or
//! one that could reach a file the box holds read-only, passes instead of asking. What the box does
//! not confine is judged as outside: what runs (a computed program, text fed to a shell), removals,
//! pushes, publishes, the network, and every rule of the policy.

use super::command::{COMPUTED_TARGET, lexical};
use crate::confine::detect::Boxed;
use std::path::Path;
use std::sync::OnceLock;

/// Why a command could not be analysed, where only which files it writes, moves or links is unknown.
const CONFINED: &[&str] = &[
    COMPUTED_TARGET,
    "output redirected to a computed file",
    "a move of computed or piped paths",
    "a move of computed paths",
    "git checkout-index writes under a prefix the shell computes",
];

/// The box this process runs in, looked at once and only when a verdict would depend on it.
fn view() -> Option<&'static Boxed> {
    static VIEW: OnceLock<Option<Boxed>> = OnceLock::new();
    VIEW.get_or_init(|| crate::paths::gitvow_home().and_then(|home| crate::confine::detect::boxed(&home).ok())).as_ref()
}

/// Whether a command that could not be analysed for `why` is confined by the box it runs in.
pub fn confines_opaque(why: &str) -> bool {
    CONFINED.contains(&why) && view().is_some()
}

/// Whether the kernel keeps `root` (what the gate protects as a whole) from this call.
pub fn holds(root: &Path) -> bool {
    let path = lexical(root);
    view().is_some_and(|b| b.holds_read_only(&std::fs::canonicalize(&path).unwrap_or(path)))
}
