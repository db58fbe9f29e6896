#!/usr/bin/env bash
# Background jobs: how fast a job starts, how many short jobs go through,
# and what 20 busy jobs cost the request path, against references measured
# in the same run.
#
#   scripts/bench/jobs.sh [DURATION_SECONDS]
#
# 1. Spawn to running: 200 jobs, one after the other, each spawned from a
#    handler with the spawn time in its data; the job measures the time to
#    its run(job) (a new process, the hello, the module load). Median and
#    p99, against starting and reaping /bin/true.
# 2. 1,000 short jobs spawned at once (20 may run at a time): wall time
#    from the first spawn to the last completion, jobs per second.
# 3. HTTP p99 of a hello pool (wrk -c16) while 20 jobs each write 50
#    checkpoints a second, against no jobs, 3 interleaved rounds (target
#    ratio <= 1.2).
# Loopback only; every load is bounded in time.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
dur=${1:-5}

source scripts/bench/lib.sh
bench_setup
bench_init

mkdir -p "$work/jobs"
cat >"$work/worker.js" <<'JS'
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function handler(req) {
  const q = req.query;
  if (req.path === "/latency") {
    // One job at a time: spawn, wait for it to end, read what it measured.
    const out = [];
    for (let i = 0; i < Number(q.n); i++) {
      const id = bext.jobs.spawn("jobs/first.js", { data: { t: now() }, memory: "16MB" });
      let j;
      while (!(j = await bext.jobs.get(id)) || j.status !== "completed") await sleep(1);
      out.push(j.result.latency_ms);
    }
    return out.join("\n") + "\n";
  }
  if (req.path === "/many") {
    for (let i = 0; i < Number(q.n); i++) bext.jobs.spawn("jobs/short.js", { memory: "16MB" });
    return "ok";
  }
  if (req.path === "/busy") {
    for (let i = 0; i < Number(q.n); i++) bext.jobs.spawn("jobs/busy.js", { memory: "32MB" });
    return "ok";
  }
  return "hello";
}
JS
cat >"$work/jobs/first.js" <<'JS'
export function run(job) {
  return { latency_ms: performance.timeOrigin + performance.now() - job.data.t };
}
JS
cat >"$work/jobs/short.js" <<'JS'
export function run(job) { job.progress(1); return 1; }
JS
cat >"$work/jobs/busy.js" <<'JS'
export async function run(job) {
  let n = 0;
  const pad = "x".repeat(1024);
  while (!job.cancelled) {
    n++;
    job.checkpoint({ n, pad });
    job.progress((n % 100) / 100);
    await job.sleep(20);
  }
  return n;
}
JS
cat >"$work/bext.toml" <<TOML
[server]
listen = "127.0.0.1:38400"
control_socket = "bext.sock"
[render]
script = "worker.js"
jsc_workers = 2
request_timeout_ms = 0
[jobs]
state_file = "jobs.db"
max_running = 20
max_running_per_pool = 20
memory_budget_mb = 2048
keep_finished = 2000
TOML
target/release/bextd --config "$work/bext.toml" --log-level warn >"$work/log" 2>&1 &
pid=$!
wait_http 38400
url=http://127.0.0.1:38400

stats() { curl -fs "$url/__bext/jobs" | python3 -c 'import json,sys; s=json.load(sys.stdin)["stats"]; print(s["running"], s["queued"])'; }
wait_idle() {
  while [[ $(stats) != "0 0" ]]; do sleep 0.01; done
}

echo "== 1. spawn to running, 200 jobs one after the other"
curl -fs "$url/latency?n=20" >/dev/null # warm up
read -r med p99 n < <(curl -fs "$url/latency?n=200" | percentiles)
floor_us=$({ TIMEFORMAT=%R; time (for _ in $(seq 500); do /bin/true; done); } 2>&1 | awk '{ printf "%.0f", $1 / 500 * 1e6 }')
printf 'spawn to run(job): median %.2f ms, p99 %.2f ms over %d jobs\n' "$med" "$p99" "$n"
printf 'starting and reaping /bin/true here: %d µs; median spawn-to-running / that: %.1f\n' \
  "$floor_us" "$(awk -v m="$med" -v f="$floor_us" 'BEGIN { print m * 1000 / f }')"

echo "== 2. 1,000 short jobs spawned at once (20 at a time)"
t0=$(date +%s%N)
curl -fs "$url/many?n=1000" >/dev/null
wait_idle
t1=$(date +%s%N)
awk -v ns=$((t1 - t0)) 'BEGIN { printf "1000 jobs in %.2f s: %.0f jobs/s\n", ns / 1e9, 1000 / (ns / 1e9) }'
done_n=$(curl -fs "$url/__bext/jobs" | python3 -c 'import json,sys; print(sum(1 for j in json.load(sys.stdin)["jobs"] if j["script"].endswith("short.js") and j["status"] == "completed"))')
echo "completed: $done_n of 1000"

echo "== 3. hello p99 with 20 jobs checkpointing 50/s each, against none (wrk -c16, ${dur}s x 3)"
base=() busy=()
for round in 1 2 3; do
  read -r rps _ p99 < <(measure "$url/" 16 2 "$dur")
  base+=("$p99"); echo "round $round, no jobs:  $rps req/s, p99 $p99 µs"
  curl -fs "$url/busy?n=20" >/dev/null
  while [[ $(stats) != "20 0" ]]; do sleep 0.05; done
  read -r rps _ p99 < <(measure "$url/" 16 2 "$dur")
  busy+=("$p99"); echo "round $round, 20 jobs:  $rps req/s, p99 $p99 µs"
  for id in $(curl -fs "$url/__bext/jobs" | python3 -c 'import json,sys; print(" ".join(j["id"] for j in json.load(sys.stdin)["jobs"] if j["status"] == "running"))'); do
    target/release/bext --socket "$work/bext.sock" jobs cancel "$id" >/dev/null
  done
  wait_idle
done
med() { printf '%s\n' "$@" | percentiles | cut -d' ' -f1; }
b=$(med "${base[@]}") j=$(med "${busy[@]}")
awk -v b="$b" -v j="$j" 'BEGIN { printf "hello p99: %d µs alone, %d µs beside 20 checkpointing jobs: ratio %.2f (target <= 1.2)\n", b, j, j / b }'
ls -l "$work"/jobs.db* | awk '{ print "state file:", $5, "bytes", $9 }'
