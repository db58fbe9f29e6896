#!/usr/bin/env bash
# crypto.subtle in bext against Node's WebCrypto, in the same run on this
# machine.
#
#   scripts/bench/webcrypto.sh [ROUNDS] [SECONDS] [CONNECTIONS]
#
# 1. Operations per second, one thread each (scripts/bench/webcrypto/ops.js
#    in a bext worker and in Node): HMAC-SHA256 sign of 64 bytes, SHA-256 of
#    1 MiB, ECDSA P-256 sign and verify, Ed25519 sign, AES-256-GCM of 1 MiB,
#    RSA-2048 PKCS#1 v1.5 and PSS sign and verify, OAEP encrypt and decrypt,
#    and RSA-2048 key generation (at least 3 s of it).
#    Each round runs both; the median of the rounds and the ratio are printed.
# 2. JWT verification through `jose` (tests/js/src/jwt.js, bundled by
#    tests/js/build.sh) in a handler: requests per second for HS256, ES256,
#    RS256 and PS256 tokens, bextd against Node's cluster (scripts/bench/peers/
#    node-cluster.mjs), 2 workers each, wrk with CONNECTIONS connections,
#    rounds interleaved; medians and ratios printed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds=${1:-3}
dur=${2:-4}
conns=${3:-32}

source scripts/bench/lib.sh
if ! command -v wrk >/dev/null; then
  apt-get update && apt-get install -y wrk
fi
cargo build --release -q -p bext-supervisor -p bext-worker
if ! command -v node >/dev/null; then
  apt-get update && apt-get install -y nodejs
fi
bash tests/js/build.sh >/dev/null
bench_init_many

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# ---------------------------------------------------------- operations
cat >"$work/ops.toml" <<TOML
[server]
listen = "127.0.0.1:18390"
control_socket = "$work/ops.sock"
[render]
script = "$PWD/scripts/bench/webcrypto/worker.js"
jsc_workers = 1
request_timeout_ms = 120000
TOML
target/release/bextd --config "$work/ops.toml" --log-level warn >"$work/ops.log" 2>&1 &
pids+=($!)
wait_http 18390
echo "operations per second (one thread each), median of $rounds rounds of 1 s per operation"
for r in $(seq "$rounds"); do
  curl -fs "http://127.0.0.1:18390/?ms=1000" >"$work/bext-$r.json"
  node scripts/bench/webcrypto/node-ops.mjs 1000 >"$work/node-$r.json"
done
node -e '
  const fs = require("fs");
  const [dir, rounds] = [process.argv[1], Number(process.argv[2])];
  const read = (side) => Array.from({ length: rounds }, (_, i) => JSON.parse(fs.readFileSync(`${dir}/${side}-${i + 1}.json`)));
  const med = (xs) => xs.sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const b = read("bext"), n = read("node");
  console.log(`  ${"operation".padEnd(30)} ${"bext".padStart(9)} ${"node".padStart(9)}  bext/node`);
  for (const op of Object.keys(b[0])) {
    const x = med(b.map((r) => r[op])), y = med(n.map((r) => r[op]));
    console.log(`  ${op.padEnd(30)} ${String(x).padStart(9)} ${String(y).padStart(9)}  ${(x / y).toFixed(2)}`);
  }' "$work" "$rounds"

# ------------------------------------------------------------ JWT (jose)
jwt=$PWD/tests/js/dist/jwt.js
cat >"$work/jwt.toml" <<TOML
[server]
listen = "127.0.0.1:18391"
control_socket = "$work/jwt.sock"
[render]
script = "$jwt"
jsc_workers = 2
[render.lifecycle]
max_requests = 0
TOML
target/release/bextd --config "$work/jwt.toml" --log-level warn >"$work/jwt.log" 2>&1 &
pids+=($!)
node scripts/bench/peers/node-cluster.mjs "$jwt" 18392 2 >"$work/node-jwt.log" 2>&1 &
pids+=($!)
wait_http 18391
wait_http 18392
declare -A port=([bextd]=18391 [node]=18392)
for s in bextd node; do
  for p in hs256 es256 rs256 ps256; do measure "http://127.0.0.1:${port[$s]}/$p" 8 1 1 >/dev/null; done
done
echo "JWT verification with jose in a handler: requests/s, 2 workers each, wrk -c$conns, median of $rounds rounds of ${dur}s"
for p in hs256 es256 rs256 ps256; do
  for r in $(seq "$rounds"); do
    for s in bextd node; do
      measure "http://127.0.0.1:${port[$s]}/$p" "$conns" 2 "$dur" | awk '{ print $1 }' >>"$work/$s-$p"
    done
  done
  b=$(median <"$work/bextd-$p")
  n=$(median <"$work/node-$p")
  awk -v p="$p" -v b="$b" -v n="$n" 'BEGIN { printf "  %-6s bextd %8d  node cluster %8d  bextd/node %.2f\n", toupper(p), b, n, b / n }'
done
