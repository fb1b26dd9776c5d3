//! The preview: one unified diff per file, coloured on a terminal.

use super::plan::FileChange;
use crate::paths::display;
use similar::{Algorithm, DiffOp, DiffTag};
use std::io::{self, IsTerminal, Write};
use std::time::Instant;

/// Writes the unified diff of one change to `out`: from `/dev/null` for a new file, to `/dev/null`
/// for a deleted one.
///
/// Only the lines between those both versions share at the start and at the end (all of a large
/// settings file but gitvow's entries) are diffed, and only they and the three lines of context
/// around them are split into lines: the work and the memory grow with what changed, not with
/// the file.
pub fn diff(out: &mut dyn Write, change: &FileChange, color: bool) -> io::Result<()> {
    let name = display(&change.path);
    let old = change.before.as_deref().map_or(&[][..], Vec::as_slice);
    let new = change.after.as_deref().map_or(&[][..], Vec::as_slice);
    let a = if change.before.is_some() { name.clone() } else { "/dev/null".to_string() };
    let b = if change.after.is_some() { name } else { "/dev/null".to_string() };
    // The region is found on the bytes: only its lines are made text (a shared line is the same
    // text in both).
    let region = Region::of(old, new);
    let (old, new) = (text_of(&old[region.start..region.old_end]), text_of(&new[region.start..region.new_end]));
    let old_lines: Vec<&str> = old.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = new.split_inclusive('\n').collect();
    let (before, after) = (region.context_before, region.context_after);
    let middle = middle_ops(&old_lines[before..old_lines.len() - after], &new_lines[before..new_lines.len() - after]);
    let mut ops = vec![DiffOp::Equal { old_index: 0, new_index: 0, len: before }];
    ops.extend(middle.into_iter().map(|op| shifted(op, before)));
    ops.push(DiffOp::Equal { old_index: old_lines.len() - after, new_index: new_lines.len() - after, len: after });
    ops.retain(|op| !(op.old_range().is_empty() && op.new_range().is_empty()));

    let mut out = Painter { out, color };
    for (i, hunk) in similar::group_diff_ops(ops, CONTEXT_LINES).iter().enumerate() {
        if i == 0 {
            out.line(&format!("--- {a}\n"))?;
            out.line(&format!("+++ {b}\n"))?;
        }
        let (first, last) = (hunk[0], hunk[hunk.len() - 1]);
        let at = region.lines_before;
        let old_range = HunkRange(at + first.old_range().start, at + last.old_range().end);
        let new_range = HunkRange(at + first.new_range().start, at + last.new_range().end);
        out.line(&format!("@@ -{old_range} +{new_range} @@\n"))?;
        let mut lines: Vec<(char, &str)> = Vec::new();
        for op in hunk {
            let (tag, old_range, new_range) = op.as_tag_tuple();
            if tag == DiffTag::Equal {
                lines.extend(old_range.map(|i| (' ', old_lines[i])));
            } else {
                lines.extend(old_range.map(|i| ('-', old_lines[i])));
                lines.extend(new_range.map(|i| ('+', new_lines[i])));
            }
        }
        // For a long line, the line it replaces (or that replaces it) in the hunk shows where they
        // differ: the hunk's first line of the other kind.
        let first_of = |sign| lines.iter().find(|(s, _)| *s == sign).map(|(_, line)| *line);
        let (deleted, inserted) = (first_of('-'), first_of('+'));
        for (sign, line) in &lines {
            let other = match sign {
                '-' => inserted,
                '+' => deleted,
                _ => None,
            };
            out.diff_line(*sign, &excerpt(line, other))?;
        }
    }
    Ok(())
}

/// The bytes as text, any invalid UTF-8 shown as U+FFFD. Checked first with the standard
/// library's validation, which reads a word at a time: `String::from_utf8_lossy` reads byte by
/// byte even when every byte is valid, the whole region of a one-line file of megabytes twice.
fn text_of(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    std::str::from_utf8(bytes).map_or_else(|_| String::from_utf8_lossy(bytes), std::borrow::Cow::Borrowed)
}

/// The diff of the lines between the shared ones: Myers', but for many lines of which none is in
/// both (gitvow's entries replacing thousands of copies of one entry), where it can only be every
/// old line deleted and every new one inserted, found in one look-up per line rather than by a
/// search whose work grows with both counts. (A few lines are left to Myers: hashing a one-line
/// file's line of megabytes costs more than comparing it.)
fn middle_ops(old: &[&str], new: &[&str]) -> Vec<DiffOp> {
    let (few, many) = if old.len() <= new.len() { (old, new) } else { (new, old) };
    if old.len().saturating_mul(new.len()) > MANY_PAIRS && {
        // foldhash, seeded at random per process as SipHash is: a file's lines are hashed in a
        // fraction of the instructions (100,000 of them for a file of duplicate entries).
        let few: foldhash::HashSet<&str> = few.iter().copied().collect();
        !many.iter().any(|line| few.contains(line))
    } {
        // (Both have lines: there are many pairs.)
        return vec![DiffOp::Replace { old_index: 0, old_len: old.len(), new_index: 0, new_len: new.len() }];
    }
    let deadline = Instant::now() + std::time::Duration::from_secs(5);
    similar::capture_diff_slices_deadline(Algorithm::Myers, old, new, Some(deadline))
}

