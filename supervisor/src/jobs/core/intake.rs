//! Jobs coming in: a new job is checked (`vet`), its row made, and it is
//! queued by its priority, or waits for its time; a unique key answers
//! with its live job. Admission and launches are in `admit.rs`, a cancel
//! and bextd's shutdown in `stop.rs`.

use std::time::Duration;

use protocol::control::{JobSpec, JobState};

use super::{Action, Clock, Core, Job, Log, Save};
use crate::jobs::error::{JobsError, SpecError};
use crate::jobs::record::{JobConfig, Row};

/// The window of a unique spawn answered by a job of its key in any state,
/// ended or not (a schedule's due time: one job, ever).
pub const EVER: u64 = u64::MAX;

/// The oldest creation time (Unix ms) a job may have to answer a unique
/// spawn with a window of `window_ms` (0 or [`EVER`]: any).
pub fn unique_since(window_ms: u64, now_ms: u64) -> u64 {
    if window_ms == 0 || window_ms == EVER {
        0
    } else {
        now_ms.saturating_sub(window_ms)
    }
}

impl Core {
    /// What makes a new job unacceptable, checked before the manager opens
    /// the store for it: bextd stopping, memory 0 or over the whole budget,
    /// a bad or taken id.
    pub fn vet(&self, new: &JobSpec) -> Result<(), JobsError> {
        let id = new.id.as_deref().unwrap_or_default();
        if self.stopping {
            return Err(JobsError::ShuttingDown);
        }
        let memory = new.memory_bytes.unwrap_or(self.cfg.default_memory_bytes);
        if memory == 0 {
            return Err(SpecError::NoMemory.into());
        }
        if memory > self.cfg.budget_bytes {
            let budget = self.cfg.budget_bytes;
            return Err(SpecError::OverBudget {
                asks: memory,
                budget,
            }
            .into());
        }
        if !protocol::worker::is_job_id(id) {
            return Err(SpecError::BadId(id.to_owned()).into());
        }
        if self.jobs.contains_key(id) {
            return Err(SpecError::IdTaken(id.to_owned()).into());
        }
        Ok(())
    }

    pub(super) fn queue_job(
        &mut self,
        new: JobSpec,
        now: Clock,
    ) -> Result<(String, JobState), JobsError> {
        self.vet(&new)?;
        if let Some(found) = self.unique_match(&new, now) {
            return Ok(found);
        }
        let row = self.new_row(&new, now);
        let memory = row.config.memory_bytes;
        self.log(Log::Queued {
            id: row.id.clone(),
            pool: row.pool.clone(),
            script: row.script.clone(),
            daemon: new.daemon,
            memory,
        });
        let id = row.id.clone();
        if self.claims() {
            // Any node (this one too) claims it from the store.
            self.out.push(Action::Save(Save::Insert(Box::new(row))));
            return Ok((id, JobState::Queued));
        }
        let mut job = Job::new(row, None, String::new());
        job.dirty = true;
        self.jobs.insert(id.clone(), job);
        self.changed.insert(id.clone());
        self.enqueue_or_wait(&id, now);
        Ok((id, JobState::Queued))
    }

    /// A live job (queued, running, retryable) of `new`'s pool and unique
    /// key, created within its window (with [`EVER`], a job of that key in
    /// any state): the answer to its spawn. Keys are the pool's own: one
    /// pool's spawn never gets another pool's job back, nor pre-empts its
    /// unique spawns or its schedules' due times.
    fn unique_match(&self, new: &JobSpec, now: Clock) -> Option<(String, JobState)> {
        let (key, window) = new.unique()?;
        let since = unique_since(window, now.unix_ms);
        let ever = window == EVER;
        let pool = new.pool.as_deref().unwrap_or_default();
        self.jobs
            .values()
            .filter(|j| j.row.unique_key.as_deref() == Some(key) && j.row.pool == pool)
            .filter(|j| ever || !j.row.status.is_final())
            .filter(|j| j.row.created_at >= since)
            .min_by_key(|j| j.row.created_at)
            .map(|j| (j.row.id.clone(), j.row.status))
    }

    /// A delayed job waits for its time (the tick queues it then); any
    /// other goes in the queue now.
    pub(super) fn enqueue_or_wait(&mut self, id: &str, now: Clock) {
        let Some(job) = self.jobs.get_mut(id) else {
            return;
        };
        match job.row.run_at.filter(|t| *t > now.unix_ms) {
            Some(t) => job.restart_at = Some(now.at + Duration::from_millis(t - now.unix_ms)),
            None => self.enqueue(id, false),
        }
    }

    /// Puts job `id` in the queue by its priority (0 first): behind the
    /// jobs of its priority, or (`front`: a job that held its place
    /// before, a restarted daemon, a retry) ahead of them.
    pub(super) fn enqueue(&mut self, id: &str, front: bool) {
        let Some(p) = self.jobs.get(id).map(|j| j.row.priority) else {
            return;
        };
        self.queue.push(id, p, front);
    }

    /// A new job's row, as the store keeps it.
    pub fn new_row(&self, new: &JobSpec, now: Clock) -> Row {
        let memory = new.memory_bytes.unwrap_or(self.cfg.default_memory_bytes);
        let pool_name = new.pool.clone().unwrap_or_default();
        // The job's own, else its pool's, else `[jobs]`.
        let pool = self.pool(Some(&pool_name)).ok();
        let pool_max = pool.map_or(0, |p| p.max_attempts);
        let max_attempts = new.max_attempts.unwrap_or(match pool_max {
            0 => self.cfg.max_attempts,
            n => n,
        });
        let backoff_ms = new
            .backoff_ms
            .unwrap_or(pool.map_or(0, |p| p.retry_backoff_ms));
        Row {
            id: new.id.clone().unwrap_or_default(),
            pool: pool_name,
            script: new.script.clone(),
            status: JobState::Queued,
            config: JobConfig {
                daemon: new.daemon,
                memory_bytes: memory,
                timeout_ms: new.timeout_ms.unwrap_or(0),
                retry_on_restart: new.retry_on_restart,
                data: new.data.clone().unwrap_or(serde_json::Value::Null),
                backoff_ms,
            },
            progress: 0.0,
            result: None,
            error: None,
            restart_count: 0,
            created_at: now.unix_ms,
            started_at: None,
            completed_at: None,
            attempt: 0,
            node: None,
            crashes: 0,
            backoff_ms: 0,
            tries: 0,
            max_attempts: max_attempts.max(1),
            errors: Vec::new(),
            run_at: new.run_at_ms,
            priority: new.priority.unwrap_or(0),
            unique_key: new.unique_key.clone(),
        }
    }
}
