#!/usr/bin/env bash
# Builds scripts/bench/wasm/sha256.wasm (checked in) from kernel/ with
# Rust's wasm32-unknown-unknown target:
#   rustup target add wasm32-unknown-unknown
#   scripts/bench/wasm/build-kernel.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
target="${CARGO_TARGET_DIR:-$(mktemp -d)}"
cargo build --release -q --target wasm32-unknown-unknown --manifest-path kernel/Cargo.toml --target-dir "$target"
cp "$target/wasm32-unknown-unknown/release/bext_bench_sha256.wasm" sha256.wasm
[[ -n "${CARGO_TARGET_DIR:-}" ]] || rm -rf "$target"
echo "sha256.wasm: $(stat -c %s sha256.wasm) bytes"
