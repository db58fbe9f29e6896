#!/usr/bin/env bash
# Pool features under load, each against a reference in the same run:
#  1. autoscaling response: a step from 0 to 8 concurrent clients of a 50 ms
#     handler; time until the pool (min 1, max 8) has 8 ACTIVE workers, and
#     p50/p99 latency during the step, against a fixed pool of 8;
#  2. compression: throughput of a 20 KB HTML response with `compress` on
#     (clients accept gzip) against off.
#
#   scripts/bench/pools.sh [DURATION_SECONDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
dur=${1:-8}
source scripts/bench/lib.sh
bench_setup

bench_init
port=28185
cat >"$work/worker.js" <<'JS'
const page = "<article><h2>bext</h2><p>" + "Server-side rendered text for the compression benchmark. ".repeat(6) + "</p></article>\n";
const big = "<!DOCTYPE html><html><body>" + page.repeat(52) + "</body></html>";
export function handler(req) {
  if (req.path === "/big") return { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body: big };
  return new Promise((r) => setTimeout(() => r("ok"), 50));
}
JS

# start_bextd POOL_TOML
start_bextd() {
  printf '[server]\nlisten = "127.0.0.1:%s"\ncontrol_socket = "bext.sock"\n[render]\nscript = "worker.js"\n%s\n' "$port" "$1" >"$work/bext.toml"
  target/release/bextd --config "$work/bext.toml" --log-level warn >"$work/bextd.log" 2>&1 &
  pid=$!
  wait_http $port
}

active_workers() {
  curl -fs "http://127.0.0.1:$port/__bext/workers" | grep -o '"state":"ACTIVE"' | wc -l
}

# step_run: 8 clients for $dur s from idle; prints "ms_to_8_active rps p50 p99"
step_run() {
  local t0 reached=-1
  t0=$(date +%s%N)
  measure "http://127.0.0.1:$port/" 8 2 "$dur" >"$work/step.out" &
  local wrk_pid=$!
  while kill -0 "$wrk_pid" 2>/dev/null; do
    if [[ $reached -lt 0 && $(active_workers) -ge 8 ]]; then
      reached=$((($(date +%s%N) - t0) / 1000000))
    fi
    sleep 0.02
  done
  wait "$wrk_pid"
  read -r rps p50 p99 <"$work/step.out"
  echo "$reached $rps $p50 $p99"
}

start_bextd $'jsc_workers = 8'
sleep 1
read -r fixed_ms fixed_rps fixed_p50 fixed_p99 < <(step_run)
stop
start_bextd $'min_workers = 1\nmax_workers = 8\nbusy_factor = 1\nmax_concurrent_launches = 2\ncooldown_ms = 60000'
sleep 1
read -r auto_ms auto_rps auto_p50 auto_p99 < <(step_run)
stop

start_bextd $'jsc_workers = 2'
measure "http://127.0.0.1:$port/big" 8 1 1 >/dev/null
read -r off_rps off_p50 off_p99 < <(measure "http://127.0.0.1:$port/big" 32 2 "$dur")
off_bytes=$(curl -fs -H 'accept-encoding: gzip' "http://127.0.0.1:$port/big" | wc -c)
stop
start_bextd $'jsc_workers = 2\ncompress = true\ncompress_regex = "^text/"'
cat >"$work/gzip.lua" <<'LUA'
wrk.headers["Accept-Encoding"] = "gzip"
LUA
measure_gzip() {
  wrk -t2 -c32 -d"${dur}s" --latency -s "$work/gzip.lua" "http://127.0.0.1:$port/big" | awk '
    function us(v) { if (v ~ /us$/) { sub(/us$/, "", v); return v + 0 } if (v ~ /ms$/) { sub(/ms$/, "", v); return v * 1000 } if (v ~ /s$/) { sub(/s$/, "", v); return v * 1000000 } return v }
    /^ +50%/ { p50 = us($2) } /^ +99%/ { p99 = us($2) } /^Requests\/sec:/ { rps = $2 }
    END { printf "%.0f %.0f %.0f\n", rps, p50, p99 }'
}
measure_gzip >/dev/null
read -r on_rps on_p50 on_p99 < <(measure_gzip)
on_bytes=$(curl -fs -H 'accept-encoding: gzip' "http://127.0.0.1:$port/big" | wc -c)
stop

printf '\nautoscaling step, 0 -> 8 clients of a 50 ms handler (%s s):\n' "$dur"
printf '  %-28s %14s %10s %10s %10s\n' "pool" "ms to 8 ACTIVE" "req/s" "p50 µs" "p99 µs"
printf '  %-28s %14s %10s %10s %10s\n' "fixed, 8 workers" "$fixed_ms" "$fixed_rps" "$fixed_p50" "$fixed_p99"
printf '  %-28s %14s %10s %10s %10s\n' "autoscaled, 1..8" "$auto_ms" "$auto_rps" "$auto_p50" "$auto_p99"
awk -v a="$auto_p99" -v f="$fixed_p99" -v ar="$auto_rps" -v fr="$fixed_rps" 'BEGIN { printf "  p99 ratio autoscaled/fixed: %.2f; throughput ratio: %.2f\n", a / f, ar / fr }'
printf '\n20 KB HTML, 2 workers, 32 connections (%s s):\n' "$dur"
printf '  %-28s %10s %10s %10s %14s\n' "compress" "req/s" "p50 µs" "p99 µs" "bytes/response"
printf '  %-28s %10s %10s %10s %14s\n' "off" "$off_rps" "$off_p50" "$off_p99" "$off_bytes"
printf '  %-28s %10s %10s %10s %14s\n' "on (gzip)" "$on_rps" "$on_p50" "$on_p99" "$on_bytes"
awk -v a="$on_rps" -v b="$off_rps" 'BEGIN { printf "  throughput ratio on/off: %.2f\n", a / b }'
