//! End-to-end lifecycle: rotation, draining, crash backoff, hangs and
//! timeouts, rolling restarts, file-watch restarts.

use std::time::{Duration, Instant};

use bext_e2e::{Daemon, Load, Setup, Signal, bext, wait_for};

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

#[test]
fn max_requests_rotation_under_load_fails_no_request() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\n[render.lifecycle]\nmax_requests = 30\n",
        APP,
    );
    let before = d.wait_workers(2);
    let load = Load::get(&d, 4, "/");
    d.wait_rotated(&before, 0);
    let got = load.finish();
    assert!(got.sent() > 60, "only {} requests", got.sent());
    assert!(
        got.failed.is_empty(),
        "non-200 answers during rotation: {:?}",
        got.failed
    );
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
    let d = Daemon::start("[render]\nscript = \"worker.js\"\njsc_workers = 3\n", APP);
    let before = d.wait_workers(3);
    let load = Load::get(&d, 4, "/");
    load.wait_answered(50);
    d.signal(Signal::SIGHUP);
    d.wait_rotated(&before, 0);
    load.wait_answered(50);
    let got = load.finish();
    assert!(got.sent() >= 100, "only {} requests", got.sent());
    assert!(
        got.failed.is_empty(),
        "non-200 answers during SIGHUP: {:?} of {}",
        got.failed,
        got.sent()
    );
    assert!(d.logs().contains("reason=signal"), "log:\n{}", d.logs());
}

#[test]
fn a_leaking_script_stays_under_max_memory_mb() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle]\nmax_memory_mb = 48\nmemory_check_interval_ms = 50\n",
        APP,
    );
    let first = d.wait_workers(1)[0];
    // 4 MB more each time, up to 160 MB: far past max_memory_mb if the
    // worker is never rotated, short of hurting the machine.
    let mut leaks = 0;
    d.wait_until(
        Duration::from_secs(20),
        "the leaking worker rotated",
        || {
            if leaks < 40 {
                assert_eq!(d.get("/leak").status, 200);
                leaks += 1;
            }
            (!d.worker_pids().contains(&first)).then_some(())
        },
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
    let d = Daemon::start(
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
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nrequest_timeout_ms = 300\n",
        APP,
    );
    let pids = d.wait_workers(1);
    assert_eq!(d.get("/spin").status, 504);
    // Interrupted inside JS at the deadline (the worker says so), not
    // killed after the grace: the same worker goes on.
    d.wait_log("timed out after 300 ms", Duration::from_secs(5));
    assert_eq!(d.get("/").status, 200);
    assert_eq!(
        d.worker_pids(),
        pids,
        "interrupted inside JS: the same worker goes on"
    );
    assert_eq!(d.count_log("killing the worker"), 0, "{}", d.logs());
}

#[test]
fn a_worker_stuck_outside_js_is_killed_after_the_grace_period() {
    let d = Daemon::start_with(Setup {
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
    let d = Daemon::start(
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
    let w = &d.workers()[0];
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
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle]\nmax_uptime_hours = 0.0003\n",
        APP,
    );
    let first = d.wait_workers(1);
    d.wait_rotated(&first, 0);
    assert!(d.logs().contains("reason=uptime"), "log:\n{}", d.logs());
}

#[test]
fn a_burst_of_file_changes_gives_one_rolling_restart() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 2\n[render.lifecycle]\nwatch_dirs = [\"src\"]\nwatch_debounce_ms = 300\n",
        files: &[("worker.js", APP), ("src/a.js", "1")],
        ..Setup::default()
    });
    let before = d.wait_workers(2);
    for i in 0..5 {
        std::fs::write(d.dir.path().join(format!("src/f{i}.js")), format!("{i}")).unwrap();
    }
    d.wait_rotated(&before, 0);
    const RESTARTED: &str = "[bext] Workers restarted (file change: ";
    let restarts = || -> Vec<String> {
        let logs = d.logs();
        logs.lines()
            .filter(|l| l.contains(RESTARTED))
            .map(str::to_owned)
            .collect()
    };
    // The one restart names every file of the burst...
    let first = d.wait_until(Duration::from_secs(5), "the restart line", || {
        restarts().first().cloned()
    });
    for i in 0..5 {
        assert!(first.contains(&format!("src/f{i}.js")), "{first}");
    }
    // ...and a later change is a restart of its own, with nothing of the
    // burst left over: had the burst fired twice, a second line would name
    // its files before this one.
    std::fs::write(d.dir.path().join("src/later.js"), "later").unwrap();
    let all = d.wait_until(Duration::from_secs(10), "the second restart", || {
        let all = restarts();
        all.iter()
            .any(|l| l.contains("src/later.js"))
            .then_some(all)
    });
    assert_eq!(all.len(), 2, "{all:#?}");
    assert!(!all[1].contains("src/f"), "{all:#?}");
}

