#!/usr/bin/env bash
# Streaming SSR against a whole render, in bextd and in Node, for the same
# page and the same bundle: scripts/examples/ssr-stream (React 19; a
# 120-row catalogue in the shell, two Suspense sections whose data come
# D and 2D ms late). For each server:
#   stream  GET /?ms=D       renderToReadableStream, the shell first
#   whole   GET /whole?ms=D  the data awaited, then renderToString
# bextd runs the bundle in 2 workers, Node in its cluster of 2 processes
# (the example's node.mjs: the bundle's fetch(), its body written as it
# comes). nginx serving the whole page from a file is the floor of a
# response over loopback.
#
# Each round asks every server in turn (the order rotates), N requests
# per cell on one keep-alive connection (curl), and records time to first
# byte and total time; the medians of each round are kept, and the
# ratios bextd/Node taken within the round. Then, at D = 0, requests per
# second of each shape (wrk, 16 connections), the rounds interleaved the
# same way. Prints the 1-minute load beside each round.
#
#   scripts/bench/ssr-stream.sh [ROUNDS] [N] [D_MS] [SECONDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds=${1:-3}
n=${2:-40}
delay=${3:-50}
dur=${4:-3}

source scripts/bench/lib.sh
bench_setup
command -v node >/dev/null || { apt-get update && apt-get install -y nodejs; }
command -v nginx >/dev/null || { apt-get update && apt-get install -y nginx-light; }
bash scripts/examples/ssr-stream/build.sh >/dev/null
bench_init_many

ex=$PWD/scripts/examples/ssr-stream
declare -A port=([bextd]=28301 [node]=28302 [nginx]=28303)

cat >"$work/bext.toml" <<TOML
[server]
listen = "127.0.0.1:${port[bextd]}"
control_socket = "$work/bext.sock"
[render]
script = "$ex/dist/worker.js"
jsc_workers = 2
[render.lifecycle]
max_requests = 0
TOML
target/release/bextd --config "$work/bext.toml" --log-level warn >"$work/bextd.log" 2>&1 &
pids+=($!)
node "$ex/node.mjs" serve "${port[node]}" 2 >"$work/node.log" 2>&1 &
pids+=($!)
wait_http "${port[bextd]}"
wait_http "${port[node]}"

# nginx: the whole page as a file (the same bytes), at / and /whole.
mkdir -p "$work/www"
curl -fsS "http://127.0.0.1:${port[node]}/whole?ms=0" >"$work/www/page.html"
{
  bench_nginx_head
  cat <<CONF
  server {
    listen 127.0.0.1:${port[nginx]};
    location / { root $work/www; default_type "text/html; charset=utf-8"; try_files /page.html =404; }
  }
}
CONF
} >"$work/nginx.conf"
nginx -c "$work/nginx.conf" &
pids+=($!)
wait_http "${port[nginx]}"

# The streamed page as each server sends it: the same bytes.
curl -fsS "http://127.0.0.1:${port[bextd]}/?ms=$delay" >"$work/bext.html"
curl -fsS "http://127.0.0.1:${port[node]}/?ms=$delay" >"$work/node.html"
if cmp -s "$work/bext.html" "$work/node.html"; then
  same="the same $(wc -c <"$work/bext.html") bytes"
else
  same="DIFFERENT bodies"
fi

# Warm both (Node's JIT, bextd's workers).
for s in bextd node; do
  for _ in $(seq 50); do
    curl -fsS -o /dev/null "http://127.0.0.1:${port[$s]}/?ms=0"
    curl -fsS -o /dev/null "http://127.0.0.1:${port[$s]}/whole?ms=0"
  done
done

# N requests on one connection: prints the medians "ttfb_ms total_ms".
times() {
  local url=$1 args=()
  for _ in $(seq "$n"); do args+=(-o /dev/null "$url"); done
  curl -fsS -w '%{time_starttransfer} %{time_total}\n' "${args[@]}" |
    awk '{ print $1 * 1000, $2 * 1000 }' >"$work/t"
  local t1 t2
  t1=$(cut -d' ' -f1 "$work/t" | percentiles | cut -d' ' -f1)
  t2=$(cut -d' ' -f2 "$work/t" | percentiles | cut -d' ' -f1)
  printf '%.2f %.2f\n' "$t1" "$t2"
}

