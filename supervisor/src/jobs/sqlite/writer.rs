//! The SQLite writer thread: the job manager sends it rows and never
//! waits. It takes everything queued, keeps only the newest row,
//! checkpoint and log of each job, and writes the batch in one
//! transaction. A batch that cannot be written (the disk is full) is kept,
//! with what comes later folded over it, and tried again with the outage
//! backoff (`jobs/outage.rs`): one line when writes start failing, one
//! when they succeed again, nothing per batch in between.
//!
//! Commits are at least [`GATHER`] apart: the manager sends a few rows per
//! job it starts or ends, and at thousands of jobs a second a commit for
//! each send was most of the writer's work (7 page writes a job).

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rusqlite::{Connection, params};

use super::Row;
use crate::jobs::outage::Tracker;

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
    commits: Arc<AtomicU64>,
}

impl Writer {
    /// Starts the writer thread on `conn`; `outage` says when the file
    /// cannot be written and when it can again.
    pub fn start(conn: Connection, outage: Tracker) -> std::io::Result<Writer> {
        let (tx, rx) = mpsc::channel();
        let commits = Arc::new(AtomicU64::new(0));
        let counted = commits.clone();
        std::thread::Builder::new()
            .name("bext-jobs-db".into())
            .spawn(move || write_loop(conn, rx, outage, &counted))?;
        Ok(Writer { tx, commits })
    }

    /// Transactions committed so far.
    pub fn commits(&self) -> u64 {
        self.commits.load(Ordering::Relaxed)
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
    fn extend(&mut self, ops: impl Iterator<Item = Op>) {
        for op in ops {
            self.add(op);
        }
    }

    fn is_empty(&self) -> bool {
        self.puts.is_empty()
            && self.checkpoints.is_empty()
            && self.logs.is_empty()
            && self.prune.is_none()
    }

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

/// The least time between two commits. A row waits at most this long
/// longer to reach the file; a flush or a close does not wait.
const GATHER: Duration = Duration::from_millis(4);

/// How long to let rows gather before the next commit, the last having
/// been at `last`; nothing when someone waits for it (`urgent`).
pub(super) fn gather_wait(urgent: bool, last: Option<Instant>, now: Instant) -> Duration {
    match last {
        Some(last) if !urgent => (last + GATHER).saturating_duration_since(now),
        _ => Duration::ZERO,
    }
}

fn write_loop(
    mut conn: Connection,
    rx: mpsc::Receiver<Op>,
    mut outage: Tracker,
    commits: &AtomicU64,
) {
    // What could not be written yet, with what came since folded over it.
    let mut kept: Option<Batch> = None;
    let mut last: Option<Instant> = None;
    loop {
        let first = match (&kept, outage.retry_at()) {
            (Some(_), Some(at)) => {
                match rx.recv_timeout(at.saturating_duration_since(Instant::now())) {
                    Ok(op) => Some(op),
                    Err(mpsc::RecvTimeoutError::Timeout) => None,
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
            _ => match rx.recv() {
                Ok(op) => Some(op),
                Err(_) => break,
            },
        };
        if let Some(op) = &first {
            let urgent = matches!(op, Op::Flush(_) | Op::Close(_));
            let wait = gather_wait(urgent, last, Instant::now());
            if !wait.is_zero() {
                std::thread::sleep(wait);
            }
        }
        let mut batch = kept.take().unwrap_or_default();
        batch.extend(first.into_iter().chain(rx.try_iter().take(BATCH_MAX)));
        if outage.may_try() {
            last = Some(Instant::now());
            match write(&mut conn, &batch) {
                Ok(()) => {
                    commits.fetch_add(1, Ordering::Relaxed);
                    outage.succeeded()
                }
                Err(e) => outage.failed(&e.to_string()),
            }
        }
        // Waiters are answered either way: a full disk must not hold up a
        // shutdown; what is kept is written when it can be.
        for tx in batch.flushed.drain(..) {
            let _ = tx.send(());
        }
        if let Some(done) = batch.close.take() {
            warn_unsaved(&outage, &batch);
            close(conn);
            let _ = done.send(());
            return;
        }
        if outage.is_down() {
            kept = Some(batch);
        }
    }
    if let Some(b) = &kept
        && !b.is_empty()
        && write(&mut conn, b).is_err()
    {
        warn_unsaved(&outage, b);
    }
    close(conn);
}

/// At a close with the file still out: what is lost.
fn warn_unsaved(outage: &Tracker, b: &Batch) {
    if outage.is_down() && !b.is_empty() {
        tracing::error!(
            jobs = b.puts.len().max(b.checkpoints.len()).max(b.logs.len()),
            "the jobs state file could not be written before bextd stopped; the newest states of these jobs are lost"
        );
    }
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
                               restart_count, created_at, started_at, completed_at,
                               tries, max_attempts, errors, run_at, priority, unique_key)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                     ?17, ?18)
             ON CONFLICT (id) DO UPDATE SET
                pool = excluded.pool, script = excluded.script, status = excluded.status,
                config = excluded.config, progress = excluded.progress, result = excluded.result,
                error = excluded.error, restart_count = excluded.restart_count,
                created_at = excluded.created_at, started_at = excluded.started_at,
                completed_at = excluded.completed_at, tries = excluded.tries,
                max_attempts = excluded.max_attempts, errors = excluded.errors,
                run_at = excluded.run_at, priority = excluded.priority,
                unique_key = excluded.unique_key",
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
                r.tries,
                r.max_attempts,
                r.errors_json(),
                r.run_at.map(|t| t as i64),
                r.priority,
                r.unique_key,
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
            let finals = super::FINAL_STATES_SQL;
            tx.execute(
                &format!(
                    "DELETE FROM jobs WHERE status IN {finals}
                     AND id NOT IN (SELECT id FROM jobs WHERE status IN {finals}
                                    ORDER BY completed_at DESC, id DESC LIMIT ?1)"
                ),
                [keep],
            )?;
        }
    }
    tx.commit()
}
