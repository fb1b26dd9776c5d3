//! The machine's side of the managed-scope scenarios: a mount namespace whose `/etc` and
//! `/var/lib` are overlays on the machine's (what gitvow and the agents write there stays in a
//! temporary upper directory), kept open by one holder process that every command of the scenario
//! enters, and a digest of the machine's own managed folders, to show they were never touched.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The folders `install --system` may write, on the machine and inside the namespace.
pub const MANAGED_DIRS: &[&str] =
    &["/etc/claude-code", "/etc/codex", "/etc/gemini-cli", "/etc/qwen-code", "/etc/github-copilot", "/etc/gitvow", "/var/lib/gitvow"];

pub struct SystemNamespace {
    holder: Child,
    _dir: tempfile::TempDir,
}

impl SystemNamespace {
    /// `Err` with why, where mount namespaces or overlays are not allowed.
    pub fn new() -> Result<SystemNamespace, String> {
        let dir = tempfile::Builder::new().prefix("gitvow-e2e-system-").tempdir().map_err(|e| e.to_string())?;
        for d in ["etc-upper", "etc-work", "lib-upper", "lib-work"] {
            std::fs::create_dir(dir.path().join(d)).map_err(|e| e.to_string())?;
        }
        let ready = dir.path().join("ready");
        // `-r` maps this user to root inside (a no-op for root), so the same holder works in CI.
        let script = "mount -t overlay overlay -o \"lowerdir=/etc,upperdir=$1/etc-upper,workdir=$1/etc-work\" /etc \
            && mount -t overlay overlay -o \"lowerdir=/var/lib,upperdir=$1/lib-upper,workdir=$1/lib-work\" /var/lib \
            && : > \"$1/ready\" && exec sleep 100000";
        let mut holder = Command::new("unshare")
            .args(["-rm", "sh", "-c", script, "sh"])
            .arg(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run unshare: {e}"))?;
        let deadline = Instant::now() + Duration::from_secs(10);
        while !ready.exists() {
            if let Ok(Some(status)) = holder.try_wait() {
                let mut why = String::new();
                use std::io::Read;
                holder.stderr.take().map(|mut e| e.read_to_string(&mut why));
                return Err(format!("unshare -rm with overlays on /etc and /var/lib: {status}: {}", why.trim()));
            }
            if Instant::now() > deadline {
                let _ = holder.kill();
                return Err("the namespace's holder did not get ready in 10 s".into());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(SystemNamespace { holder, _dir: dir })
    }

    /// The holder's process id: `nsenter -t <pid>` enters the namespace ([`super::Sandbox::enter`]).
    pub fn pid(&self) -> u32 {
        self.holder.id()
    }

    /// An absolute path (`/etc/…`) as the namespace sees it, for this process to read and write.
    pub fn path(&self, absolute: &str) -> PathBuf {
        PathBuf::from(format!("/proc/{}/root{absolute}", self.holder.id()))
    }

    /// Every file under the managed folders as the namespace sees them, with its bytes.
    pub fn managed_tree(&self) -> BTreeMap<String, Vec<u8>> {
        tree(&|abs| self.path(abs))
    }
}

impl Drop for SystemNamespace {
    fn drop(&mut self) {
        let _ = self.holder.kill();
        let _ = self.holder.wait();
    }
}

/// The machine's own managed folders: one SHA-256 over every path and its bytes.
pub fn host_digest() -> String {
    let files = tree(&|abs| PathBuf::from(abs));
    let mut parts: Vec<&[u8]> = Vec::new();
    for (path, bytes) in &files {
        parts.push(path.as_bytes());
        parts.push(bytes);
    }
    gitvow::digest::hex(&gitvow::digest::sha256(&parts))
}

fn tree(at: &dyn Fn(&str) -> PathBuf) -> BTreeMap<String, Vec<u8>> {
    fn walk(dir: &Path, shown: &str, out: &mut BTreeMap<String, Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let shown = format!("{shown}/{}", e.file_name().to_string_lossy());
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                walk(&e.path(), &shown, out);
            } else {
                out.insert(shown, std::fs::read(e.path()).unwrap_or_default());
            }
        }
    }
    let mut out = BTreeMap::new();
    for d in MANAGED_DIRS {
        walk(&at(d), d, &mut out);
    }
    out
}
