#!/usr/bin/env bash
# Throughput and latency of bextd (hello example, 2 workers) against a
# reference server that calls the same handler in an in-process QuickJS,
# measured in the same run on the same machine.
#
#   scripts/bench/throughput.sh [DURATION_SECONDS]
#
# Prints requests/s and p50/p99 latency at 32 connections, p50 latency at one
# connection, and bextd's ratios to the reference. Loopback only.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
dur=${1:-10}

source scripts/bench/lib.sh
bench_setup

bench_init_many

script=$PWD/scripts/examples/hello/worker.js
ref_port=28181
bext_port=28182
cat >"$work/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$bext_port"
control_socket = "bext.sock"
[render]
script = "$script"
jsc_workers = 2
[render.lifecycle]
max_requests = 0
TOML

target/release/bext-bench-reference "$script" "127.0.0.1:$ref_port" 2 >"$work/ref.log" 2>&1 &
pids+=($!)
target/release/bextd --config "$work/bext.toml" --log-level warn >"$work/bextd.log" 2>&1 &
pids+=($!)

wait_http $ref_port
wait_http $bext_port

# Warm both up.
measure "http://127.0.0.1:$ref_port/" 8 1 1 >/dev/null
measure "http://127.0.0.1:$bext_port/" 8 1 1 >/dev/null

read -r ref_rps ref_p50 ref_p99 < <(measure "http://127.0.0.1:$ref_port/" 32 2 "$dur")
read -r bx_rps bx_p50 bx_p99 < <(measure "http://127.0.0.1:$bext_port/" 32 2 "$dur")
read -r _ ref_c1 _ < <(measure "http://127.0.0.1:$ref_port/" 1 1 "$((dur / 2 + 1))")
read -r _ bx_c1 _ < <(measure "http://127.0.0.1:$bext_port/" 1 1 "$((dur / 2 + 1))")

printf '\n%-34s %12s %10s %10s %14s\n' "server" "req/s" "p50 µs" "p99 µs" "p50 µs (c=1)"
printf '%-34s %12s %10s %10s %14s\n' "reference (in-process QuickJS)" "$ref_rps" "$ref_p50" "$ref_p99" "$ref_c1"
printf '%-34s %12s %10s %10s %14s\n' "bextd (2 workers)" "$bx_rps" "$bx_p50" "$bx_p99" "$bx_c1"
awk -v a="$bx_rps" -v b="$ref_rps" -v c1="$bx_c1" -v r1="$ref_c1" 'BEGIN {
  printf "\nthroughput ratio bextd/reference: %.2f (target >= 0.50)\n", a / b
  printf "latency added by bextd at p50, one connection: %d µs (target < 100)\n", c1 - r1
}'
