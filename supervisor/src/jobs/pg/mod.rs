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
#[cfg(test)]
mod frozen_tests;
mod listen;
#[cfg(test)]
mod migrate_tests;
mod plan;
mod schema;
mod sql;
mod task;
#[cfg(test)]
mod tests;
pub mod tls;

use std::time::{Duration, Instant};

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use protocol::control::{JobInfo, JobState};
use tokio::sync::{mpsc, watch};

use tokio_postgres_rustls::MakeRustlsConnect;

use super::core::{Capacity, Claimed, Save};
use super::outage::{HealthGauges, StoreHealth};
use super::record::{Loaded, Row};
use crate::config::{Jobs, SslMode, StoreUrl, store_url::UrlError};

pub use schema::migrate;

/// What the store's task tells the job manager.
#[derive(Debug)]
pub enum StoreEvent {
    Claimed {
        jobs: Vec<Claimed>,
        sent_at: Instant,
        batch: u64,
    },
    Renewed {
        sent_at: Instant,
        /// Held jobs the renewal did not find ours any more.
        lost: Vec<(String, u64)>,
        cancel: Vec<String>,
    },
    /// A write of `attempt` of job `id` was refused.
    Fenced { id: String, attempt: u64 },
}

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

/// An error with its causes: tokio-postgres and deadpool leave the cause
/// (e.g. "server does not support TLS", "invalid peer certificate") out of
/// their own text.
pub fn explain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let text = s.to_string();
        if !out.contains(&text) {
            out.push_str(": ");
            out.push_str(&text);
        }
        source = s.source();
    }
    out
}

/// A new node id: random, with the pid for people reading logs.
pub fn new_node_id() -> String {
    format!(
        "n{:012x}-{}",
        rand::random::<u64>() & 0xffff_ffff_ffff,
        std::process::id()
    )
}

/// Why the shared store cannot be set up (the URL, the TLS settings).
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("[jobs] store: {0}")]
    Url(#[from] UrlError),
    #[error("[jobs] store: PGSSLMODE={0:?} is not one of {names}", names = SslMode::NAMES)]
    EnvSslMode(String),
    #[error("[jobs] store: {0}")]
    Tls(#[from] tls::TlsError),
    #[error("[jobs] store: cannot make the connection pool: {0}")]
    Pool(String),
}

/// How to reach the store: tokio-postgres' settings and the TLS connector.
#[derive(Clone)]
pub struct Connect {
    pub config: tokio_postgres::Config,
    pub tls: MakeRustlsConnect,
    pub ssl_mode: SslMode,
}

impl std::fmt::Debug for Connect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // tokio-postgres' Config hides its password in Debug.
        f.debug_struct("Connect")
            .field("config", &self.config)
            .field("ssl_mode", &self.ssl_mode)
            .finish_non_exhaustive()
    }
}

/// The connection settings of `url`; what it leaves out comes from the
/// standard `PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`,
/// `PGOPTIONS`, `PGSSLMODE` and `PGSSLROOTCERT` variables, then libpq's
/// defaults (`sslmode=prefer`, the system's roots).
pub fn connect_settings(url: &str) -> Result<Connect, SetupError> {
    let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    let parts = StoreUrl::parse(url)?;
    let mut c: tokio_postgres::Config = parts
        .rest
        .parse()
        .map_err(|e: tokio_postgres::Error| UrlError::Postgres(e.to_string()))?;
    let ssl_mode = match (parts.ssl_mode, env("PGSSLMODE")) {
        (Some(m), _) => m,
        (None, Some(m)) => SslMode::parse(&m).ok_or(SetupError::EnvSslMode(m))?,
        (None, None) => SslMode::Prefer,
    };
    let root_cert = parts.root_cert.or_else(|| env("PGSSLROOTCERT"));
    let tls = tls::connector(ssl_mode, root_cert.as_deref())?;
    c.ssl_mode(tls::negotiation(ssl_mode));
    env_defaults(&mut c, env);
    Ok(Connect {
        config: c,
        tls,
        ssl_mode,
    })
}

/// What the URL left out, from the environment and libpq's defaults.
fn env_defaults(c: &mut tokio_postgres::Config, env: impl Fn(&str) -> Option<String>) {
    if c.get_hosts().is_empty() {
        let hosts = env("PGHOST").unwrap_or_else(|| "localhost".into());
        for h in hosts.split(',') {
            if h.starts_with('/') {
                c.host_path(h);
            } else {
                c.host(h);
            }
        }
    }
    if c.get_ports().is_empty()
        && let Some(p) = env("PGPORT").and_then(|p| p.parse().ok())
    {
        c.port(p);
    }
    if c.get_user().is_none() {
        let user = env("PGUSER")
            .or_else(|| env("USER"))
            .unwrap_or_else(|| "postgres".into());
        c.user(&user);
    }
    if c.get_password().is_none()
        && let Some(p) = env("PGPASSWORD")
    {
        c.password(p);
    }
    if c.get_dbname().is_none()
        && let Some(d) = env("PGDATABASE")
    {
        c.dbname(&d);
    }
    if c.get_options().is_none()
        && let Some(o) = env("PGOPTIONS")
    {
        c.options(&o);
    }
    if c.get_connect_timeout().is_none() {
        c.connect_timeout(Duration::from_secs(5));
    }
    c.application_name("bextd");
}

