//! End-to-end: when jobs run, with the real bextd and job processes: a
//! delayed job runs not before its time; 50 concurrent spawns of a unique
//! job make one job (on SQLite, and on a PostgreSQL store shared by two
//! nodes) and two pools spawning one key get a job each; priorities order
//! a backlog.

use std::time::Duration;

use bext_e2e::pg::Postgres;
use bext_e2e::{Daemon, Setup, bext, wait_for};
use serde_json::Value;

/// The unique job waits a minute, far longer than the test: every spawn must
/// find it running however slow the machine (a 2 s job once ended before
/// the last of 50 spawns reached the store, at a load average of 15).
const HANDLER: &str = r#"
export async function handler(req) {
  const q = req.query;
  if (req.path.endsWith("/unique")) {
    const id = await bext.jobs.spawn(q.script, { unique: { key: q.key }, data: { wait: 60000 } });
    return { id };
  }
  return "ok";
}
"#;

/// Returns when it started; waits `data.wait` ms first if asked.
const STAMP: &str = r#"
export async function run(job) {
  const started = Date.now();
  if (job.data && job.data.wait) await job.sleep(job.data.wait);
  return { started };
}
"#;

fn files() -> [(&'static str, &'static str); 2] {
    [("worker.js", HANDLER), ("jobs/stamp.js", STAMP)]
}

fn start(config: &str) -> Daemon {
    Daemon::start_with(Setup {
        config,
        files: &files(),
        ..Setup::default()
    })
}

const ONE: &str = "[render]\nscript = \"worker.js\"\njsc_workers = 2\n";

fn job(d: &Daemon, id: &str) -> Value {
    let r = d.get(&format!("/__bext/jobs/{id}"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

fn wait_done(d: &Daemon, id: &str) -> Value {
    wait_for(
        Duration::from_secs(20),
        &format!("job {id} to complete"),
        || {
            let j = job(d, id);
            (j["status"] == "completed").then_some(j)
        },
    )
}

fn spawn(d: &Daemon, args: &[&str]) -> String {
    let mut all = vec!["jobs", "spawn"];
    all.extend_from_slice(args);
    let (code, out, err) = bext(d.dir.path(), &all);
    assert_eq!(code, 0, "bext jobs spawn {args:?}: {err}");
    out.trim().to_owned()
}

#[test]
fn a_delayed_job_runs_not_before_its_time() {
    let d = start(ONE);
    let asked = now_ms();
    let id = spawn(&d, &["jobs/stamp.js", "--delay", "1500"]);
    let j = job(&d, &id);
    assert_eq!(j["status"], "queued", "{j}");
    let run_at = j["run_at"].as_u64().expect("run_at");
    assert!(run_at >= asked + 1500, "{j}");
    let (code, ls, _) = bext(d.dir.path(), &["jobs", "ls"]);
    assert_eq!(code, 0);
    assert!(
        ls.lines().any(|l| l.contains(&id) && l.contains("delayed")),
        "{ls}"
    );
    let j = wait_done(&d, &id);
    let started = j["result"]["started"].as_u64().unwrap();
    assert!(started >= run_at, "started {started}, not before {run_at}");
    assert!(
        started < run_at + 1_000,
        "started {} ms late",
        started - run_at
    );
}

fn fifty_unique_spawns(nodes: &[&Daemon]) -> Vec<String> {
    let handles: Vec<_> = (0..50)
        .map(|i| {
            let addr = nodes[i % nodes.len()].addr;
            std::thread::spawn(move || {
                bext_e2e::request(
                    addr,
                    "GET",
                    "/unique?script=jobs/stamp.js&key=report",
                    &[],
                    b"",
                )
            })
        })
        .collect();
    let replies: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    for r in &replies {
        if r.status != 200 {
            let logs: Vec<String> = nodes.iter().map(|d| d.logs()).collect();
            panic!("{} {}\n{}", r.status, r.body, logs.join("\n----\n"));
        }
    }
    replies
        .iter()
        .map(|r| r.json()["id"].as_str().expect(&r.body).to_owned())
        .collect()
}

#[test]
fn fifty_concurrent_spawns_of_a_unique_job_make_one_job() {
    let d = start(ONE);
    let ids = fifty_unique_spawns(&[&d]);
    let first = ids[0].clone();
    assert!(ids.iter().all(|i| *i == first), "{ids:?}");
    let jobs = d.get("/__bext/jobs").json()["jobs"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(jobs, 1);
    assert_eq!(job(&d, &first)["unique_key"], "report");
}

#[test]
fn fifty_unique_spawns_on_two_nodes_of_one_store_make_one_job() {
    let pg = Postgres::start();
    let url = pg.schema("uniq");
    let config = format!("{ONE}[jobs]\nstore = \"{url}\"\nclaim_interval_ms = 100\n");
    let (a, b) = (start(&config), start(&config));
    let ids = fifty_unique_spawns(&[&a, &b]);
    let first = ids[0].clone();
    assert!(ids.iter().all(|i| *i == first), "{ids:?}");
    assert_eq!(pg.psql("SELECT count(*) FROM uniq.bext_jobs"), "1");
}

/// Two pools, each spawning with the same unique key, on `jobs` (a
/// `[jobs]` section): each gets a job of its own, and its second spawn
/// finds its own.
fn two_pools_one_key(jobs: &str) -> Daemon {
    let config = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/a\"\n\
         [pools.other]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/b\"\n{jobs}"
    );
    let d = start(&config);
    d.wait_workers(2);
    let spawn = |pool: &str| {
        let r = d.get(&format!("/{pool}/unique?script=jobs/stamp.js&key=report"));
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()["id"].as_str().expect(&r.body).to_owned()
    };
    let (a, b) = (spawn("a"), spawn("b"));
    assert_ne!(a, b, "pool other got pool render's job back");
    assert_eq!(job(&d, &a)["pool"], "render");
    assert_eq!(job(&d, &b)["pool"], "other");
    assert_eq!((spawn("a"), spawn("b")), (a, b));
    d
}

#[test]
fn unique_keys_are_each_pools_own() {
    let d = two_pools_one_key("");
    let jobs = d.get("/__bext/jobs").json()["jobs"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(jobs, 2);
    let pg = Postgres::start();
    let url = pg.schema("pools");
    two_pools_one_key(&format!(
        "[jobs]\nstore = \"{url}\"\nclaim_interval_ms = 100\n"
    ));
    assert_eq!(pg.psql("SELECT count(*) FROM pools.bext_jobs"), "2");
}

#[test]
fn priorities_order_a_backlog() {
    let d = start(&format!(
        "{ONE}[jobs]\nmax_running = 1\nmax_running_per_pool = 1\n"
    ));
    // The first holds the only slot while the backlog queues behind it.
    let first = spawn(&d, &["jobs/stamp.js", "--data", r#"{"wait":800}"#]);
    let mut backlog = Vec::new();
    for p in ["5", "9", "0", "5", "1"] {
        backlog.push((p, spawn(&d, &["jobs/stamp.js", "--priority", p])));
    }
    wait_done(&d, &first);
    let mut started: Vec<(u64, &str, usize)> = backlog
        .iter()
        .enumerate()
        .map(|(i, (p, id))| {
            (
                wait_done(&d, id)["result"]["started"].as_u64().unwrap(),
                *p,
                i,
            )
        })
        .collect();
    started.sort();
    let order: Vec<(&str, usize)> = started.iter().map(|(_, p, i)| (*p, *i)).collect();
    assert_eq!(order, [("0", 2), ("1", 4), ("5", 0), ("5", 3), ("9", 1)]);
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}
