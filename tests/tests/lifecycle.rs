//! End-to-end lifecycle: rotation, draining, crash backoff, hangs and
//! timeouts, rolling restarts, file-watch restarts.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bext_e2e::{Daemon, Setup, Signal, request, wait_for};

const APP: &str = r#"
const keep = [];
export function handler(req) {
  switch (req.path) {
    case "/spin": for (;;) {}
    case "/leak": keep.push(new Uint8Array(4 * 1024 * 1024).fill(7)); return `kept ${keep.length}`;
    case "/heap": { const a = []; for (;;) a.push(new Array(100000).fill(1)); }
    case "/who": return { pid: bext.worker.pid, id: bext.worker.id };
    default: return new Promise((r) => setTimeout(() => r("ok"), 2));
  }
}
"#;

/// Clients sending requests in a loop until stopped; each returns the
/// statuses it saw.
struct Load {
    stop: Arc<AtomicBool>,
    sent: Arc<AtomicUsize>,
    threads: Vec<JoinHandle<Vec<u16>>>,
}

impl Load {
    fn start(d: &Daemon, clients: usize) -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let sent = Arc::new(AtomicUsize::new(0));
        let threads = (0..clients)
            .map(|_| {
                let (stop, sent, addr) = (stop.clone(), sent.clone(), d.addr);
                std::thread::spawn(move || {
                    let mut seen = Vec::new();
                    while !stop.load(Ordering::Relaxed) {
                        seen.push(request(addr, "GET", "/", &[], b"").status);
                        sent.fetch_add(1, Ordering::Relaxed);
                    }
                    seen
                })
            })
            .collect();
        Load {
            stop,
            sent,
            threads,
        }
    }

    /// Waits until `more` requests were answered since this call.
    fn wait_answered(&self, more: usize) {
        let target = self.sent.load(Ordering::Relaxed) + more;
        wait_for(Duration::from_secs(10), "requests under load", || {
            (self.sent.load(Ordering::Relaxed) >= target).then_some(())
        });
    }

    /// Stops the clients; returns (requests sent, statuses that were not 200).
    fn finish(self) -> (usize, Vec<u16>) {
        self.stop.store(true, Ordering::Relaxed);
        let all: Vec<u16> = self
            .threads
            .into_iter()
            .flat_map(|t| t.join().unwrap())
            .collect();
        let bad = all.iter().copied().filter(|s| *s != 200).collect();
        (all.len(), bad)
    }
}

#[test]
fn max_requests_rotation_under_load_fails_no_request() {
    let mut d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\n[render.lifecycle]\nmax_requests = 30\n",
        APP,
    );
    let before = d.wait_workers(2);
    let load = Load::start(&d, 4);
    d.wait_rotated(&before, 0);
    let (sent, bad) = load.finish();
    assert!(sent > 60, "only {sent} requests");
    assert!(bad.is_empty(), "non-200 answers during rotation: {bad:?}");
    assert!(d.logs().contains("reason=requests"), "log:\n{}", d.logs());
    // Each old worker was asked to go with SIGTERM (SPEC §2), which the
    // worker reports before it drains.
    for pid in before {
        let needle = format!("pid={pid}");
        wait_for(
            Duration::from_secs(5),
            "SIGTERM for each old worker",
            || {
                d.logs()
                    .lines()
                    .any(|l| l.contains("SIGTERM: draining") && l.contains(&needle))
                    .then_some(())
            },
        );
    }
}

#[test]
fn sighup_rolls_every_worker_under_load_without_failures() {
    let mut d = Daemon::start("[render]\nscript = \"worker.js\"\njsc_workers = 3\n", APP);
    let before = d.wait_workers(3);
    let load = Load::start(&d, 4);
    load.wait_answered(50);
    d.signal(Signal::SIGHUP);
    d.wait_rotated(&before, 0);
    load.wait_answered(50);
    let (sent, bad) = load.finish();
    assert!(sent >= 100, "only {sent} requests");
    assert!(
        bad.is_empty(),
        "non-200 answers during SIGHUP: {bad:?} of {sent}"
    );
    assert!(d.logs().contains("reason=signal"), "log:\n{}", d.logs());
}

#[test]
fn a_leaking_script_stays_under_max_memory_mb() {
    let mut d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle]\nmax_memory_mb = 48\nmemory_check_interval_ms = 50\n",
        APP,
    );
    let first = d.wait_workers(1);
    let mut rotated = false;
    for _ in 0..60 {
        assert_eq!(d.get("/leak").status, 200);
        std::thread::sleep(Duration::from_millis(30));
        if !d.worker_pids().contains(&first[0]) {
            rotated = true;
            break;
        }
    }
    assert!(
        rotated,
        "the leaking worker was never rotated; log:\n{}",
        d.logs()
    );
    assert!(
        d.logs().contains("over max_memory_mb"),
        "log:\n{}",
        d.logs()
    );
    assert!(d.logs().contains("reason=memory"), "log:\n{}", d.logs());
}