/// A connection pool (connections are made when first used, and made
/// again after the server went away).
pub fn pool(connect: &Connect) -> Result<Pool, SetupError> {
    let mgr = Manager::from_config(
        connect.config.clone(),
        connect.tls.clone(),
        ManagerConfig {
            recycling_method: RecyclingMethod::Fast,
        },
    );
    Pool::builder(mgr)
        .max_size(4)
        .runtime(Runtime::Tokio1)
        .create_timeout(Some(Duration::from_secs(5)))
        .wait_timeout(Some(Duration::from_secs(5)))
        .recycle_timeout(Some(Duration::from_secs(5)))
        .build()
        .map_err(|e| SetupError::Pool(e.to_string()))
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

    /// A connection for a statement made outside the task, once the schema
    /// is in place: a spawn reaching a node whose task is still creating
    /// the tables of a fresh store waits for them rather than failing on a
    /// missing relation.
    async fn conn(&self) -> Result<deadpool_postgres::Object, String> {
        let mut ready = self.ready.clone();
        let wait = tokio::time::timeout(task::STATEMENT_WAIT, ready.wait_for(|r| *r));
        if !matches!(wait.await, Ok(Ok(_))) {
            return Err(format!(
                "the jobs store is not ready: its tables are not in place after {} s (is PostgreSQL reachable?)",
                task::STATEMENT_WAIT.as_secs()
            ));
        }
        self.pool.get().await.map_err(|e| explain(&e))
    }
}

impl super::record::JobStore for Shared {
    /// Hands one write to the task (never waited on).
    fn save(&self, save: Save) {
        let _ = self.ops.send(task::Op::Save(Box::new(save)));
    }

    /// Writes what is queued (releases included), waiting at most `wait`.
    fn close(&self, wait: Duration) -> futures_util::future::BoxFuture<'_, ()> {
        Box::pin(async move {
            let (tx, rx) = tokio::sync::oneshot::channel();
            if self.ops.send(task::Op::Close(tx)).is_ok() {
                let _ = tokio::time::timeout(wait, rx).await;
            }
        })
    }
}

impl Shared {
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

    /// One job as stored, with its checkpoint and log.
    pub async fn load(&self, id: &str) -> Result<Option<Loaded>, String> {
        let c = self.conn().await?;
        sql::load(&c, id).await.map_err(|e| explain(&e))
    }

    /// Every job in the store, oldest first (at most `limit`).
    pub async fn list(&self, limit: i64) -> Result<Vec<JobInfo>, String> {
        let c = self.conn().await?;
        sql::list(&c, limit).await.map_err(|e| explain(&e))
    }

    /// One job with its checkpoint and log.
    pub async fn get(&self, id: &str) -> Result<Option<(JobInfo, String)>, String> {
        let l = self.load(id).await?;
        Ok(l.map(|l| (sql::info(&l, true), l.logs)))
    }

    /// Cancels a job this node does not hold: a queued one at once; one
    /// running elsewhere is cancelled by its node at its next renewal.
    pub async fn cancel(&self, id: &str) -> Result<JobState, String> {
        let c = self.conn().await?;
        sql::cancel(&c, id).await.map_err(|e| explain(&e))?
    }

    /// Runs a failed, discarded or cancelled job again (any node claims it).
    pub async fn retry(&self, id: &str) -> Result<JobState, String> {
        let c = self.conn().await?;
        sql::retry(&c, id).await.map_err(|e| explain(&e))?
    }

    /// Discards a queued or retryable job nobody holds.
    pub async fn discard(&self, id: &str) -> Result<JobState, String> {
        let c = self.conn().await?;
        sql::discard(&c, id).await.map_err(|e| explain(&e))?
    }

    /// Inserts a unique job (see [`sql::insert_unique`]) and wakes the
    /// nodes; returns the job of its key.
    pub async fn insert_unique(
        &self,
        row: &Row,
        since: u64,
        ever: bool,
    ) -> Result<(String, JobState), String> {
        let mut c = self.conn().await?;
        let r = sql::insert_unique(&mut c, row, since, ever, self.idle)
            .await
            .map_err(|e| explain(&e))?;
        let _ = c.execute("SELECT pg_notify('bext_jobs', '')", &[]).await;
        Ok(r)
    }
}
