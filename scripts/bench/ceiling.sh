#!/usr/bin/env bash
# The in-process SSR ceiling: renders per second on one core of the SSR
# example page (Preact, scripts/examples/ssr), with no socket and no
# master: the worker's engine dispatching straight to the handler
# (worker-bin/examples/hello_cost.rs), ROUNDS rounds of N renders, median.
# With the hello example too: the in-process cost of a request that does
# next to nothing.
#
#   scripts/bench/ceiling.sh [ROUNDS] [N]
#
# BEXT_CEILING_BASE=DIR also runs DIR/hello_cost (another build's copy of
# the example) in the same rounds, interleaved, and prints the ratio.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds=${1:-5}
n=${2:-4000}
cargo build --release -q -p bext-worker --example hello_cost
bash scripts/examples/ssr/build.sh >/dev/null
ssr=$PWD/scripts/examples/ssr/dist/worker.js
hello=$PWD/scripts/examples/hello/worker.js
source scripts/bench/lib.sh

builds=("$PWD/target/release/examples")
[[ -n ${BEXT_CEILING_BASE:-} ]] && builds+=("$BEXT_CEILING_BASE")
declare -A ssr_us hello_us
for _ in $(seq "$rounds"); do
  for b in "${builds[@]}"; do
    ssr_us[$b]+="$("$b/hello_cost" "$ssr" "$n" | awk '{ print $1 }') "
    hello_us[$b]+="$("$b/hello_cost" "$hello" $((n * 25)) | awk '{ print $1 }') "
  done
done
median() { tr ' ' '\n' | grep -v '^$' | percentiles | awk '{ print $1 }'; }
for b in "${builds[@]}"; do
  s=$(median <<<"${ssr_us[$b]}")
  h=$(median <<<"${hello_us[$b]}")
  awk -v b="$b" -v s="$s" -v h="$h" 'BEGIN {
    printf "%s: SSR page %.1f µs per render = %.0f renders/s per core; hello %.2f µs per request\n", b, s, 1e6 / s, h }'
done
if [[ -n ${BEXT_CEILING_BASE:-} ]]; then
  awk -v a="$(median <<<"${ssr_us[${builds[0]}]}")" -v b="$(median <<<"${ssr_us[$BEXT_CEILING_BASE]}")" \
    'BEGIN { printf "SSR renders/s, this build / base: %.2f\n", b / a }'
fi
