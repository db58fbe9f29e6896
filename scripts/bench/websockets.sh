#!/usr/bin/env bash
# WebSockets: bextd (1 worker) against Node with ws and against Bun (one
# process each), the same echo in one run on this machine: 64-byte echo messages per second (the
# client, Node's ws, keeps INFLIGHT messages outstanding on each of CONNS
# connections) with each server's CPU per echoed message (user + system
# time over the run, bextd's and its worker's apart), and memory per idle
# open socket (RSS of each server process before and after IDLE connections
# open, divided by IDLE; IDLE is a list, "1000 5000" by default, each size
# measured on its own), with what bextd's RSS kept once they closed.
#
#   scripts/bench/websockets.sh [ROUNDS] [SECONDS] [CONNS] [INFLIGHT] [IDLE]
#
# WS_DEFLATE=1 has the clients offer permessage-deflate, and Node's server
# agree to it as bextd does (bextd without context takeover, Node's ws
# with, Bun with its default). Rounds alternate the servers; medians are
# printed. Installs the pinned ws and Bun (Bun's linux-x64 build, published on
# npm; scripts/bench/websockets/package.json) with npm. Loopback only.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds=${1:-3}
secs=${2:-5}
conns=${3:-16}
inflight=${4:-8}
idle=${5:-1000 5000}

source scripts/bench/lib.sh
bench_setup
here=$PWD/scripts/bench/websockets
(cd "$here" && npm install --no-audit --no-fund --silent)
bench_init_many
ulimit -n 65536 2>/dev/null || true

rss_kib() { awk '/^VmRSS:/ { print $2 }' /proc/"$1"/status; }
# CPU ticks (user + system) of a process.
cpu_ticks() { awk '{ print $14 + $15 }' /proc/"$1"/stat; }
tck=$(getconf CLK_TCK)

port_bextd=39301
port_node=39302
port_bun=39303
bun=$here/node_modules/@oven/bun-linux-x64/bin/bun
cat >"$work/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$port_bextd"
control_socket = "$work/bext.sock"
max_connections = 20000
[render]
script = "$here/worker.js"
jsc_workers = 1
ws_ping_interval_ms = 0
ws_idle_timeout_ms = 0
# Every socket comes from 127.0.0.1.
ws_max_client_sockets = 0
max_pool_sockets = 0
TOML
target/release/bextd --config "$work/bext.toml" >"$work/bextd.log" 2>&1 &
bextd=$!
pids+=("$bextd")
node "$here/node-server.mjs" "$port_node" >"$work/node.log" 2>&1 &
nodepid=$!
pids+=("$nodepid")
"$bun" "$here/bun-server.mjs" "$port_bun" >"$work/bun.log" 2>&1 &
bunpid=$!
pids+=("$bunpid")
for _ in $(seq 100); do
  [[ -n $(worker_pids "$bextd") ]] && grep -q listening "$work/node.log" &&
    grep -q listening "$work/bun.log" && break
  sleep 0.1
done
sleep 0.5
worker=$(worker_pids "$bextd" | head -1)

