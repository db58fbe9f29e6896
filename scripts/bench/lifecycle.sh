#!/usr/bin/env bash
# Lifecycle costs, measured with release builds on this machine:
#  1. throughput with max_requests = 100 (constant rotation) against
#     max_requests = 0 (none), same run, same handler (target ratio >= 0.9);
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

script=$PWD/scripts/examples/hello/worker.js
port=38183

# start_bextd MAX_REQUESTS LOG
start_bextd() {
  cat >"$work/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
[render]
script = "$script"
jsc_workers = 2
[render.lifecycle]
max_requests = $1
TOML
  target/release/bextd --config "$work/bext.toml" --log-level info >"$2" 2>&1 &
  pid=$!
  wait_http $port
}

# 1. Throughput with and without rotation. This machine's throughput drifts
#    between runs, so the three settings are measured in turn, three rounds,
#    and each keeps its median.
declare -A rps p50 p99
for round in 1 2 3; do
  for mr in 0 100 1000; do
    start_bextd "$mr" "$work/rot$mr.$round.log"
    measure "http://127.0.0.1:$port/" 8 1 1 >/dev/null
    read -r r a b < <(measure "http://127.0.0.1:$port/" 32 2 "$dur")
    rps[$mr]+="$r "
    p50[$mr]+="$a "
    p99[$mr]+="$b "
    stop
  done
done
median() { tr ' ' '\n' | grep -v '^$' | percentiles | awk '{ print $1 }'; }
base_rps=$(median <<<"${rps[0]}"); base_p50=$(median <<<"${p50[0]}"); base_p99=$(median <<<"${p99[0]}")
rot_rps=$(median <<<"${rps[100]}"); rot_p50=$(median <<<"${p50[100]}"); rot_p99=$(median <<<"${p99[100]}")
k_rps=$(median <<<"${rps[1000]}"); k_p50=$(median <<<"${p50[1000]}"); k_p99=$(median <<<"${p99[1000]}")
rotations=$(($(cat "$work"/rot100.*.log | grep -c "draining worker" || true) / 3))
k_rotations=$(($(cat "$work"/rot1000.*.log | grep -c "draining worker" || true) / 3))
bad=$(cat "$work"/rot100.*.log | grep -c "exited unexpectedly" || true)
cat "$work"/rot100.*.log >"$work/rot.log"

# 2. Boot times: the rotation runs booted a worker every ~100 requests; each
#    "worker ready" line carries boot_ms, from just before fork to ACTIVE.
read -r boot_med boot_p99 boots < <(grep -o 'boot_ms="[0-9.]*"' "$work/rot.log" | tr -dc '0-9.\n' | percentiles)

# 3. Idle memory of freshly booted workers.
start_bextd 0 "$work/idle.log"
sleep 1
rss_kb=()
pss_kb=()
for w in $(worker_pids "$pid"); do
  rss_kb+=("$(awk '/^VmRSS:/ { print $2 }' /proc/"$w"/status)")
  pss_kb+=("$(awk '/^Pss:/ { print $2 }' /proc/"$w"/smaps_rollup)")
done
stop

printf '\n%-36s %10s %10s %10s\n' "run" "req/s" "p50 µs" "p99 µs"
printf '%-36s %10s %10s %10s\n' "max_requests = 0" "$base_rps" "$base_p50" "$base_p99"
printf '%-36s %10s %10s %10s\n' "max_requests = 100 ($rotations rotations)" "$rot_rps" "$rot_p50" "$rot_p99"
printf '%-36s %10s %10s %10s\n' "max_requests = 1000 ($k_rotations rotations)" "$k_rps" "$k_p50" "$k_p99"
awk -v a="$rot_rps" -v b="$base_rps" -v k="$k_rps" -v n="$rotations" -v d="$dur" 'BEGIN {
  printf "throughput ratio max_requests 100/0: %.2f (target >= 0.90); 1000/0: %.2f\n", a / b, k / b
  printf "rotations per second at max_requests = 100: %.0f; capacity per rotation: %.2f ms of the machine\n", n / d, (b - a) / b * d * 1000 / n
}'
echo "crashes during the rotation run: $bad"
echo "worker boot, fork to ACTIVE: median ${boot_med} ms, p99 ${boot_p99} ms over $boots boots (target < 20 ms)"
echo "idle worker RSS: ${rss_kb[*]} kB; PSS: ${pss_kb[*]} kB (target RSS < 8192 kB)"
