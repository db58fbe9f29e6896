//! End-to-end: retries of one-off jobs with the real bextd and real job
//! processes. A job that fails twice then succeeds ends completed at its
//! third attempt with both errors kept; out of attempts it is discarded,
//! and `bext jobs retry` runs it again; `bext jobs discard` ends a wait;
//! `bext.jobs.spawn` checks its queue options. With a shared PostgreSQL
//! store, each retry goes back to the store and either node runs it.

use std::time::Duration;

use bext_e2e::pg::Postgres;
use bext_e2e::{Daemon, Setup, bext, wait_for};
use serde_json::Value;

const HANDLER: &str = r#"
export async function handler(req) {
  const q = req.query;
  if (req.path === "/spawn") {
    try {
      const options = { maxAttempts: q.max == null ? undefined : Number(q.max) };
      if (q.backoff) options.backoff = Number(q.backoff);
      return { id: bext.jobs.spawn(q.script, options) };
    } catch (e) {
      return { status: 400, body: { name: e.name, message: e.message } };
    }
  }
  return "ok";
}
"#;

/// Fails its first two attempts, then returns the attempt it is at.
const FLAKY: &str = r#"
export function run(job) {
  if (job.attempt < 3) throw new Error(`attempt ${job.attempt} failed`);
  return { attempt: job.attempt };
}
"#;

const ONE: &str = "[render]\nscript = \"worker.js\"\njsc_workers = 1\n";

fn start() -> Daemon {
    let files = [("worker.js", HANDLER), ("jobs/flaky.js", FLAKY)];
    Daemon::start_with(Setup {
        config: ONE,
        files: &files,
        ..Setup::default()
    })
}

