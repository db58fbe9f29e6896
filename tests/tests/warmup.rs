//! Warm-up (`[POOL.deploy] warmup`): every new worker answers bextd's
//! warm-up requests before any user request reaches it, and a warm-up that
//! fails is a failed start.

use std::collections::BTreeMap;
use std::time::Duration;

use bext_e2e::{Daemon, Load};

/// Each worker records, in order, what reached it, and answers the list.
const RECORDER: &str = r#"
const seen = [];
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
    for (pid, seen) in &lists {
        assert_eq!(
            seen[..2],
            ["warm /", "warm /products/1"],
            "worker {pid}: {seen:?}"
        );
        assert!(
            seen[2..].iter().all(|s| s.starts_with("user ")),
            "worker {pid}: {seen:?}"
        );
        // Warm-ups are not user requests: max_requests counts only these.
        assert!(seen.len() - 2 <= 20, "worker {pid} served {seen:?}");
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
