//! The shared job store: PostgreSQL (`[jobs] store = "postgres://…"`),
//! for several bextd instances serving one set of jobs.
//!
//! Every bextd that names the same database is a node with an id of its
//! own, made at each start (never the host name: a restarted pod is a new
//! node, and its old leases simply expire). Jobs are rows of `bext_jobs`.
//! A node **claims** what its own limits and memory budget admit with one
//! `SELECT … FOR UPDATE SKIP LOCKED` statement that takes claimable rows
//! (queued, or running with an expired or released lease, past any daemon
//! backoff) and sets owner, `attempt + 1` and `lease_until` from the
//! database clock, so racing nodes never take the same row. It **renews**
//! all its leases in one statement every third of `lease_ttl_ms`; a lease
//! not renewed is another node's to take.
//!
//! **Fencing**: `attempt` is the fencing token. Every write of a running
//! job (row, progress, checkpoint, log, result, release) carries the
//! attempt of the claim it came from and matches `id AND attempt AND
//! owner`; a write that matches nothing is refused, counted
//! (`bext_jobs_fenced_writes_total`) and kills that run: a stale run can
//! never overwrite a newer one. Effects outside the store (HTTP calls, a
//! file a job writes) are not fenced.
//!
//! **Frozen nodes**: a node stopped in the middle of a write (SIGSTOP, a
//! paused VM) holds its transaction's row locks, and `SKIP LOCKED` claims
//! would pass those rows by until it thawed, long after its leases ended.
//! So every transaction tells the server to end it once it has been idle
//! for half the lease TTL ([`sql::begin`]): the locks go before the
//! leases do.
//!
//! One task ([`task`]) does all of it in order: the batching writer (the
//! newest row, checkpoint and log of each job per transaction, each with
//! its attempt), the renewals, the claims. The job manager learns what
//! came of them as [`StoreEvent`]s. A lost connection is retried (the
//! batch is kept, nothing written is dropped). A node polls every
//! `claim_interval_ms`, claims at once after its own spawns and when a run
//! ends, and when another node's insert or release is announced with
//! `NOTIFY bext_jobs` (`LISTEN` on a connection of its own, [`task::listen`]);
//! NOTIFY is never required, so the store works behind PgBouncer in
//! transaction mode, with the polling latency.
//!
//! Connections use TLS as libpq's `sslmode` says ([`tls`]). While the
//! server cannot be reached the task backs off between tries and says so
//! once, then once again when it is back (`jobs/outage.rs`); jobs run on,
//! their writes wait in the batch.

mod batch;
#[cfg(test)]
mod claim_tests;
mod connect;
#[cfg(test)]
mod frozen_tests;
mod listen;
#[cfg(test)]
mod migrate_tests;
#[cfg(test)]
mod node_tests;
mod plan;
mod reads;
mod schema;
mod sql;
mod store;
mod task;
#[cfg(test)]
mod tests;
pub mod tls;

use std::time::Duration;

use deadpool_postgres::Pool;
use tokio::sync::{mpsc, watch};

use super::core::{Capacity, Save};
use super::outage::{HealthGauges, StoreHealth};
use crate::config::Jobs;

pub use crate::jobs::store::StoreEvent;
pub use connect::{Connect, SetupError, connect_settings, pool};
pub use schema::migrate;
pub use store::SharedStore;

/// Counters and gauges of the shared store, kept by its task, and the
/// health it reports.
#[derive(Debug, Clone, Default)]
pub struct Counters {
    pub claims: prometheus_client::metrics::counter::Counter,
    pub rescues: prometheus_client::metrics::counter::Counter,
    pub fenced: prometheus_client::metrics::counter::Counter,
    pub gauges: HealthGauges,
    pub health: StoreHealth,
}

/// The manager's handle on the shared store.
#[derive(Debug, Clone)]
pub struct Shared {
    pub node: String,
    pool: Pool,
    /// Whether the task reaches the server: reads skip it while not.
    pub health: StoreHealth,
    /// How long its transactions may sit idle ([`sql::idle_limit`]).
    idle: Duration,
    ops: mpsc::UnboundedSender<task::Op>,
    capacity: watch::Sender<Capacity>,
    /// Whether the task has put the schema in place.
    ready: watch::Receiver<bool>,
}

/// A new node id: random, with the pid for people reading logs.
pub fn new_node_id() -> String {
    format!(
        "n{:012x}-{}",
        rand::random::<u64>() & 0xffff_ffff_ffff,
        std::process::id()
    )
}

impl Shared {
    /// Starts the store's task for node `node`; what comes of its claims,
    /// renewals and refused writes goes to `events`.
    pub fn start(
        cfg: &Jobs,
        url: &str,
        node: String,
        events: mpsc::UnboundedSender<StoreEvent>,
        counters: Counters,
    ) -> Result<Shared, SetupError> {
        let connect = connect_settings(url)?;
        let pool = pool(&connect)?;
        let notes = listen::listen(connect.clone(), node.clone());
        let health = counters.health.clone();
        let (ops, rx) = mpsc::unbounded_channel();
        let (capacity, cap_rx) = watch::channel(Capacity::default());
        let (ready_tx, ready) = watch::channel(false);
        let t = task::Task::new(cfg, pool.clone(), node.clone(), events, counters, ready_tx);
        tokio::spawn(t.run(rx, cap_rx, notes));
        tracing::info!(node = %node, store = %crate::config::redact_store_url(url),
            sslmode = connect.ssl_mode.name(),
            "jobs store: PostgreSQL, shared by every bextd naming it");
        Ok(Shared {
            node,
            pool,
            health,
            idle: sql::idle_limit(cfg.lease_ttl),
            ops,
            capacity,
            ready,
        })
    }
}

impl Shared {
    /// Hands one write to the task (never waited on).
    pub fn save(&self, save: Save) {
        let _ = self.ops.send(task::Op::Save(Box::new(save)));
    }

    /// Writes what is queued (releases included), waiting at most `wait`.
    pub async fn close(&self, wait: Duration) {
        let (tx, rx) = tokio::sync::oneshot::channel();
        if self.ops.send(task::Op::Close(tx)).is_ok() {
            let _ = tokio::time::timeout(wait, rx).await;
        }
    }

    /// What the node may claim now.
    pub fn set_capacity(&self, cap: Capacity) {
        self.capacity.send_if_modified(|c| {
            let changed = *c != cap;
            *c = cap;
            changed
        });
    }

    /// Waits (at most `wait`) until what was sent is written.
    pub async fn flush(&self, wait: Duration) -> bool {
        let (tx, rx) = tokio::sync::oneshot::channel();
        if self.ops.send(task::Op::Flush(tx)).is_err() {
            return false;
        }
        matches!(tokio::time::timeout(wait, rx).await, Ok(Ok(())))
    }
}
