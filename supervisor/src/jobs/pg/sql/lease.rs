//! The statements of a node's leases: the claim (one statement, racing
//! nodes skip the rows another locked), the renewal of every lease held,
//! and a lease given back.

use std::sync::LazyLock;

use deadpool_postgres::GenericClient;
use tokio_postgres::types::{ToSql, Type};

use super::{COLUMNS, loaded};
use crate::jobs::core::Claimed;

/// The states a job may be claimed in (after its `run_after`).
const CLAIMABLE: &str = "('queued', 'running', 'retryable')";

/// The claim (see [`claim`]), built once: the columns are fixed.
pub(in crate::jobs::pg) static CLAIM: LazyLock<String> = LazyLock::new(|| {
    format!(
    "WITH cap AS (SELECT * FROM unnest($2::text[], $3::bigint[]) AS c(pool, free)),
     cand AS (
        SELECT j.id, j.pool, j.memory_bytes, j.priority, j.created_at, j.lease_until IS NOT NULL AS rescue
        FROM bext_jobs j
        WHERE j.status IN {CLAIMABLE}
          AND (j.lease_until IS NULL OR j.lease_until < now())
          AND (j.run_after IS NULL OR j.run_after <= now())
          AND j.pool = ANY($2::text[])
        ORDER BY j.priority, j.created_at, j.id
        LIMIT $4::bigint
        FOR UPDATE SKIP LOCKED),
     ranked AS (
        SELECT cand.*,
               row_number() OVER (PARTITION BY cand.pool ORDER BY cand.priority, cand.created_at, cand.id) AS n,
               (sum(cand.memory_bytes) OVER (ORDER BY cand.priority, cand.created_at, cand.id))::bigint AS mem
        FROM cand),
     pick AS (
        SELECT r.id, r.rescue FROM ranked r JOIN cap ON cap.pool = r.pool
        WHERE r.n <= cap.free AND r.mem <= $5::bigint)
     UPDATE bext_jobs j
        SET owner = $1, attempt = j.attempt + 1,
            lease_until = now() + make_interval(secs => $6), run_after = NULL
       FROM pick WHERE j.id = pick.id
     RETURNING pick.rescue, {}",
    COLUMNS
        .split(',')
        .map(|c| format!("j.{}", c.trim()))
        .collect::<Vec<_>>()
        .join(", ")
)
});

/// Claims, for `node`, the oldest claimable jobs of its pools within its
/// limits: at most `slots` in all, `free[i]` of pool `pools[i]`, and
/// `budget` bytes of memory (FIFO: a job that does not fit holds back the
/// ones behind it). One statement: racing nodes skip the rows another
/// locked. Returns the jobs and how many were rescued (their lease had
/// expired).
pub async fn claim(
    c: &impl super::super::plan::Conn,
    node: &str,
    pools: &[String],
    free: &[i64],
    slots: i64,
    budget: i64,
    ttl_s: f64,
) -> Result<(Vec<Claimed>, u64), tokio_postgres::Error> {
    let types = [
        Type::TEXT,
        Type::TEXT_ARRAY,
        Type::INT8_ARRAY,
        Type::INT8,
        Type::INT8,
        Type::FLOAT8,
    ];
    let params: [&(dyn ToSql + Sync); 6] = [&node, &pools, &free, &slots, &budget, &ttl_s];
    let rows = super::super::plan::query(c, &CLAIM, &types, &params).await?;
    let rescued = rows.iter().filter(|r| r.get::<_, bool>("rescue")).count() as u64;
    let mut jobs: Vec<Claimed> = rows
        .iter()
        .map(|r| Claimed {
            job: loaded(r),
            cancel: r.get("cancel_asked"),
        })
        .collect();
    jobs.sort_by(|a, b| {
        let key = |c: &Claimed| {
            (
                c.job.row.priority,
                c.job.row.created_at,
                c.job.row.id.clone(),
            )
        };
        key(a).cmp(&key(b))
    });
    Ok((jobs, rescued))
}

/// Renews `node`'s leases on `held` (id, attempt); returns the ones still
/// its own, with whether someone asked to cancel them.
pub async fn renew(
    c: &tokio_postgres::Client,
    node: &str,
    held: &[(String, u64)],
    ttl_s: f64,
) -> Result<Vec<(String, bool)>, tokio_postgres::Error> {
    let ids: Vec<&str> = held.iter().map(|(id, _)| id.as_str()).collect();
    let attempts: Vec<i64> = held.iter().map(|(_, a)| *a as i64).collect();
    let rows = c
        .query_typed(
            "UPDATE bext_jobs j SET lease_until = now() + make_interval(secs => $4)
               FROM unnest($2::text[], $3::bigint[]) AS h(id, attempt)
              WHERE j.id = h.id AND j.attempt = h.attempt AND j.owner = $1
                AND j.status IN ('queued', 'running')
             RETURNING j.id, j.cancel_asked",
            &[
                (&node, Type::TEXT),
                (&ids, Type::TEXT_ARRAY),
                (&attempts, Type::INT8_ARRAY),
                (&ttl_s, Type::FLOAT8),
            ],
        )
        .await?;
    Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
}

/// Gives the lease of `attempt` back without using an attempt: the job is
/// claimable at once (a one-off job queued again).
pub async fn release(
    c: &impl GenericClient,
    node: &str,
    id: &str,
    attempt: u64,
    requeue: bool,
) -> Result<u64, tokio_postgres::Error> {
    c.execute(
        "UPDATE bext_jobs SET owner = NULL, lease_until = NULL,
                status = CASE WHEN $3 THEN 'queued' ELSE status END
          WHERE id = $1 AND attempt = $2 AND owner = $4",
        &[&id, &(attempt as i64), &requeue, &node],
    )
    .await
}
