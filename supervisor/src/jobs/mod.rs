//! Background jobs and daemons (seed 002), beside the request pools.
//!
//! A job is one run of a module's `run(job)` in its own `bext-worker`
//! process: real isolation, real RSS. It reports progress and checkpoints
//! over its socket; its state lives in SQLite (`store`), written by one
//! writer thread. The manager (`manager`) is one task that owns every job:
//! it admits queued jobs under the limits and the memory budget (`policy`),
//! samples each job's RSS, enforces timeouts, cancels (flag, interrupt,
//! kill), restarts crashed daemons with backoff, restores daemons when
//! bextd starts, and drains jobs when it stops. [`JobsHandle`] is how the
//! control socket, the admin endpoints and pool workers (`bext.jobs`) reach
//! it: each command is one type (`command.rs`), sent whole with
//! [`JobsHandle::call`], which returns that command's own answer type.
//!
//! With `[jobs] store` set, jobs live in PostgreSQL instead (`pg`), shared
//! by every bextd naming it: each is a node that claims, leases and
//! releases jobs, every write fenced by the claim's attempt.

mod call;
pub mod command;
pub mod core;
pub mod error;
mod manager;
#[cfg(test)]
pub mod memory;
pub mod outage;
pub mod pg;
pub mod record;
mod run;
pub mod schedule;
pub mod sqlite;
pub mod store;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use protocol::worker::JobCall;
use tokio::sync::{mpsc, oneshot};

use crate::config::Jobs;
pub use command::{
    Ask, Cancel, Discard, Get, List, Logs, Retry, Schedules, SetPools, Shutdown, Spawn, Stats,
};
pub use error::{JobsError, StoreError};
pub use protocol::control::JobSpec;

/// What the manager needs to know of a pool to run its jobs.
#[derive(Debug, Clone, PartialEq)]
pub struct PoolInfo {
    pub name: String,
    /// Folder of the pool's script: relative job scripts are found there.
    pub dir: PathBuf,
    pub env: BTreeMap<String, String>,
    /// bextd's variables its jobs get too (`env_pass`).
    pub env_pass: Vec<String>,
    pub uid: Option<u32>,
    pub gid: Option<u32>,
    /// How its jobs start, as its workers do.
    pub spawn: crate::config::Spawn,
    /// Where and how far its jobs' `fetch()` may go, as its workers'.
    pub fetch: protocol::worker::FetchPolicy,
    /// Its jobs' retries unless one says; 0: the `[jobs]` defaults.
    pub max_attempts: u32,
    pub retry_backoff_ms: u64,
    /// Jobs one of its pooled job workers runs before it is replaced; 0:
    /// a fresh process for every job (`isolate = "process"`).
    pub worker_max_jobs: u32,
    /// Its recurring jobs (`[[POOL.schedules]]`).
    pub schedules: Vec<crate::config::Schedule>,
    /// Where its jobs' modules may come from, as its workers'.
    pub read: protocol::worker::ReadPolicy,
    /// How much its jobs' temporary folders may hold (`tmp_max_bytes`).
    pub tmp_max_bytes: u64,
}

impl PoolInfo {
    pub fn of(p: &crate::config::Pool) -> PoolInfo {
        PoolInfo {
            name: p.name.clone(),
            dir: p.script.parent().map(PathBuf::from).unwrap_or_default(),
            env: p.settings.env.clone(),
            env_pass: p.settings.env_pass.clone(),
            uid: p.uid,
            gid: p.gid,
            spawn: p.settings.spawn,
            fetch: p.settings.fetch.clone(),
            max_attempts: p.settings.job_max_attempts,
            retry_backoff_ms: p.settings.job_retry_backoff_ms,
            worker_max_jobs: p.settings.job_worker_max_jobs,
            schedules: p.settings.schedules.clone(),
            read: p.read.clone(),
            tmp_max_bytes: p.settings.tmp_max_bytes,
        }
    }
}

/// How the rest of bextd reaches the job manager.
#[derive(Debug, Clone)]
pub struct JobsHandle {
    tx: mpsc::UnboundedSender<command::Envelope>,
    pub config: Arc<Jobs>,
    /// Whether the store takes writes (read without asking the manager).
    pub health: outage::StoreHealth,
}

