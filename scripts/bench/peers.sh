#!/usr/bin/env bash
# bextd against its peers, side by side in one run on this machine: Node's
# `cluster` module (the primary forks workers that share the listening
# socket) running the same script through an adapter, for hello also the
# plain Node server (`node-plain`: the same cluster answering hello's page,
# a fixed body from `http.createServer`, the peer users compare with), and
# the in-process reference (the same QuickJS handler called by
# hyper in one process: the ceiling of any design that crosses a process
# boundary per request). Each has 2 workers and serves the same script: the
# hello example and the SSR example's bundle. For hello, `static` is the
# reference binary answering hello's page with no JS (`--static`): what the
# HTTP front alone costs here, the floor of bextd's own CPU per request.
#
#   scripts/bench/peers.sh [ROUNDS] [SECONDS] [CONNECTIONS]
#
# Rounds interleave the servers (the order rotates each round), so a slow
# moment of the machine falls on all of them; ratios are taken within each
# round and their median printed. CPU per request comes from /proc
# (utime+stime) of each process during its own run: the master (bextd, or
# Node's primary), its workers together, and the load generator (wrk).
# Loopback only; every server is stopped on exit.
#
# BEXT_PEERS_BASE=DIR adds the server `base`: DIR/bextd (with the
# bext-worker beside it), a build saved before a change, so that the change
# is measured against it in the same rounds (bextd/base ratios at the end):
#   mkdir -p /tmp/base && cp target/release/{bextd,bext-worker} /tmp/base/
#   ... change, then: BEXT_PEERS_BASE=/tmp/base BEXT_PEERS_ONLY="bextd base" \
#   BEXT_PEERS_APPS=hello scripts/bench/peers.sh 7 4
#
# BEXT_PEERS_ONLY=bextd (or node, node-plain, reference, static; several,
# space-separated)
# measures those servers alone,
# BEXT_PEERS_APPS="hello" one app, and BEXT_PEERS_OUT=FILE also writes the
# medians there ("app server req/s p99 master workers wrk", one line
# each); scripts/bench/guard.sh uses all three.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds=${1:-5}
dur=${2:-5}
conns=${3:-32}
only=${BEXT_PEERS_ONLY:-}

source scripts/bench/lib.sh
bench_setup
if ! command -v node >/dev/null; then
  apt-get update && apt-get install -y nodejs
fi
bash scripts/examples/ssr/build.sh >/dev/null
bench_init_many

hz=$(getconf CLK_TCK)
read -r -a apps <<<"${BEXT_PEERS_APPS:-hello ssr}"
declare -A script=(
  [hello]=$PWD/scripts/examples/hello/worker.js
  [ssr]=$PWD/scripts/examples/ssr/dist/worker.js
)
servers=(bextd node node-plain reference static)
base=${BEXT_PEERS_BASE:-}
[[ -n $base ]] && servers+=(base)
[[ -n $only ]] && read -r -a servers <<<"$only"

# Starts server $1 for app $2 on port $3; prints its pid.
start_server() {
  local server=$1 app=$2 port=$3
  case $server in
    bextd | base)
      local bin=target/release/bextd
      [[ $server == base ]] && bin=$base/bextd
      cat >"$work/$server-$app.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
control_socket = "$work/$server-$app.sock"
[render]
script = "${script[$app]}"
jsc_workers = 2
[render.lifecycle]
max_requests = 0
TOML
      "$bin" --config "$work/$server-$app.toml" --log-level warn >"$work/$server-$app.log" 2>&1 &
      ;;
    node)
      node scripts/bench/peers/node-cluster.mjs "${script[$app]}" "$port" 2 >"$work/$server-$app.log" 2>&1 &
      ;;
    node-plain)
      node scripts/bench/peers/node-plain.mjs "$port" 2 >"$work/$server-$app.log" 2>&1 &
      ;;
    reference)
      target/release/bext-bench-reference "${script[$app]}" "127.0.0.1:$port" 2 >"$work/$server-$app.log" 2>&1 &
      ;;
    static)
      target/release/bext-bench-reference --static "127.0.0.1:$port" 2 >"$work/$server-$app.log" 2>&1 &
      ;;
  esac
  echo $!
}

