//! End-to-end: per-worker metrics, Prometheus, admin access, the control
//! socket and the bext CLI, logs.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt;
use std::time::Duration;

use bext_e2e::{Daemon, Load, Setup, Signal, bext, bin};

const APP: &str = r#"
export function handler(req) {
  if (req.path === "/throw") throw new Error("expected failure");
  return new Promise((r) => setTimeout(() => r("ok"), 1));
}
"#;

const POOL2: &str = "[render]\nscript = \"worker.js\"\njsc_workers = 2\n";

fn vm_rss_bytes(pid: u64) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: u64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap()
        .parse()
        .unwrap();
    kb * 1024
}

#[test]
fn worker_metrics_add_up_and_memory_is_real() {
    let d = Daemon::start(POOL2, APP);
    d.wait_workers(2);
    for _ in 0..20 {
        assert_eq!(d.get("/").status, 200);
    }
    for _ in 0..10 {
        assert_eq!(d.get("/throw").status, 500);
    }
    let w = d.workers();
    assert_eq!(w.len(), 2);
    let sum = |k: &str| w.iter().map(|x| x[k].as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum("requests_served"), 30);
    assert_eq!(sum("requests_failed"), 10);
    for x in &w {
        assert_eq!(x["pool"], "render");
        assert_eq!(x["state"], "ACTIVE");
        let pid = x["pid"].as_u64().unwrap();
        let rss = x["current_memory_bytes"].as_u64().unwrap();
        let real = vm_rss_bytes(pid);
        assert!(rss > 1024 * 1024, "RSS {rss}");
        assert!(
            rss.abs_diff(real) < real / 4,
            "reported {rss}, /proc says {real}"
        );
        assert!(x["peak_memory_bytes"].as_u64().unwrap() >= rss);
        assert!(x["js_heap_bytes"].as_u64().is_some());
        if x["requests_served"].as_u64().unwrap() > 0 {
            assert!(x["avg_render_time_ms"].as_f64().unwrap() > 0.0);
            assert!(x["last_request_at"].as_u64().unwrap() >= x["started_at"].as_u64().unwrap());
        }
        for k in [
            "id",
            "total_render_time_ms",
            "uptime_ms",
            "restarts",
            "consecutive_failures",
            "rotation_reason",
        ] {
            assert!(x.get(k).is_some(), "missing {k}: {x}");
        }
    }
}

#[test]
fn prometheus_output_parses_and_counts_requests() {
    let d = Daemon::start(POOL2, APP);
    d.wait_workers(2);
    for _ in 0..7 {
        d.get("/");
    }
    for _ in 0..3 {
        d.get("/throw");
    }
    let r = d.get("/metrics");
    assert_eq!(r.status, 200);
    let lines = r.body.lines().map(|l| Ok(l.to_string()));
    let scrape = prometheus_parse::Scrape::parse(lines).expect("valid exposition text");
    let value = |name: &str, labels: &[(&str, &str)]| -> Option<f64> {
        scrape
            .samples
            .iter()
            .find(|s| s.metric == name && labels.iter().all(|(k, v)| s.labels.get(k) == Some(*v)))
            .map(|s| match &s.value {
                prometheus_parse::Value::Counter(v)
                | prometheus_parse::Value::Gauge(v)
                | prometheus_parse::Value::Untyped(v) => *v,
                prometheus_parse::Value::Histogram(h) => h.last().map(|b| b.count).unwrap_or(0.0),
                prometheus_parse::Value::Summary(_) => f64::NAN,
            })
    };
    assert_eq!(
        value(
            "bext_requests_total",
            &[("pool", "render"), ("class", "2xx")]
        ),
        Some(7.0)
    );
    assert_eq!(
        value(
            "bext_requests_total",
            &[("pool", "render"), ("class", "5xx")]
        ),
        Some(3.0)
    );
    assert_eq!(
        value("bext_request_duration_seconds_count", &[("pool", "render")]),
        Some(10.0)
    );
    for worker in ["0", "1"] {
        let l = [("pool", "render"), ("worker", worker)];
        assert!(
            value("bext_worker_memory_bytes", &l).unwrap() > 1e6,
            "memory gauge of worker {worker}"
        );
        assert!(value("bext_worker_requests_served", &l).is_some());
        assert_eq!(
            value(
                "bext_worker_state",
                &[("pool", "render"), ("worker", worker), ("state", "ACTIVE")]
            ),
            Some(1.0)
        );
    }
    let served: f64 = ["0", "1"]
        .iter()
        .map(|w| value("bext_worker_requests_served", &[("worker", w)]).unwrap())
        .sum();
    assert_eq!(served, 10.0);
    assert!(
        r.body
            .lines()
            .all(|l| l.starts_with("# ") || l.starts_with("bext_")),
        "every metric is prefixed bext_"
    );
}

