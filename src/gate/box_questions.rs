//! Questions asked from inside gitvow's box, and the person's answers to them.
//!
//! In the box `~/.gitvow` is read-only and the record key hidden, so the hook can neither write an
//! approval file nor check one's seal. `gitvow run` therefore makes, before it enters the box, a
//! fresh directory of the box's own, `~/.gitvow/boxes/<id>/`, and names it to the agent in
//! [`ENV`]:
//!
//! - `questions/` stays writable in the box: the hook writes what waits there (one file per call,
//!   `<call key>.json`, unsealed). Outside, `gitvow approve <code>` reads it as the agent's text: it
//!   shows the call and recomputes the call's identity from what it shows, so a question cannot
//!   show one call and stand for another.
//! - `answers/` is read-only in the box: only `gitvow approve`, outside, writes the person's answer
//!   there (sealed, as every approval). Inside, the seal cannot be checked (the key is hidden), so
//!   the hook counts an answer only when the kernel proves, from its own mounts, that the directory
//!   is read-only to it; the directory was empty when the box began, so whatever it holds was
//!   written from outside the box since.
//!
//! What this cannot do: take back a one-time yes once used (the answer cannot be removed from
//! inside the box), so in the box a yes for one call holds for identical calls until it expires
//! ([`super::approvals::ONCE_FOR`]).

use super::approvals::{self, Approval, State};
use super::regular_file;
use crate::safefs::{Existing, write_private};
use std::path::{Path, PathBuf};

/// Names the box's directory (its `<id>`) to everything started in the box.
pub const ENV: &str = "GITVOW_BOX";
/// A box's directory is removed by a later `gitvow run` once it is this old (no answer outlives a
/// day).
const KEPT_FOR: u64 = 2 * 24 * 60 * 60;
/// At most this many questions of one box, and boxes, are read by `gitvow approve`.
const LOOK: usize = 1024;

/// `~/.gitvow/boxes`.
fn boxes() -> Option<PathBuf> {
    crate::paths::gitvow_home().map(|h| h.join("boxes"))
}

/// An id names a directory only when it is one of gitvow's codes.
fn valid(id: &str) -> bool {
    !id.is_empty() && id.bytes().all(|b| approvals::ALPHABET.contains(&b))
}

/// For `gitvow run`, outside the box: a fresh directory for one box (its id, and the directory that
/// must stay writable in it). Boxes older than [`KEPT_FOR`] are removed first.
pub fn create() -> std::io::Result<(String, PathBuf)> {
    use std::os::unix::fs::DirBuilderExt;
    let root = boxes().ok_or_else(|| std::io::Error::other("cannot find the home directory"))?;
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(&root)?;
    prune(&root);
    let id = format!("{}{}", approvals::new_code(), approvals::new_code());
    let dir = root.join(&id);
    // Not recursive: a directory already there (made in advance, to hold forged answers) is an error.
    std::fs::DirBuilder::new().mode(0o700).create(&dir)?;
    for sub in ["answers", "questions"] {
        std::fs::DirBuilder::new().mode(0o700).create(dir.join(sub))?;
    }
    Ok((id, dir.join("questions")))
}

fn prune(root: &Path) {
    let Ok(entries) = std::fs::read_dir(root) else { return };
    let now = std::time::SystemTime::now();
    for entry in entries.flatten().take(LOOK) {
        let old = entry.metadata().ok().and_then(|m| m.modified().ok()).and_then(|t| now.duration_since(t).ok());
        if old.is_some_and(|d| d.as_secs() > KEPT_FOR) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// The box the hook runs in, when the kernel proves its answers cannot be written from it.
pub struct Current {
    dir: PathBuf,
}

/// Inside gitvow's box: where its questions and answers are. `None` outside the box, or when the
/// directory [`ENV`] names is not one the kernel holds read-only here.
pub fn current() -> Option<Current> {
    let id = std::env::var(ENV).ok()?;
    let dir = boxes()?.join(&id);
    (valid(&id) && super::boxed::holds(&dir.join("answers"))).then_some(Current { dir })
}

impl approvals::Elsewhere for Current {
    fn answer(&self, key: &str) -> Option<Approval> {
        let a = read(&self.dir.join("answers").join(format!("{key}.json")))?;
        (a.key == key && a.state != State::Pending && !approvals::expired(&a, approvals::now())).then_some(a)
    }

    fn ask(&self, question: &Approval) -> Option<String> {
        let path = self.dir.join("questions").join(format!("{}.json", question.key));
        if let Some(asked) = read(&path).filter(|a| a.key == question.key && !approvals::expired(a, approvals::now())) {
            return Some(asked.code);
        }
        let text = serde_json::to_string_pretty(question).ok()? + "\n";
        write_private(&path, text.as_bytes(), Existing::Replace).ok()?;
        Some(question.code.clone())
    }
}

fn read(path: &Path) -> Option<Approval> {
    let bytes = regular_file::read_private(path, "a question from gitvow's box").ok()??;
    serde_json::from_slice(&bytes).ok()
}

/// A question from a box, as `gitvow approve` finds it outside.
pub struct Asked {
    pub approval: Approval,
    /// The box's directory.
    dir: PathBuf,
}

/// Every question waiting in a box, outside it: those whose text is not the call its identity names
/// are left out (the agent wrote them). A question's time is when its file last changed, which the
/// agent cannot set, not the time it claims.
pub fn waiting() -> Vec<Asked> {
    use std::os::unix::fs::MetadataExt;
    let mut out = Vec::new();
    let Some(root) = boxes() else { return out };
    let Ok(entries) = std::fs::read_dir(&root) else { return out };
    let now = approvals::now();
    for dir in entries.flatten().take(LOOK).map(|e| e.path()) {
        let Ok(questions) = std::fs::read_dir(dir.join("questions")) else { continue };
        for path in questions.flatten().take(LOOK).map(|e| e.path()) {
            let Some(mut a) = read(&path) else { continue };
            let Ok(meta) = std::fs::symlink_metadata(&path) else { continue };
            a.created = u64::try_from(meta.ctime()).unwrap_or(0);
            let answered = dir.join("answers").join(format!("{}.json", a.key)).exists();
            if a.state == State::Pending && valid(&a.code) && !answered && !approvals::expired(&a, now) && approvals::is_key_of(&a) {
                out.push(Asked { approval: a, dir: dir.clone() });
            }
        }
    }
    out.sort_by_key(|q| q.approval.created);
    out
}

impl Asked {
    /// Writes the person's answer where the box reads it, sealed.
    pub fn answer(&self, answered: &Approval) -> crate::error::Result<()> {
        let path = self.dir.join("answers").join(format!("{}.json", answered.key));
        approvals::save_to(&path, answered)
    }
}
