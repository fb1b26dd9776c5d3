//! The end-to-end suite (`tests/e2e_agents.rs`) installs and drives the real agent CLIs, about 1.5 GB
//! on its first run: it runs when `CI` or `GITVOW_E2E` is set, and is reported as ignored otherwise.
//!
//! On Linux with glibc, the unwinder is linked in from GCC's static `libgcc_eh.a` rather than loaded
//! from `libgcc_s.so` at every start (see [`static_unwinder`]), and the executable is linked at a
//! fixed address (see [`fixed_address`]); on Linux, the code the compiler knows is cold is kept apart
//! (see [`cold_code_apart`]).
use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(gitvow_e2e)");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=GITVOW_E2E");
    println!("cargo::rerun-if-changed=build.rs");
    let set = |name: &str| std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0" && v != "false");
    if set("CI") || set("GITVOW_E2E") {
        println!("cargo::rustc-cfg=gitvow_e2e");
    }
    static_unwinder();
    fixed_address();
    cold_code_apart();
}

/// Whether this is a native build for Linux with glibc and the default unwinding panics, the build
/// the start-up options below are measured on (anywhere else the build is the default one).
fn native_linux_gnu() -> bool {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ENV") == "gnu"
        && var("TARGET") == var("HOST")
        && !var("CARGO_CFG_TARGET_FEATURE").split(',').any(|f| f == "crt-static")
        && var("CARGO_CFG_PANIC") == "unwind"
}

/// The gitvow executable is linked at a fixed address (`-no-pie`, for the binary only): a
/// position-independent one is relocated by the dynamic loader at every start, about 5,000
/// pointers in its read-only data (the tables of names, the vtables), each page of them copied on
/// write: some 30 page faults and a tenth of a millisecond of every hook call, a fresh process
/// before every tool call of an agent. The libraries, the heap, the stack and every mapping are
/// still placed at random; only the executable's own image is not. The code is compiled as before
/// (position-independent): the linker resolves its relocations once, when it writes the file.
fn fixed_address() {
    if native_linux_gnu() {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
}

/// The hook is a new process before every tool call, and loading `libgcc_s` costs each one about a
/// tenth of a millisecond (mapping, relocating, its constructor's CPUID probes), for the unwinder
/// alone. GCC ships the same unwinder as a static archive, `libgcc_eh.a` (what `gcc -static-libgcc`
/// links): named here for the gitvow crate, the linker takes the unwinder from it, and
/// `--as-needed` (rustc's default) drops `libgcc_s`. Panics still unwind (the hook catches one to
/// give the agent its blocking answer). Only for a native Linux glibc build whose C compiler knows
/// the archive; anywhere else (macOS, the BSDs, musl, a cross build, no GCC) the build is the default
/// one. `+crt-static` builds link `libgcc_eh` themselves.
fn static_unwinder() {
    if !native_linux_gnu() {
        return;
    }
    println!("cargo::rerun-if-env-changed=CC");
    let cc = std::env::var_os("CC").unwrap_or_else(|| "cc".into());
    // `-print-file-name` answers the bare name when the compiler has no such file.
    let Ok(out) = Command::new(cc).arg("-print-file-name=libgcc_eh.a").output() else { return };
    let archive = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    let Some(dir) = archive.parent().filter(|_| out.status.success() && archive.is_absolute() && archive.is_file()) else { return };
    println!("cargo::rustc-link-search=native={}", dir.display());
    println!("cargo::rustc-link-lib=static=gcc_eh");
}

/// The code a hook call runs is mapped in 64 KiB windows around each page it touches (the kernel's
/// fault-around), and those windows are most of a call's memory: the fewer windows its code is
/// spread over, the less memory. The compiler puts every function it knows is cold (every panic
/// path, and any function marked `#[cold]`) in a section named `.text.unlikely.*`. GNU ld's default
/// script gathers those apart from the rest; LLVM's lld (Rust's default linker on x86-64 Linux)
/// does only when asked to keep text section prefixes, and otherwise leaves them between the
/// functions a call runs. Measured on the hook's benchmark cases: 0.13–0.25 MiB less peak memory
/// per call, the same instructions. GNU ld ignores the option (with a warning).
fn cold_code_apart() {
    if std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux") {
        println!("cargo::rustc-link-arg-bins=-Wl,-z,keep-text-section-prefix");
    }
}
