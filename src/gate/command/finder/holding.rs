//! The files under a guarded place that a search names: a bounded walk that does not follow links.

use super::super::lit_word;
use super::super::syntax::Word;
use std::path::Path;

/// Entries of a guarded directory looked at per call; past it the directory counts as found whole.
pub(super) const MAX_LISTED: usize = 512;

/// The files at or under `place` (bounded, links not followed) that hold `needle` (any file
/// when there is none, or when one cannot be read within the bound).
pub(super) fn holding(place: &Path, needle: Option<&str>, ci: bool, found: &mut Vec<Word>) {
    let holds = |path: &Path| {
        let Some(needle) = needle else { return true };
        match crate::gate::regular_file::read_text(path, "a file", crate::gate::regular_file::MAX_BYTES) {
            Ok(Some(text)) if ci => text.to_lowercase().contains(&needle.to_lowercase()),
            Ok(Some(text)) => text.contains(needle),
            _ => true,
        }
    };
    let Ok(meta) = std::fs::symlink_metadata(place) else { return };
    let mut seen = 0;
    let mut todo = vec![(place.to_path_buf(), meta.is_dir())];
    while let Some((path, is_dir)) = todo.pop() {
        if !is_dir {
            if holds(&path) {
                found.push(lit_word(&path.to_string_lossy()));
            }
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&path) else { continue };
        for e in entries.flatten() {
            seen += 1;
            if seen > MAX_LISTED {
                // More than the gate lists per call: the place counts as listed whole.
                found.push(lit_word(&place.to_string_lossy()));
                return;
            }
            todo.push((e.path(), e.file_type().is_ok_and(|t| t.is_dir())));
        }
    }
}
