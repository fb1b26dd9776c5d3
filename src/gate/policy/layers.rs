//! Which policies are in force for a call, and how they stack.
//!
//! The base is the machine's `/etc/gitvow/policy.json` when root wrote one (`install --system`):
//! then the person's `~/.gitvow/policy.json` is a layer on it, as a repository's is. Without it,
//! the base is the person's policy, or the built-in default when there is none: the person owns
//! their machine and may loosen the default for themselves. A repository's
//! `.gitvow/policy.json` (the call's repository, and every repository around it up to the home
//! directory) is a layer on top: its rules are added and the verdict is the strictest of all layers,
//! so nothing a repository holds can make a call less restricted than the base alone. What in a
//! repository's policy runs programs or loosens (providers, the classifier, exceptions) counts only
//! once the person has trusted that file's exact content (`gitvow trust`).

use super::known::{Identity, Named};
use super::trust_record;
use super::validated::{self, Validated};
use super::{Compile, DEFAULT_POLICY, ParseError, Policy, Source, parse_with};
use crate::error::{Error, Kind, Result};
use crate::gate::regular_file;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayerKind {
    BuiltIn,
    /// `/etc/gitvow/policy.json`: root's, the base of every user's calls when it exists.
    System,
    User,
    Repository,
}

impl LayerKind {
    pub fn name(self) -> &'static str {
        match self {
            LayerKind::BuiltIn => "built-in",
            LayerKind::System => "system",
            LayerKind::User => "user",
            LayerKind::Repository => "repository",
        }
    }
}

/// Whether a repository layer's programs and exceptions count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trust {
    /// The base, or a repository policy with nothing that needs trust.
    NotNeeded,
    Trusted,
    Untrusted,
}

#[derive(Debug)]
pub struct Layer {
    pub kind: LayerKind,
    pub policy: Policy,
    pub trust: Trust,
    /// The repository a repository layer belongs to (its top level).
    pub repo: Option<PathBuf>,
}

impl Layer {
    /// How messages name the layer: `~/src/app/.gitvow/policy.json (repository)`.
    pub fn describe(&self) -> String {
        match self.kind {
            LayerKind::BuiltIn => self.policy.source.describe(),
            kind => format!("{} ({})", self.policy.source.describe(), kind.name()),
        }
    }

    /// Whether the layer's programs may run and its exceptions apply.
    pub fn counts_fully(&self) -> bool {
        self.trust != Trust::Untrusted
    }
}

/// The layers in force, the base first.
#[derive(Debug)]
pub struct Layers {
    pub layers: Vec<Layer>,
}

/// A policy file that is in force for a call, before it is loaded.
#[derive(Clone, Debug)]
pub struct LayerFile {
    pub kind: LayerKind,
    pub path: PathBuf,
    pub repo: Option<PathBuf>,
}

/// What a policy that does not load means for every command that judges calls.
const BLOCKS_EVERY_CALL: &str = "every tool call is blocked until the policy is fixed";

/// The layers in force for a call in `repo_top` (the git top level of its working directory). A
/// file that exists but does not load is an error, never a silent fall back to a weaker policy.
/// A layer byte for byte the same as one before it (the default policy written into the home and
/// into a repository) adds nothing and is not loaded twice: the hook compiles every pattern it loads.
pub fn load(repo_top: Option<&Path>) -> Result<Layers> {
    let mut layers = Vec::new();
    for result in collect(repo_top, true, &mut None) {
        layers.push(result.map_err(|e| e.hint(BLOCKS_EVERY_CALL))?);
    }
    Ok(Layers { layers })
}

/// [`load`] for the hook, on its hot path: a file this build of gitvow already compiled whole (see
/// [`super::validated`]) has its patterns compiled only when a call needs them; any other file is
/// compiled whole now, as by [`load`], with the same errors.
pub fn load_for_hook(repo_top: Option<&Path>) -> Result<Layers> {
    let mut cache = Validated::open();
    let mut layers = Vec::new();
    for result in collect(repo_top, true, &mut cache) {
        layers.push(result.map_err(|e| e.hint(BLOCKS_EVERY_CALL))?);
    }
    if let Some(cache) = &cache {
        cache.save();
    }
    Ok(Layers { layers })
}

/// Every layer in force, each loaded on its own, for the commands that show all problems at once.
/// The first entry is always the base.
pub fn load_each(repo_top: Option<&Path>) -> Vec<Result<Layer>> {
    collect(repo_top, false, &mut None)
}

