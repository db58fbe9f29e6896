#!/usr/bin/env bash
# The module loader's costs (worker-bin/src/loader), in process (the
# worker's engine, no socket, no master):
#
# - boot of a worker whose graph is 200 packages from node_modules (each
#   its package.json with exports and an ES module), cold (resolved, read,
#   compiled, bytecode written to offer) and warm (bytecode from the cold
#   boot, as a pool's later workers get it), against the same graph bundled
#   into one file by esbuild;
# - a hello handler written in TypeScript against the same in JavaScript:
#   its boot cold and warm, and the cost of one request.
#
#   scripts/bench/modules.sh [N]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
n=${1:-50}
cargo build --release -q -p bext-worker --example boot_cost --example hello_cost
bash tests/js/build.sh >/dev/null # esbuild
bin=$PWD/target/release/examples
esbuild=$PWD/tests/js/node_modules/.bin/esbuild

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# 200 packages, each a few functions (about 1 KB).
{
  for i in $(seq 0 199); do
    echo "import { f$i } from \"pkg-$i\";"
  done
  echo "const all = [$(seq -s, -f 'f%g' 0 199)];"
  echo 'export function handler() { return String(all.reduce((s, f) => s + f(1), 0)); }'
} >"$dir/worker.js"
for i in $(seq 0 199); do
  p=$dir/node_modules/pkg-$i
  mkdir -p "$p/lib"
  printf '{"name":"pkg-%s","type":"module","exports":{".":{"import":"./lib/index.js"}}}\n' "$i" >"$p/package.json"
  cat >"$p/lib/index.js" <<JS
const table = Array.from({ length: 16 }, (_, k) => k * $i);
function scale(x) { return x * $i + table[x % 16]; }
function clamp(x, lo, hi) { return Math.min(hi, Math.max(lo, x)); }
export function f$i(x) {
  let s = 0;
  for (let k = 0; k < 4; k++) s += clamp(scale(x + k), 0, 1e9);
  return s % 1000;
}
export const name$i = "pkg-$i";
JS
done
"$esbuild" "$dir/worker.js" --bundle --format=esm --log-level=warning --outfile="$dir/bundle.js"

cat >"$dir/hello.js" <<'JS'
export function handler(req) {
  return "hello " + req.method;
}
JS
cat >"$dir/hello.ts" <<'TS'
interface Req { method: string; path: string }
enum Greeting { Hello = "hello" }
export function handler(req: Req): string {
  return Greeting.Hello + " " + req.method;
}
TS

echo "200 modules from node_modules: $("$bin/boot_cost" "$dir/worker.js" "$n" --cache)"
echo "the same bundled ($(wc -c <"$dir/bundle.js") bytes): $("$bin/boot_cost" "$dir/bundle.js" "$n" --cache)"
echo "hello.js boot: $("$bin/boot_cost" "$dir/hello.js" "$((n * 4))" --cache)"
echo "hello.ts boot: $("$bin/boot_cost" "$dir/hello.ts" "$((n * 4))" --cache)"
echo "hello.js request: $("$bin/hello_cost" "$dir/hello.js" 200000)"
echo "hello.ts request: $("$bin/hello_cost" "$dir/hello.ts" 200000)"
