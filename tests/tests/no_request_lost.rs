//! A worker that dies, fills up or rotates loses no request it did not run:
//! bounded in-flight per worker with bextd's own queue, exact max_requests,
//! idempotent requests sent again when their worker dies, busy workers not
//! taken for hung, maintenance on a pool of one.

use std::collections::HashMap;
use std::time::Duration;

use bext_e2e::{Daemon, Load, Setup, Signal, bext, request, wait_for};

const APP: &str = r#"
let maints = 0;
// Spins that ran to their end (an interrupted one never gets there).
let spun = 0;
export function handler(req) {
  if (req.path.startsWith("/spin/")) {
    const end = Date.now() + Number(req.path.slice(6));
    while (Date.now() < end) {}
    spun++;
  }
  if (req.path === "/slow") {
    // Tells bextd (messages_sent) that the request has started.
    bext.sendMessage("slow started");
    return new Promise((r) => setTimeout(() => r({ pid: bext.worker.pid }), 800));
  }
  return { pid: bext.worker.pid, maints, spun };
}
export function maint() { maints++; }
"#;

#[test]
fn max_requests_is_exact_under_concurrent_clients() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle]\nmax_requests = 5\n",
        APP,
    );
    d.wait_workers(1);
    let addr = d.addr;
    let clients: Vec<_> = (0..8)
        .map(|_| {
            std::thread::spawn(move || {
                (0..10)
                    .map(|_| request(addr, "GET", "/", &[], b""))
                    .map(|r| (r.status, r.json()["pid"].as_u64().unwrap_or(0)))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut per_pid: HashMap<u64, usize> = HashMap::new();
    for c in clients {
        for (status, pid) in c.join().unwrap() {
            assert_eq!(status, 200, "no request fails while the worker rotates");
            *per_pid.entry(pid).or_default() += 1;
        }
    }
    assert_eq!(per_pid.values().sum::<usize>(), 80);
    assert!(
        per_pid.values().all(|n| *n <= 5),
        "a process served more than max_requests: {per_pid:?}"
    );
    assert!(per_pid.len() >= 16, "{per_pid:?}");
}

#[test]
fn an_idempotent_request_whose_worker_is_killed_is_answered_by_another() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\nworker_concurrency = 1\n",
        APP,
    );
    d.wait_workers(2);
    for (method, want) in [("GET", 200), ("POST", 502)] {
        let addr = d.addr;
        let sent_before: HashMap<i64, i64> = d
            .workers()
            .iter()
            .map(|w| {
                (
                    w["pid"].as_i64().unwrap_or(0),
                    w["messages_sent"].as_i64().unwrap_or(0),
                )
            })
            .collect();
        let slow = std::thread::spawn(move || request(addr, method, "/slow", &[], b""));
        // Killed once its handler runs: a request that had not started would
        // be sent to another worker whatever its method.
        let busy = wait_for(Duration::from_secs(5), "a worker running /slow", || {
            d.workers()
                .iter()
                .find(|w| {
                    let pid = w["pid"].as_i64().unwrap_or(0);
                    w["in_flight"] == 1
                        && w["messages_sent"].as_i64().unwrap_or(0)
                            > sent_before.get(&pid).copied().unwrap_or(0)
                })
                .and_then(|w| w["pid"].as_i64())
        });
        nix::sys::signal::kill(nix::unistd::Pid::from_raw(busy as i32), Signal::SIGKILL).unwrap();
        let r = slow.join().unwrap();
        assert_eq!(r.status, want, "{method}: {}", r.body);
        if want == 200 {
            assert_ne!(
                r.json()["pid"].as_i64(),
                Some(busy),
                "another worker answered"
            );
        }
        d.wait_workers(2);
    }
    let metrics = d.get("/metrics").body;
    assert!(
        metrics.contains("bext_requests_retried_total{pool=\"render\"} 1"),
        "{metrics}"
    );
}

#[test]
fn a_worker_busy_past_the_heartbeat_timeout_within_its_deadline_is_not_killed() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nheartbeat_interval_ms = 100\nheartbeat_timeout_ms = 500\n",
        APP,
    );
    let addr = d.addr;
    let pid = d.wait_workers(1)[0];
    // Each request holds the thread 1.2 s (the handler spins on its own
    // clock), past heartbeat_timeout_ms with no heartbeat possible, but
    // within its deadline: the worker that started them answers both.
    let burst: Vec<_> = (0..2)
        .map(|_| std::thread::spawn(move || request(addr, "GET", "/spin/1200", &[], b"")))
        .collect();
    for b in burst {
        let r = b.join().unwrap();
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(
            r.json()["pid"],
            pid.as_raw(),
            "answered by the same worker: {}",
            d.logs()
        );
    }
    assert_eq!(d.worker_pids(), [pid]);
    assert_eq!(d.count_log("no heartbeat"), 0, "{}", d.logs());
    assert_eq!(d.count_log("exited unexpectedly"), 0, "{}", d.logs());
}

