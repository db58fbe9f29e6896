//! The hub: every read and command of bextd's two admin surfaces, the
//! HTTP admin paths and the control socket, written once over the running
//! pools, the job manager, the metrics and the reloader; and the one list
//! of what each surface offers, as calls on the [`Hub`]: [`http`] answers
//! the admin paths (`/__bext/*`, `/metrics`), [`control`] the control
//! socket's requests. The HTTP front and the control socket only carry
//! these answers, so a new read or command with its endpoint and its
//! request is written here, in this file alone.
//!
//! | read or command | HTTP | control request |
//! |---|---|---|
//! | [`Hub::workers`] | `/__bext/workers` | `Workers` |
//! | [`Hub::quarantined`] | `/__bext/quarantine` | `Quarantine` |
//! | [`Hub::jobs`] | `/__bext/jobs`, `/__bext/jobs/ID`, `/__bext/health` | `Jobs*` |
//! | [`Hub::readiness`] | `/__bext/ready` | |
//! | [`Hub::metrics_text`] | `/metrics` | |
//! | status page ([`status`], [`page`]) | `/__bext/` (HTML), `/__bext/app.js`, `/__bext/app.css`, `/__bext/history`, `/__bext/events` (SSE), `POST /__bext/actions` (with `admin_token`) | |
//! | [`Hub::restart`], [`Hub::maint`], [`Hub::message`], [`Hub::call`], [`Hub::swap`], [`Hub::clear_quarantine`], [`Hub::reload`] | | `Restart`, `Maint`, `Message`, `Call`, `Swap`, `QuarantineClear`, `Reload` |
//!
//! `daemon` builds it once the pools, the job manager and the reloader run.

pub mod page;
pub mod status;

use std::sync::Arc;

