//! The index of a text after edits, made from the index before them and the inserted text alone:
//! a settings file of megabytes is tokenised once, however many edits the planner makes in it.

use super::{END_MASK, Tokens, Tree, ValueKind, ValueSpan, kind_bits, read_value};
use crate::agents::Strictness;
use jsonc_parser::tokens::Token;

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
    pub fn edited(&self, edits: &[(usize, usize, String)], new_len: usize, strictness: Strictness) -> Option<Tree> {
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
        let mut kept = Vec::with_capacity(self.nodes.len());
        for n in &self.nodes {
            let (start, value_start, end) = (n.start as usize, n.value_start as usize, n.end());
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
            kept.push(ValueSpan { start: start as u32, value_start: value_start as u32, end_kind: end as u32 | kind_bits(n.kind()) });
        }
        let mut kept_comments = Vec::with_capacity(self.comments.len());
        for &(from, to) in &self.comments {
            if shifts.removes(from, to) {
                continue;
            }
            if shifts.touches(from, to) {
                return None;
            }
            kept_comments.push((shifts.start(from), shifts.end(to)));
        }
        let (mut added, mut added_comments) = (Vec::new(), Vec::new());
        for (i, (from, _, text)) in edits.iter().enumerate() {
            let at = shifts.moved(*from, i);
            read_fragment(text, at, member_of[i], strictness, &mut added, &mut added_comments)?;
        }
        Some(Tree { nodes: merged(kept, added, |n| n.start as usize), comments: merged(kept_comments, added_comments, |c| c.0) })
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
            (None, ..) => break,
            (Some(Token::Comma), ..) if member.is_none() => token = tokens.next()?,
            _ if !local.is_empty() => return None,
            (Some(Token::String(_)), start, _) if member.is_none() => {
                let after = tokens.next()?;
                if let (Some(Token::Colon), ..) = after {
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

/// Two lists in the order of `key`, each already in that order, as one.
fn merged<T>(a: Vec<T>, b: Vec<T>, key: impl Fn(&T) -> usize) -> Vec<T> {
    if b.is_empty() {
        return a;
    }
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut a, mut b) = (a.into_iter().peekable(), b.into_iter().peekable());
    while let (Some(x), Some(y)) = (a.peek(), b.peek()) {
        out.push(if key(x) <= key(y) { a.next() } else { b.next() }.expect("peeked"));
    }
    out.extend(a);
    out.extend(b);
    out
}
