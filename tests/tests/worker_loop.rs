//! The worker's loop seen from outside: answers leave one by one as they
//! are done, and each failure is one line in bextd's log.

use std::time::Duration;

use bext_e2e::{Daemon, wait_for};

const ONE_WORKER: &str = "[render]\nscript = \"worker.js\"\njsc_workers = 1\n";

/// The spacing of the answers is the worker's own test
/// (`worker-bin/tests/serve.rs`); seen from outside, each answer reaches its
/// client while the worker still holds the requests behind it.
#[test]
fn a_burst_of_slow_requests_is_answered_one_handler_run_apart() {
    let d = Daemon::start(
        ONE_WORKER,
        r#"let runs = 0;
           export function handler(req) {
             const end = Date.now() + 1500;
             while (Date.now() < end) {}
             return `run ${++runs}`;
           }"#,
    );
    d.wait_workers(1);
    let (tx, rx) = std::sync::mpsc::channel();
    for i in 0..4 {
        let (addr, tx) = (d.addr, tx.clone());
        std::thread::spawn(move || {
            let r = bext_e2e::request(addr, "GET", &format!("/?n={i}"), &[], b"");
            tx.send((r.status, r.body)).unwrap();
        });
    }
    let mut runs = Vec::new();
    for k in 1..=4 {
        let (status, body) = rx.recv_timeout(Duration::from_secs(30)).unwrap();
        assert_eq!(status, 200, "{body}");
        runs.push(body);
        if k < 4 {
            // 1.5 s of the next run at least before the worker could answer
            // another: had the answers left together, none would be held.
            let held = d.in_flight();
            assert!(held >= 1, "answer {k} came with the rest: {runs:?}");
        }
    }
    runs.sort();
    assert_eq!(runs, ["run 1", "run 2", "run 3", "run 4"]);
    assert_eq!(d.count_log("killing"), 0, "{}", d.logs());
}

/// Starts a pool whose script throws at load and waits for two failed
/// boots (the first restart is immediate, the next after the backoff);
/// returns the daemon, the attempts and the log lines carrying the error.
fn failing_boots() -> (Daemon, usize, Vec<String>) {
    let d = Daemon::start(
        &format!("{ONE_WORKER}[render.lifecycle.recovery]\nbackoff_initial_ms = 60000\n"),
        "function readConfig() { throw new Error('no-config-at-load-7431'); }\nreadConfig();\nexport function handler() {}\n",
    );
    let attempts = wait_for(Duration::from_secs(20), "two failed boots", || {
        let n = d.count_log("worker failed to boot");
        (n >= 2).then_some(n)
    });
    // Whatever else a failed boot logs comes by the exit of its process.
    wait_for(Duration::from_secs(5), "the second exit", || {
        (d.count_log("exited") >= 2).then_some(())
    });
    let lines = d
        .logs()
        .lines()
        .filter(|l| l.contains("no-config-at-load-7431"))
        .map(str::to_owned)
        .collect();
    (d, attempts, lines)
}

#[test]
fn a_script_that_throws_at_load_is_reported_once_by_the_worker() {
    let (d, attempts, lines) = failing_boots();
    // The worker's report: BootFailed with the stack, once per attempt;
    // no unhandled rejection, nothing on its stderr.
    let with_stack = lines.iter().filter(|l| l.contains("readConfig")).count();
    assert_eq!(with_stack, attempts, "{lines:#?}");
    assert_eq!(
        d.count_log("Unhandled promise rejection"),
        0,
        "{}",
        d.logs()
    );
    assert_eq!(d.count_log("bext-worker["), 0, "{}", d.logs());
}

#[test]
fn a_script_that_throws_at_load_is_one_error_line_per_attempt() {
    let (_d, attempts, lines) = failing_boots();
    assert_eq!(lines.len(), attempts, "one line per attempt: {lines:#?}");
}

#[test]
fn an_async_handler_that_throws_is_one_error_not_an_unhandled_rejection() {
    let d = Daemon::start(
        ONE_WORKER,
        "export async function handler(req) { throw new Error('async-failure-5521'); }",
    );
    d.wait_workers(1);
    assert_eq!(d.get("/").status, 500);
    d.wait_log("handler threw", Duration::from_secs(5));
    assert_eq!(d.get("/").status, 500);
    wait_for(Duration::from_secs(5), "two handler errors", || {
        (d.count_log("handler threw") == 2).then_some(())
    });
    assert_eq!(d.count_log("async-failure-5521"), 2, "{}", d.logs());
    assert_eq!(
        d.count_log("Unhandled promise rejection"),
        0,
        "{}",
        d.logs()
    );
}

/// Cycles outlive their request until a collection; a worker with nothing
/// to do collects them by itself a moment later, so its heap goes back to
/// what it held before.
#[test]
fn an_idle_worker_collects_the_garbage_its_requests_left() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nheartbeat_interval_ms = 50\n",
        r#"export function handler(req) {
             // Megabytes of cycles, all alive until the handler returns:
             // then garbage that reference counting cannot free.
             const keep = [];
             for (let i = 0; i < 40000; i++) {
               const a = { pad: new Array(20).fill(i) };
               const b = { a };
               a.b = b;
               keep.push(a);
             }
             return "made garbage";
           }"#,
    );
    d.wait_workers(1);
    let heap = || d.workers()[0]["js_heap_bytes"].as_u64().unwrap_or(0);
    let before = wait_for(Duration::from_secs(5), "a heartbeat with the heap", || {
        Some(heap()).filter(|&h| h > 0)
    });
    let r = d.get("/");
    assert_eq!((r.status, r.body.as_str()), (200, "made garbage"));
    wait_for(
        Duration::from_secs(5),
        "the heap back near its size before the request",
        || (heap() < before + 512 * 1024).then_some(()),
    );
}
