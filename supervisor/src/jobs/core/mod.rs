//! The job system's decisions, as pure code.
//!
//! [`Core::step`] takes one [`Input`] (a new job, a cancel, a report from a
//! run's socket, an exit, a spawn result, a sampling tick with the RSS the
//! manager read, a shutdown) and the [`Clock`], and returns the
//! [`Action`]s to carry out: launch a process, ask it to stop, kill it,
//! save a row, log, count, publish, reply. It reads no clock, sends no
//! signal, touches no file, no `/proc` and no channel. So every rule
//! (admission under the limits and the budget, timeouts, the RSS grace,
//! the cancel grace, daemon backoff and its healthy reset, what a restart
//! of bextd makes of each row) is tested with a fake clock (`tests/`), and
//! the manager (`jobs/manager/`) only carries out what the core decided.
//!
//! The core owns every job: its row, checkpoint and log tail, its run
//! ([`state::Run`], whose [`state::RunState`] carries its deadlines), the
//! queue (FIFO) and the finished jobs kept up to `keep_finished`. Rows go
//! out as [`Save`] actions: the store behind them is the manager's.

mod admit;
mod ended;
mod intake;
mod lease;
mod model;
pub mod policy;
mod queue;
mod reports;
mod restore;
mod retry;
pub mod state;
mod stop;
mod watch;

#[cfg(test)]
mod tests;

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::Arc;

use nix::unistd::Pid;
use protocol::control::{JobInfo, JobState, JobStats};

pub use intake::{EVER, unique_since};
pub use lease::Capacity;
pub use model::{Action, Claimed, Clock, Counter, Input, Job, Log, Reply, Report, Save};

use super::PoolInfo;
use super::error::JobsError;
use crate::config::Jobs;

/// The decisions of the job system.
#[derive(Debug)]
pub struct Core {
    cfg: Arc<Jobs>,
    pools: Vec<PoolInfo>,
    jobs: HashMap<String, Job>,
    /// Waiting to start, by priority, oldest first.
    queue: queue::Queue,
    /// Final jobs, oldest first, kept up to `keep_finished`.
    finished: VecDeque<String>,
    by_pid: HashMap<Pid, String>,
    /// Jobs with a run (started or starting), so that what each step asks
    /// of the runs costs their number, not that of every job kept (a
    /// backlog of thousands, the finished ones).
    running: BTreeSet<String>,
    /// Jobs whose row or log changed since the last save: a save sends
    /// theirs instead of looking through every job kept.
    changed: HashSet<String>,
    next_seq: u64,
    stopping: bool,
    /// Final jobs forgotten since the last prune of the store.
    since_prune: u32,
    /// [`Holding::Claimed`]: the node this bextd is, and since when every lease it
    /// holds is known good (the send time of the last renewal or claim).
    node: Option<String>,
    lease_ok_at: Option<std::time::Instant>,
    /// The number of the last claim taken in.
    claims_seen: u64,
    out: Vec<Action>,
}

/// How jobs reach the core: a capability its store reports
/// (`JobStore::holding`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Holding {
    /// Every job the store keeps is this bextd's alone: handed over at
    /// start, queued and kept here.
    All,
    /// Jobs are claimed from a store several bextd share and leased to
    /// this node (`node`): a new job goes to the store for any node to
    /// claim, a lease goes back at a stop, a retry waits in the store.
    Claimed { node: String },
}

impl Core {
    /// A core whose jobs reach it as `holding` says.
    pub fn new(cfg: Arc<Jobs>, pools: Vec<PoolInfo>, holding: Holding) -> Core {
        let node = match holding {
            Holding::All => None,
            Holding::Claimed { node } => Some(node),
        };
        Core {
            cfg,
            pools,
            jobs: HashMap::new(),
            queue: queue::Queue::default(),
            finished: VecDeque::new(),
            by_pid: HashMap::new(),
            running: BTreeSet::new(),
            changed: HashSet::new(),
            next_seq: 1,
            stopping: false,
            since_prune: 0,
            node,
            lease_ok_at: None,
            claims_seen: 0,
            out: Vec::new(),
        }
    }

    /// Whether jobs reach it by claim ([`Holding::Claimed`]).
    fn claims(&self) -> bool {
        self.node.is_some()
    }

