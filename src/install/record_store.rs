//! Keeping the install record on disk: the record written before the files change (valid for
//! them both as they are and as the plan leaves them), the record after, and the side files of the
//! originals it names.

use super::plan::{Plan, RecordUpdate};
use super::record::{InstallRecord, Original};
use crate::error::{Error, Result};
use crate::paths::{Scope, display};
use crate::safefs::{self, Area};

/// The record to keep while the plan is being applied: valid for each file both as it is and as
/// the plan will leave it. A file about to be written is recorded with the hashes of its new bytes
/// and of what an earlier run wrote, and with the directories about to be created for it; a file
/// about to be restored keeps its entry until the final record (once restored, it holds its
/// original bytes, which makes the entry stale, see [`super::record::FileRecord::is_stale`]).
pub(crate) fn intent(record: &InstallRecord, plan: &Plan, scope: &Scope) -> Result<InstallRecord> {
    let mut intent = record.clone();
    for c in &plan.changes {
        let RecordUpdate::Set(new) = &c.record else { continue };
        let mut r = new.clone();
        if let Some(old) = record.files.get(&c.path) {
            for h in std::iter::once(&old.written).chain(&old.also_written) {
                if *h != r.written && !r.also_written.contains(h) {
                    r.also_written.push(h.clone());
                }
            }
        }
        if c.before.is_none() {
            for d in safefs::missing_parent_dirs(&c.path, scope, Area::Config)? {
                if !r.dirs.contains(&d) {
                    r.dirs.push(d);
                }
            }
        }
        intent.files.insert(c.path.clone(), r);
    }
    Ok(intent)
}

pub(crate) fn update(record: &mut InstallRecord, plan: &Plan, applied: Option<&safefs::Applied>) {
    for path in &plan.stale_records {
        record.files.remove(path);
    }
    for c in &plan.changes {
        match &c.record {
            RecordUpdate::Set(r) => {
                let mut r = r.clone();
                for d in applied.map(|a| a.created_dirs_for(&c.path)).unwrap_or_default() {
                    if !r.dirs.contains(&d) {
                        r.dirs.push(d);
                    }
                }
                record.files.insert(c.path.clone(), r);
            }
            RecordUpdate::Remove => {
                record.files.remove(&c.path);
            }
        }
    }
}

/// Writes `record` (deletes it when empty); nothing is written when the file already holds it.
/// The side files of its originals are written first and those it no longer names removed after,
/// so that a kill at any step leaves every side file the record on disk names.
pub(crate) fn save(scope: &Scope, record: &InstallRecord) -> Result<()> {
    let record = save_originals(scope, record, Keep::Copy)?;
    write_record(scope, &record)?;
    remove_unnamed_originals(scope, &record);
    // A side file that was the settings file's second name is the settings' old inode by now,
    // with the settings' mode (which exposed the same bytes until the exchange). Only a mode is
    // lost if this fails (a file of another owner): the side file stays in gitvow's directory.
    for sha256 in record.side_files() {
        let _ = safefs::make_private(&scope.original_path(sha256), scope, Area::State);
    }
    Ok(())
}

/// The record written before the files: like [`save`], but the side files of earlier
/// attempts stay until the final record (an agent rewriting its settings makes every attempt's
/// original new; tidying each time would slow the attempts that race it). An original read this
/// run is kept as a second name of its file where it can be, not written again: the write that
/// follows replaces the file by an exchange, which leaves the old inode at the side file's name.
pub(crate) fn save_intent(scope: &Scope, record: &InstallRecord) -> Result<()> {
    let record = save_originals(scope, record, Keep::Link)?;
    write_record(scope, &record)
}

/// How [`save_originals`] keeps an original read this run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// As a second name of the file it was read from, where it can be (else a copy).
    Link,
    /// As a copy.
    Copy,
}

/// Removes the side files `record` does not name, and their directory once it is empty.
fn remove_unnamed_originals(scope: &Scope, record: &InstallRecord) {
    let named: Vec<&str> = record.side_files().collect();
    // Only a side file left behind is lost if this fails: the next run removes it.
    let _ = safefs::remove_files_except(&scope.originals_dir(), scope, Area::State, &|name| named.contains(&name));
    safefs::remove_empty_dirs(scope, Area::State, &[scope.originals_dir()]);
}

/// `record` with every original it holds in memory (read this run, or inline in a record of an
/// earlier version) written to its side file, mode 0600 (it may hold secrets), and named by digest.
fn save_originals(scope: &Scope, record: &InstallRecord, keep: Keep) -> Result<InstallRecord> {
    let mut out = record.clone();
    for (path, entry) in &mut out.files {
        let (bytes, sha256, read) = match &entry.original {
            Original::Read { bytes, sha256 } => (bytes.as_slice(), sha256.clone(), true),
            Original::Text { text } => (text.as_bytes(), super::record::digest(text.as_bytes()), false),
            _ => continue,
        };
        let side = scope.original_path(&sha256);
        // Named by digest: a side file of that name with no other name already holds these bytes.
        // One with another name is a settings file's second name a killed run left: its file may
        // have been written since.
        if !safefs::private_file_exists(&side, scope, Area::State)? {
            safefs::remove_private(&side, scope, Area::State)?;
            safefs::create_parent_dirs(&side, scope, Area::State)?;
            if !(read && keep == Keep::Link && safefs::link_private_in(path, &side, scope, bytes)?) {
                safefs::write_private_in(&side, scope, Area::State, bytes, safefs::Existing::Keep)?;
            }
        }
        entry.original = Original::Saved { sha256 };
    }
    Ok(out)
}

fn write_record(scope: &Scope, record: &InstallRecord) -> Result<()> {
    let path = scope.record_path();
    let before = InstallRecord::read(scope)?;
    let bytes = (!record.files.is_empty()).then(|| record.to_bytes());
    if before == bytes {
        return Ok(());
    }
    if safefs::faults::fail_record_write() {
        return Err(Error::new(format!("cannot write {}: failure injected by GITVOW_TEST_FAIL_RECORD_WRITE", display(&path))));
    }
    let Some(bytes) = bytes else {
        if let Some(b) = before {
            safefs::remove_if_unchanged(&path, scope, Area::State, &b)?;
        }
        return Ok(());
    };
    safefs::create_parent_dirs(&path, scope, Area::State)?;
    // The record keeps the bytes settings files had before install, secrets included: only the
    // user may read it. An existing record keeps its mode through the replace; a new one is
    // written whole with mode 0600 and then put in place.
    match before {
        Some(b) => {
            safefs::replace_if_unchanged(&path, scope, Area::State, Some(&b), &bytes)?;
        }
        None => safefs::write_private_in(&path, scope, Area::State, &bytes, safefs::Existing::Keep)?,
    }
    Ok(())
}
