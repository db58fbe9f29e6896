#!/usr/bin/env bash
# Lifecycle costs, measured with release builds on this machine:
#  1. throughput with max_requests = 100 (constant rotation) against
#     max_requests = 0 (none), same run, same handler (target ratio >= 0.9),
#     for two handlers: the bundled Preact SSR example (a real page) and
#     hello (next to no work per request, so rotation is all there is);
#     each rotation's cost in machine time, next to what a ratio of 0.9
#     leaves for it and what starting any process costs here;
#  2. worker boot time, fork to ACTIVE, over 50+ boots (target median < 20 ms);
#     and on an idle machine (one worker rotated after every request);
#  3. idle worker memory: RSS and PSS (target RSS < 8 MB).
# Workers fork from a template worker (spawn = "auto"); the runs marked
# "exec" start each worker by fork+exec instead, in the same run.
#
#   scripts/bench/lifecycle.sh [DURATION_SECONDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
dur=${1:-3}
source scripts/bench/lib.sh
bench_setup

bench_init

hello=$PWD/scripts/examples/hello/worker.js
ssr=$PWD/scripts/examples/ssr/dist/worker.js
bash scripts/examples/ssr/build.sh >/dev/null
port=28183
cpus=$(nproc)
rounds=5

# Every setting gets its own daemon, all started at once and idle but for
# the one being measured, so the runs of one round follow each other within
# seconds: this machine's speed drifts by tens of percent over minutes, and
# only back-to-back runs compare.
runs="ssr:0 ssr:100 hello:0 hello:100 hello:1000 hello:100:exec"
declare -A pids ports
# start_bextd RUN PORT
start_bextd() {
  local app mr spawn
  IFS=: read -r app mr spawn <<<"$1"
  spawn=${spawn:-auto}
  local name=$app-$mr-$spawn
  cat >"$work/$name.toml" <<TOML
[server]
listen = "127.0.0.1:$2"
control_socket = "$work/$name.sock"
[render]
script = "${!app}"
jsc_workers = 2
spawn = "$spawn"
[render.lifecycle]
max_requests = $mr
TOML
  target/release/bextd --config "$work/$name.toml" --log-level info >"$work/$name.log" 2>&1 &
  pids[$1]=$!
  ports[$1]=$2
  wait_http "$2"
}
stop_all() {
  for p in "${pids[@]}"; do
    kill -TERM "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
  pids=()
}
trap 'stop_all; stop; rm -rf "$work"' EXIT

# 1. Throughput with and without rotation: $rounds rounds of every setting
#    in turn; a ratio is taken within each round and the median kept.
declare -A rps p50 p99 round_rps
n=0
for run in $runs; do
  start_bextd "$run" $((port + n))
  n=$((n + 1))
  measure "http://127.0.0.1:${ports[$run]}/" 8 1 1 >/dev/null
done
for round in $(seq "$rounds"); do
  for run in $runs; do
    read -r r a b < <(measure "http://127.0.0.1:${ports[$run]}/" 32 2 "$dur")
    rps[$run]+="$r "
    round_rps[$run.$round]=$r
    p50[$run]+="$a "
    p99[$run]+="$b "
  done