    /// Takes one input at `now`; returns what to do.
    pub fn step(&mut self, input: Input, now: Clock) -> Vec<Action> {
        // Whether the input may let a queued job start or changes the
        // counts: admit, save and publish after it. Progress, checkpoints
        // and log lines (a thousand a second with 20 busy jobs) do not;
        // their rows are saved at the next tick.
        let settle = match input {
            Input::Restore(loaded) => {
                self.restore(loaded, now);
                true
            }
            Input::Queue(new) => {
                let r = self.queue_job(*new, now);
                self.out.push(Action::Reply(Reply::Queued(r)));
                true
            }
            Input::Cancel { id } => {
                let r = self.cancel(&id, now);
                self.out.push(Action::Reply(Reply::Cancel(r)));
                true
            }
            Input::Retry { id } => {
                let r = self.retry_by_hand(&id, now);
                self.out.push(Action::Reply(Reply::Moved(r)));
                true
            }
            Input::Discard { id } => {
                let r = self.discard_by_hand(&id, now);
                self.out.push(Action::Reply(Reply::Moved(r)));
                true
            }
            Input::Shutdown { deadline } => {
                self.shutdown(deadline, now);
                true
            }
            Input::SetPools(pools) => {
                self.pools = pools;
                false
            }
            Input::Launched { id, run, pid, at } => {
                self.launched(&id, run, pid, at, now);
                true
            }
            Input::LaunchFailed { id, run, error } => {
                self.launch_failed(&id, run, error, now);
                true
            }
            Input::Report { id, run, report } => self.on_report(&id, run, report, now),
            Input::Exit { pid, status } => {
                self.on_exit(pid, status, now);
                true
            }
            Input::Tick { rss } => {
                self.on_tick(&rss, now);
                self.check_leases(now);
                true
            }
            Input::Claimed {
                jobs,
                sent_at,
                batch,
            } => {
                self.claimed(jobs, sent_at, batch, now);
                true
            }
            Input::Renewed { sent_at, cancel } => {
                self.renewed(sent_at, cancel, now);
                true
            }
            Input::LeaseLost { id, attempt } => {
                self.lease_lost(&id, attempt, false, now);
                true
            }
        };
        if settle {
            // Runs end in several places; the index drops them here.
            let jobs = &self.jobs;
            self.running
                .retain(|id| jobs.get(id).is_some_and(|j| j.run.is_some()));
            if !self.stopping {
                self.admit(now);
            }
            self.save();
            self.out.push(Action::Publish);
        }
        std::mem::take(&mut self.out)
    }

    fn log(&mut self, log: Log) {
        self.out.push(Action::Log(log));
    }

    /// Moves job `id` to `to`, if the table allows it.
    fn set_status(&mut self, id: &str, to: JobState) -> bool {
        let Some(job) = self.jobs.get_mut(id) else {
            return false;
        };
        let from = job.row.status;
        if state::allows(from, to) {
            job.row.status = to;
            job.dirty = true;
            self.changed.insert(id.to_owned());
            return true;
        }
        self.out.push(Action::Count(Counter::IllegalTransition));
        self.log(Log::Illegal {
            id: id.to_owned(),
            from,
            to,
        });
        false
    }

    /// The saves still due (progress and logs not yet saved), for the
    /// manager's last write before it stops.
    pub fn flush(&mut self) -> Vec<Action> {
        self.save();
        self.prune(true);
        std::mem::take(&mut self.out)
    }

    /// Marks job `id`'s row changed, for the next save.
    fn touch(&mut self, id: &str) {
        if let Some(job) = self.jobs.get_mut(id) {
            job.dirty = true;
            self.changed.insert(id.to_owned());
        }
    }

    /// Sends every changed row and log to the store: those of the jobs
    /// marked since the last save (a step costs what it changed, not the
    /// number of jobs kept; 10,000 queued jobs made every settle step
    /// look at 10,000 rows).
    fn save(&mut self) {
        for id in self.changed.drain() {
            if let Some(j) = self.jobs.get_mut(&id).filter(|j| !j.lost) {
                push_saves(j, &mut self.out);
            }
        }
        // The unit tests check that no change was left unmarked.
        #[cfg(test)]
        for j in self.jobs.values().filter(|j| !j.lost) {
            assert!(
                !j.dirty && !j.logs_dirty,
                "job {} changed without being marked",
                j.row.id
            );
        }
        self.prune(false);
    }

    /// Asks the store to forget the finished jobs the core forgot, once a
    /// tenth of `keep_finished` went (or at `last`, the final flush): a
    /// prune reads every finished row, and one per save made it most of
    /// the writer's work under a stream of short jobs.
    fn prune(&mut self, last: bool) {
        let every = (self.cfg.keep_finished / 10).clamp(1, 1_000);
        if self.since_prune >= every || (last && self.since_prune > 0) {
            self.since_prune = 0;
            self.out.push(Action::Save(Save::Prune {
                keep: self.cfg.keep_finished,
            }));
        }
    }

