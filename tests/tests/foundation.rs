//! End-to-end: bextd and real QuickJS workers, real HTTP, real signals.

use std::time::Duration;

use bext_e2e::{Daemon, Setup, Signal, exists, request, run_bextd, wait_for};

const POOL2: &str = "[render]\nscript = \"worker.js\"\njsc_workers = 2\n";

const APP: &str = r#"
export function handler(req) {
  switch (req.path) {
    case "/echo":
      return {
        status: 201,
        headers: { "x-method": req.method, "x-seen": req.headers["x-custom"] || "", "content-type": "text/plain" },
        body: `${req.method} ${req.url} q=${req.query.q} body=${req.body}`,
      };
    case "/json":
      return { answer: 42, list: [1, 2] };
    case "/promise":
      return new Promise((resolve) => setTimeout(() => resolve("later"), 10));
    case "/throw":
      throw new Error("kaboom from the handler");
    case "/who":
      return { worker: bext.worker.id, pid: bext.worker.pid };
    case "/slow":
      console.log("slow request started");
      return new Promise((resolve) => setTimeout(() => resolve("slow done"), 1500));
    default:
      return "hello";
  }
}
"#;

#[test]
fn get_and_post_keep_status_headers_and_body() {
    let d = Daemon::start(POOL2, APP);
    d.wait_workers(2);
    let r = d.request("GET", "/echo?q=1", &[("x-custom", "abc")], b"");
    assert_eq!(r.status, 201);
    assert_eq!(r.header("x-method"), Some("GET"));
    assert_eq!(r.header("x-seen"), Some("abc"));
    assert_eq!(r.body, "GET /echo?q=1 q=1 body=");
    let r = d.request(
        "POST",
        "/echo?q=2",
        &[("content-type", "text/plain")],
        b"payload \xe2\x9c\x93",
    );
    assert_eq!(r.status, 201);
    assert_eq!(r.header("x-method"), Some("POST"));
    assert_eq!(r.body, "POST /echo?q=2 q=2 body=payload ✓");
}

#[test]
fn json_and_promise_answers() {
    let d = Daemon::start(POOL2, APP);
    d.wait_workers(2);
    let r = d.get("/json");
    assert_eq!(
        (r.status, r.header("content-type")),
        (200, Some("application/json"))
    );
    assert_eq!(r.json(), serde_json::json!({"answer": 42, "list": [1, 2]}));
    let r = d.get("/promise");
    assert_eq!((r.status, r.body.as_str()), (200, "later"));
    assert_eq!(r.header("content-type"), Some("text/plain; charset=utf-8"));
}

#[test]
fn a_throw_answers_500_and_logs_the_message_and_stack() {
    let d = Daemon::start(POOL2, APP);
    d.wait_workers(2);
    let r = d.get("/throw");
    assert_eq!(r.status, 500);
    assert!(
        !r.body.contains("kaboom"),
        "the error is not leaked to the client: {}",
        r.body
    );
    d.wait_log("Error: kaboom from the handler", Duration::from_secs(5));
    assert!(
        d.logs().contains("handler ("),
        "stack is logged:\n{}",
        d.logs()
    );
    // The worker survives its handler's error.
    assert_eq!(d.get("/").status, 200);
}

#[test]
fn requests_spread_across_workers() {
    let d = Daemon::start("[render]\nscript = \"worker.js\"\njsc_workers = 3\n", APP);
    let pids = d.wait_workers(3);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..60 {
        seen.insert(d.get("/who").json()["worker"].as_u64().unwrap());
    }
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        vec![0, 1, 2],
        "workers {pids:?}"
    );
}

#[test]
fn a_killed_worker_is_replaced_and_the_pool_keeps_answering() {
    let d = Daemon::start(POOL2, APP);
    let before = d.wait_workers(2);
    nix::sys::signal::kill(before[0], Signal::SIGKILL).unwrap();
    let after = d.wait_rotated(&before, 1);
    assert!(after.contains(&before[1]), "the other worker is untouched");
    d.wait_log("worker exited unexpectedly", Duration::from_secs(5));
    for _ in 0..20 {
        assert_eq!(d.get("/").status, 200);
    }
}