# Memory per idle socket: RSS before and after N idle connections, measured
# first, while no load has grown a heap that a GC may give back meanwhile
# (Bun's RSS fell below its start after the load rounds).
idle_cost() {
  local url=$1 n=$2
  shift 2
  local before=() after=() p
  for p in "$@"; do before+=("$(rss_kib "$p")"); done
  coproc IDLE { node "$here/load.mjs" idle "$url" "$n"; }
  read -r _ <&"${IDLE[0]}"
  sleep 1
  for p in "$@"; do after+=("$(rss_kib "$p")"); done
  exec {IDLE[1]}>&-
  wait "$IDLE_PID" 2>/dev/null || true
  local i
  for i in "${!before[@]}"; do
    awk -v a="${after[$i]}" -v b="${before[$i]}" -v n="$n" 'BEGIN { printf "%.2f ", (a - b) / n }'
  done
  # What the first process (bextd) kept once the sockets closed, in KiB
  # (bextd trims its heap a second after a burst of closes settles).
  sleep 3
  echo "$(($(rss_kib "$1") - before[0]))"
}
mem_lines=()
for n in $idle; do
  read -r mem_bextd mem_worker kept <<<"$(idle_cost "ws://127.0.0.1:$port_bextd/" "$n" "$bextd" "$worker")"
  read -r mem_node _ <<<"$(idle_cost "ws://127.0.0.1:$port_node/" "$n" "$nodepid")"
  read -r mem_bun _ <<<"$(idle_cost "ws://127.0.0.1:$port_bun/" "$n" "$bunpid")"
  mem_lines+=("$(awk -v n="$n" -v b="$mem_bextd" -v w="$mem_worker" -v o="$mem_node" -v u="$mem_bun" -v k="$kept" 'BEGIN {
    printf "  %5d sockets: bextd %.2f + its worker %.2f = %.2f; node %.2f; bun %.2f (bextd+worker/node %.2f); bextd kept %d KiB once they closed", n, b, w, b + w, o, u, (b + w) / o, k }')")
  # The sockets closed: let each server settle before the next size.
  sleep 1
done

# µs of CPU per echoed message: ticks over the whole client run (its
# warm-up too) divided by every echo it received.
us_per() { awk -v t="$1" -v m="$2" -v k="$tck" 'BEGIN { printf "%.2f", (m > 0 ? t / k * 1e6 / m : 0) }'; }
declare -A rates cpus
for round in $(seq "$rounds"); do
  for server in bextd node bun; do
    port=port_$server
    case $server in
      bextd) procs=("$bextd" "$worker") ;;
      node) procs=("$nodepid") ;;
      bun) procs=("$bunpid") ;;
    esac
    t0=()
    for p in "${procs[@]}"; do t0+=("$(cpu_ticks "$p")"); done
    read -r r all < <(node "$here/load.mjs" echo "ws://127.0.0.1:${!port}/" "$conns" "$secs" "$inflight")
    us=()
    for i in "${!procs[@]}"; do us+=("$(us_per $(($(cpu_ticks "${procs[$i]}") - t0[i])) "$all")"); done
    rates[$server]+="$r "
    cpus[$server]+="$(IFS=/; echo "${us[*]}") "
    declare "last_$server=$r"
    echo "round $round $server: $r msgs/s, CPU µs per message ${us[*]}" >&2
  done
  awk -v b="$last_bextd" -v n="$last_node" -v u="$last_bun" -v r="$round" -v l="$(cut -d' ' -f1 /proc/loadavg)" \
    'BEGIN { printf "round %d: bextd/node %.2f, bextd/bun %.2f (load %s)\n", r, b / n, b / u, l }' >&2
done

median() { tr ' ' '\n' | grep . | percentiles | cut -d' ' -f1; }
b=$(median <<<"${rates[bextd]}")
n=$(median <<<"${rates[node]}")
u=$(median <<<"${rates[bun]}")
echo
echo "64-byte echo${WS_DEFLATE:+ (permessage-deflate offered)}, $conns connections x $inflight in flight, median of $rounds x ${secs}s:"
printf "  bextd (1 worker)  %8d msgs/s\n" "$b"
printf "  node + ws         %8d msgs/s\n" "$n"
printf "  bun               %8d msgs/s\n" "$u"
awk -v b="$b" -v n="$n" -v u="$u" 'BEGIN { printf "  bextd/node        %8.2f\n  bextd/bun         %8.2f\n", b / n, b / u }'
echo "CPU µs per echoed message, each round (bextd/its worker):"
printf "  bextd             %s\n" "${cpus[bextd]}"
printf "  node + ws         %s\n" "${cpus[node]}"
printf "  bun               %s\n" "${cpus[bun]}"
echo "memory per idle socket (KiB of RSS):"
printf '%s\n' "${mem_lines[@]}"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
