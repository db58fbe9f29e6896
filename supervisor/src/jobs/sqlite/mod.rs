//! The jobs database: one SQLite file (`[jobs] state_file`) in WAL mode,
//! with the seed's `jobs` table and versioned migrations.
//!
//! Every write goes through one writer thread ([`Writer`], `writer.rs`):
//! the job manager sends it rows and never waits, so neither the manager
//! nor the HTTP path ever blocks on the disk. The thread takes everything
//! queued, keeps only the newest row, checkpoint and log of each job, and
//! writes the batch in one transaction (kept and retried with backoff
//! while the disk is full): 20 jobs checkpointing 50 times a second cost a few
//! commits a second, not a thousand. WAL with `synchronous = NORMAL`
//! survives a kill of bextd at any point (a committed transaction is in the
//! log; an interrupted one is rolled back at the next open).

mod store;
mod writer;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use protocol::control::JobState;
use rusqlite::{Connection, OptionalExtension};

use crate::jobs::error::StoreError;
use crate::jobs::record::{FINAL_STATES_SQL, Loaded, Row, parse_errors};

/// Schema versions, in order; `PRAGMA user_version` says how many ran.
const MIGRATIONS: &[&str] = &[
    // 1: seed 002's table. `config` holds what the job was spawned with.
    "CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        pool TEXT NOT NULL,
        script TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'queued',
        config TEXT NOT NULL DEFAULT '{}',
        progress REAL NOT NULL DEFAULT 0.0,
        result TEXT,
        error TEXT,
        logs TEXT,
        checkpoint TEXT,
        restart_count INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        started_at INTEGER,
        completed_at INTEGER
    );
    CREATE INDEX jobs_by_status ON jobs (status, completed_at);",
    // 2: retries and when. `tries` counts the attempts started (a row that
    // had started used one), `errors` keeps each failed attempt's (JSON),
    // `run_at` is when a delayed or retryable job may start; `priority`
    // (0 first) and `unique_key` (indexed).
    "ALTER TABLE jobs ADD COLUMN tries INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE jobs ADD COLUMN max_attempts INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE jobs ADD COLUMN errors TEXT;
    ALTER TABLE jobs ADD COLUMN run_at INTEGER;
    UPDATE jobs SET tries = 1 WHERE started_at IS NOT NULL;
    ALTER TABLE jobs ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE jobs ADD COLUMN unique_key TEXT;
    CREATE INDEX jobs_by_unique_key ON jobs (unique_key) WHERE unique_key IS NOT NULL;",
    // 3: unique keys are each pool's own, as in the shared store's
    // migration 4; rows stay as they are.
    "DROP INDEX jobs_by_unique_key;
    CREATE INDEX jobs_by_unique_key ON jobs (pool, unique_key) WHERE unique_key IS NOT NULL;",
];

/// Opens (creating if needed) the database and brings its schema up to date.
pub fn open(path: &Path) -> Result<Connection, StoreError> {
    let fail = |e: rusqlite::Error| StoreError::File {
        path: path.to_path_buf(),
        source: Arc::new(e),
    };
    let mut conn = Connection::open(path).map_err(fail)?;
    conn.busy_timeout(Duration::from_secs(5)).map_err(fail)?;
    let mode: String = conn
        .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
        .map_err(fail)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(StoreError::NoWal {
            path: path.to_path_buf(),
            mode,
        });
    }
    conn.pragma_update(None, "synchronous", "NORMAL")
        .map_err(fail)?;
    migrate(&mut conn, path)?;
    Ok(conn)
}

/// Runs the migrations the file at `path` has not had.
fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let fail = |e: rusqlite::Error| StoreError::File {
        path: path.to_path_buf(),
        source: Arc::new(e),
    };
    let version: usize = conn
        .query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))
        .map_err(fail)? as usize;
    if version > MIGRATIONS.len() {
        return Err(StoreError::FileNewer {
            path: path.to_path_buf(),
            version,
            known: MIGRATIONS.len(),
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version) {
        let tx = conn.transaction().map_err(fail)?;
        tx.execute_batch(sql)
            .map_err(|e| StoreError::FileMigration {
                path: path.to_path_buf(),
                n: i + 1,
                source: Arc::new(e),
            })?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)
            .map_err(fail)?;
        tx.commit().map_err(fail)?;
    }
    Ok(())
}

/// Every job in the file, oldest first.
pub fn load(conn: &Connection) -> rusqlite::Result<Vec<Loaded>> {
    let mut stmt = conn.prepare(
        "SELECT id, pool, script, status, config, progress, result, error, restart_count,
                    created_at, started_at, completed_at, checkpoint, logs,
                    tries, max_attempts, errors, run_at, priority, unique_key
             FROM jobs ORDER BY created_at, id",
    )?;
    let rows = stmt.query_map([], |r| {
        let status: String = r.get(3)?;
        let config: String = r.get(4)?;
        Ok((
            Row {
                id: r.get(0)?,
                pool: r.get(1)?,
                script: r.get(2)?,
                status: JobState::parse(&status).unwrap_or(JobState::Failed),
                config: serde_json::from_str(&config).unwrap_or_default(),
                progress: r.get(5)?,
                result: r.get(6)?,
                error: r.get(7)?,
                restart_count: r.get::<_, i64>(8)?.clamp(0, u32::MAX as i64) as u32,
                created_at: r.get::<_, i64>(9)?.max(0) as u64,
                started_at: r.get::<_, Option<i64>>(10)?.map(|t| t.max(0) as u64),
                completed_at: r.get::<_, Option<i64>>(11)?.map(|t| t.max(0) as u64),
                attempt: 0,
                node: None,
                crashes: 0,
                backoff_ms: 0,
                tries: r.get::<_, i64>(14)?.clamp(0, u32::MAX as i64) as u32,
                max_attempts: r.get::<_, i64>(15)?.clamp(1, u32::MAX as i64) as u32,
                errors: parse_errors(r.get::<_, Option<String>>(16)?.as_deref()),
                run_at: r.get::<_, Option<i64>>(17)?.map(|t| t.max(0) as u64),
                priority: r.get::<_, i64>(18)?.clamp(0, 9) as u8,
                unique_key: r.get(19)?,
            },
            r.get::<_, Option<String>>(12)?,
            r.get::<_, Option<String>>(13)?,
        ))
    })?;
    let mut out = Vec::new();
    for r in rows {
        let (row, checkpoint, logs) = r?;
        out.push(Loaded {
            row,
            checkpoint,
            logs: logs.unwrap_or_default(),
        });
    }
    Ok(out)
}

/// One job's checkpoint as stored (for tests and tools).
pub fn checkpoint_of(conn: &Connection, id: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT checkpoint FROM jobs WHERE id = ?1", [id], |r| {
        r.get::<_, Option<String>>(0)
    })
    .optional()
    .map(Option::flatten)
}

pub use store::FileStore;
pub use writer::Writer;

#[cfg(test)]
mod tests;
