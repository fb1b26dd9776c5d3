//! The box: `gitvow run` starts an agent (or any command) where the kernel, not the analyser, holds
//! the gate's own line. On one user account every file the gate protects is one new spelling away
//! from a tool call, and every approval one new terminal trick away; a mount namespace in an
//! unprivileged user namespace makes them read-only or unreadable for the agent and everything it
//! starts, whatever the spelling.
//!
//! What the box does (Linux; [`plan`] says which paths, [`linux`] how):
//! - gitvow's directory, the system policy, every agent's hook and settings files (user,
//!   repository, managed), the repository's git hooks and config, git's and the shells' start-up
//!   files, and the gitvow executable are bound read-only onto themselves: writes fail with EROFS,
//!   and a rename, removal or replacement of a mount point with EBUSY;
//! - every directory above them is bound onto itself too, so none can be renamed away and replaced
//!   by a look-alike (`mv ~/.claude ~/x; mkdir ~/.claude`);
//! - the record key, which proves a person's answer, reads as empty (`/dev/null` is bound over it);
//! - the person's terminal multiplexer, desktop and session-bus socket directories are hidden behind
//!   empty file systems, abstract sockets and signals to processes outside the box are refused
//!   (Landlock scopes), and no process in it can push keystrokes into the terminal (TIOCSTI);
//! - every capability is dropped, in the box's user namespace and its bounding set, with
//!   `no_new_privs`: nothing inside can unmount, remount or regain what it lost, and a nested user
//!   namespace inherits the mounts locked.
//!
//! [`detect`] is how a process tells, from the kernel's view of itself, that it runs in the box.

pub(crate) mod detect;
#[cfg(target_os = "linux")]
mod linux;
pub(crate) mod plan;

pub(crate) use plan::{Plan, Refused};

/// Enters the box for the rest of this process and everything it starts. On success the process
/// is confined; on failure it may be half-way (the caller must not go on to run the command).
#[cfg(target_os = "linux")]
pub(crate) fn enter(plan: &Plan) -> Result<(), Refused> {
    linux::enter(plan)
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn enter(_plan: &Plan) -> Result<(), Refused> {
    Err(Refused("gitvow's box is built on Linux only so far (macOS's Seatbelt profile is planned: see CONTRIBUTING.md)".into()))
}
