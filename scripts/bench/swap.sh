#!/usr/bin/env bash
# Hot-swap against a rolling restart for the same change, on the SSR example
# with 4 workers, release builds:
#  1. time from an edit of a data file (written atomically, as deploy tools
#     do) to every worker serving the new data: with the file in the pool's
#     swap_globs (hot-swap, swap() re-imports it) and without (a rolling
#     restart), both noticed by the file watcher (watch_debounce_ms = 10);
#     and the same change applied by command instead (`bext swap` against
#     `bext workers restart`, no watcher), which times the mechanisms alone;
#     target: swap <= 1/5 of the restart's time;
#  2. request latency under load during the change against steady state,
#     same daemon, same round: p99 during the change <= 1.2x steady state
#     (no cold-start spike).
#
# The four daemons run at once, idle but for the one measured; each round
# measures steady state, then a change, for each in turn.
#
#   scripts/bench/swap.sh [ROUNDS] [SECONDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds=${1:-5}
dur=${2:-3}
source scripts/bench/lib.sh
bench_setup
bash scripts/examples/ssr/build.sh >/dev/null
bench_init_many

ssr=$PWD/scripts/examples/ssr/dist/worker.js
port=28283
declare -A ports

# The SSR example's pages, and /version: the data file's version and the
# worker's pid. swap() re-imports the data file (a query makes a fresh
# module instance); a new worker imports it at boot.
app() {
  cat <<JS
import * as ssr from "$ssr";
import first from "./data/items.json";
let data = first;
let swaps = 0;
export const startup = ssr.startup;
export function handler(req) {
  if (req.path === "/version") return { version: data.version, pid: bext.worker.pid };
  return ssr.handler(req);
}
export async function swap(changes) {
  swaps++;
  data = (await import("./data/items.json?swap=" + swaps)).default;
}
JS
}

# start MODE PORT: MODE swap (the data file is in swap_globs) or restart,
# noticed by the watcher; swap-cmd or restart-cmd, applied by a command.
start() {
  local dir=$work/$1
  mkdir -p "$dir/data"
  app >"$dir/worker.js"
  echo '{"version": 0}' >"$dir/data/items.json"
  local globs='[]' watch='["data"]'
  [[ $1 == swap ]] && globs='["data/*.json"]'
  [[ $1 == *-cmd ]] && watch='[]'
  cat >"$dir/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$2"
control_socket = "bext.sock"
[render]
script = "worker.js"
jsc_workers = 4
swap_globs = $globs
[render.lifecycle]
max_requests = 0
watch_dirs = $watch
watch_debounce_ms = 10
TOML
  target/release/bextd --config "$dir/bext.toml" --log-level info >"$dir/log" 2>&1 &
  pids+=($!)
  ports[$1]=$2
  wait_http "$2"
}

# change MODE VERSION: writes the new data (temp file, rename), runs the
# mode's command if it has one, and prints the milliseconds until every
# worker serves it: the last answer with old data (or the command's
# return, if later), once 4 ACTIVE workers
# (none booting, draining or swapping) have served only the new version
# for 300 ms.
change() {
  local cmd=""
  case $1 in
    swap-cmd) cmd="target/release/bext -c $work/$1/bext.toml swap" ;;
    restart-cmd) cmd="target/release/bext -c $work/$1/bext.toml workers restart" ;;
  esac
  python3 - "$work/$1/data/items.json" "${ports[$1]}" "$2" "$cmd" <<'PY'
import http.client, json, os, subprocess, sys, time
path, port, version, cmd = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
def get(p):
    conn.request("GET", p)
    r = conn.getresponse()
    return json.loads(r.read())
tmp = path + ".tmp"
with open(tmp, "w") as f:
    f.write(json.dumps({"version": version}))
t0 = time.monotonic()
os.rename(tmp, path)
if cmd:
    subprocess.run(cmd.split(), check=True, stdout=subprocess.DEVNULL)
# With a command, what it took counts too: the change may be done before
# it returns.
last_old = time.monotonic()
fresh_since = None
pids = set()
while time.monotonic() - t0 < 30:
    r = get("/version")
    now = time.monotonic()
    if r["version"] != version:
        last_old, fresh_since, pids = now, None, set()
        continue
    pids.add(r["pid"])
    fresh_since = fresh_since or now
    if now - fresh_since >= 0.3 and len(pids) >= 4:
        ws = get("/__bext/workers")
        if sum(w["state"] == "ACTIVE" for w in ws) == 4 and len(ws) == 4:
            print(f"{(last_old - t0) * 1000:.1f}")
            sys.exit(0)
print("timeout")
sys.exit(1)
PY
}

modes="swap restart swap-cmd restart-cmd"
n=0
for mode in $modes; do
  start "$mode" $((port + n))
  n=$((n + 1))
done
for mode in $modes; do
  measure "http://127.0.0.1:${ports[$mode]}/" 8 1 1 >/dev/null
done

declare -A took steady during failed
version=0
for round in $(seq "$rounds"); do
  for mode in $modes; do
    read -r _ _ p99 < <(measure "http://127.0.0.1:${ports[$mode]}/" 8 1 "$dur")
    steady[$mode]+="$p99 "
    version=$((version + 1))
    # The change comes half a second into a run of the same length.
    wrk -t1 -c8 -d"${dur}s" --latency "http://127.0.0.1:${ports[$mode]}/" >"$work/during" &
    load=$!
    sleep 0.5
    took[$mode]+="$(change "$mode" "$version") "
    wait "$load"
    during[$mode]+="$(awk '/^ +99%/ { v = $2
      if (v ~ /us$/) { sub(/us$/, "", v); print v + 0 }
      else if (v ~ /ms$/) { sub(/ms$/, "", v); print v * 1000 }
      else { sub(/s$/, "", v); print v * 1000000 } }' "$work/during") "
    # Failed requests: non-2xx answers and socket errors.
    failed[$mode]=$(( ${failed[$mode]:-0} + $(awk '/Non-2xx/ { n += $NF } /Socket errors/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' "$work/during") ))
  done
done

median() { tr ' ' '\n' | grep -v '^$' | percentiles | awk '{ print $1 }'; }
swaps=$(cat "$work"/swap*/log | grep -c 'swapped in place' || true)
restarted=$(grep -c 'Workers restarted' "$work/restart/log" || true)
printf '\n%-12s %22s %16s %16s %8s\n' "mode" "edit to all new (ms)" "p99 steady µs" "p99 change µs" "ratio"
for mode in $modes; do
  s=$(median <<<"${steady[$mode]}")
  d=$(median <<<"${during[$mode]}")
  printf '%-12s %22s %16s %16s %8s\n' "$mode" "$(median <<<"${took[$mode]}")" "$s" "$d" \
    "$(awk -v a="$d" -v b="$s" 'BEGIN { printf "%.2f", a / b }')"
done
echo
for mode in $modes; do
  echo "$mode: edit to all new per round (ms): ${took[$mode]}; p99 steady: ${steady[$mode]}; p99 change: ${during[$mode]}"
done
for pair in "swap restart" "swap-cmd restart-cmd"; do
  read -r a b <<<"$pair"
  awk -v n="$a/$b" -v a="$(median <<<"${took[$a]}")" -v b="$(median <<<"${took[$b]}")" 'BEGIN {
    printf "%s: swap takes %.2f of the restart'"'"'s time (target <= 0.20)\n", n, a / b }'
done
echo "workers swapped in place: $swaps (4 per change); restarts by file change: $restarted"
for mode in $modes; do
  echo "$mode: failed requests during the changes: ${failed[$mode]:-0}"
done
