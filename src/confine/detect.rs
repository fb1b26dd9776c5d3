//! Whether this process runs inside gitvow's box, read from the kernel's view of the process itself,
//! never from an environment variable (an agent's process chain could set one). Everything the
//! agent starts inherits the box and cannot leave it, so a hook that finds itself boxed, started by
//! an agent in the same mount namespace, knows the agent's tool calls run boxed too.
//!
//! The facts: a user namespace other than the machine's first; no capability left, in the effective
//! or the bounding set; `no_new_privs`; gitvow's directory a read-only mount point; its record key
//! bound over by a character device; and the nearest ancestor that is not a shell (the agent) in the
//! same mount namespace. A tool call outside a box cannot give the agent these: it would have to
//! move the agent itself into a new user namespace.

use std::path::{Path, PathBuf};

/// The box as the process finds itself in it: its mounts, to tell what the kernel holds read-only.
#[derive(Debug)]
pub(crate) struct Boxed {
    /// Mount points, and whether each is read-only, in the order they were mounted.
    mounts: Vec<(PathBuf, bool)>,
}

impl Boxed {
    /// Whether the kernel refuses every write to `path` here: it lies in a read-only mount (the
    /// last mounted at its longest mount point). `path` is taken as given: a link in it may lead
    /// elsewhere, so the caller passes resolved paths.
    pub(crate) fn holds_read_only(&self, path: &Path) -> bool {
        let mut best: Option<(usize, bool)> = None;
        for (point, ro) in &self.mounts {
            if path.starts_with(point) {
                let depth = point.components().count();
                if best.is_none_or(|(d, _)| depth >= d) {
                    best = Some((depth, *ro));
                }
            }
        }
        best.is_some_and(|(_, ro)| ro)
    }
}

/// Which fact failed, for doctor; the box's mounts when every one holds.
pub(crate) fn boxed(gitvow_home: &Path) -> Result<Boxed, &'static str> {
    #[cfg(target_os = "linux")]
    {
        linux_facts(gitvow_home)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = gitvow_home;
        Err("gitvow's box is built on Linux only")
    }
}

#[cfg(target_os = "linux")]
fn linux_facts(gitvow_home: &Path) -> Result<Boxed, &'static str> {
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let uid_map = std::fs::read_to_string("/proc/self/uid_map").map_err(|_| "cannot read /proc/self/uid_map")?;
    if uid_map.split_whitespace().collect::<Vec<_>>() == ["0", "0", "4294967295"] {
        return Err("not in a user namespace of its own");
    }
    let status = std::fs::read_to_string("/proc/self/status").map_err(|_| "cannot read /proc/self/status")?;
    let field = |name: &str| status.lines().find_map(|l| l.strip_prefix(name)).map(str::trim);
    if field("CapEff:").and_then(|v| u64::from_str_radix(v, 16).ok()) != Some(0)
        || field("CapBnd:").and_then(|v| u64::from_str_radix(v, 16).ok()) != Some(0)
    {
        return Err("capabilities are left");
    }
    if field("NoNewPrivs:") != Some("1") {
        return Err("no_new_privs is not set");
    }
    let key = std::fs::symlink_metadata(gitvow_home.join("record.key")).map_err(|_| "the record key is not hidden")?;
    if !key.file_type().is_char_device() {
        return Err("the record key is not hidden");
    }
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").map_err(|_| "cannot read /proc/self/mountinfo")?;
    let boxed = Boxed { mounts: mounts(&mountinfo) };
    if !boxed.mounts.iter().rev().find(|(p, _)| p == gitvow_home).is_some_and(|(_, ro)| *ro) {
        return Err("gitvow's directory is not a read-only mount");
    }
    let own = std::fs::read_link("/proc/self/ns/mnt").map_err(|_| "cannot read its mount namespace")?;
    let agent = agent_ancestor().ok_or("cannot find the agent among its parents")?;
    if std::fs::read_link(format!("/proc/{agent}/ns/mnt")).ok() != Some(own) {
        return Err("the agent runs outside the box's mount namespace");
    }
    // The device and inode of the key are the null device's: not a FIFO or a file made to look so.
    let null = std::fs::metadata("/dev/null").map_err(|_| "cannot read /dev/null")?;
    if key.rdev() != null.rdev() {
        return Err("the record key is not hidden");
    }
    Ok(boxed)
}

/// The mount points of a mount table and whether each is read-only. Mount points are written with
/// `\040`-style escapes.
#[cfg(target_os = "linux")]
fn mounts(mountinfo: &str) -> Vec<(PathBuf, bool)> {
    mountinfo
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            (fields.len() > 5).then(|| (PathBuf::from(unescape(fields[4])), fields[5].split(',').any(|o| o == "ro")))
        })
        .collect()
}

#[cfg(target_os = "linux")]
fn unescape(field: &str) -> String {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let octal = bytes.get(i + 1..i + 4).filter(|d| bytes[i] == b'\\' && d.iter().all(|c| (b'0'..=b'7').contains(c)));
        match octal {
            Some(d) => {
                out.push((d[0] - b'0') * 64 + (d[1] - b'0') * 8 + (d[2] - b'0'));
                i += 4;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The nearest ancestor that is not a shell or a wrapper (the agent that started the hook).
#[cfg(target_os = "linux")]
fn agent_ancestor() -> Option<u32> {
    const PASS_THROUGH: &[&str] = &["sh", "bash", "dash", "zsh", "fish", "ksh", "env", "timeout", "nice", "nohup", "stdbuf"];
    let mut pid = std::os::unix::process::parent_id();
    for _ in 0..16 {
        if pid <= 1 {
            return None;
        }
        let stat = crate::proc_stat::read(pid)?;
        if !PASS_THROUGH.contains(&stat.comm.as_str()) {
            return Some(pid);
        }
        pid = stat.ppid;
    }
    None
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_held_read_only_by_the_last_mount_at_its_longest_mount_point() {
        let info = "35 1 98:0 / / rw - ext4 /dev/root rw\n\
                    36 35 98:0 / /home/a\\040b/.gitvow ro,relatime master:1 - ext4 /dev/root rw\n\
                    37 35 98:0 / /home/a\\040b rw,relatime - ext4 /dev/root rw\n";
        let boxed = Boxed { mounts: mounts(info) };
        assert!(boxed.holds_read_only(Path::new("/home/a b/.gitvow/policy.json")));
        assert!(!boxed.holds_read_only(Path::new("/home/a b/.gitvowx")));
        assert!(!boxed.holds_read_only(Path::new("/home/a b")));
        let remounted = format!("{info}38 36 98:0 / /home/a\\040b/.gitvow rw - ext4 /dev/root rw\n");
        assert!(!Boxed { mounts: mounts(&remounted) }.holds_read_only(Path::new("/home/a b/.gitvow/x")));
    }
}