/// With a `cache`, files found in it load from what it kept of them, and the others are added to
/// it once they compiled whole.
fn collect(repo_top: Option<&Path>, skip_copies: bool, cache: &mut Option<Validated>) -> Vec<Result<Layer>> {
    let user = crate::paths::gitvow_home().map(|h| h.join("policy.json"));
    let mut out = Vec::new();
    // The entries of the bytes of the layers loaded so far: a copy of one of them adds nothing.
    let mut seen: Vec<String> = Vec::new();
    // The system policy comes first: the user's and the repositories' can only add to it. Its
    // path is fixed (an agent's process chain could set any variable), and root wrote it: its
    // programs and exceptions need no one's trust.
    let system = LayerFile { kind: LayerKind::System, path: PathBuf::from(crate::paths::SYSTEM_POLICY), repo: None };
    match read(&system.path) {
        Ok(Some(bytes)) => {
            // Root's file is never read through the person's cache, which anything running as the
            // person (an agent's tool call) can write: only whether its bytes compiled whole is taken
            // from there, and a wrong answer costs nothing (a pattern that then fails to compile
            // blocks the calls that need it). Its policy is parsed from its bytes on every call.
            let key = entry_of(cache, &bytes);
            out.push(
                cached(cache, &key, None, system.source(), Prepared::Never, |compile| parse_file(&system, &bytes, compile))
                    .map(|p| layer(&system, &bytes, p)),
            );
            seen.push(key);
        }
        Ok(None) => {}
        Err(e) => out.push(Err(e)),
    }
    let has_system = !seen.is_empty() || !out.is_empty();
    let user_file = user.as_ref().map(|path| LayerFile { kind: LayerKind::User, path: path.clone(), repo: None });
    let user_known = user_file.as_ref().and_then(|f| known_layer(cache, f));
    let user_read = user_file.as_ref().filter(|_| user_known.is_none()).map(|f| (f, read_identified(&f.path)));
    match user_read {
        _ if user_known.is_some() => {
            if let Some((key, layer)) = user_known
                && !(skip_copies && seen.contains(&key))
            {
                out.push(Ok(layer));
                seen.push(key);
            }
        }
        Some((file, Ok(Some((bytes, identity))))) => {
            let key = entry_of(cache, &bytes);
            if !(skip_copies && seen.contains(&key)) {
                out.push(
                    cached(cache, &key, identity.map(Named::File), file.source(), Prepared::Kept, |compile| {
                        parse_file(file, &bytes, compile)
                    })
                    .map(|p| layer(file, &bytes, p)),
                );
                seen.push(key);
            }
        }
        Some((_, Err(e))) => out.push(Err(e)),
        // Without a policy of their own, the person's calls stand on the system policy alone.
        _ if has_system => {}
        _ => {
            // Known by its name under this build, it is neither hashed nor read: see known.rs.
            let known = cache.as_ref().and_then(|c| c.known(&Named::BuiltIn, Source::BuiltIn));
            let (key, policy) = match known {
                Some((key, policy)) => (key, Ok(policy)),
                None => {
                    let key = entry_of(cache, DEFAULT_POLICY.as_bytes());
                    let policy = cached(cache, &key, Some(Named::BuiltIn), Source::BuiltIn, Prepared::Kept, |compile| {
                        parse_with(DEFAULT_POLICY, Source::BuiltIn, compile).map_err(|e| {
                            let message = format!("built-in policy: {e}");
                            e.into_error(message)
                        })
                    });
                    (key, policy)
                }
            };
            out.push(policy.map(|policy| Layer { kind: LayerKind::BuiltIn, policy, trust: Trust::NotNeeded, repo: None }));
            seen.push(key);
        }
    }
    for file in repository_files(repo_top) {
        if user.as_deref() == Some(file.path.as_path()) {
            continue;
        }
        if let Some((key, layer)) = known_layer(cache, &file) {
            if !(skip_copies && seen.contains(&key)) {
                out.push(Ok(layer));
                seen.push(key);
            }
            continue;
        }
        match read_identified(&file.path) {
            Ok(None) => {}
            Ok(Some((bytes, identity))) => {
                let key = entry_of(cache, &bytes);
                if skip_copies && seen.contains(&key) {
                    continue;
                }
                out.push(
                    cached(cache, &key, identity.map(Named::File), file.source(), Prepared::Kept, |compile| {
                        parse_file(&file, &bytes, compile)
                    })
                    .map(|p| layer(&file, &bytes, p)),
                );
                seen.push(key);
            }
            Err(e) => out.push(Err(e)),
        }
    }
    out
}

