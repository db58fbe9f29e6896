#!/usr/bin/env bash
# Lifecycle costs, measured with release builds on this machine:
#  1. throughput with max_requests = 100 (constant rotation) against
#     max_requests = 0 (none), same run, same handler (target ratio >= 0.9),
#     for two handlers: the bundled Preact SSR example (a real page) and
#     hello (next to no work per request, so rotation is all there is);
#     each rotation's cost in machine time, next to what a ratio of 0.9
#     leaves for it and what starting any process costs here;
#  2. worker boot time, fork to ACTIVE, over 50+ boots (target median < 20 ms);
#  3. idle worker memory: RSS and PSS (target RSS < 8 MB).
#
#   scripts/bench/lifecycle.sh [DURATION_SECONDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
dur=${1:-10}
source scripts/bench/lib.sh
bench_setup

bench_init

hello=$PWD/scripts/examples/hello/worker.js
ssr=$PWD/scripts/examples/ssr/dist/worker.js
bash scripts/examples/ssr/build.sh >/dev/null
port=38183
cpus=$(nproc)

# start_bextd SCRIPT MAX_REQUESTS LOG
start_bextd() {
  cat >"$work/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
[render]
script = "$1"
jsc_workers = 2
[render.lifecycle]
max_requests = $2
TOML
  target/release/bextd --config "$work/bext.toml" --log-level info >"$3" 2>&1 &
  pid=$!
  wait_http $port
}

# 1. Throughput with and without rotation. This machine's throughput drifts
#    between runs, so the settings are measured in turn, three rounds, and
#    each keeps its median.
runs="ssr:0 ssr:100 hello:0 hello:100 hello:1000"
declare -A rps p50 p99
for round in 1 2 3; do
  for run in $runs; do
    app=${run%:*} mr=${run#*:}
    start_bextd "${!app}" "$mr" "$work/$app-$mr.$round.log"
    measure "http://127.0.0.1:$port/" 8 1 1 >/dev/null
    read -r r a b < <(measure "http://127.0.0.1:$port/" 32 2 "$dur")
    rps[$run]+="$r "
    p50[$run]+="$a "
    p99[$run]+="$b "
    stop
  done
done
median() { tr ' ' '\n' | grep -v '^$' | percentiles | awk '{ print $1 }'; }
bad=$(cat "$work"/*-100.*.log | grep -c "exited unexpectedly" || true)

# 2. Boot times: the rotation runs booted a worker every ~100 requests; each
#    "worker ready" line carries boot_ms, from just before fork to ACTIVE.
boots() { grep -ho 'boot_ms="[0-9.]*"' "$work"/$1-100.*.log | tr -dc '0-9.\n' | percentiles; }
read -r boot_med boot_p99 boot_n < <(boots hello)
read -r sboot_med sboot_p99 sboot_n < <(boots ssr)
cached=$(cat "$work"/ssr-100.*.log | grep -c 'modules_cached=1' || true)

# 3. Idle memory of freshly booted workers.
start_bextd "$hello" 0 "$work/idle.log"
sleep 1
rss_kb=()
pss_kb=()
for w in $(worker_pids "$pid"); do
  rss_kb+=("$(awk '/^VmRSS:/ { print $2 }' /proc/"$w"/status)")
  pss_kb+=("$(awk '/^Pss:/ { print $2 }' /proc/"$w"/smaps_rollup)")
done
stop

# The floor under any rotation: starting and reaping a process that does
# nothing at all (/bin/true), per process.
floor_us=$({ TIMEFORMAT=%R; time (for _ in $(seq 500); do /bin/true; done); } 2>&1 | awk '{ printf "%.0f", $1 / 500 * 1e6 }')

printf '\n%-34s %10s %10s %10s\n' "run" "req/s" "p50 µs" "p99 µs"
for run in $runs; do
  printf '%-34s %10s %10s %10s\n' "${run%:*} max_requests = ${run#*:}" \
    "$(median <<<"${rps[$run]}")" "$(median <<<"${p50[$run]}")" "$(median <<<"${p99[$run]}")"
done
echo
# Per rotation (one every 100 requests per worker): the machine time it
# costs, 100 * cpus * (1/rps_rotating - 1/rps_base), and the most it may
# cost for the ratio to stay >= 0.9, 100 * cpus / rps_base / 9.
for app in ssr hello; do
  awk -v app="$app" -v a="$(median <<<"${rps[$app:100]}")" -v b="$(median <<<"${rps[$app:0]}")" -v c="$cpus" 'BEGIN {
    printf "%-5s ratio max_requests 100/0: %.2f (target >= 0.90); each rotation costs %.0f µs of the machine, 0.90 allows %.0f µs\n",
      app, a / b, 100 * c * (1 / a - 1 / b) * 1e6, 100 * c / b / 9 * 1e6 }'
done
awk -v k="$(median <<<"${rps[hello:1000]}")" -v b="$(median <<<"${rps[hello:0]}")" 'BEGIN {
  printf "hello ratio max_requests 1000/0: %.2f\n", k / b }'
echo "starting and reaping /bin/true here: $floor_us µs per process"
echo "crashes during the rotation runs: $bad"
echo "worker boot, fork to ACTIVE, under load: hello median ${boot_med} ms, p99 ${boot_p99} ms over $boot_n boots; ssr median ${sboot_med} ms, p99 ${sboot_p99} ms over $sboot_n boots, $cached of them from cached bytecode (target < 20 ms)"
echo "idle worker RSS: ${rss_kb[*]} kB; PSS: ${pss_kb[*]} kB (target RSS < 8192 kB)"
