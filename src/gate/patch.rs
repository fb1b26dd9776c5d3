//! The `*** Begin Patch` format of Codex's and OpenCode's `apply_patch`, read into one change per
//! touched file so that path rules and route literals see every file a patch writes.

/// What a patch does to one file.
#[derive(Debug, PartialEq, Eq)]
pub struct FilePatch {
    pub path: String,
    /// `*** Move to:` destination: renaming a file into a gated place is an edit of that place.
    pub move_to: Option<String>,
    /// Removed lines, joined with `\n`.
    pub old: String,
    /// Added lines, joined with `\n`.
    pub new: String,
}

/// Parses a patch. Whitespace around markers, blank lines between chunks, a first chunk without `@@`,
/// `*** End of File` and a heredoc wrapper (`apply_patch <<'EOF' … EOF`) are accepted; anything else
/// that is not the grammar is an error naming the line, because a patch gitvow cannot read is a
/// patch it cannot gate.
pub fn parse(text: &str) -> Result<Vec<FilePatch>, PatchError> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(begin) = lines.iter().position(|l| l.trim() == "*** Begin Patch") else {
        return Err(PatchError::whole("the patch has no `*** Begin Patch` line"));
    };
    // The last `*** End Patch` ends the patch, as in Codex's own parser: an earlier one can only be
    // hunk text (a context line ` *** End Patch`), and stopping there would leave later files ungated.
    let Some(end) = lines.iter().rposition(|l| l.trim() == "*** End Patch").filter(|&end| end > begin) else {
        return Err(PatchError::whole("the patch has no `*** End Patch` line"));
    };
    let mut files: Vec<FilePatch> = Vec::new();
    // Inside an update hunk a line starting with a space is context whatever follows the space:
    // Codex applies ` *** Update File: x` there as a context line, not as a marker. Outside a hunk
    // (right after a file marker, after `*** End of File`) markers may be indented.
    let mut updating = false;
    let mut in_hunk = false;
    for (index, &raw) in lines.iter().enumerate().take(end).skip(begin + 1) {
        let line = raw.trim();
        let number = index + 1;
        if in_hunk && raw.starts_with(' ') {
            continue;
        }
        let file_marker = marker(line, "*** Add File:")
            .map(|p| (p, false))
            .or_else(|| marker(line, "*** Delete File:").map(|p| (p, false)))
            .or_else(|| marker(line, "*** Update File:").map(|p| (p, true)));
        if let Some((path, update)) = file_marker {
            let path = non_empty(path, number)?;
            files.push(FilePatch { path, move_to: None, old: String::new(), new: String::new() });
            (updating, in_hunk) = (update, false);
            continue;
        }
        let Some(file) = files.last_mut() else {
            return Err(PatchError::at(number, format!("expected a `*** Add/Update/Delete File:` marker, found `{}`", clip(line))));
        };
        if let Some(dest) = marker(line, "*** Move to:") {
            file.move_to = Some(non_empty(dest, number)?);
        } else if line == "*** End of File" {
            in_hunk = false;
        } else if line.starts_with("@@") {
            in_hunk = updating;
        } else if line.is_empty() {
            // A blank separator between chunks carries no change.
        } else if let Some(added) = raw.strip_prefix('+') {
            push_line(&mut file.new, added);
            in_hunk = updating;
        } else if let Some(removed) = raw.strip_prefix('-') {
            push_line(&mut file.old, removed);
            in_hunk = updating;
        } else if raw.starts_with(' ') {
            // Context line of a first chunk without `@@`.
            in_hunk = updating;
        } else {
            return Err(PatchError::at(number, format!("`{}` is not a patch line (expected +, - or a space)", clip(line))));
        }
    }
    if files.is_empty() {
        return Err(PatchError::whole("the patch touches no file"));
    }
    Ok(files)
}

fn marker<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.strip_prefix(name).map(str::trim)
}

fn non_empty(path: &str, number: usize) -> Result<String, PatchError> {
    if path.is_empty() { Err(PatchError::at(number, "a file marker without a path".into())) } else { Ok(path.to_string()) }
}

/// Why a patch does not parse. The detail may quote the patch (the agent needs to see its mistake);
/// [`PatchError::summary`] does not, for the hook log, which never stores file content.
#[derive(Debug)]
pub struct PatchError {
    pub line: Option<usize>,
    pub detail: String,
}

impl PatchError {
    fn at(line: usize, detail: String) -> PatchError {
        PatchError { line: Some(line), detail }
    }

    fn whole(detail: &str) -> PatchError {
        PatchError { line: None, detail: detail.to_string() }
    }

    pub fn summary(&self) -> String {
        match self.line {
            Some(n) => format!("unparsable patch (line {n})"),
            None => format!("unparsable patch: {}", self.detail),
        }
    }
}

impl std::fmt::Display for PatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(n) => write!(f, "line {n}: {}", self.detail),
            None => f.write_str(&self.detail),
        }
    }
}

fn push_line(buf: &mut String, line: &str) {
    if !buf.is_empty() {
        buf.push('\n');
    }
    buf.push_str(line);
}

fn clip(line: &str) -> String {
    let mut s: String = line.chars().take(60).collect();
    if s.len() < line.len() {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_marker() {
        let text = "apply_patch <<'EOF'\n  *** Begin Patch  \n*** Add File: a.txt\n+one\n+two\n\n*** Delete File: b.txt\n*** Update File: c.rs\n  *** Move to: d.rs\n fn x() {\n-old\n+new\n@@ fn y\n-gone\n*** End of File\n*** End Patch\nEOF\n";
        let files = parse(text).unwrap();
        assert_eq!(files.len(), 3);
        assert_eq!(files[0], FilePatch { path: "a.txt".into(), move_to: None, old: "".into(), new: "one\ntwo".into() });
        assert_eq!(files[1].path, "b.txt");
        assert_eq!(files[2], FilePatch { path: "c.rs".into(), move_to: Some("d.rs".into()), old: "old\ngone".into(), new: "new".into() });
    }

    #[test]
    fn broken_patches_are_errors() {
        assert!(parse("hello").is_err());
        assert!(parse("*** Begin Patch\n*** Update File: a\n-x\n").is_err());
        assert!(parse("*** Begin Patch\n*** End Patch").is_err());
        assert!(parse("*** Begin Patch\n*** Update File: a\nno prefix\n*** End Patch").is_err());
        assert!(parse("*** Begin Patch\n*** Update File:  \n*** End Patch").is_err());
        assert!(parse("*** End Patch\n*** Begin Patch\n*** Update File: a\n").is_err());
    }

    #[test]
    fn markers_inside_a_hunk_are_context() {
        // An indented `*** End Patch` or file marker in a hunk is a context line: the files after it
        // are still part of the patch, and an indented marker does not start a file.
        let text = "*** Begin Patch\n*** Update File: notes.txt\n@@\n *** End Patch\n-a\n+b\n *** Update File: ghost\n*** Update File: .gitvow/policy.json\n@@\n-x\n+y\n*** End Patch\n";
        let paths: Vec<String> = parse(text).unwrap().into_iter().map(|f| f.path).collect();
        assert_eq!(paths, ["notes.txt", ".gitvow/policy.json"]);
    }
}
