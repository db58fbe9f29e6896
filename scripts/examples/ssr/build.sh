#!/usr/bin/env bash
# Bundle src/ (Preact + JSX) into one ES module, dist/worker.js, for bextd.
# Safe to rerun: installs only when the lockfile changed, bundles only when
# an input is newer than the output.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

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
  --minify=false \
  --jsx=automatic \
  --jsx-import-source=preact \
  --define:process.env.NODE_ENV='"production"' \
  --log-level=warning \
  --outfile="$out"

echo "built: $PWD/$out ($(wc -c <"$out") bytes)"