#[test]
fn a_worker_that_ignores_the_drain_is_killed_at_drain_timeout_without_counting_a_failure() {
    let d = Daemon::start_with(Setup {
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
    // The deadline itself is unit-tested on a fake clock (pool/core/tests/
    // timeouts.rs); here only the bound a loaded machine cannot break:
    // the kill came no sooner than drain_timeout_ms after the SIGHUP.
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
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle.recovery]\nbackoff_initial_ms = 50\nhealthy_reset_ms = 600\n",
        APP,
    );
    let mut pids = d.wait_workers(1);
    for _ in 0..2 {
        nix::sys::signal::kill(pids[0], Signal::SIGKILL).unwrap();
        pids = d.wait_rotated(&pids, 0);
    }
    assert_eq!(d.workers()[0]["consecutive_failures"], 2, "{}", d.logs());
    // Served healthy for healthy_reset_ms: the count is forgotten.
    wait_for(
        Duration::from_secs(10),
        "the failure count to reset",
        || (d.workers()[0]["consecutive_failures"] == 0).then_some(()),
    );
    assert_eq!(d.get("/").status, 200);
}

#[test]
fn readiness_fails_once_a_pool_has_no_active_worker() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle.recovery]\nmax_consecutive_failures = 1\n",
        APP,
    );
    d.wait_workers(1);
    // "worker ready" is logged before the pool publishes the worker as
    // ACTIVE, so readiness is waited for rather than read once.
    wait_for(Duration::from_secs(10), "the pool to be ready", || {
        let r = d.get("/__bext/ready");
        (r.status == 200 && r.json()["ready"].as_bool() == Some(true)).then_some(())
    });
    // The worker the pool itself serves from (not a process scan, which
    // could meet the template while it starts).
    let pid = d.workers()[0]["pid"].as_i64().expect("the worker's pid");
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid as i32), Signal::SIGKILL).unwrap();
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
fn rotations_reuse_the_compiled_version_and_only_a_deploy_reads_the_files() {
    let d = Daemon::start_with(Setup {
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
    d.wait_log(
        "modules_cached=0 modules_compiled=2",
        Duration::from_secs(5),
    );
    assert_eq!(d.get("/").body, "one");

    // A routine replacement starts the pool's version from its bytecode.
    let (code, _, err) = bext(d.dir.path(), &["workers", "restart"]);
    assert_eq!(code, 0, "{err}");
    let second = d.wait_rotated(&first, 0);
    d.wait_log(
        "modules_cached=2 modules_compiled=0",
        Duration::from_secs(5),
    );
    assert_eq!(d.get("/").body, "one");

    // Edited: a rotation still runs the version the pool runs...
    std::fs::write(
        d.dir.path().join("lib.js"),
        "export const greeting = \"two\";\n",
    )
    .unwrap();
    let (code, _, err) = bext(d.dir.path(), &["workers", "restart"]);
    assert_eq!(code, 0, "{err}");
    let third = d.wait_rotated(&second, 0);
    assert_eq!(d.get("/").body, "one");
    // ...and a deploy (SIGHUP) reads the files again.
    d.signal(Signal::SIGHUP);
    let fourth = d.wait_rotated(&third, 0);
    assert_eq!(d.get("/").body, "two");
    assert_eq!(d.count_log("modules_cached=0 modules_compiled=2"), 2);

    // And the new version's bytecode is what the pool hands out from then on.
    let (code, _, err) = bext(d.dir.path(), &["workers", "restart"]);
    assert_eq!(code, 0, "{err}");
    d.wait_rotated(&fourth, 0);
    assert_eq!(d.get("/").body, "two");
    wait_for(Duration::from_secs(5), "a second all-cached boot", || {
        (d.count_log("modules_cached=2 modules_compiled=0") == 3).then_some(())
    });
}
