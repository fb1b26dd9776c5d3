//! The end-to-end suite (`tests/e2e_agents.rs`) installs and drives the real agent CLIs, about 1.5 GB
//! on its first run: it runs when `CI` or `GITVOW_E2E` is set, and is reported as ignored otherwise.
//!
//! On Linux the linker keeps the functions LLVM marks cold (`.text.unlikely.*`: panics, error paths)
//! apart from the rest, so that a hook call (a fresh process before every tool call) maps fewer
//! pages of code: about 10 fewer page faults and 0.1 MiB less peak memory per call. Every ELF linker
//! Rust uses on Linux knows the option (lld, GNU ld 2.31 and newer, gold, mold).
fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux") {
        println!("cargo::rustc-link-arg-bin=gitvow=-Wl,-z,keep-text-section-prefix");
    }
    println!("cargo::rustc-check-cfg=cfg(gitvow_e2e)");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=GITVOW_E2E");
    println!("cargo::rerun-if-changed=build.rs");
    let set = |name: &str| std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0" && v != "false");
    if set("CI") || set("GITVOW_E2E") {
        println!("cargo::rustc-cfg=gitvow_e2e");
    }
}
