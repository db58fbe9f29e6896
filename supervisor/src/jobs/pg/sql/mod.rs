//! The shared store's statements: claim, renew, the fenced writes, release,
//! and the reads of `bext jobs ls/show/logs` and cancel from any node.

use std::sync::LazyLock;
use std::time::Duration;

use deadpool_postgres::{GenericClient, Object, Transaction};
use protocol::control::{JobInfo, JobState};
use tokio_postgres::Row as PgRow;
use tokio_postgres::types::{ToSql, Type};

use crate::jobs::core::Claimed;
use crate::jobs::error::{JobsError, Rule};
use crate::jobs::record::{Loaded, Row};

const COLUMNS: &str = "id, pool, script, status, config, progress, result, error, restart_count,
    created_at, started_at, completed_at, attempt, owner, crashes, checkpoint, logs, cancel_asked,
    tries, max_attempts, errors, run_at, priority, unique_key";

/// The states a job may be claimed in (after its `run_after`).
const CLAIMABLE: &str = "('queued', 'running', 'retryable')";

/// Opens a transaction that the server ends, with its connection, once
/// this node leaves it idle for `idle` ([`idle_limit`]). A node frozen
/// mid-write (SIGSTOP, a paused VM, a stalled host) would otherwise keep
/// the row locks of its open transaction for as long as it is frozen, and
/// every other node's claim (`SKIP LOCKED`) would pass those rows by long
/// after their leases ended. `SET LOCAL`, not a session setting or a
/// startup option, so that it also holds behind PgBouncer in transaction
/// mode.
///
/// Sequential and bitmap scans are off in it: every statement bextd sends
/// in a transaction reaches its rows by key or walks an index in order
/// (the claim stops at its limit). Left to its statistics, the planner
/// read the whole table when they were stale (before autovacuum's first
/// pass, or in a plan kept from when the table was small): a claim sorted
/// every queued job, a batch update joined the whole table, 50 ms each,
/// and a burst of 5,000 jobs went at 400/s instead of 2,700/s.
pub async fn begin(
    c: &mut Object,
    idle: Duration,
) -> Result<Transaction<'_>, tokio_postgres::Error> {
    let tx = c.transaction().await?;
    tx.batch_execute(&settings(idle)).await?;
    Ok(tx)
}

/// The settings [`begin`] gives its transaction.
fn settings(idle: Duration) -> String {
    let ms = idle.as_millis().max(1);
    format!(
        "SET LOCAL idle_in_transaction_session_timeout = {ms};
         SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off"
    )
}

/// Gives `tx` (fresh from `transaction()`) the settings of [`begin`] and
/// runs `body` in it right behind them, without waiting for them: one
/// round trip fewer for each claim and batch, which at thousands of jobs a
/// second are round-trip bound. The server runs what it is sent in order,
/// and `join!` sends the settings first (`body` sends nothing before its
/// first poll). `e` turns the settings' error into `body`'s.
pub async fn settled<T, E>(
    tx: &Transaction<'_>,
    idle: Duration,
    body: impl Future<Output = Result<T, E>>,
    e: impl Fn(tokio_postgres::Error) -> E,
) -> Result<T, E> {
    let set = settings(idle);
    let (set, r) = tokio::join!(tx.batch_execute(&set), body);
    set.map_err(e)?;
    r
}

/// How long a node's transaction may sit idle before the server ends it:
/// half the lease TTL. Leases are renewed every third of the TTL, so a
/// node that froze still had at least two thirds of it left: its locks go
/// before its leases do, and the nodes that take the jobs over find the
/// rows free.
pub fn idle_limit(lease_ttl: Duration) -> Duration {
    lease_ttl / 2
}

