//! SHA-256, the one hash gitvow uses for everything that names or identifies bytes: an original's
//! side file and what install last wrote to a file (the install record), a trusted policy file, an
//! approval's call, a cached policy, install's `--json`, and the HMAC that seals records
//! ([`crate::gate::seal`]). And SipHash-2-4, the keyed hash of the hook's one small index
//! ([`crate::gate::policy::known`]): a pure-integer function, where the first SHA-256 of a process
//! costs its CPU-feature probe (`cpuid`, which a virtual machine's hypervisor answers slowly).

use sha2::{Digest, Sha256};

/// The SHA-256 of the concatenation of `parts`, without copying them together.
pub fn sha256(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for part in parts {
        h.update(part);
    }
    h.finalize().into()
}

/// The SHA-256 of `bytes`, as lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&sha256(&[bytes]))
}

/// The SHA-256 of `a` and of `b`, as lowercase hex, the bytes they start with alike hashed once:
/// a file and the same file edited near its end (install's original and what it writes) cost
/// one pass over the file, not two.
pub fn sha256_hex_pair(a: &[u8], b: &[u8]) -> (String, String) {
    let same = shared_prefix(a, b);
    let mut first = Sha256::new();
    first.update(&a[..same]);
    let mut second = first.clone();
    first.update(&a[same..]);
    second.update(&b[same..]);
    (hex(&first.finalize()), hex(&second.finalize()))
}

/// Bytes compared at once by [`shared_prefix`] and [`shared_suffix`]: whole blocks are compared as
/// memory (a settings file of megabytes and the same file edited are alike but for a few bytes),
/// and only the block that differs byte by byte.
const BLOCK: usize = 4096;

/// How many bytes `a` and `b` start with alike.
pub fn shared_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let blocks = a.chunks(BLOCK).zip(b.chunks(BLOCK)).take_while(|(x, y)| x == y).count();
    let at = (blocks * BLOCK).min(n);
    at + a[at..].iter().zip(&b[at..]).take_while(|(x, y)| x == y).count()
}

/// How many bytes `a` and `b` end with alike.
pub fn shared_suffix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[a.len() - n..], &b[b.len() - n..]);
    let blocks = a.rchunks(BLOCK).zip(b.rchunks(BLOCK)).take_while(|(x, y)| x == y).count();
    let at = (blocks * BLOCK).min(n);
    at + a[..n - at].iter().rev().zip(b[..n - at].iter().rev()).take_while(|(x, y)| x == y).count()
}

/// `bytes` as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// SipHash-2-4 (Aumasson and Bernstein, 2012) of `bytes` under the 128-bit `key`: a keyed hash
/// whose 64-bit code cannot be made without the key.
pub fn siphash24(key: &[u8; 16], bytes: &[u8]) -> u64 {
    let k = |i: usize| u64::from_le_bytes(key[i..i + 8].try_into().unwrap_or_default());
    let (k0, k1) = (k(0), k(8));
    let mut v = [k0 ^ 0x736f_6d65_7073_6575, k1 ^ 0x646f_7261_6e64_6f6d, k0 ^ 0x6c79_6765_6e65_7261, k1 ^ 0x7465_6462_7974_6573];
    let round = |v: &mut [u64; 4]| {
        v[0] = v[0].wrapping_add(v[1]);
        v[1] = v[1].rotate_left(13) ^ v[0];
        v[0] = v[0].rotate_left(32);
        v[2] = v[2].wrapping_add(v[3]);
        v[3] = v[3].rotate_left(16) ^ v[2];
        v[0] = v[0].wrapping_add(v[3]);
        v[3] = v[3].rotate_left(21) ^ v[0];
        v[2] = v[2].wrapping_add(v[1]);
        v[1] = v[1].rotate_left(17) ^ v[2];
        v[2] = v[2].rotate_left(32);
    };
    let compress = |m: u64, v: &mut [u64; 4]| {
        v[3] ^= m;
        round(v);
        round(v);
        v[0] ^= m;
    };
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        compress(u64::from_le_bytes(chunk.try_into().unwrap_or_default()), &mut v);
    }
    let mut last = [0u8; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    last[7] = bytes.len() as u8;
    compress(u64::from_le_bytes(last), &mut v);
    v[2] ^= 0xff;
    for _ in 0..4 {
        round(&mut v);
    }
    v[0] ^ v[1] ^ v[2] ^ v[3]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each digest of a pair is the digest of its bytes, whether they differ in the first block,
    /// at a block's edge, in the last byte, in length only, or not at all.
    #[test]
    fn a_pair_hashes_each_of_its_texts() {
        let base: Vec<u8> = (0..3 * BLOCK + 100).map(|i| (i * 7 % 251) as u8).collect();
        for at in [0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK + 50, base.len() - 1, base.len()] {
            let mut other = base.clone();
            match other.get_mut(at) {
                Some(byte) => *byte ^= 1,
                None => other.push(0),
            }
            for (a, b) in [(&base, &other), (&other, &base), (&base, &base), (&base[..at].to_vec(), &base)] {
                assert_eq!(sha256_hex_pair(a, b), (sha256_hex(a), sha256_hex(b)), "a change at {at}");
                let same = shared_prefix(a, b);
                assert!(a[..same] == b[..same] && (same == a.len().min(b.len()) || a[same] != b[same]), "at {at}");
            }
        }
    }

    #[test]
    fn siphash_matches_the_reference() {
        // The paper's appendix A: key 00..0f, message 00..0e.
        let key: [u8; 16] = std::array::from_fn(|i| i as u8);
        let message: Vec<u8> = (0..15).collect();
        assert_eq!(siphash24(&key, &message), 0xa129_ca61_49be_45e5);
        // And the standard library's SipHash-2-4 on every length across two blocks.
        #[allow(deprecated)]
        for len in 0..=17 {
            use std::hash::Hasher;
            let mut std = std::hash::SipHasher::new_with_keys(0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908);
            std.write(&message.iter().copied().cycle().take(len).collect::<Vec<u8>>());
            assert_eq!(siphash24(&key, &message.iter().copied().cycle().take(len).collect::<Vec<u8>>()), std.finish(), "{len} bytes");
        }
    }
}
