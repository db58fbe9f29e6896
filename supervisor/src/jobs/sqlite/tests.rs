//! The SQLite store: what is written survives a reopen; pruning; a newer
//! schema is refused; a full disk is retried.

use super::*;
use crate::jobs::outage::Tracker;
use crate::jobs::record::JobConfig;
use std::time::{Duration, Instant};

fn row(id: &str, status: JobState, completed_at: Option<u64>) -> Row {
    Row {
        status,
        config: JobConfig {
            daemon: true,
            memory_bytes: 64 << 20,
            timeout_ms: 0,
            retry_on_restart: false,
            data: serde_json::json!({"n": 1}),
            backoff_ms: 0,
        },
        progress: 0.5,
        restart_count: 2,
        started_at: Some(2),
        completed_at,
        ..Row::sample(id)
    }
}

#[test]
fn rows_checkpoints_and_logs_survive_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("jobs.db");
    let w = Writer::start(open(&path).unwrap(), Tracker::detached()).unwrap();
    w.put(row("a", JobState::Running, None));
    w.checkpoint("a", "{\"count\":1}".into());
    w.checkpoint("a", "{\"count\":2}".into());
    w.logs("a", "line\n".into());
    assert!(w.close(Duration::from_secs(5)));
    assert!(
        !dir.path().join("jobs.db-wal").exists(),
        "a closed file leaves no write-ahead log"
    );
    let conn = open(&path).unwrap();
    let all = load(&conn).unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].row, row("a", JobState::Running, None));
    assert_eq!(all[0].checkpoint.as_deref(), Some("{\"count\":2}"));
    assert_eq!(all[0].logs, "line\n");
    assert_eq!(
        checkpoint_of(&conn, "a").unwrap().as_deref(),
        Some("{\"count\":2}")
    );
}

#[test]
fn prune_keeps_the_newest_finished_and_every_live_job() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("jobs.db");
    let w = Writer::start(open(&path).unwrap(), Tracker::detached()).unwrap();
    for i in 0..5u64 {
        w.put(row(&format!("f{i}"), JobState::Completed, Some(10 + i)));
    }
    w.put(row("live", JobState::Queued, None));
    w.prune(2);
    assert!(w.flush(Duration::from_secs(5)));
    let ids: Vec<String> = load(&open(&path).unwrap())
        .unwrap()
        .into_iter()
        .map(|l| l.row.id)
        .collect();
    let mut ids = ids;
    ids.sort();
    assert_eq!(ids, ["f3", "f4", "live"]);
}

#[test]
fn a_file_from_a_newer_schema_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("jobs.db");
    drop(open(&path).unwrap());
    let conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", 99).unwrap();
    drop(conn);
    let e = open(&path).unwrap_err();
    assert!(
        matches!(e, StoreError::FileNewer { version: 99, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("newer bextd"), "{e}");
}

#[test]
fn a_full_file_is_one_outage_not_an_error_per_batch() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("jobs.db");
    let conn = open(&path).unwrap();
    // SQLite's own "database or disk is full": no page may be added.
    let pages: i64 = conn
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .unwrap();
    conn.pragma_update(None, "max_page_count", pages).unwrap();
    let health = crate::jobs::outage::StoreHealth::new("sqlite", "jobs.db".into());
    let gauges = crate::jobs::outage::HealthGauges::default();
    let t = Tracker::new(["full", "test", "back"], health.clone(), gauges.clone());
    let w = Writer::start(conn, t).unwrap();
    for i in 0..50 {
        w.put(row(&format!("j{i}"), JobState::Running, None));
        w.logs(&format!("j{i}"), "x".repeat(10_000));
        assert!(
            w.flush(Duration::from_secs(5)),
            "a flush is answered while out"
        );
    }
    let v = health.view();
    assert!(!v.up, "{v:?}");
    assert!(v.error.as_deref().unwrap_or("").contains("full"), "{v:?}");
    assert_eq!(v.outages, 1, "one outage, however many batches failed");
    assert_eq!(gauges.up.get(), 0);
    w.close(Duration::from_secs(5));
}

#[test]
fn commits_are_spaced_unless_someone_waits() {
    use super::writer::gather_wait;
    let t0 = Instant::now();
    let ms = Duration::from_millis;
    assert_eq!(
        gather_wait(false, None, t0),
        Duration::ZERO,
        "the first commit"
    );
    assert_eq!(gather_wait(false, Some(t0), t0 + ms(1)), ms(3));
    assert_eq!(gather_wait(false, Some(t0), t0 + ms(10)), Duration::ZERO);
    assert_eq!(
        gather_wait(true, Some(t0), t0 + ms(1)),
        Duration::ZERO,
        "a flush"
    );
}

/// Rows sent one at a time, faster than commits may follow each other,
/// share transactions, and every one is written.
#[test]
fn rows_sent_one_by_one_are_written_in_few_transactions() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("jobs.db");
    let health = crate::jobs::outage::StoreHealth::new("sqlite", "jobs.db".into());
    let t = Tracker::new(["full", "test", "back"], health, Default::default());
    let w = Writer::start(open(&path).unwrap(), t).unwrap();
    let start = Instant::now();
    for i in 0..200 {
        w.put(row(&format!("j{i}"), JobState::Running, None));
        std::thread::sleep(Duration::from_micros(100));
    }
    assert!(w.flush(Duration::from_secs(5)));
    // One commit per GATHER (4 ms) at most, plus the first and the flush's.
    let most = start.elapsed().as_millis() as u64 / 4 + 2;
    assert!(
        w.commits() <= most,
        "{} commits, at most {most}",
        w.commits()
    );
    w.close(Duration::from_secs(5));
    let loaded = load(&open(&path).unwrap()).unwrap();
    assert_eq!(loaded.len(), 200);
}

/// A file made by schema 1 (before retries) opens migrated, its rows whole:
/// a job that had started has used one attempt.
#[test]
fn a_schema_1_file_is_migrated_with_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("jobs.db");
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(MIGRATIONS[0]).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.execute_batch(
            "INSERT INTO jobs (id, pool, script, status, created_at, started_at, error)
             VALUES ('ran', 'render', '/app/a.js', 'failed', 1, 2, 'Error: old'),
                    ('waits', 'render', '/app/a.js', 'queued', 3, NULL, NULL);",
        )
        .unwrap();
    }
    let conn = open(&path).unwrap();
    let v: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(v as usize, MIGRATIONS.len());
    let all = load(&conn).unwrap();
    let ran = &all[0].row;
    assert_eq!((ran.id.as_str(), ran.status), ("ran", JobState::Failed));
    assert_eq!(ran.error.as_deref(), Some("Error: old"));
    assert_eq!((ran.tries, ran.max_attempts, ran.run_at), (1, 1, None));
    assert_eq!((all[1].row.tries, all[1].row.status), (0, JobState::Queued));
    // Retry columns written and read back.
    drop(conn);
    let w = Writer::start(open(&path).unwrap(), Tracker::detached()).unwrap();
    let mut r = row("r", JobState::Retryable, None);
    r.tries = 2;
    r.max_attempts = 5;
    r.run_at = Some(9_000);
    r.priority = 3;
    r.unique_key = Some("report:11".into());
    r.errors = vec![protocol::control::AttemptError {
        attempt: 2,
        at: 8_000,
        error: "Error: two".into(),
    }];
    w.put(r.clone());
    assert!(w.close(Duration::from_secs(5)));
    let back = load(&open(&path).unwrap()).unwrap();
    assert_eq!(back.iter().find(|l| l.row.id == "r").unwrap().row, r);
}
