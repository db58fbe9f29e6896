#!/usr/bin/env bash
# Locality of the pick and the workers' scheduling policy: hello with 2, 8
# and 32 workers (wrk -c32), each pool size with `pick =
# "least_busy_recent"` and `"least_busy_random"`, each under `scheduling =
# "batch"` and `"normal"`, in the same run. Rounds interleave every setting,
# so a slow spell of the machine falls on all of them. Prints the medians
# over the rounds of requests/s and of context switches per request
# (voluntary and non-voluntary, every thread of bextd and of its workers,
# read from /proc/PID/task/*/status before and after the load), and the
# median of each round's ratio to the 2-worker figure of the same pick and
# policy, measured just before it (this machine's speed drifts by more than
# the differences measured here over a minute).
#
#   scripts/bench/locality.sh [DURATION_SECONDS] [WORKER_COUNTS...]
#
# BEXT_LOCALITY_CONNS=N loads with N connections instead of 32. Below the
# worker count, ties among idle workers are where the two picks differ; at
# or above it, least busy alone spreads the load over every worker.
# BEXT_LOCALITY_ROUNDS (default 3), BEXT_LOCALITY_PICKS and
# BEXT_LOCALITY_SCHEDULING (space-separated) narrow or widen the run.
# BEXT_LOCALITY_BASE=DIR adds the pick `base`: DIR/bextd (the bext-worker
# beside it), a build saved before a change, with neither key set (a build
# from before they existed refuses them), under the first policy only.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
dur=${1:-5}
conns=${BEXT_LOCALITY_CONNS:-32}
rounds=${BEXT_LOCALITY_ROUNDS:-3}
read -r -a picks <<<"${BEXT_LOCALITY_PICKS:-least_busy_recent least_busy_random}"
read -r -a policies <<<"${BEXT_LOCALITY_SCHEDULING:-batch normal}"
base=${BEXT_LOCALITY_BASE:-}
[[ -z $base ]] || picks+=(base)
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

# run WORKERS PICK SCHEDULING: prints "rps switches_per_request"
run() {
  local bin=target/release/bextd keys
  keys=$(printf 'pick = "%s"\nscheduling = "%s"' "$2" "$3")
  if [[ $2 == base ]]; then
    bin=$base/bextd keys=""
  fi
  cat >"$work/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
control_socket = "bext.sock"
[render]
script = "$script"
jsc_workers = $1
$keys
[render.lifecycle]
max_requests = 0
TOML
  "$bin" --config "$work/bext.toml" --log-level warn >"$work/bextd.log" 2>&1 &
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
# The pool sizes of one setting run back to back, so each ratio compares
# figures taken moments apart.
for _ in $(seq "$rounds"); do
  for pick in "${picks[@]}"; do
    for policy in "${policies[@]}"; do
      [[ $pick != base || $policy == "${policies[0]}" ]] || continue
      for n in "${counts[@]}"; do
        read -r r c < <(run "$n" "$pick" "$policy")
        rps[$n,$pick,$policy]+="$r "
        cs[$n,$pick,$policy]+="$c "
      done
    done
  done
done
med() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# ratios A B: the median over the rounds of A's i-th figure over B's.
ratios() {
  paste <(tr ' ' '\n' <<<"$1" | grep .) <(tr ' ' '\n' <<<"$2" | grep .) |
    awk '{ print $1 / $2 }' | med
}

printf '\n%s round(s) of %s s, wrk -c%s: medians; "vs 2 workers" is the median of\n' "$rounds" "$dur" "$conns"
printf 'the ratios within each round\n'
printf '%-8s %-18s %-10s %10s %14s %12s\n' workers pick scheduling "req/s" "switches/req" "vs 2 workers"
for n in "${counts[@]}"; do
  for pick in "${picks[@]}"; do
    for policy in "${policies[@]}"; do
      [[ $pick != base || $policy == "${policies[0]}" ]] || continue
      printf '%-8s %-18s %-10s %10s %14s %11.2fx\n' "$n" "$pick" "$policy" \
        "$(med <<<"${rps[$n,$pick,$policy]}")" "$(med <<<"${cs[$n,$pick,$policy]}")" \
        "$(ratios "${rps[$n,$pick,$policy]}" "${rps[${counts[0]},$pick,$policy]}")"
    done
  done
done
