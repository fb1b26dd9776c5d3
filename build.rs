//! The end-to-end suite (`tests/e2e_agents.rs`) installs and drives the real agent CLIs, about 1.5 GB
//! on its first run: it runs when `CI` or `GITVOW_E2E` is set, and is reported as ignored otherwise.
//!
//! On x86_64 Linux with glibc, the hook's functions are placed first and together in the binary
//! (`build/hook-order.txt`, written by `bench/hook-order.sh`): a hook call then maps a few hundred
//! KB of code instead of most of it.
fn main() {
    hook_order();
    println!("cargo::rustc-check-cfg=cfg(gitvow_e2e)");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=GITVOW_E2E");
    println!("cargo::rerun-if-changed=build.rs");
    let set = |name: &str| std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0" && v != "false");
    if set("CI") || set("GITVOW_E2E") {
        println!("cargo::rustc-cfg=gitvow_e2e");
    }
}

/// Passes the hook's function order to the linker. Only where the linker is the one Rust uses by
/// default there (rust-lld, since Rust 1.90), which knows `--symbol-ordering-file`: a build told
/// to use another linker gets no ordering rather than an unknown option.
fn hook_order() {
    println!("cargo::rerun-if-changed=build/hook-order.txt");
    println!("cargo::rerun-if-env-changed=CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER");
    let target = std::env::var("TARGET").unwrap_or_default();
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let other_linker = std::env::var_os("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER").is_some()
        || ["linker=", "linker-flavor", "linker-features", "link-self-contained", "fuse-ld"].iter().any(|f| flags.contains(f));
    let order = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("build/hook-order.txt");
    if target == "x86_64-unknown-linux-gnu" && !other_linker && order.exists() {
        println!("cargo::rustc-link-arg-bin=gitvow=-Wl,--symbol-ordering-file={}", order.display());
        // Names the list has and this build lacks (another compiler release) are not an error.
        println!("cargo::rustc-link-arg-bin=gitvow=-Wl,--no-warn-symbol-ordering");
    }
}