done
stop_all
median() { tr ' ' '\n' | grep -v '^$' | percentiles | awk '{ print $1 }'; }
# round_ratios A B: the per-round ratios of run A to run B
round_ratios() {
  for round in $(seq "$rounds"); do
    awk -v a="${round_rps[$1.$round]}" -v b="${round_rps[$2.$round]}" 'BEGIN { printf "%.2f ", a / b }'
  done
}
bad=$(cat "$work"/*-100-*.log | grep -c "exited unexpectedly" || true)

# 2. Boot times: the rotation runs booted a worker every ~100 requests; each
#    "worker ready" line carries boot_ms, from just before fork to ACTIVE.
boots() { grep -ho 'boot_ms="[0-9.]*"' "$work/$1.log" | tr -dc '0-9.\n' | percentiles; }
read -r boot_med boot_p99 boot_n < <(boots hello-100-auto)
read -r eboot_med eboot_p99 eboot_n < <(boots hello-100-exec)
read -r sboot_med sboot_p99 sboot_n < <(boots ssr-100-auto)
cached=$(grep -c 'modules_cached=1' "$work/ssr-100-auto.log" || true)

# 2b. Boot time on an idle machine: one worker rotated after every
#    request (max_requests = 1), requests 50 ms apart, so each boot has the
#    machine to itself; from a template, then by exec.
declare -A iboot
for spawn in auto exec; do
  cat >"$work/idle.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
control_socket = "$work/idle.sock"
[render]
script = "$hello"
jsc_workers = 1
spawn = "$spawn"
[render.lifecycle]
max_requests = 1
TOML
  target/release/bextd --config "$work/idle.toml" --log-level info >"$work/idle-$spawn.log" 2>&1 &
  pids[idle]=$!
  wait_http "$port"
  for _ in $(seq 60); do
    curl -fs "http://127.0.0.1:$port/" >/dev/null || true
    sleep 0.05
  done
  stop_all
  # The first boot also starts the template: left out.
  iboot[$spawn]=$(grep -ho 'boot_ms="[0-9.]*"' "$work/idle-$spawn.log" | tail -n +2 | tr -dc '0-9.\n' | percentiles)
done
read -r iboot_med iboot_p99 iboot_n <<<"${iboot[auto]}"
read -r xboot_med xboot_p99 xboot_n <<<"${iboot[exec]}"

# 3. Idle memory of freshly booted workers, forked and exec'd.
declare -A rss_kb pss_kb
for spawn in auto exec; do
  start_bextd "hello:0:$spawn" "$port"
  sleep 1
  for w in $(worker_pids "${pids[hello:0:$spawn]}"); do
    rss_kb[$spawn]+="$(awk '/^VmRSS:/ { print $2 }' /proc/"$w"/status) "
    pss_kb[$spawn]+="$(awk '/^Pss:/ { print $2 }' /proc/"$w"/smaps_rollup) "
  done
  stop_all
done

# The floor under any rotation: starting and reaping a process that does
# nothing at all (/bin/true), per process.
floor_us=$({ TIMEFORMAT=%R; time (for _ in $(seq 500); do /bin/true; done); } 2>&1 | awk '{ printf "%.0f", $1 / 500 * 1e6 }')

printf '\n%-34s %10s %10s %10s\n' "run" "req/s" "p50 µs" "p99 µs"
for run in $runs; do
  IFS=: read -r app mr spawn <<<"$run"
  printf '%-34s %10s %10s %10s\n' "$app max_requests = $mr${spawn:+ ($spawn)}" \
    "$(median <<<"${rps[$run]}")" "$(median <<<"${p50[$run]}")" "$(median <<<"${p99[$run]}")"
done
echo
# Per rotation (one every 100 requests per worker): the machine time it
# costs, 100 * cpus * (1/rps_rotating - 1/rps_base), and the most it may
# cost for the ratio to stay >= 0.9, 100 * cpus / rps_base / 9.
for app in ssr hello; do
  ratios=$(round_ratios "$app:100" "$app:0")
  awk -v app="$app" -v r="$(median <<<"$ratios")" -v all="$ratios" -v a="$(median <<<"${rps[$app:100]}")" -v b="$(median <<<"${rps[$app:0]}")" -v c="$cpus" 'BEGIN {
    printf "%-5s ratio max_requests 100/0: %.2f (rounds: %s; target >= 0.90); each rotation costs %.0f µs of the machine, 0.90 allows %.0f µs\n",
      app, r, all, 100 * c * (1 / a - 1 / b) * 1e6, 100 * c / b / 9 * 1e6 }'
done
ratios=$(round_ratios hello:100:exec hello:0)
echo "hello ratio max_requests 100/0 with exec instead of a template: $(median <<<"$ratios") (rounds: $ratios)"
ratios=$(round_ratios hello:1000 hello:0)
echo "hello ratio max_requests 1000/0: $(median <<<"$ratios") (rounds: $ratios)"
echo "starting and reaping /bin/true here: $floor_us µs per process"
echo "crashes during the rotation runs: $bad"
echo "worker boot, fork to ACTIVE, under load: hello median ${boot_med} ms, p99 ${boot_p99} ms over $boot_n boots (exec: median ${eboot_med} ms, p99 ${eboot_p99} ms over $eboot_n); ssr median ${sboot_med} ms, p99 ${sboot_p99} ms over $sboot_n boots, $cached of them from cached bytecode (target < 20 ms)"
echo "worker boot, fork to ACTIVE, idle machine: hello median ${iboot_med} ms, p99 ${iboot_p99} ms over $iboot_n boots; by exec: median ${xboot_med} ms, p99 ${xboot_p99} ms over $xboot_n"
echo "idle worker RSS: ${rss_kb[auto]}kB; PSS: ${pss_kb[auto]}kB; by exec: RSS ${rss_kb[exec]}kB, PSS ${pss_kb[exec]}kB"
