//! Property tests: generated documents and payloads.

mod jsonc;
mod runtime;
mod shell;
