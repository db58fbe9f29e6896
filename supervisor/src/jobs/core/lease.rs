//! The shared store's leases, as the core sees them (`[jobs] store`).
//!
//! Each bextd is a node with its own id. It holds a lease on every job it
//! claimed; the store's task renews them in one statement every third of
//! `lease_ttl_ms` and reports [`Input::Renewed`](super::Input::Renewed)
//! with the instant the statement was sent: every lease is good until that
//! instant plus the TTL (the database set `lease_until` from its own clock
//! after it received the statement). The rules, all against the core's
//! clock:
//!
//! * a lease lost (another node took the job over, or a write of this
//!   attempt was refused) kills that job's process at once; the job is
//!   forgotten here once its run ended, without another write;
//! * no renewal for a whole TTL: every job process of this node is killed
//!   at the next tick, since another node may take the jobs over from then;
//! * at a stop, leases are released (no attempt used, no crash counted):
//!   another node takes the jobs over at once, daemons from their last
//!   checkpoint, one-off jobs queued again.

use std::time::Instant;

use protocol::control::JobState;

use super::state::KillReason;
use super::{Action, Claimed, Clock, Core, Counter, Job, Log, Save, push_saves};

/// What a node can take on now: what a claim asks of the store.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Capacity {
    /// The number of the last claim the core took in: a claim waits for
    /// the capacity that counts the one before it.
    pub claims_seen: u64,
    /// Jobs it may still start (`max_running`).
    pub slots: u32,
    /// Per configured pool, jobs it may still start (`max_running_per_pool`).
    pub pools: Vec<(String, u32)>,
    /// Memory left in its budget.
    pub budget_bytes: u64,
}

impl Core {
    /// What this node may claim now, if jobs reach it by claim.
    pub fn claim_capacity(&self) -> Option<Capacity> {
        self.claims().then(|| self.capacity())
    }

    /// What this node may claim now; nothing while it stops.
    pub fn capacity(&self) -> Capacity {
        let mut cap = Capacity {
            claims_seen: self.claims_seen,
            ..Capacity::default()
        };
        if self.stopping {
            return cap;
        }
        let queued = self.queue.iter().filter_map(|id| self.jobs.get(id));
        let taken: Vec<&Job> = self.runs().map(|(_, j)| j).chain(queued).collect();
        cap.slots = self.cfg.max_running.saturating_sub(taken.len() as u32);
        let reserved: u64 = taken.iter().map(|j| j.row.config.memory_bytes).sum();
        cap.budget_bytes = self.cfg.budget_bytes.saturating_sub(reserved);
        cap.pools = self
            .pools
            .iter()
            .map(|p| {
                let n = taken.iter().filter(|j| j.row.pool == p.name).count() as u32;
                let free = self.cfg.max_running_per_pool.saturating_sub(n);
                (p.name.clone(), free.min(cap.slots))
            })
            .collect();
        cap
    }

    /// Jobs whose lease this node holds: (id, attempt).
    pub fn held(&self) -> Vec<(String, u64)> {
        self.jobs
            .values()
            .filter(|j| !j.lost && !j.row.status.is_final())
            .map(|j| (j.row.id.clone(), j.row.attempt))
            .collect()
    }

    /// Jobs claimed by a statement sent at `sent_at`: queued here, then
    /// admitted as any job.
    pub(super) fn claimed(&mut self, jobs: Vec<Claimed>, sent_at: Instant, batch: u64, now: Clock) {
        self.claims_seen = self.claims_seen.max(batch);
        if self.held().is_empty() || self.lease_ok_at.is_none() {
            self.lease_ok_at = Some(sent_at);
        }
        let mut ids = Vec::new();
        for c in jobs {
            let row = c.job.row;
            let id = row.id.clone();
            if self.stopping || self.jobs.get(&id).is_some_and(|j| j.run.is_some()) {
                // Claimed as this node began to stop, or its earlier run
                // here is still being killed: not here, not now.
                self.out.push(Action::Save(Save::Release {
                    requeue: !row.config.daemon && row.status == JobState::Queued,
                    id,
                    attempt: row.attempt,
                }));
                continue;
            }
            let crashes = row.crashes;
            // A one-off job found running: its node died during that attempt.
            let interrupted = row.status == JobState::Running && !row.config.daemon;
            let mut job = Job::new(row, c.job.checkpoint, c.job.logs);
            job.crashes = crashes;
            self.jobs.insert(id.clone(), job);
            if c.cancel {
                self.finish(&id, JobState::Cancelled, None, None, now);
            } else if !interrupted
                || self.count_interrupted(
                    &id,
                    "interrupted: its node stopped while the job ran",
                    now,
                )
            {
                self.enqueue(&id, false);
            }
            ids.push(id);
        }
        if !ids.is_empty() {
            self.log(Log::Claimed { ids });
        }
    }

