#!/usr/bin/env bash
# Control-plane cost as the pool grows: with 4, 64 and 256 workers of a tiny
# script, the time of `bext ps` and of a /metrics scrape (median of 20), and
# bextd's own CPU use while idle (over 10 s). Targets at 256 workers:
# `bext ps` under 50 ms, idle CPU under 1% of a core.
#
#   scripts/bench/control.sh [SIZES...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source scripts/bench/lib.sh
cargo build --release -q -p bext-supervisor -p bext-worker
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(4 64 256)

bench_init
echo 'export const handler = () => "ok";' >"$work/worker.js"
port=28184
hz=$(getconf CLK_TCK)

# median_ms CMD...: runs CMD 20 times, prints the median wall time in ms.
median_ms() {
  for _ in $(seq 20); do
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null
    t1=$(date +%s%N)
    echo $(((t1 - t0) / 1000))
  done | percentiles | awk '{ printf "%.2f", $1 / 1000 }'
}

cpu_ticks() { awk '{ print $14 + $15 }' /proc/"$1"/stat; }

printf '%-8s %14s %16s %18s %14s\n' "workers" "bext ps (ms)" "/metrics (ms)" "/metrics (bytes)" "idle CPU (%)"
for n in "${sizes[@]}"; do
  cat >"$work/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
control_socket = "bext.sock"
[render]
script = "worker.js"
jsc_workers = $n
TOML
  target/release/bextd --config "$work/bext.toml" --log-level warn >"$work/bextd.log" 2>&1 &
  pid=$!
  wait_http $port
  for _ in $(seq 600); do
    active=$(target/release/bext --socket "$work/bext.sock" ps | grep -c ' ACTIVE ' || true)
    [[ $active -ge $n ]] && break
    sleep 0.1
  done
  sleep 2 # let boot-time work settle
  ps_ms=$(median_ms target/release/bext --socket "$work/bext.sock" ps)
  metrics_ms=$(median_ms curl -fs "http://127.0.0.1:$port/metrics")
  metrics_bytes=$(curl -fs "http://127.0.0.1:$port/metrics" | wc -c)
  c0=$(cpu_ticks "$pid")
  sleep 10
  c1=$(cpu_ticks "$pid")
  cpu=$(awk -v a="$c0" -v b="$c1" -v hz="$hz" 'BEGIN { printf "%.2f", (b - a) / hz / 10 * 100 }')
  printf '%-8s %14s %16s %18s %14s\n' "$n" "$ps_ms" "$metrics_ms" "$metrics_bytes" "$cpu"
  stop
done