/// Pairs of old and new lines past which [`middle_ops`] first looks for a line in both.
const MANY_PAIRS: usize = 4096;

/// `op` moved `by` lines down in both texts.
fn shifted(op: DiffOp, by: usize) -> DiffOp {
    match op {
        DiffOp::Equal { old_index, new_index, len } => DiffOp::Equal { old_index: old_index + by, new_index: new_index + by, len },
        DiffOp::Delete { old_index, old_len, new_index } => {
            DiffOp::Delete { old_index: old_index + by, old_len, new_index: new_index + by }
        }
        DiffOp::Insert { old_index, new_index, new_len } => {
            DiffOp::Insert { old_index: old_index + by, new_index: new_index + by, new_len }
        }
        DiffOp::Replace { old_index, old_len, new_index, new_len } => {
            DiffOp::Replace { old_index: old_index + by, old_len, new_index: new_index + by, new_len }
        }
    }
}

/// Lines of unchanged text around each change, as `diff -u` shows.
const CONTEXT_LINES: usize = 3;

/// The part of two texts the preview looks at: the lines between those they share at the start
/// and those they share at the end, with up to three shared lines on each side for context. Byte
/// offsets; the start is the same in both texts, since what comes before it is the same.
struct Region {
    start: usize,
    old_end: usize,
    new_end: usize,
    /// Lines before `start`: added to the line numbers of the hunks.
    lines_before: usize,
    /// Shared lines at the start and at the end of the region.
    context_before: usize,
    context_after: usize,
}

impl Region {
    fn of(old: &[u8], new: &[u8]) -> Region {
        let Shared { mut start, mut lines_before, mut old_end, mut new_end } = Shared::of(old, new);
        let mut context_before = 0;
        while context_before < CONTEXT_LINES && start > 0 {
            start = old[..start - 1].iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
            lines_before -= 1;
            context_before += 1;
        }
        let mut context_after = 0;
        while context_after < CONTEXT_LINES
            && let Some(line) = lines(&old[old_end..]).next()
        {
            old_end += line.len();
            new_end += line.len();
            context_after += 1;
        }
        Region { start, old_end, new_end, lines_before, context_before, context_after }
    }
}

/// The lines two texts share at the start and at the end: where the first line that differs
/// starts (the same offset in both), how many lines come before it, and where the shared lines
/// at the end start in each.
#[derive(Debug, PartialEq, Eq)]
struct Shared {
    start: usize,
    lines_before: usize,
    old_end: usize,
    new_end: usize,
}

impl Shared {
    /// Found on the bytes, a block at a time, and not line by line.
    fn of(old: &[u8], new: &[u8]) -> Shared {
        // Up to the line where the texts first differ (all of both, when they are the same).
        let same = crate::digest::shared_prefix(old, new);
        let start = if same == old.len() && same == new.len() { same } else { line_start(old, same) };
        // (The last line of two texts that are the same may have no newline.)
        let lines_before = old[..start].iter().filter(|b| **b == b'\n').count() + usize::from(!old[..start].ends_with(b"\n") && start > 0);
        // After the shared start: the longest run of bytes both end with that starts a line in
        // both (the bytes before it, shared but for the first, are the same in both).
        let (old_rest, new_rest) = (&old[start..], &new[start..]);
        let tail = crate::digest::shared_suffix(old_rest, new_rest);
        let starts_line = |rest: &[u8]| tail == rest.len() || rest[rest.len() - tail - 1] == b'\n';
        let shared_end = if starts_line(old_rest) && starts_line(new_rest) {
            tail
        } else {
            // The first newline among the shared bytes ends the line they start in.
            let from = old_rest.len() - tail;
            old_rest[from..].iter().position(|b| *b == b'\n').map_or(0, |i| tail - i - 1)
        };
        Shared { start, lines_before, old_end: old.len() - shared_end, new_end: new.len() - shared_end }
    }
}

/// The lines of `text`, each with its newline if it has one.
fn lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split_inclusive(|b| *b == b'\n')
}

/// Where the line holding the byte at `at` starts.
fn line_start(text: &[u8], at: usize) -> usize {
    text[..at].iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1)
}

/// A hunk's range of lines as `diff -u` writes it: `start,length`, only `start` for one line, and
/// an empty range starting at the line before it.
struct HunkRange(usize, usize);

