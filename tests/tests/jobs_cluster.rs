//! End-to-end: several bextd instances sharing one PostgreSQL job store
//! (`[jobs] store`), against a real server started by each test (one
//! schema per test): no job runs twice, a daemon runs in one place and
//! fails over from its checkpoint when its node is killed or frozen,
//! PostgreSQL restarting loses nothing, and SIGTERM hands a node's jobs
//! over at once.

use std::path::Path;
use std::time::{Duration, Instant};

use bext_e2e::pg::Postgres;
use bext_e2e::scripts::{COUNTING_DAEMON, SHORT_JOB};
use bext_e2e::{Daemon, Setup, Signal, bext, exists, wait_for};
use nix::unistd::Pid;
use serde_json::Value;

const HANDLER: &str = r#"
export async function handler(req) {
  return "ok";
}
"#;

/// Never ends by itself, and does not stop when asked: only a kill ends it.
const WAIT: &str = r#"
export async function run(job) {
  await new Promise(() => {});
}
"#;

/// A database, job scripts every node sees at the same path, and nodes.
struct Cluster {
    pg: Postgres,
    schema: String,
    scripts: tempfile::TempDir,
    config: String,
}

impl Cluster {
    fn new(schema: &str, ttl_ms: u64) -> Cluster {
        let pg = Postgres::start();
        let url = pg.schema(schema);
        let scripts = tempfile::tempdir().unwrap();
        for (name, text) in [
            ("count.js", COUNTING_DAEMON),
            ("short.js", SHORT_JOB),
            ("wait.js", WAIT),
        ] {
            std::fs::write(scripts.path().join(name), text).unwrap();
        }
        let config = format!(
            "[render]\nscript = \"worker.js\"\njsc_workers = 1\n\
             [jobs]\nstore = \"{url}\"\nlease_ttl_ms = {ttl_ms}\nclaim_interval_ms = 100\n\
             cancel_grace_ms = 300\nkill_grace_ms = 300\nmemory_budget_mb = 2048\nmax_running = 20\nmax_running_per_pool = 20\n"
        );
        Cluster {
            pg,
            schema: schema.into(),
            scripts,
            config,
        }
    }

    fn node(&self) -> Daemon {
        Daemon::start_with(Setup {
            config: &self.config,
            files: &[("worker.js", HANDLER)],
            ..Setup::default()
        })
    }

    fn script(&self, name: &str) -> String {
        self.scripts.path().join(name).display().to_string()
    }

    fn sql(&self, query: &str) -> String {
        self.pg
            .psql(&query.replace("bext_jobs", &format!("{}.bext_jobs", self.schema)))
    }

    /// The daemon's checkpointed count, as stored.
    fn stored_count(&self, id: &str) -> u64 {
        let cp = self.sql(&format!(
            "SELECT checkpoint FROM bext_jobs WHERE id = '{id}'"
        ));
        serde_json::from_str::<Value>(&cp)
            .ok()
            .and_then(|v| v["count"].as_u64())
            .unwrap_or(0)
    }
}

fn spawn(d: &Daemon, args: &[&str]) -> String {
    let mut all = vec!["jobs", "spawn"];
    all.extend_from_slice(args);
    let (code, out, err) = bext(d.dir.path(), &all);
    assert_eq!(code, 0, "bext jobs spawn {args:?}: {err}");
    out.trim().to_owned()
}

