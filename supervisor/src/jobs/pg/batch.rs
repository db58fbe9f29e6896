//! A write batch's many rows in one statement each: the new jobs in one
//! `INSERT … SELECT FROM unnest(…)`, the changed rows in one
//! `UPDATE … FROM unnest(…)`, each column sent as an array. A statement
//! per row cost two round trips each (parse, then bind and execute):
//! 1,000 short jobs made 3,000 of them on one node.
//!
//! Both are prepared once per connection (`plan.rs`).

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use deadpool_postgres::{Pool, Transaction};
use tokio_postgres::types::{ToSql, Type};

use super::{plan, sql};
use crate::jobs::core::Save;
use crate::jobs::error::StoreError;
use crate::jobs::record::Row;

/// What one batch writes.
#[derive(Default)]
pub struct Batch {
    pub inserts: Vec<Row>,
    pub puts: HashMap<String, Row>,
    pub checkpoints: HashMap<String, (u64, String)>,
    pub logs: HashMap<String, (u64, String)>,
    pub releases: Vec<(String, u64, bool)>,
    pub prune: Option<u32>,
}

impl Batch {
    pub fn add(&mut self, save: Save) {
        match save {
            Save::Insert(row) => self.inserts.push(*row),
            Save::Row(row) => {
                self.puts.insert(row.id.clone(), *row);
            }
            Save::Checkpoint { id, attempt, json } => {
                self.checkpoints.insert(id, (attempt, json));
            }
            Save::Logs { id, attempt, logs } => {
                self.logs.insert(id, (attempt, logs));
            }
            Save::Release {
                id,
                attempt,
                requeue,
            } => self.releases.push((id, attempt, requeue)),
            Save::Prune { keep } => self.prune = Some(keep),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.inserts.is_empty()
            && self.puts.is_empty()
            && self.checkpoints.is_empty()
            && self.logs.is_empty()
            && self.releases.is_empty()
            && self.prune.is_none()
    }
}

/// What a written batch means for the leases held.
#[derive(Default)]
pub struct Written {
    /// Ended (final row) or released: no longer held.
    pub gone: Vec<String>,
    pub fenced: Vec<(String, u64)>,
    pub inserted: bool,
}

/// One batch in one transaction: inserts, checkpoints, logs, rows (a
/// final row gives the lease up, so it comes after), releases, prune; every write of a job fenced by its attempt.
pub async fn write(
    pool: &Pool,
    node: &str,
    idle: Duration,
    b: &Batch,
) -> Result<Written, StoreError> {
    let e = StoreError::postgres;
    let mut c = pool.get().await.map_err(StoreError::pool)?;
    let tx = c.transaction().await.map_err(e)?;
    let body = async {
        let mut w = Written::default();
        if !b.inserts.is_empty() {
            insert(&tx, &b.inserts).await.map_err(e)?;
            w.inserted = true;
        }
        if !b.inserts.is_empty() || !b.releases.is_empty() {
            // Sent at commit; a node not listening finds the jobs by polling.
            // Named by this node, which does not wake itself.
            tx.execute("SELECT pg_notify('bext_jobs', $1)", &[&node])
                .await
                .map_err(e)?;
        }
        for (column, map) in [("checkpoint", &b.checkpoints), ("logs", &b.logs)] {
            for (id, (attempt, text)) in map {
                if sql::put_column(&tx, node, column, id, *attempt, text)
                    .await
                    .map_err(e)?
                    == 0
                    && !b.puts.get(id).is_some_and(|r| r.status.is_final())
                {
                    w.fenced.push((id.clone(), *attempt));
                }
            }
        }
        if !b.puts.is_empty() {
            let rows: Vec<&Row> = b.puts.values().collect();
            let written: HashSet<String> = put(&tx, node, &rows)
                .await
                .map_err(e)?
                .into_iter()
                .collect();
            for r in rows {
                if !written.contains(&r.id) {
                    w.fenced.push((r.id.clone(), r.attempt));
                } else if r.status.is_final() {
                    w.gone.push(r.id.clone());
                }
            }
        }
        for (id, attempt, requeue) in &b.releases {
            sql::release(&tx, node, id, *attempt, *requeue)
                .await
                .map_err(e)?;
            w.gone.push(id.clone());
        }
        if let Some(keep) = b.prune {
            sql::prune(&tx, keep).await.map_err(e)?;
        }
        Ok(w)
    };
    let mut w = sql::settled(&tx, idle, body, e).await?;
    tx.commit().await.map_err(e)?;
    w.fenced.sort();
    w.fenced.dedup();
    Ok(w)
}

/// Inserts `rows`, claimable by any node (a delayed one from its `run_at`,
/// as `run_after`); an id already there is left as it is.
pub async fn insert(tx: &Transaction<'_>, rows: &[Row]) -> Result<(), tokio_postgres::Error> {
    let col = |f: fn(&Row) -> String| rows.iter().map(f).collect::<Vec<_>>();
    let ids = col(|r| r.id.clone());
    let pools = col(|r| r.pool.clone());
    let scripts = col(|r| r.script.clone());
    let statuses = col(|r| r.status.name().to_owned());
    let configs = col(|r| serde_json::to_string(&r.config).unwrap_or_else(|_| "{}".into()));
    let memory: Vec<i64> = rows.iter().map(|r| r.config.memory_bytes as i64).collect();
    let created: Vec<i64> = rows.iter().map(|r| r.created_at as i64).collect();
    let max_attempts: Vec<i32> = rows.iter().map(|r| r.max_attempts as i32).collect();
    let priority: Vec<i16> = rows.iter().map(|r| i16::from(r.priority)).collect();
    let unique: Vec<Option<&str>> = rows.iter().map(|r| r.unique_key.as_deref()).collect();
    let run_at: Vec<Option<i64>> = rows.iter().map(|r| r.run_at.map(|t| t as i64)).collect();
    let types = [
        Type::TEXT_ARRAY,
        Type::TEXT_ARRAY,
        Type::TEXT_ARRAY,
        Type::TEXT_ARRAY,
        Type::TEXT_ARRAY,
        Type::INT8_ARRAY,
        Type::INT8_ARRAY,
        Type::INT4_ARRAY,
        Type::INT2_ARRAY,
        Type::TEXT_ARRAY,
        Type::INT8_ARRAY,
    ];
    let params: [&(dyn ToSql + Sync); 11] = [
        &ids,
        &pools,
        &scripts,
        &statuses,
        &configs,
        &memory,
        &created,
        &max_attempts,
        &priority,
        &unique,
        &run_at,
    ];
    let sql = "INSERT INTO bext_jobs (id, pool, script, status, config, memory_bytes, created_at,
                                max_attempts, priority, unique_key, run_at, run_after)
         SELECT u.*, to_timestamp(u.run_at / 1000.0)
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                       $6::bigint[], $7::bigint[], $8::int[], $9::smallint[], $10::text[],
                       $11::bigint[])
                AS u(id, pool, script, status, config, memory_bytes, created_at,
                     max_attempts, priority, unique_key, run_at)
         ON CONFLICT (id) DO NOTHING";
    plan::query(tx, sql, &types, &params).await.map(|_| ())
}

