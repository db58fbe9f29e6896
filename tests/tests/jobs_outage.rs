//! End-to-end: a PostgreSQL outage costs bextd a few log lines and almost
//! no CPU whatever its jobs do, and loses nothing. Three nodes share one
//! server and one outage, each with one kind of work: a daemon that sleeps
//! in a loop (it writes nothing, so the store's task has nothing to retry
//! but its claims and renewals), a daemon that checkpoints (a write waits
//! at every try) and a full node with a queue of jobs waiting in the store
//! (it claims nothing). Each node's CPU time (user + system, from /proc)
//! over the outage is held to a tenth of a core.

use std::time::{Duration, Instant};

use bext_e2e::pg::Postgres;
use bext_e2e::scripts::{COUNTING_DAEMON, SHORT_JOB};
use bext_e2e::{Daemon, Setup, bext};
use serde_json::Value;

/// Waits in a loop until cancelled, writing nothing.
const SLEEPER: &str = r#"
export async function run(job) {
  while (!job.cancelled) await job.sleep(100);
  return "stopped";
}
"#;

const FILES: &[(&str, &str)] = &[
    ("worker.js", "export function handler() { return 'ok'; }"),
    ("sleep.js", SLEEPER),
    ("count.js", COUNTING_DAEMON),
    ("short.js", SHORT_JOB),
];

/// How long the server stays down.
const OUTAGE: Duration = Duration::from_secs(6);

/// Most CPU a node may use per second of outage (a tenth of a core).
const CPU_PER_SECOND: Duration = Duration::from_millis(100);

/// A bextd on `url` with these `[jobs]` settings besides the store.
fn node(url: &str, jobs: &str) -> Daemon {
    let config = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n\
         [jobs]\nstore = \"{url}\"\ncancel_grace_ms = 300\nkill_grace_ms = 300\n{jobs}\n"
    );
    Daemon::start_with(Setup {
        config: &config,
        files: FILES,
        ..Setup::default()
    })
}

fn spawn(d: &Daemon, args: &[&str]) -> String {
    let mut all = vec!["jobs", "spawn"];
    all.extend_from_slice(args);
    let (code, out, err) = bext(d.dir.path(), &all);
    assert_eq!(code, 0, "bext jobs spawn {args:?}: {err}");
    out.trim().to_owned()
}

fn job(d: &Daemon, id: &str) -> Option<Value> {
    let r = d.get(&format!("/__bext/jobs/{id}"));
    (r.status == 200).then(|| r.json())
}

fn status(d: &Daemon, id: &str) -> Option<String> {
    job(d, id).map(|j| j["status"].as_str().unwrap_or("").to_owned())
}

fn wait_status(d: &Daemon, id: &str, want: &str, limit: Duration) {
    d.wait_until(limit, &format!("job {id} to be {want}"), || {
        (status(d, id).as_deref() == Some(want)).then_some(())
    });
}

/// bextd's CPU time so far (user + system, every thread), from /proc.
fn cpu_time(d: &Daemon) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", d.pid)).unwrap();
    // Counted from the state letter (field 3 of the line): utime and stime
    // are fields 14 and 15. By position: tpgid (field 8) is -1 without a
    // terminal, and skipping what is not a u64 read stime and cutime here.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    // USER_HZ is 100 on Linux.
    Duration::from_millis(ticks * 10)
}

fn resumed(d: &Daemon, id: &str) -> usize {
    let (_, logs, _) = bext(d.dir.path(), &["jobs", "logs", id]);
    logs.matches("resumed from").count()
}

fn stored_count(pg: &Postgres, schema: &str, id: &str) -> u64 {
    let cp = pg.psql(&format!(
        "SELECT checkpoint FROM {schema}.bext_jobs WHERE id = '{id}'"
    ));
    serde_json::from_str::<Value>(&cp)
        .ok()
        .and_then(|v| v["count"].as_u64())
        .unwrap_or(0)
}

/// A log line about the store or its connections.
fn about_the_store(line: &str) -> bool {
    ["jobs store", "PostgreSQL", "onnection"]
        .iter()
        .any(|w| line.contains(w))
}

/// One node of the test, named for what its jobs do.
struct Case {
    name: &'static str,
    d: Daemon,
}

impl Case {
    /// Its lines about the store from line `from` of its log (the outage
    /// began there): the first failure, the return and, once each, the
    /// connections that broke.
    fn check_lines(&self, from: usize) {
        let logs = self.d.logs();
        let during: Vec<&str> = logs
            .lines()
            .skip(from)
            .filter(|l| about_the_store(l))
            .collect();
        let name = self.name;
        assert!(
            during.len() <= 10,
            "{name}: {} lines: {during:#?}",
            during.len()
        );
        assert_eq!(
            self.d.count_log("PostgreSQL cannot be reached"),
            1,
            "{name}: {logs}"
        );
        assert_eq!(
            self.d.count_log("PostgreSQL is reachable again"),
            1,
            "{name}: {logs}"
        );
    }
}

/// Stops the server for [`OUTAGE`] and back; each case's CPU over it is
/// held to the bound. `meanwhile` runs once the server is down.
fn outage(pg: &Postgres, cases: &[&Case], meanwhile: impl FnOnce(Instant)) {
    let lines: Vec<usize> = cases.iter().map(|c| c.d.logs().lines().count()).collect();
    let cpu_before: Vec<Duration> = cases.iter().map(|c| cpu_time(&c.d)).collect();
    pg.down();
    let t0 = Instant::now();
    meanwhile(t0);
    std::thread::sleep(OUTAGE.saturating_sub(t0.elapsed()));
    let out_for = t0.elapsed();
    let used: Vec<Duration> = cases
        .iter()
        .zip(cpu_before)
        .map(|(c, before)| cpu_time(&c.d) - before)
        .collect();
    pg.up();
    let most = CPU_PER_SECOND.mul_f64(out_for.as_secs_f64());
    for (c, cpu) in cases.iter().zip(&used) {
        eprintln!(
            "{}: bextd used {cpu:?} of CPU in a {out_for:?} outage",
            c.name
        );
    }
    for (c, cpu) in cases.iter().zip(&used) {
        assert!(
            *cpu < most,
            "{}: bextd used {cpu:?} of CPU in a {out_for:?} outage (at most {most:?})",
            c.name
        );
    }
    for (c, from) in cases.iter().zip(lines) {
        c.d.wait_log(
            "PostgreSQL is reachable again after",
            Duration::from_secs(20),
        );
        c.check_lines(from);
    }
}

