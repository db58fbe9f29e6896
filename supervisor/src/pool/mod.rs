//! A pool of workers: a pure core that decides (`core/`), an actor that
//! carries out its decisions (`actor/`), the links to its workers
//! (`link/`), the request path into it (`dispatch`, `admission`, `room`,
//! `quarantine`), the handle everything else holds, and [`Pools`], the
//! running pools in route order.
//!
//! The actor is the one owner of the pool's slots. The hub (for the HTTP
//! admin paths and the control socket), the reloader, its watchers and the
//! signal task send it commands, one type each ([`core::command`]), through
//! [`PoolHandle::call`], which returns each command's own answer; the
//! request path reads only the published list of ACTIVE links.
//!
//! A slot may briefly hold two processes: on rotation the replacement boots
//! while the old one keeps serving, and the old one drains only once the
//! replacement is ACTIVE, so a rotation never lowers capacity.

mod actor;
pub mod admission;
pub mod core;
pub mod dispatch;
mod emit;
pub mod growth;
pub mod link;
pub mod modcache;
pub mod pick;
pub mod policy;
pub mod quarantine;
mod report;
pub mod room;
pub mod select;
mod status;
pub mod table;
pub mod version;

use std::sync::{Arc, RwLock};

use tokio::sync::{mpsc, oneshot};

pub use self::core::command::{Command, PoolError, Stopped};
pub use self::core::{
    HeapWalk, Maint, Message, Reason, Reconfigure, Restart, Shutdown, Status, Swap,
};
use crate::config::Pool as PoolConfig;
use crate::metrics::PoolMetrics;
use crate::process::registry::Registry;
use crate::process::spawn::Spawner;
pub use actor::{Ask, RolloutAnswer, RolloutOp};
use link::WorkerLink;
pub use table::Pools;

/// Responses shorter than this are not compressed: the headers would eat
/// the gain.
pub const COMPRESS_MIN_BYTES: u32 = 1024;

