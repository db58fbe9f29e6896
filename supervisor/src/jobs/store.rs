//! The jobs database: one SQLite file (`[jobs] state_file`) in WAL mode,
//! with the seed's `jobs` table and versioned migrations.
//!
//! Every write goes through one writer thread ([`Writer`]): the job manager
//! sends it rows and never waits, so neither the manager nor the HTTP path
//! ever blocks on the disk. The thread takes everything queued, keeps only
//! the newest row, checkpoint and log of each job, and writes the batch in
//! one transaction: 20 jobs checkpointing 50 times a second cost a few
//! commits a second, not a thousand. WAL with `synchronous = NORMAL`
//! survives a kill of bextd at any point (a committed transaction is in the
//! log; an interrupted one is rolled back at the next open).

use std::collections::HashMap;
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use protocol::control::{JobInfo, JobState};
use rusqlite::{Connection, OptionalExtension, params};
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
];

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
        }
    }
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
                    created_at, started_at, completed_at, checkpoint, logs
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

#[derive(Debug)]
enum Op {
    Put(Box<Row>),
    Checkpoint(String, String),
    Logs(String, String),
    /// Keep this many finished jobs, the newest.
    Prune(u32),
    /// Answered once everything sent before it is committed.
    Flush(mpsc::Sender<()>),
    /// Write what is queued, fold the log into the file, close it, answer.
    Close(mpsc::Sender<()>),
}

/// The writer thread's handle. Dropping every clone ends the thread after
/// it has written what it was sent.
#[derive(Debug, Clone)]
pub struct Writer {
    tx: mpsc::Sender<Op>,
}

impl Writer {
    /// Starts the writer thread on `conn`.
    pub fn start(conn: Connection) -> std::io::Result<Writer> {
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("bext-jobs-db".into())
            .spawn(move || write_loop(conn, rx))?;
        Ok(Writer { tx })
    }

    pub fn put(&self, row: Row) {
        let _ = self.tx.send(Op::Put(Box::new(row)));
    }

    pub fn checkpoint(&self, id: &str, json: String) {
        let _ = self.tx.send(Op::Checkpoint(id.to_owned(), json));
    }

    pub fn logs(&self, id: &str, text: String) {
        let _ = self.tx.send(Op::Logs(id.to_owned(), text));
    }

    pub fn prune(&self, keep: u32) {
        let _ = self.tx.send(Op::Prune(keep));
    }

    /// Writes what was sent, folds the write-ahead log into the file and
    /// closes it (SQLite then removes the -wal and -shm files), waiting at
    /// most `wait`. Later writes are dropped.
    pub fn close(&self, wait: Duration) -> bool {
        let (tx, rx) = mpsc::channel();
        if self.tx.send(Op::Close(tx)).is_err() {
            return false;
        }
        rx.recv_timeout(wait).is_ok()
    }

    /// Waits (blocking, at most `wait`) until what was sent is on disk.
    pub fn flush(&self, wait: Duration) -> bool {
        let (tx, rx) = mpsc::channel();
        if self.tx.send(Op::Flush(tx)).is_err() {
            return false;
        }
        rx.recv_timeout(wait).is_ok()
    }
}

/// What one batch writes: the newest of each kind per job.
#[derive(Default)]
struct Batch {
    puts: HashMap<String, Row>,
    checkpoints: HashMap<String, String>,
    logs: HashMap<String, String>,
    prune: Option<u32>,
    flushed: Vec<mpsc::Sender<()>>,
    close: Option<mpsc::Sender<()>>,
}

impl Batch {
    fn add(&mut self, op: Op) {
        match op {
            Op::Put(row) => {
                self.puts.insert(row.id.clone(), *row);
            }
            Op::Checkpoint(id, json) => {
                self.checkpoints.insert(id, json);
            }
            Op::Logs(id, text) => {
                self.logs.insert(id, text);
            }
            Op::Prune(keep) => self.prune = Some(keep),
            Op::Flush(tx) => self.flushed.push(tx),
            Op::Close(tx) => self.close = Some(tx),
        }
    }
}

