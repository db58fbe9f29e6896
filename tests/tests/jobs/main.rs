//! End-to-end: background jobs and daemons (seed 002) with the real bextd
//! and real job processes: progress and results, the limits and the memory
//! budget, cancel, memory kills, checkpoints that survive the death of the
//! job's process and of bextd itself.

use std::path::Path;
use std::time::Duration;

use bext_e2e::{Daemon, Setup, Signal, bext, exists, wait_for};
use nix::unistd::Pid;
use serde_json::Value;

const HANDLER: &str = r#"
export async function handler(req) {
  const q = req.query;
  if (req.path === "/spawn") {
    try {
      const options = { daemon: q.daemon === "1", memory: q.memory, data: q.data ? JSON.parse(q.data) : undefined };
      if (q.timeout) options.timeout = Number(q.timeout);
      return { id: bext.jobs.spawn(q.script, options) };
    } catch (e) {
      return { status: 400, body: { name: e.name, message: e.message } };
    }
  }
  if (req.path === "/get") return (await bext.jobs.get(q.id)) ?? { missing: true };
  if (req.path === "/cancel") return { cancelled: await bext.jobs.cancel(q.id) };
  return "ok";
}
"#;

const HELLO: &str = r#"
export async function run(job) {
  job.log("starting with", job.data);
  for (let i = 1; i <= job.data.steps; i++) {
    job.progress(i / job.data.steps);
    job.checkpoint({ step: i });
    await job.sleep(5);
  }
  return { message: "done", steps: job.data.steps };
}
"#;

const THROWS: &str = r#"
function report() { throw new Error("the report failed"); }
export function run(job) { report(); }
"#;

/// Runs until cancelled.
const WAIT: &str = r#"
export async function run(job) {
  while (!job.cancelled) await job.sleep(20);
  return "stopped";
}
"#;

/// Never yields: only the cancel flag, read while it spins, stops it.
const SPIN: &str = r#"
export function run(job) {
  let n = 0;
  while (!job.cancelled) n++;
  return { spun: n > 0 };
}
"#;

/// A daemon counting, with a checkpoint at each step.
const COUNT: &str = r#"
export async function run(job) {
  const cp = job.getCheckpoint();
  let count = cp ? cp.count : 0;
  job.log(cp ? `resumed from ${count}` : "fresh start");
  while (!job.cancelled) {
    count++;
    job.checkpoint({ count });
    job.progress(Math.min(1, count / 1000));
    await job.sleep(5);
  }
  return { count };
}
"#;

/// Grows until it is killed (at most about 300 MB).
const HOG: &str = r#"
export async function run(job) {
  const keep = [];
  for (let i = 0; i < 150; i++) {
    keep.push(new Array(250000).fill(i + 0.5));
    await job.sleep(2);
  }
  while (true) await job.sleep(1000);
}
"#;

const BIG_CHECKPOINT: &str = r#"
export function run(job) {
  job.checkpoint({ small: true });
  try {
    job.checkpoint({ big: "x".repeat(2 * 1024 * 1024) });
    return { refused: false };
  } catch (e) {
    return { refused: true, name: e.name, message: e.message };
  }
}
"#;

const FETCHER: &str = r#"
export async function run(job) {
  const r = await fetch(`http://127.0.0.1:${job.data.port}/data`);
  return { status: r.status, body: await r.json() };
}
"#;

// Writes 500 bytes, then 2,000 more, in its temporary folder.
const WRITER: &str = r#"
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function run() {
  const out = {};
  for (const n of [500, 2000]) {
    try {
      fs.writeFileSync(path.join(os.tmpdir(), `f${n}`), "x".repeat(n));
      out[n] = "written";
    } catch (e) {
      out[n] = e.code;
    }
  }
  return out;
}
"#;

const SLEEPY: &str = r#"
export async function run(job) {
  await new Promise(() => {});
}
"#;

fn files() -> Vec<(&'static str, &'static str)> {
    vec![
        ("worker.js", HANDLER),
        ("jobs/hello.js", HELLO),
        ("jobs/throws.js", THROWS),
        ("jobs/wait.js", WAIT),
        ("jobs/spin.js", SPIN),
        ("jobs/count.js", COUNT),
        ("jobs/hog.js", HOG),
        ("jobs/big.js", BIG_CHECKPOINT),
        ("jobs/sleepy.js", SLEEPY),
        ("jobs/fetcher.js", FETCHER),
        ("jobs/writer.js", WRITER),
    ]
}

fn start(config: &str) -> Daemon {
    let files = files();
    Daemon::start_with(Setup {
        config,
        files: &files,
        ..Setup::default()
    })
}

const ONE: &str = "[render]\nscript = \"worker.js\"\njsc_workers = 1\n";

