//! The member list of an archive about to be extracted, read at judging time (never extracted):
//! a zip file's central directory, a tar's headers, gzip-compressed or not. Bounded (64 MiB read,
//! compressed or not; 4,096 members); another compression, a link member, an absolute or `..` name,
//! or anything unreadable gives `None` and the extraction stays a tree written into its directory.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

const MAX_BYTES: u64 = 64 << 20;
const MAX_MEMBERS: usize = 4096;

/// The relative names the archive at `path` extracts, when they can all be read and are plain.
pub fn members(path: &Path) -> Option<Vec<String>> {
    let mut file = std::fs::File::open(path).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() > MAX_BYTES {
        return None;
    }
    let mut magic = [0u8; 4];
    file.read_exact(&mut magic).ok()?;
    file.seek(SeekFrom::Start(0)).ok()?;
    let names = match magic {
        [b'P', b'K', 3, 4] => zip(&mut file, meta.len())?,
        // gzip (`.tar.gz`, `.tgz`): read as it streams out, as far as the bound.
        [0x1f, 0x8b, ..] => tar(&mut flate2::read::GzDecoder::new(file).take(MAX_BYTES), |r, n| {
            (std::io::copy(&mut r.take(n), &mut std::io::sink()).ok()? == n).then_some(())
        })?,
        _ => tar(&mut file, |f, n| f.seek(SeekFrom::Current(i64::try_from(n).ok()?)).ok().map(drop))?,
    };
    names.iter().all(|n| plain(n)).then_some(names)
}

/// A name that stays under the directory it is extracted into.
fn plain(name: &str) -> bool {
    !name.is_empty() && !name.starts_with('/') && !name.split('/').any(|c| c == "..")
}

/// The central directory's names; a member that is a link (a Unix mode of `S_IFLNK`) gives `None`.
fn zip(file: &mut std::fs::File, len: u64) -> Option<Vec<String>> {
    // The end-of-central-directory record is in the last 64 KiB + 22 bytes.
    let tail = len.min(65_557);
    file.seek(SeekFrom::Start(len - tail)).ok()?;
    let mut end = vec![0u8; usize::try_from(tail).ok()?];
    file.read_exact(&mut end).ok()?;
    let at = end.windows(4).rposition(|w| w == b"PK\x05\x06")?;
    let rec = end.get(at..at + 22)?;
    let u16_at = |b: &[u8], k: usize| Some(u16::from_le_bytes(b.get(k..k + 2)?.try_into().ok()?));
    let u32_at = |b: &[u8], k: usize| Some(u32::from_le_bytes(b.get(k..k + 4)?.try_into().ok()?));
    let count = usize::from(u16_at(rec, 10)?);
    let (size, offset) = (u32_at(rec, 12)?, u32_at(rec, 16)?);
    if count > MAX_MEMBERS || u64::from(size) + u64::from(offset) > len {
        return None;
    }
    file.seek(SeekFrom::Start(u64::from(offset))).ok()?;
    let mut dir = vec![0u8; usize::try_from(size).ok()?];
    file.read_exact(&mut dir).ok()?;
    let mut names = Vec::with_capacity(count);
    let mut k = 0;
    for _ in 0..count {
        let head = dir.get(k..k + 46)?;
        if head.get(..4)? != b"PK\x01\x02" {
            return None;
        }
        let (name_len, extra, comment) = (usize::from(u16_at(head, 28)?), usize::from(u16_at(head, 30)?), usize::from(u16_at(head, 32)?));
        let mode = u32_at(head, 38)? >> 16;
        if mode & 0o170_000 == 0o120_000 {
            return None;
        }
        names.push(String::from_utf8(dir.get(k + 46..k + 46 + name_len)?.to_vec()).ok()?);
        k += 46 + name_len + extra + comment;
    }
    Some(names)
}

/// A tar's member names (ustar prefix joined), read from `file`, which `skip` moves past a member's
/// data; long-name, pax and link members, or a header that does not check out, give `None`.
fn tar<R: Read>(file: &mut R, skip: impl Fn(&mut R, u64) -> Option<()>) -> Option<Vec<String>> {
    let mut names = Vec::new();
    let mut header = [0u8; 512];
    loop {
        file.read_exact(&mut header).ok()?;
        if header.iter().all(|b| *b == 0) {
            return Some(names);
        }
        let field = |from: usize, to: usize| {
            let f = &header[from..to];
            String::from_utf8(f[..f.iter().position(|b| *b == 0).unwrap_or(f.len())].to_vec()).ok()
        };
        let sum: u32 = header.iter().enumerate().map(|(i, b)| if (148..156).contains(&i) { 32 } else { u32::from(*b) }).sum();
        if u32::from_str_radix(field(148, 156)?.trim_matches([' ', '\0']), 8).ok()? != sum {
            return None;
        }
        // Regular files and directories only.
        if !matches!(header[156], b'0' | b'\0' | b'5') || names.len() >= MAX_MEMBERS {
            return None;
        }
        let (name, prefix) = (field(0, 100)?, if &header[257..262] == b"ustar" { field(345, 500)? } else { String::new() });
        names.push(if prefix.is_empty() { name } else { format!("{prefix}/{name}") });
        let size = u64::from_str_radix(field(124, 136)?.trim_matches([' ', '\0']), 8).ok()?;
        skip(file, size.div_ceil(512) * 512)?;
    }
}
