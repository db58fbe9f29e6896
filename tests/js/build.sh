#!/usr/bin/env bash
# Bundles the npm apps the end-to-end tests run in bext workers (src/*.js,
# src/*.jsx) into one ES module each under dist/. Safe to rerun: installs
# only when the lockfile changed, bundles only when an input is newer.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

# Tests run in parallel and each may call this: one at a time, so a first
# `npm ci` is never run twice at once.
exec 9>.build.lock
flock 9

stamp=node_modules/.bext-installed
if [[ ! -f $stamp || package-lock.json -nt $stamp ]]; then
  npm ci --no-audit --no-fund
  touch "$stamp"
fi

mkdir -p dist
for src in src/*.js src/*.jsx; do
  [[ -e $src ]] || continue
  name=$(basename "${src%.*}")
  out=dist/$name.js
  if [[ -f $out && -z $(find "$src" package-lock.json build.sh -newer "$out" -print -quit) ]]; then
    continue
  fi
  node_modules/.bin/esbuild "$src" \
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
done