/// Most operations folded into one transaction.
const BATCH_MAX: usize = 4096;

fn write_loop(mut conn: Connection, rx: mpsc::Receiver<Op>) {
    while let Ok(first) = rx.recv() {
        let mut batch = Batch::default();
        batch.add(first);
        for op in rx.try_iter().take(BATCH_MAX) {
            batch.add(op);
        }
        if let Err(e) = write(&mut conn, &batch) {
            tracing::error!(error = %e, "cannot write to the jobs state file; job states since the last good write are only in memory");
        }
        for tx in batch.flushed {
            let _ = tx.send(());
        }
        if let Some(done) = batch.close {
            close(conn);
            let _ = done.send(());
            return;
        }
    }
    close(conn);
}

/// Folds the log into the main file and closes it, so a clean stop leaves
/// one file.
fn close(conn: Connection) {
    let _ = conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)");
    if let Err((_, e)) = conn.close() {
        tracing::warn!(error = %e, "closing the jobs state file");
    }
}

fn write(conn: &mut Connection, b: &Batch) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    {
        let mut put = tx.prepare_cached(
            "INSERT INTO jobs (id, pool, script, status, config, progress, result, error,
                               restart_count, created_at, started_at, completed_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
             ON CONFLICT (id) DO UPDATE SET
                pool = excluded.pool, script = excluded.script, status = excluded.status,
                config = excluded.config, progress = excluded.progress, result = excluded.result,
                error = excluded.error, restart_count = excluded.restart_count,
                created_at = excluded.created_at, started_at = excluded.started_at,
                completed_at = excluded.completed_at",
        )?;
        for r in b.puts.values() {
            let config = serde_json::to_string(&r.config).unwrap_or_else(|_| "{}".into());
            put.execute(params![
                r.id,
                r.pool,
                r.script,
                r.status.name(),
                config,
                r.progress,
                r.result,
                r.error,
                r.restart_count,
                r.created_at as i64,
                r.started_at.map(|t| t as i64),
                r.completed_at.map(|t| t as i64),
            ])?;
        }
        let mut cp = tx.prepare_cached("UPDATE jobs SET checkpoint = ?2 WHERE id = ?1")?;
        for (id, json) in &b.checkpoints {
            cp.execute(params![id, json])?;
        }
        let mut logs = tx.prepare_cached("UPDATE jobs SET logs = ?2 WHERE id = ?1")?;
        for (id, text) in &b.logs {
            logs.execute(params![id, text])?;
        }
        if let Some(keep) = b.prune {
            tx.execute(
                "DELETE FROM jobs WHERE status IN ('completed', 'failed', 'cancelled')
                 AND id NOT IN (SELECT id FROM jobs
                                WHERE status IN ('completed', 'failed', 'cancelled')
                                ORDER BY completed_at DESC, id DESC LIMIT ?1)",
                [keep],
            )?;
        }
    }
    tx.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, status: JobState, completed_at: Option<u64>) -> Row {
        Row {
            id: id.into(),
            pool: "render".into(),
            script: "/srv/job.js".into(),
            status,
            config: JobConfig {
                daemon: true,
                memory_bytes: 64 << 20,
                timeout_ms: 0,
                retry_on_restart: false,
                data: serde_json::json!({"n": 1}),
            },
            progress: 0.5,
            result: None,
            error: None,
            restart_count: 2,
            created_at: 1,
            started_at: Some(2),
            completed_at,
            attempt: 0,
            node: None,
            crashes: 0,
            backoff_ms: 0,
        }
    }

    #[test]
    fn rows_checkpoints_and_logs_survive_a_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("jobs.db");
        let w = Writer::start(open(&path).unwrap()).unwrap();
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
        let w = Writer::start(open(&path).unwrap()).unwrap();
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
        assert!(e.contains("newer bextd"), "{e}");
    }
}
