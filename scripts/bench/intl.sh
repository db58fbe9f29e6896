#!/usr/bin/env bash
# Intl in bext against Node's (V8 with ICU), in the same run on this
# machine: calls per second, one thread each, of the same code
# (scripts/bench/intl/ops.js) in a bext worker and in Node:
#   new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" })
#   .format(x) (a constructor per call), a kept formatter's format,
#   x.toLocaleString("de-DE") with and without options,
#   date.toLocaleDateString("en-US", { timeZone: "America/New_York" }), a
#   kept DateTimeFormat's format, and sorting 1,000 words by
#   a.localeCompare(b, "sv") and by a kept Collator's compare.
# Each round runs both; the median of the rounds and the ratio are printed.
# Then a worker's memory (RSS, PSS, private dirty; one pool of one worker
# forked from its template) idle, after formatting a price and a date in a
# zone, and after every Intl service once (scripts/bench/intl/weight.js).
#
#   scripts/bench/intl.sh [ROUNDS] [MILLISECONDS_PER_CALL_KIND]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds=${1:-5}
ms=${2:-1000}

source scripts/bench/lib.sh
cargo build --release -q -p bext-supervisor -p bext-worker
if ! command -v node >/dev/null; then
  apt-get update && apt-get install -y nodejs
fi
bench_init_many

cat >"$work/intl.toml" <<TOML
[server]
listen = "127.0.0.1:18393"
control_socket = "$work/intl.sock"
[render]
script = "$PWD/scripts/bench/intl/worker.js"
jsc_workers = 1
request_timeout_ms = 120000
TOML
target/release/bextd --config "$work/intl.toml" --log-level warn >"$work/intl.log" 2>&1 &
pids+=($!)
wait_http 18393
echo "Intl calls per second (one thread each; sorts per second for the sorts), median of $rounds rounds of ${ms} ms per kind"
for r in $(seq "$rounds"); do
  curl -fs "http://127.0.0.1:18393/?ms=$ms" >"$work/bext-$r.json"
  node scripts/bench/intl/node-ops.mjs "$ms" >"$work/node-$r.json"
done
node -e '
  const fs = require("fs");
  const [dir, rounds] = [process.argv[1], Number(process.argv[2])];
  const read = (side) => Array.from({ length: rounds }, (_, i) => JSON.parse(fs.readFileSync(`${dir}/${side}-${i + 1}.json`)));
  const med = (xs) => xs.sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const b = read("bext"), n = read("node");
  console.log(`  ${"call".padEnd(40)} ${"bext".padStart(9)} ${"node".padStart(9)}  bext/node`);
  for (const op of Object.keys(b[0])) {
    const x = med(b.map((r) => r[op])), y = med(n.map((r) => r[op]));
    console.log(`  ${op.padEnd(40)} ${String(x).padStart(9)} ${String(y).padStart(9)}  ${(x / y).toFixed(2)}`);
  }' "$work" "$rounds"

# ------------------------------------------------------------- weight
cat >"$work/weight.toml" <<TOML
[server]
listen = "127.0.0.1:18394"
control_socket = "$work/weight.sock"
[render]
script = "$PWD/scripts/bench/intl/weight.js"
jsc_workers = 1
TOML
target/release/bextd --config "$work/weight.toml" --log-level warn >"$work/weight.log" 2>&1 &
weight_pid=$!
pids+=("$weight_pid")
wait_http 18394
sleep 1
w=$(worker_pids "$weight_pid")
mem() { awk '/^Rss:/ { r = $2 } /^Pss:/ { p = $2 } /^Private_Dirty:/ { d = $2 } END { printf "RSS %6.1f MB  PSS %6.1f MB  private dirty %5.2f MB", r / 1024, p / 1024, d / 1024 }' /proc/"$w"/smaps_rollup; }
echo "a worker's memory (one pool of one worker, forked from its template)"
echo "  never touched Intl:                 $(mem)"
curl -fs "http://127.0.0.1:18394/intl" >/dev/null
sleep 0.5
echo "  formatted a price and a date:       $(mem)"
curl -fs "http://127.0.0.1:18394/all" >/dev/null
sleep 0.5
echo "  used every Intl service once:       $(mem)"
