//! Mounts: what a mount, a bind or an unmount puts in place of a directory, and what it exposes.
//!
//! Mounting over a directory (`mount --bind /tmp/e ~/.gitvow`, a FUSE file system on
//! `~/.claude`, `bwrap --tmpfs ~/.gitvow`) replaces what every later program sees there, and
//! unmounting uncovers what was beneath: either is a change of the whole directory. A bind's
//! source (`mount --bind ~/.gitvow /tmp/x`, `bindfs`, a container's volume) becomes reachable by
//! another name, for reading and, unless the bind is read-only, for writing: it is read whole, and
//! a writable one is changed as a whole too. The gate's own protection then judges these as it
//! judges `rm -rf` or `cp -r` of the same directories.

use super::effects::EffectKind;
use super::options::{Dashes, OptionWords};
use super::syntax::{Part, Word};
use super::{Dirs, Walk};

/// FUSE file systems and the like, whose last operand is the directory they mount on.
const MOUNT_ON_LAST: &[&str] = &[
    "sshfs",
    "squashfuse",
    "fuse-overlayfs",
    "archivemount",
    "fuse-zip",
    "ratarmount",
    "s3fs",
    "gocryptfs",
    "encfs",
    "mergerfs",
    "unionfs",
    "unionfs-fuse",
    "ntfs-3g",
    "fuse2fs",
    "mount.fuse",
    "mount.fuse3",
    "vmhgfs-fuse",
    "goofys",
    "gcsfuse",
    "jmtpfs",
];

/// Programs that take a mounted directory away (what was beneath shows again).
const UNMOUNTS: &[&str] = &["umount", "fusermount", "fusermount3", "guestunmount"];

/// How a mount treats one of its operands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Its contents are replaced for whoever looks there.
    Covered,
    /// Replaced only for the command a sandbox runs (`bwrap --tmpfs DIR`): a change of what the
    /// gate protects, and elsewhere no more than a write there.
    Hidden,
    /// Reachable by another name, for reading.
    ExposedReadOnly,
    /// Reachable by another name, for reading and writing.
    Exposed,
    /// Given to a container for reading and writing: outside the project, as [`Role::Exposed`];
    /// the project itself is read, since a container that changes it does what a build run there
    /// could (`docker run -v $PWD:/w image make`).
    Shared,
}

impl Walk<'_> {
    /// The directories a mount, bind or unmount command changes or exposes (see the module).
    pub(super) fn mounts(&mut self, name: &str, words: &[Word], args: &[String], dirs: &Dirs) {
        let roles = match name {
            "mount" => mount(args),
            "bindfs" => {
                let ops = operands(args, "ugpmMo", &["--user", "--group", "--perms", "--mirror", "--mirror-only", "--map"]);
                let ro = args.iter().any(|a| a == "-r" || a == "--no-allow-other" || a.split(',').any(|o| o == "ro"));
                pairs(&ops, if ro { Role::ExposedReadOnly } else { Role::Exposed })
            }
            "bwrap" => bwrap(args),
            "systemd-nspawn" => nspawn(args),
            "docker" | "podman" | "nerdctl" => volumes(args, &["-v", "--volume", "--mount"]),
            // Apptainer's and Singularity's binds (`--bind /:/host`), written `SRC[:DEST[:ro]]`.
            "apptainer" | "singularity" => volumes(args, &["-B", "--bind", "--mount"]),
            _ if UNMOUNTS.contains(&name) => {
                operands(args, "tONz", &["--types", "--test-opts", "--namespace"]).into_iter().map(|i| (i, Role::Covered)).collect()
            }
            "rclone" if args.first().is_some_and(|a| a == "mount" || a == "nfsmount") => {
                operands(args, "", &[]).last().map(|i| vec![(*i, Role::Covered)]).unwrap_or_default()
            }
            _ if MOUNT_ON_LAST.contains(&name) => {
                operands(args, "op", &["--options", "--port"]).last().map(|i| vec![(*i, Role::Covered)]).unwrap_or_default()
            }
            _ => return,
        };
        for (i, role) in roles {
            let Some(word) = words.get(i) else { continue };
            let word = source_word(word);
            let in_project = |w: &Word| {
                let top = self.ctx.repo_top.map(super::lexical);
                self.paths(w, dirs)
                    .is_some_and(|ps| ps.iter().all(|t| top.as_ref().is_some_and(|top| super::lexical(&t.path).starts_with(top))))
            };
            let role = if role == Role::Shared && in_project(&word) { Role::ExposedReadOnly } else { role };
            match role {
                Role::Hidden if self.guarded_under(&word, dirs) => self.effect(EffectKind::Overwrite, &word, dirs),
                Role::Hidden => {}
                Role::ExposedReadOnly => {}
                _ => self.effect(EffectKind::OverwriteRecursive, &word, dirs),
            }
            if !matches!(role, Role::Covered | Role::Hidden) {
                self.read(&word, dirs, true);
            }
        }
    }
}

