//! The shared store's statements, by what they serve: the claims and
//! leases of the node's task (`lease.rs`), the writes (`write.rs`: inserts,
//! a unique insert, the fenced columns, pruning), the reads of `bext jobs
//! ls/show/logs` (`reads.rs`) and the moves any node makes (`moves.rs`:
//! cancel, retry, discard). Here: the transaction every statement runs in
//! and the columns of a job's row, as the core takes them.

mod lease;
mod moves;
mod reads;
mod write;

use std::time::Duration;

use deadpool_postgres::{Object, Transaction};
use protocol::control::JobState;
use tokio_postgres::Row as PgRow;

use crate::jobs::record::{Loaded, Row};

#[cfg(test)]
pub(super) use lease::CLAIM;
pub use lease::{claim, release, renew};
pub use moves::{cancel, discard, retry};
pub use reads::{info, list, load};
pub use write::{insert_unique, prune, put_column};

const COLUMNS: &str = "id, pool, script, status, config, progress, result, error, restart_count,
    created_at, started_at, completed_at, attempt, owner, crashes, checkpoint, logs, cancel_asked,
    tries, max_attempts, errors, run_at, priority, unique_key";

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
