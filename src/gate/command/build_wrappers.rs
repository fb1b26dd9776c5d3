//! The wrapper scripts a build tool generates into a project (Gradle's `gradlew`): `./gradlew
//! test` starts Java with the wrapper's jar, which runs Gradle with the same words, so it is judged
//! as `gradle test` is (see `recipes`). Reading the script itself tells nothing: it names Java by a
//! variable and rebuilds its arguments through `eval`, so every call of it would ask.
//!
//! Only the scripts Gradle itself generates count, known by their bytes: a wrapper anyone changed
//! (by one byte) is read as any other script is. The list holds the scripts of Gradle 6 to 9 as
//! the React Native, Expo, Capacitor and Cordova Android project templates ship them.

use super::syntax::Word;
use super::{Dirs, Walk};

/// Wrapper scripts read to be recognised, at most (bytes): the known ones are under 9 KB.
const MAX_WRAPPER: u64 = 16 << 10;

/// The SHA-256 of each known `gradlew`, in lowercase hex.
const GRADLEW: &[&str] = &[
    "3238afb2aed5cb16eb7d6718077e7138059108f007b54179e9cc157c5a6e0e89",
    "63135287117a1e6d12c84580f1f49c61d1ba02218ecd28660605e97f976e7d65",
    "638c2862d623c302f3029f5bd1441276be484c5b79909b706a614ebe8e7a409b",
    "734b3879d3501dce471cf0522d3bcbafe76873d9fc5129345b67fb43bd15e933",
    "a3648413b47ef77af21d5ebc36c687c7d103aaef3e17f33de7d4f080a6f300a3",
    "aed171fb114f82e6eaea4970a245a200e0582a7dcc8ec0891ca41b6e4a62b754",
    "b187b4c52e749f5760afdd6fadc31b2a98ad35fb249bf0dff03b72650f320409",
    "ba0d4be61d16df11ed576f2e2f094eb0535d9bbfec28d82ad4d07036764642e8",
    "c07475b363508dbe7cf7d1ded1b31f6d44bb97d98d069a455ab862b1fb9b25f0",
    "c45c957bd788d27a2087a0332ec934872662e4bdefb14be97a6eb5aa88fb1129",
    "e0108761fee312b7b373ee96c0870cab5c167e664ac507776814b1d59e9b3bad",
    "f96a757581fe5292465e3f3393380bd11fd8086d450b92e7c693da6513f583fe",
    "fb68debc1b1acf8ec55dc0d5e5495e1dedd0bd6b61f304bee61613eeb2bd9b92",
    "fc977a94723af68aaffa4e5d60496fb4aeed1884b6b19e5e2f2fd7612673313d",
];

impl Walk<'_> {
    /// Whether `word`, run as a program, is a build tool's generated wrapper script (and the call
    /// did not write it): judged by the tool's name, not read as a script.
    pub(super) fn is_build_wrapper(&self, word: &Word, dirs: &Dirs) -> bool {
        let Some(found) = self.paths(word, dirs) else { return false };
        !found.is_empty()
            && found.iter().all(|touch| {
                touch.glob.is_none()
                    && touch.path.file_name().is_some_and(|n| n == "gradlew")
                    && !self.seen.scripts.iter().any(|(p, _)| *p == touch.path)
                    && generated(&touch.path)
            })
    }
}

/// Whether the file at `path` is, byte for byte, one of the wrappers Gradle generates.
fn generated(path: &std::path::Path) -> bool {
    if crate::gate::regular_file::written_when_read(path) {
        return false;
    }
    match crate::gate::regular_file::read_bounded(path, "a build tool's wrapper script", MAX_WRAPPER) {
        Ok(Some(bytes)) => GRADLEW.contains(&crate::digest::sha256_hex(&bytes).as_str()),
        _ => false,
    }
}
