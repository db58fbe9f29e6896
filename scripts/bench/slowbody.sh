#!/usr/bin/env bash
# Slow request bodies (the slow-POST attack) against a bextd: opens N
# connections to 127.0.0.1 that each send a request head with
# `Content-Length: 100`, two bytes of body, then nothing; then reports
# bextd's resident memory with them open, whether a new client is still
# served, and how many of them bextd has closed after a while.
#
#   scripts/bench/slowbody.sh [N] [BINDIR] [WAVES]
#
# N: slow connections (default 4000). BINDIR: where bextd and bext-worker
# are (default target/debug; another checkout's build to compare). The
# config raises max_connections to fit N and leaves every other key at its
# default, so the same file runs builds that predate body_timeout_ms.
# WAVES (default 1): open the N connections that many times, one wave
# after the other (the earlier waves' connections stay open if bextd
# keeps them). Prints one line per wave: n rss_kib_before rss_kib_open
# served_ms closed_after_s closed rss_kib_after.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
n=${1:-4000}
bindir=$(realpath "${2:-target/debug}")
waves=${3:-1}
# Each slow connection is a descriptor here and one in bextd.
ulimit -n "$(ulimit -Hn)"
dir=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$dir/worker.js" <<'JS'
export function handler(req) { return "ok " + req.body.length; }
JS
cat >"$dir/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
control_socket = "bext.sock"
max_connections = $((n * waves + 200))

[render]
script = "worker.js"
jsc_workers = 1
TOML
"$bindir/bextd" --config "$dir/bext.toml" >"$dir/log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 200); do
  curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1 && break
  sleep 0.05
done

python3 - "$n" "$port" "$pid" "$waves" <<'PY'
import socket, sys, time

n, port, pid, waves = (int(a) for a in sys.argv[1:5])

def rss_kib():
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])

def closed(s):
    try:
        while True:
            b = s.recv(65536)
            if not b:
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True

def wave(kept):
    before = rss_kib()
    slow = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nab")
        s.setblocking(False)
        slow.append(s)
    kept.extend(slow)
    time.sleep(2)
    open_rss = rss_kib()
    # A new client, with the slow ones open.
    t0 = time.monotonic()
    c = socket.create_connection(("127.0.0.1", port), timeout=30)
    c.sendall(b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi")
    answer = c.recv(100)
    served_ms = (time.monotonic() - t0) * 1000 if answer.startswith(b"HTTP/1.1 200") else -1
    c.close()
    # The default body_timeout_ms is 10 s: look 15 s after they were opened.
    wait = 15
    time.sleep(max(0, wait - 2 - served_ms / 1000))
    gone = sum(closed(s) for s in slow)
    time.sleep(1)
    print(n, before, open_rss, round(served_ms), wait, gone, rss_kib(), flush=True)

kept = []
for _ in range(waves):
    wave(kept)
PY
