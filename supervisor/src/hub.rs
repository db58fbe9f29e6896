//! The hub: every read and command of bextd's two admin surfaces, the
//! HTTP admin paths and the control socket, written once over the running
//! pools, the job manager, the metrics and the reloader.
//!
//! What each surface offers is one table of operations ([`ops::TABLE`]):
//! an operation is a file under `hub/ops/` holding one `const` entry (its
//! HTTP path and method, its control request, who may call it) and its
//! handlers, which decode the request, carry it out (a command to each
//! pool it targets: [`crate::pool::PoolHandle::call`]) and encode the
//! answer.
//! [`admin`] answers the admin paths (`/__bext/*`, `/metrics`) and
//! [`control`] the control socket's requests by looking the operation up
//! in that table; bextd(8)'s ADMIN ENDPOINTS and CONTROL REQUESTS are
//! generated from it. The HTTP front and the control socket only carry
//! these answers, so a new operation is one file and one line in the
//! table (plus its request and reply in `protocol::control` when it has
//! one, and its verb in `cli/`).
//!
//! Who may call an admin path is decided before any handler runs
//! ([`ops::access`]): `/__bext/health` and `/__bext/ready` answer anyone
//! (probes come from the node, not from loopback); every other path only
//! peers in `[server] admin_allow` whose `Host` is an address or a name in
//! `admin_hosts`, so a page a browser loaded from another name (DNS
//! rebinding) cannot read them.
//!
//! `daemon` builds it once the pools, the job manager and the reloader run.

pub mod ops;
pub mod page;
pub mod status;

use std::sync::Arc;

use ipnet::IpNet;
use protocol::control::{ControlReply, ControlRequest, Quarantined, WorkerStatus};

use crate::jobs::JobsHandle;
use crate::metrics::Metrics;
use crate::pool::table::NoSuchPool;
use crate::pool::{PoolError, Pools};
use crate::reload::Reloader;

pub use ops::{AdminRequest, Admitted, HttpAnswer};

/// Why a command of the hub was refused.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    #[error(transparent)]
    NoSuchPool(#[from] NoSuchPool),
    #[error("--worker needs --pool when there is more than one pool")]
    WorkerNeedsPool,
    /// The pool refused it (no such slot, the pool is stopping).
    #[error("pool {pool} {why}")]
    Refused { pool: String, why: PoolError },
}

impl HubError {
    /// `pool` refused a command.
    pub fn refused(pool: &crate::pool::PoolHandle, why: PoolError) -> HubError {
        HubError::Refused {
            pool: pool.name.to_string(),
            why,
        }
    }
}

/// A heap walk's time budget unless asked otherwise, and the most it may
/// be asked for: the worker is out of rotation meanwhile.
pub const HEAP_WALK_BUDGET_MS: u64 = 2_000;
pub const HEAP_WALK_MAX_MS: u64 = 20_000;
/// How deep a heap walk follows references, and how many retainers it
/// reports.
pub const HEAP_WALK_DEPTH: u32 = 64;
pub const HEAP_WALK_TOP: u32 = 20;

/// Who may use the admin paths: `[server] admin_allow`, `admin_hosts`
/// and `admin_token`.
#[derive(Debug, Clone, Default)]
pub struct AdminPolicy {
    /// Peers that may call every admin path (the others reach only the
    /// public ones: health and readiness).
    pub allow: Vec<IpNet>,
    /// Names a `Host` may carry besides an IP address (lower case).
    pub hosts: Vec<String>,
    /// The status page's actions are on when set.
    pub token: Option<crate::config::Secret>,
}

/// What the admin surfaces act on.
#[derive(Debug)]
pub struct Hub {
    pools: Arc<Pools>,
    jobs: JobsHandle,
    metrics: Arc<Metrics>,
    reloader: Arc<Reloader>,
    /// One `/metrics` scrape at a time.
    scrape: tokio::sync::Mutex<()>,
    /// A graceful stop began: readiness answers 503 from then on.
    stopping: std::sync::atomic::AtomicBool,
    /// The container's limits, read at start.
    limits: crate::cgroup::Limits,
    /// The pools' and slots' recent past, fed by the sampler.
    history: std::sync::Mutex<crate::history::History>,
    /// Who may call the admin paths.
    admin: AdminPolicy,
    /// The last heap walk of each pool, with when it ended (Unix ms), for
    /// the status page.
    walks: std::sync::Mutex<std::collections::BTreeMap<String, (u64, protocol::heap::HeapAnswer)>>,
}