#[test]
fn a_pool_of_one_rotates_and_maintains_without_failing_a_request() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle]\nmax_requests = 3\n",
        APP,
    );
    d.wait_workers(1);
    // Maintenance runs on the only worker; its requests wait meanwhile.
    let (code, out, err) = bext(d.dir.path(), &["maint"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 worker"), "{out}");
    d.wait_log("maintenance done", Duration::from_secs(10));
    let r = d.get("/");
    assert_eq!((r.status, r.json()["maints"].as_u64()), (200, Some(1)));
    // Rotations every 3 requests: no request meets an empty pool.
    let mut pids = std::collections::HashSet::new();
    for _ in 0..60 {
        let r = d.get("/");
        assert_eq!(r.status, 200, "{}", r.body);
        pids.insert(r.json()["pid"].as_u64());
    }
    assert!(pids.len() >= 20, "rotated every 3 requests: {}", pids.len());
}

#[test]
fn requests_beyond_worker_concurrency_wait_in_bextd_not_in_the_worker() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\nworker_concurrency = 2\n",
        files: &[("worker.js", APP)],
        ..Setup::default()
    });
    d.wait_workers(1);
    let addr = d.addr;
    let clients: Vec<_> = (0..6)
        .map(|_| std::thread::spawn(move || request(addr, "GET", "/slow", &[], b"").status))
        .collect();
    let seen = wait_for(Duration::from_secs(5), "the worker to fill up", || {
        let w = d.workers();
        (w[0]["in_flight"] == 2).then(|| w[0]["in_flight"].as_u64())
    });
    assert_eq!(seen, Some(2));
    for c in clients {
        assert_eq!(c.join().unwrap(), 200);
    }
    let most = d.workers()[0]["in_flight"].as_u64();
    assert_eq!(most, Some(0));
}

#[test]
fn a_query_of_death_is_quarantined_and_the_pool_keeps_serving() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 3\n",
        files: &[("worker.js", APP)],
        env: &[("BEXT_TEST_FAULTS", "requests")],
        ..Setup::default()
    });
    d.wait_workers(3);
    let poison = [("x-bext-test-fault", "crash")];
    let r = d.request("GET", "/search?q=bad", &poison, b"");
    assert_eq!(r.status, 502, "two workers died of it: no third try");
    let r = d.request("GET", "/search?q=bad", &poison, b"");
    assert_eq!(r.status, 503);
    assert_eq!(r.header("x-bext-quarantined"), Some("query of death"));
    assert!(
        r.header("retry-after")
            .is_some_and(|s| s.parse::<u64>().unwrap() > 50)
    );
    // Other requests are served meanwhile, the same path with another
    // query string too.
    wait_for(Duration::from_secs(10), "the pool to serve", || {
        (d.get("/").status == 200).then_some(())
    });
    let r = d.get("/search?q=good");
    assert_eq!(r.status, 200, "only the query that killed is refused");
    let q = d.get("/__bext/quarantine").json();
    assert_eq!(q[0]["path"], "/search?q=bad");
    assert_eq!(q[0]["method"], "GET");
    let (_, ps, _) = bext(d.dir.path(), &["ps", "--long"]);
    assert!(ps.contains("Quarantined (queries of death)"), "{ps}");
    assert!(ps.contains("GET /search?q=bad"), "{ps}");
    assert!(
        ps.contains("last exit: crashed (signal 6 (SIGABRT))"),
        "{ps}"
    );
    assert!(ps.contains("in flight: GET /search"), "{ps}");
    let metrics = d.get("/metrics").body;
    assert!(
        metrics.contains("bext_quarantined_requests{pool=\"render\"} 1"),
        "{metrics}"
    );
    let (code, out, err) = bext(d.dir.path(), &["quarantine", "clear"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "Lifted the quarantine of 1 request signature(s)\n");
    assert_eq!(d.get("/__bext/quarantine").json(), serde_json::json!([]));
    // The forensics line of each death names its cause and what it held.
    let crash_lines: Vec<String> = d
        .logs()
        .lines()
        .filter(|l| l.contains("worker exited unexpectedly"))
        .map(String::from)
        .collect();
    assert_eq!(crash_lines.len(), 2, "{}", d.logs());
    for l in &crash_lines {
        for field in [
            "reason=crashed (signal 6 (SIGABRT))",
            "own_fault=true",
            "uptime_ms=",
            "requests_served=",
            "rss_mb=",
            "in_flight=GET /search",
        ] {
            assert!(l.contains(field), "{field} missing: {l}");
        }
    }
}

