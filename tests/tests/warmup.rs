//! Warm-up and readiness: every new worker runs `startup()`, then its
//! `ready()` check, then answers bextd's warm-up requests
//! (`[POOL.deploy] warmup`), before any user request reaches it; a warm-up
//! that fails or a `ready()` that says no is a failed start.

use std::collections::BTreeMap;
use std::time::Duration;

use bext_e2e::{Daemon, Load};

/// Each worker records, in order, what reached it, and answers the list.
const RECORDER: &str = r#"
const seen = [];
export function startup() { seen.push("startup"); }
export async function ready() { seen.push("ready"); return true; }
export function handler(req) {
  const warm = req.headers["x-bext-warmup"] === "1";
  seen.push(`${warm ? "warm" : "user"} ${req.path}`);
  if (req.path === "/seen") return { pid: bext.worker.pid, seen };
  if (req.path === "/boom") return { status: 500, body: "cold" };
  return "ok";
}
"#;

#[test]
fn warm_up_requests_reach_each_new_worker_before_any_user_request() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\n[render.lifecycle]\nmax_requests = 20\n[render.deploy]\nwarmup = [\"/\", \"/products/1\"]\n",
        RECORDER,
    );
    // Users are already knocking while the first workers boot, and the
    // load keeps the workers rotating, so new workers start under it.
    let load = Load::get(&d, 3, "/user");
    let mut lists: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    d.wait_until(Duration::from_secs(30), "four workers' lists", || {
        let r = d.get("/seen");
        if r.status == 200 {
            let j = r.json();
            let seen = j["seen"].as_array().unwrap();
            let seen = seen.iter().map(|s| s.as_str().unwrap().to_string());
            lists.insert(j["pid"].as_u64().unwrap(), seen.collect());
        }
        (lists.len() >= 4).then_some(())
    });
    let got = load.finish();
    assert!(got.failed.is_empty(), "failed answers: {:?}", got.failed);
    assert!(d.logs().contains("worker warmed up"), "{}", d.logs());
    for (pid, seen) in &lists {
        let first = ["startup", "ready", "warm /", "warm /products/1"];
        assert_eq!(seen[..4], first, "worker {pid}: {seen:?}");
        assert!(
            seen[4..].iter().all(|s| s.starts_with("user ")),
            "worker {pid}: {seen:?}"
        );
        // Warm-ups are not user requests: max_requests (20, staggered by
        // up to a tenth) counts only these.
        assert!(seen.len() - 4 <= 22, "worker {pid} served {seen:?}");
    }
}

#[test]
fn a_warm_up_that_fails_is_a_failed_start_and_the_worker_takes_no_traffic() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nrequest_timeout_ms = 1000\n[render.deploy]\nwarmup = [\"/\", \"/boom\"]\n[render.lifecycle.recovery]\nmax_consecutive_failures = 2\nbackoff_initial_ms = 10\n",
        RECORDER,
    );
    d.wait_log(
        "warm-up GET /boom answered 500; a warm-up request must answer 2xx",
        Duration::from_secs(20),
    );
    d.wait_log("ALERT: worker slot gave up", Duration::from_secs(20));
    assert_eq!(d.active("render"), 0);
    // No worker ever took a user request: this one waits for one in vain.
    let r = d.get("/user");
    assert_ne!(r.status, 200, "{}", r.body);
}

#[test]
fn a_ready_check_that_says_no_is_a_failed_start() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle.recovery]\nmax_consecutive_failures = 2\nbackoff_initial_ms = 10\n",
        "export async function ready() { return false; }\nexport function handler() { return \"served\"; }\n",
    );
    d.wait_log("ready() returned false", Duration::from_secs(20));
    d.wait_log("ALERT: worker slot gave up", Duration::from_secs(20));
    assert_eq!(d.active("render"), 0);
    let r = d.get("/");
    assert_ne!(r.body, "served");
}
