//! A text held in bytes shared with whoever else holds them (the plan, the transaction, a parsed
//! document): a settings file of megabytes is then in memory once, however many parts of a run
//! read it.

use crate::safefs::Bytes;

/// UTF-8 text in shared bytes, checked when made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedText(Bytes);

impl SharedText {
    /// The text the bytes are, or where they stop being UTF-8.
    pub fn new(bytes: &Bytes) -> Result<SharedText, std::str::Utf8Error> {
        std::str::from_utf8(bytes)?;
        Ok(SharedText(Bytes::clone(bytes)))
    }

    /// The bytes as the text `text` already is, without checking them again: `Some` only when
    /// `text` is those very bytes (the same place in memory, the same length), which a `str`
    /// vouches are UTF-8.
    pub fn viewed(bytes: &Bytes, text: &str) -> Option<SharedText> {
        (std::ptr::eq(bytes.as_ptr(), text.as_ptr()) && bytes.len() == text.len()).then(|| SharedText(Bytes::clone(bytes)))
    }

    /// The bytes, shared.
    pub fn bytes(&self) -> &Bytes {
        &self.0
    }
}

impl From<String> for SharedText {
    fn from(text: String) -> SharedText {
        SharedText(Bytes::new(text.into_bytes()))
    }
}

impl std::ops::Deref for SharedText {
    type Target = str;

    fn deref(&self) -> &str {
        // SAFETY: checked to be UTF-8 when made (or made from a `String`), and bytes behind an
        // `Arc` are never changed while it is shared.
        unsafe { std::str::from_utf8_unchecked(&self.0) }
    }
}
