//! End-to-end: pooled job workers, with the real bextd and job processes.
//! Short jobs run one after another in one process with its module state
//! (`isolate = "pool"`, the default), or each in a fresh one (`"process"`);
//! a process is replaced after `job_worker_max_jobs` jobs or when a job
//! left it larger than its reservation; a pooled worker killed while idle
//! costs no job; 10,000 short jobs complete, none lost or run twice, while
//! a job worker is SIGKILLed mid-way.

use std::collections::HashSet;
use std::time::Duration;

use bext_e2e::{Daemon, Setup, wait_for};
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use serde_json::Value;

const HANDLER: &str = r#"
export async function handler(req) {
  const q = req.query;
  if (req.path === "/spawn") {
    const ids = [];
    const memory = q.memory || undefined;
    for (let i = 0; i < Number(q.n || 1); i++) {
      ids.push(bext.jobs.spawn(q.script, { data: { i }, memory, maxAttempts: 3 }));
    }
    return { ids };
  }
  return "ok";
}
"#;

/// Counts the jobs its module has run, in this process.
const WHO: &str = r#"
let n = 0;
export function run(job) {
  n++;
  return { pid: bext.worker.pid, n, i: job.data.i };
}
"#;

/// Keeps 48 MB alive in its module after it returns.
const HOG: &str = r#"
globalThis.hog = [];
export function run(job) {
  const a = new Uint8Array(48 << 20);
  a.fill(1);
  globalThis.hog.push(a);
  return { pid: bext.worker.pid, n: globalThis.hog.length, i: job.data.i };
}
"#;

/// One job at a time unless `jobs_keys` says otherwise.
const ONE: &str = "max_running = 1\nmax_running_per_pool = 1";

fn start(pool_keys: &str, jobs_keys: &str) -> Daemon {
    let config = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n{pool_keys}\n[jobs]\n{jobs_keys}\n"
    );
    Daemon::start_with(Setup {
        config: &config,
        files: &[
            ("worker.js", HANDLER),
            ("jobs/who.js", WHO),
            ("jobs/hog.js", HOG),
        ],
        ..Setup::default()
    })
}

fn spawn(d: &Daemon, query: &str) -> Vec<String> {
    let r = d.get(&format!("/spawn?{query}"));
    assert_eq!(r.status, 200, "{}", r.body);
    let ids = r.json()["ids"].as_array().unwrap().clone();
    ids.iter().map(|i| i.as_str().unwrap().to_owned()).collect()
}

fn wait_done(d: &Daemon, id: &str) -> Value {
    wait_for(
        Duration::from_secs(30),
        &format!("job {id} to complete"),
        || {
            let j = d.get(&format!("/__bext/jobs/{id}")).json();
            match j["status"].as_str() {
                Some("completed") => Some(j),
                Some("failed" | "discarded" | "cancelled") => panic!("{j}"),
                _ => None,
            }
        },
    )
}

/// (pid, n) of each job, one after another.
fn run_in_turn(d: &Daemon, script: &str, jobs: usize) -> Vec<(u64, u64)> {
    (0..jobs)
        .map(|_| {
            let id = spawn(d, &format!("script=jobs/{script}"))[0].clone();
            let r = &wait_done(d, &id)["result"];
            (r["pid"].as_u64().unwrap(), r["n"].as_u64().unwrap())
        })
        .collect()
}

#[test]
fn short_jobs_run_one_after_another_in_one_process_with_its_module_state() {
    let d = start("", ONE);
    let runs = run_in_turn(&d, "who.js", 5);
    let pid = runs[0].0;
    assert_eq!(runs, (1..=5).map(|n| (pid, n)).collect::<Vec<_>>());
}

#[test]
fn isolate_process_gives_each_job_a_fresh_process() {
    let d = start("isolate = \"process\"", ONE);
    let runs = run_in_turn(&d, "who.js", 4);
    assert!(runs.iter().all(|&(_, n)| n == 1), "{runs:?}");
    let pids: HashSet<u64> = runs.iter().map(|r| r.0).collect();
    assert_eq!(pids.len(), 4, "{runs:?}");
}

#[test]
fn a_job_worker_is_replaced_after_its_max_jobs() {
    let d = start("job_worker_max_jobs = 2", ONE);
    let runs = run_in_turn(&d, "who.js", 5);
    let ns: Vec<u64> = runs.iter().map(|r| r.1).collect();
    assert_eq!(ns, [1, 2, 1, 2, 1], "{runs:?}");
    let pids: Vec<u64> = runs.iter().map(|r| r.0).collect();
    assert!(pids[0] == pids[1] && pids[1] != pids[2] && pids[2] == pids[3] && pids[3] != pids[4]);
}

