//! The codex `[features] hooks` switch in `config.toml`, edited with toml_edit.
