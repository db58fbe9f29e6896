//! The job manager: one task owning every job, its process and its row.
//!
//! It selects on requests from [`JobsHandle`](super::JobsHandle)s, reports
//! from job processes, exits from the reaper and a sampling tick
//! (`[jobs] sample_interval_ms`). On each tick it reads every running job's
//! RSS from /proc (warn at `memory_warn_pct`, kill after `memory_grace_ms`
//! over the reservation), kills jobs past their timeout or their cancel's
//! grace, restarts daemons whose backoff is over, writes changed rows and
//! starts what the queue now lets through.
//!
//! A run ends when both its exit and the end of its socket are in (either
//! may come first): its last frames (`JobFinished`, the final checkpoint)
//! are read before it is judged.
//!
//! This file holds the manager's state, its start and its loop, which
//! hands each message to the file that deals with it: `spawn` (new jobs,
//! admission, launch), `stop` (cancel, shutdown), `events` (reports from a
//! run's socket), `ended` (exits and the end of a run), `tick` (the
//! periodic checks) and `persist` (restore at start, saves, metrics).

mod ended;
mod events;
mod persist;
mod spawn;
mod stop;
mod tick;

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use nix::unistd::Pid;
use protocol::control::{JobInfo, JobStats};
use protocol::worker::{JobOutcome, MasterToWorker};
use tokio::sync::{mpsc, oneshot};

use super::run::RunEvent;
use super::store::{Row, Writer};
use super::{Msg, PoolInfo};
use crate::config::Jobs;
use crate::process::memory::unix_ms;
use crate::process::reaper::{Exit, ExitKind};
use crate::process::registry::Registry;
use crate::process::spawn::Spawner;

/// Where job processes come from.
#[derive(Debug, Clone)]
pub struct Services {
    pub spawner: Spawner,
    pub registry: Arc<Registry>,
    pub worker_bin: std::path::PathBuf,
}

/// Why bextd asked a running job to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StopWhy {
    /// `bext jobs cancel`, `bext.jobs.cancel`.
    Cancel,
    /// bextd is stopping.
    Shutdown,
}

/// One process running a job.
struct Proc {
    seq: u64,
    pid: Pid,
    process: crate::process::pidfd::Process,
    tx: mpsc::UnboundedSender<MasterToWorker>,
    started: Instant,
    deadline: Option<Instant>,
    rss: Option<u64>,
    over_since: Option<Instant>,
    warned: bool,
    stop: Option<(StopWhy, Instant)>,
    outcome: Option<JobOutcome>,
    /// Why bextd killed it (memory, timeout), for the record.
    killed: Option<String>,
    broke: Option<String>,
    exit: Option<ExitKind>,
    closed: bool,
}

struct Job {
    row: Row,
    checkpoint: Option<String>,
    logs: String,
    /// Row or log changed since the last write.
    dirty: bool,
    logs_dirty: bool,
    proc: Option<Proc>,
    /// A crashed daemon waits until then.
    restart_at: Option<Instant>,
    /// Crashes in a row (daemons).
    crashes: u32,
}

impl Job {
    fn info(&self, with_checkpoint: bool) -> JobInfo {
        let r = &self.row;
        let now = Instant::now();
        JobInfo {
            id: r.id.clone(),
            pool: r.pool.clone(),
            script: r.script.clone(),
            status: r.status,
            daemon: r.config.daemon,
            memory_bytes: r.config.memory_bytes,
            timeout_ms: r.config.timeout_ms,
            retry_on_restart: r.config.retry_on_restart,
            data: r.config.data.clone(),
            progress: r.progress,
            result: r
                .result
                .as_deref()
                .and_then(|j| serde_json::from_str(j).ok()),
            error: r.error.clone(),
            checkpoint: if with_checkpoint {
                self.checkpoint
                    .as_deref()
                    .and_then(|j| serde_json::from_str(j).ok())
            } else {
                None
            },
            checkpoint_bytes: self.checkpoint.as_ref().map_or(0, |c| c.len() as u64),
            restart_count: r.restart_count,
            created_at: r.created_at,
            started_at: r.started_at,
            completed_at: r.completed_at,
            pid: self.proc.as_ref().map(|p| p.pid.as_raw() as u32),
            rss_bytes: self.proc.as_ref().and_then(|p| p.rss),
            restart_at: self
                .restart_at
                .map(|at| unix_ms() + at.saturating_duration_since(now).as_millis() as u64),
        }
    }
}

/// Where the state file stands.
enum Store {
    /// No file yet: created at the first spawn.
    Absent,
    Open(Writer),
    /// It exists and cannot be used: jobs run, nothing is kept.
    Broken(String),
}

