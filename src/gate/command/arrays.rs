//! Arrays the shell fills with names: `a=($(find ~/.gitvow))`, `a=(~/.gitvow/*)`, `a+=(x)`. The
//! array then holds each name its elements give, as a loop variable over that list does (see
//! `loops`), so that `cat "${a[@]}"` reads what `find` listed; an element whose names are not
//! bounded leaves the array computed.

use super::Walk;
use super::loops::spliceable;
use super::syntax::{Part, Word};

impl Walk<'_> {
    /// `NAME=(elements…)`, or `NAME+=(…)` (`append`): NAME holds the names of the elements.
    pub(super) fn array_assignment(&mut self, name: &str, append: bool, elements: &[Word]) {
        let before = if append { self.seen.loops.iter().find(|(m, ..)| m == name).map(|(_, v, _)| v.clone()) } else { Some(Vec::new()) };
        self.seen.loops.retain(|(m, ..)| m != name);
        self.seen.values.retain(|(m, _)| m != name);
        // `c=(git status)`: known as the words it holds, where a scalar would be (`values`).
        self.known_assigned(name, &Word::default(), (!append).then_some(elements));
        let Some(mut values) = before else { return };
        for e in elements {
            let Some(names) = self.element_names(e) else { return };
            values.extend(names);
        }
        // An empty array is known too: what is added to it later is all it holds.
        if values.iter().all(|v| v.parts.iter().all(spliceable)) {
            self.seen.loops.push((name.to_string(), values, false));
        }
    }

    /// The names `words` print (`echo`'s, printf's after a plain format): each word the shell
    /// only matches or keeps, each value of a loop variable or array in one; `None` when one
    /// is anything else.
    pub(super) fn printed_names(&self, words: &[Word]) -> Option<Vec<Word>> {
        let mut names = Vec::new();
        for w in words {
            names.extend(self.element_names(w)?);
        }
        Some(names)
    }

    /// The names one element gives: what a substitution alone lists, when bounded; each value
    /// of a loop variable or another array in it; the word itself when the shell only matches or
    /// keeps it (a pattern, `~`, `$HOME` first); `None` for anything else.
    fn element_names(&self, e: &Word) -> Option<Vec<Word>> {
        let parts: Vec<&Part> = e.parts.iter().filter(|p| !matches!(p, Part::Lit(t) if t.is_empty())).collect();
        if let [part @ (Part::Subst { .. } | Part::ProcSubst { .. })] = parts.as_slice() {
            return self.bounded_list(&self.listed_by(part)?);
        }
        if let Some((k, values)) = e.parts.iter().enumerate().find_map(|(k, p)| self.loop_values(p).map(|v| (k, v))) {
            let spliced = |v: Word| {
                let mut w = e.clone();
                w.parts.splice(k..=k, v.parts);
                w
            };
            return Some(values.into_iter().map(spliced).collect());
        }
        let mut word = e.clone();
        if matches!(word.parts.first(), Some(Part::Var(n)) if n == "HOME") {
            word.parts[0] = Part::Tilde;
        }
        word.parts.iter().all(|p| matches!(p, Part::Lit(_) | Part::Glob(_) | Part::Tilde)).then(|| vec![word])
    }
}