impl Walk<'_> {
    /// Whether `word` names, holds or lies in a place the gate protects or guards (or is a name
    /// the analyser cannot tell).
    fn guarded_under(&self, word: &Word, dirs: &Dirs) -> bool {
        let Some(paths) = self.paths(word, dirs) else { return true };
        let places = crate::gate::protect::guarded_places(self.ctx.home, self.ctx.repo_top);
        paths.iter().any(|t| {
            let path = super::lexical(&t.path);
            t.glob.is_some() || places.iter().any(|p| p.starts_with(&path) || path.starts_with(p))
        })
    }
}

/// `mount [-o bind] [SOURCE] TARGET`, `--source`/`--target`: the target is covered; a bind's or
/// a move's source is exposed (read-only with `ro`).
fn mount(args: &[String]) -> Vec<(usize, Role)> {
    let valued = [
        "--types",
        "--options",
        "--test-opts",
        "--label",
        "--uuid",
        "--fstab",
        "--namespace",
        "--target-prefix",
        "--map-users",
        "--map-groups",
    ];
    let options: Vec<&str> = args
        .iter()
        .enumerate()
        .filter(|(i, _)| *i > 0 && matches!(args[i - 1].as_str(), "-o" | "--options"))
        .map(|(_, a)| a.as_str())
        .collect();
    let opts = |want: &[&str]| {
        options
            .iter()
            .chain(args.iter().filter_map(|a| a.strip_prefix("--options=")).collect::<Vec<_>>().iter())
            .any(|o| o.split(',').any(|x| want.contains(&x)))
    };
    let bind = opts(&["bind", "rbind", "move"])
        || args.iter().any(|a| {
            matches!(a.as_str(), "--bind" | "--rbind" | "--move")
                || (a.starts_with('-')
                    && !a.starts_with("--")
                    && a[1..].chars().take_while(|c| !"tOoLUTN".contains(*c)).any(|c| "BRM".contains(c)))
        });
    let source_role =
        if opts(&["ro"]) || args.iter().any(|a| a == "-r" || a == "--read-only") { Role::ExposedReadOnly } else { Role::Exposed };
    let mut out = Vec::new();
    let mut ops = operands(args, "tOoLUTN", &valued);
    for (i, a) in args.iter().enumerate() {
        match a.as_str() {
            "--source" if i + 1 < args.len() => out.push((i + 1, if bind { source_role } else { Role::ExposedReadOnly })),
            "--target" if i + 1 < args.len() => out.push((i + 1, Role::Covered)),
            _ if a.starts_with("--source=") => out.push((i, if bind { source_role } else { Role::ExposedReadOnly })),
            _ if a.starts_with("--target=") => out.push((i, Role::Covered)),
            _ => {}
        }
    }
    ops.retain(|i| i == &0 || !matches!(args[i - 1].as_str(), "--source" | "--target"));
    if let Some(target) = ops.pop() {
        out.push((target, Role::Covered));
    }
    if bind {
        out.extend(ops.into_iter().map(|i| (i, source_role)));
    }
    out
}

/// Operands in pairs `SOURCE… TARGET`: the last covered, the others exposed as `source`.
fn pairs(ops: &[usize], source: Role) -> Vec<(usize, Role)> {
    let Some((target, sources)) = ops.split_last() else { return Vec::new() };
    sources.iter().map(|i| (*i, source)).chain([(*target, Role::Covered)]).collect()
}

/// `bwrap --bind SRC DEST …`: what its command sees at DEST is SRC (or a new file system), and SRC
/// is reachable there. Its command is judged as the wrapper's.
fn bwrap(args: &[String]) -> Vec<(usize, Role)> {
    let mut out = Vec::new();
    // bwrap reads options up to its command, `--` among them.
    let mut options = OptionWords::with(args, Dashes::Word);
    while let Some(a) = options.next() {
        let i = options.index();
        let (sources, dests) = match a {
            "--bind" | "--bind-try" | "--dev-bind" | "--dev-bind-try" => (Some(Role::Exposed), 1),
            "--ro-bind" | "--ro-bind-try" => (Some(Role::ExposedReadOnly), 1),
            "--symlink" => (None, 2),
            "--tmpfs" | "--remount-ro" | "--dir" | "--proc" | "--dev" | "--mqueue" => (None, 1),
            "--file" | "--bind-data" | "--ro-bind-data" => (None, 2),
            a if !a.starts_with('-') => break,
            _ => continue,
        };
        match sources {
            // `--ro-bind / /`: the same files at the same names, what its command is judged on.
            Some(_) if args.get(i + 1).is_some_and(|s| args.get(i + 2) == Some(s)) => {}
            Some(role) => {
                out.push((i + 1, role));
                out.push((i + 2, Role::Hidden));
            }
            None => out.push((i + dests, Role::Hidden)),
        }
        let values = if sources.is_some() { 2 } else { dests };
        for _ in 0..values {
            options.value();
        }
    }
    out.retain(|(k, _)| *k < args.len());
    out
}

