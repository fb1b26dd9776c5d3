//! The system scope: `install --system` into the agents' managed layers (under the sandbox's
//! system root, `GITVOW_SYSTEM_ROOT`), and the system policy, which the hook reads only at the
//! fixed `/etc/gitvow/policy.json`: those tests run gitvow in a mount namespace whose `/etc` is an
//! overlay on the machine's, so that the machine's own files are never touched.

mod ansible;
mod install;

use crate::support::{BIN, Cmd, Sandbox};
use std::path::{Path, PathBuf};

/// A mount namespace whose `/etc` is the machine's with `upper` laid over it (what is written
/// inside stays in `upper`).
pub struct SystemOverlay {
    pub upper: PathBuf,
    work: PathBuf,
}

impl SystemOverlay {
    /// `None` (with a notice) where mount namespaces are not allowed, outside CI.
    pub fn new(env: &Sandbox) -> Option<SystemOverlay> {
        let upper = env.outside("etc-upper");
        let work = env.outside("etc-work");
        std::fs::create_dir_all(&upper).unwrap();
        std::fs::create_dir_all(&work).unwrap();
        let overlay = SystemOverlay { upper, work };
        let probe = overlay.cmd(env, "true").run();
        if probe.code != 0 {
            assert!(std::env::var_os("CI").is_none(), "mount namespaces are needed in CI: {probe:?}");
            eprintln!("skipped: no mount namespace here (unshare -rm): {}", probe.stderr.trim());
            return None;
        }
        Some(overlay)
    }

    /// Writes `/etc/<rel>` as the namespace sees it.
    pub fn write_etc(&self, rel: &str, text: &str) {
        let path = self.upper.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    pub fn remove_etc(&self, rel: &str) {
        let _ = std::fs::remove_file(self.upper.join(rel));
    }

    /// `program` (gitvow when it is `gitvow`) inside the namespace, as the sandbox runs it.
    pub fn cmd(&self, env: &Sandbox, program: &str) -> Cmd {
        let program = if program == "gitvow" { BIN } else { program };
        let script = "mount -t overlay overlay -o \"lowerdir=/etc,upperdir=$1,workdir=$2\" /etc || exit 97; shift 2; exec \"$@\"";
        env.tool("unshare").args(["-rm", "sh", "-c", script, "sh"]).arg(&self.upper).arg(&self.work).arg(program)
    }
}

/// The sandbox's system root (what `GITVOW_SYSTEM_ROOT` names for install and doctor).
pub fn system_root(env: &Sandbox) -> PathBuf {
    env.outside("system")
}

/// Every file under `dir`, with its bytes, sorted: to compare a tree byte for byte.
pub fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push((p.strip_prefix(dir).unwrap().to_path_buf(), std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}
