#!/usr/bin/env bash
# Bundle src/ (React 19 + JSX) into one ES module, dist/worker.js, that
# bextd runs in its workers and node.mjs runs in Node. react-dom/server
# resolves to its web-streams build (the "worker" condition), whose
# renderToReadableStream and renderToString need no Node API.
# Safe to rerun: installs only when the lockfile changed, bundles only when
# an input is newer than the output.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

# The tests may build it from several processes at once.
mkdir -p dist
exec 9>dist/.build.lock
flock 9

out=dist/worker.js
stamp=node_modules/.bext-installed

if [[ ! -f $stamp || package-lock.json -nt $stamp ]]; then
  npm ci --no-audit --no-fund
  touch "$stamp"
fi

if [[ -f $out && -z $(find src package.json package-lock.json build.sh -newer "$out" -print -quit) ]]; then
  echo "up to date: $PWD/$out"
  exit 0
fi

node_modules/.bin/esbuild src/worker.jsx \
  --bundle \
  --format=esm \
  --platform=neutral \
  --target=es2022 \
  --main-fields=module,main \
  --conditions=worker,browser \
  --jsx=automatic \
  --define:process.env.NODE_ENV='"production"' \
  --log-level=warning \
  --outfile="$out"

echo "built: $PWD/$out ($(wc -c <"$out") bytes)"