#[test]
fn an_outage_costs_almost_no_cpu_whatever_the_jobs_do_and_loses_nothing() {
    let pg = Postgres::start();
    // A node alone with a daemon that sleeps. It claims every second and
    // renews 20 s after it starts: a claim meets the outage, and the tries
    // that followed found nothing due until the next poll (the loop spun
    // there, 0.3 to 0.6 of a core). Its lease outlives the outage: the
    // daemon keeps its run.
    let sleeps = "lease_ttl_ms = 60000\nclaim_interval_ms = 1000";
    let sleeper = Case {
        name: "sleeping daemon",
        d: node(&pg.schema("sleeps"), sleeps),
    };
    let sleeping = spawn(&sleeper.d, &["sleep.js", "--daemon"]);
    wait_status(&sleeper.d, &sleeping, "running", Duration::from_secs(20));
    let sleeper_pid = job(&sleeper.d, &sleeping).unwrap()["pid"].clone();
    outage(&pg, &[&sleeper], |_| {});
    let j = job(&sleeper.d, &sleeping).unwrap();
    assert_eq!(
        (&j["status"], &j["pid"]),
        (&"running".into(), &sleeper_pid),
        "{j}"
    );
    drop(sleeper);

    // A daemon that checkpoints (its writes wait for every try), with
    // leases of 3 s that lapse during the outage as in a longer one; and a
    // full node (one slot, taken) with five jobs waiting in the store.
    let ckpt = "lease_ttl_ms = 3000\nclaim_interval_ms = 100";
    let counter = Case {
        name: "checkpointing daemon",
        d: node(&pg.schema("counts"), ckpt),
    };
    let full = "max_running = 1\nmax_running_per_pool = 1";
    let queue = Case {
        name: "full node with a queue",
        d: node(&pg.schema("waits"), full),
    };
    let counting = spawn(&counter.d, &["count.js", "--daemon"]);
    let holding = spawn(&queue.d, &["sleep.js"]);
    wait_status(&queue.d, &holding, "running", Duration::from_secs(20));
    let waiting: Vec<String> = (0..5)
        .map(|n| spawn(&queue.d, &["short.js", "--data", &format!("{{\"n\":{n}}}")]))
        .collect();
    counter
        .d
        .wait_until(Duration::from_secs(20), "the daemon to count", || {
            (stored_count(&pg, "counts", &counting) >= 10).then_some(())
        });
    pg.wait_for(
        "SELECT count(*) FROM waits.bext_jobs WHERE status = 'queued'",
        |n| n == "5",
        Duration::from_secs(10),
    );
    let mut late = String::new();
    let d = &counter.d;
    outage(&pg, &[&counter, &queue], |t0| {
        // While it is down: a job is accepted, the page says so.
        late = spawn(d, &["short.js", "--data", "{\"n\":9}"]);
        d.wait_log("PostgreSQL cannot be reached", Duration::from_secs(5));
        assert!(d.get("/metrics").body.contains("bext_jobs_store_up 0"));
        assert!(d.get("/__bext/").body.contains("class=\"store down\""));
        // Past its first moments (the pool's connections dropping, each
        // said once) the node says nothing more until it is over.
        // Measured intervals, not waits for a state.
        std::thread::sleep(Duration::from_secs(2).saturating_sub(t0.elapsed()));
        let quiet_from = d.logs().lines().count();
        std::thread::sleep(OUTAGE.saturating_sub(t0.elapsed()));
        let logs = d.logs();
        let later: Vec<&str> = logs
            .lines()
            .skip(quiet_from)
            .filter(|l| about_the_store(l))
            .collect();
        assert!(later.is_empty(), "logged during the outage: {later:#?}");
    });

    // Nothing lost: the late job runs; the daemon counts on from its
    // checkpoint, resumed once (its lease lapsed), in one process.
    wait_status(&counter.d, &late, "completed", Duration::from_secs(20));
    let before = stored_count(&pg, "counts", &counting);
    counter
        .d
        .wait_until(Duration::from_secs(20), "the daemon to count on", || {
            (stored_count(&pg, "counts", &counting) >= before + 20).then_some(())
        });
    assert_eq!(resumed(&counter.d, &counting), 1, "the daemon resumed once");
    let metrics = counter.d.get("/metrics").body;
    assert!(metrics.contains("bext_jobs_store_up 1"), "{metrics}");
    assert!(
        metrics.contains("bext_jobs_store_outages_total 1"),
        "{metrics}"
    );
    assert!(
        counter
            .d
            .get("/__bext/")
            .body
            .contains("class=\"store up\"")
    );
    // The queue drains once its slot is free.
    let (code, _, err) = bext(queue.d.dir.path(), &["jobs", "cancel", &holding]);
    assert_eq!(code, 0, "{err}");
    for (n, id) in waiting.iter().enumerate() {
        wait_status(&queue.d, id, "completed", Duration::from_secs(20));
        assert_eq!(job(&queue.d, id).unwrap()["result"]["n"], n as u64);
    }
}
