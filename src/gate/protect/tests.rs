//! The guard's wholes, holders, links, cases and patterns.

use super::*;
use crate::gate::pattern::matches;

fn touch(p: &str, glob: Option<Glob>) -> Touch {
    Touch { path: PathBuf::from(p), glob }
}

#[test]
fn wholes_and_their_holders_are_protected() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().canonicalize().unwrap();
    std::fs::create_dir_all(home.join(".config/opencode")).unwrap();
    let guard = Guard::new(Some(&home), None);
    let at = |rel: &str| home.join(rel).to_string_lossy().into_owned();
    assert!(guard.reason(&touch(&at(".claude"), None)).is_some());
    assert!(guard.reason(&touch(&at(".config"), None)).is_some());
    assert!(guard.reason(&touch(&at(".config/other"), None)).is_none());
    assert!(guard.reason(&touch(&at(".c*"), Some(Glob { hidden: false }))).is_some());
    assert!(guard.reason(&touch(&at("*"), Some(Glob { hidden: false }))).is_none());
    assert!(guard.reason(&touch(&at("*"), Some(Glob { hidden: true }))).is_some());
    assert!(guard.reason(&touch("/tmp/x/.codex", None)).is_some());
    let exe = std::env::current_exe().unwrap();
    assert!(guard.reason(&touch(&exe.to_string_lossy(), None)).is_some());
}

#[test]
fn a_hook_directory_is_reached_by_what_git_could_run_there() {
    let dir = tempfile::tempdir().unwrap();
    let hooks = dir.path().join("hooks");
    std::fs::create_dir_all(hooks.join("sub")).unwrap();
    for name in ["pre-commit.sample", "pre-push.sample", "sub/x.sample"] {
        std::fs::write(hooks.join(name), "").unwrap();
    }
    assert_eq!(hook_entries(&hooks), Some(vec![hooks.join("sub")]));
    std::fs::write(hooks.join("pre-commit"), "").unwrap();
    std::os::unix::fs::symlink("/bin/true", hooks.join("post-merge.sample")).unwrap();
    let mut found = hook_entries(&hooks).unwrap();
    found.sort();
    assert_eq!(found, vec![hooks.join("post-merge.sample"), hooks.join("pre-commit"), hooks.join("sub")]);
    assert_eq!(hook_entries(&dir.path().join("none")), Some(Vec::new()));
    std::os::unix::fs::symlink(&hooks, dir.path().join("linked")).unwrap();
    assert_eq!(hook_entries(&dir.path().join("linked")), None);
    for k in 0..MAX_HOOK_ENTRIES {
        std::fs::write(hooks.join(format!("{k}.sample")), "").unwrap();
    }
    assert_eq!(hook_entries(&hooks), None);
}

#[test]
fn roots_behind_links_are_protected_where_the_links_lead() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().canonicalize().unwrap();
    let repo = home.join("src/app");
    for d in ["dotfiles/claude", "cfg", "oc", "hooks-real", "src/app/.git"] {
        std::fs::create_dir_all(home.join(d)).unwrap();
    }
    std::os::unix::fs::symlink(home.join("dotfiles/claude"), home.join(".claude")).unwrap();
    // A root below a linked directory, itself a link.
    std::os::unix::fs::symlink(home.join("cfg"), home.join(".config")).unwrap();
    std::os::unix::fs::symlink(home.join("oc"), home.join("cfg/opencode")).unwrap();
    std::os::unix::fs::symlink(home.join("hooks-real"), repo.join(".git/hooks")).unwrap();
    let guard = Guard::new(Some(&home), Some(&repo));
    let at = |rel: &str| home.join(rel).to_string_lossy().into_owned();
    for protected in ["dotfiles/claude", "dotfiles", "oc", "hooks-real", ".claude", ".config", "src/app/.git/hooks", "src/app/.git"] {
        assert!(guard.reason(&touch(&at(protected), None)).is_some(), "{protected}");
    }
    for free in ["cfg/other", "dotfiles/other", "src/app/main.rs", "src/app/.git/config"] {
        assert!(guard.reason(&touch(&at(free), None)).is_none(), "{free}");
    }
}

