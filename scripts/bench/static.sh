#!/usr/bin/env bash
# [[static]] against nginx (from Debian, `sendfile on`), side by side in one
# run on this machine: a 1 KB file's requests/s and a 100 MB file's bytes/s
# at 32 connections (wrk). bextd serves the folder from a [[static]] entry
# (its pool idle beside it); nginx serves the same folder with 2 worker
# processes, bextd with its default runtime threads. Rounds interleave the
# two (the order rotates each round) and the median of each round's ratio
# bextd/nginx is printed: the issue asks for at least 0.8 on both.
#
#   scripts/bench/static.sh [ROUNDS] [SECONDS] [CONNECTIONS]
#
# Loopback only; both servers are stopped on exit.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds=${1:-3}
dur=${2:-5}
conns=${3:-32}

source scripts/bench/lib.sh
if ! command -v wrk >/dev/null; then
  apt-get update && apt-get install -y wrk
fi
if ! command -v nginx >/dev/null; then
  apt-get update && apt-get install -y nginx-light
fi
# BEXT_BENCH_PREBUILT=1: use target/release as it is (no build first).
[[ -n ${BEXT_BENCH_PREBUILT:-} ]] || cargo build --release -q -p bext-supervisor -p bext-worker
bench_init_many

mkdir -p "$work/public"
head -c 1024 /dev/urandom >"$work/public/1k.bin"
head -c $((100 << 20)) /dev/urandom >"$work/public/100m.bin"
echo 'export default { fetch() { return new Response("pool"); } };' >"$work/worker.js"

# Starts server $1 on port $2; prints its pid.
start_server() {
  local server=$1 port=$2
  case $server in
    bextd)
      cat >"$work/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
control_socket = "$work/bext.sock"
[render]
script = "$work/worker.js"
jsc_workers = 1
[[static]]
prefix = "/"
dir = "$work/public"
TOML
      target/release/bextd --config "$work/bext.toml" --log-level warn >"$work/bextd.log" 2>&1 &
      ;;
    nginx)
      {
        bench_nginx_head
        cat <<CONF
  sendfile on;
  tcp_nopush on;
  server {
    listen 127.0.0.1:$port;
    root $work/public;
  }
}
CONF
      } >"$work/nginx.conf"
      nginx -c "$work/nginx.conf" -p "$work/nginx" >"$work/nginx/out.log" 2>&1 &
      ;;
  esac
  echo $!
}

wait_file() {
  local port=$1
  for _ in $(seq 200); do
    curl -fs -o /dev/null "http://127.0.0.1:$port/1k.bin" && return 0
    sleep 0.05
  done
  echo "nothing serves on port $port" >&2
  return 1
}

# Bytes/s of wrk on URL: its "Transfer/sec" in bytes.
transfer() {
  wrk -t2 -c"$conns" -d"${dur}s" "$1" | awk '/^Transfer\/sec:/ {
    v = $2; m = 1
    if (v ~ /GB$/) m = 1073741824; else if (v ~ /MB$/) m = 1048576; else if (v ~ /KB$/) m = 1024
    sub(/[KMG]?B$/, "", v); printf "%.0f\n", v * m }'
}

declare -A rps bps
servers=(bextd nginx)
port=18900
for ((r = 0; r < rounds; r++)); do
  for ((i = 0; i < ${#servers[@]}; i++)); do
    s=${servers[$(((i + r) % ${#servers[@]}))]}
    port=$((port + 1))
    p=$(start_server "$s" "$port")
    pids+=("$p")
    wait_file "$port"
    read -r small _ _ < <(measure "http://127.0.0.1:$port/1k.bin" "$conns" 2 "$dur")
    big=$(transfer "http://127.0.0.1:$port/100m.bin")
    rps[$s,$r]=$small
    bps[$s,$r]=$big
    printf "round %d %-6s 1 KB: %8d req/s   100 MB: %6.0f MB/s\n" "$r" "$s" "$small" "$(echo "$big / 1048576" | bc -l)"
    kill -TERM "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
done

ratio() {
  local -n table=$1
  for ((r = 0; r < rounds; r++)); do
    echo "${table[bextd,$r]} / ${table[nginx,$r]}" | bc -l
  done | percentiles | awk '{ printf "%.2f", $1 }'
}
echo "bextd/nginx, median of $rounds rounds at $conns connections:"
echo "  1 KB file, requests/s: $(ratio rps)"
echo "  100 MB file, bytes/s:  $(ratio bps)"
