# Sourced by the benchmarks: bench_bin sets $bin, the gitvow they measure. It is $GITVOW_BIN when
# set, used as it is and never built; else the release build, ${CARGO_TARGET_DIR:-target}/release/gitvow,
# built first when it is missing or older than a source file (the machine may be shared: no build
# otherwise).
bench_bin() {
    if [[ -n ${GITVOW_BIN:-} ]]; then
        bin=$GITVOW_BIN
        if [[ ! -x $bin ]]; then
            echo "GITVOW_BIN=$bin is not an executable file" >&2
            exit 1
        fi
        return
    fi
    bin="${CARGO_TARGET_DIR:-$root/target}/release/gitvow"
    if [[ ! -x $bin ]] || [[ -n $(find "$root/src" "$root/build.rs" "$root/Cargo.toml" "$root/Cargo.lock" "$root/templates" -newer "$bin" -print -quit 2>/dev/null) ]]; then
        echo "building $bin…" >&2
        (cd "$root" && cargo build --release --locked --quiet)
    fi
}
