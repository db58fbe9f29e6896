# Shared helpers for the benchmark scripts (sourced, not run).

# Installs wrk if missing and builds the release binaries (unless
# BEXT_BENCH_PREBUILT is set: target/release as it is).
bench_setup() {
  if ! command -v wrk >/dev/null; then
    apt-get update && apt-get install -y wrk
  fi
  [[ -n ${BEXT_BENCH_PREBUILT:-} ]] ||
    cargo build --release -q -p bext-supervisor -p bext-worker -p bext-bench-reference
}

# Waits until http://127.0.0.1:PORT/ answers.
wait_http() {
  local port=$1
  for _ in $(seq 200); do
    curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1 && return 0
    sleep 0.05
  done
  echo "nothing answers on port $port" >&2
  return 1
}

# An awk function: a wrk latency ("812.00us", "1.20ms", "2.01s") in µs.
WRK_US='
  function us(v) {
    if (v ~ /us$/) { sub(/us$/, "", v); return v + 0 }
    if (v ~ /ms$/) { sub(/ms$/, "", v); return v * 1000 }
    if (v ~ /s$/)  { sub(/s$/, "", v);  return v * 1000000 }
    return v
  }'

# wrk --latency on URL with CONNS connections, THREADS threads, SECS seconds;
# prints "rps p50_us p99_us".
measure() {
  local url=$1 conns=$2 threads=$3 secs=$4
  wrk -t"$threads" -c"$conns" -d"${secs}s" --latency "$url" | awk "$WRK_US"'
    /^ +50%/ { p50 = us($2) }
    /^ +99%/ { p99 = us($2) }
    /^Requests\/sec:/ { rps = $2 }
    END { printf "%.0f %.0f %.0f\n", rps, p50, p99 }'
}

# Prints the pids of the bext-worker children of PID.
worker_pids() {
  local pid=$1
  for c in $(cat /proc/"$pid"/task/*/children 2>/dev/null); do
    # A template worker is named bext-template once it runs; its title
    # says what it is from its exec on.
    [[ $(cat /proc/"$c"/comm 2>/dev/null) == bext-worker ]] || continue
    [[ $(tr '\0' ' ' </proc/"$c"/cmdline 2>/dev/null) == "bext-worker: template ("* ]] || echo "$c"
  done
}

# Median and p99 of numbers on stdin: prints "median p99 count".
percentiles() {
  sort -n | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print "0 0 0"; exit }
    m = v[int((NR + 1) / 2)]; i = int(NR * 0.99 + 0.999); if (i > NR) i = NR
    printf "%s %s %d\n", m, v[i], NR }'
}

# Makes $work, a temp folder removed on exit, and arranges for the daemon
# whose pid is in $pid to be stopped on exit.
bench_init() {
  work=$(mktemp -d)
  pid=
  trap 'stop; rm -rf "$work"' EXIT
}

# Makes $work, a temp folder removed on exit, and an array $pids of
# daemons (and other processes the script started) stopped on exit.
bench_init_many() {
  work=$(mktemp -d)
  pids=()
  trap 'for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"' EXIT
}

# Stops the daemon in $pid, if any, and waits for it.
stop() {
  if [[ -n ${pid:-} ]]; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=
  fi
}

# Prints the head of an nginx.conf for a peer run from $work (2 workers, its
# pid, logs and temp files under $work/nginx, no access log), open inside its
# `http` block: the caller prints the rest of the block and its closing `}`.
bench_nginx_head() {
  mkdir -p "$work/nginx"
  # As root, its workers would drop to nobody, who cannot read $work.
  local user=""
  [[ $EUID == 0 ]] && user="user root;"
  cat <<CONF
$user
worker_processes 2;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 1000000;
  client_body_temp_path $work/nginx;
  proxy_temp_path $work/nginx;
  fastcgi_temp_path $work/nginx;
  uwsgi_temp_path $work/nginx;
  scgi_temp_path $work/nginx;
CONF
}