#[test]
fn a_job_that_left_its_process_over_its_reservation_gets_no_successor_there() {
    let d = start("", ONE);
    let first = spawn(&d, "script=jobs/hog.js&memory=40MB")[0].clone();
    let hog = wait_done(&d, &first)["result"]["pid"].as_u64().unwrap();
    let runs = run_in_turn(&d, "who.js", 2);
    assert_ne!(
        runs[0].0, hog,
        "the 48 MB process was kept for the next job"
    );
    assert_eq!(runs[1], (runs[0].0, 2));
}

#[test]
fn a_pooled_worker_killed_while_idle_costs_no_job() {
    let d = start("", ONE);
    let idle = run_in_turn(&d, "who.js", 1)[0].0;
    kill(Pid::from_raw(idle as i32), Signal::SIGKILL).unwrap();
    wait_for(
        Duration::from_secs(10),
        "the idle worker to be gone",
        || (!bext_e2e::exists(Pid::from_raw(idle as i32))).then_some(()),
    );
    let runs = run_in_turn(&d, "who.js", 2);
    assert_ne!(runs[0].0, idle);
    assert_eq!(runs[1], (runs[0].0, 2));
}

/// Jobs completed since bextd started, from its counter: listing 10,000
/// jobs at every poll would cost more than running them.
fn completed(d: &Daemon) -> u64 {
    let m = d.get("/metrics").body;
    m.lines()
        .find_map(|l| l.strip_prefix("bext_jobs_finished_total{state=\"completed\"} "))
        .map_or(0, |n| n.trim().parse::<f64>().unwrap() as u64)
}

#[test]
fn ten_thousand_short_jobs_complete_once_while_a_job_worker_is_killed() {
    let d = start(
        "",
        "max_running = 4\nmax_running_per_pool = 4\nkeep_finished = 20000",
    );
    let ids = spawn(&d, "script=jobs/who.js&n=10000&memory=32MB");
    assert_eq!(ids.len(), 10_000);
    let jobs = |d: &Daemon| {
        d.get("/__bext/jobs").json()["jobs"]
            .as_array()
            .unwrap()
            .clone()
    };
    wait_for(Duration::from_secs(120), "2,000 jobs done", || {
        (completed(&d) >= 2_000).then_some(())
    });
    let victim = wait_for(Duration::from_secs(60), "a job running", || {
        let all = jobs(&d);
        let running = all
            .iter()
            .find(|j| j["status"] == "running" && j["pid"].is_u64());
        running?["pid"].as_u64()
    });
    kill(Pid::from_raw(victim as i32), Signal::SIGKILL).unwrap();
    wait_for(Duration::from_secs(300), "every job to complete", || {
        (completed(&d) >= 10_000).then_some(())
    });
    let all = jobs(&d);
    assert_eq!(all.len(), 10_000);
    let mut seen = HashSet::new();
    for j in &all {
        assert_eq!(j["status"], "completed", "{j}");
        assert!(seen.insert(j["result"]["i"].as_u64().unwrap()), "{j}");
    }
    assert_eq!(completed(&d), 10_000, "a job completed twice");
    // Only a job the killed process held may have needed a second attempt.
    let again = all
        .iter()
        .filter(|j| j["attempt"].as_u64() != Some(1))
        .count();
    assert!(again <= 1, "{again} jobs ran more than once");
}

/// The niceness of a process, from /proc (field 19 of its stat).
fn niceness(pid: u64) -> i64 {
    stat_niceness(&format!("/proc/{pid}/stat"))
}

fn stat_niceness(path: &str) -> i64 {
    let stat = std::fs::read_to_string(path).unwrap();
    let after = &stat[stat.rfind(')').unwrap() + 2..];
    after.split(' ').nth(16).unwrap().parse().unwrap()
}

/// The niceness of each of bextd's threads, by name.
fn thread_niceness(pid: u32) -> Vec<(String, i64)> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).unwrap();
    tasks
        .map(|t| {
            let dir = t.unwrap().path();
            let name = std::fs::read_to_string(dir.join("comm")).unwrap();
            let nice = stat_niceness(&dir.join("stat").to_string_lossy());
            (name.trim().to_owned(), nice)
        })
        .collect()
}

#[test]
fn job_processes_yield_the_cpu_to_requests() {
    let d = start("", ONE);
    let pid = run_in_turn(&d, "who.js", 1)[0].0;
    assert_eq!(niceness(pid), 10, "the default [jobs] nice");
    assert_eq!(niceness(d.worker_pids()[0].as_raw() as u64), 0);
    // bextd's job threads (the manager, the state file's writer) too; the
    // rest of bextd (requests) keeps its priority.
    let threads = thread_niceness(d.pid.as_raw() as u32);
    let of = |name: &str| threads.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
    assert_eq!(of("bext-jobs"), Some(10), "{threads:?}");
    assert_eq!(of("bext-jobs-db"), Some(10), "{threads:?}");
    assert_eq!(of("bextd"), Some(0), "{threads:?}");
    let d = start("", &format!("{ONE}\nnice = 3"));
    let pid = run_in_turn(&d, "who.js", 1)[0].0;
    assert_eq!(niceness(pid), 3);
}