    /// The pool named `name`, or the default one (`render`, else the first).
    pub fn pool(&self, name: Option<&str>) -> Result<&PoolInfo, JobsError> {
        match name {
            None => self
                .pools
                .iter()
                .find(|p| p.name == "render")
                .or(self.pools.first())
                .ok_or(JobsError::NoPools),
            Some(n) => self
                .pools
                .iter()
                .find(|p| p.name == n)
                .ok_or_else(|| JobsError::NoPool {
                    name: n.to_owned(),
                    pools: self.pools.iter().map(|p| p.name.clone()).collect(),
                }),
        }
    }

    pub fn job(&self, id: &str) -> Option<&Job> {
        self.jobs.get(id)
    }

    /// One job, as the API shows it.
    pub fn info(&self, id: &str, with_checkpoint: bool, now: Clock) -> Option<JobInfo> {
        self.jobs.get(id).map(|j| info(j, with_checkpoint, now))
    }

    /// Every job, oldest first, and the counts.
    pub fn list(&self, now: Clock) -> (Vec<JobInfo>, JobStats) {
        let mut list: Vec<&Job> = self.jobs.values().collect();
        list.sort_by(|a, b| (a.row.created_at, &a.row.id).cmp(&(b.row.created_at, &b.row.id)));
        let infos = list.into_iter().map(|j| info(j, false, now)).collect();
        (infos, self.stats())
    }

    pub fn stats(&self) -> JobStats {
        JobStats {
            running: self.live() as u32,
            queued: self.queue.len() as u32,
            budget_used_bytes: self.reserved(),
            budget_total_bytes: self.cfg.budget_bytes,
            max_running: self.cfg.max_running,
            max_running_per_pool: self.cfg.max_running_per_pool,
        }
    }

    /// Jobs by state, for the gauges.
    pub fn counts(&self) -> Vec<(&'static str, u64)> {
        let mut n = [0u64; JobState::ALL.len()];
        for j in self.jobs.values() {
            if let Some(i) = JobState::ALL.iter().position(|s| *s == j.row.status) {
                n[i] += 1;
            }
        }
        JobState::ALL
            .iter()
            .zip(n)
            .map(|(s, n)| (s.name(), n))
            .collect()
    }

    /// The jobs with a run.
    fn runs(&self) -> impl Iterator<Item = (&String, &Job)> {
        let job = |id| self.jobs.get_key_value(id).filter(|(_, j)| j.run.is_some());
        self.running.iter().filter_map(job)
    }

    /// Memory reserved by the jobs that run.
    pub fn reserved(&self) -> u64 {
        self.runs().map(|(_, j)| j.row.config.memory_bytes).sum()
    }

    /// Runs in progress (started or starting).
    pub fn live(&self) -> usize {
        self.runs().count()
    }

    /// Whether the sampling tick has anything to do: idle (no run, no
    /// restart due), bextd does not wake.
    pub fn needs_tick(&self) -> bool {
        self.live() > 0 || self.jobs.values().any(|j| j.restart_at.is_some())
    }

    /// The runs whose RSS the next tick wants: (job, run, pid).
    pub fn to_sample(&self) -> Vec<(String, u64, Pid)> {
        self.runs()
            .filter_map(|(id, j)| {
                let r = j.run.as_ref()?;
                let pid = r.pid.filter(|_| r.exit.is_none())?;
                Some((id.clone(), r.seq, pid))
            })
            .collect()
    }

    /// Stopping, and every run is over.
    pub fn is_stopped(&self) -> bool {
        self.stopping && self.live() == 0
    }

    pub fn is_stopping(&self) -> bool {
        self.stopping
    }
}

/// A job's changed row and log, as saves.
fn push_saves(j: &mut Job, out: &mut Vec<Action>) {
    if std::mem::take(&mut j.dirty) {
        out.push(Action::Save(Save::Row(Box::new(j.row.clone()))));
    }
    if std::mem::take(&mut j.logs_dirty) {
        out.push(Action::Save(Save::Logs {
            id: j.row.id.clone(),
            attempt: j.row.attempt,
            logs: j.logs.clone(),
        }));
    }
}

fn info(j: &Job, with_checkpoint: bool, now: Clock) -> JobInfo {
    let mut info = j.row.info(j.checkpoint.as_deref(), with_checkpoint);
    info.pid = j
        .run
        .as_ref()
        .and_then(|r| r.pid)
        .map(|p| p.as_raw() as u32);
    info.rss_bytes = j.run.as_ref().and_then(|r| r.rss);
    info.restart_at = j
        .restart_at
        .map(|at| now.unix_ms + at.saturating_duration_since(now.at).as_millis() as u64);
    info
}