#[test]
fn sigterm_finishes_the_request_in_flight_and_exits_0() {
    let mut d = Daemon::start(POOL2, APP);
    let workers = d.wait_workers(2);
    let addr = d.addr;
    let slow = std::thread::spawn(move || request(addr, "GET", "/slow", &[], b""));
    d.wait_log("slow request started", Duration::from_secs(5));
    d.signal(Signal::SIGTERM);
    let r = slow.join().unwrap();
    assert_eq!((r.status, r.body.as_str()), (200, "slow done"));
    let status = d.wait_exit(Duration::from_secs(15));
    assert_eq!(status.code(), Some(0), "log:\n{}", d.logs());
    for w in workers {
        assert!(!exists(w), "worker {w} is still alive after bextd exited");
    }
    d.wait_log("bextd stopped", Duration::from_secs(5));
}

#[test]
fn sigquit_stops_at_once() {
    let mut d = Daemon::start(POOL2, APP);
    let workers = d.wait_workers(2);
    d.signal(Signal::SIGQUIT);
    let status = d.wait_exit(Duration::from_secs(10));
    assert_eq!(status.code(), Some(0));
    for w in workers {
        wait_for(Duration::from_secs(5), "the worker to be gone", || {
            (!exists(w)).then_some(())
        });
    }
}

#[test]
fn garbage_from_a_worker_kills_that_worker_only() {
    let d = Daemon::start_with(Setup {
        config: POOL2,
        files: &[("worker.js", APP)],
        env: &[("BEXT_TEST_FAULTS", "requests")],
        ..Setup::default()
    });
    let before = d.wait_workers(2);
    // POST: not sent again to another worker.
    let r = d.request("POST", "/", &[("x-bext-test-fault", "garbage-frame")], b"");
    assert_eq!(r.status, 502);
    d.wait_log("broke the protocol", Duration::from_secs(15));
    let after = d.wait_rotated(&before, 1);
    assert_eq!(after.len(), 2);
    for _ in 0..10 {
        assert_eq!(d.get("/").status, 200);
    }
    // An absurd length prefix is refused without allocating it.
    let r = d.request(
        "POST",
        "/",
        &[("x-bext-test-fault", "oversized-frame")],
        b"",
    );
    assert_eq!(r.status, 502);
    d.wait_log("exceeds the", Duration::from_secs(15));
    assert_eq!(d.get("/").status, 200);
    // Both exits are put down to the protocol error, not to a crash.
    wait_for(Duration::from_secs(5), "two protocol-error exits", || {
        (d.count_log("exited unexpectedly: protocol error") == 2).then_some(())
    });
}

#[test]
fn a_worker_crash_mid_post_answers_502_to_that_request_only() {
    let d = Daemon::start_with(Setup {
        config: POOL2,
        files: &[("worker.js", APP)],
        env: &[("BEXT_TEST_FAULTS", "requests")],
        ..Setup::default()
    });
    d.wait_workers(2);
    // A POST is not idempotent: it is not sent again.
    let r = d.request("POST", "/", &[("x-bext-test-fault", "crash")], b"");
    assert_eq!(r.status, 502);
    assert_eq!(d.get("/").status, 200);
}

#[test]
fn oversized_bodies_get_413() {
    let d = Daemon::start(
        "[server]\nmax_body_bytes = 1024\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        APP,
    );
    d.wait_workers(1);
    let r = d.request("POST", "/echo", &[], &[b'x'; 2048]);
    assert_eq!(r.status, 413);
    let r = d.request("POST", "/echo", &[], &[b'x'; 1000]);
    assert_eq!(r.status, 201);
}

#[test]
fn unrouted_paths_get_404_and_health_answers() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/app\"\n",
        APP,
    );
    d.wait_workers(1);
    assert_eq!(d.get("/elsewhere").status, 404);
    assert_eq!(d.get("/app").status, 200);
    let h = d.get("/__bext/health");
    assert_eq!(h.status, 200);
    assert_eq!(h.json()["status"], "ok");
}

#[test]
fn a_script_that_fails_to_load_is_logged_with_its_error_and_nothing_is_served() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle.recovery]\nmax_consecutive_failures = 2\nbackoff_initial_ms = 10\n",
        "throw new Error('broken at load time');",
    );
    d.wait_log("broken at load time", Duration::from_secs(10));
    d.wait_log("ALERT", Duration::from_secs(10));
    assert_eq!(d.get("/").status, 503);
    assert!(d.worker_pids().is_empty());
}

/// Starting bextd with `config`, and checking it with `--check-config`,
/// both exit 78 with each of `want` on stderr.
fn bad_config(config: &str, want: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("worker.js"), APP).unwrap();
    std::fs::write(dir.path().join("bext.toml"), config).unwrap();
    for args in [
        &["--config", "bext.toml"][..],
        &["--check-config", "--config", "bext.toml"],
    ] {
        let (code, _, stderr) = run_bextd(args, dir.path());
        assert_eq!(code, 78, "{args:?}: stderr: {stderr}");
        for w in want {
            assert!(
                stderr.contains(w),
                "{args:?}: stderr lacks {w:?}:\n{stderr}"
            );
        }
    }
}

