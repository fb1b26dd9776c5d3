//! The index of a text after edits, made from the index before them and the inserted text alone:
//! a settings file of megabytes is tokenised once, however many edits the planner makes in it.

use super::{END_MASK, Tok, Tokens, Tree, ValueKind, ValueSpan, kind_bits, read_value};
use crate::agents::Strictness;

/// Where the edits (sorted by start, none overlapping another) move the text around them.
struct Shifts<'a> {
    edits: &'a [(usize, usize, String)],
    /// `before[i]`: the bytes the edits before the `i`th add (or, below zero, take away).
    before: Vec<isize>,
}

impl Shifts<'_> {
    /// Where a value or a comment starting at `at` starts after the edits: text inserted right at
    /// `at` goes before it.
    fn start(&self, at: usize) -> usize {
        self.moved(at, self.edits.partition_point(|e| e.1 <= at))
    }

    /// Where a value or a comment ending at `at` (exclusive) ends after the edits: text inserted
    /// right at `at` goes after it.
    fn end(&self, at: usize) -> usize {
        self.moved(at, self.edits.partition_point(|e| e.0 < at))
    }

    fn moved(&self, at: usize, edits_before: usize) -> usize {
        at.checked_add_signed(self.before[edits_before]).expect("an edit takes no more than the text before it")
    }

    /// Whether an edit changes any byte of `from..to` or inserts text strictly inside it.
    fn touches(&self, from: usize, to: usize) -> bool {
        let i = self.edits.partition_point(|e| e.0 < to);
        // The ends grow with the starts: the last edit starting before `to` reaches furthest.
        i > 0 && self.edits[i - 1].1 > from
    }

    /// Whether an edit replaces all of `from..to`.
    fn removes(&self, from: usize, to: usize) -> bool {
        let i = self.edits.partition_point(|e| e.0 <= from);
        i > 0 && self.edits[i - 1].0 < self.edits[i - 1].1 && self.edits[i - 1].1 >= to
    }

    /// The edit that replaces exactly `from..to`.
    fn replacing(&self, from: usize, to: usize) -> Option<usize> {
        let i = self.edits.partition_point(|e| e.0 < from);
        self.edits.get(i).filter(|e| e.0 == from && e.1 == to).map(|_| i)
    }
}

impl Tree {
    /// The index of the text `edits` make of the indexed one (`(start, end, replacement)`, sorted,
    /// none overlapping another), `new_len` bytes long: values and comments before an edit stay,
    /// those after it move by what it adds or takes, those it replaces go, and what its text holds
    /// (separators around at most one item, or the new value of a member) is indexed from that text
    /// alone. `None` when an edit cuts through a value or a comment, or its text is more than that:
    /// the caller then indexes the new text afresh.
    ///
    /// The index is edited in place (its list is not copied: at a large file with many edits, a
    /// second and a third list beside the first were the largest part of install's peak memory),
    /// so it is consumed even where `None` says the text must be indexed afresh.
    pub fn edited(mut self, edits: &[(usize, usize, String)], new_len: usize, strictness: Strictness) -> Option<Tree> {
        if new_len > END_MASK as usize || edits.windows(2).any(|w| w[0].1 > w[1].0) {
            return None;
        }
        let mut before = vec![0isize];
        for e in edits {
            let last = *before.last().expect("starts with 0");
            before.push(last + e.2.len() as isize - (e.1 - e.0) as isize);
        }
        let shifts = Shifts { edits, before };
        // A member whose value an edit replaces: its name stays, its value is the edit's text.
        let mut member_of: Vec<Option<usize>> = vec![None; edits.len()];
        // Where the first edit starts and the last one ends, and what all of them add.
        let (first, last) = (edits.first().map_or(usize::MAX, |e| e.0), edits.last().map_or(0, |e| e.1));
        let all = shifts.before[edits.len()];
        // Kept values move towards the front of the list, over those that went.
        let mut kept = 0;
        for read in 0..self.nodes.len() {
            let n = self.nodes[read];
            let (start, value_start, end) = (n.start as usize, n.value_start as usize, n.end());
            // A value wholly before every edit stays as it is, one wholly after them moves by what
            // they all add: no edit is looked up for them (a file of megabytes holds hundreds of
            // thousands of values, and the planner makes a few edits at a time).
            if end < first || start > last {
                let by = if end < first { 0 } else { all };
                let moved = |at: usize| at.checked_add_signed(by).expect("an edit takes no more than the text before it") as u32;
                self.nodes[kept] =
                    ValueSpan { start: moved(start), value_start: moved(value_start), end_kind: moved(end) | kind_bits(n.kind()) };
                kept += 1;
                continue;
            }
            if shifts.removes(start, end) {
                continue;
            }
            if let Some(i) = shifts.replacing(value_start, end).filter(|_| start < value_start) {
                member_of[i] = Some(shifts.start(start));
                continue;
            }
            // The name, the colon and the opening bracket, and the closing one, stay as they are.
            let container = n.kind() != ValueKind::Scalar;
            let head_end = if container { value_start + 1 } else { end };
            if shifts.touches(start, head_end) || container && shifts.touches(end - 1, end) {
                return None;
            }
            let (start, value_start, end) = (shifts.start(start), shifts.start(value_start), shifts.end(end));
            self.nodes[kept] =
                ValueSpan { start: start as u32, value_start: value_start as u32, end_kind: end as u32 | kind_bits(n.kind()) };
            kept += 1;
        }
        self.nodes.truncate(kept);
        let mut kept = 0;
        for read in 0..self.comments.len() {
            let (from, to) = self.comments[read];
            if shifts.removes(from, to) {
                continue;
            }
            if shifts.touches(from, to) {
                return None;
            }
            self.comments[kept] = (shifts.start(from), shifts.end(to));
            kept += 1;
        }
        self.comments.truncate(kept);
        let (mut added, mut added_comments) = (Vec::new(), Vec::new());
        for (i, (from, _, text)) in edits.iter().enumerate() {
            let at = shifts.moved(*from, i);
            read_fragment(text, at, member_of[i], strictness, &mut added, &mut added_comments)?;
        }
        merge_into(&mut self.nodes, &added, |n| n.start as usize);
        merge_into(&mut self.comments, &added_comments, |c| c.0);
        Some(self)
    }
}

