//! The files a unified diff writes (`git apply`, `patch`): the names on its `---`/`+++` lines, its
//! `rename`/`copy` lines and its `diff --git` headers, with `-pN` leading components stripped.

/// Files named per diff, at most: past this the diff is judged as a whole.
const MAX_FILES: usize = 128;

/// The paths `text` changes, relative to where the patch is applied; `None` when it names more
/// than the analyser follows.
pub fn targets(text: &str, strip: usize) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        let named = if let Some(rest) = line.strip_prefix("+++ ").or_else(|| line.strip_prefix("--- ")) {
            vec![(rest.split('\t').next().unwrap_or(rest).trim_end(), true)]
        } else if let Some(rest) = line.strip_prefix("rename to ").or_else(|| line.strip_prefix("copy to ")) {
            vec![(rest.trim_end(), false)]
        } else if let Some(rest) = line.strip_prefix("rename from ") {
            vec![(rest.trim_end(), false)]
        } else if let Some(rest) = line.strip_prefix("diff --git ") {
            rest.split_once(" b/").map(|(a, b)| vec![(a, true), (b, false)]).unwrap_or_default()
        } else {
            continue;
        };
        for (name, prefixed) in named {
            let name = name.trim_matches('"');
            if name.is_empty() || name == "/dev/null" {
                continue;
            }
            // `diff --git`'s `b/` was split off; its `a/` and the `---`/`+++` names carry theirs.
            let path = if prefixed || strip == 0 { strip_components(name, strip) } else { strip_components(name, strip.saturating_sub(1)) };
            if !path.is_empty() && !out.contains(&path) {
                out.push(path);
            }
        }
        if out.len() > MAX_FILES {
            return None;
        }
    }
    Some(out)
}

fn strip_components(path: &str, n: usize) -> String {
    let mut rest = path;
    for _ in 0..n {
        match rest.split_once('/') {
            Some((_, r)) => rest = r.trim_start_matches('/'),
            None => return String::new(),
        }
    }
    rest.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_a_unified_diff() {
        let diff = "diff --git a/src/x.rs b/.gitvow/policy.json\n--- a/src/x.rs\n+++ b/.gitvow/policy.json\n@@ -1 +1 @@\n-a\n+b\n";
        assert_eq!(targets(diff, 1).unwrap(), ["src/x.rs", ".gitvow/policy.json"]);
        assert_eq!(targets("--- /dev/null\n+++ b/new.txt\n", 1).unwrap(), ["new.txt"]);
        assert_eq!(targets("--- x/a\t2020\n+++ y/a\t2020\n", 0).unwrap(), ["x/a", "y/a"]);
    }
}
