//! What file changers and extractors do to the files they name.

use crate::gate::command::effects::EffectKind;

/// Whether `args` give the option `-short` (alone or among other letters) or one of `long`.
fn has_flag(args: &[String], short: char, long: &[&str]) -> bool {
    args.iter().any(|a| {
        long.contains(&a.as_str())
            || (a.starts_with('-') && !a.starts_with("--") && a[1..].chars().all(char::is_alphanumeric) && a.contains(short))
    })
}

/// Whether a file changer gives its sources new names (hard links: `ln`, `link`, `cp -l`), through
/// which they can be written: then its sources are changed too.
pub fn links_sources(name: &str, args: &[String]) -> bool {
    match name {
        "ln" => !has_flag(args, 's', &["--symbolic"]),
        "link" => true,
        "cp" => has_flag(args, 'l', &["--link"]),
        _ => false,
    }
}

/// Programs that replace each file they name with its compressed or expanded form.
const COMPRESSORS: &[&str] = &[
    "gzip",
    "gunzip",
    "pigz",
    "unpigz",
    "bzip2",
    "bunzip2",
    "pbzip2",
    "lbzip2",
    "xz",
    "unxz",
    "lzma",
    "unlzma",
    "zstd",
    "unzstd",
    "pzstd",
    "lz4",
    "unlz4",
    "lzop",
    "lzip",
    "plzip",
    "compress",
    "uncompress",
    "brotli",
];

/// Whether a file changer, run this way, changes none of the files it names: a compressor that
/// writes to standard output, lists or tests (`gzip -c`, `xz -l`, `zstd -t`).
pub fn writes_nothing(name: &str, args: &[String]) -> bool {
    COMPRESSORS.contains(&name)
        && (has_flag(args, 'c', &["--stdout", "--to-stdout", "--list", "--test", "--help", "--version"])
            || has_flag(args, 't', &[])
            // `lz4 -l` writes the legacy format; the others' `-l` lists.
            || (name != "lz4" && has_flag(args, 'l', &[])))
}

/// What a file changer does to one of the files `file_changer` names (`last` for its last
/// operand, or the `-t` target), for the effect model: `None` where it only changes a mode or a
/// time, or creates a node.
pub fn effect_of(name: &str, args: &[String], last: bool) -> Option<EffectKind> {
    let flag = |short: char, long: &[&str]| has_flag(args, short, long);
    let recursive = || flag('r', &["--recursive"]) || flag('R', &[]);
    Some(match name {
        // Packages that exist to remove trees.
        "rimraf" | "del" | "del-cli" | "rm-cli" => EffectKind::DeleteRecursive,
        "rm" | "srm" | "trash" | "trash-put" | "trash-cli" | "gio" if recursive() => EffectKind::DeleteRecursive,
        "rm" | "unlink" | "rmdir" | "srm" | "trash" | "trash-put" | "trash-cli" | "gio" | "shred" => EffectKind::Delete,
        "mv" if last => EffectKind::Overwrite,
        "mv" => EffectKind::Move,
        "rsync" if last && args.iter().any(|a| a.starts_with("--delete")) => EffectKind::DeleteRecursive,
        "cp" | "install" | "rsync" | "scp" | "ditto" if recursive() || flag('a', &["--archive"]) || name == "ditto" => {
            EffectKind::OverwriteRecursive
        }
        "cp" | "install" | "rsync" | "scp" | "tee" | "truncate" | "sponge" | "vi" | "vim" | "nvim" | "nano" | "emacs" | "ed" | "ex"
        | "pico" | "micro" | "hx" | "kak" => EffectKind::Overwrite,
        "ln" | "link" => EffectKind::Link,
        _ if COMPRESSORS.contains(&name) && recursive() => EffectKind::OverwriteRecursive,
        _ if COMPRESSORS.contains(&name) => EffectKind::Overwrite,
        // A recursive change of modes or owners changes every file of the tree.
        "chmod" | "chown" | "chgrp" | "setfacl" | "chattr" if recursive() => EffectKind::OverwriteRecursive,
        _ => return None,
    })
}

/// Where an extractor other than tar and unzip writes the files an archive holds: `Some(None)`
/// for the working directory, `Some(Some((i, skip)))` for the directory argument `i` names after
/// its first `skip` characters (`7z x -oDIR`, `cpio -i -D DIR`, `unrar x a.rar DIR/`); `None` when
/// it extracts nothing (lists, tests, creates).
pub fn extraction(name: &str, args: &[String]) -> Option<Option<(usize, usize)>> {
    let value = |flags: &[&str]| {
        args.iter().enumerate().find_map(|(i, a)| {
            flags.iter().find_map(|f| match a.strip_prefix(f) {
                Some("") => (i + 1 < args.len()).then_some((i + 1, 0)),
                Some(v) if f.starts_with("--") => v.starts_with('=').then_some((i, f.len() + 1)),
                Some(_) => Some((i, f.len())),
                None => None,
            })
        })
    };
    let extracts = |subcommands: &[&str]| args.first().is_some_and(|a| subcommands.contains(&a.as_str()));
    match name {
        "7z" | "7za" | "7zr" | "7zz" => extracts(&["x", "e"]).then(|| value(&["-o"])),
        "cpio" | "bsdcpio" => args
            .iter()
            .any(|a| a == "--extract" || (a.starts_with('-') && !a.starts_with("--") && a.contains('i')))
            .then(|| value(&["-D", "--directory"])),
        "unrar" | "rar" => extracts(&["x", "e"]).then(|| {
            let operands: Vec<usize> = (1..args.len()).filter(|&i| !args[i].starts_with('-')).collect();
            operands.get(1).map(|&i| (i, 0))
        }),
        "ar" => args.first().is_some_and(|a| !a.starts_with("--") && a.trim_start_matches('-').contains('x')).then(|| value(&["--output"])),
        _ => None,
    }
}