/// Whether every pool has at least one ACTIVE worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readiness {
    pub ready: bool,
    pub pools_without_active_workers: Vec<String>,
    /// bextd is stopping: it serves on for `shutdown_delay_ms`, then drains.
    pub shutting_down: bool,
}

impl Hub {
    pub fn new(
        pools: Arc<Pools>,
        jobs: JobsHandle,
        metrics: Arc<Metrics>,
        reloader: Arc<Reloader>,
        limits: crate::cgroup::Limits,
    ) -> Hub {
        Hub {
            limits,
            pools,
            jobs,
            metrics,
            reloader,
            scrape: tokio::sync::Mutex::new(()),
            stopping: std::sync::atomic::AtomicBool::new(false),
            history: Default::default(),
            admin: AdminPolicy::default(),
            walks: Default::default(),
        }
    }

    /// Sets who may call the admin paths (and turns the status page's
    /// actions on when the policy has a token).
    pub fn with_admin(mut self, admin: AdminPolicy) -> Hub {
        self.admin = admin;
        self
    }

    /// Who may call the admin paths.
    pub fn admin_policy(&self) -> &AdminPolicy {
        &self.admin
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
        crate::pool::table::statuses(&self.pools.all()).await
    }

    /// Every pool's quarantined queries of death.
    pub fn quarantined(&self) -> Vec<Quarantined> {
        let now = std::time::Instant::now();
        self.pools
            .all()
            .iter()
            .flat_map(|p| p.quarantine.list(&p.name, now))
            .collect()
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
        let shutting_down = self.stopping.load(std::sync::atomic::Ordering::Acquire);
        Readiness {
            ready: empty.is_empty() && !shutting_down,
            pools_without_active_workers: empty,
            shutting_down,
        }
    }

    /// A graceful stop began: `/__bext/ready` answers 503 from now on, so
    /// load balancers stop sending requests while they are still served.
    pub fn begin_stop(&self) {
        self.stopping
            .store(true, std::sync::atomic::Ordering::Release);
        // Open event streams would hold their connections through the drain.
        crate::history::feed().close_streams();
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
        let kept: Vec<crate::metrics::Kept> = self
            .pools
            .all()
            .iter()
            .map(|p| {
                let (running, previous) = p.versions.kept();
                (p.name.to_string(), running, previous)
            })
            .collect();
        let cached: Vec<_> = self
            .pools
            .all()
            .iter()
            .filter_map(|p| Some((p.name.to_string(), p.cache()?.figures())))
            .collect();
        self.metrics.cache.fill(&cached);
        self.metrics.render(
            &workers,
            &quarantined,
            &kept,
            crate::process::memory::unix_ms(),
        )
    }

    /// The last heap walk of each pool, with `at` (Unix ms), as JSON.
    pub fn last_walks(&self) -> serde_json::Value {
        let walks = self.walks.lock().unwrap_or_else(|e| e.into_inner());
        let walks = walks.values().map(|(at, answer)| {
            let mut v = serde_json::to_value(answer).unwrap_or_default();
            v["at"] = (*at).into();
            v
        });
        serde_json::Value::Array(walks.collect())
    }
}

/// Answers an admin request that [`ops::admit`] let through. `client`
/// is the connection an event stream would go to.
pub async fn admin(
    hub: &Hub,
    admitted: Admitted,
    req: &AdminRequest<'_>,
    client: Option<Arc<dyn crate::history::stream::Client>>,
) -> HttpAnswer {
    let Some(op) = admitted.op else {
        return HttpAnswer::Plain(404, "unknown admin path");
    };
    let Some(http) = &op.http else {
        return HttpAnswer::Plain(404, "unknown admin path");
    };
    let call = ops::Call {
        hub,
        req,
        caller: admitted.caller,
        client,
    };
    (http.answer)(call).await
}

pub use crate::config::is_admin_path;

/// Carries out one control request: the table's entry for its kind.
pub async fn control(req: ControlRequest, hub: &Hub) -> ControlReply {
    match ops::for_control(protocol::control::ControlKind::from(&req)) {
        Some(control) => (control.reply)(hub, req).await,
        // The table's tests hold an entry for every kind.
        None => ControlReply::Error {
            message: "this bextd has no handler for that request".into(),
        },
    }
}
