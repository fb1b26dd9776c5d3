//! A command's words read one by one up to `--`, where an option may take the word after it as its
//! value: the loop every hand-written option reader starts with, written once.

/// The words of `args` before `--`, in order; [`OptionWords::value`] takes the next one as the value
/// of the option just read. Once `--` or the end is reached it gives nothing more.
pub(super) struct OptionWords<'a> {
    args: &'a [String],
    next: usize,
}

impl<'a> OptionWords<'a> {
    pub(super) fn new(args: &'a [String]) -> OptionWords<'a> {
        OptionWords { args, next: 0 }
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
}

impl<'a> Iterator for OptionWords<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let word = self.args.get(self.next)?.as_str();
        self.next += 1;
        if word == "--" {
            self.next = self.args.len();
            return None;
        }
        Some(word)
    }
}

#[cfg(test)]
mod tests {
    use super::OptionWords;

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
        assert_eq!(options.next(), None);
        let short: Vec<String> = vec!["--prefix".into()];
        let mut options = OptionWords::new(&short);
        assert_eq!((options.next(), options.value(), options.next()), (Some("--prefix"), None, None));
    }
}
