//! A command's words read one by one, where an option may take the word after it as its value:
//! the loop every hand-written option reader starts with, written once; and the operands of a
//! program whose valued options are known by name.

/// What `--` means to a program's option reader.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Dashes {
    /// It ends the options: what follows are operands (`rm -- -f`, `env -- cmd`).
    End,
    /// It is one more word, read as the program reads any other (git's global options, `bwrap`'s,
    /// vim's, whose readers stop at the first word that is not an option or read them all).
    Word,
}

/// The words of `args` in order, up to `--` when it ends the options; [`OptionWords::value`] takes
/// the next one as the value of the option just read. Once the options end it gives nothing more,
/// and [`OptionWords::rest`] is where the words after them begin.
pub(super) struct OptionWords<'a> {
    args: &'a [String],
    next: usize,
    dashes: Dashes,
    ended: bool,
}

impl<'a> OptionWords<'a> {
    /// The options of `args` up to `--`.
    pub(super) fn new(args: &'a [String]) -> OptionWords<'a> {
        OptionWords::with(args, Dashes::End)
    }

    pub(super) fn with(args: &'a [String], dashes: Dashes) -> OptionWords<'a> {
        OptionWords { args, next: 0, dashes, ended: false }
    }

    /// Where in `args` the word last given stands.
    pub(super) fn index(&self) -> usize {
        self.next - 1
    }

    /// The word after the one last given, as its value (none past the end, which it skips all the same).
    pub(super) fn value(&mut self) -> Option<&'a str> {
        let value = self.args.get(self.next).map(String::as_str);
        self.next += 1;
        value
    }

    /// Where the words not yet given begin: after `--` once it has ended the options, else after
    /// the word (or value) last given; `args.len()` at the end.
    pub(super) fn rest(&self) -> usize {
        self.next.min(self.args.len())
    }
}

impl<'a> Iterator for OptionWords<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.ended {
            return None;
        }
        let word = self.args.get(self.next)?.as_str();
        self.next += 1;
        if word == "--" && self.dashes == Dashes::End {
            self.ended = true;
            return None;
        }
        Some(word)
    }
}

/// The operands of a program's words, by index: every word that is not an option nor the value of
/// one, and all after `--`. An option takes the next word as its value when it is a long one named
/// in `long_valued` (`--user NAME`; `--user=NAME` holds its own), or a short cluster whose first
/// letter in `short_valued` is its last (`-t tmpfs`, `-rt tmpfs`; `-ttmpfs` holds its own). A lone
/// `-` is an operand.
pub(super) fn operands<'a>(args: &'a [String], short_valued: &'a str, long_valued: &'a [&'a str]) -> impl Iterator<Item = usize> + 'a {
    let mut i = 0;
    let mut after_dashes = false;
    std::iter::from_fn(move || {
        while let Some(a) = args.get(i) {
            let at = i;
            i += 1;
            if after_dashes {
                return Some(at);
            }
            if a == "--" {
                after_dashes = true;
            } else if let Some(long) = a.strip_prefix("--") {
                i += usize::from(!long.contains('=') && long_valued.contains(&a.as_str()));
            } else if let Some(short) = a.strip_prefix('-').filter(|s| !s.is_empty()) {
                let valued = short.char_indices().find(|(_, c)| short_valued.contains(*c));
                i += usize::from(valued.is_some_and(|(k, c)| k + c.len_utf8() == short.len()));
            } else {
                return Some(at);
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::{Dashes, OptionWords, operands};

    #[test]
    fn operands_are_the_words_no_option_takes() {
        let args: Vec<String> =
            ["-rt", "tmpfs", "-ttmpfs", "--user", "u", "--user=v", "--all", "-", "a", "-5", "--", "-x"].map(String::from).to_vec();
        assert_eq!(operands(&args, "t", &["--user"]).collect::<Vec<_>>(), [7, 8, 11]);
        // A value missing at the end takes nothing past it.
        let short: Vec<String> = vec!["-t".into()];
        assert_eq!(operands(&short, "t", &[]).next(), None);
    }

    #[test]
    fn words_stop_at_the_double_dash_and_values_are_taken() {
        let args: Vec<String> = ["-o", "vi", "-x", "--", "-c", "rm"].map(String::from).to_vec();
        let mut options = OptionWords::new(&args);
        let mut seen = Vec::new();
        while let Some(a) = options.next() {
            seen.push((options.index(), a));
            if a == "-o" {
                assert_eq!(options.value(), Some("vi"));
            }
        }
        assert_eq!(seen, [(0, "-o"), (2, "-x")]);
        assert_eq!((options.next(), options.rest()), (None, 4));
        // Where `--` is a word like another, it is given, and so is all after it.
        let mut options = OptionWords::with(&args, Dashes::Word);
        assert_eq!(options.by_ref().skip(3).collect::<Vec<_>>(), ["--", "-c", "rm"]);
        assert_eq!(options.rest(), args.len());
        let short: Vec<String> = vec!["--prefix".into()];
        let mut options = OptionWords::new(&short);
        assert_eq!((options.next(), options.value(), options.next()), (Some("--prefix"), None, None));
        assert_eq!(options.rest(), 1);
    }
}
