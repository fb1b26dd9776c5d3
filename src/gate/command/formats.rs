//! Disk formatters pointed at an image file: `mkfs.ext4 -F disk.img` builds a file system inside a
//! regular file (or makes one), which loses nothing but that file's old bytes. Their text reads `image-format
//! mkfs.ext4 …` (so the rules about formatting a disk do not take it for one) and the image is an
//! overwrite judged where it is; a device, a path under `/dev`, a link to either or a computed
//! word keeps the formatter's own text.

use super::syntax::Word;
use super::{Dirs, Walk, effects};
use std::path::Path;

/// Programs that write a file system or wipe signatures over what they are given.
fn formatter(name: &str) -> bool {
    name.starts_with("mkfs.") || matches!(name, "mkfs" | "mke2fs" | "mkswap" | "mkntfs" | "mkdosfs" | "mkexfatfs" | "wipefs")
}

impl Walk<'_> {
    /// Whether `name words` formats image files only; if so, each image is recorded as overwritten.
    pub(super) fn image_format(&mut self, name: &str, words: &[Word], dirs: &Dirs) -> bool {
        if !formatter(name) || words.iter().any(Word::is_computed) {
            return false;
        }
        let mut images = Vec::new();
        for w in words.iter().filter(|w| !w.text().starts_with('-')) {
            let Some(paths) = self.paths(w, dirs) else { return false };
            for t in paths {
                let path = super::lexical(&t.path);
                let real = crate::gate::location::resolve(&path);
                if t.glob.is_some() || path.starts_with("/dev") || real.starts_with("/dev") || is_device(&real) {
                    return false;
                }
                // A regular file, or a file-like name not there yet (made by the same call, or by
                // the formatter given a size).
                let made = std::fs::symlink_metadata(&path).is_err()
                    && (w.text().contains(['.', '/']) || self.out.touched.iter().any(|t| super::lexical(&t.path) == path));
                if made || std::fs::metadata(&real).is_ok_and(|m| m.is_file()) {
                    images.push(w.clone());
                }
            }
        }
        for w in &images {
            self.effect(effects::EffectKind::Overwrite, w, dirs);
        }
        !images.is_empty()
    }
}

fn is_device(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(path).is_ok_and(|m| m.file_type().is_block_device() || m.file_type().is_char_device())
}
