#!/usr/bin/env bash
# The response cache, in one run: requests/s of the SSR example's home page
# uncached and cacheable for 1 s (`Cache-Control: public, s-maxage=1`,
# `[render.cache]` on), against hello; then 1,000 concurrent requests for
# one cold key of a page that takes 200 ms to render, and how many times a
# worker rendered it (the requests the workers served meanwhile, from
# /__bext/workers; target 1).
#
#   scripts/bench/cache.sh [DURATION_SECONDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
dur=${1:-8}
source scripts/bench/lib.sh
bench_setup
bash scripts/examples/ssr/build.sh >/dev/null

bench_init
port=28193
cp scripts/examples/ssr/dist/worker.js "$work/ssr.js"
cp scripts/examples/hello/worker.js "$work/hello.js"
cat >"$work/cached.js" <<'JS'
import { handler as render, startup } from "./ssr.js";
export { startup };
export async function handler(req) {
  if (req.path === "/cold") {
    await new Promise((r) => setTimeout(r, 200));
    return { status: 200, headers: { "cache-control": "public, s-maxage=60" }, body: "cold" };
  }
  const r = await render(req);
  const headers = { ...(r.headers || {}), "cache-control": "public, s-maxage=1" };
  return typeof r === "string" ? { status: 200, headers, body: r } : { ...r, headers };
}
JS

# run SCRIPT [CACHE_TOML]: starts bextd with 2 workers
run() {
  printf '[server]\nlisten = "127.0.0.1:%s"\ncontrol_socket = "bext.sock"\n[render]\nscript = "%s"\njsc_workers = 2\n[render.lifecycle]\nmax_requests = 0\n%s\n' \
    "$port" "$1" "${2:-}" >"$work/bext.toml"
  target/release/bextd --config "$work/bext.toml" --log-level warn >"$work/bextd.log" 2>&1 &
  pid=$!
  wait_http $port
}

rate() {
  measure "http://127.0.0.1:$port/" 32 2 1 >/dev/null
  measure "http://127.0.0.1:$port/" 32 2 "$dur"
}

run hello.js
read -r hello_rps hello_p50 hello_p99 < <(rate)
stop
run ssr.js
read -r ssr_rps ssr_p50 ssr_p99 < <(rate)
stop
run cached.js $'[render.cache]\nmax_bytes = 67108864'
read -r cached_rps cached_p50 cached_p99 < <(rate)
hits=$(curl -fs "http://127.0.0.1:$port/metrics" | awk '/^bext_cache_hits_total/ { print $2 }')
misses=$(curl -fs "http://127.0.0.1:$port/metrics" | awk '/^bext_cache_misses_total/ { print $2 }')

# Requests the workers have served, all of them together.
served() {
  curl -fs "http://127.0.0.1:$port/__bext/workers" |
    python3 -c 'import json, sys; print(sum(w["requests_served"] for w in json.load(sys.stdin)))'
}

# 1,000 concurrent requests on a cold key: 1,000 connections opened
# first, then every request written at once.
before=$(served)
ulimit -n 8192 2>/dev/null || true
answered=$(python3 - "$port" <<'PY'
import asyncio, sys
port = int(sys.argv[1])
async def main():
    conns = [await asyncio.open_connection("127.0.0.1", port) for _ in range(1000)]
    for _, w in conns:
        w.write(b"GET /cold HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    async def read(r):
        return (await r.read()).startswith(b"HTTP/1.1 200")
    ok = await asyncio.gather(*(read(r) for r, _ in conns))
    print(sum(ok))
asyncio.run(main())
PY
)
renders=$(($(served) - before))
stop

printf '\n%-36s %10s %10s %10s %12s\n' page "req/s" "p50 µs" "p99 µs" "vs hello"
row() { printf '%-36s %10s %10s %10s %11.2fx\n' "$1" "$2" "$3" "$4" "$(awk -v a="$2" -v b="$hello_rps" 'BEGIN { print a / b }')"; }
row "hello" "$hello_rps" "$hello_p50" "$hello_p99"
row "SSR home, uncached" "$ssr_rps" "$ssr_p50" "$ssr_p99"
row "SSR home, cacheable 1 s" "$cached_rps" "$cached_p50" "$cached_p99"
echo "cacheable run: $hits hits, $misses misses"
echo "1,000 concurrent requests on a cold key: $answered answered, $renders render(s)"
