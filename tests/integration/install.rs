//! `gitvow install` and `gitvow uninstall`, and the files they write.

mod cli;
mod crash;
mod fail_closed;
mod fallback;
mod legacy_record;
mod notices;
mod opencode_plugin;
mod originals;
mod ownership;
mod pi_extension;
mod sandbox;
mod scale;
mod yaml;