#[test]
fn a_worker_frozen_with_sigstop_is_killed_by_heartbeat_and_replaced() {
    let mut d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\nheartbeat_interval_ms = 100\nheartbeat_timeout_ms = 600\n",
        APP,
    );
    let before = d.wait_workers(2);
    nix::sys::signal::kill(before[0], Signal::SIGSTOP).unwrap();
    d.wait_log("no heartbeat for 600 ms", Duration::from_secs(10));
    d.wait_rotated(&before, 1);
    for _ in 0..10 {
        assert_eq!(d.get("/").status, 200);
    }
}

#[test]
fn a_runaway_loop_answers_504_and_the_worker_keeps_serving() {
    let mut d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nrequest_timeout_ms = 300\n",
        APP,
    );
    let pids = d.wait_workers(1);
    let t0 = Instant::now();
    assert_eq!(d.get("/spin").status, 504);
    assert!(t0.elapsed() < Duration::from_secs(3));
    assert_eq!(d.get("/").status, 200);
    assert_eq!(
        d.worker_pids(),
        pids,
        "interrupted inside JS: the same worker goes on"
    );
}

#[test]
fn a_worker_stuck_outside_js_is_killed_after_the_grace_period() {
    let mut d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 2\nrequest_timeout_ms = 300\n",
        files: &[("worker.js", APP)],
        env: &[("BEXT_TEST_FAULTS", "requests")],
        ..Setup::default()
    });
    let before = d.wait_workers(2);
    let r = d.request("GET", "/", &[("x-bext-test-fault", "hang")], b"");
    assert_eq!(r.status, 504);
    d.wait_log(
        "past request_timeout_ms; killing the worker",
        Duration::from_secs(5),
    );
    d.wait_rotated(&before, 1);
}

#[test]
fn the_js_heap_limit_answers_500_and_rotates() {
    let mut d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\njs_memory_limit_mb = 32\n",
        APP,
    );
    let first = d.wait_workers(1);
    assert_eq!(d.get("/heap").status, 500);
    d.wait_rotated(&first, 0);
    assert!(
        d.logs()
            .lines()
            .any(|l| l.contains("rotating worker") && l.contains("reason=js heap limit")),
        "rotated because of the heap limit; log:\n{}",
        d.logs()
    );
    assert_eq!(d.get("/").status, 200);
}

/// The pool's status rows, from `/__bext/workers`.
fn workers(d: &Daemon) -> Vec<serde_json::Value> {
    d.get("/__bext/workers").json().as_array().unwrap().clone()
}

/// Backoff spacing and the give-up rule are unit-tested against a fake
/// clock (`pool/core/tests/recovery.rs`); here, what only real processes
/// show: a script that cannot load is restarted until the slot gives up,
/// and bextd stays up and says so.
#[test]
fn a_crash_looping_script_gives_up_and_bextd_stays_up() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle.recovery]\nmax_consecutive_failures = 4\nbackoff_initial_ms = 20\nbackoff_multiplier = 2.0\n",
        "throw new Error('cannot even load');",
    );
    d.wait_log("ALERT", Duration::from_secs(15));
    let w = &workers(&d)[0];
    assert_eq!(w["state"], "FAILED");
    assert_eq!(w["rotation_reason"], "gave up");
    assert_eq!(w["consecutive_failures"], 4);
    assert_eq!(w["restarts"], 3, "four processes in all");
    assert!(
        w["last_error"]
            .as_str()
            .is_some_and(|e| e.contains("cannot even load")),
        "{w}"
    );
    assert_eq!(d.count_log("worker spawned"), 4);
    assert_eq!(d.get("/").status, 503);
    assert_eq!(d.get("/__bext/health").status, 200);
}

#[test]
fn a_worker_that_never_handshakes_is_killed_at_the_startup_timeout() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\nstartup_timeout_ms = 300\n[render.lifecycle.recovery]\nmax_consecutive_failures = 2\n",
        files: &[("worker.js", APP)],
        env: &[("BEXT_TEST_FAULTS", "hang-handshake")],
        ..Setup::default()
    });
    d.wait_log(
        "did not boot within startup_timeout_ms",
        Duration::from_secs(10),
    );
    d.wait_log("ALERT", Duration::from_secs(10));
    assert_eq!(d.get("/").status, 503);
}

#[test]
fn uptime_rotation() {
    // 0.0003 h = 1.08 s
    let mut d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle]\nmax_uptime_hours = 0.0003\n",
        APP,
    );
    let first = d.wait_workers(1);
    d.wait_rotated(&first, 0);
    assert!(d.logs().contains("reason=uptime"), "log:\n{}", d.logs());
}

