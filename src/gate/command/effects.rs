//! What a command does to the file system, once peeled: each path it deletes (recursively or
//! not), overwrites, extracts into, moves away or links, with the kind of place it is. The rules
//! judge the effect, not the spelling: `rm -rf /srv/*`, `find /srv -delete` and `npx rimraf /srv`
//! are one effect, `effect delete-recursive system /srv/*`.
//!
//! The kind of place is decided here, once, so that the default policy says classes and not
//! spellings: the root, a system directory, a home directory (or everything in one of them), git's
//! own directory (history), the project, the temporary directories, or elsewhere.

use crate::gate::place::{Context, Touch, lexical};
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EffectKind {
    Delete,
    DeleteRecursive,
    Overwrite,
    /// A tree written into a directory: `cp -r`, `rsync`, an archive or a patch whose files the
    /// analyser cannot list.
    OverwriteRecursive,
    /// Moved away from where it is (the source of `mv`).
    Move,
    Link,
    /// Its mode, owner, attributes or times changed, or created empty (`chmod`, `chown`,
    /// `touch`): the file stays, what it lets or keeps out does not.
    Attributes,
}

impl EffectKind {
    pub fn name(self) -> &'static str {
        match self {
            EffectKind::Delete => "delete",
            EffectKind::DeleteRecursive => "delete-recursive",
            EffectKind::Overwrite => "overwrite",
            EffectKind::OverwriteRecursive => "overwrite-recursive",
            EffectKind::Move => "move",
            EffectKind::Link => "link",
            EffectKind::Attributes => "attributes",
        }
    }

    /// As `gitvow check` says it.
    pub fn verb(self) -> &'static str {
        match self {
            EffectKind::Delete => "deletes",
            EffectKind::DeleteRecursive => "deletes recursively",
            EffectKind::Overwrite => "overwrites",
            EffectKind::OverwriteRecursive => "writes a tree into",
            EffectKind::Move => "moves away",
            EffectKind::Link => "links",
            EffectKind::Attributes => "changes the mode, owner or times of",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// `/` or everything in it.
    Root,
    /// A system directory (`/usr`, `/etc`, `/srv`, …) or everything in one.
    System,
    /// A home directory (`~`, `/home/x`, `/Users/x`, `/root`) or everything in one.
    Home,
    /// `.git` or anything under it, or the whole repository with it.
    Git,
    Project,
    Temp,
    Outside,
    /// Another machine's files (`scp -r dist prod:/var/www`): a deletion there, or a write outside
    /// its temporary directories and the login's home.
    Remote,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Root => "root",
            Class::System => "system",
            Class::Home => "home",
            Class::Git => "git",
            Class::Project => "project",
            Class::Temp => "temp",
            Class::Outside => "outside",
            Class::Remote => "remote",
        }
    }

    pub fn described(self) -> &'static str {
        match self {
            Class::Root => "the root of the file system",
            Class::System => "a system directory",
            Class::Home => "a home directory",
            Class::Git => "git's history",
            Class::Project => "inside the project",
            Class::Temp => "a temporary directory",
            Class::Outside => "outside the repository",
            Class::Remote => "on another machine",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    pub kind: EffectKind,
    pub class: Class,
    /// The path as the rules see it (`~/…` in the home directory).
    pub path: String,
}