fn job(d: &Daemon, id: &str) -> Value {
    let r = d.get(&format!("/__bext/jobs/{id}"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

fn stats(d: &Daemon) -> Value {
    d.get("/__bext/jobs").json()["stats"].clone()
}

fn wait_status(d: &Daemon, id: &str, status: &str, limit: Duration) -> Value {
    wait_for(limit, &format!("job {id} to be {status}"), || {
        let j = job(d, id);
        (j["status"] == status).then_some(j)
    })
}

/// `bext jobs spawn ARGS…` in the daemon's folder; returns the id.
fn spawn(d: &Daemon, args: &[&str]) -> String {
    let mut all = vec!["jobs", "spawn"];
    all.extend_from_slice(args);
    let (code, out, err) = bext(d.dir.path(), &all);
    assert_eq!(code, 0, "bext jobs spawn {args:?}: {err}");
    out.trim().to_owned()
}

fn pid_of(j: &Value) -> Option<Pid> {
    j["pid"].as_u64().map(|p| Pid::from_raw(p as i32))
}

#[test]
fn a_job_from_a_handler_completes_with_progress_result_and_logs() {
    let d = start(ONE);
    d.wait_workers(1);
    let r = d.get("/spawn?script=jobs/hello.js&data=%7B%22steps%22%3A4%7D");
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_owned();
    let j = wait_status(&d, &id, "completed", Duration::from_secs(10));
    assert_eq!(
        j["result"],
        serde_json::json!({"message": "done", "steps": 4})
    );
    assert_eq!(j["progress"], 1.0);
    assert_eq!(j["checkpoint"], serde_json::json!({"step": 4}));
    assert_eq!(j["pool"], "render");
    assert!(j["script"].as_str().unwrap().ends_with("/jobs/hello.js"));
    // The handler's own view, through bext.jobs.get.
    let got = d.get(&format!("/get?id={id}")).json();
    assert_eq!(got["status"], "completed");
    assert_eq!(got["result"]["steps"], 4);
    let (code, logs, _) = bext(d.dir.path(), &["jobs", "logs", &id]);
    assert_eq!(code, 0);
    assert!(logs.contains(r#"starting with {"steps":4}"#), "{logs}");
    let (code, ls, _) = bext(d.dir.path(), &["jobs", "ls"]);
    assert_eq!(code, 0);
    let row = ls.lines().find(|l| l.contains(&id)).expect(&ls);
    assert!(row.contains("completed") && row.contains("100%"), "{row}");
    let health = d.get("/__bext/health").json();
    assert_eq!(
        health["jobs"]["budget_total_bytes"],
        256u64 << 20,
        "{health}"
    );

    // A job that throws fails with its message and stack.
    let id = d.get("/spawn?script=jobs/throws.js").json()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let j = wait_status(&d, &id, "failed", Duration::from_secs(10));
    let err = j["error"].as_str().unwrap();
    assert!(err.contains("Error: the report failed"), "{err}");
    assert!(err.contains("at report"), "the stack is kept: {err}");

    // Mistakes throw where they are made.
    let r = d.get("/spawn?script=jobs/nope.js");
    assert_eq!(r.status, 400);
    assert!(
        r.json()["message"]
            .as_str()
            .unwrap()
            .contains("no job script"),
        "{}",
        r.body
    );
    let (code, _, err) = bext(d.dir.path(), &["jobs", "spawn", "jobs/nope.js"]);
    assert_eq!(code, 1);
    assert!(err.contains("no job script"), "{err}");
    let (code, _, err) = bext(d.dir.path(), &["jobs", "show", "0000"]);
    assert_eq!(code, 1);
    assert!(err.contains("no job 0000"), "{err}");
    let metrics = d.get("/metrics").body;
    assert!(
        metrics.contains(r#"bext_jobs{state="completed"} 1"#),
        "{metrics}"
    );
    assert!(
        metrics.contains(r#"bext_jobs_finished_total{state="failed"} 1"#),
        "{metrics}"
    );
}

#[test]
fn a_pool_runs_five_jobs_and_queues_the_sixth() {
    let d = start(&format!("{ONE}[jobs]\nmemory_budget_mb = 2048\n"));
    let ids: Vec<String> = (0..6).map(|_| spawn(&d, &["jobs/wait.js"])).collect();
    let s = wait_for(Duration::from_secs(10), "5 running, 1 queued", || {
        let s = stats(&d);
        (s["running"] == 5 && s["queued"] == 1).then_some(s)
    });
    assert_eq!(s["max_running_per_pool"], 5);
    assert_eq!(job(&d, &ids[5])["status"], "queued");
    // One ends: the queued one starts.
    let (code, out, _) = bext(d.dir.path(), &["jobs", "cancel", &ids[0]]);
    assert_eq!(code, 0);
    assert!(out.contains("cancelling"), "{out}");
    wait_status(&d, &ids[5], "running", Duration::from_secs(10));
    let j = wait_status(&d, &ids[0], "cancelled", Duration::from_secs(10));
    assert_eq!(
        j["result"], "stopped",
        "run() saw job.cancelled and returned"
    );
}

#[test]
fn the_twenty_first_job_queues_behind_the_total_limit() {
    // The catch-all [render] last: routes are tried in file order.
    let mut config = String::new();
    for p in ["a", "b", "c", "d"] {
        config.push_str(&format!(
            "[pools.{p}]\nscript = \"worker.js\"\nroute = \"^/{p}/\"\njsc_workers = 1\n"
        ));
    }
    config.push_str(ONE);
    config.push_str("[jobs]\nmemory_budget_mb = 4096\n");
    let d = start(&config);
    let mut ids = Vec::new();
    for pool in ["render", "a", "b", "c", "d"] {
        for _ in 0..4 {
            ids.push(spawn(&d, &["jobs/wait.js", "--pool", pool]));
        }
    }
    wait_for(Duration::from_secs(20), "20 running", || {
        (stats(&d)["running"] == 20).then_some(())
    });
    let last = spawn(&d, &["jobs/wait.js", "--pool", "d"]);
    let s = stats(&d);
    assert_eq!(
        (s["running"].as_u64(), s["queued"].as_u64()),
        (Some(20), Some(1))
    );
    assert_eq!(job(&d, &last)["status"], "queued");
    let (code, _, _) = bext(d.dir.path(), &["jobs", "cancel", &ids[0]]);
    assert_eq!(code, 0);
    wait_status(&d, &last, "running", Duration::from_secs(10));
}

#[test]
fn the_memory_budget_refuses_what_never_fits_and_queues_what_fits_later() {
    let d = start(ONE);
    // More than the whole budget: refused at spawn, from the CLI and from JS.
    let (code, _, err) = bext(
        d.dir.path(),
        &["jobs", "spawn", "jobs/wait.js", "--memory", "300MB"],
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("more than the whole job budget of 256 MB"),
        "{err}"
    );
    let r = d.get("/spawn?script=jobs/wait.js&memory=300MB");
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["name"], "RangeError", "{}", r.body);
    // 100 MB in use: a 200 MB job waits, then runs when the memory is free.
    let first = spawn(&d, &["jobs/wait.js", "--memory", "100MB"]);
    wait_status(&d, &first, "running", Duration::from_secs(10));
    let second = spawn(&d, &["jobs/wait.js", "--memory", "200MB"]);
    let s = stats(&d);
    assert_eq!(s["queued"], 1, "{s}");
    assert_eq!(s["budget_used_bytes"], 100u64 << 20, "{s}");
    assert_eq!(job(&d, &second)["status"], "queued");
    bext(d.dir.path(), &["jobs", "cancel", &first]);
    wait_status(&d, &second, "running", Duration::from_secs(10));
    assert_eq!(stats(&d)["budget_used_bytes"], 200u64 << 20);
}

#[test]
fn a_job_over_its_memory_is_killed_after_the_grace_with_the_reason() {
    let d = start(ONE);
    let id = spawn(&d, &["jobs/hog.js", "--memory", "32MB"]);
    let j = wait_status(&d, &id, "failed", Duration::from_secs(20));
    let err = j["error"].as_str().unwrap();
    assert!(err.starts_with("memory: RSS "), "{err}");
    assert!(err.contains("over its reservation of 32 MB"), "{err}");
    d.wait_log("of its memory reservation", Duration::from_secs(5));
    assert!(
        d.get("/metrics")
            .body
            .contains(r#"bext_jobs_killed_total{reason="memory"} 1"#)
    );
}

#[test]
fn cancel_reaches_a_job_that_never_yields() {
    // The interrupt comes only after 60 s: the flag alone must stop it.
    let d = start(&format!("{ONE}[jobs]\ncancel_grace_ms = 60000\n"));
    let id = spawn(&d, &["jobs/spin.js"]);
    wait_status(&d, &id, "running", Duration::from_secs(10));
    let r = d.get(&format!("/cancel?id={id}")).json();
    assert_eq!(r["cancelled"], true);
    let j = wait_status(&d, &id, "cancelled", Duration::from_secs(10));
    assert_eq!(j["result"]["spun"], true, "{j}");
    // A job waiting on a promise that never settles is interrupted after
    // the grace; a timeout kills a job that runs too long.
    let d = start(&format!("{ONE}[jobs]\ncancel_grace_ms = 100\n"));
    let id = spawn(&d, &["jobs/sleepy.js"]);
    wait_status(&d, &id, "running", Duration::from_secs(10));
    bext(d.dir.path(), &["jobs", "cancel", &id]);
    wait_status(&d, &id, "cancelled", Duration::from_secs(10));
    let id = spawn(&d, &["jobs/sleepy.js", "--timeout", "300"]);
    let j = wait_status(&d, &id, "failed", Duration::from_secs(10));
    assert!(j["error"].as_str().unwrap().starts_with("timeout"), "{j}");
}

#[test]
fn a_checkpoint_over_the_limit_is_refused_with_a_clear_error() {
    let d = start(ONE);
    let id = spawn(&d, &["jobs/big.js"]);
    let j = wait_status(&d, &id, "completed", Duration::from_secs(10));
    let r = &j["result"];
    assert_eq!(r["refused"], true, "{j}");
    assert_eq!(r["name"], "RangeError");
    assert!(
        r["message"]
            .as_str()
            .unwrap()
            .contains("the limit is 1048576 bytes"),
        "{r}"
    );
    assert_eq!(j["checkpoint"], serde_json::json!({"small": true}));
}

/// The count of a daemon's checkpoint.
#[test]
fn a_pool_added_by_a_reload_owns_jobs_and_jobs_keys_need_a_restart() {
    let d = start(ONE);
    let (code, _, err) = bext(
        d.dir.path(),
        &["jobs", "spawn", "jobs/hello.js", "--pool", "extra"],
    );
    assert_eq!(code, 1);
    assert!(err.contains("no pool named \"extra\""), "{err}");
    let config = std::fs::read_to_string(d.dir.path().join("bext.toml")).unwrap();
    let grown = format!(
        "[pools.extra]\nscript = \"worker.js\"\nroute = \"^/extra/\"\njsc_workers = 1\n{config}\n[jobs]\nmax_running = 30\n"
    );
    std::fs::write(d.dir.path().join("bext.toml"), grown).unwrap();
    let (code, out, err) = bext(d.dir.path(), &["reload"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("jobs.max_running changed: needs a restart"),
        "{out}"
    );
    let id = spawn(
        &d,
        &[
            "jobs/hello.js",
            "--pool",
            "extra",
            "--data",
            r#"{"steps":2}"#,
        ],
    );
    let j = wait_status(&d, &id, "completed", Duration::from_secs(10));
    assert_eq!(j["pool"], "extra");
    assert_eq!(stats(&d)["max_running"], 20, "the running limits stay");
}

/// Answers one HTTP request with a JSON body; returns its port.
fn one_shot_server() -> u16 {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        let Ok((mut conn, _)) = listener.accept() else {
            return;
        };
        let mut head = Vec::new();
        let mut b = [0u8; 1024];
        while !head.windows(4).any(|w| w == b"\r\n\r\n") {
            match conn.read(&mut b) {
                Ok(0) | Err(_) => return,
                Ok(n) => head.extend_from_slice(&b[..n]),
            }
        }
        let body = r#"{"from":"upstream"}"#;
        let _ = write!(
            conn,
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
    });
    port
}

#[test]
fn a_job_fetches_within_its_pool_fetch_allow() {
    let d = start(&format!("{ONE}fetch_allow = [\"127.0.0.1\"]\n"));
    let data = format!(r#"{{"port":{}}}"#, one_shot_server());
    let id = spawn(&d, &["jobs/fetcher.js", "--data", &data]);
    let j = wait_status(&d, &id, "completed", Duration::from_secs(10));
    assert_eq!(j["result"]["status"], 200);
    assert_eq!(j["result"]["body"]["from"], "upstream");
    // A pool that allows no host: its jobs cannot fetch either.
    let d = start(ONE);
    let data = format!(r#"{{"port":{}}}"#, one_shot_server());
    let id = spawn(&d, &["jobs/fetcher.js", "--data", &data]);
    let j = wait_status(&d, &id, "failed", Duration::from_secs(10));
    assert!(j["error"].as_str().unwrap().contains("fetch_allow"), "{j}");
    // `*` alone never reaches a loopback address, from a job either.
    let d = start(&format!("{ONE}fetch_allow = [\"*\"]\n"));
    let data = format!(r#"{{"port":{}}}"#, one_shot_server());
    let id = spawn(&d, &["jobs/fetcher.js", "--data", &data]);
    let j = wait_status(&d, &id, "failed", Duration::from_secs(10));
    let error = j["error"].as_str().unwrap();
    assert!(error.contains("127.0.0.1 is a loopback address"), "{j}");
}

#[test]
fn a_job_s_temporary_folder_holds_its_pool_s_tmp_max_bytes() {
    let d = start(&format!("{ONE}tmp_max_bytes = 1000\n"));
    let id = spawn(&d, &["jobs/writer.js"]);
    let j = wait_status(&d, &id, "completed", Duration::from_secs(10));
    assert_eq!(
        j["result"],
        serde_json::json!({ "500": "written", "2000": "ENOSPC" }),
        "{j}"
    );
}

mod daemons;