#[test]
fn admin_paths_answer_403_outside_admin_allow_and_never_reach_a_worker() {
    let d = Daemon::start(
        "[server]\nadmin_allow = [\"10.0.0.0/8\"]\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        APP,
    );
    d.wait_log("worker ready", Duration::from_secs(10));
    for path in ["/__bext/workers", "/metrics", "/__bext/anything"] {
        assert_eq!(d.get(path).status, 403, "{path}");
    }
    // Probes answer anyone, with nothing but their verdict.
    assert_eq!(d.get("/__bext/health").body, r#"{"status":"ok"}"#);
    assert_eq!(d.get("/__bext/ready").status, 200);
    assert_eq!(d.get("/").status, 200);
    let w = workers_via_cli(&d);
    assert_eq!(w.len(), 1);
    assert_eq!(
        w[0]["requests_served"], 1,
        "admin paths were not served by the worker"
    );
}

fn workers_via_cli(d: &Daemon) -> Vec<serde_json::Value> {
    let (code, out, err) = bext(d.dir.path(), &["workers", "stats", "--json"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str::<serde_json::Value>(&out)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn the_control_socket_is_0600_and_removed_on_exit() {
    let mut d = Daemon::start(POOL2, APP);
    d.wait_workers(2);
    let sock = d.dir.path().join("bext.sock");
    let mode = std::fs::metadata(&sock).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    d.signal(Signal::SIGTERM);
    assert_eq!(d.wait_exit(Duration::from_secs(15)).code(), Some(0));
    assert!(!sock.exists(), "socket removed on clean exit");
}

#[test]
fn a_stale_socket_does_not_stop_the_next_start() {
    let mut first = Daemon::start(POOL2, APP);
    first.wait_workers(2);
    // A crash leaves the socket file behind.
    first.signal(Signal::SIGKILL);
    first.wait_exit(Duration::from_secs(5));
    let sock = first.dir.path().join("bext.sock");
    assert!(sock.exists());
    let config = std::fs::read_to_string(first.dir.path().join("bext.toml")).unwrap();
    let out = std::process::Command::new(bin("bextd"))
        .arg("--check-config")
        .arg("--config")
        .arg(first.dir.path().join("bext.toml"))
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(config.contains("worker.js"));
    // Start a second daemon on the same files.
    let mut child = std::process::Command::new(bin("bextd"))
        .arg("--config")
        .arg(first.dir.path().join("bext.toml"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.starts_with("bextd listening on"), "{line}");
    let (code, out, err) = bext(first.dir.path(), &["ps"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Workers ("), "{out}");
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(child.id() as i32),
        Signal::SIGTERM,
    )
    .unwrap();
    assert!(child.wait().unwrap().success());
}

#[test]
fn bext_ps_shows_the_worker_table() {
    let d = Daemon::start(POOL2, APP);
    let pids = d.wait_workers(2);
    let (code, out, err) = bext(d.dir.path(), &["ps"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "Workers (2/2 active)");
    let header: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(
        header,
        [
            "ID", "PID", "State", "Requests", "Memory", "Uptime", "Avg", "Render"
        ]
    );
    // The table's rows, then the pool's version.
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[4].starts_with("render: version v"), "{out}");
    for (i, line) in lines[2..4].iter().enumerate() {
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cols[0], i.to_string());
        let pid: i32 = cols[1].parse().unwrap();
        assert!(pids.iter().any(|p| p.as_raw() == pid), "{line}");
        assert_eq!(cols[2], "ACTIVE");
        assert_eq!(cols[5], "MB");
    }
    // Two pools: a POOL column appears.
    let d2 = Daemon::start(
        "[pools.api]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/api\"\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        APP,
    );
    d2.wait_workers(2);
    let (_, out, _) = bext(d2.dir.path(), &["ps"]);
    assert!(out.lines().nth(1).unwrap().contains("POOL"), "{out}");
    assert!(out.contains(" api "), "{out}");
}

fn control(d: &Daemon) -> UnixStream {
    let s = UnixStream::connect(d.dir.path().join("bext.sock")).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s
}

fn read_reply(s: &UnixStream) -> serde_json::Value {
    let mut line = String::new();
    BufReader::new(s).read_line(&mut line).unwrap();
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
}

#[test]
fn bad_control_clients_get_an_error_and_do_not_block_the_daemon() {
    let d = Daemon::start(POOL2, APP);
    d.wait_workers(2);
    // Garbage gets an error reply, and the connection still works after it.
    let mut c = control(&d);
    c.write_all(b"this is not json\n").unwrap();
    let r = read_reply(&c);
    assert_eq!(r["reply"], "error");
    assert!(
        r["message"]
            .as_str()
            .unwrap()
            .contains("not a control request")
    );
    c.write_all(b"{\"cmd\":\"workers\"}\n").unwrap();
    assert_eq!(read_reply(&c)["reply"], "workers");
    // An over-long line is refused.
    let mut big = control(&d);
    let mut line = vec![b'x'; 70 * 1024];
    line.push(b'\n');
    // The daemon stops reading at the limit, answers and hangs up, so the
    // rest of the write may fail.
    let _ = big.write_all(&line);
    let r = read_reply(&big);
    assert!(
        r["message"].as_str().unwrap().contains("longer than"),
        "{r}"
    );
    // Silent clients and one that vanished mid-request do not block anything.
    let _silent: Vec<UnixStream> = (0..5).map(|_| control(&d)).collect();
    let mut vanished = control(&d);
    vanished.write_all(b"{\"cmd\":\"wor").unwrap();
    drop(vanished);
    for _ in 0..5 {
        assert_eq!(d.get("/").status, 200);
    }
    let (code, out, _) = bext(d.dir.path(), &["ps"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Workers (2/2 active)"), "{out}");
}

#[test]
fn a_client_of_another_user_is_refused() {
    let d = Daemon::start(POOL2, APP);
    d.wait_workers(2);
    if !bext_e2e::can_act_as_root("a_client_of_another_user_is_refused") {
        return;
    }
    let sock = d.dir.path().join("bext.sock");
    // Open the file mode so that only the credential check stands in the way.
    std::fs::set_permissions(&sock, std::fs::Permissions::from_mode(0o666)).unwrap();
    std::fs::set_permissions(d.dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    // The build tree may not be reachable by that user: run a copy.
    let exe = d.dir.path().join("bext");
    std::fs::copy(bin("bext"), &exe).unwrap();
    std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = std::process::Command::new(&exe)
        .args(["--socket", sock.to_str().unwrap(), "ps"])
        .uid(65534)
        .gid(65534)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("refused"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn the_cli_without_a_daemon_exits_1_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let sock = dir.path().join("bext.sock");
    let (code, out, err) = bext(dir.path(), &["--socket", sock.to_str().unwrap(), "ps"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!(
            "bext: cannot connect to bextd at {}",
            sock.display()
        )),
        "{err}"
    );
    // -c names the config whose control socket to use.
    std::fs::write(
        dir.path().join("other.toml"),
        "[server]\ncontrol_socket = \"o.sock\"\n",
    )
    .unwrap();
    let (code, _, err) = bext(dir.path(), &["-c", "other.toml", "workers", "stats"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(&dir.path().join("o.sock").display().to_string()),
        "{err}"
    );
    // A usage error exits 2, as bext(1) says.
    let (code, _, err) = bext(
        dir.path(),
        &["--socket", "x.sock", "call", "render", "{not json"],
    );
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = bext(dir.path(), &["no-such-verb"]);
    assert_eq!(code, 2);
}

#[test]
fn stray_worker_output_and_json_logs_carry_pool_worker_and_pid() {
    let wrapper = format!(
        "#!/bin/sh\necho 'hello on stdout'\necho 'hello on stderr' >&2\nexec '{}'\n",
        bin("bext-worker").display()
    );
    let d = Daemon::start_with(Setup {
        config: "[server]\nworker_bin = \"wrapper.sh\"\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[
            (
                "worker.js",
                "export function handler() { console.log('from console.log'); return 'ok'; }",
            ),
            ("wrapper.sh", &wrapper),
        ],
        args: &["--log-format", "json"],
        ..Setup::default()
    });
    let pids = d.wait_workers(1);
    assert_eq!(d.get("/").status, 200);
    d.wait_log("from console.log", Duration::from_secs(5));
    d.wait_log("hello on stderr", Duration::from_secs(5));
    let logs = d.logs();
    let find = |needle: &str| -> serde_json::Value {
        let line = logs
            .lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle}:\n{logs}"));
        serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
    };
    for needle in [
        "hello on stdout",
        "hello on stderr",
        "from console.log",
        "worker ready",
    ] {
        let v = find(needle);
        assert_eq!(v["pool"], "render", "{v}");
        assert_eq!(v["worker"], 0, "{v}");
        assert_eq!(v["pid"], pids[0].as_raw(), "{v}");
    }
    assert_eq!(find("hello on stdout")["stream"], "stdout");
}

mod restarts;