impl std::fmt::Display for HunkRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.1 - self.0 {
            1 => write!(f, "{}", self.0 + 1),
            0 => write!(f, "{},0", self.0),
            len => write!(f, "{},{len}", self.0 + 1),
        }
    }
}

/// Lines longer than this are shown as the part that changed (one-line settings files hold megabytes
/// on a line; the preview must show what gitvow changes, not the line twice).
const LONG_LINE: usize = 1000;
/// Bytes of unchanged text shown on each side of the change in a long line.
const CONTEXT: usize = 80;

/// `line` as the preview shows it: whole, or for a long line the part that differs from `other`
/// with some context, the rest named by its size.
fn excerpt<'a>(line: &'a str, other: Option<&str>) -> std::borrow::Cow<'a, str> {
    if line.len() <= LONG_LINE {
        return line.into();
    }
    let (body, end) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
    let Some(other) = other.map(|o| o.strip_suffix('\n').unwrap_or(o)) else {
        // A line added or removed whole: its start.
        let to = body.ceil_char_boundary(2 * CONTEXT);
        return format!("{}[… {} bytes …]{end}", &body[..to], body.len() - to).into();
    };
    // A block at a time: a one-line file's line is megabytes long, and shown twice.
    let prefix = crate::digest::shared_prefix(body.as_bytes(), other.as_bytes());
    let most = body.len().min(other.len()) - prefix;
    let suffix = crate::digest::shared_suffix(&body.as_bytes()[prefix..], &other.as_bytes()[prefix..]).min(most);
    let from = body.floor_char_boundary(prefix.saturating_sub(CONTEXT));
    let to = body.ceil_char_boundary(body.len() - suffix + CONTEXT);
    let before = if from > 0 { format!("[… {from} bytes …]") } else { String::new() };
    let after = if to < body.len() { format!("[… {} bytes …]", body.len() - to) } else { String::new() };
    format!("{before}{}{after}{end}", &body[from..to]).into()
}

/// Writes diff lines, coloured by their first characters when `color` is set.
struct Painter<'a> {
    out: &'a mut dyn Write,
    color: bool,
}

impl Painter<'_> {
    /// Writes one line of a hunk: its sign, its text, and the hint after a line without its final
    /// newline (written in pieces: a diff may have hundreds of thousands of lines).
    fn diff_line(&mut self, sign: char, line: &str) -> io::Result<()> {
        let end = if line.ends_with('\n') { "" } else { "\n\\ No newline at end of file\n" };
        if self.color {
            return self.line(&format!("{sign}{line}{end}"));
        }
        let mut buf = [0; 4];
        self.out.write_all(sign.encode_utf8(&mut buf).as_bytes())?;
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(end.as_bytes())
    }

    /// Writes `text`: one line or, for a line without its final newline, the line and the hint
    /// after it.
    fn line(&mut self, text: &str) -> io::Result<()> {
        if !self.color {
            return self.out.write_all(text.as_bytes());
        }
        for line in text.split_inclusive('\n') {
            let (body, end) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
            let code = if body.starts_with("+++") || body.starts_with("---") {
                "1"
            } else if body.starts_with('+') {
                "32"
            } else if body.starts_with('-') {
                "31"
            } else if body.starts_with("@@") {
                "36"
            } else {
                ""
            };
            if code.is_empty() {
                self.out.write_all(line.as_bytes())?;
            } else {
                write!(self.out, "\x1b[{code}m{body}\x1b[0m{end}")?;
            }
        }
        Ok(())
    }
}

