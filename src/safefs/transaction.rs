//! Several file changes applied all or nothing.

use super::dirs::{create_parent_dirs, remove_empty_dirs};
use super::resolve::Area;
use super::write::Replaced;
use super::write::{may_hold, remove_if_unchanged, replace_if_unchanged, set_mode};
use crate::error::{Error, Result};
use crate::paths::{Scope, display};
use std::path::{Path, PathBuf};

/// A file's bytes, shared between the plan, the transaction and its undo rather than copied: a
/// settings file may be megabytes, and each copy would count against the run's memory.
pub(crate) type Bytes = std::sync::Arc<Vec<u8>>;

/// What a transaction does to one file.
#[derive(Clone, Debug)]
pub(crate) enum FileOp {
    /// Write these bytes (creating the file and its missing directories when needed).
    Write(Bytes),
    /// Delete the file.
    Delete,
}

/// One file of a transaction: the bytes the plan was computed on (`None`: absent) and what to do.
#[derive(Clone, Debug)]
pub(crate) struct TxStep {
    pub(crate) path: PathBuf,
    pub(crate) expected: Option<Bytes>,
    pub(crate) op: FileOp,
}

/// The result of [`Transaction::apply`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TxOutcome {
    /// Every step was applied; [`Applied::rollback`] undoes them.
    Applied(Applied),
    /// `path` no longer holds the bytes its step expected (`current`: its bytes now). Nothing of
    /// the transaction remains written: plan again on the new bytes and apply the new plan.
    Changed { path: PathBuf, current: Option<Vec<u8>> },
}

/// An ordered list of file changes applied all or nothing: every target is resolved (and refused
/// when the scope's rules say so) before anything is written; if a step fails or finds its file
/// changed, the steps already applied are undone, each with the same compare-before-write rule so
/// that the undo never clobbers a file someone else changed meanwhile.
#[derive(Clone, Debug)]
pub(crate) struct Transaction {
    scope: Scope,
    area: Area,
    steps: Vec<TxStep>,
}

/// A transaction that was applied, and what it takes to undo it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Applied {
    scope: Scope,
    area: Area,
    done: Vec<Undo>,
}

impl Applied {
    /// Directories made for new files, outermost first.
    #[cfg(test)]
    pub(crate) fn created_dirs(&self) -> Vec<PathBuf> {
        self.done.iter().flat_map(|u| u.created_dirs.iter().cloned()).collect()
    }

    /// Directories made for the file `path` (for a dangling symlink: for its target), outermost first.
    pub(crate) fn created_dirs_for(&self, path: &Path) -> Vec<PathBuf> {
        self.done.iter().filter(|u| u.path == path).flat_map(|u| u.created_dirs.iter().cloned()).collect()
    }

    /// Puts every file back as it was before the transaction (when a later step of the run, such as
    /// the install record, fails), with the same compare-before-write rule as a failed step's undo.
    pub(crate) fn rollback(self) -> Result<()> {
        Transaction { scope: self.scope, area: self.area, steps: Vec::new() }.undo(self.done)
    }
}

/// What must be done to undo one applied step.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Undo {
    path: PathBuf,
    /// The bytes the step wrote (`None`: it deleted the file).
    written: Option<Bytes>,
    /// The bytes before (`None`: the file did not exist).
    before: Option<Bytes>,
    /// Permission bits of a deleted file, to recreate it as it was.
    mode: Option<u32>,
    created_dirs: Vec<PathBuf>,
}

impl Transaction {
    /// Changes to files in `area` of `scope`.
    pub(crate) fn new(scope: Scope, area: Area) -> Transaction {
        Transaction { scope, area, steps: Vec::new() }
    }

    /// The bytes are shared with the caller's plan, not copied: a settings file may be megabytes.
    pub(crate) fn write(&mut self, path: impl Into<PathBuf>, expected: Option<Bytes>, new: Bytes) -> &mut Self {
        self.steps.push(TxStep { path: path.into(), expected, op: FileOp::Write(new) });
        self
    }

    pub(crate) fn delete(&mut self, path: impl Into<PathBuf>, expected: Bytes) -> &mut Self {
        self.steps.push(TxStep { path: path.into(), expected: Some(expected), op: FileOp::Delete });
        self
    }

    /// Apply every step in order. An error names the failing file; the files already written by
    /// this call are restored first (an error that also names files which could not be restored,
    /// when that happens).
    pub(crate) fn apply(&self) -> Result<TxOutcome> {
        self.apply_with(&mut |_| Ok(()))
    }

