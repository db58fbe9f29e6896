#!/usr/bin/env bash
# The cost of traces on the hello example: bextd with tracing off, on at
# 1 % (parentbased_traceidratio, ratio 0.01) and on at 100 %, side by side
# in one run, exporting to a local OTLP receiver (tests/otlp/receiver.py
# --quiet, which decodes every export with opentelemetry-proto and keeps
# nothing).
#
#   scripts/bench/tracing.sh [ROUNDS] [SECONDS] [CONNECTIONS]
#
# BENCH_PROFILE=debug measures the debug build instead (no release build;
# the figures are larger, the comparison between the rows still holds).
#
# With BASE_BIN=DIR (a directory holding a bextd and bext-worker built
# without traces, e.g. from the commit before them), a fourth server runs
# that build with no [tracing] section, and the end prints off / base: what
# tracing off costs against a build that has no tracer at all.
#
# Rounds interleave the three (the order rotates each round), so a slow
# moment of the machine falls on all of them. CPU per request comes from
# /proc (utime+stime) of bextd and of its 2 workers during each run; the
# receiver's CPU is printed apart (it shares the machine). The spans
# exported and dropped are bextd's own counters at the end.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds=${1:-5}
dur=${2:-5}
conns=${3:-32}

source scripts/bench/lib.sh
if ! command -v wrk >/dev/null; then
  apt-get update && apt-get install -y wrk
fi
profile=${BENCH_PROFILE:-release}
if [[ $profile == release ]]; then
  cargo build --release -q -p bext-supervisor -p bext-worker
else
  cargo build -q -p bext-supervisor -p bext-worker --bins
fi
if ! target/py/bin/python -c 'import opentelemetry.proto' 2>/dev/null; then
  python3 -m venv target/py
  target/py/bin/pip install -q opentelemetry-proto==1.45.2
fi
bench_init_many
hz=$(getconf CLK_TCK)

target/py/bin/python -u tests/otlp/receiver.py --quiet >"$work/receiver.out" &
receiver=$!
pids+=("$receiver")
for _ in $(seq 100); do
  [[ -s $work/receiver.out ]] && break
  sleep 0.05
done
rport=$(awk '/^listening/ { print $2 }' "$work/receiver.out")

declare -A tracing=(
  # The variable below would turn it on where `enabled` is unset.
  [off]=$'[tracing]\nenabled = false'
  [1pct]=$'[tracing]\nenabled = true\nratio = 0.01'
  [100pct]=$'[tracing]\nenabled = true\nratio = 1.0'
)
servers=(off 1pct 100pct)
declare -A bin_of=([off]=target/$profile [1pct]=target/$profile [100pct]=target/$profile)
if [[ -n ${BASE_BIN:-} ]]; then
  servers+=(base)
  tracing[base]=""
  bin_of[base]=$BASE_BIN
fi
declare -A pid_of port_of
port=18400
for s in "${servers[@]}"; do
  port=$((port + 1))
  cat >"$work/$s.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
control_socket = "$work/$s.sock"
[render]
script = "$PWD/scripts/examples/hello/worker.js"
jsc_workers = 2
[render.lifecycle]
max_requests = 0
${tracing[$s]}
TOML
  OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$rport" OTEL_BSP_SCHEDULE_DELAY=200 \
    "${bin_of[$s]}/bextd" --config "$work/$s.toml" --log-level warn >"$work/$s.log" 2>&1 &
  pid_of[$s]=$!
  port_of[$s]=$port
  pids+=("$!")
done
for s in "${servers[@]}"; do
  wait_http "${port_of[$s]}"
  measure "http://127.0.0.1:${port_of[$s]}/" 8 1 1 >/dev/null
done

children() { cat /proc/"$1"/task/*/children 2>/dev/null | tr ' ' '\n' | grep . || true; }
ticks() {
  local t=0 p
  for p in "$@"; do
    t=$((t + $(awk '{ sub(/.*\) /, ""); print $12 + $13 }' /proc/"$p"/stat 2>/dev/null || echo 0)))
  done
  echo "$t"
}

# One run: prints "rps p99_us bextd_us workers_us receiver_us" (CPU per request).
run() {
  local s=$1 master=${pid_of[$1]} url="http://127.0.0.1:${port_of[$1]}/"
  local -a workers
  mapfile -t workers < <(children "$master")
  local m0 w0 r0 m1 w1 r1
  m0=$(ticks "$master") w0=$(ticks "${workers[@]}") r0=$(ticks "$receiver")
  wrk -t2 -c"$conns" -d"${dur}s" --latency "$url" >"$work/wrk.out"
  m1=$(ticks "$master") w1=$(ticks "${workers[@]}") r1=$(ticks "$receiver")
  awk -v m=$((m1 - m0)) -v w=$((w1 - w0)) -v r=$((r1 - r0)) -v hz="$hz" "$WRK_US"'
    /^ +99%/ { p99 = us($2) }
    /requests in/ { n = $1 }
    /^Requests\/sec:/ { rps = $2 }
    END { per = 1e6 / hz / n; printf "%.0f %.0f %.2f %.2f %.2f\n", rps, p99, m * per, w * per, r * per }' "$work/wrk.out"
}

echo "tracing: $rounds rounds of ${dur}s each, wrk -t2 -c$conns, hello, 2 workers"
declare -A results
for r in $(seq "$rounds"); do
  k=$((r % ${#servers[@]}))
  order=("${servers[@]:$k}" "${servers[@]:0:$k}")
  for s in "${order[@]}"; do
    results[$s/$r]=$(run "$s")
    printf '  round %d %-7s %s\n' "$r" "$s" "${results[$s/$r]}"
  done
done

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
med() {
  local r
  for r in $(seq "$rounds"); do echo "${results[$1/$r]}" | awk -v f="$2" '{ print $f }'; done | median
}
counter() {
  curl -fs "http://127.0.0.1:${port_of[$1]}/metrics" | awk -v n="$2" '$1 == n { print $2 }'
}
# The median over the rounds of off's figure divided by base's, per round
# (both ran back to back in each round, so a slow moment falls on both).
ratio() {
  local r
  for r in $(seq "$rounds"); do
    paste <(echo "${results[off/$r]}") <(echo "${results[base/$r]}") |
      awk -v f="$1" -v n="$(echo "${results[off/$r]}" | wc -w)" '{ printf "%.4f\n", $f / $(f + n) }'
  done | median
}
echo
echo "medians over the rounds; CPU in µs per request"
printf '%-7s %9s %8s %8s %8s %9s %10s %9s\n' tracing "req/s" "p99 µs" bextd workers receiver exported dropped
for s in "${servers[@]}"; do
  printf '%-7s %9s %8s %8s %8s %9s %10s %9s\n' "$s" "$(med "$s" 1)" "$(med "$s" 2)" \
    "$(med "$s" 3)" "$(med "$s" 4)" "$(med "$s" 5)" \
    "$(counter "$s" bext_trace_spans_exported_total)" "$(counter "$s" bext_trace_spans_dropped_total)"
done
if [[ -n ${BASE_BIN:-} ]]; then
  echo
  echo "off / base (median of the per-round ratios): req/s $(ratio 1), bextd CPU $(ratio 3), workers CPU $(ratio 4)"
fi
