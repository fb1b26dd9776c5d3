//! Files a multiplexer takes text from: a buffer loaded from a file and pasted into a pane
//! (`tmux load-buffer /tmp/a.sh \; paste-buffer`, screen's `readbuf`) types the file's text into
//! the pane's shell, and a file of its own commands (`tmux source-file`, `tmux -f`, screen's
//! `source` and `-c`) runs what they run. Each is read as `sh FILE` reads its script: at judging
//! time, bounded, never run; a file not there types and runs nothing.

use super::super::syntax::{Part, Word};
use super::super::{Dirs, Feed, ShellState, Walk, expand_home};
use super::FileText;

/// A file of a multiplexer's commands read, at most (bytes); a larger one is opaque.
const MAX_COMMANDS_FILE: u64 = 256 << 10;

impl Walk<'_> {
    /// The files `name args` takes text from ([`super::files()`]), judged as what they make run;
    /// `-` is what the call feeds it.
    pub(in super::super) fn multiplexer_files(&mut self, name: &str, args: &[String], feed: &Feed, shell: &ShellState, reparse: usize) {
        for (file, what) in super::files(name, args) {
            if file == "-" {
                self.fed(feed, &shell.dirs, shell, reparse, what == FileText::Typed);
                continue;
            }
            // The shell expands what the analyser cannot see here (`$F`, `/tmp/*.conf`).
            if super::super::identity::is_computed(&file) || crate::gate::pattern::is_pattern(&file) {
                self.opaque("it gives a multiplexer a file named by text the shell computes");
                continue;
            }
            let word = Word { parts: vec![Part::Lit(expand_home(&file, self.ctx.home))] };
            if what == FileText::Typed {
                self.script_on_disk(&word, &shell.dirs, shell, reparse, true);
                continue;
            }
            let Some(found) = self.paths(&word, &shell.dirs) else {
                self.opaque("it runs a multiplexer's commands from a file named by text the shell computes");
                continue;
            };
            for touch in found {
                let text = match crate::gate::regular_file::read_text(&touch.path, "a multiplexer's commands", MAX_COMMANDS_FILE) {
                    Ok(Some(text)) => text,
                    Ok(None) => continue,
                    Err(_) => {
                        self.opaque("it runs a multiplexer's commands from a file the analyser cannot read");
                        continue;
                    }
                };
                let (texts, typing) = super::commands_texts(name, &text);
                if let Some(how) = typing {
                    self.out.types_into_terminal.get_or_insert(how);
                }
                for script in texts {
                    self.text(&script, &mut ShellState { dirs: Dirs::Unknown, ..shell.clone() }, reparse + 1);
                }
            }
        }
    }
}