impl JobsHandle {
    /// Starts the manager: opens the state file if it exists, restores what
    /// it holds (daemons that were running start again), then serves.
    pub fn start(
        config: Jobs,
        pools: Vec<PoolInfo>,
        services: manager::Services,
        metrics: crate::metrics::JobMetrics,
    ) -> JobsHandle {
        let config = Arc::new(config);
        let health = match &config.store {
            Some(url) => outage::StoreHealth::new("postgres", url.redacted()),
            None => outage::StoreHealth::new("sqlite", config.state_file.display().to_string()),
        };
        let (tx, rx) = mpsc::unbounded_channel();
        let serve = manager::serve(config.clone(), pools, services, metrics, health.clone(), rx);
        manager::start(serve, config.nice);
        JobsHandle { tx, config, health }
    }

    /// Sends `command` to the manager; resolves with its answer, or why
    /// not.
    pub async fn call<C: Ask>(&self, command: C) -> Result<C::Answer, JobsError> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(command.envelope(reply))
            .map_err(|_| JobsError::Stopped)?;
        rx.await.unwrap_or(Err(JobsError::Stopped))
    }

    /// Sends `command` without waiting for its answer.
    pub fn tell<C: Ask>(&self, command: C) {
        let (reply, _) = oneshot::channel();
        let _ = self.tx.send(command.envelope(reply));
    }

    /// A `bext.jobs` call from a worker of `pool` (see [`call::answer`]).
    pub async fn from_worker(&self, pool: &str, call: JobCall) -> Result<String, JobsError> {
        let mut door = self;
        call::answer(&mut door, Some(pool), call).await
    }
}

/// A worker's calls reach the jobs through the manager's commands.
impl call::Door for &JobsHandle {
    async fn spawn(&mut self, spec: JobSpec) -> Result<String, JobsError> {
        let (id, _) = self.call(Spawn(Box::new(spec))).await?;
        Ok(id)
    }

    async fn get(&mut self, id: String) -> Option<protocol::control::JobInfo> {
        self.call(Get { id }).await.ok().flatten()
    }

    async fn cancel(&mut self, id: String) -> Result<protocol::control::JobState, JobsError> {
        self.call(Cancel { id }).await
    }
}

pub use manager::Services;

/// The store `[jobs]` names, open, with what it held at start: the one
/// place that knows which stores there are.
#[derive(Debug)]
pub struct Opened {
    pub store: Box<dyn store::JobStore>,
    pub loaded: Vec<record::Loaded>,
}

/// The health and counters a store reports.
#[derive(Debug)]
pub struct Reporting {
    pub health: outage::StoreHealth,
    pub gauges: outage::HealthGauges,
    pub metrics: crate::metrics::JobMetrics,
}

/// Opens the store `cfg` names: the shared PostgreSQL store with
/// `[jobs] store`, else the SQLite state file.
pub fn open_store(cfg: &Jobs, r: Reporting) -> Opened {
    let (store, loaded): (Box<dyn store::JobStore>, _) = match &cfg.store {
        Some(url) => {
            let counters = pg::Counters {
                claims: r.metrics.claims.clone(),
                rescues: r.metrics.rescues.clone(),
                fenced: r.metrics.fenced_writes.clone(),
                gauges: r.gauges,
                health: r.health,
            };
            let node = pg::new_node_id();
            match pg::Shared::open(cfg, url.expose(), node, counters) {
                Ok(s) => (Box::new(s), Vec::new()),
                Err(e) => {
                    tracing::error!(error = %e, "cannot use the shared jobs store; no job is started");
                    (Box::new(store::Broken(Arc::new(e))), Vec::new())
                }
            }
        }
        None => {
            let lines = [
                "cannot write to the jobs state file",
                "job states are only in memory until it can be written again",
                "the jobs state file is written again",
            ];
            let outage = outage::Tracker::new(lines, r.health, r.gauges);
            sqlite::FileStore::restore(&cfg.state_file, outage)
        }
    };
    Opened { store, loaded }
}
