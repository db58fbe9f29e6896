#!/usr/bin/env bash
# WebAssembly in bext against Node's (V8), in the same run on this machine:
# SHA-256 over 1 MiB by a wasm kernel (scripts/bench/wasm/sha256.wasm,
# built from kernel/ by build-kernel.sh) in a bext worker and in Node, and
# by the same algorithm in plain JavaScript (sha256.js) in both, through
# the same code (scripts/bench/wasm/ops.js); MiB per second, one thread
# each. The bext worker imports the kernel as a module (`import module
# from "./sha256.wasm"`). Each round runs both sides; the median of the
# rounds and the ratios are printed, with every round's wasm ratio.
# Then a worker's memory (RSS, PSS, private dirty; one pool of one worker)
# before it touches wasm and after it compiled and ran the kernel once
# (scripts/bench/wasm/weight.js), and the boot of a pool whose worker
# compiles the kernel, cold (the first worker) and from the compiled code
# the pool keeps (a restarted worker: `modules_cached` in its log line).
#
#   scripts/bench/wasm.sh [ROUNDS] [MILLISECONDS_PER_KERNEL]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds=${1:-5}
ms=${2:-1000}

source scripts/bench/lib.sh
[[ -n ${BEXT_BENCH_PREBUILT:-} ]] || cargo build --release -q -p bext-supervisor -p bext-worker
if ! command -v node >/dev/null; then
  apt-get update && apt-get install -y nodejs
fi
bench_init_many
dir="$PWD/scripts/bench/wasm"

cat >"$work/wasm.toml" <<TOML
[server]
listen = "127.0.0.1:18395"
control_socket = "$work/wasm.sock"
[render]
script = "$dir/worker.js"
jsc_workers = 1
request_timeout_ms = 120000
TOML
target/release/bextd --config "$work/wasm.toml" --log-level info >"$work/wasm.log" 2>&1 &
pids+=($!)
wait_http 18395
echo "SHA-256 over 1 MiB, MiB/s (one thread each), median of $rounds rounds of ${ms} ms per kernel; load: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
  curl -fs "http://127.0.0.1:18395/?ms=$ms" >"$work/bext-$r.json"
  node "$dir/node-ops.mjs" "$ms" >"$work/node-$r.json"
done
node -e '
  const fs = require("fs");
  const [dir, rounds] = [process.argv[1], Number(process.argv[2])];
  const read = (side) => Array.from({ length: rounds }, (_, i) => JSON.parse(fs.readFileSync(`${dir}/${side}-${i + 1}.json`)));
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const b = read("bext"), n = read("node");
  if (b.some((r) => r.digest !== n[0].digest)) throw new Error("the digests differ");
  console.log(`  ${"".padEnd(26)} ${"bext".padStart(9)} ${"node".padStart(9)}  bext/node`);
  for (const k of ["wasm MiB/s", "js MiB/s", "compile+instantiate ms"]) {
    const x = med(b.map((r) => r[k])), y = med(n.map((r) => r[k]));
    console.log(`  ${k.padEnd(26)} ${String(x).padStart(9)} ${String(y).padStart(9)}  ${(x / y).toFixed(2)}`);
  }
  const bw = med(b.map((r) => r["wasm MiB/s"])), bj = med(b.map((r) => r["js MiB/s"]));
  console.log(`  wasm in bext / its JS in bext: ${(bw / bj).toFixed(1)}x`);
  console.log(`  wasm bext/node by round: ${b.map((r, i) => (r["wasm MiB/s"] / n[i]["wasm MiB/s"]).toFixed(2)).join(" ")}`);
' "$work" "$rounds"

# ------------------------------------------------------------- compiled once
# The worker above compiled the kernel at boot; a restarted one loads it.
target/release/bext --socket "$work/wasm.sock" workers restart >/dev/null
for _ in $(seq 200); do
  [[ $(grep -c "modules_cached" "$work/wasm.log") -ge 2 ]] && break
  sleep 0.05
done
echo "worker boots (the pool's log line: modules loaded from the pool's compiled code / compiled):"
grep -o "modules_cached=[0-9]* modules_compiled=[0-9]*" "$work/wasm.log" | sed 's/^/  /'

# ------------------------------------------------------------- weight
cat >"$work/weight.toml" <<TOML
[server]
listen = "127.0.0.1:18396"
control_socket = "$work/weight.sock"
[render]
script = "$dir/weight.js"
jsc_workers = 1
TOML
target/release/bextd --config "$work/weight.toml" --log-level warn >"$work/weight.log" 2>&1 &
weight_pid=$!
pids+=("$weight_pid")
wait_http 18396
sleep 1
w=$(worker_pids "$weight_pid")
mem() { awk '/^Rss:/ { r = $2 } /^Pss:/ { p = $2 } /^Private_Dirty:/ { d = $2 } END { printf "RSS %6.1f MB  PSS %6.1f MB  private dirty %5.2f MB", r / 1024, p / 1024, d / 1024 }' /proc/"$w"/smaps_rollup; }
echo "a worker's memory (one pool of one worker)"
echo "  never touched wasm:                 $(mem)"
curl -fs "http://127.0.0.1:18396/load" >/dev/null
sleep 0.5
echo "  compiled and ran the kernel once:   $(mem)"
echo "bext-worker: $(stat -c %s target/release/bext-worker) bytes"