impl Effect {
    pub fn of(kind: EffectKind, touch: &Touch, ctx: &Context) -> Effect {
        let mut class = classify(touch, ctx);
        // Moving, changing or deleting one by one every name of the project's top that a pattern
        // without dot names matches (`mv * build/`, `chown -R me *`, `ls | xargs rm`) leaves `.git`
        // as it is; deleting them all recursively is still everything here.
        let top = ctx.repo_top.map(lexical);
        if kind != EffectKind::DeleteRecursive
            && class == Class::Git
            && touch.glob.is_some_and(|g| !g.hidden)
            && touch.path.parent() == top.as_deref()
        {
            class = Class::Project;
        }
        // A tree written into a temporary directory as a whole (`tar -xf a.tgz -C /tmp`, `unzip
        // -d /tmp`) adds the archive's names there: /tmp is scratch that any user may write, and a
        // name there is anyone's to overwrite, as one file written to `/tmp/x` is. Deleting
        // everything in it stays others' files; so does a temporary directory that holds the
        // project or the home directory.
        if kind == EffectKind::OverwriteRecursive && class == Class::Outside && touch.glob.is_some() {
            let dir = lexical(&touch.path).parent().map(Path::to_path_buf);
            let holds = |d: &Path, p: Option<PathBuf>| p.is_some_and(|p| p.starts_with(d));
            if let Some(d) = dir
                && temporary_dirs().any(|t| t == d)
                && !holds(&d, project(ctx))
                && !holds(&d, ctx.home.map(lexical))
            {
                class = Class::Temp;
            }
        }
        Effect { kind, class, path: shown(&touch.path, ctx.home) }
    }

    /// The text the policy's command rules read: `effect delete-recursive system /srv/*`.
    pub fn text(&self) -> String {
        format!("effect {} {} {}", self.kind.name(), self.class.name(), self.path)
    }

    /// As `gitvow check` prints it: `deletes recursively: /srv/* (a system directory)`.
    pub fn describe(&self) -> String {
        format!("{}: {} ({})", self.kind.verb(), self.path, self.class.described())
    }
}

/// Directories whose loss breaks the system: the first level, and the second where the first is
/// only a container of them.
const SYSTEM: &[&str] = &[
    "/bin",
    "/boot",
    "/dev",
    "/etc",
    "/home",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/media",
    "/mnt",
    "/opt",
    "/proc",
    "/root",
    "/run",
    "/sbin",
    "/snap",
    "/srv",
    "/sys",
    "/usr",
    "/var",
    "/Users",
    "/System",
    "/Library",
    "/Applications",
    "/Volumes",
    "/private",
    "/nix",
    "/Windows",
    "/Program Files",
    "/Program Files (x86)",
    "/ProgramData",
    "/usr/bin",
    "/usr/sbin",
    "/usr/lib",
    "/usr/lib64",
    "/usr/libexec",
    "/usr/include",
    "/usr/share",
    "/usr/local",
    "/usr/local/bin",
    "/usr/local/lib",
    "/usr/local/share",
    "/var/lib",
    "/var/log",
    "/var/www",
    "/var/mail",
    "/var/spool",
    "/var/backups",
    "/opt/homebrew",
    "/private/etc",
    "/private/var",
    "/nix/store",
];

const STREAMS: &[&str] = &["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty", "/dev/zero", "/dev/full"];

/// Directories whose contents are anyone's to throw away.
const TEMP: &[&str] = &["/tmp", "/var/tmp", "/dev/shm", "/private/tmp", "/private/var/folders", "/var/folders"];

/// The temporary directories, with `TMPDIR`.
fn temporary_dirs() -> impl Iterator<Item = PathBuf> {
    TEMP.iter().map(PathBuf::from).chain(std::env::var_os("TMPDIR").map(PathBuf::from))
}

/// Whether `path` (as the file system resolves it) lies inside a temporary directory.
pub(super) fn in_temporary_dir(path: &Path) -> bool {
    let real = crate::gate::location::resolve(&lexical(path));
    temporary_dirs().any(|t| real.starts_with(crate::gate::location::resolve(&t)) && real != crate::gate::location::resolve(&t))
}

