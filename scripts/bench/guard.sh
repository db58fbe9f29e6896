#!/usr/bin/env bash
# Guards the request path's cost: measures bextd serving the hello example
# (2 workers, release build, scripts/bench/peers.sh) and fails when the CPU
# per request of bextd itself or of its workers is more than 15% above the
# committed baseline (scripts/bench/baseline). Run it by hand and before a
# release, on a quiet machine; it is not a timed test and CI does not run it.
#
#   scripts/bench/guard.sh            compare with the baseline
#   scripts/bench/guard.sh --record   measure and write a new baseline
#
# The baseline is this machine's: record it again on another machine (or
# after a change that is meant to cost more, saying why in its commit).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
baseline=scripts/bench/baseline
rounds=${BEXT_GUARD_ROUNDS:-5}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

BEXT_PEERS_ONLY=bextd BEXT_PEERS_APPS=hello BEXT_PEERS_OUT=$out \
  scripts/bench/peers.sh "$rounds" 4 >/dev/null
read -r _ _ rps _ master workers _ <"$out"

if [[ ${1:-} == --record ]]; then
  cat >"$baseline" <<TXT
# CPU per hello request, µs (scripts/bench/guard.sh --record, $(date -u +%F), $(nproc) CPUs)
master $master
workers $workers
TXT
  echo "recorded: bextd $master µs, workers $workers µs per request ($rps req/s)"
  exit 0
fi

fail=0
for what in master workers; do
  now=${!what}
  base=$(awk -v k="$what" '$1 == k { print $2 }' "$baseline")
  verdict=$(awk -v n="$now" -v b="$base" 'BEGIN { r = n / b; printf "%.2f %s", r, (r > 1.15 ? "REGRESSED" : "ok") }')
  printf '%-8s %6s µs per request (baseline %s): ratio %s\n' "$what" "$now" "$base" "$verdict"
  [[ $verdict == *REGRESSED ]] && fail=1
done
exit $fail
