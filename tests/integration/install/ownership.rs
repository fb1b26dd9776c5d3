//! Root installing into another user's home, and a rewrite keeping what a file carries besides its
//! bytes: owner, group, setuid and setgid bits, extended attributes and POSIX ACLs. These tests need
//! root (to own files as someone else); elsewhere they say so and pass.

use crate::support::{BIN, CMD, Sandbox};
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;

const USER: u32 = 4321;

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

fn chown(path: &Path, uid: u32) {
    std::os::unix::fs::lchown(path, Some(uid), Some(uid)).unwrap();
}

fn set_xattr(path: &Path, name: &str, value: &[u8]) {
    let p = CString::new(path.as_os_str().as_bytes()).unwrap();
    let n = CString::new(name).unwrap();
    // SAFETY: NUL-terminated path and name, and a buffer of the given length.
    let rc = unsafe { libc::setxattr(p.as_ptr(), n.as_ptr(), value.as_ptr().cast(), value.len(), 0) };
    assert_eq!(rc, 0, "setxattr {name}: {}", std::io::Error::last_os_error());
}

fn get_xattr(path: &Path, name: &str) -> Option<Vec<u8>> {
    let p = CString::new(path.as_os_str().as_bytes()).unwrap();
    let n = CString::new(name).unwrap();
    let mut buf = vec![0u8; 4096];
    // SAFETY: as above.
    let len = unsafe { libc::getxattr(p.as_ptr(), n.as_ptr(), buf.as_mut_ptr().cast(), buf.len()) };
    (len >= 0).then(|| buf[..len as usize].to_vec())
}

/// A POSIX access ACL (`system.posix_acl_access`, version 2): the owner rw, user `USER` rw, the
/// group r, mask rw, others r.
fn acl() -> Vec<u8> {
    let mut v = 2u32.to_le_bytes().to_vec();
    for (tag, perm, id) in [(0x01u16, 6u16, u32::MAX), (0x02, 6, USER), (0x04, 4, u32::MAX), (0x10, 6, u32::MAX), (0x20, 4, u32::MAX)] {
        v.extend(tag.to_le_bytes());
        v.extend(perm.to_le_bytes());
        v.extend(id.to_le_bytes());
    }
    v
}

#[test]
fn root_installing_into_another_users_home_gives_what_it_creates_to_that_user() {
    if !is_root() {
        eprintln!("ownership: skipped (needs root)");
        return;
    }
    let env = Sandbox::new();
    let home = env.home();
    // The user must reach their home through the temporary directory, and run a copy of gitvow.
    std::fs::set_permissions(home.parent().unwrap(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let bin = env.outside("gitvow");
    crate::support::copy_executable(BIN, &bin);
    chown(home, USER);
    let codex = env.write("~/.codex/config.toml", "model = \"o3\"\n");
    for p in [home.join(".codex"), codex.clone()] {
        chown(&p, USER);
    }

    env.run(["install", "--user", "--agent", "claude", "--agent", "codex", "--yes", "--command", CMD, "--force"]).ok();
    for rel in [
        ".claude",
        ".claude/settings.json",
        ".codex/hooks.json",
        ".codex/config.toml",
        ".gitvow",
        ".gitvow/install.lock",
        ".gitvow/install-record.json",
        ".gitvow/policy.json",
    ] {
        let meta = std::fs::symlink_metadata(home.join(rel)).unwrap_or_else(|e| panic!("~/{rel}: {e}"));
        assert_eq!((meta.uid(), meta.gid()), (USER, USER), "~/{rel} belongs to the home's owner");
    }
    // The user's own uninstall can now change every file root's install made.
    env.gitvow().program(&bin).args(["uninstall", "--user", "--yes"]).env("PATH", "/usr/bin:/bin").user(USER).run().ok();
    assert!(!home.join(".claude").exists() && !home.join(".codex/hooks.json").exists());
    assert_eq!(std::fs::read_to_string(&codex).unwrap(), "model = \"o3\"\n");
}

#[test]
fn a_rewritten_file_keeps_owner_group_setgid_xattrs_and_acl() {
    if !is_root() {
        eprintln!("attributes: skipped (needs root)");
        return;
    }
    let env = Sandbox::new();
    let path = env.write("~/.claude/settings.json", "{\"model\": \"opus\"}\n");
    chown(&path, USER);
    set_xattr(&path, "user.origin", b"dotfiles");
    set_xattr(&path, "system.posix_acl_access", &acl());
    // The ACL's mask is the group bits; setuid and setgid on top.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o6664)).unwrap();
    let acl_before = get_xattr(&path, "system.posix_acl_access").expect("this file system keeps ACLs");

    for cmd in ["install", "uninstall"] {
        let mut args = vec![cmd, "--user", "--agent", "claude", "--yes"];
        if cmd == "install" {
            args.extend(["--command", CMD, "--force"]);
        }
        env.run(&args).ok();
        let after = std::fs::metadata(&path).unwrap();
        assert_eq!((after.uid(), after.gid()), (USER, USER), "{cmd}: owner and group");
        assert_eq!(after.mode() & 0o7777, 0o6664, "{cmd}: mode with setuid and setgid");
        assert_eq!(get_xattr(&path, "user.origin").as_deref(), Some(&b"dotfiles"[..]), "{cmd}: extended attribute");
        assert_eq!(get_xattr(&path, "system.posix_acl_access"), Some(acl_before.clone()), "{cmd}: ACL");
    }
}