/// Whether a person is there to answer a prompt.
pub fn interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn change(before: &str, after: &str) -> FileChange {
        FileChange {
            path: "/f".into(),
            before: Some(std::sync::Arc::new(before.as_bytes().to_vec())),
            after: Some(std::sync::Arc::new(after.as_bytes().to_vec())),
            record: super::super::plan::RecordUpdate::Remove,
            edited: None,
        }
    }

    fn text(lines: &[Vec<u8>], end: bool) -> String {
        let mut s: String = lines.iter().flatten().map(|l| format!("line {l}\n")).collect();
        if !end && s.pop().is_some() {
            s.push('x');
        }
        s
    }

    /// `old` patched with `diff` by GNU patch, exactly: no fuzz, and every hunk at its line.
    fn patched(old: &str, diff: &str) -> String {
        let dir = tempfile::tempdir().unwrap();
        let (file, patch) = (dir.path().join("f"), dir.path().join("diff"));
        std::fs::write(&file, old).unwrap();
        std::fs::write(&patch, diff).unwrap();
        let run =
            std::process::Command::new("patch").args(["-F0", "--no-backup-if-mismatch", "-i"]).arg(&patch).arg(&file).output().unwrap();
        let said = String::from_utf8_lossy(&run.stdout).into_owned() + &String::from_utf8_lossy(&run.stderr);
        // GNU patch names a hunk it had to look for elsewhere ("offset") or bend ("fuzz").
        assert!(run.status.success() && !said.contains("offset") && !said.contains("fuzz"), "patch: {said}\n{diff}");
        std::fs::read_to_string(&file).unwrap()
    }

    /// [`Shared`] found line by line.
    fn shared_line_by_line(old: &[u8], new: &[u8]) -> Shared {
        let (mut start, mut lines_before) = (0, 0);
        for (x, y) in lines(old).zip(lines(new)) {
            if x != y {
                break;
            }
            start += x.len();
            lines_before += 1;
        }
        let last_line = |text: &[u8]| -> Option<usize> {
            let body = text.strip_suffix(b"\n").unwrap_or(text);
            (!text.is_empty()).then(|| text.len() - body.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1))
        };
        let (mut old_end, mut new_end) = (old.len(), new.len());
        while let (Some(x), Some(y)) = (last_line(&old[start..old_end]), last_line(&new[start..new_end])) {
            if old[old_end - x..old_end] != new[new_end - y..new_end] {
                break;
            }
            old_end -= x;
            new_end -= y;
        }
        Shared { start, lines_before, old_end, new_end }
    }

    /// Thousands of copies of one line replaced by lines none of which was there (the diff
    /// [`middle_ops`] gives without a search) and by lines one of which was: both previews are
    /// exact, each line shown once.
    #[test]
    fn many_lines_replaced_by_new_ones_are_an_exact_diff() {
        let old = format!("{{\n{}}}\n", "  copy,\n".repeat(5000));
        for kept in ["", "  copy,\n"] {
            let new = format!("{{\n  one,\n{kept}  two\n}}\n");
            let mut ours = Vec::new();
            diff(&mut ours, &change(&old, &new), false).unwrap();
            let ours = String::from_utf8(ours).unwrap();
            assert_eq!(patched(&old, &ours), new);
            assert_eq!(ours.lines().filter(|l| l.starts_with("-  copy")).count(), 5000 - kept.len().min(1), "{kept:?}");
        }
    }

    proptest! {
        /// The shared lines found on the bytes are those comparing the lines one by one finds,
        /// with lines shorter and longer than a block, and a change of a few bytes anywhere.
        #[test]
        fn the_shared_lines_are_found_on_the_bytes(
            lines in proptest::collection::vec((0u8..3, 0usize..9000, any::<bool>()), 0..6),
            cut in 0usize..30000, put in proptest::collection::vec(prop_oneof![Just(b'\n'), Just(b'a'), Just(b'b')], 0..3),
            drop in 0usize..3,
        ) {
            let old: Vec<u8> = lines.iter().flat_map(|(c, n, end)| {
                let mut line = vec![b'a' + c; *n];
                line.extend(end.then_some(b'\n'));
                line
            }).collect();
            let at = cut.min(old.len());
            let new: Vec<u8> = old[..at].iter().chain(&put).chain(&old[(at + drop).min(old.len())..]).copied().collect();
            prop_assert_eq!(Shared::of(&old, &new), shared_line_by_line(&old, &new));
            prop_assert_eq!(Shared::of(&new, &old), shared_line_by_line(&new, &old));
        }

        /// The preview is a unified diff GNU patch applies exactly (line numbers, context and "No
        /// newline" hints), with three lines of context, however long the shared start and end.
        #[test]
        fn the_preview_is_an_exact_unified_diff(
            start in proptest::collection::vec(0u8..4, 0..20), end in proptest::collection::vec(0u8..4, 0..20),
            old in proptest::collection::vec(0u8..4, 0..12), new in proptest::collection::vec(0u8..4, 0..12),
            old_end: bool, new_end: bool,
        ) {
            let old = text(&[start.clone(), old, end.clone()], old_end);
            let new = text(&[start, new, end], new_end);
            let mut ours = Vec::new();
            diff(&mut ours, &change(&old, &new), false).unwrap();
            let ours = String::from_utf8(ours).unwrap();
            prop_assert_eq!(ours.is_empty(), old == new);
            if old != new {
                prop_assert_eq!(patched(&old, &ours), new);
            }
            // The shared lines around the changes are context: three at most at either end of a
            // hunk (fewer only at the file's start or end).
            for hunk in ours.split("\n@@").skip(1) {
                let body: Vec<&str> = hunk.lines().skip(1).filter(|l| !l.starts_with('\\')).collect();
                let lead = body.iter().take_while(|l| l.starts_with(' ')).count();
                let tail = body.iter().rev().take_while(|l| l.starts_with(' ')).count();
                prop_assert!(lead <= 3 && tail <= 3, "{}", ours);
            }
        }
    }
}
