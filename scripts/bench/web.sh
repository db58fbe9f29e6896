#!/usr/bin/env bash
# Web-standard handlers, measured with release builds in one run:
#  1. hello through `export default { fetch }` against the plain
#     `export function handler` (target ratio >= 0.9);
#  2. a 1 MiB binary echo: `req.bytes()` (plain handler) and
#     `request.arrayBuffer()` (fetch) against the string body of before
#     (`req.body`, lossy), in MB/s of request body;
#  3. time to first byte of React's streaming SSR page (its data 50 ms
#     late) against the same page sent whole.
#
#   scripts/bench/web.sh [DURATION_SECONDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
dur=${1:-3}
source scripts/bench/lib.sh
bench_setup
bash tests/js/build.sh >/dev/null

bench_init

port=28191
cat >"$work/plain.js" <<'JS'
export async function handler(req) {
  return "Hello, World!";
}
JS
cat >"$work/fetch.js" <<'JS'
export default {
  async fetch(request) {
    return new Response("Hello, World!");
  },
};
JS
cat >"$work/echo-plain.js" <<'JS'
export async function handler(req) {
  const headers = { "content-type": "application/octet-stream" };
  if (req.path === "/echo-string") return { status: 200, headers, body: req.body };
  return { status: 200, headers, body: await req.bytes() };
}
JS
cat >"$work/echo-fetch.js" <<'JS'
export default {
  async fetch(request) {
    return new Response(await request.arrayBuffer(), { headers: { "content-type": "application/octet-stream" } });
  },
};
JS
cat >"$work/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
control_socket = "bext.sock"
max_body_bytes = 4194304
[pools.web]
script = "$work/fetch.js"
route = "^/web/$"
jsc_workers = 2
[pools.echoweb]
script = "$work/echo-fetch.js"
route = "^/web/echo"
jsc_workers = 2
[pools.echo]
script = "$work/echo-plain.js"
route = "^/echo"
jsc_workers = 2
[pools.ssr]
script = "$PWD/tests/js/dist/react.js"
route = "^/data"
jsc_workers = 2
[render]
script = "$work/plain.js"
jsc_workers = 2
[render.lifecycle]
max_requests = 0
[pools.web.lifecycle]
max_requests = 0
TOML
target/release/bextd --config "$work/bext.toml" --log-level warn >"$work/bextd.log" 2>&1 &
pid=$!
wait_http $port
base=http://127.0.0.1:$port

# 1. hello: six rounds, each measuring both shapes back to back (in turn
#    first), so drift of the machine hits both alike; the ratio is the
#    (lower) median of the six rounds' ratios.
measure "$base/" 8 1 1 >/dev/null
measure "$base/web/" 8 1 1 >/dev/null
plain=() web=() ratios=()
for round in 1 2 3 4 5 6; do
  if (( round % 2 )); then
    read -r p _ _ < <(measure "$base/" 32 2 "$dur")
    read -r w _ _ < <(measure "$base/web/" 32 2 "$dur")
  else
    read -r w _ _ < <(measure "$base/web/" 32 2 "$dur")
    read -r p _ _ < <(measure "$base/" 32 2 "$dur")
  fi
  plain+=("$p") web+=("$w")
  ratios+=("$(awk -v w="$w" -v p="$p" 'BEGIN { printf "%.3f", w / p }')")
done
median() { printf '%s\n' "$@" | percentiles | cut -d' ' -f1; }
p_rps=$(median "${plain[@]}")
w_rps=$(median "${web[@]}")
ratio=$(median "${ratios[@]}")

# 2. 1 MiB of random bytes, echoed.
head -c 1048576 /dev/urandom >"$work/body.bin"
cat >"$work/post.lua" <<LUA
local f = io.open("$work/body.bin", "rb")
wrk.method = "POST"
wrk.body = f:read("*all")
wrk.headers["content-type"] = "application/octet-stream"
f:close()
LUA
echo_rate() {
  wrk -t2 -c4 -d"${dur}s" -s "$work/post.lua" "$1" | awk '/^Requests\/sec:/ { printf "%.1f\n", $2 }'
}
s_rps=$(echo_rate "$base/echo-string")
b_rps=$(echo_rate "$base/echo-bytes")
f_rps=$(echo_rate "$base/web/echo")
# What came back for the string body: the lossy text, re-encoded.
s_back=$(curl -s --data-binary @"$work/body.bin" -H 'content-type: application/octet-stream' "$base/echo-string" | wc -c)
b_back=$(curl -s --data-binary @"$work/body.bin" -H 'content-type: application/octet-stream' "$base/echo-bytes" | cmp -s - "$work/body.bin" && echo exact || echo DIFFERENT)

# 3. Time to first byte, streamed against buffered (the data is 50 ms late).
ttfb() {
  for _ in $(seq 40); do
    curl -s -o /dev/null -w '%{time_starttransfer}\n' "$1"
  done | awk '{ printf "%.1f\n", $1 * 1000 }' | percentiles
}
curl -s -o /dev/null "$base/data?ms=50"
read -r st_med st_p99 _ < <(ttfb "$base/data?ms=50")
read -r bu_med bu_p99 _ < <(ttfb "$base/data-buffered?ms=50")
total() {
  for _ in $(seq 40); do
    curl -s -o /dev/null -w '%{time_total}\n' "$1"
  done | awk '{ printf "%.1f\n", $1 * 1000 }' | percentiles
}
read -r st_tot _ _ < <(total "$base/data?ms=50")

printf '\nhello, 32 connections, 6 rounds of %ss per shape (req/s, median):\n' "$dur"
printf '  %-40s %10s   (rounds: %s)\n' "export function handler(req)" "$p_rps" "${plain[*]}"
printf '  %-40s %10s   (rounds: %s)\n' "export default { fetch }" "$w_rps" "${web[*]}"
printf '  ratio fetch/handler: %.2f, median of the rounds (%s) (target >= 0.90)\n' "$ratio" "${ratios[*]}"
printf '\n1 MiB binary echo, 4 connections (MiB/s of request body):\n'
printf '  %-40s %10s   (%s bytes came back)\n' "req.body (string, as before)" "$s_rps" "$s_back"
printf '  %-40s %10s   (%s)\n' "await req.bytes()" "$b_rps" "$b_back"
printf '  %-40s %10s\n' "await request.arrayBuffer() (fetch)" "$f_rps"
awk -v b="$b_rps" -v s="$s_rps" 'BEGIN { printf "  ratio bytes/string: %.2f\n", b / s }'
printf '\nReact SSR, data 50 ms late, 40 requests (ms):\n'
printf '  %-40s median %6s   p99 %6s   (whole page: median %s)\n' "streamed: time to first byte" "$st_med" "$st_p99" "$st_tot"
printf '  %-40s median %6s   p99 %6s\n' "buffered: time to first byte" "$bu_med" "$bu_p99"