#[test]
fn a_root_under_a_linked_directory_is_protected_at_its_real_place() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().canonicalize().unwrap();
    std::fs::create_dir_all(home.join("cfg/opencode")).unwrap();
    std::fs::create_dir_all(home.join("cfg/kilo")).unwrap();
    std::os::unix::fs::symlink(home.join("cfg"), home.join(".config")).unwrap();
    let guard = Guard::new(Some(&home), None);
    let at = |rel: &str| home.join(rel).to_string_lossy().into_owned();
    for protected in ["cfg/opencode", "cfg/kilo", ".config/opencode", "cfg"] {
        assert!(guard.reason(&touch(&at(protected), None)).is_some(), "{protected}");
    }
    assert!(guard.reason(&touch(&at("cfg/other"), None)).is_none());
}

#[test]
fn a_guarded_place_in_another_case_is_that_place() {
    let home = Path::new("/h");
    let guard = Guard::new(Some(home), None);
    assert_eq!(guard.in_guarded_case(Path::new("/h/.GITVOW/policy.json")), Some(PathBuf::from("/h/.gitvow/policy.json")));
    assert_eq!(guard.in_guarded_case(Path::new("/H/.Claude")), Some(PathBuf::from("/h/.claude")));
    assert_eq!(guard.in_guarded_case(Path::new("/h/.gitvow/policy.json")), None);
    assert_eq!(guard.in_guarded_case(Path::new("/h/.gitvowx/a")), None);
    assert_eq!(in_case_of(Path::new("/h/.BashRC"), Path::new("/h/.bashrc")), Some(PathBuf::from("/h/.bashrc")));
}

#[test]
fn patterns() {
    assert!(matches("*.json", "a.json", false));
    assert!(!matches("*", ".claude", false));
    assert!(matches(".cl*e", ".claude", false));
    assert!(!matches("[.]claude", "xclaude", false));
    assert!(matches("[.]claude", ".claude", true) && !matches("[.]claude", ".claude", false));
    assert!(!matches("a?c", "ac", false));
}

/// The bytes decide only where the components would decide the same: paths of separators,
/// dots and letters whose case folds in ASCII, in Unicode only, or not at all.
#[test]
fn the_bytes_decide_as_the_components_would() {
    use std::path::Component;
    let part =
        prop::sample::select(vec!["/", "/", ".", "..", ".a", "a", "A", "b", "\u{e9}", "\u{c9}", "k", "\u{212a}", "\u{3a3}", "\u{3c3}"]);
    let parts = || prop::collection::vec(part.clone(), 0..8);
    // `b` is most often what `p` begins with (in another case, or with more after it).
    let pair = (parts(), parts(), any::<prop::sample::Index>(), any::<bool>()).prop_map(|(p, extra, at, upper)| {
        let k = at.index(p.len() + 1);
        let head = if upper { p[..k].concat().to_uppercase() } else { p[..k].concat() };
        (PathBuf::from(p.concat()), PathBuf::from(head + &extra.concat()))
    });
    proptest!(ProptestConfig::with_cases(4096), |((p, b) in pair)| {
        if apart(&p, &b, Case::Exact) {
            prop_assert!(!p.starts_with(&b), "{} {}", p.display(), b.display());
        }
        prop_assert_eq!(starts_with(&p, &b), p.starts_with(&b));
        if apart(&p, &b, Case::Folded) {
            let folded = |x: Component| x.as_os_str().to_string_lossy().to_lowercase();
            let mut rest = p.components();
            prop_assert!(!b.components().all(|want| rest.next().is_some_and(|got| folded(got) == folded(want))), "{} {}", p.display(), b.display());
        }
    });
}

use crate::gate::pattern::tests::disguised;
use proptest::prelude::*;

