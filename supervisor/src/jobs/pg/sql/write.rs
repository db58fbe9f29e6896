//! The writes: a new job (a unique one under an advisory lock, from any
//! node), the large columns of a run fenced by its attempt, and the
//! pruning of final jobs.

use std::time::Duration;

use deadpool_postgres::{GenericClient, Object};
use protocol::control::JobState;

use super::begin;
use crate::jobs::record::Row;

/// Inserts a new job, claimable by any node (a delayed one from its
/// `run_at`, as `run_after`).
pub async fn insert(c: &impl GenericClient, r: &Row) -> Result<u64, tokio_postgres::Error> {
    let config = serde_json::to_string(&r.config).unwrap_or_else(|_| "{}".into());
    c.execute(
        "INSERT INTO bext_jobs (id, pool, script, status, config, memory_bytes, created_at,
                                max_attempts, priority, unique_key, run_at, run_after)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
                 to_timestamp($11::bigint / 1000.0))
         ON CONFLICT (id) DO NOTHING",
        &[
            &r.id,
            &r.pool,
            &r.script,
            &r.status.name(),
            &config,
            &(r.config.memory_bytes as i64),
            &(r.created_at as i64),
            &(r.max_attempts as i32),
            &i16::from(r.priority),
            &r.unique_key,
            &r.run_at.map(|t| t as i64),
        ],
    )
    .await
}

/// One large column (`checkpoint` or `logs`) of `attempt` of a job,
/// fenced like [`put`].
pub async fn put_column(
    c: &impl GenericClient,
    node: &str,
    column: &str,
    id: &str,
    attempt: u64,
    text: &str,
) -> Result<u64, tokio_postgres::Error> {
    let q =
        format!("UPDATE bext_jobs SET {column} = $3 WHERE id = $1 AND attempt = $2 AND owner = $4");
    c.execute(&q, &[&id, &(attempt as i64), &text, &node]).await
}

/// Forgets final jobs beyond the newest `keep`.
pub async fn prune(c: &impl GenericClient, keep: u32) -> Result<u64, tokio_postgres::Error> {
    c.execute(
        "DELETE FROM bext_jobs WHERE status IN ('completed', 'failed', 'cancelled', 'discarded')
           AND id NOT IN (SELECT id FROM bext_jobs
                          WHERE status IN ('completed', 'failed', 'cancelled', 'discarded')
                          ORDER BY completed_at DESC, id DESC LIMIT $1)",
        &[&(keep as i64)],
    )
    .await
}

/// Inserts a job with a unique key, unless a job of its pool and key is
/// queued, running or retryable (created since `since`, Unix ms; `ever`: in
/// any state): under a transaction-scoped advisory lock on the pool and
/// key, so two nodes racing to insert it make one job. Returns the id and
/// state of the job of that key. Keys are each pool's own.
pub async fn insert_unique(
    c: &mut Object,
    r: &Row,
    since: u64,
    ever: bool,
    idle: Duration,
) -> Result<(String, JobState), tokio_postgres::Error> {
    let tx = begin(c, idle).await?;
    tx.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended($1 || chr(1) || $2, 4242023))",
        &[&r.pool, &r.unique_key],
    )
    .await?;
    let found = tx
        .query_opt(
            "SELECT id, status FROM bext_jobs
              WHERE pool = $4 AND unique_key = $1 AND created_at >= $2
                AND ($3 OR status IN ('queued', 'running', 'retryable'))
              ORDER BY created_at LIMIT 1",
            &[&r.unique_key, &(since as i64), &ever, &r.pool],
        )
        .await?;
    let answer = match found {
        Some(row) => {
            let status: String = row.get(1);
            (
                row.get(0),
                JobState::parse(&status).unwrap_or(JobState::Queued),
            )
        }
        None => {
            insert(&tx, r).await?;
            (r.id.clone(), JobState::Queued)
        }
    };
    tx.commit().await?;
    Ok(answer)
}