#[test]
fn workers_killed_from_outside_never_quarantine_a_request() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 3\nworker_concurrency = 1\n",
        APP,
    );
    d.wait_workers(3);
    for _ in 0..2 {
        let addr = d.addr;
        let slow = std::thread::spawn(move || request(addr, "GET", "/slow", &[], b""));
        let busy = wait_for(Duration::from_secs(5), "a worker running /slow", || {
            d.workers()
                .iter()
                .find(|w| w["in_flight"] == 1)
                .and_then(|w| w["pid"].as_i64())
        });
        nix::sys::signal::kill(nix::unistd::Pid::from_raw(busy as i32), Signal::SIGKILL).unwrap();
        assert_eq!(slow.join().unwrap().status, 200);
        d.wait_workers(3);
    }
    assert_eq!(d.get("/__bext/quarantine").json(), serde_json::json!([]));
    assert_eq!(d.get("/slow").status, 200);
    let w = d.workers();
    assert!(
        w.iter().any(|w| w["last_exit"]
            .as_str()
            .is_some_and(|e| e.starts_with("killed from outside (signal 9 (SIGKILL))"))),
        "{w:?}"
    );
}

#[test]
fn requests_whose_clients_went_away_do_not_delay_the_next_one() {
    use std::io::Write;
    let d = Daemon::start("[render]\nscript = \"worker.js\"\njsc_workers = 1\n", APP);
    d.wait_workers(1);
    // Six clients ask for 5 s of CPU each: the worker runs the first and
    // holds the others. Once it has all six, they hang up.
    let clients: Vec<_> = (0..6)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(d.addr).unwrap();
            s.write_all(b"GET /spin/5000 HTTP/1.1\r\nHost: t\r\n\r\n")
                .unwrap();
            s
        })
        .collect();
    d.wait_until(Duration::from_secs(5), "the worker to hold all six", || {
        (d.in_flight() == 6).then_some(())
    });
    drop(clients);
    // The next request does not wait behind them: the one running was
    // interrupted, the others never ran (either would have spun to its end
    // before this answer).
    let r = d.get("/");
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["spun"], 0, "an abandoned request ran to its end");
    d.wait_until(Duration::from_secs(5), "the worker to be idle", || {
        (d.workers()[0]["in_flight"] == 0).then_some(())
    });
    assert_eq!(
        d.workers()[0]["requests_failed"],
        0,
        "cancelled is not failed"
    );
}

/// GET (or POST) clients while a worker of 4 is SIGKILLed every 100 ms,
/// 30 times; returns (kills, statuses).
fn kill_storm(method: &'static str) -> (usize, Vec<u16>, Daemon) {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 4\n[render.lifecycle.recovery]\nmax_consecutive_failures = 1000\nbackoff_initial_ms = 10\nbackoff_max_ms = 50\n",
        APP,
    );
    d.wait_workers(4);
    let load = Load::start(&d, 4, method, "/spin/2");
    let mut kills = 0;
    for _ in 0..30 {
        let pids = d.worker_pids();
        if let Some(p) = pids.get(kills % pids.len().max(1)) {
            let _ = nix::sys::signal::kill(*p, Signal::SIGKILL);
            kills += 1;
        }
        // The storm's own pace, not a wait for a condition.
        std::thread::sleep(Duration::from_millis(100));
    }
    let statuses = load.finish().statuses;
    assert!(kills >= 20, "{kills} kills");
    assert!(statuses.len() > 100, "only {} requests", statuses.len());
    (kills, statuses, d)
}

