//! The gate on a corpus of commands and on its worst inputs.

mod corpus;
mod own_files;
mod worst_case;
