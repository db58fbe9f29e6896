//! Pooled job workers between jobs.
//!
//! A job process that finished a short job (`isolate = "pool"`, the
//! default; never a daemon) waits for the next job of its pool instead of
//! exiting: no fork, exec, hello or module load for the next one. The core
//! is not told. To it each run still has a process that finishes, closes
//! and exits: when a pooled process reports its job finished, the manager
//! passes that on, then the close and a clean exit it makes up, and keeps
//! the process here. The pool's next launch hands it the job (`RunJob` on
//! the same socket) instead of spawning one; its real exit, later, is not
//! the core's business.
//!
//! A process comes back here only if its job completed or failed (one
//! that was cancelled exits by itself), it has run fewer than
//! `job_worker_max_jobs` jobs, and its RSS after the job is within the
//! reservation the job had: the budget that reservation was counted
//! against still covers it. At most `max_running_per_pool` wait per pool,
//! none longer than [`IDLE_KEEP`]: idle ones hold memory no reservation
//! covers, so they are few and brief.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use nix::unistd::Pid;

use crate::jobs::run::JobLink;
use crate::process::pidfd::Process;

/// How long a pooled job worker waits for its next job.
pub const IDLE_KEEP: Duration = Duration::from_secs(2);

/// A pooled job worker between jobs.
#[derive(Debug)]
pub struct Idle {
    pub process: Process,
    pub link: JobLink,
    /// Jobs it has run.
    pub jobs: u32,
    since: Instant,
}

#[derive(Debug, Default)]
pub struct Spare {
    by_pool: HashMap<String, Vec<Idle>>,
    /// Processes whose exit the core is not told of: waiting here, or
    /// closed from here and not yet reaped.
    quiet: HashSet<Pid>,
}

impl Spare {
    /// Keeps `idle` for `pool`'s next job; closes the longest waiting one
    /// if `pool` already has `max` waiting.
    pub fn keep(&mut self, pool: &str, process: Process, link: JobLink, jobs: u32, max: usize) {
        self.quiet.insert(process.pid);
        let list = self.by_pool.entry(pool.to_owned()).or_default();
        list.push(Idle {
            process,
            link,
            jobs,
            since: Instant::now(),
        });
        if list.len() > max {
            list.remove(0);
        }
    }

    /// The most recently used live worker of `pool` (its cache is warmest).
    pub fn take(&mut self, pool: &str) -> Option<Idle> {
        let list = self.by_pool.get_mut(pool)?;
        while let Some(idle) = list.pop() {
            // Killed while idle, its exit not read yet: not one to use.
            if !idle.process.is_gone() {
                self.quiet.remove(&idle.process.pid);
                return Some(idle);
            }
        }
        None
    }

    /// A process exited; whether it was one of these (the core does not
    /// hear of it).
    pub fn exited(&mut self, pid: Pid) -> bool {
        if !self.quiet.remove(&pid) {
            return false;
        }
        for list in self.by_pool.values_mut() {
            list.retain(|i| i.process.pid != pid);
        }
        true
    }

    /// Closes the workers waiting since before `now - IDLE_KEEP` (their
    /// sockets close, they exit).
    pub fn expire(&mut self, now: Instant) {
        for list in self.by_pool.values_mut() {
            list.retain(|i| now.duration_since(i.since) < IDLE_KEEP);
        }
    }

    /// Closes every waiting worker (a shutdown, new pool settings).
    pub fn close_all(&mut self) {
        self.by_pool.clear();
    }

    /// When the longest waiting worker is due to close; None if none waits.
    pub fn next_expiry(&self) -> Option<Instant> {
        let oldest = self
            .by_pool
            .values()
            .filter_map(|l| l.first())
            .map(|i| i.since)
            .min();
        oldest.map(|t| t + IDLE_KEEP)
    }
}
