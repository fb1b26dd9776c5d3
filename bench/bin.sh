# Sourced by the benchmarks: where `cargo build --release` puts gitvow. The build names its target
# (`build.target = "host-tuple"` in .cargo/config.toml, for the static link), so the binary is in
# ${CARGO_TARGET_DIR:-target}/<host triple>/release/.
release_bin() {
    local host
    host=$(rustc -vV | sed -n 's/^host: //p')
    echo "${CARGO_TARGET_DIR:-$root/target}/$host/release/gitvow"
}