/// The claim (see [`claim`]), built once: the columns are fixed.
pub(super) static CLAIM: LazyLock<String> = LazyLock::new(|| {
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
    c: &impl super::plan::Conn,
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
    let rows = super::plan::query(c, &CLAIM, &types, &params).await?;
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

/// A row of `bext_jobs` as the core takes it.
pub fn loaded(r: &PgRow) -> Loaded {
    let status: String = r.get("status");
    let config: String = r.get("config");
    let n = |k: &str| r.get::<_, Option<i64>>(k).map(|t| t.max(0) as u64);
    Loaded {
        row: Row {
            id: r.get("id"),
            pool: r.get("pool"),
            script: r.get("script"),
            status: JobState::parse(&status).unwrap_or(JobState::Failed),
            config: serde_json::from_str(&config).unwrap_or_default(),
            progress: r.get("progress"),
            result: r.get("result"),
            error: r.get("error"),
            restart_count: r.get::<_, i32>("restart_count").max(0) as u32,
            created_at: r.get::<_, i64>("created_at").max(0) as u64,
            started_at: n("started_at"),
            completed_at: n("completed_at"),
            attempt: r.get::<_, i64>("attempt").max(0) as u64,
            node: r.get("owner"),
            crashes: r.get::<_, i32>("crashes").max(0) as u32,
            backoff_ms: 0,
            tries: r.get::<_, i32>("tries").max(0) as u32,
            max_attempts: r.get::<_, i32>("max_attempts").max(1) as u32,
            errors: crate::jobs::record::parse_errors(
                r.get::<_, Option<String>>("errors").as_deref(),
            ),
            run_at: n("run_at"),
            priority: r.get::<_, i16>("priority").clamp(0, 9) as u8,
            unique_key: r.get("unique_key"),
        },
        checkpoint: r.get("checkpoint"),
        logs: r.get::<_, Option<String>>("logs").unwrap_or_default(),
    }
}

/// A stored job as the API shows it (no process: that is its node's).
pub fn info(l: &Loaded, with_checkpoint: bool) -> JobInfo {
    l.row.info(l.checkpoint.as_deref(), with_checkpoint)
}

/// Every job, oldest first.
pub async fn list(
    c: &impl GenericClient,
    limit: i64,
) -> Result<Vec<JobInfo>, tokio_postgres::Error> {
    let q = format!("SELECT {COLUMNS} FROM bext_jobs ORDER BY created_at, id LIMIT $1");
    let rows = c.query(&q, &[&limit]).await?;
    Ok(rows.iter().map(|r| info(&loaded(r), false)).collect())
}

/// One job as stored.
pub async fn load(
    c: &impl GenericClient,
    id: &str,
) -> Result<Option<Loaded>, tokio_postgres::Error> {
    let q = format!("SELECT {COLUMNS} FROM bext_jobs WHERE id = $1");
    Ok(c.query_opt(&q, &[&id]).await?.map(|r| loaded(&r)))
}

/// Cancels a job from any node: one nobody holds ends at once; one a node
/// holds is marked, and its node cancels it at its next renewal. Returns
/// the state it was in.
pub async fn cancel(
    c: &impl GenericClient,
    id: &str,
) -> Result<Result<JobState, JobsError>, tokio_postgres::Error> {
    let now = crate::process::memory::unix_ms() as i64;
    let row = c
        .query_opt(
            "UPDATE bext_jobs SET
                status = CASE WHEN lease_until IS NULL THEN 'cancelled' ELSE status END,
                completed_at = CASE WHEN lease_until IS NULL THEN $2 ELSE completed_at END,
                cancel_asked = true
              WHERE id = $1 AND status IN ('queued', 'running', 'retryable')
             RETURNING status, lease_until IS NULL",
            &[&id, &now],
        )
        .await?;
    if let Some(r) = row {
        let (status, unowned): (String, bool) = (r.get(0), r.get(1));
        let was = if unowned && status != "retryable" {
            "queued"
        } else {
            status.as_str()
        };
        return Ok(Ok(JobState::parse(was).unwrap_or(JobState::Queued)));
    }
    let q = c
        .query_opt("SELECT status FROM bext_jobs WHERE id = $1", &[&id])
        .await?;
    Ok(match q {
        Some(r) => Ok(JobState::parse(&r.get::<_, String>(0)).unwrap_or(JobState::Failed)),
        None => Err(JobsError::NoJob(id.to_owned())),
    })
}

/// Runs a failed, discarded or cancelled job again from any node, with one
/// more attempt if it had used them all; returns the state it was in.
pub async fn retry(
    c: &impl GenericClient,
    id: &str,
) -> Result<Result<JobState, JobsError>, tokio_postgres::Error> {
    let row = c
        .query_opt(
            "UPDATE bext_jobs n SET status = 'queued', completed_at = NULL, run_after = NULL,
                    run_at = NULL, cancel_asked = false, owner = NULL, lease_until = NULL,
                    max_attempts = GREATEST(o.max_attempts, o.tries + 1)
               FROM bext_jobs o
              WHERE n.id = $1 AND o.id = n.id
                AND o.status IN ('failed', 'discarded', 'cancelled')
             RETURNING o.status",
            &[&id],
        )
        .await?;
    moved(c, id, row, Rule::StoreRetry).await
}

/// Discards a queued or retryable job nobody holds, from any node;
/// returns the state it was in.
pub async fn discard(
    c: &impl GenericClient,
    id: &str,
) -> Result<Result<JobState, JobsError>, tokio_postgres::Error> {
    let now = crate::process::memory::unix_ms() as i64;
    let row = c
        .query_opt(
            "UPDATE bext_jobs n SET status = 'discarded', completed_at = $2, run_after = NULL,
                    run_at = NULL
               FROM bext_jobs o
              WHERE n.id = $1 AND o.id = n.id AND o.status IN ('queued', 'retryable')
                AND o.lease_until IS NULL
             RETURNING o.status",
            &[&id, &now],
        )
        .await?;
    moved(c, id, row, Rule::StoreDiscard).await
}

/// The state a retry or discard found, or why it did nothing.
async fn moved(
    c: &impl GenericClient,
    id: &str,
    row: Option<PgRow>,
    rule: Rule,
) -> Result<Result<JobState, JobsError>, tokio_postgres::Error> {
    if let Some(r) = row {
        let was: String = r.get(0);
        return Ok(Ok(JobState::parse(&was).unwrap_or(JobState::Failed)));
    }
    let q = c
        .query_opt("SELECT status FROM bext_jobs WHERE id = $1", &[&id])
        .await?;
    Ok(Err(match q {
        Some(r) => JobsError::State {
            id: id.to_owned(),
            was: JobState::parse(&r.get::<_, String>(0)).unwrap_or(JobState::Failed),
            rule,
        },
        None => JobsError::NoJob(id.to_owned()),
    }))
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
