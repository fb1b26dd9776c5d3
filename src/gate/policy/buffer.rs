//! The memory a prepared policy is read into. A hook call reads two of them (the user's and the
//! repository's), some 48 KB each: read into the heap, each of their twelve fresh pages is a page
//! fault of its own when the kernel first writes it (about 1.5 µs each here, a twentieth of what a
//! call costs beyond starting a process). Memory mapped for the read with its pages made present
//! in the same system call (`MAP_POPULATE`) costs one fault-free call instead. The bytes are still
//! read, not mapped from the file: a file mapped is not a snapshot (a write to it after the checks
//! would change the policy under the call) and one cut short under the mapping ends the process
//! with `SIGBUS`.

use std::io::Read;
use std::ops::Deref;

/// Bytes read from a file, in the heap or in memory mapped for them alone.
pub struct Buffer {
    memory: Memory,
    len: usize,
}

enum Memory {
    Heap(Vec<u8>),
    #[cfg(target_os = "linux")]
    Mapped {
        at: std::ptr::NonNull<u8>,
        size: usize,
    },
}

// SAFETY: the mapping is owned by the buffer alone (as a `Vec`'s allocation is) and only read
// through `&self` once filled.
unsafe impl Send for Buffer {}
// SAFETY: as above; no interior mutability.
unsafe impl Sync for Buffer {}

/// Below this a read fills a page or two of the heap's, often ones already there: a mapping would
/// cost more than it spares.
#[cfg(target_os = "linux")]
const MAPPED_FROM: usize = 16 << 10;

impl Buffer {
    /// Everything `reader` gives, up to `room` bytes (the caller asks for one more than it expects,
    /// to tell a file that grew); `None` when reading fails.
    pub fn read(reader: &mut impl Read, room: usize) -> Option<Buffer> {
        #[cfg(target_os = "linux")]
        if room >= MAPPED_FROM
            && let Some(mut buffer) = Buffer::mapped(room)
        {
            let (whole, mut len) = (buffer.room(), 0);
            while len < whole.len() {
                match reader.read(&mut whole[len..]) {
                    Ok(0) => break,
                    Ok(n) => len += n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => return None,
                }
            }
            buffer.len = len;
            return Some(buffer);
        }
        let mut bytes = Vec::with_capacity(room);
        reader.by_ref().take(room as u64).read_to_end(&mut bytes).ok()?;
        Some(Buffer::from(bytes))
    }

    /// `room` bytes of fresh memory, present from the start; `None` when it cannot be had (then
    /// the heap serves).
    #[cfg(target_os = "linux")]
    fn mapped(room: usize) -> Option<Buffer> {
        // SAFETY: a new private anonymous mapping, at an address the kernel picks: it aliases
        // nothing, and is unmapped only by `drop`.
        let at = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                room,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_POPULATE,
                -1,
                0,
            )
        };
        if at == libc::MAP_FAILED {
            return None;
        }
        let at = std::ptr::NonNull::new(at.cast::<u8>())?;
        Some(Buffer { memory: Memory::Mapped { at, size: room }, len: 0 })
    }

    /// The whole of a mapped buffer's memory, to read into.
    #[cfg(target_os = "linux")]
    fn room(&mut self) -> &mut [u8] {
        match &mut self.memory {
            Memory::Heap(v) => v.as_mut_slice(),
            // SAFETY: the mapping is `size` bytes, readable and writable, zeroed by the kernel, and
            // borrowed mutably through `self` alone.
            Memory::Mapped { at, size } => unsafe { std::slice::from_raw_parts_mut(at.as_ptr(), *size) },
        }
    }
}

impl From<Vec<u8>> for Buffer {
    fn from(bytes: Vec<u8>) -> Buffer {
        Buffer { len: bytes.len(), memory: Memory::Heap(bytes) }
    }
}

impl Deref for Buffer {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match &self.memory {
            Memory::Heap(v) => v,
            // SAFETY: the first `len` bytes of the mapping were read into (and it is `size` >= `len`
            // bytes long, mapped until `drop`).
            #[cfg(target_os = "linux")]
            Memory::Mapped { at, .. } => unsafe { std::slice::from_raw_parts(at.as_ptr(), self.len) },
        }
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Memory::Mapped { at, size } = self.memory {
            // SAFETY: the mapping `mapped` made, unmapped once; nothing borrows it past `self`.
            unsafe { libc::munmap(at.as_ptr().cast(), size) };
        }
    }
}

impl std::fmt::Debug for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Buffer({} bytes)", self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_everything_up_to_its_room_in_either_memory() {
        for len in [0, 1, 4095, 4096, 16 << 10, (16 << 10) + 1, 100_000] {
            let bytes: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
            for room in [len + 1, len, len / 2] {
                let got = Buffer::read(&mut bytes.as_slice(), room).unwrap();
                assert_eq!(&got[..], &bytes[..room.min(len)], "len {len} room {room}");
            }
        }
        assert!(Buffer::read(&mut Failing, 1 << 20).is_none());
        assert!(Buffer::read(&mut Failing, 10).is_none());
    }

    struct Failing;
    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("no"))
        }
    }
}
