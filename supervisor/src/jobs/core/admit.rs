//! Runs starting: admission picks what the limits and the budget let
//! start, a launch asks the manager for a process, and the spawner's
//! answer makes the run (or a crash).

use std::time::{Duration, Instant};

use nix::unistd::Pid;
use protocol::control::JobState;
use protocol::worker::JobStart;

use super::policy::{self, Limits, Usage, Waiting};
use super::state::{Run, RunState, Watch};
use super::{Action, Clock, Core, Log};
use crate::jobs::PoolInfo;

impl Core {
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
}