fn job(d: &Daemon, id: &str) -> Value {
    let r = d.get(&format!("/__bext/jobs/{id}"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

fn wait_status(d: &Daemon, id: &str, status: &str) -> Value {
    wait_for(
        Duration::from_secs(20),
        &format!("job {id} to be {status}"),
        || {
            // With a shared store, another node sees the job once the
            // spawning node's insert is committed.
            let r = d.get(&format!("/__bext/jobs/{id}"));
            let j = (r.status == 200).then(|| r.json())?;
            (j["status"] == status).then_some(j)
        },
    )
}

/// (attempt, first line of the error) of each failed attempt.
fn errors(j: &Value) -> Vec<(u64, String)> {
    j["errors"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|e| {
                    let text = e["error"].as_str().unwrap_or_default();
                    (
                        e["attempt"].as_u64().unwrap(),
                        text.lines().next().unwrap_or_default().to_owned(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn bext_ok(d: &Daemon, args: &[&str]) -> String {
    let (code, out, err) = bext(d.dir.path(), args);
    assert_eq!(code, 0, "bext {args:?}: {err}");
    out
}

#[test]
fn a_job_failing_twice_then_succeeding_has_three_attempts_with_their_errors() {
    let d = start();
    let r = d.get("/spawn?script=jobs/flaky.js&max=3&backoff=200");
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_owned();
    // Between two attempts it waits, retryable, with its next run's time.
    let waiting = wait_status(&d, &id, "retryable");
    assert!(waiting["retry_at"].as_u64().is_some(), "{waiting}");
    let j = wait_status(&d, &id, "completed");
    assert_eq!(j["attempt"], 3, "{j}");
    assert_eq!(j["max_attempts"], 3, "{j}");
    assert_eq!(
        j["result"]["attempt"], 3,
        "job.attempt of the last run: {j}"
    );
    assert_eq!(
        errors(&j),
        [
            (1, "Error: attempt 1 failed".to_string()),
            (2, "Error: attempt 2 failed".to_string())
        ]
    );
    // The backoff: 200 ms, then 400 ms, each jittered into its upper half.
    let at: Vec<u64> = j["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["at"].as_u64().unwrap())
        .collect();
    let started = j["started_at"].as_u64().unwrap();
    assert!(
        at[1] - at[0] >= 100,
        "retried {} ms after the first failure",
        at[1] - at[0]
    );
    assert!(
        started - at[1] >= 200,
        "retried {} ms after the second failure",
        started - at[1]
    );
    let shown = bext_ok(&d, &["jobs", "show", &id]);
    assert!(shown.contains("attempt     3 of 3"), "{shown}");
    assert!(shown.contains("Error: attempt 1 failed"), "{shown}");
}

#[test]
fn out_of_attempts_a_job_is_discarded_and_bext_jobs_retry_runs_it_again() {
    let d = start();
    let id = bext_ok(
        &d,
        &[
            "jobs",
            "spawn",
            "jobs/flaky.js",
            "--max-attempts",
            "2",
            "--backoff",
            "50",
        ],
    )
    .trim()
    .to_owned();
    let j = wait_status(&d, &id, "discarded");
    assert_eq!(j["attempt"], 2, "{j}");
    assert_eq!(errors(&j).len(), 2, "{j}");
    assert!(
        j["error"].as_str().unwrap().contains("attempt 2 failed"),
        "{j}"
    );
    let metrics = d.get("/metrics").body;
    assert!(
        metrics.contains(r#"bext_jobs_finished_total{state="discarded"} 1"#),
        "{metrics}"
    );

    // By hand: one more attempt, the third, which succeeds.
    let out = bext_ok(&d, &["jobs", "retry", &id]);
    assert!(out.contains(&id), "{out}");
    let j = wait_status(&d, &id, "completed");
    assert_eq!(j["attempt"], 3, "{j}");
    assert_eq!(j["max_attempts"], 3, "{j}");
    assert_eq!(
        errors(&j).len(),
        2,
        "the errors of earlier attempts stay: {j}"
    );
    // A completed job is not retried.
    let (code, _, err) = bext(d.dir.path(), &["jobs", "retry", &id]);
    assert_eq!(code, 1);
    assert!(err.contains("completed"), "{err}");
}

#[test]
fn bext_jobs_discard_ends_a_retryable_wait() {
    let d = start();
    let id = bext_ok(
        &d,
        &[
            "jobs",
            "spawn",
            "jobs/flaky.js",
            "--max-attempts",
            "5",
            "--backoff",
            "600000",
        ],
    )
    .trim()
    .to_owned();
    wait_status(&d, &id, "retryable");
    let ls = bext_ok(&d, &["jobs", "ls"]);
    let row = ls.lines().find(|l| l.contains(&id)).expect(&ls);
    assert!(row.contains("retryable in"), "{row}");
    let out = bext_ok(&d, &["jobs", "discard", &id]);
    assert!(out.contains("discarded"), "{out}");
    let j = job(&d, &id);
    assert_eq!(j["status"], "discarded", "{j}");
    assert_eq!(j["attempt"], 1, "{j}");
    let (code, _, err) = bext(d.dir.path(), &["jobs", "discard", &id]);
    assert_eq!(code, 1);
    assert!(err.contains("only a queued or retryable job"), "{err}");

    // Bad queue options throw where they are made.
    for bad in ["max=0", "max=1.5", "max=1&backoff=-3"] {
        let r = d.get(&format!("/spawn?script=jobs/flaky.js&{bad}"));
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
        assert_eq!(r.json()["name"], "TypeError", "{bad}: {}", r.body);
    }
}

#[test]
fn with_a_shared_store_each_retry_goes_back_to_the_store_and_runs_once() {
    let pg = Postgres::start();
    let url = pg.schema("retries");
    let scripts = tempfile::tempdir().unwrap();
    let script = scripts.path().join("flaky.js");
    std::fs::write(&script, FLAKY).unwrap();
    let config = format!(
        "{ONE}[jobs]\nstore = \"{url}\"\nclaim_interval_ms = 100\nmax_attempts = 3\nretry_backoff_ms = 200\n"
    );
    let node = || {
        Daemon::start_with(Setup {
            config: &config,
            files: &[("worker.js", HANDLER)],
            ..Setup::default()
        })
    };
    let (a, b) = (node(), node());
    // The [jobs] default: three attempts.
    let id = bext_ok(&a, &["jobs", "spawn", &script.display().to_string()])
        .trim()
        .to_owned();
    let j = wait_status(&b, &id, "completed");
    assert_eq!(j["attempt"], 3, "{j}");
    assert_eq!(j["result"]["attempt"], 3, "{j}");
    assert_eq!(errors(&j).len(), 2, "{j}");
    let row = pg.psql(&format!(
        "SELECT status, tries, max_attempts, owner IS NOT NULL FROM retries.bext_jobs WHERE id = '{id}'"
    ));
    assert_eq!(row, "completed|3|3|t");
}
