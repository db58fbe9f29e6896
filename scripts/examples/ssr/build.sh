#!/usr/bin/env bash
# Bundle src/ (Preact + JSX) into one ES module, dist/worker.js, for bextd,
# and the browser's bundle, dist/assets/client.js, for [[static]].
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

client=dist/assets/client.js
if [[ -f $out && -f $client.gz && -z $(find src package.json package-lock.json build.sh -newer "$out" -print -quit) ]]; then
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

# The browser's bundle, served by bextd itself ([[static]] in bext.toml),
# with a gzip sibling it sends to clients that accept gzip.
node_modules/.bin/esbuild src/client.jsx \
  --bundle \
  --format=esm \
  --platform=browser \
  --target=es2020 \
  --minify \
  --jsx=automatic \
  --jsx-import-source=preact \
  --log-level=warning \
  --outfile="$client"
gzip -9 -k -f "$client"

echo "built: $PWD/$out ($(wc -c <"$out") bytes), $PWD/$client ($(wc -c <"$client") bytes)"