/// Indexes the text an edit puts at `at`: commas and comments around at most one item (a member
/// with its name, or an element); with `member` (where the name of a member whose value the text
/// is starts), that value alone.
fn read_fragment(
    text: &str,
    at: usize,
    member: Option<usize>,
    strictness: Strictness,
    nodes: &mut Vec<ValueSpan>,
    comments: &mut Vec<(usize, usize)>,
) -> Option<()> {
    let mut tokens = Tokens::new(text, strictness);
    let mut local = Vec::new();
    let mut token = tokens.next()?;
    loop {
        match token {
            (Tok::End, ..) => break,
            (Tok::Comma, ..) if member.is_none() => token = tokens.next()?,
            _ if !local.is_empty() => return None,
            (Tok::String, start, _) if member.is_none() => {
                let after = tokens.next()?;
                if let (Tok::Colon, ..) = after {
                    let first = tokens.next()?;
                    read_value(&mut tokens, first, Some(start), &mut local, true)?;
                    token = tokens.next()?;
                } else {
                    read_value(&mut tokens, token, None, &mut local, true)?;
                    token = after;
                }
            }
            first => {
                read_value(&mut tokens, first, None, &mut local, true)?;
                token = tokens.next()?;
            }
        }
    }
    if member.is_some() && local.is_empty() {
        return None;
    }
    let moved = |o: u32| o + at as u32;
    let first = nodes.len();
    nodes.extend(local.into_iter().map(|n| ValueSpan {
        start: moved(n.start),
        value_start: moved(n.value_start),
        end_kind: moved(n.end_kind & END_MASK) | (n.end_kind & !END_MASK),
    }));
    if let Some(name) = member {
        nodes[first].start = name as u32;
    }
    comments.extend(tokens.comments.into_iter().map(|(from, to)| (from + at, to + at)));
    Some(())
}

/// Merges `b` into `a`, both in the order of `key`, in place: `a` grows by `b`'s length only (a
/// large list is not copied), and of two items with the same key, `a`'s comes first.
fn merge_into<T: Copy>(a: &mut Vec<T>, b: &[T], key: impl Fn(&T) -> usize) {
    let Some(&filler) = b.first() else { return };
    let (mut i, mut j) = (a.len(), b.len());
    // Grown exactly: doubling a large list's buffer would hold it twice.
    a.reserve_exact(b.len());
    a.resize(i + j, filler);
    // From the back: the place written, `i + j`, is past every item of `a` not yet moved; once
    // `b` is all placed, what is left of `a` is where it was.
    while j > 0 {
        if i > 0 && key(&a[i - 1]) > key(&b[j - 1]) {
            a[i + j - 1] = a[i - 1];
            i -= 1;
        } else {
            a[i + j - 1] = b[j - 1];
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::merge_into;

    /// The merge in place gives what a stable sort of both lists gives, `a`'s items first on a tie.
    #[test]
    fn merging_in_place_is_a_stable_merge() {
        let lists: [&[usize]; 6] = [&[], &[0], &[3], &[1, 3, 3, 7], &[0, 0, 9], &[2, 4, 6, 8, 10]];
        for a in lists {
            for b in lists {
                let mut merged: Vec<(usize, char)> = a.iter().map(|k| (*k, 'a')).collect();
                let b: Vec<(usize, char)> = b.iter().map(|k| (*k, 'b')).collect();
                merge_into(&mut merged, &b, |x| x.0);
                let mut expected: Vec<(usize, char)> = a.iter().map(|k| (*k, 'a')).chain(b.iter().copied()).collect();
                expected.sort_by_key(|x| x.0);
                assert_eq!(merged, expected, "{a:?} and {b:?}");
            }
        }
    }
}
