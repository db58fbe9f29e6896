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

mod writer;

use std::path::Path;
use std::time::Duration;

use protocol::control::{AttemptError, JobInfo, JobState};
use rusqlite::{Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

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
];

/// The states a prune may forget, as SQL.
pub const FINAL_STATES_SQL: &str = "('completed', 'failed', 'cancelled', 'discarded')";

/// What a job was spawned with (the `config` column, as JSON). A column
/// that does not parse reads as the default (no daemon, no memory, no data).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct JobConfig {
    pub daemon: bool,
    pub memory_bytes: u64,
    /// 0 = none.
    pub timeout_ms: u64,
    pub retry_on_restart: bool,
    pub data: serde_json::Value,
    /// The first retry's delay (`backoff`); 0: `[jobs] retry_backoff_ms`.
    #[serde(default)]
    pub backoff_ms: u64,
}

/// A job's row, without its checkpoint and log (written apart, they are the
/// large columns).
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub id: String,
    pub pool: String,
    pub script: String,
    pub status: JobState,
    pub config: JobConfig,
    pub progress: f64,
    /// JSON.
    pub result: Option<String>,
    pub error: Option<String>,
    pub restart_count: u32,
    pub created_at: u64,
    pub started_at: Option<u64>,
    pub completed_at: Option<u64>,
    /// Shared store: the claim this node holds (the fencing token every
    /// write carries); 0 in the SQLite store.
    pub attempt: u64,
    /// Shared store: the node that owns it.
    pub node: Option<String>,
    /// Shared store: a daemon's crashes in a row and the backoff it waits
    /// out, kept so another node that takes it over keeps them.
    pub crashes: u32,
    pub backoff_ms: u64,
    /// Attempts started (`job.attempt` of the last run).
    pub tries: u32,
    /// Attempts it may use (`maxAttempts`).
    pub max_attempts: u32,
    /// Each failed attempt's error, oldest first.
    pub errors: Vec<AttemptError>,
    /// A delayed job's run or a retryable job's next attempt (Unix ms).
    pub run_at: Option<u64>,
    /// 0 first.
    pub priority: u8,
    pub unique_key: Option<String>,
}

impl Row {
    /// The job as the API shows it, with its checkpoint if asked, and no
    /// process (the caller that knows of one fills `pid`, `rss_bytes` and
    /// `restart_at` in).
    pub fn info(&self, checkpoint: Option<&str>, with_checkpoint: bool) -> JobInfo {
        let json = |s: Option<&str>| s.and_then(|s| serde_json::from_str(s).ok());
        JobInfo {
            id: self.id.clone(),
            pool: self.pool.clone(),
            script: self.script.clone(),
            status: self.status,
            daemon: self.config.daemon,
            memory_bytes: self.config.memory_bytes,
            timeout_ms: self.config.timeout_ms,
            retry_on_restart: self.config.retry_on_restart,
            data: self.config.data.clone(),
            progress: self.progress,
            result: json(self.result.as_deref()),
            error: self.error.clone(),
            checkpoint: if with_checkpoint {
                json(checkpoint)
            } else {
                None
            },
            checkpoint_bytes: checkpoint.map_or(0, |c| c.len() as u64),
            restart_count: self.restart_count,
            created_at: self.created_at,
            started_at: self.started_at,
            completed_at: self.completed_at,
            pid: None,
            rss_bytes: None,
            restart_at: None,
            node: self.node.clone(),
            attempt: self.tries,
            max_attempts: self.max_attempts,
            errors: self.errors.clone(),
            retry_at: self.run_at.filter(|_| self.status == JobState::Retryable),
            run_at: self.run_at.filter(|_| self.status == JobState::Queued),
            priority: self.priority,
            unique_key: self.unique_key.clone(),
        }
    }

    /// The `errors` column's JSON.
    pub fn errors_json(&self) -> Option<String> {
        (!self.errors.is_empty()).then(|| serde_json::to_string(&self.errors).unwrap_or_default())
    }
}

/// The `errors` column read back; what does not parse reads as none.
pub fn parse_errors(json: Option<&str>) -> Vec<AttemptError> {
    json.and_then(|j| serde_json::from_str(j).ok())
        .unwrap_or_default()
}

/// A row read back at start, with its large columns.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub row: Row,
    pub checkpoint: Option<String>,
    pub logs: String,
}

/// Opens (creating if needed) the database and brings its schema up to date.
pub fn open(path: &Path) -> Result<Connection, String> {
    let fail = |e: rusqlite::Error| format!("jobs state file {}: {e}", path.display());
    let mut conn = Connection::open(path).map_err(fail)?;
    conn.busy_timeout(Duration::from_secs(5)).map_err(fail)?;
    let mode: String = conn
        .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
        .map_err(fail)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(format!(
            "jobs state file {}: cannot use write-ahead logging (journal mode is {mode})",
            path.display()
        ));
    }
    conn.pragma_update(None, "synchronous", "NORMAL")
        .map_err(fail)?;
    migrate(&mut conn).map_err(|e| format!("jobs state file {}: {e}", path.display()))?;
    Ok(conn)
}

fn migrate(conn: &mut Connection) -> Result<(), String> {
    let version: usize = conn
        .query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))
        .map_err(|e| e.to_string())? as usize;
    if version > MIGRATIONS.len() {
        return Err(format!(
            "written by a newer bextd (schema {version}; this one knows up to {})",
            MIGRATIONS.len()
        ));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version) {
        let tx = conn.transaction().map_err(|e| e.to_string())?;
        tx.execute_batch(sql)
            .map_err(|e| format!("migration {}: {e}", i + 1))?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)
            .map_err(|e| e.to_string())?;
        tx.commit().map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Every job in the file, oldest first.
pub fn load(conn: &Connection) -> Result<Vec<Loaded>, String> {
    let mut stmt = conn
        .prepare(
            "SELECT id, pool, script, status, config, progress, result, error, restart_count,
                    created_at, started_at, completed_at, checkpoint, logs,
                    tries, max_attempts, errors, run_at, priority, unique_key
             FROM jobs ORDER BY created_at, id",
        )
        .map_err(|e| e.to_string())?;
    let rows = stmt
        .query_map([], |r| {
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
        })
        .map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for r in rows {
        let (row, checkpoint, logs) = r.map_err(|e| e.to_string())?;
        out.push(Loaded {
            row,
            checkpoint,
            logs: logs.unwrap_or_default(),
        });
    }
    Ok(out)
}

/// One job's checkpoint as stored (for tests and tools).
pub fn checkpoint_of(conn: &Connection, id: &str) -> Result<Option<String>, String> {
    conn.query_row("SELECT checkpoint FROM jobs WHERE id = ?1", [id], |r| {
        r.get::<_, Option<String>>(0)
    })
    .optional()
    .map(Option::flatten)
    .map_err(|e| e.to_string())
}

pub use writer::Writer;

#[cfg(test)]
mod tests;