/// Job `id` as node `d` sees it (null until its spawn is stored).
fn job(d: &Daemon, id: &str) -> Value {
    let r = d.get(&format!("/__bext/jobs/{id}"));
    if r.status == 404 {
        return Value::Null;
    }
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

fn pid_of(j: &Value) -> Option<Pid> {
    j["pid"].as_u64().map(|p| Pid::from_raw(p as i32))
}

/// Which node runs job `id` (the one whose own answer has its pid), and
/// that pid.
fn runner(nodes: &[&Daemon], id: &str) -> Option<(usize, Pid)> {
    let mut found = None;
    for (i, d) in nodes.iter().enumerate() {
        if let Some(pid) = pid_of(&job(d, id)).filter(|p| exists(*p)) {
            assert!(found.is_none(), "job {id} runs on two nodes at once");
            found = Some((i, pid));
        }
    }
    found
}

/// Lines of `bext jobs logs` saying where the daemon resumed.
fn resumed(dir: &Path, id: &str) -> Vec<u64> {
    let (_, logs, _) = bext(dir, &["jobs", "logs", id]);
    logs.lines()
        .filter_map(|l| l.split("resumed from ").nth(1))
        .filter_map(|n| n.trim().parse().ok())
        .collect()
}

fn started(d: &Daemon, id: &str) -> usize {
    let needle = format!("job={id}");
    d.logs()
        .lines()
        .filter(|l| l.contains("job started") && l.contains(&needle))
        .count()
}

#[test]
fn two_nodes_share_one_queue_and_no_job_runs_twice() {
    let c = Cluster::new("share", 3_000);
    let a = c.node();
    let b = c.node();
    let ids: Vec<String> = (0..40)
        .map(|n| {
            let data = format!("{{\"n\":{n}}}");
            spawn(
                if n % 2 == 0 { &a } else { &b },
                &[&c.script("short.js"), "--data", &data],
            )
        })
        .collect();
    c.pg.wait_for(
        &format!(
            "SELECT count(*) FROM {}.bext_jobs WHERE status = 'completed'",
            c.schema
        ),
        |n| n == "40",
        Duration::from_secs(60),
    );
    let (mut on_a, mut on_b) = (0, 0);
    for id in &ids {
        let (sa, sb) = (started(&a, id), started(&b, id));
        assert_eq!(sa + sb, 1, "job {id} started {sa} times on A and {sb} on B");
        on_a += sa;
        on_b += sb;
    }
    assert_eq!(on_a + on_b, 40);
    assert_eq!(
        c.sql("SELECT count(*) FROM bext_jobs WHERE attempt <> 1"),
        "0",
        "every job was claimed once"
    );
    // `bext jobs ls` on either node shows every job and who ran it.
    let (code, out, err) = bext(b.dir.path(), &["jobs", "ls"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("NODE"), "{out}");
    let (_, json, _) = bext(a.dir.path(), &["jobs", "ls", "--json"]);
    let listed: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(listed["jobs"].as_array().unwrap().len(), 40, "{json}");
    let metrics = a.get("/metrics").body + &b.get("/metrics").body;
    assert!(metrics.contains("bext_jobs_claims_total"), "{metrics}");
}

/// Starts the counting daemon and waits until it counted to 10; returns
/// its id, the node running it and its pid.
fn counting_daemon(c: &Cluster, nodes: &[&Daemon]) -> (String, usize, Pid) {
    let id = spawn(nodes[0], &[&c.script("count.js"), "--daemon"]);
    let (owner, pid) = wait_for(Duration::from_secs(20), "the daemon to run", || {
        runner(nodes, &id).filter(|_| c.stored_count(&id) >= 10)
    });
    (id, owner, pid)
}

/// Samples the stored count until `until` holds: it never goes backwards
/// and the daemon never runs on two nodes at once.
fn watch_count(
    c: &Cluster,
    nodes: &[&Daemon],
    id: &str,
    limit: Duration,
    mut until: impl FnMut(u64) -> bool,
) -> u64 {
    let mut last = 0;
    let end = Instant::now() + limit;
    loop {
        let n = c.stored_count(id);
        assert!(n >= last, "the count went back from {last} to {n}");
        last = n;
        let _ = runner(nodes, id);
        if until(n) {
            return n;
        }
        assert!(Instant::now() < end, "timed out; the count is {n}");
        std::thread::sleep(Duration::from_millis(30));
    }
}

#[test]
fn a_daemon_fails_over_from_a_killed_node_within_its_ttl_from_its_checkpoint() {
    let c = Cluster::new("killed", 2_000);
    let a = c.node();
    let b = c.node();
    let (id, owner, pid) = counting_daemon(&c, &[&a, &b]);
    let (mut dead, alive) = if owner == 0 { (a, b) } else { (b, a) };
    let before = c.stored_count(&id);
    dead.signal(Signal::SIGKILL);
    dead.wait_exit(Duration::from_secs(10));
    let killed_at = Instant::now();
    // Its job process dies with it (PR_SET_PDEATHSIG), before the lease ends.
    wait_for(
        Duration::from_secs(2),
        "the job process to die with its node",
        || (!exists(pid)).then_some(()),
    );
    let (_, pid2) = wait_for(
        Duration::from_secs(10),
        "the other node to take over",
        || runner(&[&alive], &id),
    );
    let took = killed_at.elapsed();
    assert!(
        took < Duration::from_millis(2_000 + 1_500),
        "took {took:?} with a TTL of 2 s"
    );
    assert_ne!(pid2, pid);
    let r = wait_for(Duration::from_secs(5), "the resume line", || {
        Some(resumed(alive.dir.path(), &id)).filter(|r| !r.is_empty())
    });
    assert!(r[0] >= before, "resumed from {r:?}, checkpointed {before}");
    watch_count(&c, &[&alive], &id, Duration::from_secs(10), |n| {
        n >= before + 20
    });
    assert_eq!(
        c.sql(&format!("SELECT attempt FROM bext_jobs WHERE id = '{id}'")),
        "2"
    );
    assert!(
        alive
            .get("/metrics")
            .body
            .contains("bext_jobs_rescues_total 1")
    );
    drop(dead);
}

#[test]
fn a_frozen_node_loses_its_daemon_and_kills_it_at_once_when_it_thaws() {
    let c = Cluster::new("frozen", 1_500);
    let a = c.node();
    let b = c.node();
    let (id, owner, pid) = counting_daemon(&c, &[&a, &b]);
    let (frozen, alive) = if owner == 0 { (&a, &b) } else { (&b, &a) };
    frozen.signal(Signal::SIGSTOP);
    let (_, pid2) = wait_for(
        Duration::from_secs(10),
        "the other node to take over",
        || runner(&[alive], &id),
    );
    assert_ne!(pid2, pid);
    let before = watch_count(&c, &[alive], &id, Duration::from_secs(10), |_| true);
    watch_count(&c, &[alive], &id, Duration::from_secs(10), |n| {
        n >= before + 20
    });
    // While its node is still frozen, the stale process stops itself: it
    // saw bextd stopped for a lease's time. It is left a zombie until its
    // frozen parent reaps it.
    wait_for(
        Duration::from_secs(10),
        "the frozen node's job process to stop itself",
        || (!running(pid)).then_some(()),
    );
    // It thaws; nothing the stale run sent reaches the store (the count
    // never goes back).
    frozen.signal(Signal::SIGCONT);
    wait_for(
        Duration::from_secs(3),
        "the stale process to be reaped",
        || (!exists(pid)).then_some(()),
    );
    let after = watch_count(&c, &[frozen, alive], &id, Duration::from_secs(5), |n| {
        n > before + 40
    });
    assert!(after > before);
    assert_eq!(runner(&[frozen, alive], &id).map(|(i, _)| i), Some(1));
    // Thawed, the node learns it lost the lease: its own tick sees the
    // lease lapsed, or its store task reports the lease taken; either
    // comes first, and both kill the stale run.
    frozen.wait_until(
        Duration::from_secs(5),
        "the thawed node to drop its lease",
        || {
            let log = frozen.logs();
            (log.contains("job leases not renewed within their TTL")
                || log.contains("reason=lease lost"))
            .then_some(())
        },
    );
}

#[test]
fn postgres_restarting_mid_run_loses_nothing() {
    let c = Cluster::new("restart", 5_000);
    let a = c.node();
    let (id, _, pid) = counting_daemon(&c, &[&a]);
    c.pg.down();
    // While it is down: the daemon runs on, a new job is accepted.
    let late = spawn(&a, &[&c.script("short.js"), "--data", "{\"n\":1}"]);
    std::thread::sleep(Duration::from_millis(800));
    c.pg.up();
    let before = c.stored_count(&id);
    watch_count(&c, &[&a], &id, Duration::from_secs(15), |n| {
        n >= before + 20
    });
    assert_eq!(
        runner(&[&a], &id).map(|(_, p)| p),
        Some(pid),
        "the daemon kept its process"
    );
    c.pg.wait_for(
        &format!(
            "SELECT status FROM {}.bext_jobs WHERE id = '{late}'",
            c.schema
        ),
        |s| s == "completed",
        Duration::from_secs(20),
    );
}

#[test]
fn sigterm_hands_a_nodes_jobs_over_at_once() {
    // A TTL of 60 s: only a release explains a handover within seconds.
    let c = Cluster::new("sigterm", 60_000);
    let a = c.node();
    let b = c.node();
    let (id, owner, _) = counting_daemon(&c, &[&a, &b]);
    let waiting = spawn(&a, &[&c.script("wait.js")]);
    let (w_owner, _) = wait_for(Duration::from_secs(10), "the one-off job to run", || {
        runner(&[&a, &b], &waiting)
    });
    // Both jobs on A: stop whichever node runs the daemon; the other takes
    // every job of it.
    let (mut stopping, staying) = if owner == 0 { (a, b) } else { (b, a) };
    let before = c.stored_count(&id);
    let t0 = Instant::now();
    stopping.signal(Signal::SIGTERM);
    assert!(stopping.wait_exit(Duration::from_secs(20)).success());
    wait_for(
        Duration::from_secs(10),
        "the daemon to run on the other node",
        || runner(&[&staying], &id),
    );
    assert!(t0.elapsed() < Duration::from_secs(10), "{:?}", t0.elapsed());
    let r = wait_for(Duration::from_secs(5), "the resume line", || {
        Some(resumed(staying.dir.path(), &id)).filter(|r| !r.is_empty())
    });
    assert!(r[0] >= before, "resumed from {r:?}, checkpointed {before}");
    if w_owner == owner {
        wait_for(
            Duration::from_secs(10),
            "the one-off job to run again",
            || runner(&[&staying], &waiting),
        );
    }
    let j = job(&staying, &id);
    assert_eq!(j["restart_count"], 0, "a handover is not a crash: {j}");
    drop(stopping);
}

/// Whether `pid` runs: it exists and is not a zombie.
fn running(pid: Pid) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X")
    })
}

