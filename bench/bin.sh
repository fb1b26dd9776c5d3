# Sourced by the benchmarks: where `cargo build --release` puts gitvow.
release_bin() {
    echo "${CARGO_TARGET_DIR:-$root/target}/release/gitvow"
}