cells=("bextd /" "bextd /whole" "node /" "node /whole" "nginx /whole")
declare -A ttfb total rps
loads=()
for round in $(seq "$rounds"); do
  loads+=("$(cut -d' ' -f1 /proc/loadavg)")
  k=$(( (round - 1) % ${#cells[@]} ))
  order=("${cells[@]:k}" "${cells[@]:0:k}")
  for d in 0 "$delay"; do
    for c in "${order[@]}"; do
      read -r s path <<<"$c"
      read -r a b < <(times "http://127.0.0.1:${port[$s]}$path?ms=$d")
      ttfb[$d $c]+="$a " total[$d $c]+="$b "
    done
  done
  for c in "${order[@]}"; do
    read -r s path <<<"$c"
    read -r r _ _ < <(measure "http://127.0.0.1:${port[$s]}$path?ms=0" 16 2 "$dur")
    rps[$c]+="$r "
  done
done

med() { tr ' ' '\n' | grep -v '^$' | percentiles | cut -d' ' -f1; }
# Per-round ratios A/B of an array of "v1 v2 ..." strings.
ratios() {
  paste <(tr ' ' '\n' <<<"$1" | grep -v '^$') <(tr ' ' '\n' <<<"$2" | grep -v '^$') |
    awk '{ printf "%.2f ", $1 / $2 }'
}

printf '\nssr-stream: %s rounds, %s requests per cell and round, load (1 min) by round: %s\n' \
  "$rounds" "$n" "${loads[*]}"
printf 'streamed page (D = %s ms): bextd and Node sent %s\n' "$delay" "$same"
for d in 0 "$delay"; do
  printf '\nD = %s ms (recommendations %s ms late, reviews %s ms), medians of the rounds (ms):\n' \
    "$d" "$d" "$((2 * d))"
  printf '  %-22s %10s %10s\n' "" "first byte" "total"
  for c in "${cells[@]}"; do
    printf '  %-22s %10s %10s\n' "$c" "$(med <<<"${ttfb[$d $c]}")" "$(med <<<"${total[$d $c]}")"
  done
  for what in ttfb total; do
    declare -n m=$what
    printf '  %-5s bextd/node: stream %s (rounds %s), whole %s (rounds %s)\n' "$what" \
      "$(ratios "${m[$d bextd /]}" "${m[$d node /]}" | med)" "$(ratios "${m[$d bextd /]}" "${m[$d node /]}")" \
      "$(ratios "${m[$d bextd /whole]}" "${m[$d node /whole]}" | med)" "$(ratios "${m[$d bextd /whole]}" "${m[$d node /whole]}")"
    unset -n m
  done
  printf '  first byte stream/whole: bextd %s, node %s\n' \
    "$(ratios "${ttfb[$d bextd /]}" "${ttfb[$d bextd /whole]}" | med)" \
    "$(ratios "${ttfb[$d node /]}" "${ttfb[$d node /whole]}" | med)"
done
printf '\nD = 0, wrk 16 connections %ss (req/s, median of the rounds):\n' "$dur"
for c in "${cells[@]}"; do
  printf '  %-22s %10s   (rounds %s)\n' "$c" "$(med <<<"${rps[$c]}")" "${rps[$c]}"
done
printf '  bextd/node: stream %s (rounds %s), whole %s (rounds %s); bextd/nginx whole %s\n' \
  "$(ratios "${rps[bextd /]}" "${rps[node /]}" | med)" "$(ratios "${rps[bextd /]}" "${rps[node /]}")" \
  "$(ratios "${rps[bextd /whole]}" "${rps[node /whole]}" | med)" "$(ratios "${rps[bextd /whole]}" "${rps[node /whole]}")" \
  "$(ratios "${rps[bextd /whole]}" "${rps[nginx /whole]}" | med)"