/// `systemd-nspawn --bind=SRC[:DEST]`, `--bind-ro=…`: SRC exposed to the container.
fn nspawn(args: &[String]) -> Vec<(usize, Role)> {
    let mut out = Vec::new();
    for (i, a) in args.iter().enumerate() {
        if a.starts_with("--bind=") || a == "--bind" {
            out.push((if a == "--bind" { i + 1 } else { i }, Role::Shared));
        } else if a.starts_with("--bind-ro=") || a == "--bind-ro" {
            out.push((if a == "--bind-ro" { i + 1 } else { i }, Role::ExposedReadOnly));
        }
    }
    out.retain(|(k, _)| *k < args.len());
    out
}

/// `docker run -v SRC:DEST[:ro]`, `--volume`, `--mount type=bind,source=SRC`: a host directory
/// exposed to the container.
fn volumes(args: &[String], flags: &[&str]) -> Vec<(usize, Role)> {
    let mut out = Vec::new();
    for (i, a) in args.iter().enumerate() {
        let attached =
            |f: &&str| if f.starts_with("--") { a.starts_with(&format!("{f}=")) } else { *f == "-v" && a.starts_with(f) && a.len() > 2 };
        let k = match a.as_str() {
            _ if flags.contains(&a.as_str()) => i + 1,
            _ if flags.iter().any(attached) => i,
            _ => continue,
        };
        let Some(value) = args.get(k) else { continue };
        let ro = value.ends_with(":ro") || value.contains(",ro") || value.contains("readonly");
        out.push((k, if ro { Role::ExposedReadOnly } else { Role::Shared }));
    }
    out
}

/// The indexes of `args` that are operands: not options, nor the values of the short options
/// whose letters are in `short_valued` or of the long ones in `long_valued`; all after `--`.
fn operands(args: &[String], short_valued: &str, long_valued: &[&str]) -> Vec<usize> {
    super::options::operands(args, short_valued, long_valued).collect()
}

/// The path an operand names: the word, or its value after `=` (`--source=DIR`), or the source
/// of a `SRC:DEST` or `type=bind,source=SRC,…` form, a leading `~` the home directory.
fn source_word(word: &Word) -> Word {
    let text = word.text();
    let (prefix, stops): (Option<&str>, &[char]) = if let Some(k) = text.find("source=").or_else(|| text.find("src=")) {
        (Some(if text[k..].starts_with("source=") { "source=" } else { "src=" }), &[','])
    } else if text.starts_with('-') {
        (text.find('=').map(|_| "=").or(Some("-v")), &[':'])
    } else {
        (None, &[':'])
    };
    let mut out = Word::default();
    let mut started = prefix.is_none();
    for part in &word.parts {
        match part {
            Part::Lit(t) if !started => {
                if let Some(k) = prefix.and_then(|p| t.find(p).map(|k| k + p.len())) {
                    started = true;
                    out.parts.push(Part::Lit(t[k..].to_string()));
                }
            }
            _ if !started => {}
            Part::Lit(t) => match t.find(stops) {
                Some(k) => {
                    out.parts.push(Part::Lit(t[..k].to_string()));
                    break;
                }
                None => out.parts.push(part.clone()),
            },
            other => out.parts.push(other.clone()),
        }
    }
    // The first part alone may hold the stop (`~/.gitvow:/x` is `~` then `/.gitvow:/x`).
    if let Some(Part::Lit(t)) = out.parts.first_mut()
        && let Some(k) = t.find(stops)
    {
        t.truncate(k);
        out.parts.truncate(1);
    }
    if let Some(Part::Lit(t)) = out.parts.first().cloned()
        && (t == "~" || t.starts_with("~/"))
    {
        out.parts[0] = Part::Lit(t[1..].to_string());
        out.parts.insert(0, Part::Tilde);
    }
    out.parts.retain(|p| !matches!(p, Part::Lit(t) if t.is_empty()));
    if out.parts.is_empty() { word.clone() } else { out }
}