/// CPU time (user + system, in clock ticks) of bextd's job manager thread.
fn manager_ticks(d: &Daemon) -> u64 {
    let tasks = std::fs::read_dir(format!("/proc/{}/task", d.pid)).unwrap();
    for t in tasks {
        let dir = t.unwrap().path();
        if std::fs::read_to_string(dir.join("comm")).unwrap().trim() == "bext-jobs" {
            let stat = std::fs::read_to_string(dir.join("stat")).unwrap();
            let after = &stat[stat.rfind(')').unwrap() + 2..];
            let f: Vec<u64> = after
                .split(' ')
                .skip(11)
                .take(2)
                .map(|x| x.parse().unwrap())
                .collect();
            return f[0] + f[1];
        }
    }
    panic!("no bext-jobs thread");
}

#[test]
fn a_full_node_waits_for_a_free_slot_without_spinning_then_claims() {
    let mut c = Cluster::new("busy_node", 2_000);
    c.config = c.config.replace(
        "max_running = 20\nmax_running_per_pool = 20",
        "max_running = 1\nmax_running_per_pool = 1",
    );
    let d = c.node();
    let first = spawn(&d, &[&c.script("wait.js")]);
    let second = spawn(&d, &[&c.script("short.js"), "--data", r#"{"n":7}"#]);
    wait_for(Duration::from_secs(10), "the first job to run", || {
        pid_of(&job(&d, &first))
    });
    // Full, with a job waiting in the store: the manager sleeps until a
    // slot frees (it spun a whole core here, polling a claim deadline
    // already past).
    let before = manager_ticks(&d);
    std::thread::sleep(Duration::from_secs(2));
    let used = manager_ticks(&d) - before;
    assert!(used < 50, "{used} ticks of CPU in 2 s while full");
    assert_eq!(job(&d, &second)["status"], "queued");
    // The slot frees (the first job is killed after the graces): the
    // waiting job is claimed and runs.
    let (code, _, err) = bext(d.dir.path(), &["jobs", "cancel", &first]);
    assert_eq!(code, 0, "{err}");
    let done = wait_for(Duration::from_secs(10), "the second job to end", || {
        let j = job(&d, &second);
        (j["status"] != "queued" && j["status"] != "running").then_some(j)
    });
    assert_eq!(done["status"], "completed", "{done}");
    assert_eq!(done["result"]["n"], 7);
}
