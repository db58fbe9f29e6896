//! The shared store's schema, versioned like the SQLite one: migrations in
//! order, the count that ran kept in `bext_jobs_schema`, run under an
//! advisory lock so nodes starting together do not race.

use std::sync::Arc;

use tokio_postgres::Client;

use crate::jobs::error::StoreError;

/// Schema versions, in order.
pub(super) const MIGRATIONS: &[&str] = &[
    // 1: the SQLite table's columns, and the lease of each row.
    "CREATE TABLE bext_jobs (
        id TEXT PRIMARY KEY,
        pool TEXT NOT NULL,
        script TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'queued',
        config TEXT NOT NULL DEFAULT '{}',
        memory_bytes BIGINT NOT NULL DEFAULT 0,
        progress DOUBLE PRECISION NOT NULL DEFAULT 0,
        result TEXT,
        error TEXT,
        logs TEXT,
        checkpoint TEXT,
        restart_count INTEGER NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL,
        started_at BIGINT,
        completed_at BIGINT,
        attempt BIGINT NOT NULL DEFAULT 0,
        owner TEXT,
        lease_until TIMESTAMPTZ,
        run_after TIMESTAMPTZ,
        crashes INTEGER NOT NULL DEFAULT 0,
        cancel_asked BOOLEAN NOT NULL DEFAULT false
    );
    CREATE INDEX bext_jobs_claimable ON bext_jobs (created_at, id)
        WHERE status IN ('queued', 'running');
    CREATE INDEX bext_jobs_finished ON bext_jobs (completed_at)
        WHERE status IN ('completed', 'failed', 'cancelled');",
    // 2: retries and when, as SQLite's migration 2; a retryable job is
    // claimable (after `run_after`), a discarded one is final; claims go
    // by priority, then age; unique keys are looked up among live jobs.
    "ALTER TABLE bext_jobs
        ADD COLUMN tries INTEGER NOT NULL DEFAULT 0,
        ADD COLUMN max_attempts INTEGER NOT NULL DEFAULT 1,
        ADD COLUMN errors TEXT,
        ADD COLUMN run_at BIGINT,
        ADD COLUMN priority SMALLINT NOT NULL DEFAULT 0,
        ADD COLUMN unique_key TEXT;
    UPDATE bext_jobs SET tries = 1 WHERE started_at IS NOT NULL;
    DROP INDEX bext_jobs_claimable;
    CREATE INDEX bext_jobs_claimable ON bext_jobs (priority, created_at, id)
        WHERE status IN ('queued', 'running', 'retryable');
    CREATE INDEX bext_jobs_unique ON bext_jobs (unique_key, created_at)
        WHERE unique_key IS NOT NULL AND status IN ('queued', 'running', 'retryable');
    DROP INDEX bext_jobs_finished;
    CREATE INDEX bext_jobs_finished ON bext_jobs (completed_at)
        WHERE status IN ('completed', 'failed', 'cancelled', 'discarded');",
    // 3: a unique key is looked up in any state too (a schedule's due time
    // is one job even once it has ended), so its index covers every state.
    "DROP INDEX bext_jobs_unique;
    CREATE INDEX bext_jobs_unique ON bext_jobs (unique_key, created_at)
        WHERE unique_key IS NOT NULL;",
    // 4: unique keys are each pool's own (one pool's spawn never answers
    // with another pool's job), so the pool leads their index. Rows stay
    // as they are.
    "DROP INDEX bext_jobs_unique;
    CREATE INDEX bext_jobs_unique ON bext_jobs (pool, unique_key, created_at)
        WHERE unique_key IS NOT NULL;",
];

/// Brings the schema (in the connection's `search_path`) up to date.
pub async fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let e = StoreError::postgres;
    let tx = client.transaction().await.map_err(e)?;
    tx.batch_execute(
        "SELECT pg_advisory_xact_lock(4242023);
         CREATE TABLE IF NOT EXISTS bext_jobs_schema (version INTEGER NOT NULL);",
    )
    .await
    .map_err(e)?;
    let version: i32 = match tx
        .query_opt("SELECT version FROM bext_jobs_schema", &[])
        .await
        .map_err(e)?
    {
        Some(r) => r.get(0),
        None => {
            tx.execute("INSERT INTO bext_jobs_schema VALUES (0)", &[])
                .await
                .map_err(e)?;
            0
        }
    };
    let version = version.max(0) as usize;
    if version > MIGRATIONS.len() {
        return Err(StoreError::Newer {
            version,
            known: MIGRATIONS.len(),
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version) {
        tx.batch_execute(sql)
            .await
            .map_err(|source| StoreError::Migration {
                n: i + 1,
                source: Arc::new(source),
            })?;
    }
    tx.execute(
        "UPDATE bext_jobs_schema SET version = $1",
        &[&(MIGRATIONS.len() as i32)],
    )
    .await
    .map_err(e)?;
    tx.commit().await.map_err(e)
}
