//! Jobs coming in and runs starting: a new job is checked and queued,
//! admission picks what the limits and the budget let start, a launch
//! becomes a run, and a cancel or bextd's shutdown asks runs to stop.

use std::time::{Duration, Instant};

use nix::unistd::Pid;
use protocol::control::{JobSpec, JobState};
use protocol::worker::JobStart;

use super::policy::{self, Limits, Usage, Waiting};
use super::state::{Run, RunState, StopWhy, Watch};
use super::{Action, Clock, Core, Job, Log, Save};

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
use crate::jobs::PoolInfo;
use crate::jobs::error::{JobsError, SpecError};
use crate::jobs::record::{JobConfig, Row};

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

    fn limits(&self) -> Limits {
        Limits {
            max_running: self.cfg.max_running,
            max_running_per_pool: self.cfg.max_running_per_pool,
            budget_bytes: self.cfg.budget_bytes,
        }
    }

    /// Starts queued jobs while the limits and the budget allow.
    pub(super) fn admit(&mut self, now: Clock) {
        let picks: Vec<String> = {
            let mut usage = Usage::default();
            for (_, j) in self.runs() {
                usage.running += 1;
                usage.reserved_bytes += j.row.config.memory_bytes;
                *usage.per_pool.entry(j.row.pool.as_str()).or_default() += 1;
            }
            let limits = self.limits();
            // Nothing can start: the backlog is not looked at.
            let pool_full = |p: &PoolInfo| {
                usage.per_pool.get(p.name.as_str()).copied().unwrap_or(0)
                    >= limits.max_running_per_pool
            };
            let pools_full = !self.pools.is_empty() && self.pools.iter().all(pool_full);
            if usage.running >= limits.max_running || pools_full {
                return;
            }
            let waiting = self.queue.iter().map(|id| Waiting {
                pool: &self.jobs[id].row.pool,
                memory_bytes: self.jobs[id].row.config.memory_bytes,
            });
            let mut picked = policy::admit(waiting, &usage, limits)
                .into_iter()
                .peekable();
            let mut ids = Vec::new();
            for (i, id) in self.queue.iter().enumerate() {
                let Some(&next) = picked.peek() else { break };
                if i == next {
                    ids.push(id.clone());
                    picked.next();
                }
            }
            ids
        };
        for id in picks {
            self.queue.remove(&id);
            self.launch(&id, now);
        }
    }

    /// A run of job `id` begins: the manager is asked for its process.
    fn launch(&mut self, id: &str, now: Clock) {
        let Some(pool_name) = self.jobs.get(id).map(|j| j.row.pool.clone()) else {
            return;
        };
        let Ok(pool) = self.pool(Some(&pool_name)).cloned() else {
            let why = format!("its pool {pool_name} is no longer configured");
            self.finish(id, JobState::Failed, Some(why), None, now);
            return;
        };
        let seq = self.next_seq;
        self.next_seq += 1;
        let job = self.jobs.get_mut(id).expect("checked above");
        job.row.tries = job.row.tries.saturating_add(1);
        job.dirty = true;
        self.changed.insert(id.to_owned());
        let start = Box::new(self.job_start(id, &pool));
        let job = self.jobs.get_mut(id).expect("checked above");
        job.run = Some(Run::new(seq, now.at));
        self.running.insert(id.to_owned());
        job.restart_at = None;
        job.row.backoff_ms = 0;
        job.row.run_at = None;
        self.out.push(Action::Launch {
            id: id.to_owned(),
            run: seq,
            pool,
            start,
        });
    }

    /// The work a job's process is handed: its script, data, checkpoint
    /// and pool's settings.
    fn job_start(&self, id: &str, pool: &crate::jobs::PoolInfo) -> JobStart {
        let job = &self.jobs[id];
        JobStart {
            id: id.to_owned(),
            pool: pool.name.clone(),
            script: job.row.script.clone(),
            data_json: job.row.config.data.to_string(),
            checkpoint_json: job.checkpoint.clone(),
            restart_count: job.row.restart_count,
            attempt: job.row.tries,
            daemon: job.row.config.daemon,
            max_checkpoint_bytes: self.cfg.max_checkpoint_bytes,
            max_frame_bytes: protocol::DEFAULT_MAX_FRAME_BYTES,
            env: pool
                .env
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            fetch: pool.fetch.clone(),
            read: pool.read.clone(),
            tmp_max_bytes: pool.tmp_max_bytes,
        }
    }

    /// The spawner started run `seq` of job `id` at `at`.
    pub(super) fn launched(&mut self, id: &str, seq: u64, pid: Pid, at: Instant, now: Clock) {
        let grace = self.cfg.cancel_grace;
        let Some(job) = self.jobs.get_mut(id) else {
            return;
        };
        let timeout = job.row.config.timeout_ms;
        let Some(run) = job.run_mut(seq) else {
            return;
        };
        run.pid = Some(pid);
        run.started = at;
        let deadline = (timeout > 0).then(|| at + Duration::from_millis(timeout));
        let watch = Watch {
            deadline,
            over_since: None,
            warned: false,
        };
        match &mut run.state {
            RunState::Stopping { watch: w, .. } => {
                // Cancelled while it was starting: ask it now.
                *w = watch;
                self.out.push(Action::AskStop {
                    id: id.to_owned(),
                    run: seq,
                    interrupt_after_ms: grace.as_millis() as u64,
                });
            }
            state => *state = RunState::Running(watch),
        }
        self.by_pid.insert(pid, id.to_owned());
        if !self.set_status(id, JobState::Running) {
            return;
        }
        let job = self.jobs.get_mut(id).expect("found above");
        job.row.started_at = Some(now.unix_ms);
        let (pool, restarts) = (job.row.pool.clone(), job.row.restart_count);
        self.log(Log::Started {
            id: id.to_owned(),
            pool,
            pid,
            restarts,
        });
    }

    /// The spawner could not start run `seq` of job `id`.
    pub(super) fn launch_failed(&mut self, id: &str, seq: u64, error: String, now: Clock) {
        let Some(job) = self.jobs.get_mut(id) else {
            return;
        };
        if job.run_mut(seq).is_none() {
            return;
        }
        job.run = None;
        self.crashed(id, error, Duration::ZERO, now);
    }

    /// Cancels a job; returns the state it was in.
    pub(super) fn cancel(&mut self, id: &str, now: Clock) -> Result<JobState, JobsError> {
        let grace = self.cfg.cancel_grace;
        let kill_at = now.at + grace + self.cfg.kill_grace;
        let Some(job) = self.jobs.get_mut(id) else {
            return Err(JobsError::NoJob(id.to_owned()));
        };
        let was = job.row.status;
        if was.is_final() {
            return Ok(was);
        }
        let Some(run) = job.run.as_mut() else {
            // Queued, or a daemon between two runs.
            job.restart_at = None;
            self.queue.remove(id);
            self.finish(id, JobState::Cancelled, None, None, now);
            self.log(Log::CancelledBeforeRun { id: id.to_owned() });
            return Ok(was);
        };
        let watch = match &run.state {
            RunState::Running(w) => *w,
            RunState::Starting => Watch {
                deadline: None,
                over_since: None,
                warned: false,
            },
            // Asked already, or killed.
            RunState::Stopping { .. } | RunState::Killed { .. } => return Ok(was),
        };
        let asks = run.pid.is_some();
        run.state = RunState::Stopping {
            why: StopWhy::Cancel,
            asked: now.at,
            kill_at,
            watch,
        };
        let (seq, pid) = (run.seq, run.pid);
        if asks {
            self.out.push(Action::AskStop {
                id: id.to_owned(),
                run: seq,
                interrupt_after_ms: grace.as_millis() as u64,
            });
        }
        self.log(Log::CancelAsked {
            id: id.to_owned(),
            pid,
        });
        Ok(was)
    }

    /// bextd is stopping: every run is asked to stop, interrupted in time
    /// to still be killed before `deadline`; nothing new starts.
    pub(super) fn shutdown(&mut self, deadline: Instant, now: Clock) {
        self.stopping = true;
        if self.claims() {
            self.release_idle();
        }
        let left = deadline.saturating_duration_since(now.at);
        let grace = self.cfg.cancel_grace.min(left.mul_f64(0.8));
        let mut asked = 0;
        for (id, job) in self.jobs.iter_mut() {
            let Some(run) = job.run.as_mut() else {
                continue;
            };
            match &mut run.state {
                RunState::Killed { stop, .. } => *stop = Some(StopWhy::Shutdown),
                state => {
                    let watch = state.watch_mut().copied().unwrap_or(Watch {
                        deadline: None,
                        over_since: None,
                        warned: false,
                    });
                    *state = RunState::Stopping {
                        why: StopWhy::Shutdown,
                        asked: now.at,
                        kill_at: deadline,
                        watch,
                    };
                }
            }
            if run.pid.is_some() {
                self.out.push(Action::AskStop {
                    id: id.clone(),
                    run: run.seq,
                    interrupt_after_ms: grace.as_millis() as u64,
                });
            }
            asked += 1;
        }
        if asked > 0 {
            self.log(Log::StoppingAll { jobs: asked });
        }
    }
}