#[test]
fn a_burst_of_file_changes_gives_one_rolling_restart() {
    let mut d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 2\n[render.lifecycle]\nwatch_dirs = [\"src\"]\nwatch_debounce_ms = 300\n",
        files: &[("worker.js", APP), ("src/a.js", "1")],
        ..Setup::default()
    });
    let before = d.wait_workers(2);
    for i in 0..5 {
        std::fs::write(d.dir.path().join(format!("src/f{i}.js")), format!("{i}")).unwrap();
        std::thread::sleep(Duration::from_millis(20));
    }
    d.wait_rotated(&before, 0);
    std::thread::sleep(Duration::from_millis(800));
    assert_eq!(
        d.count_log("[bext] Workers restarted (file change: src/f"),
        1,
        "log:\n{}",
        d.logs()
    );
}

#[test]
fn a_worker_that_ignores_the_drain_is_killed_at_drain_timeout_without_counting_a_failure() {
    let mut d = Daemon::start_with(Setup {
        config: "[server]\nshutdown_timeout_ms = 5000\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle]\ndrain_timeout_ms = 300\n",
        files: &[("worker.js", APP)],
        env: &[("BEXT_TEST_FAULTS", "ignore-drain")],
        ..Setup::default()
    });
    let first = d.wait_workers(1);
    let t0 = Instant::now();
    d.signal(Signal::SIGHUP);
    d.wait_rotated(&first, 0);
    d.wait_log("did not exit in time; killing it", Duration::from_secs(5));
    assert!(
        t0.elapsed() >= Duration::from_millis(300),
        "killed before drain_timeout_ms"
    );
    assert!(
        !d.logs().contains("exited unexpectedly"),
        "a drained worker is not a failure:\n{}",
        d.logs()
    );
    assert_eq!(d.get("/").status, 200);
}

#[test]
fn the_failure_count_resets_after_healthy_reset_ms() {
    let mut d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle.recovery]\nbackoff_initial_ms = 50\nhealthy_reset_ms = 600\n",
        APP,
    );
    let mut pids = d.wait_workers(1);
    for _ in 0..2 {
        nix::sys::signal::kill(pids[0], Signal::SIGKILL).unwrap();
        pids = d.wait_rotated(&pids, 0);
    }
    assert_eq!(workers(&d)[0]["consecutive_failures"], 2);
    // Served healthy for healthy_reset_ms: the count is forgotten.
    wait_for(
        Duration::from_secs(10),
        "the failure count to reset",
        || (workers(&d)[0]["consecutive_failures"] == 0).then_some(()),
    );
    assert_eq!(d.get("/").status, 200);
}

#[test]
fn readiness_fails_once_a_pool_has_no_active_worker() {
    let mut d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle.recovery]\nmax_consecutive_failures = 1\n",
        APP,
    );
    let pids = d.wait_workers(1);
    let r = d.get("/__bext/ready");
    assert_eq!((r.status, r.json()["ready"].as_bool()), (200, Some(true)));
    nix::sys::signal::kill(pids[0], Signal::SIGKILL).unwrap();
    d.wait_log("ALERT", Duration::from_secs(10));
    let r = d.get("/__bext/ready");
    assert_eq!(r.status, 503);
    assert_eq!(
        r.json()["pools_without_active_workers"],
        serde_json::json!(["render"])
    );
    assert_eq!(d.get("/__bext/health").status, 200, "alive, if not ready");
    assert_eq!(d.get("/").status, 503);
}

#[test]
fn new_workers_reuse_compiled_modules_until_a_file_changes() {
    let mut d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[
            (
                "worker.js",
                "import { greeting } from \"./lib.js\";\nexport function handler() { return greeting; }\n",
            ),
            ("lib.js", "export const greeting = \"one\";\n"),
        ],
        ..Setup::default()
    });
    let first = d.wait_workers(1);
    assert!(d.logs().contains("modules_cached=0 modules_compiled=2"));
    assert_eq!(d.get("/").body, "one");

    d.signal(Signal::SIGHUP);
    let second = d.wait_rotated(&first, 0);
    d.wait_log(
        "modules_cached=2 modules_compiled=0",
        Duration::from_secs(5),
    );
    assert_eq!(d.get("/").body, "one");

    // Edited without any watch: the next worker must still see the new text.
    std::fs::write(
        d.dir.path().join("lib.js"),
        "export const greeting = \"two\";\n",
    )
    .unwrap();
    d.signal(Signal::SIGHUP);
    let third = d.wait_rotated(&second, 0);
    d.wait_log(
        "modules_cached=1 modules_compiled=1",
        Duration::from_secs(5),
    );
    assert_eq!(d.get("/").body, "two");

    // And the recompiled module is what the pool hands out from then on.
    d.signal(Signal::SIGHUP);
    d.wait_rotated(&third, 0);
    assert_eq!(d.get("/").body, "two");
    wait_for(Duration::from_secs(5), "a second all-cached boot", || {
        (d.count_log("modules_cached=2 modules_compiled=0") == 2).then_some(())
    });
}