/// The entry of `bytes` in the cache, or without one a name as unique: what tells two layers'
/// bytes apart.
fn entry_of(cache: &Option<Validated>, bytes: &[u8]) -> String {
    cache.as_ref().map_or_else(|| validated::key("", bytes), |c| c.key(bytes))
}

/// The layer of `file` from what the cache knew of it ([`Validated::known`]), with the entry of its
/// bytes; `None` when the file must be read. A repository policy that needs trust is taken from
/// there only while no trust is recorded for its file, which leaves it untrusted whatever its
/// bytes: trust is decided on the bytes read, and they must be those of the policy in force.
fn known_layer(cache: &Option<Validated>, file: &LayerFile) -> Option<(String, Layer)> {
    let (key, policy) = cache.as_ref()?.known(&Named::File(Identity::at(&file.path)?), file.source())?;
    let trust = match file.kind {
        LayerKind::Repository if policy.needs_trust() => {
            if trust_record::names(&file.path) {
                return None;
            }
            Trust::Untrusted
        }
        _ => Trust::NotNeeded,
    };
    Some((key, Layer { kind: file.kind, policy, trust, repo: file.repo.clone() }))
}

/// A policy file's bytes and, when it did not change while they were read, its identity.
fn read_identified(path: &Path) -> Result<Option<(Vec<u8>, Option<Identity>)>> {
    let before = Identity::at(path);
    let bytes = read(path)?;
    Ok(bytes.map(|b| (b, before.filter(|id| Identity::at(path).as_ref() == Some(id)))))
}

/// `<repo>/.gitvow/policy.json` of the call's repository and of each repository around it, up to
/// (not including) the home directory, whose own file is the user's policy.
pub fn repository_files(repo_top: Option<&Path>) -> Vec<LayerFile> {
    let home = crate::paths::home();
    let mut out = Vec::new();
    let mut cur = repo_top.map(Path::to_path_buf);
    // Bounded: a path has only so many ancestors, but a loop on odd mounts must still end.
    for _ in 0..64 {
        let Some(top) = cur else { break };
        if home.as_deref().is_some_and(|h| h.starts_with(&top)) {
            break;
        }
        out.push(LayerFile { kind: LayerKind::Repository, path: top.join(".gitvow/policy.json"), repo: Some(top.clone()) });
        // A linked worktree is its repository's too, whatever commit it was made from: the main
        // worktree's policy (and its trust, recorded under that file's path) applies in it.
        if let Some(main) = main_worktree(&top).filter(|m| *m != top && !out.iter().any(|f| f.repo.as_ref() == Some(m))) {
            out.push(LayerFile { kind: LayerKind::Repository, path: main.join(".gitvow/policy.json"), repo: Some(main) });
        }
        cur = top.parent().and_then(crate::paths::find_repo).map(|r| r.top);
    }
    out
}

/// The main worktree of the linked worktree at `top` (whose `.git` file names a git directory
/// with a `commondir`): the top of the common git directory, when that is a `.git` directory.
/// `None` for a main worktree, a submodule or a bare repository: only a worktree's `.git` file
/// costs more than the one look.
fn main_worktree(top: &Path) -> Option<PathBuf> {
    let dot_git = top.join(".git");
    if !std::fs::symlink_metadata(&dot_git).ok()?.is_file() {
        return None;
    }
    let git_dir = crate::paths::find_repo(top)?.git_dir;
    let common = regular_file::read_text(&git_dir.join("commondir"), "a worktree's commondir", 4096).ok()??;
    let common = git_dir.join(common.trim());
    let common = std::fs::canonicalize(&common).unwrap_or(common);
    (common.file_name()? == ".git" && common.is_dir()).then(|| common.parent().map(Path::to_path_buf))?
}

/// The policy of `bytes` (which came from `source`): without a cache, compiling every pattern; with
/// one, from what it kept of these bytes, else compiling every pattern and keeping the result if
/// they all compiled. `parse` parses the bytes with the patterns compiled as it is told.
fn cached(
    cache: &mut Option<Validated>,
    key: &str,
    named: Option<Named>,
    source: Source,
    prepared: Prepared,
    parse: impl FnOnce(Compile) -> Result<Policy>,
) -> Result<Policy> {
    let Some(cache) = cache else { return parse(Compile::All) };
    let kept = prepared == Prepared::Kept;
    if cache.contains(key) {
        if kept && let Some((policy, identity)) = cache.prepared(key, source) {
            if let Some(named) = named {
                cache.remember(named, key, identity);
            }
            return Ok(policy);
        }
        let policy = parse(Compile::OnUse)?;
        if kept {
            cache.keep_prepared(key, &policy);
        }
        return Ok(policy);
    }
    let policy = parse(Compile::All)?;
    cache.add(key);
    if kept {
        cache.keep_prepared(key, &policy);
    }
    Ok(policy)
}

