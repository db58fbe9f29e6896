#!/usr/bin/env bash
# Installs the corpus's packages (tests/tests/modules.rs) from the npm
# registry, pinned by package-lock.json. Safe to rerun: installs only when
# the lockfile changed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

# Tests run in parallel and each may call this: one `npm ci` at a time.
exec 9>.build.lock
flock 9

stamp=node_modules/.bext-installed
if [[ ! -f $stamp || package-lock.json -nt $stamp ]]; then
  npm ci --no-audit --no-fund --ignore-scripts
  touch "$stamp"
fi
