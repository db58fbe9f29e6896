#!/usr/bin/env bash
# The status page's cost at 256 workers of a tiny script, in one run:
# bextd's CPU over 20 s with nobody watching, then with 4 clients following
# /__bext/events (target: under 2% of a core more); the page's weight in
# bytes (HTML at 256 workers + app.js + app.css; target under 60 KB for the
# page itself); the history's memory (/__bext/history memory_bytes and
# events_bytes) and bextd's RSS.
#
#   scripts/bench/status.sh [WORKERS] [SECONDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source scripts/bench/lib.sh
cargo build --release -q -p bext-supervisor -p bext-worker
n=${1:-256}
secs=${2:-20}

bench_init
echo 'export const handler = () => "ok";' >"$work/worker.js"
port=28185
hz=$(getconf CLK_TCK)
cat >"$work/bext.toml" <<TOML
[server]
listen = "127.0.0.1:$port"
control_socket = "bext.sock"
[render]
script = "worker.js"
jsc_workers = $n
TOML
target/release/bextd --config "$work/bext.toml" --log-level warn >"$work/bextd.log" 2>&1 &
pid=$!
wait_http $port
for _ in $(seq 600); do
  active=$(curl -fs "http://127.0.0.1:$port/__bext/workers" | grep -o '"state":"ACTIVE"' | wc -l)
  [[ $active -ge $n ]] && break
  sleep 0.1
done
sleep 3 # let boot-time work settle

cpu_ticks() { awk '{ print $14 + $15 }' /proc/"$1"/stat; }
# cpu_pct SECONDS: bextd's CPU over that long, in % of one core.
cpu_pct() {
  local c0 c1
  c0=$(cpu_ticks "$pid")
  sleep "$1"
  c1=$(cpu_ticks "$pid")
  awk -v a="$c0" -v b="$c1" -v hz="$hz" -v s="$1" 'BEGIN { printf "%.2f", (b - a) / hz / s * 100 }'
}

idle=$(cpu_pct "$secs")
watchers=()
for _ in 1 2 3 4; do
  curl -fsN "http://127.0.0.1:$port/__bext/events" >"$work/stream.$RANDOM" &
  watchers+=($!)
done
sleep 2
watched=$(cpu_pct "$secs")
streamed=$(cat "$work"/stream.* | wc -c)
for w in "${watchers[@]}"; do kill "$w" 2>/dev/null || true; done
wait "${watchers[@]}" 2>/dev/null || true

html=$(curl -fs "http://127.0.0.1:$port/__bext/" | wc -c)
js=$(curl -fs "http://127.0.0.1:$port/__bext/app.js" | wc -c)
css=$(curl -fs "http://127.0.0.1:$port/__bext/app.css" | wc -c)
gz=$(curl -fs "http://127.0.0.1:$port/__bext/" | gzip -9 | wc -c)
hist=$(curl -fs "http://127.0.0.1:$port/__bext/history?last=0")
mem=$(grep -o '"memory_bytes":[0-9]*' <<<"$hist" | cut -d: -f2)
ev=$(grep -o '"events_bytes":[0-9]*' <<<"$hist" | cut -d: -f2)
rss=$(awk '/VmRSS/ { print $2 }' /proc/"$pid"/status)
full=$(curl -fs "http://127.0.0.1:$port/__bext/history?res=1s&last=120" | wc -c)

echo "workers: $n"
echo "bextd CPU, nobody watching:      $idle % of a core (over ${secs}s)"
echo "bextd CPU, 4 clients watching:   $watched % of a core (over ${secs}s)"
awk -v a="$idle" -v b="$watched" 'BEGIN { printf "difference:                      %.2f %% of a core\n", b - a }'
echo "stream bytes sent to 4 clients:  $streamed (over ${secs}s, $((streamed / 4 / secs)) B/s each)"
echo "page: HTML $html B (gzip -9: $gz B), app.js $js B, app.css $css B, total $((html + js + css)) B"
echo "history: series $mem B, events $ev B; /__bext/history of the last 120 s: $full B"
echo "bextd RSS: $rss kB"