/// The batch update (see [`put`]).
pub(super) const PUT: &str = "UPDATE bext_jobs j SET status = u.status, progress = u.progress,
                    result = u.result, error = u.error, restart_count = u.restart_count,
                    started_at = u.started_at, completed_at = u.completed_at,
                    crashes = u.crashes,
                    run_after = CASE WHEN u.backoff_ms > 0
                                     THEN now() + make_interval(secs => (u.backoff_ms / 1000.0)::float8)
                                     ELSE NULL END,
                    lease_until = CASE WHEN u.status IN ('completed', 'failed', 'cancelled', 'discarded')
                                       THEN NULL ELSE j.lease_until END,
                    tries = u.tries, max_attempts = u.max_attempts, errors = u.errors,
                    run_at = u.run_at
               FROM unnest($2::text[], $3::bigint[], $4::text[], $5::float8[], $6::text[],
                           $7::text[], $8::int[], $9::bigint[], $10::bigint[], $11::int[],
                           $12::bigint[], $13::int[], $14::int[], $15::text[], $16::bigint[])
                    AS u(id, attempt, status, progress, result, error, restart_count,
                         started_at, completed_at, crashes, backoff_ms, tries, max_attempts,
                         errors, run_at)
              WHERE j.id = u.id AND j.attempt = u.attempt AND j.owner = $1
             RETURNING j.id";

/// Writes `rows`, each only if `node` still holds its attempt; a final
/// state gives the lease up (the owner stays, as who ran it). Returns the
/// ids written: the others were fenced.
pub async fn put(
    tx: &Transaction<'_>,
    node: &str,
    rows: &[&Row],
) -> Result<Vec<String>, tokio_postgres::Error> {
    let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    let attempts: Vec<i64> = rows.iter().map(|r| r.attempt as i64).collect();
    let statuses: Vec<&str> = rows.iter().map(|r| r.status.name()).collect();
    let progress: Vec<f64> = rows.iter().map(|r| r.progress).collect();
    let results: Vec<Option<&str>> = rows.iter().map(|r| r.result.as_deref()).collect();
    let errors: Vec<Option<&str>> = rows.iter().map(|r| r.error.as_deref()).collect();
    let restarts: Vec<i32> = rows.iter().map(|r| r.restart_count as i32).collect();
    let started: Vec<Option<i64>> = rows
        .iter()
        .map(|r| r.started_at.map(|t| t as i64))
        .collect();
    let completed: Vec<Option<i64>> = rows
        .iter()
        .map(|r| r.completed_at.map(|t| t as i64))
        .collect();
    let crashes: Vec<i32> = rows.iter().map(|r| r.crashes as i32).collect();
    let backoff: Vec<i64> = rows.iter().map(|r| r.backoff_ms as i64).collect();
    let tries: Vec<i32> = rows.iter().map(|r| r.tries as i32).collect();
    let max_attempts: Vec<i32> = rows.iter().map(|r| r.max_attempts as i32).collect();
    let attempt_errors: Vec<Option<String>> = rows.iter().map(|r| r.errors_json()).collect();
    let run_at: Vec<Option<i64>> = rows.iter().map(|r| r.run_at.map(|t| t as i64)).collect();
    let types = [
        Type::TEXT,
        Type::TEXT_ARRAY,
        Type::INT8_ARRAY,
        Type::TEXT_ARRAY,
        Type::FLOAT8_ARRAY,
        Type::TEXT_ARRAY,
        Type::TEXT_ARRAY,
        Type::INT4_ARRAY,
        Type::INT8_ARRAY,
        Type::INT8_ARRAY,
        Type::INT4_ARRAY,
        Type::INT8_ARRAY,
        Type::INT4_ARRAY,
        Type::INT4_ARRAY,
        Type::TEXT_ARRAY,
        Type::INT8_ARRAY,
    ];
    let params: [&(dyn ToSql + Sync); 16] = [
        &node,
        &ids,
        &attempts,
        &statuses,
        &progress,
        &results,
        &errors,
        &restarts,
        &started,
        &completed,
        &crashes,
        &backoff,
        &tries,
        &max_attempts,
        &attempt_errors,
        &run_at,
    ];
    let sql = PUT;
    let written = plan::query(tx, sql, &types, &params).await?;
    Ok(written.iter().map(|r| r.get(0)).collect())
}