/// Every place the gate protects or guards by its path, in a home and a repository where each
/// is there, as its base and its path below it; and the gate of that home and repository.
fn everything_guarded(home: &Path) -> (Vec<(PathBuf, String)>, Guard) {
    let repo = home.join("project");
    let mut places = Vec::new();
    let home_rels = HOME_DIRS.iter().map(|(rel, _)| *rel).chain(HOME_FILES.iter().copied());
    let repo_rels = REPO_DIRS.iter().map(|(rel, _)| *rel).chain(REPO_FILES.iter().copied());
    for (base, rel) in home_rels.map(|r| (home, r)).chain(repo_rels.map(|r| (repo.as_path(), r))) {
        std::fs::create_dir_all(base.join(rel)).unwrap();
        places.push((base.to_path_buf(), rel.to_string()));
    }
    let guard = Guard::new(Some(home), Some(&repo));
    (places, guard)
}

/// `rel` with each component disguised as [`disguised`] does.
fn disguised_path(rel: &str) -> impl Strategy<Value = Vec<String>> + use<> {
    rel.split('/').map(|part| disguised(part).boxed()).collect::<Vec<_>>()
}

/// What a pattern names among the guarded places: any pattern the shell would expand to a
/// guarded place (a class or range that holds its character, an excluded other one, `?`, `*`,
/// groups) names it.
#[test]
fn every_pattern_that_matches_a_guarded_place_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().canonicalize().unwrap();
    let (places, guard) = everything_guarded(&home);
    let pick = prop::sample::select(places);
    proptest!(|((base, rel, parts) in pick.prop_flat_map(|(b, r)| (Just(b), Just(r.clone()), disguised_path(&r))))| {
        // A component in another case with no pattern character is another name (only a file
        // system that ignores case opens the same file, which is judged elsewhere).
        prop_assume!(rel.split('/').zip(&parts).all(|(r, p)| r == p || pattern::is_pattern(p)));
        prop_assume!(parts.iter().any(|p| pattern::is_pattern(p)));
        let path = base.join(parts.join("/"));
        let named = guard.could_name(&Touch { path: path.clone(), glob: Some(Glob { hidden: false }) });
        prop_assert!(named.iter().any(|t| t.path == base.join(&rel)), "{} named {:?}", path.display(), named);
    });
}

/// A pattern that excludes one of a guarded place's characters (`[!l]`, `[^lL]`, a range or
/// class without it) cannot be that place, and does not name it.
#[test]
fn a_pattern_that_cannot_match_a_guarded_place_does_not_name_it() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().canonicalize().unwrap();
    let (places, guard) = everything_guarded(&home);
    let cases = (prop::sample::select(places), any::<prop::sample::Index>(), any::<prop::sample::Index>(), 0..4u8);
    proptest!(|(((base, rel), part, at, how) in cases)| {
        let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
        let k = part.index(parts.len());
        let chars: Vec<char> = parts[k].chars().collect();
        // A leading dot is matched by a dot only: it stays.
        let start = usize::from(chars[0] == '.');
        prop_assume!(chars.len() > start);
        let i = start + at.index(chars.len() - start);
        let c = chars[i];
        let (lower, upper): (String, String) = (c.to_lowercase().collect(), c.to_uppercase().collect());
        let excluding = match how {
            0 => format!("[!{lower}{upper}]"),
            1 => format!("[^{c}]"),
            2 if c.is_alphabetic() => "[[:digit:]]".to_string(),
            2 => "[[:alpha:]]".to_string(),
            _ if c.is_alphabetic() => "[0-9]".to_string(),
            _ => format!("[!{c}]"),
        };
        parts[k] = chars[..i].iter().collect::<String>() + &excluding + &chars[i + 1..].iter().collect::<String>();
        let path = base.join(parts.join("/"));
        let place = base.join(&rel);
        let named = guard.could_name(&Touch { path: path.clone(), glob: Some(Glob { hidden: false }) });
        prop_assert!(!named.iter().any(|t| t.path.starts_with(&place)), "{} named {:?}", path.display(), named);
    });
}