/// The kind of place `touch` is for `kind`.
pub fn classify(touch: &Touch, ctx: &Context) -> Class {
    let path = lexical(&touch.path);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    // `dir/*`, `dir/.*`: everything in `dir`, as dangerous as `dir` itself.
    // A pattern that can name neither `.git` nor a plain name (`._*`) is not everything.
    let reaches = |n: &str| crate::gate::pattern::matches(&name, n, true);
    let everything = touch.glob.is_some() && !name.chars().any(char::is_alphanumeric) && (reaches("a") || reaches(".git"));
    let whole: PathBuf = if everything { path.parent().map_or_else(|| PathBuf::from("/"), Path::to_path_buf) } else { path.clone() };
    if whole == Path::new("/") {
        return Class::Root;
    }
    // The standard streams and the null device: writing there changes no file.
    if STREAMS.iter().any(|d| path == Path::new(d)) || path.starts_with("/dev/fd") || path.starts_with("/proc/self/fd") {
        return Class::Temp;
    }
    if is_home(&whole, ctx.home) {
        return Class::Home;
    }
    if SYSTEM.iter().any(|s| whole == Path::new(s)) {
        return Class::System;
    }
    // `.git` itself, or a pattern that may match it (`.*`, `.g?t`, `[.]git`: a leading dot is only
    // ever matched by a pattern that starts with one, or by a bracket).
    let may_be_git = |c: std::path::Component| {
        let c = c.as_os_str().to_string_lossy();
        c == ".git"
            || ((c.starts_with('.') || c.starts_with('['))
                && c.contains(['*', '?', '['])
                && crate::gate::pattern::matches(&c, ".git", true))
    };
    if path.components().any(may_be_git) {
        return Class::Git;
    }
    if let Some(top) = project(ctx) {
        // The whole repository goes with its history; `.*` in it takes `.git`.
        if whole == top || (touch.glob.is_some_and(|g| g.hidden) && path.parent() == Some(&top) && reaches(".git")) {
            return if ctx.repo_top.is_some() { Class::Git } else { Class::Outside };
        }
        if path.starts_with(&top) {
            return Class::Project;
        }
    }
    // A home directory may itself be under a temporary one (a test's, a sandbox's).
    if ctx.home.is_some_and(|h| path.starts_with(lexical(h))) {
        return Class::Outside;
    }
    let near = |t: &Path, other: Option<PathBuf>| {
        // A project or home kept in a temporary directory: its neighbours there are someone's work.
        let first = |p: &Path| p.strip_prefix(t).ok().and_then(|r| r.components().next()).map(|c| c.as_os_str().to_owned());
        other.is_some_and(|o| first(&o).is_some() && first(&o) == first(&path))
    };
    if temporary_dirs()
        // A new file there is scratch; everything in it (`/tmp/*`) is others' files too.
        .any(|t| path.starts_with(&t) && whole != t && !near(&t, project(ctx)) && !near(&t, ctx.home.map(lexical)))
    {
        return Class::Temp;
    }
    Class::Outside
}

/// A path as the rules see it: `~/…` in the home directory, else as it is.
pub fn shown(path: &Path, home: Option<&Path>) -> String {
    let path = lexical(path);
    if let Some(home) = home
        && let Ok(rest) = path.strip_prefix(home)
    {
        return if rest.as_os_str().is_empty() { "~".to_string() } else { format!("~/{}", rest.to_string_lossy()) };
    }
    path.to_string_lossy().into_owned()
}

/// The project's top: the repository, or the working directory when it is no repository and not
/// itself a home or system directory.
fn project(ctx: &Context) -> Option<PathBuf> {
    if let Some(top) = ctx.repo_top {
        return Some(lexical(top));
    }
    let cwd = lexical(ctx.cwd);
    let broad = cwd == Path::new("/") || is_home(&cwd, ctx.home) || SYSTEM.iter().any(|s| cwd == Path::new(s));
    (!broad).then_some(cwd)
}