struct Manager {
    cfg: Arc<Jobs>,
    pools: Vec<PoolInfo>,
    services: Services,
    metrics: crate::metrics::JobMetrics,
    jobs: HashMap<String, Job>,
    /// Waiting to start, oldest first.
    queue: VecDeque<String>,
    /// Final jobs, oldest first, kept up to `keep_finished`.
    finished: VecDeque<String>,
    by_pid: HashMap<Pid, String>,
    store: Store,
    events_tx: mpsc::UnboundedSender<RunEvent>,
    exits_tx: mpsc::UnboundedSender<Exit>,
    next_seq: u64,
    stopping: Option<(Instant, oneshot::Sender<()>)>,
    since_prune: u32,
    /// Something happened that may let a queued job start or changes the
    /// counts: admit, save and publish after it. Progress, checkpoints and
    /// log lines (a thousand a second with 20 busy jobs) do not; their rows
    /// are saved on the next tick.
    recheck: bool,
}

pub(super) fn start(
    cfg: Arc<Jobs>,
    pools: Vec<PoolInfo>,
    services: Services,
    metrics: crate::metrics::JobMetrics,
    rx: mpsc::UnboundedReceiver<Msg>,
) {
    let (events_tx, events_rx) = mpsc::unbounded_channel();
    let (exits_tx, exits_rx) = mpsc::unbounded_channel();
    let mut m = Manager {
        cfg,
        pools,
        services,
        metrics,
        jobs: HashMap::new(),
        queue: VecDeque::new(),
        finished: VecDeque::new(),
        by_pid: HashMap::new(),
        store: Store::Absent,
        events_tx,
        exits_tx,
        next_seq: 1,
        stopping: None,
        since_prune: 0,
        recheck: true,
    };
    m.restore();
    tokio::spawn(m.run(rx, events_rx, exits_rx));
}

impl Manager {
    async fn run(
        mut self,
        mut rx: mpsc::UnboundedReceiver<Msg>,
        mut events: mpsc::UnboundedReceiver<RunEvent>,
        mut exits: mpsc::UnboundedReceiver<Exit>,
    ) {
        let mut tick = tokio::time::interval(self.cfg.sample_interval);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        self.admit().await;
        loop {
            tokio::select! {
                msg = rx.recv() => match msg {
                    Some(msg) => self.on_msg(msg).await,
                    None => break,
                },
                Some(ev) = events.recv() => self.on_event(ev),
                Some(exit) = exits.recv() => {
                    self.recheck = true;
                    self.on_exit(exit);
                }
                // Idle (no job process, no restart due), bextd does not wake.
                _ = tick.tick(), if self.needs_tick() => {
                    self.recheck = true;
                    self.on_tick(Instant::now());
                }
            }
            if std::mem::take(&mut self.recheck) {
                self.settle().await;
            }
            if self.stopping.is_some() && self.live() == 0 {
                break;
            }
        }
        self.save();
        if let Store::Open(w) = &self.store {
            let w = w.clone();
            let _ = tokio::task::spawn_blocking(move || w.close(Duration::from_secs(5))).await;
        }
        if let Some((_, done)) = self.stopping.take() {
            let _ = done.send(());
        }
    }

    fn needs_tick(&self) -> bool {
        self.jobs
            .values()
            .any(|j| j.proc.is_some() || j.restart_at.is_some())
    }

    /// Job processes still running.
    fn live(&self) -> usize {
        self.jobs.values().filter(|j| j.proc.is_some()).count()
    }

    async fn settle(&mut self) {
        if self.stopping.is_none() {
            self.admit().await;
        }
        self.save();
        self.publish();
    }

    async fn on_msg(&mut self, msg: Msg) {
        if matches!(msg, Msg::Spawn(..) | Msg::Cancel(..) | Msg::Shutdown(..)) {
            self.recheck = true;
        }
        match msg {
            Msg::Spawn(req, reply) => {
                let r = self.spawn(req);
                let _ = reply.send(r);
            }
            Msg::Get(id, reply) => {
                let _ = reply.send(self.jobs.get(&id).map(|j| j.info(true)));
            }
            Msg::List(reply) => {
                let mut list: Vec<&Job> = self.jobs.values().collect();
                list.sort_by(|a, b| {
                    (a.row.created_at, &a.row.id).cmp(&(b.row.created_at, &b.row.id))
                });
                let infos = list.into_iter().map(|j| j.info(false)).collect();
                let _ = reply.send((infos, self.stats()));
            }
            Msg::Cancel(id, reply) => {
                let r = self.cancel(&id, Instant::now());
                let _ = reply.send(r);
            }
            Msg::Logs(id, reply) => {
                let _ = reply.send(self.jobs.get(&id).map(|j| j.logs.clone()));
            }
            Msg::Stats(reply) => {
                let _ = reply.send(self.stats());
            }
            Msg::Shutdown(deadline, done) => self.begin_shutdown(deadline, done),
            Msg::SetPools(pools) => self.pools = pools,
        }
    }

    fn stats(&self) -> JobStats {
        let running = self.jobs.values().filter(|j| j.proc.is_some()).count() as u32;
        JobStats {
            running,
            queued: self.queue.len() as u32,
            budget_used_bytes: self.reserved(),
            budget_total_bytes: self.cfg.budget_bytes,
            max_running: self.cfg.max_running,
            max_running_per_pool: self.cfg.max_running_per_pool,
        }
    }

    fn reserved(&self) -> u64 {
        self.jobs
            .values()
            .filter(|j| j.proc.is_some())
            .map(|j| j.row.config.memory_bytes)
            .sum()
    }
}