/// Why a deploy did not start.
#[derive(Debug, thiserror::Error)]
pub enum DeployError {
    #[error(transparent)]
    Skipped(#[from] version::Skipped),
    #[error("{0}")]
    Pool(#[from] PoolError),
}

/// What the request path, the control socket and the daemon hold of a pool.
#[derive(Debug)]
pub struct PoolHandle {
    pub name: Arc<str>,
    /// The pool's configuration; a reload replaces it.
    config: RwLock<Arc<PoolConfig>>,
    pub metrics: PoolMetrics,
    /// `max_concurrent_requests` and its queue, if set; a reload that
    /// changes them replaces it (requests already admitted keep their place).
    admission: RwLock<Option<Arc<admission::Admission>>>,
    /// The response cache, if `[POOL.cache]` turns it on; a reload that
    /// changes its keys replaces it (empty).
    cache: RwLock<Option<Arc<crate::cache::ResponseCache>>>,
    /// HTTP requests routed to this pool and not answered yet.
    pub routed: std::sync::atomic::AtomicUsize,
    /// Woken when `routed` drops to 0.
    pub idle: tokio::sync::Notify,
    /// The versions of its code: what its workers run and new ones start.
    pub versions: Arc<version::Versions>,
    /// Requests waiting for a worker with room.
    pub room: Arc<room::Room>,
    /// Queries of death refused for now.
    pub quarantine: quarantine::Quarantine,
    tx: mpsc::UnboundedSender<actor::Envelope>,
    active: RwLock<Arc<Vec<Arc<WorkerLink>>>>,
}

/// Counts a request routed to a pool until it is answered.
#[derive(Debug)]
pub struct Routed(Arc<PoolHandle>);

impl Drop for Routed {
    fn drop(&mut self) {
        let was = self
            .0
            .routed
            .fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
        if was == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl PoolHandle {
    /// The pool's configuration now.
    pub fn config(&self) -> Arc<PoolConfig> {
        self.config.read().unwrap().clone()
    }

    /// `max_concurrent_requests` and its queue now, if set.
    pub fn admission(&self) -> Option<Arc<admission::Admission>> {
        self.admission.read().unwrap().clone()
    }

    /// The response cache now, if on.
    pub fn cache(&self) -> Option<Arc<crate::cache::ResponseCache>> {
        self.cache.read().unwrap().clone()
    }

    /// Empties the response cache (a hot-swap), saying why in the log
    /// when it held anything.
    pub fn clear_cache(&self, why: &str) {
        if let Some(c) = self.cache() {
            let n = c.clear();
            if n > 0 {
                tracing::info!(pool = %self.name, answers = n, "response cache cleared: {why}");
            }
        }
    }

    /// Counts a request as routed here until the guard drops.
    pub fn route_one(self: &Arc<Self>) -> Routed {
        self.routed
            .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        Routed(self.clone())
    }

    /// Sends `command` to the pool's actor; resolves with its answer, or
    /// why not ([`Stopped`] once the pool has stopped).
    pub async fn call<C: Ask>(&self, command: C) -> Result<C::Answer, C::Error> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(command.envelope(reply))
            .map_err(|_| C::Error::from(Stopped))?;
        rx.await.unwrap_or(Err(C::Error::from(Stopped)))
    }

    /// Sends `command` without waiting for its answer.
    pub fn tell<C: Ask>(&self, command: C) {
        let (reply, _) = oneshot::channel();
        let _ = self.tx.send(command.envelope(reply));
    }

    /// Takes a reloaded configuration of this pool. Size, autoscaling,
    /// admission, route, quarantine and maintenance apply to the running
    /// workers; `roll`: something workers are started with changed, so
    /// every worker is replaced by a rolling restart.
    pub fn reconfigure(&self, config: PoolConfig, roll: bool) {
        let a = &config.settings.admission;
        if *a != self.config().settings.admission {
            *self.admission.write().unwrap() =
                admission::Admission::new(a.max_concurrent, a.max_queue).map(Arc::new);
        }
        if config.settings.cache != self.config().settings.cache {
            *self.cache.write().unwrap() =
                crate::cache::ResponseCache::new(&config.settings.cache).map(Arc::new);
        }
        *self.config.write().unwrap() = Arc::new(config);
        self.tell(Reconfigure { roll });
    }

    /// The links that take requests now.
    pub fn active(&self) -> Arc<Vec<Arc<WorkerLink>>> {
        self.active.read().unwrap().clone()
    }

    fn publish(&self, links: Vec<Arc<WorkerLink>>) {
        let versions = links.iter().map(|l| l.version).collect();
        *self.active.write().unwrap() = Arc::new(links);
        if let Some(c) = self.cache() {
            let n = c.set_live(versions);
            if n > 0 {
                tracing::info!(pool = %self.name, answers = n, "response cache: dropped the answers of versions no longer running");
            }
        }
    }

    /// A deploy (see [`version`]): a rolling restart whose new workers load
    /// the code from disk, as a new version. Skipped when these same files
    /// failed to load already (unless `cause` is a command). Returns how
    /// many slots, and the load it began (to follow its outcome).
    pub async fn deploy(
        &self,
        cause: version::Cause,
    ) -> Result<(u32, Arc<version::Load>), DeployError> {
        let cfg = self.config();
        let settings = actor::code_settings(&cfg);
        let names = self.versions.graph_names(&cfg.script.to_string_lossy());
        // Reads the files: off the runtime's threads.
        let print =
            tokio::task::spawn_blocking(move || version::fingerprint(&names, &settings)).await;
        let load = self.versions.deploy(cause, print.ok())?;
        let restart = Restart {
            slot: None,
            reason: cause.reason(),
        };
        let n = self.call(restart).await?;
        Ok((n, load))
    }

    /// Starts a deploy without waiting; logs why if it is skipped.
    pub fn deploy_soon(self: &Arc<Self>, cause: version::Cause) {
        let pool = self.clone();
        tokio::spawn(async move {
            if let Err(e) = pool.deploy(cause).await {
                tracing::warn!(pool = %pool.name, cause = cause.name(), "deploy not started: {e}");
            }
        });
    }
}

/// Shared services every pool uses.
#[derive(Debug, Clone)]
pub struct Services {
    pub spawner: Spawner,
    pub registry: Arc<Registry>,
    pub worker_bin: std::path::PathBuf,
    /// Where workers' `bext.jobs` calls go.
    pub jobs: crate::jobs::JobsHandle,
}

/// The queue of a pool that starts now: live, since its slots boot at
/// once (requests routed to it before its actor runs wait for them).
fn fresh_room() -> Arc<room::Room> {
    let room = Arc::new(room::Room::default());
    room.set_live(true);
    room
}

/// Starts a pool actor with its `min_workers` slots.
pub fn start(config: PoolConfig, services: Services, metrics: PoolMetrics) -> Arc<PoolHandle> {
    let (tx, rx) = mpsc::unbounded_channel();
    let admission = &config.settings.admission;
    let handle = Arc::new(PoolHandle {
        name: config.name.as_str().into(),
        admission: RwLock::new(
            admission::Admission::new(admission.max_concurrent, admission.max_queue).map(Arc::new),
        ),
        cache: RwLock::new(crate::cache::ResponseCache::new(&config.settings.cache).map(Arc::new)),
        config: RwLock::new(Arc::new(config)),
        routed: Default::default(),
        idle: Default::default(),
        tx,
        metrics,
        versions: Arc::default(),
        room: fresh_room(),
        quarantine: Default::default(),
        active: RwLock::new(Arc::new(Vec::new())),
    });
    actor::spawn(handle.clone(), services, rx);
    handle
}
