#!/usr/bin/env bash
# The pool queue: what bounding each worker to `worker_concurrency` requests
# (the rest wait in bextd) costs and buys, against unbounded workers, in the
# same run.
#
#   scripts/bench/queue.sh [DURATION_SECONDS]
#
# 1. hello on 2 workers, wrk -c32: req/s and p99 at worker_concurrency 1, 2, 4
#    and unbounded (medians of 3 interleaved rounds); ratio to unbounded.
# 2. a mix of 5% slow (50 ms of CPU) and 95% fast requests from 16 clients:
#    p99 of the fast ones, with each cap.
# 3. a kill storm: 4 workers, a random one SIGKILLed every 100 ms under GET
#    load: non-2xx answers per kill, with each cap.
# Loopback only; every load is bounded in time.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
dur=${1:-5}

source scripts/bench/lib.sh
bench_setup
bench_init_many

cat >"$work/worker.js" <<'JS'
export function handler(req) {
  if (req.path === "/slow") { const end = Date.now() + 50; while (Date.now() < end) {} return "slow"; }
  return "ok";
}
JS

# BENCH_CAPS: the worker_concurrency values to compare, unbounded (10000)
# last; BENCH_PARTS: which parts to run.
caps=(${BENCH_CAPS:-1 4 8 16 10000})
parts=${BENCH_PARTS:-123}
name() { [[ $1 == 10000 ]] && echo unbounded || echo "$1"; }

# start CAP WORKERS PORT: a bextd on PORT; its pid is appended to pids.
start() {
  local cap=$1 n=$2 port=$3
  mkdir -p "$work/$port"
  cat >"$work/$port/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
control_socket = "bext.sock"
[render]
script = "$work/worker.js"
jsc_workers = $n
worker_concurrency = $cap
[render.lifecycle]
max_requests = 0
TOML
  target/release/bextd --config "$work/$port/bext.toml" --log-level error >"$work/$port/log" 2>&1 &
  pids+=($!)
  wait_http "$port"
}

if [[ $parts == *1* ]]; then
echo "== 1. hello, 2 workers, wrk -c32, ${dur}s x 3 rounds"
declare -A rps p99
for i in "${!caps[@]}"; do start "${caps[$i]}" 2 $((28300 + i)); done
for round in 1 2 3; do
  for i in "${!caps[@]}"; do
    read -r r _ p < <(measure "http://127.0.0.1:$((28300 + i))/" 32 2 "$dur")
    rps[$i]+="$r "; p99[$i]+="$p "
  done
done
med() { tr ' ' '\n' | grep . | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
last=$((${#caps[@]} - 1))
base=$(echo "${rps[$last]}" | med)
printf '%-22s %10s %10s %12s\n' "worker_concurrency" "req/s" "p99 µs" "ratio"
for i in "${!caps[@]}"; do
  r=$(echo "${rps[$i]}" | med); p=$(echo "${p99[$i]}" | med)
  printf '%-22s %10s %10s %12s\n' "$(name "${caps[$i]}")" "$r" "$p" "$(awk -v a="$r" -v b="$base" 'BEGIN{printf "%.2f", a/b}')"
done
for p in "${pids[@]}"; do kill -TERM "$p"; done; wait 2>/dev/null || true; pids=()
fi

# client.py PORT SECONDS SLOW_SHARE [KILL_PID_OF]: 16 clients for SECONDS;
# prints "fast_p50_ms fast_p99_ms slow_p99_ms non2xx total kills".
cat >"$work/client.py" <<'PY'
import http.client, os, random, signal, sys, threading, time
port, secs, share = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
killer = int(sys.argv[4]) if len(sys.argv) > 4 else 0
end = time.monotonic() + secs
fast, slow, bad, total, kills = [], [], [0], [0], [0]
lock = threading.Lock()
def client(seed):
    rnd = random.Random(seed)
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.monotonic() < end:
        path = "/slow" if rnd.random() < share else "/"
        t = time.monotonic()
        try:
            c.request("GET", path); r = c.getresponse(); r.read(); st = r.status
        except Exception:
            st = 0; c.close(); c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        ms = (time.monotonic() - t) * 1000
        with lock:
            total[0] += 1
            if st != 200: bad[0] += 1
            (slow if path == "/slow" else fast).append(ms)
def storm():
    while time.monotonic() < end:
        time.sleep(0.1)
        kids = []
        for t in os.listdir(f"/proc/{killer}/task"):
            kids += open(f"/proc/{killer}/task/{t}/children").read().split()
        kids = [k for k in kids if open(f"/proc/{k}/comm").read().strip() == "bext-worker"]
        if kids:
            try: os.kill(int(random.choice(kids)), signal.SIGKILL); kills[0] += 1
            except ProcessLookupError: pass
ts = [threading.Thread(target=client, args=(i,)) for i in range(16)]
if killer: ts.append(threading.Thread(target=storm))
for t in ts: t.start()
for t in ts: t.join()
def pct(v, q):
    v = sorted(v); return v[min(len(v) - 1, int(len(v) * q))] if v else 0
print(f"{pct(fast,.5):.1f} {pct(fast,.99):.1f} {pct(slow,.99):.1f} {bad[0]} {total[0]} {kills[0]}")
PY

if [[ $parts == *2* ]]; then
echo
echo "== 2. 5% slow (50 ms CPU), 95% fast, 16 clients, 2 workers, ${dur}s"
printf '%-22s %14s %14s %14s\n' "worker_concurrency" "fast p50 ms" "fast p99 ms" "slow p99 ms"
for i in "${!caps[@]}"; do
  start "${caps[$i]}" 2 $((28310 + i))
  read -r f50 f99 s99 _ _ _ < <(python3 "$work/client.py" $((28310 + i)) "$dur" 0.05)
  printf '%-22s %14s %14s %14s\n' "$(name "${caps[$i]}")" "$f50" "$f99" "$s99"
  kill -TERM "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true
done
pids=()
fi

[[ $parts == *3* ]] || exit 0
echo
echo "== 3. kill storm: 4 workers, SIGKILL one every 100 ms, 16 GET clients, ${dur}s"
printf '%-22s %10s %10s %10s %16s\n' "worker_concurrency" "kills" "non-2xx" "requests" "non-2xx per kill"
for i in "${!caps[@]}"; do
  start "${caps[$i]}" 4 $((28320 + i))
  read -r _ _ _ bad total kills < <(python3 "$work/client.py" $((28320 + i)) "$dur" 0 "${pids[-1]}")
  printf '%-22s %10s %10s %10s %16s\n' "$(name "${caps[$i]}")" "$kills" "$bad" "$total" "$(awk -v b="$bad" -v k="$kills" 'BEGIN{printf "%.2f", k ? b/k : 0}')"
  kill -TERM "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true
done
pids=()