/// Whether a layer's parsed policy may be kept in, and read from, the person's cache.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prepared {
    Kept,
    /// The system layer: its policy comes from root's file alone.
    Never,
}

impl LayerFile {
    fn source(&self) -> Source {
        Source::File(self.path.clone())
    }
}

/// One layer; `None` when its file does not exist.
pub fn load_file(file: &LayerFile) -> Result<Option<Layer>> {
    match read(&file.path)? {
        Some(bytes) => parse_file(file, &bytes, Compile::All).map(|policy| Some(layer(file, &bytes, policy))),
        None => Ok(None),
    }
}

/// A policy file's bytes, `None` when there is none. A policy that cannot be read is a problem of
/// the configuration, whatever the file's is.
fn read(path: &Path) -> Result<Option<Vec<u8>>> {
    regular_file::read(path, "the policy").map_err(|mut e| {
        e.kind = Kind::Config;
        e
    })
}

fn parse_file(file: &LayerFile, bytes: &[u8], compile: Compile) -> Result<Policy> {
    let shown = crate::paths::display(&file.path);
    let text = std::str::from_utf8(bytes)
        .map_err(|e| Error::config(format!("{shown}: the policy is not UTF-8 text (byte {})", e.valid_up_to())).caused_by(e))?;
    let policy = parse_with(text, file.source(), compile).map_err(|e| in_file(&shown, e))?;
    // How a person proves presence is the person's to say: a repository (which the agent may have
    // written) that weakens or even names it is refused, so that no one believes it counts.
    if file.kind == LayerKind::Repository && policy.approve_with.is_some() {
        let at = super::schema::Located::value(vec![super::schema::Seg::Key("approve_with".into())], String::new()).render(text).at;
        let place = at.map_or(shown.clone(), |(line, column)| format!("{shown}:{line}:{column}"));
        return Err(Error::config(format!(
            "{place}: `approve_with` belongs in your own policy (~/.gitvow/policy.json), not a repository's"
        ))
        .hint("move it to ~/.gitvow/policy.json; a repository cannot say how its calls are approved"));
    }
    Ok(policy)
}

/// `file:line:column: message`, or `file: message` when the place is not known.
fn in_file(shown: &str, e: ParseError) -> Error {
    let message = match e.at {
        Some((line, column)) => format!("{shown}:{line}:{column}: {}", e.message),
        None => format!("{shown}: {}", e.message),
    };
    e.into_error(message)
}

/// The layer `file` (whose bytes are `bytes`) is with `policy`: trust is read from the trust record
/// on every call, never kept.
fn layer(file: &LayerFile, bytes: &[u8], policy: Policy) -> Layer {
    let trust = match file.kind {
        LayerKind::Repository if policy.needs_trust() => {
            if trust_record::is_trusted(&file.path, bytes) {
                Trust::Trusted
            } else {
                Trust::Untrusted
            }
        }
        _ => Trust::NotNeeded,
    };
    Layer { kind: file.kind, policy, trust, repo: file.repo.clone() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whoever can write the person's cache can make a file's bytes stand for an empty policy
    /// there: the system layer never takes its policy from it.
    #[test]
    fn the_system_policy_never_comes_from_the_persons_cache() {
        let dir = tempfile::tempdir().unwrap();
        let bytes = br#"{"bash_deny": [{"pattern": "^rm\\b", "reason": "r"}]}"#;
        let source = Source::File(PathBuf::from(crate::paths::SYSTEM_POLICY));
        let mut forged = Validated::for_test(dir.path(), [7; 32]);
        let k = forged.key(bytes);
        forged.add(&k);
        forged.keep_prepared(&k, &crate::gate::policy::parse("{}", Source::BuiltIn).unwrap());
        let parse =
            |compile| parse_with(std::str::from_utf8(bytes).unwrap(), source.clone(), compile).map_err(|e| e.into_error("x".into()));
        let mut cache = Some(forged);
        let system = cached(&mut cache, &k, None, source.clone(), Prepared::Never, parse).unwrap();
        assert_eq!(system.bash_deny.len(), 1);
        let kept = cached(&mut cache, &k, None, source.clone(), Prepared::Kept, parse).unwrap();
        assert!(kept.bash_deny.is_empty(), "what the cache holds stands for the bytes elsewhere");
    }
}
