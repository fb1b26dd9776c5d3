//! `find`'s tests of what an entry is on disk (`-inum`, `-size`, `-empty`, `-links`, `-uid`,
//! `-gid`, `-perm` in octal, the times), decided from its metadata at judging time. A time test
//! near its bound is undecided: the command runs a moment after it is judged, and an entry may
//! cross the bound meanwhile.

use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::time::SystemTime;

/// How far from a time test's bound an entry's age must be for the test to be decided.
const MARGIN_SECONDS: i64 = 600;

/// What `test ARG` says of the entry `meta` describes (at `disk`): `Some(true)`/`Some(false)`
/// when decided, `None` when the test is not one of these, its argument is not understood, or it
/// is too close to call.
pub(super) fn decide(test: &str, arg: &str, meta: &std::fs::Metadata, now: SystemTime) -> Option<bool> {
    match test {
        "-inum" => compare(arg, |n| Some(meta.ino() as i128 - n)),
        "-links" => compare(arg, |n| Some(meta.nlink() as i128 - n)),
        "-uid" => compare(arg, |n| Some(i128::from(meta.uid()) - n)),
        "-gid" => compare(arg, |n| Some(i128::from(meta.gid()) - n)),
        "-size" => size(arg, meta.len()),
        "-perm" => perm(arg, meta.mode() & 0o7777),
        "-mtime" | "-atime" | "-ctime" | "-mmin" | "-amin" | "-cmin" => {
            let (unit, stamp) = match test {
                "-mtime" => (86_400, meta.mtime()),
                "-atime" => (86_400, meta.atime()),
                "-ctime" => (86_400, meta.ctime()),
                "-mmin" => (60, meta.mtime()),
                "-amin" => (60, meta.atime()),
                _ => (60, meta.ctime()),
            };
            let now = now.duration_since(SystemTime::UNIX_EPOCH).ok()?.as_secs() as i64;
            let age = now - stamp;
            // find counts whole units of age, rounded down; both ends of the margin must agree.
            let at = |age: i64| compare(arg, |n| Some(i128::from(age.div_euclid(unit)) - n));
            let (young, old) = (at(age - MARGIN_SECONDS)?, at(age + MARGIN_SECONDS)?);
            (young == old).then_some(young)
        }
        _ => None,
    }
}

/// `-empty`: an empty regular file or a directory that holds nothing.
pub(super) fn empty(meta: &std::fs::Metadata, disk: &Path) -> Option<bool> {
    if meta.is_file() {
        return Some(meta.len() == 0);
    }
    if meta.is_dir() {
        return Some(std::fs::read_dir(disk).ok()?.next().is_none());
    }
    Some(false)
}

/// find's numeric argument: `+N` more than N, `-N` less, `N` exactly; `diff` is the entry's value
/// minus N.
fn compare(arg: &str, diff: impl Fn(i128) -> Option<i128>) -> Option<bool> {
    let (sign, digits) = match arg.as_bytes().first()? {
        b'+' => (1, &arg[1..]),
        b'-' => (-1, &arg[1..]),
        _ => (0, arg),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 30 {
        return None;
    }
    let d = diff(digits.parse().ok()?)?;
    Some(match sign {
        1 => d > 0,
        -1 => d < 0,
        _ => d == 0,
    })
}

/// `-size [+-]N[cwbkMG]`: the size in the unit (512-byte blocks by default), rounded up.
fn size(arg: &str, len: u64) -> Option<bool> {
    let (number, unit) = match arg.char_indices().last()? {
        (k, c) if c.is_ascii_alphabetic() => (&arg[..k], c),
        _ => (arg, 'b'),
    };
    let unit: u64 = match unit {
        'c' => 1,
        'w' => 2,
        'b' => 512,
        'k' => 1 << 10,
        'M' => 1 << 20,
        'G' => 1 << 30,
        _ => return None,
    };
    let units = i128::from(len.div_ceil(unit));
    compare(number, |n| Some(units - n))
}

/// `-perm MODE` (exactly), `-perm -MODE` (all its bits), `-perm /MODE` (any of them), in octal.
fn perm(arg: &str, mode: u32) -> Option<bool> {
    let (how, digits) = match arg.as_bytes().first()? {
        b'-' | b'/' => (arg.as_bytes()[0], &arg[1..]),
        _ => (b'=', arg),
    };
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return None;
    }
    let want = u32::from_str_radix(digits, 8).ok()?;
    Some(match how {
        b'-' => mode & want == want,
        // `/000` matches everything.
        b'/' => want == 0 || mode & want != 0,
        _ => mode == want,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_round_up_to_their_unit() {
        assert_eq!(size("-1M", 0), Some(true));
        assert_eq!(size("-1M", 1), Some(false), "1 byte is one MiB rounded up");
        assert_eq!(size("+1M", 1 << 20), Some(false));
        assert_eq!(size("+1M", (1 << 20) + 1), Some(true));
        assert_eq!(size("0", 0), Some(true));
        assert_eq!(size("1", 10), Some(true), "one 512-byte block");
        assert_eq!(size("10c", 10), Some(true));
        assert_eq!(size("+x", 10), None);
    }

    #[test]
    fn modes_compare_as_find_compares_them() {
        assert_eq!(perm("644", 0o644), Some(true));
        assert_eq!(perm("-111", 0o755), Some(true));
        assert_eq!(perm("-111", 0o644), Some(false));
        assert_eq!(perm("/222", 0o444), Some(false));
        assert_eq!(perm("u+x", 0o444), None);
    }
}
