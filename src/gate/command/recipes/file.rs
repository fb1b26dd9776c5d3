//! A runner's file, read as the same call wrote it or from disk, and what a runner call runs.

use std::path::{Path, PathBuf};

/// Runner files read, at most (bytes); a larger one is opaque.
pub const MAX_RECIPE_FILE: u64 = 256 << 10;
/// Recipes followed per runner call, prerequisites and `pre`/`post` scripts included.
pub(super) const MAX_RECIPES: usize = 64;

/// One recipe line the runner hands to a shell, in its directory.
#[derive(Debug, PartialEq)]
pub struct RecipeLine {
    /// `the recipe of make target clean (Makefile:12)`, as `gitvow check` explains it.
    pub origin: String,
    pub text: String,
    pub dir: PathBuf,
}

/// What a runner call runs: recipe lines, nothing (no recipe asked for, or the file is absent:
/// the runner fails), or something the analyser cannot read.
pub enum Recipes {
    Lines(Vec<RecipeLine>),
    Opaque(&'static str),
}

/// The runner file's text: as the same call wrote it (`Some(None)` when it cannot tell what),
/// else from disk.
pub type Written<'a> = &'a dyn Fn(&Path) -> Option<Option<String>>;

/// The name under which [`Written`] gives the text fed to the runner on its standard input.
pub const STDIN: &str = "-";

pub(super) enum FileText {
    Absent,
    /// The file's text; a text the same call wrote with escapes is also read as printf would
    /// write it (`printf 'x:\n\trm …' > Makefile`): two readings, both judged.
    Text(Vec<String>),
    Opaque(&'static str),
}

pub(super) fn read(path: &Path, written: Written) -> FileText {
    match written(path) {
        Some(Some(text)) if text.contains('\\') => {
            let decoded = text.replace("\\n", "\n").replace("\\t", "\t").replace("\\\\", "\\");
            return FileText::Text(vec![text, decoded]);
        }
        Some(Some(text)) => return FileText::Text(vec![text]),
        Some(None) => return FileText::Opaque("it runs a recipe from a file the same call wrote with text the analyser cannot see"),
        None => {}
    }
    if crate::gate::regular_file::written_when_read(path) {
        return FileText::Opaque("it runs a recipe from a pipe or a device, whose text is not on disk");
    }
    let Ok(meta) = std::fs::metadata(path) else { return FileText::Absent };
    if !meta.is_file() {
        return FileText::Absent;
    }
    if meta.len() > MAX_RECIPE_FILE {
        return FileText::Opaque("it runs a recipe from a file larger than the analyser reads");
    }
    match crate::gate::regular_file::read_text(path, "a runner's file", MAX_RECIPE_FILE) {
        Ok(Some(text)) => FileText::Text(vec![text]),
        _ => FileText::Opaque("it runs a recipe from a file the analyser cannot read"),
    }
}

pub(super) fn first_existing(dir: &Path, names: &[&str], written: Written) -> Option<PathBuf> {
    names.iter().map(|n| dir.join(n)).find(|p| written(p).is_some() || p.is_file())
}

/// A runner's recipe file (`file` as named, or the first of `names` in `dir`): its text and the
/// name `gitvow check` shows; the answer itself when there is no file or it cannot be read.
pub(super) fn recipe_file(dir: &Path, file: Option<&str>, names: &[&str], written: Written) -> Result<(String, String), Recipes> {
    let path = match file {
        // `printf 'all:\n\techo ok\n' | make -f -`: the text the call feeds it, where it is known.
        Some("-" | "/dev/stdin") if let Some(Some(text)) = written(Path::new(STDIN)) => return Ok((text, "standard input".into())),
        // `make -f <(…)`, `make -f -`, `just --justfile "$F"`: text the analyser cannot see.
        Some(f) if f.contains(['$', '`']) || f.contains("<(") || crate::paths::is_stdin_path(f) => {
            return Err(Recipes::Opaque("its recipe file is the call's input or named by text the shell computes"));
        }
        Some(f) => dir.join(f),
        None => first_existing(dir, names, written).ok_or(Recipes::Lines(Vec::new()))?,
    };
    let text = match read(&path, written) {
        // `make -f /tmp/x.mk`, `cmake -P ~/x.cmake`: a file named outside the runner's directory
        // that is not there yet may be written, with any text, by a job started earlier before
        // the runner reads it. One in its directory is the project's own (`make -f build/gen.mk`
        // before a generator makes it), and a default file that is absent (`make` with no
        // Makefile) runs nothing: the runner fails first.
        FileText::Absent
            if file.is_some()
                && !crate::gate::place::lexical(&path).starts_with(crate::gate::place::lexical(dir))
                && std::fs::symlink_metadata(&path).is_err() =>
        {
            return Err(Recipes::Opaque(
                "its recipe file lies outside the project and is not on disk when judged (a job started earlier may write it first)",
            ));
        }
        FileText::Absent => return Err(Recipes::Lines(Vec::new())),
        FileText::Opaque(why) => return Err(Recipes::Opaque(why)),
        FileText::Text(t) => t.join("\n"),
    };
    Ok((text, path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()))
}