#[test]
fn bad_configs_exit_78_naming_the_problem() {
    bad_config(
        "[render]\nscript = \"worker.js\"\njsc_wrkers = 2\n",
        &["bext.toml:3", "jsc_wrkers", "unknown key"],
    );
    bad_config(
        "[render]\nscript = \"worker.js\"\njsc_workers = \"two\"\n",
        &[
            "bext.toml:3: render.jsc_workers = \"two\": must be a whole number of workers from 1 to 4096, or \"auto\"",
        ],
    );
    bad_config(
        "[render]\nscript = \"nope.js\"\n",
        &["bext.toml:2", "render.script = \"nope.js\"", "no such file"],
    );
    bad_config(
        "[render]\nscript = \"worker.js\"\njsc_workers = 0\n",
        &["bext.toml:3", "render.jsc_workers = 0", "from 1 to 4096"],
    );
    bad_config(
        "[render]\nscript = \"worker.js\"\nheartbeat_interval_ms = 2000\nheartbeat_timeout_ms = 1000\n",
        &[
            "bext.toml:4",
            "render.heartbeat_timeout_ms",
            "must be greater than heartbeat_interval_ms (2000)",
        ],
    );
    // Wider than TOML's 64 bits: out of range like any other value.
    bad_config(
        "[render]\nscript = \"worker.js\"\n[render.lifecycle]\nmax_requests = 99999999999999999999\n",
        &[
            "bext.toml:4: render.lifecycle.max_requests = 99999999999999999999: must be a whole number of requests from 0 to 1000000000000",
        ],
    );
    let dir = tempfile::tempdir().unwrap();
    let (code, _, stderr) = run_bextd(&["--config", "missing.toml"], dir.path());
    assert_eq!(code, 78);
    assert!(
        stderr.contains("missing.toml") && stderr.contains("cannot read"),
        "{stderr}"
    );
}

#[test]
fn check_config_prints_the_effective_settings_as_a_valid_config() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("worker.js"), APP).unwrap();
    std::fs::write(
        dir.path().join("bext.toml"),
        "[pools.api]\nscript = \"worker.js\"\nroute = \"^/api/\"\n[render]\nscript = \"worker.js\"\njsc_workers = 3\n",
    )
    .unwrap();
    let (code, stdout, _) = run_bextd(&["--check-config", "--config", "bext.toml"], dir.path());
    assert_eq!(code, 0);
    assert!(stdout.contains("max_requests = 10000"), "{stdout}");
    assert!(stdout.contains("min_workers = 3"), "{stdout}");
    // Fed back in, the printed settings are valid and print the same.
    std::fs::write(dir.path().join("effective.toml"), &stdout).unwrap();
    let (code, again, err) = run_bextd(
        &["--check-config", "--config", "effective.toml"],
        dir.path(),
    );
    assert_eq!(code, 0, "{err}\n{stdout}");
    let body = |s: &str| s.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&again), body(&stdout));
}

#[test]
fn one_run_reports_every_problem_of_the_file() {
    bad_config(
        "[server]\nlisten = 3000\ncontrol_sockett = \"x\"\n[render]\nscript = \"worker.js\"\nroute = \"^/\"\n[render.lifecycle]\nmax_uptime_hours = 1e16\n[pools.api]\nscript = \"worker.js\"\nroute = \"^/api/\"\n",
        &[
            "bext.toml:2: server.listen = 3000: must be a string in quotes",
            "bext.toml:3: server.control_sockett: unknown key; did you mean `control_socket`?",
            "bext.toml:8: render.lifecycle.max_uptime_hours = 10000000000000000.0: must be a number of hours from 0 to 8760",
            "bext.toml:11: pools.api.route = \"^/api/\": can never match: [render] (route \"^/\") comes first",
        ],
    );
}

#[test]
fn a_port_in_use_names_the_reason() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("worker.js"), APP).unwrap();
    std::fs::write(
        dir.path().join("bext.toml"),
        format!("[server]\nlisten = \"127.0.0.1:{port}\"\ncontrol_socket = \"bext.sock\"\n[render]\nscript = \"worker.js\"\n"),
    )
    .unwrap();
    let (code, _, stderr) = run_bextd(&["--config", "bext.toml"], dir.path());
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains(&format!(
            "cannot listen on 127.0.0.1:{port}: Address already in use"
        )),
        "{stderr}"
    );
}
