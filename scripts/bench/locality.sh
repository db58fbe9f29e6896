#!/usr/bin/env bash
# Locality of the pick: hello with 2, 8 and 32 workers (wrk -c32), each pool
# size with `pick = "least_busy_recent"` and `"least_busy_random"` in the
# same run. Prints requests/s, context switches per request (voluntary and
# non-voluntary, every thread of bextd and of its workers, read from
# /proc/PID/task/*/status before and after the load) and each figure's
# ratio to the 2-worker one of the same pick.
#
#   scripts/bench/locality.sh [DURATION_SECONDS] [WORKER_COUNTS...]
#
# BEXT_LOCALITY_CONNS=N loads with N connections instead of 32. Below the
# worker count, ties among idle workers are where the two picks differ; at
# or above it, least busy alone spreads the load over every worker.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
dur=${1:-8}
conns=${BEXT_LOCALITY_CONNS:-32}
shift || true
counts=("$@")
[[ ${#counts[@]} -gt 0 ]] || counts=(2 8 32)
source scripts/bench/lib.sh
bench_setup

bench_init
port=28191
script=$PWD/scripts/examples/hello/worker.js

# Context switches of PID and its workers, every thread.
switches() {
  local total=0 p
  for p in "$1" $(worker_pids "$1"); do
    total=$((total + $(cat /proc/"$p"/task/*/status 2>/dev/null |
      awk '/_ctxt_switches:/ { s += $2 } END { print s + 0 }')))
  done
  echo "$total"
}

# run WORKERS PICK: prints "rps switches_per_request"
run() {
  cat >"$work/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
control_socket = "bext.sock"
[render]
script = "$script"
jsc_workers = $1
pick = "$2"
[render.lifecycle]
max_requests = 0
TOML
  target/release/bextd --config "$work/bext.toml" --log-level warn >"$work/bextd.log" 2>&1 &
  pid=$!
  wait_http $port
  until [[ $(curl -fs "http://127.0.0.1:$port/__bext/workers" | grep -o '"state":"ACTIVE"' | wc -l) -ge $1 ]]; do
    sleep 0.05
  done
  wrk -t2 -c"$conns" -d1s "http://127.0.0.1:$port/" >/dev/null
  local before after out reqs rps
  before=$(switches "$pid")
  out=$(wrk -t2 -c"$conns" -d"${dur}s" "http://127.0.0.1:$port/")
  after=$(switches "$pid")
  stop
  reqs=$(awk '/requests in/ { print $1 }' <<<"$out")
  rps=$(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' <<<"$out")
  awk -v r="$rps" -v n="$reqs" -v s="$((after - before))" 'BEGIN { printf "%d %.2f\n", r, s / n }'
}

declare -A rps cs
for n in "${counts[@]}"; do
  for pick in least_busy_recent least_busy_random; do
    read -r rps[$n,$pick] cs[$n,$pick] < <(run "$n" "$pick")
  done
done

printf '\n%-8s %-18s %10s %14s %12s\n' workers pick "req/s" "switches/req" "vs 2 workers"
for n in "${counts[@]}"; do
  for pick in least_busy_recent least_busy_random; do
    base=${rps[${counts[0]},$pick]}
    printf '%-8s %-18s %10s %14s %11.2fx\n' "$n" "$pick" "${rps[$n,$pick]}" "${cs[$n,$pick]}" \
      "$(awk -v a="${rps[$n,$pick]}" -v b="$base" 'BEGIN { print a / b }')"
  done
done
