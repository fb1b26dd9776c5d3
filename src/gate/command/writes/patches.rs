//! Unified diffs applied to files (`patch`, `git apply`).

use crate::gate::command::syntax::{Part, Word};
use crate::gate::command::words::Expanded;
use crate::gate::command::{
    Dirs, Feed, Io, Peeled, ProgramCall, Step, Walk, diff, effects, expand_home, is_stdin_path, lit_word, option_value, programs,
};
use std::path::Path;

impl Walk<'_> {
    /// `patch [-pN] [-d DIR] [-i FILE] [original [patchfile]]`.
    pub(crate) fn patch(&mut self, cmd: &Peeled, call: &ProgramCall, io: &Io) -> Step {
        let args = &call.args;
        let strip = option_value(args, &["-p", "--strip"]).and_then(|n| n.parse().ok()).unwrap_or(0);
        let input = option_value(args, &["-i", "--input"]);
        // `-d DIR`: where the diff is applied, `~` and `$HOME` known; a computed one is unknown.
        let here = match Self::option_word(cmd.operands(), &["-d", "--directory"]) {
            Some(d) => match self.expand(&d) {
                Some(Expanded::Exact(p)) => cmd.dirs.join(&p),
                _ => Dirs::Unknown,
            },
            None => cmd.dirs.clone(),
        };
        // `patch [original [patchfile]]`: the second operand is the patch; an original named
        // is the one file patch writes, whatever names the diff holds.
        let operands = programs::skip_options(args, "pidDoBrVYzFg", &["--strip", "--input", "--directory", "--output"]);
        if let Some(original) = cmd.operands().get(operands).filter(|_| operands < args.len()) {
            self.effect(effects::EffectKind::Overwrite, original, &here);
            return Step::unknown();
        }
        let files: Vec<String> = input.into_iter().collect();
        self.patched(&files, io.feed, strip, &here);
        Step::unknown()
    }

    /// A unified diff applied in `dirs` (`git apply`, `patch`): from the files named, or standard
    /// input. A diff the analyser can read is judged file by file; one it cannot, as the whole
    /// directory it is applied in.
    pub(super) fn patched(&mut self, files: &[String], feed: &Feed, strip: usize, dirs: &Dirs) {
        let read = |path: &Path| match crate::gate::regular_file::read_bounded(path, "a patch", crate::gate::regular_file::MAX_BYTES) {
            Ok(Some(bytes)) => Some(String::from_utf8_lossy(&bytes).into_owned()),
            _ => None,
        };
        let fed = || match feed {
            Feed::Text(t) | Feed::Expanding(t) => Some(t.clone()),
            Feed::File(p) => read(p),
            _ => None,
        };
        let mut found: Vec<Option<String>> = Vec::new();
        if files.is_empty() {
            found.push(fed());
        }
        for f in files {
            found.push(match dirs.join(&expand_home(f, self.ctx.home)) {
                _ if is_stdin_path(f) => fed(),
                Dirs::Known(ps) if ps.len() == 1 => read(&ps[0]),
                _ => None,
            });
        }
        let mut unread = found.iter().any(Option::is_none);
        let texts: Vec<String> = found.into_iter().flatten().collect();
        for text in texts {
            match diff::targets(&text, strip) {
                Some(paths) => {
                    for p in paths {
                        self.effect(effects::EffectKind::Overwrite, &lit_word(&p), dirs);
                    }
                }
                None => unread = true,
            }
        }
        if unread {
            self.extract_into(&Word { parts: vec![Part::Lit("./".into()), Part::Glob("*".into())] }, dirs);
        }
    }
}
