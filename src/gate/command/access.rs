//! Mode and owner changes that take nothing from what the gate relies on: a mode that leaves every
//! file readable and runnable by its owner and writable by no one else (`chmod 755`, `go-w`,
//! `u+rwX`), an owner or group that is the caller's own (`chown -R $(whoami) .`). Inside the project
//! such a change disables no hook and opens no file to others; a mode that takes the owner's `r` or
//! `x` (`chmod 644` on a hook) or gives others `w` still counts as a change.

/// Whether `name args` (`chmod`, `chown`, `chgrp`) keeps every file as usable by its owner and as
/// closed to others as it was.
pub fn kept(name: &str, args: &[String]) -> bool {
    let Some(spec) = spec(name, args) else { return false };
    match name {
        "chmod" => mode_kept(spec),
        "chown" => {
            let (user, group) = spec.split_once([':', '.']).unwrap_or((spec, ""));
            is_self(user, false) && (group.is_empty() || is_self(group, true))
        }
        "chgrp" => is_self(spec, true),
        _ => false,
    }
}

/// The mode or owner operand: the first word that is not an option (`chmod -x f` takes `-x` as
/// the mode); `None` with `--reference`, which copies another file's.
fn spec<'a>(name: &str, args: &'a [String]) -> Option<&'a str> {
    let mut options_end = false;
    for a in args {
        if a.starts_with("--reference") {
            return None;
        }
        if !options_end && a == "--" {
            options_end = true;
            continue;
        }
        let option = !options_end && a.starts_with('-') && a.len() > 1;
        if !option || (name == "chmod" && a[1..].chars().all(|c| "rwxXst".contains(c))) {
            return Some(a);
        }
    }
    None
}

/// `755`, `0700`, `u+rwX,go+rX,go-w`, `-w`, `a+x`: the owner keeps `r` and `x` (or `X`), no one
/// else gains `w`.
fn mode_kept(mode: &str) -> bool {
    if mode.chars().all(|c| c.is_ascii_digit()) {
        return u32::from_str_radix(mode, 8).is_ok_and(|m| mode.len() >= 3 && m & 0o500 == 0o500 && m & 0o022 == 0);
    }
    mode.split(',').all(|clause| {
        let who_end = clause.find(['+', '-', '=']).unwrap_or(clause.len());
        let who = &clause[..who_end];
        if who_end == clause.len() || !who.chars().all(|c| "ugoa".contains(c)) {
            return false;
        }
        let owner = who.is_empty() || who.contains(['u', 'a']);
        let others = who.is_empty() || who.contains(['g', 'o', 'a']);
        // One or more `OP PERMS` after the who: `a+x-w`.
        let ops = &clause[who_end..];
        let mut rest = ops;
        while let Some(op) = rest.chars().next() {
            let perms_end = rest[1..].find(['+', '-', '=']).map_or(rest.len(), |k| k + 1);
            let perms = &rest[1..perms_end];
            if !perms.chars().all(|c| "rwxXst".contains(c)) {
                return false;
            }
            let ok = match op {
                '-' => perms.chars().all(|c| "wst".contains(c)),
                '+' => !(others && perms.contains('w')),
                _ => (!owner || (perms.contains('r') && perms.contains(['x', 'X']))) && !(others && perms.contains('w')),
            };
            if !ok {
                return false;
            }
            rest = &rest[perms_end..];
        }
        true
    })
}

/// The caller's own user (or, `group`, its primary group), as a literal name or number or as the
/// shell asks for it (`$(whoami)`, `$(id -u)`, `$USER`).
fn is_self(word: &str, group: bool) -> bool {
    const USER: &[&str] =
        &["$(whoami)", "`whoami`", "$(id -u)", "$(id -un)", "$(id -u -n)", "`id -u`", "`id -un`", "$USER", "${USER}", "$LOGNAME"];
    const GROUP: &[&str] = &["$(id -g)", "$(id -gn)", "$(id -g -n)", "`id -g`", "`id -gn`"];
    if if group { GROUP.contains(&word) } else { USER.contains(&word) } {
        return true;
    }
    // SAFETY: getuid and getgid cannot fail; getpwuid_r and getgrgid_r write into the buffers given.
    let id = unsafe { if group { libc::getgid() } else { libc::getuid() } };
    if word == id.to_string() {
        return true;
    }
    !word.is_empty() && name_of(id, group).is_some_and(|n| n == word)
}

/// The name of user (or group) `id`.
fn name_of(id: u32, group: bool) -> Option<String> {
    let mut buf = vec![0 as libc::c_char; 4096];
    let name = if group {
        // SAFETY: an all-zero group is valid to be filled in; the pointers outlive the call.
        let mut grp: libc::group = unsafe { std::mem::zeroed() };
        let mut out = std::ptr::null_mut();
        let rc = unsafe { libc::getgrgid_r(id, &mut grp, buf.as_mut_ptr(), buf.len(), &mut out) };
        (rc == 0 && !out.is_null()).then_some(grp.gr_name)?
    } else {
        // SAFETY: as above, for the password entry.
        let mut pwd: libc::passwd = unsafe { std::mem::zeroed() };
        let mut out = std::ptr::null_mut();
        let rc = unsafe { libc::getpwuid_r(id, &mut pwd, buf.as_mut_ptr(), buf.len(), &mut out) };
        (rc == 0 && !out.is_null()).then_some(pwd.pw_name)?
    };
    // SAFETY: the entry's name is a NUL-terminated string inside `buf`, which is still alive.
    Some(unsafe { std::ffi::CStr::from_ptr(name) }.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn modes_that_keep_the_owners_access_and_others_out() {
        for m in ["755", "0700", "750", "u+rwX,go+rX,go-w", "-w", "go-w", "o-w", "+x", "a+rx", "u=rwx,go=rx", "u+w", "g-s"] {
            assert!(kept("chmod", &args(&format!("-R {m} ."))), "{m}");
        }
        for m in ["644", "600", "777", "666", "-x", "a-x", "u-r", "go+w", "+w", "a=r", "=rwx", "u=rw", "g+u", "--reference=x"] {
            assert!(!kept("chmod", &args(&format!("-R {m} ."))), "{m}");
        }
    }

    #[test]
    fn owners_that_are_the_caller() {
        assert!(kept("chown", &args("-R $(whoami) .")));
        // SAFETY: getuid and getgid cannot fail.
        let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
        assert!(kept("chown", &args(&format!("-R $USER:{gid} ."))));
        assert!(kept("chown", &[String::from("$(id -u):$(id -g)"), String::from(".")]));
        assert!(kept("chown", &args(&format!("{uid} f"))));
        assert!(!kept("chown", &args(&format!("{} f", uid + 1))));
        assert!(!kept("chown", &args("-R nobody .")));
        assert!(!kept("chgrp", &args("-R $(whoami) .")));
    }
}