use protocol::control::{ControlReply, ControlRequest, Quarantined, WorkerStatus};

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
    /// A graceful stop began: readiness answers 503 from then on.
    stopping: std::sync::atomic::AtomicBool,
    /// The container's limits, read at start.
    limits: crate::cgroup::Limits,
    /// The pools' and slots' recent past, fed by the sampler.
    history: std::sync::Mutex<crate::history::History>,
    /// `[server] admin_token`: the status page's actions are on when set.
    admin_token: Option<crate::config::Secret>,
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
            admin_token: None,
        }
    }

    /// Turns the status page's actions on (`[server] admin_token`).
    pub fn with_admin_token(mut self, token: Option<crate::config::Secret>) -> Hub {
        self.admin_token = token;
        self
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

/// The answer to an admin path, for the front to send.
#[derive(Debug)]
pub enum HttpAnswer {
    /// `application/json` with this status.
    Json(u16, String),
    /// A short `text/plain` error with this status.
    Plain(u16, &'static str),
    /// The OpenMetrics text of `/metrics`.
    OpenMetrics(String),
    /// The status page (with its Content-Security-Policy).
    Html(String),
    /// An embedded file of the page, with its content type.
    Asset(&'static str, &'static str),
    /// A server-sent-events stream.
    Events(tokio::sync::mpsc::Receiver<bytes::Bytes>),
}

/// An admin request as the status page's paths need it.
#[derive(Debug, Default)]
pub struct AdminRequest<'a> {
    pub method: &'a str,
    pub path: &'a str,
    pub query: &'a str,
    /// `Last-Event-ID`, or the query's `last_event_id`.
    pub last_event_id: Option<u64>,
    pub origin: Option<&'a str>,
    pub host: Option<&'a str>,
    /// `X-Bext-Token`.
    pub token: Option<&'a str>,
    pub body: &'a [u8],
    pub peer: &'a str,
}

/// Answers an admin request: the status page's paths here, the rest by
/// [`http`]. `client` is the connection an event stream would go to.
pub async fn admin(
    hub: &Hub,
    req: &AdminRequest<'_>,
    client: Option<Arc<dyn crate::history::stream::Client>>,
) -> HttpAnswer {
    match req.path {
        "/__bext/" => {
            let rows = hub.workers().await;
            let view = status::view(hub, &rows).await;
            let events = crate::history::feed().since(0, 200);
            let history = hub.history.lock().unwrap();
            let o = page::Options::parse(req.query);
            HttpAnswer::Html(page::render(&view, &history, &events, &o))
        }
        "/__bext/app.js" => HttpAnswer::Asset("text/javascript; charset=utf-8", page::JS),
        "/__bext/app.css" => HttpAnswer::Asset("text/css; charset=utf-8", page::CSS),
        "/__bext/history" => history_json(hub, req.query),
        "/__bext/events" => {
            let Some(client) = client else {
                return HttpAnswer::Plain(400, "no connection to stream to");
            };
            let rows = hub.workers().await;
            let first = status::view(hub, &rows).await;
            let first = crate::history::stream::tick_text(&first.to_string());
            let feed = crate::history::feed();
            match crate::history::stream::open(feed, req.last_event_id, Some(first), client) {
                Ok(rx) => HttpAnswer::Events(rx),
                Err(crate::history::stream::Refused::TooMany) => {
                    HttpAnswer::Plain(503, "too many event streams are open")
                }
                Err(crate::history::stream::Refused::Stopping) => {
                    HttpAnswer::Plain(503, "bextd is stopping")
                }
            }
        }
        "/__bext/actions" => match status::vet(hub, req) {
            Ok(()) => {
                let (code, value) = status::act(hub, req.body, req.peer).await;
                HttpAnswer::Json(code, value.to_string())
            }
            Err((code, why)) => HttpAnswer::Plain(code, why),
        },
        path => http(hub, path).await,
    }
}

/// `/__bext/history?res=1s|30s&last=N&workers=0|1`.
fn history_json(hub: &Hub, query: &str) -> HttpAnswer {
    let mut res = crate::history::ring::Resolution::Fine;
    let mut last = usize::MAX;
    let mut slots = true;
    for (k, v) in query.split('&').filter_map(|kv| kv.split_once('=')) {
        match k {
            "res" => match crate::history::ring::Resolution::parse(v) {
                Some(r) => res = r,
                None => return HttpAnswer::Plain(400, "res must be 1s or 30s"),
            },
            "last" => match v.parse() {
                Ok(n) => last = n,
                Err(_) => return HttpAnswer::Plain(400, "last must be a count"),
            },
            "workers" => slots = v != "0",
            _ => {}
        }
    }
    let mut value = hub.history.lock().unwrap().json(res, last, slots);
    let feed = crate::history::feed();
    value["events"] = serde_json::to_value(
        feed.since(0, crate::history::feed::KEPT)
            .iter()
            .map(|e| &**e)
            .collect::<Vec<_>>(),
    )
    .unwrap_or_default();
    value["events_bytes"] = feed.bytes().into();
    let (open, dropped) = feed.stream_counts();
    value["streams"] = serde_json::json!({ "open": open, "dropped": dropped });
    ok(value)
}

/// Whether `path` is an admin path (answered by bextd, never by a worker).
pub fn is_admin_path(path: &str) -> bool {
    path.starts_with("/__bext/") || path == "/metrics"
}

/// Answers the admin path `path`.
pub async fn http(hub: &Hub, path: &str) -> HttpAnswer {
    match path {
        "/__bext/health" => {
            let jobs = hub.jobs().stats().await;
            ok(serde_json::json!({ "status": "ok", "jobs": jobs, "limits": hub.limits }))
        }
        "/__bext/jobs" => {
            let (jobs, stats) = hub.jobs().list().await;
            ok(serde_json::json!({ "jobs": jobs, "stats": stats }))
        }
        p if p.starts_with("/__bext/jobs/") => {
            match hub.jobs().get(&p["/__bext/jobs/".len()..]).await {
                Some(job) => ok(job),
                None => HttpAnswer::Plain(404, "no such job"),
            }
        }
        "/__bext/ready" => {
            let r = hub.readiness();
            let status = if r.ready { 200 } else { 503 };
            let body = serde_json::json!({
                "ready": r.ready,
                "pools_without_active_workers": r.pools_without_active_workers,
                "shutting_down": r.shutting_down,
            });
            HttpAnswer::Json(status, body.to_string())
        }
        "/__bext/quarantine" => ok(hub.quarantined()),
        "/__bext/workers" => ok(hub.workers().await),
        "/metrics" => HttpAnswer::OpenMetrics(hub.metrics_text().await),
        _ => HttpAnswer::Plain(404, "unknown admin path"),
    }
}

/// 200 with `value` as JSON.
fn ok(value: impl serde::Serialize) -> HttpAnswer {
    HttpAnswer::Json(200, serde_json::to_string(&value).unwrap_or_default())
}

/// Carries out one control request.
pub async fn control(req: ControlRequest, hub: &Hub) -> ControlReply {
    match req {
        ControlRequest::Workers => ControlReply::Workers {
            workers: hub.workers().await,
            limits: (hub.limits != crate::cgroup::Limits::default()).then_some(hub.limits),
        },
        ControlRequest::Restart { pool, worker } => {
            let n = hub.restart(pool.as_deref(), worker).await;
            reply(n, |workers| {
                tracing::info!(pool = pool.as_deref().unwrap_or("*"), worker = ?worker, workers, "restart requested over the control socket");
                ControlReply::Restarting { workers }
            })
        }
        ControlRequest::Maint { pool, data } => {
            let data = data.map(|d| d.to_string());
            let n = hub.maint(pool.as_deref(), data).await;
            reply(n, |workers| ControlReply::Maintaining { workers })
        }
        ControlRequest::Call { pool, params } => match hub.call(&pool, &params).await {
            Ok(Ok(value)) => ControlReply::Result { value },
            Ok(Err((code, message))) => ControlReply::CallFailed { code, message },
            Err(message) => ControlReply::Error { message },
        },
        ControlRequest::Message { pool, data } => {
            let n = hub.message(&pool, data.to_string()).await;
            reply(n, |workers| ControlReply::Sent { workers })
        }
        ControlRequest::Quarantine => ControlReply::Quarantine {
            entries: hub.quarantined(),
        },
        ControlRequest::Reload => match hub.reload("bext reload").await {
            Ok(changes) => ControlReply::Reloaded { changes },
            Err(problems) => ControlReply::ReloadFailed { problems },
        },
        ControlRequest::Swap { pool } => reply(hub.swap(pool.as_deref()).await, |workers| {
            tracing::info!(
                pool = pool.as_deref().unwrap_or("*"),
                workers,
                "hot-swap requested over the control socket"
            );
            ControlReply::Swapping { workers }
        }),
        ControlRequest::QuarantineClear { pool } => {
            reply(hub.clear_quarantine(pool.as_deref()), |signatures| {
                tracing::info!(
                    pool = pool.as_deref().unwrap_or("*"),
                    signatures,
                    "quarantine cleared over the control socket"
                );
                ControlReply::Cleared { signatures }
            })
        }
        ControlRequest::JobsSpawn { .. }
        | ControlRequest::JobsList
        | ControlRequest::JobsShow { .. }
        | ControlRequest::JobsCancel { .. }
        | ControlRequest::JobsLogs { .. } => jobs(req, hub).await,
    }
}

/// The `bext jobs` requests, through the job manager.
async fn jobs(req: ControlRequest, hub: &Hub) -> ControlReply {
    match req {
        ControlRequest::JobsSpawn {
            script,
            pool,
            daemon,
            memory_bytes,
            timeout_ms,
            data,
            retry_on_restart,
            cwd,
        } => {
            let req = crate::jobs::SpawnRequest {
                id: None,
                pool,
                script,
                cwd: cwd.map(std::path::PathBuf::from),
                daemon,
                memory_bytes,
                timeout_ms: timeout_ms.unwrap_or(0),
                data: data.unwrap_or(serde_json::Value::Null),
                retry_on_restart,
            };
            match hub.jobs().spawn(req).await {
                Ok((id, status)) => ControlReply::JobSpawned { id, status },
                Err(message) => ControlReply::Error { message },
            }
        }
        ControlRequest::JobsList => {
            let (jobs, stats) = hub.jobs().list().await;
            ControlReply::Jobs { jobs, stats }
        }
        ControlRequest::JobsShow { id } => match hub.jobs().get(&id).await {
            Some(job) => ControlReply::Job { job: Box::new(job) },
            None => no_job(&id),
        },
        ControlRequest::JobsCancel { id } => match hub.jobs().cancel(&id).await {
            Ok(status) => ControlReply::JobCancelling { id, status },
            Err(message) => ControlReply::Error { message },
        },
        ControlRequest::JobsLogs { id } => match hub.jobs().logs(&id).await {
            Some(logs) => ControlReply::JobLogs { id, logs },
            None => no_job(&id),
        },
        _ => unreachable!("control passes only jobs requests"),
    }
}

/// The reply for a count, or the error that prevented it.
fn reply(n: Result<u32, String>, ok: impl FnOnce(u32) -> ControlReply) -> ControlReply {
    match n {
        Ok(n) => ok(n),
        Err(message) => ControlReply::Error { message },
    }
}

fn no_job(id: &str) -> ControlReply {
    ControlReply::Error {
        message: format!("no job {id} (finished jobs are kept up to [jobs] keep_finished)"),
    }
}