# The children of PID (a master's workers).
children() {
  cat /proc/"$1"/task/*/children 2>/dev/null | tr ' ' '\n' | grep . || true
}

# utime+stime, in clock ticks, of the given pids together.
ticks() {
  local t=0 p
  for p in "$@"; do
    t=$((t + $(awk '{ sub(/.*\) /, ""); print $12 + $13 }' /proc/"$p"/stat 2>/dev/null || echo 0)))
  done
  echo "$t"
}

declare -A pid_of port_of
port=18300
for app in "${apps[@]}"; do
  for server in "${servers[@]}"; do
    [[ ($server == static || $server == node-plain) && $app != hello ]] && continue
    port=$((port + 1))
    pid_of[$server/$app]=$(start_server "$server" "$app" "$port")
    port_of[$server/$app]=$port
    pids+=("${pid_of[$server/$app]}")
  done
done
for key in "${!port_of[@]}"; do
  wait_http "${port_of[$key]}"
  # Warm up: JIT (Node), compiled-module caches, connections.
  measure "http://127.0.0.1:${port_of[$key]}/" 8 1 1 >/dev/null
done

# One run of server/app: prints "rps p99_us master_us workers_us wrk_us"
# (CPU in µs per request).
run() {
  local key=$1 master=${pid_of[$1]} url="http://127.0.0.1:${port_of[$1]}/"
  local -a workers
  mapfile -t workers < <(children "$master")
  local m0 w0 m1 w1
  m0=$(ticks "$master")
  w0=$(ticks "${workers[@]}")
  /usr/bin/time -f "%U %S" -o "$work/wrk.time" \
    wrk -t2 -c"$conns" -d"${dur}s" --latency "$url" >"$work/wrk.out"
  m1=$(ticks "$master")
  w1=$(ticks "${workers[@]}")
  awk -v m=$((m1 - m0)) -v w=$((w1 - w0)) -v hz="$hz" -v time_file="$work/wrk.time" "$WRK_US"'
    /^ +99%/ { p99 = us($2) }
    /requests in/ { n = $1 }
    /^Requests\/sec:/ { rps = $2 }
    END {
      getline line < time_file; split(line, t, " ")
      per = 1e6 / hz / n
      printf "%.0f %.0f %.2f %.2f %.2f\n", rps, p99, m * per, w * per, (t[1] + t[2]) * 1e6 / n
    }' "$work/wrk.out"
}

echo "peers: $rounds rounds of ${dur}s per server and app, wrk -t2 -c$conns, 2 workers each"
declare -A results
for r in $(seq "$rounds"); do
  # Rotate the order each round.
  order=("${servers[@]:$((r % ${#servers[@]}))}" "${servers[@]:0:$((r % ${#servers[@]}))}")
  for app in "${apps[@]}"; do
    for server in "${order[@]}"; do
      [[ -n ${pid_of[$server/$app]:-} ]] || continue
      line=$(run "$server/$app")
      results[$server/$app/$r]=$line
      printf '  round %d %-5s %-10s %s\n' "$r" "$app" "$server" "$line"
    done
  done
done

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# Median over rounds of field F of server/app.
med() {
  local key=$1 f=$2 r
  for r in $(seq "$rounds"); do echo "${results[$key/$r]}" | awk -v f="$f" '{ print $f }'; done | median
}
# Median over rounds of the ratio of field F of two servers, per round.
ratio() {
  local a=$1 b=$2 f=$3 r
  for r in $(seq "$rounds"); do
    paste <(echo "${results[$a/$r]}") <(echo "${results[$b/$r]}") |
      awk -v f="$f" -v n="$(echo "${results[$a/$r]}" | wc -w)" '{ printf "%.3f\n", $f / $(n + f) }'
  done | median
}

echo
echo "medians over the rounds; CPU in µs per request (master: bextd or Node's primary;"
echo "the reference is one process, counted as master)"
printf '%-5s %-10s %9s %8s %8s %8s %8s %8s\n' app server "req/s" "p99 µs" master workers total wrk
for app in "${apps[@]}"; do
  for server in "${servers[@]}"; do
    k=$server/$app
    [[ -n ${pid_of[$k]:-} ]] || continue
    rps=$(med "$k" 1) p99=$(med "$k" 2) m=$(med "$k" 3) w=$(med "$k" 4) g=$(med "$k" 5)
    total=$(awk -v a="$m" -v b="$w" 'BEGIN { printf "%.2f", a + b }')
    printf '%-5s %-10s %9s %8s %8s %8s %8s %8s\n' "$app" "$server" "$rps" "$p99" "$m" "$w" "$total" "$g"
    if [[ -n ${BEXT_PEERS_OUT:-} ]]; then
      echo "$app $server $rps $p99 $m $w $g" >>"$BEXT_PEERS_OUT"
    fi
  done
done
if [[ -z $only ]]; then
  echo
  for app in "${apps[@]}"; do
    printf '%-5s bextd/node req/s %s, p99 %s; bextd/reference req/s %s\n' "$app" \
      "$(ratio "bextd/$app" "node/$app" 1)" "$(ratio "bextd/$app" "node/$app" 2)" \
      "$(ratio "bextd/$app" "reference/$app" 1)"
    if [[ -n ${pid_of[node-plain/$app]:-} ]]; then
      printf '%-5s bextd/node-plain (a fixed body from http.createServer) req/s %s, p99 %s\n' "$app" \
        "$(ratio "bextd/$app" "node-plain/$app" 1)" "$(ratio "bextd/$app" "node-plain/$app" 2)"
    fi
  done
  if [[ -n ${pid_of[static/hello]:-} ]]; then
    printf 'hello bextd CPU per request / the HTTP front alone (static): %s\n' \
      "$(ratio "bextd/hello" "static/hello" 3)"
  fi
fi
if [[ " ${servers[*]} " == *" base "* && " ${servers[*]} " == *" bextd "* ]]; then
  echo
  for app in "${apps[@]}"; do
    printf '%-5s bextd/base: req/s %s, p99 %s, bextd CPU per request %s, workers %s\n' "$app" \
      "$(ratio "bextd/$app" "base/$app" 1)" "$(ratio "bextd/$app" "base/$app" 2)" \
      "$(ratio "bextd/$app" "base/$app" 3)" "$(ratio "bextd/$app" "base/$app" 4)"
  done
fi
