//! A small binary form for what [`super::validated`] keeps of a policy: lengths before contents,
//! little-endian. Reading never trusts the bytes: every length is checked against what is left,
//! and any surprise is `None` (the reader's caller then loads the policy from its file instead).

#[derive(Default)]
pub struct Writer {
    pub bytes: Vec<u8>,
}

impl Writer {
    pub fn flag(&mut self, b: bool) {
        self.bytes.push(b as u8);
    }

    pub fn u64(&mut self, n: u64) {
        self.bytes.extend_from_slice(&n.to_le_bytes());
    }

    pub fn len(&mut self, n: usize) {
        self.bytes.extend_from_slice(&(n as u32).to_le_bytes());
    }

    pub fn bytes(&mut self, b: &[u8]) {
        self.len(b.len());
        self.bytes.extend_from_slice(b);
    }

    pub fn str(&mut self, s: &str) {
        self.bytes(s.as_bytes());
    }

    pub fn strs(&mut self, list: &[String]) {
        self.len(list.len());
        list.iter().for_each(|s| self.str(s));
    }
}

pub struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { rest: bytes }
    }

    /// How many bytes are left to read.
    pub fn left(&self) -> usize {
        self.rest.len()
    }

    pub fn is_done(&self) -> bool {
        self.rest.is_empty()
    }

    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.rest.split_at_checked(n)?;
        self.rest = rest;
        Some(head)
    }

    pub fn flag(&mut self) -> Option<bool> {
        match self.take(1)? {
            [0] => Some(false),
            [1] => Some(true),
            _ => None,
        }
    }

    pub fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }

    /// A count of items to come; bounded by the bytes left (every item takes at least one), so
    /// that a corrupt count cannot make the caller reserve much.
    pub fn len(&mut self) -> Option<usize> {
        let n = u32::from_le_bytes(self.take(4)?.try_into().ok()?) as usize;
        (n <= self.rest.len()).then_some(n)
    }

    pub fn bytes(&mut self) -> Option<&'a [u8]> {
        let n = self.len()?;
        self.take(n)
    }

    pub fn str(&mut self) -> Option<&'a str> {
        std::str::from_utf8(self.bytes()?).ok()
    }

    pub fn string(&mut self) -> Option<String> {
        self.str().map(str::to_string)
    }

    pub fn strings(&mut self) -> Option<Vec<String>> {
        self.list(Reader::string)
    }

    /// A count, then that many items read by `item`.
    pub fn list<T>(&mut self, mut item: impl FnMut(&mut Reader<'a>) -> Option<T>) -> Option<Vec<T>> {
        let n = self.len()?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(item(self)?);
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_it_writes_and_nothing_past_the_end() {
        let mut w = Writer::default();
        w.flag(true);
        w.u64(7);
        w.strs(&["a".into(), "bc".into()]);
        let mut r = Reader::new(&w.bytes);
        assert_eq!((r.flag(), r.u64(), r.strings()), (Some(true), Some(7), Some(vec!["a".into(), "bc".into()])));
        assert!(r.is_done());
        for cut in 0..w.bytes.len() {
            let mut r = Reader::new(&w.bytes[..cut]);
            assert!(r.flag().is_none() || r.u64().is_none() || r.strings().is_none(), "{cut}");
        }
        assert_eq!(Reader::new(&[2]).flag(), None);
        assert_eq!(Reader::new(&[255, 255, 255, 255]).len(), None);
    }
}