    /// `before_step` runs before each step's write; tests use it to inject faults between planning
    /// and writing.
    pub(super) fn apply_with(&self, before_step: &mut dyn FnMut(usize) -> Result<()>) -> Result<TxOutcome> {
        // Refusals, and files whose size changed, are found before anything is written. A file of
        // the planned size is compared by its step, once, at the last look before its write: it
        // may be megabytes.
        for step in &self.steps {
            if let Err(current) = may_hold(&step.path, &self.scope, self.area, step.expected.as_deref().map(Vec::as_slice))? {
                return Ok(TxOutcome::Changed { path: step.path.clone(), current });
            }
        }
        let mut done: Vec<Undo> = Vec::new();
        for (i, step) in self.steps.iter().enumerate() {
            let result = before_step(i).and_then(|()| self.apply_step(step));
            match result {
                Ok(Ok(undo)) => done.push(undo),
                Ok(Err(current)) => {
                    self.undo(done)?;
                    return Ok(TxOutcome::Changed { path: step.path.clone(), current });
                }
                Err(err) => {
                    return Err(match self.undo(done) {
                        Ok(()) => err,
                        Err(undo_err) => Error::new(format!("{}; {}", err.message, undo_err.message))
                            .hint("check the files named above by hand: they hold what this run wrote"),
                    });
                }
            }
        }
        Ok(TxOutcome::Applied(Applied { scope: self.scope.clone(), area: self.area, done }))
    }

    /// `Ok(Err(current))`: the file changed since the plan.
    fn apply_step(&self, step: &TxStep) -> Result<std::result::Result<Undo, Option<Vec<u8>>>> {
        let expected = step.expected.as_deref().map(Vec::as_slice);
        let (outcome, written, mode, created_dirs) = match &step.op {
            FileOp::Write(new) => {
                let created = if expected.is_none() { create_parent_dirs(&step.path, &self.scope, self.area)? } else { Vec::new() };
                match replace_if_unchanged(&step.path, &self.scope, self.area, expected, new) {
                    Ok(outcome) => (outcome, Some(Bytes::clone(new)), None, created),
                    Err(err) => {
                        remove_empty_dirs(&self.scope, self.area, &created);
                        return Err(err);
                    }
                }
            }
            FileOp::Delete => {
                let mode = super::resolve::locate(&step.path, &self.scope, self.area)
                    .ok()
                    .and_then(|spot| super::spot::stat_at(spot.parent()?, &spot.name).ok().flatten())
                    .map(|s| super::spot::mode_of(&s) & 0o7777);
                let outcome = remove_if_unchanged(&step.path, &self.scope, self.area, expected.unwrap_or_default())?;
                (outcome, None, mode, Vec::new())
            }
        };
        Ok(match outcome {
            Replaced::Done => Ok(Undo { path: step.path.clone(), written, before: step.expected.clone(), mode, created_dirs }),
            Replaced::Changed(current) => {
                remove_empty_dirs(&self.scope, self.area, &created_dirs);
                Err(current)
            }
        })
    }

    /// Undo applied steps, last first. Files someone changed after gitvow wrote them are left
    /// alone and named in the error.
    fn undo(&self, done: Vec<Undo>) -> Result<()> {
        let mut not_restored = Vec::new();
        for u in done.into_iter().rev() {
            let result = match (&u.before, &u.written) {
                (Some(before), None) => restore_deleted(&u.path, &self.scope, self.area, before, u.mode),
                (Some(before), Some(written)) => replace_if_unchanged(&u.path, &self.scope, self.area, Some(written.as_slice()), before),
                (None, Some(written)) => remove_if_unchanged(&u.path, &self.scope, self.area, written),
                (None, None) => Ok(Replaced::Done),
            };
            match result {
                Ok(Replaced::Done) => remove_empty_dirs(&self.scope, self.area, &u.created_dirs),
                Ok(Replaced::Changed(_)) | Err(_) => not_restored.push(display(&u.path)),
            }
        }
        if not_restored.is_empty() {
            Ok(())
        } else {
            Err(Error::new(format!("could not restore {} (changed meanwhile or unwritable)", not_restored.join(", ")))
                .hint("check the files named above by hand: they hold what this run wrote"))
        }
    }
}

fn restore_deleted(path: &Path, scope: &Scope, area: Area, bytes: &[u8], mode: Option<u32>) -> Result<Replaced> {
    // The run may have removed the directories it had emptied.
    create_parent_dirs(path, scope, area)?;
    let outcome = replace_if_unchanged(path, scope, area, None, bytes)?;
    if let (Replaced::Done, Some(mode)) = (&outcome, mode) {
        set_mode(path, scope, area, mode)?;
    }
    Ok(outcome)
}