    /// Every lease held was renewed by a statement sent at `sent_at`; the
    /// jobs in `cancel` were cancelled from another node.
    pub(super) fn renewed(&mut self, sent_at: Instant, cancel: Vec<String>, now: Clock) {
        if self.lease_ok_at.is_none_or(|ok| ok < sent_at) {
            self.lease_ok_at = Some(sent_at);
        }
        for id in cancel {
            let _ = self.cancel(&id, now);
        }
    }

    /// The lease of `attempt` of job `id` is gone: its process is killed at
    /// once, and the job forgotten here once the run ended.
    pub(super) fn lease_lost(&mut self, id: &str, attempt: u64, expired: bool, now: Clock) {
        let _ = now;
        let Some(job) = self.jobs.get_mut(id) else {
            return;
        };
        if job.lost || job.row.attempt != attempt || job.row.status.is_final() {
            return;
        }
        job.lost = true;
        self.out.push(Action::Count(Counter::LeaseLost));
        let Some(run) = job.run.as_mut() else {
            self.queue.remove(id);
            self.jobs.remove(id);
            return;
        };
        let reason = KillReason::LeaseLost { expired };
        let pid = run.pid;
        let seq = run.seq;
        if run.kill(reason.clone()) {
            self.out.push(Action::Kill {
                id: id.to_owned(),
                run: seq,
            });
        }
        self.log(Log::Killing {
            id: id.to_owned(),
            pid,
            reason,
        });
    }

    /// No renewal for a whole TTL: every lease may be another node's now,
    /// so every job process of this node is killed.
    pub(super) fn check_leases(&mut self, now: Clock) {
        let Some(ok) = self.lease_ok_at.filter(|_| self.claims()) else {
            return;
        };
        let ttl = self.cfg.lease_ttl;
        if now.at < ok + ttl {
            return;
        }
        let held = self.held();
        self.lease_ok_at = None;
        if held.is_empty() {
            return;
        }
        self.log(Log::LeasesExpired {
            jobs: held.len(),
            ttl_ms: ttl.as_millis() as u64,
        });
        for (id, attempt) in held {
            self.lease_lost(&id, attempt, true, now);
        }
    }

    /// Gives job `id`'s lease back (bextd stops): its changed row and log
    /// first, then the release; the job is another node's from then on.
    pub(super) fn release(&mut self, id: &str) {
        let Some(mut job) = self.jobs.remove(id) else {
            return;
        };
        self.queue.remove(id);
        push_saves(&mut job, &mut self.out);
        self.out.push(Action::Save(Save::Release {
            id: id.to_owned(),
            attempt: job.row.attempt,
            // A retryable job keeps its state (and its backoff).
            requeue: !job.row.config.daemon && job.row.status != JobState::Retryable,
        }));
        self.log(Log::Released {
            ids: vec![id.to_owned()],
        });
    }

    /// At a stop: the held jobs that have no process (claimed and not yet
    /// started, daemons waiting out their backoff) are released now.
    pub(super) fn release_idle(&mut self) {
        let idle: Vec<String> = self
            .jobs
            .values()
            .filter(|j| j.run.is_none() && !j.lost && !j.row.status.is_final())
            .map(|j| j.row.id.clone())
            .collect();
        for id in idle {
            self.release(&id);
        }
    }
}
