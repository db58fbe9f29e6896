//! End-to-end: recurring jobs (`[[render.schedules]]`) on two bextd nodes
//! sharing one PostgreSQL store: every due time is one job, run, however
//! many nodes try, while one node is SIGKILLed; `bext jobs schedules`
//! lists them with their next run; a bad expression stops bextd (78).

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use bext_e2e::pg::Postgres;
use bext_e2e::{Daemon, Setup, Signal, bext, wait_for};

const HANDLER: &str = "export async function handler(req) { return \"ok\"; }\n";

const TICK: &str = "export async function run(job) { return { at: job.data.n }; }\n";

fn config(url: &str, scripts: &std::path::Path) -> String {
    format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n\
         [[render.schedules]]\ncron = \"* * * * * *\"\nscript = \"{}\"\ndata = {{ n = 1 }}\n\
         [jobs]\nstore = \"{url}\"\nlease_ttl_ms = 1500\nclaim_interval_ms = 100\n\
         kill_grace_ms = 300\nmax_attempts = 3\nretry_backoff_ms = 100\nmax_running = 20\nmax_running_per_pool = 20\n",
        scripts.join("tick.js").display()
    )
}

fn node(config: &str) -> Daemon {
    Daemon::start_with(Setup {
        config,
        files: &[("worker.js", HANDLER)],
        ..Setup::default()
    })
}

/// Each due time (Unix ms) the store has a job for, with its job count
/// and how many of them completed.
fn due_times(pg: &Postgres) -> BTreeMap<u64, (u32, u32)> {
    let rows = pg.psql(
        "SELECT unique_key || ' ' || count(*) || ' ' || count(*) FILTER (WHERE status = 'completed')
           FROM sched.bext_jobs WHERE unique_key LIKE 'schedule:%' GROUP BY unique_key",
    );
    rows.lines()
        .filter_map(|l| {
            let mut w = l.split(' ');
            let due = w.next()?.rsplit(':').next()?.parse().ok()?;
            Some((due, (w.next()?.parse().ok()?, w.next()?.parse().ok()?)))
        })
        .collect()
}

#[test]
fn a_schedule_every_second_runs_each_due_time_once_across_two_nodes_while_one_is_killed() {
    let pg = Postgres::start();
    let url = pg.schema("sched");
    let scripts = tempfile::tempdir().unwrap();
    std::fs::write(scripts.path().join("tick.js"), TICK).unwrap();
    let config = config(&url, scripts.path());
    let mut a = node(&config);
    let b = node(&config);
    let t0 = Instant::now();
    pg.wait_for(
        "SELECT to_regclass('sched.bext_jobs') IS NOT NULL",
        |t| t == "t",
        Duration::from_secs(10),
    );
    wait_for(Duration::from_secs(10), "three due times run", || {
        (due_times(&pg)
            .values()
            .filter(|(_, done)| *done == 1)
            .count()
            >= 3)
            .then_some(())
    });
    a.signal(Signal::SIGKILL);
    a.wait_exit(Duration::from_secs(10));
    let killed = due_times(&pg).keys().last().copied().unwrap();
    // B alone from here, for the rest of the window.
    while t0.elapsed() < Duration::from_secs(9) {
        std::thread::sleep(Duration::from_millis(100));
    }
    let last = *due_times(&pg).keys().last().unwrap();
    assert!(last >= killed + 3_000, "B went on after A died");
    // What A held when it died is taken over once its lease ends.
    let all = wait_for(
        Duration::from_secs(10),
        "every due time to complete",
        || {
            let d = due_times(&pg);
            d.range(..=last)
                .all(|(_, (_, done))| *done == 1)
                .then_some(d)
        },
    );
    let window: Vec<(&u64, &(u32, u32))> = all.range(..=last).collect();
    for (due, (jobs, _)) in &window {
        assert_eq!(*jobs, 1, "due time {due} has {jobs} jobs");
    }
    // No second was left out, before or after the kill.
    let first = *window[0].0;
    let seconds: Vec<u64> = window.iter().map(|(d, _)| **d).collect();
    let want: Vec<u64> = (0..seconds.len() as u64)
        .map(|i| first + i * 1_000)
        .collect();
    assert_eq!(seconds, want);
    assert!(seconds.len() >= 7, "{seconds:?}");
    // `bext jobs schedules` shows the schedule and its next run.
    let (code, out, err) = bext(b.dir.path(), &["jobs", "schedules"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("* * * * * *") && out.contains("NEXT RUN"),
        "{out}"
    );
    let (_, json, _) = bext(b.dir.path(), &["jobs", "schedules", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let next = v["schedules"][0]["next_run"].as_u64().unwrap();
    assert!(next > last, "{json}");
}

#[test]
fn a_bad_cron_expression_stops_bextd_with_78_naming_the_key_and_line() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("worker.js"), HANDLER).unwrap();
    let toml = "[render]\nscript = \"worker.js\"\n[[render.schedules]]\ncron = \"*/5 * * *\"\nscript = \"t.js\"\ntz = \"Nowhere/Land\"\n";
    std::fs::write(d.path().join("bext.toml"), toml).unwrap();
    let out = std::process::Command::new(bext_e2e::bin("bextd"))
        .arg("--check-config")
        .arg("--config")
        .arg(d.path().join("bext.toml"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(78));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bext.toml:4: render.schedules.0.cron"),
        "{err}"
    );
    assert!(err.contains("bext.toml:6: render.schedules.0.tz"), "{err}");
}
