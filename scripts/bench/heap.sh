#!/usr/bin/env bash
# Leak diagnosis, in one run:
# - what the heap census costs on hello: wrk in 1 s bursts with 0.4 s idle
#   spells between them (each spell has both workers collect and count),
#   census on against census off (BEXT_HEAP_CENSUS=off), alternated, same
#   run; printed as a ratio (a census runs only when a worker is idle, so a
#   loaded worker never pays for it);
# - how long `bext heap` walks the SSR example's worker, and a worker whose
#   globals hold a 1,000,000-object graph.
#
#   scripts/bench/heap.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds=${1:-4}
source scripts/bench/lib.sh
bench_setup
bash scripts/examples/ssr/build.sh >/dev/null

bench_init
port=28247
cp scripts/examples/hello/worker.js "$work/hello.js"
cp scripts/examples/ssr/dist/worker.js "$work/ssr.js"
cat >"$work/graph.js" <<'JS'
globalThis.graph = [];
for (let i = 0; i < 1000000; i++) globalThis.graph.push({ i, name: "n" + (i % 1000) });
export function handler() { return "ok"; }
JS

# run SCRIPT [ENV...]: starts bextd with 2 workers
run() {
  local script=$1
  shift
  printf '[server]\nlisten = "127.0.0.1:%s"\ncontrol_socket = "bext.sock"\n[render]\nscript = "%s"\njsc_workers = 2\nstartup_timeout_ms = 60000\n[render.lifecycle]\nmax_requests = 0\n' \
    "$port" "$script" >"$work/bext.toml"
  env "$@" target/release/bextd --config "$work/bext.toml" --log-level warn >"$work/bextd.log" 2>&1 &
  pid=$!
  wait_http $port
}

# bursts: ROUNDS × (1 s of wrk, 0.4 s idle); prints the mean req/s.
bursts() {
  local sum=0 n=0 r
  for _ in $(seq 8); do
    read -r r _ < <(measure "http://127.0.0.1:$port/" 32 2 1)
    sum=$((sum + r)); n=$((n + 1))
    sleep 0.4
  done
  echo $((sum / n))
}

censuses() {
  curl -fs "http://127.0.0.1:$port/__bext/workers" | python3 -c '
import json, sys
print(sum(1 for w in json.load(sys.stdin) if w.get("census")))'
}

on_total=0; off_total=0
for round in $(seq "$rounds"); do
  run hello.js BEXT_HEAP_CENSUS=off
  off=$(bursts)
  stop
  run hello.js
  on=$(bursts)
  seen=$(censuses)
  stop
  echo "round $round: census off $off req/s, on $on req/s ($seen workers counted)"
  on_total=$((on_total + on)); off_total=$((off_total + off))
done

# walk SCRIPT: the JSON report of `bext heap render` (budget 20 s).
walk() {
  target/release/bext -c "$work/bext.toml" heap render --budget-ms 20000 --json
}

run ssr.js
for _ in $(seq 200); do curl -fs "http://127.0.0.1:$port/" >/dev/null; done
ssr=$(walk)
stop
run graph.js
for _ in $(seq 600); do curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1 && break; sleep 0.1; done
sleep 1
graph=$(walk)
stop

field() { python3 -c 'import json, sys; r = json.loads(sys.argv[1]); print(r[sys.argv[2]])' "$1" "$2"; }
printf '\n%-44s %12s\n' "census on hello (bursts, mean req/s)" ""
printf '%-44s %12s\n' "off" "$((off_total / rounds))"
printf '%-44s %12s\n' "on" "$((on_total / rounds))"
printf '%-44s %11.3fx\n' "on / off" "$(awk -v a="$on_total" -v b="$off_total" 'BEGIN { print a / b }')"
printf '\n%-44s %10s %12s %8s\n' "heap walk" "ms" "objects" "budget"
printf '%-44s %10s %12s %8s\n' "SSR example (after 200 requests)" "$(field "$ssr" elapsed_ms)" "$(field "$ssr" visited)" "$(field "$ssr" stopped_at_budget)"
printf '%-44s %10s %12s %8s\n' "1,000,000-object graph" "$(field "$graph" elapsed_ms)" "$(field "$graph" visited)" "$(field "$graph" stopped_at_budget)"
echo
echo "SSR example's largest retainers:"
python3 -c '
import json, sys
r = json.loads(sys.argv[1])
for x in r["retainers"][:8]:
    print("  %-48s %-8s %8d %10d B" % (x["path"], x["kind"], x["entries"], x["bytes"]))' "$ssr"
