//! A store made by schema 1 (before retries) is brought up to date by the
//! first bextd that opens it: its rows read back whole, a job that had
//! started has used one attempt, a retryable job is claimable, and claims
//! go by priority. A unique spawn on a fresh store waits for the tables.

use std::time::Duration;

use protocol::control::JobState;
use tokio::sync::mpsc;

use super::schema::MIGRATIONS;
use super::tests::{config, server};
use super::{Counters, Shared};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_schema_1_store_is_migrated_with_its_rows() {
    let pg = server::Postgres::start();
    let url = pg.schema("old");
    pg.psql(&format!(
        "SET search_path = old;
         CREATE TABLE bext_jobs_schema (version INTEGER NOT NULL);
         INSERT INTO bext_jobs_schema VALUES (1);
         {}
         INSERT INTO bext_jobs (id, pool, script, status, created_at, started_at, completed_at, error)
         VALUES ('ran', 'render', '/app/a.js', 'failed', 1, 2, 3, 'Error: old'),
                ('waits', 'render', '/app/a.js', 'queued', 4, NULL, NULL, NULL);",
        MIGRATIONS[0]
    ));
    let (tx, _events) = mpsc::unbounded_channel();
    let s = Shared::start(
        &config(5_000, 50),
        &url,
        super::new_node_id(),
        tx,
        Counters::default(),
    )
    .unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let latest = MIGRATIONS.len().to_string();
    while pg.psql("SELECT version FROM old.bext_jobs_schema") != latest {
        assert!(std::time::Instant::now() < deadline, "not migrated");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let ran = s.load("ran").await.unwrap().unwrap().row;
    assert_eq!(ran.status, JobState::Failed);
    assert_eq!(ran.error.as_deref(), Some("Error: old"));
    assert_eq!((ran.tries, ran.max_attempts), (1, 1));
    assert!(ran.errors.is_empty());
    let waits = s.load("waits").await.unwrap().unwrap().row;
    assert_eq!((waits.tries, waits.max_attempts), (0, 1));
    // The new claimable index covers retryable jobs.
    let index = pg.psql(
        "SELECT indexdef FROM pg_indexes WHERE schemaname = 'old' AND indexname = 'bext_jobs_claimable'",
    );
    assert!(index.contains("retryable"), "{index}");
    assert!(index.contains("priority"), "claims go by priority: {index}");
}

/// A unique spawn is one statement made outside the store's task: on a
/// fresh store it reached the server before the task had created the
/// tables, and failed (once in a CI run, as a 500 from a handler).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_unique_spawn_on_a_fresh_store_waits_for_its_tables() {
    let pg = server::Postgres::start();
    let url = pg.schema("fresh");
    let (tx, _events) = mpsc::unbounded_channel();
    let node = super::new_node_id();
    let s = Shared::start(&config(5_000, 50), &url, node, tx, Counters::default()).unwrap();
    let mut row = super::tests::row("first", false);
    row.unique_key = Some("report".into());
    let (id, state) = s.insert_unique(&row, 0, true).await.unwrap();
    assert_eq!((id.as_str(), state), ("first", JobState::Queued));
    let mut again = super::tests::row("second", false);
    again.unique_key = Some("report".into());
    let (id, _) = s.insert_unique(&again, 0, true).await.unwrap();
    assert_eq!(id, "first");
}

/// A schedule's lookup of its due time's key in any state goes by the
/// unique index (schema 3), not through every job kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_unique_key_in_any_state_is_found_by_its_index() {
    let pg = server::Postgres::start();
    let url = pg.schema("keys");
    let (tx, _events) = mpsc::unbounded_channel();
    let node = super::new_node_id();
    let s = Shared::start(&config(5_000, 50), &url, node, tx, Counters::default()).unwrap();
    let mut row = super::tests::row("due", false);
    row.unique_key = Some("schedule:nightly:1".into());
    s.insert_unique(&row, 0, true).await.unwrap();
    let plan = pg.psql(
        "SET search_path = keys; SET enable_seqscan = off;
         EXPLAIN SELECT id, status FROM bext_jobs
          WHERE unique_key = 'schedule:nightly:1' AND created_at >= 0
            AND (true OR status IN ('queued', 'running', 'retryable'))
          ORDER BY created_at LIMIT 1",
    );
    assert!(plan.contains("bext_jobs_unique"), "{plan}");
}
