//! What one action reaches, as the rules read it: the texts of the commands it runs, the files it
//! changes (each in its normalised and its resolved form), what of the gate's own it would change,
//! and whether the command could be analysed at all.

use super::command::effects::Kind;
use super::command::{self, Context};
use super::location::{self, Place};
use super::normalize::{Action, Shell};
use super::protect::Guard;
use std::path::{Path, PathBuf};

#[derive(Debug, Default)]
pub struct Reach {
    /// The normalised simple commands (see [`command`]); empty for tools that are no shell.
    pub texts: Vec<String>,
    /// Every file the action writes: the edited file, or the files a command changes.
    pub places: Vec<Place>,
    /// Why the action would change what the gate protects as a whole, and the place.
    pub protected: Option<(String, String)>,
    /// Why the command could not be analysed.
    pub opaque: Option<&'static str>,
}

impl Reach {
    pub fn of(action: &Action, cwd: &Path, repo_top: Option<&Path>) -> Reach {
        let home = crate::paths::home();
        let mut reach = Reach::default();
        let mut touched = Vec::new();
        if let Some(path) = action.edited_path() {
            let touch = command::Touch { path: location::place(path, cwd, repo_top).absolute, glob: None };
            // An edit overwrites its file: the effect rules judge it as they judge `> file`.
            let ctx = Context { cwd, home: home.as_deref(), repo_top };
            reach.texts.push(command::effects::Effect::of(Kind::Overwrite, &touch, &ctx).text());
            touched.push(touch);
        }
        if let Some(text) = action.command() {
            // Gemini runs a shell command in its `dir_path` (or `directory`), relative to the cwd.
            let start: PathBuf = match action.str_field("dir_path").or_else(|| action.str_field("directory")) {
                Some(dir) if !dir.is_empty() => cwd.join(dir),
                _ => cwd.to_path_buf(),
            };
            let ctx = Context { cwd: &start, home: home.as_deref(), repo_top };
            let seen = match action.shell {
                Shell::Posix => command::analyse_in(text, &ctx),
                Shell::PowerShell => command::analyse_powershell(text, &ctx),
            };
            reach.texts.extend(seen.texts);
            reach.opaque = seen.opaque;
            touched.extend(seen.touched);
        }
        if touched.is_empty() {
            return reach;
        }
        // `> f` five thousand times is one file: each is resolved on disk only once.
        let mut seen = std::collections::HashSet::new();
        touched.retain(|t| seen.insert(t.clone()));
        let guard = Guard::new(home.as_deref(), repo_top);
        let places = location::Places::new(repo_top);
        for t in &touched {
            let place = places.of(&t.path);
            if reach.protected.is_none()
                && let Some(why) = guard.reason(t)
            {
                reach.protected = Some((why, place.shown.clone()));
            }
            if !reach.places.contains(&place) {
                reach.places.push(place);
            }
        }
        reach
    }
}