fn is_home(path: &Path, home: Option<&Path>) -> bool {
    if home.is_some_and(|h| lexical(h) == path) || path == Path::new("/root") {
        return true;
    }
    let parent = path.parent();
    parent == Some(Path::new("/home")) || parent == Some(Path::new("/Users"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gate::place::Glob;

    fn class(p: &str, glob: Option<Glob>) -> Class {
        let ctx = Context { cwd: Path::new("/h/r/src"), home: Some(Path::new("/h")), repo_top: Some(Path::new("/h/r")) };
        classify(&Touch { path: PathBuf::from(p), glob }, &ctx)
    }

    #[test]
    fn places_are_classes() {
        let all = Some(Glob { hidden: false });
        assert_eq!(class("/", None), Class::Root);
        assert_eq!(class("/*", all), Class::Root);
        assert_eq!(class("/srv/*", all), Class::System);
        assert_eq!(class("/srv/data", None), Class::Outside);
        assert_eq!(class("/h", None), Class::Home);
        assert_eq!(class("/h/*", all), Class::Home);
        assert_eq!(class("/home/bob", None), Class::Home);
        assert_eq!(class("/h/Pictures", None), Class::Outside);
        assert_eq!(class("/h/r/.git/objects/pack", None), Class::Git);
        assert_eq!(class("/h/r", None), Class::Git);
        assert_eq!(class("/h/r/target", None), Class::Project);
        assert_eq!(class("/h/r/*.log", all), Class::Project);
        assert_eq!(class("/tmp/x", None), Class::Temp);
        assert_eq!(class("/tmp", None), Class::Outside);
        assert_eq!(class("/dev/null", None), Class::Temp);
        assert_eq!(class("/etc/hosts", None), Class::Outside);
    }

    #[test]
    fn moving_every_plain_name_of_the_top_leaves_the_history() {
        let ctx = Context { cwd: Path::new("/h/r"), home: Some(Path::new("/h")), repo_top: Some(Path::new("/h/r")) };
        let of = |kind, hidden| Effect::of(kind, &Touch { path: PathBuf::from("/h/r/*"), glob: Some(Glob { hidden }) }, &ctx).class;
        assert_eq!(of(EffectKind::Move, false), Class::Project);
        assert_eq!(of(EffectKind::Move, true), Class::Git);
        assert_eq!(of(EffectKind::DeleteRecursive, false), Class::Git);
        // `chown -R me *`, `ls | xargs rm`: each name but `.git`.
        assert_eq!(of(EffectKind::OverwriteRecursive, false), Class::Project);
        assert_eq!(of(EffectKind::Delete, false), Class::Project);
        assert_eq!(of(EffectKind::OverwriteRecursive, true), Class::Git);
    }

    #[test]
    fn a_tree_written_into_a_temporary_directory_is_scratch() {
        let at = |top: &'static str, kind, path: &str| {
            let ctx = Context { cwd: Path::new(top), home: Some(Path::new("/h")), repo_top: Some(Path::new(top)) };
            Effect::of(kind, &Touch { path: PathBuf::from(path), glob: Some(Glob { hidden: true }) }, &ctx).class
        };
        assert_eq!(at("/h/r", EffectKind::OverwriteRecursive, "/tmp/*"), Class::Temp);
        assert_eq!(at("/h/r", EffectKind::OverwriteRecursive, "/var/tmp/*"), Class::Temp);
        assert_eq!(at("/h/r", EffectKind::DeleteRecursive, "/tmp/*"), Class::Outside);
        assert_eq!(at("/h/r", EffectKind::OverwriteRecursive, "/srv/*"), Class::System);
        // The project kept in /tmp: its neighbours there are someone's work.
        assert_eq!(at("/tmp/r", EffectKind::OverwriteRecursive, "/tmp/*"), Class::Outside);
    }

    #[test]
    fn only_a_pattern_that_matches_git_may_be_git() {
        let all = Some(Glob { hidden: true });
        assert_eq!(class("/h/r/._*", all), Class::Project);
        assert_eq!(class("/h/r/.g*", all), Class::Git);
        assert_eq!(class("/h/r/[.]git", all), Class::Git);
        assert_eq!(class("/h/r/.*", all), Class::Git);
    }
}
