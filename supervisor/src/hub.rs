//! The hub: every read and command of bextd's two admin surfaces, written
//! once. The HTTP admin endpoints (`front::admin`) and the control socket
//! (`control::commands`) are thin wrappers over it: each turns its own
//! request into a call here and the answer into its own format.
//!
//! | read or command | HTTP | control request |
//! |---|---|---|
//! | [`Hub::workers`] | `/__bext/workers`, `/metrics` | `Workers` |
//! | [`Hub::quarantined`] | `/__bext/quarantine` | `Quarantine` |
//! | [`Hub::jobs`] | `/__bext/jobs[/ID]`, `/__bext/health` | `Jobs*` |
//! | [`Hub::readiness`] | `/__bext/ready` | |
//! | [`Hub::metrics_text`] | `/metrics` | |
//! | [`Hub::restart`], [`Hub::maint`], [`Hub::message`], [`Hub::call`], [`Hub::swap`], [`Hub::clear_quarantine`], [`Hub::reload`] | | `Restart`, `Maint`, `Message`, `Call`, `Swap`, `QuarantineClear`, `Reload` |
//!
//! `daemon` builds it once the pools, the job manager and the reloader run.

use std::sync::Arc;

use protocol::control::{Quarantined, WorkerStatus};

use crate::jobs::JobsHandle;
use crate::metrics::Metrics;
use crate::pool::{Pools, Reason};
use crate::reload::Reloader;

/// What the admin surfaces act on.
#[derive(Debug)]
pub struct Hub {
    pools: Arc<Pools>,
    jobs: JobsHandle,
    metrics: Arc<Metrics>,
    reloader: Arc<Reloader>,
    /// One `/metrics` scrape at a time.
    scrape: tokio::sync::Mutex<()>,
}

/// Whether every pool has at least one ACTIVE worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readiness {
    pub ready: bool,
    pub pools_without_active_workers: Vec<String>,
}

impl Hub {
    pub fn new(
        pools: Arc<Pools>,
        jobs: JobsHandle,
        metrics: Arc<Metrics>,
        reloader: Arc<Reloader>,
    ) -> Hub {
        Hub {
            pools,
            jobs,
            metrics,
            reloader,
            scrape: tokio::sync::Mutex::new(()),
        }
    }

    /// The running pools (the routing table).
    pub fn pools(&self) -> &Pools {
        &self.pools
    }

    /// Background jobs: list, show, spawn, cancel, logs, stats.
    pub fn jobs(&self) -> &JobsHandle {
        &self.jobs
    }

    /// Status rows of every pool, in pool order.
    pub async fn workers(&self) -> Vec<WorkerStatus> {
        self.pools.workers().await
    }

    /// Every pool's quarantined queries of death.
    pub fn quarantined(&self) -> Vec<Quarantined> {
        self.pools.quarantined()
    }

    /// Ready when every pool has at least one ACTIVE worker.
    pub fn readiness(&self) -> Readiness {
        let empty: Vec<String> = self
            .pools
            .all()
            .iter()
            .filter(|p| p.active().is_empty())
            .map(|p| p.name.to_string())
            .collect();
        Readiness {
            ready: empty.is_empty(),
            pools_without_active_workers: empty,
        }
    }

    /// The OpenMetrics text of `/metrics`.
    pub async fn metrics_text(&self) -> String {
        let _one_scrape_at_a_time = self.scrape.lock().await;
        let workers = self.workers().await;
        let now = std::time::Instant::now();
        let quarantined: Vec<(String, usize)> = self
            .pools
            .all()
            .iter()
            .map(|p| (p.name.to_string(), p.quarantine.list(&p.name, now).len()))
            .collect();
        self.metrics
            .render(&workers, &quarantined, crate::process::memory::unix_ms())
    }

    /// Rolling restart of one pool's workers (or one slot), or of every
    /// pool's; returns how many slots.
    pub async fn restart(&self, pool: Option<&str>, worker: Option<u32>) -> Result<u32, String> {
        if pool.is_none() && worker.is_some() && self.pools.all().len() > 1 {
            return Err("--worker needs --pool when there is more than one pool".into());
        }
        let mut total = 0;
        for p in self.pools.targets(pool)? {
            match p.restart(worker, Reason::Restart).await {
                Ok(n) => total += n,
                Err(why) => return Err(format!("pool {} {why}", p.name)),
            }
        }
        Ok(total)
    }

    /// A maintenance sweep of one pool or every pool; returns how many
    /// workers were queued.
    pub async fn maint(
        &self,
        pool: Option<&str>,
        data_json: Option<String>,
    ) -> Result<u32, String> {
        let mut total = 0;
        for p in self.pools.targets(pool)? {
            total += p.maint(data_json.clone()).await;
        }
        Ok(total)
    }

    /// Sends `message(data)` to every worker of `pool`; returns how many
    /// got it.
    pub async fn message(&self, pool: &str, data_json: String) -> Result<u32, String> {
        Ok(self.pools.named(pool)?.message(data_json).await)
    }

    /// Runs `custom(params)` on a worker of `pool`. `Err`: no such pool;
    /// `Ok(Err)`: the call failed, with pixl-server-pool's code.
    pub async fn call(
        &self,
        pool: &str,
        params: &serde_json::Value,
    ) -> Result<Result<serde_json::Value, (u16, String)>, String> {
        let p = self.pools.named(pool)?;
        Ok(crate::pool::dispatch::call(&p, params).await)
    }

    /// Hot-swaps one pool's workers or every pool's; returns how many
    /// workers were queued.
    pub async fn swap(&self, pool: Option<&str>) -> Result<u32, String> {
        let changes = crate::reload::classify::manual_changes();
        let mut workers = 0;
        for p in self.pools.targets(pool)? {
            workers += p.swap(changes.clone()).await;
        }
        Ok(workers)
    }

    /// Lifts the quarantine of one pool or every pool; returns how many
    /// signatures were lifted.
    pub fn clear_quarantine(&self, pool: Option<&str>) -> Result<u32, String> {
        let targets = self.pools.targets(pool)?;
        Ok(targets.iter().map(|p| p.quarantine.clear()).sum::<usize>() as u32)
    }

    /// Re-reads and applies the configuration file (`Reloader::reload`).
    pub async fn reload(&self, trigger: &str) -> Result<Vec<String>, Vec<String>> {
        self.reloader.reload(trigger).await
    }
}