#[test]
fn a_kill_storm_under_get_load_fails_no_request_and_quarantines_nothing() {
    let (kills, statuses, d) = kill_storm("GET");
    let bad: Vec<&u16> = statuses.iter().filter(|s| **s != 200).collect();
    assert!(
        bad.is_empty(),
        "{} of {} failed during {kills} kills: {bad:?}",
        bad.len(),
        statuses.len()
    );
    assert_eq!(d.get("/__bext/quarantine").json(), serde_json::json!([]));
}

#[test]
fn a_kill_storm_under_post_load_fails_at_most_one_request_per_kill() {
    let (kills, statuses, d) = kill_storm("POST");
    let failed = statuses.iter().filter(|s| **s == 502).count();
    let other = statuses.iter().filter(|s| **s != 200 && **s != 502).count();
    assert!(failed <= kills, "{failed} POSTs failed for {kills} kills");
    assert_eq!(other, 0, "{statuses:?}");
    assert_eq!(d.get("/__bext/quarantine").json(), serde_json::json!([]));
}

#[test]
fn a_worker_killed_while_holding_posts_fails_only_the_one_it_ran() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\nworker_concurrency = 4\n",
        APP,
    );
    d.wait_workers(2);
    let addr = d.addr;
    let clients: Vec<_> = (0..8)
        .map(|_| std::thread::spawn(move || request(addr, "POST", "/spin/400", &[], b"").status))
        .collect();
    let victim = wait_for(
        Duration::from_secs(5),
        "a worker holding 3 requests",
        || {
            d.workers()
                .iter()
                .find(|w| w["in_flight"].as_u64() >= Some(3))
                .and_then(|w| w["pid"].as_i64())
        },
    );
    // Holding them is not running one yet: the frames may still be on
    // their way. A spin burns CPU, and a worker announces a request (and
    // flushes that) before it runs it, so CPU time spent means one runs.
    let cpu_ticks = || -> u64 {
        let stat = std::fs::read_to_string(format!("/proc/{victim}/stat")).unwrap_or_default();
        let after = stat.rsplit_once(") ").map_or("", |(_, rest)| rest);
        let f: Vec<&str> = after.split_whitespace().collect();
        let field = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        field(11) + field(12)
    };
    let before = cpu_ticks();
    wait_for(Duration::from_secs(5), "the victim to run a spin", || {
        (cpu_ticks() >= before + 3).then_some(())
    });
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(victim as i32), Signal::SIGKILL).unwrap();
    let statuses: Vec<u16> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    let failed = statuses.iter().filter(|s| **s == 502).count();
    assert_eq!(failed, 1, "only the POST it was running: {statuses:?}");
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        7,
        "{statuses:?}"
    );
}

#[test]
fn a_request_timeout_logs_the_js_stack_of_the_handler_that_ran_away() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nrequest_timeout_ms = 300\n",
        "function renderForever() { for (;;) {} }\nexport function handler(req) { return renderForever(); }\n",
    );
    d.wait_workers(1);
    assert_eq!(d.get("/").status, 504);
    d.wait_log("timed out after 300 ms", Duration::from_secs(5));
    let line = d
        .logs()
        .lines()
        .skip_while(|l| !l.contains("timed out after 300 ms"))
        .take(4)
        .collect::<Vec<_>>()
        .join("\n");
    assert!(line.contains("renderForever"), "{line}");
}

#[test]
fn a_hundred_and_twenty_restarts_of_a_pool_of_one_fail_no_sequential_request() {
    let d = Daemon::start("[render]\nscript = \"worker.js\"\njsc_workers = 1\n", APP);
    let mut pid = d.wait_workers(1)[0];
    let client = Load::get(&d, 1, "/");
    for _ in 0..120 {
        d.signal(Signal::SIGHUP);
        pid = wait_for(Duration::from_secs(10), "the next worker", || {
            let now = d.worker_pids();
            (now.len() == 1 && now[0] != pid).then(|| now[0])
        });
    }
    let statuses = client.finish().statuses;
    assert!(statuses.len() > 120, "only {} requests", statuses.len());
    let bad: Vec<&u16> = statuses.iter().filter(|s| **s != 200).collect();
    assert!(
        bad.is_empty(),
        "{} of {} failed: {bad:?}",
        bad.len(),
        statuses.len()
    );
}
